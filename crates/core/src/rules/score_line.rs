//! Judging a game's score line against the score the results so far make:
//! when they differ, what the difference points at.

use crate::side::{ByPlayer, Side};

/// The last game's resignation, valued only by its result line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WrittenResignation {
    /// Who won it.
    pub winner: Side,
    /// The points its result line writes.
    pub written: u32,
    /// The cube.
    pub cube: u32,
    /// The most the loser could lose, as a multiple of the cube (1, 2 or 3:
    /// a loser who has borne off cannot lose a gammon).
    pub most: u32,
}

/// What a score line that differs from the replayed score points at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreMismatch {
    /// Only the winner of the last game differs, by another value its
    /// resignation could have had: the score line counts it `counted`
    /// points, its result line the written ones. One of the two is
    /// mistyped.
    ResignationValue {
        /// The points the score line counts for the resignation.
        counted: u32,
    },
    /// Both scores only moved forward: games seem to be missing.
    Gap,
    /// Any other difference: the line is wrong.
    Wrong,
}

/// Judges a score line writing `recorded` where the results so far make
/// `expected` (they differ), the last game having been `resignation`.
#[must_use]
pub fn judge_mismatch(
    recorded: ByPlayer<u32>,
    expected: ByPlayer<u32>,
    resignation: Option<WrittenResignation>,
) -> ScoreMismatch {
    let counted = resignation.and_then(|r| {
        // Only the winner's score differs, by another value the resignation
        // could have had (1, 2 or 3 times the cube, as far as the position
        // allowed).
        let winner = r.winner;
        let counted = (r.written + recorded[winner]).checked_sub(expected[winner])?;
        (recorded[winner.other()] == expected[winner.other()]
            && counted != r.written
            && (1..=r.most).any(|k| k * r.cube == counted))
        .then_some(counted)
    });
    match counted {
        Some(counted) => ScoreMismatch::ResignationValue { counted },
        None if recorded.first >= expected.first && recorded.second >= expected.second => {
            ScoreMismatch::Gap
        }
        None => ScoreMismatch::Wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_line_points_at_a_resignation_or_at_missing_games() {
        let resignation = WrittenResignation {
            winner: Side::First,
            written: 1,
            cube: 1,
            most: 3,
        };
        assert_eq!(
            judge_mismatch(ByPlayer::new(3, 2), ByPlayer::new(2, 2), Some(resignation)),
            ScoreMismatch::ResignationValue { counted: 2 }
        );
        assert_eq!(
            judge_mismatch(ByPlayer::new(3, 4), ByPlayer::new(2, 2), Some(resignation)),
            ScoreMismatch::Gap
        );
        assert_eq!(
            judge_mismatch(ByPlayer::new(1, 4), ByPlayer::new(2, 2), None),
            ScoreMismatch::Wrong
        );
    }
}
