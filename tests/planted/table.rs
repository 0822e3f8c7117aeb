//! The table of plants, by kind of finding (illegal plays, plays that
//! stood, misread dice, position markers, the cube, record defects, reading
//! problems): each test plants one error in a clean fixture and expects the
//! one finding it gives.

use super::*;

plants! {
    // ---- illegal-play, each kind -------------------------------------------

    /// 5-2 written with the same play as 4-3: the position is the same, so
    /// the rest of the game is untouched.
    illegal_play_wrong_dice: plant(MATCH7,
        &[Edit::Cell(59, 6, "52: 16/11 13/11", "43: 16/11 13/11")],
        error("illegal-play", 59, 6).kind("wrong-dice").game(3).row(2)
            .by(FIRST, "Hanna").text("43: 16/11 13/11").stood(true));

    illegal_play_under_played: plant(MATCH7,
        &[Edit::Cell(8, 6, "54: 13/8 24/20", "54: 24/20")],
        error("illegal-play", 8, 6).kind("under-played").game(1).row(2)
            .by(FIRST, "Hanna").text("54: 24/20").stood(true));

    /// Only one die can be played and it must be the 6 (see the README).
    illegal_play_smaller_die: plant(POSITIONS,
        &[Edit::Cell(14, 6, "65: 24/18", "65: 24/19")],
        error("illegal-play", 14, 6).kind("smaller-die").game(1).row(1)
            .by(FIRST, "Rune").text("65: 24/19").stood(true));

    /// Two checkers on the bar: one enters with the 3, the 6 moves another
    /// checker instead of entering the second.
    illegal_play_bar_first: plant(MATCH7,
        &[Edit::Cell(16, 6, "63: 25/22", "63: 25/22 13/7")],
        error("illegal-play", 16, 6).kind("bar-first").game(1).row(10)
            .by(FIRST, "Hanna").text("63: 25/22 13/7").stood(true));

    illegal_play_bear_off_early: plant(MATCH7,
        &[Edit::Cell(11, 6, "32: 15/13 13/10", "32: 5/3 3/0")],
        error("illegal-play", 11, 6).kind("bear-off-early").game(1).row(5)
            .by(FIRST, "Hanna").text("32: 5/3 3/0").stood(true));

    /// Checkers on the 2 and 1 points, 4-2: the 4 must bear off from the 2,
    /// and so must the 2 (no roll one die away bears off two from the 1
    /// point either: no misread die).
    illegal_play_bear_off_lower: plant(STUDIO5,
        &[Edit::Cell(49, 41, "42: 2/off(2)", "42: 1/off 1/off")],
        error("illegal-play", 49, 41).kind("bear-off-lower").game(2).row(22)
            .by(SECOND, "Jonas Berg").text("42: 1/off 1/off").stood(true));

    /// 24/16 with 4-4 goes through the 20 point, which is made.
    illegal_play_blocked_path: plant(STUDIO5,
        &[Edit::Cell(20, 41, "62: 24/16", "44: 24/16")],
        error("illegal-play", 20, 41).kind("blocked-path").game(1).row(3)
            .by(SECOND, "Jonas Berg").text("44: 24/16").stood(true));

    /// Mid-game: an error, and the opponent's roll accepted it.
    illegal_play_no_play_mid_game_is_an_error: plant(MATCH7,
        &[Edit::Cell(38, 34, "21: 8/7 7/5", "21:")],
        error("illegal-play", 38, 34).kind("no-play").game(2).row(9)
            .by(SECOND, "Olaf").text("21:").stood(true));

    /// Olaf's last roll of game 7 is written with no play, then Hanna bears
    /// off her last checkers: the game did not end by a resignation, so this
    /// is an error, and Hanna's roll accepted it.
    illegal_play_no_play_before_the_opponent_bears_off_is_an_error: plant(MATCH7,
        &[Edit::Cell(174, 34, "62: 2/0 5/0", "62:")],
        error("illegal-play", 174, 34).kind("no-play").game(7).row(24)
            .by(SECOND, "Olaf").text("62:").stood(true));

    /// Game 1's resignation written as the 7 points Olaf needed, as if it
    /// conceded the match, yet game 2 follows: the value is wrong (a
    /// warning at the `Wins` line), and game 2's score line is not blamed.
    resign_value_that_would_concede_the_match_but_the_match_goes_on: plant(MATCH7,
        &[Edit::Cell(26, 35, "Wins 2 points", "Wins 7 points")],
        warning("resign-value", 26, 35).game(1).no_row()
            .by(SECOND, "Olaf").text("Wins 7 points"));

    /// The same resignation written as the 7 points Olaf needed, and the
    /// record ends with game 1: the resignation conceded the match (a note).
    resign_value_conceding_the_match: plant(MATCH7,
        &[Edit::Cell(26, 35, "Wins 2 points", "Wins 7 points"), Edit::Delete(27, 177)],
        info("resign-value", 26, 35).kind("match").game(1).no_row()
            .by(SECOND, "Olaf").text("Wins 7 points"));

    /// A Variation tag naming a game bgaudit does not know: no play of the
    /// match is judged, and the file says so once.
    unsupported_variation_tag: plant(MATCH7,
        &[Edit::Insert(1, &["; [Variation \"Fevga\"]"])],
        warning("unsupported", 1, 1).no_game().no_row().nobody().text("")
            .says("`Fevga`"));

    /// An SGF variation after the last node of game 1: only the main line
    /// is read, and the skipped branch is noted where it starts.
    skipped_sgf_variation: plant("../sgf/legal_2p.sgf",
        &[Edit::Lines(8, &["(;B[drop])(;B[take]))"])],
        info("skipped", 8, 11).game(1).no_row().nobody().text("(")
            .says("1 variation skipped"));

    /// Hanna's dance on the bar (`11:` against Olaf's board) left out, as
    /// hand transcriptions sometimes do: Olaf's roll comes next, an omitted
    /// dance (info), not a broken record.
    turn_order_omitted_dance: plant(MATCH7,
        &[Edit::Cell(14, 6, "11:", "")],
        info("turn-order", 14, 34).kind("omitted-dance").game(1).row(8)
            .by(SECOND, "Olaf").text("52: 13/8 8/6"));

    /// Hanna plays nothing, Olaf rolls on (accepting it), then Hanna
    /// resigns: the skipped play stood, an error, not a concession.
    illegal_play_no_play_then_the_opponent_rolls_then_a_resignation_is_an_error: plant(MATCH7,
        &[Edit::Cell(140, 6, "42: 7/5 4/0", "42:")],
        error("illegal-play", 140, 6).kind("no-play").game(5).row(26)
            .by(FIRST, "Hanna").text("42:").stood(true));

    /// The player rolls, plays nothing and resigns: info.
    illegal_play_no_play_before_a_resignation_is_info: plant(MONEY,
        &[Edit::Cell(112, 6, "64: 25/21 8/2", "64:")],
        info("illegal-play", 112, 6).kind("no-play").game(6).row(14)
            .by(FIRST, "Pedro").text("64:"));

    /// The same in the Backgammon Studio dialect, whose resigning player's
    /// roll is normally hidden (`66: ????`).
    illegal_play_cannot_move_before_a_resignation_is_info: plant(STUDIO5,
        &[Edit::Cell(119, 41, "66: ????", "66: Cannot Move")],
        info("illegal-play", 119, 41).kind("no-play").game(5).row(17)
            .by(SECOND, "Jonas Berg").text("66: Cannot Move"));

    /// A dance (on the bar, 6-3 does not enter) written with a play.
    illegal_play_play_when_none: plant(MATCH7,
        &[Edit::Cell(124, 6, "63:", "63: 6/3")],
        error("illegal-play", 124, 6).kind("play-when-none").game(5).row(10)
            .by(FIRST, "Hanna").text("63: 6/3").stood(true));

    // ---- stood -----------------------------------------------------------

    /// The last bear-off of the match with dice that cannot make it: 1-1
    /// bears two checkers off the 2 point, so a die was misread; nothing
    /// follows in the game, and the reading needs nothing to follow.
    a_misread_die_in_the_last_bear_off_is_read_though_nothing_follows: plant(MATCH7,
        &[Edit::Cell(175, 6, "43: 2/0 2/0", "21: 2/0 2/0")],
        error("illegal-play", 175, 6).kind("wrong-dice").game(7).row(25)
            .by(FIRST, "Hanna").text("21: 2/0 2/0").misread("11")
            .says("nothing follows it in the game"));

    // ---- misread dice ------------------------------------------------------

    /// `42: 6/4 8/4` written with a 5: the play of 42, one die away; the
    /// rest of the game follows it.
    illegal_play_misread_die: plant(MATCH7,
        &[Edit::Cell(31, 6, "42: 6/4 8/4", "52: 6/4 8/4")],
        error("illegal-play", 31, 6).kind("wrong-dice").game(2).row(2)
            .by(FIRST, "Hanna").text("52: 6/4 8/4").misread("42")
            .says("`6/4 8/4` is the play of 42, one die away from the 52 written"));

    /// The opening roll: one die per player, one of them misread.
    illegal_play_misread_opening_die: plant(MATCH7,
        &[Edit::Cell(30, 6, "65: 24/18 18/13", "64: 24/18 18/13")],
        error("illegal-play", 30, 6).kind("wrong-dice").game(2).row(1)
            .by(FIRST, "Hanna").text("64: 24/18 18/13").misread("65")
            .says("at the opening each player rolls one die"));

    /// The opponent resigns right after the illegal play.
    stood_is_false_when_the_opponent_resigns_next: plant(MATCH7,
        &[Edit::Cell(25, 34, "53: 2/0 2/0", "53: 1/0 1/0")],
        error("illegal-play", 25, 34).kind("bear-off-lower").game(1).row(19)
            .by(SECOND, "Olaf").text("53: 1/0 1/0").stood(false));

    /// The opponent's double accepts the play too.
    stood_is_true_when_the_opponent_doubles_next: plant(MATCH7,
        &[Edit::Cell(146, 6, "41: 13/9 24/23", "52: 13/9 24/23")],
        error("illegal-play", 146, 6).kind("wrong-dice").game(6).row(2)
            .by(FIRST, "Hanna").text("52: 13/9 24/23").stood(true));

    // ---- position markers ------------------------------------------------

    /// The dump is the position after `2/off 1/off` (the bear-off-lower
    /// plant above), which no 4-2 reaches.
    illegal_play_marker: plant(STUDIO5,
        &[Edit::Cell(49, 41, "42: 2/off(2)", MARKER)],
        error("illegal-play-marker", 49, 41).game(2).row(22)
            .by(SECOND, "Jonas Berg").text(MARKER).stood(true));

    /// A game starting from a set position (the opening one, so that the
    /// game replays the same): a note.
    set_position: plant(STUDIO5,
        &[Edit::Insert(103, &[START])],
        info("set-position", 103, 1).game(5).no_row().text(START));

    /// The set-up is no player's action.
    set_position_is_no_players_action: plant(STUDIO5,
        &[Edit::Insert(103, &[START])],
        info("set-position", 103, 1).game(5).no_row().nobody().text(START));

    /// The same where the right player rolls first: `; Set Pos=` does not
    /// say who is on roll, so that is no turn-order error.
    set_position_when_the_right_player_rolls_first: plant(STUDIO5,
        &[Edit::Insert(18, &[START])],
        info("set-position", 18, 1).game(1).no_row().text(START));

    /// A position dump in row 1 sets the starting position.
    set_position_from_a_dump_in_row_1: plant(STUDIO5,
        &[Edit::Cell(103, 6, "31: 8/5 6/5", ROW1_DUMP)],
        info("set-position", 103, 6).game(5).row(1).text(ROW1_DUMP));

    // ---- the cube --------------------------------------------------------

    /// The first roll of game 3 becomes 2-2; the play is legal for it.
    opening_double: plant(MATCH7,
        &[Edit::Cell(58, 6, "62: 24/18 18/16", "22: 24/18 18/16")],
        error("opening-double", 58, 6).game(3).row(1)
            .by(FIRST, "Hanna").text("22: 24/18 18/16"));

    /// Game 4 is the Crawford game (6-2 in a 7-point match). Olaf doubles
    /// instead of his last roll and Hanna drops: he still wins 1 point.
    double_in_crawford: plant(MATCH7,
        &[Edit::Cell(110, 34, "44: 2/0 2/0 1/0", " Doubles => 2"),
          Edit::Insert(111, &[" 31)  Drops"])],
        error("double-in-crawford", 110, 35).game(4).row(30)
            .by(SECOND, "Olaf").text("Doubles => 2"));

    /// The Crawford game's score line mistyped 5-2 instead of 6-2 (the next
    /// line agrees with the replay): the game is still the Crawford game,
    /// and Olaf's double in it is reported, once.
    double_in_crawford_under_a_mistyped_score_line: Plant {
        expect: vec![
            error("score-mismatch", 80, 2).kind("wrong").game(4).no_row(),
            error("double-in-crawford", 110, 35).game(4).row(30)
                .by(SECOND, "Olaf").text("Doubles => 2")
                .says("score line (line 80) is mistyped"),
        ],
        ..plant(MATCH7,
            &[Edit::Cell(80, 2, "Hanna : 6", "Hanna : 5"),
              Edit::Cell(110, 34, "44: 2/0 2/0 1/0", " Doubles => 2"),
              Edit::Insert(111, &[" 31)  Drops"])],
            error("score-mismatch", 80, 2))
    };

    /// Game 3's score line mistyped 6-2 (the replay makes it 4-2): game 3
    /// is not the Crawford game, so Hanna's double in it is legal, and game
    /// 4 (6-2) still is: Olaf's double there is reported.
    double_in_crawford_after_a_mistyped_score_line: Plant {
        expect: vec![
            error("score-mismatch", 57, 2).kind("wrong").game(3).no_row(),
            error("double-in-crawford", 110, 35).game(4).row(30)
                .by(SECOND, "Olaf").text("Doubles => 2"),
        ],
        ..plant(MATCH7,
            &[Edit::Cell(57, 2, "Hanna : 4", "Hanna : 6"),
              Edit::Cell(110, 34, "44: 2/0 2/0 1/0", " Doubles => 2"),
              Edit::Insert(111, &[" 31)  Drops"])],
            error("score-mismatch", 57, 2))
    };

    /// Olaf's last roll of game 1 left unplayed before Hanna resigns (a
    /// note), and his `13/8 8/4` written `13/8 8/3` earlier: the note, the
    /// same whichever way the mistyped play is read, does not stop the
    /// typo analysis from finding the play the rest of the game follows,
    /// so the impossible bear-off it leads to as written is not reported.
    mistyped_play_in_a_game_ending_with_a_roll_left_unplayed: Plant {
        expect: vec![
            error("illegal-play", 19, 34).kind("wrong-dice").game(1).row(13)
                .by(SECOND, "Olaf").text("54: 13/8 8/3")
                .says("probable transcription error"),
            info("illegal-play", 25, 34).kind("no-play").game(1).row(19)
                .by(SECOND, "Olaf").text("53:"),
        ],
        ..plant(MATCH7,
            &[Edit::Cell(19, 34, "54: 13/8 8/4", "54: 13/8 8/3"),
              Edit::Cell(25, 34, "53: 2/0 2/0", "53:")],
            error("illegal-play", 19, 34))
    };

    /// Olaf's take written as a drop: Hanna rolls on as after a take, so the
    /// drop is read as a take (one finding at her roll) and the game, its
    /// `Wins` line at the doubled cube and the score lines after it agree.
    take_written_as_a_drop: plant(MATCH7,
        &[Edit::Cell(36, 35, "Takes", "Drops")],
        error("actions-after-end", 37, 6).game(2).row(8)
            .by(FIRST, "Hanna").says("probably a take"));

    /// The same, and a roll written after the game's `Wins` line: the drop
    /// read as a take does not hide that action after the game's end.
    take_written_as_a_drop_then_a_roll_after_the_end: Plant {
        expect: vec![
            error("actions-after-end", 37, 6).game(2).row(8)
                .by(FIRST, "Hanna").says("probably a take"),
            error("actions-after-end", 55, 6).game(2).row(25)
                .by(FIRST, "Hanna").says("after the game was over"),
        ],
        ..plant(MATCH7,
            &[Edit::Cell(36, 35, "Takes", "Drops"),
              Edit::Insert(55, &[" 25) 31: 6/5 8/5"])],
            error("actions-after-end", 37, 6))
    };

    /// Olaf's answer to Hanna's double is unreadable: it was his turn, so
    /// Hanna's next roll does not leave the double unanswered.
    unreadable_answer_to_a_double: plant(MATCH7,
        &[Edit::Cell(36, 35, "Takes", "Tkaes")],
        error("unparsable-cell", 36, 35).game(2).row(7)
            .by(SECOND, "Olaf").text("Tkaes"));

    /// The same with a drop: the game ends with Hanna's `Wins` line, and
    /// no implied drop is reported either.
    unreadable_drop: plant(MATCH7,
        &[Edit::Cell(76, 35, "Drops", "Dorps")],
        error("unparsable-cell", 76, 35).game(3).row(19)
            .by(SECOND, "Olaf").text("Dorps"));

    /// A line that is no row in the middle of game 2: one finding, and the
    /// game is still checked (an illegal play after it is reported).
    a_line_that_is_no_row_mid_game: Plant {
        expect: vec![
            error("unparsable-cell", 38, 1).game(2).no_row().nobody(),
            error("illegal-play", 40, 34).kind("wrong-dice").game(2).row(10)
                .by(SECOND, "Olaf").text("43: 10/4 10/5"),
        ],
        ..plant(MATCH7,
            &[Edit::Insert(38, &["this line is not a row at all"]),
              Edit::Cell(39, 34, "65: 10/4 10/5", "43: 10/4 10/5")],
            error("unparsable-cell", 38, 1))
    };

    /// The same mistyped score line, but the record ends with game 4: no
    /// later line tells whether the line or the replay is right, so whether
    /// game 4 was the Crawford game is not certain, and Olaf's double in it
    /// is not reported.
    double_under_a_disputed_score_line_that_nothing_settles: Plant {
        allowed: &[("match-unfinished", 112)],
        ..plant(MATCH7,
            &[Edit::Cell(80, 2, "Hanna : 6", "Hanna : 5"),
              Edit::Cell(110, 34, "44: 2/0 2/0 1/0", " Doubles => 2"),
              Edit::Insert(111, &[" 31)  Drops"]),
              Edit::Delete(113, 177)],
            error("score-mismatch", 80, 2).kind("wrong").game(4).no_row())
    };

    /// Game 7's score line mistyped 6-7, as if Olaf had already won the
    /// match: one score-mismatch, not also a game after the match.
    score_line_that_puts_the_match_over: plant(MATCH7,
        &[Edit::Cell(150, 33, "Olaf : 6", "Olaf : 7")],
        error("score-mismatch", 150, 2).kind("gap").game(7).no_row());

    /// The same with `; [Crawford "On"]` in the file (game 4 at 4-0 of a
    /// 5-point match).
    double_in_crawford_stated_by_the_file: plant(STUDIO5,
        &[Edit::Cell(98, 41, "41: 2/1 3/off", " Doubles => 2"),
          Edit::Lines(99, &["  24)  Drops                             Wins 1 point"])],
        error("double-in-crawford", 98, 42).game(4).row(23)
            .by(SECOND, "Jonas Berg").text("Doubles => 2"));

    /// Hanna owns the cube at 2 in game 5; Olaf redoubles instead of his
    /// last roll and she drops: he still wins 2 points.
    double_not_owner: plant(MATCH7,
        &[Edit::Cell(140, 34, "51: 4/3 3/0", " Doubles => 4"),
          Edit::Insert(141, &[" 27)  Drops"])],
        error("double-not-owner", 140, 35).game(5).row(26)
            .by(SECOND, "Olaf").text("Doubles => 4"));

    /// Olaf's dance before Hanna's redouble is removed: she doubles right
    /// after her own roll, Olaf drops.
    /// Hanna's roll of game 6 is missing: Olaf doubles right after his own
    /// roll.
    double_after_roll: plant(MATCH7,
        &[Edit::Cell(146, 6, "41: 13/9 24/23", "")],
        error("double-after-roll", 146, 35).game(6).row(2)
            .by(SECOND, "Olaf").text("Doubles => 2"));

    /// Hanna's dance against Olaf's closed board left out: certainly a
    /// dance not written (info).
    turn_order_omitted_dance_against_a_closed_board: plant(MATCH7,
        &[Edit::Cell(19, 6, "63:", "")],
        info("turn-order", 19, 34).kind("omitted-dance").game(1).row(13)
            .by(SECOND, "Olaf").text("54: 13/8 8/4"));

    /// Olaf's dance on the bar is left out before Hanna's double: against a
    /// board that some rolls enter, the double reads as after her roll (an
    /// error whose message names the possible omitted dance).
    double_after_roll_or_an_omitted_dance: plant(MATCH7,
        &[Edit::Cell(75, 34, "54:", "")],
        error("double-after-roll", 76, 7).game(3).row(19)
            .by(FIRST, "Hanna").text("Doubles => 4"));

    /// Olaf doubles right after his own roll, Hanna takes, and the game goes
    /// on with Hanna's roll, whose turn it is.
    double_after_roll_then_take: plant(MATCH7,
        &[Edit::Lines(36, &["  7)                              Doubles => 2", "  8)  Takes"]),
          Edit::Renumber],
        error("double-after-roll", 36, 35).game(2).row(7)
            .by(SECOND, "Olaf").text("Doubles => 2"));

    double_wrong_value: plant(MATCH7,
        &[Edit::Cell(36, 7, "Doubles => 2", "Doubles => 4")],
        warning("double-wrong-value", 36, 7).game(2).row(7)
            .by(FIRST, "Hanna").text("Doubles => 4"));

    /// The file says `; [Beaver "Off"]`.
    beaver_not_allowed_by_the_file: plant(MONEY,
        &[Edit::Lines(3, &["; [Beaver \"Off\"]"])],
        error("beaver-not-allowed", 19, 7).game(1).row(11)
            .by(FIRST, "Pedro").text("Beavers => 4"));

    /// No tag, `--beavers` off on the command line.
    beaver_not_allowed_by_a_flag: Plant {
        flags: RuleFlags { beavers: Some(false), ..RuleFlags::default() },
        ..plant(MONEY, &[Edit::Delete(3, 3)],
            error("beaver-not-allowed", 18, 7).game(1).row(11)
                .by(FIRST, "Pedro").text("Beavers => 4"))
    };

    /// Hanna doubles after the last roll of game 1, Olaf beavers, Hanna
    /// drops the beaver: Olaf still wins 2 points.
    beaver_not_allowed_in_match_play: plant(MATCH7,
        &[Edit::Insert(26, &[" 20)  Doubles => 2                Beavers => 4", " 21)  Drops"])],
        error("beaver-not-allowed", 26, 35).game(1).row(20)
            .by(SECOND, "Olaf").text("Beavers => 4"));

    /// `; [CubeLimit "2"]`: Hanna's redouble to 4 in game 3 is the only
    /// double above it.
    cube_disabled_above_the_limit: plant(MATCH7,
        &[Edit::Insert(2, &["; [CubeLimit \"2\"]"])],
        error("cube-disabled", 77, 7).game(3).row(19)
            .by(FIRST, "Hanna").text("Doubles => 4"));

    /// The same limit from `--cube-limit 2`.
    cube_disabled_by_a_flag: Plant {
        flags: RuleFlags { cube_limit: Some(2), ..RuleFlags::default() },
        ..plant(MATCH7, &[],
            error("cube-disabled", 76, 7).game(3).row(19)
                .by(FIRST, "Hanna").text("Doubles => 4"))
    };

    /// `; [CubeLimit "1"]`: no cube at all; the file has one double.
    cube_disabled_when_the_cube_is_off: plant(POSITIONS,
        &[Edit::Insert(7, &["; [CubeLimit \"1\"]"])],
        error("cube-disabled", 22, 7).game(2).row(2)
            .by(FIRST, "Rune").text("Doubles => 2"));

    /// Game 7 is played at 6-6 in a 7-point match: Hanna doubles instead of
    /// her last roll, Olaf drops.
    dead_cube: plant(MATCH7,
        &[Edit::Lines(175, &[" 25)  Doubles => 2                Drops"])],
        info("dead-cube", 175, 7).game(7).row(25)
            .by(FIRST, "Hanna").text("Doubles => 2"));

    // ---- record defects --------------------------------------------------

    impossible_play_no_checker: plant(MATCH7,
        &[Edit::Cell(34, 6, "65: 20/14 14/9", "65: 21/15 15/10")],
        error("impossible-play", 34, 6).kind("no-checker").game(2).row(5)
            .by(FIRST, "Hanna").text("65: 21/15 15/10"));

    impossible_play_no_checker_on_the_bar: plant(MATCH7,
        &[Edit::Cell(37, 6, "65: 22/16 16/11", "65: 25/20 22/16")],
        error("impossible-play", 37, 6).kind("no-checker").game(2).row(8)
            .by(FIRST, "Hanna").text("65: 25/20 22/16"));

    /// Olaf holds the 15 point (his 10) with three checkers.
    impossible_play_onto_made_point: plant(MATCH7,
        &[Edit::Cell(34, 6, "65: 20/14 14/9", "65: 20/15 13/7")],
        error("impossible-play", 34, 6).kind("onto-made-point").game(2).row(5)
            .by(FIRST, "Hanna").text("65: 20/15 13/7"));

    impossible_play_backward: plant(MATCH7,
        &[Edit::Cell(34, 6, "65: 20/14 14/9", "65: 6/12 13/7")],
        error("impossible-play", 34, 6).kind("backward").game(2).row(5)
            .by(FIRST, "Hanna").text("65: 6/12 13/7"));

    /// Olaf's turn (`65: 10/4 10/5`, not a dance) is missing: Hanna rolls
    /// twice in a row; the rest of the game stays consistent.
    turn_order: plant(MATCH7,
        &[Edit::Cell(39, 34, "65: 10/4 10/5", "")],
        error("turn-order", 40, 6).game(2).row(11)
            .by(FIRST, "Hanna").text("22: 11/9 11/9 4/2* 4/2"));

    answer_without_double: plant(MATCH7,
        &[Edit::Lines(7, &["  1)  Takes                      64: 24/18 18/14 "])],
        error("answer-without-double", 7, 7).game(1).row(1)
            .by(FIRST, "Hanna").text("Takes"));

    /// Olaf's `Takes` is missing; Hanna, the doubler, rolls next.
    double_unanswered: plant(MATCH7,
        &[Edit::Cell(36, 35, "Takes", "")],
        warning("double-unanswered", 37, 6).game(2).row(8)
            .by(FIRST, "Hanna").text("65: 22/16 16/11"));

    /// Olaf's `Drops` is missing; Hanna's `Wins` line implies it.
    double_unanswered_then_the_doubler_wins: plant(MATCH7,
        &[Edit::Cell(76, 35, "Drops", "")],
        info("double-unanswered", 77, 7).game(3).no_row()
            .by(FIRST, "Hanna").text("Wins 2 points"));

    actions_after_end: plant(MATCH7,
        &[Edit::Lines(53, &[" 24) 51: 1/0                     63: 6/0 3/0"])],
        error("actions-after-end", 53, 34).game(2).row(24)
            .by(SECOND, "Olaf").text("63: 6/0 3/0"));

    /// Hanna bore off; the `Wins` line moves to Olaf's column.
    winner_mismatch: plant(MATCH7,
        &[Edit::Lines(54, &["                                  Wins 4 points"])],
        error("winner-mismatch", 54, 35).game(2).no_row()
            .by(SECOND, "Olaf").text("Wins 4 points"));

    /// A gammon at cube 2 written as 2 points; the next score line follows
    /// the board (4), so no score finding either.
    points_mismatch: plant(MATCH7,
        &[Edit::Cell(54, 7, "Wins 4 points", "Wins 2 points")],
        error("points-mismatch", 54, 7).game(2).no_row()
            .by(FIRST, "Hanna").text("Wins 2 points"));

    /// A Galaxy-style `Losses` line for the loser that disagrees with the
    /// winner's `Wins` line (the game, a single at cube 2, is worth 2).
    points_mismatch_losses_line: plant(MATCH7,
        &[Edit::Insert(26, &["      Losses 1 point"])],
        error("points-mismatch", 27, 35).game(1).no_row()
            .by(SECOND, "Olaf").text("Wins 2 points"));

    /// The last game: Mara needed 1 point and the resignation is written
    /// as 1 (worth 2): capped, a note.
    points_mismatch_capped_is_info: plant(STUDIO5,
        &[Edit::Cell(120, 8, "Wins 2 point", "Wins 1 point")],
        info("points-mismatch", 120, 8).game(5).row(18)
            .by(FIRST, "Mara Lind").text("Wins 1 point"));

    /// A resignation at cube 2 written as 5 points.
    resign_value: plant(MONEY,
        &[Edit::Cell(113, 35, "Wins 2 points", "Wins 5 points")],
        warning("resign-value", 113, 35).game(6).no_row()
            .by(SECOND, "Kaia").text("Wins 5 points"));

    /// A resignation at cube 1 written as 5 points; the next score line
    /// (0-2) follows a valid value: one finding, and game 2 starts from its
    /// score line as for a wrong bear-off or drop value.
    resign_value_then_the_next_score_line: plant(MATCH7,
        &[Edit::Cell(26, 35, "Wins 2 points", "Wins 5 points")],
        warning("resign-value", 26, 35).game(1).no_row()
            .by(SECOND, "Olaf").text("Wins 5 points"));

    /// A resignation worth 2 written as `Wins 1 point`, every later score
    /// line following the 2: the score line is wrong against the replay
    /// (not a gap: no game is missing), and points at the `Wins` line.
    resign_value_mistyped_on_the_wins_line: plant(MATCH7,
        &[Edit::Cell(26, 35, "Wins 2 points", "Wins 1 point")],
        error("score-mismatch", 29, 2).kind("wrong").game(2).no_row());

    /// Hanna resigns without a value; the next score line (6-5) says 2.
    resign_value_missing: plant(MATCH7,
        &[Edit::Lines(141, &[" 27)  Resigns"])],
        info("resign-value", 141, 7).kind("missing").game(5).row(27)
            .by(FIRST, "Hanna").text("Resigns"));

    /// Olaf's score is one lower from game 3 on, every later score line
    /// following: one finding, later games are checked from the recorded
    /// score (the match still ends 7-5).
    score_mismatch_wrong: plant(MATCH7,
        &[Edit::Lines(57, &[" Hanna : 4                      Olaf : 1"]),
          Edit::Lines(80, &[" Hanna : 6                      Olaf : 1"]),
          Edit::Lines(114, &[" Hanna : 6                      Olaf : 2"]),
          Edit::Lines(144, &[" Hanna : 6                      Olaf : 4"]),
          Edit::Lines(150, &[" Hanna : 6                      Olaf : 5"])],
        error("score-mismatch", 57, 2).kind("wrong").game(3).no_row());

    /// One score line mistyped upwards, the next line back in step with
    /// the results: `wrong` (a typo), not `gap` (no game is missing).
    score_mismatch_one_line_typo: plant(MATCH7,
        &[Edit::Lines(57, &[" Hanna : 4                      Olaf : 3"])],
        error("score-mismatch", 57, 2).kind("wrong").game(3).no_row());

    /// Jonas's score is one higher from game 3 on: only forward, a gap.
    score_mismatch_gap: plant(STUDIO5,
        &[Edit::Lines(54, &[" Mara Lind : 3                          Jonas Berg : 1"]),
          Edit::Lines(75, &[" Mara Lind : 4                          Jonas Berg : 1"]),
          Edit::Lines(102, &[" Mara Lind : 4                          Jonas Berg : 2"])],
        error("score-mismatch", 54, 2).kind("gap").game(3).no_row());

    /// A misspelt double: the cell cannot be read, so the cube is unknown
    /// from there on: the take beside it and the game's value are not
    /// judged against a cube of 1. One finding.
    unparsable_cell_where_a_double_was: plant(MATCH7,
        &[Edit::Cell(36, 7, "Doubles => 2", "Doubels => 2")],
        error("unparsable-cell", 36, 7).game(2).row(7)
            .by(FIRST, "Hanna").text("Doubels => 2"));

    /// Game 4, the Crawford game (6-2), is missing: the next line says 6-3,
    /// so it was played in the gap, and Olaf's double in the following game
    /// is post-Crawford, legal. One finding, no `double-in-crawford`.
    score_mismatch_gap_over_the_crawford_game: plant(MATCH7,
        &[Edit::Delete(79, 112),
          Edit::Lines(113, &[" Game 4"]),
          Edit::Lines(143, &[" Game 5"]),
          Edit::Lines(149, &[" Game 6"])],
        error("score-mismatch", 80, 2).kind("gap").game(4).no_row());

    /// Game 1 is cut off and the games numbered from 1 again, as in a
    /// continuation file.
    match_fragment: plant(STUDIO5,
        &[Edit::Delete(16, 25),
          Edit::Lines(26, &[" Game 1"]),
          Edit::Lines(53, &[" Game 2"]),
          Edit::Lines(74, &[" Game 3"]),
          Edit::Lines(101, &[" Game 4"])],
        info("match-fragment", 17, 2).game(1).no_row());

    /// The record starts at game 5 (6-3), numbered 1: whether that game is
    /// the Crawford game is unknown, so Olaf's double in it is not reported.
    match_fragment_at_match_point: plant(MATCH7,
        &[Edit::Delete(5, 112),
          Edit::Lines(113, &[" Game 1"]),
          Edit::Lines(143, &[" Game 2"]),
          Edit::Lines(149, &[" Game 3"])],
        info("match-fragment", 6, 2).game(1).no_row());

    /// A copy of game 1 after the match (7-6).
    games_after_match: plant(MATCH7,
        &[Edit::AppendCopy(&[" Game 8", " Hanna : 7                      Olaf : 6"], 7, 26)],
        error("games-after-match", 178, 2).game(8).no_row());

    /// The last game is cut off: the record ends at 6-6. The finding is at
    /// the end of the record, where there is no cell.
    match_unfinished: plant(MATCH7,
        &[Edit::Delete(148, 177)],
        warning("match-unfinished", 147, 1).any_column());

    /// Game 3 loses its last row and result; game 4's score line is taken
    /// as written.
    game_unfinished: plant(MATCH7,
        &[Edit::Delete(76, 77)],
        warning("game-unfinished", 75, 1).any_column().game(3));

    /// The last game of the file: a truncated record, a note.
    game_unfinished_at_the_end_of_the_file_is_info: plant(MONEY,
        &[Edit::Delete(113, 113)],
        info("game-unfinished", 112, 1).any_column().game(6));

    /// A hidden play mid-game: game 2 is not judged further.
    hidden_play: plant(STUDIO5,
        &[Edit::Cell(37, 41, "61: 21/15 9/8", "61: ????")],
        error("hidden-play", 37, 41).game(2).row(10)
            .by(SECOND, "Jonas Berg"));

    /// The same finding shows the cell as written.
    hidden_play_shows_the_cell: plant(STUDIO5,
        &[Edit::Cell(37, 41, "61: 21/15 9/8", "61: ????")],
        error("hidden-play", 37, 41).game(2).row(10)
            .by(SECOND, "Jonas Berg").text("61: ????"));

    name_change: plant(MATCH7,
        &[Edit::Cell(57, 2, "Hanna", "Hanne")],
        warning("name-change", 57, 2).game(3).no_row().by(FIRST, "Hanne"));

    // ---- reading problems ------------------------------------------------

    unreadable_without_a_match_line: plant(MATCH7,
        &[Edit::Delete(3, 3)],
        error("unreadable", 1, 1).no_game());

    /// A NUL byte in the first line: a damaged text, read; the finding is
    /// at the byte, before any match.
    binary_data: plant(MATCH7,
        &[Edit::Cell(1, 1, ";", ";\u{0}")],
        warning("binary-data", 1, 2).no_game());

    /// The rest of game 2 cannot be checked; game 3 is.
    unparsable_cell: plant(MATCH7,
        &[Edit::Cell(34, 6, "65: 20/14 14/9", "65: 20/14 14-9")],
        error("unparsable-cell", 34, 6).game(2).row(5)
            .by(FIRST, "Hanna").text("65: 20/14 14-9"));

    /// The score line of game 3 without its colons: the names and scores
    /// are unknown, nothing else is wrong.
    bad_header_garbled_score_line: plant(MATCH7,
        &[Edit::Lines(57, &[" Hanna   4                      Olaf   2"])],
        error("bad-header", 57, 2).no_row());

    /// `Game 3` is missing (the game's number is then unknown, so it is not
    /// checked here).
    bad_header_missing_game_line: plant(MATCH7,
        &[Edit::Delete(56, 56)],
        error("bad-header", 56, 2).no_row());

    /// `Game 3` misspelt.
    bad_header_garbled_game_line: plant(MATCH7,
        &[Edit::Cell(56, 2, "Game 3", "Gmae 3")],
        error("bad-header", 56, 2).no_row());

    /// Row 5 numbered 6: one slip, one note.
    numbering_of_rows: plant(MATCH7,
        &[Edit::Cell(11, 3, "5)", "6)")],
        info("numbering", 11, 3).game(1).row(6));

    /// Game 3 numbered 4.
    numbering_of_games: plant(MATCH7,
        &[Edit::Cell(56, 2, "Game 3", "Game 4")],
        info("numbering", 56, 2).no_row());

    hit_mark_missing: plant(MATCH7,
        &[Edit::Cell(8, 34, "63: 14/8 8/5*", "63: 14/8 8/5")],
        info("hit-mark", 8, 34).game(1).row(2)
            .by(SECOND, "Olaf").text("63: 14/8 8/5"));

    hit_mark_where_no_hit_happened: plant(MATCH7,
        &[Edit::Cell(7, 34, "64: 24/18 18/14", "64: 24/18 18/14*")],
        info("hit-mark", 7, 34).game(1).row(1)
            .by(SECOND, "Olaf").text("64: 24/18 18/14*"));

    /// `13/3` with 6-4 passes either the 9 point (a blot: a hit) or the 7
    /// point, and Tilde's next play (`bar/20`) fits both.
    ambiguous_path: plant(POSITIONS,
        &[Edit::Cell(20, 6, "64: 13/9* 9/3", "64: 13/3")],
        info("ambiguous-path", 20, 6).game(2).row(1)
            .by(FIRST, "Rune").text("64: 13/3"));

    /// The beaver of game 1 with no `Beaver` tag: allowed by assumption.
    assumed_rule_beavers: plant(MONEY,
        &[Edit::Delete(3, 3)],
        info("assumed-rule", 18, 7).kind("beavers").game(1).row(11)
            .by(FIRST, "Pedro").text("Beavers => 4"));

    /// A gammon with the cube never turned written as 1 point, no `Jacoby`
    /// tag: the Jacoby rule is taken as on.
    assumed_rule_jacoby: plant(POSITIONS,
        &[Edit::Cell(28, 7, "Wins 2 point", "Wins 1 point")],
        info("assumed-rule", 28, 7).kind("jacoby").game(3).row(2)
            .by(FIRST, "Rune").text("Wins 1 point"));

    /// The same with `; [Jacoby "Off"]`: a wrong value.
    points_mismatch_with_jacoby_off: plant(POSITIONS,
        &[Edit::Insert(7, &["; [Jacoby \"Off\"]"]),
          Edit::Cell(28, 7, "Wins 2 point", "Wins 1 point")],
        error("points-mismatch", 29, 7).game(3).row(2)
            .by(FIRST, "Rune").text("Wins 1 point"));
}
