//! `--analyse`: every match whose record carries no analysis is handed to
//! GNU Backgammon, run as a program of its own (`gnubg -t -q -r`, one process
//! per job), which imports it, analyses it and saves an analysed SGF; that
//! SGF is read back with bgaudit's own SGF reader, and its skill statistics
//! become the match's.
//!
//! - **Same game only.** GNU Backgammon's import drops or changes plays it
//!   cannot make (an illegal play, a typo): its analysis is taken only when
//!   the replay of the analysed SGF is the replay of the record, roll by roll
//!   (the dice, the position after the play, the cube and the score before
//!   it), with as many games and cube actions. Otherwise the match gets a
//!   `not-analysed` finding that says why.
//! - **Failures** (GNU Backgammon crashed, ran out of time, refused the
//!   match, saved nothing) are a `not-analysed` finding of that match; the
//!   run goes on. A GNU Backgammon that cannot be found or run is one error
//!   before anything is read, with the install hint.
//! - **Cache.** The analysed SGF is kept under the SHA-256 of the settings
//!   (GNU Backgammon's version line, the plies, how the match is imported)
//!   and of the match's own text, written whole (a temporary file renamed);
//!   a refused import is kept too. A second run over the same records reads
//!   the cache and starts no GNU Backgammon.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use bgaudit::catalogue::Code;
use bgaudit::finding::Finding;
use bgaudit::location::Location;
use bgaudit::parse::match_text::MatchText;
use bgaudit::replay::{
    FileReport, Layout, MatchSummary, Options, TraceStep, check_bytes, check_match_text,
};
use sha2::{Digest, Sha256};

/// Where GNU Backgammon is looked for when `--gnubg` does not say: Debian's
/// and Ubuntu's place, then `gnubg` on the `PATH`.
const DEFAULT_PROGRAM: &str = "/usr/games/gnubg";

/// How long `gnubg --version` may take.
const VERSION_TIMEOUT: Duration = Duration::from_secs(60);

/// The version of the cache's layout and keys: a change makes earlier
/// entries unreachable.
const CACHE_VERSION: &str = "bgaudit-analysis-1";

/// The analysis asked for on the command line.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// `--gnubg PATH`.
    pub(crate) program: Option<PathBuf>,
    /// `--analysis-plies N`: chequer play, cube decisions and luck.
    pub(crate) plies: u8,
    /// `--analysis-timeout SECS`: per match.
    pub(crate) timeout: Duration,
    /// The cache folder; `None` with `--no-analysis-cache`.
    pub(crate) cache: Option<PathBuf>,
    /// `--keep-analysis DIR`.
    pub(crate) keep: Option<PathBuf>,
}

/// The default cache folder: `$XDG_CACHE_HOME/bgaudit/analysis`, else
/// `~/.cache/bgaudit/analysis` (`%LOCALAPPDATA%` on Windows); `None` when
/// none of these is set.
pub(crate) fn default_cache() -> Option<PathBuf> {
    let absolute = |var: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let base = absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .or_else(|| absolute("LOCALAPPDATA"))?;
    Some(base.join("bgaudit").join("analysis"))
}

/// How the matches of a run fared.
#[derive(Debug, Default)]
pub(crate) struct Counts {
    /// Analysed by GNU Backgammon in this run.
    pub(crate) analysed: AtomicUsize,
    /// Read from the cache.
    pub(crate) cached: AtomicUsize,
    /// Not analysed (each with its finding).
    pub(crate) not_analysed: AtomicUsize,
}

/// GNU Backgammon, found and named, with the settings of the run.
#[derive(Debug)]
pub(crate) struct Analyser {
    program: PathBuf,
    /// `gnubg --version`'s first line, e.g. `GNU Backgammon 1.07.001 20230103`.
    version: String,
    settings: Settings,
    /// This run's working folder (one sub-folder per match analysed).
    work: PathBuf,
    next: AtomicUsize,
    /// How the matches fared.
    pub(crate) counts: Counts,
}

impl Drop for Analyser {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.work);
    }
}

/// How a match goes to GNU Backgammon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Import {
    /// `import mat`.
    Mat,
    /// `load match` (an SGF without analysis).
    Sgf,
}

impl Import {
    fn name(self) -> &'static str {
        match self {
            Import::Mat => "mat",
            Import::Sgf => "sgf",
        }
    }
}

/// Why a match was not analysed (the message of its finding).
type NotAnalysed = String;

impl Analyser {
    /// Finds GNU Backgammon and asks its version.
    ///
    /// # Errors
    /// GNU Backgammon is not found or does not run (with the install hint),
    /// or the program found is not GNU Backgammon.
    pub(crate) fn new(settings: Settings) -> Result<Analyser> {
        let program = find_program(settings.program.as_deref())?;
        let version = version(&program)?;
        let work = std::env::temp_dir().join(format!(
            "bgaudit-analyse-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&work)
            .with_context(|| format!("cannot create the working folder {}", work.display()))?;
        if let Some(keep) = &settings.keep {
            std::fs::create_dir_all(keep).with_context(|| {
                format!(
                    "--keep-analysis: cannot create the folder {}",
                    keep.display()
                )
            })?;
        }
        Ok(Analyser {
            program,
            version,
            settings,
            work,
            next: AtomicUsize::new(0),
            counts: Counts::default(),
        })
    }

    /// The closing line: how many matches were analysed, read from the
    /// cache, not analysed.
    pub(crate) fn summary(&self) -> String {
        let n = |c: &AtomicUsize| c.load(Ordering::Relaxed);
        format!(
            "analysis: {} analysed by {} at {}-ply, {} from the cache, {} not analysed\n",
            n(&self.counts.analysed),
            self.engine_name(),
            self.settings.plies,
            n(&self.counts.cached),
            n(&self.counts.not_analysed),
        )
    }

    /// `GNU Backgammon 1.07.001` (the version line without its date).
    fn engine_name(&self) -> String {
        let words: Vec<&str> = self.version.split_whitespace().collect();
        match words.as_slice() {
            ["GNU", "Backgammon", version, ..] => format!("GNU Backgammon {version}"),
            _ => self.version.clone(),
        }
    }

    /// Analyses the matches of a whole input's reports (`bytes`: the
    /// input as read) that carry no analysis.
    pub(crate) fn complete_input(
        &self,
        name: &str,
        bytes: &[u8],
        reports: &mut [FileReport],
        options: &Options,
    ) {
        if !reports.iter().any(wants_analysis) {
            return;
        }
        bgaudit::replay::with_layout(bytes, |layout| match layout {
            Layout::Unreadable => {}
            Layout::Xg => {
                for report in reports.iter_mut() {
                    self.refuse_all(
                        report,
                        Location::START,
                        "GNU Backgammon cannot import eXtreme Gammon files",
                    );
                }
            }
            Layout::Sgf => {
                let [report] = reports else { return };
                if report.matches.len() != 1 {
                    self.refuse_all(
                        report,
                        Location::START,
                        "an SGF file of several matches is not handed to GNU Backgammon",
                    );
                    return;
                }
                let jacoby = jacoby_of(report);
                let job = Job {
                    name,
                    jacoby,
                    text: bytes,
                    import: Import::Sgf,
                    location: Location::START,
                    original: &|| {
                        check_bytes(
                            name,
                            bytes,
                            &Options {
                                trace: true,
                                ..options.clone()
                            },
                        )
                    },
                };
                self.complete(report, &job, options);
            }
            Layout::Mat(pieces) => {
                if pieces.len() != reports.len() {
                    return;
                }
                for (piece, report) in pieces.iter().zip(reports.iter_mut()) {
                    self.complete_match(name, piece, report, options);
                }
            }
        });
    }

    /// Analyses one match of a `.mat` text, if it carries no
    /// analysis.
    pub(crate) fn complete_match(
        &self,
        name: &str,
        piece: &MatchText<'_>,
        report: &mut FileReport,
        options: &Options,
    ) {
        if !wants_analysis(report) || report.matches.len() != 1 {
            return;
        }
        let job = Job {
            name,
            jacoby: jacoby_of(report),
            text: piece.text.as_bytes(),
            import: Import::Mat,
            location: piece.start.locate(Location::START),
            original: &|| {
                check_match_text(
                    name,
                    piece,
                    &Options {
                        trace: true,
                        ..options.clone()
                    },
                )
            },
        };
        self.complete(report, &job, options);
    }

    /// Every match of `report` without analysis gets a `not-analysed`
    /// finding saying `why`.
    fn refuse_all(&self, report: &mut FileReport, location: Location, why: &str) {
        let numbers: Vec<u32> = report
            .matches
            .iter()
            .filter(|m| m.skill.is_none())
            .map(|m| m.number)
            .collect();
        for number in numbers {
            self.refuse(report, number, location, why.to_owned());
        }
    }

    /// Match `number` of `report` gets a `not-analysed` finding saying `why`.
    fn refuse(&self, report: &mut FileReport, number: u32, location: Location, why: String) {
        self.counts.not_analysed.fetch_add(1, Ordering::Relaxed);
        let mut finding = Finding::new(Code::NotAnalysed, location, format!("not analysed: {why}"));
        finding.match_number = number;
        if let Some(summary) = report.matches.iter_mut().find(|m| m.number == number) {
            summary.findings.add(finding.severity);
        }
        report.findings.push(finding);
    }

    /// Analyses the one match of `report` (`job`), or says why not.
    fn complete(&self, report: &mut FileReport, job: &Job<'_>, options: &Options) {
        let Some(summary) = report.matches.first() else {
            return;
        };
        let number = summary.number;
        if summary.plays == 0 {
            self.refuse(report, number, job.location, "no play was read".to_owned());
            return;
        }
        match self.analyse(job, summary, options) {
            Ok(skill) => report.matches[0].skill = Some(skill),
            Err(why) => self.refuse(report, number, job.location, why),
        }
    }

    /// The skill statistics of GNU Backgammon's analysis of `job`, whose
    /// replay summed up to `summary`.
    fn analyse(
        &self,
        job: &Job<'_>,
        summary: &MatchSummary,
        options: &Options,
    ) -> Result<Box<bgaudit::replay::MatchSkill>, NotAnalysed> {
        let key = self.key(job);
        let (sgf, from_cache) = match self.cached(&key) {
            Some(Ok(sgf)) => (sgf, true),
            Some(Err(refused)) => return Err(refused),
            None => (self.run(job, &key)?, false),
        };
        let analysed = check_bytes(
            "analysis.sgf",
            &sgf,
            &Options {
                trace: true,
                ..options.clone()
            },
        );
        let original = (job.original)();
        same_game(&original, summary, &analysed)?;
        self.keep(job, summary, &sgf);
        let mut analysed = analysed;
        let skill = analysed
            .matches
            .first_mut()
            .and_then(|m| m.skill.take())
            .ok_or_else(|| "GNU Backgammon's analysed SGF holds no analysis".to_owned())?;
        let count = if from_cache {
            &self.counts.cached
        } else {
            &self.counts.analysed
        };
        count.fetch_add(1, Ordering::Relaxed);
        Ok(skill)
    }

    /// The cache key of `job`: GNU Backgammon's version, the settings, how
    /// the match is imported, and the match's own text.
    fn key(&self, job: &Job<'_>) -> String {
        let mut hash = Sha256::new();
        hash.update(CACHE_VERSION.as_bytes());
        hash.update(b"\0");
        hash.update(self.version.as_bytes());
        hash.update(b"\0");
        hash.update(format!("plies {}\0", self.settings.plies).as_bytes());
        hash.update(job.import.name().as_bytes());
        hash.update(format!("\0jacoby {:?}\0", job.jacoby).as_bytes());
        hash.update(b"\0");
        hash.update(job.text);
        hash.finalize()
            .iter()
            .fold(String::with_capacity(64), |mut hex, b| {
                use std::fmt::Write as _;
                let _ = write!(hex, "{b:02x}");
                hex
            })
    }

    /// What the cache holds for `key`: the analysed SGF, or why GNU
    /// Backgammon refused the match.
    fn cached(&self, key: &str) -> Option<Result<Vec<u8>, NotAnalysed>> {
        let dir = self.settings.cache.as_ref()?;
        if let Ok(sgf) = std::fs::read(dir.join(format!("{key}.sgf"))) {
            return Some(Ok(sgf));
        }
        let refused = std::fs::read_to_string(dir.join(format!("{key}.refused"))).ok()?;
        Some(Err(refused))
    }

    /// Keeps `bytes` in the cache under `name`, whole or not at all (a
    /// cache that cannot be written only costs the next run its time).
    fn store(&self, name: &str, bytes: &[u8]) {
        let Some(dir) = &self.settings.cache else {
            return;
        };
        let temp = dir.join(format!(
            ".{name}.{}.{}.tmp",
            std::process::id(),
            self.next.fetch_add(1, Ordering::Relaxed)
        ));
        let written = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&temp, bytes))
            .and_then(|()| std::fs::rename(&temp, dir.join(name)));
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
    }

    /// Copies the analysed SGF to the `--keep-analysis` folder, named after
    /// the record (and the match, for a file of several).
    fn keep(&self, job: &Job<'_>, summary: &MatchSummary, sgf: &[u8]) {
        let Some(dir) = &self.settings.keep else {
            return;
        };
        let stem = Path::new(job.name)
            .file_stem()
            .map_or_else(|| "match".to_owned(), |s| s.to_string_lossy().into_owned());
        let stem = if stem == "-" {
            "stdin".to_owned()
        } else {
            stem
        };
        let name = if job.import == Import::Mat && summary.number > 1 {
            format!("{stem}.{}.analysed.sgf", summary.number)
        } else {
            format!("{stem}.analysed.sgf")
        };
        let _ = std::fs::write(dir.join(name), sgf);
    }

    /// Runs GNU Backgammon on `job`: the analysed SGF, or why there is none.
    fn run(&self, job: &Job<'_>, key: &str) -> Result<Vec<u8>, NotAnalysed> {
        let dir = self
            .work
            .join(format!("{}", self.next.fetch_add(1, Ordering::Relaxed)));
        let result = self.run_in(&dir, job, key);
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    fn run_in(&self, dir: &Path, job: &Job<'_>, key: &str) -> Result<Vec<u8>, NotAnalysed> {
        let failed = |what: &str, err: std::io::Error| format!("{what}: {err}");
        std::fs::create_dir_all(dir).map_err(|e| failed("cannot create a working folder", e))?;
        let (input, load) = match job.import {
            Import::Mat => ("match.mat", "import mat match.mat"),
            Import::Sgf => ("match.sgf", "load match match.sgf"),
        };
        std::fs::write(dir.join(input), job.text)
            .map_err(|e| failed("cannot write the match for GNU Backgammon", e))?;
        let plies = self.settings.plies;
        let rules = match job.jacoby {
            Some(true) => "set jacoby on\n",
            Some(false) => "set jacoby off\n",
            None => "",
        };
        let script = format!(
            "set threads 1\n\
             {rules}\
             set analysis moves on\n\
             set analysis cube on\n\
             set analysis luck on\n\
             set analysis chequerplay evaluation plies {plies}\n\
             set analysis cubedecision evaluation plies {plies}\n\
             set analysis luckanalysis plies {plies}\n\
             {load}\n\
             analyse match\n\
             save match analysed.sgf\n"
        );
        let log_path = dir.join("gnubg.log");
        let status = run_program(
            &self.program,
            &["-t", "-q", "-r"],
            Some(dir),
            script.as_bytes(),
            &log_path,
            self.settings.timeout,
        )
        .map_err(|err| match err {
            RunError::Start(err) => format!(
                "GNU Backgammon ({}) could not be started: {err}",
                self.program.display()
            ),
            RunError::Timeout => format!(
                "GNU Backgammon ran out of time ({} s, --analysis-timeout) and was stopped",
                self.settings.timeout.as_secs()
            ),
        })?;
        let log = std::fs::read(&log_path).unwrap_or_default();
        let said = messages(&String::from_utf8_lossy(&log));
        if !status.success() {
            return Err(format!(
                "GNU Backgammon stopped with {}{}",
                describe_status(status),
                if said.is_empty() {
                    String::new()
                } else {
                    format!(" ({said})")
                }
            ));
        }
        match std::fs::read(dir.join("analysed.sgf")) {
            Ok(sgf) if !sgf.is_empty() => {
                self.store(&format!("{key}.sgf"), &sgf);
                Ok(sgf)
            }
            _ => {
                let why = if said.is_empty() {
                    "GNU Backgammon saved no analysis".to_owned()
                } else {
                    format!("GNU Backgammon refused the match ({said})")
                };
                self.store(&format!("{key}.refused"), why.as_bytes());
                Err(why)
            }
        }
    }
}

/// One match to analyse.
struct Job<'a> {
    /// The input's name (for `--keep-analysis`).
    name: &'a str,
    /// The match's own text, as GNU Backgammon reads it.
    text: &'a [u8],
    import: Import,
    /// Where the match starts in its file.
    location: Location,
    /// The record's replay with its trace.
    original: &'a dyn Fn() -> FileReport,
    /// A money session's Jacoby rule when the record or the user states it:
    /// GNU Backgammon's import of a `.mat` (which cannot say) would take its
    /// own default, and analyse under another rule than the record's.
    jacoby: Option<bool>,
}

/// The Jacoby rule of a report's one money session, when the record or a
/// flag (or a settings file) states it; an assumed default is not passed on,
/// so that an import analyses as GNU Backgammon's own import of the file
/// does (`--jacoby on|off` says which rule a record that cannot say was
/// played under).
fn jacoby_of(report: &FileReport) -> Option<bool> {
    let m = report.matches.first()?;
    let rules = m.rules.as_ref()?;
    (m.length == 0 && rules.jacoby.source != bgaudit::replay::RuleSource::Default)
        .then_some(rules.jacoby.value)
}

/// A report holding a match without analysis.
fn wants_analysis(report: &FileReport) -> bool {
    report.matches.iter().any(|m| m.skill.is_none())
}

/// Whether GNU Backgammon's analysed SGF (`analysed`, replayed) is the game
/// of the record (`original`, replayed, whose match is `summary`): the same
/// games, the same cube actions, and roll by roll the same player, dice,
/// position after the play, cube and score.
fn same_game(
    original: &FileReport,
    summary: &MatchSummary,
    analysed: &FileReport,
) -> Result<(), NotAnalysed> {
    const OTHER: &str = "GNU Backgammon imported another game than the record's";
    let Some(theirs) = analysed.matches.first() else {
        return Err("GNU Backgammon's analysed SGF holds no match".to_owned());
    };
    let ours = rolls(&original.trace);
    let imported = rolls(&analysed.trace);
    for (a, b) in ours.iter().zip(&imported) {
        if a.1 != b.1 {
            if a.0.after.is_none() {
                return Err(format!(
                    "the replay cannot follow the record from {} on (see its findings), so \
                     GNU Backgammon's import cannot be checked against it",
                    describe_step(a.0)
                ));
            }
            return Err(format!(
                "{OTHER} ({}: {})",
                describe_step(a.0),
                difference(&a.1, &b.1)
            ));
        }
    }
    if ours.len() != imported.len() {
        let at = ours
            .get(imported.len())
            .map(|(step, _)| format!(", from {} on", describe_step(step)))
            .unwrap_or_default();
        return Err(format!(
            "{OTHER} ({} where the record has {}{at})",
            count(imported.len() as u64, "roll"),
            ours.len()
        ));
    }
    if theirs.games != summary.games {
        return Err(format!(
            "{OTHER} ({} where the record has {})",
            count(u64::from(theirs.games), "game"),
            summary.games
        ));
    }
    if theirs.cube_actions != summary.cube_actions {
        return Err(format!(
            "{OTHER} ({} where the record has {})",
            count(u64::from(theirs.cube_actions), "cube action"),
            summary.cube_actions
        ));
    }
    Ok(())
}

/// What differs between two rolls.
fn difference(ours: &RollKey, theirs: &RollKey) -> &'static str {
    if ours.0 != theirs.0 {
        "another game there"
    } else if ours.1 != theirs.1 {
        "the other player rolls there"
    } else if ours.2 != theirs.2 {
        "other dice"
    } else if ours.4 != theirs.4 {
        "another cube or score before it"
    } else {
        "another position after it"
    }
}

/// `1 roll`, `2 rolls`.
fn count(n: u64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// What is compared of a roll: its game's ordinal, the player, the dice,
/// the position after the play, the cube (value, owner) and the score.
type RollKey = (
    usize,
    bgaudit::side::Side,
    Option<bgaudit::dice::Roll>,
    Option<bgaudit::position::Position>,
    Option<(
        u32,
        Option<bgaudit::side::Side>,
        bgaudit::side::ByPlayer<u32>,
    )>,
);

/// The rolls of a trace, each with what is compared of it.
fn rolls(trace: &[TraceStep]) -> Vec<(&TraceStep, RollKey)> {
    let mut game = 0;
    let mut last = None;
    let mut rolls = Vec::new();
    for step in trace {
        if step.game != last {
            game += 1;
            last = step.game;
        }
        if step.dice.is_none() {
            continue;
        }
        let context = step.context.as_ref().map(|c| (c.cube, c.owner, c.scores));
        rolls.push((step, (game, step.side, step.dice, step.after, context)));
    }
    rolls
}

/// `game 2, move 8 (Marta: 52: 6/4 8/4)`.
fn describe_step(step: &TraceStep) -> String {
    let mut place = Vec::new();
    if let Some(game) = step.game {
        place.push(format!("game {game}"));
    }
    if let Some(row) = step.row {
        place.push(format!("move {row}"));
    }
    let text = step.text.trim();
    let who = if step.player.is_empty() {
        text.to_owned()
    } else {
        format!("{}: {text}", step.player)
    };
    if place.is_empty() {
        who
    } else {
        format!("{}, {who}", place.join(", "))
    }
}

/// What GNU Backgammon said that is not a board, its banner or the echo of
/// a setting: its complaints, at most three, on one line.
fn messages(log: &str) -> String {
    const USUAL: &[&str] = &[
        "GNU Backgammon",
        "Copyright",
        "This program comes",
        "This is free software",
        "The number of threads",
        "Analysis ",
        "luck analysis",
        "Chequer play will",
        "Cube action will",
        "Dice rolls will",
        "Position ID",
        "Match ID",
    ];
    let lines: Vec<&str> = log
        .lines()
        .map(str::trim_end)
        .filter(|line| {
            let trimmed = line.trim_start();
            !trimmed.is_empty()
                && !line.starts_with([' ', '|', '+', '^', 'v'])
                && !USUAL.iter().any(|usual| trimmed.starts_with(usual))
        })
        .take(3)
        .collect();
    bgaudit::escape::terminal(&lines.join("; ")).into_owned()
}

/// How a process ended, in words.
fn describe_status(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "an unknown status".to_owned(),
    }
}

/// Why a program run gave no status.
enum RunError {
    Start(std::io::Error),
    Timeout,
}

/// Runs `program` with `args` in `dir`, `input` on its standard input, its
/// output and errors to `log`; stops it after `timeout`.
fn run_program(
    program: &Path,
    args: &[&str],
    dir: Option<&Path>,
    input: &[u8],
    log: &Path,
    timeout: Duration,
) -> Result<ExitStatus, RunError> {
    let out = File::create(log).map_err(RunError::Start)?;
    let err = out.try_clone().map_err(RunError::Start)?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(out)
        .stderr(err);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().map_err(RunError::Start)?;
    if let Some(mut stdin) = child.stdin.take() {
        // A program that stops before reading everything closes the pipe:
        // its status says why.
        let _ = stdin.write_all(input);
    }
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(err) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::Start(err));
            }
        }
        if start.elapsed() >= timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RunError::Timeout);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// The GNU Backgammon to run: `--gnubg`'s, else [`DEFAULT_PROGRAM`], else
/// `gnubg` on the `PATH`.
fn find_program(given: Option<&Path>) -> Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path.to_owned());
    }
    if Path::new(DEFAULT_PROGRAM).is_file() {
        return Ok(PathBuf::from(DEFAULT_PROGRAM));
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("gnubg"))
            .find(|p| p.is_file())
    });
    on_path.ok_or_else(|| {
        anyhow::anyhow!(
            "--analyse needs GNU Backgammon, which is not installed (not at {DEFAULT_PROGRAM} nor \
             on the PATH): install it (`apt-get install gnubg` on Debian and Ubuntu, or from \
             https://www.gnu.org/software/gnubg/), or give its path with --gnubg"
        )
    })
}

/// GNU Backgammon's version line (`gnubg --version`'s first).
fn version(program: &Path) -> Result<String> {
    let log = std::env::temp_dir().join(format!(
        "bgaudit-gnubg-version-{}-{:?}.log",
        std::process::id(),
        std::thread::current().id()
    ));
    let run = run_program(program, &["--version"], None, b"", &log, VERSION_TIMEOUT);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let shown = program.display();
    match run {
        Err(RunError::Start(err)) if err.kind() == std::io::ErrorKind::NotFound => {
            anyhow::bail!(
                "--analyse needs GNU Backgammon, and {shown} does not exist: install it \
                 (`apt-get install gnubg` on Debian and Ubuntu), or give its path with --gnubg"
            )
        }
        Err(RunError::Start(err)) => {
            anyhow::bail!("GNU Backgammon ({shown}) could not be started: {err}")
        }
        Err(RunError::Timeout) => {
            anyhow::bail!("GNU Backgammon ({shown}) did not say its version: stopped")
        }
        Ok(_) => {}
    }
    let first = text.lines().next().unwrap_or("").trim();
    if !first.starts_with("GNU Backgammon") {
        anyhow::bail!(
            "{shown} does not look like GNU Backgammon (`--version` printed `{}`): give its path \
             with --gnubg",
            bgaudit::escape::terminal(first)
        );
    }
    Ok(first.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnubg_s_complaints_are_kept_and_its_boards_left_out() {
        let log = "GNU Backgammon 1.07.001 20230103\n\nCopyright (C) 1999\n\
                   The number of threads has been set to 1.\n\
                   Analysis chequerplay will use 0 ply evaluation.\n\
                   match.mat: No such file or directory\n\
                   No game in progress.\n | X  X |\n +13-14+\n";
        assert_eq!(
            messages(log),
            "match.mat: No such file or directory; No game in progress."
        );
    }

    #[test]
    fn a_replay_is_its_own_game_and_another_roll_makes_another_game() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/cli/clean/one-point.mat"
        );
        let bytes = std::fs::read(path).expect("the fixture");
        let options = Options {
            trace: true,
            ..Options::default()
        };
        let report = check_bytes("one-point.mat", &bytes, &options);
        let summary = report.matches[0].clone();
        assert_eq!(same_game(&report, &summary, &report), Ok(()));
        let mut other = report.clone();
        let step = other
            .trace
            .iter_mut()
            .rev()
            .find(|s| s.dice.is_some())
            .expect("a roll");
        step.after = None;
        let why = same_game(&report, &summary, &other).expect_err("another game");
        assert!(
            why.starts_with("GNU Backgammon imported another game than the record's (")
                && why.ends_with(": another position after it)"),
            "{why}"
        );
        let mut shorter = report.clone();
        let last = shorter.trace.iter().rposition(|s| s.dice.is_some());
        shorter.trace.truncate(last.expect("a roll"));
        let why = same_game(&report, &summary, &shorter).expect_err("a roll fewer");
        assert!(why.contains("1 roll where the record has 2"), "{why}");
    }

    #[test]
    fn the_default_cache_is_under_the_user_s_cache_folder() {
        if let Some(dir) = default_cache() {
            assert!(dir.ends_with("bgaudit/analysis"), "{}", dir.display());
        }
    }
}
