//! GNU Backgammon's match equity: its default table (Kazaross-XG2) and the
//! conversions between normalised equity (EMG) and match winning chance
//! (MWC) at a score, in `f32` as gnubg computes them.
//!
//! The table is `met/Kazaross-XG2.xml` of GNU Backgammon 1.07, its numbers
//! kept here as data. The file's notice, preserved as it asks:
//!
//! ```text
//!      Copyright (C) 2011 Neil Kazaross
//!
//!      Table rolled up to 9 point match by eXtreme Gammon. Then uses
//!      R/K MET which was rolled up to 15 and extrapolated to 25 points
//!
//!      Transcribed for use by GNUbg by Michael Petch  <mpetch@capp-sysware.com>
//!
//!      This file is distributed as a part of the GNU Backgammon program.
//!
//!      Copying and distribution of this file, with or without modification,
//!      are permitted in any medium without royalty provided the copyright
//!      notice and this notice are preserved.  This file is offered as-is,
//!      without any warranty.
//!
//!      $Id: Kazaross-XG2.xml,v 1.4 2020/12/12 21:37:18 plm Exp $
//! ```

/// The length the table covers (points).
pub(crate) const LENGTH: usize = 25;

/// Pre-Crawford: `PRE[i][j]` = the match winning chance of a player
/// `i + 1` away against one `j + 1` away.
#[rustfmt::skip]
static PRE: [[f32; LENGTH]; LENGTH] = [
    [0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250, 0.94402, 0.959275, 0.966442, 0.975534, 0.979845, 0.985273, 0.987893, 0.99114, 0.99273, 0.99467, 0.99563, 0.99679, 0.99737, 0.99807, 0.99842, 0.99884, 0.99905],
    [0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539, 0.90197, 0.923034, 0.939311, 0.952470, 0.962495, 0.970701, 0.976887, 0.98196, 0.98580, 0.98893, 0.99129, 0.99322, 0.99466, 0.99585, 0.99675, 0.99746, 0.99802],
    [0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017, 0.870638, 0.894417, 0.914831, 0.930702, 0.944426, 0.954931, 0.96399, 0.97093, 0.97687, 0.98139, 0.98522, 0.98814, 0.99062, 0.99248, 0.99407, 0.99527],
    [0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577, 0.78799, 0.824059, 0.853955, 0.879141, 0.900233, 0.918040, 0.932657, 0.94495, 0.95499, 0.96341, 0.97021, 0.97589, 0.98044, 0.98422, 0.98726, 0.98975, 0.99174],
    [0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786, 0.72540, 0.767055, 0.802732, 0.833654, 0.859934, 0.882866, 0.902013, 0.91847, 0.93223, 0.94397, 0.95367, 0.96189, 0.96864, 0.97432, 0.97896, 0.98283, 0.98600],
    [0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636, 0.66787, 0.713057, 0.753427, 0.788634, 0.819569, 0.846648, 0.869999, 0.89021, 0.90756, 0.92246, 0.93508, 0.94583, 0.95488, 0.96254, 0.96894, 0.97432, 0.97879],
    [0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480, 0.60854, 0.656283, 0.700209, 0.739054, 0.774121, 0.805203, 0.832566, 0.85659, 0.87761, 0.89591, 0.91171, 0.92535, 0.93702, 0.94703, 0.95553, 0.96276, 0.96887],
    [0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000, 0.55442, 0.603718, 0.649899, 0.691356, 0.729447, 0.763593, 0.794397, 0.82158, 0.84578, 0.86714, 0.88589, 0.90230, 0.91658, 0.92898, 0.93968, 0.94891, 0.95682],
    [0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558, 0.50000, 0.550196, 0.597926, 0.641481, 0.682119, 0.718927, 0.752814, 0.78301, 0.81037, 0.83483, 0.85662, 0.87591, 0.89294, 0.90791, 0.92098, 0.93240, 0.94230],
    [0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282, 0.449804, 0.500000, 0.548547, 0.593459, 0.635880, 0.674830, 0.711113, 0.74371, 0.77375, 0.80093, 0.82543, 0.84741, 0.86703, 0.88448, 0.89991, 0.91353, 0.92550],
    [0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101, 0.402074, 0.451453, 0.500000, 0.545552, 0.589242, 0.629736, 0.667927, 0.70303, 0.73530, 0.76494, 0.79198, 0.81648, 0.83862, 0.85849, 0.87629, 0.89214, 0.90622],
    [0.024466, 0.047530, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644, 0.358519, 0.406541, 0.454448, 0.500000, 0.544068, 0.585701, 0.625259, 0.66178, 0.69610, 0.72778, 0.75703, 0.78381, 0.80826, 0.83044, 0.85051, 0.86856, 0.88476],
    [0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553, 0.317881, 0.364120, 0.410758, 0.455932, 0.500000, 0.541943, 0.582545, 0.62036, 0.65619, 0.68966, 0.72081, 0.74963, 0.77619, 0.80054, 0.82276, 0.84295, 0.86123],
    [0.014727, 0.029299, 0.055574, 0.081960, 0.117134, 0.153352, 0.194797, 0.236407, 0.281073, 0.325170, 0.370264, 0.414299, 0.458057, 0.500000, 0.540750, 0.57942, 0.61634, 0.65117, 0.68391, 0.71448, 0.74290, 0.76917, 0.79339, 0.81559, 0.83586],
    [0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603, 0.247186, 0.288887, 0.332073, 0.374741, 0.417455, 0.459250, 0.500000, 0.53916, 0.57679, 0.61261, 0.64659, 0.67859, 0.70862, 0.73664, 0.76265, 0.78669, 0.80883],
    [0.00886, 0.01804, 0.03601, 0.05505, 0.08153, 0.10979, 0.14341, 0.17842, 0.21699, 0.25629, 0.29697, 0.33822, 0.37964, 0.42058, 0.46084, 0.50000, 0.53796, 0.57441, 0.60929, 0.64241, 0.67376, 0.70323, 0.73084, 0.75657, 0.78046],
    [0.00727, 0.01420, 0.02907, 0.04501, 0.06777, 0.09244, 0.12239, 0.15422, 0.18963, 0.22625, 0.26470, 0.30390, 0.34381, 0.38366, 0.42321, 0.46204, 0.50000, 0.53676, 0.57222, 0.60618, 0.63856, 0.66925, 0.69822, 0.72542, 0.75087],
    [0.00533, 0.01107, 0.02313, 0.03659, 0.05603, 0.07754, 0.10409, 0.13286, 0.16517, 0.19907, 0.23506, 0.27222, 0.31034, 0.34883, 0.38739, 0.42559, 0.46324, 0.50000, 0.53574, 0.57023, 0.60336, 0.63501, 0.66510, 0.69356, 0.72038],
    [0.00437, 0.00871, 0.01861, 0.02979, 0.04633, 0.06492, 0.08829, 0.11411, 0.14338, 0.17457, 0.20802, 0.24297, 0.27919, 0.31609, 0.35341, 0.39071, 0.42778, 0.46426, 0.50000, 0.53475, 0.56838, 0.60073, 0.63171, 0.66122, 0.68921],
    [0.00321, 0.00678, 0.01478, 0.02411, 0.03811, 0.05417, 0.07465, 0.09770, 0.12409, 0.15259, 0.18352, 0.21619, 0.25037, 0.28552, 0.32141, 0.35759, 0.39382, 0.42977, 0.46525, 0.50000, 0.53387, 0.56667, 0.59830, 0.62864, 0.65760],
    [0.00263, 0.00534, 0.01186, 0.01956, 0.03136, 0.04512, 0.06298, 0.08342, 0.10706, 0.13297, 0.16138, 0.19174, 0.22381, 0.25710, 0.29138, 0.32624, 0.36144, 0.39664, 0.43162, 0.46613, 0.50000, 0.53303, 0.56508, 0.59603, 0.62576],
    [0.00193, 0.00415, 0.00938, 0.01578, 0.02568, 0.03746, 0.05297, 0.07102, 0.09209, 0.11552, 0.14151, 0.16956, 0.19946, 0.23083, 0.26336, 0.29677, 0.33075, 0.36499, 0.39927, 0.43333, 0.46697, 0.50000, 0.53226, 0.56360, 0.59391],
    [0.00158, 0.00325, 0.00752, 0.01274, 0.02104, 0.03106, 0.04447, 0.06032, 0.07902, 0.10009, 0.12371, 0.14949, 0.17724, 0.20661, 0.23735, 0.26916, 0.30178, 0.33490, 0.36829, 0.40170, 0.43492, 0.46774, 0.50000, 0.53153, 0.56221],
    [0.00116, 0.00254, 0.00593, 0.01025, 0.01717, 0.02568, 0.03724, 0.05109, 0.06760, 0.08647, 0.10786, 0.13144, 0.15705, 0.18441, 0.21331, 0.24343, 0.27458, 0.30644, 0.33878, 0.37136, 0.40397, 0.43640, 0.46847, 0.50000, 0.53086],
    [0.00095, 0.00198, 0.00473, 0.00826, 0.01400, 0.02121, 0.03113, 0.04318, 0.05770, 0.07450, 0.09378, 0.11524, 0.13877, 0.16414, 0.19117, 0.21954, 0.24913, 0.27962, 0.31079, 0.34240, 0.37424, 0.40609, 0.43779, 0.46914, 0.50000],
];

/// Post-Crawford: `POST[i]` = the match winning chance of the trailer `i + 1`
/// away against a leader 1 away, as the file gives it (gnubg uses the
/// first 24 and computes the 25th).
#[rustfmt::skip]
static POST: [f32; LENGTH] = [
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953, 0.065161, 0.042069, 0.039060, 0.025371, 0.023428, 0.015304, 0.014050, 0.009240, 0.008420, 0.005560, 0.005050, 0.003360, 0.003030, 0.002030, 0.001820, 0.001230,
];

/// The post-Crawford table as gnubg holds it: the file's first 24 entries,
/// the 25th computed from them (a 0.25 gammon rate, no free drop past
/// 4-away), as gnubg extends a table from its length − 1.
fn post_crawford(away: usize) -> f32 {
    if away + 1 < LENGTH {
        return POST[away];
    }
    let rate = 0.25_f32;
    rate * 0.5 * POST[away - 4] + (1.0 - rate) * 0.5 * POST[away - 2]
}

/// The match state a conversion is made at (gnubg's cube information).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Score {
    /// Match length (≤ [`LENGTH`]).
    pub(crate) length: u32,
    /// Points of the first and the second player before the game.
    pub(crate) score: [u32; 2],
    /// The cube value.
    pub(crate) cube: u32,
    /// The player the conversion is for (0 = first).
    pub(crate) mover: usize,
    /// The game is the Crawford game.
    pub(crate) crawford: bool,
}

/// Whether the table covers a match of `length` points.
pub(crate) fn covers(length: u32) -> bool {
    (1..=LENGTH as u32).contains(&length)
}

/// gnubg's `getME`: `player`'s match winning chance if `winner` wins
/// `points` more.
pub(crate) fn match_equity(s: &Score, player: usize, points: u32, winner: usize) -> f32 {
    let length = i64::from(s.length);
    let away0 = length - (i64::from(s.score[0]) + i64::from(winner == 0) * i64::from(points)) - 1;
    let away1 = length - (i64::from(s.score[1]) + i64::from(winner == 1) * i64::from(points)) - 1;
    if away0 < 0 {
        return if player == 1 { 0.0 } else { 1.0 };
    }
    if away1 < 0 {
        return if player == 1 { 1.0 } else { 0.0 };
    }
    let (n0, n1) = (away0 as usize, away1 as usize);
    let one_away = |score: u32| s.length - score == 1;
    let post = s.crawford || one_away(s.score[0]) || one_away(s.score[1]);
    table_equity(n0, n1, post, player)
}

/// `player`'s match winning chance with `n0` and `n1` points to go after
/// the next one: the post-Crawford table when `post`, else the table
/// before it.
fn table_equity(n0: usize, n1: usize, post: bool, player: usize) -> f32 {
    if post {
        if n0 == 0 {
            let p = post_crawford(n1);
            if player == 1 { p } else { 1.0 - p }
        } else {
            let p = post_crawford(n0);
            if player == 1 { 1.0 - p } else { p }
        }
    } else if player == 1 {
        1.0 - PRE[n0][n1]
    } else {
        PRE[n0][n1]
    }
}

/// gnubg's `getMEAtScore`: `player`'s match winning chance at the score. A
/// score that has reached the length (a damaged record's) is a match won,
/// as in [`match_equity`].
pub(crate) fn equity_at_score(s: &Score, player: usize) -> f32 {
    let away = |score: u32| s.length.checked_sub(score)?.checked_sub(1);
    let (Some(n0), Some(n1)) = (away(s.score[0]), away(s.score[1])) else {
        let first_won = s.score[0] >= s.length;
        return if (player == 0) == first_won { 1.0 } else { 0.0 };
    };
    let (n0, n1) = (n0 as usize, n1 as usize);
    table_equity(n0, n1, !s.crawford && (n0 == 0 || n1 == 0), player)
}

/// The mover's match winning chances if he wins and if he loses the cube.
pub(crate) fn win_lose(s: &Score) -> (f32, f32) {
    let win = match_equity(s, s.mover, s.cube, s.mover);
    let lose = match_equity(s, s.mover, s.cube, 1 - s.mover);
    (win, lose)
}

/// gnubg's `eq2mwc`: the mover's MWC (a fraction) of a normalised equity
/// (the statistics use [`mwc_cost`], which looks the table up once).
#[cfg(test)]
fn eq2mwc(equity: f32, s: &Score) -> f32 {
    mwc_of(equity, win_lose(s))
}

/// `eq2mwc` with the mover's chances if he wins and loses the cube.
fn mwc_of(equity: f32, (win, lose): (f32, f32)) -> f32 {
    0.5 * (equity * (win - lose) + (win + lose))
}

/// gnubg's `mwc2eq`: the normalised equity of the mover's MWC (a fraction)
/// (the statistics use [`equity_of`] with the chances looked up once).
#[cfg(test)]
fn mwc2eq(mwc: f32, s: &Score) -> f32 {
    equity_of(mwc, win_lose(s))
}

/// `mwc2eq` with the mover's chances if he wins and loses the cube
/// ([`win_lose`], looked up once for several conversions at one score).
pub(crate) fn equity_of(mwc: f32, (win, lose): (f32, f32)) -> f32 {
    (2.0 * mwc - (win + lose)) / (win - lose)
}

/// The cost in MWC (a fraction) of an equity error at the score whose
/// chances ([`win_lose`]) are `chances`, as gnubg reckons it:
/// `eq2mwc(error) − eq2mwc(0)`.
pub(crate) fn mwc_cost(error: f32, chances: (f32, f32)) -> f32 {
    mwc_of(error, chances) - mwc_of(0.0, chances)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(length: u32, score: [u32; 2], cube: u32, mover: usize, crawford: bool) -> Score {
        Score {
            length,
            score,
            cube,
            mover,
            crawford,
        }
    }

    #[test]
    fn the_table_is_kazaross_xg2_with_the_25th_post_crawford_entry_computed() {
        assert_eq!(PRE[0][1], 0.67736);
        assert_eq!(PRE[1][0], 1.0 - 0.67736_f32);
        assert_eq!(post_crawford(1), 0.48803);
        assert_eq!(post_crawford(24), 0.001_181_25);
    }

    #[test]
    fn equity_and_mwc_convert_both_ways_at_a_score() {
        // 5-point match, 0-0, cube 1: winning 1 point leaves 4-away v 5-away.
        let s = at(5, [0, 0], 1, 0, false);
        assert_eq!(match_equity(&s, 0, 1, 0), PRE[3][4]);
        assert_eq!(match_equity(&s, 0, 1, 1), PRE[4][3]);
        assert_eq!(eq2mwc(1.0, &s), PRE[3][4]);
        assert!((eq2mwc(0.0, &s) - 0.5).abs() < 1e-6);
        assert!((mwc2eq(eq2mwc(0.3, &s), &s) - 0.3).abs() < 1e-5);
        // The second player's view mirrors the first's.
        let t = at(5, [0, 0], 1, 1, false);
        assert!((eq2mwc(0.3, &t) - eq2mwc(0.3, &s)).abs() < 1e-6);
        // Winning the match is certain.
        let end = at(3, [2, 1], 1, 0, false);
        assert_eq!(match_equity(&end, 0, 1, 0), 1.0);
        assert_eq!(match_equity(&end, 1, 1, 0), 0.0);
        assert!(mwc_cost(-0.1, win_lose(&s)) < 0.0);
    }

    #[test]
    fn post_crawford_scores_read_the_post_crawford_table() {
        // 5-point match, 4-2 after the Crawford game: the trailer is 3 away.
        let s = at(5, [4, 2], 1, 1, false);
        assert_eq!(equity_at_score(&s, 1), POST[2]);
        assert_eq!(equity_at_score(&s, 0), 1.0 - POST[2]);
        // The Crawford game itself: the pre-Crawford table at the score.
        let c = at(5, [4, 2], 1, 1, true);
        assert_eq!(equity_at_score(&c, 0), PRE[0][2]);
    }

    /// A score at or past the length (a damaged record's; found by fuzzing)
    /// is a match won, not an overflow.
    #[test]
    fn a_score_past_the_length_is_a_match_won() {
        for score in [[5, 2], [7, 0], [u32::MAX, 1]] {
            let s = at(5, score, 1, 0, false);
            assert_eq!(equity_at_score(&s, 0), 1.0);
            assert_eq!(equity_at_score(&s, 1), 0.0);
            let s = at(5, [score[1], score[0]], 1, 0, false);
            assert_eq!(equity_at_score(&s, 0), 0.0);
            assert_eq!(equity_at_score(&s, 1), 1.0);
        }
    }
}
