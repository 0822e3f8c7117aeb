//! Game records to reader events.
//!
//! The records are checked for order and turned into owned events once
//! ([`XgMatch`]); [`XgMatch::read`] then lends them to a visitor, so that
//! events borrow from the match as they borrow from a text.

use std::sync::Arc;

use super::XgError;
use super::records::{self, Board, Cube, GameFooter, Move, RECORD_SIZE, Record};
use super::rtf;
use crate::dice::Roll;
use crate::notation::{PlayNotation, PointName};
use crate::parse::{
    Action, ActionKind, Analysis, BoardDump, Comment, GameHeader, Location, MatchHeader,
    PlayerName, Problem, ProblemKind, Tag, Visitor, Written,
};
use crate::side::{ByPlayer, Side};
use crate::skill::{Candidate, CubeAction, Decision, Depth};

/// The match length eXtreme Gammon writes for a money session.
const MONEY: i32 = 99_999;

/// Where a record (or a field in it) is: its byte offset in the decompressed
/// game stream; a binary file has no lines (`line` and `column` are 0).
#[must_use]
pub const fn at(byte: usize) -> Location {
    Location {
        byte,
        line: 0,
        column: 0,
    }
}

/// Offset of the `Take` field in a cube record: where the answer to a
/// double is located.
const TAKE_FIELD: usize = 20;
/// Offset of the doubler's answer to a beaver (a raccoon).
const BEAVER_ANSWER_FIELD: usize = 24;
/// Offset of the answer to a raccoon.
const RACCOON_ANSWER_FIELD: usize = 28;

/// One event, owned.
#[derive(Clone, Debug, PartialEq)]
enum Event {
    Game {
        location: Location,
        number: Option<u32>,
        scores: [Option<u32>; 2],
        crawford: Option<bool>,
        initial_cube: Option<u32>,
    },
    Action {
        location: Location,
        side: Side,
        text: String,
        kind: ActionKind,
    },
    EndGame(Location),
    Analysis(Box<Analysis>),
    Comment {
        location: Location,
        /// Shared by every record that points to the same comment.
        text: Arc<str>,
    },
    Problem {
        location: Location,
        kind: ProblemKind,
        message: String,
    },
}

/// A decoded eXtreme Gammon match: its header and events, owned.
#[derive(Clone, Debug, PartialEq)]
pub struct XgMatch {
    length: u32,
    tags: Vec<(&'static str, String)>,
    players: [String; 2],
    /// Comments of the match header, after `begin_match`.
    opening: Vec<Event>,
    events: Vec<Event>,
    end: Location,
    /// The games, with their start scores, and the final score the match
    /// footer gives: what an outside reader can compare.
    pub summary: Summary,
}

/// What the records say about the match as a whole, for cross-checks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The match length (0: money).
    pub length: u32,
    /// Each game's start scores, in order.
    pub start_scores: Vec<[i32; 2]>,
    /// The final score in the match footer, if the match has one.
    pub final_score: Option<[i32; 2]>,
    /// Move records stored as invalid, by byte offset.
    pub invalid_plays: Vec<usize>,
}

impl XgMatch {
    /// Lends the events to `visitor`, in the reader call order.
    pub fn read<'a>(&'a self, visitor: &mut impl Visitor<'a>) {
        let tags: Vec<Tag<'a>> = self
            .tags
            .iter()
            .map(|(key, value)| Tag {
                key,
                value,
                location: at(0),
            })
            .collect();
        visitor.begin_match(&MatchHeader {
            location: at(0),
            length: self.length,
            tags,
            format: crate::parse::Format::Xg,
        });
        let names = ByPlayer {
            first: PlayerName {
                name: &self.players[0],
                rating: None,
            },
            second: PlayerName {
                name: &self.players[1],
                rating: None,
            },
        };
        for event in self.opening.iter().chain(&self.events) {
            match event {
                Event::Game {
                    location,
                    number,
                    scores,
                    crawford,
                    initial_cube,
                } => visitor.begin_game(&GameHeader {
                    location: *location,
                    number: *number,
                    score_location: *location,
                    names,
                    scores: ByPlayer {
                        first: scores[0],
                        second: scores[1],
                    },
                    crawford: *crawford,
                    initial_cube: *initial_cube,
                }),
                Event::Action {
                    location,
                    side,
                    text,
                    kind,
                } => visitor.action(&Action {
                    location: *location,
                    side: *side,
                    row: None,
                    text,
                    kind: kind.clone(),
                }),
                Event::EndGame(location) => visitor.end_game(*location),
                Event::Analysis(analysis) => visitor.analysis((**analysis).clone()),
                Event::Comment { location, text } => visitor.comment(&Comment {
                    location: *location,
                    text,
                }),
                Event::Problem {
                    location,
                    kind,
                    message,
                } => visitor.problem(&Problem {
                    location: *location,
                    kind: *kind,
                    text: "",
                    message: message.clone(),
                    side: None,
                    row: None,
                }),
            }
        }
        visitor.end_match(self.end);
    }
}

/// Where the decoder is in the record sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// After the match header or a game footer.
    Between,
    /// Inside a game.
    InGame,
    /// After the match footer.
    Done,
}

/// The side a record's player field names.
fn side_of(player: i32) -> Option<Side> {
    match player {
        1 => Some(Side::First),
        -1 => Some(Side::Second),
        _ => None,
    }
}

/// The usual starting positions, from either side (they are symmetric).
const STARTS: [Board; 3] = [
    // Backgammon.
    [
        0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
    ],
    // Nackgammon.
    [
        0, -2, -2, 0, 0, 0, 4, 0, 3, 0, 0, 0, -4, 4, 0, 0, 0, -3, 0, -4, 0, 0, 0, 2, 2, 0,
    ],
    // Hypergammon.
    [
        0, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0,
    ],
];

/// `YYYY.MM.DD` and `HH.MM` of a Delphi date (days since 1899-12-30).
fn date_tags(date: f64) -> Option<(String, String)> {
    if !date.is_finite() || !(1.0..3_000_000.0).contains(&date) {
        return None;
    }
    let days = date.floor();
    let minutes = ((date - days) * 1440.0).round() as i64;
    // Days from 1970-01-01, then the civil date (H. Hinnant's algorithm).
    let z = days as i64 - 25_569 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let minutes = minutes.min(1439);
    Some((
        format!("{year:04}.{month:02}.{day:02}"),
        format!("{:02}.{:02}", minutes / 60, minutes % 60),
    ))
}

/// Builds the match from a decompressed game stream and, when the file has
/// one, its comment stream.
///
/// # Errors
/// [`XgError`] when the stream is not whole records, does not start with an
/// eXtreme Gammon match header, has records out of order or of an unknown
/// type, or holds one position and no match (a `.xgp` file).
pub fn decode(stream: &[u8], comments: Option<&[u8]>) -> Result<XgMatch, XgError> {
    if stream.is_empty() || !stream.len().is_multiple_of(RECORD_SIZE) {
        return Err(XgError::Foreign(format!(
            "its game stream is {} bytes, not a whole number of {RECORD_SIZE}-byte records",
            stream.len()
        )));
    }
    let Some(Record::MatchHeader(header)) = records::record(stream, 0) else {
        let what = records::record(stream, 0).map_or("a record of unknown type", |r| r.name());
        return Err(XgError::OutOfOrder(format!(
            "the game stream starts with {what}, not the match header"
        )));
    };
    if header.magic != records::MATCH_MAGIC {
        return Err(XgError::Foreign(
            "its match header lacks eXtreme Gammon's `DMLI` mark".into(),
        ));
    }
    let mut builder = Builder::new(&header);
    let version = header.version;
    let mut state = State::Between;
    let mut games = 0usize;
    let mut footers = 0usize;
    let mut played = 0usize;
    let mut end = stream.len();
    for (index, raw) in stream.chunks_exact(RECORD_SIZE).enumerate().skip(1) {
        let offset = index * RECORD_SIZE;
        let Some(record) = records::record(raw, version) else {
            return Err(XgError::Foreign(format!(
                "record {} (byte {offset} of the game stream) has the unknown type {}",
                index + 1,
                records::entry_type(raw).unwrap_or_default()
            )));
        };
        let out_of_order = |why: &str| {
            XgError::OutOfOrder(format!(
                "record {} (byte {offset} of the game stream) is {} {why}",
                index + 1,
                record.name()
            ))
        };
        match (&record, state) {
            (Record::Unused(_), _) => {}
            (Record::MatchHeader(_), _) => return Err(out_of_order("after the match header")),
            (_, State::Done) => return Err(out_of_order("after the match footer")),
            (Record::GameHeader(game), State::Between) => {
                games += 1;
                state = State::InGame;
                builder.game(offset, game);
            }
            (Record::GameHeader(_), State::InGame) => {
                return Err(out_of_order("inside a game that has no footer"));
            }
            (Record::Cube(_) | Record::Move(_) | Record::GameFooter(_), State::Between) => {
                return Err(out_of_order("outside any game"));
            }
            (Record::Cube(cube), State::InGame) => {
                builder.cube_analysis(offset, cube, raw);
                builder.cube(offset, cube);
            }
            (Record::Move(play), State::InGame) => {
                played += usize::from(play.played);
                let analysis = builder.move_analysis_before(offset, play, raw);
                builder.checker_play(offset, play);
                builder.move_analysis_after(offset, play, analysis);
            }
            (Record::GameFooter(footer), State::InGame) => {
                footers += 1;
                state = State::Between;
                builder.game_footer(offset, footer);
            }
            (Record::MatchFooter(footer), _) => {
                if state == State::InGame {
                    builder.end_game(offset);
                }
                state = State::Done;
                end = offset + RECORD_SIZE;
                builder.summary.final_score = Some(footer.scores);
            }
        }
    }
    if state == State::InGame {
        builder.end_game(stream.len());
    }
    if games == 1 && footers == 0 && state != State::Done && played == 0 {
        return Err(XgError::Position);
    }
    Ok(builder.finish(at(end), comments.unwrap_or_default()))
}

/// The most comment text a match holds: comments past it are skipped (a
/// longer one is cut), and a note says so. Far more than any real match
/// carries; a comment stream may hold millions of comments, or one that
/// every record points to.
pub const COMMENT_TEXT_MAX: usize = 8 << 20;

/// Turns records into events.
struct Builder {
    length: u32,
    variation: i32,
    tags: Vec<(&'static str, String)>,
    players: [String; 2],
    /// The comments pointed to, in order: in the opening (`true`) or the
    /// events, the event's place, and the comment's index in the stream.
    /// Their text is filled in by [`Builder::finish`].
    comments: Vec<(bool, usize, usize)>,
    opening: Vec<Event>,
    events: Vec<Event>,
    /// The current game's closing comment.
    game_comment: i32,
    match_comment: i32,
    summary: Summary,
}

impl Builder {
    fn new(header: &records::MatchHeader) -> Builder {
        let mut opening = Vec::new();
        let length = match header.length {
            MONEY => 0,
            n => u32::try_from(n).unwrap_or_else(|_| {
                opening.push(Event::Problem {
                    location: at(0),
                    kind: ProblemKind::BadHeader,
                    message: format!("the match length is {n}: read as a money session"),
                });
                0
            }),
        };
        let on_off = |on: bool| if on { "On" } else { "Off" }.to_owned();
        let mut tags: Vec<(&'static str, String)> = Vec::new();
        let mut text_tag = |key: &'static str, value: &str| {
            if !value.trim().is_empty() {
                tags.push((key, value.trim().to_owned()));
            }
        };
        text_tag("Event", &header.event);
        text_tag("Round", &header.round);
        text_tag("Site", &header.place);
        text_tag("Player 1", &header.players[0]);
        text_tag("Player 2", &header.players[1]);
        text_tag("Transcriber", &header.transcriber);
        if let Some((date, time)) = date_tags(header.date) {
            tags.push(("EventDate", date));
            tags.push(("EventTime", time));
        }
        match header.variation {
            0 => tags.push(("Variation", "Backgammon".into())),
            1 => tags.push(("Variation", "Nackgammon".into())),
            2 => tags.push(("Variation", "Hypergammon".into())),
            n => opening.push(Event::Problem {
                location: at(0),
                kind: ProblemKind::Unsupported,
                message: if n == 3 {
                    "the variation is Longgammon, which is not modelled: read as backgammon"
                        .to_owned()
                } else {
                    format!("the variation is {n}, which eXtreme Gammon does not define: read as backgammon")
                },
            }),
        }
        tags.push(("Crawford", on_off(header.crawford)));
        tags.push(("Jacoby", on_off(header.jacoby)));
        tags.push(("Beaver", on_off(header.beaver)));
        if let Some(limit) = header.cube_limit.filter(|l| (1..=30).contains(l)) {
            tags.push(("CubeLimit", (1u64 << limit).to_string()));
        }
        let mut builder = Builder {
            length,
            variation: header.variation,
            tags,
            players: header.players.clone(),
            comments: Vec::new(),
            opening,
            events: Vec::new(),
            game_comment: -1,
            match_comment: header.comment_footer,
            summary: Summary {
                length,
                ..Summary::default()
            },
        };
        if let Ok(index) = usize::try_from(header.comment_header) {
            builder.comments.push((true, builder.opening.len(), index));
            builder.opening.push(Event::Comment {
                location: at(0),
                text: Arc::from(""),
            });
        }
        builder
    }

    /// The comment at `index` of the comment stream, as an event (its text
    /// filled in at the end; none when there is no such comment).
    fn push_comment(&mut self, index: i32, location: Location) {
        if let Ok(index) = usize::try_from(index) {
            self.comments.push((false, self.events.len(), index));
            self.events.push(Event::Comment {
                location,
                text: Arc::from(""),
            });
        }
    }

    /// The text of each comment pointed to, from the comment `stream`, each
    /// decoded once and shared; the comments without text dropped. At most
    /// [`COMMENT_TEXT_MAX`] bytes of text are kept, the rest said in a
    /// note.
    fn fill_comments(&mut self, stream: &[u8]) {
        if self.comments.is_empty() {
            return;
        }
        let mut wanted: Vec<usize> = self.comments.iter().map(|&(_, _, index)| index).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let mut texts: Vec<(usize, Arc<str>)> = Vec::with_capacity(wanted.len());
        let (mut held, mut skipped) = (0usize, 0usize);
        for (index, rtf) in rtf::lines(stream)
            .enumerate()
            .filter(|(index, _)| wanted.binary_search(index).is_ok())
        {
            let mut text = rtf::text(rtf);
            let room = COMMENT_TEXT_MAX - held;
            if text.len() > room {
                let mut cut = room;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                skipped += text.len() - cut;
                text.truncate(cut);
            }
            held += text.len();
            if !text.is_empty() {
                texts.push((index, Arc::from(text)));
            }
            if index >= *wanted.last().unwrap_or(&0) {
                break;
            }
        }
        let text_of = |index: usize| {
            texts
                .binary_search_by_key(&index, |(i, _)| *i)
                .ok()
                .map(|at| Arc::clone(&texts[at].1))
        };
        for &(opening, place, index) in &self.comments {
            let list = if opening {
                &mut self.opening
            } else {
                &mut self.events
            };
            if let (Some(Event::Comment { text, .. }), Some(found)) =
                (list.get_mut(place), text_of(index))
            {
                *text = found;
            }
        }
        let kept = |event: &Event| !matches!(event, Event::Comment { text, .. } if text.is_empty());
        self.opening.retain(kept);
        self.events.retain(kept);
        if skipped > 0 {
            self.opening.push(Event::Problem {
                location: at(0),
                kind: ProblemKind::Skipped,
                message: format!(
                    "the comments hold more than {} MiB of text: {skipped} bytes of comment text were skipped",
                    COMMENT_TEXT_MAX >> 20
                ),
            });
        }
    }

    fn problem(&mut self, location: Location, kind: ProblemKind, message: String) {
        self.events.push(Event::Problem {
            location,
            kind,
            message,
        });
    }

    fn action(&mut self, location: Location, side: Side, text: String, kind: ActionKind) {
        self.events.push(Event::Action {
            location,
            side,
            text,
            kind,
        });
    }

    fn game(&mut self, offset: usize, game: &records::GameHeader) {
        let location = at(offset);
        let score = |s: i32| u32::try_from(s).ok();
        self.summary.start_scores.push(game.scores);
        self.events.push(Event::Game {
            location,
            number: u32::try_from(game.number).ok().filter(|&n| n > 0),
            scores: [score(game.scores[0]), score(game.scores[1])],
            crawford: (self.length > 0).then_some(game.crawford),
            initial_cube: u32::try_from(game.auto_doubles)
                .ok()
                .filter(|n| (1..=30).contains(n))
                .map(|n| 1 << n),
        });
        self.push_comment(game.comment_header, location);
        self.game_comment = game.comment_footer;
        let usual = usize::try_from(self.variation)
            .ok()
            .and_then(|v| STARTS.get(v));
        if game.position != [0; 26] && usual != Some(&game.position) {
            // The position is stored from the first player's side.
            self.set_position(
                location,
                game.position,
                Side::First,
                "the starting position",
            );
        }
    }

    fn set_position(&mut self, location: Location, board: Board, side: Side, what: &str) {
        self.action(
            location,
            side,
            format!("{what} (set up in eXtreme Gammon)"),
            ActionKind::SetPosition(Box::new(BoardDump {
                points: board,
                positive: side,
                cube: None,
                next_dice: None,
                scores: None,
            })),
        );
    }

    fn cube(&mut self, offset: usize, cube: &Cube) {
        let location = at(offset);
        let Some(side) = side_of(cube.active) else {
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                format!(
                    "a cube record whose player is {} (1 or -1 expected): skipped",
                    cube.active
                ),
            );
            return;
        };
        if cube.edited {
            self.set_position(location, cube.position, side, "a position");
        }
        if cube.double == 1 {
            let level = cube.cube.unsigned_abs();
            if level > 28 {
                self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    format!("a double of a cube at 2^{level}: skipped"),
                );
                return;
            }
            let value = 1u32 << level;
            self.action(
                location,
                side,
                format!("Doubles => {}", value * 2),
                ActionKind::Double(Some(value * 2)),
            );
            let answer = at(offset + TAKE_FIELD);
            match cube.take {
                0 => self.action(answer, side.other(), "Drops".into(), ActionKind::Drop),
                1 => self.action(answer, side.other(), "Takes".into(), ActionKind::Take),
                2 => {
                    self.action(
                        answer,
                        side.other(),
                        format!("Beavers => {}", value * 4),
                        ActionKind::Beaver(Some(value * 4)),
                    );
                    let beaver_answer = at(offset + BEAVER_ANSWER_FIELD);
                    match cube.beaver_answer {
                        0 => self.action(beaver_answer, side, "Drops".into(), ActionKind::Drop),
                        2 => {
                            self.action(
                                beaver_answer,
                                side,
                                format!("Raccoons => {}", value * 8),
                                ActionKind::Raccoon(Some(value * 8)),
                            );
                            let answer = at(offset + RACCOON_ANSWER_FIELD);
                            match cube.raccoon_answer {
                                0 => self.action(
                                    answer,
                                    side.other(),
                                    "Drops".into(),
                                    ActionKind::Drop,
                                ),
                                1 => self.action(
                                    answer,
                                    side.other(),
                                    "Takes".into(),
                                    ActionKind::Take,
                                ),
                                _ => {}
                            }
                        }
                        // 1: the beaver accepted, as it must be (no event,
                        // as in a `.mat`).
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        self.push_comment(cube.comment, location);
    }

    fn checker_play(&mut self, offset: usize, play: &Move) {
        let location = at(offset);
        let Some(side) = side_of(play.active) else {
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                format!(
                    "a move record whose player is {} (1 or -1 expected): skipped",
                    play.active
                ),
            );
            return;
        };
        if play.invalid == 2 {
            self.summary.invalid_plays.push(offset);
        }
        let [d1, d2] = play.dice;
        if !play.played && d1 == 0 && d2 == 0 {
            // No roll and no play: nothing happened.
            return;
        }
        let roll = u8::try_from(d1)
            .ok()
            .zip(u8::try_from(d2).ok())
            .and_then(|(a, b)| Roll::new(a, b));
        let Some(roll) = roll else {
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                format!("a move record with the dice {d1} and {d2}: skipped"),
            );
            return;
        };
        if play.edited {
            self.set_position(location, play.position, side, "a position");
        }
        let dice = format!("{}{}", roll.first, roll.second);
        if !play.played {
            self.action(
                location,
                side,
                format!("{dice}: ???"),
                ActionKind::Roll {
                    dice: Some(roll),
                    play: Written::Hidden,
                },
            );
            self.push_comment(play.comment, location);
            return;
        }
        let mut notation = PlayNotation::empty();
        for pair in play.moves.chunks_exact(2) {
            let (from, to) = (pair[0], pair[1]);
            if from == -1 {
                break;
            }
            // 0-based from the mover's side: 24 is the bar, below 0 is off.
            let hop = match super::analysis::hop(from, to) {
                Some(hop) => hop,
                None => {
                    self.problem(
                        location,
                        ProblemKind::UnparsableCell,
                        format!(
                            "a move record with a move from {from} to {to}, off the board: skipped"
                        ),
                    );
                    return;
                }
            };
            notation.push(hop);
        }
        let text = if notation.is_empty() {
            format!("{dice}: Cannot Move")
        } else {
            let hops: Vec<String> = notation
                .hops()
                .iter()
                .map(|h| format!("{}/{}", PointName(h.from), PointName(h.to)))
                .collect();
            format!("{dice}: {}", hops.join(" "))
        };
        let written = if notation.is_empty() {
            Written::CannotMove
        } else {
            Written::Moves(notation)
        };
        self.action(
            location,
            side,
            text,
            ActionKind::Roll {
                dice: Some(roll),
                play: written,
            },
        );
        self.push_comment(play.comment, location);
    }

    fn game_footer(&mut self, offset: usize, footer: &GameFooter) {
        let location = at(offset);
        if let Some(side) = side_of(footer.winner) {
            let points = u32::try_from(footer.points).ok();
            let won = footer.scores[side.index()];
            let and_match = self.length > 0 && u32::try_from(won).is_ok_and(|s| s >= self.length);
            let text = match points {
                Some(1) => "Wins 1 point".to_owned(),
                Some(n) => format!("Wins {n} points"),
                None => "Wins".to_owned(),
            };
            let text = if and_match {
                format!("{text} and the match")
            } else {
                text
            };
            self.action(
                location,
                side,
                text,
                ActionKind::Win {
                    points,
                    and_match,
                    // Resigned (+100) or settled (+1000): not played out.
                    resigned: footer.termination >= 100,
                },
            );
        }
        self.end_game(offset + RECORD_SIZE);
    }

    fn end_game(&mut self, end: usize) {
        let comment = std::mem::replace(&mut self.game_comment, -1);
        self.push_comment(comment, at(end));
        self.events.push(Event::EndGame(at(end)));
    }

    fn finish(mut self, end: Location, comments: &[u8]) -> XgMatch {
        let comment = self.match_comment;
        self.push_comment(comment, end);
        self.fill_comments(comments);
        XgMatch {
            length: self.length,
            tags: self.tags,
            players: self.players,
            opening: self.opening,
            events: self.events,
            end,
            summary: self.summary,
        }
    }
}

mod decisions;

#[cfg(test)]
mod tests;
