//! How games end and what they are worth: `Wins` and `Losses` lines,
//! resignations, actions after the end, and the result a finished game
//! adds to the match score.
//!
//! The value a result line writes is judged against the game by
//! [`crate::rules::result_line`] (the cube times 1, 2 or 3, a cap at what the
//! winner needed); this room adds what needs the replay (who won on the
//! board, automatic doubles, a Jacoby rule the file did not state) and
//! records the verdicts.

use super::recorder::{Pending, finding};
use super::replayer::Replayer;
use super::state::{Ending, frame};
use super::wording;
use crate::catalogue::{Code, Kind, Severity};
use crate::location::Location;
use crate::parse::{Action, ActionKind, Resignation};
use crate::rules::AnyBoard;
use crate::rules::outcome::win_kind;
use crate::rules::result_line::{
    Cap, ResignationValue, cap, judge_resignation, resignation_levels,
};
use crate::rules::score_line::WrittenResignation;
use crate::side::Side;

/// What a `Wins` line is judged against.
#[derive(Copy, Clone, Debug)]
struct WinsLine {
    /// How the game ended.
    end: Ending,
    /// The `Wins` line ended it: the double before it was dropped.
    implied_drop: bool,
    cube: u32,
    /// The position is not known.
    unknown: bool,
    /// The cube is not known.
    cube_unknown: bool,
    /// The points the winner needed.
    needed: u32,
    /// The match length, 0 for money.
    length: u32,
    /// The levels a resignation may have.
    levels: u32,
}

impl Replayer<'_, '_> {
    /// A `Wins N points` line: the winner, its value, and (when the value
    /// was not found wrong) the loser's `Losses` line compared with it.
    pub(super) fn wins_line(&mut self, action: &Action<'_>, points: Option<u32>, resigned: bool) {
        let before = self.recorder.findings.len();
        self.win(action, points, resigned);
        // One finding per wrong value: when `Wins` was found wrong
        // against the game, the `Losses` line is not compared.
        let judged = self
            .recorder
            .findings
            .get(before..)
            .unwrap_or_default()
            .iter()
            .any(|f| {
                matches!(
                    f.code,
                    Code::PointsMismatch | Code::ResignValue | Code::WinnerMismatch
                )
            });
        if let (false, Some(n)) = (judged, points) {
            self.compare_loss_line(action, n);
        }
    }

    /// A `Losses N points` line (Backgammon Galaxy).
    pub(super) fn loss_line(&mut self, action: &Action<'_>, points: Option<u32>) {
        let Some(g) = self.game() else { return };
        g.loss_points = g.loss_points.or(points);
        let own_row = action.row.is_none();
        if let Some(end) = g.over {
            if end.winner() == action.side && !own_row {
                let message = format!(
                    "the loss is written for {}, but {}",
                    self.name(action.side),
                    self.how_won(&end)
                );
                self.record(finding(Code::WinnerMismatch).at(action).message(message));
            }
        } else {
            let winner = action.side.other();
            g.over = Some(if own_row {
                Ending::LossLine { winner, points }
            } else {
                Ending::Resign { winner, points }
            });
            self.resolve_on_end(true);
        }
    }

    /// A `Losses` line (Galaxy writes one for the loser) must give the
    /// points the `Wins` line gives.
    fn compare_loss_line(&mut self, action: &Action<'_>, wins: u32) {
        let Some(g) = self.game() else { return };
        let Some(losses) = g.loss_points.filter(|&l| l != wins) else {
            return;
        };
        self.record(finding(Code::PointsMismatch).at(action).message(format!(
            "`Wins {wins}` but the loser's line says `Losses {losses}`"
        )));
    }

    /// The `Wins` line of `action`'s player, writing `written` points;
    /// `resigned` when the record says the game was resigned.
    fn win(&mut self, action: &Action<'_>, written: Option<u32>, resigned: bool) {
        let side = action.side;
        let stopped = self.stopped_playing(side);
        let Some(line) = self.end_by_wins_line(action, written) else {
            return;
        };
        let end = line.end;
        let resignation = matches!(end, Ending::Resign { .. }) || resigned;
        self.resolve_on_end(resignation);
        if line.implied_drop {
            let message = format!(
                "{doubler}'s double has no written answer and {doubler} is named the winner: taken as dropped by {}",
                self.name(side.other()),
                doubler = self.name(side)
            );
            self.record(
                finding(Code::DoubleUnanswered)
                    .at(action)
                    .severity(Severity::Info)
                    .message(message),
            );
        }
        if let Some(hidden) = stopped {
            // The player who stopped playing after his roll resigned: the
            // other won, whatever the line's value.
            let message = format!(
                "the {} names {name} as the winner, but {name} stopped playing after his roll (`{hidden}`, a resignation): {}",
                wording::result(self.format),
                self.how_won(&end),
                name = self.name(side)
            );
            self.record(finding(Code::WinnerMismatch).at(action).message(message));
            if let (Some(n), false) = (written, line.cube_unknown) {
                self.judge_resignation_value(action, &line, n);
            }
            return;
        }
        if end.winner() != side {
            let message = format!(
                "the {} names {} as the winner, but {}",
                wording::result(self.format),
                self.name(side),
                self.how_won(&end)
            );
            self.record(finding(Code::WinnerMismatch).at(action).message(message));
            return;
        }
        let Some(n) = written else {
            if matches!(end, Ending::Resign { points: None, .. }) {
                self.note_unvalued(action, side);
            }
            return;
        };
        match end {
            Ending::BearOff { winner, points }
                if n != points && self.automatic_explains(n, points) =>
            {
                // The game started above cube 1 from automatic doubles.
                if let Some(g) = self.game() {
                    g.over = Some(Ending::BearOff { winner, points: n });
                }
            }
            Ending::BearOff { points, .. } | Ending::Drop { points, .. } if n != points => {
                self.judge_game_value(action, &line, n, points);
            }
            Ending::Resign { .. } if !line.cube_unknown => {
                self.judge_resignation_value(action, &line, n);
            }
            _ => {}
        }
    }

    /// A `Wins` line of `side` while his own roll, the last action of the
    /// game, is hidden (`66: ????`): the roll of a player who resigned. The
    /// hidden cell as written. (A roll not seen at all, `????` without dice,
    /// may be the winner's last one.)
    fn stopped_playing(&mut self, side: Side) -> Option<String> {
        let g = self.game()?;
        if g.over.is_some() {
            return None;
        }
        let hidden = g.pending.iter().find_map(|p| match p {
            Pending::Hidden(hidden) if hidden.side == side && hidden.dice.is_some() => {
                Some(hidden.text.clone())
            }
            _ => None,
        })?;
        // He resigned: the game is his opponent's, at a value only the next
        // score line can give.
        g.over = Some(Ending::Resign {
            winner: side.other(),
            points: None,
        });
        g.doubtful_points = true;
        Some(hidden)
    }

    /// How the game of a `Wins` line by `action`'s player ended: the line
    /// names the winner of a margin `Losses` line or of a resignation
    /// written as accepted, ends the game by a drop (a double was pending)
    /// or by a resignation (the game was not over).
    fn end_by_wins_line(&mut self, action: &Action<'_>, written: Option<u32>) -> Option<WinsLine> {
        let side = action.side;
        let m = self.current.as_mut()?;
        let needed = m.score.needed(side);
        let length = m.rules.length;
        let jacoby = m.rules.scoring().jacoby;
        let g = m.game.as_mut()?;
        let mut implied_drop = false;
        if let Some(Ending::LossLine { points, .. }) = g.over {
            // The `Wins` line names the winner; the margin `Losses` line did not.
            g.over = Some(Ending::Resign {
                winner: side,
                points: points.or(written),
            });
        }
        if let (Some(Ending::Resign { winner, .. }), Some(whole_match)) = (g.over, g.accepted)
            && winner != side
        {
            // A resignation written as accepted in the other column: that
            // producer writes it in the resigner's column, and the `Wins`
            // line names the winner.
            g.over = Some(Ending::Resign {
                winner: side,
                points: whole_match.then_some(needed),
            });
        }
        if g.over.is_none() {
            if let Some(offer) = g.offer.filter(|o| o.by == side) {
                // The doubler's `Wins` line: the double was dropped.
                g.offer = None;
                g.over = Some(Ending::Drop {
                    winner: side,
                    points: offer.on_drop,
                });
                implied_drop = true;
            } else {
                g.over = Some(Ending::Resign {
                    winner: side,
                    points: written,
                });
            }
        }
        if g.written_points.is_none() && written.is_some() {
            g.written_points = written;
            g.written_at = Some(action.location);
        }
        if written.is_some() {
            g.unvalued = None;
        }
        Some(WinsLine {
            end: g.over?,
            implied_drop,
            cube: g.cube.value,
            unknown: g.unknown,
            cube_unknown: g.cube_unknown,
            needed,
            length,
            // Under the Jacoby rule, with the cube never turned, a resigned
            // gammon or backgammon counts single.
            levels: resignation_levels(jacoby, g.cube_turned),
        })
    }

    /// `Wins n` for a game played out or dropped, worth `points`.
    fn judge_game_value(&mut self, action: &Action<'_>, line: &WinsLine, n: u32, points: u32) {
        if let Some(cap) = cap(n, points, line.length, line.needed) {
            let what = match cap {
                Cap::Needed(needed) => format!(
                    "the {needed} point(s) {} needed",
                    self.name(line.end.winner())
                ),
                Cap::MatchLength(length) => format!("the match length of {length}"),
            };
            self.record(
                finding(Code::PointsMismatch)
                    .at(action)
                    .severity(Severity::Info)
                    .message(format!(
                        "`Wins {n}` where the game is worth {points}: the value is capped at {what}"
                    )),
            );
        } else if line.unknown {
            // The position is not known: the game's value is not either.
        } else if self.jacoby_explains(n, points) {
            self.record(
                finding(Code::AssumedRule)
                    .kind(Kind::Jacoby)
                    .at(action)
                    .message(format!("the file does not say whether the Jacoby rule was in force; `Wins {n}` for a game worth {points} with the cube never turned fits it, so it is taken as on")),
            );
        } else {
            self.record(
                finding(Code::PointsMismatch)
                    .at(action)
                    .message(format!("`Wins {n}` but the game is worth {points}")),
            );
        }
    }

    /// `Wins n` for a resignation.
    fn judge_resignation_value(&mut self, action: &Action<'_>, line: &WinsLine, n: u32) {
        let (cube, needed) = (line.cube, line.needed);
        let verdict = judge_resignation(n, cube, line.levels, line.length, needed, |value| {
            self.automatic_start(value).is_some()
        });
        match verdict {
            ResignationValue::Fits => {}
            ResignationValue::ConcedesMatch => {
                let winner = line.end.winner();
                let message = format!(
                    "{}'s resignation concedes the match: it is worth the {needed} point(s) {} needed",
                    self.name(winner.other()),
                    self.name(winner)
                );
                let index = self.record(
                    finding(Code::ResignValue)
                        .kind(Kind::Match)
                        .at(action)
                        .message(message),
                );
                if let Some(m) = self.current.as_mut() {
                    m.concession = Some((index, needed));
                }
            }
            ResignationValue::Capped => {
                let message = format!(
                    "`Wins {n}`: the resignation's value is capped at the {needed} point(s) {} needed",
                    self.name(line.end.winner())
                );
                self.record(
                    finding(Code::PointsMismatch)
                        .at(action)
                        .severity(Severity::Info)
                        .message(message),
                );
            }
            ResignationValue::Wrong => {
                if let Some(g) = self.game() {
                    g.doubtful_points = true;
                }
                self.record(finding(Code::ResignValue).at(action).message(format!(
                    "a resignation worth {n} with the cube at {cube}: a resignation is worth 1, 2 or 3 times the cube"
                )));
            }
        }
    }

    /// True when `written` is `computed` times the factor of some number of
    /// automatic doubles (the cube was never turned in the game).
    fn automatic_explains(&self, written: u32, computed: u32) -> bool {
        let Some(g) = self.game_ref() else {
            return false;
        };
        let cube = g.cube.value.max(1);
        computed.is_multiple_of(cube)
            && written.is_multiple_of(computed / cube)
            && self.automatic_start(written / (computed / cube)).is_some()
    }

    /// In a money session with the Jacoby rule not stated, a gammon recorded
    /// as a single game with the cube centred shows the rule was on.
    fn jacoby_explains(&mut self, written: u32, computed: u32) -> bool {
        let Some(m) = self.current.as_mut() else {
            return false;
        };
        let Some(g) = m.game.as_ref() else {
            return false;
        };
        if m.rules.length != 0 || !m.rules.jacoby.assumed() || m.rules.jacoby.value || g.cube_turned
        {
            return false;
        }
        if written != g.cube.value || computed <= written {
            return false;
        }
        m.rules.jacoby.value = true;
        true
    }

    /// A resignation cell: in the resigner's column, or written as accepted
    /// (`Resigned Game`, `Resigned Match`) in the winner's.
    pub(super) fn resign(&mut self, action: &Action<'_>, how: Resignation) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let winner = match how {
            Resignation::Level(_) | Resignation::Game => side.other(),
            Resignation::AcceptedGame | Resignation::AcceptedMatch => side,
        };
        let needed = m.score.needed(winner);
        let Some(g) = m.game.as_mut() else { return };
        if g.over.is_some() {
            return;
        }
        let value = match how {
            Resignation::Level(level) => Some(g.cube.value * u32::from(level.clamp(1, 3))),
            Resignation::AcceptedMatch => Some(needed),
            Resignation::Game | Resignation::AcceptedGame => None,
        };
        g.over = Some(Ending::Resign {
            winner,
            points: value,
        });
        if matches!(how, Resignation::AcceptedGame | Resignation::AcceptedMatch) {
            g.accepted = Some(how == Resignation::AcceptedMatch);
        }
        self.resolve_on_end(true);
        if value.is_none() {
            self.note_unvalued(action, side);
        }
    }

    /// A resignation with no value, written in `side`'s column: noted at the
    /// end of the game unless a `Wins` line gives the value.
    fn note_unvalued(&mut self, action: &Action<'_>, side: Side) {
        if self.game().is_some_and(|g| g.unvalued.is_some()) {
            return;
        }
        let f = self.complete(
            finding(Code::ResignValue)
                .kind(Kind::Missing)
                .at(action)
                .side(Some(side))
                .message(format!(
                    "the resignation's value is not written; the next game's {} is taken as it is",
                    wording::score(self.format)
                )),
        );
        if let Some(g) = self.game() {
            g.unvalued = Some(Box::new(f));
        }
    }

    /// An action after the game was over: reported once; true when the game
    /// was over (the action is not replayed).
    pub(super) fn after_end(&mut self, action: &Action<'_>) -> bool {
        let Some(g) = self.game() else { return false };
        if g.over.is_none() {
            return false;
        }
        // The doubler rolls on after the drop, as after a take: the drop
        // was a take written wrong (one finding), and the game goes on.
        if let Some((offer, at)) = g.dropped.take()
            && !g.after_end_reported
            && offer.by == action.side
            && matches!(action.kind, ActionKind::Roll { .. })
        {
            g.over = None;
            g.cube.take(offer.owner_after_take, offer.offered);
            g.cube_turned = true;
            g.next = Some(action.side);
            self.record(
                finding(Code::ActionsAfterEnd)
                    .at(action)
                    .message(format!(
                        "play goes on after the drop at line {}, as after a take: the drop was probably a take (read as one)",
                        at.line
                    )),
            );
            return false;
        }
        if !g.after_end_reported {
            g.after_end_reported = true;
            self.record(
                finding(Code::ActionsAfterEnd)
                    .at(action)
                    .message("an action after the game was over"),
            );
        }
        true
    }

    /// Ends the current game (its last line before `last`): replays it,
    /// settles what waited for its end and adds its result to the match.
    pub(super) fn end_current_game(&mut self, last: Location) {
        self.run_game();
        let Some(over) = self.game_ref().map(|g| g.over) else {
            return;
        };
        self.resolve_on_end(matches!(over, Some(Ending::Resign { .. })));
        let skill_context = self
            .current
            .as_ref()
            .is_some_and(|m| m.summary.skill.is_some())
            .then(|| self.skill_context())
            .flatten();
        // What the rest reads of the game, taken before it is dropped in
        // place (no move of the whole state).
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let Some(g) = m.game.as_mut() else {
            return;
        };
        let unvalued = g.unvalued.take();
        let g = Ended {
            number: g.number,
            board: g.board,
            unknown: g.unknown,
            cube: g.cube.value,
            written_points: g.written_points,
            written_at: g.written_at,
            doubtful_points: g.doubtful_points,
        };
        m.game = None;
        if let Some(f) = unvalued {
            self.push(*f);
        }
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let mut recorded = None;
        if let Some(end) = over {
            let winner = end.winner();
            let computed = end.points().unwrap_or(0);
            let written = g.written_points;
            let points = match end {
                Ending::Resign { .. } => written.or(end.points()).unwrap_or(0),
                _ => computed,
            };
            m.score.record(winner, points);
            recorded = Some((winner, points));
            m.last_resign = match (end, written, g.written_at) {
                (Ending::Resign { .. }, Some(w), Some(at)) => {
                    // A loser who has borne off cannot lose a gammon.
                    let most = frame(&g.board, winner)
                        .backgammon()
                        .filter(|_| !g.unknown)
                        .map_or(3, |p| win_kind(&p).multiplier());
                    let resignation = WrittenResignation {
                        winner,
                        written: w,
                        cube: g.cube,
                        most,
                    };
                    Some((resignation, at))
                }
                _ => None,
            };
            if let Some(replayed) = m.replayed.as_mut() {
                replayed[winner] = replayed[winner].saturating_add(points);
            }
            m.alt_expected = match (written, end) {
                (Some(w), Ending::BearOff { .. } | Ending::Drop { .. }) if w != computed => {
                    let mut s = m.score.scores;
                    s[winner] = s[winner] - points + w;
                    Some(s)
                }
                _ => None,
            };
        } else {
            m.alt_expected = None;
            m.last_resign = None;
        }
        if let Some(context) = skill_context {
            let points = recorded.map_or(0, |(_, p)| p);
            self.tally_game_end(context, recorded.map(|(w, _)| w), points);
        }
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.result_unknown = g.doubtful_points
            || match over {
                None => true,
                Some(end) => end.points().is_none() && g.written_points.is_none(),
            };
        if over.is_none() {
            let index = self.record(
                finding(Code::GameUnfinished)
                    .located(last)
                    .game(g.number)
                    .message(format!(
                        "the game stops with no bear-off, drop, resignation or {}",
                        wording::result(self.format)
                    )),
            );
            self.recorder.unfinished = Some(index);
        }
    }

    /// Ends the current match (its last line before `last`): its last
    /// game, whether it was finished, its summary.
    pub(super) fn close_match(&mut self, last: Location) {
        self.end_current_game(last);
        let Some(mut m) = self.current.take() else {
            return;
        };
        // The last game's score line disagreed with the replay, and no later
        // line settles it: what depends on it is not certain.
        m.score_dispute = None;
        // A mistyped score line adopted from the record must not make the
        // match look unfinished when the replay's own count finished it.
        let replay_finished = m
            .replayed
            .is_some_and(|r| r.first >= m.rules.length || r.second >= m.rules.length);
        if m.games == 0 {
            // A match line with nothing after it: nothing was checked, and
            // the file must not pass as clean.
            let what = if m.rules.length > 0 {
                format!("{}-point match", m.rules.length)
            } else {
                "money session".to_owned()
            };
            self.record(
                finding(Code::MatchUnfinished)
                    .located(last)
                    .message(format!(
                        "the {what} holds no game: the record ends after its match line"
                    )),
            );
        } else if m.rules.length > 0 && !m.score.is_over() && !replay_finished {
            self.record(
                finding(Code::MatchUnfinished)
                    .located(last)
                    .message(format!(
                        "the record ends at {}-{} before anyone reached {} points",
                        m.score.scores.first, m.score.scores.second, m.rules.length
                    )),
            );
        }
        if let Some(skill) = m.summary.skill.as_deref_mut() {
            skill.complete();
        }
        m.summary.final_score = m.score.scores;
        m.summary.rules = Some(m.rules);
        m.summary.dialect = Some(self.clues.dialect());
        m.summary.winner = m.score.winner().map(|s| m.summary.players[s].name.clone());
        // The per-player report sorts findings into its own columns from
        // the findings themselves.
        for f in &self.recorder.findings[m.first_finding.min(self.recorder.findings.len())..] {
            m.summary.findings.add(f.severity);
        }
        self.matches.push(m.summary);
    }
}

/// What ending a game reads of its state once the game is closed.
struct Ended {
    number: Option<u32>,
    board: AnyBoard,
    unknown: bool,
    cube: u32,
    written_points: Option<u32>,
    written_at: Option<Location>,
    doubtful_points: bool,
}
