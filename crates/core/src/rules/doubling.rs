//! Judging a double, beaver or raccoon by the rules alone: whether the
//! player may double at all (the Crawford game, a cube out of use or at its
//! limit, the owner: [`Cube::may_double`]), whether the value written is
//! right, whether the double gains anything, whether a beaver may be
//! played. Turn order is the replay's business; it records the verdicts.

use super::cube::{Cube, CubeRules, DoubleError, is_dead};
use crate::side::Side;

/// The verdict on a double offered at the start of the doubler's turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DoubleVerdict {
    /// Why the rules forbid the double, if they do.
    pub refused: Option<DoubleError>,
    /// The value written (`Doubles => N`) when it is not twice the cube.
    pub wrong_value: Option<u32>,
    /// The cube already covers what the doubler needs to win the match:
    /// legal, but pointless.
    pub dead: bool,
}

/// Judges a double by `doubler` of `cube` under `rules`, in the Crawford
/// game or not, written as `written` (if a value is written), by a player
/// who needs `needed` points (0 in money play).
#[must_use]
pub fn judge_double(
    cube: &Cube,
    doubler: Side,
    rules: &CubeRules,
    crawford_game: bool,
    written: Option<u32>,
    needed: u32,
) -> DoubleVerdict {
    DoubleVerdict {
        refused: cube.may_double(doubler, rules, crawford_game).err(),
        wrong_value: written.filter(|&n| n != cube.offered()),
        dead: is_dead(cube.value, needed) && !crawford_game,
    }
}

/// Whether beavers and raccoons may be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Beavers {
    /// In match play, only under the old club rule that allows them.
    MatchPlay {
        /// The club rule is in force.
        club_rule: bool,
    },
    /// In money play, as the session's rules say.
    Money {
        /// Allowed.
        allowed: bool,
        /// The rules state it (else it was assumed).
        stated: bool,
    },
}

/// Why a beaver or raccoon is not allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BeaverRefusal {
    /// Match play, where they are not part of the rules.
    MatchPlay,
    /// Money play whose rules exclude them.
    Excluded,
    /// More redoubles in one chain than the rules allow (this many).
    TooMany(u8),
}

/// Where a beaver or raccoon stands in its chain of redoubles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// 1 for the beaver answering the double, 2 for the raccoon answering
    /// it, and so on.
    pub number: u8,
    /// How many links one double may have (GNU Backgammon's `set beavers
    /// N`; 3 by default).
    pub most: u8,
}

/// The verdict on a beaver or raccoon answering an offer to `offered`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BeaverVerdict {
    /// The value of the cube it makes (twice the offer).
    pub value: u32,
    /// Why it is not allowed, if it is not.
    pub refused: Option<BeaverRefusal>,
    /// The rules do not say whether beavers are allowed and one was played:
    /// they are taken as allowed.
    pub assumed_allowed: bool,
    /// The cube limit it goes above.
    pub above_limit: Option<u32>,
    /// The value written (`Beavers => N`) when it is not `value`.
    pub wrong_value: Option<u32>,
}

/// Judges a beaver (or raccoon), link `link` of its chain, answering an
/// offer to `offered` under `beavers`, with the cube limit `limit`, written
/// as `written`.
#[must_use]
pub fn judge_beaver(
    offered: u32,
    beavers: Beavers,
    limit: Option<u32>,
    written: Option<u32>,
    link: Link,
) -> BeaverVerdict {
    let value = offered.saturating_mul(2);
    let (refused, assumed_allowed) = match beavers {
        Beavers::MatchPlay { club_rule: false } => (Some(BeaverRefusal::MatchPlay), false),
        Beavers::Money {
            allowed: false,
            stated: false,
        } => (None, true),
        Beavers::Money {
            allowed: false,
            stated: true,
        } => (Some(BeaverRefusal::Excluded), false),
        Beavers::MatchPlay { club_rule: true } | Beavers::Money { allowed: true, .. } => {
            (None, false)
        }
    };
    let refused =
        refused.or((link.number > link.most).then_some(BeaverRefusal::TooMany(link.most)));
    BeaverVerdict {
        value,
        refused,
        assumed_allowed,
        above_limit: limit.filter(|&limit| value > limit),
        wrong_value: written.filter(|&n| n != value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_in_the_crawford_game_is_refused_and_never_dead() {
        let verdict = judge_double(
            &Cube::centred(1),
            Side::First,
            &CubeRules::default(),
            true,
            Some(2),
            1,
        );
        assert_eq!(verdict.refused, Some(DoubleError::Crawford));
        assert_eq!(verdict.wrong_value, None);
        assert!(!verdict.dead);
        let dead = judge_double(
            &Cube::centred(2),
            Side::First,
            &CubeRules::default(),
            false,
            Some(8),
            2,
        );
        assert_eq!(dead.refused, None);
        assert_eq!(dead.wrong_value, Some(8));
        assert!(dead.dead);
    }

    const FIRST: Link = Link { number: 1, most: 3 };

    #[test]
    fn a_chain_may_have_as_many_links_as_the_rules_allow() {
        let allowed = Beavers::Money {
            allowed: true,
            stated: true,
        };
        let third = judge_beaver(8, allowed, None, Some(16), Link { number: 3, most: 3 });
        assert_eq!(
            (third.refused, third.value, third.wrong_value),
            (None, 16, None)
        );
        let fourth = judge_beaver(16, allowed, None, Some(32), Link { number: 4, most: 3 });
        assert_eq!(fourth.refused, Some(BeaverRefusal::TooMany(3)));
        let second = judge_beaver(4, allowed, None, None, Link { number: 2, most: 1 });
        assert_eq!(second.refused, Some(BeaverRefusal::TooMany(1)));
    }

    #[test]
    fn beavers_follow_match_play_and_the_money_rules() {
        let in_match = judge_beaver(
            2,
            Beavers::MatchPlay { club_rule: false },
            None,
            Some(4),
            FIRST,
        );
        assert_eq!(in_match.refused, Some(BeaverRefusal::MatchPlay));
        assert_eq!((in_match.value, in_match.wrong_value), (4, None));
        let unstated = Beavers::Money {
            allowed: false,
            stated: false,
        };
        let assumed = judge_beaver(2, unstated, Some(2), Some(8), FIRST);
        assert_eq!(assumed.refused, None);
        assert!(assumed.assumed_allowed);
        assert_eq!(assumed.above_limit, Some(2));
        assert_eq!(assumed.wrong_value, Some(8));
        let excluded = Beavers::Money {
            allowed: false,
            stated: true,
        };
        assert_eq!(
            judge_beaver(2, excluded, None, None, FIRST).refused,
            Some(BeaverRefusal::Excluded)
        );
    }
}
