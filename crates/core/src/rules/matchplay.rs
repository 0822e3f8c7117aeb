//! Match score and the Crawford game.

use crate::side::{ByPlayer, Side};

/// Whether the current game is the Crawford game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Crawford {
    /// No: before it, after it, or the rule is off.
    No,
    /// Yes: nobody may double.
    Yes,
    /// The record started in the middle of the match with a player at one
    /// point from victory: whether the Crawford game was already played is
    /// not known.
    Unknown,
}

/// A match's running score and Crawford state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// Match length; 0 for a money session.
    pub length: u32,
    /// The Crawford rule is in force.
    pub crawford_rule: bool,
    /// Scores.
    pub scores: ByPlayer<u32>,
    /// The Crawford game has been played (or the record proves it was).
    crawford_done: bool,
    /// Whether the score history since 0-0 is known.
    known_from_start: bool,
}

impl MatchScore {
    /// A match of `length` points (0 = money) at 0-0.
    #[must_use]
    pub const fn new(length: u32, crawford_rule: bool) -> MatchScore {
        MatchScore {
            length,
            crawford_rule,
            scores: ByPlayer::new(0, 0),
            crawford_done: false,
            known_from_start: true,
        }
    }

    /// Sets the score from a record that does not start at 0-0 (a fragment):
    /// whether the Crawford game was played becomes unknown when a player is
    /// already at one point from victory.
    pub fn start_fragment(&mut self, scores: ByPlayer<u32>) {
        self.scores = scores;
        self.known_from_start = false;
        self.crawford_done = false;
    }

    /// Replaces the score (after a score-line mismatch the record's score is
    /// taken). The Crawford latch is kept.
    pub fn set_scores(&mut self, scores: ByPlayer<u32>) {
        self.scores = scores;
    }

    /// Takes the score of a score line that disagrees with the replay (games
    /// missing from the record, or a mistyped line), working out what the
    /// jump says about the Crawford game: played in the gap, due now, or
    /// unknown (never assumed).
    pub fn jump_to(&mut self, scores: ByPlayer<u32>) {
        let old = self.scores;
        self.scores = scores;
        if !self.crawford_rule || self.length <= 1 || self.crawford_done {
            return;
        }
        let at = |s: u32| s + 1 == self.length;
        let leader = |s: ByPlayer<u32>| {
            Side::BOTH
                .into_iter()
                .find(|&side| at(s[side]) && !at(s[side.other()]))
        };
        if let Some(side) = leader(old) {
            // The Crawford game was due at the old score. If the trailer has
            // scored since while the leader stayed, it was played in the gap.
            if scores[side] == old[side] && scores[side.other()] > old[side.other()] {
                self.crawford_done = true;
            } else if scores != old {
                self.known_from_start = false;
            }
        } else if let Some(side) = leader(scores) {
            // The leader got to one away in the gap: the Crawford game is
            // this one only if the trailer did not score meanwhile.
            if scores[side.other()] != old[side.other()] {
                self.known_from_start = false;
            }
        }
    }

    /// Takes the score of a score line that disagrees with the replay when
    /// either may be the mistaken one (a mistyped line or a mistyped result):
    /// if they disagree about whether this game is the Crawford game, that
    /// becomes unknown (never assumed).
    pub fn disputed(&mut self, scores: ByPlayer<u32>) {
        let replayed = self.crawford();
        self.scores = scores;
        if self.crawford() != replayed {
            self.known_from_start = false;
        }
    }

    /// Settles the Crawford state once a score line that disagreed with the
    /// replay proves mistyped: `before` is the score as it was before that
    /// line was taken (the replay's own), `game` what the game under the
    /// line was by that score.
    pub fn settle_mistyped(&mut self, before: &MatchScore, game: Crawford) {
        self.crawford_done = before.crawford_done || game != Crawford::No;
        self.known_from_start = before.known_from_start || self.known_from_start;
    }

    /// Points `side` still needs (0 in a money session).
    #[must_use]
    pub fn needed(&self, side: Side) -> u32 {
        if self.length == 0 {
            0
        } else {
            self.length.saturating_sub(self.scores[side])
        }
    }

    /// True when a player has reached the match length.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.length > 0 && (self.scores.first >= self.length || self.scores.second >= self.length)
    }

    /// The winner of a finished match.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        if !self.is_over() {
            None
        } else if self.scores.first >= self.length {
            Some(Side::First)
        } else {
            Some(Side::Second)
        }
    }

    /// Whether a game starting at the current score is the Crawford game:
    /// the first game in which exactly one player is one point from victory.
    #[must_use]
    pub fn crawford(&self) -> Crawford {
        if !self.crawford_rule || self.length <= 1 || self.crawford_done {
            return Crawford::No;
        }
        let at = |s: u32| s + 1 == self.length;
        if at(self.scores.first) != at(self.scores.second) {
            if self.known_from_start {
                Crawford::Yes
            } else {
                Crawford::Unknown
            }
        } else {
            Crawford::No
        }
    }

    /// Records that a game started at the current score (latches the Crawford game).
    pub fn begin_game(&mut self) {
        if self.crawford() != Crawford::No {
            self.crawford_done = true;
        }
    }

    /// Tells the score keeper that the current game was certainly not the
    /// Crawford game (a double was legal in it), or certainly was.
    pub fn resolve_unknown(&mut self) {
        self.known_from_start = true;
    }

    /// Adds a game's points to the winner's score.
    pub fn record(&mut self, winner: Side, points: u32) {
        self.scores[winner] = self.scores[winner].saturating_add(points);
        if !self.known_from_start && self.crawford_rule {
            // A player reaching one point from victory in a game we saw: the
            // next game's Crawford status is certain again.
            let at = |s: u32| s + 1 == self.length;
            if at(self.scores[winner]) && !self.crawford_done {
                self.known_from_start = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_after_a_player_reaches_one_away_is_the_crawford_game() {
        let mut m = MatchScore::new(5, true);
        m.begin_game();
        m.record(Side::First, 4);
        assert_eq!(m.crawford(), Crawford::Yes);
        m.begin_game();
        m.record(Side::Second, 1);
        assert_eq!(m.crawford(), Crawford::No, "post-Crawford");
    }

    #[test]
    fn jumping_past_one_away_skips_the_crawford_game() {
        let mut m = MatchScore::new(5, true);
        m.begin_game();
        m.record(Side::First, 2);
        m.begin_game();
        m.record(Side::First, 4);
        assert!(m.is_over());
        assert_eq!(m.winner(), Some(Side::First));
    }

    #[test]
    fn no_crawford_game_without_the_rule_or_in_a_one_point_match() {
        let mut m = MatchScore::new(5, false);
        m.record(Side::First, 4);
        assert_eq!(m.crawford(), Crawford::No);
        assert_eq!(MatchScore::new(1, true).crawford(), Crawford::No);
    }

    #[test]
    fn double_match_point_is_post_crawford() {
        let mut m = MatchScore::new(5, true);
        m.record(Side::First, 4);
        m.begin_game();
        m.record(Side::Second, 4);
        assert_eq!(m.crawford(), Crawford::No);
    }

    #[test]
    fn a_gap_after_a_crawford_game_was_due_in_which_the_trailer_scored_is_post_crawford() {
        // 3-point match at 0-2: the Crawford game is due; the next line says
        // 1-2, so it was played (and won by the trailer) in the gap.
        let mut m = MatchScore::new(3, true);
        m.record(Side::Second, 2);
        m.jump_to(ByPlayer::new(1, 2));
        assert_eq!(m.crawford(), Crawford::No);
    }

    #[test]
    fn a_gap_to_one_away_without_the_trailer_scoring_makes_this_the_crawford_game() {
        let mut m = MatchScore::new(5, true);
        m.record(Side::First, 1);
        m.jump_to(ByPlayer::new(4, 0));
        assert_eq!(m.crawford(), Crawford::Yes);
    }

    #[test]
    fn a_gap_whose_course_is_unknown_leaves_the_crawford_game_unknown() {
        // Both scored in the gap while one reached one away: the Crawford game
        // may be this one or may have been played.
        let mut m = MatchScore::new(5, true);
        m.jump_to(ByPlayer::new(4, 2));
        assert_eq!(m.crawford(), Crawford::Unknown);
        // A line that repeats the replayed score changes nothing.
        let mut m = MatchScore::new(7, true);
        m.record(Side::First, 6);
        m.jump_to(ByPlayer::new(6, 0));
        assert_eq!(m.crawford(), Crawford::Yes, "no jump at all");
    }

    #[test]
    fn a_disputed_score_that_decides_the_crawford_game_leaves_it_unknown() {
        // Replayed 4-2 in a 7-point match, written 6-2: one of them is wrong.
        let mut m = MatchScore::new(7, true);
        m.record(Side::First, 4);
        m.record(Side::Second, 2);
        m.disputed(ByPlayer::new(6, 2));
        assert_eq!(m.crawford(), Crawford::Unknown);
        // Both readings agree that this is no Crawford game: nothing changes.
        let mut m = MatchScore::new(7, true);
        m.record(Side::First, 2);
        m.disputed(ByPlayer::new(3, 0));
        assert_eq!(m.crawford(), Crawford::No);
    }

    #[test]
    fn a_fragment_starting_at_one_away_is_unknown() {
        let mut m = MatchScore::new(7, true);
        m.start_fragment(ByPlayer::new(6, 5));
        assert_eq!(m.crawford(), Crawford::Unknown);
    }
}
