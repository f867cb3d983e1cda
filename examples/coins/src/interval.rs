//! The fast solver: the margin of every stretch of the row, shortest first (dynamic
//! programming over intervals: O(n²) time, O(n) memory).

use crate::row::Row;
use gamecheck::prelude::{Refusal, Solver};

/// The margin of the player to move on `coins`: `best[i]` holds the margin on the
/// stretch of the current length that starts at coin `i`.
pub fn margin(coins: &[u32]) -> i64 {
    let n = coins.len();
    let mut best: Vec<i64> = coins.iter().map(|&c| i64::from(c)).collect();
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let left = i64::from(coins[i]) - best[i + 1];
            let right = i64::from(coins[j]) - best[i];
            best[i] = left.max(right);
        }
    }
    best.first().copied().unwrap_or(0)
}

/// The interval solver.
#[derive(Default)]
pub struct Interval;

impl Solver<Row, i64> for Interval {
    fn name(&self) -> &'static str {
        "interval"
    }

    fn solve(&mut self, row: &Row) -> Result<i64, Refusal> {
        Ok(margin(&row.0))
    }
}
