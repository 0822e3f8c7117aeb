//! The verdict on a judged play, recorded in the match state and the
//! recorder: a legal play moves the board on (a path read two ways waits
//! for the next play, hit marks are checked), an illegal one waits to see
//! whether it stood, an impossible one leaves the position unknown; rows
//! lost from the record and a dance taken as omitted are settled first;
//! and the end of a game by bearing off.

use super::super::recorder::{Pending, Recorder, Sequel, finding};
use super::super::settle::{extend_no_play_run, settle_no_play_as_error};
use super::super::state::{Ambiguity, Ending, MatchState, PlayReading, frame};
use super::super::turns::lost_turn;
use crate::catalogue::{Code, Kind};
use crate::dice::Roll;
use crate::finding::LegalPlays;
use crate::notation::{Hop, PlayNotation, PointName};
use crate::parse::Action;
use crate::rules::outcome::{points, win_kind};
use crate::rules::plakoto::{PlakotoEnd, game_end};
use crate::rules::{
    AnyBoard, Board as _, IllegalKind, ImpossibleKind, Judgement, MoveGen, PlayVerdict, judge,
};
use crate::side::Side;

/// After a play by `side` in `m`'s game: the game is over if he has borne
/// off every checker.
#[inline(always)]
pub(in crate::replay) fn check_bear_off(m: &mut MatchState, side: Side) {
    let checkers = m.rules.variant.value.checkers();
    let Some(g) = m.game.as_ref() else { return };
    if let AnyBoard::Backgammon(board) = &g.board {
        // Cheap test first: has the mover borne off every checker?
        let off = match side {
            Side::First => board.our_off(),
            Side::Second => board.their_off(),
        };
        if off < checkers {
            return;
        }
    }
    check_game_over(m, side);
}

/// The end of `m`'s game by `side`'s play, once the cheap test of
/// [`check_bear_off`] did not rule it out.
#[inline(never)]
pub(super) fn check_game_over(m: &mut MatchState, side: Side) {
    let Some(g) = m.game.as_mut() else { return };
    if g.over.is_some() {
        return;
    }
    let scoring = m.rules.scoring();
    match frame(&g.board, side) {
        AnyBoard::Backgammon(mine) => {
            if mine.we_are_off() {
                let kind = win_kind(&mine);
                let value = points(kind, g.cube.value, g.cube_turned, &scoring);
                g.over = Some(Ending::BearOff {
                    winner: side,
                    points: value,
                });
            }
        }
        AnyBoard::Plakoto(mine) => {
            // Plakoto also ends by the mother checker; a draw cannot be
            // written in a transcript, so the game goes on to its result line.
            let (winner, win) = match game_end(&mine) {
                Some(PlakotoEnd::WeWin(win)) => (side, win),
                Some(PlakotoEnd::TheyWin(win)) => (side.other(), win),
                Some(PlakotoEnd::Draw) | None => return,
            };
            g.over = Some(Ending::BearOff {
                winner,
                points: g.cube.value.saturating_mul(win.multiplier()),
            });
        }
    }
}

/// A play as the rules engine judged it, for the room that records the
/// verdict.
#[derive(Copy, Clone)]
pub(super) struct JudgedPlay<'p, 'a> {
    /// The roll cell.
    pub(super) action: &'p Action<'a>,
    pub(super) roll: Roll,
    /// The play as written.
    pub(super) notation: &'p PlayNotation,
    /// The board before it, from the mover's side.
    pub(super) before: &'p AnyBoard,
    pub(super) judgement: &'p Judgement<AnyBoard>,
}

/// Records the verdict on `play` in `m`'s game, the board moved on: a
/// legal play, an illegal one (that waits to see whether it stood, or
/// extends a run of rolls left unplayed), an impossible one; `omitted`: the
/// finding of the mover's dance taken as omitted, still in doubt.
pub(super) fn record_verdict(
    m: &mut MatchState,
    rec: &mut Recorder,
    play: &JudgedPlay<'_, '_>,
    omitted: Option<usize>,
) {
    let (action, j) = (play.action, play.judgement);
    if let Some(index) = omitted
        && settle_omitted_dance(m, rec, index, play)
    {
        return;
    }
    if !matches!(j.verdict, PlayVerdict::Legal) && rows_lost(m, rec, action) {
        return;
    }
    match j.verdict {
        PlayVerdict::Legal => legal_play(m, rec, play),
        PlayVerdict::Illegal(IllegalKind::NoPlay)
            if m.game
                .as_mut()
                .is_some_and(|g| extend_no_play_run(g, rec, action.side, action.row)) => {}
        PlayVerdict::Illegal(kind) => illegal_play(m, rec, play, kind),
        PlayVerdict::Impossible { kind, hop } => {
            let hop = play.notation.hops().get(hop).copied().unwrap_or_default();
            impossible_play(m, rec, play, kind, hop);
        }
    }
}

/// A play that breaks the rules after the record's row numbers jumped
/// in `m`'s game: the rows skipped were lost, not the play wrong. The
/// jump's `numbering` finding becomes a `lost-plays` one, and the rest
/// of the game is not judged (true).
fn rows_lost(m: &mut MatchState, rec: &mut Recorder, action: &Action<'_>) -> bool {
    let Some(gap) = m.game.as_ref().and_then(|g| g.row_gap) else {
        return false;
    };
    if let Some(f) = rec.findings.get_mut(gap.finding) {
        f.code = Code::LostPlays;
        f.kind = None;
        f.severity = Code::LostPlays.severity();
        f.message = format!(
            "{}, and the play at line {} cannot follow from the position without them: plays were lost from the record; the rest of this game cannot be checked",
            rows_missing(gap.before, gap.written),
            action.location.line
        );
    }
    if let Some(g) = m.game.as_mut() {
        g.unknown = true;
        g.ambiguity = None;
        g.row_gap = None;
    }
    // Hit marks judged from the jump to this play were judged on a
    // position without the lost rows.
    rec.hit_mark_findings
        .retain(|(f, _)| f.location.line < gap.line);
    true
}

/// The `play` of a player whose missing turn was taken as a dance (finding
/// `index`): if he plays as if he had entered, his missing turn was a
/// play lost from the record (true: nothing more to judge); once all his
/// checkers are in, the dance is no longer in doubt.
fn settle_omitted_dance(
    m: &mut MatchState,
    rec: &mut Recorder,
    index: usize,
    play: &JudgedPlay<'_, '_>,
) -> bool {
    let (j, action) = (play.judgement, play.action);
    if matches!(
        j.verdict,
        PlayVerdict::Illegal(IllegalKind::BarFirst) | PlayVerdict::Impossible { .. }
    ) {
        lost_turn(m, rec, index, action.location.line);
        return true;
    }
    if !j.result.on_bar()
        && let Some(g) = m.game.as_mut()
    {
        g.omitted_dance = None;
    }
    false
}

/// A legal `play` in `m`'s game: the board moves on; a path read two ways waits for the
/// next play; hit marks are checked.
fn legal_play(m: &mut MatchState, rec: &mut Recorder, play: &JudgedPlay<'_, '_>) {
    let JudgedPlay {
        action,
        roll,
        notation,
        before,
        judgement: j,
    } = *play;
    let side = action.side;
    let after = frame(&j.result, side);
    // Almost always none: no vector then.
    let alternatives: Vec<AnyBoard> = if j.alternatives.iter().all(Option::is_none) {
        Vec::new()
    } else {
        j.alternatives
            .iter()
            .flatten()
            .map(|p| frame(p, side))
            .collect()
    };
    if let Some(g) = m.game.as_mut() {
        g.board = after;
        // A new ambiguous play replaces readings still open.
        if !alternatives.is_empty() {
            g.ambiguity = Some(Ambiguity {
                side,
                boards: std::iter::once(after).chain(alternatives).collect(),
                location: action.location,
                row: action.row,
                text: action.text.to_owned(),
                before: *before,
                dice: roll,
            });
        }
    }
    // Kept only in files that write hit marks at all.
    if rec.hit_marks_possible && (j.hit_marks.missing || j.hit_marks.spurious) {
        let message = match (j.hit_marks.missing, j.hit_marks.spurious) {
            (true, true) => "hit marks `*` are on the wrong moves",
            (true, false) => "a hit happened but no `*` marks it",
            _ => "a `*` marks a hit that did not happen",
        };
        let f = m.complete(
            finding(Code::HitMark)
                .at(action)
                .rolled(Some(roll))
                .before_board(before)
                .message(message),
        );
        rec.hit_mark_findings.push((f, *notation));
    }
    check_bear_off(m, side);
}

/// An illegal `play` (of `kind`) in `m`'s game: recorded, and the game goes on from the position
/// as played; whether it stood is settled by what follows.
fn illegal_play(
    m: &mut MatchState,
    rec: &mut Recorder,
    play: &JudgedPlay<'_, '_>,
    kind: IllegalKind,
) {
    let JudgedPlay {
        action,
        roll,
        notation,
        before,
        judgement: j,
    } = *play;
    let side = action.side;
    let index = m.record(
        rec,
        finding(Code::IllegalPlay)
            .kind(illegal_kind(kind))
            .at(action)
            .rolled(Some(roll))
            .before_board(before)
            .message(illegal_message(kind, roll, j, notation)),
    );
    let after = frame(&j.result, side);
    if let Some(g) = m.game.as_mut() {
        g.board = after;
        if kind == IllegalKind::NoPlay {
            g.pending.push(Pending::NoPlay {
                side,
                finding: index,
                rolls: 1,
                first_row: action.row,
            });
            g.last_no_play = Some((action.location, side));
        } else {
            g.pending.push(Pending::Illegal {
                side,
                finding: index,
            });
        }
    }
    check_bear_off(m, side);
}

/// An impossible `play` (of `kind`, at `hop`) in `m`'s game: the record is wrong, and the position unknown
/// from here on.
fn impossible_play(
    m: &mut MatchState,
    rec: &mut Recorder,
    play: &JudgedPlay<'_, '_>,
    kind: ImpossibleKind,
    hop: Hop,
) {
    let JudgedPlay {
        action,
        roll,
        before,
        ..
    } = *play;
    let side = action.side;
    let mut message = impossible_message(kind, hop);
    let lost = m
        .game
        .as_ref()
        .and_then(|g| g.last_no_play)
        .filter(|(_, s)| *s != side);
    if let Some((location, opponent)) = lost {
        // A run of rolls left unplayed counts as one.
        let rolls = m.game.as_ref().map_or(1, |g| {
            g.pending
                .iter()
                .find_map(|p| match p {
                    Pending::NoPlay { side, rolls, .. } if *side == opponent => Some(*rolls),
                    _ => None,
                })
                .unwrap_or(1)
        });
        let name = m.name(opponent);
        message.push_str(&if rolls > 1 {
            format!(
                "; {name}'s {rolls} rolls from line {} were recorded with no play although plays existed: those plays were probably lost",
                location.line
            )
        } else {
            format!(
                "; {name}'s roll at line {} was recorded with no play although plays existed: that play was probably lost",
                location.line
            )
        });
    }
    if let Some(g) = m.game.as_mut() {
        settle_no_play_as_error(g);
    }
    m.record(
        rec,
        finding(Code::ImpossiblePlay)
            .kind(impossible_kind(kind))
            .at(action)
            .rolled(Some(roll))
            .before_board(before)
            .message(message),
    );
    if let Some(g) = m.game.as_mut() {
        g.unknown = true;
        g.ambiguity = None;
    }
}

/// Chooses between readings of the opponent's last play in `m`'s game by
/// this play, `notation` of `roll` (`generator` judges it on each).
/// Before `side`'s play: keeps the readings of an earlier ambiguous play
/// that this play fits. The opponent's real play decides between them; a
/// dance, or the player's own next play, carries them on.
pub(super) fn settle_ambiguity(
    m: &mut MatchState,
    rec: &mut Recorder,
    generator: &mut MoveGen<AnyBoard>,
    side: Side,
    roll: Roll,
    notation: &PlayNotation,
) {
    let Some(g) = m.game.as_mut() else { return };
    let Some(mut amb) = g.ambiguity.take() else {
        return;
    };
    let mut consistent: Vec<(AnyBoard, AnyBoard)> = Vec::new();
    for board in &amb.boards {
        let j = judge(&frame(board, side), roll, notation, generator);
        if j.is_legal() {
            consistent.push((*board, frame(&j.result, side)));
        }
    }
    if let Some(&(first, _)) = consistent.first() {
        g.board = first;
    }
    if consistent.len() < 2 {
        return;
    }
    if side == amb.side || notation.is_empty() {
        // Not decided yet: carry every reading past this play.
        amb.boards = consistent.iter().map(|&(_, after)| after).collect();
        g.ambiguity = Some(amb);
        return;
    }
    m.record(
        rec,
        finding(Code::AmbiguousPath)
            .located(amb.location)
            .side(Some(amb.side))
            .row(amb.row)
            .text(amb.text)
            .rolled(Some(amb.dice))
            .before_board(&amb.before)
            .message("the move can be read with or without a hit on the way and the next play fits both; the reading without the hit was taken"),
    );
}

/// Applies to the play of `side` just judged in `m`'s game (its findings
/// from index `findings_before`) the `reading` the typo analysis settled:
/// its finding annotated and, for a probable transcription error, the game
/// going on from the legal play the record meant.
pub(super) fn apply_reading(
    m: &mut MatchState,
    rec: &mut Recorder,
    reading: &PlayReading,
    side: Side,
    findings_before: usize,
) {
    let played = rec.findings[findings_before..]
        .iter()
        .position(|f| matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay))
        .map(|i| findings_before + i);
    if let Some(index) = played {
        let f = &mut rec.findings[index];
        f.likely_typo = reading.typo;
        f.suggestion.clone_from(&reading.suggestion);
        f.message.push_str(&reading.note);
        if !reading.fits.is_empty() {
            // Kept for the legal plays listed at the game's end.
            f.legal = Some(Box::new(LegalPlays {
                fits: reading.fits.clone(),
                ..LegalPlays::default()
            }));
        }
        if reading.result.is_some() {
            // Not a play that stood: the record is wrong, not the player.
            rec.settle_stood(index, Sequel::Misread);
        }
    }
    let Some(result) = reading.result else { return };
    if let Some(g) = m.game.as_mut() {
        g.board = result;
        g.unknown = false;
        g.ambiguity = None;
        g.pending.retain(|p| match p {
            Pending::Illegal { finding, .. } | Pending::NoPlay { finding, .. } => {
                *finding < findings_before
            }
            Pending::Hidden { .. } => true,
        });
        if g.last_no_play.is_some_and(|(_, s)| s == side) {
            g.last_no_play = None;
        }
        if matches!(g.over, Some(Ending::BearOff { .. })) {
            g.over = None;
        }
    }
    check_bear_off(m, side);
}

/// The finding kind of an illegal play.
const fn illegal_kind(kind: IllegalKind) -> Kind {
    match kind {
        IllegalKind::WrongDice => Kind::WrongDice,
        IllegalKind::UnderPlayed => Kind::UnderPlayed,
        IllegalKind::SmallerDie => Kind::SmallerDie,
        IllegalKind::BarFirst => Kind::BarFirst,
        IllegalKind::BearOffEarly => Kind::BearOffEarly,
        IllegalKind::BearOffLower => Kind::BearOffLower,
        IllegalKind::BlockedPath => Kind::BlockedPath,
        IllegalKind::NoPlay => Kind::NoPlay,
        IllegalKind::PlayWhenNone => Kind::PlayWhenNone,
        IllegalKind::PinnedChecker => Kind::PinnedChecker,
        IllegalKind::OntoPinnedPoint => Kind::OntoPinnedPoint,
        IllegalKind::BearOffPinned => Kind::BearOffPinned,
    }
}

/// The finding kind of an impossible play.
const fn impossible_kind(kind: ImpossibleKind) -> Kind {
    match kind {
        ImpossibleKind::NoChecker => Kind::NoChecker,
        ImpossibleKind::OntoMadePoint => Kind::OntoMadePoint,
        ImpossibleKind::Backward => Kind::Backward,
    }
}

fn illegal_message(
    kind: IllegalKind,
    roll: Roll,
    j: &Judgement<AnyBoard>,
    notation: &PlayNotation,
) -> String {
    let used = j.dice_used;
    let max = j.max_dice.unwrap_or(0);
    let count = j.legal_count.unwrap_or(0);
    match kind {
        IllegalKind::WrongDice if j.legal_count == Some(0) => format!(
            "`{notation}` cannot be made with {roll}, and {roll} could not be played at all"
        ),
        IllegalKind::WrongDice => format!("`{notation}` cannot be made with {roll}"),
        IllegalKind::UnderPlayed => format!(
            "plays {used} of the dice when {max} can be played ({count} legal play{})",
            if count == 1 { "" } else { "s" }
        ),
        IllegalKind::SmallerDie => format!(
            "plays only the {}; the {} can be played and, when only one die can, the larger must be",
            roll.low(),
            roll.high()
        ),
        IllegalKind::BarFirst => "moves another checker while one is still on the bar".into(),
        IllegalKind::BearOffEarly => {
            "bears off while a checker is still outside the home board".into()
        }
        IllegalKind::BearOffLower => {
            "bears off from a lower point with a higher die while a higher point is occupied".into()
        }
        IllegalKind::BlockedPath => "a checker moves through a blocked intermediate point".into(),
        IllegalKind::NoPlay => format!(
            "nothing is played although {count} legal play{} existed",
            if count == 1 { "" } else { "s" }
        ),
        IllegalKind::PlayWhenNone => {
            format!("a play is written although {roll} could not be played at all")
        }
        IllegalKind::PinnedChecker => "moves a pinned checker".into(),
        IllegalKind::OntoPinnedPoint => {
            "lands on a point where an opposing checker pins one of the mover's".into()
        }
        IllegalKind::BearOffPinned => {
            "bears off while one of the mover's checkers is pinned".into()
        }
    }
}

fn impossible_message(kind: ImpossibleKind, hop: Hop) -> String {
    let point = |p: u8| PointName(p).to_string();
    let mut message = match kind {
        ImpossibleKind::NoChecker if hop.from == 25 => {
            format!("`{hop}` enters from the bar, but the player has no checker there")
        }
        ImpossibleKind::NoChecker => format!(
            "`{hop}` moves a checker from the {} point, where the player has none",
            point(hop.from)
        ),
        ImpossibleKind::OntoMadePoint => format!(
            "`{hop}` lands on the {} point, held by two or more opposing checkers",
            point(hop.to)
        ),
        ImpossibleKind::Backward => format!("`{hop}` moves a checker backwards"),
    };
    message.push_str(
        ": the record cannot be right as written, and the rest of this game cannot be checked",
    );
    message
}

/// How the row numbers jump from `before` to `written` (0: the game's
/// first row is `written`), and which rows that leaves out.
fn rows_missing(before: u32, written: u32) -> String {
    match (before, written) {
        (0, 2) => "the game's rows start at 2: row 1 is missing".to_owned(),
        (0, _) => format!("the game's rows start at {written}: the first rows are missing"),
        _ if written == before + 2 => {
            format!(
                "the rows jump from {before} to {written}: row {} is missing",
                before + 1
            )
        }
        _ => format!(
            "the rows jump from {before} to {written}: rows {} to {} are missing",
            before + 1,
            written - 1
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::Location;
    use crate::parse::ActionKind;
    use crate::position::{Position, Variant};
    use crate::replay::state::{RowGap, action_at, open_match, play_at, starting};
    use crate::rules::{MoveGen, judge};

    /// Judges the first player's play `written` of `first`-`second` from
    /// the opening position and records the verdict in `m` and `rec`.
    fn play(m: &mut MatchState, rec: &mut Recorder, first: u8, second: u8, written: &str) {
        let roll = Roll::new(first, second).unwrap();
        let notation = PlayNotation::parse(written).unwrap();
        let before = starting(Variant::Backgammon);
        let judgement = judge(&before, roll, &notation, &mut MoveGen::new());
        let action = play_at(7, Side::First, first, second, written);
        let judged = JudgedPlay {
            action: &action,
            roll,
            notation: &notation,
            before: &before,
            judgement: &judgement,
        };
        record_verdict(m, rec, &judged, None);
    }

    /// An illegal play is recorded, waits to see whether it stood, and the
    /// game goes on from the position as played.
    #[test]
    fn an_illegal_play_waits_to_see_whether_it_stood() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        play(&mut m, &mut rec, 5, 2, "13/8 13/10");
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!((f.code, f.kind), (Code::IllegalPlay, Some(Kind::WrongDice)));
        assert_eq!(f.player.as_deref(), Some("Omar"));
        let g = m.game.as_ref().unwrap();
        assert!(matches!(
            g.pending[..],
            [Pending::Illegal {
                side: Side::First,
                finding: 0
            }]
        ));
        let AnyBoard::Backgammon(board) = g.board else {
            panic!("a backgammon board")
        };
        assert_eq!((board.ours(13), board.ours(10)), (3, 1));
    }

    /// An impossible play leaves the position unknown.
    #[test]
    fn an_impossible_play_leaves_the_position_unknown() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        play(&mut m, &mut rec, 5, 2, "20/15 20/18");
        assert_eq!(rec.findings[0].code, Code::ImpossiblePlay);
        assert!(m.game.as_ref().unwrap().unknown);
    }

    /// After a jump in the row numbers, a play that breaks the rules shows
    /// the rows skipped were lost: the jump's finding says so, and the play
    /// is no finding of its own.
    #[test]
    fn a_broken_play_after_a_row_jump_shows_lost_rows() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let numbering = action_at(6, Side::First, "9)", ActionKind::Take);
        let index = m.record(&mut rec, finding(Code::Numbering).at(&numbering));
        m.game.as_mut().unwrap().row_gap = Some(RowGap {
            finding: index,
            before: 5,
            written: 9,
            line: 6,
        });
        play(&mut m, &mut rec, 5, 2, "13/8 13/10");
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::LostPlays);
        assert!(f.message.contains("the play at line 7"), "{}", f.message);
        let g = m.game.as_ref().unwrap();
        assert!(g.unknown && g.row_gap.is_none());
    }

    /// The board of a game whose second player stands on `point` (first
    /// player's numbering) with the two back checkers the opening puts on 1.
    fn backs_on(point: usize) -> AnyBoard {
        let mut setup = Position::starting(Variant::Backgammon).setup();
        setup.points[1] = 0;
        setup.points[point] -= 2;
        AnyBoard::Backgammon(setup.into_position(15).unwrap())
    }

    /// The opponent's play fits both readings of an ambiguous play: the
    /// ambiguity is recorded and the first reading taken. A play that fits
    /// one reading decides, with nothing to record.
    #[test]
    fn the_next_play_settles_an_ambiguous_path() {
        for (other, fits_both) in [(backs_on(1), true), (backs_on(2), false)] {
            let mut m = open_match(7);
            let mut rec = Recorder::new();
            let first = starting(Variant::Backgammon);
            m.game.as_mut().unwrap().ambiguity = Some(Ambiguity {
                side: Side::First,
                boards: vec![first, other],
                location: Location::START,
                row: Some(1),
                text: "64: 24/14".to_owned(),
                before: first,
                dice: Roll::new(6, 4).unwrap(),
            });
            let notation = PlayNotation::parse("24/18 13/11").unwrap();
            let roll = Roll::new(6, 2).unwrap();
            settle_ambiguity(
                &mut m,
                &mut rec,
                &mut MoveGen::new(),
                Side::Second,
                roll,
                &notation,
            );
            let g = m.game.as_ref().unwrap();
            assert!(g.ambiguity.is_none());
            assert_eq!(g.board, first);
            let codes: Vec<Code> = rec.findings.iter().map(|f| f.code).collect();
            if fits_both {
                assert_eq!(codes, [Code::AmbiguousPath]);
                assert_eq!(rec.findings[0].side, Some(Side::First));
            } else {
                assert!(codes.is_empty(), "{codes:?}");
            }
        }
    }

    /// A reading the typo analysis settled as a transcription error: the
    /// finding says so and did not stand, and the game goes on from the
    /// play the record meant.
    #[test]
    fn a_mistyped_play_goes_on_from_the_play_meant() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        play(&mut m, &mut rec, 5, 2, "13/8 13/10");
        let meant = after_13_8_13_11();
        let reading = PlayReading {
            event: 3,
            result: Some(meant),
            suggestion: Some("13/8 13/11".to_owned()),
            dice: None,
            typo: Some(true),
            note: "; probable transcription error".to_owned(),
            lost: false,
            fits: vec![("13/8 13/11".to_owned(), 0)],
        };
        apply_reading(&mut m, &mut rec, &reading, Side::First, 0);
        let f = &rec.findings[0];
        assert_eq!((f.likely_typo, f.stood), (Some(true), None));
        assert_eq!(f.suggestion.as_deref(), Some("13/8 13/11"));
        assert!(f.message.ends_with("; probable transcription error"));
        assert_eq!(f.legal.as_ref().map(|l| l.fits.len()), Some(1));
        let g = m.game.as_ref().unwrap();
        assert_eq!(g.board, meant);
        assert!(g.pending.is_empty());
    }

    /// The opening position after the first player's 13/8 13/11.
    fn after_13_8_13_11() -> AnyBoard {
        let mut setup = Position::starting(Variant::Backgammon).setup();
        setup.points[13] -= 2;
        setup.points[8] += 1;
        setup.points[11] += 1;
        AnyBoard::Backgammon(setup.into_position(15).unwrap())
    }

    /// A legal play with a hit mark where nothing was hit: the finding is
    /// kept aside until the file shows whether it writes hit marks.
    #[test]
    fn a_wrong_hit_mark_is_kept_aside() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        play(&mut m, &mut rec, 5, 2, "13/8* 13/11");
        assert!(rec.findings.is_empty(), "{:?}", rec.findings);
        let [(f, written)] = &rec.hit_mark_findings[..] else {
            panic!("{:?}", rec.hit_mark_findings)
        };
        assert_eq!(f.code, Code::HitMark);
        assert_eq!(f.message, "a `*` marks a hit that did not happen");
        assert_eq!(written.to_string(), "13/8* 13/11");
        assert!(m.game.as_ref().unwrap().pending.is_empty());
    }
}
