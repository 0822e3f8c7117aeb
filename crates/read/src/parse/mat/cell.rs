//! One cell: what it says, as an [`ActionKind`].
//!
//! ```text
//! cell     := roll | hidden | cube | answer | result | resign
//! roll     := digit digit ":" ws* roll_end
//! roll_end := "" | "Cannot Move" | "Can't Move" | hidden
//!           | "Concedes" | "Resigns"                (the roller conceded)
//!           | "Illegal play" ws* ( "(" 40 fields ")" )?
//!           | play                                  (see crate::notation)
//! hidden   := "???" "?"?                            (alone: no dice either)
//! cube     := ("Doubles" | "Beavers" | "Raccoons") ( ws* "="+ ">" ws* uint )?
//! answer   := "Takes" | "Accepts" | "Drops" | "Passes" | "Rejects"
//! result   := "Wins" ws uint ws "point" "s"? ( ws "and" ws "the" ws "match" )?
//!           | "Losses" ws uint ws "point" "s"?
//! resign   := "Resigned" ws ("Game" | "Match") | "Resigns" | "Concedes"
//!           | "Resign" ( ws ("normal" | "gammon" | "backgammon") )?
//! ```
//! Words are read in any case. The dice `00` (nothing rolled) go with a
//! hidden or empty play only; a hidden play alone (`????`, a live
//! transcription whose last roll was not seen) is read as `00: ????`.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{space0, space1, u32 as uint};
use nom::combinator::{all_consuming, map, opt, value};
use nom::{IResult, Parser};

use super::dump::{self, Frame};
use super::header::tag_no_case;
use super::layout::{Word, word_at};
use crate::dice::Roll;
use crate::notation::PlayNotation;
use crate::parse::{ActionKind, Resignation, Written};

/// Why a cell cannot be read: one phrase, lowercase.
pub(super) type CellError = String;

type NomResult<'a, T> = IResult<&'a str, T, nom::error::Error<&'a str>>;

/// Reads one cell (trimmed). `frame` names the players, for position dumps.
#[cfg(test)]
pub(super) fn parse(text: &str, frame: &Frame<'_>) -> Result<ActionKind, CellError> {
    let mut kind = ActionKind::Take;
    parse_into(text, frame, &mut kind).map(|()| kind)
}

/// Reads one cell (trimmed) into `kind`, where it stays: a play is built in
/// place, not moved.
pub(super) fn parse_into(
    text: &str,
    frame: &Frame<'_>,
    kind: &mut ActionKind,
) -> Result<(), CellError> {
    if let [d1 @ b'0'..=b'9', d2 @ b'0'..=b'9', b':', ..] = text.as_bytes() {
        return roll(
            *d1 - b'0',
            *d2 - b'0',
            text.get(3..).unwrap_or_default(),
            frame,
            kind,
        );
    }
    if text == "???" || text == "????" {
        *kind = ActionKind::Roll {
            dice: None,
            play: Written::Hidden,
        };
        return Ok(());
    }
    let Some((word, len)) = word_at(text.as_bytes()) else {
        return Err("expected a roll `dd: play`, a cube action or a result".into());
    };
    let rest = text.get(len..).unwrap_or_default();
    let parsed = match word {
        Word::Double => cube(rest).map(|(_, n)| ActionKind::Double(n)),
        Word::Beaver => cube(rest).map(|(_, n)| ActionKind::Beaver(n)),
        Word::Raccoon => cube(rest).map(|(_, n)| ActionKind::Raccoon(n)),
        Word::Take => nothing(rest).map(|_| ActionKind::Take),
        Word::Drop => nothing(rest).map(|_| ActionKind::Drop),
        Word::Win => win(rest).map(|(_, kind)| kind),
        Word::Loss => loss(rest).map(|(_, n)| ActionKind::Loss(n)),
        Word::Resigned => resigned(rest).map(|(_, r)| ActionKind::Resign(r)),
        Word::Resign => resign(rest).map(|(_, r)| ActionKind::Resign(r)),
        Word::Concede => nothing(rest).map(|_| ActionKind::Resign(Resignation::Game)),
    };
    *kind = parsed.map_err(|_| -> CellError {
        match word {
            Word::Double | Word::Beaver | Word::Raccoon => {
                "expected a cube action like `Doubles => 2`"
            }
            Word::Take | Word::Drop => "expected nothing after the cube answer",
            Word::Win => "expected `Wins N point(s)` and maybe `and the match`",
            Word::Loss => "expected `Losses N point(s)`",
            Word::Resigned => "expected `Resigned Game` or `Resigned Match`",
            Word::Resign => "expected `Resign` and maybe `normal`, `gammon` or `backgammon`",
            Word::Concede => "expected nothing after `Concedes`",
        }
        .into()
    })?;
    Ok(())
}

/// `dd:` and what follows.
fn roll(
    d1: u8,
    d2: u8,
    rest: &str,
    frame: &Frame<'_>,
    kind: &mut ActionKind,
) -> Result<(), CellError> {
    let dice = match (d1, d2) {
        (0, 0) => None,
        _ => Some(
            Roll::new(d1, d2)
                .ok_or_else(|| format!("dice `{d1}{d2}`: expected two digits from 1 to 6"))?,
        ),
    };
    let rest = super::lines::trim_start(rest);
    let play = if rest.is_empty() {
        Written::Empty
    } else if rest.starts_with(['C', 'c']) && cannot_move(rest) {
        Written::CannotMove
    } else if rest == "???" || rest == "????" {
        Written::Hidden
    } else if matches!(
        word_at(rest.as_bytes()),
        Some((Word::Concede | Word::Resign, len)) if rest.len() == len
    ) {
        Written::Conceded
    } else if rest
        .get(..7)
        .is_some_and(|head| head.eq_ignore_ascii_case("illegal"))
    {
        illegal(rest, frame)?
    } else {
        if dice.is_none() {
            return Err("`00:` (nothing rolled) before a play".into());
        }
        *kind = ActionKind::Roll {
            dice,
            play: Written::Moves(PlayNotation::empty()),
        };
        let ActionKind::Roll {
            play: Written::Moves(play),
            ..
        } = kind
        else {
            return Ok(());
        };
        return play.parse_into(rest).map_err(|e| {
            let at = rest.get(e.offset..).unwrap_or_default();
            if at.is_empty() {
                format!(
                    "unreadable play `{rest}`: expected {} at its end",
                    e.expected
                )
            } else {
                format!(
                    "unreadable play `{rest}`: expected {} at `{at}`",
                    e.expected
                )
            }
        });
    };
    if dice.is_none() && !matches!(play, Written::Hidden | Written::Empty | Written::Conceded) {
        return Err("`00:` (nothing rolled) before a play".into());
    }
    *kind = ActionKind::Roll { dice, play };
    Ok(())
}

/// `Cannot Move`, `Can't Move` (any case, any blanks between).
fn cannot_move(rest: &str) -> bool {
    let parsed: NomResult<'_, _> = all_consuming((
        alt((
            tag_no_case("cannot"),
            tag_no_case("can't"),
            tag_no_case("can\u{2019}t"),
        )),
        space1,
        tag_no_case("move"),
    ))
    .parse(rest);
    parsed.is_ok()
}

/// `Illegal play` with or without its dump.
fn illegal(rest: &str, frame: &Frame<'_>) -> Result<Written, CellError> {
    let parsed: NomResult<'_, _> =
        (tag_no_case("illegal"), space1, tag_no_case("play"), space0).parse(rest);
    let Ok((after, _)) = parsed else {
        return Err("expected `Illegal play` and a position in parentheses".into());
    };
    if after.is_empty() {
        return Ok(Written::Dump(None));
    }
    let inner = after
        .strip_prefix('(')
        .and_then(|inside| {
            let end = super::layout::dump_end(after.as_bytes())?;
            let trailing = after.get(end..)?;
            trailing.trim().is_empty().then(|| inside.get(..end - 2))?
        })
        .ok_or("expected the position in parentheses after `Illegal play`")?;
    dump::illegal_play(inner, frame)
        .map(|dump| Written::Dump(Some(Box::new(dump))))
        .map_err(|e| format!("unreadable `Illegal play` position: {e}"))
}

/// `( ws* "="+ ">" ws* uint )?`: the value after a cube word.
fn cube(rest: &str) -> NomResult<'_, Option<u32>> {
    all_consuming(alt((
        map(
            (
                space0,
                take_while1(|c| c == '='),
                tag(">"),
                space0,
                uint,
                space0,
            ),
            |(_, _, _, _, n, _)| Some(n),
        ),
        value(None, space0),
    )))
    .parse(rest)
}

/// Only blanks.
fn nothing(rest: &str) -> NomResult<'_, &str> {
    all_consuming(space0).parse(rest)
}

/// `ws uint ws "point" "s"?`
fn points(rest: &str) -> NomResult<'_, u32> {
    map(
        (
            space1,
            uint,
            space1,
            tag_no_case("point"),
            opt(tag_no_case("s")),
        ),
        |(_, n, _, _, _)| n,
    )
    .parse(rest)
}

/// After `Wins`.
fn win(rest: &str) -> NomResult<'_, ActionKind> {
    all_consuming(map(
        (
            points,
            opt((
                space1,
                tag_no_case("and"),
                space1,
                tag_no_case("the"),
                space1,
                tag_no_case("match"),
            )),
            space0,
        ),
        |(n, and_match, _)| ActionKind::Win {
            points: Some(n),
            and_match: and_match.is_some(),
            resigned: false,
        },
    ))
    .parse(rest)
}

/// After `Losses`.
fn loss(rest: &str) -> NomResult<'_, Option<u32>> {
    all_consuming(map((points, space0), |(n, _)| Some(n))).parse(rest)
}

/// After `Resigned`.
fn resigned(rest: &str) -> NomResult<'_, Resignation> {
    all_consuming(map(
        (
            space1,
            alt((
                value(Resignation::AcceptedGame, tag_no_case("game")),
                value(Resignation::AcceptedMatch, tag_no_case("match")),
            )),
            space0,
        ),
        |(_, r, _)| r,
    ))
    .parse(rest)
}

/// After `Resign` or `Resigns`.
fn resign(rest: &str) -> NomResult<'_, Resignation> {
    all_consuming(alt((
        map(
            (
                space1,
                alt((
                    value(Resignation::Level(1), tag_no_case("normal")),
                    value(Resignation::Level(1), tag_no_case("single")),
                    value(Resignation::Level(2), tag_no_case("gammon")),
                    value(Resignation::Level(3), tag_no_case("backgammon")),
                )),
                space0,
            ),
            |(_, r, _)| r,
        ),
        value(Resignation::Game, space0),
    )))
    .parse(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{BoardDump, PlayerName};
    use crate::side::{ByPlayer, Side};

    fn frame() -> Frame<'static> {
        Frame {
            names: Box::leak(Box::new(ByPlayer::new(
                PlayerName {
                    name: "nori",
                    rating: Some("1723"),
                },
                PlayerName {
                    name: "Kenji",
                    rating: None,
                },
            ))),
            column: Side::First,
        }
    }

    fn kind(text: &str) -> ActionKind {
        parse(text, &frame()).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn error(text: &str) -> String {
        parse(text, &frame()).unwrap_err()
    }

    fn roll(d1: u8, d2: u8, play: Written) -> ActionKind {
        ActionKind::Roll {
            dice: Roll::new(d1, d2),
            play,
        }
    }

    #[test]
    fn rolls_with_plays_in_every_notation() {
        for (text, hops) in [
            ("41: 13/9 24/23", 2),
            ("33: bar/22 7/4* 6/3*(2)", 4),
            ("65: Bar/20 6/Off", 2),
            ("12: 13/11/10", 2),
            ("44: 24/20(2) 13/9(2)", 4),
            ("21: 2/0 0/0", 2),
        ] {
            match kind(text) {
                ActionKind::Roll {
                    play: Written::Moves(play),
                    ..
                } => assert_eq!(play.hops().len(), hops, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        // White space after the dice as the reader trims its lines: a
        // vertical tab too.
        assert_eq!(kind("13: \x0B8/5 6/5"), kind("13: 8/5 6/5"));
        assert_eq!(kind("13:\u{a0}8/5 6/5"), kind("13: 8/5 6/5"));
        assert_eq!(kind("13: \x0B"), kind("13:"));
        assert_eq!(kind("13: \x0BCannot Move"), kind("13: Cannot Move"));
        assert_eq!(
            kind("13: 8/5 6/5"),
            ActionKind::Roll {
                dice: Roll::new(1, 3),
                play: Written::Moves(PlayNotation::parse("8/5 6/5").unwrap())
            }
        );
    }

    #[test]
    fn rolls_without_a_play() {
        assert_eq!(kind("52:"), roll(5, 2, Written::Empty));
        assert_eq!(kind("21: Cannot Move"), roll(2, 1, Written::CannotMove));
        assert_eq!(kind("21: Can't Move"), roll(2, 1, Written::CannotMove));
        assert_eq!(kind("65: ???"), roll(6, 5, Written::Hidden));
        assert_eq!(kind("66: ????"), roll(6, 6, Written::Hidden));
        assert_eq!(
            kind("00: ????"),
            ActionKind::Roll {
                dice: None,
                play: Written::Hidden
            }
        );
        assert_eq!(kind("11: Illegal play"), roll(1, 1, Written::Dump(None)));
        assert_eq!(kind("32: Concedes"), roll(3, 2, Written::Conceded));
        assert_eq!(kind("32: Resigns"), roll(3, 2, Written::Conceded));
        for hidden in ["????", "???"] {
            assert_eq!(
                kind(hidden),
                ActionKind::Roll {
                    dice: None,
                    play: Written::Hidden
                }
            );
        }
    }

    #[test]
    fn cube_actions_in_every_spelling() {
        assert_eq!(kind("Doubles => 2"), ActionKind::Double(Some(2)));
        assert_eq!(kind("Doubles ==> 2"), ActionKind::Double(Some(2)));
        assert_eq!(kind("Doubles"), ActionKind::Double(None));
        assert_eq!(kind("Beavers => 4"), ActionKind::Beaver(Some(4)));
        assert_eq!(kind("Raccoons => 8"), ActionKind::Raccoon(Some(8)));
        for take in ["Takes", "Accepts", "takes"] {
            assert_eq!(kind(take), ActionKind::Take);
        }
        for drop in ["Drops", "Passes", "Rejects"] {
            assert_eq!(kind(drop), ActionKind::Drop);
        }
    }

    #[test]
    fn results_and_resignations() {
        let win = |points, and_match| ActionKind::Win {
            points: Some(points),
            and_match,
            resigned: false,
        };
        assert_eq!(kind("Wins 1 point"), win(1, false));
        assert_eq!(kind("Wins 2 points"), win(2, false));
        assert_eq!(kind("Wins 1 points"), win(1, false));
        assert_eq!(kind("Wins 3 points and the match"), win(3, true));
        assert_eq!(kind("Wins 8 point and the Match"), win(8, true));
        assert_eq!(kind("Losses 2 point"), ActionKind::Loss(Some(2)));
        assert_eq!(
            kind("Resigned Game"),
            ActionKind::Resign(Resignation::AcceptedGame)
        );
        assert_eq!(
            kind("Resigned Match"),
            ActionKind::Resign(Resignation::AcceptedMatch)
        );
        assert_eq!(kind("Resigns"), ActionKind::Resign(Resignation::Game));
        assert_eq!(kind("Concedes"), ActionKind::Resign(Resignation::Game));
        assert_eq!(
            kind("Resign normal"),
            ActionKind::Resign(Resignation::Level(1))
        );
        assert_eq!(
            kind("Resign gammon"),
            ActionKind::Resign(Resignation::Level(2))
        );
        assert_eq!(
            kind("Resign backgammon"),
            ActionKind::Resign(Resignation::Level(3))
        );
    }

    #[test]
    fn the_illegal_play_dump_is_decoded() {
        let text = "11: Illegal play (25;0;1;0;0;Kenji;nori;0;10;8;2;1;0;3;4;2;2;2;0;0;0;0;0;0;0;0;0;0;0;0;0;-3;-3;-3;-2;-2;-2;2;1;1;)";
        let ActionKind::Roll {
            play: Written::Dump(Some(dump)),
            ..
        } = kind(text)
        else {
            panic!("no dump");
        };
        let BoardDump {
            positive, scores, ..
        } = *dump;
        assert_eq!(positive, Side::Second);
        assert_eq!(scores, Some(ByPlayer::new(8, 10)));
    }

    #[test]
    fn unreadable_cells_say_what_was_expected() {
        assert_eq!(
            error("61: 13-7"),
            "unreadable play `13-7`: expected `/` after a point at `-7`"
        );
        assert_eq!(
            error("71: 13/6"),
            "dice `71`: expected two digits from 1 to 6"
        );
        assert_eq!(
            error("00: 13/7 8/7"),
            "`00:` (nothing rolled) before a play"
        );
        assert_eq!(
            error("Doubles => x"),
            "expected a cube action like `Doubles => 2`"
        );
        assert_eq!(
            error("Wins big"),
            "expected `Wins N point(s)` and maybe `and the match`"
        );
        assert_eq!(error("Takes 2"), "expected nothing after the cube answer");
        assert_eq!(
            error("hello"),
            "expected a roll `dd: play`, a cube action or a result"
        );
        assert_eq!(
            error("65: ??"),
            "unreadable play `??`: expected a point (0-25, `bar` or `off`) at `??`"
        );
        assert!(
            error("11: Illegal play (1;2;3;)").starts_with("unreadable `Illegal play` position")
        );
        assert!(error("11: Illegal play (1;2;3").starts_with("expected the position"));
    }
}
