//! Chomp checked by the harness: the laws under proptest, the fuzz body on stable, and a
//! planted bug in a contestant's program caught and shrunk by `stress`.

use chomp::{board::Board, Chomp, Rules};
use gamecheck::harness::laws::{instances, solvers_agree, solvers_agree_bytes};
use gamecheck::harness::props::random_inputs;
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};
use proptest::prelude::*;

proptest! {
    /// Every solver agrees with the oracle, on random rectangles and boards.
    #[test]
    fn solvers_agree_on_random_boards(i in instances::<Chomp>()) {
        solvers_agree::<Chomp>(&i.rules, &i.case).map_err(TestCaseError::fail)?;
    }
}

/// The fuzz target's body (`solvers_agree_bytes`), driven on stable by seeded bytes.
#[test]
fn the_fuzz_body_holds_on_random_bytes() {
    for bytes in random_inputs(1, 500, 64) {
        solvers_agree_bytes::<Chomp>(&bytes).unwrap();
    }
}

/// A contestant who believes every board with an empty top-right cell is lost: `stress`
/// catches it and shrinks the failing input to one board of three cells.
#[test]
fn stress_catches_and_shrinks_a_planted_bug() {
    let (width, height) = (4, 3);
    let rules = Rules { width, height };
    let mut game = Chomp::contest(rules, &Default::default()).unwrap();
    let mut contestant = program_of::<Chomp>(rules, |b: &Board| {
        match b.heights[b.width - 1] as usize == b.height {
            true => Winner::Alice,
            false => Winner::Bob,
        }
    });
    let opts = StressOptions {
        rounds: 50,
        cases: 20,
        seed: 7,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("the planted bug is caught");
    assert_eq!(failure.minimal.cases.len(), 1);
    let board = failure.minimal.cases[0];
    assert!(
        board.cells() <= 3,
        "shrunk to {board:?}: {}",
        game.write_input(&[board])
    );
}
