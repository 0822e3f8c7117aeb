//! The eXtreme Gammon reader over the real files of the shared corpus
//! (skipped when it is absent): games, scores and comments as the records
//! give them, twin exports, and every file of the folder read or refused.

use super::*;

// ---------------------------------------------------------- the real files

/// The real matches: games, each game's start scores and the final score
/// as eXtreme Gammon's records give them (read with an outside reader,
/// `scripts/xg-compare`).
type Real = (&'static str, &'static [[u32; 2]], [u32; 2]);

const REAL: &[Real] = &[
    (
        "Aachen2024__double__Lux_Heuler-Franzosen_7_point_match_12.08.2024.xg",
        &[[0, 0], [0, 2], [0, 3], [0, 4], [0, 6], [1, 6], [2, 6]],
        [2, 8],
    ),
    (
        "Aachen2024__double__Squire-Jorgensen-Harmand-Unger_7_point_match_18-08-2024.xg",
        &[
            [0, 0],
            [0, 2],
            [2, 2],
            [2, 4],
            [3, 4],
            [3, 6],
            [4, 6],
            [6, 6],
        ],
        [7, 6],
    ),
    (
        "Aachen2024__double__ronde1-UngerHarmand-FriebeJacobi-7pt.xg",
        &[[0, 0], [1, 0], [1, 2], [1, 6]],
        [1, 7],
    ),
    (
        "Aachen2024__double__ronde3-UngerHarmand-HuyckLarsen.xg",
        &[[0, 0], [0, 2], [1, 2], [1, 6]],
        [1, 7],
    ),
    (
        "Aachen2024__main-intermediate__1-Intermediate-Round1-Unger-Kozoman-11pt.xg",
        &[[0, 0], [0, 2], [0, 4], [0, 5], [0, 9]],
        [0, 11],
    ),
    (
        "Aachen2024__main-intermediate__2-Intermediate-Round2-Unger-Lahme-7pt.xg",
        &[
            [0, 0],
            [0, 1],
            [0, 3],
            [1, 3],
            [3, 3],
            [5, 3],
            [5, 5],
            [5, 6],
        ],
        [5, 7],
    ),
    (
        // The last game wins 3 points at 6-2: the replay counts 9, XG's
        // footer caps it at the length, 7.
        "data__charlot1-charlot2_7p_2025-11-08-2305.xg",
        &[[0, 0], [0, 2], [2, 2], [6, 2]],
        [9, 2],
    ),
    (
        "data__match_with_comment.xg",
        &[
            [0, 0],
            [2, 0],
            [3, 0],
            [3, 1],
            [3, 3],
            [4, 3],
            [4, 4],
            [4, 6],
        ],
        [4, 10],
    ),
    (
        "data__test.xg",
        &[[0, 0], [1, 0], [3, 0], [3, 1], [3, 2], [3, 4], [5, 4]],
        [7, 4],
    ),
];

#[test]
fn the_real_matches_read_with_their_games_scores_and_final_score() {
    let Some(dir) = xg_corpus() else { return };
    for (name, starts, last) in REAL {
        let path = dir.join("kevung__gbf").join(name);
        let bytes = std::fs::read(&path).expect("corpus file");
        let events = read(&bytes);
        assert!(events.problems.is_empty(), "{name}: {:?}", events.problems);
        let scores: Vec<[u32; 2]> = events
            .games
            .iter()
            .map(|g| [g.1[0].unwrap(), g.1[1].unwrap()])
            .collect();
        assert_eq!(scores, *starts, "{name}");
        let report = check(name, &bytes);
        assert_eq!(report.format, Some(Format::Xg));
        let m = &report.matches[0];
        assert_eq!(m.games as usize, starts.len(), "{name}");
        assert_eq!([m.final_score.first, m.final_score.second], *last, "{name}");
        // Legal, except where XG stored a play as invalid: exactly those
        // are reported, and they stood.
        let decoded = xg::decode(&bytes).unwrap();
        let serious: Vec<&Finding> = report
            .findings
            .iter()
            .filter(|f| f.severity >= bgaudit::finding::Severity::Warning)
            .collect();
        let at: Vec<usize> = serious.iter().map(|f| f.location.byte).collect();
        assert_eq!(at, decoded.summary.invalid_plays, "{name}: {serious:#?}");
        for f in serious {
            assert!(f.code.as_str().ends_with("-play"), "{name}: {f:?}");
            assert_eq!(f.stood, Some(true), "{name}: {f:?}");
        }
    }
    // At least one play is stored as invalid in these files.
    let squire = std::fs::read(dir.join("kevung__gbf").join(REAL[1].0)).unwrap();
    assert_eq!(xg::decode(&squire).unwrap().summary.invalid_plays.len(), 1);
}

#[test]
fn the_twin_exports_replay_the_same() {
    let Some(dir) = xg_corpus() else { return };
    let dir = dir.join("kevung__gbf");
    let xg = check(
        "data__test.xg",
        &std::fs::read(dir.join("data__test.xg")).unwrap(),
    );
    for twin in ["data__test.twin.txt", "data__test.twin.mat"] {
        let text = check(twin, &std::fs::read(dir.join(twin)).unwrap());
        assert_eq!(text.format, Some(Format::Mat));
        assert_same_replay(&xg, &text);
    }
    assert_eq!(xg.matches[0].games, 7);
    assert_eq!(xg.status, FileStatus::Clean);
}

#[test]
fn the_comments_of_a_real_match_are_read() {
    let Some(dir) = xg_corpus() else { return };
    let bytes = std::fs::read(dir.join("kevung__gbf/data__match_with_comment.xg")).unwrap();
    let events = read(&bytes);
    let comments: Vec<&str> = events.comments.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(
        comments,
        [
            "coup assez difficile",
            "les double 66 sont toujpurs difficiles à trouver"
        ]
    );
}

#[test]
fn the_synthetic_files_bare_records_and_positions_are_refused_in_one_line() {
    let Some(dir) = xg_corpus() else { return };
    let cases: &[(&str, &str)] = &[
        (
            "Insti__xgdatatools/demo.xg",
            "an eXtreme Gammon file that fails its checksum",
        ),
        (
            "Insti__xgdatatools/example.xg",
            "an RGMH container that eXtreme Gammon did not write",
        ),
        (
            "Insti__xgdatatools/records__2_Cube.bin",
            "a single eXtreme Gammon game record",
        ),
        (
            "Insti__xgdatatools/records__3_Move.bin",
            "a single eXtreme Gammon game record",
        ),
        (
            "halheinrich__BgQuiz_Blazor/BothAnalysis.xgp",
            "an eXtreme Gammon position file",
        ),
        (
            "halheinrich__BgQuiz_Blazor/Opening_32_65_64_31_65.xgp",
            "an eXtreme Gammon position file",
        ),
        (
            "halheinrich__BgQuiz_Blazor/TooGoodAndTake.xgp",
            "an eXtreme Gammon position file",
        ),
        (
            "halheinrich__BgQuiz_Blazor/match35253054_2_37.xgp",
            "an eXtreme Gammon position file",
        ),
    ];
    for (name, expected) in cases {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let report = check(name, &bytes);
        assert_eq!(report.status, FileStatus::Unreadable, "{name}");
        let reason = report.unreadable_reason.unwrap_or_default();
        assert!(reason.starts_with(expected), "{name}: {reason}");
        assert!(!reason.contains('\n'), "{name}: {reason}");
    }
}

/// Every file of the folder: read or refused, never a panic; the real
/// ones' locations are record offsets.
#[test]
fn every_file_of_the_folder_is_read_or_refused() {
    let Some(dir) = xg_corpus() else { return };
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in [
        "kevung__gbf",
        "halheinrich__BgQuiz_Blazor",
        "Insti__xgdatatools",
    ] {
        let entries = std::fs::read_dir(dir.join(sub)).unwrap();
        files.extend(entries.map(|e| e.unwrap().path()));
    }
    files.sort();
    let mut read = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        if !bgaudit::parse::identify::is_xg(&bytes) {
            continue;
        }
        if xg::decode(&bytes).is_ok() {
            read += 1;
            let events = read_events(path);
            assert!(events.actions.iter().all(|a| a.0 % 4 == 0));
        }
    }
    assert_eq!(read, 9);
}
