//! The catalogue of finding codes: for every code and kind the tool reports,
//! its default severity, what it means, the rule behind it quoted from the
//! rules the replayer enforces (`rules.md`), and a short example.
//!
//! This is data: `bgaudit explain CODE` prints an entry, the diagnostics
//! link to it, and the catalogue table of `docs/output.md` is generated from
//! it ([`markdown`]; a test keeps the two equal).
//!
//! ```
//! use bgaudit_core::catalogue;
//! let entry = catalogue::lookup("illegal-play/under-played").unwrap();
//! assert_eq!(entry.name(), "illegal-play/under-played");
//! assert!(entry.rules[0].text.contains("both dice"));
//! assert!(catalogue::lookup("illegal-play").is_some());
//! ```

use std::fmt;
use std::fmt::Write as _;

use serde::Serialize;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong with the game.
    Info,
    /// Probably a mistake in the record or a doubtful action.
    Warning,
    /// A rule was broken or the record cannot be right.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Declares an enum of names: each variant with the one spelling it has
/// in the output, its `as_str`, `Display`, `from_name` and `ALL`.
macro_rules! names {
    ($(#[$meta:meta])* enum $name:ident { $($variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                #[doc = concat!("`", $text, "`")]
                $variant,
            )*
        }

        impl $name {
            /// Every value, in the order of the catalogue.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The name as written in the output, e.g. `illegal-play`.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            /// The value named `name` (exactly as written in the output).
            #[must_use]
            pub fn from_name(name: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.as_str() == name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

names! {
    /// A finding code: what was found. Its entry in [`CATALOGUE`] gives its
    /// severity, group, meaning and rules.
    enum Code {
        IllegalPlay = "illegal-play",
        IllegalPlayMarker = "illegal-play-marker",
        OpeningDouble = "opening-double",
        DoubleInCrawford = "double-in-crawford",
        DoubleNotOwner = "double-not-owner",
        DoubleAfterRoll = "double-after-roll",
        DoubleWrongValue = "double-wrong-value",
        BeaverNotAllowed = "beaver-not-allowed",
        CubeDisabled = "cube-disabled",
        DeadCube = "dead-cube",
        ImpossiblePlay = "impossible-play",
        TurnOrder = "turn-order",
        AnswerWithoutDouble = "answer-without-double",
        DoubleUnanswered = "double-unanswered",
        ActionsAfterEnd = "actions-after-end",
        WinnerMismatch = "winner-mismatch",
        PointsMismatch = "points-mismatch",
        ResignValue = "resign-value",
        ScoreMismatch = "score-mismatch",
        MatchFragment = "match-fragment",
        SetPosition = "set-position",
        LostPlays = "lost-plays",
        GamesAfterMatch = "games-after-match",
        MatchUnfinished = "match-unfinished",
        GameUnfinished = "game-unfinished",
        HiddenPlay = "hidden-play",
        NameChange = "name-change",
        Unreadable = "unreadable",
        UnparsableCell = "unparsable-cell",
        BadHeader = "bad-header",
        Numbering = "numbering",
        HitMark = "hit-mark",
        Blunder = "blunder",
        AmbiguousPath = "ambiguous-path",
        AssumedRule = "assumed-rule",
        Encoding = "encoding",
        BinaryData = "binary-data",
        Skipped = "skipped",
        Unsupported = "unsupported",
        NotAnalysed = "not-analysed",
    }
}

names! {
    /// The sub-kind of a finding code, e.g. `wrong-dice` of `illegal-play`.
    /// Each kind belongs to one code ([`Kind::code`]).
    enum Kind {
        WrongDice = "wrong-dice",
        UnderPlayed = "under-played",
        SmallerDie = "smaller-die",
        BarFirst = "bar-first",
        BearOffEarly = "bear-off-early",
        BearOffLower = "bear-off-lower",
        BlockedPath = "blocked-path",
        NoPlay = "no-play",
        PlayWhenNone = "play-when-none",
        PinnedChecker = "pinned-checker",
        OntoPinnedPoint = "onto-pinned-point",
        BearOffPinned = "bear-off-pinned",
        NoChecker = "no-checker",
        OntoMadePoint = "onto-made-point",
        Backward = "backward",
        OmittedDance = "omitted-dance",
        Missing = "missing",
        Match = "match",
        Wrong = "wrong",
        Gap = "gap",
        Beavers = "beavers",
        Jacoby = "jacoby",
    }
}

impl Code {
    /// The code's own entry (without a kind).
    #[must_use]
    pub fn entry(self) -> &'static Entry {
        &CATALOGUE[CODE_ENTRIES[self as usize]]
    }

    /// The default severity of a finding of this code.
    #[must_use]
    pub fn severity(self) -> Severity {
        self.entry().severity
    }

    /// The entry of this code's `kind`, else (no kind, or a kind of
    /// another code) the code's own entry.
    #[must_use]
    pub fn entry_with(self, kind: Option<Kind>) -> &'static Entry {
        match kind {
            Some(kind) if kind.code() == self => kind.entry(),
            _ => self.entry(),
        }
    }
}

impl Kind {
    /// The kind's entry.
    #[must_use]
    pub fn entry(self) -> &'static Entry {
        &CATALOGUE[KIND_ENTRIES[self as usize]]
    }

    /// The code this kind belongs to.
    #[must_use]
    pub fn code(self) -> Code {
        self.entry().code
    }

    /// The default severity of a finding of this kind.
    #[must_use]
    pub fn severity(self) -> Severity {
        self.entry().severity
    }
}

/// Where a code stands in `findings.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// A rule broken at the table: it happened, and under the tournament
    /// rules it stood once the opponent acted.
    Violation,
    /// The transcript cannot be right as written.
    Defect,
    /// The file could not be read as written.
    Reading,
}

impl Group {
    /// The heading of the group in `findings.md`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Group::Violation => "rule violation at the table",
            Group::Defect => "defect of the record",
            Group::Reading => "reading problem",
        }
    }
}

/// What a diagnostic shows around a finding of this code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// A checker play: the board, the dice, the legal plays, the typo analysis.
    Play,
    /// A cube action: the cube, the score, the board.
    Cube,
    /// A game's result or the match score: the scores and the cube.
    Score,
    /// The order or shape of the record: the board when it is known.
    Record,
    /// A reading problem: the line only.
    Reading,
}

/// A passage of `rules.md`, quoted word for word (emphasis marks left out).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quote {
    /// The section, e.g. `§7 Compulsory play`.
    pub section: &'static str,
    /// The passage.
    pub text: &'static str,
}

/// One code, or one kind of a code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The finding code, e.g. `illegal-play`.
    pub code: Code,
    /// The kind, e.g. `under-played`; `None` for the code's own entry.
    pub kind: Option<Kind>,
    /// The default severity.
    pub severity: Severity,
    /// When the severity differs from the default.
    pub severity_note: Option<&'static str>,
    /// Where the code stands in `findings.md`.
    pub group: Group,
    /// What a diagnostic shows.
    pub family: Family,
    /// What it means, in one or two sentences.
    pub meaning: &'static str,
    /// The rules behind it (empty for reading problems).
    pub rules: &'static [Quote],
    /// A short example.
    pub example: &'static str,
}

/// `code/kind`, or the code alone: how a finding type is named everywhere
/// (`explain CODE`, the reports, the docs).
#[must_use]
pub fn full_name(code: Code, kind: Option<Kind>) -> String {
    match kind {
        Some(kind) => format!("{code}/{kind}"),
        None => code.as_str().to_owned(),
    }
}

impl Entry {
    /// `code/kind`, or the code alone.
    #[must_use]
    pub fn name(&self) -> String {
        full_name(self.code, self.kind)
    }

    /// The first sentence of the meaning: what the code means in one line.
    #[must_use]
    pub fn short(&self) -> &'static str {
        match self.meaning.find(". ") {
            Some(end) => &self.meaning[..=end],
            None => self.meaning,
        }
    }

    /// `error`, or `error (info when ...)`.
    #[must_use]
    pub fn severity_text(&self) -> String {
        match self.severity_note {
            Some(note) => format!("{} ({note})", self.severity),
            None => self.severity.to_string(),
        }
    }
}

const fn quote(section: &'static str, text: &'static str) -> Quote {
    Quote { section, text }
}

const S2: &str = "§2 The opening roll";
const S3: &str = "§3 Moving checkers";
const S4: &str = "§4 Hitting";
const S5: &str = "§5 Entering from the bar";
const S6: &str = "§6 Bearing off";
const S7: &str = "§7 Compulsory play";
const S8: &str = "§8 The cube and scoring";
const S9: &str = "§9 Match play";
const S10: &str = "§10 Irregularities";
const S1: &str = "§1 Equipment and start";
const S11: &str = "§11 Plakoto (Greek tavli)";
/// The Plakoto pinning rule, quoted by two findings.
const PLAKOTO_PINNING: &str = "No hitting: a checker landing on a single opposing checker pins \
     it. The pinned checker stays on the point, cannot move until the pinner leaves, and the \
     point belongs to the pinner (his checkers may join it; the opponent's may not).";

const STANDS: Quote = quote(
    S10,
    "Rolling or doubling accepts the previous play: from then on it stands, and the game goes \
     on from the position as actually played.",
);
const DICE_STEPS: Quote = quote(
    S3,
    "Each die is a separate step. A double gives four steps of that number.",
);
const BOTH_DICE: Quote = quote(
    S7,
    "A player must use both dice whenever some legal sequence does.",
);
const WHOLE_PLAY: Quote = quote(
    S7,
    "The test is on the whole play, in any order of dice: a play that uses fewer steps than the \
     maximum available is illegal (\"incomplete play\").",
);
const OPEN_POINT: Quote = quote(
    S3,
    "A checker may only land on an open point: empty, own checkers, or one opposing checker (a \
     blot). Two or more opposing checkers block the point.",
);
const INTERMEDIATE: Quote = quote(
    S3,
    "One checker using both dice touches the intermediate point: it must be open too (with 6-4, \
     24/14 needs 18 or 20 open). Order of dice is free.",
);
const PHYSICAL: Quote = quote(
    S10,
    "A play that cannot physically have happened (a checker moved from a point where the player \
     has none, a checker landing on a point held by two or more opposing checkers, more than 15 \
     checkers) is not an \"unchallenged illegal move\" but a transcript error: the record is \
     wrong, not the play.",
);
const WHEN_TO_DOUBLE: Quote = quote(
    S8,
    "A player may offer a double only at the start of his own turn, before rolling, when the \
     cube is centred or he owns it.",
);
const TAKE_OR_DROP: Quote = quote(
    S8,
    "The opponent takes (cube value doubles, the taker now owns the cube) or drops (he loses the \
     game at the value before the double).",
);
const MONEY_OPTIONS: Quote = quote(
    S8,
    "Money-play options: beaver (the taker immediately redoubles and keeps the cube; the \
     original doubler may refuse it and lose the offered value), raccoon (a redouble of a \
     beaver), Jacoby rule (gammons and backgammons count single while the cube was never \
     turned). None of these apply in match play under modern rules.",
);
const GAME_VALUE: Quote = quote(
    S8,
    "A game is won when a player bears off all 15. Value = cube value times: 1 (single), 2 \
     (gammon: the loser bore off no checker), 3 (backgammon: the loser bore off none and has a \
     checker on the bar or in the winner's home board).",
);
const RESIGNATION: Quote = quote(
    S8,
    "A resignation ends the game at the offered level (1, 2 or 3 times the cube).",
);
const MATCH_END: Quote = quote(
    S9,
    "A match is played to N points; it ends when a player reaches N or more.",
);
const CRAWFORD: Quote = quote(
    S9,
    "Crawford rule: the first time a player reaches N-1 points, the next game (the Crawford \
     game) is played without the cube. Games after it are post-Crawford and the cube is back. A \
     double offered in the Crawford game is illegal.",
);
const SCORE_SUM: Quote = quote(
    S9,
    "The score written at the start of each game must equal the sum of all earlier game results.",
);
const SCORE_CHECKED: Quote = quote(
    S10,
    "The score line at each game start is checked against the replayed results; a mismatch is \
     reported and the replay continues from the recorded score.",
);
const TURN: Quote = quote(
    S10,
    "A turn starts when the player rolls or offers a double and ends when he picks up his dice.",
);
const HITTING: Quote = quote(
    S4,
    "Landing on a blot (including at an intermediate point) hits it: it goes to its owner's bar.",
);
const UNCHALLENGED: Quote = quote(
    S10,
    "An illegal play followed in the transcript by the opponent's roll or cube action was \
     unchallenged: report it, then keep replaying from the position it produced, because under \
     these rules that is the real game.",
);
const VARIANTS: Quote = quote(
    "Introduction",
    "Where a rule has variants, the variant is a rule-set option, never a hard-coded choice.",
);

/// One row of the table below, in the order of the fields of [`Entry`].
#[allow(clippy::too_many_arguments)]
const fn entry(
    code: Code,
    kind: Option<Kind>,
    severity: Severity,
    group: Group,
    family: Family,
    meaning: &'static str,
    rules: &'static [Quote],
    example: &'static str,
) -> Entry {
    Entry {
        code,
        kind,
        severity,
        severity_note: None,
        group,
        family,
        meaning,
        rules,
        example,
    }
}

const fn noted(mut entry: Entry, note: &'static str) -> Entry {
    entry.severity_note = Some(note);
    entry
}

mod entries;
use entries::ENTRIES;

/// Every code and kind the tool reports, in the order of `findings.md`.
pub static CATALOGUE: &[Entry] = &ENTRIES;

/// The index in [`CATALOGUE`] of each code's own entry, worked out when
/// compiling: a code without exactly one entry of its own does not compile.
const CODE_ENTRIES: [usize; Code::ALL.len()] = {
    let mut index = [usize::MAX; Code::ALL.len()];
    let mut i = 0;
    while i < ENTRIES.len() {
        if ENTRIES[i].kind.is_none() {
            let code = ENTRIES[i].code as usize;
            assert!(index[code] == usize::MAX, "a code with two entries");
            index[code] = i;
        }
        i += 1;
    }
    let mut code = 0;
    while code < index.len() {
        assert!(index[code] != usize::MAX, "a code without its entry");
        code += 1;
    }
    index
};

/// The index in [`CATALOGUE`] of each kind's entry, worked out when
/// compiling: a kind without exactly one entry does not compile.
const KIND_ENTRIES: [usize; Kind::ALL.len()] = {
    let mut index = [usize::MAX; Kind::ALL.len()];
    let mut i = 0;
    while i < ENTRIES.len() {
        if let Some(kind) = ENTRIES[i].kind {
            let kind = kind as usize;
            assert!(index[kind] == usize::MAX, "a kind with two entries");
            index[kind] = i;
        }
        i += 1;
    }
    let mut kind = 0;
    while kind < index.len() {
        assert!(index[kind] != usize::MAX, "a kind without its entry");
        kind += 1;
    }
    index
};

/// The entry of `name`: `code` or `code/kind` (case-insensitive, blanks
/// around ignored).
#[must_use]
pub fn lookup(name: &str) -> Option<&'static Entry> {
    let name = name.trim().to_ascii_lowercase();
    let (code, kind) = match name.split_once('/') {
        Some((code, kind)) => (code.trim(), Some(kind.trim())),
        None => (name.as_str(), None),
    };
    CATALOGUE
        .iter()
        .find(|e| e.code.as_str() == code && e.kind.map(Kind::as_str) == kind)
}

/// The entry for a finding's code and kind: the kind's own entry, else the
/// code's.
#[must_use]
pub fn for_finding(code: Code, kind: Option<Kind>) -> Option<&'static Entry> {
    kind.and_then(|kind| {
        CATALOGUE
            .iter()
            .find(|e| e.code == code && e.kind == Some(kind))
    })
    .or_else(|| {
        CATALOGUE
            .iter()
            .find(|e| e.code == code && e.kind.is_none())
    })
}

/// The kinds of `code` that have entries of their own.
#[must_use]
pub fn kinds(code: Code) -> Vec<&'static Entry> {
    CATALOGUE
        .iter()
        .filter(|e| e.code == code && e.kind.is_some())
        .collect()
}

/// The catalogue name closest to `name` by edit distance, when it is close
/// enough to be a misspelling.
#[must_use]
pub fn closest(name: &str) -> Option<String> {
    let name = name.trim().to_ascii_lowercase();
    CATALOGUE
        .iter()
        .map(Entry::name)
        .map(|candidate| {
            (
                crate::notation::distance::edit_distance(&name, &candidate),
                candidate,
            )
        })
        .filter(|(d, candidate)| *d <= 3.max(candidate.len() / 4))
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)))
        .map(|(_, candidate)| candidate)
}

/// The kinds a code has in the catalogue, by the code's name (none for a
/// code without kinds or an unknown one).
#[must_use]
pub fn kinds_of(code: &str) -> Vec<&'static str> {
    let code = code.trim().to_ascii_lowercase();
    CATALOGUE
        .iter()
        .filter(|e| e.code.as_str() == code)
        .filter_map(|e| e.kind.map(Kind::as_str))
        .collect()
}

/// The catalogue in one line per code and kind (`bgaudit explain --list`):
/// the name, the default severity and the first sentence of the meaning,
/// in catalogue order.
#[must_use]
pub fn listing() -> String {
    let width = CATALOGUE.iter().map(|e| e.name().len()).max().unwrap_or(0);
    let mut out = String::new();
    for e in CATALOGUE {
        let _ = writeln!(
            out,
            "{:width$}  {:7}  {}",
            e.name(),
            e.severity.as_str(),
            e.short()
        );
    }
    out
}

/// The catalogue as the Markdown table of `docs/output.md`: one row per
/// code and kind with its severity, group, meaning and the sections of the
/// rules behind it.
#[must_use]
pub fn markdown() -> String {
    let mut out = String::from(
        "| code | severity | group | meaning | rules ([`rules.md`](rules.md)) |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for e in CATALOGUE {
        let mut sections: Vec<&str> = Vec::new();
        for q in e.rules {
            if !sections.contains(&q.section) {
                sections.push(q.section);
            }
        }
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            e.name(),
            e.severity_text(),
            e.group.title(),
            e.meaning.replace('|', "\\|"),
            sections.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests;
