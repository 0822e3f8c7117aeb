//! The end of a game, once it is replayed: what waited for its end
//! settled, its result added to the match score; and the end of a match:
//! whether it was finished, and its summary.

use super::super::MatchSummary;
use super::super::recorder::{Recorder, finding};
use super::super::replayer::Replayer;
use super::super::settle::resolve_on_end;
use super::super::skill::{skill_context, tally_game_end};
use super::super::state::{Ending, MatchState, frame};
use super::super::wording;
use crate::catalogue::Code;
use crate::location::Location;
use crate::parse::Format;
use crate::rules::AnyBoard;
use crate::rules::outcome::win_kind;
use crate::rules::score_line::WrittenResignation;
use crate::side::Side;

impl Replayer<'_, '_> {
    /// Ends the current game (its last line before `last`): replays it
    /// (`typo`), then [`end_game`].
    pub(in crate::replay) fn end_current_game(&mut self, last: Location) {
        self.run_game();
        let format = self.format;
        if let Some((m, rec)) = self.table() {
            end_game(m, rec, format, last);
        }
    }

    /// Ends the current match (its last line before `last`): its last
    /// game, then [`close_match`]; its summary kept.
    pub(in crate::replay) fn close_match(&mut self, last: Location) {
        self.end_current_game(last);
        let Some(m) = self.current.take() else {
            return;
        };
        let summary = close_match(m, &mut self.recorder, self.clues.dialect(), last);
        self.matches.push(summary);
    }
}

/// Ends `m`'s game, replayed (its last line before `last`; `format`, the
/// record's): settles what waited for its end (findings kept in `rec`) and
/// adds its result to the match.
pub(super) fn end_game(m: &mut MatchState, rec: &mut Recorder, format: Format, last: Location) {
    let Some(over) = m.game.as_ref().map(|g| g.over) else {
        return;
    };
    resolve_on_end(m, rec, matches!(over, Some(Ending::Resign { .. })));
    let skill_context = if m.summary.skill.is_some() {
        skill_context(m)
    } else {
        None
    };
    let Some(g) = close_game(m, rec) else {
        return;
    };
    let recorded = count_result(m, over, &g);
    if let Some(context) = skill_context {
        let points = recorded.map_or(0, |(_, p)| p);
        tally_game_end(m, context, recorded.map(|(w, _)| w), points);
    }
    settle_result(m, rec, format, over, &g, last);
}

/// Closes match `m`, its last game ended (its last line before `last`):
/// whether it was finished (a finding kept in `rec` if not), and its
/// summary, with the `dialect` its record shows and the count of its
/// findings.
pub(super) fn close_match(
    mut m: MatchState,
    rec: &mut Recorder,
    dialect: &'static str,
    last: Location,
) -> MatchSummary {
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
        m.record(
            rec,
            finding(Code::MatchUnfinished)
                .located(last)
                .message(format!(
                    "the {what} holds no game: the record ends after its match line"
                )),
        );
    } else if m.rules.length > 0 && !m.score.is_over() && !replay_finished {
        m.record(
            rec,
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
    m.summary.dialect = Some(dialect);
    m.summary.winner = m.score.winner().map(|s| m.summary.players[s].name.clone());
    // The per-player report sorts findings into its own columns from
    // the findings themselves.
    for f in &rec.findings[m.first_finding.min(rec.findings.len())..] {
        m.summary.findings.add(f.severity);
    }
    m.summary
}

/// Closes `m`'s game: what the rest reads of it is taken before it is
/// dropped in place (no move of the whole state), and its resignation
/// without a value, if still noted, is kept in `rec`.
fn close_game(m: &mut MatchState, rec: &mut Recorder) -> Option<Ended> {
    let g = m.game.as_mut()?;
    let unvalued = g.unvalued.take();
    let ended = Ended {
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
        rec.keep(*f);
    }
    Some(ended)
}

/// Adds the result of the game `g`, closed, that ended as `over`, to `m`'s
/// score, with what the next score line is compared with (the score by
/// the record's own points, the resignation valued by its `Wins` line);
/// the winner and the points counted.
fn count_result(m: &mut MatchState, over: Option<Ending>, g: &Ended) -> Option<(Side, u32)> {
    let Some(end) = over else {
        m.alt_expected = None;
        m.last_resign = None;
        return None;
    };
    let winner = end.winner();
    let computed = end.points().unwrap_or(0);
    let written = g.written_points;
    let points = match end {
        Ending::Resign { .. } => written.or(end.points()).unwrap_or(0),
        _ => computed,
    };
    m.score.record(winner, points);
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
    Some((winner, points))
}

/// Whether the result of `m`'s game `g`, closed, that ended as `over`
/// (its last line before `last`), is known; a game that did not end is a
/// finding (the last one of the file's is marked in `rec`).
fn settle_result(
    m: &mut MatchState,
    rec: &mut Recorder,
    format: Format,
    over: Option<Ending>,
    g: &Ended,
    last: Location,
) {
    m.result_unknown = g.doubtful_points
        || match over {
            None => true,
            Some(end) => end.points().is_none() && g.written_points.is_none(),
        };
    if over.is_none() {
        let index = m.record(
            rec,
            finding(Code::GameUnfinished)
                .located(last)
                .game(g.number)
                .message(format!(
                    "the game stops with no bear-off, drop, resignation or {}",
                    wording::result(format)
                )),
        );
        rec.unfinished = Some(index);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ActionKind, Resignation};
    use crate::replay::results::tests::wins;
    use crate::replay::results::{resign, wins_line};
    use crate::replay::state::{action_at, open_match};

    /// A resignation without a value waits for the `Wins` line, which
    /// values it: nothing to report, and the match score counts the
    /// written points, with the resignation kept for the next score line.
    #[test]
    fn a_resignation_valued_by_its_wins_line_is_counted() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let resigns = action_at(
            19,
            Side::First,
            "Resigns",
            ActionKind::Resign(Resignation::Game),
        );
        resign(&mut m, &mut rec, Format::Mat, &resigns, Resignation::Game);
        assert!(m.game.as_ref().unwrap().unvalued.is_some());
        wins_line(
            &mut m,
            &mut rec,
            Format::Mat,
            &wins(Side::Second, 2),
            Some(2),
            false,
        );
        assert!(rec.findings.is_empty(), "{:?}", rec.findings);
        let g = close_game(&mut m, &mut rec).unwrap();
        assert!(m.game.is_none() && rec.findings.is_empty());
        let over = Some(Ending::Resign {
            winner: Side::Second,
            points: None,
        });
        assert_eq!(count_result(&mut m, over, &g), Some((Side::Second, 2)));
        assert_eq!(m.score.scores, crate::side::ByPlayer::new(0, 2));
        let (resignation, at) = m.last_resign.unwrap();
        assert_eq!((resignation.written, resignation.cube, at.line), (2, 1, 20));
        settle_result(&mut m, &mut rec, Format::Mat, over, &g, Location::START);
        assert!(!m.result_unknown);
    }

    /// A game with no end is recorded as unfinished, and its result is
    /// unknown.
    #[test]
    fn a_game_with_no_end_is_unfinished() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let g = close_game(&mut m, &mut rec).unwrap();
        assert_eq!(count_result(&mut m, None, &g), None);
        settle_result(&mut m, &mut rec, Format::Mat, None, &g, Location::START);
        assert!(m.result_unknown);
        assert_eq!(rec.unfinished, Some(0));
        assert_eq!(rec.findings[0].code, Code::GameUnfinished);
        assert_eq!(rec.findings[0].game, Some(1));
    }

    /// A game borne off for 3 points ends a 3-point match: its result
    /// counted, the match finished, its summary complete.
    #[test]
    fn a_match_ends_with_its_last_game_and_its_summary() {
        let mut m = open_match(3);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().over = Some(Ending::BearOff {
            winner: Side::First,
            points: 3,
        });
        end_game(&mut m, &mut rec, Format::Mat, Location::START);
        assert!(m.game.is_none());
        assert_eq!(m.score.scores, crate::side::ByPlayer::new(3, 0));
        let summary = close_match(m, &mut rec, "GNU Backgammon", Location::START);
        assert!(
            rec.findings.iter().all(|f| f.code != Code::MatchUnfinished),
            "{:?}",
            rec.findings
        );
        assert_eq!(summary.final_score, crate::side::ByPlayer::new(3, 0));
        assert_eq!(summary.dialect, Some("GNU Backgammon"));
        assert!(summary.rules.is_some());
    }

    /// A match whose record ends before anyone reached its length, or
    /// holds no game, is unfinished: the finding is counted in its summary.
    #[test]
    fn a_match_ended_early_is_unfinished() {
        for games in [1, 0] {
            let mut m = open_match(7);
            let mut rec = Recorder::new();
            if games == 0 {
                m.game = None;
                m.games = 0;
            } else {
                m.game.as_mut().unwrap().over = Some(Ending::BearOff {
                    winner: Side::Second,
                    points: 1,
                });
            }
            end_game(&mut m, &mut rec, Format::Mat, Location::START);
            let summary = close_match(m, &mut rec, "unknown", Location::START);
            let f = rec.findings.last().unwrap();
            assert_eq!(f.code, Code::MatchUnfinished);
            let said = if games == 0 {
                "the 7-point match holds no game"
            } else {
                "the record ends at 0-1 before anyone reached 7 points"
            };
            assert!(f.message.starts_with(said), "{}", f.message);
            let counted = summary.findings.error + summary.findings.warning + summary.findings.info;
            assert_eq!(counted as usize, rec.findings.len());
        }
    }
}
