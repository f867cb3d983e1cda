//! The contest adapter of a simple game: the cases beyond the oracle's reach.

use chomp::{board::Board, Chomp, Rules};
use gamecheck::prelude::*;
use gamecheck::stress::ContestGame;

/// The contest adapter counts the cases beyond the oracle's reach (its 49 cells), whose
/// answers come from the default solver alone: `gen` and `stress` say how many.
#[test]
fn cases_beyond_the_oracle_are_counted() {
    let small = Chomp::contest(
        Rules {
            width: 4,
            height: 3,
        },
        &Default::default(),
    )
    .unwrap();
    assert_eq!(small.beyond_oracle(&[Board::full(4, 3)]), 0);
    let big = Chomp::contest(
        Rules {
            width: 10,
            height: 5,
        },
        &Default::default(),
    )
    .unwrap();
    let boards = [Board::full(10, 5), Board::full(10, 5).take(0, 1)];
    // 50 cells, then 10 (the bite at (0, 1) takes every cell above and to the right)
    assert_eq!(big.beyond_oracle(&boards), 1);
}
