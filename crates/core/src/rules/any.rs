//! A board of any variant the tool replays, so that one replayer, generator
//! and judge serve them all.

use std::fmt;

use super::board::Board;
use super::plakoto::PlakotoPosition;
use super::step::{IllegalStep, Step};
use crate::position::Position;

/// A position of a backgammon-family game or of Plakoto, from the mover's side.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum AnyBoard {
    /// Backgammon, Nackgammon, Hypergammon.
    Backgammon(Position),
    /// Greek Plakoto (pinning instead of hitting).
    Plakoto(PlakotoPosition),
}

impl AnyBoard {
    /// The same board seen from the other side.
    #[must_use]
    pub fn flip(&self) -> AnyBoard {
        match self {
            AnyBoard::Backgammon(p) => AnyBoard::Backgammon(p.flip()),
            AnyBoard::Plakoto(p) => AnyBoard::Plakoto(p.flip()),
        }
    }

    /// The backgammon position, when it is one (position IDs and boards
    /// in reports exist only for those).
    #[must_use]
    pub fn backgammon(&self) -> Option<Position> {
        match self {
            AnyBoard::Backgammon(p) => Some(*p),
            AnyBoard::Plakoto(_) => None,
        }
    }

    /// True when the mover has borne off every checker.
    #[must_use]
    pub fn we_are_off(&self) -> bool {
        match self {
            AnyBoard::Backgammon(p) => p.we_are_off(),
            AnyBoard::Plakoto(p) => p.we_are_off(),
        }
    }

    /// The mover's pip count.
    #[must_use]
    pub fn our_pips(&self) -> u32 {
        match self {
            AnyBoard::Backgammon(p) => p.our_pips(),
            AnyBoard::Plakoto(p) => p.our_pips(),
        }
    }
}

impl fmt::Debug for AnyBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyBoard::Backgammon(p) => p.fmt(f),
            AnyBoard::Plakoto(p) => p.fmt(f),
        }
    }
}

impl Board for AnyBoard {
    #[inline]
    fn movable(&self, p: usize) -> bool {
        match self {
            AnyBoard::Backgammon(b) => b.movable(p),
            AnyBoard::Plakoto(b) => b.movable(p),
        }
    }

    #[inline]
    fn on_bar(&self) -> bool {
        match self {
            AnyBoard::Backgammon(b) => b.on_bar(),
            AnyBoard::Plakoto(b) => b.on_bar(),
        }
    }

    #[inline]
    fn closed(&self, p: usize) -> bool {
        match self {
            AnyBoard::Backgammon(b) => b.closed(p),
            AnyBoard::Plakoto(b) => b.closed(p),
        }
    }

    #[inline]
    fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep> {
        match self {
            AnyBoard::Backgammon(b) => b.check_step(from, die),
            AnyBoard::Plakoto(b) => Board::check_step(b, from, die),
        }
    }

    #[inline]
    fn apply_step(&mut self, from: usize, die: u8) -> Step {
        match self {
            AnyBoard::Backgammon(b) => b.apply_step(from, die),
            AnyBoard::Plakoto(b) => Board::apply_step(b, from, die),
        }
    }

    #[inline]
    fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step {
        match self {
            AnyBoard::Backgammon(b) => b.move_checker(from, to, die),
            AnyBoard::Plakoto(b) => Board::move_checker(b, from, to, die),
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        match self {
            AnyBoard::Backgammon(b) => b.key(),
            AnyBoard::Plakoto(b) => b.key() ^ 0x5bd1_e995,
        }
    }
}
