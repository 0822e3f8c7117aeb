//! Writing a diagnostic: the headline, the place, the quoted line with the
//! cell underlined, the notes.

use std::fmt::Write as _;

use super::Explainer;
use super::source::excerpt;
use super::style::Label;
use crate::location::Location;

/// One note under a diagnostic: a label, a first line, more lines.
#[derive(Clone, Debug, Default)]
pub(super) struct Note {
    pub(super) label: &'static str,
    pub(super) text: String,
    pub(super) block: Vec<String>,
}

impl Note {
    pub(super) fn new(label: &'static str, text: impl Into<String>) -> Note {
        Note {
            label,
            text: text.into(),
            block: Vec::new(),
        }
    }
}

/// Everything a diagnostic shows, from a finding or a replayed step.
#[derive(Clone, Debug)]
pub(super) struct Diagnostic<'a> {
    pub(super) label: Label,
    pub(super) name: Option<String>,
    pub(super) message: String,
    pub(super) location: Location,
    pub(super) match_number: u32,
    pub(super) game: Option<u32>,
    pub(super) row: Option<u32>,
    pub(super) player: Option<&'a str>,
    pub(super) text: &'a str,
    pub(super) notes: Vec<Note>,
}

impl Explainer<'_> {
    /// Writes a diagnostic.
    pub(super) fn render(&self, d: &Diagnostic<'_>) -> String {
        let style = self.style;
        let mut out = String::new();
        let head = match &d.name {
            Some(name) => format!("{}[{name}]", d.label.word()),
            None => d.label.word().to_owned(),
        };
        let _ = writeln!(
            out,
            "{}{}",
            style.label(d.label, &head),
            style.bold(&format!(": {}", d.message))
        );
        let line_text = if d.location.line > 0 {
            d.location.line.to_string()
        } else {
            String::new()
        };
        let pad = " ".repeat(line_text.len().max(1));
        let mut place = self.report.path.clone();
        if d.location.line > 0 {
            let _ = write!(place, ":{}", d.location.line);
            if d.location.column > 0 {
                let _ = write!(place, ":{}", d.location.column);
            }
        }
        let mut context = Vec::new();
        if d.match_number > 0 {
            context.push(format!("match {}", d.match_number));
        }
        if let Some(g) = d.game {
            context.push(format!("game {g}"));
        }
        if let Some(r) = d.row {
            context.push(format!("move {r}"));
        }
        if let Some(p) = d.player.map(str::trim).filter(|p| !p.is_empty()) {
            context.push(p.to_owned());
        }
        let context = if context.is_empty() {
            String::new()
        } else {
            format!("  ({})", context.join(", "))
        };
        let _ = writeln!(out, "{pad}{} {place}{context}", style.frame("-->"));
        if let Some(line) = self.source.and_then(|s| s.line(d.location.line)) {
            let (shown, start, width) = excerpt(line, d.location.column, d.text);
            let _ = writeln!(out, "{pad} {}", style.frame("|"));
            let _ = writeln!(
                out,
                "{} {}",
                style.frame(&format!("{line_text} |")),
                shown.trim_end()
            );
            let carets = "^".repeat(width.max(1));
            let _ = writeln!(
                out,
                "{pad} {} {}{}",
                style.frame("|"),
                " ".repeat(start),
                style.label(d.label, &carets)
            );
        }
        for note in &d.notes {
            let _ = writeln!(
                out,
                "{pad} {} {}{}",
                style.frame("="),
                style.bold(&format!("{}:", note.label)),
                if note.text.is_empty() {
                    String::new()
                } else {
                    format!(" {}", note.text)
                }
            );
            for line in &note.block {
                let _ = writeln!(out, "{pad}   {line}");
            }
        }
        out
    }
}
