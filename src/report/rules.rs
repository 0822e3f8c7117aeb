//! The rules in force, listed under a table or the diagnostics: once for
//! every match, the matches with warnings or errors one by one (those are
//! the ones a reader looks into), the others grouped by identical rules.

use std::io::{self, Write};

use crate::replay::FileReport;

/// Collects the matches' rules as files come in; [`RulesListing::write`]
/// prints them.
#[derive(Debug, Default)]
pub struct RulesListing {
    /// List only the matches with warnings or errors (`--quiet`).
    flagged_only: bool,
    /// `file match N: rules` for each match with warnings or errors.
    flagged: Vec<String>,
    /// The other matches: their rules, with how many matches and the first
    /// of them, in order of first appearance.
    others: Vec<(String, usize, String)>,
}

impl RulesListing {
    /// An empty listing; `flagged_only`: list only the matches with
    /// warnings or errors (for `--quiet`).
    #[must_use]
    pub fn new(flagged_only: bool) -> Self {
        RulesListing {
            flagged_only,
            ..RulesListing::default()
        }
    }

    /// Takes note of a file's matches.
    pub fn add(&mut self, report: &FileReport) {
        for m in &report.matches {
            let Some(rules) = &m.rules else { continue };
            let rules = rules.to_string();
            let place = format!("{} match {}", report.path, m.number);
            if m.findings.error + m.findings.warning > 0 {
                self.flagged.push(format!("{place}: {rules}"));
            } else if self.flagged_only {
            } else if let Some(group) = self.others.iter_mut().find(|g| g.0 == rules) {
                group.1 += 1;
            } else {
                self.others.push((rules, 1, place));
            }
        }
    }

    /// Writes the listing (nothing when no match was read).
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        if self.flagged.is_empty() && self.others.is_empty() {
            return Ok(());
        }
        writeln!(out, "rules in force (file, flag or default):")?;
        for line in &self.flagged {
            writeln!(out, "  {line}")?;
        }
        let other = if self.flagged.is_empty() {
            ""
        } else {
            " other"
        };
        for (rules, count, first) in &self.others {
            if *count == 1 {
                writeln!(out, "  {first}: {rules}")?;
            } else {
                writeln!(out, "  {count}{other} matches: {rules}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{MatchSummary, Options, RulesInForce, check_bytes};

    fn report(path: &str, matches: &[(u32, u32)]) -> FileReport {
        // A report with matches of these lengths and error counts.
        let mut report = check_bytes(path, b"", &Options::default());
        report.matches = matches
            .iter()
            .enumerate()
            .map(|(i, &(length, errors))| {
                let mut m = MatchSummary {
                    number: u32::try_from(i).unwrap() + 1,
                    length,
                    ..MatchSummary::default()
                };
                m.findings.error = errors;
                let header = crate::parse::MatchHeader {
                    location: crate::parse::Location::START,
                    length,
                    tags: Vec::new(),
                    format: crate::parse::Format::Mat,
                };
                m.rules = Some(RulesInForce::resolve(&header, &Default::default()));
                m
            })
            .collect();
        report
    }

    fn listing(reports: &[FileReport]) -> String {
        let mut listing = RulesListing::default();
        for r in reports {
            listing.add(r);
        }
        let mut out = Vec::new();
        listing.write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_match_is_listed_once_flagged_ones_by_name() {
        let text = listing(&[
            report("a.mat", &[(7, 1), (7, 0)]),
            report("b.mat", &[(7, 0), (5, 0)]),
        ]);
        assert_eq!(
            text,
            "rules in force (file, flag or default):\n  \
             a.mat match 1: 7-point match variant=backgammon(default) crawford=on(default) cube=on(default)\n  \
             2 other matches: 7-point match variant=backgammon(default) crawford=on(default) cube=on(default)\n  \
             b.mat match 2: 5-point match variant=backgammon(default) crawford=on(default) cube=on(default)\n"
        );
    }

    #[test]
    fn clean_matches_alone_are_grouped_without_other() {
        let text = listing(&[report("a.mat", &[(0, 0), (0, 0)])]);
        assert_eq!(
            text,
            "rules in force (file, flag or default):\n  \
             2 matches: money variant=backgammon(default) jacoby=off(default) beavers=off(default) cube=on(default)\n"
        );
        assert_eq!(listing(&[]), "");
    }

    #[test]
    fn flagged_only_leaves_out_the_clean_matches() {
        let mut listing = RulesListing::new(true);
        listing.add(&report("a.mat", &[(7, 0), (5, 2)]));
        let mut out = Vec::new();
        listing.write(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "rules in force (file, flag or default):\n  \
             a.mat match 2: 5-point match variant=backgammon(default) crawford=on(default) cube=on(default)\n"
        );
    }
}
