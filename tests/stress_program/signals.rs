//! `gamecheck stress` stopped by a signal leaves nothing running: Ctrl-C (SIGINT to the
//! whole process group, as a terminal sends it), SIGTERM and SIGHUP end every run with
//! its descendants, say the seed and how far the run got, and end gamecheck by the same
//! signal; gamecheck killed by SIGKILL (as by the OOM killer) still ends its runs, and
//! a SIGKILL to the whole process group still ends the program itself. A program that
//! kills (or stops) its own supervisor is ended with its process group by gamecheck.
//!
//! Each test starts `gamecheck stress` in a process group of its own with `--jobs 2` and
//! a program that hangs after starting a child, waits until both runs wrote their pids,
//! signals, then polls for up to 10 s for every pid to be gone (no timed assertion).

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `pid` is a live process (present in /proc and not a zombie).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => stat
            .rsplit_once(')')
            .map(|(_, rest)| !rest.trim_start().starts_with('Z'))
            .unwrap_or(false),
    }
}

/// `gamecheck stress marble --jobs 2 -- python3 -S hang_with_child.py DIR`, in a new
/// process group, stderr piped, with SIGINT, SIGTERM and SIGHUP at their default action
/// as in a terminal's foreground job: gamecheck leaves a signal that it started with
/// ignored alone (as under `nohup`), and a test run in the background by a
/// non-interactive shell (SIGINT ignored) or under `nohup` (SIGHUP) would pass that on.
fn start(dir: &Path) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    // Safety: signal(2) is async-signal-safe and touches no memory of the parent.
    unsafe {
        cmd.pre_exec(|| {
            for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    cmd.args([
        "stress",
        "marble",
        "--seed",
        "1",
        "--jobs",
        "2",
        "--timeout",
        "600",
    ])
    .args([
        "--",
        "python3",
        "-S",
        &crate::common::fixture("hang_with_child.py"),
    ])
    .arg(dir)
    .process_group(0)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap()
}

/// The pids the runs wrote ((program, child) per run), once `runs` runs did (up to
/// 60 s: a loaded machine starts Python slowly).
fn pids(dir: &Path, runs: usize) -> Vec<(u32, u32)> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let found: Vec<(u32, u32)> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| {
                let path = e.ok()?.path();
                if path.extension()? != "pids" {
                    return None;
                }
                let text = std::fs::read_to_string(path).ok()?;
                let mut it = text.split_whitespace().map(|p| p.parse::<u32>().unwrap());
                Some((it.next()?, it.next()?))
            })
            .collect();
        if found.len() >= runs || Instant::now() > deadline {
            assert_eq!(found.len(), runs, "the runs did not start in 60 s");
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// How many pid files the runs wrote.
fn pid_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension() == Some("pids".as_ref()))
        .count()
}

fn send(pid: i32, sig: i32) {
    // Safety: kill(2) sends a signal; no memory is touched.
    assert_eq!(unsafe { libc::kill(pid, sig) }, 0);
}

/// Waits (up to 60 s) for gamecheck to end; returns its status and stderr.
fn finish(child: Child) -> (std::process::ExitStatus, String) {
    match ended(child) {
        Some((status, _, err)) => (status, err),
        None => panic!("gamecheck did not end within 60 s of the signal"),
    }
}

/// Waits up to 60 s for gamecheck to end; returns its status, stdout and stderr, or
/// `None` (after killing it) when it did not end.
fn ended(mut child: Child) -> Option<(std::process::ExitStatus, String, String)> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let (mut out, mut err) = (String::new(), String::new());
            std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            return Some((status, out, err));
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Polls for up to 10 s for every one of `pids` to be gone; panics naming survivors
/// (after killing them, so a failing test leaves nothing either).
fn assert_all_gone(pids: &[u32], what: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while pids.iter().any(|&p| running(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let survivors: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
    for &p in &survivors {
        send(p as i32, libc::SIGKILL);
    }
    assert!(survivors.is_empty(), "{what}: {survivors:?} survived");
}

/// A terminating signal to gamecheck's whole process group (as a terminal's Ctrl-C,
/// `timeout -s INT`): nothing is left, the seed and the rounds are said, and gamecheck
/// ends by the signal itself.
fn group_signal_leaves_nothing(sig: i32, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let child = start(dir.path());
    let pgid = child.id() as i32;
    let runs = pids(dir.path(), 2);
    send(-pgid, sig);
    let (status, stderr) = finish(child);
    let all: Vec<u32> = runs.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_all_gone(&all, name);
    assert_eq!(status.signal(), Some(sig), "{status:?}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "stopped by {name}: every run of the program was ended; seed 1: 0 of 100 rounds passed"
        )),
        "{stderr}"
    );
    // stderr is not a terminal here: no empty line before the message (on a terminal,
    // one ends the line of the echoed ^C)
    let line = stderr
        .lines()
        .position(|l| l.contains("stopped by"))
        .unwrap();
    assert!(
        line == 0 || !stderr.lines().nth(line - 1).unwrap().is_empty(),
        "{stderr}"
    );
}

#[test]
fn ctrl_c_to_the_process_group_leaves_nothing_running() {
    group_signal_leaves_nothing(libc::SIGINT, "SIGINT");
}

#[test]
fn sigterm_to_the_process_group_leaves_nothing_running() {
    group_signal_leaves_nothing(libc::SIGTERM, "SIGTERM");
}

#[test]
fn sighup_to_the_process_group_leaves_nothing_running() {
    group_signal_leaves_nothing(libc::SIGHUP, "SIGHUP");
}

/// SIGKILL to gamecheck alone (the OOM killer's way): the supervisors end the runs.
#[test]
fn sigkill_to_gamecheck_leaves_nothing_running() {
    let dir = tempfile::tempdir().unwrap();
    let child = start(dir.path());
    let runs = pids(dir.path(), 2);
    send(child.id() as i32, libc::SIGKILL);
    let (status, _) = finish(child);
    assert_eq!(status.signal(), Some(libc::SIGKILL));
    let all: Vec<u32> = runs.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_all_gone(&all, "SIGKILL to gamecheck");
}

/// SIGKILL to the whole group kills the supervisors too: the program itself still goes
/// (its parent-death signal); what it started may not (there is no one left to end it).
#[test]
fn sigkill_to_the_process_group_still_ends_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let child = start(dir.path());
    let runs = pids(dir.path(), 2);
    send(-(child.id() as i32), libc::SIGKILL);
    let _ = finish(child);
    let programs: Vec<u32> = runs.iter().map(|&(a, _)| a).collect();
    // the children of the programs are orphans now: end them ourselves first
    let orphans: Vec<u32> = runs.iter().map(|&(_, b)| b).collect();
    assert_all_gone(&programs, "SIGKILL to the process group");
    for p in orphans.into_iter().filter(|&p| running(p)) {
        send(p as i32, libc::SIGKILL);
    }
}

/// What gamecheck said: its exit code, stdout and stderr.
type Said = (i32, String, String);

/// `gamecheck stress marble --rounds 1 --cases 1 ARGS… -- python3 -S
/// kill_supervisor.py DIR [MODE]` in a process group of its own: what it said (`None`
/// when it did not end within 60 s), and the pids its runs wrote.
fn kill_the_supervisor(args: &[&str], mode: Option<&str>) -> (Option<Said>, Vec<(u32, u32)>) {
    let dir = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        // one run: no re-runs of the failure (each would kill its supervisor again)
        .args([
            "stress", "marble", "--seed", "1", "--rounds", "1", "--cases", "1", "--reruns", "0",
        ])
        .args(args)
        .args([
            "--",
            "python3",
            "-S",
            &crate::common::fixture("kill_supervisor.py"),
        ])
        .arg(dir.path())
        .args(mode)
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let result = ended(child);
    // every run (the first and the shrinking's) wrote its pids (gamecheck has ended or
    // been killed: these are all of them)
    let runs = match pid_files(dir.path()) {
        0 => Vec::new(),
        n => pids(dir.path(), n),
    };
    let result = result.map(|(status, out, err)| (status.code().unwrap_or(-1), out, err));
    (result, runs)
}

/// [`kill_the_supervisor`], then every pid its runs wrote is gone (looked for before
/// anything else is asserted, so that a failing test leaves nothing running either).
/// The board is full (`--density 1`): one case that cannot be shrunk, so one run.
fn run_killing_the_supervisor(timeout: &str, stop: bool) -> Option<Said> {
    let args = ["--timeout", timeout, "--density", "1"];
    let (result, runs) = kill_the_supervisor(&args, stop.then_some("stop"));
    let all: Vec<u32> = runs.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_all_gone(&all, "a program that killed or stopped its supervisor");
    assert_eq!(
        runs.len(),
        1,
        "the program did not get to its supervisor in time"
    );
    result
}

/// A program that kills its own supervisor (SIGKILL to its parent) after printing right
/// answers, with a child that ignores SIGTERM: gamecheck kills the program's process
/// group itself, within the time limit, and reports the supervisor's death as a crash
/// (its signal named, never "signal 0"); nothing is left running.
#[test]
fn a_program_that_kills_its_supervisor_leaves_nothing_running() {
    let (code, out, err) =
        run_killing_the_supervisor("10", false).expect("gamecheck did not end within 60 s");
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("crash: its supervisor") && out.contains("killed by signal 9 (SIGKILL)"),
        "{out}"
    );
    assert!(
        !out.contains("signal 0") && !err.contains("signal 0"),
        "{out}\n{err}"
    );
}

/// A program that stops its supervisor (SIGSTOP) cannot hold the run past its time
/// limit: a few seconds after it, gamecheck kills the stopped supervisor and the
/// program's group, and the run is a timeout; nothing is left running.
#[test]
fn a_program_that_stops_its_supervisor_still_times_out() {
    let (code, out, err) =
        run_killing_the_supervisor("4", true).expect("gamecheck did not end within 60 s");
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("FAILED: timeout"), "{out}");
}

/// A program that kills its supervisor after its child left the program's process group
/// with stderr open (out of gamecheck's reach): gamecheck still ends by the time limit,
/// reports the supervisor's death, and the program itself is gone. (The child is the
/// test's to end.)
#[test]
fn a_child_out_of_reach_holding_stderr_does_not_hold_gamecheck_past_the_time_limit() {
    // a full board (no empty cell): one case that cannot be shrunk, so one run
    let args = ["--timeout", "3", "--density", "1"];
    let (result, runs) = kill_the_supervisor(&args, Some("escape"));
    assert_eq!(
        runs.len(),
        1,
        "the program did not get to its supervisor in time"
    );
    let programs: Vec<u32> = runs.iter().map(|&(a, _)| a).collect();
    for &(_, child) in &runs {
        if running(child) {
            send(child as i32, libc::SIGKILL);
        }
    }
    assert_all_gone(&programs, "a program that killed its supervisor");
    let (code, out, err) = result.expect("gamecheck did not end within 60 s");
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("crash: its supervisor"), "{out}");
}
