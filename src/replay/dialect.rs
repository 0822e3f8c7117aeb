//! Which program most probably wrote a match: clues gathered from what the
//! reader gives (tags, the column of the right player's cells, the words and
//! notation of the cells), for reports that group findings by producer.
//! A guess, and named as one: nothing is judged from it.

use crate::parse::{Action, ActionKind, Format, GameHeader, MatchHeader, Resignation, Written};
use crate::side::Side;

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

    /// An action's clues.
    pub(super) fn action(&mut self, action: &Action<'_>) {
        match &action.kind {
            ActionKind::Roll { play, .. } => {
                // Not after a left cell pushed it out of its column (a dump).
                if action.side == Side::Second
                    && self.right_column.is_none()
                    && action.row.is_some()
                    && action.location.column <= 60
                {
                    self.right_column = Some(action.location.column);
                }
                match play {
                    Written::Dump(Some(_)) => self.dumps = true,
                    Written::CannotMove => self.named_points = true,
                    Written::Moves(_) if !self.named_points => {
                        let text = action.text.as_bytes();
                        self.named_points = text.contains(&b'(')
                            || text.windows(3).any(|w| {
                                w.eq_ignore_ascii_case(b"bar") || w.eq_ignore_ascii_case(b"off")
                            });
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
