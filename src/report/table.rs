//! The table for people: one row per finding, rendered when all rows are in
//! (column widths depend on every row).

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};

use super::rules::RulesListing;
use super::{FindingRow, FindingWriter};

/// The table's column titles.
pub const HEADER: [&str; 9] = [
    "location", "game", "move", "player", "dice", "written", "code", "severity", "message",
];

/// Buffers rows and renders them as one table in [`FindingWriter::finish`].
/// Writes nothing when there is no row.
#[derive(Debug)]
pub struct TableWriter<W: Write> {
    out: W,
    table: Table,
    /// The rules in force, listed under the table.
    rules: RulesListing,
}

impl<W: Write> TableWriter<W> {
    /// A table over `out`, wrapping long cells to `wrap_width` columns when
    /// given (a terminal's width). `quiet`: the rules in force are listed
    /// only for the matches with warnings or errors.
    pub fn new(out: W, wrap_width: Option<u16>, quiet: bool) -> Self {
        TableWriter {
            rules: RulesListing::new(quiet),
            out,
            table: new_table(&HEADER, wrap_width),
        }
    }
}

/// An empty table in the house style.
#[must_use]
pub fn new_table(header: &[&str], wrap_width: Option<u16>) -> Table {
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED);
    table.set_header(header.to_vec());
    match wrap_width {
        Some(width) => {
            table.set_content_arrangement(ContentArrangement::Dynamic);
            table.set_width(width);
        }
        None => {
            table.set_content_arrangement(ContentArrangement::Disabled);
        }
    }
    table
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

impl<W: Write> FindingWriter for TableWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        self.table.add_row(vec![
            row.place(),
            optional(row.game),
            optional(row.row),
            row.player.clone().unwrap_or_default(),
            row.dice.clone().unwrap_or_default(),
            row.text.clone(),
            row.code_and_kind(),
            row.severity.to_owned(),
            row.message.clone(),
        ]);
        Ok(())
    }

    fn matches(&mut self, report: &crate::replay::FileReport) -> io::Result<()> {
        self.rules.add(report);
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        if !self.table.is_empty() {
            writeln!(self.out, "{}", self.table)?;
        }
        self.rules.write(&mut self.out)?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;
    use crate::report::finding_rows;
    use crate::report::testing::{file, finding, unreadable};
    use crate::side::Side;

    #[test]
    fn one_table_row_per_finding_with_place_code_and_cell() {
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
        let mut writer: Box<dyn FindingWriter> = Box::new(TableWriter::new(&mut out, None, false));
        for row in finding_rows(&report)
            .iter()
            .chain(&finding_rows(&unreadable("b.xg")))
        {
            writer.row(row).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        for expected in [
            "location",
            "a.mat:9:5",
            "Alice",
            "52: 13/7 13/12",
            "illegal-play/wrong-dice",
            "error",
            "illegal-play here",
            "b.xg",
            "unreadable",
            "not UTF-8 text",
        ] {
            assert!(text.contains(expected), "{expected} missing in\n{text}");
        }
        // Header, two rows, borders: every line is one table line.
        assert!(
            text.lines()
                .all(|line| line.starts_with(['┌', '│', '╞', '├', '└']))
        );
    }

    #[test]
    fn no_rows_no_table() {
        let mut out = Vec::new();
        let writer: Box<dyn FindingWriter> = Box::new(TableWriter::new(&mut out, Some(80), false));
        writer.finish().unwrap();
        assert!(out.is_empty());
    }
}
