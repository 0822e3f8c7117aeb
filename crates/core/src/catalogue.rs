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

use Code as C;
use Family as F;
use Group as G;
use Kind as K;
use Severity::{Error as E, Info as I, Warning as W};

/// Every code and kind the tool reports, in the order of `findings.md`.
pub static CATALOGUE: &[Entry] = &ENTRIES;

/// The entries, in the order of `findings.md`.
const ENTRIES: [Entry; Code::ALL.len() + Kind::ALL.len()] = [
    // Rule violations at the table.
    entry(
        C::IllegalPlay,
        None,
        E,
        G::Violation,
        F::Play,
        "A checker play against the rules of movement that the player really made (the kind says \
         which rule). Under tournament rules it stands once the opponent rolls or doubles, so the \
         replay goes on from the position as played. When the play as written is a legal play of \
         a roll one die away from the dice written, the dice were probably misread: the finding \
         says so (`likely_typo`, the roll meant in `suggestion`). In a record from a server that \
         enforces the rules (Backgammon Galaxy, Backgammon Studio online, OpenGammon, \
         DailyGammon, FIBS, GridGammon, as its Site tag says), nobody made it at the table: the \
         record is wrong, and `players` counts it as a record defect.",
        &[STANDS, WHOLE_PLAY],
        "8) 52: 6/4 8/4   (the 8/4 moves four pips, and no die shows a 4)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::WrongDice),
        E,
        G::Violation,
        F::Play,
        "The step lengths of the play cannot be made from the roll: a 5-2 played as 6-1, or a \
         double played with a wrong number.",
        &[DICE_STEPS, STANDS],
        "8) 52: 6/4 8/4   (8/4 moves four pips with a 5-2)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::UnderPlayed),
        E,
        G::Violation,
        F::Play,
        "Fewer dice are used than some legal play of the roll uses.",
        &[BOTH_DICE, WHOLE_PLAY],
        "3) 63: 24/18   (24/18 13/10 plays both dice)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::SmallerDie),
        E,
        G::Violation,
        F::Play,
        "Only one die is used, the smaller, while the larger could be played.",
        &[
            quote(
                S7,
                "If either die can be used but not both, the larger must be used.",
            ),
            WHOLE_PLAY,
        ],
        "12) 64: 6/2   (only one die can be played, and the 6 can: the 6 must be played)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BarFirst),
        E,
        G::Violation,
        F::Play,
        "A checker is moved while the player still has a checker on the bar.",
        &[quote(
            S5,
            "A player with checkers on the bar must enter all of them before moving any other \
             checker.",
        )],
        "7) 43: 13/9 13/10   (with a checker on the bar)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffEarly),
        E,
        G::Violation,
        F::Play,
        "A checker is borne off while another is outside the home board or on the bar.",
        &[quote(
            S6,
            "Allowed only while all 15 of the player's checkers are in his home board (points \
             1..6) or already off.",
        )],
        "20) 52: 9/7 5/off   (the checker on the 7 point is still outside the home board)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffLower),
        E,
        G::Violation,
        F::Play,
        "A checker is borne off from a lower point with a higher die while a higher point is \
         occupied.",
        &[quote(
            S6,
            "A die higher than a point but with checkers on higher points may not bear off from \
             the lower point: it must be moved inside the board, if it can.",
        )],
        "22) 64: 4/off 3/off   (checkers remain on the 5 point: the 6 must bear off from the 5)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BlockedPath),
        E,
        G::Violation,
        F::Play,
        "One checker uses two or more dice through an intermediate point that is blocked.",
        &[INTERMEDIATE, OPEN_POINT],
        "5) 64: 24/14   (the opponent holds both the 18 and the 20 point)",
    ),
    noted(
        entry(
            C::IllegalPlay,
            Some(K::NoPlay),
            E,
            G::Violation,
            F::Play,
            "Nothing is played although a legal play existed. Where a later play of the same game \
             turns out impossible, that finding points back to this roll: a play was probably \
             lost from the record.",
            &[
                quote(
                    S7,
                    "If no die can be used, the turn is lost. Nobody may pass voluntarily.",
                ),
                STANDS,
            ],
            "9) 52:   (nothing written, although 13/8 13/11 and other plays were legal)",
        ),
        "info when the game ends right after it with a resignation",
    ),
    entry(
        C::IllegalPlay,
        Some(K::PlayWhenNone),
        E,
        G::Violation,
        F::Play,
        "A play is written although no legal play of the roll existed. (Steps the dice cannot \
         make at all are `wrong-dice`, whose message then adds that the roll could not be \
         played.)",
        &[
            quote(
                S5,
                "If no die can enter, the whole turn is lost. If some but not all bar checkers \
                 can enter, enter as many as possible and the rest of the roll is lost.",
            ),
            quote(
                S7,
                "If no die can be used, the turn is lost. Nobody may pass voluntarily.",
            ),
        ],
        "14) 66: 13/7(2)   (a checker is on the bar and the opponent holds his 6 point)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::PinnedChecker),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker pinned under an opposing checker is moved.",
        &[quote(S11, PLAKOTO_PINNING)],
        "6) 63: 16/10 24/21   (the checker on his 16 point is pinned)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::OntoPinnedPoint),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker lands on a point where a single opposing checker pins one of the \
         mover's: that point belongs to the pinner.",
        &[quote(S11, PLAKOTO_PINNING)],
        "13) 52: 24/22* 24/19   (on his 22 point a single opposing checker pins one of his)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffPinned),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker is borne off while one of the mover's checkers is pinned.",
        &[quote(
            S11,
            "Bearing off needs all checkers in the home board and none of them pinned.",
        )],
        "39) 21: 1/0 6/4   (all his checkers are home, but one is pinned)",
    ),
    entry(
        C::IllegalPlayMarker,
        None,
        E,
        G::Violation,
        F::Play,
        "The record marks an illegal play with an `Illegal play (...)` position dump, or an SGF \
         board edit, and no legal play of the roll reaches that position. The replay goes on \
         from the recorded position.",
        &[UNCHALLENGED, STANDS],
        "12) 52: Illegal play (1;0;1;0;0;Pat;Quinn;...)   (a dump no 5-2 reaches)",
    ),
    entry(
        C::OpeningDouble,
        None,
        E,
        G::Violation,
        F::Play,
        "The first roll of a game is a double, which the opening roll cannot give. Each player \
         rolls one die at the opening, and a die misread there is common: when the play written \
         is that of a roll one die away, the finding says so (`likely_typo`).",
        &[quote(
            S2,
            "Each player rolls one die; the higher starts and plays both numbers. Equal dice are \
             rolled again. So the first play of a game never has a double.",
        )],
        "1) 33: 8/5(2) 6/3(2)   (the first row of a game)",
    ),
    entry(
        C::DoubleInCrawford,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double is offered in the Crawford game, where the cube is out of play.",
        &[CRAWFORD],
        "8)  Doubles => 2   (in the game after Omar reached 6 points of 7)",
    ),
    entry(
        C::DoubleNotOwner,
        None,
        E,
        G::Violation,
        F::Cube,
        "A player doubles while his opponent owns the cube.",
        &[WHEN_TO_DOUBLE],
        "15)  Doubles => 4   (Marta doubles although Omar took the 2-cube and owns it)",
    ),
    entry(
        C::DoubleAfterRoll,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double is offered after rolling, or by the player who is not on turn.",
        &[WHEN_TO_DOUBLE, TURN],
        "7) 43: 13/9 13/10   then   7)  Doubles => 8   (in the same turn)",
    ),
    entry(
        C::DoubleWrongValue,
        None,
        W,
        G::Violation,
        F::Cube,
        "`Doubles => N` where N is not twice the cube.",
        &[TAKE_OR_DROP],
        "7)  Doubles => 8   (the cube is at 2: a double makes it 4)",
    ),
    entry(
        C::BeaverNotAllowed,
        None,
        E,
        G::Violation,
        F::Cube,
        "A beaver or raccoon in match play, or in a money session whose rules exclude them.",
        &[MONEY_OPTIONS],
        "6)  Doubles => 2   Beavers => 4   (in a 7-point match)",
    ),
    entry(
        C::CubeDisabled,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double while the cube is out of play (a cube-less game) or already at its limit \
         (`; [CubeLimit]`, `--cube-limit`).",
        &[
            quote(
                S1,
                "one doubling cube (faces 2, 4, 8, 16, 32, 64; the game starts at value 1, cube \
                 centred).",
            ),
            VARIANTS,
        ],
        "19)  Doubles => 128   (with a cube limit of 64)",
    ),
    entry(
        C::DeadCube,
        None,
        I,
        G::Violation,
        F::Cube,
        "A double when the cube already covers everything the doubler needs to win the match: \
         legal, but it gains nothing.",
        &[MATCH_END],
        "11)  Doubles => 4   (Omar needs 2 points of 7 and already owns the 2-cube)",
    ),
    // Defects of the record.
    entry(
        C::ImpossiblePlay,
        None,
        E,
        G::Defect,
        F::Play,
        "The play cannot physically have happened, so the record is wrong, not the play (the kind \
         says why). The position is unknown afterwards: the rest of the game is not judged, its \
         declared result is kept, and checking resumes at the next game.",
        &[PHYSICAL],
        "2) 43: 21/18 18/14   (the opponent holds the 18 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::NoChecker),
        E,
        G::Defect,
        F::Play,
        "A checker moves from a point where the mover has none, or enters from an empty bar.",
        &[PHYSICAL],
        "11) 54: 1/off(2)   (no checker is left on the 1 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::OntoMadePoint),
        E,
        G::Defect,
        F::Play,
        "A checker lands on a point held by two or more opposing checkers.",
        &[OPEN_POINT, PHYSICAL],
        "2) 43: 21/18 18/14   (the opponent holds the 18 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::Backward),
        E,
        G::Defect,
        F::Play,
        "A checker moves backwards, to the bar, or from off.",
        &[PHYSICAL],
        "6) 31: 5/8 6/5   (5/8 moves away from home)",
    ),
    entry(
        C::TurnOrder,
        None,
        E,
        G::Defect,
        F::Record,
        "The same player acts twice in a row, or rolls while a double awaits an answer: the \
         opponent's turn is missing from the record.",
        &[TURN],
        "6) 43: 13/9 13/10   right after the same player's 6) 62: 24/18 13/11",
    ),
    entry(
        C::TurnOrder,
        Some(K::OmittedDance),
        I,
        G::Defect,
        F::Record,
        "The opponent's turn is missing while he had a checker on the bar against a board that \
         stops at least 16 of the 36 rolls (four points or more closed): a dance not written, \
         which hand transcriptions sometimes leave out (certain against a closed board). If a \
         later play of his, while he is still on the bar, moves as if he had entered, it was a \
         lost play instead: the finding becomes a `turn-order` error saying so, and the rest of \
         the game is not judged (one finding, no cascade). Against a \
         weaker board the missing turn stays a `turn-order` error, and a double right after the \
         doubler's own roll stays `double-after-roll` unless the board was closed; their \
         messages name the possible omitted dance.",
        &[TURN],
        "the opponent on the bar against a 5-point board, then 7) 43: 13/9 13/10 right after 6) \
         62: 24/18 13/11",
    ),
    entry(
        C::AnswerWithoutDouble,
        None,
        E,
        G::Defect,
        F::Cube,
        "`Takes`, `Drops` or a beaver with no double to answer.",
        &[TAKE_OR_DROP],
        "10)  Takes   (no `Doubles` before it)",
    ),
    noted(
        entry(
            C::DoubleUnanswered,
            None,
            W,
            G::Defect,
            F::Cube,
            "A double is followed by a roll instead of an answer (except in the Jellyfish beaver \
             convention). A double followed by the doubler's `Wins` line is an implied drop.",
            &[TAKE_OR_DROP],
            "6)  Doubles => 2   followed by the opponent's 42: 8/4 6/4",
        ),
        "info for an implied drop",
    ),
    entry(
        C::ActionsAfterEnd,
        None,
        E,
        G::Defect,
        F::Record,
        "Plays or cube actions are written after the game was over (all checkers borne off, a \
         drop or a resignation).",
        &[GAME_VALUE],
        "25) 31: 6/3 6/5   (after the opponent bore off his last checker)",
    ),
    entry(
        C::WinnerMismatch,
        None,
        E,
        G::Defect,
        F::Score,
        "The `Wins` line names the player who lost on the board, or both players or neither.",
        &[GAME_VALUE],
        "Wins 1 point   (written for the player who still has checkers on the board)",
    ),
    noted(
        entry(
            C::PointsMismatch,
            None,
            E,
            G::Defect,
            F::Score,
            "`Wins N` differs from the cube times 1, 2 or 3 for a bear-off, or from the cube for a \
             drop.",
            &[GAME_VALUE, TAKE_OR_DROP],
            "Wins 1 point   (a gammon with the cube at 2 is worth 4)",
        ),
        "info when capped at what the winner needed in the last game",
    ),
    entry(
        C::ResignValue,
        None,
        W,
        G::Defect,
        F::Score,
        "A resignation worth not 1, 2 or 3 times the cube.",
        &[RESIGNATION],
        "Wins 5 points   (after a resignation with the cube at 1)",
    ),
    entry(
        C::ResignValue,
        Some(K::Missing),
        I,
        G::Defect,
        F::Score,
        "No value is written for a resignation; it is taken from the next game's score line \
         where there is one.",
        &[RESIGNATION],
        "Resigns   (and no `Wins N` after it)",
    ),
    entry(
        C::ResignValue,
        Some(K::Match),
        I,
        G::Defect,
        F::Score,
        "The resignation is worth exactly the points the winner needed: it concedes the match. \
         If another game of the match follows, it did not: the value is wrong (`resign-value`, \
         warning).",
        &[RESIGNATION, MATCH_END],
        "Wins 5 points and the match   (Omar needed 5, the cube was at 1)",
    ),
    entry(
        C::ScoreMismatch,
        None,
        E,
        G::Defect,
        F::Score,
        "A game's starting score differs from the previous start plus the points won. Match \
         play only: programs keep a money session's score lines each their own way (running \
         totals, totals under a Jacoby rule the file does not state, or not at all), so they \
         are not checked.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 3 starts at 0 : 4 although the results so far make it 1 : 3",
    ),
    entry(
        C::ScoreMismatch,
        Some(K::Wrong),
        E,
        G::Defect,
        F::Score,
        "A game's starting score differs from the previous start plus the points won.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 3 starts at 0 : 4 although the results so far make it 1 : 3",
    ),
    entry(
        C::ScoreMismatch,
        Some(K::Gap),
        E,
        G::Defect,
        F::Score,
        "Both scores only moved forward, as if whole games were missing from the record.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 2 starts at 0 : 3 although game 1 ended 0 : 2",
    ),
    entry(
        C::MatchFragment,
        None,
        I,
        G::Defect,
        F::Score,
        "The record starts above 0-0 (a continuation or an excerpt). Whether the Crawford game \
         was already played may be unknown, so `double-in-crawford` is reported only when the \
         scores make it certain.",
        &[CRAWFORD],
        "the first game of the record is Game 5, at 3 : 2",
    ),
    entry(
        C::SetPosition,
        None,
        I,
        G::Defect,
        F::Record,
        "A game or a play starts from a set position (`; Set Pos=`, a row-1 dump, an SGF setup): \
         the replay starts from it, not from the opening position.",
        &[quote(
            S1,
            "Standard starting position, per player: 2 on 24, 5 on 13, 3 on 8, 5 on 6.",
        )],
        "1) 12: Illegal play (1;0;1;...)   (a dump on the first row)",
    ),
    entry(
        C::LostPlays,
        None,
        W,
        G::Defect,
        F::Record,
        "A game's record starts on a row after the first (`14)`) with an `Illegal play (...)` \
         position dump that no play of its roll from the opening position reaches: the plays \
         before it are missing from the record. The replay goes on from the position and cube \
         written in the dump, and the game's result is judged from there. (On row 1 such a dump \
         is a set position: `set-position`.) Also a jump in the record's own row numbers \
         (`9)` then `11)`) when a later play of the game cannot follow from the position \
         without the rows skipped: the rows were lost, not the play wrong; the finding stands \
         at the jump, and the rest of the game is not judged.",
        &[SCORE_SUM],
        "14) 33: Illegal play (7;0;1;0;0;...)   (the first row of game 2)",
    ),
    entry(
        C::GamesAfterMatch,
        None,
        E,
        G::Defect,
        F::Score,
        "A game starts after a player reached the match length.",
        &[MATCH_END],
        "Game 8   (Omar reached 7 points of 7 in game 7)",
    ),
    entry(
        C::MatchUnfinished,
        None,
        W,
        G::Defect,
        F::Score,
        "The record ends before anyone reached the match length.",
        &[MATCH_END],
        "a 7-point match whose record ends at 4 : 5",
    ),
    noted(
        entry(
            C::GameUnfinished,
            None,
            W,
            G::Defect,
            F::Record,
            "A game stops with no bear-off, drop, resignation or result line.",
            &[GAME_VALUE],
            "the last row of a game, then `Game 4` with no `Wins` line between",
        ),
        "info for the last game of a file",
    ),
    entry(
        C::HiddenPlay,
        None,
        E,
        G::Defect,
        F::Play,
        "`???` or `Illegal play` without a position dump in mid-game: the position is unknown \
         from there on, and the rest of the game is not judged.",
        &[PHYSICAL],
        "9) 52: ???",
    ),
    entry(
        C::NameChange,
        None,
        W,
        G::Defect,
        F::Record,
        "A player's name differs from the one written in the first game.",
        &[],
        "Game 1: `Marta : 0`, then Game 2: `Martha : 1`",
    ),
    // Reading problems.
    entry(
        C::Unreadable,
        None,
        E,
        G::Reading,
        F::Reading,
        "Not a transcript (binary data, an eXtreme Gammon file that is damaged or was not \
         written by eXtreme Gammon, an `.xgp` position file), undecodable, or no match at all. \
         Formats that are recognised but not read (eXtreme Gammon position files, GNU \
         Backgammon text exports, JavaFIBS and FIBS logs, archives) are named in the message, \
         with what to do.",
        &[],
        "position.xgp   (one position, no match: `bgaudit legal position.xgp` lists its plays)",
    ),
    entry(
        C::UnparsableCell,
        None,
        E,
        G::Reading,
        F::Reading,
        "A cell that is no roll, cube action or result. When it is a player's turn, the position \
         is unknown from there on and the rest of the game is not judged.",
        &[],
        "1) 13-7 8/7   (no dice)",
    ),
    entry(
        C::BadHeader,
        None,
        E,
        G::Reading,
        F::Reading,
        "A missing or garbled `Game N` or score line.",
        &[],
        "Game 3   followed by a move row instead of `Marta : 0   Omar : 3`",
    ),
    entry(
        C::Numbering,
        None,
        I,
        G::Reading,
        F::Reading,
        "Row or game numbers out of sequence.",
        &[],
        "3) 51: 13/8 6/5   (row 3 where row 2 was due)",
    ),
    entry(
        C::HitMark,
        None,
        I,
        G::Reading,
        F::Play,
        "A `*` is missing where a hit happened, or written where none did; only in matches \
         that write hit marks at all (a file may hold matches of programs that mark hits and of \
         programs that do not).",
        &[HITTING],
        "4) 64: 13/7 24/20   (13/7 hits a blot, and the match marks hits elsewhere)",
    ),
    entry(
        C::Blunder,
        None,
        I,
        G::Reading,
        F::Play,
        "A checker play that the analysis the record carries (GNU Backgammon's, eXtreme \
         Gammon's) marks very bad: it gave up at least 0.120 (GNU Backgammon's very bad) or 0.080 \
         (XG's blunder) of equity against the engine's best play. The analysis is the record's, \
         not bgaudit's; reported only with `check --blunders`.",
        &[],
        "12) 62: 13/5   (the analysis: 24/18 13/11 is best; this play gives up 0.153)",
    ),
    entry(
        C::AmbiguousPath,
        None,
        I,
        G::Reading,
        F::Play,
        "A combined move has two paths that differ by a hit and nothing in the notation decides: \
         the path that keeps the following plays consistent is taken; reported only when both \
         stay consistent.",
        &[INTERMEDIATE, HITTING],
        "5) 64: 24/14   (24/18/14 hits on 18, 24/20/14 does not)",
    ),
    entry(
        C::AssumedRule,
        None,
        I,
        G::Reading,
        F::Record,
        "A rule (Crawford, Jacoby, beavers, cube limit, variant) is not stated in the file and was \
         taken from the defaults or the flags, or from what the record shows.",
        &[VARIANTS],
        "Beavers => 4   (in a money session whose file says nothing about beavers)",
    ),
    entry(
        C::AssumedRule,
        Some(K::Beavers),
        I,
        G::Reading,
        F::Cube,
        "The file does not say whether beavers were allowed and one was played: they are taken \
         as allowed.",
        &[MONEY_OPTIONS, VARIANTS],
        "Beavers => 4   (in a money session whose file says nothing about beavers)",
    ),
    entry(
        C::AssumedRule,
        Some(K::Jacoby),
        I,
        G::Reading,
        F::Score,
        "The file does not say whether the Jacoby rule was in force, and a game result fits it: \
         it is taken as on.",
        &[MONEY_OPTIONS, VARIANTS],
        "Wins 1 point   (a gammon in a money game where the cube was never turned)",
    ),
    entry(
        C::Encoding,
        None,
        I,
        G::Reading,
        F::Reading,
        "The file is not UTF-8 and was read as Windows-1252, or is UTF-16 without a byte-order \
         mark and was read as such.",
        &[],
        "a file saved by an old Windows program, with names like `Müller`",
    ),
    entry(
        C::BinaryData,
        None,
        W,
        G::Reading,
        F::Reading,
        "NUL bytes or other binary bytes inside a text transcript, on the lines the finding \
         names: the file is damaged there. The rest of the file is read and checked; a cell the \
         damage reaches is also `unparsable-cell`. A file whose binary bytes are spread through \
         it is `unreadable` instead.",
        &[],
        "  7) 64: 24/18 13/9\\0\\0\\0   (a block of zero bytes where the disk failed)",
    ),
    entry(
        C::Skipped,
        None,
        I,
        G::Reading,
        F::Reading,
        "Something valid in the format was skipped on purpose, such as an SGF variation.",
        &[],
        "(;B[52mhmk];W[31hefe](;B[64aglp])(;B[62...]))   (the second branch is not replayed)",
    ),
    entry(
        C::Unsupported,
        None,
        W,
        G::Reading,
        F::Reading,
        "Valid in its format but not modelled: an SGF board edit that changes only some points \
         (the position after it is unknown and the rest of the game is not judged), or a \
         Variation tag naming a game bgaudit does not know (no play of that match is judged \
         unless --variant says which game it is).",
        &[],
        ";AE[a]AW[b]   (a partial SGF board edit in mid-game)",
    ),
    entry(
        C::NotAnalysed,
        None,
        I,
        G::Reading,
        F::Reading,
        "With --analyse, a match the record carries no analysis of was not analysed by GNU \
         Backgammon, and the message says why: the game GNU Backgammon imported is not the game \
         the replay read (its import drops or changes plays it cannot make, as an illegal play), \
         the format is one it cannot import, or it failed, crashed or ran out of time. The \
         match has no skill statistics; the rest of the run goes on.",
        &[],
        "not analysed: GNU Backgammon imported another game than the record's (game 2, move 8: \
         52 played 6/4 8/4)",
    ),
];

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
mod tests {
    use super::*;

    #[test]
    fn every_name_is_unique_and_every_kind_has_its_code() {
        let mut names: Vec<String> = CATALOGUE.iter().map(Entry::name).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "duplicate entries");
        for e in CATALOGUE.iter().filter(|e| e.kind.is_some()) {
            assert!(
                lookup(e.code.as_str()).is_some(),
                "{} has no code entry",
                e.name()
            );
        }
    }

    #[test]
    fn every_code_and_kind_has_one_entry() {
        for &code in Code::ALL {
            let own = CATALOGUE
                .iter()
                .filter(|e| e.code == code && e.kind.is_none())
                .count();
            assert_eq!(own, 1, "{code}");
            assert_eq!(code.entry().code, code);
            assert_eq!(Code::from_name(code.as_str()), Some(code));
        }
        for &kind in Kind::ALL {
            let own = CATALOGUE.iter().filter(|e| e.kind == Some(kind)).count();
            assert_eq!(own, 1, "{kind}");
            assert_eq!(kind.entry().kind, Some(kind));
            assert_eq!(Kind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(CATALOGUE.len(), Code::ALL.len() + Kind::ALL.len());
    }

    #[test]
    fn lookup_takes_code_or_code_and_kind() {
        assert_eq!(
            lookup("Illegal-Play/Wrong-Dice").map(|e| e.kind),
            Some(Some(Kind::WrongDice))
        );
        assert!(lookup("illegal-play/nothing").is_none());
        assert_eq!(
            for_finding(Code::IllegalPlay, Some(Kind::Backward)).map(Entry::name),
            Some("illegal-play".to_owned())
        );
        assert_eq!(kinds(Code::ImpossiblePlay).len(), 3);
        assert_eq!(closest("ilegal-play").as_deref(), Some("illegal-play"));
        assert_eq!(
            closest("double-in-crawfrod").as_deref(),
            Some("double-in-crawford")
        );
        assert_eq!(closest("zzz"), None);
    }

    #[test]
    fn the_listing_has_one_line_per_entry() {
        let listing = listing();
        assert_eq!(listing.lines().count(), CATALOGUE.len());
        assert!(listing.lines().all(|l| !l.contains(". ")));
        assert!(listing.contains("illegal-play/wrong-dice"));
        assert_eq!(
            lookup("encoding").map(Entry::short),
            Some(
                "The file is not UTF-8 and was read as Windows-1252, or is UTF-16 without a \
                 byte-order mark and was read as such."
            )
        );
    }

    #[test]
    fn every_row_of_the_table_is_one_line() {
        let table = markdown();
        assert_eq!(table.lines().count(), CATALOGUE.len() + 2);
        assert!(table.contains("| `illegal-play/no-play` | error (info when the game ends"));
    }
}
