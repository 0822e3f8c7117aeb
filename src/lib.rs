//! bgaudit audits backgammon match records.
//!
//! It reads transcripts (the Jellyfish `.mat` family and GNU Backgammon SGF),
//! replays every action under the rules, and reports every illegal checker
//! play, illegal cube action, wrong score and broken record with its file,
//! line and column. Under tournament rules an illegal play that the opponent
//! does not challenge stands, so the replay flags it and carries on from the
//! position as actually played.
//!
//! Module map:
//! - [`side`], [`dice`], [`position`], [`notation`]: the vocabulary;
//! - [`rules`]: legal plays, judging a written play, cube, results, match
//!   score (no I/O);
//! - [`ids`]: GNU Backgammon position and match IDs, XGID;
//! - [`location`]: where something is in the input;
//! - [`parse`]: readers from text to syntax events (no rules);
//! - [`replay`]: the visitor that joins readers and rules into findings;
//! - [`report`]: formats what the replay established;
//! - [`catalogue`]: every finding code and kind (typed: [`catalogue::Code`],
//!   [`catalogue::Kind`]) with its severity, group, meaning, rule and example;
//! - [`escape`]: untrusted text made safe for terminals, HTML and CSV;
//! - [`finding`]: a finding as data;
//! - [`walk`]: which files a run reads, in a deterministic order.

#![forbid(unsafe_code)]

pub mod catalogue;
pub mod dice;
pub mod escape;
pub mod finding;
pub mod ids;
pub mod location;
pub mod notation;
pub mod parse;
pub mod position;
pub mod replay;
pub mod report;
pub mod rules;
pub mod side;
pub mod skill;
pub(crate) mod swar;
pub mod walk;

/// The integration tests' helpers (`../shared` or a one-line skip), for the
/// unit tests that read the shared corpora too.
#[cfg(test)]
#[path = "../tests/util/mod.rs"]
mod test_util;
