//! bgaudit's skill statistics: what an engine's analysis of a record says of
//! each player, to GNU Backgammon's digits and XG's PR (pure data and
//! arithmetic, no I/O).

#![forbid(unsafe_code)]

pub use bgaudit_core::side;

pub mod skill;
