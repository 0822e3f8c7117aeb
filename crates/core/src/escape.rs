//! Text from a transcript is untrusted: one place escapes it for each kind of
//! output.
//!
//! Player names, tags, comments, unparsable cells and file names come from
//! strangers. Printed raw they could drive a terminal (an `ESC[31m` colour,
//! an `ESC]0;title BEL` that retitles the window), reorder a table row on
//! screen (a bidirectional override such as U+202E), run in a browser
//! (`<img src=x onerror=...>` in an HTML report) or become a formula in a
//! spreadsheet (`=HYPERLINK(...)` in a CSV cell). Every writer passes input
//! text through the function of this module that fits its output:
//!
//! - [`terminal`] (and [`Terminal`], [`os_str`]) for everything printed for
//!   people: tables, diagnostics, boards, error lines;
//! - [`html`] for HTML element text and double-quoted attribute values, and
//!   [`script_json`] for JSON placed inside a `<script>` element;
//! - [`csv_formula`] for CSV cells when the user asks for spreadsheet-safe
//!   CSV (`--csv-safe`).
//!
//! JSON and JSON Lines need nothing here: `serde_json` escapes every control
//! character, and a JSON reader does not interpret the rest.
//!
//! ```
//! use bgaudit_core::escape;
//! assert_eq!(escape::terminal("Ann\u{1b}[31m"), "Ann\\x1b[31m");
//! assert_eq!(escape::html("<b>&"), "&lt;b&gt;&amp;");
//! assert_eq!(escape::csv_formula("=1+1"), "'=1+1");
//! ```

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt::{self, Write as _};

/// Whether a character must not reach a terminal as it is: C0 controls (tab,
/// newline and carriage return included: input text never lays out a
/// terminal), DEL, C1 controls, and the bidirectional controls and marks that
/// reorder or re-embed the text around them.
#[must_use]
pub fn is_unsafe_for_terminal(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}'
        | '\u{7f}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}' | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}')
}

/// Writes `c` as an escape: `\x1b` for ASCII controls and DEL, `\u{202e}`
/// for the others.
fn write_escaped(out: &mut impl fmt::Write, c: char) -> fmt::Result {
    if c.is_ascii() {
        write!(out, "\\x{:02x}", c as u32)
    } else {
        write!(out, "\\u{{{:x}}}", c as u32)
    }
}

/// `text` with every character that could drive or reorder a terminal
/// written as a visible escape (`\x1b`, `\u{202e}`); borrowed when there is
/// none (the common case).
#[must_use]
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe_for_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe_for_terminal(c) {
            // Writing to a String cannot fail.
            let _ = write_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Displays a string escaped for a terminal (see [`terminal`]) without
/// building a new string: `format!("{}", Terminal(name))`.
#[derive(Copy, Clone, Debug)]
pub struct Terminal<'a>(pub &'a str);

impl fmt::Display for Terminal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(is_unsafe_for_terminal) {
            f.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            write_escaped(f, c)?;
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// A file name (or any OS string) for a terminal: valid UTF-8 runs escaped
/// as by [`terminal`], each byte that is not UTF-8 written `\xNN`, so that
/// two names that differ only in such bytes never print the same.
#[must_use]
pub fn os_str(name: &OsStr) -> Cow<'_, str> {
    match name.to_str() {
        Some(text) => terminal(text),
        None => Cow::Owned(escape_bytes(name.as_encoded_bytes())),
    }
}

/// Bytes as text for a terminal: UTF-8 runs escaped as by [`terminal`],
/// other bytes as `\xNN`.
#[must_use]
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(&terminal(chunk.valid()));
        for byte in chunk.invalid() {
            let _ = write!(out, "\\x{byte:02x}");
        }
    }
    out
}

/// `text` for HTML element content or a double-quoted attribute value: `&`,
/// `<`, `>`, `"` and `'` become character references. Control and bidi
/// characters are made visible as for a terminal (a page shows them no
/// better). Borrowed when nothing needs escaping.
#[must_use]
pub fn html(text: &str) -> Cow<'_, str> {
    let needs = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || is_unsafe_for_terminal(c);
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_unsafe_for_terminal(c) => {
                let _ = write_escaped(&mut out, c);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// JSON text made safe to place inside an HTML `<script>` element: `<`, `>`
/// and `&` become `\u003c`, `\u003e`, `\u0026` (so no `</script>` or
/// `<!--` can close or change the element), and U+2028/U+2029 are escaped
/// too. The result is still valid JSON with the same value.
#[must_use]
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Whether a spreadsheet would read a CSV cell as a formula: it begins with
/// `=`, `+`, `-`, `@`, a tab or a carriage return, after any blanks
/// (spreadsheets skip leading spaces before a formula, so ` =2+3` is one,
/// as OWASP's advice on CSV injection says).
#[must_use]
pub fn is_formula(cell: &str) -> bool {
    let start = cell.trim_start_matches([' ', '\u{a0}']);
    matches!(
        start.as_bytes().first(),
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
    )
}

/// A CSV cell made safe for spreadsheets: a cell that would be read as a
/// formula ([`is_formula`]) gets a leading `'`, which spreadsheets show as
/// text. Used only on request (`--csv-safe`), since it changes the data a
/// machine reader gets.
#[must_use]
pub fn csv_formula(cell: &str) -> Cow<'_, str> {
    if is_formula(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &[&str] = &[
        "\u{1b}[31mred\u{1b}[0m",
        "\u{1b}]0;owned\u{7}",
        "a\u{202e}gnp.exe",
        "x\u{2066}y\u{2069}",
        "tab\there",
        "nl\nnext",
        "del\u{7f}",
        "c1\u{9b}31m",
        "\u{200f}rtl",
    ];

    #[test]
    fn terminal_escapes_controls_and_bidi_and_nothing_else() {
        assert_eq!(terminal("\u{1b}[31m"), "\\x1b[31m");
        assert_eq!(terminal("\u{1b}]0;t\u{7}"), "\\x1b]0;t\\x07");
        assert_eq!(terminal("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(terminal("c1\u{9b}"), "c1\\u{9b}");
        assert_eq!(terminal("del\u{7f}"), "del\\x7f");
        assert_eq!(terminal("t\tn\n"), "t\\x09n\\x0a");
        for plain in ["Marta", "Jørgensen", "山田", "nori,1723", "ÉÀ €", ""] {
            assert!(matches!(terminal(plain), Cow::Borrowed(_)), "{plain}");
        }
        for hostile in HOSTILE {
            let out = terminal(hostile);
            assert!(!out.chars().any(is_unsafe_for_terminal), "{out}");
            assert_eq!(Terminal(hostile).to_string(), out, "{hostile:?}");
        }
    }

    #[test]
    fn non_utf8_names_stay_apart() {
        let a = escape_bytes(b"m\xff.mat");
        let b = escape_bytes(b"m\xfe.mat");
        assert_eq!(a, "m\\xff.mat");
        assert_ne!(a, b);
        assert_eq!(escape_bytes(b"ok\x1b.mat"), "ok\\x1b.mat");
        assert_eq!(os_str(OsStr::new("plain.mat")), "plain.mat");
    }

    #[test]
    fn html_escapes_markup_and_controls() {
        assert_eq!(
            html("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert(1)&gt;"
        );
        assert_eq!(html("</script><script>"), "&lt;/script&gt;&lt;script&gt;");
        assert_eq!(html("\" onmouseover='x'"), "&quot; onmouseover=&#39;x&#39;");
        assert_eq!(html("a&b"), "a&amp;b");
        assert_eq!(html("\u{1b}[31m"), "\\x1b[31m");
        assert!(matches!(html("Marta"), Cow::Borrowed(_)));
        for hostile in HOSTILE {
            let out = html(hostile);
            assert!(!out.contains(['<', '>', '"', '\'']), "{out}");
        }
    }

    #[test]
    fn script_json_cannot_close_the_element() {
        let json = serde_json::to_string("</script><!--<script>&").unwrap_or_default();
        let safe = script_json(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: String = serde_json::from_str(&safe).unwrap_or_default();
        assert_eq!(back, "</script><!--<script>&");
    }

    #[test]
    fn formulas_get_a_quote_and_data_does_not() {
        for cell in [
            "=1+1",
            "+41",
            "-2",
            "@SUM(A1)",
            "\tx",
            "\rx",
            " =2+3",
            "   @SUM(A1)",
            " \t=1",
            "\u{a0}-2",
        ] {
            assert!(is_formula(cell));
            assert_eq!(csv_formula(cell), format!("'{cell}"));
        }
        for cell in ["Marta", "13/7*/1", "", "1-0", "'quoted", "   ", " a=1"] {
            assert!(!is_formula(cell));
            assert_eq!(csv_formula(cell), cell);
        }
    }
}
