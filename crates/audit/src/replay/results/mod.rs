//! How games end and what they are worth: `Wins` and `Losses` lines,
//! resignations, actions after the end, and the result a finished game
//! adds to the match score.
//!
//! The value a result line writes is judged against the game by
//! [`crate::rules::result_line`] (the cube times 1, 2 or 3, a cap at what the
//! winner needed); this room adds what needs the replay (who won on the
//! board, automatic doubles, a Jacoby rule the file did not state) and
//! records the verdicts. The end of a game and of a match: [`end`].

mod end;

use super::cube::automatic_start;
use super::recorder::{Pending, Recorder, finding};
use super::replayer::Replayer;
use super::settle::resolve_on_end;
use super::state::{Ending, GameState, MatchState};
use super::wording;
use crate::catalogue::{Code, Kind, Severity};
use crate::parse::{Action, ActionKind, Format, Resignation};
use crate::rules::result_line::{
    Cap, ResignationValue, cap, judge_resignation, resignation_levels,
};
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

/// A `Wins N points` line (`points` is N, when written; `resigned` when
/// the record says the game was resigned) by `action`'s player, in match
/// `m` read from a record of `format`: the winner, its value, and (when the
/// value was not found wrong) the loser's `Losses` line compared with it.
pub(super) fn wins_line(
    m: &mut MatchState,
    rec: &mut Recorder,
    format: Format,
    action: &Action<'_>,
    points: Option<u32>,
    resigned: bool,
) {
    let before = rec.findings.len();
    win(m, rec, format, action, points, resigned);
    // One finding per wrong value: when `Wins` was found wrong
    // against the game, the `Losses` line is not compared.
    let judged = rec
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
        compare_loss_line(m, rec, action, n);
    }
}

/// A `Losses N points` line (Backgammon Galaxy) by `action`'s player, in
/// match `m`.
pub(super) fn loss_line(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    points: Option<u32>,
) {
    let Some(g) = m.game.as_mut() else { return };
    g.loss_points = g.loss_points.or(points);
    let own_row = action.row.is_none();
    if let Some(end) = g.over {
        if end.winner() == action.side && !own_row {
            let message = format!(
                "the loss is written for {}, but {}",
                m.name(action.side),
                m.how_won(&end)
            );
            m.record(
                rec,
                finding(Code::WinnerMismatch).at(action).message(message),
            );
        }
    } else {
        let winner = action.side.other();
        g.over = Some(if own_row {
            Ending::LossLine { winner, points }
        } else {
            Ending::Resign { winner, points }
        });
        resolve_on_end(m, rec, true);
    }
}

/// A `Losses` line (Galaxy writes one for the loser) must give the
/// points the `Wins` line of `action` gives (`wins`).
fn compare_loss_line(m: &MatchState, rec: &mut Recorder, action: &Action<'_>, wins: u32) {
    let Some(g) = m.game.as_ref() else { return };
    let Some(losses) = g.loss_points.filter(|&l| l != wins) else {
        return;
    };
    m.record(
        rec,
        finding(Code::PointsMismatch).at(action).message(format!(
            "`Wins {wins}` but the loser's line says `Losses {losses}`"
        )),
    );
}

/// The `Wins` line of `action`'s player, writing `written` points;
/// `resigned` when the record says the game was resigned.
fn win(
    m: &mut MatchState,
    rec: &mut Recorder,
    format: Format,
    action: &Action<'_>,
    written: Option<u32>,
    resigned: bool,
) {
    let side = action.side;
    let stopped = m.game.as_mut().and_then(|g| stopped_playing(g, side));
    let Some(line) = end_by_wins_line(m, action, written) else {
        return;
    };
    let end = line.end;
    let resignation = matches!(end, Ending::Resign { .. }) || resigned;
    resolve_on_end(m, rec, resignation);
    if line.implied_drop {
        let message = format!(
            "{doubler}'s double has no written answer and {doubler} is named the winner: taken as dropped by {}",
            m.name(side.other()),
            doubler = m.name(side)
        );
        m.record(
            rec,
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
            wording::result(format),
            m.how_won(&end),
            name = m.name(side)
        );
        m.record(
            rec,
            finding(Code::WinnerMismatch).at(action).message(message),
        );
        if let (Some(n), false) = (written, line.cube_unknown) {
            judge_resignation_value(m, rec, action, &line, n);
        }
        return;
    }
    if end.winner() != side {
        let message = format!(
            "the {} names {} as the winner, but {}",
            wording::result(format),
            m.name(side),
            m.how_won(&end)
        );
        m.record(
            rec,
            finding(Code::WinnerMismatch).at(action).message(message),
        );
        return;
    }
    let Some(n) = written else {
        if matches!(end, Ending::Resign { points: None, .. }) {
            note_unvalued(m, format, action, side);
        }
        return;
    };
    match end {
        Ending::BearOff { winner, points } if n != points && automatic_explains(m, n, points) => {
            // The game started above cube 1 from automatic doubles.
            if let Some(g) = m.game.as_mut() {
                g.over = Some(Ending::BearOff { winner, points: n });
            }
        }
        Ending::BearOff { points, .. } | Ending::Drop { points, .. } if n != points => {
            judge_game_value(m, rec, action, &line, n, points);
        }
        Ending::Resign { .. } if !line.cube_unknown => {
            judge_resignation_value(m, rec, action, &line, n);
        }
        _ => {}
    }
}

/// A `Wins` line of `side` while his own roll, the last action of game
/// `g`, is hidden (`66: ????`): the roll of a player who resigned. The
/// hidden cell as written. (A roll not seen at all, `????` without dice,
/// may be the winner's last one.)
fn stopped_playing(g: &mut GameState, side: Side) -> Option<String> {
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

/// How the game of a `Wins` line by `action`'s player ended, in match
/// `m`: the line names the winner of a margin `Losses` line or of a
/// resignation written as accepted, ends the game by a drop (a double was
/// pending) or by a resignation (the game was not over).
fn end_by_wins_line(
    m: &mut MatchState,
    action: &Action<'_>,
    written: Option<u32>,
) -> Option<WinsLine> {
    let side = action.side;
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
fn judge_game_value(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    line: &WinsLine,
    n: u32,
    points: u32,
) {
    if let Some(cap) = cap(n, points, line.length, line.needed) {
        let what = match cap {
            Cap::Needed(needed) => {
                format!("the {needed} point(s) {} needed", m.name(line.end.winner()))
            }
            Cap::MatchLength(length) => format!("the match length of {length}"),
        };
        m.record(
            rec,
            finding(Code::PointsMismatch)
                .at(action)
                .severity(Severity::Info)
                .message(format!(
                    "`Wins {n}` where the game is worth {points}: the value is capped at {what}"
                )),
        );
    } else if line.unknown {
        // The position is not known: the game's value is not either.
    } else if jacoby_explains(m, n, points) {
        m.record(
            rec,
            finding(Code::AssumedRule)
                .kind(Kind::Jacoby)
                .at(action)
                .message(format!("the file does not say whether the Jacoby rule was in force; `Wins {n}` for a game worth {points} with the cube never turned fits it, so it is taken as on")),
        );
    } else {
        m.record(
            rec,
            finding(Code::PointsMismatch)
                .at(action)
                .message(format!("`Wins {n}` but the game is worth {points}")),
        );
    }
}

/// `Wins n` for a resignation.
fn judge_resignation_value(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    line: &WinsLine,
    n: u32,
) {
    let (cube, needed) = (line.cube, line.needed);
    let verdict = judge_resignation(n, cube, line.levels, line.length, needed, |value| {
        automatic_start(m, value).is_some()
    });
    match verdict {
        ResignationValue::Fits => {}
        ResignationValue::ConcedesMatch => {
            let winner = line.end.winner();
            let message = format!(
                "{}'s resignation concedes the match: it is worth the {needed} point(s) {} needed",
                m.name(winner.other()),
                m.name(winner)
            );
            let index = m.record(
                rec,
                finding(Code::ResignValue)
                    .kind(Kind::Match)
                    .at(action)
                    .message(message),
            );
            m.concession = Some((index, needed));
        }
        ResignationValue::Capped => {
            let message = format!(
                "`Wins {n}`: the resignation's value is capped at the {needed} point(s) {} needed",
                m.name(line.end.winner())
            );
            m.record(
                rec,
                finding(Code::PointsMismatch)
                    .at(action)
                    .severity(Severity::Info)
                    .message(message),
            );
        }
        ResignationValue::Wrong => {
            if let Some(g) = m.game.as_mut() {
                g.doubtful_points = true;
            }
            m.record(
                rec,
                finding(Code::ResignValue).at(action).message(format!(
                    "a resignation worth {n} with the cube at {cube}: a resignation is worth 1, 2 or 3 times the cube"
                )),
            );
        }
    }
}

/// True when `written` is `computed` times the factor of some number of
/// automatic doubles (the cube was never turned in `m`'s game).
fn automatic_explains(m: &MatchState, written: u32, computed: u32) -> bool {
    let Some(g) = m.game.as_ref() else {
        return false;
    };
    let cube = g.cube.value.max(1);
    computed.is_multiple_of(cube)
        && written.is_multiple_of(computed / cube)
        && automatic_start(m, written / (computed / cube)).is_some()
}

/// In a money session with the Jacoby rule not stated, a gammon recorded
/// as a single game with the cube centred shows the rule was on (it is
/// set in `m`'s rules).
fn jacoby_explains(m: &mut MatchState, written: u32, computed: u32) -> bool {
    let Some(g) = m.game.as_ref() else {
        return false;
    };
    if m.rules.length != 0 || !m.rules.jacoby.assumed() || m.rules.jacoby.value || g.cube_turned {
        return false;
    }
    if written != g.cube.value || computed <= written {
        return false;
    }
    m.rules.jacoby.value = true;
    true
}

/// A resignation cell of `action`, in match `m` read from a record of
/// `format`: in the resigner's column, or written as accepted (`Resigned
/// Game`, `Resigned Match`) in the winner's.
pub(super) fn resign(
    m: &mut MatchState,
    rec: &mut Recorder,
    format: Format,
    action: &Action<'_>,
    how: Resignation,
) {
    let side = action.side;
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
    resolve_on_end(m, rec, true);
    if value.is_none() {
        note_unvalued(m, format, action, side);
    }
}

/// A resignation with no value, written in `side`'s column: noted at the
/// end of `m`'s game unless a `Wins` line gives the value.
fn note_unvalued(m: &mut MatchState, format: Format, action: &Action<'_>, side: Side) {
    if m.game.as_ref().is_some_and(|g| g.unvalued.is_some()) {
        return;
    }
    let f = m.complete(
        finding(Code::ResignValue)
            .kind(Kind::Missing)
            .at(action)
            .side(Some(side))
            .message(format!(
                "the resignation's value is not written; the next game's {} is taken as it is",
                wording::score(format)
            )),
    );
    if let Some(g) = m.game.as_mut() {
        g.unvalued = Some(Box::new(f));
    }
}

/// An action after `m`'s game was over: reported once; true when the
/// game was over (the action is not replayed).
pub(super) fn after_end(m: &mut MatchState, rec: &mut Recorder, action: &Action<'_>) -> bool {
    let Some(g) = m.game.as_mut() else {
        return false;
    };
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
        m.record(
            rec,
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
        m.record(
            rec,
            finding(Code::ActionsAfterEnd)
                .at(action)
                .message("an action after the game was over"),
        );
    }
    true
}

impl Replayer<'_, '_> {
    /// [`wins_line`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn wins_line(&mut self, action: &Action<'_>, points: Option<u32>, resigned: bool) {
        let format = self.format;
        if let Some((m, rec)) = self.table() {
            wins_line(m, rec, format, action, points, resigned);
        }
    }

    /// [`loss_line`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn loss_line(&mut self, action: &Action<'_>, points: Option<u32>) {
        if let Some((m, rec)) = self.table() {
            loss_line(m, rec, action, points);
        }
    }

    /// [`resign`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn resign(&mut self, action: &Action<'_>, how: Resignation) {
        let format = self.format;
        if let Some((m, rec)) = self.table() {
            resign(m, rec, format, action, how);
        }
    }

    /// [`after_end`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn after_end(&mut self, action: &Action<'_>) -> bool {
        self.table()
            .is_some_and(|(m, rec)| after_end(m, rec, action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::state::{action_at, open_match};

    /// A `Wins` line of `side` writing `points`.
    pub(super) fn wins(side: Side, points: u32) -> Action<'static> {
        action_at(
            20,
            side,
            "Wins 1 point",
            ActionKind::Win {
                points: Some(points),
                resigned: false,
                and_match: false,
            },
        )
    }

    /// A `Wins` line that writes another value than the game borne off is
    /// worth is recorded at the line.
    #[test]
    fn a_wins_line_worth_another_value_is_recorded() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().over = Some(Ending::BearOff {
            winner: Side::First,
            points: 2,
        });
        wins_line(
            &mut m,
            &mut rec,
            Format::Mat,
            &wins(Side::First, 1),
            Some(1),
            false,
        );
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::PointsMismatch);
        assert_eq!(f.message, "`Wins 1` but the game is worth 2");
        assert_eq!(f.player.as_deref(), Some("Omar"));
    }

    /// A `Wins` line naming the loser says who won and how, in the
    /// record's words.
    #[test]
    fn a_wins_line_naming_the_loser_says_who_won() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().over = Some(Ending::BearOff {
            winner: Side::First,
            points: 1,
        });
        wins_line(
            &mut m,
            &mut rec,
            Format::Sgf,
            &wins(Side::Second, 1),
            Some(1),
            false,
        );
        let codes: Vec<Code> = rec.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::WinnerMismatch]);
        assert_eq!(
            rec.findings[0].message,
            "the result (`RE`) names Marta as the winner, but Omar won the game by bearing off"
        );
    }

    /// The doubler rolling on after a drop shows the drop was a take: the
    /// game goes on with the cube turned. Any other action after the end
    /// is reported once.
    #[test]
    fn play_after_a_drop_reads_it_as_a_take() {
        let mut m = open_match(0);
        let mut rec = Recorder::new();
        let double = action_at(8, Side::First, "Doubles => 2", ActionKind::Double(Some(2)));
        crate::replay::cube::double(&mut m, &mut rec, &double, Some(2));
        let drop = action_at(8, Side::Second, "Drops", ActionKind::Drop);
        crate::replay::cube::answer(&mut m, &mut rec, &drop, false);
        let roll = action_at(
            9,
            Side::First,
            "52: 13/8 13/11",
            ActionKind::Roll {
                dice: crate::dice::Roll::new(5, 2),
                play: crate::parse::Written::Empty,
            },
        );
        assert!(!after_end(&mut m, &mut rec, &roll));
        let g = m.game.as_ref().unwrap();
        assert!(g.over.is_none());
        assert_eq!((g.cube.value, g.cube.owner), (2, Some(Side::Second)));
        assert_eq!(rec.findings.len(), 1);
        m.game.as_mut().unwrap().over = Some(Ending::BearOff {
            winner: Side::First,
            points: 2,
        });
        assert!(after_end(&mut m, &mut rec, &roll));
        assert!(after_end(&mut m, &mut rec, &roll));
        let codes: Vec<Code> = rec.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::ActionsAfterEnd, Code::ActionsAfterEnd]);
    }
}
