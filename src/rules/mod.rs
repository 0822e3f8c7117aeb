//! The rules engine: legal plays, judging a written play, cube, results and
//! match score. No I/O, no parsing of files.

pub mod judge;
pub mod movegen;
pub mod step;

pub use judge::{HitMarks, IllegalKind, ImpossibleKind, Judgement, PlayVerdict, judge};
pub use movegen::{LegalPlay, MoveGen, Play, legal_plays};
pub use step::{IllegalStep, Step};
