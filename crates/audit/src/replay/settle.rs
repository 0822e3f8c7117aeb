//! Settling the findings that depend on what follows them
//! ([`Pending`]): whether an illegal play *stood* (the opponent rolled or
//! doubled next) or the game ended first, whether rolls left unplayed were
//! a player who stopped playing, whether a hidden play was the last of the
//! game; they are settled when the next action or the end of the game
//! comes. And the end of a file: the findings decided last (an unfinished
//! last game, hit marks) and the order of all.

use super::recorder::{HiddenPlay, Pending, Recorder, Sequel, finding};
use super::replayer::Replayer;
use super::state::{Ending, GameState, MatchState};
use crate::catalogue::{Code, Severity};
use crate::location::Location;
use crate::side::Side;

/// Settles pending findings when `side` acts with a roll or a double
/// (`empty_roll`: a roll with nothing played).
#[inline]
pub(super) fn resolve_on_action(
    m: &mut MatchState,
    rec: &mut Recorder,
    side: Side,
    empty_roll: bool,
) {
    if m.game.as_ref().is_some_and(|g| !g.pending.is_empty()) {
        resolve_pending(m, rec, side, empty_roll);
    }
}

/// Settles the pending findings on `side`'s action (there are some).
#[inline(never)]
fn resolve_pending(m: &mut MatchState, rec: &mut Recorder, side: Side, empty_roll: bool) {
    let Some(g) = m.game.as_mut() else { return };
    let pending = std::mem::take(&mut g.pending);
    let mut keep = Vec::new();
    let mut hidden_mid_game = Vec::new();
    for p in pending {
        match p {
            Pending::Illegal { side: s, finding } if s != side => {
                rec.settle_stood(finding, Sequel::OpponentActed);
            }
            // The player plays again: the rolls without a play were errors.
            Pending::NoPlay { side: s, .. } if s == side && !empty_roll => {}
            // The opponent rolled or doubled: the missing play stood;
            // whether the player stopped playing is known at the end.
            Pending::NoPlay {
                side: s, finding, ..
            } if s != side => {
                rec.settle_stood(finding, Sequel::OpponentActed);
                keep.push(p);
            }
            Pending::Hidden(hidden) if hidden.side != side => hidden_mid_game.push(hidden),
            other => keep.push(other),
        }
    }
    g.pending = keep;
    for hidden in hidden_mid_game {
        hidden_mid_game_found(m, rec, hidden);
    }
}

/// A hidden play followed by the opponent's action: the game went on
/// from a position nobody knows.
fn hidden_mid_game_found(m: &mut MatchState, rec: &mut Recorder, hidden: HiddenPlay) {
    if let Some(g) = m.game.as_mut() {
        g.unknown = true;
    }
    m.record(
        rec,
        finding(Code::HiddenPlay)
            .located(hidden.location)
            .side(Some(hidden.side))
            .row(hidden.row)
            .rolled(hidden.dice)
            .text(hidden.text)
            .before(None)
            .message("the play is hidden (`???` or an `Illegal play` without a position) and the game goes on: the position is unknown, so the rest of this game cannot be checked"),
    );
}

/// Settles pending findings when the game ends (before the opponent
/// acted); `resignation` when it ended by one.
pub(super) fn resolve_on_end(m: &mut MatchState, rec: &mut Recorder, resignation: bool) {
    let Some(g) = m.game.as_mut() else { return };
    let over = g.over.is_some();
    let winner = g.over.map(|end| end.winner());
    // The game was conceded (a resignation or a drop), or the record stops.
    let conceded = resignation
        || matches!(
            g.over,
            None | Some(Ending::Resign { .. } | Ending::LossLine { .. } | Ending::Drop { .. })
        );
    let end = GameEnd {
        over,
        conceded,
        winner,
    };
    for p in std::mem::take(&mut g.pending) {
        match p {
            Pending::Illegal { finding, .. } => {
                rec.settle_stood(finding, Sequel::GameEnded);
                if over {
                    rec.findings[finding]
                        .message
                        .push_str("; the game ended before the opponent acted, so it could still be contested");
                }
            }
            Pending::NoPlay {
                side,
                finding,
                rolls,
                ..
            } => settle_no_play_at_end(m, rec, finding, side, rolls, end),
            Pending::Hidden { .. } => {}
        }
    }
}

/// How a game ended, as the findings waiting on its end read it.
#[derive(Copy, Clone, Debug)]
struct GameEnd {
    /// It ended (else the record stops).
    over: bool,
    /// It was conceded (a resignation or a drop), or the record stops.
    conceded: bool,
    winner: Option<Side>,
}

/// Rolls of `side` left unplayed (finding `index`, `rolls` of them) when
/// the game ends: if the game was conceded before the opponent acted,
/// the player stopped playing (an info).
fn settle_no_play_at_end(
    m: &MatchState,
    rec: &mut Recorder,
    index: usize,
    side: Side,
    rolls: u32,
    end: GameEnd,
) {
    let GameEnd {
        over,
        conceded,
        winner,
    } = end;
    // The opponent rolled or doubled after it: the skipped play stood,
    // whatever ended the game later.
    let stood = rec.findings[index].stood == Some(true);
    let (player, opponent) = (m.name(side), m.name(side.other()));
    let how = if conceded && !stood {
        rec.findings[index].severity = Severity::Info;
        if over {
            // The game ended before the opponent acted.
            rec.settle_stood(index, Sequel::GameEnded);
        }
        match winner {
            None => "the record stops here".to_owned(),
            Some(w) if w == side => format!("then {opponent} resigned"),
            Some(_) => format!("{player} conceded after rolling"),
        }
    } else if conceded {
        match (over, rolls > 1) {
            (false, false) => {
                format!("{opponent} rolled on, so it stood; the record stops later")
            }
            (false, true) => format!(
                "{player} stopped playing while {opponent} rolled on, so the skipped plays stood; the record stops later"
            ),
            (true, false) => {
                format!("{opponent} rolled on, so it stood; {player} conceded later")
            }
            (true, true) => format!(
                "{player} stopped playing while {opponent} rolled on, so the skipped plays stood, then conceded"
            ),
        }
    } else {
        format!("{player} did not play again before the game ended")
    };
    let f = &mut rec.findings[index];
    f.message = format!("{}; {how}", f.message);
}

/// Another roll of `side` with nothing played while his earlier one is
/// pending in game `g`: one finding for the run. False when no run is
/// pending.
pub(super) fn extend_no_play_run(
    g: &mut GameState,
    rec: &mut Recorder,
    side: Side,
    row: Option<u32>,
) -> bool {
    for p in &mut g.pending {
        if let Pending::NoPlay {
            side: s,
            finding,
            rolls,
            first_row,
        } = p
            && *s == side
        {
            *rolls += 1;
            let rows = match (*first_row, row) {
                (Some(a), Some(b)) => format!(" (rows {a} to {b})"),
                _ => String::new(),
            };
            // The notes after the first sentence stay.
            let f = &mut rec.findings[*finding];
            const HEAD_END: &str = "existed";
            let tail = f
                .message
                .find(HEAD_END)
                .and_then(|at| f.message.get(at + HEAD_END.len()..))
                .unwrap_or_default();
            f.message = format!(
                "nothing is played in {} rolls in a row{rows} although legal plays existed{tail}",
                *rolls
            );
            return true;
        }
    }
    false
}

/// The record broke while rolls without a play were pending in game `g`:
/// they stay errors.
pub(super) fn settle_no_play_as_error(g: &mut GameState) {
    g.pending.retain(|p| !matches!(p, Pending::NoPlay { .. }));
}

impl Replayer<'_, '_> {
    /// Ends the file: decides deferred findings and orders everything by location.
    pub(crate) fn finish(&mut self) {
        self.finish_part(true);
    }

    /// Ends a part of the file read on its own (one match of a file cut
    /// into matches): as [`Self::finish`], except that an unfinished last
    /// game stays a warning unless `last`, the end of the file. Hit marks
    /// are judged per part: a match that writes none has none missing.
    pub(crate) fn finish_part(&mut self, last: bool) {
        if self.current.is_some() {
            self.close_match(Location::default());
        }
        if !last {
            self.recorder.unfinished = None;
        }
        if let Some(i) = self.recorder.unfinished.take() {
            // The last game of the file: a truncated record, worth knowing.
            self.recorder.findings[i].severity = Severity::Info;
            let number = self.recorder.findings[i].match_number;
            if let Some(summary) = self.matches.iter_mut().find(|m| m.number == number) {
                summary.findings.warning = summary.findings.warning.saturating_sub(1);
                summary.findings.info += 1;
            }
        }
        if self.recorder.hit_marks_written {
            let first = self.recorder.findings.len();
            for (mut f, written) in std::mem::take(&mut self.recorder.hit_mark_findings) {
                if let Some(summary) = self.matches.iter_mut().find(|m| m.number == f.match_number)
                {
                    summary.findings.add(f.severity);
                }
                f.written = Some(Box::new(written)).filter(|n| !n.is_empty());
                self.recorder.findings.push(f);
            }
            self.add_legal_plays(first);
        }
        self.recorder.findings.sort_by_key(|f| f.location.byte);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;
    use crate::finding::Finding;
    use crate::replay::state::open_match;

    /// A recorder holding one finding of `code`, pending on what follows.
    fn recorder_with(code: Code) -> Recorder {
        let mut rec = Recorder::new();
        rec.keep(Finding::new(
            code,
            Location::START,
            "nothing is played although legal plays existed".to_owned(),
        ));
        rec
    }

    /// The opponent's roll accepts an illegal play: it stood, and nothing
    /// waits on it any more.
    #[test]
    fn the_opponents_action_makes_an_illegal_play_stand() {
        let mut m = open_match(7);
        let mut rec = recorder_with(Code::IllegalPlay);
        let g = m.game.as_mut().unwrap();
        g.pending.push(Pending::Illegal {
            side: Side::First,
            finding: 0,
        });
        // The player's own action settles nothing.
        resolve_on_action(&mut m, &mut rec, Side::First, false);
        assert_eq!(rec.findings[0].stood, None);
        resolve_on_action(&mut m, &mut rec, Side::Second, false);
        assert_eq!(rec.findings[0].stood, Some(true));
        assert!(m.game.as_ref().unwrap().pending.is_empty());
    }

    /// A hidden play the opponent answers: the position is unknown from
    /// there, and the finding names the player who hid it.
    #[test]
    fn a_hidden_play_the_game_goes_on_from_is_recorded() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let hidden = HiddenPlay {
            side: Side::Second,
            location: Location::START,
            row: Some(3),
            dice: Roll::new(6, 5),
            text: "65: ???".to_owned(),
        };
        m.game
            .as_mut()
            .unwrap()
            .pending
            .push(Pending::Hidden(hidden));
        resolve_on_action(&mut m, &mut rec, Side::First, false);
        assert!(m.game.as_ref().unwrap().unknown);
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::HiddenPlay);
        assert_eq!(f.player.as_deref(), Some("Marta"));
        assert_eq!((f.match_number, f.game, f.before), (1, Some(1), None));
    }

    /// Rolls left unplayed when the player then resigns: he stopped
    /// playing, an info, and the game ended before the opponent acted.
    #[test]
    fn rolls_left_unplayed_before_a_resignation_are_an_info() {
        let mut m = open_match(7);
        let mut rec = recorder_with(Code::IllegalPlay);
        let g = m.game.as_mut().unwrap();
        g.pending.push(Pending::NoPlay {
            side: Side::First,
            finding: 0,
            rolls: 1,
            first_row: Some(4),
        });
        g.over = Some(Ending::Resign {
            winner: Side::Second,
            points: Some(1),
        });
        resolve_on_end(&mut m, &mut rec, true);
        let f = &rec.findings[0];
        assert_eq!(f.severity, Severity::Info);
        assert_eq!(f.stood, Some(false));
        assert!(
            f.message.ends_with("; Omar conceded after rolling"),
            "{}",
            f.message
        );
    }

    /// A second roll with nothing played extends the run: one finding.
    #[test]
    fn a_run_of_rolls_without_a_play_is_one_finding() {
        let mut m = open_match(0);
        let mut rec = recorder_with(Code::IllegalPlay);
        let g = m.game.as_mut().unwrap();
        assert!(!extend_no_play_run(g, &mut rec, Side::First, Some(5)));
        g.pending.push(Pending::NoPlay {
            side: Side::First,
            finding: 0,
            rolls: 1,
            first_row: Some(4),
        });
        assert!(extend_no_play_run(g, &mut rec, Side::First, Some(5)));
        assert_eq!(
            rec.findings[0].message,
            "nothing is played in 2 rolls in a row (rows 4 to 5) although legal plays existed"
        );
        settle_no_play_as_error(g);
        assert!(g.pending.is_empty());
    }
}
