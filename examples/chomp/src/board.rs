//! The position: a Chomp board, and its text in the contest format.

use gamecheck::error::{Location, ParseError};
use std::fmt;

/// The most columns and rows of a board.
pub const MAX_SIDE: usize = 12;

/// A Chomp position: what is left of a W × H rectangle. Column `x` (0 = left) keeps its
/// lowest `heights[x]` cells; taking a cell takes every cell above it and to its right,
/// so the heights never grow from left to right. The bottom-left cell is poisoned: the
/// player who takes it loses, so a board holding only that cell is lost by the player to
/// move. `heights[0] ≥ 1` always (the poisoned cell is still there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Columns of the rectangle (1..=[`MAX_SIDE`]).
    pub width: usize,
    /// Rows of the rectangle (1..=[`MAX_SIDE`]).
    pub height: usize,
    /// Cells left in each column, bottom up (`heights[x]` for `x < width`, 0 past it).
    pub heights: [u8; MAX_SIDE],
}

impl Board {
    /// The full `width` × `height` rectangle.
    pub fn full(width: usize, height: usize) -> Board {
        let mut heights = [0; MAX_SIDE];
        heights[..width].fill(height as u8);
        Board {
            width,
            height,
            heights,
        }
    }

    /// The board after taking the cell in column `x`, row `y` (0 = bottom) and every
    /// cell above and to the right of it.
    pub fn take(&self, x: usize, y: usize) -> Board {
        let mut next = *self;
        for h in &mut next.heights[x..self.width] {
            *h = (*h).min(y as u8);
        }
        next
    }

    /// Cells left, the poisoned one included.
    pub fn cells(&self) -> usize {
        self.heights.iter().map(|&h| h as usize).sum()
    }
}

/// The board as `height` lines of `width` characters, top row first: `#` a cell that is
/// left, `.` one taken.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.height).rev() {
            let line: String = (0..self.width)
                .map(|x| {
                    if (self.heights[x] as usize) > row {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

fn error(line: usize, column: usize, case: Option<u64>, msg: String) -> ParseError {
    ParseError::new(Location { line, column }, case.map(|c| ("board", c)), msg)
}

/// Reads a contest input: T (1..=1,000) on the first line, then T boards of `height`
/// lines of `width` characters each (`#` or `.`), blank lines between boards allowed.
///
/// # Errors
/// A located [`ParseError`]: a bad T, a line of the wrong length or with another
/// character, a board that is not what is left after some moves (a cell without the
/// cells below it and to its left), a board without its poisoned cell, too few boards,
/// text after the last board.
pub fn read(width: usize, height: usize, text: &str) -> Result<Vec<Board>, ParseError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let (n, first) = lines.next().unwrap_or((1, ""));
    let t: u64 = match first.trim().parse() {
        Ok(t) if (1..=1000).contains(&t) => t,
        _ => {
            return Err(error(
                n,
                1,
                None,
                format!("expected T (1..=1000), found `{first}`"),
            ))
        }
    };
    let mut lines = lines.filter(|(_, l)| !l.is_empty());
    let mut boards = Vec::new();
    // the last line read: where an input that ends early ends, and a board's bottom row
    let mut last = n;
    for case in 1..=t {
        let mut board = Board {
            width,
            height,
            heights: [0; MAX_SIDE],
        };
        for row in (0..height).rev() {
            let Some((n, line)) = lines.next() else {
                return Err(error(
                    last + 1,
                    1,
                    Some(case),
                    "the input ends inside the board".into(),
                ));
            };
            last = n;
            if line.chars().count() != width {
                return Err(error(
                    n,
                    1,
                    Some(case),
                    format!("expected {width} cells, found `{line}`"),
                ));
            }
            for (x, c) in line.chars().enumerate() {
                match c {
                    // a cell needs the cell to its left; the first `#` from the top sets
                    // the column's height, and a `.` may not follow it
                    '#' if x == 0 || board.heights[x - 1] as usize > row => {
                        if board.heights[x] == 0 {
                            board.heights[x] = row as u8 + 1;
                        }
                    }
                    '.' if board.heights[x] == 0 => {}
                    '#' | '.' => {
                        let msg = format!(
                            "`{c}` here leaves a cell without the cells below it and to its left"
                        );
                        return Err(error(n, x + 1, Some(case), msg));
                    }
                    _ => {
                        let msg = format!("expected `#` or `.`, found `{c}`");
                        return Err(error(n, x + 1, Some(case), msg));
                    }
                }
            }
        }
        if board.heights[0] == 0 {
            return Err(error(
                last,
                1,
                Some(case),
                "the poisoned bottom-left cell is taken: the game is over".into(),
            ));
        }
        boards.push(board);
    }
    if let Some((n, line)) = lines.next() {
        return Err(error(
            n,
            1,
            None,
            format!("text after the last of {t} boards: `{line}`"),
        ));
    }
    Ok(boards)
}

/// A contest input holding `boards`, in the canonical layout (a blank line between boards).
pub fn write(boards: &[Board]) -> String {
    let texts: Vec<String> = boards.iter().map(Board::to_string).collect();
    format!("{}\n{}", boards.len(), texts.join("\n"))
}
