//! The text of `stress`'s report: the verdict, the round and how it was shrunk, the
//! input, our output and the program's, the limits and how close a run came to them;
//! and the same as one JSON document ([`json`]). `cli::stress` calls these once a run
//! is over; a new verdict or report line goes here.

mod json;

pub(crate) use json::report as json_report;

use super::runner::{End, RunOutput, STDOUT_CAP};
use super::show::{show, Kept};
use super::{
    CaseTime, Class, ContestGame, Inconclusive, LeftBehindSummary, MemoryEvidence, MemoryKind,
    Program, Round, StressError, StressFailure, StressOptions, StressSummary, TimeLimit, Trial,
    Verdict,
};
use std::fmt::Write as _;
use std::time::Duration;

/// The report on stdout; returns the exit status it stands for: 0 every round passed,
/// 1 a round failed, 3 a round was inconclusive (the machine was too busy to judge it).
pub(crate) fn write_report<G: ContestGame>(
    prog: &str,
    game: &G,
    program: &Program,
    opts: &StressOptions,
    summary: &StressSummary<G::Case, G::Answer>,
    s: &mut String,
) -> u8 {
    if let (None, Some(busy)) = (&summary.failure, &summary.inconclusive) {
        write_inconclusive(prog, game, program, opts, summary, busy, s);
        return 3;
    }
    let Some(f) = &summary.failure else {
        let _ = writeln!(
            s,
            "ok: {} round{}, {} case{}: `{}` agrees with {} on every case ({} {}, seed {})",
            summary.rounds_passed,
            plural(summary.rounds_passed as usize),
            summary.cases_passed,
            plural(summary.cases_passed as usize),
            program.display(),
            prog,
            game.name(),
            game.rules(),
            opts.seed
        );
        let u = &summary.usage;
        write_run_usage(program, u.slowest_wall, u.slowest_cpu, u.peak_rss, s);
        write_beyond_oracle(summary, s);
        write_left_behind(prog, &summary.left_behind, s);
        return 0;
    };
    let r = &f.round;
    let _ = writeln!(
        s,
        "FAILED: {} in round {} of {}",
        f.class, r.number, opts.rounds
    );
    write_round(prog, game, program, opts, r, s);
    if let Some(i) = f.failing_case {
        if let Some(case) = f.original.cases.get(i) {
            let _ = writeln!(
                s,
                "failing: case {} of the round's {} ({})",
                i + 1,
                f.original.cases.len(),
                game.describe_case(case)
            );
        }
    }
    let cases = &f.minimal.cases;
    // a timeout none of whose cases times out alone keeps its whole input
    let kept_whole = f.class == Class::Timeout && cases.len() == f.original.cases.len();
    if f.shrink_runs == 0 || kept_whole {
        let _ = writeln!(
            s,
            "input:   {} case{}, not shrunk",
            cases.len(),
            plural(cases.len())
        );
    } else {
        let _ = write!(
            s,
            "shrunk:  {} case{} -> {} case{}",
            f.original.cases.len(),
            plural(f.original.cases.len()),
            cases.len(),
            plural(cases.len())
        );
        if let [one] = cases.as_slice() {
            let _ = write!(s, " ({})", game.describe_case(one));
        }
        let _ = writeln!(
            s,
            " in {} run{} of the program, {:.1} s",
            f.shrink_runs,
            plural(f.shrink_runs as usize),
            f.shrink_seconds
        );
    }
    if let Some(note) = &f.note {
        let _ = writeln!(s, "note:    {note}");
    }
    write_reruns(f, s);
    write_beyond_oracle(summary, s);
    let beyond = game.beyond_oracle(&f.minimal.cases);
    if beyond > 0 {
        let _ = writeln!(
            s,
            "beyond:  {beyond} of the {} case{} of the shrunk input {} beyond the oracle's \
             reach: our answer there is the default solver's alone",
            f.minimal.cases.len(),
            plural(f.minimal.cases.len()),
            if beyond == 1 { "is" } else { "are" }
        );
    }
    write_case_times(program, &f.case_times, s);
    write_left_behind(prog, &summary.left_behind, s);
    let _ = writeln!(s);
    write_verdict(game, program, &f.minimal, s);
    1
}

/// The lines that name a round: the program, the rules, the seeds, and the `gen` command
/// that writes its input again.
fn write_round<G: ContestGame>(
    prog: &str,
    game: &G,
    program: &Program,
    opts: &StressOptions,
    r: &Round,
    s: &mut String,
) {
    let _ = writeln!(s, "program: {}", program.display());
    let _ = writeln!(s, "rules:   {} {}", game.name(), game.rules());
    let _ = writeln!(
        s,
        "seed:    {} (round {}: seed {}, {} case{}, scale {})",
        opts.seed,
        r.number,
        r.seed,
        r.cases,
        plural(r.cases),
        r.size.scale
    );
    let _ = writeln!(
        s,
        "replay the round's input: {}",
        replay_command(prog, game, r)
    );
}

/// How many of the cases sent were beyond the oracle's reach (answered by the fast
/// solver alone), when any were.
fn write_beyond_oracle<C, A>(summary: &StressSummary<C, A>, s: &mut String) {
    if summary.beyond_oracle > 0 {
        let _ = writeln!(
            s,
            "beyond the oracle: {} of the {} cases sent, answered by the default solver alone \
             (the one `verify` checks against the oracle where the oracle reaches)",
            summary.beyond_oracle, summary.cases_sent
        );
    }
}

/// How often the failing inputs failed again, and what that says: a flaky program, a
/// case that fails only after others.
fn write_reruns<C: PartialEq, A>(f: &StressFailure<C, A>, s: &mut String) {
    let shrunk = f.shrunk_reruns;
    // a timeout's input is not shrunk: it is "the input" (its one case, or all of them)
    let what = if f.minimal.cases == f.original.cases {
        "the input"
    } else {
        "the shrunk input"
    };
    let counts = format!(
        "{what} failed {} of {} runs{}",
        shrunk.failed,
        shrunk.runs,
        match f.round_reruns {
            Some(r) => format!(", the round's input {} of {}", r.failed, r.runs),
            None => String::new(),
        }
    );
    if f.flaky() {
        let _ = writeln!(
            s,
            "flaky:   {counts}: the program does not answer the same input the same way \
             every time (uninitialised memory, a read past an array, a time or hash-order \
             seed?)"
        );
    } else if shrunk.runs > 1 {
        let _ = writeln!(s, "reruns:  {counts}");
    }
    if f.retried_candidates {
        let r = f.round_reruns.unwrap_or_default();
        let _ = writeln!(
            s,
            "note:    the round's input passed {} of its {} runs, so shrinking ran each \
             candidate up to {} times before taking it to pass",
            r.runs - r.failed,
            r.runs,
            r.runs
        );
    }
    if let Some(i) = f.fails_only_with_others {
        let others = match (i, f.minimal.cases.len() - 1 - i) {
            (0, _) => "the cases after it",
            (_, 0) => "the cases before it",
            _ => "the other cases",
        };
        let _ = writeln!(
            s,
            "note:    case {} of the shrunk input fails only with {others}: run alone, it \
             passed {} of {} runs (state kept from one case to the next, or an answer that \
             depends on T or on the other cases?)",
            i + 1,
            f.shrunk_reruns.runs,
            f.shrunk_reruns.runs
        );
    }
}

/// The report of a run that stopped at a round the machine was too busy to judge.
fn write_inconclusive<G: ContestGame>(
    prog: &str,
    game: &G,
    program: &Program,
    opts: &StressOptions,
    summary: &StressSummary<G::Case, G::Answer>,
    busy: &Inconclusive<G::Case, G::Answer>,
    s: &mut String,
) {
    let r = &busy.round;
    let _ = writeln!(
        s,
        "INCONCLUSIVE: the machine was too busy to judge round {} of {} ({} round{} passed \
         before it)",
        r.number,
        opts.rounds,
        summary.rounds_passed,
        plural(summary.rounds_passed as usize)
    );
    write_round(prog, game, program, opts, r, s);
    let jobs = match opts.jobs {
        0 | 1 => String::new(),
        n => format!(", or with fewer --jobs (now {n})"),
    };
    let _ = writeln!(
        s,
        "repeat:  the same command with --seed {} on a quieter machine, or with a higher \
         --wall-timeout (now {} s){jobs}",
        opts.seed,
        program.limits.wall.as_secs_f64()
    );
    let u = &summary.usage;
    write_run_usage(program, u.slowest_wall, u.slowest_cpu, u.peak_rss, s);
    write_left_behind(prog, &summary.left_behind, s);
    let _ = writeln!(s);
    write_verdict(game, program, &busy.trial, s);
}

/// The message of a program that cannot start under its memory limit
/// ([`StressError::CannotStartUnderLimit`]): what happened, what to do, and the end of
/// its stderr by the one rule of [`show`]. Any other error: its own words.
pub(crate) fn cannot_start(program: &Program, e: StressError) -> String {
    let StressError::CannotStartUnderLimit {
        limit,
        stderr_tail,
        why,
        advice,
    } = e
    else {
        return format!("`{}` {e}", program.display());
    };
    let e = StressError::CannotStartUnderLimit {
        limit,
        why,
        advice,
        stderr_tail: String::new(),
    };
    let mut msg = format!("`{}` {e}", program.display());
    if !stderr_tail.trim().is_empty() {
        let _ = write!(
            msg,
            "\n--- its stderr (last lines) ---\n{}",
            show(Kept::Whole(stderr_tail.trim_end().as_bytes()), None)
        );
    }
    msg
}

/// The times of a timed-out input's cases, each run alone: one line per case.
pub(crate) fn write_case_times(program: &Program, times: &[CaseTime], s: &mut String) {
    if times.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "each case alone (an input of 1 case, the same limits: {}):",
        time_limits(program)
    );
    for t in times {
        let _ = write!(s, "  case {}: ", t.case + 1);
        if t.inconclusive {
            let _ = writeln!(
                s,
                "inconclusive (ended at the wall-clock limit each time it ran, the last after \
                 {:.2} s wall, {:.2} s CPU, waiting {:.2} s for a CPU: the machine is too busy)",
                t.wall.as_secs_f64(),
                t.cpu.as_secs_f64(),
                t.waited.as_secs_f64()
            );
            continue;
        }
        let _ = match t.class {
            Some(Class::Timeout) => writeln!(
                s,
                "timeout (killed after {:.2} s wall, {:.2} s CPU)",
                t.wall.as_secs_f64(),
                t.cpu.as_secs_f64()
            ),
            class => writeln!(
                s,
                "{:.2} s wall, {:.2} s CPU, {}",
                t.wall.as_secs_f64(),
                t.cpu.as_secs_f64(),
                class.map_or("passed", Class::name)
            ),
        };
    }
}

/// The verdict on `t`, its input, our output and the program's.
pub(crate) fn write_verdict<G: ContestGame>(
    game: &G,
    program: &Program,
    t: &Trial<G::Case, G::Answer>,
    s: &mut String,
) {
    match &t.judgement.verdict {
        Verdict::WrongAnswer {
            case,
            expected,
            got,
        } => {
            let _ = writeln!(
                s,
                "wrong answer on case {}: expected {expected}, got {got}",
                case + 1
            );
        }
        Verdict::Crash { end, .. } => {
            let _ = writeln!(s, "crash: {end}");
        }
        Verdict::MemoryLimit {
            end,
            peak_rss,
            limit,
            evidence,
            ..
        } => {
            let memory_kind = t.output.memory_limit.map(|m| m.kind);
            let kind = memory_kind.map_or("", |k| k.name());
            let _ = match evidence {
                MemoryEvidence::Resident { processes, .. } => writeln!(
                    s,
                    "memory limit exceeded: its resident memory reached {}{}, over the {} \
                     {kind} limit; every process it started was ended",
                    mib_beside(*peak_rss, *limit),
                    match processes {
                        0 | 1 => String::new(),
                        n => format!(", summed over its {n} processes"),
                    },
                    mib(*limit),
                ),
                // far below a resident limit, an allocation that failed hit a limit of the
                // program's own (java -Xmx, a ulimit), not ours
                MemoryEvidence::Message(_)
                    if memory_kind == Some(MemoryKind::Resident) && *peak_rss < *limit =>
                {
                    writeln!(
                        s,
                        "memory limit exceeded: {end} ({evidence}) at {} of resident memory, \
                         below the {} resident limit: a limit of the program's own ran out \
                         (a JVM's -Xmx, a ulimit)",
                        mib(*peak_rss),
                        mib(*limit)
                    )
                }
                _ => writeln!(
                    s,
                    "memory limit exceeded: {end} under the {} {kind} limit ({evidence}); \
                     peak resident memory {}",
                    mib(*limit),
                    mib(*peak_rss)
                ),
            };
        }
        Verdict::Timeout(TimeLimit::Cpu) => {
            let _ = writeln!(
                s,
                "timeout: {:.2} s of CPU time, over the {} s CPU time limit (in {:.2} s of wall-clock \
                 time); every process it started was ended",
                t.output.cpu.as_secs_f64(),
                program.limits.cpu.as_secs_f64(),
                t.output.elapsed.as_secs_f64()
            );
        }
        Verdict::Timeout(TimeLimit::Wall) => {
            // a run held back by a busy machine is never this verdict: it was run again
            // alone with a raised limit (and is inconclusive when it stays held back)
            let raised = match t.reruns {
                0 => String::new(),
                _ => format!(
                    ", raised to {:.2} s for a run again alone after a run that waited for a CPU",
                    t.output.elapsed.as_secs_f64()
                ),
            };
            let _ = writeln!(
                s,
                "timeout: no exit within the {} s wall-clock limit{raised}, with {:.2} s of CPU \
                 time (the CPU time limit is {} s: it sleeps or waits); killed with every \
                 process it started",
                program.limits.wall.as_secs_f64(),
                t.output.cpu.as_secs_f64(),
                program.limits.cpu.as_secs_f64()
            );
        }
        Verdict::Malformed { problem, .. } => {
            let _ = writeln!(s, "malformed output: {problem}");
        }
        Verdict::Pass => {
            let _ = writeln!(s, "(the program passed this input when run again)");
        }
        Verdict::Inconclusive { runs } => {
            let _ = writeln!(
                s,
                "inconclusive: {runs} runs of this input each ended at the wall-clock limit \
                 (the last, run alone, at {:.2} s with the limit raised by the wait before it) \
                 after waiting {:.2} s for a CPU, {:.2} s of CPU time: the machine is too busy \
                 to judge it",
                t.output.elapsed.as_secs_f64(),
                t.output.waited.as_secs_f64(),
                t.output.cpu.as_secs_f64()
            );
        }
    }
    // whatever the verdict: a program's own messages say most about it
    write_stderr(&t.output, s);
    let _ = writeln!(
        s,
        "--- input ---\n{}",
        show(
            Kept::Whole(t.input.as_bytes()),
            Some("--save DIR writes the whole input")
        )
    );
    let _ = writeln!(
        s,
        "--- expected output ---\n{}",
        show(
            Kept::Whole(game.write_answers(&t.expected).as_bytes()),
            Some("--save DIR writes the whole expected output")
        )
    );
    let capped = format!(
        "{} MiB kept; killed at the {} MiB cap",
        STDOUT_CAP >> 20,
        STDOUT_CAP >> 20
    );
    let why = match t.output.end {
        End::OutputCapped => capped.as_str(),
        _ => "--save DIR writes the whole output",
    };
    let _ = writeln!(
        s,
        "--- actual output ---\n{}",
        show(Kept::stdout(&t.output), Some(why))
    );
}

/// The program's stderr, when it wrote any, by the one rule of [`show`].
fn write_stderr(out: &RunOutput, s: &mut String) {
    if out.stderr_bytes > 0 || !out.stderr_tail.is_empty() {
        let _ = writeln!(s, "--- stderr ---\n{}", show(Kept::stderr(out), None));
    }
}

/// `bytes` in MiB with one decimal (`12.3 MiB`).
pub(crate) fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// `bytes` in MiB beside `limit`: with one decimal, or three when one would make two
/// different figures look the same (`64.004 MiB` over a `64.0 MiB` limit).
fn mib_beside(bytes: u64, limit: u64) -> String {
    if bytes != limit && mib(bytes) == mib(limit) {
        format!("{:.3} MiB", bytes as f64 / f64::from(1 << 20))
    } else {
        mib(bytes)
    }
}

/// The `gen` command that writes `round`'s input again.
pub(crate) fn replay_command<G: ContestGame>(prog: &str, game: &G, round: &Round) -> String {
    let gen = format!(
        "{prog} {}",
        crate::harness::progress::command_words("gen", game.name())
    );
    format!(
        "{} --cases {} --seed {} --scale {}",
        [gen.as_str(), game.flags().as_str()].join(" ").trim_end(),
        round.cases,
        round.seed,
        round.size.scale
    )
}

/// `1.5 s of CPU, 5.5 s wall-clock, 64 MiB of resident memory`: every limit of a run.
pub(crate) fn limits_in_words(program: &Program) -> String {
    match program.limits.memory {
        None => format!("{}, no memory limit", time_limits(program)),
        Some(m) => format!(
            "{}, {} MiB of {}",
            time_limits(program),
            m.bytes >> 20,
            m.kind.what()
        ),
    }
}

/// `1.5 s of CPU, 5.5 s wall-clock`: the time limits of a run.
pub(crate) fn time_limits(program: &Program) -> String {
    format!(
        "{} s of CPU, {} s wall-clock",
        program.limits.cpu.as_secs_f64(),
        program.limits.wall.as_secs_f64()
    )
}

/// The final lines of a passing run: the slowest run's CPU and wall-clock time and the
/// largest peak resident memory, each against its limit.
pub(crate) fn write_run_usage(
    program: &Program,
    wall: Duration,
    cpu: Duration,
    peak: u64,
    s: &mut String,
) {
    let (cpu_limit, wall_limit) = (
        program.limits.cpu.as_secs_f64(),
        program.limits.wall.as_secs_f64(),
    );
    // past the wall-clock limit: a run again alone, held back by a busy machine
    let raised = if wall.as_secs_f64() > wall_limit {
        "; it ran again alone, its limit raised by its wait for a CPU on a busy machine"
    } else {
        ""
    };
    let _ = writeln!(
        s,
        "slowest run: {:.2} s CPU ({:.0}% of the {cpu_limit} s CPU time limit), {:.2} s wall \
         ({:.0}% of {wall_limit} s{raised})",
        cpu.as_secs_f64(),
        100.0 * cpu.as_secs_f64() / cpu_limit,
        wall.as_secs_f64(),
        100.0 * wall.as_secs_f64() / wall_limit,
    );
    match program.limits.memory {
        Some(limit) if limit.kind == MemoryKind::AddressSpace => {
            let _ = writeln!(
                s,
                "peak memory: {} resident (the {} address-space limit is on each process's \
                 address space)",
                mib(peak),
                mib(limit.bytes)
            );
        }
        Some(limit) => {
            let _ = writeln!(
                s,
                "peak memory: {} ({:.0}% of the {} {} limit)",
                mib(peak),
                100.0 * peak as f64 / limit.bytes as f64,
                mib(limit.bytes),
                limit.kind.name()
            );
        }
        None => {
            let _ = writeln!(s, "peak memory: {} (no memory limit)", mib(peak));
        }
    }
}

/// A warning when runs left processes behind (the verdict does not change).
pub(crate) fn write_left_behind(prog: &str, left: &LeftBehindSummary, s: &mut String) {
    if left.processes == 0 {
        return;
    }
    let _ = writeln!(
        s,
        "warning: {} run{} left {} process{} behind (ended by {}):",
        left.runs,
        plural(left.runs as usize),
        left.processes,
        if left.processes == 1 { "" } else { "es" },
        prog
    );
    for c in &left.commands {
        let _ = writeln!(s, "  {}", escape_controls(c));
    }
}

/// Control characters other than newline and tab shown escaped (`\0`, `\r`, `\u{1b}`).
pub(crate) fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stress::{
        End, Judgement, LeftBehindSummary, RunOutput, StressSummary, UsagePeak, BUSY_RERUNS,
    };
    use crate::stress::{Round, Size};

    /// A contest of one-number cases answered by their double (enough for a report).
    struct Double;

    impl ContestGame for Double {
        type Case = u64;
        type Answer = u64;
        fn name(&self) -> &'static str {
            "double"
        }
        fn rules(&self) -> String {
            "x2".into()
        }
        fn flags(&self) -> String {
            String::new()
        }
        fn max_batch(&self) -> usize {
            10
        }
        fn generate(&self, _rng: &mut crate::rng::Rng, _size: Size) -> u64 {
            1
        }
        fn write_input(&self, cases: &[u64]) -> String {
            cases.iter().map(|c| format!("{c}\n")).collect()
        }
        fn answers(&mut self, cases: &[u64]) -> Result<Vec<u64>, String> {
            Ok(cases.iter().map(|c| 2 * c).collect())
        }
        fn write_answers(&self, answers: &[u64]) -> String {
            self.write_input(answers)
        }
        fn parse_answer(&self, line: &str, _index: usize) -> Option<u64> {
            line.parse().ok()
        }
        fn answer_form(&self, _index: usize) -> String {
            "a number".into()
        }
        fn shrink_candidates(&self, _case: &u64) -> Vec<u64> {
            Vec::new()
        }
        fn describe_case(&self, case: &u64) -> String {
            format!("{case}")
        }
        fn read_input(&self, _text: &str) -> Result<Vec<u64>, crate::error::ParseError> {
            Ok(Vec::new())
        }
    }

    #[test]
    fn an_inconclusive_round_is_status_3_with_the_seed_to_repeat_it() {
        let round = Round {
            number: 4,
            seed: 99,
            cases: 1,
            size: Size { scale: 0.4 },
        };
        let trial = Trial {
            cases: vec![3],
            input: "3\n".into(),
            expected: vec![6],
            output: RunOutput {
                end: End::TimedOut(TimeLimit::Wall),
                elapsed: Duration::from_millis(7400),
                waited: Duration::from_millis(4400),
                cpu: Duration::from_millis(800),
                ..RunOutput::default()
            },
            judgement: Judgement::whole_run(Verdict::Inconclusive {
                runs: 1 + BUSY_RERUNS,
            }),
            reruns: BUSY_RERUNS,
        };
        let summary = StressSummary {
            rounds_passed: 3,
            cases_passed: 3,
            failure: None,
            inconclusive: Some(Inconclusive { round, trial }),
            usage: UsagePeak::default(),
            left_behind: LeftBehindSummary::default(),
            cases_sent: 3,
            beyond_oracle: 0,
        };
        let program = Program::new(vec!["sol".into()], Duration::from_millis(1500));
        let opts = StressOptions {
            seed: 2026,
            rounds: 20,
            ..StressOptions::default()
        };
        let mut s = String::new();
        assert_eq!(
            write_report("gamecheck", &Double, &program, &opts, &summary, &mut s),
            3
        );
        assert!(
            s.starts_with(
                "INCONCLUSIVE: the machine was too busy to judge round 4 of 20 (3 rounds passed \
                 before it)\n"
            ),
            "{s}"
        );
        assert!(
            s.contains(
                "\nrepeat:  the same command with --seed 2026 on a quieter machine, or with a \
                 higher --wall-timeout (now 5.5 s)\n"
            ),
            "{s}"
        );
        assert!(
            s.contains("inconclusive: 3 runs of this input each ended at the wall-clock limit"),
            "{s}"
        );
        assert!(s.contains("after waiting 4.40 s for a CPU"), "{s}");
        assert!(!s.contains("FAILED"), "{s}");
    }
}
