//! Positions written into the record: `Illegal play (...)` dumps, `; Set
//! Pos=` lines and SGF set-ups. A dump at the start of a game is a set
//! position (or, for a known opening position, names the variant); in the
//! middle of a game it is the position after a play, which some legal play
//! of the roll must reach (else `illegal-play-marker`).

use super::in_force::{RuleSource, Setting};
use super::plays::check_bear_off;
use super::recorder::{Pending, Recorder, finding};
use super::replayer::Replayer;
use super::state::{MatchState, frame, starting};
use super::turns::opening_double;
use crate::catalogue::Code;
use crate::dice::Roll;
use crate::parse::{Action, ActionKind, BoardDump};
use crate::position::{Position, Setup, Variant};
use crate::rules::{AnyBoard, Cube, MoveGen};
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

/// A dump of `action` (the play of `roll`, or a set-up without one) in
/// match `m`; `first` when no roll of the game came before. `generator`
/// finds the plays that may reach it.
pub(super) fn dump(
    m: &mut MatchState,
    rec: &mut Recorder,
    generator: &mut MoveGen<AnyBoard>,
    action: &Action<'_>,
    roll: Option<Roll>,
    dump: &BoardDump,
    first: bool,
) {
    // DailyGammon writes every game's opening position as a dump in
    // row 1: no set-up, just the start (a `; Set Pos=` line is one, even
    // of the opening position, and gets its note).
    if first && roll.is_some() && variant_from_dump(m, dump).is_some() {
        if let Some(roll) = roll.filter(|r| r.is_double()) {
            opening_double(m, rec, action, roll);
        }
        if let Some(g) = m.game.as_mut() {
            g.next = Some(dump.positive);
        }
        return;
    }
    let Some(board) = dump_board(dump, m.rules.variant.value) else {
        m.record(
            rec,
            finding(Code::IllegalPlayMarker)
                .at(action)
                .rolled(roll)
                .message("the position written in the record is not a valid position; the rest of this game cannot be checked"),
        );
        if let Some(g) = m.game.as_mut() {
            g.unknown = true;
        }
        return;
    };
    match (first, roll) {
        (true, Some(roll))
            if rows_missing_before(action)
                && !opening_reaches(m, generator, action.side, roll, &board) =>
        {
            lost_plays(m, rec, action, roll, dump, board);
        }
        (true, _) => {
            if let Some(roll) = roll.filter(|r| r.is_double()) {
                opening_double(m, rec, action, roll);
            }
            set_up(m, rec, action, roll, dump, board);
        }
        (false, _) => played_to(m, rec, generator, action, roll, board),
    }
}

/// Some play of `roll` by `side` from the opening position of `m`'s
/// variant reaches `board` (first player's frame).
fn opening_reaches(
    m: &MatchState,
    generator: &mut MoveGen<AnyBoard>,
    side: Side,
    roll: Roll,
    board: &AnyBoard,
) -> bool {
    let before = frame(&starting(m.rules.variant.value), side);
    let after = frame(board, side);
    let plays = generator.generate(&before, roll);
    if plays.is_empty() {
        after == before
    } else {
        generator.contains(&after)
    }
}

/// A dump standing first in a game on a row after the first: the
/// record's own numbering shows rows missing before it, so it is no
/// set-up but the plays before it lost. (On row 1 it is a set-up.)
fn rows_missing_before(action: &Action<'_>) -> bool {
    action.row.is_some_and(|row| row > 1)
}

/// The first action of `m`'s game is a dump no play from the opening
/// reaches, late in a match: the plays before it are missing. The game
/// goes on from the dump's position and cube.
fn lost_plays(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    roll: Roll,
    dump: &BoardDump,
    board: AnyBoard,
) {
    let at = action
        .row
        .map_or_else(|| "with".to_owned(), |row| format!("at row {row} with"));
    let cube = match dump.cube {
        Some((value, Some(owner))) => {
            format!("; its cube, {value} owned by {}, is taken", m.name(owner))
        }
        Some((value, None)) => format!("; its cube, {value} in the middle, is taken"),
        None => String::new(),
    };
    m.record(
        rec,
        finding(Code::LostPlays)
            .at(action)
            .rolled(Some(roll))
            .before(None)
            .message(format!(
                "the game's record starts {at} the position after {}'s {roll}, which no play from the opening position reaches: the plays before it are missing from the record, and the game goes on from that position{cube}",
                m.name(action.side)
            )),
    );
    if let Some(g) = m.game.as_mut() {
        g.board = board;
        g.from_start = false;
        g.next = Some(dump.positive);
        if let Some((value, owner)) = dump.cube {
            g.cube = Cube { value, owner };
            g.cube_turned = value > 1 || owner.is_some();
        }
    }
}

/// `m`'s game starts from the position `board` written in the record.
fn set_up(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    roll: Option<Roll>,
    dump: &BoardDump,
    board: AnyBoard,
) {
    // A set-up line is no player's action and does not say who rolls;
    // a dump in a roll cell names the player to roll next.
    let set_up = roll.is_none();
    m.record(
        rec,
        finding(Code::SetPosition)
            .at(action)
            .side((!set_up).then_some(action.side))
            .rolled(roll)
            .before(None)
            .message("the game starts from a position written in the record, not from the opening position"),
    );
    if let Some(g) = m.game.as_mut() {
        g.board = board;
        g.from_start = false;
        if !set_up {
            g.next = Some(dump.positive);
        }
    }
}

/// The play of `roll` in `m`'s game recorded as the position after it,
/// `board`: some legal play must reach it (or, without a roll, nothing may
/// move).
fn played_to(
    m: &mut MatchState,
    rec: &mut Recorder,
    generator: &mut MoveGen<AnyBoard>,
    action: &Action<'_>,
    roll: Option<Roll>,
    board: AnyBoard,
) {
    let side = action.side;
    let Some(g) = m.game.as_ref() else { return };
    let before = frame(&g.board, side);
    let after_mover = frame(&board, side);
    let reachable = match roll {
        Some(roll) => {
            let plays = generator.generate(&before, roll);
            if plays.is_empty() {
                after_mover == before
            } else {
                generator.contains(&after_mover)
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
                m.name(side.other())
            ));
        }
        // The record itself gives the position: the play is recorded, not mistyped.
        let index = m.record(
            rec,
            finding(Code::IllegalPlayMarker)
                .at(action)
                .rolled(roll)
                .before_board(&before)
                .likely_typo(Some(false))
                .message(message),
        );
        if let Some(g) = m.game.as_mut() {
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
    if let Some(g) = m.game.as_mut() {
        g.board = board;
        g.next = Some(side.other());
    }
    check_bear_off(m, side);
}

/// A first-row dump of a known starting position (DailyGammon writes the
/// Nackgammon start so) states the variant in the file's name, as a tag
/// would (over a flag), when no tag did and match `m` has not played a
/// game yet.
/// Returns the variant the dump starts, if it starts one.
fn variant_from_dump(m: &mut MatchState, dump: &BoardDump) -> Option<Variant> {
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

/// A position set-up line or node of `action` in match `m`; after a roll
/// with nothing written (its text `empty_roll_text`), the play of that
/// roll recorded as an edit.
pub(super) fn set_position(
    m: &mut MatchState,
    rec: &mut Recorder,
    generator: &mut MoveGen<AnyBoard>,
    empty_roll_text: &str,
    action: &Action<'_>,
    dump_written: &BoardDump,
) {
    let Some(g) = m.game.as_mut() else { return };
    if let Some(empty) = g.empty_roll.take() {
        // A roll then a position: the play of that roll, recorded as an edit.
        let mover_action = Action {
            location: empty.location,
            side: empty.side,
            row: empty.row,
            text: empty_roll_text,
            kind: ActionKind::Take,
        };
        dump(
            m,
            rec,
            generator,
            &mover_action,
            Some(empty.roll),
            dump_written,
            false,
        );
        return;
    }
    let first = g.rolls == 0;
    if let Some(board) = dump_board(dump_written, m.rules.variant.value) {
        if first {
            dump(m, rec, generator, action, None, dump_written, true);
        } else if let Some(g) = m.game.as_mut()
            && g.board != board
            && !g.unknown
        {
            m.record(
                rec,
                finding(Code::IllegalPlayMarker)
                    .at(action)
                    .side(None)
                    .message("the record replaces the position mid-game with one the replay did not reach"),
            );
            if let Some(g) = m.game.as_mut() {
                g.board = board;
            }
        } else if let Some(g) = m.game.as_mut() {
            g.board = board;
            g.unknown = false;
        }
    }
    if let Some((value, owner)) = dump_written.cube
        && let Some(g) = m.game.as_mut()
    {
        g.cube = Cube { value, owner };
    }
}

impl Replayer<'_, '_> {
    /// [`dump`] in the match being replayed.
    pub(super) fn dump(
        &mut self,
        action: &Action<'_>,
        roll: Option<Roll>,
        written: &BoardDump,
        first: bool,
    ) {
        if let Some(m) = self.current.as_mut() {
            dump(
                m,
                &mut self.recorder,
                &mut self.judging.generator,
                action,
                roll,
                written,
                first,
            );
        }
    }

    /// [`set_position`] in the match being replayed (kept out of line: not
    /// the common action).
    #[inline(never)]
    pub(super) fn set_position(&mut self, action: &Action<'_>, written: &BoardDump) {
        if let Some(m) = self.current.as_mut() {
            set_position(
                m,
                &mut self.recorder,
                &mut self.judging.generator,
                self.empty_roll_text,
                action,
                written,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Written;
    use crate::replay::state::{action_at, open_match};

    /// A dump of `board` (first player's frame), its cube `cube`.
    fn dump_of(board: &Position, cube: Option<(u32, Option<Side>)>) -> BoardDump {
        BoardDump {
            points: *board.points(),
            positive: Side::First,
            cube,
            next_dice: None,
            scores: None,
        }
    }

    /// The opening position with three of the first player's checkers
    /// moved from his 6 point to his 3 point: nine pips, which no play of
    /// 2-1 moves.
    fn far_board() -> Position {
        let mut setup = Position::starting(Variant::Backgammon).setup();
        setup.points[6] -= 3;
        setup.points[3] += 3;
        setup.into_position(15).unwrap()
    }

    /// A roll cell of `side` with dice `first`-`second` and a dump.
    fn roll_cell(side: Side, first: u8, second: u8) -> (Action<'static>, Roll) {
        let roll = Roll::new(first, second).unwrap();
        let kind = ActionKind::Roll {
            dice: Some(roll),
            play: Written::Dump(None),
        };
        (action_at(30, side, "Illegal play", kind), roll)
    }

    /// A dump mid-game that no legal play of the roll reaches marks an
    /// illegal play: the finding waits for the opponent's next action, and
    /// the game goes on from the dump.
    #[test]
    fn a_dump_no_play_reaches_marks_an_illegal_play() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let mut generator = MoveGen::new();
        let (action, roll) = roll_cell(Side::First, 2, 1);
        let board = far_board();
        dump(
            &mut m,
            &mut rec,
            &mut generator,
            &action,
            Some(roll),
            &dump_of(&board, None),
            false,
        );
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::IllegalPlayMarker);
        assert_eq!(f.likely_typo, Some(false));
        assert_eq!(f.before, Some(Position::starting(Variant::Backgammon)));
        let g = m.game.as_ref().unwrap();
        assert_eq!(g.board, AnyBoard::Backgammon(board));
        assert_eq!(g.next, Some(Side::Second));
        assert!(matches!(
            g.pending[..],
            [Pending::Illegal {
                side: Side::First,
                finding: 0
            }]
        ));
    }

    /// A position set up before any roll starts the game from it, with the
    /// cube it gives; the same position set again mid-game changes nothing
    /// but the cube.
    #[test]
    fn a_set_up_starts_the_game_from_its_position() {
        let mut m = open_match(0);
        let mut rec = Recorder::new();
        let mut generator = MoveGen::new();
        let board = far_board();
        let set_pos = action_at(2, Side::First, "; Set Pos", ActionKind::Take);
        let written = dump_of(&board, Some((2, Some(Side::Second))));
        set_position(&mut m, &mut rec, &mut generator, "", &set_pos, &written);
        let codes: Vec<Code> = rec.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::SetPosition]);
        assert_eq!(rec.findings[0].side, None);
        let g = m.game.as_mut().unwrap();
        assert_eq!(g.board, AnyBoard::Backgammon(board));
        assert!(!g.from_start);
        assert_eq!((g.cube.value, g.cube.owner), (2, Some(Side::Second)));
        g.rolls = 3;
        let written = dump_of(&board, Some((4, Some(Side::First))));
        set_position(&mut m, &mut rec, &mut generator, "", &set_pos, &written);
        assert_eq!(rec.findings.len(), 1);
        let g = m.game.as_ref().unwrap();
        assert_eq!((g.cube.value, g.cube.owner), (4, Some(Side::First)));
    }

    /// A dump that is no position (too many checkers) leaves the rest of
    /// the game unknown.
    #[test]
    fn a_dump_that_is_no_position_leaves_the_game_unknown() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let mut generator = MoveGen::new();
        let mut written = dump_of(&Position::starting(Variant::Backgammon), None);
        written.points[12] = 9;
        let (action, roll) = roll_cell(Side::Second, 6, 5);
        dump(
            &mut m,
            &mut rec,
            &mut generator,
            &action,
            Some(roll),
            &written,
            false,
        );
        assert_eq!(rec.findings[0].code, Code::IllegalPlayMarker);
        assert!(m.game.as_ref().unwrap().unknown);
    }
}
