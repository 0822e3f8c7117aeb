//! The settings file of an event or an archive, `bgaudit.toml`, found
//! upward from each path checked (as rustfmt and ripgrep find theirs):
//!
//! ```toml
//! format = "list"                 # the default output format of check
//! globs = ["*.mat", "!drafts/"]   # which files a folder walk takes
//!
//! [rules]                         # for files that do not say
//! crawford = true
//! jacoby = false
//! beavers = 3                     # at most 3 beavers a double; 0: none
//! cube-limit = 64
//! variant = "nackgammon"
//!
//! [aliases]                       # players: count the left as the right
//! "Nori K" = "Nori"
//! ```
//!
//! Flags given on the command line win over the file, and a record's own
//! tags win over both (a rule from the file is listed as a flag's in the
//! rules in force). The rules of a file checked come from the settings file
//! nearest to it; the format, globs and aliases of a run from those found
//! upward from the paths named. `--no-config` leaves them all out;
//! `bgaudit config [PATH...]` says which file applies and what it sets.

use std::collections::BTreeMap;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use bgaudit::position::Variant;
use bgaudit::replay::RuleFlags;
use serde::Deserialize;

/// The settings file's name.
pub(crate) const FILE_NAME: &str = bgaudit::walk::SETTINGS_FILE;

/// A settings file as read.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Settings {
    /// The default format of `check` (as `--format`).
    pub(crate) format: Option<String>,
    /// Globs for folder walks (as `--glob`), before those given.
    #[serde(default)]
    pub(crate) globs: Vec<String>,
    /// Rules for files that do not say.
    #[serde(default)]
    pub(crate) rules: Rules,
    /// Name merges for `players` (and `--player`).
    #[serde(default)]
    pub(crate) aliases: BTreeMap<String, String>,
}

/// The `[rules]` table.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Rules {
    pub(crate) crawford: Option<bool>,
    pub(crate) jacoby: Option<bool>,
    pub(crate) beavers: Option<u8>,
    pub(crate) cube_limit: Option<u32>,
    pub(crate) variant: Option<String>,
}

impl Settings {
    /// Reads and checks the file at `path`.
    ///
    /// # Errors
    /// A file that cannot be read, is no TOML, has an unknown key, or a
    /// value out of range: one line with the file's name.
    pub(crate) fn read(path: &Path) -> Result<Settings> {
        let name = bgaudit::escape::os_str(path.as_os_str());
        let text =
            std::fs::read_to_string(path).with_context(|| format!("{name}: cannot be read"))?;
        let settings: Settings = toml::from_str(&text).map_err(|err| {
            let message = err.message().trim().to_owned();
            let line = err
                .span()
                .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
            match line {
                Some(line) => anyhow::anyhow!("{name}:{line}: {message}"),
                None => anyhow::anyhow!("{name}: {message}"),
            }
        })?;
        settings
            .check()
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        Ok(settings)
    }

    /// The values the command line would refuse.
    fn check(&self) -> Result<(), String> {
        if let Some(format) = &self.format
            && !matches!(
                format.as_str(),
                "table" | "list" | "text" | "jsonl" | "json" | "csv" | "html" | "sarif"
            )
        {
            return Err(format!(
                "format = \"{format}\": expected table, list, jsonl, csv, html or sarif"
            ));
        }
        if let Some(limit) = self.rules.cube_limit
            && !limit.is_power_of_two()
        {
            return Err(format!("cube-limit = {limit}: expected a power of two"));
        }
        if let Some(name) = &self.rules.variant
            && variant(name).is_none()
        {
            return Err(format!(
                "variant = \"{name}\": expected backgammon, nackgammon, hypergammon1, hypergammon2, hypergammon3 or plakoto"
            ));
        }
        for (from, to) in &self.aliases {
            bgaudit::report::players::Aliases::default()
                .add(&format!("{from}={to}"))
                .map_err(|e| format!("aliases: {e}"))?;
        }
        Ok(())
    }

    /// The rule flags the file sets.
    pub(crate) fn flags(&self) -> RuleFlags {
        let r = &self.rules;
        RuleFlags {
            crawford: r.crawford,
            jacoby: r.jacoby,
            beavers: r.beavers.map(|n| n > 0),
            beaver_limit: r.beavers,
            cube_limit: r.cube_limit,
            variant: r.variant.as_deref().and_then(variant),
            ..RuleFlags::default()
        }
    }

    /// What the file sets, a line each (`bgaudit config`).
    pub(crate) fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(format) = &self.format {
            lines.push(format!("format = {format}"));
        }
        if !self.globs.is_empty() {
            lines.push(format!("globs = {}", self.globs.join(" ")));
        }
        let r = &self.rules;
        let on = |b: bool| if b { "on" } else { "off" };
        if let Some(c) = r.crawford {
            lines.push(format!("rules.crawford = {}", on(c)));
        }
        if let Some(j) = r.jacoby {
            lines.push(format!("rules.jacoby = {}", on(j)));
        }
        if let Some(b) = r.beavers {
            lines.push(format!("rules.beavers = {b}"));
        }
        if let Some(l) = r.cube_limit {
            lines.push(format!("rules.cube-limit = {l}"));
        }
        if let Some(v) = &r.variant {
            lines.push(format!("rules.variant = {v}"));
        }
        for (from, to) in &self.aliases {
            lines.push(format!("alias {from} = {to}"));
        }
        if lines.is_empty() {
            lines.push("(nothing set)".to_owned());
        }
        lines
    }
}

/// The engine's variant of a name as `--variant` takes it.
fn variant(name: &str) -> Option<Variant> {
    Some(match name.to_ascii_lowercase().as_str() {
        "backgammon" => Variant::Backgammon,
        "nackgammon" => Variant::Nackgammon,
        "hypergammon1" => Variant::Hypergammon(1),
        "hypergammon2" => Variant::Hypergammon(2),
        "hypergammon3" | "hypergammon" => Variant::Hypergammon(3),
        "plakoto" => Variant::Plakoto,
        _ => return None,
    })
}

/// `flags` given on the command line over `file`'s: each rule the command
/// line leaves open comes from the file.
pub(crate) fn merge(flags: &RuleFlags, file: &RuleFlags) -> RuleFlags {
    RuleFlags {
        crawford: flags.crawford.or(file.crawford),
        jacoby: flags.jacoby.or(file.jacoby),
        beavers: flags.beavers.or(file.beavers),
        beaver_limit: flags.beaver_limit.or(file.beaver_limit),
        cube_limit: flags.cube_limit.or(file.cube_limit),
        variant: flags.variant.or(file.variant),
        ..flags.clone()
    }
}

/// The folder a path's settings are looked for from: the path itself when
/// it is a folder, else its folder (`-`: the current folder).
fn start_of(path: &Path) -> PathBuf {
    let path = if path == Path::new("-") {
        Path::new(".")
    } else {
        path
    };
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if absolute.is_dir() {
        absolute
    } else {
        absolute
            .parent()
            .map_or_else(|| absolute.clone(), Path::to_path_buf)
    }
}

/// The settings files found upward from folders, each read once.
#[derive(Debug, Default)]
pub(crate) struct Finder {
    /// Per folder looked at: the settings file that applies there.
    found: HashMap<PathBuf, Option<PathBuf>>,
    /// Per settings file: its settings.
    read: HashMap<PathBuf, Settings>,
}

impl Finder {
    /// The settings file that applies to `path` and its settings, if any.
    ///
    /// # Errors
    /// A settings file that does not read (see [`Settings::read`]).
    pub(crate) fn for_path(&mut self, path: &Path) -> Result<Option<(PathBuf, &Settings)>> {
        let start = start_of(path);
        let file = self.file_for(&start);
        let Some(file) = file else { return Ok(None) };
        if !self.read.contains_key(&file) {
            let settings = Settings::read(&file)?;
            self.read.insert(file.clone(), settings);
        }
        Ok(self.read.get(&file).map(|s| (file, s)))
    }

    /// The nearest `bgaudit.toml` at or above `dir`.
    fn file_for(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(found) = self.found.get(dir) {
            return found.clone();
        }
        let candidate = dir.join(FILE_NAME);
        let found = if candidate.is_file() {
            Some(candidate)
        } else {
            dir.parent().and_then(|parent| self.file_for(parent))
        };
        self.found.insert(dir.to_path_buf(), found.clone());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_file_sets_rules_aliases_globs_and_format() {
        let settings: Settings = toml::from_str(
            "format = \"list\"\nglobs = [\"*.mat\"]\n[rules]\ncrawford = false\nbeavers = 2\n\
             cube-limit = 64\nvariant = \"nackgammon\"\n[aliases]\n\"Nori K\" = \"Nori\"\n",
        )
        .unwrap();
        settings.check().unwrap();
        let flags = settings.flags();
        assert_eq!(flags.crawford, Some(false));
        assert_eq!(flags.beaver_limit, Some(2));
        assert_eq!(flags.cube_limit, Some(64));
        assert_eq!(flags.variant, Some(Variant::Nackgammon));
        let given = RuleFlags {
            crawford: Some(true),
            ..RuleFlags::default()
        };
        let merged = merge(&given, &flags);
        assert_eq!(merged.crawford, Some(true), "the command line wins");
        assert_eq!(merged.cube_limit, Some(64));
        assert!(toml::from_str::<Settings>("[rules]\ncrawfrd = true\n").is_err());
        let bad: Settings = toml::from_str("[rules]\ncube-limit = 3\n").unwrap();
        assert!(bad.check().is_err());
    }
}
