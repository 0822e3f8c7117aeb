//! Building findings: one builder for every finding the replay makes.
//!
//! A call site says what it knows (`finding(Code::DoubleInCrawford)
//! .at(action).message(...)`); the replay completes the draft from its own
//! state when it records it: the match, the game, the player's name, the
//! cube and score, the board before the action.

use crate::catalogue::{Code, Kind, Severity};
use crate::dice::Roll;
use crate::finding::Finding;
use crate::location::Location;
use crate::parse::Action;
use crate::position::Position;
use crate::side::Side;

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
    pub(super) fn at(mut self, action: &Action<'_>) -> Draft {
        self.finding.location = action.location;
        self.finding.side = Some(action.side);
        self.finding.row = action.row;
        self.finding.text = action.text.to_owned();
        self
    }

    /// At `location`.
    pub(super) fn located(mut self, location: Location) -> Draft {
        self.finding.location = location;
        self
    }

    /// About the player of `side` (none: about nobody's column).
    pub(super) fn side(mut self, side: Option<Side>) -> Draft {
        self.finding.side = side;
        self
    }

    /// At row `row` as written.
    pub(super) fn row(mut self, row: Option<u32>) -> Draft {
        self.finding.row = row;
        self
    }

    /// The cell as written.
    pub(super) fn text(mut self, text: impl Into<String>) -> Draft {
        self.finding.text = text.into();
        self
    }

    /// About the roll `dice`.
    pub(super) fn rolled(mut self, dice: Option<Roll>) -> Draft {
        self.finding.dice = dice;
        self
    }

    /// The sub-kind (its severity, unless one is given).
    pub(super) fn kind(mut self, kind: Kind) -> Draft {
        self.finding.kind = Some(kind);
        self
    }

    /// A severity other than the catalogue's.
    pub(super) fn severity(mut self, severity: Severity) -> Draft {
        self.severity = Some(severity);
        self
    }

    /// The sentence.
    pub(super) fn message(mut self, message: impl Into<String>) -> Draft {
        self.finding.message = message.into();
        self
    }

    /// Shows `position` (or no board) instead of the replay's board.
    pub(super) fn before(mut self, position: Option<Position>) -> Draft {
        self.board = Board::Given(position);
        self
    }

    /// About the record rather than an action: no board, no cube or score.
    pub(super) fn about_record(mut self) -> Draft {
        self.board = Board::Given(None);
        self.situation = false;
        self
    }

    /// In game `number` (a game already closed).
    pub(super) fn game(mut self, number: Option<u32>) -> Draft {
        self.game = Some(number);
        self
    }

    /// About the whole file, in no match.
    pub(super) fn file_level(mut self) -> Draft {
        self.file_level = true;
        self.about_record()
    }

    /// The typo analysis' verdict, when the record itself settles it.
    pub(super) fn likely_typo(mut self, typo: Option<bool>) -> Draft {
        self.finding.likely_typo = typo;
        self
    }
}
