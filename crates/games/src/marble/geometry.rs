//! The diamond ↔ square mapping and the direction boundary masks, derived from the geometry at compile time.
//!
//! Turned 45°, the diamond of side n is an n × n square; square cell `(r, c)` is bit
//! `r·n + c`. The `j`-th symbol of diamond row `k` is square cell
//! `r = min(k, n−1) − j, c = k − r`.
//!
//! A family's *boundary mask* is the set of cells from which one more step of that family
//! leaves the square. For n = 4 (`.` empty, `#` in the mask, square row 0 on top):
//!
//! ```text
//! falling (+1)   horizontal (+3)   rising (+4)   vertical (+5)
//!   . . . #        # . . .          . . . .        . . . #
//!   . . . #        # . . .          . . . .        . . . #
//!   . . . #        # . . .          . . . .        . . . #
//!   . . . #        # # # #          # # # #        # # # #
//! ```
//!
//! ```
//! use gamecheck_games::marble::{geometry::boundary_mask, Line};
//! assert_eq!(boundary_mask(4, Line::Falling), 0x8888);
//! assert_eq!(boundary_mask(4, Line::Horizontal), 0xF111);
//! assert_eq!(boundary_mask(4, Line::Rising), 0xF000);
//! assert_eq!(boundary_mask(4, Line::Vertical), 0xF888);
//! ```

use super::rules::{Line, MAX_SIDE};

/// One step of `line` in the square frame, as `(dr, dc)` (the line families of `docs/rules.md`, turned into the square frame).
pub const fn square_step(line: Line) -> (isize, isize) {
    match line {
        Line::Horizontal => (1, -1),
        Line::Vertical => (1, 1),
        Line::Rising => (1, 0),
        Line::Falling => (0, 1),
    }
}

/// The bit offset of one step of `line` on a square of `side` (`dr·n + dc`; always
/// positive: +1, +n−1, +n, +n+1). Offsets can coincide for sides 1 and 2, so masks are
/// keyed by family, never by offset.
pub const fn step_offset(side: usize, line: Line) -> u32 {
    let (dr, dc) = square_step(line);
    (dr * side as isize + dc) as u32
}

/// The cells of the `side × side` square from which one more step of `line` leaves it,
/// as a bit set (bit `r·side + c`). `side` must be in 1..=6.
pub const fn boundary_mask(side: usize, line: Line) -> u64 {
    let (dr, dc) = square_step(line);
    let n = side as isize;
    let mut mask = 0u64;
    let mut r = 0;
    while r < n {
        let mut c = 0;
        while c < n {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= n || nc >= n {
                mask |= 1 << (r * n + c);
            }
            c += 1;
        }
        r += 1;
    }
    mask
}

const fn all_masks() -> [[u64; 4]; MAX_SIDE + 1] {
    let mut t = [[0u64; 4]; MAX_SIDE + 1];
    let mut side = 1;
    while side <= MAX_SIDE {
        let mut i = 0;
        while i < 4 {
            t[side][i] = boundary_mask(side, Line::ALL[i]);
            i += 1;
        }
        side += 1;
    }
    t
}

/// `BOUNDARY_MASKS[side][line.index()]`, filled at compile time by [`boundary_mask`].
pub const BOUNDARY_MASKS: [[u64; 4]; MAX_SIDE + 1] = all_masks();

/// `line`'s step in the square frame as a direction of [`gamecheck::geometry`] (named
/// as the family), for the geometry check of the masks ([`super::props::boundary_masks`]).
pub const fn direction(line: Line) -> gamecheck::geometry::Direction {
    let (dr, dc) = square_step(line);
    let name = match line {
        Line::Horizontal => "horizontal",
        Line::Vertical => "vertical",
        Line::Rising => "rising",
        Line::Falling => "falling",
    };
    gamecheck::geometry::Direction::new(name, dr as i64, dc as i64)
}

/// One step of `line` of every cell of `bits` (square frame of `side`) at once, as the
/// move generator steps: the cells of the boundary mask `masks[line.index()]` dropped,
/// the rest shifted by [`step_offset`]. With [`BOUNDARY_MASKS`]`[side]` this is the
/// shift the geometry check compares with the coordinate step.
pub fn shift(side: usize, masks: &[u64; 4], bits: u64, line: Line) -> u64 {
    let full = (1u64 << (side * side)) - 1;
    (bits & full & !masks[line.index()]) << step_offset(side, line)
}

/// The length of diamond row `k` (0-based) of a diamond of side `side`: 1, 2, …, n, …, 2, 1.
pub const fn diamond_row_len(side: usize, k: usize) -> usize {
    if k < side {
        k + 1
    } else {
        2 * side - 1 - k
    }
}

/// The square bit of the `j`-th symbol of diamond row `k` (`r = min(k, n−1) − j,
/// c = k − r`).
pub const fn diamond_to_square(side: usize, k: usize, j: usize) -> usize {
    let top = if k < side - 1 { k } else { side - 1 };
    let r = top - j;
    let c = k - r;
    r * side + c
}

/// Bytes of a position of the largest side (36 cells: 5 bytes).
const BYTES: usize = (MAX_SIDE * MAX_SIDE).div_ceil(8);

/// Converts positions between reading order (bit `i` = the `i`-th symbol of the contest
/// text, the order of [`super::Position`]) and the square frame (bit `r·n + c`), a byte
/// at a time through lookup tables.
#[derive(Debug, Clone)]
pub struct Layout {
    side: usize,
    to_square: [[u64; 256]; BYTES],
    to_reading: [[u64; 256]; BYTES],
}

impl Layout {
    /// The layout of a diamond of `side` (1..=6).
    ///
    /// # Panics
    /// When `side` is outside 1..=6.
    pub fn new(side: usize) -> Self {
        assert!(
            (1..=MAX_SIDE).contains(&side),
            "side {side} outside 1..={MAX_SIDE}"
        );
        let mut square_of = [0usize; MAX_SIDE * MAX_SIDE];
        let mut i = 0;
        for k in 0..2 * side - 1 {
            for j in 0..diamond_row_len(side, k) {
                square_of[i] = diamond_to_square(side, k, j);
                i += 1;
            }
        }
        let mut to_square = [[0u64; 256]; BYTES];
        let mut to_reading = [[0u64; 256]; BYTES];
        for (byte, (fwd, back)) in to_square.iter_mut().zip(to_reading.iter_mut()).enumerate() {
            for v in 0..256usize {
                for bit in 0..8 {
                    let idx = byte * 8 + bit;
                    if v >> bit & 1 == 1 && idx < side * side {
                        fwd[v] |= 1 << square_of[idx];
                        let reading = square_of[..side * side]
                            .iter()
                            .position(|&s| s == idx)
                            .expect("the mapping is a permutation");
                        back[v] |= 1 << reading;
                    }
                }
            }
        }
        Layout {
            side,
            to_square,
            to_reading,
        }
    }

    /// The side this layout is for.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Reading-order bits → square bits.
    #[inline]
    pub fn to_square(&self, reading: u64) -> u64 {
        self.to_square[0][(reading & 0xFF) as usize]
            | self.to_square[1][(reading >> 8 & 0xFF) as usize]
            | self.to_square[2][(reading >> 16 & 0xFF) as usize]
            | self.to_square[3][(reading >> 24 & 0xFF) as usize]
            | self.to_square[4][(reading >> 32 & 0xFF) as usize]
    }

    /// Square bits → reading-order bits.
    #[inline]
    pub fn to_reading(&self, square: u64) -> u64 {
        self.to_reading[0][(square & 0xFF) as usize]
            | self.to_reading[1][(square >> 8 & 0xFF) as usize]
            | self.to_reading[2][(square >> 16 & 0xFF) as usize]
            | self.to_reading[3][(square >> 24 & 0xFF) as usize]
            | self.to_reading[4][(square >> 32 & 0xFF) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_diamond_reading_order_is_the_literal_one() {
        let order: Vec<usize> = (0..7)
            .flat_map(|k| (0..diamond_row_len(4, k)).map(move |j| diamond_to_square(4, k, j)))
            .collect();
        assert_eq!(
            order,
            [0, 4, 1, 8, 5, 2, 12, 9, 6, 3, 13, 10, 7, 14, 11, 15]
        );
    }

    #[test]
    fn layout_round_trips_every_side() {
        for side in 1..=MAX_SIDE {
            let l = Layout::new(side);
            assert_eq!(l.side(), side);
            let full = (1u64 << (side * side)) - 1;
            for bit in 0..side * side {
                let sq = l.to_square(1 << bit);
                assert_eq!(sq.count_ones(), 1);
                assert_eq!(l.to_reading(sq), 1 << bit);
            }
            assert_eq!(l.to_square(full), full);
        }
    }
}
