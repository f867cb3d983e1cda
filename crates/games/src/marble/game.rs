//! Marble through the [`Game`] trait: rule flags, solver variants, both move
//! generators, shrinking, and what `verify` checks.

use super::bitmask::Bitmask;
use super::naive::{describe_move, Naive};
use super::props::MovegenPair;
use super::rules::{LineSet, Play, Rules, MAX_SIDE, TABLE_MAX_SIDE};
use super::table::{Table, TableSolver};
use super::{format, full_mask, props, shrink, Line, Position};
use gamecheck::error::ParseError;
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::harness::VerifyOptions;
use gamecheck::harness::{Group, NamedCheck, Outcome, Step, Suite, Verify};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{self, Entropy, Size};
use rand::Rng as _;
use std::fmt;

/// Marble on the diamond board, as a [`Game`].
#[derive(Debug, Clone, Copy)]
pub struct MarbleGame;

gamecheck::variants! {
    /// The marble solvers.
    pub enum Variant {
        /// The oracle: text rows, coordinate walks, memo by the text (at most 20 empty cells).
        Naive = "naive",
        /// Memoized DFS over a bitmask, moves by shifts under the boundary masks (side 6:
        /// at most 22 empty cells).
        Bitmask = "bitmask",
        /// Retrograde analysis of every position into a 1-bit table (side 6: at most 30
        /// empty cells, any position with --table).
        Table = "table",
    }
}

/// The solver `variant` for `rules`.
pub fn solver(rules: &Rules, variant: Variant) -> BoxSolver<MarbleGame> {
    match variant {
        Variant::Naive => Box::new(Naive::new(rules)),
        Variant::Bitmask => Box::new(Bitmask::new(rules)),
        Variant::Table => Box::new(TableSolver::new(rules)),
    }
}

/// A move: the cells it fills, as bits in reading order (bit `i` is the `i`-th symbol of
/// the contest text). Displayed as the 0-based indices joined by `+` (`3+7+11`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(pub u64);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = (0..64)
            .filter(|i| self.0 >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        f.write_str(&cells.join("+"))
    }
}

/// Random cases of the default budget.
pub const DEFAULT_CASES: u64 = 3000;

/// Most empty cells of a random side-5 or side-6 position (so the oracle stays quick).
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
        let one = LineSet::new(&[line]).expect("one line");
        v.push(Rules::new(4, None, one, Play::Normal).expect("valid"));
    }
    v.push(Rules::new(4, None, all, Play::Misere).expect("valid"));
    for side in 1..=3 {
        for play in [Play::Normal, Play::Misere] {
            v.push(Rules::new(side, None, all, play).expect("valid"));
        }
    }
    v
}

/// Every position of the diamond of `side` (2^(n²) of them).
pub fn every_position(side: usize) -> Vec<Position> {
    (0..=full_mask(side))
        .map(|m| Position::new(side, m))
        .collect()
}

/// A random rule set of `side` (1..=6): any run, non-empty line set and end rule.
pub fn random_rules(rng: &mut rng::Rng, side: usize) -> Rules {
    let run = rng.random_range(1..=side);
    let lines = LineSet::from_bits(rng.random_range(1u8..=15)).expect("non-empty");
    let play = if rng.random_bool(0.5) {
        Play::Misere
    } else {
        Play::Normal
    };
    Rules::new(side, Some(run), lines, play).expect("valid by construction")
}

/// A random position of `side`: uniform for sides 1..=4; for sides 5 and 6 a uniform
/// number of empty cells in 0..=14, placed uniformly.
pub fn random_position(rng: &mut rng::Rng, side: usize) -> Position {
    if side < 5 {
        return Position::new(side, rng.random::<u64>());
    }
    let cells = side * side;
    let empty = rng.random_range(0..=RANDOM_SIDE5_MAX_EMPTY);
    let mut order: Vec<usize> = (0..cells).collect();
    for i in 0..empty {
        let j = rng.random_range(i..cells);
        order.swap(i, j);
    }
    let holes = order[..empty].iter().fold(0u64, |m, &i| m | 1 << i);
    Position::new(side, full_mask(side) & !holes)
}

/// The `table certify` check: builds the table of `rules` and proves it.
fn certify(rules: &Rules, _cases: &[Position]) -> Outcome {
    let table = Table::build(rules);
    Outcome::from_result(
        table.certify().map(|()| table.positions()),
        "win ⇒ a move to a loss; loss ⇒ only moves to wins",
    )
}

impl Game for MarbleGame {
    const NAME: &'static str = "marble";
    const ABOUT: &'static str = "Marble on the diamond board";
    type Rules = Rules;
    type Case = Position;
    type Move = Move;
    type Answer = Value;
    type Variant = Variant;
    const DEFAULT_VARIANT: Variant = Variant::Table;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(rules: &Rules) -> String {
        rules.flags()
    }

    fn start(rules: &Rules) -> Option<Position> {
        Some(Position::empty(rules.side()))
    }

    type Generators = MovegenPair;

    fn generators(rules: &Rules) -> MovegenPair {
        MovegenPair::new(rules)
    }

    fn oracle_moves(gens: &MovegenPair, case: &Position) -> Vec<Move> {
        gens.oracle_moves(case).into_iter().map(Move).collect()
    }

    fn fast_moves(gens: &MovegenPair, case: &Position) -> Vec<Move> {
        gens.fast_moves(case).into_iter().map(Move).collect()
    }

    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        solver(rules, variant)
    }

    fn best_move(rules: &Rules, case: &Position) -> Option<String> {
        Naive::new(rules)
            .best_move(case)
            .ok()
            .flatten()
            .map(|m| describe_move(&m))
    }

    fn read(rules: &Rules, text: &str) -> Result<Vec<Position>, ParseError> {
        format::read(text, rules.side())
    }

    /// The sides whose positions the input reads as, when it does not read as `rules`'.
    fn read_hint(rules: &Rules, text: &str) -> Option<String> {
        let side = rules.side();
        let fits: Vec<String> = (1..=MAX_SIDE)
            .filter(|&s| s != side && format::read(text, s).is_ok())
            .map(|s| s.to_string())
            .collect();
        (!fits.is_empty()).then(|| {
            format!(
                "the input reads as positions of side {} (this run's side is {side}): try `--side {}`",
                fits.join(" or "),
                fits[0]
            )
        })
    }

    fn write(_rules: &Rules, cases: &[Position]) -> String {
        format::write(cases)
    }

    fn winner(answer: Value) -> Winner {
        answer.for_alice_to_move()
    }

    fn smaller(rules: &Rules, case: &Position, _mode: ShrinkMode) -> Vec<(Rules, Position)> {
        shrink::smaller_positions(case)
            .into_iter()
            .map(|p| (*rules, p))
            .collect()
    }

    /// Any side 1..=4 or 6 with any run, line set and end rule, or one of four side-5
    /// rule sets (their tables are cached).
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _size: Size) -> Rules {
        props::any_rules(e)
    }

    /// A position with at most 12 empty cells at full size (fewer at smaller sizes).
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, size: Size) -> Position {
        props::any_position(e, rules.side(), size.of(12) as usize)
    }

    fn cached_solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Table if rules.side() <= TABLE_MAX_SIDE => {
                Box::new(TableSolver::with_table(props::cached_table(rules)))
            }
            other => solver(rules, other),
        }
    }

    fn describe_case(_rules: &Rules, case: &Position) -> String {
        let e = case.empty_cells();
        format!("{e} empty cell{}", if e == 1 { "" } else { "s" })
    }
}

impl Verify for MarbleGame {
    /// The solved tables of the exhaustive rule sets, each as its exported `GCTABLE1`
    /// file ([`super::export`]).
    fn signature_part() -> Option<Vec<u8>> {
        Some(
            exhaustive_rule_sets()
                .iter()
                .flat_map(|rules| super::export::file_bytes(&Table::build(rules)))
                .collect(),
        )
    }

    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let masks = NamedCheck {
            rules: "sides 1-6, every family".into(),
            name: "boundary masks".into(),
            run: Box::new(|| {
                Outcome::from_result(
                    props::masks_match_geometry(),
                    "each (side, family, cell) vs the geometric predicate",
                )
            }),
        };
        let exhaustive = exhaustive_rule_sets()
            .into_iter()
            .map(|rules| Suite {
                movegen: true,
                checks: vec![("table certify", certify)],
                ..Suite::against_oracle(rules, every_position(rules.side()), "every position")
            })
            .collect();
        let mut steps = vec![
            Step::Check(masks),
            Step::Group(Group {
                suites: exhaustive,
                merged: None,
                progress: "every position",
            }),
        ];
        let cases = opts.cases.unwrap_or(DEFAULT_CASES);
        if cases > 0 {
            // random rule sets, a quarter of them of side 5 and a quarter of side 6, each
            // with its share of cases
            let mut rng = rng::from_seed(opts.seed);
            let variants = 12usize.min(cases as usize).max(1);
            let mut suites: Vec<Suite<Self>> = Vec::new();
            for v in 0..variants {
                let side = match v % 4 {
                    0 => 5,
                    1 => MAX_SIDE,
                    _ => rng.random_range(1..=4),
                };
                let rules = random_rules(&mut rng, side);
                let share =
                    cases / variants as u64 + u64::from((v as u64) < cases % variants as u64);
                let positions = (0..share)
                    .map(|_| random_position(&mut rng, side))
                    .collect();
                suites.push(Suite {
                    movegen: true,
                    ..Suite::against_oracle(rules, positions, "random")
                });
            }
            let of_side = |n| suites.iter().filter(|s| s.rules.side() == n).count();
            let (sides5, sides6) = (of_side(5), of_side(MAX_SIDE));
            steps.push(Step::Group(Group {
                suites,
                merged: Some(format!(
                    "random: {variants} rule sets ({sides5} of side 5, {sides6} of side 6)"
                )),
                progress: "random variants",
            }));
        }
        steps
    }
}
