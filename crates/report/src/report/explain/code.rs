//! What a finding code means: `bgaudit explain CODE`.

use std::fmt::Write as _;

use super::WRAP;
use super::style::Style;
use crate::catalogue::{self, Kind};
use crate::report::wrap;

/// What a code means: `bgaudit explain CODE`. `None` for an unknown name.
#[must_use]
pub fn explain_code(name: &str, style: Style) -> Option<String> {
    explain_code_within(name, style, None)
}

/// [`explain_code`] with its paragraphs wrapped to `width` columns when
/// that is narrower than the usual 78 (a terminal's width).
#[must_use]
pub fn explain_code_within(name: &str, style: Style, width: Option<u16>) -> Option<String> {
    let entry = catalogue::lookup(name)?;
    let wrap_at = width.map_or(WRAP, |width| usize::from(width).clamp(40, WRAP));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}",
        style.bold(&entry.name()),
        entry.group.title()
    );
    let _ = writeln!(out, "severity: {}", entry.severity_text());
    out.push('\n');
    for line in wrap(entry.meaning, wrap_at - 2) {
        let _ = writeln!(out, "  {line}");
    }
    if entry.kind.is_none() {
        let kinds = catalogue::kinds(entry.code);
        if !kinds.is_empty() {
            out.push('\n');
            let _ = writeln!(
                out,
                "{} (`bgaudit explain {}/KIND` for one):",
                style.bold("kinds"),
                entry.code
            );
            for kind in kinds {
                let first = kind.meaning.split(". ").next().unwrap_or(kind.meaning);
                let first = first.trim_end_matches('.');
                let text = format!(
                    "{} ({}): {first}.",
                    kind.kind.map_or("", Kind::as_str),
                    kind.severity
                );
                for (i, line) in wrap(&text, wrap_at - 4).into_iter().enumerate() {
                    let _ = writeln!(out, "{}{line}", if i == 0 { "  " } else { "    " });
                }
            }
        }
    }
    out.push('\n');
    if entry.rules.is_empty() {
        let _ = writeln!(
            out,
            "{} none of the game: the transcript cannot be read as written.",
            style.bold("rule:")
        );
    } else {
        for line in wrap(
            "the rule, as the rules the tool enforces state it (rules.md):",
            wrap_at,
        ) {
            let _ = writeln!(out, "{}", style.bold(&line));
        }
        let mut section = "";
        for quote in entry.rules {
            if quote.section != section {
                let _ = writeln!(out, "  {}", quote.section);
                section = quote.section;
            }
            for line in wrap(quote.text, wrap_at - 4) {
                let _ = writeln!(out, "  > {line}");
            }
        }
    }
    out.push('\n');
    let _ = writeln!(out, "{}", style.bold("example:"));
    let _ = writeln!(out, "  {}", entry.example);
    Some(out)
}
