//! `bgaudit check`: every input replayed, its findings written as they come
//! (table, JSON Lines, CSV, or diagnostics with `--explain`), the rules in
//! force, the closing summary and the exit status.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use bgaudit::finding::Severity;
use bgaudit::report::rules::RulesListing;
use bgaudit::report::summary::SummaryWriter;
use bgaudit::report::{self, Totals, finding_rows, finding_writer};

use super::input::{Outcome, Reading};
use super::output::{self, SummaryFile};
use super::{Batch, Config, exit_status, jobs};

/// What `check` was asked for.
#[derive(Debug)]
pub(crate) struct Check<'a> {
    /// Findings format.
    pub(crate) format: report::Format,
    /// Where to write the per-match CSV.
    pub(crate) summary: Option<&'a Path>,
    /// Exit 1 at or above this severity; `None` never.
    pub(crate) fail_on: Option<Severity>,
    /// Diagnostics instead of `format`.
    pub(crate) explain: bool,
}

/// Runs `check`. The `--summary` file appears only when the run completes:
/// a run that stops early (standard output closed, a full disk) leaves none,
/// and its error says so.
pub(crate) fn run(config: &Config, check: &Check<'_>) -> Result<ExitCode> {
    let batch = Batch::new(config)?;
    let mut summary = match check.summary {
        Some(path) => Some(SummaryFile::create(path)?),
        None => None,
    };
    match run_batch(config, check, &batch, summary.as_mut()) {
        Ok(code) => {
            if let Some(summary) = summary {
                summary.commit()?;
            }
            Ok(code)
        }
        Err(err) => match summary {
            // Dropped: the temporary file goes.
            Some(summary) => Err(anyhow::anyhow!(
                "{err:#}; the summary {} was not written",
                summary.path().display()
            )),
            None => Err(err),
        },
    }
}

/// Checks every input of `batch`, writing the findings and the summary
/// rows as they come.
fn run_batch(
    config: &Config,
    check: &Check<'_>,
    batch: &Batch,
    summary_file: Option<&mut SummaryFile>,
) -> Result<ExitCode> {
    let Batch {
        repeated, progress, ..
    } = batch;
    let explain = check.explain.then_some(config.style);
    let mut totals = Totals {
        repeated: *repeated,
        ..Totals::default()
    };
    let mut summary = match summary_file {
        Some(file) => Some(SummaryWriter::new(file.writer())?),
        None => None,
    };
    // Diagnostics are written as they come; the table writer is not used
    // then.
    let out = output::stdout();
    let mut listing = RulesListing::new(config.quiet);
    let (mut diagnostics, mut writer) = if explain.is_some() {
        (Some(out), None)
    } else {
        (
            None,
            Some(finding_writer(
                check.format,
                out,
                config.width,
                config.quiet,
            )?),
        )
    };
    let mut reading = Reading::default();
    jobs::run(config, batch, explain, |input, done| {
        reading.part(input, &done.outcome, &mut totals);
        if done.ends {
            std::mem::take(&mut reading).end(&mut totals);
        }
        let reports = match done.outcome {
            Outcome::Checked(reports) => reports,
            Outcome::Skipped(skipped) => {
                if let Some(writer) = writer.as_mut() {
                    writer.skipped(&skipped)?;
                }
                return Ok(());
            }
        };
        let mut texts = done.diagnostics.into_iter();
        for report in &reports {
            if let Some(summary) = summary.as_mut() {
                summary.file(report)?;
            }
            if let (Some(out), Some(text)) = (diagnostics.as_mut(), texts.next()) {
                if !text.is_empty() {
                    progress.suspend(|| out.write_all(text.as_bytes()))?;
                }
                listing.add(report);
            }
            if let Some(writer) = writer.as_mut() {
                let rows = finding_rows(report);
                if !rows.is_empty() {
                    progress.suspend(|| rows.iter().try_for_each(|row| writer.row(row)))?;
                }
                writer.matches(report)?;
            }
        }
        Ok(())
    })?;
    progress.finish();
    if let Some(summary) = summary {
        summary.finish()?;
    }
    if let Some(writer) = writer {
        writer.finish()?;
    }
    if let Some(mut out) = diagnostics.take() {
        listing.write(&mut out, config.width)?;
        out.flush()?;
    }
    if !config.quiet {
        // The summary follows a table or the diagnostics on stdout; with
        // data formats it goes to stderr so that stdout stays
        // machine-readable.
        if check.format == report::Format::Table || explain.is_some() {
            let mut stdout = output::stdout();
            write!(stdout, "{totals}")?;
            stdout.flush()?;
        } else {
            output::eprint(format_args!("{totals}"));
        }
    }
    super::nothing_read(config, &totals)?;
    Ok(exit_status(&totals, check.fail_on))
}
