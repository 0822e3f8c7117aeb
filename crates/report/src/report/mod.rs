//! Reports: what the replay established, formatted for people and scripts.
//!
//! Nothing here judges a play or a score: the rows are built from
//! [`FileReport`]s and their [`Finding`]s only. Every row type is a
//! `#[derive(Serialize)]` struct of strings and numbers, so the JSON and CSV
//! schemas do not move when the engine's types do. `docs/output.md` documents
//! every column.
//!
//! - [`FindingRow`], one per finding, written by a [`FindingWriter`]:
//!   `table`, `jsonl`, `csv`, [`sarif`] or [`html`] (a page with
//!   boards drawn by `svg`);
//! - [`Totals`]: the run summary (files, matches, games, plays, findings by
//!   severity, unreadable files with their reason);
//! - [`summary`]: one CSV row per match (`check --summary`);
//! - [`players`]: one row per player across all inputs (`players`);
//! - [`explain`]: findings as compiler-style diagnostics, positions step by
//!   step (`check --explain`, `explain`, `show`), drawn by `board`.

pub(crate) mod board;
pub(crate) mod csv;
pub mod explain;
pub mod filter;
pub mod html;
pub(crate) mod jsonl;
pub mod legal;
pub(crate) mod list;
pub mod players;
pub mod rules_listing;
pub mod sarif;
pub(crate) mod skill;
pub mod summary;
pub(crate) mod svg;
pub(crate) mod table;

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use crate::escape::{Terminal, csv_formula};
use crate::finding::{Finding, Kind, Severity, SeverityCounts};
use crate::ids::gnubg::position_id;
use crate::replay::{FileReport, FileStatus};

/// The output formats of `check`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// A human-readable table, rendered a page of rows at a time (the list
    /// when the width given is too narrow for it).
    Table,
    /// A plain list for people: each file's findings under its name,
    /// streamed (pagers, logs).
    List,
    /// JSON Lines: one object per finding, streamed.
    Jsonl,
    /// CSV with one header row, streamed.
    Csv,
    /// One self-contained HTML page with boards, written at the end.
    Html,
    /// A SARIF 2.1.0 log, results streamed.
    Sarif,
}

/// One finding as a report row. Field order is the CSV column order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FindingRow {
    /// The file as named on the command line or found in a directory (`-` for
    /// standard input); bytes of the name that are not UTF-8 are written
    /// `\xNN`.
    pub file: String,
    /// The name's own bytes when they are not UTF-8 (JSON Lines writes them
    /// in base64 as `file_bytes`; not a CSV column).
    #[serde(skip)]
    pub file_bytes: Option<Vec<u8>>,
    /// Line, from 1.
    pub line: Option<u32>,
    /// Column of the cell's first character, from 1.
    pub column: Option<u32>,
    /// For a binary input (eXtreme Gammon `.xg`), which has no lines: the
    /// byte offset of the record in the decompressed game stream.
    pub offset: Option<u64>,
    /// Ordinal of the match in the file, from 1.
    #[serde(rename = "match")]
    pub match_number: Option<u32>,
    /// Game number as written.
    pub game: Option<u32>,
    /// The transcript's row number.
    #[serde(rename = "move")]
    pub row: Option<u32>,
    /// `first` (left column) or `second` (right column).
    pub side: Option<&'static str>,
    /// The name of the player of `side` on the game's score line, trimmed and
    /// with a trailing rating removed (`nori,1723` → `nori`).
    pub player: Option<String>,
    /// Stable finding code.
    pub code: &'static str,
    /// Sub-kind of the code.
    pub kind: Option<&'static str>,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    /// The roll as written, e.g. `31`.
    pub dice: Option<String>,
    /// The cell exactly as written.
    pub text: String,
    /// GNU Backgammon position ID of the position before the action, from the
    /// mover's side.
    pub position: Option<String>,
    /// For a rule violation: accepted by the opponent's next action.
    pub stood: Option<bool>,
    /// One sentence.
    pub message: String,
    /// For an illegal or impossible play: `true` when it is probably a
    /// transcription error, `false` when the play as written is what the
    /// rest of the record follows; empty when not analysed.
    pub likely_typo: Option<bool>,
    /// What the record most probably meant: a legal play, or for a misread
    /// die the roll meant and the play as written (`21: 13/11 6/5`).
    pub suggestion: Option<String>,
    /// The XGID of the position before the action, with the cube, score
    /// and dice, from the mover's side.
    pub xgid: Option<String>,
}

impl FindingRow {
    /// The field names, in column order (the CSV header).
    pub const FIELDS: [&'static str; 20] = [
        "file",
        "line",
        "column",
        "offset",
        "match",
        "game",
        "move",
        "side",
        "player",
        "code",
        "kind",
        "severity",
        "dice",
        "text",
        "position",
        "stood",
        "message",
        "likely_typo",
        "suggestion",
        "xgid",
    ];

    /// The row of `finding`, found in `file`.
    #[must_use]
    pub fn new(file: &str, finding: &Finding) -> FindingRow {
        let location = finding.location;
        FindingRow {
            file: file.to_owned(),
            file_bytes: None,
            line: (location.line > 0).then_some(location.line),
            column: (location.column > 0).then_some(location.column),
            offset: None,
            match_number: (finding.match_number > 0).then_some(finding.match_number),
            game: finding.game,
            row: finding.row,
            side: finding.side.map(side_name),
            player: finding.player.clone(),
            code: finding.code.as_str(),
            kind: finding.kind.map(Kind::as_str),
            severity: finding.severity.as_str(),
            dice: finding.dice.map(|roll| roll.to_string()),
            text: finding.text.clone(),
            position: finding.before.as_ref().map(position_id),
            stood: finding.stood,
            message: finding.message.clone(),
            likely_typo: finding.likely_typo,
            suggestion: finding.suggestion.clone(),
            xgid: finding.before.as_ref().map(|position| {
                board::ids(
                    position,
                    finding.side,
                    finding.context.as_ref(),
                    finding.dice,
                )
                .1
                .to_string()
            }),
        }
    }

    /// `file:line:column`, or less when the line or column is unknown.
    #[must_use]
    pub fn place(&self) -> String {
        match (self.line, self.column) {
            (Some(line), Some(column)) => format!("{}:{line}:{column}", self.file),
            (Some(line), None) => format!("{}:{line}", self.file),
            _ => match self.offset {
                Some(offset) => format!("{}@{offset}", self.file),
                None => self.file.clone(),
            },
        }
    }

    /// The row for a spreadsheet (`--csv-safe`): every text cell that a
    /// spreadsheet would read as a formula gets a leading `'`
    /// ([`crate::escape::csv_formula`]).
    #[must_use]
    pub fn formula_safe(mut self) -> FindingRow {
        for cell in [&mut self.file, &mut self.text, &mut self.message] {
            formula_safe(cell);
        }
        for cell in [
            &mut self.player,
            &mut self.dice,
            &mut self.position,
            &mut self.suggestion,
            &mut self.xgid,
        ]
        .into_iter()
        .flatten()
        {
            formula_safe(cell);
        }
        self
    }

    /// `code/kind`, or the code alone.
    #[must_use]
    pub fn code_and_kind(&self) -> String {
        match self.kind {
            Some(kind) => format!("{}/{kind}", self.code),
            None => self.code.to_owned(),
        }
    }
}

/// `cell` with a leading `'` when a spreadsheet would read it as a formula.
pub(crate) fn formula_safe(cell: &mut String) {
    if let std::borrow::Cow::Owned(safe) = csv_formula(cell) {
        *cell = safe;
    }
}

/// `first` or `second`.
#[must_use]
pub fn side_name(side: crate::side::Side) -> &'static str {
    match side {
        crate::side::Side::First => "first",
        crate::side::Side::Second => "second",
    }
}

/// The status of a file that could not be read, as the HTML page and the
/// `--summary` CSV name it.
pub const UNREADABLE: &str = "unreadable";

/// The reason a report's file is unreadable, when it is.
#[must_use]
pub fn unreadable_reason(report: &FileReport) -> Option<&str> {
    (report.status == FileStatus::Unreadable).then(|| {
        report
            .unreadable_reason
            .as_deref()
            .unwrap_or("not a transcript")
    })
}

/// Words of `text` in lines of at most `width` characters (a longer word
/// gets a line of its own; no line for a text without words). A span quoted
/// in backticks (`` `24/20 23/21` ``) is kept on one line when it fits.
#[must_use]
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_hanging(text, width, width)
}

/// [`wrap`] with a first line of `first` characters and the others of
/// `rest` (a first line that starts after a label, a hanging indent).
#[must_use]
pub(crate) fn wrap_hanging(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let room = |lines: &Vec<String>| if lines.is_empty() { first } else { rest };
    let mut words: Vec<&str> = atoms(text);
    words.reverse();
    while let Some(word) = words.pop() {
        let length = word.chars().count();
        // A quoted span too long for any line is broken into its words.
        if length > rest.max(first) && word.contains(char::is_whitespace) {
            words.extend(word.split_whitespace().rev());
            continue;
        }
        if !line.is_empty() && line.chars().count() + 1 + length > room(&lines) {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Where `location` is in the file of `report`, for people: `PATH:LINE:COLUMN`
/// in text, `PATH@OFFSET` in a binary eXtreme Gammon file (the record's byte
/// offset in the decompressed game stream), `PATH` alone when there is no
/// place. The path is escaped for a terminal.
#[must_use]
pub fn place_in(report: &FileReport, location: crate::location::Location) -> String {
    let path = crate::escape::terminal(&report.path);
    match (location.line, location.column) {
        (0, _) if report.format == Some(crate::parse::Format::Xg) => {
            format!("{path}@{}", location.byte)
        }
        (0, _) => path.into_owned(),
        (line, 0) => format!("{path}:{line}"),
        (line, column) => format!("{path}:{line}:{column}"),
    }
}

/// The words of `text`, a span in backticks counting as one word (its
/// inner spaces kept as written); an unclosed backtick quotes nothing.
fn atoms(text: &str) -> Vec<&str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let offset = |word: &str| word.as_ptr() as usize - text.as_ptr() as usize;
    let odd = |word: &str| word.matches('`').count() % 2 == 1;
    let mut atoms = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let close = odd(word)
            .then(|| (i + 1..words.len()).find(|&j| odd(words[j])))
            .flatten();
        match close {
            Some(j) => {
                let end = offset(words[j]) + words[j].len();
                atoms.push(&text[offset(word)..end]);
                i = j + 1;
            }
            None => {
                atoms.push(word);
                i += 1;
            }
        }
    }
    atoms
}

/// The rows of one file, in input order (an unreadable file's one row is
/// its `unreadable` finding).
#[must_use]
pub fn finding_rows(report: &FileReport) -> Vec<FindingRow> {
    report
        .findings
        .iter()
        .map(|finding| finding_row(report, finding))
        .collect()
}

/// The row of one of `report`'s findings (as [`finding_rows`] gives it).
#[must_use]
pub fn finding_row(report: &FileReport, finding: &Finding) -> FindingRow {
    let mut row = FindingRow::new(&report.path, finding);
    row.file_bytes.clone_from(&report.path_bytes);
    if report.format == Some(crate::parse::Format::Xg) && finding.location.line == 0 {
        row.offset = Some(finding.location.byte as u64);
    }
    row
}

/// Receives finding rows in output order.
///
/// 1. [`FindingWriter::row`] once per row;
/// 2. [`FindingWriter::finish`] once, which flushes (the table renders then).
pub trait FindingWriter {
    /// Writes (or buffers) one row.
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn row(&mut self, row: &FindingRow) -> io::Result<()>;

    /// Told about a file's matches after its rows: the rules in force are
    /// listed once per match (JSON Lines: a `match` record for each; table:
    /// under the table, see [`rules_listing::RulesListing`]).
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn matches(&mut self, report: &FileReport) -> io::Result<()> {
        let _ = report;
        Ok(())
    }

    /// Told, instead of [`FindingWriter::matches`], about a part of a
    /// file's report written before its last part, after its rows: it
    /// holds findings alone (the file's matches, final, come with its last
    /// part); `so_far` are the summaries of their matches as far as they
    /// were replayed, to name their players (not final). A writer that
    /// writes a file as one piece keeps what it needs until the last part.
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn early(
        &mut self,
        report: &FileReport,
        so_far: &[crate::replay::MatchSummary],
    ) -> io::Result<()> {
        let _ = (report, so_far);
        Ok(())
    }

    /// Told about a file a folder walk skipped as no match record, in its
    /// place among the files (JSON Lines: a `skipped` record; the others:
    /// nothing, the closing summary counts it).
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn skipped(&mut self, skipped: &SkippedRecord) -> io::Result<()> {
        let _ = skipped;
        Ok(())
    }

    /// Told the run's totals once every file is in, before
    /// [`FindingWriter::finish`] (the HTML page opens with them; the
    /// others: nothing). Every writer says what it does with them, so that
    /// a writer wrapping another cannot drop them unnoticed.
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn summary(&mut self, totals: &Totals) -> io::Result<()>;

    /// Writes what is buffered and flushes.
    ///
    /// # Errors
    /// Errors of the underlying writer.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// A CSV writer made safe for spreadsheets (`--csv-safe`): each row is
/// passed on with its formula-like cells quoted ([`FindingRow::formula_safe`]).
pub struct FormulaSafe<'a>(pub Box<dyn FindingWriter + 'a>);

impl fmt::Debug for FormulaSafe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FormulaSafe(..)")
    }
}

impl FindingWriter for FormulaSafe<'_> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        self.0.row(&row.clone().formula_safe())
    }

    fn matches(&mut self, report: &FileReport) -> io::Result<()> {
        self.0.matches(report)
    }

    fn early(
        &mut self,
        report: &FileReport,
        so_far: &[crate::replay::MatchSummary],
    ) -> io::Result<()> {
        self.0.early(report, so_far)
    }

    fn skipped(&mut self, skipped: &SkippedRecord) -> io::Result<()> {
        self.0.skipped(skipped)
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        self.0.summary(totals)
    }

    fn finish(self: Box<Self>) -> io::Result<()> {
        self.0.finish()
    }
}

/// A file that a folder walk skipped because it is no match record: the
/// JSON Lines `skipped` record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkippedRecord {
    /// The file, as found.
    pub file: String,
    /// The name's own bytes when they are not UTF-8.
    #[serde(skip)]
    pub file_bytes: Option<Vec<u8>>,
    /// What it is instead (`a picture (PNG)`, `text without a match or game
    /// header`, ...).
    pub reason: String,
}

/// One rule setting and where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SettingRow<T> {
    /// The value in force.
    pub value: T,
    /// `file`, `flag` or `default`.
    pub source: &'static str,
}

fn setting<T: Copy, U>(s: crate::replay::Setting<T>, f: impl Fn(T) -> U) -> SettingRow<U> {
    SettingRow {
        value: f(s.value),
        source: s.source.name(),
    }
}

/// The rules in force for a match, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesRow {
    /// `backgammon`, `nackgammon`, `hypergammon1..3`, `plakoto`.
    pub variant: SettingRow<&'static str>,
    /// The Crawford rule (match play).
    pub crawford: SettingRow<bool>,
    /// The Jacoby rule (money play).
    pub jacoby: SettingRow<bool>,
    /// Beavers and raccoons (money play).
    pub beavers: SettingRow<bool>,
    /// The cube is used.
    pub cube: SettingRow<bool>,
    /// Highest cube value, `null` for none.
    pub cube_limit: SettingRow<Option<u32>>,
    /// Automatic doubles per game at most (money play).
    pub automatic_doubles: SettingRow<u8>,
    /// What a backgammon counts.
    pub backgammon_value: SettingRow<u32>,
    /// Beavers and raccoons in match play (club rule).
    pub match_beavers: SettingRow<bool>,
}

impl RulesRow {
    /// From the replay's rules.
    #[must_use]
    pub fn new(rules: &crate::replay::RulesInForce) -> RulesRow {
        RulesRow {
            variant: setting(rules.variant, |v| v.name()),
            crawford: setting(rules.crawford, |b| b),
            jacoby: setting(rules.jacoby, |b| b),
            beavers: setting(rules.beavers, |b| b),
            cube: setting(rules.cube_enabled, |b| b),
            cube_limit: setting(rules.cube_limit, |l| l),
            automatic_doubles: setting(rules.automatic_doubles, |n| n),
            backgammon_value: setting(rules.backgammon_value, |n| n),
            match_beavers: setting(rules.match_beavers, |b| b),
        }
    }
}

/// One match of a file with its rules in force: the JSON Lines `match` record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRecord {
    /// The file.
    pub file: String,
    /// The name's own bytes when they are not UTF-8.
    #[serde(skip)]
    pub file_bytes: Option<Vec<u8>>,
    /// Ordinal of the match in the file.
    #[serde(rename = "match")]
    pub match_number: u32,
    /// Match length, 0 for a money session.
    pub length: u32,
    /// The players, left column first.
    pub players: [String; 2],
    /// Each player's skill statistics from the analysis the record carries
    /// (`report::skill`), in the order of `players`; `None` when it carries none.
    pub skill: Option<[serde_json::Value; 2]>,
    /// Games in the record.
    pub games: u32,
    /// Checker plays judged.
    pub plays: u32,
    /// Cube actions.
    pub cube_actions: u32,
    /// The winner, when the match was finished.
    pub winner: Option<String>,
    /// Final score by the replay, left column first.
    pub score: [u32; 2],
    /// Findings by severity.
    pub findings: crate::finding::SeverityCounts,
    /// The rules in force.
    pub rules: Option<RulesRow>,
}

/// The `skill` objects of an analysed match's two players.
#[must_use]
pub fn match_skill(skill: &crate::replay::MatchSkill) -> [serde_json::Value; 2] {
    crate::side::Side::BOTH.map(|side| skill::SkillSums::of_match(skill, side).json())
}

/// The match records of a file.
#[must_use]
pub fn match_records(report: &FileReport) -> Vec<MatchRecord> {
    report
        .matches
        .iter()
        .map(|m| MatchRecord {
            file: report.path.clone(),
            file_bytes: report.path_bytes.clone(),
            match_number: m.number,
            length: m.length,
            players: [m.players.first.name.clone(), m.players.second.name.clone()],
            skill: m.skill.as_deref().map(match_skill),
            games: m.games,
            plays: m.plays,
            cube_actions: m.cube_actions,
            winner: m.winner.clone(),
            score: [m.final_score.first, m.final_score.second],
            findings: m.findings,
            rules: m.rules.as_ref().map(RulesRow::new),
        })
        .collect()
}

/// A writer of `format` over `out`. `wrap_width`: for the table and the
/// list, the width to wrap long cells to (a terminal's), `None` for no
/// wrapping; `quiet`: the table lists the rules in force only for matches
/// with warnings or errors; `colour`: the table's and the list's
/// severities coloured (ANSI).
///
/// # Errors
/// Errors of the underlying writer (the CSV header is written at once).
pub fn finding_writer<'a, W: Write + 'a>(
    format: Output,
    out: W,
    wrap_width: Option<u16>,
    quiet: bool,
    colour: bool,
) -> io::Result<Box<dyn FindingWriter + 'a>> {
    Ok(match format {
        Output::Table => Box::new(table::TableWriter::new(out, wrap_width, quiet).coloured(colour)),
        Output::List => Box::new(list::ListWriter::new(out, wrap_width, colour, quiet)),
        Output::Jsonl => Box::new(jsonl::JsonlWriter::new(out)),
        Output::Csv => Box::new(csv::CsvWriter::new(out)?),
        Output::Html => Box::new(html::HtmlWriter::new(out)),
        Output::Sarif => Box::new(sarif::SarifWriter::new(out)?),
    })
}

/// What a run read and found, for the closing summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Files (and standard input) read: clean, with findings or unreadable.
    pub files: u32,
    /// Read, no finding.
    pub clean: u32,
    /// Read, with at least one finding.
    pub with_findings: u32,
    /// Not readable or not a transcript.
    pub unreadable: u32,
    /// Paths named on the command line that do not exist.
    pub missing: u32,
    /// Matches read.
    pub matches: u32,
    /// Games read.
    pub games: u32,
    /// Checker plays judged.
    pub plays: u64,
    /// Rows written, by severity (the `unreadable` rows count as errors).
    pub findings: SeverityCounts,
    /// The unreadable files and why, in input order.
    pub unreadable_files: Vec<(String, String)>,
    /// The missing paths, in input order.
    pub missing_paths: Vec<String>,
    /// Files found in folders and skipped as no match record.
    pub skipped: u32,
    /// Inputs dropped because an earlier path had reached the same file.
    pub repeated: usize,
}

impl Totals {
    /// Counts one file's report.
    pub fn add(&mut self, report: &FileReport) {
        self.add_file(
            &report.path,
            unreadable_reason(report),
            !report.findings.is_empty(),
        );
        self.add_part(report);
    }

    /// Counts one file read, once all its parts are in: unreadable (with
    /// the reason), with findings, or clean.
    pub fn add_file(&mut self, path: &str, unreadable: Option<&str>, findings: bool) {
        self.files += 1;
        if let Some(reason) = unreadable {
            self.unreadable += 1;
            self.unreadable_files
                .push((path.to_owned(), reason.to_owned()));
        } else if findings {
            self.with_findings += 1;
        } else {
            self.clean += 1;
        }
    }

    /// Counts the findings, matches, games and plays of one part of a
    /// file's report (a file read match by match gives one part per match);
    /// the file itself is counted by [`Totals::add_file`].
    pub fn add_part(&mut self, report: &FileReport) {
        for finding in &report.findings {
            self.findings.add(finding.severity);
        }
        for summary in &report.matches {
            self.matches += 1;
            self.games += summary.games;
            self.plays += u64::from(summary.plays);
        }
    }

    /// Counts a path that does not exist (its report holds the one
    /// `unreadable` finding that says so, counted among the findings).
    pub fn add_missing(&mut self, report: &FileReport) {
        self.missing += 1;
        self.missing_paths.push(report.path.clone());
        for finding in &report.findings {
            self.findings.add(finding.severity);
        }
    }

    /// Counts a file skipped as no match record.
    pub fn add_skipped(&mut self) {
        self.skipped += 1;
    }

    /// Some input could not be read: missing or unreadable.
    #[must_use]
    pub fn any_unread(&self) -> bool {
        self.unreadable > 0 || self.missing > 0
    }

    /// The closing summary ([`Totals`]'s text) for `width` columns: a line
    /// longer than the width (an unreadable file and its reason) is wrapped,
    /// the lines after its first indented by two.
    #[must_use]
    pub fn text(&self, width: Option<u16>) -> String {
        let text = self.to_string();
        let Some(width) = width.map(usize::from) else {
            return text;
        };
        let mut out = String::with_capacity(text.len());
        for line in text.lines() {
            if line.chars().count() <= width {
                out.push_str(line);
                out.push('\n');
                continue;
            }
            let room = width.saturating_sub(2).max(20);
            for (i, part) in wrap_hanging(line, width.max(20), room).iter().enumerate() {
                out.push_str(if i == 0 { "" } else { "  " });
                out.push_str(part);
                out.push('\n');
            }
        }
        out
    }

    /// Findings at or above `level`.
    #[must_use]
    pub fn at_or_above(&self, level: Severity) -> u32 {
        let counts = &self.findings;
        match level {
            Severity::Error => counts.error,
            Severity::Warning => counts.error + counts.warning,
            Severity::Info => counts.error + counts.warning + counts.info,
        }
    }
}

/// The closing summary, a few lines of text (the `missing` count and the
/// `missing`, `skipped` and `repeated` lines only when there are some):
///
/// ```text
/// files: 12 read, 10 clean, 1 with findings, 1 unreadable, 1 missing
/// checked: 11 matches, 40 games, 1234 plays
/// findings: 2 errors, 1 warning, 0 infos
/// unreadable: x.xg: not UTF-8 text
/// missing: y.mat: no such file or directory
/// skipped: 3 not match records
/// ```
impl fmt::Display for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "files: {} read, {} clean, {} with findings, {} unreadable",
            self.files, self.clean, self.with_findings, self.unreadable
        )?;
        if self.missing > 0 {
            write!(f, ", {} missing", self.missing)?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "checked: {}, {}, {}",
            plural(u64::from(self.matches), "match", "matches"),
            plural(u64::from(self.games), "game", "games"),
            plural(self.plays, "play", "plays")
        )?;
        writeln!(
            f,
            "findings: {}, {}, {}",
            plural(u64::from(self.findings.error), "error", "errors"),
            plural(u64::from(self.findings.warning), "warning", "warnings"),
            plural(u64::from(self.findings.info), "info", "infos")
        )?;
        // File names and reasons may carry anything: shown escaped.
        for (file, reason) in &self.unreadable_files {
            writeln!(f, "unreadable: {}: {}", Terminal(file), Terminal(reason))?;
        }
        for path in &self.missing_paths {
            writeln!(f, "missing: {}: no such file or directory", Terminal(path))?;
        }
        if self.skipped > 0 {
            writeln!(
                f,
                "skipped: {}",
                plural(
                    u64::from(self.skipped),
                    "not a match record",
                    "not match records"
                )
            )?;
        }
        if self.repeated > 0 {
            writeln!(
                f,
                "repeated: {} reached by more than one of the paths given, read once",
                plural(self.repeated as u64, "file", "files")
            )?;
        }
        Ok(())
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
pub(crate) mod testing {
    //! Synthetic reports for the writers' tests.

    use crate::catalogue::{Code, Kind};
    use crate::dice::Roll;
    use crate::finding::{Finding, LegalPlays, Severity, SeverityCounts};
    use crate::location::Location;
    use crate::notation::PlayNotation;
    use crate::position::{Position, Variant};
    use crate::replay::{FileReport, FileStatus, MatchSummary, PlayerTally};
    use crate::side::{ByPlayer, Side};

    /// A finding about `side`'s play in match 1, of the code and kind named
    /// (as in the output).
    pub fn finding(
        code: &str,
        kind: Option<&str>,
        severity: Severity,
        side: Side,
        player: &str,
        line: u32,
    ) -> Finding {
        let code = Code::from_name(code).expect("a catalogue code");
        let kind = kind.map(|kind| Kind::from_name(kind).expect("a catalogue kind"));
        finding_of(code, kind, severity, side, player, line)
    }

    /// A finding about `side`'s play in match 1.
    pub fn finding_of(
        code: Code,
        kind: Option<Kind>,
        severity: Severity,
        side: Side,
        player: &str,
        line: u32,
    ) -> Finding {
        let mut finding = Finding::new(
            code,
            Location {
                byte: 0,
                line,
                column: 5,
            },
            format!("{code} here"),
        );
        finding.kind = kind;
        finding.severity = severity;
        finding.match_number = 1;
        finding.game = Some(2);
        finding.row = Some(7);
        finding.side = Some(side);
        finding.player = Some(player.to_owned());
        finding.dice = Roll::new(5, 2);
        finding.text = "52: 13/7 13/12".to_owned();
        finding.before = Some(Position::starting(Variant::Backgammon));
        finding.stood = Some(true);
        finding.written = PlayNotation::parse("13/7 13/12").ok().map(Box::new);
        if let (Some(before), Some(roll)) = (&finding.before, finding.dice) {
            let plays = crate::rules::legal_plays(before, roll);
            finding.legal = Some(Box::new(LegalPlays::ranked(
                plays.iter().map(|p| p.play.to_string()),
                finding.written.as_deref(),
            )));
        }
        finding
    }

    /// A tally for `name`.
    pub fn tally(name: &str, plays: u32, faces: [u32; 6], doublets: u32) -> PlayerTally {
        let rolls = faces.iter().sum::<u32>() / 2;
        PlayerTally {
            name: name.to_owned(),
            games: 3,
            plays,
            rolls,
            doublets,
            faces,
        }
    }

    /// A one-match file report with the given findings.
    pub fn file(path: &str, players: [&str; 2], findings: Vec<Finding>) -> FileReport {
        let mut counts = SeverityCounts::default();
        for finding in &findings {
            counts.add(finding.severity);
        }
        FileReport {
            path: path.to_owned(),
            path_bytes: None,
            format: Some(crate::parse::Format::Mat),
            status: if findings.is_empty() {
                FileStatus::Clean
            } else {
                FileStatus::Findings
            },
            unreadable_reason: None,
            matches: vec![MatchSummary {
                number: 1,
                length: 5,
                games: 3,
                plays: 60,
                cube_actions: 2,
                players: ByPlayer::new(
                    tally(players[0], 31, [10, 12, 9, 11, 10, 10], 5),
                    tally(players[1], 29, [11, 9, 10, 10, 12, 10], 6),
                ),
                winner: Some(players[0].to_owned()),
                final_score: ByPlayer::new(5, 3),
                findings: counts,
                rules: None,
                site: None,
                dialect: None,
                skill: None,
            }],
            findings,
            trace: Vec::new(),
        }
    }

    /// An unreadable file.
    pub fn unreadable(path: &str) -> FileReport {
        FileReport::unreadable(path, "not UTF-8 text".to_owned(), Location::default())
    }
}

#[cfg(test)]
mod tests;
