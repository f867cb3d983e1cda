//! Coins in a line through the harness: the answer is a number, checked, printed and read
//! back as one; the published fact; a contestant's greedy strategy caught by `stress`,
//! with the margins in the game's own words.

use coins::row::Row;
use coins::{Coins, Rules, Variant};
use gamecheck::game::{solve_cases, Game};
use gamecheck::harness::laws::solvers_agree_bytes;
use gamecheck::harness::props::random_inputs;
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};

/// The rules' own examples: `3 9 1 2` is a margin of 7, `1 5 1` of −3, no coin 0; the
/// best move of `3 9 1 2` is the right end.
#[test]
fn the_rules_examples() {
    let rows = coins::row::read("3\n4 3 9 1 2\n3 1 5 1\n0\n").unwrap();
    for v in [Variant::Naive, Variant::Interval] {
        assert_eq!(
            solve_cases::<Coins>(&Rules {}, v, &rows).unwrap(),
            [7, -3, 0]
        );
    }
    assert_eq!(Coins::write_answers(&Rules {}, &[7, -3, 0]), "7\n-3\n0\n");
    assert_eq!(Coins::best_move(&Rules {}, &rows[0]), Some("right".into()));
    assert_eq!(Coins::best_move(&Rules {}, &rows[2]), None);
}

/// Bogomolny, "A Game With Coins" (cut-the-knot.org): with an even number of coins the
/// first player never loses (it can take every odd-placed coin, or every even-placed
/// one, whichever sum is larger). Every row of 2, 4 or 6 coins worth 0..=4.
#[test]
fn with_an_even_number_of_coins_the_first_player_never_loses() {
    let mut rows = vec![Vec::new()];
    for _ in 0..6 {
        rows = rows
            .into_iter()
            .flat_map(|r: Vec<u32>| (0..=4).map(move |v| [r.clone(), vec![v]].concat()))
            .collect();
        for r in rows.iter().filter(|r| r.len() % 2 == 0) {
            let m = solve_cases::<Coins>(&Rules {}, Variant::Naive, &[Row(r.clone())]).unwrap();
            assert!(m[0] >= 0, "{r:?}: {}", m[0]);
        }
    }
}

/// A greedy contestant (always the larger end) is caught and shrunk; the report quotes
/// our margin and its own, as numbers.
#[test]
fn stress_catches_the_greedy_contestant() {
    let greedy = |row: &Row| {
        let (mut c, mut mine, mut sign) = (row.0.clone(), 0i64, 1i64);
        while !c.is_empty() {
            let take = if c[0] >= c[c.len() - 1] {
                c.remove(0)
            } else {
                c.pop().unwrap()
            };
            mine += sign * i64::from(take);
            sign = -sign;
        }
        mine
    };
    let mut contestant = program_of::<Coins>(Rules {}, greedy);
    let mut game = <Coins as Contest>::contest(Rules {}, &NoFlags {}).unwrap();
    let opts = StressOptions {
        seed: 1,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("greedy is not optimal");
    let t = &failure.minimal;
    assert_eq!(t.cases.len(), 1);
    assert!(t.cases[0].0.len() <= 4, "{:?}", t.cases[0]);
    let got: i64 = String::from_utf8_lossy(&t.output.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(got < t.expected[0], "{got} {:?}", t.expected);
    assert_eq!(game.parse_answer("-3", 0), Some(-3));
    assert_eq!(game.parse_answer("+3", 0), None);
}

/// The fuzz target's body (`solvers_agree_bytes`), driven on stable by seeded bytes.
#[test]
fn the_fuzz_body_holds_on_random_bytes() {
    for bytes in random_inputs(1, 500, 64) {
        solvers_agree_bytes::<Coins>(&bytes).unwrap();
    }
}

/// A row read backwards has the same margin (the game's one symmetry), and `verify`'s
/// symmetry row checks it for every solver.
#[test]
fn a_row_reversed_is_its_image() {
    let row = Row(vec![3, 9, 1, 2]);
    assert_eq!(Coins::symmetries(&Rules {}, &row), [Row(vec![2, 1, 9, 3])]);
    assert_eq!(Coins::canonical(&Rules {}, &row), Row(vec![2, 1, 9, 3]));
    let both = solve_cases::<Coins>(
        &Rules {},
        Variant::Interval,
        &[row.clone(), Row(vec![2, 1, 9, 3])],
    );
    assert_eq!(both.unwrap(), [7, 7]);
}
