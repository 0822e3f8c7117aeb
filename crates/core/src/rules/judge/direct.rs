//! Plays decided without interpretations: one hop per die in the order
//! written, and the single-checker cases (from the bar, one die alone)
//! decided as the general path decides them, without generation.

use super::*;

/// The common case, decided without interpretations: every hop is one die
/// (each die used once, all of them), and the hops play in the order
/// written. Such a play is legal: it uses every die and each step follows
/// the movement rules. `None` sends the play to the general path.
#[inline(always)]
pub(super) fn one_hop_per_die<B: Board>(
    mut board: B,
    roll: Roll,
    hops: &[Hop],
) -> Option<Direct<B>> {
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
pub(super) fn one_hop_per_die_in<B: Board>(
    board: &mut B,
    roll: Roll,
    hops: &[Hop],
) -> Option<(Play, HitMarks)> {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let mut steps = [Step::default(); 4];
    // Points where a hit happened, and points a `*` marks.
    let mut mask = HitMask::default();
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
        let m = &mut mask;
        steps = [
            double_hop(board, h0, a, m)?,
            double_hop(board, h1, a, m)?,
            double_hop(board, h2, a, m)?,
            double_hop(board, h3, a, m)?,
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
        steps[0] = play_hop(board, h0, first, &mut mask)?;
        steps[1] = play_hop(board, h1, second, &mut mask)?;
        2
    };
    Some((Play::from_prefix(&steps, full), mask.marks()))
}

/// One hop of a double in [`one_hop_per_die`]: its die `die`, or less
/// for a bear-off (overage), played if the movement rules allow it.
#[inline(always)]
pub(super) fn double_hop<B: Board>(
    board: &mut B,
    hop: &Hop,
    die: u8,
    mask: &mut HitMask,
) -> Option<Step> {
    // A source past the bar has no checker: `check_step` refuses it.
    if hop.to >= hop.from || !takes_die(hop, hop.from - hop.to, die) {
        return None;
    }
    play_hop(board, hop, die, mask)
}

/// Whether `hop`, `distance` pips forward, is made by `die`: the die is the
/// distance, or a bear-off takes a higher die (overage), which
/// `check_step` then allows or not.
#[inline(always)]
pub(super) fn takes_die(hop: &Hop, distance: u8, die: u8) -> bool {
    distance == die || (hop.to == 0 && distance < die)
}

/// One hop of [`one_hop_per_die`] played with `die` if the movement rules
/// allow it; its hit and its `*` added to `mask`.
#[inline(always)]
pub(super) fn play_hop<B: Board>(
    board: &mut B,
    hop: &Hop,
    die: u8,
    mask: &mut HitMask,
) -> Option<Step> {
    board.check_step(usize::from(hop.from), die).ok()?;
    // The landing is the hop's destination: the die is the distance, or a
    // bear-off.
    let step = board.move_checker(usize::from(hop.from), usize::from(hop.to), die);
    mask.hit_at(step.hit, usize::from(hop.to));
    mask.landing(hop, usize::from(hop.to));
    Some(step)
}

/// Plays with a checker on the bar decided as the general path decides
/// them, without generation: nothing written when neither die enters (a
/// dance), and one checker entering with one die of a roll that is no
/// double when the other die enters neither before nor after it and no
/// other step of it exists (a checker left on the bar, or none anywhere):
/// then that entry is the only legal play. `None` sends the play on.
#[inline(never)]
pub(super) fn from_the_bar<B: Board>(position: &B, roll: Roll, hops: &[Hop]) -> Option<Decided<B>> {
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
    Some(Decided::one_step(after, step, hop, to, 1))
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
pub(super) fn one_die_alone<B: Board>(position: &B, roll: Roll, hop: &Hop) -> Option<Decided<B>> {
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
    Some(Decided::one_step(after, step, hop, to, count))
}

/// The die [`one_die_alone`] reads `hop` with: its exact die when it lands
/// on the board, the first die when it bears off and each die would. The
/// general path's readings of such a hop are one die each, the first die
/// first. `None` for any other hop, or a double.
#[inline(always)]
pub(super) fn one_die_reading(roll: Roll, hop: &Hop) -> Option<u8> {
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
pub(super) fn steps_with<B: Board>(position: &B, die: u8) -> usize {
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
pub(super) fn two_dice_play<B: Board>(position: &B, high: u8, low: u8) -> bool {
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

#[cfg(test)]
mod tests {
    use super::super::tests::random_positions;
    use super::*;

    /// The die a hop `distance` pips forward takes in [`one_hop_per_die`]
    /// for the roll `a`-`b`: its exact die, else (a bear-off) the smallest
    /// die above the distance.
    fn die_for(to: u8, distance: u8, a: u8, b: u8) -> Option<u8> {
        if distance == a || distance == b {
            Some(distance)
        } else if to == 0 {
            [a, b].into_iter().filter(|&d| d > distance).min()
        } else {
            None
        }
    }

    /// Two hops of a roll that is no double, read one die each: the first
    /// its exact die or the smallest die that bears it off, the second the
    /// other die, played in the order written. The direct path takes the
    /// play exactly when those steps are allowed, with those dice and that
    /// result: the choice of a bear-off's die (not only the position it
    /// leaves, which either die would give) is tested.
    #[test]
    fn two_hops_take_the_exact_die_else_the_smallest_that_bears_off() {
        let (mut taken, mut overage) = (0, 0);
        for p in random_positions(0x38_5eed, 100) {
            for a in 1..=6u8 {
                for b in (1..=6u8).filter(|&b| b != a) {
                    let roll: Roll = format!("{a}{b}").parse().expect("a roll");
                    // Every hop forward from the home board and the 7 and 8
                    // points: of a die's distance or not, bearing off or not.
                    let hops_from = |from: u8| {
                        (0..from).map(move |to| Hop {
                            from,
                            to,
                            hit: false,
                        })
                    };
                    for h0 in (1..=8).flat_map(hops_from) {
                        for h1 in (1..=8).flat_map(hops_from) {
                            let expected = (|| {
                                let first = die_for(h0.to, h0.from - h0.to, a, b)?;
                                let second = if first == a { b } else { a };
                                let d1 = h1.from - h1.to;
                                if d1 != second && (h1.to > 0 || d1 > second) {
                                    return None;
                                }
                                let mut board = p;
                                let mut steps = Vec::new();
                                for (h, die) in [(h0, first), (h1, second)] {
                                    board.check_step(usize::from(h.from), die).ok()?;
                                    steps.push(board.apply_step(usize::from(h.from), die));
                                }
                                Some((board, steps, first))
                            })();
                            let got = one_hop_per_die(p, roll, &[h0, h1]);
                            match (expected, got) {
                                (None, None) => {}
                                (Some((board, steps, first)), Some(direct)) => {
                                    assert_eq!(direct.result, board, "{p:?} {roll} {h0} {h1}");
                                    assert_eq!(
                                        direct.steps.steps(),
                                        steps,
                                        "{p:?} {roll} {h0} {h1}"
                                    );
                                    taken += 1;
                                    overage += usize::from(first != h0.from - h0.to);
                                }
                                (e, g) => panic!(
                                    "{p:?} {roll} {h0} {h1}: expected {:?}, got {:?}",
                                    e.map(|e| e.1),
                                    g.map(|g| g.steps)
                                ),
                            }
                        }
                    }
                }
            }
        }
        assert!(taken > 1000 && overage > 50, "{taken} {overage}");
    }
}
