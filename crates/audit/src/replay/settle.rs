//! Settling the findings that depend on what follows them
//! ([`Pending`]): whether an illegal play *stood* (the opponent rolled or
//! doubled next) or the game ended first, whether rolls left unplayed were
//! a player who stopped playing, whether a hidden play was the last of the
//! game; they are settled when the next action or the end of the game
//! comes. And the end of a file: the findings decided last (an unfinished
//! last game, hit marks) and the order of all.

use super::recorder::{HiddenPlay, Pending, Sequel, finding};
use super::replayer::Replayer;
use super::state::Ending;
use crate::catalogue::{Code, Severity};
use crate::location::Location;
use crate::side::Side;

impl Replayer<'_, '_> {
    /// Settles pending findings when `side` acts with a roll or a double
    /// (`empty_roll`: a roll with nothing played).
    #[inline]
    pub(super) fn resolve_on_action(&mut self, side: Side, empty_roll: bool) {
        if self.game_ref().is_some_and(|g| !g.pending.is_empty()) {
            self.resolve_pending(side, empty_roll);
        }
    }

    /// Settles the pending findings on `side`'s action (there are some).
    #[inline(never)]
    fn resolve_pending(&mut self, side: Side, empty_roll: bool) {
        let Some(g) = self.game() else { return };
        let pending = std::mem::take(&mut g.pending);
        let mut keep = Vec::new();
        let mut hidden_mid_game = Vec::new();
        for p in pending {
            match p {
                Pending::Illegal { side: s, finding } if s != side => {
                    self.settle_stood(finding, Sequel::OpponentActed);
                }
                // The player plays again: the rolls without a play were errors.
                Pending::NoPlay { side: s, .. } if s == side && !empty_roll => {}
                // The opponent rolled or doubled: the missing play stood;
                // whether the player stopped playing is known at the end.
                Pending::NoPlay {
                    side: s, finding, ..
                } if s != side => {
                    self.settle_stood(finding, Sequel::OpponentActed);
                    keep.push(p);
                }
                Pending::Hidden(hidden) if hidden.side != side => hidden_mid_game.push(hidden),
                other => keep.push(other),
            }
        }
        if let Some(g) = self.game() {
            g.pending = keep;
        }
        for hidden in hidden_mid_game {
            self.hidden_mid_game(hidden);
        }
    }

    /// A hidden play followed by the opponent's action: the game went on
    /// from a position nobody knows.
    fn hidden_mid_game(&mut self, hidden: HiddenPlay) {
        if let Some(g) = self.game() {
            g.unknown = true;
        }
        self.record(
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
    pub(super) fn resolve_on_end(&mut self, resignation: bool) {
        let Some(g) = self.game() else { return };
        let over = g.over.is_some();
        let winner = g.over.map(|end| end.winner());
        // The game was conceded (a resignation or a drop), or the record stops.
        let conceded = resignation
            || matches!(
                g.over,
                None | Some(Ending::Resign { .. } | Ending::LossLine { .. } | Ending::Drop { .. })
            );
        for p in std::mem::take(&mut g.pending) {
            match p {
                Pending::Illegal { finding, .. } => {
                    self.settle_stood(finding, Sequel::GameEnded);
                    if over {
                        self.recorder.findings[finding]
                            .message
                            .push_str("; the game ended before the opponent acted, so it could still be contested");
                    }
                }
                Pending::NoPlay {
                    side,
                    finding,
                    rolls,
                    ..
                } => self.settle_no_play_at_end(finding, side, rolls, over, conceded, winner),
                Pending::Hidden { .. } => {}
            }
        }
    }

    /// Rolls of `side` left unplayed (finding `index`, `rolls` of them) when
    /// the game ends: if the game was conceded before the opponent acted,
    /// the player stopped playing (an info).
    fn settle_no_play_at_end(
        &mut self,
        index: usize,
        side: Side,
        rolls: u32,
        over: bool,
        conceded: bool,
        winner: Option<Side>,
    ) {
        // The opponent rolled or doubled after it: the skipped play stood,
        // whatever ended the game later.
        let stood = self.recorder.findings[index].stood == Some(true);
        let (player, opponent) = (self.name(side), self.name(side.other()));
        let how = if conceded && !stood {
            self.recorder.findings[index].severity = Severity::Info;
            if over {
                // The game ended before the opponent acted.
                self.settle_stood(index, Sequel::GameEnded);
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
        let f = &mut self.recorder.findings[index];
        f.message = format!("{}; {how}", f.message);
    }

    /// Another roll of `side` with nothing played while his earlier one is
    /// pending: one finding for the run. False when no run is pending.
    pub(super) fn extend_no_play_run(&mut self, side: Side, row: Option<u32>) -> bool {
        let Some(g) = self.current.as_mut().and_then(|m| m.game.as_mut()) else {
            return false;
        };
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
                let f = &mut self.recorder.findings[*finding];
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

    /// The record broke while rolls without a play were pending: they stay errors.
    pub(super) fn settle_no_play_as_error(&mut self) {
        if let Some(g) = self.game() {
            g.pending.retain(|p| !matches!(p, Pending::NoPlay { .. }));
        }
    }

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
