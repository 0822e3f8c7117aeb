//! The HTML report (`check --format html`): one self-contained page for
//! people who would rather look than read.
//!
//! The page holds the run's summary (files, matches, games, plays, findings
//! by severity and by code), a per-player table like `players`, then per file
//! its matches (players, rules in force, result) and its findings. Each
//! finding shows its place (`file:line:column`, or `file@offset` in an
//! eXtreme Gammon file), message, whether it stood, the typo verdict, and
//! when the position is known an SVG board of the position before the
//! action (`svg`) with the written play drawn as arrows; the
//! suggestion and the legal plays listed are drawn on request (one radio
//! button each, pure CSS), with pip counts, cube, score and the position
//! IDs.
//!
//! The page loads nothing: the style, the board and the filter script are
//! inline, and a Content-Security-Policy allows only them (by their SHA-256
//! hashes). Without the script every finding is listed; with it, selects
//! filter by code, severity and player. Every piece of input text (names,
//! cells, messages, file names) is escaped for its context
//! ([`crate::escape::html`]); none is placed in the script or the style.
//!
//! The page is written when the run ends (its summary comes first): the
//! sections of the files are written as they come to an unnamed temporary
//! file (memory when none can be made), then copied after the summary, so
//! that memory does not grow with the findings. Boards are drawn for the
//! first [`BOARDS_PER_CODE`] findings of each code and kind; the page says
//! how many more it lists without one.

mod page;
mod spool;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::{self, Write};

use super::board::{cube_state, ids, match_kind};
use super::players::{PlayersReport, format_significant};
use super::summary::match_rows;
use super::svg::Diagram;
use super::{FindingRow, FindingWriter, SkippedRecord, Totals, finding_row, unreadable_reason};
use crate::catalogue::Family;
use crate::escape::html;
use crate::finding::{Finding, Severity};
use crate::notation::PlayNotation;
use crate::replay::{FileReport, MatchSummary};
use crate::side::Side;

pub use page::{SCRIPT, STYLE, content_security_policy};
use spool::{OpenFile, Spool, for_players};

/// Plays drawn on one board at most: the one written, then the suggestion
/// and the legal plays listed.
const MAX_PLAYS: usize = 10;

/// Boards drawn per finding code and kind at most: past them a finding is
/// listed without its board (a board is some 10 KB of the page).
pub const BOARDS_PER_CODE: u64 = 200;

/// Writes the page when the run ends.
#[derive(Debug)]
pub struct HtmlWriter<W: Write> {
    out: W,
    /// The files' sections, in input order.
    sections: Spool,
    /// Findings listed without their board ([`BOARDS_PER_CODE`]).
    undrawn: u64,
    /// Findings by `code/kind`: severity (the highest seen) and count.
    by_name: BTreeMap<String, (Severity, u64)>,
    players: PlayersReport,
    skipped: Vec<SkippedRecord>,
    /// Counted from the reports, for a caller that gives no totals.
    counted: Totals,
    totals: Option<Totals>,
    findings: usize,
    /// Each player's worst blunders (`check --blunders`): equity lost in
    /// thousandths, the finding's number, the play; the worst
    /// [`WORST_BLUNDERS`] kept.
    blunders: BTreeMap<String, Vec<(u32, usize, String)>>,
    /// The file whose report is coming in parts, if one is.
    open: Option<OpenFile>,
}

/// Blunders listed per player in the skill table.
const WORST_BLUNDERS: usize = 3;

impl<W: Write> HtmlWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W) -> Self {
        HtmlWriter {
            out,
            sections: Spool::new(),
            undrawn: 0,
            by_name: BTreeMap::new(),
            players: PlayersReport::default(),
            skipped: Vec::new(),
            counted: Totals::default(),
            totals: None,
            findings: 0,
            blunders: BTreeMap::new(),
            open: None,
        }
    }

    /// Writes the section of one file to the spool, a few findings at a
    /// time.
    fn section(&mut self, report: &FileReport, earlier: Option<OpenFile>) -> io::Result<()> {
        let mut s = String::new();
        let earlier_findings = earlier.as_ref().is_some_and(|open| open.findings);
        let status = match unreadable_reason(report) {
            Some(_) => super::UNREADABLE,
            None if report.findings.is_empty() && !earlier_findings => "clean",
            None => "findings",
        };
        let _ = write!(
            s,
            "<section class=\"file {status}\"><h3><span class=\"path\">{}</span> \
             <span class=\"status\">{status}</span></h3>",
            html(&report.path)
        );
        if let Some(reason) = unreadable_reason(report) {
            let _ = write!(s, "<p class=\"reason\">{}</p>", html(reason));
        }
        if !report.matches.is_empty() {
            s.push_str(
                "<table class=\"matches\"><thead><tr><th>match</th><th>players</th><th>length</th>\
                 <th>games</th><th>plays</th><th>result</th><th>findings</th><th>rules in force \
                 (file, flag or default)</th></tr></thead><tbody>",
            );
            let rules = match_rows(report);
            for m in &report.matches {
                let rules = rules
                    .iter()
                    .find(|r| r.match_number == Some(m.number))
                    .and_then(|r| r.rules.as_deref())
                    .unwrap_or("");
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{} – {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                     <td>{}</td><td class=\"rules\">{}</td></tr>",
                    m.number,
                    html(&m.players.first.name),
                    html(&m.players.second.name),
                    if m.length == 0 {
                        "money".to_owned()
                    } else {
                        format!("{} points", m.length)
                    },
                    m.games,
                    m.plays,
                    result_text(m),
                    counts_text(m.findings.error, m.findings.warning, m.findings.info),
                    html(rules)
                );
            }
            s.push_str("</tbody></table>");
        }
        if let Some(earlier) = earlier {
            self.sections.write(&s)?;
            s.clear();
            earlier.articles.copy_to(&mut self.sections)?;
        }
        for finding in &report.findings {
            self.article_of(&mut s, report, finding);
            if s.len() >= 64 * 1024 {
                self.sections.write(&s)?;
                s.clear();
            }
        }
        s.push_str("</section>\n");
        self.sections.write(&s)
    }

    /// One finding's article, added to `s` (its row made as it is written,
    /// not a report's all at once).
    fn article_of(&mut self, s: &mut String, report: &FileReport, finding: &Finding) {
        {
            let row = &finding_row(report, finding);
            self.findings += 1;
            let id = self.findings;
            let entry = self
                .by_name
                .entry(row.code_and_kind())
                .or_insert((finding.severity, 0));
            entry.0 = entry.0.max(finding.severity);
            entry.1 += 1;
            if let (Some(lost), Some(player)) = (finding.lost_millis, &finding.player) {
                let worst = self.blunders.entry(player.clone()).or_default();
                let play = match (&finding.dice, &finding.written) {
                    (Some(dice), Some(play)) => format!("{}{}: {play}", dice.first, dice.second),
                    _ => finding.text.clone(),
                };
                worst.push((lost, id, play));
                worst.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                worst.truncate(WORST_BLUNDERS);
            }
            let draw = entry.1 <= BOARDS_PER_CODE;
            if !draw && has_board(finding) {
                self.undrawn += 1;
            }
            article(s, id, report, finding, row, draw);
        }
    }

    /// The page up to the files' sections.
    fn head(&self) -> String {
        let totals = self.totals.as_ref().unwrap_or(&self.counted);
        let mut s = String::with_capacity(64 * 1024);
        let _ = write!(
            s,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
             <meta name=\"referrer\" content=\"no-referrer\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"bgaudit {}\">\n\
             <title>bgaudit report</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            content_security_policy(),
            env!("CARGO_PKG_VERSION")
        );
        s.push_str("<header><h1>bgaudit report</h1></header>\n");
        self.summary(&mut s, totals);
        self.player_table(&mut s);
        self.skill_table(&mut s);
        s.push_str(
            "<section id=\"findings\"><h2>Files and findings</h2>\n\
             <div id=\"filters\" class=\"filters\" hidden><label>code <select name=\"code\">\
             <option value=\"\">any</option></select></label> <label>severity <select \
             name=\"severity\"><option value=\"\">any</option><option value=\"error\">error\
             </option><option value=\"warning\">warning</option><option value=\"info\">info\
             </option></select></label> <label>player <select name=\"player\"><option \
             value=\"\">any</option></select></label> <span class=\"shown\"></span></div>\n",
        );
        if self.undrawn > 0 {
            let _ = writeln!(
                s,
                "<p class=\"note\">Boards are drawn for the first {BOARDS_PER_CODE} findings of \
                 each code; {} more are listed without their board (each has its position IDs).</p>",
                self.undrawn
            );
        }
        s
    }

    /// The page after the files' sections.
    fn tail(&self) -> String {
        let mut s = String::from("</section>\n");
        if !self.skipped.is_empty() {
            let _ = write!(
                s,
                "<section id=\"skipped\"><h2>Skipped</h2><p>Files found in folders that are no \
                 match records: {}.</p><ul>",
                self.skipped.len()
            );
            for skipped in &self.skipped {
                let _ = write!(
                    s,
                    "<li><span class=\"path\">{}</span>: {}</li>",
                    html(&skipped.file),
                    html(&skipped.reason)
                );
            }
            s.push_str("</ul></section>\n");
        }
        let _ = write!(
            s,
            "<footer>Written by bgaudit {}. Boards are drawn from the side of the player about to \
             act (light checkers, points numbered from his side); the written play is drawn in \
             orange, a legal play chosen from the list in blue.</footer>\n\
             <script>{SCRIPT}</script>\n</body></html>\n",
            env!("CARGO_PKG_VERSION")
        );
        s
    }

    fn summary(&self, s: &mut String, totals: &Totals) {
        let _ = write!(
            s,
            "<section id=\"summary\"><h2>Summary</h2><table class=\"totals\"><tbody>\
             <tr><th>files</th><td>{} read: {} clean, {} with findings, {} unreadable{}</td></tr>\
             <tr><th>checked</th><td>{}, {}, {}</td></tr>\
             <tr><th>findings</th><td>{}</td></tr>",
            totals.files,
            totals.clean,
            totals.with_findings,
            totals.unreadable,
            if totals.missing > 0 {
                format!("; {} missing", totals.missing)
            } else {
                String::new()
            },
            plural(u64::from(totals.matches), "match", "matches"),
            plural(u64::from(totals.games), "game", "games"),
            plural(totals.plays, "play", "plays"),
            counts_text(
                totals.findings.error,
                totals.findings.warning,
                totals.findings.info
            )
        );
        if totals.skipped > 0 {
            let _ = write!(
                s,
                "<tr><th>skipped</th><td>{} not match records</td></tr>",
                totals.skipped
            );
        }
        if totals.repeated > 0 {
            let _ = write!(
                s,
                "<tr><th>repeated</th><td>{} files reached by more than one path, read once</td></tr>",
                totals.repeated
            );
        }
        s.push_str("</tbody></table>");
        if !self.by_name.is_empty() {
            s.push_str(
                "<table class=\"codes\"><thead><tr><th>code</th><th>severity</th><th>findings</th>\
                 <th>meaning</th></tr></thead><tbody>",
            );
            let mut names: Vec<(&String, &(Severity, u64))> = self.by_name.iter().collect();
            names.sort_by(|a, b| b.1.0.cmp(&a.1.0).then_with(|| a.0.cmp(b.0)));
            for (name, (severity, count)) in names {
                let meaning = crate::catalogue::lookup(name).map_or("", |e| e.short());
                let _ = write!(
                    s,
                    "<tr><td><code>{}</code></td><td class=\"sev {severity}\">{severity}</td>\
                     <td class=\"n\">{count}</td><td>{}</td></tr>",
                    html(name),
                    html(meaning)
                );
            }
            s.push_str("</tbody></table>");
        }
        s.push_str("</section>\n");
    }

    /// The skill statistics of the players some of whose matches carry an
    /// engine's analysis, with their worst blunders (linked to their
    /// findings, which show the board, the play made and the best play).
    fn skill_table(&self, s: &mut String) {
        let rows: Vec<_> = self
            .players
            .rows()
            .into_iter()
            .filter(|row| row.skill.is_some())
            .collect();
        if rows.is_empty() {
            return;
        }
        s.push_str(
            "<section id=\"skill\"><h2>Skill (from the analysis the records carry)</h2>\
             <p>Figures of the engine that analysed each record, as it defines them; figures of \
             different engines or depths do not compare.</p><div class=\"wide\">\
             <table class=\"players skill\"><thead><tr><th>player</th><th>analysed</th><th>engine</th>\
             <th>unforced plays</th><th>doubtful / bad / very bad</th>\
             <th>checker error EMG</th><th>cube decisions (close)</th><th>cube error EMG</th>\
             <th>error rate mEMG</th><th>Snowie error rate</th><th>rating</th><th>luck EMG</th>\
             <th>PR (XG)</th><th>worst blunders</th></tr></thead><tbody>",
        );
        for row in rows {
            let Some(skill) = &row.skill else {
                continue;
            };
            // Numbers as GNU Backgammon prints them: EMG with 3 decimals,
            // rates with 1, no `-0.000`.
            let get_with = |path: &[&str], decimals: usize| -> String {
                match super::skill::at(skill, path) {
                    None => "–".to_owned(),
                    Some(serde_json::Value::String(text)) => text.clone(),
                    Some(serde_json::Value::Number(n)) => match n.as_f64() {
                        Some(x) if n.is_f64() => {
                            let text = format!("{x:.decimals$}");
                            if text
                                .trim_start_matches('-')
                                .bytes()
                                .all(|b| b == b'0' || b == b'.')
                            {
                                text.trim_start_matches('-').to_owned()
                            } else {
                                text
                            }
                        }
                        _ => n.to_string(),
                    },
                    Some(other) => other.to_string(),
                }
            };
            let get = |path: &[&str]| get_with(path, 3);
            let engine = get(&["engine"]);
            let engine_name: Vec<&str> = engine
                .split("; ")
                .map(|e| e.split(" (").next().unwrap_or(e))
                .collect();
            let mut worst = String::new();
            let mut seen = Vec::new();
            for spelling in &row.spellings {
                for (lost, id, text) in self.blunders.get(spelling).into_iter().flatten() {
                    seen.push((*lost, *id, text.as_str()));
                }
            }
            seen.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            for (lost, id, text) in seen.into_iter().take(WORST_BLUNDERS) {
                let _ = write!(
                    worst,
                    "<a href=\"#f{id}\">{} (−{}.{:03})</a> ",
                    html(text),
                    lost / 1000,
                    lost % 1000
                );
            }
            let _ = write!(
                s,
                "<tr><td>{}</td><td class=\"n\">{} of {}</td><td title=\"{}\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{} / {} / {}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{} ({})</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td>{}</td></tr>",
                html(&row.player),
                row.analysed_matches,
                row.matches,
                html(&engine),
                html(&engine_name.join("; ")),
                get(&["checker", "unforced"]),
                get(&["checker", "doubtful"]),
                get(&["checker", "bad"]),
                get(&["checker", "very_bad"]),
                get(&["checker", "error_emg"]),
                get(&["cube", "decisions"]),
                get(&["cube", "close"]),
                get(&["cube", "error_emg"]),
                get_with(&["overall", "error_rate_memg"], 1),
                get_with(&["overall", "snowie_error_rate"], 1),
                html(&get(&["overall", "rating"])),
                get(&["luck", "total_emg"]),
                get_with(&["overall", "pr"], 2),
                if worst.is_empty() {
                    "–".to_owned()
                } else {
                    worst
                },
            );
        }
        s.push_str("</tbody></table></div></section>\n");
    }

    fn player_table(&self, s: &mut String) {
        let rows = self.players.rows();
        if rows.is_empty() {
            return;
        }
        s.push_str(
            "<section id=\"players\"><h2>Players</h2><div class=\"wide\"><table class=\"players\">\
             <thead><tr><th>player</th><th>matches</th><th>games</th><th>plays</th>\
             <th>illegal plays</th><th>stood</th><th>ended game</th><th>illegal cube</th>\
             <th>record defects</th><th>probable typos</th><th>illegal per 100</th>\
             <th>rolls</th><th>doubles (rate)</th><th>dice χ² p</th></tr></thead><tbody>",
        );
        for row in rows {
            let _ = write!(
                s,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td></tr>",
                html(&row.player),
                row.matches,
                row.games,
                row.plays,
                row.illegal_plays,
                row.stood,
                row.ended_game,
                row.illegal_cube,
                row.record_defects,
                row.probable_typos,
                row.illegal_per_100_plays
                    .map_or_else(String::new, |x| format!("{x:.2}")),
                row.rolls,
                match row.doubles_rate {
                    Some(rate) => format!("{} ({rate:.4})", row.doubles),
                    None => row.doubles.to_string(),
                },
                row.chi_square_p
                    .map_or_else(String::new, format_significant),
            );
        }
        s.push_str("</tbody></table></div></section>\n");
    }
}

impl<W: Write> FindingWriter for HtmlWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        // The page is built from the whole report (`matches`).
        let _ = row;
        Ok(())
    }

    fn matches(&mut self, report: &FileReport) -> io::Result<()> {
        let Some(open) = self.open.take() else {
            self.counted.add(report);
            self.players.add_file(report);
            return self.section(report, None);
        };
        // The last part of a file that came in parts: the whole file counted.
        self.counted.add_file(
            &report.path,
            unreadable_reason(report),
            open.findings || !report.findings.is_empty(),
        );
        self.counted.add_part(report);
        let (whole, earlier) = open.close(report);
        self.players.add_file(&whole);
        drop(whole);
        self.section(report, Some(earlier))
    }

    fn early(&mut self, report: &FileReport, so_far: &[MatchSummary]) -> io::Result<()> {
        self.counted.add_part(report);
        let mut open = self.open.take().unwrap_or_else(OpenFile::new);
        // The findings' players named by their matches as replayed so far.
        let named = spool::named(report, so_far);
        let mut s = String::new();
        for finding in &report.findings {
            self.article_of(&mut s, &named, finding);
            if s.len() >= 64 * 1024 {
                open.articles.write(&s)?;
                s.clear();
            }
            open.counted.push(for_players(finding));
        }
        open.articles.write(&s)?;
        open.findings |= !report.findings.is_empty();
        self.open = Some(open);
        Ok(())
    }

    fn skipped(&mut self, skipped: &SkippedRecord) -> io::Result<()> {
        self.counted.add_skipped();
        self.skipped.push(skipped.clone());
        Ok(())
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        self.totals = Some(totals.clone());
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        let head = self.head();
        self.out.write_all(head.as_bytes())?;
        let sections = std::mem::replace(&mut self.sections, Spool::Memory(Vec::new()));
        sections.copy_to(&mut self.out)?;
        let tail = self.tail();
        self.out.write_all(tail.as_bytes())?;
        self.out.flush()
    }
}

/// `Omar won, 0-10`, or `unfinished, 3-5`.
fn result_text(m: &MatchSummary) -> String {
    let score = format!("{}-{}", m.final_score.first, m.final_score.second);
    match &m.winner {
        Some(winner) => format!("{} won, {score}", html(winner)),
        None => format!("unfinished, {score}"),
    }
}

/// `1 match`, `3 matches`.
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `3 errors, 1 warning, 0 infos`.
fn counts_text(error: u32, warning: u32, info: u32) -> String {
    format!(
        "{}, {}, {}",
        plural(u64::from(error), "error", "errors"),
        plural(u64::from(warning), "warning", "warnings"),
        plural(u64::from(info), "info", "infos")
    )
}

/// The name of `side` in the finding's match.
fn name_of(report: &FileReport, finding: &Finding, side: Side) -> String {
    report
        .matches
        .iter()
        .find(|m| m.number == finding.match_number)
        .map(|m| m.players[side].name.trim().to_owned())
        .unwrap_or_default()
}

/// Whether a report can draw the position before a finding.
#[must_use]
pub fn has_board(finding: &Finding) -> bool {
    finding.before.is_some() || finding.before_plakoto.is_some()
}

/// One finding as an `<article>`.
fn article(
    s: &mut String,
    id: usize,
    report: &FileReport,
    finding: &Finding,
    row: &FindingRow,
    draw: bool,
) {
    let entry = finding.entry();
    let family = match entry.family {
        Family::Play => "play",
        Family::Cube => "cube",
        Family::Score => "score",
        Family::Record => "record",
        Family::Reading => "reading",
    };
    let severity = finding.severity.as_str();
    let name = row.code_and_kind();
    let _ = write!(
        s,
        "<article class=\"finding {severity}\" id=\"f{id}\" data-code=\"{}\" data-name=\"{}\" \
         data-severity=\"{severity}\" data-player=\"{}\" data-family=\"{family}\" \
         data-board=\"{}\"><h4><span class=\"sev {severity}\">{severity}</span> \
         <code title=\"{}\">{}</code> <span class=\"place\">{}</span>",
        finding.code,
        html(&name),
        html(row.player.as_deref().unwrap_or("")),
        if draw && has_board(finding) {
            "yes"
        } else {
            "no"
        },
        html(entry.meaning),
        html(&name),
        html(&row.place())
    );
    let mut place = Vec::new();
    if let Some(m) = row.match_number {
        place.push(format!("match {m}"));
    }
    if let Some(g) = row.game {
        place.push(format!("game {g}"));
    }
    if let Some(r) = row.row {
        place.push(format!("move {r}"));
    }
    if let Some(p) = row.player.as_deref().filter(|p| !p.is_empty()) {
        place.push(html(p).into_owned());
    }
    if !place.is_empty() {
        let _ = write!(s, " <span class=\"where\">{}</span>", place.join(", "));
    }
    let _ = write!(
        s,
        "</h4><p class=\"msg\">{}</p><dl>",
        html(&finding.message)
    );
    let mut item = |term: &str, value: String| {
        let _ = write!(s, "<dt>{term}</dt><dd>{value}</dd>");
    };
    if !row.text.is_empty() {
        item("written", format!("<code>{}</code>", html(&row.text)));
    }
    match finding.stood {
        Some(true) => item(
            "stood",
            "yes: the opponent rolled or doubled next, accepting it".to_owned(),
        ),
        Some(false) => item(
            "stood",
            "no: the game ended before the opponent acted".to_owned(),
        ),
        None => {}
    }
    match finding.likely_typo {
        Some(true) => item(
            "typo",
            "probable transcription error: a legal play close to what was written keeps the \
             rest of the record consistent"
                .to_owned(),
        ),
        Some(false) => item(
            "typo",
            "not a typo: the play as written is what the rest of the record follows".to_owned(),
        ),
        None => {}
    }
    if let Some(suggestion) = &finding.suggestion {
        item("meant", format!("<code>{}</code>", html(suggestion)));
    }
    if let Some(context) = &finding.context {
        let names = |side: Side| {
            let name = name_of(report, finding, side);
            if name.is_empty() {
                side.to_string()
            } else {
                html(&name).into_owned()
            }
        };
        item("cube", cube_state(context, names));
        let scores = if context.length == 0 {
            "money game".to_owned()
        } else {
            format!(
                "{}: {}, {}: {} ({})",
                names(Side::First),
                context.scores.first,
                names(Side::Second),
                context.scores.second,
                match_kind(context)
            )
        };
        item("score", scores);
    }
    let mover = super::svg::mover_of(finding.context.as_ref(), finding.side);
    if let Some(position) = &finding.before {
        let (gnubg, xgid) = ids(
            position,
            finding.side,
            finding.context.as_ref(),
            finding.dice,
        );
        item(
            "position",
            format!("<code>{gnubg}</code><br><code>{xgid}</code>"),
        );
    }
    let diagram = match (&finding.before, &finding.before_plakoto) {
        (Some(position), _) => Some(Diagram::of_position(position)),
        (None, Some(setup)) => Some(Diagram::of_plakoto(setup)),
        (None, None) => None,
    };
    if let Some(diagram) = &diagram {
        item(
            "pips",
            format!(
                "{} {}, {} {}",
                html(&fallback(&name_of(report, finding, mover), "X")),
                diagram.our_pips(),
                html(&fallback(&name_of(report, finding, mover.other()), "O")),
                diagram.their_pips()
            ),
        );
    }
    if let Some(legal) = &finding.legal {
        let text = match legal.count {
            0 => "none: the roll cannot be played".to_owned(),
            n if legal.listed.len() < n => {
                let how = if legal.fitted {
                    "fitting the rest of the game best, then closest to what was written"
                } else {
                    "closest to what was written"
                };
                format!("{n}; the {} {how}", legal.listed.len())
            }
            n => n.to_string(),
        };
        item("legal plays", text);
    }
    s.push_str("</dl>");
    let known = diagram.is_some();
    if let Some(mut diagram) = diagram.filter(|_| draw) {
        let ours = name_of(report, finding, mover);
        let theirs = name_of(report, finding, mover.other());
        diagram.names = (&ours, &theirs);
        diagram.context = finding.context.as_ref();
        diagram.dice = finding.dice;
        diagram.title = format!("the position before {}", row.place());
        board(s, id, finding, diagram);
    } else if known {
        s.push_str(
            "<p class=\"note\">No board: the page draws the boards of the first findings of \
             each code only; the position IDs above give this one.</p>",
        );
    } else if entry.family == Family::Play {
        s.push_str("<p class=\"note\">No board: the position is not known here.</p>");
    }
    s.push_str("</article>");
}

fn fallback(name: &str, letter: &str) -> String {
    if name.is_empty() {
        letter.to_owned()
    } else {
        name.to_owned()
    }
}

/// The board with its plays: the one written, then the suggestion and the
/// legal plays listed, each chosen by a radio button.
fn board(s: &mut String, id: usize, finding: &Finding, mut diagram: Diagram<'_>) {
    let written = finding
        .written
        .as_deref()
        .cloned()
        .unwrap_or_else(PlayNotation::empty);
    let mut labels: Vec<String> = vec![if written.is_empty() {
        "nothing played".to_owned()
    } else {
        format!("as written: <code>{}</code>", html(&written.to_string()))
    }];
    let nothing = written.is_empty();
    diagram.plays.push(written);
    let mut others: Vec<&str> = Vec::new();
    if let Some(suggestion) = &finding.suggestion {
        others.push(suggestion);
    }
    if let Some(legal) = &finding.legal {
        others.extend(legal.listed.iter().map(String::as_str));
    }
    let mut seen = BTreeSet::new();
    for text in others {
        if diagram.plays.len() >= MAX_PLAYS || !seen.insert(text) {
            continue;
        }
        if let Ok(play) = PlayNotation::parse(text) {
            let meant = finding.suggestion.as_deref() == Some(text);
            labels.push(format!(
                "{}<code>{}</code>",
                if meant { "meant: " } else { "" },
                html(text)
            ));
            diagram.plays.push(play);
        }
    }
    s.push_str("<div class=\"boardbox\">");
    if nothing && labels.len() == 1 {
        // No play to draw: the board alone.
        s.push_str(&diagram.svg());
        s.push_str("</div>");
        return;
    }
    for index in 0..labels.len() {
        let _ = write!(
            s,
            "<input type=\"radio\" class=\"vh r{index}\" name=\"f{id}\" id=\"f{id}-{index}\"{}>",
            if index == 0 { " checked" } else { "" }
        );
    }
    s.push_str("<div class=\"choices\">");
    for (index, label) in labels.iter().enumerate() {
        if index == 1 {
            s.push_str("<span class=\"legal\">draw:</span> ");
        }
        let _ = write!(
            s,
            "<label for=\"f{id}-{index}\" class=\"l{index}\">{label}</label> "
        );
    }
    s.push_str("</div>");
    s.push_str(&diagram.svg());
    s.push_str("</div>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};
    use crate::position::{Position, Variant};
    use crate::report::testing::{file, finding_of, unreadable};

    fn page(reports: &[FileReport]) -> String {
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(HtmlWriter::new(&mut out));
        for report in reports {
            writer.matches(report).unwrap();
        }
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_page_has_a_board_for_each_finding_with_a_position() {
        let mut play = finding_of(
            Code::IllegalPlay,
            Some(Kind::WrongDice),
            Severity::Error,
            Side::First,
            "<img src=x onerror=alert(1)>",
            9,
        );
        play.before = Some(Position::starting(Variant::Backgammon));
        play.written = Some(Box::new(PlayNotation::parse("13/8 6/4").unwrap()));
        play.suggestion = Some("13/8 13/11".to_owned());
        let report = file("a</script>.mat", ["Alice", "Bob"], vec![play]);
        let text = page(&[report, unreadable("b.xg")]);
        assert_eq!(text.matches("<svg class=\"board\"").count(), 1);
        assert!(!text.contains("<img"));
        assert!(!text.contains("a</script>"));
        assert_eq!(text.matches("<script>").count(), 1);
        assert!(text.contains("Content-Security-Policy"));
        assert!(text.contains("meant: <code>13/8 13/11</code>"));
        assert!(!text.contains("http://") || !text.contains("src=\"http"));
    }
}
