//! Octal games through the [`Game`] trait: the `--code` rule flag, solver variants, both
//! move generators, shrinking, the Grundy part, and what `verify` checks.

use super::code::{bits, Code};
use super::grundy::{extend_table, options, Grundy, DEFAULT_TABLE};
use super::naive::{Move, Naive};
use super::periodic::Periodic;
pub use super::rules::Rules;
use super::sparse::Sparse;
use super::{format, shrink, Position};
use gamecheck::error::ParseError;
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::grundy::{self, GrundyPart, Period};
use gamecheck::harness::VerifyOptions;
use gamecheck::harness::{Group, NamedCheck, Outcome, Step, Suite, Verify};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{self, Entropy, Size};
use rand::Rng as _;

/// Octal games, as a [`Game`].
#[derive(Debug, Clone, Copy)]
pub struct OctalGame;

gamecheck::variants! {
    /// The octal solvers.
    pub enum Variant {
        /// The oracle: heaps as a row of pins in text, moves walked on the text (30 tokens).
        Naive = "naive",
        /// g(n) by the mex recurrence, XOR over heaps (heaps below --max-n).
        Grundy = "grundy",
        /// `grundy` with the period of g found and proved (any heap up to 10^18).
        Periodic = "periodic",
        /// g(n) by the sparse-space method, XOR over heaps (heaps below --max-n).
        Sparse = "sparse",
    }
}

/// The solver `variant` for `rules`.
pub fn solver(rules: &Rules, variant: Variant) -> BoxSolver<OctalGame> {
    match variant {
        Variant::Naive => Box::new(Naive::new(rules.code)),
        Variant::Grundy => Box::new(Grundy::new(rules.code, rules.table)),
        Variant::Periodic => Box::new(Periodic::new(&rules.code, rules.table)),
        Variant::Sparse => Box::new(Sparse::new(rules.code, rules.table)),
    }
}

/// Every multiset of heaps of at most this many tokens in all is checked for each code.
pub const EXHAUSTIVE_TOKENS: u64 = 12;
/// Three-digit codes sampled per `verify` run (from its seed).
pub const THREE_DIGIT_SAMPLE: usize = 8;
/// Random cases per code of `periodic` and `sparse` against `grundy` (heaps below the
/// table size).
pub const DEFAULT_CASES_PER_CODE: u64 = 200;
/// Heaps up to this size are also solved by the oracle's mex in the period proof.
const PROOF_ORACLE_MAX_N: usize = 16;

/// Every code with one or two digits after the point: `.1` … `.7`, then `.d1d2` with
/// `d2 ≠ 0` (63 codes).
pub fn short_codes() -> Vec<Code> {
    let mut v: Vec<Code> = (1..=7)
        .map(|d| Code::from_digits(&[d]).expect("non-zero"))
        .collect();
    for d1 in 0..=7 {
        for d2 in 1..=7 {
            v.push(Code::from_digits(&[d1, d2]).expect("d2 ≠ 0"));
        }
    }
    v
}

/// `count` distinct three-digit codes (`d3 ≠ 0`) drawn from `rng`.
pub fn sample_three_digit_codes(rng: &mut rng::Rng, count: usize) -> Vec<Code> {
    let mut v: Vec<Code> = Vec::new();
    while v.len() < count {
        let c = Code::from_digits(&[
            rng.random_range(0..=7),
            rng.random_range(0..=7),
            rng.random_range(1..=7),
        ])
        .expect("d3 ≠ 0");
        if !v.contains(&c) {
            v.push(c);
        }
    }
    v
}

/// Every multiset of heaps with `1..=total` tokens in all, each as a position with its
/// heaps in non-increasing order.
pub fn every_multiset(total: u64) -> Vec<Position> {
    fn go(left: u64, max: u64, cur: &mut Vec<u64>, out: &mut Vec<Position>) {
        if !cur.is_empty() {
            out.push(Position::new(cur.clone()).expect("heaps ≥ 1"));
        }
        for a in (1..=left.min(max)).rev() {
            cur.push(a);
            go(left - a, a, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(total, total, &mut Vec::new(), &mut out);
    out
}

/// A random position of 1..=8 heaps below `table` tokens each (half uniform, half
/// small).
pub fn random_in_table(rng: &mut rng::Rng, table: u64) -> Position {
    let h = rng.random_range(1..=8);
    let heaps = (0..h)
        .map(|_| {
            if rng.random_bool(0.5) {
                rng.random_range(1..table)
            } else {
                rng.random_range(1..table.min(64))
            }
        })
        .collect();
    Position::new(heaps).expect("heaps ≥ 1")
}

/// `g(0..len)` for `code`, computed apart from [`extend_table`] and [`options`] so the
/// period proof does not rest on the table it checks: every removal of `k` tokens at
/// every offset of the heap, as the text oracle walks it (left and right remainders,
/// each needing its bit of `d_k`), and the mex by sorting.
pub fn independent_g(code: &Code, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut vals = Vec::new();
        for k in 1..=code.t().min(n) {
            let d = code.digit(k);
            for left in 0..=n - k {
                let right = n - k - left;
                let bit = match (left == 0, right == 0) {
                    (true, true) => bits::GONE,
                    (true, false) | (false, true) => bits::ONE,
                    (false, false) => bits::TWO,
                };
                if d & bit != 0 {
                    vals.push(g[left] ^ g[right]);
                }
            }
        }
        vals.sort_unstable();
        vals.dedup();
        let mex = vals
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u32)
            .map_or(vals.len(), |(i, _)| i);
        g.push(mex as u32);
    }
    g
}

/// The period proof of `code` ([`gamecheck::grundy::period_proof`]): `periodic`'s table
/// and the period it uses (passed in, so a test can hand it wrong ones), against `g`
/// computed independently ([`independent_g`]), whose first values are the oracle's own
/// mex (heaps of 1..=16 tokens); the period must prove on it and be the smallest it
/// shows. Checked: the `n` of the proof range. A failure names the code.
fn period_proof(code: Code, table: &[u32], used: Option<Period>) -> Outcome {
    let mut oracle = Naive::new(code);
    let outcome = grundy::period_proof(
        table,
        used,
        code.t(),
        |len| independent_g(&code, len),
        PROOF_ORACLE_MAX_N,
        |n| {
            let heap = Position::new(vec![n as u64]).expect("n ≥ 1");
            oracle.grundy_value(&heap).ok()
        },
    );
    in_code(code, outcome)
}

/// `outcome`, with the code before its note when it failed.
fn in_code(code: Code, outcome: Outcome) -> Outcome {
    match outcome.failed {
        0 => outcome,
        _ => Outcome {
            detail: format!("{code}: {}", outcome.detail),
            ..outcome
        },
    }
}

/// The `grundy values` check ([`gamecheck::grundy::grundy_values`]): the oracle's mex
/// recursion against `periodic`'s XOR over heaps, on every case of the suite (a failing
/// row merged over many codes names the code: the driver puts the suite's rules first).
fn grundy_values(rules: &Rules, cases: &[Position]) -> Outcome {
    let mut oracle = Naive::new(rules.code);
    let periodic = Periodic::within(&rules.code, rules.table);
    grundy::grundy_values(
        cases,
        |p| oracle.grundy_value(p).ok(),
        "periodic",
        |p| periodic.grundy_value(p).ok(),
        "periodic's XOR over heaps vs the oracle's mex recursion",
    )
}

/// The period the `periodic` solver proves for `rules` (`None` when none proves), kept
/// per thread for every rule set met, so shrinking pays for it once a rule set.
pub fn proved_period(rules: &Rules) -> Option<Period> {
    thread_local! {
        static PROVED: std::cell::RefCell<std::collections::HashMap<Rules, Option<Period>>> =
            std::cell::RefCell::default();
    }
    PROVED.with(|m| {
        *m.borrow_mut()
            .entry(*rules)
            .or_insert_with(|| Periodic::new(&rules.code, rules.table).period())
    })
}

fn heaps_word(n: usize) -> &'static str {
    if n == 1 {
        "heap"
    } else {
        "heaps"
    }
}

impl Game for OctalGame {
    const NAME: &'static str = "octal";
    const ABOUT: &'static str = "Octal games (Kayles .77, Dawson's Kayles .07, any code .d1d2…)";
    type Rules = Rules;
    type Case = Position;
    type Move = Move;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    const DEFAULT_VARIANT: Variant = Variant::Periodic;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(rules: &Rules) -> String {
        let mut s = format!("--code {}", rules.code);
        if rules.table != DEFAULT_TABLE {
            s.push_str(&format!(" --max-n {}", rules.table));
        }
        s
    }

    fn start(_rules: &Rules) -> Option<Position> {
        None
    }

    type Generators = Code;

    fn generators(rules: &Rules) -> Code {
        rules.code
    }

    fn oracle_moves(code: &Code, case: &Position) -> Vec<Move> {
        Naive::new(*code)
            .moves(case)
            .map(|m| m.into_iter().collect())
            .unwrap_or_default()
    }

    /// The moves from [`options`], heap by heap (each option once).
    fn fast_moves(code: &Code, case: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        for (i, &h) in case.heaps().iter().enumerate() {
            options(code, h, |o| {
                out.push(Move {
                    heap: i + 1,
                    take: o.take,
                    leave: o.leave[..usize::from(o.count)].to_vec(),
                });
            });
        }
        out
    }

    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        solver(rules, variant)
    }

    fn best_move(rules: &Rules, case: &Position) -> Option<String> {
        Naive::new(rules.code)
            .best_move(case)
            .ok()
            .flatten()
            .map(|m| m.to_string())
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

    /// `Alice` or `Bob`: the contest has no draws.
    fn parse_answer(_rules: &Rules, line: &str, _index: usize) -> Option<Winner> {
        Winner::alice_or_bob(line)
    }

    fn answer_form(_rules: &Rules, _index: usize) -> String {
        "`Alice` or `Bob`".into()
    }

    /// [`shrink::smaller_positions`] with the period `periodic` proves for the rules
    /// ([`proved_period`]), as `stress` shrinks.
    fn smaller(rules: &Rules, case: &Position, _mode: ShrinkMode) -> Vec<(Rules, Position)> {
        shrink::smaller_positions(case, proved_period(rules).as_ref())
            .into_iter()
            .map(|p| (*rules, p))
            .collect()
    }

    /// A code of 1..=4 digits (the last non-zero) with a table of 64..=512 values.
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _size: Size) -> Rules {
        let t = e.int_in(1..=4usize);
        let digits: Vec<u8> = (0..t)
            .map(|i| e.int_in(if i + 1 == t { 1..=7u8 } else { 0..=7u8 }))
            .collect();
        Rules {
            code: Code::from_digits(&digits).expect("1..=4 digits, the last non-zero"),
            table: e.int_in(64..=512usize),
        }
    }

    /// 1..=4 heaps, 18 tokens in all at most at full size (within the oracle's limit;
    /// fewer at smaller sizes).
    fn random_case<E: Entropy + ?Sized>(_rules: &Rules, e: &mut E, size: Size) -> Position {
        let h = e.int_in(1..=4usize);
        let mut heaps = Vec::with_capacity(h);
        let mut left = size.of(18);
        for _ in 0..h {
            if left == 0 {
                break;
            }
            let a = e.int_in(1..=left.min(12));
            left -= a;
            heaps.push(a);
        }
        Position::new(heaps).expect("1..=4 heaps of 1..=12 tokens")
    }

    fn describe_case(_rules: &Rules, case: &Position) -> String {
        let h = case.heaps().len();
        let t = case.tokens();
        format!(
            "{h} {}, {t} token{}",
            heaps_word(h),
            if t == 1 { "" } else { "s" }
        )
    }
}

impl Verify for OctalGame {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let mut rng = rng::from_seed(opts.seed ^ 0x006F_6374_616C); // "octal"
        let short = short_codes();
        let sampled = sample_three_digit_codes(&mut rng, THREE_DIGIT_SAMPLE);
        let all: Vec<Code> = short.iter().chain(&sampled).copied().collect();
        let mut steps = Vec::new();
        // the period proofs: one row per code whose period proves within the table
        let mut unproved = Vec::new();
        for &code in &all {
            let periodic = Periodic::within(&code, DEFAULT_TABLE);
            if periodic.period().is_none() {
                unproved.push(code.to_string());
                continue;
            }
            steps.push(Step::Check(NamedCheck {
                rules: code.to_string(),
                name: "period proof".into(),
                run: Box::new(move || period_proof(code, periodic.table(), periodic.period())),
            }));
        }
        if !unproved.is_empty() {
            steps.push(Step::Check(NamedCheck {
                rules: format!("{} codes", unproved.len()),
                name: "no period".into(),
                run: Box::new(move || Outcome {
                    checked: 0,
                    failed: 0,
                    detail: format!(
                        "no period proved within g(0..{DEFAULT_TABLE}), so no proof row: {}; \
                         periodic answers them from its table (compared below)",
                        unproved.join(" ")
                    ),
                }),
            }));
        }
        let multisets = every_multiset(EXHAUSTIVE_TOKENS);
        let exhaustive = |codes: &[Code]| {
            codes
                .iter()
                .map(|&c| Suite {
                    movegen: true,
                    checks: vec![("grundy values", grundy_values)],
                    ..Suite::against_oracle(Rules::new(c), multisets.clone(), "every multiset")
                })
                .collect()
        };
        steps.push(Step::Group(Group {
            suites: exhaustive(&short),
            merged: Some(format!(
                "every .d/.dd code, multisets ≤ {EXHAUSTIVE_TOKENS} tokens"
            )),
            progress: "short codes",
        }));
        let cases = opts.cases.unwrap_or(DEFAULT_CASES_PER_CODE);
        steps.push(Step::Group(Group {
            suites: exhaustive(&sampled),
            merged: Some(format!(
                "{THREE_DIGIT_SAMPLE} sampled .ddd codes, multisets ≤ {EXHAUSTIVE_TOKENS} tokens"
            )),
            progress: "three-digit codes",
        }));
        if cases > 0 {
            let suites = all
                .iter()
                .map(|&c| {
                    let large = (0..cases)
                        .map(|_| random_in_table(&mut rng, DEFAULT_TABLE as u64))
                        .collect();
                    Suite {
                        reference: Some(Variant::Grundy),
                        variants: vec![Variant::Periodic, Variant::Sparse],
                        ..Suite::against_oracle(Rules::new(c), large, "random")
                    }
                })
                .collect();
            steps.push(Step::Group(Group {
                suites,
                merged: Some(format!(
                    "{} codes, random heaps < {DEFAULT_TABLE}",
                    all.len()
                )),
                progress: "periodic and sparse vs grundy",
            }));
        }
        steps
    }
}

impl GrundyPart for OctalGame {
    const HEAP: &'static str = "tokens of a heap";
    const SEQUENCE_HELP: &'static str = "the sparse-space method, about a second for \
         N = 10^6 on a code with sparse space; O(N²) for a code without one";

    fn extend(rules: &Rules, g: &mut Vec<u32>, len: usize) {
        extend_table(&rules.code, g, len);
    }

    fn max_removed(rules: &Rules) -> usize {
        rules.code.t()
    }

    /// The sparse-space method ([`super::sparse::SparseG`]).
    fn sequence(rules: &Rules) -> Box<dyn grundy::Sequence> {
        Box::new(super::sparse::SparseG::new(rules.code))
    }

    /// `Auto` and `Sparse`: the sparse-space method; `Plain`: the same kernel under
    /// [`Mask::PLAIN`](super::sparse::Mask::PLAIN), every split of every heap scanned.
    fn sequence_by(rules: &Rules, method: grundy::Method) -> Option<Box<dyn grundy::Sequence>> {
        use super::sparse::{Mask, SparseG};
        Some(match method {
            grundy::Method::Auto | grundy::Method::Sparse => Box::new(SparseG::new(rules.code)),
            grundy::Method::Plain => Box::new(
                SparseG::with_mask(rules.code, Mask::PLAIN)
                    .expect("the plain mask has no parity bit"),
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck::solver::Solver as _;

    #[test]
    fn the_code_lists() {
        let s = short_codes();
        assert_eq!(s.len(), 63);
        assert_eq!(s[0].to_string(), ".1");
        assert!(s.iter().any(|c| c.to_string() == ".77"));
        assert!(s.iter().any(|c| c.to_string() == ".07"));
        let mut rng = rng::from_seed(1);
        let t = sample_three_digit_codes(&mut rng, 8);
        assert!(t.iter().all(|c| c.t() == 3));
        // partitions of 1..=12: 1+2+3+5+7+11+15+22+30+42+56+77
        assert_eq!(every_multiset(12).len(), 271);
    }

    #[test]
    fn independent_g_matches_the_table() {
        for code in short_codes() {
            assert_eq!(
                independent_g(&code, 200),
                super::super::grundy::table(&code, 200),
                "{code}"
            );
        }
    }

    /// `verify`'s octal plan, read without running its rows: every code in exactly one
    /// of a period-proof row or the "no period" row's list; the short codes and the
    /// seed's sample of three-digit codes each compared on every multiset (with the move
    /// generators and the Grundy values); periodic against grundy on the random budget,
    /// none at 0; and a sample that follows the seed (seeds 0, 1 and 4 differ in bits
    /// the salt has and lacks, so any seed mixing but XOR makes two of them alike).
    #[test]
    fn the_verify_plan_covers_every_code_and_follows_the_seed() {
        let mut samples: Vec<Vec<Code>> = Vec::new();
        for (seed, cases) in [(0, Some(0)), (1, Some(3)), (4, Some(0))] {
            let steps = OctalGame::plan(&VerifyOptions {
                seed,
                cases,
                progress: gamecheck::harness::ProgressMode::None,
            });
            let mut listed: Vec<String> = Vec::new();
            let mut groups = Vec::new();
            for step in steps {
                match step {
                    Step::Check(c) if c.name == "period proof" => listed.push(c.rules),
                    Step::Check(c) => {
                        assert_eq!(c.name, "no period");
                        let detail = (c.run)().detail;
                        let codes = detail
                            .split_once("no proof row: ")
                            .and_then(|(_, rest)| rest.split_once(';'))
                            .map(|(codes, _)| codes)
                            .unwrap_or_else(|| panic!("{detail}"));
                        let n = codes.split(' ').count();
                        assert_eq!(c.rules, format!("{n} codes"));
                        listed.extend(codes.split(' ').map(String::from));
                    }
                    Step::Group(g) => groups.push(g),
                }
            }
            let want = if cases == Some(0) { 2 } else { 3 };
            assert_eq!(groups.len(), want, "seed {seed} cases {cases:?}");
            let short = short_codes();
            let sampled: Vec<Code> = groups[1].suites.iter().map(|s| s.rules.code).collect();
            assert_eq!(sampled.len(), THREE_DIGIT_SAMPLE);
            let all: Vec<Code> = short.iter().chain(&sampled).copied().collect();
            listed.sort();
            let mut want_listed: Vec<String> = all.iter().map(ToString::to_string).collect();
            want_listed.sort();
            assert_eq!(listed, want_listed, "each code proved or listed once");
            let short_suites: Vec<Code> = groups[0].suites.iter().map(|s| s.rules.code).collect();
            assert_eq!(short_suites, short);
            for s in groups[0].suites.iter().chain(&groups[1].suites) {
                assert!(s.movegen && s.reference.is_none(), "{}", s.label);
                assert_eq!(s.cases.len(), every_multiset(EXHAUSTIVE_TOKENS).len());
                let checks: Vec<&str> = s.checks.iter().map(|c| c.0).collect();
                assert_eq!(checks, ["grundy values"]);
            }
            if let Some(random) = groups.get(2) {
                let codes: Vec<Code> = random.suites.iter().map(|s| s.rules.code).collect();
                assert_eq!(codes, all);
                for s in &random.suites {
                    assert_eq!(s.reference, Some(Variant::Grundy));
                    assert_eq!(s.variants, [Variant::Periodic, Variant::Sparse]);
                    assert_eq!(s.cases.len(), 3);
                    assert!(s.cases.iter().all(|p| p.largest() < DEFAULT_TABLE as u64));
                }
            }
            samples.push(sampled);
        }
        assert_ne!(samples[0], samples[1]);
        assert_ne!(samples[0], samples[2]);
        assert_ne!(samples[1], samples[2]);
    }

    /// The period-proof row passes on `periodic`'s own table and period, counting the
    /// theorem's proof range (`n0 ≤ n ≤ 2·n0 + p + t`: `n0 + p + t + 1` values of `n`),
    /// and fails, saying why, on no period, a wrong value anywhere in the table, a
    /// pre-period one too early (does not prove), twice the period and a later
    /// pre-period (both prove, neither is the smallest). Kayles `.77`: period 12 from 71;
    /// Dawson's Kayles `.07`: period 34 from 53 (the values published for both games).
    #[test]
    fn the_period_proof_row_passes_on_periodic_and_fails_on_a_wrong_period() {
        for (code, p, n0) in [(".77", 12, 71), (".07", 34, 53)] {
            let code: Code = code.parse().unwrap();
            let t = code.t();
            let periodic = Periodic::within(&code, DEFAULT_TABLE);
            let used = periodic.period().unwrap();
            assert_eq!((used.period, used.pre_period), (p, n0));
            let ok = period_proof(code, periodic.table(), Some(used));
            assert_eq!(
                (ok.checked, ok.failed),
                ((n0 + p + t + 1) as u64, 0),
                "{}",
                ok.detail
            );
            let range = format!(
                "period {p}, pre-period {n0}; proved: g(n+{p}) = g(n) for {n0} ≤ n ≤ {} \
                 (t = {t}, g computed to {})",
                2 * n0 + p + t,
                used.computed - 1
            );
            assert!(ok.detail.starts_with(&range), "{}", ok.detail);
            let fails = |table: &[u32], used: Option<Period>, says: &str| {
                let o = period_proof(code, table, used);
                assert_eq!((o.checked, o.failed), (0, 1), "{code}: {says}");
                assert!(o.detail.contains(says), "{code}: {says}: {}", o.detail);
            };
            fails(periodic.table(), None, "no period proved");
            for n in [0, 1, n0, periodic.table().len() - 1] {
                let mut wrong = periodic.table().to_vec();
                wrong[n] ^= 1;
                fails(&wrong, Some(used), &format!("has g({n}) = {}", wrong[n]));
            }
            let with = |n0: usize, p: usize| Period {
                pre_period: n0,
                period: p,
                proof_end: 2 * n0 + p + t,
                computed: used.computed,
            };
            fails(periodic.table(), Some(with(n0 - 1, p)), "does not prove");
            fails(periodic.table(), Some(with(n0, 2 * p)), "not the smallest");
            fails(periodic.table(), Some(with(n0 + 1, p)), "not the smallest");
            // a claim whose proof reads past the table: g is computed that far, the
            // claim proves there and is still not the smallest
            fails(periodic.table(), Some(with(3000, p)), "not the smallest");
        }
    }

    /// The row's "smallest period" is the brute force's (`check_smallest_period`), apart
    /// from `Period::find`, the code that found the period: a finder that reports a
    /// multiple of the period, or a later pre-period (both still prove), fails the row
    /// with the period and start the brute force finds in `g` — for octal exactly as
    /// for paint (`paint::game`'s test of the same name).
    #[test]
    fn a_finder_reporting_a_multiple_or_a_later_pre_period_fails_by_the_brute_force() {
        for (code, p, n0) in [(".77", 12, 71), (".07", 34, 53)] {
            let code: Code = code.parse().unwrap();
            let t = code.t();
            let periodic = Periodic::within(&code, DEFAULT_TABLE);
            let real = periodic.period().unwrap();
            let planted = [
                Period {
                    period: 2 * p,
                    proof_end: 2 * n0 + 2 * p + t,
                    ..real
                },
                Period {
                    pre_period: n0 + 1,
                    proof_end: 2 * (n0 + 1) + p + t,
                    ..real
                },
            ];
            for wrong in planted {
                let g = independent_g(&code, periodic.table().len());
                assert!(grundy::prove_period(&g, wrong.pre_period, wrong.period, t));
                let shown = gamecheck::grundy::check_smallest_period(&g, &wrong, t).unwrap_err();
                assert!(
                    shown.ends_with(&format!("shows period {p} from n0 = {n0}")),
                    "{shown}"
                );
                let o = period_proof(code, periodic.table(), Some(wrong));
                assert_eq!((o.checked, o.failed), (0, 1), "{}", o.detail);
                assert_eq!(
                    o.detail,
                    format!("{code}: the period in use is not the smallest: {shown}")
                );
            }
        }
    }

    /// The Grundy-values check counts every case and passes where `periodic` agrees
    /// with the oracle; a `periodic` that cannot answer (a table of two values, so no
    /// period and heaps of 2 or more refused) fails on exactly those cases and names
    /// the first.
    #[test]
    fn the_grundy_values_check_counts_and_fails() {
        let cases = every_multiset(7);
        for code in [".77", ".07", ".4", ".137"] {
            let rules = Rules::new(code.parse().unwrap());
            let o = grundy_values(&rules, &cases);
            assert_eq!(
                (o.checked, o.failed),
                (cases.len() as u64, 0),
                "{}",
                o.detail
            );
            let tiny = Rules { table: 2, ..rules };
            let o = grundy_values(&tiny, &cases);
            let refused: Vec<&Position> = cases.iter().filter(|p| p.largest() >= 2).collect();
            assert_eq!(
                (o.checked, o.failed),
                (cases.len() as u64, refused.len() as u64),
                "{code}"
            );
            let first = format!("Grundy value of {}: oracle Some(", refused[0]);
            assert!(o.detail.starts_with(&first), "{}", o.detail);
            assert!(o.detail.ends_with("periodic None"), "{}", o.detail);
        }
    }

    /// The `Game` methods the harness leans on beyond the solvers: a written input reads
    /// back; shrinking keeps the rules and steps to fewer heaps or fewer tokens (none
    /// below one token); the oracle's best move exists exactly at N-positions and is one
    /// of its moves; the one generator of rules and cases keeps to its documented ranges
    /// (codes of 1..=4 digits, the last non-zero; tables of 64..=512; 1..=4 heaps of 18
    /// tokens in all at most).
    #[test]
    fn the_game_methods_keep_their_promises() {
        let mut rng = rng::from_seed(11);
        for code in [".77", ".07", ".4", ".137", ".6"] {
            let rules = Rules::new(code.parse().unwrap());
            let cases: Vec<Position> = (0..40)
                .map(|_| {
                    let h = rng.random_range(1..=3);
                    Position::new((0..h).map(|_| rng.random_range(1..=6)).collect()).unwrap()
                })
                .collect();
            let written = OctalGame::write(&rules, &cases);
            assert_eq!(OctalGame::read(&rules, &written).unwrap(), cases);
            let mut oracle = Naive::new(rules.code);
            for p in &cases {
                let wins = oracle.solve(p).unwrap() == Value::Win;
                let best = OctalGame::best_move(&rules, p);
                assert_eq!(best.is_some(), wins, "{code} {p}");
                if let Some(m) = best {
                    let moves = oracle.moves(p).unwrap();
                    assert!(moves.iter().any(|x| x.to_string() == m), "{code} {p}: {m}");
                }
                let smaller = OctalGame::smaller(&rules, p, ShrinkMode::KeepRules);
                assert_eq!(smaller.is_empty(), p.heaps() == [1], "{code} {p}");
                for (r, c) in smaller {
                    assert_eq!(r, rules);
                    let fewer = c.heaps().len() < p.heaps().len() || c.tokens() < p.tokens();
                    assert!(fewer, "{p} -> {c}");
                }
            }
        }
        let mut lengths = [0u32; 5];
        let mut most_tokens = 0;
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..64).map(|_| rng.random()).collect();
            let mut u = arbitrary::Unstructured::new(&bytes);
            let r = OctalGame::random_rules(&mut u, Size::FULL);
            assert!((64..=512).contains(&r.table), "{r}");
            lengths[r.code.t()] += 1;
            let c = OctalGame::random_case(&r, &mut u, Size::FULL);
            assert!(
                (1..=4).contains(&c.heaps().len()) && c.tokens() <= 18,
                "{c}"
            );
            most_tokens = most_tokens.max(c.tokens());
        }
        assert_eq!(most_tokens, 18, "the bound on tokens is reached");
        assert_eq!(lengths[0], 0);
        assert!(lengths[1..].iter().all(|&n| n > 0), "{lengths:?}");
    }

    #[test]
    fn rules_need_a_code_and_name_the_flags() {
        use crate::octal::contest::RuleArgs;
        use gamecheck::contest::Contest as _;
        let args = |code: Option<&str>, max_n| RuleArgs {
            code: code.map(String::from),
            max_n,
        };
        let e = OctalGame::rules(&args(None, None)).unwrap_err().0;
        assert!(e.contains("--code"), "{e}");
        let e = OctalGame::rules(&args(Some("77"), None)).unwrap_err().0;
        assert!(e.contains("--code `77`"), "{e}");
        let e = OctalGame::rules(&args(Some(".77"), Some(2_000_000)))
            .unwrap_err()
            .0;
        assert!(e.contains("--max-n"), "{e}");
        let r = OctalGame::rules(&args(Some("0.07"), Some(100))).unwrap();
        assert_eq!(OctalGame::flags(&r), "--code .07 --max-n 100");
        assert_eq!(r.to_string(), ".07, g(0..100)");
    }
}
