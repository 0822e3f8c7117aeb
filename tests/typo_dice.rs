//! A misread die, planted: the dice analysis measured on real records.
//!
//! Corpus: every transcript of `../shared/corpus/real/` (every dialect and
//! format it holds: Backgammon Galaxy, Backgammon Studio, GamesGrid and
//! Snowie exports of FIBS matches, live transcriptions in `.mat`, SGF and
//! eXtreme Gammon's binary `.xg`, DailyGammon, the synthetic files). A
//! transcript takes a plant when one of its games is clean (no warning or
//! error) and has a roll with a legal play whose one die, changed to
//! another face, makes the play as written illegal (`21: 13/11 6/5` written
//! `31: 13/11 6/5`). One such plant per transcript, chosen by a generator
//! seeded with the file's name: a cell, a die, a face. In text the digit is
//! replaced in place; in an `.xg` file the die of the move record is
//! rewritten and the container rebuilt.
//!
//! Every plant must be found at its cell (an `illegal-play` there) with no
//! other new finding in the file; at least [`RATE`] of them must be called
//! a probable transcription error with the roll of the clean record meant
//! (`meant_dice`, and the suggestion starting with it). In a record from a
//! server that enforces the rules, the message must say that the record is
//! wrong. `cargo test typo_dice -- --nocapture` prints the rate per
//! dialect and the misses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bgaudit::catalogue::Code;
use bgaudit::dice::Roll;
use bgaudit::finding::{Finding, Severity};
use bgaudit::parse::xg::container::Container;
use bgaudit::replay::{FileReport, Options, check_bytes};
use bgaudit::report::players::PlayersReport;
use bgaudit::rules::{MoveGen, judge};

use crate::util::{fixtures, shared_or_skip};
use crate::xg_writer;

/// The least share of plants called a misread die with the right roll.
const RATE: f64 = 0.80;
/// Misses printed.
const SHOWN: usize = 12;

/// A small xorshift64* generator.
struct Rng(u64);

impl Rng {
    /// Seeded with `name` (FNV-1a): the same plant on every run.
    fn seeded(name: &str) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        usize::try_from(x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64).expect("fits")
    }
}

/// Every file under `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("corpus folder is readable") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// One die changed in one roll cell.
#[derive(Clone, Debug)]
struct Plant {
    /// Where the roll is (the cell, or the `.xg` move record).
    location: bgaudit::location::Location,
    /// The match and game it is in.
    game: (u32, Option<u32>),
    /// The roll as the clean record writes it, and as planted.
    clean: Roll,
    planted: Roll,
    /// The cell as written, for the report.
    text: String,
}

/// Which dialect a file is, for the table: its format, and for the
/// `.mat` family its producer (the `Site` tag) or folder.
fn dialect(path: &Path, bytes: &[u8]) -> String {
    let name = path.to_string_lossy();
    if bytes.starts_with(b"RGMH") {
        return "xg binary (live transcriptions)".into();
    }
    let text = String::from_utf8_lossy(bytes);
    if text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with("(;")
    {
        return "sgf (GNU Backgammon)".into();
    }
    let site = text.lines().find_map(|l| {
        let l = l.trim_start_matches('\u{feff}').trim();
        l.strip_prefix("; [Site \"")
            .and_then(|rest| rest.strip_suffix("\"]"))
            .map(str::to_owned)
    });
    match site.as_deref() {
        Some("BackgammonGalaxy") => "mat: Backgammon Galaxy".into(),
        Some("Backgammon Studio") => "mat: Backgammon Studio".into(),
        Some(s) if !s.is_empty() && !name.contains("raccoon") => {
            "mat: live transcriptions (tagged)".into()
        }
        _ if name.contains("bgnori__bglib") => "mat: GamesGrid/Snowie (FIBS)".into(),
        _ if name.contains("raccoon") => "mat: Raccoon (video, gnubg)".into(),
        _ if name.contains("dg-android") => "mat: DailyGammon".into(),
        _ if name.contains("kevung") => "mat: live transcriptions (tagged)".into(),
        _ => "mat: other programs and synthetic".into(),
    }
}

/// The plants a clean file can take: every roll with a legal play in a
/// clean game, each die changed to each face that makes the play illegal.
fn plants(report: &FileReport, generator: &mut MoveGen) -> Vec<Plant> {
    let serious: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .collect();
    let dirty = |game: (u32, Option<u32>)| serious.iter().any(|f| (f.match_number, f.game) == game);
    let mut out = Vec::new();
    for step in &report.trace {
        let game = (step.match_number, step.game);
        let (Some(dice), Some(before), Some(written)) = (step.dice, step.before, step.written)
        else {
            continue;
        };
        if written.is_empty()
            || dirty(game)
            || report.findings.iter().any(|f| f.location == step.location)
            || !judge(&before, dice, &written, generator).is_legal()
        {
            continue;
        }
        for which in 0..2 {
            for face in 1..=6u8 {
                let (a, b) = (dice.first.pips(), dice.second.pips());
                let planted = if which == 0 {
                    if face == a {
                        continue;
                    }
                    Roll::new(face, b)
                } else {
                    if face == b || a == b {
                        continue;
                    }
                    Roll::new(a, face)
                }
                .expect("a die");
                if judge(&before, planted, &written, generator).is_legal() {
                    continue;
                }
                out.push(Plant {
                    location: step.location,
                    game,
                    clean: dice,
                    planted,
                    text: step.text.clone(),
                });
            }
        }
    }
    out
}

/// The file with `plant` made, or `None` when its dice cannot be found
/// where the replay read them.
fn planted_bytes(bytes: &[u8], plant: &Plant) -> Option<Vec<u8>> {
    if bytes.starts_with(b"RGMH") {
        return planted_xg(bytes, plant);
    }
    // The first two digits of the cell are its dice, as written; the
    // replay's offsets are in the text read, after a byte-order mark.
    let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    let at = plant.location.byte + bom;
    let cell = bytes.get(at..at + plant.text.len())?;
    if cell != plant.text.as_bytes() {
        return None;
    }
    let digits = cell
        .windows(2)
        .position(|w| w.iter().all(u8::is_ascii_digit))?;
    let written = [cell[digits] - b'0', cell[digits + 1] - b'0'];
    if written != [plant.clean.first.pips(), plant.clean.second.pips()] {
        return None;
    }
    let mut out = bytes.to_vec();
    out[at + digits] = b'0' + plant.planted.first.pips();
    out[at + digits + 1] = b'0' + plant.planted.second.pips();
    Some(out)
}

/// An `.xg` file with the dice of the move record at the plant's offset
/// rewritten, its container rebuilt.
fn planted_xg(bytes: &[u8], plant: &Plant) -> Option<Vec<u8>> {
    let container = Container::open(bytes).ok()?;
    let mut streams: Vec<(&str, Vec<u8>)> = Vec::new();
    for name in ["temp.xg", "temp.xgi", "temp.xgr", "temp.xgc"] {
        if let Some(data) = container.stream(name).ok()? {
            streams.push((name, data));
        }
    }
    let game = &mut streams.iter_mut().find(|(n, _)| *n == "temp.xg")?.1;
    let at = plant.location.byte;
    let die = |k: usize| -> Option<i32> {
        let b = game.get(at + k..at + k + 4)?;
        Some(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if game.get(at + 8) != Some(&3)
        || (die(100)?, die(104)?)
            != (
                i32::from(plant.clean.first.pips()),
                i32::from(plant.clean.second.pips()),
            )
    {
        return None;
    }
    game[at + 100..at + 104].copy_from_slice(&i32::from(plant.planted.first.pips()).to_le_bytes());
    game[at + 104..at + 108].copy_from_slice(&i32::from(plant.planted.second.pips()).to_le_bytes());
    let refs: Vec<(&str, &[u8])> = streams.iter().map(|(n, d)| (*n, d.as_slice())).collect();
    Some(xg_writer::container(
        &refs,
        b"\xff\xd8 a thumbnail \xff\xd9",
    ))
}

/// (code, kind, location, severity) of every finding but those at `skip`.
fn others(
    report: &FileReport,
    skip: bgaudit::location::Location,
) -> BTreeMap<(String, usize, usize, u32), usize> {
    let mut map = BTreeMap::new();
    for f in report.findings.iter().filter(|f| f.location != skip) {
        *map.entry((
            f.name(),
            f.location.byte,
            f.location.line as usize,
            f.match_number,
        ))
        .or_insert(0) += 1;
    }
    map
}

#[derive(Default)]
struct Tally {
    plants: usize,
    called: usize,
    misses: Vec<String>,
}

#[test]
fn typo_dice_a_planted_misread_die_is_read_as_one() {
    let Some(dir) = shared_or_skip("corpus/real", "the corpus of real records") else {
        return;
    };
    let options = Options {
        trace: true,
        ..Options::default()
    };
    let mut generator = MoveGen::new();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for path in files(&dir) {
        let bytes = std::fs::read(&path).expect("corpus file is readable");
        let name = path
            .strip_prefix(&dir)
            .expect("under the folder")
            .to_string_lossy()
            .into_owned();
        let clean = check_bytes(&name, &bytes, &options);
        let choices = plants(&clean, &mut generator);
        if choices.is_empty() {
            continue;
        }
        let mut rng = Rng::seeded(&name);
        let plant = choices[rng.below(choices.len())].clone();
        let Some(edited) = planted_bytes(&bytes, &plant) else {
            failures.push(format!("{name}: the dice of `{}` not found", plant.text));
            continue;
        };
        let report = check_bytes(&name, &edited, &Options::default());
        let tally = tallies.entry(dialect(&path, &bytes)).or_default();
        tally.plants += 1;
        let at = |f: &&Finding| f.location == plant.location;
        let found = report
            .findings
            .iter()
            .filter(at)
            .find(|f| f.code == Code::IllegalPlay);
        let describe = |f: Option<&Finding>| {
            f.map_or_else(
                || "nothing".to_owned(),
                |f| {
                    format!(
                        "{} likely_typo {:?} suggestion {:?}: {}",
                        f.name(),
                        f.likely_typo,
                        f.suggestion,
                        f.message
                    )
                },
            )
        };
        let example = format!(
            "{name}:{} `{}` planted {}: {}",
            plant.location.line,
            plant.text,
            plant.planted,
            describe(found)
        );
        let Some(f) = found else {
            failures.push(format!("not found: {example}"));
            continue;
        };
        // Nothing else changes, in its game or anywhere in the file.
        let before = others(&clean, plant.location);
        let after = others(&report, plant.location);
        if before != after {
            let new: Vec<_> = after
                .iter()
                .filter(|(k, n)| before.get(*k) != Some(n))
                .collect();
            failures.push(format!("more findings {new:?}: {example}"));
        }
        if f.server.is_some()
            && !f
                .message
                .contains("the record, not the player, must be wrong")
        {
            failures.push(format!("server record not said wrong: {example}"));
        }
        let right = f.likely_typo == Some(true)
            && f.meant_dice.map(Roll::normalized) == Some(plant.clean.normalized())
            && f.suggestion.as_deref().is_some_and(|s| {
                f.meant_dice
                    .is_some_and(|d| s.starts_with(&format!("{d}: ")))
            });
        if right {
            tally.called += 1;
        } else if tally.misses.len() < SHOWN {
            tally.misses.push(example);
        }
        let _ = plant.game;
    }

    let plants: usize = tallies.values().map(|t| t.plants).sum();
    let called: usize = tallies.values().map(|t| t.called).sum();
    println!("planted misread dice, one per clean transcript of corpus/real");
    println!(
        "{:<40} {:>7} {:>7} {:>7}",
        "dialect", "plants", "called", "rate"
    );
    for (dialect, t) in &tallies {
        println!(
            "{dialect:<40} {:>7} {:>7} {:>6.1}%",
            t.plants,
            t.called,
            100.0 * t.called as f64 / t.plants.max(1) as f64
        );
    }
    println!(
        "{:<40} {plants:>7} {called:>7} {:>6.1}%",
        "all",
        100.0 * called as f64 / plants.max(1) as f64
    );
    for (dialect, t) in &tallies {
        for m in &t.misses {
            println!("miss ({dialect}): {m}");
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(plants > 1000, "{plants} plants");
    // Every dialect of the corpus takes plants.
    assert!(tallies.len() >= 8, "{:?}", tallies.keys());
    assert!(
        called as f64 >= RATE * plants as f64,
        "{called} of {plants} plants called a misread die"
    );
}

/// A file of our own fixtures, checked.
fn fixture(name: &str) -> FileReport {
    let path = fixtures().join("typo").join(name);
    let bytes = std::fs::read(&path).expect("fixture");
    check_bytes(name, &bytes, &Options::default())
}

/// The warnings and errors of `report`, by line.
fn serious(report: &FileReport) -> Vec<&Finding> {
    report
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .collect()
}

/// A live transcription (`match7.mat` of the planted suite, three dice
/// misread): the opening roll of game 1 (`64` written `63`), a roll in
/// mid-game (`42` written `52`), and the opening roll of game 5 written as a
/// double (`21` as `11`: the opening double is the same slip).
#[test]
fn typo_dice_a_live_transcription_with_misread_dice() {
    let report = fixture("misread-dice.mat");
    let found: Vec<(u32, &str, Option<String>)> = serious(&report)
        .iter()
        .map(|f| {
            (
                f.location.line,
                f.code.as_str(),
                f.meant_dice.map(|d| d.to_string()),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (9, "illegal-play", Some("64".to_owned())),
            (33, "illegal-play", Some("42".to_owned())),
            (117, "opening-double", Some("21".to_owned())),
            (117, "illegal-play", Some("21".to_owned())),
        ]
    );
    for f in serious(&report) {
        assert_eq!(f.likely_typo, Some(true), "{}", f.message);
        assert_eq!(f.stood, None, "{}", f.message);
        assert_eq!(f.server, None);
    }
    let at = |line: u32| {
        report
            .findings
            .iter()
            .find(|f| f.location.line == line && f.code == Code::IllegalPlay)
            .expect("a finding")
    };
    assert_eq!(at(9).suggestion.as_deref(), Some("64: 24/18 18/14"));
    assert!(
        at(9).message.contains(
            "`24/18 18/14` is the play of 64, one die away from the 63 written (at the opening \
             each player rolls one die, and a die misread there is common)"
        ),
        "{}",
        at(9).message
    );
    assert!(
        at(9)
            .message
            .ends_with("; as written with 63 it cannot be made")
    );
    assert_eq!(at(33).suggestion.as_deref(), Some("42: 6/4 8/4"));
    assert!(!at(33).message.contains("opening"));

    // `players`: the three slips are probable typos (four findings, the
    // opening double with them), three suspect rolls, no illegal play; the
    // dice count as written.
    let clean = {
        let bytes = std::fs::read(fixtures().join("planted/match7.mat")).expect("fixture");
        check_bytes("match7.mat", &bytes, &Options::default())
    };
    let row = |report: &FileReport, name: &str| {
        let mut players = PlayersReport::default();
        players.add_file(report);
        players
            .rows()
            .into_iter()
            .find(|r| r.player == name)
            .expect("a row")
    };
    let (hanna, olaf) = (row(&report, "Hanna"), row(&report, "Olaf"));
    assert_eq!(
        (
            hanna.probable_typos,
            hanna.suspect_rolls,
            hanna.illegal_plays
        ),
        (3, 2, 0)
    );
    assert_eq!(
        (olaf.probable_typos, olaf.suspect_rolls, olaf.illegal_plays),
        (1, 1, 0)
    );
    let faces = |r: &bgaudit::report::players::PlayerRow| {
        [r.face_1, r.face_2, r.face_3, r.face_4, r.face_5, r.face_6].map(|n| n as i64)
    };
    let before = faces(&row(&clean, "Hanna"));
    let delta: Vec<i64> = faces(&hanna)
        .iter()
        .zip(before)
        .map(|(a, b)| a - b)
        .collect();
    // 42 written 52, 21 written 11.
    assert_eq!(delta, [1, -1, 0, -1, 1, 0]);
    assert_eq!(hanna.rolls, row(&clean, "Hanna").rolls);
}

/// A record from Backgammon Galaxy (its `Site` tag): a play against the
/// rules that no misread die explains (bar-first) and a misread die. The
/// server let neither be played: the record is wrong, nobody's play stood,
/// and `players` counts the first as a record defect.
#[test]
fn typo_dice_a_server_record_is_wrong_not_the_player() {
    let report = fixture("galaxy-misread.txt");
    let found = serious(&report);
    assert_eq!(found.len(), 2, "{found:#?}");
    let (bar, dice) = (found[0], found[1]);
    assert_eq!(bar.kind, Some(bgaudit::catalogue::Kind::BarFirst));
    for f in [bar, dice] {
        assert_eq!(f.server, Some("Backgammon Galaxy"));
        assert_eq!(f.stood, None);
        assert!(
            f.message.ends_with(
                "; Backgammon Galaxy accepts no illegal play, so the record, not the player, \
                 must be wrong"
            ),
            "{}",
            f.message
        );
    }
    assert_eq!(
        dice.meant_dice.map(|d| d.to_string()).as_deref(),
        Some("42")
    );
    assert_eq!(dice.likely_typo, Some(true));
    assert_ne!(bar.likely_typo, Some(true));
    let mut players = PlayersReport::default();
    players.add_file(&report);
    let hanna = players
        .rows()
        .into_iter()
        .find(|r| r.player == "Hanna")
        .expect("a row");
    assert_eq!(
        (
            hanna.illegal_plays,
            hanna.record_defects,
            hanna.probable_typos,
            hanna.suspect_rolls,
            hanna.stood
        ),
        (0, 1, 1, 1, 0)
    );

    // OpenGammon: a roll with nothing played, the opponent acting next. No
    // player skipped it, so nothing stood.
    let bytes = std::fs::read(fixtures().join("mat/opengammon.mat")).expect("fixture");
    let report = check_bytes("opengammon.mat", &bytes, &Options::default());
    let skipped = report
        .findings
        .iter()
        .find(|f| f.kind == Some(bgaudit::catalogue::Kind::NoPlay))
        .expect("the empty roll");
    assert_eq!((skipped.server, skipped.stood), (Some("OpenGammon"), None));
    assert_eq!(
        skipped.message,
        "nothing is played although 4 legal plays existed; tester rolled on; Sir_Jay conceded \
         later; OpenGammon accepts no illegal play, so the record, not the player, must be wrong"
    );
}
