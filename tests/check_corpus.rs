//! `check` over the shared corpora: the self-play matches are clean, and in
//! the real corpus every error is a known, explained defect.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bgaudit::catalogue::{Code, Kind};
use bgaudit::finding::Severity;
use bgaudit::replay::{FileReport, Options, RuleFlags, check_bytes};
use bgaudit::report::players::{Aliases, Category, PlayersReport, category};

use crate::util::{shared, shared_or_skip};

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

fn check_all(dir: &Path, options: &Options) -> Vec<(String, FileReport)> {
    files(dir)
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("corpus file is readable");
            let name = path
                .strip_prefix(dir)
                .expect("under the folder")
                .to_string_lossy()
                .into_owned();
            let report = check_bytes(&name, &bytes, options);
            (name, report)
        })
        .collect()
}

/// `gs-NNNN` ids of the self-play matches played without the Crawford rule.
fn without_crawford() -> BTreeSet<String> {
    let manifest = std::fs::read_to_string(shared().join("corpus/gnubg-selfplay/MANIFEST.tsv"))
        .expect("manifest present");
    manifest
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.get(4) == Some(&"False") && f.get(2) != Some(&"0")).then(|| f[0].to_owned())
        })
        .collect()
}

#[test]
fn selfplay_mat_has_no_error_with_the_crawford_rule_as_played() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay/mat");
    let off = Options {
        flags: RuleFlags {
            crawford: Some(false),
            ..RuleFlags::default()
        },
        ..Options::default()
    };
    for (name, report) in check_all(&dir, &off) {
        let bad: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::Warning)
            .collect();
        assert!(bad.is_empty(), "{name}: {bad:#?}");
    }
    // Without the flag: the only errors are doubles in what would have been
    // the Crawford game of matches played without the rule, and each says
    // that the rule was assumed.
    let no_crawford = without_crawford();
    let mut assumed = 0;
    for (name, report) in check_all(&dir, &Options::default()) {
        for f in report
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::Warning)
        {
            assert_eq!(f.code, Code::DoubleInCrawford, "{name}: {f:#?}");
            assert!(f.message.contains("assumed"), "{name}: {}", f.message);
            assert!(
                no_crawford.contains(name.trim_end_matches(".mat")),
                "{name} was played with the rule"
            );
            assumed += 1;
        }
    }
    assert!(assumed > 0);
}

#[test]
fn selfplay_sgf_is_clean_including_matches_without_the_crawford_rule() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay/sgf");
    for (name, report) in check_all(&dir, &Options::default()) {
        let bad: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::Warning)
            .collect();
        assert!(bad.is_empty(), "{name}: {bad:#?}");
        assert!(report.matches.iter().all(|m| m.games > 0), "{name}");
    }
}

/// Every error in the real corpus: (file, line, code, kind). Each is a known
/// defect of the record or of the file, explained here.
const EXPECTED_ERRORS: &[(&str, u32, &str, Option<&str>)] = &[
    // Not transcripts: the corpus manifest, a FIBS session log, a JavaFIBS
    // `.match` file, a test-data file, gnubg analysis printouts, and the
    // binary eXtreme Gammon files.
    ("MANIFEST.tsv", 1, "unreadable", None),
    (
        "bgnori__bglib/bglib__record__testdata__36415064_zoophagous_dimpextaras.txt",
        1,
        "unreadable",
        None,
    ),
    (
        "gitGNU__gnu_gibbon/src__7point.match",
        1,
        "unreadable",
        None,
    ),
    (
        "jonathanballs__backgammony/source__networking__fibs__z_examplefibsconnection.txt",
        1,
        "unreadable",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__Llabba__analyzed__0-ply__match1278964.txt",
        1,
        "unreadable",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__analyzed__0-ply__Magic - Lasse 5pt Backgammon Studio 2024_04_22 19_06_30.txt",
        1,
        "unreadable",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__analyzed__0-ply__Magic - Lasse 5pt Backgammon Studio 2024_04_22 19_06_30_002.txt",
        1,
        "unreadable",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__analyzed__0-ply__match10013413.txt",
        1,
        "unreadable",
        None,
    ),
    // The three `Illegal play (...)` dumps: genuine illegal plays that stood
    // (a 1-1 moved 5 pips, a 2-1 moved 4, a 2-1 that jumped a blot).
    (
        "bgnori__bglib/bglib__record__snowietxt__Nori-Kenji081229.txt",
        315,
        "illegal-play-marker",
        None,
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__Nori-Kenji081229.txt",
        486,
        "illegal-play-marker",
        None,
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__Nori-Kenji081229.txt",
        517,
        "illegal-play-marker",
        None,
    ),
    // Plays lost by the exporter: a roll with no play although one existed;
    // as recorded, the opponent then enters on a blocked point. The analysis
    // finds the lost play (`5/off 5/1`) with which the entry and the rest of
    // the game replay cleanly, says so, and goes on from it: one finding.
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092110.txt",
        45,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
        36,
        "illegal-play",
        Some("no-play"),
    ),
    // Two rolls in a row with nothing played (rows 9 and 10, one finding),
    // then `42: 25/23 13/9` enters with no checker on the bar: two plays were
    // lost, which no single reading repairs; the impossible entry points back
    // to them.
    (
        "bgnori__bglib/bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
        13,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
        14,
        "impossible-play",
        Some("no-checker"),
    ),
    // A forced play (55: 6/1(4); 65: 6/off 6/1) skipped in mid-game, after
    // which the same player plays on: a real no-play.
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
        55,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
        138,
        "illegal-play",
        Some("no-play"),
    ),
    // A player who stops playing: several rolls in a row recorded with no
    // play while the opponent rolls on and wins. Each roll of the opponent
    // accepted the skipped play, so they stood (one finding per run); the
    // player's last plays may also have been lost by the exporter.
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092110.txt",
        46,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
        37,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
        57,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "bgnori__bglib/bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
        140,
        "illegal-play",
        Some("no-play"),
    ),
    // Hand-made test files of another project: `65: 6/0 5/0` bears off from
    // the 5 point where nobody stands; a 52 "dance" from the opening, then two
    // 1s played with a 2-1; a 44 opening roll, then an entry with nothing on
    // the bar.
    (
        "halheinrich__BgMatchFormat_Lib/BgMatchFormat_Lib.Tests__Goldens__cube_take.mat",
        10,
        "impossible-play",
        Some("no-checker"),
    ),
    (
        "halheinrich__BgMatchFormat_Lib/BgMatchFormat_Lib.Tests__Goldens__dance.mat",
        7,
        "illegal-play",
        Some("no-play"),
    ),
    (
        "halheinrich__BgMatchFormat_Lib/BgMatchFormat_Lib.Tests__Goldens__dance.mat",
        8,
        "illegal-play",
        Some("wrong-dice"),
    ),
    (
        "halheinrich__BgMatchFormat_Lib/BgMatchFormat_Lib.Tests__Goldens__doubles_hit_bearoff.mat",
        7,
        "opening-double",
        None,
    ),
    (
        "halheinrich__BgMatchFormat_Lib/BgMatchFormat_Lib.Tests__Goldens__doubles_hit_bearoff.mat",
        8,
        "impossible-play",
        Some("no-checker"),
    ),
    // Backgammon Galaxy one-game "16 point match" records count a gammon with
    // the cube never turned as a single game (as money play under the Jacoby
    // rule would); as the match records they claim to be, the value is wrong.
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__raw__match8239468.txt",
        45,
        "points-mismatch",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__raw__match8794401.txt",
        39,
        "points-mismatch",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__raw__match9665488.txt",
        40,
        "points-mismatch",
        None,
    ),
    (
        "lassehjorthmadsen__bglab/data-raw__lasse__raw__match9814649.txt",
        45,
        "points-mismatch",
        None,
    ),
    // Games that start from positions other than the standard one with no
    // marker: the first play of each is impossible from the opening, and the
    // game is not judged further. The wrong value of game 5 and the double of
    // game 7 follow from those games' unknown course and cube.
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        47,
        "impossible-play",
        Some("no-checker"),
    ),
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        53,
        "impossible-play",
        Some("no-checker"),
    ),
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        85,
        "points-mismatch",
        None,
    ),
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        89,
        "impossible-play",
        Some("no-checker"),
    ),
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        119,
        "double-in-crawford",
        None,
    ),
    (
        "tommihaa__dg-android/core-domain__src__test__resources__match_double_repeat.mat",
        136,
        "impossible-play",
        Some("no-checker"),
    ),
];

#[test]
fn every_error_in_the_real_corpus_is_a_known_defect() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let dir = shared().join("corpus/real");
    let reports = check_all(&dir, &Options::default());
    let mut found = BTreeSet::new();
    for (name, report) in &reports {
        for f in report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
        {
            found.insert((
                name.clone(),
                f.location.line,
                f.code.as_str(),
                f.kind.map(Kind::as_str),
            ));
        }
    }
    let expected: BTreeSet<_> = EXPECTED_ERRORS
        .iter()
        .map(|&(file, line, code, kind)| (file.to_owned(), line, code, kind))
        .collect();
    let unexpected: Vec<_> = found.difference(&expected).collect();
    let missing: Vec<_> = expected.difference(&found).collect();
    assert!(
        unexpected.is_empty() && missing.is_empty(),
        "unexpected: {unexpected:#?}\nmissing: {missing:#?}"
    );
    let files = reports.len();
    let games: u32 = reports
        .iter()
        .flat_map(|(_, r)| &r.matches)
        .map(|m| m.games)
        .sum();
    let plays: u32 = reports
        .iter()
        .flat_map(|(_, r)| &r.matches)
        .map(|m| m.plays)
        .sum();
    println!(
        "real corpus: {files} files, {games} games, {plays} plays, {} errors",
        found.len()
    );
    assert!(files > 2_000 && games > 7_000 && plays > 300_000);
}

#[test]
fn per_player_totals_equal_the_findings_over_the_whole_corpus() {
    if shared_or_skip("corpus", "the shared corpora").is_none() {
        return;
    }
    let mut all = check_all(&shared().join("corpus/real"), &Options::default());
    all.extend(check_all(
        &shared().join("corpus/gnubg-selfplay"),
        &Options::default(),
    ));
    let mut players = PlayersReport::new(Aliases::default());
    let (mut illegal, mut cube, mut defects, mut typos) = (0u64, 0u64, 0u64, 0u64);
    for (_, report) in &all {
        players.add_file(report);
        for f in &report.findings {
            match category(f) {
                Category::IllegalPlay => illegal += 1,
                Category::IllegalCube => cube += 1,
                Category::RecordDefect => defects += 1,
                Category::ProbableTypo => typos += 1,
                Category::NotCounted => {}
            }
        }
    }
    let totals = players.totals();
    let lost = players.unattributed();
    assert_eq!(totals.illegal_plays + lost.illegal_plays, illegal);
    assert_eq!(totals.illegal_cube + lost.illegal_cube, cube);
    assert_eq!(totals.record_defects + lost.record_defects, defects);
    assert_eq!(totals.probable_typos + lost.probable_typos, typos);
    assert_eq!(
        lost.illegal_plays, 0,
        "every illegal play belongs to a player"
    );
    assert!(illegal > 0 && cube > 0);
}

#[test]
fn lost_plays_of_the_known_defects_are_explained_as_such() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let dir = shared().join("corpus/real/bgnori__bglib");
    for (name, line) in [
        (
            "bglib__record__snowietxt__Wakagashira-nori-2009Feb092110.txt",
            45,
        ),
        (
            "bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
            36,
        ),
    ] {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let report = check_bytes(name, &bytes, &Options::default());
        let f = report
            .findings
            .iter()
            .find(|f| f.location.line == line && f.code == Code::IllegalPlay)
            .expect("the lost play is reported");
        assert_eq!(f.kind, Some(Kind::NoPlay));
        assert_eq!(f.likely_typo, Some(true), "{}", f.message);
        assert_eq!(f.suggestion.as_deref(), Some("5/off 5/1"));
        assert!(f.message.contains("probably lost"), "{}", f.message);
    }
}

#[test]
fn the_illegal_play_dumps_are_not_called_typos() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let name = "bglib__record__snowietxt__Nori-Kenji081229.txt";
    let bytes = std::fs::read(shared().join("corpus/real/bgnori__bglib").join(name)).expect("file");
    let report = check_bytes(name, &bytes, &Options::default());
    let markers: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.code == Code::IllegalPlayMarker)
        .collect();
    assert_eq!(markers.len(), 3);
    assert!(markers.iter().all(|f| f.likely_typo != Some(true)));
}

#[test]
fn refused_files_of_known_formats_say_what_they_are() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let dir = shared().join("corpus/real");
    let mut named = 0;
    for (name, report) in check_all(&dir, &Options::default()) {
        let Some(f) = report.findings.iter().find(|f| f.code == Code::Unreadable) else {
            continue;
        };
        let expected = if name.contains("__analyzed__") || name.contains("testdata__36415064") {
            "a GNU Backgammon text export"
        } else if name.ends_with(".match") {
            "a JavaFIBS match file"
        } else if name.contains("fibsconnection") {
            "a FIBS server session log"
        } else {
            // The corpus manifest: a table, nothing to name.
            assert_eq!(name, "MANIFEST.tsv");
            continue;
        };
        assert!(f.message.starts_with(expected), "{name}: {}", f.message);
        named += 1;
    }
    // (The eXtreme Gammon files of the corpus are read: none is refused.)
    assert_eq!(named, 7);
}

#[test]
fn a_missing_game_is_a_gap_when_no_resignation_value_explains_it() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    // Game 2 of a self-play match cut out (lines 28 to 61): game 1 ended
    // with a resignation worth 2 after the loser had borne off checkers, so
    // no other value of it (a gammon at cube 2) can explain the score line.
    let text = std::fs::read_to_string(shared().join("corpus/gnubg-selfplay/mat/gs-0061.mat"))
        .expect("corpus file");
    let cut: String = text
        .split_inclusive('\n')
        .enumerate()
        .filter(|(i, _)| !(27..61).contains(i))
        .map(|(_, line)| line)
        .collect();
    let report = check_bytes("gs-0061.mat", cut.as_bytes(), &Options::default());
    let errors: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.location.line, f.code, f.kind))
        .collect();
    assert_eq!(errors, [(28, Code::ScoreMismatch, Some(Kind::Gap))]);
}

#[test]
fn the_only_legal_play_is_suggested_though_a_separate_error_follows() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    // A self-play match with two plants: `52: 19/14 5/3` mistyped as
    // `19/14 5/2` (line 98; the only legal play is the original), and a
    // separate wrong roll two lines later (`63` written `43`, line 100).
    // As written the opponent's entry at line 100 is impossible; read with
    // the only legal play, only the separate error remains.
    let text = std::fs::read_to_string(shared().join("corpus/gnubg-selfplay/mat/gs-0025.mat"))
        .expect("corpus file");
    let planted = text
        .replacen("52: 19/14 5/3 ", "52: 19/14 5/2 ", 1)
        .replacen(" 42) 63: 25/22* 22/16*", " 42) 43: 25/22* 22/16*", 1);
    assert_ne!(planted, text);
    let report = check_bytes("gs-0025.mat", planted.as_bytes(), &Options::default());
    let errors: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert_eq!(
        (errors[0].location.line, errors[0].likely_typo),
        (98, Some(true))
    );
    assert_eq!(errors[0].suggestion.as_deref(), Some("19/14 5/3"));
    assert_eq!(
        (errors[1].location.line, errors[1].kind),
        (100, Some(Kind::WrongDice))
    );
}

#[test]
fn a_lost_entering_play_taken_for_a_dance_is_one_finding() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    // Row 20 of a self-play match loses J.Doe's `42: 25/23` (one of his two
    // checkers on the bar enters). The missing turn looks like a dance; his
    // play at line 33 then moves as if that checker had entered.
    let text = std::fs::read_to_string(shared().join("corpus/gnubg-selfplay/mat/gs-0010.mat"))
        .expect("corpus file");
    let planted = text.replacen(" 20) 42: 25/23     ", " 20)               ", 1);
    assert_ne!(planted, text);
    let report = check_bytes("gs-0010.mat", planted.as_bytes(), &Options::default());
    let problems: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning && f.game == Some(1))
        .collect();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(
        (problems[0].location.line, problems[0].code),
        (26, Code::TurnOrder)
    );
    assert!(
        problems[0].message.contains("line 33"),
        "{}",
        problems[0].message
    );
}

#[test]
fn a_roll_left_unplayed_before_the_opponent_resigns_says_so() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    // Game 1 of a self-play match cut at row 13: Trent rolls 31, plays
    // nothing (one legal play existed), and the opponent resigns.
    let text = std::fs::read_to_string(shared().join("corpus/gnubg-selfplay/mat/gs-0025.mat"))
        .expect("corpus file");
    let mut cut: String = text.lines().take(18).map(|l| format!("{l}\n")).collect();
    cut.push_str(" 13) 31:\n      Wins 1 point\n");
    let report = check_bytes("gs-0025.mat", cut.as_bytes(), &Options::default());
    let f = report
        .findings
        .iter()
        .find(|f| f.code == Code::IllegalPlay)
        .expect("the unplayed roll");
    assert_eq!(
        (f.location.line, f.kind, f.severity),
        (19, Some(Kind::NoPlay), Severity::Info)
    );
    assert!(f.message.ends_with("then Olivia resigned"), "{}", f.message);
    assert_eq!(f.stood, Some(false));
}
