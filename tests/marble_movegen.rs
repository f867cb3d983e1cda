//! The bitmask move generator against the oracle's, on every board.

use gamecheck_games::marble::props::MovegenPair;
use gamecheck_games::marble::{full_mask, LineSet, Play, Position, Rules};
use rayon::prelude::*;

fn every_rule_set(side: usize) -> Vec<Rules> {
    (1u8..=15)
        .flat_map(|bits| {
            (1..=side).map(move |run| {
                Rules::new(
                    side,
                    Some(run),
                    LineSet::from_bits(bits).unwrap(),
                    Play::Normal,
                )
                .unwrap()
            })
        })
        .collect()
}

fn check_every_board(side: usize) -> u64 {
    every_rule_set(side)
        .par_iter()
        .map(|rules| {
            let pair = MovegenPair::new(rules);
            for m in 0..=full_mask(side) {
                if let Err(e) = pair.check(&Position::new(side, m)) {
                    panic!("{e}");
                }
            }
            full_mask(side) + 1
        })
        .sum()
}

/// Every 4-diamond board under every line-family subset and run length.
#[test]
fn four_diamond_every_board_every_variant() {
    assert_eq!(check_every_board(4), 15 * 4 * 65536);
}

/// Every board of sides 1, 2 and 3 under every line-family subset and run length.
#[test]
fn small_sides_every_board_every_variant() {
    assert_eq!(check_every_board(1), 15 * 2);
    assert_eq!(check_every_board(2), 15 * 2 * 16);
    assert_eq!(check_every_board(3), 15 * 3 * 512);
}

/// The empty standard board has 16 single cells and 66 runs of two or three
/// (by line family: 20 + 20 + 13 + 13).
#[test]
fn empty_standard_board_move_count() {
    let pair = MovegenPair::new(&Rules::standard());
    assert_eq!(pair.fast_moves(&Position::empty(4)).len(), 16 + 66);
    assert_eq!(pair.oracle_moves(&Position::empty(4)).len(), 16 + 66);
}

/// A run never wraps from the end of one square row to the start of the next: on the
/// 4-diamond with only `falling` lines, square cells 3 and 4 are not a move.
#[test]
fn no_run_wraps_across_an_edge() {
    use gamecheck_games::marble::geometry::Layout;
    use gamecheck_games::marble::Line;
    let rules = Rules::new(
        4,
        Some(2),
        LineSet::new(&[Line::Falling]).unwrap(),
        Play::Normal,
    )
    .unwrap();
    let layout = Layout::new(4);
    let wrap = layout.to_reading(1 << 3 | 1 << 4);
    let moves = MovegenPair::new(&rules).fast_moves(&Position::empty(4));
    assert!(!moves.contains(&wrap));
    assert!(moves.contains(&layout.to_reading(1 << 2 | 1 << 3)));
}
