//! Greedy shrinking of a failing case.

/// Shrinks `start` (which fails) to a case that still fails and none of whose
/// `candidates` fails: repeatedly moves to the first candidate that still fails.
///
/// `candidates(c)` lists cases "one step smaller" than `c`, most promising first
/// (for marble: the position with one or two more cells filled). `fails` must hold for
/// `start`. The result is a local minimum for the candidate relation.
pub fn shrink<C: Clone>(
    start: C,
    mut candidates: impl FnMut(&C) -> Vec<C>,
    mut fails: impl FnMut(&C) -> bool,
) -> C {
    let mut current = start;
    'outer: loop {
        for c in candidates(&current) {
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
}
