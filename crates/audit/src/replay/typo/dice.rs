//! A misread die: the play as written is legal with another roll.
//!
//! A play can be illegal with the dice written and a legal, complete play
//! of a roll one slip away from them: `31: 13/11 6/5` is the play of 21. The
//! likeliest story is then a slip on the dice (a die misread from a score
//! sheet or a video, or mistyped), not a player who moved a 3 as a 2; the
//! other story (the player made an illegal play with 31) is told too.
//!
//! **Which slips.** One die changed, to any other face: a die misread
//! (`5` for `6` on a worn or small die, a pip count miscounted), a key
//! next to the right one on a keyboard or keypad, a die read from the
//! neighbouring row or column of a score sheet. Two dice of a roll read as
//! each other are no slip (`13` and `31` are the same roll: order is free),
//! and a slip that changes both dice is left out: with twice as many rolls
//! to choose from it would often fit by chance. The shared corpus of real
//! records holds no dice slip to measure which faces are confused most, so
//! no face is preferred: every other face counts the same.
//!
//! **The opening roll** is one die per player, both written as one roll
//! for the player who moves: a misread die is common there (two dice of
//! two players, often read across the table), and an opening roll is never
//! a double, so at the opening only the rolls that are no double are tried
//! (a written opening double, `55: 13/8 13/7`, is read as the `65` it can
//! only have been, and its `opening-double` finding goes with it).
//!
//! **Several rolls.** When the play fits more than one roll one die away
//! (a bear-off with a larger die than needed fits several), the roll under
//! which the play as written is likeliest is taken: first a roll whose dice
//! are the play's distances exactly, then the roll with the fewest legal
//! plays (a forced play is what a player of that roll makes), then the
//! first in the order tried.

use super::super::replayer::Replayer;
use crate::dice::Roll;
use crate::notation::PlayNotation;
use crate::rules::{AnyBoard, judge};

/// A roll one die away from the one written under which the play as
/// written is a legal, complete play.
#[derive(Copy, Clone, Debug)]
pub(super) struct DiceReading {
    /// The roll meant, with the die kept where it was written (`31` read as
    /// `21`).
    pub(super) roll: Roll,
    /// The board after the play with that roll, from the mover's side.
    pub(super) result: AnyBoard,
    /// The play uses each die of the roll exactly (no die larger than
    /// needed to bear off).
    pub(super) exact: bool,
}

/// The rolls one die away from `written`, the changed die in its place
/// (`31` gives `11`, `21`, `41`, `51`, `61`, `32`, `33`, ...); at the
/// opening, only the rolls that are no double.
pub(super) fn one_die_away(written: Roll, opening: bool) -> Vec<Roll> {
    let (a, b) = (written.first.pips(), written.second.pips());
    let mut rolls: Vec<Roll> = Vec::with_capacity(10);
    let mut push = |roll: Option<Roll>| {
        if let Some(roll) = roll
            && !(opening && roll.is_double())
            && !rolls.iter().any(|r| r.normalized() == roll.normalized())
        {
            rolls.push(roll);
        }
    };
    for x in 1..=6 {
        if x != a {
            push(Roll::new(x, b));
        }
    }
    for x in 1..=6 {
        if x != b {
            push(Roll::new(a, x));
        }
    }
    rolls
}

impl Replayer<'_, '_> {
    /// The rolls one die away from `written` (on `mover`, the board from
    /// the mover's side) under which `play` is a legal, complete play, the
    /// likeliest first (see the module's rules).
    pub(super) fn dice_readings(
        &mut self,
        mover: &AnyBoard,
        written: Roll,
        play: &PlayNotation,
        opening: bool,
    ) -> Vec<DiceReading> {
        if play.is_empty() {
            // Nothing written: no play to fit another roll (a lost play or a
            // dance is a better story).
            return Vec::new();
        }
        let mut readings: Vec<DiceReading> = one_die_away(written, opening)
            .into_iter()
            .filter_map(|roll| {
                let j = judge(mover, roll, play, &mut self.judging.generator);
                j.is_legal().then(|| DiceReading {
                    roll,
                    result: j.result,
                    exact: uses_dice_exactly(play, roll),
                })
            })
            .collect();
        if readings.len() > 1 {
            // Stable: equals keep the order tried.
            let mut ranked: Vec<(bool, usize, DiceReading)> = readings
                .iter()
                .map(|r| {
                    (
                        !r.exact,
                        self.judging.generator.generate(mover, r.roll).len(),
                        *r,
                    )
                })
                .collect();
            ranked.sort_by_key(|(inexact, count, _)| (*inexact, *count));
            readings = ranked.into_iter().map(|(_, _, r)| r).collect();
        }
        readings
    }
}

/// Whether the hops of `play` are the dice of `roll` exactly: each hop's
/// distance (the bar as 25, off as 0) is a die or a whole number of the
/// double's dice, and they add up to what the roll gives.
fn uses_dice_exactly(play: &PlayNotation, roll: Roll) -> bool {
    let distances: Vec<u8> = play
        .hops()
        .iter()
        .map(|h| h.from.saturating_sub(h.to))
        .collect();
    let total: u32 = distances.iter().map(|&d| u32::from(d)).sum();
    let (a, b) = (roll.first.pips(), roll.second.pips());
    if roll.is_double() {
        distances.iter().all(|&d| d > 0 && d % a == 0) && total <= 4 * u32::from(a)
    } else {
        total == u32::from(a) + u32::from(b)
            && distances.iter().all(|&d| d == a || d == b || d == a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(text: &str) -> Roll {
        let d: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
        Roll::new(d[0], d[1]).expect("dice")
    }

    fn names(rolls: &[Roll]) -> Vec<String> {
        rolls.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn one_die_away_changes_either_die_in_its_place() {
        assert_eq!(
            names(&one_die_away(roll("31"), false)),
            ["11", "21", "41", "51", "61", "32", "33", "34", "35", "36"]
        );
        // A double: five rolls, each once.
        assert_eq!(
            names(&one_die_away(roll("55"), false)),
            ["15", "25", "35", "45", "65"]
        );
        // At the opening, no double.
        assert_eq!(
            names(&one_die_away(roll("31"), true)),
            ["21", "41", "51", "61", "32", "34", "35", "36"]
        );
    }

    #[test]
    fn a_play_is_exact_when_its_hops_are_the_dice() {
        let play = |text: &str| PlayNotation::parse(text).expect("notation");
        assert!(uses_dice_exactly(&play("13/11 6/5"), roll("21")));
        assert!(uses_dice_exactly(&play("13/10"), roll("21")));
        assert!(!uses_dice_exactly(&play("13/11 6/5"), roll("31")));
        assert!(uses_dice_exactly(&play("13/9(2)"), roll("22")));
        assert!(!uses_dice_exactly(&play("3/off 2/off"), roll("65")));
        assert!(uses_dice_exactly(&play("3/off 2/off"), roll("32")));
    }

    #[test]
    fn a_play_of_another_roll_is_read_with_it() {
        let options = crate::replay::Options::default();
        let mut replayer = Replayer::new(&options);
        let start = AnyBoard::Backgammon(crate::position::Position::starting(
            crate::position::Variant::Backgammon,
        ));
        let play = PlayNotation::parse("13/11 6/5").expect("notation");
        let readings = replayer.dice_readings(&start, roll("31"), &play, true);
        assert_eq!(readings.len(), 1);
        let reading = readings[0];
        assert_eq!(reading.roll.to_string(), "21");
        assert!(reading.exact);
        // No roll one die from 65 plays `13/11 6/5`.
        assert!(
            replayer
                .dice_readings(&start, roll("65"), &play, false)
                .is_empty()
        );
        // An opening double read as the roll it can only have been.
        let play = PlayNotation::parse("13/8 13/7").expect("notation");
        let readings = replayer.dice_readings(&start, roll("55"), &play, true);
        assert_eq!(readings.len(), 1);
        assert_eq!(readings[0].roll.to_string(), "65");
    }
}
