//! The contest past the oracle: `gen` and `stress` send middlegames the oracle refuses
//! (answered by the alpha-beta solver alone), small boards still come often, and a
//! contestant wrong only past the oracle's reach is caught and shrunk.

use connect4::bitboard;
use connect4::board::Board;
use connect4::game::{random_board, CONTEST_EMPTY};
use connect4::naive::MAX_EMPTY;
use connect4::search::AlphaBeta;
use connect4::{Connect4, Rules};
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};

const R: Rules = Rules {
    width: 7,
    height: 6,
};

fn empty(b: &Board) -> usize {
    b.cells() - b.stones()
}

/// Whether the game is still open: no four in a row (a won board is answered by the
/// oracle at any number of empty cells).
fn open(b: &Board) -> bool {
    !bitboard::has_four(7, 6, b.x) && !bitboard::has_four(7, 6, b.o)
}

/// At full size the cases reach past the oracle's 20 empty cells (an open game never
/// past `CONTEST_EMPTY`), small boards are common, and the adapter counts exactly the
/// boards the oracle refuses.
#[test]
fn generated_cases_reach_past_the_oracle_and_stay_small_often() {
    let game = Connect4::contest(R, &NoFlags {}).unwrap();
    let mut rng = gamecheck::rng::from_seed(5);
    let boards = game.generate_input(&mut rng, 1000, Size::FULL);
    // a game won early keeps its empty cells; an open board has at most CONTEST_EMPTY
    let most = boards.iter().filter(|b| open(b)).map(empty).max().unwrap();
    assert!(most > MAX_EMPTY && most as u64 <= CONTEST_EMPTY, "{most}");
    let small = boards.iter().filter(|b| empty(b) <= 3).count();
    assert!(small >= 250, "{small} of 1000 with at most 3 empty cells");
    let oracle = Connect4::solver(&R, Connect4::ORACLE_VARIANT);
    let refused = boards.iter().filter(|b| oracle.check(b).is_err()).count();
    assert!(refused >= 20, "{refused}");
    assert!(boards
        .iter()
        .filter(|b| oracle.check(b).is_err())
        .all(|b| empty(b) > MAX_EMPTY && open(b)));
    assert_eq!(game.beyond_oracle(&boards), refused);
    // at the smallest size every case is within a few empty cells
    let tiny = game.generate_input(&mut rng, 200, Size { scale: 0.1 });
    let larger = tiny.iter().filter(|b| open(b) && empty(b) > 3).count();
    assert_eq!(
        larger, 0,
        "open boards with more than 3 empty cells at scale 0.1"
    );
}

/// Shrinking takes a stone back (one move earlier) only up to `CONTEST_EMPTY` empty
/// cells, where every candidate is still a quick search.
#[test]
fn shrinking_stops_at_the_contest_limit() {
    let game = Connect4::contest(R, &NoFlags {}).unwrap();
    let mut rng = gamecheck::rng::from_seed(3);
    let limit = CONTEST_EMPTY as usize;
    let at_limit = random_board(&R, &mut rng, limit..=limit);
    assert_eq!(empty(&at_limit), limit);
    assert_eq!(game.shrink_candidates(&at_limit), []);
    let below = random_board(&R, &mut rng, limit - 1..=limit - 1);
    let candidates = game.shrink_candidates(&below);
    assert!(!candidates.is_empty());
    assert!(candidates.iter().all(|c| empty(c) == limit));
}

/// A contestant right on every board the oracle reaches and one move off on the others
/// (open games past 20 empty cells: its remoteness one too many): `stress` catches it, says how many cases were beyond the
/// oracle, and shrinks the failing input to one such board.
#[test]
fn stress_catches_a_contestant_wrong_only_past_the_oracle() {
    let mut solver = AlphaBeta::new(7, 6);
    let mut contestant = program_of::<Connect4>(R, move |b: &Board| {
        let mut v = solver.value(b);
        if empty(b) > MAX_EMPTY && open(b) {
            v.remoteness = v.remoteness.map(|r| r + 1);
        }
        v
    });
    let mut game = Connect4::contest(R, &NoFlags {}).unwrap();
    let opts = StressOptions {
        seed: 1,
        rounds: 100,
        cases: 20,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("the contestant fails");
    assert!(summary.beyond_oracle >= 1);
    assert!(summary.beyond_oracle < summary.cases_sent);
    let t = &failure.minimal;
    assert_eq!(t.cases.len(), 1, "{}", game.write_input(&t.cases));
    assert!(empty(&t.cases[0]) > MAX_EMPTY);
    assert_eq!(game.beyond_oracle(&t.cases), 1);
}
