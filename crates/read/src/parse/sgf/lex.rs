//! SGF tokens from a flat scan: no recursion, no allocation, linear time.
//!
//! ```text
//! collection := tree+
//! tree       := "(" node+ tree* ")"
//! node       := ";" property*
//! property   := ident value+
//! ident      := letter+            (upper case; old files mix in lower case)
//! value      := "[" ( "\" any | not-"]" )* "]"
//! ```
//! Whitespace may come between any two tokens. The lexer does not check
//! the nesting: it hands out tokens and lets the reader decide.

use crate::parse::Location;
use crate::swar;

/// One token with the byte offset where it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `(`.
    Open(usize),
    /// `)`.
    Close(usize),
    /// `;`.
    Node(usize),
    /// A property identifier.
    Ident {
        /// The letters as written.
        text: &'a str,
        /// Offset of the first letter.
        start: usize,
    },
    /// A value `[...]`.
    Value {
        /// The text between the brackets, escapes kept.
        raw: &'a str,
        /// Offset of the `[`.
        start: usize,
        /// Offset just after the `]`.
        end: usize,
    },
    /// A `[` whose `]` never comes: the value runs to the end of the input.
    Unclosed(usize),
    /// Characters that have no place in SGF, from `start` to `end`.
    Stray {
        /// Offset of the first character.
        start: usize,
        /// Offset just after the last one.
        end: usize,
    },
}

/// The token scanner.
#[derive(Debug)]
pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// The values that follow are GNU Backgammon's analysis (`A`, `DA`):
    /// dozens of bytes each, searched without a first look at their start.
    long_values: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            long_values: false,
        }
    }

    /// The slice `start..end` of the input, or `""` when that is no slice.
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    /// Scans a value whose `[` is at `start`.
    fn value(&mut self, start: usize) -> Token<'a> {
        let bytes = self.text.as_bytes();
        let mut i = start + 1;
        loop {
            let rest = bytes.get(i..).unwrap_or(&[]);
            let found = if self.long_values {
                memchr::memchr2(b']', b'\\', rest)
            } else {
                find_bracket_or_backslash(rest)
            };
            match found {
                None => {
                    self.pos = bytes.len();
                    return Token::Unclosed(start);
                }
                Some(found) => {
                    let at = i + found;
                    if bytes.get(at) == Some(&b'\\') {
                        // An escape: the next character is taken as it is
                        // (a `\r\n` after a backslash counts as one).
                        i = at + 2;
                        if bytes.get(at + 1) == Some(&b'\r') && bytes.get(at + 2) == Some(&b'\n') {
                            i += 1;
                        }
                    } else {
                        self.pos = at + 1;
                        return Token::Value {
                            raw: self.slice(start + 1, at),
                            start,
                            end: at + 1,
                        };
                    }
                }
            }
        }
    }
}

/// The first `]` or `\` in `bytes`: the first sixteen bytes tested as two
/// words, then a vectorised search. Most values are short (a move, an
/// index, a luck figure, a property of the root): two words cost less than
/// the search takes to set up.
fn find_bracket_or_backslash(bytes: &[u8]) -> Option<usize> {
    let mut checked = 0;
    for chunk in bytes.chunks_exact(8).take(2) {
        let word = swar::word(<&[u8; 8]>::try_from(chunk).ok()?);
        let found = swar::equal(word, b']') | swar::equal(word, b'\\');
        if found != 0 {
            return Some(checked + swar::first_set_byte(found));
        }
        checked += 8;
    }
    memchr::memchr2(b']', b'\\', bytes.get(checked..)?).map(|at| checked + at)
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
        let start = self.pos;
        let &first = bytes.get(start)?;
        let token = match first {
            b'(' => {
                self.pos += 1;
                Token::Open(start)
            }
            b')' => {
                self.pos += 1;
                Token::Close(start)
            }
            b';' => {
                self.pos += 1;
                Token::Node(start)
            }
            b'[' => self.value(start),
            b if b.is_ascii_alphabetic() => {
                let len = bytes[start..]
                    .iter()
                    .position(|b| !b.is_ascii_alphabetic())
                    .unwrap_or(bytes.len() - start);
                self.pos = start + len;
                let text = self.slice(start, self.pos);
                self.long_values = matches!(text, "A" | "DA");
                Token::Ident { text, start }
            }
            _ => {
                let len = bytes[start..]
                    .iter()
                    .position(|&b| {
                        b.is_ascii_whitespace()
                            || b.is_ascii_alphabetic()
                            || matches!(b, b'(' | b')' | b';' | b'[')
                    })
                    .unwrap_or(bytes.len() - start);
                self.pos = start + len;
                Token::Stray {
                    start,
                    end: self.pos,
                }
            }
        };
        Some(token)
    }
}

/// Turns byte offsets into [`Location`]s, walking forward through the text.
///
/// Offsets are expected in increasing order (each call costs the distance
/// from the previous one); an offset behind the last one starts over from
/// the beginning, which is correct but slow.
#[derive(Debug)]
pub(super) struct Lines<'a> {
    bytes: &'a [u8],
    /// The text has a carriage return somewhere (a lone one ends a line).
    has_cr: bool,
    /// The text is ASCII without tabs: a column is a count of bytes.
    plain: bool,
    /// In a plain text without carriage returns, the offsets of its line
    /// feeds (empty otherwise): a location is then the count of those
    /// before it and the distance from the last.
    breaks: Vec<usize>,
    /// How many of `breaks` lie before `at`.
    passed: usize,
    at: Location,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        // The vectorised searches of `memchr`: `<[u8]>::contains` goes two
        // words at a time, a few instructions a byte.
        let has_cr = memchr::memchr(b'\r', bytes).is_some();
        let plain = bytes.is_ascii() && memchr::memchr(b'\t', bytes).is_none();
        let breaks = if plain && !has_cr {
            memchr::memchr_iter(b'\n', bytes).collect()
        } else {
            Vec::new()
        };
        Lines {
            bytes,
            has_cr,
            plain,
            breaks,
            passed: 0,
            at: Location {
                byte: 0,
                line: 1,
                column: 1,
            },
        }
    }

    /// The location of byte `byte` (clamped to the end of the text).
    pub(super) fn at(&mut self, byte: usize) -> Location {
        let byte = byte.min(self.bytes.len());
        if self.plain && !self.has_cr {
            return self.at_plain(byte);
        }
        if byte < self.at.byte {
            self.at = Location {
                byte: 0,
                line: 1,
                column: 1,
            };
        }
        let from = self.at.byte;
        let segment = self.bytes.get(from..byte).unwrap_or(&[]);
        let (mut line, mut column) = (self.at.line, self.at.column);
        if self.has_cr {
            for (i, &b) in segment.iter().enumerate() {
                match b {
                    b'\n' => (line, column) = (line.saturating_add(1), 1),
                    b'\r' if self.bytes.get(from + i + 1) != Some(&b'\n') => {
                        (line, column) = (line.saturating_add(1), 1);
                    }
                    b'\r' => {}
                    _ => column = next_column(column, b),
                }
            }
        } else {
            // Between two nodes of an analysed record lie hundreds of bytes
            // of analysis on one line: a long segment is searched from its
            // end, with vectorised searches; a short one byte by byte.
            let last = if segment.len() > LONG {
                memchr::memrchr(b'\n', segment)
            } else {
                segment.iter().rposition(|&b| b == b'\n')
            };
            let mut tail = segment;
            if let Some(last) = last {
                let lines = segment.get(..=last).unwrap_or(&[]);
                let breaks = if lines.len() > LONG {
                    memchr::memchr_iter(b'\n', lines).count()
                } else {
                    lines.iter().filter(|&&b| b == b'\n').count()
                };
                line = line.saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
                column = 1;
                tail = segment.get(last + 1..).unwrap_or(&[]);
            }
            if memchr::memchr(b'\t', tail).is_some() {
                column = tail.iter().fold(column, |c, &b| next_column(c, b));
            } else {
                let chars = tail.iter().filter(|&&b| !is_continuation(b)).count();
                column = column.saturating_add(u32::try_from(chars).unwrap_or(u32::MAX));
            }
        }
        self.at = Location { byte, line, column };
        self.at
    }
}

impl Lines<'_> {
    /// [`Lines::at`] in a plain text without carriage returns, from the
    /// offsets of its line feeds.
    fn at_plain(&mut self, byte: usize) -> Location {
        let mut passed = if byte < self.at.byte {
            self.breaks.partition_point(|&b| b < byte)
        } else {
            self.passed
        };
        while self.breaks.get(passed).is_some_and(|&b| b < byte) {
            passed += 1;
        }
        let line_start = passed
            .checked_sub(1)
            .and_then(|last| self.breaks.get(last))
            .map_or(0, |&b| b + 1);
        self.passed = passed;
        self.at = Location {
            byte,
            line: u32::try_from(passed).unwrap_or(u32::MAX).saturating_add(1),
            column: u32::try_from(byte - line_start)
                .unwrap_or(u32::MAX)
                .saturating_add(1),
        };
        self.at
    }
}

/// A segment longer than this is searched with `memchr`.
const LONG: usize = 64;

/// A UTF-8 byte that continues a character instead of starting one.
fn is_continuation(b: u8) -> bool {
    (0x80..0xC0).contains(&b)
}

/// The column after byte `b` (not a line break) at `column`: tabs go to the
/// next 8-column stop, bytes inside a character take no room.
fn next_column(column: u32, b: u8) -> u32 {
    match b {
        b'\t' => (column.saturating_sub(1) / 8 + 1).saturating_mul(8) + 1,
        b if is_continuation(b) => column,
        _ => column.saturating_add(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token<'_>> {
        Lexer::new(text).collect()
    }

    #[test]
    fn splits_a_node_into_identifiers_and_values() {
        assert_eq!(
            tokens("(;B[41lpab] C [a\\]b])"),
            vec![
                Token::Open(0),
                Token::Node(1),
                Token::Ident {
                    text: "B",
                    start: 2
                },
                Token::Value {
                    raw: "41lpab",
                    start: 3,
                    end: 11
                },
                Token::Ident {
                    text: "C",
                    start: 12
                },
                Token::Value {
                    raw: "a\\]b",
                    start: 14,
                    end: 20
                },
                Token::Close(20),
            ]
        );
    }

    #[test]
    fn a_backslash_escapes_the_next_character_even_a_line_break() {
        let text = "[a\\\r\n]]";
        assert_eq!(
            tokens(text),
            vec![
                Token::Value {
                    raw: "a\\\r\n",
                    start: 0,
                    end: 6
                },
                Token::Stray { start: 6, end: 7 },
            ]
        );
    }

    #[test]
    fn values_of_every_length_end_at_their_bracket() {
        for len in 0..40 {
            for escape in [None, Some(len / 2)] {
                let mut raw = "x".repeat(len);
                if let Some(at) = escape.filter(|&at| at < len) {
                    raw.replace_range(at..=at, "\\");
                    raw.push('x');
                }
                let text = format!("[{raw}]]");
                let Some(Token::Value { raw: read, end, .. }) = Lexer::new(&text).next() else {
                    panic!("{text}");
                };
                assert_eq!((read, end), (raw.as_str(), raw.len() + 2), "{text}");
            }
            let unclosed = format!("[{}", "x".repeat(len));
            assert_eq!(tokens(&unclosed), vec![Token::Unclosed(0)]);
        }
    }

    #[test]
    fn an_unclosed_value_runs_to_the_end() {
        assert_eq!(
            tokens("W[31ab\\]"),
            vec![
                Token::Ident {
                    text: "W",
                    start: 0
                },
                Token::Unclosed(1)
            ]
        );
        assert_eq!(tokens("[\\"), vec![Token::Unclosed(0)]);
    }

    #[test]
    fn stray_characters_form_one_token_per_run() {
        assert_eq!(
            tokens("(# %é)"),
            vec![
                Token::Open(0),
                Token::Stray { start: 1, end: 2 },
                Token::Stray { start: 3, end: 6 },
                Token::Close(6)
            ]
        );
    }

    #[test]
    fn locations_count_characters_and_expand_tabs() {
        let text = "ab\n\té\tx\r\ny\rz";
        let mut lines = Lines::new(text);
        assert_eq!(
            lines.at(1),
            Location {
                byte: 1,
                line: 1,
                column: 2
            }
        );
        // the tab goes to column 9, `é` is one character, the next tab to 17
        let x = text.find('x').unwrap_or(0);
        assert_eq!(
            lines.at(x),
            Location {
                byte: x,
                line: 2,
                column: 17
            }
        );
        let y = text.find('y').unwrap_or(0);
        assert_eq!(lines.at(y).line, 3);
        let z = text.find('z').unwrap_or(0);
        assert_eq!(
            lines.at(z),
            Location {
                byte: z,
                line: 4,
                column: 1
            }
        );
        // going back starts over and still answers right
        assert_eq!(lines.at(1).column, 2);
    }

    #[test]
    fn locations_without_carriage_returns_take_the_fast_path() {
        let text = "ab\n\u{e9}\tx\n\ny\u{e9}z";
        let mut lines = Lines::new(text);
        let x = text.find('x').unwrap_or(0);
        assert_eq!(
            lines.at(x),
            Location {
                byte: x,
                line: 2,
                column: 9
            }
        );
        let z = text.find('z').unwrap_or(0);
        assert_eq!(
            lines.at(z),
            Location {
                byte: z,
                line: 4,
                column: 3
            }
        );
        assert_eq!(lines.at(usize::MAX).byte, text.len());
    }

    #[test]
    fn locations_in_plain_ascii_count_bytes() {
        let long = "x".repeat(100);
        let text = format!("ab\n{long}\n\ncd{long}ef\ng");
        let mut lines = Lines::new(&text);
        assert!(lines.plain);
        for (byte, _) in text.char_indices() {
            let before = &text[..byte];
            let line = 1 + before.matches('\n').count();
            let column = 1 + before.len() - before.rfind('\n').map_or(0, |i| i + 1);
            let at = lines.at(byte);
            assert_eq!((at.line, at.column), (line as u32, column as u32), "{byte}");
        }
        assert_eq!(lines.at(1).column, 2, "going back");
        assert_eq!(lines.at(text.len() - 1).line, 5);
        assert_eq!(lines.at(usize::MAX).byte, text.len());
    }
}
