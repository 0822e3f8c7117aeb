//! What a file is and how it is decoded: the one place that decides.
//!
//! From its first bytes (`kind`): text after a byte-order mark (UTF-8, or
//! UTF-16 in either order), UTF-16 without one (by its zero bytes), a binary
//! format known by its signature ([`Binary`]: an eXtreme Gammon file, an
//! archive, a document, a picture), or text. A text is then SGF ([`is_sgf`])
//! or a `.mat` text (`starts_like_mat` from its first bytes), or another
//! program's text that no reader takes ([`other_text`]).
//!
//! How it is decoded: its [`Encoding`], and whether the binary bytes a text
//! holds make it binary data, refused with the reason (`binary_refusal`,
//! `refusal`), or are stray runs in a damaged text (see [`super::stray`]).
//!
//! Three readers ask: a file held whole ([`super::text::decode`]), a large
//! file or standard input read a block at a time ([`super::plan`]), and the
//! folder walk, which asks whether a file is a match record at all (a
//! binary format's [`Binary::name`]).
//!
//! Only signatures that cannot be mistaken are used: a magic number at the
//! start of binary data, or a line that only one program writes. Anything
//! else stays unnamed.

use super::stray::{self, is_binary_control};
use crate::swar;

/// How a file's bytes are decoded.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 without a byte-order mark.
    Utf8,
    /// UTF-8 with a byte-order mark.
    Utf8Bom,
    /// UTF-16 little-endian, with a byte-order mark.
    Utf16Le,
    /// UTF-16 big-endian, with a byte-order mark.
    Utf16Be,
    /// UTF-16 little-endian without a byte-order mark (plainly so, by its
    /// zero bytes, and decoding without a malformed character).
    Utf16LeNoBom,
    /// UTF-16 big-endian without a byte-order mark.
    Utf16BeNoBom,
    /// Not UTF-8: read as Windows-1252.
    Windows1252,
}

impl Encoding {
    /// The note a file decoded so gives (an `encoding` problem), if any:
    /// when it was not plainly UTF-8 or marked.
    #[must_use]
    pub fn note(self) -> Option<&'static str> {
        match self {
            Encoding::Windows1252 => Some("the file is not UTF-8; read as Windows-1252"),
            Encoding::Utf16LeNoBom => {
                Some("the file is UTF-16 (little-endian) without a byte-order mark; read as such")
            }
            Encoding::Utf16BeNoBom => {
                Some("the file is UTF-16 (big-endian) without a byte-order mark; read as such")
            }
            Encoding::Utf8 | Encoding::Utf8Bom | Encoding::Utf16Le | Encoding::Utf16Be => None,
        }
    }
}

/// UTF-8's byte-order mark.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
const UTF16LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16BE_BOM: &[u8] = b"\xFE\xFF";

/// What a file is, from its first bytes: see [`kind`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Text after a byte-order mark: [`Encoding::Utf8Bom`],
    /// [`Encoding::Utf16Le`] or [`Encoding::Utf16Be`].
    Marked(Encoding),
    /// UTF-16 without a byte-order mark: a zero byte at the same place in
    /// half the pairs of bytes of the first 4 KiB, and another byte beside
    /// it. `plain` when nine pairs out of ten are so: then the file is
    /// decoded as such ([`Encoding::Utf16LeNoBom`] or
    /// [`Encoding::Utf16BeNoBom`]) if all of it decodes (an even length, no
    /// malformed character, no NUL), else it is refused (`utf16_refusal`).
    Utf16 {
        /// The byte order, as an encoding without a byte-order mark.
        encoding: Encoding,
        /// Plainly UTF-16, not only like it.
        plain: bool,
    },
    /// A binary format known by its signature. Its bytes still decide: a
    /// few binary bytes after a signature are read as text; else the file
    /// is refused, by the format's name when the readers name it
    /// ([`Binary::refusal`]).
    Binary(Binary),
    /// Anything else: text (SGF, `.mat` or other), or binary data without a
    /// signature, refused by its bytes (`binary_refusal`).
    Text,
}

/// What a file is, from its first bytes (a block of it, or all of it): a
/// byte-order mark first, then UTF-16's zero bytes, then a binary format's
/// signature ([`signature`]).
#[must_use]
pub(crate) fn kind(head: &[u8]) -> Kind {
    if let Some((encoding, _)) = marked(head) {
        Kind::Marked(encoding)
    } else if let Some((encoding, plain)) = utf16_without_bom(head) {
        Kind::Utf16 { encoding, plain }
    } else {
        signature(head).map_or(Kind::Text, Kind::Binary)
    }
}

/// The encoding a byte-order mark at the start of `bytes` says, and the
/// bytes after it.
#[must_use]
pub(crate) fn marked(bytes: &[u8]) -> Option<(Encoding, &[u8])> {
    [
        (UTF8_BOM, Encoding::Utf8Bom),
        (UTF16LE_BOM, Encoding::Utf16Le),
        (UTF16BE_BOM, Encoding::Utf16Be),
    ]
    .into_iter()
    .find_map(|(bom, encoding)| bytes.strip_prefix(bom).map(|rest| (encoding, rest)))
}

/// A binary format known by its signature.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Binary {
    /// An eXtreme Gammon file (`.xg` match or `.xgp` position): the RGMH
    /// container's magic number.
    Xg,
    /// One record of an eXtreme Gammon game stream on its own (see
    /// `is_xg_record`).
    XgRecord,
    /// A ZIP archive.
    Zip,
    /// A gzip-compressed file.
    Gzip,
    /// A PDF document.
    Pdf,
    /// A PNG picture.
    Png,
    /// A JPEG picture.
    Jpeg,
    /// A GIF picture.
    Gif,
    /// A tar archive (the `ustar` mark of its first header).
    Tar,
}

impl Binary {
    /// The readers' reason for refusing it, with what to do; `None` for a
    /// format they do not name (refused by its bytes, as binary data).
    #[must_use]
    pub(crate) const fn refusal(self) -> Option<&'static str> {
        match self {
            Binary::XgRecord => Some(
                "a single eXtreme Gammon game record (2,560 bytes) without its file: \
                 not a match; check the .xg file it comes from",
            ),
            Binary::Xg => {
                Some("an eXtreme Gammon file (.xg, .xgp), which is binary: it has no text lines")
            }
            Binary::Zip => Some("a ZIP archive: unpack it and check the files inside"),
            Binary::Gzip => Some("a gzip-compressed file: decompress it and check the result"),
            Binary::Pdf => {
                Some("a PDF document: a transcript must be the match file itself (.mat or .sgf)")
            }
            Binary::Png | Binary::Jpeg | Binary::Gif | Binary::Tar => None,
        }
    }

    /// What it is, for a file beside the records that is none; `None` for
    /// an eXtreme Gammon file or record (a record: [`Binary::is_record`])
    /// and a format known only as binary data.
    #[must_use]
    pub const fn name(self) -> Option<&'static str> {
        match self {
            Binary::Png => Some("a picture (PNG)"),
            Binary::Jpeg => Some("a picture (JPEG)"),
            Binary::Gif => Some("a picture (GIF)"),
            Binary::Zip => Some("a ZIP archive"),
            Binary::Gzip => Some("a gzip-compressed file"),
            Binary::Pdf => Some("a PDF document"),
            Binary::Xg | Binary::XgRecord | Binary::Tar => None,
        }
    }

    /// An eXtreme Gammon file or one record of one: a match record, even
    /// when it cannot be read.
    #[must_use]
    pub const fn is_record(self) -> bool {
        matches!(self, Binary::Xg | Binary::XgRecord)
    }
}

/// The binary format whose signature `bytes` (a file, or its first block)
/// hold; the first of eXtreme Gammon's file and record, the formats the
/// readers name, then the others.
#[must_use]
pub fn signature(bytes: &[u8]) -> Option<Binary> {
    const STARTS: [(&[u8], Binary); 6] = [
        (b"PK\x03\x04", Binary::Zip),
        (b"\x1f\x8b", Binary::Gzip),
        (b"%PDF", Binary::Pdf),
        (b"\x89PNG", Binary::Png),
        (b"\xFF\xD8\xFF", Binary::Jpeg),
        (b"GIF8", Binary::Gif),
    ];
    if is_xg(bytes) {
        Some(Binary::Xg)
    } else if is_xg_record(bytes) {
        Some(Binary::XgRecord)
    } else if let Some(&(_, binary)) = STARTS.iter().find(|(magic, _)| bytes.starts_with(magic)) {
        Some(binary)
    } else {
        (bytes.get(257..262) == Some(b"ustar")).then_some(Binary::Tar)
    }
}

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
fn is_xg_record(bytes: &[u8]) -> bool {
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

/// UTF-16 without a byte-order mark, from the zero bytes of the first
/// 4 KiB of `bytes` (see [`Kind::Utf16`]): its byte order as an encoding,
/// and whether it is plainly UTF-16.
pub(crate) fn utf16_without_bom(bytes: &[u8]) -> Option<(Encoding, bool)> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    let pairs = sample.len() / 2;
    // Without a NUL byte no pair counts for either order (the common case:
    // a vectorised search instead of the count).
    if pairs < 2 || memchr::memchr(0, sample).is_none() {
        return None;
    }
    let (mut le, mut be) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        match (pair[0], pair[1]) {
            (a, 0) if a != 0 => le += 1,
            (0, b) if b != 0 => be += 1,
            _ => {}
        }
    }
    let (hits, encoding) = if le >= be {
        (le, Encoding::Utf16LeNoBom)
    } else {
        (be, Encoding::Utf16BeNoBom)
    };
    if hits.saturating_mul(2) < pairs {
        return None;
    }
    Some((encoding, hits.saturating_mul(10) >= pairs.saturating_mul(9)))
}

/// Why text that looks like UTF-16 without a byte-order mark, in the byte
/// order of `encoding`, is refused: it does not decode as such (an odd
/// length, a malformed character, a NUL character).
#[must_use]
pub(crate) fn utf16_refusal(encoding: Encoding) -> String {
    let order = if encoding == Encoding::Utf16BeNoBom {
        "big"
    } else {
        "little"
    };
    format!(
        "text that looks like UTF-16 ({order}-endian) without a byte-order mark, but does not decode as such: save it as UTF-8"
    )
}

/// Why text `bytes` (after a byte-order mark, or decoded from UTF-16), which
/// hold a suspect byte ([`stray::has_suspect_byte`]), are refused as binary data:
/// any NUL byte, or control characters in more than 1 % of the bytes
/// ([`too_many`]), unless the lines holding them are at most half of the
/// text ([`stray::confined`]) and it has no binary format's signature (then
/// each run of such lines is a finding: see [`super::stray`]). `None` when
/// the text is read.
#[must_use]
pub(crate) fn binary_refusal(bytes: &[u8]) -> Option<String> {
    // Binary bytes in a few lines of a text: a damaged transcript, read.
    let stray = || signature(bytes).is_none() && stray::confined(bytes);
    let len = bytes.len() as u64;
    if let Some(at) = memchr::memchr(0, bytes) {
        return (!stray()).then(|| nul_refusal(at as u64));
    }
    let mut words = bytes.chunks_exact(8);
    let mut controls: usize = words
        .by_ref()
        .map(|word| {
            let mut b = [0; 8];
            b.copy_from_slice(word);
            binary_controls_in(u64::from_le_bytes(b))
        })
        .sum();
    controls += words
        .remainder()
        .iter()
        .filter(|&&b| is_binary_control(b))
        .count();
    let controls = controls as u64;
    (too_many(false, controls, len) && !stray()).then(|| refusal(None, controls, len))
}

/// How many of the eight bytes of `word` are [binary controls](is_binary_control)
/// or NUL.
fn binary_controls_in(word: u64) -> usize {
    let equal = |c: u8| swar::equal(word, c);
    let below_space = swar::below(word, 0x20);
    let allowed =
        equal(b'\t') | equal(b'\n') | equal(0x0C) | equal(b'\r') | equal(0x1A) | equal(0x1B);
    let marked = (below_space & !allowed) | equal(0x7F);
    marked.count_ones() as usize
}

/// Binary bytes that make a text binary unless they are
/// [confined](stray::confined) to a few lines: any NUL byte, or control
/// characters in more than 1 % of its `len` bytes. The rule of a text read
/// whole and of a file planned a block at a time alike.
#[must_use]
pub(crate) fn too_many(nul: bool, controls: u64, len: u64) -> bool {
    nul || (controls > 0 && controls.saturating_mul(100) > len)
}

/// The reason a text is refused as binary data: by its first NUL byte
/// (its offset) when it has one ([`nul_refusal`]), else by its `controls`
/// control bytes in `len`.
#[must_use]
pub(crate) fn refusal(first_nul: Option<u64>, controls: u64, len: u64) -> String {
    match first_nul {
        Some(at) => nul_refusal(at),
        None => format!("binary data ({controls} control bytes in {len}), not a transcript"),
    }
}

/// The reason a text is refused by its first NUL byte, at offset `at`.
#[must_use]
pub(crate) fn nul_refusal(at: u64) -> String {
    format!("binary data (a NUL byte at offset {at}), not a transcript")
}

/// SGF starts with `(` and `;`, blanks allowed around them.
#[must_use]
pub fn is_sgf(text: &str) -> bool {
    text.trim_start()
        .strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'))
}

/// The first bytes of a text after its byte-order mark: a `.mat` text to
/// cut unless its first character other than white space could open SGF
/// (`(`) or is not ASCII (then the text read whole decides).
#[must_use]
pub(crate) fn starts_like_mat(body: &[u8]) -> bool {
    body.iter()
        .find(|&&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C))
        .is_some_and(|&b| b.is_ascii() && b != b'(')
}

/// What a text without any match line is, from its first lines, with what
/// to do: empty, or another program's text.
#[must_use]
pub fn other_text(text: &str) -> Option<&'static str> {
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
mod tests;
