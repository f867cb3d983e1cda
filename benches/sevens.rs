//! Sevens benchmarks (criterion): one group per question, one bench per solver variant,
//! fixed seeds, the answers asserted inside each bench (each fast solver against the
//! other, the oracle against `table`).
//!
//! Run: `cargo bench --bench sevens`. Target: `table` answers a standard `lose` deal in
//! at most 0.5 ms (median over the 40 deals of the batch).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamecheck::game::solve_cases_with;
use gamecheck::game::{fast_variants, Variants as _};
use gamecheck::outcome::Winner;
use gamecheck::solver::Solver;
use gamecheck_games::sevens::contest::uniform_hand;
use gamecheck_games::sevens::memo::Memo;
use gamecheck_games::sevens::table::Table;
use gamecheck_games::sevens::{game, Deal, Rules, SevensGame, Stuck, Variant};
use std::hint::black_box;

/// Deals in the standard batch.
const DEALS: usize = 40;

fn batch(rules: &Rules, seed: u64, n: usize) -> Vec<Deal> {
    let mut rng = gamecheck::rng::from_seed(seed);
    (0..n)
        .map(|_| Deal::new(rules, uniform_hand(rules, &mut rng)).unwrap())
        .collect()
}

/// 40 random standard deals (seed 2026) per stuck rule, per fast solver. The solver is
/// built once (the table's array is allocated outside the timing, as in a contest run
/// that answers many deals); the answers are asserted against the other solver's.
fn standard_deals(c: &mut Criterion) {
    for stuck in Stuck::ALL {
        let rules = Rules::standard_with(stuck);
        let deals = batch(&rules, 2026, DEALS);
        let by_memo: Vec<Winner> =
            solve_cases_with::<SevensGame>(&rules, &mut Memo::new(&rules), &deals).unwrap();
        let by_table: Vec<Winner> =
            solve_cases_with::<SevensGame>(&rules, &mut Table::new(&rules), &deals).unwrap();
        assert_eq!(by_memo, by_table, "memo and table disagree under {rules}");
        let mut g = c.benchmark_group(format!("sevens/standard_{}_40_deals", stuck.name()));
        g.throughput(Throughput::Elements(DEALS as u64));
        g.sample_size(10);
        let mut memo = Memo::new(&rules);
        g.bench_function("memo", |b| {
            b.iter(|| {
                let got =
                    solve_cases_with::<SevensGame>(&rules, &mut memo, black_box(&deals)).unwrap();
                assert_eq!(got, by_table);
            })
        });
        let mut table = Table::new(&rules);
        let _ = table.solve(&deals[0]);
        g.bench_function("table", |b| {
            b.iter(|| {
                let got =
                    solve_cases_with::<SevensGame>(&rules, &mut table, black_box(&deals)).unwrap();
                assert_eq!(got, by_memo);
            })
        });
        g.finish();
    }
}

/// One standard `lose` deal at a time with `table` (the per-deal figure of the target).
fn one_standard_deal(c: &mut Criterion) {
    let rules = Rules::standard();
    let deals = batch(&rules, 2026, DEALS);
    let expected: Vec<Winner> =
        solve_cases_with::<SevensGame>(&rules, &mut Memo::new(&rules), &deals).unwrap();
    let mut table = Table::new(&rules);
    let mut g = c.benchmark_group("sevens/standard_lose_one_deal");
    g.sample_size(40);
    let mut i = 0;
    g.bench_function("table", |b| {
        b.iter(|| {
            i = (i + 1) % DEALS;
            assert_eq!(table.solve(black_box(&deals[i])).unwrap(), expected[i]);
        })
    });
    g.finish();
}

/// A drawn standard deal (Alice holds spades and clubs): a draw must search every move,
/// so this is the slow end for both solvers.
fn drawn_standard_deal(c: &mut Criterion) {
    let rules = Rules::standard();
    let deal = gamecheck_games::sevens::props::whole_suits_deal(&rules, 0b0101);
    let mut g = c.benchmark_group("sevens/standard_lose_drawn_deal");
    g.sample_size(10);
    let mut memo = Memo::new(&rules);
    g.bench_function("memo", |b| {
        b.iter(|| assert_eq!(memo.solve(black_box(&deal)).unwrap(), Winner::Draw))
    });
    let mut table = Table::new(&rules);
    g.bench_function("table", |b| {
        b.iter(|| assert_eq!(table.solve(black_box(&deal)).unwrap(), Winner::Draw))
    });
    g.finish();
}

/// The oracle on small decks, for scale, with `table` alongside; 40 deals each.
fn small_decks(c: &mut Criterion) {
    let mut g = c.benchmark_group("sevens/small_decks_40_deals");
    g.throughput(Throughput::Elements(DEALS as u64));
    g.sample_size(10);
    for (suits, ranks) in [(2usize, 6u8), (3, 6), (4, 4)] {
        let rules = Rules::new(suits, ranks, None, Stuck::Lose).unwrap();
        let deals = batch(&rules, 7, DEALS);
        let expected: Vec<Winner> =
            solve_cases_with::<SevensGame>(&rules, &mut Table::new(&rules), &deals).unwrap();
        // the oracle and every fast variant (a new variant is benched with no edit here)
        let mut variants = vec![Variant::Naive];
        variants.extend(fast_variants::<SevensGame>());
        for v in variants {
            let name = v.name();
            g.bench_function(BenchmarkId::new(name, format!("{suits}x{ranks}")), |b| {
                b.iter(|| {
                    let mut s = game::solver(&rules, v);
                    let got = solve_cases_with::<SevensGame>(&rules, s.as_mut(), black_box(&deals))
                        .unwrap();
                    assert_eq!(got, expected);
                })
            });
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    standard_deals,
    one_standard_deal,
    drawn_standard_deal,
    small_decks
);
criterion_main!(benches);
