//! The command line, shaped like a house with one room per job:
//!
//! - [`args`]: the arguments as clap parses them;
//! - [`config`]: the flags resolved into what a run needs ([`Config`]);
//! - one file per subcommand: [`check`], [`players`], [`explain`] (a code or
//!   a place in a file), [`show`], [`legal`]; [`docs`] for what documents
//!   the tool itself (`explain --list`, `completions`, the man pages);
//! - [`input`]: one input read and checked, whatever goes wrong;
//! - [`pool`]: the worker threads, results in input order;
//! - [`progress`]: the progress bar.
//!
//! [`run`] hands the configured task to its subcommand and returns the exit
//! status: 0 clean, 1 findings at the `--fail-on` level, 2 unreadable input
//! or bad usage.

mod analyse;
mod args;
mod check;
mod config;
mod docs;
mod explain;
mod input;
mod jobs;
mod legal;
mod opened;
pub(crate) mod output;
mod players;
mod pool;
mod progress;
mod settings;
mod show;

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::{Context, Result};
use bgaudit::finding::Severity;
use bgaudit::report::Totals;
use bgaudit::walk::{self, Input};

pub use args::Args;
pub(crate) use config::{Config, Task};

/// The arguments of this process. `--help` and `--version` print and exit
/// 0, as does a call without a subcommand (the help, on standard error,
/// exit 2); a usage error is one line on standard error, exit 2.
pub(crate) fn parse_args() -> Args {
    use clap::Parser;
    use clap::error::ErrorKind;
    match Args::try_parse() {
        Ok(args) => args,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            err.exit()
        }
        Err(err) => {
            // The error may quote an argument: shown escaped.
            let line = usage_error(&err.to_string());
            output::warn!("bgaudit: {}", bgaudit::escape::terminal(&line));
            std::process::exit(2)
        }
    }
}

/// clap's usage error as one line: its first paragraph (the error and the
/// possible values, if any), without the `error:` label, then its tips
/// ("a similar subcommand exists: 'check'") after a `;`.
fn usage_error(text: &str) -> String {
    let one_line = |paragraph: &str| paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut paragraphs = text.split("\n\n");
    let first = one_line(paragraphs.next().unwrap_or(text));
    let mut line = first.strip_prefix("error: ").unwrap_or(&first).to_owned();
    for tip in paragraphs.map(one_line).filter(|p| p.starts_with("tip:")) {
        line.push_str("; ");
        line.push_str(&tip);
    }
    line
}

/// Runs the configured task; returns the exit status.
///
/// # Errors
/// Output failures, a `--summary` file that cannot be created, a thread
/// pool that cannot start. Standard output closed by its reader is an error
/// here too: `check` ends then with the status of its findings so far (or
/// fails, status 2, when an output file it was asked for is left
/// unfinished), the other commands end quietly with status 0 (`main`).
pub(crate) fn run(config: &Config) -> Result<ExitCode> {
    match &config.task {
        Task::ExplainCode { name } => explain::code(name, config),
        Task::ExplainList => docs::explain_list(),
        Task::ShowConfig { paths } => show_config(paths, config.read_settings),
        Task::Completions { shell } => docs::completions(*shell),
        Task::Man { out } => docs::man(out),
        Task::Explain { place } => explain::place(config, place),
        Task::Show { place, bottom } => show::run(config, place, *bottom),
        Task::Legal {
            position,
            roll,
            format,
        } => legal::run(position, *roll, *format),
        Task::Check {
            format,
            summary,
            fail_on,
            explain,
            csv_safe,
            output,
        } => check::run(
            config,
            &check::Check {
                format: *format,
                summary: summary.as_deref(),
                fail_on: *fail_on,
                explain: *explain,
                csv_safe: *csv_safe,
                output: output.as_deref(),
            },
        ),
        Task::Players {
            format,
            aliases,
            csv_safe,
            sort,
            output,
        } => players::run(
            config,
            *format,
            aliases,
            *csv_safe,
            sort.as_deref(),
            output.as_deref(),
        ),
    }
}

/// `bgaudit config [PATH...]`: for each path, the settings file that
/// applies and what it sets.
fn show_config(paths: &[OsString], read_settings: bool) -> Result<ExitCode> {
    use std::io::Write;
    let mut out = output::stdout();
    if !read_settings {
        writeln!(out, "no settings file is read (--no-config)")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut finder = settings::Finder::default();
    for path in paths {
        let name = walk::path_name(std::path::Path::new(path));
        match finder.for_path(std::path::Path::new(path))? {
            Some((file, found)) => {
                writeln!(
                    out,
                    "{}: {}",
                    bgaudit::escape::terminal(&name),
                    bgaudit::escape::os_str(file.as_os_str())
                )?;
                for line in found.describe() {
                    writeln!(out, "  {}", bgaudit::escape::terminal(&line))?;
                }
            }
            None => writeln!(
                out,
                "{}: no {} here or in a folder above: the flags and the defaults apply",
                bgaudit::escape::terminal(&name),
                settings::FILE_NAME
            )?,
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// What a run over many inputs shares: the inputs found, the threads, the
/// progress bar and standard output.
pub(crate) struct Batch {
    /// The inputs, in order, each once.
    pub(crate) inputs: Vec<Input>,
    /// Inputs dropped because an earlier path reached the same file.
    pub(crate) repeated: usize,
    /// The worker threads.
    pub(crate) pool: rayon::ThreadPool,
    /// The progress bar.
    pub(crate) progress: progress::Progress,
    /// The options of each input, when its settings file sets rules (else
    /// the run's); empty without settings files.
    pub(crate) options: Vec<bgaudit::replay::Options>,
    /// GNU Backgammon, with `--analyse`.
    pub(crate) analyser: Option<analyse::Analyser>,
}

impl Batch {
    /// The options input `index` is checked with.
    pub(crate) fn options_of<'c>(
        &'c self,
        index: usize,
        run: &'c bgaudit::replay::Options,
    ) -> &'c bgaudit::replay::Options {
        self.options.get(index).unwrap_or(run)
    }
}

impl Batch {
    /// Finds the inputs of `config.paths` and starts the threads.
    ///
    /// # Errors
    /// No input at all, or threads that cannot start.
    pub(crate) fn new(config: &Config) -> Result<Batch> {
        let mut inputs = walk::discover_with(&config.paths, &config.filter);
        // One path cannot reach a file twice: only several are compared.
        let repeated = if config.paths.len() > 1 {
            walk::dedup(&mut inputs)
        } else {
            0
        };
        if inputs.is_empty() {
            // A folder with nothing in it: say so rather than report a clean run.
            anyhow::bail!("no files to check in {}", describe_paths(&config.paths));
        }
        // No more threads than inputs, unless a large file's matches are
        // shared among them. With at least as many inputs as threads the
        // sizes change nothing: no file is looked at here.
        let large = || {
            inputs.iter().any(|input| {
                input.path().is_some_and(|path| {
                    std::fs::metadata(path).is_ok_and(|m| m.len() >= opened::STREAM_MIN)
                })
            })
        };
        let threads = if config.jobs <= inputs.len() || large() {
            config.jobs
        } else {
            inputs.len()
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .context("failed to start the worker threads")?;
        // The rules of the settings file nearest to each input.
        let options = if config.read_settings {
            let mut finder = settings::Finder::default();
            let mut options = Vec::with_capacity(inputs.len());
            for input in &inputs {
                let path = input.path().unwrap_or_else(|| std::path::Path::new("-"));
                let flags = match finder.for_path(path)? {
                    Some((_, file)) => settings::merge(&config.options.flags, &file.flags()),
                    None => config.options.flags.clone(),
                };
                options.push(bgaudit::replay::Options {
                    flags,
                    ..config.options.clone()
                });
            }
            options
        } else {
            Vec::new()
        };
        let analyser = match &config.analyse {
            Some(settings) => Some(analyse::Analyser::new(settings.clone())?),
            None => None,
        };
        let progress = progress::Progress::new(inputs.len(), config.quiet);
        Ok(Batch {
            inputs,
            repeated,
            pool,
            progress,
            options,
            analyser,
        })
    }
}

impl Batch {
    /// The closing line of `--analyse` (on standard error, unless quiet).
    pub(crate) fn analysis_summary(&self, config: &Config) {
        if let Some(analyser) = &self.analyser
            && !config.quiet
        {
            output::eprint(format_args!("{}", analyser.summary()));
        }
    }
}

/// The paths as given, for messages.
fn describe_paths(paths: &[OsString]) -> String {
    paths
        .iter()
        .map(|p| walk::path_name(std::path::Path::new(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An error when every file found was skipped as no match record: nothing
/// was checked, which is no clean run.
///
/// # Errors
/// That error.
pub(crate) fn nothing_read(config: &Config, totals: &Totals) -> Result<()> {
    if totals.files == 0 && totals.missing == 0 && totals.skipped > 0 {
        anyhow::bail!(
            "no match record in {}: every file found was skipped",
            describe_paths(&config.paths)
        );
    }
    Ok(())
}

/// 2 when an input could not be read, else 1 when findings reach `fail_on`,
/// else 0.
pub(crate) fn exit_status(totals: &Totals, fail_on: Option<Severity>) -> ExitCode {
    if totals.any_unread() {
        ExitCode::from(2)
    } else if fail_on.is_some_and(|level| totals.at_or_above(level) > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use bgaudit::position::Variant;
    use bgaudit::replay::RuleFlags;
    use clap::Parser;

    use super::*;

    #[test]
    fn a_usage_error_is_one_line() {
        let err = Args::try_parse_from(["bgaudit", "check", "--format", "pdf", "x"]).unwrap_err();
        assert_eq!(
            usage_error(&err.to_string()),
            "invalid value 'pdf' for '--format <FORMAT>' \
             [possible values: table, list, jsonl, json, csv, html, sarif]"
        );
        let err = Args::try_parse_from(["bgaudit", "check"]).unwrap_err();
        let line = usage_error(&err.to_string());
        assert!(!line.contains('\n') && line.contains("<PATH>"), "{line}");
    }

    #[test]
    fn a_usage_error_keeps_clap_s_suggestion() {
        let line =
            |args: &[&str]| usage_error(&Args::try_parse_from(args).unwrap_err().to_string());
        assert_eq!(
            line(&["bgaudit", "chek"]),
            "unrecognized subcommand 'chek'; tip: a similar subcommand exists: 'check'"
        );
        let flag = line(&["bgaudit", "check", "--frmat", "csv", "x"]);
        assert!(
            flag.contains("tip: a similar argument exists: '--format'"),
            "{flag}"
        );
        let value = line(&["bgaudit", "check", "--format", "tabel", "x"]);
        assert!(
            value.contains("tip: a similar value exists: 'table'"),
            "{value}"
        );
        assert!(!value.contains('\n'), "{value}");
    }

    #[test]
    fn exit_status_follows_fail_on_and_unreadable_inputs() {
        let mut totals = Totals::default();
        totals.findings.warning = 1;
        let code = |totals: &Totals, level| format!("{:?}", exit_status(totals, level));
        assert_eq!(
            code(&totals, Some(Severity::Error)),
            format!("{:?}", ExitCode::SUCCESS)
        );
        assert_eq!(
            code(&totals, Some(Severity::Warning)),
            format!("{:?}", ExitCode::from(1))
        );
        assert_eq!(code(&totals, None), format!("{:?}", ExitCode::SUCCESS));
        totals.unreadable = 1;
        assert_eq!(code(&totals, None), format!("{:?}", ExitCode::from(2)));
    }

    #[test]
    fn rule_flags_map_into_options() {
        let args = Args::try_parse_from([
            "bgaudit",
            "players",
            "--crawford",
            "off",
            "--jacoby",
            "--cube-limit",
            "64",
            "--variant",
            "nackgammon",
            "--alias",
            "Nori K=nori",
            "-j",
            "3",
            "x",
        ])
        .unwrap();
        let config = Config::from_args(args).unwrap();
        assert_eq!(config.jobs, 3);
        assert_eq!(
            config.options.flags,
            RuleFlags {
                crawford: Some(false),
                jacoby: Some(true),
                beavers: None,
                cube_limit: Some(64),
                variant: Some(Variant::Nackgammon),
                ..RuleFlags::default()
            }
        );
        assert!(Args::try_parse_from(["bgaudit", "players", "--alias", "x", "y"]).is_err());
        assert!(Args::try_parse_from(["bgaudit", "check", "--jobs", "0", "y"]).is_err());
        assert!(Args::try_parse_from(["bgaudit", "check"]).is_err());
    }
}
