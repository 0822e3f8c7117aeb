//! The doubling cube: who may double, take, drop, beaver and raccoon.

use crate::side::Side;

/// The cube rules in force for a match or session.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CubeRules {
    /// The cube is used at all.
    pub enabled: bool,
    /// The highest value the cube may reach (`None` = no limit).
    pub limit: Option<u32>,
    /// Beavers allowed (money play only).
    pub beavers: bool,
    /// Raccoons allowed (money play only, with beavers).
    pub raccoons: bool,
}

impl Default for CubeRules {
    fn default() -> Self {
        CubeRules {
            enabled: true,
            limit: None,
            beavers: false,
            raccoons: false,
        }
    }
}

/// The cube's state during a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// Current value (1, 2, 4, ...).
    pub value: u32,
    /// Owner; `None` = centred.
    pub owner: Option<Side>,
}

impl Default for Cube {
    fn default() -> Self {
        Cube {
            value: 1,
            owner: None,
        }
    }
}

/// Why a double is not allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DoubleError {
    /// The cube is not in use.
    Disabled,
    /// Doubling would take the cube above its limit.
    AtLimit,
    /// The opponent owns the cube.
    NotOwner,
    /// This is the Crawford game.
    Crawford,
}

impl Cube {
    /// A centred cube of `value`.
    #[must_use]
    pub const fn centred(value: u32) -> Cube {
        Cube { value, owner: None }
    }

    /// Whether `doubler` may offer a double now, at the start of his turn,
    /// before rolling (turn order is the caller's business).
    ///
    /// # Errors
    /// The [`DoubleError`] that forbids it; the Crawford game first, then the
    /// cube being off or at its limit, then ownership.
    pub fn may_double(
        &self,
        doubler: Side,
        rules: &CubeRules,
        crawford_game: bool,
    ) -> Result<(), DoubleError> {
        if crawford_game {
            return Err(DoubleError::Crawford);
        }
        if !rules.enabled {
            return Err(DoubleError::Disabled);
        }
        if rules
            .limit
            .is_some_and(|limit| self.value.saturating_mul(2) > limit)
        {
            return Err(DoubleError::AtLimit);
        }
        if self.owner.is_some_and(|owner| owner != doubler) {
            return Err(DoubleError::NotOwner);
        }
        Ok(())
    }

    /// The value a double offers.
    #[must_use]
    pub const fn offered(&self) -> u32 {
        self.value.saturating_mul(2)
    }

    /// A take of a double to `value`: the taker owns the cube.
    pub fn take(&mut self, taker: Side, value: u32) {
        self.value = value;
        self.owner = Some(taker);
    }
}

/// Whether a double by a player who needs `needed` points is pointless: the
/// cube already covers them (match play only; `needed == 0` for money).
#[must_use]
pub const fn is_dead(cube: u32, needed: u32) -> bool {
    needed > 0 && cube >= needed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_centred_cube_may_be_doubled_by_either_player() {
        let cube = Cube::default();
        let rules = CubeRules::default();
        assert_eq!(cube.may_double(Side::First, &rules, false), Ok(()));
        assert_eq!(cube.may_double(Side::Second, &rules, false), Ok(()));
    }

    #[test]
    fn only_the_owner_may_redouble() {
        let mut cube = Cube::default();
        cube.take(Side::Second, 2);
        let rules = CubeRules::default();
        assert_eq!(
            cube.may_double(Side::First, &rules, false),
            Err(DoubleError::NotOwner)
        );
        assert_eq!(cube.may_double(Side::Second, &rules, false), Ok(()));
    }

    #[test]
    fn no_double_in_the_crawford_game_nor_with_the_cube_off_or_at_its_limit() {
        let cube = Cube::centred(1);
        let rules = CubeRules::default();
        assert_eq!(
            cube.may_double(Side::First, &rules, true),
            Err(DoubleError::Crawford)
        );
        let off = CubeRules {
            enabled: false,
            ..rules
        };
        assert_eq!(
            cube.may_double(Side::First, &off, false),
            Err(DoubleError::Disabled)
        );
        let limited = CubeRules {
            limit: Some(4),
            ..rules
        };
        assert_eq!(
            Cube::centred(4).may_double(Side::First, &limited, false),
            Err(DoubleError::AtLimit)
        );
        assert_eq!(
            Cube::centred(2).may_double(Side::First, &limited, false),
            Ok(())
        );
    }

    #[test]
    fn a_cube_covering_what_the_doubler_needs_is_dead() {
        assert!(is_dead(2, 2));
        assert!(!is_dead(2, 3));
        assert!(!is_dead(64, 0), "money play: never dead");
    }
}
