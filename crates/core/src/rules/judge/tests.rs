use super::*;
use crate::pos;
use crate::position::Variant;

fn judge_text(position: &Position, dice: &str, text: &str) -> Judgement {
    let roll: Roll = dice.parse().unwrap();
    let play = PlayNotation::parse(text).unwrap();
    judge(position, roll, &play, &mut MoveGen::new())
}

fn verdict(position: &Position, dice: &str, text: &str) -> PlayVerdict {
    judge_text(position, dice, text).verdict
}

fn start() -> Position {
    Position::starting(Variant::Backgammon)
}

/// The fast paths for compressed plays give the general path's
/// judgement: each legal play of oracle positions, written compressed
/// (`24/13`, `13/5(2)`) and one hop per step, judged both ways when the
/// one-hop-per-die path does not take it. (That path takes the exact
/// die first, so its steps may name the dice in another order than the
/// general path's; the positions are the same.)
#[test]
fn the_fast_paths_agree_with_the_general_path() {
    let Some(positions) = oracle_positions(
        "the fast paths judged against the general path on the oracle's positions",
        3000,
    ) else {
        return;
    };
    let mut generator = MoveGen::new();
    let mut general_gen = MoveGen::new();
    let mut judged = 0;
    for (p, r) in positions {
        let plays: Vec<Play> = generator.generate(&p, r).iter().map(|g| g.play).collect();
        for legal in plays {
            let one_per_step = hops_of(&legal);
            for written in [
                PlayNotation::parse(&legal.to_string()).unwrap(),
                PlayNotation::from_hops(&one_per_step).unwrap(),
            ] {
                let fast = judge(&p, r, &written, &mut generator);
                if one_hop_per_die(p, r, written.hops()).is_some() {
                    let slow = general(&p, r, &written, written.hops(), &mut general_gen);
                    assert_eq!(fast.result, slow.result, "{p:?} {r} {written}");
                    continue;
                }
                let slow = general(&p, r, &written, written.hops(), &mut general_gen);
                assert_eq!(fast, slow, "{p:?} {r} {written}");
                judged += 1;
            }
        }
    }
    assert!(judged > 10_000, "{judged}");
}

/// Written plays that [`compressed`] may take for `r` in `p`: the
/// legal plays written as [`Play`]'s notation (`24/13`, `13/5(2)`) and
/// with each checker's steps joined, in order and reversed; for a roll
/// that is no double, a hop of both dice from every point and a
/// bear-off from every point above either die; for a double, hops of
/// whole numbers of dice (and bear-offs) from varied points, four dice
/// in all. Each with the hit marks as played, none and all.
fn compressed_candidates<B: Board>(
    p: &B,
    r: Roll,
    generator: &mut MoveGen<B>,
    seed: &mut u64,
) -> Vec<PlayNotation> {
    let mut next = |below: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % below
    };
    let mut written: Vec<Vec<Hop>> = Vec::new();
    let plays: Vec<Play> = generator.generate(p, r).iter().map(|g| g.play).collect();
    for legal in &plays {
        if let Ok(n) = PlayNotation::parse(&legal.to_string()) {
            written.push(n.hops().to_vec());
        }
        // Each checker's consecutive steps joined into one hop.
        let mut joined: Vec<Hop> = Vec::new();
        for s in legal.steps() {
            match joined.last_mut() {
                Some(last) if last.to == s.from && s.from != 0 => {
                    last.to = s.to;
                    last.hit |= s.hit;
                }
                _ => joined.push(Hop {
                    from: s.from,
                    to: s.to,
                    hit: s.hit,
                }),
            }
        }
        written.push(joined.iter().rev().copied().collect());
        written.push(joined);
    }
    let (a, b) = (r.first.pips(), r.second.pips());
    if a == b {
        for _ in 0..24 {
            let mut hops = Vec::new();
            let mut left = 4u8;
            while left > 0 {
                let k = 1 + next(u64::from(left)) as u8;
                let from = 1 + next(25) as u8;
                // Now and then a distance that is no whole number of dice.
                let distance = if next(4) == 0 {
                    k * a - next(u64::from(a)) as u8
                } else {
                    k * a
                };
                let to = from.saturating_sub(distance);
                // A bear-off takes as many dice as reach off.
                let k = if to == 0 { from.div_ceil(a) } else { k };
                hops.push(Hop {
                    from,
                    to,
                    hit: false,
                });
                left = left.saturating_sub(k);
            }
            written.push(hops);
        }
    } else {
        for from in 1..=25u8 {
            if let Some(to) = from.checked_sub(a + b).filter(|&t| t > 0) {
                written.push(vec![Hop {
                    from,
                    to,
                    hit: false,
                }]);
            }
            if from > a.max(b) && from <= a + b {
                written.push(vec![Hop {
                    from,
                    to: 0,
                    hit: false,
                }]);
            }
        }
    }
    let marks: [&dyn Fn(&Hop) -> bool; 3] = [&|h| h.hit, &|_| false, &|h| h.to > 0];
    written
        .iter()
        .flat_map(|hops| {
            marks.iter().filter_map(move |mark| {
                let marked: Vec<Hop> = hops.iter().map(|h| Hop { hit: mark(h), ..*h }).collect();
                PlayNotation::from_hops(&marked)
            })
        })
        .collect()
}

/// Judges each of [`compressed_candidates`] for `r` in `p` by
/// [`compressed`] and by the general path; where the first takes a
/// play it gives exactly the general path's judgement. Counts the plays
/// taken in `taken` (non-doubles, doubles, bear-offs, other readings,
/// doubles played in another order than written).
fn compressed_against_general<B: Board>(
    p: &B,
    r: Roll,
    generator: &mut MoveGen<B>,
    seed: &mut u64,
    taken: &mut [usize; 5],
) {
    // What no fast path gives: the sign that `compressed` declined.
    let declined = Judgement::new(
        PlayVerdict::Impossible {
            kind: ImpossibleKind::NoChecker,
            hop: usize::MAX,
        },
        *p,
    );
    for w in compressed_candidates(p, r, generator, seed) {
        let fast = compressed(p, r, w.hops(), || declined.clone());
        if fast == declined {
            continue;
        }
        let slow = general(p, r, &w, w.hops(), generator);
        assert_eq!(fast, slow, "{p:?} {r} `{w}`");
        assert_eq!(judge(p, r, &w, generator), slow, "{p:?} {r} `{w}`");
        taken[usize::from(r.is_double())] += 1;
        taken[2] += usize::from(w.hops().iter().any(|h| h.to == 0));
        taken[3] += usize::from(fast.alternatives.iter().any(Option::is_some));
        // The sources of the steps of the hops played in the order written.
        let d = usize::from(r.first.pips());
        let in_order = w.hops().iter().flat_map(|h| {
            let (from, to) = (usize::from(h.from), usize::from(h.to));
            (0..4)
                .map(move |k| from.saturating_sub(k * d))
                .take_while(move |&at| at > to)
        });
        let sources = fast.steps.steps().iter().map(|s| usize::from(s.from));
        taken[4] += usize::from(r.is_double() && !sources.eq(in_order));
    }
}

/// Compressed plays decided without the general path's tables (one hop
/// of both dice, landing or bearing off; a double's hops in the order
/// written) give its judgement, over varied positions with every roll,
/// the oracle's positions with theirs, and Plakoto positions of random
/// games.
#[test]
fn compressed_plays_agree_with_the_general_path() {
    let mut generator = MoveGen::new();
    let mut seed = 0x510e_527f_ade6_82d1u64;
    let mut taken = [0; 5];
    let rolls: Vec<Roll> = (1..=6)
        .flat_map(|a| (1..=6).filter_map(move |b| Roll::new(a, b)))
        .collect();
    for p in random_positions(0x1f83_d9ab_fb41_bd6b, 600) {
        for &r in &rolls {
            compressed_against_general(&p, r, &mut generator, &mut seed, &mut taken);
        }
    }
    assert!(
        taken[0] > 100_000
            && taken[1] > 100_000
            && taken[2] > 10_000
            && taken[3] > 10_000
            && taken[4] > 1_000,
        "{taken:?}"
    );
    let mut plakoto = MoveGen::new();
    let mut plakoto_taken = [0; 5];
    let mut p = crate::rules::PlakotoPosition::starting();
    for i in 0..1500 {
        let r = rolls[(i * 7 + i / 36) % 36];
        compressed_against_general(&p, r, &mut plakoto, &mut seed, &mut plakoto_taken);
        let plays = plakoto.generate(&p, r);
        p = match plays.get(i * 13 % plays.len().max(1)) {
            Some(lp) => lp.result,
            None => p,
        };
        p = if crate::rules::plakoto::game_end(&p).is_some() {
            crate::rules::PlakotoPosition::starting()
        } else {
            p.flip()
        };
    }
    assert!(
        plakoto_taken[0] > 10_000 && plakoto_taken[1] > 10_000 && plakoto_taken[2] > 100,
        "{plakoto_taken:?}"
    );
    let Some(positions) = oracle_positions(
        "compressed plays judged against the general path on the oracle's positions",
        5000,
    ) else {
        return;
    };
    for (p, r) in positions {
        compressed_against_general(&p, r, &mut generator, &mut seed, &mut taken);
    }
}

/// The two oracle files of `../shared/oracle`.
const ORACLE_FILES: [&str; 2] = ["legal-plays.tsv.gz", "legal-plays-random.tsv.gz"];

/// The first `limit` (position, roll) rows of each oracle file, or
/// `None` (the test skipped, saying it checks `what`) when
/// `../shared/oracle` is absent.
fn oracle_positions(what: &str, limit: usize) -> Option<Vec<(Position, Roll)>> {
    use std::io::{BufRead, BufReader};
    let dir = crate::test_util::shared_or_skip("oracle", what)?;
    let mut positions = Vec::new();
    for name in ORACLE_FILES {
        let file =
            std::fs::File::open(dir.join(name)).expect("the shared oracle files are present");
        positions.extend(
            BufReader::new(flate2::read::GzDecoder::new(file))
                .lines()
                .map_while(Result::ok)
                .filter(|l| !l.starts_with('#'))
                .filter_map(|line| {
                    let mut fields = line.split('\t');
                    let (id, dice) = (fields.next()?, fields.next()?);
                    let p = crate::ids::gnubg::parse_position_id(id, 15).unwrap();
                    let r: Roll = dice.parse().unwrap();
                    Some((p, r))
                })
                .take(limit),
        );
    }
    Some(positions)
}

/// A play's steps as written one hop a step.
fn hops_of(play: &Play) -> Vec<Hop> {
    play.steps()
        .iter()
        .map(|s| Hop {
            from: s.from,
            to: s.to,
            hit: s.hit,
        })
        .collect()
}

/// Varied valid positions (`n` of them): each side's 15 checkers spread
/// over the board, the bar and off, one colour a point; their checkers
/// often in their home board, so that entering is often blocked.
pub(super) fn random_positions(mut seed: u64, n: usize) -> Vec<Position> {
    let mut next = move |below: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    };
    (0..n)
        .map(|_| {
            let mut points = [0i8; 26];
            let ours = next(16);
            let home = next(3) == 0;
            for _ in 0..ours {
                // Points 1..=24, the bar (25) three times as often as a
                // point; or, bearing off, the home board and now and
                // then the 7 or 8 point.
                let p = if home {
                    1 + next(6) as usize + usize::from(next(20) == 0) * 2
                } else {
                    (next(27) as usize + 1).min(OUR_BAR)
                };
                points[p] += 1;
            }
            let theirs = next(16);
            for _ in 0..theirs {
                // Their bar (0), any point, or their home board (our 19..=24).
                let p = match next(3) {
                    0 => next(25) as usize,
                    _ => 19 + next(6) as usize,
                };
                if points[p] <= 0 {
                    points[p] -= 1;
                }
            }
            crate::position::Setup::from_board(points, 15)
                .into_position(15)
                .expect("at most 15 checkers a side")
        })
        .collect()
}

/// Checks [`judge_plain`] against [`judge`] on `written` for `r` in
/// `p`: where it takes the play, it gives what `judge` gives, and on
/// the mirrored board ([`crate::rules::board::Mirrored`]) it takes the
/// same plays and gives the same. Counts the plays it takes.
fn judge_plain_against_judge(
    p: &Position,
    r: Roll,
    written: &PlayNotation,
    generator: &mut MoveGen,
    taken: &mut usize,
) {
    // The same play judged on the flipped board held unflipped.
    let mirrored = judge_plain(crate::rules::board::Mirrored(p.flip()), r, written);
    // And in place: the board moved on as `judge_plain` gives it, or
    // left as it was.
    let mut in_place = *p;
    let marks = judge_plain_in(&mut in_place, r, written);
    let Some(plain) = judge_plain(*p, r, written) else {
        assert!(mirrored.is_none(), "{p:?} {r} `{written}`");
        assert!(marks.is_none(), "{p:?} {r} `{written}`");
        assert_eq!(in_place, *p, "{p:?} {r} `{written}`");
        return;
    };
    assert_eq!(marks, Some(plain.hit_marks), "{p:?} {r} `{written}`");
    assert_eq!(in_place, plain.result, "{p:?} {r} `{written}`");
    let mirrored = mirrored.expect("the mirrored board takes the play too");
    assert_eq!(
        mirrored.result.0.flip(),
        plain.result,
        "{p:?} {r} `{written}`"
    );
    assert_eq!(mirrored.hit_marks, plain.hit_marks, "{p:?} {r} `{written}`");
    let j = judge(p, r, written, generator);
    assert_eq!(j.verdict, PlayVerdict::Legal, "{p:?} {r} `{written}`");
    assert_eq!(j.result, plain.result, "{p:?} {r} `{written}`");
    assert_eq!(j.hit_marks, plain.hit_marks, "{p:?} {r} `{written}`");
    assert_eq!(usize::from(j.dice_used), r.steps(), "{p:?} {r} `{written}`");
    assert_eq!(
        j.alternatives.into_slots(),
        [None; 3],
        "{p:?} {r} `{written}`"
    );
    *taken += 1;
}

/// A dance found by [`judge_dance`] is what [`judge`] finds for
/// nothing written: legal, the position unchanged, no other reading,
/// no hit mark to question; on a mirrored board it finds the same.
#[test]
fn judge_dance_agrees_with_judge() {
    let mut generator = MoveGen::new();
    let mut dances = 0;
    for p in random_positions(0xbb67_ae85_84ca_a73b, 3000) {
        for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
            let r = Roll::new(a, b).expect("dice");
            let dance = judge_dance(&p, r);
            let mirrored = crate::rules::board::Mirrored(p.flip());
            assert_eq!(judge_dance(&mirrored, r), dance, "{p:?} {r}");
            if !dance {
                continue;
            }
            let j = judge(&p, r, &PlayNotation::empty(), &mut generator);
            assert_eq!(j.verdict, PlayVerdict::Legal, "{p:?} {r}");
            assert_eq!(j.result, p, "{p:?} {r}");
            assert_eq!(j.alternatives.into_slots(), [None; 3], "{p:?} {r}");
            assert_eq!(j.hit_marks, HitMarks::default(), "{p:?} {r}");
            dances += 1;
        }
    }
    assert!(dances > 1000, "{dances}");
}

/// The lean entry point for the commonest play gives what [`judge`]
/// gives for every play it takes: each legal play of varied positions
/// (and of the oracle's, when present) written one hop per step, in
/// order and reversed, with its hit marks, none and all; and hops of
/// the dice from every point, legal or not.
#[test]
fn judge_plain_agrees_with_judge() {
    let mut generator = MoveGen::new();
    let mut taken = 0;
    let check = |p: &Position, r: Roll, generator: &mut MoveGen, taken: &mut usize| {
        let plays: Vec<Play> = generator.generate(p, r).iter().map(|g| g.play).collect();
        for legal in plays {
            let hops = hops_of(&legal);
            let marks: [&dyn Fn(&Hop) -> bool; 3] = [&|h| h.hit, &|_| false, &|_| true];
            for mark in marks {
                let marked: Vec<Hop> = hops.iter().map(|h| Hop { hit: mark(h), ..*h }).collect();
                let reversed: Vec<Hop> = marked.iter().rev().copied().collect();
                for w in [&marked, &reversed] {
                    let written = PlayNotation::from_hops(w).expect("at most four hops");
                    judge_plain_against_judge(p, r, &written, generator, taken);
                }
            }
        }
        // Two hops, one with each die, from any two points: legal or not.
        if !r.is_double() {
            let (a, b) = (r.first.pips(), r.second.pips());
            for from in 1..=25u8 {
                for other in [from, from.saturating_sub(a), 25, 6, 13] {
                    let first = Hop {
                        from,
                        to: from.saturating_sub(a),
                        hit: false,
                    };
                    let second = Hop {
                        from: other,
                        to: other.saturating_sub(b),
                        hit: true,
                    };
                    let written = PlayNotation::from_hops(&[first, second]).expect("two hops");
                    judge_plain_against_judge(p, r, &written, generator, taken);
                }
            }
        }
    };
    for p in random_positions(0x6a09_e667_f3bc_c908, 1500) {
        for (a, b) in (1..=6).flat_map(|a| (a..=6).map(move |b| (a, b))) {
            let r = Roll::new(a, b).expect("dice");
            check(&p, r, &mut generator, &mut taken);
        }
    }
    assert!(taken > 20_000, "{taken}");
    let Some(positions) = oracle_positions(
        "judge_plain checked against judge on the oracle's positions",
        3000,
    ) else {
        return;
    };
    for (p, r) in positions {
        check(&p, r, &mut generator, &mut taken);
    }
}

/// Plays from the bar decided without generation give the general
/// path's judgement: every written play of nothing or one entering hop
/// (with and without `*`) for every roll, over varied positions.
#[test]
fn plays_from_the_bar_agree_with_the_general_path() {
    let mut generator = MoveGen::new();
    let (mut dances, mut entries, mut entries_alone) = (0, 0, 0);
    for p in random_positions(0x9e37_79b9_7f4a_7c15, 3000) {
        for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
            let r = Roll::new(a, b).expect("dice");
            let mut written = vec![PlayNotation::empty()];
            for to in 19..=24 {
                for hit in [false, true] {
                    let hop = Hop { from: 25, to, hit };
                    written.push(PlayNotation::from_hops(&[hop]).expect("one hop"));
                }
            }
            for w in &written {
                let slow = general(&p, r, w, w.hops(), &mut generator);
                let Some(fast) = from_the_bar(&p, r, w.hops()).map(Decided::judgement) else {
                    continue;
                };
                assert_eq!(fast, slow, "{p:?} {r} `{w}`");
                assert_eq!(judge(&p, r, w, &mut generator), slow, "{p:?} {r} `{w}`");
                match (w.hops().len(), fast.result.on_bar()) {
                    (0, _) => dances += 1,
                    (_, true) => entries += 1,
                    (_, false) => entries_alone += 1,
                }
            }
        }
    }
    assert!(
        dances > 1000 && entries > 1000 && entries_alone > 100,
        "{dances} {entries} {entries_alone}"
    );
}

/// Judges every hop of one die's distance or bearing off, with and
/// without `*`, for `r` in `p` by [`one_die_alone`] and by the general
/// path; counts in `seen` the moves, bear-offs and judgements with
/// several legal plays decided without generation.
fn one_die_alone_against_general(
    p: &Position,
    r: Roll,
    generator: &mut MoveGen,
    seen: &mut [usize; 3],
) {
    let (a, b) = (r.first.pips(), r.second.pips());
    for from in 1..=25u8 {
        for to in [from.saturating_sub(a), from.saturating_sub(b), 0] {
            for hit in [false, true] {
                let hop = Hop { from, to, hit };
                let Some(fast) = one_die_alone(p, r, &hop).map(Decided::judgement) else {
                    continue;
                };
                let w = PlayNotation::from_hops(&[hop]).expect("one hop");
                let slow = general(p, r, &w, w.hops(), generator);
                assert_eq!(fast, slow, "{p:?} {r} `{w}`");
                assert_eq!(fast.steps.steps(), slow.steps.steps(), "{p:?} {r} `{w}`");
                seen[usize::from(to == 0)] += 1;
                seen[2] += usize::from(fast.legal_count > Some(1));
            }
        }
    }
}

/// A hop of one die of a roll that is no double, decided without
/// generation, gives the general path's judgement, over varied
/// positions with every roll and over the oracle's positions with
/// theirs.
#[test]
fn one_die_alone_agrees_with_the_general_path() {
    let mut generator = MoveGen::new();
    let mut seen = [0; 3];
    for p in random_positions(0x2545_f491_4f6c_dd1d, 3000) {
        for (a, b) in (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))) {
            if a != b {
                let r = Roll::new(a, b).expect("dice");
                one_die_alone_against_general(&p, r, &mut generator, &mut seen);
            }
        }
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    let Some(positions) = oracle_positions(
        "one die alone judged against the general path on the oracle's positions",
        usize::MAX,
    ) else {
        return;
    };
    for (p, r) in positions {
        if r.first != r.second {
            one_die_alone_against_general(&p, r, &mut generator, &mut seen);
        }
    }
    assert!(seen[2] > 100, "{seen:?}");
}

#[test]
fn an_ordinary_play_is_legal_without_generation() {
    let j = judge_text(&start(), "31", "8/5 6/5");
    assert!(j.is_legal());
    assert_eq!(j.legal_count, None, "the fast path needs no generation");
    assert_eq!(j.result.ours(5), 2);
}

#[test]
fn step_order_and_dice_order_do_not_matter() {
    assert!(judge_text(&start(), "13", "6/5 8/5").is_legal());
    assert!(judge_text(&start(), "65", "24/18 18/13").is_legal());
    assert!(judge_text(&start(), "65", "18/13 24/18").is_legal());
}

#[test]
fn compressed_moves_are_split_into_dice() {
    assert!(judge_text(&start(), "64", "24/14").is_legal());
    assert!(judge_text(&start(), "44", "24/16(2)").is_legal());
    let p = pos!(us 22:1, 6:14; them 24:2);
    assert!(judge_text(&p, "44", "22/6").is_legal());
    let p = pos!(us 24:1, 1:14; them 3:1);
    assert!(judge_text(&p, "66", "24/off").is_legal());
}

#[test]
fn bear_off_with_overage_after_one_step() {
    let p = pos!(us 9:1, 2:14; them 24:2);
    assert!(judge_text(&p, "65", "9/off").is_legal());
}

#[test]
fn bear_offs_written_one_hop_per_die_in_any_order() {
    // Overage on both dice, in either order of the hops.
    let p = pos!(us 2:1, 1:1; them 24:2);
    assert!(judge_text(&p, "65", "2/0 1/0").is_legal());
    assert!(judge_text(&p, "65", "1/0 2/0").is_legal());
    // The 4 point may use the 5 only once the 6 point is empty: the hops
    // as written fail step by step, the play is legal in the other order.
    let p = pos!(us 6:1, 4:1; them 24:2);
    assert!(judge_text(&p, "65", "4/0 6/0").is_legal());
    // Overage from a lower point while a higher one is occupied.
    let p = pos!(us 6:1, 4:2; them 24:2);
    assert_eq!(
        verdict(&p, "65", "4/0 4/0"),
        PlayVerdict::Illegal(IllegalKind::BearOffLower)
    );
    // `7/6` brings the last checker home, then `2/0` may bear off:
    // legal by resulting position though written the other way round.
    let p = pos!(us 7:1, 2:1; them 24:2);
    assert!(judge_text(&p, "21", "2/0 7/6").is_legal());
    // A checker still outside after the other step: too early.
    let p = pos!(us 9:1, 2:1; them 24:2);
    assert_eq!(
        verdict(&p, "21", "2/0 9/8"),
        PlayVerdict::Illegal(IllegalKind::BearOffEarly)
    );
}

#[test]
fn four_off_with_six_one_reaches_the_same_position_as_four_three_off() {
    let p = pos!(us 4:1; them 24:2);
    assert!(judge_text(&p, "61", "4/off").is_legal());
    assert!(judge_text(&p, "61", "4/3 3/off").is_legal());
}

#[test]
fn an_intermediate_hit_is_found_and_marks_decide_the_path() {
    // 61: 13/6 with a blot on 7 and an open 12 point: two readings.
    let p = pos!(us 13:2, 6:13; them 7:1, 1:2);
    let hit = judge_text(&p, "61", "13/7*/6");
    assert!(hit.is_legal());
    assert_eq!(hit.result.their_bar(), 1);
    let plain = judge_text(&p, "61", "13/6");
    assert!(plain.is_legal());
    assert_eq!(
        plain.result.their_bar(),
        0,
        "without a mark the non-hitting path is preferred"
    );
    assert!(
        plain
            .alternatives
            .iter()
            .next()
            .is_some_and(Option::is_some),
        "the hitting path is an alternative"
    );
    let marked = judge_text(&p, "61", "13/6*");
    assert_eq!(marked.result.their_bar(), 1);
}

#[test]
fn only_path_hits_when_the_other_is_blocked() {
    let p = pos!(us 13:2, 6:13; them 12:2, 7:1);
    let j = judge_text(&p, "61", "13/6");
    assert!(j.is_legal());
    assert_eq!(j.result.their_bar(), 1);
    assert!(j.hit_marks.missing);
    assert!(j.alternatives.iter().all(Option::is_none));
}

#[test]
fn wrong_dice() {
    assert_eq!(
        verdict(&start(), "52", "13/7 8/7"),
        PlayVerdict::Illegal(IllegalKind::WrongDice)
    );
    assert_eq!(
        verdict(&start(), "11", "8/3"),
        PlayVerdict::Illegal(IllegalKind::WrongDice)
    );
}

#[test]
fn under_played() {
    // Cup 2022 final: 11: 3/2 1/Off(2) with a fourth 1 playable.
    let p = pos!(us 3:1, 2:2, 1:2; them 24:2);
    let j = judge_text(&p, "11", "3/2 1/Off(2)");
    assert_eq!(j.verdict, PlayVerdict::Illegal(IllegalKind::UnderPlayed));
    assert_eq!(j.dice_used, 3);
    assert_eq!(j.max_dice, Some(4));
    assert_eq!(j.result.our_off(), 12);
    assert_eq!(
        verdict(&start(), "64", "13/7"),
        PlayVerdict::Illegal(IllegalKind::UnderPlayed)
    );
}

#[test]
fn smaller_die() {
    let p = pos!(us 25:1; them 20:2);
    assert_eq!(
        verdict(&p, "32", "bar/23"),
        PlayVerdict::Illegal(IllegalKind::SmallerDie)
    );
    assert_eq!(verdict(&p, "32", "bar/22"), PlayVerdict::Legal);
}

#[test]
fn bar_first() {
    let p = pos!(us 25:1, 13:5, 6:9; them 1:2);
    assert_eq!(
        verdict(&p, "64", "13/7 13/9"),
        PlayVerdict::Illegal(IllegalKind::BarFirst)
    );
}

#[test]
fn bear_off_early() {
    let p = pos!(us 8:1, 6:14; them 24:2);
    assert_eq!(verdict(&p, "65", "6/off 8/3"), PlayVerdict::Legal);
    assert_eq!(
        verdict(&p, "65", "6/off 6/1"),
        PlayVerdict::Illegal(IllegalKind::BearOffEarly)
    );
}

#[test]
fn bear_off_lower() {
    let p = pos!(us 5:1, 3:14; them 24:2);
    let j = judge_text(&p, "66", "3/off(4)");
    assert_eq!(j.verdict, PlayVerdict::Illegal(IllegalKind::BearOffLower));
}

#[test]
fn blocked_path() {
    let p = pos!(us 24:2, 6:13; them 18:2, 20:2);
    assert_eq!(
        verdict(&p, "64", "24/14"),
        PlayVerdict::Illegal(IllegalKind::BlockedPath)
    );
}

#[test]
fn no_play_and_play_when_none() {
    assert_eq!(
        verdict(&start(), "52", ""),
        PlayVerdict::Illegal(IllegalKind::NoPlay)
    );
    let closed = pos!(us 25:1, 6:14; them 24:2, 23:2, 22:2, 21:2, 20:2, 19:2);
    assert_eq!(verdict(&closed, "65", ""), PlayVerdict::Legal);
    assert_eq!(
        verdict(&closed, "65", "6/1 6/0"),
        PlayVerdict::Illegal(IllegalKind::PlayWhenNone)
    );
    // Steps that 6-5 cannot make: the dice are wrong, whatever the board.
    assert_eq!(
        verdict(&closed, "65", "6/2 6/0"),
        PlayVerdict::Illegal(IllegalKind::WrongDice)
    );
}

#[test]
fn impossible_plays() {
    assert_eq!(
        verdict(&start(), "42", "25/23 13/9"),
        PlayVerdict::Impossible {
            kind: ImpossibleKind::NoChecker,
            hop: 0
        }
    );
    assert_eq!(
        verdict(&start(), "51", "13/8 6/1"),
        PlayVerdict::Impossible {
            kind: ImpossibleKind::OntoMadePoint,
            hop: 1
        }
    );
    assert_eq!(
        verdict(&start(), "31", "5/8 6/5"),
        PlayVerdict::Impossible {
            kind: ImpossibleKind::Backward,
            hop: 0
        }
    );
}

#[test]
fn zero_zero_is_ignored() {
    let p = pos!(us 2:1; them 24:2);
    assert!(judge_text(&p, "21", "2/0 0/0").is_legal());
}

#[test]
fn enter_and_continue() {
    let p = pos!(us 25:1, 6:14; them 1:2);
    assert!(judge_text(&p, "51", "bar/20 20/19").is_legal());
    assert!(judge_text(&p, "51", "bar/19").is_legal());
}

#[test]
fn two_hits_in_one_play() {
    let p = pos!(us 8:1, 18:1, 13:13; them 6:1, 17:1);
    let j = judge_text(&p, "21", "8/6* 18/17*");
    assert!(j.is_legal());
    assert_eq!(j.result.their_bar(), 2);
    assert_eq!(j.hit_marks, HitMarks::default());
}

#[test]
fn repeated_hit_mark_on_one_point_is_not_spurious() {
    let p = pos!(us 8:2, 13:13; them 2:1);
    let j = judge_text(&p, "66", "8/2*(2) 13/7(2)");
    assert!(j.is_legal());
    assert_eq!(j.hit_marks, HitMarks::default());
}

#[test]
fn entering_with_the_rest_of_a_double_blocked_uses_one_step() {
    // Galaxy `22: 25/23`: one checker enters, every other 2 is blocked.
    let p = pos!(us 25:1, 2:14; them 21:2, 23:0, 19:2, 17:2, 15:2, 13:2, 11:2);
    let j = judge_text(&p, "22", "25/23");
    assert!(j.is_legal(), "{:?}", j.verdict);
    assert_eq!(j.max_dice, Some(1));
}

#[test]
fn enter_hit_and_move_two_together_with_a_double() {
    // `33: bar/22 24/21* 8/5(2)`
    let p = pos!(us 25:1, 24:1, 8:2, 6:11; them 21:1, 1:2);
    let j = judge_text(&p, "33", "bar/22 24/21* 8/5(2)");
    assert!(j.is_legal(), "{:?}", j.verdict);
    assert_eq!(j.result.their_bar(), 1);
    assert_eq!(j.hit_marks, HitMarks::default());
}

#[test]
fn two_checkers_hit_with_one_mark_each_in_a_double() {
    // `66: 8/2*(2) 7/1(2)`: the first checker to the 2 point hits.
    let p = pos!(us 8:2, 7:2, 6:11; them 2:1, 24:2);
    let j = judge_text(&p, "66", "8/2*(2) 7/1(2)");
    assert!(j.is_legal(), "{:?}", j.verdict);
    assert_eq!(j.result.their_bar(), 1);
    assert_eq!(j.hit_marks, HitMarks::default());
}

#[test]
fn must_enter_with_the_smaller_die_when_the_larger_is_blocked() {
    // 6-2 with one on the bar: the 6 cannot enter (their 6 point is
    // made), the 2 can, and then the 6 must be played if it can.
    let p = pos!(us 25:1, 13:14; them 19:2, 1:2);
    assert!(judge_text(&p, "62", "bar/23 13/7").is_legal());
    assert_eq!(
        verdict(&p, "62", "bar/23"),
        PlayVerdict::Illegal(IllegalKind::UnderPlayed)
    );
}

#[test]
fn only_three_steps_of_a_double_can_be_played() {
    // 5-5: 20/15/10 and 17/12; then 10/5 and 12/7 are blocked, 6/1 too,
    // and no checker may bear off while one is outside: three steps.
    let p = pos!(us 20:1, 17:1, 6:13; them 7:2, 5:2, 1:2);
    let plays = crate::rules::legal_plays(&p, Roll::new(5, 5).expect("dice"));
    assert!(!plays.is_empty());
    assert!(plays.iter().all(|lp| lp.play.dice_used() == 3), "{plays:?}");
    assert!(judge_text(&p, "55", "20/10 17/12").is_legal());
    assert_eq!(
        verdict(&p, "55", "20/10"),
        PlayVerdict::Illegal(IllegalKind::UnderPlayed)
    );
}

#[test]
fn illegal_play_is_applied_as_played() {
    let j = judge_text(&start(), "52", "13/7 8/7");
    assert_eq!(j.result.ours(7), 2);
    assert_eq!(j.result.ours(13), 4);
}

/// `6/off` with 6-1, our checkers on 6 and 2 and a blot of theirs on our
/// 5: the one-die reading (6 off, the 1 unplayed while 2/1 is open) is
/// not legal, the both-dice reading `6/5*/off` is, and it is the one the
/// judge takes (the hit unmarked). Found by the property tests of every
/// variant on a Hypergammon bear-off.
#[test]
fn a_bear_off_hop_is_read_over_both_dice_when_only_that_is_legal() {
    let p = pos!(us 6:1, 2:1; them 5:1, 19:1);
    let j = judge_text(&p, "61", "6/off");
    assert_eq!(j.verdict, PlayVerdict::Legal);
    assert_eq!(j.steps.to_string(), "6/5*/off");
    assert_eq!(
        format!("{:?}", j.result),
        "us{2:1} them{bar:1 6:1} off 14/13"
    );
}
