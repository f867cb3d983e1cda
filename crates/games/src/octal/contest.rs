//! The octal adapter of `gen` and `stress` (`docs/rules.md`, "Octal", "Contest input").
//!
//! - generation: `h` uniform in `1..=⌈scale · max_heaps⌉`; each heap, with the top
//!   `A = ⌈scale · max_heap⌉`, uniform in `1..=A` or log-uniform below it (half each), so
//!   small heaps, where bugs show, come up at any `--max-heap`. For a code whose period
//!   `p ≤` [`MAX_GEN_PERIOD`] is proved (pre-period `n0`), a share `scale · period_heaps`
//!   of the heaps comes from the period instead ([`PeriodHeaps`]): half in the window
//!   `[n0, n0 + p)`, half huge (log-uniform up to 10^18), each kind taking the residue
//!   classes mod `p` in shuffled turns across the whole input, so an input with `m`
//!   heaps of a kind holds `min(m, p)` classes of it;
//! - input: the canonical layout (`T` alone, one case `h a_1 … a_h` a line);
//! - answers: `periodic` for the code, checked by the oracle on every case of at most
//!   [`ORACLE_MAX_TOKENS`] tokens and by `grundy` on cases inside its table;
//! - output lines: exactly `Alice` or `Bob`;
//! - shrinking: fewer heaps, then smaller heaps, by the proved period first
//!   ([`crate::octal::shrink`]).

use super::code::Code;
use super::game::OctalGame;
use super::game::Rules;
use super::grundy::Grundy;
use super::grundy::{DEFAULT_TABLE, MAX_TABLE};
use super::naive::Naive;
use super::periodic::{Period, Periodic};
use super::{format, Position, MAX_HEAP};
use gamecheck::contest::Contest;
use gamecheck::error::RuleError;
use gamecheck::game::Game as _;
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::Entropy;
use gamecheck::rng::Rng;
use gamecheck::solver::Solver;
use gamecheck::stress::{ContestGame, Size};

/// The default `--max-heaps`.
pub const DEFAULT_MAX_HEAPS: u64 = 4;
/// The largest `--max-heaps`.
pub const MAX_GEN_HEAPS: u64 = 1000;
/// The default `--max-heap`: small enough for a Python solution with an O(n²) table.
pub const DEFAULT_MAX_HEAP: u64 = 30;
/// The most cases in one input when shrinking puts candidates side by side.
pub const MAX_BATCH: usize = 1000;
/// Cases of at most this many tokens are also answered by the oracle.
pub const ORACLE_MAX_TOKENS: u128 = 20;
/// The largest proved period whose residue classes generation walks through (a longer
/// one leaves the heaps within `--max-heap`).
pub const MAX_GEN_PERIOD: usize = 1000;
/// The default `--period-heaps`: the share of heaps drawn from a proved period.
pub const DEFAULT_PERIOD_HEAPS: f64 = 0.5;

/// An octal game as a contest problem, with the size settings of `gen`/`stress`.
pub struct Octal {
    rules: Rules,
    max_heaps: u64,
    max_heap: u64,
    period_heaps: f64,
    /// The period `periodic` proved (shrinking), if any.
    period: Option<Period>,
    fast: Box<dyn Solver<Position, Value> + Send>,
    oracle: Naive,
    grundy: Grundy,
}

impl std::fmt::Debug for Octal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Octal")
            .field("rules", &self.rules)
            .field("max_heaps", &self.max_heaps)
            .field("max_heap", &self.max_heap)
            .field("period_heaps", &self.period_heaps)
            .field("period", &self.period)
            .finish_non_exhaustive()
    }
}

impl Octal {
    /// The adapter for `rules`: up to `max_heaps` (1..=1000) heaps of up to `max_heap`
    /// (1..=10^18) tokens at full size, and for a code with a proved period of at most
    /// [`MAX_GEN_PERIOD`] a share `period_heaps` (0..=1) of them from the period (see the
    /// module docs).
    ///
    /// # Errors
    /// A size outside its range, or heaps that `periodic` cannot answer (no period
    /// proved for the code and `--max-heap` beyond the table), naming the flag.
    pub fn new(
        rules: Rules,
        max_heaps: u64,
        max_heap: u64,
        period_heaps: f64,
    ) -> Result<Self, RuleError> {
        if !(1..=MAX_GEN_HEAPS).contains(&max_heaps) {
            return Err(RuleError(format!(
                "--max-heaps {max_heaps} is outside 1..={MAX_GEN_HEAPS}"
            )));
        }
        if !(1..=MAX_HEAP).contains(&max_heap) {
            return Err(RuleError(format!(
                "--max-heap {max_heap} is outside 1..=10^18"
            )));
        }
        if !(0.0..=1.0).contains(&period_heaps) {
            return Err(RuleError(format!(
                "--period-heaps {period_heaps} is outside 0..=1 (the share of heaps drawn \
                 from a proved period)"
            )));
        }
        let periodic = Periodic::new(&rules.code, rules.table);
        let len = periodic.table().len();
        if periodic.period().is_none() && max_heap >= len as u64 {
            return Err(RuleError(format!(
                "--max-heap {max_heap}: no period of g was proved for {} with g(0..{len}) \
                 computed, so heaps must stay below {len} (or raise --max-n)",
                rules.code
            )));
        }
        Ok(Octal {
            rules,
            max_heaps,
            max_heap,
            period_heaps,
            period: periodic.period(),
            fast: Box::new(periodic),
            oracle: Naive::new(rules.code),
            grundy: Grundy::new(rules.code, rules.table),
        })
    }

    /// The same adapter with `solver` in place of `periodic` for the answers (still
    /// checked by the oracle and `grundy` where they answer).
    pub fn with_solver(mut self, solver: Box<dyn Solver<Position, Value> + Send>) -> Self {
        self.fast = solver;
        self
    }

    /// The proved period that generation and shrinking use, if `periodic` proved one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// What generation draws from the period: `None` without a proved period, with one
    /// longer than [`MAX_GEN_PERIOD`], or with `--period-heaps 0` (then the inputs are
    /// those the plain draw makes, draw for draw).
    fn period_draw(&self) -> Option<PeriodHeaps> {
        let p = self.period.filter(|p| p.period <= MAX_GEN_PERIOD)?;
        (self.period_heaps > 0.0).then(|| PeriodHeaps::new(p, self.period_heaps))
    }

    /// One case under the adapter's sizes ([`draw_case`]).
    fn case<E: Entropy + ?Sized>(
        &self,
        e: &mut E,
        size: Size,
        period: &mut Option<PeriodHeaps>,
    ) -> Position {
        draw_case(e, size, self.max_heaps, self.max_heap, period)
    }
}

/// One case: `h` uniform in `1..=⌈scale · max_heaps⌉`, then `h` [`plain_heap`]s below
/// `⌈scale · max_heap⌉`, each replaced by a heap from the period with the chance
/// `scale · share` when `period` is there (that chance drawn only then).
fn draw_case<E: Entropy + ?Sized>(
    e: &mut E,
    size: Size,
    max_heaps: u64,
    max_heap: u64,
    period: &mut Option<PeriodHeaps>,
) -> Position {
    let h = e.int_in(1..=size.of(max_heaps));
    let a = size.of(max_heap);
    let heaps = (0..h)
        .map(|_| match period {
            Some(p) if e.chance(size.scale * p.share) => p.heap(e),
            _ => plain_heap(e, a),
        })
        .collect();
    Position::new(heaps).expect("heaps in 1..=10^18")
}

/// One heap of the plain draw below `a`: uniform in `1..=a` or log-uniform below it (a
/// uniform bit length, then uniform below it), half each.
fn plain_heap<E: Entropy + ?Sized>(e: &mut E, a: u64) -> u64 {
    if e.chance(0.5) {
        e.int_in(1..=a)
    } else {
        let bits = 64 - a.leading_zeros();
        let b = e.int_in(0..=bits - 1);
        e.int_in(1..=(1u64 << b).min(a))
    }
}

/// The residue classes `0..p` in shuffled turns: each turn a fresh order (Fisher–Yates,
/// drawn when the turn starts), so the first `m` draws hold `min(m, p)` classes.
#[derive(Debug, Clone)]
pub struct Turns {
    order: Vec<u64>,
    next: usize,
}

impl Turns {
    /// Turns through `0..p` (`p ≥ 1`); nothing is drawn before the first class.
    pub fn new(p: u64) -> Self {
        let order: Vec<u64> = (0..p).collect();
        Turns {
            next: order.len(),
            order,
        }
    }

    /// The next class.
    pub fn draw<E: Entropy + ?Sized>(&mut self, e: &mut E) -> u64 {
        if self.next == self.order.len() {
            for i in (1..self.order.len()).rev() {
                let j = e.int_in(0..=i);
                self.order.swap(i, j);
            }
            self.next = 0;
        }
        self.next += 1;
        self.order[self.next - 1]
    }
}

/// The heaps generation draws from a proved period `p` with pre-period `n0`: half in
/// the window `[n0, n0 + p)` (a heap of 0 tokens, `n0 = 0` and class 0, is `p`), half
/// huge: a target log-uniform in `[n0 + p, 10^18]` (a uniform bit length, then uniform
/// within it), moved down to the class drawn. The window heaps and the huge ones each
/// take the classes in their own [`Turns`], kept across the cases of one input.
#[derive(Debug, Clone)]
pub struct PeriodHeaps {
    n0: u64,
    p: u64,
    share: f64,
    window: Turns,
    huge: Turns,
}

impl PeriodHeaps {
    /// The heaps of `period`, drawn for a share `share` of the heaps at full size.
    pub fn new(period: Period, share: f64) -> Self {
        let p = period.period as u64;
        PeriodHeaps {
            n0: period.pre_period as u64,
            p,
            share,
            window: Turns::new(p),
            huge: Turns::new(p),
        }
    }

    /// One heap: in the window or huge, half each.
    pub fn heap<E: Entropy + ?Sized>(&mut self, e: &mut E) -> u64 {
        if e.chance(0.5) {
            self.window_heap(e)
        } else {
            self.huge_heap(e)
        }
    }

    /// A heap in the window `[n0, n0 + p)`, of the next class of its turn (0 is `p`).
    pub fn window_heap<E: Entropy + ?Sized>(&mut self, e: &mut E) -> u64 {
        let h = self.n0 + self.window.draw(e);
        if h == 0 {
            self.p
        } else {
            h
        }
    }

    /// A heap in `[n0 + p, 10^18]` of the next class of its turn: a target log-uniform
    /// there, moved down to the class (up again by `p` if that leaves the range).
    pub fn huge_heap<E: Entropy + ?Sized>(&mut self, e: &mut E) -> u64 {
        let (n0, p) = (self.n0, self.p);
        let class = n0 + self.huge.draw(e);
        let lo = n0 + p;
        let bits = |x: u64| 64 - x.leading_zeros();
        let b = e.int_in(bits(lo)..=bits(MAX_HEAP));
        let target = e.int_in(lo.max(1 << (b - 1))..=MAX_HEAP.min((1 << b) - 1));
        // the largest heap of the class at most `target`: at least `class` ≥ n0
        let h = target - (target - class) % p;
        if h < lo {
            h + p
        } else {
            h
        }
    }
}

impl ContestGame for Octal {
    type Case = Position;
    type Answer = Winner;

    fn name(&self) -> &'static str {
        "octal"
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn flags(&self) -> String {
        format!(
            "{} --max-heaps {} --max-heap {} --period-heaps {}",
            <super::OctalGame as gamecheck::game::Game>::flags(&self.rules),
            self.max_heaps,
            self.max_heap,
            self.period_heaps
        )
    }

    fn max_batch(&self) -> usize {
        MAX_BATCH
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> Position {
        self.case(rng, size, &mut self.period_draw())
    }

    /// The cases one after the other, the heaps from the period taking the residue
    /// classes in turns across the whole input.
    fn generate_input(&self, rng: &mut Rng, cases: usize, size: Size) -> Vec<Position> {
        let mut period = self.period_draw();
        (0..cases)
            .map(|_| self.case(rng, size, &mut period))
            .collect()
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
                let slow = if p.tokens() <= ORACLE_MAX_TOKENS {
                    Some(("the oracle", self.oracle.solve(p)))
                } else if p.largest() < self.rules.table as u64 {
                    Some(("grundy", self.grundy.solve(p)))
                } else {
                    None
                };
                if let Some((name, Ok(slow))) = slow {
                    if slow != fast {
                        return Err(format!(
                            "the {} solver and {name} disagree on case {} ({p}: {fast:?} vs \
                             {slow:?}); please report:\n{}",
                            self.fast.name(),
                            i + 1,
                            format::write(std::slice::from_ref(p))
                        ));
                    }
                }
                Ok(fast.for_alice_to_move())
            })
            .collect()
    }

    fn write_answers(&self, answers: &[Winner]) -> String {
        <super::OctalGame as gamecheck::game::Game>::write_answers(&self.rules, answers)
    }

    fn parse_answer(&self, line: &str, index: usize) -> Option<Winner> {
        <super::OctalGame as gamecheck::game::Game>::parse_answer(&self.rules, line, index)
    }

    fn answer_form(&self, index: usize) -> String {
        <super::OctalGame as gamecheck::game::Game>::answer_form(&self.rules, index)
    }

    fn shrink_candidates(&self, case: &Position) -> Vec<Position> {
        super::shrink::smaller_positions(case, self.period.as_ref())
    }

    /// The largest heap: from 1 up to it.
    fn shrink_sizes(&self, case: &Position) -> Option<std::ops::RangeInclusive<u64>> {
        Some(1..=case.largest())
    }

    /// Every heap capped at `size` tokens.
    fn with_size(&self, case: &Position, size: u64) -> Option<Position> {
        super::shrink::capped(case, size)
    }

    fn describe_case(&self, case: &Position) -> String {
        <super::OctalGame as gamecheck::game::Game>::describe_case(&self.rules, case)
    }

    fn read_input(&self, text: &str) -> Result<Vec<Position>, gamecheck::error::ParseError> {
        format::read(text)
    }
}

/// The octal rule flags.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RuleArgs {
    /// The octal code, required: `.d1d2…` or `0.d1d2…`, at most 16 digits after
    /// dropping trailing zeros (`.77` Kayles, `.07` Dawson's Kayles, `.137` Dawson's
    /// chess; `gamecheck rules octal`).
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// How many values of g the `grundy` and `periodic` solvers compute, g(0..N), at most
    /// 1,000,000 (default 4,096; `period`: 20,000). O(N²) for a code with a digit 4-7.
    #[arg(long, value_name = "N")]
    pub max_n: Option<u64>,
}

/// Octal's size flags for `gen` and `stress`.
#[derive(Debug, Clone, clap::Args)]
pub struct SizeArgs {
    /// Most heaps in a case at full size, 1..=1000 (h is drawn from 1..=⌈scale·N⌉).
    #[arg(long, default_value_t = DEFAULT_MAX_HEAPS, value_name = "N")]
    pub max_heaps: u64,
    /// Largest heap at full size, 1..=10^18 (half the heaps uniform below it, half
    /// log-uniform), apart from the heaps drawn from a proved period (--period-heaps).
    /// For a code with no proved period it must stay below the table (--max-n), where
    /// our answers come from.
    #[arg(long, default_value_t = DEFAULT_MAX_HEAP, value_name = "A")]
    pub max_heap: u64,
    /// Share 0..=1 of the heaps at full size (scaled down with the size) drawn from
    /// the proved period p of g, for a code whose p is at most 1,000 (pre-period n0):
    /// half of them in [n0, n0 + p), half huge (up to 10^18), each half taking every
    /// residue class mod p in turn. The time limit (--timeout, 10 s a run by default)
    /// covers these heaps too: a program that computes g by a table up to its largest
    /// heap (O(n^2) with splits) times out or runs out of memory on the huge ones, which
    /// for a contest with heaps up to 10^18 is its bug; 0 keeps every heap within
    /// --max-heap.
    #[arg(long, default_value_t = DEFAULT_PERIOD_HEAPS, value_name = "F")]
    pub period_heaps: f64,
}

impl Contest for OctalGame {
    type RuleArgs = RuleArgs;

    /// # Errors
    /// `--code` missing or not a code; `--max-n` outside 1..=1,000,000.
    fn rules(args: &RuleArgs) -> Result<Rules, RuleError> {
        let text = args.code.as_deref().ok_or_else(|| {
            RuleError("--code is required for octal games (e.g. `--code .77` for Kayles)".into())
        })?;
        let code: Code = text
            .parse()
            .map_err(|e: super::code::CodeError| RuleError(e.to_string()))?;
        let table = match args.max_n {
            None => DEFAULT_TABLE,
            Some(n) if (1..=MAX_TABLE as u64).contains(&n) => n as usize,
            Some(n) => {
                return Err(RuleError(format!(
                    "--max-n {n} is outside 1..={MAX_TABLE} (the values of g computed)"
                )))
            }
        };
        Ok(Rules { code, table })
    }

    const MAX_BATCH: usize = MAX_BATCH;
    type SolveArgs = gamecheck::contest::NoSolveArgs;
    type SizeArgs = SizeArgs;
    type Adapter = Octal;

    /// The plain draw: 1..=⌈scale·max_heaps⌉ heaps, each half the time uniform in 1..=A
    /// and half the time log-uniform (a uniform bit length, then uniform below it),
    /// A = ⌈scale·max_heap⌉. The adapter of `gen` and `stress` ([`Octal`]) draws the
    /// same way and also takes heaps from a proved period (`--period-heaps`), which
    /// this function, given no period, does not.
    fn generate<E: Entropy + ?Sized>(
        _rules: &Rules,
        flags: &SizeArgs,
        e: &mut E,
        size: Size,
    ) -> Position {
        draw_case(e, size, flags.max_heaps, flags.max_heap, &mut None)
    }

    fn contest(rules: Rules, size: &SizeArgs) -> Result<Octal, RuleError> {
        Octal::new(rules, size.max_heaps, size.max_heap, size.period_heaps)
    }
}

impl gamecheck::command::CliGame for OctalGame {
    fn rules_text() -> &'static str {
        crate::rules_doc::section(Self::NAME)
    }

    fn abilities(a: &mut dyn gamecheck::command::Abilities<Self>) {
        a.perft();
        a.grundy();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::grundy::DEFAULT_TABLE;
    use crate::octal::OctalGame;
    use gamecheck::rng;
    use gamecheck::solver::Refusal;

    fn kayles() -> Rules {
        Rules::new(".77".parse().unwrap())
    }

    #[test]
    fn sizes_are_checked_and_named() {
        let new = |rules, max_heaps, max_heap| Octal::new(rules, max_heaps, max_heap, 0.5);
        assert!(new(kayles(), 0, 5).unwrap_err().0.contains("--max-heaps"));
        assert!(new(kayles(), 2, 0).unwrap_err().0.contains("--max-heap"));
        assert!(new(kayles(), 2, MAX_HEAP).is_ok());
        for bad in [-0.1, 1.01, f64::NAN] {
            let e = Octal::new(kayles(), 2, 5, bad).unwrap_err().0;
            assert!(
                e.starts_with(&format!("--period-heaps {bad} is outside")),
                "{e}"
            );
        }
        assert!(Octal::new(kayles(), 2, 5, 0.0).is_ok());
        assert!(Octal::new(kayles(), 2, 5, 1.0).is_ok());
        // within a table of 100 Kayles has no sparse space yet: no period, heaps below 100
        let short = Rules {
            table: 100,
            ..kayles()
        };
        assert!(new(short, 2, 100).unwrap_err().0.contains("--max-heap 100"));
        assert!(new(short, 2, 99).is_ok());
        // .16 has sparse space within the default table of 4,096: periodic looks on to
        // g(0..20,000), where its period
        // (149,459 from 105,351) does not prove yet
        let open = Rules::new(".16".parse().unwrap());
        let e = new(open, 2, 20_000).unwrap_err().0;
        assert!(
            e.contains("--max-heap 20000") && e.contains("g(0..20000)"),
            "{e}"
        );
        assert!(new(open, 2, 19_999).is_ok());
    }

    /// With `--period-heaps 0`, every heap stays within `--max-heap`, and the smallest
    /// size is a single one-token heap.
    #[test]
    fn generation_follows_the_sizes() {
        let g = Octal::new(kayles(), 3, 10, 0.0).unwrap();
        let mut rng = gamecheck::rng::from_seed(5);
        for _ in 0..200 {
            let p = g.generate(&mut rng, Size::FULL);
            assert!(p.heaps().len() <= 3 && p.largest() <= 10);
            let q = g.generate(&mut rng, Size { scale: 0.01 });
            assert_eq!(q.heaps(), [1]);
        }
        assert_eq!(
            g.flags(),
            "--code .77 --max-heaps 3 --max-heap 10 --period-heaps 0"
        );
    }

    #[test]
    fn answers_are_checked() {
        let mut g = Octal::new(kayles(), 3, 10, 0.5).unwrap();
        let ps = [
            Position::new(vec![4, 1]).unwrap(),
            Position::new(vec![3]).unwrap(),
            Position::new(vec![MAX_HEAP]).unwrap(),
        ];
        let a = g.answers(&ps).unwrap();
        assert_eq!(&a[..2], &[Winner::Bob, Winner::Alice]);
        // a wrong solver is caught: answers_are_checked_by_the_oracle_then_grundy
    }

    fn adapter(code: &str, max_heaps: u64, max_heap: u64) -> Octal {
        Octal::new(Rules::new(code.parse().unwrap()), max_heaps, max_heap, 0.5).unwrap()
    }

    /// What `stress` prints about the game: its rules, the flags that replay a round,
    /// the form of an answer line, and the adapter's `Debug`.
    #[test]
    fn names_its_rules_flags_and_answers() {
        let o = adapter(".77", 4, 30);
        assert_eq!(o.rules(), ".77");
        assert_eq!(
            o.flags(),
            "--code .77 --max-heaps 4 --max-heap 30 --period-heaps 0.5"
        );
        assert_eq!(o.answer_form(0), "`Alice` or `Bob`");
        let d = format!("{o:?}");
        assert!(d.starts_with("Octal { rules: "), "{d}");
        assert!(
            d.contains("max_heaps: 4, max_heap: 30, period_heaps: 0.5, period: Some("),
            "{d}"
        );
    }

    /// Half the heaps are log-uniform below the top, so at the largest `--max-heap`
    /// every order of magnitude comes up, the small heaps where bugs show included.
    #[test]
    fn generated_heaps_cover_every_magnitude() {
        let o = adapter(".77", 1000, MAX_HEAP);
        let mut rng = rng::from_seed(3);
        let mut decades = [0u32; 19];
        for _ in 0..50 {
            for &h in o.generate(&mut rng, Size { scale: 1.0 }).heaps() {
                decades[h.ilog10() as usize] += 1;
            }
        }
        assert!(decades[..18].iter().all(|&c| c > 0), "{decades:?}");
    }

    /// The report's words for a case, and shrinking's candidates: one step smaller
    /// (a heap fewer, or fewer tokens), none below a single one-token heap.
    #[test]
    fn describes_and_shrinks_cases() {
        let o = adapter(".77", 4, 30);
        let p = Position::new(vec![3, 2]).unwrap();
        assert_eq!(o.describe_case(&p), "2 heaps, 5 tokens");
        assert_eq!(
            o.describe_case(&Position::new(vec![1]).unwrap()),
            "1 heap, 1 token"
        );
        let smaller = o.shrink_candidates(&p);
        assert!(!smaller.is_empty());
        for c in &smaller {
            assert!(c.heaps().len() < 2 || c.tokens() < 5, "{c}");
        }
        assert!(o
            .shrink_candidates(&Position::new(vec![1]).unwrap())
            .is_empty());
    }

    /// A solver that answers `Win` everywhere.
    struct AlwaysWin;

    impl Solver<Position, Value> for AlwaysWin {
        fn name(&self) -> &'static str {
            "always-win"
        }
        fn solve(&mut self, _position: &Position) -> Result<Value, Refusal> {
            Ok(Value::Win)
        }
    }

    /// The answers `stress` compares with are checked as they are made: by the oracle
    /// on cases of at most [`ORACLE_MAX_TOKENS`] tokens, by `grundy` on larger cases
    /// inside its table, and the error says which one disagreed; beyond the table
    /// nothing checks them. Kayles: two equal heaps are a P-position (g ⊕ g = 0).
    #[test]
    fn answers_are_checked_by_the_oracle_then_grundy() {
        let mut o = adapter(".77", 4, 30).with_solver(Box::new(AlwaysWin));
        let case = |a: u64| vec![Position::new(vec![a, a]).unwrap()];
        let e = o.answers(&case(10)).unwrap_err();
        assert!(
            e.contains("the always-win solver and the oracle disagree on case 1"),
            "{e}"
        );
        let e = o.answers(&case(11)).unwrap_err();
        assert!(
            e.contains("the always-win solver and grundy disagree on case 1"),
            "{e}"
        );
        let e = o.answers(&case(DEFAULT_TABLE as u64 - 1)).unwrap_err();
        assert!(e.contains("and grundy disagree"), "{e}");
        let beyond = o.answers(&case(DEFAULT_TABLE as u64)).unwrap();
        assert_eq!(
            beyond,
            [Winner::Alice],
            "no solver checks a heap past the table"
        );
        let mut right = adapter(".77", 4, 30);
        let answers = right.answers(&[case(10), case(11)].concat()).unwrap();
        assert_eq!(answers, [Winner::Bob, Winner::Bob]);
    }

    /// The classes of `heaps` that come from the period (outside `1..=max_heap`) mod
    /// `p` from `n0`, split into the window `[n0, n0 + p)` and the huge heaps beyond.
    fn classes(heaps: &[u64], max_heap: u64, period: Period) -> (Vec<u64>, Vec<u64>) {
        let (n0, p) = (period.pre_period as u64, period.period as u64);
        let from_period = heaps.iter().filter(|&&h| h > max_heap);
        let (window, huge): (Vec<u64>, Vec<u64>) = from_period.partition(|&&h| h < n0 + p);
        let class = |h: &u64| (h - n0) % p;
        (
            window.iter().map(class).collect(),
            huge.iter().map(class).collect(),
        )
    }

    /// Kayles at the default sizes: generation uses the period `periodic` proves (12
    /// from 71, the published values); one full-size input of 50 cases holds heaps of
    /// every residue class in the window [71, 83) and among the huge heaps (each kind's
    /// first 12 a permutation of the classes), huge heaps past 10^15, and heaps within
    /// `--max-heap` too. A Kayles solution wrong at the heaps ≡ 10 (mod 12) from 82 on
    /// meets 82 itself in the window.
    #[test]
    fn period_heaps_take_every_residue_class_in_turn() {
        let o = adapter(".77", DEFAULT_MAX_HEAPS, DEFAULT_MAX_HEAP);
        let period = o.period().expect("Kayles' period proves");
        assert_eq!((period.period, period.pre_period), (12, 71));
        for seed in 0..20 {
            let mut rng = rng::from_seed(seed);
            let cases = o.generate_input(&mut rng, 50, Size::FULL);
            let heaps: Vec<u64> = cases.iter().flat_map(|c| c.heaps().to_vec()).collect();
            let (window, huge) = classes(&heaps, DEFAULT_MAX_HEAP, period);
            for kind in [&window, &huge] {
                assert!(kind.len() >= 12, "seed {seed}: {heaps:?}");
                for turn in kind.chunks_exact(12) {
                    let mut t = turn.to_vec();
                    t.sort_unstable();
                    assert_eq!(t, (0..12).collect::<Vec<u64>>(), "seed {seed}: {kind:?}");
                }
            }
            assert!(heaps.contains(&82), "seed {seed}");
            assert!(
                heaps.iter().any(|&h| h > 1_000_000_000_000_000),
                "seed {seed}"
            );
            assert!(heaps.iter().any(|&h| h <= DEFAULT_MAX_HEAP), "seed {seed}");
            assert!(heaps.iter().all(|&h| (1..=MAX_HEAP).contains(&h)));
        }
    }

    /// No heap from the period with `--period-heaps 0`, for a code with no proved
    /// period, or with a proved period longer than [`MAX_GEN_PERIOD`]: then an input is
    /// the plain draw's (`Contest::generate`), draw for draw. At [`MAX_GEN_PERIOD`]
    /// itself the period is used.
    #[test]
    fn without_a_usable_period_inputs_are_the_plain_draw() {
        let plain = |o: &Octal, seed| {
            let flags = SizeArgs {
                max_heaps: o.max_heaps,
                max_heap: o.max_heap,
                period_heaps: o.period_heaps,
            };
            let mut rng = rng::from_seed(seed);
            (0..30)
                .map(|_| <OctalGame as Contest>::generate(&o.rules, &flags, &mut rng, Size::FULL))
                .collect::<Vec<_>>()
        };
        let input = |o: &Octal, seed| o.generate_input(&mut rng::from_seed(seed), 30, Size::FULL);
        let off = Octal::new(kayles(), 4, 30, 0.0).unwrap();
        assert!(off.period().is_some());
        // .16 proves no period within the 20,000 values periodic computes
        let none = adapter(".16", 4, 30);
        assert!(none.period().is_none());
        let mut long = adapter(".77", 4, 30);
        let mut at_most = adapter(".77", 4, 30);
        let planted = |p: usize| Period {
            pre_period: 5,
            period: p,
            proof_end: 0,
            computed: 0,
        };
        long.period = Some(planted(MAX_GEN_PERIOD + 1));
        at_most.period = Some(planted(MAX_GEN_PERIOD));
        for seed in 0..5 {
            for o in [&off, &none, &long] {
                assert_eq!(input(o, seed), plain(o, seed), "{o:?}");
                let one = o.generate(&mut rng::from_seed(seed), Size::FULL);
                assert_eq!(one, plain(o, seed)[0]);
            }
            let used = input(&at_most, seed);
            assert_ne!(used, plain(&at_most, seed));
            assert!(used.iter().any(|c| c.largest() > 30));
        }
    }

    /// A heap from the period is in `1..=10^18`: in the window `[n0, n0 + p)` (a heap
    /// of 0, for `n0 = 0`, is `p`), or huge, at least `n0 + p`, spread over the orders
    /// of magnitude up to 10^18; the classes of each kind come in turns (the first `p`
    /// of a kind are all the classes, and so are the next `p`); half of each kind.
    #[test]
    fn period_heaps_keep_their_ranges() {
        for (n0, p) in [
            (0, 1),
            (0, 2),
            (0, 7),
            (71, 12),
            (7315, 142),
            (3, MAX_GEN_PERIOD),
        ] {
            let period = Period {
                pre_period: n0,
                period: p,
                proof_end: 0,
                computed: 0,
            };
            let (n0, p) = (n0 as u64, p as u64);
            let mut heaps = PeriodHeaps::new(period, 1.0);
            let mut rng = rng::from_seed(p);
            let draws = 2 * p as usize;
            let window: Vec<u64> = (0..draws).map(|_| heaps.window_heap(&mut rng)).collect();
            let huge: Vec<u64> = (0..draws.max(400))
                .map(|_| heaps.huge_heap(&mut rng))
                .collect();
            let want = if n0 == 0 { 1..=p } else { n0..=n0 + p - 1 };
            assert!(window.iter().all(|h| want.contains(h)), "{n0} {p}");
            assert!(
                huge.iter().all(|h| (n0 + p..=MAX_HEAP).contains(h)),
                "{n0} {p}"
            );
            let decades: std::collections::BTreeSet<u32> =
                huge.iter().map(|h| h.ilog10()).collect();
            assert!(decades.contains(&17), "{n0} {p}: {decades:?}");
            assert!(decades.len() >= 12, "{n0} {p}: {decades:?}");
            if p == 1 {
                assert!(
                    huge.contains(&(n0 + p)),
                    "the smallest huge heap is drawn too"
                );
            }
            let class = |h: &u64| (h - n0) % p;
            for kind in [&window, &huge] {
                for turn in kind[..draws].chunks_exact(p as usize) {
                    let classes: std::collections::BTreeSet<u64> = turn.iter().map(class).collect();
                    assert_eq!(classes.len(), p as usize, "{n0} {p}");
                }
            }
            let mut rng = rng::from_seed(1);
            let mut both = PeriodHeaps::new(period, 1.0);
            let in_window = (0..1000)
                .filter(|_| both.heap(&mut rng) < (n0 + p).max(p + 1))
                .count();
            if p > 1 {
                assert!((400..600).contains(&in_window), "{n0} {p}: {in_window}");
            }
        }
    }

    /// Each choice at one end of its range, as scripted: the start (`false`) or the end
    /// (`true`); a chance is never taken.
    struct Ends(Vec<bool>);

    impl Entropy for Ends {
        fn int_in<T: gamecheck::rng::Int>(&mut self, range: std::ops::RangeInclusive<T>) -> T {
            if self.0.remove(0) {
                *range.end()
            } else {
                *range.start()
            }
        }
        fn unit(&mut self) -> f64 {
            0.0
        }
        fn chance(&mut self, _p: f64) -> bool {
            false
        }
        fn bits(&mut self) -> u64 {
            0
        }
    }

    /// A huge heap's target is log-uniform: a bit length `b` from that of `n0 + p` to
    /// that of 10^18, then a number of exactly `b` bits (at least `n0 + p`, at most
    /// 10^18). With `p = 1` the heap is the target, so the ends of the ranges show: the
    /// largest heap of the shortest length is `2^b − 1` (never `2^b`, one bit longer),
    /// the smallest is `n0 + 1`; the longest length runs from `2^59` to 10^18.
    #[test]
    fn a_huge_heap_keeps_the_bit_length_drawn() {
        for n0 in [0u64, 5, 99, 1000] {
            let period = Period {
                pre_period: n0 as usize,
                period: 1,
                proof_end: 0,
                computed: 0,
            };
            let lo = n0 + 1;
            let b = 64 - lo.leading_zeros();
            let mut heaps = PeriodHeaps::new(period, 1.0);
            let mut heap = |ends: [bool; 2]| heaps.huge_heap(&mut Ends(ends.to_vec()));
            assert_eq!(heap([false, true]), (1u64 << b) - 1, "{n0}");
            assert_eq!(heap([false, false]), lo, "{n0}");
            assert_eq!(heap([true, false]), 1 << 59, "{n0}");
            assert_eq!(heap([true, true]), MAX_HEAP, "{n0}");
        }
    }

    /// The share of heaps from the period grows with the size: about half at full size
    /// with the default 0.5, a tenth of that at a tenth of the size, all with 1.
    #[test]
    fn the_share_of_period_heaps_follows_the_size() {
        let share = |period_heaps: f64, scale: f64| {
            let o = Octal::new(kayles(), 1000, 30, period_heaps).unwrap();
            let cases = o.generate_input(&mut rng::from_seed(9), 20, Size { scale });
            let heaps: Vec<u64> = cases.iter().flat_map(|c| c.heaps().to_vec()).collect();
            heaps.iter().filter(|&&h| h > 30).count() as f64 / heaps.len() as f64
        };
        assert!((share(0.5, 1.0) - 0.5).abs() < 0.05);
        assert!((share(0.5, 0.1) - 0.05).abs() < 0.03);
        assert_eq!(share(1.0, 1.0), 1.0);
        assert_eq!(share(0.0, 1.0), 0.0);
    }

    /// Shrinking a case by the adapter takes the period `periodic` proved: a huge
    /// Kayles heap ≡ 10 (mod 12) goes to 82 in one step.
    #[test]
    fn the_adapter_shrinks_by_its_period() {
        let o = adapter(".77", 4, 30);
        let n = 82 + 12 * 10_000_000_000_000_000;
        let c = o.shrink_candidates(&Position::new(vec![2, n]).unwrap());
        assert!(c.contains(&Position::new(vec![2, 82]).unwrap()), "{c:?}");
        let plain =
            super::super::shrink::smaller_positions(&Position::new(vec![2, n]).unwrap(), None);
        assert!(!plain.contains(&Position::new(vec![2, 82]).unwrap()));
    }

    /// A default `stress` run (100 rounds growing to 50 cases, `gamecheck::stress::rounds`)
    /// holds every residue class of the period, in the window and among the huge heaps,
    /// for periods up to about a hundred: Dawson's Kayles `.07` (34 from 53) and `.116`
    /// (96 from 139), seeds 1 to 3. (One input holds `min(m, p)` classes of each kind:
    /// longer periods are covered by the rounds together, by chance.)
    #[test]
    fn a_default_stress_run_holds_every_class_of_a_short_period() {
        for code in [".07", ".116"] {
            let o = adapter(code, DEFAULT_MAX_HEAPS, DEFAULT_MAX_HEAP);
            let period = o.period().expect("proved");
            let p = period.period;
            assert!(p >= 34, "{code}: {p}");
            for seed in 1..=3 {
                let opts = gamecheck::stress::StressOptions {
                    rounds: 100,
                    cases: 50,
                    seed,
                    shrink_time: std::time::Duration::ZERO,
                    jobs: 1,
                    reruns: 0,
                };
                let mut heaps = Vec::new();
                for r in gamecheck::stress::rounds(&opts) {
                    for c in gamecheck::stress::generate(&o, r.seed, r.cases, r.size) {
                        heaps.extend_from_slice(c.heaps());
                    }
                }
                let (mut window, mut huge) = classes(&heaps, DEFAULT_MAX_HEAP, period);
                for kind in [&mut window, &mut huge] {
                    kind.sort_unstable();
                    kind.dedup();
                    assert_eq!(kind.len(), p, "{code} seed {seed}");
                }
            }
        }
    }

    /// `gen octal`'s bytes per seed, pinned for one Kayles input at the default sizes
    /// (`gamecheck gen octal --code .77 --seed 1 --cases 8`) and with `--period-heaps
    /// 0` (the plain draw): changing them is a decision (say so in the README and update
    /// its transcripts), never a side effect.
    #[test]
    fn the_bytes_of_one_seed_are_pinned() {
        let text = |period_heaps| {
            let o =
                Octal::new(kayles(), DEFAULT_MAX_HEAPS, DEFAULT_MAX_HEAP, period_heaps).unwrap();
            let cases = gamecheck::stress::generate(&o, 1, 8, Size::FULL);
            o.write_input(&cases).replace('\n', "|")
        };
        assert_eq!(
            text(DEFAULT_PERIOD_HEAPS),
            "8|2 15371903070212100 4450063078706090|2 74 73|1 1373386940682887|1 75|2 77 13|\
             4 890218461774401 15 19 76|3 28 5 25|4 292785161320 71 72 512|"
        );
        assert_eq!(
            text(0.0),
            "8|2 18 9|3 5 1 1|2 9 7|2 7 29|4 27 1 30 1|1 2|4 19 1 1 1|1 20|"
        );
    }
}
