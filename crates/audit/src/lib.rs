//! bgaudit's audit: the [`replay`] of the readers' events under the rules,
//! and the [`finding`]s it records.
//!
//! The modules of the layers below are re-exported at the root, so that the
//! replay names them as `crate::rules`, `crate::parse`.

#![forbid(unsafe_code)]

pub use bgaudit_core::{
    catalogue, dice, escape, ids, location, notation, position, rules, side, swar,
};
pub use bgaudit_read::parse;
pub use bgaudit_skill::skill;

pub mod finding;
pub mod replay;

/// The integration tests' helpers (`../shared` or a one-line skip), for the
/// unit tests that read the shared corpora too.
#[cfg(test)]
#[path = "../../../tests/util/mod.rs"]
mod test_util;
