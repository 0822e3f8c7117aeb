//! Player names: the normalised name players are matched by, and the
//! `--alias` merges.

use std::collections::{BTreeMap, BTreeSet};

/// The name players are matched by: trimmed, runs of white space made one
/// space, case-folded, and a trailing rating removed, whatever its form
/// (`nori,1723`, `nori, 1723.5`, `nori (1723)`, `nori [1723]`).
#[must_use]
pub fn normalize_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut name = words.join(" ").to_lowercase();
    if let Some(at) = rating_start(&name) {
        name.truncate(at);
        name.truncate(name.trim_end().len());
    }
    name
}

/// Where a trailing rating starts in `name` (`,1723`, ` (1723)`,
/// ` [1723.5]`), if it has one and something comes before it.
fn rating_start(name: &str) -> Option<usize> {
    let is_rating = |text: &str| {
        let text = text.trim();
        !text.is_empty()
            && text.starts_with(|c: char| c.is_ascii_digit())
            && text.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    let trimmed = name.trim_end();
    for (open, close) in [('(', ')'), ('[', ']')] {
        if let Some(inner) = trimmed.strip_suffix(close)
            && let Some(at) = inner.rfind(open)
            && is_rating(&inner[at + 1..])
            && !inner[..at].trim().is_empty()
        {
            return Some(at);
        }
    }
    let comma = name.rfind(',')?;
    (is_rating(&name[comma + 1..]) && !name[..comma].trim().is_empty()).then_some(comma)
}

/// Name merges from `--alias FROM=TO` (both sides normalised).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aliases {
    map: BTreeMap<String, String>,
}

impl Aliases {
    /// Parses `FROM=TO` and adds it.
    ///
    /// # Errors
    /// A message when there is no `=` or a side is empty.
    pub fn add(&mut self, spec: &str) -> Result<(), String> {
        let (from, to) = spec
            .split_once('=')
            .ok_or_else(|| format!("alias `{spec}` has no `=`: expected NAME=NAME"))?;
        let (from, to) = (normalize_name(from), normalize_name(to));
        if from.is_empty() || to.is_empty() {
            return Err(format!(
                "alias `{spec}` has an empty name: expected NAME=NAME"
            ));
        }
        if from != to {
            if self.resolve(&to) == from {
                return Err(format!(
                    "alias `{spec}` makes a cycle: `{to}` is already merged into `{from}`"
                ));
            }
            self.map.insert(from, to);
        }
        Ok(())
    }

    /// The aliases (`FROM=TO`, normalised) whose FROM is none of `names`
    /// (normalised names seen): they merged nobody.
    #[must_use]
    pub fn unused<'n>(&self, names: impl IntoIterator<Item = &'n str>) -> Vec<String> {
        let seen: BTreeSet<&str> = names.into_iter().collect();
        self.map
            .iter()
            .filter(|(from, _)| !seen.contains(from.as_str()))
            .map(|(from, to)| format!("{from}={to}"))
            .collect()
    }

    /// The name `normalized` is merged into (following chains, stopping at a
    /// cycle).
    #[must_use]
    pub fn resolve(&self, normalized: &str) -> String {
        let mut name = normalized;
        for _ in 0..=self.map.len() {
            match self.map.get(name) {
                Some(next) => name = next,
                None => break,
            }
        }
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_case_folded_and_lose_their_rating() {
        assert_eq!(normalize_name("  Nori,1723 "), "nori");
        assert_eq!(normalize_name("nori, 1723.5"), "nori");
        assert_eq!(normalize_name("Jake   Jacobs"), "jake jacobs");
        assert_eq!(normalize_name("Smith, Jr"), "smith, jr");
        assert_eq!(normalize_name("R2,D2"), "r2,d2");
    }

    #[test]
    fn a_rating_in_brackets_or_parentheses_goes_too() {
        for written in [
            "JoeBlack (1650)",
            "JoeBlack [1650]",
            "joeblack,1650",
            "JoeBlack",
        ] {
            assert_eq!(normalize_name(written), "joeblack", "{written}");
        }
        assert_eq!(normalize_name("Joe (Black)"), "joe (black)");
        assert_eq!(normalize_name("(1650)"), "(1650)");
    }

    #[test]
    fn aliases_merge_spellings_and_refuse_cycles() {
        let mut aliases = Aliases::default();
        aliases.add("Nori K=Nori").unwrap();
        aliases.add("NK = nori k").unwrap();
        assert_eq!(aliases.resolve("nk"), "nori");
        assert!(aliases.add("nori").is_err());
        assert!(aliases.add("=x").is_err());
        aliases.add("a=b").unwrap();
        let cycle = aliases.add("B=a").unwrap_err();
        assert!(cycle.contains("makes a cycle"), "{cycle}");
        assert!(aliases.add("nori=nk").is_err(), "a longer cycle");
        assert_eq!(aliases.resolve("a"), "b");
        assert_eq!(
            aliases.unused(["nori k", "a"]),
            ["nk=nori k".to_owned()],
            "nk named nobody"
        );
    }
}
