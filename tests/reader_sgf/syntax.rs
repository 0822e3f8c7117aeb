//! SGF syntax: escapes and whitespace, the main line and its variations,
//! input that is no backgammon SGF, broken syntax and deep nesting, and the
//! problems' texts taken from the input.

use super::*;

// ----- SGF syntax -----------------------------------------------------------

#[test]
fn escapes_whitespace_and_old_style_identifiers() {
    let text = "  ( ;  GaMe [6]\r\n  PlayerWhite\n[a\\\\b] PB [c\\]d]\n ; \tC [x\\\ny]\n  B\n[31\nqtst]   ;W[3\\\n1hefe] )  \n";
    let events = read(text);
    assert!(problems(&events).is_empty(), "{events:?}");
    let Event::Game { names, .. } = games(&events)[0] else {
        panic!()
    };
    assert_eq!(names[0].0, "a\\\\b");
    assert_eq!(names[1].0, "c\\]d");
    assert_eq!(
        events.iter().find(|e| matches!(e, Event::Comment(..))),
        Some(&Event::Comment(loc(text, "C [x", 0), "x\\\ny".into()))
    );
    let got = actions(&events);
    assert_eq!(got[0], (B, "B\n[31\nqtst]".into(), roll(3, 1, "8/5 6/5")));
    assert_eq!(got[1].2, roll(3, 1, "8/5 6/5"));
    assert_eq!(got.len(), 2);
}

#[test]
fn only_the_main_line_is_read_and_variations_are_counted_once() {
    let text = "(;GM[6]\n;W[31hefe]\n(;B[31qtst]\n;W[52mhmk](;B[65])(;B[21]))\n(;B[42qusu](;W[11]))\n(;B[66])\n)";
    let events = read(text);
    assert_eq!(
        actions(&events)
            .into_iter()
            .map(|a| a.1)
            .collect::<Vec<_>>(),
        ["W[31hefe]", "B[31qtst]", "W[52mhmk]", "B[65]"]
    );
    let ps = problems(&events);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert_eq!(ps[0].0, ProblemKind::Skipped);
    assert_eq!(ps[0].1, loc(text, "(;B[21]", 0));
    assert!(ps[0].2.starts_with("3 variations skipped"), "{}", ps[0].2);
}

#[test]
fn input_that_is_not_backgammon_sgf_is_one_unreadable_problem() {
    for text in [
        "",
        "hello",
        "; 3 point match",
        "(;GM[1]SZ[19];B[pd];W[dp])",
        "(;FF[4])(;CA[UTF-8])",
        "(",
        "(;GM[1]\u{1}\u{2}[",
    ] {
        let events = read(text);
        assert_eq!(events.len(), 1, "{text:?}: {events:?}");
        assert!(
            matches!(&events[0], Event::Problem { kind: ProblemKind::Unreadable, location, .. } if *location == at(0, 1, 1)),
            "{text:?}: {events:?}"
        );
    }
}

#[test]
fn other_game_trees_in_a_backgammon_collection_are_skipped_with_a_problem() {
    let text = "(;GM[1];B[pd])\n(;GM[6];W[31hefe])\n(;GM[2])";
    let events = read(text);
    assert_eq!(actions(&events).len(), 1);
    let ps = problems(&events);
    assert_eq!(ps.len(), 2);
    assert!(ps.iter().all(|p| p.0 == ProblemKind::Skipped));
    assert_eq!(ps[0].1, at(1, 1, 2));
    assert_eq!(ps[1].1, loc(text, ";GM[2]", 0));
    assert!(ps[0].2.contains("GM[1]"));
}

#[test]
fn broken_syntax_gives_problems_with_locations_and_reading_goes_on() {
    // (`[x]` is a second value of `B`: whitespace may separate values)
    let text = "(;GM[6]\n;W[31hefe] ## ;B[31qtst] [x] XY\n;W[52mhmk]) junk ) (;GM[6];B[";
    let events = read(text);
    let ps = problems(&events);
    let got: Vec<_> = ps.iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(
        got,
        vec![
            (ProblemKind::UnparsableCell, loc(text, "##", 0)),
            (ProblemKind::UnparsableCell, loc(text, "XY", 0)),
            (ProblemKind::UnparsableCell, loc(text, "junk", 0)),
            (ProblemKind::UnparsableCell, loc(text, ") (", 0)),
            (ProblemKind::UnparsableCell, loc(text, "[", 6)),
            (ProblemKind::UnparsableCell, at(text.len(), 3, 30)),
        ],
        "{ps:#?}"
    );
    assert_eq!(actions(&events).len(), 3);
    assert_eq!(games(&events).len(), 2);
    assert!(matches!(events.last(), Some(Event::EndMatch(_))));
}

#[test]
fn deep_nesting_and_huge_values_cost_linear_time_and_give_problems() {
    let n = 200_000;
    // parentheses only
    let text = "(".repeat(n) + &")".repeat(n);
    let events = read(&text);
    assert_eq!(events.len(), 1);
    // a main line nested deep: read as one line
    let mut text = String::from("(;GM[6]");
    for _ in 0..n {
        text.push_str("(;W[65]");
    }
    text.push_str(&")".repeat(n + 1));
    let events = read(&text);
    assert_eq!(actions(&events).len(), n);
    let ps = problems(&events);
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].0, ProblemKind::Skipped);
    // unclosed, with a huge value
    let text = format!("(;GM[6];W[31hefe]C[{}", "x".repeat(10_000_000));
    let events = read(&text);
    let ps = problems(&events);
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[0].1, loc(&text, "[xxx", 0));
    let Some(Event::Problem { text: quoted, .. }) =
        events.iter().find(|e| matches!(e, Event::Problem { .. }))
    else {
        panic!()
    };
    assert!(quoted.len() <= 60);
    // a huge move value
    let text = format!("(;GM[6];W[31{}])", "ab".repeat(1_000_000));
    let ps = problems(&read(&text));
    assert_eq!(ps.len(), 1);
}

#[test]
fn the_top_level_reader_recognises_sgf() {
    let text = fixture("legal_2p.sgf");
    let mut recorder = Recorder::default();
    assert_eq!(
        parse::read(text.as_bytes(), &mut recorder),
        Some(Format::Sgf)
    );
    assert_eq!(recorder.events, read(&text));
}

#[test]
fn problem_texts_are_taken_from_the_input() {
    // Found by fuzzing: problems about `(`, `)` and `;` quoted a literal.
    struct Texts<'r, 't>(&'r mut Vec<(usize, usize)>, &'t str);
    impl Visitor<'_> for Texts<'_, '_> {
        fn problem(&mut self, problem: &Problem<'_>) {
            let start = (problem.text.as_ptr() as usize).wrapping_sub(self.1.as_ptr() as usize);
            self.0.push((start, problem.text.len()));
        }
    }
    let text = "(;GM[6];W[31hefe](;B[65])(;B[21]));\n()\n)";
    let mut texts = Vec::new();
    sgf::read(text, &mut Texts(&mut texts, text));
    let quoted: Vec<Option<&str>> = texts.iter().map(|&(s, n)| text.get(s..s + n)).collect();
    assert_eq!(
        quoted,
        [Some("("), Some(";"), Some("("), Some(")")],
        "{:?}",
        problems(&read(text))
    );
}
