//! bgaudit's readers: `.mat` text, GNU Backgammon SGF and eXtreme Gammon
//! files to syntax events ([`parse`]), with no rules.
//!
//! The modules of the layers below are re-exported at the root, so that a
//! reader names them as `crate::location`, `crate::skill`.

#![forbid(unsafe_code)]

pub use bgaudit_core::{
    catalogue, dice, escape, ids, location, notation, position, rules, side, swar,
};
pub use bgaudit_skill::skill;

pub mod parse;

/// The integration tests' helpers (`../shared` or a one-line skip), for the
/// unit tests that read the shared corpora too.
#[cfg(test)]
#[path = "../../../tests/util/mod.rs"]
mod test_util;
