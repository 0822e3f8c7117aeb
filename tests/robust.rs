//! No panic on any input: empty, binary, and mutants of real transcripts,
//! through the whole check (reading, replay, typo analysis, trace).

use bgaudit::finding::Severity;
use bgaudit::replay::{FileStatus, Options, check_bytes};

use crate::util::fixtures;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn options() -> Options {
    Options {
        trace: true,
        ..Options::default()
    }
}

#[test]
fn empty_and_binary_input_are_unreadable_not_a_panic() {
    for bytes in [
        &b""[..],
        b"\0",
        b"\xff\xfe\0\0",
        b"\x00\x01\x02 point match",
    ] {
        let report = check_bytes("x", bytes, &options());
        assert_eq!(report.status, FileStatus::Unreadable, "{bytes:?}");
        assert_eq!(report.findings.len(), 1, "{bytes:?}: one finding");
        assert_eq!(report.findings[0].severity, Severity::Error);
    }
}

#[test]
fn mutated_transcripts_never_panic() {
    let mut sources = Vec::new();
    for folder in ["examples", "planted", "mat", "sgf", "plakoto"] {
        let mut paths: Vec<_> = std::fs::read_dir(fixtures().join(folder))
            .expect("fixture folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            sources.push(std::fs::read(&path).expect("fixture"));
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pieces: &[&[u8]] = &[
        b"/",
        b"*",
        b"25/",
        b"/0",
        b"bar/",
        b"(2)",
        b" 66: ",
        b" Doubles => 4",
        b" Takes",
        b" Drops",
        b"Wins 3 points",
        b"\n Game 2\n",
        b" : ",
        b"???",
        b"Illegal play (1;2;3)",
        b"; Set Pos=",
        b"\n",
        b"\r",
        b"\t",
        b"0",
        b"9",
        b";W[",
        b"]",
        b"(;",
        b")",
    ];
    let (mut replayed, mut faulted) = (0, 0);
    for round in 0..400 {
        let mut bytes = sources[round % sources.len()].clone();
        for _ in 0..1 + rng.below(6) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.below(bytes.len());
            match rng.below(4) {
                0 => bytes[at] = rng.below(256) as u8,
                1 => {
                    let end = (at + 1 + rng.below(40)).min(bytes.len());
                    bytes.drain(at..end);
                }
                2 => {
                    let piece = pieces[rng.below(pieces.len())];
                    bytes.splice(at..at, piece.iter().copied());
                }
                _ => {
                    let from = rng.below(bytes.len());
                    let end = (from + 1 + rng.below(80)).min(bytes.len());
                    let copy: Vec<u8> = bytes[from..end].to_vec();
                    bytes.splice(at..at, copy);
                }
            }
        }
        let report = check_bytes("mutant", &bytes, &options());
        // A finding points into the text: at a line it has (or just past
        // its end, where a record stops short), never at line 0 and never
        // past the text a person would scroll to.
        let breaks = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count();
        for f in &report.findings {
            let line = f.location.line as usize;
            assert!(
                (1..=breaks + 2).contains(&line),
                "round {round}: {} at line {line} of a text of {breaks} line breaks",
                f.code
            );
        }
        if !report.trace.is_empty() {
            replayed += 1;
        }
        if report
            .findings
            .iter()
            .any(|f| matches!(f.severity, Severity::Warning | Severity::Error))
        {
            faulted += 1;
        }
    }
    // The mutants exercise both sides: most still replay some actions, and
    // many carry a fault the check reports.
    assert!(
        replayed >= 300,
        "only {replayed} of 400 mutants replayed any action"
    );
    assert!(
        faulted >= 300,
        "only {faulted} of 400 mutants gave a warning or error"
    );
}
