//! Reading speed of the SGF reader: plain records against records full of
//! GNU Backgammon analysis, in bytes per second.
//!
//! Run with `cargo bench --bench read_sgf`.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use bgaudit::parse::{Action, ActionKind, GameHeader, Visitor, sgf};
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

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

fn load(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "sgf"));
    files.sort();
    files
}

fn read_all(texts: &[String]) -> Count {
    let mut count = Count::default();
    for text in texts {
        sgf::read(text, &mut count);
    }
    count
}

fn bench(c: &mut Criterion) {
    let corpus = shared();
    let plain = load(&sgf_files(&corpus.join("gnubg-selfplay/sgf")));
    let analysed = load(&[
        corpus.join("real/kevung__gbf/data__test.sgf"),
        corpus.join("real/kevung__gnubgparser/test__charlot1-charlot2_7p_2025-11-08-2305.sgf"),
        corpus.join("real/kevung__gnubgparser/test__charlot1-charlot2_7p_2025-11-08-2308.sgf"),
        corpus.join("real/lassehjorthmadsen__gnubg-scripts/output__match1484923_analyzed.sgf"),
        corpus.join("real/lassehjorthmadsen__gnubg-scripts/output__match1486073_analyzed.sgf"),
        corpus.join("real/lassehjorthmadsen__gnubg-scripts/output__test-match01_analyzed.sgf"),
        corpus.join("real/zmetcalf__backgammon_sgf/tests__gnubg_file.sgf"),
    ]);

    // The work first: every game, roll and cube action of the inputs.
    let count = read_all(&plain);
    assert_eq!((plain.len(), count.games), (200, 727));
    assert_eq!((count.rolls, count.cube), (35_454, 1_349));
    let count = read_all(&analysed);
    assert_eq!(count.games, 27);

    let mut group = c.benchmark_group("read_sgf");
    for (name, texts) in [("plain", &plain), ("analysed", &analysed)] {
        let bytes: usize = texts.iter().map(String::len).sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function(name, |b| b.iter(|| read_all(black_box(texts))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
