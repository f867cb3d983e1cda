//! Octal's "one step smaller" relation: fewer heaps, then smaller heaps. The code stays
//! (a program under test knows only its rules), so `verify` and `stress` shrink alike.
//!
//! Candidates, smallest first by (number of heaps, tokens): every case with one heap
//! left out; then every case with one heap made smaller — every smaller size for a heap
//! of at most [`EVERY_SMALLER_MAX`] tokens, else 1, half of it, three quarters of it and
//! one less (so at most four for a large heap); and, with a proved period `p` from
//! `n0`, for a heap `n ≥ n0 + p`: `n − k·p` for the largest `k` that keeps it at least
//! `n0` (and at least 1), and `n − ⌊k/2⌋·p`. Those keep `g(n)`, so a failure tied to a
//! residue class survives them (the other candidates change the class), and a failure
//! that needs a heap of some size past `n0` is found by halving `k`.

use super::periodic::Period;
use super::Position;
use std::collections::BTreeSet;

/// A heap of at most this many tokens is tried at every smaller size.
pub const EVERY_SMALLER_MAX: u64 = 64;

/// The heaps of the same residue class mod `period.period` as `n` that keep `g(n)`, by
/// removing `k·p` tokens: the smallest (the largest `k` that keeps the heap at least
/// `max(n0, 1)`) and the one halfway (`⌊k/2⌋·p` removed); none for `k = 0`, one for
/// `k = 1`.
pub fn by_period(n: u64, period: &Period) -> Vec<u64> {
    let (n0, p) = (period.pre_period as u64, period.period as u64);
    let floor = n0.max(1);
    if n < floor + p {
        return Vec::new();
    }
    let k = (n - floor) / p;
    let mut v = vec![n - k * p];
    if k >= 2 {
        v.push(n - k / 2 * p);
    }
    v
}

/// `case` with every heap capped at `size` tokens (the size `stress` bisects: a program
/// that fails from some heap size on fails on the capped case from that size on);
/// `None` for a size of 0.
pub fn capped(case: &Position, size: u64) -> Option<Position> {
    Position::new(case.heaps().iter().map(|&h| h.min(size)).collect()).ok()
}

/// The positions one step smaller than `case`, smallest first (see the module docs);
/// `period`, the proved period of `g` when there is one.
pub fn smaller_positions(case: &Position, period: Option<&Period>) -> Vec<Position> {
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
        let mut smaller: BTreeSet<u64> = if a <= EVERY_SMALLER_MAX {
            (1..a).collect()
        } else {
            // a > 64: each of these is in 1..a (a / 4 ≥ 16)
            [1, a / 2, a - a / 4, a - 1].into_iter().collect()
        };
        if let Some(period) = period {
            smaller.extend(by_period(a, period));
        }
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
    use crate::octal::MAX_HEAP;

    fn p(h: &[u64]) -> Position {
        Position::new(h.to_vec()).unwrap()
    }

    #[test]
    fn capping_heaps_keeps_the_smaller_ones() {
        assert_eq!(capped(&p(&[5, 300, 1000]), 301), Some(p(&[5, 300, 301])));
        assert_eq!(capped(&p(&[5, 300]), 1), Some(p(&[1, 1])));
        assert_eq!(capped(&p(&[7]), 7), Some(p(&[7])));
        assert_eq!(capped(&p(&[7]), 0), None);
    }

    #[test]
    fn fewer_heaps_first_then_smaller_heaps() {
        let c = smaller_positions(&p(&[5, 1]), None);
        assert_eq!(c[0], p(&[1]));
        assert_eq!(c[1], p(&[5]));
        // 5 → every smaller size
        assert_eq!(&c[2..], &[p(&[1, 1]), p(&[2, 1]), p(&[3, 1]), p(&[4, 1])]);
        assert!(smaller_positions(&p(&[1]), None).is_empty());
        let big = smaller_positions(&p(&[1_000_000_000_000_000_000]), None);
        assert_eq!(big.len(), 4);
        assert!(big.iter().all(|q| q.largest() < 1_000_000_000_000_000_000));
        // just past EVERY_SMALLER_MAX: four sizes, each smaller
        let c = smaller_positions(&p(&[EVERY_SMALLER_MAX + 1]), None);
        assert_eq!(c, [p(&[1]), p(&[32]), p(&[49]), p(&[64])]);
    }

    fn period(n0: usize, p: usize) -> Period {
        Period {
            pre_period: n0,
            period: p,
            proof_end: 2 * n0 + p + 2,
            computed: 0,
        }
    }

    /// `n − k·p` for the largest `k` keeping the heap at least `max(n0, 1)`, and
    /// `n − ⌊k/2⌋·p`; nothing below `n0 + p` (or `p + 1` for `n0 = 0`).
    #[test]
    fn by_period_keeps_the_class_and_the_pre_period() {
        let kayles = period(71, 12);
        assert_eq!(by_period(82, &kayles), Vec::<u64>::new());
        assert_eq!(by_period(83, &kayles), [71]);
        assert_eq!(by_period(94, &kayles), [82]);
        assert_eq!(by_period(106, &kayles), [82, 94]);
        assert_eq!(by_period(118, &kayles), [82, 106]);
        let n = 82 + 12 * 10_000_000_000_000_000;
        assert_eq!(by_period(n, &kayles), [82, 82 + 12 * 5_000_000_000_000_000]);
        // n0 = 0: the heap stays at least 1
        let two = period(0, 2);
        assert_eq!(by_period(2, &two), Vec::<u64>::new());
        assert_eq!(by_period(3, &two), [1]);
        assert_eq!(by_period(4, &two), [2]);
        assert_eq!(by_period(6, &two), [2, 4]);
        assert_eq!(by_period(MAX_HEAP, &period(0, 1)), [1, MAX_HEAP / 2 + 1]);
        assert_eq!(by_period(MAX_HEAP, &period(1, 1)), [1, MAX_HEAP / 2 + 1]);
    }

    /// With a period, a large heap also gets its smallest and its halfway heap of the
    /// same class, in the (heaps, tokens) order with the rest; a small heap is tried at
    /// every smaller size anyway.
    #[test]
    fn a_proved_period_adds_its_candidates() {
        let kayles = period(71, 12);
        let n = 82 + 12 * 10_000_000_000_000_000;
        let c = smaller_positions(&p(&[n]), Some(&kayles));
        let half = 82 + 12 * 5_000_000_000_000_000;
        assert_eq!(
            c,
            [
                p(&[1]),
                p(&[82]),
                p(&[n / 2]),
                p(&[half]),
                p(&[n - n / 4]),
                p(&[n - 1])
            ]
        );
        let c = smaller_positions(&p(&[3, 94]), Some(&kayles));
        assert!(c.contains(&p(&[3, 82])));
        assert_eq!(c.len(), smaller_positions(&p(&[3, 94]), None).len() + 1);
        assert_eq!(
            smaller_positions(&p(&[40]), Some(&period(0, 2))),
            smaller_positions(&p(&[40]), None)
        );
    }
}
