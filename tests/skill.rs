//! Skill statistics from the analysis a record carries: the analysed SGF
//! fixture (`fixtures/skill/`, made by GNU Backgammon) and its plain `.mat`
//! twin, through every output.

use serde_json::Value;

use crate::cli::{run, stdout};

const SGF: &str = "fixtures/skill/alpha-bravo.sgf";
const MAT: &str = "fixtures/skill/alpha-bravo.mat";

fn jsonl(args: &[&str]) -> Vec<Value> {
    let output = run(args);
    stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn an_analysed_match_gives_each_player_a_skill_object_and_a_plain_one_says_not_analysed() {
    let records = jsonl(&["check", SGF, MAT, "--format", "jsonl"]);
    let matches: Vec<&Value> = records.iter().filter(|r| r["type"] == "match").collect();
    assert_eq!(matches.len(), 2);
    let sgf = matches.iter().find(|m| m["file"] == SGF).expect("the SGF");
    let skill = sgf["skill"].as_array().expect("a skill array");
    assert_eq!(skill.len(), 2);
    for player in skill {
        assert_eq!(player["engine"], "GNU Backgammon 1.07.001 (0-ply)");
        assert_eq!(player["analysed_matches"], 1);
        assert_eq!(
            player["xg"],
            Value::Null,
            "XG's figures only for XG's analysis"
        );
    }
    let mat = matches.iter().find(|m| m["file"] == MAT).expect("the .mat");
    assert_eq!(mat["skill"], Value::Null, "a .mat carries no analysis");
}

#[test]
fn players_sums_the_analysed_matches_and_counts_them() {
    let rows = jsonl(&["players", SGF, MAT, "--format", "jsonl"]);
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row["matches"], 2);
        assert_eq!(row["analysed_matches"], 1, "{}", row["player"]);
        assert_eq!(row["skill"]["analysed_matches"], 1);
    }
    // Only the plain twin: no skill, said as null, not zeros.
    let rows = jsonl(&["players", MAT, "--format", "jsonl"]);
    for row in &rows {
        assert_eq!(row["analysed_matches"], 0);
        assert_eq!(row["skill"], Value::Null);
    }
    let output = run(&["players", SGF, MAT, "--format", "table"]);
    let table = stdout(&output);
    assert!(table.contains("skill (analysed matches)"), "{table}");
    assert!(
        table.contains("1 analysed (GNU Backgammon 1.07.001 (0-ply))"),
        "{table}"
    );
}

#[test]
fn blunders_are_reported_only_when_asked_at_their_play() {
    let plain = jsonl(&["check", SGF, "--format", "jsonl"]);
    assert!(plain.iter().all(|r| r["code"] != "blunder"));
    let records = jsonl(&["check", SGF, "--blunders", "--format", "jsonl"]);
    let blunders: Vec<&Value> = records.iter().filter(|r| r["code"] == "blunder").collect();
    assert!(!blunders.is_empty());
    for b in &blunders {
        assert_eq!(b["severity"], "info");
        let message = b["message"].as_str().expect("a message");
        assert!(
            message.starts_with("the record's analysis (GNU Backgammon 1.07.001, 0-ply) marks this play very bad: it gives up "),
            "{message}"
        );
        assert!(message.contains("against the best play, "), "{message}");
        // At the move node of the play, line and column.
        let text = b["text"].as_str().expect("the node");
        assert!(text.starts_with("W[") || text.starts_with("B["), "{text}");
    }
    // The worst one, by the analysis in the file: line 60, Bravo's 51.
    assert!(
        blunders
            .iter()
            .any(|b| b["line"] == 60 && b["text"] == "B[51deej]"),
        "{blunders:?}"
    );
    // The explained form draws the board and names no legal-play list.
    let output = run(&["check", SGF, "--blunders", "--explain"]);
    let text = stdout(&output);
    assert!(text.contains("info[blunder]"), "{text}");
    assert!(!text.contains("closest to what was written"), "{text}");
}

#[test]
fn the_html_report_has_a_skill_table_linking_the_worst_blunders() {
    let output = run(&["check", SGF, MAT, "--blunders", "--format", "html"]);
    let page = stdout(&output);
    assert!(page.contains("<section id=\"skill\">"));
    assert!(page.contains("GNU Backgammon 1.07.001 (0-ply)"));
    assert!(
        page.contains("<a href=\"#f"),
        "the worst blunders link to their findings"
    );
    // Without analysed records, no skill section.
    let output = run(&["check", MAT, "--format", "html"]);
    assert!(!stdout(&output).contains("<section id=\"skill\">"));
}
