//! bgaudit's core: the vocabulary every layer speaks and the rules engine.
//!
//! - [`side`], [`dice`], [`position`], [`notation`], [`location`]: the
//!   vocabulary;
//! - [`rules`]: legal plays, judging a written play, cube, results, match
//!   score (no I/O);
//! - [`ids`]: GNU Backgammon position and match IDs, XGID;
//! - [`catalogue`]: every finding code and kind with its severity, group,
//!   meaning, rule and example;
//! - [`escape`]: untrusted text made safe for terminals, HTML and CSV.

#![forbid(unsafe_code)]

pub mod catalogue;
pub mod dice;
pub mod escape;
pub mod ids;
pub mod location;
pub mod notation;
pub mod position;
pub mod rules;
pub mod side;
pub mod swar;

/// The integration tests' helpers (`../shared` or a one-line skip), for the
/// unit tests that read the shared corpora too.
#[cfg(test)]
#[path = "../../../tests/util/mod.rs"]
mod test_util;
