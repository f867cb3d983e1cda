//! Paint's "one step smaller" relation: fewer columns, more painted cells.
//!
//! Smallest first by (N, unpainted cells): remove a chunk of columns (a half, a quarter,
//! … one column; the first or the last column), renumbering the rest; with N ≤
//! [`WINDOW_MAX_N`], keep any window of consecutive columns (so a failure that one
//! column shows on its own is found in one step); with N ≤ [`PAINT_MAX_N`], also paint
//! one more cell or a whole unpainted column. Paint has one rule set, so `verify` and
//! `stress` shrink alike.

use super::{Cell, Position};
use std::collections::HashSet;

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

/// The positions one step smaller than `case`, smallest first (see the module docs).
pub fn smaller_positions(case: &Position) -> Vec<Position> {
    let n = case.n();
    let mut out: HashSet<Position> = HashSet::new();
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
