//! The `periodic` solver: `grundy` with the smallest period of `g` *found and proved*
//! by the shared prover ([`gamecheck::grundy::Period`]; periodicity theorem, inclusive bound
//! `n0 ≤ n ≤ 2·n0 + p + t`, `t` the code's length).
//!
//! `g` is computed in doubling lengths (64, 128, …) up to the table size; at each length
//! [`Period::find`] takes the smallest period that proves. With a proof, a heap `n ≥ n0`
//! has `g(n) = g(n0 + (n − n0) mod p)`, so any heap up to 10^18 is O(1). Many codes have
//! no known period (and `.16`'s is about 150,000): then `periodic` answers from its table
//! like `grundy` and refuses only heaps beyond it, saying that no period was proved.

use super::grundy::extend_table;
use super::{Code, Position};
use gamecheck::grundy::value_of_grundy;
pub use gamecheck::grundy::Period;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};

/// `g` and its proved period for `code`, with at most `size` values computed.
pub fn discover(code: &Code, size: usize) -> (Vec<u32>, Option<Period>) {
    Period::discover_within(code.t(), size, |g, len| extend_table(code, g, len))
}

/// The `periodic` solver for one code.
#[derive(Debug, Clone)]
pub struct Periodic {
    table: Vec<u32>,
    period: Option<Period>,
}

impl Periodic {
    /// Builds `g` for `code` (doubling up to `size` values) and proves its period.
    pub fn new(code: &Code, size: usize) -> Self {
        let (table, period) = discover(code, size);
        Periodic { table, period }
    }

    /// The proved period, if one proved within the table size.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The values of `g` computed (`g(0..len)`).
    pub fn table(&self) -> &[u32] {
        &self.table
    }

    /// `g(n)`: from the table inside it, by the period beyond; `None` beyond the table
    /// without a period.
    pub fn g(&self, n: u64) -> Option<u32> {
        if n < self.table.len() as u64 {
            return Some(self.table[n as usize]);
        }
        self.period.map(|p| self.table[p.reduce(n)])
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// No period proved and a heap beyond the table.
    pub fn grundy_value(&self, position: &Position) -> Result<u32, Refusal> {
        self.check(position)?;
        Ok(position
            .heaps()
            .iter()
            .fold(0, |x, &h| x ^ self.g(h).expect("checked")))
    }
}

impl Solver<Position, Value> for Periodic {
    fn name(&self) -> &'static str {
        "periodic"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        let largest = position.largest();
        if self.period.is_none() && largest >= self.table.len() as u64 {
            return Err(Refusal {
                solver: "periodic",
                reason: format!(
                    "no period of g was proved with g(0..{}) computed, and a heap of \
                     {largest} tokens is beyond that table",
                    self.table.len()
                ),
                // past the largest table no solver answers it (the oracle's limit is
                // 30 tokens, far below any heap past a table)
                suggestion: super::grundy::larger_table(largest, Suggestion::Nothing),
            });
        }
        Ok(())
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        self.grundy_value(position).map(value_of_grundy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(code: &str) -> (usize, usize) {
        let p = Periodic::new(&code.parse().unwrap(), 4096)
            .period()
            .unwrap();
        (p.period, p.pre_period)
    }

    #[test]
    fn kayles_and_dawsons_kayles() {
        assert_eq!(period(".77"), (12, 71));
        assert_eq!(period(".07"), (34, 53));
    }

    #[test]
    fn the_strict_bound_trap_of_dot_4_is_not_taken() {
        let p = Periodic::new(&".4".parse().unwrap(), 4096);
        if let Some(q) = p.period() {
            assert_ne!((q.period, q.pre_period), (1, 0));
            // whatever proved holds across the table
            let g = p.table();
            assert!((q.pre_period..g.len() - q.period).all(|n| g[n + q.period] == g[n]));
        }
    }

    /// At the end of the table, where `g` turns from a lookup into the period's
    /// reduction, the values are those computed independently (Kayles, Dawson's Kayles).
    #[test]
    fn g_across_the_end_of_the_table() {
        for code in [".77", ".07"] {
            let code: Code = code.parse().unwrap();
            let p = Periodic::new(&code, 4096);
            let len = p.table().len();
            let g = crate::octal::game::independent_g(&code, len + 40);
            for (n, &want) in g.iter().enumerate().skip(len - 2) {
                assert_eq!(p.g(n as u64), Some(want), "{code}: g({n}), table of {len}");
            }
        }
    }

    #[test]
    fn huge_heaps_by_the_period_and_refusals_without_one() {
        let k = Periodic::new(&".77".parse().unwrap(), 4096);
        let huge = Position::new(vec![1_000_000_000_000_000_000]).unwrap();
        // 10^18 ≡ 71 + (10^18 − 71) mod 12
        let n = 71 + (1_000_000_000_000_000_000u64 - 71) % 12;
        assert_eq!(k.g(1_000_000_000_000_000_000), Some(k.table()[n as usize]));
        assert!(k.grundy_value(&huge).is_ok());
        // a table too short to prove Kayles' period: heaps inside it only
        let short = Periodic::new(&".77".parse().unwrap(), 100);
        assert!(short.period().is_none());
        assert_eq!(short.table().len(), 100);
        assert!(short
            .grundy_value(&Position::new(vec![99]).unwrap())
            .is_ok());
        assert_eq!(short.g(99), Some(short.table()[99]));
        assert_eq!(short.g(100), None, "past the table without a period");
        let e = short.check(&Position::new(vec![100]).unwrap()).unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Flag("--max-n 101".into()));
        // past the largest table no solver answers it, and the message says so
        let e = short
            .check(&Position::new(vec![1 << 40]).unwrap())
            .unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Nothing);
        assert!(
            e.to_string()
                .ends_with("; no solver of gamecheck answers it"),
            "{e}"
        );
        assert!(
            e.reason.contains("no period of g was proved"),
            "{}",
            e.reason
        );
    }
}
