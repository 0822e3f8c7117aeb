//! The game stream (`temp.xg`): fixed 2,560-byte records.
//!
//! Every record starts with two unused pointers (8 bytes) and its type
//! byte; the fields follow with Delphi's natural alignment (a 4-byte number
//! at a multiple of 4, a `Double` at a multiple of 8, a wide string at a
//! multiple of 2). Only the fields a transcript needs are decoded; the
//! analysis (evaluations, candidate moves, rollout indexes, errors, luck)
//! is skipped over without being read.
//!
//! | type | record        | decoded                                          |
//! | ---- | ------------- | ------------------------------------------------ |
//! | 0    | match header  | players, length, variation, Crawford, Jacoby, beaver, cube limit, date, event, place, round, transcriber, comments, version, the `DMLI` mark |
//! | 1    | game header   | start scores, Crawford game, initial position, number, automatic doubles, comments |
//! | 2    | cube          | player, double, take/beaver, raccoon, cube before, position, dice rolled after, edited, comment |
//! | 3    | move          | player, position before, from/to pairs, dice, played, invalid, edited, comment |
//! | 4    | game footer   | scores after, winner, points, termination       |
//! | 5    | match footer  | final scores, winner                             |
//! | 6, 7 | unused        | nothing                                          |
//!
//! Fields added in later versions of the format (Unicode names in 24, the
//! transcriber in 30, the cube limit in 8, automatic doubles in 26) are read
//! only from files of those versions.

use nom::bytes::complete::take;
use nom::combinator::{map, value};
use nom::multi::fill;
use nom::number::complete::{le_f64, le_i8, le_i32, le_u8};
use nom::{IResult, Parser};

use super::container::wide_string;

/// Size of every record.
pub const RECORD_SIZE: usize = 2560;
/// The mark every match header carries (`DMLI` in file order).
pub const MATCH_MAGIC: i32 = 0x494C_4D44;
/// The format version that added the Unicode names.
const UNICODE_VERSION: i32 = 24;

/// A board as eXtreme Gammon stores it, from one player's side: index 0 is
/// the opponent's bar, 1..=24 the points, 25 the player's own bar; positive
/// counts are the player's checkers, negative the opponent's.
pub type Board = [i8; 26];

/// The match header record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchHeader {
    /// Player names (Unicode from version 24, else the ANSI names).
    pub players: [String; 2],
    /// Match length; 99999 for a money session.
    pub length: i32,
    /// 0 backgammon, 1 Nackgammon, 2 Hypergammon, 3 Longgammon.
    pub variation: i32,
    /// Crawford rule in use.
    pub crawford: bool,
    /// Jacoby rule in use.
    pub jacoby: bool,
    /// Beavers allowed.
    pub beaver: bool,
    /// Automatic doubles in use.
    pub auto_double: bool,
    /// Date and time (Delphi: days since 1899-12-30).
    pub date: f64,
    /// Event name.
    pub event: String,
    /// The match's id (negated when the players were swapped).
    pub game_id: i32,
    /// Where it was played.
    pub place: String,
    /// Round.
    pub round: String,
    /// Format version.
    pub version: i32,
    /// Must be [`MATCH_MAGIC`].
    pub magic: i32,
    /// Index of the match's opening comment in the comment stream, or -1.
    pub comment_header: i32,
    /// Index of the match's closing comment, or -1.
    pub comment_footer: i32,
    /// The cube limit as a power of two (10: 1024), from version 8.
    pub cube_limit: Option<i32>,
    /// Who transcribed it (version 30).
    pub transcriber: String,
}

/// The game header record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHeader {
    /// Scores at the start of the game.
    pub scores: [i32; 2],
    /// This is the Crawford game.
    pub crawford: bool,
    /// The starting position (all zeros: the variation's usual one).
    pub position: Board,
    /// Game number, from 1.
    pub number: i32,
    /// The game is still in progress.
    pub in_progress: bool,
    /// Index of the game's opening comment, or -1.
    pub comment_header: i32,
    /// Index of the game's closing comment, or -1.
    pub comment_footer: i32,
    /// Automatic doubles before the first roll (version 26).
    pub auto_doubles: i32,
}

/// A cube decision record: one per turn, before the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cube {
    /// Player on roll: 1 or -1.
    pub active: i32,
    /// Doubled: 1; 0 no; negative when no decision was possible or made.
    pub double: i32,
    /// The answer: 0 drop, 1 take, 2 beaver; -1 none.
    pub take: i32,
    /// The doubler's answer to a beaver: 2 is a raccoon.
    pub beaver_answer: i32,
    /// The answer to a raccoon.
    pub raccoon_answer: i32,
    /// The cube before: 0 centred, +n = 2^n owned by player 1, -n by player 2.
    pub cube: i32,
    /// The position, from the player on roll's side.
    pub position: Board,
    /// The dice rolled after the decision, as two digits (`77`: none).
    pub dice_rolled: [u8; 2],
    /// 0 valid, 1 error, 2 invalid.
    pub invalid: i32,
    /// Index of the comment, or -1.
    pub comment: i32,
    /// The position was edited at this point.
    pub edited: bool,
}

/// A checker play record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The position before the play, from the mover's side.
    pub position: Board,
    /// Player: 1 or -1.
    pub active: i32,
    /// From/to pairs, 0-based from the mover's side (24 = bar, negative
    /// `to` = off); a `from` of -1 ends the list.
    pub moves: [i32; 8],
    /// The dice.
    pub dice: [i32; 2],
    /// The move was played (false: the roll has no play, as when the game
    /// ended before it).
    pub played: bool,
    /// 0 valid, 1 error, 2 invalid (eXtreme Gammon stored a play it knows
    /// is illegal).
    pub invalid: i32,
    /// Index of the comment, or -1.
    pub comment: i32,
    /// The position was edited at this point.
    pub edited: bool,
}

/// The game footer record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFooter {
    /// Scores after the game.
    pub scores: [i32; 2],
    /// The next game is the Crawford game.
    pub crawford_next: bool,
    /// 1 player 1, -1 player 2, 0 nobody (unfinished).
    pub winner: i32,
    /// Points won.
    pub points: i32,
    /// 0 drop, 1 single, 2 gammon, 3 backgammon; +100 resigned, +1000
    /// settled.
    pub termination: i32,
}

/// The match footer record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchFooter {
    /// Final scores.
    pub scores: [i32; 2],
    /// 1 player 1, -1 player 2.
    pub winner: i32,
}

/// One record of the game stream.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// Type 0.
    MatchHeader(Box<MatchHeader>),
    /// Type 1.
    GameHeader(GameHeader),
    /// Type 2.
    Cube(Cube),
    /// Type 3.
    Move(Move),
    /// Type 4.
    GameFooter(GameFooter),
    /// Type 5.
    MatchFooter(MatchFooter),
    /// Types 6 and 7, which the format reserves and never fills.
    Unused(u8),
}

impl Record {
    /// What the record is, for messages.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Record::MatchHeader(_) => "a match header",
            Record::GameHeader(_) => "a game header",
            Record::Cube(_) => "a cube record",
            Record::Move(_) => "a move record",
            Record::GameFooter(_) => "a game footer",
            Record::MatchFooter(_) => "a match footer",
            Record::Unused(_) => "an unused record",
        }
    }
}

/// Skips `n` bytes (padding or fields not needed).
fn skip<'i>(n: usize) -> impl Parser<&'i [u8], Output = (), Error = nom::error::Error<&'i [u8]>> {
    value((), take(n))
}

fn boolean(input: &[u8]) -> IResult<&[u8], bool> {
    map(le_u8, |b| b != 0).parse(input)
}

fn board(input: &[u8]) -> IResult<&[u8], Board> {
    let mut board = [0i8; 26];
    let (input, ()) = fill(le_i8, &mut board).parse(input)?;
    Ok((input, board))
}

/// A Delphi `string[n]`: a length byte and `n` bytes of ANSI text.
fn ansi<'i>(
    n: usize,
) -> impl Parser<&'i [u8], Output = String, Error = nom::error::Error<&'i [u8]>> {
    map((le_u8, take(n)), move |(length, body): (u8, &[u8])| {
        let text = body.get(..usize::from(length)).unwrap_or(body);
        let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(text);
        text.into_owned()
    })
}

/// A `TShortUnicodeString`: 129 UTF-16 units, NUL-terminated.
fn unicode(input: &[u8]) -> IResult<&[u8], String> {
    map(take(258usize), wide_string).parse(input)
}

fn match_header(input: &[u8]) -> IResult<&[u8], MatchHeader> {
    let (input, (player1, player2, (), length, variation)) =
        (ansi(40), ansi(40), skip(1), le_i32, le_i32).parse(input)?;
    let (input, (crawford, jacoby, beaver, auto_double, (), date)) =
        (boolean, boolean, boolean, boolean, skip(16 + 8), le_f64).parse(input)?;
    let (input, (event, (), game_id, (), place, (), (), round, ())) = (
        ansi(128),
        skip(3),
        le_i32,
        skip(4 + 4 + 3),
        ansi(128),
        skip(4), // game mode
        skip(1), // imported
        ansi(128),
        skip(2 + 4), // padding, invert
    )
        .parse(input)?;
    let (input, (version, magic, (), comment_header, comment_footer)) =
        (le_i32, le_i32, skip(12 + 3 + 1), le_i32, le_i32).parse(input)?;
    // Money stakes, currency, fee, site: 28 bytes.
    let (
        input,
        ((), cube_limit, (), (), (), unicode_event, player1_w, player2_w, place_w, round_w),
    ) = (
        skip(1 + 3 + 24),
        le_i32,
        skip(4), // automatic doubles at most
        skip(1), // transcribed
        skip(1),
        unicode,
        unicode,
        unicode,
        unicode,
        unicode,
    )
        .parse(input)?;
    let (input, ((), transcriber)) = (skip(32 + 16), unicode).parse(input)?;
    let modern = version >= UNICODE_VERSION;
    let pick = |wide: String, narrow: String| {
        if modern && !wide.is_empty() {
            wide
        } else {
            narrow
        }
    };
    Ok((
        input,
        MatchHeader {
            players: [pick(player1_w, player1), pick(player2_w, player2)],
            length,
            variation,
            crawford,
            jacoby,
            beaver,
            auto_double,
            date,
            event: pick(unicode_event, event),
            game_id,
            place: pick(place_w, place),
            round: pick(round_w, round),
            version,
            magic,
            comment_header,
            comment_footer,
            cube_limit: (version >= 8).then_some(cube_limit),
            transcriber: if version >= 30 {
                transcriber
            } else {
                String::new()
            },
        },
    ))
}

fn game_header(input: &[u8], version: i32) -> IResult<&[u8], GameHeader> {
    let (input, ((), score1, score2, crawford, position, (), number, in_progress, ())) = (
        skip(3),
        le_i32,
        le_i32,
        boolean,
        board,
        skip(1),
        le_i32,
        boolean,
        skip(3),
    )
        .parse(input)?;
    let (input, (comment_header, comment_footer, auto_doubles)) =
        (le_i32, le_i32, le_i32).parse(input)?;
    Ok((
        input,
        GameHeader {
            scores: [score1, score2],
            crawford,
            position,
            number,
            in_progress,
            comment_header,
            comment_footer,
            auto_doubles: if version >= 26 { auto_doubles } else { 0 },
        },
    ))
}

fn cube(input: &[u8]) -> IResult<&[u8], Cube> {
    let (input, ((), active, double, answer, beaver_answer, raccoon_answer, cube, position)) = (
        skip(3),
        le_i32,
        le_i32,
        le_i32,
        le_i32,
        le_i32,
        le_i32,
        board,
    )
        .parse(input)?;
    // Padding, the double analysis (132 bytes), padding, the cube error.
    let (input, ((), (dice_len, dice), (), invalid)) = (
        skip(2 + 132 + 4 + 8),
        (le_u8, take(2usize)),
        // Padding, take error, rollout index, computer choice, analysis
        // level, padding, beaver and raccoon errors, requested level.
        skip(5 + 8 + 4 + 4 + 4 + 4 + 8 + 8 + 4),
        le_i32,
    )
        .parse(input)?;
    // Tutor choices, padding, tutor errors, flag, padding.
    let (input, (comment, edited)) =
        ((skip(2 + 6 + 16 + 1 + 3), le_i32).map(|(_, c)| c), boolean).parse(input)?;
    let dice_rolled = match (dice_len, dice) {
        (2, &[a, b]) => [a, b],
        _ => [0, 0],
    };
    Ok((
        input,
        Cube {
            active,
            double,
            take: answer,
            beaver_answer,
            raccoon_answer,
            cube,
            position,
            dice_rolled,
            invalid,
            comment,
            edited,
        },
    ))
}

fn checker_move(input: &[u8]) -> IResult<&[u8], Move> {
    let mut moves = [0i32; 8];
    let (input, (position, _end, (), active)) = (board, board, skip(3), le_i32).parse(input)?;
    let (input, ()) = fill(le_i32, &mut moves).parse(input)?;
    let (input, (dice1, dice2)) = (le_i32, le_i32).parse(input)?;
    // Cube, unused error, candidate count, the analysis (2184).
    let (input, ((), played)) = (skip(4 + 8 + 4 + 2184), boolean).parse(input)?;
    // Padding, errors, choice, padding, equity, rollout indexes, levels.
    let (input, ((), invalid)) =
        (skip(3 + 8 + 8 + 4 + 4 + 8 + 128 + 4 + 4), le_i32).parse(input)?;
    // Tutor position and choice, padding, tutor error, flag, padding.
    let (input, ((), comment, edited)) =
        (skip(26 + 1 + 1 + 8 + 1 + 3), le_i32, boolean).parse(input)?;
    Ok((
        input,
        Move {
            position,
            active,
            moves,
            dice: [dice1, dice2],
            played,
            invalid,
            comment,
            edited,
        },
    ))
}

fn game_footer(input: &[u8]) -> IResult<&[u8], GameFooter> {
    let (input, ((), score1, score2, crawford_next, (), winner, points, termination)) = (
        skip(3),
        le_i32,
        le_i32,
        boolean,
        skip(3),
        le_i32,
        le_i32,
        le_i32,
    )
        .parse(input)?;
    Ok((
        input,
        GameFooter {
            scores: [score1, score2],
            crawford_next,
            winner,
            points,
            termination,
        },
    ))
}

fn match_footer(input: &[u8]) -> IResult<&[u8], MatchFooter> {
    let (input, ((), score1, score2, winner)) = (skip(3), le_i32, le_i32, le_i32).parse(input)?;
    Ok((
        input,
        MatchFooter {
            scores: [score1, score2],
            winner,
        },
    ))
}

/// Decodes one record (`input` is at least [`RECORD_SIZE`] bytes; only the
/// first record is read). `version` is the file's, from its match header
/// (use the header's own for the header). `None` for an unknown type.
#[must_use]
pub fn record(input: &[u8], version: i32) -> Option<Record> {
    let input = input.get(..RECORD_SIZE)?;
    let (body, entry_type) = (skip(8), le_u8).map(|((), t)| t).parse(input).ok()?;
    let parsed = match entry_type {
        0 => match_header(body).map(|(i, r)| (i, Record::MatchHeader(Box::new(r)))),
        1 => game_header(body, version).map(|(i, r)| (i, Record::GameHeader(r))),
        2 => cube(body).map(|(i, r)| (i, Record::Cube(r))),
        3 => checker_move(body).map(|(i, r)| (i, Record::Move(r))),
        4 => game_footer(body).map(|(i, r)| (i, Record::GameFooter(r))),
        5 => match_footer(body).map(|(i, r)| (i, Record::MatchFooter(r))),
        6 | 7 => Ok((body, Record::Unused(entry_type))),
        _ => return None,
    };
    // Every layout fits in the record: a failure here would be a layout bug.
    parsed.ok().map(|(_, r)| r)
}

/// The type byte of a record, when `input` holds one.
#[must_use]
pub fn entry_type(input: &[u8]) -> Option<u8> {
    input.get(8).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(record: &mut [u8], at: usize, bytes: &[u8]) {
        record[at..at + bytes.len()].copy_from_slice(bytes);
    }

    #[test]
    fn fields_are_read_at_their_aligned_offsets() {
        let mut r = vec![0u8; RECORD_SIZE];
        r[8] = 3;
        put(&mut r, 9, &[1; 26]);
        put(&mut r, 64, &(-1i32).to_le_bytes());
        for (k, v) in [12, 7, 23, 22, -1, -1, -1, -1].iter().enumerate() {
            put(&mut r, 68 + 4 * k, &i32::to_le_bytes(*v));
        }
        put(&mut r, 100, &5i32.to_le_bytes());
        put(&mut r, 104, &1i32.to_le_bytes());
        r[2308] = 1;
        put(&mut r, 2480, &2i32.to_le_bytes());
        put(&mut r, 2524, &7i32.to_le_bytes());
        r[2528] = 1;
        let Some(Record::Move(m)) = record(&r, 32) else {
            panic!("not a move");
        };
        assert_eq!(m.position, [1; 26]);
        assert_eq!(m.active, -1);
        assert_eq!(m.moves, [12, 7, 23, 22, -1, -1, -1, -1]);
        assert_eq!(m.dice, [5, 1]);
        assert!(m.played && m.edited);
        assert_eq!((m.invalid, m.comment), (2, 7));

        let mut c = vec![0u8; RECORD_SIZE];
        c[8] = 2;
        for (k, v) in [1, 1, 2, 2, 1, -3].iter().enumerate() {
            put(&mut c, 12 + 4 * k, &i32::to_le_bytes(*v));
        }
        put(&mut c, 208, b"\x0252");
        put(&mut c, 260, &1i32.to_le_bytes());
        put(&mut c, 292, &4i32.to_le_bytes());
        c[296] = 1;
        let Some(Record::Cube(cube)) = record(&c, 32) else {
            panic!("not a cube");
        };
        assert_eq!(
            (
                cube.active,
                cube.double,
                cube.take,
                cube.beaver_answer,
                cube.raccoon_answer,
                cube.cube
            ),
            (1, 1, 2, 2, 1, -3)
        );
        assert_eq!(cube.dice_rolled, *b"52");
        assert_eq!((cube.invalid, cube.comment, cube.edited), (1, 4, true));
    }

    #[test]
    fn short_or_unknown_records_give_none() {
        assert_eq!(record(&[0; 100], 30), None);
        let mut r = vec![0u8; RECORD_SIZE];
        r[8] = 9;
        assert_eq!(record(&r, 30), None);
        r[8] = 6;
        assert_eq!(record(&r, 30), Some(Record::Unused(6)));
    }
}
