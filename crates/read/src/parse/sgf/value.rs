//! The meaning of single SGF property values, as GNU Backgammon writes them.
//! Pure functions over one value's text; no locations, no events.

use std::borrow::Cow;

use crate::dice::Roll;
use crate::notation::{BAR, Hop, MAX_HOPS, OFF, PlayNotation};
use crate::side::Side;

/// The longest move value read (`dd` and [`MAX_HOPS`] letter pairs).
const MAX_MOVE_LEN: usize = 2 + 2 * MAX_HOPS;

/// A value with its escapes resolved: `\x` is `x`, a backslash before a line
/// break removes both. Borrows when there is nothing to resolve.
pub(super) fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') | None => {}
            Some('\r') => {
                let rest = chars.as_str();
                if let Some(after) = rest.strip_prefix('\n') {
                    chars = after.chars();
                }
            }
            Some(other) => out.push(other),
        }
    }
    Cow::Owned(out)
}

/// What a `W[..]`/`B[..]` value says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Move {
    /// Dice and the letter-coded steps (no steps: nothing played).
    Roll(Roll, PlayNotation),
    /// `double`.
    Double,
    /// `take`.
    Take,
    /// `drop`.
    Drop,
    /// `resign`, `resign:N` (not written by GNU Backgammon itself).
    Resign,
    /// `accept`, `reject`: an answer to a resignation.
    ResignAnswer,
}

/// Reads a move value of `side` (escapes already resolved).
///
/// # Errors
/// What was expected, as one sentence.
pub(super) fn parse_move(value: &str, side: Side) -> Result<Move, &'static str> {
    let value = value.trim();
    // Line breaks inside a value change nothing: read `31\nhefe` as `31hefe`.
    if value.len() <= 4 * MAX_MOVE_LEN && value.bytes().any(|b| b.is_ascii_whitespace()) {
        let packed: String = value.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        return parse_move(&packed, side);
    }
    if value.len() > MAX_MOVE_LEN && !value.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err("a move of two dice and at most 16 letter pairs");
    }
    let word = |w: &str| value.eq_ignore_ascii_case(w);
    if word("double") {
        return Ok(Move::Double);
    }
    if word("take") {
        return Ok(Move::Take);
    }
    if word("drop") {
        return Ok(Move::Drop);
    }
    if word("accept") || word("reject") {
        return Ok(Move::ResignAnswer);
    }
    if value
        .get(..6)
        .is_some_and(|w| w.eq_ignore_ascii_case("resign"))
        && (value.len() == 6 || value[6..].starts_with(':'))
    {
        return Ok(Move::Resign);
    }
    let bytes = value.as_bytes();
    let (Some(&a), Some(&b)) = (bytes.first(), bytes.get(1)) else {
        return Err("two dice, `double`, `take` or `drop`");
    };
    if !a.is_ascii_digit() || !b.is_ascii_digit() {
        return Err("two dice, `double`, `take` or `drop`");
    }
    let dice = Roll::new(a - b'0', b - b'0').ok_or("dice from 1 to 6")?;
    Ok(Move::Roll(dice, steps(&bytes[2..], side)?))
}

/// A play's letter pairs (from, to), in the mover's numbering.
pub(super) fn steps(letters: &[u8], side: Side) -> Result<PlayNotation, &'static str> {
    if letters.len() > 2 * MAX_HOPS {
        return Err("at most 16 letter pairs after the dice");
    }
    if !letters.len().is_multiple_of(2) {
        return Err("letters in pairs (from, to) after the dice");
    }
    let mut play = PlayNotation::empty();
    for pair in letters.chunks_exact(2) {
        let from = point(pair[0], side).ok_or("letters `a` to `z` after the dice")?;
        let to = point(pair[1], side).ok_or("letters `a` to `z` after the dice")?;
        if from == OFF {
            return Err("a move that starts on the board or the bar, not off (`z`)");
        }
        if to == BAR {
            return Err("a move that ends on the board or off, not on the bar (`y`)");
        }
        play.push(Hop {
            from,
            to,
            hit: false,
        });
    }
    Ok(play)
}

/// A move letter as a point in the mover's own numbering: `a`..`x` are
/// White's points 1..24 (Black's 24..1), `y` the mover's bar, `z` off.
pub(super) fn point(letter: u8, side: Side) -> Option<u8> {
    match letter {
        b'a'..=b'x' => {
            let index = letter - b'a';
            Some(match side {
                Side::First => index + 1,
                Side::Second => 24 - index,
            })
        }
        b'y' => Some(BAR),
        b'z' => Some(OFF),
        _ => None,
    }
}

/// Two dice `dd` (a `DI` value).
pub(super) fn parse_dice(value: &str) -> Option<Roll> {
    match value.trim().as_bytes() {
        [a @ b'1'..=b'6', b @ b'1'..=b'6'] => Roll::new(a - b'0', b - b'0'),
        _ => None,
    }
}

/// A point list entry: one letter or a range `a:y`, as letter indexes
/// 0..=25 (`a`..`z`), inclusive.
pub(super) fn parse_point_range(value: &str) -> Option<(u8, u8)> {
    let letter = |s: &str| match s.trim().as_bytes() {
        [l @ b'a'..=b'z'] => Some(l - b'a'),
        _ => None,
    };
    match value.split_once(':') {
        None => letter(value).map(|l| (l, l)),
        Some((a, b)) => {
            let (a, b) = (letter(a)?, letter(b)?);
            Some((a.min(b), a.max(b)))
        }
    }
}

/// `W`/`B` (any case, or a word starting with it) as a side.
pub(super) fn parse_player(value: &str) -> Option<Side> {
    match value.trim().as_bytes().first() {
        Some(b'W' | b'w') => Some(Side::First),
        Some(b'B' | b'b') => Some(Side::Second),
        _ => None,
    }
}

/// A `CP` value: `c` centred, `w`, `b`.
pub(super) fn parse_cube_owner(value: &str) -> Option<Option<Side>> {
    match value.trim() {
        "c" | "C" => Some(None),
        v => parse_player(v).filter(|_| v.len() == 1).map(Some),
    }
}

/// A non-negative number (a leading `+` and surrounding spaces allowed).
pub(super) fn parse_number(value: &str) -> Option<u32> {
    let v = value.trim();
    let v = v.strip_prefix('+').unwrap_or(v);
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

/// One `MI` value, `key:value`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum MatchInfo {
    /// `length:L`.
    Length(u32),
    /// `game:i` (0-based).
    Game(u32),
    /// `ws:a` / `bs:b`: the score of a side at the start of the game.
    Score(Side, u32),
    /// Another key, kept for forward compatibility.
    Other,
}

/// Reads an `MI` value.
///
/// # Errors
/// What was expected.
pub(super) fn parse_match_info(value: &str) -> Result<MatchInfo, &'static str> {
    let (key, number) = value
        .split_once(':')
        .ok_or("`key:value` (`length:7`, `game:0`, `ws:0`, `bs:0`)")?;
    let number = || {
        let n = number.trim();
        // GNU Backgammon reads negative numbers as 0.
        if n.starts_with('-') && n[1..].bytes().all(|b| b.is_ascii_digit()) && n.len() > 1 {
            return Some(0);
        }
        parse_number(n)
    };
    let key = key.trim();
    let info = match key {
        "length" => MatchInfo::Length(number().ok_or("a number after `length:`")?),
        "game" => MatchInfo::Game(number().ok_or("a number after `game:`")?),
        "ws" => MatchInfo::Score(Side::First, number().ok_or("a number after `ws:`")?),
        "bs" => MatchInfo::Score(Side::Second, number().ok_or("a number after `bs:`")?),
        _ => MatchInfo::Other,
    };
    Ok(info)
}

/// What an `RE` value says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// `W+n`, `B+nR`, `W+R`, ...
    Win {
        /// The winner.
        winner: Side,
        /// Points, when written.
        points: Option<u32>,
        /// `R` (or `Resign`) after the points.
        resigned: bool,
    },
    /// `0`, `Draw`, `Void`, `?`: no winner recorded.
    NoResult,
}

/// Reads an `RE` value.
///
/// # Errors
/// What was expected.
pub(super) fn parse_result(value: &str) -> Result<Outcome, &'static str> {
    const EXPECTED: &str = "a result like `W+2`, `B+1` or `B+4R`";
    let value = value.trim();
    if matches!(value, "" | "0" | "?") || value.eq_ignore_ascii_case("void") {
        return Ok(Outcome::NoResult);
    }
    if value.eq_ignore_ascii_case("draw") {
        return Ok(Outcome::NoResult);
    }
    let mut chars = value.char_indices();
    let winner = match chars.next() {
        Some((_, 'W' | 'w')) => Side::First,
        Some((_, 'B' | 'b')) => Side::Second,
        _ => return Err(EXPECTED),
    };
    if !matches!(chars.next(), Some((_, '+'))) {
        return Err(EXPECTED);
    }
    let rest = &value[2..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let points = if digits == 0 {
        None
    } else {
        Some(rest[..digits].parse::<u32>().map_err(|_| EXPECTED)?)
    };
    let suffix = &rest[digits..];
    let resigned = suffix.starts_with(['R', 'r']);
    let known = suffix.is_empty()
        || suffix.eq_ignore_ascii_case("r")
        || suffix.eq_ignore_ascii_case("resign")
        || suffix.eq_ignore_ascii_case("t")
        || suffix.eq_ignore_ascii_case("time")
        || suffix.eq_ignore_ascii_case("f")
        || suffix.eq_ignore_ascii_case("forfeit");
    if !known {
        return Err(EXPECTED);
    }
    Ok(Outcome::Win {
        winner,
        points,
        resigned,
    })
}

/// The rule words of an `RU` value (`Crawford:CrawfordGame:Jacoby`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Rules {
    /// `Crawford`: the match uses the Crawford rule.
    pub crawford: bool,
    /// `CrawfordGame`: this game is the Crawford game.
    pub crawford_game: bool,
    /// `Jacoby`.
    pub jacoby: bool,
    /// `NoCube`.
    pub no_cube: bool,
    /// `Nackgammon` or `Hypergammon1..3`, as the `Variation` tag value.
    pub variation: Option<&'static str>,
}

/// Reads an `RU` value; unknown words are ignored, as GNU Backgammon does.
pub(super) fn parse_rules(value: &str) -> Rules {
    let mut rules = Rules::default();
    for word in value.split(':').map(str::trim) {
        match word {
            "Crawford" => rules.crawford = true,
            "CrawfordGame" => rules.crawford_game = true,
            "Jacoby" => rules.jacoby = true,
            "NoCube" => rules.no_cube = true,
            "Nackgammon" => rules.variation = Some("Nackgammon"),
            "Hypergammon1" => rules.variation = Some("Hypergammon 1"),
            "Hypergammon2" => rules.variation = Some("Hypergammon 2"),
            "Hypergammon3" => rules.variation = Some("Hypergammon 3"),
            _ => {}
        }
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hops(m: &Move) -> String {
        match m {
            Move::Roll(dice, play) => format!("{dice}: {play}"),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn letters_are_absolute_points_read_from_the_movers_side() {
        // formats.md 2.3, checked against the .mat of the same match
        let cases = [
            ("41lpab", Side::Second, "41: 13/9 24/23"),
            ("31fehe", Side::First, "31: 6/5 8/5"),
            ("44ydgklplp", Side::Second, "44: bar/21 18/14 13/9 13/9"),
            ("63xuuo", Side::First, "63: 24/21 21/15"),
            ("54xzxz", Side::Second, "54: 1/off 1/off"),
            ("65", Side::Second, "65: "),
        ];
        for (value, side, expected) in cases {
            let m = parse_move(value, side);
            assert_eq!(m.as_ref().map(hops), Ok(expected.to_owned()), "{value}");
        }
    }

    #[test]
    fn cube_words_and_resignations_are_moves_too() {
        assert_eq!(parse_move("double", Side::First), Ok(Move::Double));
        assert_eq!(parse_move("take", Side::First), Ok(Move::Take));
        assert_eq!(parse_move(" drop ", Side::First), Ok(Move::Drop));
        assert_eq!(parse_move("resign:2", Side::First), Ok(Move::Resign));
        assert_eq!(parse_move("accept", Side::First), Ok(Move::ResignAnswer));
        assert!(parse_move("resigned", Side::First).is_err());
    }

    #[test]
    fn bad_moves_say_what_was_expected() {
        assert_eq!(parse_move("71ab", Side::First), Err("dice from 1 to 6"));
        assert_eq!(
            parse_move("31abc", Side::First),
            Err("letters in pairs (from, to) after the dice")
        );
        assert_eq!(
            parse_move("31aB", Side::First),
            Err("letters `a` to `z` after the dice")
        );
        assert!(parse_move("31za", Side::First).is_err());
        assert!(parse_move("31ay", Side::First).is_err());
        assert!(parse_move("", Side::First).is_err());
        assert!(parse_move(&"1".repeat(100_000), Side::First).is_err());
    }

    #[test]
    fn escapes_are_resolved() {
        assert_eq!(unescape("a\\]b\\\\c"), "a]b\\c");
        assert_eq!(unescape("a\\\nb\\\r\nc\\"), "abc");
        assert!(matches!(unescape("plain"), Cow::Borrowed("plain")));
    }

    #[test]
    fn match_info_values() {
        assert_eq!(parse_match_info("length:7"), Ok(MatchInfo::Length(7)));
        assert_eq!(parse_match_info("game:0"), Ok(MatchInfo::Game(0)));
        assert_eq!(
            parse_match_info("bs:3"),
            Ok(MatchInfo::Score(Side::Second, 3))
        );
        assert_eq!(
            parse_match_info("ws:-2"),
            Ok(MatchInfo::Score(Side::First, 0))
        );
        assert_eq!(parse_match_info("future:x"), Ok(MatchInfo::Other));
        assert!(parse_match_info("length:seven").is_err());
        assert!(parse_match_info("length").is_err());
    }

    #[test]
    fn results() {
        assert_eq!(
            parse_result("B+6R"),
            Ok(Outcome::Win {
                winner: Side::Second,
                points: Some(6),
                resigned: true
            })
        );
        assert_eq!(
            parse_result("W+2Resign"),
            Ok(Outcome::Win {
                winner: Side::First,
                points: Some(2),
                resigned: true
            })
        );
        assert_eq!(
            parse_result("W+1"),
            Ok(Outcome::Win {
                winner: Side::First,
                points: Some(1),
                resigned: false
            })
        );
        assert_eq!(parse_result("?"), Ok(Outcome::NoResult));
        assert!(parse_result("W+2x").is_err());
        assert!(parse_result("X+2").is_err());
        assert!(parse_result("W+99999999999").is_err());
    }

    #[test]
    fn rule_words() {
        let rules = parse_rules("NoCube:Crawford:CrawfordGame:Jacoby:Hypergammon2:Beaver");
        assert!(rules.crawford && rules.crawford_game && rules.jacoby && rules.no_cube);
        assert_eq!(rules.variation, Some("Hypergammon 2"));
        assert_eq!(parse_rules(""), Rules::default());
    }

    #[test]
    fn small_values() {
        assert_eq!(parse_point_range("a:y"), Some((0, 24)));
        assert_eq!(parse_point_range("y:a"), Some((0, 24)));
        assert_eq!(parse_point_range("q"), Some((16, 16)));
        assert_eq!(parse_point_range("ab"), None);
        assert_eq!(parse_cube_owner("c"), Some(None));
        assert_eq!(parse_cube_owner("b"), Some(Some(Side::Second)));
        assert_eq!(parse_cube_owner("x"), None);
        assert_eq!(parse_player("WhItE"), Some(Side::First));
        assert_eq!(parse_dice("52").map(|r| r.to_string()), Some("52".into()));
        assert_eq!(parse_dice("70"), None);
        assert_eq!(parse_number("12"), Some(12));
        assert_eq!(parse_number("1x"), None);
    }
}
