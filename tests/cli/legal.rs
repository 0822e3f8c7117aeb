//! `bgaudit legal`: every legal play of a position and roll, in order, and
//! the refusals of a bad position or roll.

use super::*;

#[test]
fn legal_lists_every_play_with_the_position_after_it() {
    let output = run(&["legal", "4HPwATDgc/ABMA", "31", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let plays: Vec<serde_json::Value> =
        serde_json::from_str(&stdout(&output)).expect("a JSON array");
    assert_eq!(plays.len(), 16, "16 distinct plays of an opening 3-1");
    assert!(
        plays
            .iter()
            .any(|p| p["play"] == "8/5 6/5" && p["position"] == "4HPwATCwZ/ABMA")
    );

    // The same position as an XGID and with a match ID; dice in either order.
    let xgid = run(&[
        "legal",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        "13",
    ]);
    let with_match_id = run(&["legal", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "3-1"]);
    assert_eq!(stdout(&xgid).lines().count(), 16);
    assert_eq!(stdout(&xgid), stdout(&with_match_id));
}

#[test]
fn legal_refuses_a_bad_position_or_dice_in_one_line() {
    for args in [["legal", "4HPw", "31"], ["legal", "4HPwATDgc/ABMA", "71"]] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(stderr(&output).starts_with("bgaudit: invalid"));
    }
}

#[test]
fn legal_takes_the_roll_from_the_id_and_refuses_what_does_not_fit() {
    const XGID: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10";
    // The roll held by the XGID, the same roll given, and an XGID without
    // `XGID=` that starts with `-`.
    let from_id = run(&["legal", XGID]);
    assert_eq!(from_id.status.code(), Some(0));
    assert_eq!(stdout(&run(&["legal", XGID, "25"])), stdout(&from_id));
    assert_eq!(stdout(&run(&["legal", &XGID[5..]])), stdout(&from_id));
    assert!(stdout(&from_id).contains("13/8 13/11\t"));
    for (args, says) in [
        (&[XGID, "31"][..], "differ from the roll 52"),
        (&["4HPwATDgc/ABMA"][..], "no dice"),
        (&["4HPwATDgc/ABMA:zzz", "31"][..], "invalid match ID"),
        (&["AAAAAAAAAAAAAA", "31"][..], "finished game"),
    ] {
        let mut all = vec!["legal"];
        all.extend_from_slice(args);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
}

#[test]
fn legal_says_so_when_no_play_exists() {
    // A checker on the bar against a closed board.
    let closed = "XGID=------N------c-----bbbbbbA:0:0:1:52:0:0:0:0:10";
    let text = run(&["legal", closed]);
    assert_eq!(text.status.code(), Some(0));
    assert_eq!(stdout(&text), "");
    assert!(stderr(&text).contains("no legal play"));
    let json = run(&["legal", closed, "--format", "json"]);
    assert_eq!(stdout(&json).trim(), "[]");
}

#[test]
fn legal_lists_plays_from_the_highest_point_down() {
    let text = stdout(&run(&["legal", "4HPwATDgc/ABMA", "31"]));
    let plays: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().expect("a play"))
        .collect();
    assert_eq!(plays.first(), Some(&"24/21 24/23"));
    assert_eq!(plays.last(), Some(&"6/2"));
    let at = |play: &str| plays.iter().position(|p| *p == play).expect(play);
    assert!(at("24/20") < at("13/9") && at("13/9") < at("8/5 6/5"));
}
