//! One match of a `.mat` text, cut out of its file by
//! [`super::matches::MatchReader`], and its reading ([`read_match_text`]): its
//! events, every location in the file's terms.

use std::borrow::Cow;

use super::text::Encoding;
use super::{
    Action, Comment, Format, GameHeader, Location, MatchHeader, Problem, ProblemKind, Visitor,
};
use super::{mat, stray};

/// Where a match starts in its file: the byte offset in the decoded text
/// and the line number (a match starts at a line's start).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    /// Byte offset of the match's first byte in the decoded text.
    pub byte: usize,
    /// Line number of its first line, from 1.
    pub line: u32,
}

impl Start {
    /// The start of a file.
    pub const FILE: Start = Start { byte: 0, line: 1 };

    /// `location` (in the match) in the file.
    #[must_use]
    pub fn locate(self, location: Location) -> Location {
        Location {
            byte: location.byte.saturating_add(self.byte),
            line: if location.line == 0 {
                0
            } else {
                location.line.saturating_add(self.line.saturating_sub(1))
            },
            column: location.column,
        }
    }
}

/// The text of one match of a `.mat` text, with the lines before its match
/// line (the first: everything before the second match's header), and
/// where it starts in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchText<'t> {
    /// The match's text.
    pub text: Cow<'t, str>,
    /// Where it starts in the file.
    pub start: Start,
    /// Its ordinal, from 0: the matches before it.
    pub index: usize,
    /// The file ends with it.
    pub last: bool,
    /// How the file was decoded (the first match carries the encoding note).
    pub encoding: Encoding,
    /// The file holds binary bytes beyond what a text tolerates: each run
    /// of lines holding them is a `binary-data` problem.
    pub stray: bool,
    /// The lines longer than [`LINE_MAX`] that were cut (only their first
    /// bytes are in `text`), in order.
    pub cut: Vec<CutLine>,
}

pub use super::stray::LINE_MAX;

/// A line cut at [`LINE_MAX`] bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CutLine {
    /// The line's start in the match's text.
    pub byte: usize,
    /// Its number in the match, from 1.
    pub line: u32,
    /// Its length in the file, in bytes (without its line end).
    pub length: u64,
}

impl MatchText<'_> {
    /// ASCII text without a binary byte: read the same whatever the file's
    /// encoding, and without a `binary-data` problem, whatever the rest of
    /// the file holds (so a match can be read before the file is known).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        is_plain(&self.text)
    }
}

/// ASCII text without a binary byte (see [`MatchText::is_plain`]).
#[must_use]
pub fn is_plain(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii() && !stray::is_binary(b))
}

/// Reads one match into `visitor`, every location in the file's terms; the
/// first match gives the encoding note. Returns `Some(Format::Mat)`, or
/// `None` when the match holds no match line (a file without any: the
/// visitor got one unreadable problem).
pub fn read_match_text<'a>(
    piece: &'a MatchText<'_>,
    visitor: &mut impl Visitor<'a>,
) -> Option<Format> {
    if piece.start == Start::FILE {
        // The first match (a file of one match, most often): nothing moves.
        return read_in_place(piece, visitor);
    }
    let mut shifted = Shifted {
        visitor,
        start: piece.start,
    };
    read_in_place(piece, &mut shifted)
}

/// [`read_match_text`] with every location in the match's own terms (moved to
/// the file's by [`Shifted`], the one place a match's locations are moved).
fn read_in_place<'a>(piece: &'a MatchText<'_>, visitor: &mut impl Visitor<'a>) -> Option<Format> {
    let note = (piece.index == 0)
        .then(|| piece.encoding.note())
        .flatten()
        .map(|message| Problem::at_start(ProblemKind::Encoding, message));
    let text: &'a str = piece.text.as_ref();
    let mut runs = if piece.stray {
        stray::runs_in(text)
    } else {
        Vec::new()
    };
    if !piece.cut.is_empty() {
        runs.extend(piece.cut.iter().map(|cut| stray::StrayRun {
            location: Location {
                byte: cut.byte,
                line: cut.line,
                column: 1,
            },
            last_line: cut.line,
            nul: 0,
            controls: 0,
            cut_line: Some(cut.length),
        }));
        runs.sort_by_key(|run| run.location.byte);
    }
    let mut interleaved = super::Interleaved {
        visitor,
        runs: &runs,
        next: 0,
    };
    let read = mat::read_noted(text, &mut interleaved, note.as_ref());
    if read {
        interleaved.flush_before(usize::MAX);
    }
    read.then_some(Format::Mat)
}

/// A visitor that moves every location of a match's events to its place in
/// the file before handing them on (events are copied only for a match that
/// does not start the file).
struct Shifted<'r, V> {
    visitor: &'r mut V,
    start: Start,
}

impl<V> Shifted<'_, V> {
    fn at(&self, location: Location) -> Location {
        self.start.locate(location)
    }

    fn moved(&self) -> bool {
        self.start != Start::FILE
    }
}

impl<'a, V: Visitor<'a>> Visitor<'a> for Shifted<'_, V> {
    fn begin_match(&mut self, header: &MatchHeader<'a>) {
        if !self.moved() {
            return self.visitor.begin_match(header);
        }
        let mut header = header.clone();
        header.location = self.at(header.location);
        for tag in &mut header.tags {
            tag.location = self.at(tag.location);
        }
        self.visitor.begin_match(&header);
    }
    fn begin_game(&mut self, header: &GameHeader<'a>) {
        if !self.moved() {
            return self.visitor.begin_game(header);
        }
        let mut header = header.clone();
        header.location = self.at(header.location);
        header.score_location = self.at(header.score_location);
        self.visitor.begin_game(&header);
    }
    fn action(&mut self, action: &Action<'a>) {
        if !self.moved() {
            return self.visitor.action(action);
        }
        let mut action = action.clone();
        action.location = self.at(action.location);
        self.visitor.action(&action);
    }
    fn end_game(&mut self, last: Location) {
        let last = self.at(last);
        self.visitor.end_game(last);
    }
    fn end_match(&mut self, last: Location) {
        let last = self.at(last);
        self.visitor.end_match(last);
    }
    fn comment(&mut self, comment: &Comment<'a>) {
        let mut comment = *comment;
        comment.location = self.at(comment.location);
        self.visitor.comment(&comment);
    }
    fn analysis(&mut self, mut analysis: super::Analysis) {
        analysis.location = self.at(analysis.location);
        self.visitor.analysis(analysis);
    }
    fn problem(&mut self, problem: &Problem<'a>) {
        if !self.moved() {
            return self.visitor.problem(problem);
        }
        let mut problem = problem.clone();
        problem.location = self.at(problem.location);
        self.visitor.problem(&problem);
    }
}
