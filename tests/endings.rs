//! How games end and how cube chains are written, in every producer's
//! dialect (`fixtures/endings/`, see its README): legal records give no
//! warning or error, defective ones one finding per cause, and the messages
//! name the players.

use bgaudit::catalogue::{Code, Kind, Severity};
use bgaudit::finding::Finding;
use bgaudit::replay::{FileReport, Options, RuleFlags, check_bytes};
use bgaudit::side::{ByPlayer, Side};

use crate::util::{fixtures, shared_or_skip};

fn read(name: &str) -> String {
    let path = fixtures().join("endings").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn check_with(name: &str, text: &str, flags: RuleFlags) -> FileReport {
    let options = Options {
        flags,
        ..Options::default()
    };
    check_bytes(name, text.as_bytes(), &options)
}

fn check(name: &str) -> FileReport {
    check_with(name, &read(name), RuleFlags::default())
}

/// The findings at warning or error level.
fn problems(report: &FileReport) -> Vec<&Finding> {
    report
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .collect()
}

fn assert_clean(report: &FileReport) {
    let bad = problems(report);
    assert!(bad.is_empty(), "{}: {bad:#?}", report.path);
}

#[test]
fn opengammon_writes_the_accepted_resignation_in_the_winners_column() {
    let report = check("opengammon-resigned.mat");
    assert_clean(&report);
    let m = &report.matches[0];
    assert_eq!(m.final_score, ByPlayer::new(3, 1));
    assert_eq!(m.winner.as_deref(), Some("Sir_Plover"));
    // `Wins 3 points and the match` at cube 2: the value is capped at what
    // the winner needed, an info.
    let infos: Vec<_> = report
        .findings
        .iter()
        .map(|f| (f.location.line, f.code))
        .collect();
    assert_eq!(infos, [(34, Code::PointsMismatch)]);
    assert_eq!(report.findings[0].severity, Severity::Info);
}

#[test]
fn a_resignation_written_as_accepted_follows_the_result_line_of_the_other_column() {
    // The same resignations with the result in the other column: the `Wins`
    // line names the winner, whichever column the cell is in.
    let text = read("opengammon-resigned.mat").replace(
        "  5)                                          Resigned Game",
        "  5) Resigned Game",
    );
    let report = check_with("moved.mat", &text, RuleFlags::default());
    assert_clean(&report);
    assert_eq!(report.matches[0].final_score, ByPlayer::new(3, 1));
}

#[test]
fn backgammon_studio_concessions_after_a_roll_give_the_game_to_the_other_player() {
    let report = check("studio-concedes.txt");
    assert_clean(&report);
    let m = &report.matches[0];
    // Gus 1 (Frida conceded after 5-5), Frida 2 (Gus conceded after 5-4,
    // the result on the next row), Frida 4 (Gus hid his last roll).
    assert_eq!(m.final_score, ByPlayer::new(6, 1));
    assert_eq!(m.winner.as_deref(), Some("Frida Holm"));
    // Every roll counts in the dice statistics, the conceded ones too.
    let written = read("studio-concedes.txt")
        .split_whitespace()
        .filter(|w| w.len() == 3 && w.ends_with(':') && w.as_bytes()[0].is_ascii_digit())
        .count();
    assert_eq!(m.players.first.rolls + m.players.second.rolls, 59);
    assert_eq!(written, 59);
}

#[test]
fn a_result_line_for_the_conceder_names_both_players() {
    let text = read("studio-concedes.txt").replace(
        "  6) 55: Concedes                        Wins 1 point",
        "  6) 55: Concedes\n  7)  Wins 1 point",
    );
    let report = check_with("swapped.txt", &text, RuleFlags::default());
    let f = problems(&report)
        .into_iter()
        .find(|f| f.code == Code::WinnerMismatch)
        .expect("the winner contradicted");
    assert_eq!(
        f.message,
        "the result line names Frida Holm as the winner, but Gus Amato won the game when Frida Holm resigned"
    );
}

#[test]
fn a_hidden_last_roll_without_dice_before_the_result_is_a_resignation() {
    let report = check("xg-hidden-last-roll.txt");
    assert!(
        report.findings.iter().all(|f| f.severity == Severity::Info),
        "{:#?}",
        report.findings
    );
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.code != Code::UnparsableCell)
    );
    assert_eq!(report.matches[0].winner.as_deref(), Some("Kaito Sato"));
}

#[test]
fn a_roll_not_seen_in_the_winners_column_is_no_contradiction() {
    // The transcriber missed the last roll, and the result line is the
    // roller's: whatever that roll did, the opponent then resigned.
    let text = read("xg-hidden-last-roll.txt").replace(
        " 12) ????                               Wins 1 point and the match",
        " 12) ????\n 13)  Wins 3 point and the match",
    );
    assert_ne!(text, read("xg-hidden-last-roll.txt"));
    let report = check_with("unseen.txt", &text, RuleFlags::default());
    assert_clean(&report);
    assert_eq!(report.matches[0].winner.as_deref(), Some("Ines Marchetti"));
}

#[test]
fn a_hidden_roll_then_a_result_in_the_same_column_contradicts_the_winner() {
    let report = check("studio-hidden-winner.txt");
    let found: Vec<_> = problems(&report)
        .iter()
        .map(|f| (f.location.line, f.code, f.severity))
        .collect();
    assert_eq!(
        found,
        [
            (19, Code::WinnerMismatch, Severity::Error),
            (19, Code::ResignValue, Severity::Warning)
        ]
    );
    assert_eq!(
        problems(&report)[0].message,
        "the result line names Gus Amato as the winner, but Gus Amato stopped playing after his roll (`66: ????`, a resignation): Frida Holm won the game when Gus Amato resigned"
    );
    // The next score line is taken as it is, and the match goes on.
    assert_eq!(report.matches[0].final_score, ByPlayer::new(1, 3));
}

/// Rows of a `.mat` session where a chain of redoubles has at least `links`
/// beavers and raccoons (`Beavers => 4`, `=> 8`, `=> 16` ...).
fn chains(text: &str, links: u32) -> usize {
    let value = 2u32.pow(links + 1);
    text.matches(&format!("Beavers => {value}")).count()
}

#[test]
fn gnubg_beaver_chains_are_read_link_by_link_in_both_formats() {
    for name in ["gnubg-beavers1", "gnubg-beavers2"] {
        let mat = read(&format!("{name}.mat"));
        let sgf = read(&format!("{name}.sgf"));
        assert!(chains(&mat, 3) > 0, "{name} has a chain of three");
        for (file, text) in [("mat", &mat), ("sgf", &sgf)] {
            let report = check_with(file, text, RuleFlags::default());
            assert_clean(&report);
            // Beavers are not stated in the file: taken as allowed, once.
            let assumed: Vec<_> = report.findings.iter().map(|f| (f.code, f.kind)).collect();
            assert_eq!(
                assumed,
                [(Code::AssumedRule, Some(Kind::Beavers))],
                "{name}.{file}"
            );
        }
        // One beaver allowed: one finding for each chain with a raccoon, in
        // the `.mat` and the SGF alike.
        let one = RuleFlags {
            beavers: Some(true),
            beaver_limit: Some(1),
            ..RuleFlags::default()
        };
        let refused = |text: &str| {
            check_with(name, text, one.clone())
                .findings
                .iter()
                .filter(|f| f.code == Code::BeaverNotAllowed)
                .count()
        };
        assert_eq!(refused(&mat), chains(&mat, 2), "{name}.mat");
        assert_eq!(refused(&sgf), chains(&mat, 2), "{name}.sgf");
    }
}

#[test]
fn a_chain_longer_than_allowed_is_one_finding() {
    // A fourth link after GNU Backgammon's three: `Beavers => 32` by the
    // doubler, who then rolls as recorded.
    let text = read("gnubg-beavers1.mat");
    let longer = text.replacen(
        " 20)  Beavers => 16              63: 3/0 6/0 ",
        " 20)  Beavers => 16               Beavers => 32\n 21)                             63: 3/0 6/0 ",
        1,
    );
    assert_ne!(longer, text);
    let report = check_with("longer.mat", &longer, RuleFlags::default());
    let refused: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.code == Code::BeaverNotAllowed)
        .collect();
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert_eq!(refused[0].location.line, 57);
    assert!(
        refused[0].message.contains("allow 3"),
        "{}",
        refused[0].message
    );
}

#[test]
fn a_dump_after_lost_rows_is_one_warning_and_the_result_stands() {
    let report = check("snowie-lost-plays.txt");
    let found: Vec<_> = problems(&report)
        .iter()
        .map(|f| (f.location.line, f.code))
        .collect();
    assert_eq!(found, [(38, Code::LostPlays)]);
    let m = &report.matches[0];
    // Game 2 is worth 4 (a gammon at the dump's cube of 2), as written.
    assert_eq!(m.final_score, ByPlayer::new(5, 10));
    assert_eq!(m.winner.as_deref(), Some("kenji"));
}

#[test]
fn a_dump_on_row_one_is_still_a_set_position() {
    let text = read("snowie-lost-plays.txt").replace(" 14) 33: Illegal", "  1) 33: Illegal");
    let report = check_with("row1.txt", &text, RuleFlags::default());
    assert!(report.findings.iter().all(|f| f.code != Code::LostPlays));
    assert!(report.findings.iter().any(|f| f.code == Code::SetPosition));
}

#[test]
fn a_marker_that_also_moves_the_opponent_is_one_finding() {
    let report = check("snowie-marker-moves-opponent.txt");
    let found: Vec<_> = problems(&report)
        .iter()
        .map(|f| (f.location.line, f.code))
        .collect();
    assert_eq!(found, [(8, Code::IllegalPlayMarker)]);
    let marker = problems(&report)[0];
    assert!(
        marker.message.contains("also moves kenji's checkers"),
        "{}",
        marker.message
    );
    assert_eq!(report.matches[0].winner.as_deref(), Some("kenji"));
}

/// The no-play finding of a run of lost rolls and the impossible play after
/// it tell one story.
fn assert_one_story(report: &FileReport, run_line: u32, impossible_line: u32) {
    let run = report
        .findings
        .iter()
        .find(|f| f.location.line == run_line && f.code == Code::IllegalPlay)
        .expect("the rolls left unplayed");
    assert_eq!(run.kind, Some(Kind::NoPlay));
    assert_eq!(
        run.likely_typo, None,
        "not called a real error: {}",
        run.message
    );
    assert_eq!(run.stood, None, "no violation that stood: {}", run.message);
    assert!(run.message.contains("probably lost"), "{}", run.message);
    let later = report
        .findings
        .iter()
        .find(|f| f.location.line == impossible_line && f.code == Code::ImpossiblePlay)
        .expect("the impossible play");
    assert!(later.message.contains("probably lost"), "{}", later.message);
}

#[test]
fn rolls_lost_before_an_impossible_entry_get_one_verdict() {
    assert_one_story(&check("snowie-lost-entering.txt"), 6, 8);
    let name = "bglib__record__snowietxt__nicksbar-nori-2009Jan302316.txt";
    let Some(dir) = shared_or_skip(
        "corpus/real/bgnori__bglib",
        "the same story in a real GamesGrid record",
    ) else {
        return;
    };
    let bytes = std::fs::read(dir.join(name)).expect("corpus file");
    assert_one_story(&check_bytes(name, &bytes, &Options::default()), 13, 14);
}

#[test]
fn the_ids_of_a_game_under_a_mistyped_score_line_use_the_replayed_score() {
    // Game 2's score line writes Omar 3, the results make it 2, and game 3's
    // line agrees with the results.
    let path = fixtures().join("examples/club-final-7pt.mat");
    let bytes = std::fs::read(path).expect("fixture");
    let options = Options {
        trace: true,
        ..Options::default()
    };
    let report = check_bytes("club-final-7pt.mat", &bytes, &options);
    let steps: Vec<_> = report.trace.iter().filter(|s| s.game == Some(2)).collect();
    assert!(!steps.is_empty());
    for step in &steps {
        let context = step.context.as_ref().expect("a context");
        assert_eq!(context.scores, ByPlayer::new(0, 2), "row {:?}", step.row);
    }
    let finding = report
        .findings
        .iter()
        .find(|f| f.game == Some(2) && f.row == Some(8))
        .expect("the finding of move 8");
    let step = steps
        .iter()
        .find(|s| s.row == Some(8) && s.side == Side::First)
        .expect("move 8");
    assert_eq!(finding.context, step.context);
}
