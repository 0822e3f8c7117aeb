//! `bgaudit check`: every input replayed, its findings written as they come
//! (table, JSON Lines, CSV, or diagnostics with `--explain`), the rules in
//! force, the closing summary and the exit status.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use bgaudit::finding::Severity;
use bgaudit::report::rules_listing::RulesListing;
use bgaudit::report::summary::SummaryWriter;
use bgaudit::report::{self, FormulaSafe, Totals, finding_row, finding_writer};

use bgaudit::walk::Input;

use super::input::{Outcome, Reading};
use super::output::{self, OutputFile};
use super::{Batch, Config, exit_status, jobs};

/// What `check` was asked for.
#[derive(Debug)]
pub(crate) struct Check<'a> {
    /// Findings format.
    pub(crate) format: report::Output,
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

/// Runs `check`. The `--summary` and `--output` files appear only when the
/// run completes: a run that stops early (standard output closed, a full
/// disk) leaves neither, and its error says so.
pub(crate) fn run(config: &Config, check: &Check<'_>) -> Result<ExitCode> {
    // One file cannot take two outputs: refused before anything is read.
    if let (Some(output), Some(summary)) = (check.output, check.summary)
        && output::same_file(output, summary)
    {
        anyhow::bail!(
            "--output and --summary name the same file {}: give each its own",
            output.display()
        );
    }
    let batch = Batch::new(config)?;
    if check.summary.is_some() || check.output.is_some() {
        output::remove_temporary_files_on_signal();
    }
    let mut summary = match check.summary {
        Some(path) => Some(OutputFile::create(path, "the summary")?),
        None => None,
    };
    let mut findings = match check.output {
        Some(path) => Some(OutputFile::create(path, "the output")?),
        None => None,
    };
    let mut totals = Totals {
        repeated: batch.repeated,
        ..Totals::default()
    };
    let result = run_batch(
        config,
        check,
        &batch,
        summary.as_mut(),
        findings.as_mut(),
        &mut totals,
    );
    match result {
        // The reader has had enough (`| head`): the run ends quietly with
        // the status of what was found so far, unless an output asked for
        // is left unfinished (then the error below says so).
        Err(err) if output::is_closed_stdout(&err) && summary.is_none() && findings.is_none() => {
            batch.progress.finish();
            Ok(exit_status(&totals, check.fail_on))
        }
        Ok(code) => {
            for file in [findings, summary].into_iter().flatten() {
                file.commit()?;
            }
            Ok(code)
        }
        // Dropped, the files' temporary files go.
        Err(err) => {
            let unwritten: Vec<String> = [&summary, &findings]
                .into_iter()
                .flatten()
                .map(OutputFile::describe)
                .collect();
            if unwritten.is_empty() {
                return Err(err);
            }
            Err(anyhow::anyhow!(
                "{err:#}; {} {} not written",
                unwritten.join(" and "),
                if unwritten.len() == 1 { "was" } else { "were" }
            ))
        }
    }
}

/// Checks every input of `batch`, writing the findings and the summary
/// rows as they come.
fn run_batch(
    config: &Config,
    check: &Check<'_>,
    batch: &Batch,
    summary_file: Option<&mut OutputFile>,
    findings_file: Option<&mut OutputFile>,
    totals: &mut Totals,
) -> Result<ExitCode> {
    let Batch { progress, .. } = batch;
    let explain = check.explain.then_some(jobs::Explain {
        style: config.style,
        width: config.width,
    });
    let mut summary = match summary_file {
        Some(file) => Some(SummaryWriter::new(file.writer())?.formula_safe(check.csv_safe)),
        None => None,
    };
    // Diagnostics are written as they come; the table writer is not used
    // then.
    let out: Box<dyn Write + '_> = match findings_file {
        Some(file) => Box::new(file.writer()),
        None => output::stdout(),
    };
    let mut listing = RulesListing::new(config.quiet);
    let (mut diagnostics, mut writer) = if explain.is_some() {
        (Some(out), None)
    } else {
        let mut writer = finding_writer(
            check.format,
            out,
            config.width,
            config.quiet,
            config.style.colour,
        )?;
        if check.csv_safe && check.format == report::Output::Csv {
            writer = Box::new(FormulaSafe(writer));
        }
        (None, Some(writer))
    };
    let mut reading = Reading::default();
    // A large SGF or `.xg` file's findings are written as they settle
    // where the output, fed its parts one after the other, is the same:
    // not with a filter (it recounts a report's matches from its
    // findings), the summary (a row per part without matches), the
    // diagnostics or an analysis.
    let stream =
        explain.is_none() && batch.analyser.is_none() && config.shown.is_all() && summary.is_none();
    jobs::run_streaming(config, batch, explain, stream, |input, done| {
        reading.part(input, &done.outcome, totals);
        if done.ends {
            std::mem::take(&mut reading).end(totals);
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
            // A path that does not exist is said once, on standard error
            // (below); the table for people does not repeat it.
            let said_apart = matches!(input, Input::Missing(_))
                && matches!(check.format, report::Output::Table | report::Output::List);
            if let Some(writer) = writer.as_mut().filter(|_| !said_apart) {
                // Each row made as it is written, not the report's all at once.
                if !report.findings.is_empty() {
                    progress.suspend(|| {
                        report
                            .findings
                            .iter()
                            .try_for_each(|finding| writer.row(&finding_row(report, finding)))
                    })?;
                }
                match &done.early {
                    Some(so_far) => writer.early(report, so_far)?,
                    None => writer.matches(report)?,
                }
            }
        }
        Ok(())
    })?;
    progress.finish();
    if let Some(summary) = summary {
        summary.finish()?;
    }
    if let Some(mut writer) = writer {
        writer.summary(totals)?;
        writer.finish()?;
    }
    if let Some(mut out) = diagnostics.take() {
        listing.write(&mut out, config.width)?;
        out.flush()?;
    }
    if totals.files == 0 && totals.skipped == 0 && totals.missing > 0 {
        // Nothing read: no summary of zeros, one line per path.
        for path in &totals.missing_paths {
            output::warn!(
                "bgaudit: {}: no such file or directory",
                bgaudit::escape::terminal(path)
            );
        }
    } else if !config.quiet {
        // The summary follows a table or the diagnostics on stdout; with
        // data formats, or findings written to a file, it goes to stderr so
        // that stdout stays machine-readable.
        if (matches!(check.format, report::Output::Table | report::Output::List)
            || explain.is_some())
            && check.output.is_none()
        {
            let mut stdout = output::stdout();
            write!(stdout, "{}", totals.text(config.width))?;
            stdout.flush()?;
        } else {
            output::eprint(format_args!("{}", totals.text(config.width)));
        }
    }
    batch.analysis_summary(config);
    super::nothing_read(config, totals)?;
    Ok(exit_status(totals, check.fail_on))
}
