//! bgaudit's reports: what the replay established, formatted for people and
//! scripts ([`report`]).
//!
//! The modules of the layers below are re-exported at the root, so that a
//! report names them as `crate::finding`, `crate::replay`.

#![forbid(unsafe_code)]

pub use bgaudit_audit::{finding, replay};
pub use bgaudit_core::{
    catalogue, dice, escape, ids, location, notation, pos, position, rules, side,
};
pub use bgaudit_read::parse;
pub use bgaudit_skill::skill;

pub mod report;
