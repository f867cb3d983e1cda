//! `stress --memory-limit`: on resident memory (the default), a run is ended as it passes
//! the limit; on address space, "memory limit exceeded" only on evidence (a runtime's
//! allocation-failure message, or a pass at four times the limit); a peak near the
//! limit proves nothing; a program that cannot start under the limit is a usage error.

use crate::common::{failure_report, stress};

/// One full-size marble case (`--rounds 1 --cases 1`) under `limit` MiB of resident
/// memory.
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

/// One full-size marble case under `limit` MiB of address space.
fn one_case_address_space(limit: &str) -> Vec<&str> {
    let mut args = one_case(limit);
    args.extend(["--memory-limit-kind", "address-space"]);
    args
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

/// malloc returns NULL under 64 MiB of address space and the program writes through it
/// (SIGSEGV); at 256 MiB it passes: memory limit exceeded, with that evidence.
#[test]
fn a_crash_that_passes_at_four_times_the_limit_is_memory_limit_exceeded() {
    let report = failure_report(stress(
        "marble",
        &one_case_address_space("64"),
        "null_malloc.py",
        &["100"],
    ));
    assert!(
        report.starts_with("FAILED: memory limit exceeded in round 1 of 1"),
        "{report}"
    );
    assert!(
        report.contains(
            "memory limit exceeded: killed by signal 11 (SIGSEGV) under the 64.0 MiB \
             address-space limit (the same input passes at 256.0 MiB)"
        ),
        "{report}"
    );
}

/// Positive controls: a runtime's message is evidence on its own; a program that always
/// exits 1 after reading its input is a crash under a limit too.
#[test]
fn a_memory_error_is_memory_limit_exceeded_and_a_plain_exit_is_a_crash() {
    let report = failure_report(stress(
        "marble",
        &one_case_address_space("256"),
        "alloc_1gib.py",
        &[],
    ));
    assert!(
        report.starts_with("FAILED: memory limit exceeded in round 1 of 1"),
        "{report}"
    );
    assert!(report.contains("(stderr says `MemoryError`)"), "{report}");
    let report = failure_report(stress(
        "marble",
        &one_case_address_space("256"),
        "exit3.py",
        &[],
    ));
    assert!(
        report.starts_with("FAILED: crash in round 1 of 1"),
        "{report}"
    );
    assert!(report.contains("crash: exit status 3"), "{report}");
}

/// Under 5 MiB Python cannot start: resident, it passes the limit before it reads a
/// byte; of address space, its dynamic loader fails. No input can make it pass, so it is
/// a usage error (exit 2) and nothing is shrunk.
#[test]
fn a_program_that_cannot_start_under_the_limit_is_a_usage_error() {
    for (kind, what) in [
        ("resident", "resident memory"),
        ("address-space", "address space"),
    ] {
        let out = stress(
            "marble",
            &[
                "--seed",
                "1",
                "--memory-limit",
                "5",
                "--memory-limit-kind",
                kind,
            ],
            "marble_correct.py",
            &[],
        )
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        if kind == "resident" {
            assert!(
                err.contains("cannot start under this limit: it allocates at least "),
                "{err}"
            );
            assert!(
                err.contains(
                    " before reading its input; at a judge with a 5 MiB limit it would fail \
                     every test — reduce its start-up allocation, or raise --memory-limit if \
                     the judge's limit is higher"
                ),
                "{err}"
            );
        } else {
            assert!(
                err.contains(&format!(
                    "cannot start under this limit: under 5 MiB of {what}, "
                )),
                "{err}"
            );
            assert!(
                err.contains(
                    "; raise --memory-limit, or limit resident memory instead \
                     (--memory-limit-kind resident)"
                ),
                "{err}"
            );
        }
        assert!(!err.contains("shrinking"), "{err}");
    }
}

/// A program that allocates 1 GiB before reading its input, under 256 MiB of resident
/// memory: it is ended before it reads a byte, and would be at a judge with that limit on
/// every test; the message says so, with what it had allocated when it was ended.
#[test]
fn allocating_past_the_limit_before_reading_the_input_is_cannot_start() {
    let out = stress("marble", &one_case("256"), "alloc_1gib.py", &["first"])
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    let said = err
        .split("cannot start under this limit: it allocates at least ")
        .nth(1)
        .expect(&err);
    let (peak, rest) = said.split_once(" MiB").expect(&err);
    assert!(peak.parse::<f64>().expect(&err) > 256.0, "{err}");
    assert!(
        rest.starts_with(
            " before reading its input; at a judge with a 256 MiB limit it would fail every \
             test — reduce its start-up allocation, or raise --memory-limit if the judge's \
             limit is higher"
        ),
        "{err}"
    );
}

/// A program that touches 300 MiB after reading its input, under 256 MiB of resident
/// memory: memory limit exceeded, the peak it reached as evidence, shrunk like any
/// failure; at 512 MiB it passes.
#[test]
fn touching_more_than_the_resident_limit_is_memory_limit_exceeded() {
    let report = failure_report(stress(
        "marble",
        &one_case("256"),
        "touch_then_answer.py",
        &["300"],
    ));
    assert!(
        report.starts_with("FAILED: memory limit exceeded in round 1 of 1"),
        "{report}"
    );
    assert!(
        report.contains("over the 256.0 MiB resident limit; every process it started was ended"),
        "{report}"
    );
    stress("marble", &one_case("512"), "touch_then_answer.py", &["300"])
        .assert()
        .code(0);
}
