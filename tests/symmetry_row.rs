//! The symmetry row of `verify`, on a game the library has never seen: two-heap Nim,
//! whose one symmetry swaps the heaps. A right fast solver gives every image its case's
//! answer (the row counts the images); one that is wrong only when the first heap is
//! the larger disagrees with itself on images, and the failure is shrunk to a smallest
//! such position.

use gamecheck::game::{BoxSolver, Game};
use gamecheck::harness::{self, symmetry_check, Group, Report, Step, Suite, Verify};
use gamecheck::harness::{ProgressMode, VerifyOptions};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{Entropy, Size};
use gamecheck::solver::{Refusal, Solver};
use std::fmt;

/// Two-heap Nim; `LOPSIDED` makes the `xor` solver wrong when the first heap is larger
/// and both are non-empty.
struct Nim2<const LOPSIDED: bool>;

#[derive(Debug, Clone, PartialEq)]
struct Rules;

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("two heaps")
    }
}

gamecheck::variants! {
    enum Variant {
        Naive = "naive",
        Xor = "xor",
    }
}

struct Naive;

fn wins(a: u8, b: u8) -> bool {
    (0..a).any(|x| !wins(x, b)) || (0..b).any(|y| !wins(a, y))
}

impl Solver<(u8, u8), Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    fn solve(&mut self, &(a, b): &(u8, u8)) -> Result<Value, Refusal> {
        Ok(if wins(a, b) { Value::Win } else { Value::Loss })
    }
}

struct Xor {
    lopsided: bool,
}

impl Solver<(u8, u8), Value> for Xor {
    fn name(&self) -> &'static str {
        "xor"
    }
    fn solve(&mut self, &(a, b): &(u8, u8)) -> Result<Value, Refusal> {
        let win = (a ^ b != 0) != (self.lopsided && a > b && b > 0);
        Ok(if win { Value::Win } else { Value::Loss })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Take(u8, u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0, self.1)
    }
}

impl<const LOPSIDED: bool> Game for Nim2<LOPSIDED> {
    const NAME: &'static str = "nim2";
    const ABOUT: &'static str = "Nim on two heaps";
    type Rules = Rules;
    type Case = (u8, u8);
    type Move = Take;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::Xor;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn generators(_: &Rules) {}
    fn oracle_moves(_: &(), &(a, b): &(u8, u8)) -> Vec<Take> {
        let first = (1..=a).map(|k| Take(0, k));
        first.chain((1..=b).map(|k| Take(1, k))).collect()
    }
    fn fast_moves(g: &(), case: &(u8, u8)) -> Vec<Take> {
        Self::oracle_moves(g, case)
    }
    fn apply(_: &Rules, &(a, b): &(u8, u8), t: &Take) -> Option<(u8, u8)> {
        match t.0 {
            0 => Some((a.checked_sub(t.1)?, b)),
            _ => Some((a, b.checked_sub(t.1)?)),
        }
    }
    fn symmetries(_: &Rules, &(a, b): &(u8, u8)) -> Vec<(u8, u8)> {
        vec![(b, a)]
    }
    fn solver(_: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(Naive),
            Variant::Xor => Box::new(Xor { lopsided: LOPSIDED }),
        }
    }
    fn read(_: &Rules, _: &str) -> Result<Vec<(u8, u8)>, gamecheck::error::ParseError> {
        Ok(Vec::new())
    }
    fn write(_: &Rules, cases: &[(u8, u8)]) -> String {
        let mut s = format!("{}\n", cases.len());
        for (a, b) in cases {
            s.push_str(&format!("{a} {b}\n"));
        }
        s
    }
    fn output(_: &Rules, _: &(u8, u8), v: Value) -> Winner {
        v.for_alice_to_move()
    }
    fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
        Rules
    }
    fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, _: Size) -> (u8, u8) {
        (e.int_in(0..=5), e.int_in(0..=5))
    }
}

/// Every position of heaps up to 5, and the same beyond the reference (symmetry only).
impl<const LOPSIDED: bool> Verify for Nim2<LOPSIDED> {
    fn plan(_: &VerifyOptions) -> Vec<Step<Self>> {
        let every: Vec<(u8, u8)> = (0..=5).flat_map(|a| (0..=5).map(move |b| (a, b))).collect();
        vec![Step::Group(Group::each(
            "heaps",
            vec![
                Suite::against_oracle(Rules, every.clone(), "every position"),
                Suite {
                    label: "symmetry only".into(),
                    ..Suite::symmetry_only(Rules, every, "every position")
                },
            ],
        ))]
    }
}

fn verify<const LOPSIDED: bool>() -> Report {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Nim2<LOPSIDED>>(&opts, &mut report);
    report
}

#[test]
fn a_right_solver_answers_every_image_as_its_case() {
    let report = verify::<false>();
    assert!(report.ok, "{:?}", report.rows);
    let rows: Vec<(&str, &str, u64, u64)> = report
        .rows
        .iter()
        .map(|r| (r.rules.as_str(), r.solver.as_str(), r.checked, r.mismatches))
        .collect();
    assert_eq!(
        rows,
        [
            ("two heaps, every position", "xor symmetry", 36, 0),
            ("two heaps, every position", "xor", 36, 0),
            ("symmetry only", "xor symmetry", 36, 0),
        ]
    );
    assert_eq!(
        report.rows[0].detail.as_deref(),
        Some("every image, every position")
    );
}

#[test]
fn a_solver_wrong_on_one_side_disagrees_with_its_images() {
    let report = verify::<true>();
    assert!(!report.ok);
    let row = report
        .rows
        .iter()
        .find(|r| r.rules == "symmetry only")
        .unwrap();
    // (0, 0) .. (1, 1): the images agree; (1, 0) is not lopsided (b = 0); the first odd
    // image is of case 9, (1, 2), whose image (2, 1) is lopsided
    assert_eq!(
        (row.solver.as_str(), row.checked, row.mismatches),
        ("xor symmetry", 9, 1)
    );
    assert_eq!(
        row.detail.as_deref(),
        Some(
            "case 9 ((1, 2)) answered Alice (win (N-position)), its image (2, 1) \
             answered Bob (loss (P-position))"
        )
    );
    let f = report
        .failures
        .iter()
        .find(|f| f.solver == "xor symmetry")
        .unwrap();
    // shrunk along one move later: the smallest lopsided image
    assert_eq!(f.image_of.as_deref(), Some("1\n1 2\n"));
    assert_eq!(f.case, "1\n2 1\n");
    assert_ne!(f.expected, f.got);
    // the library function alone: the images checked, then the first odd one
    let cases = [(0, 0), (3, 0), (1, 2), (2, 2)];
    let mut xor = Xor { lopsided: true };
    let answers: Vec<_> = cases.iter().map(|c| xor.solve(c)).collect();
    let (checked, odd) = symmetry_check::<Nim2<true>>(&Rules, &cases, &answers, &mut xor);
    assert_eq!(checked, 3);
    assert_eq!(odd.map(|(i, image, _)| (i, image)), Some((2, (2, 1))));
    let mut right = Xor { lopsided: false };
    let answers: Vec<_> = cases.iter().map(|c| right.solve(c)).collect();
    let (checked, odd) = symmetry_check::<Nim2<false>>(&Rules, &cases, &answers, &mut right);
    assert_eq!((checked, odd.is_none()), (4, true));
}
