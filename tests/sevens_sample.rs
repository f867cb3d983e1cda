//! The contest sample (`tests/data/sevens_sample.in` / `.out`), through the command
//! line with each solver that takes the standard deck, and through the library.

use assert_cmd::Command;
use gamecheck::game::{solve_cases_with, Game as _};
use gamecheck_games::sevens::{format, game, Rules, SevensGame, Variant};

const SAMPLE_IN: &str = include_str!("data/sevens_sample.in");
const SAMPLE_OUT: &str = include_str!("data/sevens_sample.out");

#[test]
fn the_default_solver_prints_the_expected_output() {
    Command::cargo_bin("gamecheck")
        .unwrap()
        .args(["solve", "sevens"])
        .write_stdin(SAMPLE_IN)
        .assert()
        .success()
        .stdout(SAMPLE_OUT);
}

#[test]
fn memo_and_table_print_the_expected_output_from_a_file() {
    for solver in ["memo", "table"] {
        Command::cargo_bin("gamecheck")
            .unwrap()
            .args([
                "solve",
                "sevens",
                "tests/data/sevens_sample.in",
                "--solver",
                solver,
            ])
            .assert()
            .success()
            .stdout(SAMPLE_OUT);
    }
}

#[test]
fn the_library_gives_the_sample_answers() {
    let rules = Rules::standard();
    let deals = format::read(SAMPLE_IN, &rules).unwrap();
    assert_eq!(deals.len(), 6);
    for v in [Variant::Memo, Variant::Table] {
        let mut s = game::solver(&rules, v);
        let answers = solve_cases_with::<SevensGame>(&rules, s.as_mut(), &deals).unwrap();
        assert_eq!(
            SevensGame::write_answers(&rules, &answers),
            SAMPLE_OUT,
            "{v:?}"
        );
    }
}

#[test]
fn the_sample_in_another_layout_gives_the_same_answers() {
    // CRLF line ends, lower-case every card, split each deal over two lines
    let body: Vec<&str> = SAMPLE_IN.lines().skip(1).collect();
    let mut text = format!("{}\r\n", body.len());
    for line in body {
        let cards: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
        text.push_str(&cards[..10].join(" "));
        text.push_str("\r\n");
        text.push_str(&cards[10..].join("  "));
        text.push_str("\r\n");
    }
    Command::cargo_bin("gamecheck")
        .unwrap()
        .args(["solve", "sevens"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(SAMPLE_OUT);
}

#[test]
fn the_oracle_refuses_the_standard_deck_naming_another_solver() {
    Command::cargo_bin("gamecheck")
        .unwrap()
        .args(["solve", "sevens", "--solver", "naive"])
        .write_stdin(SAMPLE_IN)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("--solver table"));
}
