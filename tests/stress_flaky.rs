//! Runs that do not always end the same way, in process (the "program" is a closure that
//! reads the input and says how its run ended): a run held back by a busy machine
//! (a simulated wait for a CPU) is run again alone and is inconclusive when it stays
//! held back; a flaky program's failure is run again and said to be flaky; a case that
//! fails only after others is said to.

use gamecheck::outcome::Winner;
use gamecheck::stress::{
    stress, trial, Class, ContestGame, End, Reruns, RunOutput, StressOptions, StressSummary,
    Target, TimeLimit, Verdict, BUSY_RERUNS,
};
use gamecheck_games::marble::contest::Marble;
use gamecheck_games::marble::{format, Position, Rules};
use std::time::Duration;

type Summary = StressSummary<Position, Winner>;

fn correct(cases: &[Position]) -> String {
    let mut g = Marble::new(Rules::standard(), None).unwrap();
    let answers = g.answers(cases).unwrap();
    g.write_answers(&answers)
}

/// The right answers with the first one turned around.
fn first_wrong(cases: &[Position]) -> String {
    let text = correct(cases);
    let (first, rest) = text.split_once('\n').unwrap();
    let turned = if first == "Alice" { "Bob" } else { "Alice" };
    format!("{turned}\n{rest}")
}

fn options(seed: u64, rounds: u64, reruns: usize) -> StressOptions {
    StressOptions {
        rounds,
        cases: 10,
        seed,
        shrink_time: Duration::from_secs(30),
        jobs: 1,
        reruns,
    }
}

/// A run of a fake program: what it printed and how it ended, with its wall time and
/// its wait for a CPU.
fn ran(stdout: String, end: End, elapsed_ms: u64, waited_ms: u64) -> RunOutput {
    RunOutput {
        end,
        stdout: stdout.into_bytes(),
        elapsed: Duration::from_millis(elapsed_ms),
        waited: Duration::from_millis(waited_ms),
        ..RunOutput::default()
    }
}

/// A fake target: `answer(cases, run)` says how run number `run` (0-based) went; records
/// the extra wall time each run again alone was granted.
struct Fake<F> {
    answer: F,
    runs: u64,
    granted: Vec<Duration>,
}

impl<F: FnMut(&[Position], u64) -> RunOutput> Fake<F> {
    fn new(answer: F) -> Self {
        Fake {
            answer,
            runs: 0,
            granted: Vec::new(),
        }
    }

    fn answer(&mut self, input: &[u8]) -> RunOutput {
        let cases = format::read(std::str::from_utf8(input).unwrap(), 4).unwrap();
        let out = (self.answer)(&cases, self.runs);
        self.runs += 1;
        out
    }
}

impl<F: FnMut(&[Position], u64) -> RunOutput> Target for Fake<F> {
    fn run(&mut self, input: &[u8]) -> std::io::Result<RunOutput> {
        Ok(self.answer(input))
    }

    fn run_with_more_wall_time(
        &mut self,
        input: &[u8],
        extra: Duration,
    ) -> std::io::Result<RunOutput> {
        self.granted.push(extra);
        Ok(self.answer(input))
    }
}

fn run(opts: &StressOptions, target: &mut impl Target) -> Summary {
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    stress(&mut game, target, opts, |_| {}, |_, _| {}).unwrap()
}

fn one_case() -> Vec<Position> {
    vec![Position::new(4, 0xFFF0)]
}

// --- a busy machine ---------------------------------------------------------------------

#[test]
fn a_run_held_back_by_the_machine_is_run_again_alone_with_its_wait_added() {
    // the first run ends at the wall-clock limit after waiting 2 of its 5.5 s; alone
    // again, it passes
    let mut fake = Fake::new(|cases: &[Position], run| match run {
        0 => ran(String::new(), End::TimedOut(TimeLimit::Wall), 5500, 2000),
        _ => ran(correct(cases), End::Exited(0), 900, 10),
    });
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    let t = trial(&mut game, &mut fake, &one_case()).unwrap();
    assert_eq!(t.judgement.verdict, Verdict::Pass);
    assert_eq!(t.reruns, 1);
    assert_eq!(fake.granted, vec![Duration::from_millis(2000)]);
}

#[test]
fn a_run_that_stays_held_back_is_inconclusive_and_stress_stops_there() {
    // every run from the fourth on is held back: rounds 1 to 3 pass, round 4 is
    // inconclusive after its first run and two more
    let mut fake = Fake::new(|cases: &[Position], run| match run {
        0..=2 => ran(correct(cases), End::Exited(0), 100, 0),
        _ => ran(
            String::new(),
            End::TimedOut(TimeLimit::Wall),
            5500,
            1400 + run,
        ),
    });
    let summary = run(&options(1, 10, 3), &mut fake);
    assert!(summary.failure.is_none());
    assert_eq!(summary.rounds_passed, 3);
    let busy = summary.inconclusive.expect("round 4 is inconclusive");
    assert_eq!(busy.round.number, 4);
    assert_eq!(
        busy.trial.judgement.verdict,
        Verdict::Inconclusive {
            runs: 1 + BUSY_RERUNS
        }
    );
    assert!(!busy.trial.judgement.verdict.passed());
    assert_eq!(busy.trial.judgement.verdict.class(), None);
    assert_eq!(fake.runs, 3 + 1 + BUSY_RERUNS);
    // each run again gets the wait of the run before it
    assert_eq!(
        fake.granted,
        vec![Duration::from_millis(1403), Duration::from_millis(1404)]
    );
}

#[test]
fn a_wait_under_a_quarter_of_the_wall_time_is_a_timeout_and_a_cpu_timeout_is_never_run_again() {
    for (end, waited) in [
        (End::TimedOut(TimeLimit::Wall), 1374), // under a quarter of 5.5 s: it sleeps
        (End::TimedOut(TimeLimit::Cpu), 5000),  // CPU time is the program's own
    ] {
        let mut fake = Fake::new(move |_: &[Position], _| ran(String::new(), end, 5500, waited));
        let mut game = Marble::new(Rules::standard(), None).unwrap();
        let t = trial(&mut game, &mut fake, &one_case()).unwrap();
        assert_eq!(t.judgement.verdict.class(), Some(Class::Timeout), "{end:?}");
        assert_eq!((t.reruns, fake.runs), (0, 1), "{end:?}");
    }
    // a quarter exactly is held back
    let mut fake = Fake::new(|_: &[Position], _| {
        ran(String::new(), End::TimedOut(TimeLimit::Wall), 5500, 1375)
    });
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    let t = trial(&mut game, &mut fake, &one_case()).unwrap();
    assert!(t.judgement.verdict.is_inconclusive());
}

// --- flaky programs -----------------------------------------------------------------------

#[test]
fn a_deterministic_failure_shrinks_with_the_same_runs_and_reproduces_every_time() {
    let wrong = |cases: &[Position], _| ran(first_wrong(cases), End::Exited(0), 1, 0);
    let without = run(&options(3, 20, 0), &mut Fake::new(wrong));
    let with = run(&options(3, 20, 3), &mut Fake::new(wrong));
    let (a, b) = (without.failure.unwrap(), with.failure.unwrap());
    assert_eq!(a.minimal.cases, b.minimal.cases);
    assert_eq!(a.shrink_runs, b.shrink_runs);
    assert_eq!(a.shrunk_reruns, Reruns { failed: 1, runs: 1 });
    assert_eq!(b.shrunk_reruns, Reruns { failed: 4, runs: 4 });
    assert_eq!(b.round_reruns, Some(Reruns { failed: 4, runs: 4 }));
    assert!(!b.shrunk_reruns.flaky() && !b.retried_candidates);
}

#[test]
fn a_program_that_fails_every_other_run_is_said_to_be_flaky_and_its_candidates_retried() {
    // wrong on its first case in even-numbered runs only
    let flaky = |cases: &[Position], run: u64| match run % 2 {
        0 => ran(first_wrong(cases), End::Exited(0), 1, 0),
        _ => ran(correct(cases), End::Exited(0), 1, 0),
    };
    let summary = run(&options(4, 20, 3), &mut Fake::new(flaky));
    let f = summary
        .failure
        .expect("the first round fails on its first run");
    assert_eq!(f.round.number, 1);
    assert_eq!(f.class, Class::WrongAnswer);
    // the round's input: run 0 failed, runs 1..=3 alternate
    assert_eq!(f.round_reruns, Some(Reruns { failed: 2, runs: 4 }));
    assert!(f.retried_candidates);
    assert!(f.shrunk_reruns.flaky(), "{:?}", f.shrunk_reruns);
    assert_eq!(f.shrunk_reruns.runs, 4);
    assert!(f.shrunk_reruns.failed >= 1);
}

#[test]
fn a_case_that_fails_only_with_others_is_said_to_but_not_of_a_flaky_program() {
    // a program that keeps state: every case after the first is answered as if it were
    // the one before it (a table it forgot to clear)
    let stale = |cases: &[Position], _| {
        let right: Vec<String> = correct(cases).lines().map(String::from).collect();
        let mut out = String::new();
        for i in 0..cases.len() {
            out.push_str(&right[i.saturating_sub(1)]);
            out.push('\n');
        }
        ran(out, End::Exited(0), 1, 0)
    };
    let mut found = false;
    for seed in 0..10 {
        let summary = run(&options(seed, 20, 0), &mut Fake::new(stale));
        let Some(f) = summary.failure else { continue };
        assert_eq!(f.class, Class::WrongAnswer);
        assert_eq!(f.minimal.cases.len(), 2, "seed {seed}");
        assert_eq!(f.fails_only_with_others, Some(1), "seed {seed}");
        found = true;
    }
    assert!(found, "no seed found the stale table");
    // an answer that depends on T: the first case is turned around when T >= 2
    let by_t = |cases: &[Position], _| match cases.len() {
        1 => ran(correct(cases), End::Exited(0), 1, 0),
        _ => ran(first_wrong(cases), End::Exited(0), 1, 0),
    };
    let f = run(&options(1, 20, 3), &mut Fake::new(by_t))
        .failure
        .unwrap();
    assert_eq!(f.minimal.cases.len(), 2);
    assert_eq!(f.fails_only_with_others, Some(0));
    // a flaky program's case may pass alone by chance: nothing is said of it
    let flaky_stale = |cases: &[Position], run: u64| match run % 3 {
        1 => ran(correct(cases), End::Exited(0), 1, 0),
        _ => stale(cases, run),
    };
    for seed in 0..10 {
        let summary = run(&options(seed, 20, 3), &mut Fake::new(flaky_stale));
        let Some(f) = summary.failure else { continue };
        assert!(f.shrunk_reruns.flaky() || f.round_reruns.is_some_and(|r| r.flaky()));
        assert_eq!(f.fails_only_with_others, None, "seed {seed}");
    }
}

/// A program wrong on every case of 2 empty cells or more, but only on its even-numbered
/// runs (a flaky one).
fn wrong_on_even_runs(cases: &[Position], run: u64) -> RunOutput {
    let right = correct(cases);
    if run % 2 == 1 {
        return ran(right, End::Exited(0), 1, 0);
    }
    let out: String = right
        .lines()
        .zip(cases)
        .map(|(line, p)| match (p.empty_cells() >= 2, line) {
            (true, "Alice") => "Bob\n".to_string(),
            (true, _) => "Alice\n".to_string(),
            (false, line) => format!("{line}\n"),
        })
        .collect();
    ran(out, End::Exited(0), 1, 0)
}

#[test]
fn retried_candidates_let_a_flaky_failure_shrink_to_its_smallest_case() {
    let mut shrunk = 0;
    for seed in 0..6 {
        let summary = run(&options(seed, 20, 3), &mut Fake::new(wrong_on_even_runs));
        let Some(f) = summary.failure else { continue };
        assert!(f.retried_candidates, "seed {seed}");
        // each candidate confirmed alone lands on an odd run and passes: only its retry
        // (an even run) shows it fails
        assert_eq!(f.minimal.cases.len(), 1, "seed {seed}");
        assert_eq!(f.minimal.cases[0].empty_cells(), 2, "seed {seed}");
        shrunk += 1;
    }
    assert!(shrunk >= 3, "{shrunk} seeds failed");
}

#[test]
fn candidates_are_not_retried_past_the_time_budget() {
    // the failing round's run is even-numbered (one run a round: round 3, run 2), its
    // re-runs pass and fail (runs 3, 4): flaky; then the wrongly answered case alone
    // (run 5) passes, and the budget is spent: it is not retried
    let mut opts = options(0, 20, 2);
    opts.shrink_time = Duration::ZERO;
    let f = run(&opts, &mut Fake::new(wrong_on_even_runs))
        .failure
        .expect("a round fails");
    assert!(f.original.cases.len() > 1, "{:?}", f.original.cases);
    assert_eq!(f.round_reruns, Some(Reruns { failed: 2, runs: 3 }));
    assert!(f.retried_candidates);
    assert_eq!(f.shrink_runs, 1);
}

#[test]
fn a_timeouts_cases_that_the_machine_was_too_busy_to_time_are_said_to_be() {
    // every input of several cases passes the CPU limit; each case alone is held back
    let fake = |cases: &[Position], _| match cases.len() {
        1 => ran(String::new(), End::TimedOut(TimeLimit::Wall), 5500, 3000),
        _ => ran(String::new(), End::TimedOut(TimeLimit::Cpu), 1600, 0),
    };
    let mut opts = options(5, 1, 3);
    opts.cases = 4;
    let f = run(&opts, &mut Fake::new(fake)).failure.unwrap();
    assert_eq!(f.class, Class::Timeout);
    assert_eq!(f.case_times.len(), 4);
    assert!(f
        .case_times
        .iter()
        .all(|t| t.inconclusive && t.class.is_none()));
    let note = f.note.unwrap();
    assert!(
        note.starts_with(
            "no case of the 4 run alone times out on its own, and 4 of them the machine was \
             too busy to judge"
        ),
        "{note}"
    );
}
