//! Paint solvers on known inputs: the contest sample through the library, every
//! position of N ≤ 7 against the oracle (answers and Grundy values), refusals, and
//! shrinking.

use gamecheck::game::solve_cases_with;
use gamecheck::game::Variants as _;
use gamecheck::harness::shrink;
use gamecheck::harness::shrink_failure;
use gamecheck::outcome::{Value, Winner};
use gamecheck_games::paint::game::{self, every_position, Rules};
use gamecheck_games::paint::naive::Naive;
use gamecheck_games::paint::periodic::Periodic;
use gamecheck_games::paint::shrink::smaller_positions;
use gamecheck_games::paint::{format, Cell, PaintGame, Position, Variant};

#[test]
fn the_sample_through_the_library() {
    let input = std::fs::read_to_string("tests/data/paint_sample.in").unwrap();
    let expected = std::fs::read_to_string("tests/data/paint_sample.out").unwrap();
    let positions = format::read(&input).unwrap();
    for &v in Variant::ALL {
        let mut solver = game::solver(v);
        let answers = solve_cases_with::<PaintGame>(
            &gamecheck_games::paint::game::Rules,
            solver.as_mut(),
            &positions,
        )
        .unwrap();
        assert_eq!(format::write_answers(&answers), expected, "{v:?}");
    }
}

#[test]
fn every_position_up_to_n7_agrees_with_the_oracle() {
    let mut oracle = Naive::new();
    let mut solvers: Vec<_> = gamecheck::game::fast_variants::<PaintGame>()
        .into_iter()
        .map(game::solver)
        .collect();
    let mut periodic = Periodic::new();
    for n in 1..=7 {
        for p in every_position(n) {
            let expected = oracle.solve_value(&p);
            for s in &mut solvers {
                assert_eq!(s.solve(&p).unwrap(), expected, "{} at {p}", s.name());
            }
            assert_eq!(
                periodic.grundy_value(&p),
                oracle.grundy_value(&p).unwrap(),
                "Grundy value at {p}"
            );
        }
    }
}

/// The oracle's answer (within its limit).
trait SolveValue {
    fn solve_value(&mut self, p: &Position) -> Value;
}

impl SolveValue for Naive {
    fn solve_value(&mut self, p: &Position) -> Value {
        gamecheck::solver::Solver::solve(self, p).unwrap()
    }
}

#[test]
fn half_painted_columns_are_single_cells_not_walls() {
    // # . / . .  : the isolated cell (1) and the lone cell of column 2 next to it
    // cannot form a block; value 1 ⊕ g(1) = 1 — Alice wins
    let p = Position::from_rows("#.", "..").unwrap();
    assert_eq!(Naive::new().grundy_value(&p), Ok(1));
    assert_eq!(Periodic::new().grundy_value(&p), 1);
    // # . # / . . . : no block fits, four single cells are left, so four moves in all:
    // Bob (1 ⊕ g(1) ⊕ 1 = 0)
    let p = Position::from_rows("#.#", "...").unwrap();
    let winners: Vec<Winner> = Variant::ALL
        .iter()
        .map(|&v| {
            solve_cases_with::<PaintGame>(
                &gamecheck_games::paint::game::Rules,
                game::solver(v).as_mut(),
                std::slice::from_ref(&p),
            )
            .unwrap()[0]
        })
        .collect();
    assert!(winners.iter().all(|&w| w == Winner::Bob), "{winners:?}");
    // a lone cell next to runs: its value 1 is XORed in (the oracle's Grundy value)
    for (top, bottom) in [("#..", "..."), ("#...", "...."), ("#.#.", "....")] {
        let p = Position::from_rows(top, bottom).unwrap();
        let g = Naive::new().grundy_value(&p).unwrap();
        assert_eq!(Periodic::new().grundy_value(&p), g, "{p}");
    }
}

#[test]
fn a_mismatch_shrinks_to_the_smallest_n_and_fewest_unpainted_cells() {
    // a made-up failure: "fails" whenever some column is half painted
    let start = Position::new(
        40,
        vec![
            Cell::new(1, 3),
            Cell::new(2, 3),
            Cell::new(2, 17),
            Cell::new(1, 30),
        ],
    )
    .unwrap();
    let half = |p: &Position| {
        (1..=p.n()).any(|c| p.is_painted(Cell::new(1, c)) != p.is_painted(Cell::new(2, c)))
    };
    let small = shrink(start, smaller_positions, half);
    assert_eq!(small.n(), 1);
    assert_eq!(small.unpainted(), 1);
    // a real comparison with no mismatch shrinks nowhere and both answers agree
    let f = shrink_failure::<PaintGame>(
        &Rules,
        Position::from_rows("..", "..").unwrap(),
        Variant::Periodic,
        Variant::Naive,
    );
    assert_eq!(f.expected, f.got);
    assert!(f.case.starts_with("1\n"));
    assert!(f.best_move.unwrap().contains("block"));
}

/// `bitmask` is limited by the unpainted cells alone: strips longer than 32 columns are
/// packed (fully painted columns dropped, one kept between two fully unpainted columns)
/// and agree with the oracle.
#[test]
fn bitmask_packs_long_strips_and_agrees_with_the_oracle() {
    use gamecheck::outcome::Value;
    use gamecheck::solver::Solver;
    use gamecheck_games::paint::bitmask::{packed_mask, Bitmask};
    use gamecheck_games::paint::naive::Naive;
    use gamecheck_games::paint::{Cell, Position};
    use rand::Rng as _;
    let mut rng = gamecheck::rng::from_seed(77);
    let (mut oracle, mut fast) = (Naive::new(), Bitmask::new());
    let mut long = 0;
    for _ in 0..400 {
        let n: u64 = rng.random_range(1..=70);
        // a few free or half-free columns, the rest fully painted
        let mut painted = Vec::new();
        for col in 1..=n {
            let free_chance = if n > 32 { 0.15 } else { 0.5 };
            if rng.random_bool(free_chance) {
                if rng.random_bool(0.4) {
                    painted.push(Cell {
                        row: rng.random_range(1..=2),
                        col,
                    });
                }
            } else {
                painted.push(Cell { row: 1, col });
                painted.push(Cell { row: 2, col });
            }
        }
        let Ok(p) = Position::new(n, painted) else {
            continue;
        };
        if p.unpainted() > 16 {
            continue;
        }
        long += u32::from(n > 32);
        assert!(packed_mask(&p).is_some());
        let expected: Value = oracle.solve(&p).unwrap();
        assert_eq!(
            fast.solve(&p).unwrap(),
            expected,
            "N = {n}, painted {:?}",
            p.painted()
        );
    }
    assert!(long > 50, "only {long} long strips were drawn");
}
