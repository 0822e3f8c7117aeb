//! Bytes to text a push at a time: the one decoder of a file's bytes, once
//! its encoding is known.
//!
//! A [`Decoder`] is fed bytes and writes their text onto a `String`,
//! returning how many bytes it took: a character cut by the end of a push
//! waits for the next one, unless the push is the last. A file held whole
//! is decoded in one last push ([`super::text::decode`]); a file read a
//! block at a time ([`super::matches::MatchReader`]), a push per block. The
//! text is the same either way.

use super::identify::Encoding;

/// Decodes the bytes of one file, push by push (see the module docs).
#[derive(Debug)]
pub struct Decoder {
    encoding: Encoding,
    /// The decoder of an encoding other than UTF-8 (Windows-1252, UTF-16),
    /// which keeps the part of a character a push ends with.
    other: Option<encoding_rs::Decoder>,
    /// Bytes that are no character became U+FFFD.
    replaced: bool,
}

impl Decoder {
    /// A decoder of bytes in `encoding`, without a byte-order mark (the
    /// caller takes it off: it is no text).
    #[must_use]
    pub fn new(encoding: Encoding) -> Decoder {
        let other = match encoding {
            Encoding::Utf16Le | Encoding::Utf16LeNoBom => Some(encoding_rs::UTF_16LE),
            Encoding::Utf16Be | Encoding::Utf16BeNoBom => Some(encoding_rs::UTF_16BE),
            Encoding::Windows1252 => Some(encoding_rs::WINDOWS_1252),
            Encoding::Utf8 | Encoding::Utf8Bom => None,
        }
        .map(encoding_rs::Encoding::new_decoder_without_bom_handling);
        Decoder {
            encoding,
            other,
            replaced: false,
        }
    }

    /// Writes the text of `input` onto `output`; `last` when no bytes
    /// follow. Returns the bytes taken: all of them when `last`, else up to
    /// the last whole character (the rest is to come again, with what
    /// follows it). Bytes that are no character of the encoding become
    /// U+FFFD.
    pub fn decode(&mut self, input: &[u8], output: &mut String, last: bool) -> usize {
        if let Some(other) = &mut self.other {
            let needed = other
                .max_utf8_buffer_length(input.len())
                .unwrap_or(usize::MAX);
            output.reserve(needed);
            let (_, read, replaced) = other.decode_to_string(input, output, last);
            self.replaced |= replaced;
            return read;
        }
        let end = if last { input.len() } else { utf8_whole(input) };
        let bytes = &input[..end];
        match utf8(bytes) {
            Some(text) => output.push_str(text),
            None => {
                self.replaced = true;
                output.push_str(&String::from_utf8_lossy(bytes));
            }
        }
        end
    }

    /// The length of the text `input` decodes to, for bytes that are
    /// dropped rather than decoded (the end of a line too long to keep):
    /// in UTF-8, its length; in Windows-1252, its characters' lengths.
    /// Not for UTF-16, which is never read a block at a time.
    #[must_use]
    pub fn decoded_len(&self, input: &[u8]) -> usize {
        match self.encoding {
            Encoding::Windows1252 => input.iter().map(|&b| windows_1252_len(b)).sum(),
            _ => input.len(),
        }
    }

    /// Whether bytes decoded so far that are no character of the encoding
    /// became U+FFFD (never in Windows-1252, where every byte is one).
    #[must_use]
    pub fn replaced(&self) -> bool {
        self.replaced
    }
}

/// The length in UTF-8 of the Windows-1252 character of byte `b`: one
/// for ASCII, two for the Latin-1 range and the characters from 0x80 to
/// 0x9F that are Latin letters, modifier letters or unassigned, three for
/// the others (punctuation, the euro sign, the trade mark sign).
pub(crate) const fn windows_1252_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0x81 | 0x83 | 0x88 | 0x8A | 0x8C..=0x90 | 0x98 | 0x9A | 0x9C..=0xFF => 2,
        _ => 3,
    }
}

/// The bytes as text when they are valid UTF-8: the same decision as
/// [`std::str::from_utf8`], by the `simdutf8` crate's validator, which reads
/// many bytes an instruction (the standard one reads a word at a time).
pub(crate) fn utf8(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}

/// The length of `bytes` without a UTF-8 character its end cuts: the
/// lead byte of the last character and what follows it, when fewer bytes
/// follow than it announces.
fn utf8_whole(bytes: &[u8]) -> usize {
    let len = bytes.len();
    for back in 1..=len.min(4) {
        let at = len - back;
        let b = bytes[at];
        if b & 0xC0 == 0x80 {
            // A continuation byte: its lead is further back.
            continue;
        }
        let width = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        return if width > back { at } else { len };
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes` decoded in pushes cut at every place, and at once.
    fn each_way(bytes: &[u8], encoding: Encoding) {
        let mut whole = String::new();
        assert_eq!(
            Decoder::new(encoding).decode(bytes, &mut whole, true),
            bytes.len()
        );
        for cut in 0..=bytes.len() {
            let mut decoder = Decoder::new(encoding);
            let mut text = String::new();
            let taken = decoder.decode(&bytes[..cut], &mut text, false);
            assert!(taken <= cut);
            let rest = decoder.decode(&bytes[taken..], &mut text, true);
            assert_eq!(taken + rest, bytes.len());
            assert_eq!(text, whole, "{encoding:?} cut at {cut}");
        }
    }

    #[test]
    fn a_character_cut_by_a_push_waits_for_the_next() {
        each_way("Müller 3€ 𝄞 x".as_bytes(), Encoding::Utf8);
        each_way(b"M\xfcller \x80 x", Encoding::Windows1252);
        let utf16: Vec<u8> = "Müller 𝄞"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        each_way(&utf16, Encoding::Utf16Le);
        let utf16: Vec<u8> = "Müller 𝄞"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        each_way(&utf16, Encoding::Utf16BeNoBom);
        // Malformed UTF-8 becomes U+FFFD, as read whole.
        each_way(b"a\xff\xc3(b\xe2\x82", Encoding::Utf8);
    }

    #[test]
    fn text_read_whole_is_decoded_as_before() {
        let mut text = String::new();
        Decoder::new(Encoding::Utf8Bom).decode(b"a\xffb", &mut text, true);
        assert_eq!(text, String::from_utf8_lossy(b"a\xffb"));
        let mut text = String::new();
        Decoder::new(Encoding::Windows1252).decode(b"\x80\x9f", &mut text, true);
        assert_eq!(text, "€Ÿ");
        assert_eq!(utf8_whole(b"ab\xe2\x82"), 2);
        // Whether bytes became U+FFFD, as `encoding_rs` tells for UTF-16.
        let mut decoder = Decoder::new(Encoding::Utf8);
        decoder.decode("a\u{FFFD}b".as_bytes(), &mut String::new(), true);
        assert!(!decoder.replaced());
        decoder.decode(b"a\xff", &mut String::new(), true);
        assert!(decoder.replaced());
        let mut decoder = Decoder::new(Encoding::Utf16LeNoBom);
        decoder.decode(b"a\0b", &mut String::new(), true);
        assert!(decoder.replaced());
        assert_eq!(utf8_whole(b"ab\xe2\x82\xac"), 5);
        assert_eq!(utf8_whole(b"\xff\xff"), 2);
    }

    #[test]
    fn every_windows_1252_byte_has_its_decoded_length() {
        for b in 0..=255u8 {
            let byte = [b];
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
            assert_eq!(windows_1252_len(b), text.len(), "{b:#04x}");
        }
        let decoder = Decoder::new(Encoding::Windows1252);
        assert_eq!(decoder.decoded_len(b"a\xe9\x80"), 6);
        assert_eq!(Decoder::new(Encoding::Utf8).decoded_len(b"a\xe9\x80"), 3);
    }
}
