//! The octal adapter of `gen` and `stress` (`docs/rules.md`, "Octal", "Contest input").
//!
//! - generation: `h` uniform in `1..=⌈scale · max_heaps⌉`; each heap, with the top
//!   `A = ⌈scale · max_heap⌉`, uniform in `1..=A` or log-uniform below it (half each), so
//!   small heaps, where bugs show, come up at any `--max-heap`;
//! - input: the canonical layout (`T` alone, one case `h a_1 … a_h` a line);
//! - answers: `periodic` for the code, checked by the oracle on every case of at most
//!   [`ORACLE_MAX_TOKENS`] tokens and by `grundy` on cases inside its table;
//! - output lines: exactly `Alice` or `Bob`;
//! - shrinking: fewer heaps, then smaller heaps ([`crate::octal::shrink`]).

use super::code::Code;
use super::game::OctalGame;
use super::game::Rules;
use super::grundy::Grundy;
use super::grundy::{DEFAULT_TABLE, MAX_TABLE};
use super::naive::Naive;
use super::periodic::Periodic;
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

/// An octal game as a contest problem, with the size settings of `gen`/`stress`.
pub struct Octal {
    rules: Rules,
    max_heaps: u64,
    max_heap: u64,
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
            .finish_non_exhaustive()
    }
}

impl Octal {
    /// The adapter for `rules`: up to `max_heaps` (1..=1000) heaps of up to `max_heap`
    /// (1..=10^18) tokens at full size.
    ///
    /// # Errors
    /// A size outside its range, or heaps that `periodic` cannot answer (no period
    /// proved for the code and `--max-heap` beyond the table), naming the flag.
    pub fn new(rules: Rules, max_heaps: u64, max_heap: u64) -> Result<Self, RuleError> {
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
            "{} --max-heaps {} --max-heap {}",
            <super::OctalGame as gamecheck::game::Game>::flags(&self.rules),
            self.max_heaps,
            self.max_heap
        )
    }

    fn max_batch(&self) -> usize {
        MAX_BATCH
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> Position {
        let flags = SizeArgs {
            max_heaps: self.max_heaps,
            max_heap: self.max_heap,
        };
        <super::OctalGame as gamecheck::contest::Contest>::generate(&self.rules, &flags, rng, size)
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
        <super::OctalGame as gamecheck::game::Game>::write_answers(answers)
    }

    fn parse_answer(&self, line: &str, _index: usize) -> Option<Winner> {
        Winner::alice_or_bob(line)
    }

    fn answer_form(&self, _index: usize) -> String {
        "`Alice` or `Bob`".into()
    }

    fn shrink_candidates(&self, case: &Position) -> Vec<Position> {
        super::shrink::smaller_positions(case)
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
    /// log-uniform). For a code with no proved period it must stay below the table
    /// (--max-n), where our answers come from.
    #[arg(long, default_value_t = DEFAULT_MAX_HEAP, value_name = "A")]
    pub max_heap: u64,
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

    /// 1..=⌈scale·max_heaps⌉ heaps, each half the time uniform in 1..=A and half the
    /// time log-uniform (a uniform bit length, then uniform below it), A = ⌈scale·max_heap⌉.
    fn generate<E: Entropy + ?Sized>(
        _rules: &Rules,
        flags: &SizeArgs,
        e: &mut E,
        size: Size,
    ) -> Position {
        let h = e.int_in(1..=size.of(flags.max_heaps));
        let a = size.of(flags.max_heap);
        let heaps = (0..h)
            .map(|_| {
                if e.chance(0.5) {
                    e.int_in(1..=a)
                } else {
                    let bits = 64 - a.leading_zeros();
                    let b = e.int_in(0..=bits - 1);
                    e.int_in(1..=(1u64 << b).min(a))
                }
            })
            .collect();
        Position::new(heaps).expect("heaps in 1..=10^18")
    }

    fn contest(rules: Rules, size: &SizeArgs) -> Result<Octal, RuleError> {
        Octal::new(rules, size.max_heaps, size.max_heap)
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
    use gamecheck::rng;
    use gamecheck::solver::Refusal;

    fn kayles() -> Rules {
        Rules::new(".77".parse().unwrap())
    }

    #[test]
    fn sizes_are_checked_and_named() {
        assert!(Octal::new(kayles(), 0, 5)
            .unwrap_err()
            .0
            .contains("--max-heaps"));
        assert!(Octal::new(kayles(), 2, 0)
            .unwrap_err()
            .0
            .contains("--max-heap"));
        assert!(Octal::new(kayles(), 2, MAX_HEAP).is_ok());
        // within a table of 100 Kayles has no sparse space yet: no period, heaps below 100
        let short = Rules {
            table: 100,
            ..kayles()
        };
        assert!(Octal::new(short, 2, 100)
            .unwrap_err()
            .0
            .contains("--max-heap 100"));
        assert!(Octal::new(short, 2, 99).is_ok());
        // .16 has sparse space within the default table of 4,096: periodic looks on to
        // g(0..20,000), where its period
        // (149,459 from 105,351) does not prove yet
        let open = Rules::new(".16".parse().unwrap());
        let e = Octal::new(open, 2, 20_000).unwrap_err().0;
        assert!(
            e.contains("--max-heap 20000") && e.contains("g(0..20000)"),
            "{e}"
        );
        assert!(Octal::new(open, 2, 19_999).is_ok());
    }

    #[test]
    fn generation_follows_the_sizes() {
        let g = Octal::new(kayles(), 3, 10).unwrap();
        let mut rng = gamecheck::rng::from_seed(5);
        for _ in 0..200 {
            let p = g.generate(&mut rng, Size::FULL);
            assert!(p.heaps().len() <= 3 && p.largest() <= 10);
            let q = g.generate(&mut rng, Size { scale: 0.01 });
            assert_eq!(q.heaps(), [1]);
        }
        assert_eq!(g.flags(), "--code .77 --max-heaps 3 --max-heap 10");
    }

    #[test]
    fn answers_are_checked() {
        let mut g = Octal::new(kayles(), 3, 10).unwrap();
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
        Octal::new(Rules::new(code.parse().unwrap()), max_heaps, max_heap).unwrap()
    }

    /// What `stress` prints about the game: its rules, the flags that replay a round,
    /// the form of an answer line, and the adapter's `Debug`.
    #[test]
    fn names_its_rules_flags_and_answers() {
        let o = adapter(".77", 4, 30);
        assert_eq!(o.rules(), ".77");
        assert_eq!(o.flags(), "--code .77 --max-heaps 4 --max-heap 30");
        assert_eq!(o.answer_form(0), "`Alice` or `Bob`");
        let d = format!("{o:?}");
        assert!(d.starts_with("Octal { rules: "), "{d}");
        assert!(d.contains("max_heaps: 4, max_heap: 30"), "{d}");
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
}
