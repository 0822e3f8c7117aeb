//! Reading alone (no replay) over the GNU Backgammon self-play corpus,
//! loaded into memory first. The event count is checked before timing.

use std::hint::black_box;
use std::path::PathBuf;

use bgaudit::parse::{self, Action, Comment, GameHeader, Location, MatchHeader, Problem, Visitor};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Events the reader gives on the corpus (matches, games, actions, ends).
const EXPECTED_EVENTS: usize = 39_389;

/// Does nothing.
struct Nothing;
impl Visitor<'_> for Nothing {}

/// Counts every event.
#[derive(Default)]
struct Count(usize);
impl Visitor<'_> for Count {
    fn begin_match(&mut self, _: &MatchHeader<'_>) {
        self.0 += 1;
    }
    fn begin_game(&mut self, _: &GameHeader<'_>) {
        self.0 += 1;
    }
    fn action(&mut self, _: &Action<'_>) {
        self.0 += 1;
    }
    fn end_game(&mut self, _: Location) {
        self.0 += 1;
    }
    fn end_match(&mut self, _: Location) {
        self.0 += 1;
    }
    fn comment(&mut self, _: &Comment<'_>) {
        self.0 += 1;
    }
    fn problem(&mut self, _: &Problem<'_>) {
        self.0 += 1;
    }
}

fn corpus() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/gnubg-selfplay/mat");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let texts: Vec<String> = files
        .iter()
        .map(|b| String::from_utf8(b.clone()).unwrap())
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut count = Count::default();
    for text in &texts {
        parse::mat::read(text, &mut count);
    }
    assert_eq!(
        count.0, EXPECTED_EVENTS,
        "the reader's output changed: fix it or update the constant"
    );
    let mut group = c.benchmark_group("read");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("mat::read, self-play corpus (text in memory)", |b| {
        b.iter(|| {
            for text in &texts {
                parse::mat::read(black_box(text), &mut Nothing);
            }
        });
    });
    group.bench_function(
        "parse::read, self-play corpus (bytes in memory, decoded)",
        |b| {
            b.iter(|| {
                for file in &files {
                    black_box(parse::read(black_box(file), &mut Nothing));
                }
            });
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
