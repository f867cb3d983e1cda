//! Connect Four through the harness: the solvers agreeing under proptest, the move
//! generators and the two successors (the fast `play` and the reference `apply`)
//! agreeing, `verify` green, the fuzz body on stable, the left-right mirror, shrinking
//! one move earlier, the default best move for either player, and a solver blind to one
//! diagonal caught by the oracle, by the mirror with no oracle, and by `stress`.

use connect4::bitboard::{self, Dir, Geometry};
use connect4::board::{self, Board};
use connect4::search::{key, AlphaBeta};
use connect4::{Column, Connect4, Rules, Variant};
use gamecheck::game::{solve_cases, Game};
use gamecheck::harness::laws::{instances, solvers_agree, solvers_agree_bytes, solvers_agree_with};
use gamecheck::harness::props::random_inputs;
use gamecheck::harness::{self, reachable, ProgressMode, Report};
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};
use proptest::prelude::*;

fn rules(width: usize, height: usize) -> Rules {
    Rules { width, height }
}

proptest! {
    /// The alpha-beta solver agrees with the oracle, remoteness included, on random
    /// boards of random play (at most 10 empty cells) of sizes 1 × 1 to 7 × 6.
    #[test]
    fn solvers_agree_on_random_boards(i in instances::<Connect4>()) {
        solvers_agree::<Connect4>(&i.rules, &i.case).map_err(TestCaseError::fail)?;
    }

    /// On the same boards the two move generators list the same columns, and for every
    /// column (open, full or off the board) the fast successor `bitboard::play` gives
    /// exactly the reference `Game::apply` (the oracle's drop on its text rows).
    #[test]
    fn moves_and_successors_agree_on_random_boards(i in instances::<Connect4>()) {
        let (r, b) = (&i.rules, &i.case);
        let oracle = Connect4::oracle_moves(&(), b);
        let fast = Connect4::fast_moves(&(), b);
        prop_assert_eq!(&fast, &oracle, "{}", Connect4::write(r, &[*b]));
        for c in 0..=b.width {
            prop_assert_eq!(bitboard::play(b, c), Connect4::apply(r, b, &Column(c)), "column {}", c + 1);
        }
    }
}

/// `verify`'s whole plan agrees: every board of each size up to 4 × 4 with both
/// move generators, random 5 × 4 and 7 × 6 boards, 7 × 6 boards beyond the oracle against
/// their mirror images, and the quick published results.
#[test]
fn verify_is_green() {
    let opts = VerifyOptions {
        seed: 1,
        cases: Some(40),
        progress: ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Connect4>(&opts, &mut report);
    assert!(report.ok, "{:?} {:?}", report.rows, report.failures);
    let row = |solver: &str, rules: &str| {
        let found = report
            .rows
            .iter()
            .find(|r| r.solver == solver && r.rules == rules);
        found.unwrap_or_else(|| panic!("no {solver} row for {rules}: {:?}", report.rows))
    };
    assert!(row("alphabeta", "every board up to 4x4").checked > 100_000);
    assert!(row("movegen", "every board up to 4x4").checked > 100_000);
    assert!(row("alphabeta symmetry", "7x6, random").checked >= 40);
    assert!(row("alphabeta symmetry", "7x6, 12-20 empty cells").checked >= 40);
    assert_eq!(
        row("published results", "4x4 to 6x4, 4x5, 5x5, 4x6").checked,
        6
    );
}

/// The fuzz target's body (`solvers_agree_bytes`), driven on stable by seeded bytes.
#[test]
fn the_fuzz_body_holds_on_random_bytes() {
    for bytes in random_inputs(1, 200, 64) {
        solvers_agree_bytes::<Connect4>(&bytes).unwrap();
    }
}

/// Every board of 4 × 4 that play reaches: the fast successor is the reference one on
/// every column, the search's key is one per position, and the mirror image of a board
/// is a board play reaches with the same value.
#[test]
fn every_4x4_board_its_successors_keys_and_mirror() {
    let r = rules(4, 4);
    let boards = reachable::<Connect4>(&r, Board::empty(4, 4));
    let mut keys = std::collections::HashSet::new();
    let mut search = AlphaBeta::new(4, 4);
    for b in &boards {
        for c in 0..4 {
            assert_eq!(
                bitboard::play(b, c),
                Connect4::apply(&r, b, &Column(c)),
                "{b:?}"
            );
        }
        let (mine, theirs) = match b.to_move() {
            Player::First => (b.x, b.o),
            Player::Second => (b.o, b.x),
        };
        assert!(keys.insert(key(mine, mine | theirs)), "{b:?}");
        let m = b.mirrored();
        assert!(board::reachable(&m).is_ok(), "{b:?}");
        assert_eq!(search.value(&m), search.value(b), "{b:?}");
    }
    assert_eq!(keys.len(), boards.len());
}

/// A board shrinks one move earlier: a top stone of the player who moved last taken
/// back, the board still reached by play.
#[test]
fn a_board_shrinks_by_taking_back_a_move() {
    let r = rules(5, 4);
    let read = |text: &str| board::read(5, 4, text).unwrap()[0];
    let b = read("1\n.....\n.....\n.OO..\n.XXX.\n");
    let smaller = Connect4::smaller(&r, &b, ShrinkMode::KeepRules);
    let shown: Vec<Vec<String>> = smaller.iter().map(|(_, s)| s.rows()).collect();
    // O to move: X moved last, and only the fourth column has X on top
    assert_eq!(shown, [[".....", ".....", ".OO..", ".XX.."]]);
    assert!(Connect4::smaller(&r, &Board::empty(5, 4), ShrinkMode::KeepRules).is_empty());
}

/// The default best move is right whoever is to move: X's winning drop, O's slowest
/// loss (every drop loses on move 2), and the tie kept on the empty board.
#[test]
fn the_best_move_for_either_player() {
    let r = rules(5, 4);
    let read = |text: &str| board::read(5, 4, text).unwrap()[0];
    let x_wins = read("1\n.....\n.....\nOO...\nXXX.O\n");
    assert_eq!(Connect4::best_move(&r, &x_wins), Some("4".into()));
    let o_loses = read("1\n.....\n.....\n.OO..\n.XXX.\n");
    assert_eq!(
        solve_cases::<Connect4>(&r, Variant::Naive, &[o_loses]).unwrap(),
        [Remote::loss(2)]
    );
    let best = Connect4::best_move(&r, &o_loses).unwrap();
    assert!(["1", "5"].contains(&best.as_str()), "{best}");
    let small = rules(4, 4);
    let best = Connect4::best_move(&small, &Board::empty(4, 4)).unwrap();
    let after = Connect4::apply(
        &small,
        &Board::empty(4, 4),
        &Column(best.parse::<usize>().unwrap() - 1),
    );
    assert_eq!(
        solve_cases::<Connect4>(&small, Variant::AlphaBeta, &[after.unwrap()]).unwrap(),
        [Remote::tie(15)]
    );
}

/// A solver blind to the north-east diagonals (its north-east boundary mask planted as
/// empty, so that shift finds nothing): a four along such a diagonal is not seen.
fn blind(width: usize, height: usize) -> AlphaBeta {
    let geo = Geometry::new(width, height).with_mask(Dir::NorthEast, 0);
    AlphaBeta::with_geometry(geo, 12)
}

/// The blind solver against the oracle on every 4 × 4 board: wrong somewhere.
#[test]
fn the_oracle_catches_a_solver_blind_to_one_diagonal() {
    let r = rules(4, 4);
    let boards = reachable::<Connect4>(&r, Board::empty(4, 4));
    let mut oracle = Connect4::solver(&r, Variant::Naive);
    let mut fast: Vec<(String, BoxSolver<Connect4>)> =
        vec![("blind".into(), Box::new(blind(4, 4)))];
    let failure = boards
        .iter()
        .find_map(|b| solvers_agree_with::<Connect4>(&r, b, oracle.as_mut(), &mut fast).err());
    let failure = failure.expect("a board the blind solver gets wrong");
    assert!(failure.contains("the oracle says"), "{failure}");
}

/// The same solver answers a board and its mirror image unlike (the mirror turns a
/// north-east diagonal into a north-west one, which it sees): the symmetry check catches
/// it with no oracle, on 4 × 4 boards, and the failure shrinks to fewer stones.
#[test]
fn the_mirror_catches_a_solver_blind_to_one_diagonal() {
    use gamecheck::harness::{shrink_symmetry_failure_of, symmetry_check};
    let r = rules(4, 4);
    let boards = reachable::<Connect4>(&r, Board::empty(4, 4));
    let mut solver = blind(4, 4);
    let answers: Vec<_> = boards.iter().map(|b| solver.solve(b)).collect();
    let (checked, odd) = symmetry_check::<Connect4>(&r, &boards, &answers, &mut solver);
    let (i, image, got) = odd.expect("a board whose mirror image is answered unlike it");
    assert!(checked > 0);
    assert_eq!(image, boards[i].mirrored());
    assert_ne!(got, answers[i]);
    let failure = shrink_symmetry_failure_of::<Connect4>(&r, boards[i], &mut solver, "blind");
    let shown = board::read(4, 4, &failure.case).unwrap()[0];
    assert!(shown.stones() <= boards[i].stones(), "{}", failure.case);
    assert_ne!(failure.expected, failure.got);
}

/// A contestant with the blind solver: `stress` catches it and shrinks the failing input
/// to one board.
#[test]
fn stress_catches_a_contestant_blind_to_one_diagonal() {
    let r = rules(5, 4);
    let mut solver = blind(5, 4);
    let mut contestant = program_of::<Connect4>(r, move |b: &Board| solver.value(b));
    let mut game = <Connect4 as Contest>::contest(r, &NoFlags {}).unwrap();
    let opts = StressOptions {
        seed: 1,
        rounds: 50,
        cases: 20,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("the contestant fails");
    let t = &failure.minimal;
    assert_eq!(t.cases.len(), 1, "{}", game.write_input(&t.cases));
    let mut right = AlphaBeta::new(5, 4);
    assert_eq!(
        game.write_answers(&t.expected),
        format!("{}\n", right.value(&t.cases[0]))
    );
    assert_ne!(
        t.output.stdout,
        game.write_answers(&t.expected).into_bytes()
    );
}
