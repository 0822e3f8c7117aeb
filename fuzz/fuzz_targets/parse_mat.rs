//! The `.mat` reader must never panic, whatever the bytes, and what it
//! reports must point into the text it read: each event's location is a
//! character of the text, and a cell's text is found at its location.

#![no_main]

use bgaudit::parse::{
    self, Action, Comment, GameHeader, Location, MatchHeader, Problem, ProblemKind, Visitor,
};
use libfuzzer_sys::fuzz_target;

/// Checks the call order and the locations against the text.
struct Check<'t> {
    text: &'t str,
    in_match: bool,
    in_game: bool,
}

impl Check<'_> {
    fn at(&self, location: Location, what: &str) {
        assert!(location.line >= 1 && location.column >= 1, "{location:?}");
        assert!(
            self.text.is_char_boundary(location.byte),
            "{location:?} is not a character of the text"
        );
        if !what.is_empty() {
            assert_eq!(
                self.text.get(location.byte..location.byte + what.len()),
                Some(what),
                "{location:?}"
            );
        }
    }
}

impl Visitor<'_> for Check<'_> {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        assert!(!self.in_match);
        self.in_match = true;
        self.at(header.location, "");
        for tag in &header.tags {
            self.at(tag.location, "");
        }
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        assert!(self.in_match && !self.in_game);
        self.in_game = true;
        self.at(header.location, "");
        self.at(header.score_location, "");
    }
    fn action(&mut self, action: &Action<'_>) {
        assert!(self.in_game);
        self.at(action.location, action.text);
    }
    fn end_game(&mut self, last: Location) {
        assert!(self.in_game);
        self.in_game = false;
        self.at(last, "");
    }
    fn end_match(&mut self, last: Location) {
        assert!(self.in_match && !self.in_game);
        self.in_match = false;
        self.at(last, "");
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        self.at(comment.location, comment.text);
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        if problem.kind != ProblemKind::Unreadable {
            assert!(self.in_match);
        }
        self.at(problem.location, problem.text);
    }
}

/// Counts nothing: reading through the byte entry point.
struct Nothing;
impl Visitor<'_> for Nothing {}

fuzz_target!(|data: &[u8]| {
    let _ = parse::read(data, &mut Nothing);
    let text = String::from_utf8_lossy(data);
    let mut check = Check {
        text: &text,
        in_match: false,
        in_game: false,
    };
    parse::mat::read(&text, &mut check);
    assert!(!check.in_match && !check.in_game);
});
