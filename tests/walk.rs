//! Folder walks end to end: files that are no match records are skipped and
//! counted, globs and types choose files, hidden entries follow ripgrep.

use std::path::{Path, PathBuf};

use crate::cli::{jsonl, records, run, stderr, stdout};

/// A temporary folder holding the bundled examples and, beside them, a
/// README, a manifest and a picture.
fn examples_with_notes(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgaudit-walk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/examples");
    for entry in std::fs::read_dir(examples).expect("the examples") {
        let path = entry.expect("an entry").path();
        std::fs::copy(&path, dir.join(path.file_name().expect("a name"))).expect("a copy");
    }
    std::fs::write(
        dir.join("README.md"),
        "# Club matches\n\nThe 7 point match is the final.\n",
    )
    .expect("README");
    std::fs::write(
        dir.join("MANIFEST.tsv"),
        "file\tlength\nclub-final-7pt.mat\t7\n",
    )
    .expect("manifest");
    std::fs::write(dir.join("board.png"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0").expect("picture");
    dir
}

fn path(dir: &Path) -> &str {
    dir.to_str().expect("a UTF-8 path")
}

#[test]
fn notes_beside_transcripts_are_skipped_and_counted_exit_as_without_them() {
    let dir = examples_with_notes("notes");
    let alone = run(&["check", "--format", "jsonl", "fixtures/examples"]);
    let output = run(&["check", "--format", "jsonl", path(&dir)]);
    assert_eq!(output.status.code(), alone.status.code());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(jsonl(&output).len(), jsonl(&alone).len());
    let skipped: Vec<(String, String)> = records(&output, "skipped")
        .iter()
        .map(|r| {
            let file = r["file"].as_str().expect("a file");
            let name = Path::new(file).file_name().expect("a name");
            (
                name.to_string_lossy().into_owned(),
                r["reason"].as_str().expect("a reason").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        skipped,
        [
            (
                "MANIFEST.tsv".to_owned(),
                "text without a match or game header".to_owned()
            ),
            (
                "README.md".to_owned(),
                "text without a match or game header".to_owned()
            ),
            ("board.png".to_owned(), "a picture (PNG)".to_owned()),
        ]
    );
    let summary = stderr(&output);
    assert!(
        summary.contains("files: 3 read, 2 clean, 1 with findings, 0 unreadable\n"),
        "{summary}"
    );
    assert!(
        summary.contains("skipped: 3 not match records\n"),
        "{summary}"
    );
    // The table and the players report say the same.
    let table = run(&["check", "--format", "table", path(&dir)]);
    assert!(stdout(&table).ends_with("skipped: 3 not match records\n"));
    let players = run(&["players", "--format", "csv", path(&dir)]);
    assert_eq!(players.status.code(), Some(0), "{}", stderr(&players));
    assert!(stderr(&players).contains("skipped: 3 not match records"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_named_on_the_command_line_that_is_no_record_stays_an_error() {
    let dir = examples_with_notes("named");
    let readme = dir.join("README.md");
    let output = run(&["check", "--format", "jsonl", path(&readme)]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(jsonl(&output)[0]["code"], "unreadable");
    assert!(records(&output, "skipped").is_empty());
    // A damaged record in a folder (its match line lost) stays an error too.
    std::fs::write(dir.join("broken.txt"), " Game 1\n Ann : 0   Bob : 0\n")
        .expect("a broken record");
    let output = run(&["check", "--format", "jsonl", path(&dir)]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("1 unreadable"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_folder_of_nothing_but_notes_is_an_error() {
    let dir = std::env::temp_dir().join(format!("bgaudit-walk-{}-only", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    std::fs::write(dir.join("README.md"), "notes\n").expect("README");
    let output = run(&["check", "--format", "jsonl", path(&dir)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no match record in"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn globs_and_types_choose_the_files_of_a_folder() {
    let dir = examples_with_notes("globs");
    let files = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["check", "--format", "jsonl"];
        all.extend_from_slice(args);
        all.push(path(&dir));
        let output = run(&all);
        let mut names: Vec<String> = ["match", "skipped"]
            .iter()
            .flat_map(|kind| records(&output, kind))
            .map(|r| {
                let file = r["file"].as_str().expect("a file").to_owned();
                Path::new(&file)
                    .file_name()
                    .expect("a name")
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    };
    assert_eq!(files(&["--type", "sgf"]), ["league-5pt.sgf"]);
    assert_eq!(
        files(&["-T", "mat", "-T", "sgf"]),
        ["MANIFEST.tsv", "README.md", "board.png"]
    );
    assert_eq!(
        files(&["--glob", "*.mat"]),
        ["club-final-7pt.mat", "friendly-3pt.mat"]
    );
    assert_eq!(
        files(&["-g", "*.mat", "-g", "!club-*"]),
        ["friendly-3pt.mat"]
    );
    assert_eq!(
        files(&["-g", "!*.md", "-g", "!*.tsv", "-g", "!*.png"]),
        ["club-final-7pt.mat", "friendly-3pt.mat", "league-5pt.sgf"]
    );
    // A bad glob or type is bad usage.
    for args in [&["--glob", "a["][..], &["--type", "go"][..]] {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        all.push(path(&dir));
        assert_eq!(run(&all).status.code(), Some(2), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn hidden_entries_are_walked_only_with_hidden() {
    let dir = std::env::temp_dir().join(format!("bgaudit-walk-{}-hidden", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join(".drafts")).expect("temporary folder");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/examples/friendly-3pt.mat");
    std::fs::copy(&example, dir.join("a.mat")).expect("a copy");
    std::fs::copy(&example, dir.join(".drafts/b.mat")).expect("a copy");
    let matches = |args: &[&str]| {
        let mut all = vec!["check", "--format", "jsonl"];
        all.extend_from_slice(args);
        records(&run(&all), "match").len()
    };
    assert_eq!(matches(&[path(&dir)]), 1);
    assert_eq!(matches(&["--hidden", path(&dir)]), 2);
    // Named on the command line, a hidden path is read.
    let hidden = dir.join(".drafts");
    assert_eq!(matches(&[path(&hidden)]), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn one_record_cut_out_of_an_xg_file_is_named_not_skipped() {
    let dir = examples_with_notes("xg-record");
    let stream = crate::xg_writer::from_mat(
        &std::fs::read_to_string(crate::util::fixtures().join("planted/match7.mat"))
            .expect("fixture"),
    )
    .game_stream();
    // The third record of the stream: a cube or move record.
    std::fs::write(dir.join("record.bin"), &stream[2 * 2560..3 * 2560]).expect("record");
    let output = run(&["check", "--format", "jsonl", path(&dir)]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let rows = jsonl(&output);
    let record = rows
        .iter()
        .find(|r| {
            r["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("record.bin"))
        })
        .expect("the record is reported");
    assert_eq!(record["code"], "unreadable");
    assert!(
        record["message"]
            .as_str()
            .is_some_and(|m| m.contains("eXtreme Gammon game record")),
        "{record}"
    );
    assert!(stdout(&output).contains("\"type\":\"skipped\""));
    let _ = std::fs::remove_dir_all(&dir);
}
