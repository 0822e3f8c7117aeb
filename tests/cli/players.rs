//! `bgaudit players`: per-player totals, names and their spellings,
//! aliases, and its CSV and JSON outputs.

use super::*;

#[test]
fn players_help_states_the_exit_status_players_gives() {
    let output = run(&["players", "--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    let status = help
        .split_once("Exit status:")
        .map(|(_, status)| status)
        .expect("an exit status section");
    assert!(!status.contains("--fail-on"), "{status}");
    assert!(
        !status.contains("  1  "),
        "players never exits with 1: {status}"
    );
    assert!(status.contains("0  every input was read, whatever the findings"));
    assert!(status.contains("2  an input could not be read"));

    // Findings do not change it.
    let output = run(&[
        "players",
        "--format",
        "csv",
        "fixtures/cli/mixed/wrong-dice.mat",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn per_player_totals_add_up_to_the_findings() {
    let findings = jsonl(&run(&["check", "--format", "jsonl", "fixtures/cli"]));
    let about_a_player = findings
        .iter()
        .filter(|row| row["severity"] != "info")
        .filter(|row| !row["side"].is_null() || !row["player"].is_null())
        .count() as u64;

    let output = run(&["players", "--format", "csv", "fixtures/cli"]);
    assert_eq!(output.status.code(), Some(2));
    let text = stdout(&output);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (plays, cube, defects, typos) = (
        column("illegal_plays"),
        column("illegal_cube"),
        column("record_defects"),
        column("probable_typos"),
    );
    let mut total = 0u64;
    for line in lines {
        // Names in the fixtures hold no commas or quotes.
        let cells: Vec<&str> = line.split(',').collect();
        for index in [plays, cube, defects, typos] {
            total += cells[index].parse::<u64>().expect("a count");
        }
    }
    assert_eq!(total, about_a_player);
}

#[test]
fn players_count_a_missing_path_among_the_findings_about_no_player() {
    // The missing path's `unreadable` row and the file's score-mismatch are
    // about no player: both are counted, as for a binary file.
    let example = "fixtures/examples/club-final-7pt.mat";
    for unreadable in ["fixtures/cli/no-such-file.mat", BINARY] {
        let output = run(&["players", "--format", "csv", unreadable, example]);
        assert_eq!(output.status.code(), Some(2));
        let text = stderr(&output);
        assert!(
            text.contains("findings about no player: 2 (not in any row)"),
            "{unreadable}: {text}"
        );
    }
}

#[test]
fn players_without_a_name_are_never_merged() {
    // Two files whose score lines name nobody: four sides, four rows.
    let dir = temp_file("unnamed");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let root = env!("CARGO_MANIFEST_DIR");
    for (name, fixture, score_line) in [
        (
            "a.mat",
            "fixtures/cli/clean/one-point.mat",
            " Alice : 0                      Bob : 0",
        ),
        (
            "b.mat",
            "fixtures/cli/mixed/wrong-dice.mat",
            " Erin : 0                       Frank : 0",
        ),
    ] {
        let text = std::fs::read_to_string(format!("{root}/{fixture}")).expect("fixture");
        assert!(text.contains(score_line), "{fixture}");
        let text = text.replace(score_line, " : 0                            : 0");
        std::fs::write(dir.join(name), text).expect("temp file");
    }
    let dir_name = dir.to_str().expect("UTF-8 temp path");
    let output = run(&["players", "--format", "json", "--alias", "x=y", dir_name]);
    std::fs::remove_dir_all(&dir).expect("temp dir");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).expect("JSON");
    let label =
        |file: &str, player: u32| format!("(unnamed: {dir_name}/{file} match 1, player {player})");
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["player"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        [
            label("a.mat", 1),
            label("a.mat", 2),
            label("b.mat", 1),
            label("b.mat", 2)
        ]
    );
    for row in &rows {
        assert_eq!(
            (row["matches"].as_u64(), row["games"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(row["rolls"].as_u64(), Some(1), "{row}");
    }
    // The impossible play of b.mat's left column is that side's alone.
    let defects: Vec<u64> = rows
        .iter()
        .map(|r| r["record_defects"].as_u64().expect("a count"))
        .collect();
    assert_eq!(defects, [0, 0, 1, 0]);
    assert!(!stderr(&output).contains("findings about no player"));
}

#[test]
fn players_count_plakoto_kinds_in_their_own_columns() {
    let output = run(&[
        "players",
        "--format",
        "json",
        "fixtures/plakoto/pinned-checker.mat",
        "fixtures/plakoto/onto-pinned-point.mat",
        "fixtures/plakoto/bear-off-pinned.mat",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).expect("JSON");
    let counts = |row: &serde_json::Value| {
        [
            "illegal_plays",
            "illegal_pinned_checker",
            "illegal_onto_pinned_point",
            "illegal_bear_off_pinned",
            "illegal_other",
        ]
        .map(|key| row[key].as_u64().expect(key))
    };
    assert_eq!(rows[0]["player"], "Anna");
    assert_eq!(counts(&rows[0]), [1, 0, 1, 0, 0]);
    assert_eq!(rows[1]["player"], "Nikos");
    assert_eq!(counts(&rows[1]), [2, 1, 0, 1, 0]);

    let output = run(&[
        "players",
        "--format",
        "table",
        "fixtures/plakoto/pinned-checker.mat",
    ]);
    let table = stdout(&output);
    assert!(table.contains("1 (pinned-checker 1)"), "{table}");
}

#[test]
fn players_csv_and_json_numbers_have_fixed_decimals() {
    let example = "fixtures/examples/club-final-7pt.mat";
    let output = run(&["players", "--format", "csv", example]);
    let text = stdout(&output);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let omar: Vec<&str> = lines
        .find(|line| line.starts_with("Omar,"))
        .expect("a row for Omar")
        .split(',')
        .collect();
    assert_eq!(omar[column("illegal_per_100_plays")], "0.00");
    assert_eq!(omar[column("doubles_rate")], "0.1731");
    assert_eq!(omar[column("chi_square")], "4.5769");
    assert_eq!(omar[column("chi_square_p")], "0.4697");

    let output = run(&["players", "--format", "json", example]);
    let json = stdout(&output);
    assert!(json.contains("\"illegal_per_100_plays\": 0.00,"), "{json}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&json).expect("JSON");
    assert_eq!(rows[1]["doubles_rate"].as_f64(), Some(0.1731));
}

#[test]
fn players_names_lose_their_rating_as_the_docs_say() {
    let root = env!("CARGO_MANIFEST_DIR");
    let fixture = "fixtures/cli/mixed/wrong-dice.mat";
    let text = std::fs::read_to_string(format!("{root}/{fixture}")).expect("fixture");
    let path = temp_file("rated.mat");
    let rated = text.replace(" Erin : 0     ", " Erin,1723 : 0");
    assert!(rated.contains(" Erin,1723 : 0 "), "{rated}");
    std::fs::write(&path, rated).expect("temp file");
    let path_name = path.to_str().expect("UTF-8 temp path");
    let findings = jsonl(&run(&["check", "--format", "jsonl", path_name]));
    let players = run(&["players", "--format", "json", path_name]);
    std::fs::remove_file(&path).expect("temp file");
    assert_eq!(findings[0]["player"], "Erin");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&players.stdout).expect("JSON");
    assert_eq!(
        (&rows[0]["player"], &rows[0]["spellings"]),
        (&"Erin".into(), &serde_json::json!(["Erin"]))
    );

    // The docs say so rather than "as written".
    let doc = std::fs::read_to_string(format!("{root}/docs/output.md")).expect("docs");
    for key in ["| `player` | string or null |", "| `spellings` |"] {
        let row = doc
            .lines()
            .find(|line| line.starts_with(key))
            .unwrap_or_else(|| panic!("no {key} row"));
        assert!(!row.contains("as written"), "{row}");
        assert!(row.contains("`nori,1723` → `nori`"), "{row}");
    }
}

#[test]
fn players_json_is_one_array() {
    let output = run(&["players", "--format", "json", CLEAN]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert!(value.is_array());
}

#[test]
fn players_refuse_cyclic_aliases_and_name_the_unused_ones() {
    let cycle = run(&["players", "--alias", "a=b", "--alias", "b=a", CLEAN]);
    assert_eq!(cycle.status.code(), Some(2));
    assert!(stderr(&cycle).contains("makes a cycle"));
    let unused = run(&[
        "players",
        "--format",
        "csv",
        "--alias",
        "nobody=somebody",
        CLEAN,
    ]);
    assert_eq!(unused.status.code(), Some(0));
    assert!(stderr(&unused).contains("alias nobody=somebody: no player of the inputs is named so"));
}

#[test]
fn players_show_the_name_as_written_and_spellings_as_an_array() {
    // Three spellings of one player over three files: the one written most
    // often is the row's name; matching ignores case and the rating.
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/fixtures/cli/mixed/wrong-dice.mat"))
        .expect("fixture");
    let dir = temp_file("spellings");
    std::fs::create_dir_all(&dir).expect("temporary folder");
    for (file, name) in [("a.mat", "ERIN,1650"), ("b.mat", "Erin"), ("c.mat", "Erin")] {
        let spelt = text.replace(" Erin : 0     ", &format!(" {name} : 0     "));
        assert!(spelt.contains(name), "{spelt}");
        std::fs::write(dir.join(file), spelt).expect("temporary file");
    }
    let dir_name = dir.to_str().expect("UTF-8 temporary path");
    let json = run(&["players", "--format", "json", dir_name]);
    let jsonl_output = run(&["players", "--format", "jsonl", dir_name]);
    let csv = run(&["players", "--format", "csv", dir_name]);
    std::fs::remove_dir_all(&dir).expect("temporary folder");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).expect("JSON");
    let erin = rows
        .iter()
        .find(|row| row["player"] == "Erin")
        .unwrap_or_else(|| panic!("no Erin in {rows:#?}"));
    assert_eq!(erin["spellings"], serde_json::json!(["ERIN", "Erin"]));
    assert_eq!(erin["matches"], 3);
    let lines: Vec<serde_json::Value> = stdout(&jsonl_output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object"))
        .collect();
    assert!(lines.contains(erin), "{lines:#?}");
    assert!(
        stdout(&csv)
            .lines()
            .any(|line| line.starts_with("Erin,ERIN | Erin,3,")),
        "{}",
        stdout(&csv)
    );
}
