//! How far a legal play is from a play as written: what orders the
//! readings the typo analysis tries, and what counts as one slip of the pen.

use crate::notation::distance::{hop_distance, play_distance};
use crate::notation::{Hop, PlayNotation};
use crate::rules::Play;

/// How far a legal play is from the notation as written (moves paired,
/// order and the split of a checker's path into steps ignored).
pub(super) fn distance(written: &PlayNotation, play: &Play) -> usize {
    let steps = steps_of(play);
    let joined = PlayNotation::parse(&play.to_string()).unwrap_or(steps);
    play_distance(written, &joined).min(hop_distance(written, &steps))
}

/// `play` is one slip of the pen away from the notation `written`: one
/// character changed, or one hop left out (the other hops as written).
pub(super) fn one_slip(written: &PlayNotation, play: &Play) -> bool {
    if distance(written, play) <= 1 {
        return true;
    }
    let steps = steps_of(play);
    let hops = |play: &PlayNotation| -> Vec<String> {
        play.to_string()
            .split_whitespace()
            .map(|hop| hop.replace('*', ""))
            .collect()
    };
    let (written, mut rest) = (hops(written), hops(&steps));
    let legal = rest.len();
    for hop in &written {
        let Some(at) = rest.iter().position(|h| h == hop) else {
            return false;
        };
        rest.remove(at);
    }
    !written.is_empty() && legal == written.len() + 1
}

/// `play` written hop by hop, one hop per step of a checker.
fn steps_of(play: &Play) -> PlayNotation {
    let mut steps = PlayNotation::empty();
    for s in play.steps() {
        steps.push(Hop {
            from: s.from,
            to: s.to,
            hit: s.hit,
        });
    }
    steps
}
