use super::*;

thread_local! {
    /// Actions replayed by the analysis on this thread.
    pub(super) static REPLAYED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[test]
fn a_long_game_of_unplayed_rolls_is_analysed_within_its_budget() {
    let rows = 3_000;
    let mut text = String::from(" 1 point match\n\n Game 1\n a : 0                  b : 0\n");
    for row in 1..=rows {
        text.push_str(&format!("{row:3}) 31:                     42:\n"));
    }
    REPLAYED.with(|r| r.set(0));
    let report = crate::replay::check_bytes("long.mat", text.as_bytes(), &Default::default());
    let actions = 2 * rows;
    let replayed = REPLAYED.with(std::cell::Cell::get);
    // Within the budget, and the budget spent: without it, every one
    // of the 24 closest plays of each of 4 plays replays the game.
    assert!(replayed <= REPLAYS_PER_ACTION * actions, "{replayed}");
    assert!(replayed > actions, "{replayed}");
    let unplayed = format!("nothing is played in {rows} rolls in a row");
    assert_eq!(
        report
            .findings
            .iter()
            .filter(|f| f.code == Code::IllegalPlay && f.message.contains(&unplayed))
            .count(),
        2,
        "{:#?}",
        report.findings
    );
}

#[test]
fn a_hop_left_out_or_a_digit_changed_is_one_slip() {
    let start = crate::position::Position::starting(crate::position::Variant::Backgammon);
    let roll = crate::dice::Roll::new(3, 2).expect("dice");
    let plays = crate::rules::legal_plays(&start, roll);
    let written = PlayNotation::parse("24/22").expect("notation");
    let slips: Vec<String> = plays
        .iter()
        .filter(|p| one_slip(&written, &p.play))
        .map(|p| p.play.to_string())
        .collect();
    assert!(slips.contains(&"24/22 13/10".to_owned()), "{slips:?}");
    assert!(
        slips.contains(&"24/21 24/22".to_owned()) || slips.iter().any(|s| s.contains("24/21")),
        "{slips:?}"
    );
    assert!(!slips.contains(&"13/10 13/11".to_owned()), "{slips:?}");
}

#[test]
fn a_compressed_move_is_close_to_its_steps() {
    let start = crate::position::Position::starting(crate::position::Variant::Backgammon);
    let roll = crate::dice::Roll::new(6, 4).expect("dice");
    let written = PlayNotation::parse("24/14").expect("notation");
    let plays = crate::rules::legal_plays(&start, roll);
    let best = plays
        .iter()
        .min_by_key(|p| distance(&written, &p.play))
        .expect("legal plays");
    assert_eq!(distance(&written, &best.play), 0, "{}", best.play);
}
