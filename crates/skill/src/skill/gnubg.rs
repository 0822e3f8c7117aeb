//! GNU Backgammon 1.07's statistics of an analysed match (`show statistics
//! match`), computed as gnubg computes them: its definitions (what a
//! missed double, a close cube decision, a marked move is) and its
//! arithmetic (sums kept in `f32` per game and added game by game, the
//! order of its additions, its reciprocal square root), so that every
//! printed digit agrees.

use super::met::{self, Score};
use super::{Context, CubeAction, Decision, LuckClass};
use crate::side::Side;

/// gnubg's thresholds for marking a checker play (EMG lost).
pub(crate) const DOUBTFUL: f32 = 0.03;
/// Bad.
pub(crate) const BAD: f32 = 0.06;
/// Very bad.
pub(crate) const VERY_BAD: f32 = 0.12;

/// gnubg's error-rate thresholds (EMG per decision) of its rating words,
/// best first.
const RATINGS: [(f32, &str); 7] = [
    (0.002, "Supernatural"),
    (0.005, "World class"),
    (0.008, "Expert"),
    (0.012, "Advanced"),
    (0.018, "Intermediate"),
    (0.026, "Casual player"),
    (0.035, "Beginner"),
];

/// gnubg's rating word of an error rate (EMG per decision, ≥ 0).
#[must_use]
pub fn rating(rate: f32) -> &'static str {
    if rate.is_nan() || rate >= 1e38 {
        return "N/A";
    }
    RATINGS
        .iter()
        .find(|(limit, _)| rate < *limit)
        .map_or("Awful!", |(_, word)| word)
}

/// gnubg's luck-rating words of a luck rate (EMG per roll).
#[must_use]
pub fn luck_rating(rate: f32) -> &'static str {
    let r = rate * 10.0;
    if r > 0.6 {
        "Go to Las Vegas"
    } else if r > 0.3 {
        "Good dice, man!"
    } else if r < -0.6 {
        "Go to bed"
    } else if r < -0.3 {
        "Bad dice, man!"
    } else {
        "None"
    }
}

/// The mark gnubg gives a checker play losing `error` (≤ 0) EMG: 0 none,
/// 1 doubtful, 2 bad, 3 very bad.
#[must_use]
pub fn mark(error: f32) -> usize {
    if error < -VERY_BAD {
        3
    } else if error < -BAD {
        2
    } else if error < -DOUBTFUL {
        1
    } else {
        0
    }
}

/// The cube-error classes, in gnubg's order.
pub(crate) const MISSED_BELOW_CP: usize = 0;
pub(crate) const MISSED_ABOVE_CP: usize = 1;
pub(crate) const WRONG_BELOW_DP: usize = 2;
pub(crate) const WRONG_ABOVE_TG: usize = 3;
pub(crate) const WRONG_TAKE: usize = 4;
pub(crate) const WRONG_PASS: usize = 5;

/// One player's sums: gnubg's `statcontext` for one side. Errors are kept
/// as gnubg keeps them (lost equity positive); `[0]` is EMG, `[1]` the cost
/// (MWC as a fraction in match play, points in money play).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Sums {
    pub(crate) total_moves: u32,
    pub(crate) unforced: u32,
    /// Unmarked, doubtful, bad, very bad.
    pub(crate) marks: [u32; 4],
    pub(crate) chequer: [f32; 2],
    pub(crate) total_cube: u32,
    pub(crate) close_cube: u32,
    pub(crate) doubles: u32,
    pub(crate) takes: u32,
    pub(crate) passes: u32,
    pub(crate) cube_n: [u32; 6],
    pub(crate) cube: [[f32; 2]; 6],
    /// Very unlucky, unlucky, unmarked, lucky, very lucky.
    pub(crate) luck_n: [u32; 5],
    pub(crate) luck: [f32; 2],
    pub(crate) actual: f32,
    pub(crate) luck_adj: f32,
    pub(crate) var_actual: f32,
    pub(crate) var_luck_adj: f32,
}

impl Sums {
    /// gnubg's `AddStatcontext` for the counts and the error and luck sums.
    fn add_counts(&mut self, o: &Sums) {
        self.total_moves += o.total_moves;
        self.unforced += o.unforced;
        for (a, b) in self.marks.iter_mut().zip(o.marks) {
            *a += b;
        }
        self.total_cube += o.total_cube;
        self.close_cube += o.close_cube;
        self.doubles += o.doubles;
        self.takes += o.takes;
        self.passes += o.passes;
        for (a, b) in self.cube_n.iter_mut().zip(o.cube_n) {
            *a += b;
        }
        for (a, b) in self.luck_n.iter_mut().zip(o.luck_n) {
            *a += b;
        }
        for j in 0..2 {
            self.chequer[j] += o.chequer[j];
            for k in 0..6 {
                self.cube[k][j] += o.cube[k][j];
            }
            self.luck[j] += o.luck[j];
        }
    }

    /// The cube errors' total, added in the order gnubg's build adds them.
    pub(crate) fn cube_total(&self, j: usize) -> f32 {
        let c = &self.cube;
        ((c[0][j] + c[1][j]) + (c[2][j] + c[3][j])) + (c[4][j] + c[5][j])
    }
}

/// gnubg's `UpdateVariance`.
fn update_variance(variance: &mut f32, sum: f32, added: f32, games: u32) {
    if games <= 1 {
        *variance = 0.0;
        return;
    }
    let n = games as f32;
    let mu_new = sum / n;
    let mu_old = (sum - added) / (games - 1) as f32;
    let delta = mu_new - mu_old;
    *variance = *variance * (1.0 - 1.0 / (games - 1) as f32) + n * delta * delta;
}

/// Both players' sums of one game or of many, `[0]` the player the tally is
/// for, `[1]` his opponent.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Pair {
    pub(crate) sums: [Sums; 2],
    pub(crate) games: u32,
}

impl Pair {
    /// gnubg's `AddStatcontext(game, self)`.
    pub(crate) fn add_game(&mut self, game: &Pair) {
        self.games += 1;
        for i in 0..2 {
            self.sums[i].add_counts(&game.sums[i]);
        }
        if game.sums[0].actual >= 0.0 || game.sums[1].actual >= 0.0 {
            for i in 0..2 {
                let g = &game.sums[i];
                let s = &mut self.sums[i];
                s.actual += g.actual;
                s.luck_adj += g.luck_adj;
                let (actual, luck_adj) = (s.actual, s.luck_adj);
                update_variance(&mut s.var_actual, actual, g.actual, self.games);
                update_variance(&mut s.var_luck_adj, luck_adj, g.luck_adj, self.games);
            }
        }
    }

    /// The same sums from the other player's side.
    pub(crate) fn mirrored(&self) -> Pair {
        let [mine, theirs] = &self.sums;
        Pair {
            sums: [theirs.clone(), mine.clone()],
            games: self.games,
        }
    }

    /// Adds sums of other matches (a folder): counts and totals add; the
    /// money variance is not kept across matches.
    pub(crate) fn add_pair(&mut self, other: &Pair) {
        self.games += other.games;
        for i in 0..2 {
            self.sums[i].add_counts(&other.sums[i]);
            self.sums[i].actual += other.sums[i].actual;
            self.sums[i].luck_adj += other.sums[i].luck_adj;
            self.sums[i].var_actual = f32::NAN;
            self.sums[i].var_luck_adj = f32::NAN;
        }
    }
}

/// The game in progress: its sums and the luck of its rolls in order (the
/// luck-adjusted result starts from the game's result, known at its end).
/// Two games are equal when their state is (the memo of chances aside).
#[derive(Clone, Debug, Default)]
pub(crate) struct Game {
    pub(crate) pair: Pair,
    /// (slot of the roller, the roll's luck in MWC or points).
    pub(crate) luck: Vec<(usize, f32)>,
    /// A beaver waiting for its answer.
    pub(crate) beaver: Option<Beaver>,
    /// After a beaver taken, the cube as gnubg's statistics see it (value,
    /// owner) until the next take or pass.
    pub(crate) after_beaver: Option<(u32, Side)>,
    pub(crate) open: bool,
    /// The match equity table's chances at the last score of each mover.
    pub(crate) chances: Chances,
}

/// [`met::win_lose`] of the last score seen for each mover, looked up again
/// only when it changes (the score and cube change a few times a game,
/// the decisions are many). A memo, not state: [`Game`]'s equality leaves
/// it out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Chances([Option<(met::Score, (f32, f32))>; 2]);

impl Chances {
    fn of(&mut self, s: &met::Score) -> (f32, f32) {
        let slot = &mut self.0[s.mover & 1];
        match slot {
            Some((seen, chances)) if seen == s => *chances,
            _ => {
                let chances = met::win_lose(s);
                *slot = Some((*s, chances));
                chances
            }
        }
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        // Every field but `chances`, a memo that does not change what the
        // game is.
        let Game {
            pair,
            luck,
            beaver,
            after_beaver,
            open,
            chances: _,
        } = self;
        *pair == other.pair
            && *luck == other.luck
            && *beaver == other.beaver
            && *after_beaver == other.after_beaver
            && *open == other.open
    }
}

/// Beavers (and raccoons) given and not yet answered.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Beaver {
    /// The context of the double they answer (the cube before it).
    pub(crate) context: Context,
    /// Who answers the last beaver (takes or passes it).
    pub(crate) answerer: Side,
    /// Beavers given.
    pub(crate) count: u32,
    /// The analysis of the double (the last one read).
    pub(crate) nd: f64,
    pub(crate) dt: f64,
}

/// The cube information of a decision of `mover`.
fn score_of(context: &Context, mover: Side) -> Score {
    Score {
        length: context.length,
        score: [context.score[Side::First], context.score[Side::Second]],
        cube: context.cube,
        mover: mover.index(),
        crawford: context.crawford,
    }
}

/// The cost of an error of `x` EMG: MWC (a fraction) or points.
fn cost(x: f32, context: &Context, mover: Side, chances: &mut Chances) -> f32 {
    if context.length == 0 {
        context.cube as f32 * x
    } else {
        met::mwc_cost(x, chances.of(&score_of(context, mover)))
    }
}

/// gnubg's `FindCubeDecision`: no double, double/take, double/pass and the
/// optimal equity, normalised, from the doubler's side.
/// `pass`: the record gives the three equities normalised already (EMG, as
/// eXtreme Gammon writes them): then none is converted.
fn cube_equities(
    chances: &mut Chances,
    context: &Context,
    doubler: Side,
    nd: f64,
    dt: f64,
    pass: Option<f64>,
) -> [f32; 4] {
    let s = score_of(context, doubler);
    let (mut nd, mut dt) = (nd as f32, dt as f32);
    let owner_ok = context.owner.is_none_or(|o| o == doubler);
    let (available, mut dp) = if context.length == 0 {
        (owner_ok, 1.0_f32)
    } else {
        let len = context.length;
        let mine = s.score[s.mover];
        let post = !s.crawford && (s.score[0] + 1 == len || s.score[1] + 1 == len);
        let available =
            !s.crawford && mine + s.cube < len && !(post && mine + 1 == len) && owner_ok;
        // The mover's chance if he wins the cube's points: `win_lose`'s first.
        (available, chances.of(&s).0)
    };
    if let Some(pass) = pass {
        dp = pass as f32;
    } else if context.length > 0 {
        let chances = chances.of(&s);
        nd = met::equity_of(nd, chances);
        dt = met::equity_of(dt, chances);
        dp = met::equity_of(dp, chances);
    }
    let optimal = if !available {
        nd
    } else if dt >= nd && dp >= nd {
        if dp > dt { dt } else { dp }
    } else {
        nd
    };
    [optimal, nd, dt, dp]
}

/// Whether gnubg counts a cube decision as close ("doubling is less than
/// very bad").
fn close(e: &[f32; 4]) -> bool {
    e[0] - e[2].min(1.0) < 0.16
}

/// Whether gnubg can convert at this match length.
pub(crate) fn supported(context: &Context) -> bool {
    context.length == 0 || met::covers(context.length)
}

impl Game {
    /// gnubg's `updateStatcontext` for one analysed decision; `me`: the
    /// player the tally is for.
    ///
    /// Beavers and their answer are counted as gnubg's statistics count
    /// them: a beaver (or raccoon) is no decision; the answer to the last
    /// one (take or pass, analysed in the record or not) is judged with the
    /// double's analysis, from the last beaverer's side, at the cube the
    /// beavers made; after the take, the cube is doubled again and gnubg has
    /// the player who took own it, until the next take or pass.
    pub(crate) fn add(&mut self, context: &Context, decision: &Decision, me: Side) {
        let mut context = *context;
        if let Decision::Cube {
            doubler,
            action: CubeAction::Beaver,
            no_double,
            double_take,
            ..
        } = decision
        {
            let b = self.beaver.get_or_insert(Beaver {
                context,
                answerer: *doubler,
                count: 0,
                nd: *no_double,
                dt: *double_take,
            });
            b.count += 1;
            b.answerer = *doubler;
            (b.nd, b.dt) = (*no_double, *double_take);
            return;
        }
        if let Some(b) = self.beaver.take() {
            match decision {
                Decision::Cube {
                    action: action @ (CubeAction::Take | CubeAction::Pass),
                    no_double,
                    double_take,
                    ..
                } => {
                    let take = *action == CubeAction::Take;
                    self.answer_beaver(&b, take, *no_double, *double_take, me);
                    return;
                }
                Decision::GameEnd { winner, .. } if *winner == Some(b.answerer.other()) => {
                    self.answer_beaver(&b, false, b.nd, b.dt, me);
                }
                _ => self.answer_beaver(&b, true, b.nd, b.dt, me),
            }
        }
        if let Some((cube, owner)) = self.after_beaver {
            context.cube = cube;
            context.owner = Some(owner);
            if matches!(
                decision,
                Decision::Cube {
                    action: CubeAction::Take | CubeAction::Pass,
                    ..
                }
            ) {
                self.after_beaver = None;
            }
        }
        self.apply(&context, decision, me);
    }

    /// The answer to beavers, as gnubg counts it.
    fn answer_beaver(&mut self, b: &Beaver, take: bool, nd: f64, dt: f64, me: Side) {
        let shift = |n: u32| b.context.cube.checked_shl(n).unwrap_or(u32::MAX);
        let mut context = b.context;
        context.cube = shift(b.count);
        context.owner = Some(b.answerer);
        let action = if take {
            CubeAction::Take
        } else {
            CubeAction::Pass
        };
        let answer = Decision::Cube {
            doubler: b.answerer.other(),
            action,
            no_double: nd,
            double_take: dt,
            double_pass: None,
            xg_errors: None,
        };
        self.apply(&context, &answer, me);
        if take {
            self.after_beaver = Some((shift(b.count + 1), b.answerer));
        }
    }

    fn apply(&mut self, context: &Context, decision: &Decision, me: Side) {
        let slot = |side: Side| usize::from(side != me);
        match decision {
            Decision::Chequer {
                player,
                candidates,
                played,
                legal_plays,
                ..
            } => {
                self.open = true;
                let sums = &mut self.pair.sums[slot(*player)];
                sums.total_moves += 1;
                let equity = |i: usize| candidates.get(i).map(|c| c.equity as f32);
                let skill = match (played.and_then(equity), equity(0)) {
                    (Some(made), Some(best)) => made - best,
                    _ => 0.0,
                };
                let c = cost(skill, context, *player, &mut self.chances);
                sums.marks[mark(skill)] += 1;
                if *legal_plays > 1 {
                    sums.unforced += 1;
                    sums.chequer[0] -= skill;
                    sums.chequer[1] -= c;
                }
            }
            Decision::Cube {
                doubler,
                action,
                no_double,
                double_take,
                double_pass,
                ..
            } => {
                self.open = true;
                let e = cube_equities(
                    &mut self.chances,
                    context,
                    *doubler,
                    *no_double,
                    *double_take,
                    *double_pass,
                );
                let [optimal, nd, dt, dp] = e;
                match action {
                    CubeAction::NoDouble => {
                        let sums = &mut self.pair.sums[slot(*doubler)];
                        sums.total_cube += 1;
                        if close(&e) {
                            sums.close_cube += 1;
                        }
                        if nd < optimal {
                            let skill = nd - optimal;
                            let c = cost(skill, context, *doubler, &mut self.chances);
                            let class = if dt > 1.0 {
                                MISSED_ABOVE_CP
                            } else {
                                MISSED_BELOW_CP
                            };
                            sums.cube_n[class] += 1;
                            sums.cube[class][0] -= skill;
                            sums.cube[class][1] -= c;
                        }
                    }
                    CubeAction::Double => {
                        let sums = &mut self.pair.sums[slot(*doubler)];
                        let skill = if dt < dp { dt - optimal } else { dp - optimal };
                        sums.total_cube += 1;
                        sums.doubles += 1;
                        sums.close_cube += 1;
                        if skill < 0.0 {
                            let c = cost(skill, context, *doubler, &mut self.chances);
                            let class = if nd > 1.0 {
                                WRONG_ABOVE_TG
                            } else {
                                WRONG_BELOW_DP
                            };
                            sums.cube_n[class] += 1;
                            sums.cube[class][0] -= skill;
                            sums.cube[class][1] -= c;
                        }
                    }
                    CubeAction::Beaver => {}
                    CubeAction::Take | CubeAction::Pass => {
                        let take = *action == CubeAction::Take;
                        let sums = &mut self.pair.sums[slot(doubler.other())];
                        sums.total_cube += 1;
                        sums.close_cube += 1;
                        let (wrong, skill, class) = if take {
                            sums.takes += 1;
                            (-dt < -dp, -dt - -dp, WRONG_TAKE)
                        } else {
                            sums.passes += 1;
                            (-dp < -dt, -dp - -dt, WRONG_PASS)
                        };
                        if wrong {
                            let c = cost(skill, context, *doubler, &mut self.chances);
                            sums.cube_n[class] += 1;
                            sums.cube[class][0] -= skill;
                            sums.cube[class][1] -= c;
                        }
                    }
                }
            }
            Decision::Luck {
                player,
                value,
                class,
            } => {
                self.open = true;
                let luck = *value as f32;
                let r = cost(luck, context, *player, &mut self.chances);
                let s = slot(*player);
                let sums = &mut self.pair.sums[s];
                sums.luck[0] += luck;
                sums.luck[1] += r;
                sums.luck_n[match class {
                    Some(LuckClass::VeryUnlucky) => 0,
                    Some(LuckClass::Unlucky) => 1,
                    None => 2,
                    Some(LuckClass::Lucky) => 3,
                    Some(LuckClass::VeryLucky) => 4,
                }] += 1;
                self.luck.push((s, r));
            }
            Decision::GameEnd { winner, points } => {
                let mut actual = [0.0_f32; 2];
                if let Some(w) = winner {
                    let a = if context.length == 0 {
                        *points as f32
                    } else {
                        let s = score_of(context, *w);
                        met::match_equity(&s, w.index(), *points, w.index())
                            - met::equity_at_score(&s, w.index())
                    };
                    actual[slot(*w)] = a;
                    actual[1 - slot(*w)] = -a;
                }
                self.finish(actual);
            }
        }
    }

    /// Sets the game's result and the luck-adjusted result gnubg derives.
    pub(crate) fn finish(&mut self, actual: [f32; 2]) {
        let mut adjusted = actual;
        for &(s, r) in &self.luck {
            adjusted[s] -= r;
            adjusted[1 - s] += r;
        }
        for i in 0..2 {
            self.pair.sums[i].actual = actual[i];
            self.pair.sums[i].luck_adj = adjusted[i];
        }
    }
}

/// gnubg's `getMWCFromError` for one side: (total, per decision) of
/// chequer play, cube and both, `[emg, cost]` each.
pub(crate) struct Errors {
    pub(crate) chequer: [[f32; 2]; 2],
    pub(crate) cube: [[f32; 2]; 2],
    pub(crate) overall: [[f32; 2]; 2],
}

/// `1 / n` as gnubg's build uses it for a rate (a reciprocal, then a
/// product).
fn per(total: f32, n: u32) -> f32 {
    if n == 0 {
        0.0
    } else {
        (1.0 / n as f32) * total
    }
}

pub(crate) fn errors(s: &Sums) -> Errors {
    let mut e = Errors {
        chequer: [[0.0; 2]; 2],
        cube: [[0.0; 2]; 2],
        overall: [[0.0; 2]; 2],
    };
    for j in 0..2 {
        let chequer = s.chequer[j];
        let cube = s.cube_total(j);
        let overall = chequer + cube;
        e.chequer[0][j] = chequer;
        e.chequer[1][j] = per(chequer, s.unforced);
        e.cube[0][j] = cube;
        e.cube[1][j] = per(cube, s.close_cube);
        e.overall[0][j] = overall;
        e.overall[1][j] = per(overall, s.unforced + s.close_cube);
    }
    e
}

/// `1/√n` as gnubg's build computes it (the processor's reciprocal square
/// root estimate and one Newton step), for match lengths up to 64 as measured
/// on an x86-64 processor; beyond, the exact value.
fn inverse_sqrt(n: u32) -> f32 {
    #[rustfmt::skip]
    const TABLE: [u32; 64] = [
        0x3f80_0000, 0x3f35_04f3, 0x3f13_cd3a, 0x3f00_0000, 0x3ee4_f92e, 0x3ed1_05ec,
        0x3ec1_848f, 0x3eb5_04f3, 0x3eaa_aaab, 0x3ea1_e89a, 0x3e9a_5fb2, 0x3e93_cd3a,
        0x3e8e_00d5, 0x3e88_d677, 0x3e84_32a5, 0x3e80_0000, 0x3e78_5b42, 0x3e71_5bef,
        0x3e6a_ebf5, 0x3e64_f92e, 0x3e5f_7484, 0x3e5a_514b, 0x3e55_84cd, 0x3e51_05ec,
        0x3e4c_cccd, 0x3e48_d2aa, 0x3e45_11a3, 0x3e41_848f, 0x3e3e_26eb, 0x3e3a_f4b9,
        0x3e37_ea74, 0x3e35_04f3, 0x3e32_416a, 0x3e2f_9d54, 0x3e2d_166c, 0x3e2a_aaab,
        0x3e28_5835, 0x3e26_1d5f, 0x3e23_f8a3, 0x3e21_e89a, 0x3e1f_ec03, 0x3e1e_01b2,
        0x3e1c_2896, 0x3e1a_5fb2, 0x3e18_a61f, 0x3e16_fb06, 0x3e15_5da2, 0x3e13_cd3a,
        0x3e12_4925, 0x3e10_d0c3, 0x3e0f_6380, 0x3e0e_00d5, 0x3e0c_a840, 0x3e0b_5948,
        0x3e0a_137d, 0x3e08_d677, 0x3e07_a1d2, 0x3e06_7532, 0x3e05_503e, 0x3e04_32a5,
        0x3e03_1c19, 0x3e02_0c52, 0x3e01_030a, 0x3e00_0000,
    ];
    match n {
        1..=64 => f32::from_bits(TABLE[n as usize - 1]),
        _ => 1.0 / (n as f32).sqrt(),
    }
}

/// gnubg's `relativeFibsRating`: the FIBS rating difference a result `r`
/// (a winning chance) shows over a match of `n` points.
pub(crate) fn relative_fibs_rating(r: f32, n: u32) -> f32 {
    let x = (1.0 / r - 1.0).log10() * inverse_sqrt(n) * -2000.0;
    if x < -2100.0 { -2100.0 } else { x }
}

/// gnubg's `absoluteFibsRatingChequer`.
pub(crate) fn chequer_rating_loss(rate: f32, n: u32) -> f32 {
    (25526.0 / n as f32 + 8798.0) * rate
}

/// gnubg's `absoluteFibsRatingCube`.
pub(crate) fn cube_rating_loss(rate: f32, n: u32) -> f32 {
    (863.0 - 519.0 / n as f32) * rate
}

/// gnubg's `absoluteFibsRating` with its default offset 2050.
pub(crate) fn absolute_fibs_rating(chequer: f32, cube: f32, n: u32) -> f32 {
    (2050.0 - chequer_rating_loss(chequer, n)) - cube_rating_loss(cube, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_equal_by_their_state_whatever_their_memo_holds() {
        let mut looked_up = Game::default();
        let score = met::Score {
            length: 7,
            score: [2, 3],
            cube: 2,
            mover: 1,
            crawford: false,
        };
        assert_eq!(looked_up.chances.of(&score), met::win_lose(&score));
        assert_eq!(looked_up, Game::default());
        let open = Game {
            open: true,
            ..Game::default()
        };
        assert_ne!(open, Game::default());
        let lucky = Game {
            luck: vec![(0, 0.1)],
            ..Game::default()
        };
        assert_ne!(lucky, Game::default());
    }

    #[test]
    fn marks_follow_gnubgs_thresholds() {
        assert_eq!(mark(0.0), 0);
        assert_eq!(mark(-0.03), 0);
        assert_eq!(mark(-0.030_001), 1);
        assert_eq!(mark(-0.06), 1);
        assert_eq!(mark(-0.07), 2);
        assert_eq!(mark(-0.12), 2);
        assert_eq!(mark(-0.2), 3);
    }

    #[test]
    fn rating_words_follow_gnubgs_thresholds() {
        assert_eq!(rating(0.0), "Supernatural");
        assert_eq!(rating(0.0019), "Supernatural");
        assert_eq!(rating(0.002), "World class");
        assert_eq!(rating(0.007), "Expert");
        assert_eq!(rating(0.011), "Advanced");
        assert_eq!(rating(0.017), "Intermediate");
        assert_eq!(rating(0.025), "Casual player");
        assert_eq!(rating(0.034), "Beginner");
        assert_eq!(rating(0.035), "Awful!");
        assert_eq!(rating(f32::NAN), "N/A");
        assert_eq!(luck_rating(0.07), "Go to Las Vegas");
        assert_eq!(luck_rating(0.04), "Good dice, man!");
        assert_eq!(luck_rating(0.0), "None");
        assert_eq!(luck_rating(-0.04), "Bad dice, man!");
        assert_eq!(luck_rating(-0.07), "Go to bed");
    }

    #[test]
    fn fibs_formulas() {
        assert!((chequer_rating_loss(0.005, 5) - 0.005 * (8798.0 + 25526.0 / 5.0)).abs() < 1e-3);
        assert!((cube_rating_loss(0.05, 5) - 0.05 * (863.0 - 519.0 / 5.0)).abs() < 1e-3);
        assert_eq!(relative_fibs_rating(0.5, 7), 0.0);
        // A hopeless result is floored at -2100.
        assert_eq!(relative_fibs_rating(1e-6, 1), -2100.0);
        // 60 % over a 4-point match: 2000 / 2 × log10(1.5).
        assert!((relative_fibs_rating(0.6, 4) - 1000.0 * 1.5_f32.log10()).abs() < 1e-2);
        assert!((inverse_sqrt(9) - 1.0 / 3.0).abs() < 1e-6);
    }
}
