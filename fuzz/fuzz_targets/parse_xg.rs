//! The eXtreme Gammon reader on arbitrary bytes: it must not panic, must
//! keep the visitor's call order, must locate every event at a record of
//! the game stream (no line, no column), and must refuse in one line.
//!
//! The first byte chooses what the rest is:
//! - even: a whole file (seeds: real `.xg` files), read through
//!   `parse::read` and the whole check;
//! - odd: a decompressed game stream, put into a valid container (stored
//!   streams with their CRC-32), so that mutations reach the records
//!   instead of failing the checksum; also decoded directly.

#![no_main]

use bgaudit::parse::{
    self, Action, Comment, GameHeader, Location, MatchHeader, Problem, ProblemKind, Visitor,
};
use bgaudit::replay::{Options, check_bytes};
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

struct Check {
    phase: Phase,
    /// Locations must lie within the game stream (and one record past it).
    limit: usize,
}

impl Check {
    fn location(&self, location: Location) {
        assert_eq!((location.line, location.column), (0, 0), "{location:?}");
        assert!(location.byte <= self.limit, "{location:?} past {}", self.limit);
    }
}

impl Visitor<'_> for Check {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        assert_eq!(self.phase, Phase::Start);
        self.phase = Phase::Match;
        self.location(header.location);
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        assert_eq!(self.phase, Phase::Match);
        self.phase = Phase::Game;
        self.location(header.location);
    }
    fn action(&mut self, action: &Action<'_>) {
        assert_eq!(self.phase, Phase::Game);
        self.location(action.location);
        assert!(!action.text.is_empty());
        assert_eq!(action.row, None);
    }
    fn end_game(&mut self, last: Location) {
        assert_eq!(self.phase, Phase::Game);
        self.phase = Phase::Match;
        self.location(last);
    }
    fn end_match(&mut self, last: Location) {
        assert_eq!(self.phase, Phase::Match);
        self.phase = Phase::Done;
        self.location(last);
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        assert!(matches!(self.phase, Phase::Match | Phase::Game));
        self.location(comment.location);
        assert!(!comment.text.is_empty());
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        assert!(!problem.message.is_empty());
        assert!(!problem.message.contains('\n'), "{}", problem.message);
        if problem.kind == ProblemKind::Unreadable {
            assert_eq!(self.phase, Phase::Start);
            self.phase = Phase::Unreadable;
            assert_eq!(problem.location, Location::START);
        } else {
            assert!(matches!(self.phase, Phase::Match | Phase::Game));
            self.location(problem.location);
        }
    }
}

fn crc(bytes: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
}

/// A container holding `stream` as the stored game stream.
fn container(stream: &[u8]) -> Vec<u8> {
    let mut file = vec![0u8; 8232];
    file[..4].copy_from_slice(b"RGMH");
    file[4] = 1;
    let mut archive = stream.to_vec();
    let mut entry = vec![0u8; 532];
    entry[0] = 7;
    entry[1..8].copy_from_slice(b"temp.xg");
    let len = u32::try_from(stream.len()).unwrap_or(u32::MAX).to_le_bytes();
    entry[512..516].copy_from_slice(&len);
    entry[516..520].copy_from_slice(&len);
    entry[524..528].copy_from_slice(&crc(stream).to_le_bytes());
    entry[528] = 1;
    archive.extend_from_slice(&entry);
    let mut trailer = vec![0u8; 36];
    trailer[4] = 1;
    trailer[8] = 1;
    trailer[12..16].copy_from_slice(&532u32.to_le_bytes());
    trailer[16..20].copy_from_slice(&len);
    trailer[0..4].copy_from_slice(&crc(&archive).to_le_bytes());
    archive.extend_from_slice(&trailer);
    file.extend_from_slice(&archive);
    file
}

fn read(bytes: &[u8], limit: usize) {
    let mut check = Check {
        phase: Phase::Start,
        limit,
    };
    let format = parse::read(bytes, &mut check);
    assert!(matches!(check.phase, Phase::Done | Phase::Unreadable));
    assert_eq!(format.is_some(), check.phase == Phase::Done);
    let report = check_bytes("fuzz.xg", bytes, &Options { trace: true, ..Options::default() });
    if let Some(reason) = &report.unreadable_reason {
        assert!(!reason.contains('\n'), "{reason}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 0 {
        // Locations are offsets in the decompressed stream: bounded by the
        // reader's own limit.
        read(rest, bgaudit::parse::xg::container::MAX_STREAM + 2560);
    } else {
        read(&container(rest), rest.len() + 2560);
        let _ = bgaudit::parse::xg::decode_game_stream(rest, Some(rest));
    }
});
