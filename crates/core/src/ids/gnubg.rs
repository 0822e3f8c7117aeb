//! GNU Backgammon position ID and match ID, and the `PositionID:MatchID`
//! pair GNU Backgammon shows and accepts.
//!
//! The position ID packs 80 bits: for the player *not* on roll first, then for
//! the player on roll, 25 slots (points 1..24 from that player's side, then
//! his bar), each written as one `1` bit per checker followed by a `0` bit.
//! The bits are packed least significant first into 10 bytes and written as
//! 14 characters of Base64 without padding.
//!
//! The match ID packs the match state into 9 bytes, least significant bit
//! first (bit numbers from 0):
//!
//! | bits  | field                                                        |
//! |-------|--------------------------------------------------------------|
//! | 0-3   | log2 of the cube value                                       |
//! | 4-5   | cube owner: 0 = player 0, 1 = player 1, 3 = centred          |
//! | 6     | player on roll (or who rolled)                               |
//! | 7     | this is the Crawford game                                    |
//! | 8-10  | game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped |
//! | 11    | player whose turn it is to act (the taker after a double)    |
//! | 12    | a double is offered                                          |
//! | 13-14 | resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon|
//! | 15-17 | first die (0 = not rolled)                                   |
//! | 18-20 | second die                                                   |
//! | 21-35 | match length (0 = money)                                     |
//! | 36-50 | score of player 0                                            |
//! | 51-65 | score of player 1                                            |
//! | 66    | set when the Jacoby rule is *not* in use                     |
//!
//! The 9 bytes are written as 12 characters of Base64. Player 0 is
//! [`Side::First`], player 1 [`Side::Second`].
//!
//! Decoding never panics: every malformed text gives an error saying what is
//! wrong, and every text that decodes encodes back to the same text.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::dice::Roll;
use crate::position::{OUR_BAR, Position, PositionError, Setup, THEIR_BAR};
use crate::side::{ByPlayer, Side};

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The value of a Base64 character, `None` outside the alphabet.
const fn base64_value(ch: char) -> Option<u8> {
    match ch {
        'A'..='Z' => Some(ch as u8 - b'A'),
        'a'..='z' => Some(ch as u8 - b'a' + 26),
        '0'..='9' => Some(ch as u8 - b'0' + 52),
        '+' => Some(62),
        '/' => Some(63),
        _ => None,
    }
}

/// The Base64 character of the low 6 bits of `n`.
fn base64_char(n: u32) -> char {
    char::from(BASE64[(n & 63) as usize])
}

/// Writes `bytes` as gnubg does: each 3-byte block as 4 characters, most
/// significant bits first; a final 1-byte block as 2 characters.
fn write_base64(bytes: &[u8], out: &mut impl fmt::Write) -> fmt::Result {
    for chunk in bytes.chunks(3) {
        let byte = |i: usize| chunk.get(i).map_or(0, |&b| u32::from(b));
        let n = (byte(0) << 16) | (byte(1) << 8) | byte(2);
        for i in 0..=chunk.len() {
            out.write_char(base64_char(n >> (18 - 6 * i)))?;
        }
    }
    Ok(())
}

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
        /// Its 0-based index (in characters).
        at: usize,
    },
    /// The bits describe more than 15 checkers for a side.
    #[error("the ID describes more than 15 checkers for a side")]
    TooManyCheckers,
    /// Bits are set after the last of the 50 slots (in the key or in the
    /// unused low bits of the last character): no encoder writes them.
    #[error("the ID has bits set after the end of the position")]
    TrailingBits,
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
    let mut out = String::with_capacity(14);
    // Writing to a String cannot fail.
    let _ = write_base64(&position_key(position), &mut out);
    out
}

/// Decodes a position ID into a board in the frame of the player on roll
/// (see [`crate::position`]). Borne-off counts are not in the ID.
///
/// # Errors
/// [`PositionIdError`] for a wrong length, a non-Base64 character, bits
/// that describe more than 15 checkers a side or run past the 50 slots, or
/// checkers of both sides on one point.
pub fn decode_position_id(id: &str) -> Result<[i8; 26], PositionIdError> {
    let id = id.trim();
    let count = id.chars().count();
    if count != 14 {
        return Err(PositionIdError::Length(count));
    }
    // 14 characters of 6 bits: 84 bits, the key's 80 then 4 unused bits.
    let mut bits = 0u128;
    for (at, ch) in id.chars().enumerate() {
        let value = base64_value(ch).ok_or(PositionIdError::Character { ch, at })?;
        // The bytes are big-endian in the text; reassemble them that way,
        // then read them back least significant bit first below.
        bits = (bits << 6) | u128::from(value);
    }
    if bits & 0xf != 0 {
        return Err(PositionIdError::TrailingBits);
    }
    let big_endian = bits >> 4;
    let mut key = [0u8; 10];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = (big_endian >> (8 * (9 - i))) as u8;
    }
    let mut slots = [0u8; 50];
    let mut slot = 0usize;
    for bit in 0..80 {
        let set = key[bit / 8] & (1 << (bit % 8)) != 0;
        match slots.get_mut(slot) {
            Some(count) if set => *count += 1,
            Some(_) => slot += 1,
            None if set => return Err(PositionIdError::TrailingBits),
            None => {}
        }
    }
    if slots[..25].iter().map(|&c| u32::from(c)).sum::<u32>() > 15
        || slots[25..].iter().map(|&c| u32::from(c)).sum::<u32>() > 15
    {
        return Err(PositionIdError::TooManyCheckers);
    }
    for p in 1..=24 {
        if slots[p - 1] > 0 && slots[25 + (25 - p) - 1] > 0 {
            return Err(PositionIdError::SharedPoint((25 - p) as u8));
        }
    }
    let mut points = [0i8; 26];
    for p in 1..=24 {
        points[25 - p] -= slots[p - 1] as i8;
        points[p] += slots[25 + p - 1] as i8;
    }
    points[THEIR_BAR] -= slots[24] as i8;
    points[OUR_BAR] += slots[49] as i8;
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

/// What the game is doing, as the match ID records it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// No game started (0).
    NotStarted,
    /// A game is being played (1).
    Playing,
    /// The game is over (2).
    Over,
    /// The game ended by resignation (3).
    Resigned,
    /// The game ended by a dropped double (4).
    Dropped,
}

impl GameStatus {
    /// The 3-bit code in the match ID.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            GameStatus::NotStarted => 0,
            GameStatus::Playing => 1,
            GameStatus::Over => 2,
            GameStatus::Resigned => 3,
            GameStatus::Dropped => 4,
        }
    }

    /// The status of a code, `None` for 5 and above.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<GameStatus> {
        match code {
            0 => Some(GameStatus::NotStarted),
            1 => Some(GameStatus::Playing),
            2 => Some(GameStatus::Over),
            3 => Some(GameStatus::Resigned),
            4 => Some(GameStatus::Dropped),
            _ => None,
        }
    }
}

/// The size of a resignation on offer: the number of times the cube it gives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResignLevel {
    /// A single game (1).
    Single,
    /// A gammon (2).
    Gammon,
    /// A backgammon (3).
    Backgammon,
}

impl ResignLevel {
    /// 1, 2 or 3: the code in the match ID and the multiple of the cube.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            ResignLevel::Single => 1,
            ResignLevel::Gammon => 2,
            ResignLevel::Backgammon => 3,
        }
    }

    /// The level of a code; `None` for 0 (no resignation) or above 3.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<ResignLevel> {
        match code {
            1 => Some(ResignLevel::Single),
            2 => Some(ResignLevel::Gammon),
            3 => Some(ResignLevel::Backgammon),
            _ => None,
        }
    }
}

/// The largest value of the 15-bit fields (match length and scores).
pub const MAX_MATCH_VALUE: u16 = 0x7fff;

/// A GNU Backgammon match ID: the match state around a position.
///
/// A plain value: every field can be set freely. [`MatchId::validate`] says
/// whether the fields make sense and fit their bit widths; `Display` writes
/// whatever is held (each field cut to its width, as GNU Backgammon does),
/// and `FromStr` accepts exactly the texts whose fields pass
/// [`MatchId::validate`], so a valid value reads back unchanged.
///
/// ```
/// use bgaudit_core::ids::gnubg::MatchId;
/// let id: MatchId = "QYkqASAAIAAA".parse().unwrap();
/// assert_eq!(id.cube_value(), 2);
/// assert_eq!(id.length, 9);
/// assert_eq!(id.to_string(), "QYkqASAAIAAA");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// log2 of the cube value, 0..=15 (0 = cube at 1).
    pub cube_exponent: u8,
    /// The cube owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// The player on roll, or who has rolled (gnubg's `fMove`); the
    /// position ID that goes with this match ID is from this player's side.
    pub on_roll: Side,
    /// This game is the Crawford game.
    pub crawford: bool,
    /// What the game is doing.
    pub status: GameStatus,
    /// The player who must act now (gnubg's `fTurn`): the player on roll,
    /// or his opponent when a double or a resignation awaits an answer.
    pub turn: Side,
    /// A double is offered and not yet answered.
    pub doubled: bool,
    /// A resignation on offer, if any; it is offered by the opponent of
    /// [`MatchId::turn`].
    pub resigned: Option<ResignLevel>,
    /// The dice rolled, `None` before rolling. Written in the order held:
    /// GNU Backgammon 1.07 writes the larger die first, so hold
    /// [`Roll::normalized`] to get its exact text (it reads either order).
    pub dice: Option<Roll>,
    /// The match length, 0 for money play; at most [`MAX_MATCH_VALUE`].
    pub length: u16,
    /// The scores; at most the match length in a match.
    pub score: ByPlayer<u16>,
    /// The Jacoby rule is in use. The key stores its negation in bit 66, so
    /// IDs written before that bit existed read as Jacoby on. GNU Backgammon
    /// writes its Jacoby setting (on by default) in match play too, where
    /// the rule has no effect.
    pub jacoby: bool,
}

impl MatchId {
    /// The match ID at the start of a turn: cube 1 and centred, a game in
    /// progress, `on_roll` to act with the dice not yet rolled, no Crawford
    /// game, Jacoby on (GNU Backgammon's default, also written in matches).
    #[must_use]
    pub const fn new(length: u16, score: ByPlayer<u16>, on_roll: Side) -> MatchId {
        MatchId {
            cube_exponent: 0,
            cube_owner: None,
            on_roll,
            crawford: false,
            status: GameStatus::Playing,
            turn: on_roll,
            doubled: false,
            resigned: None,
            dice: None,
            length,
            score,
            jacoby: true,
        }
    }

    /// The cube value, 2 to the power [`MatchId::cube_exponent`] (saturating
    /// at `u32::MAX` for exponents of 32 and more).
    #[must_use]
    pub const fn cube_value(&self) -> u32 {
        match 1u32.checked_shl(self.cube_exponent as u32) {
            Some(value) => value,
            None => u32::MAX,
        }
    }

    /// Checks that the fields fit their bit widths and agree with each
    /// other as GNU Backgammon requires.
    ///
    /// # Errors
    /// [`MatchIdError::CubeExponent`], [`MatchIdError::TooLarge`],
    /// [`MatchIdError::ScoreAboveLength`] or
    /// [`MatchIdError::CrawfordInMoney`].
    pub fn validate(&self) -> Result<(), MatchIdError> {
        if self.cube_exponent > 15 {
            return Err(MatchIdError::CubeExponent(self.cube_exponent));
        }
        for (field, value) in [
            (MatchField::Length, self.length),
            (MatchField::Score(Side::First), self.score.first),
            (MatchField::Score(Side::Second), self.score.second),
        ] {
            if value > MAX_MATCH_VALUE {
                return Err(MatchIdError::TooLarge { field, value });
            }
        }
        if self.length == 0 {
            if self.crawford {
                return Err(MatchIdError::CrawfordInMoney);
            }
        } else {
            for side in Side::BOTH {
                if self.score[side] > self.length {
                    return Err(MatchIdError::ScoreAboveLength {
                        side,
                        score: self.score[side],
                        length: self.length,
                    });
                }
            }
        }
        Ok(())
    }

    /// The 9-byte key, each field cut to its bit width.
    #[must_use]
    pub fn key(&self) -> [u8; 9] {
        fn player(side: Side) -> u128 {
            side.index() as u128
        }
        let mut bits = 0u128;
        let mut put = |at: u32, width: u32, value: u128| {
            bits |= (value & ((1 << width) - 1)) << at;
        };
        put(0, 4, u128::from(self.cube_exponent));
        put(4, 2, self.cube_owner.map_or(3, player));
        put(6, 1, player(self.on_roll));
        put(7, 1, u128::from(self.crawford));
        put(8, 3, u128::from(self.status.code()));
        put(11, 1, player(self.turn));
        put(12, 1, u128::from(self.doubled));
        put(
            13,
            2,
            u128::from(self.resigned.map_or(0, ResignLevel::code)),
        );
        let (die1, die2) = self
            .dice
            .map_or((0, 0), |roll| (roll.first.pips(), roll.second.pips()));
        put(15, 3, u128::from(die1));
        put(18, 3, u128::from(die2));
        put(21, 15, u128::from(self.length));
        put(36, 15, u128::from(self.score.first));
        put(51, 15, u128::from(self.score.second));
        put(66, 1, u128::from(!self.jacoby));
        let mut key = [0u8; 9];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = (bits >> (8 * i)) as u8;
        }
        key
    }

    /// Reads a 9-byte key.
    ///
    /// # Errors
    /// A [`MatchIdError`] naming the field that holds an impossible value,
    /// or [`MatchIdError::UnusedBits`] when bits 67 to 71 are set.
    pub fn from_key(key: &[u8; 9]) -> Result<MatchId, MatchIdError> {
        let bits = key
            .iter()
            .rev()
            .fold(0u128, |acc, &byte| (acc << 8) | u128::from(byte));
        let get = |at: u32, width: u32| ((bits >> at) & ((1 << width) - 1)) as u16;
        let side = |bit: u16| if bit == 0 { Side::First } else { Side::Second };
        if get(67, 5) != 0 {
            return Err(MatchIdError::UnusedBits);
        }
        let cube_owner = match get(4, 2) {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            3 => None,
            _ => return Err(MatchIdError::CubeOwner),
        };
        let status_code = get(8, 3) as u8;
        let status =
            GameStatus::from_code(status_code).ok_or(MatchIdError::GameStatus(status_code))?;
        let (die1, die2) = (get(15, 3) as u8, get(18, 3) as u8);
        let dice = match (die1, die2) {
            (0, 0) => None,
            _ => Some(Roll::new(die1, die2).ok_or(MatchIdError::Dice {
                first: die1,
                second: die2,
            })?),
        };
        let id = MatchId {
            cube_exponent: get(0, 4) as u8,
            cube_owner,
            on_roll: side(get(6, 1)),
            crawford: get(7, 1) != 0,
            status,
            turn: side(get(11, 1)),
            doubled: get(12, 1) != 0,
            resigned: ResignLevel::from_code(get(13, 2) as u8),
            dice,
            length: get(21, 15),
            score: ByPlayer::new(get(36, 15), get(51, 15)),
            jacoby: get(66, 1) == 0,
        };
        id.validate()?;
        Ok(id)
    }
}

impl fmt::Display for MatchId {
    /// The 12-character match ID.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_base64(&self.key(), f)
    }
}

impl FromStr for MatchId {
    type Err = MatchIdError;

    /// Reads a 12-character match ID (surrounding white space is ignored).
    fn from_str(text: &str) -> Result<MatchId, MatchIdError> {
        let text = text.trim();
        let count = text.chars().count();
        if count != 12 {
            return Err(MatchIdError::Length(count));
        }
        let mut key = [0u8; 9];
        let mut block = 0u32;
        for (at, ch) in text.chars().enumerate() {
            let value = base64_value(ch).ok_or(MatchIdError::Character { ch, at })?;
            block = (block << 6) | u32::from(value);
            if at % 4 == 3 {
                let start = at / 4 * 3;
                if let Some(bytes) = key.get_mut(start..start + 3) {
                    bytes.copy_from_slice(&block.to_be_bytes()[1..]);
                }
                block = 0;
            }
        }
        MatchId::from_key(&key)
    }
}

/// A 15-bit field of the match ID, for error messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchField {
    /// The match length.
    Length,
    /// A player's score.
    Score(Side),
}

impl fmt::Display for MatchField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchField::Length => f.write_str("match length"),
            MatchField::Score(side) => write!(f, "score of player {}", side.index()),
        }
    }
}

/// Why a text or a [`MatchId`] is not a valid match ID. Players are
/// numbered as in GNU Backgammon: 0 is [`Side::First`], 1 [`Side::Second`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchIdError {
    /// Not 12 characters.
    #[error("a match ID has 12 characters, found {0}")]
    Length(usize),
    /// A character outside Base64.
    #[error("character `{ch}` at {at} is not Base64")]
    Character {
        /// The character.
        ch: char,
        /// Its 0-based index (in characters).
        at: usize,
    },
    /// Cube owner bits `10` (only `00`, `01` and `11` mean something).
    #[error("cube owner code 2 is not a player nor centred")]
    CubeOwner,
    /// Game state code 5, 6 or 7.
    #[error("game state code {0} is not 0 to 4")]
    GameStatus(u8),
    /// A die of 7, or one die 0 and the other not.
    #[error("dice {first} and {second} are not a roll (1 to 6 each, or both 0)")]
    Dice {
        /// The first die's code.
        first: u8,
        /// The second die's code.
        second: u8,
    },
    /// A score above the match length.
    #[error("score of player {} is {score}, above the match length {length}", .side.index())]
    ScoreAboveLength {
        /// Whose score.
        side: Side,
        /// The score.
        score: u16,
        /// The match length.
        length: u16,
    },
    /// The Crawford flag in money play.
    #[error("the Crawford flag is set in money play")]
    CrawfordInMoney,
    /// Bits 67 to 71 set: no encoder writes them.
    #[error("bits after the Jacoby flag are set")]
    UnusedBits,
    /// A cube exponent above 15 (only when encoding).
    #[error("cube exponent {0} does not fit in 4 bits (at most 15)")]
    CubeExponent(u8),
    /// A length or score above 32767 (only when encoding).
    #[error("{field} {value} does not fit in 15 bits (at most 32767)")]
    TooLarge {
        /// The field.
        field: MatchField,
        /// Its value.
        value: u16,
    },
}

/// The GNU Backgammon ID `PositionID:MatchID` that GNU Backgammon's
/// `set gnubgid` reads. `position` is from the side of
/// [`MatchId::on_roll`].
#[must_use]
pub fn gnubg_id(position: &Position, match_id: &MatchId) -> String {
    let mut out = String::with_capacity(27);
    // Writing to a String cannot fail.
    let _ = write_base64(&position_key(position), &mut out);
    out.push(':');
    let _ = write!(out, "{match_id}");
    out
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
        assert!(matches!(
            parse_position_id("4HPwATDgc/ABéA", 15),
            Err(PositionIdError::Character { ch: 'é', at: 12 })
        ));
        assert_eq!(
            parse_position_id("/////////////A", 15),
            Err(PositionIdError::TooManyCheckers)
        );
        assert_eq!(
            parse_position_id("//////////////", 15),
            Err(PositionIdError::TrailingBits)
        );
    }

    #[test]
    fn position_id_padding_bits_must_be_zero() {
        // `A` then `B`: the last character's low 4 bits are not part of the key.
        assert_eq!(
            decode_position_id("4HPwATDgc/ABMB"),
            Err(PositionIdError::TrailingBits)
        );
    }

    #[test]
    fn position_id_bits_after_the_fiftieth_slot_are_refused() {
        // No checkers: 50 zero bits, then ones in the last 30 bits.
        let mut key = [0u8; 10];
        key[9] = 0x80;
        let mut text = String::new();
        write_base64(&key, &mut text).unwrap();
        assert_eq!(
            decode_position_id(&text),
            Err(PositionIdError::TrailingBits)
        );
    }

    #[test]
    fn both_colours_on_one_point_are_refused() {
        // Them: one checker on their 1 point (our 24); us: one on our 24.
        let mut key = [0u8; 10];
        let mut bit = 0;
        let mut set = |n: usize| {
            bit += n;
            key[bit / 8] |= 1 << (bit % 8);
        };
        set(0); // their slot 1: one checker
        set(25 + 1 + 23); // skip to our slot 24: one checker
        let mut text = String::new();
        write_base64(&key, &mut text).unwrap();
        assert_eq!(
            decode_position_id(&text),
            Err(PositionIdError::SharedPoint(24))
        );
    }

    /// The manual's example: score 2-4 in a 9-point match, player 0 owns a
    /// 2-cube, player 1 has rolled 52.
    #[test]
    fn manual_match_id_example_decodes() {
        let id: MatchId = "QYkqASAAIAAA".parse().unwrap();
        assert_eq!(
            id,
            MatchId {
                cube_exponent: 1,
                cube_owner: Some(Side::First),
                on_roll: Side::Second,
                crawford: false,
                status: GameStatus::Playing,
                turn: Side::Second,
                doubled: false,
                resigned: None,
                dice: Roll::new(5, 2),
                length: 9,
                score: ByPlayer::new(2, 4),
                jacoby: true,
            }
        );
        assert_eq!(
            id.key(),
            [0x41, 0x89, 0x2a, 0x01, 0x20, 0x00, 0x20, 0x00, 0x00]
        );
        assert_eq!(id.to_string(), "QYkqASAAIAAA");
    }

    /// A money game before the first roll, player 1 to act; and the same
    /// with the game under way (`cAkA...`, the formats document's example).
    #[test]
    fn money_game_match_ids() {
        let not_started: MatchId = "cAgAAAAAAAAA".parse().unwrap();
        let mut expected = MatchId::new(0, ByPlayer::new(0, 0), Side::Second);
        expected.status = GameStatus::NotStarted;
        assert_eq!(not_started, expected);
        expected.status = GameStatus::Playing;
        assert_eq!(expected.to_string(), "cAkAAAAAAAAA");
    }

    #[test]
    fn jacoby_bit_is_set_when_the_rule_is_off() {
        let mut id = MatchId::new(0, ByPlayer::new(0, 0), Side::Second);
        id.jacoby = false;
        assert_eq!(id.key()[8], 0b100);
        assert_eq!(id.to_string().parse(), Ok(id));
    }

    #[test]
    fn dice_keep_their_order() {
        let mut id = MatchId::new(7, ByPlayer::new(3, 5), Side::First);
        id.dice = Roll::new(1, 3);
        assert_eq!(id.to_string().parse(), Ok(id));
        id.dice = id.dice.map(Roll::normalized);
        assert_eq!(id.to_string().parse(), Ok(id));
    }

    #[test]
    fn bad_match_ids_say_why() {
        assert_eq!(
            "QYkqASAAIAA".parse::<MatchId>(),
            Err(MatchIdError::Length(11))
        );
        assert_eq!(
            "QYkqASAAIA.A".parse::<MatchId>(),
            Err(MatchIdError::Character { ch: '.', at: 10 })
        );
        let bad = |edit: fn(&mut [u8; 9])| {
            let mut key = "QYkqASAAIAAA".parse::<MatchId>().unwrap().key();
            edit(&mut key);
            MatchId::from_key(&key)
        };
        assert_eq!(
            bad(|k| k[0] = (k[0] & !0x30) | 0x20),
            Err(MatchIdError::CubeOwner)
        );
        assert_eq!(bad(|k| k[1] |= 0x07), Err(MatchIdError::GameStatus(7)));
        assert_eq!(
            bad(|k| k[2] &= !0x1c),
            Err(MatchIdError::Dice {
                first: 5,
                second: 0
            })
        );
        assert_eq!(
            bad(|k| k[2] |= 0x01),
            Err(MatchIdError::Dice {
                first: 7,
                second: 2
            })
        );
        assert_eq!(bad(|k| k[8] |= 0x08), Err(MatchIdError::UnusedBits));
        let err = bad(|k| k[5] |= 0x01).unwrap_err();
        assert_eq!(
            err,
            MatchIdError::ScoreAboveLength {
                side: Side::First,
                score: 2 + 16,
                length: 9
            }
        );
        assert_eq!(
            err.to_string(),
            "score of player 0 is 18, above the match length 9"
        );
    }

    #[test]
    fn crawford_is_refused_in_money_play() {
        let mut id = MatchId::new(0, ByPlayer::new(0, 0), Side::First);
        id.crawford = true;
        assert_eq!(id.validate(), Err(MatchIdError::CrawfordInMoney));
        assert_eq!(
            id.to_string().parse::<MatchId>(),
            Err(MatchIdError::CrawfordInMoney)
        );
    }

    #[test]
    fn fields_too_wide_for_the_key_do_not_validate() {
        let mut id = MatchId::new(0, ByPlayer::new(0, 0), Side::First);
        id.cube_exponent = 16;
        assert_eq!(id.validate(), Err(MatchIdError::CubeExponent(16)));
        id.cube_exponent = 0;
        id.length = 40_000;
        assert_eq!(
            id.validate(),
            Err(MatchIdError::TooLarge {
                field: MatchField::Length,
                value: 40_000
            })
        );
    }

    #[test]
    fn gnubg_id_joins_position_and_match() {
        let start = Position::starting(Variant::Backgammon);
        let id = MatchId::new(0, ByPlayer::new(0, 0), Side::Second);
        assert_eq!(gnubg_id(&start, &id), "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    }
}
