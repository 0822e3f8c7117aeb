//! Bytes that are no text, inside a text: the byte classes, and stray
//! binary runs.
//!
//! A transcript damaged on a disk or in a transfer may hold a NUL byte or a
//! run of binary bytes (a block of zeros, a few bytes of noise) among its
//! lines. Such a file is still a transcript: it is read as text
//! ([`super::identify`] decides) when the lines holding such bytes make up
//! at most half of it (`confined`), and the readers' caller reports each
//! run of such lines where it is (`stray_runs`, a `binary-data` finding)
//! and reads the rest. A file whose binary bytes are spread through it stays
//! binary, and a binary format with a signature (an archive, a document) is
//! named, never read as text.
//!
//! A few control characters in a text are tolerated without a word, as
//! before: a file without a NUL byte whose control characters are at most
//! 1 % of its bytes has no stray runs.

use super::Location;

/// Control bytes that text files do not contain. Tab, line feed, form feed,
/// carriage return, escape and the DOS end-of-file mark (0x1A) are allowed.
pub(crate) const fn is_binary_control(b: u8) -> bool {
    matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x19 | 0x1C..=0x1F | 0x7F)
}

/// The longest line kept whole when a file is read a block at a time: a
/// longer one is cut there (no line of a record comes near it), so that
/// memory does not grow with a line.
pub const LINE_MAX: usize = 1 << 20;

/// True when `bytes` hold a byte below 0x20 other than a line feed or
/// carriage return, or DEL: bytes that may make them binary.
pub(crate) fn has_suspect_byte(bytes: &[u8]) -> bool {
    const fn suspect(b: u8) -> u8 {
        (b < 0x20 && b != b'\n' && b != b'\r') as u8 | (b == 0x7F) as u8
    }
    // Blocks of a fixed size with a branch-free test: vectorised.
    fn odd(block: &[u8; 64]) -> bool {
        let mut odd = 0u8;
        for &b in block {
            odd |= suspect(b);
        }
        odd != 0
    }
    let (blocks, rest) = bytes.as_chunks::<64>();
    if blocks.iter().any(odd) {
        return true;
    }
    // The last bytes: the last 64 (some tested again) as one block.
    match bytes.last_chunk::<64>() {
        Some(last) if !rest.is_empty() => odd(last),
        _ => rest.iter().any(|&b| suspect(b) != 0),
    }
}

/// A NUL byte or a control character that text does not hold.
pub(crate) const fn is_binary(b: u8) -> bool {
    b == 0 || is_binary_control(b)
}

/// The lines of `bytes` as `(start, end of content, next line)`: LF, CRLF
/// and a lone CR end a line, as the `.mat` reader counts them.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= bytes.len() {
            return None;
        }
        let start = pos;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |at| start + at);
        let next = match bytes.get(end..) {
            Some([b'\r', b'\n', ..]) => end + 2,
            Some([_, ..]) => end + 1,
            _ => end,
        };
        pos = next;
        Some((start, end, next))
    })
}

/// True when the lines holding binary bytes (NUL or controls text does not
/// hold) make up at most half of `bytes`: the rest is text to read.
#[must_use]
pub(crate) fn confined(bytes: &[u8]) -> bool {
    let mut lines = DamagedLines::default();
    lines.push(bytes);
    lines.confined()
}

/// The count behind [`confined`], fed a block at a time (a text read whole
/// is one block): the bytes seen, and those of the lines holding a binary
/// byte, each with its line end. LF, CRLF and a lone CR end a line, as
/// [`lines`] cuts them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DamagedLines {
    total: u64,
    damaged: u64,
    /// The line being read: its length so far, whether it holds a binary
    /// byte, and whether a CR ended it that an LF may follow.
    line: u64,
    bad: bool,
    after_cr: bool,
}

impl DamagedLines {
    /// Counts the next bytes of the text.
    pub(crate) fn push(&mut self, data: &[u8]) {
        self.total += data.len() as u64;
        for &b in data {
            if self.after_cr {
                self.after_cr = false;
                let bad = std::mem::take(&mut self.bad);
                if b == b'\n' {
                    // CRLF: the LF ends the line the CR ended.
                    self.damaged += u64::from(bad);
                    continue;
                }
            }
            self.line += 1;
            match b {
                b'\n' | b'\r' => {
                    if self.bad {
                        self.damaged += self.line;
                    }
                    self.line = 0;
                    if b == b'\r' {
                        self.after_cr = true;
                    } else {
                        self.bad = false;
                    }
                }
                _ => self.bad |= is_binary(b),
            }
        }
    }

    /// True when the damaged lines make up at most half of the text.
    pub(crate) fn confined(&self) -> bool {
        let last = if self.bad && !self.after_cr {
            self.line
        } else {
            0
        };
        (self.damaged + last).saturating_mul(2) <= self.total
    }
}

/// Consecutive lines of a text that hold binary bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StrayRun {
    /// Where the first binary byte is.
    pub(crate) location: Location,
    /// The last line of the run.
    pub(crate) last_line: u32,
    /// NUL bytes in the run.
    pub(crate) nul: usize,
    /// Other control characters that text does not hold.
    pub(crate) controls: usize,
    /// Not binary data: a line too long to keep, cut here; its length in
    /// bytes (see [`LINE_MAX`]).
    pub(crate) cut_line: Option<u64>,
}

impl StrayRun {
    /// One sentence for the finding.
    #[must_use]
    pub(crate) fn message(&self) -> String {
        if let Some(length) = self.cut_line {
            return format!(
                "a line of {length} bytes, too long to be a line of a record: only its first {} bytes are read, the rest of the line is skipped",
                LINE_MAX
            );
        }
        let plural = |n: usize, what: &str| {
            if n == 1 {
                format!("1 {what}")
            } else {
                format!("{n} {what}s")
            }
        };
        let what = match (self.nul, self.controls) {
            (0, c) => plural(c, "control byte"),
            (n, 0) => plural(n, "NUL byte"),
            (n, c) => format!(
                "{} and {}",
                plural(n, "NUL byte"),
                plural(c, "control byte")
            ),
        };
        let lines = if self.last_line > self.location.line {
            format!("lines {} to {}", self.location.line, self.last_line)
        } else {
            "this line".to_owned()
        };
        format!(
            "binary data inside the text: {what} on {lines}; the record is damaged here (the rest of the file is read)"
        )
    }
}

/// The runs of lines of `text` (decoded) that hold binary bytes, when there
/// are any to report: none for a text without a NUL byte whose control
/// characters are at most 1 % of it (tolerated, see the module docs).
#[must_use]
pub(crate) fn stray_runs(text: &str) -> Vec<StrayRun> {
    if tolerated(text.as_bytes()) {
        Vec::new()
    } else {
        runs_in(text)
    }
}

/// A text without a NUL byte whose control characters are at most 1 % of
/// it: its few control characters are no damage worth a word.
#[must_use]
pub fn tolerated(bytes: &[u8]) -> bool {
    if !has_suspect_byte(bytes) {
        return true;
    }
    let binary = bytes.iter().filter(|&&b| is_binary(b)).count();
    tolerated_counts(bytes.contains(&0), binary, bytes.len())
}

/// [`tolerated`] from the counts: a NUL byte, the binary bytes (NUL
/// included) and the length.
#[must_use]
pub(crate) const fn tolerated_counts(nul: bool, binary: usize, len: usize) -> bool {
    !nul && binary.saturating_mul(100) <= len
}

/// The runs of lines of `text` that hold binary bytes, whether or not the
/// file as a whole tolerates them (a piece of a file: the file decided).
#[must_use]
pub(crate) fn runs_in(text: &str) -> Vec<StrayRun> {
    let bytes = text.as_bytes();
    if !has_suspect_byte(bytes) {
        return Vec::new();
    }
    let mut runs: Vec<StrayRun> = Vec::new();
    let mut previous_damaged = false;
    for (index, (start, end, _)) in lines(bytes).enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let line = &bytes[start..end];
        let Some(first) = line.iter().position(|&b| is_binary(b)) else {
            previous_damaged = false;
            continue;
        };
        let nul = line.iter().filter(|&&b| b == 0).count();
        let controls = line.iter().filter(|&&b| is_binary_control(b)).count();
        match runs.last_mut() {
            Some(run) if previous_damaged => {
                run.last_line = number;
                run.nul += nul;
                run.controls += controls;
            }
            _ => runs.push(StrayRun {
                location: Location {
                    byte: start + first,
                    line: number,
                    column: column(&text[start..start + first]),
                },
                last_line: number,
                nul,
                controls,
                cut_line: None,
            }),
        }
        previous_damaged = true;
    }
    runs
}

/// The 1-based column after `prefix` ([`crate::location::display_width`]).
fn column(prefix: &str) -> u32 {
    crate::location::display_width(prefix).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_as_the_readers_end_them() {
        let got: Vec<_> = lines(b"a\nb\r\nc\rd").collect();
        assert_eq!(got, [(0, 1, 2), (2, 3, 5), (5, 6, 7), (7, 8, 8)]);
    }

    #[test]
    fn a_nul_byte_is_a_run_at_its_place() {
        let text = " 7 point match\n\n Game 1\n\tx\0y\n ok\n\0\0\n\x01\n end\n";
        let runs = stray_runs(text);
        assert_eq!(
            runs,
            [
                StrayRun {
                    location: Location {
                        byte: 26,
                        line: 4,
                        column: 10
                    },
                    last_line: 4,
                    nul: 1,
                    controls: 0,
                    cut_line: None,
                },
                StrayRun {
                    location: Location {
                        byte: 33,
                        line: 6,
                        column: 1
                    },
                    last_line: 7,
                    nul: 2,
                    controls: 1,
                    cut_line: None,
                },
            ]
        );
        assert_eq!(
            runs[1].message(),
            "binary data inside the text: 2 NUL bytes and 1 control byte on lines 6 to 7; \
             the record is damaged here (the rest of the file is read)"
        );
        assert!(runs[0].message().contains("1 NUL byte on this line"));
    }

    #[test]
    fn a_few_control_characters_are_tolerated() {
        let mut text = "a".repeat(300);
        text.push('\u{2}');
        assert!(stray_runs(&text).is_empty());
        text.push_str(&"\u{3}".repeat(5));
        assert_eq!(stray_runs(&text).len(), 1);
    }

    /// Fed in blocks of any size, the count is that of the lines as
    /// [`lines`] cuts them (a CRLF split between two blocks too).
    #[test]
    fn damaged_lines_count_as_the_lines_are_cut_in_any_blocks() {
        let texts: [&[u8]; 6] = [
            b"\0\r\nabc\nabc\nabc\n",
            b"ab\0\rcd\r\n\r\0",
            b"\0\0\0\n\n",
            b"x\ry\0\r\n\0",
            b"",
            b"plain\ntext\r\n",
        ];
        for text in texts {
            let damaged: usize = lines(text)
                .filter(|&(start, end, _)| text[start..end].iter().any(|&b| is_binary(b)))
                .map(|(start, _, next)| next - start)
                .sum();
            let expected = damaged * 2 <= text.len();
            for size in 1..=text.len().max(1) {
                let mut count = DamagedLines::default();
                text.chunks(size).for_each(|block| count.push(block));
                let last = if count.bad && !count.after_cr {
                    count.line
                } else {
                    0
                };
                assert_eq!(count.damaged + last, damaged as u64, "{text:?} {size}");
                assert_eq!(count.confined(), expected, "{text:?} {size}");
            }
        }
    }

    #[test]
    fn binary_bytes_are_confined_to_less_than_half_the_lines() {
        assert!(confined(b"text\n\0\0\nmore text\n"));
        assert!(!confined(b"a\n\0\0\0\0\0\0\0\0\0\nb\n"));
        assert!(confined(b""));
    }
}
