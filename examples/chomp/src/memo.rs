//! The fast solver: the heights packed 4 bits a column into a `u64`, a move is a
//! `min` over the columns right of it, and a depth-first search memoized in a hash map.

use crate::board::{Board, MAX_SIDE};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver};
use std::collections::HashMap;

/// The heights packed: column `x` in bits `4x..4x + 4`.
pub fn pack(board: &Board) -> u64 {
    board
        .heights
        .iter()
        .enumerate()
        .map(|(x, &h)| (h as u64) << (4 * x))
        .sum()
}

/// Every move from `packed` as the packed board it leads to: for each column `x` and
/// each row `y` below its height, every column from `x` on is cut to at most `y`
/// (the poisoned cell `(0, 0)` excluded).
pub fn children(packed: u64) -> impl Iterator<Item = u64> {
    (0..MAX_SIDE).flat_map(move |x| {
        let h = (packed >> (4 * x)) & 15;
        (0..h).filter(move |&y| (x, y) != (0, 0)).map(move |y| {
            let mut next = packed;
            for c in x..MAX_SIDE {
                let hc = (next >> (4 * c)) & 15;
                if hc > y {
                    next = next & !(15 << (4 * c)) | y << (4 * c);
                }
            }
            next
        })
    })
}

/// The memoized search; the memo is kept across positions.
#[derive(Default)]
pub struct Memo {
    memo: HashMap<u64, bool>,
}

impl Memo {
    fn wins(&mut self, packed: u64) -> bool {
        if let Some(&w) = self.memo.get(&packed) {
            return w;
        }
        let w = children(packed).any(|c| !self.wins(c));
        self.memo.insert(packed, w);
        w
    }
}

impl Solver<Board, Value> for Memo {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn solve(&mut self, board: &Board) -> Result<Value, Refusal> {
        Ok(if self.wins(pack(board)) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}
