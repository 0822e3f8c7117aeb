//! The eXtreme Gammon reader: the fixtures written by our own writer
//! against the `.mat` transcripts they come from, every refusal, and the
//! real files of the shared corpus (skipped when it is absent).

use std::path::{Path, PathBuf};

use bgaudit::finding::Finding;
use bgaudit::parse::xg::{self, XgError, container::Container};
use bgaudit::parse::{
    self, Action, ActionKind, Comment, Format, GameHeader, Location, MatchHeader, Problem, Visitor,
    Written,
};
use bgaudit::replay::{FileReport, FileStatus, Options, check_bytes};
use bgaudit::side::Side;

use crate::util::{fixtures, shared};
use crate::xg_writer::{self, MatchSpec, Writer};

/// A game header: number, start scores, Crawford game.
type Game = (Option<u32>, [Option<u32>; 2], Option<bool>);

/// Every event, owned, with the call order checked.
#[derive(Default, Debug)]
struct Events {
    tags: Vec<(String, String)>,
    length: u32,
    games: Vec<Game>,
    actions: Vec<(usize, Side, String, ActionKind)>,
    comments: Vec<(usize, String)>,
    problems: Vec<String>,
    order: Vec<&'static str>,
}

impl Visitor<'_> for Events {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        assert_eq!(header.format, Format::Xg);
        assert_eq!(header.location.line, 0);
        self.length = header.length;
        self.tags = header
            .tags
            .iter()
            .map(|t| (t.key.to_owned(), t.value.to_owned()))
            .collect();
        self.order.push("match");
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        assert_eq!(header.location.line, 0);
        assert_eq!(header.location.byte % xg_writer::RECORD, 0);
        self.games.push((
            header.number,
            [header.scores.first, header.scores.second],
            header.crawford,
        ));
        self.order.push("game");
    }
    fn action(&mut self, action: &Action<'_>) {
        assert_eq!((action.location.line, action.location.column), (0, 0));
        assert_eq!(action.row, None);
        self.actions.push((
            action.location.byte,
            action.side,
            action.text.to_owned(),
            action.kind.clone(),
        ));
        self.order.push("action");
    }
    fn end_game(&mut self, _: Location) {
        self.order.push("end game");
    }
    fn end_match(&mut self, _: Location) {
        self.order.push("end match");
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        self.comments
            .push((comment.location.byte, comment.text.to_owned()));
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        self.problems.push(problem.message.clone());
    }
}

impl Events {
    fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

fn read(bytes: &[u8]) -> Events {
    let mut events = Events::default();
    assert_eq!(parse::read(bytes, &mut events), Some(Format::Xg));
    events
}

fn refusal(bytes: &[u8]) -> XgError {
    match xg::decode(bytes) {
        Ok(_) => panic!("read, not refused"),
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "one line: {message}");
            e
        }
    }
}

/// The shared folder of `.xg` files, or `None` (and a line saying the test
/// is skipped) when this clone has none.
fn xg_corpus() -> Option<PathBuf> {
    let path = shared().join("corpus/xg");
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

fn check(name: &str, bytes: &[u8]) -> FileReport {
    check_bytes(
        name,
        bytes,
        &Options {
            trace: true,
            ..Options::default()
        },
    )
}

/// What a finding says, without where it is written (a row in a `.mat`,
/// an ordinal in an `.xg`).
type Gist = (
    String,
    Option<String>,
    Option<u32>,
    Option<String>,
    Option<bool>,
    Option<bool>,
);

fn gist(f: &Finding) -> Gist {
    (
        f.code.to_string(),
        f.kind.map(|k| k.as_str().to_owned()),
        f.game,
        f.dice.map(|d| d.normalized().to_string()),
        f.stood,
        f.likely_typo,
    )
}

/// The replay of two records of the same match agrees: games, plays, cube
/// actions, final score, findings, and the position and cube before and
/// after every action.
fn assert_same_replay(xg: &FileReport, text: &FileReport) {
    assert_eq!(xg.status, text.status, "{} / {}", xg.path, text.path);
    assert_eq!(xg.matches.len(), text.matches.len());
    for (a, b) in xg.matches.iter().zip(&text.matches) {
        assert_eq!(
            (a.length, a.games, a.plays, a.cube_actions, a.final_score),
            (b.length, b.games, b.plays, b.cube_actions, b.final_score),
            "{} / {}",
            xg.path,
            text.path
        );
        assert_eq!(a.winner, b.winner);
    }
    let gists = |r: &FileReport| r.findings.iter().map(gist).collect::<Vec<Gist>>();
    assert_eq!(gists(xg), gists(text), "{} / {}", xg.path, text.path);
    let steps = |r: &FileReport| {
        r.trace
            .iter()
            .map(|s| {
                (
                    s.game,
                    s.side,
                    s.dice.map(|d| d.normalized()),
                    // The move: the row a person counts, in both formats
                    // (a roll's; a result has no numbered row in a `.mat`).
                    s.dice.and(s.row),
                    s.before,
                    s.after,
                    s.context,
                )
            })
            .collect::<Vec<_>>()
    };
    let (a, b) = (steps(xg), steps(text));
    assert_eq!(a.len(), b.len(), "{} / {}", xg.path, text.path);
    for (k, (x, t)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x, t, "step {k} of {} / {}", xg.path, text.path);
    }
}

// ---------------------------------------------------------------- fixtures

/// A money session written field by field: comments, a beaver and a
/// raccoon, a play eXtreme Gammon stored as invalid, a roll without a play
/// before a resignation, a compressed hop, a double dropped.
fn features() -> Writer {
    let mut spec = MatchSpec::new("Ana", "Bo", 99_999);
    spec.beaver = true;
    spec.comment = 0;
    let mut w = Writer::new(&spec);
    w.comment("A session written by the tests.");
    let game_comment = w.comment("Game one: a beaver and a raccoon.");
    let move_comment = w.comment("13/9(2) with 43: the wrong dice, and it stood.");
    w.game(1, [0, 0], false, game_comment);
    w.cube(1, -2, -1, 0);
    w.play(1, [3, 1], &[(7, 4), (5, 4)], true);
    w.cube(-1, 0, -1, 0);
    w.play(-1, [6, 4], &[(23, 17), (17, 13)], true);
    w.cube_animals(1, 1, 2, 2, 1, 0);
    w.play(1, [5, 2], &[(12, 7), (5, 3)], true);
    w.cube(-1, -2, -1, 3);
    w.play(-1, [3, 3], &[(12, 9), (12, 9), (5, 2), (5, 2)], true);
    w.cube(1, 0, -1, 3);
    w.play_full(1, [4, 3], &[(12, 8), (12, 8)], true, 2, move_comment);
    w.cube(-1, -2, -1, 3);
    w.play(-1, [2, 1], &[(5, 4), (5, 3)], true);
    w.cube(1, 0, -1, 3);
    w.play(1, [6, 5], &[(23, 17), (17, 12)], true);
    w.cube(-1, -2, -1, 3);
    w.play(-1, [2, 1], &[], false);
    w.game_footer([8, 0], 1, 8, 101);
    w.game(2, [8, 0], false, -1);
    w.cube(-1, -2, -1, 0);
    w.play(-1, [6, 5], &[(23, 12)], true);
    w.cube(1, 1, 0, 0);
    w.game_footer([9, 0], 1, 1, 0);
    w.match_footer([9, 0], 1);
    w
}

/// The fixtures: name, and how the writer makes it.
fn fixture_writers() -> Vec<(&'static str, Writer)> {
    let mat = |path: &str| {
        let text = std::fs::read_to_string(fixtures().join(path)).expect("fixture");
        xg_writer::from_mat(&text)
    };
    vec![
        ("match7.xg", mat("planted/match7.mat")),
        ("money.xg", mat("planted/money.mat")),
        ("club-final-7pt.xg", mat("examples/club-final-7pt.mat")),
        ("features.xg", features()),
        ("position.xgp", position_file()),
    ]
}

/// A position file: one game header and one cube record holding the
/// position, Ana on the bar against a board that only 1s and 2s enter, to
/// roll 61.
fn position_file() -> Writer {
    let mut w = Writer::new(&MatchSpec::new("Ana", "Bo", 5));
    w.game(1, [2, 1], false, -1);
    let mut board = [0i8; 26];
    for (point, count) in [(25, 1), (13, 5), (8, 4), (6, 5)] {
        board[point] = count;
    }
    for (point, count) in [(19, -2), (20, -2), (21, -2), (22, -2), (17, -2), (12, -5)] {
        board[point] = count;
    }
    w.position(1, board, Some([6, 1]));
    w
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(fixtures().join("xg").join(name)).expect("xg fixture")
}

/// `fixtures/xg/` holds what the writer makes (compared once decompressed,
/// so that another zlib gives the same answer). Set
/// `BGAUDIT_WRITE_XG_FIXTURES=1` to write them anew.
#[test]
fn the_fixtures_are_what_the_writer_makes() {
    let dir = fixtures().join("xg");
    for (name, writer) in fixture_writers() {
        let path = dir.join(name);
        if std::env::var_os("BGAUDIT_WRITE_XG_FIXTURES").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, writer.file()).unwrap();
        }
        let bytes = std::fs::read(&path).expect("run with BGAUDIT_WRITE_XG_FIXTURES=1");
        let container = Container::open(&bytes).expect(name);
        assert_eq!(
            container.stream("temp.xg").unwrap(),
            Some(writer.game_stream()),
            "{name}"
        );
        assert_eq!(
            container.stream("temp.xgc").unwrap(),
            writer.comment_stream(),
            "{name}"
        );
    }
}

#[test]
fn an_xg_written_from_a_mat_replays_as_the_mat() {
    for (xg_name, mat) in [
        ("match7.xg", "planted/match7.mat"),
        ("money.xg", "planted/money.mat"),
        ("club-final-7pt.xg", "examples/club-final-7pt.mat"),
    ] {
        let text = std::fs::read(fixtures().join(mat)).unwrap();
        let a = check(xg_name, &fixture(xg_name));
        let b = check(mat, &text);
        assert_eq!(a.format, Some(Format::Xg));
        assert_same_replay(&a, &b);
    }
    // The transcript with findings gives them at the same actions.
    let report = check("club-final-7pt.xg", &fixture("club-final-7pt.xg"));
    assert!(report.findings.len() >= 2, "{:?}", report.findings);
}

#[test]
fn the_rules_come_from_the_match_header() {
    let events = read(&fixture("features.xg"));
    assert_eq!(events.length, 0);
    assert_eq!(events.tag("Crawford"), Some("Off"));
    assert_eq!(events.tag("Jacoby"), Some("Off"));
    assert_eq!(events.tag("Beaver"), Some("On"));
    assert_eq!(events.tag("CubeLimit"), Some("1024"));
    assert_eq!(events.tag("Variation"), Some("Backgammon"));
    assert_eq!(events.tag("Player 1"), Some("Ana"));
    assert_eq!(events.tag("EventDate"), Some("2026.11.22"));
    assert_eq!(events.tag("EventTime"), Some("19.30"));
    assert_eq!(
        events.tag("Transcriber"),
        Some("the xg writer of the tests")
    );
    let report = check("features.xg", &fixture("features.xg"));
    let rules = report.matches[0].rules.expect("rules");
    assert_eq!(rules.beavers.source.name(), "file");
    assert!(rules.beavers.value);
    assert_eq!(rules.cube_limit.source.name(), "file");
    assert_eq!(rules.cube_limit.value, Some(1024));
    let rules = check("match7.xg", &fixture("match7.xg")).matches[0]
        .rules
        .expect("rules");
    assert_eq!(rules.crawford.source.name(), "file");
    assert!(rules.crawford.value);
}

#[test]
fn cube_actions_plays_results_and_comments_as_the_records_give_them() {
    let bytes = fixture("features.xg");
    let events = read(&bytes);
    assert!(events.problems.is_empty(), "{:?}", events.problems);
    assert_eq!(
        events.order.first().copied(),
        Some("match"),
        "{:?}",
        events.order
    );
    assert_eq!(events.order.last().copied(), Some("end match"));
    assert_eq!(
        events.games,
        [
            (Some(1), [Some(0), Some(0)], None),
            (Some(2), [Some(8), Some(0)], None)
        ]
    );
    let texts: Vec<&str> = events.actions.iter().map(|a| a.2.as_str()).collect();
    assert_eq!(
        texts,
        [
            "31: 8/5 6/5",
            "64: 24/18 18/14",
            "Doubles => 2",
            "Beavers => 4",
            "Raccoons => 8",
            "Takes",
            "52: 13/8 6/4",
            "33: 13/10 13/10 6/3 6/3",
            "43: 13/9 13/9",
            "21: 6/5 6/4",
            "65: 24/18 18/13",
            "21: ???",
            "Wins 8 points",
            "65: 24/13",
            "Doubles => 2",
            "Drops",
            "Wins 1 point",
        ]
    );
    let kinds: Vec<&ActionKind> = events.actions.iter().map(|a| &a.3).collect();
    assert_eq!(kinds[2], &ActionKind::Double(Some(2)));
    assert_eq!(kinds[3], &ActionKind::Beaver(Some(4)));
    assert_eq!(kinds[4], &ActionKind::Raccoon(Some(8)));
    assert_eq!(kinds[5], &ActionKind::Take);
    assert!(matches!(
        kinds[11],
        ActionKind::Roll {
            play: Written::Hidden,
            ..
        }
    ));
    assert_eq!(
        kinds[12],
        &ActionKind::Win {
            points: Some(8),
            and_match: false,
            resigned: true
        }
    );
    assert_eq!(
        kinds[16],
        &ActionKind::Win {
            points: Some(1),
            and_match: false,
            resigned: false
        }
    );
    // Sides: the doubler, the beaver by the other, the raccoon by the
    // doubler, its take by the other.
    let sides: Vec<Side> = events.actions[2..6].iter().map(|a| a.1).collect();
    assert_eq!(
        sides,
        [Side::First, Side::Second, Side::First, Side::Second]
    );
    // Locations: the record's offset; the answers at their fields inside
    // the cube record.
    let double = events.actions[2].0;
    assert_eq!(double % xg_writer::RECORD, 0);
    assert_eq!(events.actions[3].0, double + 20);
    assert_eq!(events.actions[4].0, double + 24);
    assert_eq!(events.actions[5].0, double + 28);
    // Comments: the match's, the game's, the move's (at its record).
    let comments: Vec<&str> = events.comments.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(
        comments,
        [
            "A session written by the tests.",
            "Game one: a beaver and a raccoon.",
            "13/9(2) with 43: the wrong dice, and it stood."
        ]
    );
    assert_eq!(events.comments[2].0, events.actions[8].0);
}

#[test]
fn a_play_stored_as_invalid_is_the_illegal_play_it_is_and_stood() {
    let bytes = fixture("features.xg");
    let report = check("features.xg", &bytes);
    let errors: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.severity >= bgaudit::finding::Severity::Warning)
        .collect();
    assert_eq!(errors.len(), 1, "{:#?}", report.findings);
    let f = errors[0];
    assert_eq!(
        (f.code.as_str(), f.kind.map(|k| k.as_str())),
        ("illegal-play", Some("wrong-dice"))
    );
    assert_eq!(f.stood, Some(true));
    assert_eq!(f.text, "43: 13/9 13/9");
    // No line: the record's offset, and the move's row as the game's
    // `.mat` export lays it out (31 and 64; the double and the beaver; the
    // raccoon and the take; 52 and 33; then 43 on the left of row 5).
    assert_eq!((f.location.line, f.location.column), (0, 0));
    let decoded = xg::decode(&bytes).unwrap();
    assert_eq!(decoded.summary.invalid_plays, [f.location.byte]);
    assert_eq!((f.game, f.row), (Some(1), Some(5)));
    assert_eq!(report.matches[0].final_score.first, 9);
}

// ---------------------------------------------------------------- refusals

#[test]
fn a_truncated_file_is_refused_at_every_length() {
    let bytes = fixture("features.xg");
    for len in (0..bytes.len()).step_by(97).chain([bytes.len() - 1]) {
        let cut = &bytes[..len];
        if len < 4 {
            continue;
        }
        let e = refusal(cut);
        assert!(
            matches!(
                e,
                XgError::Truncated(_) | XgError::Checksum(_) | XgError::Foreign(_)
            ),
            "{len}: {e}"
        );
    }
    let e = refusal(&bytes[..8000]);
    assert!(matches!(e, XgError::Truncated(_)), "{e}");
    assert!(
        e.to_string().starts_with("a truncated eXtreme Gammon file"),
        "{e}"
    );
}

#[test]
fn a_wrong_checksum_is_refused() {
    let mut bytes = fixture("features.xg");
    let at = xg_writer::HEADER + 40;
    bytes[at] ^= 0x55;
    let e = refusal(&bytes);
    assert!(matches!(e, XgError::Checksum(_)), "{e}");
    assert!(e.to_string().contains("CRC-32"), "{e}");
    // A stream whose registry entry gives another CRC.
    let game = features().game_stream();
    let file = xg_writer::container_with_crc(&[("temp.xg", &game, 12345)], b"");
    let e = refusal(&file);
    assert!(matches!(e, XgError::Checksum(_)), "{e}");
    assert!(e.to_string().contains("`temp.xg`"), "{e}");
}

#[test]
fn a_zip_bomb_is_refused_without_decompressing_it() {
    // Declared past the bound: refused before anything is decompressed.
    let game = features().game_stream();
    let file = xg_writer::container_declaring(&[("temp.xg", &game, 1 << 30)], b"");
    let e = refusal(&file);
    assert!(matches!(e, XgError::TooLarge { .. }), "{e}");
    // Declared small, decompressing to more: refused at the declared size.
    let zeros = vec![0u8; 20 << 20];
    let file = xg_writer::container_declaring(&[("temp.xg", &zeros, 2560)], b"");
    let e = refusal(&file);
    assert!(e.to_string().contains("more than the 2560 bytes"), "{e}");
}

#[test]
fn containers_other_programs_made_are_refused() {
    // Not whole records.
    let file = xg_writer::container(&[("temp.xg", b"placeholder")], b"");
    let e = refusal(&file);
    assert!(matches!(e, XgError::Foreign(_)), "{e}");
    assert!(
        e.to_string()
            .starts_with("an RGMH container that eXtreme Gammon did not write")
    );
    // No game stream.
    let file = xg_writer::container(&[("temp.xgi", &[0u8; 5120])], b"");
    assert!(refusal(&file).to_string().contains("no game stream"));
    // A match header without the DMLI mark.
    let mut w = features();
    w.records[0][556..560].copy_from_slice(b"XXXX");
    let e = refusal(&w.file());
    assert!(e.to_string().contains("DMLI"), "{e}");
    // A record type the format does not have.
    let mut w = features();
    w.records[3][8] = 42;
    let e = refusal(&w.file());
    assert!(e.to_string().contains("unknown type 42"), "{e}");
}

#[test]
fn records_out_of_order_are_refused() {
    type Edit = fn(&mut Writer);
    let cases: [(&str, Edit); 5] = [
        ("outside any game", |w| {
            w.records.swap(1, 2);
        }),
        ("inside a game that has no footer", |w| {
            let header = w.records[1].clone();
            w.records.insert(3, header);
        }),
        ("after the match footer", |w| {
            let record = w.records[2].clone();
            w.records.push(record);
        }),
        ("after the match header", |w| {
            let header = w.records[0].clone();
            w.records.insert(2, header);
        }),
        ("not the match header", |w| {
            w.records.remove(0);
        }),
    ];
    for (why, edit) in cases {
        let mut w = features();
        edit(&mut w);
        let e = refusal(&w.file());
        assert!(matches!(e, XgError::OutOfOrder(_)), "{why}: {e}");
        assert!(e.to_string().contains(why), "{why}: {e}");
    }
}

#[test]
fn a_bare_record_is_named_and_refused() {
    let w = features();
    for record in &w.records[1..4] {
        let report = check("record.bin", record);
        assert_eq!(report.status, FileStatus::Unreadable);
        let reason = report.unreadable_reason.unwrap_or_default();
        let expected = if record[8] == 1 {
            "binary data"
        } else {
            "a single eXtreme Gammon game record"
        };
        assert!(reason.starts_with(expected), "{reason}");
    }
    // Inside a container, a stream of one move record is out of order.
    let file = xg_writer::container(&[("temp.xg", &w.records[4])], b"");
    assert!(matches!(refusal(&file), XgError::OutOfOrder(_)));
}

#[test]
fn a_position_file_is_no_match() {
    let mut w = Writer::new(&MatchSpec::new("Player 1", "Player 2", 5));
    w.game(1, [3, 1], false, -1);
    w.cube(1, 0, -1, 0);
    w.play(1, [4, 2], &[], false);
    let e = refusal(&w.file());
    assert_eq!(e, XgError::Position);
    assert!(e.to_string().contains("bgaudit legal FILE.xgp"), "{e}");
    // With one play made it is a match (in progress), read.
    w.play(1, [4, 2], &[(7, 3), (5, 3)], true);
    let events = read(&w.file());
    assert_eq!(events.games.len(), 1);
}

#[test]
fn values_out_of_range_are_problems_and_the_rest_is_read() {
    let mut w = features();
    // Dice 9 and 1 in the first move record; player 3 in a cube record.
    w.records[3][100..104].copy_from_slice(&9i32.to_le_bytes());
    w.records[4][12..16].copy_from_slice(&3i32.to_le_bytes());
    let events = read(&w.file());
    assert_eq!(events.problems.len(), 2, "{:?}", events.problems);
    assert!(events.problems[0].contains("dice 9 and 1"));
    assert!(events.problems[1].contains("player is 3"));
    assert_eq!(events.games.len(), 2);
}

#[test]
fn garbage_after_the_magic_never_panics() {
    let bytes = fixture("features.xg");
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..300 {
        let mut mutated = bytes.clone();
        for _ in 0..8 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let at = 4 + usize::try_from(state % (mutated.len() as u64 - 4)).unwrap();
            mutated[at] = (state >> 32) as u8;
        }
        let _ = check("mutated.xg", &mutated);
    }
}

fn read_events(path: &Path) -> Events {
    read(&std::fs::read(path).unwrap())
}

#[test]
fn a_position_file_gives_its_position_and_roll() {
    let file = xg::position_file(&fixture("position.xgp")).expect("position file");
    assert_eq!(file.dice, Some([6, 1]));
    assert_eq!(file.length, 5);
    assert_eq!(file.scores, [2, 1]);
    assert_eq!(file.board[25], 1);
    // A match is not a position file, and the position file is no match.
    assert_eq!(
        xg::position_file(&fixture("match7.xg")),
        Err(XgError::Match)
    );
    assert_eq!(
        xg::decode(&fixture("position.xgp")).err(),
        Some(XgError::Position)
    );
}

#[test]
fn legal_lists_the_plays_of_a_position_file() {
    let path = fixtures().join("xg/position.xgp");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_bgaudit"))
            .arg("legal")
            .arg(&path)
            .args(args)
            .output()
            .expect("bgaudit runs")
    };
    // 61 from the bar: the 1 enters (only 1s and 2s do), the 6 plays on.
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    let plays: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect();
    assert!(plays.contains(&"bar/18"), "{text}");
    assert!(plays.contains(&"bar/24 13/7"), "{text}");
    assert!(plays.iter().all(|p| p.starts_with("bar/")), "{text}");
    assert_eq!(plays.len(), 3, "{text}");
    // Other dice may be asked about the same position: 64 does not enter.
    let output = run(&["64"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no legal play"));
    // A match file is refused in one line.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_bgaudit"))
        .args(["legal"])
        .arg(fixtures().join("xg/match7.xg"))
        .output()
        .expect("bgaudit runs");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a position file"), "{err}");
}

/// An eXtreme Gammon file has no typed score line: a wrong start score is
/// the game record's, and the message says so in those words (the `.mat`
/// of the same match speaks of its score line).
#[test]
fn a_wrong_start_score_of_an_xg_game_is_not_called_a_score_line() {
    let bytes = std::fs::read(fixtures().join("xg/club-final-7pt.xg")).expect("fixture");
    let report = check("club-final-7pt.xg", &bytes);
    let mismatch = report
        .findings
        .iter()
        .find(|f| f.code == bgaudit::catalogue::Code::ScoreMismatch)
        .expect("the wrong start score of game 2");
    assert!(
        mismatch.message.ends_with(
            "the next game's recorded score agrees with them: this game's recorded score is wrong"
        ),
        "{}",
        mismatch.message
    );
    assert!(
        !mismatch.message.contains("score line"),
        "{}",
        mismatch.message
    );
    let mat = std::fs::read(fixtures().join("examples/club-final-7pt.mat")).expect("fixture");
    let report = check_bytes("club-final-7pt.mat", &mat, &Options::default());
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.message.ends_with("this score line is mistyped"))
    );
}

mod real_files;
