//! The `periodic` solver: `grundy` with the smallest period of `g` *found and proved*
//! by the shared prover ([`gamecheck::grundy::Period`]; periodicity theorem, inclusive bound
//! `n0 ≤ n ≤ 2·n0 + p + t`, `t` the code's length).
//!
//! `g` is computed by the sparse-space method ([`SparseG`]: the same values as `grundy`'s
//! table, faster) in doubling lengths (64, 128, …) up to the table size, and for a code
//! with sparse space at least as far as `gamecheck period`'s default ([`SEARCH`], 20,000
//! values) by itself (a code without one would pay the plain O(n²) recurrence there,
//! so `--max-n` asks for it); at each
//! length [`Period::find`] takes the smallest period that proves. With a proof, a heap
//! `n ≥ n0` has `g(n) = g(n0 + (n − n0) mod p)`, so any heap up to 10^18 is O(1). Many
//! codes have no known period (and `.16`'s is 149,459 from 105,351): then `periodic`
//! answers from the values it computed and refuses only heaps beyond them, saying that no
//! period was proved and how to look further (`--max-n`, `gamecheck period`).

use super::grundy::MAX_TABLE;
use super::sparse::SparseG;
use super::{Code, Position};
pub use gamecheck::grundy::Period;
use gamecheck::grundy::{value_of_grundy, Sequence};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};

/// How far `periodic` looks for a period by itself: `g(0..20,000)`, the default of
/// `gamecheck period`.
pub const SEARCH: usize = 20_000;

/// `g` and its proved period for `code`, with at most `size` values computed (by the
/// sparse-space method).
pub fn discover(code: &Code, size: usize) -> (Vec<u32>, Option<Period>) {
    let mut seq = SparseG::new(*code);
    let period = Period::discover_in(code.t(), size, &mut seq, &mut |_| {});
    (seq.values().to_vec(), period)
}

/// The `periodic` solver for one code.
#[derive(Debug, Clone)]
pub struct Periodic {
    code: Code,
    table: Vec<u32>,
    period: Option<Period>,
}

impl Periodic {
    /// Builds `g` for `code` (doubling up to `size` values) and proves its period; when
    /// none proves within `size`, goes on to [`SEARCH`] values as long as the code has
    /// sparse space (a code without one would take the plain O(n²) recurrence there:
    /// `--max-n` asks for it).
    pub fn new(code: &Code, size: usize) -> Self {
        let mut seq = SparseG::new(*code);
        let mut period = Period::discover_in(code.t(), size, &mut seq, &mut |_| {});
        if period.is_none() && size < SEARCH && !Sequence::quadratic(&seq) {
            period = Period::discover_in(code.t(), SEARCH, &mut seq, &mut |_| {});
        }
        Periodic {
            code: *code,
            table: seq.values().to_vec(),
            period,
        }
    }

    /// Builds `g` for `code` doubling up to exactly `size` values and proves its period
    /// (`verify`'s rows, pinned to the table size they name).
    pub fn within(code: &Code, size: usize) -> Self {
        let (table, period) = discover(code, size);
        Periodic {
            code: *code,
            table,
            period,
        }
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
            let len = self.table.len();
            return Err(Refusal {
                solver: "periodic",
                reason: format!(
                    "no period of g was proved with g(0..{len}) computed, and a heap of \
                     {largest} tokens is beyond that table; `gamecheck period octal --code \
                     {} --max-n N` looks further (N up to 2^32), and a period it proves \
                     within N values is used here with `--max-n N`",
                    self.code
                ),
                suggestion: if len < MAX_TABLE {
                    Suggestion::Flag(format!("--max-n {MAX_TABLE}").into())
                } else {
                    Suggestion::Flag(
                        format!(
                            "gamecheck period octal --code {} --max-n 4294967296",
                            self.code
                        )
                        .into(),
                    )
                },
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
        let short = Periodic::within(&".77".parse().unwrap(), 100);
        assert!(short.period().is_none());
        assert_eq!(short.table().len(), 100);
        assert!(short
            .grundy_value(&Position::new(vec![99]).unwrap())
            .is_ok());
        assert_eq!(short.g(99), Some(short.table()[99]));
        assert_eq!(short.g(100), None, "past the table without a period");
        // a refusal names --max-n and `period`, and never says that no solver answers
        for heap in [100, 1 << 40] {
            let e = short
                .check(&Position::new(vec![heap]).unwrap())
                .unwrap_err();
            assert_eq!(e.suggestion, Suggestion::Flag("--max-n 1000000".into()));
            assert!(
                e.reason.contains("no period of g was proved"),
                "{}",
                e.reason
            );
            assert!(
                e.reason
                    .contains("`gamecheck period octal --code .77 --max-n N`"),
                "{}",
                e.reason
            );
            assert!(!e.to_string().contains("no solver"), "{e}");
        }
        // by itself periodic looks as far as `period`'s default: .356's period 142 from
        // 7,315 needs g(0..16384), past the default table of 4,096
        let p = Periodic::new(&".356".parse().unwrap(), 4096);
        let q = p.period().expect("proved within 20,000 values");
        assert_eq!((q.period, q.pre_period), (142, 7315));
        assert!(Periodic::within(&".356".parse().unwrap(), 4096)
            .period()
            .is_none());
        let huge = Position::new(vec![600_000_000_000_000_000]).unwrap();
        assert!(p.grundy_value(&huge).is_ok());
    }
}
