use super::*;
use crate::catalogue::{Code, Kind};
use crate::finding::Severity;
use crate::report::skill::round_decimals;
use crate::report::testing::{file, finding_of, unreadable};
use crate::side::Side;

/// A set of synthetic reports with findings of every category, spread over
/// players whose names are spelt several ways.
fn reports() -> Vec<FileReport> {
    let mut ended = finding_of(
        Code::IllegalPlay,
        Some(Kind::BarFirst),
        Severity::Error,
        Side::Second,
        "Bob",
        12,
    );
    ended.stood = Some(false);
    let mut unattributed = finding_of(
        Code::ScoreMismatch,
        Some(Kind::Wrong),
        Severity::Error,
        Side::First,
        "",
        3,
    );
    unattributed.side = None;
    unattributed.player = None;
    let mut by_name_only = finding_of(
        Code::NameChange,
        None,
        Severity::Warning,
        Side::First,
        "ALICE ",
        4,
    );
    by_name_only.side = None;
    // Probable typos, whatever their code, count apart; a play analysed
    // as no typo stays an illegal play.
    let mut typo_play = finding_of(
        Code::IllegalPlay,
        Some(Kind::WrongDice),
        Severity::Error,
        Side::First,
        "Alice",
        15,
    );
    typo_play.likely_typo = Some(true);
    typo_play.suggestion = Some("13/8 13/11".to_owned());
    let mut typo_defect = finding_of(
        Code::ImpossiblePlay,
        Some(Kind::NoChecker),
        Severity::Error,
        Side::Second,
        "Carol",
        10,
    );
    typo_defect.likely_typo = Some(true);
    typo_defect.stood = None;
    let mut real = finding_of(
        Code::IllegalPlay,
        Some(Kind::UnderPlayed),
        Severity::Error,
        Side::Second,
        "Bob",
        13,
    );
    real.likely_typo = Some(false);
    vec![
        file(
            "a.mat",
            ["Alice", "Bob"],
            vec![
                finding_of(
                    Code::IllegalPlay,
                    Some(Kind::WrongDice),
                    Severity::Error,
                    Side::First,
                    "Alice",
                    5,
                ),
                finding_of(
                    Code::IllegalPlay,
                    Some(Kind::NoPlay),
                    Severity::Info,
                    Side::First,
                    "Alice",
                    6,
                ),
                ended,
                finding_of(
                    Code::DoubleNotOwner,
                    None,
                    Severity::Error,
                    Side::Second,
                    "Bob",
                    14,
                ),
                unattributed,
                by_name_only,
                typo_play,
                real,
            ],
        ),
        file(
            "b.mat",
            ["alice,1650", "Carol"],
            vec![
                finding_of(
                    Code::IllegalPlayMarker,
                    None,
                    Severity::Error,
                    Side::First,
                    "alice,1650",
                    7,
                ),
                finding_of(
                    Code::OpeningDouble,
                    None,
                    Severity::Error,
                    Side::Second,
                    "Carol",
                    8,
                ),
                finding_of(
                    Code::TurnOrder,
                    None,
                    Severity::Error,
                    Side::Second,
                    "Carol",
                    9,
                ),
                typo_defect,
            ],
        ),
        file("c.mat", ["Bobby", "Carol"], Vec::new()),
        unreadable("d.xg"),
    ]
}

#[test]
fn player_totals_add_up_to_the_findings() {
    let reports = reports();
    let mut aliases = Aliases::default();
    aliases.add("bobby=bob").unwrap();
    let mut report = PlayersReport::new(aliases);
    for file in &reports {
        report.add_file(file);
    }
    let rows = report.rows();
    // Each row shows the name as written most often (the first met of
    // equals), sorted by the name matched.
    let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(names, ["Alice", "Bob", "Carol"]);

    // Count straight from the findings, by code; probable typos apart.
    let all: Vec<&Finding> = reports.iter().flat_map(|r| &r.findings).collect();
    let counted = |pred: &dyn Fn(&Finding) -> bool| {
        all.iter()
            .filter(|f| f.severity != Severity::Info && pred(f))
            .count() as u64
    };
    let typo = |f: &Finding| f.likely_typo == Some(true);
    let typos = counted(&|f| typo(f));
    let illegal = |f: &Finding| {
        matches!(
            f.code,
            Code::IllegalPlay | Code::IllegalPlayMarker | Code::OpeningDouble
        )
    };
    let plays = counted(&|f| !typo(f) && illegal(f));
    let cube = counted(&|f| !typo(f) && f.code == Code::DoubleNotOwner);
    // An unreadable input's `unreadable` finding is a record defect
    // about no player.
    let defects = counted(&|f| !typo(f) && !illegal(f) && f.code != Code::DoubleNotOwner);
    let sum = |field: fn(&PlayerRow) -> u64| rows.iter().map(field).sum::<u64>();
    let unattributed = report.unattributed();
    assert_eq!(sum(|r| r.illegal_plays) + unattributed.illegal_plays, plays);
    assert_eq!(sum(|r| r.illegal_cube) + unattributed.illegal_cube, cube);
    assert_eq!(
        sum(|r| r.record_defects) + unattributed.record_defects,
        defects
    );
    assert_eq!(
        sum(|r| r.probable_typos) + unattributed.probable_typos,
        typos
    );
    assert_eq!((plays, cube, defects, typos), (5, 1, 4, 2));
    // Every counted finding is in exactly one of the four columns.
    assert_eq!(
        plays + cube + defects + typos,
        counted(&|_| true),
        "columns overlap or miss a finding"
    );
    assert_eq!(unattributed.record_defects, 2);
    assert_eq!(unattributed.counted(), 2);
    assert_eq!(
        sum(|r| r.stood) + sum(|r| r.ended_game),
        sum(|r| r.illegal_plays)
    );
    assert_eq!(sum(|r| r.ended_game), 1);
    // The kind columns add up to the illegal plays of each row.
    for row in &rows {
        let kinds = row.illegal_wrong_dice
            + row.illegal_under_played
            + row.illegal_smaller_die
            + row.illegal_bar_first
            + row.illegal_bear_off_early
            + row.illegal_bear_off_lower
            + row.illegal_blocked_path
            + row.illegal_no_play
            + row.illegal_play_when_none
            + row.illegal_pinned_checker
            + row.illegal_onto_pinned_point
            + row.illegal_bear_off_pinned
            + row.illegal_marker
            + row.illegal_other;
        assert_eq!(kinds, row.illegal_plays, "{}", row.player);
    }
    let totals = report.totals();
    assert_eq!(totals.illegal_plays, sum(|r| r.illegal_plays));

    let alice = &rows[0];
    assert_eq!(alice.spellings, ["ALICE", "Alice", "alice,1650"]);
    assert_eq!(alice.matches, 2);
    assert_eq!(alice.games, 6);
    assert_eq!(alice.plays, 62);
    assert_eq!((alice.illegal_wrong_dice, alice.illegal_marker), (1, 1));
    assert_eq!(alice.record_defects, 1);
    assert_eq!(alice.illegal_per_100_plays, Some(3.23));
    assert_eq!((alice.probable_typos, alice.stood), (1, 2));
    let bob = &rows[1];
    assert_eq!(bob.matches, 2);
    assert_eq!(
        (bob.illegal_bar_first, bob.ended_game, bob.illegal_cube),
        (1, 1, 1)
    );
    assert_eq!(
        (bob.illegal_under_played, bob.stood, bob.probable_typos),
        (1, 1, 0)
    );
    let carol = &rows[2];
    assert_eq!(
        (
            carol.illegal_other,
            carol.record_defects,
            carol.probable_typos
        ),
        (1, 1, 1)
    );
}

#[test]
fn players_count_each_unreadable_input_once() {
    // A missing path: its `unreadable` finding has no place.
    let mut report = PlayersReport::default();
    report.add_file(&unreadable("missing.mat"));
    assert_eq!(report.unattributed().record_defects, 1);
    // A binary file: its `unreadable` finding is at the start.
    let binary = FileReport::unreadable(
        "x.xg",
        "binary data".to_owned(),
        crate::location::Location::START,
    );
    assert_eq!(binary.findings.len(), 1);
    report.add_file(&binary);
    assert_eq!(report.unattributed().record_defects, 2);
    assert_eq!(report.unattributed().counted(), 2);
    assert!(report.rows().is_empty());
}

#[test]
fn players_without_a_name_get_a_row_for_each_side_of_each_match() {
    let mut on_unnamed = finding_of(
        Code::IllegalPlay,
        Some(Kind::WrongDice),
        Severity::Error,
        Side::Second,
        "",
        5,
    );
    on_unnamed.player = None;
    let mut aliases = Aliases::default();
    aliases.add("bobby=bob").unwrap();
    let mut report = PlayersReport::new(aliases);
    report.add_file(&file("a.mat", ["", " "], vec![on_unnamed]));
    report.add_file(&file("b.sgf", ["", "Bobby"], Vec::new()));
    let rows = report.rows();
    let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(
        names,
        [
            "Bobby",
            "(unnamed: a.mat match 1, player 1)",
            "(unnamed: a.mat match 1, player 2)",
            "(unnamed: b.sgf match 1, player 1)",
        ]
    );
    // Each unnamed side keeps its own match, games and dice.
    for row in &rows[1..] {
        assert_eq!((row.matches, row.games), (1, 3));
        assert!(row.spellings.is_empty());
    }
    assert_eq!(rows[1].face_1, 10);
    assert_eq!((rows[2].face_1, rows[2].doubles), (11, 6));
    assert_eq!(rows[3].face_1, 10);
    // A finding goes to the unnamed side of its column, nowhere else.
    assert_eq!(rows[2].illegal_wrong_dice, 1);
    assert_eq!(rows[1].illegal_plays + rows[3].illegal_plays, 0);
    assert_eq!(report.unattributed().counted(), 0);
    // Aliases still merge named players.
    assert_eq!(rows[0].spellings, ["Bobby"]);
    assert_eq!(rows[0].player, "Bobby");
}

#[test]
fn dice_columns_sum_the_tallies() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["A", "B"], Vec::new()));
    report.add_file(&file("b.mat", ["A", "C"], Vec::new()));
    let a = &report.rows()[0];
    assert_eq!(a.player, "A");
    assert_eq!(
        [a.face_1, a.face_2, a.face_3, a.face_4, a.face_5, a.face_6],
        [20, 24, 18, 22, 20, 20]
    );
    assert_eq!(a.dice_sample, 124);
    assert_eq!(a.rolls, 62);
    assert_eq!(a.doubles, 10);
    assert_eq!(a.doubles_rate, Some(0.1613));
    assert_eq!(a.chi_square_dof, 5);
    let x = chi_square_statistic(&[20, 24, 18, 22, 20, 20]).unwrap();
    assert_eq!(a.chi_square, Some(round_decimals(x, 4)));
    let p = a.chi_square_p.unwrap();
    assert!(p > 0.9 && p < 1.0, "{p}");
}

#[test]
fn too_few_dice_get_no_chi_square() {
    // 4 rolls, 8 dice: fewer than 5 expected per face.
    let mut short = file("a.mat", ["Short", "Long"], Vec::new());
    let tally = &mut short.matches[0].players.first;
    (tally.faces, tally.rolls, tally.doublets) = ([1, 2, 3, 0, 2, 0], 4, 0);
    let mut report = PlayersReport::default();
    report.add_file(&short);
    let rows = report.rows();
    let long = rows.iter().find(|r| r.player == "Long").unwrap();
    let short = rows.iter().find(|r| r.player == "Short").unwrap();
    assert_eq!((short.chi_square, short.chi_square_p), (None, None));
    assert!(long.chi_square.is_some(), "62 dice: tested");
    let mut text = Vec::new();
    report
        .write(PlayersOutput::Table, &mut text, Some(80))
        .unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("dice 1-6: 1 2 3 0 2 0, too few rolls for a test"),
        "{text}"
    );
    let mut wide = Vec::new();
    report.write(PlayersOutput::Table, &mut wide, None).unwrap();
    let wide = String::from_utf8(wide).unwrap();
    assert!(wide.contains("1 2 3 0 2 0, too few rolls"), "{wide}");
}

#[test]
fn a_rating_in_any_form_is_the_same_player() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["JoeBlack (1650)", "Ann"], Vec::new()));
    report.add_file(&file("b.mat", ["JoeBlack", "Bo [1700]"], Vec::new()));
    report.add_file(&file("c.mat", ["joeblack,1650", "Bo"], Vec::new()));
    let rows = report.rows();
    let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
    assert_eq!(names, ["Ann", "Bo [1700]", "JoeBlack (1650)"]);
    assert_eq!(rows[2].matches, 3);
    assert_eq!(rows[1].matches, 2);
}

#[test]
fn rows_are_sorted_by_a_column_and_cut_to_the_players_asked() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["Ann", "Bo"], Vec::new()));
    report.add_file(&file("b.mat", ["Cy", "Bo"], Vec::new()));
    report.sort_by("matches");
    let names = |report: &PlayersReport| {
        report
            .rows()
            .iter()
            .map(|r| r.player.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(&report),
        ["Bo", "Ann", "Cy"],
        "most matches first, then by name"
    );
    report.sort_by("player");
    assert_eq!(names(&report), ["Ann", "Bo", "Cy"]);
    report.only(&["cy (1500)", "ANN"]);
    assert_eq!(names(&report), ["Ann", "Cy"]);
    assert!(check_sort_column("illegal_plays").is_ok());
    let err = check_sort_column("ilegal_plays").unwrap_err();
    assert!(err.contains("did you mean `illegal_plays`"), "{err}");
}

#[test]
fn the_block_layout_breaks_only_between_items() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["Ann", "Bo"], Vec::new()));
    let mut text = Vec::new();
    report
        .write(PlayersOutput::Table, &mut text, Some(80))
        .unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    for item in [
        "matches 1",
        "illegal plays 0",
        "per 100 plays 0.00",
        "rolls 31",
    ] {
        assert!(
            text.lines().any(|l| l.contains(item)),
            "{item} whole on one line in\n{text}"
        );
    }
    assert!(
        text.starts_with("Ann\n  matches 1, games 3, plays 31\n"),
        "{text}"
    );
}

#[test]
fn players_numbers_are_written_with_their_documented_precision() {
    // 30 rolls, 6 doubles, equal faces, no illegal play.
    let mut even = file("a.mat", ["Even", "Odd"], Vec::new());
    let tally = &mut even.matches[0].players.first;
    (tally.faces, tally.rolls, tally.doublets) = ([10; 6], 30, 6);
    let mut report = PlayersReport::default();
    report.add_file(&even);

    let mut csv = Vec::new();
    report.write(PlayersOutput::Csv, &mut csv, None).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let record = reader.records().next().unwrap().unwrap();
    let cell = |name: &str| &record[header.iter().position(|h| h == name).unwrap()];
    assert_eq!(cell("player"), "Even");
    assert_eq!(cell("illegal_per_100_plays"), "0.00");
    assert_eq!(cell("doubles_rate"), "0.2000");
    assert_eq!(cell("chi_square"), "0.0000");
    assert_eq!(cell("chi_square_p"), "1.000");

    let mut json = Vec::new();
    report.write(PlayersOutput::Json, &mut json, None).unwrap();
    let json = String::from_utf8(json).unwrap();
    for expected in [
        "\"illegal_per_100_plays\": 0.00,",
        "\"doubles_rate\": 0.2000,",
        "\"chi_square\": 0.0000,",
        "\"chi_square_p\": 1.000,",
        "\"skill\": null\n",
    ] {
        assert!(json.contains(expected), "{expected} missing in\n{json}");
    }
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value[0]["doubles_rate"].as_f64(), Some(0.2));
    assert_eq!(value[1]["illegal_per_100_plays"].as_f64(), Some(0.0));

    // A terminal too narrow for the table: a block per player.
    let mut narrow = Vec::new();
    report
        .write(PlayersOutput::Table, &mut narrow, Some(60))
        .unwrap();
    let narrow = String::from_utf8(narrow).unwrap();
    assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
    assert!(narrow.contains("doubles 6 (0.2000)"), "{narrow}");
    assert!(!narrow.contains('│'), "{narrow}");

    let mut table = Vec::new();
    report
        .write(PlayersOutput::Table, &mut table, Some(250))
        .unwrap();
    let table = String::from_utf8(table).unwrap();
    for expected in [
        "illegal per 100 plays",
        "doubles (rate)",
        " 0.00 ",
        "6 (0.2000)",
        "10 10 10 10 10 10, 0.0000, p 1.000",
    ] {
        assert!(table.contains(expected), "{expected} missing in\n{table}");
    }
}

#[test]
fn players_p_values_keep_four_significant_digits() {
    for (x, text) in [
        (1.0, "1.000"),
        (0.95, "0.9500"),
        (0.068_95, "0.06895"),
        (0.012_3, "0.01230"),
        (0.000_123_4, "0.0001234"),
        (0.000_012_34, "1.234e-5"),
        (1.2e-80, "1.200e-80"),
        (0.0, "0"),
    ] {
        assert_eq!(format_significant(x), text);
    }
}

#[test]
fn an_empty_players_report_is_an_empty_json_array() {
    let mut json = Vec::new();
    PlayersReport::default()
        .write(PlayersOutput::Json, &mut json, None)
        .unwrap();
    assert_eq!(json, b"[]\n");
}

#[test]
fn every_format_writes_every_player() {
    let mut report = PlayersReport::default();
    for file in reports() {
        report.add_file(&file);
    }
    let rows = report.rows();
    let keys: Vec<String> = serde_json::to_value(&rows[0])
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let mut keys = keys;
    keys.sort();
    let mut fields = PlayerRow::FIELDS.map(str::to_owned).to_vec();
    fields.sort();
    assert_eq!(keys, fields);

    let mut csv = Vec::new();
    report.write(PlayersOutput::Csv, &mut csv, None).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    let skill_columns = crate::report::skill::csv_columns();
    assert_eq!(
        lines[0],
        format!(
            "{},{}",
            PlayerRow::FIELDS.join(","),
            skill_columns.join(",")
        )
    );
    assert!(skill_columns.iter().all(|c| c.starts_with("skill.")));
    assert_eq!(lines.len(), 1 + rows.len());

    let mut json = Vec::new();
    report.write(PlayersOutput::Json, &mut json, None).unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let array = value.as_array().unwrap();
    assert_eq!(array.len(), rows.len());
    assert_eq!(array[0]["player"], "Alice");
    assert_eq!(
        array[0]["spellings"],
        serde_json::json!(["ALICE", "Alice", "alice,1650"])
    );
    // CSV joins the spellings.
    assert!(
        lines[1].starts_with("Alice,\"ALICE | Alice | alice,1650\","),
        "{}",
        lines[1]
    );
    assert_eq!(
        array[0].as_object().unwrap().len(),
        PlayerRow::FIELDS.len() + 1
    );
    assert_eq!(array[0]["skill"], serde_json::Value::Null);

    let mut table = Vec::new();
    report
        .write(PlayersOutput::Table, &mut table, Some(200))
        .unwrap();
    let table = String::from_utf8(table).unwrap();
    for expected in ["Alice", "Bob", "Carol", "wrong-dice 1", "marker 1"] {
        assert!(table.contains(expected), "{expected} missing in\n{table}");
    }
}

#[test]
fn the_player_column_shows_the_spelling_written_most_often() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["nori", "Kenji"], Vec::new()));
    report.add_file(&file("b.mat", ["Nori", "kenji"], Vec::new()));
    report.add_file(&file("c.mat", ["KENJI", "Nori"], Vec::new()));
    let rows = report.rows();
    let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
    // Kenji: three spellings once each, the first met shown; Nori: twice.
    assert_eq!(names, ["Kenji", "Nori"]);
    assert_eq!(rows[0].spellings, ["KENJI", "Kenji", "kenji"]);
    assert_eq!(rows[1].spellings, ["Nori", "nori"]);
    assert_eq!(rows[1].matches, 3);
}

#[test]
fn players_csv_quotes_formulas_only_when_asked() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["=HYPERLINK(\"x\")", "@SUM"], Vec::new()));
    let csv = |safe: bool| {
        let mut out = Vec::new();
        report
            .write_with(PlayersOutput::Csv, &mut out, None, safe)
            .unwrap();
        String::from_utf8(out).unwrap()
    };
    let plain = csv(false);
    assert!(
        plain.contains("\n\"=HYPERLINK(\"\"x\"\")\",\"=HYPERLINK("),
        "{plain}"
    );
    assert!(plain.contains("\n@SUM,@SUM,"), "{plain}");
    let safe = csv(true);
    assert!(
        safe.contains("\n\"'=HYPERLINK(\"\"x\"\")\",\"'=HYPERLINK("),
        "{safe}"
    );
    assert!(safe.contains("\n'@SUM,'@SUM,"), "{safe}");
    for record in ::csv::Reader::from_reader(safe.as_bytes()).records() {
        let record = record.unwrap();
        assert!(
            record.iter().all(|cell| !crate::escape::is_formula(cell)),
            "{record:?}"
        );
    }
}

#[test]
fn players_table_shows_names_escaped() {
    let mut report = PlayersReport::default();
    report.add_file(&file("a.mat", ["\u{1b}[31mAnn", "Bo\u{202e}b"], Vec::new()));
    for width in [None, Some(60), Some(250)] {
        let mut out = Vec::new();
        report.write(PlayersOutput::Table, &mut out, width).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\\x1b[31mAnn"), "{text}");
        assert!(text.contains("Bo\\u{202e}b"), "{text}");
        assert!(
            !text
                .chars()
                .any(|c| c != '\n' && crate::escape::is_unsafe_for_terminal(c))
        );
    }
}
