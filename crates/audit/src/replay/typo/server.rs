//! Records from servers that enforce the rules of play
//! ([`crate::parse::producer`]): an illegal play in them was not made at
//! the table, so the record, not the player, must be wrong.

use super::super::recorder::{Sequel, stood};
use super::super::replayer::Replayer;
use crate::catalogue::{Family, Group};
use crate::finding::{Finding, Severity};

/// The clauses of a violation's message about whether it stood (written
/// where it is settled, `settle`), left out when no player made it.
const STOOD_CLAUSES: [&str; 3] = [
    "; the game ended before the opponent acted, so it could still be contested",
    ", so it stood",
    ", so the skipped plays stood",
];

/// Whether `finding` is a rule violation at the table about a checker play
/// (an illegal play, an `Illegal play` marker, an opening double) that
/// counts (a warning or an error).
pub(crate) fn is_play_violation(finding: &Finding) -> bool {
    let entry = finding.entry();
    finding.severity >= Severity::Warning
        && entry.group == Group::Violation
        && entry.family != Family::Cube
}

impl Replayer<'_, '_> {
    /// In a record from a server that enforces the rules, marks the current
    /// game's illegal plays (from finding `first`) as the record's: they
    /// name the server, say so, and did not stand (nobody made them).
    pub(super) fn mark_server_record(&mut self, first: usize) {
        let Some(producer) = self
            .current
            .as_ref()
            .and_then(|m| m.producer)
            .filter(|p| p.enforces_rules())
        else {
            return;
        };
        let first = first.min(self.recorder.findings.len());
        for f in self.recorder.findings[first..]
            .iter_mut()
            .filter(|f| is_play_violation(f))
        {
            f.server = Some(producer.name());
            f.stood = stood(Sequel::Enforced);
            // What the opponent did next says nothing here: no play was
            // accepted, none could be contested.
            for said in STOOD_CLAUSES {
                f.message = f.message.replace(said, "");
            }
            f.message.push_str(&format!(
                "; {} accepts no illegal play, so the record, not the player, must be wrong",
                producer.name()
            ));
        }
    }
}
