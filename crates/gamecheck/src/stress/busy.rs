//! No failure from a busy machine: a run ended at the wall-clock limit that spent a
//! quarter of its wall time or more waiting for a CPU (on a run queue: other programs,
//! or our own runs side by side under `--jobs`) was held back by the machine, not by
//! itself. It is run again alone, with the wall-clock limit raised by the wait it had,
//! up to [`BUSY_RERUNS`] times; a run that still ends so is *inconclusive*
//! ([`Verdict::Inconclusive`]).
//!
//! The wait is [`RunOutput::waited`]: the longest any one thread of the run waited on a
//! run queue, sampled from `/proc/PID/task/TID/schedstat` while it ran. A program that
//! sleeps or blocks waits on no run queue, so it is still a wall-clock timeout, within
//! its wall-clock limit (plus, at most, the waits it was granted); CPU time is what a
//! program computes, whatever the load, so a CPU timeout is never re-run.

use super::judge::{judge, Judgement, Verdict};
use super::runner::{End, RunOutput, Target, TimeLimit};
use super::{ContestGame, StressError};

/// The most runs of an input again alone after a run that waited for a CPU (2).
pub const BUSY_RERUNS: u64 = 2;

/// Whether `out` ended at the wall-clock limit after waiting for a CPU a quarter of its
/// wall time or more.
pub fn held_back(out: &RunOutput) -> bool {
    out.end == End::TimedOut(TimeLimit::Wall) && out.waited * 4 >= out.elapsed
}

/// `out` and `judgement` (the run of `target` on `input`), or, for a run held back by
/// the machine ([`held_back`]), those of its runs again alone with the wall-clock limit
/// raised by the wait of the run before, up to [`BUSY_RERUNS`] of them: the first that
/// is not held back, judged; or, when each one is, the last one with the verdict
/// [`Verdict::Inconclusive`]. Also returns the number of runs made again.
///
/// # Errors
/// The program cannot be started.
pub fn confirm<G: ContestGame + ?Sized, T: Target + ?Sized>(
    game: &G,
    target: &mut T,
    input: &str,
    expected: &[G::Answer],
    out: RunOutput,
    judgement: Judgement<G::Answer>,
) -> Result<(RunOutput, Judgement<G::Answer>, u64), StressError> {
    if !held_back(&out) {
        return Ok((out, judgement, 0));
    }
    let mut last = out;
    for again in 1..=BUSY_RERUNS {
        last = target.run_with_more_wall_time(input.as_bytes(), last.waited)?;
        if !held_back(&last) {
            let judgement = judge(game, &last, expected);
            return Ok((last, judgement, again));
        }
    }
    let inconclusive = Judgement::whole_run(Verdict::Inconclusive {
        runs: 1 + BUSY_RERUNS,
    });
    Ok((last, inconclusive, BUSY_RERUNS))
}
