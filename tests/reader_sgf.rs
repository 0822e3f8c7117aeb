//! The GNU Backgammon SGF reader: events, locations and problems.

use std::collections::BTreeMap;
use std::fs;

use bgaudit::parse::{
    self, Action, ActionKind, Comment, Format, GameHeader, Location, MatchHeader, Problem,
    ProblemKind, Resignation, Visitor, Written, sgf,
};
use bgaudit::side::Side;

use crate::util::{fixtures, shared, shared_or_skip};

/// One reader event, owned.
#[derive(Clone, Debug, PartialEq)]
enum Event {
    Match {
        location: Location,
        length: u32,
        tags: Vec<(String, String)>,
        format: Format,
    },
    Game {
        location: Location,
        number: Option<u32>,
        names: [(String, Option<String>); 2],
        scores: [Option<u32>; 2],
        crawford: Option<bool>,
        initial_cube: Option<u32>,
    },
    Action {
        location: Location,
        side: Side,
        text: String,
        kind: ActionKind,
    },
    EndGame(Location),
    EndMatch(Location),
    Comment(Location, String),
    Problem {
        location: Location,
        kind: ProblemKind,
        text: String,
        message: String,
        side: Option<Side>,
    },
}

#[derive(Debug, Default)]
struct Recorder {
    events: Vec<Event>,
    /// Check what holds for SGF: no row numbers, the score line is the root.
    sgf: bool,
}

impl Visitor<'_> for Recorder {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        self.events.push(Event::Match {
            location: header.location,
            format: header.format,
            length: header.length,
            tags: header
                .tags
                .iter()
                .map(|t| (t.key.to_owned(), t.value.to_owned()))
                .collect(),
        });
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        if self.sgf {
            assert_eq!(header.score_location, header.location);
        }
        let name = |side: Side| {
            let n = header.names[side];
            (n.name.to_owned(), n.rating.map(str::to_owned))
        };
        self.events.push(Event::Game {
            location: header.location,
            number: header.number,
            names: [name(Side::First), name(Side::Second)],
            scores: [header.scores.first, header.scores.second],
            crawford: header.crawford,
            initial_cube: header.initial_cube,
        });
    }
    fn action(&mut self, action: &Action<'_>) {
        if self.sgf {
            assert_eq!(action.row, None);
        }
        self.events.push(Event::Action {
            location: action.location,
            side: action.side,
            text: action.text.to_owned(),
            kind: action.kind.clone(),
        });
    }
    fn end_game(&mut self, last: Location) {
        self.events.push(Event::EndGame(last));
    }
    fn end_match(&mut self, last: Location) {
        self.events.push(Event::EndMatch(last));
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        self.events
            .push(Event::Comment(comment.location, comment.text.to_owned()));
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        if self.sgf {
            assert_eq!(problem.row, None);
        }
        self.events.push(Event::Problem {
            location: problem.location,
            kind: problem.kind,
            text: problem.text.to_owned(),
            message: problem.message.clone(),
            side: problem.side,
        });
    }
}

fn read(text: &str) -> Vec<Event> {
    let mut recorder = Recorder {
        sgf: true,
        ..Recorder::default()
    };
    sgf::read(text, &mut recorder);
    recorder.events
}

fn fixture(name: &str) -> String {
    fs::read_to_string(fixtures().join("sgf").join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn at(byte: usize, line: u32, column: u32) -> Location {
    Location { byte, line, column }
}

/// The location of the `n`-th (0-based) occurrence of `needle` in `text`.
fn loc(text: &str, needle: &str, n: usize) -> Location {
    let byte = text
        .match_indices(needle)
        .nth(n)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("`{needle}` #{n} not in the text"));
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let mut column = 1;
    for c in text[line_start..byte].chars() {
        column = if c == '\t' {
            (column - 1) / 8 * 8 + 9
        } else {
            column + 1
        };
    }
    at(byte, line, column)
}

/// The location one (ASCII) character further.
fn after(l: Location) -> Location {
    at(l.byte + 1, l.line, l.column + 1)
}

fn actions(events: &[Event]) -> Vec<(Side, String, ActionKind)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Action {
                side, text, kind, ..
            } => Some((*side, text.clone(), kind.clone())),
            _ => None,
        })
        .collect()
}

fn problems(events: &[Event]) -> Vec<(ProblemKind, Location, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Problem {
                kind,
                location,
                message,
                ..
            } => Some((*kind, *location, message.clone())),
            _ => None,
        })
        .collect()
}

fn roll(d1: u8, d2: u8, play: &str) -> ActionKind {
    let dice = bgaudit::dice::Roll::new(d1, d2);
    let play = if play.is_empty() {
        Written::Empty
    } else {
        Written::Moves(play.parse().unwrap_or_else(|e| panic!("{play}: {e}")))
    };
    ActionKind::Roll { dice, play }
}

fn win(points: u32, resigned: bool) -> ActionKind {
    ActionKind::Win {
        points: Some(points),
        and_match: false,
        resigned,
    }
}

fn tags(events: &[Event]) -> BTreeMap<String, String> {
    match events.iter().find(|e| matches!(e, Event::Match { .. })) {
        Some(Event::Match { tags, .. }) => tags.iter().cloned().collect(),
        _ => panic!("no match"),
    }
}

fn games(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Game { .. }))
        .collect()
}

const W: Side = Side::First;
const B: Side = Side::Second;

// ----- a whole match ------------------------------------------------------

#[test]
fn a_gnubg_match_gives_headers_moves_cube_results_and_comments_in_order() {
    let text = fixture("legal_2p.sgf");
    let events = read(&text);
    let name = |n: &str, r: Option<&str>| (n.to_owned(), r.map(str::to_owned));
    let action = |needle: &str, side: Side, kind: ActionKind| Event::Action {
        location: loc(&text, needle, 0),
        side,
        text: needle.to_owned(),
        kind,
    };
    let expected = vec![
        Event::Match {
            location: at(1, 1, 2),
            format: Format::Sgf,
            length: 2,
            tags: [
                ("FF", "4"),
                ("GM", "6"),
                ("CA", "UTF-8"),
                ("AP", "GNU Backgammon:1.07.001"),
                ("DT", "2024-05-01"),
                ("EV", "Club night"),
                ("RO", "Final"),
                ("PC", "Paris"),
                ("Crawford", "On"),
            ]
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        },
        Event::Game {
            location: at(1, 1, 2),
            number: Some(1),
            names: [name("Alice", None), name("Bob", None)],
            scores: [Some(0), Some(0)],
            crawford: Some(false),
            initial_cube: None,
        },
        action("B[31qtst]", B, roll(3, 1, "8/5 6/5")),
        action("W[52mhmk]", W, roll(5, 2, "13/8 13/11")),
        action("B[64aglp]", B, roll(6, 4, "24/18 13/9")),
        action("W[31hefe]", W, roll(3, 1, "8/5 6/5")),
        action("B[42qusu]", B, roll(4, 2, "8/4 6/4")),
        action("W[double]", W, ActionKind::Double(None)),
        action("B[drop]", B, ActionKind::Drop),
        action("RE[W+1]", W, win(1, false)),
        Event::EndGame(after(loc(&text, ")\n", 0))),
        Event::Game {
            location: loc(&text, ";FF", 1),
            number: Some(2),
            names: [name("Alice", None), name("Bob", None)],
            scores: [Some(1), Some(0)],
            crawford: Some(true),
            initial_cube: None,
        },
        action("W[65xrrm]", W, roll(6, 5, "24/18 18/13")),
        Event::Comment(
            loc(&text, "C[Running", 0),
            "Running while the cube is dead".into(),
        ),
        action("B[43lplo]", B, roll(4, 3, "13/9 13/10")),
        action("W[62mgmk]", W, roll(6, 2, "13/7 13/11")),
        action("B[21suab]", B, roll(2, 1, "6/4 24/23")),
        action("W[33hehefcfc]", W, roll(3, 3, "8/5 8/5 6/3 6/3")),
        action("RE[W+1R]", W, win(1, true)),
        Event::EndGame(after(loc(&text, ")\n", 1))),
        Event::EndMatch(at(text.len(), 15, 1)),
    ];
    assert_eq!(events.len(), expected.len(), "{events:#?}");
    for (got, want) in events.iter().zip(&expected) {
        assert_eq!(got, want);
    }
}

#[test]
fn planted_error_fixtures_still_read_cleanly() {
    // The errors are for the replayer; the reader sees well-formed SGF.
    for name in [
        "planted_wrong_distance.sgf",
        "planted_made_point.sgf",
        "planted_crawford_double.sgf",
        "planted_mi_score.sgf",
    ] {
        let events = read(&fixture(name));
        assert!(
            problems(&events).is_empty(),
            "{name}: {:?}",
            problems(&events)
        );
        assert_eq!(games(&events).len(), 2, "{name}");
    }
    let text = fixture("planted_crawford_double.sgf");
    let events = read(&text);
    let cube: Vec<_> = actions(&events)
        .into_iter()
        .filter(|(_, _, k)| matches!(k, ActionKind::Double(_) | ActionKind::Take))
        .collect();
    assert_eq!(cube.len(), 3);
    assert_eq!(cube[1], (B, "B[double]".into(), ActionKind::Double(None)));
    assert!(events.contains(&Event::Action {
        location: loc(&text, "B[double]", 0),
        side: B,
        text: "B[double]".into(),
        kind: ActionKind::Double(None),
    }));
}

// ----- root properties ----------------------------------------------------

#[test]
fn rule_words_become_tags_and_the_crawford_game_flag() {
    let events =
        read("(;GM[6]MI[length:5][game:3][ws:4][bs:2]RU[NoCube:Crawford:CrawfordGame:Nackgammon])");
    let tags = tags(&events);
    assert_eq!(tags.get("Crawford").map(String::as_str), Some("On"));
    assert_eq!(tags.get("CubeLimit").map(String::as_str), Some("1"));
    assert_eq!(
        tags.get("Variation").map(String::as_str),
        Some("Nackgammon")
    );
    assert_eq!(tags.get("Jacoby"), None);
    match games(&events)[..] {
        [
            Event::Game {
                number,
                scores,
                crawford,
                ..
            },
        ] => {
            assert_eq!(*number, Some(4));
            assert_eq!(*scores, [Some(4), Some(2)]);
            assert_eq!(*crawford, Some(true));
        }
        _ => panic!("{events:?}"),
    }
}

#[test]
fn a_match_without_the_crawford_word_is_played_without_the_rule() {
    let events = read("(;GM[6]MI[length:5][game:0][ws:0][bs:0])");
    assert_eq!(
        tags(&events).get("Crawford").map(String::as_str),
        Some("Off")
    );
    assert!(matches!(
        games(&events)[..],
        [Event::Game { crawford: None, .. }]
    ));
}

#[test]
fn money_play_says_whether_jacoby_is_on() {
    let events = read("(;GM[6]MI[length:0][game:0][ws:0][bs:0]RU[Jacoby:Hypergammon3])");
    let tags = tags(&events);
    assert_eq!(tags.get("Jacoby").map(String::as_str), Some("On"));
    assert_eq!(
        tags.get("Variation").map(String::as_str),
        Some("Hypergammon 3")
    );
    assert_eq!(tags.get("Crawford"), None);
    let events = read("(;GM[6])");
    let tags = tags_of(&events);
    assert_eq!(tags.get("Jacoby").map(String::as_str), Some("Off"));
    assert!(matches!(events[0], Event::Match { length: 0, .. }));
}

fn tags_of(events: &[Event]) -> BTreeMap<String, String> {
    tags(events)
}

#[test]
fn players_ratings_cube_and_other_root_properties() {
    let text = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Joe \\] Black]PB[Snow]WR[1650]BR[1500]CV[2]AN[me]GC[long]US[x]C[root note]\n;W[31hefe])\n\
                (;FF[4]GM[6]MI[length:3][game:1][ws:1][bs:0]PW[Joe \\] Black]PB[Snow]\n;B[31qtst])";
    let events = read(text);
    let tags = tags(&events);
    for (key, value) in [("AN", "me"), ("GC", "long"), ("US", "x"), ("FF", "4")] {
        assert_eq!(tags.get(key).map(String::as_str), Some(value), "{key}");
    }
    for key in ["PW", "PB", "WR", "BR", "CV", "MI", "C", "RU"] {
        assert!(!tags.contains_key(key), "{key}");
    }
    let gs = games(&events);
    let Event::Game {
        names,
        initial_cube,
        ..
    } = gs[0]
    else {
        panic!()
    };
    assert_eq!(names[0], ("Joe \\] Black".into(), Some("1650".into())));
    assert_eq!(names[1], ("Snow".into(), Some("1500".into())));
    assert_eq!(*initial_cube, Some(2));
    // ratings are written with the first game only
    let Event::Game {
        names,
        initial_cube,
        ..
    } = gs[1]
    else {
        panic!()
    };
    assert_eq!(names[0].1.as_deref(), Some("1650"));
    assert_eq!(*initial_cube, None);
    assert!(events.contains(&Event::Comment(
        loc(text, "C[root note", 0),
        "root note".into()
    )));
}

#[test]
fn bad_match_information_is_a_bad_header_where_it_is_written() {
    let text = "(;GM[6]MI[length:x][game:0]\n;W[31hefe])\n(;GM[6]MI[length:3]\n;B[31qtst])";
    let events = read(text);
    let ps = problems(&events);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert_eq!(ps[0].0, ProblemKind::BadHeader);
    assert_eq!(ps[0].1, loc(text, "[length:x]", 0));
    // a later game with another length
    let text = "(;GM[6]MI[length:5]\n;W[31hefe])\n(;GM[6]MI[length:3]\n;B[31qtst])";
    let ps = problems(&read(text));
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].0, ProblemKind::BadHeader);
    assert_eq!(ps[0].1, loc(text, "MI", 1));
    assert!(ps[0].2.contains("length 3"), "{}", ps[0].2);
}

// ----- moves --------------------------------------------------------------

#[test]
fn move_letters_bar_off_and_dances() {
    let text = "(;GM[6]\n;B[44ydgklplp]\n;W[54yt]\n;B[65]\n;W[21xzwz])";
    let got = actions(&read(text));
    assert_eq!(
        got,
        vec![
            (
                B,
                "B[44ydgklplp]".into(),
                roll(4, 4, "bar/21 18/14 13/9 13/9")
            ),
            (W, "W[54yt]".into(), roll(5, 4, "bar/20")),
            (B, "B[65]".into(), roll(6, 5, "")),
            (W, "W[21xzwz]".into(), roll(2, 1, "24/off 23/off")),
        ]
    );
    // no hit marks: SGF does not encode hits
    for (_, _, kind) in got {
        if let ActionKind::Roll {
            play: Written::Moves(play),
            ..
        } = kind
        {
            assert!(play.hops().iter().all(|h| !h.hit));
        }
    }
}

#[test]
fn bad_moves_are_unparsable_cells_at_the_property() {
    let text = "(;GM[6]\n;W[71ab]\n;B[31abc]\n\t;W[31AB]\n;B[]\n;W[31hefe])";
    let events = read(text);
    let ps: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Problem {
                kind,
                location,
                text,
                side,
                ..
            } => Some((*kind, *location, text.clone(), *side)),
            _ => None,
        })
        .collect();
    assert_eq!(
        ps,
        vec![
            (
                ProblemKind::UnparsableCell,
                loc(text, "W[71ab]", 0),
                "W[71ab]".into(),
                Some(W)
            ),
            (
                ProblemKind::UnparsableCell,
                loc(text, "B[31abc]", 0),
                "B[31abc]".into(),
                Some(B)
            ),
            (
                ProblemKind::UnparsableCell,
                at(29, 4, 10),
                "W[31AB]".into(),
                Some(W)
            ),
            (
                ProblemKind::UnparsableCell,
                loc(text, "B[]", 0),
                "B[]".into(),
                Some(B)
            ),
        ]
    );
    assert_eq!(actions(&events).len(), 1);
}

#[test]
fn beaver_raccoon_take_drop() {
    let text = "(;GM[6]\n;W[double]\n;B[double]\n;W[double]\n;B[take]\n;W[31hefe]\n;B[double]\n;W[take]\n;W[double]\n;B[drop])";
    let kinds: Vec<_> = actions(&read(text))
        .into_iter()
        .map(|(s, _, k)| (s, k))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (W, ActionKind::Double(None)),
            (B, ActionKind::Beaver(None)),
            (W, ActionKind::Raccoon(None)),
            // B's take of the raccoon is implied by it
            (W, roll(3, 1, "8/5 6/5")),
            (B, ActionKind::Double(None)),
            (W, ActionKind::Take),
            (W, ActionKind::Double(None)),
            (B, ActionKind::Drop),
        ]
    );
}

#[test]
fn resignation_nodes_and_results() {
    let text = "(;GM[6]RE[W+2Resign]\n;W[31hefe]\n;B[resign:2]\n;W[accept])";
    let events = read(text);
    assert_eq!(
        actions(&events),
        vec![
            (W, "W[31hefe]".into(), roll(3, 1, "8/5 6/5")),
            (
                B,
                "B[resign:2]".into(),
                ActionKind::Resign(Resignation::Game)
            ),
            (W, "RE[W+2Resign]".into(), win(2, true)),
        ]
    );
    let text = "(;GM[6]RE[B+3]\n;B[31qtst])";
    let events = read(text);
    assert!(events.contains(&Event::Action {
        location: at(7, 1, 8),
        side: B,
        text: "RE[B+3]".into(),
        kind: win(3, false),
    }));
    // no result recorded, or a bad one
    assert_eq!(actions(&read("(;GM[6]RE[?];W[31hefe])")).len(), 1);
    let ps = problems(&read("(;GM[6]RE[White];W[31hefe])"));
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].0, ProblemKind::UnparsableCell);
    assert_eq!(ps[0].1, at(7, 1, 8));
}

// ----- set-up nodes -------------------------------------------------------

fn board(white: &[(usize, i8)], black: &[(usize, i8)]) -> [i8; 26] {
    // White's frame: White's point p at index p, Black's point q at 25 - q.
    let mut points = [0i8; 26];
    for &(p, n) in white {
        points[p] += n;
    }
    for &(q, n) in black {
        points[25 - q] -= n;
    }
    points
}

#[test]
fn a_roll_then_a_board_edit_is_a_play_written_as_a_position() {
    // How GNU Backgammon stores a play it could not make (formats.md 2.5).
    let text = "(;GM[6]\n;B[31qtst]\n;PL[W]DI[11]\n;PL[W]AE[a:y]AW[a][a][c]AB[y][x][x]\n;B[21])";
    let got = actions(&read(text));
    let points = board(&[(1, 2), (3, 1)], &[(25, 1), (1, 2)]);
    assert_eq!(got[1].0, W);
    assert_eq!(got[1].1, "PL[W]DI[11]");
    let ActionKind::Roll {
        dice,
        play: Written::Dump(Some(dump)),
    } = &got[1].2
    else {
        panic!("{:?}", got[1])
    };
    assert_eq!(dice.map(|d| d.to_string()), Some("11".into()));
    assert_eq!(dump.points, points);
    assert_eq!(dump.positive, W);
    assert_eq!(dump.cube, None);
    assert_eq!(got.len(), 3);
    assert_eq!(got[2], (B, "B[21]".into(), roll(2, 1, "")));
}

#[test]
fn a_board_edit_with_cube_nodes_is_one_set_position() {
    let text = "(;GM[6]\n;PL[B]AE[a:y]AW[f][f]AB[s]\n;CV[4]\n;CP[b]C[edited]\n;PL[B]DI[52])";
    let events = read(text);
    let got = actions(&events);
    assert_eq!(got.len(), 2, "{events:?}");
    let (side, text_written, ActionKind::SetPosition(dump)) = &got[0] else {
        panic!("{got:?}")
    };
    assert_eq!(*side, B);
    assert_eq!(text_written, "PL[B]AE[a:y]AW[f][f]AB[s]");
    assert_eq!(dump.points, board(&[(6, 2)], &[(6, 1)]));
    assert_eq!(dump.cube, Some((4, Some(B))));
    assert_eq!(got[1], (B, "PL[B]DI[52]".into(), roll(5, 2, "")));
    // the comment of the cube node follows the set-up it belongs to
    let comment = events.iter().position(|e| matches!(e, Event::Comment(..)));
    let set = events.iter().position(|e| {
        matches!(
            e,
            Event::Action {
                kind: ActionKind::SetPosition(_),
                ..
            }
        )
    });
    assert!(set < comment);
    let e = events.iter().find(|e| matches!(e, Event::Action { .. }));
    assert!(
        matches!(e, Some(Event::Action { location, .. }) if *location == loc(text, "PL[B]AE", 0))
    );
}

#[test]
fn a_dice_node_before_a_resignation_is_a_roll_with_nothing_played() {
    let text = "(;GM[6]RE[W+1R]\n;W[31hefe]\n;PL[B]DI[33]LU[0.00000])";
    assert_eq!(
        actions(&read(text)),
        vec![
            (W, "W[31hefe]".into(), roll(3, 1, "8/5 6/5")),
            (B, "PL[B]DI[33]".into(), roll(3, 3, "")),
            (W, "RE[W+1R]".into(), win(1, true)),
        ]
    );
    // without `PL`, the dice are the next player's
    let got = actions(&read("(;GM[6];W[31hefe];DI[42])"));
    assert_eq!(got[1].0, B);
}

#[test]
fn set_ups_the_reader_cannot_give_are_problems() {
    // a partial edit changes a position the reader does not know
    let text = "(;GM[6]\n;W[31hefe]\n;AE[a:g]AB[a])";
    let events = read(text);
    assert!(actions(&events).len() == 1);
    let ps = problems(&events);
    assert_eq!(ps.len(), 1);
    assert_eq!(
        (ps[0].0, ps[0].1),
        (ProblemKind::Unsupported, loc(text, "AE", 0))
    );
    // a cube edit without a board
    let text = "(;GM[6]\n;W[31hefe]\n;CV[2]\n;B[31qtst])";
    let ps = problems(&read(text));
    assert_eq!(ps.len(), 1);
    assert_eq!(
        (ps[0].0, ps[0].1),
        (ProblemKind::Skipped, loc(text, "CV", 0))
    );
    // bad values
    let text = "(;GM[6]\n;PL[X]\n;DI[7]\n;CP[q]\n;AE[a:y]AW[A])";
    let ps = problems(&read(text));
    let kinds: Vec<_> = ps.iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(
        kinds,
        vec![
            (ProblemKind::UnparsableCell, loc(text, "PL", 0)),
            (ProblemKind::UnparsableCell, loc(text, "DI", 0)),
            (ProblemKind::UnparsableCell, loc(text, "CP", 0)),
            (ProblemKind::UnparsableCell, loc(text, "[A]", 0)),
        ]
    );
}

mod corpus;
mod syntax;
