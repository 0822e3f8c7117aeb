//! `bgaudit legal`: the legal plays of one roll in one position.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use anyhow::Result;
use bgaudit::dice::Roll;
use bgaudit::position::Position;
use bgaudit::report::legal::{self, Format};

/// Prints the legal plays of `roll` in `position`.
pub(crate) fn run(position: &Position, roll: Roll, format: Format) -> Result<ExitCode> {
    let rows = legal::legal_rows(position, roll);
    legal::write(&rows, format, BufWriter::new(io::stdout().lock()))?;
    if rows.is_empty() && format == Format::Text {
        // Nothing on standard output, as a script expects; a word for the
        // reader.
        eprintln!("no legal play: {roll} cannot be played, the roll is lost");
    }
    Ok(ExitCode::SUCCESS)
}
