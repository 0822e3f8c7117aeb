//! The move generator against GNU Backgammon's legal-play sets.
//!
//! Each oracle line is `POSITION_ID <tab> DICE <tab> N <tab> RESULT,...`: the
//! position with the player to move on roll, the dice (high first), the
//! number of distinct legal plays (0 = none) and the resulting position IDs,
//! still from the mover's side. The generator must produce exactly that set.

use std::io::{BufRead, BufReader};

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::{parse_position_id, position_id};
use bgaudit::rules::MoveGen;

use crate::util::{shared, shared_or_skip};

fn check_oracle(name: &str) -> usize {
    let path = shared().join("oracle").join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut generator = MoveGen::new();
    let mut lines = 0;
    let mut failures = Vec::new();
    for line in reader.lines() {
        let line = line.expect("oracle file is readable text");
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        lines += 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let position = parse_position_id(fields[0], 15).expect("oracle position ID decodes");
        let roll: Roll = fields[1].parse().expect("oracle dice parse");
        let expected_count: usize = fields[2].parse().expect("oracle count parses");
        let mut expected: Vec<&str> = fields
            .get(3)
            .map(|r| r.split(',').filter(|s| !s.is_empty()).collect())
            .unwrap_or_default();
        expected.sort_unstable();
        assert_eq!(
            expected.len(),
            expected_count,
            "oracle line is consistent: {line}"
        );
        let mut got: Vec<String> = generator
            .generate(&position, roll)
            .iter()
            .map(|p| position_id(&p.result))
            .collect();
        got.sort_unstable();
        if got != expected {
            failures.push(format!(
                "{} {}: expected {} plays, got {}; missing {:?}; extra {:?}",
                fields[0],
                fields[1],
                expected.len(),
                got.len(),
                expected
                    .iter()
                    .filter(|e| !got.iter().any(|g| g == *e))
                    .take(5)
                    .collect::<Vec<_>>(),
                got.iter()
                    .filter(|g| !expected.contains(&g.as_str()))
                    .take(5)
                    .collect::<Vec<_>>(),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {lines} lines of {name} disagree with GNU Backgammon:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    lines
}

#[test]
fn generator_agrees_with_gnubg_on_every_selfplay_position() {
    if shared_or_skip(
        "oracle/legal-plays.tsv.gz",
        "GNU Backgammon's legal-play oracle",
    )
    .is_none()
    {
        return;
    }
    assert_eq!(check_oracle("legal-plays.tsv.gz"), 34_368);
}

#[test]
fn generator_agrees_with_gnubg_on_every_hard_random_position() {
    if shared_or_skip(
        "oracle/legal-plays-random.tsv.gz",
        "GNU Backgammon's legal-play oracle",
    )
    .is_none()
    {
        return;
    }
    assert_eq!(check_oracle("legal-plays-random.tsv.gz"), 31_500);
}
