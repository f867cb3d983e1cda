//! Shrinking a failing input against a real program: first the list of cases (to the
//! single failing case when there is one), then that case, keeping the failure's class.
//!
//! Running a program costs a process start, so candidates are tried in *batches*: up to
//! [`ContestGame::max_batch`] candidate cases in one input. For a wrong answer the
//! output says which candidates fail; for a crash or malformed output the batch is
//! split in halves until one failing candidate is isolated (group testing). Every step
//! is confirmed by running the chosen candidate alone, so the reported input fails on
//! its own.

use super::judge::Class;
use super::{trial, ContestGame, StressError, Target, Trial};
use std::collections::HashSet;
use std::time::Instant;

/// A shrinking session for one failure class.
pub struct Shrinker<'a, G: ContestGame + ?Sized, T: Target + ?Sized> {
    game: &'a mut G,
    target: &'a mut T,
    class: Class,
    deadline: Instant,
    runs: u64,
    /// Cases known not to fail this way on their own.
    passed: HashSet<G::Case>,
    out_of_time: bool,
}

type TrialOf<G> = Trial<<G as ContestGame>::Case, <G as ContestGame>::Answer>;

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
            out_of_time: false,
        }
    }

    /// Runs of the program so far.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    fn try_cases(&mut self, cases: &[G::Case]) -> Result<TrialOf<G>, StressError> {
        self.runs += 1;
        trial(self.game, self.target, cases)
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
    /// early. A timeout is not shrunk: every try would cost the whole time limit.
    ///
    /// # Errors
    /// The program cannot be started, or our answers cannot be computed.
    pub fn shrink(
        &mut self,
        failing: TrialOf<G>,
    ) -> Result<(TrialOf<G>, Option<String>), StressError> {
        if self.class == Class::Timeout {
            return Ok((
                failing,
                Some("not shrunk: each try could take the whole time limit".into()),
            ));
        }
        let mut best = self.shrink_list(failing)?;
        if best.cases.len() == 1 {
            best = self.shrink_case(best)?;
        }
        let note = self
            .out_of_time
            .then(|| "shrinking stopped at its time budget; the input may shrink further".into());
        Ok((best, note))
    }

    /// Fewer cases: the single wrongly answered case when it fails alone, else removal of
    /// chunks of cases (halves, quarters, … single cases) while the failure stays.
    fn shrink_list(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = failing;
        if best.cases.len() <= 1 {
            return Ok(best);
        }
        if let super::Verdict::WrongAnswer { case, .. } = best.judgement.verdict {
            let single = [best.cases[case].clone()];
            let t = self.try_cases(&single)?;
            if self.same(&t) {
                return Ok(t);
            }
        }
        let mut chunk = best.cases.len() / 2;
        while best.cases.len() > 1 {
            chunk = chunk.min(best.cases.len() / 2).max(1);
            let mut i = 0;
            while i < best.cases.len() && best.cases.len() > 1 {
                if !self.time_left() {
                    return Ok(best);
                }
                let end = (i + chunk).min(best.cases.len());
                let rest: Vec<G::Case> = best.cases[..i]
                    .iter()
                    .chain(&best.cases[end..])
                    .cloned()
                    .collect();
                if rest.is_empty() {
                    break;
                }
                let t = self.try_cases(&rest)?;
                if self.same(&t) {
                    best = t;
                } else {
                    i = end;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
        Ok(best)
    }

    /// A smaller single case: repeatedly moves to the first of the game's candidates
    /// (smallest first) that fails the same way on its own.
    fn shrink_case(&mut self, failing: TrialOf<G>) -> Result<TrialOf<G>, StressError> {
        let mut best = failing;
        let batch = self.game.max_batch().max(1);
        'step: loop {
            let candidates: Vec<G::Case> = self
                .game
                .shrink_candidates(&best.cases[0])
                .into_iter()
                .filter(|c| !self.passed.contains(c))
                .collect();
            for chunk in candidates.chunks(batch) {
                if !self.time_left() {
                    break 'step;
                }
                for c in self.find_failing(chunk)? {
                    if !self.time_left() {
                        break 'step;
                    }
                    let t = self.try_cases(std::slice::from_ref(&c))?;
                    if self.same(&t) {
                        best = t;
                        continue 'step;
                    }
                    self.passed.insert(c);
                }
            }
            break;
        }
        Ok(best)
    }

    /// The candidates of `batch` that seem to fail this way, in batch order (for a wrong
    /// answer all the wrongly answered ones; otherwise one isolated by halving).
    fn find_failing(&mut self, batch: &[G::Case]) -> Result<Vec<G::Case>, StressError> {
        if batch.is_empty() || !self.time_left() {
            return Ok(Vec::new());
        }
        let t = self.try_cases(batch)?;
        let got = t.judgement.verdict.class();
        match got {
            None => {
                self.passed.extend(batch.iter().cloned());
                return Ok(Vec::new());
            }
            // splitting a batch that hangs would cost the time limit per half
            Some(Class::Timeout) => return Ok(Vec::new()),
            Some(Class::WrongAnswer) if self.class == Class::WrongAnswer => {
                self.passed
                    .extend(t.judgement.right.iter().map(|&i| batch[i].clone()));
                return Ok(t
                    .judgement
                    .wrong
                    .iter()
                    .map(|&i| batch[i].clone())
                    .collect());
            }
            _ => {}
        }
        // The batch fails this way but we cannot tell which candidate does (a crash,
        // malformed output), or a wrong answer may hide behind another failure.
        let worth_splitting = got == Some(self.class) || self.class == Class::WrongAnswer;
        if !worth_splitting {
            return Ok(Vec::new());
        }
        if batch.len() == 1 {
            return Ok(if got == Some(self.class) {
                batch.to_vec()
            } else {
                Vec::new()
            });
        }
        let (a, b) = batch.split_at(batch.len() / 2);
        let found = self.find_failing(a)?;
        if !found.is_empty() {
            return Ok(found);
        }
        self.find_failing(b)
    }
}
