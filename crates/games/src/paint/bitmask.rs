//! The `bitmask` solver: brute force on a `u64`, memoized.
//!
//! Layout: column `c` (1-based) occupies bits `2(c−1)` (row 1) and `2(c−1) + 1` (row 2),
//! so N ≤ 32. The state is the set of *unpainted* cells; bits at or above 2N are always
//! clear, which is what keeps a 2 × 2 block from reaching past column N (the shifts
//! below bring in zeros there). One memo, keyed by that set, serves every N.
//!
//! Longer strips are packed first ([`packed_mask`]): fully painted columns are dropped,
//! except one between two fully unpainted columns, where it stops a 2 × 2 block. That
//! leaves the game unchanged, and with at most 24 unpainted cells it always fits in 32
//! columns, so the solver is limited by the unpainted cells alone.

use super::{Cell, Position};
use gamecheck::geometry::Direction;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use rustc_hash::FxHashMap;

/// The memo, keyed by the unpainted set: FxHash (rustc-hash) instead of SipHash, several
/// times faster on these `u64` keys, which no attacker chooses.
type Memo = FxHashMap<u64, bool>;

/// The most columns a `u64` holds.
pub const MAX_COLUMNS: u64 = 32;

/// The most unpainted cells the solver accepts (2^24 memo entries at most).
pub const MAX_UNPAINTED: u128 = 24;

/// The bits of row 2 of every column (bit 2c + 1 of column c + 1): the cells whose step
/// up ([`UP`]) stays on the strip.
const ROW2: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// The cells whose step left ([`LEFT`]) stays on the strip: every column but the first.
const NOT_FIRST_COLUMN: u64 = !0b11;

/// Up a row in a column (row 2 to row 1): one of the two steps of the move generator.
pub const UP: Direction = gamecheck::geometry::N;
/// Left a column (column c + 1 to column c, same row): the other step.
pub const LEFT: Direction = gamecheck::geometry::W;

/// The mask of `d` ([`UP`] or [`LEFT`]): the cells whose step stays on the strip (for
/// every N at once: the bits past column N are clear in every unpainted set).
///
/// # Panics
/// For any other direction.
pub fn mask(d: Direction) -> u64 {
    match d {
        UP => ROW2,
        LEFT => NOT_FIRST_COLUMN,
        _ => panic!("paint steps only up and left, not {d}"),
    }
}

/// Every cell of `bits` stepped once in direction `d` ([`UP`] or [`LEFT`]): the cells of
/// [`mask`] kept, then shifted (up: one bit down; left: two bits down). What the move
/// generator builds its 2 × 2 blocks from, checked on its own by the `boundary masks`
/// row of `verify` against the coordinate steps of the 2 × N strip.
///
/// # Panics
/// For any other direction.
pub fn shift(bits: u64, d: Direction) -> u64 {
    match d {
        UP => shift_up(bits),
        LEFT => shift_left(bits),
        _ => panic!("paint steps only up and left, not {d}"),
    }
}

/// [`shift`] up, as the move generator calls it.
#[inline]
const fn shift_up(bits: u64) -> u64 {
    (bits & ROW2) >> 1
}

/// [`shift`] left, as the move generator calls it.
#[inline]
const fn shift_left(bits: u64) -> u64 {
    (bits & NOT_FIRST_COLUMN) >> 2
}

/// The strip of `n` columns (1..=32) as the bitmask lays it out, for
/// [`gamecheck::geometry`]: cell (row r, column c), both 0-based, is bit `2c + r`.
pub fn grid(n: usize) -> gamecheck::geometry::Grid {
    gamecheck::geometry::Grid::mapped(n, 2, |r, c| (2 * c + r) as u32).expect("N ≤ 32")
}

/// The bit of `cell` in the layout above.
pub fn bit(cell: Cell) -> u64 {
    1 << (2 * (cell.col - 1) + u64::from(cell.row - 1))
}

/// The unpainted cells of `position` as a mask (N ≤ 32).
pub fn unpainted_mask(position: &Position) -> u64 {
    let n = position.n();
    assert!(n <= MAX_COLUMNS, "N = {n} does not fit a u64");
    let full = if n == 32 {
        u64::MAX
    } else {
        (1 << (2 * n)) - 1
    };
    position.painted().iter().fold(full, |m, &c| m & !bit(c))
}

/// The unpainted cells of `position` packed into at most 32 columns, in the layout above:
/// fully painted columns are dropped, except one wherever it separates two fully
/// unpainted columns (a half-painted column stops a 2 × 2 block by itself). No move is
/// created or lost, so the game is the same. `None` when more than 32 columns remain
/// (never with at most 24 unpainted cells: f fully and h half unpainted columns with
/// 2f + h ≤ 24 need at most f + h + (f − 1) ≤ 23 columns).
pub fn packed_mask(position: &Position) -> Option<u64> {
    if position.n() <= MAX_COLUMNS {
        return Some(unpainted_mask(position));
    }
    // painted rows of each column that has a painted cell (bit 0: row 1, bit 1: row 2)
    let mut painted: FxHashMap<u64, u8> = FxHashMap::default();
    for c in position.painted() {
        *painted.entry(c.col).or_default() |= 1 << (c.row - 1);
    }
    let mut packed = 0u64;
    let mut width = 0u64; // columns placed so far
    let mut wall_pending = false;
    let mut last_free = false; // the last placed column is fully unpainted
    let mut prev = 0u64;
    // the walk stops at 32 placed columns, so it visits at most the fully painted ones
    // (≤ M / 2) and 33 more: O(M) however long the strip
    for c in (1..=position.n()).filter(|c| painted.get(c) != Some(&3)) {
        if c != prev + 1 {
            wall_pending = true;
        }
        let free_rows = 3 & !painted.get(&c).copied().unwrap_or(0);
        let is_free = free_rows == 3;
        if wall_pending && last_free && is_free {
            width += 1; // one fully painted column: all its bits stay clear
        }
        if width >= MAX_COLUMNS {
            return None;
        }
        packed |= u64::from(free_rows) << (2 * width);
        width += 1;
        last_free = is_free;
        wall_pending = false;
        prev = c;
    }
    Some(packed)
}

/// Every move at the unpainted set `free`, as masks of the cells it paints: the 2 × 2
/// blocks left to right, then the single cells in bit order.
pub fn moves(free: u64) -> Vec<u64> {
    let mut v = Vec::with_capacity(free.count_ones() as usize * 2);
    for_each_move(free, |m| {
        v.push(m);
        false
    });
    v
}

/// Calls `f` on each move at `free` until it returns `true`; returns whether it did.
fn for_each_move(free: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    // bit 2c: both cells of column c+1 unpainted (row 1, and row 2 stepped up); then
    // also column c+2 (stepped left)
    let columns = free & shift_up(free);
    let mut blocks = columns & shift_left(columns);
    while blocks != 0 {
        let low = blocks.trailing_zeros();
        if f(0xF << low) {
            return true;
        }
        blocks &= blocks - 1;
    }
    let mut cells = free;
    while cells != 0 {
        let m = cells & cells.wrapping_neg();
        if f(m) {
            return true;
        }
        cells &= cells - 1;
    }
    false
}

/// Memoized depth-first search; the memo is kept across positions.
#[derive(Debug, Clone, Default)]
pub struct Bitmask {
    memo: Memo,
}

impl Bitmask {
    /// The solver with an empty memo.
    pub fn new() -> Self {
        Bitmask::default()
    }

    /// Whether the player to move wins when `free` is the unpainted set (normal play).
    pub fn wins(&mut self, free: u64) -> bool {
        if let Some(&w) = self.memo.get(&free) {
            return w;
        }
        let win = for_each_move(free, |m| !self.wins(free & !m));
        self.memo.insert(free, win);
        win
    }
}

/// The packed free cells of `position`, or the refusal when it has more than
/// [`MAX_UNPAINTED`] unpainted cells or does not pack into 64 bits.
fn packed(position: &Position) -> Result<u64, Refusal> {
    let u = position.unpainted();
    let packed = if u > MAX_UNPAINTED {
        None
    } else {
        packed_mask(position)
    };
    packed.ok_or_else(|| Refusal {
        solver: "bitmask",
        reason: format!("{u} unpainted cells, more than its limit of {MAX_UNPAINTED}"),
        suggestion: Suggestion::Solver("periodic"),
    })
}

impl Solver<Position, Value> for Bitmask {
    fn name(&self) -> &'static str {
        "bitmask"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        packed(position).map(|_| ())
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        let free = packed(position)?;
        Ok(if self.wins(free) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strip of `half` half-painted columns (row 1 painted) and then `full` fully
    /// painted ones, or the fully painted ones first.
    fn half_then_full(half: u64, full: u64, full_first: bool) -> Position {
        let (half_cols, full_cols) = if full_first {
            (full + 1..=full + half, 1..=full)
        } else {
            (1..=half, half + 1..=half + full)
        };
        let mut painted: Vec<Cell> = half_cols.map(|col| Cell { row: 1, col }).collect();
        for col in full_cols {
            painted.extend([Cell { row: 1, col }, Cell { row: 2, col }]);
        }
        Position::new(half + full, painted).unwrap()
    }

    /// Packing fits exactly when at most 32 columns remain, however long the strip.
    #[test]
    fn packing_fits_up_to_32_remaining_columns() {
        for full_first in [false, true] {
            for full in [1, 8, 1000] {
                let p = half_then_full(32, full, full_first);
                // the 32 half columns, row 2 free in each
                assert_eq!(packed_mask(&p), Some(0xAAAA_AAAA_AAAA_AAAA), "{full}");
                assert_eq!(packed_mask(&half_then_full(33, full, full_first)), None);
            }
        }
        // the wall kept between two free columns is a column too: free, wall, free and
        // `half` half columns, then two fully painted ones (N > 32: the packing path)
        let walled = |half: u64| {
            let full = |col| [Cell { row: 1, col }, Cell { row: 2, col }];
            let mut painted = full(2).to_vec();
            painted.extend((4..4 + half).map(|col| Cell { row: 1, col }));
            painted.extend(full(4 + half));
            painted.extend(full(5 + half));
            Position::new(5 + half, painted).unwrap()
        };
        let half_rows = (3..32).fold(0u64, |m, w| m | 1 << (2 * w + 1));
        assert_eq!(packed_mask(&walled(29)), Some(0b11 | 0b11 << 4 | half_rows));
        assert_eq!(packed_mask(&walled(30)), None);
    }

    #[test]
    fn blocks_never_pass_the_last_column() {
        // N = 32, all free: 64 cells and 31 blocks; the last block is columns 31-32
        let all = moves(u64::MAX);
        assert_eq!(all.len(), 64 + 31);
        assert_eq!(all[30], 0xF << 60);
        // N = 3, all free: 6 cells, blocks 1-2 and 2-3
        let m = moves(0b11_1111);
        assert_eq!(m.len(), 8);
        assert_eq!(&m[..2], &[0xF, 0x3C]);
        // a half-painted column breaks blocks on both sides
        assert_eq!(moves(0b11_10_11).len(), 5);
    }

    #[test]
    fn refuses_and_names_periodic() {
        let e = Bitmask::new()
            .solve(&Position::empty(33).unwrap())
            .unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Solver("periodic"));
        let e = Bitmask::new()
            .solve(&Position::empty(13).unwrap())
            .unwrap_err();
        assert!(e.reason.contains("26 unpainted"));
        assert_eq!(
            Bitmask::new().solve(&Position::empty(2).unwrap()),
            Ok(Value::Win)
        );
    }

    /// The limit is inclusive (24 unpainted cells are answered, 25 refused), `check`
    /// refuses exactly what `solve` refuses, and the refusal names this solver.
    #[test]
    fn the_limit_is_24_unpainted_cells_and_check_agrees_with_solve() {
        let mut b = Bitmask::new();
        // a strip of N columns with its first `painted` cells painted, column by column
        let strip = |n: u64, painted: u64| {
            let cells = (0..painted).map(|i| Cell {
                row: 1 + (i % 2) as u8,
                col: 1 + i / 2,
            });
            Position::new(n, cells.collect()).unwrap()
        };
        assert!(b.check(&Position::empty(12).unwrap()).is_ok());
        assert!(b.check(&strip(13, 2)).is_ok(), "24 unpainted");
        assert!(b.check(&strip(40, 56)).is_ok(), "24 unpainted, packed");
        for (n, painted) in [(13, 1), (13, 0), (40, 3), (33, 0)] {
            let p = strip(n, painted);
            let e = b.check(&p).unwrap_err();
            assert_eq!(b.solve(&p), Err(e.clone()));
            assert_eq!(e.solver, b.name());
            assert!(e.to_string().starts_with("solver `bitmask` refuses"), "{e}");
        }
        for (n, painted) in [(1, 0), (5, 3), (40, 60), (12, 1)] {
            let p = strip(n, painted);
            assert!(b.check(&p).is_ok() && b.solve(&p).is_ok(), "N = {n}");
        }
    }
}
