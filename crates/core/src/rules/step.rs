//! Single die steps: the movement rules of one checker moved by one die.

use std::fmt;

use crate::notation::Hop;
use crate::position::{OUR_BAR, Position, THEIR_BAR};

/// One checker moved by one die, from our side: `from` 1..=25 (25 = bar),
/// `to` 0..=24 (0 = off), `die` the die used (larger than `from - to` for a
/// bear-off with overage), `hit` when it landed on a blot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Step {
    /// Source point, 25 = bar.
    pub from: u8,
    /// Destination point, 0 = off.
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// It hit a blot.
    pub hit: bool,
}

impl fmt::Display for Step {
    /// As written in a transcript: `13/7*`, `bar/22`, `3/off`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Hop {
            from: self.from,
            to: self.to,
            hit: self.hit,
        }
        .fmt(f)
    }
}

/// Why one step breaks a movement rule. Named after the rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IllegalStep {
    /// No checker of ours on the source point.
    NoChecker,
    /// A checker is on the bar and this step does not enter it.
    MustEnterFirst,
    /// The landing point holds two or more of their checkers.
    Blocked,
    /// Bearing off while a checker is outside the home board or on the bar.
    NotAllHome,
    /// Bearing off with a higher die from a point below our highest.
    HigherCheckerFirst,
    /// Plakoto: the checker is pinned under an opposing checker.
    Pinned,
    /// Plakoto: the landing point belongs to the opponent, whose single
    /// checker there pins one of ours.
    PinningPoint,
    /// Plakoto: bearing off while one of our checkers is pinned.
    PinnedBearOff,
}

/// The bear-off rules of a step from `from` to `to` (at or below 0: off the
/// board) of a side whose highest checker stands on `highest`: all home
/// (the highest in the home board), and a die larger than needed only for
/// the highest checker.
///
/// # Errors
/// [`IllegalStep::NotAllHome`] or [`IllegalStep::HigherCheckerFirst`].
#[inline(always)]
pub(crate) fn bear_off_step(highest: usize, from: usize, to: i32) -> Result<(), IllegalStep> {
    if highest > 6 {
        return Err(IllegalStep::NotAllHome);
    }
    if to < 0 && highest > from {
        return Err(IllegalStep::HigherCheckerFirst);
    }
    Ok(())
}

impl Position {
    /// Checks one step with `die` from `from` (our numbering, 25 = bar).
    ///
    /// # Errors
    /// The [`IllegalStep`] rule it breaks.
    #[inline(always)]
    pub fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep> {
        if from == 0 || from > OUR_BAR || self.points[from] <= 0 {
            return Err(IllegalStep::NoChecker);
        }
        if from != OUR_BAR && self.points[OUR_BAR] > 0 {
            return Err(IllegalStep::MustEnterFirst);
        }
        let to = from as i32 - i32::from(die);
        if to >= 1 {
            if self.points[to as usize] <= -2 {
                return Err(IllegalStep::Blocked);
            }
            return Ok(());
        }
        bear_off_step(self.our_highest(), from, to)
    }

    /// Moves one of our checkers from `from` by `die` without checking any
    /// rule but the physical ones the caller guarantees: a checker is on
    /// `from`. Hits a blot on the landing point; a landing at or below 0 bears
    /// off. A landing on a made point is not checked here.
    #[inline]
    pub fn apply_step(&mut self, from: usize, die: u8) -> Step {
        let to = (from as i32 - i32::from(die)).max(0) as usize;
        self.move_checker(from, to, die)
    }

    /// Moves one of our checkers from `from` to `to` (0 = off), hitting a blot
    /// there. The caller guarantees a checker on `from` and `to < from`; a
    /// landing on a made point is not checked.
    #[inline(always)]
    pub fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step {
        self.points[from] -= 1;
        let mut hit = false;
        if to == 0 {
            self.our_off += 1;
        } else {
            // A blot (-1) goes to their bar and the point becomes ours (1).
            let landing = self.points[to];
            hit = landing == -1;
            self.points[to] = landing + 1 + i8::from(hit);
            self.points[THEIR_BAR] -= i8::from(hit);
        }
        Step {
            from: from as u8,
            to: to as u8,
            die,
            hit,
        }
    }

    /// Plays `die` from `from` if the rules allow it.
    ///
    /// # Errors
    /// The [`IllegalStep`] rule it breaks; the position is then unchanged.
    pub fn try_step(&mut self, from: usize, die: u8) -> Result<Step, IllegalStep> {
        self.check_step(from, die)?;
        Ok(self.apply_step(from, die))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    #[test]
    fn a_checker_on_the_bar_must_enter_first() {
        let p = pos!(us 25:1, 13:5; them 1:2);
        assert_eq!(p.check_step(13, 3), Err(IllegalStep::MustEnterFirst));
        assert_eq!(p.check_step(25, 3), Ok(()));
    }

    #[test]
    fn two_opposing_checkers_block_a_point() {
        let p = pos!(us 13:1; them 10:2, 9:1);
        assert_eq!(p.check_step(13, 3), Err(IllegalStep::Blocked));
        let mut q = p;
        let step = q.try_step(13, 4).unwrap();
        assert!(step.hit);
        assert_eq!(q.their_bar(), 1);
    }

    #[test]
    fn bearing_off_needs_every_checker_home() {
        let p = pos!(us 7:1, 3:1; them 24:2);
        assert_eq!(p.check_step(3, 3), Err(IllegalStep::NotAllHome));
    }

    #[test]
    fn a_higher_die_bears_off_only_from_the_highest_point() {
        let p = pos!(us 5:1, 3:1; them 24:2);
        assert_eq!(p.check_step(3, 6), Err(IllegalStep::HigherCheckerFirst));
        assert_eq!(p.check_step(5, 6), Ok(()));
        assert_eq!(p.check_step(3, 3), Ok(()));
    }
}
