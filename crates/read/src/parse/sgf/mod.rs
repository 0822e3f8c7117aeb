//! The GNU Backgammon SGF reader (`GM[6]`).
//!
//! An SGF collection is one match: one game tree per game. The reader gives
//! the same events a `.mat` of the same match gives (see [`super`]):
//!
//! - the first game tree's root node makes the [`MatchHeader`]: `MI[length:L]`
//!   is the length (0 = money), every root property becomes a tag under its
//!   SGF identifier, and the `RU` words become the tags `Crawford` (`On`, or
//!   `Off` in a match without the word), `Jacoby` (`On`, or `Off` in money
//!   play without it), `CubeLimit` = `1` (`NoCube`) and `Variation`;
//! - each game tree's root makes a [`GameHeader`]: `PW` is [`Side::First`],
//!   `PB` [`Side::Second`], `MI[game:i]` is game `i + 1`, `MI[ws:a][bs:b]`
//!   the scores, `RU[..:CrawfordGame]` the Crawford game, root `CV` the
//!   starting cube;
//! - each node with `W[..]`/`B[..]` is one [`Action`]: a roll with its
//!   letter-coded play (hits are not encoded: `hit` is always false),
//!   `double` (a `double` answering a double is a beaver, a further one a
//!   raccoon; the `take` GNU Backgammon writes after a beaver is implied by
//!   it and gives no event, as in a `.mat`), `take`, `drop`, `resign`;
//! - a run of set-up nodes (`PL`, `DI`, `AE`/`AB`/`AW`, `CV`, `CP`) gives
//!   at most one [`ActionKind::SetPosition`] (the board in White's frame,
//!   with the cube of `CV`/`CP`) followed by one roll with nothing played
//!   (`DI`); when the board edit is in the node right after the `DI` node
//!   of the same player, the two are one roll whose play is that position
//!   ([`Written::Dump`]: how GNU Backgammon stores a play it could not
//!   make). A board edit must clear every point first (`AE[a:y]`, as GNU
//!   Backgammon writes it); a partial edit, or a cube set-up without a
//!   board, is a problem;
//! - `RE[W+n]` is an [`ActionKind::Win`] at the end of the game, in the
//!   winner's column, located at the `RE` property; `C[..]` are comments.
//!
//! The analysis of a move node (`A`, `DA`, `LU` with `GW`/`GB`) is given as
//! [`super::Analysis`] events (see `analysis`); the other analysis
//! properties (`GS`, the marks) are skipped without being stored. Variations are skipped (the main line is the first one at
//! each branch) and counted in one [`ProblemKind::Skipped`] per game.
//!
//! The scan is flat (an explicit depth counter, no recursion), linear in
//! the input and never panics. Texts in events are slices of the input as
//! written: escapes (`\]`, `\\`) are resolved only where a value is
//! interpreted (moves, numbers), not in names, tags and comments.

mod analysis;
mod lex;
mod moves;
mod nodes;
mod setup;
mod tokens;
mod value;

use lex::{Lexer, Lines, Token};
use setup::BoardEdit;
use value::{Move, Outcome};

use super::{
    Action, ActionKind, BoardDump, Comment, Format, GameHeader, Location, MatchHeader, PlayerName,
    Problem, ProblemKind, Resignation, Tag, Visitor, Written,
};
use crate::dice::Roll;
use crate::side::{ByPlayer, Side};

/// Reads SGF text and calls `visitor` in reading order.
pub fn read<'a>(text: &'a str, visitor: &mut impl Visitor<'a>) {
    let mut reader = Reader::new(text, visitor);
    if !text.trim_start().starts_with('(') {
        reader.unreadable("not SGF: a game collection starts with `(;`");
        return;
    }
    for token in Lexer::new(text) {
        reader.token(token);
    }
    reader.finish();
}

/// Problems held before the first backgammon game tree, at most.
const MAX_HELD: usize = 256;
/// Nesting deeper than this is reported (and still read).
const DEEP: usize = 64;
/// Longest excerpt of the input quoted in a problem.
const EXCERPT: usize = 60;

/// A property identifier reduced to its upper-case letters (old SGF files
/// write `GaMe` for `GM`), packed in a number for quick comparison.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Key(u32);

impl Key {
    /// Identifiers longer than four upper-case letters match no name here.
    const LONG: Key = Key(u32::MAX);

    fn new(ident: &str) -> Key {
        Key::pack(ident.bytes().filter(u8::is_ascii_uppercase))
    }

    fn pack(letters: impl Iterator<Item = u8>) -> Key {
        let mut packed = 0u32;
        for (i, b) in letters.enumerate() {
            if i == 4 {
                return Key::LONG;
            }
            packed = packed << 8 | u32::from(b);
        }
        Key(packed)
    }

    #[inline]
    fn is(self, name: &str) -> bool {
        self == Key::pack(name.bytes())
    }

    // Inlined so that the names, constants at every call, are packed when
    // compiling rather than at each property.
    #[inline]
    fn is_any(self, names: &[&str]) -> bool {
        names.iter().any(|n| self.is(n))
    }
}

/// Properties read outside the root node; everything else there is skipped.
const NODE_KEYS: &[&str] = &[
    "W", "B", "AE", "AB", "AW", "PL", "DI", "CV", "CP", "C", "A", "DA", "LU", "GW", "GB",
];
/// The analysis properties of a move node: located at the node's move, so
/// that their values (most of an analysed file) are not counted character
/// by character for a line and column.
const ANALYSIS_KEYS: &[&str] = &["A", "DA", "LU", "GW", "GB"];
/// Root properties that are neither game information nor tags.
const ROOT_SKIPPED: &[&str] = &[
    "GS", "A", "DA", "MR", "CR", "LU", "GB", "GW", "BM", "DO", "BC", "DC",
];

/// One property of the node being read.
#[derive(Clone, Debug)]
struct Prop<'a> {
    ident: &'a str,
    key: Key,
    /// Offset of the identifier.
    start: usize,
    /// Offset after the first value's `]` (or after the identifier).
    first_end: usize,
    /// Offset after the last value's `]`.
    end: usize,
    location: Location,
    /// Range in [`Reader::values`].
    values: std::ops::Range<usize>,
}

/// One value of a kept property.
#[derive(Copy, Clone, Debug)]
struct Val<'a> {
    raw: &'a str,
    location: Location,
}

/// Where the reader is in the current game tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TreeState {
    /// The root node is not read yet.
    Root,
    /// A backgammon game (its state is in [`Reader::game`]).
    Game,
    /// Not a backgammon game tree: skipped to its end.
    Skipped,
}

#[derive(Debug)]
struct Tree {
    state: TreeState,
    /// Where its `(` is.
    open: Location,
    /// Variations skipped, and where the first one starts.
    variations: u32,
    first_variation: Option<Location>,
    reported_node_after_variation: bool,
    reported_deep: bool,
}

/// The state of one game being read.
#[derive(Debug, Default)]
struct Game<'a> {
    /// `RE`: where, as written, and what it says.
    result: Option<(Location, &'a str, Outcome)>,
    /// The player on roll as set by `PL`, until the next move.
    turn: Option<Side>,
    /// The last player who rolled.
    last_roller: Option<Side>,
    /// The last cube offer: by whom and how many animals came after the double.
    offer: Option<(Side, u8)>,
    pending: Pending<'a>,
}

impl Game<'_> {
    /// The side a set-up node without `PL` is for.
    fn on_roll(&self) -> Side {
        self.turn
            .or(self.last_roller.map(Side::other))
            .unwrap_or(Side::First)
    }
}

/// A run of set-up nodes not yet turned into events.
#[derive(Debug, Default)]
struct Pending<'a> {
    dice: Option<Staged<'a, Roll>>,
    /// The last set-up node read was the one with the dice: a board edit
    /// now is the play of that roll.
    dice_last: bool,
    /// The board edit is the play of the pending roll (it came right after
    /// the dice node); otherwise it sets the position the roll is played from.
    play: bool,
    board: Option<Staged<'a, BoardEdit>>,
    cube_value: Option<u32>,
    cube_owner: Option<Option<Side>>,
    cube_at: Option<(Location, &'a str)>,
    comments: Vec<(Location, &'a str)>,
}

/// Something read from a set-up node, with the node's place and text.
#[derive(Debug)]
struct Staged<'a, T> {
    what: T,
    side: Side,
    location: Location,
    text: &'a str,
}

/// At most [`EXCERPT`] bytes of `text`, cut at a character boundary.
fn excerpt(text: &str) -> &str {
    if text.len() <= EXCERPT {
        return text;
    }
    let mut end = EXCERPT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// A problem not yet given to the visitor.
#[derive(Debug)]
struct Held<'a> {
    location: Location,
    kind: ProblemKind,
    text: &'a str,
    message: String,
    side: Option<Side>,
}

struct Reader<'a, 'v, V: Visitor<'a>> {
    text: &'a str,
    visitor: &'v mut V,
    lines: Lines<'a>,

    /// Parenthesis depth.
    depth: usize,
    /// Depth of the innermost level on the main line (0: none, or the tree
    /// is skipped); deeper levels are skipped variations.
    main_depth: usize,
    /// The innermost main-line level already went into its first child.
    child_taken: bool,
    tree: Option<Tree>,
    /// The game being read.
    game: Option<Game<'a>>,

    /// The node being read: open, where it starts, its properties.
    node_open: bool,
    node_location: Location,
    props: Vec<Prop<'a>>,
    values: Vec<Val<'a>>,
    /// The last identifier keeps its values (it is in `props`).
    keeping: bool,
    /// The last identifier (start, text) has had no value yet.
    valueless: Option<(usize, &'a str)>,
    /// Values may follow (the last token was an identifier or a value).
    after_ident: bool,

    /// The match has begun (a backgammon root was read); its length.
    length: Option<u32>,
    /// The first game's match length was not readable (0 was taken).
    length_unreadable: bool,
    /// Problems found before the match began.
    held: Vec<Held<'a>>,
    /// Ratings from the first game's root.
    ratings: ByPlayer<Option<&'a str>>,
    /// Stray text was reported and no token since: report a run once.
    stray_reported: bool,
}

impl<'a, V: Visitor<'a>> std::fmt::Debug for Reader<'a, '_, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

impl<'a, 'v, V: Visitor<'a>> Reader<'a, 'v, V> {
    fn new(text: &'a str, visitor: &'v mut V) -> Self {
        Reader {
            text,
            visitor,
            lines: Lines::new(text),
            depth: 0,
            main_depth: 0,
            child_taken: false,
            tree: None,
            game: None,
            node_open: false,
            node_location: Location::default(),
            props: Vec::new(),
            values: Vec::new(),
            keeping: false,
            valueless: None,
            after_ident: false,
            length: None,
            length_unreadable: false,
            held: Vec::new(),
            ratings: ByPlayer::new(None, None),
            stray_reported: false,
        }
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    // ----- problems -------------------------------------------------------

    fn problem(
        &mut self,
        location: Location,
        kind: ProblemKind,
        text: &'a str,
        message: String,
        side: Option<Side>,
    ) {
        let text = excerpt(text);
        if self.length.is_some() {
            self.visitor.problem(&Problem {
                location,
                kind,
                text,
                message,
                side,
                row: None,
            });
        } else if self.held.len() < MAX_HELD {
            self.held.push(Held {
                location,
                kind,
                text,
                message,
                side,
            });
        }
    }

    fn unreadable(&mut self, message: &str) {
        self.visitor
            .problem(&Problem::at_start(ProblemKind::Unreadable, message));
    }
}
