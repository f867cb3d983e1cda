//! Boundary masks and the diamond mapping, checked on their own.

use gamecheck_games::marble::geometry::{
    boundary_mask, diamond_row_len, diamond_to_square, BOUNDARY_MASKS,
};
use gamecheck_games::marble::props::{boundary_masks, leaves_square, masks_match_geometry};
use gamecheck_games::marble::rules::MAX_SIDE;
use gamecheck_games::marble::Line;

/// The literal 4-diamond masks, worked out by hand (as drawn in `geometry`).
#[test]
fn four_diamond_masks_are_the_literal_values() {
    assert_eq!(BOUNDARY_MASKS[4][Line::Falling.index()], 0x8888);
    assert_eq!(BOUNDARY_MASKS[4][Line::Horizontal.index()], 0xF111);
    assert_eq!(BOUNDARY_MASKS[4][Line::Rising.index()], 0xF000);
    assert_eq!(BOUNDARY_MASKS[4][Line::Vertical.index()], 0xF888);
}

/// The 4-diamond mask cells, listed by hand; the same, cell by cell.
#[test]
fn four_diamond_mask_cells_are_the_listed_ones() {
    let cells = |line| -> Vec<usize> {
        (0..16)
            .filter(|i| BOUNDARY_MASKS[4][Line::index(line)] >> i & 1 == 1)
            .collect()
    };
    assert_eq!(cells(Line::Falling), [3, 7, 11, 15]);
    assert_eq!(cells(Line::Horizontal), [0, 4, 8, 12, 13, 14, 15]);
    assert_eq!(cells(Line::Rising), [12, 13, 14, 15]);
    assert_eq!(cells(Line::Vertical), [3, 7, 11, 12, 13, 14, 15]);
}

/// Every (side, family, cell) against the independent predicate "one more step leaves
/// the n × n square", written per family by name.
#[test]
#[allow(clippy::needless_range_loop)]
fn every_mask_matches_the_geometric_predicate() {
    let checked = masks_match_geometry().unwrap();
    assert_eq!(checked, 4 * (1 + 4 + 9 + 16 + 25 + 36));
    for side in 1..=MAX_SIDE {
        for line in Line::ALL {
            let mask = BOUNDARY_MASKS[side][line.index()];
            assert_eq!(mask, boundary_mask(side, line));
            for r in 0..side {
                for c in 0..side {
                    assert_eq!(
                        mask >> (r * side + c) & 1 == 1,
                        leaves_square(side, line, r, c),
                        "side {side}, {line}, cell ({r}, {c})"
                    );
                }
            }
        }
    }
}

/// Sides 1 and 2 have families with the same bit offset but different masks: the masks
/// are keyed by family.
#[test]
fn families_sharing_an_offset_keep_their_own_masks() {
    // n = 2: falling and horizontal both step +1
    assert_ne!(
        BOUNDARY_MASKS[2][Line::Falling.index()],
        BOUNDARY_MASKS[2][Line::Horizontal.index()]
    );
    assert_eq!(BOUNDARY_MASKS[2][Line::Falling.index()], 0b1010);
    assert_eq!(BOUNDARY_MASKS[2][Line::Horizontal.index()], 0b1101);
    // n = 1: every step leaves the board
    for line in Line::ALL {
        assert_eq!(BOUNDARY_MASKS[1][line.index()], 1);
    }
}

/// The mapping is a bijection from diamond symbols to square cells for every side.
#[test]
fn diamond_mapping_is_a_bijection() {
    for side in 1..=MAX_SIDE {
        let mut seen = vec![false; side * side];
        for k in 0..2 * side - 1 {
            for j in 0..diamond_row_len(side, k) {
                let bit = diamond_to_square(side, k, j);
                assert!(!seen[bit], "side {side}: square cell {bit} reached twice");
                seen[bit] = true;
                // the square cell lies on diamond row r + c
                assert_eq!(bit / side + bit % side, k);
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}

/// The `boundary masks` row of `verify`: the masks and the shift the move generator
/// steps with, against the library's coordinate steps ([`gamecheck::geometry`]).
#[test]
fn the_masks_and_the_shift_pass_the_geometry_check() {
    let geometry = boundary_masks(|side| BOUNDARY_MASKS[side]);
    let checked = geometry.check(2026).unwrap();
    let cells: u64 = (1..=6).map(|n| n * n).sum();
    // per family: every cell's mask bit, every one-bit board, the random boards
    assert_eq!(
        checked,
        4 * (2 * cells + 6 * gamecheck::geometry::RANDOM_BOARDS as u64)
    );
}

/// A mask with one cell dropped (side 4, falling, the east edge's cell (1, 3)) is found
/// at that cell, and the shift under it wraps onto the next row; a mask right at side
/// 4 but wrong at side 5 is reported at side 5.
#[test]
fn a_planted_mask_bug_is_found_at_its_cell() {
    fn dropped(side: usize) -> [u64; 4] {
        let mut m = BOUNDARY_MASKS[side];
        if side == 4 {
            m[Line::Falling.index()] &= !(1 << 7);
        }
        m
    }
    let f = boundary_masks(dropped).check(1).unwrap_err();
    assert_eq!(
        f.summary,
        "side 4, direction falling, cell (1, 3) = bit 7: not in the game's boundary mask, \
         but one step falling leaves the board"
    );
    // the shift alone (no mask compared) shows the wrap
    let shift_only = gamecheck::geometry::Geometry::new(
        "side 4",
        [gamecheck::geometry::Grid::row_major(4, 4)],
        [gamecheck_games::marble::geometry::direction(Line::Falling)],
    )
    .shift(|g, bits, _| {
        gamecheck_games::marble::geometry::shift(g.width(), &dropped(4), bits, Line::Falling)
    });
    let f = shift_only.check(1).unwrap_err();
    assert_eq!(
        f.to_string(),
        "side 4, direction falling, cell (1, 3) = bit 7: expected empty, got bit 8\n\
         shifted    expected   got\n\
         . . . .    . . . .    . . . .\n\
         . . . #    . . . .    . . . .\n\
         . . . .    . . . .    # . . .\n\
         . . . .    . . . .    . . . ."
    );
}
