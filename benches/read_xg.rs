//! Reading speed of the eXtreme Gammon reader: decompressing the archive,
//! checking its checksums and decoding the records into reader events, in
//! bytes of `.xg` file per second.
//!
//! Run with `cargo bench --bench read_xg`. Reads the real matches of
//! `../shared/corpus/xg/kevung__gbf` when they are there, else the
//! fixtures of `fixtures/xg`.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use bgaudit::parse::{self, Action, ActionKind, GameHeader, Visitor, xg};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Counts what a replayer would look at.
#[derive(Debug, Default)]
struct Count {
    games: usize,
    rolls: usize,
    cube: usize,
}

impl Visitor<'_> for Count {
    fn begin_game(&mut self, _: &GameHeader<'_>) {
        self.games += 1;
    }
    fn action(&mut self, action: &Action<'_>) {
        match action.kind {
            ActionKind::Roll { .. } => self.rolls += 1,
            ActionKind::Double(_) | ActionKind::Take | ActionKind::Drop => self.cube += 1,
            _ => {}
        }
    }
}

fn xg_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "xg"));
    files.sort();
    files
}

fn inputs() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/corpus/xg/kevung__gbf");
    let mut files = xg_files(&shared);
    if files.is_empty() {
        eprintln!("{} is absent: reading the fixtures", shared.display());
        files = xg_files(&root.join("fixtures/xg"));
    }
    files
        .iter()
        .map(|p| fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

fn read_all(files: &[Vec<u8>]) -> Count {
    let mut count = Count::default();
    for bytes in files {
        let decoded = xg::decode(bytes).unwrap_or_else(|e| panic!("{e}"));
        decoded.read(&mut count);
    }
    count
}

fn bench(c: &mut Criterion) {
    let files = inputs();
    // The work first: every file reads.
    let count = read_all(&files);
    assert!(count.games > 0 && count.rolls > 0, "{count:?}");
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("read_xg");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("decode_and_read", |b| {
        b.iter(|| read_all(black_box(&files)));
    });
    group.bench_function("parse_read", |b| {
        b.iter(|| {
            let mut count = Count::default();
            for file in &files {
                black_box(parse::read(black_box(file), &mut count));
            }
            count
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
