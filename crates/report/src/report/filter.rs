//! Which findings a run shows (`--player`, `--code`, `--severity`,
//! `--game`, `--match`): a report is cut down to them before anything
//! counts or writes it, so that the tables, the closing summary and the exit
//! status all follow what is shown.
//!
//! Each filter takes a finding when any of its values matches; the filters
//! together take a finding that every filter given takes. A file that could
//! not be read keeps its one finding whatever the filters: it is no finding
//! about the record but a record that was not checked.

use crate::catalogue;
use crate::finding::{Finding, Severity, SeverityCounts};
use crate::replay::{FileReport, FileStatus};

use super::players::{Aliases, normalize_name};

/// The findings to show. The default shows everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Players, normalised as `players` merges names.
    players: Vec<String>,
    /// Codes, each with a kind or none (any kind).
    codes: Vec<(String, Option<String>)>,
    severities: Vec<Severity>,
    games: Vec<u32>,
    matches: Vec<u32>,
    /// The name merges the players are compared after.
    aliases: Aliases,
}

impl Shown {
    /// Every finding shown: no filter.
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.players.is_empty()
            && self.codes.is_empty()
            && self.severities.is_empty()
            && self.games.is_empty()
            && self.matches.is_empty()
    }

    /// Shows the findings about `name` (compared as `players` compares
    /// names: trimmed, case-folded, without a rating, after `aliases`).
    pub fn player(&mut self, name: &str) {
        self.players.push(normalize_name(name));
    }

    /// The players of `--player`, normalised.
    #[must_use]
    pub fn player_names(&self) -> &[String] {
        &self.players
    }

    /// Compares player names after these merges.
    pub fn aliases(&mut self, aliases: Aliases) {
        self.aliases = aliases;
    }

    /// Shows the findings of `spec`, a code (`illegal-play`) or a code and
    /// kind (`illegal-play/wrong-dice`).
    ///
    /// # Errors
    /// A spec the catalogue does not know, with the closest name known.
    pub fn code(&mut self, spec: &str) -> Result<(), String> {
        if catalogue::lookup(spec).is_none() {
            let hint = catalogue::closest(spec)
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Err(format!(
                "`{spec}` is no finding code{hint}: `bgaudit explain --list` lists them"
            ));
        }
        let spec = spec.trim().to_ascii_lowercase();
        let (code, kind) = match spec.split_once('/') {
            Some((code, kind)) => (code.trim().to_owned(), Some(kind.trim().to_owned())),
            None => (spec, None),
        };
        self.codes.push((code, kind));
        Ok(())
    }

    /// Shows the findings of `severity`.
    pub fn severity(&mut self, severity: Severity) {
        self.severities.push(severity);
    }

    /// Shows the findings of game `number` (as written).
    pub fn game(&mut self, number: u32) {
        self.games.push(number);
    }

    /// Shows match `number` (its order in the file, from 1): its findings,
    /// and only its match record.
    pub fn match_number(&mut self, number: u32) {
        self.matches.push(number);
    }

    /// Whether `finding` of `report` is shown.
    #[must_use]
    pub fn keeps(&self, report: &FileReport, finding: &Finding) -> bool {
        (self.severities.is_empty() || self.severities.contains(&finding.severity))
            && (self.games.is_empty() || finding.game.is_some_and(|g| self.games.contains(&g)))
            && (self.matches.is_empty() || self.matches.contains(&finding.match_number))
            && (self.codes.is_empty()
                || self.codes.iter().any(|(code, kind)| {
                    finding.code.as_str() == code
                        && kind
                            .as_deref()
                            .is_none_or(|k| finding.kind.map(|f| f.as_str()) == Some(k))
                }))
            && (self.players.is_empty() || self.is_about_player(report, finding))
    }

    /// The finding names a player of `--player`, or stands in the column
    /// of one.
    fn is_about_player(&self, report: &FileReport, finding: &Finding) -> bool {
        let column = finding.side.and_then(|side| {
            report
                .matches
                .iter()
                .find(|m| m.number == finding.match_number)
                .map(|m| m.players[side].name.as_str())
        });
        [finding.player.as_deref(), column]
            .into_iter()
            .flatten()
            .any(|name| self.names(name))
    }

    /// `name` is one of the players shown.
    fn names(&self, name: &str) -> bool {
        let name = self.aliases.resolve(&normalize_name(name));
        self.players
            .iter()
            .any(|wanted| self.aliases.resolve(wanted) == name)
    }

    /// Cuts `report` down to what is shown: its findings, and with
    /// `--match` or `--player` its matches (a match of none of the players
    /// goes); each match's counts follow its findings.
    pub fn apply(&self, report: &mut FileReport) {
        if self.is_all() || report.status == FileStatus::Unreadable {
            return;
        }
        let findings = std::mem::take(&mut report.findings);
        report.findings = findings
            .into_iter()
            .filter(|finding| self.keeps(report, finding))
            .collect();
        report.matches.retain(|m| {
            (self.matches.is_empty() || self.matches.contains(&m.number))
                && (self.players.is_empty()
                    || [&m.players.first.name, &m.players.second.name]
                        .into_iter()
                        .any(|name| self.names(name)))
        });
        for summary in &mut report.matches {
            let mut counts = SeverityCounts::default();
            for finding in report
                .findings
                .iter()
                .filter(|f| f.match_number == summary.number)
            {
                counts.add(finding.severity);
            }
            summary.findings = counts;
        }
    }

    /// Whether the row of a player named `name` is shown (`players
    /// --player`).
    #[must_use]
    pub fn shows_player(&self, name: &str) -> bool {
        self.players.is_empty() || self.names(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{file, finding};
    use crate::side::Side;

    fn two_findings() -> FileReport {
        file(
            "a.mat",
            ["Alice (1650)", "Bob"],
            vec![
                finding(
                    "illegal-play",
                    Some("wrong-dice"),
                    Severity::Error,
                    Side::First,
                    "Alice (1650)",
                    9,
                ),
                finding(
                    "double-in-crawford",
                    None,
                    Severity::Error,
                    Side::Second,
                    "Bob",
                    12,
                ),
            ],
        )
    }

    #[test]
    fn a_player_is_matched_whatever_the_rating_form() {
        let mut shown = Shown::default();
        shown.player("alice [1650]");
        let mut report = two_findings();
        shown.apply(&mut report);
        assert_eq!(report.findings.len(), 1);
        assert_eq!(report.findings[0].player.as_deref(), Some("Alice (1650)"));
    }

    #[test]
    fn a_code_with_or_without_its_kind() {
        let mut shown = Shown::default();
        shown.code("illegal-play").unwrap();
        let mut report = two_findings();
        shown.apply(&mut report);
        assert_eq!(report.findings.len(), 1);
        let mut shown = Shown::default();
        shown.code("illegal-play/under-played").unwrap();
        let mut report = two_findings();
        shown.apply(&mut report);
        assert!(report.findings.is_empty());
        let err = Shown::default().code("ilegal-play").unwrap_err();
        assert!(err.contains("did you mean `illegal-play`"), "{err}");
    }

    #[test]
    fn match_counts_follow_the_findings_shown() {
        let mut shown = Shown::default();
        shown.severity(Severity::Warning);
        let mut report = two_findings();
        shown.apply(&mut report);
        assert!(report.findings.is_empty());
        assert!(
            report
                .matches
                .iter()
                .all(|m| m.findings.highest().is_none())
        );
    }
}
