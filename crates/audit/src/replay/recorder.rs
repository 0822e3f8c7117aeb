//! What the replay records, as data: the findings kept ([`Recorder`]: the
//! file's findings, the hit-mark findings kept aside, the last unfinished
//! game's), findings being written and findings waiting on what follows.
//! It names no other file of the replay: the match state (`state`)
//! completes the drafts and keeps them here, and `settle` settles what
//! waits.
//!
//! One builder for every finding the replay makes: a call site says what it
//! knows (`finding(Code::DoubleInCrawford).at(action).message(...)`), and
//! `MatchState::record` completes the draft from the match state (the
//! match, the game, the player's name, the cube and score, the board before
//! the action) and keeps it.
//!
//! Some findings depend on what follows them ([`Pending`]): whether an
//! illegal play *stood* (the opponent rolled or doubled next) or the game
//! ended first, whether rolls left unplayed were a player who stopped
//! playing, whether a hidden play was the last of the game. [`stood`] is the
//! one place that decides a violation's `stood`.

use crate::catalogue::{Code, Kind, Severity};
use crate::dice::Roll;
use crate::finding::Finding;
use crate::location::Location;
use crate::notation::PlayNotation;
use crate::parse::Action;
use crate::position::Position;
use crate::rules::AnyBoard;
use crate::side::Side;

/// The findings of one file's replay as they are kept: each room records
/// into it (through `MatchState::record`), `settle` settles and orders them.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    /// The findings kept, in the order they were made (sorted by place when
    /// the file is settled).
    pub(crate) findings: Vec<Finding>,
    /// The last unfinished game's finding: a warning unless it was the last
    /// game of the file.
    pub(super) unfinished: Option<usize>,
    /// A play with a hit mark was read.
    pub(super) hit_marks_written: bool,
    /// The text holds a `*`: hit marks may be written, so the hit marks of
    /// plays are checked.
    pub(crate) hit_marks_possible: bool,
    /// Hit-mark findings, each with the play written: kept at the end of
    /// the file only if the file writes hit marks at all.
    pub(super) hit_mark_findings: Vec<(Finding, PlayNotation)>,
}

impl Recorder {
    /// An empty recorder for a text that may write hit marks.
    pub(super) fn new() -> Recorder {
        Recorder {
            hit_marks_possible: true,
            ..Recorder::default()
        }
    }

    /// Keeps `finding` as it is; its index.
    pub(super) fn keep(&mut self, finding: Finding) -> usize {
        self.findings.push(finding);
        self.findings.len() - 1
    }

    /// Records that `sequel` followed the violation of finding `index`.
    pub(super) fn settle_stood(&mut self, index: usize, sequel: Sequel) {
        if let Some(f) = self.findings.get_mut(index) {
            f.stood = stood(sequel);
        }
    }

    /// Checks hit marks only if `text` holds a `*`: a text without one
    /// writes no hit mark, so none can be missing.
    pub(crate) fn watch_hit_marks(&mut self, text: &str) {
        self.hit_marks_possible = memchr::memchr(b'*', text.as_bytes()).is_some();
    }
}

/// What a finding shows of the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Board {
    /// The board the replay has now, from the side of the finding's player.
    Replayed,
    /// This position (or none).
    Given(Option<Position>),
}

/// A finding being written; [`finding`] starts one.
#[derive(Clone, Debug)]
pub(super) struct Draft {
    pub(super) finding: Finding,
    /// An explicit severity (else the kind's, else the code's default).
    pub(super) severity: Option<Severity>,
    pub(super) board: Board,
    /// Take the cube and score of the game (a finding about a player's
    /// action); `false` for a finding about the record itself.
    pub(super) situation: bool,
    /// The game number, when not the current game's.
    pub(super) game: Option<Option<u32>>,
    /// About the whole file: no match, no game.
    pub(super) file_level: bool,
}

/// A finding of `code`, to be completed and recorded by the replay.
#[inline]
pub(super) fn finding(code: Code) -> Draft {
    Draft {
        finding: Finding::new(code, Location::default(), String::new()),
        severity: None,
        board: Board::Replayed,
        situation: true,
        game: None,
        file_level: false,
    }
}

impl Draft {
    /// At the cell of `action`, about its player: location, column, row
    /// and text.
    #[inline]
    pub(super) fn at(mut self, action: &Action<'_>) -> Draft {
        self.finding.location = action.location;
        self.finding.side = Some(action.side);
        self.finding.row = action.row;
        self.finding.text = action.text.to_owned();
        self
    }

    /// At `location`.
    #[inline]
    pub(super) fn located(mut self, location: Location) -> Draft {
        self.finding.location = location;
        self
    }

    /// About the player of `side` (none: about nobody's column).
    #[inline]
    pub(super) fn side(mut self, side: Option<Side>) -> Draft {
        self.finding.side = side;
        self
    }

    /// At row `row` as written.
    #[inline]
    pub(super) fn row(mut self, row: Option<u32>) -> Draft {
        self.finding.row = row;
        self
    }

    /// The cell as written.
    #[inline]
    pub(super) fn text(mut self, text: impl Into<String>) -> Draft {
        self.finding.text = text.into();
        self
    }

    /// About the roll `dice`.
    #[inline]
    pub(super) fn rolled(mut self, dice: Option<Roll>) -> Draft {
        self.finding.dice = dice;
        self
    }

    /// The sub-kind (its severity, unless one is given).
    #[inline]
    pub(super) fn kind(mut self, kind: Kind) -> Draft {
        self.finding.kind = Some(kind);
        self
    }

    /// A severity other than the catalogue's.
    #[inline]
    pub(super) fn severity(mut self, severity: Severity) -> Draft {
        self.severity = Some(severity);
        self
    }

    /// The sentence.
    #[inline]
    pub(super) fn message(mut self, message: impl Into<String>) -> Draft {
        self.finding.message = message.into();
        self
    }

    /// Shows `position` (or no board) instead of the replay's board.
    #[inline]
    pub(super) fn before(mut self, position: Option<Position>) -> Draft {
        self.board = Board::Given(position);
        self
    }

    /// Shows `board` (a backgammon or a Plakoto position, from the mover's
    /// side) instead of the replay's board.
    #[inline]
    pub(super) fn before_board(mut self, board: &AnyBoard) -> Draft {
        self.board = Board::Given(board.backgammon());
        self.finding.before_plakoto = match board {
            AnyBoard::Plakoto(p) => Some(Box::new(p.setup())),
            AnyBoard::Backgammon(_) => None,
        };
        self
    }

    /// About the record rather than an action: no board, no cube or score.
    #[inline]
    pub(super) fn about_record(mut self) -> Draft {
        self.board = Board::Given(None);
        self.situation = false;
        self
    }

    /// In game `number` (a game already closed).
    #[inline]
    pub(super) fn game(mut self, number: Option<u32>) -> Draft {
        self.game = Some(number);
        self
    }

    /// About the whole file, in no match.
    #[inline]
    pub(super) fn file_level(mut self) -> Draft {
        self.file_level = true;
        self.about_record()
    }

    /// The typo analysis' verdict, when the record itself settles it.
    #[inline]
    pub(super) fn likely_typo(mut self, typo: Option<bool>) -> Draft {
        self.finding.likely_typo = typo;
        self
    }
}

/// A finding whose details depend on what comes next.
#[derive(Clone, Debug)]
pub(super) enum Pending {
    /// An illegal play (or marker): did the opponent's next action accept it?
    Illegal { side: Side, finding: usize },
    /// Rolls with nothing played although plays existed: if the player never
    /// plays again before the game ends he stopped playing (info); if he
    /// plays again, or the record breaks, it is an error.
    NoPlay {
        side: Side,
        finding: usize,
        rolls: u32,
        first_row: Option<u32>,
    },
    /// A hidden play: fine before a resignation, an error mid-game.
    Hidden(HiddenPlay),
}

/// A play written as hidden (`???`, an `Illegal play` without a position,
/// `00:`), not yet a finding.
#[derive(Clone, Debug)]
pub(super) struct HiddenPlay {
    pub(super) side: Side,
    pub(super) location: Location,
    pub(super) row: Option<u32>,
    pub(super) dice: Option<Roll>,
    pub(super) text: String,
}

impl HiddenPlay {
    /// The hidden play of `action`.
    pub(super) fn at(action: &Action<'_>, dice: Option<Roll>) -> HiddenPlay {
        HiddenPlay {
            side: action.side,
            location: action.location,
            row: action.row,
            dice,
            text: action.text.to_owned(),
        }
    }
}

/// What followed a rule violation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Sequel {
    /// The opponent rolled or doubled next.
    OpponentActed,
    /// The game ended before the opponent acted.
    GameEnded,
    /// The typo analysis found the record mistyped the play: the player did
    /// not make it.
    Misread,
    /// The record comes from a server that enforces the rules: nobody made
    /// the play at the table.
    Enforced,
}

/// Whether a rule violation stood: under tournament rules the opponent's
/// next roll or double accepts it (`true`); a game that ended first leaves
/// it contestable (`false`); a play the record mistyped is no violation of
/// the player's, and neither is an illegal play in a record of a server
/// that enforces the rules (`None`).
pub(super) const fn stood(sequel: Sequel) -> Option<bool> {
    match sequel {
        Sequel::OpponentActed => Some(true),
        Sequel::GameEnded => Some(false),
        Sequel::Misread | Sequel::Enforced => None,
    }
}
