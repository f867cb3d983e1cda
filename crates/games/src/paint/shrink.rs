//! Paint's "one step smaller" relation: fewer columns, more painted cells.
//!
//! Smallest first by (N, unpainted cells): remove a chunk of columns (a half, a quarter,
//! … one column; the first or the last column), renumbering the rest; with N ≤
//! [`WINDOW_MAX_N`], keep any window of consecutive columns (so a failure that one
//! column shows on its own is found in one step); with N ≤ [`PAINT_MAX_N`], also paint
//! one more cell or a whole unpainted column; and, by the proved period `p` of `g` from
//! `n0` ([`proved_period`]), an empty run of `L ≥ n0 + p` columns made `k·p` columns
//! shorter, for the largest `k` that keeps it at least `n0` long and for half that `k`
//! (the run's value `g(L)` stays, so a failure tied to it survives, however long the
//! strip). Paint has one rule set, so `verify` and `stress` shrink alike.

use super::periodic::{discover, Period};
use super::{Cell, Position};
use std::collections::HashSet;
use std::sync::OnceLock;

/// Shrinking paints cells only once N is at most this (2N + N candidates).
pub const PAINT_MAX_N: u64 = 128;

/// Shrinking tries every window of consecutive columns once N is at most this
/// (N(N − 1)/2 candidates: 2,016 for N = 64, 28 runs at T = 74 when none fails).
pub const WINDOW_MAX_N: u64 = 64;

/// Column-removal candidates of one step hold at most about this many cells in all
/// (for N = 10,000 that still allows the halves, quarters, …, 1/16ths).
const CANDIDATE_CELLS: usize = 1 << 22;

/// The strip of `n` columns with `cells` painted, in the canonical order (by column,
/// then row). `None` if that is not a valid position (never for the callers here).
pub fn canonical(n: u64, mut cells: Vec<Cell>) -> Option<Position> {
    cells.sort_unstable_by_key(|c| (c.col, c.row));
    Position::new(n, cells).ok()
}

/// `p` without columns `from..=to` (1-based, inclusive), the columns right of them
/// renumbered; `None` when nothing would be left.
fn without_columns(p: &Position, from: u64, to: u64) -> Option<Position> {
    let gone = to - from + 1;
    if gone >= p.n() {
        return None;
    }
    let cells = p
        .painted()
        .iter()
        .filter(|c| c.col < from || c.col > to)
        .map(|c| {
            if c.col > to {
                Cell::new(c.row, c.col - gone)
            } else {
                *c
            }
        })
        .collect();
    canonical(p.n() - gone, cells)
}

/// The first `n` columns of `p` (the size `stress` bisects: a program that fails from
/// some strip length on fails on the first columns of a failing strip from that length
/// on); `None` unless `1 ≤ n < N`.
pub fn first_columns(p: &Position, n: u64) -> Option<Position> {
    if n == 0 || n >= p.n() {
        return None;
    }
    without_columns(p, n + 1, p.n())
}

/// Paint's proved period ([`discover`]: found and proved from the rules, once a
/// process).
pub fn proved_period() -> Period {
    static PERIOD: OnceLock<Period> = OnceLock::new();
    *PERIOD.get_or_init(|| discover().expect("g is ultimately periodic").1)
}

/// The maximal runs of columns without a painted cell, as `(first, last)` (1-based,
/// inclusive), left to right.
pub fn empty_runs(case: &Position) -> Vec<(u64, u64)> {
    let mut runs = Vec::new();
    let mut from = 1;
    // the painted cells are in the canonical order: by column
    for c in case.painted() {
        if c.col > from {
            runs.push((from, c.col - 1));
        }
        from = from.max(c.col + 1);
    }
    if from <= case.n() {
        runs.push((from, case.n()));
    }
    runs
}

/// `case` with its empty runs of `L ≥ n0 + p` columns made `k·p` columns shorter: the
/// largest `k` that keeps a run at least `max(n0, 1)` long, and half of it (`k ≥ 2`).
fn shorter_runs(case: &Position, period: &Period) -> Vec<Position> {
    let (n0, p) = (period.pre_period as u64, period.period as u64);
    let floor = n0.max(1);
    let mut out = Vec::new();
    for (first, last) in empty_runs(case) {
        let len = last - first + 1;
        if len < floor + p {
            continue;
        }
        let k = (len - floor) / p;
        for cut in [k, k / 2] {
            if cut > 0 {
                out.extend(without_columns(case, first, first + cut * p - 1));
            }
        }
    }
    out
}

/// The positions one step smaller than `case`, smallest first (see the module docs).
pub fn smaller_positions(case: &Position) -> Vec<Position> {
    let n = case.n();
    let mut out: HashSet<Position> = HashSet::new();
    out.extend(shorter_runs(case, &proved_period()));
    // fewer columns: chunks of N/2, N/4, … columns, while the candidates stay
    // within the cell budget (all of them down to single columns for small N)
    if n >= 2 {
        let budget = (CANDIDATE_CELLS / (case.painted().len() + 1)).max(16);
        let mut chunks = 2u64;
        loop {
            let size = n.div_ceil(chunks);
            let count = n.div_ceil(size);
            if chunks > 2 && out.len() as u64 + count > budget as u64 {
                break;
            }
            let mut from = 1;
            while from <= n {
                let to = (from + size - 1).min(n);
                out.extend(without_columns(case, from, to));
                from = to + 1;
            }
            if size == 1 {
                break;
            }
            chunks *= 2;
        }
        out.extend(without_columns(case, 1, 1));
        out.extend(without_columns(case, n, n));
    }
    // a window of consecutive columns (a sub-strip)
    if n <= WINDOW_MAX_N {
        for len in 1..n {
            for from in 1..=n - len + 1 {
                let w = case.slice(from, from + len - 1);
                out.extend(canonical(w.n(), w.painted().to_vec()));
            }
        }
    }
    // more painted cells: one more cell, or a whole unpainted column
    if n <= PAINT_MAX_N {
        let mut column = vec![[false; 2]; n as usize];
        for c in case.painted() {
            column[(c.col - 1) as usize][usize::from(c.row - 1)] = true;
        }
        let with = |extra: &[Cell]| {
            let mut cells = case.painted().to_vec();
            cells.extend_from_slice(extra);
            canonical(n, cells)
        };
        for (i, rows) in column.iter().enumerate() {
            let col = i as u64 + 1;
            for row in 1..=2u8 {
                if !rows[usize::from(row - 1)] {
                    out.extend(with(&[Cell::new(row, col)]));
                }
            }
            if rows == &[false, false] {
                out.extend(with(&[Cell::new(1, col), Cell::new(2, col)]));
            }
        }
    }
    let mut v: Vec<Position> = out.into_iter().collect();
    v.sort_by_cached_key(|p| {
        let cells: Vec<(u64, u8)> = p.painted().iter().map(|c| (c.col, c.row)).collect();
        (p.n(), p.unpainted(), cells)
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paint::periodic::Periodic;

    fn strip(n: u64, cols: &[u64]) -> Position {
        canonical(n, cols.iter().map(|&c| Cell::new(1, c)).collect()).unwrap()
    }

    #[test]
    fn the_first_columns_keep_their_cells() {
        assert_eq!(
            first_columns(&strip(10, &[3, 4, 8]), 4),
            Some(strip(4, &[3, 4]))
        );
        assert_eq!(first_columns(&strip(10, &[3]), 1), Some(strip(1, &[])));
        assert_eq!(first_columns(&strip(10, &[3]), 0), None);
        assert_eq!(first_columns(&strip(10, &[3]), 10), None);
    }

    #[test]
    fn empty_runs_are_the_gaps_between_painted_columns() {
        assert_eq!(empty_runs(&strip(10, &[])), [(1, 10)]);
        assert_eq!(empty_runs(&strip(10, &[1, 10])), [(2, 9)]);
        assert_eq!(
            empty_runs(&strip(10, &[3, 4, 8])),
            [(1, 2), (5, 7), (9, 10)]
        );
        let full = canonical(2, vec![Cell::new(1, 1), Cell::new(2, 1), Cell::new(2, 2)]);
        assert_eq!(empty_runs(&full.unwrap()), []);
        assert_eq!(empty_runs(&strip(1, &[])), [(1, 1)]);
    }

    /// Paint's period as proved (12 from 71, the value the README shows): an empty run
    /// of `L ≥ 83` columns gets a candidate `k·p` columns shorter for the largest `k`
    /// that keeps it at least 71 long and for half that `k`, each with the case's value;
    /// a run of 82 gets none.
    #[test]
    fn long_empty_runs_get_shorter_by_the_period() {
        let period = proved_period();
        assert_eq!((period.period, period.pre_period), (12, 71));
        let mut g = Periodic::new();
        // runs of 49 and 150 columns: 150 − 6·12 = 78 and 150 − 3·12 = 114
        let case = strip(200, &[50]);
        let short = shorter_runs(&case, &period);
        assert_eq!(short, [strip(128, &[50]), strip(164, &[50])]);
        let all = smaller_positions(&case);
        for c in &short {
            assert!(all.contains(c));
            assert_eq!(g.grundy_value(c), g.grundy_value(&case));
        }
        assert_eq!(shorter_runs(&strip(83, &[]), &period), [strip(71, &[])]);
        assert_eq!(shorter_runs(&strip(82, &[]), &period), []);
        assert_eq!(shorter_runs(&strip(84, &[1]), &period), [strip(72, &[1])]);
        assert_eq!(shorter_runs(&strip(84, &[2]), &period), []);
        // a period from 0 keeps a run at least one column long
        let from_zero = Period {
            pre_period: 0,
            ..period
        };
        assert_eq!(shorter_runs(&strip(13, &[]), &from_zero), [strip(1, &[])]);
        // huge strips: the runs are found from the painted cells, not column by column
        let huge = strip(u64::MAX, &[3]);
        let c = shorter_runs(&huge, &period);
        assert_eq!(c.len(), 2);
        assert!(c.iter().all(|p| p.painted() == huge.painted()));
        assert!(c[0].n() - 3 - 71 < 12, "{}", c[0].n());
        assert!(c[1].n().abs_diff(u64::MAX / 2) < 64, "{}", c[1].n());
        let mut g = Periodic::new();
        assert!(c.iter().all(|p| g.grundy_value(p) == g.grundy_value(&huge)));
    }
}
