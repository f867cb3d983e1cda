//! The `connect4` binary as a user runs it: the rules' example, `count` against the
//! first plies of OEIS A212693, `perft` with either generator, a bad board refused with
//! its location, a board beyond the oracle refused with the solver that answers it, and
//! `gen` read back by `solve`.

use assert_cmd::Command;

fn connect4() -> Command {
    Command::cargo_bin("connect4").unwrap()
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The example of RULES.md (its indented block), answered by both solvers as the text
/// says.
#[test]
fn the_rules_example_is_answered_as_documented() {
    let rules = include_str!("../RULES.md");
    let input: String = rules
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(input.starts_with("3\n"), "{input}");
    assert!(rules.contains("answers `win in 1`, then `loss in 2`, then `tie in 10`"));
    for solver in ["alphabeta", "naive"] {
        let args = ["solve", "--width", "5", "--height", "4", "--solver", solver];
        let out = stdout(connect4().args(args).write_stdin(input.clone()));
        assert_eq!(out, "win in 1\nloss in 2\ntie in 10\n", "{solver}");
    }
}

/// `count` from the empty 7 × 6 board to depth 6: the positions of each depth are the
/// first terms of OEIS A212693 (1, 7, 49, 238, 1120, 4263, 16422), the oracle's
/// generator gives the same, and no game has ended before move 7.
#[test]
fn count_gives_the_first_plies_of_a212693() {
    let fast = stdout(connect4().args(["count", "--depth", "6"]));
    let positions: Vec<&str> = fast
        .lines()
        .skip(1)
        .take(7)
        .map(|l| l.split(' ').nth(1).unwrap())
        .collect();
    assert_eq!(
        positions,
        ["1", "7", "49", "238", "1120", "4263", "16422"],
        "{fast}"
    );
    assert!(fast
        .lines()
        .skip(1)
        .take(7)
        .all(|l| l.split(' ').nth(2) == Some("0")));
    let naive = stdout(connect4().args(["count", "--depth", "6", "--solver", "naive"]));
    assert_eq!(naive, fast);
}

/// `perft` on 4 × 4: every line of 4 moves is legal (4^4 sequences), and the first
/// game ends on move 7 (a four needs 4 stones of X).
#[test]
fn perft_counts_move_sequences() {
    let args = ["perft", "--width", "4", "--height", "4", "--depth", "4"];
    assert_eq!(stdout(connect4().args(args)), "total: 256\n");
    let row = ["perft", "--width", "4", "--height", "1", "--depth", "4"];
    // one row of four: 4! orders of the cells, every line ends after its 4th stone
    assert_eq!(stdout(connect4().args(row)), "total: 24\n");
    let naive = [
        "perft", "--width", "4", "--height", "4", "--depth", "4", "--solver", "naive",
    ];
    assert_eq!(stdout(connect4().args(naive)), "total: 256\n");
}

/// A floating stone is a bad input: exit 2, nothing on stdout, the line and column on
/// stderr.
#[test]
fn a_board_not_reached_by_play_is_refused_with_its_place() {
    let out = connect4()
        .args(["solve", "--width", "4", "--height", "4"])
        .write_stdin("1\n....\n.X..\n....\n.O..\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("above an empty cell"), "{err}");
}

/// The oracle refuses the empty 7 × 6 board (42 empty cells, beyond its 20) and names
/// the solver that answers it; exit 2.
#[test]
fn the_oracle_refuses_a_large_board_and_names_the_solver() {
    let empty = format!("1\n{}", ".......\n".repeat(6));
    let out = connect4()
        .args(["solve", "--solver", "naive"])
        .write_stdin(empty)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("42 empty cells"), "{err}");
    assert!(err.contains("--solver alphabeta"), "{err}");
}

/// The alpha-beta solver refuses the empty 7 × 6 board (42 empty cells, beyond its 36:
/// hours of search), saying that no solver of the game answers it; exit 2.
#[test]
fn the_search_refuses_the_empty_standard_board() {
    let empty = format!("1\n{}", ".......\n".repeat(6));
    let out = connect4().arg("solve").write_stdin(empty).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("42 empty cells (the search takes at most 36)"),
        "{err}"
    );
    assert!(err.contains("no solver of this game answers it"), "{err}");
}

/// `gen` writes an input that `solve` reads, and both solvers answer it alike (on the
/// 5 × 4 board, whose 20 cells the oracle always reaches).
#[test]
fn gen_writes_what_solve_reads() {
    let board = ["--width", "5", "--height", "4"];
    let input = stdout(
        connect4()
            .args(["gen", "--cases", "20", "--seed", "3"])
            .args(board),
    );
    let fast = stdout(
        connect4()
            .arg("solve")
            .args(board)
            .write_stdin(input.clone()),
    );
    let naive = stdout(
        connect4()
            .args(["solve", "--solver", "naive"])
            .args(board)
            .write_stdin(input),
    );
    assert_eq!(fast.lines().count(), 20);
    assert_eq!(fast, naive);
}

/// `gen` says on stderr how many cases are beyond the oracle's reach (7 × 6 middlegames,
/// answered by the alpha-beta solver alone), and says nothing when there are none;
/// `solve` answers them all, and the oracle refuses the input.
#[test]
fn gen_says_how_many_cases_are_beyond_the_oracle() {
    let run = |cases: &str| {
        let out = connect4()
            .args(["gen", "--cases", cases, "--seed", "5"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        (String::from_utf8(out.stdout).unwrap(), err)
    };
    let (input, err) = run("1000");
    assert_eq!(
        err.lines().next().unwrap_or(""),
        "connect4 gen: 37 of the 1000 cases are beyond the oracle's reach: `solve` and \
         `stress` answer them with the default solver alone (the one `verify` checks \
         against the oracle where the oracle reaches)"
    );
    assert_eq!(
        stdout(connect4().arg("solve").write_stdin(input.clone()))
            .lines()
            .count(),
        1000
    );
    let naive = connect4()
        .args(["solve", "--solver", "naive"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(naive.status.code(), Some(2));
    let (_, quiet) = run("3");
    assert_eq!(quiet, "");
}

/// `connect4 --version` gives the binary's name and its own crate's version.
#[test]
fn version_is_the_crates_own() {
    let out = stdout(connect4().arg("--version"));
    assert_eq!(out, format!("connect4 {}\n", env!("CARGO_PKG_VERSION")));
}

/// T is 1..=1000, as the rules say: `gen` writes no input outside it (the reader would
/// refuse it) and `solve` refuses one, on line 1.
#[test]
fn the_number_of_boards_is_one_to_a_thousand() {
    for t in ["0", "1001"] {
        let out = connect4()
            .args(["gen", "--cases", t, "--seed", "1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{t}");
        assert!(out.stdout.is_empty());
        let ask = ["ask for at least 1 case", "ask for fewer cases"][usize::from(t != "0")];
        assert!(String::from_utf8(out.stderr).unwrap().contains(ask), "{t}");
        let out = connect4()
            .arg("solve")
            .write_stdin(format!("{t}\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{t}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("line 1, column 1: expected the number of boards T (1..=1000)"),
            "{err}"
        );
    }
}

/// A contestant wrong only past the oracle's 20 empty cells: `stress` sends such cases,
/// catches it, and says that the shrunk case is beyond the oracle (our answer there is
/// the alpha-beta solver's alone).
#[test]
fn stress_names_a_shrunk_case_beyond_the_oracle() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/programs/wrong_past_the_oracle.py"
    );
    let ours = assert_cmd::cargo::cargo_bin("connect4");
    let out = connect4()
        .args(["stress", "--seed", "1", "--", "python3", fixture])
        .arg(&ours)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("FAILED: wrong answer"), "{report}");
    assert!(
        report
            .contains("beyond:  1 of the 1 case of the shrunk input is beyond the oracle's reach"),
        "{report}"
    );
    assert!(report.contains("\nbeyond the oracle: "), "{report}");
}
