//! The position: the cars on an n × n board and the player to move, with its text format
//! (the contest's: `B` or `R` for the player to move, then one line of `B`, `R`, `.` per
//! row, top row first).

use gamecheck::prelude::{Location, ParseError, Player};

/// The largest board side (16 cells: one bit each in a `u16`).
pub const MAX_SIDE: usize = 4;

/// A Dodgem position: the cells of Blue's and of Red's cars as bit sets, cell
/// `row * size + col` for `row` from the top and `col` from the left (both 0-based), and
/// the player to move (Blue is the first player, [`Player::First`]). A car that has left
/// the board is in neither set: each side has at most `size − 1` cars on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board's side, 2..=[`MAX_SIDE`].
    pub size: usize,
    /// Blue's cars.
    pub blue: u16,
    /// Red's cars.
    pub red: u16,
    /// The player to move: `First` is Blue, `Second` Red.
    pub to_move: Player,
}

impl Position {
    /// The start: Blue's `size − 1` cars on the left edge above the bottom-left cell,
    /// Red's on the bottom edge right of it, Blue to move.
    pub fn start(size: usize) -> Position {
        let cell = |row: usize, col: usize| 1u16 << (row * size + col);
        Position {
            size,
            blue: (0..size - 1).map(|row| cell(row, 0)).sum(),
            red: (1..size).map(|col| cell(size - 1, col)).sum(),
            to_move: Player::First,
        }
    }

    /// The position seen from the other side: the board reflected in its anti-diagonal
    /// (the cell at row `r`, column `c` goes to row `n − 1 − c`, column `n − 1 − r`),
    /// Blue's cars made Red's and Red's Blue's, the other player to move. Blue's east,
    /// north and south become Red's north, east and west, and Blue's way off the board
    /// (east from the right edge) Red's (north from the top edge), so the image is the
    /// same game for the player to move: the same value, the same remoteness. The start
    /// with Blue to move goes to the start with Red to move; applied twice, it gives
    /// back the position.
    pub fn swapped(&self) -> Position {
        let n = self.size;
        let reflect = |set: u16| {
            (0..n * n)
                .filter(|cell| set >> cell & 1 == 1)
                .map(|cell| 1u16 << ((n - 1 - cell % n) * n + (n - 1 - cell / n)))
                .sum()
        };
        Position {
            size: n,
            blue: reflect(self.red),
            red: reflect(self.blue),
            to_move: self.to_move.other(),
        }
    }

    /// Cars on the board, of both colours.
    pub fn cars(&self) -> u32 {
        (self.blue | self.red).count_ones()
    }

    /// The symbol of `cell`: `B`, `R` or `.`.
    pub fn symbol(&self, cell: usize) -> char {
        if self.blue >> cell & 1 == 1 {
            'B'
        } else if self.red >> cell & 1 == 1 {
            'R'
        } else {
            '.'
        }
    }
}

/// The letter of the player to move in the contest format: `B` (Blue) or `R` (Red).
pub fn letter(p: Player) -> char {
    match p {
        Player::First => 'B',
        Player::Second => 'R',
    }
}

/// Reads a contest input on a `size` × `size` board: `T` (1..=1,000), then `T`
/// positions, each the line `B` or `R` (the player to move) and `size` lines of `size`
/// symbols.
///
/// # Errors
/// A [`ParseError`] at the line and column of the problem: a missing `T` or one that is
/// not a number in 1..=1,000, a player line other than `B` or `R`, a row of the wrong
/// length, a symbol other than `B`, `R`, `.`, more than `size − 1` cars of one colour
/// (at the position's first row), text after the last position, or input that ends
/// early; a `size` outside 2..=[`MAX_SIDE`] (at line 1, column 1: no board of that side
/// can be read).
pub fn read(size: usize, text: &str) -> Result<Vec<Position>, ParseError> {
    let err = |line: usize, column: usize, msg: String| {
        ParseError::new(Location { line, column }, None, msg)
    };
    if !(2..=MAX_SIDE).contains(&size) {
        return Err(err(
            1,
            1,
            format!("a board's side is 2..={MAX_SIDE}, not {size}"),
        ));
    }
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.is_empty());
    let (first, t) = lines
        .next()
        .ok_or_else(|| err(1, 1, "expected the number of positions T".into()))?;
    let t: usize = match t.trim().parse() {
        Ok(t) if (1..=1000).contains(&t) => t,
        _ => {
            return Err(err(
                first,
                1,
                format!("expected the number of positions T (1..=1000), found `{t}`"),
            ))
        }
    };
    let mut out = Vec::with_capacity(t.min(1 << 16));
    let mut last = first;
    for case in 0..t {
        let mut next = |what: &str| {
            let got = lines.next();
            if let Some((n, _)) = got {
                last = n;
            }
            got.ok_or_else(|| {
                err(
                    last + 1,
                    1,
                    format!("position {} ends early: expected {what}", case + 1),
                )
            })
        };
        let (n, who) = next("the player to move, `B` or `R`")?;
        let to_move = match who {
            "B" => Player::First,
            "R" => Player::Second,
            other => {
                return Err(err(
                    n,
                    1,
                    format!("expected the player to move, `B` or `R`, found `{other}`"),
                ))
            }
        };
        let mut p = Position {
            size,
            blue: 0,
            red: 0,
            to_move,
        };
        let mut top = 0;
        for row in 0..size {
            let (n, line) = next(&format!("{size} rows"))?;
            if row == 0 {
                top = n;
            }
            let symbols: Vec<char> = line.chars().collect();
            if symbols.len() != size {
                return Err(err(
                    n,
                    1,
                    format!(
                        "expected {size} symbols (`B`, `R`, `.`), found {}",
                        symbols.len()
                    ),
                ));
            }
            for (col, s) in symbols.into_iter().enumerate() {
                let bit = 1 << (row * size + col);
                match s {
                    'B' => p.blue |= bit,
                    'R' => p.red |= bit,
                    '.' => {}
                    other => {
                        return Err(err(n, col + 1, format!("`{other}` is not `B`, `R` or `.`")))
                    }
                }
            }
        }
        for (name, cars) in [("Blue", p.blue), ("Red", p.red)] {
            if cars.count_ones() as usize > size - 1 {
                return Err(err(
                    top,
                    1,
                    format!(
                        "position {}: {name} has {} cars, at most {} on a {size} x {size} board",
                        case + 1,
                        cars.count_ones(),
                        size - 1
                    ),
                ));
            }
        }
        out.push(p);
    }
    if let Some((n, extra)) = lines.next() {
        return Err(err(
            n,
            1,
            format!("text after the last of the {t} positions: `{extra}`"),
        ));
    }
    Ok(out)
}

/// Writes a contest input holding `positions`.
pub fn write(positions: &[Position]) -> String {
    let mut s = format!("{}\n", positions.len());
    for p in positions {
        s.push(letter(p.to_move));
        s.push('\n');
        for row in 0..p.size {
            s.extend((0..p.size).map(|col| p.symbol(row * p.size + col)));
            s.push('\n');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_as_written_and_bad_ones_say_where() {
        let text = "2\nB\nB..\nB..\n.RR\nR\n..B\n...\nR..\n";
        let ps = read(3, text).unwrap();
        assert_eq!(ps[0], Position::start(3));
        assert_eq!(ps[1].to_move, Player::Second);
        assert_eq!(write(&ps), text);
        let at = |text: &str| {
            let e = read(3, text).unwrap_err();
            (e.location.line, e.location.column, e.to_string())
        };
        let (line, column, _) = at("1\nB\nB..\nBX.\n.RR\n");
        assert_eq!((line, column), (4, 2));
        assert!(at("1\nX\nB..\n...\n...\n").2.contains("`B` or `R`"));
        assert_eq!(at("1\nB\nBBB\n...\n...\n").0, 3);
        assert!(at("1\nB\nBBB\n...\n...\n").2.contains("Blue has 3 cars"));
        assert_eq!(at("1\nB\nB.\n...\n...\n").0, 3);
        assert_eq!(at("1\nB\nB..\n").0, 4);
        assert_eq!(at("1\nB\n...\n...\n...\nR\n").0, 6);
        assert_eq!(at("x\n").0, 1);
        assert!(read(5, "1\n").unwrap_err().to_string().contains("2..=4"));
        assert!(read(1, "1\nB\n.\n").is_err());
        assert!(at("0\n").2.contains("1..=1000"));
        assert_eq!(at("1001\n").0, 1);
    }
}
