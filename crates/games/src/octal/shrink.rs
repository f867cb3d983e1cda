//! Octal's "one step smaller" relation: fewer heaps, then smaller heaps. The code stays
//! (a program under test knows only its rules), so `verify` and `stress` shrink alike.
//!
//! Candidates, smallest first by (number of heaps, tokens): every case with one heap
//! left out; then every case with one heap made smaller — every smaller size for a heap
//! of at most [`EVERY_SMALLER_MAX`] tokens, else 1, half of it, three quarters of it and
//! one less (so at most four for a large heap).

use super::Position;
use std::collections::BTreeSet;

/// A heap of at most this many tokens is tried at every smaller size.
pub const EVERY_SMALLER_MAX: u64 = 64;

/// The positions one step smaller than `case`, smallest first (see the module docs).
pub fn smaller_positions(case: &Position) -> Vec<Position> {
    let heaps = case.heaps();
    let mut out: BTreeSet<(usize, u128, Position)> = BTreeSet::new();
    let mut add = |h: Vec<u64>| {
        let p = Position::new(h).expect("heaps stay in 1..=10^18");
        out.insert((p.heaps().len(), p.tokens(), p));
    };
    if heaps.len() > 1 {
        for i in 0..heaps.len() {
            let mut h = heaps.to_vec();
            h.remove(i);
            add(h);
        }
    }
    for (i, &a) in heaps.iter().enumerate() {
        let smaller: BTreeSet<u64> = if a <= EVERY_SMALLER_MAX {
            (1..a).collect()
        } else {
            // a > 64: each of these is in 1..a (a / 4 ≥ 16)
            [1, a / 2, a - a / 4, a - 1].into_iter().collect()
        };
        for b in smaller {
            let mut h = heaps.to_vec();
            h[i] = b;
            add(h);
        }
    }
    out.into_iter().map(|(_, _, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(h: &[u64]) -> Position {
        Position::new(h.to_vec()).unwrap()
    }

    #[test]
    fn fewer_heaps_first_then_smaller_heaps() {
        let c = smaller_positions(&p(&[5, 1]));
        assert_eq!(c[0], p(&[1]));
        assert_eq!(c[1], p(&[5]));
        // 5 → every smaller size
        assert_eq!(&c[2..], &[p(&[1, 1]), p(&[2, 1]), p(&[3, 1]), p(&[4, 1])]);
        assert!(smaller_positions(&p(&[1])).is_empty());
        let big = smaller_positions(&p(&[1_000_000_000_000_000_000]));
        assert_eq!(big.len(), 4);
        assert!(big.iter().all(|q| q.largest() < 1_000_000_000_000_000_000));
        // just past EVERY_SMALLER_MAX: four sizes, each smaller
        let c = smaller_positions(&p(&[EVERY_SMALLER_MAX + 1]));
        assert_eq!(c, [p(&[1]), p(&[32]), p(&[49]), p(&[64])]);
    }
}
