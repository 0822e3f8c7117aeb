//! One numbering of moves across `.mat`, SGF and `.xg`: a finding's move is
//! the row a person counts in the record, and a game written without rows
//! is numbered as its `.mat` export lays it out.

use bgaudit::replay::{FileReport, Options, check_bytes};
use bgaudit::side::Side;

use crate::util::{fixtures, shared_or_skip};

fn check(path: &std::path::Path) -> FileReport {
    let bytes = std::fs::read(path).expect("the record is there");
    check_bytes(
        &path.display().to_string(),
        &bytes,
        &Options {
            trace: true,
            ..Options::default()
        },
    )
}

/// Every roll: its game, side, dice and move (the cube actions between
/// rolls move the rows of the rolls after them).
type Step = (Option<u32>, Side, Option<String>, Option<u32>);

fn steps(report: &FileReport) -> Vec<Step> {
    report
        .trace
        .iter()
        .filter(|s| s.dice.is_some())
        .map(|s| {
            (
                s.game,
                s.side,
                s.dice.map(|d| d.normalized().to_string()),
                s.row,
            )
        })
        .collect()
}

/// Every finding: its code, game and move.
fn findings(report: &FileReport) -> Vec<(String, Option<u32>, Option<u32>)> {
    report
        .findings
        .iter()
        .map(|f| (f.code.to_string(), f.game, f.row))
        .collect()
}

#[test]
fn a_match_read_as_mat_and_as_sgf_has_the_same_move_numbers() {
    let Some(dir) = shared_or_skip(
        "corpus/gnubg-selfplay",
        "the same matches exported as .mat and as SGF",
    ) else {
        return;
    };
    let mut compared = 0;
    let mut with_findings = 0;
    // A few twins, among them gs-0056 (a beaver) and gs-0001 (a game the
    // second player starts, a double dropped).
    for id in ["0001", "0002", "0003", "0010", "0056", "0100", "0150"] {
        let mat = dir.join(format!("mat/gs-{id}.mat"));
        let sgf = dir.join(format!("sgf/gs-{id}.sgf"));
        if !mat.exists() || !sgf.exists() {
            continue;
        }
        let (mat, sgf) = (check(&mat), check(&sgf));
        let (a, b) = (steps(&mat), steps(&sgf));
        assert!(!a.is_empty(), "{}", mat.path);
        assert_eq!(a.len(), b.len(), "{} / {}", mat.path, sgf.path);
        for (k, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "step {k} of {} / {}", mat.path, sgf.path);
        }
        // The two exports do not always say the same (a Crawford game is
        // marked in the SGF, not in the `.mat`): compare the findings of
        // the codes both give.
        let (mut fa, mut fb) = (findings(&mat), findings(&sgf));
        let codes_a: Vec<String> = fa.iter().map(|f| f.0.clone()).collect();
        let codes_b: Vec<String> = fb.iter().map(|f| f.0.clone()).collect();
        fa.retain(|f| codes_b.contains(&f.0));
        fb.retain(|f| codes_a.contains(&f.0));
        with_findings += usize::from(fa.iter().any(|f| f.2.is_some()));
        assert_eq!(fa, fb, "{} / {}", mat.path, sgf.path);
        compared += 1;
    }
    assert!(compared >= 5, "twins compared: {compared}");
    assert!(with_findings >= 1, "no twin had a finding to compare");
}

/// A finding's game, move, side and cell.
type Placed<'a> = (Option<u32>, Option<u32>, Option<Side>, &'a str);

/// A club match in SGF with three plays written with the wrong dice: the
/// moves are the rows a person counts in the match's `.mat` export (game
/// 1, which the second player starts: row 3 on the right, row 7 on the
/// left; game 2, where a double and its take share row 6: row 7 on the
/// left).
#[test]
fn an_sgf_finding_is_at_the_row_a_person_counts() {
    let report = check(&fixtures().join("sgf/club_moves.sgf"));
    let at: Vec<Placed<'_>> = report
        .findings
        .iter()
        .filter(|f| f.code.to_string() == "illegal-play")
        .map(|f| (f.game, f.row, f.side, f.text.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            (Some(1), Some(3), Some(Side::Second), "B[52addi]"),
            (Some(1), Some(7), Some(Side::First), "W[61mgig]"),
            (Some(2), Some(7), Some(Side::First), "W[22pnnm]"),
        ]
    );
    // `show` and `explain` count the same rows: the step of game 2, move 6
    // is the double and its take.
    let row6: Vec<&str> = report
        .trace
        .iter()
        .filter(|s| s.game == Some(2) && s.row == Some(6))
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(row6, ["W[double]", "B[take]"]);
}
