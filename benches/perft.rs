//! Perft and table-export benchmarks (criterion), the known answers asserted inside.
//!
//! Run: `cargo bench --bench perft`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gamecheck::perft::{count, Generator, Perft};
use gamecheck_games::marble::{export, table::Table, LineSet, MarbleGame, Play, Rules};
use std::hint::black_box;

/// perft(6) from the empty standard 4-diamond, fast generator, memoized by (position,
/// depth); the walker is built once. Throughput: the 2,631,885,840 sequences counted.
fn perft_depth6(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft/marble");
    let rules = Rules::standard();
    let walker = MarbleGame::walker(&rules);
    g.sample_size(10);
    g.throughput(Throughput::Elements(2_631_885_840));
    g.bench_function("side4_standard_depth6", |b| {
        b.iter(|| {
            let n = count::<MarbleGame>(&walker, black_box(&0), 6, Generator::Fast).unwrap();
            assert_eq!(n, 2_631_885_840);
            n
        })
    });
    // depth 4 through the oracle's generator, for scale (6,838,608, the independent value)
    g.throughput(Throughput::Elements(6_838_608));
    g.bench_function("side4_standard_depth4_naive", |b| {
        b.iter(|| {
            let n = count::<MarbleGame>(&walker, black_box(&0), 4, Generator::Oracle).unwrap();
            assert_eq!(n, 6_838_608);
            n
        })
    });
    g.finish();
}

/// Table export: the solved table packed into the GCTABLE1 bytes and their SHA-256, for
/// the 4-diamond and the 5-diamond (the digests are the golden ones of `table marble`).
fn table_export(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft/table_export");
    let std4 = Table::build(&Rules::standard());
    g.throughput(Throughput::Elements(1 << 16));
    g.bench_function("side4_standard", |b| {
        b.iter(|| {
            let d = export::sha256_hex(&export::file_bytes(black_box(&std4)));
            assert_eq!(
                d,
                "3b7b87038d8c301d774237ba69c32a248dfbc9cc724737cb14787d06b636a97d"
            );
            d
        })
    });
    let std5 = Table::build(&Rules::new(5, None, LineSet::ALL, Play::Normal).unwrap());
    g.sample_size(10);
    g.throughput(Throughput::Elements(1 << 25));
    g.bench_function("side5_standard", |b| {
        b.iter(|| {
            let d = export::sha256_hex(&export::file_bytes(black_box(&std5)));
            assert_eq!(
                d,
                "196b2e3a3bbf246c996c957763f0da21825cb8dd642fe483fbbd0c274ab6fa4d"
            );
            d
        })
    });
    g.finish();
}

criterion_group!(benches, perft_depth6, table_export);
criterion_main!(benches);
