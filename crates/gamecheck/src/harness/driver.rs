//! The one `verify` driver: for every suite of a game's plan, the move generators on
//! their own, every fast solver variant against the oracle (or a named reference), the
//! first mismatch of each variant and of the move generators shrunk with the game's
//! relation, and the game's named checks — all as rows of the report. A failing row's
//! note is its own failure.
//!
//! A game says *what* to check ([`Verify::plan`]); how it is compared, counted, shrunk and
//! reported is written here once, so a new solver variant (one more arm of
//! [`Game::Variant`]) appears in every suite's rows with no other edit.

use super::report::merge_by_solver;
use super::{shrink, shrink_by_key, Failure, Progress, ProgressMode, Report, Row, VerifyOptions};
use crate::game::{fast_variants, BoxSolver, Game, ShrinkMode, Variants as _};
use crate::outcome::{Compare, GameValue};
use crate::solver::Refusal;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::time::Instant;

/// What a named check found: how many things it checked, how many failed, and a note
/// (the first failure, or what was proved).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Things checked (cells, positions, values).
    pub checked: u64,
    /// Things that failed (0 for a passing check).
    pub failed: u64,
    /// The first failure, or what the check proved.
    pub detail: String,
}

impl Outcome {
    /// An outcome from a check that returns the number checked or its first failure.
    pub fn from_result(result: Result<u64, String>, what: &str) -> Self {
        match result {
            Ok(checked) => Outcome {
                checked,
                failed: 0,
                detail: what.to_string(),
            },
            Err(e) => Outcome {
                checked: 0,
                failed: 1,
                detail: e,
            },
        }
    }
}

/// A check of the game's own that is not a comparison of answers (boundary masks, the
/// proof of a period): one row of the report.
pub struct NamedCheck {
    /// The report's rules column.
    pub rules: String,
    /// The report's solver column (the check's name).
    pub name: String,
    /// The check itself.
    pub run: Box<dyn FnOnce() -> Outcome + Send>,
}

impl NamedCheck {
    /// A named check from a closure that returns the number of things it checked (`what`:
    /// the note of a passing row, e.g. `"rectangles"`) or its first failure.
    pub fn new(
        rules: impl Into<String>,
        name: impl Into<String>,
        what: &'static str,
        check: impl FnOnce() -> Result<u64, String> + Send + 'static,
    ) -> Self {
        NamedCheck {
            rules: rules.into(),
            name: name.into(),
            run: Box::new(move || Outcome::from_result(check(), what)),
        }
    }

    /// A named check that `holds` for every one of `items` (in order): the row counts
    /// them all (`what`: its note, e.g. `"rectangles"`), or fails with the first item's
    /// error.
    pub fn every<T: Send + 'static>(
        rules: impl Into<String>,
        name: impl Into<String>,
        what: &'static str,
        items: Vec<T>,
        mut holds: impl FnMut(&T) -> Result<(), String> + Send + 'static,
    ) -> Self {
        NamedCheck::new(rules, name, what, move || {
            items.iter().try_for_each(&mut holds)?;
            Ok(items.len() as u64)
        })
    }
}

/// A check run on one suite's rules and cases after the comparison (a table
/// certificate): one row per suite, named `.0`.
pub type SuiteCheck<G> = (
    &'static str,
    fn(&<G as Game>::Rules, &[<G as Game>::Case]) -> Outcome,
);

/// Cases of one rule set, compared variant by variant with a reference.
pub struct Suite<G: Game> {
    /// The report's rules column (usually the rule set's `Display`).
    pub label: String,
    /// The rule set.
    pub rules: G::Rules,
    /// The cases.
    pub cases: Vec<G::Case>,
    /// What the cases are, for the detail column (`every position`, `random`).
    pub what: String,
    /// Check the two move generators on every case first (a `movegen` row).
    pub movegen: bool,
    /// The reference: `None` for the oracle; a variant for cases beyond the oracle.
    pub reference: Option<G::Variant>,
    /// The variants compared with the reference.
    pub variants: Vec<G::Variant>,
    /// Checks run after the comparison.
    pub checks: Vec<SuiteCheck<G>>,
    /// Whether the variants are compared with the reference (`false`: cases beyond every
    /// reference's reach, where only the symmetry check runs: [`Suite::symmetry_only`]).
    pub against_reference: bool,
    /// What of the answers is compared: the whole answer (the default), or the answer
    /// without its remoteness, for variants that compute who wins but not how soon
    /// ([`Suite::without_remoteness`]).
    pub compare: Compare,
}

impl<G: Game> Suite<G> {
    /// Every fast variant against the oracle on `cases`, labelled with the rule set and
    /// what the cases are (`5x4, random`; set `label` for another).
    pub fn against_oracle(rules: G::Rules, cases: Vec<G::Case>, what: &str) -> Self {
        Suite {
            label: format!("{rules}, {what}"),
            rules,
            cases,
            what: what.to_string(),
            movegen: false,
            reference: None,
            variants: fast_variants::<G>(),
            checks: Vec::new(),
            against_reference: true,
            compare: Compare::Whole,
        }
    }

    /// Every fast variant on `cases` against itself on their images under
    /// [`Game::symmetries`], and against no reference: the metamorphic check for cases
    /// beyond the oracle's reach (larger boards), which needs no oracle.
    pub fn symmetry_only(rules: G::Rules, cases: Vec<G::Case>, what: &str) -> Self {
        Suite {
            against_reference: false,
            ..Suite::against_oracle(rules, cases, what)
        }
    }

    /// Every fast variant against the oracle on `count` random cases of `rules`, drawn by
    /// [`Game::random_case`] at full size from the seeded generator of `seed` (the same
    /// seed, the same cases).
    pub fn random(rules: G::Rules, count: u64, seed: u64) -> Self {
        let mut rng = crate::rng::from_seed(seed);
        let cases = (0..count)
            .map(|_| G::random_case(&rules, &mut rng, crate::rng::Size::FULL))
            .collect();
        Suite::against_oracle(rules, cases, "random")
    }

    /// The same suite with the move generators compared on every case first (its
    /// `movegen` row).
    #[must_use]
    pub fn with_movegen(self) -> Self {
        Suite {
            movegen: true,
            ..self
        }
    }

    /// The same suite comparing the answers without their remoteness
    /// ([`Compare::WithoutRemoteness`]): a fast solver right about who wins but not about
    /// how soon passes it (its rows say so).
    #[must_use]
    pub fn without_remoteness(self) -> Self {
        Suite {
            compare: Compare::WithoutRemoteness,
            ..self
        }
    }
}

/// Whether two answers (a refusal counts as an answer) agree under `compare`.
fn agree<V: GameValue>(compare: Compare, a: &Result<V, Refusal>, b: &Result<V, Refusal>) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => compare.agree(a, b),
        _ => a == b,
    }
}

/// Suites run in parallel; with `merged`, reported as one row per solver under that
/// label (summed counts), else one row per suite and solver.
pub struct Group<G: Game> {
    /// The suites.
    pub suites: Vec<Suite<G>>,
    /// The label of the merged rows, or `None` for rows per suite.
    pub merged: Option<String>,
    /// The progress bar's label.
    pub progress: &'static str,
}

impl<G: Game> Group<G> {
    /// `suites` reported as one row per solver, labelled `label` (summed counts).
    pub fn merged(label: impl Into<String>, progress: &'static str, suites: Vec<Suite<G>>) -> Self {
        Group {
            suites,
            merged: Some(label.into()),
            progress,
        }
    }

    /// `suites` reported one row per suite and solver.
    pub fn each(progress: &'static str, suites: Vec<Suite<G>>) -> Self {
        Group {
            suites,
            merged: None,
            progress,
        }
    }
}

/// Every position reachable from `start` under `rules` (`start` included, each once, in
/// breadth-first order), by the oracle's moves applied with [`Game::apply`]: the
/// exhaustive suite of a small game. A game whose [`Game::apply`] says nothing gives
/// `start` alone. Memory: every position is held (and hashed) at once.
pub fn reachable<G: Game>(rules: &G::Rules, start: G::Case) -> Vec<G::Case> {
    let gens = G::generators(rules);
    let mut seen = std::collections::HashSet::new();
    seen.insert(start.clone());
    let mut out = vec![start];
    let mut i = 0;
    while i < out.len() {
        let case = out[i].clone();
        for (_, next) in crate::game::applied::<G>(rules, &case, G::oracle_moves(&gens, &case)) {
            if seen.insert(next.clone()) {
                out.push(next);
            }
        }
        i += 1;
    }
    out
}

/// One step of a game's `verify` plan.
pub enum Step<G: Game> {
    /// A named check: one row.
    Check(NamedCheck),
    /// Suites of cases.
    Group(Group<G>),
}

impl<G: Game> From<NamedCheck> for Step<G> {
    fn from(check: NamedCheck) -> Self {
        Step::Check(check)
    }
}

impl<G: Game> From<Group<G>> for Step<G> {
    fn from(group: Group<G>) -> Self {
        Step::Group(group)
    }
}

/// What `verify` checks for a [`Game`]: its plan of suites and named checks, and its
/// part of the run's signature.
pub trait Verify: Game {
    /// What `verify` checks, in report order: suites of cases compared with the oracle
    /// for every variant ([`Suite`], [`Group`]), and the game's own named checks
    /// ([`NamedCheck`]: boundary masks, period proofs, table certificates).
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>>;

    /// The most entries a suite's oracle may keep in its memo ([`Solver::memo_entries`]):
    /// past it, the memo is cleared before the next case, so one oracle serving a whole
    /// random suite stays within memory (an oracle that reports no memo is rebuilt every
    /// [`crate::solver::ORACLE_REBUILD_EVERY`] cases). By default
    /// [`DEFAULT_ORACLE_MEMO_LIMIT`]; a game whose entries are large (a board's text, a
    /// value with remoteness) sets a smaller one.
    ///
    /// [`Solver::memo_entries`]: crate::solver::Solver::memo_entries
    const ORACLE_MEMO_LIMIT: usize = DEFAULT_ORACLE_MEMO_LIMIT;

    /// The bytes this game adds to the `signature:` line of `verify`
    /// ([`crate::harness::signature`]): what a run proved that another implementation can
    /// reproduce (solved tables, a proved period with its values); deterministic, the
    /// same whatever the seed. `None` (the default): the game adds nothing.
    fn signature_part() -> Option<Vec<u8>> {
        None
    }
}

/// The default of [`Verify::ORACLE_MEMO_LIMIT`]: 2^22 = 4,194,304 entries (about 400
/// MiB for a memo keyed by a board's text of 20 to 40 bytes: a hash map entry with its
/// string and value takes about 100).
pub const DEFAULT_ORACLE_MEMO_LIMIT: usize = 1 << 22;

/// Two parts of a plan that would print rows of the same label (the rules column, and
/// for named checks the solver column too), so that the report could not tell them
/// apart: give each suite a `label` of its own.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the verify plan of {game} has two {what} labelled `{label}`, whose rows the report \
     could not tell apart: give one a label of its own (a suite's `label` field, a merged \
     group's label, or a named check's rules and name)"
)]
pub struct LabelCollision {
    /// The game.
    pub game: &'static str,
    /// `suites` (suites of groups reported row by row, and merged groups), or `named
    /// checks`.
    pub what: &'static str,
    /// The label both carry (a named check's: `rules` then its name).
    pub label: String,
}

/// Checks that no two rows of `plan` would carry the same label: a suite of a group
/// reported row by row and a merged group's label are the rows' rules column, each
/// unique; a named check's rules and name, each pair unique.
///
/// # Errors
/// The first [`LabelCollision`].
pub fn check_labels<G: Game>(plan: &[Step<G>]) -> Result<(), LabelCollision> {
    let mut rows: BTreeSet<&str> = BTreeSet::new();
    let mut checks: BTreeSet<(&str, &str)> = BTreeSet::new();
    let collision = |what, label: String| LabelCollision {
        game: G::NAME,
        what,
        label,
    };
    for step in plan {
        match step {
            Step::Check(c) => {
                if !checks.insert((&c.rules, &c.name)) {
                    return Err(collision("named checks", format!("{} {}", c.rules, c.name)));
                }
            }
            Step::Group(g) => {
                let labels: Vec<&str> = match &g.merged {
                    Some(label) => vec![label],
                    None => g.suites.iter().map(|s| s.label.as_str()).collect(),
                };
                for label in labels {
                    if !rows.insert(label) {
                        return Err(collision("suites", label.to_string()));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Runs the plan of `G` into `report`.
///
/// # Panics
/// When two rows of the plan would carry the same label ([`check_labels`]; the command
/// line says so and exits 1 instead, through [`try_verify`]).
pub fn verify<G: Verify>(opts: &VerifyOptions, report: &mut Report) {
    if let Err(e) = try_verify::<G>(opts, report) {
        panic!("{e}");
    }
}

/// [`verify`], refusing a plan whose rows' labels collide before running any of it.
///
/// # Errors
/// The plan's first [`LabelCollision`]; `report` is untouched then.
pub fn try_verify<G: Verify>(
    opts: &VerifyOptions,
    report: &mut Report,
) -> Result<(), LabelCollision> {
    try_verify_steps::<G>(opts, report, &mut |_| true).map(|_| ())
}

/// What one step of a plan is and what it added to the report: see [`try_verify_steps`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepSpan {
    /// The step's label: a named check's rules and name (`7x7 boundary masks`), a merged
    /// group's label, or the labels of a group's suites joined by `; `.
    pub label: String,
    /// Whether it was run (`run_step` said so).
    pub ran: bool,
    /// The indices of the rows it added to the report (empty when not run).
    pub rows: std::ops::Range<usize>,
    /// The indices of the failures it added.
    pub failures: std::ops::Range<usize>,
}

impl<G: Game> Step<G> {
    /// The step's label ([`StepSpan::label`]).
    pub fn label(&self) -> String {
        match self {
            Step::Check(c) => format!("{} {}", c.rules, c.name).trim().to_string(),
            Step::Group(g) => match &g.merged {
                Some(label) => label.clone(),
                None => g
                    .suites
                    .iter()
                    .map(|s| s.label.as_str())
                    .collect::<Vec<_>>()
                    .join("; "),
            },
        }
    }
}

/// [`try_verify`] step by step: the whole plan is built and its labels checked, then each
/// step (a named check, or a group with all its suites) is run only when `run_step` says
/// so, given the step's index in the plan (0, 1, …): what `verify --shard K/N` deals
/// to its shards. Returns every step's label and the rows and failures it added.
///
/// # Errors
/// The plan's first [`LabelCollision`]; `report` is untouched then.
pub fn try_verify_steps<G: Verify>(
    opts: &VerifyOptions,
    report: &mut Report,
    run_step: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<StepSpan>, LabelCollision> {
    let plan = G::plan(opts);
    check_labels::<G>(&plan)?;
    let mut spans = Vec::with_capacity(plan.len());
    for (i, step) in plan.into_iter().enumerate() {
        let label = step.label();
        let (rows, failures) = (report.rows.len(), report.failures.len());
        let ran = run_step(i);
        if ran {
            run_one_step::<G>(step, opts, report);
        }
        spans.push(StepSpan {
            label,
            ran,
            rows: rows..report.rows.len(),
            failures: failures..report.failures.len(),
        });
    }
    Ok(spans)
}

/// Runs one step of `G`'s plan into `report`.
fn run_one_step<G: Verify>(step: Step<G>, opts: &VerifyOptions, report: &mut Report) {
    match step {
        Step::Check(check) => {
            let start = Instant::now();
            let outcome = (check.run)();
            let row = Row {
                game: G::NAME.into(),
                rules: check.rules,
                solver: check.name,
                checked: outcome.checked,
                mismatches: outcome.failed,
                seconds: start.elapsed().as_secs_f64(),
                detail: Some(outcome.detail),
                oracle_memo_peak: None,
            };
            push_row(report, row, opts);
        }
        Step::Group(group) => run_group::<G>(group, opts, report, G::ORACLE_MEMO_LIMIT),
    }
}

/// Adds `row` to the report; under [`ProgressMode::Plain`], says so on stderr (the
/// row's game, rules, solver, counts and seconds).
fn push_row(report: &mut Report, row: Row, opts: &VerifyOptions) {
    if opts.progress == ProgressMode::Plain {
        eprintln!(
            "{}: {}: {} {} checked, {} mismatch{}, {:.2} s",
            super::progress::invocation("verify", &row.game),
            row.rules,
            row.solver,
            row.checked,
            row.mismatches,
            if row.mismatches == 1 { "" } else { "es" },
            row.seconds
        );
    }
    report.push_row(row);
}

fn run_group<G: Game>(group: Group<G>, opts: &VerifyOptions, report: &mut Report, limit: usize) {
    let ticks: u64 = group
        .suites
        .iter()
        .map(|s| {
            // the reference's answers (none in a symmetry-only suite), the move
            // generators, each variant
            let steps = u64::from(s.against_reference) + u64::from(s.movegen);
            s.cases.len() as u64 * (steps + s.variants.len() as u64)
        })
        .sum();
    let bar = Progress::new(
        opts.progress,
        ticks,
        &format!(
            "{}: {}",
            super::progress::command_words("verify", G::NAME),
            group.progress
        ),
    );
    let wall = Instant::now();
    let results: Vec<(Vec<Row>, Vec<Failure>, f64)> = group
        .suites
        .par_iter()
        .map(|s| run_suite::<G>(s, &bar, limit))
        .collect();
    // the bar's length is every step the suites tick: it ends full, never short or over
    debug_assert_eq!(bar.position(), ticks, "progress steps of {}", G::NAME);
    bar.finish();
    let wall = wall.elapsed().as_secs_f64();
    let Some(label) = group.merged else {
        for (rows, failures, _) in results {
            rows.into_iter().for_each(|r| push_row(report, r, opts));
            failures.into_iter().for_each(|f| report.push_failure(f));
        }
        return;
    };
    let mut rows = Vec::new();
    let mut seen = BTreeSet::new();
    let mut reference_secs = 0.0;
    for (r, failures, secs) in results {
        rows.extend(r);
        reference_secs += secs;
        for f in failures {
            // the first shrunk failure of each solver
            if seen.insert(f.solver.clone()) {
                report.push_failure(f);
            }
        }
    }
    let suites = group.suites.len();
    let reference = match group.suites.iter().all(|s| s.reference.is_none()) {
        true => "the oracle",
        false => "the references",
    };
    // a failing merged row keeps its first failing suite's note, after that suite's
    // rules (see merge_by_solver)
    for r in merge_by_solver(rows) {
        let detail = match r.mismatches {
            0 => format!(
                "{suites} suites, seconds summed; {reference} took {reference_secs:.2} s; \
                 {wall:.2} s wall in all"
            ),
            _ => r.detail.clone().unwrap_or_default(),
        };
        let row = Row {
            rules: label.clone(),
            detail: Some(detail),
            ..r
        };
        push_row(report, row, opts);
    }
}

/// The generic move-generation property on the game's own generators: the two move
/// lists agree ([`super::laws::movegen_agrees_with`]) and, when the game gives a fast
/// successor, so does each move's successor ([`super::laws::successors_agree`]).
///
/// # Errors
/// The first difference, with the case in the contest format.
pub fn movegen_agrees<G: Game>(
    rules: &G::Rules,
    gens: &G::Generators,
    case: &G::Case,
) -> Result<(), String> {
    movegen_and_successors::<G>(rules, gens, case).map(|_| ())
}

/// [`movegen_agrees`], with the moves whose successors were compared (`None`: the game
/// gives no fast successor).
fn movegen_and_successors<G: Game>(
    rules: &G::Rules,
    gens: &G::Generators,
    case: &G::Case,
) -> Result<Option<u64>, String> {
    super::laws::movegen_agrees_with::<G>(
        rules,
        case,
        &G::oracle_moves(gens, case),
        &G::fast_moves(gens, case),
    )?;
    super::laws::successors_agree::<G>(rules, gens, case)
}

/// The rows and shrunk failures of one suite, and the seconds its reference took.
fn run_suite<G: Game>(
    suite: &Suite<G>,
    bar: &Progress,
    limit: usize,
) -> (Vec<Row>, Vec<Failure>, f64) {
    let rules = &suite.rules;
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let row = |solver: String, checked: u64, mismatches: u64, seconds: f64, detail: String| Row {
        game: G::NAME.into(),
        rules: suite.label.clone(),
        solver,
        checked,
        mismatches,
        seconds,
        detail: Some(detail),
        oracle_memo_peak: None,
    };
    // start shrinking from a case that is a valid contest input when there is one
    let start_of = |wrong: &[usize]| {
        let valid = |i: &&usize| {
            let text = G::write(rules, &[suite.cases[**i].clone()]);
            G::read(rules, &text).is_ok()
        };
        wrong.iter().find(valid).or(wrong.first()).copied()
    };
    if suite.movegen {
        let start = Instant::now();
        let (mut wrong, mut first) = (Vec::new(), None);
        let gens = G::generators(rules);
        // moves whose two successors were compared; whether a case had a move with no
        // fast successor (the game gives none)
        let (mut successors, mut no_fast_apply) = (0u64, false);
        for (i, c) in suite.cases.iter().enumerate() {
            match movegen_and_successors::<G>(rules, &gens, c) {
                Err(e) => {
                    wrong.push(i);
                    first.get_or_insert(e);
                }
                Ok(Some(n)) => successors += n,
                Ok(None) => no_fast_apply = true,
            }
            bar.tick();
        }
        let successors = match (successors, no_fast_apply) {
            (0, true) => "successors: not checked (no fast_apply)".to_string(),
            (n, _) => format!("successors of {n} moves vs apply"),
        };
        rows.push(row(
            "movegen".into(),
            suite.cases.len() as u64,
            wrong.len() as u64,
            start.elapsed().as_secs_f64(),
            first.unwrap_or_else(|| {
                format!("fast vs oracle generator, {}; {successors}", suite.what)
            }),
        ));
        if let Some(i) = start_of(&wrong) {
            let what = format!("the move generators' mismatch in {rules}");
            failures.push(bar.shrinking(&what, || {
                shrink_movegen_failure::<G>(rules, suite.cases[i].clone())
            }));
        }
    }
    let reference = suite.reference.unwrap_or(G::ORACLE_VARIANT);
    let start = Instant::now();
    let mut oracle = G::solver(rules, reference);
    let mut memo_peak: Option<usize> = None;
    let expected: Vec<Result<G::Answer, Refusal>> = if suite.against_reference {
        suite
            .cases
            .iter()
            .enumerate()
            .map(|(i, c)| {
                bar.tick();
                let answer = oracle.solve(c);
                let rebuild = || G::solver(rules, reference);
                let held = crate::solver::keep_memo_within(&mut oracle, i + 1, limit, rebuild);
                memo_peak = memo_peak.max(held);
                answer
            })
            .collect()
    } else {
        Vec::new()
    };
    drop(oracle);
    let reference_secs = start.elapsed().as_secs_f64();
    let what = match suite.compare {
        Compare::Whole => suite.what.clone(),
        Compare::WithoutRemoteness => format!("{}, remoteness not compared", suite.what),
    };
    let reference_note = match suite.reference {
        None => format!("{what}; oracle took {reference_secs:.3} s"),
        Some(v) => format!(
            "{what}; reference `{}` took {reference_secs:.3} s",
            v.name()
        ),
    };
    for &variant in &suite.variants {
        let mut solver = G::solver(rules, variant);
        let start = Instant::now();
        let answers: Vec<Result<G::Answer, Refusal>> = suite
            .cases
            .iter()
            .map(|c| {
                bar.tick();
                solver.solve(c)
            })
            .collect();
        let seconds = start.elapsed().as_secs_f64();
        let images = Instant::now();
        let (checked, mismatch) =
            symmetry_check::<G>(rules, &suite.cases, &answers, solver.as_mut());
        if checked > 0 {
            let note = match &mismatch {
                None => format!("every image, {}", suite.what),
                Some((i, image, got)) => format!(
                    "case {} ({}) answered {}, its image {} answered {}",
                    i + 1,
                    G::describe_case(rules, &suite.cases[*i]),
                    show_answer::<G>(rules, &suite.cases[*i], &answers[*i]),
                    G::describe_case(rules, image),
                    show_answer::<G>(rules, image, got),
                ),
            };
            rows.push(row(
                format!("{} symmetry", variant.name()),
                checked,
                u64::from(mismatch.is_some()),
                images.elapsed().as_secs_f64(),
                note,
            ));
            if let Some((i, _, _)) = mismatch {
                let what = format!("{} symmetry's mismatch in {rules}", variant.name());
                failures.push(bar.shrinking(&what, || {
                    shrink_symmetry_failure::<G>(rules, suite.cases[i].clone(), variant)
                }));
            }
        }
        if !suite.against_reference {
            continue;
        }
        let wrong: Vec<usize> = (0..answers.len())
            .filter(|&i| !agree(suite.compare, &answers[i], &expected[i]))
            .collect();
        let name = match suite.reference {
            None => variant.name().to_string(),
            Some(r) => format!("{} vs {}", variant.name(), r.name()),
        };
        // a failing row's note is its first mismatch (the shrunk one is in the failures)
        let note = match wrong.first() {
            None => reference_note.clone(),
            Some(&i) => format!(
                "first mismatch at case {} ({}): expected {}, got {}",
                i + 1,
                G::describe_case(rules, &suite.cases[i]),
                show_answer::<G>(rules, &suite.cases[i], &expected[i]),
                show_answer::<G>(rules, &suite.cases[i], &answers[i]),
            ),
        };
        rows.push(Row {
            oracle_memo_peak: memo_peak.map(|n| n as u64),
            ..row(
                name,
                answers.len() as u64,
                wrong.len() as u64,
                seconds,
                note,
            )
        });
        if let Some(i) = start_of(&wrong) {
            let what = format!("{}'s mismatch in {rules}", variant.name());
            failures.push(bar.shrinking(&what, || {
                shrink_failure_with::<G>(
                    rules,
                    suite.cases[i].clone(),
                    variant,
                    reference,
                    suite.compare,
                )
            }));
        }
    }
    for (name, check) in &suite.checks {
        let start = Instant::now();
        let outcome = check(rules, &suite.cases);
        rows.push(row(
            (*name).into(),
            outcome.checked,
            outcome.failed,
            start.elapsed().as_secs_f64(),
            outcome.detail,
        ));
    }
    (rows, failures, reference_secs)
}

/// An image answered unlike its case: the case's index, the image, the image's answer.
pub type OddImage<G> = (
    usize,
    <G as Game>::Case,
    Result<<G as Game>::Answer, Refusal>,
);

/// The symmetry check of one solver: every image ([`Game::symmetries`]) of every case of
/// `cases` (whose answers by the same solver are `answers`, in order) answered by
/// `solver` as the case itself. Returns the images checked and the first mismatch: the
/// case's index, the image and the image's answer. A case the solver refused is skipped.
pub fn symmetry_check<G: Game>(
    rules: &G::Rules,
    cases: &[G::Case],
    answers: &[Result<G::Answer, Refusal>],
    solver: &mut (dyn crate::solver::Solver<G::Case, G::Answer> + Send),
) -> (u64, Option<OddImage<G>>) {
    let mut checked = 0;
    for (i, (case, answer)) in cases.iter().zip(answers).enumerate() {
        if answer.is_err() {
            continue;
        }
        for image in G::symmetries(rules, case) {
            checked += 1;
            let got = solver.solve(&image);
            if got != *answer {
                return (checked, Some((i, image, got)));
            }
        }
    }
    (checked, None)
}

/// Solvers of one variant per rule set met while shrinking (a table is built once per
/// rule set, not once per candidate).
struct Solvers<G: Game> {
    variant: G::Variant,
    built: Vec<(G::Rules, BoxSolver<G>)>,
}

impl<G: Game> Solvers<G> {
    fn new(variant: G::Variant) -> Self {
        Solvers {
            variant,
            built: Vec::new(),
        }
    }

    fn solve(&mut self, rules: &G::Rules, case: &G::Case) -> Result<G::Answer, Refusal> {
        let i = match self.built.iter().position(|(r, _)| r == rules) {
            Some(i) => i,
            None => {
                self.built
                    .push((rules.clone(), G::solver(rules, self.variant)));
                self.built.len() - 1
            }
        };
        self.built[i].1.solve(case)
    }
}

/// Shrinks a case on which `variant` disagrees with `reference` along
/// [`Game::smaller`] (the rules may shrink too) to a local minimum, and describes it for
/// a regression test: the rules with their flags, the contest input (T = 1), both
/// answers and the oracle's best move. The answers are compared whole:
/// [`shrink_failure_with`] chooses.
pub fn shrink_failure<G: Game>(
    rules: &G::Rules,
    case: G::Case,
    variant: G::Variant,
    reference: G::Variant,
) -> Failure {
    shrink_failure_with::<G>(rules, case, variant, reference, Compare::Whole)
}

/// [`shrink_failure`] with the answers compared by `compare` (with or without their
/// remoteness). The walk never tries a (rules, case) twice and tries at most
/// [`super::SHRINK_BUDGET`] candidates ([`shrink_by_key`]), so a game whose positions
/// repeat (where one move later is not always smaller) cannot keep it going.
pub fn shrink_failure_with<G: Game>(
    rules: &G::Rules,
    case: G::Case,
    variant: G::Variant,
    reference: G::Variant,
    compare: Compare,
) -> Failure {
    let mut fast = Solvers::<G>::new(variant);
    let mut slow = Solvers::<G>::new(reference);
    let mut met_rules: Vec<G::Rules> = Vec::new();
    // a failure the reference answered shrinks to cases the reference answers: a
    // smaller case may be one it refuses (beyond its limit: a board one move earlier
    // has more empty cells), and a refusal is no counterexample
    let answered = slow.solve(rules, &case).is_ok();
    let (rules, small) = shrink_by_key(
        (rules.clone(), case),
        |(r, c)| (rules_id(&mut met_rules, r), c.clone()),
        |(r, c)| G::smaller(r, c, ShrinkMode::MayChangeRules),
        |(r, c)| {
            let want = slow.solve(r, c);
            (want.is_ok() || !answered) && !agree(compare, &fast.solve(r, c), &want)
        },
    );
    describe_failure::<G>(
        &rules,
        &small,
        variant.name(),
        slow.solve(&rules, &small),
        fast.solve(&rules, &small),
    )
}

/// A symmetry failure of `variant` at `case` (an image of it answered unlike it), shrunk
/// with the game's relation under the same rules while some image still disagrees, and
/// shown as that image with both answers.
pub fn shrink_symmetry_failure<G: Game>(
    rules: &G::Rules,
    case: G::Case,
    variant: G::Variant,
) -> Failure {
    let mut solver = G::solver(rules, variant);
    shrink_symmetry_failure_of::<G>(rules, case, solver.as_mut(), variant.name())
}

/// [`shrink_symmetry_failure`] of any solver, named `name` in the failure.
///
/// # Panics
/// When `solver` answers every image of `case` as `case` itself (there is no failure).
pub fn shrink_symmetry_failure_of<G: Game>(
    rules: &G::Rules,
    case: G::Case,
    solver: &mut (dyn crate::solver::Solver<G::Case, G::Answer> + Send),
    name: &str,
) -> Failure {
    let mut odd_image = |c: &G::Case| {
        let own = solver.solve(c);
        if own.is_err() {
            return None;
        }
        G::symmetries(rules, c).into_iter().find_map(|image| {
            let got = solver.solve(&image);
            (got != own).then(|| (image, own.clone(), got))
        })
    };
    let small = shrink(
        case,
        |c| {
            G::smaller(rules, c, ShrinkMode::KeepRules)
                .into_iter()
                .filter(|(r, _)| r == rules)
                .map(|(_, c)| c)
                .collect()
        },
        |c| odd_image(c).is_some(),
    );
    let (image, own, got) = odd_image(&small).expect("the shrunk case still disagrees");
    Failure {
        game: G::NAME.into(),
        rules: rules_and_flags::<G>(rules),
        solver: format!("{name} symmetry"),
        case: G::write(rules, std::slice::from_ref(&image)),
        expected: show_answer::<G>(rules, &small, &own),
        got: show_answer::<G>(rules, &image, &got),
        best_move: None,
        image_of: Some(G::write(rules, std::slice::from_ref(&small))),
        after_move: None,
    }
}

/// The place of `rules` among `met` (added when new): a key for rule sets, which need
/// not hash.
fn rules_id<R: PartialEq + Clone>(met: &mut Vec<R>, rules: &R) -> usize {
    match met.iter().position(|r| r == rules) {
        Some(i) => i,
        None => {
            met.push(rules.clone());
            met.len() - 1
        }
    }
}

/// The move generators of each rule set met while shrinking (built once per rule set).
struct GeneratorsOf<G: Game>(Vec<(G::Rules, G::Generators)>);

impl<G: Game> GeneratorsOf<G> {
    fn get(&mut self, rules: &G::Rules) -> &G::Generators {
        let i = match self.0.iter().position(|(r, _)| r == rules) {
            Some(i) => i,
            None => {
                self.0.push((rules.clone(), G::generators(rules)));
                self.0.len() - 1
            }
        };
        &self.0[i].1
    }
}

/// A failure's rule set: its name, then the flags that select it in brackets
/// (`side 4 [--side 4 --run 3]`); the name alone for a game without flags.
fn rules_and_flags<G: Game>(rules: &G::Rules) -> String {
    match G::flags(rules) {
        flags if flags.is_empty() => rules.to_string(),
        flags => format!("{rules} [{flags}]"),
    }
}

/// Shrinks a case on which the fast move generator disagrees with the oracle's
/// ([`movegen_agrees`]: the move lists, or a move's successors) along [`Game::smaller`]
/// (the rules may shrink too) to a local minimum, and describes it for a regression
/// test: solver `movegen`, the rules with their flags, the contest input (T = 1), no
/// best move, and as `expected` and `got` the oracle's and the fast generator's moves,
/// sorted (`[a, b]`, `[]` for none; a repeated move shows twice) — or, when the lists
/// agree and a successor differs, that move ([`Failure::after_move`]) with the reference
/// successor and the fast one, each as a contest input.
pub fn shrink_movegen_failure<G: Game>(rules: &G::Rules, case: G::Case) -> Failure {
    let mut gens = GeneratorsOf::<G>(Vec::new());
    let mut met_rules: Vec<G::Rules> = Vec::new();
    let (rules, small) = shrink_by_key(
        (rules.clone(), case),
        |(r, c)| (rules_id(&mut met_rules, r), c.clone()),
        |(r, c)| G::smaller(r, c, ShrinkMode::MayChangeRules),
        |(r, c)| movegen_agrees::<G>(r, gens.get(r), c).is_err(),
    );
    let gens = gens.get(&rules);
    let list = |mut moves: Vec<G::Move>| {
        moves.sort();
        let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        format!("[{}]", names.join(", "))
    };
    let (oracle, fast) = (G::oracle_moves(gens, &small), G::fast_moves(gens, &small));
    let case = G::write(&rules, std::slice::from_ref(&small));
    let lists_agree = super::laws::movegen_agrees_with::<G>(&rules, &small, &oracle, &fast);
    if lists_agree.is_ok() {
        // the lists agree, so a move's successors differ: that move, both successors
        if let Err((mv, want, got)) =
            super::laws::first_odd_successor::<G>(&rules, gens, &small, &fast)
        {
            use super::laws::show_successor;
            return Failure {
                game: G::NAME.into(),
                rules: rules_and_flags::<G>(&rules),
                solver: "movegen".into(),
                case,
                expected: show_successor::<G>(&rules, &want, "nothing (apply refuses it)"),
                got: show_successor::<G>(&rules, &got, "nothing (fast_apply gives none)"),
                best_move: None,
                image_of: None,
                after_move: Some(mv.to_string()),
            };
        }
    }
    Failure {
        game: G::NAME.into(),
        rules: rules_and_flags::<G>(&rules),
        solver: "movegen".into(),
        case,
        expected: list(oracle),
        got: list(fast),
        best_move: None,
        image_of: None,
        after_move: None,
    }
}

/// An answer for a report: the contest's output for `case`, and the value when it says
/// more (`Alice (win (N-position))`); a refusal as its message.
fn show_answer<G: Game>(
    rules: &G::Rules,
    case: &G::Case,
    answer: &Result<G::Answer, Refusal>,
) -> String {
    match answer {
        Ok(v) => {
            let w = G::output(rules, case, *v).to_string();
            let a = v.to_string();
            if w == a {
                w
            } else {
                format!("{w} ({a})")
            }
        }
        Err(e) => e.to_string(),
    }
}

/// A failure block for `case`: the rules with their flags, the case as a contest input,
/// both answers and the oracle's best move.
pub fn describe_failure<G: Game>(
    rules: &G::Rules,
    case: &G::Case,
    solver: &str,
    expected: Result<G::Answer, Refusal>,
    got: Result<G::Answer, Refusal>,
) -> Failure {
    Failure {
        game: G::NAME.into(),
        rules: rules_and_flags::<G>(rules),
        solver: solver.into(),
        case: G::write(rules, std::slice::from_ref(case)),
        expected: show_answer::<G>(rules, case, &expected),
        got: show_answer::<G>(rules, case, &got),
        best_move: G::best_move(rules, case),
        image_of: None,
        after_move: None,
    }
}
