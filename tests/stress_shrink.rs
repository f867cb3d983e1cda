//! The stress loop, the batched shrinker, the timing of a timeout's cases and the second
//! run that decides a memory verdict, in process: the "program" is a closure (or a fake
//! target) that reads the input and answers like a buggy solution would, so these run in
//! milliseconds.

use gamecheck::outcome::Winner;
use gamecheck::stress::{
    stress, trial, Class, ContestGame, End, RunOutput, StressError, StressOptions, StressSummary,
    Target, Verdict,
};
use gamecheck::stress::{CaseTime, TIMED_CASES};
use gamecheck::stress::{MemoryEvidence, MemoryKind, MemoryLimit, TimeLimit};
use gamecheck_games::marble::contest::Marble;
use gamecheck_games::marble::geometry::Layout;
use gamecheck_games::marble::{format, Position, Rules};
use std::collections::HashMap;
use std::time::Duration;

type Summary = StressSummary<Position, Winner>;

fn output(stdout: String, end: End) -> std::io::Result<RunOutput> {
    Ok(RunOutput {
        end,
        stdout: stdout.into_bytes(),
        stderr_tail: String::new(),
        elapsed: Duration::ZERO,
        ..RunOutput::default()
    })
}

fn options(seed: u64, rounds: u64) -> StressOptions {
    StressOptions {
        rounds,
        cases: 40,
        seed,
        shrink_time: Duration::from_secs(30),
        jobs: 1,
        // these tests count the runs of shrinking alone (re-runs: tests/stress_flaky.rs)
        reruns: 0,
    }
}

/// Runs `stress` on standard marble with `answer(cases) -> (stdout, end)` as the program;
/// returns the summary and the number of runs.
fn run_fake(
    seed: u64,
    rounds: u64,
    answer: impl FnMut(&[Position]) -> (String, End),
) -> (Summary, u64) {
    run_fake_with(&options(seed, rounds), answer)
}

/// [`run_fake`] under `opts`.
fn run_fake_with(
    opts: &StressOptions,
    mut answer: impl FnMut(&[Position]) -> (String, End),
) -> (Summary, u64) {
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    let mut runs = 0;
    let mut target = |input: &[u8]| {
        runs += 1;
        let text = std::str::from_utf8(input).unwrap();
        let cases = format::read(text, 4).expect("stress writes valid inputs");
        let (stdout, end) = answer(&cases);
        output(stdout, end)
    };
    let summary = stress(&mut game, &mut target, opts, |_| {}, |_, _| {}).unwrap();
    (summary, runs)
}

/// A marble solver with the edge-wrap bug: runs on the flat square index with steps
/// +1, +n, +n+1, +n−1 and only the check 0 ≤ i < n², so a run may cross from the last
/// cell of a square row to the first of the next.
struct WrapBug {
    moves: Vec<u64>,
    layout: Layout,
    memo: HashMap<u64, bool>,
}

impl WrapBug {
    fn new() -> Self {
        let n = 4i32;
        let mut moves = Vec::new();
        for start in 0..n * n {
            for step in [1, n, n + 1, n - 1] {
                let mut m = 0u64;
                for t in 0..3 {
                    let i = start + t * step;
                    if !(0..n * n).contains(&i) {
                        break;
                    }
                    m |= 1 << i;
                    moves.push(m);
                }
            }
        }
        moves.sort_unstable();
        moves.dedup();
        WrapBug {
            moves,
            layout: Layout::new(4),
            memo: HashMap::new(),
        }
    }

    fn wins(&mut self, filled: u64) -> bool {
        if let Some(&w) = self.memo.get(&filled) {
            return w;
        }
        let moves = self.moves.clone();
        let w = moves
            .iter()
            .any(|&m| filled & m == 0 && !self.wins(filled | m));
        self.memo.insert(filled, w);
        w
    }

    fn answers(&mut self, cases: &[Position]) -> String {
        cases
            .iter()
            .map(|p| {
                let sq = self.layout.to_square(p.marbles());
                if self.wins(sq) {
                    "Alice\n"
                } else {
                    "Bob\n"
                }
            })
            .collect()
    }
}

fn correct(cases: &[Position]) -> String {
    let mut g = Marble::new(Rules::standard(), None).unwrap();
    let answers = g.answers(cases).unwrap();
    g.write_answers(&answers)
}

#[test]
fn a_correct_program_passes_every_round() {
    let (summary, runs) = run_fake(1, 60, |cases| (correct(cases), End::Exited(0)));
    assert!(summary.failure.is_none());
    assert_eq!(summary.rounds_passed, 60);
    assert_eq!(runs, 60);
}

#[test]
fn the_wrap_bug_shrinks_to_a_locally_minimal_case_of_at_most_four_empty_cells() {
    let mut bug = WrapBug::new();
    for seed in 0..20 {
        let (summary, runs) = run_fake(seed, 100, |cases| (bug.answers(cases), End::Exited(0)));
        let f = summary.failure.expect("the wrap bug is found");
        assert_eq!(f.class, Class::WrongAnswer);
        assert_eq!(f.minimal.cases.len(), 1);
        let p = f.minimal.cases[0];
        assert!(
            p.empty_cells() <= 4,
            "seed {seed}: {} empty",
            p.empty_cells()
        );
        // it still fails, and no candidate of it does
        let game = Marble::new(Rules::standard(), None).unwrap();
        assert_ne!(bug.answers(&[p]), correct(&[p]));
        for c in game.shrink_candidates(&p) {
            assert_eq!(
                bug.answers(&[c]),
                correct(&[c]),
                "seed {seed}: {c:?} also fails"
            );
        }
        assert!(runs < 200, "seed {seed}: {runs} runs");
    }
}

#[test]
fn a_crash_on_every_input_shrinks_to_the_full_board() {
    let (summary, _) = run_fake(3, 10, |_| (String::new(), End::Exited(3)));
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::Crash);
    assert_eq!(f.minimal.cases, vec![Position::new(4, 0xFFFF)]);
}

#[test]
fn malformed_output_is_isolated_by_halving_batches() {
    // prints `/n` instead of a newline whenever some position has 3 or more empty cells
    let (summary, runs) = run_fake(4, 100, |cases| {
        let text = correct(cases);
        if cases.iter().any(|p| p.empty_cells() >= 3) {
            (text.replace('\n', "/n"), End::Exited(0))
        } else {
            (text, End::Exited(0))
        }
    });
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::Malformed);
    assert_eq!(f.minimal.cases.len(), 1);
    assert_eq!(f.minimal.cases[0].empty_cells(), 3);
    assert!(runs < 300, "{runs} runs");
}

#[test]
fn a_failure_that_needs_two_cases_keeps_two() {
    // forgets to reset between cases: the second answer is always flipped
    let (summary, _) = run_fake(5, 100, |cases| {
        let text: Vec<String> = correct(cases).lines().map(String::from).collect();
        let out: String = text
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let a = if i == 1 {
                    if a == "Alice" {
                        "Bob"
                    } else {
                        "Alice"
                    }
                } else {
                    a.as_str()
                };
                format!("{a}\n")
            })
            .collect();
        (out, End::Exited(0))
    });
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::WrongAnswer);
    assert_eq!(f.minimal.cases.len(), 2);
    assert!(matches!(
        f.minimal.judgement.verdict,
        Verdict::WrongAnswer { case: 1, .. }
    ));
}

#[test]
fn a_timeout_is_reported_without_shrinking() {
    let (summary, runs) = run_fake(6, 10, |_| (String::new(), End::TimedOut(TimeLimit::Cpu)));
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::Timeout);
    assert_eq!(runs, 1);
    assert_eq!(f.shrink_runs, 0);
    assert!(f.note.unwrap().contains("not shrunk"));
}

#[test]
fn the_same_seed_finds_the_same_failure() {
    let mut bug = WrapBug::new();
    let (a, _) = run_fake(9, 100, |cases| (bug.answers(cases), End::Exited(0)));
    let (b, _) = run_fake(9, 100, |cases| (bug.answers(cases), End::Exited(0)));
    let (a, b) = (a.failure.unwrap(), b.failure.unwrap());
    assert_eq!(a.round, b.round);
    assert_eq!(a.original.input, b.original.input);
    assert_eq!(a.minimal.input, b.minimal.input);
}

/// The forgotten loop over T (one line whatever T is): the failure is in the number of
/// lines, not in a case. Shrinking finds the smallest T with the same failure (2) from
/// prefixes of the input, then shrinks both cases in place, one run per candidate.
#[test]
fn one_line_for_many_cases_shrinks_t_first_then_the_cases() {
    let (summary, runs) = run_fake(3, 1, |_| ("Alice\n".to_string(), End::Exited(0)));
    assert!(runs <= 20, "{runs} runs");
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::Malformed);
    assert_eq!(f.original.cases.len(), 40);
    assert_eq!(f.minimal.cases.len(), 2, "{}", f.minimal.input);
    for p in &f.minimal.cases {
        assert!(p.empty_cells() <= 1, "{}", f.minimal.input);
    }
}

/// A line that is not an answer for every case with 3 or more empty cells: a batch of
/// candidates has one line per case, so its malformed lines name the failing
/// candidates without halving the batch.
#[test]
fn malformed_lines_of_a_batch_name_their_candidates() {
    let (summary, runs) = run_fake(3, 1, |cases| {
        let out: String = cases
            .iter()
            .map(|p| {
                if p.empty_cells() >= 3 {
                    "/n\n"
                } else {
                    "Bob\n"
                }
            })
            .collect();
        (out, End::Exited(0))
    });
    let f = summary.failure.unwrap();
    assert_eq!(f.class, Class::Malformed);
    assert_eq!(f.minimal.cases.len(), 1);
    assert_eq!(f.minimal.cases[0].empty_cells(), 3, "{}", f.minimal.input);
    assert!(runs <= 20, "{runs} runs");
}

// --- a timeout's cases, run alone ----------------------------------------------------

/// A fake program that times out on any input of several cases and, alone, on the
/// cases `hangs` says; otherwise it answers right. Each run takes (as it reports) one
/// millisecond of wall time per empty cell of its first case, and twice that of CPU.
struct Slow<F> {
    hangs: F,
    runs: u64,
}

impl<F: FnMut(&Position) -> bool> Target for Slow<F> {
    fn run(&mut self, input: &[u8]) -> std::io::Result<RunOutput> {
        self.runs += 1;
        let text = std::str::from_utf8(input).unwrap();
        let cases = format::read(text, 4).expect("stress writes valid inputs");
        let (stdout, end) = if cases.len() > 1 || (self.hangs)(&cases[0]) {
            (String::new(), End::TimedOut(TimeLimit::Cpu))
        } else {
            (correct(&cases), End::Exited(0))
        };
        let ms = cases[0].empty_cells() as u64;
        Ok(RunOutput {
            elapsed: Duration::from_millis(ms),
            cpu: Duration::from_millis(2 * ms),
            ..output(stdout, end)?
        })
    }
}

/// One round of `cases` cases, `jobs` side by side, `shrink_time` to time them alone.
fn timed(
    cases: usize,
    jobs: usize,
    shrink_time: Duration,
    hangs: impl FnMut(&Position) -> bool,
) -> (Summary, u64) {
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    let mut target = Slow { hangs, runs: 0 };
    let opts = StressOptions {
        rounds: 1,
        cases,
        seed: 12,
        shrink_time,
        jobs,
        reruns: 0,
    };
    let summary = stress(&mut game, &mut target, &opts, |_| {}, |_, _| {}).unwrap();
    (summary, target.runs)
}

/// The cases of the round of [`timed`] (its only round, `cases` cases).
fn round_cases(cases: usize) -> Vec<Position> {
    let (summary, _) = timed(cases, 1, Duration::ZERO, |_| false);
    summary.failure.unwrap().original.cases
}

/// The times [`Slow`] reports for the first `n` cases of `cases`, each run alone.
fn expected_times(cases: &[Position], n: usize, hang_at: Option<usize>) -> Vec<CaseTime> {
    (0..n)
        .map(|i| {
            let ms = cases[i].empty_cells() as u64;
            CaseTime {
                case: i,
                wall: Duration::from_millis(ms),
                cpu: Duration::from_millis(2 * ms),
                class: (Some(i) == hang_at).then_some(Class::Timeout),
                waited: Duration::ZERO,
                inconclusive: false,
            }
        })
        .collect()
}

#[test]
fn a_timeout_is_timed_case_by_case_up_to_the_first_that_times_out_alone() {
    let cases = round_cases(40);
    assert_eq!(cases.len(), 40);
    // the sixth case, or the first after it that no case before it equals
    let k = (5..40).find(|&k| !cases[..k].contains(&cases[k])).unwrap();
    let hang = cases[k];
    for jobs in [1, 3] {
        let (summary, runs) = timed(40, jobs, Duration::from_secs(30), |p| *p == hang);
        let f = summary.failure.unwrap();
        assert_eq!(f.class, Class::Timeout);
        assert_eq!(
            f.case_times,
            expected_times(&cases, k + 1, Some(k)),
            "jobs {jobs}"
        );
        assert_eq!(f.minimal.cases, vec![hang]);
        assert_eq!(
            f.minimal.judgement.verdict,
            Verdict::Timeout(TimeLimit::Cpu)
        );
        assert_eq!(f.failing_case, Some(k));
        assert_eq!(f.original.cases.len(), 40);
        let note = f.note.unwrap();
        assert!(
            note.starts_with(&format!(
                "case {} of 40 times out on its own (each case before it, run alone, did \
                 not); not shrunk further",
                k + 1
            )),
            "{note}"
        );
        // the round, then the singles up to the hanging case (a group of `jobs` may run
        // a few past it, whose results are dropped)
        assert!(f.shrink_runs > k as u64 && f.shrink_runs <= (k + jobs) as u64);
        assert_eq!(runs, 1 + f.shrink_runs);
    }
}

#[test]
fn the_first_case_timing_out_alone_has_no_case_before_it() {
    let cases = round_cases(40);
    let (summary, _) = timed(40, 1, Duration::from_secs(30), |p| *p == cases[0]);
    let note = summary.failure.unwrap().note.unwrap();
    assert!(
        note.starts_with("case 1 of 40 times out on its own; not shrunk further"),
        "{note}"
    );
}

#[test]
fn a_timeout_times_at_most_the_first_twenty_cases_alone() {
    let cases = round_cases(40);
    let (summary, runs) = timed(40, 1, Duration::from_secs(30), |_| false);
    let f = summary.failure.unwrap();
    assert_eq!(TIMED_CASES, 20);
    assert_eq!(f.case_times, expected_times(&cases, 20, None));
    assert_eq!(runs, 21);
    // no case times out alone: the whole input is kept
    assert_eq!(f.minimal.cases, cases);
    assert_eq!(f.failing_case, None);
    let note = f.note.unwrap();
    assert!(
        note.starts_with("no case of the first 20 of 40 times out on its own; not shrunk"),
        "{note}"
    );
}

#[test]
fn a_timeout_of_few_cases_times_them_all() {
    let cases = round_cases(8);
    let (summary, runs) = timed(8, 2, Duration::from_secs(30), |_| false);
    let f = summary.failure.unwrap();
    assert_eq!(f.case_times, expected_times(&cases, 8, None));
    assert_eq!(runs, 9);
    let note = f.note.unwrap();
    assert!(
        note.starts_with("no case of the 8 times out on its own: together they take too long"),
        "{note}"
    );
}

#[test]
fn timing_a_timeouts_cases_stops_at_the_time_budget() {
    let (summary, runs) = timed(40, 1, Duration::ZERO, |_| true);
    let f = summary.failure.unwrap();
    assert!(f.case_times.is_empty());
    assert_eq!(runs, 1);
    assert_eq!(f.minimal.cases.len(), 40);
    let note = f.note.unwrap();
    assert!(
        note.starts_with("the time budget ran out after 0 of the 40 cases run alone"),
        "{note}"
    );
}

// --- a crash under a memory limit, run again at four times the limit ---------------------

const MIB: u64 = 1 << 20;

/// A fake program run under a 1 MiB limit: its first run is `first`; a run at a larger
/// limit is `again` (and the limits asked for are kept).
struct UnderLimit {
    first: RunOutput,
    again: RunOutput,
    asked: Vec<u64>,
}

impl Target for UnderLimit {
    fn run(&mut self, _input: &[u8]) -> std::io::Result<RunOutput> {
        Ok(self.first.clone())
    }

    fn run_with_memory_limit(
        &mut self,
        _input: &[u8],
        bytes: u64,
    ) -> Option<std::io::Result<RunOutput>> {
        self.asked.push(bytes);
        Some(Ok(RunOutput {
            memory_limit: Some(MemoryLimit {
                bytes,
                kind: MemoryKind::AddressSpace,
            }),
            ..self.again.clone()
        }))
    }
}

/// One full marble board (whose answer is known) and the length of its input.
fn one_board() -> (Vec<Position>, usize) {
    let cases = vec![Position::new(4, 0xFFFF)];
    let game = Marble::new(Rules::standard(), None).unwrap();
    let len = game.write_input(&cases).len();
    (cases, len)
}

/// A crash (exit 1, nothing on stdout) under the 1 MiB address-space limit, `unread`
/// bytes of the input left unread.
fn crash(unread: usize) -> RunOutput {
    RunOutput {
        end: End::Exited(1),
        memory_limit: Some(MemoryLimit {
            bytes: MIB,
            kind: MemoryKind::AddressSpace,
        }),
        input_unread: unread,
        ..RunOutput::default()
    }
}

/// A pass on `cases`, `unread` bytes of the input left unread.
fn pass(cases: &[Position], unread: usize) -> RunOutput {
    RunOutput {
        stdout: correct(cases).into_bytes(),
        input_unread: unread,
        ..RunOutput::default()
    }
}

/// The trial of `target` on `cases` (standard marble).
fn memory_trial(
    target: &mut UnderLimit,
    cases: &[Position],
) -> Result<gamecheck::stress::TrialOf<Marble>, StressError> {
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    trial(&mut game, target, cases)
}

#[test]
fn a_crash_that_passes_at_four_times_the_limit_is_memory_limit_exceeded() {
    let (cases, _) = one_board();
    for unread in [0, 1] {
        let mut target = UnderLimit {
            first: crash(unread),
            again: pass(&cases, 0),
            asked: Vec::new(),
        };
        let t = memory_trial(&mut target, &cases).unwrap();
        // four times the limit (the memory available now is far above 4 MiB)
        assert_eq!(target.asked, vec![4 * MIB]);
        assert_eq!(t.reruns, 1);
        assert_eq!(
            t.judgement.verdict,
            Verdict::MemoryLimit {
                end: End::Exited(1),
                peak_rss: 0,
                limit: MIB,
                stderr_tail: String::new(),
                evidence: MemoryEvidence::PassesAt(4 * MIB),
            },
            "{unread} bytes unread"
        );
    }
}

#[test]
fn a_crash_that_fails_again_at_four_times_the_limit_stays_a_crash() {
    let (cases, len) = one_board();
    // read the input and crashed, twice: one more run
    let mut target = UnderLimit {
        first: crash(0),
        again: crash(0),
        asked: Vec::new(),
    };
    let t = memory_trial(&mut target, &cases).unwrap();
    assert_eq!(target.asked, vec![4 * MIB]);
    assert_eq!(t.reruns, 1);
    assert_eq!(t.judgement.verdict.class(), Some(Class::Crash));
    // read none of it, at four times the limit too: once more with the memory
    // available, where it reads none of it either (then it is not "cannot start": it
    // fails so whatever the limit)
    let mut target = UnderLimit {
        first: crash(len),
        again: crash(len),
        asked: Vec::new(),
    };
    let t = memory_trial(&mut target, &cases).unwrap();
    assert_eq!(target.asked.len(), 2, "{:?}", target.asked);
    assert_eq!(target.asked[0], 4 * MIB);
    assert!(target.asked[1] > 4 * MIB, "{:?}", target.asked);
    assert_eq!(t.reruns, 2);
    assert_eq!(t.judgement.verdict.class(), Some(Class::Crash));
}

/// A runtime that reserves more address space than four times the limit (a JVM) fails
/// before reading a byte at both, and reads its input with the memory available: it
/// cannot start under the limit.
#[test]
fn failing_before_reading_at_four_times_too_and_reading_with_all_memory_is_cannot_start() {
    let (cases, _) = one_board();
    struct Reserving {
        asked: Vec<u64>,
    }
    impl Target for Reserving {
        fn run(&mut self, _input: &[u8]) -> std::io::Result<RunOutput> {
            Ok(crash(usize::MAX))
        }
        fn run_with_memory_limit(
            &mut self,
            _input: &[u8],
            bytes: u64,
        ) -> Option<std::io::Result<RunOutput>> {
            self.asked.push(bytes);
            let unread = if bytes > 4 * MIB { 0 } else { usize::MAX };
            Some(Ok(RunOutput {
                input_unread: unread,
                ..crash(0)
            }))
        }
    }
    let mut target = Reserving { asked: Vec::new() };
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    match trial(&mut game, &mut target, &cases) {
        Err(StressError::CannotStartUnderLimit { why, .. }) => {
            assert!(why.contains("under 4 MiB too"), "{why}");
            assert!(why.contains("(the memory available) it reads it"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(target.asked.len(), 2);
}

#[test]
fn failing_before_reading_any_input_and_reading_it_at_four_times_is_cannot_start() {
    let (cases, len) = one_board();
    for again_unread in [0, len - 1] {
        let mut target = UnderLimit {
            first: crash(len),
            again: pass(&cases, again_unread),
            asked: Vec::new(),
        };
        match memory_trial(&mut target, &cases) {
            Err(StressError::CannotStartUnderLimit { limit, why, .. }) => {
                assert_eq!(limit.bytes, MIB);
                assert!(why.contains("under 4 MiB it reads it"), "{why}");
            }
            other => panic!("{again_unread}: {other:?}"),
        }
    }
}

#[test]
fn an_allocation_failure_message_needs_no_second_run_and_no_limit_no_verdict_of_memory() {
    let (cases, _) = one_board();
    let mut target = UnderLimit {
        first: RunOutput {
            stderr_tail: "Traceback …\nMemoryError\n".into(),
            ..crash(0)
        },
        again: pass(&cases, 0),
        asked: Vec::new(),
    };
    let t = memory_trial(&mut target, &cases).unwrap();
    assert!(target.asked.is_empty());
    assert_eq!(t.reruns, 0);
    assert!(matches!(
        t.judgement.verdict,
        Verdict::MemoryLimit {
            evidence: MemoryEvidence::Message(ref line),
            ..
        } if line == "MemoryError"
    ));
    // without a memory limit a crash is a crash, never run again
    let mut target = UnderLimit {
        first: RunOutput {
            memory_limit: None,
            ..crash(0)
        },
        again: pass(&cases, 0),
        asked: Vec::new(),
    };
    let t = memory_trial(&mut target, &cases).unwrap();
    assert!(target.asked.is_empty());
    assert_eq!(t.judgement.verdict.class(), Some(Class::Crash));
}

/// Under a resident-memory limit nothing makes an allocation fail: a crash is a crash,
/// never run again; a run ended at the limit is memory limit exceeded, or, when it read
/// none of its input, cannot start.
#[test]
fn under_a_resident_limit_a_crash_is_not_run_again_and_an_early_end_is_cannot_start() {
    let (cases, len) = one_board();
    let resident = Some(MemoryLimit {
        bytes: MIB,
        kind: MemoryKind::Resident,
    });
    let mut target = UnderLimit {
        first: RunOutput {
            memory_limit: resident,
            ..crash(0)
        },
        again: pass(&cases, 0),
        asked: Vec::new(),
    };
    let t = memory_trial(&mut target, &cases).unwrap();
    assert!(target.asked.is_empty());
    assert_eq!(
        (t.judgement.verdict.class(), t.reruns),
        (Some(Class::Crash), 0)
    );
    for unread in [0, len - 1, len] {
        let mut target = UnderLimit {
            first: RunOutput {
                end: End::MemoryLimit,
                peak_rss: 3 * MIB / 2,
                processes: 1,
                memory_limit: resident,
                input_unread: unread,
                ..RunOutput::default()
            },
            again: pass(&cases, 0),
            asked: Vec::new(),
        };
        match memory_trial(&mut target, &cases) {
            Ok(t) if unread < len => assert!(matches!(
                t.judgement.verdict,
                Verdict::MemoryLimit {
                    evidence: MemoryEvidence::Resident { peak, processes: 1 },
                    ..
                } if peak == 3 * MIB / 2
            )),
            Err(StressError::CannotStartUnderLimit { why, .. }) if unread == len => {
                assert_eq!(
                    why,
                    "it allocates at least 1.5 MiB before reading its input"
                );
            }
            other => panic!("{unread} unread: {other:?}"),
        }
        assert!(target.asked.is_empty());
    }
}

// --- a runtime that cannot start, behind a wrapper that read the input -------------------

/// A JVM's words for failing to start, on stdout (as HotSpot prints them).
const JVM_CANNOT_START: &str = "Error occurred during initialization of VM\n\
                                Could not reserve enough space for code cache (245760K)\n";

/// `stress` on standard marble with a fake program under 1 MiB of address space that
/// reads its whole input and, on run `n` (0-based), prints `stdout(n, cases)` and ends
/// `end(n)`.
fn under_address_space(
    stdout: impl Fn(u64, &[Position]) -> String,
    end: impl Fn(u64) -> End,
) -> (Result<Summary, StressError>, u64) {
    let mut game = Marble::new(Rules::standard(), None).unwrap();
    let mut runs = 0;
    let mut target = |input: &[u8]| {
        let text = std::str::from_utf8(input).unwrap();
        let cases = format::read(text, 4).expect("stress writes valid inputs");
        let out = RunOutput {
            end: end(runs),
            stdout: stdout(runs, &cases).into_bytes(),
            memory_limit: Some(MemoryLimit {
                bytes: MIB,
                kind: MemoryKind::AddressSpace,
            }),
            input_unread: 0,
            ..RunOutput::default()
        };
        runs += 1;
        Ok(out)
    };
    let result = stress(&mut game, &mut target, &options(5, 10), |_| {}, |_, _| {});
    (result, runs)
}

/// The same start-up failure on the round's input and on the smallest one: the program
/// cannot start under the limit, though it read its input.
#[test]
fn a_runtime_that_cannot_start_behind_a_wrapper_cannot_start_under_the_limit() {
    let (result, runs) = under_address_space(|_, _| JVM_CANNOT_START.into(), |_| End::Exited(1));
    match result {
        Err(StressError::CannotStartUnderLimit { limit, why, .. }) => {
            assert_eq!(limit.bytes, MIB);
            assert!(
                why.starts_with(
                    "under 1 MiB of address space, the JVM did not start: its stdout says \
                     `Error occurred during initialization of VM`"
                ),
                "{why}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(runs >= 1);
}

/// The words on the round's input only (its smaller inputs crash otherwise), or printed
/// by a program that passes, or by one that exits 0 with them as its output: judged as
/// without them.
#[test]
fn start_up_words_once_or_from_a_passing_program_are_judged_as_without_them() {
    let (result, runs) = under_address_space(
        |n, _| match n {
            0 => JVM_CANNOT_START.into(),
            _ => String::new(),
        },
        |_| End::Exited(1),
    );
    let failure = result.unwrap().failure.expect("a failure");
    assert_eq!(failure.class, Class::Crash);
    assert!(runs > 1, "shrinking ran the program again");
    let (result, _) = under_address_space(
        |_, cases| format!("{}{JVM_CANNOT_START}", correct(cases)),
        |_| End::Exited(0),
    );
    let failure = result.unwrap().failure.expect("extra lines are malformed");
    assert_eq!(failure.class, Class::Malformed);
    let (result, _) = under_address_space(|_, cases| correct(cases), |_| End::Exited(0));
    let summary = result.unwrap();
    assert!(summary.failure.is_none());
    assert_eq!(summary.rounds_passed, 10);
}
