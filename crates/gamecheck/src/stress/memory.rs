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

use super::judge::{judge, Judgement, MemoryEvidence, Verdict};
use super::runner::{End, MemoryKind, RunOutput, Target};
use super::{ContestGame, StressError};

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
            return Err(StressError::CannotStartUnderLimit {
                limit,
                why: format!(
                    "the program's resident memory reached {:.1} MiB before it read any of \
                     its input (so it would on every input)",
                    *peak_rss as f64 / f64::from(1 << 20)
                ),
                stderr_tail: out.stderr_tail.clone(),
            });
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
        return Err(StressError::CannotStartUnderLimit {
            limit: memory,
            why: format!(
                "the program fails before reading any input (so it would on every input), \
                 and under {} MiB it reads it",
                larger >> 20
            ),
            stderr_tail: out.stderr_tail.clone(),
        });
    }
    // failing before reading a byte at four times the limit too: a runtime that reserves
    // address space by the gigabyte (the JVM, Go, .NET) may start only with the memory
    // of the machine; if it then reads its input, the limit is what stops it
    if read_nothing && again.input_unread >= input.len() {
        if let Some(most) = available().filter(|&a| a > larger) {
            if let Some(third) = target.run_with_memory_limit(input.as_bytes(), most) {
                if third?.input_unread < input.len() {
                    return Err(StressError::CannotStartUnderLimit {
                        limit: memory,
                        why: format!(
                            "the program fails before reading any input (so it would on \
                             every input), under {} MiB too, and under {} MiB (the memory \
                             available) it reads it: it reserves more address space than \
                             the limit",
                            larger >> 20,
                            most >> 20
                        ),
                        stderr_tail: out.stderr_tail.clone(),
                    });
                }
                return Ok((judgement, 2));
            }
        }
    }
    if judge(game, &again, expected).verdict != Verdict::Pass {
        return Ok((judgement, 1));
    }
    let memory = Judgement {
        verdict: Verdict::MemoryLimit {
            end: *end,
            peak_rss: out.peak_rss,
            limit,
            stderr_tail: stderr_tail.clone(),
            evidence: MemoryEvidence::PassesAt(larger),
        },
        wrong: Vec::new(),
        right: Vec::new(),
        not_answers: Vec::new(),
        per_case: false,
    };
    Ok((memory, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

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
