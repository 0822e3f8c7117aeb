//! The lines of a transcript, to quote the line of a finding, and the
//! window of a long line shown around a cell.

use std::path::Path;

use super::MAX_LINE;
use crate::escape::{is_unsafe_for_terminal, terminal};

/// The lines of a transcript, to quote the line of a finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    lines: Vec<String>,
    /// The number of the first line held, less one (a part of a file).
    skipped: u32,
}

impl Source {
    /// The lines of a file's bytes, decoded as the readers decode them; `None`
    /// for bytes that are not text.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Source> {
        let decoded = crate::parse::text::decode(bytes).ok()?;
        Some(Source::from_text(&decoded.text))
    }

    /// The lines of a text. Lines end at LF, CRLF or a lone CR, as for the
    /// readers.
    #[must_use]
    pub fn from_text(text: &str) -> Source {
        Source::from_text_at(text, 1)
    }

    /// The lines of a part of a text whose first line is line `first` of
    /// the file (a match of a file read match by match).
    #[must_use]
    pub fn from_text_at(text: &str, first: u32) -> Source {
        let mut lines = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
            lines.push(rest[..end].to_owned());
            let after = &rest[end..];
            rest = after
                .strip_prefix("\r\n")
                .or_else(|| after.strip_prefix('\n'))
                .or_else(|| after.strip_prefix('\r'))
                .unwrap_or(after);
        }
        Source {
            lines,
            skipped: first.saturating_sub(1),
        }
    }

    /// Reads and decodes a file; `None` when it cannot be read or is not text.
    #[must_use]
    pub fn read(path: &Path) -> Option<Source> {
        std::fs::read(path)
            .ok()
            .and_then(|bytes| Source::from_bytes(&bytes))
    }

    /// Line `number` (from 1), without its terminator.
    #[must_use]
    pub fn line(&self, number: u32) -> Option<&str> {
        let index = usize::try_from(number.checked_sub(1)?.checked_sub(self.skipped)?).ok()?;
        self.lines.get(index).map(String::as_str)
    }
}

/// The line to show (tabs expanded; a window around the cell when longer
/// than `max` characters), the display column where the cell starts in it,
/// and the cell's width. Control and bidirectional characters of the line
/// are shown escaped ([`crate::escape::terminal`]), the start and width
/// counted in the escaped text so that the carets stay under the cell.
pub(super) fn excerpt(line: &str, column: u32, text: &str, max: usize) -> (String, usize, usize) {
    let mut expanded = String::with_capacity(line.len());
    let mut width = 0usize;
    for c in line.chars() {
        if c == '\t' {
            let stop = crate::location::TAB_STOP as usize;
            let next = (width / stop + 1) * stop;
            expanded.extend(std::iter::repeat_n(' ', next - width));
            width = next;
        } else {
            expanded.push(c);
            width += 1;
        }
    }
    let chars: Vec<char> = expanded.chars().collect();
    let start = usize::try_from(column.saturating_sub(1))
        .unwrap_or(0)
        .min(chars.len());
    let cell = text.lines().next().unwrap_or("").chars().count();
    let cell = cell.min(chars.len().saturating_sub(start)).max(1);
    if chars.len() <= max {
        return escaped(&chars, start, cell);
    }
    let cell = cell.min(max / 2);
    // Beside the cell: 30 characters on each side, less when the window is
    // narrower than a diagnostic's usual one.
    let margin = if max >= MAX_LINE {
        30
    } else {
        max.saturating_sub(cell + 6) / 2
    };
    let from = start.saturating_sub(margin);
    let to = (start + cell + margin).min(chars.len());
    let mut shown: Vec<char> = Vec::with_capacity(to - from + 6);
    let mut offset = start - from;
    if from > 0 {
        shown.extend("...".chars());
        offset += 3;
    }
    shown.extend(&chars[from..to]);
    if to < chars.len() {
        shown.extend("...".chars());
    }
    escaped(&shown, offset, cell)
}

/// `chars` as a string escaped for a terminal, with the start and width of
/// the cell at `start..start + cell` counted in it.
fn escaped(chars: &[char], start: usize, cell: usize) -> (String, usize, usize) {
    let text: String = chars.iter().collect();
    if !chars.iter().any(|&c| is_unsafe_for_terminal(c)) {
        return (text, start, cell);
    }
    let width =
        |part: &[char]| -> usize { terminal(&part.iter().collect::<String>()).chars().count() };
    let end = (start + cell).min(chars.len());
    let start_shown = width(&chars[..start.min(end)]);
    let cell_shown = width(&chars[start.min(end)..end]);
    (terminal(&text).into_owned(), start_shown, cell_shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_lines_end_at_lf_crlf_or_a_lone_cr() {
        let source = Source::from_text("a\r\nb\rc\n\nd");
        assert_eq!(source.line(1), Some("a"));
        assert_eq!(source.line(2), Some("b"));
        assert_eq!(source.line(3), Some("c"));
        assert_eq!(source.line(4), Some(""));
        assert_eq!(source.line(5), Some("d"));
        assert_eq!(source.line(0), None);
        assert_eq!(source.line(6), None);
        assert!(Source::from_bytes(b"\0\0\0binary").is_none());
    }

    #[test]
    fn a_long_line_is_cut_to_a_window_around_the_cell() {
        let (shown, start, width) = excerpt("\t52: 8/4", 9, "52: 8/4", MAX_LINE);
        assert_eq!((shown.as_str(), start, width), ("        52: 8/4", 8, 7));
        let line = format!("{}W[31hdfe]{}", "x".repeat(200), "y".repeat(200));
        let (shown, start, width) = excerpt(&line, 201, "W[31hdfe]", MAX_LINE);
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(&shown[start..start + width], "W[31hdfe]");
        assert!(shown.len() < MAX_LINE);
    }

    #[test]
    fn controls_in_the_line_are_escaped_and_the_carets_follow() {
        let line = "  2) \u{1b}[2J\u{202e}boom     51: 25/20";
        let (shown, start, width) = excerpt(line, 6, "\u{1b}[2J\u{202e}boom", MAX_LINE);
        assert_eq!(shown, "  2) \\x1b[2J\\u{202e}boom     51: 25/20");
        let cell: String = shown.chars().skip(start).take(width).collect();
        assert_eq!(cell, "\\x1b[2J\\u{202e}boom");
        let (shown, start, _) = excerpt(line, 20, "51: 25/20", MAX_LINE);
        assert_eq!(
            shown.chars().skip(start).take(9).collect::<String>(),
            "51: 25/20"
        );
        // A narrow window around the cell.
        let long = format!("{}52: 8/4{}", "x".repeat(80), "y".repeat(80));
        let (shown, start, width) = excerpt(&long, 81, "52: 8/4", 40);
        assert!(shown.chars().count() <= 40, "{shown}");
        assert_eq!(&shown[start..start + width], "52: 8/4");
    }
}
