//! Property tests (proptest) for paint: every fast solver agrees with the oracle (answer
//! and Grundy value); the XOR-of-parts law; the paint-a-cell law; the value is the mex
//! of the options' values beyond the oracle's range; both ways of splitting agree on
//! any N; large positions, `grundy` against `periodic`. Case counts come from
//! `PROPTEST_CASES` (default 256).

use gamecheck::solver::{Solver, Suggestion};
use gamecheck_games::paint::grundy::{
    parts, xor_of_parts as xor_of_parts_by, Grundy, Scratch, SplitMethod,
};
use gamecheck_games::paint::naive::Naive;
use gamecheck_games::paint::periodic::Periodic;
use gamecheck_games::paint::props::{
    movegen_matches_naive, paint_a_cell, solvers_agree, value_is_mex_of_options, xor_of_parts,
};
use gamecheck_games::paint::{format, Cell, Position};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// A position of N in `1..=max_n` with at most `max_unpainted` unpainted cells: each
/// cell painted at random, then the unpainted cells beyond the limit painted (a random
/// choice of which stay unpainted).
fn position(max_n: u64, max_unpainted: usize) -> impl Strategy<Value = Position> {
    (1..=max_n)
        .prop_flat_map(move |n| {
            (
                Just(n),
                prop::collection::vec(any::<bool>(), 2 * n as usize),
                prop::collection::vec(any::<u32>(), 2 * n as usize),
            )
        })
        .prop_map(move |(n, bits, order)| {
            let cells: Vec<Cell> = (0..2 * n)
                .map(|i| Cell::new((i % 2) as u8 + 1, i / 2 + 1))
                .collect();
            let mut free: Vec<(u32, Cell)> = cells
                .iter()
                .zip(&bits)
                .zip(&order)
                .filter(|((_, &painted), _)| !painted)
                .map(|((&c, _), &o)| (o, c))
                .collect();
            free.sort();
            free.truncate(max_unpainted);
            let painted = cells
                .into_iter()
                .filter(|c| !free.iter().any(|(_, f)| f == c))
                .collect();
            Position::new(n, painted).unwrap()
        })
}

/// A sparse position of a large N (up to `u64::MAX`): up to 40 random cells.
fn large_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        1u64..=5000,
        any::<u64>().prop_map(|n| n.max(1)),
        Just(u64::MAX)
    ]
    .prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::btree_set(
                (1u8..=2, 1..=n),
                0..=if n >= 20 { 40 } else { 2 * n as usize },
            ),
        )
    })
    .prop_map(|(n, cells)| {
        Position::new(n, cells.into_iter().map(|(r, c)| Cell::new(r, c)).collect()).unwrap()
    })
}

/// `p` with every run of unpainted columns longer than the pre-period n0 cut to
/// `n0 + (L − n0) mod period` columns (the painted cells keep their order and gaps
/// otherwise): the same value by the period, on a strip `grundy` can tabulate.
fn shortened(p: &Position, period: gamecheck::grundy::Period) -> Position {
    let (n0, per) = (period.pre_period as u64, period.period as u64);
    let cut = |len: u64| if len > n0 { n0 + (len - n0) % per } else { len };
    let mut cols: Vec<u64> = p.painted().iter().map(|c| c.col).collect();
    cols.sort_unstable();
    cols.dedup();
    let (mut prev, mut at) = (0u64, 0u64);
    let mut new_col = std::collections::HashMap::new();
    for c in cols {
        at += cut(c - prev - 1) + 1;
        new_col.insert(c, at);
        prev = c;
    }
    let n = at + cut(p.n() - prev);
    let cells = p
        .painted()
        .iter()
        .map(|c| Cell::new(c.row, new_col[&c.col]))
        .collect();
    Position::new(n, cells).unwrap()
}

proptest! {
    // seeds of past failures (here: those the planted bugs of the paint solvers produced) live in
    // proptest-regressions/; the case count still comes from PROPTEST_CASES
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/paint_props.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn solvers_agree_with_the_oracle(p in position(12, 14)) {
        prop_assert_eq!(solvers_agree(&mut Naive::new(), &p), Ok(()));
    }

    #[test]
    fn move_generators_agree(p in position(32, 64)) {
        prop_assert_eq!(movegen_matches_naive(&p), Ok(()));
    }

    #[test]
    fn value_is_the_xor_of_the_parts(
        left in prop::option::of(position(6, 12)),
        right in prop::option::of(position(6, 12)),
    ) {
        prop_assert_eq!(xor_of_parts(&mut Naive::new(), left.as_ref(), right.as_ref()), Ok(()));
    }

    #[test]
    fn painting_a_cell_equals_listing_it(p in position(10, 14), pick in any::<prop::sample::Index>()) {
        let free = p.unpainted_cells();
        prop_assume!(!free.is_empty());
        let cell = free[pick.index(free.len())];
        prop_assert_eq!(paint_a_cell(&mut Naive::new(), &p, cell), Ok(()));
    }

    #[test]
    fn value_is_the_mex_of_the_options_beyond_the_oracle(p in position(60, 120)) {
        prop_assert_eq!(value_is_mex_of_options(&p), Ok(()));
    }

    #[test]
    fn both_split_methods_agree_on_any_n(p in large_position()) {
        prop_assert_eq!(parts(&p, SplitMethod::Sorted), parts(&p, SplitMethod::Auto));
        if p.n() <= 100_000 {
            prop_assert_eq!(parts(&p, SplitMethod::Columns), parts(&p, SplitMethod::Sorted));
            // the branch-free column pass gives the same value as the sorted split
            let periodic = Periodic::new();
            let value = |method| {
                xor_of_parts_by::<()>(&p, method, &mut Scratch::default(), |l| Ok(periodic.g(l)))
                    .unwrap()
            };
            prop_assert_eq!(value(SplitMethod::Columns), value(SplitMethod::Sorted));
        }
    }

    /// On every size branch an answer is compared: where `grundy` refuses (a run over its
    /// table), with `grundy` on the same strip whose long runs are shortened by multiples
    /// of the period (which the `verify` period-proof row proves from an independent g),
    /// so periodic's reduction of long runs is what is checked there.
    #[test]
    fn periodic_agrees_with_grundy_on_large_positions(p in large_position()) {
        let mut periodic = Periodic::new();
        let answer = periodic.solve(&p).unwrap();
        let reference = match Grundy::new().solve(&p) {
            Ok(v) => v,
            Err(refusal) => {
                prop_assert_eq!(refusal.suggestion, Suggestion::Solver("periodic"));
                let short = shortened(&p, periodic.period());
                prop_assert!(short.n() < 100_000, "{}", short);
                Grundy::new().solve(&short).unwrap()
            }
        };
        prop_assert_eq!(answer, reference, "{}", p);
    }

    #[test]
    fn the_format_round_trips(ps in prop::collection::vec(large_position(), 0..5)) {
        prop_assert_eq!(format::read(&format::write(&ps)).unwrap(), ps);
    }
}

/// Shrunk by proptest while checking planted bugs (`proptest-regressions/paint_props.txt`):
/// an empty strip of 3 columns, and a 17-column strip mixing half-painted columns, full
/// columns and runs.
#[test]
fn regressions_agree_with_the_oracle() {
    let cells = |list: &[(u8, u64)]| {
        list.iter()
            .map(|&(row, col)| Cell { row, col })
            .collect::<Vec<_>>()
    };
    let mixed = cells(&[
        (1, 1),
        (1, 2),
        (2, 2),
        (1, 3),
        (2, 3),
        (2, 5),
        (1, 6),
        (2, 8),
        (1, 9),
        (1, 12),
        (2, 12),
        (2, 13),
        (1, 14),
        (2, 14),
        (1, 15),
        (1, 16),
        (2, 16),
        (1, 17),
        (2, 17),
    ]);
    let mut oracle = Naive::new();
    for p in [
        Position::new(3, vec![]).unwrap(),
        Position::new(17, mixed).unwrap(),
    ] {
        gamecheck_games::paint::props::solvers_agree(&mut oracle, &p).unwrap();
    }
}
