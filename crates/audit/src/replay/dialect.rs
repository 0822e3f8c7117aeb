//! Which program most probably wrote a match: clues gathered from what the
//! reader gives (tags, the column of the right player's cells, the words and
//! notation of the cells), for reports that group findings by producer.
//! A guess, and named as one: nothing is judged from it.

use crate::parse::{Action, ActionKind, Format, GameHeader, MatchHeader, Resignation, Written};
use crate::side::Side;
use crate::swar;

/// What a match's record shows of its producer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Clues {
    sgf: bool,
    /// Tags only eXtreme Gammon and its family write (`Player 1`, `Match ID`,
    /// `EventTime`).
    xg_tags: bool,
    /// Ratings written with a decimal comma (`; [Player 1 Elo "5,00/0"]`),
    /// as Backgammon Galaxy writes them.
    comma_elo: bool,
    /// Only GNU Backgammon's `EventDate` (and its optional tags).
    event_date: bool,
    /// The 1-based column of the first right-hand roll cell.
    right_column: Option<u32>,
    /// Names written with a rating (`nori,1723`).
    ratings: bool,
    /// `Losses N point` cells.
    losses: bool,
    /// `Doubles ==> 2`.
    double_arrow: bool,
    /// `Resigned Game`, `Resigned Match`.
    resigned_words: bool,
    /// `bar/22`, `6/off`, `Cannot Move`, `(2)`.
    named_points: bool,
    /// `Illegal play (...)` position dumps.
    dumps: bool,
}

/// Whether a play's text names a point (`bar`, `off`, in any case) or
/// counts a move (`(2)`): one pass over the bytes, most of which (digits,
/// slashes, spaces) start none of these.
fn names_points(text: &[u8]) -> bool {
    // Digits, `/`, `*`, `:` and spaces lie below 0x40; of the bytes that
    // start a name or a count only `(` does: a play of those alone is
    // passed eight bytes at a time.
    let plain_word =
        |word: u64| word & swar::splat(0xC0) == 0 && !swar::has_zero(word ^ swar::splat(b'('));
    let word_at = |at: usize| {
        text.get(at..at + 8)
            .and_then(|word| word.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    };
    let plain = if (8..=16).contains(&text.len()) {
        // Most plays: two words, the second overlapping the first.
        plain_word(word_at(0)) && plain_word(word_at(text.len() - 8))
    } else if text.len() > 16 {
        // The last word overlaps the one before it when the length is not
        // a multiple of eight: its bytes are tested twice, which is harmless.
        (0..text.len() / 8).all(|i| plain_word(word_at(i * 8)))
            && plain_word(word_at(text.len() - 8))
    } else {
        text.iter().all(|&b| b < 0x40 && b != b'(')
    };
    if plain {
        return false;
    }
    text.iter().enumerate().any(|(i, &b)| {
        let rest = || text.get(i + 1..i + 3).unwrap_or_default();
        match b {
            b'(' => true,
            b'b' | b'B' => rest().eq_ignore_ascii_case(b"ar"),
            b'o' | b'O' => rest().eq_ignore_ascii_case(b"ff"),
            _ => false,
        }
    })
}

impl Clues {
    /// The clues of a match header.
    pub(super) fn of_match(header: &MatchHeader<'_>) -> Clues {
        let has = |key: &str| header.tag(key).is_some();
        Clues {
            sgf: header.format == Format::Sgf,
            xg_tags: has("Player 1") || has("Match ID") || has("EventTime"),
            comma_elo: header
                .tag("Player 1 Elo")
                .is_some_and(|elo| elo.contains(',')),
            event_date: has("EventDate"),
            ..Clues::default()
        }
    }

    /// A game header's clues.
    pub(super) fn game(&mut self, header: &GameHeader<'_>) {
        if !self.ratings {
            self.ratings = Side::BOTH
                .into_iter()
                .any(|side| header.names[side].rating.is_some());
        }
    }

    /// The clues of a roll's cell: where the right player's cells start.
    #[inline(always)]
    fn roll_column(&mut self, action: &Action<'_>) {
        // Not after a left cell pushed it out of its column (a dump).
        if action.side == Side::Second
            && self.right_column.is_none()
            && action.row.is_some()
            && action.location.column <= 60
        {
            self.right_column = Some(action.location.column);
        }
    }

    /// The clues of a roll with a play written (`action`, whose text is
    /// the play's): what [`Clues::action`] gathers from it.
    #[inline(always)]
    pub(super) fn written_play(&mut self, action: &Action<'_>) {
        self.roll_column(action);
        if !self.named_points {
            self.play_text(action.text.as_bytes());
        }
    }

    /// Whether a play's text names a point, kept (out of line: the caller
    /// keeps no value live across it).
    #[inline(never)]
    fn play_text(&mut self, text: &[u8]) {
        self.named_points = names_points(text);
    }

    /// An action's clues.
    #[inline]
    pub(super) fn action(&mut self, action: &Action<'_>) {
        match &action.kind {
            ActionKind::Roll { play, .. } => {
                self.roll_column(action);
                match play {
                    Written::Dump(Some(_)) => self.dumps = true,
                    Written::CannotMove => self.named_points = true,
                    Written::Moves(_) if !self.named_points => {
                        self.play_text(action.text.as_bytes());
                    }
                    _ => {}
                }
            }
            ActionKind::Loss(_) => self.losses = true,
            ActionKind::Double(_) if action.text.contains("==>") => self.double_arrow = true,
            ActionKind::Resign(Resignation::AcceptedGame | Resignation::AcceptedMatch) => {
                self.resigned_words = true;
            }
            _ => {}
        }
    }

    /// The producer the clues point to.
    pub(super) fn dialect(&self) -> &'static str {
        if self.sgf {
            return "GNU Backgammon SGF";
        }
        if self.losses {
            return "Backgammon Galaxy";
        }
        // Where the right player's cells start (1-based).
        match self.right_column {
            Some(47) => return "OpenGammon",
            Some(42) => return "Foxamon",
            Some(38) if self.dumps => return "DailyGammon",
            _ => {}
        }
        if self.resigned_words {
            return "OpenGammon";
        }
        if self.double_arrow {
            return "choue.net";
        }
        if self.comma_elo {
            return "Backgammon Galaxy";
        }
        if self.right_column == Some(41) && (self.named_points || self.xg_tags) {
            return "Backgammon Studio";
        }
        if self.named_points || self.xg_tags {
            return "eXtreme Gammon";
        }
        if self.ratings {
            return "GamesGrid";
        }
        if self.dumps {
            return "Snowie text";
        }
        if self.event_date {
            return "GNU Backgammon";
        }
        "Jellyfish"
    }
}

#[cfg(test)]
mod tests {
    use super::names_points;

    #[test]
    fn named_points_are_found_as_a_search_of_three_bytes_finds_them() {
        let slow = |text: &[u8]| {
            text.contains(&b'(')
                || text
                    .windows(3)
                    .any(|w| w.eq_ignore_ascii_case(b"bar") || w.eq_ignore_ascii_case(b"off"))
        };
        for text in [
            &b""[..],
            b"b",
            b"ba",
            b"bar",
            b"BaR/22",
            b"24/18 13/11",
            b"6/Off",
            b"6/of",
            b"6/o",
            b"13/7(2)",
            b"obar",
            b"bbar",
            b"ooff",
            b"b\xc3\xa9ar",
            b"24/18 13/11 8/5* 6/5",
            b"24/18 13/11 8/5* 6(2)",
            b"24/18 13/11 8/5* 6/off",
            b"24/18 13/11 8/5* 6/of",
            b"(24/18 13/11 8/5* 6/5",
            b"24/18 13/1( 8/5* 6/5",
            b"24/18 13/11 8/5* 6/5\x80\xff",
            b"24/18(2)",
            b"bar/22 6/5",
            b"24/18 13/1(",
            b"13/11 6/off",
            b"13/11 6/of",
            b"8/5* 6/5 4/3 2/1",
            b"8/5* 6/5 4/3 2/(",
            b"(/5* 6/5 4/3 2/1",
            b"8/5* 6/5 4/3 2/off",
        ] {
            assert_eq!(names_points(text), slow(text), "{text:?}");
        }
        // Every byte at every place of plain plays of every length to 40,
        // and the words at every place.
        let plain = b"24/18 13/11 8/5* 6/5 4/3 2/1 25/20 13/9* 3/0";
        for len in 0..=40 {
            let base = &plain[..len];
            for at in 0..len {
                for byte in 0..=255u8 {
                    let mut text = base.to_vec();
                    text[at] = byte;
                    assert_eq!(names_points(&text), slow(&text), "{text:?}");
                }
                for word in [&b"bar"[..], b"OFF", b"oFf", b"bA", b"of", b"(2)"] {
                    let mut text = base.to_vec();
                    let end = (at + word.len()).min(len);
                    text[at..end].copy_from_slice(&word[..end - at]);
                    assert_eq!(names_points(&text), slow(&text), "{text:?}");
                }
            }
        }
    }
}
