//! How to read a large file, decided by reading it once in bounded memory
//! ([`plan`]), and what a file's first block decides alone ([`head_encoding`],
//! [`refused_head`]): the decisions of [`super::identify`], counted a block
//! at a time.

use std::io::{self, Read};

use super::decoder::{utf8, windows_1252_len};
use super::identify::{self, Encoding, Kind, UTF8_BOM};
use super::matches::{BLOCK, char_start_before, read_full};
use super::stray;
use super::stray::LINE_MAX;

/// How to read a file, decided by [`plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Read it whole ([`super::decode`]): not a `.mat` text to cut (SGF, an
    /// eXtreme Gammon file, UTF-16, a binary format with a signature), or
    /// text whose start cannot tell.
    Whole,
    /// Binary data, not a transcript: the reason, as [`super::decode`]
    /// gives it.
    Refuse(String),
    /// Text to read match by match ([`super::matches::MatchReader::file`]).
    Matches {
        /// How to decode it.
        encoding: Encoding,
        /// Binary bytes beyond what a text tolerates: reported by run.
        stray: bool,
    },
}

/// Reads `reader` (a file from its start) once and decides how to read it,
/// as [`super::decode`] would decide for its bytes: its encoding (UTF-8,
/// UTF-8 after a byte-order mark, else Windows-1252) and whether its binary
/// bytes make it binary or are stray runs in a text. `reopen` gives the file
/// again from its start, for the rare second look at lines holding binary
/// bytes. Memory: one block.
///
/// # Errors
/// The I/O errors of reading.
pub fn plan<R: Read>(mut reader: R, reopen: impl FnOnce() -> io::Result<R>) -> io::Result<Plan> {
    let mut block = vec![0; BLOCK];
    let head_len = read_full(&mut reader, &mut block)?;
    let head = &block[..head_len];
    let kind = identify::kind(head);
    let Some(head_encoding) = cuttable(kind, head) else {
        return Ok(refused_by_signature(kind, head).map_or(Plan::Whole, Plan::Refuse));
    };
    let bom = head_encoding == Encoding::Utf8Bom;
    let body = if bom { &head[UTF8_BOM.len()..] } else { head };
    // Counts of every byte value, the first NUL, and UTF-8 validity, over
    // the bytes after a byte-order mark, in chunks of whole lines (so that
    // no character is cut).
    let mut counts = Histogram::default();
    let mut first_nul: Option<u64> = None;
    let mut valid = true;
    let mut offset = 0u64;
    let mut pending: Vec<u8> = Vec::with_capacity(2 * BLOCK);
    pending.extend_from_slice(body);
    let mut eof = head_len < BLOCK;
    // `pending[..searched]` holds no line end (what is left of a chunk).
    let mut searched = 0;
    loop {
        let cut = if eof {
            pending.len()
        } else {
            match memchr::memrchr2(b'\n', b'\r', &pending[searched..]) {
                Some(at) => searched + at + 1,
                // A line longer than any of a record: taken in parts, each
                // ending before a character (memory holds one part).
                None if pending.len() > LINE_MAX => char_start_before(&pending, pending.len()),
                None => 0,
            }
        };
        let chunk = &pending[..cut];
        counts.add(chunk);
        if first_nul.is_none()
            && let Some(at) = memchr::memchr(0, chunk)
        {
            first_nul = Some(offset + at as u64);
        }
        valid = valid && utf8(chunk).is_some();
        offset += cut as u64;
        pending.drain(..cut);
        searched = pending.len();
        if eof {
            break;
        }
        let old = pending.len();
        pending.resize(old + BLOCK, 0);
        let n = read_full(&mut reader, &mut pending[old..])?;
        pending.truncate(old + n);
        eof = n < BLOCK;
    }
    let counts = counts.total();
    let len = offset;
    if bom && !valid {
        // Read with replacement characters: not worth cutting.
        return Ok(Plan::Whole);
    }
    let encoding = match (bom, valid) {
        (true, _) => Encoding::Utf8Bom,
        (false, true) => Encoding::Utf8,
        (false, false) => Encoding::Windows1252,
    };
    let nul = counts[0];
    let controls: u64 = (1..=255u8)
        .filter(|&b| super::stray::is_binary_control(b))
        .map(|b| counts[usize::from(b)])
        .sum();
    // As the text's decoding refuses binary data.
    if identify::too_many(nul > 0, controls, len) && !confined(reopen()?, bom)? {
        return Ok(Plan::Refuse(identify::refusal(first_nul, controls, len)));
    }
    // As the reading reports stray runs: measured on the decoded text.
    let decoded_len: u64 = if encoding == Encoding::Windows1252 {
        (0..=255u8)
            .map(|b| counts[usize::from(b)] * windows_1252_len(b) as u64)
            .sum()
    } else {
        len
    };
    let tolerated = stray::tolerated_counts(
        nul > 0,
        usize::try_from(nul + controls).unwrap_or(usize::MAX),
        usize::try_from(decoded_len).unwrap_or(usize::MAX),
    );
    Ok(Plan::Matches {
        encoding,
        stray: !tolerated,
    })
}

/// The first bytes of a file (a few hundred kilobytes, or all of it) of a
/// `.mat` text that may be cut into matches: the encoding its ASCII text is
/// read in, UTF-8 after a byte-order mark ([`Encoding::Utf8Bom`]) or
/// without one ([`Encoding::Utf8`]; the whole file may still be
/// Windows-1252, as [`plan`] finds). `None` for an eXtreme Gammon file,
/// UTF-16, a binary format with a signature, SGF or a text starting with
/// something other than ASCII (those are read whole).
#[must_use]
pub fn head_encoding(head: &[u8]) -> Option<Encoding> {
    cuttable(identify::kind(head), head)
}

/// [`head_encoding`] of `head`, whose [`Kind`] is `kind`.
fn cuttable(kind: Kind, head: &[u8]) -> Option<Encoding> {
    let cuttable = match kind {
        Kind::Text => identify::starts_like_mat(head),
        // The text after the mark, as [`super::decode`] judges it: a
        // signature there makes its binary bytes binary data.
        Kind::Marked(Encoding::Utf8Bom) => {
            let body = &head[UTF8_BOM.len()..];
            identify::signature(body).is_none() && identify::starts_like_mat(body)
        }
        Kind::Marked(_) | Kind::Utf16 { .. } | Kind::Binary(_) => false,
    };
    let encoding = match kind {
        Kind::Marked(encoding) => encoding,
        _ => Encoding::Utf8,
    };
    cuttable.then_some(encoding)
}

/// Why a file that begins with `head` (a whole block, of [`Kind`] `kind`)
/// is refused, decided from that block alone: a binary format with a
/// signature (a ZIP archive, a picture) and a NUL byte in the block, which
/// [`super::decode`] refuses whatever follows, with this same reason.
/// `None` when the rest of the file may matter (an eXtreme Gammon file,
/// text after a byte-order mark, UTF-16 text, no signature).
fn refused_by_signature(kind: Kind, head: &[u8]) -> Option<String> {
    match kind {
        Kind::Binary(binary) if binary != identify::Binary::Xg => {
            let at = memchr::memchr(0, head)?;
            Some(
                binary
                    .refusal()
                    .map_or_else(|| identify::nul_refusal(at as u64), str::to_owned),
            )
        }
        _ => None,
    }
}

/// Why a stream that begins with `head` is refused at once, before the
/// rest is read: NUL bytes in lines that make up more than half of the head,
/// which no reader takes (an eXtreme Gammon file, a binary format the
/// readers name, and UTF-16 text, which hold NUL bytes, are not refused:
/// read whole, they say what they are). Standard input cannot be read
/// twice, so it is judged by its head, where a file is judged whole.
#[must_use]
pub fn refused_head(head: &[u8]) -> Option<String> {
    let kind = identify::kind(head);
    // After a byte-order mark, the text after it, as [`super::decode`]
    // judges it and counts the NUL byte's offset.
    let body = match kind {
        Kind::Marked(Encoding::Utf8Bom) => &head[UTF8_BOM.len()..],
        _ => head,
    };
    let at = memchr::memchr(0, body)?;
    let named = |binary: identify::Binary| binary.refusal().is_some();
    let read_whole = match kind {
        Kind::Marked(Encoding::Utf8Bom) => {
            identify::signature(body).is_some_and(named)
                || identify::utf16_without_bom(body).is_some()
        }
        Kind::Marked(_) | Kind::Utf16 { .. } => true,
        Kind::Binary(binary) => named(binary),
        Kind::Text => false,
    };
    (!read_whole && !stray::confined(body)).then(|| identify::nul_refusal(at as u64))
}

/// How often each byte value occurs, counted in four tables so that a run of
/// the same byte does not wait on one counter.
struct Histogram([[u64; 256]; 4]);

impl Default for Histogram {
    fn default() -> Self {
        Histogram([[0; 256]; 4])
    }
}

impl Histogram {
    fn add(&mut self, bytes: &[u8]) {
        let mut quads = bytes.chunks_exact(4);
        for q in quads.by_ref() {
            self.0[0][usize::from(q[0])] += 1;
            self.0[1][usize::from(q[1])] += 1;
            self.0[2][usize::from(q[2])] += 1;
            self.0[3][usize::from(q[3])] += 1;
        }
        for &b in quads.remainder() {
            self.0[0][usize::from(b)] += 1;
        }
    }

    fn total(&self) -> [u64; 256] {
        let mut total = [0; 256];
        for table in &self.0 {
            for (sum, n) in total.iter_mut().zip(table) {
                *sum += n;
            }
        }
        total
    }
}

/// As [`stray::confined`] over the whole file (after a byte-order mark):
/// the lines holding binary bytes make up at most half of it.
fn confined(mut reader: impl Read, bom: bool) -> io::Result<bool> {
    let mut block = vec![0; BLOCK];
    let mut lines = stray::DamagedLines::default();
    let mut skip = if bom { UTF8_BOM.len() } else { 0 };
    loop {
        let n = read_full(&mut reader, &mut block)?;
        if n == 0 {
            break;
        }
        lines.push(&block[skip.min(n)..n]);
        skip = skip.saturating_sub(n);
    }
    Ok(lines.confined())
}
