//! Geometry and boundary masks of grid games: a board described naively (its width and
//! height, the bit of each cell, named direction steps), and a check of a game's own
//! bitboard code — its direction masks, its `shift(bits, direction)` and its rays —
//! against what coordinate arithmetic on that description gives.
//!
//! A bitboard move generator steps every cell of a set at once with a bit shift, and a
//! shift knows nothing of rows: a cell on the east edge shifted one step east lands on the
//! west edge of the next row (the *wrap*), unless a *boundary mask* removes it first. Each
//! direction has its own mask; a mask dropped, swapped with another direction's or
//! computed for the wrong side is the classic bitboard bug, and it shows only at the edges
//! of some sizes. This module derives each mask from the description alone, by
//! coordinate arithmetic (a cell `(r, c)` stepped by `(dr, dc)` stays on the board when
//! `0 ≤ r + dr < height` and `0 ≤ c + dc < width`), and compares:
//!
//! - the game's masks with the derived ones, cell by cell ([`Geometry::masks`]);
//! - the game's shift with the coordinate step on every single-bit board of every size
//!   and direction, then on random multi-bit boards ([`Geometry::shift`]);
//! - optionally the game's rays, the cells from a cell in one direction up to the edge
//!   or the first blocker, as ray (sliding) and fill generators compute them
//!   ([`Geometry::rays`]).
//!
//! Sizes are checked smallest first, so the failure reported is at the smallest size that
//! fails; a failing multi-bit board is shrunk bit by bit while it still fails. The failure
//! names the size, the direction, the cell and both boards, and draws them:
//!
//! ```text
//! side 8, direction NE, cell (2, 7) = bit 23: expected empty, got bit 16
//! ```
//!
//! Coordinates: `(r, c)` is row `r` from the top (row 0 is drawn first) and column `c`
//! from the left, so [`N`] is `(−1, 0)` and [`E`] is `(0, 1)`. A [`Grid`] says which bit
//! each cell is: [`Grid::row_major`] (bit `r·width + c`), [`Grid::column_major`]
//! (Connect Four's layout: each column from its bottom cell up, then a sentinel row),
//! or any mapping the game gives ([`Grid::mapped`]). Boards are `u64`: at most 64 bits,
//! sentinels included.
//!
//! ```
//! use gamecheck::geometry::{Direction, Geometry, Grid, E, N, W};
//!
//! // a row-major square board's own code, as an engine writes it: the columns a step
//! // east or west must not start from, then the shifts
//! fn file(side: usize, c: usize) -> u64 {
//!     (0..side).fold(0, |m, r| m | 1 << (r * side + c))
//! }
//! fn shift(side: usize, bits: u64, d: Direction, masked: bool) -> u64 {
//!     let full = if side == 8 { u64::MAX } else { (1 << (side * side)) - 1 };
//!     match (d.dr, d.dc) {
//!         (-1, 0) => bits >> side,
//!         (0, 1) if masked => (bits & !file(side, side - 1)) << 1 & full,
//!         (0, 1) => bits << 1 & full,
//!         (0, -1) => (bits & !file(side, 0)) >> 1,
//!         _ => unreachable!(),
//!     }
//! }
//! let squares = || (1..=8).map(|n| Grid::row_major(n, n));
//! let right = Geometry::new("sides 1-8", squares(), [N, E, W])
//!     .shift(|g, bits, d| shift(g.width(), bits, d, true));
//! assert!(right.check(2026).is_ok());
//!
//! // the east mask dropped: a cell on the east edge wraps onto the next row
//! let wrong = Geometry::new("sides 1-8", squares(), [N, E, W])
//!     .shift(|g, bits, d| shift(g.width(), bits, d, false));
//! let failure = wrong.check(2026).unwrap_err();
//! assert_eq!(
//!     failure.to_string(),
//!     "side 2, direction E, cell (0, 1) = bit 1: expected empty, got bit 2\n\
//!      shifted    expected   got\n\
//!      . #        . .        . .\n\
//!      . .        . .        # ."
//! );
//! ```

use crate::harness::driver::NamedCheck;
use crate::rng::Entropy as _;
use std::fmt;
use std::sync::Arc;

/// One direction step: a name for messages (`NE`) and the change of row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Direction {
    /// The name in messages.
    pub name: &'static str,
    /// Rows moved: negative is up (towards row 0).
    pub dr: i64,
    /// Columns moved: positive is right (towards higher columns).
    pub dc: i64,
}

impl Direction {
    /// A direction named `name` stepping `(dr, dc)`.
    pub const fn new(name: &'static str, dr: i64, dc: i64) -> Self {
        Direction { name, dr, dc }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Up one row (`(−1, 0)`).
pub const N: Direction = Direction::new("N", -1, 0);
/// Up one row and right one column (`(−1, 1)`).
pub const NE: Direction = Direction::new("NE", -1, 1);
/// Right one column (`(0, 1)`).
pub const E: Direction = Direction::new("E", 0, 1);
/// Down one row and right one column (`(1, 1)`).
pub const SE: Direction = Direction::new("SE", 1, 1);
/// Down one row (`(1, 0)`).
pub const S: Direction = Direction::new("S", 1, 0);
/// Down one row and left one column (`(1, −1)`).
pub const SW: Direction = Direction::new("SW", 1, -1);
/// Left one column (`(0, −1)`).
pub const W: Direction = Direction::new("W", 0, -1);
/// Up one row and left one column (`(−1, −1)`).
pub const NW: Direction = Direction::new("NW", -1, -1);
/// The eight compass directions, clockwise from [`N`].
pub const COMPASS: [Direction; 8] = [N, NE, E, SE, S, SW, W, NW];

/// A board of `width × height` cells and the bit of each cell in a `u64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// The bit of cell `(r, c)` at `r·width + c`.
    bits: Vec<u32>,
}

impl Grid {
    /// Row-major: cell `(r, c)` is bit `r·width + c` (chess's a8 = 0 order, marble's
    /// square frame).
    ///
    /// # Panics
    /// When the board has no cell or more than 64.
    pub fn row_major(width: usize, height: usize) -> Grid {
        Grid::from_fn(width, height, |r, c| (r * width + c) as u32)
    }

    /// Column-major with `sentinel` unused rows above each column, each column from its
    /// bottom cell up: cell `(r, c)` is bit `c·(height + sentinel) + (height − 1 − r)`.
    /// With `sentinel = 1` this is the Connect Four layout of John Tromp's and Pascal
    /// Pons's solvers (bit 0 the bottom of the first column; the sentinel row keeps a
    /// vertical or diagonal shift out of the next column).
    ///
    /// # Panics
    /// When the board has no cell or its bits pass 64.
    pub fn column_major(width: usize, height: usize, sentinel: usize) -> Grid {
        Grid::from_fn(width, height, |r, c| {
            (c * (height + sentinel) + (height - 1 - r)) as u32
        })
    }

    /// The game's own mapping: cell `(r, c)` is bit `bit(r, c)`.
    ///
    /// # Errors
    /// When a bit is 64 or more, or two cells share a bit (the message names both).
    pub fn mapped(
        width: usize,
        height: usize,
        bit: impl Fn(usize, usize) -> u32,
    ) -> Result<Grid, String> {
        if width == 0 || height == 0 {
            return Err(format!("a {width} × {height} board has no cell"));
        }
        let mut bits = Vec::with_capacity(width * height);
        let mut owner = [None; 64];
        for r in 0..height {
            for c in 0..width {
                let b = bit(r, c);
                if b >= 64 {
                    return Err(format!("cell ({r}, {c}) is bit {b}, past a u64"));
                }
                if let Some((r0, c0)) = owner[b as usize] {
                    return Err(format!(
                        "cells ({r0}, {c0}) and ({r}, {c}) are both bit {b}"
                    ));
                }
                owner[b as usize] = Some((r, c));
                bits.push(b);
            }
        }
        Ok(Grid {
            width,
            height,
            bits,
        })
    }

    fn from_fn(width: usize, height: usize, bit: impl Fn(usize, usize) -> u32) -> Grid {
        Grid::mapped(width, height, bit).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The bit of cell `(r, c)`.
    ///
    /// # Panics
    /// When the cell is off the board.
    pub fn bit(&self, r: usize, c: usize) -> u32 {
        assert!(
            r < self.height && c < self.width,
            "({r}, {c}) is off the board"
        );
        self.bits[r * self.width + c]
    }

    /// The cell of bit `bit`, or `None` when it is no cell (a sentinel, or past the
    /// board).
    pub fn cell(&self, bit: u32) -> Option<(usize, usize)> {
        let i = self.bits.iter().position(|&b| b == bit)?;
        Some((i / self.width, i % self.width))
    }

    /// Every cell, as a bit set.
    pub fn board(&self) -> u64 {
        self.bits.iter().fold(0, |m, &b| m | 1 << b)
    }

    /// The cell `(r, c)` stepped by `d`, or `None` when the step leaves the board.
    pub fn step_cell(&self, r: usize, c: usize, d: Direction) -> Option<(usize, usize)> {
        let (nr, nc) = (r as i64 + d.dr, c as i64 + d.dc);
        let on = (0..self.height as i64).contains(&nr) && (0..self.width as i64).contains(&nc);
        on.then_some((nr as usize, nc as usize))
    }

    /// The cells whose step in direction `d` stays on the board: the mask a shift of `d`
    /// keeps.
    pub fn stays(&self, d: Direction) -> u64 {
        self.cells()
            .filter(|&(r, c)| self.step_cell(r, c, d).is_some())
            .fold(0, |m, (r, c)| m | 1 << self.bit(r, c))
    }

    /// The *boundary mask* of `d`: the cells whose step in direction `d` leaves the board
    /// (`board() & !stays(d)`).
    pub fn boundary(&self, d: Direction) -> u64 {
        self.board() & !self.stays(d)
    }

    /// The image of `bits` stepped by `d`, cell by cell: each cell of `bits` on the board
    /// whose step stays on it gives the cell it steps to; the rest (bits off the board
    /// included) give nothing. The reference a bitboard shift is checked against.
    pub fn step(&self, bits: u64, d: Direction) -> u64 {
        self.cells()
            .filter(|&(r, c)| bits >> self.bit(r, c) & 1 == 1)
            .filter_map(|(r, c)| self.step_cell(r, c, d))
            .fold(0, |m, (r, c)| m | 1 << self.bit(r, c))
    }

    /// The ray from cell `(r, c)` in direction `d`: the cells stepped to one by one, up to
    /// the edge of the board or the first cell of `blockers`, that cell included (the
    /// attack set of a sliding piece; a fill over empty cells is `ray & !blockers`). The
    /// cell itself is not in it.
    pub fn ray(&self, r: usize, c: usize, d: Direction, blockers: u64) -> u64 {
        let mut out = 0;
        let mut at = (r, c);
        while let Some((nr, nc)) = self.step_cell(at.0, at.1, d) {
            let b = 1 << self.bit(nr, nc);
            out |= b;
            if blockers & b != 0 {
                break;
            }
            at = (nr, nc);
        }
        out
    }

    /// The board as text, row 0 first: `#` for a cell in `bits`, `.` for one not in it,
    /// cells separated by spaces.
    pub fn draw(&self, bits: u64) -> String {
        let mut s = String::new();
        for r in 0..self.height {
            let row: Vec<&str> = (0..self.width)
                .map(|c| match bits >> self.bit(r, c) & 1 {
                    1 => "#",
                    _ => ".",
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    /// The size in messages: `side 8` for a square, `7 × 6` (width × height) otherwise.
    pub fn size(&self) -> String {
        match self.width == self.height {
            true => format!("side {}", self.width),
            false => format!("{} × {}", self.width, self.height),
        }
    }

    /// `(r, c)` for every cell, row by row.
    fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |c| (r, c)))
    }

    /// Bits in words: `empty`, `bit 16`, `bits 3, 16`, and a bit that is no cell says so
    /// (`bit 8 (off the board)`).
    fn describe(&self, bits: u64) -> String {
        if bits == 0 {
            return "empty".into();
        }
        let names: Vec<String> = (0..64u32)
            .filter(|b| bits >> b & 1 == 1)
            .map(|b| match self.cell(b) {
                Some(_) => b.to_string(),
                None => format!("{b} (off the board)"),
            })
            .collect();
        match names.len() {
            1 => format!("bit {}", names[0]),
            _ => format!("bits {}", names.join(", ")),
        }
    }

    /// A cell in words: `cell (2, 7) = bit 23`.
    fn describe_cell(&self, r: usize, c: usize) -> String {
        format!("cell ({r}, {c}) = bit {}", self.bit(r, c))
    }
}

/// What a game's direction mask holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Masks {
    /// The cells whose step stays on the board (the mask `(bits & mask) << step` keeps).
    Stays,
    /// The cells whose step leaves the board: the boundary mask (`bits & !mask` is
    /// shifted).
    Leaves,
}

/// A game's own code for one grid, as [`Geometry`] calls it.
type MaskFn = dyn Fn(&Grid, Direction) -> u64 + Send + Sync;
type ShiftFn = dyn Fn(&Grid, u64, Direction) -> u64 + Send + Sync;
type RayFn = dyn Fn(&Grid, u32, Direction, u64) -> u64 + Send + Sync;

/// What went wrong, for [`GeometryFailure::kind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// A direction mask.
    Mask,
    /// A shift of a one-bit or a multi-bit board.
    Shift,
    /// A ray.
    Ray,
}

/// The first disagreement of a game's bitboard code with the geometry, at the smallest
/// size that shows one. Its `Display` is one line naming the size, direction, cell and
/// both boards, then the boards drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeometryFailure {
    /// Which check failed.
    pub kind: Check,
    /// The board's size in words (`side 8`, `7 × 6`).
    pub size: String,
    /// The direction.
    pub direction: Direction,
    /// The first line: what was stepped, what was expected, what the game gave.
    pub summary: String,
    /// The input (the board shifted, or the blockers of a ray; the game's mask for a
    /// mask failure).
    pub input: u64,
    /// What coordinate arithmetic gives.
    pub expected: u64,
    /// What the game's code gives.
    pub got: u64,
    /// The boards drawn as text, under their names.
    pub drawn: String,
}

impl fmt::Display for GeometryFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.summary, self.drawn.trim_end())
    }
}

impl std::error::Error for GeometryFailure {}

/// Boards drawn side by side under their names.
fn side_by_side(grid: &Grid, boards: &[(&str, u64)]) -> String {
    let drawn: Vec<Vec<String>> = boards
        .iter()
        .map(|(_, b)| grid.draw(*b).lines().map(str::to_string).collect())
        .collect();
    let width = (2 * grid.width() - 1).max(boards.iter().map(|(n, _)| n.len()).max().unwrap_or(0));
    let mut s = String::new();
    let names: Vec<String> = boards.iter().map(|(n, _)| format!("{n:width$}")).collect();
    s.push_str(names.join("   ").trim_end());
    s.push('\n');
    for r in 0..grid.height() {
        let row: Vec<String> = drawn.iter().map(|d| format!("{:width$}", d[r])).collect();
        s.push_str(row.join("   ").trim_end());
        s.push('\n');
    }
    s
}

/// A game's bitboard geometry and the code under check: the grids (one per size), the
/// directions, and any of the game's masks, shift and rays. Built with [`Geometry::new`]
/// and the builder methods; run with [`Geometry::check`], as a `verify` row with
/// [`Geometry::named_check`], or one random board at a time under proptest with
/// [`Geometry::check_board`].
#[derive(Clone)]
pub struct Geometry {
    label: String,
    grids: Vec<Grid>,
    directions: Vec<Direction>,
    masks: Option<(Masks, Arc<MaskFn>)>,
    shift: Option<Arc<ShiftFn>>,
    rays: Option<Arc<RayFn>>,
    boards: usize,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("label", &self.label)
            .field("grids", &self.grids.len())
            .field("directions", &self.directions)
            .finish_non_exhaustive()
    }
}

/// Random multi-bit boards per size and direction that [`Geometry::check`] tries after
/// the single-bit ones (and rays: random blockers per cell and direction).
pub const RANDOM_BOARDS: usize = 64;

impl Geometry {
    /// The geometry of `grids` (each size checked; smallest first, whatever the order
    /// given) and `directions`, with nothing of the game's yet: `label` is the `verify`
    /// row's rules column (`sides 4-8`).
    pub fn new(
        label: impl Into<String>,
        grids: impl IntoIterator<Item = Grid>,
        directions: impl IntoIterator<Item = Direction>,
    ) -> Geometry {
        let mut grids: Vec<Grid> = grids.into_iter().collect();
        grids.sort_by_key(|g| (g.width() * g.height(), g.width()));
        Geometry {
            label: label.into(),
            grids,
            directions: directions.into_iter().collect(),
            masks: None,
            shift: None,
            rays: None,
            boards: RANDOM_BOARDS,
        }
    }

    /// The game's mask of each direction on a grid (`mask(grid, direction)`), holding
    /// what `kind` says; compared with [`Grid::stays`] or [`Grid::boundary`] on the
    /// board's cells (bits off the board are not compared: a sentinel may be in a mask
    /// or not, the shift check sees what it does).
    #[must_use]
    pub fn masks(
        mut self,
        kind: Masks,
        mask: impl Fn(&Grid, Direction) -> u64 + Send + Sync + 'static,
    ) -> Geometry {
        self.masks = Some((kind, Arc::new(mask)));
        self
    }

    /// The game's one-step shift (`shift(grid, bits, direction)`, masks applied):
    /// compared with [`Grid::step`] on every one-bit board and on random multi-bit boards
    /// of the board's cells; the game's result is taken as it is, so a bit it moves onto
    /// a sentinel or past the board is a failure.
    #[must_use]
    pub fn shift(
        mut self,
        shift: impl Fn(&Grid, u64, Direction) -> u64 + Send + Sync + 'static,
    ) -> Geometry {
        self.shift = Some(Arc::new(shift));
        self
    }

    /// The game's ray (`ray(grid, from_bit, direction, blockers)`: the cells from that
    /// cell up to the edge or the first blocker, the blocker included, the cell itself
    /// not): compared with [`Grid::ray`] from every cell in every direction with no
    /// blocker, then with random blockers.
    #[must_use]
    pub fn rays(
        mut self,
        ray: impl Fn(&Grid, u32, Direction, u64) -> u64 + Send + Sync + 'static,
    ) -> Geometry {
        self.rays = Some(Arc::new(ray));
        self
    }

    /// The number of random boards per size and direction (default [`RANDOM_BOARDS`]).
    #[must_use]
    pub fn random_boards(mut self, boards: usize) -> Geometry {
        self.boards = boards;
        self
    }

    /// The grids, smallest first.
    pub fn grids(&self) -> &[Grid] {
        &self.grids
    }

    /// The directions.
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// What is checked, for a row's note: `masks, shifts, rays of 4 directions on
    /// 5 sizes`.
    pub fn what(&self) -> String {
        let mut parts = Vec::new();
        if self.masks.is_some() {
            parts.push("masks");
        }
        if self.shift.is_some() {
            parts.push("shifts");
        }
        if self.rays.is_some() {
            parts.push("rays");
        }
        format!(
            "{} of {} directions on {} sizes vs coordinate steps",
            parts.join(", "),
            self.directions.len(),
            self.grids.len()
        )
    }

    /// Every check, size by size from the smallest: the masks, the shift of every
    /// one-bit board, the rays with no blocker, then random multi-bit boards and random
    /// blockers drawn from `seed` (the same seed, the same boards). Returns the number of
    /// things compared.
    ///
    /// # Errors
    /// The first failure, at the smallest size that fails; a failing random board is
    /// shrunk (bits dropped while it still fails).
    pub fn check(&self, seed: u64) -> Result<u64, Box<GeometryFailure>> {
        let mut rng = crate::rng::from_seed(seed);
        let mut checked = 0u64;
        for grid in &self.grids {
            for &d in &self.directions {
                checked += self.check_masks(grid, d)?;
                // each shift and each ray compared counts once
                let per_board = u64::from(self.shift.is_some()) + u64::from(self.rays.is_some());
                let bits_of_cells = self.grid_bits(grid);
                for &bit in &bits_of_cells {
                    self.check_shift(grid, 1 << bit, d)?;
                    self.check_ray(grid, bit, d, 0)?;
                    checked += per_board;
                }
                for _ in 0..self.boards {
                    let bits = rng.int_in(0..=u64::MAX) & grid.board();
                    self.check_board(grid, bits, d)?;
                    let from = bits_of_cells[rng.index(bits_of_cells.len())];
                    self.check_ray(grid, from, d, bits)?;
                    checked += per_board;
                }
            }
        }
        Ok(checked)
    }

    /// The bits of the grid's cells, row by row.
    fn grid_bits(&self, grid: &Grid) -> Vec<u32> {
        grid.cells().map(|(r, c)| grid.bit(r, c)).collect()
    }

    /// The masks of `d` on `grid` against the derived ones; the cells compared.
    fn check_masks(&self, grid: &Grid, d: Direction) -> Result<u64, Box<GeometryFailure>> {
        let Some((kind, mask)) = &self.masks else {
            return Ok(0);
        };
        let got = mask(grid, d) & grid.board();
        let expected = match kind {
            Masks::Stays => grid.stays(d),
            Masks::Leaves => grid.boundary(d),
        };
        if got == expected {
            return Ok(grid.width() as u64 * grid.height() as u64);
        }
        let odd = (got ^ expected).trailing_zeros();
        let (r, c) = grid.cell(odd).expect("a bit of the board");
        let leaves = grid.step_cell(r, c, d).is_none();
        let summary = format!(
            "{}, direction {d}, {}: {} the game's {} mask, but one step {d} {}",
            grid.size(),
            grid.describe_cell(r, c),
            if got >> odd & 1 == 1 { "in" } else { "not in" },
            match kind {
                Masks::Stays => "stays-on-the-board",
                Masks::Leaves => "boundary",
            },
            if leaves {
                "leaves the board"
            } else {
                "stays on the board"
            }
        );
        Err(Box::new(GeometryFailure {
            kind: Check::Mask,
            size: grid.size(),
            direction: d,
            summary,
            input: got,
            expected,
            got,
            drawn: side_by_side(grid, &[("expected", expected), ("the game's", got)]),
        }))
    }

    /// The game's shift of `bits` in direction `d` on `grid` against [`Grid::step`]; a
    /// failing multi-bit board is shrunk to a smallest one that still fails. `Ok` when
    /// the game gives no shift. What a proptest of the game's shift calls on each random
    /// board.
    ///
    /// # Errors
    /// The (shrunk) failure.
    pub fn check_board(
        &self,
        grid: &Grid,
        bits: u64,
        d: Direction,
    ) -> Result<(), Box<GeometryFailure>> {
        let Err(mut failure) = self.check_shift(grid, bits, d) else {
            return Ok(());
        };
        // drop bits while the board still fails
        let mut board = bits;
        let mut dropped = true;
        while dropped && board.count_ones() > 1 {
            dropped = false;
            for b in (0..64).filter(|b| board >> b & 1 == 1) {
                if let Err(f) = self.check_shift(grid, board & !(1 << b), d) {
                    board &= !(1 << b);
                    failure = f;
                    dropped = true;
                    break;
                }
            }
        }
        Err(failure)
    }

    fn check_shift(
        &self,
        grid: &Grid,
        bits: u64,
        d: Direction,
    ) -> Result<(), Box<GeometryFailure>> {
        let Some(shift) = &self.shift else {
            return Ok(());
        };
        let bits = bits & grid.board();
        let (expected, got) = (grid.step(bits, d), shift(grid, bits, d));
        if expected == got {
            return Ok(());
        }
        let what = match bits.count_ones() {
            1 => {
                let (r, c) = grid.cell(bits.trailing_zeros()).expect("a cell");
                grid.describe_cell(r, c)
            }
            _ => format!("board {}", grid.describe(bits)),
        };
        Err(Box::new(GeometryFailure {
            kind: Check::Shift,
            size: grid.size(),
            direction: d,
            summary: format!(
                "{}, direction {d}, {what}: expected {}, got {}",
                grid.size(),
                grid.describe(expected),
                grid.describe(got)
            ),
            input: bits,
            expected,
            got,
            drawn: side_by_side(
                grid,
                &[("shifted", bits), ("expected", expected), ("got", got)],
            ),
        }))
    }

    fn check_ray(
        &self,
        grid: &Grid,
        from: u32,
        d: Direction,
        blockers: u64,
    ) -> Result<(), Box<GeometryFailure>> {
        let Some(ray) = &self.rays else {
            return Ok(());
        };
        let (r, c) = grid.cell(from).expect("a cell");
        let blockers = blockers & grid.board() & !(1 << from);
        let (expected, got) = (grid.ray(r, c, d, blockers), ray(grid, from, d, blockers));
        if expected == got {
            return Ok(());
        }
        Err(Box::new(GeometryFailure {
            kind: Check::Ray,
            size: grid.size(),
            direction: d,
            summary: format!(
                "{}, direction {d}, ray from {} with blockers {}: expected {}, got {}",
                grid.size(),
                grid.describe_cell(r, c),
                grid.describe(blockers),
                grid.describe(expected),
                grid.describe(got)
            ),
            input: blockers,
            expected,
            got,
            drawn: side_by_side(
                grid,
                &[
                    ("from", 1 << from),
                    ("blockers", blockers),
                    ("expected", expected),
                    ("got", got),
                ],
            ),
        }))
    }

    /// The check as a `verify` row named `name` (`boundary masks`): [`Geometry::check`]
    /// with `seed`; its note is what was checked, or the failure.
    pub fn named_check(self, name: impl Into<String>, seed: u64) -> NamedCheck {
        let label = self.label.clone();
        let what = self.what();
        NamedCheck {
            rules: label,
            name: name.into(),
            run: Box::new(move || match self.check(seed) {
                Ok(checked) => crate::harness::driver::Outcome {
                    checked,
                    failed: 0,
                    detail: what,
                },
                Err(f) => crate::harness::driver::Outcome {
                    checked: 0,
                    failed: 1,
                    detail: f.to_string(),
                },
            }),
        }
    }

    /// The proptest strategy of one grid of this geometry, one of its directions and a
    /// random board of its cells (behind the `proptest` feature), for
    /// [`Geometry::check_board`].
    #[cfg(feature = "proptest")]
    pub fn boards(&self) -> impl proptest::strategy::Strategy<Value = (Grid, Direction, u64)> {
        use proptest::prelude::*;
        let grids = self.grids.clone();
        let directions = self.directions.clone();
        (0..grids.len(), 0..directions.len(), any::<u64>()).prop_map(move |(g, d, bits)| {
            (grids[g].clone(), directions[d], bits & grids[g].board())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shift_row_major(grid: &Grid, bits: u64, d: Direction) -> u64 {
        let off = d.dr * grid.width() as i64 + d.dc;
        let kept = bits & grid.stays(d);
        if off >= 0 {
            kept << off
        } else {
            kept >> -off
        }
    }

    fn squares() -> impl Iterator<Item = Grid> {
        (1..=8).map(|n| Grid::row_major(n, n))
    }

    #[test]
    fn the_derived_masks_of_a_square_are_its_edges() {
        let g = Grid::row_major(4, 4);
        assert_eq!(g.board(), 0xFFFF);
        assert_eq!(g.boundary(E), 0x8888);
        assert_eq!(g.boundary(W), 0x1111);
        assert_eq!(g.boundary(N), 0x000F);
        assert_eq!(g.boundary(S), 0xF000);
        assert_eq!(g.boundary(NE), 0x888F);
        assert_eq!(g.stays(SW), 0x0EEE);
        assert_eq!(g.step(1 << 5, NE), 1 << 2);
        assert_eq!(g.step(0x8000, SE), 0);
        assert_eq!(g.ray(3, 0, NE, 0), 1 << 9 | 1 << 6 | 1 << 3);
        assert_eq!(g.ray(3, 0, NE, 1 << 6), 1 << 9 | 1 << 6);
        assert_eq!(g.draw(0x8001), "# . . .\n. . . .\n. . . .\n. . . #\n");
    }

    /// The eight compass steps from the centre of a 3 × 3 board, clockwise from north:
    /// the cells around it, row 0 on top.
    #[test]
    fn the_compass_steps_go_round_the_centre() {
        let g = Grid::row_major(3, 3);
        let around: Vec<u64> = COMPASS.iter().map(|&d| g.step(1 << 4, d)).collect();
        let bits = [1, 2, 5, 8, 7, 6, 3, 0];
        assert_eq!(around, bits.map(|b| 1u64 << b));
        let names: Vec<&str> = COMPASS.iter().map(|d| d.name).collect();
        assert_eq!(names, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]);
    }

    #[test]
    fn connect_four_layout_runs_up_each_column_with_a_sentinel() {
        let g = Grid::column_major(7, 6, 1);
        assert_eq!(g.bit(5, 0), 0, "the bottom of the first column");
        assert_eq!(g.bit(0, 0), 5);
        assert_eq!(g.bit(5, 1), 7);
        assert_eq!(g.cell(6), None, "a sentinel");
        assert_eq!(g.board().count_ones(), 42);
        // one step up is one bit up, kept off the sentinel
        assert_eq!(g.stays(N) & (1 << 5), 0);
    }

    #[test]
    fn a_mapping_that_reuses_a_bit_is_refused() {
        let e = Grid::mapped(2, 2, |r, _| r as u32).unwrap_err();
        assert_eq!(e, "cells (0, 0) and (0, 1) are both bit 0");
        assert!(Grid::mapped(8, 9, |r, c| (r * 8 + c) as u32).is_err());
        for (w, h) in [(0, 3), (3, 0), (0, 0)] {
            let e = Grid::mapped(w, h, |r, c| (r * 3 + c) as u32).unwrap_err();
            assert_eq!(e, format!("a {w} × {h} board has no cell"));
        }
    }

    #[test]
    fn right_code_passes_every_check() {
        let geometry = Geometry::new("sides 1-8", squares(), COMPASS)
            .masks(Masks::Stays, |g, d| g.stays(d))
            .shift(shift_row_major)
            .rays(|g, from, d, blockers| {
                let (r, c) = g.cell(from).unwrap();
                g.ray(r, c, d, blockers)
            });
        let n = geometry.check(1).unwrap();
        // per direction: every cell's mask bit, then every one-bit board and the random
        // boards, each shifted and cast as a ray
        let cells: u64 = (1..=8).map(|n| n * n).sum();
        assert_eq!(n, 8 * (cells + 2 * (cells + 8 * RANDOM_BOARDS as u64)));
    }

    /// A shift that skips its mask wraps round the edge: the failure names the smallest
    /// side, the direction, the cell and both images, and draws them.
    #[test]
    fn a_dropped_mask_is_found_at_the_smallest_side() {
        let geometry = Geometry::new("sides 1-8", squares(), COMPASS).shift(|g, bits, d| {
            let off = d.dr * g.width() as i64 + d.dc;
            // the east mask dropped
            let kept = if d == E { bits } else { bits & g.stays(d) };
            (if off >= 0 { kept << off } else { kept >> -off }) & g.board()
        });
        let f = geometry.check(1).unwrap_err();
        assert_eq!(f.kind, Check::Shift);
        assert_eq!(
            f.summary,
            "side 2, direction E, cell (0, 1) = bit 1: expected empty, got bit 2"
        );
        assert_eq!(
            f.drawn,
            "shifted    expected   got\n. #        . .        . .\n. .        . .        # .\n"
        );
    }

    #[test]
    fn a_wrong_mask_names_its_cell() {
        let geometry = Geometry::new("side 8", [Grid::row_major(8, 8)], [NE])
            .masks(Masks::Leaves, |g, d| g.boundary(d) & !(1 << 23));
        let f = geometry.check(1).unwrap_err();
        assert_eq!(
            f.summary,
            "side 8, direction NE, cell (2, 7) = bit 23: not in the game's boundary mask, \
             but one step NE leaves the board"
        );
    }

    /// A shift right on one bit and wrong on two (a carry between cells) is found on a
    /// random board and shrunk to two bits.
    #[test]
    fn a_multi_bit_failure_is_shrunk() {
        let geometry = Geometry::new("side 6", [Grid::row_major(6, 6)], [S]).shift(|g, bits, d| {
            let right = g.step(bits, d);
            if bits.count_ones() >= 2 && bits & 1 == 1 {
                right ^ 1 << 35
            } else {
                right
            }
        });
        let f = geometry.check(3).unwrap_err();
        assert_eq!(f.input.count_ones(), 2, "{f}");
        assert_eq!(f.input & 1, 1);
    }

    #[test]
    fn a_wrong_ray_is_found() {
        let geometry =
            Geometry::new("side 3", [Grid::row_major(3, 3)], [E]).rays(|g, from, d, _| {
                // ignores the blockers
                let (r, c) = g.cell(from).unwrap();
                g.ray(r, c, d, 0)
            });
        let f = geometry.check(5).unwrap_err();
        assert_eq!(f.kind, Check::Ray);
        assert!(
            f.summary.starts_with("side 3, direction E, ray from cell"),
            "{f}"
        );
    }

    #[test]
    fn a_named_check_is_a_row() {
        let geometry = Geometry::new("side 3", [Grid::row_major(3, 3)], [E]).shift(shift_row_major);
        let outcome = (geometry.named_check("boundary masks", 1).run)();
        assert_eq!(outcome.failed, 0);
        assert_eq!(outcome.checked, 9 + RANDOM_BOARDS as u64);
        assert_eq!(
            outcome.detail,
            "shifts of 1 directions on 1 sizes vs coordinate steps"
        );
    }
}
