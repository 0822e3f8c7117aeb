use super::*;
use crate::side::ByPlayer;
use crate::skill::Candidate;

fn context(length: u32, cube: u32) -> Context {
    Context {
        length,
        score: ByPlayer::new(0, 0),
        cube,
        owner: None,
        crawford: false,
        crawford_rule: true,
        jacoby: false,
        beavers: false,
    }
}

/// A play of `player` losing `error` against the best of two.
fn play(player: Side, error: f64) -> Decision {
    Decision::Chequer {
        player,
        candidates: vec![
            Candidate { equity: 0.5 },
            Candidate {
                equity: 0.5 - error,
            },
        ],
        played: Some(1),
        legal_plays: 20,
        xg_error: None,
    }
}

fn tally(c: &Context, decisions: &[Decision]) -> Tally {
    let mut t = Tally::default();
    for d in decisions {
        t.add(c, d, Side::First);
    }
    t.add(
        c,
        &Decision::GameEnd {
            winner: Some(Side::First),
            points: 1,
        },
        Side::First,
    );
    t
}

#[test]
fn match_play_costs_mwc_and_money_costs_points() {
    let decisions = [play(Side::First, 0.1), play(Side::Second, 0.2)];
    let m = tally(&context(5, 1), &decisions).statistics();
    assert_eq!(m.unit, Unit::Mwc);
    assert_eq!(
        (m.checker.moves, m.checker.unforced, m.checker.bad),
        (1, 1, 1)
    );
    assert!((m.checker.error_emg + 0.1).abs() < 1e-6);
    let mwc = m.checker.error_mwc.expect("MWC in match play");
    assert!(mwc < -0.5 && mwc > -2.0, "{mwc}");
    assert_eq!(m.checker.error_points, None);
    assert!(m.overall.error_based_fibs_rating.is_some());
    // The Snowie rate counts both players' moves.
    assert!((m.overall.snowie_error_rate.unwrap() + 50.0).abs() < 1e-3);

    let money = tally(&context(0, 2), &decisions).statistics();
    assert_eq!(money.unit, Unit::Points);
    assert_eq!(money.checker.error_mwc, None);
    assert!((money.checker.error_points.unwrap() + 0.2).abs() < 1e-6);
    assert_eq!(money.overall.error_based_fibs_rating, None);
    assert_eq!(money.overall.actual_result_points, Some(1.0));
    let cells = gnubg_cells(&money);
    assert!(cells.iter().any(|c| c.row == "Error total EMG (Points)"));
}

#[test]
fn merged_tallies_sum_and_rate_total_over_total() {
    let c = context(5, 1);
    let mut sum = Tally::default();
    sum.merge(&tally(&c, &[play(Side::First, 0.1)]));
    sum.merge(&tally(
        &c,
        &[play(Side::First, 0.04), play(Side::First, 0.0)],
    ));
    let s = sum.statistics();
    assert_eq!((s.games, s.checker.moves, s.checker.unforced), (2, 3, 3));
    assert_eq!((s.checker.doubtful, s.checker.bad), (1, 1));
    assert!((s.checker.error_emg + 0.14).abs() < 1e-6);
    assert!((s.checker.error_rate_memg + 140.0 / 3.0).abs() < 1e-3);
    // Money and match play summed: no second unit.
    sum.merge(&tally(&context(0, 1), &[play(Side::First, 0.1)]));
    let mixed = sum.statistics();
    assert_eq!(mixed.unit, Unit::Mixed);
    assert_eq!(
        (mixed.checker.error_mwc, mixed.checker.error_points),
        (None, None)
    );
}

#[test]
fn json_gives_the_printed_digits_of_an_f32() {
    let json = serde_json::to_value(Statistics {
        checker: Checker {
            error_emg: -2.300_733,
            error_mwc: Some(-0.0),
            ..Checker::default()
        },
        ..Statistics::default()
    })
    .expect("json");
    assert_eq!(json["checker"]["error_emg"].to_string(), "-2.300733");
    assert_eq!(json["checker"]["error_mwc"].to_string(), "0.0");
    assert_eq!(json["checker"]["error_points"], serde_json::Value::Null);
}

#[test]
fn c_fixed_prints_as_printf() {
    assert_eq!(c_fixed(-0.171, true, 6, 3), "-0.171");
    assert_eq!(c_fixed(0.0, true, 7, 3), " +0.000");
    assert_eq!(c_fixed(-0.0, true, 7, 3), " -0.000");
    assert_eq!(c_fixed(-0.00004, true, 7, 3), " -0.000");
    assert_eq!(c_fixed(1972.6, false, 6, 1), "1972.6");
    assert_eq!(c_fixed(44.0, false, 6, 1), "  44.0");
}
