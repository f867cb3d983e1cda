//! The position: a w × h board of X, O and empty cells, with its text format (the
//! contest's: one line of `X`, `O`, `.` per row, top row first) and the check that play
//! from the empty board reaches it.
//!
//! The board keeps each player's stones as a bit set in the layout of the fast solver
//! (column-major, one sentinel row a column: [`bit`]); everything here reads
//! and writes them cell by cell, by coordinates.

use crate::bitboard::bit;
use gamecheck::prelude::{Location, ParseError, Player};
use std::collections::HashSet;

/// The most columns of a board.
pub const MAX_WIDTH: usize = 8;
/// The most rows of a board (with its sentinel row, 8 × 8 = 64 bits: one `u64`).
pub const MAX_HEIGHT: usize = 7;
/// Stones in a row that win.
pub const FOUR: usize = 4;

/// A board: the cells of X and of O as bit sets, the cell in row `r` (0 = bottom) and
/// column `c` (0 = left) at bit [`bit`]`(height, r, c)` = `c · (height + 1) + r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Columns, 1..=[`MAX_WIDTH`].
    pub width: usize,
    /// Rows, 1..=[`MAX_HEIGHT`].
    pub height: usize,
    /// X's stones (the first player's).
    pub x: u64,
    /// O's stones.
    pub o: u64,
}

impl Board {
    /// The empty board.
    pub fn empty(width: usize, height: usize) -> Board {
        Board {
            width,
            height,
            x: 0,
            o: 0,
        }
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The stones played so far.
    pub fn stones(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    /// The player to move: X (the first player) when both have as many stones.
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The symbol of the cell in row `row` (0 = bottom) and column `col`: `X`, `O` or
    /// `.`.
    pub fn symbol(&self, row: usize, col: usize) -> char {
        let b = bit(self.height, row, col);
        if self.x >> b & 1 == 1 {
            'X'
        } else if self.o >> b & 1 == 1 {
            'O'
        } else {
            '.'
        }
    }

    /// The board with the cell in row `row`, column `col` set to `symbol` (`X`, `O`,
    /// anything else empties it).
    pub fn with(&self, row: usize, col: usize, symbol: char) -> Board {
        let b = 1u64 << bit(self.height, row, col);
        let (x, o) = (self.x & !b, self.o & !b);
        match symbol {
            'X' => Board {
                x: x | b,
                o,
                ..*self
            },
            'O' => Board {
                x,
                o: o | b,
                ..*self
            },
            _ => Board { x, o, ..*self },
        }
    }

    /// The stones in column `col`, bottom up.
    pub fn column_height(&self, col: usize) -> usize {
        (0..self.height)
            .take_while(|&r| self.symbol(r, col) != '.')
            .count()
    }

    /// The board reflected left to right (column `c` to column `width − 1 − c`): the
    /// game's one symmetry.
    pub fn mirrored(&self) -> Board {
        let mut out = Board::empty(self.width, self.height);
        for r in 0..self.height {
            for c in 0..self.width {
                out = out.with(r, self.width - 1 - c, self.symbol(r, c));
            }
        }
        out
    }

    /// The board as rows of text, top row first.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|r| (0..self.width).map(|c| self.symbol(r, c)).collect())
            .collect()
    }

    /// The board of `rows` (top row first, each of `X`, `O`, `.`), or `None` when they
    /// are not `height` rows of `width` such symbols.
    pub fn from_rows<S: AsRef<str>>(width: usize, height: usize, rows: &[S]) -> Option<Board> {
        if rows.len() != height {
            return None;
        }
        let mut b = Board::empty(width, height);
        for (i, row) in rows.iter().enumerate() {
            let symbols: Vec<char> = row.as_ref().chars().collect();
            if symbols.len() != width {
                return None;
            }
            for (c, s) in symbols.into_iter().enumerate() {
                match s {
                    'X' | 'O' => b = b.with(height - 1 - i, c, s),
                    '.' => {}
                    _ => return None,
                }
            }
        }
        Some(b)
    }
}

/// Every line of four adjacent cells on a `width` × `height` board (rows, columns and
/// both diagonals), as bit sets: found by walking coordinates, not by shifts.
pub fn lines(width: usize, height: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for r in 0..height as i32 {
        for c in 0..width as i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (-1, 1)] {
                let cells: Option<u64> = (0..FOUR as i32)
                    .map(|i| {
                        let (rr, cc) = (r + i * dr, c + i * dc);
                        ((0..height as i32).contains(&rr) && (0..width as i32).contains(&cc))
                            .then(|| 1u64 << bit(height, rr as usize, cc as usize))
                    })
                    .sum();
                out.extend(cells);
            }
        }
    }
    out
}

/// Whether the stones `set` hold one of `lines`.
pub fn has_line(set: u64, lines: &[u64]) -> bool {
    lines.iter().any(|l| l & !set == 0)
}

/// Whether play from the empty board reaches `b`: no stone above an empty cell; X has
/// as many stones as O or one more; and the stones can be taken back one at a time, each
/// the top stone of its column and of the player who moved last, down to the empty
/// board, with no four in a row on any board before `b` (the game would have ended
/// there). `Err` says why not.
pub fn reachable(b: &Board) -> Result<(), String> {
    for c in 0..b.width {
        let h = b.column_height(c);
        if let Some(r) = (h..b.height).find(|&r| b.symbol(r, c) != '.') {
            return Err(format!(
                "the stone in column {}, row {} from the bottom, is above an empty cell",
                c + 1,
                r + 1
            ));
        }
    }
    let (xs, os) = (b.x.count_ones(), b.o.count_ones());
    if xs != os && xs != os + 1 {
        return Err(format!(
            "{xs} X and {os} O: X moves first, so X has as many stones as O or one more"
        ));
    }
    let lines = lines(b.width, b.height);
    if has_line(b.x, &lines) && has_line(b.o, &lines) {
        return Err("both X and O have four in a row".into());
    }
    let mut dead = HashSet::new();
    match taken_back(b, &lines, &mut dead) {
        true => Ok(()),
        false => Err(
            "no order of play reaches it (stones dropped in turn, X first, \
                      with no four in a row before the last stone)"
                .into(),
        ),
    }
}

/// Whether `b` is reached from the empty board (see [`reachable`]), by taking back a top
/// stone of the player who moved last, depth first; `dead` holds the boards already
/// found unreachable.
fn taken_back(b: &Board, lines: &[u64], dead: &mut HashSet<Board>) -> bool {
    if b.stones() == 0 {
        return true;
    }
    let last = match b.to_move() {
        Player::First => 'O',
        Player::Second => 'X',
    };
    for c in 0..b.width {
        let h = b.column_height(c);
        if h == 0 || b.symbol(h - 1, c) != last {
            continue;
        }
        let before = b.with(h - 1, c, '.');
        if has_line(before.x, lines) || has_line(before.o, lines) || dead.contains(&before) {
            continue;
        }
        if taken_back(&before, lines, dead) {
            return true;
        }
        dead.insert(before);
    }
    false
}

/// Reads a contest input: `T`, then `T` boards of `height` lines of `width` symbols
/// each (top row first), each board reachable ([`reachable`]).
///
/// # Errors
/// A [`ParseError`] at the line and column of the problem: a missing or non-numeric `T`,
/// a line of the wrong length, a symbol other than `X`, `O`, `.`, an unreachable board
/// (at its first line), text after the last board, or input that ends early.
pub fn read(width: usize, height: usize, text: &str) -> Result<Vec<Board>, ParseError> {
    let err = |line: usize, column: usize, msg: String| {
        ParseError::new(Location { line, column }, None, msg)
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let (first, t) = lines
        .next()
        .ok_or_else(|| err(1, 1, "expected the number of boards T".into()))?;
    let t: usize = match t.trim().parse() {
        Ok(n @ 1..=1000) => n,
        _ => {
            let msg = format!("expected the number of boards T (1..=1000), found `{t}`");
            return Err(err(first, 1, msg));
        }
    };
    let mut boards = Vec::with_capacity(t.min(1 << 16));
    let mut last = first;
    for case in 0..t {
        let mut rows = Vec::with_capacity(height);
        let mut start = 0;
        for i in 0..height {
            let (n, line) = lines.next().ok_or_else(|| {
                err(
                    last + 1,
                    1,
                    format!("board {} ends early: expected {height} rows", case + 1),
                )
            })?;
            last = n;
            if i == 0 {
                start = n;
            }
            let symbols: Vec<char> = line.chars().collect();
            if symbols.len() != width {
                return Err(err(
                    n,
                    1,
                    format!(
                        "expected {width} symbols (`X`, `O`, `.`), found {}",
                        symbols.len()
                    ),
                ));
            }
            if let Some(c) = symbols.iter().position(|s| !matches!(s, 'X' | 'O' | '.')) {
                let s = symbols[c];
                return Err(err(n, c + 1, format!("`{s}` is not `X`, `O` or `.`")));
            }
            rows.push(line);
        }
        let b = Board::from_rows(width, height, &rows).expect("rows checked above");
        reachable(&b).map_err(|why| {
            err(
                start,
                1,
                format!("board {} is not reached by play: {why}", case + 1),
            )
        })?;
        boards.push(b);
    }
    if let Some((n, extra)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(err(
            n,
            1,
            format!("text after the last of the {t} boards: `{extra}`"),
        ));
    }
    Ok(boards)
}

/// Writes a contest input holding `boards`.
pub fn write(boards: &[Board]) -> String {
    let mut s = format!("{}\n", boards.len());
    for b in boards {
        for row in b.rows() {
            s.push_str(&row);
            s.push('\n');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_has_69_lines_of_four() {
        // 24 horizontal, 21 vertical, 12 + 12 diagonal
        assert_eq!(lines(7, 6).len(), 69);
        assert_eq!(lines(4, 4).len(), 10);
        assert_eq!(lines(3, 3).len(), 0);
    }

    #[test]
    fn boards_read_back_as_written_and_bad_ones_say_where() {
        let text = "2\n....\n....\n.O..\n.X..\nX...\nXO..\nOX..\nXOXO\n";
        let boards = read(4, 4, text).unwrap();
        assert_eq!(write(&boards), text);
        assert_eq!(boards[0].to_move(), Player::First);
        assert_eq!(boards[1].to_move(), Player::Second);
        assert_eq!(boards[1].column_height(0), 4);
        let at = |text: &str| {
            let e = read(4, 4, text).unwrap_err();
            (e.location.line, e.location.column, e.to_string())
        };
        let (line, column, _) = at("1\n....\n....\n.Q..\n.X..\n");
        assert_eq!((line, column), (4, 2));
        assert!(at("1\n....\n.X..\n....\n.O..\n")
            .2
            .contains("above an empty cell"));
        assert!(at("1\n....\n....\n....\nXX..\n").2.contains("2 X and 0 O"));
        assert!(at("1\nX...\nX...\nX...\nX...\n").2.contains("4 X and 0 O"));
        // X X O in one column, bottom up: O's stone must have been the second one
        assert!(at("1\n....\nO...\nX...\nX...\n")
            .2
            .contains("no order of play reaches it"));
        assert!(at("1\nX...\n").0 == 3);
        assert_eq!(at("1\n....\n....\n....\n....\nX\n").0, 6);
        assert_eq!(at("x\n").0, 1);
        assert_eq!(at("1\nX.\n").0, 2);
    }

    #[test]
    fn a_four_must_be_the_last_move() {
        // X's vertical four, O to move: X's last stone made it
        assert!(read(4, 4, "1\nX...\nXO..\nXO..\nXO..\n").is_ok());
        // X has four, but X to move: O moved last, after the game ended
        assert!(read(4, 4, "1\nX...\nXO..\nXO..\nXOO.\n")
            .unwrap_err()
            .to_string()
            .contains("no order of play"));
        // two fours of X made by no single stone: the first ended the game
        let two = "1\n......X\n......X\nOOO.OOX\nXXXXOOX\n";
        assert!(read(7, 4, two)
            .unwrap_err()
            .to_string()
            .contains("no order of play"));
        // four fours of X through one stone, the last one, dropped in the middle
        let one = "1\n.......\n.......\nOOO.OOO\nXXXXXXX\n";
        assert!(read(7, 4, one).is_ok(), "{:?}", read(7, 4, one));
    }

    #[test]
    fn the_mirror_is_an_involution() {
        let b = read(5, 4, "1\n.....\n.....\n.O...\nXXO..\n").unwrap()[0];
        let m = b.mirrored();
        assert_eq!(m.rows(), vec![".....", ".....", "...O.", "..OXX"]);
        assert_eq!(m.mirrored(), b);
    }
}
