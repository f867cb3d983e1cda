//! Boundary masks and the diamond mapping, checked on their own.

use gamecheck_games::marble::geometry::{
    boundary_mask, diamond_row_len, diamond_to_square, BOUNDARY_MASKS,
};
use gamecheck_games::marble::props::{leaves_square, masks_match_geometry};
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
