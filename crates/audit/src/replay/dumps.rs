//! Positions written into the record: `Illegal play (...)` dumps, `; Set
//! Pos=` lines and SGF set-ups. A dump at the start of a game is a set
//! position (or, for a known opening position, names the variant); in the
//! middle of a game it is the position after a play, which some legal play
//! of the roll must reach (else `illegal-play-marker`).

use super::in_force::{RuleSource, Setting};
use super::recorder::{Pending, finding};
use super::replayer::Replayer;
use super::state::{frame, starting};
use crate::catalogue::Code;
use crate::dice::Roll;
use crate::parse::{Action, ActionKind, BoardDump};
use crate::position::{Position, Setup, Variant};
use crate::rules::{AnyBoard, Cube};
use crate::side::Side;

/// Converts a dump to the first player's frame as a position (dumps are
/// backgammon positions: none is known for Plakoto).
pub(super) fn dump_board(dump: &BoardDump, variant: Variant) -> Option<AnyBoard> {
    if variant == Variant::Plakoto {
        return None;
    }
    let checkers = variant.checkers();
    let setup = Setup::from_board(dump.points, checkers);
    let position = setup.into_position(checkers).ok()?;
    Some(AnyBoard::Backgammon(match dump.positive {
        Side::First => position,
        Side::Second => position.flip(),
    }))
}

/// When the dump `after` (the mover's frame) moves the opponent's checkers
/// other than by sending blots to the bar (hit where a checker landed, or
/// "hit" in passing by an illegal play), the position with the mover's
/// checkers as in the dump and the opponent's where they stood `before`
/// (hit where the mover now stands on a blot of his).
fn opponent_as_before(before: &Position, after: &Position) -> Option<Position> {
    let mut kept = after.setup();
    let hit = (1..=24)
        .filter(|&p| before.theirs(p) == 1 && after.theirs(p) == 0)
        .count();
    let unchanged = (1..=24).all(|p| {
        let (was, now) = (before.theirs(p), after.theirs(p));
        was == now || was == 1 && now == 0
    }) && usize::from(after.their_bar()) == usize::from(before.their_bar()) + hit
        && after.their_off() == before.their_off();
    if unchanged {
        return None;
    }
    let mut bar = before.their_bar();
    for p in 1..=24 {
        let theirs = before.theirs(p);
        match after.ours(p) {
            0 => kept.points[p] = -i8::try_from(theirs).ok()?,
            _ if theirs == 1 => bar += 1,
            // The mover stands on a point the opponent held: no such position.
            _ if theirs > 1 => return None,
            _ => {}
        }
    }
    kept.points[0] = -i8::try_from(bar).ok()?;
    kept.their_off = before.their_off();
    kept.into_position(before.checkers()).ok()
}

impl Replayer<'_, '_> {
    /// A dump of `action` (the play of `roll`, or a set-up without one);
    /// `first` when no roll of the game came before.
    pub(super) fn dump(
        &mut self,
        action: &Action<'_>,
        roll: Option<Roll>,
        dump: &BoardDump,
        first: bool,
    ) {
        // DailyGammon writes every game's opening position as a dump in
        // row 1: no set-up, just the start (a `; Set Pos=` line is one, even
        // of the opening position, and gets its note).
        if first && roll.is_some() && self.variant_from_dump(dump).is_some() {
            if let Some(roll) = roll.filter(|r| r.is_double()) {
                self.opening_double(action, roll);
            }
            if let Some(g) = self.game() {
                g.next = Some(dump.positive);
            }
            return;
        }
        let Some(rules) = self.rules() else { return };
        let Some(board) = dump_board(dump, rules.variant.value) else {
            self.record(
                finding(Code::IllegalPlayMarker)
                    .at(action)
                    .rolled(roll)
                    .message("the position written in the record is not a valid position; the rest of this game cannot be checked"),
            );
            if let Some(g) = self.game() {
                g.unknown = true;
            }
            return;
        };
        match (first, roll) {
            (true, Some(roll))
                if Self::rows_missing_before(action)
                    && !self.opening_reaches(action.side, roll, &board) =>
            {
                self.lost_plays(action, roll, dump, board);
            }
            (true, _) => {
                if let Some(roll) = roll.filter(|r| r.is_double()) {
                    self.opening_double(action, roll);
                }
                self.set_up(action, roll, dump, board);
            }
            (false, _) => self.played_to(action, roll, board),
        }
    }

    /// Some play of `roll` by `side` from the opening position reaches
    /// `board` (first player's frame).
    fn opening_reaches(&mut self, side: Side, roll: Roll, board: &AnyBoard) -> bool {
        let Some(rules) = self.rules() else {
            return false;
        };
        let before = frame(&starting(rules.variant.value), side);
        let after = frame(board, side);
        let plays = self.generator.generate(&before, roll);
        if plays.is_empty() {
            after == before
        } else {
            self.generator.contains(&after)
        }
    }

    /// A dump standing first in a game on a row after the first: the
    /// record's own numbering shows rows missing before it, so it is no
    /// set-up but the plays before it lost. (On row 1 it is a set-up.)
    fn rows_missing_before(action: &Action<'_>) -> bool {
        action.row.is_some_and(|row| row > 1)
    }

    /// The first action of a game is a dump no play from the opening
    /// reaches, late in a match: the plays before it are missing. The game
    /// goes on from the dump's position and cube.
    fn lost_plays(&mut self, action: &Action<'_>, roll: Roll, dump: &BoardDump, board: AnyBoard) {
        let at = action
            .row
            .map_or_else(|| "with".to_owned(), |row| format!("at row {row} with"));
        let cube = match dump.cube {
            Some((value, Some(owner))) => format!(
                "; its cube, {value} owned by {}, is taken",
                self.name(owner)
            ),
            Some((value, None)) => format!("; its cube, {value} in the middle, is taken"),
            None => String::new(),
        };
        self.record(
            finding(Code::LostPlays)
                .at(action)
                .rolled(Some(roll))
                .before(None)
                .message(format!(
                    "the game's record starts {at} the position after {}'s {roll}, which no play from the opening position reaches: the plays before it are missing from the record, and the game goes on from that position{cube}",
                    self.name(action.side)
                )),
        );
        if let Some(g) = self.game() {
            g.board = board;
            g.from_start = false;
            g.next = Some(dump.positive);
            if let Some((value, owner)) = dump.cube {
                g.cube = Cube { value, owner };
                g.cube_turned = value > 1 || owner.is_some();
            }
        }
    }

    /// A game starting from the position `board` written in the record.
    fn set_up(
        &mut self,
        action: &Action<'_>,
        roll: Option<Roll>,
        dump: &BoardDump,
        board: AnyBoard,
    ) {
        // A set-up line is no player's action and does not say who rolls;
        // a dump in a roll cell names the player to roll next.
        let set_up = roll.is_none();
        self.record(
            finding(Code::SetPosition)
                .at(action)
                .side((!set_up).then_some(action.side))
                .rolled(roll)
                .before(None)
                .message("the game starts from a position written in the record, not from the opening position"),
        );
        if let Some(g) = self.game() {
            g.board = board;
            g.from_start = false;
            if !set_up {
                g.next = Some(dump.positive);
            }
        }
    }

    /// The play of `roll` recorded as the position after it, `board`: some
    /// legal play must reach it (or, without a roll, nothing may move).
    fn played_to(&mut self, action: &Action<'_>, roll: Option<Roll>, board: AnyBoard) {
        let side = action.side;
        let Some(g) = self.game() else { return };
        let before = frame(&g.board, side);
        let after_mover = frame(&board, side);
        let reachable = match roll {
            Some(roll) => {
                let plays = self.generator.generate(&before, roll);
                if plays.is_empty() {
                    after_mover == before
                } else {
                    self.generator.contains(&after_mover)
                }
            }
            None => after_mover == before,
        };
        if !reachable {
            let moved_pips = i64::from(before.our_pips()) - i64::from(after_mover.our_pips());
            // Where the opponent's checkers stood, unless the dump only hit them.
            let theirs_kept = match (before.backgammon(), after_mover.backgammon()) {
                (Some(before), Some(after)) => opponent_as_before(&before, &after),
                _ => None,
            };
            let mut message = match roll {
                Some(r) => format!(
                    "the record marks an illegal play and gives the position after it: no legal play of {r} reaches it (the checkers moved {moved_pips} pips)"
                ),
                None => "the record replaces the position with one no legal play reaches".into(),
            };
            if theirs_kept.is_some() {
                message.push_str(&format!(
                    "; the position also moves {}'s checkers",
                    self.name(side.other())
                ));
            }
            // The record itself gives the position: the play is recorded, not mistyped.
            let index = self.record(
                finding(Code::IllegalPlayMarker)
                    .at(action)
                    .rolled(roll)
                    .before_board(&before)
                    .likely_typo(Some(false))
                    .message(message),
            );
            if let Some(g) = self.game() {
                g.pending.push(Pending::Illegal {
                    side,
                    finding: index,
                });
                g.dump_doubt = theirs_kept.map(|kept| {
                    (
                        frame(&AnyBoard::Backgammon(kept), side),
                        index,
                        side.other(),
                    )
                });
            }
        }
        if let Some(g) = self.game() {
            g.board = board;
            g.next = Some(side.other());
        }
        self.check_bear_off(side);
    }

    /// A first-row dump of a known starting position (DailyGammon writes the
    /// Nackgammon start so) states the variant in the file's name, as a tag
    /// would (over a flag), when no tag did and the match has not played a
    /// game yet.
    /// Returns the variant the dump starts, if it starts one.
    fn variant_from_dump(&mut self, dump: &BoardDump) -> Option<Variant> {
        let m = self.current.as_mut()?;
        let in_force = m.rules.variant;
        if dump_board(dump, in_force.value) == Some(starting(in_force.value)) {
            return Some(in_force.value);
        }
        if in_force.source == RuleSource::File || m.games != 1 {
            return None;
        }
        let variant = [
            Variant::Backgammon,
            Variant::Nackgammon,
            Variant::Hypergammon(1),
            Variant::Hypergammon(2),
            Variant::Hypergammon(3),
        ]
        .into_iter()
        .find(|&v| dump_board(dump, v) == Some(starting(v)))?;
        m.rules.variant = Setting {
            value: variant,
            source: RuleSource::File,
        };
        if let Some(g) = m.game.as_mut() {
            g.board = starting(variant);
        }
        Some(variant)
    }

    /// A position set-up line or node.
    pub(super) fn set_position(&mut self, action: &Action<'_>, dump: &BoardDump) {
        let Some(g) = self.game() else { return };
        if let Some(empty) = g.empty_roll.take() {
            // A roll then a position: the play of that roll, recorded as an edit.
            let mover_action = Action {
                location: empty.location,
                side: empty.side,
                row: empty.row,
                text: self.empty_roll_text,
                kind: ActionKind::Take,
            };
            self.dump(&mover_action, Some(empty.roll), dump, false);
            return;
        }
        let first = g.rolls == 0;
        let Some(rules) = self.rules() else { return };
        if let Some(board) = dump_board(dump, rules.variant.value) {
            if first {
                self.dump(action, None, dump, true);
            } else if let Some(g) = self.game()
                && g.board != board
                && !g.unknown
            {
                self.record(
                    finding(Code::IllegalPlayMarker)
                        .at(action)
                        .side(None)
                        .message("the record replaces the position mid-game with one the replay did not reach"),
                );
                if let Some(g) = self.game() {
                    g.board = board;
                }
            } else if let Some(g) = self.game() {
                g.board = board;
                g.unknown = false;
            }
        }
        if let Some((value, owner)) = dump.cube
            && let Some(g) = self.game()
        {
            g.cube = Cube { value, owner };
        }
    }
}
