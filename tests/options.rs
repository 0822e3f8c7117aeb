//! Each rule option changes the findings it should, and only those.

use bgaudit::catalogue::Kind;
use bgaudit::replay::{Options, RuleFlags, check_bytes};

use crate::util::fixtures;

/// Every finding as (line, code, kind).
fn findings(text: &str, flags: RuleFlags) -> Vec<(u32, &'static str, Option<&'static str>)> {
    let options = Options {
        flags,
        ..Options::default()
    };
    let mut found: Vec<_> = check_bytes("test", text.as_bytes(), &options)
        .findings
        .iter()
        .map(|f| (f.location.line, f.code.as_str(), f.kind.map(Kind::as_str)))
        .collect();
    found.sort();
    found
}

/// `text` with `from` replaced by `to` on line `line` (1-based).
fn edit(text: &str, line: usize, from: &str, to: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                assert!(l.contains(from), "line {line} holds `{from}`: {l}");
                l.replacen(from, to, 1)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn with(
    mut base: Vec<(u32, &'static str, Option<&'static str>)>,
    extra: &[(u32, &'static str, Option<&'static str>)],
) -> Vec<(u32, &'static str, Option<&'static str>)> {
    base.extend_from_slice(extra);
    base.sort();
    base
}

fn read(path: std::path::PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn backgammon_value_two_counts_a_backgammon_as_a_gammon() {
    // A money game from a set position: Rune bears off his last two
    // checkers while a checker of Tilde's is still in his home board, a
    // backgammon at cube 1: `Wins 3 point` at line 14.
    let text = read(fixtures().join("planted/backgammon.txt"));
    let club = RuleFlags {
        backgammon_value: Some(2),
        ..RuleFlags::default()
    };
    let base = findings(&text, RuleFlags::default());
    assert_eq!(
        findings(&text, club.clone()),
        with(base.clone(), &[(14, "points-mismatch", None)])
    );
    // Recorded under the club rule: clean with the option, wrong without.
    let recorded = edit(&text, 14, "Wins 3 point", "Wins 2 point");
    assert_eq!(findings(&recorded, club), base);
    assert_eq!(
        findings(&recorded, RuleFlags::default()),
        with(base, &[(14, "points-mismatch", None)])
    );
}

#[test]
fn automatic_doubles_explain_a_game_started_above_cube_one() {
    let text = read(fixtures().join("planted/money.mat"));
    let auto = RuleFlags {
        automatic_doubles: Some(1),
        ..RuleFlags::default()
    };
    let base = findings(&text, RuleFlags::default());
    assert_eq!(
        findings(&text, auto.clone()),
        base,
        "changes nothing on its own"
    );
    // Game 3 (no double written) ends with a resignation of a gammon, here
    // written at cube 2.
    let gammon_at_two = edit(&text, 72, "Wins 2 points", "Wins 4 points");
    assert_eq!(findings(&gammon_at_two, auto.clone()), base);
    assert_eq!(
        findings(&gammon_at_two, RuleFlags::default()),
        with(base.clone(), &[(72, "resign-value", None)])
    );
    // Game 4: the first double is written `=> 4` and the drop costs 2.
    let doubled = edit(
        &edit(&text, 79, "Doubles => 2", "Doubles => 4"),
        80,
        "Wins 1 point",
        "Wins 2 points",
    );
    assert_eq!(findings(&doubled, auto), base);
    assert_eq!(
        findings(&doubled, RuleFlags::default()),
        with(
            base,
            &[
                (79, "double-wrong-value", None),
                (80, "points-mismatch", None)
            ]
        )
    );
}

#[test]
fn match_beavers_allow_a_beaver_in_match_play() {
    // Game 1 of a 7-point match ends with a double and a beaver.
    let text = read(fixtures().join("planted/match7.mat"));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(25, " 20)  Doubles => 2                Beavers => 4");
    lines.insert(26, " 21)  Drops");
    let beaver = lines.join("\n");
    let base = findings(&text, RuleFlags::default());
    assert_eq!(
        findings(&beaver, RuleFlags::default()),
        with(base.clone(), &[(26, "beaver-not-allowed", None)])
    );
    let club = RuleFlags {
        match_beavers: Some(true),
        ..RuleFlags::default()
    };
    assert_eq!(findings(&beaver, club.clone()), base);
    assert_eq!(findings(&text, club), base, "changes nothing on its own");
}

#[test]
fn jacoby_counts_a_gammon_single_while_the_cube_is_centred() {
    // A money session without a Jacoby tag: game 3 ends with a gammon borne
    // off with the cube centred, `Wins 2 point` at line 28.
    let text = read(fixtures().join("planted/positions.txt"));
    let jacoby = RuleFlags {
        jacoby: Some(true),
        ..RuleFlags::default()
    };
    let base = findings(&text, RuleFlags::default());
    assert_eq!(
        findings(&text, jacoby.clone()),
        with(base.clone(), &[(28, "points-mismatch", None)])
    );
    // Recorded as a single game: right under the flag; without the flag the
    // rule was not stated, and the record's value shows it was on (a note).
    let single = edit(&text, 28, "Wins 2 point", "Wins 1 point");
    assert_eq!(findings(&single, jacoby.clone()), base);
    assert_eq!(
        findings(&single, RuleFlags::default()),
        with(base, &[(28, "assumed-rule", Some("jacoby"))])
    );
    // A resignation with the cube centred counts single under the rule too:
    // in the money fixture (its Jacoby tag removed), game 3's resigned
    // gammon written as 2 points.
    let money = read(fixtures().join("planted/money.mat"));
    let untagged: String = money
        .lines()
        .filter(|l| !l.starts_with("; [Jacoby"))
        .collect::<Vec<_>>()
        .join("\n");
    let base = findings(&untagged, RuleFlags::default());
    assert_eq!(
        findings(&untagged, jacoby),
        with(base, &[(71, "resign-value", None)])
    );
}

#[test]
fn the_rules_record_names_only_what_a_flag_changed() {
    use bgaudit::replay::{RuleSource, RulesInForce};
    let header = |length| bgaudit::parse::MatchHeader {
        location: bgaudit::parse::Location::START,
        length,
        tags: Vec::new(),
        format: bgaudit::parse::Format::Mat,
    };
    let flags = RuleFlags {
        beavers: Some(true),
        cube_limit: Some(64),
        ..RuleFlags::default()
    };
    // Match play: `--beavers` is a money rule; the limit leaves the cube on.
    let rules = RulesInForce::resolve(&header(7), &flags);
    assert!(!rules.beavers.value);
    assert_eq!(rules.beavers.source, RuleSource::Default);
    assert!(rules.cube_enabled.value);
    assert_eq!(rules.cube_enabled.source, RuleSource::Default);
    assert_eq!(rules.cube_limit.value, Some(64));
    assert_eq!(rules.cube_limit.source, RuleSource::Flag);
    // The club rule is the beaver rule of a match.
    let club = RuleFlags {
        match_beavers: Some(true),
        ..RuleFlags::default()
    };
    let rules = RulesInForce::resolve(&header(7), &club);
    assert!(rules.beavers.value && rules.beavers.source == RuleSource::Flag);
    // Money play: `--beavers` is the rule; a limit of 1 turns the cube off.
    let off = RuleFlags {
        beavers: Some(true),
        cube_limit: Some(1),
        ..RuleFlags::default()
    };
    let rules = RulesInForce::resolve(&header(0), &off);
    assert!(rules.beavers.value && rules.beavers.source == RuleSource::Flag);
    assert!(!rules.cube_enabled.value && rules.cube_enabled.source == RuleSource::Flag);
}
