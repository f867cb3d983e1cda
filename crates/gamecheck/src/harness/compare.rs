//! Comparing a fast solver with the oracle over a stream of positions.

use crate::solver::Refusal;

/// A position on which the two solvers disagreed (a refusal counts as an answer).
#[derive(Debug, Clone)]
pub struct Mismatch<P, O> {
    /// The position.
    pub position: P,
    /// The oracle's answer.
    pub expected: Result<O, Refusal>,
    /// The fast solver's answer.
    pub got: Result<O, Refusal>,
}

/// The result of one comparison: positions checked, mismatches, and the first mismatch.
#[derive(Debug, Clone)]
pub struct Tally<P, O> {
    /// Positions both solvers were asked about.
    pub checked: u64,
    /// Positions on which they disagreed.
    pub mismatches: u64,
    /// The first disagreement, kept for shrinking.
    pub first: Option<Mismatch<P, O>>,
}

impl<P, O> Default for Tally<P, O> {
    fn default() -> Self {
        Tally {
            checked: 0,
            mismatches: 0,
            first: None,
        }
    }
}

impl<P, O> Tally<P, O> {
    /// Adds another tally's counts; keeps this one's first mismatch when it has one.
    pub fn merge(&mut self, other: Tally<P, O>) {
        self.checked += other.checked;
        self.mismatches += other.mismatches;
        if self.first.is_none() {
            self.first = other.first;
        }
    }
}

/// Asks `oracle` and `fast` about every position and counts the disagreements.
/// `tick` is called once per position (for a progress bar).
pub fn compare<P: Clone, O: PartialEq>(
    positions: impl IntoIterator<Item = P>,
    mut oracle: impl FnMut(&P) -> Result<O, Refusal>,
    mut fast: impl FnMut(&P) -> Result<O, Refusal>,
    mut tick: impl FnMut(),
) -> Tally<P, O> {
    let mut tally = Tally::default();
    for p in positions {
        let expected = oracle(&p);
        let got = fast(&p);
        tally.checked += 1;
        if expected != got {
            tally.mismatches += 1;
            if tally.first.is_none() {
                tally.first = Some(Mismatch {
                    position: p,
                    expected,
                    got,
                });
            }
        }
        tick();
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    /// The partition law: comparing a stream in two parts and merging the tallies is
    /// comparing it whole (counts add; the first mismatch is the first part's when it
    /// has one), on seeded random streams and every split point; `tick` once a position.
    #[test]
    fn merged_parts_are_the_whole() {
        let mut rng = crate::rng::from_seed(10);
        for _ in 0..200 {
            let len = rng.random_range(0..12usize);
            let xs: Vec<(u8, u8)> = (0..len)
                .map(|_| (rng.random_range(0..3), rng.random_range(0..3)))
                .collect();
            let run = |part: &[(u8, u8)]| {
                let mut ticks = 0;
                let t = compare(part.to_vec(), |p| Ok(p.0), |p| Ok(p.1), || ticks += 1);
                assert_eq!(ticks, part.len());
                t
            };
            let whole = run(&xs);
            assert_eq!(whole.checked, len as u64);
            let wrong: Vec<&(u8, u8)> = xs.iter().filter(|p| p.0 != p.1).collect();
            assert_eq!(whole.mismatches, wrong.len() as u64);
            assert_eq!(
                whole.first.as_ref().map(|m| m.position),
                wrong.first().map(|p| **p)
            );
            for cut in 0..=len {
                let mut merged = run(&xs[..cut]);
                merged.merge(run(&xs[cut..]));
                assert_eq!(
                    (merged.checked, merged.mismatches),
                    (whole.checked, whole.mismatches)
                );
                assert_eq!(
                    merged.first.map(|m| (m.position, m.expected, m.got)),
                    whole.first.clone().map(|m| (m.position, m.expected, m.got))
                );
            }
        }
    }

    #[test]
    fn counts_and_keeps_the_first_mismatch() {
        let t = compare(
            0..10u32,
            |&x| Ok(x % 3),
            |&x| Ok(if x == 4 || x == 7 { 9 } else { x % 3 }),
            || {},
        );
        assert_eq!(t.checked, 10);
        assert_eq!(t.mismatches, 2);
        let first = t.first.unwrap();
        assert_eq!(first.position, 4);
        assert_eq!(first.expected, Ok(1));
        assert_eq!(first.got, Ok(9));
    }
}
