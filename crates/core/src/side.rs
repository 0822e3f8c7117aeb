//! The two players of a game and per-player storage.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table.
///
/// `First` is the left column of a `.mat` transcript, GNU Backgammon's player 0
/// and SGF `W`; `Second` is the right column, player 1 and SGF `B`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Left column, player 0, SGF `W`.
    First,
    /// Right column, player 1, SGF `B`.
    Second,
}

impl Side {
    /// Both sides, `First` then `Second`.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "first",
            Side::Second => "second",
        })
    }
}

/// One value per player, indexed by [`Side`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    /// The value for [`Side::First`].
    pub first: T,
    /// The value for [`Side::Second`].
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// Builds from the two values.
    pub const fn new(first: T, second: T) -> Self {
        ByPlayer { first, second }
    }
}

impl<T> Index<Side> for ByPlayer<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
}

impl<T> IndexMut<Side> for ByPlayer<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}
