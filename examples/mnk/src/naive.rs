//! The oracle: the board as rows of characters, a line found by walking from each mark
//! in four directions, every empty cell tried in turn, the results memoized by the
//! board's text. It shares nothing with the fast solver but the rules.

use crate::board::Board;
use crate::game::{Outcome, Rules};
use gamecheck::prelude::{Refusal, Solver};
use gamecheck::solver::Suggestion;
use std::collections::HashMap;

/// The most empty cells the oracle takes (16: a 4 × 4 board from the start, a few
/// seconds).
pub const MAX_EMPTY: usize = 16;

/// The oracle for one rule set.
pub struct Naive {
    k: usize,
    memo: HashMap<String, Outcome>,
}

impl Naive {
    /// The oracle for `rules`.
    pub fn new(rules: &Rules) -> Naive {
        Naive {
            k: rules.k,
            memo: HashMap::new(),
        }
    }
}

/// `board` as rows of `X`, `O`, `.`.
pub fn rows(board: &Board) -> Vec<Vec<char>> {
    (0..board.rows)
        .map(|r| {
            (0..board.cols)
                .map(|c| board.symbol(r * board.cols + c))
                .collect()
        })
        .collect()
}

/// The oracle's moves at `board`: every empty cell (row, column), in reading order, unless
/// someone has `k` in a row.
pub fn moves(board: &Board, k: usize) -> Vec<(usize, usize)> {
    let grid = rows(board);
    if winner(&grid, k).is_some() {
        return Vec::new();
    }
    let cells = grid.iter().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .filter(|(_, &s)| s == '.')
            .map(move |(c, _)| (r, c))
    });
    cells.collect()
}

/// The board after the player to move marks cell `(row, column)`, on the oracle's rows:
/// the mover is X when the rows hold as many X as O; `None` when that cell is not one of
/// [`moves`].
pub fn after(board: &Board, k: usize, (r, c): (usize, usize)) -> Option<Board> {
    if !moves(board, k).contains(&(r, c)) {
        return None;
    }
    let mut grid = rows(board);
    let count = |mark| grid.iter().flatten().filter(|&&s| s == mark).count();
    grid[r][c] = if count('X') == count('O') { 'X' } else { 'O' };
    let bits = |mark| {
        let cells = grid.iter().flatten().enumerate();
        cells
            .filter(|(_, &s)| s == mark)
            .fold(0, |m, (i, _)| m | 1 << i)
    };
    Some(Board {
        x: bits('X'),
        o: bits('O'),
        ..Board::empty(board.rows, board.cols)
    })
}

/// The mark that has `k` in a row on `grid`, if any.
fn winner(grid: &[Vec<char>], k: usize) -> Option<char> {
    let (rows, cols) = (grid.len() as i32, grid[0].len() as i32);
    for r in 0..rows {
        for c in 0..cols {
            let mark = grid[r as usize][c as usize];
            if mark == '.' {
                continue;
            }
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let run = (0..k as i32).all(|i| {
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
    fn value(&mut self, grid: &mut Vec<Vec<char>>) -> Outcome {
        let key: String = grid.iter().flatten().collect();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let count = |m: char| key.chars().filter(|&c| c == m).count();
        let (me, mine) = if count('X') == count('O') {
            ('X', Outcome::X)
        } else {
            ('O', Outcome::O)
        };
        let v = match winner(grid, self.k) {
            Some('X') => Outcome::X,
            Some(_) => Outcome::O,
            None if !key.contains('.') => Outcome::Draw,
            None => {
                let mut children = Vec::new();
                for r in 0..grid.len() {
                    for c in 0..grid[r].len() {
                        if grid[r][c] == '.' {
                            grid[r][c] = me;
                            children.push(self.value(grid));
                            grid[r][c] = '.';
                        }
                    }
                }
                // the mover takes a win if there is one, else a draw, else loses
                if children.contains(&mine) {
                    mine
                } else if children.contains(&Outcome::Draw) {
                    Outcome::Draw
                } else {
                    children[0]
                }
            }
        };
        self.memo.insert(key, v);
        v
    }
}

impl Solver<Board, Outcome> for Naive {
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
        let empty = board.cells() - board.marks() as usize;
        if empty > MAX_EMPTY {
            return Err(Refusal {
                solver: "naive",
                reason: format!("{empty} empty cells (the oracle takes at most {MAX_EMPTY})"),
                suggestion: Suggestion::Solver("memo"),
            });
        }
        Ok(())
    }

    fn solve(&mut self, board: &Board) -> Result<Outcome, Refusal> {
        self.check(board)?;
        Ok(self.value(&mut rows(board)))
    }
}
