//! The typo analysis, measured. One single-token typo is planted at a time in
//! a legal transcript, and the replay must say which legal play the record
//! meant.
//!
//! Corpus: the 200 GNU Backgammon 1.07 self-play matches of
//! `../shared/corpus/gnubg-selfplay/mat/` (every play legal, gnubg's `export
//! match mat`: one hop per die, `25` for the bar, `0` for off). A trial picks
//! a roll cell with a play, with at least one roll after it in its game (so
//! that the record has evidence after the typo), and plants one of three
//! typos, by a fixed-seed generator:
//!
//! - *digit*: one digit of one point number changed to another digit, the
//!   number staying a point 0..=25 (`13/8 6/5` → `13/8 6/3`);
//! - *swap*: the dice read in the other order, each of the two checkers moved
//!   by the other die (`51: 13/8 6/5` → `13/12 6/1`; for one checker moved
//!   twice, the other intermediate point). Swapping the dice of the roll cell
//!   alone (`51` → `15`) never changes what is legal, so it is no typo to
//!   find;
//! - *drop*: one hop of the play left out (`13/8 6/5` → `13/8`).
//!
//! Hops only written in another order are no typo and are not planted. Every
//! edit keeps the columns of the transcript in place. Each trial is
//! classified: *harmless* (the edited play is legal and reaches the same
//! position, e.g. one checker through another empty point), *undetected*
//! (legal, another position: nothing to find at the cell), *recovered* (a
//! finding at the cell with `likely_typo == Some(true)` and a suggestion that
//! reaches the position the original play reached, both judged from the
//! position before the cell), or a miss: a wrong suggestion, a play said to
//! stand (`Some(false)`), no conclusion with fewer than two rolls after the
//! cell, or none otherwise. The recovery rate is taken over the detected
//! typos (all but harmless and undetected). A *cascade* is a trial with any
//! warning or error beyond the clean file's, other than the typo's own
//! finding; *blamed* counts trials where another play is called a typo.
//!
//! `cargo test typo_rate -- --nocapture` prints the table and a few misses.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use bgaudit::catalogue::Code;
use bgaudit::dice::Roll;
use bgaudit::finding::{Finding, Severity};
use bgaudit::notation::PlayNotation;
use bgaudit::position::Position;
use bgaudit::replay::{Options, check_bytes};
use bgaudit::rules::{MoveGen, judge};

use crate::util::{shared, shared_or_skip};

/// Trials per kind of typo.
const TRIALS: usize = 1000;
/// The generator's seed: the trials are the same on every run.
const SEED: u64 = 0x7e57_ab1e_5eed_0007;
/// Misses printed per kind and class.
const SHOWN: usize = 4;
/// The least share of detected typos recovered, per kind (digit, swap,
/// drop), set just below the rates measured with `SEED` and `TRIALS`: 920
/// of 1000 (92.0 %), 463 of 529 (87.5 %), 833 of 997 (83.6 %).
const RECOVERY: [f64; 3] = [0.91, 0.86, 0.82];
/// Detected typos followed by other warnings or errors, at most (percent).
const MAX_CASCADE_PERCENT: usize = 2;

/// A small xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `0..n` (`n > 0`; the bias is negligible here).
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).expect("fits")
    }
}

/// One written hop, as gnubg writes it: numbers only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Hop {
    from: u8,
    to: u8,
    hit: bool,
}

fn hops_text(hops: &[Hop]) -> String {
    hops.iter()
        .map(|h| format!("{}/{}{}", h.from, h.to, if h.hit { "*" } else { "" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `8/5*` → a hop; anything else `None`.
fn parse_hop(token: &str) -> Option<Hop> {
    let (token, hit) = match token.strip_suffix('*') {
        Some(t) => (t, true),
        None => (token, false),
    };
    let (from, to) = token.split_once('/')?;
    let from: u8 = from.parse().ok()?;
    let to: u8 = to.parse().ok()?;
    (from <= 25 && to <= 25).then_some(Hop { from, to, hit })
}

/// A roll cell of a clean file where a typo can be planted.
struct Cell {
    file: usize,
    line: u32,
    column: u32,
    /// Byte offset of the play's text (after `NN: `) in the file.
    play_at: usize,
    play: Vec<Hop>,
    dice: Roll,
    /// The position before the play, mover's frame.
    before: Position,
    /// Rolls after this one in the same game.
    rolls_after: usize,
}

struct Clean {
    name: String,
    text: String,
    /// Warnings and errors of the clean file: (code, line, column) → count.
    findings: BTreeMap<(&'static str, u32, u32), usize>,
    /// Its notes (info), the same way.
    notes: BTreeMap<(&'static str, u32, u32), usize>,
}

fn key(f: &Finding) -> (&'static str, u32, u32) {
    (f.code.as_str(), f.location.line, f.location.column)
}

/// Counts `findings` at warning or error level (`serious`), or the notes.
fn counted(findings: &[Finding], serious: bool) -> BTreeMap<(&'static str, u32, u32), usize> {
    let mut map = BTreeMap::new();
    for f in findings
        .iter()
        .filter(|f| (f.severity >= Severity::Warning) == serious)
    {
        *map.entry(key(f)).or_insert(0) += 1;
    }
    map
}

/// Whether `findings` (of one severity class, the typo's cell left out) hold
/// more than `clean`.
fn beyond(findings: &[&Finding], clean: &BTreeMap<(&'static str, u32, u32), usize>) -> bool {
    let mut left = clean.clone();
    findings.iter().any(|f| match left.get_mut(&key(f)) {
        Some(n) if *n > 0 => {
            *n -= 1;
            false
        }
        _ => true,
    })
}

/// Reads the corpus and lists every roll cell fit for a typo.
fn corpus() -> (Vec<Clean>, Vec<Cell>) {
    let dir: PathBuf = shared().join("corpus/gnubg-selfplay/mat");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("self-play folder is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mat"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 200, "the self-play corpus has 200 matches");
    let options = Options {
        trace: true,
        ..Options::default()
    };
    let mut files = Vec::new();
    let mut cells = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("corpus file is readable");
        let name = path
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let report = check_bytes(&name, text.as_bytes(), &options);
        let file = files.len();
        let rolls: Vec<_> = report.trace.iter().filter(|s| s.dice.is_some()).collect();
        for (i, step) in rolls.iter().enumerate() {
            let rolls_after = rolls[i + 1..]
                .iter()
                .take_while(|s| (s.match_number, s.game) == (step.match_number, step.game))
                .count();
            let (Some(dice), Some(before)) = (step.dice, step.before) else {
                continue;
            };
            let Some((_, written)) = step.text.split_once(':') else {
                continue;
            };
            let written = written.trim();
            let play: Option<Vec<Hop>> = written.split_whitespace().map(parse_hop).collect();
            let Some(play) = play.filter(|p| !p.is_empty()) else {
                continue;
            };
            let play_at = step.location.byte + step.text.len() - written.len();
            if rolls_after == 0
                || hops_text(&play) != written
                || text.get(play_at..play_at + written.len()) != Some(written)
            {
                continue;
            }
            cells.push(Cell {
                file,
                line: step.location.line,
                column: step.location.column,
                play_at,
                play,
                dice,
                before,
                rolls_after,
            });
        }
        files.push(Clean {
            name,
            text,
            findings: counted(&report.findings, true),
            notes: counted(&report.findings, false),
        });
    }
    (files, cells)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Digit,
    Swap,
    Drop,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Digit, Kind::Swap, Kind::Drop];

    fn name(self) -> &'static str {
        match self {
            Kind::Digit => "digit",
            Kind::Swap => "swap",
            Kind::Drop => "drop",
        }
    }
}

/// The play with one typo of `kind`, or `None` when the cell has no such typo
/// that changes the text.
fn plant(kind: Kind, play: &[Hop], dice: Roll, rng: &mut Rng) -> Option<Vec<Hop>> {
    let mut typo = play.to_vec();
    match kind {
        Kind::Digit => {
            let hop = rng.below(play.len());
            let to = rng.below(2) == 1;
            let old = if to { play[hop].to } else { play[hop].from };
            let digits = old.to_string().into_bytes();
            let at = rng.below(digits.len());
            let mut options = Vec::new();
            for d in b'0'..=b'9' {
                let mut new = digits.clone();
                new[at] = d;
                let leading_zero = new.len() > 1 && new[0] == b'0';
                let value: u8 = String::from_utf8(new).ok()?.parse().ok()?;
                if d != digits[at] && !leading_zero && value <= 25 {
                    options.push(value);
                }
            }
            if options.is_empty() {
                return None;
            }
            let value = options[rng.below(options.len())];
            if to {
                typo[hop].to = value;
            } else {
                typo[hop].from = value;
            }
        }
        Kind::Swap => {
            if dice.is_double() || play.len() != 2 {
                return None;
            }
            let (a, b) = (dice.first.pips(), dice.second.pips());
            let fits = |h: &Hop, die: u8| {
                h.from.checked_sub(h.to) == Some(die) || (h.to == 0 && h.from < die)
            };
            // Which die each hop used; both readings fitting leaves nothing to swap.
            let (first, second) = match (
                fits(&play[0], a) && fits(&play[1], b),
                fits(&play[0], b) && fits(&play[1], a),
            ) {
                (true, false) => (a, b),
                (false, true) => (b, a),
                _ => return None,
            };
            if play[1].from == play[0].to {
                // One checker: the other intermediate point.
                let middle = play[0].from.saturating_sub(second);
                typo[0].to = middle;
                typo[1].from = middle;
                if middle == 0 {
                    return None;
                }
            } else {
                typo[0].to = play[0].from.saturating_sub(second);
                typo[1].to = play[1].from.saturating_sub(first);
            }
        }
        Kind::Drop => {
            if play.len() < 2 {
                return None;
            }
            typo.remove(rng.below(play.len()));
        }
    }
    // Hops only written in another order mean the same play: no typo.
    let sorted = |hops: &[Hop]| {
        let mut hops: Vec<(u8, u8, bool)> = hops.iter().map(|h| (h.from, h.to, h.hit)).collect();
        hops.sort_unstable();
        hops
    };
    (sorted(&typo) != sorted(play)).then_some(typo)
}

/// The file with the play of `cell` replaced by `typo`, the columns after it
/// kept in place; `None` when the new play does not fit before the next cell.
fn splice(text: &str, cell: &Cell, typo: &[Hop]) -> Option<String> {
    let old = hops_text(&cell.play);
    let new = hops_text(typo);
    let end = cell.play_at + old.len();
    let rest = text.get(end..)?;
    let gap = rest.len() - rest.trim_start_matches(' ').len();
    let line_ends = rest[gap..].is_empty() || rest[gap..].starts_with(['\n', '\r']);
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..cell.play_at]);
    out.push_str(&new);
    if new.len() <= old.len() {
        out.push_str(&" ".repeat(old.len() - new.len()));
        out.push_str(rest);
    } else {
        let extra = new.len() - old.len();
        if line_ends {
            out.push_str(rest);
        } else if gap > extra {
            out.push_str(&rest[extra..]);
        } else {
            return None;
        }
    }
    Some(out)
}

/// How one trial ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The typo is a legal play reaching the same position: nothing lost.
    Harmless,
    /// The typo is a legal play reaching another position: nothing to find
    /// at the cell.
    Undetected,
    /// The analysis named the original play.
    Recovered,
    /// A typo was claimed, with another play.
    WrongSuggestion,
    /// The play as written was said to stand.
    Stands,
    /// No conclusion, with fewer than two rolls after the cell.
    FewRolls,
    /// No conclusion otherwise (no legal play makes the rest clean).
    Unsettled,
}

impl Outcome {
    const ALL: [Outcome; 7] = [
        Outcome::Harmless,
        Outcome::Undetected,
        Outcome::Recovered,
        Outcome::WrongSuggestion,
        Outcome::Stands,
        Outcome::FewRolls,
        Outcome::Unsettled,
    ];

    fn name(self) -> &'static str {
        match self {
            Outcome::Harmless => "harmless",
            Outcome::Undetected => "undetected",
            Outcome::Recovered => "recovered",
            Outcome::WrongSuggestion => "wrong",
            Outcome::Stands => "stands",
            Outcome::FewRolls => "few-rolls",
            Outcome::Unsettled => "unsettled",
        }
    }
}

/// The position a play reaches from `before`, `None` when it is not legal.
fn reaches(before: &Position, dice: Roll, play: &str, generator: &mut MoveGen) -> Option<Position> {
    let notation = PlayNotation::parse(play).ok()?;
    let j = judge(before, dice, &notation, generator);
    j.is_legal().then_some(j.result)
}

struct Trial {
    outcome: Outcome,
    /// Warnings or errors beyond the clean file's and the typo's own.
    cascade: bool,
    /// Another play of the record was called a probable typo.
    blamed: bool,
    /// Notes (info) beyond the clean file's, the typo's cell left out: for a
    /// play said to stand, evidence the analysis did not weigh.
    noted: bool,
    example: String,
}

fn run_trial(files: &[Clean], cell: &Cell, typo: &[Hop], generator: &mut MoveGen) -> Option<Trial> {
    let clean = &files[cell.file];
    let edited = splice(&clean.text, cell, typo)?;
    let report = check_bytes(&clean.name, edited.as_bytes(), &Options::default());
    let at_cell = |f: &&Finding| (f.location.line, f.location.column) == (cell.line, cell.column);
    let finding = report
        .findings
        .iter()
        .filter(at_cell)
        .find(|f| matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay));
    let original = reaches(&cell.before, cell.dice, &hops_text(&cell.play), generator);
    assert!(
        original.is_some(),
        "{}:{}: the clean play is legal",
        clean.name,
        cell.line
    );
    let outcome = match finding {
        None if reaches(&cell.before, cell.dice, &hops_text(typo), generator) == original => {
            Outcome::Harmless
        }
        None => Outcome::Undetected,
        Some(f) => match (f.likely_typo, f.suggestion.as_deref()) {
            (Some(true), Some(s)) if reaches(&cell.before, cell.dice, s, generator) == original => {
                Outcome::Recovered
            }
            (Some(true), _) => Outcome::WrongSuggestion,
            (Some(false), _) => Outcome::Stands,
            (None, _) if cell.rolls_after < 2 => Outcome::FewRolls,
            (None, _) => Outcome::Unsettled,
        },
    };
    let (serious, notes): (Vec<&Finding>, Vec<&Finding>) = report
        .findings
        .iter()
        .filter(|f| !at_cell(f))
        .partition(|f| f.severity >= Severity::Warning);
    let cascade = beyond(&serious, &clean.findings);
    let noted = beyond(&notes, &clean.notes);
    let blamed = serious.iter().any(|f| f.likely_typo == Some(true));
    let first_other = serious
        .iter()
        .copied()
        .find(|f| !clean.findings.contains_key(&key(f)));
    let reported = finding.or(first_other).map_or_else(
        || "nothing".to_string(),
        |f| {
            format!(
                "line {}: {} {:?} likely_typo {:?} suggestion {:?}: {}",
                f.location.line, f.code, f.kind, f.likely_typo, f.suggestion, f.message
            )
        },
    );
    let example = format!(
        "{}:{}:{} {}: `{}` -> `{}` ({} rolls after): {reported}",
        clean.name,
        cell.line,
        cell.column,
        cell.dice,
        hops_text(&cell.play),
        hops_text(typo),
        cell.rolls_after,
    );
    Some(Trial {
        outcome,
        cascade,
        blamed,
        noted,
        example,
    })
}

#[derive(Default)]
struct Tally {
    outcomes: BTreeMap<Outcome, usize>,
    cascades: BTreeMap<Outcome, usize>,
    blamed: usize,
    /// Plays said to stand with a note beyond the clean file's.
    stands_noted: usize,
    examples: BTreeMap<Outcome, Vec<String>>,
}

impl Tally {
    fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.get(&outcome).copied().unwrap_or(0)
    }

    fn trials(&self) -> usize {
        self.outcomes.values().sum()
    }

    fn detected(&self) -> usize {
        self.trials() - self.count(Outcome::Harmless) - self.count(Outcome::Undetected)
    }

    fn cascades(&self) -> usize {
        self.cascades.values().sum()
    }

    fn rate(&self) -> f64 {
        self.count(Outcome::Recovered) as f64 / self.detected().max(1) as f64
    }
}

#[test]
fn typo_rate_planted_typos_are_recovered() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let (files, cells) = corpus();
    assert!(cells.len() > 10_000, "{} cells", cells.len());
    let mut rng = Rng(SEED);
    let mut generator = MoveGen::new();
    let mut tallies: BTreeMap<Kind, Tally> = BTreeMap::new();
    for kind in Kind::ALL {
        let tally = tallies.entry(kind).or_default();
        let mut attempts = 0;
        while tally.trials() < TRIALS {
            attempts += 1;
            assert!(
                attempts < 100 * TRIALS,
                "too few cells take a {kind:?} typo"
            );
            let cell = &cells[rng.below(cells.len())];
            let Some(typo) = plant(kind, &cell.play, cell.dice, &mut rng) else {
                continue;
            };
            let Some(trial) = run_trial(&files, cell, &typo, &mut generator) else {
                continue;
            };
            *tally.outcomes.entry(trial.outcome).or_insert(0) += 1;
            if trial.cascade {
                *tally.cascades.entry(trial.outcome).or_insert(0) += 1;
            }
            tally.blamed += usize::from(trial.blamed);
            tally.stands_noted += usize::from(trial.outcome == Outcome::Stands && trial.noted);
            let examples = tally.examples.entry(trial.outcome).or_default();
            if examples.len() < SHOWN {
                examples.push(trial.example);
            }
        }
    }

    println!("{}", table(&tallies));
    for (kind, tally) in &tallies {
        for (outcome, examples) in &tally.examples {
            if *outcome == Outcome::Recovered {
                continue;
            }
            for e in examples {
                println!("{} {}: {e}", kind.name(), outcome.name());
            }
        }
    }

    for (kind, tally) in &tallies {
        let minimum = RECOVERY[*kind as usize];
        assert!(
            tally.rate() >= minimum,
            "{}: {:.3} of the detected typos recovered, below {minimum}",
            kind.name(),
            tally.rate()
        );
        // A typo the replay detects leaves one finding, not a cascade.
        let detected_cascades: usize = Outcome::ALL
            .iter()
            .filter(|o| !matches!(o, Outcome::Harmless | Outcome::Undetected))
            .map(|o| tally.cascades.get(o).copied().unwrap_or(0))
            .sum();
        assert!(
            detected_cascades * 100 <= tally.detected() * MAX_CASCADE_PERCENT,
            "{}: {detected_cascades} cascades in {} detected typos",
            kind.name(),
            tally.detected()
        );
    }
}

/// The table printed by the test.
fn table(tallies: &BTreeMap<Kind, Tally>) -> String {
    let mut out = format!("planted typos, {TRIALS} per kind (count/cascades per outcome)\n");
    write!(out, "{:<6}", "kind").unwrap();
    for outcome in Outcome::ALL {
        write!(out, " {:>10}", outcome.name()).unwrap();
    }
    writeln!(
        out,
        " {:>8} {:>7} {:>9} {:>9}",
        "cascade", "blamed", "detected", "recovery"
    )
    .unwrap();
    for (kind, tally) in tallies {
        write!(out, "{:<6}", kind.name()).unwrap();
        for outcome in Outcome::ALL {
            let cascades = tally.cascades.get(&outcome).copied().unwrap_or(0);
            let cell = format!("{}/{cascades}", tally.count(outcome));
            write!(out, " {cell:>10}").unwrap();
        }
        writeln!(
            out,
            " {:>8} {:>7} {:>9} {:>8.1}%",
            tally.cascades(),
            tally.blamed,
            tally.detected(),
            100.0 * tally.rate()
        )
        .unwrap();
    }
    for (kind, tally) in tallies {
        writeln!(
            out,
            "{}: {} of {} plays said to stand left a note (info) the clean file has not",
            kind.name(),
            tally.stands_noted,
            tally.count(Outcome::Stands)
        )
        .unwrap();
    }
    out
}

/// A real file of the corpus, replayed.
fn real(name: &str) -> Vec<Finding> {
    let path = shared().join("corpus/real").join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    check_bytes(name, &bytes, &Options::default()).findings
}

#[test]
fn typo_rate_real_illegal_plays_that_stood_are_not_typos() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    // Three `Illegal play (...)` dumps: the record gives the position after
    // each, and play goes on from it.
    let findings = real("bgnori__bglib/bglib__record__snowietxt__Nori-Kenji081229.txt");
    let dumps: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.code == Code::IllegalPlayMarker)
        .collect();
    let lines: Vec<u32> = dumps.iter().map(|f| f.location.line).collect();
    assert_eq!(lines, [315, 486, 517]);
    for f in dumps {
        assert_eq!(f.likely_typo, Some(false), "line {}", f.location.line);
        assert_eq!(f.suggestion, None, "line {}", f.location.line);
    }

    // Rolls recorded with no play although a play existed, the record going
    // on consistently from the position as written: they stood.
    for (name, line) in [
        (
            "bgnori__bglib/bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
            55,
        ),
        (
            "bgnori__bglib/bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
            138,
        ),
    ] {
        let findings = real(name);
        let f = findings
            .iter()
            .find(|f| f.location.line == line && f.code == Code::IllegalPlay)
            .unwrap_or_else(|| panic!("{name}:{line}: no illegal play"));
        assert_eq!(f.severity, Severity::Error, "{name}:{line}");
        assert_eq!(f.likely_typo, Some(false), "{name}:{line}");
        assert_eq!(f.suggestion, None, "{name}:{line}");
    }
}

/// Over the FIBS records (`Illegal play` dumps, rolls with no play before a
/// resignation), a typo is claimed only where the corpus's README lists a lost
/// or mistyped play.
#[test]
fn typo_rate_typos_claimed_in_fibs_records_are_the_known_ones() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let dir = shared().join("corpus/real/bgnori__bglib");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus folder is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    paths.sort();
    assert!(paths.len() > 250, "{} files", paths.len());
    // The plays the exporter lost (README, known defects); the `52:` of the
    // nicksbar record may be found lost too.
    let known = [
        (
            "bglib__record__snowietxt__Wakagashira-nori-2009Feb092110.txt",
            45,
        ),
        (
            "bglib__record__snowietxt__Wakagashira-nori-2009Feb092123.txt",
            36,
        ),
        (
            "bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt",
            13,
        ),
    ];
    let mut claimed = Vec::new();
    for path in paths {
        let name = path
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(&path).expect("corpus file is readable");
        for f in check_bytes(&name, &bytes, &Options::default()).findings {
            if f.likely_typo == Some(true) {
                claimed.push((name.clone(), f.location.line));
            }
        }
    }
    for (name, line) in &claimed {
        assert!(
            known.contains(&(name.as_str(), *line)),
            "{name}:{line} is called a probable typo"
        );
    }
    // The two lost plays the README lists are found.
    for (name, line) in &known[..2] {
        assert!(
            claimed.contains(&((*name).to_owned(), *line)),
            "{name}:{line} is not called a lost play: {claimed:?}"
        );
    }
}
