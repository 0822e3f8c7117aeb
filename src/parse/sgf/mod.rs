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
//! Analysis properties (`A`, `DA`, `LU`, `GS`, ...) are skipped without
//! being stored. Variations are skipped (the main line is the first one at
//! each branch) and counted in one [`ProblemKind::Skipped`] per game.
//!
//! The scan is flat (an explicit depth counter, no recursion), linear in
//! the input and never panics. Texts in events are slices of the input as
//! written: escapes (`\]`, `\\`) are resolved only where a value is
//! interpreted (moves, numbers), not in names, tags and comments.

mod lex;
mod value;

use lex::{Lexer, Lines, Token};
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

    fn is_any(self, names: &[&str]) -> bool {
        names.iter().any(|n| self.is(n))
    }
}

/// Properties read outside the root node; everything else there is skipped.
const NODE_KEYS: &[&str] = &["W", "B", "AE", "AB", "AW", "PL", "DI", "CV", "CP", "C"];
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

/// Checkers placed by `AE`/`AB`/`AW`, by letter index (`a`..`x`, `y` = bar).
#[derive(Clone, Debug)]
struct BoardEdit {
    white: [u8; 25],
    black: [u8; 25],
    /// Bit `i` set: letter `i` was cleared by `AE`.
    cleared: u32,
}

impl BoardEdit {
    const ALL_POINTS: u32 = (1 << 24) - 1;

    fn new() -> Self {
        BoardEdit {
            white: [0; 25],
            black: [0; 25],
            cleared: 0,
        }
    }

    /// The board in White's frame, or why it cannot be given.
    fn dump(&self) -> Result<BoardDump, String> {
        if self.cleared & Self::ALL_POINTS != Self::ALL_POINTS {
            return Err(
                "a board edit that does not clear every point first (`AE[a:y]`): \
                        the position it changes is not known to the reader"
                    .into(),
            );
        }
        let mut points = [0i8; 26];
        for index in 0..24 {
            let (w, b) = (self.white[index], self.black[index]);
            if w > 0 && b > 0 {
                return Err(format!(
                    "White's point {} holds checkers of both players",
                    index + 1
                ));
            }
            points[index + 1] = clamp(i16::from(w) - i16::from(b));
        }
        points[25] = clamp(i16::from(self.white[24]));
        points[0] = clamp(-i16::from(self.black[24]));
        Ok(BoardDump {
            points,
            positive: Side::First,
            cube: None,
            next_dice: None,
            scores: None,
        })
    }
}

fn clamp(n: i16) -> i8 {
    i8::try_from(n.clamp(i16::from(i8::MIN), i16::from(i8::MAX))).unwrap_or(0)
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

    // ----- tokens ---------------------------------------------------------

    fn token(&mut self, token: Token<'a>) {
        if !matches!(token, Token::Value { .. } | Token::Unclosed(_)) {
            self.check_valueless();
        }
        if matches!(token, Token::Open(_) | Token::Close(_) | Token::Node(_)) {
            self.stray_reported = false;
        }
        match token {
            Token::Open(at) => self.open(at),
            Token::Close(at) => self.close(at),
            Token::Node(at) => self.node(at),
            Token::Ident { text, start } => self.ident(text, start),
            Token::Value { raw, start, end } => self.value(raw, start, end),
            Token::Unclosed(start) => {
                self.after_ident = false;
                self.valueless = None;
                if self.depth == 0 || self.reading_main_line() {
                    let location = self.lines.at(start);
                    let text = self.slice(start, self.text.len());
                    self.problem(
                        location,
                        ProblemKind::UnparsableCell,
                        text,
                        "value not closed: `]` missing before the end of the file".into(),
                        None,
                    );
                }
            }
            Token::Stray { start, end } => {
                self.after_ident = false;
                if !self.stray_reported && (self.depth == 0 || self.reading_main_line()) {
                    self.stray_reported = true;
                    let location = self.lines.at(start);
                    let text = self.slice(start, end);
                    self.problem(
                        location,
                        ProblemKind::UnparsableCell,
                        text,
                        format!(
                            "unexpected `{}`: expected `(`, `;`, `)` or a property",
                            excerpt(text)
                        ),
                        None,
                    );
                }
            }
        }
    }

    fn tree_state(&self) -> Option<TreeState> {
        self.tree.as_ref().map(|t| t.state)
    }

    /// Tokens now belong to the main line of a tree that is read.
    fn reading_main_line(&self) -> bool {
        self.depth > 0
            && self.depth == self.main_depth
            && self.tree_state() != Some(TreeState::Skipped)
    }

    fn open(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.depth = 1;
            self.main_depth = 1;
            self.child_taken = false;
            let open = self.lines.at(at);
            self.tree = Some(Tree {
                state: TreeState::Root,
                open,
                variations: 0,
                first_variation: None,
                reported_node_after_variation: false,
                reported_deep: false,
            });
            return;
        }
        if self.depth == self.main_depth {
            self.end_node();
        }
        if self.depth == self.main_depth && self.depth > 0 && !self.child_taken {
            self.depth += 1;
            self.main_depth += 1;
            self.child_taken = false;
            if self.depth > DEEP
                && let Some(tree) = self.tree.as_mut()
                && !tree.reported_deep
            {
                tree.reported_deep = true;
                let location = self.lines.at(at);
                self.problem(
                    location,
                    ProblemKind::Skipped,
                    self.slice(at, at + 1),
                    format!(
                        "game tree nested more than {DEEP} levels deep: read as one line of play"
                    ),
                    None,
                );
            }
            return;
        }
        // A second variation (or anything inside a skipped one).
        let counts = self.depth == self.main_depth && self.tree_state() == Some(TreeState::Game);
        self.depth += 1;
        if counts {
            let location = self.lines.at(at);
            if let Some(tree) = self.tree.as_mut() {
                tree.variations = tree.variations.saturating_add(1);
                tree.first_variation.get_or_insert(location);
            }
        }
    }

    /// A one-character token (`(`, `)`, `;`) where no game tree is open.
    fn stray_character(&mut self, at: usize, message: &str) {
        let location = self.lines.at(at);
        self.problem(
            location,
            ProblemKind::UnparsableCell,
            self.slice(at, at + 1),
            message.into(),
            None,
        );
    }

    fn close(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.stray_character(at, "unexpected `)`: no game tree is open");
            return;
        }
        if self.depth == self.main_depth {
            self.end_node();
            // (reading the root may have turned the tree into a skipped one)
            if self.depth == self.main_depth {
                self.main_depth -= 1;
                self.child_taken = true;
            }
        }
        self.depth -= 1;
        if self.depth == 0 {
            self.end_tree(at + 1);
        }
    }

    fn node(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.stray_character(at, "a node outside a game tree: expected `(` first");
            return;
        }
        if !self.reading_main_line() {
            return;
        }
        self.end_node();
        // (the node just read may have been the root of a tree that is skipped)
        if !self.reading_main_line() {
            return;
        }
        let location = self.lines.at(at);
        if self.child_taken
            && let Some(tree) = self.tree.as_mut()
            && !tree.reported_node_after_variation
        {
            tree.reported_node_after_variation = true;
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                self.slice(at, at + 1),
                "a node after a variation: the nodes of a game tree come before its variations"
                    .into(),
                None,
            );
        }
        self.node_open = true;
        self.node_location = location;
        self.props.clear();
        self.values.clear();
    }

    fn ident(&mut self, ident: &'a str, start: usize) {
        self.keeping = false;
        self.after_ident = true;
        if self.depth == 0 {
            self.after_ident = false;
            if !self.stray_reported {
                self.stray_reported = true;
                let location = self.lines.at(start);
                self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    ident,
                    format!("unexpected `{}` outside a game tree", excerpt(ident)),
                    None,
                );
            }
            return;
        }
        if !self.reading_main_line() {
            return;
        }
        self.valueless = Some((start, ident));
        if !self.node_open {
            let location = self.lines.at(start);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                ident,
                format!(
                    "property `{}` outside a node: expected `;` before it",
                    excerpt(ident)
                ),
                None,
            );
            return;
        }
        let key = Key::new(ident);
        let root = self.tree_state() == Some(TreeState::Root);
        let keep = if root {
            !key.is_any(ROOT_SKIPPED)
        } else {
            key.is_any(NODE_KEYS)
        };
        if !keep {
            return;
        }
        self.keeping = true;
        let location = self.lines.at(start);
        let end = start + ident.len();
        let first = self.values.len();
        self.props.push(Prop {
            ident,
            key,
            start,
            first_end: end,
            end,
            location,
            values: first..first,
        });
    }

    fn check_valueless(&mut self) {
        if let Some((start, ident)) = self.valueless.take()
            && self.reading_main_line()
        {
            let location = self.lines.at(start);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                ident,
                format!(
                    "property `{}` has no value: expected `[` after it",
                    excerpt(ident)
                ),
                None,
            );
        }
    }

    fn value(&mut self, raw: &'a str, start: usize, end: usize) {
        if self.depth > 0 && !self.reading_main_line() {
            return;
        }
        if self.depth == 0 && self.stray_reported {
            return;
        }
        if !self.after_ident {
            self.stray_reported |= self.depth == 0;
            let location = self.lines.at(start);
            let text = self.slice(start, end);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                text,
                "a value without a property identifier before it".into(),
                None,
            );
            return;
        }
        self.valueless = None;
        if !self.keeping {
            return;
        }
        let location = self.lines.at(start);
        self.values.push(Val { raw, location });
        let count = self.values.len();
        if let Some(prop) = self.props.last_mut() {
            if prop.values.is_empty() {
                prop.first_end = end;
            }
            prop.values.end = count;
            prop.end = end;
        }
    }

    // ----- nodes ----------------------------------------------------------

    /// The current node is complete: interpret it.
    fn end_node(&mut self) {
        if !self.node_open {
            return;
        }
        self.node_open = false;
        let props = std::mem::take(&mut self.props);
        let is_root = self.tree_state() == Some(TreeState::Root);
        if is_root {
            self.root(&props);
        } else {
            self.play_node(&props, false);
        }
        self.props = props;
        self.props.clear();
        self.values.clear();
    }

    fn values_of(&self, prop: &Prop<'a>) -> &[Val<'a>] {
        self.values.get(prop.values.clone()).unwrap_or(&[])
    }

    fn first_value(&self, prop: &Prop<'a>) -> Option<Val<'a>> {
        self.values_of(prop).first().copied()
    }

    /// `RE[W+2]`, `B[41lpab]`: the property with its first value.
    fn prop_text(&self, prop: &Prop<'a>) -> &'a str {
        self.slice(prop.start, prop.first_end)
    }

    fn root(&mut self, props: &[Prop<'a>]) {
        let gm = props.iter().find(|p| p.key.is("GM"));
        let game_type = gm
            .and_then(|p| self.first_value(p))
            .map(|v| v.raw.trim())
            .unwrap_or("");
        if game_type != "6" {
            let message = if gm.is_some() {
                format!(
                    "a game tree that is not backgammon (`GM[{}]`, backgammon is `GM[6]`): skipped",
                    excerpt(game_type)
                )
            } else {
                "a game tree without `GM[6]` (backgammon): skipped".into()
            };
            if let Some(tree) = self.tree.as_mut() {
                tree.state = TreeState::Skipped;
            }
            self.main_depth = 0;
            let location = self.node_location;
            self.problem(location, ProblemKind::Skipped, "", message, None);
            return;
        }

        let mut length = None;
        let mut length_unreadable = false;
        let mut number = None;
        let mut scores = ByPlayer::new(None, None);
        let mut names = ByPlayer::new(PlayerName::default(), PlayerName::default());
        let mut rules = None;
        let mut result = None;
        let mut initial_cube = None;
        let mut tags = Vec::new();
        let mut comments = Vec::new();
        let mut problems: Vec<(Location, ProblemKind, &'a str, String)> = Vec::new();

        for prop in props {
            let key = prop.key;
            let first = self.first_value(prop);
            let raw = first.map_or("", |v| v.raw);
            if key.is("MI") {
                for v in self.values_of(prop) {
                    match value::parse_match_info(&value::unescape(v.raw)) {
                        Ok(value::MatchInfo::Length(l)) => length = Some(l),
                        Err(expected) if v.raw.trim_start().starts_with("length") => {
                            length_unreadable = true;
                            problems.push((
                                v.location,
                                ProblemKind::BadHeader,
                                v.raw,
                                format!("bad `MI` value: expected {expected}"),
                            ));
                        }
                        Ok(value::MatchInfo::Game(g)) => number = Some(g.saturating_add(1)),
                        Ok(value::MatchInfo::Score(side, s)) => scores[side] = Some(s),
                        Ok(value::MatchInfo::Other) => {}
                        Err(expected) => {
                            problems.push((
                                v.location,
                                ProblemKind::BadHeader,
                                v.raw,
                                format!("bad `MI` value: expected {expected}"),
                            ));
                        }
                    }
                }
            } else if key.is("PW") {
                names.first.name = raw;
            } else if key.is("PB") {
                names.second.name = raw;
            } else if key.is("WR") {
                names.first.rating = Some(raw);
            } else if key.is("BR") {
                names.second.rating = Some(raw);
            } else if key.is("RU") {
                let words = value::parse_rules(&value::unescape(raw));
                rules = Some((words, prop.location));
            } else if key.is("RE") {
                match value::parse_result(&value::unescape(raw)) {
                    Ok(outcome) => result = Some((prop.location, self.prop_text(prop), outcome)),
                    Err(expected) => problems.push((
                        prop.location,
                        ProblemKind::UnparsableCell,
                        self.prop_text(prop),
                        format!("bad result: expected {expected}"),
                    )),
                }
            } else if key.is("CV") {
                match value::parse_number(&value::unescape(raw)) {
                    Some(cube) if cube > 0 => initial_cube = Some(cube),
                    _ => problems.push((
                        prop.location,
                        ProblemKind::BadHeader,
                        self.prop_text(prop),
                        "bad cube value: expected a number like `2`".into(),
                    )),
                }
            } else if key.is("C") {
                comments.push((prop.location, raw));
            } else if !key.is_any(&["W", "B", "AE", "AB", "AW", "PL", "DI"]) {
                tags.push(Tag {
                    key: prop.ident,
                    value: raw,
                    location: prop.location,
                });
            }
            // The rule words come where `RU` is.
            if let Some((words, location)) = rules.filter(|_| key.is("RU")) {
                if words.crawford {
                    tags.push(Tag {
                        key: "Crawford",
                        value: "On",
                        location,
                    });
                }
                if words.jacoby {
                    tags.push(Tag {
                        key: "Jacoby",
                        value: "On",
                        location,
                    });
                }
                if words.no_cube {
                    tags.push(Tag {
                        key: "CubeLimit",
                        value: "1",
                        location,
                    });
                }
                if let Some(variation) = words.variation {
                    tags.push(Tag {
                        key: "Variation",
                        value: variation,
                        location,
                    });
                }
            }
        }
        let length_read = length.unwrap_or(0);
        let crawford_rule = rules.is_some_and(|(w, _)| w.crawford);
        let jacoby = rules.is_some_and(|(w, _)| w.jacoby);
        let location = self.node_location;
        if length_read > 0 && !crawford_rule {
            tags.push(Tag {
                key: "Crawford",
                value: "Off",
                location,
            });
        }
        if length_read == 0 && !jacoby {
            tags.push(Tag {
                key: "Jacoby",
                value: "Off",
                location,
            });
        }

        match self.length {
            None => {
                self.length = Some(length_read);
                self.length_unreadable = length_unreadable;
                self.visitor.begin_match(&MatchHeader {
                    location,
                    length: length_read,
                    tags,
                    format: Format::Sgf,
                });
                for held in std::mem::take(&mut self.held) {
                    self.visitor.problem(&Problem {
                        location: held.location,
                        kind: held.kind,
                        text: held.text,
                        message: held.message,
                        side: held.side,
                        row: None,
                    });
                }
            }
            Some(first)
                if length.is_some_and(|l| l != first)
                    && !self.length_unreadable
                    && !length_unreadable =>
            {
                let (at, text) = props
                    .iter()
                    .find(|p| p.key.is("MI"))
                    .map_or((location, ""), |p| (p.location, self.slice(p.start, p.end)));
                self.problem(
                    at,
                    ProblemKind::BadHeader,
                    text,
                    format!("match length {length_read} differs from the first game's {first}"),
                    None,
                );
            }
            Some(_) => {}
        }
        // Ratings are written with the first game only: keep them for all.
        for side in Side::BOTH {
            match names[side].rating {
                Some(rating) => self.ratings[side] = Some(rating),
                None => names[side].rating = self.ratings[side],
            }
        }
        self.visitor.begin_game(&GameHeader {
            location,
            number,
            score_location: location,
            names,
            scores,
            crawford: rules.map(|(w, _)| w.crawford_game),
            initial_cube,
        });
        for (at, kind, text, message) in problems {
            self.problem(at, kind, text, message, None);
        }
        for (at, text) in comments {
            self.visitor.comment(&Comment { location: at, text });
        }
        if let Some(tree) = self.tree.as_mut() {
            tree.state = TreeState::Game;
        }
        self.game = Some(Game {
            result,
            ..Game::default()
        });
        // Moves or a set-up in the root node itself.
        self.play_node(props, true);
    }

    // ----- moves and set-ups -------------------------------------------

    fn play_node(&mut self, props: &[Prop<'a>], is_root: bool) {
        let mut mover: Option<&Prop<'a>> = None;
        let mut has_setup = false;
        let mut player = None;
        let mut comments = Vec::new();
        for prop in props {
            let key = prop.key;
            if key.is("W") || key.is("B") {
                if mover.is_none() {
                    mover = Some(prop);
                } else {
                    let text = self.prop_text(prop);
                    self.problem(
                        prop.location,
                        ProblemKind::Skipped,
                        text,
                        "a second move in one node: ignored".into(),
                        Some(if key.is("W") {
                            Side::First
                        } else {
                            Side::Second
                        }),
                    );
                }
            } else if key.is_any(&["AE", "AB", "AW", "DI"])
                || (!is_root && key.is_any(&["CV", "CP"]))
            {
                has_setup = true;
            } else if key.is("PL") {
                match self
                    .first_value(prop)
                    .and_then(|v| value::parse_player(v.raw))
                {
                    Some(side) => player = Some(side),
                    None => {
                        let text = self.prop_text(prop);
                        self.problem(
                            prop.location,
                            ProblemKind::UnparsableCell,
                            text,
                            "bad player: expected `PL[W]` or `PL[B]`".into(),
                            None,
                        );
                    }
                }
            } else if key.is("C") && !is_root {
                if let Some(v) = self.first_value(prop) {
                    comments.push((prop.location, v.raw));
                }
            }
        }
        if let Some(game) = self.game.as_mut()
            && player.is_some()
        {
            game.turn = player;
        }
        if let Some(prop) = mover {
            self.flush_pending();
            if has_setup {
                self.problem(
                    prop.location,
                    ProblemKind::Skipped,
                    "",
                    "set-up properties in the same node as a move: ignored".into(),
                    None,
                );
            }
            self.play_move(prop);
            self.comments(comments);
        } else if has_setup {
            self.stage_setup(props, player);
            if let Some(game) = self.game.as_mut() {
                game.pending.comments.extend(comments);
            }
        } else if let Some(game) = self.game.as_mut()
            && (game.pending.dice.is_some()
                || game.pending.board.is_some()
                || game.pending.cube_at.is_some())
        {
            game.pending.comments.extend(comments);
        } else {
            self.comments(comments);
        }
    }

    fn comments(&mut self, comments: Vec<(Location, &'a str)>) {
        for (location, text) in comments {
            self.visitor.comment(&Comment { location, text });
        }
    }

    fn play_move(&mut self, prop: &Prop<'a>) {
        let side = if prop.key.is("W") {
            Side::First
        } else {
            Side::Second
        };
        let text = self.prop_text(prop);
        let Some(v) = self.first_value(prop) else {
            // reported as a property without a value
            return;
        };
        let parsed = value::parse_move(&value::unescape(v.raw), side);
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let kind = match parsed {
            Err(expected) => {
                self.problem(
                    prop.location,
                    ProblemKind::UnparsableCell,
                    text,
                    format!("bad move: expected {expected}"),
                    Some(side),
                );
                return;
            }
            Ok(Move::Roll(dice, play)) => {
                game.last_roller = Some(side);
                game.turn = None;
                game.offer = None;
                ActionKind::Roll {
                    dice: Some(dice),
                    play: if play.is_empty() {
                        Written::Empty
                    } else {
                        Written::Moves(play)
                    },
                }
            }
            Ok(Move::Double) => {
                game.turn = None;
                match game.offer {
                    Some((by, animals)) if by == side.other() => {
                        game.offer = Some((side, animals.saturating_add(1)));
                        if animals == 0 {
                            ActionKind::Beaver(None)
                        } else {
                            ActionKind::Raccoon(None)
                        }
                    }
                    _ => {
                        game.offer = Some((side, 0));
                        ActionKind::Double(None)
                    }
                }
            }
            // Taking a beaver or raccoon is implied by it (a `.mat` writes no
            // `Takes` after `Beavers => 4`): GNU Backgammon's `take` there is
            // not an action of its own.
            Ok(Move::Take)
                if game
                    .offer
                    .is_some_and(|(by, animals)| animals > 0 && by == side.other()) =>
            {
                game.offer = None;
                return;
            }
            Ok(Move::Take) => {
                game.offer = None;
                ActionKind::Take
            }
            Ok(Move::Drop) => {
                game.offer = None;
                ActionKind::Drop
            }
            Ok(Move::Resign) => ActionKind::Resign(Resignation::Game),
            Ok(Move::ResignAnswer) => return,
        };
        self.visitor.action(&Action {
            location: prop.location,
            side,
            row: None,
            text,
            kind,
        });
    }

    /// Adds a set-up node to the pending run.
    fn stage_setup(&mut self, props: &[Prop<'a>], player: Option<Side>) {
        let Some(side) = self.game.as_ref().map(|g| player.unwrap_or(g.on_roll())) else {
            return;
        };
        let setup: Vec<&Prop<'a>> = props.iter().filter(|p| !p.key.is("C")).collect();
        let (Some(first), Some(last)) = (setup.first(), setup.last()) else {
            return;
        };
        let location = first.location;
        let text = self.slice(first.start, last.end);
        let mut has_dice = false;
        for prop in setup {
            let key = prop.key;
            let prop_text = self.prop_text(prop);
            let raw = self.first_value(prop).map_or("", |v| v.raw);
            if key.is("DI") {
                let Some(roll) = value::parse_dice(&value::unescape(raw)) else {
                    self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad dice: expected two digits from 1 to 6, like `DI[52]`".into(),
                        Some(side),
                    );
                    continue;
                };
                if self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.pending.dice.is_some() || g.pending.board.is_some())
                {
                    self.flush_pending();
                }
                if let Some(game) = self.game.as_mut() {
                    game.pending.dice = Some(Staged {
                        what: roll,
                        side,
                        location,
                        text,
                    });
                }
                has_dice = true;
                if let Some(game) = self.game.as_mut() {
                    game.pending.dice_last = true;
                }
            } else if key.is_any(&["AE", "AB", "AW"]) {
                self.edit_board(prop, side, location, text);
            } else if key.is("CV") {
                match value::parse_number(&value::unescape(raw)) {
                    Some(cube) if cube > 0 => {
                        if let Some(game) = self.game.as_mut() {
                            game.pending.cube_value = Some(cube);
                            game.pending.cube_at.get_or_insert((location, text));
                        }
                    }
                    _ => self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad cube value: expected a number like `CV[2]`".into(),
                        None,
                    ),
                }
            } else if key.is("CP") {
                match value::parse_cube_owner(&value::unescape(raw)) {
                    Some(owner) => {
                        if let Some(game) = self.game.as_mut() {
                            game.pending.cube_owner = Some(owner);
                            game.pending.cube_at.get_or_insert((location, text));
                        }
                    }
                    None => self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad cube owner: expected `CP[c]`, `CP[w]` or `CP[b]`".into(),
                        None,
                    ),
                }
            }
        }
        if let Some(game) = self.game.as_mut() {
            game.pending.dice_last = has_dice;
        }
    }

    /// Applies one `AE`/`AB`/`AW` property to the pending board.
    fn edit_board(&mut self, prop: &Prop<'a>, side: Side, location: Location, text: &'a str) {
        // A board edit for the other player than the pending roll's is not
        // that roll's play.
        if self.game.as_ref().is_some_and(|g| {
            g.pending.board.is_none() && g.pending.dice.as_ref().is_some_and(|d| d.side != side)
        }) {
            self.flush_pending();
        }
        if let Some(game) = self.game.as_mut()
            && game.pending.board.is_none()
        {
            game.pending.play = game.pending.dice.is_some() && game.pending.dice_last;
        }
        let mut bad = None;
        {
            let values = self.values.get(prop.values.clone()).unwrap_or(&[]);
            let Some(game) = self.game.as_mut() else {
                return;
            };
            let board = &mut game
                .pending
                .board
                .get_or_insert_with(|| Staged {
                    what: BoardEdit::new(),
                    side,
                    location,
                    text,
                })
                .what;
            for v in values {
                let Some((low, high)) = value::parse_point_range(&value::unescape(v.raw)) else {
                    bad.get_or_insert(*v);
                    continue;
                };
                // `z` (off) is not on the board: the counts off follow from it.
                for letter in low..=high.min(24) {
                    let i = usize::from(letter);
                    if prop.key.is("AE") {
                        board.white[i] = 0;
                        board.black[i] = 0;
                        board.cleared |= 1 << letter;
                    } else if prop.key.is("AW") {
                        board.white[i] = board.white[i].saturating_add(1);
                    } else {
                        board.black[i] = board.black[i].saturating_add(1);
                    }
                }
            }
        }
        if let Some(v) = bad {
            let raw = v.raw;
            self.problem(
                v.location,
                ProblemKind::UnparsableCell,
                raw,
                format!(
                    "bad point in `{}`: expected a letter `a` to `z` or a range like `a:y`",
                    excerpt(prop.ident)
                ),
                Some(side),
            );
        }
    }

    /// Turns the pending set-up run into events.
    fn flush_pending(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pending = std::mem::take(&mut game.pending);
        let cube = match (pending.cube_value, pending.cube_owner) {
            (None, None) => None,
            (value, owner) => Some((value.unwrap_or(1), owner.flatten())),
        };
        let mut dice = pending.dice;
        match pending.board {
            Some(board) => match board.what.dump() {
                Ok(mut dump) => {
                    dump.cube = cube;
                    let dump = Box::new(dump);
                    match dice.take_if(|_| pending.play) {
                        Some(roll) => self.roll(roll, Written::Dump(Some(dump))),
                        None => self.visitor.action(&Action {
                            location: board.location,
                            side: board.side,
                            row: None,
                            text: board.text,
                            kind: ActionKind::SetPosition(dump),
                        }),
                    }
                }
                Err(message) => self.problem(
                    board.location,
                    ProblemKind::Unsupported,
                    board.text,
                    message,
                    Some(board.side),
                ),
            },
            None => {
                if let (Some(_), Some((location, text))) = (cube, pending.cube_at) {
                    self.problem(
                        location,
                        ProblemKind::Skipped,
                        text,
                        "a cube set-up without a board position: the cube it sets is not read"
                            .into(),
                        None,
                    );
                }
            }
        }
        if let Some(roll) = dice {
            self.roll(roll, Written::Empty);
        }
        self.comments(pending.comments);
    }

    /// A roll from a `DI` node.
    fn roll(&mut self, roll: Staged<'a, Roll>, play: Written) {
        if let Some(game) = self.game.as_mut() {
            game.last_roller = Some(roll.side);
            game.turn = None;
            game.offer = None;
        }
        self.visitor.action(&Action {
            location: roll.location,
            side: roll.side,
            row: None,
            text: roll.text,
            kind: ActionKind::Roll {
                dice: Some(roll.what),
                play,
            },
        });
    }

    // ----- ends -------------------------------------------------------------

    /// The current game tree closed; `end` is the offset after its `)`.
    fn end_tree(&mut self, end: usize) {
        self.node_open = false;
        self.valueless = None;
        let Some(tree) = self.tree.take() else {
            return;
        };
        match tree.state {
            TreeState::Root => self.problem(
                tree.open,
                ProblemKind::UnparsableCell,
                self.slice(tree.open.byte, tree.open.byte + 1),
                "an empty game tree: expected a node (`;`) after `(`".into(),
                None,
            ),
            TreeState::Skipped => {}
            TreeState::Game => {
                self.flush_pending();
                let game = self.game.take();
                if let Some((
                    location,
                    text,
                    Outcome::Win {
                        winner,
                        points,
                        resigned,
                    },
                )) = game.and_then(|g| g.result)
                {
                    self.visitor.action(&Action {
                        location,
                        side: winner,
                        row: None,
                        text,
                        kind: ActionKind::Win {
                            points,
                            and_match: false,
                            resigned,
                        },
                    });
                }
                if let Some(location) = tree.first_variation {
                    let n = tree.variations;
                    self.problem(
                        location,
                        ProblemKind::Skipped,
                        self.slice(location.byte, location.byte + 1),
                        format!(
                            "{n} variation{} skipped: only the main line is read",
                            if n == 1 { "" } else { "s" }
                        ),
                        None,
                    );
                }
                let last = self.lines.at(end);
                self.visitor.end_game(last);
            }
        }
    }

    /// The input ended.
    fn finish(&mut self) {
        self.check_valueless();
        let len = self.text.len();
        if self.depth > 0 {
            if self.depth == self.main_depth {
                self.end_node();
            }
            if self.tree_state() != Some(TreeState::Skipped) {
                let location = self.lines.at(len);
                self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    "",
                    "game tree not closed: `)` missing at the end of the file".into(),
                    None,
                );
            }
            self.depth = 0;
            self.main_depth = 0;
            self.end_tree(len);
        }
        if self.length.is_some() {
            let last = self.lines.at(len);
            self.visitor.end_match(last);
        } else {
            self.held.clear();
            self.unreadable("no backgammon game (`GM[6]`) in the SGF collection");
        }
    }
}
