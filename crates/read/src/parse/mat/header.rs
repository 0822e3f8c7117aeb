//! Header lines: the match line, tags, `Game N` and the score line.
//!
//! ```text
//! match_line := ws* uint ws+ "point" ws+ "match" ws* | ws* "Money session" ws*
//! tag_line   := ";" ws* "[" key ws+ '"' value '"' ws* "]" ws*
//! game_line  := ws* "Game" ws+ uint ws*
//! score_line := name ":" ws* uint ws+ name ":" ws* uint ws*
//! ```
//! Words are read in any case. A name is any text: spaces, commas, accents,
//! colons not followed by a score; a trailing `,<digits>` is a rating.

use nom::character::complete::{space0, space1, u32 as uint};
use nom::combinator::{all_consuming, value};
use nom::{IResult, Parser};

use super::layout::number_at;
use crate::notation::skip_space_run;
use crate::parse::PlayerName;
use crate::side::ByPlayer;
use crate::swar;

/// `word` in any ASCII case. (nom's `tag_no_case` folds Unicode case char by
/// char, which costs more than the rest of a line.)
pub(super) fn tag_no_case<'a, E: nom::error::ParseError<&'a str>>(
    word: &'static str,
) -> impl Fn(&'a str) -> IResult<&'a str, &'a str, E> {
    move |input: &'a str| match (input.get(..word.len()), input.get(word.len()..)) {
        (Some(head), Some(rest)) if head.eq_ignore_ascii_case(word) => Ok((rest, head)),
        _ => Err(nom::Err::Error(E::from_error_kind(
            input,
            nom::error::ErrorKind::Tag,
        ))),
    }
}

/// The match length of a match line (`0` for a money session).
pub(super) fn match_line(text: &str) -> Option<u32> {
    let tail = text.trim_ascii_end().as_bytes();
    // Most lines are passed by their last byte.
    if !matches!(tail.last(), Some(b'h' | b'H' | b'n' | b'N')) {
        return None;
    }
    let ends_with = |word: &str| {
        let text = tail;
        text.len() >= word.len()
            && text
                .get(text.len() - word.len()..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(word.as_bytes()))
    };
    if !ends_with("match") && !ends_with("session") {
        return None;
    }
    // The common spelling, spaces then up to four digits and ` point
    // match`, read at once; any other by the grammar, which reads these the
    // same way.
    let head = text.trim_start_matches(' ').as_bytes();
    if let Some((length, digits)) = number_at(head, 4)
        && head.get(digits..) == Some(b" point match")
    {
        return Some(length);
    }
    let first = *text.trim_ascii_start().as_bytes().first()?;
    if first.is_ascii_digit() {
        point_match(text)
    } else if first == b'M' || first == b'm' {
        all_consuming((
            space0::<&str, nom::error::Error<&str>>,
            value(0, (tag_no_case("money"), space1, tag_no_case("session"))),
            space0,
        ))
        .parse(text)
        .ok()
        .map(|(_, (_, length, _))| length)
    } else {
        None
    }
}

/// The digits of a match line whose length is too large for a number
/// (`99999999999999999999 point match`): a match line all the same, with a
/// length out of range.
pub(super) fn oversized_length(text: &str) -> Option<&str> {
    let text = text.trim();
    let (digits, rest) = text.split_at(text.find(|c: char| !c.is_ascii_digit())?);
    let mut words = rest.split_whitespace();
    let shape = rest.starts_with(char::is_whitespace)
        && words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("point"))
        && words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("match"))
        && words.next().is_none();
    (shape && !digits.is_empty() && digits.parse::<u32>().is_err()).then_some(digits)
}

/// The length of an `N point match` line, by the grammar.
fn point_match(text: &str) -> Option<u32> {
    all_consuming((
        space0::<&str, nom::error::Error<&str>>,
        uint,
        space1,
        tag_no_case("point"),
        space1,
        tag_no_case("match"),
        space0,
    ))
    .parse(text)
    .ok()
    .map(|(_, (_, length, ..))| length)
}

/// The number of a `Game N` line.
pub(super) fn game_line(text: &str) -> Option<u32> {
    // The common spelling, spaces then `Game`, one space and up to four
    // digits, read at once; any other by the grammar, which reads these
    // the same way.
    if let Some(rest) = text
        .trim_start_matches(' ')
        .as_bytes()
        .strip_prefix(b"Game ")
        && let Some((number, digits)) = number_at(rest, 4)
        && digits == rest.len()
    {
        return Some(number);
    }
    game_number(text)
}

/// The number of a `Game N` line, by the grammar.
fn game_number(text: &str) -> Option<u32> {
    all_consuming((
        space0::<&str, nom::error::Error<&str>>,
        tag_no_case("game"),
        space1,
        uint,
        space0,
    ))
    .parse(text)
    .ok()
    .map(|(_, (_, _, _, number, _))| number)
}

/// The key and value of a `; [Key "value"]` tag line.
pub(super) fn tag_line(text: &str) -> Option<(&str, &str)> {
    let inside = text
        .trim()
        .strip_prefix(';')?
        .trim_start()
        .strip_prefix('[')?
        .strip_suffix(']')?
        .trim_end();
    let (key, quoted) = inside.split_once('"')?;
    let value = quoted.strip_suffix('"')?;
    let key = key.trim();
    (!key.is_empty()).then_some((key, value))
}

/// Splits a trailing `,<rating>` (digits, maybe with a decimal point) off a
/// name.
pub(super) fn split_rating(name: &str) -> PlayerName<'_> {
    if let Some((head, rating)) = name.rsplit_once(',') {
        let digits = rating.bytes().filter(u8::is_ascii_digit).count();
        if digits > 0 && rating.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return PlayerName {
                name: head.trim_end(),
                rating: Some(rating),
            };
        }
    }
    PlayerName { name, rating: None }
}

/// A score line: both names (ratings split off) and both scores, with the
/// byte offsets of the names in the line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct ScoreLine<'a> {
    /// The players, left first.
    pub names: ByPlayer<PlayerName<'a>>,
    /// The scores as written.
    pub scores: ByPlayer<u32>,
}

/// A `:` followed by blanks and a number that ends at a blank or the line
/// end: (offset of the colon, the number, offset after it).
fn score_at(bytes: &[u8], from: usize) -> Option<(usize, u32, usize)> {
    let mut i = from;
    loop {
        let colon = i + bytes.get(i..)?.iter().position(|&b| b == b':')?;
        if let Some((score, end)) = score_after(bytes, colon) {
            return Some((colon, score, end));
        }
        i = colon + 1;
    }
}

/// After the `:` at `colon`, blanks and a number that ends at a blank or
/// the line end: the number and the offset after it.
fn score_after(bytes: &[u8], colon: usize) -> Option<(u32, usize)> {
    let mut j = colon + 1;
    while bytes.get(j).is_some_and(|&b| b == b' ' || b == b'\t') {
        j += 1;
    }
    let digits = bytes.get(j..).map_or(0, |rest| {
        rest.iter().take_while(|b| b.is_ascii_digit()).count()
    });
    let end = j + digits;
    if digits > 0 && digits <= 9 && bytes.get(end).is_none_or(|&b| b == b' ' || b == b'\t') {
        let score = bytes
            .get(j..end)?
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        return Some((score, end));
    }
    None
}

/// `str::trim`, with the runs of ASCII blanks between a score line's
/// columns skipped byte by byte before the general whitespace test (which
/// then sees only the ends left over: same result, a few instructions per
/// blank instead of a character decode).
fn trim(text: &str) -> &str {
    text.trim_ascii().trim()
}

/// Reads a score line: `name : score   name : score`.
///
/// One pass finds the scores' colons and the names' edges at once; where a
/// name or the end of the line holds a byte other than printable ASCII or
/// the space (so a blank other than the space may be at an edge), the line
/// is read again by [`score_line_general`], which gives the same result.
pub(super) fn score_line(text: &str) -> Option<ScoreLine<'_>> {
    let bytes = text.as_bytes();
    let mut plain = true;
    // Each name as (its first non-space, the end of its last non-space,
    // whether it holds a comma, before which a rating may be written).
    let mut names = [(0, 0, false); 2];
    let mut scores = [0; 2];
    let mut found = 0;
    // The edges of the name being read; no non-space yet while `first` is
    // past the end.
    let (mut first, mut last, mut comma) = (usize::MAX, 0, false);
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b' ' {
            // The columns are apart by runs of spaces.
            i = skip_space_run(bytes, i + 1);
            continue;
        }
        if b == b':'
            && let Some((score, end)) = score_after(bytes, i)
        {
            let (Some(name), Some(slot)) = (names.get_mut(found), scores.get_mut(found)) else {
                break;
            };
            *name = if first == usize::MAX {
                (i, i, false)
            } else {
                (first, last, comma)
            };
            *slot = score;
            found += 1;
            first = usize::MAX;
            comma = false;
            i = end;
            if found == 2 {
                break;
            }
            continue;
        }
        // A name's bytes: a run of printable ASCII other than the space
        // and `:` eight at a time, then byte by byte.
        let run = bytes
            .get(i..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or((0, false), |chunk| name_run(u64::from_le_bytes(*chunk)));
        if run.0 > 0 {
            first = first.min(i);
            comma |= run.1;
            i += run.0;
            last = i;
            continue;
        }
        plain &= b.wrapping_sub(b' ') < 0x5f;
        first = first.min(i);
        comma |= b == b',';
        i += 1;
        last = i;
    }
    if found < 2 {
        return None;
    }
    let rest_blank = bytes
        .get(i..)
        .is_some_and(|rest| rest.iter().all(|&b| b == b' '));
    if !plain || !rest_blank {
        return score_line_general(text);
    }
    let [first, second] = names.map(|(start, end, comma)| {
        let name = text.get(start..end).unwrap_or_default();
        if comma {
            split_rating(name)
        } else {
            PlayerName { name, rating: None }
        }
    });
    Some(ScoreLine {
        names: ByPlayer::new(first, second),
        scores: ByPlayer::new(scores[0], scores[1]),
    })
}

/// In the eight bytes of `word` (little-endian), the bytes before the
/// first that is no printable ASCII, a space or a `:`: how many, and
/// whether a `,` is among them.
fn name_run(word: u64) -> (usize, bool) {
    let equal = |b: u8| swar::equal(word, b);
    // Below `!` (controls and the space), non-ASCII, DEL and `:`.
    let stops = swar::below(word, b'!') | (word & swar::HIGH) | equal(0x7F) | equal(b':');
    // The bits of the bytes before the first stop (all when none).
    let before = (stops & stops.wrapping_neg()).wrapping_sub(1);
    (swar::first_set_byte(stops), equal(b',') & before != 0)
}

/// [`score_line`] piece by piece, for any text.
fn score_line_general(text: &str) -> Option<ScoreLine<'_>> {
    let bytes = text.as_bytes();
    let (colon1, score1, end1) = score_at(bytes, 0)?;
    let (colon2, score2, end2) = score_at(bytes, end1)?;
    if !trim(text.get(end2..)?).is_empty() {
        return None;
    }
    let first = trim(text.get(..colon1)?);
    let second = trim(text.get(end1..colon2)?);
    Some(ScoreLine {
        names: ByPlayer::new(split_rating(first), split_rating(second)),
        scores: ByPlayer::new(score1, score2),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(line: &str) -> (&str, Option<&str>, u32, &str, Option<&str>, u32) {
        let s = score_line(line).unwrap_or_else(|| panic!("{line}"));
        (
            s.names.first.name,
            s.names.first.rating,
            s.scores.first,
            s.names.second.name,
            s.names.second.rating,
            s.scores.second,
        )
    }

    #[test]
    fn match_lines_of_every_dialect() {
        assert_eq!(match_line(" 7 point match"), Some(7));
        assert_eq!(match_line("13 point match"), Some(13));
        assert_eq!(match_line("0 point match"), Some(0));
        assert_eq!(match_line(" 5 Point Match  "), Some(5));
        assert_eq!(match_line("Money session"), Some(0));
        assert_eq!(match_line("5 points match (Cube: 1)"), None);
        assert_eq!(match_line("point match"), None);
        assert_eq!(match_line("99999999999999999999 point match"), None);
        assert_eq!(
            oversized_length(" 99999999999999999999 point match "),
            Some("99999999999999999999")
        );
        assert_eq!(oversized_length("4294967295 point match"), None);
        assert_eq!(oversized_length("99999999999999999999 points"), None);
        assert_eq!(match_line("  1) 61: 13/7"), None);
        assert_eq!(match_line(" 0007 point match"), Some(7));
        assert_eq!(match_line("7 point  match"), Some(7));
        assert_eq!(match_line("\t7\tpoint match\t"), Some(7));
        assert_eq!(match_line(" 4294967295 point match"), Some(u32::MAX));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The common spelling read at once gives what the grammar gives.
        #[test]
        fn match_lines_read_at_once_as_the_grammar_reads_them(
            text in "[ \t]{0,3}[0-9]{0,6}[ \t]{0,2}(point|Point|points)[ ]{1,2}(match|Match|matches)[ ]{0,1}",
        ) {
            proptest::prop_assert_eq!(match_line(&text), point_match(&text));
        }
    }

    #[test]
    fn game_lines_with_and_without_indent() {
        assert_eq!(game_line(" Game 1"), Some(1));
        assert_eq!(game_line("Game 12 "), Some(12));
        assert_eq!(game_line(" Game statistics for game 1"), None);
        assert_eq!(game_line(" Gamer : 0     Game 2 : 0"), None);
        assert_eq!(game_line(" Game 0012"), Some(12));
        assert_eq!(game_line("\t game  3\t"), Some(3));
        assert_eq!(game_line(" Game 4294967296"), None);
        assert_eq!(game_line(" Game 4294967295"), Some(u32::MAX));
        assert_eq!(game_line(" Game "), None);
        assert_eq!(game_line(" Game 1a"), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The common spelling read at once gives what the grammar gives.
        #[test]
        fn game_lines_read_at_once_as_the_grammar_reads_them(
            text in "[ \t]{0,3}(Game|game|GAME|Gamer)[ \t]{0,2}[0-9]{0,6}[ a]{0,1}",
        ) {
            proptest::prop_assert_eq!(game_line(&text), game_number(&text));
        }
    }

    #[test]
    fn tags_keep_keys_with_spaces_and_empty_values() {
        assert_eq!(
            tag_line("; [Player 1 Elo \"1600.00/0\"]"),
            Some(("Player 1 Elo", "1600.00/0"))
        );
        assert_eq!(tag_line("; [Site \"\"]  \r"), Some(("Site", "")));
        assert_eq!(
            tag_line(";[Video \"https://x/?v=1&t=2\"]"),
            Some(("Video", "https://x/?v=1&t=2"))
        );
        assert_eq!(tag_line("; comment"), None);
        assert_eq!(tag_line("; [Crawford]"), None);
    }

    #[test]
    fn score_lines_of_every_dialect() {
        assert_eq!(
            names(" charlot1 : 0                   charlot2 : 0"),
            ("charlot1", None, 0, "charlot2", None, 0)
        );
        assert_eq!(
            names(" 1989,1529 : 0                    nori,1723 : 3"),
            ("1989", Some("1529"), 0, "nori", Some("1723"), 3)
        );
        assert_eq!(
            names(" Matthew Montgomery : 0                Simon Lockwood : 10"),
            ("Matthew Montgomery", None, 0, "Simon Lockwood", None, 10)
        );
        assert_eq!(
            names(" Sir_Plover: 0                            tester: 0   "),
            ("Sir_Plover", None, 0, "tester", None, 0)
        );
        assert_eq!(
            names(" chouehandle : 0                       Bot1: 2"),
            ("chouehandle", None, 0, "Bot1", None, 2)
        );
        assert_eq!(
            names(" Jos\u{e9} Mar\u{ed}a : 4       Fran\u{e7}ois : 1"),
            ("Jos\u{e9} Mar\u{ed}a", None, 4, "Fran\u{e7}ois", None, 1)
        );
        assert_eq!(names(" : 0         : 0"), ("", None, 0, "", None, 0));
        assert_eq!(
            names(" Dr. No: Yes : 1     Bond : 2"),
            ("Dr. No: Yes", None, 1, "Bond", None, 2)
        );
    }

    #[test]
    fn blanks_trimmed_as_by_str_trim() {
        for text in [
            "",
            " ",
            "  a b  ",
            "\t\u{b} x \u{a0}",
            "\u{3000} y\u{b}\t ",
            "\u{a0}\u{a0}",
            " \u{2003} z \u{2003} ",
        ] {
            assert_eq!(trim(text), text.trim(), "{text:?}");
        }
    }

    #[test]
    fn one_pass_score_lines_as_read_piece_by_piece() {
        let pieces = [
            " ",
            "  ",
            "\t",
            "\u{b}",
            "\u{a0}",
            ":",
            " : ",
            ": 0",
            " : 12",
            ":3",
            " : 1234567890",
            "a",
            "Bob",
            "x,1500",
            ",",
            ",1.5",
            "\u{e9}",
            "0",
            "99",
            " 5 ",
            "\r",
            "#",
            "Montgomery",
            "Sir_Plover,1723",
            "abcdefg:",
            "\u{7f}",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let line = format!("{a}{b}{c}{d}");
                        assert_eq!(score_line(&line), score_line_general(&line), "{line:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0);
        for line in [
            " Rupert : 0                     Niaj : 0",
            " 1989,1529 : 0                    nori,1723 : 3",
            " Sir_Plover: 0                            tester: 0   ",
            " Dr. No: Yes : 1     Bond : 2",
            " a : 0 b : 1 c : 2",
            " : 0         : 0",
            "\u{a0}Ann : 1   Bo : 2\u{a0}",
            " Ann : 1   Bo : 2 \t",
        ] {
            assert_eq!(score_line(line), score_line_general(line), "{line:?}");
        }
    }

    #[test]
    fn name_runs_stop_at_the_first_other_byte() {
        for (text, run) in [
            (&b"Rupert :"[..], (6, false)),
            (b"nori,172", (8, true)),
            (b"abcdefgh", (8, false)),
            (b"a,b:c,de", (3, true)),
            (b"ab:c,def", (2, false)),
            (b" abcdefg", (0, false)),
            (b"abc\tdefg", (3, false)),
            (b"abc\x7fde,f", (3, false)),
            (b"ab\xc3\xa9,def", (2, false)),
            (b"~!,#$%^&", (8, true)),
        ] {
            let chunk = text.first_chunk::<8>().unwrap();
            assert_eq!(name_run(u64::from_le_bytes(*chunk)), run, "{text:?}");
        }
    }

    #[test]
    fn rows_and_half_score_lines_are_not_score_lines() {
        assert_eq!(
            score_line("  2) 31: 8/5 6/5                 51: 13/8"),
            None
        );
        assert_eq!(score_line(" Rupert : 0"), None);
        assert_eq!(score_line(" a : 0   b : 0  c"), None);
    }
}
