//! The table for people: one row per finding, rendered when all rows are in
//! (column widths depend on every row).

use std::io::{self, Write};

use comfy_table::{ColumnConstraint, ContentArrangement, Table, presets};

use super::rules_listing::RulesListing;
use super::{FindingRow, FindingWriter, Totals};
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
    /// The rows as given, for the list when the table does not fit.
    originals: Vec<FindingRow>,
    /// The rules in force, listed under the table.
    rules: RulesListing,
    /// Severities coloured (ANSI).
    colour: bool,
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
            originals: Vec::new(),
            colour: false,
        }
    }

    /// The same, its severities coloured (ANSI) when `colour`.
    #[must_use]
    pub fn coloured(mut self, colour: bool) -> Self {
        self.colour = colour;
        self
    }
}

/// The width a table of `table`'s rows takes with its last column left
/// out (to be fitted to what remains).
fn width_before_last(table: &Table) -> usize {
    let columns = table.column_max_content_widths();
    let kept = &columns[..columns.len().saturating_sub(1)];
    kept.iter().map(|&w| usize::from(w) + 2).sum::<usize>() + kept.len() + 1
}

/// The rendered table with its severity cells in their colours (the
/// list's, [`super::list::paint_severity`]) when `colour`. The colour goes
/// on after the table is laid out, so that it takes no width.
fn paint(table: &str, colour: bool) -> String {
    if !colour {
        return table.to_owned();
    }
    const SEVERITY_COLUMN: usize = 7;
    table
        .lines()
        .map(|line| {
            let cells: Vec<&str> = line.split('┆').collect();
            let Some(cell) = cells.get(SEVERITY_COLUMN) else {
                return line.to_owned();
            };
            let word = cell.trim();
            if !matches!(word, "error" | "warning" | "info") {
                return line.to_owned();
            }
            let painted = cell.replacen(word, &super::list::paint_severity(word, word, true), 1);
            let mut cells: Vec<String> = cells.iter().map(|c| (*c).to_owned()).collect();
            cells[SEVERITY_COLUMN] = painted;
            cells.join("┆")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The narrowest message column worth a table: below it, the list reads
/// better.
const MESSAGE_MIN: usize = 32;

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

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

impl<W: Write> FindingWriter for TableWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        // Input text (file names, names, cells, messages that quote them)
        // is shown escaped: it never drives the terminal.
        let text = |cell: &str| terminal(cell).into_owned();
        self.originals.push(row.clone());
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
        if self.rows.len() >= PAGE_ROWS {
            self.draw_page()?;
        }
        Ok(())
    }

    fn matches(&mut self, report: &crate::replay::FileReport) -> io::Result<()> {
        self.rules.add(report);
        Ok(())
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        // Nothing: the table closes with the totals the command writes after it.
        let _ = totals;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.draw_page()?;
        self.rules.write(&mut self.out, self.wrap_width)?;
        self.out.flush()
    }
}

/// The rows a table holds before it is drawn: a run with more findings is
/// drawn a page of this many rows at a time, each page a table sized on its
/// own rows (or a list, where a table would not fit), so that memory does
/// not grow with the findings.
pub const PAGE_ROWS: usize = 5_000;

impl<W: Write> TableWriter<W> {
    /// Draws the rows held as one table (or list) and lets them go.
    fn draw_page(&mut self) -> io::Result<()> {
        if !self.rows.is_empty() {
            let mut table = new_table(&HEADER, self.wrap_width);
            for (_, cells) in &self.rows {
                table.add_row(cells.to_vec());
            }
            let natural = natural_width(&table);
            match self.wrap_width.map(usize::from) {
                Some(width)
                    if natural > width
                        && width.saturating_sub(width_before_last(&table)) < MESSAGE_MIN + 3 =>
                {
                    // Too narrow for a table: the list, file by file.
                    let mut list = super::list::ListWriter::new(
                        &mut self.out,
                        self.wrap_width,
                        self.colour,
                        true,
                    );
                    for row in &self.originals {
                        list.row(row)?;
                    }
                }
                Some(width) if natural > width => {
                    // The message column takes what the others leave and
                    // wraps; the others keep their width.
                    for column in table.column_iter_mut().take(HEADER.len() - 1) {
                        column.set_constraint(ColumnConstraint::ContentWidth);
                    }
                    writeln!(self.out, "{}", paint(&table.to_string(), self.colour))?;
                }
                _ => writeln!(self.out, "{}", paint(&table.to_string(), self.colour))?,
            }
        }
        self.rows.clear();
        self.originals.clear();
        Ok(())
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
        assert_eq!(lines[1], "  9:5   error[illegal-play/wrong-dice]");
        assert_eq!(lines[2], "        game 2, move 7, Alice");
        assert!(lines[3].starts_with("        `52: 13/7 13/12`: "), "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 60), "{text}");
    }

    #[test]
    fn a_terminal_that_leaves_room_for_the_message_wraps_it_in_the_table() {
        let mut report = wrong_dice_by_alice();
        report.findings[0].message = "a long message ".repeat(12);
        // The other columns take 97: from about 130 columns the message
        // has room enough.
        for width in [140, 200] {
            let mut out = Vec::new();
            let mut writer: Box<dyn FindingWriter> =
                Box::new(TableWriter::new(&mut out, Some(width), false));
            for row in finding_rows(&report) {
                writer.row(&row).unwrap();
            }
            writer.finish().unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.starts_with('┌'), "{text}");
            assert!(
                text.lines()
                    .all(|l| l.chars().count() <= usize::from(width)),
                "{text}"
            );
            assert!(text.contains("│ a.mat:9:5 ┆ 2    ┆ 7    ┆ Alice"), "{text}");
        }
    }

    #[test]
    fn severities_are_coloured_when_asked() {
        let report = wrong_dice_by_alice();
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> =
            Box::new(TableWriter::new(&mut out, None, false).coloured(true));
        for row in finding_rows(&report) {
            writer.row(&row).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("┆ \x1b[1;31merror\x1b[0m    ┆"), "{text:?}");
        let mut plain = Vec::new();
        let mut writer: Box<dyn FindingWriter> =
            Box::new(TableWriter::new(&mut plain, None, false));
        for row in finding_rows(&report) {
            writer.row(&row).unwrap();
        }
        writer.finish().unwrap();
        assert!(!String::from_utf8(plain).unwrap().contains('\x1b'));
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

    /// More findings than a page: drawn a page at a time, every row once,
    /// the held rows let go after each page.
    #[test]
    fn a_long_run_is_drawn_a_page_at_a_time() {
        let report = wrong_dice_by_alice();
        let row = finding_rows(&report).remove(0);
        let mut out = Vec::new();
        let mut writer = TableWriter::new(&mut out, None, false);
        for _ in 0..=PAGE_ROWS {
            writer.row(&row).unwrap();
            assert!(writer.rows.len() < PAGE_ROWS);
        }
        Box::new(writer).finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("location").count(), 2);
        assert_eq!(text.matches("a.mat:9:5").count(), PAGE_ROWS + 1);
    }
}
