//! Compressed plays decided without interpretations: one hop made of both
//! dice of a roll that is no double, and the hops of a double, in the order
//! written or interleaved.

use super::*;

/// [`one_hop_two_dice`] for a roll that is no double, [`double_in_order`]
/// for a double; the first only for one hop (its other tests out of line).
/// A play neither takes gets the judgement `otherwise` gives.
///
/// Each builds the judgement it returns, its result the board it played on,
/// and calls `otherwise` last (the judgement is then written where the
/// caller of [`judge`] receives it): a board is copied once after its
/// checkers moved a byte at a time, a copy that waits for those writes.
#[inline(always)]
pub(super) fn compressed<B: Board>(
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
pub(super) fn one_hop_two_dice<B: Board>(
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
pub(super) fn two_steps<B: Board>(
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
pub(super) fn two_steps_in<B: Board>(
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
pub(super) fn marks_two(hop: &Hop, middle: usize, to: usize, (s1, s2): (Step, Step)) -> HitMarks {
    let mut mask = HitMask::default();
    mask.step(&s1);
    mask.step(&s2);
    // A bear-off lands nowhere: bit 0, where no hit happens, stands for it.
    mask.path(hop, (1u32 << middle) | (1u32 << to));
    mask.marks()
}

/// The judgement of [`one_hop_two_dice`] for the order whose first die is
/// `first`, whose steps `s1` and `s2` led to `result`: legal.
#[inline(always)]
pub(super) fn two_dice_judgement<B: Board>(
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
pub(super) fn double_in_order<B: Board>(
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
    // The hits; for each hop, the points it lands on (its bear-off, if any,
    // lands nowhere).
    let mut mask = HitMask::default();
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
            mask.hit_at(step.hit, next);
            *landed |= u32::from(next > 0) << next;
            steps[n] = step;
            n += 1;
            at = next;
        }
    }
    if n != 4 {
        return otherwise();
    }
    double_judgement(board, &steps, hops, mask, landings)
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
pub(super) fn double_interleaved<B: Board>(
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
    let mut mask = HitMask::default();
    let mut landings = [0u32; MAX_INTERP_HOPS];
    for slot in &mut steps {
        let Some(h) = (0..hops.len())
            .find(|&h| at[h] > usize::from(hops[h].to) && board.check_step(at[h], d).is_ok())
        else {
            return otherwise();
        };
        let next = at[h].saturating_sub(die);
        let step = board.move_checker(at[h], next, d);
        mask.hit_at(step.hit, next);
        landings[h] |= u32::from(next > 0) << next;
        *slot = step;
        at[h] = next;
    }
    double_judgement(board, &steps, hops, mask, landings)
}

/// The judgement of [`double_in_order`] or [`double_interleaved`]: legal,
/// the four `steps` to `result`, their hits in `mask`, each hop's
/// landings (its bear-off lands nowhere) in `landings`.
#[inline(always)]
pub(super) fn double_judgement<B: Board>(
    result: B,
    steps: &[Step; 4],
    hops: &[Hop],
    mut mask: HitMask,
    landings: [u32; MAX_INTERP_HOPS],
) -> Judgement<B> {
    for (hop, landed) in hops.iter().zip(landings) {
        mask.path(hop, landed);
    }
    let mut j = Judgement::new(PlayVerdict::Legal, result);
    j.steps = Play::from_prefix(steps, 4);
    j.dice_used = 4;
    j.hit_marks = mask.marks();
    j
}

/// True when at least one die of `roll` can be played (then a roll with
/// nothing played is not a dance).
pub(super) fn any_step<B: Board>(position: &B, roll: Roll) -> bool {
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
pub(super) fn any_step_with<B: Board>(position: &B, die: u8) -> bool {
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
