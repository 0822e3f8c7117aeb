//! The legal plays listed for a probable transcription error come first by
//! how well the rest of the game replays after each, then by how close each
//! is to what was written.

use std::process::{Command, Stdio};

use bgaudit::replay::{Options, check_bytes};

use crate::util::fixtures;

/// Ann's opening `31` is written `24/21 13/10`; what follows needs two
/// checkers on her 5-point, so the record meant `8/5 6/5`, far from the
/// notation as written: `24/23 13/10` is the closest.
const FIXTURE: &str = "typo/closest-fits.mat";

#[test]
fn the_play_fitting_the_rest_of_the_game_is_listed_first() {
    let path = fixtures().join(FIXTURE);
    let bytes = std::fs::read(&path).expect("the fixture is there");
    let report = check_bytes(&path.display().to_string(), &bytes, &Options::default());
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    let finding = &report.findings[0];
    assert_eq!(finding.suggestion.as_deref(), Some("8/5 6/5"));
    assert_eq!(finding.likely_typo, Some(true));
    let legal = finding
        .legal
        .as_deref()
        .expect("the legal plays are listed");
    assert_eq!(legal.count, 16);
    assert!(legal.fitted && legal.ranked, "{legal:?}");
    // The one fitting the rest first, then the closest to what was written.
    assert_eq!(
        legal.listed,
        [
            "8/5 6/5",
            "24/23 13/10",
            "13/10 6/5",
            "13/10 8/7",
            "24/21 24/23"
        ]
    );
}

#[test]
fn the_explanation_says_how_the_legal_plays_are_ranked() {
    let output = Command::new(env!("CARGO_BIN_EXE_bgaudit"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "--explain", "fixtures/typo/closest-fits.mat"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let text = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    assert!(
        text.contains(
            "= legal plays: 16; fitting the rest of the game best, then closest to what was written: `8/5 6/5`, `24/23 13/10`,"
        ),
        "{text}"
    );
}
