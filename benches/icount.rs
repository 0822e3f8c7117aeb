//! Fixed work for instruction counts (`valgrind --tool=callgrind`), which
//! the load of a shared machine does not disturb: no timing here.
//!
//! ```sh
//! cargo bench --bench icount --no-run        # prints the executable
//! valgrind --tool=callgrind target/release/deps/icount-HASH read
//! ```
//!
//! - `read`: `mat::read` over the self-play corpus (text in memory), five
//!   times (1,000 file reads, as the whole-process count);
//! - `decode`: `text::decode` over the same bytes, five times;
//! - `judge`: the written plays of the `judge/full play` benchmark, judged
//!   `LOOPS` times (default 10); `LOOPS=0` gives the set-up alone;
//! - `generate`: every legal play of the self-play and hard random oracle
//!   positions, generated `LOOPS` times (default 3); `LOOPS=0` gives the
//!   set-up alone.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::parse_position_id;
use bgaudit::notation::PlayNotation;
use bgaudit::parse::{self, Visitor};
use bgaudit::position::Position;
use bgaudit::rules::{MoveGen, judge};

/// Does nothing.
struct Nothing;
impl Visitor<'_> for Nothing {}

fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path)
}

fn corpus() -> Vec<Vec<u8>> {
    let dir = shared("corpus/gnubg-selfplay/mat");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// The (position, roll) lines of an oracle file.
fn oracle(name: &str) -> Vec<(Position, Roll)> {
    let file = std::fs::File::open(shared("oracle").join(name)).unwrap();
    BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let p = parse_position_id(f.next()?, 15).ok()?;
            let r: Roll = f.next()?.parse().ok()?;
            Some((p, r))
        })
        .collect()
}

fn loops(default: usize) -> usize {
    std::env::var("LOOPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The plays of `benches/movegen.rs`'s `judge/full play`.
fn full_plays(generator: &mut MoveGen) -> Vec<(Position, Roll, PlayNotation)> {
    let file = std::fs::File::open(shared("oracle/legal-plays.tsv.gz")).unwrap();
    BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let p = parse_position_id(f.next()?, 15).ok()?;
            let r: Roll = f.next()?.parse().ok()?;
            let plays = generator.generate(&p, r);
            let first = plays.first()?;
            if usize::from(first.play.dice_used()) != r.steps() {
                return None;
            }
            let n = PlayNotation::parse(&first.play.to_string()).ok()?;
            Some((p, r, n))
        })
        .collect()
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    match what.as_str() {
        "read" => {
            let texts: Vec<String> = corpus()
                .into_iter()
                .map(|b| String::from_utf8(b).unwrap())
                .collect();
            for _ in 0..5 {
                for t in &texts {
                    parse::mat::read(std::hint::black_box(t), &mut Nothing);
                }
            }
        }
        "decode" => {
            let files = corpus();
            for _ in 0..5 {
                for f in &files {
                    std::hint::black_box(parse::text::decode(f).is_ok());
                }
            }
        }
        "judge" => {
            let mut generator = MoveGen::new();
            let plays = full_plays(&mut generator);
            assert_eq!(plays.len(), 28_937);
            for _ in 0..loops(10) {
                for (p, r, n) in &plays {
                    std::hint::black_box(judge(p, *r, n, &mut generator));
                }
            }
        }
        "generate" => {
            let mut generator = MoveGen::new();
            let lines: Vec<_> = ["legal-plays.tsv.gz", "legal-plays-random.tsv.gz"]
                .into_iter()
                .flat_map(oracle)
                .collect();
            assert_eq!(lines.len(), 65_868);
            for _ in 0..loops(3) {
                for (p, r) in &lines {
                    std::hint::black_box(generator.generate(p, *r).len());
                }
            }
        }
        // `cargo bench` runs every bench target with `--bench`: nothing to do.
        _ => {}
    }
}
