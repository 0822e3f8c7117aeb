//! Whether a file met in a folder is a match record at all.
//!
//! A folder of transcripts often holds other things: a README, a manifest, a
//! picture, an archive. When such a file does not read as a transcript, the
//! walk skips it and counts it (like ripgrep skipping binary files) instead
//! of calling it unreadable, so that the exit status tells real trouble from
//! notes beside the records. Only files that show no sign of being a match
//! record are skipped; a damaged transcript, or a record of a format
//! bgaudit does not read, stays unreadable:
//!
//! - an eXtreme Gammon position file (`.xgp`) holds one position, no
//!   match: it is skipped whatever its name;
//! - a known extension (`.mat`, `.sgf`, `.xg`, `.xgp`) is a record, whatever
//!   else is in it;
//! - binary data is a record when it is an eXtreme Gammon file (`RGMH`) or
//!   one 2,560-byte record of one;
//! - text is a record when a line is a match header (`7 point match`,
//!   `Money session`) or a game header (`Game 3`), when it is SGF (`(;`), or
//!   when it is another program's match record that the readers name (a GNU
//!   Backgammon text export, a JavaFIBS or FIBS `oldmoves` file).

use std::path::Path;

use crate::parse::{identify, text};

/// The extensions of match records (compared case-insensitively).
pub const RECORD_EXTENSIONS: [&str; 4] = ["mat", "sgf", "xg", "xgp"];

/// Why `bytes`, found at `path` in a folder and not read as a transcript,
/// is no match record; `None` when it may be one (then it is unreadable).
#[must_use]
pub fn not_a_record(path: &Path, bytes: &[u8]) -> Option<String> {
    // A position, not a match: skipped like other files beside the
    // records (named on the command line it is refused, with the advice to
    // use `legal`).
    if identify::is_xg(bytes) && crate::parse::xg::position_file(bytes).is_ok() {
        return Some("an eXtreme Gammon position file (.xgp)".to_owned());
    }
    let known = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        RECORD_EXTENSIONS
            .iter()
            .any(|known| known.eq_ignore_ascii_case(e))
    });
    if known {
        return None;
    }
    match text::decode(bytes) {
        Err(_) => binary(bytes).map(str::to_owned),
        Ok(decoded) => {
            let text: &str = decoded.text.as_ref();
            if text.trim().is_empty() {
                Some("an empty file".to_owned())
            } else if looks_like_a_record(text) {
                None
            } else {
                Some("text without a match or game header".to_owned())
            }
        }
    }
}

/// What binary data is, unless it is a match record: by its signature
/// ([`identify::signature`]).
fn binary(bytes: &[u8]) -> Option<&'static str> {
    match identify::signature(bytes) {
        // An eXtreme Gammon file, or one record cut out of one: the reader
        // says what it is.
        Some(binary) if binary.is_record() => None,
        found => Some(
            found
                .and_then(identify::Binary::name)
                .unwrap_or("binary data"),
        ),
    }
}

/// A match or game header line, SGF, or another program's match record.
fn looks_like_a_record(text: &str) -> bool {
    // The reader names other programs' records; a server session log it
    // names too, as no match record.
    let named = identify::other_text(text).is_some_and(|what| !what.contains("not a match record"));
    if named || text.trim_start().starts_with("(;") {
        return true;
    }
    text.lines().map(str::trim).any(|line| {
        let digits = line.trim_start_matches(|c: char| c.is_ascii_digit());
        let header = digits.len() < line.len()
            && digits
                .trim_start()
                .to_ascii_lowercase()
                .starts_with("point match");
        let game = line
            .strip_prefix("Game")
            .map(str::trim)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        header || game || line.starts_with("Money session")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(name: &str, bytes: &[u8]) -> Option<String> {
        not_a_record(Path::new(name), bytes)
    }

    #[test]
    fn notes_pictures_and_data_beside_records_are_no_records() {
        assert_eq!(
            skip("README.md", b"# Matches\n\nThe club's 7 point matches.\n").as_deref(),
            Some("text without a match or game header")
        );
        assert!(skip("MANIFEST.tsv", b"id\tlength\tseed\ngs-1\t7\t1\n").is_some());
        assert_eq!(
            skip("photo.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").as_deref(),
            Some("a picture (PNG)")
        );
        assert_eq!(
            skip("x.bin", b"\x01\x00\x02").as_deref(),
            Some("binary data")
        );
        assert_eq!(skip("empty", b"  \n").as_deref(), Some("an empty file"));
        assert_eq!(
            skip("a.zip", b"PK\x03\x04rest").as_deref(),
            Some("a ZIP archive")
        );
        assert_eq!(
            skip("a.gif", b"GIF89a\x01\x00\x01\x00\x00").as_deref(),
            Some("a picture (GIF)")
        );
        let mut tar = vec![0u8; 600];
        tar[257..262].copy_from_slice(b"ustar");
        assert_eq!(skip("a.tar", &tar).as_deref(), Some("binary data"));
    }

    #[test]
    fn records_stay_records_even_when_they_cannot_be_read() {
        // Known extensions, whatever is in them.
        for name in ["a.mat", "b.SGF", "c.xg", "d.xgp"] {
            assert_eq!(skip(name, b"nothing useful"), None, "{name}");
        }
        // Headers of a damaged transcript.
        assert_eq!(skip("a.txt", b"\n 7 point match\n\n Game 1\n"), None);
        assert_eq!(skip("a.txt", b"5point match\n"), None);
        assert_eq!(skip("a.txt", b" Game 2\n a : 0  b : 0\n"), None);
        assert_eq!(skip("a.txt", b"Money session\n"), None);
        assert_eq!(skip("a", b"(;FF[4]GM[6]"), None);
        // Records of other programs, and eXtreme Gammon's binary files.
        assert_eq!(
            skip("a.txt", b"JavaFIBS internal match representation v1.1\n"),
            None
        );
        assert_eq!(skip("a.dat", b"RGMH\x01\x00\x00\x00"), None);
        // A server session log is no record; prose about matches has no
        // header.
        assert!(skip("session.txt", b"WELCOME TO\n  pattib@fibs.com\n").is_some());
        assert!(skip("notes.txt", b"We played a 7 point match.\nGame on!\n").is_some());
    }
}
