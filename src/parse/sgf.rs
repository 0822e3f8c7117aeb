//! The GNU Backgammon SGF reader.

use super::Visitor;

/// Reads SGF text and calls `visitor` in reading order.
pub fn read(text: &str, visitor: &mut impl Visitor) {
    let _ = (text, visitor);
}
