//! The eXtreme Gammon reader (`.xg`, binary).
//!
//! An eXtreme Gammon file is an RGMH container ([`container`]): a header, a
//! JPEG thumbnail and a zlib archive of streams. The game stream holds fixed
//! 2,560-byte records ([`records`]): the match header, then per game a game
//! header, a cube record and a move record per turn, a game footer; last the
//! match footer. The comment stream holds RTF comments that records point
//! to by index ([`rtf`]).
//!
//! The reader gives the same events as the `.mat` and SGF readers (see
//! [`super`]), so that a match replays exactly as its text export:
//!
//! - the match header makes the [`MatchHeader`](super::MatchHeader): 99999
//!   is a money session; the rules become the tags `Crawford`, `Jacoby`,
//!   `Beaver`, `CubeLimit` (2 to the stored power) and `Variation`; the
//!   event, round, place, players, transcriber and date become `Event`,
//!   `Round`, `Site`, `Player 1`, `Player 2`, `Transcriber`, `EventDate`,
//!   `EventTime`;
//! - each game header a [`GameHeader`](super::GameHeader) with the start
//!   scores, the Crawford game (match play) and the starting cube (after
//!   automatic doubles); player 1 is [`Side::First`](crate::side::Side);
//! - a cube record gives `Doubles => 2v` when its player doubled, then the
//!   answers as the record gives them: `Takes`, `Drops` or `Beavers => 4v`;
//!   after a beaver, the doubler's `Raccoons => 8v` (or `Drops`; an
//!   accepted beaver gives no event, as in a `.mat`); after a raccoon, its
//!   `Takes` or `Drops`. A record without a double gives nothing;
//! - a move record gives one roll with its play, from/to pairs in the
//!   mover's numbering (hits are not stored: `hit` is always false), `Cannot
//!   Move` for an empty play, and `???` ([`Written::Hidden`](super::Written))
//!   for a roll with no play (eXtreme Gammon's record of the roll before a
//!   resignation). A play eXtreme Gammon stored as invalid is passed on as it
//!   is, so the replay judges it like any other;
//! - a game footer gives `Wins N points` in the winner's column (`and the
//!   match` when it reaches the length; resigned when it was resigned or
//!   settled);
//! - a record whose position was edited, or a game that starts elsewhere
//!   than the usual position, gives a [`SetPosition`](super::ActionKind);
//! - comments become [`Comment`](super::Comment) events.
//!
//! Locations: a binary file has no lines. An event's [`Location`] has
//! `line` 0 and `column` 0, and `byte` is the offset of its record in the
//! decompressed game stream (a multiple of 2,560); an answer to a double
//! sits at its field inside the cube record (+20; +24 and +28 for the
//! answers to a beaver and a raccoon). Moves
//! have no row numbers, so a finding's move is the action's ordinal in the
//! game, as `explain` and `show` count them.
//!
//! Bad input is refused with one [`XgError`], never a panic: a truncated
//! file, a wrong checksum (the archive's and each stream's CRC-32), a
//! stream larger than [`container::MAX_STREAM`] (zip bombs), a container
//! another program wrote that does not follow the format, records out of
//! order, and a position file (`.xgp`), which is no match. Inside a record
//! that is in order, a value out of range (dice, a point, a player) is a
//! problem event and the record is skipped.
//!
//! [`Location`]: super::Location

mod analysis;
pub mod container;
pub mod events;
pub mod records;
pub mod rtf;

pub use events::{COMMENT_TEXT_MAX, Summary, XgMatch};

use super::Visitor;

/// Why an eXtreme Gammon file cannot be read. The message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgError {
    /// The file ends before its parts do.
    #[error("a truncated eXtreme Gammon file: {0}")]
    Truncated(String),
    /// A CRC-32 does not match.
    #[error("an eXtreme Gammon file that fails its checksum: {0}")]
    Checksum(String),
    /// A stream would decompress past [`container::MAX_STREAM`].
    #[error(
        "an eXtreme Gammon file whose stream `{stream}` would decompress to {size} bytes, more than the {} a match can need: refused",
        container::MAX_STREAM
    )]
    TooLarge {
        /// The stream's name.
        stream: String,
        /// Its declared size.
        size: usize,
    },
    /// The container does not follow the format: another program wrote it.
    #[error("an RGMH container that eXtreme Gammon did not write: {0}")]
    Foreign(String),
    /// Records come in an order eXtreme Gammon never writes.
    #[error("an eXtreme Gammon file with its records out of order: {0}")]
    OutOfOrder(String),
    /// Compressed data that does not decompress.
    #[error("a damaged eXtreme Gammon file: {0}")]
    Corrupt(String),
    /// A match where a position file was expected.
    #[error(
        "an eXtreme Gammon match, not a position file: `bgaudit explain FILE --game N --move M` shows the legal plays at any move"
    )]
    Match,
    /// One position, no match.
    #[error(
        "an eXtreme Gammon position file (.xgp), not a match: use `bgaudit legal FILE.xgp` to list the legal plays of its position"
    )]
    Position,
}

/// The name of the game stream in the archive.
pub const GAME_STREAM: &str = "temp.xg";
/// The name of the comment stream.
pub const COMMENT_STREAM: &str = "temp.xgc";

/// Decodes an eXtreme Gammon file (bytes starting with `RGMH`).
///
/// # Errors
/// See [`XgError`].
pub fn decode(bytes: &[u8]) -> Result<XgMatch, XgError> {
    let container = container::Container::open(bytes)?;
    // The streams of all the files read at once share one budget.
    let _permit =
        container::StreamPermit::acquire(container.declared(&[GAME_STREAM, COMMENT_STREAM]));
    let game = container.stream(GAME_STREAM)?.ok_or_else(|| {
        XgError::Foreign(format!("its archive has no game stream `{GAME_STREAM}`"))
    })?;
    let comments = container.stream(COMMENT_STREAM)?;
    events::decode(&game, comments.as_deref())
}

/// Decodes a game stream already decompressed (`temp.xg`), with the
/// comment stream when there is one.
///
/// # Errors
/// See [`XgError`].
pub fn decode_game_stream(stream: &[u8], comments: Option<&[u8]>) -> Result<XgMatch, XgError> {
    events::decode(stream, comments)
}

/// Reads a decoded match into `visitor` (see [`XgMatch::read`]).
pub fn read<'a>(decoded: &'a XgMatch, visitor: &mut impl Visitor<'a>) {
    decoded.read(visitor);
}

/// The position of an eXtreme Gammon position file (`.xgp`): one position,
/// no match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionFile {
    /// The board from the side of the player on roll: `board[1..=24]` the
    /// points (positive his checkers, negative the opponent's), `board[25]`
    /// his bar, `board[0]` the opponent's.
    pub board: records::Board,
    /// The dice the file holds for the player on roll, when it holds any:
    /// those of the checker play under analysis, else the roll after the
    /// cube decision.
    pub dice: Option<[u8; 2]>,
    /// Match length; 0 for money.
    pub length: u32,
    /// The scores, the file's first player first.
    pub scores: [i32; 2],
    /// 0 backgammon, 1 Nackgammon, 2 Hypergammon, 3 Longgammon.
    pub variation: i32,
}

/// Reads the position of an eXtreme Gammon position file (`.xgp`).
///
/// # Errors
/// As [`decode`] for a file that cannot be read; a match file (it has plays)
/// and a file with no position are refused.
pub fn position_file(bytes: &[u8]) -> Result<PositionFile, XgError> {
    let container = container::Container::open(bytes)?;
    let stream = container.stream(GAME_STREAM)?.ok_or_else(|| {
        XgError::Foreign(format!("its archive has no game stream `{GAME_STREAM}`"))
    })?;
    match events::decode(&stream, None) {
        Err(XgError::Position) => {}
        Err(other) => return Err(other),
        Ok(_) => return Err(XgError::Match),
    }
    // The stream is in order and holds one game: its header gives the
    // match, the last cube or unplayed move record the position.
    let mut records = stream.chunks_exact(records::RECORD_SIZE);
    let Some(records::Record::MatchHeader(header)) =
        records.next().and_then(|r| records::record(r, 0))
    else {
        return Err(XgError::Foreign("no match header".into()));
    };
    let mut found = None;
    let mut scores = [0, 0];
    for raw in records {
        match records::record(raw, header.version) {
            Some(records::Record::GameHeader(game)) => scores = game.scores,
            Some(records::Record::Cube(cube)) => {
                // Two ASCII digits (`52`); `77` or nothing when no roll.
                let dice = cube
                    .dice_rolled
                    .iter()
                    .all(|d| (b'1'..=b'6').contains(d))
                    .then(|| cube.dice_rolled.map(|d| d - b'0'));
                found = Some((cube.position, dice));
            }
            Some(records::Record::Move(play)) if !play.played => {
                let dice = play
                    .dice
                    .iter()
                    .all(|d| (1..=6).contains(d))
                    .then(|| play.dice.map(|d| u8::try_from(d).unwrap_or_default()));
                found = Some((play.position, dice));
            }
            _ => {}
        }
    }
    let Some((board, dice)) = found else {
        return Err(XgError::Foreign(
            "a position file without a position (no cube or move record)".into(),
        ));
    };
    Ok(PositionFile {
        board,
        dice,
        length: u32::try_from(header.length)
            .ok()
            .filter(|&n| n != 99_999)
            .unwrap_or(0),
        scores,
        variation: header.variation,
    })
}
