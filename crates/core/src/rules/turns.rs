//! Turn order: when a turn missing from a record was a dance nobody wrote.
//!
//! A player on the bar against a strong board often cannot enter, and hand
//! transcriptions sometimes leave the dance out. How likely that was is a
//! matter of the board alone: how many of the 36 rolls dance.

use super::{AnyBoard, Board as _};

/// Of the 36 rolls, how many must dance (four points or more closed in front
/// of a checker on the bar) for a missing turn to be taken as a dance not
/// written rather than a broken record.
pub const OMITTED_DANCE: u32 = 16;

/// Of the 36 rolls, how many the player of `mover` (the board from his
/// side) could not enter with at all (a dance); `None` when he has no
/// checker on the bar.
#[must_use]
pub fn dancing_rolls(mover: &AnyBoard) -> Option<u32> {
    if !mover.on_bar() {
        return None;
    }
    let enters = |die: u8| mover.check_step(25, die).is_ok();
    let blocked = (1..=6u8).filter(|&d| !enters(d)).count() as u32;
    // Both dice must fail: blocked * blocked ordered rolls of 36.
    Some(blocked * blocked)
}

/// What a turn missing from the record most probably was.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MissingTurn {
    /// A dance not written: the player was on the bar where `dances` of the
    /// 36 rolls dance, at least [`OMITTED_DANCE`].
    OmittedDance {
        /// Rolls of 36 that dance.
        dances: u32,
    },
    /// A turn lost from the record; `dances` of the 36 rolls would have
    /// danced when the player was on the bar.
    Lost {
        /// Rolls of 36 that dance, when the player was on the bar.
        dances: Option<u32>,
    },
}

impl MissingTurn {
    /// The verdict on a missing turn whose player would have danced with
    /// `dances` of the 36 rolls (`None`: he was not on the bar).
    #[must_use]
    pub const fn judge(dances: Option<u32>) -> MissingTurn {
        match dances {
            Some(dances) if dances >= OMITTED_DANCE => MissingTurn::OmittedDance { dances },
            dances => MissingTurn::Lost { dances },
        }
    }
}

/// Whether every roll dances (a closed board): a missing turn of that player
/// was certainly a dance.
#[must_use]
pub const fn certain_dance(dances: Option<u32>) -> bool {
    matches!(dances, Some(36))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Position, Setup, Variant};

    #[test]
    fn a_closed_board_makes_every_roll_dance() {
        // One of ours on the bar, their six points closed in front of it.
        let mut points = [0i8; 26];
        points[25] = 1;
        points[13] = 14;
        points[19..=24].fill(-2);
        points[12] = -3;
        let position = Setup::from_board(points, 15)
            .into_position(15)
            .expect("a position");
        let dances = dancing_rolls(&AnyBoard::Backgammon(position));
        assert_eq!(dances, Some(36));
        assert!(certain_dance(dances));
        assert_eq!(
            MissingTurn::judge(dances),
            MissingTurn::OmittedDance { dances: 36 }
        );
        let start = AnyBoard::Backgammon(Position::starting(Variant::Backgammon));
        assert_eq!(dancing_rolls(&start), None);
        assert_eq!(
            MissingTurn::judge(Some(9)),
            MissingTurn::Lost { dances: Some(9) }
        );
    }
}
