//! The rows of the report and their formats: a table (or a block per
//! player when too wide), CSV and JSON with fixed-precision numbers.

use std::io::{self, Write};

use serde::{Serialize, Serializer};

use super::dice::{FACE_DOF, chi_square_sf, chi_square_statistic};
use super::tally::KindColumn;
use super::{PlayerStats, PlayersOutput, PlayersReport};
use crate::catalogue::{self, Code, Kind};
use crate::escape::terminal;
use crate::report::csv::write_record;
use crate::report::skill::round_decimals;
use crate::report::table::{self, new_table};
use crate::report::wrap;

impl PlayersReport {
    /// Writes the report in `format`. `wrap_width` as for the findings table.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn write<W: Write>(
        &self,
        format: PlayersOutput,
        out: W,
        wrap_width: Option<u16>,
    ) -> io::Result<()> {
        self.write_with(format, out, wrap_width, false)
    }

    /// [`PlayersReport::write`]; `csv_safe`: in CSV, every cell that a
    /// spreadsheet would read as a formula gets a leading `'`
    /// (`--csv-safe`).
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn write_with<W: Write>(
        &self,
        format: PlayersOutput,
        mut out: W,
        wrap_width: Option<u16>,
        csv_safe: bool,
    ) -> io::Result<()> {
        let rows = self.rows();
        match format {
            PlayersOutput::Csv => {
                let skill_columns = crate::report::skill::csv_columns();
                let header: Vec<&str> = PlayerRow::FIELDS
                    .iter()
                    .copied()
                    .chain(skill_columns.iter().map(String::as_str))
                    .collect();
                write_record(&mut out, header)?;
                for row in &rows {
                    let mut record = csv_record(row)?;
                    record.extend(crate::report::skill::csv_cells(
                        row.skill.as_ref(),
                        &skill_columns,
                    ));
                    if csv_safe {
                        record.iter_mut().for_each(crate::report::formula_safe);
                    }
                    write_record(&mut out, record.iter().map(String::as_str))?;
                }
                out.flush()
            }
            PlayersOutput::Json => {
                write_json(&rows, &mut out)?;
                out.flush()
            }
            PlayersOutput::Jsonl => {
                for row in &rows {
                    let fields = json_fields(row)?;
                    let mut object: Vec<String> = fields
                        .iter()
                        .map(|(field, text)| format!("\"{field}\":{text}"))
                        .collect();
                    object.push(format!("\"skill\":{}", skill_json(row)?));
                    writeln!(out, "{{{}}}", object.join(","))?;
                }
                out.flush()
            }
            PlayersOutput::Table => {
                // A skill column only where some player was analysed.
                let analysed = rows.iter().any(|row| row.skill.is_some());
                let mut header = TABLE_HEADER.to_vec();
                if analysed {
                    header.push("skill (analysed matches)");
                }
                let mut table = new_table(&header, wrap_width);
                for row in &rows {
                    table.add_row(row.table_cells(analysed));
                }
                match wrap_width {
                    // Too wide for the terminal: a block per player.
                    Some(width) if table::natural_width(&table) > usize::from(width) => {
                        for (i, row) in rows.iter().enumerate() {
                            if i > 0 {
                                writeln!(out)?;
                            }
                            for line in row.block(usize::from(width)) {
                                writeln!(out, "{line}")?;
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

/// The fewest dice the fairness test is run on: 5 expected per face.
pub const DICE_TEST_MIN: u64 = 30;

/// `items` joined by `, ` into lines of at most `room` characters, broken
/// only between items (an item longer than `room` is wrapped on its own).
fn pack(items: &[String], room: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let len = line.chars().count();
        if !line.is_empty() && len + 2 + item.chars().count() > room {
            lines.push(std::mem::take(&mut line));
        }
        if line.is_empty() && item.chars().count() > room {
            lines.extend(wrap(item, room));
            continue;
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// One player. Field order is the CSV column order. Serialised, the numbers
/// written with a fixed precision ([`PlayerRow::FIXED`]) are text such as
/// `0.2000`: CSV writes it as it is, and [`PlayersReport::write`] writes it
/// as a JSON number.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRow {
    /// The name as written: of the spellings merged into the row, the one
    /// written for most match sides (the first met of equals); for a side
    /// of a match with no name `(unnamed: FILE match N, player 1)` (player 1
    /// the left column, player 2 the right one).
    pub player: String,
    /// The names merged into this row as the score lines give them (trimmed,
    /// a trailing rating removed), sorted: an array in JSON, joined by ` | `
    /// in CSV.
    pub spellings: Vec<String>,
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
    /// Rolls whose dice the replay read as probably misread (one die away
    /// from a roll the play as written fits): they count in the faces and
    /// doubles as written.
    pub suspect_rolls: u64,
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
    /// expectation, rounded to 4 decimals and written with 4; empty with
    /// fewer than `DICE_TEST_MIN` (30) dice (fewer than 5 expected per face,
    /// too few for the test).
    #[serde(serialize_with = "four_decimals")]
    pub chi_square: Option<f64>,
    /// Its degrees of freedom (5).
    pub chi_square_dof: u32,
    /// The probability of a statistic at least this large with fair dice,
    /// rounded to 4 significant digits and written with 4 (see
    /// [`format_significant`]); empty with too few dice, as `chi_square`.
    #[serde(serialize_with = "four_significant")]
    pub chi_square_p: Option<f64>,
    /// Matches of the player whose record carries an engine's analysis.
    pub analysed_matches: u64,
    /// The skill statistics of those matches (`report::skill`);
    /// `None` when none was analysed. Written after the columns above: an
    /// object in JSON, `skill.*` columns in CSV.
    #[serde(skip)]
    pub skill: Option<serde_json::Value>,
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
    pub const FIELDS: [&'static str; 41] = [
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
        "suspect_rolls",
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
        "analysed_matches",
    ];

    /// The columns written with a fixed precision (2 or 4 decimals, 4
    /// significant digits): text when serialised, numbers in JSON.
    pub const FIXED: [&'static str; 4] = [
        "illegal_per_100_plays",
        "doubles_rate",
        "chi_square",
        "chi_square_p",
    ];

    pub(super) fn new(stats: &PlayerStats) -> PlayerRow {
        let column = |column| stats.by_kind.get(&column).copied().unwrap_or(0);
        let kind = |kind| column(KindColumn::Kind(kind));
        let f = &stats.findings;
        let sample: u64 = stats.faces.iter().sum();
        // Pearson's test holds only with enough dice: at least 5 expected
        // per face.
        let chi = if sample >= DICE_TEST_MIN {
            chi_square_statistic(&stats.faces)
        } else {
            None
        };
        PlayerRow {
            player: stats.shown_name().to_owned(),
            spellings: stats.spellings.keys().cloned().collect(),
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
            suspect_rolls: stats.suspect_rolls,
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
            analysed_matches: stats.skill.analysed_matches,
            skill: (stats.skill.analysed_matches > 0).then(|| stats.skill.json()),
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

    /// The player as a block of lines for a terminal too narrow for the
    /// table: the name, then one line per subject (games, illegal plays,
    /// other findings, rolls, dice), each `label value` kept whole and
    /// wrapped only between items.
    pub(super) fn block(&self, width: usize) -> Vec<String> {
        let cells = self.table_cells(false);
        let cell = |name: &str| {
            TABLE_HEADER
                .iter()
                .position(|h| *h == name)
                .map_or("", |i| cells[i].as_str())
        };
        let mut lines = wrap(&cells[0], width.max(20));
        let subjects: [Vec<String>; 6] = [
            vec![
                format!("matches {}", cell("matches")),
                format!("games {}", cell("games")),
                format!("plays {}", cell("plays")),
            ],
            vec![
                format!("illegal plays {}", cell("illegal plays")),
                format!("stood {}", cell("stood")),
                format!("ended game {}", cell("ended game")),
                format!("per 100 plays {}", cell("illegal per 100 plays")),
            ],
            vec![
                format!("illegal cube {}", cell("illegal cube")),
                format!("record defects {}", cell("record defects")),
                format!("probable typos {}", cell("probable typos")),
            ],
            vec![
                format!("rolls {}", cell("rolls")),
                format!("doubles {}", cell("doubles (rate)")),
            ],
            self.dice_items(),
            self.skill
                .as_ref()
                .map(|skill| {
                    let mut items = crate::report::skill::items(skill);
                    if let Some(first) = items.first_mut() {
                        *first = format!("skill: {first}");
                    }
                    items
                })
                .unwrap_or_default(),
        ];
        let room = width.saturating_sub(2).max(20);
        for items in subjects.iter().filter(|items| !items.is_empty()) {
            lines.extend(pack(items, room).into_iter().map(|l| format!("  {l}")));
        }
        lines
    }

    /// The dice for the block: the faces, then the test or why there is
    /// none.
    fn dice_items(&self) -> Vec<String> {
        if self.dice_sample == 0 {
            return Vec::new();
        }
        let faces = format!(
            "dice 1-6: {} {} {} {} {} {}",
            self.face_1, self.face_2, self.face_3, self.face_4, self.face_5, self.face_6
        );
        match (self.chi_square, self.chi_square_p) {
            (Some(chi), Some(p)) => vec![
                faces,
                format!("chi-square {chi:.4} ({} dof)", self.chi_square_dof),
                format!("p {}", format_significant(p)),
            ],
            _ => vec![faces, "too few rolls for a test".to_owned()],
        }
    }

    pub(super) fn table_cells(&self, skill: bool) -> Vec<String> {
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
        let faces = format!(
            "{} {} {} {} {} {}",
            self.face_1, self.face_2, self.face_3, self.face_4, self.face_5, self.face_6,
        );
        let dice = match (self.chi_square, self.chi_square_p) {
            (Some(chi), Some(p)) => format!("{faces}, {chi:.4}, p {}", format_significant(p)),
            _ if self.dice_sample == 0 => String::new(),
            _ => format!("{faces}, too few rolls"),
        };
        let rolls = if self.suspect_rolls > 0 {
            format!("{} ({} suspect)", self.rolls, self.suspect_rolls)
        } else {
            self.rolls.to_string()
        };
        let doubles = match self.doubles_rate {
            Some(rate) => format!("{} ({rate:.4})", self.doubles),
            None => self.doubles.to_string(),
        };
        vec![
            terminal(&self.player).into_owned(),
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
            rolls,
            doubles,
            dice,
        ]
        .into_iter()
        .chain(skill.then(|| {
            self.skill
                .as_ref()
                .map_or_else(|| "not analysed".to_owned(), crate::report::skill::cell)
        }))
        .collect()
    }
}

fn ratio(numerator: u64, denominator: u64) -> Option<f64> {
    (denominator > 0).then(|| numerator as f64 / denominator as f64)
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
        out.write_all(b"  {\n")?;
        let fields = json_fields(row)?;
        for (field, text) in &fields {
            writeln!(out, "    \"{field}\": {text},")?;
        }
        writeln!(out, "    \"skill\": {}", skill_json(row)?)?;
        let comma = if i + 1 < rows.len() { "," } else { "" };
        writeln!(out, "  }}{comma}")?;
    }
    out.write_all(b"]\n")
}

/// The `skill` object of `row` as JSON text (`null` when not analysed).
fn skill_json(row: &PlayerRow) -> io::Result<String> {
    Ok(serde_json::to_string(&row.skill)?)
}

/// The cells of `row` in column order for CSV: text as it is, numbers as
/// written, the spellings joined by ` | `, empty for `null`.
fn csv_record(row: &PlayerRow) -> io::Result<Vec<String>> {
    let value = serde_json::to_value(row)?;
    Ok(PlayerRow::FIELDS
        .iter()
        .map(|&field| match &value[field] {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(text) => text.clone(),
            serde_json::Value::Array(items) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map_or_else(|| item.to_string(), str::to_owned)
                })
                .collect::<Vec<_>>()
                .join(" | "),
            other => other.to_string(),
        })
        .collect())
}

/// The fields of `row` in column order with their JSON text (the fixed
/// precision numbers as numbers).
fn json_fields(row: &PlayerRow) -> io::Result<Vec<(&'static str, String)>> {
    let value = serde_json::to_value(row)?;
    PlayerRow::FIELDS
        .iter()
        .map(|&field| {
            let cell = &value[field];
            let text = match cell.as_str() {
                Some(number) if PlayerRow::FIXED.contains(&field) => number.to_owned(),
                _ => serde_json::to_string(cell)?,
            };
            Ok((field, text))
        })
        .collect()
}
