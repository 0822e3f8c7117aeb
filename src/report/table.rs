//! The table for people: one row per finding, rendered when all rows are in
//! (column widths depend on every row).

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};

use super::rules::RulesListing;
use super::{FindingRow, FindingWriter};
use crate::escape::terminal;

/// The table's column titles.
pub const HEADER: [&str; 9] = [
    "location", "game", "move", "player", "dice", "written", "code", "severity", "message",
];

/// The most characters of a cell the table shows: a longer cell (text
/// from the input, or a message quoting it) is cut there and its length
/// said, `… (N characters)`, so that the table is laid out in time linear
/// in its rows; JSON Lines and CSV keep the whole text.
pub const CELL_MAX: usize = 400;

/// `cell` escaped for the terminal, cut after [`CELL_MAX`] characters.
fn shown(cell: &str) -> String {
    match cell.char_indices().nth(CELL_MAX) {
        None => terminal(cell).into_owned(),
        Some((at, _)) => {
            let total = CELL_MAX + cell[at..].chars().count();
            format!("{}… ({total} characters)", terminal(&cell[..at]))
        }
    }
}

/// Buffers rows and renders them in [`FindingWriter::finish`]: one table
/// when it fits (always when there is no width to fit, off a terminal);
/// on a terminal too narrow for it, a list per file under the file's name,
/// each finding on a line with its `line:column`, place and code, the cell
/// and message wrapped under it. Writes nothing when there is no row.
#[derive(Debug)]
pub struct TableWriter<W: Write> {
    out: W,
    wrap_width: Option<u16>,
    /// The file of each row and its cells.
    rows: Vec<(String, [String; 9])>,
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
            wrap_width,
            rows: Vec::new(),
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

/// The width a table of `table`'s rows takes unwrapped: each column's
/// widest cell with its padding, and the borders between.
pub(crate) fn natural_width(table: &Table) -> usize {
    let columns = table.column_max_content_widths();
    columns.iter().map(|&w| usize::from(w) + 2).sum::<usize>() + columns.len() + 1
}

/// The findings of one file as a list fitted to `width`, for a terminal
/// too narrow for the table: per finding, `line:column`, where (game, move,
/// player), severity and code on one line, then the cell as written and the
/// message, wrapped under it.
fn file_list(
    out: &mut impl Write,
    file: &str,
    rows: &[(String, [String; 9])],
    width: u16,
) -> io::Result<()> {
    // `file:line:column` without the file.
    let short = |cell: &str| -> String {
        cell.strip_prefix(file)
            .map_or(cell, |rest| rest.trim_start_matches(':'))
            .to_owned()
    };
    let indent = rows
        .iter()
        .map(|(_, r)| short(&r[0]).chars().count())
        .max()
        .unwrap_or(0)
        + 4;
    for (_, cells) in rows {
        let [
            location,
            game,
            row,
            player,
            _dice,
            written,
            code,
            severity,
            message,
        ] = cells;
        let mut place: Vec<String> = Vec::new();
        if !game.is_empty() {
            place.push(format!("game {game}"));
        }
        if !row.is_empty() {
            place.push(format!("move {row}"));
        }
        if !player.is_empty() {
            place.push(player.clone());
        }
        let place = if place.is_empty() {
            String::new()
        } else {
            format!("{}  ", place.join(", "))
        };
        let room = usize::from(width).saturating_sub(indent).max(20);
        let head = format!("{place}{severity} {code}");
        let head = if head.chars().count() <= room {
            vec![head]
        } else {
            super::wrap(&head, room)
        };
        for (i, line) in head.iter().enumerate() {
            if i == 0 {
                writeln!(out, "  {:<w$}  {line}", short(location), w = indent - 4)?;
            } else {
                writeln!(out, "{:indent$}{line}", "")?;
            }
        }
        let text = if written.is_empty() {
            message.clone()
        } else {
            format!("`{written}`: {message}")
        };
        for line in super::wrap(&text, usize::from(width).saturating_sub(indent).max(20)) {
            writeln!(out, "{:indent$}{line}", "")?;
        }
    }
    Ok(())
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

impl<W: Write> FindingWriter for TableWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        // Input text (file names, names, cells, messages that quote them)
        // is shown escaped: it never drives the terminal.
        let text = |cell: &str| terminal(cell).into_owned();
        self.rows.push((
            text(&row.file),
            [
                text(&row.place()),
                optional(row.game),
                optional(row.row),
                shown(row.player.as_deref().unwrap_or_default()),
                shown(row.dice.as_deref().unwrap_or_default()),
                shown(&row.text),
                row.code_and_kind(),
                row.severity.to_owned(),
                shown(&row.message),
            ],
        ));
        Ok(())
    }

    fn matches(&mut self, report: &crate::replay::FileReport) -> io::Result<()> {
        self.rules.add(report);
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        if !self.rows.is_empty() {
            let mut table = new_table(&HEADER, self.wrap_width);
            for (_, cells) in &self.rows {
                table.add_row(cells.to_vec());
            }
            match self.wrap_width {
                Some(width) if natural_width(&table) > usize::from(width) => {
                    // Too wide for the terminal: a list per file, under its
                    // name.
                    for rows in self.rows.chunk_by(|a, b| a.0 == b.0) {
                        let file = &rows[0].0;
                        writeln!(self.out, "{file}")?;
                        file_list(&mut self.out, file, rows, width)?;
                    }
                }
                _ => writeln!(self.out, "{table}")?,
            }
        }
        self.rules.write(&mut self.out, self.wrap_width)?;
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

    /// `a.mat` with one finding: Alice's play at line 9 is wrong-dice.
    fn wrong_dice_by_alice() -> crate::replay::FileReport {
        file(
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
        )
    }

    #[test]
    fn one_table_row_per_finding_with_place_code_and_cell() {
        let report = wrong_dice_by_alice();
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
    fn a_terminal_too_narrow_for_the_table_gets_a_list_per_file() {
        let report = wrong_dice_by_alice();
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> =
            Box::new(TableWriter::new(&mut out, Some(60), false));
        for row in finding_rows(&report) {
            writer.row(&row).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "a.mat");
        assert!(lines[1].starts_with("  9:5  game "), "{text}");
        assert!(
            lines[1].ends_with("Alice  error illegal-play/wrong-dice"),
            "{text}"
        );
        assert!(lines[2].starts_with("       `52: 13/7 13/12`: "), "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 60), "{text}");
    }

    #[test]
    fn a_long_cell_is_cut_with_its_length() {
        assert_eq!(shown("short\u{1b}"), "short\\x1b");
        let long = format!("{}\u{1b}", "é".repeat(CELL_MAX));
        assert_eq!(
            shown(&long),
            format!("{}… ({} characters)", "é".repeat(CELL_MAX), CELL_MAX + 1)
        );
        assert_eq!(shown(&"x".repeat(CELL_MAX)), "x".repeat(CELL_MAX));
    }

    #[test]
    fn no_rows_no_table() {
        let mut out = Vec::new();
        let writer: Box<dyn FindingWriter> = Box::new(TableWriter::new(&mut out, Some(80), false));
        writer.finish().unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn input_text_is_escaped_in_the_table_and_the_list() {
        let mut f = finding(
            "unparsable-cell",
            None,
            Severity::Error,
            Side::First,
            "\u{1b}[31mAnn\u{1b}]0;title\u{7}",
            9,
        );
        f.text = "\u{1b}[2J\u{202e}boom".to_owned();
        f.message = "`\u{1b}[2J` is no roll".to_owned();
        let report = file("e\u{1b}[1m.mat", ["\u{1b}[31mAnn", "Bo"], vec![f]);
        for width in [None, Some(60)] {
            let mut out = Vec::new();
            let mut writer: Box<dyn FindingWriter> =
                Box::new(TableWriter::new(&mut out, width, false));
            for row in finding_rows(&report) {
                writer.row(&row).unwrap();
            }
            writer.finish().unwrap();
            let text = String::from_utf8(out).unwrap();
            for expected in [
                "e\\x1b[1m.mat",
                "\\x1b[31mAnn\\x1b]0;title\\x07",
                "\\u{202e}boom",
            ] {
                assert!(text.contains(expected), "{expected} missing in\n{text}");
            }
            assert!(
                !text
                    .chars()
                    .any(|c| c != '\n' && crate::escape::is_unsafe_for_terminal(c)),
                "{text:?}"
            );
        }
    }
}
