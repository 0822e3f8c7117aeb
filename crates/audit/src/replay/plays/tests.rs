//! The judging of plays on a hand-built match state, with its own judging
//! machinery: no replayer, no reader.

use super::*;
use crate::catalogue::Code;
use crate::parse::ActionKind;
use crate::position::Variant;
use crate::replay::state::{PlayReading, action_at, open_match, play_at};

/// The roll `first`-`second` of `side` with `written` played, at line 7.
fn roll_cell(side: Side, first: u8, second: u8, written: &str) -> (Action<'_>, Roll, PlayNotation) {
    (
        play_at(7, side, first, second, written),
        Roll::new(first, second).unwrap(),
        PlayNotation::parse(written).unwrap(),
    )
}

/// The board of `m`'s game, a backgammon board.
fn board_of(m: &MatchState) -> Position {
    match m.game.as_ref().unwrap().board {
        AnyBoard::Backgammon(board) => board,
        AnyBoard::Plakoto(_) => panic!("a backgammon board"),
    }
}

/// The opening board of backgammon.
fn starting() -> AnyBoard {
    crate::replay::state::starting(Variant::Backgammon)
}

/// A legal play in the common state takes the lean path: the board moves
/// on, the roll and the play are counted, the turn passes, nothing is
/// recorded and no board is kept for the typo analysis.
#[test]
fn a_plain_legal_play_moves_the_board_on() {
    let mut m = open_match(7);
    let mut rec = Recorder::new();
    let mut judging = Judging::new();
    judging.event_index = 4;
    let (action, roll, notation) = roll_cell(Side::First, 3, 1, "8/5 6/5");
    assert!(plain_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation
    ));
    let board = board_of(&m);
    assert_eq!((board.ours(8), board.ours(6), board.ours(5)), (2, 4, 2));
    let g = m.game.as_ref().unwrap();
    assert_eq!((g.rolls, g.next), (1, Some(Side::Second)));
    assert_eq!(m.summary.plays, 1);
    let tally = &m.summary.players.first;
    assert_eq!((tally.plays, tally.rolls), (1, 1));
    assert!(rec.findings.is_empty() && judging.snapshots.is_empty());
    assert_eq!(judging.judging_event, 4);
}

/// An illegal play is not for the lean path: it changes nothing there.
/// Judged in full, it is recorded, and the board at its event's start is
/// kept for the typo analysis.
#[test]
fn an_illegal_play_is_judged_in_full_and_its_board_kept() {
    let mut m = open_match(7);
    let mut rec = Recorder::new();
    let mut judging = Judging::new();
    let (action, roll, notation) = roll_cell(Side::First, 5, 2, "13/8 13/10");
    let (m_before, tally_before) = (board_of(&m), m.summary.players.first.clone());
    assert!(!plain_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation
    ));
    assert_eq!(board_of(&m), m_before);
    assert_eq!(m.summary.players.first, tally_before);
    judging.judging_event = 3;
    judge_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation,
        None,
    );
    assert_eq!(rec.findings.len(), 1);
    assert_eq!(rec.findings[0].code, Code::IllegalPlay);
    assert_eq!(judging.snapshots, vec![(3, starting())]);
    assert_eq!(m.summary.plays, 1);
}

/// A reading the typo analysis settled for the event being judged is
/// applied to its play: the game goes on from the play the record meant.
#[test]
fn a_settled_reading_is_applied_to_its_play() {
    let mut m = open_match(7);
    let mut rec = Recorder::new();
    let mut judging = Judging::new();
    let (action, roll, notation) = roll_cell(Side::First, 5, 2, "13/8 13/10");
    let meant = {
        let mut setup = Position::starting(Variant::Backgammon).setup();
        setup.points[13] -= 2;
        setup.points[8] += 1;
        setup.points[11] += 1;
        setup.into_position(15).unwrap()
    };
    judging.judging_event = 2;
    judging.readings.push(PlayReading {
        result: Some(AnyBoard::Backgammon(meant)),
        suggestion: Some("13/8 13/11".to_owned()),
        typo: Some(true),
        note: "; probable transcription error".to_owned(),
        ..PlayReading::stands(2)
    });
    judge_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation,
        None,
    );
    assert_eq!(board_of(&m), meant);
    let f = &rec.findings[0];
    assert_eq!(f.suggestion.as_deref(), Some("13/8 13/11"));
    assert!(f.message.ends_with("; probable transcription error"));
}

/// A dump that also moved the next player's checkers: when his play can
/// be made only from where they stood before it, the game goes on from
/// there and the dump's finding says so.
#[test]
fn a_play_made_only_from_before_the_dump_settles_its_doubt() {
    let mut m = open_match(7);
    let mut rec = Recorder::new();
    let mut judging = Judging::new();
    let dump = action_at(5, Side::First, "Illegal play", ActionKind::Take);
    let index = m.record(
        &mut rec,
        crate::replay::recorder::finding(Code::IllegalPlay).at(&dump),
    );
    // The dump put the second player's back checkers on his 23 point.
    let moved = {
        let mut setup = Position::starting(Variant::Backgammon).setup();
        setup.points[1] = 0;
        setup.points[2] -= 2;
        AnyBoard::Backgammon(setup.into_position(15).unwrap())
    };
    let g = m.game.as_mut().unwrap();
    g.board = moved;
    g.dump_doubt = Some((starting(), index, Side::Second));
    let (action, roll, notation) = roll_cell(Side::Second, 6, 3, "24/18 24/21");
    judge_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation,
        None,
    );
    let g = m.game.as_ref().unwrap();
    assert!(g.dump_doubt.is_none() && !g.unknown);
    assert_eq!(rec.findings.len(), 1, "{:?}", rec.findings);
    assert!(
        rec.findings[index]
            .message
            .ends_with("so the game goes on with them there"),
        "{}",
        rec.findings[index].message
    );
    let board = board_of(&m);
    assert_eq!(
        (board.theirs(1), board.theirs(7), board.theirs(4)),
        (0, 1, 1)
    );
}

/// Once a game is settled, a checker-play finding gets the play written
/// in its cell and the legal plays of its roll.
#[test]
fn a_settled_games_play_findings_get_the_written_and_legal_plays() {
    let mut m = open_match(7);
    let mut rec = Recorder::new();
    let mut judging = Judging::new();
    let (action, roll, notation) = roll_cell(Side::First, 5, 2, "13/8 13/10");
    judge_play(
        &mut m,
        &mut rec,
        &mut judging,
        &action,
        roll,
        &notation,
        None,
    );
    let events = [GameEvent::Action(std::mem::ManuallyDrop::new(action))];
    describe_plays(&mut rec, &mut judging.backgammon, &events, 0);
    let f = &rec.findings[0];
    assert_eq!(f.written.as_deref(), Some(&notation));
    let legal = f.legal.as_deref().expect("the legal plays");
    assert!(legal.count > 1, "{legal:?}");
    assert!(
        legal
            .listed
            .iter()
            .any(|p| p.contains("13/8") && p.contains("13/11")),
        "{legal:?}"
    );
}
