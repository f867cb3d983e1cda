//! `gamecheck solve marble` and `gamecheck verify --game marble` from the outside: the
//! samples, and every bad input docs/rules.md names for marble (located error, exit 2, no answers).

mod common;

use common::{gamecheck, solve_fails, solve_json};
use predicates::prelude::*;

#[test]
fn solves_both_samples() {
    for name in ["marble_sample", "marble_sample_rows"] {
        let expected = std::fs::read_to_string(format!("tests/data/{name}.out")).unwrap();
        gamecheck()
            .args(["solve", "marble", &format!("tests/data/{name}.in")])
            .assert()
            .success()
            .stdout(expected.clone());
        let input = std::fs::read_to_string(format!("tests/data/{name}.in")).unwrap();
        for solver in ["naive", "bitmask", "table"] {
            gamecheck()
                .args(["solve", "marble", "--solver", solver])
                .write_stdin(input.clone())
                .assert()
                .success()
                .stdout(expected.clone());
        }
    }
}

#[test]
fn rule_flags_change_the_game() {
    // side 2, default run 2: one empty cell — Alice fills it and wins; misère: she loses
    let input = "1\n*\n* .\n*\n";
    gamecheck()
        .args(["solve", "marble", "--side", "2"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("Alice\n");
    gamecheck()
        .args(["solve", "marble", "--side", "2", "--misere"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("Bob\n");
    gamecheck()
        .args(["solve", "marble", "--side", "3", "--lines", "horizontal"])
        .write_stdin("1\n*\n. .\n* * *\n* *\n*\n")
        .assert()
        .success()
        .stdout("Alice\n");
    gamecheck()
        .args([
            "solve",
            "marble",
            "--side",
            "3",
            "--lines",
            "falling,rising",
            "--run",
            "2",
        ])
        .write_stdin("1\n*\n. .\n* * *\n* *\n*\n")
        .assert()
        .success()
        .stdout("Bob\n");
}

/// Runs `solve marble` on `input` with `flags`, expecting exit 2, nothing on stdout, and
/// every `needles` in the error.
fn bad(input: &str, flags: &[&str], needles: &[&str]) {
    let stderr = solve_fails("marble", flags, input);
    for n in needles {
        assert!(stderr.contains(n), "stderr {stderr:?} lacks {n:?}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

const FULL: &str = "*\n* *\n* * *\n* * * *\n* * *\n* *\n*\n";

#[test]
fn missing_t() {
    bad(
        "",
        &[],
        &["line 1, column 1", "number of positions T", "end of input"],
    );
    bad(
        "   \n\n",
        &[],
        &["line 3, column 1", "number of positions T"],
    );
}

#[test]
fn t_not_a_number() {
    bad(
        "x\n*",
        &[],
        &[
            "line 1, column 1",
            "expected the number of positions T",
            "`x`",
        ],
    );
    bad("*\n", &[], &["line 1, column 1", "`*`"]);
}

#[test]
fn negative_t() {
    bad("-1\n", &[], &["line 1, column 1", "non-negative", "`-1`"]);
}

#[test]
fn fewer_positions_than_t() {
    bad(
        &format!("2\n{FULL}"),
        &[],
        &["(position 2)", "expected T = 2 positions", "found only 1"],
    );
}

#[test]
fn symbols_after_the_last_position() {
    bad(
        &format!("1\n{FULL}\n*"),
        &[],
        &["line 10, column 1", "after the last position"],
    );
}

#[test]
fn a_symbol_other_than_star_and_dot() {
    bad(
        "1\n*\n* o\n",
        &[],
        &[
            "line 3, column 3",
            "(position 1)",
            "expected `*` or `.`",
            "`o`",
        ],
    );
    bad("1\n*\n*\t0", &[], &["line 3, column 3", "`0`"]);
}

#[test]
fn position_cut_short() {
    bad(
        "1\n*\n* *\n* * *\n",
        &[],
        &[
            "line 5, column 1",
            "(position 1)",
            "expected 16 symbols",
            "found 6",
        ],
    );
}

#[test]
fn naive_refuses_the_empty_five_diamond() {
    let empty5 = "1\n.\n. .\n. . .\n. . . .\n. . . . .\n. . . .\n. . .\n. .\n.\n";
    bad(
        empty5,
        &["--side", "5", "--solver", "naive"],
        &["naive", "25 empty cells", "--solver table"],
    );
    gamecheck()
        .args(["solve", "marble", "--side", "5"])
        .write_stdin(empty5)
        .assert()
        .success()
        .stdout(predicate::str::is_match("^(Alice|Bob)\n$").unwrap());
}

#[test]
fn bad_run_lengths() {
    bad("0\n", &["--run", "0"], &["run length 0"]);
    bad("0\n", &["--run", "5"], &["run length 5", "1..=4"]);
    bad("0\n", &["--side", "2", "--run", "3"], &["run length 3"]);
}

#[test]
fn bad_sides() {
    bad("0\n", &["--side", "0"], &["side 0"]);
    bad("0\n", &["--side", "7"], &["side 7"]);
}

#[test]
fn bad_line_lists() {
    bad("0\n", &["--lines", ""], &["--lines", "empty entry"]);
    bad(
        "0\n",
        &["--lines", "horizontal,"],
        &["--lines", "empty entry"],
    );
    bad(
        "0\n",
        &["--lines", "diagonal"],
        &["--lines", "unknown line family `diagonal`"],
    );
}

#[test]
fn unknown_solver() {
    bad(
        "0\n",
        &["--solver", "fast"],
        &["--solver", "fast", "naive, bitmask, table"],
    );
}

#[test]
fn not_utf8_is_located() {
    let mut cmd = gamecheck();
    let assert = cmd
        .args(["solve", "marble"])
        .write_stdin(b"1\n*\n\xff".to_vec())
        .assert()
        .code(2)
        .stdout("");
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("line 3, column 1") && stderr.contains("UTF-8"),
        "{stderr}"
    );
}

#[test]
fn zero_positions_print_nothing() {
    gamecheck()
        .args(["solve", "marble"])
        .write_stdin("0\n")
        .assert()
        .success()
        .stdout("");
}

#[test]
fn missing_file_is_an_error() {
    gamecheck()
        .args(["solve", "marble", "tests/data/no_such_file.in"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot read tests/data/no_such_file.in",
        ));
}

#[test]
fn verify_marble_json_is_only_json() {
    let out = gamecheck()
        .args([
            "verify", "--game", "marble", "--seed", "5", "--cases", "50", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("stdout is JSON");
    assert_eq!(v["seed"], 5);
    assert_eq!(v["ok"], true);
    assert!(v["failures"].as_array().unwrap().is_empty());
    let rows = v["rows"].as_array().unwrap();
    for key in [
        "game",
        "rules",
        "solver",
        "checked",
        "mismatches",
        "seconds",
        "detail",
    ] {
        assert!(rows[0].get(key).is_some(), "row lacks {key}");
    }
    assert!(rows
        .iter()
        .any(|r| r["solver"] == "table" && r["checked"] == 65536));
}

#[test]
fn verify_prints_a_table_and_the_seed() {
    gamecheck()
        .args(["verify", "--game", "marble", "--seed", "9", "--cases", "20"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mismatches").and(predicate::str::contains("seed 9")));
}

#[test]
fn bad_usage_exits_2() {
    gamecheck()
        .args(["verify", "--game", "chess"])
        .assert()
        .code(2);
    gamecheck().args(["solve"]).assert().code(2);
}

#[test]
fn json_answers_per_case_from_every_solver() {
    let input = std::fs::read_to_string("tests/data/marble_sample.in").unwrap();
    let doc = solve_json("marble", &[], &input);
    assert_eq!(doc["solver"], "table");
    assert_eq!(doc["flags"], "--side 4 --run 3 --lines all");
    for solver in ["naive", "bitmask"] {
        let other = solve_json("marble", &["--solver", solver], &input);
        assert_eq!(other["solver"], solver);
        assert_eq!(other["cases"], doc["cases"], "{solver}");
    }
    for case in doc["cases"].as_array().unwrap() {
        let value = match case["winner"].as_str().unwrap() {
            "Alice" => "win (N-position)",
            _ => "loss (P-position)",
        };
        assert_eq!(case["value"], value, "{doc}");
    }
}

#[test]
fn json_bad_symbol_is_a_located_error_with_nothing_on_stdout() {
    let err = solve_fails("marble", &["--json"], "1\n*\n* o\n");
    assert!(err.contains("line 3, column 3 (position 1)"), "{err}");
}
