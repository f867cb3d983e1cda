//! The position: an m × n board of X, O and empty cells, with its text format (the
//! contest's: one line of `X`, `O`, `.` per row) and the check that play from the
//! empty board reaches it.

use crate::game::Rules;
use gamecheck::prelude::{Location, ParseError, Player};

/// The most rows or columns of a board (25 cells: one bit each in a `u32`).
pub const MAX_SIDE: usize = 5;

/// A map of a cell (row, column) on a board of (rows, columns) to its image.
type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// A board: the cells of X and of O as bit sets, cell `r * cols + c` for row `r` (from
/// the top) and column `c` (from the left), both 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows, 1..=[`MAX_SIDE`].
    pub rows: usize,
    /// Columns, 1..=[`MAX_SIDE`].
    pub cols: usize,
    /// X's cells.
    pub x: u32,
    /// O's cells.
    pub o: u32,
}

impl Board {
    /// The empty board.
    pub fn empty(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            x: 0,
            o: 0,
        }
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The marks placed so far.
    pub fn marks(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The player to move: X (the first player) when both have as many marks.
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The board with `cell` marked by the player to move.
    pub fn play(&self, cell: usize) -> Board {
        let bit = 1 << cell;
        match self.to_move() {
            Player::First => Board {
                x: self.x | bit,
                ..*self
            },
            Player::Second => Board {
                o: self.o | bit,
                ..*self
            },
        }
    }

    /// The images of the board under the symmetries of its rectangle: the two
    /// reflections and the half turn, and on a square board the two diagonal reflections
    /// and the quarter turns too (the identity left out).
    pub fn images(&self) -> Vec<Board> {
        let (rows, cols) = (self.rows, self.cols);
        let mut maps: Vec<CellMap> = vec![
            |r, c, _, cols| (r, cols - 1 - c),
            |r, c, rows, _| (rows - 1 - r, c),
            |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
        ];
        if rows == cols {
            maps.extend([
                (|r, c, _, _| (c, r)) as CellMap,
                |r, c, rows, _| (rows - 1 - c, rows - 1 - r),
                |r, c, rows, _| (c, rows - 1 - r),
                |r, c, rows, _| (rows - 1 - c, r),
            ]);
        }
        let map = |set: u32, f: CellMap| {
            (0..rows * cols)
                .filter(|&cell| set >> cell & 1 == 1)
                .map(|cell| {
                    let (r, c) = f(cell / cols, cell % cols, rows, cols);
                    1u32 << (r * cols + c)
                })
                .sum()
        };
        maps.into_iter()
            .map(|f| Board {
                x: map(self.x, f),
                o: map(self.o, f),
                ..*self
            })
            .collect()
    }

    /// The symbol of `cell`: `X`, `O` or `.`.
    pub fn symbol(&self, cell: usize) -> char {
        if self.x >> cell & 1 == 1 {
            'X'
        } else if self.o >> cell & 1 == 1 {
            'O'
        } else {
            '.'
        }
    }
}

/// Every line of `k` adjacent cells on a `rows` × `cols` board (rows, columns and both
/// diagonals), as bit sets.
pub fn lines(rows: usize, cols: usize, k: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
                let cells: Option<u32> = (0..k as i32)
                    .map(|i| {
                        let (rr, cc) = (r as i32 + i * dr, c as i32 + i * dc);
                        ((0..rows as i32).contains(&rr) && (0..cols as i32).contains(&cc))
                            .then(|| 1u32 << (rr as usize * cols + cc as usize))
                    })
                    .sum();
                out.extend(cells);
            }
        }
    }
    out
}

/// Whether the marks `set` hold one of `lines`.
pub fn has_line(set: u32, lines: &[u32]) -> bool {
    lines.iter().any(|l| l & !set == 0)
}

/// Whether play from the empty board reaches `b` under `k` in a row: X has as many marks
/// as O or one more; nobody has a line, or only the player who moved last, and one of
/// their marks is on every line of theirs (removing it leaves none: a board without a
/// line is reached by placing its marks in any order, alternately). `Err` says why not.
pub fn reachable(b: &Board, k: usize) -> Result<(), String> {
    let (xs, os) = (b.x.count_ones(), b.o.count_ones());
    if xs != os && xs != os + 1 {
        return Err(format!(
            "{xs} X and {os} O: X moves first, so X has as many marks as O or one more"
        ));
    }
    let lines = lines(b.rows, b.cols, k);
    let (x_line, o_line) = (has_line(b.x, &lines), has_line(b.o, &lines));
    let (last, mine) = if xs > os { ("X", b.x) } else { ("O", b.o) };
    match (x_line, o_line) {
        (false, false) => Ok(()),
        (true, true) => Err("both X and O have a line".into()),
        _ if (x_line && last != "X") || (o_line && last != "O") => Err(format!(
            "{} has a line but {last} moved last",
            if x_line { "X" } else { "O" }
        )),
        _ => (0..b.cells())
            .filter(|&c| mine >> c & 1 == 1)
            .any(|c| !has_line(mine & !(1 << c), &lines))
            .then_some(())
            .ok_or_else(|| format!("{last} has lines that no single move made")),
    }
}

/// Reads a contest input: `T`, then `T` boards of `rules.rows` lines of `rules.cols`
/// symbols each, each board reachable ([`reachable`]).
///
/// # Errors
/// A [`ParseError`] at the line and column of the problem: a missing or non-numeric `T`,
/// a line of the wrong length, a symbol other than `X`, `O`, `.`, an unreachable board
/// (at its first line), text after the last board, or input that ends early.
pub fn read(rules: &Rules, text: &str) -> Result<Vec<Board>, ParseError> {
    let err = |line: usize, column: usize, msg: String| {
        ParseError::new(Location { line, column }, None, msg)
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let (first, t) = lines
        .next()
        .ok_or_else(|| err(1, 1, "expected the number of boards T".into()))?;
    let t: usize = t.trim().parse().map_err(|_| {
        err(
            first,
            1,
            format!("expected the number of boards T, found `{t}`"),
        )
    })?;
    let mut boards = Vec::with_capacity(t.min(1 << 16));
    let mut last = first;
    for case in 0..t {
        let mut b = Board::empty(rules.rows, rules.cols);
        let mut start = 0;
        for r in 0..rules.rows {
            let (n, line) = lines.next().ok_or_else(|| {
                err(
                    last + 1,
                    1,
                    format!(
                        "board {} ends early: expected {} rows",
                        case + 1,
                        rules.rows
                    ),
                )
            })?;
            last = n;
            if r == 0 {
                start = n;
            }
            let symbols: Vec<char> = line.chars().collect();
            if symbols.len() != rules.cols {
                return Err(err(
                    n,
                    1,
                    format!(
                        "expected {} symbols (`X`, `O`, `.`), found {}",
                        rules.cols,
                        symbols.len()
                    ),
                ));
            }
            for (c, s) in symbols.into_iter().enumerate() {
                let bit = 1 << (r * rules.cols + c);
                match s {
                    'X' => b.x |= bit,
                    'O' => b.o |= bit,
                    '.' => {}
                    other => {
                        return Err(err(n, c + 1, format!("`{other}` is not `X`, `O` or `.`")))
                    }
                }
            }
        }
        reachable(&b, rules.k).map_err(|why| {
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
        for r in 0..b.rows {
            s.extend((0..b.cols).map(|c| b.symbol(r * b.cols + c)));
            s.push('\n');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(rows: usize, cols: usize, k: usize) -> Rules {
        Rules { rows, cols, k }
    }

    #[test]
    fn tic_tac_toe_has_8_lines_and_4x4_with_3_in_a_row_24() {
        assert_eq!(lines(3, 3, 3).len(), 8);
        assert_eq!(lines(4, 4, 3).len(), 24);
        assert_eq!(lines(3, 4, 4).len(), 3);
        assert_eq!(lines(2, 2, 3).len(), 0);
    }

    #[test]
    fn boards_read_back_as_written_and_bad_ones_say_where() {
        let r = rules(3, 3, 3);
        let text = "2\nX..\n.O.\n..X\nXX.\nOO.\n...\n";
        let boards = read(&r, text).unwrap();
        assert_eq!(write(&boards), text);
        assert_eq!(boards[0].to_move(), Player::Second);
        assert_eq!(boards[1].to_move(), Player::First);
        let at = |text: &str| {
            let e = read(&r, text).unwrap_err();
            (e.location.line, e.location.column, e.to_string())
        };
        let (line, column, _) = at("1\nX..\n.Q.\n...\n");
        assert_eq!((line, column), (3, 2));
        assert!(at("1\nXX.\n...\n...\n").2.contains("2 X and 0 O"));
        assert!(at("1\nXXX\n...\nXXX\n").2.contains("6 X and 0 O"));
        assert!(at("1\nXXX\nOOO\n...\n")
            .2
            .contains("both X and O have a line"));
        assert!(at("1\nOOO\nXX.\nXX.\n")
            .2
            .contains("O has a line but X moved last"));
        // X won with its last move; O won with its last move, X having three marks
        assert!(read(&r, "1\nXXX\nOO.\n...\n").is_ok());
        assert!(read(&r, "1\nOOO\nXX.\nX..\n").is_ok());
        assert_eq!(at("1\nX..\n...\n").0, 4);
        assert_eq!(at("1\n...\n...\n...\nX\n").0, 5);
        assert_eq!(at("x\n").0, 1);
        assert_eq!(at("1\nX.\n...\n...\n").0, 2);
    }

    /// A line that two moves made (two disjoint lines of X) is not reached: the game
    /// ended at the first.
    #[test]
    fn two_lines_need_a_common_mark() {
        let r = rules(5, 5, 3);
        let two = "1\nXXX..\nOO...\nXXX..\nOO...\nO....\n";
        assert!(read(&r, two)
            .unwrap_err()
            .to_string()
            .contains("no single move made"));
        let crossing = "1\nXXX..\n.X...\n.X...\nOO...\nOO...\n";
        assert!(read(&r, crossing).is_ok());
    }
}
