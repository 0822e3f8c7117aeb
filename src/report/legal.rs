//! The legal plays of one roll in one position (`bgaudit legal`): each play
//! in standard notation with the position ID after it, as text or JSON.

use std::io::{self, Write};

use serde::Serialize;

use crate::dice::Roll;
use crate::ids::gnubg::position_id;
use crate::position::Position;

/// The output formats of the legal plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One play per line: the play, a tab, the position ID after it.
    Text,
    /// One JSON array of objects with `play` and `position`.
    Json,
}

/// One legal play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalRow {
    /// The play in standard notation.
    pub play: String,
    /// GNU Backgammon position ID after the play, still from the mover's
    /// side.
    pub position: String,
}

/// Every legal play of `roll` in `position`, ordered by resulting position
/// ID (the order of the oracle files).
#[must_use]
pub fn legal_rows(position: &Position, roll: Roll) -> Vec<LegalRow> {
    let mut rows: Vec<LegalRow> = crate::rules::legal_plays(position, roll)
        .iter()
        .map(|p| LegalRow {
            play: p.play.to_string(),
            position: position_id(&p.result),
        })
        .collect();
    rows.sort_by(|a, b| a.position.cmp(&b.position));
    rows
}

/// Writes `rows` in `format` (nothing for no play as text, `[]` as JSON)
/// and flushes.
///
/// # Errors
/// Errors of `out`.
pub fn write(rows: &[LegalRow], format: Format, mut out: impl Write) -> io::Result<()> {
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, rows)?;
            writeln!(out)?;
        }
        Format::Text => {
            for row in rows {
                writeln!(out, "{}\t{}", row.play, row.position)?;
            }
        }
    }
    out.flush()
}
