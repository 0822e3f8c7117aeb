//! Diagnostics, boards and the catalogue: snapshots of the diagnostic text
//! for one finding of each family (regenerate with `BLESS=1 cargo test
//! explain`), the catalogue against `findings.md`, `rules.md` and
//! `docs/output.md`, and the `explain`, `show` and `check --explain`
//! commands end to end.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use bgaudit::catalogue::{self, CATALOGUE};
use bgaudit::finding::Finding;
use bgaudit::replay::{FileReport, Options, check_bytes};
use bgaudit::report::explain::{Explainer, Source, Style, explain_code, notation_distance};

use crate::util::{fixtures, shared, shared_or_skip};

const EXAMPLE: &str = "fixtures/examples/club-final-7pt.mat";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture replayed, named by its path from the repository root so that
/// the snapshots name it the same way everywhere.
fn replay(path: &str, trace: bool) -> (FileReport, Source) {
    let bytes = std::fs::read(root().join(path)).expect("fixture");
    let options = Options {
        trace,
        ..Options::default()
    };
    let report = check_bytes(path, &bytes, &options);
    let source = Source::from_bytes(&bytes).expect("a text fixture");
    (report, source)
}

fn finding_at<'a>(report: &'a FileReport, line: u32, code: &str) -> &'a Finding {
    report
        .findings
        .iter()
        .find(|f| f.location.line == line && f.code.as_str() == code)
        .unwrap_or_else(|| panic!("no {code} at line {line} in {}", report.path))
}

/// Compares `actual` with `fixtures/explain/NAME.txt`, or writes it there
/// when `BLESS` is set.
fn snapshot(name: &str, actual: &str) {
    let path = fixtures().join("explain").join(format!("{name}.txt"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(&path, actual).expect("snapshot written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "{} is missing: run BLESS=1 cargo test explain",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{} differs (BLESS=1 cargo test explain rewrites it)\n\
         --- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

fn diagnostic(path: &str, line: u32, code: &str) -> String {
    let (report, source) = replay(path, false);
    let finding = finding_at(&report, line, code);
    Explainer::new(&report, Some(&source), Style::plain()).finding(finding)
}

#[test]
fn explain_snapshot_of_an_illegal_play() {
    snapshot("play", &diagnostic(EXAMPLE, 34, "illegal-play"));
}

#[test]
fn explain_snapshot_of_an_illegal_play_in_sgf() {
    snapshot(
        "play-sgf",
        &diagnostic("fixtures/sgf/planted_wrong_distance.sgf", 5, "illegal-play"),
    );
}

#[test]
fn explain_snapshot_of_the_typo_analysis_both_ways() {
    // The transcription-error analysis fills these fields; render both
    // verdicts on the real finding.
    let (report, source) = replay(EXAMPLE, false);
    let explainer = Explainer::new(&report, Some(&source), Style::plain());
    let mut finding = finding_at(&report, 34, "illegal-play").clone();
    // As replayed: the play of 42, one die from the 52 written.
    let dice = explainer.finding(&finding);
    assert!(dice.contains(
        "= probable transcription error: the dice were most probably 42, one die misread: \
         `6/4 8/4` is a legal play of 42"
    ));
    assert!(dice.contains(
        "= as written: with 52 rather than 42 the play cannot be made: if the dice are right, \
         the player made an illegal play"
    ));
    finding.meant_dice = None;
    finding.likely_typo = Some(true);
    finding.suggestion = Some("8/3 6/4".to_owned());
    let typo = explainer.finding(&finding);
    finding.likely_typo = Some(false);
    finding.suggestion = None;
    let real = explainer.finding(&finding);
    assert!(
        typo.contains("= probable transcription error: the record most probably meant `8/3 6/4`")
    );
    assert!(
        real.contains("= not a typo: the play as written is what the rest of the record follows")
    );
    snapshot("play-typo", &format!("{dice}\n{typo}\n{real}"));
}

#[test]
fn explain_snapshot_of_an_impossible_play() {
    let text = diagnostic("fixtures/mat/choue.txt", 12, "impossible-play");
    assert!(text.contains("= board:") && text.contains("= legal plays:"));
    snapshot("impossible", &text);
}

#[test]
fn explain_snapshot_of_a_cube_finding() {
    let text = diagnostic(EXAMPLE, 62, "double-in-crawford");
    assert!(text.contains("= cube: off (Crawford game)"));
    assert!(text.contains("= score: Marta 0, Omar 6 at the start of game 3"));
    snapshot("cube", &text);
}

#[test]
fn explain_snapshot_of_result_and_score_findings() {
    let points = diagnostic("fixtures/mat/gnubg.mat", 18, "points-mismatch");
    assert!(points.contains("= cube: 2, owned by Amber"));
    assert!(!points.contains("= board:"));
    let score = diagnostic(EXAMPLE, 26, "score-mismatch");
    snapshot("score", &format!("{points}\n{score}"));
}

#[test]
fn explain_snapshot_of_a_reading_problem() {
    let text = diagnostic("fixtures/mat/broken.mat", 7, "unparsable-cell");
    // The line and the help, nothing else.
    let notes: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("= "))
        .collect();
    assert_eq!(notes.len(), 1, "{text}");
    snapshot("reading", &text);
}

#[test]
fn explain_colours_only_when_asked_and_the_text_is_the_same() {
    assert!(Style::for_output(true, None).colour);
    assert!(Style::for_output(true, Some(OsStr::new(""))).colour);
    assert!(!Style::for_output(true, Some(OsStr::new("1"))).colour);
    assert!(!Style::for_output(false, None).colour);

    let (report, source) = replay(EXAMPLE, false);
    let plain = Explainer::new(&report, Some(&source), Style::plain()).all();
    let coloured = Explainer::new(&report, Some(&source), Style { colour: true }).all();
    assert!(!plain.contains('\x1b'));
    assert!(coloured.contains("\x1b[1;31merror[illegal-play/wrong-dice]\x1b[0m"));
    assert_eq!(strip_escapes(&coloured), plain);
}

fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn explain_ranks_legal_plays_by_notation_distance() {
    let written = "6/4 8/4".parse().expect("notation");
    assert_eq!(notation_distance(&written, "8/3 6/4"), 1);
    assert_eq!(notation_distance(&written, "6/4 8/4"), 0);
    let split = "24/18 18/13".parse().expect("notation");
    assert_eq!(notation_distance(&split, "24/13"), 0);
    let swapped = "13/11 13/8".parse().expect("notation");
    assert_eq!(notation_distance(&swapped, "13/8 13/11"), 0);
    assert!(notation_distance(&written, "24/18 13/11") > 4);
}

/// The codes and kinds of `findings.md`'s catalogue tables.
fn codes_in_findings_md() -> Vec<String> {
    let text = std::fs::read_to_string(shared().join("docs/findings.md")).expect("findings.md");
    let start = text
        .find("## Rule violations")
        .expect("the catalogue tables");
    let end = text.find("## Exit status").unwrap_or(text.len());
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    };
    let mut names = Vec::new();
    for line in text[start..end].lines().filter(|l| l.starts_with("| `")) {
        let mut cells = line.split('|').skip(1);
        let first = cells.next().unwrap_or("");
        let rest = cells.next().unwrap_or("");
        let (code_part, kind_part) = first.split_once(" / ").unwrap_or((first, ""));
        let Some(code) = ticked(code_part).into_iter().next() else {
            continue;
        };
        names.push(code.clone());
        for kind in ticked(kind_part) {
            names.push(format!("{code}/{kind}"));
        }
        // Kinds named in the text: "(kind `missing`: ...)".
        for (i, piece) in rest.split('`').enumerate() {
            if i % 2 == 1
                && rest
                    .split('`')
                    .nth(i - 1)
                    .is_some_and(|p| p.ends_with("kind "))
            {
                names.push(format!("{code}/{piece}"));
            }
        }
    }
    names
}

#[test]
fn explain_code_has_an_entry_for_every_code_of_findings_md() {
    if shared_or_skip(
        "docs/findings.md",
        "the findings catalogue the codes are checked against",
    )
    .is_none()
    {
        return;
    }
    let names = codes_in_findings_md();
    assert!(names.len() > 50, "{names:?}");
    for name in &names {
        assert!(
            catalogue::lookup(name).is_some(),
            "no catalogue entry for {name}"
        );
        let output = run(&["explain", name]);
        assert_eq!(output.status.code(), Some(0), "bgaudit explain {name}");
        let text = stdout(&output);
        assert!(text.starts_with(&format!("{name}: ")), "{text}");
        assert!(
            text.contains("severity: ") && text.contains("example:"),
            "{text}"
        );
    }
    // The kinds are listed under their code.
    let text = stdout(&run(&["explain", "illegal-play"]));
    for kind in ["wrong-dice", "under-played", "no-play", "play-when-none"] {
        assert!(
            text.contains(&format!("\n  {kind} (")),
            "{kind} missing in\n{text}"
        );
    }
}

#[test]
fn explain_code_quotes_rules_md_word_for_word() {
    let normalise = |text: &str| {
        text.replace('*', "")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rules =
        normalise(&std::fs::read_to_string(fixtures().join("../docs/rules.md")).expect("rules.md"));
    for entry in CATALOGUE {
        for quote in entry.rules {
            assert!(
                rules.contains(&normalise(quote.text)),
                "{}: not in rules.md: {}",
                entry.name(),
                quote.text
            );
        }
        let text = explain_code(&entry.name(), Style::plain()).expect("an entry");
        assert!(text.contains(entry.example));
    }
}

#[test]
fn explain_catalogue_table_in_docs_is_generated_from_the_catalogue() {
    let path = root().join("docs/output.md");
    let doc = std::fs::read_to_string(&path).expect("docs/output.md");
    let (start_marker, end_marker) = ("<!-- catalogue:start -->\n", "<!-- catalogue:end -->");
    let start = doc.find(start_marker).expect("start marker") + start_marker.len();
    let end = doc.find(end_marker).expect("end marker");
    let table = catalogue::markdown();
    if std::env::var_os("BLESS").is_some() {
        let updated = format!("{}{table}{}", &doc[..start], &doc[end..]);
        std::fs::write(&path, updated).expect("docs written");
        return;
    }
    assert!(
        doc[start..end] == table,
        "docs/output.md's catalogue is out of date: BLESS=1 cargo test explain rewrites it"
    );
}

fn bgaudit() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bgaudit"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command.env_remove("NO_COLOR").env_remove("COLUMNS");
    command
}

fn run(args: &[&str]) -> Output {
    bgaudit()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn explain_an_unknown_code_suggests_the_closest() {
    let output = run(&["explain", "double-in-crawfrod"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean `double-in-crawford`?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn explain_file_game_move_prints_the_diagnostic_there() {
    let output = run(&["explain", EXAMPLE, "--game", "2", "--move", "8"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("error[illegal-play/wrong-dice]: `6/4 8/4` cannot be made with 52;"));
    assert!(text.contains("34 |   8) 52: 6/4 8/4"));
    assert!(text.contains("PositionID:MatchID YZ+DBwDYXsEAEw:"));
    assert!(text.contains("XGID=-Aa-bBE-C---bD---aadbb----:1:-1:-1:52:2:0:0:7:10"));
    // Only the finding: the opponent's legal reply on the same row is not shown.
    assert_eq!(text.matches("error[").count(), 1);
    assert!(!text.contains("ok:"));
}

#[test]
fn explain_file_where_nothing_was_found_shows_the_position_and_says_legal() {
    let output = run(&["explain", EXAMPLE, "--game", "2", "--move", "9"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("ok: `51: 4/3 7/2` is legal: one of 25 legal plays"),
        "{text}"
    );
    assert!(text.contains("ok: `52: 13/11 11/6` is legal"), "{text}");
    assert!(text.contains("= legal plays:") && text.contains("= board:"));

    let output = run(&["explain", EXAMPLE, "--game", "2", "--move", "99"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("game 2 has moves 1-24"),
        "{}",
        stderr(&output)
    );
    let output = run(&["explain", EXAMPLE, "--game", "9"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("(games: 1-3)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn explain_file_game_lists_the_findings_of_that_game() {
    let output = run(&["explain", EXAMPLE, "--game", "2"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("error[score-mismatch/wrong]"));
    assert!(text.contains("error[illegal-play/wrong-dice]"));
    assert!(!text.contains("double-in-crawford"));

    let output = run(&["explain", EXAMPLE, "--game", "1"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        format!("{EXAMPLE}: nothing found in game 1 (`bgaudit show` prints its positions)\n")
    );
    let output = run(&["explain", "fixtures/mat/sessions.mat", "--match", "5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no match 5 (matches: 1-2)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn show_prints_the_board_before_and_after_each_action() {
    let output = run(&["show", EXAMPLE, "--game", "2", "--move", "8"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with(
        "match 1, game 2, move 8, Marta: 52: 6/4 8/4   (fixtures/examples/club-final-7pt.mat:34:6)\n"
    ));
    assert!(text.contains("  error[illegal-play/wrong-dice]: "));
    assert_eq!(text.matches("before:\n").count(), 2, "{text}");
    assert_eq!(text.matches("after:\n").count(), 2, "{text}");
    assert!(text.contains("X Marta: score 0, pips 148, off 0; to play 52"));
    assert!(text.contains("X Marta: score 0, pips 142, off 0; after the action"));

    // A whole game, then the whole file: one title per action replayed.
    let (report, _) = replay(EXAMPLE, true);
    let game: usize = report.trace.iter().filter(|s| s.game == Some(2)).count();
    let text = stdout(&run(&["show", EXAMPLE, "--game", "2"]));
    assert_eq!(text.matches("match 1, game 2, ").count(), game);
    let text = stdout(&run(&["show", EXAMPLE]));
    let befores = text.lines().filter(|l| l.starts_with("before:")).count();
    assert_eq!(befores, report.trace.len());

    // --move needs --game; an unreadable file is status 2.
    assert_eq!(
        run(&["show", EXAMPLE, "--move", "3"]).status.code(),
        Some(2)
    );
    // An error is one line on standard error, nothing on standard output.
    for file in ["README.md", "fixtures/no-such-file.mat"] {
        for command in ["show", "explain"] {
            let output = run(&[command, file]);
            assert_eq!(output.status.code(), Some(2), "{command} {file}");
            assert_eq!(stdout(&output), "", "{command} {file}");
            let err = String::from_utf8(output.stderr).expect("UTF-8");
            assert_eq!(err.lines().count(), 1, "{command} {file}: {err}");
            assert!(err.starts_with("bgaudit: "), "{err}");
        }
    }
}

#[test]
fn check_explain_prints_diagnostics_then_the_summary() {
    let output = run(&["check", "--explain", "fixtures/examples"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let places = text
        .lines()
        .filter(|l| l.trim_start().starts_with("--> "))
        .count();
    assert_eq!(places, 3);
    assert!(!text.contains('┌'), "no table");
    let summary = text
        .find("files: 3 read, 2 clean, 1 with findings")
        .expect("a summary");
    assert!(text.rfind("= help:").expect("diagnostics") < summary);
    assert_eq!(stderr(&output), "");
    // --explain and --format exclude each other.
    let output = run(&["check", "--explain", "--format", "jsonl", EXAMPLE]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn no_colour_in_a_pipe_nor_with_no_color() {
    for no_color in [None, Some("1")] {
        let mut command = bgaudit();
        command.args(["check", "--explain", EXAMPLE]);
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        let text = stdout(&output);
        assert!(text.contains("error[illegal-play/wrong-dice]"));
        assert!(!text.contains('\x1b'), "escapes with NO_COLOR={no_color:?}");
    }
    let text = stdout(&run(&["explain", "illegal-play"]));
    assert!(!text.contains('\x1b'));
}

#[test]
fn explain_rows_carry_the_typo_fields_and_the_xgid() {
    let output = run(&["check", "--format", "jsonl", EXAMPLE]);
    let rows: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|row| row["type"] == "finding")
        .collect();
    for row in &rows {
        for key in ["likely_typo", "suggestion", "xgid"] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
    }
    assert_eq!(
        rows[1]["xgid"],
        "XGID=-Aa-bBE-C---bD---aadbb----:1:-1:-1:52:2:0:0:7:10"
    );
    assert!(rows[0]["xgid"].is_null());
}

#[test]
fn an_sgf_move_in_order_is_shown_with_its_play_in_notation() {
    let output = run(&[
        "explain",
        "fixtures/sgf/legal_2p.sgf",
        "--game",
        "1",
        "--move",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output)
            .contains("ok: `B[64aglp]` (64: 24/18 13/9) is legal: one of 14 legal plays"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn show_writes_an_sgf_move_in_notation_as_explain_does() {
    // The second player starts: his 64 is on the right of row 2.
    let args = ["fixtures/sgf/legal_2p.sgf", "--game", "1", "--move", "2"];
    let show = run(&[&["show"][..], &args].concat());
    assert_eq!(show.status.code(), Some(0));
    // Row 2 holds Alice's 52 and then Bob's 64: two boards.
    let titles: Vec<String> = stdout(&show)
        .lines()
        .filter(|l| l.starts_with("match 1, game 1, move 2"))
        .map(str::to_owned)
        .collect();
    assert_eq!(titles.len(), 2, "{titles:?}");
    assert!(
        titles[1].contains(": B[64aglp] (64: 24/18 13/9)"),
        "{titles:?}"
    );
    let explain = run(&[&["explain"][..], &args].concat());
    assert!(stdout(&explain).contains("`B[64aglp]` (64: 24/18 13/9)"));
    // A .mat cell is already in notation.
    let mat = run(&[
        "show",
        "fixtures/examples/club-final-7pt.mat",
        "--game",
        "2",
        "--move",
        "8",
    ]);
    assert!(stdout(&mat).starts_with("match 1, game 2, move 8, Marta: 52: 6/4 8/4   ("));
}

#[test]
fn diagnostics_boards_and_catalogue_entries_fit_the_width() {
    let narrow = |args: &[&str]| {
        let output = bgaudit()
            .args(args)
            .env("COLUMNS", "60")
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert!(output.status.code().is_some_and(|c| c < 2), "{args:?}");
        stdout(&output)
    };
    let club = "fixtures/examples/club-final-7pt.mat";
    for args in [
        &["check", "--explain", "fixtures/examples"][..],
        &["explain", club, "--game", "2"],
        &["explain", club, "--game", "2", "--move", "3"],
        &["show", club, "--game", "2", "--move", "8"],
        &["show", "fixtures/examples/league-5pt.sgf", "--game", "1"],
        &["players", "--format", "table", "fixtures/examples"],
        &["check", "--format", "table", "fixtures/examples"],
    ] {
        let text = narrow(args);
        let long: Vec<&str> = text.lines().filter(|l| l.chars().count() > 60).collect();
        assert!(long.is_empty(), "{args:?}: {long:#?}");
    }
    // The headline and the legal plays wrap; a quoted play stays whole.
    let text = narrow(&["check", "--explain", club]);
    assert!(
        text.contains(
            "   = legal plays: 40; closest to what was written:\n                  \
             `8/3 6/4`, `6/1 6/4`, `7/2 6/4`,\n                  `13/8 6/4`, `6/1 4/2`\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("error[illegal-play/wrong-dice]: `6/4 8/4` cannot be made\n    with 52; "),
        "{text}"
    );
    // The board's panels go under it.
    assert!(
        text.contains("\n      O Omar: score 2, pips 117, off 0\n"),
        "{text}"
    );
    // explain CODE: every paragraph (the example is a transcript line).
    let text = narrow(&["explain", "illegal-play"]);
    let before_example = text.split("example:").next().unwrap_or_default();
    assert!(
        before_example.lines().all(|l| l.chars().count() <= 60),
        "{text}"
    );
}
