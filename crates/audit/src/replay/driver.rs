//! The replayer: a [`Visitor`] that keeps each game's events as the reader
//! gives them and replays the game when it ends, sending each action to the
//! room that judges it.
//!
//! | the record says      | judged in      |
//! | -------------------- | -------------- |
//! | a game header        | `score_lines`  |
//! | a roll               | `turns`, then `plays` or `dumps` |
//! | a cube action        | `cube`         |
//! | `Wins`, `Losses`, a resignation | `results` |
//! | a position set-up    | `dumps`        |
//! | a reading problem    | here           |
//!
//! Findings are built in `recorder`, completed from the match state and
//! kept (`MatchState::record`), those that wait on what follows settled in
//! `settle`; `typo` replays a game again under other readings of its
//! illegal plays. No file names this one.

use super::dialect::Clues;
use super::in_force::{RulesInForce, parse_variant};
use super::recorder::{Recorder, finding};
use super::replayer::Replayer;
use super::state::{GameEvent, GameStart, MatchState, RowGap, complete, holds_heap};
use crate::finding::Severity;
use crate::location::Location;
use crate::parse::producer::Producer;
use crate::parse::{
    Action, ActionKind, Analysis, Format, GameHeader, MatchHeader, Problem, ProblemKind, Visitor,
    Written,
};

/// The events as read, in their file's terms (a match of a file read on
/// its own comes through [`crate::parse::match_text::read_match_text`], which moves
/// them); an action is copied once, as it is kept.
impl<'a> Visitor<'a> for Replayer<'_, 'a> {
    fn begin_match(&mut self, header: &MatchHeader<'a>) {
        self.match_begins(header);
    }

    fn begin_game(&mut self, header: &GameHeader<'a>) {
        self.game_begins(header);
    }

    fn action(&mut self, action: &Action<'a>) {
        // The common action: a written play in a game: copied without the general clone, its clues
        // gathered last (the play's text search, out of line, then needs
        // no value kept across it).
        if let ActionKind::Roll {
            dice,
            play: Written::Moves(notation),
        } = &action.kind
            && self.game_ref().is_some()
        {
            self.events.push_action(
                Action {
                    location: action.location,
                    side: action.side,
                    row: action.row,
                    text: action.text,
                    kind: ActionKind::Roll {
                        dice: *dice,
                        play: Written::Moves(*notation),
                    },
                },
                false,
            );
            self.clues.written_play(action);
            return;
        }
        self.other_action(action);
    }

    fn end_game(&mut self, last: Location) {
        self.end_current_game(last);
    }

    fn end_match(&mut self, last: Location) {
        self.close_match(last);
    }

    fn analysis(&mut self, analysis: Analysis) {
        self.keep_analysis(analysis);
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        let problem = problem.clone();
        if self.game_ref().is_some() {
            // Kept in order with the game's actions.
            self.events.push_problem(problem);
        } else {
            self.reading_problem(&problem);
        }
    }
}

impl<'a> Replayer<'_, 'a> {
    /// Any action but the common one of [`Visitor::action`].
    #[inline(never)]
    fn other_action(&mut self, action: &Action<'a>) {
        let location = action.location;
        if self.game_ref().is_none() {
            // An action before any game header (a match is opened for
            // it if none is): the reader reported the header problem.
            self.ensure_match(location);
            return;
        }
        // The clues read the column.
        self.clues.action(action);
        // A written play (most actions) copied without the general clone.
        if let ActionKind::Roll {
            dice,
            play: Written::Moves(notation),
        } = &action.kind
        {
            let kind = ActionKind::Roll {
                dice: *dice,
                play: Written::Moves(*notation),
            };
            self.events.push_action(
                Action {
                    location,
                    kind,
                    ..*action
                },
                false,
            );
        } else {
            let heap = holds_heap(&action.kind);
            self.events.push_action(
                Action {
                    location,
                    ..action.clone()
                },
                heap,
            );
        }
    }

    /// A match begins (its locations in the file).
    fn match_begins(&mut self, header: &MatchHeader<'a>) {
        if self.current.is_some() {
            self.close_match(header.location);
        }
        // Not the last game of the file: an unfinished game stays a warning.
        self.recorder.unfinished = None;
        self.match_count += 1;
        let rules = RulesInForce::resolve(header, &self.options.flags);
        let unknown_tag = header
            .tags
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case("Variation"))
            .filter(|t| parse_variant(t.value).is_none());
        let variant_unknown = unknown_tag.is_some() && rules.variant.assumed();
        let mut state = MatchState::new(
            self.match_count,
            header.length,
            rules,
            variant_unknown,
            self.recorder.findings.len(),
        );
        state.producer = Producer::of(header);
        self.format = header.format;
        self.skill_engine = match header.format {
            Format::Xg => "eXtreme Gammon".to_owned(),
            _ => super::skill::engine_name(header.tag("AP")),
        };
        self.clues = Clues::of_match(header);
        state.summary.site = header
            .tag("Site")
            .map(str::trim)
            .filter(|site| !site.is_empty())
            .map(str::to_owned);
        self.current = Some(state);
        if let Some(tag) = unknown_tag {
            let (severity, what) = if variant_unknown {
                (
                    Severity::Warning,
                    "no play of this match is judged (cube actions and scores are)".to_owned(),
                )
            } else {
                (
                    Severity::Info,
                    format!(
                        "the --variant flag's {} is taken",
                        rules.variant.value.name()
                    ),
                )
            };
            self.record(
                finding(crate::catalogue::Code::Unsupported)
                    .located(tag.location)
                    .severity(severity)
                    .message(format!(
                        "the Variation tag names `{}`, a game bgaudit does not know (it knows backgammon, Nackgammon, Hypergammon 1-3 and Plakoto): {what}",
                        tag.value.trim()
                    )),
            );
        }
    }

    /// A game begins (its locations in the file).
    fn game_begins(&mut self, header: &GameHeader<'a>) {
        self.ensure_match(header.location);
        self.clues.game(header);
        self.end_current_game(header.location);
        self.recorder.unfinished = None;
        self.hand_on_settled(header.location.byte);
        self.open_game(header);
        let Some(state) = self.current.as_ref() else {
            self.game_start = None;
            return;
        };
        let (findings, hit_marks, trace) = (
            self.recorder.findings.len(),
            self.recorder.hit_mark_findings.len(),
            self.trace.len(),
        );
        let start = GameStart {
            state: state.snapshot(),
            findings,
            hit_marks,
            trace,
        };
        // Kept in the box of an earlier game when there is one.
        self.game_start = Some(match self.spare_start.take() {
            Some(mut reused) => {
                *reused = start;
                reused
            }
            None => Box::new(start),
        });
    }

    /// Actions before any match line belong to a money session.
    fn ensure_match(&mut self, location: Location) {
        if self.current.is_none() {
            self.match_begins(&MatchHeader {
                location,
                length: 0,
                tags: Vec::new(),
                format: Format::Mat,
            });
        }
    }

    /// Replays the current game's events.
    pub(super) fn process(&mut self, events: &[GameEvent<'a>]) {
        self.judging.begin_replay();
        // Analysed records only: each analysis joined to the replay where
        // it was read.
        let analysed = !self.analyses.is_empty();
        let (mut next, mut illegal) = (0, false);
        if analysed {
            self.skill_game.clear();
        }
        for (i, event) in events.iter().enumerate() {
            self.judging.event_index = i;
            // The findings of this event start here (analysed games only).
            let first = if analysed {
                self.recorder.findings.len()
            } else {
                0
            };
            if analysed {
                next = self.join_analyses(next, i, illegal);
                if self.options.blunders {
                    self.note_play(event);
                }
            }
            match event {
                GameEvent::Action(action) => {
                    if !matches!(action.kind, ActionKind::SetPosition(_))
                        && self.game_ref().is_some_and(|g| g.empty_roll.is_some())
                    {
                        // The deferred empty roll, settled first, may move
                        // the board: kept as this event starts.
                        self.keep_event_start();
                        self.flush_empty_roll();
                    }
                    if self.tracing {
                        self.act_traced(action);
                    } else {
                        self.act(action);
                    }
                    self.note_row(action);
                }
                GameEvent::Problem(problem) => self.reading_problem(problem),
            }
            if analysed {
                illegal = self.play_found_illegal(event, first);
            }
        }
        self.flush_empty_roll();
        if analysed {
            self.join_analyses(next, events.len(), illegal);
        }
    }

    /// Keeps the board as the event being replayed starts, unless kept
    /// already: whatever is settled before its play is judged (a deferred
    /// empty roll, an ambiguous play, a dump in doubt, pending findings)
    /// may move it, and the typo analysis starts from it. Only the general
    /// path needs it: the short paths judge from the board as it stands.
    fn keep_event_start(&mut self) {
        let i = self.judging.event_index;
        if self.judging.event_start.is_some_and(|(kept, _)| kept == i) {
            return;
        }
        if let Some(g) = self.game_ref()
            && !g.unknown
        {
            self.judging.event_start = Some((i, g.board));
        }
    }

    /// Acts, recording the positions around the action.
    fn act_traced(&mut self, action: &Action<'a>) {
        let dice = match &action.kind {
            ActionKind::Roll { dice, .. } => *dice,
            _ => None,
        };
        let mut step = self.trace_step(action, dice);
        step.before = self.view(action.side);
        self.act(action);
        step.after = self.view(action.side);
        self.trace.push(step);
    }

    /// Sends an action to the room that judges it.
    fn act(&mut self, action: &Action<'a>) {
        // The common case: a play to judge and nothing else to settle.
        match &action.kind {
            ActionKind::Roll {
                dice: Some(roll),
                play: Written::Moves(notation),
            } if self.plain_play(action, *roll, notation) => return,
            ActionKind::Roll {
                dice: Some(roll),
                play: Written::Empty,
            } if self.plain_empty_roll(action, *roll) => return,
            _ => {}
        }
        // Nothing has moved the board since the event started unless a
        // deferred empty roll was settled (which kept it then).
        self.keep_event_start();
        match &action.kind {
            ActionKind::Win {
                points, resigned, ..
            } => self.wins_line(action, *points, *resigned),
            ActionKind::Loss(points) => self.loss_line(action, *points),
            _ if self.after_end(action) => {}
            ActionKind::Roll { dice, play } => self.roll(action, *dice, play),
            ActionKind::Double(n) => self.double(action, *n),
            ActionKind::Beaver(n) => self.beaver(action, *n, false),
            ActionKind::Raccoon(n) => self.beaver(action, *n, true),
            ActionKind::Take => self.answer(action, true),
            ActionKind::Drop => self.answer(action, false),
            ActionKind::Resign(how) => self.resign(action, *how),
            ActionKind::SetPosition(dump) => self.set_position(action, dump),
        }
    }

    /// A reading problem: [`reading_problem`] in the match being replayed,
    /// and an unreadable file's message kept.
    fn reading_problem(&mut self, problem: &Problem<'_>) {
        if problem.kind == ProblemKind::Unreadable {
            self.unreadable = Some(problem.message.clone());
        }
        let number = self.match_count;
        reading_problem(self.current.as_mut(), number, &mut self.recorder, problem);
    }

    /// Keeps the row number of `action`; a row numbered like the row after
    /// a jump, on a later line, shows the jump was a numbering slip.
    fn note_row(&mut self, action: &Action<'_>) {
        let Some(row) = action.row else { return };
        if let Some(g) = self.game() {
            if g.row_gap
                .is_some_and(|gap| gap.written == row && action.location.line > gap.line)
            {
                g.row_gap = None;
            }
            g.last_row = Some(row);
        }
    }
}

/// A reading problem in match `m`, numbered `number` (none before any
/// match line): a finding kept in `rec` and, for a cell that could not be
/// read in a player's turn, the position (and maybe the cube) of `m`'s game
/// unknown from there on; a jump in the row numbers noted, for a later row
/// to show whether it was a slip.
fn reading_problem(
    mut m: Option<&mut MatchState>,
    number: u32,
    rec: &mut Recorder,
    problem: &Problem<'_>,
) {
    let mut message = problem.message.clone();
    if matches!(
        problem.kind,
        ProblemKind::UnparsableCell | ProblemKind::Unsupported
    ) && let Some(side) = problem.side
        && let Some(g) = m.as_deref_mut().and_then(|m| m.game.as_mut())
        && !g.unknown
        && g.over.is_none()
    {
        g.unknown = true;
        g.next = Some(side.other());
        message.push_str("; the rest of this game cannot be checked");
    }
    if problem.kind == ProblemKind::UnparsableCell
        && let Some(side) = problem.side
        && let Some(g) = m.as_deref_mut().and_then(|m| m.game.as_mut())
    {
        // It may have been a double: answers and values that depend on
        // the cube are not judged from here on.
        g.cube_unknown = true;
        // In the turn of a player a double waits on, it was his answer.
        if g.offer.is_some_and(|offer| offer.by != side) {
            g.offer = None;
        }
    }
    let draft = finding(problem.kind.code())
        .located(problem.location)
        .side(problem.side)
        .row(problem.row)
        .text(problem.text)
        .about_record()
        .message(message);
    let draft = if matches!(
        problem.kind,
        ProblemKind::Unreadable | ProblemKind::Encoding
    ) {
        draft.file_level()
    } else {
        draft
    };
    let index = rec.keep(complete(m.as_deref(), number, draft));
    if problem.kind == ProblemKind::Numbering
        && let Some(written) = problem.row
        && let Some(g) = m.and_then(|m| m.game.as_mut())
        && let before = g.last_row.unwrap_or(0)
        && written > before.saturating_add(1)
        && !g.unknown
        && g.over.is_none()
    {
        g.row_gap = Some(RowGap {
            finding: index,
            before,
            written,
            line: problem.location.line,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Recorder, reading_problem};
    use crate::catalogue::Code;
    use crate::location::Location;
    use crate::parse::{Problem, ProblemKind};
    use crate::replay::judging::PLAIN_PLAYS;
    use crate::replay::state::open_match;
    use crate::replay::{FileReport, Options, check_bytes};
    use crate::side::Side;
    use std::path::{Path, PathBuf};

    /// A problem of `kind` in `side`'s column at line `line`, row `row`.
    fn problem(kind: ProblemKind, side: Side, line: u32, row: u32) -> Problem<'static> {
        Problem {
            location: Location {
                line,
                ..Location::START
            },
            kind,
            text: "52: 13/8 1?/11",
            message: "the cell cannot be read".to_owned(),
            side: Some(side),
            row: Some(row),
        }
    }

    /// A cell that cannot be read in a player's turn: a finding, and the
    /// position and the cube unknown from there on, the turn passed.
    #[test]
    fn an_unreadable_cell_leaves_the_game_unknown() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let cell = problem(ProblemKind::UnparsableCell, Side::First, 9, 4);
        reading_problem(Some(&mut m), 1, &mut rec, &cell);
        let g = m.game.as_ref().unwrap();
        assert!(g.unknown && g.cube_unknown);
        assert_eq!(g.next, Some(Side::Second));
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, ProblemKind::UnparsableCell.code());
        assert_eq!((f.match_number, f.player.as_deref()), (1, Some("Omar")));
        assert!(
            f.message
                .ends_with("; the rest of this game cannot be checked")
        );
    }

    /// A jump in the row numbers waits for a later row to show whether it
    /// was a slip; before any match, a problem is only a finding.
    #[test]
    fn a_row_jump_is_noted_and_a_problem_before_any_match_recorded() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().last_row = Some(3);
        let jump = problem(ProblemKind::Numbering, Side::First, 9, 6);
        reading_problem(Some(&mut m), 1, &mut rec, &jump);
        let gap = m.game.as_ref().unwrap().row_gap.unwrap();
        assert_eq!(
            (gap.finding, gap.before, gap.written, gap.line),
            (0, 3, 6, 9)
        );
        let cell = problem(ProblemKind::UnparsableCell, Side::First, 2, 1);
        reading_problem(None, 0, &mut rec, &cell);
        assert_eq!(rec.findings.len(), 2);
        assert_eq!(rec.findings[1].match_number, 0);
        assert_ne!(rec.findings[1].code, Code::MatchUnfinished);
    }

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    fn check(path: &Path, bytes: &[u8], options: &Options, plain: bool) -> FileReport {
        PLAIN_PLAYS.with(|p| p.set(plain));
        let report = check_bytes(&path.to_string_lossy(), bytes, options);
        PLAIN_PLAYS.with(|p| p.set(true));
        report
    }

    /// The short path for plays in the common state gives what the general
    /// path gives: every finding, summary and (for the fixtures and the
    /// self-play records) every traced position, on the fixtures and the
    /// shared corpora.
    #[test]
    fn plain_plays_replay_as_the_general_path_does() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let shared = root.join("../shared/corpus");
        let mut traced = Vec::new();
        files(&root.join("fixtures"), &mut traced);
        files(&shared.join("gnubg-selfplay"), &mut traced);
        files(&shared.join("xg"), &mut traced);
        let mut plain = Vec::new();
        files(&shared.join("real"), &mut plain);
        let with_trace = Options {
            trace: true,
            ..Options::default()
        };
        let mut plays = 0;
        for (paths, options) in [(&traced, &with_trace), (&plain, &Options::default())] {
            for path in paths {
                let Ok(bytes) = std::fs::read(path) else {
                    continue;
                };
                let fast = check(path, &bytes, options, true);
                let general = check(path, &bytes, options, false);
                assert!(fast == general, "{}", path.display());
                plays += fast.matches.iter().map(|m| m.plays).sum::<u32>();
            }
        }
        assert!(plays > 0 || traced.is_empty());
    }
}
