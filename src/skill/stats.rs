//! One player's sums and the statistics made of them.

use serde::Serialize;

use super::{Context, Decision};
use crate::side::Side;

/// One player's sums over any number of analysed decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Checker plays counted.
    pub moves: u32,
}

impl Tally {
    /// Adds the part of `decision` that is `player`'s.
    pub fn add(&mut self, context: &Context, decision: &Decision, player: Side) {
        let _ = context;
        if let Decision::Chequer { player: p, .. } = decision
            && *p == player
        {
            self.moves += 1;
        }
    }

    /// Adds another tally of the same player.
    pub fn merge(&mut self, other: &Tally) {
        self.moves += other.moves;
    }

    /// The statistics of the sums.
    #[must_use]
    pub fn statistics(&self) -> Statistics {
        Statistics { moves: self.moves }
    }
}

/// The statistics of one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Statistics {
    /// Checker plays.
    pub moves: u32,
}
