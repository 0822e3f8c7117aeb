//! Findings: what the replay established, as data. Reports format them.

use serde::Serialize;

pub use crate::catalogue::{Code, Kind, Severity};
use crate::dice::Roll;
use crate::location::Location;
use crate::notation::PlayNotation;
use crate::notation::distance::play_distance;
use crate::position::Position;
use crate::rules::plakoto::PlakotoSetup;
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
    /// In a Plakoto game, which has no [`Position`] (checkers are pinned,
    /// not hit): the position before the action, from the mover's side.
    pub before_plakoto: Option<Box<PlakotoSetup>>,
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
    /// What the record most probably meant: a legal play in standard
    /// notation (`13/10 6/5`), or, when the dice were probably misread, the
    /// roll meant and the play as written, as the cell would read
    /// (`21: 13/11 6/5`).
    pub suggestion: Option<String>,
    /// For a probable transcription error of the dice: the roll the record
    /// most probably meant (one die away from [`Finding::dice`], which keeps
    /// the roll as written).
    pub meant_dice: Option<Roll>,
    /// The online server that wrote the record, when its header names one
    /// that enforces the rules of play
    /// ([`crate::parse::producer::Producer`]): a rule violation in such a
    /// record was not made at the table, the record is wrong.
    pub server: Option<&'static str>,
    /// For a finding about a checker play: the play written in its cell,
    /// as the replay read it (`None` when nothing was played).
    pub written: Option<Box<PlayNotation>>,
    /// For a finding about a checker play in a known position: the legal
    /// plays of its roll there.
    pub legal: Option<Box<LegalPlays>>,
    /// A `blunder`: the equity the play gave up by the record's analysis,
    /// in thousandths (EMG).
    pub lost_millis: Option<u32>,
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
            before_plakoto: None,
            context: None,
            stood: None,
            message: message.into(),
            likely_typo: None,
            suggestion: None,
            meant_dice: None,
            server: None,
            written: None,
            legal: None,
            lost_millis: None,
        }
    }

    /// `code/kind`, or the code alone.
    #[must_use]
    pub fn name(&self) -> String {
        crate::catalogue::full_name(self.code, self.kind)
    }

    /// The catalogue entry of the finding's kind, else of its code.
    #[must_use]
    pub fn entry(&self) -> &'static crate::catalogue::Entry {
        self.code.entry_with(self.kind)
    }
}

/// Legal plays are all listed up to this many; beyond, the closest ones.
pub const ALL_PLAYS_UP_TO: usize = 8;
/// How many of the closest legal plays are listed when there are many.
pub const CLOSEST_PLAYS: usize = 5;

/// The legal plays of a roll in a position, as a report shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalPlays {
    /// How many there are.
    pub count: usize,
    /// In standard notation: all of them when there are at most
    /// [`ALL_PLAYS_UP_TO`], else the [`CLOSEST_PLAYS`] first in order; those
    /// fitting the rest of the game best first (when [`LegalPlays::fitted`]),
    /// then the closest to the play as written, then in notation order.
    pub listed: Vec<String>,
    /// They were ranked by their distance to a written play.
    pub ranked: bool,
    /// They were ranked first by how well the rest of the game replays
    /// after each (see [`LegalPlays::fits`]), and not all fit alike.
    pub fitted: bool,
    /// The problems the rest of the game has after each legal play tried
    /// in its place (the typo analysis's replays), by notation: fewer fit
    /// better; a play not tried fits worse than any tried.
    pub fits: Vec<(String, usize)>,
}

impl LegalPlays {
    /// The legal plays `notations` (standard notation), ranked by their
    /// distance to `written` when there is a written play
    /// ([`notation_distance`]).
    #[must_use]
    pub fn ranked(
        notations: impl IntoIterator<Item = String>,
        written: Option<&PlayNotation>,
    ) -> LegalPlays {
        LegalPlays::fitted(notations, written, &[])
    }

    /// As [`LegalPlays::ranked`], but first by `fits`: the problems the
    /// rest of the game has after each play tried in place of the one
    /// written (fewer first; a play not tried after all tried).
    #[must_use]
    pub fn fitted(
        notations: impl IntoIterator<Item = String>,
        written: Option<&PlayNotation>,
        fits: &[(String, usize)],
    ) -> LegalPlays {
        let fit = |text: &str| {
            fits.iter()
                .find(|(play, _)| play == text)
                .map_or(usize::MAX, |(_, problems)| *problems)
        };
        let mut ranked: Vec<(usize, usize, String)> = notations
            .into_iter()
            .map(|text| {
                (
                    fit(&text),
                    written.map_or(0, |w| notation_distance(w, &text)),
                    text,
                )
            })
            .collect();
        ranked.sort();
        let count = ranked.len();
        // Ranked by fit only when the plays tried fit differently: those
        // tried are the closest, so the rest come after them either way.
        let fitted = fits.iter().any(|(_, problems)| *problems != fits[0].1);
        if count > ALL_PLAYS_UP_TO {
            ranked.truncate(CLOSEST_PLAYS);
        }
        LegalPlays {
            count,
            listed: ranked.into_iter().map(|(_, _, text)| text).collect(),
            ranked: written.is_some(),
            fitted,
            fits: fits.to_vec(),
        }
    }
}

/// A notation edit distance between a written play and a legal play's
/// notation (see [`crate::notation::distance::play_distance`]);
/// `usize::MAX` when `legal` is not notation.
#[must_use]
pub fn notation_distance(written: &PlayNotation, legal: &str) -> usize {
    PlayNotation::parse(legal).map_or(usize::MAX, |legal| play_distance(written, &legal))
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
