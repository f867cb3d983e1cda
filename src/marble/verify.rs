//! `gamecheck verify` for marble: every fast solver against the oracle on every position
//! of a default set of rule sets, the move generators and boundary masks on their own,
//! each table certified, then random (rule set, position) pairs up to side 5.

use super::bitmask::Bitmask;
use super::naive::{describe_move, Naive};
use super::rules::{LineSet, Play, Rules, MAX_SIDE};
use super::table::{Table, TableSolver};
use super::{format, full_mask, props, Line, Position};
use crate::harness::report::merge_by_solver;
use crate::harness::{compare, shrink, Failure, Progress, Report, Row, Tally, VerifyOptions};
use crate::outcome::Value;
use crate::rng;
use crate::solver::{Refusal, Solver};
use rand::Rng as _;
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// Random cases of the default budget.
pub const DEFAULT_CASES: u64 = 3000;

/// Most empty cells of a random side-5 position (so the oracle stays quick).
pub const RANDOM_SIDE5_MAX_EMPTY: usize = 14;

/// The rule sets checked on every position: the standard set; run lengths 1, 2 and 4;
/// each single line family; misère; sides 1, 2 and 3 (default run, all families, normal
/// and misère).
pub fn exhaustive_rule_sets() -> Vec<Rules> {
    let std = Rules::standard();
    let all = LineSet::ALL;
    let mut v = vec![std];
    for k in [1, 2, 4] {
        v.push(Rules::new(4, Some(k), all, Play::Normal).expect("valid"));
    }
    for line in Line::ALL {
        v.push(
            Rules::new(
                4,
                None,
                LineSet::new(&[line]).expect("one line"),
                Play::Normal,
            )
            .expect("valid"),
        );
    }
    v.push(Rules::new(4, None, all, Play::Misere).expect("valid"));
    for side in 1..=3 {
        for play in [Play::Normal, Play::Misere] {
            v.push(Rules::new(side, None, all, play).expect("valid"));
        }
    }
    v
}

/// Runs the marble checks into `report`.
pub fn verify(opts: &VerifyOptions, report: &mut Report) {
    let masks_start = Instant::now();
    let masks = props::masks_match_geometry();
    report.push_row(Row {
        game: "marble".into(),
        rules: "sides 1-5, every family".into(),
        solver: "boundary masks".into(),
        checked: masks.as_ref().copied().unwrap_or(0),
        mismatches: u64::from(masks.is_err()),
        seconds: masks_start.elapsed().as_secs_f64(),
        detail: Some(match &masks {
            Ok(_) => "each (side, family, cell) vs the geometric predicate".into(),
            Err(e) => e.clone(),
        }),
    });

    let sets = exhaustive_rule_sets();
    let total: u64 = sets.iter().map(|r| 1u64 << r.cells()).sum();
    let bar = Progress::new(opts.progress, total * 4, "marble: every position");
    let results: Vec<(Vec<Row>, Vec<Failure>)> = sets
        .par_iter()
        .map(|rules| {
            let positions: Vec<Position> = (0..=full_mask(rules.side()))
                .map(|m| Position::new(rules.side(), m))
                .collect();
            check_rule_set(rules, &positions, "every position", &bar, true)
        })
        .collect();
    bar.finish();
    for (rows, failures) in results {
        rows.into_iter().for_each(|r| report.push_row(r));
        failures.into_iter().for_each(|f| report.push_failure(f));
    }

    let cases = opts.cases.unwrap_or(DEFAULT_CASES);
    if cases > 0 {
        random_checks(opts.seed, cases, opts.progress, report);
    }
}

/// Random rule sets, at least a quarter of side 5, each with its share of `cases` random
/// positions (side 5: at most 14 empty cells); rows summed over the rule sets.
fn random_checks(seed: u64, cases: u64, progress: bool, report: &mut Report) {
    let mut rng = rng::from_seed(seed);
    let variants = 12usize.min(cases as usize).max(1);
    let mut work: Vec<(Rules, Vec<Position>)> = Vec::new();
    for v in 0..variants {
        let side = if v % 4 == 0 {
            MAX_SIDE
        } else {
            rng.random_range(1..=MAX_SIDE)
        };
        let run = rng.random_range(1..=side);
        let lines = LineSet::from_bits(rng.random_range(1u8..=15)).expect("non-empty");
        let play = if rng.random_bool(0.5) {
            Play::Misere
        } else {
            Play::Normal
        };
        let rules = Rules::new(side, Some(run), lines, play).expect("valid by construction");
        let share = cases / variants as u64 + u64::from((v as u64) < cases % variants as u64);
        let positions = (0..share)
            .map(|_| random_position(&mut rng, side))
            .collect();
        work.push((rules, positions));
    }
    let sides5 = work.iter().filter(|(r, _)| r.side() == MAX_SIDE).count();
    let label = format!("random: {variants} rule sets ({sides5} of side 5), seed {seed}");
    let bar = Progress::new(progress, cases * 4, "marble: random variants");
    let results: Vec<(Vec<Row>, Vec<Failure>)> = work
        .par_iter()
        .map(|(rules, positions)| check_rule_set(rules, positions, "random", &bar, false))
        .collect();
    bar.finish();
    let mut rows = Vec::new();
    for (r, failures) in results {
        rows.extend(r);
        failures.into_iter().for_each(|f| report.push_failure(f));
    }
    for r in merge_by_solver(rows) {
        report.push_row(Row {
            rules: label.clone(),
            detail: None,
            ..r
        });
    }
}

/// A random position of `side`: uniform for sides 1..=4; for side 5 a uniform number of
/// empty cells in 0..=14, placed uniformly.
pub fn random_position(rng: &mut rng::Rng, side: usize) -> Position {
    if side < MAX_SIDE {
        return Position::new(side, rng.random::<u32>());
    }
    let cells = side * side;
    let empty = rng.random_range(0..=RANDOM_SIDE5_MAX_EMPTY);
    let mut order: Vec<usize> = (0..cells).collect();
    for i in 0..empty {
        let j = rng.random_range(i..cells);
        order.swap(i, j);
    }
    let holes = order[..empty].iter().fold(0u32, |m, &i| m | 1 << i);
    Position::new(side, full_mask(side) & !holes)
}

/// Compares the move generators and both fast solvers with the oracle on `positions`
/// of one rule set; with `certify`, also proves the built table.
fn check_rule_set(
    rules: &Rules,
    positions: &[Position],
    what: &str,
    bar: &Progress,
    certify: bool,
) -> (Vec<Row>, Vec<Failure>) {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let row =
        |solver: &str, checked: u64, mismatches: u64, seconds: f64, detail: Option<String>| Row {
            game: "marble".into(),
            rules: rules.to_string(),
            solver: solver.into(),
            checked,
            mismatches,
            seconds,
            detail,
        };

    // move generation on its own
    let start = Instant::now();
    let mut gen_bad = 0;
    let mut first_bad: Option<String> = None;
    let pair = props::MovegenPair::new(rules);
    for p in positions {
        if let Err(e) = pair.check(p) {
            gen_bad += 1;
            first_bad.get_or_insert(e);
        }
        bar.tick();
    }
    rows.push(row(
        "movegen",
        positions.len() as u64,
        gen_bad,
        start.elapsed().as_secs_f64(),
        first_bad.or_else(|| Some(format!("bitmask vs oracle generator, {what}"))),
    ));

    // the oracle's answers, once
    let start = Instant::now();
    let mut oracle = Naive::new(rules);
    let expected: Vec<Result<Value, Refusal>> = positions
        .iter()
        .map(|p| {
            bar.tick();
            oracle.solve(p)
        })
        .collect();
    let oracle_secs = start.elapsed().as_secs_f64();

    let table = Arc::new(Table::build(rules));
    let fast: Vec<Box<dyn Solver<Position, Value>>> = vec![
        Box::new(Bitmask::new(rules)),
        Box::new(TableSolver::with_table(Arc::clone(&table))),
    ];
    for mut solver in fast {
        let start = Instant::now();
        let mut i = 0;
        let tally: Tally<Position, Value> = compare(
            positions.iter().copied(),
            |_| {
                i += 1;
                expected[i - 1].clone()
            },
            |p| solver.solve(p),
            || bar.tick(),
        );
        let name = solver.name();
        rows.push(row(
            name,
            tally.checked,
            tally.mismatches,
            start.elapsed().as_secs_f64(),
            Some(format!("{what}; oracle took {oracle_secs:.3} s")),
        ));
        if let Some(m) = tally.first {
            failures.push(shrink_failure(rules, name, m.position));
        }
    }

    if certify {
        let start = Instant::now();
        let result = table.certify();
        rows.push(row(
            "table certify",
            table.len(),
            u64::from(result.is_err()),
            start.elapsed().as_secs_f64(),
            Some(
                result
                    .err()
                    .unwrap_or_else(|| "win ⇒ a move to a loss; loss ⇒ only moves to wins".into()),
            ),
        ));
    }
    (rows, failures)
}

/// Shrinks a mismatch of the named fast solver (`bitmask` or `table`) with the oracle;
/// see [`shrink_mismatch`]. One solver is built and kept for every candidate.
pub fn shrink_failure(rules: &Rules, solver: &str, start: Position) -> Failure {
    let mut fast: Box<dyn Solver<Position, Value>> = match solver {
        "bitmask" => Box::new(Bitmask::new(rules)),
        _ => Box::new(TableSolver::new(rules)),
    };
    let mut answer = |p: &Position| fast.solve(p);
    shrink_mismatch(rules, solver, start, &mut answer)
}

/// Shrinks a position on which `fast` disagrees with the oracle to one with as few empty
/// cells as greedy filling (one, then two cells at a time) reaches, and describes it for
/// a regression test: the contest input (T = 1), both answers, the oracle's winning move.
pub fn shrink_mismatch(
    rules: &Rules,
    solver: &str,
    start: Position,
    fast: &mut dyn FnMut(&Position) -> Result<Value, Refusal>,
) -> Failure {
    let mut oracle = Naive::new(rules);
    let small = shrink(
        start,
        |p| {
            let holes = p.empty_indices();
            let mut c: Vec<Position> = holes.iter().map(|&i| p.with_marble(i)).collect();
            for (a, &i) in holes.iter().enumerate() {
                for &j in &holes[a + 1..] {
                    c.push(p.with_marble(i).with_marble(j));
                }
            }
            c
        },
        |p| oracle.solve(p) != fast(p),
    );
    let show = |v: Result<Value, Refusal>| match v {
        Ok(v) => format!("{} ({v})", v.for_alice_to_move()),
        Err(e) => e.to_string(),
    };
    Failure {
        game: "marble".into(),
        rules: format!("{rules} [{}]", rules.flags()),
        solver: solver.into(),
        case: format::write(&[small]),
        expected: show(oracle.solve(&small)),
        got: show(fast(&small)),
        best_move: oracle
            .best_move(&small)
            .ok()
            .flatten()
            .map(|m| describe_move(&m)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solver that is wrong exactly on positions with three or more empty cells
    /// shrinks to a position with exactly three.
    #[test]
    fn shrinks_to_the_fewest_empty_cells_that_still_fail() {
        let rules = Rules::standard();
        let mut oracle = Naive::new(&rules);
        let mut wrong = |p: &Position| {
            let v = oracle.solve(p)?;
            Ok(if p.empty_cells() >= 3 { v.flip() } else { v })
        };
        let f = shrink_mismatch(&rules, "wrong", Position::empty(4), &mut wrong);
        let cases = format::read(&f.case, 4).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].empty_cells(), 3);
        assert_ne!(f.expected, f.got);
        assert!(f.rules.contains("--side 4 --run 3 --lines all"));
        // the oracle's move, when it has one, is a winning move: it leaves a loss
        if f.expected.starts_with("Alice") {
            assert!(f.best_move.unwrap().starts_with("fill row"));
        } else {
            assert!(f.best_move.is_none());
        }
    }
}
