//! `gamecheck … octal` end to end: solve (answers, bad input located, bad codes naming
//! `--code`, refusals), `period` and `values` (octal and paint), `gen` (heaps from the
//! proved period), and `stress` shrinking the planted bugs of
//! `tests/programs/octal_short_preperiod.py` and `tests/programs/octal_residue_bug.py`.

use predicates::prelude::*;

mod common;
use common::{
    assert_usage_error, assert_wrong_answer_on_case_1, failure_report, gamecheck, gen, section,
    solve_fails,
};

#[test]
fn solves_the_worked_example_and_huge_heaps() {
    gamecheck()
        .args(["solve", "octal", "--code", ".77"])
        .write_stdin("2\n2 4 1\n1 3\n")
        .assert()
        .code(0)
        .stdout("Bob\nAlice\n");
    // Kayles: g(10^18) = g(71 + (10^18 − 71) mod 12); two equal heaps cancel
    gamecheck()
        .args(["solve", "octal", "--code", "0.77"])
        .write_stdin("2\n2 1000000000000000000 1000000000000000000\n1 1000000000000000000\n")
        .assert()
        .code(0)
        .stdout("Bob\nAlice\n");
    for solver in ["naive", "grundy", "periodic", "sparse"] {
        gamecheck()
            .args(["solve", "octal", "--code", ".07", "--solver", solver])
            .write_stdin("3\n1 1\n1 2\n3 5 9 15\n")
            .assert()
            .code(0)
            .stdout("Bob\nAlice\nBob\n");
    }
}

#[test]
fn bad_input_is_located_and_prints_nothing() {
    for (input, at) in [
        ("1\n2 3 0\n", "line 2, column 5 (case 1)"),
        ("1\n0\n", "line 2, column 1 (case 1)"),
        ("1\n1 1000000000000000001\n", "line 2, column 3 (case 1)"),
        ("2\n1 3\n", "line 3, column 1 (case 2)"),
        ("1\n1 3\nx\n", "line 3, column 1"),
        ("", "line 1, column 1"),
    ] {
        let err = solve_fails("octal", &["--code", ".77"], input);
        assert!(err.contains(at), "{input:?}: {err}");
    }
}

#[test]
fn a_bad_or_missing_code_is_a_usage_error_naming_the_flag() {
    for code in ["77", ".78", "4.7", ".000", ".77777777777777771", "x"] {
        assert_usage_error(&["solve", "octal", "--code", code])
            .stderr(predicate::str::contains(format!("--code `{code}`")));
        assert_usage_error(&["gen", "octal", "--code", code])
            .stderr(predicate::str::contains("--code"));
        assert_usage_error(&["period", "octal", "--code", code])
            .stderr(predicate::str::contains("--code"));
    }
    assert_usage_error(&["solve", "octal"]).stderr(predicate::str::contains("--code is required"));
    assert_usage_error(&["values", "octal", "--upto", "3"])
        .stderr(predicate::str::contains("--code"));
    assert_usage_error(&["solve", "octal", "--code", ".77", "--max-n", "1000001"])
        .stderr(predicate::str::contains("--max-n"));
}

#[test]
fn refusals_name_a_solver_and_the_table() {
    let err = solve_fails(
        "octal",
        &["--code", ".77", "--solver", "naive"],
        "1\n2 20 11\n",
    );
    assert!(
        err.contains("31 tokens") && err.contains("--solver periodic"),
        "{err}"
    );
    let err = solve_fails(
        "octal",
        &["--code", ".77", "--solver", "grundy"],
        "1\n1 4096\n",
    );
    assert!(err.contains("g(0..4096)"), "{err}");
    // no period of .16 proves within the 20,000 values periodic looks at: it answers
    // inside them only
    gamecheck()
        .args(["solve", "octal", "--code", ".16"])
        .write_stdin("1\n1 19999\n")
        .assert()
        .code(0);
    let err = solve_fails("octal", &["--code", ".16"], "1\n1 20000\n");
    assert!(err.contains("no period of g was proved"), "{err}");
}

#[test]
fn period_prints_the_proof_in_two_lines() {
    gamecheck()
        .args(["period", "octal", "--code", ".77"])
        .assert()
        .code(0)
        .stdout("period 12, pre-period 71\nproved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g computed to 255)\n");
    gamecheck()
        .args(["period", "octal", "--code", ".07"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "period 34, pre-period 53\nproved: g(n+34) = g(n) for 53 ≤ n ≤ 142 (t = 2, ",
        ));
    gamecheck()
        .args(["period", "paint"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("period "));
    // too few values: exit 1 and a message
    gamecheck()
        .args(["period", "octal", "--code", ".77", "--max-n", "150"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no period of g proved"));
    gamecheck()
        .args(["period", "paint", "--max-n", "100"])
        .assert()
        .code(1);
    assert_usage_error(&["period", "octal", "--code", ".77", "--max-n", "0"]);
    assert_usage_error(&["period", "paint", "--max-n", "4294967297"]);
    assert_usage_error(&["period", "marble"]);
}

#[test]
fn values_prints_g_on_one_line() {
    gamecheck()
        .args(["values", "octal", "--code", ".77", "--upto", "19"])
        .assert()
        .code(0)
        .stdout("0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2\n");
    gamecheck()
        .args(["values", "octal", "--code", ".07", "--upto", "16"])
        .assert()
        .code(0)
        .stdout("0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5\n");
    gamecheck()
        .args(["values", "paint", "--upto", "0"])
        .assert()
        .code(0)
        .stdout("0\n");
    assert_usage_error(&["values", "octal", "--code", ".77", "--upto", "4294967297"]);
    assert_usage_error(&["values", "octal", "--code", ".77"]);
    assert_usage_error(&[
        "values", "octal", "--code", ".77", "--upto", "3", "--max-n", "9",
    ]);
}

#[test]
fn gen_writes_the_canonical_layout_within_the_sizes() {
    let text = gen(
        "octal",
        &[
            "--code",
            ".07",
            "--cases",
            "40",
            "--seed",
            "5",
            "--max-heaps",
            "3",
            "--max-heap",
            "9",
            "--period-heaps",
            "0",
        ],
    );
    let cases = gamecheck_games::octal::format::read(&text).unwrap();
    assert_eq!(cases.len(), 40);
    assert!(cases
        .iter()
        .all(|c| c.heaps().len() <= 3 && c.largest() <= 9));
    assert_eq!(gamecheck_games::octal::format::write(&cases), text);
    // by default, heaps from the proved period of .07 (34 from 53) too: in [53, 87) and
    // beyond, never between --max-heap and the pre-period
    let text = gen(
        "octal",
        &[
            "--code",
            ".07",
            "--cases",
            "40",
            "--seed",
            "5",
            "--max-heap",
            "9",
        ],
    );
    let heaps: Vec<u64> = gamecheck_games::octal::format::read(&text)
        .unwrap()
        .iter()
        .flat_map(|c| c.heaps().to_vec())
        .collect();
    assert!(heaps.iter().all(|&h| h <= 9 || h >= 53), "{heaps:?}");
    assert!(heaps.iter().any(|&h| (53..87).contains(&h)), "{heaps:?}");
    assert!(heaps.iter().any(|&h| h > 1_000_000), "{heaps:?}");
    assert_usage_error(&["gen", "octal", "--code", ".77", "--period-heaps", "2"]).stderr(
        predicate::str::contains("--period-heaps 2 is outside 0..=1"),
    );
    assert_usage_error(&["gen", "octal", "--code", ".77", "--max-heaps", "0"]);
    // no period of .16 proves within the 20,000 values periodic looks at
    assert_usage_error(&["gen", "octal", "--code", ".16", "--max-heap", "20000"])
        .stderr(predicate::str::contains("--max-heap 20000"));
}

#[test]
fn stress_shrinks_the_short_pre_period_bug() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("failure");
    let save = save.to_str().unwrap();
    let report = failure_report(common::stress(
        "octal",
        &["--code", ".77", "--seed", "7", "--save", save],
        "octal_short_preperiod.py",
        &[".77"],
    ));
    assert_wrong_answer_on_case_1(&report);
    let input = section(&report, "input");
    let cases = gamecheck_games::octal::format::read(input).unwrap();
    assert_eq!(cases.len(), 1, "{report}");
    // the bug needs a heap of 27 or more (g(n) = g(n − 12) is wrong first at 27)
    assert!(cases[0].largest() >= 27, "{report}");
    let expected = section(&report, "expected output").trim().to_string();
    gamecheck()
        .args(["solve", "octal", "--code", ".77"])
        .write_stdin(input.to_string())
        .assert()
        .code(0)
        .stdout(format!("{expected}\n"));
    assert_ne!(section(&report, "actual output").trim(), expected);
    // --replay reads the code back from rules.json: the correct program now passes
    common::stress("octal", &["--replay", save], "octal_correct.py", &[".77"])
        .assert()
        .code(0);
    // the correct program passes
    common::stress(
        "octal",
        &["--code", ".77", "--seed", "7", "--rounds", "10"],
        "octal_correct.py",
        &[".77"],
    )
    .assert()
    .code(0);
}

/// A Kayles solution wrong for every heap ≡ 10 (mod 12) from 82 on (g(82) = 2 taken
/// for 3) is caught with the default sizes (heaps from the period: the window [71, 83)
/// holds 82) and shrunk to `2 2 82`, the smallest case that shows it: a heap of 82 on
/// its own is a win either way. With every heap within `--max-heap 30`
/// (`--period-heaps 0`) it passes.
#[test]
fn stress_catches_a_wrong_residue_class_with_the_default_sizes() {
    let report = failure_report(common::stress(
        "octal",
        &["--code", ".77", "--seed", "1"],
        "octal_residue_bug.py",
        &[".77"],
    ));
    assert_wrong_answer_on_case_1(&report);
    assert!(
        report.contains("--max-heap 30 --period-heaps 0.5 --cases"),
        "{report}"
    );
    let cases = gamecheck_games::octal::format::read(section(&report, "input")).unwrap();
    assert_eq!(cases.len(), 1, "{report}");
    let mut heaps = cases[0].heaps().to_vec();
    heaps.sort_unstable();
    assert_eq!(heaps, [2, 82], "{report}");
    assert_eq!(section(&report, "expected output").trim(), "Bob");
    common::stress(
        "octal",
        &[
            "--code",
            ".77",
            "--seed",
            "1",
            "--rounds",
            "20",
            "--period-heaps",
            "0",
        ],
        "octal_residue_bug.py",
        &[".77"],
    )
    .assert()
    .code(0);
}

/// A program right for heaps of at most 300 tokens that crashes on any larger one
/// (a table too small for the contest's heaps), caught with the default sizes (heaps
/// up to 10^18 from the proved period): shrinking finds the threshold itself, one heap
/// of exactly 301 tokens, by galloping and bisection on the largest heap, in at most 20
/// runs of the program.
#[test]
fn a_failure_from_a_heap_size_on_is_shrunk_to_that_size_in_few_runs() {
    let out = common::stress(
        "octal",
        &["--code", ".77", "--seed", "1", "--json"],
        "octal_threshold.py",
        &[".77"],
    )
    .assert()
    .code(1)
    .get_output()
    .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let failure = &doc["failure"];
    assert_eq!(doc["verdict"], "crash", "{doc}");
    let cases =
        gamecheck_games::octal::format::read(failure["shrunk"]["input"].as_str().unwrap()).unwrap();
    assert_eq!(cases.len(), 1, "{doc}");
    assert_eq!(cases[0].heaps(), [301], "{doc}");
    let runs = failure["shrink_runs"].as_u64().unwrap();
    assert!(runs <= 20, "{runs} runs: {doc}");
    assert!(failure["note"].is_null(), "{doc}");
}

#[test]
fn rules_octal_prints_its_section() {
    gamecheck()
        .args(["rules", "octal"])
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("## Octal").and(predicate::str::contains("## Paint").not()),
        );
}

/// `--cases` is capped at the batch one input may hold (1,000 cases): two rounds of
/// `--cases 1500` are 1 case (round 1 starts small) and 1,000; the summary names the
/// game, its rules and the seed.
#[test]
fn stress_caps_the_cases_of_an_input() {
    common::stress(
        "octal",
        &[
            "--code", ".77", "--seed", "7", "--rounds", "2", "--cases", "1500",
        ],
        "octal_correct.py",
        &[".77"],
    )
    .assert()
    .code(0)
    .stdout(
        predicate::str::starts_with("ok: 2 rounds, 1001 cases: ")
            .and(predicate::str::contains("(octal .77, seed 7)")),
    );
}

/// The octal sample (Kayles): its answers follow from Kayles' values g = 0, 1, 2, 3, 1,
/// 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, … and its period 12 from 71 (Winning Ways), worked
/// out by hand in the `.out` file; the oracle agrees on the cases within its 30 tokens
/// (the first four and the last).
#[test]
fn the_sample_input_gives_the_sample_output() {
    let want = std::fs::read_to_string("tests/data/octal_sample.out").unwrap();
    gamecheck()
        .args([
            "solve",
            "octal",
            "--code",
            ".77",
            "tests/data/octal_sample.in",
        ])
        .assert()
        .code(0)
        .stdout(want.clone());
    let input = std::fs::read_to_string("tests/data/octal_sample.in").unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let small: Vec<&str> = [1, 2, 3, 4, 7].iter().map(|&i| lines[i]).collect();
    let answers: Vec<&str> = want.lines().collect();
    let small_want: String = [0, 1, 2, 3, 6]
        .iter()
        .map(|&i| format!("{}\n", answers[i]))
        .collect();
    gamecheck()
        .args(["solve", "octal", "--code", ".77", "--solver", "naive"])
        .write_stdin(format!("5\n{}\n", small.join("\n")))
        .assert()
        .code(0)
        .stdout(small_want);
}

/// `values` and `period` by the sparse-space method: `values` prints the plain
/// recurrence's values; `period` proves `.127`'s period 4 from 46,578 (a table of
/// 131,072 values) and `.16`'s 149,459 from 105,351, each checked at scale, with the
/// rare statistics under `--stats` after the two usual lines.
#[test]
fn values_and_period_by_the_sparse_space_method() {
    let code: gamecheck_games::octal::Code = ".16".parse().unwrap();
    let want: Vec<String> = gamecheck_games::octal::grundy::table(&code, 3001)
        .iter()
        .map(u32::to_string)
        .collect();
    gamecheck()
        .args(["values", "octal", "--code", ".16", "--upto", "3000"])
        .assert()
        .code(0)
        .stdout(want.join(",") + "\n");
    let out = gamecheck()
        .args([
            "period", "octal", "--code", ".127", "--max-n", "200000", "--stats",
        ])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "period 4, pre-period 46578");
    assert!(
        lines[1].ends_with("(t = 3, g computed to 131071)"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("method: sparse space, mask "),
        "{text}"
    );
    assert!(lines[3].starts_with("stats: mask "), "{text}");
    assert!(lines[3].contains("rare positions, last rare "), "{text}");
    gamecheck()
        .args(["period", "octal", "--code", ".16", "--max-n", "1000000"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "period 149459, pre-period 105351\n",
        ));
}

/// Runs too long or too large are refused before they start, with what they need:
/// `.4` and `.04` have no sparse space, so 4·10^9 values by the plain recurrence would take
/// years (for `values` and for `period`); `.4` has a period (34 from 54), so only `values
/// --method plain` (no period shortcut) is refused, `.04` none within `g(0..2^14)`, so
/// `values` is refused by default; `--upto` and `--max-n` stop at 2^32.
#[test]
fn long_runs_are_refused_with_what_they_need() {
    gamecheck()
        .args(["values", "octal", "--code", ".04", "--upto", "4000000000"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("--upto: g(0..4000000001) by the plain recurrence")
                .and(predicate::str::contains("would take about")),
        );
    gamecheck()
        .args([
            "values",
            "octal",
            "--code",
            ".4",
            "--upto",
            "4000000000",
            "--method",
            "plain",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("--upto: g(0..4000000001) by the plain recurrence")
                .and(predicate::str::contains("would take about")),
        );
    gamecheck()
        .args(["period", "octal", "--code", ".04", "--max-n", "4000000000"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("--max-n: g(0..4000000000) by the plain recurrence")
                .and(predicate::str::contains("would take about")),
        );
    gamecheck()
        .args(["values", "octal", "--code", ".16", "--upto", "4294967297"])
        .assert()
        .code(2)
        .stdout("");
    gamecheck()
        .args(["period", "octal", "--code", ".16", "--max-n", "4294967297"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--max-n 4294967297 is outside 1..=4294967296",
        ));
}

/// A proved period makes `values` linear: under `--method auto` (the default) the values
/// past the length where the period proved (Kayles: 12 from 71, at 256 values) come from
/// it, and they are the recurrence's (`grundy`'s table, computed apart, to 20,000);
/// `--stats` says the method, its statistics and where the period took over; `--method
/// plain` and `--method sparse` compute every value (the same ones) and say that no period
/// was looked for; a method the game lacks is a usage error naming `--method`.
#[test]
fn a_proved_period_gives_the_values_past_it() {
    let kayles: gamecheck_games::octal::Code = ".77".parse().unwrap();
    let want: Vec<String> = gamecheck_games::octal::grundy::table(&kayles, 20_001)
        .iter()
        .map(u32::to_string)
        .collect();
    let want = want.join(",") + "\n";
    let stdout = |args: &[&str]| {
        let out = gamecheck()
            .args(args)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let values = ["values", "octal", "--code", ".77", "--upto", "20000"];
    assert_eq!(stdout(&values), want);
    let with_stats = stdout(&[&values[..], &["--stats"]].concat());
    let (line, stats) = with_stats.split_at(want.len());
    assert_eq!(line, want);
    let stats: Vec<&str> = stats.lines().collect();
    assert_eq!(stats.len(), 3, "{stats:?}");
    assert!(
        stats[0].starts_with("method: sparse space, mask "),
        "{stats:?}"
    );
    assert!(stats[1].starts_with("stats: mask "), "{stats:?}");
    assert_eq!(
        stats[2],
        "period: period 12, pre-period 71, proved with g computed to 255; g(256..=20000) by \
         g(n − k·12)"
    );
    for (method, says) in [
        ("plain", "method: plain recurrence\n"),
        ("sparse", "method: sparse space, mask "),
    ] {
        let args = [
            "values", "octal", "--code", ".77", "--upto", "3000", "--method", method,
        ];
        let short = want.split(',').take(3001).collect::<Vec<_>>().join(",") + "\n";
        assert_eq!(stdout(&args), short, "{method}");
        let text = stdout(&[&args[..], &["--stats"]].concat());
        let stats = &text[short.len()..];
        assert!(stats.starts_with(says), "{method}: {stats}");
        assert!(
            stats.ends_with(&format!("period: not looked for (--method {method})\n")),
            "{method}: {stats}"
        );
    }
    // under auto without a period proved (.16's needs 524,288 values)
    let text = stdout(&[
        "values", "octal", "--code", ".16", "--upto", "5000", "--stats",
    ]);
    assert!(
        text.ends_with("period: none proved with g computed to 5000\n"),
        "{text}"
    );
    // paint has the plain recurrence only
    assert_usage_error(&["values", "paint", "--upto", "10", "--method", "sparse"])
        .stderr(predicate::str::contains("--method sparse"));
    assert_usage_error(&[
        "values", "octal", "--code", ".77", "--upto", "3", "--method", "fast",
    ])
    .stderr(predicate::str::contains("--method"));
    gamecheck()
        .args([
            "period", "octal", "--code", ".77", "--method", "plain", "--stats",
        ])
        .assert()
        .code(0)
        .stdout(
            predicate::str::starts_with("period 12, pre-period 71\n")
                .and(predicate::str::contains("method: plain recurrence\n")),
        );
}

/// `solve` proves what `period` proves: `periodic` looks for a period in as many values
/// as `period` does by default, so `.356` (period 142 from 7,315, proved from
/// `g(0..16384)`) answers a heap of 6·10^17 with the default table; a code whose period
/// needs more (`.16`) is refused with `--max-n` and `period` named, never with "no
/// solver answers".
#[test]
fn solve_proves_what_period_proves() {
    let search = gamecheck_games::octal::periodic::SEARCH;
    gamecheck()
        .args(["period", "octal", "--code", ".16"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!("(--max-n {search})")));
    gamecheck()
        .args(["period", "octal", "--code", ".356"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("period 142, pre-period 7315\n"));
    // g(6·10^17) = g(7315 + (6·10^17 − 7315) mod 142), computed here by the table
    let n = 7315 + (600_000_000_000_000_000u64 - 7315) % 142;
    let g = gamecheck_games::octal::grundy::table(&".356".parse().unwrap(), n as usize + 1);
    let want = if g[n as usize] != 0 {
        "Alice\n"
    } else {
        "Bob\n"
    };
    gamecheck()
        .args(["solve", "octal", "--code", ".356"])
        .write_stdin("1\n1 600000000000000000\n")
        .assert()
        .code(0)
        .stdout(want);
    gamecheck()
        .args(["solve", "octal", "--code", ".16"])
        .write_stdin("1\n1 600000000000000000\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("`gamecheck period octal --code .16 --max-n N`")
                .and(predicate::str::contains("use `--max-n 1000000` instead"))
                .and(predicate::str::contains("no solver").not()),
        );
}
