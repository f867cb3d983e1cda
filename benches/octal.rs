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
//! - `octal/kernel`: the sparse-space kernel in its steady state, 16,384 values past a
//!   table of 2^20 (cloned before each run, not timed): `.16` (52 rare positions: the
//!   scan of the splits is most of the work), `.127` (693: the marks of the rare pairs),
//!   and the plain recurrence (`.07` under the plain mask, 2,048 values past 16,384);
//!   each asserts its last value by the code's known period (`.16`: 149,459 from
//!   105,351; `.127`: 4 from 46,578; `.07`: 34 from 53).
//! - `octal/values_2^22`: `g(0..2^22)` from scratch by the sparse-space method, `.16`
//!   and `.356` (period 142 from 7,315), the last value asserted by the period.
//!
//! Run: `cargo bench --bench octal -- --warm-up-time 1 --measurement-time 3`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gamecheck::outcome::Value;
use gamecheck::solver::Solver;
use gamecheck_games::octal::grundy::table;
use gamecheck_games::octal::periodic::Periodic;
use gamecheck_games::octal::sparse::{Mask, SparseG};
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

/// `g(n)` of a code with a known period `p` from `n0`, read by the period from the
/// table: `g(n0 + (n − n0) mod p)`, an earlier value when `n ≥ n0 + p`.
fn by_period(s: &SparseG, n: usize, (p, n0): (usize, usize)) -> u32 {
    s.get(if n < n0 { n } else { n0 + (n - n0) % p })
}

fn kernel(c: &mut Criterion) {
    let mut g = c.benchmark_group("octal/kernel");
    g.sample_size(10);
    let cases = [
        ("16", ".16", None, 1 << 20, 1 << 14, (149_459, 105_351)),
        ("127", ".127", None, 1 << 20, 1 << 14, (4, 46_578)),
        (
            "plain_07",
            ".07",
            Some(Mask::PLAIN),
            1 << 14,
            1 << 11,
            (34, 53),
        ),
    ];
    for (name, code, mask, from, more, period) in cases {
        let code: Code = code.parse().unwrap();
        let mut start = match mask {
            Some(m) => SparseG::with_mask(code, m).unwrap(),
            None => SparseG::new(code),
        };
        start.extend_to(from);
        let last = from + more - 1;
        g.throughput(Throughput::Elements(more as u64));
        g.bench_function(name, |b| {
            b.iter_batched(
                || start.clone(),
                |mut s| {
                    s.extend_to(from + more);
                    assert_eq!(s.get(last), by_period(&s, last, period));
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

fn values_2_22(c: &mut Criterion) {
    let mut g = c.benchmark_group("octal/values_2^22");
    g.sample_size(10);
    let len = 1 << 22;
    g.throughput(Throughput::Elements(len as u64));
    for (name, code, period) in [
        ("16", ".16", (149_459, 105_351)),
        ("356", ".356", (142, 7_315)),
    ] {
        let code: Code = code.parse().unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut s = SparseG::new(black_box(code));
                s.extend_to(len);
                let last = len - 1;
                assert_eq!(s.get(last), by_period(&s, last, period));
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    period_proof,
    huge_heaps,
    g_20000,
    kernel,
    values_2_22
);
criterion_main!(benches);
