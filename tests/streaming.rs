//! One-file archives: a `.mat` text read and replayed match by match gives
//! the same findings as the text read whole, located in the whole file; a
//! large file is streamed (the same bytes on standard output as the same
//! text read at once from standard input, with any number of threads);
//! hit marks are judged per match, so matches from programs that mark hits
//! and programs that do not can share a file; `show` and `explain --match`
//! read a large file only up to the match.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use bgaudit::catalogue::Code;
use bgaudit::replay::{FileReport, Options, check_bytes, check_parts};

use crate::cli::{bgaudit, run_with_stdin, stderr, stdout, temp_file};

fn fixture(name: &str) -> Vec<u8> {
    fs::read(crate::util::fixtures().join(name)).expect("a fixture")
}

fn hit_marks(report: &FileReport) -> usize {
    report
        .findings
        .iter()
        .filter(|f| f.code == Code::HitMark)
        .count()
}

/// A match that marks its hits, with one `*` left out (a hit-mark note of
/// its own), and a match of a program that marks none.
fn marked_and_unmarked() -> (Vec<u8>, Vec<u8>) {
    let marked = String::from_utf8(fixture("examples/friendly-3pt.mat")).expect("UTF-8");
    let missing = marked.replacen("13/9 9/4*", "13/9 9/4", 1);
    assert_ne!(missing, marked);
    (missing.into_bytes(), fixture("mat/gnubg.mat"))
}

#[test]
fn hit_marks_are_judged_match_by_match() {
    let options = Options::default();
    let (marked, unmarked) = marked_and_unmarked();
    let alone = hit_marks(&check_bytes("a.mat", &marked, &options));
    assert_eq!(alone, 1, "the `*` left out");
    assert_eq!(hit_marks(&check_bytes("b.mat", &unmarked, &options)), 0);
    // Together, in either order: each match as it is alone; the hits of the
    // program that writes no `*` are no missing marks.
    for both in [
        [marked.clone(), b"\n".to_vec(), unmarked.clone()].concat(),
        [unmarked.clone(), b"\n".to_vec(), marked.clone()].concat(),
    ] {
        let report = check_bytes("both.mat", &both, &options);
        assert_eq!(report.matches.len(), 2);
        assert_eq!(hit_marks(&report), 1);
    }
}

#[test]
fn a_file_of_many_matches_gives_one_part_per_match_located_in_the_file() {
    let options = Options::default();
    let one = fixture("examples/club-final-7pt.mat");
    let alone = check_bytes("one.mat", &one, &options);
    let lines = u32::try_from(one.iter().filter(|&&b| b == b'\n').count()).expect("lines");
    let three = [one.clone(), one.clone(), one.clone()].concat();
    let parts = check_parts("three.mat", &three, &options);
    assert_eq!(parts.len(), 3);
    for (i, part) in parts.iter().enumerate() {
        let i_u32 = u32::try_from(i).expect("small");
        assert_eq!(part.matches.len(), 1);
        assert_eq!(part.matches[0].number, i_u32 + 1);
        assert_eq!(part.findings.len(), alone.findings.len());
        for (found, expected) in part.findings.iter().zip(&alone.findings) {
            assert_eq!(found.code, expected.code);
            assert_eq!(found.match_number, i_u32 + 1);
            assert_eq!(found.location.line, expected.location.line + i_u32 * lines);
            assert_eq!(found.location.byte, expected.location.byte + i * one.len());
            assert_eq!(found.message, expected.message);
        }
    }
}

/// A folder with one `.mat` archive of at least 8 MiB (read match by match)
/// made of the fixtures: matches with findings, hit marks, a match line in
/// a remark box; `windows_1252` puts a Windows-1252 match first.
fn archive(name: &str, windows_1252: bool) -> (PathBuf, PathBuf) {
    let dir = temp_file(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a folder");
    let (marked, unmarked) = marked_and_unmarked();
    let mut one = Vec::new();
    for part in [
        marked,
        unmarked,
        fixture("examples/club-final-7pt.mat"),
        fixture("mat/broken.mat"),
        fixture("mat/sessions.mat"),
        fixture("mat/foxamon.mat"),
        fixture("mat/tabs.mat"),
    ] {
        one.extend_from_slice(&part);
        one.extend_from_slice(b"\r\n; between the matches\n\n");
    }
    let mut text = if windows_1252 {
        fixture("mat/cp1252.mat")
    } else {
        Vec::new()
    };
    while text.len() < 8 << 20 {
        text.extend_from_slice(&one);
        if windows_1252 && text.len() > 4 << 20 && !text.contains(&0) {
            // A damaged line: a binary-data finding in its match.
            text.extend_from_slice(b"; damaged \0\0\0 here\n");
        }
    }
    // Blank lines at the end of the file are skipped.
    text.extend_from_slice(&b"\n".repeat(100_000));
    let path = dir.join("archive.mat");
    fs::write(&path, &text).expect("the archive");
    (dir, path)
}

fn check_file(args: &[&str], path: &Path) -> Output {
    bgaudit()
        .args(args)
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_large_archive_is_read_match_by_match_with_the_same_output() {
    for windows_1252 in [false, true] {
        let (dir, path) = archive(&format!("archive-{windows_1252}"), windows_1252);
        let bytes = fs::read(&path).expect("the archive");
        let name = path.to_string_lossy().into_owned();
        let whole = run_with_stdin(&["check", "--format", "jsonl", "-"], &bytes);
        let expected = stdout(&whole).replace("\"file\":\"-\"", &format!("\"file\":\"{name}\""));
        assert!(expected.contains("\"code\":\"hit-mark\""));
        assert!(expected.contains("\"code\":\"illegal-play\""));
        assert_eq!(
            expected.contains("\"code\":\"encoding\""),
            windows_1252,
            "the encoding note"
        );
        assert_eq!(
            expected.contains("\"code\":\"binary-data\""),
            windows_1252,
            "the damaged line"
        );
        for jobs in ["1", "2", "3"] {
            let streamed = check_file(&["check", "--format", "jsonl", "--jobs", jobs], &path);
            assert_eq!(streamed.status.code(), whole.status.code());
            assert!(stdout(&streamed) == expected, "--jobs {jobs}");
            assert_eq!(
                stderr(&streamed),
                stderr(&whole).replace("\n-: ", &format!("\n{name}: "))
            );
        }
        // The per-match summary too.
        let summary = dir.join("summary.csv");
        let streamed = bgaudit()
            .args(["check", "--format", "csv", "--summary"])
            .arg(&summary)
            .arg(&path)
            .output()
            .expect("the binary runs");
        let streamed_summary = fs::read_to_string(&summary).expect("a summary");
        let whole_summary = dir.join("whole.csv");
        let mut child = bgaudit()
            .args(["check", "--format", "csv", "--summary"])
            .arg(&whole_summary)
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        {
            use std::io::Write;
            let mut input = child.stdin.take().expect("stdin is piped");
            input.write_all(&bytes).expect("the archive goes in");
        }
        let whole_csv = child.wait_with_output().expect("the binary ends");
        assert!(stdout(&streamed) == stdout(&whole_csv).replace("\n-,", &format!("\n{name},")));
        assert!(
            streamed_summary
                == fs::read_to_string(&whole_summary)
                    .expect("a summary")
                    .replace("\n-,", &format!("\n{name},"))
        );
        fs::remove_dir_all(&dir).expect("cleaned up");
    }
}

#[test]
fn show_and_explain_read_a_large_file_up_to_the_match() {
    let (dir, path) = archive("show", false);
    let bytes = fs::read(&path).expect("the archive");
    let name = path.to_string_lossy().into_owned();
    for args in [
        &["show", "--match", "9", "--game", "1", "--move", "3"][..],
        &["explain", "--match", "11", "--game", "2"],
        &["explain", "--match", "10"],
    ] {
        assert_read_as_whole(args, &path, &bytes, &name);
    }
    // No such match: said as for the whole file.
    let output = check_file(&["show", "--match", "99999"], &path);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no match 99999"),
        "{}",
        stderr(&output)
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

/// `args` on the file at `path` (`bytes`, shown as `name`) say what they
/// say of the same bytes read whole from standard input.
fn assert_read_as_whole(args: &[&str], path: &Path, bytes: &[u8], name: &str) {
    let streamed = check_file(args, path);
    let mut whole_args = args.to_vec();
    whole_args.push("-");
    let whole = run_with_stdin(&whole_args, bytes);
    assert_eq!(
        streamed.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&streamed)
    );
    let expected = stdout(&whole)
        .replace("(-:", &format!("({name}:"))
        .replace("--> -:", &format!("--> {name}:"))
        .replace("\n-: ", &format!("\n{name}: "));
    assert_eq!(stdout(&streamed), expected, "{args:?}");
}

#[test]
fn explain_reads_a_match_of_a_large_file_as_the_file_decodes_it() {
    // Windows-1252 from its first match, and a damaged line further on: a
    // match that is not plain ASCII is read as the whole file decides.
    let (dir, path) = archive("explain-1252", true);
    let bytes = fs::read(&path).expect("the archive");
    let name = path.to_string_lossy().into_owned();
    let findings = stdout(&check_file(&["check", "--format", "jsonl"], &path));
    let damaged = findings
        .lines()
        .find(|line| line.contains("\"code\":\"binary-data\""))
        .and_then(|line| line.split("\"match\":").nth(1))
        .and_then(|rest| rest.split(',').next())
        .expect("a binary-data finding in a match")
        .to_owned();
    assert_ne!(damaged, "1");
    let next = (damaged.parse::<u32>().expect("a number") + 1).to_string();
    for number in ["1", "2", &damaged, &next] {
        assert_read_as_whole(&["explain", "--match", number], &path, &bytes, &name);
    }
    fs::remove_dir_all(&dir).expect("cleaned up");
}
