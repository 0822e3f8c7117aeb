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

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

use serde::{Serialize, Serializer};

use super::csv::{headed_writer, io_error};
use super::table::new_table;
use crate::catalogue::{self, Code, Family, Group, Kind};
use crate::finding::{Finding, Severity};
use crate::replay::{FileReport, PlayerTally};
use crate::side::Side;

/// The output formats of `players`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A table for people.
    Table,
    /// CSV with one header row.
    Csv,
    /// One JSON array of objects.
    Json,
}

/// The name players are matched by: trimmed, runs of white space made one
/// space, case-folded, and a trailing rating (`nori,1723`, `nori, 1723.5`)
/// removed.
#[must_use]
pub fn normalize_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut name = words.join(" ").to_lowercase();
    if let Some(comma) = name.rfind(',') {
        let rating = name[comma + 1..].trim();
        let is_rating = !rating.is_empty()
            && rating.starts_with(|c: char| c.is_ascii_digit())
            && rating.chars().all(|c| c.is_ascii_digit() || c == '.');
        if is_rating {
            name.truncate(comma);
            name.truncate(name.trim_end().len());
        }
    }
    name
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

/// The column a finding counts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A rule violation at the table about a checker play (by the
    /// catalogue: group [`Group::Violation`], any family but the cube's):
    /// `illegal-play` (by kind), `illegal-play-marker`, `opening-double`.
    IllegalPlay,
    /// A rule violation at the table about the cube (group
    /// [`Group::Violation`], family [`Family::Cube`]): a double, beaver or
    /// raccoon against the rules, or with a wrong value.
    IllegalCube,
    /// Any other finding about the player's column at warning or error: a
    /// defect of the record or a reading problem.
    RecordDefect,
    /// A finding the replay marked as a probable transcription error
    /// (`likely_typo` true), at warning or error.
    ProbableTypo,
    /// Infos: nothing is wrong with the game.
    NotCounted,
}

/// Which column `finding` counts in, as the catalogue groups its code.
/// Infos are not counted (a `no-play` before a resignation is an info, for
/// example); a probable typo counts as such whatever its code.
#[must_use]
pub fn category(finding: &Finding) -> Category {
    if finding.severity == Severity::Info {
        return Category::NotCounted;
    }
    if finding.likely_typo == Some(true) {
        return Category::ProbableTypo;
    }
    let entry = finding.code.entry();
    match (entry.group, entry.family) {
        (Group::Violation, Family::Cube) => Category::IllegalCube,
        (Group::Violation, _) => Category::IllegalPlay,
        (Group::Defect | Group::Reading, _) => Category::RecordDefect,
    }
}

/// The illegal-play column a finding counts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum KindColumn {
    /// An `illegal-play` kind (each has a column).
    Kind(Kind),
    /// `illegal-play-marker`.
    Marker,
    /// Any other illegal play (`opening-double`).
    Other,
}

impl KindColumn {
    /// The column of an illegal play.
    fn of(finding: &Finding) -> KindColumn {
        match (finding.code, finding.kind) {
            (Code::IllegalPlayMarker, _) => KindColumn::Marker,
            (Code::IllegalPlay, Some(kind)) => KindColumn::Kind(kind),
            _ => KindColumn::Other,
        }
    }
}

/// The sums of the finding columns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FindingTotals {
    /// Illegal plays.
    pub illegal_plays: u64,
    /// Illegal plays that stood.
    pub stood: u64,
    /// Illegal plays that ended the game.
    pub ended_game: u64,
    /// Illegal cube actions.
    pub illegal_cube: u64,
    /// Record defects.
    pub record_defects: u64,
    /// Probable transcription errors.
    pub probable_typos: u64,
}

impl FindingTotals {
    /// Every counted finding: the sum of the four finding columns (`stood`
    /// and `ended_game` are part of `illegal_plays`).
    #[must_use]
    pub fn counted(&self) -> u64 {
        self.illegal_plays + self.illegal_cube + self.record_defects + self.probable_typos
    }

    fn count(&mut self, finding: &Finding) {
        match category(finding) {
            Category::IllegalPlay => {
                self.illegal_plays += 1;
                match finding.stood {
                    Some(true) => self.stood += 1,
                    Some(false) => self.ended_game += 1,
                    None => {}
                }
            }
            Category::IllegalCube => self.illegal_cube += 1,
            Category::RecordDefect => self.record_defects += 1,
            Category::ProbableTypo => self.probable_typos += 1,
            Category::NotCounted => {}
        }
    }
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

/// Everything summed for one player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PlayerStats {
    label: String,
    spellings: BTreeSet<String>,
    matches: u64,
    games: u64,
    plays: u64,
    rolls: u64,
    doublets: u64,
    faces: [u64; 6],
    by_kind: BTreeMap<KindColumn, u64>,
    findings: FindingTotals,
}

impl PlayerStats {
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayersReport {
    aliases: Aliases,
    players: BTreeMap<PlayerKey, PlayerStats>,
    unattributed: FindingTotals,
    /// Files added so far.
    files: usize,
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

    /// The aliases that named no player of the inputs.
    #[must_use]
    pub fn unused_aliases(&self) -> Vec<String> {
        let names: Vec<String> = self
            .players
            .values()
            .flat_map(|stats| stats.spellings.iter().map(|s| normalize_name(s)))
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

    fn stats(&mut self, key: PlayerKey, path: &str, spelling: &str) -> &mut PlayerStats {
        let stats = self
            .players
            .entry(key)
            .or_insert_with_key(|key| PlayerStats {
                label: key.label(path),
                ..PlayerStats::default()
            });
        let spelling = spelling.trim();
        if !spelling.is_empty() {
            stats.spellings.insert(spelling.to_owned());
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
                let stats = self.stats(key, &report.path, &tally.name);
                stats.add_tally(tally);
                if side == Side::First || !same {
                    stats.matches += 1;
                }
            }
        }
        for finding in &report.findings {
            match self.owner(file, report, finding) {
                Some((key, spelling)) => {
                    let stats = self.stats(key, &report.path, spelling);
                    stats.findings.count(finding);
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
        self.players.values().map(PlayerRow::new).collect()
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

    /// Writes the report in `format`. `wrap_width` as for the findings table.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn write<W: Write>(
        &self,
        format: Format,
        mut out: W,
        wrap_width: Option<u16>,
    ) -> io::Result<()> {
        let rows = self.rows();
        match format {
            Format::Csv => {
                let mut writer = headed_writer(out, &PlayerRow::FIELDS)?;
                for row in &rows {
                    writer.serialize(row).map_err(io_error)?;
                }
                writer.flush()
            }
            Format::Json => {
                write_json(&rows, &mut out)?;
                out.flush()
            }
            Format::Table => {
                let mut table = new_table(&TABLE_HEADER, wrap_width);
                for row in &rows {
                    table.add_row(row.table_cells());
                }
                match wrap_width {
                    // Too wide for the terminal: a block per player, the
                    // columns as `name: value` wrapped under the name.
                    Some(width) if super::table::natural_width(&table) > usize::from(width) => {
                        for row in &rows {
                            let cells = row.table_cells();
                            writeln!(out, "{}", cells[0])?;
                            let pairs: Vec<String> = TABLE_HEADER
                                .iter()
                                .zip(&cells)
                                .skip(1)
                                .map(|(name, value)| format!("{name}: {value}"))
                                .collect();
                            let text = pairs.join("; ");
                            let room = usize::from(width).saturating_sub(2).max(20);
                            for line in super::wrap(&text, room) {
                                writeln!(out, "  {line}")?;
                            }
                        }
                    }
                    _ => writeln!(out, "{table}")?,
                }
                out.flush()
            }
        }
    }
}

/// One player. Field order is the CSV column order. Serialised, the numbers
/// written with a fixed precision ([`PlayerRow::FIXED`]) are text such as
/// `0.2000`: CSV writes it as it is, and [`PlayersReport::write`] writes it
/// as a JSON number.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRow {
    /// The normalised name (after aliases), or for a side of a match with no
    /// name `(unnamed: FILE match N, player 1)` (player 1 the left column,
    /// player 2 the right one).
    pub player: String,
    /// The names merged into this row as the score lines give them (trimmed,
    /// a trailing rating removed), joined by ` | `.
    pub spellings: String,
    /// Matches played.
    pub matches: u64,
    /// Games played.
    pub games: u64,
    /// Checker plays judged.
    pub plays: u64,
    /// Illegal plays (the sum of the `illegal_*` kind columns).
    pub illegal_plays: u64,
    /// `illegal-play/wrong-dice`.
    pub illegal_wrong_dice: u64,
    /// `illegal-play/under-played`.
    pub illegal_under_played: u64,
    /// `illegal-play/smaller-die`.
    pub illegal_smaller_die: u64,
    /// `illegal-play/bar-first`.
    pub illegal_bar_first: u64,
    /// `illegal-play/bear-off-early`.
    pub illegal_bear_off_early: u64,
    /// `illegal-play/bear-off-lower`.
    pub illegal_bear_off_lower: u64,
    /// `illegal-play/blocked-path`.
    pub illegal_blocked_path: u64,
    /// `illegal-play/no-play`.
    pub illegal_no_play: u64,
    /// `illegal-play/play-when-none`.
    pub illegal_play_when_none: u64,
    /// `illegal-play/pinned-checker` (Plakoto).
    pub illegal_pinned_checker: u64,
    /// `illegal-play/onto-pinned-point` (Plakoto).
    pub illegal_onto_pinned_point: u64,
    /// `illegal-play/bear-off-pinned` (Plakoto).
    pub illegal_bear_off_pinned: u64,
    /// `illegal-play-marker`.
    pub illegal_marker: u64,
    /// Any other illegal play (`opening-double`).
    pub illegal_other: u64,
    /// Illegal plays that stood (the opponent's next action accepted them).
    pub stood: u64,
    /// Illegal plays that ended the game before the opponent acted.
    pub ended_game: u64,
    /// Illegal cube actions.
    pub illegal_cube: u64,
    /// Other findings at warning or error in the player's column.
    pub record_defects: u64,
    /// Findings the replay marked as probable transcription errors (not
    /// counted as illegal plays or record defects).
    pub probable_typos: u64,
    /// Illegal plays per 100 plays, rounded to 2 decimals and written with
    /// 2 (`0.00`); empty without plays.
    #[serde(serialize_with = "two_decimals")]
    pub illegal_per_100_plays: Option<f64>,
    /// Rolls recorded.
    pub rolls: u64,
    /// Doubles rolled.
    pub doubles: u64,
    /// Doubles per roll (1/6 expected), rounded to 4 decimals and written
    /// with 4 (`0.2000`); empty without rolls.
    #[serde(serialize_with = "four_decimals")]
    pub doubles_rate: Option<f64>,
    /// Dice showing 1 (each die of each roll counts).
    pub face_1: u64,
    /// Dice showing 2.
    pub face_2: u64,
    /// Dice showing 3.
    pub face_3: u64,
    /// Dice showing 4.
    pub face_4: u64,
    /// Dice showing 5.
    pub face_5: u64,
    /// Dice showing 6.
    pub face_6: u64,
    /// Dice counted: the sample size of the fairness test.
    pub dice_sample: u64,
    /// Pearson's chi-square statistic of the six face counts against equal
    /// expectation, rounded to 4 decimals and written with 4; empty without
    /// dice.
    #[serde(serialize_with = "four_decimals")]
    pub chi_square: Option<f64>,
    /// Its degrees of freedom (5).
    pub chi_square_dof: u32,
    /// The probability of a statistic at least this large with fair dice,
    /// rounded to 4 significant digits and written with 4 (see
    /// [`format_significant`]); empty without dice.
    #[serde(serialize_with = "four_significant")]
    pub chi_square_p: Option<f64>,
}

/// The players table's column titles.
pub const TABLE_HEADER: [&str; 14] = [
    "player",
    "matches",
    "games",
    "plays",
    "illegal plays",
    "stood",
    "ended game",
    "illegal cube",
    "record defects",
    "probable typos",
    "illegal per 100 plays",
    "rolls",
    "doubles (rate)",
    "dice: faces 1-6, chi-square (5 dof), p",
];

impl PlayerRow {
    /// The field names, in column order (the CSV header).
    pub const FIELDS: [&'static str; 39] = [
        "player",
        "spellings",
        "matches",
        "games",
        "plays",
        "illegal_plays",
        "illegal_wrong_dice",
        "illegal_under_played",
        "illegal_smaller_die",
        "illegal_bar_first",
        "illegal_bear_off_early",
        "illegal_bear_off_lower",
        "illegal_blocked_path",
        "illegal_no_play",
        "illegal_play_when_none",
        "illegal_pinned_checker",
        "illegal_onto_pinned_point",
        "illegal_bear_off_pinned",
        "illegal_marker",
        "illegal_other",
        "stood",
        "ended_game",
        "illegal_cube",
        "record_defects",
        "probable_typos",
        "illegal_per_100_plays",
        "rolls",
        "doubles",
        "doubles_rate",
        "face_1",
        "face_2",
        "face_3",
        "face_4",
        "face_5",
        "face_6",
        "dice_sample",
        "chi_square",
        "chi_square_dof",
        "chi_square_p",
    ];

    /// The columns written with a fixed precision (2 or 4 decimals, 4
    /// significant digits): text when serialised, numbers in JSON.
    pub const FIXED: [&'static str; 4] = [
        "illegal_per_100_plays",
        "doubles_rate",
        "chi_square",
        "chi_square_p",
    ];

    fn new(stats: &PlayerStats) -> PlayerRow {
        let column = |column| stats.by_kind.get(&column).copied().unwrap_or(0);
        let kind = |kind| column(KindColumn::Kind(kind));
        let f = &stats.findings;
        let sample: u64 = stats.faces.iter().sum();
        let chi = chi_square_statistic(&stats.faces);
        PlayerRow {
            player: stats.label.clone(),
            spellings: stats
                .spellings
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" | "),
            matches: stats.matches,
            games: stats.games,
            plays: stats.plays,
            illegal_plays: f.illegal_plays,
            illegal_wrong_dice: kind(Kind::WrongDice),
            illegal_under_played: kind(Kind::UnderPlayed),
            illegal_smaller_die: kind(Kind::SmallerDie),
            illegal_bar_first: kind(Kind::BarFirst),
            illegal_bear_off_early: kind(Kind::BearOffEarly),
            illegal_bear_off_lower: kind(Kind::BearOffLower),
            illegal_blocked_path: kind(Kind::BlockedPath),
            illegal_no_play: kind(Kind::NoPlay),
            illegal_play_when_none: kind(Kind::PlayWhenNone),
            illegal_pinned_checker: kind(Kind::PinnedChecker),
            illegal_onto_pinned_point: kind(Kind::OntoPinnedPoint),
            illegal_bear_off_pinned: kind(Kind::BearOffPinned),
            illegal_marker: column(KindColumn::Marker),
            illegal_other: column(KindColumn::Other),
            stood: f.stood,
            ended_game: f.ended_game,
            illegal_cube: f.illegal_cube,
            record_defects: f.record_defects,
            probable_typos: f.probable_typos,
            illegal_per_100_plays: ratio(f.illegal_plays * 100, stats.plays)
                .map(|r| round_decimals(r, 2)),
            rolls: stats.rolls,
            doubles: stats.doublets,
            doubles_rate: ratio(stats.doublets, stats.rolls).map(|r| round_decimals(r, 4)),
            face_1: stats.faces[0],
            face_2: stats.faces[1],
            face_3: stats.faces[2],
            face_4: stats.faces[3],
            face_5: stats.faces[4],
            face_6: stats.faces[5],
            dice_sample: sample,
            chi_square: chi.map(|x| round_decimals(x, 4)),
            chi_square_dof: FACE_DOF,
            chi_square_p: chi
                .and_then(|x| chi_square_sf(x, FACE_DOF))
                .map(round_significant),
        }
    }

    /// The column of an `illegal-play` kind (0 for a kind of another code).
    #[must_use]
    pub fn illegal_kind(&self, kind: Kind) -> u64 {
        match kind {
            Kind::WrongDice => self.illegal_wrong_dice,
            Kind::UnderPlayed => self.illegal_under_played,
            Kind::SmallerDie => self.illegal_smaller_die,
            Kind::BarFirst => self.illegal_bar_first,
            Kind::BearOffEarly => self.illegal_bear_off_early,
            Kind::BearOffLower => self.illegal_bear_off_lower,
            Kind::BlockedPath => self.illegal_blocked_path,
            Kind::NoPlay => self.illegal_no_play,
            Kind::PlayWhenNone => self.illegal_play_when_none,
            Kind::PinnedChecker => self.illegal_pinned_checker,
            Kind::OntoPinnedPoint => self.illegal_onto_pinned_point,
            Kind::BearOffPinned => self.illegal_bear_off_pinned,
            _ => 0,
        }
    }

    fn table_cells(&self) -> Vec<String> {
        let kinds: Vec<String> = catalogue::kinds(Code::IllegalPlay)
            .into_iter()
            .filter_map(|entry| entry.kind)
            .map(|kind| (kind.as_str(), self.illegal_kind(kind)))
            .chain([
                ("marker", self.illegal_marker),
                ("other", self.illegal_other),
            ])
            .filter(|(_, n)| *n > 0)
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect();
        let illegal = if kinds.is_empty() {
            self.illegal_plays.to_string()
        } else {
            format!("{} ({})", self.illegal_plays, kinds.join(", "))
        };
        let dice = match (self.chi_square, self.chi_square_p) {
            (Some(chi), Some(p)) => format!(
                "{} {} {} {} {} {}, {chi:.4}, p {}",
                self.face_1,
                self.face_2,
                self.face_3,
                self.face_4,
                self.face_5,
                self.face_6,
                format_significant(p)
            ),
            _ => String::new(),
        };
        let doubles = match self.doubles_rate {
            Some(rate) => format!("{} ({rate:.4})", self.doubles),
            None => self.doubles.to_string(),
        };
        vec![
            self.player.clone(),
            self.matches.to_string(),
            self.games.to_string(),
            self.plays.to_string(),
            illegal,
            self.stood.to_string(),
            self.ended_game.to_string(),
            self.illegal_cube.to_string(),
            self.record_defects.to_string(),
            self.probable_typos.to_string(),
            self.illegal_per_100_plays
                .map_or_else(String::new, |v| format!("{v:.2}")),
            self.rolls.to_string(),
            doubles,
            dice,
        ]
    }
}

/// Degrees of freedom of the face-fairness test: six faces, one constraint.
pub const FACE_DOF: u32 = 5;

fn ratio(numerator: u64, denominator: u64) -> Option<f64> {
    (denominator > 0).then(|| numerator as f64 / denominator as f64)
}

fn round_decimals(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// `x` to 4 significant digits.
fn round_significant(x: f64) -> f64 {
    format!("{x:.3e}").parse().unwrap_or(x)
}

/// `x` written with 4 significant digits, trailing zeros kept: `0.9500`,
/// `0.01230`, `1.000`; below 0.0001 in scientific notation (`1.234e-7`);
/// zero as `0`.
#[must_use]
pub fn format_significant(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return x.to_string();
    }
    let scientific = format!("{x:.3e}");
    let exponent = scientific
        .split_once('e')
        .and_then(|(_, exponent)| exponent.parse::<i32>().ok())
        .unwrap_or(0);
    match usize::try_from(3 - exponent) {
        Ok(decimals) if exponent >= -4 => format!("{x:.decimals$}"),
        Ok(_) => scientific,
        Err(_) => format!("{x:.0}"),
    }
}

/// Serialises `value` as text with 2 decimals (`None` stays `None`).
fn two_decimals<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    value.map(|v| format!("{v:.2}")).serialize(serializer)
}

/// Serialises `value` as text with 4 decimals.
fn four_decimals<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    value.map(|v| format!("{v:.4}")).serialize(serializer)
}

/// Serialises `value` as text with 4 significant digits.
fn four_significant<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    value.map(format_significant).serialize(serializer)
}

/// Writes `rows` as one pretty-printed JSON array of objects with the keys in
/// column order; the fixed-precision columns are numbers written with their
/// precision (`0.2000`, not `0.2`), `null` when empty.
fn write_json<W: Write>(rows: &[PlayerRow], out: &mut W) -> io::Result<()> {
    if rows.is_empty() {
        return out.write_all(b"[]\n");
    }
    out.write_all(b"[\n")?;
    for (i, row) in rows.iter().enumerate() {
        let value = serde_json::to_value(row)?;
        out.write_all(b"  {\n")?;
        for (j, field) in PlayerRow::FIELDS.iter().enumerate() {
            let cell = &value[*field];
            let text = match cell.as_str() {
                Some(number) if PlayerRow::FIXED.contains(field) => number.to_owned(),
                _ => serde_json::to_string(cell)?,
            };
            let comma = if j + 1 < PlayerRow::FIELDS.len() {
                ","
            } else {
                ""
            };
            writeln!(out, "    \"{field}\": {text}{comma}")?;
        }
        let comma = if i + 1 < rows.len() { "," } else { "" };
        writeln!(out, "  }}{comma}")?;
    }
    out.write_all(b"]\n")
}

/// Pearson's chi-square statistic of face counts against a uniform
/// expectation; `None` when no die was counted.
#[must_use]
pub fn chi_square_statistic(faces: &[u64; 6]) -> Option<f64> {
    let n: u64 = faces.iter().sum();
    if n == 0 {
        return None;
    }
    let expected = n as f64 / 6.0;
    Some(
        faces
            .iter()
            .map(|&observed| {
                let d = observed as f64 - expected;
                d * d / expected
            })
            .sum(),
    )
}

/// The chi-square survival function `P(X >= x)` for an odd number of degrees
/// of freedom `dof`; `None` for an even `dof` or a negative or non-finite `x`.
///
/// For odd `k`, with `s = √x`, Φ the standard normal distribution function
/// and φ its density:
///
/// `Q(x; k) = 2·(1 − Φ(s)) + 2·φ(s)·Σ_{j=1}^{(k−1)/2} s^(2j−1) / (1·3·…·(2j−1))`
#[must_use]
pub fn chi_square_sf(x: f64, dof: u32) -> Option<f64> {
    if dof % 2 == 0 || !x.is_finite() || x < 0.0 {
        return None;
    }
    let s = x.sqrt();
    let upper_normal_tail = 0.5 * erfc(s / std::f64::consts::SQRT_2);
    let density = (-0.5 * x).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let mut term = 1.0;
    let mut sum = 0.0;
    for j in 1..=(dof - 1) / 2 {
        // s^(2j-1) / (1·3·…·(2j-1)), built from the previous term.
        term *= if j == 1 { s } else { x / f64::from(2 * j - 1) };
        sum += term;
    }
    Some((2.0 * upper_normal_tail + 2.0 * density * sum).clamp(0.0, 1.0))
}

/// The complementary error function, to about 1e-13 relative accuracy
/// for `z >= 0`.
fn erfc(z: f64) -> f64 {
    if z < 0.0 {
        return 2.0 - erfc(-z);
    }
    if z < 2.5 {
        // erf(z) = 2/√π · e^(−z²) · Σ 2^n z^(2n+1) / (1·3·…·(2n+1)):
        // all terms positive, no cancellation.
        let mut term = z;
        let mut sum = z;
        let mut n = 0u32;
        while term > sum * 1e-17 && n < 200 {
            n += 1;
            term *= 2.0 * z * z / f64::from(2 * n + 1);
            sum += term;
        }
        1.0 - 2.0 / std::f64::consts::PI.sqrt() * (-z * z).exp() * sum
    } else {
        // erfc(z) = e^(−z²)/√π · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + …)))),
        // evaluated from the tail; 60 levels are ample for z >= 2.5.
        let mut tail = z;
        for n in (1..=60u32).rev() {
            tail = z + f64::from(n) / 2.0 / tail;
        }
        (-z * z).exp() / std::f64::consts::PI.sqrt() / tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::csv::tests::derived_header;
    use crate::report::testing::{file, finding, unreadable};
    use crate::side::Side;

    #[test]
    fn names_are_trimmed_case_folded_and_lose_their_rating() {
        assert_eq!(normalize_name("  Nori,1723 "), "nori");
        assert_eq!(normalize_name("nori, 1723.5"), "nori");
        assert_eq!(normalize_name("Jake   Jacobs"), "jake jacobs");
        assert_eq!(normalize_name("Smith, Jr"), "smith, jr");
        assert_eq!(normalize_name("R2,D2"), "r2,d2");
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

    #[test]
    fn erfc_matches_known_values() {
        for (z, expected) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122_186_953_5),
            (1.0, 0.157_299_207_050_285_1),
            (2.0, 0.004_677_734_981_047_266),
            (2.5, 0.000_406_952_017_444_959),
            (3.0, 2.209_049_699_858_544e-5),
            (5.0, 1.537_459_794_428_035e-12),
        ] {
            let got = erfc(z);
            assert!(
                ((got - expected) / expected).abs() < 1e-10,
                "erfc({z}) = {got}, expected {expected}"
            );
        }
        assert!((erfc(-1.0) - 1.842_700_792_949_715).abs() < 1e-12);
    }

    #[test]
    fn chi_square_survival_matches_table_values() {
        // Critical values from the chi-square table: P(X >= x) = p.
        for (dof, x, p) in [
            (5, 0.554_3, 0.99),
            (5, 1.145_5, 0.95),
            (5, 4.351_46, 0.50),
            (5, 9.236_36, 0.10),
            (5, 11.070_50, 0.05),
            (5, 15.086_27, 0.01),
            (5, 20.515_01, 0.001),
            (1, 3.841_459, 0.05),
            (1, 6.634_897, 0.01),
            (3, 7.814_728, 0.05),
            (3, 11.344_87, 0.01),
        ] {
            let got = chi_square_sf(x, dof).unwrap();
            assert!(
                ((got - p) / p).abs() < 2e-4,
                "Q({x}; {dof}) = {got}, expected {p}"
            );
        }
        assert_eq!(chi_square_sf(0.0, 5), Some(1.0));
        assert!(chi_square_sf(400.0, 5).unwrap() < 1e-80);
        assert_eq!(chi_square_sf(1.0, 4), None);
        assert_eq!(chi_square_sf(-1.0, 5), None);
    }

    #[test]
    fn the_statistic_is_zero_for_equal_faces_and_grows_with_bias() {
        assert_eq!(chi_square_statistic(&[10; 6]), Some(0.0));
        assert_eq!(chi_square_statistic(&[0; 6]), None);
        // 60 dice, expected 10 each: (20-10)²/10 + 5·(8-10)²/10 = 10 + 2 = 12.
        let x = chi_square_statistic(&[20, 8, 8, 8, 8, 8]).unwrap();
        assert!((x - 12.0).abs() < 1e-12);
    }

    /// A set of synthetic reports with findings of every category, spread over
    /// players whose names are spelt several ways.
    fn reports() -> Vec<FileReport> {
        let mut ended = finding(
            "illegal-play",
            Some("bar-first"),
            Severity::Error,
            Side::Second,
            "Bob",
            12,
        );
        ended.stood = Some(false);
        let mut unattributed = finding(
            "score-mismatch",
            Some("wrong"),
            Severity::Error,
            Side::First,
            "",
            3,
        );
        unattributed.side = None;
        unattributed.player = None;
        let mut by_name_only = finding(
            "name-change",
            None,
            Severity::Warning,
            Side::First,
            "ALICE ",
            4,
        );
        by_name_only.side = None;
        // Probable typos, whatever their code, count apart; a play analysed
        // as no typo stays an illegal play.
        let mut typo_play = finding(
            "illegal-play",
            Some("wrong-dice"),
            Severity::Error,
            Side::First,
            "Alice",
            15,
        );
        typo_play.likely_typo = Some(true);
        typo_play.suggestion = Some("13/8 13/11".to_owned());
        let mut typo_defect = finding(
            "impossible-play",
            Some("no-checker"),
            Severity::Error,
            Side::Second,
            "Carol",
            10,
        );
        typo_defect.likely_typo = Some(true);
        typo_defect.stood = None;
        let mut real = finding(
            "illegal-play",
            Some("under-played"),
            Severity::Error,
            Side::Second,
            "Bob",
            13,
        );
        real.likely_typo = Some(false);
        vec![
            file(
                "a.mat",
                ["Alice", "Bob"],
                vec![
                    finding(
                        "illegal-play",
                        Some("wrong-dice"),
                        Severity::Error,
                        Side::First,
                        "Alice",
                        5,
                    ),
                    finding(
                        "illegal-play",
                        Some("no-play"),
                        Severity::Info,
                        Side::First,
                        "Alice",
                        6,
                    ),
                    ended,
                    finding(
                        "double-not-owner",
                        None,
                        Severity::Error,
                        Side::Second,
                        "Bob",
                        14,
                    ),
                    unattributed,
                    by_name_only,
                    typo_play,
                    real,
                ],
            ),
            file(
                "b.mat",
                ["alice,1650", "Carol"],
                vec![
                    finding(
                        "illegal-play-marker",
                        None,
                        Severity::Error,
                        Side::First,
                        "alice,1650",
                        7,
                    ),
                    finding(
                        "opening-double",
                        None,
                        Severity::Error,
                        Side::Second,
                        "Carol",
                        8,
                    ),
                    finding(
                        "turn-order",
                        None,
                        Severity::Error,
                        Side::Second,
                        "Carol",
                        9,
                    ),
                    typo_defect,
                ],
            ),
            file("c.mat", ["Bobby", "Carol"], Vec::new()),
            unreadable("d.xg"),
        ]
    }

    #[test]
    fn player_totals_add_up_to_the_findings() {
        let reports = reports();
        let mut aliases = Aliases::default();
        aliases.add("bobby=bob").unwrap();
        let mut report = PlayersReport::new(aliases);
        for file in &reports {
            report.add_file(file);
        }
        let rows = report.rows();
        let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
        assert_eq!(names, ["alice", "bob", "carol"]);

        // Count straight from the findings, by code; probable typos apart.
        let all: Vec<&Finding> = reports.iter().flat_map(|r| &r.findings).collect();
        let counted = |pred: &dyn Fn(&Finding) -> bool| {
            all.iter()
                .filter(|f| f.severity != Severity::Info && pred(f))
                .count() as u64
        };
        let typo = |f: &Finding| f.likely_typo == Some(true);
        let typos = counted(&|f| typo(f));
        let illegal = |f: &Finding| {
            matches!(
                f.code,
                Code::IllegalPlay | Code::IllegalPlayMarker | Code::OpeningDouble
            )
        };
        let plays = counted(&|f| !typo(f) && illegal(f));
        let cube = counted(&|f| !typo(f) && f.code == Code::DoubleNotOwner);
        // An unreadable input's `unreadable` finding is a record defect
        // about no player.
        let defects = counted(&|f| !typo(f) && !illegal(f) && f.code != Code::DoubleNotOwner);
        let sum = |field: fn(&PlayerRow) -> u64| rows.iter().map(field).sum::<u64>();
        let unattributed = report.unattributed();
        assert_eq!(sum(|r| r.illegal_plays) + unattributed.illegal_plays, plays);
        assert_eq!(sum(|r| r.illegal_cube) + unattributed.illegal_cube, cube);
        assert_eq!(
            sum(|r| r.record_defects) + unattributed.record_defects,
            defects
        );
        assert_eq!(
            sum(|r| r.probable_typos) + unattributed.probable_typos,
            typos
        );
        assert_eq!((plays, cube, defects, typos), (5, 1, 4, 2));
        // Every counted finding is in exactly one of the four columns.
        assert_eq!(
            plays + cube + defects + typos,
            counted(&|_| true),
            "columns overlap or miss a finding"
        );
        assert_eq!(unattributed.record_defects, 2);
        assert_eq!(unattributed.counted(), 2);
        assert_eq!(
            sum(|r| r.stood) + sum(|r| r.ended_game),
            sum(|r| r.illegal_plays)
        );
        assert_eq!(sum(|r| r.ended_game), 1);
        // The kind columns add up to the illegal plays of each row.
        for row in &rows {
            let kinds = row.illegal_wrong_dice
                + row.illegal_under_played
                + row.illegal_smaller_die
                + row.illegal_bar_first
                + row.illegal_bear_off_early
                + row.illegal_bear_off_lower
                + row.illegal_blocked_path
                + row.illegal_no_play
                + row.illegal_play_when_none
                + row.illegal_pinned_checker
                + row.illegal_onto_pinned_point
                + row.illegal_bear_off_pinned
                + row.illegal_marker
                + row.illegal_other;
            assert_eq!(kinds, row.illegal_plays, "{}", row.player);
        }
        let totals = report.totals();
        assert_eq!(totals.illegal_plays, sum(|r| r.illegal_plays));

        let alice = &rows[0];
        assert_eq!(alice.spellings, "ALICE | Alice | alice,1650");
        assert_eq!(alice.matches, 2);
        assert_eq!(alice.games, 6);
        assert_eq!(alice.plays, 62);
        assert_eq!((alice.illegal_wrong_dice, alice.illegal_marker), (1, 1));
        assert_eq!(alice.record_defects, 1);
        assert_eq!(alice.illegal_per_100_plays, Some(3.23));
        assert_eq!((alice.probable_typos, alice.stood), (1, 2));
        let bob = &rows[1];
        assert_eq!(bob.matches, 2);
        assert_eq!(
            (bob.illegal_bar_first, bob.ended_game, bob.illegal_cube),
            (1, 1, 1)
        );
        assert_eq!(
            (bob.illegal_under_played, bob.stood, bob.probable_typos),
            (1, 1, 0)
        );
        let carol = &rows[2];
        assert_eq!(
            (
                carol.illegal_other,
                carol.record_defects,
                carol.probable_typos
            ),
            (1, 1, 1)
        );
    }

    #[test]
    fn players_count_each_unreadable_input_once() {
        // A missing path: its `unreadable` finding has no place.
        let mut report = PlayersReport::default();
        report.add_file(&unreadable("missing.mat"));
        assert_eq!(report.unattributed().record_defects, 1);
        // A binary file: its `unreadable` finding is at the start.
        let binary = FileReport::unreadable(
            "x.xg",
            "binary data".to_owned(),
            crate::location::Location::START,
        );
        assert_eq!(binary.findings.len(), 1);
        report.add_file(&binary);
        assert_eq!(report.unattributed().record_defects, 2);
        assert_eq!(report.unattributed().counted(), 2);
        assert!(report.rows().is_empty());
    }

    #[test]
    fn players_without_a_name_get_a_row_for_each_side_of_each_match() {
        let mut on_unnamed = finding(
            "illegal-play",
            Some("wrong-dice"),
            Severity::Error,
            Side::Second,
            "",
            5,
        );
        on_unnamed.player = None;
        let mut aliases = Aliases::default();
        aliases.add("bobby=bob").unwrap();
        let mut report = PlayersReport::new(aliases);
        report.add_file(&file("a.mat", ["", " "], vec![on_unnamed]));
        report.add_file(&file("b.sgf", ["", "Bobby"], Vec::new()));
        let rows = report.rows();
        let names: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
        assert_eq!(
            names,
            [
                "bob",
                "(unnamed: a.mat match 1, player 1)",
                "(unnamed: a.mat match 1, player 2)",
                "(unnamed: b.sgf match 1, player 1)",
            ]
        );
        // Each unnamed side keeps its own match, games and dice.
        for row in &rows[1..] {
            assert_eq!((row.matches, row.games, row.spellings.as_str()), (1, 3, ""));
        }
        assert_eq!(rows[1].face_1, 10);
        assert_eq!((rows[2].face_1, rows[2].doubles), (11, 6));
        assert_eq!(rows[3].face_1, 10);
        // A finding goes to the unnamed side of its column, nowhere else.
        assert_eq!(rows[2].illegal_wrong_dice, 1);
        assert_eq!(rows[1].illegal_plays + rows[3].illegal_plays, 0);
        assert_eq!(report.unattributed().counted(), 0);
        // Aliases still merge named players.
        assert_eq!(rows[0].spellings, "Bobby");
    }

    #[test]
    fn dice_columns_sum_the_tallies() {
        let mut report = PlayersReport::default();
        report.add_file(&file("a.mat", ["A", "B"], Vec::new()));
        report.add_file(&file("b.mat", ["A", "C"], Vec::new()));
        let a = &report.rows()[0];
        assert_eq!(a.player, "a");
        assert_eq!(
            [a.face_1, a.face_2, a.face_3, a.face_4, a.face_5, a.face_6],
            [20, 24, 18, 22, 20, 20]
        );
        assert_eq!(a.dice_sample, 124);
        assert_eq!(a.rolls, 62);
        assert_eq!(a.doubles, 10);
        assert_eq!(a.doubles_rate, Some(0.1613));
        assert_eq!(a.chi_square_dof, 5);
        let x = chi_square_statistic(&[20, 24, 18, 22, 20, 20]).unwrap();
        assert_eq!(a.chi_square, Some(round_decimals(x, 4)));
        let p = a.chi_square_p.unwrap();
        assert!(p > 0.9 && p < 1.0, "{p}");
    }

    #[test]
    fn players_numbers_are_written_with_their_documented_precision() {
        // 30 rolls, 6 doubles, equal faces, no illegal play.
        let mut even = file("a.mat", ["Even", "Odd"], Vec::new());
        let tally = &mut even.matches[0].players.first;
        (tally.faces, tally.rolls, tally.doublets) = ([10; 6], 30, 6);
        let mut report = PlayersReport::default();
        report.add_file(&even);

        let mut csv = Vec::new();
        report.write(Format::Csv, &mut csv, None).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
        let header = reader.headers().unwrap().clone();
        let record = reader.records().next().unwrap().unwrap();
        let cell = |name: &str| &record[header.iter().position(|h| h == name).unwrap()];
        assert_eq!(cell("player"), "even");
        assert_eq!(cell("illegal_per_100_plays"), "0.00");
        assert_eq!(cell("doubles_rate"), "0.2000");
        assert_eq!(cell("chi_square"), "0.0000");
        assert_eq!(cell("chi_square_p"), "1.000");

        let mut json = Vec::new();
        report.write(Format::Json, &mut json, None).unwrap();
        let json = String::from_utf8(json).unwrap();
        for expected in [
            "\"illegal_per_100_plays\": 0.00,",
            "\"doubles_rate\": 0.2000,",
            "\"chi_square\": 0.0000,",
            "\"chi_square_p\": 1.000\n",
        ] {
            assert!(json.contains(expected), "{expected} missing in\n{json}");
        }
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value[0]["doubles_rate"].as_f64(), Some(0.2));
        assert_eq!(value[1]["illegal_per_100_plays"].as_f64(), Some(0.0));

        // A terminal too narrow for the table: a block per player.
        let mut narrow = Vec::new();
        report.write(Format::Table, &mut narrow, Some(60)).unwrap();
        let narrow = String::from_utf8(narrow).unwrap();
        assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
        assert!(narrow.contains("doubles (rate): 6 (0.2000)"), "{narrow}");
        assert!(!narrow.contains('│'), "{narrow}");

        let mut table = Vec::new();
        report.write(Format::Table, &mut table, Some(250)).unwrap();
        let table = String::from_utf8(table).unwrap();
        for expected in [
            "illegal per 100 plays",
            "doubles (rate)",
            " 0.00 ",
            "6 (0.2000)",
            "10 10 10 10 10 10, 0.0000, p 1.000",
        ] {
            assert!(table.contains(expected), "{expected} missing in\n{table}");
        }
    }

    #[test]
    fn players_p_values_keep_four_significant_digits() {
        for (x, text) in [
            (1.0, "1.000"),
            (0.95, "0.9500"),
            (0.068_95, "0.06895"),
            (0.012_3, "0.01230"),
            (0.000_123_4, "0.0001234"),
            (0.000_012_34, "1.234e-5"),
            (1.2e-80, "1.200e-80"),
            (0.0, "0"),
        ] {
            assert_eq!(format_significant(x), text);
        }
    }

    #[test]
    fn an_empty_players_report_is_an_empty_json_array() {
        let mut json = Vec::new();
        PlayersReport::default()
            .write(Format::Json, &mut json, None)
            .unwrap();
        assert_eq!(json, b"[]\n");
    }

    #[test]
    fn every_format_writes_every_player() {
        let mut report = PlayersReport::default();
        for file in reports() {
            report.add_file(&file);
        }
        let rows = report.rows();
        assert_eq!(derived_header(&rows[0]), PlayerRow::FIELDS.join(","));

        let mut csv = Vec::new();
        report.write(Format::Csv, &mut csv, None).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], PlayerRow::FIELDS.join(","));
        assert_eq!(lines.len(), 1 + rows.len());

        let mut json = Vec::new();
        report.write(Format::Json, &mut json, None).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let array = value.as_array().unwrap();
        assert_eq!(array.len(), rows.len());
        assert_eq!(array[0]["player"], "alice");
        assert_eq!(array[0].as_object().unwrap().len(), PlayerRow::FIELDS.len());

        let mut table = Vec::new();
        report.write(Format::Table, &mut table, Some(200)).unwrap();
        let table = String::from_utf8(table).unwrap();
        for expected in ["alice", "bob", "carol", "wrong-dice 1", "marker 1"] {
            assert!(table.contains(expected), "{expected} missing in\n{table}");
        }
    }
}
