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

use super::args::{
    Args, CheckFormat, ColorChoice, Command, FailOn, FileType, LegalFormat, PlayersFormat, RuleArgs,
};

/// What to do with the reports.
#[derive(Debug)]
pub(crate) enum Task {
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
        /// CSV cells that spreadsheets would run as formulas get a `'`.
        csv_safe: bool,
        /// Where the findings go instead of standard output.
        output: Option<PathBuf>,
    },
    /// `explain --list`: every code and kind with its meaning.
    ExplainList,
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
        format: legal::Format,
    },
    /// `players`: the per-player report.
    Players {
        /// Report format.
        format: players::Format,
        /// Name merges.
        aliases: Aliases,
        /// CSV cells that spreadsheets would run as formulas get a `'`.
        csv_safe: bool,
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
        if let Command::Check(check) = &args.command
            && check
                .output
                .as_deref()
                .is_some_and(|p| p != std::path::Path::new("-"))
        {
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
            task,
            analyse: None,
        };
        let single = |path: OsString, rules: &RuleArgs, task: Task| Config {
            style,
            width,
            paths: vec![path],
            filter: Filter::default(),
            jobs: 1,
            quiet: true,
            options: Options {
                flags: rules.flags(),
                trace: true,
                blunders: false,
            },
            task,
            analyse: None,
        };
        let blunders = matches!(&args.command, Command::Check(check) if check.blunders);
        let (paths, common, task) = match args.command {
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
                    return Ok(single(target, &explain.rules, Task::ExplainCode { name }));
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
                return Ok(single(target, &explain.rules, task));
            }
            Command::Show(show) => {
                let task = Task::Show {
                    place: show.place.place(),
                };
                return Ok(single(show.file, &show.rules, task));
            }
            Command::Legal(args) => {
                let (position, roll) = legal_input(&args.position, args.dice.as_deref())?;
                let task = Task::Legal {
                    position,
                    roll,
                    format: match args.format {
                        LegalFormat::Text => legal::Format::Text,
                        LegalFormat::Json => legal::Format::Json,
                        LegalFormat::Jsonl => legal::Format::Jsonl,
                        LegalFormat::Csv => legal::Format::Csv,
                    },
                };
                return Ok(bare(task));
            }
            Command::Check(check) => {
                let format = match check.format {
                    Some(CheckFormat::Table) => report::Format::Table,
                    Some(CheckFormat::Jsonl | CheckFormat::Json) => report::Format::Jsonl,
                    Some(CheckFormat::Csv) => report::Format::Csv,
                    Some(CheckFormat::Html) => report::Format::Html,
                    Some(CheckFormat::Sarif) => report::Format::Sarif,
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
                    csv_safe: check.csv_safe,
                    output: check.output.filter(|p| p != std::path::Path::new("-")),
                };
                (check.paths, check.common, task)
            }
            Command::Players(players) => {
                let format = match players.format {
                    Some(PlayersFormat::Table) => players::Format::Table,
                    Some(PlayersFormat::Csv) => players::Format::Csv,
                    Some(PlayersFormat::Json) => players::Format::Json,
                    Some(PlayersFormat::Jsonl) => players::Format::Jsonl,
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
                    Task::Players {
                        format,
                        aliases,
                        csv_safe: players.csv_safe,
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
        let filter = Filter::new(
            &common.walk.glob,
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
            task,
            analyse: analyse_settings(&common.analyse),
        })
    }
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
    if !bgaudit::parse::sniff::is_xg(&bytes) {
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
