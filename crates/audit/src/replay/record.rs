//! Building and settling findings.
//!
//! One builder for every finding the replay makes: a call site says what it
//! knows (`finding(Code::DoubleInCrawford).at(action).message(...)`), and
//! [`Replayer::record`] completes the draft from the replay's state (the
//! match, the game, the player's name, the cube and score, the board before
//! the action) and keeps it.
//!
//! Some findings depend on what follows them ([`Pending`]): whether an
//! illegal play *stood* (the opponent rolled or doubled next) or the game
//! ended first, whether rolls left unplayed were a player who stopped
//! playing, whether a hidden play was the last of the game. They are settled
//! here when the next action or the end of the game comes; [`stood`] is the
//! one place that decides a violation's `stood`.

use super::driver::Replayer;
use super::state::Ending;
use crate::catalogue::{Code, Kind, Severity};
use crate::dice::Roll;
use crate::finding::Finding;
use crate::location::Location;
use crate::parse::Action;
use crate::position::Position;
use crate::rules::AnyBoard;
use crate::side::Side;

/// What a finding shows of the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Board {
    /// The board the replay has now, from the side of the finding's player.
    Replayed,
    /// This position (or none).
    Given(Option<Position>),
}

/// A finding being written; [`finding`] starts one.
#[derive(Clone, Debug)]
pub(super) struct Draft {
    pub(super) finding: Finding,
    /// An explicit severity (else the kind's, else the code's default).
    pub(super) severity: Option<Severity>,
    pub(super) board: Board,
    /// Take the cube and score of the game (a finding about a player's
    /// action); `false` for a finding about the record itself.
    pub(super) situation: bool,
    /// The game number, when not the current game's.
    pub(super) game: Option<Option<u32>>,
    /// About the whole file: no match, no game.
    pub(super) file_level: bool,
}

/// A finding of `code`, to be completed and recorded by the replay.
#[inline]
pub(super) fn finding(code: Code) -> Draft {
    Draft {
        finding: Finding::new(code, Location::default(), String::new()),
        severity: None,
        board: Board::Replayed,
        situation: true,
        game: None,
        file_level: false,
    }
}

impl Draft {
    /// At the cell of `action`, about its player: location, column, row
    /// and text.
    #[inline]
    pub(super) fn at(mut self, action: &Action<'_>) -> Draft {
        self.finding.location = action.location;
        self.finding.side = Some(action.side);
        self.finding.row = action.row;
        self.finding.text = action.text.to_owned();
        self
    }

    /// At `location`.
    #[inline]
    pub(super) fn located(mut self, location: Location) -> Draft {
        self.finding.location = location;
        self
    }

    /// About the player of `side` (none: about nobody's column).
    #[inline]
    pub(super) fn side(mut self, side: Option<Side>) -> Draft {
        self.finding.side = side;
        self
    }

    /// At row `row` as written.
    #[inline]
    pub(super) fn row(mut self, row: Option<u32>) -> Draft {
        self.finding.row = row;
        self
    }

    /// The cell as written.
    #[inline]
    pub(super) fn text(mut self, text: impl Into<String>) -> Draft {
        self.finding.text = text.into();
        self
    }

    /// About the roll `dice`.
    #[inline]
    pub(super) fn rolled(mut self, dice: Option<Roll>) -> Draft {
        self.finding.dice = dice;
        self
    }

    /// The sub-kind (its severity, unless one is given).
    #[inline]
    pub(super) fn kind(mut self, kind: Kind) -> Draft {
        self.finding.kind = Some(kind);
        self
    }

    /// A severity other than the catalogue's.
    #[inline]
    pub(super) fn severity(mut self, severity: Severity) -> Draft {
        self.severity = Some(severity);
        self
    }

    /// The sentence.
    #[inline]
    pub(super) fn message(mut self, message: impl Into<String>) -> Draft {
        self.finding.message = message.into();
        self
    }

    /// Shows `position` (or no board) instead of the replay's board.
    #[inline]
    pub(super) fn before(mut self, position: Option<Position>) -> Draft {
        self.board = Board::Given(position);
        self
    }

    /// Shows `board` (a backgammon or a Plakoto position, from the mover's
    /// side) instead of the replay's board.
    #[inline]
    pub(super) fn before_board(mut self, board: &AnyBoard) -> Draft {
        self.board = Board::Given(board.backgammon());
        self.finding.before_plakoto = match board {
            AnyBoard::Plakoto(p) => Some(Box::new(p.setup())),
            AnyBoard::Backgammon(_) => None,
        };
        self
    }

    /// About the record rather than an action: no board, no cube or score.
    #[inline]
    pub(super) fn about_record(mut self) -> Draft {
        self.board = Board::Given(None);
        self.situation = false;
        self
    }

    /// In game `number` (a game already closed).
    #[inline]
    pub(super) fn game(mut self, number: Option<u32>) -> Draft {
        self.game = Some(number);
        self
    }

    /// About the whole file, in no match.
    #[inline]
    pub(super) fn file_level(mut self) -> Draft {
        self.file_level = true;
        self.about_record()
    }

    /// The typo analysis' verdict, when the record itself settles it.
    #[inline]
    pub(super) fn likely_typo(mut self, typo: Option<bool>) -> Draft {
        self.finding.likely_typo = typo;
        self
    }
}

impl Replayer<'_, '_> {
    /// Completes `draft` from the replay: the match, the game, the player's
    /// name, the cube and score, the board before the action.
    pub(super) fn complete(&self, draft: Draft) -> Finding {
        let Draft {
            mut finding,
            severity,
            board,
            situation,
            game,
            file_level,
        } = draft;
        finding.severity = severity
            .or(finding.kind.map(Kind::severity))
            .unwrap_or(finding.code.severity());
        finding.match_number = self.match_count;
        finding.game = self.game_number();
        if let Some(side) = finding.side {
            finding.player = self.player(side);
            if situation {
                finding.context = self.context(side);
            }
        }
        let replayed = matches!(board, Board::Replayed);
        finding.before = match board {
            Board::Replayed => finding.side.and_then(|side| self.view(side)),
            Board::Given(position) => position,
        };
        if replayed {
            finding.before_plakoto = finding
                .side
                .and_then(|side| self.plakoto_view(side))
                .map(Box::new);
        }
        if let Some(number) = game {
            finding.game = number;
        }
        if file_level {
            finding.match_number = 0;
            finding.game = None;
        }
        finding
    }

    /// Completes `draft` and keeps it; its index.
    pub(super) fn record(&mut self, draft: Draft) -> usize {
        let finding = self.complete(draft);
        self.push(finding)
    }

    /// Keeps a finding as it is; its index.
    pub(super) fn push(&mut self, finding: Finding) -> usize {
        self.findings.push(finding);
        self.findings.len() - 1
    }

    /// Records that `sequel` followed the violation of finding `index`.
    pub(super) fn settle_stood(&mut self, index: usize, sequel: Sequel) {
        if let Some(f) = self.findings.get_mut(index) {
            f.stood = stood(sequel);
        }
    }

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
                        self.findings[finding]
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
        let stood = self.findings[index].stood == Some(true);
        let (player, opponent) = (self.name(side), self.name(side.other()));
        let how = if conceded && !stood {
            self.findings[index].severity = Severity::Info;
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
        let f = &mut self.findings[index];
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
                let f = &mut self.findings[*finding];
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
            self.unfinished = None;
        }
        if let Some(i) = self.unfinished.take() {
            // The last game of the file: a truncated record, worth knowing.
            self.findings[i].severity = Severity::Info;
            let number = self.findings[i].match_number;
            if let Some(summary) = self.matches.iter_mut().find(|m| m.number == number) {
                summary.findings.warning = summary.findings.warning.saturating_sub(1);
                summary.findings.info += 1;
            }
        }
        if self.hit_marks_written {
            let first = self.findings.len();
            for (mut f, written) in std::mem::take(&mut self.hit_mark_findings) {
                if let Some(summary) = self.matches.iter_mut().find(|m| m.number == f.match_number)
                {
                    summary.findings.add(f.severity);
                }
                f.written = Some(Box::new(written)).filter(|n| !n.is_empty());
                self.findings.push(f);
            }
            self.add_legal_plays(first);
        }
        self.findings.sort_by_key(|f| f.location.byte);
    }
}

/// A finding whose details depend on what comes next.
#[derive(Clone, Debug)]
pub(super) enum Pending {
    /// An illegal play (or marker): did the opponent's next action accept it?
    Illegal { side: Side, finding: usize },
    /// Rolls with nothing played although plays existed: if the player never
    /// plays again before the game ends he stopped playing (info); if he
    /// plays again, or the record breaks, it is an error.
    NoPlay {
        side: Side,
        finding: usize,
        rolls: u32,
        first_row: Option<u32>,
    },
    /// A hidden play: fine before a resignation, an error mid-game.
    Hidden(HiddenPlay),
}

/// A play written as hidden (`???`, an `Illegal play` without a position,
/// `00:`), not yet a finding.
#[derive(Clone, Debug)]
pub(super) struct HiddenPlay {
    pub(super) side: Side,
    pub(super) location: Location,
    pub(super) row: Option<u32>,
    pub(super) dice: Option<Roll>,
    pub(super) text: String,
}

impl HiddenPlay {
    /// The hidden play of `action`.
    pub(super) fn at(action: &Action<'_>, dice: Option<Roll>) -> HiddenPlay {
        HiddenPlay {
            side: action.side,
            location: action.location,
            row: action.row,
            dice,
            text: action.text.to_owned(),
        }
    }
}

/// What followed a rule violation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Sequel {
    /// The opponent rolled or doubled next.
    OpponentActed,
    /// The game ended before the opponent acted.
    GameEnded,
    /// The typo analysis found the record mistyped the play: the player did
    /// not make it.
    Misread,
    /// The record comes from a server that enforces the rules: nobody made
    /// the play at the table.
    Enforced,
}

/// Whether a rule violation stood: under tournament rules the opponent's
/// next roll or double accepts it (`true`); a game that ended first leaves
/// it contestable (`false`); a play the record mistyped is no violation of
/// the player's, and neither is an illegal play in a record of a server
/// that enforces the rules (`None`).
pub(super) const fn stood(sequel: Sequel) -> Option<bool> {
    match sequel {
        Sequel::OpponentActed => Some(true),
        Sequel::GameEnded => Some(false),
        Sequel::Misread | Sequel::Enforced => None,
    }
}
