//! GNU Backgammon position ID.
//!
//! The position ID packs 80 bits: for the player *not* on roll first, then for
//! the player on roll, 25 slots (points 1..24 from that player's side, then
//! his bar), each written as one `1` bit per checker followed by a `0` bit.
//! The bits are packed least significant first into 10 bytes and written as
//! 14 characters of Base64 without padding.

use crate::position::{OUR_BAR, Position, PositionError, Setup, THEIR_BAR};

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a text is not a position ID.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionIdError {
    /// Not 14 characters.
    #[error("a position ID has 14 characters, found {0}")]
    Length(usize),
    /// A character outside Base64.
    #[error("character `{ch}` at {at} is not Base64")]
    Character {
        /// The character.
        ch: char,
        /// Its 0-based index.
        at: usize,
    },
    /// The bits describe more than 15 checkers for a side or run past 80 bits.
    #[error("the ID describes more than 15 checkers for a side")]
    TooManyCheckers,
    /// Both sides have checkers on one point (our numbering).
    #[error("both sides have checkers on point {0}")]
    SharedPoint(u8),
    /// The position is not valid for the checker count asked for.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The 10-byte key of `position`, from the side of the player on roll (us).
#[must_use]
pub fn position_key(position: &Position) -> [u8; 10] {
    let points = position.points();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    // Them first: their point p is our index 25 - p; their bar is our index 0.
    let theirs = (1..=24)
        .map(|p| (-points[25 - p]).max(0))
        .chain([(-points[THEIR_BAR]).max(0)]);
    let ours = (1..=24)
        .map(|p| points[p].max(0))
        .chain([points[OUR_BAR].max(0)]);
    for count in theirs.chain(ours) {
        for _ in 0..count {
            if let Some(byte) = key.get_mut(bit / 8) {
                *byte |= 1 << (bit % 8);
            }
            bit += 1;
        }
        bit += 1;
    }
    key
}

/// The position ID of `position`, with us as the player on roll.
#[must_use]
pub fn position_id(position: &Position) -> String {
    let key = position_key(position);
    let mut out = String::with_capacity(14);
    // gnubg writes each 3-byte block of the key as 4 characters, most
    // significant bits first; the last block (1 byte) as 2 characters.
    for chunk in key.chunks(3) {
        let b0 = u32::from(chunk[0]);
        let b1 = chunk.get(1).map_or(0, |&b| u32::from(b));
        let b2 = chunk.get(2).map_or(0, |&b| u32::from(b));
        let n = (b0 << 16) | (b1 << 8) | b2;
        let chars = match chunk.len() {
            3 => 4,
            2 => 3,
            _ => 2,
        };
        for i in 0..chars {
            out.push(BASE64[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn base64_value(ch: u8) -> Option<u8> {
    BASE64.iter().position(|&c| c == ch).map(|i| i as u8)
}

/// Decodes a position ID into a board in the frame of the player on roll
/// (see [`crate::position`]). Borne-off counts are not in the ID.
///
/// # Errors
/// [`PositionIdError`] for a wrong length, a non-Base64 character, or bits
/// that describe more than 15 checkers a side.
pub fn decode_position_id(id: &str) -> Result<[i8; 26], PositionIdError> {
    let id = id.trim();
    if id.chars().count() != 14 {
        return Err(PositionIdError::Length(id.chars().count()));
    }
    let mut key = [0u8; 10];
    let bytes = id.as_bytes();
    for (block, chunk) in bytes.chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &ch) in chunk.iter().enumerate() {
            let v = base64_value(ch).ok_or(PositionIdError::Character {
                ch: ch as char,
                at: block * 4 + i,
            })?;
            n |= u32::from(v) << (18 - 6 * i);
        }
        for i in 0..3 {
            if let Some(byte) = key.get_mut(block * 3 + i) {
                *byte = ((n >> (16 - 8 * i)) & 0xff) as u8;
            }
        }
    }
    let mut slots = [0u8; 50];
    let mut slot = 0usize;
    for bit in 0..80 {
        if slot >= 50 {
            break;
        }
        if key[bit / 8] & (1 << (bit % 8)) != 0 {
            slots[slot] += 1;
        } else {
            slot += 1;
        }
    }
    if slots[..25].iter().map(|&c| u32::from(c)).sum::<u32>() > 15
        || slots[25..].iter().map(|&c| u32::from(c)).sum::<u32>() > 15
    {
        return Err(PositionIdError::TooManyCheckers);
    }
    let mut points = [0i8; 26];
    for p in 1..=24 {
        points[25 - p] -= slots[p - 1] as i8;
        points[p] += slots[25 + p - 1] as i8;
    }
    points[THEIR_BAR] -= slots[24] as i8;
    points[OUR_BAR] += slots[49] as i8;
    for p in 1..=24 {
        if slots[p - 1] > 0 && slots[25 + (25 - p) - 1] > 0 {
            return Err(PositionIdError::SharedPoint(p as u8));
        }
    }
    Ok(points)
}

/// Decodes a position ID into a [`Position`] with `checkers` per side, the
/// missing ones borne off.
///
/// # Errors
/// See [`decode_position_id`]; also a board with more than `checkers` a side.
pub fn parse_position_id(id: &str, checkers: u8) -> Result<Position, PositionIdError> {
    let points = decode_position_id(id)?;
    Ok(Setup::from_board(points, checkers).into_position(checkers)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Variant;

    #[test]
    fn starting_position_id() {
        let start = Position::starting(Variant::Backgammon);
        assert_eq!(position_id(&start), "4HPwATDgc/ABMA");
        assert_eq!(parse_position_id("4HPwATDgc/ABMA", 15), Ok(start));
    }

    #[test]
    fn round_trips_an_oracle_position() {
        for id in ["++4AADB27wEAAA", "++4BAASwbVsCAg", "+H0AAPDnVgAAAA"] {
            let p = parse_position_id(id, 15).unwrap();
            assert_eq!(position_id(&p), id);
        }
    }

    #[test]
    fn bad_ids_say_why() {
        assert_eq!(
            parse_position_id("4HPw", 15),
            Err(PositionIdError::Length(4))
        );
        assert!(matches!(
            parse_position_id("4HPwATDgc/AB!A", 15),
            Err(PositionIdError::Character { ch: '!', at: 12 })
        ));
        assert_eq!(
            parse_position_id("//////////////", 15),
            Err(PositionIdError::TooManyCheckers)
        );
    }
}
