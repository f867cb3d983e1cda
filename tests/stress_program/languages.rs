//! Contestants in C++ and Java (`tests/programs/octal_correct.cpp`,
//! `tests/programs/OctalCorrect.java`), compiled here, each right and wrong, under a
//! resident-memory limit: a JVM runs under a limit near what it touches. A wrong one
//! (`--largest 300`: a table too small for the contest's heaps) crashes from heap 301
//! on, and is shrunk to exactly that heap. A JVM under an address-space limit it cannot
//! start in, run directly and behind a wrapper that reads the input first
//! (`tests/programs/stdin_wrapper.py`), cannot start under that limit. Skipped, with the
//! reason printed, when the machine has no `g++` or no `javac`; with
//! `GAMECHECK_REQUIRE_JAVA=1` in the environment (CI sets it), a missing `javac` or
//! `java` fails the Java tests instead.

use crate::common::{fixture, gamecheck};
use std::path::Path;
use std::process::Command;

/// Whether a missing Java fails the Java tests rather than skips them
/// (`GAMECHECK_REQUIRE_JAVA=1`, as CI sets it).
fn java_required() -> bool {
    std::env::var("GAMECHECK_REQUIRE_JAVA").is_ok_and(|v| v == "1")
}

/// Runs `compiler args…`; `false` (and says why) when the compiler is not there, unless
/// it is `javac` and Java is required ([`java_required`]): then that fails the test.
fn compile(compiler: &str, args: &[&str]) -> bool {
    match Command::new(compiler).args(args).output() {
        Err(e) if compiler == "javac" && java_required() => {
            panic!("`javac` cannot be run here ({e}) and GAMECHECK_REQUIRE_JAVA=1")
        }
        Err(e) => {
            eprintln!("skipped: `{compiler}` cannot be run here ({e})");
            false
        }
        Ok(out) => {
            assert!(
                out.status.success(),
                "{compiler} {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            true
        }
    }
}

/// `gamecheck stress octal --code .77 --seed 3 FLAGS -- PROGRAM…`: its exit status and
/// stdout.
fn stress(flags: &[&str], program: &[&str]) -> (i32, String) {
    let here = std::env::current_dir().unwrap();
    let (code, out, _) = stress_in(&here, flags, program);
    (code, out)
}

/// A passing run of 20 rounds under the memory limit, with its peak against it.
fn assert_passes(limit: &str, program: &[&str]) {
    let (code, out) = stress(&["--rounds", "20", "--memory-limit", limit], program);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ok: 20 rounds, "), "{out}");
    assert!(
        out.contains(&format!("% of the {limit}.0 MiB resident limit)")),
        "{out}"
    );
}

/// A crash from heap 301 on, found with the default sizes and shrunk to that heap.
fn assert_crashes_from_301(limit: &str, program: &[&str], message: &str) {
    let (code, out) = stress(&["--memory-limit", limit], program);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("FAILED: crash in round "), "{out}");
    assert!(out.contains(message), "{out}");
    let input = out.split("--- input ---\n").nth(1).expect(&out);
    assert!(input.starts_with("1\n1 301\n"), "{out}");
}

#[test]
fn a_cpp_contestant_right_and_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("octal_correct");
    let bin_s = bin.display().to_string();
    let source = fixture("octal_correct.cpp");
    if !compile("g++", &["-O2", "-o", &bin_s, &source]) {
        return;
    }
    assert_passes("64", &[&bin_s, ".77"]);
    assert_crashes_from_301(
        "64",
        &[&bin_s, ".77", "--largest", "300"],
        "std::out_of_range",
    );
}

#[test]
fn a_java_contestant_right_and_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().display().to_string();
    let source = fixture("OctalCorrect.java");
    if !compile("javac", &["-d", &classes, &source]) {
        return;
    }
    assert!(Path::new(&classes).join("OctalCorrect.class").exists());
    // a JVM reserves gigabytes of address space and touches about 40 MiB
    assert_passes("128", &["java", "-cp", &classes, "OctalCorrect", ".77"]);
    assert_crashes_from_301(
        "128",
        &[
            "java",
            "-cp",
            &classes,
            "OctalCorrect",
            ".77",
            "--largest",
            "300",
        ],
        "ArrayIndexOutOfBoundsException",
    );
}

/// `gamecheck stress octal --code .77 --seed 3 FLAGS -- PROGRAM…`, run in `dir` (a JVM
/// that fails to start may leave an `hs_err_pid*.log` in its working folder): its exit
/// status, stdout and stderr.
fn stress_in(dir: &Path, flags: &[&str], program: &[&str]) -> (i32, String, String) {
    let out = gamecheck()
        .current_dir(dir)
        .args(["stress", "octal", "--code", ".77", "--seed", "3"])
        .args(flags)
        .arg("--")
        .args(program)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A JVM under 256 MiB of address space cannot reserve its code cache: it prints
/// `Error occurred during initialization of VM` on stdout and exits 1 on every input.
/// Behind a wrapper that reads the input first and then runs `java` with it, the
/// start-up check on the input cannot see that; the JVM's own words, the same on the
/// smallest failing input, make it "cannot start under this limit" (exit 2), not a
/// crash. Run directly, the same JVM reads none of its input and is found so as before.
#[test]
fn a_jvm_behind_a_wrapper_that_cannot_start_under_the_limit_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes").display().to_string();
    if !compile("javac", &["-d", &classes, &fixture("OctalCorrect.java")]) {
        return;
    }
    if let Err(e) = Command::new("java").arg("-version").output() {
        assert!(
            !java_required(),
            "`java` cannot be run here ({e}) and GAMECHECK_REQUIRE_JAVA=1"
        );
        eprintln!("skipped: `java` cannot be run here ({e})");
        return;
    }
    let java = &["java", "-cp", &classes, "OctalCorrect", ".77"];
    let wrapper = fixture("stdin_wrapper.py");
    let wrapped: Vec<&str> = ["python3", "-S", &wrapper]
        .iter()
        .chain(java)
        .copied()
        .collect();
    let flags = [
        "--rounds",
        "3",
        "--memory-limit",
        "256",
        "--memory-limit-kind",
        "address-space",
    ];
    // the wrapper alone is no obstacle: without a limit the JVM behind it passes
    let (code, out, err) = stress_in(dir.path(), &["--rounds", "3"], &wrapped);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = stress_in(dir.path(), &flags, &wrapped);
    assert_eq!((code, out.as_str()), (2, ""), "{out}{err}");
    assert!(
        err.contains(
            "cannot start under this limit: under 256 MiB of address space, the JVM did not \
             start: its stdout says `Error occurred during initialization of VM` then \
             `Could not reserve enough space for "
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "on the round's input and on the smallest failing input alike, so it would on \
             every input (the program read its input first, as a wrapper that starts the \
             runtime does); raise --memory-limit, or limit resident memory instead \
             (--memory-limit-kind resident)"
        ),
        "{err}"
    );
    // no report of a crash (the round was first seen to fail as one, and shrunk)
    assert!(!err.contains("crash:") && !err.contains("FAILED"), "{err}");
    // directly: it reads none of its input under the limit (nor at 4×), and is found
    // so as before (by a run with the memory available; on a machine with too little for
    // a JVM, by its words as above)
    let (code, out, err) = stress_in(dir.path(), &flags, java);
    assert_eq!((code, out.as_str()), (2, ""), "{out}{err}");
    assert!(
        err.contains("cannot start under this limit: under 256 MiB of address space, "),
        "{err}"
    );
    assert!(!err.contains("read its input first"), "{err}");
}
