//! Marble benchmarks (criterion): one group per question, one bench per solver variant,
//! fixed seeds, the known answer asserted inside each bench.
//!
//! Run: `cargo bench --bench marble`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamecheck::game::solve_cases_with;
use gamecheck::game::{Game as _, Variants as _};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::Size;
use gamecheck::solver::Solver;
use gamecheck_games::marble::bitmask::Bitmask;
use gamecheck_games::marble::geometry::Layout;
use gamecheck_games::marble::movegen::MoveGen;
use gamecheck_games::marble::naive::Naive;
use gamecheck_games::marble::table::{Table, TableSolver};
use gamecheck_games::marble::{LineSet, MarbleGame, Play, Position, Rules};
use std::hint::black_box;
use std::sync::Arc;

fn side5() -> Rules {
    Rules::new(5, None, LineSet::ALL, Play::Normal).unwrap()
}

/// Full-table build: the 4-diamond and the 5-diamond under the standard lines and run.
/// The answer for the empty board is checked against an independent solver (the oracle
/// for n = 4, the bitmask DFS for n = 5).
fn table_build(c: &mut Criterion) {
    let mut g = c.benchmark_group("marble/table_build");
    let std4 = Rules::standard();
    let empty4 = Position::empty(4);
    let known4 = Naive::new(&std4).solve(&empty4).unwrap();
    let l4 = Layout::new(4);
    g.throughput(Throughput::Elements(1 << 16));
    g.bench_function("side4_standard", |b| {
        b.iter(|| {
            let t = Table::build(black_box(&std4));
            assert_eq!(
                t.wins_square(l4.to_square(empty4.marbles())),
                known4 == Value::Win
            );
            t
        })
    });
    let std5 = side5();
    let empty5 = Position::empty(5);
    let known5 = Bitmask::new(&std5).solve(&empty5).unwrap();
    g.sample_size(10);
    g.throughput(Throughput::Elements(1 << 25));
    g.bench_function("side5_standard", |b| {
        b.iter(|| {
            let t = Table::build(black_box(&std5));
            assert_eq!(t.wins_square(0), known5 == Value::Win);
            t
        })
    });
    // the side-6 pass on part of the board: the standard rules with the last 28 square
    // cells free (2^28 positions, 32 MiB); its answers are proved by the certificate,
    // benchmarked below
    let std6 = side6();
    g.throughput(Throughput::Elements(1 << 28));
    g.bench_function("side6_mask28", |b| {
        b.iter(|| Table::build_masked(black_box(&std6), MASK28))
    });
    g.finish();
}

fn side6() -> Rules {
    Rules::new(6, None, LineSet::ALL, Play::Normal).unwrap()
}

/// The last 28 cells of the 6 × 6 square frame.
const MASK28: u64 = ((1u64 << 28) - 1) << 8;

/// The certificate (forward lookups over the shift generator, 64 positions a word): the
/// 5-diamond's full table and the side-6 prototype's masked one.
fn certify(c: &mut Criterion) {
    let mut g = c.benchmark_group("marble/certify");
    g.sample_size(10);
    let t5 = Table::build(&side5());
    g.throughput(Throughput::Elements(1 << 25));
    g.bench_function("side5_standard", |b| b.iter(|| t5.certify().unwrap()));
    let t6 = Table::build_masked(&side6(), MASK28);
    g.throughput(Throughput::Elements(1 << 28));
    g.bench_function("side6_mask28", |b| b.iter(|| t6.certify().unwrap()));
    g.finish();
}

fn batch(seed: u64) -> Vec<Position> {
    let mut rng = gamecheck::rng::from_seed(seed);
    let rules = Rules::standard();
    (0..200)
        .map(|_| MarbleGame::random_case(&rules, &mut rng, Size::FULL))
        .collect()
}

/// Answering a batch of 200 random standard positions, from a fresh solver (so the
/// oracle's and the DFS's memo fills and the table's build are counted), per solver; and
/// the table's lookups alone.
fn answer_batch(c: &mut Criterion) {
    let rules = Rules::standard();
    let positions = batch(2026);
    let expected: Vec<Winner> =
        solve_cases_with::<MarbleGame>(&rules, &mut Naive::new(&rules), &positions).unwrap();
    let mut g = c.benchmark_group("marble/answer_200");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10);
    // every variant, the oracle included (a new variant is benched with no edit here)
    for &v in <gamecheck_games::marble::Variant as gamecheck::game::Variants>::ALL {
        g.bench_function(BenchmarkId::new("fresh", v.name()), |b| {
            b.iter(|| {
                let mut s = gamecheck_games::marble::game::solver(&rules, v);
                let got = solve_cases_with::<MarbleGame>(&rules, s.as_mut(), black_box(&positions))
                    .unwrap();
                assert_eq!(got, expected);
            })
        });
    }
    let mut warm = TableSolver::with_table(Arc::new(Table::build(&rules)));
    g.sample_size(100);
    g.bench_function(BenchmarkId::new("lookup", "table"), |b| {
        b.iter(|| {
            let got =
                solve_cases_with::<MarbleGame>(&rules, &mut warm, black_box(&positions)).unwrap();
            assert_eq!(got, expected);
        })
    });
    g.finish();
}

/// The two move generators on a fixed set of 64 boards; both must find the same number
/// of moves.
fn movegen(c: &mut Criterion) {
    let rules = Rules::standard();
    let boards: Vec<Position> = batch(7).into_iter().take(64).collect();
    let layout = Layout::new(4);
    let gen = MoveGen::new(&rules);
    let naive = Naive::new(&rules);
    let known: usize = boards.iter().map(|p| naive.moves(p).len()).sum();
    let squares: Vec<u64> = boards
        .iter()
        .map(|p| layout.to_square(p.marbles()))
        .collect();
    let mut g = c.benchmark_group("marble/movegen_64_boards");
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_function("bitmask", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for &sq in black_box(&squares) {
                let _ = gen.for_each(sq, |_| {
                    n += 1;
                    std::ops::ControlFlow::Continue(())
                });
            }
            assert_eq!(n, known);
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            let n: usize = black_box(&boards)
                .iter()
                .map(|p| naive.moves(p).len())
                .sum();
            assert_eq!(n, known);
        })
    });
    g.finish();
}

criterion_group!(benches, table_build, certify, answer_batch, movegen);
criterion_main!(benches);
