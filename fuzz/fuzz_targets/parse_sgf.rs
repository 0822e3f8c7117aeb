//! The SGF reader on arbitrary text: it must not panic, must keep the
//! visitor's call order, and every location must point into the text with
//! the right line and column.

#![no_main]

use bgaudit::parse::{
    Action, Comment, GameHeader, Location, MatchHeader, Problem, ProblemKind, Visitor, sgf,
};
use libfuzzer_sys::fuzz_target;

/// Where the reader is in the call order.
#[derive(Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Match,
    Game,
    Done,
    Unreadable,
}

struct Check<'t> {
    text: &'t str,
    phase: Phase,
    /// The last location counted: the next count starts there when it can
    /// (locations mostly come in order), so a long input is not counted
    /// from its start at every location.
    counted: std::cell::Cell<Location>,
}

impl Check<'_> {
    /// The location of `byte`, counted the slow and obvious way (from the
    /// last location counted, or from the start).
    fn expected(&self, byte: usize) -> Location {
        let from = self.counted.get();
        // A carriage return just before the start would change how a line
        // feed there counts: start afresh then.
        let resume = from.byte <= byte
            && (from.byte == 0 || self.text.as_bytes().get(from.byte - 1) != Some(&b'\r'));
        let (start, mut line, mut column) = if resume {
            (from.byte, from.line, from.column)
        } else {
            (0, 1u32, 1u32)
        };
        let bytes = self.text.as_bytes();
        for (i, &b) in bytes[start..byte].iter().enumerate() {
            let i = start + i;
            match b {
                b'\n' => (line, column) = (line + 1, 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {}
                b'\r' => (line, column) = (line + 1, 1),
                b'\t' => column = (column - 1) / 8 * 8 + 9,
                0x80..=0xBF => {}
                _ => column += 1,
            }
        }
        let location = Location { byte, line, column };
        self.counted.set(location);
        location
    }

    fn location(&self, location: Location) {
        assert!(
            location.byte <= self.text.len(),
            "{location:?} past the end"
        );
        assert!(self.text.is_char_boundary(location.byte), "{location:?}");
        assert_eq!(location, self.expected(location.byte));
    }

    /// `part` is a slice of the text (or empty, or a fixed word).
    fn slice(&self, part: &str) {
        let start = part.as_ptr() as usize;
        let text = self.text.as_ptr() as usize;
        assert!(
            part.is_empty()
                || (start >= text && start + part.len() <= text + self.text.len())
                || matches!(
                    part,
                    "On" | "Off" | "1" | "Crawford" | "Jacoby" | "CubeLimit" | "Variation"
                )
                || part.starts_with("Nackgammon")
                || part.starts_with("Hypergammon"),
            "{part:?} is not from the text"
        );
    }
}

impl Visitor<'_> for Check<'_> {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        assert_eq!(self.phase, Phase::Start);
        self.phase = Phase::Match;
        self.location(header.location);
        for tag in &header.tags {
            self.location(tag.location);
            self.slice(tag.key);
            self.slice(tag.value);
        }
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        assert_eq!(self.phase, Phase::Match);
        self.phase = Phase::Game;
        self.location(header.location);
        self.slice(header.names.first.name);
        self.slice(header.names.second.name);
    }
    fn action(&mut self, action: &Action<'_>) {
        assert_eq!(self.phase, Phase::Game);
        self.location(action.location);
        self.slice(action.text);
        assert!(!action.text.is_empty());
    }
    fn end_game(&mut self, last: Location) {
        assert_eq!(self.phase, Phase::Game);
        self.phase = Phase::Match;
        self.location(last);
    }
    fn end_match(&mut self, last: Location) {
        assert_eq!(self.phase, Phase::Match);
        self.phase = Phase::Done;
        assert_eq!(last.byte, self.text.len());
        self.location(last);
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        assert_eq!(self.phase, Phase::Game);
        self.location(comment.location);
        self.slice(comment.text);
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        if problem.kind == ProblemKind::Unreadable {
            assert_eq!(self.phase, Phase::Start);
            self.phase = Phase::Unreadable;
        } else {
            assert!(matches!(self.phase, Phase::Match | Phase::Game));
        }
        self.location(problem.location);
        self.slice(problem.text);
        assert!(problem.text.len() <= 60);
        assert!(!problem.message.is_empty());
    }
}

fuzz_target!(|data: &[u8]| {
    // An even first byte puts a backgammon root in front, to reach the
    // game-level code sooner.
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let text = if mode % 2 == 0 {
        format!("(;GM[6]{rest}")
    } else {
        rest.to_owned()
    };
    let mut check = Check {
        text: &text,
        phase: Phase::Start,
        counted: std::cell::Cell::new(Location {
            byte: 0,
            line: 1,
            column: 1,
        }),
    };
    sgf::read(&text, &mut check);
    assert!(matches!(check.phase, Phase::Done | Phase::Unreadable));
});
