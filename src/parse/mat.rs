//! The Jellyfish `.mat` family reader.

use super::Visitor;

/// Reads `.mat` text and calls `visitor` in reading order.
pub fn read(text: &str, visitor: &mut impl Visitor) {
    let _ = (text, visitor);
}
