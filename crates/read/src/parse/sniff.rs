//! Recognises eXtreme Gammon's binary files ([`is_xg`]) and names the
//! formats that are not transcripts bgaudit reads, so that an `unreadable`
//! finding says what the file is and what to do with it ("a ZIP archive:
//! unpack it"), not only that it is not a transcript.
//!
//! Only signatures that cannot be mistaken are used: a magic number at the
//! start of binary data, or a line that only one program writes. Anything
//! else stays unnamed.

/// An eXtreme Gammon file (`.xg` match or `.xgp` position): the RGMH
/// container's magic number, whatever the file's name.
#[must_use]
pub fn is_xg(bytes: &[u8]) -> bool {
    bytes.starts_with(crate::parse::xg::container::MAGIC)
}

/// One record of an eXtreme Gammon game stream on its own (2,560 bytes cut
/// out of a decompressed file): the type byte of a header, cube, move or
/// footer record, and the fields that say so (the match header's `DMLI`
/// mark; a player of 1 or -1 and dice 1 to 6 in a move record; a player of
/// 1 or -1 in a cube record).
#[must_use]
pub fn is_xg_record(bytes: &[u8]) -> bool {
    use crate::parse::xg::records::{MATCH_MAGIC, RECORD_SIZE};
    let int = |at: usize| -> Option<i32> {
        let b = bytes.get(at..at + 4)?;
        Some(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let player = |at: usize| int(at).is_some_and(|p| p == 1 || p == -1);
    let die = |at: usize| int(at).is_some_and(|d| (1..=6).contains(&d));
    if bytes.len() != RECORD_SIZE {
        return false;
    }
    match bytes[8] {
        0 => int(556) == Some(MATCH_MAGIC),
        2 => player(12),
        3 => player(64) && die(100) && die(104),
        _ => false,
    }
}

/// What a binary file is, from its first bytes, with what to do.
#[must_use]
pub fn binary(bytes: &[u8]) -> Option<&'static str> {
    if is_xg_record(bytes) {
        return Some(
            "a single eXtreme Gammon game record (2,560 bytes) without its file: \
             not a match; check the .xg file it comes from",
        );
    }
    const SIGNATURES: &[(&[u8], &str)] = &[
        (
            b"RGMH",
            "an eXtreme Gammon file (.xg, .xgp), which is binary: it has no text lines",
        ),
        (
            b"PK\x03\x04",
            "a ZIP archive: unpack it and check the files inside",
        ),
        (
            b"\x1f\x8b",
            "a gzip-compressed file: decompress it and check the result",
        ),
        (
            b"%PDF",
            "a PDF document: a transcript must be the match file itself (.mat or .sgf)",
        ),
    ];
    SIGNATURES
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|&(_, what)| what)
}

/// What a text without any match line is, from its first lines, with what
/// to do.
#[must_use]
pub fn text(text: &str) -> Option<&'static str> {
    // The signatures all sit near the start: look no further than that.
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = text.get(..end).unwrap_or_default();
    let first = head
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or_default();
    if text.trim().is_empty() {
        Some("an empty file: nothing to check")
    } else if first.starts_with("The score (after ")
        || head.contains("GNU Backgammon  Position ID:")
    {
        Some(
            "a GNU Backgammon text export (`export match text`, with boards and analysis): \
             export the match as .mat (`export match mat`) or SGF (`save match`) to check it",
        )
    } else if first.starts_with("JavaFIBS internal match representation") {
        Some("a JavaFIBS match file, which bgaudit does not read")
    } else if first.starts_with("Score is ") && first.contains(" point match") {
        Some(
            "a FIBS `oldmoves` log, which bgaudit does not read: import it into \
             GNU Backgammon (`import oldmoves`) and export the match as .mat",
        )
    } else if head.contains("fibs.com") || head.contains("First Internet Backgammon Server") {
        Some("a FIBS server session log, not a match record")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_files_are_named_by_their_magic_number() {
        assert!(binary(b"RGMH\x01\x00\x00\x00").is_some_and(|w| w.contains("eXtreme Gammon")));
        assert!(is_xg(b"RGMH\x01\x00\x00\x00"));
        assert!(!is_xg(b"RGM"));
        assert!(binary(b"PK\x03\x04rest").is_some_and(|w| w.contains("ZIP")));
        assert!(binary(b"\x1f\x8b\x08").is_some_and(|w| w.contains("gzip")));
        assert_eq!(binary(b"\x00\x01\x02"), None);
        assert_eq!(binary(b""), None);
    }

    #[test]
    fn texts_of_other_programs_are_named_by_a_line_only_they_write() {
        let gnubg = "The score (after 0 games) is: a 0, b 0 (match to 5 points)\n\n\
                     Move number 1:  a to play 51\n";
        assert!(text(gnubg).is_some_and(|w| w.contains("GNU Backgammon text export")));
        let board = "\n GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n";
        assert!(text(board).is_some_and(|w| w.contains("export match mat")));
        let javafibs = "JavaFIBS internal match representation v1.1\n8:JoeBlack:7\n";
        assert!(text(javafibs).is_some_and(|w| w.contains("JavaFIBS")));
        let oldmoves = "Score is 0-0 in a 5 point match.\nfoo is X - bar is O\n";
        assert!(text(oldmoves).is_some_and(|w| w.contains("oldmoves")));
        let session = "WELCOME TO\n  pattib@fibs.com (Patti Beadles)\n";
        assert!(text(session).is_some_and(|w| w.contains("session log")));
    }

    #[test]
    fn an_empty_text_is_named_empty() {
        assert_eq!(text(""), Some("an empty file: nothing to check"));
        assert_eq!(text(" \n\r\n\t"), Some("an empty file: nothing to check"));
    }

    #[test]
    fn anything_else_stays_unnamed() {
        assert_eq!(text("id\tseed\tlength\n"), None);
        assert_eq!(text("Game 1\n a : 0   b : 0\n"), None);
        // A multi-byte character across the 4 KiB cut.
        let long = format!("{}é{}", "x".repeat(4095), "y".repeat(10));
        assert_eq!(text(&long), None);
    }
}
