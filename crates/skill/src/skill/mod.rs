//! Skill statistics from the analysis a record carries: the per-player
//! "error report" (equity lost, error rate, marked plays, cube errors, luck,
//! rating, PR), computed as the engine that analysed the record computes it.
//!
//! No I/O and no reading here: the replayer hands each analysed decision to a
//! [`Tally`] together with the [`Context`] the replay established (score,
//! cube, Crawford); [`Tally::statistics`] turns the sums into
//! [`Statistics`]. Tallies add up, so a match, a folder or an archive is one
//! `+=` away.
//!
//! Two engines' figures are kept, each with its own definitions:
//! - GNU Backgammon (analysed SGF): the figures of its `show statistics
//!   match`, to the digits it prints;
//! - eXtreme Gammon (`.xg`): its error totals, counts of decisions and PR.

use crate::side::{ByPlayer, Side};

/// Which program analysed a record, and how deeply, as the record says.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Engine {
    /// The program: `GNU Backgammon 1.07.001`, `eXtreme Gammon`.
    pub name: String,
    /// The depth or level, as the engine names it (`0-ply`, `XG Roller++`),
    /// when the record says.
    pub depth: Option<String>,
}

/// How deeply an engine looked at a decision, as the record names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Depth {
    /// GNU Backgammon's evaluation at N plies (`0-ply` is its quickest).
    Plies(u8),
    /// A GNU Backgammon rollout.
    Rollout,
    /// eXtreme Gammon's level names (`3-ply`, `XG Roller++`, ...).
    Level(&'static str),
}

impl std::fmt::Display for Depth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Depth::Plies(n) => write!(f, "{n}-ply"),
            Depth::Rollout => f.write_str("rollout"),
            Depth::Level(name) => f.write_str(name),
        }
    }
}

/// The engine families whose definitions the statistics follow.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// GNU Backgammon.
    Gnubg,
    /// eXtreme Gammon.
    Xg,
}

/// The state of the match at a decision, as the replay established it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// Match length in points; 0 = money session.
    pub length: u32,
    /// The scores before the game, first player (SGF `W`, left column) first.
    pub score: ByPlayer<u32>,
    /// The cube value before the decision.
    pub cube: u32,
    /// The cube's owner; `None` = centred.
    pub owner: Option<Side>,
    /// This game is the Crawford game.
    pub crawford: bool,
    /// The match plays the Crawford rule (games after the Crawford game are
    /// post-Crawford).
    pub crawford_rule: bool,
    /// Money: the Jacoby rule is in force.
    pub jacoby: bool,
    /// Money: beavers are allowed.
    pub beavers: bool,
}

/// One candidate of a checker-play analysis.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The engine's ranking equity of the candidate (cubeful, normalised:
    /// EMG), from the mover's side, as the record writes it.
    pub equity: f64,
}

/// What a player did at a cube decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CubeAction {
    /// Could double and rolled instead (the analysis stood before a roll).
    NoDouble,
    /// Doubled (the analysis of the double itself).
    Double,
    /// Took a double (the analysis is from the doubler's side).
    Take,
    /// Passed a double (the analysis is from the doubler's side).
    Pass,
    /// Beavered a double (the analysis is from the doubler's side).
    Beaver,
}

/// The luck of a roll as the engine classed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LuckClass {
    /// Very lucky (gnubg: `GW[2]`/`GB[2]` for the roller).
    VeryLucky,
    /// Lucky.
    Lucky,
    /// Unlucky.
    Unlucky,
    /// Very unlucky.
    VeryUnlucky,
}

/// One analysed decision or roll, as the record gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// A checker play.
    Chequer {
        /// Who played.
        player: Side,
        /// Candidates, best first: the best, and the play made when it is
        /// not the best (SGF); or every candidate the record lists (XG: up to
        /// 32). Empty for a roll the record analysed without a choice (a
        /// dance).
        candidates: Vec<Candidate>,
        /// Which candidate is the play made; `None` when it is not among them
        /// (an illegal play that stood, a play the list lacks).
        played: Option<usize>,
        /// How many plays the record's analysis lists (GNU Backgammon: every
        /// legal play; XG: its candidates, or 1 when it marks the play as no
        /// decision). More than one: an unforced play.
        legal_plays: u32,
        /// eXtreme Gammon's own error of the play (≤ 0), when the record has
        /// one.
        xg_error: Option<f64>,
    },
    /// A cube decision: whether to double, and (on the double) whether to take.
    Cube {
        /// The player who could double (for a take or pass: the doubler).
        doubler: Side,
        /// What was done.
        action: CubeAction,
        /// Cubeful equities from the doubler's side: no double, double/take,
        /// double/pass, as the record writes them (gnubg: MWC in match play,
        /// EMG in money; no double/pass, which comes from the match table).
        no_double: f64,
        /// Double, take.
        double_take: f64,
        /// Double, pass, when the record has it.
        double_pass: Option<f64>,
        /// eXtreme Gammon's own errors of the doubler and of the taker, when
        /// the record has them.
        xg_errors: Option<(f64, f64)>,
    },
    /// The luck of a roll.
    Luck {
        /// Who rolled.
        player: Side,
        /// The luck, EMG, from the roller's side.
        value: f64,
        /// The class the record marks, if any.
        class: Option<LuckClass>,
    },
    /// A game ended (for the actual and luck-adjusted results).
    GameEnd {
        /// Who won; `None` when the game was left unfinished.
        winner: Option<Side>,
        /// Points won (cube and gammons counted).
        points: u32,
    },
}

mod gnubg;
mod met;
mod stats;
mod xg;

pub use gnubg::{luck_rating, mark, rating};
pub use stats::{
    Cell, Checker, Cube, Luck, Overall, Statistics, Tally, Unit, gnubg_cells, json_number,
};
pub use xg::XgTally;
