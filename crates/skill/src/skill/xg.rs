//! eXtreme Gammon's own figures: equity lost, its count of decisions and
//! its performance rating (PR).
//!
//! XG counts as decisions the unforced checker plays, the cube decisions
//! that were actual or close (a double, or a no double whose best double
//! was within 0.2 of it) and every answer to a double; the PR is 500 times
//! the equity lost (normalised, EMG) over those decisions. Its thresholds:
//! an error costs at least 0.020, a blunder at least 0.080.
//!
//! GNU Backgammon counts differently: every cube decision it analyses
//! (`Total cube decisions`), the close ones apart, and no PR; its rate is per
//! unforced play plus close cube decision, in thousandths (mEMG).

use serde::Serialize;

use super::{CubeAction, Decision};
use crate::side::Side;

/// The distance within which XG counts a no double as a decision.
const CLOSE: f64 = 0.2;
/// XG's thresholds of an error and a blunder (EMG).
const ERROR: f64 = 0.020;
const BLUNDER: f64 = 0.080;

/// One player's sums of XG's own figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct XgTally {
    /// Unforced checker plays XG analysed.
    pub checker_decisions: u32,
    /// Equity lost in them (EMG, positive).
    pub checker_error: f64,
    /// Cube decisions counted (doubles, and close no doubles).
    pub double_decisions: u32,
    /// Equity lost in them.
    pub double_error: f64,
    /// Answers to doubles (takes, passes, beavers).
    pub take_decisions: u32,
    /// Equity lost in them.
    pub take_error: f64,
    /// Decisions that lost at least 0.020.
    pub errors: u32,
    /// Decisions that lost at least 0.080.
    pub blunders: u32,
}

impl XgTally {
    /// Adds the part of `decision` that is `player`'s, where XG analysed it.
    pub fn add(&mut self, decision: &Decision, player: Side) {
        match decision {
            Decision::Chequer {
                player: p,
                legal_plays,
                xg_error: Some(error),
                ..
            } if *p == player && *legal_plays > 1 => {
                self.checker_decisions += 1;
                self.checker_error += self.mark(*error);
            }
            Decision::Cube {
                doubler,
                action,
                no_double,
                double_take,
                double_pass,
                xg_errors: Some((doubler_error, taker_error)),
            } => {
                let doubled = *action != CubeAction::NoDouble;
                if *doubler == player {
                    let best_double = double_pass.map_or(*double_take, |dp| dp.min(*double_take));
                    if doubled || no_double - best_double < CLOSE || *doubler_error < 0.0 {
                        self.double_decisions += 1;
                        self.double_error += self.mark(*doubler_error);
                    }
                } else if doubled {
                    self.take_decisions += 1;
                    self.take_error += self.mark(*taker_error);
                }
            }
            _ => {}
        }
    }

    /// Counts an error's class; its size.
    fn mark(&mut self, error: f64) -> f64 {
        let lost = error.abs();
        self.errors += u32::from(lost >= ERROR);
        self.blunders += u32::from(lost >= BLUNDER);
        lost
    }

    /// Adds another tally of the same player.
    pub fn merge(&mut self, other: &XgTally) {
        self.checker_decisions += other.checker_decisions;
        self.checker_error += other.checker_error;
        self.double_decisions += other.double_decisions;
        self.double_error += other.double_error;
        self.take_decisions += other.take_decisions;
        self.take_error += other.take_error;
        self.errors += other.errors;
        self.blunders += other.blunders;
    }

    /// XG's decisions: unforced plays, counted cube decisions, answers.
    #[must_use]
    pub fn decisions(&self) -> u32 {
        self.checker_decisions + self.double_decisions + self.take_decisions
    }

    /// The equity lost in them (EMG).
    #[must_use]
    pub fn error(&self) -> f64 {
        self.checker_error + self.double_error + self.take_error
    }

    /// XG's PR: 500 × equity lost / decisions; `None` without decisions.
    #[must_use]
    pub fn pr(&self) -> Option<f64> {
        let n = self.decisions();
        (n > 0).then(|| 500.0 * self.error() / f64::from(n))
    }
}
