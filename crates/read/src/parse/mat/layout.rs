//! Move rows: where each cell starts, and which column it is in.
//!
//! Cells are cut at their first word, not at the gaps between them: a cell
//! starts at a *cell start* (`dd:` or one of the cell words below) preceded
//! by a blank. Whatever follows the row number starts a cell too, so text
//! that is no cell at all still becomes one (and is then reported as
//! unreadable). A row number repeated inside a row (a Backgammon Galaxy
//! export bug) ends the cell before it. The `Illegal play (...)` position
//! dump is skipped whole, so the names inside it never start a cell.
//!
//! Which player a cell belongs to is decided by its column against a
//! threshold learned from the rows of the match ([`ColumnLearner`]): the most
//! common start column of second cells, minus 4.

use super::lines::Line;
use crate::dice::Roll;
use crate::notation::{PlayNotation, skip_space_run};
use crate::side::Side;
use crate::swar::{self, Pattern};

/// The most cells one row holds; more are merged into the last one.
pub(super) const MAX_CELLS: usize = 4;

/// The words that start a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Word {
    /// `Doubles`.
    Double,
    /// `Beavers`.
    Beaver,
    /// `Raccoons`.
    Raccoon,
    /// `Takes`, `Accepts`.
    Take,
    /// `Drops`, `Passes`, `Rejects`.
    Drop,
    /// `Wins`.
    Win,
    /// `Losses`.
    Loss,
    /// `Resigned`.
    Resigned,
    /// `Resign`, `Resigns`.
    Resign,
    /// `Concedes`.
    Concede,
}

/// The cell word at the start of `bytes` (any case, followed by no letter
/// or digit) and its length.
pub(super) fn word_at(bytes: &[u8]) -> Option<(Word, usize)> {
    // Spellings by first letter, lowercase, longest first where one is a
    // prefix of another.
    let spellings: &[(&[u8], Word)] = match bytes.first()?.to_ascii_lowercase() {
        b'a' => &[(b"accepts", Word::Take), (b"accept", Word::Take)],
        b'b' => &[(b"beavers", Word::Beaver), (b"beaver", Word::Beaver)],
        b'c' => &[(b"concedes", Word::Concede)],
        b'd' => &[
            (b"doubles", Word::Double),
            (b"double", Word::Double),
            (b"drops", Word::Drop),
            (b"drop", Word::Drop),
        ],
        b'l' => &[(b"losses", Word::Loss)],
        b'p' => &[(b"passes", Word::Drop)],
        b'r' => &[
            (b"raccoons", Word::Raccoon),
            (b"raccoon", Word::Raccoon),
            (b"rejects", Word::Drop),
            (b"reject", Word::Drop),
            (b"resigned", Word::Resigned),
            (b"resigns", Word::Resign),
            (b"resign", Word::Resign),
        ],
        b't' => &[(b"takes", Word::Take), (b"take", Word::Take)],
        b'w' => &[(b"wins", Word::Win)],
        _ => return None,
    };
    spellings.iter().find_map(|&(spelling, word)| {
        let head = bytes.get(..spelling.len())?;
        let boundary = bytes
            .get(spelling.len())
            .is_none_or(|b| !b.is_ascii_alphanumeric());
        (boundary && head.eq_ignore_ascii_case(spelling)).then_some((word, spelling.len()))
    })
}

/// A cell starts at `bytes[i]`: `dd:`, a cell word, or a hidden play
/// without dice (`????`).
fn is_cell_start(bytes: &[u8], i: usize) -> bool {
    match bytes.get(i..) {
        Some([a, b, b':', ..]) => a.is_ascii_digit() && b.is_ascii_digit(),
        Some(rest) => word_at(rest).is_some() || hidden_at(rest),
        None => false,
    }
}

/// `???` or `????` standing alone at the start of `bytes`.
fn hidden_at(bytes: &[u8]) -> bool {
    let marks = bytes.iter().take_while(|&&b| b == b'?').count();
    (3..=4).contains(&marks) && bytes.get(marks).is_none_or(|&b| is_blank(b))
}

/// What follows the dice of the cell opened at `open` at `t` is no cell of
/// its own: a hidden play or a concession a blank or two after `dd:`
/// (`65: ????`, `32: Concedes`).
fn continues_roll(bytes: &[u8], open: usize, t: usize) -> bool {
    let dice = matches!(
        bytes.get(open..open + 3),
        Some([a, b, b':']) if a.is_ascii_digit() && b.is_ascii_digit()
    );
    let gap = bytes
        .get(open + 3..t)
        .is_some_and(|gap| gap.len() <= 2 && gap.iter().all(|&b| is_blank(b)));
    let rest = bytes.get(t..).unwrap_or_default();
    dice && gap
        && (hidden_at(rest) || matches!(word_at(rest), Some((Word::Concede | Word::Resign, _))))
}

/// A row number `NN)` at `bytes[i]`: its value and the offset after `)`.
fn row_number(bytes: &[u8], i: usize) -> Option<(u32, usize)> {
    let (value, digits) = number_at(bytes.get(i..)?, 6)?;
    (bytes.get(i + digits) == Some(&b')')).then_some((value, i + digits + 1))
}

const fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Case-insensitive prefix test at `bytes[i]`.
fn starts_with_ci(bytes: &[u8], i: usize, prefix: &[u8]) -> bool {
    bytes
        .get(i..i + prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// The offset just after an `Illegal play (...)` dump starting at `i`
/// (after `Illegal play` alone when no dump follows).
fn skip_dump(bytes: &[u8], i: usize) -> usize {
    let mut j = i + b"illegal".len();
    while bytes.get(j).is_some_and(|&b| is_blank(b)) {
        j += 1;
    }
    if !starts_with_ci(bytes, j, b"play") {
        return j;
    }
    j += b"play".len();
    while bytes.get(j).is_some_and(|&b| is_blank(b)) {
        j += 1;
    }
    if bytes.get(j) != Some(&b'(') {
        return j;
    }
    let rest = bytes.get(j..).unwrap_or_default();
    dump_end(rest).map_or(bytes.len(), |end| j + end)
}

/// The length of a parenthesised dump at the start of `bytes`, closing
/// parenthesis included: the exporter ends every field with `;`, so `;)`
/// closes it even when a name holds a parenthesis.
pub(super) fn dump_end(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(2)
        .position(|w| w == b";)")
        .map(|at| at + 2)
        .or_else(|| bytes.iter().position(|&b| b == b')').map(|at| at + 1))
}

/// A cell's place in its line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Span {
    /// Byte offset of the first character.
    start: u32,
    /// Byte offset just after its last non-blank (space or tab) character.
    end: u32,
    /// The row number in force where the cell starts.
    pub row: Option<u32>,
}

impl Span {
    /// Byte offset of the first character.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Byte offset just after its last non-blank (space or tab) character.
    pub fn end(&self) -> usize {
        self.end as usize
    }
}

/// A row number written inside a row.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct InnerNumber {
    /// Its value.
    pub value: u32,
    /// Byte offset of its first digit.
    at: u32,
}

impl InnerNumber {
    /// Byte offset of its first digit.
    pub fn at(&self) -> usize {
        self.at as usize
    }
}

/// One move row cut into cells.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct RowLayout {
    /// The row number at the start of the line, if written.
    pub number: Option<u32>,
    cells: [Span; MAX_CELLS],
    len: u8,
    inner: [InnerNumber; 2],
    inner_len: u8,
    /// When the row was read by [`split_plain_row`] (see
    /// [`PlainRow::layout`]): where its cells' rolls are in the list it
    /// filled, one per cell.
    pub rolls: Option<u32>,
}

/// A common row read by [`split_plain_row`]: its number, its cells (no
/// row number is written inside it) and where their rolls are. It is kept
/// as it is, without a [`RowLayout`] (whose blank entry cost more to write
/// than the row to read).
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct PlainRow {
    /// The row number at the start of the line, if written.
    pub number: Option<u32>,
    /// Where its cells' rolls are in the list [`split_plain_row`] filled,
    /// one per cell.
    pub rolls: u32,
    /// Each cell's start and end (just after its last non-blank) in the line.
    cells: [(u32, u32); MAX_CELLS],
    len: u8,
}

impl PlainRow {
    /// The cells, left to right: start and end offsets in the line.
    pub fn cells(&self) -> &[(u32, u32)] {
        self.cells.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The same row as a [`RowLayout`] (as if cut by [`split_row_into`],
    /// with its rolls).
    pub fn layout(&self) -> RowLayout {
        let mut layout = RowLayout {
            number: self.number,
            rolls: Some(self.rolls),
            ..RowLayout::default()
        };
        for &(start, end) in self.cells() {
            if let Some(slot) = layout.cells.get_mut(usize::from(layout.len)) {
                *slot = Span {
                    start,
                    end,
                    row: self.number,
                };
                layout.len += 1;
            }
        }
        layout
    }
}

/// A cell read while its row was cut: what it says, and for a roll the
/// play (empty for nothing written after the dice; empty for other cells).
///
/// The play comes first in memory (`repr(C)`): a roll's play is read
/// into a blank one on the stack and the cell pushed after, which takes
/// fewer instructions in this layout than in the compiler's own (see
/// PERFORMANCE.md).
#[derive(Copy, Clone, Debug)]
#[repr(C)]
pub(super) struct CellRoll {
    pub play: PlayNotation,
    pub said: Said,
}

/// What a cell read while its row was cut says, as the general cell reader
/// ([`super::cell::parse_into`]) reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Said {
    /// `dd: play`.
    Roll(Roll),
    /// `Doubles => N`.
    Double(u32),
    /// `Beavers => N`.
    Beaver(u32),
    /// `Takes`.
    Take,
    /// `Drops`.
    Drop,
    /// `Wins N point` or `Wins N points`.
    Win(u32),
}

impl RowLayout {
    /// The cells, left to right.
    pub fn cells(&self) -> &[Span] {
        self.cells.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// Row numbers written inside the row (at most two kept).
    pub fn inner_numbers(&self) -> &[InnerNumber] {
        self.inner
            .get(..usize::from(self.inner_len))
            .unwrap_or_default()
    }

    /// Lines are shorter than 4 GiB (see [`split_row_into`]), so offsets fit.
    fn close(&mut self, (start, row): (usize, Option<u32>), end: usize) {
        let (start, end) = (start as u32, end as u32);
        if let Some(slot) = self.cells.get_mut(usize::from(self.len)) {
            *slot = Span { start, end, row };
            self.len += 1;
        } else if let Some(last) = self.cells.last_mut() {
            last.end = end;
        }
    }

    /// Whose column each cell is in, from the cells' 0-based `columns`:
    /// by column against `threshold`, except that two cells of one row never
    /// go to the same player, so a cell the column gives to the player of the
    /// cell before it goes to the other one (touching cells; the
    /// `Losses`/`Wins` pair after a repeated row number).
    pub fn sides(columns: &[u32], threshold: u32) -> [Side; MAX_CELLS] {
        let mut sides = [Side::First; MAX_CELLS];
        let mut previous = None;
        for (slot, &column) in sides.iter_mut().zip(columns) {
            let side = Self::side(previous, column, threshold);
            *slot = side;
            previous = Some(side);
        }
        sides
    }

    /// The side of a cell at the 0-based `column`, after a cell of the same
    /// row given to `previous` (the rule of [`RowLayout::sides`]).
    pub fn side(previous: Option<Side>, column: u32, threshold: u32) -> Side {
        let by_column = if column >= threshold {
            Side::Second
        } else {
            Side::First
        };
        if previous == Some(by_column) {
            by_column.other()
        } else {
            by_column
        }
    }
}

/// [`split_row_into`] into a new layout: `None` for no move row.
#[cfg(test)]
pub(super) fn split_row(text: &str) -> Option<RowLayout> {
    let mut layout = RowLayout::default();
    split_row_into(text, &mut layout).then_some(layout)
}

/// Cuts a line into cells if it is a move row: a row number `NN)`, or a
/// cell start as its first word (`Wins 2 points` rows, rows without a
/// number). False for any other line, and for lines of 4 GiB or more.
///
/// The cells go into `layout` (empty on entry), where they stay: a layout
/// just built costs more to move than to build.
///
/// Only words holding a byte that can make them a cell start (`:` of the
/// dice, `)` of a row number, a letter) are looked at; the points of a play
/// are skipped eight bytes at a time.
pub(super) fn split_row_into(text: &str, layout: &mut RowLayout) -> bool {
    let bytes = text.as_bytes();
    if u32::try_from(bytes.len()).is_err() {
        return false;
    }
    let indent = skip_blanks(bytes, 0);
    let mut cursor = indent;
    if let Some((value, after)) = row_number(bytes, indent) {
        layout.number = Some(value);
        cursor = after;
    } else if !is_cell_start(bytes, indent) {
        return false;
    }
    let mut row = layout.number;
    // The start of the open cell.
    let mut open: Option<(usize, Option<u32>)> = None;
    // After a row number the next word starts a cell, whatever it is.
    let mut fresh = true;
    loop {
        let t = if fresh {
            skip_blanks(bytes, cursor)
        } else {
            let j = next_special(bytes, cursor);
            // The start of the word holding byte `j`; at once for the `:`
            // of `dd:` starting a word.
            let dice_word = j >= cursor + 2
                && matches!(bytes.get(j - 2..=j), Some([b'0'..=b'9', b'0'..=b'9', b':']))
                && (j == cursor + 2 || bytes.get(j - 3).is_some_and(|&b| is_blank(b)));
            let mut t = if dice_word { j - 2 } else { j };
            while t > cursor && bytes.get(t - 1).is_some_and(|&b| !is_blank(b)) {
                t -= 1;
            }
            t
        };
        let Some(&b) = bytes.get(t) else { break };
        // `dd:` (the commonest cell start) is no row number.
        let dice = matches!(bytes.get(t..t + 3), Some([b'0'..=b'9', b'0'..=b'9', b':']));
        if b.is_ascii_digit() && !dice {
            let inner = row_number(bytes, t)
                .filter(|&(_, after)| bytes.get(after).is_none_or(|&c| is_blank(c)));
            if let Some((value, after)) = inner {
                if let Some(cell) = open.take() {
                    layout.close(cell, trim_back(bytes, t));
                }
                if let Some(slot) = layout.inner.get_mut(usize::from(layout.inner_len)) {
                    *slot = InnerNumber {
                        value,
                        at: t as u32,
                    };
                    layout.inner_len += 1;
                }
                row = Some(value);
                fresh = true;
                cursor = after;
                continue;
            }
        }
        if fresh
            || dice
            || is_cell_start(bytes, t) && !open.is_some_and(|(o, _)| continues_roll(bytes, o, t))
        {
            if let Some(cell) = open.take() {
                layout.close(cell, trim_back(bytes, t));
            }
            open = Some((t, row));
            fresh = false;
        }
        let mut end = t;
        if dice {
            // The word `dd:` ends at its colon or goes on.
            end = t + 3;
        } else if (b == b'I' || b == b'i') && starts_with_ci(bytes, t, b"illegal") {
            end = skip_dump(bytes, t);
        }
        cursor = skip_word(bytes, end);
    }
    if let Some(cell) = open {
        layout.close(cell, trim_back(bytes, bytes.len()));
    }
    true
}

/// The common row, found and cut and read in one pass from the start of a
/// line (`bytes`: the rest of the text from there): a plain line
/// (printable ASCII and spaces) holding a row number (or none, when a cell
/// starts the line) and cells of the kinds servers write: roll cells,
/// `dd: play` with dice from 1 to 6, the play in the notation
/// [`PlayNotation::read_line_groups`] reads, and the cube and result cells
/// of [`word_cell`]. Each cell then ends where its play or its words end
/// and the next starts at the next `dd:` or cell word, where
/// [`split_row_into`] cuts it too: the words of a play are never cell
/// starts (a point is digits, `bar`, `b`, `off` or `o`, and a group holds
/// a `/`), nor are those inside a cube or result cell (`=>`, a number
/// followed by a blank, `point`). Every byte of such a line is matched by
/// one of these patterns,
/// none of which takes a control or non-ASCII byte: the line is plain, and
/// it ends where the reading stops at a line end (`\n`, `\r`) or the end
/// of the text. Returns the line's length; the cells are in `row`, the
/// rolls added to `rolls` and the row says where. `None` (`rolls`
/// unchanged, `row` of no meaning) for any other line, which the general
/// path ([`super::lines::Lines`], [`split_row_into`]) reads.
#[inline(always)]
pub(super) fn split_plain_row(
    bytes: &[u8],
    row: &mut PlainRow,
    rolls: &mut Vec<CellRoll>,
) -> Option<usize> {
    let first = rolls.len();
    let first_index = u32::try_from(first).ok()?;
    let digit = |b: u8| b.wrapping_sub(b'0') < 10;
    // The commonest starts, `  d) ` and ` dd) ` (a row number in three
    // columns, a space after it), from eight bytes at once; the rest as
    // [`row_number`] reads them, one or two digits first.
    let head = bytes
        .first_chunk::<8>()
        .map_or(0, |head| u64::from_le_bytes(*head));
    let [_, b1, b2, ..] = head.to_le_bytes();
    const ONE_DIGIT: Pattern = Pattern::new(b"  ?) ");
    const TWO_DIGITS: Pattern = Pattern::new(b" ??) ");
    let (number, t) = if ONE_DIGIT.matches(head) && digit(b2) {
        (Some(u32::from(b2 - b'0')), skip_spaces(bytes, 5))
    } else if TWO_DIGITS.matches(head) && digit(b1) && digit(b2) {
        let number = u32::from(b1 - b'0') * 10 + u32::from(b2 - b'0');
        (Some(number), skip_spaces(bytes, 5))
    } else {
        let indent = skip_spaces(bytes, 0);
        let numbered = match bytes.get(indent..) {
            Some(&[a, b')', ..]) if digit(a) => Some((u32::from(a - b'0'), indent + 2)),
            Some(&[a, b, b')', ..]) if digit(a) && digit(b) => {
                Some((u32::from(a - b'0') * 10 + u32::from(b - b'0'), indent + 3))
            }
            _ => row_number(bytes, indent),
        };
        match numbered {
            Some((number, after)) => (Some(number), skip_spaces(bytes, after)),
            None => (None, indent),
        }
    };
    let mut n = 0;
    // The line from the next cell on, shrunk as each cell is read (its
    // offset worked out where a cell needs it).
    let mut rest = bytes.get(t..).unwrap_or_default();
    let len = loop {
        let t = bytes.len() - rest.len();
        // The dice and the play after them.
        let (dice, play) = match rest {
            [] | [b'\n' | b'\r', ..] => break t,
            // The common spelling: one space after the dice.
            [d1 @ b'1'..=b'6', d2 @ b'1'..=b'6', b':', b' ', next, ..]
                if n < MAX_CELLS && *next != b' ' =>
            {
                (
                    Roll::new(d1 - b'0', d2 - b'0'),
                    rest.get(4..).unwrap_or_default(),
                )
            }
            [d1 @ b'1'..=b'6', d2 @ b'1'..=b'6', b':', after @ ..]
                if n < MAX_CELLS && matches!(after, [] | [b' ' | b'\n' | b'\r', ..]) =>
            {
                // No play (a dance) is padded to the next column.
                (
                    Roll::new(d1 - b'0', d2 - b'0'),
                    bytes
                        .get(skip_space_run(bytes, t + 3)..)
                        .unwrap_or_default(),
                )
            }
            _ => (None, rest),
        };
        let Some(dice) = dice else {
            // A cube or result cell, else a row for the general path.
            let Some((said, size)) = word_cell(rest).filter(|_| n < MAX_CELLS) else {
                rolls.truncate(first);
                return None;
            };
            rolls.push(CellRoll {
                said,
                play: PlayNotation::empty(),
            });
            if let Some(cell) = row.cells.get_mut(n) {
                *cell = (t as u32, (t + size) as u32);
            }
            n += 1;
            rest = bytes
                .get(skip_spaces(bytes, t + size)..)
                .unwrap_or_default();
            continue;
        };
        let mut roll = CellRoll {
            said: Said::Roll(dice),
            play: PlayNotation::empty(),
        };
        let (end, stop) = roll.play.read_line_groups(play);
        rolls.push(roll);
        // No group read (an empty play) ends the cell at its dice.
        let end = if end == 0 {
            t + 3
        } else {
            bytes.len() - play.len() + end
        };
        if let Some(cell) = row.cells.get_mut(n) {
            *cell = (t as u32, end as u32);
        }
        n += 1;
        rest = play.get(stop..).unwrap_or_default();
    };
    if n == 0 || u32::try_from(len).is_err() {
        rolls.truncate(first);
        return None;
    }
    row.number = number;
    row.len = n as u8;
    row.rolls = first_index;
    Some(len)
}

/// The cube or result cell at the start of `rest` in the spelling servers
/// write (`Doubles => 2`, `Beavers => 4`, `Takes`, `Drops`, `Wins 1 point`,
/// `Wins 2 points`; a number of one to nine digits), followed by a space,
/// a line end or the end: what it says and its length. `None` for any
/// other text, which the general cell reader reads.
fn word_cell(rest: &[u8]) -> Option<(Said, usize)> {
    let (said, size) = if rest.starts_with(b"Takes") {
        (Said::Take, 5)
    } else if rest.starts_with(b"Drops") {
        (Said::Drop, 5)
    } else if let Some(after) = rest.strip_prefix(b"Doubles => ") {
        let (value, digits) = number_at(after, 9)?;
        (Said::Double(value), 11 + digits)
    } else if let Some(after) = rest.strip_prefix(b"Beavers => ") {
        let (value, digits) = number_at(after, 9)?;
        (Said::Beaver(value), 11 + digits)
    } else if let Some(after) = rest.strip_prefix(b"Wins ") {
        let (value, digits) = number_at(after, 9)?;
        let tail = after.get(digits..)?;
        let word = if tail.starts_with(b" points") {
            7
        } else if tail.starts_with(b" point") {
            6
        } else {
            return None;
        };
        (Said::Win(value), 5 + digits + word)
    } else {
        return None;
    };
    matches!(rest.get(size..), Some([] | [b' ' | b'\n' | b'\r', ..])).then_some((said, size))
}

/// The number of one to `max` digits (at most nine: it fits a `u32`) at the
/// start of `bytes` and its length; `None` for none or more than `max`.
pub(super) fn number_at(bytes: &[u8], max: usize) -> Option<(u32, usize)> {
    let digits = bytes
        .iter()
        .take(max + 1)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if !(1..=max).contains(&digits) {
        return None;
    }
    let value = bytes
        .get(..digits)?
        .iter()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    Some((value, digits))
}

/// The offset just after the last non-blank before `end`.
fn trim_back(bytes: &[u8], mut end: usize) -> usize {
    // Cells are padded with long runs of spaces: eight at a time.
    while end >= 8 && bytes.get(end - 8..end) == Some(b"        ") {
        end -= 8;
    }
    while end > 0 && bytes.get(end - 1).is_some_and(|&b| is_blank(b)) {
        end -= 1;
    }
    end
}

/// The offset of the first byte other than a space at or after `i`.
fn skip_spaces(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// The offset of the first non-blank at or after `i`.
fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|&b| is_blank(b)) {
        i += 1;
    }
    i
}

/// The offset of the first blank at or after `i` (the length if none).
fn skip_word(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|&b| !is_blank(b)) {
        i += 1;
    }
    i
}

/// The offset of the first byte at or after `i` that may belong to a cell
/// start: `)`, or a byte from `:` up (letters, `:`, `?`, non-ASCII); the
/// length if none.
fn next_special(bytes: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = swar::word(&word);
        let special = swar::at_least(x, b':') | swar::equal(x, b')');
        if special != 0 {
            return i + swar::first_set_byte(special);
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(|&b| b != b')' && b < b':') {
        i += 1;
    }
    i
}

/// Learns the column threshold of a match from its rows.
#[derive(Clone, Debug)]
pub(super) struct ColumnLearner {
    /// Start columns of second cells.
    second: Histogram,
    /// Start columns of lone cells right of any left cell.
    lone_right: Histogram,
}

/// Votes by column, and the commonest column so far.
#[derive(Clone, Debug)]
struct Histogram {
    counts: [u32; ColumnLearner::WIDTH],
    /// The commonest column, the leftmost of equals, and its count (0 for
    /// no vote yet): kept as the votes come, so that no scan of the
    /// counts is needed at the end.
    mode: (u32, u32),
}

impl Default for ColumnLearner {
    fn default() -> Self {
        let empty = Histogram {
            counts: [0; Self::WIDTH],
            mode: (0, 0),
        };
        ColumnLearner {
            second: empty.clone(),
            lone_right: empty,
        }
    }
}

impl ColumnLearner {
    /// Columns counted; cells further right do not vote.
    const WIDTH: usize = 160;
    /// Left cells start just after the row number: never beyond this column.
    const LEFT_LIMIT: u32 = 12;
    /// The threshold when the rows give no evidence: gnubg's layout (33) - 4.
    const DEFAULT: u32 = 29;

    /// Counts one row.
    pub fn add(&mut self, line: &Line<'_>, row: &RowLayout) {
        let (histogram, cell) = match row.cells() {
            [_, second, ..] => (&mut self.second, second),
            [only] => (&mut self.lone_right, only),
            [] => return,
        };
        Self::count(histogram, line.column(cell.start()));
    }

    /// Counts one common row (its line is plain: an offset is a column).
    #[inline]
    pub fn add_plain(&mut self, row: &PlainRow) {
        let (histogram, &(start, _)) = match row.cells() {
            [_, second, ..] => (&mut self.second, second),
            [only] => (&mut self.lone_right, only),
            [] => return,
        };
        Self::count(histogram, start);
    }

    /// One vote for `column` (0-based).
    #[inline]
    fn count(histogram: &mut Histogram, column: u32) {
        if column <= Self::LEFT_LIMIT {
            return;
        }
        if let Some(count) = usize::try_from(column)
            .ok()
            .and_then(|c| histogram.counts.get_mut(c))
        {
            *count += 1;
            let (mode, most) = histogram.mode;
            if *count > most || (*count == most && column < mode) {
                histogram.mode = (column, *count);
            }
        }
    }

    /// The threshold (0-based column): a cell starting at or right of it is
    /// in the right column.
    pub fn threshold(&self) -> u32 {
        let mode = |histogram: &Histogram| {
            let (column, most) = histogram.mode;
            (most > 0).then_some(column)
        };
        mode(&self.second)
            .or_else(|| mode(&self.lone_right))
            .map_or(Self::DEFAULT, |column| {
                column.saturating_sub(4).max(Self::LEFT_LIMIT)
            })
    }
}

#[cfg(test)]
mod tests;
