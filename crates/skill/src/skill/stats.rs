//! One player's sums and the statistics made of them, with GNU Backgammon's
//! definitions and arithmetic (see [`super::gnubg`]).
//!
//! Units, as gnubg prints them:
//! - `*_emg`: normalised equity (EMG), summed; negative = equity lost (a
//!   luck total is positive when lucky);
//! - `*_mwc`: match winning chances in percent (match play only, `null` in
//!   money play);
//! - `*_points`: points (money play only, `null` in match play): gnubg's
//!   `EMG (Points)` columns, the error times the cube;
//! - `*_rate_memg`: thousandths of EMG per decision (`mEMG`); the rates in
//!   MWC or points are per decision in the same unit as their totals.
//!
//! A tally that sums money sessions and matches (a folder) gives
//! `unit: "mixed"` and neither MWC nor points.

use serde::Serialize;

use super::gnubg::{self, Game, Pair, Sums};
use super::{Context, Decision};
use crate::side::Side;

/// One player's sums over any number of analysed decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Checker plays counted (gnubg's "Total moves").
    pub moves: u32,
    /// The game in progress.
    game: Game,
    /// The games ended.
    done: Pair,
    /// The match length of the decisions (0 = money), while all agree.
    length: Option<u32>,
    /// Decisions of matches of different lengths were summed.
    mixed_lengths: bool,
    /// Both money and match decisions were summed.
    mixed_units: bool,
    /// A match longer than gnubg's table covers: no MWC.
    beyond_table: bool,
}

impl Tally {
    /// Adds the part of `decision` that is `player`'s (and what of his
    /// opponent's his figures need: the opponent's moves for the Snowie
    /// rate, his luck for the luck-adjusted result).
    pub fn add(&mut self, context: &Context, decision: &Decision, player: Side) {
        self.see_length(context.length);
        if !gnubg::supported(context) {
            self.beyond_table = true;
            if let Decision::Chequer { player: p, .. } = decision
                && *p == player
            {
                self.moves += 1;
            }
            return;
        }
        if let Decision::Chequer { player: p, .. } = decision
            && *p == player
        {
            self.moves += 1;
        }
        self.game.add(context, decision, player);
        if let Decision::GameEnd { .. } = decision {
            // The luck list's buffer is kept for the next game.
            let mut luck = std::mem::take(&mut self.game.luck);
            let game = std::mem::take(&mut self.game);
            self.done.add_game(&game.pair);
            luck.clear();
            self.game.luck = luck;
        }
    }

    /// Counts `decision` if it is a checker play of `player`, and nothing
    /// else: the tally of the opponent of a player whose tally is kept, to
    /// be completed by [`Tally::mirrored`].
    pub fn count_move(&mut self, decision: &Decision, player: Side) {
        if let Decision::Chequer { player: p, .. } = decision
            && *p == player
        {
            self.moves += 1;
        }
    }

    /// The tally of the opponent of this tally's player, who made `moves`
    /// checker plays: gnubg's sums are kept for both players alike, so the
    /// opponent's are the same sums with the players swapped (the same
    /// figures as adding every decision to a tally of his own).
    #[must_use]
    pub fn mirrored(&self, moves: u32) -> Tally {
        let game = &self.game;
        Tally {
            moves,
            game: Game {
                pair: game.pair.mirrored(),
                luck: game.luck.iter().map(|&(s, r)| (1 - s, r)).collect(),
                beaver: game.beaver.clone(),
                after_beaver: game.after_beaver,
                open: game.open,
                chances: Default::default(),
            },
            done: self.done.mirrored(),
            length: self.length,
            mixed_lengths: self.mixed_lengths,
            mixed_units: self.mixed_units,
            beyond_table: self.beyond_table,
        }
    }

    fn see_length(&mut self, length: u32) {
        match self.length {
            None => self.length = Some(length),
            Some(l) if l == length => {}
            Some(l) => {
                if (l == 0) != (length == 0) {
                    self.mixed_units = true;
                }
                self.mixed_lengths = true;
            }
        }
    }

    /// The ended games with the game in progress (if any) ended unfinished.
    fn closed(&self) -> Pair {
        let mut pair = self.done.clone();
        if self.game.open {
            let mut game = self.game.clone();
            game.finish([0.0; 2]);
            pair.add_game(&game.pair);
        }
        pair
    }

    /// Adds another tally of the same player (sums: a rate of the result is
    /// total over total).
    pub fn merge(&mut self, other: &Tally) {
        if self.is_empty() {
            *self = other.clone();
            return;
        }
        if other.is_empty() {
            return;
        }
        let mut pair = self.closed();
        pair.add_pair(&other.closed());
        self.done = pair;
        self.game = Game::default();
        self.moves += other.moves;
        if let Some(l) = other.length {
            self.see_length(l);
        }
        self.mixed_lengths |= other.mixed_lengths;
        self.mixed_units |= other.mixed_units;
        self.beyond_table |= other.beyond_table;
    }

    fn is_empty(&self) -> bool {
        self.length.is_none() && self.done.games == 0 && !self.game.open
    }

    /// The statistics of the sums.
    #[must_use]
    pub fn statistics(&self) -> Statistics {
        let pair = self.closed();
        let unit = if self.mixed_units || self.beyond_table {
            Unit::Mixed
        } else if self.length == Some(0) {
            Unit::Points
        } else {
            Unit::Mwc
        };
        let length = if self.mixed_lengths {
            None
        } else {
            self.length
        };
        build(&pair, unit, length.filter(|&l| l > 0))
    }
}

/// What the second figure of an error or luck total is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Match play: match winning chances, in percent (`*_mwc`).
    #[default]
    Mwc,
    /// Money play: points (`*_points`).
    Points,
    /// Money and match play summed, or a match longer than the table:
    /// neither.
    Mixed,
}

/// The statistics of one player, as GNU Backgammon's `show statistics
/// match` gives them (see the module's documentation for the units).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Statistics {
    /// The unit of the second figures.
    pub unit: Unit,
    /// Games summed.
    pub games: u32,
    /// Checker play.
    pub checker: Checker,
    /// Cube decisions.
    pub cube: Cube,
    /// Luck.
    pub luck: Luck,
    /// Checker play and cube together, results and ratings.
    pub overall: Overall,
}

/// Checker-play statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Checker {
    /// Checker plays (gnubg: "Total moves", a dance included).
    pub moves: u32,
    /// Plays with a choice ("Unforced moves").
    pub unforced: u32,
    /// Plays not marked (forced ones and those not analysed included).
    pub unmarked: u32,
    /// Plays marked doubtful (lost more than 0.03 EMG).
    pub doubtful: u32,
    /// Marked bad (more than 0.06).
    pub bad: u32,
    /// Marked very bad (more than 0.12).
    pub very_bad: u32,
    /// Equity lost on unforced plays, EMG (≤ 0).
    #[serde(serialize_with = "json_f32")]
    pub error_emg: f32,
    /// The same in MWC, percent.
    #[serde(serialize_with = "json_opt_f32")]
    pub error_mwc: Option<f32>,
    /// The same in points (money).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_points: Option<f32>,
    /// Per unforced play, mEMG.
    #[serde(serialize_with = "json_f32")]
    pub error_rate_memg: f32,
    /// Per unforced play, MWC percent.
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_mwc: Option<f32>,
    /// Per unforced play, points.
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_points: Option<f32>,
    /// gnubg's rating word; `None` without an unforced play ("n/a").
    pub rating: Option<&'static str>,
}

/// Cube statistics. Each error class: its count, then its EMG and MWC (or
/// points) totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Cube {
    /// Cube decisions analysed ("Total cube decisions").
    pub decisions: u32,
    /// "Close or actual cube decisions": doubles, takes, passes, and the
    /// decisions not to double where doubling would have lost less than 0.16.
    pub close: u32,
    /// Doubles (and redoubles).
    pub doubles: u32,
    /// Takes.
    pub takes: u32,
    /// Passes.
    pub passes: u32,
    /// Missed doubles below the cash point.
    pub missed_double_below_cp: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub missed_double_below_cp_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub missed_double_below_cp_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub missed_double_below_cp_points: Option<f32>,
    /// Missed doubles above the cash point.
    pub missed_double_above_cp: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub missed_double_above_cp_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub missed_double_above_cp_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub missed_double_above_cp_points: Option<f32>,
    /// Wrong doubles below the double point.
    pub wrong_double_below_dp: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub wrong_double_below_dp_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_double_below_dp_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_double_below_dp_points: Option<f32>,
    /// Wrong doubles above the too-good point.
    pub wrong_double_above_tg: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub wrong_double_above_tg_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_double_above_tg_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_double_above_tg_points: Option<f32>,
    /// Wrong takes.
    pub wrong_take: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub wrong_take_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_take_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_take_points: Option<f32>,
    /// Wrong passes.
    pub wrong_pass: u32,
    /// Its equity, EMG.
    #[serde(serialize_with = "json_f32")]
    pub wrong_pass_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_pass_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub wrong_pass_points: Option<f32>,
    /// All cube errors, EMG.
    #[serde(serialize_with = "json_f32")]
    pub error_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_points: Option<f32>,
    /// Per close cube decision, mEMG.
    #[serde(serialize_with = "json_f32")]
    pub error_rate_memg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_points: Option<f32>,
    /// gnubg's rating word; `None` without a close decision.
    pub rating: Option<&'static str>,
}

/// Luck statistics (the rolls of the player's checker plays).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Luck {
    /// Rolls marked very lucky (gnubg: luck above 0.6).
    pub very_lucky: u32,
    /// Lucky (above 0.3).
    pub lucky: u32,
    /// Not marked.
    pub unmarked: u32,
    /// Unlucky (below −0.3).
    pub unlucky: u32,
    /// Very unlucky (below −0.6).
    pub very_unlucky: u32,
    /// The luck of his rolls, EMG (> 0: lucky).
    #[serde(serialize_with = "json_f32")]
    pub total_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub total_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub total_points: Option<f32>,
    /// Per checker play, mEMG; `None` without one.
    #[serde(serialize_with = "json_opt_f32")]
    pub rate_memg: Option<f32>,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub rate_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub rate_points: Option<f32>,
    /// gnubg's luck-rating words; `None` without a checker play.
    pub rating: Option<&'static str>,
}

/// Overall statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Overall {
    /// Checker and cube errors, EMG.
    #[serde(serialize_with = "json_f32")]
    pub error_emg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_points: Option<f32>,
    /// Per decision (unforced plays and close cube decisions), mEMG.
    #[serde(serialize_with = "json_f32")]
    pub error_rate_memg: f32,
    /// Its MWC, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_mwc: Option<f32>,
    /// Its points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_rate_points: Option<f32>,
    /// Snowie's error rate: the error per checker play of both players, mEMG.
    #[serde(serialize_with = "json_opt_f32")]
    pub snowie_error_rate: Option<f32>,
    /// gnubg's rating word; `None` without a decision.
    pub rating: Option<&'static str>,
    /// eXtreme Gammon's performance rating; not a GNU Backgammon figure.
    #[serde(serialize_with = "json_opt_f32")]
    pub pr: Option<f32>,
    /// The result: MWC gained over the games, percent (match play), shown
    /// when a game was won.
    #[serde(serialize_with = "json_opt_f32")]
    pub actual_result_mwc: Option<f32>,
    /// The result in points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub actual_result_points: Option<f32>,
    /// The result less the luck, percent (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub luck_adjusted_result_mwc: Option<f32>,
    /// The same, points (money play).
    #[serde(serialize_with = "json_opt_f32")]
    pub luck_adjusted_result_points: Option<f32>,
    /// The FIBS rating difference the luck-adjusted result shows, from this
    /// player's side (gnubg prints the first player's), match play.
    #[serde(serialize_with = "json_opt_f32")]
    pub luck_based_fibs_rating_diff: Option<f32>,
    /// gnubg's estimate of an absolute FIBS rating from the error rates
    /// (match play, with a decision).
    #[serde(serialize_with = "json_opt_f32")]
    pub error_based_fibs_rating: Option<f32>,
    /// The rating lost to checker-play errors (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub chequer_rating_loss: Option<f32>,
    /// The rating lost to cube errors (match play).
    #[serde(serialize_with = "json_opt_f32")]
    pub cube_rating_loss: Option<f32>,
    /// Money, more than one game: points won per game and a 95 %
    /// confidence interval of the total.
    #[serde(serialize_with = "json_opt_f32")]
    pub advantage_ppg: Option<f32>,
    /// Its interval: the total less and plus 1.96 standard deviations.
    #[serde(serialize_with = "json_opt_pair")]
    pub advantage_interval: Option<[f32; 2]>,
    /// The same, luck adjusted.
    #[serde(serialize_with = "json_opt_f32")]
    pub luck_adjusted_ppg: Option<f32>,
    /// Its interval.
    #[serde(serialize_with = "json_opt_pair")]
    pub luck_adjusted_interval: Option<[f32; 2]>,
    /// The match length the FIBS figures are for.
    #[serde(skip)]
    pub length: Option<u32>,
}

/// An `f32` as JSON: its shortest decimal form (the digits that name it,
/// not those of its `f64` widening), a negative zero as zero.
#[must_use]
pub fn json_number(x: f32) -> f64 {
    let x = x + 0.0;
    format!("{x}").parse().unwrap_or(f64::from(x))
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn json_f32<S: serde::Serializer>(x: &f32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(json_number(*x))
}

#[allow(clippy::ref_option)]
fn json_opt_f32<S: serde::Serializer>(x: &Option<f32>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => s.serialize_some(&json_number(*x)),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
fn json_opt_pair<S: serde::Serializer>(x: &Option<[f32; 2]>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some([a, b]) => s.serialize_some(&[json_number(*a), json_number(*b)]),
        None => s.serialize_none(),
    }
}

/// A cost total in the unit: (MWC percent, points).
fn split(unit: Unit, x: f32) -> (Option<f32>, Option<f32>) {
    match unit {
        Unit::Mwc => (Some(x * 100.0), None),
        Unit::Points => (None, Some(x)),
        Unit::Mixed => (None, None),
    }
}

fn build(pair: &Pair, unit: Unit, length: Option<u32>) -> Statistics {
    let me: &Sums = &pair.sums[0];
    let opp: &Sums = &pair.sums[1];
    let e = gnubg::errors(me);
    let neg = |x: f32| -x;

    let (error_mwc, error_points) = split(unit, neg(e.chequer[0][1]));
    let (rate_mwc, rate_points) = split(unit, neg(e.chequer[1][1]));
    let checker = Checker {
        moves: me.total_moves,
        unforced: me.unforced,
        unmarked: me.marks[0],
        doubtful: me.marks[1],
        bad: me.marks[2],
        very_bad: me.marks[3],
        error_emg: neg(e.chequer[0][0]),
        error_mwc,
        error_points,
        error_rate_memg: 1000.0 * neg(e.chequer[1][0]),
        error_rate_mwc: rate_mwc,
        error_rate_points: rate_points,
        rating: (me.unforced > 0).then(|| gnubg::rating(e.chequer[1][0])),
    };

    let class = |k: usize| {
        let (mwc, points) = split(unit, neg(me.cube[k][1]));
        (me.cube_n[k], neg(me.cube[k][0]), mwc, points)
    };
    let (error_mwc, error_points) = split(unit, neg(e.cube[0][1]));
    let (rate_mwc, rate_points) = split(unit, neg(e.cube[1][1]));
    let c: Vec<_> = (0..6).map(class).collect();
    let cube = Cube {
        decisions: me.total_cube,
        close: me.close_cube,
        doubles: me.doubles,
        takes: me.takes,
        passes: me.passes,
        missed_double_below_cp: c[0].0,
        missed_double_below_cp_emg: c[0].1,
        missed_double_below_cp_mwc: c[0].2,
        missed_double_below_cp_points: c[0].3,
        missed_double_above_cp: c[1].0,
        missed_double_above_cp_emg: c[1].1,
        missed_double_above_cp_mwc: c[1].2,
        missed_double_above_cp_points: c[1].3,
        wrong_double_below_dp: c[2].0,
        wrong_double_below_dp_emg: c[2].1,
        wrong_double_below_dp_mwc: c[2].2,
        wrong_double_below_dp_points: c[2].3,
        wrong_double_above_tg: c[3].0,
        wrong_double_above_tg_emg: c[3].1,
        wrong_double_above_tg_mwc: c[3].2,
        wrong_double_above_tg_points: c[3].3,
        wrong_take: c[4].0,
        wrong_take_emg: c[4].1,
        wrong_take_mwc: c[4].2,
        wrong_take_points: c[4].3,
        wrong_pass: c[5].0,
        wrong_pass_emg: c[5].1,
        wrong_pass_mwc: c[5].2,
        wrong_pass_points: c[5].3,
        error_emg: neg(e.cube[0][0]),
        error_mwc,
        error_points,
        error_rate_memg: 1000.0 * neg(e.cube[1][0]),
        error_rate_mwc: rate_mwc,
        error_rate_points: rate_points,
        rating: (me.close_cube > 0).then(|| gnubg::rating(e.cube[1][0])),
    };

    let (total_mwc, total_points) = split(unit, me.luck[1]);
    let moves = me.total_moves;
    let rate = |x: f32| x / moves as f32;
    let (rate_mwc, rate_points) = if moves > 0 {
        split(unit, rate(me.luck[1]))
    } else {
        (None, None)
    };
    let luck = Luck {
        very_lucky: me.luck_n[4],
        lucky: me.luck_n[3],
        unmarked: me.luck_n[2],
        unlucky: me.luck_n[1],
        very_unlucky: me.luck_n[0],
        total_emg: me.luck[0],
        total_mwc,
        total_points,
        rate_memg: (moves > 0).then(|| 1000.0 * rate(me.luck[0])),
        rate_mwc,
        rate_points,
        rating: (moves > 0).then(|| gnubg::luck_rating(rate(me.luck[0]))),
    };

    let (error_mwc, error_points) = split(unit, neg(e.overall[0][1]));
    let (rate_mwc, rate_points) = split(unit, neg(e.overall[1][1]));
    let both = me.total_moves + opp.total_moves;
    let decided = me.unforced + me.close_cube;
    let shown = me.actual > 0.0 || opp.actual > 0.0;
    let matchplay = unit == Unit::Mwc;
    let money = unit == Unit::Points;
    let fibs = |f: &dyn Fn(u32) -> f32, any: bool| length.filter(|_| matchplay && any).map(f);
    let luck_fibs = || {
        let r = 0.5 + me.actual - me.luck[1] + opp.luck[1];
        (r > 0.0 && r < 1.0)
            .then(|| length.map(|n| gnubg::relative_fibs_rating(r, n)))
            .flatten()
    };
    let ppg = |total: f32, variance: f32| {
        let games = pair.games as f32;
        let ci = 1.95996 * (variance / games).sqrt();
        (total / games, [total - ci, total + ci])
    };
    let with_ppg = money && pair.games > 1;
    let (adv, adv_ci) = ppg(me.actual, me.var_actual);
    let (adj, adj_ci) = ppg(me.luck_adj, me.var_luck_adj);
    let overall = Overall {
        error_emg: neg(e.overall[0][0]),
        error_mwc,
        error_points,
        error_rate_memg: 1000.0 * neg(e.overall[1][0]),
        error_rate_mwc: rate_mwc,
        error_rate_points: rate_points,
        snowie_error_rate: (both > 0).then(|| 1000.0 * (neg(e.overall[0][0]) / both as f32)),
        rating: (decided > 0).then(|| gnubg::rating(e.overall[1][0])),
        pr: None,
        actual_result_mwc: (shown && matchplay).then_some(100.0 * me.actual),
        actual_result_points: (shown && money).then_some(me.actual),
        luck_adjusted_result_mwc: (shown && matchplay).then_some(100.0 * me.luck_adj),
        luck_adjusted_result_points: (shown && money).then_some(me.luck_adj),
        luck_based_fibs_rating_diff: if shown && matchplay {
            luck_fibs()
        } else {
            None
        },
        error_based_fibs_rating: fibs(
            &|n| gnubg::absolute_fibs_rating(e.chequer[1][0], e.cube[1][0], n),
            decided > 0,
        ),
        chequer_rating_loss: fibs(
            &|n| gnubg::chequer_rating_loss(e.chequer[1][0], n),
            me.unforced > 0,
        ),
        cube_rating_loss: fibs(
            &|n| gnubg::cube_rating_loss(e.cube[1][0], n),
            me.close_cube > 0,
        ),
        advantage_ppg: with_ppg.then_some(adv),
        advantage_interval: with_ppg.then_some(adv_ci),
        luck_adjusted_ppg: with_ppg.then_some(adj),
        luck_adjusted_interval: with_ppg.then_some(adj_ci),
        length,
    };
    Statistics {
        unit,
        games: pair.games,
        checker,
        cube,
        luck,
        overall,
    }
}

/// `printf("%+W.Pf")` (or `%W.Pf` without `plus`) of an `f32` as C prints
/// it (the value widened to `f64`, the sign of a negative zero kept).
fn c_fixed(x: f32, plus: bool, width: usize, precision: usize) -> String {
    let x = f64::from(x);
    let body = format!("{:.precision$}", x.abs());
    let sign = if x.is_sign_negative() {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    format!("{:>width$}", format!("{sign}{body}"))
}

/// One printed cell of gnubg's statistics: its section, its row label and
/// the cell's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// `Chequerplay statistics`, `Luck statistics`, `Cube statistics`,
    /// `Overall statistics`.
    pub section: &'static str,
    /// The row label as gnubg prints it.
    pub row: String,
    /// The cell's text as gnubg prints it.
    pub text: String,
}

/// The cells GNU Backgammon 1.07 prints for this player in `show
/// statistics match` (English), in its order. The luck-based FIBS rating
/// difference is given from this player's side; gnubg prints it for the
/// first player only (the second's cell is empty).
#[must_use]
pub fn gnubg_cells(s: &Statistics) -> Vec<Cell> {
    let mut cells = Vec::new();
    let matchplay = s.unit != Unit::Points;
    let total = if matchplay {
        "EMG (MWC)"
    } else {
        "EMG (Points)"
    };
    let rate = if matchplay {
        "mEMG (MWC)"
    } else {
        "mEMG (Points)"
    };
    let second = |mwc: Option<f32>, points: Option<f32>| {
        if matchplay {
            mwc.unwrap_or(f32::NAN)
        } else {
            points.unwrap_or(f32::NAN)
        }
    };
    let pct = if matchplay { "%" } else { "" };
    // gnubg's errorRate: "     %+6.3f (%+7.3f%%)".
    let error_total = |emg: f32, other: f32| {
        format!(
            "     {} ({}{pct})",
            c_fixed(emg, true, 6, 3),
            c_fixed(other, true, 7, 3)
        )
    };
    // errorRateMP: "   %+6.1f   (%+7.3f%%)".
    let error_rate = |memg: f32, other: f32| {
        format!(
            "   {}   ({}{pct})",
            c_fixed(memg, true, 6, 1),
            c_fixed(other, true, 7, 3)
        )
    };
    let mut push = |section: &'static str, row: &str, text: String| {
        cells.push(Cell {
            section,
            row: row.to_owned(),
            text,
        });
    };
    let count = |n: u32| format!("{n:3}");
    let word = |w: Option<&str>| w.unwrap_or("n/a").to_owned();

    let c = &s.checker;
    let sec = "Chequerplay statistics";
    push(sec, "Total moves", count(c.moves));
    push(sec, "Unforced moves", count(c.unforced));
    push(sec, "Unmarked moves", count(c.unmarked));
    push(sec, "Moves marked doubtful", count(c.doubtful));
    push(sec, "Moves marked bad", count(c.bad));
    push(sec, "Moves marked very bad", count(c.very_bad));
    push(
        sec,
        &format!("Error total {total}"),
        error_total(c.error_emg, second(c.error_mwc, c.error_points)),
    );
    push(
        sec,
        &format!("Error rate {rate}"),
        error_rate(
            c.error_rate_memg,
            second(c.error_rate_mwc, c.error_rate_points),
        ),
    );
    push(sec, "Chequerplay rating", word(c.rating));

    let l = &s.luck;
    let sec = "Luck statistics";
    push(sec, "Rolls marked very lucky", count(l.very_lucky));
    push(sec, "Rolls marked lucky", count(l.lucky));
    push(sec, "Rolls unmarked", count(l.unmarked));
    push(sec, "Rolls marked unlucky", count(l.unlucky));
    push(sec, "Rolls marked very unlucky", count(l.very_unlucky));
    push(
        sec,
        &format!("Luck total {total}"),
        error_total(l.total_emg, second(l.total_mwc, l.total_points)),
    );
    push(
        sec,
        &format!("Luck rate {rate}"),
        match l.rate_memg {
            Some(memg) => error_rate(memg, second(l.rate_mwc, l.rate_points)),
            None => "n/a".to_owned(),
        },
    );
    push(sec, "Luck rating", word(l.rating));

    let k = &s.cube;
    let sec = "Cube statistics";
    push(sec, "Total cube decisions", count(k.decisions));
    push(sec, "Close or actual cube decisions", count(k.close));
    push(sec, "Doubles", count(k.doubles));
    push(sec, "Takes", count(k.takes));
    push(sec, "Passes", count(k.passes));
    let classes = [
        (
            "Missed doubles below CP",
            k.missed_double_below_cp,
            k.missed_double_below_cp_emg,
            second(
                k.missed_double_below_cp_mwc,
                k.missed_double_below_cp_points,
            ),
        ),
        (
            "Missed doubles above CP",
            k.missed_double_above_cp,
            k.missed_double_above_cp_emg,
            second(
                k.missed_double_above_cp_mwc,
                k.missed_double_above_cp_points,
            ),
        ),
        (
            "Wrong doubles below DP",
            k.wrong_double_below_dp,
            k.wrong_double_below_dp_emg,
            second(k.wrong_double_below_dp_mwc, k.wrong_double_below_dp_points),
        ),
        (
            "Wrong doubles above TG",
            k.wrong_double_above_tg,
            k.wrong_double_above_tg_emg,
            second(k.wrong_double_above_tg_mwc, k.wrong_double_above_tg_points),
        ),
        (
            "Wrong takes",
            k.wrong_take,
            k.wrong_take_emg,
            second(k.wrong_take_mwc, k.wrong_take_points),
        ),
        (
            "Wrong passes",
            k.wrong_pass,
            k.wrong_pass_emg,
            second(k.wrong_pass_mwc, k.wrong_pass_points),
        ),
    ];
    for (name, n, emg, other) in classes {
        // cubeEntry: "%3d (%+6.3f (%+7.3f%%))".
        let text = if n == 0 {
            "  0".to_owned()
        } else {
            format!(
                "{n:3} ({} ({}{pct}))",
                c_fixed(emg, true, 6, 3),
                c_fixed(other, true, 7, 3)
            )
        };
        push(sec, &format!("{name} ({total})"), text);
    }
    push(
        sec,
        &format!("Error total {total}"),
        error_total(k.error_emg, second(k.error_mwc, k.error_points)),
    );
    push(
        sec,
        &format!("Error rate {rate}"),
        error_rate(
            k.error_rate_memg,
            second(k.error_rate_mwc, k.error_rate_points),
        ),
    );
    push(sec, "Cube decision rating", word(k.rating));

    let o = &s.overall;
    let sec = "Overall statistics";
    push(
        sec,
        &format!("Error total {total}"),
        error_total(o.error_emg, second(o.error_mwc, o.error_points)),
    );
    push(
        sec,
        &format!("Error rate {rate}"),
        error_rate(
            o.error_rate_memg,
            second(o.error_rate_mwc, o.error_rate_points),
        ),
    );
    push(
        sec,
        "Snowie error rate",
        match o.snowie_error_rate {
            Some(memg) => error_rate(memg, 0.0),
            None => "n/a".to_owned(),
        },
    );
    push(sec, "Overall rating", word(o.rating));
    if matchplay {
        if let (Some(actual), Some(adjusted)) = (o.actual_result_mwc, o.luck_adjusted_result_mwc) {
            push(
                sec,
                "Actual result",
                format!("{}%", c_fixed(actual, true, 7, 2)),
            );
            push(
                sec,
                "Luck adjusted result",
                format!("{}%", c_fixed(adjusted, true, 7, 2)),
            );
            push(
                sec,
                "Luck based FIBS rating diff.",
                o.luck_based_fibs_rating_diff
                    .map_or_else(|| "n/a".to_owned(), |x| c_fixed(x, true, 7, 2)),
            );
        }
        let fibs = |x: Option<f32>| x.map_or_else(|| "n/a".to_owned(), |x| c_fixed(x, false, 6, 1));
        if o.length.is_some() {
            push(
                sec,
                "Error based abs. FIBS rating",
                fibs(o.error_based_fibs_rating),
            );
            push(
                sec,
                "Chequerplay errors rating loss",
                fibs(o.chequer_rating_loss),
            );
            push(sec, "Cube errors rating loss", fibs(o.cube_rating_loss));
        }
    } else {
        if let (Some(actual), Some(adjusted)) =
            (o.actual_result_points, o.luck_adjusted_result_points)
        {
            push(sec, "Actual result", c_fixed(actual, true, 7, 3));
            push(sec, "Luck adjusted result", c_fixed(adjusted, true, 7, 3));
        }
        let interval = |i: [f32; 2]| {
            format!(
                "[{},{}]",
                c_fixed(i[0], false, 6, 3),
                c_fixed(i[1], false, 6, 3)
            )
        };
        if let (Some(adv), Some(ci)) = (o.advantage_ppg, o.advantage_interval) {
            push(sec, "Advantage (actual) in ppg", c_fixed(adv, true, 6, 3));
            push(sec, "95% confidence interval (ppg)", interval(ci));
        }
        if let (Some(adj), Some(ci)) = (o.luck_adjusted_ppg, o.luck_adjusted_interval) {
            push(
                sec,
                "Advantage (luck adjusted) in ppg",
                c_fixed(adj, true, 6, 3),
            );
            push(sec, "95% confidence interval (ppg)", interval(ci));
        }
    }
    cells
}

#[cfg(test)]
mod tests;
