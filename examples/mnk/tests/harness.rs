//! The m,n,k-game through the harness: the published results it reproduces, the
//! default best move for either player to move, and a planted bug in a contestant's
//! program caught and shrunk by `stress`, answered in the game's own words.

use gamecheck::game::{solve_cases, Game};
use gamecheck::harness::reachable;
use gamecheck::perft::{perft, perft_with_finished, Finished::Leaf, Generator, Moves};
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};
use mnk::board::{self, Board};
use mnk::game::PUBLISHED;
use mnk::{Mnk, Outcome, Rules, Variant};

fn rules(rows: usize, cols: usize, k: usize) -> Rules {
    Rules { rows, cols, k }
}

/// Wikipedia, "m,n,k-game": 3,3,3 and 4,4,4 are draws; 4,3,3, 3,4,3 and 4,4,3 are
/// first-player wins. The oracle agrees where it reaches (4 × 4 from the start: 16 empty
/// cells, its limit).
#[test]
fn the_published_results() {
    for (rows, cols, k, want) in PUBLISHED {
        let r = rules(rows, cols, k);
        let start = [Board::empty(rows, cols)];
        assert_eq!(
            solve_cases::<Mnk>(&r, Variant::Memo, &start).unwrap(),
            [want],
            "{r}"
        );
        if rows * cols <= 12 {
            assert_eq!(
                solve_cases::<Mnk>(&r, Variant::Naive, &start).unwrap(),
                [want],
                "{r}"
            );
        }
    }
}

/// Tic-tac-toe's counts (Schaefer, "Tic-Tac-Toe (Naughts and Crosses, Cheese and
/// Crackers, etc.)", MathRec, 2002; Wikipedia, "Tic-tac-toe"): 5,478 boards reached by
/// play (the empty one among them), 958 of them finished; 255,168 games, of which
/// 1,440 end after 5 moves, 5,328 after 6, 47,952 after 7, 72,576 after 8 and 127,872
/// after 9; and move sequences of each length (perft) 9, 72, 504, 3,024, 15,120, 54,720,
/// 148,176, 200,448, 127,872.
#[test]
fn tic_tac_toe_counts() {
    let r = rules(3, 3, 3);
    let boards = reachable::<Mnk>(&r, Board::empty(3, 3));
    assert_eq!(boards.len(), 5478);
    let gens = Mnk::generators(&r);
    let finished = boards
        .iter()
        .filter(|b| Mnk::fast_moves(&gens, b).is_empty());
    assert_eq!(finished.count(), 958);
    // games by length, by walking every sequence of moves
    fn walk(r: &Rules, b: &Board, depth: usize, ends: &mut [u64; 10], perft: &mut [u64; 10]) {
        let gens = Mnk::generators(r);
        let moves = Mnk::fast_moves(&gens, b);
        if moves.is_empty() {
            ends[depth] += 1;
            return;
        }
        for m in moves {
            perft[depth + 1] += 1;
            walk(r, &Mnk::apply(r, b, &m).unwrap(), depth + 1, ends, perft);
        }
    }
    let (mut ends, mut counts) = ([0u64; 10], [0u64; 10]);
    walk(&r, &Board::empty(3, 3), 0, &mut ends, &mut counts);
    assert_eq!(ends, [0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872]);
    assert_eq!(ends.iter().sum::<u64>(), 255_168);
    assert_eq!(
        &counts[1..],
        &[9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872]
    );
    // the library's perft walks the same tree, with either move generator
    let walker = Moves::<Mnk>::new(&r);
    for (depth, &want) in counts.iter().enumerate().skip(1) {
        for gen in [Generator::Fast, Generator::Oracle] {
            let (_, got) =
                perft::<Mnk>(&walker, &Board::empty(3, 3), depth as u32, gen, false).unwrap();
            assert_eq!(got, u128::from(want), "depth {depth}");
        }
    }
    // with a finished game a leaf at every greater depth, perft(d) adds the games ended
    // before d, and perft(9) is the published 255,168 games
    let leaf = |depth: u32| {
        let start = Board::empty(3, 3);
        let (gen, split, limit) = (Generator::Fast, false, gamecheck::perft::MEMO_LIMIT);
        let got = perft_with_finished::<Mnk>(&walker, &start, depth, gen, split, limit, Leaf);
        got.unwrap().1
    };
    for depth in 1..=9 {
        let ended: u64 = ends[..depth].iter().sum();
        assert_eq!(
            leaf(depth as u32),
            u128::from(counts[depth] + ended),
            "depth {depth}"
        );
    }
    assert_eq!(leaf(9), 255_168);
}

/// The default best move is right whoever is to move and whoever wins: with O to move
/// and O winning, O's winning move; with the loser to move, none.
#[test]
fn the_best_move_for_either_player() {
    let r = rules(3, 3, 3);
    let read = |text: &str| board::read(&r, text).unwrap()[0];
    // O to move, O wins by completing the middle column
    let o_wins = read("1\nXOX\nXO.\n...\n");
    assert_eq!(o_wins.to_move(), Player::Second);
    assert_eq!(
        solve_cases::<Mnk>(&r, Variant::Naive, &[o_wins]).unwrap(),
        [Outcome::O]
    );
    assert_eq!(Mnk::best_move(&r, &o_wins), Some("(3, 2)".into()));
    // X to move, X wins in the top row
    let x_wins = read("1\nXX.\nOO.\n...\n");
    assert_eq!(Mnk::best_move(&r, &x_wins), Some("(1, 3)".into()));
    // X to move, O has two threats: X loses whatever it does
    let x_loses = read("1\nOO.\nOXX\n.X.\n");
    assert_eq!(
        solve_cases::<Mnk>(&r, Variant::Memo, &[x_loses]).unwrap(),
        [Outcome::O]
    );
    assert_eq!(Mnk::best_move(&r, &x_loses), None);
    // a draw keeps the draw
    let draw = Board::empty(3, 3);
    let best = Mnk::best_move(&r, &draw).unwrap();
    assert!(best.starts_with('('), "{best}");
}

/// A contestant who takes every full board for a draw (it forgets that the last move may
/// have made a line): `stress` catches it, and says what it expected in the game's own
/// words.
#[test]
fn stress_catches_a_contestant_that_calls_every_full_board_a_draw() {
    let r = rules(3, 3, 3);
    let mut memo = mnk::memo::Memo::new(&r);
    let mut contestant = program_of::<Mnk>(r, move |b: &Board| {
        if b.marks() as usize == b.cells() {
            Outcome::Draw
        } else {
            memo.solve(b).unwrap()
        }
    });
    let mut game = <Mnk as Contest>::contest(r, &NoFlags {}).unwrap();
    let opts = StressOptions {
        seed: 1,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("the contestant fails");
    let t = &failure.minimal;
    assert_eq!(t.cases.len(), 1);
    assert_eq!(t.cases[0].marks(), 9);
    assert_eq!(game.write_answers(&t.expected), "X\n");
    assert_eq!(String::from_utf8_lossy(&t.output.stdout), "Draw\n");
}

/// Up to the square's eight symmetries, tic-tac-toe has 765 positions, 138 of them
/// finished (Schaefer, MathRec, 2002: "765 essentially different positions"; Wikipedia,
/// "Tic-tac-toe"); the games, counted one by one, stay 255,168.
#[test]
fn tic_tac_toe_up_to_symmetry() {
    let r = rules(3, 3, 3);
    let walker = Moves::<Mnk>::new(&r);
    let tree = gamecheck::perft::count_tree_by::<Mnk>(
        &walker,
        &Board::empty(3, 3),
        None,
        Generator::Fast,
        true,
    )
    .unwrap();
    assert_eq!((tree.positions, tree.terminal), (765, 138));
    assert_eq!(tree.games, 255_168);
}

/// The library's default canonical form (the image whose text is least), which a game
/// that lists its symmetries gets without writing `canonical`, puts the 5,478 positions
/// into the same 765 classes as the game's own least image by its order.
#[test]
fn the_default_canonical_form_finds_the_same_classes() {
    use std::collections::{BTreeMap, BTreeSet};
    let r = rules(3, 3, 3);
    let boards = reachable::<Mnk>(&r, Board::empty(3, 3));
    assert_eq!(boards.len(), 5478);
    let mut classes: BTreeMap<Board, BTreeSet<String>> = BTreeMap::new();
    for b in &boards {
        let by_text = gamecheck::game::least_written::<Mnk>(&r, b);
        classes
            .entry(Mnk::canonical(&r, b))
            .or_default()
            .insert(Mnk::write(&r, &[by_text]));
    }
    assert_eq!(classes.len(), 765);
    assert!(classes.values().all(|forms| forms.len() == 1));
    let forms: BTreeSet<&String> = classes.values().flatten().collect();
    assert_eq!(forms.len(), 765);
}

/// A solver blind to the anti-diagonals answers a board and its mirror image unlike:
/// the symmetry check catches it with no oracle at all, on 3 × 3 boards; the right one
/// passes it.
#[test]
fn a_solver_blind_to_one_diagonal_fails_the_symmetry_check() {
    use gamecheck::harness::symmetry_check;
    let r = rules(3, 3, 3);
    let boards = reachable::<Mnk>(&r, Board::empty(3, 3));
    let blind_lines: Vec<u32> = board::lines(3, 3, 3)
        .into_iter()
        .filter(|&l| l != 0b001_010_100)
        .collect();
    let mut blind = mnk::memo::Memo::with_lines(blind_lines);
    let answers: Vec<_> = boards.iter().map(|b| blind.solve(b)).collect();
    let (checked, mismatch) = symmetry_check::<Mnk>(&r, &boards, &answers, &mut blind);
    let (i, image, got) = mismatch.expect("the mirror of a won anti-diagonal");
    assert!(checked > 0);
    assert_ne!(got, answers[i]);
    assert!(boards[i].images().contains(&image));
    let mut right = mnk::memo::Memo::new(&r);
    let answers: Vec<_> = boards.iter().map(|b| right.solve(b)).collect();
    let (checked, mismatch) = symmetry_check::<Mnk>(&r, &boards, &answers, &mut right);
    assert_eq!((checked, mismatch), (5478 * 7, None));
}

/// A board shrinks toward fewer marks: a mark of the player who moved last taken back,
/// the board still reached by play.
#[test]
fn a_board_shrinks_by_taking_back_a_move() {
    let r = rules(3, 3, 3);
    let won = board::read(&r, "1\nXXX\nOO.\n...\n").unwrap()[0];
    let smaller = Mnk::smaller(&r, &won, ShrinkMode::KeepRules);
    assert_eq!(smaller.len(), 3);
    for (_, b) in &smaller {
        assert_eq!(b.marks(), 4);
        assert_eq!(b.to_move(), Player::First);
        assert!(board::reachable(b, 3).is_ok());
    }
    assert!(Mnk::smaller(&r, &Board::empty(3, 3), ShrinkMode::KeepRules).is_empty());
}

/// The blind solver's symmetry failure, shrunk by taking moves back while some image of
/// the board is still answered unlike it: a board with fewer marks.
#[test]
fn a_symmetry_failure_is_shrunk() {
    let r = rules(3, 3, 3);
    let blind_lines: Vec<u32> = board::lines(3, 3, 3)
        .into_iter()
        .filter(|&l| l != 0b001_010_100)
        .collect();
    let mut blind = mnk::memo::Memo::with_lines(blind_lines);
    let start = board::read(&r, "1\nOXX\nOXO\nXOX\n").unwrap()[0];
    let failure =
        gamecheck::harness::shrink_symmetry_failure_of::<Mnk>(&r, start, &mut blind, "blind");
    assert_eq!(failure.solver, "blind symmetry");
    let shown = board::read(&r, &failure.case).unwrap()[0];
    assert!(shown.marks() < start.marks(), "{}", failure.case);
    assert_ne!(failure.expected, failure.got);
    // the position the shown case is an image of, with as many marks
    let of = board::read(&r, failure.image_of.as_deref().unwrap()).unwrap()[0];
    assert!(of.images().contains(&shown));
    assert_eq!(of.marks(), shown.marks());
}

/// The fuzz target's body (`solvers_agree_bytes`), driven on stable by seeded bytes.
#[test]
fn the_fuzz_body_holds_on_random_bytes() {
    for bytes in gamecheck::harness::props::random_inputs(1, 200, 64) {
        gamecheck::harness::laws::solvers_agree_bytes::<Mnk>(&bytes).unwrap();
    }
}

/// `mnk --version` gives the binary's name and its own crate's version (`Cli::version`).
#[test]
fn version_is_the_crates_own() {
    let out = assert_cmd::Command::cargo_bin("mnk")
        .unwrap()
        .arg("--version")
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("mnk {}\n", env!("CARGO_PKG_VERSION"))
    );
}
