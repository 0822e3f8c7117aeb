//! The command line as clap parses it: subcommands, their options and the
//! value parsers that refuse a bad value at once (exit status 2). Nothing
//! here looks at the environment; [`super::config`] resolves the rest.

use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use bgaudit::position::Variant;
use bgaudit::replay::RuleFlags;
use bgaudit::report::explain::Place;
use bgaudit::report::players::Aliases;
use clap::{Parser, Subcommand, ValueEnum};

const EXIT_STATUS: &str = "\
Exit status:
  0  nothing at or above the --fail-on level (players: every input was read)
  1  findings at or above the --fail-on level (check only)
  2  an input could not be read (missing path, not a transcript), bad usage,
     or an output failed (a full disk)

Files found in folders that are no match records are skipped: they do not
change the status. Errors are one line on standard error. Standard output
closed by its reader (`| head`) ends the run quietly.";

const CHECK_EXIT_STATUS: &str = "\
Exit status:
  0  every input was read and no finding is at or above the --fail-on level
  1  every input was read and some finding is at or above the --fail-on level
  2  an input could not be read (missing path, not a transcript), bad usage,
     or an output failed (a full disk, a --summary file that cannot be
     created or completed; the summary is then not written)

Files found in folders that are no match records (a README, a picture, an
.xgp position) are skipped and counted: they do not change the status.
Standard output closed by its reader (`| head -1`) ends the run quietly with
the status of the findings read so far. The filters (--player, --code,
--severity, --game, --match) set what counts.";

const PLAYERS_EXIT_STATUS: &str = "\
Exit status:
  0  every input was read, whatever the findings
  2  an input could not be read (missing path, not a transcript), bad usage,
     or an output failed

Files found in folders that are no match records are skipped, as for check.";

/// bgaudit audits backgammon match records.
///
/// It reads match records (the Jellyfish .mat text family, GNU Backgammon
/// SGF and eXtreme Gammon .xg), replays every action under the rules, and
/// reports every illegal play, cube action, wrong score and broken record
/// with its file, line and column (in an .xg: game, move and the record's
/// offset).
#[derive(Debug, Parser)]
#[command(name = "bgaudit", version, after_help = EXIT_STATUS)]
pub struct Args {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// When to colour diagnostics and boards.
    #[arg(long, value_enum, value_name = "WHEN", global = true,
          default_value_t = ColorChoice::Auto)]
    pub(crate) color: ColorChoice,
    /// Read no settings file (bgaudit.toml): the flags and the defaults
    /// only.
    #[arg(long, global = true)]
    pub(crate) no_config: bool,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Replay transcripts and report every finding.
    ///
    /// Findings go to standard output (or to the --output file). The closing
    /// summary (files, matches, games, plays, findings by severity,
    /// unreadable files) follows the table on standard output; with --format
    /// jsonl, csv, html or sarif, or with --output, it goes to standard error
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
    /// `bgaudit explain --list` lists every code and kind with its one-line
    /// meaning. `bgaudit explain CODE` (e.g. `illegal-play`, `illegal-play/under-played`,
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
    /// Say which settings file (bgaudit.toml) applies to each path, and what
    /// it sets.
    ///
    /// A settings file is looked for in the folder of each path checked and
    /// in every folder above it; the nearest one applies. It sets the
    /// default format, the globs of folder walks, the rules for files that
    /// do not say (crawford, jacoby, beavers, cube-limit, variant) and the
    /// aliases of players; flags given on the command line win over it.
    #[command(
        after_help = "Exit status:\n  0  every settings file found reads\n  2  a settings file that does not read, or bad usage"
    )]
    Config(ConfigArgs),
    /// Print a shell completion script.
    ///
    /// For example `bgaudit completions bash > ~/.local/share/bash-completion/completions/bgaudit`,
    /// `bgaudit completions zsh > ~/.zfunc/_bgaudit` or `bgaudit completions fish >
    /// ~/.config/fish/completions/bgaudit.fish`.
    Completions(CompletionsArgs),
    /// Write the man pages (bgaudit.1 and one per subcommand) to a folder.
    #[command(hide = true)]
    Man(ManArgs),
}

#[derive(Debug, clap::Args)]
pub(crate) struct ConfigArgs {
    /// Files or folders [default: the current folder].
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<OsString>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ManArgs {
    /// The folder the pages are written to.
    #[arg(long, value_name = "DIR", default_value = "docs/man")]
    pub(crate) out: PathBuf,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ExplainArgs {
    /// A finding code (`code` or `code/kind`), or a transcript file (`-` for
    /// standard input).
    #[arg(value_name = "CODE|FILE", required_unless_present = "list")]
    pub(crate) target: Option<OsString>,
    /// List every finding code and kind with its severity and one-line
    /// meaning.
    #[arg(long, conflicts_with_all = ["target", "game", "row", "match_number"])]
    pub(crate) list: bool,
    #[command(flatten)]
    pub(crate) place: PlaceArgs,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ShowArgs {
    /// A transcript file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub(crate) file: OsString,
    /// The player drawn at the bottom of every board (as X): the first
    /// player (the left column) and the second keep one orientation for a
    /// whole game, as GNU Backgammon does; `mover` turns the board to the
    /// player acting.
    #[arg(long, value_enum, value_name = "WHO", default_value_t = Bottom::First)]
    pub(crate) bottom: Bottom,
    #[command(flatten)]
    pub(crate) place: PlaceArgs,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
}

#[derive(Debug, clap::Args)]
pub(crate) struct PlaceArgs {
    /// The game, by its number as written.
    #[arg(long, value_name = "N")]
    pub(crate) game: Option<u32>,
    /// The move: the row number as written (in SGF and .xg, the row the
    /// game takes laid out as a .mat file).
    #[arg(long = "move", value_name = "M", requires = "game")]
    pub(crate) row: Option<u32>,
    /// The match, by its order in the file [default: every match].
    #[arg(long = "match", value_name = "K")]
    pub(crate) match_number: Option<u32>,
}

impl PlaceArgs {
    pub(crate) fn place(&self) -> Place {
        Place {
            match_number: self.match_number,
            game: self.game,
            row: self.row,
        }
    }

    pub(crate) fn is_given(&self) -> bool {
        self.game.is_some() || self.row.is_some() || self.match_number.is_some()
    }
}

#[derive(Debug, clap::Args)]
pub(crate) struct LegalArgs {
    /// GNU Backgammon position ID (e.g. `4HPwATDgc/ABMA`, or with its match
    /// ID `4HPwATDgc/ABMA:cAkAAAAAAAAA`), XGID, or an eXtreme Gammon position
    /// file (`.xgp`, with its roll unless DICE is given); the player on roll
    /// to move.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    pub(crate) position: String,
    /// The dice, e.g. `31`, `3-1` or `13`; may be left out when the match
    /// ID or XGID holds the roll.
    #[arg(value_name = "DICE")]
    pub(crate) dice: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LegalFormat::Text)]
    pub(crate) format: LegalFormat,
}

/// The formats of `legal`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum LegalFormat {
    /// One play per line: the play, a tab, the position ID after it.
    #[value(alias = "table")]
    Text,
    /// A JSON array of objects with `play` and `position`.
    Json,
    /// JSON Lines: one object with `play` and `position` per line.
    Jsonl,
    /// CSV with a header row: play,position.
    Csv,
}

/// Who `show` draws at the bottom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Bottom {
    /// The first player (the left column of a .mat, Black in SGF).
    First,
    /// The second player.
    Second,
    /// The player acting: the board turns with every move.
    Mover,
}

/// When to colour diagnostics and boards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    /// On a terminal, unless the NO_COLOR environment variable is set
    /// (non-empty).
    #[default]
    Auto,
    /// Always, even into a pipe or with NO_COLOR.
    Always,
    /// Never.
    Never,
}

/// The game variants of `--variant`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum VariantName {
    /// Standard backgammon.
    Backgammon,
    /// Nackgammon: two back checkers more, on the 23 point.
    Nackgammon,
    /// Hypergammon with 1 checker a side.
    Hypergammon1,
    /// Hypergammon with 2 checkers a side.
    Hypergammon2,
    /// Hypergammon with 3 checkers a side.
    #[value(alias = "hypergammon")]
    Hypergammon3,
    /// Greek Plakoto (pinning, the mother checker).
    Plakoto,
}

impl VariantName {
    /// The engine's variant.
    pub(crate) fn variant(self) -> Variant {
        match self {
            VariantName::Backgammon => Variant::Backgammon,
            VariantName::Nackgammon => Variant::Nackgammon,
            VariantName::Hypergammon1 => Variant::Hypergammon(1),
            VariantName::Hypergammon2 => Variant::Hypergammon(2),
            VariantName::Hypergammon3 => Variant::Hypergammon(3),
            VariantName::Plakoto => Variant::Plakoto,
        }
    }
}

#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// Files, directories or `-` for standard input. A folder is read
    /// recursively, hidden entries left out; a file found in it that is no
    /// match record (by content: a README, a manifest, a picture) is skipped
    /// and counted. Files are recognised by content, not extension.
    #[arg(required = true, value_name = "PATH")]
    pub(crate) paths: Vec<OsString>,
    /// Output format [default: table on a terminal, else jsonl].
    #[arg(long, value_enum)]
    pub(crate) format: Option<CheckFormat>,
    /// Write the findings (or the diagnostics) to FILE instead of standard
    /// output; the closing summary then goes to standard error.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Also write one CSV row per match (and per unreadable file) to FILE.
    /// FILE appears when the run completes, never half-written.
    #[arg(long, value_name = "FILE")]
    pub(crate) summary: Option<PathBuf>,
    /// Exit with status 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub(crate) fail_on: FailOn,
    /// Print each finding as a diagnostic (the line, the board, the legal
    /// plays) instead of a table; the closing summary follows.
    #[arg(long, conflicts_with = "format")]
    pub(crate) explain: bool,
    /// In CSV (--format csv, --summary), write a leading ' before every cell
    /// that begins with =, +, -, @, a tab or a carriage return, which a
    /// spreadsheet would run as a formula. Off by default: the data as
    /// written.
    #[arg(long)]
    pub(crate) csv_safe: bool,
    /// Also report, as `blunder` findings (info), the checker plays that the
    /// analysis a record carries (an analysed SGF, an .xg) marks very bad:
    /// with the board, the play made and the engine's best play.
    #[arg(long)]
    pub(crate) blunders: bool,
    #[command(flatten)]
    pub(crate) shown: ShownArgs,
    #[command(flatten)]
    pub(crate) common: CommonArgs,
}

/// Which findings are shown; the closing summary and the exit status follow
/// them. Each is repeatable (any of its values); together, every one given.
#[derive(Debug, clap::Args)]
pub(crate) struct ShownArgs {
    /// Only the findings about player NAME (compared as `players` merges
    /// names: case, spacing and a rating such as `(1650)` do not matter).
    #[arg(long, value_name = "NAME", help_heading = "Findings shown")]
    pub(crate) player: Vec<String>,
    /// Only the findings of CODE, or of one kind of it (`illegal-play`,
    /// `illegal-play/wrong-dice`; `bgaudit explain --list` lists them).
    #[arg(long, value_name = "CODE[/KIND]", help_heading = "Findings shown")]
    pub(crate) code: Vec<String>,
    /// Only the findings of this severity.
    #[arg(
        long,
        value_enum,
        value_name = "LEVEL",
        help_heading = "Findings shown"
    )]
    pub(crate) severity: Vec<SeverityName>,
    /// Only the findings of game N (its number as written).
    #[arg(long, value_name = "N", help_heading = "Findings shown")]
    pub(crate) game: Vec<u32>,
    /// Only match K of each file (its order in the file, from 1).
    #[arg(long = "match", value_name = "K", help_heading = "Findings shown")]
    pub(crate) match_number: Vec<u32>,
}

/// The severities of `--severity`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SeverityName {
    /// A rule broken or a record that contradicts itself.
    Error,
    /// Something probably wrong, or a rule the record may not follow.
    Warning,
    /// Worth knowing, not wrong.
    Info,
}

#[derive(Debug, clap::Args)]
pub(crate) struct PlayersArgs {
    /// Files, directories or `-`, as for `check`.
    #[arg(required = true, value_name = "PATH")]
    pub(crate) paths: Vec<OsString>,
    /// Output format [default: table on a terminal, else csv].
    #[arg(long, value_enum)]
    pub(crate) format: Option<PlayersFormat>,
    /// Count NAME as TO (names are compared trimmed, case-folded, without a
    /// trailing rating). Repeatable.
    #[arg(long, value_name = "NAME=TO", value_parser = parse_alias)]
    pub(crate) alias: Vec<String>,
    /// In CSV, write a leading ' before every cell that begins with =, +, -,
    /// @, a tab or a carriage return, which a spreadsheet would run as a
    /// formula. Off by default: the data as written.
    #[arg(long)]
    pub(crate) csv_safe: bool,
    /// Order the players by COLUMN, a CSV column name (`illegal_plays`,
    /// `illegal_per_100_plays`, `chi_square_p`, ...): numbers from the
    /// largest (`chi_square_p` from the smallest), names alphabetically
    /// [default: player].
    #[arg(long, value_name = "COLUMN")]
    pub(crate) sort: Option<String>,
    /// Write the report to FILE instead of standard output, in the format
    /// its extension names (.csv, .json, .jsonl, .txt for the table) unless
    /// --format says.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) shown: ShownArgs,
    #[command(flatten)]
    pub(crate) common: CommonArgs,
}

#[derive(Debug, clap::Args)]
pub(crate) struct CommonArgs {
    /// Files checked in parallel, at most 256 [default: the number of CPUs].
    /// Output order does not depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub(crate) jobs: Option<NonZeroUsize>,
    /// No progress bar and no closing summary.
    #[arg(long, short = 'q')]
    pub(crate) quiet: bool,
    #[command(flatten)]
    pub(crate) walk: WalkArgs,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    #[command(flatten)]
    pub(crate) analyse: AnalyseArgs,
}

/// `--analyse`: matches without analysis analysed by GNU Backgammon.
#[derive(Debug, clap::Args)]
pub(crate) struct AnalyseArgs {
    /// Hand every match whose record carries no analysis to GNU Backgammon
    /// (run as a program, one per job), and read its analysis back: the
    /// skill statistics then show as for an analysed SGF. A match GNU
    /// Backgammon imports differently (an illegal play, a typo) is not
    /// analysed, and a `not-analysed` finding says why.
    #[arg(long, visible_alias = "analyze", help_heading = "Analysis")]
    pub(crate) analyse: bool,
    /// GNU Backgammon's program [default: /usr/games/gnubg, else gnubg on
    /// the PATH].
    #[arg(
        long,
        value_name = "PATH",
        requires = "analyse",
        help_heading = "Analysis"
    )]
    pub(crate) gnubg: Option<PathBuf>,
    /// The depth of the analysis (chequer play, cube decisions, luck), in
    /// plies as GNU Backgammon counts them, 0 to 4 (each ply is several
    /// times slower than the one before).
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(0..=4),
          requires = "analyse", help_heading = "Analysis")]
    pub(crate) analysis_plies: u8,
    /// Seconds GNU Backgammon may take over one match; it is stopped then
    /// and the match is not analysed.
    #[arg(long, value_name = "SECS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..),
          requires = "analyse", help_heading = "Analysis")]
    pub(crate) analysis_timeout: u64,
    /// Where analyses are kept for the next run [default:
    /// $XDG_CACHE_HOME/bgaudit/analysis, else ~/.cache/bgaudit/analysis].
    #[arg(
        long,
        value_name = "DIR",
        requires = "analyse",
        help_heading = "Analysis"
    )]
    pub(crate) analysis_cache: Option<PathBuf>,
    /// Neither read nor write the cache of analyses.
    #[arg(
        long,
        requires = "analyse",
        conflicts_with = "analysis_cache",
        help_heading = "Analysis"
    )]
    pub(crate) no_analysis_cache: bool,
    /// Write each analysed SGF to DIR, to open in GNU Backgammon.
    #[arg(
        long,
        value_name = "DIR",
        requires = "analyse",
        help_heading = "Analysis"
    )]
    pub(crate) keep_analysis: Option<PathBuf>,
}

/// Which files a folder walk takes (as ripgrep does). A path named on the
/// command line is always read.
#[derive(Debug, clap::Args)]
pub(crate) struct WalkArgs {
    /// Take (or with `!GLOB`, leave out) the files and folders found that
    /// match GLOB, a `.gitignore` glob matched against the path as walked
    /// (`*.mat`, `!drafts/`, `2024/**`). Repeatable; the last glob that
    /// matches decides; when one takes, a file none matches is left out.
    #[arg(
        long,
        short = 'g',
        value_name = "GLOB",
        help_heading = "Files in folders"
    )]
    pub(crate) glob: Vec<String>,
    /// Take only files of this type (by extension). Repeatable.
    #[arg(
        long = "type",
        short = 't',
        value_name = "TYPE",
        value_enum,
        help_heading = "Files in folders"
    )]
    pub(crate) types: Vec<FileType>,
    /// Leave out files of this type. Repeatable.
    #[arg(
        long,
        short = 'T',
        value_name = "TYPE",
        value_enum,
        help_heading = "Files in folders"
    )]
    pub(crate) type_not: Vec<FileType>,
    /// Also walk hidden files and folders (names starting with `.`).
    #[arg(long, help_heading = "Files in folders")]
    pub(crate) hidden: bool,
}

/// The file types of `--type`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum FileType {
    /// Jellyfish text records: *.mat, *.txt.
    Mat,
    /// GNU Backgammon SGF: *.sgf.
    Sgf,
    /// eXtreme Gammon: *.xg, *.xgp.
    Xg,
}

impl FileType {
    /// The name `walk::TYPES` knows it by.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FileType::Mat => "mat",
            FileType::Sgf => "sgf",
            FileType::Xg => "xg",
        }
    }
}

#[derive(Debug, clap::Args)]
pub(crate) struct RuleArgs {
    /// The Crawford rule, for files that do not say.
    #[arg(long, value_enum, help_heading = "Rules (a file's own tags win)")]
    pub(crate) crawford: Option<OnOff>,
    /// The Jacoby rule in money sessions, for files that do not say.
    #[arg(long, help_heading = "Rules (a file's own tags win)")]
    pub(crate) jacoby: bool,
    /// Beavers allowed in money sessions, for files that do not say;
    /// `--beavers=N`: at most N beavers and raccoons per double (3, GNU
    /// Backgammon's default, when N is not given; 0: none).
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "3", help_heading = "Rules (a file's own tags win)")]
    pub(crate) beavers: Option<u8>,
    /// Highest cube value (a power of two; 1 = no cube), for files that do
    /// not say.
    #[arg(long, value_name = "N", value_parser = parse_cube_limit,
          help_heading = "Rules (a file's own tags win)")]
    pub(crate) cube_limit: Option<u32>,
    /// The game variant, for files that do not say.
    #[arg(
        long,
        value_name = "NAME",
        value_enum,
        ignore_case = true,
        help_heading = "Rules (a file's own tags win)"
    )]
    pub(crate) variant: Option<VariantName>,
    /// Money play: ties of the opening roll turned the cube, at most N times
    /// a game (the cube stays centred; records do not show them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6),
          help_heading = "Rules (a file's own tags win)")]
    pub(crate) automatic_doubles: Option<u8>,
    /// Club rule: what a backgammon counts, 3 (normal) or 2 (as a gammon).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=3),
          help_heading = "Rules (a file's own tags win)")]
    pub(crate) backgammon_value: Option<u32>,
    /// Club rule: beavers and raccoons allowed in match play.
    #[arg(long, help_heading = "Rules (a file's own tags win)")]
    pub(crate) match_beavers: bool,
}

/// The formats of `check`. The same names mean the same thing for every
/// subcommand: `table` (or `text`) for people, `json` and `jsonl` for
/// scripts, `csv` for spreadsheets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CheckFormat {
    /// A table, the rules in force and the closing summary (the list on a
    /// terminal too narrow for the table).
    Table,
    /// A plain list, each file's findings under its name, for pagers and
    /// logs.
    #[value(alias = "text")]
    List,
    /// JSON Lines: one object per finding, match and skipped file.
    Jsonl,
    /// The same as jsonl: a stream of JSON objects, one per line.
    Json,
    /// CSV, one row per finding, with a header row.
    Csv,
    /// One self-contained HTML page: summary, players, each finding with
    /// its board.
    Html,
    /// SARIF 2.1.0, for code-review tools and SARIF viewers.
    Sarif,
}

/// The formats of `players`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PlayersFormat {
    /// A table (a block per player on a narrow terminal).
    Table,
    /// CSV, one row per player, with a header row.
    Csv,
    /// One JSON array of objects.
    Json,
    /// JSON Lines: one object per player.
    Jsonl,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum FailOn {
    Error,
    Warning,
    Info,
    Never,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum OnOff {
    On,
    Off,
}

/// The most threads `--jobs` starts: more than any machine's cores that
/// bgaudit could keep busy, and few enough to start at once.
pub(crate) const MAX_JOBS: usize = 256;

fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    text.parse::<usize>()
        .ok()
        .and_then(NonZeroUsize::new)
        .filter(|n| n.get() <= MAX_JOBS)
        .ok_or_else(|| format!("expected a number of threads from 1 to {MAX_JOBS}"))
}

fn parse_cube_limit(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| n.is_power_of_two())
        .ok_or_else(|| "expected a cube value: 1 (no cube), 2, 4, 8, 16, 32, 64, ...".to_owned())
}

pub(crate) fn parse_alias(spec: &str) -> Result<String, String> {
    Aliases::default().add(spec).map(|()| spec.to_owned())
}

impl RuleArgs {
    pub(crate) fn flags(&self) -> RuleFlags {
        RuleFlags {
            crawford: self.crawford.map(|c| c == OnOff::On),
            jacoby: self.jacoby.then_some(true),
            beavers: self.beavers.map(|n| n > 0),
            beaver_limit: self.beavers,
            cube_limit: self.cube_limit,
            variant: self.variant.map(VariantName::variant),
            automatic_doubles: self.automatic_doubles,
            backgammon_value: self.backgammon_value,
            match_beavers: self.match_beavers.then_some(true),
        }
    }
}
