//! How a game ends and what it is worth.

use crate::position::{Position, THEIR_BAR};

/// The kind of win, by what the loser has left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinKind {
    /// The loser has borne off at least one checker.
    Single,
    /// The loser has borne off none.
    Gammon,
    /// The loser has borne off none and has a checker on the bar or in the
    /// winner's home board.
    Backgammon,
}

impl WinKind {
    /// 1, 2 or 3.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }

    /// `single`, `gammon` or `backgammon`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::Single => "single",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        }
    }

    /// The kind for a resignation level 1..=3.
    #[must_use]
    pub const fn from_level(level: u8) -> Option<WinKind> {
        match level {
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            3 => Some(WinKind::Backgammon),
            _ => None,
        }
    }
}

/// The kind of win for the player whose side `position` is seen from, who
/// has just borne off his last checker.
#[must_use]
pub fn win_kind(position: &Position) -> WinKind {
    if position.their_off() > 0 {
        return WinKind::Single;
    }
    let in_our_home = (1..=6).any(|p| position.theirs(p) > 0);
    if in_our_home || position.theirs(THEIR_BAR) > 0 {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

/// Scoring options that change what a win is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// Money play with the Jacoby rule: gammons and backgammons count single
    /// while the cube was never turned.
    pub jacoby: bool,
    /// What a backgammon counts (3 normally; 2 under an old club rule).
    pub backgammon_value: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            jacoby: false,
            backgammon_value: 3,
        }
    }
}

/// Points for a win of `kind` at cube `value`; `cube_turned` tells whether a
/// double was taken in the game (for Jacoby).
#[must_use]
pub fn points(kind: WinKind, cube: u32, cube_turned: bool, scoring: &Scoring) -> u32 {
    let multiplier = match kind {
        _ if scoring.jacoby && !cube_turned => 1,
        WinKind::Backgammon => scoring.backgammon_value,
        other => other.multiplier(),
    };
    cube.saturating_mul(multiplier)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    #[test]
    fn a_loser_with_a_checker_off_loses_a_single_game() {
        let p = pos!(us ; them 20:14);
        assert_eq!(win_kind(&p), WinKind::Single);
    }

    #[test]
    fn a_loser_with_none_off_is_gammoned() {
        let p = pos!(us ; them 20:15);
        assert_eq!(win_kind(&p), WinKind::Gammon);
    }

    #[test]
    fn a_loser_still_in_the_winners_home_or_on_the_bar_is_backgammoned() {
        assert_eq!(win_kind(&pos!(us ; them 20:14, 3:1)), WinKind::Backgammon);
        assert_eq!(win_kind(&pos!(us ; them 20:14, 0:1)), WinKind::Backgammon);
    }

    #[test]
    fn points_follow_the_cube_and_the_options() {
        let s = Scoring::default();
        assert_eq!(points(WinKind::Gammon, 4, true, &s), 8);
        let jacoby = Scoring { jacoby: true, ..s };
        assert_eq!(points(WinKind::Gammon, 1, false, &jacoby), 1);
        assert_eq!(points(WinKind::Gammon, 2, true, &jacoby), 4);
        let club = Scoring {
            backgammon_value: 2,
            ..s
        };
        assert_eq!(points(WinKind::Backgammon, 2, true, &club), 4);
    }
}
