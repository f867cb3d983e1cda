//! Octal benchmarks (criterion): fixed seeds, the known answer asserted inside each
//! bench.
//!
//! - `octal/period_proof`: `periodic` for Kayles (`.77`) and Dawson's Kayles (`.07`)
//!   from scratch: `g` in doubling lengths, the smallest period found and proved
//!   (asserted: 12 from 71, 34 from 53).
//! - `octal/heaps_1e5`: one case of 10^5 heaps of up to 10^18 tokens under Kayles, with
//!   the period already proved: 50,000 random heaps each twice, shuffled, plus a heap of
//!   1 (so the value is g(1) = 1: Alice, known without any table).
//!
//! - `octal/g_20000`: `g(0..20,000)` of `.16` from scratch by the plain recurrence
//!   (`grundy`'s table, O(n²)) and by the sparse-space method (`sparse`); each asserts
//!   its values equal the other's, computed once before timing.
//!
//! Run: `cargo bench --bench octal -- --warm-up-time 1 --measurement-time 3`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gamecheck::outcome::Value;
use gamecheck::solver::Solver;
use gamecheck_games::octal::grundy::table;
use gamecheck_games::octal::periodic::Periodic;
use gamecheck_games::octal::sparse::SparseG;
use gamecheck_games::octal::{Code, Position, MAX_HEAP};
use rand::Rng;
use std::hint::black_box;

fn period_proof(c: &mut Criterion) {
    let mut g = c.benchmark_group("octal/period_proof");
    for (name, code, want) in [
        ("kayles", ".77", (12, 71)),
        ("dawsons_kayles", ".07", (34, 53)),
    ] {
        let code: Code = code.parse().unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let p = Periodic::new(black_box(&code), 4096).period().unwrap();
                assert_eq!((p.period, p.pre_period), want);
            })
        });
    }
    g.finish();
}

fn huge_heaps(c: &mut Criterion) {
    let mut rng = gamecheck::rng::from_seed(18);
    let mut heaps: Vec<u64> = (0..50_000)
        .map(|_| rng.random_range(1..=MAX_HEAP))
        .collect();
    heaps.extend(heaps.clone());
    heaps.push(1);
    for i in (1..heaps.len()).rev() {
        let j = rng.random_range(0..=i);
        heaps.swap(i, j);
    }
    let position = Position::new(heaps).unwrap();
    let mut periodic = Periodic::new(&".77".parse().unwrap(), 4096);
    let mut g = c.benchmark_group("octal/heaps_1e5");
    g.throughput(Throughput::Elements(position.heaps().len() as u64));
    g.bench_function("periodic", |b| {
        b.iter(|| assert_eq!(periodic.solve(black_box(&position)).unwrap(), Value::Win))
    });
    g.finish();
}

fn g_20000(c: &mut Criterion) {
    let code: Code = ".16".parse().unwrap();
    let len = 20_000;
    let plain = table(&code, len);
    let mut sparse = SparseG::new(code);
    sparse.extend_to(len);
    let sparse = sparse.values().to_vec();
    assert_eq!(plain, sparse, "the two methods agree before they are timed");
    let mut g = c.benchmark_group("octal/g_20000");
    g.throughput(Throughput::Elements(len as u64));
    g.sample_size(10);
    g.bench_function("grundy", |b| {
        b.iter(|| assert_eq!(table(black_box(&code), len).last(), sparse.last()))
    });
    g.bench_function("sparse", |b| {
        b.iter(|| {
            let mut s = SparseG::new(black_box(code));
            s.extend_to(len);
            assert_eq!(s.get(len - 1), plain[len - 1]);
        })
    });
    g.finish();
}

criterion_group!(benches, period_proof, huge_heaps, g_20000);
criterion_main!(benches);
