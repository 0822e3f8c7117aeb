//! The `.mat` reader: every dialect of formats.md §1.1 and every cell kind,
//! with locations; the whole shared corpus read without a panic.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use bgaudit::dice::Roll;
use bgaudit::notation::PlayNotation;
use bgaudit::parse::{
    self, Action, ActionKind, BoardDump, Comment, Format, GameHeader, Location, MatchHeader,
    Problem, ProblemKind, Resignation, Visitor, Written,
};
use bgaudit::side::{ByPlayer, Side};

use crate::util::{fixtures, shared, shared_or_skip};

/// Every event, owned, with the call order checked as it comes.
#[derive(Default)]
struct Record {
    events: Vec<Event>,
    in_match: bool,
    in_game: bool,
    order_errors: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Event {
    Match {
        line: u32,
        length: u32,
        tags: Vec<(String, String, u32)>,
    },
    Game {
        line: u32,
        number: Option<u32>,
        score_line: u32,
        names: [(String, Option<String>); 2],
        scores: [Option<u32>; 2],
    },
    Action(Act),
    EndGame(Location),
    EndMatch(Location),
    Comment(u32, u32, String),
    Problem {
        kind: ProblemKind,
        line: u32,
        column: u32,
        text: String,
        side: Option<Side>,
        row: Option<u32>,
        message: String,
    },
}

/// An action, owned.
#[derive(Clone, Debug, PartialEq)]
struct Act {
    line: u32,
    column: u32,
    byte: usize,
    side: Side,
    row: Option<u32>,
    text: String,
    kind: ActionKind,
}

impl Visitor<'_> for Record {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        if self.in_match {
            self.order_errors.push("begin_match inside a match".into());
        }
        self.in_match = true;
        // (`the_whole_corpus_reads` also meets the SGF and eXtreme Gammon
        // files of the corpus)
        assert!(matches!(
            header.format,
            Format::Mat | Format::Sgf | Format::Xg
        ));
        self.events.push(Event::Match {
            line: header.location.line,
            length: header.length,
            tags: header
                .tags
                .iter()
                .map(|t| (t.key.to_owned(), t.value.to_owned(), t.location.line))
                .collect(),
        });
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        if !self.in_match || self.in_game {
            self.order_errors.push("begin_game out of order".into());
        }
        self.in_game = true;
        let name = |side: Side| {
            let n = header.names[side];
            (n.name.to_owned(), n.rating.map(str::to_owned))
        };
        self.events.push(Event::Game {
            line: header.location.line,
            number: header.number,
            score_line: header.score_location.line,
            names: [name(Side::First), name(Side::Second)],
            scores: [header.scores.first, header.scores.second],
        });
    }
    fn action(&mut self, action: &Action<'_>) {
        if !self.in_game {
            self.order_errors
                .push(format!("action outside a game: {}", action.text));
        }
        self.events.push(Event::Action(Act {
            line: action.location.line,
            column: action.location.column,
            byte: action.location.byte,
            side: action.side,
            row: action.row,
            text: action.text.to_owned(),
            kind: action.kind.clone(),
        }));
    }
    fn end_game(&mut self, last: Location) {
        if !self.in_game {
            self.order_errors.push("end_game outside a game".into());
        }
        self.in_game = false;
        self.events.push(Event::EndGame(last));
    }
    fn end_match(&mut self, last: Location) {
        if !self.in_match || self.in_game {
            self.order_errors.push("end_match out of order".into());
        }
        self.in_match = false;
        self.events.push(Event::EndMatch(last));
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        self.events.push(Event::Comment(
            comment.location.line,
            comment.location.column,
            comment.text.to_owned(),
        ));
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        self.events.push(Event::Problem {
            kind: problem.kind,
            line: problem.location.line,
            column: problem.location.column,
            text: problem.text.to_owned(),
            side: problem.side,
            row: problem.row,
            message: problem.message.clone(),
        });
    }
}

impl Record {
    fn actions(&self) -> Vec<&Act> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Action(a) => Some(a),
                _ => None,
            })
            .collect()
    }

    fn problems(&self) -> Vec<(ProblemKind, u32, u32, &str)> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Problem {
                    kind,
                    line,
                    column,
                    text,
                    ..
                } => Some((*kind, *line, *column, text.as_str())),
                _ => None,
            })
            .collect()
    }

    fn games(&self) -> Vec<&Event> {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::Game { .. }))
            .collect()
    }

    /// One line per action: `line:column side row kind text`.
    fn cells(&self) -> String {
        let mut out = String::new();
        for a in self.actions() {
            let side = match a.side {
                Side::First => "L",
                Side::Second => "R",
            };
            let row = a.row.map_or("-".into(), |r| r.to_string());
            writeln!(
                out,
                "{}:{} {side} {row} {} `{}`",
                a.line,
                a.column,
                kind_name(&a.kind),
                a.text
            )
            .unwrap();
        }
        out
    }
}

fn kind_name(kind: &ActionKind) -> &'static str {
    match kind {
        ActionKind::Roll { play, .. } => match play {
            Written::Moves(_) => "play",
            Written::Empty => "empty",
            Written::CannotMove => "cannot-move",
            Written::Hidden => "hidden",
            Written::Dump(Some(_)) => "dump",
            Written::Dump(None) => "illegal",
            Written::Conceded => "conceded",
        },
        ActionKind::Double(_) => "double",
        ActionKind::Beaver(_) => "beaver",
        ActionKind::Raccoon(_) => "raccoon",
        ActionKind::Take => "take",
        ActionKind::Drop => "drop",
        ActionKind::Win { .. } => "win",
        ActionKind::Loss(_) => "loss",
        ActionKind::Resign(_) => "resign",
        ActionKind::SetPosition(_) => "set-position",
    }
}

fn read_bytes(bytes: &[u8]) -> (Option<Format>, Record) {
    let mut record = Record::default();
    let format = parse::read(bytes, &mut record);
    assert!(record.order_errors.is_empty(), "{:?}", record.order_errors);
    assert!(
        !record.in_match && !record.in_game,
        "unclosed match or game"
    );
    (format, record)
}

fn read_text(text: &str) -> Record {
    let mut record = Record::default();
    parse::mat::read(text, &mut record);
    assert!(record.order_errors.is_empty(), "{:?}", record.order_errors);
    assert!(
        !record.in_match && !record.in_game,
        "unclosed match or game"
    );
    record
}

fn fixture(name: &str) -> Record {
    let bytes = std::fs::read(fixtures().join("mat").join(name)).unwrap();
    let (format, record) = read_bytes(&bytes);
    assert_eq!(format, Some(Format::Mat));
    record
}

fn assert_cells(record: &Record, expected: &str) {
    let expected: String = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(record.cells(), expected);
}

/// A problem's code, line, column, side and row.
type ProblemPlace = (&'static str, u32, u32, Option<Side>, Option<u32>);

/// Each problem with its place.
fn problem_places(record: &Record) -> Vec<ProblemPlace> {
    record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Problem {
                kind,
                line,
                column,
                side,
                row,
                ..
            } => Some((kind.code().as_str(), *line, *column, *side, *row)),
            _ => None,
        })
        .collect()
}

fn no_problems(record: &Record) {
    assert_eq!(record.problems(), vec![]);
}

fn play(text: &str) -> Written {
    Written::Moves(PlayNotation::parse(text).unwrap())
}

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

/// The byte offset of the first occurrence of `needle` in a UTF-8 fixture.
fn text_offset(name: &str, needle: &str) -> usize {
    let bytes = std::fs::read(fixtures().join("mat").join(name)).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.trim_start_matches('\u{feff}').find(needle).unwrap()
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

// ---------------------------------------------------------------------------
// Bytes, line ends, tabs, several matches, problems.

#[test]
fn tabs_and_lone_carriage_returns() {
    let r = fixture("tabs.mat");
    no_problems(&r);
    assert_eq!(r.events[1], Event::Comment(1, 1, "; typed by hand".into()));
    assert_cells(
        &r,
        "
        5:9 L 1 play `31: 8/5 6/5`
        5:41 R 1 play `42: 8/4 6/4`
        6:9 L 2 play `65: 24/13`
        6:42 R 2 double `Doubles => 2`
        7:10 L 3 drop `Drops`
        8:41 R - win `Wins 1 point`
        ",
    );
}

#[test]
fn windows_1252_is_read_with_a_note() {
    let r = fixture("cp1252.mat");
    assert_eq!(r.problems(), [(ProblemKind::Encoding, 1, 1, "")]);
    let Event::Game { names, .. } = r.games()[0] else {
        unreachable!()
    };
    assert_eq!(names[0].0, "S\u{fc}rmeyan");
    assert_eq!(names[1].0, "Fran\u{e7}ois");
    // One column per character, whatever its bytes.
    assert_eq!(r.actions()[1].column, 34);
}

#[test]
fn utf16_with_a_byte_order_mark() {
    let r = fixture("utf16.mat");
    no_problems(&r);
    assert_cells(
        &r,
        "
        6:6 L 1 play `31: 8/5 6/5`
        6:34 R 1 play `42: 8/4 6/4`
        7:7 L 2 double `Doubles => 2`
        7:35 R 2 drop `Rejects`
        8:7 L - win `Wins 1 point and the match`
        ",
    );
}

#[test]
fn two_matches_in_one_file_with_every_cell_word_and_a_set_position() {
    let r = fixture("sessions.mat");
    no_problems(&r);
    let matches: Vec<_> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Match { line, length, tags } => Some((*line, *length, tags.len())),
            _ => None,
        })
        .collect();
    assert_eq!(matches, [(3, 0, 2), (18, 2, 1)]);
    assert_cells(
        &r,
        "
        7:1 L - set-position `; Set Pos=----cBD-D-B--A--Abcdc---A-/0`
        8:6 L 1 play `21: 16/15 15/13`
        8:34 R 1 double `Doubles => 2`
        9:7 L 2 beaver `Beavers => 4`
        9:34 R 2 raccoon `Raccoons => 8`
        10:7 L 3 take `Accepts`
        10:34 R 3 play `61: 7/1 6/5`
        12:7 L 4 resign `Resign gammon`
        12:34 R 4 drop `Passes`
        13:7 L 5 resign `Resigns`
        13:34 R 5 resign `Concedes`
        14:7 L 6 resign `Resign normal`
        14:34 R 6 resign `Resign backgammon`
        22:6 L 1 play `43: 24/20 13/10`
        22:34 R 1 double `Doubles => 2`
        23:7 L 2 take `Takes`
        23:34 R 2 play `52: 13/8 13/11`
        24:6 L 3 play `21: 13/11 6/5`
        24:34 R 3 win `Wins 2 points and the match`
        ",
    );
    let ActionKind::SetPosition(dump) = &r.actions()[0].kind else {
        unreachable!()
    };
    assert_eq!(dump.positive, Side::First);
    assert_eq!(dump.points[4..=6], [-3, 2, 4]);
    assert_eq!(dump.cube, Some((1, None)));
    assert!(r.events.contains(&Event::Comment(
        11,
        1,
        "# the clock was stopped here".into()
    )));
    // The first match ends with its last row, before the second match's header.
    assert!(r.events.contains(&Event::EndMatch(Location {
        byte: text_offset("sessions.mat", "Resign backgammon") + "Resign backgammon".len(),
        line: 14,
        column: 51
    })));
}

#[test]
fn every_problem_kind_with_its_location() {
    let r = fixture("broken.mat");
    assert_eq!(
        problem_places(&r),
        [
            ("bad-header", 3, 3, None, None),
            ("numbering", 5, 2, None, None),
            ("bad-header", 6, 3, None, None),
            ("unparsable-cell", 6, 6, Some(Side::First), Some(1)),
            ("numbering", 7, 3, None, Some(3)),
            ("unparsable-cell", 7, 6, Some(Side::First), Some(3)),
            ("bad-header", 9, 2, None, None),
            ("unparsable-cell", 10, 6, Some(Side::First), Some(1)),
            ("unparsable-cell", 10, 34, Some(Side::Second), Some(1)),
            ("bad-header", 11, 2, None, None),
            // `52: 13/8 13/11` is read; the text in the right column is not.
            ("unparsable-cell", 14, 34, Some(Side::Second), Some(1)),
            ("unparsable-cell", 15, 1, None, None),
            ("unparsable-cell", 16, 1, None, None),
        ]
    );
    // The good cells between the bad ones are still read.
    assert_cells(
        &r,
        "
        3:6 L 1 play `31: 8/5 6/5`
        3:34 R 1 play `42: 8/4 6/4`
        6:34 R 1 play `61: 13/7 8/7`
        7:34 R 3 empty `52:`
        14:6 L 1 play `52: 13/8 13/11`
        ",
    );
    assert_eq!(r.games().len(), 5);
    let messages: Vec<_> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Problem { message, text, .. } => Some(format!("{text} | {message}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        messages[3],
        "13-7 8/7 | expected a roll `dd: play`, a cube action or a result"
    );
    assert_eq!(messages[9], "Game 5 | no score line after `Game 5`");
}

#[test]
fn binary_and_text_without_a_match_give_one_unreadable_problem() {
    for bytes in [
        &b"RGMH\x00\x01\x02\x03 7 point match"[..],
        b"The score (after 0 games) is: a 0, b 0 (match to 5 points)\n",
        b"Caf\xe9 talk, no match here\n",
        b"",
    ] {
        let (format, r) = read_bytes(bytes);
        assert_eq!(format, None);
        assert_eq!(r.events.len(), 1, "{:?}", r.events);
        assert!(matches!(
            r.events[0],
            Event::Problem {
                kind: ProblemKind::Unreadable,
                line: 1,
                column: 1,
                ..
            }
        ));
    }
}

#[test]
fn game_in_a_name_or_a_cell_starts_no_game() {
    let r = read_text(
        " 1 point match\n Game 1\n Game Boy : 0      Endgame : 0\n  1) 31: 8/5 6/5      Game 2\n",
    );
    assert_eq!(r.games().len(), 1);
    let Event::Game { names, .. } = r.games()[0] else {
        unreachable!()
    };
    assert_eq!(names[0].0, "Game Boy");
    assert_eq!(
        r.problems(),
        [(ProblemKind::UnparsableCell, 4, 6, "31: 8/5 6/5      Game 2")]
    );
}

/// The move rows of formats.md §1.8 and §1.10, verbatim, each in a game of
/// its dialect's layout.
#[test]
fn formats_md_rows_verbatim() {
    let rows = [
        (
            "  1)                             41: 13/9 24/23",
            "R 1 play",
        ),
        (
            "  2) 31: 6/5 8/5                 41: 6/5 9/5",
            "L 2 play|R 2 play",
        ),
        (
            " 10) 61: 9/8 13/7                 Doubles => 2",
            "L 10 play|R 10 double",
        ),
        (
            " 11)  Takes                      64: 13/7 7/3",
            "L 11 take|R 11 play",
        ),
        (
            " 11) 22: 13/11 13/11 11/9 11/9   41: 20/16 16/15",
            "L 11 play|R 11 play",
        ),
        (
            "  4) 11: 25/24 24/23 23/22* 22/21 54: 25/20 10/6",
            "L 4 play|R 4 play",
        ),
        (
            " 28)  Losses 1 point                                               Wins 1 point and the match",
            "L 28 loss|R 28 win",
        ),
        ("      Wins 2 points", "L - win"),
        ("                                  Wins 4 point", "R - win"),
        (
            "  5)  Doubles => 2                      Takes",
            "L 5 double|R 5 take",
        ),
        (
            "  6)  Drops                              Wins 1 point",
            "L 6 drop|R 6 win",
        ),
        ("  9) Drops", "L 9 drop"),
        (
            "  8) 62: 13/11 13/7                    Doubles ==> 2",
            "L 8 play|R 8 double",
        ),
        (
            " 32) 63:                                   Wins 100 points",
            "L 32 empty|R 32 win",
        ),
    ];
    for (row, expected) in rows {
        let text = format!(
            " 7 point match\n Game 1\n a : 0                          b : 0\n  1) 31: 8/5 6/5                 41: 13/9 24/23\n{row}\n"
        );
        let r = read_text(&text);
        let problems: Vec<_> = r
            .problems()
            .into_iter()
            .filter(|p| p.0 != ProblemKind::Numbering)
            .collect();
        assert_eq!(problems, [], "{row}");
        let got: Vec<String> = r
            .actions()
            .iter()
            .skip(2)
            .map(|a| {
                let side = if a.side == Side::First { "L" } else { "R" };
                let row = a.row.map_or("-".into(), |n| n.to_string());
                format!("{side} {row} {}", kind_name(&a.kind))
            })
            .collect();
        assert_eq!(got.join("|"), expected, "{row}");
    }
}

#[test]
fn the_rows_of_the_match_decide_the_columns_not_the_score_line() {
    // GamesGrid: the second name starts at column 34, the right cells at 33.
    let text = " 5 point match\n Game 1\n DianaIN : 0                         bgnori : 0\n  1)                                 41: 13/9 9/8\n  2) 21: 13/11 6/5                   62: 13/7 13/11\n";
    let r = read_text(text);
    assert_eq!(r.actions()[0].side, Side::Second);
    // A lone right cell in a file whose right column is at 46.
    let text = "5 point match\n Game 1\n a: 0   b: 0\n  1) 25: 13/8 13/11                           62: 22/16 16/14\n  2) 36:                                      Doubles => 2\n  3)                                 31: 6/5 8/5\n";
    let r = read_text(text);
    let sides: Vec<_> = r.actions().iter().map(|a| a.side).collect();
    assert_eq!(
        sides,
        [
            Side::First,
            Side::Second,
            Side::First,
            Side::Second,
            Side::First
        ]
    );
}

// ---------------------------------------------------------------------------
// The shared corpus.

/// Files that are no `.mat` transcript (one `unreadable` problem each), and why.
fn not_transcript(name: &str) -> Option<&'static str> {
    if name.contains("analyzed__0-ply__") || name.contains("zoophagous_dimpextaras") {
        Some("gnubg `export match text` with analysis: no match line")
    } else if name.ends_with("src__7point.match") {
        Some("JavaFIBS internal match format")
    } else if name.ends_with("z_examplefibsconnection.txt") {
        Some("a raw FIBS session log")
    } else {
        None
    }
}

/// Transcripts with cells or headers that really cannot be read, and why.
/// None in the corpus today: its known defects are breaches of the rules
/// (see corpus/README.md), not of the syntax.
const BROKEN: &[(&str, &str)] = &[];

fn corpus_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path
                .file_name()
                .is_some_and(|n| n != "MANIFEST.tsv" && n != "README.md")
            {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&shared().join("corpus/real"), &mut files);
    walk(&shared().join("corpus/gnubg-selfplay/mat"), &mut files);
    files
}

/// Counts what a reader saw.
#[derive(Default)]
struct Totals {
    matches: usize,
    games: usize,
    rows: usize,
    cells: BTreeMap<&'static str, usize>,
    comments: usize,
    tags: usize,
    problems: BTreeMap<&'static str, usize>,
    last_row_line: u32,
    events: usize,
}

impl Visitor<'_> for Totals {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        self.matches += 1;
        self.tags += header.tags.len();
        self.events += 1;
    }
    fn begin_game(&mut self, _: &GameHeader<'_>) {
        self.games += 1;
        self.last_row_line = 0;
        self.events += 1;
    }
    fn action(&mut self, action: &Action<'_>) {
        *self.cells.entry(kind_name(&action.kind)).or_default() += 1;
        if action.location.line != self.last_row_line
            && !matches!(action.kind, ActionKind::SetPosition(_))
        {
            self.rows += 1;
            self.last_row_line = action.location.line;
        }
        self.events += 1;
    }
    fn comment(&mut self, _: &Comment<'_>) {
        self.comments += 1;
        self.events += 1;
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        *self
            .problems
            .entry(problem.kind.code().as_str())
            .or_default() += 1;
        if problem.kind != ProblemKind::Unreadable {
            self.events += 1;
        }
    }
}

#[test]
fn the_whole_corpus_reads() {
    if shared_or_skip("corpus", "the shared corpora").is_none() {
        return;
    }
    let files = corpus_files();
    assert!(files.len() > 2000, "the shared corpus is missing");
    let mut totals = Totals::default();
    let mut formats: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut broken_seen = vec![false; BROKEN.len()];
    for path in &files {
        let name = path.to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(path).unwrap();
        let mut record = Record::default();
        let format = parse::read(&bytes, &mut record);
        *formats.entry(format!("{format:?}")).or_default() += 1;
        if !record.order_errors.is_empty() {
            failures.push(format!("{name}: call order {:?}", record.order_errors));
        }
        if let Some(why) = not_transcript(&name) {
            let one = record.events.len() == 1
                && matches!(
                    record.events[0],
                    Event::Problem {
                        kind: ProblemKind::Unreadable,
                        ..
                    }
                );
            if !one {
                failures.push(format!(
                    "{name} ({why}): expected one `unreadable` problem, got {:?}",
                    record.events.first()
                ));
            }
            totals
                .problems
                .entry("unreadable")
                .and_modify(|n| *n += 1)
                .or_insert(1);
            continue;
        }
        if matches!(format, Some(Format::Sgf | Format::Xg)) {
            continue;
        }
        let broken = BROKEN.iter().position(|(part, _)| name.contains(part));
        for event in &record.events {
            if let Event::Problem {
                kind,
                line,
                column,
                text,
                message,
                ..
            } = event
            {
                let bad = match kind {
                    ProblemKind::Unreadable => true,
                    ProblemKind::UnparsableCell | ProblemKind::BadHeader => broken.is_none(),
                    _ => false,
                };
                if let (Some(i), ProblemKind::UnparsableCell | ProblemKind::BadHeader) =
                    (broken, kind)
                {
                    broken_seen[i] = true;
                }
                if bad {
                    failures.push(format!(
                        "{name}:{line}:{column}: {} `{text}`: {message}",
                        kind.code()
                    ));
                }
            }
        }
        let _ = parse::read(&bytes, &mut totals);
    }
    for (seen, (part, why)) in broken_seen.iter().zip(BROKEN) {
        if !seen {
            failures.push(format!(
                "{part} is listed as broken ({why}) but reads cleanly"
            ));
        }
    }
    println!("files: {} ({formats:?})", files.len());
    println!(
        "matches: {}, games: {}, rows: {}, comments: {}, tags: {}",
        totals.matches, totals.games, totals.rows, totals.comments, totals.tags
    );
    println!("cells by kind: {:?}", totals.cells);
    println!("problems by kind: {:?}", totals.problems);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The self-play matches against their manifest: games, rolls without a play
/// and cube actions per match, as gnubg counted them.
#[test]
fn self_play_counts_match_the_manifest() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (id, games, no_move, cube, moves) = (
        column("id"),
        column("games"),
        column("no_move_rolls"),
        column("cube_actions"),
        column("moves"),
    );
    let mut checked = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let bytes = std::fs::read(dir.join("mat").join(format!("{}.mat", fields[id]))).unwrap();
        let mut totals = Totals::default();
        assert_eq!(parse::read(&bytes, &mut totals), Some(Format::Mat));
        let count = |kinds: &[&str]| {
            kinds
                .iter()
                .map(|k| totals.cells.get(k).copied().unwrap_or(0))
                .sum::<usize>()
        };
        let expected = |i: usize| fields[i].parse::<usize>().unwrap();
        assert_eq!(totals.problems, BTreeMap::new(), "{}", fields[id]);
        assert_eq!(totals.games, expected(games), "{} games", fields[id]);
        assert_eq!(
            count(&["empty"]),
            expected(no_move),
            "{} rolls without a play",
            fields[id]
        );
        // gnubg counts a beaver as two actions: a take and a redouble.
        assert_eq!(
            count(&["double", "take", "drop"]) + 2 * count(&["beaver"]),
            expected(cube),
            "{} cube actions",
            fields[id]
        );
        assert_eq!(count(&["play"]), expected(moves), "{} plays", fields[id]);
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn a_garbled_right_cell_is_split_from_the_left_cell_it_follows() {
    // `Wins` misspelt: no known word starts the right cell, yet it sits in
    // the right column; the drop beside it is still read.
    let r = read_text(
        " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n  \
         1) 31: 8/5 6/5                 Doubles => 2\n  \
         2)  Drops                       Wnis 1 point\n",
    );
    assert_cells(
        &r,
        "
        5:6 L 1 play `31: 8/5 6/5`
        5:34 R 1 double `Doubles => 2`
        6:7 L 2 drop `Drops`
        ",
    );
    assert_eq!(
        problem_places(&r),
        [("unparsable-cell", 6, 35, Some(Side::Second), Some(2))]
    );
}

#[test]
fn a_match_length_out_of_range_is_named_as_such() {
    let text = " 99999999999999999999 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5\n";
    let report = bgaudit::replay::check_bytes(
        "huge.mat",
        text.as_bytes(),
        &bgaudit::replay::Options::default(),
    );
    assert_eq!(report.status, bgaudit::replay::FileStatus::Unreadable);
    assert_eq!(
        report.unreadable_reason.as_deref(),
        Some("the match length 99999999999999999999 is out of range (at most 4294967295)")
    );
    assert_eq!(report.findings.len(), 1);
    assert_eq!(
        (
            report.findings[0].location.line,
            report.findings[0].location.column
        ),
        (1, 2)
    );
}
