//! The process runner of `gamecheck stress` on its own: no deadlock on full pipes, the
//! output cap, the timeout killing the whole process group, no zombie left.

use gamecheck::stress::{
    run, run_limited, End, Limits, MemoryKind, MemoryLimit, TimeLimit, STDOUT_CAP,
};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn program(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
        .display()
        .to_string()
}

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

/// Whether `pid` is a live process (present in /proc and not a zombie).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        // the state is the first field after the parenthesised command name
        Ok(stat) => stat
            .rsplit_once(')')
            .map(|(_, rest)| !rest.trim_start().starts_with('Z'))
            .unwrap_or(false),
    }
}

#[test]
fn a_program_that_writes_before_it_reads_does_not_deadlock() {
    // 4 MiB out before reading anything, 8 MiB in: both pipes fill up unless the input
    // is written from another thread while the output is read.
    let input = vec![b'.'; 8 << 20];
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let out = run(
            &sh("head -c 4194304 /dev/zero; cat > /dev/null"),
            &input,
            Duration::from_secs(60),
        );
        let _ = tx.send(out);
    });
    // a deadlock would hang past the program's own time limit
    let out = rx
        .recv_timeout(Duration::from_secs(90))
        .expect("run() deadlocked on the pipes")
        .unwrap();
    assert_eq!(out.end, End::Exited(0));
    assert_eq!(out.stdout.len(), 4 << 20);
    assert_eq!(out.stdout_bytes, 4 << 20);
}

#[test]
fn a_program_that_ignores_its_input_is_fine() {
    let input = vec![b'*'; 1 << 20];
    let out = run(&sh("echo done"), &input, Duration::from_secs(60)).unwrap();
    assert_eq!(out.end, End::Exited(0));
    assert_eq!(out.stdout, b"done\n");
}

#[test]
fn runaway_output_is_capped_and_the_program_killed() {
    let start = Instant::now();
    let out = run(&sh("yes Alice"), b"", Duration::from_secs(60)).unwrap();
    assert_eq!(out.end, End::OutputCapped);
    assert_eq!(out.stdout.len(), STDOUT_CAP);
    // what was read: more than was kept, at most one read (64 KiB) more
    assert!(
        out.stdout_bytes > STDOUT_CAP as u64
            && out.stdout_bytes <= (STDOUT_CAP + (64 << 10)) as u64,
        "{}",
        out.stdout_bytes
    );
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn the_timeout_kills_the_process_group_and_reaps_the_child() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let argv = vec![
        "python3".to_string(),
        program("sleep_forever.py"),
        pidfile.display().to_string(),
    ];
    let limit = Duration::from_secs(2);
    let limits = Limits {
        cpu: Duration::from_secs(10),
        wall: limit,
        memory: None,
    };
    let start = Instant::now();
    let out = run_limited(&argv, b"1\n", &limits).unwrap();
    let elapsed = start.elapsed();
    assert_eq!(out.end, End::TimedOut(TimeLimit::Wall));
    assert!(elapsed >= limit, "{elapsed:?}");
    // an upper bound with margin for a loaded 2-core machine: no wait for the child's
    // endless sleep
    assert!(elapsed < limit + Duration::from_secs(8), "{elapsed:?}");
    let pids = std::fs::read_to_string(&pidfile).expect("the fixture wrote its pids in time");
    let pids: Vec<u32> = pids
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2);
    // our child is reaped: not even a zombie is left
    assert!(
        !std::path::Path::new(&format!("/proc/{}", pids[0])).exists(),
        "child {} is still there",
        pids[0]
    );
    // the grandchild was killed with the group (its new parent reaps it)
    let deadline = Instant::now() + Duration::from_secs(2);
    while running(pids[1]) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!running(pids[1]), "grandchild {} survived", pids[1]);
}

#[test]
fn leftovers_of_a_finished_program_are_killed_too() {
    // the shell exits at once but leaves a sleeper holding stdout open
    let start = Instant::now();
    let out = run(&sh("sleep 100 & echo $!"), b"", Duration::from_secs(30)).unwrap();
    assert_eq!(out.end, End::Exited(0));
    assert!(start.elapsed() < Duration::from_secs(10));
    let pid: u32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(2);
    while running(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!running(pid), "background sleeper {pid} survived");
}

#[test]
fn a_program_that_cannot_start_is_an_error() {
    let missing = run(
        &["/nonexistent/solution".to_string()],
        b"",
        Duration::from_secs(1),
    );
    assert_eq!(missing.unwrap_err().kind(), std::io::ErrorKind::NotFound);
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("not_executable");
    std::fs::write(&plain, "#!/bin/sh\necho hi\n").unwrap();
    let denied = run(&[plain.display().to_string()], b"", Duration::from_secs(1));
    assert_eq!(
        denied.unwrap_err().kind(),
        std::io::ErrorKind::PermissionDenied
    );
}

/// Pids of live processes whose command line contains `needle`.
fn live_with(needle: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(needle))
                && running(pid)
        })
        .collect()
}

/// Runs a marble fixture that answers, then leaves a detached child holding stdout;
/// checks the answers are all judged, the run is quick, and nothing is left behind.
fn detached_child_run(fixture: &str) {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("pid").display().to_string();
    let argv = vec![
        "python3".to_string(),
        "-S".into(),
        program(fixture),
        marker.clone(),
    ];
    // five standard positions with few empty cells (quick for the Python solver)
    let input = "5\n".to_string() + &["*".repeat(13), "...".into()].concat().repeat(5);
    let start = Instant::now();
    let out = run(&argv, input.as_bytes(), Duration::from_secs(10)).unwrap();
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(out.end, End::Exited(0), "{out:?}");
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 5, "{out:?}");
    assert!(
        lines.iter().all(|l| *l == "Alice" || *l == "Bob"),
        "{lines:?}"
    );
    // the child sleeps 5 s: a run that waited for it, or for a grace period, is slow
    // (margin for a loaded machine, still under the 5 s the child sleeps)
    assert!(secs < 4.5, "{fixture}: {secs:.2} s");
    assert!(out.left_behind.count >= 1, "{out:?}");
    assert!(
        out.left_behind.commands.iter().any(|c| c.contains(fixture)),
        "{:?}",
        out.left_behind
    );
    assert!(
        live_with(&marker).is_empty(),
        "{fixture}: a process survived"
    );
}

#[test]
fn a_setsid_child_holding_stdout_neither_loses_the_output_nor_survives() {
    detached_child_run("marble_setsid_child.py");
}

#[test]
fn a_double_forked_daemon_neither_loses_the_output_nor_survives() {
    detached_child_run("marble_daemon_child.py");
}

#[test]
fn both_detaching_programs_at_once_in_parallel_threads() {
    let a = std::thread::spawn(|| detached_child_run("marble_setsid_child.py"));
    let b = std::thread::spawn(|| detached_child_run("marble_daemon_child.py"));
    a.join().unwrap();
    b.join().unwrap();
}

#[test]
fn a_clean_program_leaves_nothing_behind_and_reports_its_usage() {
    let out = run(&sh("echo hi"), b"", Duration::from_secs(10)).unwrap();
    assert_eq!(out.left_behind.count, 0);
    assert!(out.peak_rss > 0, "{out:?}");
}

/// Limits of `cpu` seconds of CPU time and a minute of wall-clock time, and `memory`.
fn limits(cpu: f64, memory: Option<MemoryLimit>) -> Limits {
    Limits {
        cpu: Duration::from_secs_f64(cpu),
        wall: Duration::from_secs(60),
        memory,
    }
}

const MIB: u64 = 1 << 20;

fn resident(mib: u64) -> Option<MemoryLimit> {
    Some(MemoryLimit {
        bytes: mib * MIB,
        kind: MemoryKind::Resident,
    })
}

/// A loop that never sleeps is a timeout by CPU time, long before the wall-clock limit.
#[test]
fn a_program_that_spins_is_a_timeout_by_cpu_time() {
    let start = Instant::now();
    let out = run_limited(&sh("while :; do :; done"), b"", &limits(0.5, None)).unwrap();
    assert_eq!(out.end, End::TimedOut(TimeLimit::Cpu), "{out:?}");
    assert!(out.cpu >= Duration::from_millis(500), "{out:?}");
    assert!(start.elapsed() < Duration::from_secs(30), "{out:?}");
}

/// The CPU time of every process of the run counts, a `setsid()` child's too: two
/// spinning children of a shell that only waits reach the limit together.
#[test]
fn cpu_time_is_summed_over_every_process_a_setsid_child_too() {
    let out = run_limited(
        &sh("(while :; do :; done) & setsid sh -c 'while :; do :; done' & wait"),
        b"",
        &limits(1.0, None),
    )
    .unwrap();
    assert_eq!(out.end, End::TimedOut(TimeLimit::Cpu), "{out:?}");
    assert!(out.cpu >= Duration::from_secs(1), "{out:?}");
}

/// An orphan of the run (its parent exited before it), reaped by the supervisor, adds
/// its CPU time to the run's exact figure.
#[test]
fn an_orphan_s_cpu_time_is_counted() {
    let spin = "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done";
    let out = run_limited(
        &sh(&format!("(sh -c '{spin}' &); sleep 3")),
        b"",
        &limits(30.0, None),
    )
    .unwrap();
    assert_eq!(out.end, End::Exited(0), "{out:?}");
    assert!(out.cpu >= Duration::from_millis(200), "{out:?}");
}

/// Python that touches `mib` MiB (a bytes object of non-zero bytes), then sleeps
/// `sleep` seconds and prints `done`.
fn touch(mib: u64, sleep: f64) -> String {
    format!("python3 -S -c 'import time; b = b\"\\x01\" * ({mib} << 20); time.sleep({sleep}); print(\"done\")'")
}

/// Touching more than a resident limit ends the run, with the peak it reached.
#[test]
fn touching_more_than_a_resident_limit_ends_the_run() {
    let out = run_limited(
        &sh(&format!("exec {}", touch(200, 5.0))),
        b"",
        &limits(30.0, resident(100)),
    )
    .unwrap();
    assert_eq!(out.end, End::MemoryLimit, "{out:?}");
    assert!(out.peak_rss > 100 * MIB, "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
}

/// Two processes of 60 MiB each pass a 100 MiB limit together: the limit is on the sum.
#[test]
fn resident_memory_is_summed_over_the_processes() {
    let one = touch(60, 5.0);
    let out = run_limited(
        &sh(&format!("{one} & {one} & wait")),
        b"",
        &limits(30.0, resident(100)),
    )
    .unwrap();
    assert_eq!(out.end, End::MemoryLimit, "{out:?}");
    assert!(out.processes >= 2, "{out:?}");
    // alone, one of them passes the same limit
    let out = run_limited(
        &sh(&one.replace("5.0", "0.1")),
        b"",
        &limits(30.0, resident(100)),
    )
    .unwrap();
    assert_eq!(out.end, End::Exited(0), "{out:?}");
    assert!(
        out.peak_rss > 60 * MIB && out.peak_rss < 100 * MIB,
        "{out:?}"
    );
}

/// Address space reserved and never touched (1 GiB of anonymous mapping) does not count
/// against a resident limit of 64 MiB; under an address-space limit of 64 MiB the same
/// program cannot even map it.
#[test]
fn reserved_address_space_is_not_resident_memory() {
    let reserve = sh("python3 -S -c 'import mmap; m = mmap.mmap(-1, 1 << 30); print(len(m))'");
    let out = run_limited(&reserve, b"", &limits(30.0, resident(64))).unwrap();
    assert_eq!(out.end, End::Exited(0), "{out:?}");
    assert_eq!(out.stdout, b"1073741824\n");
    assert!(out.peak_rss < 64 * MIB, "{out:?}");
    let capped = Some(MemoryLimit {
        bytes: 64 * MIB,
        kind: MemoryKind::AddressSpace,
    });
    let out = run_limited(&reserve, b"", &limits(30.0, capped)).unwrap();
    assert_ne!(out.end, End::Exited(0), "{out:?}");
}

/// Whether `taskset -c 0` can pin a program to CPU 0 here (util-linux installed, CPU 0
/// ours); the reason when not.
fn pinning() -> Result<(), String> {
    match std::process::Command::new("taskset")
        .args(["-c", "0", "true"])
        .status()
    {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`taskset -c 0 true` failed ({s})")),
        Err(e) => Err(format!("no `taskset` ({e})")),
    }
}

/// A program pinned to one CPU beside a busy sibling of its own must wait for that CPU:
/// the wait is sampled while the run runs, so a run that ends on its own reports it as
/// well as one ended at its CPU limit.
#[test]
fn a_run_that_competes_for_a_cpu_reports_its_wait() {
    if let Err(why) = pinning() {
        eprintln!("skipped: {why}");
        return;
    }
    let spin = "timeout 0.3 sh -c 'while :; do :; done'";
    let on_its_own = run_limited(
        &sh(&format!(
            "taskset -c 0 sh -c \"{spin} & {spin}; wait; exit 0\""
        )),
        b"",
        &limits(30.0, None),
    )
    .unwrap();
    assert_eq!(on_its_own.end, End::Exited(0), "{on_its_own:?}");
    assert!(on_its_own.waited > Duration::ZERO, "{on_its_own:?}");
    let at_the_limit = run_limited(
        &sh("exec taskset -c 0 sh -c '(while :; do :; done) & while :; do :; done'"),
        b"",
        &limits(0.3, None),
    )
    .unwrap();
    assert_eq!(
        at_the_limit.end,
        End::TimedOut(TimeLimit::Cpu),
        "{at_the_limit:?}"
    );
    assert!(at_the_limit.waited > Duration::ZERO, "{at_the_limit:?}");
    eprintln!(
        "waited {:?} (ended on its own), {:?} (at the CPU limit)",
        on_its_own.waited, at_the_limit.waited
    );
}
