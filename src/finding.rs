//! Findings: what the replay established, as data. Reports format them.

use serde::Serialize;

pub use crate::catalogue::{Code, Kind, Severity};
use crate::dice::Roll;
use crate::location::Location;
use crate::position::Position;
use crate::side::{ByPlayer, Side};

/// The match situation around a finding, enough to write a match ID or XGID.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The player about to act (the frame of [`Finding::before`]).
    pub mover: Side,
    /// Cube value.
    pub cube: u32,
    /// Cube owner, `None` when centred.
    pub owner: Option<Side>,
    /// Scores at the start of the game.
    pub scores: ByPlayer<u32>,
    /// Match length, 0 for money.
    pub length: u32,
    /// This is the Crawford game.
    pub crawford: bool,
}

/// One problem found, with everything a report row needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What was found, e.g. `illegal-play`.
    pub code: Code,
    /// Sub-kind where the code has several, e.g. `under-played`.
    pub kind: Option<Kind>,
    /// Severity.
    pub severity: Severity,
    /// Where in the input.
    pub location: Location,
    /// Ordinal of the match in the file, from 1 (0 before any match).
    pub match_number: u32,
    /// Game number as written, when inside a game.
    pub game: Option<u32>,
    /// The transcript's row number, when known.
    pub row: Option<u32>,
    /// The column the finding is about.
    pub side: Option<Side>,
    /// The name of the player of `side` on the game's score line, trimmed and
    /// with a trailing rating removed (`nori,1723` → `nori`).
    pub player: Option<String>,
    /// The roll, when the finding is about a roll.
    pub dice: Option<Roll>,
    /// The cell exactly as written.
    pub text: String,
    /// The position before the action, from the mover's side.
    pub before: Option<Position>,
    /// The match situation, when known.
    pub context: Option<Context>,
    /// For a rule violation: `true` when the opponent's next action accepted
    /// it, `false` when the game ended first.
    pub stood: Option<bool>,
    /// One sentence a tournament director understands.
    pub message: String,
    /// For an illegal or impossible play: `true` when a legal play close to
    /// the notation as written makes the rest of the record consistent (a
    /// probable transcription error), `false` when the play as written is the
    /// one the rest of the record follows; `None` when not analysed.
    pub likely_typo: Option<bool>,
    /// The legal play the record most probably meant, in standard notation.
    pub suggestion: Option<String>,
}

impl Finding {
    /// A finding of `code` at `location`, with the code's default severity
    /// from the catalogue; the other fields empty.
    #[must_use]
    pub fn new(code: Code, location: Location, message: impl Into<String>) -> Finding {
        Finding {
            code,
            kind: None,
            severity: code.severity(),
            location,
            match_number: 0,
            game: None,
            row: None,
            side: None,
            player: None,
            dice: None,
            text: String::new(),
            before: None,
            context: None,
            stood: None,
            message: message.into(),
            likely_typo: None,
            suggestion: None,
        }
    }

    /// `code/kind`, or the code alone.
    #[must_use]
    pub fn name(&self) -> String {
        match self.kind {
            Some(kind) => format!("{}/{kind}", self.code),
            None => self.code.as_str().to_owned(),
        }
    }

    /// The catalogue entry of the finding's kind, else of its code.
    #[must_use]
    pub fn entry(&self) -> &'static crate::catalogue::Entry {
        self.code.entry_with(self.kind)
    }
}

/// Counts by severity.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeverityCounts {
    /// Errors.
    pub error: u32,
    /// Warnings.
    pub warning: u32,
    /// Infos.
    pub info: u32,
}

impl SeverityCounts {
    /// Counts one more finding of `severity`.
    pub fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.error += 1,
            Severity::Warning => self.warning += 1,
            Severity::Info => self.info += 1,
        }
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, other: &SeverityCounts) {
        self.error += other.error;
        self.warning += other.warning;
        self.info += other.info;
    }

    /// The highest severity counted, if any.
    #[must_use]
    pub fn highest(&self) -> Option<Severity> {
        if self.error > 0 {
            Some(Severity::Error)
        } else if self.warning > 0 {
            Some(Severity::Warning)
        } else if self.info > 0 {
            Some(Severity::Info)
        } else {
            None
        }
    }
}
