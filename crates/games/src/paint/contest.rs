//! The paint adapter of `gen` and `stress` (`docs/rules.md`, "Paint", "Contest input").
//!
//! - generation: `N` uniform in `1..=max(1, ⌈scale · max_n⌉)`; each column is *half
//!   painted* (exactly one cell, top or bottom at random) with probability `half`, else
//!   each of its two cells is painted with probability `painted` (default: drawn per
//!   case uniformly from `[0, 0.6]`). Half-painted columns get their own share because
//!   they are what real bugs (and the planted one) are about: a column with one painted
//!   cell is a nim heap of size 1 *and* a separator (see `crate::paint::grundy`);
//! - a case is kept in a canonical form: cells sorted by column, then row (so equal
//!   strips are equal values, which the shrinker's cache needs);
//! - input: the canonical layout (`T` alone, `N M` on a line, one `x y` per line),
//!   T ≤ 74 per input (the contest's limit);
//! - answers: the `periodic` solver (proved period), checked by the oracle on every
//!   case with at most [`ORACLE_MAX_UNPAINTED`] unpainted cells and by `bitmask` on the
//!   other cases with N ≤ 32 and at most [`BITMASK_MAX_UNPAINTED`];
//! - output lines: exactly `Case i: Alice` or `Case i: Bob`, with `i` the 1-based case
//!   number (a wrong number is malformed output);
//! - shrinking ("fewer columns, more painted cells"), smallest first by (N, unpainted
//!   cells): remove a chunk of columns (a half, a quarter, … one column; the first or
//!   the last column), renumbering the rest; with N ≤ [`WINDOW_MAX_N`], keep any
//!   window of consecutive columns (so a failure that one column shows on its own is
//!   found in one step); with N ≤ [`PAINT_MAX_N`], also paint one more cell or a whole
//!   unpainted column.

use crate::paint::bitmask::{self, Bitmask};
use crate::paint::game::{PaintGame, Rules};
use crate::paint::naive::Naive;
use crate::paint::periodic::Periodic;
pub use crate::paint::shrink::{PAINT_MAX_N, WINDOW_MAX_N};
use crate::paint::{format, Position};
use crate::paint::{shrink, Cell};
use gamecheck::contest::Contest;
use gamecheck::error::RuleError;
use gamecheck::game::Game as _;
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::Entropy;
use gamecheck::rng::Rng;
use gamecheck::solver::Solver;
use gamecheck::stress::{ContestGame, Size};

/// The contest's limit on T: the most cases in one input.
pub const MAX_T: usize = 74;

/// The largest `--max-n` accepted (about twice the contest's 4,747): inputs and
/// shrinking candidates hold every painted cell, so N is kept where a batch of 74 cases
/// stays a few MiB.
pub const MAX_GEN_N: u64 = 10_000;

/// The default `--max-n`: small enough that a Python solution with an O(N²) table runs
/// in a blink, large enough for runs with interesting Grundy values.
pub const DEFAULT_MAX_N: u64 = 40;

/// The default `--half-painted`: the share of columns with exactly one painted cell.
pub const DEFAULT_HALF: f64 = 0.25;

/// Without `--painted`, the chance that a cell of a column that is not half painted is
/// painted is drawn per case from `[0, DEFAULT_PAINTED_MAX]`.
pub const DEFAULT_PAINTED_MAX: f64 = 0.6;

/// Cases with at most this many unpainted cells are also answered by the oracle
/// (at most 2^12 sub-positions each).
pub const ORACLE_MAX_UNPAINTED: u128 = 12;

/// Cases with N ≤ 32 and at most this many unpainted cells (and more than
/// [`ORACLE_MAX_UNPAINTED`]) are also answered by `bitmask`.
pub const BITMASK_MAX_UNPAINTED: u128 = 20;

/// A memo is dropped once this many positions may have entered it.
const MEMO_BOUND: u64 = 1 << 20;

/// Paint as a contest problem, with the size settings of `gen`/`stress`.
pub struct Paint {
    max_n: u64,
    painted: Option<f64>,
    half: f64,
    fast: Box<dyn Solver<Position, Value> + Send>,
    oracle: Naive,
    oracle_load: u64,
    bitmask: Bitmask,
    bitmask_load: u64,
}

impl Paint {
    /// The adapter: N up to `max_n` (1..=[`MAX_GEN_N`]) at full size; `painted`
    /// (0..=1) the chance that a cell of a column that is not half painted is painted
    /// (`None`: drawn per case from `[0, 0.6]`); `half` (0..=1) the share of half-painted
    /// columns.
    ///
    /// # Errors
    /// A value outside its range (or not a number), naming the flag.
    pub fn new(max_n: u64, painted: Option<f64>, half: f64) -> Result<Self, RuleError> {
        if !(1..=MAX_GEN_N).contains(&max_n) {
            return Err(RuleError(format!(
                "--max-n {max_n} is outside 1..={MAX_GEN_N} (the largest N generated)"
            )));
        }
        if let Some(f) = painted {
            if !(0.0..=1.0).contains(&f) {
                return Err(RuleError(format!(
                    "--painted {f} is outside 0..=1 (the chance that a cell is painted)"
                )));
            }
        }
        if !(0.0..=1.0).contains(&half) {
            return Err(RuleError(format!(
                "--half-painted {half} is outside 0..=1 (the share of columns with one painted cell)"
            )));
        }
        Ok(Paint {
            max_n,
            painted,
            half,
            fast: Box::new(Periodic::new()),
            oracle: Naive::new(),
            oracle_load: 0,
            bitmask: Bitmask::new(),
            bitmask_load: 0,
        })
    }

    /// The same adapter with `solver` in place of `periodic` for the answers (still
    /// checked by the oracle and `bitmask` where affordable); tests use a broken solver
    /// to see that check fire.
    pub fn with_solver(mut self, solver: Box<dyn Solver<Position, Value> + Send>) -> Self {
        self.fast = solver;
        self
    }

    /// The adapter with the default size settings (N ≤ 40, a quarter of the columns
    /// half painted).
    pub fn standard() -> Self {
        Paint::new(DEFAULT_MAX_N, None, DEFAULT_HALF).expect("defaults are in range")
    }

    /// The slow check of `p` when it is affordable: `Some((solver name, value))`.
    fn check(&mut self, p: &Position) -> Result<Option<(&'static str, Value)>, String> {
        let u = p.unpainted();
        if u <= ORACLE_MAX_UNPAINTED {
            self.oracle_load += 1 << u;
            if self.oracle_load > MEMO_BOUND {
                self.oracle = Naive::new();
                self.oracle_load = 1 << u;
            }
            let v = self.oracle.solve(p).map_err(|e| e.to_string())?;
            return Ok(Some(("the oracle", v)));
        }
        if u <= BITMASK_MAX_UNPAINTED && p.n() <= bitmask::MAX_COLUMNS {
            self.bitmask_load += 1 << u;
            if self.bitmask_load > MEMO_BOUND {
                self.bitmask = Bitmask::new();
                self.bitmask_load = 1 << u;
            }
            let v = self.bitmask.solve(p).map_err(|e| e.to_string())?;
            return Ok(Some(("bitmask", v)));
        }
        Ok(None)
    }
}

impl std::fmt::Debug for Paint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Paint")
            .field("max_n", &self.max_n)
            .field("painted", &self.painted)
            .field("half", &self.half)
            .field("solver", &self.fast.name())
            .finish_non_exhaustive()
    }
}

impl ContestGame for Paint {
    type Case = Position;
    type Answer = Winner;

    fn name(&self) -> &'static str {
        "paint"
    }

    fn rules(&self) -> String {
        "2 x N strip, normal play".into()
    }

    fn flags(&self) -> String {
        let mut s = format!("--max-n {} --half-painted {}", self.max_n, self.half);
        if let Some(f) = self.painted {
            s.push_str(&format!(" --painted {f}"));
        }
        s
    }

    fn max_batch(&self) -> usize {
        MAX_T
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> Position {
        let flags = SizeArgs {
            max_n: self.max_n,
            painted: self.painted,
            half_painted: self.half,
        };
        <super::PaintGame as gamecheck::contest::Contest>::generate(
            &super::game::Rules,
            &flags,
            rng,
            size,
        )
    }

    fn write_input(&self, cases: &[Position]) -> String {
        format::write(cases)
    }

    fn answers(&mut self, cases: &[Position]) -> Result<Vec<Winner>, String> {
        cases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let fast = self.fast.solve(p).map_err(|e| e.to_string())?;
                if let Some((slow_name, slow)) = self.check(p)? {
                    let fast_name = self.fast.name();
                    if slow != fast {
                        return Err(format!(
                            "the {fast_name} solver and {slow_name} disagree on case {} \
                             ({p}: {fast_name} {fast:?}, {slow_name} {slow:?}); please report:\n{}",
                            i + 1,
                            format::write(std::slice::from_ref(p))
                        ));
                    }
                }
                Ok(Value::for_alice_to_move(fast))
            })
            .collect()
    }

    fn write_answers(&self, answers: &[Winner]) -> String {
        <super::PaintGame as gamecheck::game::Game>::write_answers(&super::rules::Rules, answers)
    }

    fn parse_answer(&self, line: &str, index: usize) -> Option<Winner> {
        <super::PaintGame as gamecheck::game::Game>::parse_answer(&super::rules::Rules, line, index)
    }

    fn answer_form(&self, index: usize) -> String {
        <super::PaintGame as gamecheck::game::Game>::answer_form(&super::rules::Rules, index)
    }

    fn shrink_candidates(&self, case: &Position) -> Vec<Position> {
        crate::paint::shrink::smaller_positions(case)
    }

    /// The number of columns N: from 1 up to it.
    fn shrink_sizes(&self, case: &Position) -> Option<std::ops::RangeInclusive<u64>> {
        Some(1..=case.n())
    }

    /// The first `size` columns.
    fn with_size(&self, case: &Position, size: u64) -> Option<Position> {
        crate::paint::shrink::first_columns(case, size)
    }

    fn read_input(&self, text: &str) -> Result<Vec<Self::Case>, gamecheck::error::ParseError> {
        crate::paint::format::read(text)
    }

    fn describe_case(&self, case: &Position) -> String {
        let u = case.unpainted();
        format!(
            "N = {}, {u} unpainted cell{}",
            case.n(),
            if u == 1 { "" } else { "s" }
        )
    }
}

/// Property: every input `gen paint` writes is accepted by our own reader and reads back
/// as the generated cases, each case is in the canonical order within the size settings,
/// and the same seed gives the same bytes (driven by `tests/stress_paint.rs`).
///
/// # Errors
/// A description of the first violation (also for size settings out of range).
pub fn generated_input_reads_back(
    max_n: u64,
    painted: Option<f64>,
    half: f64,
    seed: u64,
    cases: usize,
    size: Size,
) -> Result<(), String> {
    let game = Paint::new(max_n, painted, half).map_err(|e| e.to_string())?;
    let positions = gamecheck::stress::generate(&game, seed, cases, size);
    let text = game.write_input(&positions);
    let read = format::read(&text)
        .map_err(|e| format!("our reader rejects a generated input: {e}\n{text}"))?;
    if read != positions {
        return Err(format!("the input reads back differently:\n{text}"));
    }
    for p in &positions {
        if p.n() > max_n {
            return Err(format!("N = {} is above --max-n {max_n}", p.n()));
        }
        if p.painted()
            .windows(2)
            .any(|w| (w[0].col, w[0].row) >= (w[1].col, w[1].row))
        {
            return Err(format!("cells not in canonical order: {p}"));
        }
    }
    let again = game.write_input(&gamecheck::stress::generate(&game, seed, cases, size));
    if again != text {
        return Err(format!("seed {seed} gave different bytes on a second run"));
    }
    Ok(())
}

/// Paint has no rule flags.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RuleArgs {}

/// Paint's size flags for `gen` and `stress`.
#[derive(Debug, Clone, clap::Args)]
pub struct SizeArgs {
    /// Largest N (columns) at full size, 1..=10000 (the contest's limit was 4747); N is
    /// drawn uniformly from 1..=max(1, ⌈scale·max-n⌉).
    #[arg(long, default_value_t = DEFAULT_MAX_N, value_name = "N")]
    pub max_n: u64,
    /// Chance 0..=1 that a cell of a column that is not half painted is painted
    /// (default: drawn per case from [0, 0.6]).
    #[arg(long, value_name = "F")]
    pub painted: Option<f64>,
    /// Share 0..=1 of columns with exactly one painted cell (top or bottom at random).
    #[arg(long, default_value_t = DEFAULT_HALF, value_name = "H")]
    pub half_painted: f64,
}

impl Contest for PaintGame {
    type RuleArgs = RuleArgs;

    fn rules(_args: &RuleArgs) -> Result<Rules, RuleError> {
        Ok(Rules)
    }

    const MAX_BATCH: usize = MAX_T;
    type SolveArgs = gamecheck::contest::NoSolveArgs;
    type SizeArgs = SizeArgs;
    type Adapter = Paint;

    /// N uniform in `1..=⌈scale·max_n⌉`; a share `--half-painted` of the columns get
    /// one painted cell (top or bottom), the others each cell painted with probability
    /// `--painted` (default: drawn per strip from `[0, DEFAULT_PAINTED_MAX)`), so inputs mix
    /// nearly empty and crowded strips.
    fn generate<E: Entropy + ?Sized>(
        _rules: &Rules,
        flags: &SizeArgs,
        e: &mut E,
        size: Size,
    ) -> Position {
        let n = e.int_in(1..=size.of(flags.max_n));
        let f = match flags.painted {
            Some(f) => f,
            None => DEFAULT_PAINTED_MAX * e.unit(),
        };
        let mut cells = Vec::new();
        for col in 1..=n {
            if e.chance(flags.half_painted) {
                cells.push(Cell::new(if e.chance(0.5) { 1 } else { 2 }, col));
            } else {
                for row in 1..=2 {
                    if e.chance(f) {
                        cells.push(Cell::new(row, col));
                    }
                }
            }
        }
        shrink::canonical(n, cells).expect("generated cells are in the strip and distinct")
    }

    fn contest(_rules: Rules, size: &SizeArgs) -> Result<Paint, RuleError> {
        Paint::new(size.max_n, size.painted, size.half_painted)
    }
}

impl gamecheck::command::CliGame for PaintGame {
    fn rules_text() -> &'static str {
        crate::rules_doc::section(Self::NAME)
    }

    fn abilities(a: &mut dyn gamecheck::command::Abilities<Self>) {
        a.perft();
        a.grundy();
        a.count();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paint::shrink::canonical;
    use crate::paint::Cell;
    use gamecheck::stress::{judge, Class, Verdict};
    use gamecheck::stress::{End, RunOutput};
    use std::collections::HashSet;
    use std::time::Duration;

    fn out(stdout: &str) -> RunOutput {
        RunOutput {
            end: End::Exited(0),
            stdout: stdout.as_bytes().to_vec(),
            stderr_tail: String::new(),
            elapsed: Duration::ZERO,
            ..RunOutput::default()
        }
    }

    /// The strip drawn as two rows, in the canonical cell order.
    fn pos(top: &str, bottom: &str) -> Position {
        let p = Position::from_rows(top, bottom).unwrap();
        canonical(p.n(), p.painted().to_vec()).unwrap()
    }

    const AB: [Winner; 2] = [Winner::Alice, Winner::Bob];

    #[test]
    fn answer_lines_are_numbered_and_strict() {
        let g = Paint::standard();
        let v = |text: &str| judge(&g, &out(text), &AB).verdict;
        assert_eq!(v("Case 1: Alice\nCase 2: Bob\n"), Verdict::Pass);
        assert_eq!(v("Case 1: Alice \r\nCase 2: Bob\t\r\n\n"), Verdict::Pass);
        assert_eq!(
            v("Case 1: Alice\nCase 2: Alice\n"),
            Verdict::WrongAnswer {
                case: 1,
                expected: Winner::Bob,
                got: Winner::Alice
            }
        );
        for bad in [
            "Case 1: Alice\nCase 1: Bob\n",  // wrong number
            "Alice\nBob\n",                  // no prefix
            "Case 1:Alice\nCase 2: Bob\n",   // no space
            "Case 1:  Alice\nCase 2: Bob\n", // two spaces
            "case 1: Alice\nCase 2: Bob\n",  // lower case
            "Case 1: alice\nCase 2: Bob\n",
            " Case 1: Alice\nCase 2: Bob\n",
            "Case 01: Alice\nCase 2: Bob\n",
            "Case 1: Alice/nCase 2: Bob/n",
            "Case 1: Alice\n",
            "Case 1: Alice\nCase 2: Bob\nCase 3: Bob\n",
            "Case 1: Draw\nCase 2: Bob\n",
        ] {
            assert_eq!(v(bad).class(), Some(Class::Malformed), "{bad:?}");
        }
        match v("Case 1: Alice\nCase 3: Bob\n") {
            Verdict::Malformed { line, problem } => {
                assert_eq!(line, 2);
                assert!(
                    problem.contains("expected `Case 2: Alice` or `Case 2: Bob`"),
                    "{problem}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn answers_come_from_periodic_checked_by_the_oracle_and_bitmask() {
        let mut g = Paint::standard();
        // one cell left: Alice; full column: Bob; 2 × 1 empty: g(1) = 0, Bob;
        // 2 × 2 empty: g(2) = 2, Alice; 2 × 12 empty (bitmask range); N = 4747 (periodic)
        let cases = [
            pos("#", "."),
            pos("#", "#"),
            pos(".", "."),
            pos("..", ".."),
            Position::new(10, vec![]).unwrap(),
            Position::new(4747, vec![Cell::new(1, 2374)]).unwrap(),
        ];
        let got = g.answers(&cases).unwrap();
        let mut naive = Naive::new();
        let mut bm = Bitmask::new();
        for (p, w) in cases.iter().zip(&got) {
            let v = if p.unpainted() <= 12 {
                naive.solve(p).unwrap()
            } else if p.n() <= 32 {
                bm.solve(p).unwrap()
            } else {
                // mirror image around the half-painted middle column: G ⊕ 1 ⊕ G = 1
                Value::Win
            };
            assert_eq!(*w, Value::for_alice_to_move(v), "{p}");
        }
        assert_eq!(
            &got[..4],
            &[Winner::Alice, Winner::Bob, Winner::Bob, Winner::Alice]
        );
        // which slow solver checks which case
        let name = |g: &mut Paint, p: &Position| g.check(p).unwrap().map(|(n, _)| n);
        assert_eq!(name(&mut g, &cases[0]), Some("the oracle"));
        assert_eq!(name(&mut g, &pos("......", "......")), Some("the oracle"));
        assert_eq!(name(&mut g, &cases[4]), Some("bitmask"));
        // 16 unpainted cells, but N = 33 does not fit bitmask's u64
        let cells = (1..=33)
            .map(|c| Cell::new(1, c))
            .chain((1..=17).map(|c| Cell::new(2, c)))
            .collect();
        let wide = canonical(33, cells).unwrap();
        assert_eq!(wide.unpainted(), 16);
        assert_eq!(name(&mut g, &wide), None);
        assert_eq!(name(&mut g, &cases[5]), None);
    }

    /// `periodic`, but with the answer flipped on strips of exactly `.1` columns.
    struct Broken(Periodic, u64);

    impl Solver<Position, Value> for Broken {
        fn name(&self) -> &'static str {
            "broken"
        }

        fn solve(&mut self, p: &Position) -> Result<Value, gamecheck::solver::Refusal> {
            let v = self.0.solve(p)?;
            Ok(if p.n() == self.1 { v.flip() } else { v })
        }
    }

    #[test]
    fn a_fast_solver_that_disagrees_with_the_oracle_or_bitmask_is_reported() {
        let broken = |n| Paint::standard().with_solver(Box::new(Broken(Periodic::new(), n)));
        let mut g = broken(1);
        assert!(g.answers(&[pos("..", "..")]).is_ok());
        let e = g.answers(&[pos("..", ".."), pos("#", "#")]).unwrap_err();
        assert!(
            e.contains("the broken solver and the oracle disagree on case 2"),
            "{e}"
        );
        assert!(e.contains("please report:\n1\n1 2\n1 1\n2 1\n"), "{e}");
        // 20 unpainted cells: past the oracle's share, checked by bitmask
        let e = broken(10)
            .answers(&[Position::empty(10).unwrap()])
            .unwrap_err();
        assert!(
            e.contains("the broken solver and bitmask disagree on case 1"),
            "{e}"
        );
        // N = 4747 is checked by nobody: the fast solver's answer stands
        assert!(broken(4747)
            .answers(&[Position::empty(4747).unwrap()])
            .is_ok());
    }

    #[test]
    fn size_settings_are_checked() {
        assert!(Paint::new(0, None, 0.2).is_err());
        assert!(Paint::new(MAX_GEN_N + 1, None, 0.2).is_err());
        assert!(Paint::new(5, Some(1.1), 0.2).is_err());
        assert!(Paint::new(5, Some(f64::NAN), 0.2).is_err());
        assert!(Paint::new(5, None, -0.1).is_err());
        assert!(Paint::new(MAX_GEN_N, Some(0.0), 1.0).is_ok());
    }

    #[test]
    fn generation_follows_the_size_settings() {
        let mut rng = gamecheck::rng::from_seed(3);
        let all_half = Paint::new(30, Some(0.0), 1.0).unwrap();
        let none = Paint::new(30, Some(0.0), 0.0).unwrap();
        let full = Paint::new(30, Some(1.0), 0.0).unwrap();
        for _ in 0..50 {
            let p = all_half.generate(&mut rng, Size::FULL);
            assert_eq!(p.painted().len() as u64, p.n());
            assert!(p
                .painted()
                .iter()
                .enumerate()
                .all(|(i, c)| c.col == i as u64 + 1));
            assert!(none.generate(&mut rng, Size::FULL).painted().is_empty());
            assert_eq!(full.generate(&mut rng, Size::FULL).unpainted(), 0);
            assert_eq!(all_half.generate(&mut rng, Size { scale: 0.01 }).n(), 1);
            assert!(all_half.generate(&mut rng, Size { scale: 0.5 }).n() <= 15);
        }
    }

    #[test]
    fn candidates_have_fewer_columns_or_more_paint_smallest_first() {
        let g = Paint::standard();
        let p = pos("#...", "..#.");
        let c = g.shrink_candidates(&p);
        // fewer columns: windows of 1..=3 columns, halves, each single column removed;
        // paint: 6 single cells + 2 whole columns (2 and 4)
        assert!(c
            .windows(2)
            .all(|w| (w[0].n(), w[0].unpainted()) <= (w[1].n(), w[1].unpainted())));
        assert_eq!(&c[..3], &[pos("#", "."), pos(".", "#"), pos(".", ".")]);
        let removals: Vec<&Position> = c.iter().filter(|q| q.n() < 4).collect();
        for want in [
            pos("..", ".#"), // window 2..=3
            pos("#.", ".."),
            pos("..", "#."),
            pos("...", ".#."),
            pos("#..", "..#"),
            pos("#..", ".#."),
            pos("#..", "..."),
        ] {
            assert!(removals.contains(&&want), "{want} missing");
        }
        let painted: Vec<&Position> = c.iter().filter(|q| q.n() == 4).collect();
        assert_eq!(painted.len(), 8);
        assert!(painted.contains(&&pos("##..", "..#.")));
        assert!(painted.contains(&&pos("#..#", "..##")));
        assert!(painted.contains(&&pos("##..", ".##.")));
        // every candidate is valid, canonical and distinct
        let set: HashSet<&Position> = c.iter().collect();
        assert_eq!(set.len(), c.len());
        for q in &c {
            assert!(q.n() >= 1);
            assert_eq!(Some(q.clone()), canonical(q.n(), q.painted().to_vec()));
        }
        assert!(!c.contains(&p));
        // the smallest strip, fully painted, has nothing smaller
        assert!(g.shrink_candidates(&pos("#", "#")).is_empty());
        assert_eq!(g.shrink_candidates(&pos("#", ".")), vec![pos("#", "#")]);
    }

    #[test]
    fn large_strips_shrink_by_chunks_within_a_budget() {
        let g = Paint::standard();
        let cells = (1..=10_000).step_by(2).map(|c| Cell::new(1, c)).collect();
        let p = canonical(10_000, cells).unwrap();
        let c = g.shrink_candidates(&p);
        assert!(!c.is_empty() && c.len() < 1000, "{}", c.len());
        assert_eq!(c[0].n(), 5_000);
        assert!(c.iter().any(|q| q.n() == 9_999)); // first or last column
        assert!(c.iter().all(|q| q.n() < 10_000)); // no painting at this size
    }

    #[test]
    fn describes_a_case() {
        let g = Paint::standard();
        assert_eq!(
            g.describe_case(&pos("#..", "...")),
            "N = 3, 5 unpainted cells"
        );
        assert_eq!(g.describe_case(&pos("#", ".")), "N = 1, 1 unpainted cell");
        assert_eq!(g.flags(), "--max-n 40 --half-painted 0.25");
        assert_eq!(
            Paint::new(7, Some(0.5), 0.0).unwrap().flags(),
            "--max-n 7 --half-painted 0 --painted 0.5"
        );
    }
}
