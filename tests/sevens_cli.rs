//! Every bad input docs/rules.md names for sevens: a located error on stderr, exit code 2, nothing
//! on stdout (no partial answers).

mod common;

use common::{solve_fails, solve_json};

const SAMPLE_IN: &str = include_str!("data/sevens_sample.in");

/// The first deal of the sample (26 cards, Alice holds all spades and hearts).
fn deal1() -> Vec<String> {
    SAMPLE_IN
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Runs `gamecheck solve sevens ARGS` on `input` and checks exit 2, empty stdout, and
/// that stderr holds every fragment of `expect`.
fn fails(args: &[&str], input: &str, expect: &[&str]) {
    let stderr = solve_fails("sevens", args, input);
    for e in expect {
        assert!(stderr.contains(e), "stderr {stderr:?} lacks {e:?}");
    }
}

fn replace_card(i: usize, with: &str) -> String {
    let mut d = deal1();
    d[i] = with.into();
    format!("1\n{}\n", d.join(" "))
}

#[test]
fn an_unknown_suit_is_located() {
    // `X7` is the third card: column 1 + 3 + 3 = 7
    fails(
        &[],
        &replace_card(2, "X7"),
        &["line 2, column 7", "(deal 1)", "unknown suit `X`"],
    );
}

#[test]
fn rank_14_is_located_at_the_rank() {
    fails(
        &[],
        &replace_card(2, "S14"),
        &["line 2, column 8", "(deal 1)", "S14"],
    );
}

#[test]
fn rank_0_is_located_at_the_rank() {
    fails(
        &[],
        &replace_card(0, "S0"),
        &["line 2, column 2", "(deal 1)", "S0"],
    );
}

#[test]
fn a_card_outside_a_smaller_deck_is_an_error() {
    // a 2 × 6 deck has no C cards and no rank 7
    fails(
        &["--suits", "2", "--ranks", "6"],
        "1\nS1 S2 S3 S4 S5 C6\n",
        &["line 2, column 16", "C6"],
    );
    fails(
        &["--suits", "2", "--ranks", "6"],
        "1\nS1 S2 S3 S4 S5 H7\n",
        &["line 2, column 17", "1..=6"],
    );
}

#[test]
fn a_repeated_card_is_located_even_in_another_spelling() {
    // the second card (S2) given again as `s2` at the end of the line would make 27;
    // replace the last card instead
    let mut d = deal1();
    d[25] = "s2".into();
    let text = format!("1\n{}\n", d.join(" "));
    let column = text.lines().nth(1).unwrap().rfind("s2").unwrap() + 1;
    fails(
        &[],
        &text,
        &[
            &format!("line 2, column {column}"),
            "repeated card",
            "(deal 1)",
        ],
    );
}

#[test]
fn a_deal_with_25_cards_is_an_error_at_the_end_of_input() {
    let d = deal1();
    fails(
        &[],
        &format!("1\n{}\n", d[..25].join(" ")),
        &["line 3, column 1", "found 25"],
    );
}

#[test]
fn a_deal_with_25_cards_followed_by_another_deal_is_caught_at_that_line() {
    let d = deal1();
    let text = format!("2\n{}\n{}\n", d[..25].join(" "), d.join(" "));
    fails(&[], &text, &["line 3, column 1", "(deal 1)", "too few"]);
}

#[test]
fn a_deal_with_27_cards_is_caught_at_the_27th() {
    let mut d = deal1();
    d.push("C1".into());
    let text = format!("1\n{}\n", d.join(" "));
    let column = text.lines().nth(1).unwrap().rfind("C1").unwrap() + 1;
    fails(
        &[],
        &text,
        &[&format!("line 2, column {column}"), "too many cards"],
    );
}

#[test]
fn fewer_deals_than_t_is_an_error() {
    let text = SAMPLE_IN.replacen("6\n", "7\n", 1);
    fails(
        &[],
        &text,
        &["line 8, column 1", "expected T = 7 deals", "found only 6"],
    );
}

#[test]
fn data_after_the_t_th_deal_is_an_error() {
    let text = SAMPLE_IN.replacen("6\n", "5\n", 1);
    fails(&[], &text, &["line 7, column 1", "after the last deal"]);
}

#[test]
fn an_odd_deck_shape_is_an_error() {
    fails(&["--suits", "3", "--ranks", "5"], "S1\n", &["odd"]);
    fails(&["--suits", "1", "--ranks", "13"], "S1\n", &["13 cards"]);
}

#[test]
fn a_start_rank_outside_the_ranks_is_an_error() {
    fails(&["--start", "0"], SAMPLE_IN, &["start rank 0"]);
    fails(&["--start", "14"], SAMPLE_IN, &["start rank 14"]);
    fails(
        &["--ranks", "6", "--start", "7"],
        "1\nS1 S2 S3 S4 S5 S6 H1 H2 H3 H4 H5 H6\n",
        &["1..=6"],
    );
}

#[test]
fn unknown_flag_values_are_usage_errors() {
    fails(&["--stuck", "draw"], SAMPLE_IN, &["draw"]);
    fails(
        &["--solver", "fast"],
        SAMPLE_IN,
        &["--solver", "naive, memo, table"],
    );
    fails(&["--suits", "5"], SAMPLE_IN, &["5 suits"]);
    fails(&["--ranks", "14"], SAMPLE_IN, &["14 ranks"]);
}

#[test]
fn t_must_be_alone_and_non_negative() {
    fails(
        &[],
        &format!("1 {}\n", deal1().join(" ")),
        &["line 1, column 3", "alone"],
    );
    fails(&[], "-1\n", &["line 1, column 1", "non-negative"]);
}

#[test]
fn an_empty_input_and_a_bad_rank_word_are_errors() {
    fails(&[], "", &["expected the number of deals T"]);
    fails(
        &[],
        &replace_card(3, "SX"),
        &["line 2, column 11", "unknown rank"],
    );
}

#[test]
fn a_deal_without_t_is_an_error_that_says_to_write_t() {
    // T is required, as in the other games' formats: a deal on the first line is
    // refused at its first card, with the fix
    fails(
        &[],
        &format!("{}\n", deal1().join(" ")),
        &[
            "line 1, column 1",
            "expected the number of deals T",
            "`1` for a single deal",
        ],
    );
    fails(
        &["--suits", "1", "--ranks", "4"],
        "S2 S4\n",
        &["line 1, column 1", "found the card `S2`"],
    );
}

#[test]
fn a_missing_file_is_a_usage_error() {
    fails(&["no/such/file.in"], "", &["cannot read"]);
}

#[test]
fn json_answers_per_case_with_draws() {
    let expected = include_str!("data/sevens_sample.out");
    let doc = solve_json("sevens", &[], SAMPLE_IN);
    let winners: Vec<&str> = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["winner"].as_str().unwrap())
        .collect();
    assert_eq!(winners, expected.lines().collect::<Vec<_>>());
    assert!(winners.contains(&"Draw"), "{doc}");
    // sevens' solvers answer with the winner itself
    for case in doc["cases"].as_array().unwrap() {
        assert_eq!(case["value"], case["winner"], "{doc}");
    }
    assert_eq!(doc["flags"], "--suits 4 --ranks 13 --start 7 --stuck lose");
}

#[test]
fn json_bad_deal_is_a_located_error_with_nothing_on_stdout() {
    fails(
        &["--json"],
        &replace_card(2, "X7"),
        &["line 2, column 7", "(deal 1)", "unknown suit `X`"],
    );
}
