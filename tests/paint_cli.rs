//! `gamecheck solve paint` and `gamecheck verify --game paint` from the outside: the
//! sample, every solver, huge N, and every bad input docs/rules.md names for paint (located error,
//! exit 2, nothing on stdout).

mod common;

use common::{gamecheck, solve_fails, solve_json};
use predicates::prelude::*;

#[test]
fn solves_the_sample_with_every_solver() {
    let expected = std::fs::read_to_string("tests/data/paint_sample.out").unwrap();
    gamecheck()
        .args(["solve", "paint", "tests/data/paint_sample.in"])
        .assert()
        .success()
        .stdout(expected.clone());
    let input = std::fs::read_to_string("tests/data/paint_sample.in").unwrap();
    for solver in ["naive", "bitmask", "grundy", "periodic"] {
        gamecheck()
            .args(["solve", "paint", "--solver", solver])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

#[test]
fn answers_any_u64_n() {
    // an empty strip of u64::MAX columns and one split by a painted column in the middle
    // into two equal halves (a symmetric position: the second player wins by mirroring)
    let max = u64::MAX;
    let mid = max / 2 + 1;
    let input = format!("2\n{max} 0\n{max} 2\n1 {mid}\n2 {mid}\n");
    let out = gamecheck()
        .args(["solve", "paint"])
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("Case 1: "));
    assert!(text.ends_with("Case 2: Bob\n"), "{text}");
}

#[test]
fn too_large_for_the_chosen_solver_is_a_clear_error() {
    let input = "1\n11 0\n";
    gamecheck()
        .args(["solve", "paint", "--solver", "naive"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("naive").and(predicate::str::contains("--solver periodic")),
        );
    gamecheck()
        .args(["solve", "paint", "--solver", "bitmask"])
        .write_stdin("1\n40 0\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--solver periodic"));
    gamecheck()
        .args(["solve", "paint", "--solver", "grundy"])
        .write_stdin("1\n1000000 0\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--solver periodic"));
    gamecheck()
        .args(["solve", "paint", "--solver", "quantum"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("--solver")
                .and(predicate::str::contains("naive, bitmask, grundy, periodic")),
        );
}

/// Runs `input` and expects exit 2, nothing on stdout, and `location` and `words` on
/// stderr.
fn bad(input: &str, location: &str, words: &str) {
    let stderr = solve_fails("paint", &[], input);
    assert!(stderr.starts_with("error: <stdin>: "), "{stderr}");
    assert!(stderr.contains(location), "{stderr:?} lacks {location:?}");
    assert!(stderr.contains(words), "{stderr:?} lacks {words:?}");
}

#[test]
fn m_above_2n() {
    bad("1\n3 7\n", "line 2, column 3 (case 1)", "M ≤ 2N");
}

#[test]
fn a_row_other_than_1_or_2() {
    bad("2\n1 0\n2 1\n3 1\n", "line 4, column 1 (case 2)", "1 or 2");
    bad("1\n2 1\n0 1\n", "line 3, column 1 (case 1)", "1 or 2");
}

#[test]
fn column_0() {
    bad(
        "1\n4 1\n1 0\n",
        "line 3, column 3 (case 1)",
        "expected 1..=4",
    );
}

#[test]
fn column_above_n() {
    bad(
        "1\n4 1\n2 5\n",
        "line 3, column 3 (case 1)",
        "expected 1..=4",
    );
}

#[test]
fn a_cell_listed_twice() {
    bad(
        "1\n3 3\n1 2\n2 2\n1 2\n",
        "line 5, column 1 (case 1)",
        "listed twice (first at line 3, column 1)",
    );
}

#[test]
fn n_zero() {
    bad("2\n1 0\n0 0\n", "line 3, column 1 (case 2)", "N = 0");
}

#[test]
fn fewer_cells_than_m_in_the_last_case() {
    // found at the end of input (line 5, column 1: after the last newline)
    bad(
        "1\n5 3\n1 1\n2 2\n",
        "line 5, column 1 (case 1)",
        "expected 3 painted cells, found 2",
    );
    bad(
        "1\n5 1\n1\n",
        "line 4, column 1 (case 1)",
        "expected 1 painted cells, found 0",
    );
}

#[test]
fn fewer_cells_than_m_before_another_case_shows_later() {
    // case 1 says 2 cells but gives 1; its second "cell" is `1 0`, the next case's N M
    bad(
        "2\n5 2\n1 1\n1 0\n",
        "line 4, column 3 (case 1)",
        "column 0",
    );
}

#[test]
fn numbers_that_overflow_u64() {
    bad(
        "1\n18446744073709551616 0\n",
        "line 2, column 1 (case 1)",
        "too large",
    );
    // past u64::MAX, M and y are told the statement's limits (M ≤ 2N, y ≤ N), as a
    // smaller number past them is
    bad(
        "1\n3 99999999999999999999\n",
        "line 2, column 3 (case 1)",
        "too large (the limit is 2N = 6)",
    );
    bad(
        "1\n3 1\n1 18446744073709551616\n",
        "line 3, column 3 (case 1)",
        "too large (the limit is N = 3)",
    );
    // with 2N past u64::MAX, the limit of M is the reader's
    bad(
        "1\n18446744073709551615 20000000000000000000\n",
        "line 2, column 22 (case 1)",
        "too large (the limit is 18446744073709551615)",
    );
    bad("18446744073709551616\n", "line 1, column 1", "too large");
}

#[test]
fn t_missing() {
    bad("", "line 1, column 1", "the number of cases T");
    bad("  \n\n", "line 3, column 1", "found the end of input");
}

#[test]
fn fewer_cases_than_t() {
    bad(
        "3\n1 0\n",
        "line 3, column 1 (case 2)",
        "expected T = 3 cases",
    );
}

#[test]
fn data_after_the_t_th_case() {
    bad("1\n1 0\n1 1\n", "line 3, column 1", "after the last case");
}

#[test]
fn not_numbers() {
    bad("x\n", "line 1, column 1", "an integer");
    bad("-1\n", "line 1, column 1", "non-negative");
    bad(
        "1\n2 a\n",
        "line 2, column 3 (case 1)",
        "M, the number of painted cells",
    );
}

#[test]
fn a_file_argument_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.in");
    std::fs::write(&path, "1\n3 7\n").unwrap();
    gamecheck()
        .args(["solve", "paint", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad.in: line 2, column 3 (case 1)",
        ));
}

#[test]
fn verify_prints_the_paint_rows_and_the_proved_period() {
    let out = gamecheck()
        .args([
            "verify", "--game", "paint", "--seed", "7", "--cases", "50", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["ok"], true);
    assert_eq!(json["seed"], 7);
    let rows = json["rows"].as_array().unwrap();
    assert!(rows
        .iter()
        .all(|r| r["game"] == "paint" && r["mismatches"] == 0));
    let period = rows.iter().find(|r| r["solver"] == "period proof").unwrap();
    let detail = period["detail"].as_str().unwrap();
    assert!(detail.contains("period") && detail.contains("pre-period") && detail.contains("≤ n ≤"));
    let exhaustive = rows
        .iter()
        .find(|r| r["solver"] == "periodic" && r["rules"].as_str().unwrap().starts_with("every"))
        .unwrap();
    // 4 + 16 + … + 4^8
    assert_eq!(exhaustive["checked"], 87380);
    assert!(rows
        .iter()
        .any(|r| r["solver"] == "periodic vs grundy" && r["checked"] == 50));
}

#[test]
fn json_answers_per_case_with_the_values() {
    let input = std::fs::read_to_string("tests/data/paint_sample.in").unwrap();
    let doc = solve_json("paint", &[], &input);
    assert_eq!(doc["solver"], "periodic");
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases[0]["answer"], "Case 1: Alice");
    assert_eq!(cases[0]["value"], "win (N-position)");
    assert_eq!(cases[1]["answer"], "Case 2: Bob");
    assert_eq!(cases[1]["value"], "loss (P-position)");
    let naive = solve_json("paint", &["--solver", "naive"], &input);
    assert_eq!(naive["solver"], "naive");
    assert_eq!(naive["cases"], doc["cases"]);
}

#[test]
fn json_bad_input_is_the_same_located_error_with_nothing_on_stdout() {
    // the second case lists (1, 1) twice
    let input = "2\n2 1\n1 1\n3 2\n1 1\n1 1\n";
    let plain = solve_fails("paint", &[], input);
    assert!(plain.contains("line 6"), "{plain}");
    assert_eq!(solve_fails("paint", &["--json"], input), plain);
    // a refusal (a case too large for the chosen solver) too
    let huge = "1\n1000000 0\n";
    let refusal = solve_fails("paint", &["--json", "--solver", "naive"], huge);
    assert!(refusal.contains("case 1"), "{refusal}");
}
