//! Outputs that fail: standard error full or closed, standard output closed
//! early or full, a summary that cannot be written, too many threads. Each
//! run ends with its exit status and one line at most, never a panic, and
//! never leaves a partial `--summary` file behind.

use std::fs::{self, File};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::cli::{bgaudit, run, stderr, temp_file};

const CLEAN: &str = "fixtures/cli/clean";
const FINDINGS: &str = "fixtures/mat/broken.mat";

/// An empty folder of its own.
fn folder(name: &str) -> PathBuf {
    let dir = temp_file(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The names in `dir`.
fn contents(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// A folder of `files` files, each holding `copies` clean one-point matches:
/// enough output to fill a pipe many times over.
fn archives(dir: &Path, files: usize, copies: usize) -> PathBuf {
    let one = fs::read_to_string("fixtures/cli/clean/one-point.mat").expect("the fixture");
    let inputs = dir.join("inputs");
    fs::create_dir_all(&inputs).expect("the inputs folder");
    for i in 0..files {
        fs::write(inputs.join(format!("{i:03}.mat")), one.repeat(copies)).expect("an archive");
    }
    inputs
}

#[test]
fn a_full_standard_error_changes_nothing_but_the_messages() {
    for (path, code) in [(CLEAN, 0), (FINDINGS, 1)] {
        let output = bgaudit()
            .args(["check", "--format", "jsonl", "--fail-on", "error", path])
            .stdin(Stdio::null())
            .stderr(File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(code), "{path}");
    }
    // A usage error cannot be said either, and still exits 2.
    let output = bgaudit()
        .args(["check", "--jobs", "0", CLEAN])
        .stderr(File::create("/dev/full").expect("/dev/full"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_closed_standard_error_changes_nothing_but_the_messages() {
    for (args, code) in [
        (&["check", "--format", "jsonl", CLEAN][..], 0),
        (&["check", "--format", "jsonl", FINDINGS], 1),
        (&["check", "no/such/path"], 2),
        (&["players", "--format", "csv", CLEAN], 0),
    ] {
        let mut child = bgaudit()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // The reading end closes at once: every write to standard error
        // fails.
        drop(child.stderr.take());
        let status = child.wait().expect("the binary ends");
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn a_closed_standard_output_stops_the_run_and_leaves_no_summary() {
    let dir = folder("closed-stdout");
    let inputs = archives(&dir, 40, 500);
    let summary = dir.join("summary.csv");
    let mut child = bgaudit()
        .args(["check", "--format", "jsonl", "--jobs", "2", "--summary"])
        .arg(&summary)
        .arg(&inputs)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut first = String::new();
    out.read_line(&mut first).expect("a first line");
    assert!(first.starts_with("{\"type\":\"match\""), "{first}");
    // `head -1`: the reader has had enough.
    drop(out);
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("bgaudit: standard output was closed before the end of the run")
            && err.contains("summary.csv was not written"),
        "{err}"
    );
    assert_eq!(contents(&dir), ["inputs"], "no summary, no temporary file");
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_full_disk_names_the_output_and_leaves_no_summary() {
    let dir = folder("full-disk");
    let summary = dir.join("summary.csv");
    // Standard output on a full device.
    let output = bgaudit()
        .args(["check", "--format", "jsonl", "--summary"])
        .arg(&summary)
        .arg(FINDINGS)
        .stdin(Stdio::null())
        .stdout(File::create("/dev/full").expect("/dev/full"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("bgaudit: failed to write to standard output: no space left on the device")
            && err.contains("summary.csv was not written"),
        "{err}"
    );
    assert!(contents(&dir).is_empty(), "{:?}", contents(&dir));
    // The summary itself on a full device: named.
    let output = bgaudit()
        .args([
            "check",
            "--format",
            "jsonl",
            "--summary",
            "/dev/full",
            CLEAN,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.starts_with("bgaudit: failed to write to /dev/full: no space left on the device"),
        "{err}"
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_summary_in_a_read_only_folder_is_refused_before_any_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("read-only");
    let locked = dir.join("locked");
    fs::create_dir_all(&locked).expect("a folder");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).expect("read-only");
    // The superuser writes into read-only folders: then a folder no one
    // may create files in stands in for it.
    let probe = locked.join("probe");
    let target = if File::create(&probe).is_ok() {
        let _ = fs::remove_file(&probe);
        PathBuf::from("/sys")
    } else {
        locked.clone()
    };
    let summary = target.join("bgaudit-summary.csv");
    let output = bgaudit()
        .args(["check", "--format", "jsonl", "--summary"])
        .arg(&summary)
        .arg(CLEAN)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "no work was done");
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "bgaudit: failed to create the summary {}: ",
            summary.display()
        )),
        "{err}"
    );
    assert!(!summary.exists());
    assert!(contents(&locked).is_empty());
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).expect("writable");
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_summary_replaces_the_old_one_only_when_complete() {
    let dir = folder("replace");
    let summary = dir.join("summary.csv");
    fs::write(&summary, "an older summary\n").expect("an old summary");
    // The run fails on standard output: the old summary stays as it was.
    let output = bgaudit()
        .args(["check", "--format", "jsonl", "--summary"])
        .arg(&summary)
        .arg(FINDINGS)
        .stdin(Stdio::null())
        .stdout(File::create("/dev/full").expect("/dev/full"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        fs::read_to_string(&summary).expect("the old summary"),
        "an older summary\n"
    );
    // It completes: the new summary is in place, nothing else is left.
    let output = bgaudit()
        .args(["check", "--format", "jsonl", "--summary"])
        .arg(&summary)
        .arg(FINDINGS)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
    let text = fs::read_to_string(&summary).expect("the summary");
    assert!(text.starts_with("file,match,"), "{text}");
    assert_eq!(contents(&dir), ["summary.csv"]);
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_huge_number_of_jobs_is_refused_at_once() {
    let dir = folder("jobs");
    let summary = dir.join("summary.csv");
    let start = Instant::now();
    let output = bgaudit()
        .args(["check", "--jobs", "100000", "--summary"])
        .arg(&summary)
        .arg(CLEAN)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("from 1 to 256"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(contents(&dir).is_empty());
    // The most allowed starts no more threads than the files need.
    let start = Instant::now();
    let output = run(&["check", "--format", "jsonl", "--jobs", "256", CLEAN]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(start.elapsed() < Duration::from_secs(5));
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn an_output_file_appears_only_when_the_run_completes() {
    let dir = folder("output-file");
    let findings = dir.join("findings.jsonl");
    // The summary fails: neither file is left.
    let output = bgaudit()
        .args([
            "check",
            "--format",
            "jsonl",
            "--summary",
            "/dev/full",
            "--output",
        ])
        .arg(&findings)
        .arg(FINDINGS)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(contents(&dir).is_empty(), "{:?}", contents(&dir));
    assert!(
        stderr(&output).contains("and the output")
            && stderr(&output).contains("findings.jsonl were not written"),
        "{}",
        stderr(&output)
    );
    let output = bgaudit()
        .args(["check", "--format", "jsonl", "--output"])
        .arg(&findings)
        .arg(FINDINGS)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(contents(&dir), ["findings.jsonl"]);
    let text = fs::read_to_string(&findings).expect("the findings");
    assert!(text.starts_with("{\"type\":\"finding\""), "{text}");
    fs::remove_dir_all(&dir).expect("cleaned up");
}
