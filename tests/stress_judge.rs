//! `gamecheck stress` as a judge: nothing lost or left behind by detaching children,
//! `--jobs`, `--memory-limit`, the timing lines, `--replay`, and the messages.

mod common;

use common::{failure_report, fixture, gamecheck, section};
use predicates::prelude::*;
use std::time::Instant;

fn stress(flags: &[&str], program: &str) -> assert_cmd::Command {
    common::stress("marble", flags, program, &[])
}

fn stdout_of(cmd: &mut assert_cmd::Command, code: i32) -> (String, String) {
    let out = cmd.assert().code(code).get_output().clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Pids of live processes (not zombies) whose command line contains `needle`.
fn live_with(needle: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let zombie = stat
                .rsplit_once(')')
                .is_some_and(|(_, r)| r.trim_start().starts_with('Z'));
            String::from_utf8_lossy(&cmd).contains(needle) && !zombie
        })
        .collect()
}

/// A program that prints its answers, then leaves a setsid() child holding stdout
/// for 5 s. The run passes, quickly, says a process was left behind, and none survives.
fn detached(fixture_name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("pid").display().to_string();
    let start = Instant::now();
    let (out, _) = stdout_of(
        gamecheck()
            .args(["stress", "marble", "--seed", "7", "--rounds", "1"])
            .args(["--cases", "5", "--timeout", "10", "--", "python3", "-S"])
            .arg(fixture(fixture_name))
            .arg(&marker),
        0,
    );
    let secs = start.elapsed().as_secs_f64();
    assert!(out.starts_with("ok: 1 round, 5 cases"), "{out}");
    assert!(out.contains("warning: 1 run left "), "{out}");
    assert!(out.contains(fixture_name), "{out}");
    assert!(secs < 2.5, "{fixture_name}: {secs:.2} s");
    assert!(
        live_with(&marker).is_empty(),
        "a process of the run survived"
    );
}

#[test]
fn a_setsid_child_holding_stdout_passes_and_is_ended() {
    detached("marble_setsid_child.py");
}

#[test]
fn a_double_forked_daemon_holding_stdout_passes_and_is_ended() {
    detached("marble_daemon_child.py");
}

/// The lines of a failure report that must not depend on --jobs.
fn outcome(report: &str) -> Vec<String> {
    let mut keep: Vec<String> = report
        .lines()
        .filter(|l| {
            ["FAILED:", "seed:", "failing:", "wrong answer on", "input:"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(String::from)
        .collect();
    keep.push(section(report, "input").to_string());
    keep.push(section(report, "actual output").to_string());
    keep
}

#[test]
fn jobs_do_not_change_the_failing_round_verdict_or_shrunk_case() {
    for seed in ["1", "4"] {
        let one = failure_report(stress(
            &["--seed", seed, "--jobs", "1"],
            "marble_wrap_bug.py",
        ));
        let two = failure_report(stress(
            &["--seed", seed, "--jobs", "2"],
            "marble_wrap_bug.py",
        ));
        assert_eq!(outcome(&one), outcome(&two), "seed {seed}\n{one}\n{two}");
        assert!(one.contains("failing: case "), "{one}");
    }
    // a crash (shrunk by halving batches) too
    let one = failure_report(stress(&["--seed", "5", "--jobs", "1"], "exit3.py"));
    let two = failure_report(stress(&["--seed", "5", "--jobs", "2"], "exit3.py"));
    assert_eq!(outcome(&one), outcome(&two), "{one}\n{two}");
}

#[test]
fn zero_jobs_is_a_usage_error() {
    stress(&["--jobs", "0"], "marble_correct.py")
        .assert()
        .code(2)
        .stdout("");
}

/// Under an address-space limit the allocation fails inside the program (Python's
/// `MemoryError`); under a resident limit (the default) the run is ended as it touches
/// the memory, with the peak as evidence.
#[test]
fn a_gibibyte_under_a_256_mib_limit_is_memory_limit_exceeded() {
    let (out, err) = stdout_of(
        &mut stress(
            &[
                "--seed",
                "3",
                "--rounds",
                "2",
                "--memory-limit",
                "256",
                "--memory-limit-kind",
                "address-space",
            ],
            "alloc_1gib.py",
        ),
        1,
    );
    assert!(
        out.starts_with("FAILED: memory limit exceeded in round 1 of 2"),
        "{out}"
    );
    assert!(out.contains("peak resident memory "), "{out}");
    assert!(
        out.contains("under the 256.0 MiB address-space limit"),
        "{out}"
    );
    assert!(out.contains("MemoryError"), "{out}");
    assert!(err.contains("failed (memory limit exceeded)"), "{err}");
    let (out, _) = stdout_of(
        &mut stress(
            &["--seed", "3", "--rounds", "2", "--memory-limit", "256"],
            "alloc_1gib.py",
        ),
        1,
    );
    assert!(
        out.starts_with("FAILED: memory limit exceeded in round 1 of 2"),
        "{out}"
    );
    let verdict = out
        .lines()
        .find(|l| l.starts_with("memory limit exceeded: "))
        .expect(&out);
    assert!(
        verdict.starts_with("memory limit exceeded: its resident memory reached ")
            && verdict.ends_with(
                ", over the 256.0 MiB resident limit; every process it started was ended"
            ),
        "{verdict}"
    );
    assert!(!out.contains("MemoryError"), "{out}");
    // without a limit the same program is only a crash (or passes nothing: malformed)
    let help = gamecheck()
        .args(["stress", "marble", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("JVM") && help.contains("Go"), "{help}");
}

#[test]
fn a_passing_run_reports_its_slowest_run_and_peak_memory_against_the_limits() {
    let (out, err) = stdout_of(
        &mut stress(
            &[
                "--seed",
                "8",
                "--rounds",
                "3",
                "--memory-limit",
                "512",
                "--timeout",
                "20",
            ],
            "marble_correct.py",
        ),
        0,
    );
    assert!(out.starts_with("ok: 3 rounds, "), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let slowest = lines
        .iter()
        .find(|l| l.starts_with("slowest run: "))
        .expect(&out);
    assert!(
        slowest.contains(" s CPU (") && slowest.contains("of the 20 s CPU time limit), "),
        "{slowest}"
    );
    assert!(slowest.ends_with("% of 61 s)"), "{slowest}");
    let peak = lines
        .iter()
        .find(|l| l.starts_with("peak memory: "))
        .expect(&out);
    assert!(peak.contains("of the 512.0 MiB resident limit"), "{peak}");
    assert!(err.starts_with("gamecheck stress: seed 8\n"), "{err}");
    let (out, _) = stdout_of(
        &mut stress(&["--seed", "8", "--rounds", "1"], "marble_correct.py"),
        0,
    );
    assert!(out.starts_with("ok: 1 round, 50 cases: "), "{out}");
    assert!(
        out.contains("peak memory: ") && out.contains("(no memory limit)"),
        "{out}"
    );
}

/// The same command line, its program fixed in place, "passed this time": a pass says
/// nothing of whether a failure can come back (a flaky program passes some runs), so the
/// report says how many runs passed, never "now passes"; `--repeat N` runs it N times.
#[test]
fn replay_of_the_same_program_fixed_passed_this_time() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("fail");
    let save_s = save.display().to_string();
    let sol = dir.path().join("sol.py");
    std::fs::copy(fixture("marble_wrap_bug.py"), &sol).unwrap();
    std::fs::copy(
        fixture("marble_correct.py"),
        dir.path().join("marble_correct.py"),
    )
    .unwrap();
    let run = |flags: &[&str]| {
        let mut cmd = gamecheck();
        cmd.args(["stress", "marble"])
            .args(flags)
            .args(["--", "python3", "-S"])
            .arg(&sol);
        cmd
    };
    stdout_of(&mut run(&["--seed", "2", "--save", &save_s]), 1);
    let saved = std::fs::read_to_string(save.join("rules.json")).unwrap();
    assert!(saved.contains("\"program\""), "{saved}");
    std::fs::copy(fixture("marble_correct.py"), &sol).unwrap();
    let (out, _) = stdout_of(&mut run(&["--replay", &save_s]), 0);
    assert!(
        out.contains(&format!(
            "passed this time (1 of 1 runs) on the input replayed from {save_s} ("
        )),
        "{out}"
    );
    assert!(!out.contains("now passes"), "{out}");
    let (out, _) = stdout_of(&mut run(&["--replay", &save_s, "--repeat", "3"]), 0);
    assert!(out.contains("passed this time (3 of 3 runs)"), "{out}");
}

#[test]
fn replay_runs_a_saved_failure_again() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("fail");
    let save_s = save.display().to_string();
    failure_report(stress(
        &["--seed", "2", "--side", "4", "--save", &save_s],
        "marble_wrap_bug.py",
    ));
    assert!(save.join("rules.json").exists());
    let replay = |program: &str, flags: &[&str]| {
        let mut cmd = gamecheck();
        cmd.args(["stress", "marble", "--replay", &save_s])
            .args(flags)
            .args(["--", "python3", "-S"])
            .arg(fixture(program));
        cmd
    };
    // still failing: exit 1 with the verdict, and how many runs failed
    let (out, _) = stdout_of(&mut replay("marble_wrap_bug.py", &[]), 1);
    assert!(
        out.starts_with(&format!(
            "FAILED: wrong answer on the input replayed from {save_s} (failed 1 of 1 runs)"
        )),
        "{out}"
    );
    let (out, _) = stdout_of(&mut replay("marble_wrap_bug.py", &["--repeat", "2"]), 1);
    assert!(out.contains("(failed 2 of 2 runs)"), "{out}");
    assert!(out.contains("wrong answer on case 1: expected "), "{out}");
    // another program passes: exit 0, and it says the failure was saved from another
    let (out, _) = stdout_of(&mut replay("marble_correct.py", &["--jobs", "2"]), 0);
    assert!(out.starts_with("ok: `python3 -S "), "{out}");
    assert!(
        out.contains(&format!(
            "passed this time (1 of 1 runs) on the input replayed from {save_s} (1 case, "
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "; the failure was saved from `python3 -S {}`)",
            fixture("marble_wrap_bug.py")
        )),
        "{out}"
    );
    assert!(!out.contains("now passes"), "{out}");
    // rule flags and round flags are usage errors
    for flags in [
        &["--side", "3"][..],
        &["--misere"],
        &["--seed", "1"],
        &["--rounds", "2"],
        &["--cases", "2"],
    ] {
        replay("marble_correct.py", flags)
            .assert()
            .code(2)
            .stdout("");
    }
    // an expected.txt that disagrees with our answers: exit 1 naming both
    let expected = std::fs::read_to_string(save.join("expected.txt")).unwrap();
    let flipped = if expected.starts_with("Alice") {
        "Bob\n"
    } else {
        "Alice\n"
    };
    std::fs::write(save.join("expected.txt"), flipped).unwrap();
    let out = replay("marble_correct.py", &[])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("expected.txt disagrees with gamecheck"),
        "{err}"
    );
    assert!(
        err.contains(flipped.trim()) && err.contains(expected.trim()),
        "{err}"
    );
    // a missing file: exit 2
    std::fs::remove_file(save.join("input.txt")).unwrap();
    let out = replay("marble_correct.py", &[])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("input.txt"), "{err}");
}

#[test]
fn a_timeout_is_not_announced_as_shrinking() {
    let (out, err) = stdout_of(
        &mut stress(
            &["--seed", "4", "--rounds", "1", "--timeout", "0.5"],
            "sleep_forever.py",
        ),
        1,
    );
    assert!(out.contains("not shrunk"), "{out}");
    assert!(out.contains("FAILED: timeout in round 1 of 1"), "{out}");
    assert!(!err.contains("shrinking"), "{err}");
    // its 50 cases are run alone next (the first one times out on its own)
    assert!(
        err.contains("round 1 of 1 failed (timeout); running its cases alone to time each…\n"),
        "{err}"
    );
}

#[test]
fn failures_name_the_failing_case_and_a_short_scale() {
    let report = failure_report(stress(
        &["--seed", "3", "--rounds", "30"],
        "marble_wrap_bug.py",
    ));
    let failing = report
        .lines()
        .find(|l| l.starts_with("failing: case "))
        .expect(&report);
    assert!(
        failing.contains(" of the round's ") && failing.contains("empty cell"),
        "{failing}"
    );
    let seed_line = report.lines().find(|l| l.starts_with("seed: ")).unwrap();
    let scale = seed_line
        .rsplit("scale ")
        .next()
        .unwrap()
        .trim_end_matches(')');
    let decimals = scale.split('.').nth(1).map_or(0, str::len);
    assert!(decimals <= 3, "{seed_line}");
}

#[test]
fn a_nul_byte_in_the_output_is_shown_escaped() {
    let report = failure_report(stress(&["--seed", "1", "--rounds", "1"], "print_nul.py"));
    assert!(report.starts_with("FAILED: malformed output"), "{report}");
    assert!(!report.contains('\0'), "{report:?}");
    assert!(
        section(&report, "actual output").contains("Alice\\0"),
        "{report}"
    );
}

#[test]
fn trailing_empty_lines_are_accepted() {
    // marble_correct.py --crlf is covered elsewhere; here blank lines after the answers
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("blank.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\npython3 -S {} \"$@\"\necho\necho\n",
            fixture("marble_correct.py")
        ),
    )
    .unwrap();
    gamecheck()
        .args([
            "stress", "marble", "--seed", "2", "--rounds", "3", "--", "sh",
        ])
        .arg(&script)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("ok: 3 rounds"));
}

/// `--replay` over several saved failures (a regression suite): one line per folder,
/// exit 1 while one still fails, 0 when all pass, 2 when a folder cannot be replayed.
#[test]
fn replay_of_several_folders_is_one_line_each_with_the_worst_status() {
    let dir = tempfile::tempdir().unwrap();
    let wrap = dir.path().join("wrap");
    let crash = dir.path().join("crash");
    let save = |flags: &[&str], to: &std::path::Path, program: &str| {
        let mut all = flags.to_vec();
        all.extend(["--save", to.to_str().unwrap()]);
        failure_report(stress(&all, program));
    };
    save(&["--seed", "1"], &wrap, "marble_wrap_bug.py");
    save(
        &["--seed", "1", "--rounds", "1", "--cases", "1"],
        &crash,
        "exit3.py",
    );
    let replay = |program: &str, dirs: &[&std::path::Path], code: i32| {
        let mut cmd = gamecheck();
        cmd.args(["stress", "marble", "--replay"]).args(dirs).args([
            "--",
            "python3",
            "-S",
            &fixture(program),
        ]);
        let out = cmd.assert().code(code).get_output().clone();
        String::from_utf8(out.stdout).unwrap()
    };
    let out = replay("marble_correct.py", &[&wrap, &crash], 0);
    assert_eq!(
        out,
        format!(
            "ok: {}: passed this time (1 of 1 runs)\nok: {}: passed this time (1 of 1 runs)\n",
            wrap.display(),
            crash.display()
        )
    );
    let out = replay("marble_wrap_bug.py", &[&wrap, &crash], 1);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.starts_with(&format!(
            "FAILED: {}: wrong answer on case 1",
            wrap.display()
        )),
        "{out}"
    );
    let missing = dir.path().join("missing");
    let out = replay("marble_correct.py", &[&wrap, &missing], 2);
    assert!(
        out.contains(&format!("error: {}: ", missing.display())),
        "{out}"
    );
}

/// `--save` records the limits the failure happened under, and `--replay` runs under them
/// unless its own flags say otherwise: a memory failure replayed with no flag still fails;
/// with a larger limit given, it passes.
#[test]
fn replay_runs_under_the_saved_limits() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("mem");
    let save_s = save.display().to_string();
    let touching = |flags: &[&str]| {
        let mut cmd = gamecheck();
        cmd.args(["stress", "marble"])
            .args(flags)
            .args(["--", "python3", "-S"])
            .arg(fixture("touch_then_answer.py"))
            .arg("300");
        cmd
    };
    let (out, _) = stdout_of(
        &mut touching(&[
            "--seed",
            "1",
            "--rounds",
            "1",
            "--cases",
            "1",
            "--memory-limit",
            "256",
            "--save",
            &save_s,
        ]),
        1,
    );
    assert!(out.starts_with("FAILED: memory limit exceeded"), "{out}");
    let saved = std::fs::read_to_string(save.join("rules.json")).unwrap();
    assert!(saved.contains("\"memory_limit\": 256"), "{saved}");
    let (out, _) = stdout_of(&mut touching(&["--replay", &save_s]), 1);
    assert!(
        out.contains("limits:  10 s of CPU, 31 s wall-clock, 256 MiB of resident memory"),
        "{out}"
    );
    assert!(
        out.contains("memory limit exceeded: its resident memory reached "),
        "{out}"
    );
    let (out, _) = stdout_of(
        &mut touching(&["--replay", &save_s, "--memory-limit", "1024"]),
        0,
    );
    assert!(out.contains("1024 MiB of resident memory"), "{out}");
}

/// `--save` never overwrites a saved failure, and leaves no empty folder behind when
/// every round passes.
#[test]
fn save_refuses_a_folder_with_a_failure_and_leaves_none_when_all_pass() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("fresh");
    let fresh_s = fresh.display().to_string();
    stdout_of(
        &mut stress(
            &["--seed", "1", "--rounds", "1", "--save", &fresh_s],
            "marble_correct.py",
        ),
        0,
    );
    assert!(!fresh.exists());
    let used = dir.path().join("used");
    std::fs::create_dir(&used).unwrap();
    std::fs::write(used.join("input.txt"), "1\n").unwrap();
    let used_s = used.display().to_string();
    let (_, err) = stdout_of(
        &mut stress(
            &["--seed", "1", "--rounds", "1", "--save", &used_s],
            "marble_correct.py",
        ),
        2,
    );
    assert!(err.contains("already holds a saved failure"), "{err}");
}

/// Usage errors of the limits say what is wrong: a wall-clock limit below the CPU limit;
/// a memory limit with a unit; a kind with no limit (and no tip about `--`).
#[test]
fn limits_that_cannot_be_used_are_usage_errors() {
    let (_, err) = stdout_of(
        &mut stress(
            &["--timeout", "5", "--wall-timeout", "1"],
            "marble_correct.py",
        ),
        2,
    );
    assert!(
        err.contains("--wall-timeout 1 is below --timeout 5"),
        "{err}"
    );
    let (_, err) = stdout_of(
        &mut stress(&["--memory-limit", "64M"], "marble_correct.py"),
        2,
    );
    assert!(err.contains("`64M` is not a whole number of MiB"), "{err}");
    let (_, err) = stdout_of(
        &mut stress(
            &["--memory-limit-kind", "address-space"],
            "marble_correct.py",
        ),
        2,
    );
    assert!(err.contains("--memory-limit <MiB>"), "{err}");
    assert!(!err.contains("give the program under test after"), "{err}");
}

/// A flaky program (`marble_flaky.py`: wrong on its odd-numbered runs): the failure is
/// run again and said to be flaky, shrinking retries its candidates, and a replay with
/// `--repeat` says how many runs failed.
#[test]
fn a_flaky_failure_is_said_to_be_flaky_and_replayed_with_repeat() {
    let dir = tempfile::tempdir().unwrap();
    let counter = dir.path().join("runs").display().to_string();
    let save = dir.path().join("flaky").display().to_string();
    let run = |flags: &[&str]| {
        let mut cmd = gamecheck();
        cmd.args(["stress", "marble"]).args(flags).args([
            "--",
            "python3",
            "-S",
            &fixture("marble_flaky.py"),
            &counter,
        ]);
        cmd
    };
    let (out, _) = stdout_of(
        &mut run(&["--seed", "1", "--rounds", "10", "--save", &save]),
        1,
    );
    assert!(out.starts_with("FAILED: wrong answer in round "), "{out}");
    assert!(
        out.contains("\nflaky:   the shrunk input failed 2 of 4 runs"),
        "{out}"
    );
    assert!(
        out.contains("shrinking ran each candidate up to 4 times before taking it to pass"),
        "{out}"
    );
    // replayed four times, it fails on two of them
    let (out, _) = stdout_of(&mut run(&["--replay", &save, "--repeat", "4"]), 1);
    assert!(out.contains("(failed 2 of 4 runs)"), "{out}");
    // a deterministic failure is said to reproduce
    let (out, _) = stdout_of(
        &mut stress(&["--seed", "2", "--rounds", "5"], "marble_wrap_bug.py"),
        1,
    );
    assert!(
        out.contains("\nreruns:  the shrunk input failed 4 of 4 runs, the round's input 4 of 4\n"),
        "{out}"
    );
    assert!(!out.contains("flaky"), "{out}");
}

/// The program's stderr is shown for every verdict (a wrong answer here), and `--save`
/// keeps it (`stderr.txt`).
#[test]
fn stderr_is_shown_for_a_wrong_answer_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    let script = format!(
        "echo 'debug: searching' >&2; exec python3 -S {}",
        fixture("marble_wrap_bug.py")
    );
    let out = gamecheck()
        .args(["stress", "marble", "--seed", "1", "--reruns", "0", "--save"])
        .arg(&save)
        .args(["--", "sh", "-c", &script])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("wrong answer on case 1"), "{report}");
    assert!(
        report.contains("\n--- stderr ---\ndebug: searching\n--- input ---\n"),
        "{report}"
    );
    let saved = std::fs::read_to_string(save.join("stderr.txt")).unwrap();
    assert_eq!(saved, "debug: searching\n");
}
