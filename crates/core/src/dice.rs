//! Dice and rolls.

use std::fmt;

/// One die, 1 to 6 by construction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die(u8);

impl Die {
    /// A die showing `pips`, or `None` outside 1..=6.
    #[must_use]
    pub const fn new(pips: u8) -> Option<Die> {
        if pips >= 1 && pips <= 6 {
            Some(Die(pips))
        } else {
            None
        }
    }

    /// The number of pips, 1..=6.
    #[must_use]
    pub const fn pips(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A roll of two dice, in the order written (`31` and `13` are the same roll
/// for the rules but are kept as written for reports).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The die written first.
    pub first: Die,
    /// The die written second.
    pub second: Die,
}

impl Roll {
    /// A roll from two pip counts, `None` if either is outside 1..=6.
    #[must_use]
    pub const fn new(first: u8, second: u8) -> Option<Roll> {
        match (Die::new(first), Die::new(second)) {
            (Some(first), Some(second)) => Some(Roll { first, second }),
            _ => None,
        }
    }

    /// Both dice equal: the roll gives four steps.
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.first.0 == self.second.0
    }

    /// The larger die.
    #[must_use]
    pub fn high(self) -> Die {
        self.first.max(self.second)
    }

    /// The smaller die.
    #[must_use]
    pub fn low(self) -> Die {
        self.first.min(self.second)
    }

    /// The same roll with the larger die first (the order of the oracle files).
    #[must_use]
    pub fn normalized(self) -> Roll {
        Roll {
            first: self.high(),
            second: self.low(),
        }
    }

    /// How many steps the roll gives: 4 for a double, else 2.
    #[must_use]
    pub const fn steps(self) -> usize {
        if self.is_double() { 4 } else { 2 }
    }

    /// The 21 distinct rolls, larger die first: 11, 21, 22, 31, ... 66.
    pub fn all() -> impl Iterator<Item = Roll> {
        (1..=6u8).flat_map(|high| (1..=high).filter_map(move |low| Roll::new(high, low)))
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.first.0, self.second.0)
    }
}

/// Error for [`Roll`]'s `FromStr`: the text is not two digits 1..6.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid dice `{0}`: expected two digits from 1 to 6, like `31` or `3-1`")]
pub struct ParseRollError(pub String);

impl std::str::FromStr for Roll {
    type Err = ParseRollError;
    fn from_str(s: &str) -> Result<Roll, ParseRollError> {
        let digits: Vec<u8> = s
            .trim()
            .bytes()
            .filter(|b| !matches!(b, b'-' | b' ' | b','))
            .collect();
        match digits.as_slice() {
            [a @ b'0'..=b'9', b @ b'0'..=b'9'] => Roll::new(a - b'0', b - b'0'),
            _ => None,
        }
        .ok_or_else(|| ParseRollError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_21_distinct_rolls() {
        let rolls: Vec<Roll> = Roll::all().collect();
        assert_eq!(rolls.len(), 21);
        assert_eq!(rolls.iter().filter(|r| r.is_double()).count(), 6);
    }

    #[test]
    fn dice_outside_one_to_six_are_unrepresentable() {
        assert!(Die::new(0).is_none());
        assert!(Die::new(7).is_none());
        assert!("71".parse::<Roll>().is_err());
        assert_eq!(
            "3-1".parse::<Roll>().map(|r| r.to_string()),
            Ok("31".into())
        );
    }
}
