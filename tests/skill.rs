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

/// A play the replay finds illegal is counted as GNU Backgammon counts a
/// play missing from its candidates: a move, with no error and no mark.
#[test]
fn an_illegal_play_in_an_analysed_record_counts_as_a_move_without_error() {
    let original = std::fs::read_to_string(SGF).expect("the fixture");
    // Bravo's 63 played b/e c/i (A[3]: the fourth candidate, an error)
    // becomes b/e c/j: seven pips for a six.
    assert!(original.contains(";B[63beci]DA["));
    let edited = original.replacen(";B[63beci]DA[", ";B[63becj]DA[", 1);
    let dir = std::env::temp_dir().join(format!("bgaudit-skill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("illegal.sgf");
    std::fs::write(&path, edited).expect("written");
    let path = path.display().to_string();
    let skill_of = |file: &str| -> Vec<Value> {
        let records = jsonl(&["check", file, "--blunders", "--format", "jsonl"]);
        let m = records
            .iter()
            .find(|r| r["type"] == "match")
            .expect("a match record");
        m["skill"].as_array().expect("analysed").clone()
    };
    let before = skill_of(SGF);
    let after = skill_of(&path);
    let records = jsonl(&["check", &path, "--blunders", "--format", "jsonl"]);
    let illegal: Vec<&Value> = records
        .iter()
        .filter(|r| r["code"] == "illegal-play")
        .collect();
    assert_eq!(illegal.len(), 1, "{records:?}");
    assert!(
        records
            .iter()
            .all(|r| r["code"] != "blunder" || r["line"] != illegal[0]["line"])
    );
    let checker = |s: &Value, key: &str| s["checker"][key].clone();
    // Bravo is the second player.
    assert_eq!(checker(&after[1], "moves"), checker(&before[1], "moves"));
    assert_eq!(
        checker(&after[1], "unforced"),
        checker(&before[1], "unforced")
    );
    let error = |s: &Value| checker(s, "error_emg").as_f64().expect("a number").abs();
    assert!(
        error(&after[1]) < error(&before[1]),
        "the illegal play's error is not counted: {} then {}",
        error(&before[1]),
        error(&after[1])
    );
    // Alpha's figures do not change.
    assert_eq!(after[0], before[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// How XG's counts differ from GNU Backgammon's on one record XG analysed:
/// the same unforced checker plays, but gnubg's definitions count every
/// cube decision analysed (and the close ones apart), where XG counts the
/// doubles, the no doubles within 0.2 of a double and the answers; XG's PR
/// is over its own decisions.
#[test]
fn xg_and_gnubg_count_the_same_record_differently() {
    let Some(dir) = crate::util::shared_or_skip("corpus/xg/kevung__gbf", "analysed .xg") else {
        return;
    };
    let file = dir.join("data__charlot1-charlot2_7p_2025-11-08-2305.xg");
    let file = file.display().to_string();
    let rows = jsonl(&["players", &file, "--format", "jsonl"]);
    let charlot2 = rows
        .iter()
        .find(|r| r["player"] == "charlot2")
        .expect("charlot2");
    let skill = &charlot2["skill"];
    assert!(
        skill["engine"]
            .as_str()
            .expect("named")
            .starts_with("eXtreme Gammon")
    );
    assert_eq!(
        skill["checker"]["unforced"],
        skill["xg"]["checker_decisions"]
    );
    assert_eq!(skill["xg"]["decisions"], 79);
    assert_eq!(skill["xg"]["double_decisions"], 13);
    assert_eq!(
        skill["cube"]["decisions"], 29,
        "every analysed cube decision"
    );
    assert_eq!(skill["cube"]["close"], 10, "gnubg's close or actual ones");
    assert_eq!(skill["overall"]["pr"], 0.42);
}
