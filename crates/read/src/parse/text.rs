//! Bytes to text: BOM detection, UTF-8, UTF-16, Windows-1252 fallback.
//!
//! Transcripts come as UTF-8 with or without a byte-order mark (eXtreme
//! Gammon writes one), UTF-16 with a byte-order mark, or Windows-1252 in older
//! archives. Binary files (eXtreme Gammon `.xg`, images, archives) are refused
//! with the reason, so that no reader ever sees them.

use std::borrow::Cow;

use super::stray::{has_suspect_byte, is_binary_control};
use crate::swar;

/// How the bytes were decoded.
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
    /// UTF-16 little-endian without a byte-order mark (plainly so: see
    /// [`super::stray`]).
    Utf16LeNoBom,
    /// UTF-16 big-endian without a byte-order mark.
    Utf16BeNoBom,
    /// Not UTF-8: read as Windows-1252.
    Windows1252,
}

/// Decoded text and how it was decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without a byte-order mark.
    pub text: Cow<'a, str>,
    /// The encoding found.
    pub encoding: Encoding,
    /// The text may hold control characters (a byte below 0x20 other than
    /// a line end, or DEL): when `false` it holds none, and no binary data
    /// is looked for again.
    pub suspect: bool,
}

/// Why bytes are not text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
const UTF16LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16BE_BOM: &[u8] = b"\xFE\xFF";

/// Decodes a file's bytes.
///
/// A byte-order mark decides UTF-8 or UTF-16 (malformed sequences then
/// become U+FFFD); without one the bytes are UTF-8 if they are valid UTF-8,
/// else Windows-1252.
///
/// # Errors
/// [`Unreadable`] when the bytes are binary: a NUL byte (outside UTF-16), or
/// more than 1 % control characters other than tab, line feed, carriage
/// return, form feed, escape and the DOS end-of-file mark.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, Unreadable> {
    if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        // Malformed sequences become U+FFFD, whose bytes are no control
        // bytes: the text is as suspect as the bytes.
        let suspect = check_binary(rest)?;
        let text = String::from_utf8_lossy(rest);
        return Ok(Decoded {
            text,
            encoding: Encoding::Utf8Bom,
            suspect,
        });
    }
    for (bom, codec, encoding) in [
        (UTF16LE_BOM, encoding_rs::UTF_16LE, Encoding::Utf16Le),
        (UTF16BE_BOM, encoding_rs::UTF_16BE, Encoding::Utf16Be),
    ] {
        if let Some(rest) = bytes.strip_prefix(bom) {
            let (text, _) = codec.decode_without_bom_handling(rest);
            let suspect = check_binary(text.as_bytes())?;
            return Ok(Decoded {
                text: Cow::Owned(text.into_owned()),
                encoding,
                suspect,
            });
        }
    }
    // UTF-16 without a byte-order mark holds NUL bytes: suspect bytes.
    let suspect = has_suspect_byte(bytes);
    if suspect && let Some(utf16) = utf16_without_bom(bytes) {
        let (text, encoding) = utf16?;
        let suspect = check_binary(text.as_bytes())?;
        return Ok(Decoded {
            text,
            encoding,
            suspect,
        });
    }
    // Windows-1252 keeps the bytes below 0x80 and writes the others as
    // characters whose bytes are all above 0x7F: either way the text is as
    // suspect as the bytes.
    if suspect {
        refuse_binary(bytes).map_err(|e| {
            // A binary format we can name says what it is and what to do.
            super::sniff::binary(bytes).map_or(e, |what| Unreadable(what.to_owned()))
        })?;
    }
    match utf8(bytes) {
        Some(text) => Ok(Decoded {
            text: Cow::Borrowed(text),
            encoding: Encoding::Utf8,
            suspect,
        }),
        None => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            Ok(Decoded {
                text: Cow::Owned(text.into_owned()),
                encoding: Encoding::Windows1252,
                suspect,
            })
        }
    }
}

/// The bytes as text when they are valid UTF-8: the same decision as
/// [`std::str::from_utf8`], by the `simdutf8` crate's validator, which reads
/// many bytes an instruction (the standard one reads a word at a time).
fn utf8(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}

/// Refuses binary data: any NUL byte, or control characters in more than
/// 1 % of the bytes, unless the lines holding them are at most half of the
/// text and it has no binary format's signature (then each run of such
/// lines is a finding: see [`super::stray`]). `Ok(false)` when the bytes
/// hold no suspect byte at all ([`has_suspect_byte`]).
fn check_binary(bytes: &[u8]) -> Result<bool, Unreadable> {
    // Most text holds no byte below 0x20 but line ends, and no DEL: then it
    // holds no NUL and no control character either.
    if !has_suspect_byte(bytes) {
        return Ok(false);
    }
    refuse_binary(bytes)?;
    Ok(true)
}

/// [`check_binary`] for bytes that hold a suspect byte.
fn refuse_binary(bytes: &[u8]) -> Result<(), Unreadable> {
    // Binary bytes in a few lines of a text: a damaged transcript, read.
    let stray = || {
        super::sniff::binary(bytes).is_none()
            && !has_signature(bytes)
            && super::stray::confined(bytes)
    };
    let len = bytes.len() as u64;
    // `contains` on bytes is a vectorised search.
    if bytes.contains(&0) {
        if stray() {
            return Ok(());
        }
        let at = memchr::memchr(0, bytes).unwrap_or_default();
        return Err(Unreadable(super::stray::nul_refusal(at as u64)));
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
    if super::stray::too_many(false, controls, len) && !stray() {
        return Err(Unreadable(super::stray::refusal(None, controls, len)));
    }
    Ok(())
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

/// Binary data by its signature, whatever text it holds besides: a tar
/// archive (the `ustar` mark of its first header), a picture (PNG, JPEG,
/// GIF). (The formats the readers name are in [`super::sniff::binary`].)
#[must_use]
pub(crate) fn has_signature(bytes: &[u8]) -> bool {
    const PICTURES: [&[u8]; 3] = [b"\x89PNG", b"\xFF\xD8\xFF", b"GIF8"];
    bytes.get(257..262) == Some(b"ustar") || PICTURES.iter().any(|m| bytes.starts_with(m))
}

/// UTF-16 without a byte-order mark: decoded when it is plainly UTF-16 (an
/// even length; in nine pairs of bytes out of ten of the first 4 KiB, a zero
/// byte at the same place and another byte beside it; no decoding error),
/// else named when it looks like UTF-16 (a zero byte at the same place in
/// half the pairs), else `None`: not UTF-16.
pub(crate) fn utf16_without_bom(
    bytes: &[u8],
) -> Option<Result<(Cow<'static, str>, Encoding), Unreadable>> {
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
    let (hits, codec, encoding, order) = if le >= be {
        (le, encoding_rs::UTF_16LE, Encoding::Utf16LeNoBom, "little")
    } else {
        (be, encoding_rs::UTF_16BE, Encoding::Utf16BeNoBom, "big")
    };
    if hits.saturating_mul(2) < pairs {
        return None;
    }
    if hits.saturating_mul(10) >= pairs.saturating_mul(9) && bytes.len().is_multiple_of(2) {
        let (text, errors) = codec.decode_without_bom_handling(bytes);
        if !errors && !text.contains('\0') {
            return Some(Ok((Cow::Owned(text.into_owned()), encoding)));
        }
    }
    Some(Err(Unreadable(format!(
        "text that looks like UTF-16 ({order}-endian) without a byte-order mark, but does not decode as such: save it as UTF-8"
    ))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_decides_as_the_standard_library() {
        // Every sequence of up to three bytes built from bytes that matter
        // to UTF-8 (ASCII, continuation bytes, leads of each length, bytes
        // never valid), alone and after a long ASCII run (where a
        // vectorised validator takes another path).
        let interesting: Vec<u8> = [
            0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        .to_vec();
        let ascii = b"  1) 31: 13/10 24/23        64: 8/2 6/2\n".repeat(5);
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for &a in &interesting {
            cases.push(vec![a]);
            for &b in &interesting {
                cases.push(vec![a, b]);
                for &c in &interesting {
                    cases.push(vec![a, b, c]);
                }
            }
        }
        for case in cases {
            for at in [0, 1, 31, 32, 63, 64, 65, ascii.len()] {
                let mut bytes = ascii.clone();
                bytes.splice(at..at, case.iter().copied());
                // A four-byte character too, on either side.
                bytes.extend_from_slice("\u{1F3B2} x".as_bytes());
                assert_eq!(
                    utf8(&bytes),
                    std::str::from_utf8(&bytes).ok(),
                    "{case:02X?} at {at}"
                );
                assert_eq!(utf8(&bytes[at..]), std::str::from_utf8(&bytes[at..]).ok());
            }
        }
    }

    #[test]
    fn plain_utf8_is_borrowed() {
        let d = decode(b" 7 point match\n").unwrap();
        assert_eq!(d.encoding, Encoding::Utf8);
        assert!(matches!(d.text, Cow::Borrowed(_)));
    }

    #[test]
    fn utf8_bom_is_removed() {
        let d = decode(b"\xEF\xBB\xBF; [Site \"eXtreme Gammon\"]\r\n").unwrap();
        assert_eq!(d.encoding, Encoding::Utf8Bom);
        assert_eq!(d.text, "; [Site \"eXtreme Gammon\"]\r\n");
    }

    #[test]
    fn utf16_with_bom_in_both_byte_orders() {
        let text = "1 point match\nJos\u{e9} : 0";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        let d = decode(&le).unwrap();
        assert_eq!((d.encoding, d.text.as_ref()), (Encoding::Utf16Le, text));
        let d = decode(&be).unwrap();
        assert_eq!((d.encoding, d.text.as_ref()), (Encoding::Utf16Be, text));
    }

    #[test]
    fn windows_1252_is_the_fallback() {
        let d = decode(b" S\xFCrmeyan : 0    Fran\xE7ois : 0 \x93x\x94").unwrap();
        assert_eq!(d.encoding, Encoding::Windows1252);
        assert_eq!(
            d.text,
            " S\u{fc}rmeyan : 0    Fran\u{e7}ois : 0 \u{201c}x\u{201d}"
        );
    }

    #[test]
    fn binary_data_is_refused_with_the_reason() {
        let err = decode(b"XG\x00\x01\x02garbage").unwrap_err();
        assert_eq!(
            err.0,
            "binary data (a NUL byte at offset 2), not a transcript"
        );
        let noisy: Vec<u8> = (0..200u8)
            .map(|i| if i % 10 == 0 { 3 } else { b'a' })
            .collect();
        assert!(decode(&noisy).unwrap_err().0.contains("control bytes"));
    }

    #[test]
    fn every_control_byte_is_seen_wherever_it_is() {
        for at in 0..20 {
            for bad in [0u8, 1, 0x1F, 0x7F] {
                let mut text = vec![b'a'; 20];
                text[at] = bad;
                let got = check_binary(&text);
                if bad == 0 {
                    assert_eq!(
                        got.unwrap_err().0,
                        format!("binary data (a NUL byte at offset {at}), not a transcript")
                    );
                } else {
                    assert!(
                        got.unwrap_err().0.contains("1 control bytes"),
                        "{bad} at {at}"
                    );
                }
            }
        }
        assert!(check_binary(b"ab\tc\r\nd\x0c\x1a\x1b e\xc3\xa9").is_ok());
    }

    #[test]
    fn controls_are_counted_eight_bytes_at_a_time() {
        // NUL is refused before counting.
        for b in 1..=255u8 {
            let word = u64::from_le_bytes([b, b'a', b, 0x20, 0x80, 0xFF, b'\n', b]);
            assert_eq!(
                binary_controls_in(word),
                3 * usize::from(is_binary_control(b)),
                "{b}"
            );
        }
    }

    #[test]
    fn suspect_bytes_are_found_wherever_they_are() {
        let text = vec![b'a'; 200];
        assert!(!has_suspect_byte(&text));
        assert!(!has_suspect_byte(b"ab\r\ncd\n\xc3\xa9~"));
        for at in [0, 63, 64, 127, 128, 199] {
            for bad in [0u8, 1, b'\t', 0x0C, 0x1A, 0x1B, 0x1F, 0x7F] {
                let mut text = text.clone();
                text[at] = bad;
                assert!(has_suspect_byte(&text), "{bad} at {at}");
            }
        }
        // Every length and place, and the bytewise test agreeing.
        for len in 0..200 {
            let text = b"ab\r\ncd\n\xc3\xa9~ ".repeat(20)[..len].to_vec();
            assert!(!has_suspect_byte(&text), "{len}");
            for at in 0..len {
                for bad in [0u8, 0x1F, 0x7F, b'\n', 0x80, 0xFF] {
                    let mut text = text.clone();
                    text[at] = bad;
                    let bytewise = text
                        .iter()
                        .any(|&b| (b < 0x20 && b != b'\n' && b != b'\r') || b == 0x7F);
                    assert_eq!(has_suspect_byte(&text), bytewise, "{bad} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn a_stray_control_character_is_tolerated() {
        let mut text = vec![b'a'; 300];
        text[7] = 0x1A;
        text[9] = 0x02;
        assert_eq!(decode(&text).unwrap().encoding, Encoding::Utf8);
    }
}
