//! Lines and columns: LF, CRLF and lone CR endings; tabs expanded to
//! 8-column stops before any column is measured.

use crate::parse::Location;
use crate::swar;

/// One line of the text, without its terminator.
#[derive(Copy, Clone, Debug)]
pub(super) struct Line<'a> {
    /// The content, without the line terminator.
    pub text: &'a str,
    /// Byte offset of the content in the whole text.
    pub start: usize,
    /// Byte offset of the next line.
    pub next: usize,
    /// Line number, from 1.
    pub number: u32,
    /// Bytes 0x20 to 0x7F only (printable ASCII, the space and DEL): a
    /// byte offset is a column, and the only white space is the space.
    plain: bool,
}

/// `str::trim_start`, with the ASCII blanks that open almost every text
/// skipped without decoding characters: the general trim only from a byte
/// that may be white space to it and not to the ASCII trim (a non-ASCII
/// byte, or a vertical tab).
pub(crate) fn trim_start(text: &str) -> &str {
    let rest = text.trim_ascii_start();
    match rest.as_bytes().first() {
        Some(&b) if !b.is_ascii() || b == b'\x0B' => rest.trim_start(),
        _ => rest,
    }
}

impl<'a> Line<'a> {
    /// The 0-based display column of byte `offset` of the line, tabs
    /// expanded and each character one column wide.
    #[inline]
    pub fn column(&self, offset: usize) -> u32 {
        if self.plain {
            return u32::try_from(offset).unwrap_or(u32::MAX);
        }
        crate::location::display_width(self.text.get(..offset).unwrap_or(self.text))
    }

    /// The location of byte `offset` of the line.
    #[inline]
    pub fn location(&self, offset: usize) -> Location {
        Location {
            byte: self.start + offset,
            line: self.number,
            column: self.column(offset).saturating_add(1),
        }
    }

    /// The location of the first non-blank character (or the line end).
    pub fn first_location(&self) -> Location {
        self.location(self.indent())
    }

    /// The location just after the last non-blank character.
    pub fn end_location(&self) -> Location {
        self.location(self.trim_end(self.text).len())
    }

    /// Byte offset of the first non-blank character (the length if none).
    pub fn indent(&self) -> usize {
        self.text.len() - self.trim_start().len()
    }

    /// True when the line holds only blanks.
    pub fn is_blank(&self) -> bool {
        self.trim_start().is_empty()
    }

    /// The line without its leading blanks (ASCII only on a plain line,
    /// which is faster).
    pub fn trim_start(&self) -> &'a str {
        if self.plain {
            self.text.trim_ascii_start()
        } else {
            self.text.trim_start()
        }
    }

    /// `part` of the line without its trailing white space.
    pub fn trim_end<'s>(&self, part: &'s str) -> &'s str {
        if self.plain {
            part.trim_ascii_end()
        } else {
            part.trim_end()
        }
    }

    /// A cell of the line (ending just after a character that is no space
    /// or tab) without its trailing white space: itself on a plain line,
    /// whose only white space is the space.
    #[inline]
    pub fn trim_cell<'s>(&self, cell: &'s str) -> &'s str {
        if self.plain { cell } else { cell.trim_end() }
    }

    /// The line without leading and trailing white space.
    pub fn trimmed(&self) -> &'a str {
        self.trim_end(self.trim_start())
    }
}

/// The high bit of each byte of `word` that is a control character (below
/// 0x20: line ends, tab) or above 0x7F; exact per byte.
const fn odd_bytes(word: u64) -> u64 {
    swar::below(word, 0x20) | (word & swar::HIGH)
}

/// The lines of a text from a byte offset on.
#[derive(Clone, Debug)]
pub(super) struct Lines<'a> {
    /// The text from the next line's start.
    rest: &'a str,
    /// Byte offset of `rest` in the whole text.
    pos: usize,
    number: u32,
}

impl<'a> Lines<'a> {
    /// Lines of `text` from byte `pos` (a line start), numbered from `number`.
    pub fn new(text: &'a str, pos: usize, number: u32) -> Self {
        Lines {
            rest: text.get(pos..).unwrap_or_default(),
            pos,
            number,
        }
    }
}

impl<'a> Lines<'a> {
    /// The rest of the text from the next line's start.
    pub fn rest(&self) -> &'a [u8] {
        self.rest.as_bytes()
    }

    /// The next line, known to be plain and `len` bytes long (its end a
    /// line end or the text's end: see [`Lines::rest`]).
    pub fn next_plain(&mut self, len: usize) -> Line<'a> {
        self.advance(len, true)
    }

    /// The line of `len` bytes from here (a line end or the text's end
    /// after it), and the position moved past its terminator.
    #[inline]
    fn advance(&mut self, len: usize, plain: bool) -> Line<'a> {
        let rest = self.rest;
        // A line end is ASCII: the cut before it is a char boundary, and
        // the terminator is stripped as the string it is.
        let (text, after) = match rest.as_bytes().get(len) {
            Some(b'\n' | b'\r') => rest.split_at_checked(len).unwrap_or((rest, "")),
            _ => (rest, ""),
        };
        let after = after
            .strip_prefix("\r\n")
            .or_else(|| after.strip_prefix('\n'))
            .or_else(|| after.strip_prefix('\r'))
            .unwrap_or(after);
        let next = self.pos + (rest.len() - after.len());
        let line = Line {
            text,
            start: self.pos,
            next,
            number: self.number,
            plain,
        };
        self.rest = after;
        self.pos = next;
        self.number = self.number.saturating_add(1);
        line
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let rest = Some(self.rest).filter(|r| !r.is_empty())?;
        let bytes = rest.as_bytes();
        let mut len = 0;
        let mut plain = true;
        // Eight bytes at a time up to the first control character (line
        // ends, tab) or non-ASCII byte: at a line end the line is plain.
        while let Some(chunk) = bytes.get(len..len + 8) {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            let odd = odd_bytes(u64::from_le_bytes(word));
            if odd != 0 {
                len += (odd.trailing_zeros() / 8) as usize;
                break;
            }
            len += 8;
        }
        while let Some(&b) = bytes.get(len) {
            if b == b'\n' || b == b'\r' {
                break;
            }
            plain &= (0x20..0x80).contains(&b);
            len += 1;
        }
        Some(self.advance(len, plain))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The trim that skips ASCII blanks first trims as `str::trim_start`.
        #[test]
        fn trim_start_is_str_trim_start(
            text in "[ \t\n\r\x0B\x0C\u{85}\u{a0}\u{2003}\u{3000}a;é]{0,8}",
        ) {
            proptest::prop_assert_eq!(trim_start(&text), text.trim_start());
        }
    }

    fn lines(text: &str) -> Vec<(&str, usize, u32)> {
        Lines::new(text, 0, 1)
            .map(|l| (l.text, l.start, l.number))
            .collect()
    }

    #[test]
    fn lf_crlf_and_lone_cr_all_end_lines() {
        assert_eq!(
            lines("a\nb\r\nc\rd"),
            vec![("a", 0, 1), ("b", 2, 2), ("c", 5, 3), ("d", 7, 4)]
        );
        assert_eq!(lines("a\n\n"), vec![("a", 0, 1), ("", 2, 2)]);
        assert!(lines("").is_empty());
    }

    #[test]
    fn each_line_says_where_the_next_starts() {
        let text = "a\r\n\rb\n\u{e9}\r\r\nc";
        let got: Vec<_> = Lines::new(text, 0, 1)
            .map(|l| (l.text, l.start, l.next))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a", 0, 3),
                ("", 3, 4),
                ("b", 4, 6),
                ("\u{e9}", 6, 9),
                ("", 9, 11),
                ("c", 11, 12)
            ]
        );
        let mut walk = Lines::new(text, 4, 7);
        assert_eq!(walk.rest(), "b\n\u{e9}\r\r\nc".as_bytes());
        let line = walk.next_plain(1);
        assert_eq!(
            (line.text, line.start, line.next, line.number),
            ("b", 4, 6, 7)
        );
        assert_eq!(walk.rest(), "\u{e9}\r\r\nc".as_bytes());
    }

    #[test]
    fn odd_bytes_are_control_or_high_bytes_exactly() {
        assert_eq!(odd_bytes(u64::from_le_bytes(*b"13/9 24/")), 0);
        for bad in [b'\n', b'\r', b'\t', 0, 0x0B, 0x1F, 0x80, 0xFF] {
            for at in 0..8 {
                for fill in [b' ', b'~', 0x7F, b'\n', 0x80] {
                    let mut word = [fill; 8];
                    word[at] = bad;
                    let odd = odd_bytes(u64::from_le_bytes(word));
                    let expected = word
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| !(0x20..0x80).contains(*b))
                        .fold(0u64, |m, (i, _)| m | 0x80 << (8 * i));
                    assert_eq!(odd, expected, "{bad} at {at} in {fill}");
                }
            }
        }
    }

    #[test]
    fn long_lines_keep_their_ends_and_plainness() {
        let text =
            "  1) 31: 8/5 6/5                 42: 8/4 6/4\r\n  2) 61:\t13/7 8/7\n x Jos\u{e9}\n";
        let lines: Vec<_> = Lines::new(text, 0, 1).map(|l| (l.text, l.plain)).collect();
        assert_eq!(
            lines,
            vec![
                ("  1) 31: 8/5 6/5                 42: 8/4 6/4", true),
                ("  2) 61:\t13/7 8/7", false),
                (" x Jos\u{e9}", false)
            ]
        );
    }

    #[test]
    fn tabs_expand_to_eight_column_stops() {
        let line = Lines::new("  1)\t61: 13/7\t\t52: 8/3", 0, 1)
            .next()
            .unwrap();
        assert_eq!(line.column(5), 8);
        assert_eq!(line.column(14), 24);
        assert_eq!(line.column(15), 32);
        assert_eq!(line.location(15).column, 33);
    }

    #[test]
    fn a_character_is_one_column_whatever_its_bytes() {
        let line = Lines::new(" Jos\u{e9} : 0", 0, 1).next().unwrap();
        assert_eq!(line.column(" Jos\u{e9} ".len()), 6);
    }
}
