//! The oracle: the board as text rows, moves found by scanning the text, a move applied
//! by blanking the cells above and to the right, plain recursion memoized by the text.
//! It shares nothing with the fast solver but the board's size.

use crate::board::Board;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::HashMap;

/// The most cells the oracle takes (a 7 × 7 board: 3,432 positions).
pub const ORACLE_MAX_CELLS: usize = 49;

/// The board as rows of `#` and `.`, top row first (its own reading of the heights).
pub fn rows(board: &Board) -> Vec<Vec<u8>> {
    board
        .to_string()
        .lines()
        .map(|l| l.as_bytes().to_vec())
        .collect()
}

/// Every cell that may be taken, as (column, row from the bottom): every `#` but the
/// poisoned bottom-left one. Taking that one loses, so the oracle never plays it.
pub fn moves(rows: &[Vec<u8>]) -> Vec<(usize, usize)> {
    let h = rows.len();
    let mut out = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        for (x, &c) in line.iter().enumerate() {
            let y = h - 1 - r;
            if c == b'#' && (x, y) != (0, 0) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The rows after taking `(x, y)`: every cell at or right of column `x` and at or above
/// row `y` becomes `.`.
pub fn after(rows: &[Vec<u8>], (x, y): (usize, usize)) -> Vec<Vec<u8>> {
    let h = rows.len();
    let mut next = rows.to_vec();
    for (r, line) in next.iter_mut().enumerate() {
        if h - 1 - r >= y {
            for c in &mut line[x..] {
                *c = b'.';
            }
        }
    }
    next
}

/// The board that `rows` show (the oracle's own reading back): each column's cells
/// counted up from the bottom row until the first taken one.
pub fn board_of(rows: &[Vec<u8>]) -> Board {
    let (h, w) = (rows.len(), rows[0].len());
    let mut board = Board::full(w, h);
    for (x, height) in board.heights[..w].iter_mut().enumerate() {
        *height = (0..h).take_while(|&y| rows[h - 1 - y][x] == b'#').count() as u8;
    }
    board
}

/// The oracle solver.
#[derive(Default)]
pub struct Naive {
    memo: HashMap<Vec<Vec<u8>>, bool>,
}

impl Naive {
    fn wins(&mut self, rows: &[Vec<u8>]) -> bool {
        if let Some(&w) = self.memo.get(rows) {
            return w;
        }
        let w = moves(rows).into_iter().any(|m| !self.wins(&after(rows, m)));
        self.memo.insert(rows.to_vec(), w);
        w
    }
}

impl Solver<Board, Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    /// The positions remembered across calls (the harness bounds them).
    fn memo_entries(&self) -> Option<usize> {
        Some(self.memo.len())
    }
    fn clear_memo(&mut self) {
        self.memo.clear();
    }

    fn check(&self, board: &Board) -> Result<(), Refusal> {
        if board.cells() > ORACLE_MAX_CELLS {
            return Err(Refusal {
                solver: "naive",
                reason: format!(
                    "{} cells (the oracle takes {ORACLE_MAX_CELLS})",
                    board.cells()
                ),
                suggestion: Suggestion::Solver("memo"),
            });
        }
        Ok(())
    }

    fn solve(&mut self, board: &Board) -> Result<Value, Refusal> {
        self.check(board)?;
        Ok(if self.wins(&rows(board)) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

/// The board the rows show (a column's height is its count of `#`).
pub fn board(rows: &[Vec<u8>]) -> Board {
    let (width, height) = (rows.first().map_or(0, Vec::len), rows.len());
    let mut b = Board::full(width, height);
    for x in 0..width {
        b.heights[x] = rows.iter().filter(|r| r[x] == b'#').count() as u8;
    }
    b
}
