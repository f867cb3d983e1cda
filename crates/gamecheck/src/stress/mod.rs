//! `gamecheck gen` and `gamecheck stress`: random contest inputs, and stress-testing
//! someone else's solution program against our solvers, with shrinking of what fails.
//!
//! A game plugs in through one small adapter, [`ContestGame`]: how to generate a random
//! case, write an input in the contest's canonical layout, compute our answers, read one
//! line of a program's output, and list "one step smaller" cases for shrinking. The rest
//! is generic:
//!
//! - [`run_limited`] runs the program on one input (stdin from a thread, stdout capped at
//!   16 MiB, the tail of stderr, a timeout that kills the process group, always reaped);
//! - [`judge()`] classifies one run: pass, wrong answer, crash, timeout, malformed output;
//! - shrinking reduces a failing input: first to the single failing case, then that
//!   case, running the program on *batches* of candidates (up to the format's T); a
//!   timeout is not shrunk, its cases are timed one at a time instead ([`CaseTime`]);
//! - [`stress()`] (this module) runs rounds that grow from small, and shrinks the first
//!   failure.

pub(crate) mod busy;
pub(crate) mod judge;
pub(crate) mod memory;
#[cfg(feature = "cli")]
pub(crate) mod preflight;
mod program;
#[cfg(feature = "cli")]
pub(crate) mod replay;
#[cfg(feature = "cli")]
pub(crate) mod report;
pub(crate) mod runner;
pub(crate) mod show;
pub(crate) mod shrink;

pub use busy::{held_back, BUSY_RERUNS};
pub use judge::{judge, output_lines, Class, Judgement, MemoryEvidence, Verdict};
pub use program::program_of;
pub use runner::{
    default_wall, end_all_runs, end_runs_on_signals, ending, run, run_limited, End, LeftBehind,
    Limits, MemoryKind, MemoryLimit, Program, RunOutput, SharedTarget, Target, TimeLimit,
    LEFT_BEHIND_SHOWN, SAMPLE_PERIOD, SAMPLE_PERIOD_START, SAMPLE_START_SPAN, STDERR_TAIL,
    STDOUT_CAP,
};
pub use shrink::{CaseTime, TIMED_CASES};

pub use crate::rng::Size;
use crate::rng::{self, Rng};
use rand::Rng as _;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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

    /// The `cases` cases of one input at `size`, drawn from `rng` only (same state, same
    /// cases): what [`generate()`] writes. By default [`ContestGame::generate`] once a
    /// case; a game whose input should have a property no single case can have draws
    /// the cases together (octal: its heaps from a proved period take every residue
    /// class in turn).
    fn generate_input(&self, rng: &mut Rng, cases: usize, size: Size) -> Vec<Self::Case> {
        (0..cases).map(|_| self.generate(rng, size)).collect()
    }

    /// How many of `cases` are beyond the oracle's reach (it refuses them), so that our
    /// answers to them come from the fast solver alone (the one `verify` checks against
    /// the oracle where the oracle reaches): `gen` and `stress` say so. By default 0 (an
    /// adapter that checks every answer another way says nothing).
    fn beyond_oracle(&self, cases: &[Self::Case]) -> usize {
        let _ = cases;
        0
    }

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
    /// without its line end and trailing ASCII spaces and tabs, nothing else (see
    /// [`judge::output_lines`]); `None` when it is not
    /// an answer.
    fn parse_answer(&self, line: &str, index: usize) -> Option<Self::Answer>;

    /// What an answer line looks like, for error messages (`` `Alice` or `Bob` ``).
    fn answer_form(&self, index: usize) -> String;

    /// Cases "one step smaller" than `case` for shrinking, most promising (smallest)
    /// first; empty when the game does not shrink cases (sevens: the deck is fixed).
    fn shrink_candidates(&self, case: &Self::Case) -> Vec<Self::Case>;

    /// A size of `case` that shrinking can search before it takes single steps
    /// ([`ContestGame::shrink_candidates`]): the sizes from the smallest the game allows
    /// up to `case`'s own, each of which [`ContestGame::with_size`] makes a case of;
    /// `None` (the default) when the game offers none (or `case` is at its smallest).
    ///
    /// Shrinking then finds the smallest failing size by galloping up from the smallest
    /// (sizes `s`, `s + 7`, `s + 63`, … growing 8-fold) and bisecting the last gap: about
    /// 1.3 · log2(t) runs of the program for a failure that starts at size `t`, however
    /// large the failing case (a heap of 10^18 tokens that fails from 301 on is shrunk to
    /// 301 in 13 runs). That is exact for a failure that every size from some threshold
    /// on shows (a table too small, an overflow), and still a failing case of a local
    /// threshold for any other.
    fn shrink_sizes(&self, case: &Self::Case) -> Option<std::ops::RangeInclusive<u64>> {
        let _ = case;
        None
    }

    /// `case` made size `size` (in the range [`ContestGame::shrink_sizes`] gave for it,
    /// below its own size), as a case of the same rules: a truncated board, capped
    /// heaps. `None` when there is no such case (that size is then taken to pass).
    fn with_size(&self, case: &Self::Case, size: u64) -> Option<Self::Case> {
        let _ = (case, size);
        None
    }

    /// The size of a case in words, for reports (`2 empty cells`).
    fn describe_case(&self, case: &Self::Case) -> String;

    /// Reads a whole contest input back into cases (`stress --replay` reads a saved
    /// `input.txt` with it); the error names where the input is wrong.
    ///
    /// # Errors
    /// The text is not a valid input under these rules.
    fn read_input(&self, text: &str) -> Result<Vec<Self::Case>, crate::error::ParseError>;
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
    game.generate_input(&mut rng, cases, size)
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
    /// How long shrinking may take before it reports the smallest failure found so far
    /// (for a timeout: how long its cases may take, run alone).
    pub shrink_time: Duration,
    /// Runs of the program side by side (rounds, and candidate batches of shrinking);
    /// 1 runs one at a time. The result does not depend on it.
    pub jobs: usize,
    /// Runs again of a failing input, to tell a failure that reproduces from a flaky
    /// one ([`StressFailure::shrunk_reruns`]): the shrunk input's, and first (not for a
    /// timeout) the failing round's own; when the round's input passes one of them,
    /// shrinking runs each candidate up to `reruns + 1` times before it takes it to
    /// pass. 0 runs nothing again.
    pub reruns: usize,
}

/// The default number of runs again of a failing input ([`StressOptions::reruns`]).
pub const DEFAULT_RERUNS: usize = 3;

/// The default time budget of shrinking.
pub const DEFAULT_SHRINK_TIME: Duration = Duration::from_secs(60);

impl Default for StressOptions {
    /// 100 rounds of up to 50 cases (the command line's defaults), seed 0 (the command
    /// line draws one), [`DEFAULT_SHRINK_TIME`], one run at a time, [`DEFAULT_RERUNS`].
    fn default() -> Self {
        StressOptions {
            rounds: 100,
            cases: 50,
            seed: 0,
            shrink_time: DEFAULT_SHRINK_TIME,
            jobs: 1,
            reruns: DEFAULT_RERUNS,
        }
    }
}

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
            // at most 3 decimals, so that the printed value replays the round exactly
            let scale = ((number as f64 / half as f64).min(1.0) * 1000.0).round() / 1000.0;
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
    /// What the program did (on its last run, when it was run again: see
    /// [`Trial::reruns`]).
    pub output: RunOutput,
    /// The verdict.
    pub judgement: Judgement<A>,
    /// Runs of the program made again to reach the verdict (0 to 4): a run held back by
    /// a busy machine is run again alone up to [`BUSY_RERUNS`] times (its last run
    /// is [`Trial::output`]); under an address-space limit a crash is run again at up to
    /// 4 times it, to tell an out-of-memory failure from a crash, and one that read none
    /// of its input at that limit either once more with the memory available, to tell
    /// whether it can start at all.
    pub reruns: u64,
}

/// The trial type of a game.
pub type TrialOf<G> = Trial<<G as ContestGame>::Case, <G as ContestGame>::Answer>;

/// A failure found by `stress`, shrunk.
#[derive(Debug, Clone)]
pub struct StressFailure<C, A> {
    /// The round that failed.
    pub round: Round,
    /// The class of the failure (kept while shrinking).
    pub class: Class,
    /// The round's own run (before shrinking); its stdout is cut to its first 64 KiB.
    pub original: Trial<C, A>,
    /// The smallest failing input found, and the program's run on it.
    pub minimal: Trial<C, A>,
    /// Runs of the program spent shrinking.
    pub shrink_runs: u64,
    /// Seconds spent shrinking.
    pub shrink_seconds: f64,
    /// Why shrinking stopped early or was skipped, if it did.
    pub note: Option<String>,
    /// Which case of the round's input fails (0-based), when one case does on its own.
    pub failing_case: Option<usize>,
    /// For a timeout of several cases: its cases run alone under the same limit, in
    /// input order, up to the first that times out on its own (at most
    /// [`shrink::TIMED_CASES`], within the shrinking time budget); empty otherwise.
    pub case_times: Vec<shrink::CaseTime>,
    /// How often the round's own input failed with the same class in its first run and
    /// [`StressOptions::reruns`] more; `None` when it was not run again (a timeout, or
    /// no re-runs asked for).
    pub round_reruns: Option<Reruns>,
    /// How often the shrunk input failed with the same class: its own run and
    /// [`StressOptions::reruns`] more, side by side under `jobs`, under the same limits.
    /// Fewer failures than runs: the program is flaky.
    pub shrunk_reruns: Reruns,
    /// Whether shrinking ran each candidate up to `reruns + 1` times before it took it
    /// to pass (the round's input passed one of its re-runs).
    pub retried_candidates: bool,
    /// When the shrunk input keeps several cases and its failure is a wrong answer, the
    /// wrongly answered case (0-based, in the shrunk input) if it passes each of
    /// `1 + reruns` runs alone: it fails only with the other cases of its input (state
    /// kept from one case to the next, or an answer that depends on T). Not looked for
    /// when the program was seen to be flaky (a case may then pass alone by chance).
    pub fails_only_with_others: Option<usize>,
}

impl<C, A> StressFailure<C, A> {
    /// Whether some run of the shrunk input, or of the round's own input, did not fail
    /// so: the program is flaky.
    pub fn flaky(&self) -> bool {
        self.shrunk_reruns.flaky() || self.round_reruns.is_some_and(|r| r.flaky())
    }
}

/// How often one input failed in several runs of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reruns {
    /// Runs that failed with the failure's class.
    pub failed: u64,
    /// Runs in all.
    pub runs: u64,
}

impl Reruns {
    /// Whether some run did not fail so: the failure does not always reproduce.
    pub fn flaky(&self) -> bool {
        self.failed < self.runs
    }
}

/// A round the machine was too busy to judge ([`Verdict::Inconclusive`]): `stress`
/// stopped there.
#[derive(Debug, Clone)]
pub struct Inconclusive<C, A> {
    /// The round.
    pub round: Round,
    /// Its input's last run (stdout cut to its first 64 KiB).
    pub trial: Trial<C, A>,
}

/// The most time and memory the runs of the rounds took (for the final lines of a
/// passing run: how close a correct program came to its limits).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsagePeak {
    /// Runs counted.
    pub runs: u64,
    /// CPU time of the slowest run: the one with the most CPU time (what the time limit
    /// is on).
    pub slowest_cpu: Duration,
    /// Wall-clock time of that same run.
    pub slowest_wall: Duration,
    /// The largest peak resident memory of a run, in bytes ([`RunOutput::peak_rss`]).
    pub peak_rss: u64,
}

impl UsagePeak {
    fn add(&mut self, out: &RunOutput) {
        self.runs += 1;
        if (out.cpu, out.elapsed) >= (self.slowest_cpu, self.slowest_wall) {
            self.slowest_cpu = out.cpu;
            self.slowest_wall = out.elapsed;
        }
        self.peak_rss = self.peak_rss.max(out.peak_rss);
    }
}

/// Processes that runs left behind (the runner ended them): a warning in the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftBehindSummary {
    /// Runs that left at least one process behind.
    pub runs: u64,
    /// Processes left behind, over all runs.
    pub processes: usize,
    /// Some of their command lines (distinct, at most [`LEFT_BEHIND_SHOWN`]).
    pub commands: Vec<String>,
}

impl LeftBehindSummary {
    /// Adds the counts and command lines of `other`.
    pub fn merge(&mut self, other: &LeftBehindSummary) {
        self.runs += other.runs;
        self.processes += other.processes;
        for c in &other.commands {
            if self.commands.len() < runner::LEFT_BEHIND_SHOWN && !self.commands.contains(c) {
                self.commands.push(c.clone());
            }
        }
    }

    /// Counts the processes `out` left behind: only of a run whose program ended on its
    /// own (one ended at a limit had its processes ended with it, not left).
    pub fn add(&mut self, out: &RunOutput) {
        let ended_by_us = matches!(
            out.end,
            End::TimedOut(_) | End::MemoryLimit | End::OutputCapped
        );
        if out.left_behind.count == 0 || ended_by_us {
            return;
        }
        self.runs += 1;
        self.processes += out.left_behind.count;
        for c in &out.left_behind.commands {
            if self.commands.len() < runner::LEFT_BEHIND_SHOWN && !self.commands.contains(c) {
                self.commands.push(c.clone());
            }
        }
    }
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
    /// The first round the machine was too busy to judge, when it came before any
    /// failure: the run stopped there (the rounds before it passed).
    pub inconclusive: Option<Inconclusive<C, A>>,
    /// The most time and memory a round's run took (rounds up to the failure).
    pub usage: UsagePeak,
    /// Processes left behind by any run (rounds and shrinking).
    pub left_behind: LeftBehindSummary,
    /// Cases sent in the rounds (up to the failure or the inconclusive round).
    pub cases_sent: u64,
    /// Of those, the cases beyond the oracle's reach ([`ContestGame::beyond_oracle`]):
    /// our answers to them came from the fast solver alone.
    pub beyond_oracle: u64,
}

/// Why a `stress` run could not be completed.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The program cannot be started (exit code 2 on the command line).
    #[error("cannot start the program: {0}")]
    Start(#[from] std::io::Error),
    /// Our own solvers failed (a refusal or a disagreement): a bug of ours.
    #[error("the game's own solvers cannot answer the generated input: {0}")]
    Answers(String),
    /// Under its memory limit the program failed (or was ended) before reading any
    /// input, or a runtime it started failed to start on the round's input and on the
    /// smallest failing input alike (`memory::cannot_start`), so it would on every
    /// input: the limit is too small for it to start (exit code 2 on the command line).
    #[error("cannot start under this limit: {why}; {advice}")]
    CannotStartUnderLimit {
        /// The limit.
        limit: MemoryLimit,
        /// What happened, in words.
        why: String,
        /// What it means and what to do about it, in words (see `memory.rs`).
        advice: String,
        /// The tail of the program's stderr on that run.
        stderr_tail: String,
    },
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
    let mut all = trials(game, target, &[cases.to_vec()], 1)?;
    Ok(all.pop().expect("one trial per input"))
}

/// [`trial`] on each list of cases, with up to `jobs` runs of the program side by side;
/// our answers are computed first, in order, and the trials come back in order.
///
/// # Errors
/// The program cannot be started (the first such error in order), or our answers
/// cannot be computed.
pub fn trials<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &mut G,
    target: &mut T,
    lists: &[Vec<G::Case>],
    jobs: usize,
) -> Result<Vec<TrialOf<G>>, StressError> {
    let mut prepared = Vec::with_capacity(lists.len());
    for cases in lists {
        let input = game.write_input(cases);
        let expected = game.answers(cases).map_err(StressError::Answers)?;
        prepared.push((input, expected));
    }
    let inputs: Vec<&[u8]> = prepared.iter().map(|(i, _)| i.as_bytes()).collect();
    let outputs = run_batch(target, &inputs, jobs);
    let mut done = Vec::with_capacity(lists.len());
    for ((cases, (input, expected)), output) in lists.iter().zip(prepared).zip(outputs) {
        let output = output?;
        let judgement = judge(game, &output, &expected);
        // after the batch, one at a time: a run held back by the machine, alone again
        let (output, judgement, busy_reruns) =
            busy::confirm(game, target, &input, &expected, output, judgement)?;
        let (judgement, memory_reruns) =
            memory::confirm(game, target, &input, &expected, &output, judgement)?;
        done.push(Trial {
            cases: cases.clone(),
            input,
            expected,
            output,
            judgement,
            reruns: busy_reruns + memory_reruns,
        });
    }
    Ok(done)
}

/// Runs `target` on each input, up to `jobs` at a time when the target can be shared
/// between threads ([`Target::shared`]); the outputs come back in input order.
pub fn run_batch<T: Target + ?Sized>(
    target: &mut T,
    inputs: &[&[u8]],
    jobs: usize,
) -> Vec<std::io::Result<RunOutput>> {
    let workers = jobs.min(inputs.len());
    let shared = match target.shared() {
        Some(shared) if workers > 1 => shared,
        _ => return inputs.iter().map(|input| target.run(input)).collect(),
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = inputs.get(i) else { break };
                let _ = tx.send((i, shared.run_shared(input)));
            });
        }
    });
    drop(tx);
    let mut slots: Vec<Option<std::io::Result<RunOutput>>> = inputs.iter().map(|_| None).collect();
    for (i, out) in rx {
        slots[i] = Some(out);
    }
    slots
        .into_iter()
        .map(|s| s.expect("every input was run"))
        .collect()
}

/// What the driver tells its caller as it goes (a progress bar, messages).
pub trait StressEvents {
    /// A round passed.
    fn round_passed(&mut self, _round: &Round) {}
    /// A round failed with `class`; `shrinking` says whether shrinking follows (a
    /// timeout, or one case that the game cannot make smaller, is not shrunk; a timeout
    /// of several cases has its cases run alone next).
    fn round_failed(&mut self, _round: &Round, _class: Class, _shrinking: bool) {}
    /// A round was inconclusive: the machine was too busy to judge it; the run stops.
    fn round_inconclusive(&mut self, _round: &Round) {}
}

/// No messages.
impl StressEvents for () {}

/// `t` with its stdout cut to its first 64 KiB (what a report shows of it).
fn kept<C: Clone, A: Clone>(t: &Trial<C, A>) -> Trial<C, A> {
    Trial {
        cases: t.cases.clone(),
        input: t.input.clone(),
        expected: t.expected.clone(),
        output: RunOutput {
            stdout: t.output.stdout[..t.output.stdout.len().min(64 << 10)].to_vec(),
            // once per run of `stress`: the copy of the whole stdout costs nothing
            ..t.output.clone()
        },
        judgement: t.judgement.clone(),
        reruns: t.reruns,
    }
}

/// How often an input failed with `class`: in its run `first` and in `again`.
fn count_failed<C, A>(class: Class, first: &Trial<C, A>, again: &[Trial<C, A>]) -> Reruns {
    let failed = std::iter::once(first)
        .chain(again)
        .filter(|t| t.judgement.verdict.class() == Some(class))
        .count() as u64;
    Reruns {
        failed,
        runs: 1 + again.len() as u64,
    }
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
    struct Callbacks<R, F>(R, F);
    impl<R: FnMut(&Round), F: FnMut(&Round, Class)> StressEvents for Callbacks<R, F> {
        fn round_passed(&mut self, round: &Round) {
            (self.0)(round);
        }
        fn round_failed(&mut self, round: &Round, class: Class, _shrinking: bool) {
            (self.1)(round, class);
        }
    }
    stress_with(
        game,
        target,
        opts,
        &mut Callbacks(&mut on_round, &mut on_failure),
    )
}

/// [`stress`], telling `events` what happens. Rounds run `opts.jobs` at a time (in
/// order of round number, the first failing round in that order is the one reported),
/// so the result does not depend on `jobs`.
///
/// # Errors
/// The program cannot be started, or our answers cannot be computed.
pub fn stress_with<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &mut G,
    target: &mut T,
    opts: &StressOptions,
    events: &mut dyn StressEvents,
) -> Result<StressSummary<G::Case, G::Answer>, StressError> {
    let mut summary = StressSummary {
        rounds_passed: 0,
        cases_passed: 0,
        failure: None,
        inconclusive: None,
        usage: UsagePeak::default(),
        left_behind: LeftBehindSummary::default(),
        cases_sent: 0,
        beyond_oracle: 0,
    };
    let jobs = opts.jobs.max(1);
    let all = rounds(opts);
    for group in all.chunks(jobs) {
        let lists: Vec<Vec<G::Case>> = group
            .iter()
            .map(|r| generate(game, r.seed, r.cases, r.size))
            .collect();
        let results = trials(game, target, &lists, jobs)?;
        for (round, original) in group.iter().zip(results) {
            summary.cases_sent += original.cases.len() as u64;
            summary.beyond_oracle += game.beyond_oracle(&original.cases) as u64;
            summary.usage.add(&original.output);
            summary.left_behind.add(&original.output);
            if original.judgement.verdict.is_inconclusive() {
                events.round_inconclusive(round);
                summary.inconclusive = Some(Inconclusive {
                    round: *round,
                    trial: kept(&original),
                });
                return Ok(summary);
            }
            let Some(class) = original.judgement.verdict.class() else {
                summary.rounds_passed += 1;
                summary.cases_passed += original.cases.len() as u64;
                events.round_passed(round);
                continue;
            };
            let shrinking = class != Class::Timeout
                && (original.cases.len() > 1
                    || original
                        .cases
                        .first()
                        .is_some_and(|c| !game.shrink_candidates(c).is_empty()));
            events.round_failed(round, class, shrinking);
            let start = Instant::now();
            // the round's own input again (not a timeout's: each run could cost the whole
            // time limit): a flaky program passes some of them
            let round_reruns = if class != Class::Timeout && opts.reruns > 0 {
                let again = vec![original.cases.clone(); opts.reruns];
                let runs = trials(game, target, &again, jobs)?;
                for t in &runs {
                    summary.left_behind.add(&t.output);
                }
                Some(count_failed(class, &original, &runs))
            } else {
                None
            };
            let retries = match round_reruns {
                Some(r) if r.flaky() => opts.reruns,
                _ => 0,
            };
            let mut shrinker = shrink::Shrinker::new(game, target, class, start + opts.shrink_time)
                .with_jobs(jobs)
                .with_retries(retries);
            // the report needs the original's cases and verdict, not its whole stdout
            // (up to 16 MiB): keep its first 64 KiB only
            let kept = kept(&original);
            let (minimal, note) = shrinker.shrink(original)?;
            memory::cannot_start(&kept, &minimal)?;
            let shrink_runs = shrinker.runs();
            let single = shrinker.single_case().cloned();
            let case_times = shrinker.case_times().to_vec();
            summary.left_behind.merge(shrinker.left_behind());
            let shrink_seconds = start.elapsed().as_secs_f64();
            // the shrunk input again, side by side: how often it fails (a timeout's all at
            // once, whatever `jobs`: each could take the whole time limit, and one that
            // waits for a CPU beside the others is run again alone)
            let shrunk_reruns = if opts.reruns > 0 {
                let again = vec![minimal.cases.clone(); opts.reruns];
                let side_by_side = match class {
                    Class::Timeout => jobs.max(opts.reruns),
                    _ => jobs,
                };
                let runs = trials(game, target, &again, side_by_side)?;
                for t in &runs {
                    summary.left_behind.add(&t.output);
                }
                count_failed(class, &minimal, &runs)
            } else {
                count_failed(class, &minimal, &[])
            };
            let failing_case = match &kept.judgement.verdict {
                Verdict::WrongAnswer { case, .. } => Some(*case),
                _ if kept.cases.len() == 1 => Some(0),
                _ => single.and_then(|c| kept.cases.iter().position(|o| *o == c)),
            };
            // a wrong answer that needs the other cases of its input: its case alone
            // passes, every time it is run (1 + reruns times, side by side) — not said of
            // a program seen to be flaky, whose case may pass alone by chance
            let flaky = shrunk_reruns.flaky() || round_reruns.is_some_and(|r| r.flaky());
            // (the same as `StressFailure::flaky` of the failure built below)
            let fails_only_with_others = match minimal.judgement.verdict {
                Verdict::WrongAnswer { case, .. } if minimal.cases.len() > 1 && !flaky => {
                    let alone = vec![minimal.cases[case..=case].to_vec(); 1 + opts.reruns];
                    let runs = trials(game, target, &alone, jobs)?;
                    for t in &runs {
                        summary.left_behind.add(&t.output);
                    }
                    runs.iter()
                        .all(|t| t.judgement.verdict.passed())
                        .then_some(case)
                }
                _ => None,
            };
            summary.failure = Some(StressFailure {
                round: *round,
                class,
                original: kept,
                minimal,
                shrink_runs,
                shrink_seconds,
                note,
                failing_case,
                case_times,
                round_reruns,
                shrunk_reruns,
                retried_candidates: retries > 0,
                fails_only_with_others,
            });
            return Ok(summary);
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Processes a program left running when it ended on its own are counted; those of a
    /// run ended at a limit were ended with it, and are not.
    #[test]
    fn only_a_program_that_ended_on_its_own_leaves_processes_behind() {
        let left = LeftBehind {
            count: 2,
            commands: vec!["./sol".into()],
        };
        let mut summary = LeftBehindSummary::default();
        for end in [
            End::TimedOut(TimeLimit::Cpu),
            End::TimedOut(TimeLimit::Wall),
            End::MemoryLimit,
            End::OutputCapped,
        ] {
            summary.add(&RunOutput {
                end,
                left_behind: left.clone(),
                ..RunOutput::default()
            });
        }
        assert_eq!(summary, LeftBehindSummary::default());
        for end in [End::Exited(0), End::Signaled(9)] {
            summary.add(&RunOutput {
                end,
                left_behind: left.clone(),
                ..RunOutput::default()
            });
        }
        assert_eq!((summary.runs, summary.processes), (2, 4));
        assert_eq!(summary.commands, ["./sol"]);
    }
}
