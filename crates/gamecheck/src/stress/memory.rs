//! Whether a crash under a memory limit is the limit's doing: the judge accepts a
//! runtime's own allocation-failure message as proof; otherwise the failing input is run
//! once more at four times the limit (capped by the memory available now, never
//! unlimited), and only a pass there makes it "memory limit exceeded". A run that
//! failed before reading any of its input, and reads it at the larger limit, cannot
//! start under the limit at all: that is the user's setting, not the program's bug.

use super::judge::{judge, Judgement, MemoryEvidence, Verdict};
use super::runner::{End, RunOutput, Target};
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
/// whether that second run was made.
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
) -> Result<(Judgement<G::Answer>, bool), StressError> {
    let (Verdict::Crash { end, stderr_tail }, Some(limit)) = (&judgement.verdict, out.memory_limit)
    else {
        return Ok((judgement, false));
    };
    // a supervisor's death is not the program's failure to allocate: no second run
    if let End::SupervisorDied(_) = end {
        return Ok((judgement, false));
    }
    let Some(larger) = larger_limit(limit, available()) else {
        return Ok((judgement, false));
    };
    let Some(again) = target.run_with_memory_limit(input.as_bytes(), larger) else {
        return Ok((judgement, false));
    };
    let again = again?;
    let read_nothing = !input.is_empty() && out.input_unread >= input.len();
    if read_nothing && again.input_unread < input.len() {
        return Err(StressError::CannotStartUnderLimit { limit, larger });
    }
    if judge(game, &again, expected).verdict != Verdict::Pass {
        return Ok((judgement, true));
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
    Ok((memory, true))
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
