//! The `grundy` solver: `g(n)` of one heap by the mex recurrence over the code's options,
//! and the XOR over the heaps (Sprague–Grundy theorem).
//!
//! The options of a heap of `n` tokens, straight from the digits ([`options`]): for each
//! `k` in `1..=t`, removing `k` leaves nothing when `n = k` and bit 1 of `d_k` is set;
//! one heap of `n − k` when `n > k` and bit 2 is set; two heaps `a + b = n − k`,
//! `1 ≤ a ≤ b`, when bit 4 is set. So `g(n) = mex{ 0 | …, g(n−k) | …, g(a) ⊕ g(b) | … }`,
//! O(n) per value when a digit has bit 4 (O(n²) for the table), O(t) otherwise.

use super::code::bits;
use super::{Code, Position};
use gamecheck::grundy::value_of_grundy;
pub use gamecheck::grundy::Mex;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};

/// The default table size of `grundy` and `periodic` (`--max-n`): `g(0..4096)`.
pub const DEFAULT_TABLE: usize = 4096;

/// The largest table `--max-n` allows.
pub const MAX_TABLE: usize = 1_000_000;

/// Refuses, for `solver`, a position with a heap at or past its table `g(0..size)`,
/// suggesting a larger `--max-n` or `periodic` ([`larger_table`]).
///
/// # Errors
/// The refusal of the first heap that does not fit.
pub fn within_table(solver: &'static str, position: &Position, size: usize) -> Result<(), Refusal> {
    let largest = position.largest();
    if largest >= size as u64 {
        return Err(Refusal {
            solver,
            reason: format!(
                "a heap of {largest} tokens is beyond its table g(0..{size}) (--max-n {size})"
            ),
            suggestion: larger_table(largest, Suggestion::Solver("periodic")),
        });
    }
    Ok(())
}

/// What to suggest for a heap of `largest` tokens beyond a table: `--max-n` just large
/// enough (the table is O(n²) to compute for codes with a 4 bit, so not the maximum),
/// or `otherwise` when no table allowed reaches it.
pub fn larger_table(largest: u64, otherwise: Suggestion) -> Suggestion {
    if largest < MAX_TABLE as u64 {
        Suggestion::Flag(format!("--max-n {}", largest + 1).into())
    } else {
        otherwise
    }
}

/// One option of a heap: remove `take` tokens and leave `leave` (0, 1 or 2 non-empty
/// heaps; for two, the smaller first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapOption {
    /// Tokens removed.
    pub take: u64,
    /// How many heaps are left (0, 1 or 2).
    pub count: u8,
    /// The heaps left: `[a, b]`, the first `count` of them used.
    pub leave: [u64; 2],
}

/// Every option of a heap of `n` tokens under `code`, each once (a split `a + b` with
/// `a ≤ b`). Calls `f` per option; O(t + n) of them.
pub fn options(code: &Code, n: u64, mut f: impl FnMut(HeapOption)) {
    for k in 1..=code.t() as u64 {
        let d = code.digit(k as usize);
        if n < k {
            break;
        }
        if n == k {
            if d & bits::GONE != 0 {
                f(HeapOption {
                    take: k,
                    count: 0,
                    leave: [0, 0],
                });
            }
            continue;
        }
        let rest = n - k;
        if d & bits::ONE != 0 {
            f(HeapOption {
                take: k,
                count: 1,
                leave: [rest, 0],
            });
        }
        if d & bits::TWO != 0 {
            for a in 1..=rest / 2 {
                f(HeapOption {
                    take: k,
                    count: 2,
                    leave: [a, rest - a],
                });
            }
        }
    }
}

/// The number of options of a heap of `n` tokens under `code`, the count [`options`]
/// lists, without listing them: for each `k ≤ min(t, n)`, one when `n = k` and bit 1 of
/// `d_k` is set; when `n > k`, one for bit 2 and `⌊(n − k)/2⌋` splits `a + b`,
/// `1 ≤ a ≤ b`, for bit 4. O(t), for perft's leaves (a heap of 10^18 has about 10^18
/// options).
pub fn option_count(code: &Code, n: u64) -> u128 {
    let mut count = 0u128;
    for k in 1..=(code.t() as u64).min(n) {
        let d = code.digit(k as usize);
        if n == k {
            count += u128::from(d & bits::GONE != 0);
        } else {
            count += u128::from(d & bits::ONE != 0);
            if d & bits::TWO != 0 {
                count += u128::from((n - k) / 2);
            }
        }
    }
    count
}

/// Extends `g` (which holds `g(0..g.len())`) to `g(0..len)` by the recurrence.
pub fn extend_table(code: &Code, g: &mut Vec<u32>, len: usize) {
    let mut mex = Mex::new();
    let mut values = Vec::new();
    while g.len() < len {
        let n = g.len();
        values.clear();
        options(code, n as u64, |o| {
            values.push(match o.count {
                0 => 0,
                1 => g[o.leave[0] as usize],
                _ => g[o.leave[0] as usize] ^ g[o.leave[1] as usize],
            })
        });
        let v = mex.mex(values.iter().copied());
        g.push(v);
    }
}

/// `g(0..len)` for `code`, from scratch.
pub fn table(code: &Code, len: usize) -> Vec<u32> {
    let mut g = Vec::new();
    extend_table(code, &mut g, len);
    g
}

/// The `grundy` solver: the table `g(0..size)` built as far as the largest heap met, XOR
/// over heaps; heaps of `size` tokens or more are refused.
#[derive(Debug, Clone)]
pub struct Grundy {
    code: Code,
    size: usize,
    g: Vec<u32>,
}

impl Grundy {
    /// The solver for `code` with a table of `size` values (`g(0..size)`).
    pub fn new(code: Code, size: usize) -> Self {
        Grundy {
            code,
            size,
            g: Vec::new(),
        }
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// A heap at or beyond the table size.
    pub fn grundy_value(&mut self, position: &Position) -> Result<u32, Refusal> {
        self.check(position)?;
        let need = position.largest() as usize + 1;
        if self.g.len() < need {
            extend_table(&self.code, &mut self.g, need);
        }
        Ok(position
            .heaps()
            .iter()
            .fold(0, |x, &h| x ^ self.g[h as usize]))
    }
}

impl Solver<Position, Value> for Grundy {
    fn name(&self) -> &'static str {
        "grundy"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        within_table("grundy", position, self.size)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        self.grundy_value(position).map(value_of_grundy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_prefixes() {
        let kayles = table(&".77".parse().unwrap(), 20);
        assert_eq!(
            kayles,
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
        );
        let dawson = table(&".07".parse().unwrap(), 17);
        assert_eq!(dawson, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]);
        // .4: a move must leave two non-empty heaps
        assert_eq!(table(&".4".parse().unwrap(), 6), [0, 0, 0, 1, 1, 2]);
    }

    #[test]
    fn option_count_is_the_number_of_options_listed() {
        // every code of up to three digits (not all zero), each heap up to 40 (past t,
        // both parities)
        let codes = (1..=3u32).flat_map(|len| (1..8usize.pow(len)).map(move |v| (len, v)));
        for (len, v) in codes {
            let code: Code = format!(".{v:0w$o}", w = len as usize).parse().unwrap();
            for n in 0..40 {
                let mut listed = 0u128;
                options(&code, n, |_| listed += 1);
                assert_eq!(option_count(&code, n), listed, "{code} at {n}");
            }
        }
        // and the count of a heap too large to list
        let kayles: Code = ".77".parse().unwrap();
        assert_eq!(
            option_count(&kayles, 1 << 60),
            2 + (1 << 59) - 1 + (1 << 59) - 1
        );
    }

    #[test]
    fn options_are_each_listed_once() {
        let mut seen = Vec::new();
        options(&".77".parse().unwrap(), 5, |o| seen.push(o));
        // take 1: leave 4, 1+3, 2+2; take 2: leave 3, 1+2
        assert_eq!(seen.len(), 5);
        let mut none = 0;
        options(&".07".parse().unwrap(), 1, |_| none += 1);
        assert_eq!(none, 0);
    }

    #[test]
    fn refuses_heaps_beyond_its_table() {
        let mut g = Grundy::new(".77".parse().unwrap(), 100);
        assert!(g.solve(&Position::new(vec![99, 3]).unwrap()).is_ok());
        let e = g.solve(&Position::new(vec![100]).unwrap()).unwrap_err();
        // the table that just reaches the heap, or (past the largest table) periodic
        assert_eq!(e.suggestion, Suggestion::Flag("--max-n 101".into()));
        let e = g
            .solve(&Position::new(vec![MAX_TABLE as u64]).unwrap())
            .unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Solver("periodic"));
        assert_eq!(
            larger_table(MAX_TABLE as u64 - 1, Suggestion::Nothing),
            Suggestion::Flag("--max-n 1000000".into())
        );
    }
}
