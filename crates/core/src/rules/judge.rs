//! Judging a play as written: legal or not **by resulting position**, and if
//! not, exactly why (formats.md §4.4-4.6).
//!
//! 1. A physical pass applies the hops as written (in any order that finds a
//!    checker on each source): a hop from a point where the mover has none,
//!    onto a made point, or backwards cannot have happened
//!    ([`PlayVerdict::Impossible`]).
//! 2. Each way of making the hops from the dice is an *interpretation*:
//!    which die (or dice, in which order) each hop used. A hop of several
//!    dice lands on the intermediate points of its path, and may hit there.
//! 3. An interpretation that uses every die and can be played step by step
//!    under the movement rules is legal: no generation is needed. Otherwise
//!    the legal set is generated and the interpretation's result looked up.
//! 4. An illegal play is classified from the interpretation that got
//!    furthest, and its result is the position as played.

use std::fmt;

use super::board::Board;
use super::movegen::{MoveGen, Play};
use super::step::{IllegalStep, Step};
use crate::dice::Roll;
use crate::notation::{Hop, PlayNotation};
use crate::position::{OUR_BAR, Position};

/// Why a physically possible play is illegal (the `illegal-play` kinds).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IllegalKind {
    /// The hops cannot be made from the dice.
    WrongDice,
    /// Fewer dice used than some legal play uses.
    UnderPlayed,
    /// One die used, the smaller, while the larger could be played.
    SmallerDie,
    /// A checker moved while one was still on the bar.
    BarFirst,
    /// Bore off while a checker was outside the home board or on the bar.
    BearOffEarly,
    /// Bore off from a lower point with a higher die while a higher point was occupied.
    BearOffLower,
    /// A checker using several dice went through a blocked intermediate point.
    BlockedPath,
    /// Nothing played although a legal play existed.
    NoPlay,
    /// A play written although no legal play existed.
    PlayWhenNone,
    /// Plakoto: a pinned checker moved.
    PinnedChecker,
    /// Plakoto: a checker landed on a point where a single opposing checker
    /// pins one of the mover's.
    OntoPinnedPoint,
    /// Plakoto: bore off while one of the mover's checkers was pinned.
    BearOffPinned,
}

impl IllegalKind {
    /// The finding kind, e.g. `under-played`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            IllegalKind::WrongDice => "wrong-dice",
            IllegalKind::UnderPlayed => "under-played",
            IllegalKind::SmallerDie => "smaller-die",
            IllegalKind::BarFirst => "bar-first",
            IllegalKind::BearOffEarly => "bear-off-early",
            IllegalKind::BearOffLower => "bear-off-lower",
            IllegalKind::BlockedPath => "blocked-path",
            IllegalKind::NoPlay => "no-play",
            IllegalKind::PlayWhenNone => "play-when-none",
            IllegalKind::PinnedChecker => "pinned-checker",
            IllegalKind::OntoPinnedPoint => "onto-pinned-point",
            IllegalKind::BearOffPinned => "bear-off-pinned",
        }
    }
}

/// Why a play cannot physically have been made (the `impossible-play` kinds).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImpossibleKind {
    /// A checker moved from a point where the mover has none (or from an empty bar).
    NoChecker,
    /// A checker landed on a point held by two or more opposing checkers.
    OntoMadePoint,
    /// A checker moved backwards, to the bar or from off.
    Backward,
}

impl ImpossibleKind {
    /// The finding kind, e.g. `no-checker`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ImpossibleKind::NoChecker => "no-checker",
            ImpossibleKind::OntoMadePoint => "onto-made-point",
            ImpossibleKind::Backward => "backward",
        }
    }
}

/// The verdict on a written play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayVerdict {
    /// One of the legal plays.
    Legal,
    /// Physically possible but against the rules.
    Illegal(IllegalKind),
    /// It cannot have happened; `hop` is the index of the first offending hop.
    Impossible {
        /// Why.
        kind: ImpossibleKind,
        /// Index of the hop in [`PlayNotation::hops`].
        hop: usize,
    },
}

/// How the written hit marks compare with the hits that happened.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HitMarks {
    /// A hit happened at a point no hop marked with `*`.
    pub missing: bool,
    /// A `*` was written where no hit happened.
    pub spurious: bool,
}

/// Everything established about one written play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Judgement<B = Position> {
    /// Legal, illegal or impossible.
    pub verdict: PlayVerdict,
    /// The position after the play as it was played, from the mover's side:
    /// the legal result, or the position an illegal play left. For an
    /// impossible play, the position before it.
    pub result: B,
    /// The steps of the interpretation chosen (empty when the dice cannot
    /// make the hops).
    pub steps: Play,
    /// Dice the written play used (by the interpretation chosen).
    pub dice_used: u8,
    /// Dice the legal plays use, when the legal set was needed.
    pub max_dice: Option<u8>,
    /// The number of distinct legal plays, when the legal set was generated.
    pub legal_count: Option<usize>,
    /// Hit marks against the hits that happened (legal plays only).
    pub hit_marks: HitMarks,
    /// Other legal results the notation can also mean (paths that differ by
    /// an intermediate hit that nothing in the notation decides).
    pub alternatives: Alternatives<B>,
}

/// The other legal results of a [`Judgement`]: up to three, in the order
/// found. Almost always none, which is held without the boards (a pointer's
/// room, not three boards': the judgement stays small to build and copy).
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Alternatives<B>(Option<Box<[Option<B>; 3]>>);

impl<B> Alternatives<B> {
    /// Three slots in order, each a result or `None` (all `None` when there
    /// is no other reading).
    pub fn iter(&self) -> std::slice::Iter<'_, Option<B>> {
        match &self.0 {
            Some(held) => held.iter(),
            None => [None, None, None].iter(),
        }
    }

    /// The alternatives of `slots` (none held when every slot is `None`).
    #[must_use]
    pub fn from_slots(slots: [Option<B>; 3]) -> Alternatives<B> {
        if slots.iter().all(Option::is_none) {
            Alternatives(None)
        } else {
            Alternatives(Some(Box::new(slots)))
        }
    }

    /// The three slots.
    #[must_use]
    pub fn into_slots(self) -> [Option<B>; 3] {
        self.0.map_or([None, None, None], |held| *held)
    }
}

impl<'a, B> IntoIterator for &'a Alternatives<B> {
    type Item = &'a Option<B>;
    type IntoIter = std::slice::Iter<'a, Option<B>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<B: fmt::Debug> fmt::Debug for Alternatives<B> {
    /// As the three slots: `[None, None, None]` when there is none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<B: Board> Judgement<B> {
    fn new(verdict: PlayVerdict, result: B) -> Judgement<B> {
        Judgement {
            verdict,
            result,
            steps: Play::default(),
            dice_used: 0,
            max_dice: None,
            legal_count: None,
            hit_marks: HitMarks::default(),
            alternatives: Alternatives(None),
        }
    }

    /// The same judgement over another board type (`f` converts each board).
    #[must_use]
    #[inline]
    pub fn map<C: Board>(self, f: impl Fn(B) -> C) -> Judgement<C> {
        Judgement {
            verdict: self.verdict,
            result: f(self.result),
            steps: self.steps,
            dice_used: self.dice_used,
            max_dice: self.max_dice,
            legal_count: self.legal_count,
            hit_marks: self.hit_marks,
            // Almost always empty: no conversion then.
            alternatives: match self.alternatives.0 {
                None => Alternatives(None),
                Some(held) => Alternatives(Some(Box::new(held.map(|a| a.map(&f))))),
            },
        }
    }

    /// True for a legal play.
    #[must_use]
    pub fn is_legal(&self) -> bool {
        self.verdict == PlayVerdict::Legal
    }
}

const MAX_INTERP_HOPS: usize = 4;

/// One way of making the written hops from the dice.
#[derive(Copy, Clone, Debug, Default)]
struct Interp {
    hops: [Hop; MAX_INTERP_HOPS],
    dice: [[u8; 4]; MAX_INTERP_HOPS],
    lens: [u8; MAX_INTERP_HOPS],
    n: usize,
    used: u8,
}

/// Why the deepest attempt to play an interpretation failed.
#[derive(Copy, Clone, Debug)]
struct Failure {
    depth: usize,
    rule: IllegalStep,
}

/// Judges `play` as written for `roll` in `position` (mover's frame).
/// `generator` is used (and reused) when the legal set is needed.
#[must_use]
pub fn judge<B: Board>(
    position: &B,
    roll: Roll,
    play: &PlayNotation,
    generator: &mut MoveGen<B>,
) -> Judgement<B> {
    // The common case first, on the hops as written (no copy). It takes no
    // `0/0` hop (no hop goes forward).
    if let Some(direct) = one_hop_per_die(*position, roll, play.hops()) {
        return direct.judgement(roll);
    }
    // Compressed plays next (no `0/0` hop goes forward: they take none),
    // then the rest.
    compressed(position, roll, play.hops(), || {
        beyond(position, roll, play, generator)
    })
}

/// [`judge`] for a play that neither its direct path nor [`compressed`]
/// takes.
#[inline(never)]
fn beyond<B: Board>(
    position: &B,
    roll: Roll,
    play: &PlayNotation,
    generator: &mut MoveGen<B>,
) -> Judgement<B> {
    // `0/0` records a die with nothing left to move (bear-off exports): no hop.
    let is_empty = |hop: &Hop| hop.from == 0 && hop.to == 0;
    if play.hops().iter().any(is_empty) {
        let mut kept = [Hop::default(); crate::notation::MAX_HOPS];
        let mut n = 0;
        for hop in play.hops() {
            if !is_empty(hop) {
                kept[n] = *hop;
                n += 1;
            }
        }
        let hops = &kept[..n];
        if let Some(direct) = one_hop_per_die(*position, roll, hops) {
            return direct.judgement(roll);
        }
        return compressed(position, roll, hops, || {
            rest(position, roll, play, hops, generator)
        });
    }
    rest(position, roll, play, play.hops(), generator)
}

/// [`judge`] for a play that none of the paths above takes: `hops` are the
/// hops of `play` less the `0/0` ones.
#[inline(always)]
fn rest<B: Board>(
    position: &B,
    roll: Roll,
    play: &PlayNotation,
    hops: &[Hop],
    generator: &mut MoveGen<B>,
) -> Judgement<B> {
    if position.on_bar()
        && let Some(decided) = from_the_bar(position, roll, hops)
    {
        return decided.judgement();
    }
    if let [hop] = hops
        && one_die_reading(roll, hop).is_some()
        && let Some(decided) = one_die_alone(position, roll, hop)
    {
        return decided.judgement();
    }
    general(position, roll, play, hops, generator)
}

/// What [`judge`] establishes about a play its direct path decides: one
/// hop written for each die (each of a double's four), played in the order
/// written under the movement rules. Such a play is legal, uses every die of
/// the roll, and has no other reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plain<B = Position> {
    /// The position after the play, from the mover's side.
    pub result: B,
    /// Hit marks against the hits that happened.
    pub hit_marks: HitMarks,
}

/// [`judge`] for the commonest play, without building a [`Judgement`]: when
/// the play is one hop per die, playable as written, `Some` with what
/// `judge` gives for it (verdict legal, `roll.steps()` dice used, no
/// alternatives, and this result and these hit marks); else `None`, and
/// `judge` decides.
#[must_use]
#[inline(always)]
pub fn judge_plain<B: Board>(position: B, roll: Roll, play: &PlayNotation) -> Option<Plain<B>> {
    one_hop_per_die(position, roll, play.hops()).map(|direct| Plain {
        result: direct.result,
        hit_marks: direct.hit_marks,
    })
}

/// [`judge`] for nothing written while a checker is on the bar: true when
/// neither die enters (a dance), which `judge` finds legal, with no other
/// reading, no hit mark to question and the position unchanged; else
/// false, and `judge` decides.
#[must_use]
#[inline(always)]
pub fn judge_dance<B: Board>(position: &B, roll: Roll) -> bool {
    position.on_bar()
        && position.check_step(OUR_BAR, roll.first.pips()).is_err()
        && position.check_step(OUR_BAR, roll.second.pips()).is_err()
}

/// The general path of [`judge`]: `hops` are the hops of `play` less the
/// `0/0` ones. Every fast path above gives the judgement this gives. Out of
/// line: the fast paths' caller stays small.
#[inline(never)]
fn general<B: Board>(
    position: &B,
    roll: Roll,
    play: &PlayNotation,
    hops: &[Hop],
    generator: &mut MoveGen<B>,
) -> Judgement<B> {
    if hops.is_empty() && !any_step(position, roll) {
        // A dance: no die can be played at all.
        let mut j = Judgement::new(PlayVerdict::Legal, *position);
        j.max_dice = Some(0);
        j.legal_count = Some(0);
        return j;
    }

    let literal = match physical(position, hops) {
        Ok(p) => p,
        Err((kind, hop)) => {
            // Report the index in the hops as written.
            let written = play
                .hops()
                .iter()
                .enumerate()
                .filter(|(_, h)| !(h.from == 0 && h.to == 0))
                .nth(hop)
                .map_or(hop, |(i, _)| i);
            return Judgement::new(PlayVerdict::Impossible { kind, hop: written }, *position);
        }
    };

    if hops.is_empty() {
        let count = generator.generate(position, roll).len();
        let mut j = if count == 0 {
            Judgement::new(PlayVerdict::Legal, *position)
        } else {
            Judgement::new(PlayVerdict::Illegal(IllegalKind::NoPlay), *position)
        };
        j.max_dice = Some(generator.max_dice());
        j.legal_count = Some(count);
        return j;
    }

    let mut interps = [Interp::default(); 4];
    let count = interpretations(hops, roll, &mut interps);
    let interps = &interps[..count];
    let full = roll.steps() as u8;

    // Fast path: an interpretation that uses every die and plays step by step.
    let mut legal: [(B, Play, usize); 4] = [(*position, Play::default(), 0); 4];
    let mut n_legal = 0;
    let mut best_failure: Option<(usize, Failure)> = None;
    let mut feasible_partial: Option<(usize, B, Play)> = None;
    // Each interpretation played step by step once, kept for the legal set.
    let mut played: [Option<(B, Play)>; 4] = [None; 4];
    for (i, interp) in interps.iter().enumerate() {
        match playable(position, interp) {
            Ok((result, steps)) => {
                played[i] = Some((result, steps));
                if interp.used == full {
                    legal[n_legal] = (result, steps, i);
                    n_legal += 1;
                } else if feasible_partial.is_none() {
                    feasible_partial = Some((i, result, steps));
                }
            }
            Err(f) => {
                if best_failure.is_none_or(|(_, b)| f.depth > b.depth) {
                    best_failure = Some((i, f));
                }
            }
        }
    }

    let mut max_dice = None;
    let mut legal_count = None;
    if n_legal == 0 {
        // The legal set decides.
        let generated = generator.generate(position, roll).len();
        legal_count = Some(generated);
        max_dice = Some(generator.max_dice());
        if generated == 0 {
            let (result, steps, used) = as_played(position, hops, interps, best_failure, literal);
            // Steps the dice cannot make at all are the more telling fault
            // (most often a misread roll); else a play where none was legal.
            let kind = if interps.is_empty() {
                IllegalKind::WrongDice
            } else {
                IllegalKind::PlayWhenNone
            };
            let mut j = Judgement::new(PlayVerdict::Illegal(kind), result);
            j.steps = steps;
            j.dice_used = used;
            j.max_dice = max_dice;
            j.legal_count = legal_count;
            return j;
        }
        for (i, interp) in interps.iter().enumerate() {
            if let Some((result, steps)) = played[i] {
                if generator.contains(&result) {
                    legal[n_legal] = (result, steps, i);
                    n_legal += 1;
                }
            } else if let Some(result) = apply_interp(position, hops, interp) {
                // Not playable step by step, but the same position as a legal
                // play (decided by resulting position).
                if generator.contains(&result.0) {
                    legal[n_legal] = (result.0, result.1, i);
                    n_legal += 1;
                }
            }
        }
        if n_legal == 0 {
            let max = generator.max_dice();
            let (kind, result, steps, used) = if let Some((i, result, steps)) = feasible_partial {
                let interp = &interps[i];
                let kind = if interp.used < max {
                    IllegalKind::UnderPlayed
                } else {
                    IllegalKind::SmallerDie
                };
                (kind, result, steps, interp.used)
            } else if let Some((_, failure)) = best_failure {
                let (result, steps, used) =
                    as_played(position, hops, interps, best_failure, literal);
                (kind_of(failure.rule), result, steps, used)
            } else {
                (IllegalKind::WrongDice, literal, Play::default(), 0)
            };
            let mut j = Judgement::new(PlayVerdict::Illegal(kind), result);
            j.steps = steps;
            j.dice_used = used;
            j.max_dice = max_dice;
            j.legal_count = legal_count;
            return j;
        }
    }

    // Legal: choose among the legal readings by hit marks (a written `*` is
    // strong evidence, a missing one weak: some writers never mark hits), then
    // by fewer hits (no intermediate hit unless the notation says so).
    let mut order: [usize; 4] = [0, 1, 2, 3];
    let order = &mut order[..n_legal];
    let score = |k: usize| {
        let (_, steps, i) = &legal[k];
        let marks = hit_marks(&interps[*i], steps);
        let hits = steps.steps().iter().filter(|s| s.hit).count();
        (marks.spurious, marks.missing, hits)
    };
    order.sort_by_key(|&k| score(k));
    let (result, steps, i) = legal[order[0]];
    let mut j = Judgement::new(PlayVerdict::Legal, result);
    j.steps = steps;
    j.dice_used = interps[i].used;
    j.max_dice = max_dice;
    j.legal_count = legal_count;
    j.hit_marks = hit_marks(&interps[i], &steps);
    // Other readings stay possible unless a written `*` rules them out.
    let best_spurious = j.hit_marks.spurious;
    let mut alternatives = [None; 3];
    let mut alt = 0;
    for &k in order.iter().skip(1) {
        let other = legal[k].0;
        if other != result
            && score(k).0 == best_spurious
            && !alternatives.iter().flatten().any(|p| *p == other)
            && alt < 3
        {
            alternatives[alt] = Some(other);
            alt += 1;
        }
    }
    j.alternatives = Alternatives::from_slots(alternatives);
    j
}

/// The common case, decided without interpretations: every hop is one die
/// (each die used once, all of them), and the hops play in the order
/// written. Such a play is legal: it uses every die and each step follows
/// the movement rules. `None` sends the play to the general path.
#[inline(always)]
fn one_hop_per_die<B: Board>(mut board: B, roll: Roll, hops: &[Hop]) -> Option<Direct<B>> {
    let (steps, hit_marks) = one_hop_per_die_in(&mut board, roll, hops)?;
    Some(Direct {
        result: board,
        steps,
        hit_marks,
    })
}

/// [`judge_plain`] on the board where the caller holds it: when the play
/// is one hop per die, playable as written, `Some` with the hit marks
/// `judge` gives for it and the board moved on as `judge` moves it; else
/// `None`, the board as it was, and `judge` decides. Playing in place
/// spares copying the board right after its checkers moved one byte at a
/// time (such a copy waits for those writes).
#[must_use]
#[inline(always)]
pub fn judge_plain_in<B: Board>(
    board: &mut B,
    roll: Roll,
    play: &PlayNotation,
) -> Option<HitMarks> {
    let before = *board;
    match one_hop_per_die_in(board, roll, play.hops()) {
        Some((_, hit_marks)) => Some(hit_marks),
        None => {
            *board = before;
            None
        }
    }
}

/// [`one_hop_per_die`] played on `board` in place: the steps and the hit
/// marks; on `None` the board may be part-played.
#[inline(always)]
fn one_hop_per_die_in<B: Board>(
    board: &mut B,
    roll: Roll,
    hops: &[Hop],
) -> Option<(Play, HitMarks)> {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let mut steps = [Step::default(); 4];
    // Points where a hit happened, and points a `*` marks.
    let (mut hit_points, mut marked) = (0u32, 0u32);
    // The distance of a hop that goes forward (a source past the bar has
    // no checker: `check_step` refuses it before any move).
    let distance = |hop: &Hop| (hop.to < hop.from).then(|| hop.from - hop.to);
    // A bear-off takes the exact die, else the smallest higher one
    // (overage), which `check_step` then allows or not; any other case
    // goes to the general path.
    let full = if a == b {
        let [h0, h1, h2, h3] = hops else { return None };
        // Each hop one die, unrolled (this is inlined where the replay
        // judges its plays).
        let (h, m) = (&mut hit_points, &mut marked);
        steps = [
            double_hop(board, h0, a, h, m)?,
            double_hop(board, h1, a, h, m)?,
            double_hop(board, h2, a, h, m)?,
            double_hop(board, h3, a, h, m)?,
        ];
        4
    } else {
        let [h0, h1] = hops else { return None };
        let (d0, d1) = (distance(h0)?, distance(h1)?);
        // The first hop takes its exact die, else (a bear-off) the smaller
        // die above its distance; the second hop the die left.
        let first = if d0 == a || d0 == b {
            d0
        } else if h0.to == 0 && (d0 < a || d0 < b) {
            if d0 < a && (d0 >= b || a < b) { a } else { b }
        } else {
            return None;
        };
        let second = if first == a { b } else { a };
        if !takes_die(h1, d1, second) {
            return None;
        }
        steps[0] = play_hop(board, h0, first, &mut hit_points, &mut marked)?;
        steps[1] = play_hop(board, h1, second, &mut hit_points, &mut marked)?;
        2
    };
    // A hit is marked when some hop to its point has a `*`; a `*` is
    // spurious when no hit happened at its point.
    let hit_marks = HitMarks {
        missing: hit_points & !marked != 0,
        spurious: marked & !hit_points != 0,
    };
    Some((Play::from_prefix(&steps, full), hit_marks))
}

/// One hop of a double in [`one_hop_per_die`]: its die `die`, or less
/// for a bear-off (overage), played if the movement rules allow it.
#[inline(always)]
fn double_hop<B: Board>(
    board: &mut B,
    hop: &Hop,
    die: u8,
    hit_points: &mut u32,
    marked: &mut u32,
) -> Option<Step> {
    // A source past the bar has no checker: `check_step` refuses it.
    if hop.to >= hop.from || !takes_die(hop, hop.from - hop.to, die) {
        return None;
    }
    play_hop(board, hop, die, hit_points, marked)
}

/// Whether `hop`, `distance` pips forward, is made by `die`: the die is the
/// distance, or a bear-off takes a higher die (overage), which
/// `check_step` then allows or not.
#[inline(always)]
fn takes_die(hop: &Hop, distance: u8, die: u8) -> bool {
    distance == die || (hop.to == 0 && distance < die)
}

/// One hop of [`one_hop_per_die`] played with `die` if the movement rules
/// allow it; the points of its hit and of its `*` added to the masks.
#[inline(always)]
fn play_hop<B: Board>(
    board: &mut B,
    hop: &Hop,
    die: u8,
    hit_points: &mut u32,
    marked: &mut u32,
) -> Option<Step> {
    board.check_step(usize::from(hop.from), die).ok()?;
    // The landing is the hop's destination: the die is the distance, or a
    // bear-off.
    let step = board.move_checker(usize::from(hop.from), usize::from(hop.to), die);
    *hit_points |= u32::from(step.hit) << hop.to;
    *marked |= u32::from(hop.hit) << hop.to;
    Some(step)
}

/// Plays with a checker on the bar decided as the general path decides
/// them, without generation: nothing written when neither die enters (a
/// dance), and one checker entering with one die of a roll that is no
/// double when the other die enters neither before nor after it and no
/// other step of it exists (a checker left on the bar, or none anywhere):
/// then that entry is the only legal play. `None` sends the play on.
#[inline(never)]
fn from_the_bar<B: Board>(position: &B, roll: Roll, hops: &[Hop]) -> Option<Decided<B>> {
    if !position.on_bar() {
        return None;
    }
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let [hop] = hops else {
        if hops.is_empty() && judge_dance(position, roll) {
            // While a checker is on the bar nothing else moves.
            return Some(Decided {
                result: *position,
                steps: Play::default(),
                max_dice: 0,
                legal_count: 0,
                hit_marks: HitMarks::default(),
            });
        }
        return None;
    };
    let (from, to) = (usize::from(hop.from), usize::from(hop.to));
    if a == b || from != OUR_BAR || to == 0 || to >= from {
        return None;
    }
    let distance = (from - to) as u8;
    let (die, other) = if distance == a {
        (a, b)
    } else if distance == b {
        (b, a)
    } else {
        return None;
    };
    position.check_step(OUR_BAR, die).ok()?;
    if position.check_step(OUR_BAR, other).is_ok() {
        return None;
    }
    let mut after = *position;
    let step = after.apply_step(OUR_BAR, die);
    let other_plays = if after.on_bar() {
        after.check_step(OUR_BAR, other).is_ok()
    } else {
        any_step_with(&after, other)
    };
    if other_plays {
        return None;
    }
    let hit_points = u32::from(step.hit) << step.to;
    let landing = 1u32 << to;
    let marked = if hop.hit { landing } else { 0 };
    let mut steps = Play::default();
    steps.push(step);
    Some(Decided {
        result: after,
        steps,
        max_dice: 1,
        legal_count: 1,
        hit_marks: HitMarks {
            missing: hit_points & !marked != 0,
            spurious: hop.hit && landing & hit_points == 0,
        },
    })
}

/// One hop of one die of a roll that is no double, decided as the general
/// path decides it, without generation: legal when no play uses both dice
/// (no step of either die is followed by a step of the other, as
/// generation tries them) and the hop's die is the larger one or the
/// larger cannot be played; the legal plays are then the steps of that
/// die, one a source point. The hop lands on the board with its exact
/// die, or bears off with a die each of which would bear it off (no
/// reading of both dice). `None` sends the play on.
#[inline(never)]
fn one_die_alone<B: Board>(position: &B, roll: Roll, hop: &Hop) -> Option<Decided<B>> {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let (from, to) = (usize::from(hop.from), usize::from(hop.to));
    let die = one_die_reading(roll, hop)?;
    let distance = (from - to) as u8;
    if to > 0 {
        position.check_step(from, die).ok()?;
    }
    let (high, low) = if a > b { (a, b) } else { (b, a) };
    // The die the legal plays use: the larger when it can be played.
    let high_steps = steps_with(position, high);
    let chosen = if high_steps > 0 { high } else { low };
    // The hop's result must be a step of that die from the same point.
    let reaches = if to > 0 {
        die == chosen
    } else {
        chosen >= distance && position.check_step(from, chosen).is_ok()
    };
    if !reaches || two_dice_play(position, high, low) {
        return None;
    }
    let count = if chosen == high {
        high_steps
    } else {
        steps_with(position, low)
    };
    let mut after = *position;
    let step = after.apply_step(from, die);
    let hit_points = u32::from(step.hit) << step.to;
    let landing = if to > 0 { 1u32 << to } else { 0 };
    let marked = if hop.hit { landing } else { 0 };
    let mut steps = Play::default();
    steps.push(step);
    Some(Decided {
        result: after,
        steps,
        max_dice: 1,
        legal_count: count,
        hit_marks: HitMarks {
            missing: hit_points & !marked != 0,
            spurious: hop.hit && landing & hit_points == 0,
        },
    })
}

/// The die [`one_die_alone`] reads `hop` with: its exact die when it lands
/// on the board, the first die when it bears off and each die would. The
/// general path's readings of such a hop are one die each, the first die
/// first. `None` for any other hop, or a double.
#[inline(always)]
fn one_die_reading(roll: Roll, hop: &Hop) -> Option<u8> {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    if a == b || hop.to >= hop.from || usize::from(hop.from) > OUR_BAR {
        return None;
    }
    let distance = hop.from - hop.to;
    if hop.to > 0 {
        (distance == a || distance == b).then_some(distance)
    } else {
        // Both bear the checker off, to the same position: the first die is
        // read, by the position it leaves (whether it plays or not).
        (a >= distance && b >= distance).then_some(a)
    }
}

/// The number of points `die` can be played from.
fn steps_with<B: Board>(position: &B, die: u8) -> usize {
    let mut sources = position.movable_points();
    let mut count = 0;
    while sources != 0 {
        let from = sources.trailing_zeros() as usize;
        sources &= sources - 1;
        count += usize::from(position.check_step(from, die).is_ok());
    }
    count
}

/// True when some play uses both dice: a step of one followed by a step of
/// the other.
fn two_dice_play<B: Board>(position: &B, high: u8, low: u8) -> bool {
    for (first, second) in [(high, low), (low, high)] {
        let mut sources = position.movable_points();
        while sources != 0 {
            let from = sources.trailing_zeros() as usize;
            sources &= sources - 1;
            if position.check_step(from, first).is_ok() {
                let mut after = *position;
                after.apply_step(from, first);
                if any_step_with(&after, second) {
                    return true;
                }
            }
        }
    }
    false
}

/// A legal play found by [`from_the_bar`] or [`one_die_alone`] with what
/// the legal set holds, every die it uses written (small, unlike a
/// [`Judgement`], which is built once in place).
struct Decided<B> {
    result: B,
    steps: Play,
    max_dice: u8,
    legal_count: usize,
    hit_marks: HitMarks,
}

impl<B: Board> Decided<B> {
    /// The judgement: legal.
    #[inline]
    fn judgement(self) -> Judgement<B> {
        let mut j = Judgement::new(PlayVerdict::Legal, self.result);
        j.dice_used = self.steps.dice_used();
        j.steps = self.steps;
        j.max_dice = Some(self.max_dice);
        j.legal_count = Some(self.legal_count);
        j.hit_marks = self.hit_marks;
        j
    }
}

/// A legal play found by [`one_hop_per_die`] (small, unlike a [`Judgement`]).
struct Direct<B> {
    result: B,
    steps: Play,
    hit_marks: HitMarks,
}

impl<B: Board> Direct<B> {
    /// The judgement: legal, every die used.
    #[inline]
    fn judgement(self, roll: Roll) -> Judgement<B> {
        let mut j = Judgement::new(PlayVerdict::Legal, self.result);
        j.dice_used = roll.steps() as u8;
        j.hit_marks = self.hit_marks;
        j.steps = self.steps;
        j
    }
}

/// [`one_hop_two_dice`] for a roll that is no double, [`double_in_order`]
/// for a double; the first only for one hop (its other tests out of line).
/// A play neither takes gets the judgement `otherwise` gives.
///
/// Each builds the judgement it returns, its result the board it played on,
/// and calls `otherwise` last (the judgement is then written where the
/// caller of [`judge`] receives it): a board is copied once after its
/// checkers moved a byte at a time, a copy that waits for those writes.
#[inline(always)]
fn compressed<B: Board>(
    position: &B,
    roll: Roll,
    hops: &[Hop],
    otherwise: impl FnOnce() -> Judgement<B>,
) -> Judgement<B> {
    if roll.is_double() {
        double_in_order(position, roll, hops, otherwise)
    } else if let [hop] = hops
        && hop.to < hop.from
        && hop.from - hop.to > roll.first.pips().max(roll.second.pips())
    {
        one_hop_two_dice(position, roll, hop, otherwise)
    } else {
        otherwise()
    }
}

/// The commonest compressed play, decided as the general path below decides
/// it but without its tables: one hop written for both dice of a roll that
/// is no double (`24/13` for 65), landing on the board, or bearing off from
/// a point above either die (`10/off` for 65) but within their sum. Each
/// order of the dice is one interpretation (no die alone reaches); when
/// neither plays, `otherwise` decides (the general path then classifies
/// it).
#[inline(never)]
fn one_hop_two_dice<B: Board>(
    position: &B,
    roll: Roll,
    hop: &Hop,
    otherwise: impl FnOnce() -> Judgement<B>,
) -> Judgement<B> {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let (from, to) = (usize::from(hop.from), usize::from(hop.to));
    let sum = usize::from(a + b);
    let shape = if to == 0 {
        from > usize::from(a.max(b)) && from <= sum
    } else {
        to < from && from - to == sum
    };
    if a == b || from > OUR_BAR || !shape {
        return otherwise();
    }
    // The physical pass: a checker on the source, the destination open.
    if !position.movable(from) || (to > 0 && position.closed(to)) {
        return otherwise();
    }
    let (mid_a, mid_b) = (from - usize::from(a), from - usize::from(b));
    // Without a blot on either intermediate point both orders hit the same
    // (at most the destination) and leave the same position: the first
    // order that plays, in the order the interpretations list them (the
    // first die first), decides, and there is no other reading.
    if !position.may_hit(mid_a) && !position.may_hit(mid_b) {
        // One board for both orders (the second starts again from the
        // position).
        let mut board = *position;
        let (first, steps) = match two_steps_in(&mut board, from, to, a, b) {
            Some(steps) => (a, steps),
            None => {
                board = *position;
                match two_steps_in(&mut board, from, to, b, a) {
                    Some(steps) => (b, steps),
                    None => return otherwise(),
                }
            }
        };
        return two_dice_judgement(hop, to, first, board, steps, None);
    }
    let score = |first: u8, played: &(B, Step, Step)| {
        let m = marks_two(hop, from - usize::from(first), to, (played.1, played.2));
        let hits = u8::from(played.1.hit) + u8::from(played.2.hit);
        (m.spurious, m.missing, hits)
    };
    let (x, y) = (
        two_steps(position, from, to, a, b),
        two_steps(position, from, to, b, a),
    );
    let (chosen, other) = match (x, y) {
        (None, None) => return otherwise(),
        (Some(x), None) => ((a, x), None),
        (None, Some(y)) => ((b, y), None),
        // The better score first; the order of the dice on a tie.
        (Some(x), Some(y)) if score(b, &y) < score(a, &x) => ((b, y), Some((a, x))),
        (Some(x), Some(y)) => ((a, x), Some((b, y))),
    };
    let (first, played) = chosen;
    // The other reading stays possible unless a written `*` rules it out.
    let alternative = match other {
        Some((other_first, other_played))
            if other_played.0 != played.0
                && score(other_first, &other_played).0 == score(first, &played).0 =>
        {
            Some(other_played.0)
        }
        _ => None,
    };
    let (board, s1, s2) = played;
    two_dice_judgement(hop, to, first, board, (s1, s2), alternative)
}

/// One checker played from `from` with `first`, landing on the board, then
/// on to `to` (0: off) with `second`, under the movement rules: the board
/// after and the two steps.
#[inline(always)]
fn two_steps<B: Board>(
    position: &B,
    from: usize,
    to: usize,
    first: u8,
    second: u8,
) -> Option<(B, Step, Step)> {
    let mut board = *position;
    let (s1, s2) = two_steps_in(&mut board, from, to, first, second)?;
    Some((board, s1, s2))
}

/// [`two_steps`] played on `board` in place: the two steps; on `None` the
/// board may be part-played.
#[inline(always)]
fn two_steps_in<B: Board>(
    board: &mut B,
    from: usize,
    to: usize,
    first: u8,
    second: u8,
) -> Option<(Step, Step)> {
    board.check_step(from, first).ok()?;
    let middle = from - usize::from(first);
    let s1 = board.move_checker(from, middle, first);
    board.check_step(middle, second).ok()?;
    let s2 = board.move_checker(middle, to, second);
    Some((s1, s2))
}

/// The hit marks of a hop played as two steps through `middle` to `to`: a
/// `*` covers both landings on the board.
#[inline(always)]
fn marks_two(hop: &Hop, middle: usize, to: usize, (s1, s2): (Step, Step)) -> HitMarks {
    let hit_points = (u32::from(s1.hit) << s1.to) | (u32::from(s2.hit) << s2.to);
    // A bear-off lands nowhere: bit 0, where no hit happens, stands for it.
    let landings = (1u32 << middle) | (1u32 << to);
    let marked = if hop.hit { landings } else { 0 };
    HitMarks {
        missing: hit_points & !marked != 0,
        spurious: hop.hit && landings & hit_points == 0,
    }
}

/// The judgement of [`one_hop_two_dice`] for the order whose first die is
/// `first`, whose steps `s1` and `s2` led to `result`: legal.
#[inline(always)]
fn two_dice_judgement<B: Board>(
    hop: &Hop,
    to: usize,
    first: u8,
    result: B,
    (s1, s2): (Step, Step),
    alternative: Option<B>,
) -> Judgement<B> {
    let mut j = Judgement::new(PlayVerdict::Legal, result);
    j.hit_marks = marks_two(hop, usize::from(hop.from - first), to, (s1, s2));
    j.steps = Play::from_prefix(&[s1, s2, Step::default(), Step::default()], 2);
    j.dice_used = 2;
    if let Some(other) = alternative {
        j.alternatives = Alternatives::from_slots([Some(other), None, None]);
    }
    j
}

/// A double written with compressed hops (`13/5(2)` for 44), decided as the
/// general path decides it without its tables: each hop a whole number of
/// dice landing on the board, or as many as bear the checker off, four in
/// all, is the only interpretation; the step-by-step search tries the hops
/// in order, so when every step of the hops played in the order written is
/// allowed, that is the sequence it finds. Any other case, or a step not
/// allowed in that order, `otherwise` decides.
#[inline(never)]
fn double_in_order<B: Board>(
    position: &B,
    roll: Roll,
    hops: &[Hop],
    otherwise: impl FnOnce() -> Judgement<B>,
) -> Judgement<B> {
    let d = roll.first.pips();
    if hops.is_empty() || hops.len() > MAX_INTERP_HOPS {
        return otherwise();
    }
    // Four dice in all, each hop a whole number of them to a point on the
    // board or as many as bear the checker off (a bear-off of `k` dice
    // covers more than `k - 1` of them): the pips tell most other plays,
    // such as those of fewer dice, before any step; the steps tell the rest.
    let (mut pips, mut bear_offs) = (0u8, 0u8);
    for hop in hops {
        if hop.to >= hop.from || usize::from(hop.from) > OUR_BAR {
            return otherwise();
        }
        pips += hop.from - hop.to;
        bear_offs += u8::from(hop.to == 0);
    }
    let full = 4 * d;
    let fits = if bear_offs == 0 {
        pips == full
    } else {
        pips <= full && pips + bear_offs * d > full
    };
    if !fits {
        return otherwise();
    }
    // No physical pass: when every step plays in the order written, each
    // hop found a checker on its source and an open destination (their
    // points only lose checkers), so the pass would have passed; else the
    // general path runs it.
    let die = usize::from(d);
    let mut board = *position;
    let mut steps = [Step::default(); 4];
    let mut n = 0;
    // Points where a hit happened; for each hop, the points it lands on
    // (its bear-off, if any, lands nowhere).
    let mut hit_points = 0u32;
    let mut landings = [0u32; MAX_INTERP_HOPS];
    for (hop, landed) in hops.iter().zip(&mut landings) {
        let (mut at, to) = (usize::from(hop.from), usize::from(hop.to));
        while at > to {
            if n == 4 || (to > 0 && at - to < die) {
                return otherwise();
            }
            if board.check_step(at, d).is_err() {
                return double_interleaved(position, d, hops, otherwise);
            }
            let next = at.saturating_sub(die);
            let step = board.move_checker(at, next, d);
            hit_points |= u32::from(step.hit) << next;
            *landed |= u32::from(next > 0) << next;
            steps[n] = step;
            n += 1;
            at = next;
        }
    }
    if n != 4 {
        return otherwise();
    }
    double_judgement(board, &steps, hops, hit_points, landings)
}

/// [`double_in_order`] when a step in the order written is not allowed
/// (`bar/15(2)` for 55 with two checkers on the bar; `3/off(2)` for 22 from
/// the highest point): the general path's search tries at each step the
/// hops in order and takes the first whose next step is allowed, going
/// back only when none is; when it never has to go back, its sequence is
/// the one found here step by step, with its physical pass run first.
/// Each hop a whole number of dice to a point on the board, or as many as
/// bear the checker off, four in all; any other case, or no allowed step,
/// `otherwise` decides.
#[inline(never)]
fn double_interleaved<B: Board>(
    position: &B,
    d: u8,
    hops: &[Hop],
    otherwise: impl FnOnce() -> Judgement<B>,
) -> Judgement<B> {
    let die = usize::from(d);
    let mut dice = 0;
    for hop in hops {
        let (from, to) = (usize::from(hop.from), usize::from(hop.to));
        dice += if to > 0 {
            if (from - to) % die != 0 {
                return otherwise();
            }
            (from - to) / die
        } else {
            from.div_ceil(die)
        };
    }
    if dice != 4 || physical(position, hops).is_err() {
        return otherwise();
    }
    let mut board = *position;
    // Where each hop's checker stands.
    let mut at = [0usize; MAX_INTERP_HOPS];
    for (at, hop) in at.iter_mut().zip(hops) {
        *at = usize::from(hop.from);
    }
    let mut steps = [Step::default(); 4];
    let mut hit_points = 0u32;
    let mut landings = [0u32; MAX_INTERP_HOPS];
    for slot in &mut steps {
        let Some(h) = (0..hops.len())
            .find(|&h| at[h] > usize::from(hops[h].to) && board.check_step(at[h], d).is_ok())
        else {
            return otherwise();
        };
        let next = at[h].saturating_sub(die);
        let step = board.move_checker(at[h], next, d);
        hit_points |= u32::from(step.hit) << next;
        landings[h] |= u32::from(next > 0) << next;
        *slot = step;
        at[h] = next;
    }
    double_judgement(board, &steps, hops, hit_points, landings)
}

/// The judgement of [`double_in_order`] or [`double_interleaved`]: legal,
/// the four `steps` to `result`, a hit on each of `hit_points`, each hop's
/// landings (its bear-off lands nowhere) in `landings`.
#[inline(always)]
fn double_judgement<B: Board>(
    result: B,
    steps: &[Step; 4],
    hops: &[Hop],
    hit_points: u32,
    landings: [u32; MAX_INTERP_HOPS],
) -> Judgement<B> {
    // A hit is marked when some hop landing on its point has a `*`; a `*`
    // is spurious when no hit happened where its hop landed.
    let (mut marked, mut spurious) = (0u32, false);
    for (hop, landed) in hops.iter().zip(landings) {
        if hop.hit {
            marked |= landed;
            spurious |= landed & hit_points == 0;
        }
    }
    let mut j = Judgement::new(PlayVerdict::Legal, result);
    j.steps = Play::from_prefix(steps, 4);
    j.dice_used = 4;
    j.hit_marks = HitMarks {
        missing: hit_points & !marked != 0,
        spurious,
    };
    j
}

/// True when at least one die of `roll` can be played (then a roll with
/// nothing played is not a dance).
fn any_step<B: Board>(position: &B, roll: Roll) -> bool {
    let dice = [roll.first.pips(), roll.second.pips()];
    let mut sources = position.movable_points();
    while sources != 0 {
        let from = sources.trailing_zeros() as usize;
        sources &= sources - 1;
        if dice.iter().any(|&d| position.check_step(from, d).is_ok()) {
            return true;
        }
    }
    false
}

/// True when `die` can be played from some point.
fn any_step_with<B: Board>(position: &B, die: u8) -> bool {
    let mut sources = position.movable_points();
    while sources != 0 {
        let from = sources.trailing_zeros() as usize;
        sources &= sources - 1;
        if position.check_step(from, die).is_ok() {
            return true;
        }
    }
    false
}

fn kind_of(rule: IllegalStep) -> IllegalKind {
    match rule {
        IllegalStep::MustEnterFirst => IllegalKind::BarFirst,
        IllegalStep::NotAllHome => IllegalKind::BearOffEarly,
        IllegalStep::HigherCheckerFirst => IllegalKind::BearOffLower,
        IllegalStep::Blocked => IllegalKind::BlockedPath,
        IllegalStep::NoChecker => IllegalKind::WrongDice,
        IllegalStep::Pinned => IllegalKind::PinnedChecker,
        IllegalStep::PinningPoint => IllegalKind::OntoPinnedPoint,
        IllegalStep::PinnedBearOff => IllegalKind::BearOffPinned,
    }
}

/// Applies the hops literally (no intermediate landings), finding for each a
/// checker on its source in some order.
fn physical<B: Board>(position: &B, hops: &[Hop]) -> Result<B, (ImpossibleKind, usize)> {
    for (i, hop) in hops.iter().enumerate() {
        if hop.from == 0 || usize::from(hop.to) == OUR_BAR || (hop.to > hop.from) {
            return Err((ImpossibleKind::Backward, i));
        }
    }
    let mut p = *position;
    let mut done = 0u32;
    let all = (1u32 << hops.len()) - 1;
    while done != all {
        let mut progressed = false;
        for (i, hop) in hops.iter().enumerate() {
            if done & (1 << i) != 0 || !p.movable(usize::from(hop.from)) {
                continue;
            }
            if hop.to != 0 && p.closed(usize::from(hop.to)) {
                return Err((ImpossibleKind::OntoMadePoint, i));
            }
            if hop.from != hop.to {
                p.move_checker(usize::from(hop.from), usize::from(hop.to), 0);
            }
            done |= 1 << i;
            progressed = true;
        }
        if !progressed {
            let first = (0..hops.len()).find(|i| done & (1 << i) == 0).unwrap_or(0);
            return Err((ImpossibleKind::NoChecker, first));
        }
    }
    Ok(p)
}

/// Every way of making the hops from the dice; returns how many were written.
fn interpretations(hops: &[Hop], roll: Roll, out: &mut [Interp; 4]) -> usize {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let mut count = 0;
    let mut push = |seqs: &[&[u8]]| {
        if count >= out.len() {
            return;
        }
        let mut it = Interp {
            n: hops.len(),
            ..Interp::default()
        };
        for (h, seq) in seqs.iter().enumerate() {
            it.hops[h] = hops[h];
            it.dice[h][..seq.len()].copy_from_slice(seq);
            it.lens[h] = seq.len() as u8;
            it.used += seq.len() as u8;
        }
        out[count] = it;
        count += 1;
    };
    if hops.is_empty() || hops.len() > MAX_INTERP_HOPS {
        return 0;
    }
    if a == b {
        let mut seqs: [&[u8]; MAX_INTERP_HOPS] = [&[]; MAX_INTERP_HOPS];
        let fours = [a; 4];
        let mut total = 0;
        for (h, hop) in hops.iter().enumerate() {
            let (from, to, d) = (i32::from(hop.from), i32::from(hop.to), i32::from(a));
            let k = if to > 0 {
                if (from - to) % d != 0 {
                    return 0;
                }
                (from - to) / d
            } else {
                (from + d - 1) / d
            };
            if k < 1 {
                return 0;
            }
            total += k;
            if total > 4 {
                return 0;
            }
            seqs[h] = &fours[..k as usize];
        }
        push(&seqs[..hops.len()]);
        return count;
    }
    match hops {
        [h] => {
            for seq in [&[a][..], &[b][..], &[a, b][..], &[b, a][..]] {
                if makes(h, seq) {
                    push(&[seq]);
                }
            }
        }
        [h1, h2] => {
            for (s1, s2) in [(&[a][..], &[b][..]), (&[b][..], &[a][..])] {
                if makes(h1, s1) && makes(h2, s2) {
                    push(&[s1, s2]);
                }
            }
        }
        _ => {}
    }
    count
}

/// True when the dice `seq`, in order, take a checker from `hop.from` to
/// `hop.to` (landing on the board at every intermediate step).
fn makes(hop: &Hop, seq: &[u8]) -> bool {
    let (from, to) = (i32::from(hop.from), i32::from(hop.to));
    let total: i32 = seq.iter().map(|&d| i32::from(d)).sum();
    if to > 0 {
        return total == from - to;
    }
    let before_last: i32 = seq[..seq.len() - 1].iter().map(|&d| i32::from(d)).sum();
    before_last < from && total >= from
}

/// Tries every interleaving of the interpretation's steps (each hop's steps
/// in order) under the movement rules. Ok with the result, else the failure
/// of the attempt that got furthest.
fn playable<B: Board>(position: &B, interp: &Interp) -> Result<(B, Play), Failure> {
    let mut search = Search {
        interp,
        steps: [Step::default(); 4],
        best: Failure {
            depth: 0,
            rule: IllegalStep::NoChecker,
        },
        result: *position,
    };
    // Where each hop's checker stands: its source before any step.
    let mut at = [0u8; MAX_INTERP_HOPS];
    for (slot, hop) in at.iter_mut().zip(&interp.hops[..interp.n]) {
        *slot = hop.from;
    }
    if search.run(position, [0; MAX_INTERP_HOPS], at, 0) {
        let mut play = Play::default();
        for s in &search.steps[..usize::from(interp.used)] {
            play.push(*s);
        }
        Ok((search.result, play))
    } else {
        Err(search.best)
    }
}

/// The depth-first search of [`playable`]: hops tried in order at every
/// depth, the first full sequence kept.
struct Search<'i, B> {
    interp: &'i Interp,
    /// The steps of the sequence being tried.
    steps: [Step; 4],
    /// The failure of the attempt that got furthest.
    best: Failure,
    /// The position after the full sequence, once found.
    result: B,
}

impl<B: Board> Search<'_, B> {
    /// Tries the steps left (`progress`: steps done per hop; `at`: where
    /// each hop's checker stands) from `position`, at `depth` steps done.
    fn run(
        &mut self,
        position: &B,
        progress: [u8; MAX_INTERP_HOPS],
        at: [u8; MAX_INTERP_HOPS],
        depth: usize,
    ) -> bool {
        let interp = self.interp;
        if depth == usize::from(interp.used) {
            self.result = *position;
            return true;
        }
        for h in 0..interp.n {
            let k = usize::from(progress[h]);
            if k >= usize::from(interp.lens[h]) {
                continue;
            }
            let from = usize::from(at[h]);
            let die = interp.dice[h][k];
            match position.check_step(from, die) {
                Ok(()) => {
                    let mut after = *position;
                    self.steps[depth] = after.apply_step(from, die);
                    let mut next = progress;
                    next[h] += 1;
                    // A step before the hop's last lands on the board.
                    let mut next_at = at;
                    next_at[h] = at[h].saturating_sub(die);
                    if self.run(&after, next, next_at, depth + 1) {
                        return true;
                    }
                }
                Err(IllegalStep::NoChecker) => {}
                Err(rule) => {
                    // The attempt that got furthest; of equals, the first
                    // tried (the hops in the order written): a play that
                    // breaks two rules is named by the first it breaks.
                    // `NoChecker` is never kept: it marks no failure yet.
                    if depth > self.best.depth || self.best.rule == IllegalStep::NoChecker {
                        self.best = Failure { depth, rule };
                    }
                }
            }
        }
        false
    }
}

/// Applies an interpretation ignoring the movement rules (not the physical
/// ones): hops in an order that finds a checker on each source, landing on
/// each intermediate point that is not blocked (and hitting a blot there).
fn apply_interp<B: Board>(position: &B, hops: &[Hop], interp: &Interp) -> Option<(B, Play)> {
    let mut p = *position;
    let mut play = Play::default();
    let mut done = 0u32;
    let all = (1u32 << hops.len()) - 1;
    while done != all {
        let mut progressed = false;
        for h in 0..interp.n {
            if done & (1 << h) != 0 || !p.movable(usize::from(interp.hops[h].from)) {
                continue;
            }
            let mut at = i32::from(interp.hops[h].from);
            let mut from = at as usize;
            for (k, &die) in interp.dice[h][..usize::from(interp.lens[h])]
                .iter()
                .enumerate()
            {
                at -= i32::from(die);
                let last = k + 1 == usize::from(interp.lens[h]);
                let to = at.max(0) as usize;
                if !last && p.closed(to) {
                    // Jumped over a blocked point: no landing there.
                    continue;
                }
                play.push(p.move_checker(from, to, die));
                from = to;
            }
            done |= 1 << h;
            progressed = true;
        }
        if !progressed {
            return None;
        }
    }
    Some((p, play))
}

/// The position an illegal play left: the furthest-reaching interpretation
/// applied without the movement rules, else the hops applied literally.
fn as_played<B: Board>(
    position: &B,
    hops: &[Hop],
    interps: &[Interp],
    best_failure: Option<(usize, Failure)>,
    literal: B,
) -> (B, Play, u8) {
    let chosen = best_failure
        .map(|(i, _)| i)
        .or((!interps.is_empty()).then_some(0));
    if let Some(i) = chosen
        && let Some((result, play)) = apply_interp(position, hops, &interps[i])
    {
        return (result, play, interps[i].used);
    }
    (literal, Play::default(), 0)
}

/// Compares the `*` marks with the hits of the steps played.
fn hit_marks(interp: &Interp, steps: &Play) -> HitMarks {
    let mut hit_points = 0u32;
    for s in steps.steps() {
        if s.hit {
            hit_points |= 1 << s.to;
        }
    }
    // Points each hop lands on: its intermediate landings and its destination.
    let mut marked = 0u32;
    let mut spurious = false;
    for h in 0..interp.n {
        let hop = interp.hops[h];
        let mut landings = 0u32;
        let mut at = i32::from(hop.from);
        for &die in &interp.dice[h][..usize::from(interp.lens[h])] {
            at -= i32::from(die);
            if at > 0 {
                landings |= 1 << at;
            }
        }
        if hop.hit {
            marked |= landings;
            if landings & hit_points == 0 {
                spurious = true;
            }
        }
    }
    HitMarks {
        missing: hit_points & !marked != 0,
        spurious,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;
    use crate::position::Variant;

    fn judge_text(position: &Position, dice: &str, text: &str) -> Judgement {
        let roll: Roll = dice.parse().unwrap();
        let play = PlayNotation::parse(text).unwrap();
        judge(position, roll, &play, &mut MoveGen::new())
    }

    fn verdict(position: &Position, dice: &str, text: &str) -> PlayVerdict {
        judge_text(position, dice, text).verdict
    }

    fn start() -> Position {
        Position::starting(Variant::Backgammon)
    }

    /// The fast paths for compressed plays give the general path's
    /// judgement: each legal play of oracle positions, written compressed
    /// (`24/13`, `13/5(2)`) and one hop per step, judged both ways when the
    /// one-hop-per-die path does not take it. (That path takes the exact
    /// die first, so its steps may name the dice in another order than the
    /// general path's; the positions are the same.)
    #[test]
    fn the_fast_paths_agree_with_the_general_path() {
        let Some(positions) = oracle_positions(
            "the fast paths judged against the general path on the oracle's positions",
            3000,
        ) else {
            return;
        };
        let mut generator = MoveGen::new();
        let mut general_gen = MoveGen::new();
        let mut judged = 0;
        for (p, r) in positions {
            let plays: Vec<Play> = generator.generate(&p, r).iter().map(|g| g.play).collect();
            for legal in plays {
                let one_per_step = hops_of(&legal);
                for written in [
                    PlayNotation::parse(&legal.to_string()).unwrap(),
                    PlayNotation::from_hops(&one_per_step).unwrap(),
                ] {
                    let fast = judge(&p, r, &written, &mut generator);
                    if one_hop_per_die(p, r, written.hops()).is_some() {
                        let slow = general(&p, r, &written, written.hops(), &mut general_gen);
                        assert_eq!(fast.result, slow.result, "{p:?} {r} {written}");
                        continue;
                    }
                    let slow = general(&p, r, &written, written.hops(), &mut general_gen);
                    assert_eq!(fast, slow, "{p:?} {r} {written}");
                    judged += 1;
                }
            }
        }
        assert!(judged > 10_000, "{judged}");
    }

    /// Written plays that [`compressed`] may take for `r` in `p`: the
    /// legal plays written as [`Play`]'s notation (`24/13`, `13/5(2)`) and
    /// with each checker's steps joined, in order and reversed; for a roll
    /// that is no double, a hop of both dice from every point and a
    /// bear-off from every point above either die; for a double, hops of
    /// whole numbers of dice (and bear-offs) from varied points, four dice
    /// in all. Each with the hit marks as played, none and all.
    fn compressed_candidates<B: Board>(
        p: &B,
        r: Roll,
        generator: &mut MoveGen<B>,
        seed: &mut u64,
    ) -> Vec<PlayNotation> {
        let mut next = |below: u64| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % below
        };
        let mut written: Vec<Vec<Hop>> = Vec::new();
        let plays: Vec<Play> = generator.generate(p, r).iter().map(|g| g.play).collect();
        for legal in &plays {
            if let Ok(n) = PlayNotation::parse(&legal.to_string()) {
                written.push(n.hops().to_vec());
            }
            // Each checker's consecutive steps joined into one hop.
            let mut joined: Vec<Hop> = Vec::new();
            for s in legal.steps() {
                match joined.last_mut() {
                    Some(last) if last.to == s.from && s.from != 0 => {
                        last.to = s.to;
                        last.hit |= s.hit;
                    }
                    _ => joined.push(Hop {
                        from: s.from,
                        to: s.to,
                        hit: s.hit,
                    }),
                }
            }
            written.push(joined.iter().rev().copied().collect());
            written.push(joined);
        }
        let (a, b) = (r.first.pips(), r.second.pips());
        if a == b {
            for _ in 0..24 {
                let mut hops = Vec::new();
                let mut left = 4u8;
                while left > 0 {
                    let k = 1 + next(u64::from(left)) as u8;
                    let from = 1 + next(25) as u8;
                    // Now and then a distance that is no whole number of dice.
                    let distance = if next(4) == 0 {
                        k * a - next(u64::from(a)) as u8
                    } else {
                        k * a
                    };
                    let to = from.saturating_sub(distance);
                    // A bear-off takes as many dice as reach off.
                    let k = if to == 0 { from.div_ceil(a) } else { k };
                    hops.push(Hop {
                        from,
                        to,
                        hit: false,
                    });
                    left = left.saturating_sub(k);
                }
                written.push(hops);
            }
        } else {
            for from in 1..=25u8 {
                if let Some(to) = from.checked_sub(a + b).filter(|&t| t > 0) {
                    written.push(vec![Hop {
                        from,
                        to,
                        hit: false,
                    }]);
                }
                if from > a.max(b) && from <= a + b {
                    written.push(vec![Hop {
                        from,
                        to: 0,
                        hit: false,
                    }]);
                }
            }
        }
        let marks: [&dyn Fn(&Hop) -> bool; 3] = [&|h| h.hit, &|_| false, &|h| h.to > 0];
        written
            .iter()
            .flat_map(|hops| {
                marks.iter().filter_map(move |mark| {
                    let marked: Vec<Hop> =
                        hops.iter().map(|h| Hop { hit: mark(h), ..*h }).collect();
                    PlayNotation::from_hops(&marked)
                })
            })
            .collect()
    }

    /// Judges each of [`compressed_candidates`] for `r` in `p` by
    /// [`compressed`] and by the general path; where the first takes a
    /// play it gives exactly the general path's judgement. Counts the plays
    /// taken in `taken` (non-doubles, doubles, bear-offs, other readings,
    /// doubles played in another order than written).
    fn compressed_against_general<B: Board>(
        p: &B,
        r: Roll,
        generator: &mut MoveGen<B>,
        seed: &mut u64,
        taken: &mut [usize; 5],
    ) {
        // What no fast path gives: the sign that `compressed` declined.
        let declined = Judgement::new(
            PlayVerdict::Impossible {
                kind: ImpossibleKind::NoChecker,
                hop: usize::MAX,
            },
            *p,
        );
        for w in compressed_candidates(p, r, generator, seed) {
            let fast = compressed(p, r, w.hops(), || declined.clone());
            if fast == declined {
                continue;
            }
            let slow = general(p, r, &w, w.hops(), generator);
            assert_eq!(fast, slow, "{p:?} {r} `{w}`");
            assert_eq!(judge(p, r, &w, generator), slow, "{p:?} {r} `{w}`");
            taken[usize::from(r.is_double())] += 1;
            taken[2] += usize::from(w.hops().iter().any(|h| h.to == 0));
            taken[3] += usize::from(fast.alternatives.iter().any(Option::is_some));
            // The sources of the steps of the hops played in the order written.
            let d = usize::from(r.first.pips());
            let in_order = w.hops().iter().flat_map(|h| {
                let (from, to) = (usize::from(h.from), usize::from(h.to));
                (0..4)
                    .map(move |k| from.saturating_sub(k * d))
                    .take_while(move |&at| at > to)
            });
            let sources = fast.steps.steps().iter().map(|s| usize::from(s.from));
            taken[4] += usize::from(r.is_double() && !sources.eq(in_order));
        }
    }

    /// Compressed plays decided without the general path's tables (one hop
    /// of both dice, landing or bearing off; a double's hops in the order
    /// written) give its judgement, over varied positions with every roll,
    /// the oracle's positions with theirs, and Plakoto positions of random
    /// games.
    #[test]
    fn compressed_plays_agree_with_the_general_path() {
        let mut generator = MoveGen::new();
        let mut seed = 0x510e_527f_ade6_82d1u64;
        let mut taken = [0; 5];
        let rolls: Vec<Roll> = (1..=6)
            .flat_map(|a| (1..=6).filter_map(move |b| Roll::new(a, b)))
            .collect();
        for p in random_positions(0x1f83_d9ab_fb41_bd6b, 600) {
            for &r in &rolls {
                compressed_against_general(&p, r, &mut generator, &mut seed, &mut taken);
            }
        }
        assert!(
            taken[0] > 100_000
                && taken[1] > 100_000
                && taken[2] > 10_000
                && taken[3] > 10_000
                && taken[4] > 1_000,
            "{taken:?}"
        );
        let mut plakoto = MoveGen::new();
        let mut plakoto_taken = [0; 5];
        let mut p = crate::rules::PlakotoPosition::starting();
        for i in 0..1500 {
            let r = rolls[(i * 7 + i / 36) % 36];
            compressed_against_general(&p, r, &mut plakoto, &mut seed, &mut plakoto_taken);
            let plays = plakoto.generate(&p, r);
            p = match plays.get(i * 13 % plays.len().max(1)) {
                Some(lp) => lp.result,
                None => p,
            };
            p = if crate::rules::plakoto::game_end(&p).is_some() {
                crate::rules::PlakotoPosition::starting()
            } else {
                p.flip()
            };
        }
        assert!(
            plakoto_taken[0] > 10_000 && plakoto_taken[1] > 10_000 && plakoto_taken[2] > 100,
            "{plakoto_taken:?}"
        );
        let Some(positions) = oracle_positions(
            "compressed plays judged against the general path on the oracle's positions",
            5000,
        ) else {
            return;
        };
        for (p, r) in positions {
            compressed_against_general(&p, r, &mut generator, &mut seed, &mut taken);
        }
    }

    /// The two oracle files of `../shared/oracle`.
    const ORACLE_FILES: [&str; 2] = ["legal-plays.tsv.gz", "legal-plays-random.tsv.gz"];

    /// The first `limit` (position, roll) rows of each oracle file, or
    /// `None` (the test skipped, saying it checks `what`) when
    /// `../shared/oracle` is absent.
    fn oracle_positions(what: &str, limit: usize) -> Option<Vec<(Position, Roll)>> {
        use std::io::{BufRead, BufReader};
        let dir = crate::test_util::shared_or_skip("oracle", what)?;
        let mut positions = Vec::new();
        for name in ORACLE_FILES {
            let file =
                std::fs::File::open(dir.join(name)).expect("the shared oracle files are present");
            positions.extend(
                BufReader::new(flate2::read::GzDecoder::new(file))
                    .lines()
                    .map_while(Result::ok)
                    .filter(|l| !l.starts_with('#'))
                    .filter_map(|line| {
                        let mut fields = line.split('\t');
                        let (id, dice) = (fields.next()?, fields.next()?);
                        let p = crate::ids::gnubg::parse_position_id(id, 15).unwrap();
                        let r: Roll = dice.parse().unwrap();
                        Some((p, r))
                    })
                    .take(limit),
            );
        }
        Some(positions)
    }

    /// A play's steps as written one hop a step.
    fn hops_of(play: &Play) -> Vec<Hop> {
        play.steps()
            .iter()
            .map(|s| Hop {
                from: s.from,
                to: s.to,
                hit: s.hit,
            })
            .collect()
    }

    /// Varied valid positions (`n` of them): each side's 15 checkers spread
    /// over the board, the bar and off, one colour a point; their checkers
    /// often in their home board, so that entering is often blocked.
    fn random_positions(mut seed: u64, n: usize) -> Vec<Position> {
        let mut next = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        (0..n)
            .map(|_| {
                let mut points = [0i8; 26];
                let ours = next(16);
                let home = next(3) == 0;
                for _ in 0..ours {
                    // Points 1..=24, the bar (25) three times as often as a
                    // point; or, bearing off, the home board and now and
                    // then the 7 or 8 point.
                    let p = if home {
                        1 + next(6) as usize + usize::from(next(20) == 0) * 2
                    } else {
                        (next(27) as usize + 1).min(OUR_BAR)
                    };
                    points[p] += 1;
                }
                let theirs = next(16);
                for _ in 0..theirs {
                    // Their bar (0), any point, or their home board (our 19..=24).
                    let p = match next(3) {
                        0 => next(25) as usize,
                        _ => 19 + next(6) as usize,
                    };
                    if points[p] <= 0 {
                        points[p] -= 1;
                    }
                }
                crate::position::Setup::from_board(points, 15)
                    .into_position(15)
                    .expect("at most 15 checkers a side")
            })
            .collect()
    }

    /// Checks [`judge_plain`] against [`judge`] on `written` for `r` in
    /// `p`: where it takes the play, it gives what `judge` gives, and on
    /// the mirrored board ([`crate::rules::board::Mirrored`]) it takes the
    /// same plays and gives the same. Counts the plays it takes.
    fn judge_plain_against_judge(
        p: &Position,
        r: Roll,
        written: &PlayNotation,
        generator: &mut MoveGen,
        taken: &mut usize,
    ) {
        // The same play judged on the flipped board held unflipped.
        let mirrored = judge_plain(crate::rules::board::Mirrored(p.flip()), r, written);
        // And in place: the board moved on as `judge_plain` gives it, or
        // left as it was.
        let mut in_place = *p;
        let marks = judge_plain_in(&mut in_place, r, written);
        let Some(plain) = judge_plain(*p, r, written) else {
            assert!(mirrored.is_none(), "{p:?} {r} `{written}`");
            assert!(marks.is_none(), "{p:?} {r} `{written}`");
            assert_eq!(in_place, *p, "{p:?} {r} `{written}`");
            return;
        };
        assert_eq!(marks, Some(plain.hit_marks), "{p:?} {r} `{written}`");
        assert_eq!(in_place, plain.result, "{p:?} {r} `{written}`");
        let mirrored = mirrored.expect("the mirrored board takes the play too");
        assert_eq!(
            mirrored.result.0.flip(),
            plain.result,
            "{p:?} {r} `{written}`"
        );
        assert_eq!(mirrored.hit_marks, plain.hit_marks, "{p:?} {r} `{written}`");
        let j = judge(p, r, written, generator);
        assert_eq!(j.verdict, PlayVerdict::Legal, "{p:?} {r} `{written}`");
        assert_eq!(j.result, plain.result, "{p:?} {r} `{written}`");
        assert_eq!(j.hit_marks, plain.hit_marks, "{p:?} {r} `{written}`");
        assert_eq!(usize::from(j.dice_used), r.steps(), "{p:?} {r} `{written}`");
        assert_eq!(
            j.alternatives.into_slots(),
            [None; 3],
            "{p:?} {r} `{written}`"
        );
        *taken += 1;
    }

    /// A dance found by [`judge_dance`] is what [`judge`] finds for
    /// nothing written: legal, the position unchanged, no other reading,
    /// no hit mark to question; on a mirrored board it finds the same.
    #[test]
    fn judge_dance_agrees_with_judge() {
        let mut generator = MoveGen::new();
        let mut dances = 0;
        for p in random_positions(0xbb67_ae85_84ca_a73b, 3000) {
            for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
                let r = Roll::new(a, b).expect("dice");
                let dance = judge_dance(&p, r);
                let mirrored = crate::rules::board::Mirrored(p.flip());
                assert_eq!(judge_dance(&mirrored, r), dance, "{p:?} {r}");
                if !dance {
                    continue;
                }
                let j = judge(&p, r, &PlayNotation::empty(), &mut generator);
                assert_eq!(j.verdict, PlayVerdict::Legal, "{p:?} {r}");
                assert_eq!(j.result, p, "{p:?} {r}");
                assert_eq!(j.alternatives.into_slots(), [None; 3], "{p:?} {r}");
                assert_eq!(j.hit_marks, HitMarks::default(), "{p:?} {r}");
                dances += 1;
            }
        }
        assert!(dances > 1000, "{dances}");
    }

    /// The lean entry point for the commonest play gives what [`judge`]
    /// gives for every play it takes: each legal play of varied positions
    /// (and of the oracle's, when present) written one hop per step, in
    /// order and reversed, with its hit marks, none and all; and hops of
    /// the dice from every point, legal or not.
    #[test]
    fn judge_plain_agrees_with_judge() {
        let mut generator = MoveGen::new();
        let mut taken = 0;
        let check = |p: &Position, r: Roll, generator: &mut MoveGen, taken: &mut usize| {
            let plays: Vec<Play> = generator.generate(p, r).iter().map(|g| g.play).collect();
            for legal in plays {
                let hops = hops_of(&legal);
                let marks: [&dyn Fn(&Hop) -> bool; 3] = [&|h| h.hit, &|_| false, &|_| true];
                for mark in marks {
                    let marked: Vec<Hop> =
                        hops.iter().map(|h| Hop { hit: mark(h), ..*h }).collect();
                    let reversed: Vec<Hop> = marked.iter().rev().copied().collect();
                    for w in [&marked, &reversed] {
                        let written = PlayNotation::from_hops(w).expect("at most four hops");
                        judge_plain_against_judge(p, r, &written, generator, taken);
                    }
                }
            }
            // Two hops, one with each die, from any two points: legal or not.
            if !r.is_double() {
                let (a, b) = (r.first.pips(), r.second.pips());
                for from in 1..=25u8 {
                    for other in [from, from.saturating_sub(a), 25, 6, 13] {
                        let first = Hop {
                            from,
                            to: from.saturating_sub(a),
                            hit: false,
                        };
                        let second = Hop {
                            from: other,
                            to: other.saturating_sub(b),
                            hit: true,
                        };
                        let written = PlayNotation::from_hops(&[first, second]).expect("two hops");
                        judge_plain_against_judge(p, r, &written, generator, taken);
                    }
                }
            }
        };
        for p in random_positions(0x6a09_e667_f3bc_c908, 1500) {
            for (a, b) in (1..=6).flat_map(|a| (a..=6).map(move |b| (a, b))) {
                let r = Roll::new(a, b).expect("dice");
                check(&p, r, &mut generator, &mut taken);
            }
        }
        assert!(taken > 20_000, "{taken}");
        let Some(positions) = oracle_positions(
            "judge_plain checked against judge on the oracle's positions",
            3000,
        ) else {
            return;
        };
        for (p, r) in positions {
            check(&p, r, &mut generator, &mut taken);
        }
    }

    /// Plays from the bar decided without generation give the general
    /// path's judgement: every written play of nothing or one entering hop
    /// (with and without `*`) for every roll, over varied positions.
    #[test]
    fn plays_from_the_bar_agree_with_the_general_path() {
        let mut generator = MoveGen::new();
        let (mut dances, mut entries, mut entries_alone) = (0, 0, 0);
        for p in random_positions(0x9e37_79b9_7f4a_7c15, 3000) {
            for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
                let r = Roll::new(a, b).expect("dice");
                let mut written = vec![PlayNotation::empty()];
                for to in 19..=24 {
                    for hit in [false, true] {
                        let hop = Hop { from: 25, to, hit };
                        written.push(PlayNotation::from_hops(&[hop]).expect("one hop"));
                    }
                }
                for w in &written {
                    let slow = general(&p, r, w, w.hops(), &mut generator);
                    let Some(fast) = from_the_bar(&p, r, w.hops()).map(Decided::judgement) else {
                        continue;
                    };
                    assert_eq!(fast, slow, "{p:?} {r} `{w}`");
                    assert_eq!(judge(&p, r, w, &mut generator), slow, "{p:?} {r} `{w}`");
                    match (w.hops().len(), fast.result.on_bar()) {
                        (0, _) => dances += 1,
                        (_, true) => entries += 1,
                        (_, false) => entries_alone += 1,
                    }
                }
            }
        }
        assert!(
            dances > 1000 && entries > 1000 && entries_alone > 100,
            "{dances} {entries} {entries_alone}"
        );
    }

    /// Judges every hop of one die's distance or bearing off, with and
    /// without `*`, for `r` in `p` by [`one_die_alone`] and by the general
    /// path; counts in `seen` the moves, bear-offs and judgements with
    /// several legal plays decided without generation.
    fn one_die_alone_against_general(
        p: &Position,
        r: Roll,
        generator: &mut MoveGen,
        seen: &mut [usize; 3],
    ) {
        let (a, b) = (r.first.pips(), r.second.pips());
        for from in 1..=25u8 {
            for to in [from.saturating_sub(a), from.saturating_sub(b), 0] {
                for hit in [false, true] {
                    let hop = Hop { from, to, hit };
                    let Some(fast) = one_die_alone(p, r, &hop).map(Decided::judgement) else {
                        continue;
                    };
                    let w = PlayNotation::from_hops(&[hop]).expect("one hop");
                    let slow = general(p, r, &w, w.hops(), generator);
                    assert_eq!(fast, slow, "{p:?} {r} `{w}`");
                    assert_eq!(fast.steps.steps(), slow.steps.steps(), "{p:?} {r} `{w}`");
                    seen[usize::from(to == 0)] += 1;
                    seen[2] += usize::from(fast.legal_count > Some(1));
                }
            }
        }
    }

    /// A hop of one die of a roll that is no double, decided without
    /// generation, gives the general path's judgement, over varied
    /// positions with every roll and over the oracle's positions with
    /// theirs.
    #[test]
    fn one_die_alone_agrees_with_the_general_path() {
        let mut generator = MoveGen::new();
        let mut seen = [0; 3];
        for p in random_positions(0x2545_f491_4f6c_dd1d, 3000) {
            for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
                if a != b {
                    let r = Roll::new(a, b).expect("dice");
                    one_die_alone_against_general(&p, r, &mut generator, &mut seen);
                }
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
        let Some(positions) = oracle_positions(
            "one die alone judged against the general path on the oracle's positions",
            usize::MAX,
        ) else {
            return;
        };
        for (p, r) in positions {
            if r.first != r.second {
                one_die_alone_against_general(&p, r, &mut generator, &mut seen);
            }
        }
        assert!(seen[2] > 100, "{seen:?}");
    }

    #[test]
    fn an_ordinary_play_is_legal_without_generation() {
        let j = judge_text(&start(), "31", "8/5 6/5");
        assert!(j.is_legal());
        assert_eq!(j.legal_count, None, "the fast path needs no generation");
        assert_eq!(j.result.ours(5), 2);
    }

    #[test]
    fn step_order_and_dice_order_do_not_matter() {
        assert!(judge_text(&start(), "13", "6/5 8/5").is_legal());
        assert!(judge_text(&start(), "65", "24/18 18/13").is_legal());
        assert!(judge_text(&start(), "65", "18/13 24/18").is_legal());
    }

    #[test]
    fn compressed_moves_are_split_into_dice() {
        assert!(judge_text(&start(), "64", "24/14").is_legal());
        assert!(judge_text(&start(), "44", "24/16(2)").is_legal());
        let p = pos!(us 22:1, 6:14; them 24:2);
        assert!(judge_text(&p, "44", "22/6").is_legal());
        let p = pos!(us 24:1, 1:14; them 3:1);
        assert!(judge_text(&p, "66", "24/off").is_legal());
    }

    #[test]
    fn bear_off_with_overage_after_one_step() {
        let p = pos!(us 9:1, 2:14; them 24:2);
        assert!(judge_text(&p, "65", "9/off").is_legal());
    }

    #[test]
    fn bear_offs_written_one_hop_per_die_in_any_order() {
        // Overage on both dice, in either order of the hops.
        let p = pos!(us 2:1, 1:1; them 24:2);
        assert!(judge_text(&p, "65", "2/0 1/0").is_legal());
        assert!(judge_text(&p, "65", "1/0 2/0").is_legal());
        // The 4 point may use the 5 only once the 6 point is empty: the hops
        // as written fail step by step, the play is legal in the other order.
        let p = pos!(us 6:1, 4:1; them 24:2);
        assert!(judge_text(&p, "65", "4/0 6/0").is_legal());
        // Overage from a lower point while a higher one is occupied.
        let p = pos!(us 6:1, 4:2; them 24:2);
        assert_eq!(
            verdict(&p, "65", "4/0 4/0"),
            PlayVerdict::Illegal(IllegalKind::BearOffLower)
        );
        // `7/6` brings the last checker home, then `2/0` may bear off:
        // legal by resulting position though written the other way round.
        let p = pos!(us 7:1, 2:1; them 24:2);
        assert!(judge_text(&p, "21", "2/0 7/6").is_legal());
        // A checker still outside after the other step: too early.
        let p = pos!(us 9:1, 2:1; them 24:2);
        assert_eq!(
            verdict(&p, "21", "2/0 9/8"),
            PlayVerdict::Illegal(IllegalKind::BearOffEarly)
        );
    }

    #[test]
    fn four_off_with_six_one_reaches_the_same_position_as_four_three_off() {
        let p = pos!(us 4:1; them 24:2);
        assert!(judge_text(&p, "61", "4/off").is_legal());
        assert!(judge_text(&p, "61", "4/3 3/off").is_legal());
    }

    #[test]
    fn an_intermediate_hit_is_found_and_marks_decide_the_path() {
        // 61: 13/6 with a blot on 7 and an open 12 point: two readings.
        let p = pos!(us 13:2, 6:13; them 7:1, 1:2);
        let hit = judge_text(&p, "61", "13/7*/6");
        assert!(hit.is_legal());
        assert_eq!(hit.result.their_bar(), 1);
        let plain = judge_text(&p, "61", "13/6");
        assert!(plain.is_legal());
        assert_eq!(
            plain.result.their_bar(),
            0,
            "without a mark the non-hitting path is preferred"
        );
        assert!(
            plain
                .alternatives
                .iter()
                .next()
                .is_some_and(Option::is_some),
            "the hitting path is an alternative"
        );
        let marked = judge_text(&p, "61", "13/6*");
        assert_eq!(marked.result.their_bar(), 1);
    }

    #[test]
    fn only_path_hits_when_the_other_is_blocked() {
        let p = pos!(us 13:2, 6:13; them 12:2, 7:1);
        let j = judge_text(&p, "61", "13/6");
        assert!(j.is_legal());
        assert_eq!(j.result.their_bar(), 1);
        assert!(j.hit_marks.missing);
        assert!(j.alternatives.iter().all(Option::is_none));
    }

    #[test]
    fn wrong_dice() {
        assert_eq!(
            verdict(&start(), "52", "13/7 8/7"),
            PlayVerdict::Illegal(IllegalKind::WrongDice)
        );
        assert_eq!(
            verdict(&start(), "11", "8/3"),
            PlayVerdict::Illegal(IllegalKind::WrongDice)
        );
    }

    #[test]
    fn under_played() {
        // Cup 2022 final: 11: 3/2 1/Off(2) with a fourth 1 playable.
        let p = pos!(us 3:1, 2:2, 1:2; them 24:2);
        let j = judge_text(&p, "11", "3/2 1/Off(2)");
        assert_eq!(j.verdict, PlayVerdict::Illegal(IllegalKind::UnderPlayed));
        assert_eq!(j.dice_used, 3);
        assert_eq!(j.max_dice, Some(4));
        assert_eq!(j.result.our_off(), 12);
        assert_eq!(
            verdict(&start(), "64", "13/7"),
            PlayVerdict::Illegal(IllegalKind::UnderPlayed)
        );
    }

    #[test]
    fn smaller_die() {
        let p = pos!(us 25:1; them 20:2);
        assert_eq!(
            verdict(&p, "32", "bar/23"),
            PlayVerdict::Illegal(IllegalKind::SmallerDie)
        );
        assert_eq!(verdict(&p, "32", "bar/22"), PlayVerdict::Legal);
    }

    #[test]
    fn bar_first() {
        let p = pos!(us 25:1, 13:5, 6:9; them 1:2);
        assert_eq!(
            verdict(&p, "64", "13/7 13/9"),
            PlayVerdict::Illegal(IllegalKind::BarFirst)
        );
    }

    #[test]
    fn bear_off_early() {
        let p = pos!(us 8:1, 6:14; them 24:2);
        assert_eq!(verdict(&p, "65", "6/off 8/3"), PlayVerdict::Legal);
        assert_eq!(
            verdict(&p, "65", "6/off 6/1"),
            PlayVerdict::Illegal(IllegalKind::BearOffEarly)
        );
    }

    #[test]
    fn bear_off_lower() {
        let p = pos!(us 5:1, 3:14; them 24:2);
        let j = judge_text(&p, "66", "3/off(4)");
        assert_eq!(j.verdict, PlayVerdict::Illegal(IllegalKind::BearOffLower));
    }

    #[test]
    fn blocked_path() {
        let p = pos!(us 24:2, 6:13; them 18:2, 20:2);
        assert_eq!(
            verdict(&p, "64", "24/14"),
            PlayVerdict::Illegal(IllegalKind::BlockedPath)
        );
    }

    #[test]
    fn no_play_and_play_when_none() {
        assert_eq!(
            verdict(&start(), "52", ""),
            PlayVerdict::Illegal(IllegalKind::NoPlay)
        );
        let closed = pos!(us 25:1, 6:14; them 24:2, 23:2, 22:2, 21:2, 20:2, 19:2);
        assert_eq!(verdict(&closed, "65", ""), PlayVerdict::Legal);
        assert_eq!(
            verdict(&closed, "65", "6/1 6/0"),
            PlayVerdict::Illegal(IllegalKind::PlayWhenNone)
        );
        // Steps that 6-5 cannot make: the dice are wrong, whatever the board.
        assert_eq!(
            verdict(&closed, "65", "6/2 6/0"),
            PlayVerdict::Illegal(IllegalKind::WrongDice)
        );
    }

    #[test]
    fn impossible_plays() {
        assert_eq!(
            verdict(&start(), "42", "25/23 13/9"),
            PlayVerdict::Impossible {
                kind: ImpossibleKind::NoChecker,
                hop: 0
            }
        );
        assert_eq!(
            verdict(&start(), "51", "13/8 6/1"),
            PlayVerdict::Impossible {
                kind: ImpossibleKind::OntoMadePoint,
                hop: 1
            }
        );
        assert_eq!(
            verdict(&start(), "31", "5/8 6/5"),
            PlayVerdict::Impossible {
                kind: ImpossibleKind::Backward,
                hop: 0
            }
        );
    }

    #[test]
    fn zero_zero_is_ignored() {
        let p = pos!(us 2:1; them 24:2);
        assert!(judge_text(&p, "21", "2/0 0/0").is_legal());
    }

    #[test]
    fn enter_and_continue() {
        let p = pos!(us 25:1, 6:14; them 1:2);
        assert!(judge_text(&p, "51", "bar/20 20/19").is_legal());
        assert!(judge_text(&p, "51", "bar/19").is_legal());
    }

    #[test]
    fn two_hits_in_one_play() {
        let p = pos!(us 8:1, 18:1, 13:13; them 6:1, 17:1);
        let j = judge_text(&p, "21", "8/6* 18/17*");
        assert!(j.is_legal());
        assert_eq!(j.result.their_bar(), 2);
        assert_eq!(j.hit_marks, HitMarks::default());
    }

    #[test]
    fn repeated_hit_mark_on_one_point_is_not_spurious() {
        let p = pos!(us 8:2, 13:13; them 2:1);
        let j = judge_text(&p, "66", "8/2*(2) 13/7(2)");
        assert!(j.is_legal());
        assert_eq!(j.hit_marks, HitMarks::default());
    }

    #[test]
    fn entering_with_the_rest_of_a_double_blocked_uses_one_step() {
        // Galaxy `22: 25/23`: one checker enters, every other 2 is blocked.
        let p = pos!(us 25:1, 2:14; them 21:2, 23:0, 19:2, 17:2, 15:2, 13:2, 11:2);
        let j = judge_text(&p, "22", "25/23");
        assert!(j.is_legal(), "{:?}", j.verdict);
        assert_eq!(j.max_dice, Some(1));
    }

    #[test]
    fn enter_hit_and_move_two_together_with_a_double() {
        // `33: bar/22 24/21* 8/5(2)`
        let p = pos!(us 25:1, 24:1, 8:2, 6:11; them 21:1, 1:2);
        let j = judge_text(&p, "33", "bar/22 24/21* 8/5(2)");
        assert!(j.is_legal(), "{:?}", j.verdict);
        assert_eq!(j.result.their_bar(), 1);
        assert_eq!(j.hit_marks, HitMarks::default());
    }

    #[test]
    fn two_checkers_hit_with_one_mark_each_in_a_double() {
        // `66: 8/2*(2) 7/1(2)`: the first checker to the 2 point hits.
        let p = pos!(us 8:2, 7:2, 6:11; them 2:1, 24:2);
        let j = judge_text(&p, "66", "8/2*(2) 7/1(2)");
        assert!(j.is_legal(), "{:?}", j.verdict);
        assert_eq!(j.result.their_bar(), 1);
        assert_eq!(j.hit_marks, HitMarks::default());
    }

    #[test]
    fn must_enter_with_the_smaller_die_when_the_larger_is_blocked() {
        // 6-2 with one on the bar: the 6 cannot enter (their 6 point is
        // made), the 2 can, and then the 6 must be played if it can.
        let p = pos!(us 25:1, 13:14; them 19:2, 1:2);
        assert!(judge_text(&p, "62", "bar/23 13/7").is_legal());
        assert_eq!(
            verdict(&p, "62", "bar/23"),
            PlayVerdict::Illegal(IllegalKind::UnderPlayed)
        );
    }

    #[test]
    fn only_three_steps_of_a_double_can_be_played() {
        // 5-5: 20/15/10 and 17/12; then 10/5 and 12/7 are blocked, 6/1 too,
        // and no checker may bear off while one is outside: three steps.
        let p = pos!(us 20:1, 17:1, 6:13; them 7:2, 5:2, 1:2);
        let plays = crate::rules::legal_plays(&p, Roll::new(5, 5).expect("dice"));
        assert!(!plays.is_empty());
        assert!(plays.iter().all(|lp| lp.play.dice_used() == 3), "{plays:?}");
        assert!(judge_text(&p, "55", "20/10 17/12").is_legal());
        assert_eq!(
            verdict(&p, "55", "20/10"),
            PlayVerdict::Illegal(IllegalKind::UnderPlayed)
        );
    }

    #[test]
    fn illegal_play_is_applied_as_played() {
        let j = judge_text(&start(), "52", "13/7 8/7");
        assert_eq!(j.result.ours(7), 2);
        assert_eq!(j.result.ours(13), 4);
    }
}
