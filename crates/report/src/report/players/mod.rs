//! The per-player report (`bgaudit players`): one row per player across all
//! inputs.
//!
//! Players are matched by a normalised name ([`normalize_name`]: trimmed,
//! inner spaces collapsed, case-folded, a trailing rating such as `,1723`
//! removed), then merged by `--alias NAME=NAME`. A side of a match with no
//! name is never merged with anything: it has a row of its own, labelled
//! `(unnamed: FILE match N, player 1|2)`. Games, plays and dice come
//! from the replay's [`PlayerTally`]s; the finding columns count the replay's
//! [`Finding`]s, each given to the player of its column (see [`category`] for
//! which finding goes in which column), so that the columns add up to the
//! findings by construction. A finding the replay marked as a probable
//! transcription error (`likely_typo`) counts as a probable typo, not as an
//! illegal play or a record defect: the player did not make it.

mod dice;
mod names;
mod tally;
mod writing;

pub use dice::{FACE_DOF, chi_square_sf, chi_square_statistic};
pub use names::{Aliases, normalize_name};
pub use tally::{Category, FindingTotals, category};
pub use writing::{PlayerRow, TABLE_HEADER, format_significant};

use std::collections::BTreeMap;

use crate::finding::Finding;
use crate::replay::{FileReport, PlayerTally};
use crate::side::Side;
use tally::KindColumn;

/// The output formats of `players`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayersOutput {
    /// A table for people.
    Table,
    /// CSV with one header row.
    Csv,
    /// One JSON array of objects.
    Json,
    /// JSON Lines: one object per player on its own line.
    Jsonl,
}

/// Who a row is about. Named players sort first, by name; unnamed ones
/// after them, in input order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PlayerKey {
    /// A player with a name: the normalised name after aliases.
    Named(String),
    /// One side of one match whose name is empty: never merged with another.
    Unnamed {
        /// Ordinal of the file among those added, from 1.
        file: usize,
        /// Ordinal of the match in the file, from 1.
        match_number: u32,
        /// The column.
        side: Side,
    },
}

impl PlayerKey {
    /// The row's `player`: the normalised name, or
    /// `(unnamed: FILE match N, player 1)` (player 1 is the left column,
    /// player 2 the right one).
    fn label(&self, path: &str) -> String {
        match self {
            PlayerKey::Named(name) => name.clone(),
            PlayerKey::Unnamed {
                match_number, side, ..
            } => format!(
                "(unnamed: {path} match {match_number}, player {})",
                side.index() + 1
            ),
        }
    }
}

/// How often a spelling of a player's name was written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Spelling {
    /// The match sides written so.
    sides: u64,
    /// When it was first met (the order of the spellings met in the run).
    first: u64,
}

/// Everything summed for one player.
#[derive(Clone, Debug, Default, PartialEq)]
struct PlayerStats {
    /// For an unnamed side, `(unnamed: ...)`; for a named player, the
    /// normalised name (shown only when no spelling was kept).
    label: String,
    /// Named players: the names as written and how often.
    spellings: BTreeMap<String, Spelling>,
    matches: u64,
    games: u64,
    plays: u64,
    rolls: u64,
    /// Rolls read as probably misread (counted in the faces as written).
    suspect_rolls: u64,
    doublets: u64,
    faces: [u64; 6],
    by_kind: BTreeMap<KindColumn, u64>,
    findings: FindingTotals,
    /// The skill statistics of the player's analysed matches.
    skill: crate::report::skill::SkillSums,
}

impl PlayerStats {
    /// The name shown in the `player` column: the spelling written for
    /// most match sides (the first met of equals), else the label.
    fn shown_name(&self) -> &str {
        self.spellings
            .iter()
            .max_by_key(|(_, s)| (s.sides, std::cmp::Reverse(s.first)))
            .map_or(self.label.as_str(), |(name, _)| name.as_str())
    }

    fn add_tally(&mut self, tally: &PlayerTally) {
        self.games += u64::from(tally.games);
        self.plays += u64::from(tally.plays);
        self.rolls += u64::from(tally.rolls);
        self.doublets += u64::from(tally.doublets);
        for (sum, face) in self.faces.iter_mut().zip(tally.faces) {
            *sum += u64::from(face);
        }
    }
}

/// The per-player report, built one file at a time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayersReport {
    aliases: Aliases,
    players: BTreeMap<PlayerKey, PlayerStats>,
    unattributed: FindingTotals,
    /// Files added so far.
    files: usize,
    /// Spellings met so far (to order them by first sighting).
    spellings_met: u64,
    /// Only these players' rows (normalised names, after aliases); all
    /// when empty.
    only: Vec<String>,
    /// The column the rows are ordered by (a CSV column name).
    sort: Option<String>,
}

/// Checks that `column` names a column `players --sort` can order by.
///
/// # Errors
/// A name that is no column, with the columns' names.
pub fn check_sort_column(column: &str) -> Result<(), String> {
    if PlayerRow::FIELDS.contains(&column) && column != "spellings" {
        return Ok(());
    }
    let close = PlayerRow::FIELDS
        .iter()
        .filter(|f| **f != "spellings")
        .map(|f| (crate::notation::distance::edit_distance(column, f), *f))
        .filter(|(d, f)| *d <= 3.max(f.len() / 4))
        .min()
        .map(|(_, f)| format!(" (did you mean `{f}`?)"))
        .unwrap_or_default();
    Err(format!(
        "--sort {column}: no such column{close}; the columns are those of the CSV header: {}",
        PlayerRow::FIELDS
            .iter()
            .filter(|f| **f != "spellings")
            .copied()
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

impl PlayersReport {
    /// An empty report merging names by `aliases`.
    #[must_use]
    pub fn new(aliases: Aliases) -> Self {
        PlayersReport {
            aliases,
            ..PlayersReport::default()
        }
    }

    /// Shows only the rows of `names` (compared as rows are merged).
    pub fn only(&mut self, names: &[&str]) {
        self.only = names
            .iter()
            .map(|name| self.aliases.resolve(&normalize_name(name)))
            .collect();
    }

    /// Orders the rows by `column` (see [`check_sort_column`]): numbers
    /// from the largest (`chi_square_p`, a probability, from the
    /// smallest), text alphabetically, empty cells last; ties by name.
    pub fn sort_by(&mut self, column: &str) {
        self.sort = Some(column.to_owned());
    }

    /// The aliases that named no player of the inputs.
    #[must_use]
    pub fn unused_aliases(&self) -> Vec<String> {
        let names: Vec<String> = self
            .players
            .values()
            .flat_map(|stats| stats.spellings.keys().map(|s| normalize_name(s)))
            .collect();
        self.aliases.unused(names.iter().map(String::as_str))
    }

    /// The key of a name, after aliases; `None` for a name that is empty
    /// once normalised.
    fn named_key(&self, name: &str) -> Option<PlayerKey> {
        let normalized = normalize_name(name);
        (!normalized.is_empty()).then(|| PlayerKey::Named(self.aliases.resolve(&normalized)))
    }

    /// The key of the player of `side` in match `match_number` of the
    /// `file`th file, named `name` there.
    fn column_key(&self, file: usize, match_number: u32, side: Side, name: &str) -> PlayerKey {
        self.named_key(name).unwrap_or(PlayerKey::Unnamed {
            file,
            match_number,
            side,
        })
    }

    /// The stats of `key`, with `spelling` among its spellings; `side`: the
    /// spelling is that of a match side (it counts towards the name shown).
    fn stats(
        &mut self,
        key: PlayerKey,
        path: &str,
        spelling: &str,
        side: bool,
    ) -> &mut PlayerStats {
        let named = matches!(key, PlayerKey::Named(_));
        let stats = self
            .players
            .entry(key)
            .or_insert_with_key(|key| PlayerStats {
                label: key.label(path),
                ..PlayerStats::default()
            });
        let spelling = spelling.trim();
        if named && !spelling.is_empty() {
            let met = &mut self.spellings_met;
            let entry = stats
                .spellings
                .entry(spelling.to_owned())
                .or_insert_with(|| {
                    *met += 1;
                    Spelling {
                        sides: 0,
                        first: *met,
                    }
                });
            entry.sides += u64::from(side);
        }
        stats
    }

    /// Adds one file's matches and findings (an unreadable input's
    /// `unreadable` finding is a record defect about no player).
    pub fn add_file(&mut self, report: &FileReport) {
        self.files += 1;
        let file = self.files;
        for summary in &report.matches {
            let keys = Side::BOTH.map(|side| {
                self.column_key(file, summary.number, side, &summary.players[side].name)
            });
            let same = keys[0] == keys[1];
            for (side, key) in Side::BOTH.into_iter().zip(keys) {
                let tally = &summary.players[side];
                let stats = self.stats(key, &report.path, &tally.name, true);
                stats.add_tally(tally);
                if side == Side::First || !same {
                    stats.matches += 1;
                }
                if let Some(skill) = &summary.skill {
                    stats.skill.add_match(skill, side);
                }
            }
        }
        for finding in &report.findings {
            match self.owner(file, report, finding) {
                Some((key, spelling)) => {
                    let stats = self.stats(key, &report.path, spelling, false);
                    stats.findings.count(finding);
                    if finding.code == crate::catalogue::Code::IllegalPlay
                        && finding.likely_typo == Some(true)
                        && finding.meant_dice.is_some()
                    {
                        stats.suspect_rolls += 1;
                    }
                    if category(finding) == Category::IllegalPlay {
                        *stats.by_kind.entry(KindColumn::of(finding)).or_default() += 1;
                    }
                }
                None => self.unattributed.count(finding),
            }
        }
    }

    /// Counted findings that belong to no player (no column, no name).
    #[must_use]
    pub fn unattributed(&self) -> FindingTotals {
        self.unattributed
    }

    /// The sums of the finding columns over all players.
    #[must_use]
    pub fn totals(&self) -> FindingTotals {
        let mut totals = FindingTotals::default();
        for stats in self.players.values() {
            let f = &stats.findings;
            totals.illegal_plays += f.illegal_plays;
            totals.stood += f.stood;
            totals.ended_game += f.ended_game;
            totals.illegal_cube += f.illegal_cube;
            totals.record_defects += f.record_defects;
            totals.probable_typos += f.probable_typos;
        }
        totals
    }

    /// One row per player: named players sorted by normalised name, then
    /// the unnamed sides of matches in input order.
    #[must_use]
    pub fn rows(&self) -> Vec<PlayerRow> {
        let mut rows: Vec<PlayerRow> = self
            .players
            .iter()
            .filter(|(key, _)| {
                self.only.is_empty()
                    || matches!(key, PlayerKey::Named(name) if self.only.contains(name))
            })
            .map(|(_, stats)| PlayerRow::new(stats))
            .collect();
        if let Some(column) = &self.sort {
            sort_rows(&mut rows, column);
        }
        rows
    }

    /// The player a finding of the `file`th file is about, with the name
    /// written for it: the player of its column in its match (an unnamed
    /// column has its own row), else the player named in the finding; `None`
    /// when neither is known.
    fn owner<'a>(
        &self,
        file: usize,
        report: &'a FileReport,
        finding: &'a Finding,
    ) -> Option<(PlayerKey, &'a str)> {
        let column = finding.side.and_then(|side| {
            report
                .matches
                .iter()
                .find(|m| m.number == finding.match_number)
                .map(|m| (m.number, side, m.players[side].name.as_str()))
        });
        if let Some((match_number, side, name)) = column {
            return Some((self.column_key(file, match_number, side, name), name));
        }
        let name = finding.player.as_deref()?;
        self.named_key(name).map(|key| (key, name))
    }
}

/// Orders `rows` by `column` (stable: the name order stays among ties).
fn sort_rows(rows: &mut [PlayerRow], column: &str) {
    use std::cmp::Ordering;
    let value = |row: &PlayerRow| {
        serde_json::to_value(row)
            .ok()
            .and_then(|object| object.get(column).cloned())
            .unwrap_or(serde_json::Value::Null)
    };
    let ascending_numbers = column == "chi_square_p";
    let mut keyed: Vec<(serde_json::Value, PlayerRow)> =
        rows.iter().map(|row| (value(row), row.clone())).collect();
    keyed.sort_by(|(a, _), (b, _)| {
        let number = |v: &serde_json::Value| {
            v.as_f64()
                .or_else(|| v.as_str().and_then(|s| s.parse::<f64>().ok()))
        };
        match (a, b) {
            (serde_json::Value::Null, serde_json::Value::Null) => Ordering::Equal,
            (serde_json::Value::Null, _) => Ordering::Greater,
            (_, serde_json::Value::Null) => Ordering::Less,
            _ => match (number(a), number(b)) {
                (Some(x), Some(y)) if ascending_numbers => x.total_cmp(&y),
                (Some(x), Some(y)) => y.total_cmp(&x),
                _ => {
                    let text = |v: &serde_json::Value| v.as_str().unwrap_or("").to_lowercase();
                    text(a).cmp(&text(b))
                }
            },
        }
    });
    for (slot, (_, row)) in rows.iter_mut().zip(keyed) {
        *slot = row;
    }
}

#[cfg(test)]
mod tests;
