//! A tournament director's day, end to end: outputs that fit the terminal
//! and the file asked for, errors in one line, pipes that close early,
//! clap's suggestions, filters, the `players` report, folders with position
//! files in them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::cli::{bgaudit, jsonl, records, run, stderr, stdout};

const EXAMPLES: &str = "fixtures/examples";
const CLUB: &str = "fixtures/examples/club-final-7pt.mat";

/// A fresh folder under the temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgaudit-director-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn run_with(command: &mut Command) -> Output {
    command
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn clap_suggests_subcommands_flags_and_values() {
    for (args, tip) in [
        (&["chek"][..], "tip: a similar subcommand exists: 'check'"),
        (
            &["check", "--frmat", "csv", CLUB][..],
            "tip: a similar argument exists: '--format'",
        ),
        (
            &["check", "--format", "tabel", CLUB][..],
            "tip: a similar value exists: 'table'",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(tip), "{args:?}: {err}");
    }
}

#[test]
fn the_output_file_s_extension_picks_the_format() {
    let dir = folder("extensions");
    for (name, starts) in [
        ("report.html", "<!DOCTYPE html>"),
        ("findings.csv", "file,line,column"),
        ("run.sarif", "{"),
        ("findings.json", "{\"type\":\"finding\""),
        ("findings.jsonl", "{\"type\":\"finding\""),
        ("findings.txt", "fixtures/examples/club-final-7pt.mat\n"),
    ] {
        let path = dir.join(name);
        let output = run(&["check", "-o", path.to_str().unwrap(), EXAMPLES]);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(
            text.starts_with(starts),
            "{name}: {}",
            &text[..text.len().min(200)]
        );
        if name.ends_with(".sarif") {
            assert!(text.contains("\"version\": \"2.1.0\"") || text.contains("\"2.1.0\""));
        }
        assert!(!text.contains('\u{1b}'), "{name}: no colour in a file");
    }
    // --format decides over the extension.
    let path = dir.join("out.html");
    let output = run(&[
        "check",
        "--format",
        "csv",
        "-o",
        path.to_str().unwrap(),
        EXAMPLES,
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("file,"));
    // An extension that names no format: refused in one line, nothing run.
    let path = dir.join("out.xlsx");
    let output = run(&["check", "-o", path.to_str().unwrap(), EXAMPLES]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("out.xlsx: no format known for this extension"),
        "{err}"
    );
    assert!(!path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_is_one_line_on_standard_error() {
    for format in ["table", "list", "jsonl"] {
        let output = run(&["check", "--format", format, "nosuch.mat"]);
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert_eq!(
            stderr(&output),
            "bgaudit: nosuch.mat: no such file or directory\n",
            "{format}"
        );
        if format != "jsonl" {
            assert_eq!(stdout(&output), "", "{format}");
        }
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly_with_the_findings_status() {
    // `bgaudit check DIR | head -1`: the first line is taken, the rest of
    // the run is not wanted.
    let mut args = vec!["check", "--format", "jsonl", "--quiet"];
    args.extend(std::iter::repeat_n(CLUB, 2000));
    let mut child = bgaudit()
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).unwrap();
    assert!(first.starts_with("{\"type\":\"finding\""), "{first}");
    drop(out);
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(stderr(&output), "", "nothing to say");
    assert_eq!(output.status.code(), Some(1), "errors were found so far");
    // Other subcommands end quietly too.
    let mut child = bgaudit()
        .args(["legal", "4HPwATDgc/ABMA", "31"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_position_file_in_a_folder_is_skipped_and_counted() {
    let dir = folder("xgp");
    std::fs::copy("fixtures/xg/position.xgp", dir.join("quiz.xgp")).unwrap();
    std::fs::copy(
        "fixtures/examples/friendly-3pt.mat",
        dir.join("friendly-3pt.mat"),
    )
    .unwrap();
    let output = run(&["check", "--format", "jsonl", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let skipped = records(&output, "skipped");
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        skipped[0]["reason"],
        "an eXtreme Gammon position file (.xgp)"
    );
    assert!(stderr(&output).contains("skipped: 1 not a match record"));
    // Named on the command line, it is refused with the advice to use
    // `legal`.
    let output = run(&["check", "--format", "jsonl", "fixtures/xg/position.xgp"]);
    assert_eq!(output.status.code(), Some(2));
    let findings = jsonl(&output);
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .contains("bgaudit legal FILE.xgp"),
        "{findings:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_list_is_plain_text_that_fits_the_width() {
    for width in ["80", "100"] {
        let output = run_with(
            bgaudit()
                .args(["check", "--format", "list", EXAMPLES])
                .env("COLUMNS", width),
        );
        assert_eq!(output.status.code(), Some(1));
        let text = stdout(&output);
        let width: usize = width.parse().unwrap();
        assert!(text.lines().all(|l| l.chars().count() <= width), "{text}");
        assert!(text.starts_with(
            "fixtures/examples/club-final-7pt.mat\n  26:2  error[score-mismatch/wrong]  game 2\n"
        ));
        assert!(text.contains("  34:6  error[illegal-play/wrong-dice]  game 2, move 8, Marta\n"));
        assert!(!text.contains('\u{1b}'), "no colour into a pipe");
        assert!(text.contains("findings: 3 errors, 0 warnings, 0 infos"));
    }
    // `text` is the same.
    let list = run(&["check", "--format", "list", EXAMPLES]);
    let text = run(&["check", "--format", "text", EXAMPLES]);
    assert_eq!(stdout(&list), stdout(&text));
}

#[test]
fn severities_are_coloured_as_asked_and_never_with_no_color() {
    let output = run(&["check", "--format", "list", "--color", "always", EXAMPLES]);
    assert!(
        stdout(&output).contains("\u{1b}[1;31merror[illegal-play/wrong-dice]\u{1b}[0m"),
        "{}",
        stdout(&output)
    );
    let output = run(&["check", "--format", "table", "--color", "always", EXAMPLES]);
    assert!(stdout(&output).contains('\u{1b}'), "the table's severities");
    // NO_COLOR and --color never: plain, even on a terminal (`auto` off a
    // terminal is plain too).
    let output = run_with(
        bgaudit()
            .args(["check", "--format", "list", EXAMPLES])
            .env("NO_COLOR", "1"),
    );
    assert!(!stdout(&output).contains('\u{1b}'));
    let output = run(&["check", "--format", "list", "--color", "never", EXAMPLES]);
    assert!(!stdout(&output).contains('\u{1b}'));
}

/// `bgaudit ARGS` with standard output on a terminal `columns` wide, and
/// `NO_COLOR` as given: what the terminal shows, and the status.
#[cfg(unix)]
fn on_terminal(args: &[&str], columns: u16, no_color: Option<&str>) -> (String, Option<i32>) {
    use std::io::Read;

    use rustix::fs::{Mode, OFlags};
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use rustix::termios::{OptionalActions, OutputModes, Winsize, tcgetattr, tcsetattr};

    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)
        .expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("the terminal's name");
    let terminal = rustix::fs::open(
        name.as_c_str(),
        OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .expect("the terminal opens");
    let mut modes = tcgetattr(&terminal).expect("tcgetattr");
    modes.output_modes.remove(OutputModes::OPOST);
    tcsetattr(&terminal, OptionalActions::Now, &modes).expect("tcsetattr");
    let size = Winsize {
        ws_row: 50,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    rustix::termios::tcsetwinsize(&terminal, size).expect("the terminal's size");
    let mut command = bgaudit();
    command
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::null());
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let mut child = command.spawn().expect("the binary runs");
    drop(command);
    let mut out = Vec::new();
    let mut master = std::fs::File::from(master);
    let mut buffer = [0u8; 8192];
    while let Ok(n) = master.read(&mut buffer) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buffer[..n]);
    }
    let status = child.wait().expect("the binary ends");
    (String::from_utf8_lossy(&out).into_owned(), status.code())
}

#[cfg(unix)]
#[test]
fn on_a_terminal_the_default_output_is_coloured_and_fits() {
    for columns in [80, 100, 250] {
        for no_color in [None, Some("1")] {
            let (text, code) = on_terminal(&["check", EXAMPLES], columns, no_color);
            assert_eq!(code, Some(1));
            assert_eq!(text.contains("\u{1b}["), no_color.is_none(), "{text}");
            let plain = strip_ansi(&text);
            assert!(
                plain
                    .lines()
                    .all(|l| l.chars().count() <= usize::from(columns)),
                "{columns}: {plain}"
            );
            assert!(plain.contains("illegal-play/wrong-dice"), "{plain}");
            assert!(plain.contains("findings: 3 errors"), "{plain}");
        }
    }
    // 250 columns hold the table, its message column wrapped.
    let (text, _) = on_terminal(&["check", "--color", "never", EXAMPLES], 250, None);
    assert!(text.starts_with('┌'), "{text}");
}

/// `text` without its ANSI colour codes.
fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
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
fn filters_show_one_player_code_severity_game_or_match_and_set_the_status() {
    let codes = |output: &Output| -> Vec<String> {
        jsonl(output)
            .iter()
            .map(|f| match f["kind"].as_str() {
                Some(kind) => format!("{}/{kind}", f["code"].as_str().unwrap()),
                None => f["code"].as_str().unwrap().to_owned(),
            })
            .collect()
    };
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "--format", "jsonl"];
        args.extend(extra);
        args.push(EXAMPLES);
        run(&args)
    };
    let all = check(&[]);
    assert_eq!(codes(&all).len(), 3);
    // Marta's two findings, however her name is written.
    for name in ["Marta", "marta", " MARTA (1650) "] {
        let output = check(&["--player", name]);
        assert_eq!(
            codes(&output),
            ["illegal-play/wrong-dice", "double-in-crawford"],
            "{name}"
        );
        assert_eq!(output.status.code(), Some(1));
    }
    // Nobody's: nothing shown, status 0.
    let output = check(&["--player", "Paula"]);
    assert!(codes(&output).is_empty());
    assert_eq!(
        output.status.code(),
        Some(0),
        "the status follows what is shown"
    );
    assert!(
        stderr(&output).contains("findings: 0 errors"),
        "{}",
        stderr(&output)
    );
    let output = check(&["--code", "illegal-play"]);
    assert_eq!(codes(&output), ["illegal-play/wrong-dice"]);
    let output = check(&["--code", "illegal-play/under-played"]);
    assert!(codes(&output).is_empty());
    assert_eq!(output.status.code(), Some(0));
    let output = check(&["--code", "double-in-crawford", "--code", "score-mismatch"]);
    assert_eq!(codes(&output).len(), 2);
    let output = check(&["--severity", "warning"]);
    assert!(codes(&output).is_empty());
    assert_eq!(output.status.code(), Some(0));
    let output = check(&["--game", "3"]);
    assert_eq!(codes(&output), ["double-in-crawford"]);
    let output = check(&["--match", "2"]);
    assert!(codes(&output).is_empty());
    assert!(
        records(&output, "match").is_empty(),
        "no file has a match 2"
    );
    // An unknown code is refused in one line, with a suggestion.
    let output = check(&["--code", "ilegal-play"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("did you mean `illegal-play`"));
    // The table, the list and the reports follow the filters too.
    let output = run(&["check", "--format", "csv", "--player", "Marta", EXAMPLES]);
    assert_eq!(stdout(&output).lines().count(), 3, "header and two rows");
    let output = run(&[
        "check",
        "--format",
        "sarif",
        "--code",
        "double-in-crawford",
        EXAMPLES,
    ]);
    let sarif: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 1);
}

#[test]
fn players_filters_sorts_and_writes_to_a_file() {
    let dir = folder("players");
    let text = std::fs::read_to_string(CLUB).unwrap();
    // The same player with a rating, in another form.
    std::fs::write(dir.join("a.mat"), &text).unwrap();
    std::fs::write(dir.join("b.mat"), text.replace("Marta", "Marta (1650)")).unwrap();
    std::fs::write(dir.join("c.mat"), text.replace("Marta", "Marta [1650]")).unwrap();
    let output = run(&["players", "--format", "json", dir.to_str().unwrap()]);
    let rows: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Marta", "Omar"], "one row per player");
    assert_eq!(rows[0]["matches"], 3);
    let path = dir.join("players.csv");
    let output = run(&[
        "players",
        "--player",
        "omar",
        "--sort",
        "illegal_plays",
        "-o",
        path.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    let csv = std::fs::read_to_string(&path).unwrap();
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("Omar,"), "{csv}");
    let output = run(&["players", "--sort", "ilegal_plays", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("did you mean `illegal_plays`"));
    let output = run(&["players", "-o", "x.pdf", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no format known"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_man_pages_and_the_package_name_every_format_read() {
    let help = stdout(&run(&["--help"]));
    for format in [".mat", "SGF", ".xg"] {
        assert!(help.contains(format), "{format} in --help:\n{help}");
    }
    let manifest = std::fs::read_to_string("Cargo.toml").unwrap();
    let description = manifest
        .lines()
        .find(|l| l.starts_with("description"))
        .unwrap();
    for format in [".mat", "SGF", ".xg"] {
        assert!(description.contains(format), "{format} in {description}");
    }
    let page = std::fs::read_to_string(Path::new("docs/man/bgaudit.1")).unwrap();
    assert!(page.contains(".xg"), "bgaudit.1 names .xg");
}

#[test]
fn the_man_synopses_say_what_each_subcommand_takes() {
    let page = |name: &str| std::fs::read_to_string(format!("docs/man/{name}.1")).unwrap();
    let check = page("bgaudit-check");
    assert!(
        check.contains("\\fBbgaudit check\\fR [OPTIONS] <PATH>..."),
        "{check}"
    );
    assert!(!check.contains("\\-\\-version"), "check refuses -V");
    assert!(
        check.contains("\\fB\\-\\-color\\fR"),
        "the global --color is listed"
    );
    assert!(
        !page("bgaudit").contains("bgaudit\\-help(1)"),
        "no page for help"
    );
    for name in [
        "bgaudit-players",
        "bgaudit-show",
        "bgaudit-legal",
        "bgaudit-explain",
    ] {
        assert!(!page(name).contains("\\-\\-version"), "{name}");
        assert!(page(name).contains("\\fB\\-\\-color\\fR"), "{name}");
    }
}

#[test]
fn the_readme_example_is_what_a_100_column_terminal_shows() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let head = "$ bgaudit check fixtures/examples\n";
    let start = readme.find(head).expect("the example") + head.len();
    let end = start + readme[start..].find("$ echo $?").expect("its status");
    let output = run_with(
        bgaudit()
            .args(["check", "--format", "table", "--color", "never", EXAMPLES])
            .env("COLUMNS", "100"),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        &readme[start..end],
        stdout(&output),
        "run scripts/readme-example.py"
    );
    assert!(readme[start..end].lines().all(|l| l.chars().count() <= 100));
}

#[test]
fn the_typo_verdict_says_when_it_cannot_tell() {
    let output = run(&[
        "check",
        "--format",
        "jsonl",
        "fixtures/typo/cannot-tell.mat",
    ]);
    let findings = jsonl(&output);
    assert_eq!(findings.len(), 1, "{findings:?}");
    let finding = &findings[0];
    assert_eq!(finding["kind"], "under-played");
    assert!(finding["likely_typo"].is_null(), "{finding}");
    let message = finding["message"].as_str().unwrap();
    assert!(
        message.contains("cannot tell a transcription error from a real one")
            && message.contains("one slip of the pen away from `24/22`"),
        "{message}"
    );
    let output = run(&["explain", "fixtures/typo/cannot-tell.mat", "--game", "1"]);
    let text = stdout(&output);
    assert!(text.contains("= cannot tell: "), "{text}");
    assert!(!text.contains("not a typo"), "{text}");
}

#[test]
fn a_settings_file_found_upward_sets_the_rules_format_globs_and_aliases() {
    let dir = folder("settings");
    let round = dir.join("round1");
    let drafts = round.join("drafts");
    std::fs::create_dir_all(&drafts).unwrap();
    std::fs::copy(
        "fixtures/examples/friendly-3pt.mat",
        round.join("friendly-3pt.mat"),
    )
    .unwrap();
    std::fs::copy(CLUB, drafts.join("club-final-7pt.mat")).unwrap();
    std::fs::write(
        dir.join("bgaudit.toml"),
        "format = \"csv\"\nglobs = [\"!drafts/\"]\n\n[rules]\ncrawford = false\n\n[aliases]\n\"Paula\" = \"Paula P\"\n",
    )
    .unwrap();
    let round_arg = round.to_str().unwrap();
    // The format, the glob and the rule come from the file two folders up;
    // the file itself is no record to skip.
    let output = run(&["check", round_arg]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("file,line,column"), "{text}");
    assert!(
        stderr(&output).contains("files: 1 read"),
        "{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("skipped"), "{}", stderr(&output));
    let output = run(&["check", "--format", "jsonl", round_arg]);
    let matches = records(&output, "match");
    assert_eq!(matches[0]["rules"]["crawford"]["value"], false);
    assert_eq!(matches[0]["rules"]["crawford"]["source"], "flag");
    // The command line wins over the file.
    let output = run(&["check", "--format", "jsonl", "--crawford", "on", round_arg]);
    assert_eq!(
        records(&output, "match")[0]["rules"]["crawford"]["value"],
        true
    );
    // --no-config: the defaults, the drafts walked.
    let output = run(&["check", "--no-config", "--format", "jsonl", round_arg]);
    let matches = records(&output, "match");
    assert_eq!(matches.len(), 2);
    assert_eq!(matches[0]["rules"]["crawford"]["source"], "file");
    // `config` says which file applies and what it sets.
    let output = run(&["config", round_arg, "fixtures/examples"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains(&format!("{round_arg}: ")), "{text}");
    assert!(text.contains("bgaudit.toml\n"), "{text}");
    for line in [
        "  format = csv",
        "  globs = !drafts/",
        "  rules.crawford = off",
        "  alias Paula = Paula P",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    assert!(
        text.contains("fixtures/examples: no bgaudit.toml here or in a folder above"),
        "{text}"
    );
    // The aliases merge players' names.
    let output = run(&[
        "players", "--format", "json", "--player", "paula p", round_arg,
    ]);
    let rows: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 1, "{rows}");
    // A file that does not read stops the run at once, in one line.
    std::fs::write(dir.join("bgaudit.toml"), "[rules]\ncrawfrd = false\n").unwrap();
    let output = run(&["check", round_arg]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bgaudit.toml:2: unknown field `crawfrd`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_keeps_one_player_at_the_bottom_for_a_whole_game() {
    // Move 8 of game 2: Marta's 52, then Omar's 31.
    let bottoms = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["show", CLUB, "--game", "2", "--move", "8"];
        all.extend(args);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output)
            .lines()
            .filter(|l| l.starts_with(" +12-11"))
            .map(|l| {
                l.split("   ")
                    .nth(1)
                    .unwrap_or("")
                    .split(':')
                    .next()
                    .unwrap()
                    .to_owned()
            })
            .collect()
    };
    // Before and after each of the two actions: four boards.
    assert_eq!(bottoms(&[]), ["X Marta"; 4]);
    assert_eq!(bottoms(&["--bottom", "first"]), ["X Marta"; 4]);
    assert_eq!(bottoms(&["--bottom", "second"]), ["X Omar"; 4]);
    assert_eq!(
        bottoms(&["--bottom", "mover"]),
        ["X Marta", "X Marta", "X Omar", "X Omar"]
    );
    // Turned or not, the IDs are the mover's: the same whoever is drawn at
    // the bottom.
    let ids = |bottom: &str| -> Vec<String> {
        let output = run(&[
            "show", CLUB, "--game", "2", "--move", "8", "--bottom", bottom,
        ]);
        stdout(&output)
            .lines()
            .filter(|l| l.contains("PositionID") || l.contains("XGID"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(ids("first"), ids("mover"));
    assert_eq!(ids("second"), ids("mover"));
}
