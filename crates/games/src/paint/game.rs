//! Paint through the [`Game`] trait: solver variants, both move generators, shrinking,
//! and what `verify` checks.

use super::bitmask::{self, Bitmask};
use super::grundy::Grundy;
use super::naive::{describe_move, Naive};
use super::periodic::{Period, Periodic};
pub use super::rules::Rules;
use super::{format, shrink, Cell, Position, MAX_COLUMNS_REMOVED};
use gamecheck::error::ParseError;
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::grundy;
use gamecheck::harness::VerifyOptions;
use gamecheck::harness::{Group, NamedCheck, Outcome, Step, Suite, Verify};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{self, Entropy, Size};
use rand::Rng as _;
use std::collections::HashSet;
use std::fmt;

/// Paint on the 2 × N strip, as a [`Game`].
#[derive(Debug, Clone, Copy)]
pub struct PaintGame;

gamecheck::variants! {
    /// The paint solvers.
    pub enum Variant {
        /// The oracle: two text rows, every move tried, memo by the text (20 unpainted cells).
        Naive = "naive",
        /// Memoized DFS over a `u64`, 2 bits a column (24 unpainted cells).
        Bitmask = "bitmask",
        /// Parts, `g(L)` table by mex, XOR of the parts (runs up to 100,000 columns).
        Grundy = "grundy",
        /// `grundy` with the period of `g` found and proved (any N up to 2^64 − 1).
        Periodic = "periodic",
    }
}

/// The solver `variant`.
pub fn solver(variant: Variant) -> BoxSolver<PaintGame> {
    match variant {
        Variant::Naive => Box::new(Naive::new()),
        Variant::Bitmask => Box::new(Bitmask::new()),
        Variant::Grundy => Box::new(Grundy::new()),
        Variant::Periodic => Box::new(Periodic::new()),
    }
}

/// A move: the cells it paints, sorted. Displayed as the contest's cells: `C r c` for
/// one cell (row r, column c, 1-based), `B c` for the 2 × 2 block on columns c, c + 1.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(pub Vec<Cell>);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [c] => write!(f, "C {} {}", c.row, c.col),
            cells => write!(f, "B {}", cells.iter().map(|c| c.col).min().unwrap_or(0)),
        }
    }
}

/// Every position is checked for N = 1..=`EXHAUSTIVE_MAX_N` (4^N positions each).
pub const EXHAUSTIVE_MAX_N: u64 = 8;
/// Random positions against the oracle ([`PaintGame`]'s `random_case` at full size) have
/// N ≤ this …
pub const RANDOM_MAX_N: u64 = 12;
/// … and at most this many unpainted cells (the oracle's limit).
pub const RANDOM_MAX_UNPAINTED: usize = 20;
/// Random positions of `grundy` against `periodic` have N ≤ this.
pub const LARGE_MAX_N: u64 = 5000;
/// Random cases of the default budget (each kind: small against the oracle, large
/// `periodic` against `grundy`).
pub const DEFAULT_CASES: u64 = 1500;

/// Every position of N columns (4^N of them, so N ≤ 31 and in practice N ≤ 10), cell
/// `i` of the bits being row `i / N + 1`, column `i mod N + 1`.
pub fn every_position(n: u64) -> Vec<Position> {
    (0..1u64 << (2 * n))
        .map(|bits| {
            let painted = (0..2 * n)
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| Cell::new((i / n) as u8 + 1, i % n + 1))
                .collect();
            Position::new(n, painted).expect("valid by construction")
        })
        .collect()
}

/// A random position of N ≤ 5,000 for `periodic` against `grundy`, beyond the oracle (so
/// not [`PaintGame`]'s `random_case`, whose cases the oracle solves): sparse (up to 64
/// cells painted), or up to N/2 random cells.
pub fn random_large_position(rng: &mut rng::Rng) -> Position {
    let n = rng.random_range(1..=LARGE_MAX_N);
    let m = if rng.random_bool(0.5) {
        rng.random_range(0..=64u64.min(2 * n))
    } else {
        rng.random_range(0..=n / 2)
    };
    let mut seen = HashSet::new();
    let painted = (0..m)
        .map(|_| Cell::new(rng.random_range(1..=2), rng.random_range(1..=n)))
        .filter(|c| seen.insert(*c))
        .collect();
    Position::new(n, painted).expect("valid by construction")
}

/// `g(0..len)` for runs of empty columns, computed here with a plain set-based mex and
/// written apart from [`super::grundy::extend_table`], so the period proof does not
/// rest on the table it checks. A run of `L` columns: painting one cell of column `i`
/// leaves runs `i − 1` and `L − i` and an isolated cell (a heap of 1); a 2 × 2 block on
/// columns `i, i + 1` leaves runs `i − 1` and `L − i − 1`.
pub fn independent_g(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for l in 0..len {
        let mut options = HashSet::new();
        for i in 1..=l {
            options.insert(g[i - 1] ^ 1 ^ g[l - i]);
        }
        for i in 1..l {
            options.insert(g[i - 1] ^ g[l - i - 1]);
        }
        g.push((0..).find(|v| !options.contains(v)).expect("a finite set"));
    }
    g
}

/// Runs up to this many columns are also solved by the oracle in the period proof.
const PROOF_ORACLE_MAX_L: usize = 8;

/// The period proof ([`gamecheck::grundy::period_proof`]): `periodic`'s table and the
/// period it uses (passed in, so a test can hand it wrong ones), proved by the theorem
/// on `g` computed independently ([`independent_g`]), whose first values are the
/// oracle's own (runs of 1..=8 columns); the period must also be the smallest one `g`
/// shows. Checked: the `n` of the proof range.
fn period_proof(table: &[u32], used: Option<Period>) -> Outcome {
    let mut oracle = Naive::new();
    grundy::period_proof(
        table,
        used,
        MAX_COLUMNS_REMOVED,
        independent_g,
        PROOF_ORACLE_MAX_L,
        |l| {
            let empty = Position::empty(l as u64).expect("l ≥ 1");
            oracle.grundy_value(&empty).ok()
        },
    )
}

/// The `grundy values` check ([`gamecheck::grundy::grundy_values`]): the oracle's mex
/// recursion against `periodic`'s XOR of parts, on every case of the suite.
fn grundy_values(_rules: &Rules, cases: &[Position]) -> Outcome {
    let mut oracle = Naive::new();
    let mut periodic = Periodic::new();
    grundy::grundy_values(
        cases,
        |p| oracle.grundy_value(p).ok(),
        "periodic",
        |p| Some(periodic.grundy_value(p)),
        "periodic's XOR of parts vs the oracle's mex recursion",
    )
}

impl Game for PaintGame {
    const NAME: &'static str = "paint";
    const ABOUT: &'static str = "Paint on the 2 × N strip";
    type Rules = Rules;
    type Case = Position;
    type Move = Move;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    const DEFAULT_VARIANT: Variant = Variant::Periodic;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(_rules: &Rules) -> String {
        String::new()
    }

    fn start(_rules: &Rules) -> Option<Position> {
        None
    }

    type Generators = ();

    fn generators(_rules: &Rules) {}

    fn oracle_moves(_gens: &(), case: &Position) -> Vec<Move> {
        Naive::moves(case).into_iter().map(Move).collect()
    }

    /// The bitmask generator's moves (N ≤ 32).
    fn fast_moves(_gens: &(), case: &Position) -> Vec<Move> {
        bitmask::moves(bitmask::unpainted_mask(case))
            .into_iter()
            .map(|m| {
                let mut cells: Vec<Cell> = (0..64)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| Cell::new((i % 2) as u8 + 1, i / 2 + 1))
                    .collect();
                cells.sort();
                Move(cells)
            })
            .collect()
    }

    fn solver(_rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        solver(variant)
    }

    fn best_move(_rules: &Rules, case: &Position) -> Option<String> {
        Naive::new()
            .best_move(case)
            .ok()
            .flatten()
            .map(|m| describe_move(&m))
    }

    fn read(_rules: &Rules, text: &str) -> Result<Vec<Position>, ParseError> {
        format::read(text)
    }

    fn write(_rules: &Rules, cases: &[Position]) -> String {
        format::write(cases)
    }

    fn output(_rules: &Rules, _case: &Position, answer: Value) -> Winner {
        answer.for_alice_to_move()
    }

    /// `Case i: Alice` or `Case i: Bob`, one line per case.
    fn write_answers(_rules: &Rules, outputs: &[Winner]) -> String {
        format::write_answers(outputs)
    }

    fn parse_answer(_rules: &Rules, line: &str, index: usize) -> Option<Winner> {
        let rest = line.strip_prefix(&format!("Case {}: ", index + 1))?;
        Winner::alice_or_bob(rest)
    }

    fn answer_form(_rules: &Rules, index: usize) -> String {
        format!("`Case {0}: Alice` or `Case {0}: Bob`", index + 1)
    }

    fn smaller(_rules: &Rules, case: &Position, _mode: ShrinkMode) -> Vec<(Rules, Position)> {
        shrink::smaller_positions(case)
            .into_iter()
            .map(|p| (Rules, p))
            .collect()
    }

    fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
        Rules
    }

    /// A strip: the one generator of the cases of `verify`'s random rows against the
    /// oracle, of the laws (proptest) and of the `paint_solvers_agree` fuzz target. At full
    /// size: N uniform in
    /// `1..=`[`RANDOM_MAX_N`] (12), the number of unpainted cells uniform in
    /// `0..=min(`[`RANDOM_MAX_UNPAINTED`]` (20), 2N)`, placed uniformly (a shuffle of the
    /// 2N cells). At smaller sizes N ≤ `size.of(12)` and at most `size.of(20)` unpainted
    /// cells: N = 1 and at most one unpainted cell at the smallest.
    fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, size: Size) -> Position {
        let n = e.int_in(1..=size.of(RANDOM_MAX_N));
        let cells = 2 * n as usize;
        let most = size.of(RANDOM_MAX_UNPAINTED as u64) as usize;
        let unpainted = e.int_in(0..=most.min(cells));
        let order = e.sample_indices(cells, cells);
        let painted = order[unpainted..]
            .iter()
            .map(|&i| Cell::new((i % 2) as u8 + 1, (i / 2) as u64 + 1))
            .collect();
        Position::new(n, painted).expect("valid by construction")
    }

    fn describe_case(_rules: &Rules, case: &Position) -> String {
        let u = case.unpainted();
        format!(
            "N = {}, {u} unpainted cell{}",
            case.n(),
            if u == 1 { "" } else { "s" }
        )
    }
}

impl Verify for PaintGame {
    /// The proved period of `g` with the values it rests on:
    /// `paint period P pre-period N0 g g(0) … g(n0 + 2p + t)`.
    fn signature_part() -> Option<Vec<u8>> {
        let periodic = Periodic::new();
        let p = periodic.period();
        let values: Vec<String> = (0..=(p.proof_end + p.period) as u64)
            .map(|l| periodic.g(l).to_string())
            .collect();
        Some(
            format!(
                "paint period {} pre-period {} g {}\n",
                p.period,
                p.pre_period,
                values.join(" ")
            )
            .into_bytes(),
        )
    }

    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let masks = gamecheck::geometry::Geometry::new(
            "2 × N, N = 1..=32",
            (1..=bitmask::MAX_COLUMNS as usize).map(bitmask::grid),
            [bitmask::UP, bitmask::LEFT],
        )
        .masks(gamecheck::geometry::Masks::Stays, |_, d| bitmask::mask(d))
        .shift(|_, bits, d| bitmask::shift(bits, d));
        let mut steps = vec![Step::Check(masks.named_check("boundary masks", opts.seed))];
        steps.push(Step::Check(NamedCheck {
            rules: "g(L) of a run".into(),
            name: "period proof".into(),
            run: Box::new(|| {
                let periodic = Periodic::new();
                period_proof(periodic.table(), Some(periodic.period()))
            }),
        }));
        // every position for N = 1..=8, largest first (the work is spread by rayon)
        let exhaustive = (1..=EXHAUSTIVE_MAX_N)
            .rev()
            .map(|n| Suite {
                movegen: true,
                checks: vec![("grundy values", grundy_values)],
                ..Suite::against_oracle(Rules, every_position(n), "every position")
            })
            .collect();
        steps.push(Step::Group(Group {
            suites: exhaustive,
            merged: Some(format!("every 2 × N, N = 1..={EXHAUSTIVE_MAX_N}")),
            progress: "every position",
        }));
        let cases = opts.cases.unwrap_or(DEFAULT_CASES);
        if cases > 0 {
            let mut rng = rng::from_seed(opts.seed);
            let small: Vec<Position> = (0..cases)
                .map(|_| Self::random_case(&Rules, &mut rng, Size::FULL))
                .collect();
            // two halves in parallel, each with its own oracle memo
            let half = small.len().div_ceil(2).max(1);
            let suites = small
                .chunks(half)
                .map(|c| Suite::against_oracle(Rules, c.to_vec(), "random"))
                .collect();
            steps.push(Step::Group(Group {
                suites,
                merged: Some(format!(
                    "random N ≤ {RANDOM_MAX_N}, ≤ {RANDOM_MAX_UNPAINTED} unpainted"
                )),
                progress: "random N ≤ 12",
            }));
            let mut rng = rng::from_seed(opts.seed ^ 0x0070_6169_6E74); // "paint"
            let large = (0..cases)
                .map(|_| random_large_position(&mut rng))
                .collect();
            steps.push(Step::Group(Group {
                suites: vec![Suite {
                    label: format!("random N ≤ {LARGE_MAX_N}"),
                    reference: Some(Variant::Grundy),
                    variants: vec![Variant::Periodic],
                    ..Suite::against_oracle(Rules, large, "random")
                }],
                merged: None,
                progress: "periodic vs grundy",
            }));
        }
        steps
    }
}

impl gamecheck::grundy::GrundyPart for PaintGame {
    const HEAP: &'static str = "columns of a run";

    fn extend(_rules: &Rules, g: &mut Vec<u32>, len: usize) {
        super::grundy::extend_table(g, len);
    }

    fn max_removed(_rules: &Rules) -> usize {
        MAX_COLUMNS_REMOVED
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck::grundy::{check_smallest_period, prove_period};

    /// The period-proof row passes on `periodic`'s own table and period (period 12 from
    /// 71), counting the proof range (`n0 + p + t + 1` values of `n`), and fails, saying
    /// why, on no period, a wrong value of the table, and a pre-period one too early
    /// (it does not prove).
    #[test]
    fn the_period_proof_row_passes_on_periodic_and_fails_on_a_wrong_table_or_period() {
        let periodic = Periodic::new();
        let (table, real) = (periodic.table(), periodic.period());
        let t = MAX_COLUMNS_REMOVED;
        assert_eq!((real.period, real.pre_period), (12, 71));
        let ok = period_proof(table, Some(real));
        assert_eq!(
            (ok.checked, ok.failed),
            ((71 + 12 + t + 1) as u64, 0),
            "{}",
            ok.detail
        );
        assert_eq!(
            ok.detail,
            "period 12, pre-period 71; proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g \
             computed to 255); g computed independently, g(1..=8) by the oracle"
        );
        let fails = |table: &[u32], used: Option<Period>, says: &str| {
            let o = period_proof(table, used);
            assert_eq!((o.checked, o.failed), (0, 1), "{says}: {}", o.detail);
            assert!(o.detail.contains(says), "{says}: {}", o.detail);
        };
        fails(table, None, "no period proved");
        let mut wrong = table.to_vec();
        wrong[100] ^= 1;
        fails(&wrong, Some(real), &format!("has g(100) = {}", wrong[100]));
        let early = Period {
            pre_period: 70,
            proof_end: 2 * 70 + 12 + t,
            ..real
        };
        fails(table, Some(early), "does not prove");
    }

    /// The row's "smallest period" is the brute force's (`check_smallest_period`), apart
    /// from `Period::find`, the code that found the period: a finder that reports a
    /// multiple of the period, or a later pre-period (both still prove), fails the row
    /// with the period and start the brute force finds in `g` (as octal's row does).
    #[test]
    fn a_finder_reporting_a_multiple_or_a_later_pre_period_fails_by_the_brute_force() {
        let periodic = Periodic::new();
        let real = periodic.period();
        let t = MAX_COLUMNS_REMOVED;
        let planted = [
            Period {
                period: 24,
                proof_end: 2 * 71 + 24 + t,
                ..real
            },
            Period {
                pre_period: 72,
                proof_end: 2 * 72 + 12 + t,
                ..real
            },
        ];
        for wrong in planted {
            let g = independent_g(periodic.table().len());
            assert!(prove_period(&g, wrong.pre_period, wrong.period, t));
            let shown = check_smallest_period(&g, &wrong, t).unwrap_err();
            assert!(shown.ends_with("shows period 12 from n0 = 71"), "{shown}");
            let o = period_proof(periodic.table(), Some(wrong));
            assert_eq!((o.checked, o.failed), (0, 1), "{}", o.detail);
            assert_eq!(
                o.detail,
                format!("the period in use is not the smallest: {shown}")
            );
        }
    }

    /// The Grundy-values check counts every case and passes where `periodic` agrees
    /// with the oracle (every strip of N ≤ 4).
    #[test]
    fn the_grundy_values_check_counts_every_case() {
        let cases: Vec<Position> = (1..=4).flat_map(every_position).collect();
        let o = grundy_values(&Rules, &cases);
        assert_eq!(
            (o.checked, o.failed),
            (cases.len() as u64, 0),
            "{}",
            o.detail
        );
        assert_eq!(
            o.detail,
            "periodic's XOR of parts vs the oracle's mex recursion"
        );
    }

    /// `(fewest N, most N, most unpainted)` of 600 `random_case` strips at `size`, each
    /// within `min(size.of(20), 2N)` unpainted cells.
    fn ranges(size: Size) -> (u64, u64, u128) {
        let mut rng = rng::from_seed(12);
        let (mut fewest, mut most_n, mut most_u) = (u64::MAX, 0, 0);
        for _ in 0..600 {
            let p = PaintGame::random_case(&Rules, &mut rng, size);
            let limit = size.of(RANDOM_MAX_UNPAINTED as u64).min(2 * p.n());
            assert!(p.unpainted() <= u128::from(limit), "{p}");
            fewest = fewest.min(p.n());
            most_n = most_n.max(p.n());
            most_u = most_u.max(p.unpainted());
        }
        (fewest, most_n, most_u)
    }

    /// At full size N runs over 1..=12 and up to 20 cells are unpainted (the row
    /// "random N ≤ 12, ≤ 20 unpainted"); smaller sizes give smaller strips, N = 1 with at
    /// most one unpainted cell at the smallest.
    #[test]
    fn random_strips_keep_to_their_sizes() {
        assert_eq!(ranges(Size::FULL), (1, RANDOM_MAX_N, 20));
        assert_eq!(ranges(Size { scale: 0.5 }), (1, 6, 10));
        assert_eq!(ranges(Size { scale: 0.01 }), (1, 1, 1));
    }

    /// Fed by bytes (the fuzz targets' draws), the strips keep to the same ranges; bytes
    /// that run out give the smallest: N = 1, fully painted.
    #[test]
    fn random_strips_from_bytes_keep_to_their_ranges() {
        let mut none = arbitrary::Unstructured::new(&[]);
        let p = PaintGame::random_case(&Rules, &mut none, Size::FULL);
        assert_eq!((p.n(), p.unpainted()), (1, 0));
        let mut rng = rng::from_seed(13);
        for _ in 0..500 {
            let bytes: Vec<u8> = (0..48).map(|_| rng.random()).collect();
            let p = PaintGame::random_case(
                &Rules,
                &mut arbitrary::Unstructured::new(&bytes),
                Size::FULL,
            );
            assert!(p.n() <= RANDOM_MAX_N && p.unpainted() <= 20, "{p}");
        }
    }
}
