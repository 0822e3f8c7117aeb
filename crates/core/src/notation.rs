//! Checker-play notation as written: syntax only, no rules.
//!
//! ```text
//! play   := group (ws+ group)*
//! group  := point "*"? ("/" point "*"?)+ repeat? "*"?
//! repeat := "(" digit ")"
//! point  := 0..=25 | "bar" | "b" | "off" | "o"      (any case)
//! ```
//! Points are in the mover's numbering: 25 is the bar, 0 is off. A chain
//! `13/7*/1` becomes two hops, `13/7*` and `7/1`; a repeat `(2)` repeats the
//! whole group. Whether the play is legal is the rules engine's question.

pub mod distance;

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{char, one_of};
use nom::combinator::{cut, map, map_res, opt, value};
use nom::{IResult, Parser};

use crate::swar;

/// Point number of the bar in notation.
pub const BAR: u8 = 25;
/// Point number of "off" in notation.
pub const OFF: u8 = 0;
/// The most hops a written play may hold (a double with chains and repeats
/// stays well below; more is not a play).
pub const MAX_HOPS: usize = 16;

/// One written movement of one checker, `from/to`, with its hit mark.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hop {
    /// Source point, 1..=25 (25 = bar); 0 only in odd records (`0/0`).
    pub from: u8,
    /// Destination point, 0..=24 (0 = off).
    pub to: u8,
    /// A `*` was written at the landing point.
    pub hit: bool,
}

impl fmt::Display for Hop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}{}",
            PointName(self.from),
            PointName(self.to),
            if self.hit { "*" } else { "" }
        )
    }
}

/// Formats a notation point: `bar`, `off` or the number.
#[derive(Copy, Clone, Debug)]
pub struct PointName(pub u8);

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            BAR => f.write_str("bar"),
            OFF => f.write_str("off"),
            p => write!(f, "{p}"),
        }
    }
}

/// The offset of the first byte other than a space at or after `i` in
/// `bytes`, for runs that may be long (the padding of a column): eight
/// bytes at a time, the spaces before the first other byte of the eight
/// counted, then one at a time.
#[inline]
pub fn skip_space_run(bytes: &[u8], mut i: usize) -> usize {
    while let Some(head) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let others = swar::word(head) ^ swar::splat(b' ');
        if others != 0 {
            return i + swar::first_set_byte(others);
        }
        i += 8;
    }
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// A written play: up to [`MAX_HOPS`] hops with chains and repeats expanded.
/// `Copy`, no allocation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct PlayNotation {
    hops: [Hop; MAX_HOPS],
    len: u8,
}

impl PlayNotation {
    /// An empty play (nothing moved).
    #[must_use]
    pub const fn empty() -> Self {
        PlayNotation {
            hops: [Hop {
                from: 0,
                to: 0,
                hit: false,
            }; MAX_HOPS],
            len: 0,
        }
    }

    /// The hops, in the order written.
    #[must_use]
    #[inline]
    pub fn hops(&self) -> &[Hop] {
        &self.hops[..usize::from(self.len)]
    }

    /// True when no hop is written.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a hop; `false` (and nothing added) when [`MAX_HOPS`] are already held.
    pub fn push(&mut self, hop: Hop) -> bool {
        match self.hops.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = hop;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Builds from hops; `None` if there are more than [`MAX_HOPS`].
    #[must_use]
    pub fn from_hops(hops: &[Hop]) -> Option<Self> {
        let mut play = PlayNotation::empty();
        hops.iter().all(|&h| play.push(h)).then_some(play)
    }

    /// Parses a play as written in a transcript cell.
    ///
    /// # Errors
    /// A [`ParsePlayError`] with the byte offset in `text` where reading failed
    /// and what was expected there.
    #[inline]
    pub fn parse(text: &str) -> Result<Self, ParsePlayError> {
        let mut play = PlayNotation::empty();
        play.parse_into(text)?;
        Ok(play)
    }

    /// [`PlayNotation::parse`] into an existing value, which then holds the
    /// play (or nothing, on error). Readers use it to build a play where it
    /// stays: moving a play just built costs more than building it.
    ///
    /// # Errors
    /// As [`PlayNotation::parse`].
    #[inline]
    pub fn parse_into(&mut self, text: &str) -> Result<(), ParsePlayError> {
        // Hops past `len` stay at their default: the derived `Eq` and `Hash`
        // look at all of them.
        *self = PlayNotation::empty();
        // Plays as servers write them take the hand-written path; anything
        // else (and every error) goes through the grammar below.
        if fast::parse(text, self) {
            return Ok(());
        }
        *self = PlayNotation::empty();
        *self = Self::parse_grammar(text)?;
        Ok(())
    }

    /// Reads the play groups at the start of `bytes` (a non-blank first:
    /// the rest of a text from a point inside a line), each followed by
    /// spaces or the line's end, into `self` (empty on entry), up to the
    /// first word that is none. A line end (`\n`, `\r`) ends the input as
    /// the end of `bytes` does; the only blank is the space (a tab stops the
    /// reading as a word that is no group). Returns the offset just after
    /// the last group read (0 for none) and the offset of the word that
    /// stopped the reading (of the line end when every word was a group).
    /// For a reader that cuts a cell where its play ends and finds the
    /// line's end as it goes: `self` is then what [`PlayNotation::parse`]
    /// gives for the text up to the first offset.
    #[inline]
    pub fn read_line_groups(&mut self, bytes: &[u8]) -> (usize, usize) {
        fast::groups(bytes, self)
    }

    /// [`PlayNotation::parse`] by the nom grammar alone.
    fn parse_grammar(text: &str) -> Result<Self, ParsePlayError> {
        let mut play = PlayNotation::empty();
        let mut rest = text.trim_start();
        while !rest.is_empty() {
            let offset = text.len() - rest.len();
            let (after, group) = group(rest).map_err(|e| {
                let (at, expected) = match e {
                    nom::Err::Error(e) | nom::Err::Failure(e) => (e.input, e.expected),
                    nom::Err::Incomplete(_) => ("", "more input"),
                };
                ParsePlayError {
                    offset: text.len() - at.len(),
                    expected,
                }
            })?;
            for _ in 0..group.repeat {
                for hop in &group.hops[..group.len] {
                    if !play.push(*hop) {
                        return Err(ParsePlayError {
                            offset,
                            expected: "at most 16 moves",
                        });
                    }
                }
            }
            let trimmed = after.trim_start();
            if trimmed.len() == after.len() && !trimmed.is_empty() {
                return Err(ParsePlayError {
                    offset: text.len() - after.len(),
                    expected: "a space between moves",
                });
            }
            rest = trimmed;
        }
        Ok(play)
    }
}

impl fmt::Debug for PlayNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayNotation(\"{self}\")")
    }
}

impl fmt::Display for PlayNotation {
    /// One hop per group, space separated: `13/7* 7/1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, hop) in self.hops().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{hop}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for PlayNotation {
    type Err = ParsePlayError;
    fn from_str(s: &str) -> Result<Self, ParsePlayError> {
        PlayNotation::parse(s)
    }
}

/// A play that is not notation: where reading stopped and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected} at byte {offset}")]
pub struct ParsePlayError {
    /// Byte offset in the play text.
    pub offset: usize,
    /// What a reader expected there.
    pub expected: &'static str,
}

/// nom error that keeps the innermost expectation.
#[derive(Debug)]
struct PErr<'a> {
    input: &'a str,
    expected: &'static str,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        PErr {
            input,
            expected: "a move like `24/18`",
        }
    }
    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a, E> nom::error::FromExternalError<&'a str, E> for PErr<'a> {
    fn from_external_error(input: &'a str, _kind: nom::error::ErrorKind, _e: E) -> Self {
        PErr {
            input,
            expected: "a point from 0 to 25",
        }
    }
}

type PResult<'a, T> = IResult<&'a str, T, PErr<'a>>;

fn expect<'a, T>(
    expected: &'static str,
    mut parser: impl Parser<&'a str, Output = T, Error = PErr<'a>>,
) -> impl FnMut(&'a str) -> PResult<'a, T> {
    move |i| {
        parser.parse(i).map_err(|e| {
            e.map(|mut err| {
                if err.input.len() == i.len() {
                    err.expected = expected;
                }
                err
            })
        })
    }
}

/// `point := 0..=25 | "bar" | "b" | "off" | "o"` (any case).
fn point(i: &str) -> PResult<'_, u8> {
    expect(
        "a point (0-25, `bar` or `off`)",
        alt((
            map_res(take_while1(|c: char| c.is_ascii_digit()), |d: &str| {
                d.parse::<u8>().ok().filter(|&p| p <= BAR).ok_or(())
            }),
            value(BAR, tag_no_case("bar")),
            value(OFF, tag_no_case("off")),
            value(BAR, one_of("bB")),
            value(OFF, one_of("oO")),
        )),
    )(i)
}

fn hit_mark(i: &str) -> PResult<'_, bool> {
    map(opt(char('*')), |m| m.is_some()).parse(i)
}

/// A group: one chain and its repeat count.
struct Group {
    hops: [Hop; MAX_HOPS],
    len: usize,
    repeat: u8,
}

/// `group := point "*"? ("/" point "*"?)+ repeat? "*"?`
fn group(i: &str) -> PResult<'_, Group> {
    let (mut i, (mut from, first_hit)) = (point, hit_mark).parse(i)?;
    let mut g = Group {
        hops: [Hop::default(); MAX_HOPS],
        len: 0,
        repeat: 1,
    };
    loop {
        let Ok((after, _)) = char::<&str, PErr<'_>>('/').parse(i) else {
            break;
        };
        let (after, (to, hit)) = (point, hit_mark).parse(after)?;
        if g.len == MAX_HOPS {
            return Err(nom::Err::Failure(PErr {
                input: i,
                expected: "at most 16 moves",
            }));
        }
        g.hops[g.len] = Hop {
            from,
            to,
            hit: hit || (g.len == 0 && first_hit),
        };
        g.len += 1;
        from = to;
        i = after;
    }
    if g.len == 0 {
        return Err(nom::Err::Error(PErr {
            input: i,
            expected: "`/` after a point",
        }));
    }
    // Once `(` is read we are committed to a repeat count: `cut` keeps `opt`
    // from swallowing the precise error.
    let (i, repeat) = opt((
        char('('),
        cut(expect("a repeat count from 1 to 4", one_of("1234"))),
        cut(expect("`)`", char(')'))),
    ))
    .parse(i)?;
    if let Some((_, n, _)) = repeat {
        g.repeat = n as u8 - b'0';
    }
    let (i, trailing_hit) = hit_mark(i)?;
    if trailing_hit && g.len > 0 {
        g.hops[g.len - 1].hit = true;
    }
    Ok((i, g))
}

/// A hand-written reader for the same grammar, for speed. It gives up
/// (`None`) on anything it is not sure of, so that it accepts a subset of
/// what the grammar accepts, with the same result: ASCII only, blanks and
/// tabs between groups, points of one or two digits.
mod fast {
    use super::{BAR, Hop, OFF, PlayNotation};
    use crate::swar;

    /// Reads `text` into `play` (empty on entry); false when it gives up.
    #[inline]
    pub(super) fn parse(text: &str, play: &mut PlayNotation) -> bool {
        parse_opt(text, play).is_some()
    }

    #[inline]
    fn parse_opt(text: &str, play: &mut PlayNotation) -> Option<()> {
        let mut rest = blanks(text.as_bytes());
        while !rest.is_empty() {
            rest = group::<false>(rest, play)?;
            let after = blanks(rest);
            if after.len() == rest.len() && !rest.is_empty() {
                return None;
            }
            rest = after;
        }
        Some(())
    }

    /// Reads the groups at the start of `bytes` (a non-blank first) into
    /// `play` (empty on entry), each followed by blanks or the end, up to the
    /// first word that is no such group: returns the offset just after the
    /// last group read (0 for none) and the offset of that word (of the
    /// line end when every word was a group). `play` then holds the groups read, as
    /// [`parse`] gives them for the text up to the first offset.
    /// A line end (`\n`, `\r`) ends the input like the end of `bytes`,
    /// and the only blank is the space (see
    /// [`PlayNotation::read_line_groups`]).
    #[inline]
    pub(crate) fn groups(bytes: &[u8], play: &mut PlayNotation) -> (usize, usize) {
        let mut rest = bytes;
        let mut end = 0;
        loop {
            // The common groups, one space after each but the last, read
            // in a loop of their own: where the last one ends is worked
            // out once, after them.
            let start = rest.len();
            while let Some(head) = rest.first_chunk::<8>()
                && digit(head[0])
                && let Some((hop, size, space)) = common_hop(head)
                && add(play, hop)
            {
                let after = rest.get(size..).unwrap_or_default();
                if !space {
                    // A line end right after the group.
                    let end = bytes.len() - after.len();
                    return (end, end);
                }
                rest = after.get(1..).unwrap_or_default();
            }
            if rest.len() != start {
                // The space after the last group, then the word that
                // is no common group or more spaces. After a run of
                // spaces almost every play ends: at the next cell's dice
                // (where no group starts, see below) or the line's end.
                end = bytes.len() - rest.len() - 1;
                if let [b' ', ..] = rest {
                    rest = padding(rest);
                }
                if rest.get(2) == Some(&b':') || line_ends(rest) {
                    return (end, bytes.len() - rest.len());
                }
                continue;
            }
            if line_ends(rest) {
                break;
            }
            // The dice `dd:` of the next cell, where almost every play
            // that does not end its line stops: no group holds a `:`, and
            // none has one as its third byte without failing before it
            // writes a hop.
            if rest.get(2) == Some(&b':') {
                break;
            }
            let mark = play.len;
            match group::<true>(rest, play) {
                Some(after @ ([] | [b' ' | b'\n' | b'\r', ..])) => {
                    end = bytes.len() - after.len();
                    rest = padding(after);
                }
                _ => {
                    // The hops the group wrote go back to their default.
                    let written = usize::from(play.len);
                    for hop in play
                        .hops
                        .get_mut(usize::from(mark)..written)
                        .unwrap_or_default()
                    {
                        *hop = Hop::default();
                    }
                    play.len = mark;
                    break;
                }
            }
        }
        (end, bytes.len() - rest.len())
    }

    /// The group almost every play is made of, `d/d`, `dd/d`, `d/dd` or
    /// `dd/dd` (points up to 25) with or without a `*` and followed by a
    /// blank or the end: its hop and the rest after it, as [`group`] reads
    /// it. `None` for anything else.
    #[inline(always)]
    pub(super) fn simple_group<const LINE: bool>(rest: &[u8]) -> Option<(Hop, &[u8])> {
        let (from, after) = match rest {
            [a, b'/', after @ ..] if digit(*a) => (a - b'0', after),
            [a, b, b'/', after @ ..] if digit(*a) && digit(*b) => {
                ((a - b'0') * 10 + (b - b'0'), after)
            }
            _ => return None,
        };
        let (to, after) = match after {
            [c, d, after @ ..] if digit(*c) && digit(*d) => ((c - b'0') * 10 + (d - b'0'), after),
            [c, after @ ..] if digit(*c) => (c - b'0', after),
            _ => return None,
        };
        let (hit, after) = match after {
            [b'*', after @ ..] => (true, after),
            _ => (false, after),
        };
        let ends = if LINE {
            matches!(after, [] | [b' ' | b'\n' | b'\r', ..])
        } else {
            matches!(after, [] | [b' ' | b'\t', ..])
        };
        (ends && from <= BAR && to <= BAR).then_some((Hop { from, to, hit }, after))
    }

    /// [`simple_group`] in a line (`LINE`) from the eight bytes at its
    /// start (the longest such group and the byte after it take seven),
    /// its hop added to `play`: its length, the byte there a space or a
    /// line end. 0 (nothing added) for no such group, or no room left in
    /// `play`. What [`groups`] does with each common group, for the tests
    /// that compare [`common_hop`] with the byte patterns.
    #[cfg(test)]
    pub(super) fn simple_group_8(head: &[u8; 8], play: &mut PlayNotation) -> usize {
        if !digit(head[0]) {
            return 0;
        }
        match common_hop(head) {
            Some((hop, size, _)) if add(play, hop) => size,
            _ => 0,
        }
    }

    /// [`PlayNotation::push`] with the length read once: kept in a
    /// register, not read back after the hop is written.
    #[inline(always)]
    fn add(play: &mut PlayNotation, hop: Hop) -> bool {
        let len = play.len;
        match play.hops.get_mut(usize::from(len)) {
            Some(slot) => {
                *slot = hop;
                play.len = len + 1;
                true
            }
            None => false,
        }
    }

    /// A decimal digit.
    #[inline(always)]
    fn digit(b: u8) -> bool {
        b.wrapping_sub(b'0') < 10
    }

    /// The hop of `simple_group_8`'s group where its first byte is known
    /// to be a digit (not checked), its length and whether a space (else a
    /// line end) follows it.
    #[inline(always)]
    fn common_hop(head: &[u8; 8]) -> Option<(Hop, usize, bool)> {
        let value = |b: u8| b.wrapping_sub(b'0');
        let (from, at) = if head[1] == b'/' {
            (value(head[0]), 2)
        } else {
            let b = value(head[1]);
            if head[2] != b'/' || b >= 10 {
                return None;
            }
            let from = value(head[0]) * 10 + b;
            if from > BAR {
                return None;
            }
            (from, 3)
        };
        let c = value(head[at]);
        if c >= 10 {
            return None;
        }
        let d = head[at + 1];
        if d == b' ' {
            // The commonest: a one-digit landing point, then a space.
            let hop = Hop {
                from,
                to: c,
                hit: false,
            };
            return Some((hop, at + 1, true));
        }
        let (to, k) = if digit(d) {
            let to = c * 10 + value(d);
            if to > BAR {
                return None;
            }
            if head[at + 2] == b' ' {
                // A two-digit landing point, then a space.
                let hop = Hop {
                    from,
                    to,
                    hit: false,
                };
                return Some((hop, at + 2, true));
            }
            (to, at + 2)
        } else {
            (c, at + 1)
        };
        let hit = head[k] == b'*';
        let size = k + usize::from(hit);
        let space = match head[size] {
            b' ' => true,
            b'\n' | b'\r' => false,
            _ => return None,
        };
        Some((Hop { from, to, hit }, size, space))
    }

    /// One group at the start of `rest` (with its repeat and trailing `*`)
    /// added to `play`; the rest after it.
    #[inline(always)]
    fn group<'r, const LINE: bool>(
        mut rest: &'r [u8],
        play: &mut PlayNotation,
    ) -> Option<&'r [u8]> {
        if let Some((hop, after)) = simple_group::<LINE>(rest) {
            return play.push(hop).then_some(after);
        }
        let (mut from, after) = point(rest)?;
        rest = after;
        let first_hit = star(&mut rest);
        // The group is written in place; a repeat copies it.
        let start = usize::from(play.len);
        while let [b'/', after @ ..] = rest {
            let (to, after) = point(after)?;
            rest = after;
            let hit = star(&mut rest);
            let first = usize::from(play.len) == start;
            if !play.push(Hop {
                from,
                to,
                hit: hit || (first && first_hit),
            }) {
                return None;
            }
            from = to;
        }
        let end = usize::from(play.len);
        if end == start {
            return None;
        }
        let mut repeat = 1;
        if let [b'(', count, after @ ..] = rest {
            match (count, after) {
                (b'1'..=b'4', [b')', after @ ..]) => {
                    repeat = count - b'0';
                    rest = after;
                }
                _ => return None,
            }
        }
        if star(&mut rest) {
            play.hops.get_mut(end - 1)?.hit = true;
        }
        for _ in 1..repeat {
            for k in start..end {
                let hop = *play.hops.get(k)?;
                if !play.push(hop) {
                    return None;
                }
            }
        }
        Some(rest)
    }

    /// The spaces between the groups and the long runs of them between
    /// cells, eight at a time as [`super::skip_space_run`] counts them,
    /// the rest of the text shrunk as it goes (no offset kept: fewer
    /// instructions a step). `skip_space_run` itself written this way cost
    /// more where the row reader inlines it, so the two stay apart.
    #[inline]
    fn padding(mut rest: &[u8]) -> &[u8] {
        while let Some((head, tail)) = rest.split_first_chunk::<8>() {
            let others = swar::word(head) ^ swar::splat(b' ');
            if others != 0 {
                return rest.get(swar::first_set_byte(others)..).unwrap_or_default();
            }
            rest = tail;
        }
        while let [b' ', tail @ ..] = rest {
            rest = tail;
        }
        rest
    }

    /// The end of a line's input: no byte left, or a line end.
    #[inline(always)]
    fn line_ends(rest: &[u8]) -> bool {
        matches!(rest, [] | [b'\n' | b'\r', ..])
    }

    #[inline]
    fn blanks(mut rest: &[u8]) -> &[u8] {
        while let [b' ' | b'\t', after @ ..] = rest {
            rest = after;
        }
        rest
    }

    /// Reads a `*`.
    #[inline]
    fn star(rest: &mut &[u8]) -> bool {
        match rest {
            [b'*', after @ ..] => {
                *rest = after;
                true
            }
            _ => false,
        }
    }

    /// A point and what follows it.
    #[inline(always)]
    fn point(rest: &[u8]) -> Option<(u8, &[u8])> {
        match rest {
            [d @ b'0'..=b'9', e @ b'0'..=b'9', after @ ..] => {
                let value = (d - b'0') * 10 + (e - b'0');
                let more = after.first().is_some_and(u8::is_ascii_digit);
                (value <= BAR && !more).then_some((value, after))
            }
            [d @ b'0'..=b'9', after @ ..] => Some((d - b'0', after)),
            [b'b' | b'B', b'a' | b'A', b'r' | b'R', after @ ..] => Some((BAR, after)),
            [b'o' | b'O', b'f' | b'F', b'f' | b'F', after @ ..] => Some((OFF, after)),
            [b'b' | b'B', after @ ..] => Some((BAR, after)),
            [b'o' | b'O', after @ ..] => Some((OFF, after)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
