//! The plain list for people (`--format list`, or `text`): the findings of
//! each file under its name, one block per finding, written as they come.
//! It reads in a pager, in a log and on a terminal of any width from 80
//! up: the head line (`line:column`, severity, code, where) is short, and
//! the cell and message under it are wrapped to the width when there is
//! one (a terminal's or `COLUMNS`), else left on one line.
//!
//! ```text
//! fixtures/examples/club-final-7pt.mat
//!   34:6  error[illegal-play/wrong-dice]  game 2, move 8, Marta
//!         `52: 6/4 8/4`: `6/4 8/4` cannot be made with 52; ...
//! ```

use std::io::{self, Write};

use super::rules_listing::RulesListing;
use super::{FindingRow, FindingWriter, Totals};
use crate::escape::terminal;

/// Writes each finding as it comes, under its file's name.
#[derive(Debug)]
pub struct ListWriter<W: Write> {
    out: W,
    width: Option<u16>,
    colour: bool,
    /// The file whose name was written last.
    file: Option<String>,
    rules: RulesListing,
}

impl<W: Write> ListWriter<W> {
    /// A list over `out`, wrapped to `width` when given, its severities
    /// coloured (ANSI) when `colour`. `quiet`: the rules in force are listed
    /// only for the matches with warnings or errors.
    pub fn new(out: W, width: Option<u16>, colour: bool, quiet: bool) -> Self {
        ListWriter {
            out,
            width,
            colour,
            file: None,
            rules: RulesListing::new(quiet),
        }
    }
}

/// `text` in the colour of `severity` (bold red, yellow, cyan) when
/// `colour`.
#[must_use]
pub fn paint_severity(severity: &str, text: &str, colour: bool) -> String {
    let codes = match severity {
        "error" => "1;31",
        "warning" => "1;33",
        _ => "1;36",
    };
    if colour {
        format!("\x1b[{codes}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

/// Where in the file, after the file's name: `line:column`, `line`,
/// `@offset` (an `.xg`) or nothing.
fn short_place(row: &FindingRow) -> String {
    match (row.line, row.column, row.offset) {
        (Some(line), Some(column), _) => format!("{line}:{column}"),
        (Some(line), None, _) => line.to_string(),
        (None, _, Some(offset)) => format!("@{offset}"),
        _ => String::new(),
    }
}

/// The indent of the lines under a finding's head.
const INDENT: usize = 8;

impl<W: Write> FindingWriter for ListWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        let file = terminal(&row.file).into_owned();
        if self.file.as_deref() != Some(file.as_str()) {
            let name = if self.colour {
                format!("\x1b[1m{file}\x1b[0m")
            } else {
                file.clone()
            };
            writeln!(self.out, "{name}")?;
            self.file = Some(file);
        }
        let mut place: Vec<String> = Vec::new();
        if let Some(game) = row.game {
            place.push(format!("game {game}"));
        }
        if let Some(number) = row.row {
            place.push(format!("move {number}"));
        }
        if let Some(player) = row.player.as_deref().filter(|p| !p.is_empty()) {
            place.push(terminal(player).into_owned());
        }
        let label = format!("{}[{}]", row.severity, row.code_and_kind());
        let label = paint_severity(row.severity, &label, self.colour);
        let at = short_place(row);
        let at = format!("{at:<w$}", w = INDENT - 4);
        let place = place.join(", ");
        // The head's visible length: the label without its colour codes.
        let head = 2 + at.chars().count() + 2 + row.severity.len() + row.code_and_kind().len() + 2;
        let fits = self
            .width
            .is_none_or(|width| head + 2 + place.chars().count() <= usize::from(width));
        if place.is_empty() {
            writeln!(self.out, "  {at}  {label}")?;
        } else if fits {
            writeln!(self.out, "  {at}  {label}  {place}")?;
        } else {
            writeln!(self.out, "  {at}  {label}")?;
            let room = self.width.map_or(usize::MAX, |w| {
                usize::from(w).saturating_sub(INDENT).max(30)
            });
            for line in super::wrap(&place, room) {
                writeln!(self.out, "{:INDENT$}{line}", "")?;
            }
        }
        let message = terminal(&row.message);
        let text = if row.text.is_empty() {
            message.into_owned()
        } else {
            format!("`{}`: {message}", terminal(&row.text))
        };
        let lines = match self.width {
            Some(width) => super::wrap(&text, usize::from(width).saturating_sub(INDENT).max(30)),
            None => vec![text],
        };
        for line in lines {
            writeln!(self.out, "{:INDENT$}{line}", "")?;
        }
        Ok(())
    }

    fn matches(&mut self, report: &crate::replay::FileReport) -> io::Result<()> {
        self.rules.add(report);
        Ok(())
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        // Nothing: the list closes with the totals the command writes after it.
        let _ = totals;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.rules.write(&mut self.out, self.width)?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;
    use crate::report::finding_rows;
    use crate::report::testing::{file, finding};
    use crate::side::Side;

    fn listed(width: Option<u16>, colour: bool) -> String {
        let report = file(
            "a.mat",
            ["Alice", "Bob"],
            vec![finding(
                "illegal-play",
                Some("wrong-dice"),
                Severity::Error,
                Side::First,
                "Alice",
                9,
            )],
        );
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> =
            Box::new(ListWriter::new(&mut out, width, colour, false));
        for row in finding_rows(&report) {
            writer.row(&row).unwrap();
        }
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_finding_is_a_short_head_and_its_message_under_it() {
        let text = listed(Some(80), false);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("a.mat"));
        let head = lines.next().unwrap();
        assert!(head.starts_with("  9"), "{head}");
        assert!(head.contains("error[illegal-play/wrong-dice]"), "{head}");
        assert!(head.contains("Alice"), "{head}");
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(!text.contains('\x1b'), "{text}");
    }

    #[test]
    fn severities_are_coloured_when_asked() {
        let text = listed(None, true);
        assert!(
            text.contains("\x1b[1;31merror[illegal-play/wrong-dice]\x1b[0m"),
            "{text:?}"
        );
    }
}
