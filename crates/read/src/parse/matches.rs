//! A `.mat` text handed out one match at a time: [`MatchReader`].
//!
//! The `.mat` reader reads a text match by match: a match is the comment and
//! blank lines before its match line, the match line and its body, up to the
//! next match's header; nothing it reads crosses from one match to the next.
//! Cut where the reader would start the next match, each match read on its
//! own ([`read_match_text`](super::match_text::read_match_text)), with its locations
//! moved to their place in the file, gives the reader's events for the
//! whole text. So a file of many matches needs in memory only the match
//! being read, its matches can be replayed on several threads, each match's
//! findings can be written once it is done, and one match can be found
//! without keeping those before it ([`MatchReader::skip_match`]).
//!
//! A [`MatchReader`] reads a text in memory ([`MatchReader::text`]: its
//! matches borrow from it) or a file of any size from a reader, a block at
//! a time through one `Decoder` ([`MatchReader::file`]: memory holds the
//! match being cut and one block). The matches are the same either way,
//! but that a file's line may be cut once [`LINE_MAX`] of its bytes have
//! been read without its end (its first bytes kept, the cut reported where
//! it was): a line is cut when the block that takes it past
//! [`LINE_MAX`] does not hold its end, so one up to a block longer may
//! be kept whole.

use std::borrow::Cow;
use std::io::{self, Read};

use super::decoder::Decoder;
use super::identify::UTF8_BOM;
use super::mat::{self, Cut};
use super::match_text::{CutLine, LINE_MAX, MatchText, Start};
use super::text::Encoding;

/// The size of the blocks a file is read in.
pub(crate) const BLOCK: usize = 256 * 1024;

/// The lines of `text` from byte `from`: `(end of content, next line)`.
/// LF, CRLF and a lone CR end a line, as the `.mat` reader counts them.
/// With `more` (the text goes on later), a line must end with its
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
pub(crate) struct Splitter {
    /// The first match line has been seen.
    opened: bool,
    /// The start of the blank and comment lines since the last other line.
    run: Option<Start>,
}

impl Splitter {
    /// Takes the line `line` (without its terminator) at `at`; returns the
    /// start of a new match when this line opens the next one (the start
    /// of the blank and comment lines right before it, or the line itself).
    pub(crate) fn line(&mut self, line: &str, at: Start) -> Option<Start> {
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

/// How many places of `bytes`, up to two, end a line with `match` or
/// `session` in any case (blanks after it allowed): every match line does
/// ([`mat::is_match_line`]). Found by a vectorised search for the `c` of
/// `match` and the `i` of `session`, rare letters in a record. A text with
/// fewer than two is one match (a cut comes only at a match line after the
/// first): most files, known without a walk over their lines.
pub(crate) fn match_line_ends(bytes: &[u8]) -> usize {
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
///
/// # Errors
/// The reader's errors, but that it was interrupted.
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

/// A line cut at [`LINE_MAX`] by a file's [`Blocks`].
#[derive(Debug)]
struct Cutting {
    /// Its start in the decoded text.
    at: usize,
    /// Its number in the file.
    line: u32,
    /// Its length so far.
    length: u64,
    /// The length of the text dropped so far, as decoded (the places of
    /// the text after it are counted in the decoded text).
    dropped: usize,
}

/// A file's text read a block at a time and decoded.
#[derive(Debug)]
struct Blocks<R> {
    reader: R,
    /// The bytes read at a time ([`BLOCK`]; fewer in tests).
    block: usize,
    decoder: Decoder,
    /// Bytes read and not yet decoded (the end of a line cut by a block).
    raw: Vec<u8>,
    /// A byte-order mark may still be ahead.
    bom: bool,
    /// The reader has no more bytes.
    eof: bool,
    /// Decoded text not yet handed out.
    text: String,
    /// Lines cut at [`LINE_MAX`] not yet in a match: their start in
    /// `text`, number in the file, length so far and text dropped.
    cuts: Vec<Cutting>,
    /// The last of `cuts` is still being dropped, up to its line end.
    dropping: bool,
}

impl<R: Read> Blocks<R> {
    /// Reads the next block and decodes its whole lines onto `text`; `line`
    /// is the number of the line after `text`, the one a cut would be in.
    fn fill(&mut self, line: u32) -> io::Result<()> {
        // `raw` holds no line end: only the new bytes are searched.
        let mut old = self.raw.len();
        self.raw.resize(old + self.block, 0);
        let n = read_full(&mut self.reader, &mut self.raw[old..])?;
        self.raw.truncate(old + n);
        self.eof = n < self.block;
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
            cut.dropped += self.decoder.decoded_len(&self.raw[..dropped]);
            self.raw.drain(..dropped);
            self.dropping = self.raw.is_empty() && !self.eof;
            old = 0;
        }
        // Decode up to the last line end (all at the end of the file), so
        // that no line is cut.
        let cut = if self.eof {
            self.raw.len()
        } else if self.bom {
            0
        } else {
            memchr::memrchr2(b'\n', b'\r', &self.raw[old..]).map_or(0, |at| old + at + 1)
        };
        if cut > 0 {
            let taken = self
                .decoder
                .decode(&self.raw[..cut], &mut self.text, self.eof);
            self.raw.drain(..taken);
        } else if self.raw.len() > LINE_MAX && !self.dropping {
            // A line longer than any of a record: its first bytes are kept,
            // the rest is dropped as it comes.
            let keep = char_start_before(&self.raw, LINE_MAX);
            let at = self.text.len();
            // The bytes kept end before a character (the file is planned
            // as valid UTF-8 or as Windows-1252): all of them are taken.
            let taken = self
                .decoder
                .decode(&self.raw[..keep], &mut self.text, false);
            let dropped = self.decoder.decoded_len(&self.raw[taken..]);
            let length = self.raw.len() as u64;
            self.raw.clear();
            self.cuts.push(Cutting {
                at,
                line,
                length,
                dropped,
            });
            self.dropping = true;
        }
        Ok(())
    }
}

/// Where a match reader's text comes from.
#[derive(Debug)]
enum Feed<'t, R> {
    /// A text in memory, whole.
    Text(&'t str),
    /// A file read a block at a time.
    Blocks(Box<Blocks<R>>),
}

impl<R> Feed<'_, R> {
    /// The text read and not yet handed out.
    fn buffer(&self) -> &str {
        match self {
            Feed::Text(text) => text,
            Feed::Blocks(blocks) => &blocks.text,
        }
    }
}

/// A `.mat` text's matches, one at a time, each with the place it starts
/// in the file (see the module docs). `'t` is the lifetime of a text in
/// memory; a file's matches own their text.
#[derive(Debug)]
pub struct MatchReader<'t, R = io::Empty> {
    feed: Feed<'t, R>,
    encoding: Encoding,
    stray: bool,
    /// The current match starts at `text[begin]`.
    begin: usize,
    /// Bytes of the text whose lines have been looked at.
    scanned: usize,
    /// `text[scanned..searched]` holds no line end: the search for the
    /// next one resumes there.
    searched: usize,
    /// Where `text[begin..]` starts in the file.
    start: Start,
    /// The number of the line at `scanned`.
    line: u32,
    splitter: Splitter,
    /// Where the match after the current one starts, once found.
    next_start: Option<Start>,
    /// The ordinal of the next match.
    index: usize,
    done: bool,
}

impl<'t> MatchReader<'t> {
    /// The matches of a decoded text in memory, which was decoded so
    /// (`stray`: it holds binary bytes beyond what a text tolerates, each
    /// run of lines holding them a `binary-data` problem).
    #[must_use]
    pub fn text(text: &'t str, encoding: Encoding, stray: bool) -> MatchReader<'t> {
        MatchReader::new(Feed::Text(text), encoding, stray)
    }
}

impl<R: Read> MatchReader<'static, R> {
    /// The matches of the file `reader` (from its start), to be decoded as
    /// [`super::plan::plan`] decided, read a block at a time. `encoding` is
    /// one a plan gives: UTF-8, with or without a byte-order mark, or
    /// Windows-1252, whose line ends are single bytes (UTF-16 is read
    /// whole).
    #[must_use]
    pub fn file(reader: R, encoding: Encoding, stray: bool) -> MatchReader<'static, R> {
        MatchReader::file_in_blocks(reader, encoding, stray, BLOCK)
    }

    /// [`MatchReader::file`] read `block` bytes at a time.
    fn file_in_blocks(
        reader: R,
        encoding: Encoding,
        stray: bool,
        block: usize,
    ) -> MatchReader<'static, R> {
        debug_assert!(
            matches!(
                encoding,
                Encoding::Utf8 | Encoding::Utf8Bom | Encoding::Windows1252
            ),
            "{encoding:?} is not read a block at a time"
        );
        let blocks = Blocks {
            reader,
            block: block.max(1),
            decoder: Decoder::new(encoding),
            raw: Vec::new(),
            bom: encoding == Encoding::Utf8Bom,
            eof: false,
            text: String::new(),
            cuts: Vec::new(),
            dropping: false,
        };
        MatchReader::new(Feed::Blocks(Box::new(blocks)), encoding, stray)
    }
}

impl<'t, R: Read> MatchReader<'t, R> {
    fn new(feed: Feed<'t, R>, encoding: Encoding, stray: bool) -> MatchReader<'t, R> {
        MatchReader {
            feed,
            encoding,
            stray,
            begin: 0,
            scanned: 0,
            searched: 0,
            start: Start::FILE,
            line: 1,
            splitter: Splitter::default(),
            next_start: None,
            index: 0,
            done: false,
        }
    }

    /// The next match, with its place in the file; `None` after the last.
    ///
    /// # Errors
    /// The I/O errors of reading a file (the reader then ends).
    pub fn next_match(&mut self) -> io::Result<Option<MatchText<'t>>> {
        let Some((end, last)) = self.next_end()? else {
            return Ok(None);
        };
        Ok(Some(self.take(end, last)))
    }

    /// Passes over the next match without keeping its text: its ordinal,
    /// `None` after the last.
    ///
    /// # Errors
    /// As [`MatchReader::next_match`].
    pub fn skip_match(&mut self) -> io::Result<Option<usize>> {
        self.skip_match_with(|_| ())
            .map(|skipped| skipped.map(|(index, ())| index))
    }

    /// [`MatchReader::skip_match`], `look` shown the match's text (without
    /// its place in the file) before it is dropped: the ordinal and what
    /// `look` says.
    ///
    /// # Errors
    /// As [`MatchReader::next_match`].
    pub fn skip_match_with<T>(
        &mut self,
        look: impl FnOnce(&str) -> T,
    ) -> io::Result<Option<(usize, T)>> {
        let Some((end, _)) = self.next_end()? else {
            return Ok(None);
        };
        let index = self.index;
        let seen = look(&self.buffer()[self.begin..end]);
        self.pass(end);
        Ok(Some((index, seen)))
    }

    /// The text read and not yet handed out.
    fn buffer(&self) -> &str {
        self.feed.buffer()
    }

    /// No more text is to come.
    fn eof(&self) -> bool {
        match &self.feed {
            Feed::Text(_) => true,
            Feed::Blocks(blocks) => blocks.eof,
        }
    }

    /// Where the next match ends in the text, and whether it is the last.
    fn next_end(&mut self) -> io::Result<Option<(usize, bool)>> {
        if self.done {
            return Ok(None);
        }
        loop {
            if self.eof() && self.scanned == 0 && match_line_ends(self.buffer().as_bytes()) < 2 {
                // The whole text is one match, known without a walk.
                self.done = true;
                return Ok(Some((without_blank_tail(self.buffer()), true)));
            }
            if let Some(cut) = self.next_line() {
                // The next match starts at `cut`, in this match's text (its
                // blank and comment lines follow this match's body).
                let end = self.begin + cut.byte.saturating_sub(self.start.byte);
                self.next_start = Some(cut);
                return Ok(Some((end, false)));
            }
            if self.eof() {
                self.done = true;
                let end = self.begin + without_blank_tail(&self.buffer()[self.begin..]);
                return Ok(Some((end, true)));
            }
            if let Err(err) = self.fill() {
                self.done = true;
                return Err(err);
            }
        }
    }

    /// Looks at the lines in the text from `scanned` up to the start of the
    /// next match, if one starts in it: that start (in the file's terms,
    /// but that the bytes dropped from cut lines are not counted).
    fn next_line(&mut self) -> Option<Start> {
        let more = !self.eof();
        loop {
            let from = self.searched.max(self.scanned);
            let text = self.feed.buffer();
            let Some((end, next)) = next_line_from(text, self.scanned, from, more) else {
                // Searched to the end: the search resumes there.
                self.searched = text.len().saturating_sub(1).max(self.scanned);
                return None;
            };
            let at = Start {
                byte: self.start.byte + (self.scanned - self.begin),
                line: self.line,
            };
            let line = &text[self.scanned..end];
            let cut = self.splitter.line(line, at);
            self.scanned = next;
            self.line = self.line.saturating_add(1);
            if cut.is_some() {
                return cut;
            }
        }
    }

    /// Reads the next block of a file, the matches handed out dropped from
    /// its text first.
    fn fill(&mut self) -> io::Result<()> {
        let Feed::Blocks(blocks) = &mut self.feed else {
            return Ok(());
        };
        let begin = self.begin;
        blocks.text.drain(..begin);
        for cut in &mut blocks.cuts {
            cut.at -= begin;
        }
        self.scanned -= begin;
        self.searched = self.searched.saturating_sub(begin);
        self.begin = 0;
        // The lines before `scanned` are counted; a line after it, ended by
        // a lone CR that waits for what follows, is not yet.
        let waiting = u32::from(self.scanned < blocks.text.len());
        blocks.fill(self.line.saturating_add(waiting))
    }

    /// The length, as decoded, of the text dropped from the cut lines that
    /// start before `text[at]`.
    fn dropped_before(&self, at: usize) -> usize {
        match &self.feed {
            Feed::Text(_) => 0,
            Feed::Blocks(blocks) => blocks
                .cuts
                .iter()
                .filter(|cut| cut.at < at)
                .map(|cut| cut.dropped)
                .sum(),
        }
    }

    /// The lines cut in `text[begin..end]`, taken out of the list.
    fn cuts_before(&mut self, end: usize) -> Vec<CutLine> {
        let Feed::Blocks(blocks) = &mut self.feed else {
            return Vec::new();
        };
        let taken = blocks.cuts.iter().take_while(|cut| cut.at < end).count();
        if taken == 0 {
            return Vec::new();
        }
        let (begin, first) = (self.begin, self.start.line);
        blocks
            .cuts
            .drain(..taken)
            .map(|cut| CutLine {
                byte: cut.at - begin,
                line: cut.line.saturating_sub(first).saturating_add(1),
                length: cut.length,
            })
            .collect()
    }

    /// The match of `text[begin..end]`, handed out.
    fn take(&mut self, end: usize, last: bool) -> MatchText<'t> {
        let skew = self.dropped_before(end);
        let cut = self.cuts_before(end);
        let text = match &self.feed {
            Feed::Text(text) => Cow::Borrowed(&text[self.begin..end]),
            Feed::Blocks(blocks) => Cow::Owned(blocks.text[self.begin..end].to_owned()),
        };
        let piece = MatchText {
            text,
            start: self.start,
            index: self.index,
            last,
            encoding: self.encoding,
            stray: self.stray,
            cut,
        };
        self.advance(end, skew);
        piece
    }

    /// Passes over the match of `text[begin..end]`.
    fn pass(&mut self, end: usize) {
        let skew = self.dropped_before(end);
        self.cuts_before(end);
        self.advance(end, skew);
    }

    /// The next match starts at `text[end]` (where [`Splitter`] found it),
    /// `skew` bytes of cut lines further in the file than the text says.
    fn advance(&mut self, end: usize, skew: usize) {
        if let Some(next) = self.next_start.take() {
            self.start = Start {
                byte: next.byte + skew,
                line: next.line,
            };
        }
        self.begin = end;
        self.index += 1;
    }
}

impl<'t, R: Read> Iterator for MatchReader<'t, R> {
    type Item = io::Result<MatchText<'t>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_match().transpose()
    }
}

/// The matches of a decoded `.mat` text in memory, all at once.
#[must_use]
pub fn matches_of<'t>(text: &'t str, encoding: Encoding, stray: bool) -> Vec<MatchText<'t>> {
    MatchReader::text(text, encoding, stray)
        .map_while(Result::ok)
        .collect()
}

#[cfg(test)]
mod tests;
