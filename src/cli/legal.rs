//! `bgaudit legal`: the legal plays of one roll in one position.

use std::process::ExitCode;

use anyhow::Result;
use bgaudit::dice::Roll;
use bgaudit::position::Position;
use bgaudit::report::legal::{self, LegalOutput};

/// Prints the legal plays of `roll` in `position`.
pub(crate) fn run(position: &Position, roll: Roll, format: LegalOutput) -> Result<ExitCode> {
    let rows = legal::legal_rows(position, roll);
    legal::write(&rows, format, super::output::stdout())?;
    if rows.is_empty() && format == LegalOutput::Text {
        // Nothing on standard output, as a script expects; a word for the
        // reader.
        super::output::warn!("no legal play: {roll} cannot be played, the roll is lost");
    }
    Ok(ExitCode::SUCCESS)
}
