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

//!
//! The library is a facade: the modules live in the workspace's crates
//! (`bgaudit-core`, `bgaudit-skill`, `bgaudit-read`, `bgaudit-audit`,
//! `bgaudit-report`, under `crates/`) and keep their paths here; [`walk`] is
//! this crate's own.

#![forbid(unsafe_code)]

pub use bgaudit_audit::{finding, replay};
pub use bgaudit_core::{
    catalogue, dice, escape, ids, location, notation, pos, position, rules, side,
};
pub use bgaudit_read::parse;
pub use bgaudit_report::report;
pub use bgaudit_skill::skill;

pub mod walk;
