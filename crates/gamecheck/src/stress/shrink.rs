//! Shrinking a failing input against a real program: first the list of cases (to the
//! single failing case when there is one), then that case, keeping the failure's class.
//!
//! Running a program costs a process start, so candidates are tried in *batches*: up to
//! [`ContestGame::max_batch`] candidate cases in one input. For a wrong answer the
//! output says which candidates fail; for a crash or malformed output the batch is
//! split in halves until one failing candidate is isolated (group testing). Every step
//! is confirmed by running the chosen candidate alone, so the reported input fails on
//! its own.
//!
//! A single case is first cut to its smallest failing size when the game offers a size
//! ([`ContestGame::shrink_sizes`]: octal's largest heap, paint's number of columns),
//! galloping up from the smallest size and bisecting the last gap, so that a failure
//! from some size on is found in a number of runs that grows with the logarithm of that
//! size, not with the case's own; then the game's candidates take single steps, never
//! back to a case the walk stood on (a game whose positions repeat cannot walk in a
//! circle), within the time budget.
//!
//! A timeout is not shrunk (each try could cost the whole time limit): its cases are
//! run one at a time instead, each as an input of one case under the same limit
//! ([`Shrinker::case_times`]), at most [`TIMED_CASES`] of them and within the time
//! budget, stopping at the first case that times out on its own, which is then the
//! reported input.
//!
//! With `jobs` > 1 the independent runs of a step go side by side: the removals of the
//! next `jobs` chunks of cases, the first runs of the next `jobs` candidate batches.
//! Their results are then read in the order a single job would have run them, and
//! what comes after the first success is dropped, so the shrunk case is the same.

use super::judge::Class;
use super::{trials, ContestGame, LeftBehindSummary, StressError, Target, Trial};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The most cases of a timed-out input that are run alone to time them (from the first,
/// in input order).
pub const TIMED_CASES: usize = 20;

/// One case of a timed-out input, run alone (an input of one case) under the same
/// time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaseTime {
    /// The case's place in the input that timed out (0-based).
    pub case: usize,
    /// Wall-clock time of the run (up to the kill, when it timed out).
    pub wall: Duration,
    /// CPU time of the run.
    pub cpu: Duration,
    /// Its verdict: `None` when it passed (or was inconclusive), `Some(Class::Timeout)`
    /// when it timed out on its own.
    pub class: Option<Class>,
    /// The longest any thread of the run waited for a CPU ([`RunOutput::waited`]).
    ///
    /// [`RunOutput::waited`]: super::RunOutput::waited
    pub waited: Duration,
    /// Whether the machine was too busy to judge it ([`super::Verdict::Inconclusive`]).
    pub inconclusive: bool,
}

/// A shrinking session for one failure class.
pub struct Shrinker<'a, G: ContestGame + ?Sized, T: Target + ?Sized> {
    game: &'a mut G,
    target: &'a mut T,
    class: Class,
    deadline: Instant,
    runs: u64,
    /// Cases known not to fail this way on their own.
    passed: HashSet<G::Case>,
    /// Cases the single-case walk has stood on: never a candidate again, so a game
    /// whose positions repeat (one move later is not always smaller) cannot walk in a
    /// circle.
    stood_on: HashSet<G::Case>,
    out_of_time: bool,
    jobs: usize,
    single: Option<G::Case>,
    left_behind: LeftBehindSummary,
    case_times: Vec<CaseTime>,
    /// Runs again of a candidate that did not fail so, before it is taken to pass (a
    /// flaky program).
    retries: usize,
}

type TrialOf<G> = Trial<<G as ContestGame>::Case, <G as ContestGame>::Answer>;

/// Candidates that seem to fail, each with its own run when it was run alone.
type Found<G> = Vec<(<G as ContestGame>::Case, Option<TrialOf<G>>)>;

impl<'a, G: ContestGame + ?Sized, T: Target + ?Sized> Shrinker<'a, G, T> {
    /// A shrinker that keeps failures of `class` and stops at `deadline`.
    pub fn new(game: &'a mut G, target: &'a mut T, class: Class, deadline: Instant) -> Self {
        Shrinker {
            game,
            target,
            class,
            deadline,
            runs: 0,
            passed: HashSet::new(),
            stood_on: HashSet::new(),
            out_of_time: false,
            jobs: 1,
            single: None,
            left_behind: LeftBehindSummary::default(),
            case_times: Vec::new(),
            retries: 0,
        }
    }

    /// The same shrinker running each candidate that does not fail this way up to
    /// `retries` more times before it takes it to pass (for a program seen to be flaky).
    pub fn with_retries(mut self, retries: usize) -> Self {
        self.retries = retries;
        self
    }

    /// The same shrinker running up to `jobs` runs of the program side by side.
    pub fn with_jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// Runs of the program so far.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// The single case the list of cases was reduced to (before that case was made
    /// smaller), if it was.
    pub fn single_case(&self) -> Option<&G::Case> {
        self.single.as_ref()
    }

    /// The cases of a timed-out input run alone, in input order (empty for other
    /// failures, and for a timed-out input of one case).
    pub fn case_times(&self) -> &[CaseTime] {
        &self.case_times
    }

    /// Processes that the shrinking runs left behind.
    pub fn left_behind(&self) -> &LeftBehindSummary {
        &self.left_behind
    }

    fn try_cases(&mut self, cases: &[G::Case]) -> Result<TrialOf<G>, StressError> {
        let mut all = self.try_many(&[cases.to_vec()])?;
        Ok(all.pop().expect("one trial per input"))
    }

    fn try_many(&mut self, lists: &[Vec<G::Case>]) -> Result<Vec<TrialOf<G>>, StressError> {
        let mut done = self.run_lists(lists)?;
        // a flaky program: what did not fail so is run again, up to `retries` times
        for _ in 0..self.retries {
            let again: Vec<usize> = (0..done.len()).filter(|&i| !self.same(&done[i])).collect();
            if again.is_empty() || !self.time_left() {
                break;
            }
            let lists: Vec<Vec<G::Case>> = again.iter().map(|&i| lists[i].clone()).collect();
            for (i, t) in again.into_iter().zip(self.run_lists(&lists)?) {
                if self.same(&t) || t.judgement.verdict.passed() {
                    done[i] = t;
                }
            }
        }
        Ok(done)
    }

    fn run_lists(&mut self, lists: &[Vec<G::Case>]) -> Result<Vec<TrialOf<G>>, StressError> {
        self.runs += lists.len() as u64;
        let done = trials(self.game, self.target, lists, self.jobs)?;
        for t in &done {
            self.runs += t.reruns;
            self.left_behind.add(&t.output);
        }
        Ok(done)
    }

    fn same(&self, t: &TrialOf<G>) -> bool {
        t.judgement.verdict.class() == Some(self.class)
    }

    fn time_left(&mut self) -> bool {
        if Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        !self.out_of_time
    }

    /// Shrinks `failing` (a trial that failed with this shrinker's class) and returns the
    /// smallest failing trial found, with a note when shrinking was skipped or stopped
    /// early. A timeout is not shrunk, since every try would cost the whole time limit:
    /// its cases are timed alone instead ([`Self::case_times`]).
    ///
    /// # Errors
    /// The program cannot be started, or our answers cannot be computed.
    pub fn shrink(
        &mut self,
        failing: TrialOf<G>,
    ) -> Result<(TrialOf<G>, Option<String>), StressError> {
        if self.class == Class::Timeout {
            return self.time_cases_alone(failing);
        }
        let mut best = self.shrink_count(failing)?;
        best = self.shrink_list(best)?;
        if best.cases.len() == 1 {
            self.single = Some(best.cases[0].clone());
            best = self.shrink_case(best)?;
        } else if self.class == Class::Malformed && !best.judgement.per_case {
            best = self.shrink_cases_in_place(best)?;
        }
        let note = self
            .out_of_time
            .then(|| "shrinking stopped at its time budget; the input may shrink further".into());
        Ok((best, note))
    }

    /// Runs the first [`TIMED_CASES`] cases of a timed-out input one at a time (`jobs`
    /// side by side, read in input order), until one times out on its own or the time
    /// budget is spent; that case, when there is one, is the failing input returned.
    fn time_cases_alone(
        &mut self,
        failing: TrialOf<G>,
    ) -> Result<(TrialOf<G>, Option<String>), StressError> {
        const NOT_SHRUNK: &str = "not shrunk further: each try could take the whole time limit";
        let total = failing.cases.len();
        if total <= 1 {
            return Ok((
                failing,
                Some("not shrunk: each try could take the whole time limit".into()),
            ));
        }
        let timed = total.min(TIMED_CASES);
        let mut next = 0;
        while next < timed && self.time_left() {
            let end = (next + self.jobs).min(timed);
            let lists: Vec<Vec<G::Case>> = failing.cases[next..end]
                .iter()
                .map(|c| vec![c.clone()])
                .collect();
            for (i, t) in (next..end).zip(self.try_many(&lists)?) {
                let class = t.judgement.verdict.class();
                self.case_times.push(CaseTime {
                    case: i,
                    wall: t.output.elapsed,
                    cpu: t.output.cpu,
                    class,
                    waited: t.output.waited,
                    inconclusive: t.judgement.verdict.is_inconclusive(),
                });
                if class == Some(Class::Timeout) {
                    self.single = Some(failing.cases[i].clone());
                    let before = match i {
                        0 => String::new(),
                        _ => " (each case before it, run alone, did not)".into(),
                    };
                    let note = format!(
                        "case {} of {total} times out on its own{before}; {NOT_SHRUNK}",
                        i + 1
                    );
                    return Ok((t, Some(note)));
                }
            }
            next = end;
        }
        let run = self.case_times.len();
        let busy = self.case_times.iter().filter(|t| t.inconclusive).count();
        let why = if busy > 0 {
            format!(
                "no case of the {run} run alone times out on its own, and {busy} of them \
                 the machine was too busy to judge"
            )
        } else if run < timed {
            format!("the time budget ran out after {run} of the {total} cases run alone")
        } else if timed < total {
            format!("no case of the first {timed} of {total} times out on its own")
        } else {
            format!("no case of the {total} times out on its own: together they take too long")
        };
        Ok((failing, Some(format!("{why}; {NOT_SHRUNK}"))))
    }

    /// Output with the wrong number of lines (a program that forgot its loop over T)
    /// says nothing about any one case: first the smallest T with the same failure, by
    /// the input's first 1, 2, 4, … cases, then a binary search between the last
    /// prefix that did not fail so and the first that did.
    fn shrink_count(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let n = failing.cases.len();
        if self.class != Class::Malformed || failing.judgement.per_case || n <= 1 {
            return Ok(failing);
        }
        let (mut lo, mut hi) = (0, 1);
        let mut found = loop {
            if hi >= n || !self.time_left() {
                return Ok(failing);
            }
            let t = self.try_cases(&failing.cases[..hi])?;
            if self.same(&t) {
                break t;
            }
            lo = hi;
            hi *= 2;
        };
        while hi - lo > 1 && self.time_left() {
            let mid = (lo + hi) / 2;
            let t = self.try_cases(&found.cases[..mid])?;
            if self.same(&t) {
                hi = mid;
                found = t;
            } else {
                lo = mid;
            }
        }
        Ok(found)
    }

    /// Smaller cases in an input that must keep several (its failure is in the number of
    /// output lines): each case in turn is replaced by the first of its candidates
    /// (smallest first) with which the input still fails the same way, one run per
    /// candidate (`jobs` side by side), until none does.
    fn shrink_cases_in_place(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = failing;
        for i in 0..best.cases.len() {
            let mut stood_on = HashSet::new();
            'step: loop {
                stood_on.insert(best.cases[i].clone());
                let mut candidates = self.game.shrink_candidates(&best.cases[i]);
                candidates.retain(|c| !stood_on.contains(c));
                for group in candidates.chunks(self.jobs) {
                    if !self.time_left() {
                        return Ok(best);
                    }
                    let lists: Vec<Vec<G::Case>> = group
                        .iter()
                        .map(|c| {
                            let mut cases = best.cases.clone();
                            cases[i] = c.clone();
                            cases
                        })
                        .collect();
                    for t in self.try_many(&lists)? {
                        if self.same(&t) {
                            best = t;
                            continue 'step;
                        }
                    }
                }
                break;
            }
        }
        Ok(best)
    }

    /// Fewer cases: the single wrongly answered case when it fails alone; for another
    /// failure of a game with sizes ([`ContestGame::shrink_sizes`]), the largest case
    /// alone (a program that fails from some size on fails on it, and the judge cannot
    /// say which case a crash came from); else removal of chunks of cases (halves,
    /// quarters, … single cases) while the failure stays.
    fn shrink_list(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = failing;
        if best.cases.len() <= 1 {
            return Ok(best);
        }
        let alone = match best.judgement.verdict {
            super::Verdict::WrongAnswer { case, .. } => Some(case),
            _ => (0..best.cases.len())
                .filter_map(|i| Some((self.game.shrink_sizes(&best.cases[i])?, i)))
                .max_by_key(|(sizes, i)| (*sizes.end(), std::cmp::Reverse(*i)))
                .map(|(_, i)| i),
        };
        if let Some(case) = alone {
            let single = [best.cases[case].clone()];
            let t = self.try_cases(&single)?;
            if self.same(&t) {
                return Ok(t);
            }
            if t.judgement.verdict.passed() {
                self.passed.insert(single[0].clone());
            }
        }
        let mut chunk = best.cases.len() / 2;
        while best.cases.len() > 1 {
            chunk = chunk.min(best.cases.len() / 2).max(1);
            let mut i = 0;
            'chunks: while i < best.cases.len() && best.cases.len() > 1 {
                if !self.time_left() {
                    return Ok(best);
                }
                // the removals a single job would try next, while they keep failing
                let mut tries = Vec::new();
                let mut at = i;
                let mut exhausted = false;
                while tries.len() < self.jobs && at < best.cases.len() {
                    let end = (at + chunk).min(best.cases.len());
                    let rest: Vec<G::Case> = best.cases[..at]
                        .iter()
                        .chain(&best.cases[end..])
                        .cloned()
                        .collect();
                    if rest.is_empty() {
                        exhausted = true;
                        break;
                    }
                    tries.push((at, end, rest));
                    at = end;
                }
                let lists: Vec<Vec<G::Case>> = tries.iter().map(|t| t.2.clone()).collect();
                for ((start, end, _), t) in tries.into_iter().zip(self.try_many(&lists)?) {
                    if self.same(&t) {
                        best = t;
                        i = start;
                        continue 'chunks;
                    }
                    i = end;
                }
                if exhausted {
                    break;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
        Ok(best)
    }

    /// The smallest failing size of a single case, when the game offers a size
    /// ([`ContestGame::shrink_sizes`]): galloping up from the smallest size, 8-fold, to
    /// the first that fails, then bisecting the gap below it. One run a try: the result
    /// does not depend on `jobs`.
    fn shrink_size(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = failing;
        let Some(sizes) = self.game.shrink_sizes(&best.cases[0]) else {
            return Ok(best);
        };
        let (smallest, own) = (*sizes.start(), *sizes.end());
        if own <= smallest {
            return Ok(best);
        }
        // `pass`: the largest size known (or taken) to pass; `fail`: the smallest known
        // to fail
        let (mut pass, mut fail) = (None::<u64>, own);
        let mut step = 1u64;
        let mut probe = smallest;
        // the gallop: smallest, smallest + 7, smallest + 63, … below `fail`
        while probe < fail && self.time_left() {
            if self.fails_at(&mut best, probe)? {
                fail = probe;
                break;
            }
            pass = Some(probe);
            step = step.saturating_mul(8);
            probe = smallest.saturating_add(step - 1);
        }
        // bisection of the gap (pass, fail)
        let mut low = pass.map_or(smallest, |p| p + 1);
        while low < fail && self.time_left() {
            let mid = low + (fail - low) / 2;
            if self.fails_at(&mut best, mid)? {
                fail = mid;
            } else {
                low = mid + 1;
            }
        }
        Ok(best)
    }

    /// Whether `best`'s case made size `size` fails the same way on its own; if so,
    /// `best` becomes that trial.
    fn fails_at(&mut self, best: &mut TrialOf<G>, size: u64) -> Result<bool, StressError> {
        let Some(case) = self.game.with_size(&best.cases[0], size) else {
            return Ok(false);
        };
        if self.passed.contains(&case) {
            return Ok(false);
        }
        let t = self.try_cases(std::slice::from_ref(&case))?;
        if self.same(&t) {
            *best = t;
            Ok(true)
        } else {
            if t.judgement.verdict.passed() {
                self.passed.insert(case);
            }
            Ok(false)
        }
    }

    /// A smaller single case: first its smallest failing size, when the game offers one
    /// ([`Self::shrink_size`]); then repeatedly the first of the game's candidates
    /// (smallest first) that fails the same way on its own.
    fn shrink_case(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = self.shrink_size(failing)?;
        let batch = self.game.max_batch().max(1);
        'step: loop {
            self.stood_on.insert(best.cases[0].clone());
            let candidates: Vec<G::Case> = self
                .game
                .shrink_candidates(&best.cases[0])
                .into_iter()
                .filter(|c| !self.passed.contains(c) && !self.stood_on.contains(c))
                .collect();
            let chunks: Vec<&[G::Case]> = candidates.chunks(batch).collect();
            for group in chunks.chunks(self.jobs) {
                if !self.time_left() {
                    break 'step;
                }
                // the first run of each batch of the group, side by side
                let lists: Vec<Vec<G::Case>> = group.iter().map(|c| c.to_vec()).collect();
                let firsts = self.try_many(&lists)?;
                for (chunk, first) in group.iter().zip(firsts) {
                    for (c, alone) in self.find_failing_after(chunk, first)? {
                        // a candidate run alone already is its own confirmation
                        let t = match alone {
                            Some(t) => t,
                            None if !self.time_left() => break 'step,
                            None => self.try_cases(std::slice::from_ref(&c))?,
                        };
                        if self.same(&t) {
                            best = t;
                            continue 'step;
                        }
                        if t.judgement.verdict.passed() {
                            self.passed.insert(c);
                        }
                    }
                }
            }
            break;
        }
        Ok(best)
    }

    /// The candidates of `batch` that seem to fail this way, in batch order (for a wrong
    /// answer all the wrongly answered ones; otherwise one isolated by halving), each with
    /// its own run when it was run alone (a batch of one).
    fn find_failing(&mut self, batch: &[G::Case]) -> Result<Found<G>, StressError> {
        if batch.is_empty() || !self.time_left() {
            return Ok(Vec::new());
        }
        let t = self.try_cases(batch)?;
        self.find_failing_after(batch, t)
    }

    /// [`Self::find_failing`] when the run on the whole `batch` is `t`.
    fn find_failing_after(
        &mut self,
        batch: &[G::Case],
        t: TrialOf<G>,
    ) -> Result<Found<G>, StressError> {
        let got = t.judgement.verdict.class();
        match got {
            None => {
                if t.judgement.verdict.passed() {
                    self.passed.extend(batch.iter().cloned());
                }
                return Ok(Vec::new());
            }
            // splitting a batch that hangs would cost the time limit per half
            Some(Class::Timeout) => return Ok(Vec::new()),
            // one line per case (whatever the first problem): the lines that are not
            // answers name their candidates
            Some(_) if self.class == Class::Malformed && t.judgement.per_case => {
                self.passed
                    .extend(t.judgement.right.iter().map(|&i| batch[i].clone()));
                return Ok(t
                    .judgement
                    .not_answers
                    .iter()
                    .map(|&i| (batch[i].clone(), None))
                    .collect());
            }
            Some(Class::WrongAnswer) if self.class == Class::WrongAnswer => {
                self.passed
                    .extend(t.judgement.right.iter().map(|&i| batch[i].clone()));
                return Ok(t
                    .judgement
                    .wrong
                    .iter()
                    .map(|&i| (batch[i].clone(), None))
                    .collect());
            }
            _ => {}
        }
        // The batch fails this way but we cannot tell which candidate does (a crash,
        // malformed output), or a wrong answer may hide behind another failure.
        if batch.len() == 1 {
            return Ok(if got == Some(self.class) {
                vec![(batch[0].clone(), Some(t))]
            } else {
                Vec::new()
            });
        }
        // the run's output (up to 16 MiB) is not needed below: free it before recursing,
        // or every level of the halving would hold one
        drop(t);
        let worth_splitting = got == Some(self.class) || self.class == Class::WrongAnswer;
        if !worth_splitting {
            return Ok(Vec::new());
        }
        let (a, b) = batch.split_at(batch.len() / 2);
        let found = self.find_failing(a)?;
        if !found.is_empty() {
            return Ok(found);
        }
        self.find_failing(b)
    }
}
