//! The Jellyfish `.mat` family reader.
//!
//! The format was never specified and at least eight programs write their
//! own dialect of it (GNU Backgammon, Jellyfish, GamesGrid, Snowie, eXtreme
//! Gammon and Backgammon Studio, Backgammon Galaxy, OpenGammon and Foxamon,
//! choue.net, DailyGammon). The reader accepts all of them and knows syntax
//! only: it never judges a play.
//!
//! A file is one or more matches, each opened by a match line (`7 point
//! match`, `0 point match`, `Money session`). The comment and tag lines just
//! before a match line are that match's header. For each match the reader
//! first walks its rows to learn where the right column starts (see
//! `layout`), then walks them again and calls the visitor:
//!
//! 1. [`Visitor::begin_match`] with the header tags, then a
//!    [`Visitor::comment`] for each other header line (remark boxes, notes);
//! 2. per game: [`Visitor::begin_game`] with the `Game N` and score lines,
//!    [`Visitor::action`] per cell in reading order (row by row, left cell
//!    first) and per `; Set Pos=` line, [`Visitor::comment`] per comment
//!    line, then [`Visitor::end_game`] at the next `Game N` line, match line
//!    or the end of the text;
//! 3. [`Visitor::end_match`].
//!
//! Problems come where they are met: a cell that cannot be read
//! ([`ProblemKind::UnparsableCell`], and reading goes on with the next
//! cell), a missing or garbled `Game N` or score line
//! ([`ProblemKind::BadHeader`]), rows or games out of sequence
//! ([`ProblemKind::Numbering`]). Text without any match line gives one
//! [`ProblemKind::Unreadable`] problem and nothing else.
//!
//! Memory: besides the text, the reader holds one match's header tags and
//! the lines of one match with the cell layout of its rows (so that the
//! second walk does not cut them again); nothing else grows with the input.

mod cell;
mod dump;
mod header;
mod layout;
mod lines;

use self::dump::Frame;
use self::layout::{CellRoll, ColumnLearner, InnerNumber, PlainRow, RowLayout, Said};
use self::lines::{Line, Lines};
use super::{
    Action, ActionKind, Comment, Format, GameHeader, Location, MatchHeader, PlayerName, Problem,
    ProblemKind, Tag, Visitor, Written,
};
use crate::side::{ByPlayer, Side};

/// Reads `.mat` text and calls `visitor` in reading order.
pub fn read<'a>(text: &'a str, visitor: &mut impl Visitor<'a>) {
    read_noted(text, visitor, None);
}

/// Reads `.mat` text; `note` (an encoding note) is passed on first, unless
/// the text is no transcript. Returns false when the text holds no match line
/// (the visitor then got one [`ProblemKind::Unreadable`] problem only).
pub(crate) fn read_noted<'a>(
    text: &'a str,
    visitor: &mut impl Visitor<'a>,
    note: Option<&Problem<'a>>,
) -> bool {
    read_rows(text, visitor, note, true)
}

/// [`read_noted`]; `fast_rows`: the common rows are cut and read in one
/// pass ([`layout::split_plain_row`]), else every row takes the general
/// path (the events are the same: tests compare them).
fn read_rows<'a>(
    text: &'a str,
    visitor: &mut impl Visitor<'a>,
    note: Option<&Problem<'a>>,
    fast_rows: bool,
) -> bool {
    let start = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let first = Lines::new(text, start, 1)
        .find_map(|line| header::match_line(line.text).map(|length| (line, length)));
    let Some(mut current) = first else {
        const NO_MATCH: &str = "no `N point match` or `Money session` line: not a .mat transcript";
        if let Some((line, digits)) = Lines::new(text, start, 1)
            .find_map(|line| header::oversized_length(line.text).map(|digits| (line, digits)))
        {
            visitor.problem(&Problem {
                location: line.first_location(),
                kind: ProblemKind::Unreadable,
                text: line.text.trim(),
                message: format!(
                    "the match length {digits} is out of range (at most {})",
                    u32::MAX
                ),
                side: None,
                row: None,
            });
            return false;
        }
        let message = match super::identify::other_text(text) {
            Some(what) => what.to_owned(),
            None => NO_MATCH.to_owned(),
        };
        visitor.problem(&Problem::at_start(ProblemKind::Unreadable, message));
        return false;
    };
    if let Some(note) = note {
        visitor.problem(note);
    }
    let mut header_start = (start, 1);
    // Room for the lines of a match of a few hundred rows.
    let mut lines = Vec::with_capacity((text.len() / 40).clamp(16, 1024));
    // The roll cells read while their rows were cut.
    let mut rolls = Vec::with_capacity((text.len() / 20).clamp(16, 2048));
    // The other move rows' cells, cut in the first walk.
    let mut layouts = Vec::new();
    loop {
        let (match_line, length) = current;
        let body = scan_body(
            text,
            &match_line,
            &mut lines,
            &mut layouts,
            fast_rows.then_some(&mut rolls),
        );
        let mut reader = MatchReader {
            visitor: &mut *visitor,
            rolls: &rolls,
            threshold: body.threshold,
            phase: Phase::Idle,
            next_game: 1,
            alt_game: None,
            held: None,
            last: Last::At(match_line.end_location()),
        };
        reader.header(text, header_start, &match_line, length);
        for kept in lines.get(..body.lines).unwrap_or_default() {
            match kept {
                Kept::Plain(line, row) => reader.plain(line, row),
                Kept::Row(line, index) => reader.line(line, layouts.get(*index)),
                Kept::Other(line) => reader.line(line, None),
            }
        }
        reader.finish();
        match body.next {
            Some(next) => {
                header_start = body.end;
                current = next;
            }
            None => break,
        }
    }
    true
}

/// A line of a match's body as the first walk keeps it.
enum Kept<'a> {
    /// A common row, read as it was cut ([`layout::split_plain_row`]).
    Plain(Line<'a>, PlainRow),
    /// Any other move row, with where its cells are in the list of
    /// layouts (kept apart: a layout is larger than a common row, and
    /// every kept line would take its room).
    Row(Line<'a>, usize),
    /// Any other line.
    Other(Line<'a>),
}

/// What the first walk over a match's body found.
struct Body<'a> {
    /// Column threshold of the right cells (0-based).
    threshold: u32,
    /// How many of the kept lines are the body's (the others head the
    /// next match).
    lines: usize,
    /// With `next`, where the body ends: byte offset and line number of the
    /// next match's header (else of no meaning).
    end: (usize, u32),
    /// The next match line and its length.
    next: Option<(Line<'a>, u32)>,
}

/// Walks the body of a match (from after its match line): learns the column
/// threshold, keeps its lines in `lines` with their rows cut into cells
/// (the common rows' in the line, any other row's in `layouts`; and in
/// `rolls`, when given, the roll cells read while cutting the common
/// rows), and finds the next match line. The comment and blank lines right before
/// that match line are its header, not this body.
fn scan_body<'a>(
    text: &'a str,
    match_line: &Line<'a>,
    lines: &mut Vec<Kept<'a>>,
    layouts: &mut Vec<RowLayout>,
    mut rolls: Option<&mut Vec<CellRoll>>,
) -> Body<'a> {
    lines.clear();
    layouts.clear();
    if let Some(rolls) = rolls.as_mut() {
        rolls.clear();
    }
    let mut learner = ColumnLearner::default();
    // The run of blank and comment lines so far: where it starts, and how
    // many lines were kept before it.
    let mut run: Option<((usize, u32), usize)> = None;
    let mut walk = Lines::new(text, match_line.next, match_line.number.saturating_add(1));
    // The common row read last (its fields are all set when it reads).
    let mut plain = PlainRow::default();
    loop {
        // The common row: its line found while it is read.
        if let Some(rolls) = rolls.as_mut()
            && let Some(len) = layout::split_plain_row(walk.rest(), &mut plain, rolls)
        {
            let line = walk.next_plain(len);
            learner.add_plain(&plain);
            lines.push(Kept::Plain(line, plain));
            run = None;
            continue;
        }
        let Some(line) = walk.next() else { break };
        let trimmed = line.trim_start();
        if trimmed.is_empty() || is_comment(trimmed) {
            run.get_or_insert(((line.start, line.number), lines.len()));
            lines.push(Kept::Other(line));
            continue;
        }
        // The row is cut where it is kept. A move row is no match line.
        let mut layout = RowLayout::default();
        if layout::split_row_into(line.text, &mut layout) {
            learner.add(&line, &layout);
            lines.push(Kept::Row(line, layouts.len()));
            layouts.push(layout);
        } else if let Some(length) = header::match_line(line.text) {
            let (end, kept) = run.unwrap_or(((line.start, line.number), lines.len()));
            return Body {
                threshold: learner.threshold(),
                lines: kept,
                end,
                next: Some((line, length)),
            };
        } else {
            lines.push(Kept::Other(line));
        }
        run = None;
    }
    Body {
        threshold: learner.threshold(),
        lines: lines.len(),
        // No match follows: nothing reads it.
        end: (text.len(), 0),
        next: None,
    }
}

/// In a cell's `text` (starting at byte `start` of `line`), the first gap of
/// two blanks or more after which the text reaches column `threshold` (the
/// right column): the gap's start and the right part's start, in `text`.
fn right_part(line: &Line<'_>, start: usize, text: &str, threshold: u32) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let blank = |b: u8| b == b' ' || b == b'\t';
    let mut i = 0;
    while i + 1 < bytes.len() {
        if blank(bytes[i]) && blank(bytes[i + 1]) {
            let mut j = i;
            while j < bytes.len() && blank(bytes[j]) {
                j += 1;
            }
            if j < bytes.len() && line.location(start + j).column.saturating_sub(1) >= threshold {
                return Some((i, j));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    None
}

/// The digits of a row number at the start of `text`.
fn number_text(text: &str) -> &str {
    text.split(')').next().unwrap_or_default().trim()
}

/// How a line counts when a text is cut into its matches ahead of reading
/// ([`crate::parse::matches`]), line by line, as [`read`] cuts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// A blank or comment line: the header of a match if one follows.
    Filler,
    /// A match line that opens the next match.
    Match,
    /// Anything else: the body of the current match.
    Body,
}

/// The first match of a text opens at its first match line, wherever it
/// is (`line` without its terminator).
pub(crate) fn is_match_line(line: &str) -> bool {
    header::match_line(line).is_some()
}

/// The lines of `text` as the reader cuts them (LF, CRLF and a lone CR
/// end a line): each line's text without its terminator, and its byte
/// offset.
#[cfg(test)]
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (&str, usize)> {
    Lines::new(text, 0, 1).map(|line| (line.text, line.start))
}

/// How `line` (without its terminator) counts after a match line: see
/// [`Cut`]. A move row is never a match line.
pub(crate) fn cut(line: &str) -> Cut {
    // As the reader trims its lines.
    let trimmed = lines::trim_start(line);
    if trimmed.is_empty() || is_comment(trimmed) {
        Cut::Filler
    } else if is_match_line(line) && !layout::split_row_into(line, &mut RowLayout::default()) {
        Cut::Match
    } else {
        Cut::Body
    }
}

/// Comment lines: `;`, `#`, and the frame of a remark box.
fn is_comment(trimmed: &str) -> bool {
    matches!(
        trimmed.as_bytes(),
        [b';' | b'#' | b'|', ..] | [b'+', b'-', ..]
    )
}

/// The text after `; Set Pos=`, if the line is one.
fn set_pos(trimmed: &str) -> Option<&str> {
    let rest = trimmed.strip_prefix(';')?.trim_start();
    let head = rest.get(..8)?;
    head.eq_ignore_ascii_case("set pos=")
        .then(|| rest.get(8..))?
}

/// Where the reader is inside a match.
#[derive(Clone, Debug)]
enum Phase<'v, 'a> {
    /// No game open.
    Idle,
    /// A `Game N` line was read; its score line is due.
    Header {
        location: Location,
        number: Option<u32>,
        /// The `Game N` line, trimmed.
        text: &'a str,
        /// Just after the `Game N` line.
        last: Location,
    },
    /// Inside a game.
    Game(Game<'v, 'a>),
}

/// An open game.
#[derive(Clone, Debug)]
struct Game<'v, 'a> {
    names: ByPlayer<PlayerName<'a>>,
    /// The row number due next.
    expected_row: u32,
    /// After a row numbered out of sequence: the number the old sequence
    /// would give next (an isolated slip is reported once).
    alt_row: Option<u32>,
    /// The game's last line so far.
    last: Last<'v, 'a>,
}

/// Reads the lines of one match into the visitor.
struct MatchReader<'v, 'a, V> {
    visitor: &'v mut V,
    /// The roll cells read while the rows were cut (see [`RowLayout::rolls`]).
    rolls: &'v [CellRoll],
    threshold: u32,
    phase: Phase<'v, 'a>,
    /// The game number due next.
    next_game: u32,
    /// After a game numbered out of sequence: the number the old sequence
    /// would give next.
    alt_game: Option<u32>,
    /// A line in a game that is no row, held to see whether a score line
    /// follows (then it was a garbled `Game N` line).
    held: Option<(Location, &'a str)>,
    /// The match's last line so far.
    last: Last<'v, 'a>,
}

/// The last line of something: a location, or a line whose end location is
/// worked out only when needed.
#[derive(Copy, Clone, Debug)]
enum Last<'v, 'a> {
    At(Location),
    Line(&'v Line<'a>),
}

impl Last<'_, '_> {
    /// Just after the last non-blank character.
    fn location(self) -> Location {
        match self {
            Last::At(location) => location,
            Last::Line(line) => line.end_location(),
        }
    }
}

impl<'v, 'a, V: Visitor<'a>> MatchReader<'v, 'a, V> {
    /// The header lines from `start` to the match line: tags go to
    /// [`Visitor::begin_match`], other lines become comments after it.
    fn header(&mut self, text: &'a str, start: (usize, u32), match_line: &Line<'a>, length: u32) {
        let lines =
            || Lines::new(text, start.0, start.1).take_while(|l| l.start < match_line.start);
        let tags = lines()
            .filter_map(|line| {
                header::tag_line(line.text).map(|(key, value)| Tag {
                    key,
                    value,
                    location: line.first_location(),
                })
            })
            .collect();
        self.visitor.begin_match(&MatchHeader {
            location: match_line.first_location(),
            length,
            tags,
            format: Format::Mat,
        });
        for line in lines() {
            if !line.is_blank() && header::tag_line(line.text).is_none() {
                self.comment(&line);
            }
        }
    }

    /// A common row of the body, read as it was cut.
    fn plain(&mut self, line: &'v Line<'a>, row: &PlainRow) {
        if let Phase::Game(game) = &mut self.phase {
            game.last = Last::Line(line);
            self.last = Last::Line(line);
            // The row due, as [`MatchReader::numbering`] takes it; any
            // other number goes there.
            let due = game.expected_row;
            let in_turn = row.number == Some(due);
            if in_turn {
                game.alt_row = None;
                game.expected_row = due.saturating_add(1);
            }
            if in_turn || self.numbering(line, row.number, &[]) {
                self.read_cells(
                    line,
                    row.number,
                    row.rolls,
                    row.cells()
                        .iter()
                        .map(|&(start, end)| (start as usize, end as usize)),
                );
            }
            return;
        }
        self.line(line, Some(&row.layout()));
    }

    /// One line of the body, with its cells if it is a move row.
    fn line(&mut self, line: &'v Line<'a>, row: Option<&RowLayout>) {
        // The common case first: a move row inside a game.
        if let (Some(row), Phase::Game(game)) = (row, &mut self.phase) {
            game.last = Last::Line(line);
            self.last = Last::Line(line);
            self.row(line, row);
            return;
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            return;
        }
        if self.held.is_some() && header::score_line(line.text).is_none() {
            self.flush_held();
        }
        if is_comment(trimmed) {
            let in_game = matches!(self.phase, Phase::Game(_));
            match set_pos(trimmed) {
                Some(board) if in_game => self.set_position(line, trimmed, board),
                _ => self.comment(line),
            }
        } else if let Some(number) = trimmed
            .starts_with(['G', 'g'])
            .then(|| header::game_line(line.text))
            .flatten()
        {
            self.game_line(line, number);
        } else if let Phase::Header { .. } = self.phase {
            self.score_line_due(line, row);
        } else if let Some(row) = row {
            if let Phase::Idle = self.phase {
                self.next_game = self.next_game.saturating_add(1);
                self.begin_game(line.first_location(), None, line.first_location(), None);
                self.bad_header(line, "a move row before any `Game N` line".into());
            }
            self.row(line, row);
        } else if let Some(score) = header::score_line(line.text) {
            self.end_game();
            self.next_game = self.next_game.saturating_add(1);
            if let Some((location, text)) = self.held.take() {
                // The line before was meant as `Game N`.
                self.begin_game(location, None, line.first_location(), Some(score));
                self.problem(
                    location,
                    ProblemKind::BadHeader,
                    text,
                    format!("`{text}` is not a `Game N` line, though a score line follows"),
                    None,
                    None,
                );
            } else {
                self.begin_game(
                    line.first_location(),
                    None,
                    line.first_location(),
                    Some(score),
                );
                self.bad_header(line, "a score line without its `Game N` line".into());
            }
        } else if let Phase::Game(_) = self.phase {
            // Held: if a score line follows, this was a garbled `Game N` line.
            self.held = Some((line.first_location(), line.trim_end(trimmed)));
        } else {
            self.comment(line);
        }
        self.last = Last::Line(line);
        if let Phase::Game(game) = &mut self.phase {
            game.last = self.last;
        }
    }

    /// Reports a held line as a cell that could not be read.
    fn flush_held(&mut self) {
        if let Some((location, text)) = self.held.take() {
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                text,
                "expected a move row, a `Game N` line or a comment".into(),
                None,
                None,
            );
        }
    }

    /// A `Game N` line: closes the open game and waits for the score line.
    fn game_line(&mut self, line: &Line<'a>, number: u32) {
        self.flush_held();
        self.end_game();
        let alt = self.alt_game.take();
        if number != self.next_game && Some(number) != alt {
            self.problem(
                line.first_location(),
                ProblemKind::Numbering,
                line.trimmed(),
                format!("game {number} where game {} was due", self.next_game),
                None,
                None,
            );
            self.alt_game = Some(self.next_game.saturating_add(1));
        }
        self.next_game = number.saturating_add(1);
        self.phase = Phase::Header {
            location: line.first_location(),
            number: Some(number),
            text: line.trimmed(),
            last: line.end_location(),
        };
    }

    /// The line after `Game N`: the score line, else a bad header.
    fn score_line_due(&mut self, line: &Line<'a>, row: Option<&RowLayout>) {
        let Phase::Header {
            location, number, ..
        } = self.phase
        else {
            return;
        };
        if let Some(score) = header::score_line(line.text) {
            self.begin_game(location, number, line.first_location(), Some(score));
        } else if let Some(row) = row {
            self.begin_game(location, number, line.first_location(), None);
            self.bad_header(
                line,
                format!("no score line after `Game {}`", number.unwrap_or(0)),
            );
            self.row(line, row);
        } else {
            self.begin_game(location, number, line.first_location(), None);
            self.bad_header(
                line,
                "expected a score line like `name : 0    name : 0`".into(),
            );
        }
    }

    fn begin_game(
        &mut self,
        location: Location,
        number: Option<u32>,
        score_location: Location,
        score: Option<header::ScoreLine<'a>>,
    ) {
        let names = score.map(|s| s.names).unwrap_or_default();
        let header = GameHeader {
            location,
            number,
            score_location,
            names,
            scores: score.map_or(ByPlayer::default(), |s| {
                ByPlayer::new(Some(s.scores.first), Some(s.scores.second))
            }),
            crawford: None,
            initial_cube: None,
        };
        self.visitor.begin_game(&header);
        self.phase = Phase::Game(Game {
            names,
            expected_row: 1,
            alt_row: None,
            last: Last::At(score_location),
        });
    }

    /// Closes the open game, if any; a `Game N` line without a score line
    /// still makes a (bad, empty) game.
    fn end_game(&mut self) {
        match std::mem::replace(&mut self.phase, Phase::Idle) {
            Phase::Idle => {}
            Phase::Header {
                location,
                number,
                text,
                last,
            } => {
                self.visitor.begin_game(&GameHeader {
                    location,
                    number,
                    score_location: location,
                    names: ByPlayer::default(),
                    scores: ByPlayer::default(),
                    crawford: None,
                    initial_cube: None,
                });
                self.problem(
                    location,
                    ProblemKind::BadHeader,
                    text,
                    format!("no score line after `Game {}`", number.unwrap_or(0)),
                    None,
                    None,
                );
                self.visitor.end_game(last);
            }
            Phase::Game(game) => self.visitor.end_game(game.last.location()),
        }
    }

    fn finish(&mut self) {
        self.flush_held();
        self.end_game();
        self.visitor.end_match(self.last.location());
    }

    /// One move row: numbering, then each cell.
    fn row(&mut self, line: &Line<'a>, row: &RowLayout) {
        if !self.numbering(line, row.number, row.inner_numbers()) {
            return;
        }
        match row.rolls {
            Some(first) => self.read_cells(
                line,
                row.number,
                first,
                row.cells().iter().map(|cell| (cell.start(), cell.end())),
            ),
            None => self.general_cells(line, row),
        }
    }

    /// A row's numbers (its `number` and those written inside it, `inner`)
    /// against the row due: problems for those out of sequence. False
    /// outside a game (the row is not read).
    #[inline]
    fn numbering(&mut self, line: &Line<'a>, number: Option<u32>, inner: &[InnerNumber]) -> bool {
        let Phase::Game(game) = &mut self.phase else {
            return false;
        };
        let due = game.expected_row;
        let alt = game.alt_row.take();
        let slip = number.filter(|&n| n != due && Some(n) != alt);
        if slip.is_some() {
            game.alt_row = Some(due.saturating_add(1));
        }
        if let Some(number) = number {
            game.expected_row = number.saturating_add(1);
        }
        for inner in inner {
            if Some(inner.value) != number {
                game.expected_row = inner.value.saturating_add(1);
            }
        }
        if let Some(slip) = slip {
            self.problem(
                line.first_location(),
                ProblemKind::Numbering,
                number_text(line.trim_start()),
                format!("row {slip} where row {due} was due"),
                None,
                number,
            );
        }
        for inner in inner {
            let message = if Some(inner.value) == number {
                format!("row number {} repeated inside the row", inner.value)
            } else {
                format!("row number {} inside a row", inner.value)
            };
            self.problem(
                line.location(inner.at()),
                ProblemKind::Numbering,
                number_text(line.text.get(inner.at()..).unwrap_or_default()),
                message,
                None,
                number,
            );
        }
        true
    }

    /// The cells of a common row (start and end offsets in `line`), read
    /// while the row was cut: their rolls from index `first` on (see
    /// [`RowLayout::rolls`]); their sides by the rule of
    /// [`RowLayout::sides`], cell by cell. Every cell is in row `number`.
    #[inline]
    fn read_cells(
        &mut self,
        line: &Line<'a>,
        number: Option<u32>,
        first: u32,
        cells: impl ExactSizeIterator<Item = (usize, usize)>,
    ) {
        let Some(rolls) = self
            .rolls
            .get(first as usize..)
            .and_then(|rolls| rolls.get(..cells.len()))
        else {
            return;
        };
        let mut previous = None;
        for ((start, end), roll) in cells.zip(rolls) {
            let location = line.location(start);
            let side = RowLayout::side(previous, location.column - 1, self.threshold);
            previous = Some(side);
            let text = line.text.get(start..end).unwrap_or_default();
            // Rolls, the common cells, built as rolls alone.
            let kind = match roll.said {
                // The play copied once, straight into the action.
                Said::Roll(dice) if !roll.play.is_empty() => {
                    self.visitor.action(&Action {
                        location,
                        side,
                        row: number,
                        text,
                        kind: ActionKind::Roll {
                            dice: Some(dice),
                            play: Written::Moves(roll.play),
                        },
                    });
                    continue;
                }
                Said::Roll(dice) => ActionKind::Roll {
                    dice: Some(dice),
                    play: Written::Empty,
                },
                Said::Double(value) => ActionKind::Double(Some(value)),
                Said::Beaver(value) => ActionKind::Beaver(Some(value)),
                Said::Take => ActionKind::Take,
                Said::Drop => ActionKind::Drop,
                Said::Win(points) => ActionKind::Win {
                    points: Some(points),
                    and_match: false,
                    resigned: false,
                },
            };
            self.visitor.action(&Action {
                location,
                side,
                row: number,
                text,
                kind,
            });
        }
    }

    /// The cells of a row that were not read while it was cut: each read
    /// on its own by [`cell::parse_into`].
    #[inline(never)]
    fn general_cells(&mut self, line: &Line<'a>, row: &RowLayout) {
        let Phase::Game(game) = &self.phase else {
            return;
        };
        let names = game.names;
        let mut locations = [Location::default(); layout::MAX_CELLS];
        let mut columns = [0; layout::MAX_CELLS];
        for ((location, column), cell) in locations.iter_mut().zip(&mut columns).zip(row.cells()) {
            *location = line.location(cell.start());
            *column = location.column - 1;
        }
        let sides = RowLayout::sides(
            columns.get(..row.cells().len()).unwrap_or_default(),
            self.threshold,
        );
        for ((cell, &side), &location) in row.cells().iter().zip(&sides).zip(&locations) {
            let text = line.trim_cell(line.text.get(cell.start()..cell.end()).unwrap_or_default());
            let frame = Frame {
                names: &names,
                column: side,
            };
            let mut action = Action {
                location,
                side,
                row: cell.row,
                text,
                kind: ActionKind::Take,
            };
            let Err(message) = cell::parse_into(text, &frame, &mut action.kind) else {
                self.visitor.action(&action);
                continue;
            };
            // A left cell that cannot be read may hold a right cell whose
            // first word is garbled (`Drops    Wnis 1 point`): split it where
            // the text reaches the right column, when the part before reads.
            let split = (side == Side::First)
                .then(|| right_part(line, cell.start(), text, self.threshold))
                .flatten()
                .and_then(|(gap, at)| {
                    let left = text.get(..gap)?;
                    let mut kind = ActionKind::Take;
                    cell::parse_into(left, &frame, &mut kind).ok()?;
                    Some((left, kind, at))
                });
            match split {
                Some((left, kind, at)) => {
                    self.visitor.action(&Action {
                        text: left,
                        kind,
                        ..action
                    });
                    self.emit_cell(
                        &names,
                        line.location(cell.start() + at),
                        Side::Second,
                        cell.row,
                        text.get(at..).unwrap_or_default(),
                    );
                }
                None => self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    text,
                    message,
                    Some(side),
                    cell.row,
                ),
            }
        }
    }

    /// One cell read on its own: an action, or the problem of a cell that
    /// cannot be read.
    fn emit_cell(
        &mut self,
        names: &ByPlayer<PlayerName<'a>>,
        location: Location,
        side: Side,
        row: Option<u32>,
        text: &'a str,
    ) {
        let frame = Frame {
            names,
            column: side,
        };
        let mut action = Action {
            location,
            side,
            row,
            text,
            kind: ActionKind::Take,
        };
        match cell::parse_into(text, &frame, &mut action.kind) {
            Ok(()) => self.visitor.action(&action),
            Err(message) => self.problem(
                location,
                ProblemKind::UnparsableCell,
                text,
                message,
                Some(side),
                row,
            ),
        }
    }

    /// A `; Set Pos=` line inside a game.
    fn set_position(&mut self, line: &Line<'a>, trimmed: &'a str, board: &str) {
        let text = line.trim_end(trimmed);
        match dump::set_position(board) {
            Ok(dump) => self.visitor.action(&Action {
                location: line.first_location(),
                side: Side::First,
                row: None,
                text,
                kind: ActionKind::SetPosition(Box::new(dump)),
            }),
            Err(message) => self.problem(
                line.first_location(),
                ProblemKind::UnparsableCell,
                text,
                format!("unreadable `Set Pos` position: {message}"),
                None,
                None,
            ),
        }
    }

    fn comment(&mut self, line: &Line<'a>) {
        self.visitor.comment(&Comment {
            location: line.first_location(),
            text: line.trimmed(),
        });
    }

    fn bad_header(&mut self, line: &Line<'a>, message: String) {
        self.problem(
            line.first_location(),
            ProblemKind::BadHeader,
            line.trimmed(),
            message,
            None,
            None,
        );
    }

    fn problem(
        &mut self,
        location: Location,
        kind: ProblemKind,
        text: &'a str,
        message: String,
        side: Option<Side>,
        row: Option<u32>,
    ) {
        self.visitor.problem(&Problem {
            location,
            kind,
            text,
            message,
            side,
            row,
        });
    }
}

#[cfg(test)]
mod tests;
