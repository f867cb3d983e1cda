//! The oracle: a deliberately naive marble solver, the specification in code.
//!
//! The board is the contest text itself — diamond rows of `*` and `.` — and moves are
//! found by walking square coordinates `(r, c)` with explicit bounds checks
//! (`0 ≤ r, c < n`), straight from the rules (`docs/rules.md`). It shares nothing with the fast solvers
//! but the rule parameters: not the move generator, not the bit mapping, not the masks.
//! Plain recursion, memoized by the board text; one memo per rule set, kept across
//! positions.

use super::rules::{Line, Play, Rules};
use super::Position;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::{BTreeSet, HashMap};

/// The most empty cells the oracle accepts (2^20 sub-positions at most in its memo).
pub const MAX_EMPTY: usize = 20;

/// A cell in diamond coordinates: (row `k`, symbol `j` in that row), both 0-based.
pub type Cell = (usize, usize);

/// The oracle.
#[derive(Debug, Clone)]
pub struct Naive {
    side: usize,
    run: usize,
    lines: Vec<Line>,
    play: Play,
    memo: HashMap<String, bool>,
}

impl Naive {
    /// The oracle for `rules`, with an empty memo.
    pub fn new(rules: &Rules) -> Self {
        Naive {
            side: rules.side(),
            run: rules.run(),
            lines: rules.lines().iter().collect(),
            play: rules.play(),
            memo: HashMap::new(),
        }
    }

    /// The board as text rows, one string per diamond row (`["*", "*.", …]`).
    pub fn board(&self, position: &Position) -> Vec<String> {
        let n = self.side;
        let mut rows = Vec::new();
        let mut i = 0;
        for k in 0..2 * n - 1 {
            let len = if k < n { k + 1 } else { 2 * n - 1 - k };
            let mut row = String::new();
            for _ in 0..len {
                row.push(if position.has_marble(i) { '*' } else { '.' });
                i += 1;
            }
            rows.push(row);
        }
        rows
    }

    /// The diamond cell of square cell `(r, c)`: row `k = r + c`, symbol
    /// `j = min(k, n−1) − r` (the diamond turned 45°; see `geometry`).
    fn diamond_cell(&self, r: usize, c: usize) -> Cell {
        let k = r + c;
        (k, k.min(self.side - 1) - r)
    }

    /// Every move of the board: each a sorted set of diamond cells, each set once.
    pub fn moves_of_board(&self, rows: &[String]) -> BTreeSet<Vec<Cell>> {
        let n = self.side as isize;
        let mut moves = BTreeSet::new();
        for r in 0..n {
            for c in 0..n {
                for line in &self.lines {
                    // one step of the family in the square frame (the families of docs/rules.md)
                    let (dr, dc): (isize, isize) = match line {
                        Line::Horizontal => (1, -1),
                        Line::Vertical => (1, 1),
                        Line::Rising => (1, 0),
                        Line::Falling => (0, 1),
                    };
                    let mut cells = Vec::new();
                    for step in 0..self.run as isize {
                        let (rr, cc) = (r + step * dr, c + step * dc);
                        if rr < 0 || rr >= n || cc < 0 || cc >= n {
                            break;
                        }
                        let (k, j) = self.diamond_cell(rr as usize, cc as usize);
                        if rows[k].as_bytes()[j] != b'.' {
                            break;
                        }
                        cells.push((k, j));
                        let mut set = cells.clone();
                        set.sort();
                        moves.insert(set);
                    }
                }
            }
        }
        moves
    }

    /// Every move of `position`, as sets of diamond cells.
    pub fn moves(&self, position: &Position) -> BTreeSet<Vec<Cell>> {
        self.moves_of_board(&self.board(position))
    }

    fn refuse(&self, position: &Position) -> Result<(), Refusal> {
        let empty = position.empty_cells();
        if empty > MAX_EMPTY {
            return Err(Refusal {
                solver: "naive",
                reason: format!("{empty} empty cells, more than its limit of {MAX_EMPTY}"),
                // side 6 beyond the table solver's own limit needs the table file
                suggestion: if position.side() > super::rules::TABLE_MAX_SIDE
                    && empty > super::table::MASKED_MAX_EMPTY
                {
                    Suggestion::Flag("--table FILE".into())
                } else {
                    Suggestion::Solver("table")
                },
            });
        }
        Ok(())
    }

    fn wins(&mut self, rows: Vec<String>) -> bool {
        let key = rows.join("/");
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let moves = self.moves_of_board(&rows);
        let win = if moves.is_empty() {
            // the player to move cannot move
            self.play == Play::Misere
        } else {
            moves.iter().any(|m| !self.wins(Self::apply(&rows, m)))
        };
        self.memo.insert(key, win);
        win
    }

    fn apply(rows: &[String], cells: &[Cell]) -> Vec<String> {
        let mut next: Vec<Vec<u8>> = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
        for &(k, j) in cells {
            next[k][j] = b'*';
        }
        next.into_iter()
            .map(|r| String::from_utf8(r).expect("ASCII board"))
            .collect()
    }

    /// A winning move of `position` (one that leaves a loss for the opponent), or `None`
    /// when the position is a loss or terminal.
    ///
    /// # Errors
    /// [`Refusal`] over 20 empty cells.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<Vec<Cell>>, Refusal> {
        self.refuse(position)?;
        let rows = self.board(position);
        let moves = self.moves_of_board(&rows);
        Ok(moves
            .into_iter()
            .find(|m| !self.wins(Self::apply(&rows, m))))
    }
}

/// A move as text: its cells as 1-based (diamond row, symbol) pairs.
pub fn describe_move(cells: &[Cell]) -> String {
    let parts: Vec<String> = cells
        .iter()
        .map(|(k, j)| format!("row {} symbol {}", k + 1, j + 1))
        .collect();
    format!("fill {}", parts.join(", "))
}

impl Solver<Position, Value> for Naive {
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

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        self.refuse(position)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        assert_eq!(
            position.side(),
            self.side,
            "position and rules differ in side"
        );
        self.refuse(position)?;
        let rows = self.board(position);
        Ok(if self.wins(rows) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}
