//! The replayer: a [`Visitor`](crate::parse::Visitor) that plays every action
//! on the rules engine and turns what it finds into [`Finding`]s.
//!
//! Its files are layered one way, each naming only those below it:
//!
//! - the data: `in_force` (the rules in force for a match), `recorder`
//!   (findings being written, findings waiting on what follows, `stood`),
//!   `state` (the match and game replayed, the game's events), `judging`
//!   (the move generators and what the judging of plays keeps per replay),
//!   `dialect` and `wording`;
//! - `replayer`: the `Replayer` that holds them, the accessors every room
//!   shares and the recording of a finding;
//! - the rooms, named after what they judge, each adding its methods to the
//!   replayer: `turns`, `plays`, `dumps`, `cube`, `results`, `score_lines`,
//!   `skill` (the record's analysis), `settle` (findings that depend on
//!   what follows) and `typo` (mistyped plays);
//! - `driver`: the visitor, which keeps a game's events and sends each
//!   action to its room by a method call; no file names the driver.
//!
//! Judgments that need no replay state are pure functions in
//! [`crate::rules`].

mod cube;
mod dialect;
mod driver;
mod dumps;
mod in_force;
mod judging;
mod plays;
mod recorder;
mod replayer;
mod results;
mod score_lines;
mod settle;
mod skill;
mod state;
mod stream;
mod turns;
mod typo;
mod wording;

pub use in_force::{RuleSource, RulesInForce, Setting, parse_variant};
pub use state::MatchSkill;

use crate::finding::{Finding, SeverityCounts};
use crate::parse::Format;
use crate::position::Variant;
use crate::side::ByPlayer;

/// A rule option as chosen on the command line (`None` = not given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleFlags {
    /// `--crawford on|off`.
    pub crawford: Option<bool>,
    /// `--jacoby`.
    pub jacoby: Option<bool>,
    /// `--beavers`.
    pub beavers: Option<bool>,
    /// `--beavers N`: how many beavers and raccoons one double may get.
    pub beaver_limit: Option<u8>,
    /// `--cube-limit N`.
    pub cube_limit: Option<u32>,
    /// `--variant NAME`.
    pub variant: Option<Variant>,
    /// `--automatic-doubles N`: money play, ties of the opening roll turn
    /// the cube (at most N times a game; it stays centred).
    pub automatic_doubles: Option<u8>,
    /// `--backgammon-value 2`: a club rule counting a backgammon as a gammon.
    pub backgammon_value: Option<u32>,
    /// `--match-beavers`: a club rule allowing beavers and raccoons in match play.
    pub match_beavers: Option<bool>,
}

/// Options for checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Rule options from flags; the file's own tags take precedence.
    pub flags: RuleFlags,
    /// Record every action with the position before and after it
    /// ([`FileReport::trace`]), for `bgaudit show` and explanations.
    pub trace: bool,
    /// Report the plays an analysed record's engine marks very bad as
    /// `blunder` findings (`check --blunders`).
    pub blunders: bool,
}

/// One action as replayed, with the positions around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// Ordinal of the match in the file.
    pub match_number: u32,
    /// Game number as written.
    pub game: Option<u32>,
    /// Row number as written.
    pub row: Option<u32>,
    /// The column acting.
    pub side: crate::side::Side,
    /// The player's name.
    pub player: String,
    /// Where the cell is.
    pub location: crate::location::Location,
    /// The cell as written.
    pub text: String,
    /// The roll, for a roll.
    pub dice: Option<crate::dice::Roll>,
    /// The play written after the roll, as the replay read it (`None` when
    /// nothing was played).
    pub written: Option<crate::notation::PlayNotation>,
    /// The position before the action, from the actor's side (`None` when
    /// the position is not known).
    pub before: Option<crate::position::Position>,
    /// The position after it, from the same side.
    pub after: Option<crate::position::Position>,
    /// Cube and score around the action.
    pub context: Option<crate::finding::Context>,
}

/// What happened to one player in one match (summed across matches by the
/// per-player report).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerTally {
    /// Name as written on the first score line (rating removed).
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Checker plays judged (rolls with a play or a dance).
    pub plays: u32,
    /// Rolls recorded, and how often each face came up (index 0 = face 1).
    pub rolls: u32,
    /// Doubles rolled.
    pub doublets: u32,
    /// Faces: each die of each roll counted.
    pub faces: [u32; 6],
}

/// One match's summary (one row of `--summary`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSummary {
    /// Ordinal of the match in its file, from 1.
    pub number: u32,
    /// Match length, 0 = money.
    pub length: u32,
    /// Games in the record.
    pub games: u32,
    /// Checker plays judged.
    pub plays: u32,
    /// Cube actions (doubles, takes, drops, beavers, raccoons).
    pub cube_actions: u32,
    /// The players.
    pub players: ByPlayer<PlayerTally>,
    /// The winner's name, when the match was finished.
    pub winner: Option<String>,
    /// The score after the last game, by the replay.
    pub final_score: ByPlayer<u32>,
    /// Findings by severity.
    pub findings: SeverityCounts,
    /// The rules in force, each with where it came from.
    pub rules: Option<RulesInForce>,
    /// The `Site` tag, when the file has one (a program, a server or a
    /// place).
    pub site: Option<String>,
    /// The program that most probably wrote the record, guessed from its
    /// layout and words (see `replay::dialect`).
    pub dialect: Option<&'static str>,
    /// The skill statistics of the analysis the record carries; `None`
    /// when it carries none.
    pub skill: Option<Box<MatchSkill>>,
}

/// Whether a file could be read and what was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileStatus {
    /// Read, and nothing at warning or error level (notes may remain).
    Clean,
    /// Read, with warnings or errors.
    Findings,
    /// Not a transcript or not readable.
    Unreadable,
}

impl FileStatus {
    /// The status of a file read with `findings`: findings when one is a
    /// warning or an error, else clean.
    #[must_use]
    pub fn of(findings: &[Finding]) -> FileStatus {
        if findings
            .iter()
            .any(|f| f.severity >= crate::finding::Severity::Warning)
        {
            FileStatus::Findings
        } else {
            FileStatus::Clean
        }
    }
}

/// Everything checking one file established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The path (or `-` for standard input) as given; the bytes of a path
    /// that are not UTF-8 are written `\xNN` (see [`FileReport::path_bytes`]).
    pub path: String,
    /// The path's own bytes when they are not UTF-8, else `None`.
    pub path_bytes: Option<Vec<u8>>,
    /// The format recognised.
    pub format: Option<Format>,
    /// The file's status.
    pub status: FileStatus,
    /// Why the file is unreadable, when it is.
    pub unreadable_reason: Option<String>,
    /// The findings, in input order.
    pub findings: Vec<Finding>,
    /// One summary per match, in input order.
    pub matches: Vec<MatchSummary>,
    /// Every action replayed, when [`Options::trace`] asked for it.
    pub trace: Vec<TraceStep>,
}

impl FileReport {
    /// The report of an input that could not be read, with its one
    /// `unreadable` finding (at `location`: the start of a file that is no
    /// transcript; nowhere for a path that could not be opened), so that
    /// every output counts and shows it the same way.
    #[must_use]
    pub fn unreadable(
        path: &str,
        reason: String,
        location: crate::location::Location,
    ) -> FileReport {
        let finding = crate::finding::Finding::new(
            crate::catalogue::Code::Unreadable,
            location,
            reason.clone(),
        );
        FileReport {
            path: path.to_owned(),
            path_bytes: None,
            format: None,
            status: FileStatus::Unreadable,
            unreadable_reason: Some(reason),
            findings: vec![finding],
            matches: Vec::new(),
            trace: Vec::new(),
        }
    }
}

/// Reads and replays one file's bytes.
#[must_use]
pub fn check_bytes(path: &str, bytes: &[u8], options: &Options) -> FileReport {
    merge(check_parts(path, bytes, options))
}

/// Reads and replays one file's bytes, one report per part: a `.mat` text
/// one report per match ([`crate::parse::matches`]: each match read and
/// replayed on its own, its findings located in the file), any other input
/// one report. The parts of a file, merged, are its report.
#[must_use]
pub fn check_parts(path: &str, bytes: &[u8], options: &Options) -> Vec<FileReport> {
    match crate::parse::decode(bytes) {
        Ok(decoded) => parts_of(path, &decoded, options),
        Err(crate::parse::text::Unreadable(reason)) => vec![FileReport::unreadable(
            path,
            reason,
            crate::location::Location::START,
        )],
    }
}

/// [`check_parts`] of a decoded input.
fn parts_of(path: &str, decoded: &crate::parse::Input<'_>, options: &Options) -> Vec<FileReport> {
    use crate::parse::Input;
    use crate::parse::matches::MatchReader;
    match decoded {
        Input::Text(text) if !crate::parse::is_sgf(&text.text) => {
            let stray = text.suspect && !crate::parse::stray::tolerated(text.text.as_bytes());
            // A text in memory: its matches come without an error.
            MatchReader::text(&text.text, text.encoding, stray)
                .map_while(Result::ok)
                .map(|piece| check_match_text(path, &piece, options))
                .collect()
        }
        _ => vec![check_whole(path, decoded, options, None)],
    }
}

/// Reads and replays a decoded input as one part (an SGF text, an eXtreme
/// Gammon file), its settled findings handed on to `settled` if given.
fn check_whole<'o>(
    path: &str,
    decoded: &crate::parse::Input<'_>,
    options: &'o Options,
    settled: Option<Settled<'o>>,
) -> FileReport {
    let mut replayer = replayer::Replayer::new(options);
    replayer.settled = settled;
    if let crate::parse::Input::Text(text) = decoded {
        replayer.recorder.watch_hit_marks(&text.text);
    }
    let format = crate::parse::read_input(decoded, &mut replayer);
    replayer.finish();
    replayer.settled = None;
    report_of(path, format, &mut replayer)
}

/// [`check_parts`] with the report handed on in parts as it settles:
/// every part but the last goes to `part` as soon as it is known, the last
/// is returned. An SGF text or an eXtreme Gammon file, read whole, hands on
/// its findings while it is replayed, a batch at a time once at least
/// `batch` have settled (see `replay::stream`): each such part holds
/// findings and, to name their players, the summaries of their matches as
/// far as they are replayed (not final); the last part holds the rest of
/// the findings and every match, final. Their findings, one part after
/// the other, are those of the report [`check_parts`] gives, in its order,
/// and the last part's matches are its matches.
pub fn check_streamed(
    path: &str,
    bytes: &[u8],
    options: &Options,
    batch: usize,
    mut part: impl FnMut(FileReport),
) -> FileReport {
    use crate::parse::{Input, is_sgf};
    let decoded = match crate::parse::decode(bytes) {
        Ok(decoded) => decoded,
        Err(crate::parse::text::Unreadable(reason)) => {
            return FileReport::unreadable(path, reason, crate::location::Location::START);
        }
    };
    let format = match &decoded {
        Input::Xg(_) => Some(Format::Xg),
        Input::Text(text) if is_sgf(&text.text) => Some(Format::Sgf),
        Input::Text(_) => None,
    };
    let Some(format) = format.filter(|_| !options.trace) else {
        let mut parts = parts_of(path, &decoded, options);
        let last = parts.pop();
        parts.into_iter().for_each(&mut part);
        return last.unwrap_or_else(|| merge(Vec::new()));
    };
    let mut sink = |findings: Vec<Finding>, matches: Vec<MatchSummary>| {
        part(FileReport {
            path: path.to_owned(),
            path_bytes: None,
            format: Some(format),
            status: FileStatus::of(&findings),
            unreadable_reason: None,
            findings,
            matches,
            trace: Vec::new(),
        });
    };
    let settled = Settled {
        sink: &mut sink,
        game_start: 0,
        batch: batch.max(1),
    };
    check_whole(path, &decoded, options, Some(settled))
}

/// Where a replayer hands on its settled findings (`replay::stream`).
pub(crate) struct Settled<'s> {
    /// Receives each batch of settled findings, in the file's order, with
    /// the summaries of their matches as far as they are replayed (their
    /// players' names; not final).
    pub(crate) sink: &'s mut dyn FnMut(Vec<Finding>, Vec<MatchSummary>),
    /// Where the last game begun begins: every finding still to come is
    /// located there or later (set as a game begins).
    pub(crate) game_start: usize,
    /// Findings held before a batch is handed on.
    pub(crate) batch: usize,
}

/// How [`check_parts`] cuts a file's bytes into parts, for a caller that
/// needs each part's own text (e.g. to hand each match to another program).
#[derive(Debug)]
pub enum Layout<'t> {
    /// Not readable as a record.
    Unreadable,
    /// An eXtreme Gammon file: one part.
    Xg,
    /// An SGF text: one part.
    Sgf,
    /// A `.mat` text: one part per match, in order.
    Mat(Vec<crate::parse::match_text::MatchText<'t>>),
}

/// Calls `f` with the [`Layout`] of `bytes`.
pub fn with_layout<R>(bytes: &[u8], f: impl FnOnce(Layout<'_>) -> R) -> R {
    use crate::parse::{Input, matches};
    let Ok(decoded) = crate::parse::decode(bytes) else {
        return f(Layout::Unreadable);
    };
    match &decoded {
        Input::Xg(_) => f(Layout::Xg),
        Input::Text(text) if crate::parse::is_sgf(&text.text) => f(Layout::Sgf),
        Input::Text(text) => {
            let stray = text.suspect && !crate::parse::stray::tolerated(text.text.as_bytes());
            f(Layout::Mat(matches::matches_of(
                &text.text,
                text.encoding,
                stray,
            )))
        }
    }
}

/// Reads and replays one match of a `.mat` text (see
/// [`crate::parse::matches`]): the report of that match alone, numbered and
/// located in its file.
#[must_use]
pub fn check_match_text(
    path: &str,
    piece: &crate::parse::match_text::MatchText<'_>,
    options: &Options,
) -> FileReport {
    let mut replayer = replayer::Replayer::new(options);
    replayer.match_count = u32::try_from(piece.index).unwrap_or(u32::MAX);
    replayer.recorder.watch_hit_marks(&piece.text);
    let format = crate::parse::match_text::read_match_text(piece, &mut replayer);
    replayer.finish_part(piece.last);
    report_of(path, format, &mut replayer)
}

/// The report of what `replayer` established.
fn report_of(
    path: &str,
    format: Option<Format>,
    replayer: &mut replayer::Replayer<'_, '_>,
) -> FileReport {
    let status = if replayer.unreadable.is_some() {
        FileStatus::Unreadable
    } else {
        FileStatus::of(&replayer.recorder.findings)
    };
    FileReport {
        path: path.to_owned(),
        path_bytes: None,
        format,
        status,
        unreadable_reason: replayer.unreadable.take(),
        findings: std::mem::take(&mut replayer.recorder.findings),
        matches: std::mem::take(&mut replayer.matches),
        trace: std::mem::take(&mut replayer.trace),
    }
}

/// The parts of one file's report as one report.
#[must_use]
pub fn merge(parts: Vec<FileReport>) -> FileReport {
    let mut parts = parts.into_iter();
    let Some(mut report) = parts.next() else {
        return FileReport::unreadable(
            "",
            "nothing was read".to_owned(),
            crate::location::Location::default(),
        );
    };
    for part in parts {
        report.status = match (report.status, part.status) {
            (FileStatus::Unreadable, _) | (_, FileStatus::Unreadable) => FileStatus::Unreadable,
            (FileStatus::Findings, _) | (_, FileStatus::Findings) => FileStatus::Findings,
            _ => FileStatus::Clean,
        };
        report.format = report.format.or(part.format);
        report.unreadable_reason = report.unreadable_reason.or(part.unreadable_reason);
        report.findings.extend(part.findings);
        report.matches.extend(part.matches);
        report.trace.extend(part.trace);
    }
    report
}
