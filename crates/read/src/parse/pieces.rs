//! A `.mat` text cut into its matches, to read and replay one match at a
//! time.
//!
//! The `.mat` reader reads a text match by match: a match is the comment and
//! blank lines before its match line, the match line and its body, up to the
//! next match's header; nothing it reads crosses from one match to the next.
//! Cut where the reader would start the next match, each piece read on its
//! own, with its locations moved to their place in the file, gives the
//! reader's events for the whole text. So a file of many matches needs in
//! memory only the match being read, its matches can be replayed on several
//! threads, and each match's findings can be written once it is done.
//!
//! - [`cut_points`]: where the pieces of a text in memory start;
//! - [`super::plan::plan`] reads a file once to decide how to read it (its encoding, and
//!   whether it is a `.mat` text to cut at all: SGF, eXtreme Gammon files,
//!   UTF-16 and binary formats are read whole), then [`FilePieces`] reads it
//!   again one block at a time and gives its pieces;
//! - [`read_piece`] reads one piece into a visitor, with the locations of
//!   the whole file.

use std::borrow::Cow;
use std::io::{self, Read};

use super::mat::{self, Cut};
use super::stray;
use super::text::Encoding;
use super::{
    Action, Comment, Format, GameHeader, Location, MatchHeader, Problem, ProblemKind, Visitor,
};

/// Where a piece starts in its file: the byte offset in the decoded text
/// and the line number (a piece starts at a line's start).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    /// Byte offset of the piece's first byte in the decoded text.
    pub byte: usize,
    /// Line number of its first line, from 1.
    pub line: u32,
}

impl Start {
    /// The start of a file.
    pub const FILE: Start = Start { byte: 0, line: 1 };

    /// `location` (in the piece) in the file.
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

/// One piece of a `.mat` text: one match with the lines before its match
/// line (the first piece: everything before the second match's header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece<'t> {
    /// The piece's text.
    pub text: Cow<'t, str>,
    /// Where it starts in the file.
    pub start: Start,
    /// Its ordinal, from 0: the matches before it.
    pub index: usize,
    /// The file ends with it.
    pub last: bool,
    /// How the file was decoded (the first piece carries the encoding note).
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
    /// The line's start in the piece's text.
    pub byte: usize,
    /// Its number in the piece, from 1.
    pub line: u32,
    /// Its length in the file, in bytes (without its line end).
    pub length: u64,
}

impl Piece<'_> {
    /// ASCII text without a binary byte: read the same whatever the file's
    /// encoding, and without a `binary-data` problem, whatever the rest of
    /// the file holds (so a piece can be read before the file is known).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.text
            .bytes()
            .all(|b| b.is_ascii() && !stray::is_binary(b))
    }
}

/// The lines of `text` from byte `from`: `(start, end of content, next
/// line)`. LF, CRLF and a lone CR end a line, as the `.mat` reader counts
/// them. With `more` (the text goes on later), a line must end with its
/// terminator, and a CR at the very end waits for what follows.
fn next_line(text: &str, from: usize, more: bool) -> Option<(usize, usize)> {
    next_line_from(text, from, from, more)
}

/// [`next_line`] of the line at `from`, whose line end is searched for
/// from `search` (`text[from..search]` holds none).
fn next_line_from(text: &str, from: usize, search: usize, more: bool) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    bytes.get(from..).filter(|r| !r.is_empty())?;
    let rest = bytes.get(search..).unwrap_or_default();
    match memchr::memchr2(b'\n', b'\r', rest) {
        Some(at) => {
            let end = search + at;
            let next = match bytes.get(end..) {
                Some([b'\r', b'\n', ..]) => end + 2,
                Some([b'\r']) if more => return None,
                _ => end + 1,
            };
            Some((end, next))
        }
        None if more => None,
        None => Some((bytes.len(), bytes.len())),
    }
}

/// Finds, line by line, where the reader starts each match after the
/// first.
#[derive(Clone, Debug, Default)]
struct Splitter {
    /// The first match line has been seen.
    opened: bool,
    /// The start of the blank and comment lines since the last other line.
    run: Option<Start>,
}

impl Splitter {
    /// Takes the line `line` (without its terminator) at `at`; returns the
    /// start of a new piece when this line opens the next match (the start
    /// of the blank and comment lines right before it, or the line itself).
    fn line(&mut self, line: &str, at: Start) -> Option<Start> {
        if !self.opened {
            let line = if at.byte == 0 {
                line.strip_prefix('\u{feff}').unwrap_or(line)
            } else {
                line
            };
            self.opened = mat::is_match_line(line);
            return None;
        }
        match mat::cut(line) {
            Cut::Filler => {
                self.run.get_or_insert(at);
                None
            }
            Cut::Match => Some(self.run.take().unwrap_or(at)),
            Cut::Body => {
                self.run = None;
                None
            }
        }
    }
}

/// Where the pieces of a `.mat` text start: the start of the text, then the
/// start of each match after the first.
#[must_use]
pub fn cut_points(text: &str) -> Vec<Start> {
    // Cut only at a match line after the first: a text with at most one
    // line that may be a match line (most files) is one piece.
    if match_line_ends(text.as_bytes()) < 2 {
        return vec![Start::FILE];
    }
    walk_cut_points(text)
}

/// [`cut_points`] by a walk over every line.
fn walk_cut_points(text: &str) -> Vec<Start> {
    let mut points = vec![Start::FILE];
    let mut splitter = Splitter::default();
    let mut line = 1u32;
    for (content, byte) in mat::lines(text) {
        if let Some(start) = splitter.line(content, Start { byte, line }) {
            points.push(start);
        }
        line = line.saturating_add(1);
    }
    points
}

/// How many places of `bytes`, up to two, end a line with `match` or
/// `session` in any case (blanks after it allowed): every match line does
/// ([`mat::is_match_line`]). Found by a vectorised search for the `c` of
/// `match` and the `i` of `session`, rare letters in a record.
fn match_line_ends(bytes: &[u8]) -> usize {
    let ends_line = |end: usize| {
        bytes
            .get(end..)
            .unwrap_or_default()
            .iter()
            .find(|&&b| !matches!(b, b' ' | b'\t' | 0x0C))
            .is_none_or(|&b| b == b'\n' || b == b'\r')
    };
    let mut count = 0;
    for (word, lower, upper, index) in [(&b"match"[..], b'c', b'C', 3), (b"session", b'i', b'I', 4)]
    {
        for at in memchr::memchr2_iter(lower, upper, bytes) {
            let Some(start) = at.checked_sub(index) else {
                continue;
            };
            let end = start + word.len();
            if bytes
                .get(start..end)
                .is_some_and(|w| w.eq_ignore_ascii_case(word))
                && ends_line(end)
            {
                count += 1;
                if count > 1 {
                    return count;
                }
            }
        }
    }
    count
}

/// The end of `text` without the blank lines (spaces and tabs only) that
/// end it: the reader skips them, and a file may end with megabytes of
/// them.
fn without_blank_tail(text: &str) -> usize {
    let bytes = text.as_bytes();
    match bytes
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        // The last line with something on it keeps its line end.
        Some(at) => match next_line(text, at, false) {
            Some((_, next)) => next,
            None => text.len(),
        },
        None => text.len(),
    }
}

/// The pieces of a decoded `.mat` text in memory (see [`cut_points`]).
#[must_use]
pub fn pieces<'t>(text: &'t str, encoding: Encoding, stray: bool) -> Vec<Piece<'t>> {
    let points = cut_points(text);
    let count = points.len();
    points
        .iter()
        .enumerate()
        .map(|(index, start)| {
            let end = points.get(index + 1).map_or_else(
                || without_blank_tail(&text[start.byte..]) + start.byte,
                |next| next.byte,
            );
            Piece {
                text: Cow::Borrowed(&text[start.byte..end]),
                start: *start,
                index,
                last: index + 1 == count,
                encoding,
                stray,
                cut: Vec::new(),
            }
        })
        .collect()
}

/// The encoding note of a file decoded so, if any.
#[must_use]
pub fn encoding_note(encoding: Encoding) -> Option<&'static str> {
    match encoding {
        Encoding::Windows1252 => Some("the file is not UTF-8; read as Windows-1252"),
        Encoding::Utf16LeNoBom => {
            Some("the file is UTF-16 (little-endian) without a byte-order mark; read as such")
        }
        Encoding::Utf16BeNoBom => {
            Some("the file is UTF-16 (big-endian) without a byte-order mark; read as such")
        }
        Encoding::Utf8 | Encoding::Utf8Bom | Encoding::Utf16Le | Encoding::Utf16Be => None,
    }
}

/// Reads one piece into `visitor`, every location in the file's terms; the
/// first piece gives the encoding note. Returns `Some(Format::Mat)`, or
/// `None` when the piece holds no match line (a file without any: the
/// visitor got one unreadable problem).
pub fn read_piece<'a>(piece: &'a Piece<'_>, visitor: &mut impl Visitor<'a>) -> Option<Format> {
    if piece.start == Start::FILE {
        // The first piece (a file of one match, most often): nothing moves.
        return read_piece_in_place(piece, visitor);
    }
    let mut shifted = Shifted {
        visitor,
        start: piece.start,
    };
    read_piece_in_place(piece, &mut shifted)
}

/// [`read_piece`] with every location in the piece's own terms (moved to
/// the file's by [`Shifted`], the one place a piece's locations are moved).
fn read_piece_in_place<'a>(piece: &'a Piece<'_>, visitor: &mut impl Visitor<'a>) -> Option<Format> {
    let note = (piece.index == 0)
        .then(|| encoding_note(piece.encoding))
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

/// A visitor that moves every location of a piece's events to its place in
/// the file before handing them on (events are copied only for a piece that
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

/// The last place at or before `end` (and after `end - 4`) where no UTF-8
/// character is cut: before a byte that continues none. `end` itself when
/// there is none, as in a text that is no UTF-8.
pub(crate) fn char_start_before(bytes: &[u8], end: usize) -> usize {
    (end.saturating_sub(3)..=end)
        .rev()
        .find(|&at| bytes.get(at).is_none_or(|&b| !(0x80..0xC0).contains(&b)))
        .unwrap_or(end)
}

/// Fills `block` as far as the reader goes; the bytes read (fewer only at
/// the end).
pub(crate) fn read_full(reader: &mut impl Read, block: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < block.len() {
        match reader.read(&mut block[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(filled)
}

/// A UTF-8 byte-order mark.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The size of the blocks a file is read in.
pub(crate) const BLOCK: usize = 256 * 1024;

/// A line cut at [`LINE_MAX`] by [`FilePieces`].
#[derive(Debug)]
struct Cutting {
    /// Its start in the decoded text.
    at: usize,
    /// Its number in the file.
    line: u32,
    /// Its length so far.
    length: u64,
    /// The bytes dropped so far.
    dropped: usize,
}

/// The pieces of a file, read one block at a time: memory holds the piece
/// being cut and one block, whatever the size of the file.
#[derive(Debug)]
pub struct FilePieces<R> {
    reader: R,
    encoding: Encoding,
    stray: bool,
    /// Bytes read and not yet decoded (the end of a line cut by a block).
    raw: Vec<u8>,
    /// A byte-order mark may still be ahead.
    bom: bool,
    /// The reader has no more bytes.
    eof: bool,
    /// Decoded text; the current piece starts at `begin`.
    text: String,
    begin: usize,
    /// Bytes of `text` whose lines have been looked at.
    scanned: usize,
    /// `text[scanned..searched]` holds no line end: the search for the
    /// next one resumes there.
    searched: usize,
    /// Lines cut at [`LINE_MAX`] not yet in a piece: their start in
    /// `text`, number in the file, length so far and bytes dropped.
    cuts: Vec<Cutting>,
    /// The last of `cuts` is still being dropped, up to its line end.
    dropping: bool,
    /// Where `text[begin..]` starts in the file.
    start: Start,
    /// The number of the line at `scanned`.
    line: u32,
    splitter: Splitter,
    index: usize,
    done: bool,
}

impl<R: Read> FilePieces<R> {
    /// The pieces of the file `reader` (from its start), to be decoded as
    /// [`super::plan::plan`] decided.
    #[must_use]
    pub fn new(reader: R, encoding: Encoding, stray: bool) -> FilePieces<R> {
        FilePieces {
            reader,
            encoding,
            stray,
            raw: Vec::new(),
            bom: encoding == Encoding::Utf8Bom,
            eof: false,
            text: String::new(),
            begin: 0,
            scanned: 0,
            searched: 0,
            cuts: Vec::new(),
            dropping: false,
            start: Start::FILE,
            line: 1,
            splitter: Splitter::default(),
            index: 0,
            done: false,
        }
    }

    /// Reads the next block and decodes its whole lines into `text` (the
    /// pieces already taken are dropped from it first).
    fn fill(&mut self) -> io::Result<()> {
        self.text.drain(..self.begin);
        self.scanned -= self.begin;
        self.searched = self.searched.saturating_sub(self.begin);
        for cut in &mut self.cuts {
            cut.at -= self.begin;
        }
        self.begin = 0;
        // `raw` holds no line end: only the new bytes are searched.
        let mut old = self.raw.len();
        self.raw.resize(old + BLOCK, 0);
        let n = read_full(&mut self.reader, &mut self.raw[old..])?;
        self.raw.truncate(old + n);
        self.eof = n == 0;
        if self.bom && (self.raw.len() >= UTF8_BOM.len() || self.eof) {
            // The byte-order mark is no text.
            if self.raw.starts_with(UTF8_BOM) {
                self.raw.drain(..UTF8_BOM.len());
                old = 0;
            }
            self.bom = false;
        }
        if self.dropping
            && let Some(cut) = self.cuts.last_mut()
        {
            // The rest of a line too long to keep, up to its line end.
            let dropped = memchr::memchr2(b'\n', b'\r', &self.raw).unwrap_or(self.raw.len());
            cut.length += dropped as u64;
            cut.dropped += dropped;
            self.raw.drain(..dropped);
            self.dropping = self.raw.is_empty() && !self.eof;
            old = 0;
        }
        // Decode up to the last line end (all at the end of the file), so
        // that no character is cut.
        let cut = if self.eof {
            self.raw.len()
        } else if self.bom {
            0
        } else {
            memchr::memrchr2(b'\n', b'\r', &self.raw[old..]).map_or(0, |at| old + at + 1)
        };
        if cut > 0 {
            self.decode(cut);
        } else if self.raw.len() > LINE_MAX && !self.dropping {
            // A line longer than any of a record: its first bytes are kept,
            // the rest is dropped as it comes.
            let keep = match self.encoding {
                Encoding::Windows1252 => LINE_MAX,
                _ => char_start_before(&self.raw, LINE_MAX),
            };
            let at = self.text.len();
            self.decode(keep);
            let dropped = self.raw.len();
            self.raw.clear();
            self.cuts.push(Cutting {
                at,
                line: self.line,
                length: (keep + dropped) as u64,
                dropped,
            });
            self.dropping = true;
        }
        Ok(())
    }

    /// Decodes `raw[..end]` onto `text`.
    fn decode(&mut self, end: usize) {
        let chunk = &self.raw[..end];
        match self.encoding {
            Encoding::Windows1252 => {
                let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(chunk);
                self.text.push_str(&text);
            }
            _ => match std::str::from_utf8(chunk) {
                Ok(text) => self.text.push_str(text),
                Err(_) => self.text.push_str(&String::from_utf8_lossy(chunk)),
            },
        }
        self.raw.drain(..end);
    }

    /// The bytes dropped from the cut lines that start before `text[at]`.
    fn dropped_before(&self, at: usize) -> usize {
        self.cuts
            .iter()
            .filter(|cut| cut.at < at)
            .map(|cut| cut.dropped)
            .sum()
    }

    /// The piece made of `text[begin..end]`.
    fn take(&mut self, end: usize, last: bool) -> Piece<'static> {
        let taken = self.cuts.iter().take_while(|cut| cut.at < end).count();
        let cut = self
            .cuts
            .drain(..taken)
            .map(|cut| CutLine {
                byte: cut.at - self.begin,
                line: cut.line.saturating_sub(self.start.line).saturating_add(1),
                length: cut.length,
            })
            .collect();
        let piece = Piece {
            text: Cow::Owned(self.text[self.begin..end].to_owned()),
            start: self.start,
            index: self.index,
            last,
            encoding: self.encoding,
            stray: self.stray,
            cut,
        };
        self.begin = end;
        self.index += 1;
        piece
    }
}

impl<R: Read> Iterator for FilePieces<R> {
    type Item = io::Result<Piece<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            loop {
                let from = self.searched.max(self.scanned);
                let Some((end, next)) = next_line_from(&self.text, self.scanned, from, !self.eof)
                else {
                    // Searched to the end: the search resumes there.
                    self.searched = self.text.len().saturating_sub(1).max(self.scanned);
                    break;
                };
                let at = Start {
                    byte: self.start.byte + (self.scanned - self.begin),
                    line: self.line,
                };
                let cut = self.splitter.line(&self.text[self.scanned..end], at);
                self.scanned = next;
                self.line = self.line.saturating_add(1);
                if let Some(start) = cut {
                    // The next match starts at `start`, in this piece's text
                    // (its blank and comment lines follow this match's body).
                    let end = self.begin + start.byte.saturating_sub(self.start.byte);
                    // The bytes dropped from the cut lines before it were
                    // in the file.
                    let skew = if self.cuts.is_empty() {
                        0
                    } else {
                        self.dropped_before(end)
                    };
                    let piece = self.take(end, false);
                    self.start = Start {
                        byte: start.byte + skew,
                        ..start
                    };
                    return Some(Ok(piece));
                }
            }
            if self.eof {
                self.done = true;
                let end = self.begin + without_blank_tail(&self.text[self.begin..]);
                return Some(Ok(self.take(end, true)));
            }
            if let Err(err) = self.fill() {
                self.done = true;
                return Some(Err(err));
            }
        }
    }
}

#[cfg(test)]
mod tests;
