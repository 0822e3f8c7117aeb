//! Which column a finding counts in, as the catalogue groups its code, and
//! the sums of the finding columns.

use crate::catalogue::{Code, Family, Group, Kind};
use crate::finding::{Finding, Severity};

/// The column a finding counts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A rule violation at the table about a checker play (by the
    /// catalogue: group [`Group::Violation`], any family but the cube's):
    /// `illegal-play` (by kind), `illegal-play-marker`, `opening-double`.
    IllegalPlay,
    /// A rule violation at the table about the cube (group
    /// [`Group::Violation`], family [`Family::Cube`]): a double, beaver or
    /// raccoon against the rules, or with a wrong value.
    IllegalCube,
    /// Any other finding about the player's column at warning or error: a
    /// defect of the record or a reading problem; and an illegal play in a
    /// record from a server that enforces the rules
    /// ([`Finding::server`]): nobody made it at the table.
    RecordDefect,
    /// A finding the replay marked as a probable transcription error
    /// (`likely_typo` true), at warning or error.
    ProbableTypo,
    /// Infos: nothing is wrong with the game.
    NotCounted,
}

/// Which column `finding` counts in, as the catalogue groups its code.
/// Infos are not counted (a `no-play` before a resignation is an info, for
/// example); a probable typo counts as such whatever its code; a rule
/// violation about a checker play in a record from a server that enforces
/// the rules is a record defect.
#[must_use]
pub fn category(finding: &Finding) -> Category {
    if finding.severity == Severity::Info {
        return Category::NotCounted;
    }
    if finding.likely_typo == Some(true) {
        return Category::ProbableTypo;
    }
    let entry = finding.code.entry();
    match (entry.group, entry.family) {
        (Group::Violation, Family::Cube) => Category::IllegalCube,
        (Group::Violation, _) if finding.server.is_some() => Category::RecordDefect,
        (Group::Violation, _) => Category::IllegalPlay,
        (Group::Defect | Group::Reading, _) => Category::RecordDefect,
    }
}

/// The illegal-play column a finding counts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum KindColumn {
    /// An `illegal-play` kind (each has a column).
    Kind(Kind),
    /// `illegal-play-marker`.
    Marker,
    /// Any other illegal play (`opening-double`).
    Other,
}

impl KindColumn {
    /// The column of an illegal play.
    pub(super) fn of(finding: &Finding) -> KindColumn {
        match (finding.code, finding.kind) {
            (Code::IllegalPlayMarker, _) => KindColumn::Marker,
            (Code::IllegalPlay, Some(kind)) => KindColumn::Kind(kind),
            _ => KindColumn::Other,
        }
    }
}

/// The sums of the finding columns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FindingTotals {
    /// Illegal plays.
    pub illegal_plays: u64,
    /// Illegal plays that stood.
    pub stood: u64,
    /// Illegal plays that ended the game.
    pub ended_game: u64,
    /// Illegal cube actions.
    pub illegal_cube: u64,
    /// Record defects.
    pub record_defects: u64,
    /// Probable transcription errors.
    pub probable_typos: u64,
}

impl FindingTotals {
    /// Every counted finding: the sum of the four finding columns (`stood`
    /// and `ended_game` are part of `illegal_plays`).
    #[must_use]
    pub fn counted(&self) -> u64 {
        self.illegal_plays + self.illegal_cube + self.record_defects + self.probable_typos
    }

    pub(super) fn count(&mut self, finding: &Finding) {
        match category(finding) {
            Category::IllegalPlay => {
                self.illegal_plays += 1;
                match finding.stood {
                    Some(true) => self.stood += 1,
                    Some(false) => self.ended_game += 1,
                    None => {}
                }
            }
            Category::IllegalCube => self.illegal_cube += 1,
            Category::RecordDefect => self.record_defects += 1,
            Category::ProbableTypo => self.probable_typos += 1,
            Category::NotCounted => {}
        }
    }
}
