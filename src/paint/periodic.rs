//! The `periodic` solver: `grundy` with the ultimate period of `g` *found and proved*.
//!
//! **Periodicity theorem** (Guy & Smith 1956, for octal-like games; *Winning Ways*,
//! ch. 4): if `g(n + p) = g(n)` for all `n0 ≤ n ≤ 2·n0 + p + t`, where `t` is the
//! most columns one move removes from a run (here [`MAX_COLUMNS_REMOVED`] = 2), then
//! `g(n + p) = g(n)` for every `n ≥ n0`. The constant heap of size 1 that a single-cell
//! move leaves does not change the argument. The bound is inclusive (safe whether or not
//! a split may leave an empty side).
//!
//! [`Period::discover`] builds `g` far enough, finds the smallest period `p` and its
//! smallest pre-period `n0` from the table, and accepts them only when
//! [`prove_period`] holds; nothing about the period is typed in. Then
//! `g(L) = g(n0 + (L − n0) mod p)` for `L ≥ n0`, so any N up to `u64::MAX` is answered
//! in O(M log M) (or O(N + M) with a column array when N is small).

use super::grundy::{extend_table, xor_of_parts, Scratch, SplitMethod};
use super::{value_of_grundy, Position, MAX_COLUMNS_REMOVED};
use crate::outcome::Value;
use crate::solver::{Refusal, Solver};

/// Whether the periodicity theorem proves `g(n + p) = g(n)` for all `n ≥ n0` from the
/// table `g`: it checks `g[n + p] == g[n]` for every `n0 ≤ n ≤ 2·n0 + p + t` (inclusive).
///
/// False when `p = 0` or when `g` is too short to hold index `2·n0 + 2·p + t`.
pub fn prove_period(g: &[u32], n0: usize, p: usize, t: usize) -> bool {
    if p == 0 {
        return false;
    }
    let last = 2 * n0 + p + t; // the last n to check
    if last + p >= g.len() {
        return false;
    }
    (n0..=last).all(|n| g[n + p] == g[n])
}

/// A proved period of `g`: `g(n + period) = g(n)` for every `n ≥ pre_period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The smallest `n0` from which `g` repeats with `period`.
    pub pre_period: usize,
    /// The smallest period.
    pub period: usize,
    /// The last `n` checked by the proof: `2·n0 + p + t`.
    pub proof_end: usize,
    /// How many values of `g` were computed (`g(0..computed)`).
    pub computed: usize,
}

/// The table length [`Period::discover`] starts from; it doubles while no period proves.
pub const START_LEN: usize = 64;

/// The longest table [`Period::discover`] builds before giving up.
pub const MAX_LEN: usize = 1 << 16;

impl Period {
    /// The smallest period `p` (and its smallest pre-period) that [`prove_period`]
    /// proves from the table `g` with `t`, or `None`.
    ///
    /// For each `p = 1, 2, …` the candidate `n0` is one past the last `n` where
    /// `g[n + p] ≠ g[n]` in the table. If the true minimal period is `p*` with
    /// pre-period `n*`, every proved `(n0, p)` has `p* | p` and `n* ≤ n0`, so `p*`
    /// proves too: the first `p` that proves is the minimal one.
    pub fn find(g: &[u32], t: usize) -> Option<Period> {
        for p in 1..g.len() {
            let n0 = (0..g.len() - p)
                .rev()
                .find(|&n| g[n + p] != g[n])
                .map_or(0, |n| n + 1);
            if prove_period(g, n0, p, t) {
                return Some(Period {
                    pre_period: n0,
                    period: p,
                    proof_end: 2 * n0 + p + t,
                    computed: g.len(),
                });
            }
        }
        None
    }

    /// Builds `g` (doubling from [`START_LEN`]) until a period proves; returns the table
    /// and the period.
    ///
    /// # Errors
    /// No period proves with a table of [`MAX_LEN`] values.
    pub fn discover() -> Result<(Vec<u32>, Period), String> {
        let mut g = Vec::new();
        let mut len = START_LEN;
        loop {
            extend_table(&mut g, len);
            if let Some(p) = Period::find(&g, MAX_COLUMNS_REMOVED) {
                return Ok((g, p));
            }
            if len >= MAX_LEN {
                return Err(format!("no period of g proves with {len} values computed"));
            }
            len *= 2;
        }
    }

    /// The index of the table that holds `g(l)`: `l` itself below the pre-period,
    /// else `n0 + (l − n0) mod p`.
    pub fn reduce(&self, l: u64) -> usize {
        let n0 = self.pre_period as u64;
        if l < n0 {
            l as usize
        } else {
            (n0 + (l - n0) % self.period as u64) as usize
        }
    }
}

/// `g(l)` from `table` (which holds `g(0..table.len())`, past the pre-period) and the
/// proved `period`; the modulo only for runs beyond the table.
fn lookup(table: &[u32], period: &Period, l: u64) -> u32 {
    if l < table.len() as u64 {
        table[l as usize]
    } else {
        table[period.reduce(l)]
    }
}

/// The `periodic` solver: the table of `g` up to its proved period, and XOR of the parts.
#[derive(Debug, Clone)]
pub struct Periodic {
    table: Vec<u32>,
    period: Period,
    scratch: Scratch,
}

impl Default for Periodic {
    fn default() -> Self {
        Periodic::new()
    }
}

impl Periodic {
    /// Finds and proves the period (a few hundred values of `g`; well under a
    /// millisecond).
    ///
    /// # Panics
    /// When no period proves within [`MAX_LEN`] values — impossible for this game's
    /// rules (`tests/paint_period.rs` recomputes `g` far beyond the proof).
    pub fn new() -> Self {
        let (table, period) = Period::discover().expect("g is ultimately periodic");
        Periodic {
            table,
            period,
            scratch: Scratch::default(),
        }
    }

    /// The proved period.
    pub fn period(&self) -> Period {
        self.period
    }

    /// `g(l)` for any run length: the table itself while `l` is inside it, else by the
    /// period.
    pub fn g(&self, l: u64) -> u32 {
        lookup(&self.table, &self.period, l)
    }

    /// The Grundy value of `position` (never refuses).
    pub fn grundy_value(&mut self, position: &Position) -> u32 {
        let table = &self.table;
        let period = self.period;
        xor_of_parts::<()>(position, SplitMethod::Auto, &mut self.scratch, |l| {
            Ok(lookup(table, &period, l))
        })
        .unwrap_or_else(|()| unreachable!())
    }
}

impl Solver<Position, Value> for Periodic {
    fn name(&self) -> &'static str {
        "periodic"
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        Ok(value_of_grundy(self.grundy_value(position)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sequence_that_breaks_inside_the_proof_range_is_rejected() {
        // period 3 from n0 = 2; the proof checks n up to 2·2 + 3 + 2 = 9, so it reads
        // g up to index 12. Breaking g[12] must make it fail.
        let mut g: Vec<u32> = vec![5, 6];
        for i in 0..30 {
            g.push([1, 2, 3][i % 3]);
        }
        assert!(prove_period(&g, 2, 3, 2));
        g[12] = 9; // 12 = 9 + 3: the last index the proof reads
        assert!(!prove_period(&g, 2, 3, 2));
        // a one-period check would still accept it
        assert!((2..2 + 3).all(|n| g[n + 3] == g[n]));
    }

    #[test]
    fn too_short_tables_and_zero_periods_prove_nothing() {
        let g = vec![0u32; 10];
        assert!(prove_period(&g, 0, 1, 2)); // needs index 2·0 + 2 + 2 = 4
        assert!(!prove_period(&g, 3, 1, 2)); // needs index 6 + 2 + 2 = 10
        assert!(!prove_period(&g, 0, 0, 2));
    }

    #[test]
    fn p1_from_g0_eq_g1_is_rejected_on_the_real_g() {
        let g = super::super::grundy::table(400);
        assert_eq!(g[0], g[1]);
        assert!(!prove_period(&g, 0, 1, MAX_COLUMNS_REMOVED));
    }

    #[test]
    fn find_takes_the_smallest_period_and_pre_period() {
        // 7 7 then (1 2 1 2 …): period 2 from n0 = 2 (not 4, not from 0)
        let mut g = vec![7u32, 7];
        g.extend((0..40).map(|i| 1 + (i % 2) as u32));
        let p = Period::find(&g, 2).unwrap();
        assert_eq!((p.pre_period, p.period), (2, 2));
        assert_eq!(p.proof_end, 2 * 2 + 2 + 2);
        assert_eq!(p.reduce(1), 1);
        assert_eq!(p.reduce(1001), 3);
    }
}
