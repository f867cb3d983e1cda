//! The solver interface shared by every game.

/// A solver declined a position that is too large for it (judged by the position's real
/// size: empty cells, unpainted cells, cards), instead of running for hours or exhausting
/// memory. The message says what can answer it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("solver `{solver}` refuses this position: {reason}; {suggestion}")]
pub struct Refusal {
    /// The solver that refused.
    pub solver: &'static str,
    /// Why, with the size that was too large and the limit.
    pub reason: String,
    /// What answers the position instead.
    pub suggestion: Suggestion,
}

/// What answers a refused position instead; displayed as the end of the refusal's
/// message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suggestion {
    /// Another solver of the same game (`periodic`): "use `--solver periodic` instead".
    Solver(&'static str),
    /// A flag that lets this solver answer it (`--table FILE`, `--max-n 101`): "use
    /// `--table FILE` instead".
    Flag(std::borrow::Cow<'static, str>),
    /// No solver of the game answers it (an octal heap past every table, with no
    /// period proved).
    Nothing,
}

impl std::fmt::Display for Suggestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Suggestion::Solver(s) => write!(f, "use `--solver {s}` instead"),
            Suggestion::Flag(flag) => write!(f, "use `{flag}` instead"),
            Suggestion::Nothing => f.write_str("no solver of this game answers it"),
        }
    }
}

/// An exact solver of one game: it answers positions of type `P` with an outcome `O`
/// (a [`crate::outcome::Value`] for the player to move, or a contest answer).
///
/// A solver is built for one rule set and may keep a memo across calls; every answer it
/// gives must be exact.
pub trait Solver<P: ?Sized, O> {
    /// The name used on the command line (`naive`, `bitmask`, `table`, …): the
    /// `--solver` value of its variant (the reports and refusals name it so).
    fn name(&self) -> &'static str;

    /// The exact outcome of `position`.
    ///
    /// # Errors
    /// [`Refusal`] when the position is beyond this solver's size limit.
    fn solve(&mut self, position: &P) -> Result<O, Refusal>;

    /// Whether `position` is within this solver's size limit, without solving it: an
    /// input can be refused whole before any case is solved. [`Solver::solve`] refuses
    /// exactly the positions this refuses.
    ///
    /// # Errors
    /// [`Refusal`] when the position is beyond this solver's size limit.
    fn check(&self, _position: &P) -> Result<(), Refusal> {
        Ok(())
    }

    /// How many entries the solver's memo holds now (positions it remembers from one
    /// call to the next), so that whoever keeps it for many cases can bound its memory:
    /// `verify` clears an oracle's memo when it passes
    /// [`Verify::ORACLE_MEMO_LIMIT`](crate::harness::Verify::ORACLE_MEMO_LIMIT)
    /// entries, and rebuilds an oracle that says nothing (`None`, the default) every
    /// [`ORACLE_REBUILD_EVERY`] cases.
    fn memo_entries(&self) -> Option<usize> {
        None
    }

    /// Empties the memo: [`Solver::memo_entries`] is 0 after it, and the answers are the
    /// same, only slower at first. By default nothing (a solver with no memo).
    fn clear_memo(&mut self) {}
}

/// Cases after which `verify` (and `stress`'s adapter) rebuild a kept oracle whose
/// [`Solver::memo_entries`] is `None`: 1,024. A solver that reports its memo is cleared
/// at its bound instead, and one with no memo costs a rebuild every 1,024 cases.
pub const ORACLE_REBUILD_EVERY: usize = 1024;

/// Keeps a solver used for many cases within `limit` memo entries: after its `solved`-th
/// case (1-based), clears its memo when it holds more than `limit` entries, or, when it
/// reports none, replaces it by `rebuild()` every [`ORACLE_REBUILD_EVERY`] cases. Returns
/// the entries it held before clearing (`None` when it reports none).
pub fn keep_memo_within<S: ?Sized + Solver<P, O>, P: ?Sized, O>(
    solver: &mut Box<S>,
    solved: usize,
    limit: usize,
    rebuild: impl FnOnce() -> Box<S>,
) -> Option<usize> {
    match solver.memo_entries() {
        Some(n) => {
            if n > limit {
                solver.clear_memo();
            }
            Some(n)
        }
        None => {
            if solved.is_multiple_of(ORACLE_REBUILD_EVERY) {
                *solver = rebuild();
            }
            None
        }
    }
}

/// A [`Refusal`] on one case of an input: which case (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("case {case}: {refusal}")]
pub struct CaseRefusal {
    /// The 1-based number of the case the solver refused.
    pub case: usize,
    /// The refusal.
    pub refusal: Refusal,
}

/// Solves every case with `solver`, in order, after checking every case's size
/// ([`Solver::check`]), so an input with an oversized case is refused before any work.
///
/// # Errors
/// The first refusal, with its case number; no answers are returned then (a contest
/// output is all or nothing).
pub fn solve_each<P, O>(
    solver: &mut (impl Solver<P, O> + ?Sized),
    cases: &[P],
) -> Result<Vec<O>, CaseRefusal> {
    let located = |i: usize| {
        move |refusal| CaseRefusal {
            case: i + 1,
            refusal,
        }
    };
    for (i, c) in cases.iter().enumerate() {
        solver.check(c).map_err(located(i))?;
    }
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            solver.solve(c).map_err(|refusal| CaseRefusal {
                case: i + 1,
                refusal,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the positions it solves; refuses any above 10.
    struct Counting {
        solved: usize,
    }

    impl Solver<u32, u32> for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }
        fn check(&self, p: &u32) -> Result<(), Refusal> {
            if *p > 10 {
                return Err(Refusal {
                    solver: "counting",
                    reason: format!("{p} is above 10"),
                    suggestion: Suggestion::Solver("other"),
                });
            }
            Ok(())
        }
        fn solve(&mut self, p: &u32) -> Result<u32, Refusal> {
            self.check(p)?;
            self.solved += 1;
            Ok(*p)
        }
    }

    #[test]
    fn an_oversized_case_is_refused_before_any_case_is_solved() {
        let mut s = Counting { solved: 0 };
        let e = solve_each(&mut s, &[1, 2, 3, 11, 4]).unwrap_err();
        assert_eq!(e.case, 4);
        assert!(e
            .to_string()
            .starts_with("case 4: solver `counting` refuses"));
        assert_eq!(s.solved, 0, "no case may be solved before the refusal");
        assert_eq!(solve_each(&mut s, &[1, 2]).unwrap(), vec![1, 2]);
        assert_eq!(s.solved, 2);
    }

    /// Remembers every position it solved (when `reports`, it says how many).
    struct Memo {
        seen: Vec<u32>,
        reports: bool,
        built: usize,
    }

    impl Solver<u32, u32> for Memo {
        fn name(&self) -> &'static str {
            "memo"
        }
        fn solve(&mut self, p: &u32) -> Result<u32, Refusal> {
            self.seen.push(*p);
            Ok(*p)
        }
        fn memo_entries(&self) -> Option<usize> {
            self.reports.then_some(self.seen.len())
        }
        fn clear_memo(&mut self) {
            self.seen.clear();
        }
    }

    /// A memo that reports is cleared once it holds more than the limit (and only then),
    /// and the entries held are returned; a memo that does not report is rebuilt every
    /// `ORACLE_REBUILD_EVERY` cases, not between.
    #[test]
    fn kept_memos_stay_within_their_bound() {
        let fresh = |reports, built| {
            Box::new(Memo {
                seen: vec![],
                reports,
                built,
            })
        };
        let mut s = fresh(true, 0);
        let mut held = vec![];
        for i in 1..=7 {
            s.solve(&i).unwrap();
            held.push(keep_memo_within(&mut s, i as usize, 3, || fresh(true, 1)));
        }
        let held: Vec<usize> = held.into_iter().map(Option::unwrap).collect();
        assert_eq!(held, [1, 2, 3, 4, 1, 2, 3]);
        assert_eq!(s.seen, [5, 6, 7]);
        assert_eq!(s.built, 0, "a memo that reports is cleared, not rebuilt");
        let mut quiet = fresh(false, 0);
        for i in 1..ORACLE_REBUILD_EVERY {
            quiet.solve(&1).unwrap();
            assert_eq!(keep_memo_within(&mut quiet, i, 3, || fresh(false, 1)), None);
        }
        assert_eq!(
            (quiet.built, quiet.seen.len()),
            (0, ORACLE_REBUILD_EVERY - 1)
        );
        quiet.solve(&1).unwrap();
        keep_memo_within(&mut quiet, ORACLE_REBUILD_EVERY, 3, || fresh(false, 1));
        assert_eq!((quiet.built, quiet.seen.len()), (1, 0));
    }
}
