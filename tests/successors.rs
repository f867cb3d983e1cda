//! What a move does, checked apart from the solver: a game that gives the fast code's
//! successor (`Game::fast_apply`) beside the reference one (`Game::apply`) has it
//! compared move by move in the `movegen` rows of `verify`, in `laws::successors_agree`
//! and through perft's fast side, and a wrong successor is shrunk to one position and
//! one move.
//!
//! The toy game: one heap, take 1, 2 or 3 tokens; who cannot move loses. `FAST` says
//! what `fast_apply` is: none, right, or wrong (taking 2 from a heap of 7 or more leaves
//! one token too many: the move lists agree, and perft's counts too at depth 1).

use gamecheck::game::{BoxSolver, Game};
use gamecheck::harness::laws::successors_agree;
use gamecheck::harness::{self, Group, Report, Step, Suite, Verify, VerifyOptions};
use gamecheck::outcome::{Value, Winner};
use gamecheck::perft::{self, Generator, Perft, PerftFromMoves};
use gamecheck::rng::{Entropy, Size};
use gamecheck::solver::{Refusal, Solver};
use std::fmt;

const NONE: u8 = 0;
const RIGHT: u8 = 1;
const WRONG: u8 = 2;

struct Heap<const FAST: u8>;

#[derive(Debug, Clone, PartialEq)]
struct Rules;

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("S = {1, 2, 3}")
    }
}

gamecheck::variants! {
    enum Variant {
        Naive = "naive",
        Formula = "formula",
    }
}

/// The oracle: plain recursion.
struct Naive;

fn wins(n: u32) -> bool {
    (1..=n.min(3)).any(|k| !wins(n - k))
}

impl Solver<u32, Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    fn solve(&mut self, n: &u32) -> Result<Value, Refusal> {
        Ok(if wins(*n) { Value::Win } else { Value::Loss })
    }
}

struct Formula;

impl Solver<u32, Value> for Formula {
    fn name(&self) -> &'static str {
        "formula"
    }
    fn solve(&mut self, n: &u32) -> Result<Value, Refusal> {
        Ok(if n.is_multiple_of(4) {
            Value::Loss
        } else {
            Value::Win
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Take(u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "-{}", self.0)
    }
}

impl<const FAST: u8> Game for Heap<FAST> {
    const NAME: &'static str = "heap";
    const ABOUT: &'static str = "Take 1, 2 or 3";
    type Rules = Rules;
    type Case = u32;
    type Move = Take;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::Formula;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn start(_: &Rules) -> Option<u32> {
        Some(12)
    }
    fn generators(_: &Rules) {}
    fn oracle_moves(_: &(), n: &u32) -> Vec<Take> {
        (1..=3).filter(|k| k <= n).map(Take).collect()
    }
    fn fast_moves(_: &(), n: &u32) -> Vec<Take> {
        (1..=(*n).min(3)).map(Take).collect()
    }
    fn apply(_: &Rules, n: &u32, take: &Take) -> Option<u32> {
        (take.0 <= *n).then(|| n - take.0)
    }
    fn fast_apply(_: &(), n: &u32, take: &Take) -> Option<u32> {
        match FAST {
            NONE => None,
            WRONG if take.0 == 2 && *n >= 7 => Some(n - 1),
            _ => Some(n - take.0),
        }
    }
    fn solver(_: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(Naive),
            Variant::Formula => Box::new(Formula),
        }
    }
    fn read(_: &Rules, text: &str) -> Result<Vec<u32>, gamecheck::error::ParseError> {
        Ok(text
            .lines()
            .skip(1)
            .filter_map(|l| l.parse().ok())
            .collect())
    }
    fn write(_: &Rules, cases: &[u32]) -> String {
        let mut s = format!("{}\n", cases.len());
        for n in cases {
            s.push_str(&format!("{n}\n"));
        }
        s
    }
    fn output(_: &Rules, _: &u32, v: Value) -> Winner {
        v.for_alice_to_move()
    }
    fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
        Rules
    }
    fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, _: Size) -> u32 {
        e.int_in(0..=20)
    }
}

impl<const FAST: u8> PerftFromMoves for Heap<FAST> {}

impl<const FAST: u8> Verify for Heap<FAST> {
    fn plan(_: &VerifyOptions) -> Vec<Step<Self>> {
        let every = harness::reachable::<Self>(&Rules, 20);
        vec![Step::Group(Group::each(
            "heaps",
            vec![Suite::against_oracle(Rules, every, "every heap ≤ 20").with_movegen()],
        ))]
    }
}

fn verify<const FAST: u8>() -> Report {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: gamecheck::harness::ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Heap<FAST>>(&opts, &mut report);
    report
}

fn movegen_row(report: &Report) -> &gamecheck::harness::Row {
    report.rows.iter().find(|r| r.solver == "movegen").unwrap()
}

#[test]
fn without_fast_apply_the_row_says_successors_are_not_checked() {
    let report = verify::<NONE>();
    assert!(report.ok);
    let row = movegen_row(&report);
    assert_eq!((row.checked, row.mismatches), (21, 0));
    assert_eq!(
        row.detail.as_deref(),
        Some("fast vs oracle generator, every heap ≤ 20; successors: not checked (no fast_apply)")
    );
}

#[test]
fn a_right_fast_apply_is_compared_move_by_move() {
    let report = verify::<RIGHT>();
    assert!(report.ok);
    // heaps 0..=20: 0 + 1 + 2 + 3 · 18 moves
    assert_eq!(
        movegen_row(&report).detail.as_deref(),
        Some("fast vs oracle generator, every heap ≤ 20; successors of 57 moves vs apply")
    );
    assert_eq!(
        successors_agree::<Heap<RIGHT>>(&Rules, &(), &9),
        Ok(Some(3))
    );
    assert_eq!(successors_agree::<Heap<NONE>>(&Rules, &(), &9), Ok(None));
}

/// The planted successor bug leaves the move lists equal; the movegen row fails on
/// every heap from 7 on, and the failure is shrunk to the smallest heap and the one
/// move, with both successors.
#[test]
fn a_wrong_successor_is_shrunk_to_one_position_and_one_move() {
    let report = verify::<WRONG>();
    assert!(!report.ok);
    let row = movegen_row(&report);
    assert_eq!((row.checked, row.mismatches), (21, 14));
    let f = report
        .failures
        .iter()
        .find(|f| f.solver == "movegen")
        .unwrap();
    assert_eq!(f.after_move.as_deref(), Some("-2"));
    assert_eq!(
        (f.case.as_str(), f.expected.as_str(), f.got.as_str()),
        ("1\n7\n", "1\n5\n", "1\n6\n")
    );
    let mut text = Vec::new();
    report.write_failures(&mut text).unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        "MISMATCH heap [S = {1, 2, 3}] solver `movegen`: the successors of move -2 differ\n\
         apply (the reference) gives:\n1\n5\nfast_apply gives:\n1\n6\n\
         at the shrunk position (contest format):\n1\n7\n\n"
    );
    let e = successors_agree::<Heap<WRONG>>(&Rules, &(), &9).unwrap_err();
    assert!(
        e.starts_with("under S = {1, 2, 3}, after -2, the reference apply gives\n1\n7\n"),
        "{e}"
    );
}

/// perft walks the fast side with `fast_apply` and the oracle's with `apply`: the
/// planted bug leaves the shallow counts equal (the wrong successor has as many moves
/// as the right one) and changes a deeper one.
#[test]
fn perft_walks_the_fast_side_with_fast_apply() {
    let walker = <Heap<WRONG> as Perft>::walker(&Rules);
    let count = |depth, gen| perft::count::<Heap<WRONG>>(&walker, &12, depth, gen).unwrap();
    for depth in 0..=2 {
        assert_eq!(
            count(depth, Generator::Fast),
            count(depth, Generator::Oracle)
        );
    }
    assert!((3..=12).any(|d| count(d, Generator::Fast) != count(d, Generator::Oracle)));
    let right = <Heap<RIGHT> as Perft>::walker(&Rules);
    for depth in 0..8 {
        assert_eq!(
            perft::count::<Heap<RIGHT>>(&right, &12, depth, Generator::Fast),
            perft::count::<Heap<RIGHT>>(&right, &12, depth, Generator::Oracle)
        );
    }
}

/// `perft::compare` puts the two sides next to each other at every position. It finds
/// the planted bug where perft's counts are equal: at the start, after one move (perft(1)
/// is 3 on both sides), with both successors.
#[test]
fn perft_compare_finds_the_wrong_successor_the_counts_miss() {
    use gamecheck::perft::{compare, CompareBounds, Mismatch};
    let walker = <Heap<WRONG> as Perft>::walker(&Rules);
    let c = compare::<Heap<WRONG>>(&walker, &12, 1, CompareBounds::default()).unwrap();
    assert_eq!((c.fast.clone(), c.oracle.clone()), (Ok(3), Ok(3)));
    let d = c.difference.clone().unwrap();
    assert_eq!(
        (d.depth(), d.mv.as_str(), d.mismatch),
        (0, "-2", Mismatch::Successor)
    );
    assert_eq!((d.fast[0].state, d.oracle[0].state), (11, 10));
    assert_eq!(
        c.to_string(),
        "first difference at depth 0\nline: (the start)\nposition:\n    1\n    12\n\
         move -2: the two generators lead to different positions\nfast successor:\n    1\n\
         \x20   11\noracle successor:\n    1\n    10\ncompared: 1 position, 6 moves (to the \
         difference)\nfast perft(1): 3\noracle perft(1): 3\n"
    );
    // below 7 tokens the bug does not apply: from 6, every heap 6..=0, no difference
    let below = compare::<Heap<WRONG>>(&walker, &6, 10, CompareBounds::default()).unwrap();
    assert_eq!((below.positions, below.difference), (7, None));
    let right = <Heap<RIGHT> as Perft>::walker(&Rules);
    let c = compare::<Heap<RIGHT>>(&right, &12, 12, CompareBounds::default()).unwrap();
    assert_eq!((c.positions, c.difference), (13, None));
}

/// A game without symmetries gets no symmetry row (none of its solvers' images are
/// checked), and its rows are the move generators and the one fast solver.
#[test]
fn a_game_without_symmetries_has_no_symmetry_row() {
    let report = verify::<RIGHT>();
    let solvers: Vec<&str> = report.rows.iter().map(|r| r.solver.as_str()).collect();
    assert_eq!(solvers, ["movegen", "formula"]);
}

/// A suite without remoteness compares answers so, and says so in its rows.
#[test]
fn a_suite_without_remoteness_says_so() {
    let suite = Suite::<Heap<RIGHT>>::against_oracle(Rules, vec![3], "one heap");
    assert_eq!(suite.compare, gamecheck::outcome::Compare::Whole);
    let suite = suite.without_remoteness();
    assert_eq!(
        suite.compare,
        gamecheck::outcome::Compare::WithoutRemoteness
    );
}
