//! The rules engine: legal plays, judging a written play, cube, results and
//! match score. No I/O, no parsing of files.
//!
//! Besides the engine proper (`movegen`, `judge`, `step`, `board`), the
//! judgments the replay records are pure functions returning verdicts:
//! [`doubling`], [`turns`], [`result_line`], [`score_line`].

pub mod any;
pub mod board;
pub mod cube;
pub mod doubling;
pub mod judge;
pub mod matchplay;
pub mod movegen;
pub mod outcome;
pub mod plakoto;
pub mod result_line;
pub mod score_line;
pub mod step;
pub mod turns;

pub use any::AnyBoard;
pub use board::Board;
pub use cube::{Cube, CubeRules, DoubleError};
pub use judge::{
    Alternatives, HitMarks, IllegalKind, ImpossibleKind, Judgement, PlayVerdict, judge,
};
pub use matchplay::{Crawford, MatchScore};
pub use movegen::{LegalPlay, MoveGen, Play, legal_plays};
pub use outcome::{Scoring, WinKind};
pub use plakoto::{PlakotoEnd, PlakotoPosition, PlakotoSetup, PlakotoWin};
pub use step::{IllegalStep, Step};
