//! Planted errors and the plays after them: an illegal play stands and the
//! later plays are judged from it, an impossible or hidden play stops its
//! game only, lost plays and deleted rows are one finding at the break and
//! no cascade, and a later play decides an ambiguous path.

use super::*;

// ---- several edits, one finding ------------------------------------------

/// An illegal play stands and the game goes on from the position as played:
/// Hanna leaves both checkers on the bar, so her next play (`25/20` alone,
/// the 1 cannot enter) is legal only from there.
#[test]
fn an_illegal_play_stands_and_later_plays_are_judged_from_it() {
    const LATER: Edit = Edit::Cell(25, 6, "51: 25/20 20/19", "51: 25/20");
    check(&plant(
        MATCH7,
        &[Edit::Cell(24, 6, "61: 25/19", "61: 13/7"), LATER],
        error("illegal-play", 24, 6)
            .kind("bar-first")
            .game(1)
            .row(18)
            .by(FIRST, "Hanna")
            .text("61: 13/7")
            .stood(true),
    ));
    // The later play alone is illegal: it is the first edit that makes it
    // legal. Alone, `bar/20` is the play of 41 (the checker entering and
    // moving on), one die from the 51 written: a misread die.
    check(&plant(
        MATCH7,
        &[LATER],
        error("illegal-play", 25, 6)
            .kind("under-played")
            .game(1)
            .row(19)
            .by(FIRST, "Hanna")
            .misread("41"),
    ));
}

/// After an impossible play the rest of its game is not judged (one
/// finding), and the next game is checked again.
#[test]
fn an_impossible_play_stops_its_game_only() {
    let mut p = plant(
        MATCH7,
        &[
            Edit::Cell(34, 6, "65: 20/14 14/9", "65: 21/15 15/10"),
            // Illegal, but after the impossible play in the same game.
            Edit::Cell(39, 34, "65: 10/4 10/5", "43: 10/4 10/5"),
            // Illegal, in the next game.
            Edit::Cell(59, 6, "52: 16/11 13/11", "43: 16/11 13/11"),
        ],
        error("impossible-play", 34, 6)
            .kind("no-checker")
            .game(2)
            .row(5),
    );
    p.expect.push(
        error("illegal-play", 59, 6)
            .kind("wrong-dice")
            .game(3)
            .row(2)
            .stood(true),
    );
    check(&p);
}

/// A hidden play stops the judging of its game only: an illegal play later
/// in game 2 is not reported, one in game 3 is.
#[test]
fn a_hidden_play_stops_its_game_only() {
    let mut p = plant(
        STUDIO5,
        &[
            Edit::Cell(37, 41, "61: 21/15 9/8", "61: ????"),
            Edit::Cell(39, 7, "54: bar/21 13/8", "63: bar/21 13/8"),
            Edit::Cell(55, 6, "52: 13/8 24/22", "43: 13/8 24/22"),
        ],
        error("hidden-play", 37, 41).game(2).row(10),
    );
    p.expect.push(
        error("illegal-play", 55, 6)
            .kind("wrong-dice")
            .game(3)
            .row(1)
            .stood(true),
    );
    check(&p);
}

/// A play lost by the exporter: Olaf's hit is written with no play, so
/// Hanna's entry from the bar is impossible; that finding points back to
/// the roll without a play (findings.md, after the record defects).
#[test]
fn a_lost_play_is_recovered_from_the_rest_of_the_game() {
    // `63: 14/8 8/5*` written as `63:`: as written, the opponent's next play
    // would enter a checker that was never hit. The analysis finds the lost
    // play (`14/5*`, the same play joined), says so and goes on from it: one
    // finding, and the opponent's entry is not reported.
    let p = plant(
        MATCH7,
        &[Edit::Cell(8, 34, "63: 14/8 8/5*", "63:")],
        error("illegal-play", 8, 34)
            .kind("no-play")
            .game(1)
            .row(2)
            .by(SECOND, "Olaf")
            .says("probably lost from the record: with `14/5*`"),
    );
    check(&p);
}

/// A row deleted in mid-game: the rows jump from 5 to 7, and the next
/// play cannot follow without row 6. One `lost-plays` finding at the jump,
/// not a cascade of illegal plays (the rest of the game is not judged).
#[test]
fn a_deleted_row_is_one_lost_plays_finding_at_the_jump() {
    let p = plant(
        MATCH7,
        &[Edit::Delete(12, 12)],
        warning("lost-plays", 12, 3)
            .game(1)
            .row(7)
            .says("the rows jump from 5 to 7: row 6 is missing, and the play at line 12"),
    );
    check(&p);
}

/// A deleted row whose lost plays hit: the hit mark judged before the
/// break (on a position without the lost rows) is not kept either.
#[test]
fn a_deleted_row_leaves_no_hit_mark_finding_before_the_break() {
    let p = plant(
        MATCH7,
        &[Edit::Delete(16, 16)],
        warning("lost-plays", 16, 2)
            .game(1)
            .row(11)
            .says("the rows jump from 9 to 11: row 10 is missing"),
    );
    check(&p);
}

/// Two rows deleted: one finding names both.
#[test]
fn two_deleted_rows_are_one_lost_plays_finding() {
    let p = plant(
        MATCH7,
        &[Edit::Delete(12, 13)],
        warning("lost-plays", 12, 3)
            .game(1)
            .row(8)
            .says("the rows jump from 5 to 8: rows 6 to 7 are missing"),
    );
    check(&p);
}

/// The first row of a game deleted: the game's rows start at 2.
#[test]
fn a_deleted_first_row_is_one_lost_plays_finding() {
    let p = plant(
        MATCH7,
        &[Edit::Delete(30, 30)],
        warning("lost-plays", 30, 3)
            .game(2)
            .row(2)
            .says("the game's rows start at 2: row 1 is missing"),
    );
    check(&p);
}

/// A row number mistyped (`7)` for `6)`) and the next row numbered 7 again:
/// no row was lost, and a real error later in the game is reported
/// as such.
#[test]
fn a_numbering_slip_before_an_illegal_play_loses_no_rows() {
    let p = plant(
        MATCH7,
        &[
            Edit::Cell(12, 3, "6)", "7)"),
            Edit::Cell(16, 6, "63: 25/22", "63: 25/21"),
        ],
        error("impossible-play", 16, 6)
            .kind("onto-made-point")
            .game(1)
            .row(10)
            .by(FIRST, "Hanna"),
    );
    let mut p = p;
    p.expect.push(info("numbering", 12, 3));
    check(&p);
}

/// A beaver raises the cube as a double does: with `; [CubeLimit "2"]` the
/// beaver to 4 in game 1 is above the limit, like the redouble to 4 in
/// game 5.
#[test]
fn a_beaver_above_the_cube_limit_is_reported() {
    let mut p = plant(
        MONEY,
        &[Edit::Insert(4, &["; [CubeLimit \"2\"]"])],
        error("cube-disabled", 20, 7)
            .game(1)
            .row(11)
            .by(FIRST, "Pedro")
            .text("Beavers => 4"),
    );
    p.expect.push(
        error("cube-disabled", 95, 7)
            .game(5)
            .row(11)
            .by(FIRST, "Pedro")
            .text("Doubles => 4"),
    );
    check(&p);
}

/// `13/3` may or may not have hit on the 9 point; Tilde dances (both
/// readings allow it) and then enters two checkers, which only the reading
/// with the hit allows. No error; the hit is not marked with `*` in a file
/// that marks hits, which may be noted.
#[test]
fn an_ambiguous_path_is_decided_by_a_later_play_after_a_dance() {
    check(&Plant {
        expect: Vec::new(),
        allowed: &[("hit-mark", 33)],
        ..plant(
            POSITIONS,
            &[Edit::Cell(33, 6, "64: 13/9* 9/3", "64: 13/3")],
            info("unused", 0, 0),
        )
    });
}
