//! `gamecheck gen` and `gamecheck stress`: random contest inputs, and stress-testing
//! someone else's solution program against our solvers, with shrinking of what fails.
//!
//! A game plugs in through one small adapter, [`ContestGame`]: how to generate a random
//! case, write an input in the contest's canonical layout, compute our answers, read one
//! line of a program's output, and list "one step smaller" cases for shrinking. The rest
//! is generic:
//!
//! - [`runner`] runs the program on one input (stdin from a thread, stdout capped at
//!   16 MiB, the tail of stderr, a timeout that kills the process group, always reaped);
//! - [`judge`](mod@judge) classifies one run: pass, wrong answer, crash, timeout, malformed output;
//! - [`shrink`](mod@shrink) reduces a failing input: first to the single failing case, then that
//!   case, running the program on *batches* of candidates (up to the format's T);
//! - [`stress()`] (this module) runs rounds that grow from small, and shrinks the first
//!   failure.
//!
//! Adapters: [`marble::Marble`], [`paint::Paint`], [`sevens::Sevens`].

pub mod judge;
pub mod marble;
pub mod paint;
pub mod runner;
pub mod sevens;
pub mod shrink;

pub use judge::{judge, Class, Judgement, Verdict};
pub use runner::{End, Program, RunOutput, Target};

use crate::rng::{self, Rng};
use rand::Rng as _;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// How large generated cases are: `scale` runs from just above 0 (the smallest cases a
/// game makes: marble positions with few empty cells) to 1 (the full size the user
/// allowed with the size flags). `stress` grows it round by round; `gen` uses 1 unless
/// told otherwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// In (0, 1].
    pub scale: f64,
}

impl Size {
    /// Full size.
    pub const FULL: Size = Size { scale: 1.0 };
}

/// One game as a contest problem: what `gen` and `stress` need to know about it.
///
/// Cases are the units of a contest input (marble: a position; paint: a strip; sevens:
/// a deal); answers are what one output line says about one case.
pub trait ContestGame {
    /// One case of the input.
    type Case: Clone + Eq + Hash + Debug;
    /// One line of the output, parsed.
    type Answer: Clone + PartialEq + Debug + Display;

    /// The game's name on the command line (`marble`).
    fn name(&self) -> &'static str;

    /// The rule set, for reports (`n=4 k=3 lines=all normal`).
    fn rules(&self) -> String;

    /// The command-line flags that select these rules and size settings, so a printed
    /// `gamecheck gen …` line reproduces an input (`--side 4 --run 3 --lines all`).
    fn flags(&self) -> String;

    /// The most cases one input may hold (the contest's limit on T): shrinking puts up
    /// to this many candidates in one run of the program.
    fn max_batch(&self) -> usize;

    /// A random case of size `size`, drawn from `rng` only (same state, same case).
    fn generate(&self, rng: &mut Rng, size: Size) -> Self::Case;

    /// A whole input holding `cases`, in the contest's canonical layout.
    fn write_input(&self, cases: &[Self::Case]) -> String;

    /// Our answers to `cases`, in order: from the fastest correct solver, checked by the
    /// oracle where that is affordable.
    ///
    /// # Errors
    /// A solver refused a case, or our solvers disagree (a bug of ours, not of the
    /// program under test).
    fn answers(&mut self, cases: &[Self::Case]) -> Result<Vec<Self::Answer>, String>;

    /// The contest output for `answers` (what a correct program prints).
    fn write_answers(&self, answers: &[Self::Answer]) -> String;

    /// Reads one output line as the answer to case `index` (0-based). The line comes
    /// without trailing whitespace (see [`judge::output_lines`]); `None` when it is not
    /// an answer.
    fn parse_answer(&self, line: &str, index: usize) -> Option<Self::Answer>;

    /// What an answer line looks like, for error messages (`` `Alice` or `Bob` ``).
    fn answer_form(&self, index: usize) -> String;

    /// Cases "one step smaller" than `case` for shrinking, most promising (smallest)
    /// first; empty when the game does not shrink cases (sevens: the deck is fixed).
    fn shrink_candidates(&self, case: &Self::Case) -> Vec<Self::Case>;

    /// The size of a case in words, for reports (`2 empty cells`).
    fn describe_case(&self, case: &Self::Case) -> String;
}

/// The cases of one generated input: `cases` cases of size `size`, from `seed`.
/// `gamecheck gen` and every stress round use this, so a round's printed seed, case
/// count and scale reproduce its input byte for byte.
pub fn generate<G: ContestGame + ?Sized>(
    game: &G,
    seed: u64,
    cases: usize,
    size: Size,
) -> Vec<G::Case> {
    let mut rng = rng::from_seed(seed);
    (0..cases).map(|_| game.generate(&mut rng, size)).collect()
}

/// What a `stress` run is asked to do.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// Rounds (inputs) to try.
    pub rounds: u64,
    /// Cases in the largest inputs (rounds grow to it).
    pub cases: usize,
    /// The seed of the whole run; each round's seed is drawn from it.
    pub seed: u64,
    /// How long shrinking may take before it reports the smallest failure found so far.
    pub shrink_time: Duration,
}

/// The default time budget of shrinking.
pub const DEFAULT_SHRINK_TIME: Duration = Duration::from_secs(60);

/// One round's input: its seed, number of cases and size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Round {
    /// 1-based round number.
    pub number: u64,
    /// The seed of the round's cases (drawn from the run's seed).
    pub seed: u64,
    /// Cases in the round's input.
    pub cases: usize,
    /// The size of its cases.
    pub size: Size,
}

/// The most rounds it takes to grow to full size.
pub const RAMP_ROUNDS: u64 = 20;

/// The rounds of a run: they grow linearly from one small case to `cases` cases at full
/// size over the first half of the rounds (at most [`RAMP_ROUNDS`]), then stay there.
pub fn rounds(opts: &StressOptions) -> Vec<Round> {
    let mut master = rng::from_seed(opts.seed);
    // full size from round `half` on; with two rounds or more, round 1 is still small
    let half = opts
        .rounds
        .div_ceil(2)
        .max(opts.rounds.min(2))
        .clamp(1, RAMP_ROUNDS);
    (1..=opts.rounds)
        .map(|number| {
            let scale = (number as f64 / half as f64).min(1.0);
            // 1 case in round 1, `cases` from round `half` on
            let cases = if number >= half {
                opts.cases
            } else {
                1 + (opts.cases.saturating_sub(1) as u64 * (number - 1) / (half - 1)) as usize
            }
            .max(1);
            Round {
                number,
                seed: master.random::<u64>(),
                cases,
                size: Size { scale },
            }
        })
        .collect()
}

/// One run of the program on a list of cases, judged.
#[derive(Debug, Clone)]
pub struct Trial<C, A> {
    /// The cases of the input.
    pub cases: Vec<C>,
    /// The input as written to the program.
    pub input: String,
    /// Our answers.
    pub expected: Vec<A>,
    /// What the program did.
    pub output: RunOutput,
    /// The verdict.
    pub judgement: Judgement<A>,
}

/// A failure found by `stress`, shrunk.
#[derive(Debug, Clone)]
pub struct StressFailure<C, A> {
    /// The round that failed.
    pub round: Round,
    /// The class of the failure (kept while shrinking).
    pub class: Class,
    /// The round's own run (before shrinking).
    pub original: Trial<C, A>,
    /// The smallest failing input found, and the program's run on it.
    pub minimal: Trial<C, A>,
    /// Runs of the program spent shrinking.
    pub shrink_runs: u64,
    /// Seconds spent shrinking.
    pub shrink_seconds: f64,
    /// Why shrinking stopped early or was skipped, if it did.
    pub note: Option<String>,
}

/// The result of a `stress` run.
#[derive(Debug, Clone)]
pub struct StressSummary<C, A> {
    /// Rounds that passed.
    pub rounds_passed: u64,
    /// Cases in the rounds that passed.
    pub cases_passed: u64,
    /// The first failure, shrunk; `None` when every round passed.
    pub failure: Option<StressFailure<C, A>>,
}

/// Why a `stress` run could not be completed.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The program cannot be started (exit code 2 on the command line).
    #[error("cannot start the program: {0}")]
    Start(#[from] std::io::Error),
    /// Our own solvers failed (a refusal or a disagreement): a bug of ours.
    #[error("gamecheck cannot answer its own input: {0}")]
    Answers(String),
}

/// Writes `cases` as an input, computes our answers, runs `target` on it and judges.
///
/// # Errors
/// The program cannot be started, or our answers cannot be computed.
pub fn trial<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &mut G,
    target: &mut T,
    cases: &[G::Case],
) -> Result<Trial<G::Case, G::Answer>, StressError> {
    let input = game.write_input(cases);
    let expected = game.answers(cases).map_err(StressError::Answers)?;
    let output = target.run(input.as_bytes())?;
    let judgement = judge(game, &output, &expected);
    Ok(Trial {
        cases: cases.to_vec(),
        input,
        expected,
        output,
        judgement,
    })
}

/// Runs the rounds of `opts` until one fails, then shrinks that failure.
/// `on_round` is called after each round that passed (for a progress bar);
/// `on_failure` once, when a round failed and shrinking starts.
///
/// # Errors
/// The program cannot be started, or our answers cannot be computed.
pub fn stress<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &mut G,
    target: &mut T,
    opts: &StressOptions,
    mut on_round: impl FnMut(&Round),
    mut on_failure: impl FnMut(&Round, Class),
) -> Result<StressSummary<G::Case, G::Answer>, StressError> {
    let mut summary = StressSummary {
        rounds_passed: 0,
        cases_passed: 0,
        failure: None,
    };
    for round in rounds(opts) {
        let cases = generate(game, round.seed, round.cases, round.size);
        let original = trial(game, target, &cases)?;
        let Some(class) = original.judgement.verdict.class() else {
            summary.rounds_passed += 1;
            summary.cases_passed += cases.len() as u64;
            on_round(&round);
            continue;
        };
        on_failure(&round, class);
        let start = Instant::now();
        let mut shrinker = shrink::Shrinker::new(game, target, class, start + opts.shrink_time);
        let (minimal, note) = shrinker.shrink(original.clone())?;
        let shrink_runs = shrinker.runs();
        summary.failure = Some(StressFailure {
            round,
            class,
            original,
            minimal,
            shrink_runs,
            shrink_seconds: start.elapsed().as_secs_f64(),
            note,
        });
        break;
    }
    Ok(summary)
}
