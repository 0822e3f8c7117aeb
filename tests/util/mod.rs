//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

/// The environment variable under which a test that needs `../shared` fails
/// when it is absent instead of skipping (CI sets it: it has `../shared`).
pub const REQUIRE_SHARED: &str = "BGAUDIT_REQUIRE_SHARED";

/// The shared data folder (`../shared` from the repository root).
pub fn shared() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // The unit tests of a workspace crate (`crates/NAME`) run from its folder.
    let in_crates = dir
        .parent()
        .and_then(|parent| parent.file_name())
        .is_some_and(|name| name == "crates");
    let root = if in_crates { dir.join("../..") } else { dir };
    root.join("../shared")
}

/// `../shared/<path>` when it exists. When it does not, the test is
/// skipped: one line on standard error names the test, the path and `why`
/// the test needs it (written past the test harness's capture, so that
/// `cargo test` shows it), and `None` comes back for the test to return on:
///
/// ```ignore
/// let Some(dir) = shared_or_skip("corpus/real", "every real record") else {
///     return;
/// };
/// ```
///
/// # Panics
/// When the path is absent and [`REQUIRE_SHARED`] is set (to anything but
/// empty or `0`): there a skip is a failure.
pub fn shared_or_skip(path: &str, why: &str) -> Option<PathBuf> {
    let required = required(std::env::var(REQUIRE_SHARED).ok().as_deref());
    // Straight to the process's standard error: the harness captures only
    // `print!` and `eprint!`.
    shared_or_skip_to(path, why, required, &mut std::io::stderr().lock())
}

/// [`shared_or_skip`], the skip written to `log`.
fn shared_or_skip_to(
    path: &str,
    why: &str,
    required: bool,
    log: &mut dyn std::io::Write,
) -> Option<PathBuf> {
    let full = shared().join(path);
    if full.exists() {
        return Some(full);
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    assert!(
        !required,
        "{test}: ../shared/{path} is absent ({why}), and {REQUIRE_SHARED} is set"
    );
    let _ = writeln!(log, "skipped {test}: ../shared/{path} is absent ({why})");
    None
}

/// Whether [`REQUIRE_SHARED`]'s value (if set) asks for `../shared`.
pub fn required(value: Option<&str>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

/// The repository's own fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

#[test]
fn a_missing_shared_path_skips_unless_required() {
    assert!(!required(None));
    assert!(!required(Some("")));
    assert!(!required(Some("0")));
    assert!(required(Some("1")));
    let mut log = Vec::new();
    assert_eq!(
        shared_or_skip_to("no/such/path", "never there", false, &mut log),
        None
    );
    let log = String::from_utf8(log).expect("UTF-8");
    assert!(log.starts_with("skipped "), "{log}");
    assert!(
        log.ends_with(": ../shared/no/such/path is absent (never there)\n"),
        "{log}"
    );
    assert_eq!(log.lines().count(), 1);
    let required = std::panic::catch_unwind(|| {
        shared_or_skip_to("no/such/path", "never there", true, &mut Vec::new())
    });
    assert!(required.is_err(), "required: a missing path fails the test");
}
