//! Findings as compiler-style diagnostics, positions step by step, and the
//! catalogue entry of a code: the text of `check --explain`, `explain` and
//! `show`.
//!
//! ```text
//! error[illegal-play/wrong-dice]: `6/4 8/4` cannot be made with 52
//!   --> fixtures/examples/club-final-7pt.mat:34:6  (match 1, game 2, move 8, Marta)
//!    |
//! 34 |   8) 52: 6/4 8/4                 31: 6/5 8/5
//!    |      ^^^^^^^^^^^
//!    = stood: the opponent rolled or doubled next, accepting the play as made
//!    = board: Marta (X) to play 52
//!       +13-14-15-16-17-18------19-20-21-22-23-24-+   O Omar: ...
//!       ...
//!    = legal plays (9): ...
//!    = help: `bgaudit explain illegal-play/wrong-dice` quotes the rule
//! ```
//!
//! What a diagnostic shows depends on the finding's family
//! ([`catalogue::Family`]) and on what the replay recorded: a checker play
//! gets the board, the legal plays of its roll (all of them when there are
//! at most [`ALL_PLAYS_UP_TO`], else their count and the closest ones to the
//! play as written) and the typo analysis; a cube action the cube, the score
//! and the board; a result or score finding the scores; a reading problem
//! only its line. The transcript line comes from the file itself
//! ([`Source`]); without it the diagnostic still names the place.
//!
//! Nothing here judges a play or reads a message: a finding carries what
//! its diagnostic shows (the play as written, the legal plays of its roll,
//! the typo analysis), worked out once by the replay. Only an action without
//! a finding asks the rules engine ([`crate::rules::legal_plays`]) for the
//! legal plays of the position the replay recorded.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::Path;

use super::board::{Board, cube_state, match_kind};
use super::wrap;
use crate::catalogue::{self, Family, Kind};
use crate::finding::{Context, Finding, LegalPlays, Severity};
use crate::location::Location;
use crate::position::Position;
use crate::replay::{FileReport, TraceStep};
use crate::side::{ByPlayer, Side};

pub use crate::finding::{ALL_PLAYS_UP_TO, CLOSEST_PLAYS, notation_distance};
/// Source lines longer than this are shown as a window around the cell.
const MAX_LINE: usize = 100;
/// Width of text paragraphs in `explain CODE`.
const WRAP: usize = 78;

/// Whether to colour the text (ANSI escapes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Colour on.
    pub colour: bool,
}

impl Style {
    /// No colour.
    #[must_use]
    pub const fn plain() -> Style {
        Style { colour: false }
    }

    /// Colour when writing to a terminal, unless `NO_COLOR` is set to a
    /// non-empty value (<https://no-color.org>). `no_color` is the variable's
    /// value, if set.
    #[must_use]
    pub fn for_output(is_terminal: bool, no_color: Option<&OsStr>) -> Style {
        Style {
            colour: is_terminal && no_color.is_none_or(OsStr::is_empty),
        }
    }

    fn paint(self, codes: &str, text: &str) -> String {
        if self.colour && !text.is_empty() {
            format!("\x1b[{codes}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    fn frame(self, text: &str) -> String {
        self.paint("1;34", text)
    }

    fn label(self, label: Label, text: &str) -> String {
        let codes = match label {
            Label::Error => "1;31",
            Label::Warning => "1;33",
            Label::Info => "1;36",
            Label::Ok => "1;32",
        };
        self.paint(codes, text)
    }
}

/// The headline word of a diagnostic.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Label {
    Error,
    Warning,
    Info,
    /// An action without a finding.
    Ok,
}

impl Label {
    fn word(self) -> &'static str {
        match self {
            Label::Error => "error",
            Label::Warning => "warning",
            Label::Info => "info",
            Label::Ok => "ok",
        }
    }
}

impl From<Severity> for Label {
    fn from(severity: Severity) -> Label {
        match severity {
            Severity::Error => Label::Error,
            Severity::Warning => Label::Warning,
            Severity::Info => Label::Info,
        }
    }
}

/// The lines of a transcript, to quote the line of a finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    lines: Vec<String>,
}

impl Source {
    /// The lines of a file's bytes, decoded as the readers decode them; `None`
    /// for bytes that are not text.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Source> {
        let decoded = crate::parse::text::decode(bytes).ok()?;
        Some(Source::from_text(&decoded.text))
    }

    /// The lines of a text. Lines end at LF, CRLF or a lone CR, as for the
    /// readers.
    #[must_use]
    pub fn from_text(text: &str) -> Source {
        let mut lines = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
            lines.push(rest[..end].to_owned());
            let after = &rest[end..];
            rest = after
                .strip_prefix("\r\n")
                .or_else(|| after.strip_prefix('\n'))
                .or_else(|| after.strip_prefix('\r'))
                .unwrap_or(after);
        }
        Source { lines }
    }

    /// Reads and decodes a file; `None` when it cannot be read or is not text.
    #[must_use]
    pub fn read(path: &Path) -> Option<Source> {
        std::fs::read(path)
            .ok()
            .and_then(|bytes| Source::from_bytes(&bytes))
    }

    /// Line `number` (from 1), without its terminator.
    #[must_use]
    pub fn line(&self, number: u32) -> Option<&str> {
        let index = usize::try_from(number.checked_sub(1)?).ok()?;
        self.lines.get(index).map(String::as_str)
    }
}

/// Which part of a file to explain or show: every `None` means "all".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The match, by its ordinal in the file.
    pub match_number: Option<u32>,
    /// The game number as written.
    pub game: Option<u32>,
    /// The move: the transcript's row number; in a record without row
    /// numbers (SGF), the ordinal of the action in the game.
    pub row: Option<u32>,
}

impl Place {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(m) = self.match_number {
            parts.push(format!("match {m}"));
        }
        if let Some(g) = self.game {
            parts.push(format!("game {g}"));
        }
        if let Some(r) = self.row {
            parts.push(format!("move {r}"));
        }
        parts.join(", ")
    }
}

/// Renders a file's findings and steps.
#[derive(Clone, Debug)]
pub struct Explainer<'a> {
    report: &'a FileReport,
    source: Option<&'a Source>,
    style: Style,
}

/// One note under a diagnostic: a label, a first line, more lines.
#[derive(Clone, Debug, Default)]
struct Note {
    label: &'static str,
    text: String,
    block: Vec<String>,
}

impl Note {
    fn new(label: &'static str, text: impl Into<String>) -> Note {
        Note {
            label,
            text: text.into(),
            block: Vec::new(),
        }
    }
}

/// Everything a diagnostic shows, from a finding or a replayed step.
#[derive(Clone, Debug)]
struct Diagnostic<'a> {
    label: Label,
    name: Option<String>,
    message: String,
    location: Location,
    match_number: u32,
    game: Option<u32>,
    row: Option<u32>,
    player: Option<&'a str>,
    text: &'a str,
    notes: Vec<Note>,
}

impl<'a> Explainer<'a> {
    /// An explainer of `report`, quoting lines from `source` when given.
    #[must_use]
    pub fn new(report: &'a FileReport, source: Option<&'a Source>, style: Style) -> Self {
        Explainer {
            report,
            source,
            style,
        }
    }

    /// Every finding of the file as a diagnostic, in input order, each
    /// followed by an empty line; an unreadable file gives one diagnostic
    /// with the reason.
    #[must_use]
    pub fn all(&self) -> String {
        let mut out = String::new();
        for finding in &self.report.findings {
            out.push_str(&self.finding(finding));
            out.push('\n');
        }
        out
    }

    /// One finding as a diagnostic (ending with a line break).
    #[must_use]
    pub fn finding(&self, finding: &Finding) -> String {
        let entry = catalogue::for_finding(finding.code, finding.kind);
        let family = entry.map_or_else(|| fallback_family(finding), |e| e.family);
        let mut notes = Vec::new();
        let stood = finding.stood.map(|stood| {
            if stood {
                Note::new(
                    "stood",
                    "the opponent rolled or doubled next, accepting the play as made",
                )
            } else {
                Note::new(
                    "contestable",
                    "the game ended before the opponent acted, so it could still be contested",
                )
            }
        });
        match family {
            Family::Play | Family::Record => {
                notes.extend(stood);
                if let Some(before) = &finding.before {
                    notes.push(self.board_note(
                        finding.match_number,
                        before,
                        finding.side,
                        finding.context.as_ref(),
                        finding.dice,
                    ));
                    if family == Family::Play
                        && let Some(legal) = &finding.legal
                    {
                        notes.push(legal_plays_note(legal));
                    }
                }
                notes.extend(typo_note(finding));
            }
            Family::Cube => {
                notes.extend(stood);
                if let Some(context) = &finding.context {
                    notes.push(Note::new(
                        "cube",
                        self.cube_text(finding.match_number, context),
                    ));
                    notes.push(Note::new(
                        "score",
                        self.score_text(context, finding.match_number, finding.game),
                    ));
                }
                if let Some(before) = &finding.before {
                    notes.push(self.board_note(
                        finding.match_number,
                        before,
                        finding.side,
                        finding.context.as_ref(),
                        finding.dice,
                    ));
                }
            }
            Family::Score => {
                notes.extend(stood);
                if let Some(context) = &finding.context {
                    notes.push(Note::new(
                        "score",
                        self.score_text(context, finding.match_number, finding.game),
                    ));
                    notes.push(Note::new(
                        "cube",
                        self.cube_text(finding.match_number, context),
                    ));
                }
            }
            Family::Reading => notes.extend(stood),
        }
        if let Some(entry) = entry {
            let what = if entry.rules.is_empty() {
                "says more"
            } else {
                "quotes the rule"
            };
            notes.push(Note::new(
                "help",
                format!("`bgaudit explain {}` {what}", entry.name()),
            ));
        }
        let name = finding.name();
        self.render(&Diagnostic {
            label: finding.severity.into(),
            name: Some(name),
            message: finding.message.clone(),
            location: finding.location,
            match_number: finding.match_number,
            game: finding.game,
            row: finding.row,
            player: finding.player.as_deref(),
            text: &finding.text,
            notes,
        })
    }

    /// The diagnostics at `place`; where nothing was found there, each
    /// action at that place with its position and, for a roll, its legal
    /// plays, saying it is in order. Needs a report replayed with
    /// [`crate::replay::Options::trace`] to show actions without findings.
    ///
    /// # Errors
    /// A message when the file holds no such game or move.
    pub fn place(&self, place: &Place) -> Result<String, String> {
        // The cells of the steps at `place`, worked out once.
        let cells: std::collections::HashSet<usize> = if place.row.is_some() {
            self.steps_at(place)
                .iter()
                .map(|(s, _)| s.location.byte)
                .collect()
        } else {
            std::collections::HashSet::new()
        };
        let findings: Vec<&Finding> = self
            .report
            .findings
            .iter()
            .filter(|f| self.finding_at(f, place, &cells))
            .collect();
        if place.game.is_none() && place.match_number.is_none() && place.row.is_none() {
            let all = self.all();
            if !all.is_empty() {
                return Ok(all);
            }
            // A clean file: say so, and what was checked.
            let (games, plays) = self
                .report
                .matches
                .iter()
                .fold((0, 0), |(g, p), m| (g + m.games, p + m.plays));
            let matches = self.report.matches.len();
            return Ok(format!(
                "{}: nothing found in {matches} {}, {games} {}, {plays} {} (`bgaudit show` prints its positions)\n",
                self.report.path,
                if matches == 1 { "match" } else { "matches" },
                if games == 1 { "game" } else { "games" },
                if plays == 1 { "play" } else { "plays" },
            ));
        }
        let steps = self.steps_at(place);
        if findings.is_empty() && steps.is_empty() {
            return Err(self.nothing_at(place));
        }
        let mut out = String::new();
        if findings.is_empty() && place.row.is_none() {
            let _ = writeln!(
                out,
                "{}: nothing found in {} (`bgaudit show` prints its positions)",
                self.report.path,
                place.describe()
            );
        } else if findings.is_empty() {
            for (step, row) in steps {
                out.push_str(&self.in_order(step, row));
                out.push('\n');
            }
        } else {
            for finding in findings {
                out.push_str(&self.finding(finding));
                out.push('\n');
            }
        }
        Ok(out)
    }

    /// Each action at `place` with the board before and after it (from the
    /// actor's side) and the findings at its cell. Needs a report replayed
    /// with [`crate::replay::Options::trace`].
    ///
    /// # Errors
    /// A message when the file holds no such game or move.
    pub fn show(&self, place: &Place) -> Result<String, String> {
        let steps = self.steps_at(place);
        if steps.is_empty() {
            return Err(self.nothing_at(place));
        }
        let trace = &self.report.trace;
        // The findings by the place of their cell, found once.
        let mut at_cell: std::collections::HashMap<usize, Vec<&Finding>> =
            std::collections::HashMap::new();
        for f in &self.report.findings {
            at_cell.entry(f.location.byte).or_default().push(f);
        }
        let mut out = String::new();
        for (step, row) in steps {
            let names = self.names(step.match_number);
            let mut title = format!("{}: {}", self.where_text(step, row), step.text);
            if !self.report.path.is_empty() {
                let _ = write!(
                    title,
                    "   ({}:{}:{})",
                    self.report.path, step.location.line, step.location.column
                );
            }
            let _ = writeln!(out, "{}", self.style.bold(&title));
            for f in at_cell
                .get(&step.location.byte)
                .into_iter()
                .flatten()
                .filter(|f| f.location == step.location)
            {
                let name = f.name();
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    self.style.label(
                        f.severity.into(),
                        &format!("{}[{name}]", f.severity.as_str())
                    ),
                    f.message
                );
            }
            match &step.before {
                Some(before) => {
                    out.push_str("before:\n");
                    let board = Board {
                        position: before,
                        mover: Some(step.side),
                        names: ByPlayer::new(&names.first, &names.second),
                        context: step.context.as_ref(),
                        dice: step.dice,
                        after: false,
                    };
                    for line in board.lines() {
                        let _ = writeln!(out, "{line}");
                    }
                }
                None => out.push_str("before: the position is not known here\n"),
            }
            match (&step.before, &step.after) {
                (_, None) => out.push_str("after: the position is not known here\n"),
                (Some(before), Some(after)) if before == after => {
                    out.push_str("after: no checker moved\n");
                }
                (_, Some(after)) => {
                    out.push_str("after:\n");
                    let context = after_context(trace, step);
                    let board = Board {
                        position: after,
                        mover: Some(step.side),
                        names: ByPlayer::new(&names.first, &names.second),
                        context: context.as_ref(),
                        dice: None,
                        after: true,
                    };
                    for line in board.lines() {
                        let _ = writeln!(out, "{line}");
                    }
                }
            }
            out.push('\n');
        }
        Ok(out)
    }

    /// The steps of the trace at `place`, in order, with their move
    /// numbers.
    fn steps_at(&self, place: &Place) -> Vec<(&'a TraceStep, Option<u32>)> {
        self.numbered()
            .into_iter()
            .filter(|(step, row)| {
                place.match_number.is_none_or(|m| m == step.match_number)
                    && place.game.is_none_or(|g| step.game == Some(g))
                    && place.row.is_none_or(|r| *row == Some(r))
            })
            .collect()
    }

    /// Every step with its move number: the row as written; in a game
    /// written without row numbers, the ordinal of the action.
    fn numbered(&self) -> Vec<(&'a TraceStep, Option<u32>)> {
        let trace = &self.report.trace;
        let mut has_rows: BTreeMap<(u32, Option<u32>), bool> = BTreeMap::new();
        for step in trace {
            *has_rows.entry((step.match_number, step.game)).or_default() |= step.row.is_some();
        }
        let mut ordinal: BTreeMap<(u32, Option<u32>), u32> = BTreeMap::new();
        trace
            .iter()
            .map(|step| {
                let key = (step.match_number, step.game);
                let n = ordinal.entry(key).or_insert(0);
                *n += 1;
                let row = if has_rows.get(&key).copied().unwrap_or(false) {
                    step.row
                } else {
                    Some(*n)
                };
                (step, row)
            })
            .collect()
    }

    fn finding_at(
        &self,
        finding: &Finding,
        place: &Place,
        cells: &std::collections::HashSet<usize>,
    ) -> bool {
        if place
            .match_number
            .is_some_and(|m| m != finding.match_number)
            || place.game.is_some_and(|g| finding.game != Some(g))
        {
            return false;
        }
        match place.row {
            None => true,
            Some(row) => {
                finding.row == Some(row)
                    || (finding.row.is_none() && cells.contains(&finding.location.byte))
            }
        }
    }

    /// Why nothing is at `place`: the games (or moves) the file does have.
    fn nothing_at(&self, place: &Place) -> String {
        let mut games: Vec<u32> = self
            .report
            .trace
            .iter()
            .filter(|s| place.match_number.is_none_or(|m| m == s.match_number))
            .filter_map(|s| s.game)
            .collect();
        games.sort_unstable();
        games.dedup();
        let path = &self.report.path;
        if let Some(game) = place.game
            && games.contains(&game)
        {
            let mut rows: Vec<u32> = self
                .numbered()
                .into_iter()
                .filter(|(s, _)| {
                    s.game == Some(game) && place.match_number.is_none_or(|m| m == s.match_number)
                })
                .filter_map(|(_, row)| row)
                .collect();
            rows.sort_unstable();
            rows.dedup();
            return format!(
                "{path}: no {} (game {game} has moves {})",
                place.describe(),
                ranges(&rows)
            );
        }
        let mut matches: Vec<u32> = self.report.trace.iter().map(|s| s.match_number).collect();
        matches.sort_unstable();
        matches.dedup();
        if let Some(m) = place.match_number
            && !matches.contains(&m)
            && !matches.is_empty()
        {
            format!("{path}: no match {m} (matches: {})", ranges(&matches))
        } else if games.is_empty() {
            format!(
                "{path}: no {}: the file holds no replayed game",
                place.describe()
            )
        } else {
            format!(
                "{path}: no {} (games: {})",
                place.describe(),
                ranges(&games)
            )
        }
    }

    /// An action without a finding: its position, its legal plays.
    fn in_order(&self, step: &TraceStep, row: Option<u32>) -> String {
        let mut notes = Vec::new();
        let message = match (&step.before, step.dice) {
            (Some(before), Some(roll)) => {
                let legal = crate::rules::legal_plays(before, roll);
                let count = legal.len();
                // An SGF move (`B[64aggk]`) is shown with its play in notation:
                // the legal play that reaches the position after it.
                let sgf = step.text.starts_with(['B', 'W']) && step.text.contains('[');
                let shown = match legal
                    .iter()
                    .find(|p| Some(&p.result) == step.after.as_ref())
                {
                    Some(p) if sgf && !p.play.steps().is_empty() => {
                        format!("`{}` ({roll}: {})", step.text, p.play)
                    }
                    _ => format!("`{}`", step.text),
                };
                notes.push(self.board_note(
                    step.match_number,
                    before,
                    Some(step.side),
                    step.context.as_ref(),
                    step.dice,
                ));
                let ranked = LegalPlays::ranked(
                    legal.iter().map(|p| p.play.to_string()),
                    step.written.as_ref(),
                );
                notes.push(legal_plays_note(&ranked));
                if count == 0 {
                    format!("{shown}: no legal play exists, the roll is lost")
                } else {
                    format!(
                        "{shown} is legal: one of {} legal play{}",
                        count,
                        if count == 1 { "" } else { "s" }
                    )
                }
            }
            (Some(before), None) => {
                if let Some(context) = &step.context {
                    notes.push(Note::new(
                        "cube",
                        self.cube_text(step.match_number, context),
                    ));
                }
                notes.push(self.board_note(
                    step.match_number,
                    before,
                    Some(step.side),
                    step.context.as_ref(),
                    None,
                ));
                format!("`{}`: no finding", step.text)
            }
            (None, _) => format!(
                "`{}` is not checked: the position is not known here",
                step.text
            ),
        };
        self.render(&Diagnostic {
            label: Label::Ok,
            name: None,
            message,
            location: step.location,
            match_number: step.match_number,
            game: step.game,
            row,
            player: Some(&step.player),
            text: &step.text,
            notes,
        })
    }

    /// `match 1, game 2, move 8, Marta`.
    fn where_text(&self, step: &TraceStep, row: Option<u32>) -> String {
        let mut parts = Vec::new();
        if step.match_number > 0 {
            parts.push(format!("match {}", step.match_number));
        }
        if let Some(g) = step.game {
            parts.push(format!("game {g}"));
        }
        if let Some(r) = row {
            parts.push(format!("move {r}"));
        }
        if !step.player.trim().is_empty() {
            parts.push(step.player.trim().to_owned());
        }
        parts.join(", ")
    }

    /// The players' names of match `number`, as written.
    fn names(&self, number: u32) -> ByPlayer<String> {
        self.report
            .matches
            .iter()
            .find(|m| m.number == number)
            .map_or_else(ByPlayer::default, |m| {
                ByPlayer::new(
                    m.players.first.name.trim().to_owned(),
                    m.players.second.name.trim().to_owned(),
                )
            })
    }

    fn name_of(&self, number: u32, side: Side) -> String {
        let name = self.names(number)[side].clone();
        if name.is_empty() {
            format!("the {side} player")
        } else {
            name
        }
    }

    fn board_note(
        &self,
        number: u32,
        position: &Position,
        mover: Option<Side>,
        context: Option<&Context>,
        dice: Option<crate::dice::Roll>,
    ) -> Note {
        let names = self.names(number);
        let mover = context.map(|c| c.mover).or(mover);
        let board = Board {
            position,
            mover,
            names: ByPlayer::new(&names.first, &names.second),
            context,
            dice,
            after: false,
        };
        let who = match mover {
            Some(side) => format!("{} (X)", self.name_of(number, side)),
            None => "the player on roll (X)".to_owned(),
        };
        let text = match dice {
            Some(roll) => format!("{who} to play {roll}"),
            None => format!("{who} to act"),
        };
        Note {
            label: "board",
            text,
            block: board.lines(),
        }
    }

    /// `2, owned by Omar`.
    fn cube_text(&self, number: u32, context: &Context) -> String {
        cube_state(context, |side| self.name_of(number, side))
    }

    fn score_text(&self, context: &Context, number: u32, game: Option<u32>) -> String {
        let names = ByPlayer::new(
            self.name_of(number, Side::First),
            self.name_of(number, Side::Second),
        );
        let at = game.map_or_else(String::new, |g| format!(" at the start of game {g}"));
        format!(
            "{} {}, {} {}{at} ({})",
            names.first,
            context.scores.first,
            names.second,
            context.scores.second,
            match_kind(context)
        )
    }

    /// Writes a diagnostic.
    fn render(&self, d: &Diagnostic<'_>) -> String {
        let style = self.style;
        let mut out = String::new();
        let head = match &d.name {
            Some(name) => format!("{}[{name}]", d.label.word()),
            None => d.label.word().to_owned(),
        };
        let _ = writeln!(
            out,
            "{}{}",
            style.label(d.label, &head),
            style.bold(&format!(": {}", d.message))
        );
        let line_text = if d.location.line > 0 {
            d.location.line.to_string()
        } else {
            String::new()
        };
        let pad = " ".repeat(line_text.len().max(1));
        let mut place = self.report.path.clone();
        if d.location.line > 0 {
            let _ = write!(place, ":{}", d.location.line);
            if d.location.column > 0 {
                let _ = write!(place, ":{}", d.location.column);
            }
        }
        let mut context = Vec::new();
        if d.match_number > 0 {
            context.push(format!("match {}", d.match_number));
        }
        if let Some(g) = d.game {
            context.push(format!("game {g}"));
        }
        if let Some(r) = d.row {
            context.push(format!("move {r}"));
        }
        if let Some(p) = d.player.map(str::trim).filter(|p| !p.is_empty()) {
            context.push(p.to_owned());
        }
        let context = if context.is_empty() {
            String::new()
        } else {
            format!("  ({})", context.join(", "))
        };
        let _ = writeln!(out, "{pad}{} {place}{context}", style.frame("-->"));
        if let Some(line) = self.source.and_then(|s| s.line(d.location.line)) {
            let (shown, start, width) = excerpt(line, d.location.column, d.text);
            let _ = writeln!(out, "{pad} {}", style.frame("|"));
            let _ = writeln!(
                out,
                "{} {}",
                style.frame(&format!("{line_text} |")),
                shown.trim_end()
            );
            let carets = "^".repeat(width.max(1));
            let _ = writeln!(
                out,
                "{pad} {} {}{}",
                style.frame("|"),
                " ".repeat(start),
                style.label(d.label, &carets)
            );
        }
        for note in &d.notes {
            let _ = writeln!(
                out,
                "{pad} {} {}{}",
                style.frame("="),
                style.bold(&format!("{}:", note.label)),
                if note.text.is_empty() {
                    String::new()
                } else {
                    format!(" {}", note.text)
                }
            );
            for line in &note.block {
                let _ = writeln!(out, "{pad}   {line}");
            }
        }
        out
    }
}

/// The context after `step`: that of the next action of the same game (the
/// cube may have turned), seen from `step`'s side; else `step`'s own.
fn after_context(trace: &[TraceStep], step: &TraceStep) -> Option<Context> {
    // `step` is an element of `trace`: its index from its address, so that
    // showing a whole file stays linear.
    let offset = (std::ptr::from_ref(step) as usize).checked_sub(trace.as_ptr() as usize)?
        / std::mem::size_of::<TraceStep>().max(1);
    let index = trace
        .get(offset)
        .filter(|s| std::ptr::eq(*s, step))
        .map(|_| offset)
        .or_else(|| trace.iter().position(|s| std::ptr::eq(s, step)))?;
    let next = trace
        .get(index + 1)
        .filter(|n| n.match_number == step.match_number && n.game == step.game)
        .and_then(|n| n.context)
        .or(step.context)?;
    Some(Context {
        mover: step.side,
        ..next
    })
}

/// The family of a code missing from the catalogue, from what it carries.
fn fallback_family(finding: &Finding) -> Family {
    if finding.before.is_some() {
        Family::Record
    } else if finding.context.is_some() {
        Family::Score
    } else {
        Family::Reading
    }
}

/// The typo analysis of a finding, when it was made.
fn typo_note(finding: &Finding) -> Option<Note> {
    let suggestion = finding.suggestion.as_deref().map(str::trim);
    match (finding.likely_typo, suggestion) {
        (Some(true), Some(s)) if !s.is_empty() => Some(Note::new(
            "probable transcription error",
            format!(
                "the record most probably meant `{s}`, which keeps the rest of the record \
                 consistent"
            ),
        )),
        (Some(true), _) => Some(Note::new(
            "probable transcription error",
            "a legal play close to the notation keeps the rest of the record consistent",
        )),
        (Some(false), _) => Some(Note::new(
            "not a typo",
            "the play as written is what the rest of the record follows",
        )),
        (None, Some(s)) if !s.is_empty() => Some(Note::new("suggestion", format!("`{s}`"))),
        (None, _) => None,
    }
}

/// The legal plays of a roll: all when few, else the count and the closest
/// to the play as written.
fn legal_plays_note(legal: &LegalPlays) -> Note {
    if legal.count == 0 {
        return Note::new("legal plays", "none: the roll cannot be played");
    }
    let quoted = legal
        .listed
        .iter()
        .map(|p| format!("`{p}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if legal.count <= ALL_PLAYS_UP_TO {
        Note::new("legal plays", format!("({}) {quoted}", legal.count))
    } else {
        let how = if legal.ranked {
            "closest to what was written"
        } else {
            "among them"
        };
        Note::new("legal plays", format!("{}; {how}: {quoted}", legal.count))
    }
}

/// The line to show (tabs expanded; a window around the cell when long),
/// the display column where the cell starts in it, and the cell's width.
fn excerpt(line: &str, column: u32, text: &str) -> (String, usize, usize) {
    let mut expanded = String::with_capacity(line.len());
    let mut width = 0usize;
    for c in line.chars() {
        if c == '\t' {
            let next = (width / 8 + 1) * 8;
            expanded.extend(std::iter::repeat_n(' ', next - width));
            width = next;
        } else {
            expanded.push(c);
            width += 1;
        }
    }
    let chars: Vec<char> = expanded.chars().collect();
    let start = usize::try_from(column.saturating_sub(1))
        .unwrap_or(0)
        .min(chars.len());
    let cell = text.lines().next().unwrap_or("").chars().count();
    let cell = cell.min(chars.len().saturating_sub(start)).max(1);
    if chars.len() <= MAX_LINE {
        return (expanded, start, cell);
    }
    let cell = cell.min(MAX_LINE / 2);
    let from = start.saturating_sub(30);
    let to = (start + cell + 30).min(chars.len());
    let mut shown = String::new();
    let mut offset = start - from;
    if from > 0 {
        shown.push_str("...");
        offset += 3;
    }
    shown.extend(&chars[from..to]);
    if to < chars.len() {
        shown.push_str("...");
    }
    (shown, offset, cell)
}

/// `1-3, 5, 7-9`.
fn ranges(numbers: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

/// What a code means: `bgaudit explain CODE`. `None` for an unknown name.
#[must_use]
pub fn explain_code(name: &str, style: Style) -> Option<String> {
    let entry = catalogue::lookup(name)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}",
        style.bold(&entry.name()),
        entry.group.title()
    );
    let _ = writeln!(out, "severity: {}", entry.severity_text());
    out.push('\n');
    for line in wrap(entry.meaning, WRAP - 2) {
        let _ = writeln!(out, "  {line}");
    }
    if entry.kind.is_none() {
        let kinds = catalogue::kinds(entry.code);
        if !kinds.is_empty() {
            out.push('\n');
            let _ = writeln!(
                out,
                "{} (`bgaudit explain {}/KIND` for one):",
                style.bold("kinds"),
                entry.code
            );
            for kind in kinds {
                let first = kind.meaning.split(". ").next().unwrap_or(kind.meaning);
                let first = first.trim_end_matches('.');
                let text = format!(
                    "{} ({}): {first}.",
                    kind.kind.map_or("", Kind::as_str),
                    kind.severity
                );
                for (i, line) in wrap(&text, WRAP - 4).into_iter().enumerate() {
                    let _ = writeln!(out, "{}{line}", if i == 0 { "  " } else { "    " });
                }
            }
        }
    }
    out.push('\n');
    if entry.rules.is_empty() {
        let _ = writeln!(
            out,
            "{} none of the game: the transcript cannot be read as written.",
            style.bold("rule:")
        );
    } else {
        let _ = writeln!(
            out,
            "{}",
            style.bold("the rule, as the rules the tool enforces state it (rules.md):")
        );
        let mut section = "";
        for quote in entry.rules {
            if quote.section != section {
                let _ = writeln!(out, "  {}", quote.section);
                section = quote.section;
            }
            for line in wrap(quote.text, WRAP - 4) {
                let _ = writeln!(out, "  > {line}");
            }
        }
    }
    out.push('\n');
    let _ = writeln!(out, "{}", style.bold("example:"));
    let _ = writeln!(out, "  {}", entry.example);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{file, finding};

    #[test]
    fn source_lines_end_at_lf_crlf_or_a_lone_cr() {
        let source = Source::from_text("a\r\nb\rc\n\nd");
        assert_eq!(source.line(1), Some("a"));
        assert_eq!(source.line(2), Some("b"));
        assert_eq!(source.line(3), Some("c"));
        assert_eq!(source.line(4), Some(""));
        assert_eq!(source.line(5), Some("d"));
        assert_eq!(source.line(0), None);
        assert_eq!(source.line(6), None);
        assert!(Source::from_bytes(b"\0\0\0binary").is_none());
    }

    #[test]
    fn a_long_line_is_cut_to_a_window_around_the_cell() {
        let (shown, start, width) = excerpt("\t52: 8/4", 9, "52: 8/4");
        assert_eq!((shown.as_str(), start, width), ("        52: 8/4", 8, 7));
        let line = format!("{}W[31hdfe]{}", "x".repeat(200), "y".repeat(200));
        let (shown, start, width) = excerpt(&line, 201, "W[31hdfe]");
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(&shown[start..start + width], "W[31hdfe]");
        assert!(shown.len() < MAX_LINE);
    }

    #[test]
    fn a_finding_without_a_line_names_its_file_only() {
        let mut f = finding(
            "illegal-play",
            Some("wrong-dice"),
            Severity::Error,
            Side::First,
            "Alice",
            0,
        );
        f.location.column = 0;
        let report = file("a.mat", ["Alice", "Bob"], vec![f.clone()]);
        let text = Explainer::new(&report, None, Style::plain()).finding(&f);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "error[illegal-play/wrong-dice]: illegal-play here"
        );
        assert_eq!(lines[1], " --> a.mat  (match 1, game 2, move 7, Alice)");
        assert!(lines[2].starts_with("  = stood:"), "{text}");
        // No context: the board has no scores, the IDs are a money game's.
        assert!(
            text.contains("X Alice: pips 167, off 0; to play 52"),
            "{text}"
        );
        // Few legal plays: all of them, the closest to `13/7 13/12` first.
        assert!(text.contains("= legal plays: (8) `13/8 13/11`, "), "{text}");
    }

    #[test]
    fn numbers_are_written_as_ranges_and_text_is_wrapped() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[]), "");
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    }
}
