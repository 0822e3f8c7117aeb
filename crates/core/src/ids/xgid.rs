//! eXtreme Gammon XGID.
//!
//! ```text
//! XGID=<board>:<cube>:<owner>:<turn>:<dice>:<score1>:<score2>:<rules>:<length>:<max cube>
//! ```
//!
//! - `board`, 26 characters in the uppercase player's numbering: character 0
//!   is the lowercase player's bar, 1..=24 the uppercase player's points 1 to
//!   24, 25 the uppercase player's bar. `A`..`O` are 1 to 15 uppercase
//!   checkers, `a`..`o` lowercase ones, `-` an empty point; checkers not on
//!   the board are borne off.
//! - `cube`: the cube is 2 to this power. `owner`: 1 uppercase, -1
//!   lowercase, 0 centred. `turn`: 1 uppercase, -1 lowercase.
//! - `dice`: `00` not rolled yet, `D` a double offered (then `turn` names the
//!   doubler and `cube` is the cube before the double), else the two dice.
//! - `score1` is the uppercase player's score, `score2` the lowercase one's.
//! - `rules`: in a match 1 marks the Crawford game; in money play bit 0 is
//!   the Jacoby rule and bit 1 beavers.
//! - `length`: the match length, 0 for money. `max cube`: the largest cube
//!   as a power of 2.
//!
//! The starting position with the uppercase player to roll:
//! `XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`.
//!
//! GNU Backgammon reads the uppercase player as its player 1
//! ([`Side::Second`]) and the lowercase one as player 0 ([`Side::First`]);
//! [`XgSide::from_side`] and [`Xgid::from_match_id`] follow it.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::dice::Roll;
use crate::ids::gnubg::{GameStatus, MatchId};
use crate::position::{Position, PositionError, Setup};
use crate::side::{ByPlayer, Side};

/// One of the two players of an XGID, named by the case of its checkers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum XgSide {
    /// Uppercase checkers (`1` in the owner and turn fields); the board is
    /// numbered from this player's side.
    Upper,
    /// Lowercase checkers (`-1`).
    Lower,
}

impl XgSide {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> XgSide {
        match self {
            XgSide::Upper => XgSide::Lower,
            XgSide::Lower => XgSide::Upper,
        }
    }

    /// The XG player of a seat as GNU Backgammon maps them: [`Side::Second`]
    /// (player 1) is uppercase, [`Side::First`] lowercase.
    #[must_use]
    pub const fn from_side(side: Side) -> XgSide {
        match side {
            Side::First => XgSide::Lower,
            Side::Second => XgSide::Upper,
        }
    }

    /// The seat of this player, the inverse of [`XgSide::from_side`].
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            XgSide::Upper => Side::Second,
            XgSide::Lower => Side::First,
        }
    }

    /// `1` or `-1`, as written in the owner and turn fields.
    #[must_use]
    pub const fn sign(self) -> i8 {
        match self {
            XgSide::Upper => 1,
            XgSide::Lower => -1,
        }
    }
}

/// The dice field of an XGID.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum XgidDice {
    /// `00`: the player on turn has not rolled (he may double).
    NotRolled,
    /// `D`: the player on turn has doubled; his opponent must take or pass.
    Doubled,
    /// The dice rolled, in the order written.
    Rolled(Roll),
}

impl fmt::Display for XgidDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XgidDice::NotRolled => f.write_str("00"),
            XgidDice::Doubled => f.write_str("D"),
            XgidDice::Rolled(roll) => write!(f, "{roll}"),
        }
    }
}

/// An XGID: a position and the match state around it.
///
/// A plain value with public fields; `Display` writes whatever is held and
/// `FromStr` checks every field. A board count beyond 15 either way, which
/// no XGID character can say, is written as `?`.
///
/// ```
/// use bgaudit_core::ids::xgid::Xgid;
/// use bgaudit_core::position::{Position, Variant};
/// let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
/// let xgid: Xgid = text.parse().unwrap();
/// assert_eq!(xgid.position(), Ok(Position::starting(Variant::Backgammon)));
/// assert_eq!(xgid.to_string(), text);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The board in the uppercase player's frame, laid out like
    /// [`Setup::points`] with the uppercase player as "us": index 0 is the
    /// lowercase bar (a count <= 0), 1..=24 the uppercase player's points
    /// (uppercase checkers positive, lowercase negative), 25 the uppercase
    /// bar (>= 0).
    pub board: [i8; 26],
    /// The cube is 2 to this power.
    pub cube_exponent: u8,
    /// The cube owner, `None` when centred.
    pub cube_owner: Option<XgSide>,
    /// The player on turn: the one to roll or who rolled, or the doubler
    /// when [`Xgid::dice`] is [`XgidDice::Doubled`].
    pub turn: XgSide,
    /// The dice, or whether a double is on offer.
    pub dice: XgidDice,
    /// The uppercase player's score (`score1`).
    pub upper_score: u32,
    /// The lowercase player's score (`score2`).
    pub lower_score: u32,
    /// The rules field: in a match 1 for the Crawford game, else 0; in
    /// money play bit 0 for the Jacoby rule and bit 1 for beavers.
    pub rules: u8,
    /// The match length, 0 for money play.
    pub length: u32,
    /// The largest cube allowed, as a power of 2 (eXtreme Gammon writes 10).
    pub max_cube_exponent: u8,
}

/// The maximum cube exponent eXtreme Gammon writes by default.
pub const DEFAULT_MAX_CUBE_EXPONENT: u8 = 10;

impl Xgid {
    /// An XGID for `position`, seen from the player on turn (the mover's
    /// frame), with `turn` saying which XG player that is. The match fields
    /// are those of a money game at the start of a turn: cube 1 centred,
    /// dice not rolled, scores 0, rules 0, maximum cube 2^10. Set the public
    /// fields for anything else:
    ///
    /// ```
    /// use bgaudit_core::dice::Roll;
    /// use bgaudit_core::ids::xgid::{XgSide, Xgid, XgidDice};
    /// use bgaudit_core::position::{Position, Variant};
    /// let start = Position::starting(Variant::Backgammon);
    /// let xgid = Xgid {
    ///     dice: XgidDice::Rolled(Roll::new(6, 4).unwrap()),
    ///     length: 7,
    ///     ..Xgid::from_position(&start, XgSide::Upper)
    /// };
    /// assert_eq!(xgid.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:7:10");
    /// ```
    #[must_use]
    pub fn from_position(position: &Position, turn: XgSide) -> Xgid {
        let board = match turn {
            XgSide::Upper => *position.points(),
            XgSide::Lower => *position.flip().points(),
        };
        Xgid {
            board,
            cube_exponent: 0,
            cube_owner: None,
            turn,
            dice: XgidDice::NotRolled,
            upper_score: 0,
            lower_score: 0,
            rules: 0,
            length: 0,
            max_cube_exponent: DEFAULT_MAX_CUBE_EXPONENT,
        }
    }

    /// The XGID of a GNU Backgammon position and match ID: `position` is from
    /// the side of [`MatchId::on_roll`]; player 1 becomes uppercase. A double
    /// on offer becomes `D`; the Crawford flag (match) or the Jacoby flag
    /// (money) becomes the rules field; the maximum cube is 2^10. What the
    /// XGID cannot hold (game over, a resignation on offer) is dropped.
    #[must_use]
    pub fn from_match_id(position: &Position, match_id: &MatchId) -> Xgid {
        let dice = match (match_id.doubled, match_id.dice) {
            (true, _) => XgidDice::Doubled,
            (false, Some(roll)) => XgidDice::Rolled(roll),
            (false, None) => XgidDice::NotRolled,
        };
        let rules = if match_id.length > 0 {
            u8::from(match_id.crawford)
        } else {
            u8::from(match_id.jacoby)
        };
        Xgid {
            cube_exponent: match_id.cube_exponent,
            cube_owner: match_id.cube_owner.map(XgSide::from_side),
            dice,
            upper_score: u32::from(match_id.score.second),
            lower_score: u32::from(match_id.score.first),
            rules,
            length: u32::from(match_id.length),
            ..Xgid::from_position(position, XgSide::from_side(match_id.on_roll))
        }
    }

    /// The GNU Backgammon match ID of this XGID's match state, as
    /// GNU Backgammon's `set xgid` builds it: uppercase is player 1, a game
    /// in progress, `D` a double offered by the player on turn. In a match
    /// the Jacoby flag is set, as GNU Backgammon does by default. Scores and
    /// length above 32767 are cut to 15 bits (see [`MatchId::validate`]).
    #[must_use]
    pub fn match_id(&self) -> MatchId {
        let narrow = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
        let on_roll = self.turn.side();
        let (turn, doubled, dice) = match self.dice {
            XgidDice::NotRolled => (on_roll, false, None),
            XgidDice::Doubled => (on_roll.other(), true, None),
            XgidDice::Rolled(roll) => (on_roll, false, Some(roll)),
        };
        MatchId {
            cube_exponent: self.cube_exponent,
            cube_owner: self.cube_owner.map(XgSide::side),
            on_roll,
            crawford: self.crawford(),
            status: GameStatus::Playing,
            turn,
            doubled,
            resigned: None,
            dice,
            length: narrow(self.length),
            score: ByPlayer::new(narrow(self.lower_score), narrow(self.upper_score)),
            jacoby: self.length > 0 || self.jacoby(),
        }
    }

    /// The position from the side of the player on turn (flipped when the
    /// lowercase player is on turn), with 15 checkers a side.
    ///
    /// # Errors
    /// [`XgidError::Position`] when the board is not a valid position.
    pub fn position(&self) -> Result<Position, XgidError> {
        self.position_with_checkers(15)
    }

    /// [`Xgid::position`] for a game with `checkers` per side.
    ///
    /// # Errors
    /// [`XgidError::Position`] when the board is not a valid position.
    pub fn position_with_checkers(&self, checkers: u8) -> Result<Position, XgidError> {
        let upper = Setup::from_board(self.board, checkers).into_position(checkers)?;
        Ok(match self.turn {
            XgSide::Upper => upper,
            XgSide::Lower => upper.flip(),
        })
    }

    /// The cube value, 2 to [`Xgid::cube_exponent`] (saturating at
    /// `u32::MAX`).
    #[must_use]
    pub const fn cube_value(&self) -> u32 {
        match 1u32.checked_shl(self.cube_exponent as u32) {
            Some(value) => value,
            None => u32::MAX,
        }
    }

    /// This is the Crawford game (match play, rules 1).
    #[must_use]
    pub const fn crawford(&self) -> bool {
        self.length > 0 && self.rules & 1 != 0
    }

    /// The Jacoby rule is in use (money play, rules bit 0).
    #[must_use]
    pub const fn jacoby(&self) -> bool {
        self.length == 0 && self.rules & 1 != 0
    }

    /// Beavers are allowed (money play, rules bit 1).
    #[must_use]
    pub const fn beavers(&self) -> bool {
        self.length == 0 && self.rules & 2 != 0
    }
}

/// The board character of a count in the uppercase player's frame.
fn board_char(count: i8) -> char {
    match count {
        0 => '-',
        1..=15 => char::from(b'A' + count as u8 - 1),
        -15..=-1 => char::from(b'a' + count.unsigned_abs() - 1),
        _ => '?',
    }
}

impl fmt::Display for Xgid {
    /// `XGID=` and the ten fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("XGID=")?;
        for &count in &self.board {
            f.write_char(board_char(count))?;
        }
        let owner = self.cube_owner.map_or(0, XgSide::sign);
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.cube_exponent,
            owner,
            self.turn.sign(),
            self.dice,
            self.upper_score,
            self.lower_score,
            self.rules,
            self.length,
            self.max_cube_exponent
        )
    }
}

/// A field of an XGID after the board, for error messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum XgidField {
    /// Field 2, the cube exponent.
    CubeExponent,
    /// Field 3, the cube owner.
    CubeOwner,
    /// Field 4, the player on turn.
    Turn,
    /// Field 5, the dice.
    Dice,
    /// Field 6, the uppercase player's score.
    UpperScore,
    /// Field 7, the lowercase player's score.
    LowerScore,
    /// Field 8, the rules.
    Rules,
    /// Field 9, the match length.
    Length,
    /// Field 10, the maximum cube exponent.
    MaxCubeExponent,
}

impl fmt::Display for XgidField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            XgidField::CubeExponent => "cube exponent (field 2)",
            XgidField::CubeOwner => "cube owner (field 3)",
            XgidField::Turn => "turn (field 4)",
            XgidField::Dice => "dice (field 5)",
            XgidField::UpperScore => "uppercase score (field 6)",
            XgidField::LowerScore => "lowercase score (field 7)",
            XgidField::Rules => "rules (field 8)",
            XgidField::Length => "match length (field 9)",
            XgidField::MaxCubeExponent => "maximum cube exponent (field 10)",
        })
    }
}

/// Why a text is not an XGID, or an XGID not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgidError {
    /// Not ten `:`-separated fields.
    #[error("an XGID has 10 fields separated by `:`, found {0}")]
    FieldCount(usize),
    /// The board is not 26 characters.
    #[error("the XGID board has 26 characters, found {0}")]
    BoardLength(usize),
    /// A board character other than `-`, `A`..`O` or `a`..`o`.
    #[error("board character `{ch}` at {at} is not `-`, `A` to `O` or `a` to `o`")]
    BoardCharacter {
        /// The character.
        ch: char,
        /// Its 0-based index in the board.
        at: usize,
    },
    /// A bar holding the other player's checkers: uppercase at 0 or
    /// lowercase at 25.
    #[error("board character `{ch}` at {at} puts checkers on the other player's bar")]
    WrongBar {
        /// The character.
        ch: char,
        /// 0 or 25.
        at: usize,
    },
    /// More than 15 checkers of one player on the board.
    #[error("the board holds {found} {} checkers, more than 15", if *.side == XgSide::Upper { "uppercase" } else { "lowercase" })]
    TooManyCheckers {
        /// Whose checkers.
        side: XgSide,
        /// How many.
        found: u32,
    },
    /// A field after the board that does not hold a valid value.
    #[error("invalid {field} `{text}`: expected {expected}")]
    Field {
        /// The field.
        field: XgidField,
        /// The text found (at most 16 characters of it).
        text: String,
        /// What the field may hold.
        expected: &'static str,
    },
    /// The board is not a valid position for the checker count asked for.
    #[error(transparent)]
    Position(#[from] PositionError),
}

fn field_error(field: XgidField, text: &str, expected: &'static str) -> XgidError {
    XgidError::Field {
        field,
        text: text.chars().take(16).collect(),
        expected,
    }
}

/// A decimal number of at most `max`, digits only.
fn number(
    text: &str,
    field: XgidField,
    max: u32,
    expected: &'static str,
) -> Result<u32, XgidError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(field_error(field, text, expected));
    }
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| field_error(field, text, expected))
}

fn parse_board(text: &str) -> Result<[i8; 26], XgidError> {
    let length = text.chars().count();
    if length != 26 {
        return Err(XgidError::BoardLength(length));
    }
    let mut board = [0i8; 26];
    let (mut upper, mut lower) = (0u32, 0u32);
    for ((at, ch), slot) in text.chars().enumerate().zip(board.iter_mut()) {
        *slot = match ch {
            '-' => 0,
            'A'..='O' => (ch as u8 - b'A' + 1) as i8,
            'a'..='o' => -((ch as u8 - b'a' + 1) as i8),
            _ => return Err(XgidError::BoardCharacter { ch, at }),
        };
        if (at == 0 && *slot > 0) || (at == 25 && *slot < 0) {
            return Err(XgidError::WrongBar { ch, at });
        }
        if *slot > 0 {
            upper += slot.unsigned_abs() as u32;
        } else {
            lower += slot.unsigned_abs() as u32;
        }
    }
    for (side, found) in [(XgSide::Upper, upper), (XgSide::Lower, lower)] {
        if found > 15 {
            return Err(XgidError::TooManyCheckers { side, found });
        }
    }
    Ok(board)
}

impl FromStr for Xgid {
    type Err = XgidError;

    /// Reads an XGID, with or without the `XGID=` prefix (any case);
    /// surrounding white space is ignored.
    fn from_str(text: &str) -> Result<Xgid, XgidError> {
        let text = text.trim();
        let body = match text.get(..5) {
            Some(prefix) if prefix.eq_ignore_ascii_case("XGID=") => &text[5..],
            _ => text,
        };
        let count = body.split(':').count();
        if count != 10 {
            return Err(XgidError::FieldCount(count));
        }
        let mut fields = [""; 10];
        for (slot, field) in fields.iter_mut().zip(body.split(':')) {
            *slot = field;
        }
        let [
            board,
            cube,
            owner,
            turn,
            dice,
            upper,
            lower,
            rules,
            length,
            max_cube,
        ] = fields;
        let board = parse_board(board)?;
        let cube_exponent = number(cube, XgidField::CubeExponent, 15, "0 to 15")? as u8;
        let cube_owner = match owner {
            "0" => None,
            "1" => Some(XgSide::Upper),
            "-1" => Some(XgSide::Lower),
            _ => return Err(field_error(XgidField::CubeOwner, owner, "1, 0 or -1")),
        };
        let turn = match turn {
            "1" => XgSide::Upper,
            "-1" => XgSide::Lower,
            _ => return Err(field_error(XgidField::Turn, turn, "1 or -1")),
        };
        let dice = match dice.as_bytes() {
            b"00" => XgidDice::NotRolled,
            b"D" => XgidDice::Doubled,
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] => match Roll::new(a - b'0', b - b'0') {
                Some(roll) => XgidDice::Rolled(roll),
                None => return Err(field_error(XgidField::Dice, dice, "`00`, `D` or two dice")),
            },
            _ => return Err(field_error(XgidField::Dice, dice, "`00`, `D` or two dice")),
        };
        let score_text = "a score no larger than the match length";
        let length_text = "a match length, 0 for money";
        let length_value = number(length, XgidField::Length, u32::MAX, length_text)?;
        let score_max = if length_value > 0 {
            length_value
        } else {
            u32::MAX
        };
        let upper_score = number(upper, XgidField::UpperScore, score_max, score_text)?;
        let lower_score = number(lower, XgidField::LowerScore, score_max, score_text)?;
        let rules = if length_value > 0 {
            number(
                rules,
                XgidField::Rules,
                1,
                "0 or 1 in a match (1 = Crawford game)",
            )?
        } else {
            number(
                rules,
                XgidField::Rules,
                3,
                "0 to 3 in money play (Jacoby 1 + beaver 2)",
            )?
        } as u8;
        let max_cube_exponent = number(max_cube, XgidField::MaxCubeExponent, 15, "0 to 15")? as u8;
        Ok(Xgid {
            board,
            cube_exponent,
            cube_owner,
            turn,
            dice,
            upper_score,
            lower_score,
            rules,
            length: length_value,
            max_cube_exponent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::gnubg::{gnubg_id, parse_position_id};
    use crate::pos;
    use crate::position::Variant;

    const START: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";

    #[test]
    fn starting_position_reads_and_writes() {
        let xgid: Xgid = START.parse().unwrap();
        let start = Position::starting(Variant::Backgammon);
        assert_eq!(xgid.position(), Ok(start));
        assert_eq!(xgid.turn, XgSide::Upper);
        assert_eq!(xgid.dice, XgidDice::NotRolled);
        assert_eq!(xgid.max_cube_exponent, 10);
        assert_eq!(xgid.to_string(), START);
        assert_eq!(Xgid::from_position(&start, XgSide::Upper), xgid);
    }

    #[test]
    fn prefix_is_optional_and_case_blind() {
        let xgid: Xgid = START.parse().unwrap();
        assert_eq!(START[5..].parse(), Ok(xgid));
        assert_eq!(format!(" xgid={} ", &START[5..]).parse(), Ok(xgid));
    }

    #[test]
    fn lowercase_on_turn_sees_the_board_flipped() {
        // Uppercase: 2 on its 24 point and one on the bar; lowercase: one
        // checker on its 3 point (uppercase 22) and one on its bar.
        let text = "XGID=a---------------------b-BA:1:-1:-1:31:2:4:0:7:10";
        let xgid: Xgid = text.parse().unwrap();
        assert_eq!(xgid.board[0], -1);
        assert_eq!(xgid.board[22], -2);
        let mover = xgid.position().unwrap();
        // From lowercase's side: its own checkers are "us".
        assert_eq!(mover, pos!(us 25:1, 3:2; them 1:2, 0:1));
        assert_eq!(Xgid::from_position(&mover, XgSide::Lower).board, xgid.board);
        assert_eq!(xgid.cube_owner, Some(XgSide::Lower));
        assert_eq!(xgid.cube_value(), 2);
        assert_eq!(xgid.dice, XgidDice::Rolled(Roll::new(3, 1).unwrap()));
        assert_eq!((xgid.upper_score, xgid.lower_score), (2, 4));
        assert_eq!(xgid.to_string(), text);
    }

    #[test]
    fn double_offered_reads_as_d() {
        let text = "XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10";
        let xgid: Xgid = text.parse().unwrap();
        assert_eq!(xgid.dice, XgidDice::Doubled);
        assert_eq!(xgid.turn, XgSide::Lower);
        let id = xgid.match_id();
        assert!(id.doubled);
        assert_eq!(id.on_roll, Side::First);
        assert_eq!(id.turn, Side::Second);
        assert_eq!(Xgid::from_match_id(&xgid.position().unwrap(), &id), xgid);
    }

    #[test]
    fn rules_field_depends_on_match_or_money() {
        let with = |rules: &str, length: &str| {
            format!("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:{rules}:{length}:10").parse::<Xgid>()
        };
        let crawford = with("1", "5").unwrap();
        assert!(crawford.crawford() && !crawford.jacoby());
        let money = with("3", "0").unwrap();
        assert!(money.jacoby() && money.beavers() && !money.crawford());
        assert!(matches!(
            with("2", "5"),
            Err(XgidError::Field {
                field: XgidField::Rules,
                ..
            })
        ));
    }

    #[test]
    fn converts_to_and_from_gnubg_ids() {
        let start = Position::starting(Variant::Backgammon);
        let xgid: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10"
            .parse()
            .unwrap();
        let id = xgid.match_id();
        assert_eq!(gnubg_id(&start, &id), "4HPwATDgc/ABMA:cAkAAAAAAAAA");
        assert_eq!(Xgid::from_match_id(&start, &id), xgid);

        // The manual's match ID: player 1 rolled 52 at 2-4 in a 9-point
        // match, player 0 owns a 2-cube.
        let id: MatchId = "QYkqASAAIAAA".parse().unwrap();
        let position = parse_position_id("4HPwATDgc/ABMA", 15).unwrap();
        let xgid = Xgid::from_match_id(&position, &id);
        assert_eq!(
            xgid.to_string(),
            "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:4:2:0:9:10"
        );
        assert_eq!(xgid.match_id(), id);
    }

    #[test]
    fn bad_xgids_name_the_field_or_character() {
        let err = |text: &str| text.parse::<Xgid>().unwrap_err();
        assert_eq!(err("XGID=-b----E-C"), XgidError::FieldCount(1));
        assert_eq!(
            err("-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10"),
            XgidError::BoardLength(25)
        );
        assert_eq!(
            err("-b----E-C---eE---c-e--x-B-:0:0:1:00:0:0:0:0:10"),
            XgidError::BoardCharacter { ch: 'x', at: 22 }
        );
        assert_eq!(
            err("Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
            XgidError::WrongBar { ch: 'A', at: 0 }
        );
        assert_eq!(
            err("-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10"),
            XgidError::WrongBar { ch: 'b', at: 25 }
        );
        assert_eq!(
            err("-b----E-C---eE---c-e----BO:0:0:1:00:0:0:0:0:10"),
            XgidError::TooManyCheckers {
                side: XgSide::Upper,
                found: 30
            }
        );
        let e = err("-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10");
        assert_eq!(
            e.to_string(),
            "invalid cube owner (field 3) `2`: expected 1, 0 or -1"
        );
        for (text, field) in [
            (":16:0:1:00:0:0:0:0:10", XgidField::CubeExponent),
            (":0:0:0:00:0:0:0:0:10", XgidField::Turn),
            (":0:0:1:70:0:0:0:0:10", XgidField::Dice),
            (":0:0:1:0:0:0:0:0:10", XgidField::Dice),
            (":0:0:1:B:0:0:0:0:10", XgidField::Dice),
            (":0:0:1:00:8:0:0:7:10", XgidField::UpperScore),
            (":0:0:1:00:0:-1:0:7:10", XgidField::LowerScore),
            (":0:0:1:00:0:0:0:x:10", XgidField::Length),
            (":0:0:1:00:0:0:0:0:", XgidField::MaxCubeExponent),
        ] {
            let full = format!("-b----E-C---eE---c-e----B-{text}");
            assert!(
                matches!(err(&full), XgidError::Field { field: f, .. } if f == field),
                "{full}: {:?}",
                err(&full)
            );
        }
    }

    #[test]
    fn counts_beyond_fifteen_are_written_as_question_marks() {
        let mut xgid: Xgid = START.parse().unwrap();
        xgid.board[6] = 16;
        assert!(xgid.to_string().starts_with("XGID=-b----?-C"));
        assert!(xgid.to_string().parse::<Xgid>().is_err());
    }
}
