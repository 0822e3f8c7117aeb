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
