//! The `.mat` dialects of formats.md §1.1, one fixture each: GNU Backgammon,
//! GamesGrid, Snowie, eXtreme Gammon, BackGammon Studio, Galaxy, OpenGammon,
//! Foxamon, ChoueNet and DailyGammon.

use super::*;

// ---------------------------------------------------------------------------
// Dialects (formats.md §1.1), one fixture each.

#[test]
fn gnubg_export() {
    let r = fixture("gnubg.mat");
    no_problems(&r);
    assert_eq!(
        r.events[0],
        Event::Match {
            line: 7,
            length: 3,
            tags: vec![
                ("Site".into(), "Home".into(), 1),
                ("EventDate".into(), "2025.11.08".into(), 2),
                ("Variation".into(), "Backgammon".into(), 3),
            ]
        }
    );
    assert_eq!(
        r.events[1],
        Event::Comment(5, 1, "; An exported match".into())
    );
    assert_cells(
        &r,
        "
        11:34 R 1 play `41: 13/9 24/23`
        12:6 L 2 play `31: 8/5 6/5`
        12:34 R 2 play `64: 24/18 18/14`
        13:6 L 3 play `62: 24/18 13/11`
        13:35 R 3 double `Doubles => 2`
        14:7 L 4 take `Takes`
        14:34 R 4 play `52: 25/23 13/8`
        15:6 L 5 play `65: 18/7`
        15:35 R 5 beaver `Beavers => 4`
        16:6 L 6 play `43: 13/9 13/10`
        17:7 L 7 double `Doubles => 8`
        17:35 R 7 drop `Drops`
        18:7 L - win `Wins 4 points`
        22:6 L 1 play `21: 13/11 6/5`
        22:34 R 1 play `66: 24/18 24/18 13/7 13/7`
        23:6 L 2 empty `54:`
        23:34 R 2 play `11: 6/5 6/5 8/7 8/7`
        24:6 L 3 play `44: 25/21 13/9 13/9 6/2`
        24:34 R 3 play `32: 6/3 8/6`
        25:35 R - win `Wins 1 point`
        ",
    );
    let games = r.games();
    assert_eq!(
        games[1],
        &Event::Game {
            line: 20,
            number: Some(2),
            score_line: 21,
            names: [("Amber".into(), None), ("Basil".into(), None)],
            scores: [Some(4), Some(0)],
        }
    );
    let ends: Vec<_> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::EndGame(l) | Event::EndMatch(l) => Some((l.line, l.column)),
            _ => None,
        })
        .collect();
    assert_eq!(ends, vec![(18, 20), (25, 47), (25, 47)]);
    let first = r.actions()[0];
    assert_eq!(first.byte, text_offset("gnubg.mat", "41: 13/9"));
}

#[test]
fn gamesgrid_ratings_dice_as_rolled_and_the_match() {
    let r = fixture("gamesgrid.txt");
    no_problems(&r);
    assert_eq!(
        r.games()[0],
        &Event::Game {
            line: 3,
            number: Some(1),
            score_line: 4,
            names: [
                ("zoonk".into(), Some("1666".into())),
                ("nori".into(), Some("1723".into()))
            ],
            scores: [Some(0), Some(0)],
        }
    );
    assert_cells(
        &r,
        "
        5:34 R 1 play `13: 8/5 6/5`
        6:6 L 2 play `25: 13/11 13/8`
        6:34 R 2 play `41: 24/23 13/9`
        7:6 L 3 play `63: 24/18 13/10`
        7:34 R 3 empty `53:`
        8:7 L 4 double `Doubles => 2`
        8:35 R 4 take `Takes`
        9:6 L 5 play `61: 13/7 8/7`
        9:34 R 5 play `42: 25/21 6/4`
        10:6 L 6 empty `63:`
        10:38 R 6 win `Wins 2 points`
        14:6 L 1 play `31: 8/5 6/5`
        14:34 R 1 play `62: 24/18 13/11`
        15:6 L 2 play `54: 24/20 13/8`
        15:36 R 2 double `Doubles => 2`
        16:7 L 3 drop `Drops`
        17:35 R - win `Wins 1 point and the match`
        ",
    );
    let acts = r.actions();
    assert_eq!(
        acts[0].kind,
        ActionKind::Roll {
            dice: Roll::new(1, 3),
            play: play("8/5 6/5")
        }
    );
    assert_eq!(
        acts.last().unwrap().kind,
        ActionKind::Win {
            points: Some(1),
            and_match: true,
            resigned: false
        }
    );
}

fn dump_of(act: &Act) -> BoardDump {
    match &act.kind {
        ActionKind::Roll {
            play: Written::Dump(Some(dump)),
            ..
        } => (**dump).clone(),
        other => panic!("no dump: {other:?}"),
    }
}

#[test]
fn snowie_text_illegal_play_dumps() {
    let r = fixture("snowie.txt");
    no_problems(&r);
    let acts = r.actions();
    let cells: Vec<_> = acts
        .iter()
        .map(|a| (a.line, a.column, a.side, a.row, kind_name(&a.kind)))
        .collect();
    assert_eq!(
        cells[4..],
        [
            (7, 6, Side::First, Some(3), "dump"),
            (7, 121, Side::Second, Some(3), "empty"),
            (8, 6, Side::First, Some(4), "dump"),
            (8, 122, Side::Second, Some(4), "double"),
            (9, 7, Side::First, Some(5), "drop"),
            (10, 35, Side::Second, None, "win"),
        ]
    );
    // Field 5 is Kenji, the right player: his checkers are positive.
    let dump = dump_of(acts[4]);
    assert_eq!(dump.positive, Side::Second);
    assert_eq!(dump.points[1..=6], [3, 4, 2, 2, 2, 0]);
    assert_eq!(dump.points[19..=24], [-3, -3, -3, -2, -2, -2]);
    assert_eq!((dump.points[0], dump.points[25]), (0, 2));
    assert_eq!(dump.cube, Some((2, Some(Side::Second))));
    assert_eq!(dump.scores, Some(ByPlayer::new(8, 10)));
    assert_eq!(dump.next_dice, Roll::new(1, 1));
    // Field 5 is nori, the left player; the cube is the other's; no next roll.
    let dump = dump_of(acts[6]);
    assert_eq!(dump.positive, Side::First);
    assert_eq!(dump.cube, Some((2, Some(Side::Second))));
    assert_eq!(dump.scores, Some(ByPlayer::new(10, 8)));
    assert_eq!(dump.next_dice, None);
}

#[test]
fn xg_bom_crlf_words_repeats_and_hidden_plays() {
    let r = fixture("xg.txt");
    no_problems(&r);
    let Event::Match { line, length, tags } = &r.events[0] else {
        panic!("no match first");
    };
    assert_eq!((*line, *length, tags.len()), (14, 7, 8));
    assert_eq!(tags[2], ("Player 1".into(), "Dana Lee".into(), 3));
    assert_eq!(
        r.events[1..5],
        [
            Event::Comment(
                9,
                1,
                "; +------------------------------------------------+".into()
            ),
            Event::Comment(
                10,
                1,
                "; |  Remarks:                                      |".into()
            ),
            Event::Comment(
                11,
                1,
                "; |      Game 1, Move 4 of Eli Moss was illegal     |".into()
            ),
            Event::Comment(
                12,
                1,
                "; +------------------------------------------------+".into()
            ),
        ]
    );
    assert_cells(
        &r,
        "
        18:6 L 1 play `64: 24/18 13/9`
        18:40 R 1 play `33: bar/22 7/4* 6/3*(2)`
        19:6 L 2 play `55: bar/20 13/8 6/1*(2)`
        19:40 R 2 cannot-move `21: Cannot Move`
        20:6 L 3 play `11: bar/24 24/23 23/22* 22/21`
        20:36 R 3 play `54: bar/20 10/6`
        21:6 L 4 play `62: 6/off 2/off`
        21:40 R 4 cannot-move `31: Can't Move`
        22:7 L 5 double `Doubles => 2`
        22:41 R 5 take `Takes`
        23:6 L 6 hidden `65: ???`
        23:41 R 6 win `Wins 2 point`
        27:40 R 1 hidden `00: ????`
        28:6 L 2 hidden `66: ????`
        28:40 R 2 win `Wins 1 point`
        ",
    );
    let acts = r.actions();
    assert_eq!(
        acts[1].kind,
        ActionKind::Roll {
            dice: Roll::new(3, 3),
            play: play("25/22 7/4* 6/3* 6/3*")
        }
    );
    assert_eq!(
        acts[12].kind,
        ActionKind::Roll {
            dice: None,
            play: Written::Hidden
        }
    );
    // Byte offsets are in the decoded text: no BOM, CRLF kept.
    assert_eq!(acts[5].byte, text_offset("xg.txt", "54: bar/20"));
}

#[test]
fn backgammon_studio_rows_from_ten_keep_their_cells_in_column() {
    let r = fixture("bgstudio.txt");
    no_problems(&r);
    let cells = r.cells();
    let tail: Vec<&str> = cells.lines().skip(16).collect();
    assert_eq!(
        tail,
        [
            "17:6 L 9 play `41: 9/5 7/6`",
            "17:42 R 9 double `Doubles => 2`",
            "18:8 L 10 take `Takes`",
            "18:41 R 10 play `64: 10/6 10/4`",
            "19:7 L 11 play `54: 1/off(2)`",
            "20:8 L 12 win `Wins 4 point`",
        ]
    );
}

#[test]
fn galaxy_losses_and_a_row_number_repeated_inside_a_row() {
    let r = fixture("galaxy.txt");
    assert_eq!(
        r.problems(),
        [(ProblemKind::Numbering, 16, 35, "2")],
        "{:?}",
        r.events
    );
    assert_cells(
        &r,
        "
        8:34 R 1 play `53: 8/3 6/3`
        9:6 L 2 play `65: 24/18 18/13`
        9:34 R 2 play `44: 24/20 24/20 13/9 13/9`
        10:6 L 3 play `63: 5/0 5/2`
        10:34 R 3 loss `Losses 2 point`
        11:7 L - win `Wins 2 point`
        15:6 L 1 play `43: 24/21 13/9`
        15:34 R 1 play `61: 13/7 8/7`
        16:6 L 2 play `43: 21/18 18/14`
        16:39 R 2 loss `Losses 1 point`
        16:100 L 2 win `Wins 1 point and the match`
        ",
    );
}

#[test]
fn opengammon_column_46_and_resigned_games() {
    let r = fixture("opengammon.mat");
    no_problems(&r);
    assert_eq!(
        r.games()[0],
        &Event::Game {
            line: 6,
            number: Some(1),
            score_line: 7,
            names: [("Sir_Jay".into(), None), ("tester".into(), None)],
            scores: [Some(0), Some(0)],
        }
    );
    assert_cells(
        &r,
        "
        8:47 R 1 play `31: 6/5 8/5`
        9:6 L 2 empty `55:`
        9:47 R 2 double `Doubles => 2`
        10:6 L 3 drop `Drops`
        11:45 R - win `Wins 1 points`
        15:6 L 1 play `46: 24/18 18/14`
        15:47 R 1 play `51: 24/23 13/8`
        16:6 L 2 resign `Resigned Game`
        17:4 L - win `Wins 1 points`
        21:47 R 1 resign `Resigned Match`
        22:45 R - win `Wins 4 points and the match`
        ",
    );
    let kinds: Vec<_> = r
        .actions()
        .iter()
        .filter_map(|a| match a.kind {
            ActionKind::Resign(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        [Resignation::AcceptedGame, Resignation::AcceptedMatch]
    );
}

#[test]
fn foxamon_column_41() {
    let r = fixture("foxamon.mat");
    no_problems(&r);
    assert_cells(
        &r,
        "
        7:42 R 1 play `46: 24/18 13/9`
        8:6 L 2 play `56: 13/7* 6/1*`
        8:42 R 2 play `36: 25/22`
        9:6 L 3 empty `36:`
        9:42 R 3 play `23: 13/10 13/11*`
        10:45 R - win `Wins 1 point and the match`
        ",
    );
}

#[test]
fn choue_net_game_without_indent_and_double_arrow() {
    let r = fixture("choue.txt");
    no_problems(&r);
    assert_eq!(
        r.games()[0],
        &Event::Game {
            line: 7,
            number: Some(1),
            score_line: 8,
            names: [("chouehandle".into(), None), ("Bot1".into(), None)],
            scores: [Some(0), Some(0)],
        }
    );
    assert_cells(
        &r,
        "
        9:40 R 1 play `53: 8/3 6/3`
        10:6 L 2 cannot-move `66: Cannot Move`
        10:40 R 2 play `63: 24/15`
        11:6 L 3 play `62: 13/11 13/7`
        11:40 R 3 double `Doubles ==> 2`
        12:6 L 4 take `Takes`
        12:40 R 4 play `33: 13/10(3) 9/6`
        13:6 L 5 hidden `53: ????`
        13:40 R 5 win `Wins 2 point`
        ",
    );
}

#[test]
fn dailygammon_nackgammon_start_as_a_dump() {
    let r = fixture("dailygammon.mat");
    no_problems(&r);
    let acts = r.actions();
    assert_eq!(
        (acts[0].line, acts[0].column, acts[0].side),
        (5, 6, Side::First)
    );
    let dump = dump_of(acts[0]);
    // Field 5 is Pat, the right player.
    assert_eq!(dump.positive, Side::Second);
    assert_eq!(dump.points[21..=25], [0, 0, 2, 2, 0]);
    assert_eq!(dump.next_dice, Roll::new(5, 1));
    assert_eq!(
        (acts[1].line, acts[1].column, acts[1].side, acts[1].row),
        (5, 117, Side::Second, Some(1))
    );
    assert_eq!((acts[3].column, acts[3].side), (38, Side::Second));
}
