//! Octal games (rules: `docs/rules.md`, "Octal"; `gamecheck rules octal`): heaps of
//! tokens, a code `.d1d2…dt` that says how many tokens a move removes from one heap and
//! what it may leave (Guy & Smith 1956; *Winning Ways*, chapter 4). `.77` is Kayles,
//! `.07` Dawson's Kayles, `.137` Dawson's chess.
//!
//! A position is a list of heaps, each of 1..=10^18 tokens; normal play. By the
//! Sprague–Grundy theorem its value is the XOR of the heaps' Grundy values `g(n)`.
//!
//! | solver | what it is | limit |
//! |---|---|---|
//! | [`naive::Naive`] (`naive`) | the oracle: heaps as a row of pins in text (`III.IIIII`), every move walked on the text, win/loss memo by the canonical text | [`naive::MAX_PINS`] tokens in all |
//! | [`grundy::Grundy`] (`grundy`) | `g(n)` by the mex recurrence over the code's options (O(n²) when a digit has bit 4), XOR over heaps | heaps below the table size (`--max-n`, default 4,096) |
//! | [`sparse::Sparse`] (`sparse`) | `g(n)` by the sparse-space method (rare positions under a mask chosen by a Walsh–Hadamard transform; the plain recurrence for a code without sparse space), XOR over heaps | heaps below the table size, as `grundy` |
//! | [`periodic::Periodic`] (`periodic`) | `g` by the sparse-space method with the smallest period found and *proved* (periodicity theorem), looked for in 20,000 values at least for a code with sparse space | none with a proof (any heap up to 10^18); without one, the values it computed |

pub mod code;
pub mod contest;
pub mod format;
pub mod game;
pub mod grundy;
pub mod naive;
pub mod perft;
pub mod periodic;
pub mod props;
pub mod rules;
pub mod shrink;
pub mod sparse;

pub use code::Code;
pub use game::{OctalGame, Variant};
pub use rules::Rules;

use std::fmt;

/// The largest heap a contest input may hold: 10^18 tokens.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// An octal position: one or more heaps of 1..=[`MAX_HEAP`] tokens, in input order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(Vec<u64>);

/// A list of heaps that is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// No heap.
    #[error("a position needs at least one heap")]
    NoHeaps,
    /// A heap of 0 or more than 10^18 tokens.
    #[error("heap {index} has {size} tokens: expected 1..=10^18")]
    BadHeap {
        /// 1-based index of the heap.
        index: usize,
        /// Its size.
        size: u64,
    },
}

impl Position {
    /// The position with these heaps (in this order).
    ///
    /// # Errors
    /// No heap, or a heap outside `1..=10^18`.
    pub fn new(heaps: Vec<u64>) -> Result<Position, PositionError> {
        if heaps.is_empty() {
            return Err(PositionError::NoHeaps);
        }
        if let Some(i) = heaps.iter().position(|&h| !(1..=MAX_HEAP).contains(&h)) {
            return Err(PositionError::BadHeap {
                index: i + 1,
                size: heaps[i],
            });
        }
        Ok(Position(heaps))
    }

    /// The heaps, in input order.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }

    /// The number of tokens in all heaps (as u128: 10^6 heaps of 10^18 do not fit u64).
    pub fn tokens(&self) -> u128 {
        self.0.iter().map(|&h| u128::from(h)).sum()
    }

    /// The largest heap.
    pub fn largest(&self) -> u64 {
        self.0.iter().copied().max().unwrap_or(0)
    }
}

impl fmt::Display for Position {
    /// The heaps separated by spaces (`1 4 7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&heaps.join(" "))
    }
}
