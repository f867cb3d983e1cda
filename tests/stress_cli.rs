//! `gamecheck stress` end to end, against the Python fixtures in `tests/programs/`.
//! (`python3 -S` skips site initialisation: it halves the start-up time of each run.)

mod common;

use assert_cmd::Command;
use common::{
    assert_usage_error, assert_we_agree_with_expected_and_actual_differs,
    assert_wrong_answer_on_case_1, failure_report, fixture, gamecheck, section,
};
use predicates::prelude::*;
use std::time::{Duration, Instant};

/// `gamecheck stress marble <flags> -- python3 -S <fixture> <fixture args>`.
fn stress(flags: &[&str], program: &str, program_args: &[&str]) -> Command {
    common::stress("marble", flags, program, program_args)
}

#[test]
fn the_correct_program_passes_many_rounds() {
    stress(
        &["--rounds", "30", "--cases", "60", "--seed", "11"],
        "marble_correct.py",
        &[],
    )
    .assert()
    .code(0)
    .stdout(predicate::str::starts_with("ok: 30 rounds, "))
    .stdout(predicate::str::contains("seed 11"));
}

#[test]
fn crlf_and_trailing_spaces_are_not_failures() {
    stress(
        &["--rounds", "6", "--seed", "12"],
        "marble_correct.py",
        &["--crlf"],
    )
    .assert()
    .code(0);
}

#[test]
fn rule_flags_reach_the_generator_and_our_answers() {
    let flags = ["--side", "3", "--misere", "--rounds", "8", "--seed", "13"];
    stress(&flags, "marble_correct.py", &["--side", "3", "--misere"])
        .assert()
        .code(0);
    // the same program under other rules than ours is wrong, and said so
    stress(&flags, "marble_correct.py", &["--side", "3"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("FAILED: wrong answer"));
}

#[test]
fn the_wrap_bug_is_a_wrong_answer_shrunk_to_at_most_four_empty_cells() {
    for seed in ["1", "2", "3"] {
        let start = Instant::now();
        let report = failure_report(stress(&["--seed", seed], "marble_wrap_bug.py", &[]));
        let secs = start.elapsed().as_secs_f64();
        assert!(secs < 20.0, "seed {seed}: {secs:.1} s");
        assert_wrong_answer_on_case_1(&report);
        let input = section(&report, "input");
        assert!(input.starts_with("1\n"), "{report}");
        let empty = input.matches('.').count();
        assert!(
            (1..=4).contains(&empty),
            "seed {seed}: {empty} empty cells\n{report}"
        );
        // our own solver agrees with the printed expectation, the buggy program does not
        let actual = assert_we_agree_with_expected_and_actual_differs("marble", &report);
        assert!(["Alice", "Bob"].contains(&actual));
    }
}

#[test]
fn a_full_size_wrap_bug_input_is_shrunk_to_at_most_four_empty_cells() {
    // one round at full size: 50 positions with about 12 empty cells each
    let report = failure_report(stress(
        &["--seed", "21", "--rounds", "1", "--density", "0.25"],
        "marble_wrap_bug.py",
        &[],
    ));
    assert!(report.contains("shrunk:  50 cases -> 1 case ("), "{report}");
    let empty = section(&report, "input").matches('.').count();
    assert!((1..=4).contains(&empty), "{empty} empty cells\n{report}");
}

#[test]
fn a_literal_slash_n_is_malformed_output() {
    stress(&["--seed", "14", "--rounds", "5"], "marble_slash_n.py", &[])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("FAILED: malformed output"))
        .stdout(predicate::str::is_match("is not an answer: `(Alice|Bob)/n`").unwrap());
}

#[test]
fn exit_status_3_is_a_crash_with_the_stderr_tail() {
    stress(
        &["--seed", "15", "--rounds", "1", "--density", "0.5"],
        "exit3.py",
        &[],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::starts_with("FAILED: crash"))
    .stdout(predicate::str::contains("crash: exit status 3"))
    .stdout(predicate::str::contains("fixture: giving up with status 3"))
    // shrunk from 50 half-empty positions to one, the full board
    .stdout(predicate::str::contains(
        "shrunk:  50 cases -> 1 case (0 empty cells)",
    ));
}

#[test]
fn no_output_is_malformed_output() {
    stress(&["--seed", "16", "--rounds", "5"], "print_nothing.py", &[])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("FAILED: malformed output"))
        .stdout(predicate::str::contains("no output: expected 1 line"));
}

#[test]
fn a_program_that_sleeps_forever_times_out_and_nothing_survives() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let start = Instant::now();
    stress(
        &["--seed", "17", "--timeout", "1.5"],
        "sleep_forever.py",
        &[pidfile.to_str().unwrap()],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::starts_with("FAILED: timeout in round 1"))
    .stdout(predicate::str::contains(
        "no exit within the 5.5 s wall-clock limit",
    ));
    let elapsed = start.elapsed();
    // an upper bound with margin for a loaded 2-core machine (the program sleeps forever):
    // the round's run, then the shrunk input's three re-runs side by side, 5.5 s each
    assert!(elapsed < Duration::from_secs(18), "{elapsed:?}");
    let pids = std::fs::read_to_string(&pidfile).expect("the fixture wrote its pids");
    for pid in pids.split_whitespace() {
        let alive = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| !s.rsplit_once(')').unwrap().1.trim_start().starts_with('Z'))
            .unwrap_or(false);
        assert!(!alive, "process {pid} survived the timeout");
    }
}

/// A timeout is not shrunk: when no case times out alone, its 50-case input (hundreds
/// of lines) is shown by its head and tail only, and `--save` writes it whole. The
/// first 20 cases were run alone, and said so.
#[test]
fn the_input_of_an_unshrunk_timeout_is_shown_by_its_head_and_tail() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    let report = failure_report(stress(
        &["--seed", "3", "--rounds", "1", "--timeout", "1", "--save"]
            .into_iter()
            .chain([save.to_str().unwrap()])
            .collect::<Vec<_>>(),
        "hang_unless_alone.py",
        &[],
    ));
    assert!(report.contains("input:   50 cases, not shrunk"), "{report}");
    assert!(
        report.contains("note:    no case of the first 20 of 50 times out on its own"),
        "{report}"
    );
    assert!(report.contains("  case 20: "), "{report}");
    assert!(!report.contains("  case 21: "), "{report}");
    assert!(!report.contains("timeout (killed"), "{report}");
    let input = section(&report, "input");
    assert!(input.lines().count() <= 41, "{input}");
    assert!(input.contains(" lines not shown ("), "{input}");
    assert!(input.starts_with("50\n"), "{input}");
    // 50 answers, runs of identical ones folded (`… the line above 2 more times`)
    let expected = section(&report, "expected output");
    assert!(expected.lines().count() <= 41, "{expected}");
    assert!(
        expected.starts_with("Alice\n") || expected.starts_with("Bob\n"),
        "{expected}"
    );
    let whole = std::fs::read_to_string(save.join("input.txt")).unwrap();
    assert!(whole.lines().count() > 300, "{whole}");
    let last = input.trim_end().lines().last().unwrap();
    assert!(whole.trim_end().ends_with(last), "{last}");
}

#[test]
fn save_writes_a_regression_test_ready_case() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("wrap");
    stress(
        &["--seed", "18", "--save", save.to_str().unwrap()],
        "marble_wrap_bug.py",
        &[],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains("saved: "));
    let read = |f: &str| std::fs::read_to_string(save.join(f)).unwrap();
    let (input, expected, actual) = (read("input.txt"), read("expected.txt"), read("actual.txt"));
    assert!(read("report.txt").starts_with("FAILED: wrong answer"));
    gamecheck()
        .args(["solve", "marble"])
        .arg(save.join("input.txt"))
        .assert()
        .code(0)
        .stdout(expected.clone());
    assert_ne!(actual, expected);
    Command::new("python3")
        .arg(fixture("marble_wrap_bug.py"))
        .write_stdin(input)
        .assert()
        .stdout(actual);
}

#[test]
fn a_program_that_cannot_start_is_a_usage_error() {
    assert_usage_error(&["stress", "marble", "--", "/nonexistent/solution"]).stderr(
        predicate::str::contains("cannot start `/nonexistent/solution`"),
    );
}

/// A missing script of a known interpreter is found before any run (exit 2, nothing
/// run or shrunk); a file without the execute bit and a name that is only in this
/// folder get a hint. Controls: `sh -c` and other arguments are not checked, and a
/// file the program opens at run time is its own business (a crash).
#[test]
fn a_missing_script_is_a_usage_error_before_any_run() {
    let err = common::usage_error_text(&[
        "stress",
        "marble",
        "--",
        "python3",
        "-S",
        "/nonexistent/sol.py",
    ]);
    assert!(
        err.contains("`/nonexistent/sol.py` does not exist (the file `python3` is asked to run)"),
        "{err}"
    );
    assert!(!err.contains("seed"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("sol.py");
    std::fs::copy(fixture("marble_correct.py"), &plain).unwrap();
    let mut perms = std::fs::metadata(&plain).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o644);
    std::fs::set_permissions(&plain, perms).unwrap();
    let err = common::usage_error_text(&["stress", "marble", "--", plain.to_str().unwrap()]);
    assert!(
        err.contains("is not executable") && err.contains("chmod +x"),
        "{err}"
    );
    let out = gamecheck()
        .current_dir(dir.path())
        .args(["stress", "marble", "--", "sol.py"])
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("`./sol.py`"), "{err}");
    // controls: the shell's own command line is not checked; a file opened at run time
    // is the program's bug
    gamecheck()
        .args(["stress", "marble", "--rounds", "2", "--", "sh", "-c"])
        .arg(format!("exec python3 -S {}", fixture("marble_correct.py")))
        .assert()
        .code(0);
    let mut opens = gamecheck();
    opens
        .args(["stress", "marble", "--rounds", "1", "--cases", "1", "--"])
        .args(["python3", "-S", "-c", "open('/nonexistent/data.txt')"]);
    let report = failure_report(opens);
    assert!(report.starts_with("FAILED: crash"), "{report}");
}

#[test]
fn usage_errors_exit_2_with_nothing_on_stdout() {
    let prog = fixture("marble_correct.py");
    let cases: &[&[&str]] = &[
        &["stress", "marble"],
        &["stress", "marble", "python3", &prog],
        &["stress", "marble", "--timeout", "0", "--", "python3", &prog],
        &[
            "stress",
            "marble",
            "--timeout",
            "-1",
            "--",
            "python3",
            &prog,
        ],
        &[
            "stress",
            "marble",
            "--timeout",
            "nan",
            "--",
            "python3",
            &prog,
        ],
        &["stress", "marble", "--rounds", "0", "--", "python3", &prog],
        &["stress", "marble", "--cases", "0", "--", "python3", &prog],
        &[
            "stress",
            "marble",
            "--density",
            "1.5",
            "--",
            "python3",
            &prog,
        ],
        &["stress", "marble", "--side", "7", "--", "python3", &prog],
        &[
            "stress", "marble", "--run", "4", "--side", "3", "--", "python3", &prog,
        ],
        &[
            "stress", "marble", "--lines", "diagonal", "--", "python3", &prog,
        ],
        &["stress", "chess", "--", "python3", &prog],
    ];
    for args in cases {
        assert_usage_error(args);
    }
}

#[test]
fn cases_past_the_batch_cap_are_capped_and_said_so() {
    // each game's help names its own cap, which is the constant the run uses
    let caps = [
        ("marble", gamecheck_games::marble::contest::MAX_T),
        ("paint", gamecheck_games::paint::contest::MAX_T),
        ("sevens", gamecheck_games::sevens::contest::MAX_T),
        ("octal", gamecheck_games::octal::contest::MAX_BATCH),
    ];
    for (game, cap) in caps {
        let help = String::from_utf8(
            gamecheck()
                .args(["stress", game, "--help"])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
        assert!(
            help.contains(&format!("for {game}: at most {cap}")),
            "{game}: {help}"
        );
    }
    // a run past the cap runs the cap (1 small round, then 1,000 cases) and says so
    let out = common::stress(
        "octal",
        &[
            "--code", ".77", "--seed", "3", "--rounds", "2", "--cases", "1500",
        ],
        "octal_correct.py",
        &[".77"],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("--cases 1500 capped at 1000, the most cases of one octal input"),
        "{stderr}"
    );
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("1001 cases"));
    // at the cap, nothing is said
    let out = stress(
        &["--seed", "3", "--rounds", "1", "--cases", "200"],
        "marble_correct.py",
        &[],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8(out.stderr).unwrap().contains("capped"));
}

#[test]
fn a_timeout_out_of_range_names_the_range_in_short() {
    for (value, shown) in [("0", "0.0"), ("1e300", "1e300"), ("1000001", "1000001.0")] {
        let err = common::usage_error_text(&["stress", "marble", "--timeout", value, "--", "true"]);
        assert!(
            err.contains(&format!(
                "--timeout {shown}: expected a number of seconds above 0 and at most 1e6"
            )),
            "{value}: {err}"
        );
    }
}

/// The paint input of `gamecheck stress paint --seed SEED --rounds 1 --cases CASES` (its
/// one round), and the number of columns of each of its cases.
fn paint_round(seed: u64, cases: usize) -> (String, Vec<u64>) {
    let opts = gamecheck::stress::StressOptions {
        rounds: 1,
        cases,
        seed,
        shrink_time: gamecheck::stress::DEFAULT_SHRINK_TIME,
        jobs: 1,
        reruns: gamecheck::stress::DEFAULT_RERUNS,
    };
    let round = gamecheck::stress::rounds(&opts)[0];
    assert_eq!(round.cases, cases);
    let input = common::gen(
        "paint",
        &[
            "--cases",
            &cases.to_string(),
            "--seed",
            &round.seed.to_string(),
            "--scale",
            &round.size.scale.to_string(),
        ],
    );
    let data: Vec<u64> = input
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let (mut at, mut columns) = (1, Vec::new());
    for _ in 0..data[0] {
        columns.push(data[at]);
        at += 2 + 2 * data[at + 1] as usize;
    }
    (input, columns)
}

/// A timeout of several cases: each case is run alone under the same limit, in order,
/// and the first that times out on its own is the reported input, with the times of
/// the cases before it.
#[test]
fn a_timeout_names_the_case_that_times_out_alone_with_the_times_before_it() {
    let (seed, cases) = (7, 6);
    let (_, columns) = paint_round(seed, cases);
    // the third case, or the first after it whose N no case before it has
    let k = (2..cases)
        .find(|&k| !columns[..k].contains(&columns[k]))
        .expect("a case with a new N");
    let hang_on = columns[k].to_string();
    let report = failure_report(common::stress(
        "paint",
        &[
            "--seed",
            &seed.to_string(),
            "--rounds",
            "1",
            "--cases",
            &cases.to_string(),
            "--timeout",
            "1",
        ],
        "paint_slow.py",
        &["--hang-on-n", &hang_on],
    ));
    assert!(report.starts_with("FAILED: timeout in round 1"), "{report}");
    assert!(
        report.contains(&format!(
            "note:    case {} of {cases} times out on its own",
            k + 1
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!("failing: case {} of the round's {cases}", k + 1)),
        "{report}"
    );
    assert!(
        report.contains(&format!("shrunk:  {cases} cases -> 1 case")),
        "{report}"
    );
    assert!(
        report.contains(
            "each case alone (an input of 1 case, the same limits: 1 s of CPU, 4 s wall-clock):"
        ),
        "{report}"
    );
    for i in 0..k {
        let line = format!("  case {}: ", i + 1);
        let at = report
            .find(&line)
            .unwrap_or_else(|| panic!("{line}: {report}"));
        let rest = report[at..].lines().next().unwrap();
        assert!(rest.ends_with(" s CPU, passed"), "{rest}");
    }
    assert!(
        report.contains(&format!("  case {}: timeout (killed after ", k + 1)),
        "{report}"
    );
    assert!(!report.contains(&format!("  case {}: ", k + 2)), "{report}");
    // the reported input is that one case
    let input = section(&report, "input");
    assert!(input.starts_with(&format!("1\n{hang_on} ")), "{input}");
}

/// A timeout that no case has on its own (the cases together take too long): every
/// case is run alone and passes, and the whole input is kept.
#[test]
fn a_timeout_of_cases_that_each_pass_alone_keeps_the_whole_input() {
    let report = failure_report(common::stress(
        "paint",
        &[
            "--seed",
            "7",
            "--rounds",
            "1",
            "--cases",
            "5",
            "--timeout",
            "1.5",
            "--json",
        ],
        "paint_slow.py",
        &["--burn-per-case", "0.5"],
    ));
    let doc: serde_json::Value = serde_json::from_str(&report).unwrap();
    let failure = &doc["failure"];
    assert_eq!(doc["verdict"], "timeout", "{doc}");
    let times = failure["case_times"].as_array().unwrap();
    assert_eq!(times.len(), 5, "{doc}");
    for (i, t) in times.iter().enumerate() {
        assert_eq!(t["case"], i + 1, "{doc}");
        assert_eq!(t["verdict"], "ok", "{doc}");
        let cpu = t["cpu_seconds"].as_f64().unwrap();
        assert!((0.5..1.5).contains(&cpu), "{doc}");
    }
    assert_eq!(failure["shrunk"]["cases"], 5, "{doc}");
    assert!(failure["failing_case"].is_null(), "{doc}");
    let note = failure["note"].as_str().unwrap();
    assert!(
        note.starts_with("no case of the 5 times out on its own: together they take too long"),
        "{note}"
    );
}
