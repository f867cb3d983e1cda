//! Contestants in C++ and Java (`tests/programs/octal_correct.cpp`,
//! `tests/programs/OctalCorrect.java`), compiled here, each right and wrong, under a
//! resident-memory limit: a JVM runs under a limit near what it touches. A wrong one
//! (`--largest 300`: a table too small for the contest's heaps) crashes from heap 301
//! on, and is shrunk to exactly that heap. Skipped, with the reason printed, when the
//! machine has no `g++` or no `javac`.

use crate::common::{fixture, gamecheck};
use std::path::Path;
use std::process::Command;

/// Runs `compiler args…`; `false` (and says why) when the compiler is not there.
fn compile(compiler: &str, args: &[&str]) -> bool {
    match Command::new(compiler).args(args).output() {
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
    let out = gamecheck()
        .args(["stress", "octal", "--code", ".77", "--seed", "3"])
        .args(flags)
        .arg("--")
        .args(program)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
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
