//! The oracle: the board as rows of characters (top row first), a stone dropped by
//! walking down its column to the lowest empty cell, four in a row found by walking from
//! each stone in four directions with explicit bounds checks, every open column tried in
//! turn, the values memoized by the board's text. It shares nothing with the fast solver
//! but the board's size.
//!
//! Values are for the player to move, with remoteness ([`Remote`]): the player to move
//! on a board with four in a row has lost (`loss in 0`), a full board is a tie
//! (`tie in 0`); otherwise the mover takes the nearest win (one move more than the
//! nearest child lost by the opponent), else the nearest tie, else the farthest loss.

use crate::board::{Board, FOUR};
use gamecheck::prelude::{Refusal, Remote, Solver, Value};
use gamecheck::solver::Suggestion;
use std::collections::HashMap;

/// The most empty cells the oracle takes (on a board without four in a row): 20, a
/// 5 × 4 or 4 × 5 board from the start (5 × 4: about 10 s of CPU and 0.7 GB); the
/// alpha-beta solver takes more.
pub const MAX_EMPTY: usize = 20;

/// The oracle (its memo kept across boards of one size).
#[derive(Default)]
pub struct Naive {
    memo: HashMap<String, Remote>,
}

/// `board` as rows of `X`, `O`, `.`, top row first.
pub fn rows(board: &Board) -> Vec<Vec<char>> {
    let row = |r: usize| (0..board.width).map(|c| board.symbol(r, c)).collect();
    (0..board.height).rev().map(row).collect()
}

/// The board of `grid` (rows top first), cell by cell.
fn board_of(grid: &[Vec<char>]) -> Board {
    let height = grid.len();
    let width = grid.first().map_or(0, Vec::len);
    let mut b = Board::empty(width, height);
    for (i, row) in grid.iter().enumerate() {
        for (c, &s) in row.iter().enumerate() {
            if s != '.' {
                b = b.with(height - 1 - i, c, s);
            }
        }
    }
    b
}

/// The player to move on `grid`: `X` when both have as many stones, else `O`.
pub fn mover(grid: &[Vec<char>]) -> char {
    let count = |m: char| grid.iter().flatten().filter(|&&c| c == m).count();
    if count('X') == count('O') {
        'X'
    } else {
        'O'
    }
}

/// The row (0 = top) where a stone dropped into column `col` comes to rest: the lowest
/// empty cell of the column, found by walking up from the bottom; `None` when it is full.
pub fn landing(grid: &[Vec<char>], col: usize) -> Option<usize> {
    let mut r = grid.len();
    while r > 0 {
        r -= 1;
        if grid[r][col] == '.' {
            return Some(r);
        }
    }
    None
}

/// The oracle's moves: every column (0-based, left to right) whose top cell is empty,
/// unless someone has four in a row.
pub fn moves(grid: &[Vec<char>]) -> Vec<usize> {
    if grid.is_empty() || four(grid).is_some() {
        return Vec::new();
    }
    (0..grid[0].len()).filter(|&c| grid[0][c] == '.').collect()
}

/// The board after the player to move drops a stone into column `col`, on the text
/// rows; `None` when the column is full or off the board.
pub fn after(board: &Board, col: usize) -> Option<Board> {
    let mut grid = rows(board);
    if col >= board.width {
        return None;
    }
    let r = landing(&grid, col)?;
    grid[r][col] = mover(&grid);
    Some(board_of(&grid))
}

/// The symbol that has four in a row on `grid`, if any.
pub fn four(grid: &[Vec<char>]) -> Option<char> {
    let rows = grid.len() as i32;
    let cols = grid.first().map_or(0, Vec::len) as i32;
    for r in 0..rows {
        for c in 0..cols {
            let mark = grid[r as usize][c as usize];
            if mark == '.' {
                continue;
            }
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let run = (0..FOUR as i32).all(|i| {
                    let (rr, cc) = (r + i * dr, c + i * dc);
                    rr >= 0
                        && rr < rows
                        && cc >= 0
                        && cc < cols
                        && grid[rr as usize][cc as usize] == mark
                });
                if run {
                    return Some(mark);
                }
            }
        }
    }
    None
}

impl Naive {
    fn value(&mut self, grid: &mut Vec<Vec<char>>) -> Remote {
        let key: String = grid.iter().flatten().collect();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let me = mover(grid);
        let v = match four(grid) {
            // never on a board that play reaches: the mover made four and moved again
            Some(m) if m == me => Remote::win(0),
            Some(_) => Remote::loss(0),
            None => {
                let mut children = Vec::new();
                for col in moves(grid) {
                    let r = landing(grid, col).expect("an open column");
                    grid[r][col] = me;
                    children.push(self.value(grid));
                    grid[r][col] = '.';
                }
                best(&children)
            }
        };
        self.memo.insert(key, v);
        v
    }
}

/// The value for the player to move of a position whose moves lead to `children`
/// (values for the opponent): the nearest child the opponent loses, else the nearest
/// tie, else the farthest loss; a tie in 0 when there is no move (the board is full).
fn best(children: &[Remote]) -> Remote {
    let distance = |v: &Remote| v.remoteness.expect("a game that ends");
    let of = |value: Value| children.iter().filter(move |c| c.value == value);
    if let Some(r) = of(Value::Loss).map(distance).min() {
        return Remote::win(r + 1);
    }
    if let Some(r) = of(Value::Draw).map(distance).min() {
        return Remote::tie(r + 1);
    }
    match children.iter().map(distance).max() {
        Some(r) => Remote::loss(r + 1),
        None => Remote::tie(0),
    }
}

impl Solver<Board, Remote> for Naive {
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

    /// Refuses a board of more than [`MAX_EMPTY`] empty cells, unless it has four in a
    /// row (the game is over: nothing to search).
    fn check(&self, board: &Board) -> Result<(), Refusal> {
        let empty = board.cells() - board.stones();
        if empty > MAX_EMPTY && four(&rows(board)).is_none() {
            return Err(Refusal {
                solver: "naive",
                reason: format!("{empty} empty cells (the oracle takes at most {MAX_EMPTY})"),
                suggestion: Suggestion::Solver("alphabeta"),
            });
        }
        Ok(())
    }

    fn solve(&mut self, board: &Board) -> Result<Remote, Refusal> {
        self.check(board)?;
        Ok(self.value(&mut rows(board)))
    }
}
