//! Properties of the rules engine over reachable and hard positions.

use std::io::{BufRead, BufReader};

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::parse_position_id;
use bgaudit::notation::PlayNotation;
use bgaudit::position::{Position, Variant};
use bgaudit::rules::{MoveGen, judge};
use proptest::prelude::*;

use crate::util::{shared, shared_or_skip};

/// Every generated legal play, written in standard notation, parses, is
/// judged legal and reaches the same position.
fn assert_plays_round_trip(position: &Position, roll: Roll, generator: &mut MoveGen) -> usize {
    let plays = generator.generate(position, roll).to_vec();
    let mut judge_gen = MoveGen::new();
    for legal in &plays {
        let text = legal.play.to_string();
        let notation = PlayNotation::parse(&text)
            .unwrap_or_else(|e| panic!("`{text}` does not parse: {e} ({position:?} {roll})"));
        let verdict = judge(position, roll, &notation, &mut judge_gen);
        assert!(
            verdict.is_legal(),
            "`{text}` judged {:?} in {position:?} with {roll}",
            verdict.verdict
        );
        let reached = std::iter::once(verdict.result)
            .chain(verdict.alternatives.iter().flatten().copied())
            .any(|p| p == legal.result);
        assert!(
            reached,
            "`{text}` reaches another position in {position:?} with {roll}"
        );
    }
    plays.len()
}

#[test]
fn every_legal_play_of_the_hard_positions_round_trips_through_notation() {
    if shared_or_skip(
        "oracle/legal-plays-random.tsv.gz",
        "GNU Backgammon's legal-play oracle",
    )
    .is_none()
    {
        return;
    }
    let path = shared().join("oracle/legal-plays-random.tsv.gz");
    let file = std::fs::File::open(&path).expect("oracle file present");
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut generator = MoveGen::new();
    let mut plays = 0;
    for line in reader.lines().map(|l| l.expect("text")) {
        if line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let position = parse_position_id(fields.next().unwrap_or(""), 15).expect("valid ID");
        let roll: Roll = fields.next().unwrap_or("").parse().expect("valid dice");
        plays += assert_plays_round_trip(&position, roll, &mut generator);
    }
    assert!(plays > 100_000, "{plays} plays checked");
}

/// A random game: rolls and which legal play to choose each turn.
fn turns() -> impl Strategy<Value = Vec<(u8, u8, usize)>> {
    prop::collection::vec((1u8..=6, 1u8..=6, any::<usize>()), 1..120)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_playouts_keep_every_checker_and_judge_their_own_plays_legal(turns in turns()) {
        let mut position = Position::starting(Variant::Backgammon);
        let mut generator = MoveGen::new();
        for (a, b, pick) in turns {
            let roll = Roll::new(a, b).expect("dice in range");
            assert_plays_round_trip(&position, roll, &mut generator);
            let plays = generator.generate(&position, roll);
            let swapped: Vec<_> = MoveGen::new()
                .generate(&position, Roll::new(b, a).expect("dice in range"))
                .iter()
                .map(|p| p.result)
                .collect();
            prop_assert_eq!(plays.iter().map(|p| p.result).collect::<Vec<_>>(), swapped);
            if let Some(first) = plays.first() {
                let n = first.play.dice_used();
                prop_assert!(plays.iter().all(|p| p.play.dice_used() == n));
            }
            let next = plays.get(pick % plays.len().max(1)).map_or(position, |p| p.result);
            prop_assert_eq!(next.checkers(), 15);
            prop_assert_eq!(next.flip().checkers(), 15);
            prop_assert_eq!(next.flip().flip(), next);
            if next.we_are_off() {
                break;
            }
            position = next.flip();
        }
    }
}
