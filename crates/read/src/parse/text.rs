//! Bytes to text, for a file held whole: what [`super::identify`] decides
//! (a byte-order mark, UTF-16 without one, binary data refused with the
//! reason), decoded by the one decoder (`decoder::Decoder`) unless the text is
//! valid UTF-8 and borrowed as it is.
//!
//! Transcripts come as UTF-8 with or without a byte-order mark (eXtreme
//! Gammon writes one), UTF-16 with a byte-order mark, or Windows-1252 in older
//! archives. Binary files (eXtreme Gammon `.xg`, images, archives) are refused
//! with the reason, so that no reader ever sees them.

use std::borrow::Cow;

use super::decoder::{Decoder, utf8};
pub use super::identify::Encoding;
use super::identify::{self, Kind};
use super::stray::has_suspect_byte;

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

/// Decodes a file's bytes.
///
/// A byte-order mark decides UTF-8 or UTF-16 (malformed sequences then
/// become U+FFFD); without one the bytes are UTF-16 when their zero bytes
/// say so, else UTF-8 if they are valid UTF-8, else Windows-1252.
///
/// # Errors
/// [`Unreadable`] when the bytes are binary: a NUL byte (outside UTF-16), or
/// more than 1 % control characters other than tab, line feed, carriage
/// return, form feed, escape and the DOS end-of-file mark, unless confined
/// to a few lines (see [`super::stray`]).
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, Unreadable> {
    if let Some((encoding, rest)) = identify::marked(bytes) {
        return decode_marked(rest, encoding);
    }
    // UTF-16 without a byte-order mark holds NUL bytes: suspect bytes. Most
    // texts hold none: text, whatever their first bytes.
    let suspect = has_suspect_byte(bytes);
    if suspect {
        let kind = identify::kind(bytes);
        if let Kind::Utf16 { encoding, plain } = kind {
            return decode_utf16_without_bom(bytes, encoding, plain);
        }
        // Windows-1252 keeps the bytes below 0x80 and writes the others as
        // characters whose bytes are all above 0x7F: either way the text is
        // as suspect as the bytes.
        if let Some(reason) = identify::binary_refusal(bytes) {
            // A binary format the readers name says what it is and what to do.
            let named = match kind {
                Kind::Binary(binary) => binary.refusal(),
                _ => None,
            };
            return Err(Unreadable(named.map_or(reason, str::to_owned)));
        }
    }
    Ok(match utf8(bytes) {
        Some(text) => Decoded {
            text: Cow::Borrowed(text),
            encoding: Encoding::Utf8,
            suspect,
        },
        None => Decoded {
            text: Cow::Owned(decoded(bytes, Encoding::Windows1252).0),
            encoding: Encoding::Windows1252,
            suspect,
        },
    })
}

/// The text after a byte-order mark that says `encoding`.
fn decode_marked(rest: &[u8], encoding: Encoding) -> Result<Decoded<'_>, Unreadable> {
    if encoding == Encoding::Utf8Bom {
        // Malformed sequences become U+FFFD, whose bytes are no control
        // bytes: the text is as suspect as the bytes.
        let suspect = check_binary(rest)?;
        let text = utf8(rest).map_or_else(|| Cow::Owned(decoded(rest, encoding).0), Cow::Borrowed);
        return Ok(Decoded {
            text,
            encoding,
            suspect,
        });
    }
    let (text, _) = decoded(rest, encoding);
    let suspect = check_binary(text.as_bytes())?;
    Ok(Decoded {
        text: Cow::Owned(text),
        encoding,
        suspect,
    })
}

/// UTF-16 without a byte-order mark in the byte order of `encoding`:
/// decoded when it is `plain`ly so, of an even length, and decodes without
/// a malformed character or a NUL; else refused.
fn decode_utf16_without_bom(
    bytes: &[u8],
    encoding: Encoding,
    plain: bool,
) -> Result<Decoded<'static>, Unreadable> {
    if plain && bytes.len().is_multiple_of(2) {
        let (text, replaced) = decoded(bytes, encoding);
        if !replaced && !text.contains('\0') {
            let suspect = check_binary(text.as_bytes())?;
            return Ok(Decoded {
                text: Cow::Owned(text),
                encoding,
                suspect,
            });
        }
    }
    Err(Unreadable(identify::utf16_refusal(encoding)))
}

/// `bytes` in `encoding` decoded in one last push of the one decoder, and
/// whether bytes that are no character became U+FFFD.
fn decoded(bytes: &[u8], encoding: Encoding) -> (String, bool) {
    let mut decoder = Decoder::new(encoding);
    let mut text = String::new();
    decoder.decode(bytes, &mut text, true);
    (text, decoder.replaced())
}

/// Refuses binary data ([`identify::binary_refusal`]). `Ok(false)` when the
/// bytes hold no suspect byte at all ([`has_suspect_byte`]).
fn check_binary(bytes: &[u8]) -> Result<bool, Unreadable> {
    // Most text holds no byte below 0x20 but line ends, and no DEL: then it
    // holds no NUL and no control character either.
    if !has_suspect_byte(bytes) {
        return Ok(false);
    }
    match identify::binary_refusal(bytes) {
        Some(reason) => Err(Unreadable(reason)),
        None => Ok(true),
    }
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
