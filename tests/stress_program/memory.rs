//! `stress --memory-limit`: "memory limit exceeded" only on evidence (a runtime's
//! allocation-failure message, or a pass at four times the limit); a peak near the
//! limit proves nothing; a program that cannot start under the limit is a usage error.

use crate::common::{failure_report, stress};

/// One full-size marble case (`--rounds 1 --cases 1`) under `limit` MiB.
fn one_case(limit: &str) -> Vec<&str> {
    vec![
        "--seed",
        "1",
        "--rounds",
        "1",
        "--cases",
        "1",
        "--memory-limit",
        limit,
    ]
}

/// Fills 78 MiB (a peak past 80% of the 100 MiB limit), then fails an assertion: a
/// crash, with no word of memory.
#[test]
fn a_peak_near_the_limit_then_an_unrelated_failure_is_a_crash() {
    let report = failure_report(stress(
        "marble",
        &one_case("100"),
        "touch_then_assert.py",
        &["78"],
    ));
    assert!(
        report.starts_with("FAILED: crash in round 1 of 1"),
        "{report}"
    );
    assert!(
        report.contains("AssertionError: an unrelated bug"),
        "{report}"
    );
    assert!(!report.contains("memory"), "{report}");
}

/// malloc returns NULL under 64 MiB and the program writes through it (SIGSEGV); at
/// 256 MiB it passes: memory limit exceeded, with that evidence.
#[test]
fn a_crash_that_passes_at_four_times_the_limit_is_memory_limit_exceeded() {
    let report = failure_report(stress(
        "marble",
        &one_case("64"),
        "null_malloc.py",
        &["100"],
    ));
    assert!(
        report.starts_with("FAILED: memory limit exceeded in round 1 of 1"),
        "{report}"
    );
    assert!(
        report.contains(
            "memory limit exceeded: killed by signal 11 (SIGSEGV) under the 64.0 MiB limit \
             (the same input passes at 256.0 MiB)"
        ),
        "{report}"
    );
}

/// Positive controls: a runtime's message is evidence on its own; a program that always
/// exits 1 after reading its input is a crash under a limit too.
#[test]
fn a_memory_error_is_memory_limit_exceeded_and_a_plain_exit_is_a_crash() {
    let report = failure_report(stress("marble", &one_case("256"), "alloc_1gib.py", &[]));
    assert!(
        report.starts_with("FAILED: memory limit exceeded in round 1 of 1"),
        "{report}"
    );
    assert!(report.contains("(stderr says `MemoryError`)"), "{report}");
    let report = failure_report(stress("marble", &one_case("256"), "exit3.py", &[]));
    assert!(
        report.starts_with("FAILED: crash in round 1 of 1"),
        "{report}"
    );
    assert!(report.contains("crash: exit status 3"), "{report}");
}

/// Under 5 MiB Python's dynamic loader fails before the program reads a byte: no input
/// can make it pass, so it is a usage error (exit 2) and nothing is shrunk.
#[test]
fn a_program_that_cannot_start_under_the_limit_is_a_usage_error() {
    let out = stress(
        "marble",
        &["--seed", "1", "--memory-limit", "5"],
        "marble_correct.py",
        &[],
    )
    .assert()
    .code(2)
    .stdout("")
    .get_output()
    .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cannot start under this limit"), "{err}");
    assert!(!err.contains("shrinking"), "{err}");
}
