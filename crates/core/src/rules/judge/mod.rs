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

mod compressed;
mod direct;
mod general;
#[cfg(test)]
mod tests;
mod verdict;

use compressed::*;
pub use direct::judge_plain_in;
use direct::*;
use general::*;
pub use verdict::*;

const MAX_INTERP_HOPS: usize = 4;

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

/// [`judge`] for a play that neither its direct path nor [`compressed()`]
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
