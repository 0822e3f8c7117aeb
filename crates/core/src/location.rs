//! Where something is in the input: shared by the readers, which find it,
//! and the findings, which report it. It depends on nothing.

/// Where something is in the input. All 1-based except `byte` (0-based
/// offset in the decoded text).
///
/// A binary input has no lines: `line` and `column` are 0, and `byte` is the
/// offset of the record in the decompressed game stream (see
/// the `.xg` reader, `parse::xg`, in the read crate).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Byte offset in the decoded text.
    pub byte: usize,
    /// Line number, from 1.
    pub line: u32,
    /// Column of the first character, from 1, with tabs expanded to 8-column stops.
    pub column: u32,
}

/// Columns between tab stops: a tab takes the text to the next multiple
/// of 8 columns, as terminals show it.
pub const TAB_STOP: u32 = 8;

/// The 0-based display column after `prefix`: each character one column, a
/// tab to the next [tab stop](TAB_STOP). The one count of columns of the
/// text readers (the SGF lexer counts the same a byte at a time).
#[must_use]
#[inline]
pub fn display_width(prefix: &str) -> u32 {
    prefix.chars().fold(0u32, |col, c| {
        if c == '\t' {
            (col / TAB_STOP + 1).saturating_mul(TAB_STOP)
        } else {
            col.saturating_add(1)
        }
    })
}

impl Location {
    /// The start of the input: line 1, column 1.
    pub const START: Location = Location {
        byte: 0,
        line: 1,
        column: 1,
    };
}
