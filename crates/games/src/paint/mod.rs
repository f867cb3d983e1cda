//! Paint on the 2 × N strip (rules: `docs/rules.md`, `gamecheck rules paint`): the position, the four solvers and
//! the contest format.
//!
//! A position is `N` (1..=u64::MAX columns) and the list of painted cells; nothing is
//! ever allocated per column for a large `N`. A move paints one unpainted cell or a
//! 2 × 2 block of four unpainted cells; normal play (a player who cannot move loses).
//!
//! | solver | what it is | limit |
//! |---|---|---|
//! | [`naive::Naive`] (`naive`) | the oracle: two text rows, every move tried, memo by the text | 20 unpainted cells |
//! | [`bitmask::Bitmask`] (`bitmask`) | memoized DFS over a `u64` (2 bits a column) | N ≤ 32, 24 unpainted cells |
//! | [`grundy::Grundy`] (`grundy`) | parts, `g(L)` table by mex (O(L²)), XOR of the parts | runs ≤ 100,000 columns |
//! | [`periodic::Periodic`] (`periodic`) | `grundy` with the period of `g` found and proved | none (any u64 N) |

pub mod bitmask;
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

use std::fmt;

pub use game::{PaintGame, Variant};

/// The largest number of columns one move removes from a run (a 2 × 2 block takes two),
/// the `t` of the periodicity theorem (see `periodic`).
pub const MAX_COLUMNS_REMOVED: usize = 2;

/// One cell of the strip: `row` 1 (top) or 2 (bottom), `col` 1..=N, as in the contest
/// input line `x y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// 1 (top) or 2 (bottom).
    pub row: u8,
    /// 1-based column.
    pub col: u64,
}

impl Cell {
    /// The cell at `row` (1 or 2), `col` (1-based).
    pub const fn new(row: u8, col: u64) -> Self {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.col)
    }
}

/// A position that breaks the rules (`docs/rules.md`, "Paint"): no columns, a cell outside the grid,
/// a cell listed twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// N = 0.
    #[error("the strip must have at least one column (N = 0)")]
    NoColumns,
    /// A row other than 1 or 2.
    #[error("row {0} does not exist (the strip has rows 1 and 2)")]
    BadRow(u8),
    /// A column 0 or above N.
    #[error("column {col} is outside the strip (columns 1..={n})")]
    BadColumn {
        /// The column given.
        col: u64,
        /// The number of columns.
        n: u64,
    },
    /// The same cell twice.
    #[error("{0} is painted twice")]
    Duplicate(Cell),
}

/// A paint position: `N` columns and the painted cells.
///
/// The cells are kept in the order given (the contest input's order); every cell is in
/// the grid and none is listed twice. The size in memory is O(M), never O(N).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    n: u64,
    painted: Vec<Cell>,
}

impl Position {
    /// The position of `n` columns with `painted` painted.
    ///
    /// # Errors
    /// [`PositionError`] for `n = 0`, a row other than 1 or 2, a column outside `1..=n`,
    /// or a repeated cell. Checking costs O(M log M).
    pub fn new(n: u64, painted: Vec<Cell>) -> Result<Self, PositionError> {
        if n == 0 {
            return Err(PositionError::NoColumns);
        }
        for c in &painted {
            check_cell(n, *c)?;
        }
        let mut sorted = painted.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::Duplicate(w[0]));
        }
        Ok(Position { n, painted })
    }

    /// A position the caller has already checked (the contest reader does so as it reads).
    pub(crate) fn from_checked(n: u64, painted: Vec<Cell>) -> Self {
        debug_assert!(Position::new(n, painted.clone()).is_ok());
        Position { n, painted }
    }

    /// The empty strip of `n` columns.
    ///
    /// # Errors
    /// `n = 0`.
    pub fn empty(n: u64) -> Result<Self, PositionError> {
        Position::new(n, Vec::new())
    }

    /// The position drawn as two text rows of equal length, `#` painted and `.`
    /// unpainted (`from_rows("#..", "...")`).
    ///
    /// # Errors
    /// Rows of different lengths, an empty row, or another character.
    pub fn from_rows(top: &str, bottom: &str) -> Result<Self, String> {
        if top.len() != bottom.len() || top.is_empty() {
            return Err(format!(
                "rows must be non-empty and of equal length, got {} and {}",
                top.len(),
                bottom.len()
            ));
        }
        let mut painted = Vec::new();
        for (row, text) in [(1u8, top), (2u8, bottom)] {
            for (i, ch) in text.chars().enumerate() {
                match ch {
                    '#' => painted.push(Cell::new(row, i as u64 + 1)),
                    '.' => {}
                    other => return Err(format!("expected `#` or `.`, found `{other}`")),
                }
            }
        }
        Position::new(top.len() as u64, painted).map_err(|e| e.to_string())
    }

    /// The number of columns N.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The painted cells, in the order given.
    pub fn painted(&self) -> &[Cell] {
        &self.painted
    }

    /// The number of unpainted cells, 2N − M (a `u128`: 2N overflows `u64`).
    pub fn unpainted(&self) -> u128 {
        2 * u128::from(self.n) - self.painted.len() as u128
    }

    /// Whether `cell` is painted (a linear scan: O(M)).
    pub fn is_painted(&self, cell: Cell) -> bool {
        self.painted.contains(&cell)
    }

    /// The position after painting `cell` (appended to the list).
    ///
    /// # Errors
    /// The cell is outside the grid or already painted.
    pub fn with_painted(&self, cell: Cell) -> Result<Position, PositionError> {
        check_cell(self.n, cell)?;
        if self.is_painted(cell) {
            return Err(PositionError::Duplicate(cell));
        }
        let mut painted = self.painted.clone();
        painted.push(cell);
        Ok(Position { n: self.n, painted })
    }

    /// The unpainted cells, column by column (O(N + M); for small N only).
    pub fn unpainted_cells(&self) -> Vec<Cell> {
        let mut v = Vec::new();
        for col in 1..=self.n {
            for row in 1..=2 {
                let c = Cell::new(row, col);
                if !self.is_painted(c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// The two rows as text (`#` painted, `.` unpainted); O(N) — for small N only.
    pub fn rows(&self) -> (String, String) {
        let n = usize::try_from(self.n).expect("rows() is for small N");
        let mut rows = [vec![b'.'; n], vec![b'.'; n]];
        for c in &self.painted {
            rows[usize::from(c.row - 1)][(c.col - 1) as usize] = b'#';
        }
        let [top, bottom] = rows.map(|r| String::from_utf8(r).expect("ASCII"));
        (top, bottom)
    }

    /// Columns `from..=to` (1-based, within the strip) as a strip of their own.
    pub fn slice(&self, from: u64, to: u64) -> Position {
        assert!(1 <= from && from <= to && to <= self.n, "bad slice");
        let painted = self
            .painted
            .iter()
            .filter(|c| (from..=to).contains(&c.col))
            .map(|c| Cell::new(c.row, c.col - from + 1))
            .collect();
        Position {
            n: to - from + 1,
            painted,
        }
    }
}

fn check_cell(n: u64, c: Cell) -> Result<(), PositionError> {
    if !(1..=2).contains(&c.row) {
        return Err(PositionError::BadRow(c.row));
    }
    if c.col == 0 || c.col > n {
        return Err(PositionError::BadColumn { col: c.col, n });
    }
    Ok(())
}

impl fmt::Display for Position {
    /// `N = 5: #..#. / .....` for N ≤ 64, else `N = …, M painted cells`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.n <= 64 {
            let (top, bottom) = self.rows();
            write!(f, "N = {}: {top} / {bottom}", self.n)
        } else {
            write!(f, "N = {}, {} painted cells", self.n, self.painted.len())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_check_their_cells() {
        assert_eq!(Position::empty(0), Err(PositionError::NoColumns));
        assert_eq!(
            Position::new(3, vec![Cell::new(3, 1)]),
            Err(PositionError::BadRow(3))
        );
        assert_eq!(
            Position::new(3, vec![Cell::new(1, 4)]),
            Err(PositionError::BadColumn { col: 4, n: 3 })
        );
        assert_eq!(
            Position::new(3, vec![Cell::new(1, 2), Cell::new(2, 2), Cell::new(1, 2)]),
            Err(PositionError::Duplicate(Cell::new(1, 2)))
        );
        let p = Position::from_rows("#..", "..#").unwrap();
        assert_eq!(p.painted(), &[Cell::new(1, 1), Cell::new(2, 3)]);
        assert_eq!(p.unpainted(), 4);
        assert_eq!(p.rows(), ("#..".to_string(), "..#".to_string()));
        assert_eq!(p.slice(2, 3), Position::from_rows("..", ".#").unwrap());
        assert_eq!(
            Position::empty(u64::MAX).unwrap().unpainted(),
            2 * u128::from(u64::MAX)
        );
    }
}
