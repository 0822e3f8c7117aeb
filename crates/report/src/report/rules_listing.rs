//! The rules in force, listed under a table or the diagnostics: the common
//! case in one line (the rules most matches share, and how many), then only
//! the matches whose rules differ, each line wrapped to the output width.
//! Matches with the same other rules are grouped: up to
//! [`RulesListing::NAMED`] are named one by one, a larger group by its count
//! and its first match. The match length is no rule: a 5-point and a
//! 7-point match under the same rules share a line. (The JSON Lines `match`
//! records give every match's rules.)
//!
//! ```text
//! rules in force (file, flag or default): 2 of 3 matches: match play, variant=backgammon(default) crawford=on(file) cube=on(default)
//!   b.mat match 1: match play, variant=backgammon(default) crawford=on(default) cube=on(default)
//! ```

use std::io::{self, Write};

use crate::escape::Terminal;
use crate::replay::{FileReport, RulesInForce};

/// Collects the matches' rules as files come in; [`RulesListing::write`]
/// prints them.
#[derive(Debug, Default)]
pub struct RulesListing {
    /// List only the matches with warnings or errors (`--quiet`).
    flagged_only: bool,
    /// Each distinct set of rules, in order of first appearance, with the
    /// matches under it (`file match N`).
    groups: Vec<(String, Vec<String>)>,
}

impl RulesListing {
    /// The largest group of differing matches named one by one.
    pub const NAMED: usize = 3;

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
            if self.flagged_only && m.findings.error + m.findings.warning == 0 {
                continue;
            }
            let rules = describe(rules);
            let place = format!("{} match {}", Terminal(&report.path), m.number);
            match self.groups.iter_mut().find(|g| g.0 == rules) {
                Some(group) => group.1.push(place),
                None => self.groups.push((rules, vec![place])),
            }
        }
    }

    /// Writes the listing (nothing when no match was read), each line
    /// wrapped to `width` when given.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn write(&self, out: &mut impl Write, width: Option<u16>) -> io::Result<()> {
        // The common case: the largest group, the first of equals.
        let Some(common) = self
            .groups
            .iter()
            .enumerate()
            .max_by_key(|&(i, g)| (g.1.len(), std::cmp::Reverse(i)))
            .map(|(i, _)| i)
        else {
            return Ok(());
        };
        let total: usize = self.groups.iter().map(|g| g.1.len()).sum();
        let (rules, matches) = &self.groups[common];
        let share = match (matches.len(), total) {
            (1, 1) => "the match".to_owned(),
            (n, t) if n == t => format!("all {t} matches"),
            (n, t) => format!("{n} of {t} matches"),
        };
        let line = format!("rules in force (file, flag or default): {share}: {rules}");
        write_wrapped(out, "", &line, width)?;
        for (i, (rules, matches)) in self.groups.iter().enumerate() {
            if i == common {
                continue;
            }
            if matches.len() <= Self::NAMED {
                for place in matches {
                    write_wrapped(out, "  ", &format!("{place}: {rules}"), width)?;
                }
            } else {
                let line = format!(
                    "{} matches: {rules} (the first: {})",
                    matches.len(),
                    matches[0]
                );
                write_wrapped(out, "  ", &line, width)?;
            }
        }
        Ok(())
    }
}

/// The rules of a match without its length: `match play, variant=...` or
/// `money, variant=...`.
fn describe(rules: &RulesInForce) -> String {
    let text = rules.to_string();
    // The length comes first: `7-point match variant=...`, `money variant=...`.
    let settings = text
        .split_once(" variant=")
        .map_or(text.as_str(), |(_, rest)| rest);
    let play = if rules.length == 0 {
        "money"
    } else {
        "match play"
    };
    format!("{play}, variant={settings}")
}

/// `text` after `indent`, wrapped to `width` (the lines after the first
/// indented two more).
fn write_wrapped(
    out: &mut impl Write,
    indent: &str,
    text: &str,
    width: Option<u16>,
) -> io::Result<()> {
    let Some(width) = width else {
        return writeln!(out, "{indent}{text}");
    };
    let room = usize::from(width).saturating_sub(indent.len() + 2).max(20);
    for (i, line) in super::wrap(text, room).iter().enumerate() {
        let more = if i == 0 { "" } else { "  " };
        writeln!(out, "{indent}{more}{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{MatchSummary, Options, RuleFlags, check_bytes};

    /// A report with matches of these lengths, error counts and Crawford
    /// flags.
    fn report(path: &str, matches: &[(u32, u32)], flags: &RuleFlags) -> FileReport {
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
                m.rules = Some(RulesInForce::resolve(&header, flags));
                m
            })
            .collect();
        report
    }

    fn listing(reports: &[FileReport], width: Option<u16>) -> String {
        let mut listing = RulesListing::default();
        for r in reports {
            listing.add(r);
        }
        let mut out = Vec::new();
        listing.write(&mut out, width).unwrap();
        String::from_utf8(out).unwrap()
    }

    const DEFAULT: &str =
        "match play, variant=backgammon(default) crawford=on(default) cube=on(default)";

    #[test]
    fn the_common_case_is_one_line_whatever_the_lengths() {
        let plain = RuleFlags::default();
        let text = listing(
            &[
                report("a.mat", &[(7, 1), (7, 0)], &plain),
                report("b.mat", &[(5, 0)], &plain),
            ],
            None,
        );
        assert_eq!(
            text,
            format!("rules in force (file, flag or default): all 3 matches: {DEFAULT}\n")
        );
        let one = listing(&[report("a.mat", &[(0, 0)], &plain)], None);
        assert_eq!(
            one,
            "rules in force (file, flag or default): the match: money, \
             variant=backgammon(default) jacoby=off(default) beavers=off(default) cube=on(default)\n"
        );
        assert_eq!(listing(&[], None), "");
    }

    #[test]
    fn only_the_matches_that_differ_are_listed_small_groups_by_name() {
        let plain = RuleFlags::default();
        let off = RuleFlags {
            crawford: Some(false),
            ..RuleFlags::default()
        };
        let mut reports: Vec<FileReport> = (0..6)
            .map(|i| report(&format!("p{i}.mat"), &[(7, 0)], &plain))
            .collect();
        reports.push(report("off.mat", &[(5, 0)], &off));
        reports.extend((0..4).map(|i| report(&format!("m{i}.mat"), &[(0, 0)], &plain)));
        let text = listing(&reports, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                format!("rules in force (file, flag or default): 6 of 11 matches: {DEFAULT}"),
                "  off.mat match 1: match play, variant=backgammon(default) crawford=off(flag) \
                 cube=on(default)"
                    .to_owned(),
                "  4 matches: money, variant=backgammon(default) jacoby=off(default) \
                 beavers=off(default) cube=on(default) (the first: m0.mat match 1)"
                    .to_owned(),
            ]
        );
    }

    #[test]
    fn lines_are_wrapped_to_the_width() {
        let plain = RuleFlags::default();
        let off = RuleFlags {
            crawford: Some(false),
            ..RuleFlags::default()
        };
        let text = listing(
            &[
                report("a.mat", &[(7, 0), (7, 0)], &plain),
                report("b.mat", &[(7, 0)], &off),
            ],
            Some(40),
        );
        assert!(text.lines().all(|l| l.chars().count() <= 40), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("rules in force (file,"), "{text}");
        assert!(lines[1].starts_with("  "), "{text}");
        assert!(text.contains("2 of 3 matches"), "{text}");
        assert!(
            lines.iter().any(|l| l.starts_with("  b.mat match 1:")),
            "{text}"
        );
        assert!(lines.iter().any(|l| l.starts_with("    ")), "{text}");
    }

    #[test]
    fn flagged_only_leaves_out_the_clean_matches() {
        let mut listing = RulesListing::new(true);
        listing.add(&report("a.mat", &[(7, 0), (5, 2)], &RuleFlags::default()));
        let mut out = Vec::new();
        listing.write(&mut out, None).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("rules in force (file, flag or default): the match: {DEFAULT}\n")
        );
    }

    #[test]
    fn file_names_are_listed_escaped() {
        let plain = RuleFlags::default();
        let off = RuleFlags {
            crawford: Some(false),
            ..RuleFlags::default()
        };
        let text = listing(
            &[
                report("a.mat", &[(7, 0), (7, 0)], &plain),
                report("b\u{1b}]0;x\u{7}\u{202e}.mat", &[(7, 0)], &off),
            ],
            None,
        );
        assert!(
            text.contains("  b\\x1b]0;x\\x07\\u{202e}.mat match 1: "),
            "{text}"
        );
    }
}
