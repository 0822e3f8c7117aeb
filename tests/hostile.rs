//! Text from a transcript is untrusted: it stays text in every output.
//!
//! `fixtures/hostile/` holds two transcripts whose players' names, tags,
//! comments and cells carry what a stranger could put there: a colour escape
//! (`ESC[31m`), a sequence that retitles the window (`ESC]0;title BEL`), a
//! screen clear (`ESC[2J`), a bidirectional override (U+202E), HTML
//! (`<img src=x onerror=alert(1)>`, `</script><script>`) and a spreadsheet
//! formula (`=HYPERLINK(...)`). `names.mat` has them in the names, the
//! `Event` and `Site` tags, a comment and an unparsable cell, with an illegal
//! play whose message quotes a name; `markup.sgf` in `PW`, `PB`, `EV`, `PC`,
//! `GN` and comments. The tests also make hostile file names (with ESC and
//! U+202E; on Unix one that is not UTF-8) in a temporary folder.
//!
//! Every output for people is read through a real pseudo-terminal (Unix), so
//! that the paths taken only on a terminal run (the table, colours, the
//! width): nothing in it is a raw control or bidirectional character but the
//! line feeds and the style's own colours. CSV is safe for spreadsheets with
//! `--csv-safe` and as written without; JSON keeps the text as written.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use bgaudit::escape::{is_formula, is_unsafe_for_terminal};

use crate::cli::{bgaudit, jsonl, records, run, stdout};

const HOSTILE: &str = "fixtures/hostile";
const NAMES: &str = "fixtures/hostile/names.mat";
const MARKUP: &str = "fixtures/hostile/markup.sgf";
/// The first player of `names.mat`.
const ANN: &str = "\u{1b}[31mAnn\u{1b}]0;title\u{7}";
/// The second player of `names.mat`.
const BO: &str = "=HYPERLINK(\"evil.example\",\"x\")\u{202e}Bo";
/// The players of `markup.sgf`.
const IMG: &str = "<img src=x onerror=alert(1)>";
const SCRIPT: &str = "</script><script>alert(1)</script>";

/// The colour codes the style writes (`report::explain::Style`): each opens
/// a span that `ESC[0m` closes.
const STYLE_CODES: [&str; 7] = ["1;31", "1;32", "1;33", "1;34", "1;36", "1", "0"];

/// `text` without the style's own colour spans (`ESC[1;31m...ESC[0m`, with
/// no escape inside), and whether there was one.
fn without_colours(text: &str) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut coloured = false;
    'scan: while let Some(at) = rest.find("\u{1b}[") {
        for code in STYLE_CODES {
            let open = format!("\u{1b}[{code}m");
            if code != "0" && rest[at..].starts_with(&open) {
                let inner = &rest[at + open.len()..];
                if let Some(close) = inner.find("\u{1b}[0m")
                    && !inner[..close].contains('\u{1b}')
                {
                    out.push_str(&rest[..at]);
                    out.push_str(&inner[..close]);
                    rest = &inner[close + "\u{1b}[0m".len()..];
                    coloured = true;
                    continue 'scan;
                }
            }
        }
        // Not the style's: kept, to be reported.
        out.push_str(&rest[..at + 1]);
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    (out, coloured)
}

/// Fails when `bytes`, less the style's colours, hold a control or
/// bidirectional character other than a line feed.
fn assert_terminal_safe(what: &str, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let (plain, _) = without_colours(&text);
    let raw: Vec<char> = plain
        .chars()
        .filter(|&c| c != '\n' && is_unsafe_for_terminal(c))
        .collect();
    assert!(raw.is_empty(), "{what}: raw {raw:?} in\n{plain}");
    plain
}

/// Runs the binary with standard output on a pseudo-terminal `columns`
/// wide (standard error piped).
#[cfg(unix)]
fn on_terminal(args: &[&OsStr], columns: u16) -> Output {
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
    // The bytes as written: no line-feed translation.
    let mut modes = tcgetattr(&terminal).expect("tcgetattr");
    modes.output_modes.remove(OutputModes::OPOST);
    tcsetattr(&terminal, OptionalActions::Now, &modes).expect("tcsetattr");
    rustix::termios::tcsetwinsize(
        &terminal,
        Winsize {
            ws_row: 50,
            ws_col: columns,
            ws_xpixel: 0,
            ws_ypixel: 0,
        },
    )
    .expect("the terminal's size");
    let mut command = bgaudit();
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the binary runs");
    // The child holds the terminal now; ours closes with the command.
    drop(command);
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let errors = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let mut out = Vec::new();
    let mut master = std::fs::File::from(master);
    let mut buffer = [0u8; 8192];
    // Reading ends with an error (EIO) once the child has closed the
    // terminal.
    while let Ok(n) = master.read(&mut buffer) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buffer[..n]);
    }
    let status = child.wait().expect("the binary ends");
    Output {
        status,
        stdout: out,
        stderr: errors.join().expect("stderr read"),
    }
}

/// Without a pseudo-terminal: `COLUMNS` sets the width, colours are forced.
#[cfg(not(unix))]
fn on_terminal(args: &[&OsStr], columns: u16) -> Output {
    bgaudit()
        .args(args)
        .arg("--color")
        .arg("always")
        .env("COLUMNS", columns.to_string())
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// Runs `args` on a terminal `columns` wide; both outputs must be safe.
/// Returns standard output less the colours, and whether it had colours.
fn terminal_run(args: &[OsString], columns: u16) -> (String, String, Option<i32>) {
    let refs: Vec<&OsStr> = args.iter().map(OsString::as_os_str).collect();
    let output = on_terminal(&refs, columns);
    let what = format!("{args:?} at {columns} columns");
    let out = assert_terminal_safe(&what, &output.stdout);
    let err = assert_terminal_safe(&format!("{what} (stderr)"), &output.stderr);
    (out, err, output.status.code())
}

/// A temporary folder holding `names.mat` under hostile names.
struct HostileNames {
    dir: PathBuf,
}

impl HostileNames {
    fn new(tag: &str) -> HostileNames {
        let dir =
            std::env::temp_dir().join(format!("bgaudit-hostile-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary folder");
        let text =
            std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(NAMES)).expect("fixture");
        std::fs::write(dir.join("evil\u{1b}[31m\u{202e}lmth.mat"), &text).expect("hostile name");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            for name in [
                &b"bad\xff\x1b]0;t\x07.mat"[..],
                &b"bad\xfe\x1b]0;t\x07.mat"[..],
            ] {
                std::fs::write(dir.join(OsStr::from_bytes(name)), &text).expect("non-UTF-8 name");
            }
        }
        HostileNames { dir }
    }
}

impl Drop for HostileNames {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn the_hostile_fixtures_read_as_transcripts_with_their_text_as_written() {
    let findings = jsonl(&run(&["check", "--format", "jsonl", HOSTILE]));
    let player = |value: &str| findings.iter().any(|f| f["player"] == value);
    assert!(player(ANN) && player(SCRIPT), "{findings:#?}");
    assert!(
        findings
            .iter()
            .any(|f| f["message"].as_str().is_some_and(|m| m.contains(BO))),
        "a message quotes a name"
    );
    assert!(
        findings
            .iter()
            .any(|f| f["code"] == "unparsable-cell" && f["text"] == "\u{1b}[2J\u{202e}boom"),
        "{findings:#?}"
    );
}

#[test]
fn no_raw_control_or_bidi_character_reaches_a_terminal() {
    let names = HostileNames::new("terminal");
    let dir = names.dir.clone().into_os_string();
    let mut runs: Vec<Vec<OsString>> = [
        &["check", HOSTILE][..],
        &["check", "--explain", HOSTILE],
        &["players", HOSTILE],
        &["show", NAMES],
        &["show", MARKUP],
        &["explain", NAMES],
        &["explain", NAMES, "--game", "1", "--move", "3"],
        &["explain", MARKUP, "--game", "1", "--move", "2"],
        &["explain", NAMES, "--game", "9"],
        &["explain", "\u{1b}]0;pwned\u{7}\u{202e}"],
        &["check", "--format", "\u{202e}x\u{1b}[31m", NAMES],
    ]
    .iter()
    .map(|args| os(args))
    .collect();
    // Hostile file names: in a folder, named, and missing.
    for command in [&["check"][..], &["check", "--explain"], &["players"]] {
        let mut args = os(command);
        args.push(dir.clone());
        runs.push(args);
    }
    let mut missing = os(&["check"]);
    missing.push(names.dir.join("gone\u{1b}[2J\u{202e}.mat").into_os_string());
    runs.push(missing);
    let evil = names
        .dir
        .join("evil\u{1b}[31m\u{202e}lmth.mat")
        .into_os_string();
    for place in [&["--game", "2"][..], &["--game", "9"]] {
        for command in ["show", "explain"] {
            let mut args = os(&[command]);
            args.push(evil.clone());
            args.extend(os(place));
            runs.push(args);
        }
    }

    let mut seen = String::new();
    for args in &runs {
        for columns in [200, 60] {
            let (out, err, status) = terminal_run(args, columns);
            assert!(status.is_some(), "{args:?} ended by a signal");
            seen.push_str(&out);
            seen.push_str(&err);
        }
    }
    // With data on standard output (JSON, CSV: as written), the closing
    // summary on standard error is for people.
    for format in ["jsonl", "csv"] {
        let mut args = os(&["check", "--format", format]);
        args.push(names.dir.join("gone\u{1b}[2J\u{202e}.mat").into_os_string());
        args.push(OsString::from(NAMES));
        let refs: Vec<&OsStr> = args.iter().map(OsString::as_os_str).collect();
        let output = on_terminal(&refs, 80);
        let err = assert_terminal_safe(&format!("{args:?} (stderr)"), &output.stderr);
        assert!(
            err.contains("missing: ") && err.contains("gone\\x1b[2J\\u{202e}.mat"),
            "{err}"
        );
    }
    // The hostile text is there, visible.
    for expected in [
        "\\x1b[31mAnn\\x1b]0;title\\x07",
        "=HYPERLINK(\"evil.example\",\"x\")\\u{202e}Bo",
        "\\x1b[2J\\u{202e}boom",
        IMG,
        SCRIPT,
        "evil\\x1b[31m\\u{202e}lmth.mat",
        "gone\\x1b[2J\\u{202e}.mat",
        "\\x1b]0;pwned\\x07\\u{202e}",
        "invalid value '\\u{202e}x",
    ] {
        assert!(seen.contains(expected), "{expected} not shown");
    }
    #[cfg(unix)]
    {
        assert!(
            seen.contains("bad\\xff\\x1b]0;t\\x07.mat"),
            "non-UTF-8 name"
        );
        assert!(
            seen.contains("bad\\xfe\\x1b]0;t\\x07.mat"),
            "non-UTF-8 names stay apart"
        );
    }
}

#[test]
fn on_a_terminal_the_table_and_colours_are_used_and_fit_the_width() {
    // Wide: the table; narrow: a list per file. Diagnostics in colour.
    let (wide, _, status) = terminal_run(&os(&["check", HOSTILE]), 500);
    assert_eq!(status, Some(1));
    assert!(wide.contains('│'), "{wide}");
    let (narrow, _, _) = terminal_run(&os(&["check", HOSTILE]), 60);
    assert!(!narrow.contains('│'), "{narrow}");
    assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
    let refs = [
        OsStr::new("check"),
        OsStr::new("--explain"),
        OsStr::new(HOSTILE),
    ];
    let output = on_terminal(&refs, 70);
    let (_, coloured) = without_colours(&String::from_utf8_lossy(&output.stdout));
    assert!(coloured, "diagnostics are coloured on a terminal");
    let plain = assert_terminal_safe("check --explain", &output.stdout);
    assert!(plain.lines().all(|l| l.chars().count() <= 70), "{plain}");
}

#[test]
fn csv_is_spreadsheet_safe_with_csv_safe_and_as_written_without() {
    let dir = std::env::temp_dir().join(format!("bgaudit-hostile-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let summary = dir.join("summary.csv");
    let summary_arg = summary.to_str().expect("UTF-8 temporary path");
    let formulas = |text: &str| -> Vec<String> {
        let mut reader = ::csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes());
        reader
            .records()
            .flat_map(|record| {
                record
                    .expect("a CSV record")
                    .iter()
                    .filter(|cell| is_formula(cell))
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let check = |safe: bool| {
        let mut args = vec![
            "check",
            "--format",
            "csv",
            "--summary",
            summary_arg,
            HOSTILE,
        ];
        if safe {
            args.push("--csv-safe");
        }
        let findings = stdout(&run(&args));
        let summary = std::fs::read_to_string(&summary).expect("summary written");
        let mut players_args = vec!["players", "--format", "csv", HOSTILE];
        if safe {
            players_args.push("--csv-safe");
        }
        let players = stdout(&run(&players_args));
        (findings, summary, players)
    };
    let (findings, summary_csv, players) = check(false);
    // As written: the formula is in the data.
    for text in [&findings, &summary_csv, &players] {
        assert!(
            formulas(text).iter().any(|cell| cell.starts_with(BO)),
            "{text}"
        );
    }
    let (findings, summary_csv, players) = check(true);
    for text in [&findings, &summary_csv, &players] {
        assert_eq!(formulas(text), Vec::<String>::new(), "{text}");
        assert!(text.contains(&format!("'{}", &BO[..10])), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_keeps_hostile_text_as_written() {
    let names = HostileNames::new("json");
    let dir = names.dir.to_str().expect("UTF-8 temporary path");
    let output = run(&["check", "--format", "jsonl", HOSTILE, dir]);
    // serde_json escapes the controls: each record is one line.
    let text = stdout(&output);
    assert!(!text.contains('\u{1b}'), "controls are JSON escapes");
    let findings = jsonl(&output);
    assert!(findings.iter().any(|f| f["player"] == ANN));
    assert!(findings.iter().any(|f| f["player"] == SCRIPT));
    let evil = names
        .dir
        .join("evil\u{1b}[31m\u{202e}lmth.mat")
        .to_str()
        .expect("UTF-8")
        .to_owned();
    assert!(
        findings.iter().any(|f| f["file"] == evil.as_str()),
        "the file name as it is"
    );
    let matches = records(&output, "match");
    assert!(
        matches
            .iter()
            .any(|m| m["players"] == serde_json::json!([ANN, BO]))
    );
    assert!(
        matches
            .iter()
            .any(|m| m["players"] == serde_json::json!([IMG, SCRIPT]))
    );
    #[cfg(unix)]
    {
        // A name that is not UTF-8: its other bytes as `\xNN`, apart.
        let files: std::collections::BTreeSet<&str> =
            findings.iter().filter_map(|f| f["file"].as_str()).collect();
        assert!(
            files
                .iter()
                .any(|f| f.ends_with("bad\\xff\\x1b]0;t\\x07.mat")),
            "{files:?}"
        );
        assert!(
            files
                .iter()
                .any(|f| f.ends_with("bad\\xfe\\x1b]0;t\\x07.mat")),
            "{files:?}"
        );
    }

    let players = run(&["players", "--format", "json", HOSTILE]);
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&players.stdout).expect("JSON");
    for name in [ANN, BO, IMG, SCRIPT] {
        let row = rows
            .iter()
            .find(|row| row["player"] == name)
            .unwrap_or_else(|| panic!("{name:?} missing in {rows:#?}"));
        assert_eq!(row["spellings"], serde_json::json!([name]));
    }
}
