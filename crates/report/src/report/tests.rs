use super::testing::{file, finding_of, unreadable};
use super::*;
use crate::catalogue::{Code, Kind};
use crate::side::Side;

/// Counts what a writer is told.
#[derive(Default)]
struct Told {
    rows: Vec<String>,
    totals: Option<u32>,
    finished: bool,
}

struct Recording<'a>(&'a mut Told);

impl FindingWriter for Recording<'_> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        self.0.rows.push(row.file.clone());
        Ok(())
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        self.0.totals = Some(totals.files);
        Ok(())
    }

    fn finish(self: Box<Self>) -> io::Result<()> {
        self.0.finished = true;
        Ok(())
    }
}

#[test]
fn the_formula_safe_writer_passes_everything_on() {
    let mut told = Told::default();
    let mut writer: Box<dyn FindingWriter> = Box::new(FormulaSafe(Box::new(Recording(&mut told))));
    let report = file(
        "=1+2.mat",
        ["a", "b"],
        vec![finding_of(
            Code::Unreadable,
            None,
            Severity::Error,
            Side::First,
            "a",
            3,
        )],
    );
    for row in finding_rows(&report) {
        writer.row(&row).unwrap();
    }
    let totals = Totals {
        files: 7,
        ..Totals::default()
    };
    writer.summary(&totals).unwrap();
    writer.finish().unwrap();
    assert_eq!(told.rows, ["'=1+2.mat"]);
    assert_eq!(told.totals, Some(7), "the totals reach the writer inside");
    assert!(told.finished);
}

#[test]
fn wrapping_breaks_at_spaces_within_the_width() {
    assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    assert_eq!(wrap("averylongword x", 4), ["averylongword", "x"]);
    assert!(wrap("", 10).is_empty());
}

#[test]
fn a_row_carries_every_field_of_the_finding() {
    let f = finding_of(
        Code::IllegalPlay,
        Some(Kind::WrongDice),
        Severity::Error,
        Side::Second,
        "Bob",
        12,
    );
    let row = FindingRow::new("a.mat", &f);
    assert_eq!(row.place(), "a.mat:12:5");
    assert_eq!(row.code_and_kind(), "illegal-play/wrong-dice");
    assert_eq!(row.side, Some("second"));
    assert_eq!(row.dice.as_deref(), Some("52"));
    assert_eq!(row.position.as_deref(), Some("4HPwATDgc/ABMA"));
    assert_eq!(row.match_number, Some(1));
}

#[test]
fn an_unreadable_file_gives_one_row_and_counts_as_unreadable() {
    let report = unreadable("x.xg");
    let rows = finding_rows(&report);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].code, "unreadable");
    assert_eq!(rows[0].message, "not UTF-8 text");
    let mut totals = Totals::default();
    totals.add(&report);
    totals.add(&file("a.mat", ["A", "B"], Vec::new()));
    assert_eq!((totals.files, totals.clean, totals.unreadable), (2, 1, 1));
    let text = totals.to_string();
    assert!(text.contains("files: 2 read, 1 clean, 0 with findings, 1 unreadable"));
    assert!(text.contains("checked: 1 match, 3 games, 60 plays"));
    assert!(text.contains("unreadable: x.xg: not UTF-8 text"));
}

#[test]
fn totals_count_findings_by_severity() {
    let report = file(
        "a.mat",
        ["A", "B"],
        vec![
            finding_of(
                Code::IllegalPlay,
                None,
                Severity::Error,
                Side::First,
                "A",
                3,
            ),
            finding_of(Code::Numbering, None, Severity::Info, Side::First, "A", 4),
            finding_of(
                Code::NameChange,
                None,
                Severity::Warning,
                Side::Second,
                "B",
                5,
            ),
        ],
    );
    let mut totals = Totals::default();
    totals.add(&report);
    assert_eq!(totals.with_findings, 1);
    assert_eq!(totals.at_or_above(Severity::Error), 1);
    assert_eq!(totals.at_or_above(Severity::Warning), 2);
    assert_eq!(totals.at_or_above(Severity::Info), 3);
    assert!(
        totals
            .to_string()
            .contains("findings: 1 error, 1 warning, 1 info")
    );
}

#[test]
fn wrapping_keeps_a_quoted_play_on_one_line() {
    assert_eq!(
        wrap("closest: `8/3 6/4`, `6/1 6/4` and more", 16),
        ["closest:", "`8/3 6/4`,", "`6/1 6/4` and", "more"]
    );
    // An unclosed backtick quotes nothing; a quote too long is broken.
    assert_eq!(wrap("a `b c", 3), ["a", "`b", "c"]);
    assert_eq!(wrap("`aa bb cc`", 5), ["`aa", "bb", "cc`"]);
    assert_eq!(wrap_hanging("aa bb cc dd", 2, 5), ["aa", "bb cc", "dd"]);
}

#[test]
fn a_formula_safe_row_quotes_every_formula_cell_and_nothing_else() {
    let mut f = finding_of(
        Code::UnparsableCell,
        None,
        Severity::Error,
        Side::First,
        "=HYPERLINK(\"x\")",
        3,
    );
    f.text = "@SUM(A1)".to_owned();
    f.message = "-1 is no roll".to_owned();
    let row = FindingRow::new("+x.mat", &f);
    let safe = row.clone().formula_safe();
    assert_eq!(safe.file, "'+x.mat");
    assert_eq!(safe.player.as_deref(), Some("'=HYPERLINK(\"x\")"));
    assert_eq!(safe.text, "'@SUM(A1)");
    assert_eq!(safe.message, "'-1 is no roll");
    assert_eq!(safe.dice, row.dice);
    assert_eq!(safe.xgid, row.xgid);
    assert_eq!(safe.code, row.code);
}

#[test]
fn the_closing_summary_shows_file_names_escaped_and_fits_the_width() {
    let mut totals = Totals::default();
    totals.add(&unreadable("evil\u{1b}]0;x\u{7}\u{202e}.xg"));
    totals.add_missing(&unreadable("gone\u{1b}[2J.mat"));
    let text = totals.to_string();
    assert!(text.contains("unreadable: evil\\x1b]0;x\\x07\\u{202e}.xg: not UTF-8 text"));
    assert!(text.contains("missing: gone\\x1b[2J.mat: no such"));
    assert!(
        !text
            .chars()
            .any(|c| c != '\n' && crate::escape::is_unsafe_for_terminal(c))
    );
    let narrow = totals.text(Some(30));
    assert!(narrow.lines().all(|l| l.chars().count() <= 30), "{narrow}");
    assert!(narrow.contains("\n  "), "{narrow}");
    assert_eq!(totals.text(None), text);
}
