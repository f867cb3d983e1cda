//! The fast marble solvers against the oracle, and the samples.

use gamecheck::game::{solve_cases_with, Game as _};
use gamecheck::harness::{Report, VerifyOptions};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::Size;
use gamecheck::solver::{Solver, Suggestion};
use gamecheck_games::marble::bitmask::Bitmask;
use gamecheck_games::marble::naive::Naive;
use gamecheck_games::marble::table::TableSolver;
use gamecheck_games::marble::{format, Line, LineSet, MarbleGame, Play, Position, Rules};

fn sample(name: &str) -> (Vec<Position>, Vec<Winner>) {
    let input = std::fs::read_to_string(format!("tests/data/{name}.in")).unwrap();
    let output = std::fs::read_to_string(format!("tests/data/{name}.out")).unwrap();
    let answers = output
        .lines()
        .map(|l| match l {
            "Alice" => Winner::Alice,
            "Bob" => Winner::Bob,
            other => panic!("bad expected line {other}"),
        })
        .collect();
    (format::read(&input, 4).unwrap(), answers)
}

/// The contest sample, one line and one row per line, with every solver.
#[test]
fn samples_with_every_solver() {
    for name in ["marble_sample", "marble_sample_rows"] {
        let (positions, expected) = sample(name);
        assert_eq!(positions.len(), 6);
        let rules = Rules::standard();
        let mut solvers: Vec<Box<dyn Solver<Position, Value>>> = vec![
            Box::new(Naive::new(&rules)),
            Box::new(Bitmask::new(&rules)),
            Box::new(TableSolver::new(&rules)),
        ];
        for s in &mut solvers {
            assert_eq!(
                solve_cases_with::<MarbleGame>(&rules, s.as_mut(), &positions).unwrap(),
                expected,
                "{name}: {}",
                s.name()
            );
        }
    }
}

/// The whole marble part of `verify` agrees (every position of the default rule sets,
/// the tables certified, random variants up to side 5).
#[test]
fn verify_marble_agrees() {
    let mut report = Report::new(11);
    let opts = VerifyOptions {
        seed: 11,
        cases: Some(600),
        progress: gamecheck::harness::ProgressMode::None,
    };
    gamecheck::harness::verify::<gamecheck_games::marble::MarbleGame>(&opts, &mut report);
    assert!(report.ok, "{:?}", report.failures);
    let standard = report
        .rows
        .iter()
        .filter(|r| r.rules == Rules::standard().to_string())
        .map(|r| (r.solver.as_str(), r.checked, r.mismatches))
        .collect::<Vec<_>>();
    assert!(standard.contains(&("table", 65536, 0)));
    assert!(standard.contains(&("bitmask", 65536, 0)));
    assert!(standard.contains(&("movegen", 65536, 0)));
}

/// Known values that follow from the rules alone: the full board is terminal (normal:
/// loss; misère: win); one empty cell is a win in normal play and a loss in misère.
#[test]
fn terminal_and_one_move_positions() {
    for side in 1..=gamecheck_games::marble::rules::MAX_SIDE {
        let full = Position::new(side, u64::MAX);
        let one_hole = Position::new(side, !1);
        for (play, at_full, at_one) in [
            (Play::Normal, Value::Loss, Value::Win),
            (Play::Misere, Value::Win, Value::Loss),
        ] {
            let rules = Rules::new(side, None, LineSet::ALL, play).unwrap();
            for mut s in [
                Box::new(Naive::new(&rules)) as Box<dyn Solver<Position, Value>>,
                Box::new(Bitmask::new(&rules)),
                Box::new(TableSolver::new(&rules)),
            ] {
                assert_eq!(s.solve(&full).unwrap(), at_full, "{rules} {}", s.name());
                assert_eq!(s.solve(&one_hole).unwrap(), at_one, "{rules} {}", s.name());
            }
        }
    }
}

/// The oracle refuses more than 20 empty cells and names a solver that can answer.
#[test]
fn oracle_refuses_large_positions() {
    let rules = Rules::new(5, None, LineSet::ALL, Play::Normal).unwrap();
    let err = Naive::new(&rules).solve(&Position::empty(5)).unwrap_err();
    assert_eq!(err.solver, "naive");
    assert_eq!(err.suggestion, Suggestion::Solver("table"));
    assert!(err.to_string().contains("25 empty cells"));
    // the fast solvers answer it
    let t = TableSolver::new(&rules).solve(&Position::empty(5)).unwrap();
    assert_eq!(Bitmask::new(&rules).solve(&Position::empty(5)).unwrap(), t);
}

/// With one line family and run 1 every move is one cell, so the outcome is the parity of
/// the empty cells (normal play: odd wins).
#[test]
fn run_one_is_parity() {
    let rules = Rules::new(
        4,
        Some(1),
        LineSet::new(&[Line::Rising]).unwrap(),
        Play::Normal,
    )
    .unwrap();
    let mut t = TableSolver::new(&rules);
    for m in 0..=0xFFFFu64 {
        let p = Position::new(4, m);
        let expected = if p.empty_cells() % 2 == 1 {
            Value::Win
        } else {
            Value::Loss
        };
        assert_eq!(t.solve(&p).unwrap(), expected);
    }
}

/// The oracle's best move is a winning move: it exists exactly on wins, and leaves a
/// position the opponent loses.
#[test]
fn best_move_leaves_a_loss() {
    use gamecheck_games::marble::reading_index;
    let rules = Rules::standard();
    let mut oracle = Naive::new(&rules);
    let mut rng = gamecheck::rng::from_seed(3);
    for _ in 0..300 {
        let p = MarbleGame::random_case(&rules, &mut rng, Size::FULL);
        let v = oracle.solve(&p).unwrap();
        match oracle.best_move(&p).unwrap() {
            None => assert_eq!(v, Value::Loss),
            Some(cells) => {
                assert_eq!(v, Value::Win);
                let mut next = p;
                for (k, j) in cells {
                    let i = reading_index(4, k, j);
                    assert!(!next.has_marble(i), "the move fills an empty cell");
                    next = next.with_marble(i);
                }
                assert_eq!(oracle.solve(&next).unwrap(), Value::Loss);
            }
        }
    }
}
