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
fn a_game_whose_budget_runs_out_keeps_its_trace() {
    // Too long to settle every reading: the game is replayed a last time
    // as written, and that replay is the one traced (`show`, `explain`).
    let rows = 3_000;
    let mut text = String::from(" 1 point match\n\n Game 1\n a : 0                  b : 0\n");
    for row in 1..=rows {
        text.push_str(&format!("{row:3}) 31:                     42:\n"));
    }
    let options = crate::replay::Options {
        trace: true,
        ..Default::default()
    };
    let report = crate::replay::check_bytes("long.mat", text.as_bytes(), &options);
    assert!(
        report.trace.len() >= 2 * rows,
        "{} steps traced",
        report.trace.len()
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

/// A game replayed from a clone of its start twice: each replay starts
/// from the state the game started at (its findings rewound, not
/// doubled), and leaves the same state; the state it started from is
/// not touched.
#[test]
fn a_game_replays_from_a_clone_of_its_start() {
    let options = crate::replay::Options::default();
    let mut replayer = Replayer::new(&options);
    let opened = crate::replay::state::open_match(7);
    let start = GameStart {
        state: opened.snapshot(),
        findings: 0,
        hit_marks: 0,
        trace: 0,
    };
    replayer.current = Some(opened);
    let mut events = crate::replay::state::Events::with_capacity(4);
    events.push_action(
        crate::replay::state::play_at(5, Side::First, 3, 1, "8/5 6/5"),
        false,
    );
    // Illegal: 5-2 played as 5-3.
    events.push_action(
        crate::replay::state::play_at(6, Side::Second, 5, 2, "13/8 13/10"),
        false,
    );
    events.push_action(
        crate::replay::state::play_at(7, Side::First, 6, 4, "24/14"),
        false,
    );
    let mut after = Vec::new();
    for _ in 0..2 {
        let trial = MatchState::restored(&start.state, replayer.current.as_mut());
        let replayed = replayer.replay_game(trial, &start, &events, false);
        let replayed = replayed.expect("the match goes on");
        let findings: Vec<Code> = replayer.recorder.findings.iter().map(|f| f.code).collect();
        assert_eq!(findings, [Code::IllegalPlay]);
        assert_eq!(replayed.summary.plays, 3);
        after.push(format!("{:?}", replayed.snapshot()));
        replayer.current = Some(replayed);
    }
    assert_eq!(after[0], after[1]);
    assert_ne!(after[0], format!("{:?}", start.state));
    let names = replayer
        .current
        .as_ref()
        .and_then(|m| m.player(Side::First));
    assert_eq!(names.as_deref(), Some("Omar"));
}
