//! The oracle: the row as a list, both ends tried at every turn, no memo (a row of up to
//! [`MAX_COINS`] coins: 2^n leaves). It shares nothing with the fast solver but the
//! rules.

use crate::row::Row;
use gamecheck::prelude::{Refusal, Solver};
use gamecheck::solver::Suggestion;

/// The most coins the oracle takes.
pub const MAX_COINS: usize = 18;

/// The margin of the player to move on `coins`: the better of taking the left coin or the
/// right one, each minus the margin of the other player on what is left.
fn margin(coins: &[u32]) -> i64 {
    match coins {
        [] => 0,
        [only] => i64::from(*only),
        [first, .., last] => {
            let left = i64::from(*first) - margin(&coins[1..]);
            let right = i64::from(*last) - margin(&coins[..coins.len() - 1]);
            left.max(right)
        }
    }
}

/// The oracle.
#[derive(Default)]
pub struct Naive;

impl Solver<Row, i64> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn check(&self, row: &Row) -> Result<(), Refusal> {
        if row.0.len() > MAX_COINS {
            return Err(Refusal {
                solver: "naive",
                reason: format!(
                    "{} coins (the oracle takes at most {MAX_COINS})",
                    row.0.len()
                ),
                suggestion: Suggestion::Solver("interval"),
            });
        }
        Ok(())
    }

    fn solve(&mut self, row: &Row) -> Result<i64, Refusal> {
        self.check(row)?;
        Ok(margin(&row.0))
    }
}
