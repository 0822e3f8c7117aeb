//! A position as a person types it: a GNU Backgammon position ID (with or
//! without its match ID after a colon) or an XGID, and the dice to play,
//! given apart or taken from the ID.
//!
//! ```
//! use bgaudit_core::ids::input::position_and_roll;
//!
//! let (position, roll) = position_and_roll("4HPwATDgc/ABMA", Some("3-1")).unwrap();
//! assert_eq!(roll.to_string(), "31");
//! assert_eq!(bgaudit_core::ids::position_id(&position), "4HPwATDgc/ABMA");
//! assert!(position_and_roll("4HPwATDgc/ABMA", None).is_err());
//! ```

use crate::dice::Roll;
use crate::position::Position;

use super::gnubg::{MatchId, MatchIdError, PositionIdError, parse_position_id};
use super::xgid::{Xgid, XgidDice, XgidError};

/// Why a typed position or its dice cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionInputError {
    /// The text looks like an XGID and is not a valid one.
    #[error("invalid XGID `{text}`: {error}")]
    Xgid {
        /// The text as given (trimmed).
        text: String,
        /// What is wrong.
        error: XgidError,
    },
    /// Not a valid position ID.
    #[error("invalid position ID `{text}`: {error}")]
    PositionId {
        /// The position ID part of the text.
        text: String,
        /// What is wrong.
        error: PositionIdError,
    },
    /// The part after the colon is not a valid match ID.
    #[error("invalid match ID `{text}`: {error}")]
    MatchId {
        /// The match ID part of the text.
        text: String,
        /// What is wrong.
        error: MatchIdError,
    },
    /// A player has borne off every checker.
    #[error("`{0}` is a finished game: a player has no checker left on the board")]
    Finished(String),
    /// The dice do not read as a roll.
    #[error(transparent)]
    Dice(#[from] crate::dice::ParseRollError),
    /// The dice given differ from the roll the ID holds.
    #[error("the dice {given} differ from the roll {rolled} in `{text}`")]
    DiceDiffer {
        /// The dice given.
        given: Roll,
        /// The roll in the ID.
        rolled: Roll,
        /// The position as given (trimmed).
        text: String,
    },
    /// Neither dice nor an ID that holds a roll.
    #[error(
        "no dice: give them after the position (e.g. `31`), or a match ID or XGID that holds the roll"
    )]
    NoDice,
}

/// A position ID (optionally followed by `:MatchID`) or an XGID, from the
/// side of the player on roll, with the roll the ID holds if any.
///
/// # Errors
/// The field that does not read, or a finished game.
pub fn parse_position(text: &str) -> Result<(Position, Option<Roll>), PositionInputError> {
    let text = text.trim();
    let (position, rolled) = if text.starts_with("XGID=") || text.matches(':').count() >= 9 {
        let invalid = |error| PositionInputError::Xgid {
            text: text.to_owned(),
            error,
        };
        let xgid: Xgid = text.parse().map_err(invalid)?;
        let position = xgid.position().map_err(invalid)?;
        let rolled = match xgid.dice {
            XgidDice::Rolled(roll) => Some(roll),
            XgidDice::NotRolled | XgidDice::Doubled => None,
        };
        (position, rolled)
    } else {
        let (id, match_id) = match text.split_once(':') {
            Some((id, match_id)) => (id, Some(match_id)),
            None => (text, None),
        };
        let position =
            parse_position_id(id, 15).map_err(|error| PositionInputError::PositionId {
                text: id.to_owned(),
                error,
            })?;
        let rolled = match match_id {
            Some(match_id) => {
                let parsed: MatchId =
                    match_id
                        .parse()
                        .map_err(|error| PositionInputError::MatchId {
                            text: match_id.to_owned(),
                            error,
                        })?;
                parsed.dice
            }
            None => None,
        };
        (position, rolled)
    };
    if position.our_off() >= 15 || position.their_off() >= 15 {
        return Err(PositionInputError::Finished(text.to_owned()));
    }
    Ok((position, rolled))
}

/// The position of `text` ([`parse_position`]) and the roll to play: the
/// `dice` given (in either order), else the roll the ID holds.
///
/// # Errors
/// As [`parse_position`]; dice that do not read, that differ from the
/// ID's roll, or no roll at all.
pub fn position_and_roll(
    text: &str,
    dice: Option<&str>,
) -> Result<(Position, Roll), PositionInputError> {
    let (position, rolled) = parse_position(text)?;
    let roll = match (dice, rolled) {
        (Some(dice), rolled) => {
            let roll: Roll = dice.parse()?;
            if let Some(rolled) = rolled.filter(|r| r.normalized() != roll.normalized()) {
                return Err(PositionInputError::DiceDiffer {
                    given: roll,
                    rolled,
                    text: text.trim().to_owned(),
                });
            }
            roll
        }
        (None, Some(rolled)) => rolled,
        (None, None) => return Err(PositionInputError::NoDice),
    };
    Ok((position, roll))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::position_id;

    #[test]
    fn an_id_with_a_match_id_and_an_xgid_give_the_same_position() {
        let (a, rolled) = parse_position("4HPwATDgc/ABMA:cAkAAAAAAAAA").unwrap();
        assert_eq!(rolled, None);
        let (b, _) = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap();
        assert_eq!(position_id(&a), position_id(&b));
    }

    #[test]
    fn the_roll_comes_from_the_dice_or_the_id() {
        const XGID: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10";
        let (_, roll) = position_and_roll(XGID, None).unwrap();
        assert_eq!(roll.to_string(), "52");
        let given = position_and_roll(XGID, Some("25")).unwrap().1;
        assert_eq!(given.normalized(), roll.normalized());
        assert!(matches!(
            position_and_roll(XGID, Some("31")),
            Err(PositionInputError::DiceDiffer { .. })
        ));
        assert_eq!(
            position_and_roll("4HPwATDgc/ABMA", None).unwrap_err(),
            PositionInputError::NoDice
        );
    }

    #[test]
    fn every_error_names_what_is_wrong() {
        for (text, dice, says) in [
            ("4HPw", Some("31"), "invalid position ID `4HPw`"),
            ("4HPwATDgc/ABMA", Some("71"), "invalid"),
            ("4HPwATDgc/ABMA:zzz", Some("31"), "invalid match ID `zzz`"),
            ("AAAAAAAAAAAAAA", Some("31"), "finished game"),
            ("XGID=nonsense", None, "invalid XGID"),
        ] {
            let error = position_and_roll(text, dice).unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
