//! `bgaudit check`: every input replayed, its findings written as they come
//! (table, JSON Lines, CSV, or diagnostics with `--explain`), the rules in
//! force, the closing summary and the exit status.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use bgaudit::finding::Severity;
use bgaudit::report::explain::{Explainer, Source};
use bgaudit::report::rules::RulesListing;
use bgaudit::report::summary::SummaryWriter;
use bgaudit::report::{self, FormulaSafe, Totals, finding_rows, finding_writer};

use super::input::Outcome;
use super::{Batch, Config, exit_status, input, pool};

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
    /// CSV cells that spreadsheets would run as formulas get a `'`.
    pub(crate) csv_safe: bool,
    /// Where the findings go instead of standard output.
    pub(crate) output: Option<&'a Path>,
}

/// Runs `check`.
pub(crate) fn run(config: &Config, check: &Check<'_>) -> Result<ExitCode> {
    let batch = Batch::new(config)?;
    let Batch {
        inputs,
        repeated,
        pool,
        progress,
    } = &batch;
    let style = config.style;
    let explain = check.explain;
    let work = |index: usize| {
        let input = &inputs[index];
        if explain {
            let (outcome, bytes) = input::check_keeping(input, &config.options);
            let text = match &outcome {
                Outcome::Checked(report) => {
                    let source = bytes.as_deref().and_then(Source::from_bytes);
                    let explainer = Explainer::new(report, source.as_ref(), style);
                    Some(explainer.with_width(config.width).all())
                }
                Outcome::Skipped(_) => None,
            };
            (outcome, text)
        } else {
            (input::check(input, &config.options), None)
        }
    };
    let mut totals = Totals {
        repeated: *repeated,
        ..Totals::default()
    };
    let mut summary = match check.summary {
        Some(path) => Some(
            SummaryWriter::new(BufWriter::new(
                File::create(path)
                    .with_context(|| format!("failed to create {}", path.display()))?,
            ))?
            .formula_safe(check.csv_safe),
        ),
        None => None,
    };
    // Diagnostics are written as they come; the table writer is not used
    // then.
    let out: Box<dyn Write> = match check.output {
        Some(path) => Box::new(BufWriter::with_capacity(
            64 * 1024,
            File::create(path).with_context(|| format!("failed to create {}", path.display()))?,
        )),
        None => super::stdout(),
    };
    let mut listing = RulesListing::new(config.quiet);
    let (mut diagnostics, mut writer) = if explain {
        (Some(out), None)
    } else {
        let mut writer = finding_writer(check.format, out, config.width, config.quiet)?;
        if check.csv_safe && check.format == report::Format::Csv {
            writer = Box::new(FormulaSafe(writer));
        }
        (None, Some(writer))
    };
    pool::for_each_in_order(
        pool,
        inputs.len(),
        Batch::batch_size(config),
        work,
        |index, result| {
            let (outcome, text) = result.unwrap_or_else(|panic| {
                let report = input::internal_error(&inputs[index], &panic);
                let text = Explainer::new(&report, None, style).all();
                (Outcome::Checked(report), Some(text))
            });
            progress.tick();
            outcome.count(&inputs[index], &mut totals);
            let report = match outcome {
                Outcome::Checked(report) => report,
                Outcome::Skipped(skipped) => {
                    if let Some(writer) = writer.as_mut() {
                        writer.skipped(&skipped)?;
                    }
                    return Ok(());
                }
            };
            if let Some(summary) = summary.as_mut() {
                summary.file(&report)?;
            }
            if let (Some(out), Some(text)) = (diagnostics.as_mut(), text) {
                if !text.is_empty() {
                    progress.suspend(|| out.write_all(text.as_bytes()))?;
                }
                listing.add(&report);
            }
            if let Some(writer) = writer.as_mut() {
                let rows = finding_rows(&report);
                if !rows.is_empty() {
                    progress.suspend(|| rows.iter().try_for_each(|row| writer.row(row)))?;
                }
                writer.matches(&report)?;
            }
            Ok(())
        },
        || progress.poll(),
    )?;
    progress.finish();
    if let Some(summary) = summary {
        summary.finish()?;
    }
    if let Some(mut writer) = writer {
        writer.summary(&totals)?;
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
        if (check.format == report::Format::Table || explain) && check.output.is_none() {
            let mut stdout = io::stdout().lock();
            write!(stdout, "{}", totals.text(config.width))?;
            stdout.flush()?;
        } else {
            eprint!("{}", totals.text(config.width));
        }
    }
    super::nothing_read(config, &totals)?;
    Ok(exit_status(&totals, check.fail_on))
}
