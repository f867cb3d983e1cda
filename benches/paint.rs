//! Paint benchmarks (criterion): fixed seeds, the known answer asserted inside each
//! bench.
//!
//! - `paint/contest_74x4747`: the contest's worst case, T = 74 cases of N = 4,747 with
//!   1,000 random painted cells each, reading excluded. Target for `periodic` (period
//!   already proved): **≤ 1 ms for all 74 cases**. `periodic+proof` proves the period
//!   each time; `grundy` builds its table to the longest run met, and
//!   `grundy+table_to_4747` to N = 4,747 first, as a contest solution does. The answers
//!   are `grundy`'s (its table, no period).
//! - `paint/huge_n`: one case of N = 10^18 with 1,000 painted cells, mirror-symmetric
//!   about a painted column (so its value is G ⊕ G = 0: Bob, known without any table).
//!   Target: **≤ 100 µs**.
//! - `paint/oracle_n8`: the oracle (fresh memo) and `bitmask` on 64 random N = 8
//!   positions, for scale; answers from `periodic`.
//!
//! Run: `cargo bench --bench paint -- --warm-up-time 1 --measurement-time 3`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamecheck::game::solve_cases_with;
use gamecheck::game::Variants as _;
use gamecheck::outcome::Winner;
use gamecheck_games::paint::grundy::Grundy;
use gamecheck_games::paint::periodic::Periodic;
use gamecheck_games::paint::{format, game, Cell, PaintGame, Position, Variant};
use rand::Rng;
use std::collections::HashSet;
use std::hint::black_box;

/// `count` distinct random cells of a strip of `n` columns.
fn random_cells(rng: &mut gamecheck::rng::Rng, n: u64, count: usize) -> Vec<Cell> {
    let mut seen = HashSet::new();
    let mut cells = Vec::with_capacity(count);
    while cells.len() < count {
        let c = Cell::new(rng.random_range(1..=2), rng.random_range(1..=n));
        if seen.insert(c) {
            cells.push(c);
        }
    }
    cells
}

/// The contest's worst case, as its text would be read.
fn contest_input() -> Vec<Position> {
    let mut rng = gamecheck::rng::from_seed(4747);
    let positions: Vec<Position> = (0..74)
        .map(|_| Position::new(4747, random_cells(&mut rng, 4747, 1000)).unwrap())
        .collect();
    // through the reader, as `solve` gets them
    format::read(&format::write(&positions)).unwrap()
}

fn contest(c: &mut Criterion) {
    let positions = contest_input();
    let expected: Vec<Winner> = solve_cases_with::<PaintGame>(
        &gamecheck_games::paint::game::Rules,
        &mut Grundy::new(),
        &positions,
    )
    .unwrap();
    let mut g = c.benchmark_group("paint/contest_74x4747");
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut periodic = Periodic::new();
    g.bench_function("periodic", |b| {
        b.iter(|| {
            let got = solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                &mut periodic,
                black_box(&positions),
            )
            .unwrap();
            assert_eq!(got, expected);
        })
    });
    g.bench_function("periodic+proof", |b| {
        b.iter(|| {
            let got = solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                &mut Periodic::new(),
                black_box(&positions),
            )
            .unwrap();
            assert_eq!(got, expected);
        })
    });
    g.sample_size(10);
    g.bench_function("grundy", |b| {
        b.iter(|| {
            let mut s = game::solver(Variant::Grundy);
            let got = solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                s.as_mut(),
                black_box(&positions),
            )
            .unwrap();
            assert_eq!(got, expected);
        })
    });
    g.bench_function("grundy+table_to_4747", |b| {
        b.iter(|| {
            let mut s = Grundy::with_table(4748);
            let got = solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                &mut s,
                black_box(&positions),
            )
            .unwrap();
            assert_eq!(got, expected);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("paint/g");
    g.bench_function("prove_period", |b| {
        b.iter(|| {
            let (_, p) = gamecheck_games::paint::periodic::discover().unwrap();
            black_box(p)
        })
    });
    g.finish();
}

/// N = 10^18, 1,000 painted cells: columns 1..h−1 random (499 cells), column h painted,
/// columns h+1..2h−1 their mirror image, column 2h = N painted.
fn huge_case() -> Position {
    let n: u64 = 1_000_000_000_000_000_000;
    let h = n / 2;
    let mut rng = gamecheck::rng::from_seed(18);
    let left = random_cells(&mut rng, h - 1, 498);
    let mut cells = left.clone();
    cells.extend(left.iter().map(|c| Cell::new(c.row, 2 * h - c.col)));
    cells.extend([
        Cell::new(1, h),
        Cell::new(2, h),
        Cell::new(1, n),
        Cell::new(2, n),
    ]);
    let p = Position::new(n, cells).unwrap();
    assert_eq!(p.painted().len(), 1000);
    p
}

fn huge(c: &mut Criterion) {
    let p = vec![huge_case()];
    let mut g = c.benchmark_group("paint/huge_n");
    g.throughput(Throughput::Elements(1));
    let mut periodic = Periodic::new();
    g.bench_function("periodic", |b| {
        b.iter(|| {
            let got = solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                &mut periodic,
                black_box(&p),
            )
            .unwrap();
            assert_eq!(got, vec![Winner::Bob]);
        })
    });
    g.finish();
}

fn oracle(c: &mut Criterion) {
    let mut rng = gamecheck::rng::from_seed(8);
    let positions: Vec<Position> = (0..64)
        .map(|_| {
            let m = rng.random_range(0..=16);
            Position::new(8, random_cells(&mut rng, 8, m)).unwrap()
        })
        .collect();
    let expected = solve_cases_with::<PaintGame>(
        &gamecheck_games::paint::game::Rules,
        &mut Periodic::new(),
        &positions,
    )
    .unwrap();
    let mut g = c.benchmark_group("paint/oracle_n8");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10);
    for v in [Variant::Naive, Variant::Bitmask] {
        g.bench_function(BenchmarkId::new("fresh", v.name()), |b| {
            b.iter(|| {
                let mut s = game::solver(v);
                let got = solve_cases_with::<PaintGame>(
                    &gamecheck_games::paint::game::Rules,
                    s.as_mut(),
                    black_box(&positions),
                )
                .unwrap();
                assert_eq!(got, expected);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, contest, huge, oracle);
criterion_main!(benches);
