//! Whether a failure under a memory limit is the limit's doing, and whether the program
//! can start under it at all.
//!
//! Under a resident-memory limit the supervisor ends a run whose memory passes the
//! limit: that is the verdict, with the sampled peak as its evidence. A run ended so
//! before it read any of its input would be on every input (an interpreter or runtime
//! that needs more than the limit to start): that is the user's setting, not the
//! program's bug.
//!
//! Under an address-space limit a crash is "memory limit exceeded" on a runtime's own
//! allocation-failure message; otherwise the failing input is run once more at four
//! times the limit (capped by the memory available now, never unlimited), and only a
//! pass there makes it so. A run that failed before reading any of its input, and reads
//! it at the larger limit, cannot start under the limit at all.
//!
//! A program may read its input and only then start the runtime that cannot start (a
//! wrapper script that reads the input and runs `java` with it): once shrinking is done,
//! [`cannot_start`] reads a runtime's own start-up failure message
//! ([`judge::startup_failure`]) in the round's failing run and in the run on the smallest
//! failing input; the same message in both is "cannot start under this limit" too.

use super::judge::{self, judge, Judgement, MemoryEvidence, Verdict};
use super::runner::{End, MemoryKind, MemoryLimit, RunOutput, Target};
use super::{ContestGame, StressError, Trial};

/// What to do about a program that cannot start under an address-space limit.
pub const ADDRESS_SPACE_ADVICE: &str =
    "raise --memory-limit, or limit resident memory instead (--memory-limit-kind resident)";

/// `bytes` for a report: in GiB from 1 GiB on (`1.0 GiB`), else in MiB (`262.3 MiB`).
pub fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1 << 30))
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    }
}

/// The program cannot start under `limit`, an address-space limit: `why`, with the
/// limit said first.
fn under_address_space(limit: MemoryLimit, why: &str, stderr_tail: &str) -> StressError {
    StressError::CannotStartUnderLimit {
        limit,
        why: format!(
            "under {} MiB of {}, {why}",
            limit.bytes >> 20,
            limit.kind.what()
        ),
        advice: ADDRESS_SPACE_ADVICE.to_string(),
        stderr_tail: stderr_tail.to_string(),
    }
}

/// A program ended at the resident limit `limit` before it read any of its input, its
/// resident memory then `peak`: it would be at a judge with that limit on every test.
/// The run was ended as it passed the limit, so `peak` is what it had allocated by
/// then, at least.
pub fn allocates_before_input(limit: MemoryLimit, peak: u64, stderr_tail: &str) -> StressError {
    StressError::CannotStartUnderLimit {
        limit,
        why: format!(
            "it allocates at least {} before reading its input",
            size(peak)
        ),
        advice: format!(
            "at a judge with a {} MiB limit it would fail every test — reduce its start-up \
             allocation, or raise --memory-limit if the judge's limit is higher",
            limit.bytes >> 20
        ),
        stderr_tail: stderr_tail.to_string(),
    }
}

/// Whether `out` is a failure of the program's own: a non-zero exit or a signal (not a
/// limit of ours, not a supervisor's death).
fn failed_on_its_own(out: &RunOutput) -> bool {
    matches!(out.end, End::Exited(status) if status != 0) || matches!(out.end, End::Signaled(_))
}

/// Whether a failure under an address-space limit is a runtime that cannot start under
/// it, though the program read its input (a wrapper that reads it, then starts a JVM):
/// `first`, the round's failing run, and `shrunk`, the run on the smallest failing input
/// shrinking found (the same run when nothing was shrunk), both failed on their own (a
/// non-zero exit or a signal) with the same start-up failure message of a runtime
/// ([`judge::startup_failure`]: the same known message, whatever sizes its line names),
/// so it would on every input. Anything else (a pass; another limit; a message on one
/// run only; a different message; a run that exited 0 or was ended at a limit of ours)
/// is left as judged.
///
/// # Errors
/// [`StressError::CannotStartUnderLimit`] when it is so, with the runtime's words quoted
/// and the stderr of the run on the smallest input.
pub fn cannot_start<C, A>(first: &Trial<C, A>, shrunk: &Trial<C, A>) -> Result<(), StressError> {
    let Some(limit) = first.output.memory_limit else {
        return Ok(());
    };
    if limit.kind != MemoryKind::AddressSpace {
        return Ok(());
    }
    let failed = |t: &Trial<C, A>| {
        t.judgement.verdict.class().is_some()
            && t.output.memory_limit == Some(limit)
            && failed_on_its_own(&t.output)
    };
    if !failed(first) || !failed(shrunk) {
        return Ok(());
    }
    let said = |t: &Trial<C, A>| judge::startup_failure(&t.output.stdout, &t.output.stderr_tail);
    let (Some(was), Some(is)) = (said(first), said(shrunk)) else {
        return Ok(());
    };
    if was.message != is.message {
        return Ok(());
    }
    let reason = match &is.reason {
        Some(reason) => format!(" then {}", judge::quote(reason)),
        None => String::new(),
    };
    let read = if first.output.input_unread < first.input.len() {
        " (the program read its input first, as a wrapper that starts the runtime does)"
    } else {
        ""
    };
    let why = format!(
        "{} did not start: its {} says {}{reason}, on the round's input and on the smallest \
         failing input alike, so it would on every input{read}",
        is.runtime,
        is.stream,
        judge::quote(&is.line),
    );
    Err(under_address_space(limit, &why, &shrunk.output.stderr_tail))
}

/// How many times the limit the second run gets.
pub const RERUN_FACTOR: u64 = 4;

/// The memory available to new programs now (`MemAvailable` of `/proc/meminfo`), in
/// bytes; `None` where it cannot be read.
pub fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The limit of the second run for a first run under `limit`: four times it, at most
/// `available`; `None` when that is not above `limit`.
pub fn larger_limit(limit: u64, available: Option<u64>) -> Option<u64> {
    let larger = limit.saturating_mul(RERUN_FACTOR).min(available?);
    (larger > limit).then_some(larger)
}

/// `judgement` of `out` (the run of `target` on `input`), with a crash under a memory
/// limit decided by a second run at a larger limit (see the module's text); and
/// how many more runs were made (0, 1, or 2 for a program that cannot start at four times the limit either).
///
/// # Errors
/// The program cannot be started, or cannot start under the limit
/// ([`StressError::CannotStartUnderLimit`]).
pub fn confirm<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &G,
    target: &mut T,
    input: &str,
    expected: &[G::Answer],
    out: &RunOutput,
    judgement: Judgement<G::Answer>,
) -> Result<(Judgement<G::Answer>, u64), StressError> {
    let read_nothing = !input.is_empty() && out.input_unread >= input.len();
    if let (Verdict::MemoryLimit { peak_rss, .. }, Some(limit), End::MemoryLimit) =
        (&judgement.verdict, out.memory_limit, out.end)
    {
        if read_nothing {
            return Err(allocates_before_input(limit, *peak_rss, &out.stderr_tail));
        }
        return Ok((judgement, 0));
    }
    let (Verdict::Crash { end, stderr_tail }, Some(memory)) =
        (&judgement.verdict, out.memory_limit)
    else {
        return Ok((judgement, 0));
    };
    // under a resident limit nothing makes an allocation fail: a crash is a crash
    if memory.kind != MemoryKind::AddressSpace {
        return Ok((judgement, 0));
    }
    let limit = memory.bytes;
    // a supervisor's death is not the program's failure to allocate: no second run
    if let End::SupervisorDied(_) = end {
        return Ok((judgement, 0));
    }
    let Some(larger) = larger_limit(limit, available()) else {
        return Ok((judgement, 0));
    };
    let Some(again) = target.run_with_memory_limit(input.as_bytes(), larger) else {
        return Ok((judgement, 0));
    };
    let again = again?;
    if read_nothing && again.input_unread < input.len() {
        return Err(under_address_space(
            memory,
            &format!(
                "the program fails before reading any input (so it would on every input), \
                 and under {} MiB it reads it",
                larger >> 20
            ),
            &out.stderr_tail,
        ));
    }
    // failing before reading a byte at four times the limit too: a runtime that reserves
    // address space by the gigabyte (the JVM, Go, .NET) may start only with the memory
    // of the machine; if it then reads its input, the limit is what stops it
    if read_nothing && again.input_unread >= input.len() {
        if let Some(most) = available().filter(|&a| a > larger) {
            if let Some(third) = target.run_with_memory_limit(input.as_bytes(), most) {
                if third?.input_unread < input.len() {
                    return Err(under_address_space(
                        memory,
                        &format!(
                            "the program fails before reading any input (so it would on \
                             every input), under {} MiB too, and under {} MiB (the memory \
                             available) it reads it: it reserves more address space than \
                             the limit",
                            larger >> 20,
                            most >> 20
                        ),
                        &out.stderr_tail,
                    ));
                }
                return Ok((judgement, 2));
            }
        }
    }
    if judge(game, &again, expected).verdict != Verdict::Pass {
        return Ok((judgement, 1));
    }
    let memory = Judgement::whole_run(Verdict::MemoryLimit {
        end: *end,
        peak_rss: out.peak_rss,
        limit,
        stderr_tail: stderr_tail.clone(),
        evidence: MemoryEvidence::PassesAt(larger),
    });
    Ok((memory, 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stress::TimeLimit;

    const MIB: u64 = 1 << 20;

    const JVM: &str = "Error occurred during initialization of VM\n\
                       Could not reserve enough space for code cache (245760K)\n";

    /// A judged run on a two-line input under 256 MiB of `kind`: it ended `end`, printed
    /// `stdout` and `stderr`, and read all its input; a failure unless it exited 0 with
    /// the right answer (`Alice`).
    fn ran(kind: MemoryKind, end: End, stdout: &str, stderr: &str) -> Trial<u32, u32> {
        let verdict = match end {
            End::Exited(0) if stdout == "Alice\n" => Verdict::Pass,
            End::Exited(0) => Verdict::Malformed {
                line: 1,
                problem: "line 1 is not an answer".into(),
            },
            End::TimedOut(which) => Verdict::Timeout(which),
            _ => Verdict::Crash {
                end,
                stderr_tail: stderr.into(),
            },
        };
        Trial {
            cases: vec![1],
            input: "1\n1 1\n".into(),
            expected: vec![0],
            output: RunOutput {
                end,
                stdout: stdout.as_bytes().to_vec(),
                stderr_tail: stderr.into(),
                memory_limit: Some(MemoryLimit {
                    bytes: 256 * MIB,
                    kind,
                }),
                input_unread: 0,
                ..RunOutput::default()
            },
            judgement: Judgement::whole_run(verdict),
            reruns: 0,
        }
    }

    fn address_space(end: End, stdout: &str, stderr: &str) -> Trial<u32, u32> {
        ran(MemoryKind::AddressSpace, end, stdout, stderr)
    }

    /// A JVM behind a wrapper that read the input: the same start-up failure on the
    /// round's input and on the smallest is "cannot start", whatever size the reason
    /// names; so is Node's, which dies of a signal.
    #[test]
    fn the_same_start_up_failure_on_the_smallest_input_is_cannot_start() {
        let first = address_space(End::Exited(1), JVM, "");
        let heap = "Error occurred during initialization of VM\n\
                    Could not reserve enough space for 251904KB object heap\n";
        for shrunk in [first.clone(), address_space(End::Exited(1), heap, "")] {
            match cannot_start(&first, &shrunk) {
                Err(e @ StressError::CannotStartUnderLimit { .. }) => {
                    let text = e.to_string();
                    assert!(
                        text.starts_with(
                            "cannot start under this limit: under 256 MiB of address space, \
                             the JVM did not start: its stdout says `Error occurred during \
                             initialization of VM` then `Could not reserve enough space for "
                        ),
                        "{text}"
                    );
                    assert!(
                        text.contains(
                            "on the round's input and on the smallest failing input alike, \
                             so it would on every input (the program read its input first, \
                             as a wrapper that starts the runtime does); raise \
                             --memory-limit, or limit resident memory instead \
                             (--memory-limit-kind resident)"
                        ),
                        "{text}"
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        // a runtime started directly reads none of its input: no word of a wrapper
        let mut direct = first.clone();
        direct.output.input_unread = direct.input.len();
        let text = cannot_start(&direct, &direct).unwrap_err().to_string();
        assert!(
            text.contains("so it would on every input; raise --memory-limit"),
            "{text}"
        );
        let node = "#\n# Fatal process OOM in Failed to reserve virtual memory for CodeRange\n#\n";
        let node = address_space(End::Signaled(5), "", node);
        assert!(matches!(
            cannot_start(&node, &node),
            Err(StressError::CannotStartUnderLimit { ref stderr_tail, .. }) if stderr_tail.contains("CodeRange")
        ));
    }

    /// A right program that prints the words passes (and `stress` never asks); a program
    /// that prints them and exits 0, says them on one run only, says something else on
    /// the smallest input, or is not under an address-space limit, is judged as it was.
    #[test]
    fn the_words_alone_or_once_are_not_cannot_start() {
        let crash = address_space(End::Exited(1), JVM, "");
        let right = address_space(End::Exited(0), "Alice\n", JVM);
        assert_eq!(right.judgement.verdict, Verdict::Pass);
        assert!(cannot_start(&right, &right).is_ok());
        // a failure whose smallest input passes (printing the words) is not cannot-start
        assert!(cannot_start(&crash, &right).is_ok());
        assert!(cannot_start(&right, &crash).is_ok());
        let printed = address_space(End::Exited(0), JVM, "");
        assert_eq!(
            printed.judgement.verdict.class(),
            Some(judge::Class::Malformed)
        );
        assert!(cannot_start(&printed, &printed).is_ok());
        let plain = address_space(End::Exited(1), "", "index out of range");
        assert!(cannot_start(&crash, &plain).is_ok());
        assert!(cannot_start(&plain, &crash).is_ok());
        let python = address_space(
            End::Exited(1),
            "",
            "Fatal Python error: _PySys_InitCore: can't initialize sys module\n",
        );
        assert!(cannot_start(&crash, &python).is_ok());
        let timeout = address_space(End::TimedOut(TimeLimit::Wall), JVM, "");
        assert!(cannot_start(&timeout, &timeout).is_ok());
        let resident = ran(MemoryKind::Resident, End::Exited(1), JVM, "");
        assert!(cannot_start(&resident, &resident).is_ok());
        let mut unlimited = crash.clone();
        unlimited.output.memory_limit = None;
        assert!(cannot_start(&unlimited, &unlimited).is_ok());
    }

    /// A run ended at the resident limit before it read its input is told what it
    /// allocated by then and what a judge with that limit would do.
    #[test]
    fn an_allocation_before_the_input_is_told_what_a_judge_would_do() {
        let limit = MemoryLimit {
            bytes: 256 * MIB,
            kind: MemoryKind::Resident,
        };
        assert_eq!(
            allocates_before_input(limit, 1 << 30, "").to_string(),
            "cannot start under this limit: it allocates at least 1.0 GiB before reading its \
             input; at a judge with a 256 MiB limit it would fail every test — reduce its \
             start-up allocation, or raise --memory-limit if the judge's limit is higher"
        );
        assert!(allocates_before_input(limit, 262 * MIB + MIB / 2, "")
            .to_string()
            .contains("at least 262.5 MiB before"));
        assert_eq!(size(1023 * MIB), "1023.0 MiB");
        assert_eq!(size(3 << 29), "1.5 GiB");
    }

    #[test]
    fn the_second_limit_is_four_times_the_first_capped_by_what_is_available() {
        let mib = 1 << 20;
        assert_eq!(larger_limit(64 * mib, Some(1 << 40)), Some(256 * mib));
        assert_eq!(larger_limit(64 * mib, Some(100 * mib)), Some(100 * mib));
        assert_eq!(larger_limit(64 * mib, Some(64 * mib)), None);
        assert_eq!(larger_limit(64 * mib, None), None);
        assert_eq!(larger_limit(u64::MAX, Some(u64::MAX)), None);
    }
}
