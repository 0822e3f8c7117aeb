//! `bgaudit show`: the boards before and after each action of a move, a
//! game or a file.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use bgaudit::report::explain::{Explainer, Place};

use super::{Config, input};

/// `show FILE`: the boards at `place`.
/// `bottom`: the player drawn at the bottom of every board (`None`: the
/// player acting).
pub(crate) fn run(
    config: &Config,
    place: &Place,
    bottom: Option<bgaudit::side::Side>,
) -> Result<ExitCode> {
    let (report, source) = input::single(config, "show", place)?;
    let explainer = Explainer::new(&report, source.as_ref(), config.style)
        .with_width(config.width)
        .with_bottom(bottom);
    let mut out = super::output::stdout();
    let text = explainer.show(place).map_err(anyhow::Error::msg)?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
