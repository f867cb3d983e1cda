//! Marble through the [`Game`] trait: rule flags, solver variants, both move
//! generators, shrinking, and what `verify` checks.

use super::bitmask::Bitmask;
use super::geometry::BOUNDARY_MASKS;
use super::naive::{describe_move, Naive};
use super::props::MovegenPair;
use super::rules::{LineSet, Play, Rules, MAX_SIDE, TABLE_MAX_SIDE};
use super::table::{Table, TableSolver};
use super::{format, full_mask, props, shrink, Line, Position};
use gamecheck::error::ParseError;
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::harness::VerifyOptions;
use gamecheck::harness::{Group, Outcome, Step, Suite, Verify};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{self, Entropy, Size};
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

/// Most empty cells of a random side-5 or side-6 position at full size (so the oracle
/// stays quick): [`MarbleGame`]'s `random_case`.
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
    type Output = Winner;
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

    fn output(_rules: &Rules, _case: &Position, answer: Value) -> Winner {
        answer.for_alice_to_move()
    }

    /// `Alice` or `Bob`: the contest has no draws.
    fn parse_answer(_rules: &Rules, line: &str, _index: usize) -> Option<Winner> {
        Winner::alice_or_bob(line)
    }

    fn answer_form(_rules: &Rules, _index: usize) -> String {
        "`Alice` or `Bob`".into()
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

    /// A position of the rules' side: the one generator of the cases of `verify`'s random
    /// rows, of the laws (proptest) and of the `marble_solvers_agree` fuzz target. At full
    /// size: for sides 1..=4 any position, uniform
    /// over all 2^(n²) (one [`Entropy::bits`] draw); for sides 5 and 6 a number of empty
    /// cells uniform in `0..=`[`RANDOM_SIDE5_MAX_EMPTY`] (14), placed uniformly (a partial
    /// shuffle of the cells). At smaller sizes at most `size.of(n²)` empty cells for sides
    /// 1..=4 (cells filled in reading order until few enough are empty) and a number
    /// uniform in `0..=size.of(14)` for sides 5 and 6: one empty cell at the smallest.
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, size: Size) -> Position {
        let side = rules.side();
        let cells = side * side;
        if side < 5 {
            return props::any_position(e, side, size.of(cells as u64) as usize);
        }
        let empty = e.int_in(0..=size.of(RANDOM_SIDE5_MAX_EMPTY as u64) as usize);
        let holes = e
            .sample_indices(cells, empty)
            .iter()
            .fold(0u64, |m, &i| m | 1 << i);
        Position::new(side, full_mask(side) & !holes)
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
        let masks = props::boundary_masks(|side| BOUNDARY_MASKS[side])
            .named_check("boundary masks", opts.seed);
        let exhaustive = exhaustive_rule_sets()
            .into_iter()
            .map(|rules| Suite {
                // the rule set alone: every row of the group is every position
                label: rules.to_string(),
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
            // with its share of cases drawn by `random_case` at full size
            let mut rng = rng::from_seed(opts.seed);
            let variants = 12usize.min(cases as usize).max(1);
            let mut suites: Vec<Suite<Self>> = Vec::new();
            for v in 0..variants {
                let side = match v % 4 {
                    0 => 5,
                    1 => MAX_SIDE,
                    _ => rng.int_in(1..=4usize),
                };
                let rules = props::rules_of_side(&mut rng, side);
                let share =
                    cases / variants as u64 + u64::from((v as u64) < cases % variants as u64);
                let positions = (0..share)
                    .map(|_| Self::random_case(&rules, &mut rng, Size::FULL))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The fewest and the most empty cells of 400 `random_case` positions of `side` at `size`, each
    /// drawn from the seeded generator.
    fn most_empty(side: usize, size: Size) -> (usize, usize) {
        let mut rng = rng::from_seed(side as u64);
        let rules = props::rules_of_side(&mut rng, side);
        let empties: Vec<usize> = (0..400)
            .map(|_| MarbleGame::random_case(&rules, &mut rng, size).empty_cells())
            .collect();
        let fewest = empties.iter().copied().min().unwrap_or(0);
        (fewest, empties.into_iter().max().unwrap_or(0))
    }

    /// `random_rules` draws every side 1..=6, both end rules and more than one line set
    /// and run (side 5 from its cached rule sets only).
    #[test]
    fn random_rules_cover_every_side_and_end_rule() {
        let mut rng = rng::from_seed(3);
        let drawn: Vec<Rules> = (0..600)
            .map(|_| MarbleGame::random_rules(&mut rng, Size::FULL))
            .collect();
        for side in 1..=6 {
            assert!(drawn.iter().any(|r| r.side() == side), "side {side}");
        }
        let five = props::side5_rule_sets();
        assert!(drawn
            .iter()
            .filter(|r| r.side() == 5)
            .all(|r| five.contains(r)));
        for play in [Play::Normal, Play::Misere] {
            assert!(drawn.iter().any(|r| r.play() == play), "{play:?}");
        }
        let distinct: std::collections::HashSet<String> =
            drawn.iter().map(|r| r.to_string()).collect();
        assert!(distinct.len() > 50, "{} distinct rule sets", distinct.len());
    }

    /// `random_case` keeps to its documented ranges: at full size any position of sides
    /// 1..=4 (the full and the empty board of sides 1 and 2 among them, more than 3/4 of
    /// the cells empty for sides 3 and 4) and 0..=14 empty cells for sides 5 and 6, both
    /// ends reached; smaller sizes give fewer empty cells, at most one at the smallest.
    #[test]
    fn random_positions_keep_to_their_sizes() {
        for side in 1..=2 {
            assert_eq!(
                most_empty(side, Size::FULL),
                (0, side * side),
                "side {side}"
            );
        }
        for side in 3..=4 {
            let (_, most) = most_empty(side, Size::FULL);
            assert!(
                most > side * side * 3 / 4,
                "side {side}: at most {most} empty"
            );
        }
        for side in 5..=MAX_SIDE {
            assert_eq!(
                most_empty(side, Size::FULL),
                (0, RANDOM_SIDE5_MAX_EMPTY),
                "side {side}"
            );
            assert_eq!(most_empty(side, Size { scale: 0.5 }).1, 7, "side {side}");
        }
        for side in 1..=MAX_SIDE {
            assert_eq!(most_empty(side, Size { scale: 0.01 }).1, 1, "side {side}");
            assert!(most_empty(side, Size { scale: 0.5 }).1 <= side * side / 2 + 1);
        }
    }

    /// Fed by bytes, `random_case` still keeps to its ranges (the fuzz targets' draws),
    /// and bytes that run out give the smallest choices: the empty board of sides 1..=4,
    /// the full board of sides 5 and 6.
    #[test]
    fn random_positions_from_bytes_keep_to_their_ranges() {
        let mut rng = rng::from_seed(7);
        for side in 1..=MAX_SIDE {
            let rules = props::rules_of_side(&mut rng, side);
            let mut none = arbitrary::Unstructured::new(&[]);
            let p = MarbleGame::random_case(&rules, &mut none, Size::FULL);
            let expected = if side < 5 { side * side } else { 0 };
            assert_eq!(p.empty_cells(), expected, "side {side}");
            for _ in 0..200 {
                let bytes: Vec<u8> = (0..24).map(|_| rand::Rng::random(&mut rng)).collect();
                let mut u = arbitrary::Unstructured::new(&bytes);
                let p = MarbleGame::random_case(&rules, &mut u, Size::FULL);
                assert_eq!(p.side(), side);
                if side >= 5 {
                    assert!(p.empty_cells() <= RANDOM_SIDE5_MAX_EMPTY, "side {side}");
                }
            }
        }
    }
}
