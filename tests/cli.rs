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

mod legal;
mod outputs;
mod players;
