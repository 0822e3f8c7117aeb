//! What the move generator and the judge need from a board, so that variants
//! with other movement rules (Plakoto's pinning) share them.

use std::fmt;

use super::step::{IllegalStep, Step};
use crate::position::{OUR_BAR, Position};

/// A board seen from the player about to move, with the movement rules of
/// its game. Points are in the mover's numbering: 25 is his bar, 0 is off.
pub trait Board: Copy + Eq + fmt::Debug {
    /// True when we have a checker on point `p` that may move (25 = bar).
    fn movable(&self, p: usize) -> bool;
    /// The points `p` (1..=25) where [`Board::movable`] holds, as bit `p` of
    /// the mask.
    #[inline]
    fn movable_points(&self) -> u32 {
        (1..=OUR_BAR)
            .filter(|&p| self.movable(p))
            .fold(0, |mask, p| mask | 1 << p)
    }
    /// True when one of our checkers is on the bar.
    fn on_bar(&self) -> bool;
    /// True when no checker of ours can land on point `p` (1..=24): the
    /// opponent holds it.
    fn closed(&self, p: usize) -> bool;
    /// False when a checker of ours landing on point `p` (1..=24) leaves
    /// every opposing checker as it is (no hit, no pin); true when it may
    /// not (the default, for boards that do not tell).
    #[inline]
    fn may_hit(&self, p: usize) -> bool {
        let _ = p;
        true
    }
    /// Checks one step with `die` from `from` under the movement rules.
    ///
    /// # Errors
    /// The [`IllegalStep`] rule it breaks.
    fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep>;
    /// Plays one step without checking the movement rules (the caller
    /// guarantees a movable checker on `from`).
    fn apply_step(&mut self, from: usize, die: u8) -> Step;
    /// Moves one of our checkers from `from` to `to` (0 = off), with what
    /// landing there does to an opposing checker. The caller guarantees a
    /// movable checker on `from` and `to < from`.
    fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step;
    /// A well-mixed 64-bit key of the board (for deduplication; equal keys
    /// are confirmed with `==`).
    fn key(&self) -> u64;
}

impl Board for Position {
    #[inline]
    fn movable(&self, p: usize) -> bool {
        self.points.get(p).is_some_and(|&c| c > 0)
    }

    #[inline]
    fn movable_points(&self) -> u32 {
        self.our_points()
    }

    #[inline]
    fn on_bar(&self) -> bool {
        self.points[OUR_BAR] > 0
    }

    #[inline]
    fn closed(&self, p: usize) -> bool {
        self.points.get(p).is_some_and(|&c| c <= -2)
    }

    #[inline]
    fn may_hit(&self, p: usize) -> bool {
        self.points.get(p).is_some_and(|&c| c == -1)
    }

    #[inline(always)]
    fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep> {
        Position::check_step(self, from, die)
    }

    #[inline]
    fn apply_step(&mut self, from: usize, die: u8) -> Step {
        Position::apply_step(self, from, die)
    }

    #[inline(always)]
    fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step {
        Position::move_checker(self, from, to, die)
    }

    #[inline]
    fn key(&self) -> u64 {
        let mut bytes = [0u8; 32];
        for (byte, &count) in bytes.iter_mut().zip(self.points.iter()) {
            *byte = count as u8;
        }
        bytes[26] = self.our_off;
        bytes[27] = self.their_off;
        mix_words(&bytes)
    }
}

/// A position judged from the side of the player *not* on move in it:
/// the board `self.0.flip()`, read and played without flipping (the
/// mover's point `p` is the position's index `25 - p`, with the sign of its
/// count turned). The replay keeps its board in the first player's frame
/// and judges the second player's plays on it this way: the result is
/// already in that frame.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Mirrored(pub Position);

impl Mirrored {
    /// The count held for the mover's point `p` (0..=25): the mover's
    /// checkers are negative, the opponent's positive.
    #[inline(always)]
    fn held(&self, p: usize) -> i8 {
        self.0.points[OUR_BAR - p]
    }
}

impl fmt::Debug for Mirrored {
    /// As the board it stands for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.flip().fmt(f)
    }
}

impl Board for Mirrored {
    #[inline]
    fn movable(&self, p: usize) -> bool {
        p <= OUR_BAR && self.held(p) < 0
    }

    #[inline]
    fn movable_points(&self) -> u32 {
        self.0.flip().our_points()
    }

    #[inline]
    fn on_bar(&self) -> bool {
        self.held(OUR_BAR) < 0
    }

    #[inline]
    fn closed(&self, p: usize) -> bool {
        p <= OUR_BAR && self.held(p) >= 2
    }

    #[inline]
    fn may_hit(&self, p: usize) -> bool {
        p <= OUR_BAR && self.held(p) == 1
    }

    /// [`Position::check_step`] of the board it stands for.
    #[inline(always)]
    fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep> {
        if from == 0 || from > OUR_BAR || self.held(from) >= 0 {
            return Err(IllegalStep::NoChecker);
        }
        if from != OUR_BAR && self.held(OUR_BAR) < 0 {
            return Err(IllegalStep::MustEnterFirst);
        }
        let to = from as i32 - i32::from(die);
        if to >= 1 {
            if self.held(to as usize) >= 2 {
                return Err(IllegalStep::Blocked);
            }
            return Ok(());
        }
        super::step::bear_off_step(self.0.their_highest(), from, to)
    }

    #[inline]
    fn apply_step(&mut self, from: usize, die: u8) -> Step {
        let to = (from as i32 - i32::from(die)).max(0) as usize;
        self.move_checker(from, to, die)
    }

    /// [`Position::move_checker`] of the board it stands for.
    #[inline(always)]
    fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step {
        let points = &mut self.0.points;
        points[OUR_BAR - from] += 1;
        let mut hit = false;
        if to == 0 {
            self.0.their_off += 1;
        } else {
            // A blot of the opponent's (1 here) goes to his bar (our bar
            // index here) and the point becomes the mover's (-1).
            let landing = points[OUR_BAR - to];
            hit = landing == 1;
            points[OUR_BAR - to] = landing - 1 - i8::from(hit);
            points[OUR_BAR] += i8::from(hit);
        }
        Step {
            from: from as u8,
            to: to as u8,
            die,
            hit,
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.0.key()
    }
}

/// Mixes 32 bytes into a 64-bit key, 8 bytes at a time.
#[inline]
#[must_use]
pub fn mix_words(bytes: &[u8; 32]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for chunk in bytes.chunks_exact(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 29;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::{Board, Mirrored};
    use crate::position::{OUR_BAR, Position, Setup};

    /// Varied positions: checkers of both sides anywhere, the bars and
    /// bearing off included.
    fn positions() -> Vec<Position> {
        let mut seed = 0x3c6e_f372_fe94_f82bu64;
        let mut next = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        (0..3000)
            .map(|_| {
                let mut points = [0i8; 26];
                let home = next(3) == 0;
                for _ in 0..next(16) {
                    let p = if home {
                        1 + next(6) as usize
                    } else {
                        1 + next(25) as usize
                    };
                    points[p] += 1;
                }
                for _ in 0..next(16) {
                    let p = next(25) as usize;
                    if points[p] <= 0 {
                        points[p] -= 1;
                    }
                }
                Setup::from_board(points, 15)
                    .into_position(15)
                    .expect("at most 15 checkers a side")
            })
            .collect()
    }

    /// A mirrored board reads and plays as the flipped position does.
    #[test]
    fn a_mirrored_board_is_the_flipped_position() {
        for p in positions() {
            let (flipped, mirrored) = (p.flip(), Mirrored(p));
            assert_eq!(mirrored.on_bar(), flipped.on_bar());
            assert_eq!(mirrored.movable_points(), flipped.movable_points());
            assert_eq!(format!("{mirrored:?}"), format!("{flipped:?}"));
            for q in 0..=OUR_BAR + 1 {
                assert_eq!(mirrored.movable(q), flipped.movable(q), "{flipped:?} {q}");
                assert_eq!(mirrored.closed(q), flipped.closed(q), "{flipped:?} {q}");
                assert_eq!(mirrored.may_hit(q), flipped.may_hit(q), "{flipped:?} {q}");
            }
            for from in 0..=OUR_BAR + 1 {
                for die in 1..=6 {
                    let verdict = Board::check_step(&flipped, from, die);
                    assert_eq!(
                        mirrored.check_step(from, die),
                        verdict,
                        "{flipped:?} {from} {die}"
                    );
                    if verdict.is_ok() {
                        let (mut a, mut b) = (flipped, mirrored);
                        assert_eq!(b.apply_step(from, die), a.apply_step(from, die));
                        assert_eq!(b.0.flip(), a, "{flipped:?} {from} {die}");
                    }
                }
            }
        }
    }
}
