//! What a judgement says: the verdict on a written play, its hit marks, and
//! the small legal results the fast paths hand back.

use super::*;

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

/// The hits of a play and the `*` marks written on it, as masks of points
/// (bit `n` for point `n`; a bear-off lands on bit 0, where no hit
/// happens), compared into [`HitMarks`]: a hit is marked when some hop
/// landing on its point has a `*`; a `*` is spurious when no hit happened
/// where its hop landed.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct HitMask {
    /// Points where a hit happened.
    hits: u32,
    /// Points a `*` covers.
    marked: u32,
    /// Points of the `*`s of hops landing on one point, checked at the end.
    single: u32,
    /// A `*` of a hop of several landings with no hit on any of them.
    spurious: bool,
}

impl HitMask {
    /// A hit (or none) at `point`.
    #[inline(always)]
    pub(super) fn hit_at(&mut self, hit: bool, point: usize) {
        self.hits |= u32::from(hit) << point;
    }

    /// A step played: its hit, if any, at its landing.
    #[inline(always)]
    pub(super) fn step(&mut self, step: &Step) {
        self.hit_at(step.hit, usize::from(step.to));
    }

    /// A hop landing on the one point `to` (0 for a bear-off), its `*` (if
    /// any) compared with the hits at the end, whenever its step is played.
    #[inline(always)]
    pub(super) fn landing(&mut self, hop: &Hop, to: usize) {
        let bit = u32::from(hop.hit) << to;
        self.marked |= bit;
        self.single |= bit;
    }

    /// A hop landing on each point of `landings` (its path): its `*` covers
    /// them all and is spurious when no hit happened on any. Once every
    /// step of the play is recorded.
    #[inline(always)]
    pub(super) fn path(&mut self, hop: &Hop, landings: u32) {
        if hop.hit {
            self.marked |= landings;
            self.spurious |= landings & self.hits == 0;
        }
    }

    /// The comparison of the marks with the hits.
    #[inline(always)]
    pub(super) fn marks(self) -> HitMarks {
        HitMarks {
            missing: self.hits & !self.marked != 0,
            spurious: self.spurious || self.single & !self.hits != 0,
        }
    }
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
    pub(super) fn new(verdict: PlayVerdict, result: B) -> Judgement<B> {
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

/// A legal play found by [`from_the_bar`] or [`one_die_alone`] with what
/// the legal set holds, every die it uses written (small, unlike a
/// [`Judgement`], which is built once in place).
pub(super) struct Decided<B> {
    pub(super) result: B,
    pub(super) steps: Play,
    pub(super) max_dice: u8,
    pub(super) legal_count: usize,
    pub(super) hit_marks: HitMarks,
}

impl<B: Board> Decided<B> {
    /// A legal play of one hop on one die: `step`, played from the board
    /// before it to `result`, its hit mark checked at the point it lands on
    /// (`to`), one of `legal_count` legal plays.
    #[inline]
    pub(super) fn one_step(
        result: B,
        step: Step,
        hop: &Hop,
        to: usize,
        legal_count: usize,
    ) -> Self {
        let mut mask = HitMask::default();
        mask.step(&step);
        mask.landing(hop, to);
        let mut steps = Play::default();
        steps.push(step);
        Decided {
            result,
            steps,
            max_dice: 1,
            legal_count,
            hit_marks: mask.marks(),
        }
    }

    /// The judgement: legal.
    #[inline]
    pub(super) fn judgement(self) -> Judgement<B> {
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
pub(super) struct Direct<B> {
    pub(super) result: B,
    pub(super) steps: Play,
    pub(super) hit_marks: HitMarks,
}

impl<B: Board> Direct<B> {
    /// The judgement: legal, every die used.
    #[inline]
    pub(super) fn judgement(self, roll: Roll) -> Judgement<B> {
        let mut j = Judgement::new(PlayVerdict::Legal, self.result);
        j.dice_used = roll.steps() as u8;
        j.hit_marks = self.hit_marks;
        j.steps = self.steps;
        j
    }
}
