//! The command line: the arguments as clap parses them ([`Args`]), the
//! configuration they resolve to ([`Config`]), and the run ([`run`]).

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, LineWriter, Write};
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use bgaudit::dice::Roll;
use bgaudit::finding::Severity;
use bgaudit::ids::gnubg::{MatchId, parse_position_id, position_id};
use bgaudit::ids::xgid::{Xgid, XgidDice};
use bgaudit::position::{Position, Variant};
use bgaudit::replay::{FileReport, FileStatus, Options, RuleFlags, check_bytes};
use bgaudit::report::explain::{Explainer, Place, Source, Style, explain_code};
use bgaudit::report::players::{self, Aliases, PlayersReport};
use bgaudit::report::summary::SummaryWriter;
use bgaudit::report::{self, Totals, finding_rows, finding_writer};
use bgaudit::walk::{self, Input};
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

const EXIT_STATUS: &str = "\
Exit status:
  0  nothing at or above the --fail-on level (players: every input was read)
  1  findings at or above the --fail-on level (check only)
  2  an input could not be read (missing path, not a transcript), or bad usage";

const CHECK_EXIT_STATUS: &str = "\
Exit status:
  0  every input was read and no finding is at or above the --fail-on level
  1  every input was read and some finding is at or above the --fail-on level
  2  an input could not be read (missing path, not a transcript), or bad usage";

const PLAYERS_EXIT_STATUS: &str = "\
Exit status:
  0  every input was read, whatever the findings
  2  an input could not be read (missing path, not a transcript), or bad usage";

/// bgaudit audits backgammon match records.
///
/// It reads transcripts (Jellyfish .mat text and GNU Backgammon SGF), replays
/// every action under the rules, and reports every illegal play, cube action,
/// wrong score and broken record with its file, line and column.
#[derive(Debug, Parser)]
#[command(name = "bgaudit", version, after_help = EXIT_STATUS)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay transcripts and report every finding.
    ///
    /// Findings go to standard output. The closing summary (files, matches,
    /// games, plays, findings by severity, unreadable files) follows the table
    /// on standard output; with --format jsonl or csv it goes to standard error
    /// so that standard output holds data only.
    #[command(after_help = CHECK_EXIT_STATUS)]
    Check(CheckArgs),
    /// One row per player across all inputs: illegal plays by kind, cube
    /// errors, record defects, dice statistics.
    #[command(after_help = PLAYERS_EXIT_STATUS)]
    Players(PlayersArgs),
    /// Every legal play of a roll in a position, with the position after it.
    ///
    /// POSITION is a GNU Backgammon position ID (with or without its match
    /// ID after a colon) with the player to move on roll, or an XGID. Each
    /// play is written in standard notation with the position ID right after
    /// it, still from the mover's side. Nothing is listed when the roll
    /// cannot be played.
    #[command(
        after_help = "Exit status:\n  0  the position and dice were read\n  2  a bad position or dice, or bad usage"
    )]
    Legal(LegalArgs),
    /// Explain a finding code, or the findings of a file at one place.
    ///
    /// `bgaudit explain CODE` (e.g. `illegal-play`, `illegal-play/under-played`,
    /// `double-in-crawford`) prints what the code means, the rule behind it as
    /// the rules the tool enforces state it, and an example.
    ///
    /// `bgaudit explain FILE --game N --move M` prints the findings at that
    /// place as diagnostics: the line with the cell underlined, the board with
    /// both pip counts, the position ID and XGID, the cube and score, and the
    /// legal plays. Where nothing was found, it prints the position and the
    /// legal plays and says the action is in order. Without --move: every
    /// finding of the game; without --game: every finding of the file.
    #[command(
        after_help = "Exit status:\n  0  explained\n  2  an unknown code, an unreadable file, no such game or move, or bad usage"
    )]
    Explain(ExplainArgs),
    /// Replay a file and print the board before and after each action.
    ///
    /// With --game and --move: the actions of that move; with --game: every
    /// action of the game; with neither: the whole file. Boards are drawn from
    /// the side of the player acting (X), with the findings at each action.
    #[command(
        after_help = "Exit status:\n  0  shown\n  2  an unreadable file, no such game or move, or bad usage"
    )]
    Show(ShowArgs),
}

#[derive(Debug, clap::Args)]
struct ExplainArgs {
    /// A finding code (`code` or `code/kind`), or a transcript file (`-` for
    /// standard input).
    #[arg(value_name = "CODE|FILE")]
    target: OsString,
    #[command(flatten)]
    place: PlaceArgs,
    #[command(flatten)]
    rules: RuleArgs,
}

#[derive(Debug, clap::Args)]
struct ShowArgs {
    /// A transcript file (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: OsString,
    #[command(flatten)]
    place: PlaceArgs,
    #[command(flatten)]
    rules: RuleArgs,
}

#[derive(Debug, clap::Args)]
struct PlaceArgs {
    /// The game, by its number as written.
    #[arg(long, value_name = "N")]
    game: Option<u32>,
    /// The move: the row number as written (in SGF, the ordinal of the
    /// action in the game).
    #[arg(long = "move", value_name = "M", requires = "game")]
    row: Option<u32>,
    /// The match, by its order in the file [default: every match].
    #[arg(long = "match", value_name = "K")]
    match_number: Option<u32>,
}

impl PlaceArgs {
    fn place(&self) -> Place {
        Place {
            match_number: self.match_number,
            game: self.game,
            row: self.row,
        }
    }

    fn is_given(&self) -> bool {
        self.game.is_some() || self.row.is_some() || self.match_number.is_some()
    }
}

#[derive(Debug, clap::Args)]
struct LegalArgs {
    /// GNU Backgammon position ID (e.g. `4HPwATDgc/ABMA`, or with its match
    /// ID `4HPwATDgc/ABMA:cAkAAAAAAAAA`) or XGID, the player on roll to move.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: String,
    /// The dice, e.g. `31`, `3-1` or `13`; may be left out when the match
    /// ID or XGID holds the roll.
    #[arg(value_name = "DICE")]
    dice: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LegalFormat::Text)]
    format: LegalFormat,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum LegalFormat {
    /// One play per line: the play, a tab, the position ID after it.
    Text,
    /// A JSON array of objects with `play` and `position`.
    Json,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// Files, directories (read recursively, hidden entries skipped) or `-`
    /// for standard input. Files are recognised by content, not extension.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<OsString>,
    /// Output format [default: table on a terminal, else jsonl].
    #[arg(long, value_enum)]
    format: Option<CheckFormat>,
    /// Also write one CSV row per match (and per unreadable file) to FILE.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
    /// Exit with status 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    fail_on: FailOn,
    /// Print each finding as a diagnostic (the line, the board, the legal
    /// plays) instead of a table; the closing summary follows.
    #[arg(long, conflicts_with = "format")]
    explain: bool,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Debug, clap::Args)]
struct PlayersArgs {
    /// Files, directories or `-`, as for `check`.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<OsString>,
    /// Output format [default: table on a terminal, else csv].
    #[arg(long, value_enum)]
    format: Option<PlayersFormat>,
    /// Count NAME as TO (names are compared trimmed, case-folded, without a
    /// trailing rating). Repeatable.
    #[arg(long, value_name = "NAME=TO", value_parser = parse_alias)]
    alias: Vec<String>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Debug, clap::Args)]
struct CommonArgs {
    /// Files checked in parallel [default: the number of CPUs]. Output order
    /// does not depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    jobs: Option<NonZeroUsize>,
    /// No progress bar and no closing summary.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    rules: RuleArgs,
}

#[derive(Debug, clap::Args)]
struct RuleArgs {
    /// The Crawford rule, for files that do not say.
    #[arg(long, value_enum, help_heading = "Rules (a file's own tags win)")]
    crawford: Option<OnOff>,
    /// The Jacoby rule in money sessions, for files that do not say.
    #[arg(long, help_heading = "Rules (a file's own tags win)")]
    jacoby: bool,
    /// Beavers allowed in money sessions, for files that do not say;
    /// `--beavers=N`: at most N beavers and raccoons per double (3, GNU
    /// Backgammon's default, when N is not given; 0: none).
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "3", help_heading = "Rules (a file's own tags win)")]
    beavers: Option<u8>,
    /// Highest cube value (a power of two; 1 = no cube), for files that do
    /// not say.
    #[arg(long, value_name = "N", value_parser = parse_cube_limit,
          help_heading = "Rules (a file's own tags win)")]
    cube_limit: Option<u32>,
    /// The game variant, for files that do not say.
    #[arg(long, value_name = "NAME", value_parser = parse_variant,
          help_heading = "Rules (a file's own tags win)")]
    variant: Option<Variant>,
    /// Money play: ties of the opening roll turned the cube, at most N times
    /// a game (the cube stays centred; records do not show them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6),
          help_heading = "Rules (a file's own tags win)")]
    automatic_doubles: Option<u8>,
    /// Club rule: what a backgammon counts, 3 (normal) or 2 (as a gammon).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=3),
          help_heading = "Rules (a file's own tags win)")]
    backgammon_value: Option<u32>,
    /// Club rule: beavers and raccoons allowed in match play.
    #[arg(long, help_heading = "Rules (a file's own tags win)")]
    match_beavers: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Table,
    Jsonl,
    Csv,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum PlayersFormat {
    Table,
    Csv,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum FailOn {
    Error,
    Warning,
    Info,
    Never,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum OnOff {
    On,
    Off,
}

fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    text.parse::<usize>()
        .ok()
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| "expected a number of files checked at once, 1 or more".to_owned())
}

fn parse_cube_limit(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| n.is_power_of_two())
        .ok_or_else(|| "expected a cube value: 1 (no cube), 2, 4, 8, 16, 32, 64, ...".to_owned())
}

fn parse_alias(spec: &str) -> Result<String, String> {
    Aliases::default().add(spec).map(|()| spec.to_owned())
}

fn parse_variant(name: &str) -> Result<Variant, String> {
    let all = [
        Variant::Backgammon,
        Variant::Nackgammon,
        Variant::Hypergammon(1),
        Variant::Hypergammon(2),
        Variant::Hypergammon(3),
        Variant::Plakoto,
    ];
    all.into_iter()
        .find(|v| v.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|v| v.name()).collect();
            format!("expected one of {}", names.join(", "))
        })
}

/// What to do with the reports.
#[derive(Debug)]
pub enum Task {
    /// `check`: findings, closing summary, optional per-match CSV.
    Check {
        /// Findings format.
        format: report::Format,
        /// Where to write the per-match CSV.
        summary: Option<PathBuf>,
        /// Exit 1 at or above this severity; `None` never.
        fail_on: Option<Severity>,
        /// Diagnostics instead of `format`.
        explain: bool,
    },
    /// `legal`: the legal plays of one roll.
    Legal {
        /// The position, from the mover's side.
        position: Position,
        /// The dice.
        roll: Roll,
        /// JSON output instead of text.
        json: bool,
    },
    /// `players`: the per-player report.
    Players {
        /// Report format.
        format: players::Format,
        /// Name merges.
        aliases: Aliases,
    },
    /// `explain CODE`: a catalogue entry.
    ExplainCode {
        /// The code, as given.
        name: String,
    },
    /// `explain FILE`: the diagnostics at a place of one file.
    Explain {
        /// Which part of the file.
        place: Place,
    },
    /// `show FILE`: the boards before and after each action at a place.
    Show {
        /// Which part of the file.
        place: Place,
    },
}

/// The resolved configuration of a run.
#[derive(Debug)]
pub struct Config {
    /// Colours for diagnostics and boards.
    pub style: Style,
    /// Paths as given (`-` = standard input).
    pub paths: Vec<OsString>,
    /// Threads checking files.
    pub jobs: usize,
    /// No progress bar, no closing summary.
    pub quiet: bool,
    /// Rule options for the replay.
    pub options: Options,
    /// What to produce.
    pub task: Task,
}

impl Config {
    /// Resolves defaults that depend on the environment (formats on a
    /// terminal, the number of CPUs).
    ///
    /// # Errors
    /// An `--alias` that does not parse (clap has checked them already).
    pub fn from_args(args: Args) -> Result<Config> {
        let stdout_is_terminal = io::stdout().is_terminal();
        let style = Style::for_output(stdout_is_terminal, std::env::var_os("NO_COLOR").as_deref());
        let single = |path: OsString, rules: &RuleArgs, task: Task| Config {
            style,
            paths: vec![path],
            jobs: 1,
            quiet: true,
            options: Options {
                flags: rules.flags(),
                trace: true,
            },
            task,
        };
        let (paths, common, task) = match args.command {
            Command::Explain(explain) => {
                let name = explain.target.to_string_lossy().into_owned();
                if !explain.place.is_given() && bgaudit::catalogue::lookup(&name).is_some() {
                    return Ok(single(
                        explain.target,
                        &explain.rules,
                        Task::ExplainCode { name },
                    ));
                }
                let is_file = name == "-" || std::path::Path::new(&explain.target).exists();
                if !is_file {
                    let kinds = name
                        .split_once('/')
                        .map(|(code, _)| (code, bgaudit::catalogue::kinds_of(code)))
                        .filter(|(_, kinds)| !kinds.is_empty());
                    let hint = if let Some((code, kinds)) = kinds {
                        format!(" (`{code}` has the kinds {})", kinds.join(", "))
                    } else {
                        bgaudit::catalogue::closest(&name)
                            .map(|c| format!(" (did you mean `{c}`?)"))
                            .unwrap_or_default()
                    };
                    anyhow::bail!("`{name}` is neither a finding code nor a file{hint}");
                }
                let task = Task::Explain {
                    place: explain.place.place(),
                };
                return Ok(single(explain.target, &explain.rules, task));
            }
            Command::Show(show) => {
                let task = Task::Show {
                    place: show.place.place(),
                };
                return Ok(single(show.file, &show.rules, task));
            }
            Command::Legal(legal) => {
                let (position, rolled) = parse_position(&legal.position)?;
                let roll = match (legal.dice.as_deref(), rolled) {
                    (Some(text), rolled) => {
                        let roll: Roll = text.parse().map_err(anyhow::Error::msg)?;
                        if let Some(rolled) = rolled.filter(|r| !same_dice(*r, roll)) {
                            anyhow::bail!(
                                "the dice {roll} differ from the roll {rolled} in `{}`",
                                legal.position.trim()
                            );
                        }
                        roll
                    }
                    (None, Some(rolled)) => rolled,
                    (None, None) => anyhow::bail!(
                        "no dice: give them after the position (e.g. `31`), or a match ID or XGID that holds the roll"
                    ),
                };
                let task = Task::Legal {
                    position,
                    roll,
                    json: legal.format == LegalFormat::Json,
                };
                return Ok(Config {
                    style,
                    paths: Vec::new(),
                    jobs: 1,
                    quiet: true,
                    options: Options::default(),
                    task,
                });
            }
            Command::Check(check) => {
                let format = match check.format {
                    Some(CheckFormat::Table) => report::Format::Table,
                    Some(CheckFormat::Jsonl) => report::Format::Jsonl,
                    Some(CheckFormat::Csv) => report::Format::Csv,
                    None if stdout_is_terminal => report::Format::Table,
                    None => report::Format::Jsonl,
                };
                let fail_on = match check.fail_on {
                    FailOn::Error => Some(Severity::Error),
                    FailOn::Warning => Some(Severity::Warning),
                    FailOn::Info => Some(Severity::Info),
                    FailOn::Never => None,
                };
                if check.summary.as_deref() == Some(std::path::Path::new("-")) {
                    anyhow::bail!(
                        "--summary takes a file path: standard output carries the findings (write the summary to a file, e.g. --summary summary.csv)"
                    );
                }
                let task = Task::Check {
                    format,
                    summary: check.summary,
                    fail_on,
                    explain: check.explain,
                };
                (check.paths, check.common, task)
            }
            Command::Players(players) => {
                let format = match players.format {
                    Some(PlayersFormat::Table) => players::Format::Table,
                    Some(PlayersFormat::Csv) => players::Format::Csv,
                    Some(PlayersFormat::Json) => players::Format::Json,
                    None if stdout_is_terminal => players::Format::Table,
                    None => players::Format::Csv,
                };
                let mut aliases = Aliases::default();
                for spec in &players.alias {
                    aliases.add(spec).map_err(anyhow::Error::msg)?;
                }
                (
                    players.paths,
                    players.common,
                    Task::Players { format, aliases },
                )
            }
        };
        let jobs = common
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get);
        let flags = common.rules.flags();
        Ok(Config {
            style,
            paths,
            jobs,
            quiet: common.quiet,
            options: Options {
                flags,
                trace: false,
            },
            task,
        })
    }
}

impl RuleArgs {
    fn flags(&self) -> RuleFlags {
        RuleFlags {
            crawford: self.crawford.map(|c| c == OnOff::On),
            jacoby: self.jacoby.then_some(true),
            beavers: self.beavers.map(|n| n > 0),
            beaver_limit: self.beavers,
            cube_limit: self.cube_limit,
            variant: self.variant,
            automatic_doubles: self.automatic_doubles,
            backgammon_value: self.backgammon_value,
            match_beavers: self.match_beavers.then_some(true),
        }
    }
}

/// Runs the configured task; returns the exit status.
///
/// # Errors
/// Output failures (a closed pipe among them: `main` treats that as success),
/// a `--summary` file that cannot be created, a thread pool that cannot start.
pub fn run(config: &Config) -> Result<ExitCode> {
    match &config.task {
        Task::ExplainCode { name } => return run_explain_code(name, config.style),
        Task::Explain { place } => return run_single(config, place, false),
        Task::Show { place } => return run_single(config, place, true),
        _ => {}
    }
    let mut inputs = walk::discover(&config.paths);
    // One path cannot reach a file twice: only several are compared.
    let repeated = if config.paths.len() > 1 {
        walk::dedup(&mut inputs)
    } else {
        0
    };
    if inputs.is_empty() && !matches!(config.task, Task::Legal { .. }) {
        // A folder with nothing in it: say so rather than report a clean run.
        anyhow::bail!("no files to check in {}", describe_paths(&config.paths));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()
        .context("failed to start the worker threads")?;
    let progress = Progress::new(inputs.len(), config.quiet);
    let stdout_is_terminal = io::stdout().is_terminal();
    let out: Box<dyn Write> = if stdout_is_terminal {
        Box::new(LineWriter::new(io::stdout().lock()))
    } else {
        Box::new(BufWriter::with_capacity(64 * 1024, io::stdout().lock()))
    };
    // The terminal's width when writing a table to it; no wrapping otherwise.
    let wrap_width = if stdout_is_terminal {
        // (a terminal that reports no width gets no wrapping)
        comfy_table::Table::new().width().filter(|&w| w > 0)
    } else {
        None
    };
    let explain = matches!(config.task, Task::Check { explain: true, .. });
    let style = config.style;
    let check = |index: usize| {
        let input = &inputs[index];
        if explain {
            let (report, bytes) = check_input_keeping(input, &config.options);
            let source = bytes.as_deref().and_then(Source::from_bytes);
            let text = Explainer::new(&report, source.as_ref(), style).all();
            (report, Some(text))
        } else {
            (check_input(input, &config.options), None)
        }
    };
    let mut totals = Totals {
        repeated,
        ..Totals::default()
    };

    match &config.task {
        Task::Legal {
            position,
            roll,
            json,
        } => run_legal(position, *roll, *json),
        Task::ExplainCode { .. } | Task::Explain { .. } | Task::Show { .. } => {
            Ok(ExitCode::SUCCESS)
        }
        Task::Check {
            format,
            summary,
            fail_on,
            explain,
        } => {
            let mut summary = match summary {
                Some(path) => Some(SummaryWriter::new(BufWriter::new(
                    File::create(path)
                        .with_context(|| format!("failed to create {}", path.display()))?,
                ))?),
                None => None,
            };
            // Diagnostics are written as they come; the table writer is
            // not used then.
            let mut listing = bgaudit::report::rules::RulesListing::new(config.quiet);
            let (mut diagnostics, mut writer) = if *explain {
                (Some(out), None)
            } else {
                (
                    None,
                    Some(finding_writer(*format, out, wrap_width, config.quiet)?),
                )
            };
            for_each_in_order(
                &pool,
                inputs.len(),
                64 * config.jobs,
                check,
                |index, result| {
                    let (report, text) = result.unwrap_or_else(|panic| {
                        let report = internal_error(&inputs[index], &panic);
                        let text = Explainer::new(&report, None, style).all();
                        (report, Some(text))
                    });
                    progress.tick();
                    totals.add(&report);
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
            if let Some(writer) = writer {
                writer.finish()?;
            }
            if let Some(mut out) = diagnostics.take() {
                listing.write(&mut out)?;
                out.flush()?;
            }
            if !config.quiet {
                // The summary follows a table or the diagnostics on stdout;
                // with data formats it goes to stderr so that stdout stays
                // machine-readable.
                if *format == report::Format::Table || *explain {
                    let mut stdout = io::stdout().lock();
                    write!(stdout, "{totals}")?;
                    stdout.flush()?;
                } else {
                    eprint!("{totals}");
                }
            }
            Ok(exit_status(&totals, *fail_on))
        }
        Task::Players { format, aliases } => {
            let mut players = PlayersReport::new(aliases.clone());
            for_each_in_order(
                &pool,
                inputs.len(),
                64 * config.jobs,
                check,
                |index, result| {
                    let report = result
                        .map(|(report, _)| report)
                        .unwrap_or_else(|panic| internal_error(&inputs[index], &panic));
                    progress.tick();
                    totals.add(&report);
                    players.add_file(&report);
                    Ok(())
                },
                || progress.poll(),
            )?;
            progress.finish();
            players.write(*format, out, wrap_width)?;
            if !config.quiet {
                eprint!("{totals}");
                let lost = players.unattributed().counted();
                if lost > 0 {
                    eprintln!("findings about no player: {lost} (not in any row)");
                }
                for alias in players.unused_aliases() {
                    eprintln!("alias {alias}: no player of the inputs is named so");
                }
            }
            Ok(exit_status(&totals, None))
        }
    }
}

/// The paths as given, for messages.
fn describe_paths(paths: &[OsString]) -> String {
    paths
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A position ID (optionally followed by `:MatchID`) or an XGID.
fn parse_position(text: &str) -> Result<(Position, Option<Roll>)> {
    let text = text.trim();
    let (position, rolled) = if text.starts_with("XGID=") || text.matches(':').count() >= 9 {
        let xgid: Xgid = text
            .parse()
            .map_err(|e| anyhow::anyhow!("invalid XGID `{text}`: {e}"))?;
        let position = xgid
            .position()
            .map_err(|e| anyhow::anyhow!("invalid XGID `{text}`: {e}"))?;
        let rolled = match xgid.dice {
            XgidDice::Rolled(roll) => Some(roll),
            XgidDice::NotRolled | XgidDice::Doubled => None,
        };
        (position, rolled)
    } else {
        let (id, match_id) = match text.split_once(':') {
            Some((id, match_id)) => (id, Some(match_id)),
            None => (text, None),
        };
        let position = parse_position_id(id, 15)
            .map_err(|e| anyhow::anyhow!("invalid position ID `{id}`: {e}"))?;
        let rolled = match match_id {
            Some(match_id) => {
                let parsed: MatchId = match_id
                    .parse()
                    .map_err(|e| anyhow::anyhow!("invalid match ID `{match_id}`: {e}"))?;
                parsed.dice
            }
            None => None,
        };
        (position, rolled)
    };
    if position.our_off() >= 15 || position.their_off() >= 15 {
        anyhow::bail!("`{text}` is a finished game: a player has no checker left on the board");
    }
    Ok((position, rolled))
}

/// The same two dice, in either order.
fn same_dice(a: Roll, b: Roll) -> bool {
    a.normalized() == b.normalized()
}

/// Prints the legal plays of `roll` in `position`, ordered by resulting
/// position ID (the order of the oracle files).
fn run_legal(position: &Position, roll: Roll, json: bool) -> Result<ExitCode> {
    #[derive(serde::Serialize)]
    struct Row {
        play: String,
        position: String,
    }
    let mut rows: Vec<Row> = bgaudit::rules::legal_plays(position, roll)
        .iter()
        .map(|p| Row {
            play: p.play.to_string(),
            position: position_id(&p.result),
        })
        .collect();
    rows.sort_by(|a, b| a.position.cmp(&b.position));
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        serde_json::to_writer_pretty(&mut out, &rows)?;
        writeln!(out)?;
    } else {
        for row in &rows {
            writeln!(out, "{}\t{}", row.play, row.position)?;
        }
        if rows.is_empty() {
            // Nothing on standard output, as a script expects; a word for
            // the reader.
            eprintln!("no legal play: {roll} cannot be played, the roll is lost");
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// 2 when an input could not be read, else 1 when findings reach `fail_on`,
/// else 0.
fn exit_status(totals: &Totals, fail_on: Option<Severity>) -> ExitCode {
    if totals.unreadable > 0 {
        ExitCode::from(2)
    } else if fail_on.is_some_and(|level| totals.at_or_above(level) > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads and checks one input. A file that cannot be read is an unreadable
/// report, never an error of the run.
fn check_input(input: &Input, options: &Options) -> FileReport {
    check_input_keeping(input, options).0
}

/// [`check_input`], also handing back the bytes read (to quote lines from).
fn check_input_keeping(input: &Input, options: &Options) -> (FileReport, Option<Vec<u8>>) {
    let name = input.name();
    match input.read() {
        Ok(bytes) => (check_bytes(&name, &bytes, options), Some(bytes)),
        Err(err) => {
            let reason = match input {
                Input::Error { reason, .. } => reason.clone(),
                _ => walk::describe_error(&err),
            };
            (unreadable(name, reason), None)
        }
    }
}

/// `explain CODE`.
fn run_explain_code(name: &str, style: Style) -> Result<ExitCode> {
    let text = explain_code(name, style)
        .ok_or_else(|| anyhow::anyhow!("`{name}` is not a finding code"))?;
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `explain FILE` and `show FILE`: one file replayed with its trace.
fn run_single(config: &Config, place: &Place, show: bool) -> Result<ExitCode> {
    let path = config
        .paths
        .first()
        .ok_or_else(|| anyhow::anyhow!("no file given"))?;
    let input = if path == "-" {
        Input::Stdin
    } else {
        Input::File(PathBuf::from(path))
    };
    if std::path::Path::new(path).is_dir() {
        anyhow::bail!(
            "`{}` is a folder: {} reads one file (`bgaudit check --explain {}` covers a folder)",
            path.to_string_lossy(),
            if show { "show" } else { "explain" },
            path.to_string_lossy()
        );
    }
    let (report, bytes) = check_input_keeping(&input, &config.options);
    let source = bytes.as_deref().and_then(Source::from_bytes);
    let explainer = Explainer::new(&report, source.as_ref(), config.style);
    let mut out = BufWriter::new(io::stdout().lock());
    if report.status == FileStatus::Unreadable {
        out.write_all(explainer.all().as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::from(2));
    }
    let text = if show {
        explainer.show(place)
    } else {
        explainer.place(place)
    }
    .map_err(anyhow::Error::msg)?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// An input that could not be opened or read: no place in it.
fn unreadable(path: String, reason: String) -> FileReport {
    FileReport::unreadable(&path, reason, bgaudit::parse::Location::default())
}

/// The report of a file whose check panicked: a bug, reported on that file
/// without losing the others.
fn internal_error(input: &Input, panic: &(dyn std::any::Any + Send)) -> FileReport {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".to_owned());
    unreadable(
        input.name(),
        format!("internal error while checking this file (please report it): {message}"),
    )
}

/// Runs `work` on inputs `0..count` in the pool and hands each result to
/// `emit` in input order. Inputs go in ordered batches of `batch`: the
/// workers share a batch, then its results are emitted; so memory holds one
/// batch's reports (each file's bytes are dropped inside `work`). With one
/// thread everything runs here, in order. A panic in `work` is caught and
/// given to `emit` for that input only.
fn for_each_in_order<T, W, E>(
    pool: &rayon::ThreadPool,
    count: usize,
    batch: usize,
    work: W,
    mut emit: E,
    mut idle: impl FnMut(),
) -> Result<()>
where
    T: Send,
    W: Fn(usize) -> T + Sync,
    E: FnMut(usize, std::thread::Result<T>) -> Result<()>,
{
    use rayon::prelude::*;
    let run = |index: usize| catch_unwind(AssertUnwindSafe(|| work(index)));
    if pool.current_num_threads() <= 1 {
        for index in 0..count {
            emit(index, run(index))?;
            idle();
        }
        return Ok(());
    }
    let batch = batch.max(1);
    let compute = |range: std::ops::Range<usize>| -> Vec<std::thread::Result<T>> {
        pool.install(|| range.into_par_iter().map(run).collect())
    };
    // Batch k is emitted here while the workers check batch k + 1.
    let mut start = 0;
    let mut done = compute(0..batch.min(count));
    while start < count {
        let end = (start + batch).min(count);
        let next = end..(end + batch).min(count);
        let results = std::mem::take(&mut done);
        let emitted = std::thread::scope(|scope| -> Result<()> {
            let worker = (!next.is_empty()).then(|| scope.spawn(|| compute(next)));
            let mut outcome = Ok(());
            for (offset, result) in results.into_iter().enumerate() {
                outcome = emit(start + offset, result);
                if outcome.is_err() {
                    break;
                }
            }
            idle();
            if let Some(worker) = worker {
                // A panic in `work` is caught per input, so the batch comes
                // back whole; a failed thread is an error, never a gap.
                done = worker
                    .join()
                    .map_err(|_| anyhow::anyhow!("a worker thread failed"))?;
            }
            outcome
        });
        emitted?;
        start = end;
    }
    Ok(())
}

/// A progress bar on standard error (counts and rate), only on a terminal,
/// not with `--quiet`, and only once a run has lasted long enough to need one.
struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    /// Standard output shares the terminal with the bar: writing to it
    /// clears the bar first.
    stdout_terminal: bool,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(500);

    fn new(files: usize, quiet: bool) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} {pos}/{len} files  {elapsed} (eta {eta})  {wide_bar}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            stdout_terminal: io::stdout().is_terminal(),
        }
    }

    /// One more file done.
    fn tick(&self) {
        self.poll();
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Shows the bar once the run has lasted [`Self::DELAY`]; from then on
    /// it redraws itself (elapsed time, rate) even while a file is slow.
    fn poll(&self) {
        if let Some(bar) = &self.bar {
            if bar.is_hidden() && self.start.elapsed() >= Self::DELAY {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        }
    }

    /// Runs `f` (which writes to standard output) with the bar cleared
    /// when both are on the terminal. (Clearing redraws the bar: not done
    /// needlessly, or a run of many files would redraw it once a file.)
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.stdout_terminal && !bar.is_hidden() => bar.suspend(f),
            _ => f(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_input_order_whatever_the_threads() {
        for jobs in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .unwrap();
            let mut seen = Vec::new();
            for_each_in_order(
                &pool,
                50,
                2 * jobs,
                |i| {
                    // Early items finish last.
                    std::thread::sleep(Duration::from_micros(((50 - i) * 50) as u64));
                    i * 10
                },
                |index, result| {
                    let value = result.map_err(|_| anyhow::anyhow!("panic"))?;
                    assert_eq!(value, index * 10);
                    seen.push(index);
                    Ok(())
                },
                || {},
            )
            .unwrap();
            assert_eq!(seen, (0..50).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_panic_is_handed_on_and_an_output_error_stops_the_run() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut outcomes = Vec::new();
        let result = for_each_in_order(
            &pool,
            10,
            3,
            |i| {
                assert!(i != 2, "boom");
                i
            },
            |index, result| {
                outcomes.push(result.is_ok());
                anyhow::ensure!(index < 4, "closed");
                Ok(())
            },
            || {},
        );
        assert!(result.is_err());
        assert_eq!(outcomes, [true, true, false, true, true]);
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
