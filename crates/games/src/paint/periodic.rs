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
use super::{Position, MAX_COLUMNS_REMOVED};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver};

use gamecheck::grundy::value_of_grundy;
pub use gamecheck::grundy::{prove_period, Period, MAX_LEN, START_LEN};

/// Paint's `g` and its proved period: [`Period::discover`] with paint's recurrence
/// ([`extend_table`]) and `t` = [`MAX_COLUMNS_REMOVED`].
///
/// # Errors
/// No period proves with a table of [`MAX_LEN`] values.
pub fn discover() -> Result<(Vec<u32>, Period), String> {
    Period::discover(MAX_COLUMNS_REMOVED, extend_table)
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
        let (table, period) = discover().expect("g is ultimately periodic");
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

    /// The values of `g` computed to find and prove the period (`g(0..len)`, past the
    /// proof's range).
    pub fn table(&self) -> &[u32] {
        &self.table
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
