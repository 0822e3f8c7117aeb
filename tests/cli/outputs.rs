//! The outputs of a check: the CSV headers, the summary's rows and totals,
//! every JSONL key, the table and its width, colour, and output that does
//! not depend on the number of threads.

use super::*;

#[test]
fn csv_outputs_start_with_their_header_row() {
    let output = run(&["check", "--format", "csv", CLEAN]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).lines().next(), Some(FINDING_HEADER));

    let output = run(&["check", "--format", "csv", BINARY]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], FINDING_HEADER);
    assert!(lines[1].starts_with(&format!("{BINARY},1,1,,,,,,,unreadable,,error,")));

    let output = run(&["players", "--format", "csv", CLEAN]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().next(), Some(PLAYERS_HEADER));
}

#[test]
fn the_summary_has_a_row_for_every_match_and_every_unreadable_file() {
    let path = temp_file("summary.csv");
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "--summary",
        path.to_str().expect("UTF-8 temp path"),
        CLEAN,
        BINARY,
    ]);
    assert_eq!(output.status.code(), Some(2));
    let text = std::fs::read_to_string(&path).expect("the summary is written");
    std::fs::remove_file(&path).expect("temp file");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], SUMMARY_HEADER);
    // Each clean fixture holds one match: one row each, in input order.
    let files: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line.split(',').next().unwrap_or(""))
        .collect();
    assert_eq!(
        files,
        [
            "fixtures/cli/clean/money.mat",
            "fixtures/cli/clean/one-point.mat",
            "fixtures/cli/clean/sub/three-point",
            BINARY,
        ]
    );
    for line in &lines[1..4] {
        assert!(line.contains(",0,0,0,clean,,"), "{line}");
        assert!(line.contains("variant=backgammon(default)"), "{line}");
    }
    assert!(lines[4].contains(",unreadable,"), "{}", lines[4]);
}

#[test]
fn every_jsonl_object_has_every_key() {
    let output = run(&["check", "--format", "jsonl", "fixtures/cli"]);
    let rows = jsonl(&output);
    assert!(!rows.is_empty());
    for row in &rows {
        for key in [
            "file", "line", "column", "offset", "match", "game", "move", "player", "code", "kind",
            "severity", "dice", "text", "position", "stood", "message",
        ] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
    }
}

#[test]
fn output_does_not_depend_on_the_number_of_threads() {
    let mut outputs = Vec::new();
    for jobs in ["1", "2"] {
        let path = temp_file(&format!("jobs-{jobs}.csv"));
        let output = run(&[
            "check",
            "--format",
            "jsonl",
            "--jobs",
            jobs,
            "--summary",
            path.to_str().expect("UTF-8 temp path"),
            "fixtures/cli",
            CLEAN,
            BINARY,
        ]);
        let summary = std::fs::read_to_string(&path).expect("the summary is written");
        std::fs::remove_file(&path).expect("temp file");
        outputs.push((
            output.status.code(),
            stdout(&output),
            stderr(&output),
            summary,
        ));
    }
    assert_eq!(outputs[0], outputs[1]);
    let (_, findings, _, summary) = &outputs[0];
    assert!(findings.lines().count() >= 3);
    // The header and a row per file: the clean folder and the binary file
    // given again are read once.
    assert_eq!(summary.lines().count(), 7);
    assert!(outputs[0].2.contains("repeated: 4 files"));
}

#[test]
fn the_table_is_followed_by_the_summary_on_stdout_unless_quiet() {
    let output = run(&["check", "--format", "table", BINARY, CLEAN]);
    assert_eq!(output.status.code(), Some(2));
    let text = stdout(&output);
    let table_end = text.find("└").expect("a table");
    let summary = text.find("files: 4 read").expect("a summary");
    assert!(table_end < summary);
    assert!(text.contains("unreadable"));
    assert_eq!(stderr(&output), "");

    let output = run(&["check", "--format", "table", "--quiet", CLEAN]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "");

    // Without --quiet a clean match's rules in force are listed too.
    let output = run(&["check", "--format", "table", CLEAN]);
    let text = stdout(&output);
    assert!(text.contains("rules in force (file, flag or default):"));
    assert!(text.contains("variant=backgammon(default)"));
}

#[test]
fn jsonl_lists_the_rules_in_force_once_per_match() {
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "--jacoby",
        "fixtures/examples",
    ]);
    let matches = records(&output, "match");
    assert_eq!(matches.len(), 3, "one record per match");
    let final7 = matches
        .iter()
        .find(|m| m["file"] == "fixtures/examples/club-final-7pt.mat")
        .expect("the 7-point final");
    let rules = &final7["rules"];
    assert_eq!(rules["crawford"]["value"], true);
    assert_eq!(rules["crawford"]["source"], "file");
    assert_eq!(rules["variant"]["source"], "default");
    // --jacoby concerns money play only: a match keeps the default.
    assert_eq!(rules["jacoby"]["source"], "default");
    assert_eq!(final7["findings"]["error"], 3);
}

#[test]
fn the_summary_rows_add_up_to_the_closing_totals() {
    // Every fixture (clean files, planted errors, unreadable and
    // Windows-1252 files; the READMEs and expected outputs are skipped) and
    // a missing path.
    let path = temp_file("summary-totals.csv");
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "--summary",
        path.to_str().expect("UTF-8 temp path"),
        "fixtures",
        "fixtures/no-such-file.mat",
    ]);
    let mut reader = csv::Reader::from_path(&path).expect("the summary is written");
    let mut sums = [0u64; 3];
    let mut rows = 0;
    for record in reader.records() {
        let record = record.expect("a CSV row");
        for (sum, column) in sums.iter_mut().zip(11..14) {
            *sum += record[column].parse::<u64>().expect("a count");
        }
        rows += 1;
    }
    std::fs::remove_file(&path).expect("temp file");
    assert!(rows > 40, "{rows} rows");
    let totals = stderr(&output);
    let line = totals
        .lines()
        .find(|l| l.starts_with("findings: "))
        .expect("the closing findings line");
    assert_eq!(
        line,
        format!(
            "findings: {} errors, {} warnings, {} infos",
            sums[0], sums[1], sums[2]
        )
    );
}

#[test]
fn color_is_chosen_by_flag_beside_no_color() {
    let coloured = |args: &[&str], no_color: Option<&str>| {
        let mut command = bgaudit();
        command.args(args).stdin(Stdio::null());
        match no_color {
            Some(value) => command.env("NO_COLOR", value),
            None => command.env_remove("NO_COLOR"),
        };
        let output = command.output().expect("the binary runs");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output).contains("\x1b[")
    };
    let code = ["explain", "illegal-play"];
    // Into a pipe: no colour unless asked for.
    assert!(!coloured(&code, None));
    assert!(coloured(
        &["--color", "always", "explain", "illegal-play"],
        None
    ));
    assert!(coloured(
        &["explain", "illegal-play", "--color", "always"],
        Some("1")
    ));
    assert!(!coloured(
        &["explain", "illegal-play", "--color", "never"],
        None
    ));
    assert!(!coloured(
        &["explain", "illegal-play", "--color", "auto"],
        Some("1")
    ));
    let bad = run(&["explain", "illegal-play", "--color", "sometimes"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn columns_sets_the_width_without_a_terminal() {
    let mut command = bgaudit();
    command
        .args(["check", "--format", "table", "fixtures/examples"])
        .env("COLUMNS", "60")
        .stdin(Stdio::null());
    let output = command.output().expect("the binary runs");
    let text = stdout(&output);
    // Too narrow for the table: a list per file; every line fits, the rules
    // in force among them.
    assert!(
        text.starts_with("fixtures/examples/club-final-7pt.mat\n"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
    assert!(text.contains("rules in force"), "{text}");
    // Without COLUMNS and off a terminal: no wrapping, the common case in
    // one line and only the match that differs.
    let mut command = bgaudit();
    command
        .args(["check", "--format", "table", "fixtures/examples"])
        .env_remove("COLUMNS")
        .stdin(Stdio::null());
    let text = stdout(&command.output().expect("the binary runs"));
    let rules: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("rules in force"))
        .take_while(|l| !l.starts_with("files:"))
        .collect();
    assert_eq!(
        rules,
        [
            "rules in force (file, flag or default): 2 of 3 matches: match play, \
             variant=backgammon(default) crawford=on(file) cube=on(default)",
            "  fixtures/examples/friendly-3pt.mat match 1: match play, \
             variant=backgammon(default) crawford=on(default) cube=on(default)",
        ]
    );
}
