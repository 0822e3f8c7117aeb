//! The `bgaudit` binary end to end: exit status, inputs, output formats,
//! deterministic batch output. Paths are relative to the repository root so
//! that the outputs name the fixtures the same way on every machine.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const CLEAN: &str = "fixtures/cli/clean";
const BINARY: &str = "fixtures/cli/binary.xg";

const FINDING_HEADER: &str = "file,line,column,offset,match,game,move,side,player,code,kind,severity,\
                              dice,text,position,stood,message,likely_typo,suggestion,xgid";
const SUMMARY_HEADER: &str = "file,match,player1,player2,length,games,plays,cube_actions,winner,\
                              score1,score2,errors,warnings,infos,status,reason,rules";
const PLAYERS_HEADER: &str = "player,spellings,matches,games,plays,illegal_plays,illegal_wrong_dice,\
     illegal_under_played,illegal_smaller_die,illegal_bar_first,illegal_bear_off_early,\
     illegal_bear_off_lower,illegal_blocked_path,illegal_no_play,illegal_play_when_none,\
     illegal_pinned_checker,illegal_onto_pinned_point,illegal_bear_off_pinned,illegal_marker,\
     illegal_other,stood,ended_game,illegal_cube,record_defects,probable_typos,\
     illegal_per_100_plays,rolls,suspect_rolls,doubles,doubles_rate,face_1,face_2,face_3,\
     face_4,face_5,face_6,dice_sample,chi_square,chi_square_dof,chi_square_p,\
     analysed_matches,skill.analysed_matches,skill.checker.bad,skill.checker.doubtful,\
     skill.checker.error_emg,skill.checker.error_mwc,skill.checker.error_points,\
     skill.checker.error_rate_memg,skill.checker.error_rate_mwc,\
     skill.checker.error_rate_points,skill.checker.moves,skill.checker.rating,\
     skill.checker.unforced,skill.checker.unmarked,skill.checker.very_bad,skill.cube.close,\
     skill.cube.decisions,skill.cube.doubles,skill.cube.error_emg,skill.cube.error_mwc,\
     skill.cube.error_points,skill.cube.error_rate_memg,skill.cube.error_rate_mwc,\
     skill.cube.error_rate_points,skill.cube.missed_double_above_cp,\
     skill.cube.missed_double_above_cp_emg,skill.cube.missed_double_above_cp_mwc,\
     skill.cube.missed_double_above_cp_points,skill.cube.missed_double_below_cp,\
     skill.cube.missed_double_below_cp_emg,skill.cube.missed_double_below_cp_mwc,\
     skill.cube.missed_double_below_cp_points,skill.cube.passes,skill.cube.rating,\
     skill.cube.takes,skill.cube.wrong_double_above_tg,skill.cube.wrong_double_above_tg_emg,\
     skill.cube.wrong_double_above_tg_mwc,skill.cube.wrong_double_above_tg_points,\
     skill.cube.wrong_double_below_dp,skill.cube.wrong_double_below_dp_emg,\
     skill.cube.wrong_double_below_dp_mwc,skill.cube.wrong_double_below_dp_points,\
     skill.cube.wrong_pass,skill.cube.wrong_pass_emg,skill.cube.wrong_pass_mwc,\
     skill.cube.wrong_pass_points,skill.cube.wrong_take,skill.cube.wrong_take_emg,\
     skill.cube.wrong_take_mwc,skill.cube.wrong_take_points,skill.engine,skill.games,\
     skill.luck.lucky,skill.luck.rate_memg,skill.luck.rate_mwc,skill.luck.rate_points,\
     skill.luck.rating,skill.luck.total_emg,skill.luck.total_mwc,skill.luck.total_points,\
     skill.luck.unlucky,skill.luck.unmarked,skill.luck.very_lucky,skill.luck.very_unlucky,\
     skill.overall.actual_result_mwc,skill.overall.actual_result_points,\
     skill.overall.advantage_interval,skill.overall.advantage_ppg,\
     skill.overall.chequer_rating_loss,skill.overall.cube_rating_loss,\
     skill.overall.error_based_fibs_rating,skill.overall.error_emg,skill.overall.error_mwc,\
     skill.overall.error_points,skill.overall.error_rate_memg,skill.overall.error_rate_mwc,\
     skill.overall.error_rate_points,skill.overall.luck_adjusted_interval,\
     skill.overall.luck_adjusted_ppg,skill.overall.luck_adjusted_result_mwc,\
     skill.overall.luck_adjusted_result_points,skill.overall.luck_based_fibs_rating_diff,\
     skill.overall.pr,skill.overall.rating,skill.overall.snowie_error_rate,skill.unit,\
     skill.xg.blunders,skill.xg.checker_decisions,skill.xg.checker_error_emg,\
     skill.xg.decisions,skill.xg.double_decisions,skill.xg.double_error_emg,skill.xg.error_emg,\
     skill.xg.errors,skill.xg.take_decisions,skill.xg.take_error_emg";

pub(crate) fn bgaudit() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bgaudit"));
    // The same width (none) whatever the shell running the tests exports.
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS");
    command
}

pub(crate) fn run(args: &[&str]) -> Output {
    bgaudit()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

pub(crate) fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bgaudit()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary ends")
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// The JSON Lines records of one kind (`finding` or `match`).
pub(crate) fn records(output: &Output, kind: &str) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("one JSON object"))
        .filter(|value| value["type"] == kind)
        .collect()
}

/// The finding records.
pub(crate) fn jsonl(output: &Output) -> Vec<serde_json::Value> {
    records(output, "finding")
}

pub(crate) fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("bgaudit-cli-{}-{name}", std::process::id()))
}

#[test]
fn a_folder_of_clean_transcripts_exits_0_and_skips_hidden_entries() {
    let output = run(&["check", "--format", "jsonl", CLEAN]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        jsonl(&output),
        Vec::<serde_json::Value>::new(),
        "no finding"
    );
    assert_eq!(records(&output, "match").len(), 3, "one record per match");
    // Three transcripts (one without an extension); the hidden binary file
    // and folder are not read.
    assert!(
        stderr(&output).contains("files: 3 read, 3 clean, 0 with findings, 0 unreadable"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_binary_file_is_unreadable_exit_2_with_its_reason() {
    let output = run(&["check", "--format", "jsonl", BINARY]);
    assert_eq!(output.status.code(), Some(2));
    let rows = jsonl(&output);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["file"], BINARY);
    assert_eq!(rows[0]["code"], "unreadable");
    assert_eq!(rows[0]["severity"], "error");
    let reason = rows[0]["message"].as_str().expect("a reason");
    // The file is named for what it is, with what is wrong.
    assert!(
        reason.starts_with("a truncated eXtreme Gammon file"),
        "{reason}"
    );
    let err = stderr(&output);
    assert!(err.contains("files: 1 read, 0 clean, 0 with findings, 1 unreadable"));
    assert!(
        err.contains(&format!("unreadable: {BINARY}: {reason}")),
        "{err}"
    );
}

#[test]
fn a_missing_path_is_reported_in_its_place_exit_2() {
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "fixtures/cli/no-such-file.mat",
        "fixtures/cli/clean/money.mat",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let rows = jsonl(&output);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["file"], "fixtures/cli/no-such-file.mat");
    assert_eq!(rows[0]["message"], "no such file or directory");
    // Not read: missing.
    assert!(
        stderr(&output)
            .contains("files: 1 read, 1 clean, 0 with findings, 0 unreadable, 1 missing\n"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output)
            .contains("missing: fixtures/cli/no-such-file.mat: no such file or directory")
    );
    assert!(!stderr(&output).contains("unreadable:"));
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        &[][..],
        &["check"],
        &["check", "--format", "xml", CLEAN],
        &["check", "--fail-on", "sometimes", CLEAN],
        &["check", "--jobs", "0", CLEAN],
        &["check", "--crawford", "maybe", CLEAN],
        &["players", "--alias", "nobody", CLEAN],
        &["audit", CLEAN],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "bgaudit {args:?}");
        assert!(!stderr(&output).is_empty(), "bgaudit {args:?}");
    }
}

#[test]
fn help_documents_the_exit_status() {
    let output = run(&["check", "--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    assert!(help.contains("Exit status:"), "{help}");
    assert!(help.contains("--fail-on"));
    assert!(help.contains("--cube-limit"));
}

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
fn a_dash_reads_standard_input() {
    let transcript = std::fs::read(format!(
        "{}/{CLEAN}/one-point.mat",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    let output = run_with_stdin(&["check", "--format", "jsonl", "-"], &transcript);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("files: 1 read, 1 clean"));

    let binary =
        std::fs::read(format!("{}/{BINARY}", env!("CARGO_MANIFEST_DIR"))).expect("fixture");
    let output = run_with_stdin(&["check", "--format", "jsonl", "-"], &binary);
    assert_eq!(output.status.code(), Some(2));
    let rows = jsonl(&output);
    assert_eq!(rows[0]["file"], "-");
    assert_eq!(rows[0]["code"], "unreadable");
}

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
fn fail_on_never_ignores_findings_but_not_unreadable_input() {
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "--fail-on",
        "never",
        "fixtures/cli/mixed/wrong-dice.mat",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let output = run(&["check", "--format", "jsonl", "--fail-on", "never", BINARY]);
    assert_eq!(output.status.code(), Some(2));
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
fn a_closed_pipe_on_stdout_ends_the_run_quietly() {
    // The reader goes away at once: the first row cannot be written. The
    // run ends without a word, with the status of what it had read: an
    // unreadable file, 2.
    let mut args = vec!["check", "--format", "jsonl", "--quiet"];
    args.extend(std::iter::repeat_n(BINARY, 4000));
    let mut child = bgaudit()
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
}

#[test]
fn legal_lists_every_play_with_the_position_after_it() {
    let output = run(&["legal", "4HPwATDgc/ABMA", "31", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let plays: Vec<serde_json::Value> =
        serde_json::from_str(&stdout(&output)).expect("a JSON array");
    assert_eq!(plays.len(), 16, "16 distinct plays of an opening 3-1");
    assert!(
        plays
            .iter()
            .any(|p| p["play"] == "8/5 6/5" && p["position"] == "4HPwATCwZ/ABMA")
    );

    // The same position as an XGID and with a match ID; dice in either order.
    let xgid = run(&[
        "legal",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        "13",
    ]);
    let with_match_id = run(&["legal", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "3-1"]);
    assert_eq!(stdout(&xgid).lines().count(), 16);
    assert_eq!(stdout(&xgid), stdout(&with_match_id));
}

#[test]
fn legal_refuses_a_bad_position_or_dice_in_one_line() {
    for args in [["legal", "4HPw", "31"], ["legal", "4HPwATDgc/ABMA", "71"]] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(stderr(&output).starts_with("bgaudit: invalid"));
    }
}

#[test]
fn an_empty_folder_is_an_error_not_a_clean_run() {
    let dir = std::env::temp_dir().join(format!("bgaudit-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let output = run(&["check", dir.to_str().expect("UTF-8 path")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no files to check"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_bundled_examples_give_the_three_planted_errors() {
    let output = run(&["check", "--format", "jsonl", "fixtures/examples"]);
    assert_eq!(output.status.code(), Some(1));
    let rows = jsonl(&output);
    let got: Vec<(u64, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap_or(0),
                r["code"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (26, "score-mismatch"),
            (34, "illegal-play"),
            (62, "double-in-crawford")
        ]
    );
    // `52: 6/4 8/4` is the play of 42: a misread die, nobody's violation.
    assert_eq!(rows[1]["likely_typo"], true);
    assert_eq!(rows[1]["suggestion"], "42: 6/4 8/4");
    assert!(rows[1]["stood"].is_null());
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
fn a_match_line_with_no_game_after_it_is_not_clean() {
    for (text, what) in [
        (" 7 point match\n", "the 7-point match holds no game"),
        ("Money session\n\n", "the money session holds no game"),
    ] {
        let output = run_with_stdin(&["check", "--format", "jsonl", "-"], text.as_bytes());
        let rows = jsonl(&output);
        let finding = rows
            .iter()
            .find(|r| r["type"] == "finding")
            .expect("a finding");
        assert_eq!(finding["code"], "match-unfinished");
        assert_eq!(finding["severity"], "warning");
        assert_eq!(finding["line"], 1);
        assert!(
            finding["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(what)),
            "{finding}"
        );
        assert!(stderr(&output).contains("0 clean, 1 with findings"));
    }
}

#[test]
fn a_file_reached_by_two_paths_is_read_once_and_the_summary_says_so() {
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "fixtures/examples",
        "fixtures/examples/club-final-7pt.mat",
    ]);
    let err = stderr(&output);
    assert!(
        err.contains("files: 3 read, 2 clean, 1 with findings"),
        "{err}"
    );
    assert!(
        err.contains("repeated: 1 file reached by more than one of the paths given, read once"),
        "{err}"
    );
    assert_eq!(jsonl(&output).len(), 3, "each finding once");
    let players = run(&[
        "players",
        "--format",
        "json",
        "fixtures/examples",
        "fixtures/examples",
    ]);
    assert!(stderr(&players).contains("repeated: 3 files"));
}

#[test]
fn a_cube_limit_that_is_no_cube_value_and_zero_jobs_are_refused() {
    for (args, says) in [
        (&["--cube-limit", "3"][..], "expected a cube value"),
        (&["--cube-limit", "0"][..], "expected a cube value"),
        (&["--jobs", "0"][..], "from 1 to 256"),
    ] {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        all.push(CLEAN);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
}

#[test]
fn legal_takes_the_roll_from_the_id_and_refuses_what_does_not_fit() {
    const XGID: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10";
    // The roll held by the XGID, the same roll given, and an XGID without
    // `XGID=` that starts with `-`.
    let from_id = run(&["legal", XGID]);
    assert_eq!(from_id.status.code(), Some(0));
    assert_eq!(stdout(&run(&["legal", XGID, "25"])), stdout(&from_id));
    assert_eq!(stdout(&run(&["legal", &XGID[5..]])), stdout(&from_id));
    assert!(stdout(&from_id).contains("13/8 13/11\t"));
    for (args, says) in [
        (&[XGID, "31"][..], "differ from the roll 52"),
        (&["4HPwATDgc/ABMA"][..], "no dice"),
        (&["4HPwATDgc/ABMA:zzz", "31"][..], "invalid match ID"),
        (&["AAAAAAAAAAAAAA", "31"][..], "finished game"),
    ] {
        let mut all = vec!["legal"];
        all.extend_from_slice(args);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
}

#[test]
fn legal_says_so_when_no_play_exists() {
    // A checker on the bar against a closed board.
    let closed = "XGID=------N------c-----bbbbbbA:0:0:1:52:0:0:0:0:10";
    let text = run(&["legal", closed]);
    assert_eq!(text.status.code(), Some(0));
    assert_eq!(stdout(&text), "");
    assert!(stderr(&text).contains("no legal play"));
    let json = run(&["legal", closed, "--format", "json"]);
    assert_eq!(stdout(&json).trim(), "[]");
}

#[test]
fn explain_says_what_it_checked_in_a_clean_file_and_refuses_a_folder() {
    let clean = run(&["explain", "fixtures/cli/clean/money.mat"]);
    assert_eq!(clean.status.code(), Some(0));
    assert_eq!(
        stdout(&clean),
        "fixtures/cli/clean/money.mat: nothing found in 1 match, 1 game, 2 plays \
         (`bgaudit show` prints its positions)\n"
    );
    for command in ["explain", "show"] {
        let folder = run(&[command, CLEAN]);
        assert_eq!(folder.status.code(), Some(2));
        assert!(
            stderr(&folder).contains("is a folder"),
            "{}",
            stderr(&folder)
        );
    }
    let kind = run(&["explain", "illegal-play/foo"]);
    assert_eq!(kind.status.code(), Some(2));
    assert!(stderr(&kind).contains("`illegal-play` has the kinds wrong-dice, under-played"));
}

#[test]
fn a_score_line_without_names_names_nobody() {
    // No finding says `"player": ""`.
    let broken = run(&["check", "--format", "jsonl", "fixtures/mat/broken.mat"]);
    assert!(jsonl(&broken).iter().all(|f| f["player"] != ""));
    // A first game without names takes the names written later: no change
    // of name, and the match is theirs.
    let text = std::fs::read_to_string("fixtures/planted/match7.mat").expect("fixture");
    let unnamed = text.replacen(
        " Hanna : 0                      Olaf : 0",
        "  : 0                          : 0",
        1,
    );
    assert_ne!(unnamed, text);
    let output = run_with_stdin(&["check", "--format", "jsonl", "-"], unnamed.as_bytes());
    assert!(jsonl(&output).is_empty(), "{}", stdout(&output));
    let matches = records(&output, "match");
    assert_eq!(matches[0]["players"], serde_json::json!(["Hanna", "Olaf"]));
}

#[test]
fn an_empty_input_says_so_and_summary_dash_is_refused() {
    let empty = run_with_stdin(&["check", "--format", "jsonl", "-"], b"  \n\n");
    assert_eq!(empty.status.code(), Some(2));
    assert_eq!(
        jsonl(&empty)[0]["message"],
        "an empty file: nothing to check"
    );
    let dash = run(&["check", "--summary", "-", CLEAN]);
    assert_eq!(dash.status.code(), Some(2));
    assert!(stderr(&dash).contains("--summary takes a file path"));
    assert!(!std::path::Path::new("-").exists());
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
fn every_subcommand_takes_the_same_format_names() {
    // check: json is JSON Lines, as jsonl.
    let jsonl = run(&["check", "--format", "jsonl", "fixtures/examples"]);
    let json = run(&["check", "--format", "json", "fixtures/examples"]);
    assert_eq!(stdout(&json), stdout(&jsonl));
    assert_eq!(json.status.code(), Some(1));
    // players: jsonl is the array of json, one object per line.
    let array: Vec<serde_json::Value> = serde_json::from_str(&stdout(&run(&[
        "players",
        "--format",
        "json",
        "fixtures/examples",
    ])))
    .expect("a JSON array");
    let lines: Vec<serde_json::Value> =
        stdout(&run(&["players", "--format", "jsonl", "fixtures/examples"]))
            .lines()
            .map(|l| serde_json::from_str(l).expect("one object per line"))
            .collect();
    assert_eq!(lines, array);
    // legal: text (or table), json, jsonl, csv.
    let legal = |format: &str| stdout(&run(&["legal", "4HPwATDgc/ABMA", "31", "--format", format]));
    assert_eq!(legal("table"), legal("text"));
    let array: Vec<serde_json::Value> = serde_json::from_str(&legal("json")).expect("an array");
    let lines: Vec<serde_json::Value> = legal("jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one object per line"))
        .collect();
    assert_eq!(lines, array);
    let csv = legal("csv");
    assert_eq!(csv.lines().next(), Some("play,position"));
    assert_eq!(csv.lines().count(), 17);
    // A name that does not fit is refused in one line that lists the others.
    let output = run(&["players", "--format", "xml", "fixtures/examples"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1);
    assert!(stderr(&output).contains("table, csv, json, jsonl"));
}

#[test]
fn legal_lists_plays_from_the_highest_point_down() {
    let text = stdout(&run(&["legal", "4HPwATDgc/ABMA", "31"]));
    let plays: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().expect("a play"))
        .collect();
    assert_eq!(plays.first(), Some(&"24/21 24/23"));
    assert_eq!(plays.last(), Some(&"6/2"));
    let at = |play: &str| plays.iter().position(|p| *p == play).expect(play);
    assert!(at("24/20") < at("13/9") && at("13/9") < at("8/5 6/5"));
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
fn the_variants_are_listed_in_the_help_and_named_in_any_case() {
    let help = stdout(&run(&["check", "--help"]));
    for name in [
        "backgammon",
        "nackgammon",
        "hypergammon1",
        "hypergammon2",
        "hypergammon3",
        "plakoto",
    ] {
        assert!(help.contains(&format!("- {name}:")), "{name} in\n{help}");
    }
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "--variant",
        "Nackgammon",
        "fixtures/examples/friendly-3pt.mat",
    ]);
    let matches = records(&output, "match");
    assert_eq!(matches[0]["rules"]["variant"]["value"], "nackgammon");
    let bad = run(&["check", "--variant", "fevga", "fixtures/examples"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad).lines().count(), 1, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("plakoto"));
}

#[test]
fn a_usage_error_is_one_line_on_standard_error() {
    for args in [
        &["check"][..],
        &["check", "--format", "xml", CLEAN],
        &["check", "--jobs", "0", CLEAN],
        &["legal", "4HPwATDgc/ABMA", "31", "--format", "table-ish"],
        &["show", "fixtures/examples/friendly-3pt.mat", "--move", "3"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("bgaudit: "), "{err}");
    }
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
