//! The per-match summary (`check --summary FILE.csv`): one CSV row per match,
//! and one row for a file that holds no match or could not be read, so that
//! every input has at least one row.

use std::io::{self, Write};

use serde::Serialize;

use super::csv::write_record;
use super::unreadable_reason;
use crate::finding::SeverityCounts;
use crate::replay::{FileReport, MatchSummary};

/// One match (or one file without a match). Field order is the column order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRow {
    /// The file.
    pub file: String,
    /// Ordinal of the match in the file, from 1; empty for a file row.
    #[serde(rename = "match")]
    pub match_number: Option<u32>,
    /// Left-column player, as written.
    pub player1: Option<String>,
    /// Right-column player, as written.
    pub player2: Option<String>,
    /// Match length in points, 0 for a money session.
    pub length: Option<u32>,
    /// Games in the record.
    pub games: Option<u32>,
    /// Checker plays judged.
    pub plays: Option<u32>,
    /// Doubles, takes, drops, beavers and raccoons.
    pub cube_actions: Option<u32>,
    /// The winner's name, when the match was finished.
    pub winner: Option<String>,
    /// Final score of player 1, by the replay.
    pub score1: Option<u32>,
    /// Final score of player 2, by the replay.
    pub score2: Option<u32>,
    /// Error findings.
    pub errors: u32,
    /// Warning findings.
    pub warnings: u32,
    /// Info findings.
    pub infos: u32,
    /// `clean`, `findings` or `unreadable`.
    pub status: &'static str,
    /// Why the file is unreadable.
    pub reason: Option<String>,
    /// The rules in force, each with its source (`file`, `flag`, `default`).
    pub rules: Option<String>,
}

impl MatchRow {
    /// The field names, in column order (the CSV header).
    pub const FIELDS: [&'static str; 17] = [
        "file",
        "match",
        "player1",
        "player2",
        "length",
        "games",
        "plays",
        "cube_actions",
        "winner",
        "score1",
        "score2",
        "errors",
        "warnings",
        "infos",
        "status",
        "reason",
        "rules",
    ];

    /// Writes the row as one CSV record, in [`MatchRow::FIELDS`] order, each
    /// cell in one pass (as the `csv` crate serialises the row, checked
    /// against it).
    fn write_csv(&self, out: &mut impl Write) -> io::Result<()> {
        fn number(value: Option<u32>) -> String {
            value.map_or_else(String::new, |v| v.to_string())
        }
        fn text(value: &Option<String>) -> &str {
            value.as_deref().unwrap_or("")
        }
        let cells = [
            number(self.match_number),
            number(self.length),
            number(self.games),
            number(self.plays),
            number(self.cube_actions),
            number(self.score1),
            number(self.score2),
            self.errors.to_string(),
            self.warnings.to_string(),
            self.infos.to_string(),
        ];
        write_record(
            out,
            [
                self.file.as_str(),
                &cells[0],
                text(&self.player1),
                text(&self.player2),
                &cells[1],
                &cells[2],
                &cells[3],
                &cells[4],
                text(&self.winner),
                &cells[5],
                &cells[6],
                &cells[7],
                &cells[8],
                &cells[9],
                self.status,
                text(&self.reason),
                text(&self.rules),
            ],
        )
    }

    /// Quotes the text cells a spreadsheet would read as formulas.
    fn make_formula_safe(&mut self) {
        super::formula_safe(&mut self.file);
        for cell in [
            &mut self.player1,
            &mut self.player2,
            &mut self.winner,
            &mut self.reason,
            &mut self.rules,
        ]
        .into_iter()
        .flatten()
        {
            super::formula_safe(cell);
        }
    }

    fn of_match(file: &str, summary: &MatchSummary) -> MatchRow {
        let counts = summary.findings;
        MatchRow {
            file: file.to_owned(),
            match_number: Some(summary.number),
            player1: Some(summary.players.first.name.clone()),
            player2: Some(summary.players.second.name.clone()),
            length: Some(summary.length),
            games: Some(summary.games),
            plays: Some(summary.plays),
            cube_actions: Some(summary.cube_actions),
            winner: summary.winner.clone(),
            score1: Some(summary.final_score.first),
            score2: Some(summary.final_score.second),
            errors: counts.error,
            warnings: counts.warning,
            infos: counts.info,
            status: status(&counts),
            reason: None,
            rules: summary.rules.map(|r| r.to_string()),
        }
    }

    fn of_file(file: &str, counts: SeverityCounts, status: &'static str) -> MatchRow {
        MatchRow {
            file: file.to_owned(),
            match_number: None,
            player1: None,
            player2: None,
            length: None,
            games: None,
            plays: None,
            cube_actions: None,
            winner: None,
            score1: None,
            score2: None,
            errors: counts.error,
            warnings: counts.warning,
            infos: counts.info,
            status,
            reason: None,
            rules: None,
        }
    }
}

fn status(counts: &SeverityCounts) -> &'static str {
    if counts.highest().is_some() {
        "findings"
    } else {
        "clean"
    }
}

/// The rows of one file: one per match; one file row when it is unreadable
/// or holds no match.
#[must_use]
pub fn match_rows(report: &FileReport) -> Vec<MatchRow> {
    let mut file_counts = SeverityCounts::default();
    for finding in &report.findings {
        file_counts.add(finding.severity);
    }
    if let Some(reason) = unreadable_reason(report) {
        let mut row = MatchRow::of_file(&report.path, file_counts, super::UNREADABLE);
        row.reason = Some(reason.to_owned());
        return vec![row];
    }
    if report.matches.is_empty() {
        return vec![MatchRow::of_file(
            &report.path,
            file_counts,
            status(&file_counts),
        )];
    }
    let mut rows: Vec<MatchRow> = report
        .matches
        .iter()
        .map(|summary| MatchRow::of_match(&report.path, summary))
        .collect();
    // Findings about the file rather than a match (an `encoding` note on
    // line 1) go in the first match's row, so that the rows add up to the
    // closing totals.
    let mut outside = SeverityCounts::default();
    for finding in &report.findings {
        if !report
            .matches
            .iter()
            .any(|m| m.number == finding.match_number)
        {
            outside.add(finding.severity);
        }
    }
    if let Some(first) = rows.first_mut()
        && outside.highest().is_some()
    {
        first.errors += outside.error;
        first.warnings += outside.warning;
        first.infos += outside.info;
        first.status = "findings";
    }
    rows
}

/// Writes the per-match CSV, streamed, header first.
#[derive(Debug)]
pub struct SummaryWriter<W: Write> {
    out: W,
    /// Quote the cells a spreadsheet would read as formulas (`--csv-safe`).
    formula_safe: bool,
}

impl<W: Write> SummaryWriter<W> {
    /// A writer over `out`; writes the header row.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn new(mut out: W) -> io::Result<Self> {
        write_record(&mut out, MatchRow::FIELDS)?;
        Ok(SummaryWriter {
            out,
            formula_safe: false,
        })
    }

    /// With `on`, every text cell that a spreadsheet would read as a
    /// formula gets a leading `'` (`--csv-safe`).
    #[must_use]
    pub fn formula_safe(mut self, on: bool) -> Self {
        self.formula_safe = on;
        self
    }

    /// Writes the rows of one file.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn file(&mut self, report: &FileReport) -> io::Result<()> {
        for mut row in match_rows(report) {
            if self.formula_safe {
                row.make_formula_safe();
            }
            row.write_csv(&mut self.out)?;
        }
        Ok(())
    }

    /// Flushes.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Code;
    use crate::finding::Severity;
    use crate::replay::FileStatus;
    use crate::report::csv::tests::derived_header;
    use crate::report::testing::{file, finding_of, unreadable};
    use crate::side::Side;

    #[test]
    fn one_row_per_match_and_one_per_unreadable_file() {
        let with_findings = file(
            "a.mat",
            ["Alice", "Bob"],
            vec![
                finding_of(
                    Code::IllegalPlay,
                    None,
                    Severity::Error,
                    Side::First,
                    "Alice",
                    9,
                ),
                finding_of(
                    Code::Numbering,
                    None,
                    Severity::Info,
                    Side::First,
                    "Alice",
                    10,
                ),
            ],
        );
        let clean = file("b.mat", ["Carol", "Dave"], Vec::new());
        let mut empty = file("c.txt", ["", ""], Vec::new());
        empty.matches.clear();
        assert_eq!(empty.status, FileStatus::Clean);

        let rows = match_rows(&with_findings);
        assert_eq!(derived_header(&rows[0]), MatchRow::FIELDS.join(","));

        let mut out = Vec::new();
        let mut writer = SummaryWriter::new(&mut out).unwrap();
        for report in [&with_findings, &clean, &unreadable("d.xg"), &empty] {
            writer.file(report).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "file,match,player1,player2,length,games,plays,cube_actions,winner,\
                 score1,score2,errors,warnings,infos,status,reason,rules",
                "a.mat,1,Alice,Bob,5,3,60,2,Alice,5,3,1,0,1,findings,,",
                "b.mat,1,Carol,Dave,5,3,60,2,Carol,5,3,0,0,0,clean,,",
                "d.xg,,,,,,,,,,,1,0,0,unreadable,not UTF-8 text,",
                "c.txt,,,,,,,,,,,0,0,0,clean,,",
            ]
        );
    }

    #[test]
    fn formula_cells_are_quoted_only_when_asked() {
        let report = file("=x.mat", ["=HYPERLINK(\"y\")", "+Bob"], Vec::new());
        let write = |safe: bool| {
            let mut out = Vec::new();
            let mut writer = SummaryWriter::new(&mut out).unwrap().formula_safe(safe);
            writer.file(&report).unwrap();
            writer.finish().unwrap();
            String::from_utf8(out).unwrap()
        };
        let plain = write(false);
        assert!(
            plain.contains("\n=x.mat,1,\"=HYPERLINK(\"\"y\"\")\",+Bob,5,"),
            "{plain}"
        );
        let safe = write(true);
        assert!(
            safe.contains("\n'=x.mat,1,\"'=HYPERLINK(\"\"y\"\")\",'+Bob,5,"),
            "{safe}"
        );
    }

    /// A row is written as the `csv` crate serialises it, whatever its
    /// cells hold (quotes, commas, line ends, nothing at all).
    #[test]
    fn rows_are_written_as_the_csv_crate_writes_them() {
        let base = match_rows(&file("a.mat", ["Alice", "Bob"], Vec::new())).remove(0);
        for (i, hostile) in [
            "plain",
            "a,b",
            "say \"hi\"",
            "line\nend",
            "cr\r",
            "",
            " =1+1",
        ]
        .into_iter()
        .enumerate()
        {
            let mut row = base.clone();
            row.file = hostile.to_owned();
            row.player1 = (i % 2 == 0).then(|| hostile.to_owned());
            row.winner = (i % 3 == 0).then(|| format!("{hostile}{hostile}"));
            row.rules = Some(hostile.to_owned());
            row.length = (i % 2 == 1).then_some(u32::MAX);
            let mut ours = Vec::new();
            row.write_csv(&mut ours).unwrap();
            let mut theirs = ::csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::new());
            theirs.serialize(&row).unwrap();
            assert_eq!(ours, theirs.into_inner().unwrap(), "{hostile:?}");
        }
    }
}
