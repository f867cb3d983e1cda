//! Greedy shrinking of a failing case, within a budget.

use std::collections::HashSet;
use std::hash::Hash;

/// The most candidates one shrink tries (calls of `fails`): 10,000. A shrink that spends
/// it stops where it is, at a case that fails (not always a local minimum).
pub const SHRINK_BUDGET: usize = 10_000;

/// Shrinks `start` (which fails) to a case that still fails and none of whose
/// `candidates` fails: repeatedly moves to the first candidate that still fails.
///
/// `candidates(c)` lists cases "one step smaller" than `c`, most promising first
/// (for marble: the position with one or two more cells filled). `fails` must hold for
/// `start`. The result is a local minimum for the candidate relation, unless the
/// [`SHRINK_BUDGET`] of tries ran out first: a relation with cycles (the positions one
/// move later, in a game whose positions repeat) cannot keep it going for ever, and
/// [`shrink_by_key`] also never tries a case twice.
pub fn shrink<C: Clone>(
    start: C,
    candidates: impl FnMut(&C) -> Vec<C>,
    fails: impl FnMut(&C) -> bool,
) -> C {
    greedy(start, candidates, fails, |_| true)
}

/// [`shrink`] that never tries a case twice, by `key` (a case and its rule set): on a
/// relation with cycles it walks on past the cases it has met, and its result is a local
/// minimum among the cases not met before (within the [`SHRINK_BUDGET`]).
pub fn shrink_by_key<C: Clone, K: Eq + Hash>(
    start: C,
    mut key: impl FnMut(&C) -> K,
    candidates: impl FnMut(&C) -> Vec<C>,
    fails: impl FnMut(&C) -> bool,
) -> C {
    let mut met = HashSet::new();
    met.insert(key(&start));
    greedy(start, candidates, fails, |c| met.insert(key(c)))
}

/// The greedy walk: the first candidate that is `new` and fails, until none does or the
/// budget is spent.
fn greedy<C: Clone>(
    start: C,
    mut candidates: impl FnMut(&C) -> Vec<C>,
    mut fails: impl FnMut(&C) -> bool,
    mut new: impl FnMut(&C) -> bool,
) -> C {
    let mut current = start;
    let mut tries = 0;
    'outer: loop {
        for c in candidates(&current) {
            if !new(&c) {
                continue;
            }
            if tries == SHRINK_BUDGET {
                return current;
            }
            tries += 1;
            if fails(&c) {
                current = c;
                continue 'outer;
            }
        }
        return current;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaches_a_local_minimum() {
        // fails while the number is a multiple of 3 above 10; candidates: n-1, n-2, n-3
        let r = shrink(
            99u32,
            |&n| (1..=3).filter(|d| *d <= n).map(|d| n - d).collect(),
            |&n| n % 3 == 0 && n > 10,
        );
        assert_eq!(r, 12);
    }

    /// On a relation with a cycle of failing cases the plain walk stops at its budget,
    /// and the keyed walk goes on past the cases it met to a local minimum.
    #[test]
    fn a_cycle_of_failing_cases_cannot_keep_it_going() {
        // 0 ↔ 1 fail, each with a passing candidate 2 and 3; 1 also leads to 4, failing
        let candidates = |&n: &u32| match n {
            0 => vec![1, 2],
            1 => vec![0, 3, 4],
            _ => vec![],
        };
        let fails = |n: &u32| [0, 1, 4].contains(n);
        let mut tries = 0;
        let plain = shrink(0u32, candidates, |n| {
            tries += 1;
            fails(n)
        });
        assert!(plain <= 1, "{plain}");
        assert_eq!(tries, SHRINK_BUDGET);
        let mut tries = 0;
        let keyed = shrink_by_key(
            0u32,
            |&n| n,
            candidates,
            |n| {
                tries += 1;
                fails(n)
            },
        );
        assert_eq!((keyed, tries), (4, 3));
    }
}
