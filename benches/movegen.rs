//! Rules engine benchmarks over the positions of the oracle files.
//!
//! - judging a written play that uses all its dice (the common case: no
//!   generation needed), and the same plays written one hop a die through
//!   the lean judgement the replayer uses for them;
//! - judging an incomplete play (needs the proof that no fuller play exists);
//! - generating every legal play.
//!
//! Each benchmark asserts the work before timing it. Run with
//! `cargo bench --bench movegen`.

use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::parse_position_id;
use bgaudit::notation::PlayNotation;
use bgaudit::position::Position;
use bgaudit::rules::judge::judge_plain;
use bgaudit::rules::{MoveGen, judge};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn oracle(name: &str) -> Vec<(Position, Roll)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/oracle")
        .join(name);
    let file = std::fs::File::open(&path).expect("the shared oracle files are present");
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

/// (position, roll, written play) for the first legal play of each line.
fn written_plays(lines: &[(Position, Roll)], full: bool) -> Vec<(Position, Roll, PlayNotation)> {
    let mut generator = MoveGen::new();
    lines
        .iter()
        .filter_map(|&(p, r)| {
            let plays = generator.generate(&p, r);
            let first = plays.first()?;
            let uses_all = usize::from(first.play.dice_used()) == r.steps();
            if uses_all != full {
                return None;
            }
            let n = PlayNotation::parse(&first.play.to_string()).ok()?;
            Some((p, r, n))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let selfplay = oracle("legal-plays.tsv.gz");
    let random = oracle("legal-plays-random.tsv.gz");
    assert_eq!(selfplay.len(), 34_368);
    assert_eq!(random.len(), 31_500);

    let full = written_plays(&selfplay, true);
    let partial = written_plays(&random, false);
    let mut generator = MoveGen::new();
    assert!(
        full.iter()
            .all(|(p, r, n)| judge(p, *r, n, &mut generator).is_legal())
    );
    assert!(
        partial
            .iter()
            .all(|(p, r, n)| judge(p, *r, n, &mut generator).is_legal())
    );

    let mut group = c.benchmark_group("judge");
    group.throughput(Throughput::Elements(full.len() as u64));
    group.bench_function(
        format!("full play, {} self-play positions", full.len()),
        |b| {
            b.iter(|| {
                for (p, r, n) in &full {
                    black_box(judge(p, *r, n, &mut generator));
                }
            })
        },
    );
    // The replayer's commonest play, one hop a die: the lean judgement.
    let plain: Vec<_> = full
        .iter()
        .filter(|(p, r, n)| judge_plain(*p, *r, n).is_some())
        .copied()
        .collect();
    assert!(plain.len() > full.len() / 2);
    group.throughput(Throughput::Elements(plain.len() as u64));
    group.bench_function(
        format!("plain play, {} self-play positions", plain.len()),
        |b| {
            b.iter(|| {
                for (p, r, n) in &plain {
                    black_box(judge_plain(*p, *r, n));
                }
            })
        },
    );
    group.throughput(Throughput::Elements(partial.len() as u64));
    group.bench_function(
        format!("incomplete play, {} hard positions", partial.len()),
        |b| {
            b.iter(|| {
                for (p, r, n) in &partial {
                    black_box(judge(p, *r, n, &mut generator));
                }
            })
        },
    );
    group.finish();

    let mut group = c.benchmark_group("generate");
    for (name, lines) in [("self-play", &selfplay), ("hard random", &random)] {
        group.throughput(Throughput::Elements(lines.len() as u64));
        group.bench_function(
            format!("all legal plays, {} {name} positions", lines.len()),
            |b| {
                b.iter(|| {
                    let mut total = 0;
                    for (p, r) in lines.iter() {
                        total += generator.generate(p, *r).len();
                    }
                    black_box(total)
                })
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
