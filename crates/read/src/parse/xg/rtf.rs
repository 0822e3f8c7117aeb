//! The plain text of the RTF comments eXtreme Gammon stores (`temp.xgc`).
//!
//! The comment stream is one RTF document per line, lines separated by CRLF;
//! inside a document the bytes 1, 2 stand for a line break. Only what a
//! reader shows is kept: text, `\par` and `\line` as line breaks, `\tab`,
//! `\'hh` (Windows-1252) and `\uN` characters. Font and colour tables,
//! stylesheets, document information and `\*` destinations are skipped.

/// The comments of a comment stream, by index (one per line).
#[must_use]
pub fn comments(stream: &[u8]) -> Vec<String> {
    lines(stream).map(text).collect()
}

/// The RTF documents of a comment stream, in order (one per line).
pub fn lines(stream: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = stream;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = memchr::memmem::find(rest, b"\r\n").unwrap_or(rest.len());
        let line = &rest[..end];
        rest = rest.get(end + 2..).unwrap_or_default();
        Some(line)
    })
}

/// Destinations whose content is no text.
const SKIPPED: &[&str] = &[
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "pict",
    "generator",
    "header",
    "footer",
    "object",
];

/// A Windows-1252 byte as a character.
fn cp1252(byte: u8) -> char {
    let bytes = [byte];
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
    text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// One RTF document to plain text, trimmed.
#[must_use]
pub fn text(rtf: &[u8]) -> String {
    let mut out = String::new();
    // Per group: skipping its content, and the `\ucN` count.
    let mut groups: Vec<(bool, usize)> = vec![(false, 1)];
    // Characters still to drop after a `\uN` (its ANSI fallback).
    let mut fallback = 0usize;
    let mut i = 0;
    while i < rtf.len() {
        let (skipping, uc) = groups.last().copied().unwrap_or((false, 1));
        let b = rtf[i];
        i += 1;
        match b {
            b'{' => groups.push((skipping, uc)),
            b'}' => {
                if groups.len() > 1 {
                    groups.pop();
                }
            }
            b'\\' => {
                let Some(&next) = rtf.get(i) else { break };
                if next.is_ascii_alphabetic() {
                    let start = i;
                    while rtf.get(i).is_some_and(u8::is_ascii_alphabetic) {
                        i += 1;
                    }
                    let word = std::str::from_utf8(&rtf[start..i]).unwrap_or_default();
                    let digits = i;
                    if rtf.get(i) == Some(&b'-') {
                        i += 1;
                    }
                    while rtf.get(i).is_some_and(u8::is_ascii_digit) && i - digits < 12 {
                        i += 1;
                    }
                    let param: Option<i64> = std::str::from_utf8(&rtf[digits..i])
                        .ok()
                        .and_then(|p| p.parse().ok());
                    if rtf.get(i) == Some(&b' ') {
                        i += 1;
                    }
                    if SKIPPED.contains(&word) {
                        if let Some(g) = groups.last_mut() {
                            g.0 = true;
                        }
                        continue;
                    }
                    if skipping {
                        continue;
                    }
                    match word {
                        "par" | "line" => out.push('\n'),
                        "tab" => out.push('\t'),
                        "uc" => {
                            if let Some(g) = groups.last_mut() {
                                g.1 = param.and_then(|p| usize::try_from(p).ok()).unwrap_or(1);
                            }
                        }
                        "u" => {
                            let code = param.unwrap_or_default();
                            let code = if code < 0 { code + 65_536 } else { code };
                            let c = u32::try_from(code)
                                .ok()
                                .and_then(char::from_u32)
                                .unwrap_or(char::REPLACEMENT_CHARACTER);
                            out.push(c);
                            fallback = uc;
                        }
                        _ => {}
                    }
                } else {
                    i += 1;
                    match next {
                        b'*' => {
                            if let Some(g) = groups.last_mut() {
                                g.0 = true;
                            }
                        }
                        b'\'' => {
                            let hex = rtf.get(i..i + 2).unwrap_or_default();
                            i += hex.len();
                            let byte = std::str::from_utf8(hex)
                                .ok()
                                .and_then(|h| u8::from_str_radix(h, 16).ok());
                            if let Some(byte) = byte
                                && !skipping
                            {
                                if fallback > 0 {
                                    fallback -= 1;
                                } else {
                                    out.push(cp1252(byte));
                                }
                            }
                        }
                        b'\\' | b'{' | b'}' if !skipping => out.push(char::from(next)),
                        b'~' if !skipping => out.push(' '),
                        b'_' if !skipping => out.push('-'),
                        b'\r' | b'\n' if !skipping => out.push('\n'),
                        _ => {}
                    }
                }
            }
            b'\r' | b'\n' => {}
            // eXtreme Gammon's stand-in for a line break inside a document.
            1 | 2 => {}
            _ if skipping => {}
            _ => {
                if fallback > 0 {
                    fallback -= 1;
                } else {
                    out.push(cp1252(b));
                }
            }
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtf_gives_its_text() {
        let doc = b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0 Arial;}}\x01\x02{\\colortbl;}\x01\x02{\\*\\generator Wine Riched20 2.0;}\x01\x02\\pard\\fs20\\f0 les doubles \\'e0 trouver\\par\x01\x02 5/off\\tab -.277\\line \\u8364?x\\par}";
        assert_eq!(text(doc), "les doubles à trouver\n 5/off\t-.277\n€x");
    }

    #[test]
    fn a_stream_has_one_comment_per_line() {
        let stream = b"{\\rtf1 first\\par}\r\n{\\rtf1 \\{second\\}}\r\n";
        assert_eq!(comments(stream), ["first", "{second}"]);
        assert!(comments(b"").is_empty());
    }

    #[test]
    fn broken_rtf_is_no_panic() {
        for doc in [
            &b"\\"[..],
            b"{{{",
            b"}}}",
            b"\\'",
            b"\\'4",
            b"\\u-99999999999999999",
            b"\\uc99 x",
        ] {
            let _ = text(doc);
        }
    }
}
