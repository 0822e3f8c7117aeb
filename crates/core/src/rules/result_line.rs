//! Judging the value a result line (`Wins N points`) gives a game against
//! what the game was worth: the cube times 1, 2 or 3 for a game played out,
//! the cube for a drop, a level of the cube for a resignation.

/// How a site capped the last game's value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cap {
    /// At the points the winner needed to win the match.
    Needed(u32),
    /// At the match length.
    MatchLength(u32),
}

/// Sites cap the last game's value at what the winner needed, or at the
/// match length: `written` for a game worth `worth`, in a match of `length`
/// points (0 for money) whose winner needed `needed`, when it is so capped.
#[must_use]
pub fn cap(written: u32, worth: u32, length: u32, needed: u32) -> Option<Cap> {
    (length > 0 && written < worth && worth >= needed && (written == needed || written == length))
        .then_some(if written == needed {
            Cap::Needed(needed)
        } else {
            Cap::MatchLength(length)
        })
}

/// The levels a resignation may have, as multiples of the cube: 1, 2 and 3;
/// only 1 under the Jacoby rule while the cube was never turned.
#[must_use]
pub const fn resignation_levels(jacoby: bool, cube_turned: bool) -> u32 {
    if jacoby && !cube_turned { 1 } else { 3 }
}

/// The verdict on the value written for a resignation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResignationValue {
    /// A level of the cube (or of a cube the game may have started with).
    Fits,
    /// Exactly the points the winner needed, more than any level: the
    /// resignation conceded the match.
    ConcedesMatch,
    /// Capped at the points the winner needed ([`cap`]).
    Capped,
    /// None of these.
    Wrong,
}

/// Judges `written` for a resignation with the cube at `cube`, at most
/// `levels` times it ([`resignation_levels`]), in a match of `length`
/// points whose winner needed `needed`. `started_at(value)` says whether the
/// game may have started with the cube at `value` (automatic doubles).
#[must_use]
pub fn judge_resignation(
    written: u32,
    cube: u32,
    levels: u32,
    length: u32,
    needed: u32,
    started_at: impl Fn(u32) -> bool,
) -> ResignationValue {
    let fits = (1..=levels)
        .any(|k| written == cube * k || started_at(written / k) && written.is_multiple_of(k));
    if fits {
        ResignationValue::Fits
    } else if length > 0 && written == needed && written > 3 * cube {
        ResignationValue::ConcedesMatch
    } else if cap(written, 3 * cube, length, needed).is_some() {
        ResignationValue::Capped
    } else {
        ResignationValue::Wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_game_may_be_capped_at_what_the_winner_needed() {
        assert_eq!(cap(1, 2, 7, 1), Some(Cap::Needed(1)));
        assert_eq!(cap(3, 4, 3, 5), None, "the game is worth less than needed");
        assert_eq!(cap(7, 8, 7, 6), Some(Cap::MatchLength(7)));
        assert_eq!(cap(1, 2, 0, 0), None, "money play");
    }

    #[test]
    fn a_resignation_is_worth_a_level_of_the_cube() {
        let never = |_| false;
        assert_eq!(
            judge_resignation(4, 2, 3, 7, 5, never),
            ResignationValue::Fits
        );
        assert_eq!(
            judge_resignation(2, 1, 1, 0, 0, never),
            ResignationValue::Wrong,
            "Jacoby, cube centred: single only"
        );
        assert_eq!(
            judge_resignation(5, 1, 3, 7, 5, never),
            ResignationValue::ConcedesMatch
        );
        assert_eq!(
            judge_resignation(2, 2, 3, 0, 0, |v| v == 2),
            ResignationValue::Fits
        );
    }
}
