//! The oracle: a deliberately naive paint solver, the specification in code.
//!
//! The strip is two text rows, `#` painted and `.` unpainted. Every legal move is tried,
//! straight from the rules (`docs/rules.md`): each single unpainted cell, and each 2 × 2 block (columns
//! `j`, `j + 1`, both rows) of four unpainted cells. Plain recursion under normal play
//! (a player who cannot move loses), memoized by the text; one memo kept across
//! positions. It shares nothing with the fast solvers: no bits, no parts, no Grundy table.

use super::{Cell, Position};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::{BTreeSet, HashMap};

/// The most unpainted cells the oracle accepts (2^20 sub-positions at most).
pub const MAX_UNPAINTED: u128 = 20;

/// A move: the cells it paints, sorted (one cell, or the four cells of a block).
pub type Move = Vec<Cell>;

/// The oracle, with its memos (win/loss, and Grundy values for the algebraic laws).
#[derive(Debug, Clone, Default)]
pub struct Naive {
    wins: HashMap<String, bool>,
    grundy: HashMap<String, u32>,
}

impl Naive {
    /// The oracle with empty memos.
    pub fn new() -> Self {
        Naive::default()
    }

    fn refuse(position: &Position) -> Result<(), Refusal> {
        let u = position.unpainted();
        if u > MAX_UNPAINTED {
            return Err(Refusal {
                solver: "naive",
                reason: format!("{u} unpainted cells, more than its limit of {MAX_UNPAINTED}"),
                suggestion: Suggestion::Solver("periodic"),
            });
        }
        Ok(())
    }

    /// The strip as text: `["#..#", "...."]` (row 1, row 2).
    ///
    /// Only for positions within the oracle's limit (then N ≤ (M + 20) / 2).
    pub fn board(position: &Position) -> [String; 2] {
        let n = position.n() as usize;
        let mut rows = [vec!['.'; n], vec!['.'; n]];
        for c in position.painted() {
            rows[c.row as usize - 1][c.col as usize - 1] = '#';
        }
        rows.map(|r| r.into_iter().collect())
    }

    /// Every legal move on the text board, each once: 2 × 2 blocks (left to right), then
    /// single cells (row 1 left to right, then row 2).
    pub fn moves_of_board(board: &[String; 2]) -> Vec<Move> {
        let rows = [board[0].as_bytes(), board[1].as_bytes()];
        let n = rows[0].len();
        let mut moves = Vec::new();
        for j in 0..n {
            if j + 1 < n
                && rows[0][j] == b'.'
                && rows[1][j] == b'.'
                && rows[0][j + 1] == b'.'
                && rows[1][j + 1] == b'.'
            {
                moves.push(vec![
                    Cell::new(1, j as u64 + 1),
                    Cell::new(1, j as u64 + 2),
                    Cell::new(2, j as u64 + 1),
                    Cell::new(2, j as u64 + 2),
                ]);
            }
        }
        for (r, row) in rows.iter().enumerate() {
            for (j, &ch) in row.iter().enumerate() {
                if ch == b'.' {
                    moves.push(vec![Cell::new(r as u8 + 1, j as u64 + 1)]);
                }
            }
        }
        moves
    }

    /// Every legal move of `position` as a set (for the move generator check).
    pub fn moves(position: &Position) -> BTreeSet<Move> {
        Self::moves_of_board(&Self::board(position))
            .into_iter()
            .collect()
    }

    fn apply(board: &[String; 2], m: &Move) -> [String; 2] {
        let mut rows = [board[0].clone().into_bytes(), board[1].clone().into_bytes()];
        for c in m {
            rows[c.row as usize - 1][c.col as usize - 1] = b'#';
        }
        rows.map(|r| String::from_utf8(r).expect("ASCII board"))
    }

    fn key(board: &[String; 2]) -> String {
        format!("{}/{}", board[0], board[1])
    }

    fn wins_board(&mut self, board: [String; 2]) -> bool {
        let key = Self::key(&board);
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        // normal play: no move (an empty set of moves) means the player to move loses
        let win = Self::moves_of_board(&board)
            .iter()
            .any(|m| !self.wins_board(Self::apply(&board, m)));
        self.wins.insert(key, win);
        win
    }

    fn grundy_board(&mut self, board: [String; 2]) -> u32 {
        let key = Self::key(&board);
        if let Some(&g) = self.grundy.get(&key) {
            return g;
        }
        let options: BTreeSet<u32> = Self::moves_of_board(&board)
            .iter()
            .map(|m| self.grundy_board(Self::apply(&board, m)))
            .collect();
        // mex: the least non-negative integer not among the options
        let mut g = 0;
        while options.contains(&g) {
            g += 1;
        }
        self.grundy.insert(key, g);
        g
    }

    /// The Grundy value of `position`, by the definition (mex of the options' values).
    ///
    /// # Errors
    /// [`Refusal`] over 20 unpainted cells.
    pub fn grundy_value(&mut self, position: &Position) -> Result<u32, Refusal> {
        Self::refuse(position)?;
        Ok(self.grundy_board(Self::board(position)))
    }

    /// A winning move of `position` (one that leaves a loss for the opponent), or `None`
    /// when the position is a loss.
    ///
    /// # Errors
    /// [`Refusal`] over 20 unpainted cells.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<Move>, Refusal> {
        Self::refuse(position)?;
        let board = Self::board(position);
        Ok(Self::moves_of_board(&board)
            .into_iter()
            .find(|m| !self.wins_board(Self::apply(&board, m))))
    }
}

/// A move as text: `paint row 1, column 3` or `paint the block at columns 3-4`.
pub fn describe_move(m: &[Cell]) -> String {
    match m {
        [c] => format!("paint {c}"),
        _ => format!(
            "paint the 2 × 2 block at columns {}-{}",
            m.iter().map(|c| c.col).min().unwrap_or(0),
            m.iter().map(|c| c.col).max().unwrap_or(0)
        ),
    }
}

impl Solver<Position, Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    /// The positions remembered across calls (the harness bounds them).
    fn memo_entries(&self) -> Option<usize> {
        Some(self.wins.len() + self.grundy.len())
    }
    fn clear_memo(&mut self) {
        self.wins.clear();
        self.grundy.clear();
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        Self::refuse(position)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        Self::refuse(position)?;
        Ok(if self.wins_board(Self::board(position)) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(top: &str, bottom: &str) -> Position {
        Position::from_rows(top, bottom).unwrap()
    }

    #[test]
    fn moves_are_cells_and_blocks() {
        // .#.. / ....: 7 cells, blocks at columns 3-4 only
        let m = Naive::moves(&pos(".#..", "...."));
        assert_eq!(m.iter().filter(|m| m.len() == 1).count(), 7);
        let blocks: Vec<&Move> = m.iter().filter(|m| m.len() == 4).collect();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0][0], Cell::new(1, 3));
        assert!(Naive::moves(&pos("##", "##")).is_empty());
    }

    #[test]
    fn small_answers_by_hand() {
        let mut o = Naive::new();
        // the sample: 2 × 2 empty (paint the block) and 2 × 2 with two painted cells
        assert_eq!(o.solve(&pos("..", "..")), Ok(Value::Win));
        assert_eq!(o.solve(&pos("#.", ".#")), Ok(Value::Loss));
        assert_eq!(o.solve(&pos("##", "##")), Ok(Value::Loss));
        // one column: two single cells, second player wins
        assert_eq!(o.solve(&pos(".", ".")), Ok(Value::Loss));
        assert_eq!(o.grundy_value(&pos(".", ".")), Ok(0));
        assert_eq!(o.grundy_value(&pos("..", "..")), Ok(2));
        assert_eq!(o.grundy_value(&pos("#", ".")), Ok(1));
        let best = o.best_move(&pos("..", "..")).unwrap().unwrap();
        assert_eq!(best.len(), 4);
        assert!(describe_move(&best).contains("columns 1-2"));
    }

    #[test]
    fn refuses_large_positions_and_names_periodic() {
        let e = Naive::new()
            .solve(&Position::empty(11).unwrap())
            .unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Solver("periodic"));
        assert!(e.reason.contains("22 unpainted"));
        assert!(Naive::new().solve(&Position::empty(10).unwrap()).is_ok());
    }
}
