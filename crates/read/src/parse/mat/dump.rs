//! Positions written into a `.mat` record: the `Illegal play (...)` dump and
//! the `; Set Pos=` line.

use crate::dice::Roll;
use crate::parse::{BoardDump, PlayerName};
use crate::side::{ByPlayer, Side};

/// Fields of an `Illegal play` dump.
const FIELDS: usize = 40;

/// What a dump needs to know about where it is: the players of the game and
/// the column of the cell.
#[derive(Copy, Clone, Debug)]
pub(super) struct Frame<'a> {
    /// The score-line names, left column first.
    pub names: &'a ByPlayer<PlayerName<'a>>,
    /// The column of the cell holding the dump.
    pub column: Side,
}

impl Frame<'_> {
    /// The side whose score-line name is `name` (ratings removed, any case),
    /// if exactly one is.
    fn side_named(&self, name: &str) -> Option<Side> {
        let name = super::header::split_rating(name.trim()).name;
        if name.is_empty() {
            return None;
        }
        let matches = |side: Side| self.names[side].name.trim().eq_ignore_ascii_case(name);
        match (matches(Side::First), matches(Side::Second)) {
            (true, false) => Some(Side::First),
            (false, true) => Some(Side::Second),
            _ => None,
        }
    }
}

/// Decodes the 40 `;`-separated fields of an `Illegal play (...)` dump
/// (between the parentheses) as its exporter writes them:
///
/// | field | meaning |
/// |---|---|
/// | 5, 6 | names: field 5 is the player whose checkers are positive (the next to roll) |
/// | 8, 9 | scores, in the order of fields 5, 6 |
/// | 10, 11 | cube value; owner 1 = field-5 player, -1 = the other, 0 = centred |
/// | 12 | the other player's bar, written negative |
/// | 13..=36 | points 1..24 seen from the field-5 player |
/// | 37 | the field-5 player's bar |
/// | 38, 39 | dice of the next roll, `0;0` when none |
///
/// The field-5 player is found by name on the score line, else taken to be
/// the opponent of the cell's column.
///
/// # Errors
/// What is wrong with the fields, in a phrase.
pub(super) fn illegal_play(inner: &str, frame: &Frame<'_>) -> Result<BoardDump, String> {
    let total = inner.split(';').count();
    let count = total - usize::from(inner.trim_end().ends_with(';'));
    if count != FIELDS {
        return Err(format!(
            "expected {FIELDS} fields separated by `;`, found {count}"
        ));
    }
    let mut fields = [""; FIELDS];
    for (slot, part) in fields.iter_mut().zip(inner.split(';')) {
        *slot = part.trim();
    }
    let int = |i: usize| -> Result<i32, String> {
        let text = fields.get(i).copied().unwrap_or_default();
        text.parse::<i32>()
            .map_err(|_| format!("field {i} is `{text}`, expected a number"))
    };
    let count_at = |i: usize| -> Result<i8, String> {
        let n = int(i)?;
        i8::try_from(n).map_err(|_| format!("field {i} is {n}, expected a checker count"))
    };
    let unsigned = |i: usize| -> Result<u32, String> {
        let n = int(i)?;
        u32::try_from(n).map_err(|_| format!("field {i} is {n}, expected a number from 0"))
    };
    let positive = frame
        .side_named(fields[5])
        .or_else(|| frame.side_named(fields[6]).map(Side::other))
        .unwrap_or(frame.column.other());
    let mut points = [0i8; 26];
    points[0] = count_at(12)?.saturating_abs().saturating_neg();
    for (point, field) in points[1..=24].iter_mut().zip(13..=36) {
        *point = count_at(field)?;
    }
    points[25] = count_at(37)?.saturating_abs();
    let cube_value = unsigned(10)?;
    if cube_value == 0 {
        return Err("field 10 (the cube value) is 0".into());
    }
    let owner = match int(11)? {
        1 => Some(positive),
        -1 => Some(positive.other()),
        0 => None,
        n => {
            return Err(format!(
                "field 11 (the cube owner) is {n}, expected 1, -1 or 0"
            ));
        }
    };
    let (ours, theirs) = (unsigned(8)?, unsigned(9)?);
    let scores = match positive {
        Side::First => ByPlayer::new(ours, theirs),
        Side::Second => ByPlayer::new(theirs, ours),
    };
    let die = |i: usize| -> Result<u8, String> {
        let n = int(i)?;
        u8::try_from(n)
            .ok()
            .filter(|&d| d <= 6)
            .ok_or_else(|| format!("field {i} is {n}, expected a die from 0 to 6"))
    };
    let next_dice = Roll::new(die(38)?, die(39)?);
    Ok(BoardDump {
        points,
        positive,
        cube: Some((cube_value, owner)),
        next_dice,
        scores: Some(scores),
    })
}

/// Decodes the text after `; Set Pos=`: an eXtreme Gammon board of 26
/// characters, `/` and the cube. Uppercase letters are the left player's
/// checkers (positive), lowercase the right player's, `A`..`O` = 1..15,
/// `-` = none; character 0 is the right player's bar, 1..24 the left
/// player's points 1..24, 25 his bar. The cube is read only when it is `0`
/// (centred at 1): what other values mean is not established.
///
/// # Errors
/// What is wrong, in a phrase.
pub(super) fn set_position(text: &str) -> Result<BoardDump, String> {
    let text = text.trim();
    let (board, cube) = text.split_once('/').unwrap_or((text, ""));
    let board = board.trim();
    let count = board.chars().count();
    if count != 26 {
        return Err(format!(
            "expected 26 board characters before `/`, found {count}"
        ));
    }
    let mut points = [0i8; 26];
    for (point, c) in points.iter_mut().zip(board.chars()) {
        let from =
            |first: char| i8::try_from(u32::from(c) - u32::from(first) + 1).unwrap_or_default();
        *point = match c {
            '-' => 0,
            'A'..='O' => from('A'),
            'a'..='o' => -from('a'),
            _ => {
                return Err(format!(
                    "board character `{c}`: expected `-`, `A`-`O` or `a`-`o`"
                ));
            }
        };
    }
    let cube = match cube.trim() {
        "0" => Some((1, None)),
        _ => None,
    };
    Ok(BoardDump {
        points,
        positive: Side::First,
        cube,
        next_dice: None,
        scores: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(first: &'static str, second: &'static str, column: Side) -> Frame<'static> {
        Frame {
            names: Box::leak(Box::new(ByPlayer::new(
                super::super::header::split_rating(first),
                super::super::header::split_rating(second),
            ))),
            column,
        }
    }

    const KENJI: &str = "25;0;1;0;0;Kenji;nori;0;10;8;2;1;0;3;4;2;2;2;0;0;0;0;0;0;0;0;0;0;0;0;0;-3;-3;-3;-2;-2;-2;2;1;1;";

    #[test]
    fn the_field_5_player_is_positive_and_found_by_name() {
        let dump = illegal_play(KENJI, &frame("nori,1723", "Kenji", Side::First)).unwrap();
        assert_eq!(dump.positive, Side::Second);
        let mut points = [0i8; 26];
        points[1..=24].copy_from_slice(&[
            3, 4, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, -3, -3, -2, -2, -2,
        ]);
        points[25] = 2;
        assert_eq!(dump.points, points);
        assert_eq!(dump.cube, Some((2, Some(Side::Second))));
        assert_eq!(dump.scores, Some(ByPlayer::new(8, 10)));
        assert_eq!(dump.next_dice, Roll::new(1, 1));
    }

    #[test]
    fn names_compare_without_ratings_and_case() {
        let dump = illegal_play(KENJI, &frame("NORI", "kenji,1800", Side::Second)).unwrap();
        assert_eq!(dump.positive, Side::Second);
    }

    #[test]
    fn unknown_names_fall_back_to_the_opponent_of_the_column() {
        let dump = illegal_play(KENJI, &frame("a", "b", Side::Second)).unwrap();
        assert_eq!(dump.positive, Side::First);
        assert_eq!(dump.cube, Some((2, Some(Side::First))));
        assert_eq!(dump.scores, Some(ByPlayer::new(10, 8)));
    }

    #[test]
    fn the_other_bar_is_negative_and_no_next_roll_is_none() {
        let text = "15;0;1;0;0;Morley;Tanguay;0;9;9;1;0;-1;0;0;2;2;2;2;0;2;0;1;0;-2;0;0;-3;0;-4;0;-3;2;-1;0;2;-2;1;0;0;";
        let dump = illegal_play(text, &frame("Tanguay", "Morley", Side::First)).unwrap();
        assert_eq!(dump.positive, Side::Second);
        assert_eq!(dump.points[0], -1);
        assert_eq!(dump.points[25], 1);
        assert_eq!(dump.cube, Some((1, None)));
        assert_eq!(dump.next_dice, None);
    }

    #[test]
    fn broken_dumps_say_why() {
        let f = frame("a", "b", Side::First);
        assert_eq!(
            illegal_play("1;2;3;", &f).unwrap_err(),
            "expected 40 fields separated by `;`, found 3"
        );
        let bad = KENJI.replacen(";3;4;", ";x;4;", 1);
        assert_eq!(
            illegal_play(&bad, &f).unwrap_err(),
            "field 13 is `x`, expected a number"
        );
        let long = format!("{KENJI}7;");
        assert!(illegal_play(&long, &f).unwrap_err().ends_with("found 41"));
    }

    #[test]
    fn set_pos_uppercase_is_the_left_player() {
        let dump = set_position("----cBD-D-B--A--Abcdc---A-/0").unwrap();
        assert_eq!(dump.positive, Side::First);
        assert_eq!(
            dump.points,
            [
                0, 0, 0, 0, -3, 2, 4, 0, 4, 0, 2, 0, 0, 1, 0, 0, 1, -2, -3, -4, -3, 0, 0, 0, 1, 0
            ]
        );
        assert_eq!(dump.cube, Some((1, None)));
        assert_eq!(
            set_position("----cBD-D-B--A--Abcdc---A-/-1").unwrap().cube,
            None
        );
        assert!(set_position("----cBD-D-B--A--Abcdc---A/0").is_err());
        assert!(set_position("----cBD-D-B--A--Abcdc---Az/0").is_err());
        // Characters are counted as characters, not bytes.
        assert_eq!(
            set_position("é---cBD-D-B--A--Abcdc---A-/0").unwrap_err(),
            "board character `é`: expected `-`, `A`-`O` or `a`-`o`"
        );
        assert_eq!(
            set_position("é----cBD-D-B--A--Abcdc---A-/0").unwrap_err(),
            "expected 26 board characters before `/`, found 27"
        );
    }
}
