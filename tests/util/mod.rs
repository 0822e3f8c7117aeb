//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

/// The shared data folder (`../shared` from the repository root).
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// The repository's own fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}
