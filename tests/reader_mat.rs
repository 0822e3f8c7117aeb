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

/// The byte offset of the first occurrence of `needle` in a UTF-8 fixture.
fn text_offset(name: &str, needle: &str) -> usize {
    let bytes = std::fs::read(fixtures().join("mat").join(name)).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.trim_start_matches('\u{feff}').find(needle).unwrap()
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

mod corpus;
mod dialects;
