//! Writing a diagnostic: the headline, the place, the quoted line with the
//! cell underlined, the notes.

use std::fmt::Write as _;

use super::source::excerpt;
use super::style::Label;
use super::{Explainer, MAX_LINE};
use crate::escape::terminal;
use crate::location::Location;
use crate::report::{wrap, wrap_hanging};

/// The indent of a note's block (a board) under a diagnostic, with room for
/// a line number of five digits.
const BLOCK_INDENT: usize = 8;

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
    /// The columns a note's block (a board) may take: the width less the
    /// block's indent (that of a diagnostic on a line up to 99999).
    pub(super) fn block_room(&self) -> Option<usize> {
        self.width
            .map(|width| usize::from(width).saturating_sub(BLOCK_INDENT))
    }

    /// `text` after a prefix of `prefix` columns: one line when it fits in
    /// the width (or there is none), else wrapped, the lines after the first
    /// to be indented by the returned indent: under the text when there is
    /// a prefix and it takes at most a third of the width, else `fallback`.
    pub(super) fn fit(&self, prefix: usize, text: &str, fallback: usize) -> (Vec<String>, usize) {
        let Some(width) = self.width.map(usize::from) else {
            return (vec![text.to_owned()], 0);
        };
        if prefix + text.chars().count() <= width {
            return (vec![text.to_owned()], 0);
        }
        let indent = if prefix > 0 && prefix <= width / 3 {
            prefix
        } else {
            fallback
        };
        let first = width.saturating_sub(prefix).max(20);
        let rest = width.saturating_sub(indent).max(20);
        (wrap_hanging(text, first, rest), indent)
    }

    /// Writes a diagnostic.
    pub(super) fn render(&self, d: &Diagnostic<'_>) -> String {
        let style = self.style;
        let mut out = String::new();
        let head = match &d.name {
            Some(name) => format!("{}[{name}]", d.label.word()),
            None => d.label.word().to_owned(),
        };
        let message = terminal(&d.message);
        let (lines, indent) = self.fit(head.chars().count() + 2, &message, 4);
        let mut lines = lines.into_iter();
        let _ = writeln!(
            out,
            "{}{}",
            style.label(d.label, &head),
            style.bold(&format!(": {}", lines.next().unwrap_or_default()))
        );
        for line in lines {
            let _ = writeln!(out, "{:indent$}{}", "", style.bold(&line));
        }
        let line_text = if d.location.line > 0 {
            d.location.line.to_string()
        } else {
            String::new()
        };
        let pad = " ".repeat(line_text.len().max(1));
        let place = crate::report::place_in(self.report, d.location);
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
            context.push(terminal(p).into_owned());
        }
        let context = if context.is_empty() {
            String::new()
        } else {
            format!("({})", context.join(", "))
        };
        // The place, then the context beside it; under it when too wide.
        let indent = pad.len() + 4;
        let beside = format!("{place}  {context}");
        let (first, under) = match self.width.map(usize::from) {
            Some(width) if !context.is_empty() && indent + beside.chars().count() > width => {
                (place, wrap(&context, width.saturating_sub(indent).max(20)))
            }
            _ if context.is_empty() => (place, Vec::new()),
            _ => (beside, Vec::new()),
        };
        let _ = writeln!(out, "{pad}{} {first}", style.frame("-->"));
        for line in under {
            let _ = writeln!(out, "{:indent$}{line}", "");
        }
        if let Some(line) = self.source.and_then(|s| s.line(d.location.line)) {
            let room = self.width.map_or(MAX_LINE, |width| {
                usize::from(width)
                    .saturating_sub(pad.len() + 3)
                    .clamp(40, MAX_LINE)
            });
            let (shown, start, width) = excerpt(line, d.location.column, d.text, room);
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
            let text = terminal(&note.text);
            let prefix = pad.len() + 3 + note.label.chars().count() + 1;
            let (lines, indent) = if text.is_empty() {
                (vec![String::new()], 0)
            } else {
                self.fit(prefix + 1, &text, pad.len() + 5)
            };
            let mut lines = lines.into_iter();
            let first = lines.next().unwrap_or_default();
            let _ = writeln!(
                out,
                "{pad} {} {}{}",
                style.frame("="),
                style.bold(&format!("{}:", note.label)),
                if first.is_empty() {
                    String::new()
                } else {
                    format!(" {first}")
                }
            );
            for line in lines {
                let _ = writeln!(out, "{:indent$}{line}", "");
            }
            for line in &note.block {
                let _ = writeln!(out, "{pad}   {}", terminal(line));
            }
        }
        out
    }
}
