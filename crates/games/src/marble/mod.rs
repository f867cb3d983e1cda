//! Marble on the diamond board (rules: `docs/rules.md`, `gamecheck rules marble`): rules, geometry and boundary
//! masks, the two move generators, the three solvers and the contest format.
//!
//! | solver | what it is | limit |
//! |---|---|---|
//! | [`naive::Naive`] (`naive`) | the oracle: text rows, coordinate walks, memo by the text | 20 empty cells |
//! | [`bitmask::Bitmask`] (`bitmask`) | memoized DFS over a `u32`, shift move generation | none (memo of 2^(n²) bytes) |
//! | [`table::Table`] (`table`) | retrograde analysis of every position into a 1-bit table | none (2^(n²) bits) |

pub mod bitmask;
pub mod commands;
pub mod contest;
pub mod export;
pub mod format;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod naive;
pub mod perft;
pub mod props;
pub mod rules;
pub mod shrink;
pub mod table;

pub use game::{MarbleGame, Variant};
pub use rules::{Line, LineSet, Play, Rules};

/// A marble position: the side of the diamond and the marbles, as bits in *reading
/// order* — bit `i` is the `i`-th symbol of the position in the contest text (row by
/// row, top to bottom, left to right), set for `*`.
///
/// Reading order is the contest's own and is not the square frame of the fast solvers;
/// they convert with [`geometry::Layout`], the oracle with its own row arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    side: usize,
    marbles: u64,
}

impl Position {
    /// The position of side `side` (1..=6) whose marbles are the set bits of `marbles`
    /// (reading order; bits at or above n² are ignored).
    ///
    /// # Panics
    /// When `side` is outside 1..=6.
    pub fn new(side: usize, marbles: u64) -> Self {
        assert!(
            (1..=rules::MAX_SIDE).contains(&side),
            "side {side} outside 1..={}",
            rules::MAX_SIDE
        );
        Position {
            side,
            marbles: marbles & full_mask(side),
        }
    }

    /// The empty board of `side`.
    pub fn empty(side: usize) -> Self {
        Position::new(side, 0)
    }

    /// The side of the diamond.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of cells, n².
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The marbles in reading order.
    pub fn marbles(&self) -> u64 {
        self.marbles
    }

    /// The number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.cells() - self.marbles.count_ones() as usize
    }

    /// Whether the `i`-th cell in reading order holds a marble.
    pub fn has_marble(&self, i: usize) -> bool {
        self.marbles >> i & 1 == 1
    }

    /// The same position with cell `i` (reading order) filled.
    pub fn with_marble(&self, i: usize) -> Position {
        Position::new(self.side, self.marbles | 1 << i)
    }

    /// The empty cells, in reading order.
    pub fn empty_indices(&self) -> Vec<usize> {
        (0..self.cells()).filter(|&i| !self.has_marble(i)).collect()
    }
}

/// Every cell of a diamond of `side` in reading order.
pub fn full_mask(side: usize) -> u64 {
    (1u64 << (side * side)) - 1
}

/// The reading-order index of the `j`-th symbol of diamond row `k` (both 0-based) on a
/// diamond of `side`: the number of symbols before it in the contest text.
pub fn reading_index(side: usize, k: usize, j: usize) -> usize {
    (0..k)
        .map(|row| geometry::diamond_row_len(side, row))
        .sum::<usize>()
        + j
}
