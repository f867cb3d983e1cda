//! The fast code's building blocks, each public so that it can be checked on its own:
//! the bit of a cell, the eight named directions with their boundary masks, [`shift`],
//! four in a row and the cells that would make one, found by shifts, and the fast
//! successor [`play`].
//!
//! The layout is the one Connect Four engines use (John Tromp's Fhourstones, Pascal
//! Pons' solver): column-major, one *sentinel row* above each column, so the cell in row
//! `r` (0 = bottom) and column `c` is bit `c · (h + 1) + r` of a `u64` (at most
//! 8 × (7 + 1) = 64 bits). A step north is `+1`, east `+(h + 1)`, north-east `+(h + 2)`
//! and south-east `+h`. The sentinel row is never a cell: the stones of a column, plus
//! its bottom bit, carry into it, and a shift that leaves the board lands there or past
//! the board's ends.
//!
//! Every shift here goes through the direction's *boundary mask* — the cells whose step
//! in that direction stays on the board — so that no stone wraps from one column into
//! the next or off the top. The masks come from the rows and columns of the board by
//! `const fn`s, filled into a table at compile time for every size.

use crate::board::{Board, MAX_HEIGHT, MAX_WIDTH};

/// The bit of the cell in row `row` (0 = bottom) and column `col` on a board of `height`
/// rows: `col · (height + 1) + row`.
pub const fn bit(height: usize, row: usize, col: usize) -> u32 {
    (col * (height + 1) + row) as u32
}

/// A direction on the board, named as on a map with the bottom row south.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Up a column (row + 1): bit `+1`.
    North,
    /// Down a column (row − 1): bit `−1`.
    South,
    /// Right (column + 1): bit `+(h + 1)`.
    East,
    /// Left (column − 1): bit `−(h + 1)`.
    West,
    /// Up and right: bit `+(h + 2)`.
    NorthEast,
    /// Down and left: bit `−(h + 2)`.
    SouthWest,
    /// Down and right: bit `+h`.
    SouthEast,
    /// Up and left: bit `−h`.
    NorthWest,
}

impl Dir {
    /// The eight directions.
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::South,
        Dir::East,
        Dir::West,
        Dir::NorthEast,
        Dir::SouthWest,
        Dir::SouthEast,
        Dir::NorthWest,
    ];

    /// The four directions of a line, one of each pair of opposites: vertical, horizontal
    /// and the two diagonals (bit steps 1, h + 1, h + 2 and h).
    pub const LINES: [Dir; 4] = [Dir::North, Dir::East, Dir::NorthEast, Dir::SouthEast];

    /// The step on the board: (rows up, columns right).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (1, 0),
            Dir::South => (-1, 0),
            Dir::East => (0, 1),
            Dir::West => (0, -1),
            Dir::NorthEast => (1, 1),
            Dir::SouthWest => (-1, -1),
            Dir::SouthEast => (-1, 1),
            Dir::NorthWest => (1, -1),
        }
    }

    /// The step as a change of bit index on a board of `height` rows.
    pub const fn step(self, height: usize) -> i32 {
        let h = height as i32;
        match self {
            Dir::North => 1,
            Dir::South => -1,
            Dir::East => h + 1,
            Dir::West => -(h + 1),
            Dir::NorthEast => h + 2,
            Dir::SouthWest => -(h + 2),
            Dir::SouthEast => h,
            Dir::NorthWest => -h,
        }
    }

    /// The direction back.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
            Dir::NorthEast => Dir::SouthWest,
            Dir::SouthWest => Dir::NorthEast,
            Dir::SouthEast => Dir::NorthWest,
            Dir::NorthWest => Dir::SouthEast,
        }
    }
}

/// The cells of column `col` on a board of `height` rows.
pub const fn column_mask(height: usize, col: usize) -> u64 {
    ((1u64 << height) - 1) << bit(height, 0, col)
}

/// The bottom row of a `width` × `height` board.
pub const fn bottom_row(width: usize, height: usize) -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < width {
        m |= 1 << bit(height, 0, c);
        c += 1;
    }
    m
}

/// The top row of a `width` × `height` board (`height` ≥ 1).
pub const fn top_row(width: usize, height: usize) -> u64 {
    bottom_row(width, height) << (height - 1)
}

/// Every cell of a `width` × `height` board.
pub const fn board_mask(width: usize, height: usize) -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < width {
        m |= column_mask(height, c);
        c += 1;
    }
    m
}

/// The boundary mask of `dir` on a `width` × `height` board: the cells whose step in
/// `dir` stays on the board (every cell but the top row for north, but the right column
/// for east, and so on; both for a diagonal). 0 for an empty board.
pub const fn mask(width: usize, height: usize, dir: Dir) -> u64 {
    if width == 0 || height == 0 {
        return 0;
    }
    let all = board_mask(width, height);
    let top = top_row(width, height);
    let bottom = bottom_row(width, height);
    let left = column_mask(height, 0);
    let right = column_mask(height, width - 1);
    match dir {
        Dir::North => all & !top,
        Dir::South => all & !bottom,
        Dir::East => all & !right,
        Dir::West => all & !left,
        Dir::NorthEast => all & !top & !right,
        Dir::SouthWest => all & !bottom & !left,
        Dir::SouthEast => all & !bottom & !right,
        Dir::NorthWest => all & !top & !left,
    }
}

/// The boundary masks of every size, `MASKS[width][height][dir as usize]`, filled at
/// compile time by [`mask`].
static MASKS: [[[u64; 8]; MAX_HEIGHT + 1]; MAX_WIDTH + 1] = {
    let mut t = [[[0; 8]; MAX_HEIGHT + 1]; MAX_WIDTH + 1];
    let mut w = 0;
    while w <= MAX_WIDTH {
        let mut h = 0;
        while h <= MAX_HEIGHT {
            let mut d = 0;
            while d < 8 {
                t[w][h][d] = mask(w, h, Dir::ALL[d]);
                d += 1;
            }
            h += 1;
        }
        w += 1;
    }
    t
};

/// A board's size with its boundary masks, looked up once: what the search shifts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Every cell ([`board_mask`]).
    pub cells: u64,
    /// The bottom row ([`bottom_row`]).
    pub bottom: u64,
    masks: [u64; 8],
    steps: [i32; 8],
}

impl Geometry {
    /// The geometry of a `width` × `height` board (at most [`MAX_WIDTH`] ×
    /// [`MAX_HEIGHT`]).
    pub fn new(width: usize, height: usize) -> Geometry {
        Geometry {
            width,
            height,
            cells: board_mask(width, height),
            bottom: bottom_row(width, height),
            masks: MASKS[width][height],
            steps: Dir::ALL.map(|d| d.step(height)),
        }
    }

    /// The boundary mask this geometry shifts `dir` under.
    pub fn mask(&self, dir: Dir) -> u64 {
        self.masks[dir as usize]
    }

    /// The same geometry with the boundary mask of `dir` replaced by `mask`: how a test
    /// plants a wrong mask (a mask of 0 blinds every shift in `dir`).
    #[must_use]
    pub fn with_mask(mut self, dir: Dir, mask: u64) -> Geometry {
        self.masks[dir as usize] = mask;
        self
    }

    /// Every stone of `bits` moved one step in `dir`; stones whose step leaves the
    /// board are dropped (the boundary mask first, then the shift).
    #[inline]
    pub fn shift(&self, bits: u64, dir: Dir) -> u64 {
        let kept = bits & self.masks[dir as usize];
        let step = self.steps[dir as usize];
        if step >= 0 {
            kept << step
        } else {
            kept >> -step
        }
    }

    /// Whether `stones` hold four in a row: for each line direction `d`, a cell `q`
    /// with `q`, `q − d`, `q − 2d` and `q − 3d` all stones.
    #[inline]
    pub fn has_four(&self, stones: u64) -> bool {
        Dir::LINES.iter().any(|&d| {
            let two = stones & self.shift(stones, d);
            two & self.shift(self.shift(two, d), d) != 0
        })
    }

    /// The empty cells (under `all`, every stone) where one more stone of `stones` makes
    /// four in a row, whether or not a stone can be dropped there yet.
    #[inline]
    pub fn winning_cells(&self, stones: u64, all: u64) -> u64 {
        let mut won = 0;
        for d in Dir::LINES {
            let back = d.opposite();
            // q − d, then q − d and q − 2d, then all three of q − d, q − 2d, q − 3d
            let b1 = self.shift(stones, d);
            let b2 = b1 & self.shift(b1, d);
            let b3 = b2 & self.shift(b2, d);
            // the same towards q + d
            let f1 = self.shift(stones, back);
            let f2 = f1 & self.shift(f1, back);
            let f3 = f2 & self.shift(f2, back);
            won |= b3 | f3 | (b2 & f1) | (b1 & f2);
        }
        won & self.cells & !all
    }

    /// The cells where a stone can be dropped under `all`: the lowest empty cell of each
    /// column that is not full (each column's stones plus its bottom bit carry up to the
    /// first empty cell, or into the sentinel row).
    #[inline]
    pub fn playable(&self, all: u64) -> u64 {
        (all + self.bottom) & self.cells
    }
}

/// Every stone of `bits` on a `width` × `height` board moved one step in `dir`, the
/// stones whose step leaves the board dropped: `bits` under the direction's boundary
/// mask ([`mask`]), shifted by its step ([`Dir::step`]).
pub fn shift(width: usize, height: usize, bits: u64, dir: Dir) -> u64 {
    Geometry::new(width, height).shift(bits, dir)
}

/// Whether `stones` hold four in a row on a `width` × `height` board
/// ([`Geometry::has_four`]).
pub fn has_four(width: usize, height: usize, stones: u64) -> bool {
    Geometry::new(width, height).has_four(stones)
}

/// The fast successor: `board` with a stone of the player to move dropped into column
/// `column` (0 = left), found by adding the column's bottom bit to its stones; `None`
/// when the column is full or off the board.
pub fn play(board: &Board, column: usize) -> Option<Board> {
    if column >= board.width {
        return None;
    }
    let g = Geometry::new(board.width, board.height);
    let stone = g.playable(board.x | board.o) & column_mask(board.height, column);
    if stone == 0 {
        return None;
    }
    Some(match board.x.count_ones() == board.o.count_ones() {
        true => Board {
            x: board.x | stone,
            ..*board
        },
        false => Board {
            o: board.o | stone,
            ..*board
        },
    })
}

/// The columns a stone can be dropped into at `board`, left to right: none once either
/// player has four in a row or the board is full.
pub fn columns(board: &Board) -> Vec<usize> {
    let g = Geometry::new(board.width, board.height);
    if g.has_four(board.x) || g.has_four(board.o) {
        return Vec::new();
    }
    let open = g.playable(board.x | board.o);
    (0..board.width)
        .filter(|&c| open & column_mask(board.height, c) != 0)
        .collect()
}

/// `dir` as a direction of [`gamecheck::geometry`]: the same step with rows counted from
/// the top (a step north is a row up), named as here.
pub fn direction(dir: Dir) -> gamecheck::geometry::Direction {
    let (up, right) = dir.delta();
    let name = match dir {
        Dir::North => "N",
        Dir::South => "S",
        Dir::East => "E",
        Dir::West => "W",
        Dir::NorthEast => "NE",
        Dir::SouthWest => "SW",
        Dir::SouthEast => "SE",
        Dir::NorthWest => "NW",
    };
    gamecheck::geometry::Direction::new(name, -i64::from(up), i64::from(right))
}

/// The geometry check of the boundary masks ([`mask`]) and of [`shift`], on every board
/// from 1 × 1 to [`MAX_WIDTH`] × [`MAX_HEIGHT`] in the layout of [`bit`]
/// (`Grid::column_major` with one sentinel row) and the eight directions: each mask
/// against the cells whose step stays on the board, each shift against the coordinate
/// step on every one-stone board and on random ones. `verify`'s `boundary masks` row.
pub fn geometry_check() -> gamecheck::geometry::Geometry {
    geometry_check_of(mask)
}

/// [`geometry_check`] with the boundary masks `masks` in place of [`mask`] (the shift
/// through them too): the seam through which a test plants a wrong mask.
pub fn geometry_check_of(masks: fn(usize, usize, Dir) -> u64) -> gamecheck::geometry::Geometry {
    use gamecheck::geometry::{Geometry, Grid, Masks};
    let dir_of = |d: gamecheck::geometry::Direction| {
        Dir::ALL
            .into_iter()
            .find(|&x| direction(x) == d)
            .expect("one of the eight")
    };
    let sizes = (1..=MAX_WIDTH).flat_map(|w| (1..=MAX_HEIGHT).map(move |h| (w, h)));
    Geometry::new(
        format!("1x1 to {MAX_WIDTH}x{MAX_HEIGHT}, 8 directions"),
        sizes.map(|(w, h)| Grid::column_major(w, h, 1)),
        Dir::ALL.map(direction),
    )
    .masks(Masks::Stays, move |g, d| {
        masks(g.width(), g.height(), dir_of(d))
    })
    .shift(move |g, bits, d| {
        let (w, h, dir) = (g.width(), g.height(), dir_of(d));
        let fast = crate::bitboard::Geometry::new(w, h).with_mask(dir, masks(w, h, dir));
        fast.shift(bits, dir)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks of the standard board drawn as pictures (top row first, column 0 on
    /// the left): a mask you can see is a mask you can check.
    #[test]
    fn the_7x6_masks_as_pictures() {
        let picture = |m: u64| -> Vec<String> {
            (0..6)
                .rev()
                .map(|r| {
                    (0..7)
                        .map(|c| match m >> bit(6, r, c) & 1 {
                            1 => '#',
                            _ => '.',
                        })
                        .collect()
                })
                .collect()
        };
        let north_east = [
            ".......", "######.", "######.", "######.", "######.", "######.",
        ];
        assert_eq!(picture(mask(7, 6, Dir::NorthEast)), north_east);
        let west = [
            ".######", ".######", ".######", ".######", ".######", ".######",
        ];
        assert_eq!(picture(mask(7, 6, Dir::West)), west);
        // six cells a column, seven bits apart
        assert_eq!(board_mask(7, 6), 0xfdfb_f7ef_dfbf);
        assert_eq!(bottom_row(7, 6), 0x408_1020_4081);
    }

    /// Each shift of a single stone lands one step away by coordinates, or nowhere when
    /// the step leaves the board, on every board size.
    #[test]
    fn single_stones_shift_by_their_coordinates() {
        for w in 1..=MAX_WIDTH {
            for h in 1..=MAX_HEIGHT {
                for r in 0..h {
                    for c in 0..w {
                        for d in Dir::ALL {
                            let (dr, dc) = d.delta();
                            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                            let want =
                                match (0..h as i32).contains(&rr) && (0..w as i32).contains(&cc) {
                                    true => 1u64 << bit(h, rr as usize, cc as usize),
                                    false => 0,
                                };
                            let got = shift(w, h, 1 << bit(h, r, c), d);
                            assert_eq!(got, want, "{w}x{h} ({r}, {c}) {d:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn play_drops_to_the_lowest_empty_cell() {
        let b = Board::empty(4, 4);
        let b = play(&b, 1).unwrap();
        let b = play(&b, 1).unwrap();
        assert_eq!(b.symbol(0, 1), 'X');
        assert_eq!(b.symbol(1, 1), 'O');
        let full = (0..2).fold(b, |b, _| play(&b, 1).unwrap());
        assert_eq!(play(&full, 1), None);
        assert_eq!(play(&full, 4), None);
        assert_eq!(columns(&full), vec![0, 2, 3]);
    }
}
