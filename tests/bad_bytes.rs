//! Inputs with bytes that are no text, and names and files that are no
//! ordinary ones: a NUL byte or a block of binary bytes inside a transcript
//! (a finding at its line, the rest checked), UTF-16 without a byte-order
//! mark, special files named on the command line (refused at once), file
//! names that are not UTF-8 (kept apart, their bytes in JSON).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli::{bgaudit, jsonl, records, run, stderr, stdout, temp_file};

/// A one-point match with an illegal play at line 6 (`63` played `8/4 6/4`
/// would be `42`); the rest legal.
const TRANSCRIPT: &str = concat!(
    " 1 point match\n",
    "\n",
    " Game 1\n",
    " Alice : 0                      Bob : 0\n",
    "  1)                             31: 8/5 6/5\n",
    "  2) 63: 8/4 6/4                 42: 8/4 6/4\n",
    "  3) 61: 13/7 8/7                Wins 1 point and the match\n",
);

/// An empty folder of its own.
fn folder(name: &str) -> PathBuf {
    let dir = temp_file(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn check(path: &Path) -> std::process::Output {
    bgaudit()
        .args(["check", "--format", "jsonl"])
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// `(line, code)` of each finding.
fn found(output: &std::process::Output) -> Vec<(u64, String)> {
    jsonl(output)
        .iter()
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or(0),
                f["code"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_nul_byte_in_a_comment_is_a_finding_at_its_line_and_the_rest_is_checked() {
    let dir = folder("nul");
    let path = dir.join("nul.mat");
    let damaged = TRANSCRIPT.replace(" Game 1\n", " Game 1\n; noted \0 here\n");
    fs::write(&path, &damaged).expect("the file");
    let output = check(&path);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        found(&output),
        [
            (4, "binary-data".to_owned()),
            (7, "illegal-play".to_owned())
        ]
    );
    let rows = jsonl(&output);
    assert_eq!(rows[0]["column"], 9);
    assert_eq!(rows[0]["severity"], "warning");
    assert_eq!(rows[0]["match"], 1);
    assert_eq!(
        rows[0]["message"],
        "binary data inside the text: 1 NUL byte on this line; the record is damaged here \
         (the rest of the file is read)"
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_block_of_zero_bytes_is_one_finding_and_a_damaged_cell_is_unparsable() {
    let dir = folder("zeros");
    let path = dir.join("zeros.mat");
    // 4 KiB of zeros where the left cell of row 1 would be, then the rest.
    let damaged = TRANSCRIPT.replace("  1)    ", &format!("  1) {}", "\0".repeat(4096)));
    let mut padded = damaged.clone();
    // Enough text around the block that it is damage, not a binary file.
    for _ in 0..40 {
        padded.push_str(TRANSCRIPT);
    }
    fs::write(&path, &padded).expect("the file");
    let output = check(&path);
    let codes = found(&output);
    assert_eq!(codes[0], (5, "binary-data".to_owned()), "{codes:?}");
    assert_eq!(codes[1], (5, "unparsable-cell".to_owned()), "{codes:?}");
    assert!(
        jsonl(&output)[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("4096 NUL bytes on this line")),
        "{}",
        stdout(&output)
    );
    // Every match after the damage is still read.
    assert_eq!(records(&output, "match").len(), 41);
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_file_padded_with_zero_bytes_is_one_warning() {
    let dir = folder("padding");
    let clean = TRANSCRIPT.replace("63: 8/4 6/4", "63: 24/18 13/10");
    for (name, tail) in [
        // One long line of zeros, and lines of zeros.
        ("long.mat", "\0".repeat(5000)),
        ("lines.mat", format!("{}\n", "\0".repeat(80)).repeat(60)),
    ] {
        let path = dir.join(name);
        // Enough text before the zeros that they are damage.
        let mut padded = String::new();
        for _ in 0..60 {
            padded.push_str(&clean);
        }
        padded.push_str(&tail);
        fs::write(&path, &padded).expect("the file");
        let output = check(&path);
        let codes = found(&output);
        assert_eq!(codes, [(421, "binary-data".to_owned())], "{name}");
    }
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn binary_bytes_spread_through_a_file_keep_it_unreadable() {
    let dir = folder("spread");
    let path = dir.join("noise.mat");
    let mut noise = Vec::new();
    for line in TRANSCRIPT.lines() {
        noise.extend_from_slice(line.as_bytes());
        noise.extend_from_slice(b"\0\x01\n");
    }
    fs::write(&path, &noise).expect("the file");
    let output = check(&path);
    assert_eq!(output.status.code(), Some(2));
    let rows = jsonl(&output);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["code"], "unreadable");
    assert!(
        rows[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("binary data (a NUL byte at offset")),
        "{}",
        rows[0]["message"]
    );
    // An archive that stores a transcript as it is stays an archive.
    let zip = dir.join("stored.zip");
    let mut bytes = b"PK\x03\x04\x14\0\0\0\0\0".to_vec();
    bytes.extend_from_slice(&[0; 20]);
    bytes.extend_from_slice(TRANSCRIPT.repeat(20).as_bytes());
    fs::write(&zip, &bytes).expect("the archive");
    let output = check(&zip);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        jsonl(&output)[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("ZIP archive")),
        "{}",
        stdout(&output)
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn utf16_without_a_byte_order_mark_is_read_when_it_is_plainly_utf16() {
    let dir = folder("utf16");
    let utf8 = dir.join("utf8.mat");
    fs::write(&utf8, TRANSCRIPT).expect("the file");
    let expected = found(&check(&utf8));
    for (name, bytes) in [
        (
            "le.mat",
            TRANSCRIPT
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect::<Vec<u8>>(),
        ),
        (
            "be.mat",
            TRANSCRIPT
                .encode_utf16()
                .flat_map(u16::to_be_bytes)
                .collect(),
        ),
    ] {
        let path = dir.join(name);
        fs::write(&path, &bytes).expect("the file");
        let output = check(&path);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        let mut codes = found(&output);
        assert_eq!(codes.remove(0), (1, "encoding".to_owned()), "{name}");
        assert_eq!(codes, expected, "{name}");
        // Cut in the middle of a character: named, not decoded.
        let path = dir.join(format!("cut-{name}"));
        fs::write(&path, &bytes[..bytes.len() - 1]).expect("the file");
        let output = check(&path);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            jsonl(&output)[0]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("text that looks like UTF-16")),
            "{}",
            stdout(&output)
        );
    }
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_named_pipe_on_the_command_line_is_refused_at_once() {
    let dir = folder("fifo");
    let fifo = dir.join("pipe.mat");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped a_named_pipe_on_the_command_line_is_refused_at_once: no mkfifo");
        return;
    }
    let start = Instant::now();
    let mut child = bgaudit()
        .args(["check", "--format", "jsonl"])
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Nobody writes to the pipe: reading it would block for ever.
    while child.try_wait().expect("a status").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("bgaudit blocked on a named pipe");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(output.status.code(), Some(2));
    let rows = jsonl(&output);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["code"], "unreadable");
    assert!(
        rows[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("a named pipe (FIFO), not a regular file: not read")),
        "{}",
        rows[0]["message"]
    );
    // `show` and `explain` refuse it too.
    let fifo_arg = fifo.to_string_lossy().into_owned();
    for args in [
        &["show", fifo_arg.as_str()][..],
        &["explain", fifo_arg.as_str()],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("a named pipe (FIFO)"),
            "{}",
            stderr(&output)
        );
    }
    // A device too: `/dev/zero` would never end.
    let output = check(Path::new("/dev/zero"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        jsonl(&output)[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("a character device")),
        "{}",
        stdout(&output)
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn names_that_are_not_utf8_stay_apart_with_their_bytes_in_json() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = folder("names");
    for byte in [0xFE_u8, 0xFF] {
        let bytes = [b'a', byte, b'.', b'm', b'a', b't'];
        fs::write(dir.join(OsStr::from_bytes(&bytes)), TRANSCRIPT).expect("a file");
    }
    let output = check(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let rows = jsonl(&output);
    let named: Vec<(String, String)> = rows
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap_or_default().to_owned(),
                f["file_bytes"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let prefix = dir.to_string_lossy();
    assert_eq!(
        named,
        [
            (format!("{prefix}/a\\xfe.mat"), base64_of(&dir, 0xFE)),
            (format!("{prefix}/a\\xff.mat"), base64_of(&dir, 0xFF)),
        ]
    );
    let matches = records(&output, "match");
    assert_ne!(matches[0]["file"], matches[1]["file"]);
    assert_eq!(matches[0]["file_bytes"], named[0].1.as_str());
    // A UTF-8 name has no `file_bytes`.
    let plain = dir.join("plain.mat");
    fs::write(&plain, TRANSCRIPT).expect("a file");
    let output = check(&plain);
    assert!(jsonl(&output)[0].get("file_bytes").is_none());
    // In a table, the names differ as well.
    let table = bgaudit()
        .args(["check", "--format", "table"])
        .arg(&dir)
        .output()
        .expect("the binary runs");
    let text = stdout(&table);
    assert!(
        text.contains("a\\xfe.mat") && text.contains("a\\xff.mat"),
        "{text}"
    );
    fs::remove_dir_all(&dir).expect("cleaned up");
}

/// The base64 of `DIR/a<byte>.mat`, as JSON Lines gives it.
fn base64_of(dir: &Path, byte: u8) -> String {
    let mut bytes = dir.as_os_str().as_encoded_bytes().to_vec();
    bytes.extend_from_slice(&[b'/', b'a', byte, b'.', b'm', b'a', b't']);
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for group in bytes.chunks(3) {
        let mut b = [0u8; 3];
        b[..group.len()].copy_from_slice(group);
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
