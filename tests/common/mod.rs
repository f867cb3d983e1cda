//! Helpers shared by the integration tests: the `*_fuzz*` tests drive a fuzz target's
//! property on stable Rust over its committed seed corpus and seeded random bytes; the
//! CLI tests (`*_cli`, `stress_*`) run the `gamecheck` binary (`gen`, `stress`, `solve`)
//! and read its reports. Each test binary uses a subset, hence `dead_code`.

#![allow(dead_code)]

use assert_cmd::Command;
use gamecheck::harness::props::random_inputs;
use predicates::prelude::*;
use std::path::PathBuf;

/// The files of `fuzz/corpus/<target>/`, in name order (panics when there are none).
pub fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = format!("{}/fuzz/corpus/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{dir} is empty");
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Runs `property` on the corpus of `target` and on `count` random inputs of at most
/// `max_len` bytes from `seed`; panics with the input on the first failure.
pub fn drive(
    target: &str,
    property: fn(&[u8]) -> Result<(), String>,
    seed: u64,
    count: usize,
    max_len: usize,
) {
    for input in corpus(target)
        .into_iter()
        .chain(random_inputs(seed, count, max_len))
    {
        if let Err(e) = property(&input) {
            panic!("{target} fails on {input:?}: {e}");
        }
    }
}

/// The `gamecheck` binary of this crate.
pub fn gamecheck() -> Command {
    Command::cargo_bin("gamecheck").unwrap()
}

/// The absolute path of `tests/programs/<name>` (a Python fixture).
pub fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
        .display()
        .to_string()
}

/// The stdout of `gamecheck gen <game> <args>`, which must exit 0.
pub fn gen(game: &str, args: &[&str]) -> String {
    let out = gamecheck()
        .args(["gen", game])
        .args(args)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `gamecheck gen <game> --cases 5` without a seed: checks that it exits 0, prints
/// `gamecheck gen: seed S` on stderr, and that `--seed S` gives the same bytes.
pub fn assert_unseeded_gen_prints_a_seed_that_replays(game: &str) {
    let out = gamecheck()
        .args(["gen", game, "--cases", "5"])
        .assert()
        .code(0)
        .stderr(predicate::str::starts_with("gamecheck gen: seed "))
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let seed = stderr.trim().rsplit(' ').next().unwrap();
    assert_eq!(
        gen(game, &["--cases", "5", "--seed", seed]),
        String::from_utf8(out.stdout).unwrap()
    );
}

/// `gamecheck stress <game> <flags> -- python3 -S <fixture> <fixture args>`
/// (`python3 -S` skips site initialisation: it halves the start-up time of each run).
pub fn stress(game: &str, flags: &[&str], program: &str, program_args: &[&str]) -> Command {
    let mut cmd = gamecheck();
    cmd.args(["stress", game])
        .args(flags)
        .args(["--", "python3", "-S"])
        .arg(fixture(program))
        .args(program_args);
    cmd
}

/// Runs `cmd`, checks exit code 1 (a failure found) and returns the report on stdout.
pub fn failure_report(mut cmd: Command) -> String {
    let out = cmd.assert().code(1).get_output().clone();
    String::from_utf8(out.stdout).unwrap()
}

/// Checks that `report` is a wrong answer found in some round and shrunk to case 1.
pub fn assert_wrong_answer_on_case_1(report: &str) {
    assert!(
        report.starts_with("FAILED: wrong answer in round "),
        "{report}"
    );
    assert!(
        report.contains("wrong answer on case 1: expected "),
        "{report}"
    );
}

/// The text between `--- <name> ---` and the next `---` header (or the end).
pub fn section<'a>(report: &'a str, name: &str) -> &'a str {
    let header = format!("--- {name} ---\n");
    let start = report.find(&header).expect("section present") + header.len();
    let rest = &report[start..];
    let end = rest.find("\n--- ").map(|e| e + 1).unwrap_or(rest.len());
    &rest[..end]
}

/// Checks that `gamecheck solve <game>` on the report's input prints the report's
/// expected output, and that the program's actual output differs; returns the actual
/// output (trimmed).
pub fn assert_we_agree_with_expected_and_actual_differs<'a>(
    game: &str,
    report: &'a str,
) -> &'a str {
    let expected = section(report, "expected output").trim();
    gamecheck()
        .args(["solve", game])
        .write_stdin(section(report, "input"))
        .assert()
        .code(0)
        .stdout(format!("{expected}\n"));
    let actual = section(report, "actual output").trim();
    assert_ne!(actual, expected);
    actual
}

/// Runs `gamecheck <args>` and checks exit 2 with nothing on stdout (a usage error).
pub fn assert_usage_error(args: &[&str]) -> assert_cmd::assert::Assert {
    gamecheck().args(args).assert().code(2).stdout("")
}

/// [`assert_usage_error`] with an empty stdin, returning stderr.
pub fn usage_error_text(args: &[&str]) -> String {
    let assert = gamecheck()
        .args(args)
        .write_stdin("")
        .assert()
        .code(2)
        .stdout("");
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

/// Runs `gamecheck solve <game> <flags>` on `input`, checks exit 2 with nothing on
/// stdout (no partial answers), and returns stderr.
pub fn solve_fails(game: &str, flags: &[&str], input: &str) -> String {
    let assert = gamecheck()
        .args(["solve", game])
        .args(flags)
        .write_stdin(input.to_string())
        .assert()
        .code(2)
        .stdout("");
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

/// Checks that `gamecheck gen <game> <flags>` is a usage error (exit 2, nothing on
/// stdout) for each of `flag_sets`.
pub fn assert_gen_flags_are_usage_errors(game: &str, flag_sets: &[&[&str]]) {
    for flags in flag_sets {
        let mut args = vec!["gen", game];
        args.extend_from_slice(flags);
        assert_usage_error(&args);
    }
}

/// `gamecheck solve <game> --json <args>` on `input`: checks exit 0 and that stdout is
/// one JSON document whose `output` is exactly what the same command prints without
/// `--json`, and whose cases are numbered 1, 2, … with each `answer` the case's line of
/// that output and each `winner` the answer's last word; returns the document.
pub fn solve_json(game: &str, args: &[&str], input: &str) -> serde_json::Value {
    let solve = |json: &[&str]| {
        let out = gamecheck()
            .args(["solve", game])
            .args(json)
            .args(args)
            .write_stdin(input.to_string())
            .assert()
            .code(0);
        out.get_output().stdout.clone()
    };
    let text = String::from_utf8(solve(&[])).unwrap();
    let out = solve(&["--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out).expect("one JSON document");
    assert_eq!(doc["game"], game, "{doc}");
    assert_eq!(doc["output"], text.as_str(), "{doc}");
    let cases = doc["cases"].as_array().expect("cases");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(cases.len(), lines.len(), "{doc}");
    for (i, (case, line)) in cases.iter().zip(&lines).enumerate() {
        assert_eq!(case["case"], i + 1, "{doc}");
        assert_eq!(case["answer"], *line, "{doc}");
        let last = line.rsplit(' ').next().unwrap();
        assert_eq!(case["winner"], last, "{doc}");
    }
    doc
}
