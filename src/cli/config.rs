//! The flags resolved into what a run needs ([`Config`]): the task with its
//! formats, the rule options, the number of threads, the colours, and the
//! defaults that depend on the environment (a terminal or not).

use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::Result;
use bgaudit::dice::Roll;
use bgaudit::finding::Severity;
use bgaudit::position::Position;
use bgaudit::replay::Options;
use bgaudit::report::explain::{Place, Style};
use bgaudit::report::players::{self, Aliases};
use bgaudit::report::{self, legal};

use bgaudit::walk::Filter;

use bgaudit::replay::RuleFlags;
use bgaudit::report::filter::Shown;
use clap::ValueEnum;

use super::settings::{self, Finder, Settings};

use super::args::{
    Args, Bottom, CheckFormat, ColorChoice, Command, FailOn, FileType, LegalFormat, PlayersFormat,
    SeverityName, ShownArgs,
};

/// What to do with the reports.
#[derive(Debug)]
pub(crate) enum Task {
    /// `check`: findings, closing summary, optional per-match CSV.
    Check {
        /// Findings format.
        format: report::Output,
        /// Where to write the per-match CSV.
        summary: Option<PathBuf>,
        /// Exit 1 at or above this severity; `None` never.
        fail_on: Option<Severity>,
        /// Diagnostics instead of `format`.
        explain: bool,
        /// CSV cells that spreadsheets would run as formulas get a `'`.
        csv_safe: bool,
        /// Where the findings go instead of standard output.
        output: Option<PathBuf>,
    },
    /// `explain --list`: every code and kind with its meaning.
    ExplainList,
    /// `config`: the settings file of each path and what it sets.
    ShowConfig {
        /// The paths asked about.
        paths: Vec<OsString>,
    },
    /// `completions SHELL`: a completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// `man`: the man pages, written to a folder.
    Man {
        /// The folder.
        out: PathBuf,
    },
    /// `legal`: the legal plays of one roll.
    Legal {
        /// The position, from the mover's side.
        position: Position,
        /// The dice.
        roll: Roll,
        /// Output format.
        format: legal::LegalOutput,
    },
    /// `players`: the per-player report.
    Players {
        /// Report format.
        format: players::PlayersOutput,
        /// Name merges.
        aliases: Aliases,
        /// CSV cells that spreadsheets would run as formulas get a `'`.
        csv_safe: bool,
        /// The column the rows are ordered by.
        sort: Option<String>,
        /// Where the report goes instead of standard output.
        output: Option<PathBuf>,
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
        /// The player at the bottom of every board (`None`: the mover).
        bottom: Option<bgaudit::side::Side>,
    },
}

/// The resolved configuration of a run.
#[derive(Debug)]
pub(crate) struct Config {
    /// Colours for diagnostics and boards.
    pub(crate) style: Style,
    /// The width text output is fitted to (a terminal's), `None` for no
    /// fitting.
    pub(crate) width: Option<u16>,
    /// Paths as given (`-` = standard input).
    pub(crate) paths: Vec<OsString>,
    /// Which files found in folders are read.
    pub(crate) filter: Filter,
    /// Threads checking files.
    pub(crate) jobs: usize,
    /// No progress bar, no closing summary.
    pub(crate) quiet: bool,
    /// Rule options for the replay.
    pub(crate) options: Options,
    /// The findings shown.
    pub(crate) shown: Shown,
    /// The rules of each file checked come from the settings file nearest
    /// to it as well as from the flags (not with `--no-config`).
    pub(crate) read_settings: bool,
    /// What to produce.
    pub(crate) task: Task,
    /// `--analyse`: GNU Backgammon for the matches without analysis.
    pub(crate) analyse: Option<super::analyse::Settings>,
}

/// The width text output is fitted to, determined once: the terminal's
/// when standard output is one (and says), else `COLUMNS` when it is set to
/// a width, else none (no wrapping).
fn output_width(stdout_is_terminal: bool, columns: Option<&std::ffi::OsStr>) -> Option<u16> {
    let terminal = if stdout_is_terminal {
        terminal_width().filter(|&w| w > 0)
    } else {
        None
    };
    terminal.or_else(|| {
        columns
            .and_then(|c| c.to_str())
            .and_then(|c| c.trim().parse::<u16>().ok())
            .filter(|&w| w > 0)
    })
}

/// The width of the terminal standard output is written to (not that of
/// the process's controlling terminal, which may be another).
#[cfg(unix)]
fn terminal_width() -> Option<u16> {
    rustix::termios::tcgetwinsize(io::stdout())
        .ok()
        .map(|size| size.ws_col)
}

/// The width of the terminal standard output is written to.
#[cfg(not(unix))]
fn terminal_width() -> Option<u16> {
    comfy_table::Table::new().width()
}

impl Config {
    /// Resolves defaults that depend on the environment (formats on a
    /// terminal, the number of CPUs).
    ///
    /// # Errors
    /// An `--alias` that does not parse (clap has checked them already).
    pub(crate) fn from_args(args: Args) -> Result<Config> {
        let stdout_is_terminal = io::stdout().is_terminal();
        let style = match args.color {
            ColorChoice::Auto => {
                Style::for_output(stdout_is_terminal, std::env::var_os("NO_COLOR").as_deref())
            }
            ColorChoice::Always => Style { colour: true },
            ColorChoice::Never => Style::plain(),
        };
        let mut width = output_width(stdout_is_terminal, std::env::var_os("COLUMNS").as_deref());
        let mut style = style;
        // Findings written to a file are not fitted to the terminal nor
        // coloured unless asked.
        let output_file = match &args.command {
            Command::Check(check) => check.output.as_deref(),
            Command::Players(players) => players.output.as_deref(),
            _ => None,
        };
        if output_file.is_some_and(|p| p != std::path::Path::new("-")) {
            width = None;
            if args.color == ColorChoice::Auto {
                style = Style::plain();
            }
        }
        let bare = |task: Task| Config {
            style,
            width,
            paths: Vec::new(),
            filter: Filter::default(),
            jobs: 1,
            quiet: true,
            options: Options::default(),
            shown: Shown::default(),
            read_settings: false,
            task,
            analyse: None,
        };
        let read_settings = !args.no_config;
        let mut finder = Finder::default();
        // The rules of the settings file of `path` under those of the flags.
        let mut rules_for = |path: &OsString, flags: RuleFlags| -> Result<RuleFlags> {
            if !read_settings {
                return Ok(flags);
            }
            Ok(match finder.for_path(std::path::Path::new(path))? {
                Some((_, file)) => settings::merge(&flags, &file.flags()),
                None => flags,
            })
        };
        let single = |path: OsString, flags: RuleFlags, task: Task| Config {
            style,
            width,
            paths: vec![path],
            filter: Filter::default(),
            jobs: 1,
            quiet: true,
            options: Options {
                flags,
                trace: true,
                blunders: false,
            },
            shown: Shown::default(),
            read_settings: false,
            task,
            analyse: None,
        };
        let blunders = matches!(&args.command, Command::Check(check) if check.blunders);
        let (paths, common, shown, task) = match args.command {
            Command::Config(config) => {
                let paths = if config.paths.is_empty() {
                    vec![OsString::from(".")]
                } else {
                    config.paths
                };
                let mut task = bare(Task::ShowConfig { paths });
                task.read_settings = read_settings;
                return Ok(task);
            }
            Command::Completions(args) => {
                return Ok(bare(Task::Completions { shell: args.shell }));
            }
            Command::Man(args) => return Ok(bare(Task::Man { out: args.out })),
            Command::Explain(explain) => {
                let Some(target) = explain.target else {
                    return Ok(bare(Task::ExplainList));
                };
                let name = target.to_string_lossy().into_owned();
                if !explain.place.is_given() && bgaudit::catalogue::lookup(&name).is_some() {
                    let flags = explain.rules.flags();
                    return Ok(single(target, flags, Task::ExplainCode { name }));
                }
                let is_file = name == "-" || std::path::Path::new(&target).exists();
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
                let flags = rules_for(&target, explain.rules.flags())?;
                return Ok(single(target, flags, task));
            }
            Command::Show(show) => {
                let task = Task::Show {
                    place: show.place.place(),
                    bottom: match show.bottom {
                        Bottom::First => Some(bgaudit::side::Side::First),
                        Bottom::Second => Some(bgaudit::side::Side::Second),
                        Bottom::Mover => None,
                    },
                };
                let flags = rules_for(&show.file, show.rules.flags())?;
                return Ok(single(show.file, flags, task));
            }
            Command::Legal(args) => {
                let (position, roll) = legal_input(&args.position, args.dice.as_deref())?;
                let task = Task::Legal {
                    position,
                    roll,
                    format: match args.format {
                        LegalFormat::Text => legal::LegalOutput::Text,
                        LegalFormat::Json => legal::LegalOutput::Json,
                        LegalFormat::Jsonl => legal::LegalOutput::Jsonl,
                        LegalFormat::Csv => legal::LegalOutput::Csv,
                    },
                };
                return Ok(bare(task));
            }
            Command::Check(check) => {
                let output = check.output.filter(|p| p != std::path::Path::new("-"));
                let file_format = if read_settings {
                    run_settings(&mut finder, &check.paths)?.format
                } else {
                    None
                };
                let chosen = match (check.format, &output) {
                    (Some(format), _) => Some(format),
                    (None, Some(path)) if !check.explain => Some(format_of_output(path)?),
                    (None, _) => file_format
                        .as_deref()
                        .and_then(|name| CheckFormat::from_str(name, true).ok()),
                };
                let format = match chosen {
                    Some(CheckFormat::Table) => report::Output::Table,
                    Some(CheckFormat::List) => report::Output::List,
                    Some(CheckFormat::Jsonl | CheckFormat::Json) => report::Output::Jsonl,
                    Some(CheckFormat::Csv) => report::Output::Csv,
                    Some(CheckFormat::Html) => report::Output::Html,
                    Some(CheckFormat::Sarif) => report::Output::Sarif,
                    None if stdout_is_terminal => report::Output::Table,
                    None => report::Output::Jsonl,
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
                    csv_safe: check.csv_safe,
                    output,
                };
                let mut aliases = Aliases::default();
                if read_settings {
                    for (from, to) in &run_settings(&mut finder, &check.paths)?.aliases {
                        aliases
                            .add(&format!("{from}={to}"))
                            .map_err(anyhow::Error::msg)?;
                    }
                }
                let shown = shown(&check.shown, aliases)?;
                (check.paths, check.common, shown, task)
            }
            Command::Players(players) => {
                let output = players.output.filter(|p| p != std::path::Path::new("-"));
                let chosen = match (players.format, &output) {
                    (Some(format), _) => Some(format),
                    (None, Some(path)) => Some(players_format_of_output(path)?),
                    (None, None) => None,
                };
                let format = match chosen {
                    Some(PlayersFormat::Table) => players::PlayersOutput::Table,
                    Some(PlayersFormat::Csv) => players::PlayersOutput::Csv,
                    Some(PlayersFormat::Json) => players::PlayersOutput::Json,
                    Some(PlayersFormat::Jsonl) => players::PlayersOutput::Jsonl,
                    None if stdout_is_terminal => players::PlayersOutput::Table,
                    None => players::PlayersOutput::Csv,
                };
                let mut aliases = Aliases::default();
                if read_settings {
                    for (from, to) in &run_settings(&mut finder, &players.paths)?.aliases {
                        aliases
                            .add(&format!("{from}={to}"))
                            .map_err(anyhow::Error::msg)?;
                    }
                }
                for spec in &players.alias {
                    aliases.add(spec).map_err(anyhow::Error::msg)?;
                }
                if let Some(column) = &players.sort {
                    players::check_sort_column(column).map_err(anyhow::Error::msg)?;
                }
                let shown = shown(&players.shown, aliases.clone())?;
                (
                    players.paths,
                    players.common,
                    shown,
                    Task::Players {
                        format,
                        aliases,
                        csv_safe: players.csv_safe,
                        sort: players.sort,
                        output,
                    },
                )
            }
        };
        let jobs = common
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
            .min(super::args::MAX_JOBS);
        let flags = common.rules.flags();
        let names = |types: &[FileType]| -> Vec<String> {
            types.iter().map(|t| t.name().to_owned()).collect()
        };
        // The settings' globs first: the command line's, later, win.
        let mut globs = if read_settings {
            run_settings(&mut finder, &paths)?.globs
        } else {
            Vec::new()
        };
        globs.extend(common.walk.glob.iter().cloned());
        let filter = Filter::new(
            &globs,
            &names(&common.walk.types),
            &names(&common.walk.type_not),
            common.walk.hidden,
        )?;
        Ok(Config {
            style,
            width,
            paths,
            filter,
            jobs,
            quiet: common.quiet,
            options: Options {
                flags,
                trace: false,
                blunders,
            },
            shown,
            read_settings,
            task,
            analyse: analyse_settings(&common.analyse),
        })
    }
}

/// What the settings files found upward from `paths` set for the run: the
/// first format, the globs and aliases of each file once, in the paths'
/// order.
///
/// # Errors
/// A settings file that does not read.
fn run_settings(finder: &mut Finder, paths: &[OsString]) -> Result<Settings> {
    let mut run = Settings::default();
    let mut seen: Vec<std::path::PathBuf> = Vec::new();
    for path in paths {
        let Some((file, settings)) = finder.for_path(std::path::Path::new(path))? else {
            continue;
        };
        if seen.contains(&file) {
            continue;
        }
        seen.push(file);
        if run.format.is_none() {
            run.format.clone_from(&settings.format);
        }
        run.globs.extend(settings.globs.iter().cloned());
        run.aliases
            .extend(settings.aliases.iter().map(|(a, b)| (a.clone(), b.clone())));
    }
    Ok(run)
}

/// The findings shown, from the flags.
///
/// # Errors
/// A `--code` the catalogue does not know.
fn shown(args: &ShownArgs, aliases: Aliases) -> Result<Shown> {
    let mut shown = Shown::default();
    shown.aliases(aliases);
    for name in &args.player {
        shown.player(name);
    }
    for code in &args.code {
        shown.code(code).map_err(anyhow::Error::msg)?;
    }
    for severity in &args.severity {
        shown.severity(match severity {
            SeverityName::Error => Severity::Error,
            SeverityName::Warning => Severity::Warning,
            SeverityName::Info => Severity::Info,
        });
    }
    for &game in &args.game {
        shown.game(game);
    }
    for &number in &args.match_number {
        shown.match_number(number);
    }
    Ok(shown)
}

/// The format of `players -o FILE` by the file's extension.
///
/// # Errors
/// An extension that names no format of `players`.
fn players_format_of_output(path: &std::path::Path) -> Result<PlayersFormat> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    Ok(match extension.as_deref() {
        Some("csv") => PlayersFormat::Csv,
        Some("json") => PlayersFormat::Json,
        Some("jsonl" | "ndjson") => PlayersFormat::Jsonl,
        Some("txt" | "text") => PlayersFormat::Table,
        _ => anyhow::bail!(
            "{}: no format known for this extension (.csv, .json, .jsonl, .txt); give one with --format",
            bgaudit::escape::os_str(path.as_os_str())
        ),
    })
}

/// The format an `--output` file asks for by its extension (`report.html`,
/// `findings.csv`, `run.sarif`, `.json`/`.jsonl`, `.txt` for the list).
///
/// # Errors
/// An extension that names no format (or none): one line saying which
/// extensions are known and that `--format` decides otherwise.
pub(crate) fn format_of_output(path: &std::path::Path) -> Result<CheckFormat> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    Ok(match extension.as_deref() {
        Some("html" | "htm") => CheckFormat::Html,
        Some("csv") => CheckFormat::Csv,
        Some("sarif") => CheckFormat::Sarif,
        Some("json" | "jsonl" | "ndjson") => CheckFormat::Jsonl,
        Some("txt" | "text" | "log") => CheckFormat::List,
        _ => anyhow::bail!(
            "{}: no format known for this extension (.html, .csv, .sarif, .json, .jsonl, .txt); give one with --format",
            bgaudit::escape::os_str(path.as_os_str())
        ),
    })
}

/// The settings of `--analyse`, when given.
fn analyse_settings(args: &super::args::AnalyseArgs) -> Option<super::analyse::Settings> {
    args.analyse.then(|| super::analyse::Settings {
        program: args.gnubg.clone(),
        plies: args.analysis_plies,
        timeout: std::time::Duration::from_secs(args.analysis_timeout),
        cache: if args.no_analysis_cache {
            None
        } else {
            args.analysis_cache
                .clone()
                .or_else(super::analyse::default_cache)
        },
        keep: args.keep_analysis.clone(),
    })
}

/// The position and roll `legal` is asked about: an eXtreme Gammon position
/// file (`.xgp`, recognised by its content) with its dice or the `dice`
/// given, else a position ID or XGID ([`bgaudit::ids::position_and_roll`]).
fn legal_input(text: &str, dice: Option<&str>) -> Result<(Position, Roll)> {
    let path = std::path::Path::new(text);
    if !path.is_file() {
        return Ok(bgaudit::ids::position_and_roll(text, dice)?);
    }
    let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if !bgaudit::parse::identify::is_xg(&bytes) {
        anyhow::bail!(
            "{}: not an eXtreme Gammon position file; give a position ID, an XGID or an .xgp file",
            bgaudit::escape::os_str(path.as_os_str())
        );
    }
    let file = bgaudit::parse::xg::position_file(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", bgaudit::escape::os_str(path.as_os_str())))?;
    let checkers = if file.variation == 2 { 3 } else { 15 };
    let position = bgaudit::position::Setup::from_board(file.board, checkers)
        .into_position(checkers)
        .map_err(|e| anyhow::anyhow!("{}: its position is not valid: {e}", path.display()))?;
    // Dice given on the command line win: an .xgp's roll is the one its
    // analysis looked at, and another roll of the same position is a fair
    // question.
    let roll = match (dice, file.dice) {
        (Some(dice), _) => dice.parse::<Roll>()?,
        (None, Some([a, b])) => format!("{a}{b}").parse::<Roll>()?,
        (None, None) => anyhow::bail!(
            "{}: the position file holds no roll: give the dice (`bgaudit legal FILE.xgp 31`)",
            path.display()
        ),
    };
    Ok((position, roll))
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;

    use super::*;

    #[test]
    fn the_width_is_the_terminal_s_else_columns() {
        assert_eq!(output_width(false, None), None);
        assert_eq!(output_width(false, Some(OsStr::new("60"))), Some(60));
        assert_eq!(output_width(false, Some(OsStr::new(" 100 "))), Some(100));
        assert_eq!(output_width(false, Some(OsStr::new("wide"))), None);
        assert_eq!(output_width(false, Some(OsStr::new("0"))), None);
    }
}
