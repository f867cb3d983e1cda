//! A toy game added through the `Game` trait alone: the subtraction game S = {1, 2, 3}
//! (take 1, 2 or 3 tokens from one heap; who cannot move loses). Nothing else in the
//! crate knows it, yet the generic driver compares its variants with its oracle, shrinks
//! a planted mismatch to the smallest failing heap, and reports rows.

use gamecheck::error::{Location, ParseError};
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::harness::{self, Group, NamedCheck, Outcome, Step, Suite, Verify};
use gamecheck::harness::{Report, VerifyOptions};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::{Entropy, Size};
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::HashMap;
use std::fmt;

/// The game; `WRONG` plants a bug outside the solvers too: the fast generator also
/// offers "take 4", and the heaps are two suites reported merged (to check both paths
/// of the driver): heaps below 10, where the buggy variant is right, then the rest.
#[derive(Debug, Clone, Copy)]
///
/// `UP` gives `smaller` a larger heap first, beyond the oracle's limit (as a placement
/// game's board one move earlier has more empty cells than the oracle takes).
struct Subtraction<const WRONG: bool = false, const UP: bool = false>;

/// The subtraction set (here always {1, 2, 3}).
#[derive(Debug, Clone, PartialEq)]
struct Rules(Vec<u32>);

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S = {:?}", self.0)
    }
}

#[derive(Debug, Clone, Default, clap::Args)]
struct NoFlags {}

gamecheck::variants! {
    enum Variant {
        Naive = "naive",
        /// n mod (max + 1) ≠ 0.
        Formula = "formula",
        /// A planted bug: wrong for every heap of 10 or more with n mod 4 = 2.
        Buggy = "buggy",
    }
}

/// The oracle: plain recursion over the moves, memoized.
#[derive(Default)]
struct Naive {
    take: Vec<u32>,
    memo: HashMap<u32, bool>,
}

impl Naive {
    fn wins(&mut self, n: u32) -> bool {
        if let Some(&w) = self.memo.get(&n) {
            return w;
        }
        let take = self.take.clone();
        let w = take.iter().any(|&k| k <= n && !self.wins(n - k));
        self.memo.insert(n, w);
        w
    }
}

const ORACLE_MAX: u32 = 100_000;

impl Solver<u32, Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    fn memo_entries(&self) -> Option<usize> {
        Some(self.memo.len())
    }
    fn clear_memo(&mut self) {
        self.memo.clear();
    }
    fn check(&self, n: &u32) -> Result<(), Refusal> {
        if *n > ORACLE_MAX {
            return Err(Refusal {
                solver: "naive",
                reason: format!("a heap of {n}"),
                suggestion: Suggestion::Solver("formula"),
            });
        }
        Ok(())
    }
    fn solve(&mut self, n: &u32) -> Result<Value, Refusal> {
        self.check(n)?;
        // build the memo bottom-up so the recursion stays shallow
        for m in 0..*n {
            self.wins(m);
        }
        Ok(if self.wins(*n) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

struct Formula {
    buggy: bool,
}

impl Solver<u32, Value> for Formula {
    fn name(&self) -> &'static str {
        if self.buggy {
            "buggy"
        } else {
            "formula"
        }
    }
    /// A fast solver's own limit: heaps past `3 * ORACLE_MAX` are refused.
    fn check(&self, n: &u32) -> Result<(), Refusal> {
        if *n > 3 * ORACLE_MAX {
            return Err(Refusal {
                solver: self.name(),
                reason: format!("a heap of {n}"),
                suggestion: Suggestion::Nothing,
            });
        }
        Ok(())
    }
    fn solve(&mut self, n: &u32) -> Result<Value, Refusal> {
        self.check(n)?;
        let mut win = !n.is_multiple_of(4);
        if self.buggy && *n >= 10 && n % 4 == 2 {
            win = !win;
        }
        Ok(if win { Value::Win } else { Value::Loss })
    }
}

/// A move: take `k`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Take(u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "-{}", self.0)
    }
}

fn parse_error(line: usize, msg: &str) -> ParseError {
    ParseError::new(Location { line, column: 1 }, None, msg)
}

impl<const WRONG: bool, const UP: bool> Game for Subtraction<WRONG, UP> {
    const NAME: &'static str = "subtraction";
    const ABOUT: &'static str = "The subtraction game {1, 2, 3}";
    type Rules = Rules;
    type Case = u32;
    type Move = Take;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    type Generators = Vec<u32>;
    const DEFAULT_VARIANT: Variant = Variant::Formula;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(_: &Rules) -> String {
        String::new()
    }
    fn start(_: &Rules) -> Option<u32> {
        None
    }
    fn generators(rules: &Rules) -> Vec<u32> {
        rules.0.clone()
    }
    fn oracle_moves(take: &Vec<u32>, n: &u32) -> Vec<Take> {
        take.iter()
            .filter(|&&k| k <= *n)
            .map(|&k| Take(k))
            .collect()
    }
    fn fast_moves(take: &Vec<u32>, n: &u32) -> Vec<Take> {
        let most = if WRONG { 4 } else { 3 };
        (1..=(*n).min(most))
            .filter(|k| take.contains(k) || WRONG)
            .map(Take)
            .collect()
    }
    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(Naive {
                take: rules.0.clone(),
                memo: HashMap::new(),
            }),
            Variant::Formula => Box::new(Formula { buggy: false }),
            Variant::Buggy => Box::new(Formula { buggy: true }),
        }
    }
    fn apply(_: &Rules, n: &u32, take: &Take) -> Option<u32> {
        n.checked_sub(take.0)
    }
    fn best_move(_: &Rules, n: &u32) -> Option<String> {
        (!n.is_multiple_of(4)).then(|| format!("take {}", n % 4))
    }
    fn read(_: &Rules, text: &str) -> Result<Vec<u32>, ParseError> {
        let mut lines = text.lines();
        let t: usize = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .ok_or_else(|| parse_error(1, "expected T"))?;
        let heaps: Vec<u32> = lines
            .enumerate()
            .map(|(i, l)| l.trim().parse().map_err(|_| parse_error(i + 2, "a heap")))
            .collect::<Result<_, _>>()?;
        if heaps.len() != t {
            return Err(parse_error(1, "T heaps"));
        }
        Ok(heaps)
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
    fn smaller(rules: &Rules, n: &u32, _: ShrinkMode) -> Vec<(Rules, u32)> {
        // every smaller heap; the planted game also shrinks the rule set ({1, 2, 3} to
        // {1, 2}), so the driver's shrinking meets two rule sets
        // (the rule set last, so a solver of the wrong rule set would be met first)
        let fewer = (WRONG && rules.0.contains(&3)).then(|| (Rules(vec![1, 2]), *n));
        let beyond = UP.then(|| (rules.clone(), n + ORACLE_MAX));
        beyond
            .into_iter()
            .chain((0..*n).map(|m| (rules.clone(), m)))
            .chain(fewer)
            .collect()
    }
    fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
        Rules(vec![1, 2, 3])
    }
    fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, size: Size) -> u32 {
        e.int_in(0..=size.of(200) as u32)
    }
    fn describe_case(_: &Rules, n: &u32) -> String {
        format!("a heap of {n}")
    }
    fn shrink_sizes(_: &Rules, n: &u32) -> Option<std::ops::RangeInclusive<u64>> {
        (*n > 0).then(|| 1..=u64::from(*n))
    }
    fn with_size(_: &Rules, _: &u32, size: u64) -> Option<u32> {
        u32::try_from(size).ok()
    }
}

/// The subtraction game as a contest (one rule set, no flags): its adapter is the
/// library's `GameContest`.
impl<const WRONG: bool, const UP: bool> gamecheck::Contest for Subtraction<WRONG, UP> {
    type RuleArgs = gamecheck::contest::NoFlags;
    type SizeArgs = gamecheck::contest::NoFlags;
    type Adapter = gamecheck::contest::GameContest<Self>;
    type SolveArgs = gamecheck::contest::NoSolveArgs;

    fn rules(_: &Self::RuleArgs) -> Result<Rules, gamecheck::error::RuleError> {
        Ok(Rules(vec![1, 2, 3]))
    }

    fn contest(
        rules: Rules,
        size: &Self::SizeArgs,
    ) -> Result<Self::Adapter, gamecheck::error::RuleError> {
        Ok(gamecheck::contest::GameContest::new(rules, size))
    }
}

impl<const WRONG: bool, const UP: bool> Verify for Subtraction<WRONG, UP> {
    /// Below the 200 entries of the largest heap's memo: cleared as the suite goes.
    const ORACLE_MEMO_LIMIT: usize = 150;

    fn plan(_opts: &VerifyOptions) -> Vec<Step<Self>> {
        let rules = Rules(vec![1, 2, 3]);
        vec![
            Step::Check(NamedCheck {
                rules: "S = {1, 2, 3}".into(),
                name: "period 4".into(),
                run: Box::new(|| Outcome {
                    checked: 1,
                    failed: 0,
                    detail: "a check of the game's own".into(),
                }),
            }),
            Step::Group(Group {
                suites: if WRONG {
                    vec![
                        Suite {
                            label: "heaps < 10".into(),
                            movegen: true,
                            ..Suite::against_oracle(
                                rules.clone(),
                                (0..10).rev().collect(),
                                "every heap",
                            )
                        },
                        Suite {
                            label: "heaps 10..200".into(),
                            movegen: true,
                            ..Suite::against_oracle(rules, (10..200).rev().collect(), "every heap")
                        },
                    ]
                } else {
                    vec![Suite {
                        movegen: true,
                        ..Suite::against_oracle(rules, (0..200).rev().collect(), "every heap < 200")
                    }]
                },
                merged: WRONG.then(|| "every heap, merged".to_string()),
                progress: "heaps",
            }),
        ]
    }
}

#[test]
fn the_generic_driver_checks_a_game_it_has_never_seen() {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: gamecheck::harness::ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Subtraction>(&opts, &mut report);
    let row = |solver: &str| {
        report
            .rows
            .iter()
            .find(|r| r.solver == solver)
            .unwrap_or_else(|| panic!("no row for {solver}: {:?}", report.rows))
    };
    assert_eq!(row("period 4").mismatches, 0);
    assert_eq!(
        (row("movegen").checked, row("movegen").mismatches),
        (200, 0)
    );
    assert_eq!(
        (row("formula").checked, row("formula").mismatches),
        (200, 0)
    );
    // the oracle's memo: heaps 0..=199 after the first case, cleared past 150 entries
    assert_eq!(row("formula").oracle_memo_peak, Some(200));
    assert_eq!(row("period 4").oracle_memo_peak, None);
    // the planted bug: heaps 10, 14, 18, … below 200
    let buggy = row("buggy");
    assert_eq!(buggy.checked, 200);
    assert_eq!(
        buggy.mismatches,
        (10..200).filter(|n| n % 4 == 2).count() as u64
    );
    // the failing row's note is its own first mismatch, not the oracle's time
    assert_eq!(
        buggy.detail.as_deref(),
        Some(
            "first mismatch at case 2 (a heap of 198): expected Alice (win (N-position)), \
             got Bob (loss (P-position))"
        )
    );
    assert!(!report.ok);
    // shrunk from the first mismatch met (heap 198) to the smallest failing heap
    assert_eq!(report.failures.len(), 1);
    let f = &report.failures[0];
    assert_eq!(f.game, "subtraction");
    assert_eq!(f.solver, "buggy");
    assert_eq!(f.case, "1\n10\n");
    assert_eq!(f.expected, "Alice (win (N-position))");
    assert_eq!(f.got, "Bob (loss (P-position))");
    assert_eq!(f.best_move.as_deref(), Some("take 2"));
}

/// The report of the planted game: a wrong generator and a buggy variant, two suites
/// merged into one row per solver.
fn planted_report() -> Report {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: gamecheck::harness::ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Subtraction<true>>(&opts, &mut report);
    report
}

fn row_of<'a>(report: &'a Report, solver: &str) -> &'a gamecheck::harness::Row {
    report
        .rows
        .iter()
        .find(|r| r.solver == solver)
        .unwrap_or_else(|| panic!("no row for {solver}: {:?}", report.rows))
}

fn failure_of<'a>(report: &'a Report, solver: &str) -> &'a gamecheck::harness::Failure {
    report
        .failures
        .iter()
        .find(|f| f.solver == solver)
        .unwrap_or_else(|| panic!("no failure of {solver}: {:?}", report.failures))
}

/// The driver's other paths: a wrong fast move generator is counted heap by heap, and a
/// merged group reports under its own label, with the suite count on a clean row.
#[test]
fn the_driver_counts_wrong_moves_and_reports_merged_groups() {
    let report = planted_report();
    let row = |solver: &str| row_of(&report, solver);
    // "take 4" is offered at every heap of 4 or more: 196 of the heaps 0..200
    assert_eq!(
        (row("movegen").checked, row("movegen").mismatches),
        (200, 196)
    );
    for solver in ["movegen", "formula", "buggy"] {
        assert_eq!(row(solver).rules, "every heap, merged");
    }
    let clean = row("formula").detail.clone().unwrap_or_default();
    assert!(
        clean.starts_with("2 suites, seconds summed; the oracle took ")
            && clean.ends_with(" s wall in all")
            && !clean.contains('-'),
        "{clean}"
    );
    // shrinking met two rule sets, each answered by its own oracle: from heap 198 to
    // heap 10, then to S = {1, 2} (where 10 still fails), then to heap 3 there
    let f = failure_of(&report, "buggy");
    assert_eq!(
        (f.rules.as_str(), f.case.as_str()),
        ("S = [1, 2]", "1\n3\n")
    );
    assert_eq!(f.expected, "Bob (loss (P-position))");
    let moves = row("movegen").detail.clone().unwrap_or_default();
    assert!(moves.contains("offers -4"), "{moves}");
}

/// A failing row of a merged group shows its own failure, from the suite where it
/// failed (heaps 10..200: the buggy variant is right on every heap below 10), not the
/// first suite's note (the oracle's time) and not the summed seconds of a clean row.
#[test]
fn a_failing_merged_row_shows_its_own_failure() {
    let report = planted_report();
    let buggy = row_of(&report, "buggy");
    assert_eq!(
        buggy.mismatches,
        (10..200).filter(|n| n % 4 == 2).count() as u64
    );
    assert_eq!(
        buggy.detail.as_deref(),
        Some(
            "heaps 10..200: first mismatch at case 2 (a heap of 198): expected Alice (win \
             (N-position)), got Bob (loss (P-position))"
        )
    );
    // the wrong generator fails from the first suite on (heap 9 is its first case)
    let moves = row_of(&report, "movegen")
        .detail
        .clone()
        .unwrap_or_default();
    assert!(
        moves.starts_with("heaps < 10: the fast generator offers -4, which the oracle does not"),
        "{moves}"
    );
}

/// A move-generator mismatch is shrunk along the game's `smaller` relation, as a
/// solver's is, and listed with the failures (once per merged group): from heap 9 to
/// heap 4, then to S = {1, 2} (where the generator offers -3 and -4), then to heap 3
/// there; the two generators' moves are its expected and got answers.
#[test]
fn move_generator_mismatches_are_shrunk_and_listed() {
    let report = planted_report();
    let f = failure_of(&report, "movegen");
    assert_eq!(
        report
            .failures
            .iter()
            .filter(|f| f.solver == "movegen")
            .count(),
        1
    );
    assert_eq!(f.game, "subtraction");
    assert_eq!(
        (f.rules.as_str(), f.case.as_str()),
        ("S = [1, 2]", "1\n3\n")
    );
    assert_eq!(f.expected, "[-1, -2]");
    assert_eq!(f.got, "[-1, -2, -3]");
    assert_eq!(f.best_move, None);
    let mut text = Vec::new();
    report.write_failures(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains(
            "MISMATCH subtraction [S = [1, 2]] solver `movegen`: expected [-1, -2], got \
             [-1, -2, -3]\nshrunk case (contest format):\n1\n3\n"
        ),
        "{text}"
    );
}

/// The move-generator row's note quotes its case in the contest format, over several
/// lines; the table stays whole: at 120 columns the note goes under its row, each line
/// wrapped on its own, and with `--wide` its first line ends the row and the others
/// follow under the detail column. No line starts outside a row, and every word of the
/// note is printed.
#[test]
fn a_note_of_several_lines_keeps_the_table_whole() {
    let report = planted_report();
    let note = row_of(&report, "movegen")
        .detail
        .clone()
        .unwrap_or_default();
    assert!(note.ends_with("at\n1\n9\n"), "{note:?}");
    for width in [Some(120), None] {
        let mut out = Vec::new();
        report.write_table_fitted(&mut out, width).unwrap();
        let text = String::from_utf8(out).unwrap();
        let (table, summary) = text
            .split_once("\n\n")
            .expect("a blank line before the summary");
        assert!(summary.starts_with("seed 1: "), "{text}");
        for line in table.lines().skip(1) {
            let inside = line.starts_with("subtraction")
                || line.starts_with(' ')
                || line.chars().all(|c| c == '-');
            assert!(
                inside,
                "{width:?}: a line outside the table: {line:?}\n{text}"
            );
        }
        let lines: Vec<&str> = table.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_end().ends_with(", at"))
            .unwrap_or_else(|| panic!("{text}"));
        let column = match width {
            // under the row, indented to the rules column
            Some(_) => "subtraction  ".len(),
            // beside the numbers: under the note's first line
            None => lines[at].find("heaps < 10").unwrap(),
        };
        assert_eq!(
            lines[at + 1..at + 3],
            [
                format!("{}1", " ".repeat(column)),
                format!("{}9", " ".repeat(column))
            ],
            "{width:?}\n{text}"
        );
    }
}

/// The generic laws and their fuzz entries see the planted bugs: `solvers_agree` (every
/// variant against the oracle) fails on a heap the buggy variant gets wrong, and the
/// byte entries fail on some of a few hundred random inputs — and hold on the game with
/// correct moves.
#[test]
fn the_generic_laws_see_the_planted_bugs() {
    use gamecheck::harness::laws::{movegen_agrees_bytes, solvers_agree, solvers_agree_bytes};
    use gamecheck::harness::props::random_inputs;
    let rules = Rules(vec![1, 2, 3]);
    assert!(solvers_agree::<Subtraction>(&rules, &10).is_err());
    assert!(solvers_agree::<Subtraction>(&rules, &11).is_ok());
    let inputs = random_inputs(7, 300, 16);
    let failing =
        |law: fn(&[u8]) -> Result<(), String>| inputs.iter().filter(|b| law(b).is_err()).count();
    assert!(failing(solvers_agree_bytes::<Subtraction>) > 0);
    assert!(failing(movegen_agrees_bytes::<Subtraction<true>>) > 0);
    assert_eq!(failing(movegen_agrees_bytes::<Subtraction>), 0);
}

/// `reachable` lists every position once, the start first, by the oracle's moves.
#[test]
fn reachable_lists_every_position_once() {
    let all = harness::reachable::<Subtraction>(&Rules(vec![1, 2, 3]), 10);
    assert_eq!(all[0], 10);
    let mut sorted = all.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..=10).collect::<Vec<_>>());
    // only the oracle's moves: {2} from 5 reaches the odd heaps alone
    let odd = harness::reachable::<Subtraction>(&Rules(vec![2]), 5);
    assert_eq!(odd, vec![5, 3, 1]);
    // the planted fast generator (which takes 4) is not used
    let oracle_only = harness::reachable::<Subtraction<true>>(&Rules(vec![4]), 5);
    assert_eq!(oracle_only, vec![5, 1]);
}

/// `Suite::random` draws `count` cases from `random_case` by the seed: same seed, same
/// cases; another seed, others.
#[test]
fn random_suites_follow_the_seed() {
    let rules = Rules(vec![1, 2, 3]);
    let a = Suite::<Subtraction>::random(rules.clone(), 50, 9);
    let b = Suite::<Subtraction>::random(rules.clone(), 50, 9);
    let c = Suite::<Subtraction>::random(rules.clone(), 50, 10);
    assert_eq!(a.cases.len(), 50);
    assert_eq!(a.cases, b.cases);
    assert_ne!(a.cases, c.cases);
    assert!(a.cases.iter().all(|&n| n <= 200));
    assert!(a.cases.iter().any(|&n| n > 0));
    assert!(!a.movegen && a.with_movegen().movegen);
    assert_eq!(
        (b.rules, b.what.as_str(), b.label.as_str()),
        (rules, "random", "S = [1, 2, 3], random")
    );
}

/// `NamedCheck::new` turns the closure's count or first failure into its row.
#[test]
fn named_checks_from_results() {
    let pass = NamedCheck::new("r", "n", "things", || Ok(5));
    assert_eq!((pass.rules.as_str(), pass.name.as_str()), ("r", "n"));
    let outcome = (pass.run)();
    assert_eq!(
        (outcome.checked, outcome.failed, outcome.detail.as_str()),
        (5, 0, "things")
    );
    let fail = (NamedCheck::new("r", "n", "things", || Err("bad".into())).run)();
    assert_eq!(
        (fail.checked, fail.failed, fail.detail.as_str()),
        (0, 1, "bad")
    );
}

/// `Group::merged` and `Group::each` say how the rows are reported.
#[test]
fn group_constructors() {
    let merged = Group::<Subtraction>::merged("all", "heaps", vec![]);
    assert_eq!(
        (merged.merged.as_deref(), merged.progress),
        (Some("all"), "heaps")
    );
    let each = Group::<Subtraction>::each("heaps", vec![]);
    assert_eq!((each.merged, each.progress), (None, "heaps"));
}

/// `UP` packs the heap into the first of two words for `count` (and `WRONG` unpacks it
/// one token too many); `WRONG` also declares a ply the game has not (the tokens taken
/// from 100: a move may take more than one).
impl<const WRONG: bool, const UP: bool> gamecheck::perft::PerftFromMoves
    for Subtraction<WRONG, UP>
{
    fn pack(_: &Rules, n: &u32) -> Option<gamecheck::perft::Packed> {
        UP.then_some([u64::from(*n), 0])
    }
    fn unpack(_: &Rules, [n, _]: gamecheck::perft::Packed) -> Option<u32> {
        UP.then(|| n as u32 + u32::from(WRONG))
    }
    fn ply_of(_: &Rules, n: &u32) -> Option<u64> {
        WRONG.then(|| 100 - u64::from(*n))
    }
}

/// What a `PerftFromMoves` game may tell `count`: its positions packed into two words
/// (the same counts as with the cases themselves), a ply (checked: a wrong one stops the
/// count), and `check_keys`, which a game's tests run on both.
#[test]
fn count_holds_what_perft_from_moves_gives_it() {
    use gamecheck::perft::{check_keys, count_tree, CountError, Generator, Perft};
    let rules = Rules(vec![1, 2, 3]);
    let gen = Generator::Oracle;
    let w = Subtraction::<false, false>::walker(&rules);
    let plain = count_tree::<Subtraction>(&w, &20, None, gen).unwrap();
    // every heap 0..=20, the empty one terminal
    assert_eq!((plain.positions, plain.terminal), (21, 1));
    assert_eq!(Subtraction::<false>::packed(&w, &20), None);
    assert_eq!(Subtraction::<false>::from_key(&w, &20), Some(20));
    assert_eq!(Subtraction::<false>::ply(&w, &20), None);
    let w = Subtraction::<false, true>::walker(&rules);
    assert_eq!(Subtraction::<false, true>::packed(&w, &20), Some([20, 0]));
    assert_eq!(Subtraction::<false, true>::unpacked(&w, [20, 0]), Some(20));
    let packed = count_tree::<Subtraction<false, true>>(&w, &20, None, gen).unwrap();
    assert_eq!(packed, plain);
    // layer d holds the heaps 20 − 3d ..= 20 − d: 1 + 3 + 5 + 7 + 9 + 11 states to depth 5
    assert_eq!(
        check_keys::<Subtraction<false, true>>(&w, &20, 5, gen),
        Ok(36)
    );
    // a ply that does not grow by one a move: the first move that takes two or three
    let w = Subtraction::<true, false>::walker(&rules);
    let e = count_tree::<Subtraction<true, false>>(&w, &20, None, gen).unwrap_err();
    assert!(
        matches!(
            e,
            CountError::Ply {
                depth: 1,
                want: 81,
                got: Some(82 | 83)
            }
        ),
        "{e}"
    );
    assert_eq!(
        count_tree::<Subtraction<true, false>>(&w, &20, Some(0), gen).map(|t| t.positions),
        Ok(1)
    );
    let e = check_keys::<Subtraction<true, false>>(&w, &20, 3, gen).unwrap_err();
    assert!(e.contains("1 moves from the start: ply 8"), "{e}");
    assert!(e.contains(", not ply 81 (the start's ply 80)"), "{e}");
    // an unpacking that is not the packing's inverse, at the start: check_keys names it;
    // a build with debug assertions stops at its own check inside `packed` first
    let w = Subtraction::<true, true>::walker(&rules);
    let found = std::panic::catch_unwind(|| {
        check_keys::<Subtraction<true, true>>(&w, &20, 3, gen).unwrap_err()
    });
    match found {
        Ok(e) => assert_eq!(
            e,
            "20, 0 moves from the start: packed into [20, 0], unpacked into 21"
        ),
        Err(panic) if cfg!(debug_assertions) => drop(panic),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// A game that implements `PerftFromMoves` walks its cases with each generator and `apply`.
#[test]
fn perft_from_moves_walks_both_generators() {
    use gamecheck::perft::{count, Generator, Moves, Perft};
    let rules = Rules(vec![1, 2, 3]);
    let walker = Subtraction::<false>::walker(&rules);
    // 4 tokens: 3 moves, then 1 + 2 + 3 → perft(2) = 6 (from 3: 3 moves, 2: 2, 1: 1)
    assert_eq!(count::<Subtraction>(&walker, &4, 2, Generator::Fast), Ok(6));
    assert_eq!(
        count::<Subtraction>(&walker, &4, 2, Generator::Oracle),
        Ok(6)
    );
    // the planted fast generator also takes 4
    let wrong = Moves::<Subtraction<true>>::new(&rules);
    assert_eq!(wrong.children(Generator::Fast, &4).len(), 4);
    assert_eq!(
        wrong.children(Generator::Oracle, &4),
        vec![(Take(1), 3), (Take(2), 2), (Take(3), 1)]
    );
    assert_eq!(Subtraction::<false>::state_of(&rules, &7), Ok(7));
    assert_eq!(Subtraction::<false>::key(&7), 7);
    let none = Subtraction::<false>::default_start(&rules, &Default::default());
    assert!(none.unwrap_err().0.contains("no default start"));
}

/// The library's adapter never offers `stress` a shrinking candidate its default solver
/// refuses (our answer to it would stop the run), nor, from a case the oracle answers, one
/// the oracle refuses (the failure stays checked by both): the heap `n + ORACLE_MAX` of
/// the game that shrinks upwards is left out from a heap the oracle takes, offered from
/// one it does not while the formula takes it, and left out past that.
#[test]
fn the_adapter_steps_over_candidates_our_solvers_refuse() {
    use gamecheck::stress::ContestGame;
    use gamecheck::Contest as _;
    let game =
        Subtraction::<false, true>::contest(Rules(vec![1, 2, 3]), &Default::default()).unwrap();
    assert_eq!(game.shrink_candidates(&5), [0, 1, 2, 3, 4]);
    let beyond = ORACLE_MAX + 7;
    let candidates = game.shrink_candidates(&beyond);
    assert_eq!(candidates.len(), beyond as usize + 1);
    assert_eq!(candidates[0], beyond + ORACLE_MAX);
    let far = 2 * ORACLE_MAX + 7;
    let candidates = game.shrink_candidates(&far);
    assert_eq!(candidates.len(), far as usize);
    assert!(candidates.iter().all(|&c| c < far));
}

/// A game's size for shrinking reaches `stress` through the library's adapter, and a
/// contestant that is wrong from heap 37 on is shrunk to exactly 37 (a crash, so each
/// run says only whether some case failed: the sizes are searched, not listed).
#[test]
fn the_games_size_reaches_stress_and_finds_a_threshold() {
    use gamecheck::stress::{stress, ContestGame, StressOptions, Target};
    use gamecheck::Contest as _;
    let mut game =
        Subtraction::<false>::contest(Rules(vec![1, 2, 3]), &Default::default()).unwrap();
    assert_eq!(game.shrink_sizes(&200), Some(1..=200));
    assert_eq!(game.shrink_sizes(&0), None);
    assert_eq!(game.with_size(&200, 37), Some(37));
    let mut correct = gamecheck::stress::program_of::<Subtraction>(Rules(vec![1, 2, 3]), |n| {
        if n % 4 == 0 {
            Winner::Bob
        } else {
            Winner::Alice
        }
    });
    // the same answers, but no output at all (a crash) when a heap of 37 or more is in the input
    let mut crashing = move |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        let big = text
            .lines()
            .skip(1)
            .any(|l| l.trim().parse::<u32>().is_ok_and(|n| n >= 37));
        let mut out = correct.run(input)?;
        if big {
            out.stdout.clear();
            out.end = gamecheck::stress::End::Exited(1);
        }
        Ok(out)
    };
    let opts = StressOptions {
        seed: 3,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut crashing, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("a crash from heap 37 on");
    assert_eq!(failure.minimal.cases, [37]);
}

/// `program_of` answers each case of the input in the game's format, and nothing at all
/// for an input it cannot read.
#[test]
fn program_of_answers_in_the_games_format() {
    use gamecheck::stress::{program_of, Target as _};
    let rules = Rules(vec![1, 2, 3]);
    let mut program = program_of::<Subtraction>(rules, |n| match n % 4 {
        0 => Winner::Bob,
        _ => Winner::Alice,
    });
    let out = program.run(b"3\n4\n5\n0\n").unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Bob\nAlice\nBob\n");
    assert!(program.run(b"x\n").unwrap().stdout.is_empty());
}

/// `NamedCheck::every`: a passing row counts every item; a failing one stops at the first
/// item that fails and shows its error.
#[test]
fn a_check_of_every_item_counts_them_or_names_the_first_failure() {
    let run = |items: Vec<u32>| {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        let check = NamedCheck::every("rules", "odd", "numbers", items, move |&n| {
            log.lock().unwrap().push(n);
            if n % 2 == 1 {
                Ok(())
            } else {
                Err(format!("{n} is even"))
            }
        });
        let outcome = (check.run)();
        let seen = seen.lock().unwrap().clone();
        (outcome, seen)
    };
    let (pass, seen) = run(vec![1, 3, 5]);
    assert_eq!(
        (pass.checked, pass.failed, pass.detail.as_str()),
        (3, 0, "numbers")
    );
    assert_eq!(seen, [1, 3, 5]);
    let (fail, seen) = run(vec![1, 4, 5, 6]);
    assert_eq!(
        (fail.checked, fail.failed, fail.detail.as_str()),
        (0, 1, "4 is even")
    );
    assert_eq!(seen, [1, 4]);
    let step: Step<Subtraction> = NamedCheck::every("r", "n", "w", vec![1u8], |_| Ok(())).into();
    assert!(matches!(step, Step::Check(c) if c.name == "n" && c.rules == "r"));
}

/// A mismatch the oracle answered shrinks to cases the oracle answers: a candidate beyond
/// its limit (here offered first by `smaller`, and one the buggy variant answers) is
/// not taken for a counterexample, so the walk ends at the smallest failing heap, not at
/// a refusal.
#[test]
fn shrinking_steps_over_cases_the_oracle_refuses() {
    let f = harness::shrink_failure::<Subtraction<false, true>>(
        &Rules(vec![1, 2, 3]),
        198,
        Variant::Buggy,
        Variant::Naive,
    );
    assert_eq!(f.case, "1\n10\n");
    assert_eq!(f.expected, "Alice (win (N-position))");
}

/// `perft::compare` on a `PerftFromMoves` game: the two generators' moves, each applied
/// with `apply`, side by side; the planted fast generator's `-4` is found where it is
/// first offered, the positions printed as the game's contest input.
#[test]
fn compare_finds_the_planted_move_of_a_game_from_moves() {
    use gamecheck::perft::{compare, CompareBounds, Mismatch, Perft};
    let rules = Rules(vec![1, 2, 3]);
    let walker = Subtraction::<true>::walker(&rules);
    // below 4 tokens the planted move is never offered: every heap 3..=0 compared
    let clean = compare::<Subtraction<true>>(&walker, &3, 6, CompareBounds::default()).unwrap();
    assert_eq!((clean.positions, clean.difference), (4, None));
    let c = compare::<Subtraction<true>>(&walker, &9, 3, CompareBounds::default()).unwrap();
    let d = c.difference.clone().unwrap();
    assert_eq!((d.line, d.mv.as_str()), (vec![], "-4"));
    assert_eq!(
        (d.mismatch, d.position.text.as_str()),
        (Mismatch::FastOnly, "1\n9\n")
    );
    assert_eq!(d.fast[0].text, "1\n5\n");
    assert!(d.oracle.is_empty());
    assert_ne!(c.fast, c.oracle);
    let sound = Subtraction::<false>::walker(&rules);
    let none = compare::<Subtraction>(&sound, &9, 4, CompareBounds::default()).unwrap();
    assert_eq!(none.difference, None);
    assert_eq!(none.fast, none.oracle);
}

/// A plan whose rows the report could not tell apart is refused before it runs: two
/// suites of a group reported row by row with one label, two merged groups with one
/// label, two named checks with the same rules and name. Merged into one group (one
/// label for both), the same two suites pass; so do suites of the default label, the
/// rules then what the cases are, when what they are differs.
#[test]
fn a_plan_whose_labels_collide_is_refused() {
    use gamecheck::harness::{check_labels, LabelCollision};
    let rules = Rules(vec![1, 2, 3]);
    let suite = |what: &str| Suite::<Subtraction>::against_oracle(rules.clone(), vec![1, 2], what);
    let check = |rules: &str, name: &str| {
        Step::Check(NamedCheck {
            rules: rules.into(),
            name: name.into(),
            run: Box::new(|| Outcome {
                checked: 0,
                failed: 0,
                detail: String::new(),
            }),
        })
    };
    let each = |suites| Step::Group(Group::each("heaps", suites));
    let merged = |label: &str| Step::Group(Group::merged(label, "heaps", vec![suite("random")]));
    let collision = |plan: Vec<Step<Subtraction>>| check_labels::<Subtraction>(&plan);
    let twice = collision(vec![each(vec![suite("random"), suite("random")])]).unwrap_err();
    assert_eq!(
        twice,
        LabelCollision {
            game: "subtraction",
            what: "suites",
            label: suite("random").label,
        }
    );
    assert!(
        twice.to_string().contains("could not tell apart"),
        "{twice}"
    );
    assert!(collision(vec![
        each(vec![suite("random")]),
        each(vec![suite("random")])
    ])
    .is_err());
    assert!(collision(vec![merged("all"), merged("all")]).is_err());
    let checks = collision(vec![check("S", "period"), check("S", "period")]).unwrap_err();
    assert_eq!(
        (checks.what, checks.label.as_str()),
        ("named checks", "S period")
    );
    assert!(collision(vec![each(vec![suite("random"), suite("every heap")])]).is_ok());
    assert!(collision(vec![
        check("S", "period"),
        check("T", "period"),
        merged("all")
    ])
    .is_ok());
    assert!(collision(vec![Step::Group(Group::merged(
        "all",
        "heaps",
        vec![suite("random"), suite("random")]
    ))])
    .is_ok());
}
