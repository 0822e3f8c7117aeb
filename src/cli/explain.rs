//! `bgaudit explain`: a finding code from the catalogue, or the findings of
//! one file at one place as diagnostics.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use bgaudit::report::explain::{Explainer, Place, explain_code_within};

use super::{Config, input};

/// `explain CODE`.
pub(crate) fn code(name: &str, config: &Config) -> Result<ExitCode> {
    let text = explain_code_within(name, config.style, config.width)
        .ok_or_else(|| anyhow::anyhow!("`{name}` is not a finding code"))?;
    let mut out = super::output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `explain FILE`: the diagnostics at `place`.
pub(crate) fn place(config: &Config, place: &Place) -> Result<ExitCode> {
    let (report, source) = input::single(config, "explain", place)?;
    let explainer = Explainer::new(&report, source.as_ref(), config.style).with_width(config.width);
    let mut out = super::output::stdout();
    let text = explainer.place(place).map_err(anyhow::Error::msg)?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
