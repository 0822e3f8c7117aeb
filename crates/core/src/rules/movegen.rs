//! Legal plays: every distinct resulting position for a position and roll.
//!
//! Rules applied (rules.md §3-7): blocked points, hits (also at an
//! intermediate landing), entering from the bar first (a partial entry
//! forfeits the rest of the roll), bearing off (exact die; a higher die from
//! the highest point only; re-checked after each step), and maximal use of
//! the dice: both dice when some order allows it, else the larger die when
//! only one can be played, and as many steps of a double as possible.

use std::fmt;

use super::board::Board;
use super::step::Step;
use crate::dice::Roll;
use crate::position::{OUR_BAR, Position};

/// A sequence of up to four steps. `Copy`, no allocation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    /// The steps in the order played.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    /// Dice used.
    #[must_use]
    pub const fn dice_used(&self) -> u8 {
        self.len
    }

    /// Appends a step; `false` when four are held already.
    pub fn push(&mut self, step: Step) -> bool {
        match self.steps.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = step;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    pub(crate) fn from_prefix(steps: &[Step; 4], len: usize) -> Play {
        Play {
            steps: *steps,
            len: len as u8,
        }
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play(\"{self}\")")
    }
}

impl fmt::Display for Play {
    /// Standard notation: one checker's consecutive steps joined (`24/13`,
    /// `13/7*/6` when it hit on the way), identical moves counted (`6/off(2)`),
    /// highest source first. Nothing played is written as an empty string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut used = [false; 4];
        let steps = self.steps();
        // Each chain: source, then the landing points with their hit marks.
        let mut chains: Vec<(u8, Vec<(u8, bool)>)> = Vec::with_capacity(4);
        while let Some(start) = (0..steps.len())
            .filter(|&i| !used[i])
            .max_by_key(|&i| (steps[i].from, std::cmp::Reverse(i)))
        {
            used[start] = true;
            let mut chain = vec![(steps[start].to, steps[start].hit)];
            let mut at = steps[start].to;
            while at != 0 {
                let Some(next) = (0..steps.len()).find(|&i| !used[i] && steps[i].from == at) else {
                    break;
                };
                used[next] = true;
                chain.push((steps[next].to, steps[next].hit));
                at = steps[next].to;
            }
            chains.push((steps[start].from, chain));
        }
        let render = |(from, landings): &(u8, Vec<(u8, bool)>)| {
            let mut text = crate::notation::PointName(*from).to_string();
            let last = landings.len() - 1;
            for (i, &(to, hit)) in landings.iter().enumerate() {
                if i == last || hit {
                    text.push('/');
                    text.push_str(&crate::notation::PointName(to).to_string());
                    if hit {
                        text.push('*');
                    }
                }
            }
            text
        };
        let rendered: Vec<String> = chains.iter().map(render).collect();
        let mut first = true;
        let mut i = 0;
        while i < rendered.len() {
            let mut n = 1;
            while i + n < rendered.len() && rendered[i + n] == rendered[i] {
                n += 1;
            }
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            f.write_str(&rendered[i])?;
            if n > 1 {
                write!(f, "({n})")?;
            }
            i += n;
        }
        Ok(())
    }
}

/// One legal play: a representative step sequence and the position it leaves,
/// still from the mover's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LegalPlay<B = Position> {
    /// One sequence of steps reaching `result`.
    pub play: Play,
    /// The position after the play, from the mover's side (not turned around).
    pub result: B,
}

/// A reusable generator: keeps its buffers between calls so that generating
/// does not allocate once warmed up.
#[derive(Debug)]
pub struct MoveGen<B = Position> {
    plays: Vec<LegalPlay<B>>,
    max_dice: u8,
    /// Open-addressing set of results: (epoch, index into `plays`). A slot
    /// belongs to the current generation only when its epoch matches, so the
    /// table never needs clearing.
    slots: Vec<(u32, u32)>,
    epoch: u32,
}

impl<B> Default for MoveGen<B> {
    fn default() -> Self {
        MoveGen {
            plays: Vec::new(),
            max_dice: 0,
            slots: Vec::new(),
            epoch: 0,
        }
    }
}

impl<B: Board> MoveGen<B> {
    /// A generator with an empty buffer.
    #[must_use]
    pub fn new() -> MoveGen<B> {
        MoveGen::default()
    }

    /// Every distinct legal resulting position for `position` and `roll`, in
    /// a deterministic order. Empty when no die can be played (the
    /// turn is lost and the position stays as it is).
    pub fn generate(&mut self, position: &B, roll: Roll) -> &[LegalPlay<B>] {
        self.reset();
        self.max_dice = 0;
        let (hi, lo) = (roll.high().pips(), roll.low().pips());
        let mut steps = [Step::default(); 4];
        if hi == lo {
            let movable = position.movable_points();
            self.doubles(position, movable, hi, 0, OUR_BAR, &mut steps);
        } else {
            self.non_doubles(position, hi, lo);
        }
        &self.plays
    }

    /// The plays found by the last [`MoveGen::generate`].
    #[must_use]
    pub fn plays(&self) -> &[LegalPlay<B>] {
        &self.plays
    }

    /// Dice used by every legal play of the last generation (0 = none can be played).
    #[must_use]
    pub const fn max_dice(&self) -> u8 {
        self.max_dice
    }

    /// True when the last generation found a play leaving `result`.
    #[must_use]
    pub fn contains(&self, result: &B) -> bool {
        self.find(result, result.key()).is_ok()
    }

    /// Starts a new set of results: empties the list and invalidates the table.
    fn reset(&mut self) {
        self.plays.clear();
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Wrapped: old stamps could look current again.
            self.slots.iter_mut().for_each(|s| *s = (0, 0));
            self.epoch = 1;
        }
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); 256];
        }
    }

    /// `Ok(index)` of an equal result, or `Err(slot)` where it would go.
    #[inline]
    fn find(&self, result: &B, key: u64) -> Result<usize, usize> {
        let mask = self.slots.len().wrapping_sub(1);
        if self.slots.is_empty() {
            return Err(0);
        }
        let mut slot = (key as usize) & mask;
        loop {
            let (epoch, index) = self.slots[slot];
            if epoch != self.epoch {
                return Err(slot);
            }
            if self.plays[index as usize].result == *result {
                return Ok(index as usize);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![(0, 0); size];
        let mask = size - 1;
        for (i, play) in self.plays.iter().enumerate() {
            let mut slot = (play.result.key() as usize) & mask;
            while self.slots[slot].0 == self.epoch {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = (self.epoch, i as u32);
        }
    }

    #[inline]
    fn record(&mut self, result: B, steps: &[Step; 4], len: usize) {
        let len8 = len as u8;
        if len8 < self.max_dice {
            return;
        }
        if len8 > self.max_dice {
            self.reset();
            self.max_dice = len8;
        }
        let key = result.key();
        let Err(slot) = self.find(&result, key) else {
            return;
        };
        self.slots[slot] = (self.epoch, self.plays.len() as u32);
        self.plays.push(LegalPlay {
            play: Play::from_prefix(steps, len),
            result,
        });
        if self.plays.len() * 2 > self.slots.len() {
            self.grow();
        }
    }

    fn non_doubles(&mut self, position: &B, hi: u8, lo: u8) {
        let mut steps = [Step::default(); 4];
        let movable = position.movable_points();
        for (a, b) in [(hi, lo), (lo, hi)] {
            for from1 in sources(position, movable) {
                if position.check_step(from1, a).is_err() {
                    continue;
                }
                let mut after1 = *position;
                steps[0] = after1.apply_step(from1, a);
                let movable1 = after_step(movable, &after1, &steps[0]);
                for from2 in sources(&after1, movable1) {
                    if after1.check_step(from2, b).is_ok() {
                        let mut after2 = after1;
                        steps[1] = after2.apply_step(from2, b);
                        self.record(after2, &steps, 2);
                    }
                }
            }
        }
        if self.max_dice == 2 {
            return;
        }
        // Only one die can be played: the larger if it can, else the smaller.
        for die in [hi, lo] {
            for from in sources(position, movable) {
                if position.check_step(from, die).is_ok() {
                    let mut after = *position;
                    steps[0] = after.apply_step(from, die);
                    self.record(after, &steps, 1);
                }
            }
            if self.max_dice == 1 {
                return;
            }
        }
    }

    /// Steps of a double in non-increasing order of source point: every
    /// multiset of steps can be played in that order (a lower step never
    /// enables a higher one), so this visits each result without permutations.
    fn doubles(
        &mut self,
        position: &B,
        movable: u32,
        die: u8,
        depth: usize,
        max_from: usize,
        steps: &mut [Step; 4],
    ) {
        let mut moved = false;
        let top = if position.on_bar() {
            OUR_BAR
        } else {
            max_from.min(OUR_BAR)
        };
        // Points 1..=top.
        let below = u32::MAX >> (31 - top);
        for from in Descending(movable & below) {
            if position.check_step(from, die).is_err() {
                continue;
            }
            moved = true;
            let mut after = *position;
            steps[depth] = after.apply_step(from, die);
            if depth == 3 {
                self.record(after, steps, 4);
            } else {
                let movable = after_step(movable, &after, &steps[depth]);
                self.doubles(&after, movable, die, depth + 1, from, steps);
            }
        }
        if !moved && depth > 0 {
            self.record(*position, steps, depth);
        }
    }
}

/// [`Board::movable_points`] of `after`, from the mask before `step` was
/// played: only the step's source and landing can have changed.
#[inline]
fn after_step<B: Board>(mask: u32, after: &B, step: &Step) -> u32 {
    let (from, to) = (usize::from(step.from), usize::from(step.to));
    let mut mask = mask & !(1 << from) & !(1 << to);
    mask |= u32::from(after.movable(from)) << from;
    if to != 0 {
        mask |= u32::from(after.movable(to)) << to;
    }
    mask
}

/// Our occupied points from the bar down (`mask`: the
/// [`Board::movable_points`] of `position`), only the bar while a checker is
/// on it.
#[inline]
fn sources<B: Board>(position: &B, mask: u32) -> Descending {
    Descending(if position.on_bar() {
        mask & 1 << OUR_BAR
    } else {
        mask
    })
}

/// The bits of a mask, highest first.
struct Descending(u32);

impl Iterator for Descending {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let p = 31 - self.0.leading_zeros();
        self.0 &= !(1 << p);
        Some(p as usize)
    }
}

/// Every distinct legal play of `roll` in `position` (allocates; use
/// [`MoveGen`] in loops).
#[must_use]
pub fn legal_plays<B: Board>(position: &B, roll: Roll) -> Vec<LegalPlay<B>> {
    let mut generator = MoveGen::new();
    generator.generate(position, roll).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;
    use crate::position::Variant;

    fn roll(a: u8, b: u8) -> Roll {
        Roll::new(a, b).unwrap()
    }

    fn notations(position: &Position, r: Roll) -> Vec<String> {
        let mut v: Vec<String> = legal_plays(position, r)
            .iter()
            .map(|p| p.play.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn opening_31_has_16_plays() {
        let start = Position::starting(Variant::Backgammon);
        assert_eq!(legal_plays(&start, roll(3, 1)).len(), 16);
        assert!(notations(&start, roll(3, 1)).contains(&"8/5 6/5".to_string()));
    }

    #[test]
    fn must_use_both_dice_when_possible() {
        // 6-1: the 6 can only be played 7/1 and the 1 only after it.
        let p = pos!(us 7:1, 1:14; them 24:2);
        let plays = legal_plays(&p, roll(6, 1));
        assert!(plays.iter().all(|lp| lp.play.dice_used() == 2));
    }

    #[test]
    fn could_enter_with_either_die_but_must_use_bigger_one() {
        let p = pos!(us 25:1; them 20:2);
        let plays = notations(&p, roll(3, 2));
        assert_eq!(plays, vec!["bar/22".to_string()]);
    }

    #[test]
    fn entering_with_one_die_only_forfeits_the_rest() {
        // Two on the bar, only the 3 enters: one checker enters, the rest is lost.
        let p = pos!(us 25:2, 13:13; them 19:2);
        assert_eq!(notations(&p, roll(6, 3)), vec!["bar/22".to_string()]);
    }

    #[test]
    fn doubles_play_as_many_steps_as_possible() {
        // Only three 5s can be played: 13/8/3 and then 8/3 is blocked... built so
        // that exactly three steps are possible.
        let p = pos!(us 13:1, 2:14; them 3:2);
        let plays = legal_plays(&p, roll(5, 5));
        assert!(!plays.is_empty());
        assert!(plays.iter().all(|lp| lp.play.dice_used() < 4));
    }

    #[test]
    fn bear_off_is_rechecked_after_each_step() {
        let p = pos!(us 7:1, 1:14; them 24:2);
        let plays = notations(&p, roll(6, 1));
        assert!(plays.contains(&"7/1 1/off".to_string()) || plays.contains(&"7/off".to_string()));
    }

    #[test]
    fn no_legal_play_gives_an_empty_list() {
        let p = pos!(us 25:1, 6:14; them 24:2, 23:2, 22:2, 21:2, 20:2, 19:2);
        assert!(legal_plays(&p, roll(6, 5)).is_empty());
    }

    #[test]
    fn play_notation_joins_and_counts() {
        let start = Position::starting(Variant::Backgammon);
        let plays = notations(&start, roll(6, 6));
        assert!(plays.contains(&"24/18(2) 13/7(2)".to_string()), "{plays:?}");
        let plays = notations(&start, roll(6, 5));
        assert!(plays.contains(&"24/13".to_string()), "{plays:?}");
    }
}
