//! Variants: legal-play counts from the starting positions of Nackgammon,
//! Hypergammon 1-3 and Plakoto, each count worked out by hand in a comment;
//! Plakoto's pinning, bear-off, mother rule and scoring; the judge on Plakoto
//! plays; the Plakoto fixtures replayed as their README describes.

use bgaudit::dice::Roll;
use bgaudit::notation::PlayNotation;
use bgaudit::position::{Position, Variant};
use bgaudit::rules::plakoto::{PlakotoEnd, PlakotoWin, game_end};
use bgaudit::rules::{
    Board, IllegalKind, MoveGen, PlakotoPosition, PlakotoSetup, PlayVerdict, judge, legal_plays,
};

use bgaudit::finding::Severity;
use bgaudit::replay::{Options, RuleSource, check_bytes};

use crate::util::fixtures;

fn roll(a: u8, b: u8) -> Roll {
    Roll::new(a, b).unwrap()
}

fn count(position: &Position, a: u8, b: u8) -> usize {
    legal_plays(position, roll(a, b)).len()
}

/// Every roll, high die first: 11, 21, 22, 31, 32, 33, ...
fn all_rolls() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8).flat_map(|a| (1..=a).map(move |b| (a, b)))
}

// Nackgammon: ours 24:2 23:2 13:4 8:3 6:4. Theirs, in our numbering, hold
// our 1 (2), 2 (2), 12 (4), 17 (3) and 19 (4): five blocked points, no blot.
// No checker may bear off (8 and above are out).

#[test]
fn nackgammon_opening_counts() {
    let start = Position::starting(Variant::Nackgammon);
    // 66: a 6 moves 24/18 or 13/7 only (23/17 and 8/2 are blocked, 6/off
    // not allowed), and neither can go on (18/12 and 7/1 are blocked). Four
    // single steps from two 24s and four 13s: 0, 1 or 2 from the 24 point.
    assert_eq!(count(&start, 6, 6), 3);
    // 65: the 6 is 24/18 or 13/7; the 5 is 23/18, 13/8 or 8/3 (24/19 and
    // 6/1 blocked). Two checkers: 2 x 3 = 6 plays; one checker: 24/18/13
    // (24/19 blocked, 23/12 and 13/2 blocked): 7 in all, all different.
    assert_eq!(count(&start, 6, 5), 7);
    // 64: the 6 is 24/18 or 13/7; the 4 is 24/20, 13/9 or 8/4 (23/19, 6/2
    // blocked). Two checkers: 2 x 3 = 6; one checker: 24/14 and 13/3 (the
    // 23 cannot move 10: 17 and 19 are blocked; 8/off is not allowed): 8.
    assert_eq!(count(&start, 6, 4), 8);
    // 61: the 6 is 24/18 or 13/7; the 1 is 24/23, 23/22, 8/7 or 6/5 (13/12
    // blocked). Two checkers: 2 x 4 = 8; one checker: 23/22/16 and 13/7/6
    // (24/17 and 8/1 land on blocked points): 10.
    assert_eq!(count(&start, 6, 1), 10);
    // 54: the 5 is 23/18, 13/8 or 8/3; the 4 is 24/20, 13/9 or 8/4. Two
    // checkers: 3 x 3 = 9; one checker: 24/20/15, 23/18/14, 13/4: 3. But
    // 13/8 with another checker 8/4 leaves the same position as 13/4: 11.
    assert_eq!(count(&start, 5, 4), 11);
    // 51: the 5 is 23/18, 13/8 or 8/3; the 1 is 24/23, 23/22, 8/7 or 6/5.
    // Two checkers: 3 x 4 = 12; one checker: 24/23/18 and 13/8/7: 2. Two
    // pairs repeat a one-checker result (23/18 24/23 = 24/18, 13/8 8/7 =
    // 13/7): 12.
    assert_eq!(count(&start, 5, 1), 12);
    // 21: the 2 moves from any of 24, 23, 13, 8, 6 (22, 21, 11, 6, 4 all
    // open); the 1 from 24, 23, 8 or 6. Two checkers: 5 x 4 = 20; one
    // checker: 24/21, 23/20, 13/10, 8/5, 6/3: 5. Two pairs repeat a
    // one-checker result: 24/23 23/21 = 24/21 and 8/6 6/5 = 8/5: 23.
    assert_eq!(count(&start, 2, 1), 23);
    // 55: only 23/18, 13/8 and 8/3 move (24/19, 6/1 blocked; 3/off not
    // allowed), and a moved checker goes on down 23-18-13-8-3. Count the
    // 5s crossing each link: f0 (23->18, at most 2 checkers), f1 (18->13,
    // at most f0), f2 (13->8), f3 (8->3), summing to 4; each choice is one
    // result. f0 = 0: f2 + f3 = 4 except f3 = 4 with f2 = 0 (only 3 on the
    // 8 point): 4. f0 = 1: f1 = 0 gives 4, f1 = 1 gives 3: 7. f0 = 2:
    // f1 = 0, 1, 2 gives 3 + 2 + 1 = 6. Total 17.
    assert_eq!(count(&start, 5, 5), 17);
}

#[test]
fn hypergammon_1_has_one_play_for_every_roll() {
    // One checker on our 24, theirs on our 1: the checker moves the whole
    // roll (every point it can touch, 24 down to 4, is empty; our 1 point
    // needs 23 pips). 66 goes 24/18/12/6 and then, being home, off.
    let start = Position::starting(Variant::Hypergammon(1));
    for (a, b) in all_rolls() {
        assert_eq!(count(&start, a, b), 1, "{a}{b}");
    }
    let plays = legal_plays(&start, roll(6, 6));
    assert_eq!(plays[0].result.our_off(), 1);
}

#[test]
fn hypergammon_2_counts() {
    // Ours on 24 and 23, theirs on our 1 and 2 (out of reach: 21 pips).
    let start = Position::starting(Variant::Hypergammon(2));
    for (a, b) in all_rolls() {
        let expected = match (a, b) {
            // Four 1s split k on the 24 and 4 - k on the 23 (k = 0..4), but
            // 24/23 then 23/22 moves the same as 23/22 itself: results are
            // {24,19}, {23,20}, {22,21}: 3.
            (1, 1) => 3,
            // Four 6s: neither checker may take all four (the last step would
            // bear off with the other still out): k = 1, 2, 3: 3.
            (6, 6) => 3,
            // Other doubles: k = 0..4, five different results.
            _ if a == b => 5,
            // 24/a 23/b, 24/b 23/a, 24 moves both, 23 moves both: 4, except
            // that with a 1 "24/23, then the 23 moves a" equals "24 stays,
            // 23 moves a + 1": 3.
            (_, 1) => 3,
            _ => 4,
        };
        assert_eq!(count(&start, a, b), expected, "{a}{b}");
    }
}

#[test]
fn hypergammon_3_counts() {
    // Ours on 24, 23, 22, theirs on our 1, 2, 3.
    let start = Position::starting(Variant::Hypergammon(3));
    for (a, b) in all_rolls() {
        let expected = match (a, b) {
            // Doubles: four steps shared among three checkers, C(6,2) = 15
            // ways. 1s: the results are the final points x >= y >= z with
            // x <= 24, y <= 23, z <= 22 and 4 pips moved: {24,23,18},
            // {24,22,19}, {24,21,20}, {23,23,19}, {23,22,20}, {23,21,21},
            // {22,22,21}: 7.
            (1, 1) => 7,
            // 2s: the 24 checker moving i and the 22 checker k equals 24
            // moving k + 1 and 22 moving i - 1; four of the 15 ways repeat
            // another: 11.
            (2, 2) => 11,
            // 6s: no checker may take all four (it would bear off with the
            // others out): 15 - 3 = 12.
            (6, 6) => 12,
            // 3s, 4s, 5s: the three starting points differ mod the die, so
            // all 15 results differ (5s may hit their checkers on our 3 and
            // 2: still legal).
            _ if a == b => 15,
            // One checker moves both dice (3) or two checkers one die each
            // (3 x 2 = 6): 9. A 1 from 24 or 23 lands on the next checker's
            // point, so 24/23 + 23 moving a = 24 moving a + 1, and 23/22 +
            // 22 moving a = 23 moving a + 1: 7. With 2-1 also 24/22 + 22/21
            // = 24/21: 6.
            (2, 1) => 6,
            (_, 1) => 7,
            // A 2 from 24 lands on 22: 24/22 + 22 moving a = 24 moving a + 2:
            // 8.
            (_, 2) => 8,
            _ => 9,
        };
        assert_eq!(count(&start, a, b), expected, "{a}{b}");
    }
}

/// A Plakoto position from free checkers per point in our numbering and
/// the points whose top checkers pin one opposing checker.
fn plakoto(
    ours: &[(usize, i8)],
    theirs: &[(usize, i8)],
    pins: &[usize],
    off: (u8, u8),
) -> PlakotoPosition {
    let mut setup = PlakotoSetup {
        points: [0; 25],
        pinned: [false; 25],
        our_off: off.0,
        their_off: off.1,
    };
    for &(p, c) in ours {
        setup.points[p] += c;
    }
    for &(p, c) in theirs {
        setup.points[p] -= c;
    }
    for &p in pins {
        setup.pinned[p] = true;
    }
    setup.into_position().unwrap()
}

fn plakoto_count(position: &PlakotoPosition, a: u8, b: u8) -> usize {
    legal_plays(position, roll(a, b)).len()
}

#[test]
fn plakoto_opening_counts() {
    // 15 of ours on 24, their 15 on our 1: nothing we can reach is
    // occupied (our 1 needs 23 pips) and nothing may bear off.
    let start = PlakotoPosition::starting();
    for (a, b) in all_rolls() {
        let expected = match (a, b) {
            // Doubles: the four steps split among checkers as 4, 3+1, 2+2,
            // 2+1+1 or 1+1+1+1: 5 results (one checker taking all four ends
            // on 20, 16, 12, 8 or 4)...
            // ...except 66, where a checker taking all four would bear off
            // from the 6 point with 14 checkers out: 4.
            (6, 6) => 4,
            _ if a == b => 5,
            // One checker moves both dice (either order lands on the same
            // point), or two checkers one die each: 2.
            _ => 2,
        };
        assert_eq!(plakoto_count(&start, a, b), expected, "{a}{b}");
    }
}

#[test]
fn plakoto_counts_around_a_pin() {
    // One of ours pinned on our 20 under their single checker; their free
    // blot on our 18; 14 of ours on 24, 13 of theirs on our 1.
    let p = plakoto(&[(24, 14)], &[(20, 1), (18, 1), (1, 13)], &[20], (0, 0));
    // 42: the 4 cannot go first (24/20 lands on the pinning point, the
    // pinned checker cannot move); 24/22 then 22/18 pins: 1 play.
    let plays = legal_plays(&p, roll(4, 2));
    assert_eq!(plays.len(), 1);
    assert!(plays[0].result.their_pinned(18));
    assert_eq!(plays[0].play.to_string(), "24/18*");
    // 62: 24/18* 24/22, or one checker 24/16 (through 18 or 22: both paths
    // end with their blot free again): 2.
    assert_eq!(plakoto_count(&p, 6, 2), 2);
    // 22: 24/22 and no further (22/20 is the pinning point): 24/22(4): 1.
    assert_eq!(plakoto_count(&p, 2, 2), 1);
    // 44: 24/20 is closed to us and the pinned checker cannot move: 0.
    assert_eq!(plakoto_count(&p, 4, 4), 0);
    // 33: checkers go 24-21-18-15-12 (18 pinned by the first to land, then
    // ours); results are the partitions of 4 steps: 4, 3+1, 2+2, 2+1+1,
    // 1+1+1+1: 5.
    assert_eq!(plakoto_count(&p, 3, 3), 5);
}

#[test]
fn plakoto_pinned_checker_and_pinning_point_rules() {
    let p = plakoto(&[(24, 14)], &[(20, 1), (1, 14)], &[20], (0, 0));
    assert_eq!(
        p.check_step(20, 1),
        Err(bgaudit::rules::IllegalStep::Pinned)
    );
    assert_eq!(
        p.check_step(24, 4),
        Err(bgaudit::rules::IllegalStep::PinningPoint)
    );
    // Bear-off refused with a pinned checker in the home board.
    let home = plakoto(&[(6, 4), (2, 3)], &[(3, 1), (20, 7)], &[3], (7, 7));
    assert_eq!(
        home.check_step(2, 2),
        Err(bgaudit::rules::IllegalStep::PinnedBearOff)
    );
    // 51: 6/1 and a 1 (6/5 or 2/1) can be played; nothing may bear off.
    let plays = legal_plays(&home, roll(5, 1));
    assert!(!plays.is_empty());
    assert!(plays.iter().all(|lp| lp.result.our_off() == 7));
}

#[test]
fn plakoto_game_ends_and_scores() {
    // Bear-off of all 15: 1, 2 or 3 by what the loser has left.
    let single = plakoto(&[], &[(20, 14)], &[], (15, 1));
    assert_eq!(
        game_end(&single),
        Some(PlakotoEnd::WeWin(PlakotoWin::Single))
    );
    let double = plakoto(&[], &[(7, 15)], &[], (15, 0));
    assert_eq!(
        game_end(&double),
        Some(PlakotoEnd::WeWin(PlakotoWin::Double))
    );
    let triple = plakoto(&[], &[(7, 14), (2, 1)], &[], (15, 0));
    assert_eq!(
        game_end(&triple),
        Some(PlakotoEnd::WeWin(PlakotoWin::Triple))
    );
    assert_eq!(
        [PlakotoWin::Single, PlakotoWin::Double, PlakotoWin::Triple].map(PlakotoWin::multiplier),
        [1, 2, 3]
    );
    // Their mother (their last checker on their 24 = our 1) pinned by ours,
    // and none of ours left on our 24: we win 3.
    let mother = plakoto(&[(1, 1), (9, 14)], &[(12, 14)], &[1], (0, 0));
    assert_eq!(
        game_end(&mother),
        Some(PlakotoEnd::WeWin(PlakotoWin::Mother))
    );
    assert_eq!(PlakotoWin::Mother.multiplier(), 3);
    // The same with a checker of ours still on our 24: play goes on.
    let pending = plakoto(&[(24, 1), (1, 1), (9, 13)], &[(12, 14)], &[1], (0, 0));
    assert_eq!(game_end(&pending), None);
    // Both mothers pinned: a draw.
    let draw = plakoto(&[(1, 1), (9, 13)], &[(24, 1), (12, 13)], &[1, 24], (0, 0));
    assert_eq!(game_end(&draw), Some(PlakotoEnd::Draw));
    assert_eq!(game_end(&draw.flip()), Some(PlakotoEnd::Draw));
}

fn verdict(position: &PlakotoPosition, dice: &str, text: &str) -> PlayVerdict {
    let roll: Roll = dice.parse().unwrap();
    let play = PlayNotation::parse(text).unwrap();
    judge(position, roll, &play, &mut MoveGen::new()).verdict
}

#[test]
fn the_judge_names_the_plakoto_rules() {
    let pinned = plakoto(&[(24, 14)], &[(20, 1), (1, 14)], &[20], (0, 0));
    assert_eq!(verdict(&pinned, "31", "24/21 24/23"), PlayVerdict::Legal);
    assert_eq!(
        verdict(&pinned, "31", "20/17 24/23"),
        PlayVerdict::Illegal(IllegalKind::PinnedChecker)
    );
    assert_eq!(
        verdict(&pinned, "42", "24/20 24/22"),
        PlayVerdict::Illegal(IllegalKind::OntoPinnedPoint)
    );
    let home = plakoto(&[(6, 4), (2, 3)], &[(3, 1), (20, 7)], &[3], (7, 7));
    assert_eq!(
        verdict(&home, "61", "6/5 6/0"),
        PlayVerdict::Illegal(IllegalKind::BearOffPinned)
    );
    assert_eq!(IllegalKind::PinnedChecker.name(), "pinned-checker");
    assert_eq!(IllegalKind::OntoPinnedPoint.name(), "onto-pinned-point");
    assert_eq!(IllegalKind::BearOffPinned.name(), "bear-off-pinned");
    // A pin written with `*` is legal and leaves their checker pinned.
    let blot = plakoto(&[(24, 15)], &[(20, 1), (1, 14)], &[], (0, 0));
    let j = judge(
        &blot,
        roll(3, 1),
        &PlayNotation::parse("24/21 21/20*").unwrap(),
        &mut MoveGen::new(),
    );
    assert!(j.is_legal());
    assert!(j.result.their_pinned(20));
    assert!(!j.hit_marks.missing && !j.hit_marks.spurious);
}

/// The findings `bgaudit check` gives for a fixture, as (line, column,
/// `code` or `code/kind`), and the match's final score.
fn check(path: &std::path::Path) -> (Vec<(u32, u32, String)>, [u32; 2]) {
    let bytes = std::fs::read(path).expect("fixture present");
    let report = check_bytes(&path.display().to_string(), &bytes, &Options::default());
    let findings = report
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| {
            let code = match f.kind {
                Some(kind) => format!("{}/{kind}", f.code),
                None => f.code.to_string(),
            };
            (f.location.line, f.location.column, code)
        })
        .collect();
    let score = report
        .matches
        .first()
        .map_or([0, 0], |m| [m.final_score.first, m.final_score.second]);
    (findings, score)
}

/// A fixture and what checking it must find.
struct Expected {
    file: &'static str,
    findings: &'static [(u32, u32, &'static str)],
    score: [u32; 2],
}

#[test]
fn plakoto_fixtures_check_as_documented() {
    // fixtures/plakoto/README.md; the files say `; [Variation "Plakoto"]`.
    let expected = [
        Expected {
            file: "legal-3pt.mat",
            findings: &[],
            score: [5, 1],
        },
        Expected {
            file: "legal-5pt.mat",
            findings: &[],
            score: [5, 3],
        },
        Expected {
            file: "pinned-checker.mat",
            findings: &[(146, 34, "illegal-play/pinned-checker")],
            score: [5, 3],
        },
        Expected {
            file: "onto-pinned-point.mat",
            findings: &[(153, 6, "illegal-play/onto-pinned-point")],
            score: [5, 3],
        },
        Expected {
            file: "bear-off-pinned.mat",
            findings: &[(96, 34, "illegal-play/bear-off-pinned")],
            score: [5, 1],
        },
        Expected {
            file: "wrong-dice.mat",
            findings: &[(10, 6, "illegal-play/wrong-dice")],
            score: [5, 1],
        },
        Expected {
            // The replay keeps the game's true value (3), not the written 4.
            file: "wrong-wins.mat",
            findings: &[(143, 7, "points-mismatch")],
            score: [5, 1],
        },
    ];
    for e in expected {
        let (found, score) = check(&fixtures().join("plakoto").join(e.file));
        let found: Vec<(u32, u32, &str)> =
            found.iter().map(|(l, c, f)| (*l, *c, f.as_str())).collect();
        assert_eq!(found, e.findings, "{}", e.file);
        assert_eq!(score, e.score, "{}", e.file);
    }
}

#[test]
fn gnubg_variant_exports_check_clean() {
    // Matches GNU Backgammon 1.07 played against itself and exported with
    // `export match mat`; their `; [Variation]` tags give the start.
    for file in ["nackgammon/nack.mat", "hypergammon/hyper3.mat"] {
        let (found, score) = check(&fixtures().join(file));
        assert_eq!(found, Vec::<(u32, u32, String)>::new(), "{file}");
        assert!(
            score.iter().any(|&s| s >= 3),
            "{file}: a 3-point match ends"
        );
    }
}

#[test]
fn a_dailygammon_start_dump_states_nackgammon() {
    // DailyGammon writes the starting position of each game in row 1
    // (`12: Illegal play (7;0;...)`); this match has no Variation tag, so
    // the dump is what says the game is Nackgammon.
    let path = fixtures().join("nackgammon/dailygammon-start.mat");
    let bytes = std::fs::read(&path).unwrap();
    let report = check_bytes("nackgammon.mat", &bytes, &Options::default());
    assert_eq!(report.findings, Vec::new(), "no finding, not even a note");
    let rules = report.matches[0].rules.unwrap();
    assert_eq!(rules.variant.value, Variant::Nackgammon);
    assert_eq!(rules.variant.source, RuleSource::File);
    assert_eq!(report.matches[0].games, 1);
    assert_eq!(report.matches[0].plays, 3);

    // The file's word goes before a flag's, as a tag's would.
    let mut options = Options::default();
    options.flags.variant = Some(Variant::Backgammon);
    let report = check_bytes("nackgammon.mat", &bytes, &options);
    assert_eq!(report.findings, Vec::new());
    let rules = report.matches[0].rules.unwrap();
    assert_eq!(rules.variant.value, Variant::Nackgammon);
    assert_eq!(rules.variant.source, RuleSource::File);
}

#[test]
fn a_variation_tag_naming_an_unknown_game_is_reported_not_ignored() {
    let clean = std::fs::read_to_string(fixtures().join("examples/friendly-3pt.mat")).unwrap();
    let fevga = format!("; [Variation \"Fevga\"]\n{clean}");
    let report = check_bytes("fevga.mat", fevga.as_bytes(), &Options::default());
    // One warning on the tag line, and no play judged as if it were
    // backgammon (which would be a cascade of impossible plays).
    let found: Vec<(&str, Severity, u32)> = report
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.severity, f.location.line))
        .collect();
    assert_eq!(found, [("unsupported", Severity::Warning, 1)]);
    assert!(report.findings[0].message.contains("`Fevga`"));
    assert_eq!(report.matches[0].plays, 0, "no play judged");

    // With --variant the user says which game it is: an info, and judged.
    let mut options = Options::default();
    options.flags.variant = Some(Variant::Backgammon);
    let report = check_bytes("fevga.mat", fevga.as_bytes(), &options);
    let found: Vec<(&str, Severity)> = report
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.severity))
        .collect();
    assert_eq!(found, [("unsupported", Severity::Info)]);
    assert!(report.matches[0].plays > 0);
}
