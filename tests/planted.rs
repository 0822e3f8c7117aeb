//! Planted errors. `fixtures/planted/` holds legal transcripts of our own (see
//! its README: GNU Backgammon self-play exports and hand-made set-position
//! games). Each test plants one error by a small textual edit and checks that
//! the replay reports it once, with its code, kind, severity, place, game, row
//! and player, and nothing else beyond what the clean fixture gives: one root
//! cause, one finding.

use std::fmt::Write as _;

use bgaudit::catalogue::{Code, Kind};
use bgaudit::finding::{Finding, Severity};
use bgaudit::replay::{FileReport, FileStatus, Options, RuleFlags, check_bytes};
use bgaudit::side::Side;

use crate::util::fixtures;

const MATCH7: &str = "match7.mat";
const MONEY: &str = "money.mat";
const STUDIO5: &str = "studio5.txt";
const POSITIONS: &str = "positions.txt";

const FIRST: Side = Side::First;
const SECOND: Side = Side::Second;

fn read_fixture(name: &str) -> String {
    let path = fixtures().join("planted").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One textual edit. Line numbers are those of the clean fixture; the edits
/// of a plant are applied from the bottom of the file up, so that they never
/// move each other's lines.
#[derive(Clone, Copy, Debug)]
enum Edit {
    /// On line `.0`, the text `.2` starts at column `.1`: replace it by `.3`,
    /// keeping any cell after it at its column.
    Cell(u32, u32, &'static str, &'static str),
    /// Replace line `.0` by these lines (none deletes it).
    Lines(u32, &'static [&'static str]),
    /// Insert these lines before line `.0`.
    Insert(u32, &'static [&'static str]),
    /// Delete lines `.0` to `.1`.
    Delete(u32, u32),
    /// Append a copy of lines `.0` to `.1` after these lines at the end.
    AppendCopy(&'static [&'static str], u32, u32),
    /// Number every game's rows again from 1 (after rows were inserted).
    Renumber,
}

impl Edit {
    fn line(&self) -> u32 {
        match *self {
            Edit::Cell(line, ..)
            | Edit::Lines(line, _)
            | Edit::Insert(line, _)
            | Edit::Delete(line, _) => line,
            Edit::AppendCopy(..) => u32::MAX,
            Edit::Renumber => 0,
        }
    }
}

/// Applies `edits` to `text` (lines separated by `\n`).
fn apply(text: &str, edits: &[Edit]) -> String {
    let original: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let mut lines = original.clone();
    // The text ends with a newline: the last piece is empty and stays last.
    let end = lines.pop().unwrap_or_default();
    let mut sorted: Vec<Edit> = edits.to_vec();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.line()));
    let index = |line: u32| usize::try_from(line).unwrap() - 1;
    for edit in sorted {
        match edit {
            Edit::Cell(line, column, old, new) => {
                let text = &lines[index(line)];
                let at = usize::try_from(column).unwrap() - 1;
                assert!(
                    text.get(at..).is_some_and(|t| t.starts_with(old)),
                    "line {line} has no `{old}` at column {column}: `{text}`"
                );
                let rest = &text[at + old.len()..];
                let after = rest.trim_start_matches(' ');
                let gap = rest.len() - after.len();
                let replaced = if after.is_empty() {
                    format!("{}{new}{rest}", &text[..at])
                } else {
                    // Keep the next cell where it was.
                    let gap = (gap + old.len()).saturating_sub(new.len()).max(1);
                    format!("{}{new}{}{after}", &text[..at], " ".repeat(gap))
                };
                lines[index(line)] = replaced;
            }
            Edit::Lines(line, new) => {
                let i = index(line);
                lines.splice(i..=i, new.iter().map(|s| (*s).to_owned()));
            }
            Edit::Insert(line, new) => {
                let i = index(line);
                lines.splice(i..i, new.iter().map(|s| (*s).to_owned()));
            }
            Edit::Delete(from, to) => {
                lines.drain(index(from)..=index(to));
            }
            Edit::AppendCopy(head, from, to) => {
                lines.extend(head.iter().map(|s| (*s).to_owned()));
                lines.extend(original[index(from)..=index(to)].iter().cloned());
            }
            Edit::Renumber => renumber(&mut lines),
        }
    }
    lines.push(end);
    lines.join("\n")
}

/// Numbers the rows (`  7)`) of every game from 1, keeping the width of the
/// number so that no cell moves.
fn renumber(lines: &mut [String]) {
    let mut next: Option<u32> = None;
    for line in lines.iter_mut() {
        if line.trim_start().starts_with("Game ") {
            next = Some(1);
            continue;
        }
        let Some(n) = next else { continue };
        let digits_at = line.len() - line.trim_start().len();
        let digits = line[digits_at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 || line.as_bytes().get(digits_at + digits) != Some(&b')') {
            continue;
        }
        let width = digits_at + digits;
        *line = format!("{n:>width$}{}", &line[width..]);
        next = Some(n + 1);
    }
}

/// The finding a plant must give.
#[derive(Clone, Debug)]
struct Expect {
    code: &'static str,
    kind: Option<&'static str>,
    severity: Severity,
    line: u32,
    /// `None` for a finding at the end of a game or record, where there is
    /// no cell to point at.
    column: Option<u32>,
    game: Option<Option<u32>>,
    row: Option<Option<u32>>,
    side: Option<Option<Side>>,
    player: Option<Option<&'static str>>,
    /// The cell as written, for findings about a cell.
    text: Option<&'static str>,
    /// For a rule violation by a player: whether it stood.
    stood: Option<Option<bool>>,
    /// Words the message must contain.
    says: Option<&'static str>,
    /// For a play read with other dice: the roll meant (a probable
    /// transcription error that did not stand).
    meant: Option<&'static str>,
}

fn at(code: &'static str, severity: Severity, line: u32, column: u32) -> Expect {
    Expect {
        code,
        kind: None,
        severity,
        line,
        column: Some(column),
        game: None,
        row: None,
        side: None,
        player: None,
        text: None,
        stood: None,
        says: None,
        meant: None,
    }
}

fn error(code: &'static str, line: u32, column: u32) -> Expect {
    at(code, Severity::Error, line, column)
}

fn warning(code: &'static str, line: u32, column: u32) -> Expect {
    at(code, Severity::Warning, line, column)
}

fn info(code: &'static str, line: u32, column: u32) -> Expect {
    at(code, Severity::Info, line, column)
}

impl Expect {
    fn kind(mut self, kind: &'static str) -> Self {
        self.kind = Some(kind);
        self
    }
    fn game(mut self, game: u32) -> Self {
        self.game = Some(Some(game));
        self
    }
    fn no_game(mut self) -> Self {
        self.game = Some(None);
        self
    }
    fn row(mut self, row: u32) -> Self {
        self.row = Some(Some(row));
        self
    }
    fn no_row(mut self) -> Self {
        self.row = Some(None);
        self
    }
    fn by(mut self, side: Side, player: &'static str) -> Self {
        self.side = Some(Some(side));
        self.player = Some(Some(player));
        self
    }
    fn nobody(mut self) -> Self {
        self.side = Some(None);
        self.player = Some(None);
        self
    }
    fn text(mut self, text: &'static str) -> Self {
        self.text = Some(text);
        self
    }
    fn stood(mut self, stood: bool) -> Self {
        self.stood = Some(Some(stood));
        self
    }
    fn says(mut self, words: &'static str) -> Self {
        self.says = Some(words);
        self
    }
    /// Read as a misread die: the roll meant is `dice`, and nobody's
    /// violation stood.
    fn misread(mut self, dice: &'static str) -> Self {
        self.meant = Some(dice);
        self.stood = Some(None);
        self
    }
    fn any_column(mut self) -> Self {
        self.column = None;
        self
    }

    /// What differs between this and `f`, empty when they agree.
    fn mismatches(&self, f: &Finding) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |what: &str, want: String, got: String| {
            if want != got {
                out.push(format!("{what}: expected {want}, reported {got}"));
            }
        };
        check(
            "kind",
            format!("{:?}", self.kind),
            format!("{:?}", f.kind.map(Kind::as_str)),
        );
        check(
            "severity",
            self.severity.to_string(),
            f.severity.to_string(),
        );
        check("line", self.line.to_string(), f.location.line.to_string());
        if let Some(column) = self.column {
            check("column", column.to_string(), f.location.column.to_string());
        }
        if let Some(game) = self.game {
            check("game", format!("{game:?}"), format!("{:?}", f.game));
        }
        if let Some(row) = self.row {
            check("row", format!("{row:?}"), format!("{:?}", f.row));
        }
        if let Some(side) = self.side {
            check("side", format!("{side:?}"), format!("{:?}", f.side));
        }
        if let Some(player) = self.player {
            check(
                "player",
                format!("{player:?}"),
                format!("{:?}", f.player.as_deref()),
            );
        }
        if let Some(text) = self.text {
            check("text", format!("{text:?}"), format!("{:?}", f.text));
        }
        if let Some(stood) = self.stood {
            check("stood", format!("{stood:?}"), format!("{:?}", f.stood));
        }
        if let Some(words) = self.says
            && !f.message.contains(words)
        {
            out.push(format!("message: expected `{words}` in `{}`", f.message));
        }
        if let Some(dice) = self.meant {
            let want = format!("Some(true) Some({dice:?})");
            let got = format!(
                "{:?} {:?}",
                f.likely_typo,
                f.meant_dice.map(|d| d.to_string())
            );
            if want != got {
                out.push(format!("reading: expected {want}, reported {got}"));
            }
            let prefix = format!("{dice}: ");
            if !f
                .suggestion
                .as_deref()
                .is_some_and(|s| s.starts_with(&prefix))
            {
                out.push(format!(
                    "suggestion: expected `{prefix}...`, reported {:?}",
                    f.suggestion
                ));
            }
        }
        out
    }
}

/// One planted error.
struct Plant {
    fixture: &'static str,
    edits: &'static [Edit],
    flags: RuleFlags,
    /// The findings the plant must give (usually one).
    expect: Vec<Expect>,
    /// Findings that may also come, as a direct and documented consequence
    /// (code and line); each use says why.
    allowed: &'static [(&'static str, u32)],
}

fn plant(fixture: &'static str, edits: &'static [Edit], expect: Expect) -> Plant {
    Plant {
        fixture,
        edits,
        flags: RuleFlags::default(),
        expect: vec![expect],
        allowed: &[],
    }
}

fn check_text(path: &str, text: &str, flags: &RuleFlags) -> FileReport {
    let options = Options {
        flags: flags.clone(),
        ..Options::default()
    };
    check_bytes(path, text.as_bytes(), &options)
}

/// What identifies a finding apart from its place (edits move lines).
fn key(f: &Finding) -> String {
    format!(
        "{} {:?} {} game {:?} {:?} `{}`",
        f.code, f.kind, f.severity, f.game, f.side, f.text
    )
}

fn describe(f: &Finding) -> String {
    format!(
        "{}:{} {}{} {} game {:?} row {:?} {:?} {:?} stood {:?} `{}`: {}",
        f.location.line,
        f.location.column,
        f.code,
        f.kind.map(|k| format!("/{k}")).unwrap_or_default(),
        f.severity,
        f.game,
        f.row,
        f.side,
        f.player,
        f.stood,
        f.text,
        f.message
    )
}

/// Plants the error and checks the findings; panics with everything that
/// went wrong.
fn check(plant: &Plant) {
    let clean = read_fixture(plant.fixture);
    // The clean fixture under the default rules: a flag is part of the plant.
    let baseline = check_text(plant.fixture, &clean, &RuleFlags::default());
    let planted = apply(&clean, plant.edits);
    let report = check_text(plant.fixture, &planted, &plant.flags);
    // What the plant added to the clean fixture's findings.
    let mut base: Vec<String> = baseline.findings.iter().map(key).collect();
    let mut new: Vec<&Finding> = Vec::new();
    for f in &report.findings {
        let k = key(f);
        if let Some(i) = base.iter().position(|b| *b == k) {
            base.swap_remove(i);
        } else {
            new.push(f);
        }
    }
    let mut problems = Vec::new();
    for want in &plant.expect {
        let candidates: Vec<usize> = (0..new.len())
            .filter(|&i| {
                new[i].code.as_str() == want.code && new[i].kind.map(Kind::as_str) == want.kind
            })
            .collect();
        let chosen = candidates
            .iter()
            .copied()
            .find(|&i| new[i].location.line == want.line)
            .or_else(|| candidates.first().copied());
        match chosen {
            None => problems.push(format!(
                "expected {}{} at line {}: not reported",
                want.code,
                want.kind.map(|k| format!("/{k}")).unwrap_or_default(),
                want.line
            )),
            Some(i) => {
                let f = new.remove(i);
                for m in want.mismatches(f) {
                    problems.push(format!("{}: {m}", want.code));
                }
            }
        }
    }
    for f in new {
        if !plant
            .allowed
            .iter()
            .any(|&(code, line)| f.code.as_str() == code && f.location.line == line)
        {
            problems.push(format!("also reported: {}", describe(f)));
        }
    }
    if !problems.is_empty() {
        let mut message = String::new();
        for p in &problems {
            let _ = writeln!(message, "  - {p}");
        }
        let _ = writeln!(message, "  every finding of the planted file:");
        for f in &report.findings {
            let _ = writeln!(message, "    {}", describe(f));
        }
        panic!("{} planted:\n{message}", plant.fixture);
    }
}

macro_rules! plants {
    ($($(#[$doc:meta])* $name:ident: $plant:expr;)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                check(&$plant);
            }
        )*

        /// Every plant's fixture with its errors planted, checked under the
        /// plant's flags.
        pub(crate) fn planted_reports() -> Vec<FileReport> {
            [$($plant,)*]
                .iter()
                .map(|plant| {
                    let planted = apply(&read_fixture(plant.fixture), plant.edits);
                    check_text(plant.fixture, &planted, &plant.flags)
                })
                .collect()
        }
    };
}

const MARKER: &str = "42: Illegal play (5;0;1;0;0;Mara Lind;Jonas Berg;0;1;0;2;-1;0;1;4;1;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;-2;-9;0;5;5;)";
const START: &str = "; Set Pos=-b----E-C---eE---c-e----B-/0";
/// The position after Mara's opening 3-1 (8/5 6/5), seen from Jonas.
const ROW1_DUMP: &str = "31: Illegal play (5;0;1;0;0;Jonas Berg;Mara Lind;0;1;4;1;0;0;-2;0;0;0;0;5;0;3;0;0;0;-5;5;0;0;0;-2;0;-4;-2;0;0;0;2;0;0;0;)";

/// A non-UTF-8 byte (Windows-1252 `é`) in a header comment.
#[test]
fn encoding() {
    let clean = read_fixture(MATCH7);
    let mut bytes = clean.into_bytes();
    let at = bytes
        .iter()
        .position(|&b| b == b'\n')
        .expect("a first line");
    bytes.splice(0..at, b"; [Event \"Caf\xe9 Open\"]".iter().copied());
    let report = check_bytes(MATCH7, &bytes, &Options::default());
    let found: Vec<String> = report.findings.iter().map(describe).collect();
    assert_eq!(report.findings.len(), 1, "{found:#?}");
    let f = &report.findings[0];
    assert!(
        info("encoding", 1, 1).no_game().mismatches(f).is_empty() && f.code == Code::Encoding,
        "{found:#?}"
    );
}

/// Every fixture is a legal record: nothing at warning or error level, and
/// the only notes are the set positions of `positions.txt`.
#[test]
fn the_fixtures_are_clean() {
    for name in [MATCH7, MONEY, STUDIO5, POSITIONS] {
        let report = check_text(name, &read_fixture(name), &RuleFlags::default());
        assert_eq!(report.status, FileStatus::Clean, "{name}");
        let notes: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.code != Code::SetPosition)
            .map(describe)
            .collect();
        assert!(notes.is_empty(), "{name}: {notes:#?}");
        let set_ups = report.findings.len();
        let expected = if name == POSITIONS { 4 } else { 0 };
        assert_eq!(set_ups, expected, "{name}: set positions");
    }
}

/// The edits themselves: cells keep the next cell's column, renumbering
/// keeps widths.
#[test]
fn edits_keep_columns() {
    let text = "  9) 21: 13/11 24/23             22: 13/11\n 10) 61: 8/7\n";
    let out = apply(text, &[Edit::Cell(1, 6, "21: 13/11 24/23", "21: 6/5")]);
    assert_eq!(
        out,
        "  9) 21: 6/5                     22: 13/11\n 10) 61: 8/7\n"
    );
    let text = " Game 1\n  1) a\n  3) b\n  9) c\n 11) d\n";
    assert_eq!(
        apply(text, &[Edit::Renumber]),
        " Game 1\n  1) a\n  2) b\n  3) c\n  4) d\n"
    );
}

/// The SGF fixtures: a legal 2-point match written as GNU Backgammon writes
/// SGF, and copies with one planted error each (see fixtures/sgf/).
#[test]
fn planted_errors_in_sgf_are_found_at_their_node() {
    type Place = (u32, u32, &'static str, Option<&'static str>);
    let cases: &[(&str, Option<Place>)] = &[
        ("legal_2p.sgf", None),
        (
            "planted_wrong_distance.sgf",
            Some((5, 2, "illegal-play", Some("wrong-dice"))),
        ),
        (
            "planted_made_point.sgf",
            Some((10, 2, "impossible-play", Some("onto-made-point"))),
        ),
        (
            "planted_crawford_double.sgf",
            Some((13, 2, "double-in-crawford", None)),
        ),
        (
            "planted_mi_score.sgf",
            Some((9, 2, "score-mismatch", Some("wrong"))),
        ),
    ];
    for &(file, expected) in cases {
        let path = bgaudit_fixture("sgf", file);
        let bytes = std::fs::read(&path).expect("fixture present");
        let report = check_bytes(file, &bytes, &Options::default());
        let found: Vec<Place> = report
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::Warning)
            .map(|f| {
                (
                    f.location.line,
                    f.location.column,
                    f.code.as_str(),
                    f.kind.map(Kind::as_str),
                )
            })
            .collect();
        assert_eq!(found, expected.into_iter().collect::<Vec<_>>(), "{file}");
    }
}

fn bgaudit_fixture(folder: &str, file: &str) -> std::path::PathBuf {
    crate::util::fixtures().join(folder).join(file)
}

#[test]
fn a_mistyped_wins_line_is_named_by_the_score_mismatch() {
    let text = apply(
        &read_fixture(MATCH7),
        &[Edit::Cell(26, 35, "Wins 2 points", "Wins 1 point")],
    );
    let report = check_text(MATCH7, &text, &RuleFlags::default());
    let f = report
        .findings
        .iter()
        .find(|f| f.code == Code::ScoreMismatch)
        .expect("the score line disagrees");
    assert!(
        f.message
            .contains("counted 1 point by its `Wins` line (line 26) and 2 points"),
        "{}",
        f.message
    );
    assert!(
        f.message
            .ends_with("the `Wins` line at line 26 is probably mistyped"),
        "{}",
        f.message
    );
}

mod later_plays;
mod table;

pub(crate) use table::planted_reports;
