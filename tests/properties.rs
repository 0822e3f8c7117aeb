//! Properties of the rules engine over reachable and hard positions.

use std::io::{BufRead, BufReader};

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::parse_position_id;
use bgaudit::notation::PlayNotation;
use bgaudit::position::{Position, Variant};
use bgaudit::rules::plakoto::game_end;
use bgaudit::rules::{Board, MoveGen, PlakotoPosition, judge};
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

/// One turn of a game of any variant: every legal play, written, is judged
/// legal and reaches its position; and the plays of one step, or of one
/// step of each die in turn, written one hop per step, are judged legal
/// when the position they reach is in the legal set, and judged legal only
/// to a position in it (the judge accepts what the generator lists and
/// reaches nothing it does not).
fn judge_agrees_with_the_generator<B: Board>(
    position: &B,
    roll: Roll,
    generator: &mut MoveGen<B>,
    judge_gen: &mut MoveGen<B>,
) -> Result<(), TestCaseError> {
    let plays = generator.generate(position, roll).to_vec();
    for legal in &plays {
        let text = legal.play.to_string();
        let notation = PlayNotation::parse(&text).expect("a generated play parses");
        let j = judge(position, roll, &notation, judge_gen);
        prop_assert!(
            j.is_legal(),
            "`{}` {:?} in {:?} {}",
            text,
            j.verdict,
            position,
            roll
        );
        let reached = std::iter::once(j.result)
            .chain(j.alternatives.iter().flatten().copied())
            .any(|p| p == legal.result);
        prop_assert!(reached, "`{}` in {:?} {}", text, position, roll);
    }
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let mut written = 0;
    for from in 1..=25 {
        for (first, second) in [(a, b), (b, a)] {
            if position.check_step(from, first).is_err() {
                continue;
            }
            let mut once = *position;
            let step = once.apply_step(from, first);
            let mut candidates = vec![(once, step.to_string())];
            for next in 1..=25 {
                if once.check_step(next, second).is_ok() {
                    let mut twice = once;
                    let second_step = twice.apply_step(next, second);
                    candidates.push((twice, format!("{step} {second_step}")));
                }
            }
            for (result, text) in candidates {
                let notation = PlayNotation::parse(&text).expect("a written play parses");
                let j = judge(position, roll, &notation, judge_gen);
                let listed = |r: &B| plays.iter().any(|p| p.result == *r);
                // A play the generator lists is judged legal; a play judged
                // legal reaches a listed position. The judge may read the
                // hop another way than it was built: `6/off` with 6-1 is
                // also `6/5*/off`, both dice with an unmarked hit, legal
                // where the one-die reading is not (the other die could
                // still be played).
                prop_assert!(
                    !listed(&result) || j.is_legal(),
                    "`{}` {:?} in {:?} {}",
                    text,
                    j.verdict,
                    position,
                    roll
                );
                prop_assert!(
                    !j.is_legal() || listed(&j.result),
                    "`{}` judged legal to {:?}, not listed, in {:?} {}",
                    text,
                    j.result,
                    position,
                    roll
                );
                written += 1;
            }
        }
    }
    prop_assert!(written > 0 || plays.iter().all(|p| p.play.steps().is_empty()));
    Ok(())
}

/// A random game from `start` played out with `turns`, each turn checked
/// by [`judge_agrees_with_the_generator`]; `flip` turns the board to the
/// other player, `over` says when the game has ended.
fn play_out<B: Board>(
    start: B,
    turns: Vec<(u8, u8, usize)>,
    flip: impl Fn(&B) -> B,
    over: impl Fn(&B) -> bool,
) -> Result<(), TestCaseError> {
    let (mut generator, mut judge_gen) = (MoveGen::new(), MoveGen::new());
    let mut position = start;
    for (a, b, pick) in turns {
        let roll = Roll::new(a, b).expect("dice in range");
        judge_agrees_with_the_generator(&position, roll, &mut generator, &mut judge_gen)?;
        let plays = generator.generate(&position, roll);
        let next = plays
            .get(pick % plays.len().max(1))
            .map_or(position, |p| p.result);
        if over(&next) {
            break;
        }
        position = flip(&next);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_variant_judges_what_its_generator_lists_legal_and_nothing_else(
        turns in turns(),
        variant in prop_oneof![
            Just(Variant::Backgammon),
            Just(Variant::Nackgammon),
            Just(Variant::Hypergammon(1)),
            Just(Variant::Hypergammon(2)),
            Just(Variant::Hypergammon(3)),
        ],
    ) {
        play_out(Position::starting(variant), turns, Position::flip, Position::we_are_off)?;
    }

    #[test]
    fn plakoto_judges_what_its_generator_lists_legal_and_nothing_else(turns in turns()) {
        play_out(
            PlakotoPosition::starting(),
            turns,
            PlakotoPosition::flip,
            |p| game_end(p).is_some(),
        )?;
    }
}
