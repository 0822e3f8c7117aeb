//! Readers: transcript text to a stream of syntax events. No rules here.
//!
//! A reader walks one file and calls a [`Visitor`] in reading order:
//!
//! 1. [`Visitor::begin_match`] once per match (a `.mat` file may hold several;
//!    an SGF collection is one match);
//! 2. for each game: [`Visitor::begin_game`], then [`Visitor::action`] once
//!    per cell or node (rolls with their plays, cube actions, results,
//!    position set-ups), then [`Visitor::end_game`];
//! 3. [`Visitor::end_match`].
//!
//! [`Visitor::problem`] (unreadable cells, bad headers, numbering, encoding)
//! and [`Visitor::comment`] may come at any point. Every event carries the
//! [`Location`] of its text and the text as written. The reader keeps going
//! after any problem: a bad cell never loses the rest of the file.
//!
//! eXtreme Gammon's binary files are read by [`xg`]: [`decode`] recognises
//! them by their magic number and [`read_input`] gives their events like a
//! text's; their locations have no line (see [`Location`]).

pub(crate) mod decoder;
pub mod identify;
pub mod mat;
pub mod match_text;
pub mod matches;
pub mod plan;
pub mod producer;
pub mod rows;
pub mod sgf;
pub mod stray;
pub mod text;
pub mod xg;

pub use crate::location::Location;
pub use identify::is_sgf;

use crate::catalogue::Code;
use crate::dice::Roll;
use crate::notation::PlayNotation;
use crate::side::{ByPlayer, Side};

/// The transcript formats the readers know.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The Jellyfish `.mat` text family.
    Mat,
    /// GNU Backgammon SGF (`GM[6]`).
    Sgf,
    /// eXtreme Gammon's binary match file (`.xg`).
    Xg,
}

/// One `; [Key "value"]` header tag (or its SGF equivalent), as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The key, e.g. `Crawford`, `Player 1 Elo`.
    pub key: &'a str,
    /// The value without quotes.
    pub value: &'a str,
    /// Where the tag line starts.
    pub location: Location,
}

/// The start of a match or money session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchHeader<'a> {
    /// Where the `N point match` line (SGF: the first root node) is.
    pub location: Location,
    /// Match length in points; 0 = money session.
    pub length: u32,
    /// Header tags in file order. SGF `RU` words appear as `Crawford`,
    /// `Jacoby`, `CubeLimit`, `Variation` tags.
    pub tags: Vec<Tag<'a>>,
    /// The format read.
    pub format: Format,
}

impl MatchHeader<'_> {
    /// The value of the first tag with this key (case-insensitive).
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case(key))
            .map(|t| t.value)
    }
}

/// A player as named on a score line (or SGF `PW`/`PB`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerName<'a> {
    /// The name as written, without a trailing rating.
    pub name: &'a str,
    /// A rating written after the name (`nori,1723` gives `1723`).
    pub rating: Option<&'a str>,
}

/// The start of a game: its header and score line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHeader<'a> {
    /// Where the `Game N` line (SGF: the root node) is.
    pub location: Location,
    /// The game number as written (1-based; SGF `MI[game:i]` + 1).
    pub number: Option<u32>,
    /// Where the score line is (same as `location` in SGF).
    pub score_location: Location,
    /// The players, left column first.
    pub names: ByPlayer<PlayerName<'a>>,
    /// The scores at the start of the game, as written.
    pub scores: ByPlayer<Option<u32>>,
    /// The record says whether this is the Crawford game (SGF
    /// `RU[..:CrawfordGame]`); `None` when it does not say.
    pub crawford: Option<bool>,
    /// The cube value the game starts with, when the record says (SGF root `CV`).
    pub initial_cube: Option<u32>,
}

/// A position written into the record: an `Illegal play (...)` dump, a
/// `; Set Pos=` line or an SGF set-up node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDump {
    /// The board in the frame of `positive` (see [`crate::position`]):
    /// `points[25]` is his bar, `points[0]` the other's bar (negative).
    pub points: [i8; 26],
    /// Whose checkers are the positive counts. For an `Illegal play` dump
    /// this is the player to roll next.
    pub positive: Side,
    /// Cube value and owner (`None` = centred), when the dump says.
    pub cube: Option<(u32, Option<Side>)>,
    /// The dice of the next roll, when the dump says.
    pub next_dice: Option<Roll>,
    /// Scores, when the dump says.
    pub scores: Option<ByPlayer<u32>>,
}

/// What follows the dice of a roll cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A play in notation.
    Moves(PlayNotation),
    /// Nothing written after the dice (`52:`).
    Empty,
    /// `Cannot Move`, `Can't Move`.
    CannotMove,
    /// `???`, `????`: the play is hidden.
    Hidden,
    /// `Illegal play (...)`: the position after the play, if a dump follows.
    Dump(Option<Box<BoardDump>>),
    /// `Concedes`, `Resigns` after the dice (Backgammon Studio): the roller
    /// conceded the game instead of playing.
    Conceded,
}

/// How a resignation was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resignation {
    /// `Resign normal` (1), `gammon` (2), `backgammon` (3), in the
    /// resigner's column.
    Level(u8),
    /// `Resigns`, `Concedes`; SGF `resign`: in the resigner's column, level
    /// not given.
    Game,
    /// `Resigned Game` (OpenGammon): the resignation as the player of the
    /// column accepted it, his opponent having resigned; level not given.
    AcceptedGame,
    /// `Resigned Match` (OpenGammon): the opponent conceded the whole match
    /// to the player of the column.
    AcceptedMatch,
}

/// One action as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A roll and what was played. `dice` is `None` for `00:` (nothing rolled).
    Roll {
        /// The dice as written.
        dice: Option<Roll>,
        /// The play.
        play: Written,
    },
    /// `Doubles => N` (N as written, if any).
    Double(Option<u32>),
    /// `Beavers => N`.
    Beaver(Option<u32>),
    /// `Raccoons => N`.
    Raccoon(Option<u32>),
    /// `Takes`, `Accepts`.
    Take,
    /// `Drops`, `Passes`, `Rejects`.
    Drop,
    /// `Wins N point(s) [and the match]`; SGF `RE`. `resigned` when the
    /// record marks the game as resigned (SGF `R`).
    Win {
        /// Points written.
        points: Option<u32>,
        /// `and the match` was written.
        and_match: bool,
        /// The record says the game ended by resignation.
        resigned: bool,
    },
    /// `Losses N point` (Backgammon Galaxy).
    Loss(Option<u32>),
    /// A resignation cell.
    Resign(Resignation),
    /// A position set-up (`; Set Pos=`, SGF `AE`/`AB`/`AW`).
    SetPosition(Box<BoardDump>),
}

/// One cell or node of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action<'a> {
    /// Where the cell starts.
    pub location: Location,
    /// The column (SGF: `W` is first, `B` second). For `SetPosition` from a
    /// `.mat` line this is `First`.
    pub side: Side,
    /// The row number as written (`12)`), if any.
    pub row: Option<u32>,
    /// The cell exactly as written, trimmed.
    pub text: &'a str,
    /// What it says.
    pub kind: ActionKind,
}

/// The analysis a record carries for one decision or roll (an analysed SGF's
/// `A`, `DA`, `LU` properties; an `.xg` file's move and cube records), with
/// its numbers as written. Given just before the action it concerns (a
/// checker play's: just after it).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Where the analysis is written (SGF: its property).
    pub location: Location,
    /// The decision and the engine's figures.
    pub decision: crate::skill::Decision,
    /// How deeply the engine looked, as the record says.
    pub depth: Option<crate::skill::Depth>,
    /// A checker play's best candidate, in the mover's numbering, when the
    /// record spells it.
    pub best: Option<PlayNotation>,
}

/// A comment line inside the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Comment<'a> {
    /// Where it starts.
    pub location: Location,
    /// The text as written.
    pub text: &'a str,
}

/// The kinds of reading problem, named after their finding codes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// Not a transcript at all (binary, undecodable, no match): `unreadable`.
    Unreadable,
    /// A cell that is no roll, cube action or result: `unparsable-cell`.
    UnparsableCell,
    /// A missing or garbled `Game N` or score line: `bad-header`.
    BadHeader,
    /// Row or game numbers out of sequence: `numbering`.
    Numbering,
    /// Not UTF-8, read as Windows-1252: `encoding`.
    Encoding,
    /// Something skipped on purpose (an SGF variation, a property): `skipped`.
    Skipped,
    /// Valid in its format but not modelled (an SGF board edit that changes
    /// only some points): the position after it is unknown: `unsupported`.
    Unsupported,
    /// NUL bytes or other binary bytes inside a text transcript (a damaged
    /// file): `binary-data`.
    BinaryData,
}

impl ProblemKind {
    /// The finding code.
    #[must_use]
    pub const fn code(self) -> Code {
        match self {
            ProblemKind::Unreadable => Code::Unreadable,
            ProblemKind::UnparsableCell => Code::UnparsableCell,
            ProblemKind::BadHeader => Code::BadHeader,
            ProblemKind::Numbering => Code::Numbering,
            ProblemKind::Encoding => Code::Encoding,
            ProblemKind::Skipped => Code::Skipped,
            ProblemKind::Unsupported => Code::Unsupported,
            ProblemKind::BinaryData => Code::BinaryData,
        }
    }
}

/// A reading problem with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem<'a> {
    /// Where.
    pub location: Location,
    /// What kind.
    pub kind: ProblemKind,
    /// The text concerned, as written (may be empty).
    pub text: &'a str,
    /// One sentence: what was expected.
    pub message: String,
    /// The column the text was in, when it was in one.
    pub side: Option<Side>,
    /// The row number, when known.
    pub row: Option<u32>,
}

impl Problem<'_> {
    /// A problem about the whole input, located at its start.
    #[must_use]
    pub fn at_start(kind: ProblemKind, message: impl Into<String>) -> Self {
        Problem {
            location: Location::START,
            kind,
            text: "",
            message: message.into(),
            side: None,
            row: None,
        }
    }
}

/// Receives a reader's events. See the module docs for the call order.
///
/// `'a` is the lifetime of the text being read: the events borrow from it,
/// so a visitor may keep them (the replayer keeps one game's actions).
pub trait Visitor<'a> {
    /// A match starts.
    fn begin_match(&mut self, header: &MatchHeader<'a>) {
        let _ = header;
    }
    /// A game starts.
    fn begin_game(&mut self, header: &GameHeader<'a>) {
        let _ = header;
    }
    /// One cell or node.
    fn action(&mut self, action: &Action<'a>) {
        let _ = action;
    }
    /// The current game ends; `last` is the location just after its last line.
    fn end_game(&mut self, last: Location) {
        let _ = last;
    }
    /// The current match ends.
    fn end_match(&mut self, last: Location) {
        let _ = last;
    }
    /// A comment line.
    fn comment(&mut self, comment: &Comment<'a>) {
        let _ = comment;
    }
    /// The analysis of a decision or roll. Readers give it only for records
    /// that carry one. Handed over, not lent: the replay keeps it.
    fn analysis(&mut self, analysis: Analysis) {
        let _ = analysis;
    }
    /// A reading problem.
    fn problem(&mut self, problem: &Problem<'a>) {
        let _ = problem;
    }
}

/// Decodes `bytes`, recognises the format by content and reads it into
/// `visitor`. Returns the format, or `None` when the input is not a
/// transcript (the visitor then got one [`ProblemKind::Unreadable`] problem).
///
/// For a visitor that keeps borrowed events, [`decode`] and call
/// [`read_input`].
pub fn read<V>(bytes: &[u8], visitor: &mut V) -> Option<Format>
where
    V: for<'a> Visitor<'a>,
{
    match decode(bytes) {
        Ok(input) => read_input(&input, visitor),
        Err(text::Unreadable(message)) => {
            visitor.problem(&Problem::at_start(ProblemKind::Unreadable, message));
            None
        }
    }
}

/// An input decoded and ready to read: text, or an eXtreme Gammon match.
#[derive(Clone, Debug)]
pub enum Input<'b> {
    /// A text transcript (`.mat`, SGF, or no transcript at all).
    Text(text::Decoded<'b>),
    /// An eXtreme Gammon binary match.
    Xg(Box<xg::XgMatch>),
}

/// Decodes a file's bytes: an eXtreme Gammon file by its magic number
/// (`RGMH`), anything else as text ([`text::decode`]).
///
/// # Errors
/// [`text::Unreadable`] with the reason, for binary data that is no
/// eXtreme Gammon match or an eXtreme Gammon file that cannot be read.
pub fn decode(bytes: &[u8]) -> Result<Input<'_>, text::Unreadable> {
    if identify::is_xg(bytes) {
        return xg::decode(bytes)
            .map(|m| Input::Xg(Box::new(m)))
            .map_err(|e| text::Unreadable(e.to_string()));
    }
    text::decode(bytes).map(Input::Text)
}

/// Reads a decoded input into `visitor`, which may keep the events (they
/// borrow from `input`). See [`read`].
pub fn read_input<'a>(input: &'a Input<'_>, visitor: &mut impl Visitor<'a>) -> Option<Format> {
    match input {
        Input::Text(decoded) => read_decoded(decoded, visitor),
        Input::Xg(decoded) => {
            decoded.read(visitor);
            Some(Format::Xg)
        }
    }
}

/// Reads decoded text into `visitor`, which may keep the events (they
/// borrow from `decoded`). See [`read`].
///
/// Runs of lines holding binary bytes (a damaged file, see [`stray`]) are
/// [`ProblemKind::BinaryData`] problems, given in reading order among the
/// reader's events.
pub fn read_decoded<'a>(
    decoded: &'a text::Decoded<'_>,
    visitor: &mut impl Visitor<'a>,
) -> Option<Format> {
    let note = decoded
        .encoding
        .note()
        .map(|message| Problem::at_start(ProblemKind::Encoding, message));
    let text: &'a str = decoded.text.as_ref();
    let runs = if decoded.suspect {
        stray::stray_runs(text)
    } else {
        Vec::new()
    };
    if runs.is_empty() {
        return read_text(text, visitor, note.as_ref());
    }
    let mut interleaved = Interleaved {
        visitor,
        runs: &runs,
        next: 0,
    };
    let format = read_text(text, &mut interleaved, note.as_ref());
    // Runs after the last event, or in a text that is no transcript.
    if format.is_some() {
        interleaved.flush_before(usize::MAX);
    }
    format
}

/// Reads text as SGF or `.mat`, the note (an encoding note) first when the
/// text is a transcript.
fn read_text<'a>(
    text: &'a str,
    visitor: &mut impl Visitor<'a>,
    note: Option<&Problem<'a>>,
) -> Option<Format> {
    if is_sgf(text) {
        if let Some(note) = note {
            visitor.problem(note);
        }
        sgf::read(text, visitor);
        Some(Format::Sgf)
    } else {
        // The `.mat` reader passes the note on only if the text is a
        // transcript, so that a non-transcript gives one problem only.
        mat::read_noted(text, visitor, note).then_some(Format::Mat)
    }
}

/// A visitor that gives the problems of stray binary runs to `visitor` in
/// reading order: each before the first event at or after its place.
struct Interleaved<'r, V> {
    pub(crate) visitor: &'r mut V,
    pub(crate) runs: &'r [stray::StrayRun],
    pub(crate) next: usize,
}

impl<'a, V: Visitor<'a>> Interleaved<'_, V> {
    /// Gives the runs that start at or before byte `byte`: tested inline,
    /// since almost every event has none before it.
    #[inline]
    pub(crate) fn flush_before(&mut self, byte: usize) {
        if self
            .runs
            .get(self.next)
            .is_some_and(|run| run.location.byte <= byte)
        {
            self.flush_runs(byte);
        }
    }

    /// [`Interleaved::flush_before`] once a run is due.
    #[cold]
    #[inline(never)]
    fn flush_runs(&mut self, byte: usize) {
        while let Some(run) = self.runs.get(self.next) {
            if run.location.byte > byte {
                break;
            }
            self.next += 1;
            self.visitor.problem(&Problem {
                location: run.location,
                kind: if run.cut_line.is_some() {
                    ProblemKind::UnparsableCell
                } else {
                    ProblemKind::BinaryData
                },
                text: "",
                message: run.message(),
                side: None,
                row: None,
            });
        }
    }
}

impl<'a, V: Visitor<'a>> Visitor<'a> for Interleaved<'_, V> {
    fn begin_match(&mut self, header: &MatchHeader<'a>) {
        let first = header
            .tags
            .iter()
            .map(|t| t.location.byte)
            .fold(header.location.byte, usize::min);
        self.flush_before(first);
        self.visitor.begin_match(header);
    }
    fn begin_game(&mut self, header: &GameHeader<'a>) {
        self.flush_before(header.location.byte);
        self.visitor.begin_game(header);
    }
    fn action(&mut self, action: &Action<'a>) {
        self.flush_before(action.location.byte);
        self.visitor.action(action);
    }
    fn end_game(&mut self, last: Location) {
        self.flush_before(last.byte);
        self.visitor.end_game(last);
    }
    fn end_match(&mut self, last: Location) {
        self.flush_before(last.byte);
        self.visitor.end_match(last);
    }
    fn comment(&mut self, comment: &Comment<'a>) {
        self.flush_before(comment.location.byte);
        self.visitor.comment(comment);
    }
    fn analysis(&mut self, analysis: Analysis) {
        self.flush_before(analysis.location.byte);
        self.visitor.analysis(analysis);
    }
    fn problem(&mut self, problem: &Problem<'a>) {
        // A problem at the start of the input (a note) comes first.
        if problem.location != Location::START {
            self.flush_before(problem.location.byte);
        }
        if self.covers(problem) {
            return;
        }
        self.visitor.problem(problem);
    }
}

impl<V> Interleaved<'_, V> {
    /// Whether `problem` is a line (not a cell of a row, which stands for a
    /// player's turn) of nothing but binary bytes and blanks inside a stray
    /// run: the run's finding says all there is (a file padded with zeros
    /// gives one finding, not one per line).
    fn covers(&self, problem: &Problem<'_>) -> bool {
        if problem.side.is_some()
            || !matches!(
                problem.kind,
                ProblemKind::UnparsableCell | ProblemKind::BadHeader
            )
            || !problem.text.bytes().any(stray::is_binary)
            || !problem
                .text
                .bytes()
                .all(|b| stray::is_binary(b) || b.is_ascii_whitespace())
        {
            return false;
        }
        let line = problem.location.line;
        let after = self.runs.partition_point(|run| run.location.line <= line);
        after
            .checked_sub(1)
            .and_then(|i| self.runs.get(i))
            .is_some_and(|run| line <= run.last_line)
    }
}
