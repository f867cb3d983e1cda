//! Running someone else's program on one input: stdin fed from a thread, stdout read
//! with a cap, the tail of stderr kept, a timeout that kills the whole process group,
//! and the child always reaped.
//!
//! Unix only: the child is put in a process group of its own (`setpgid(0, 0)` through
//! [`CommandExt::process_group`]) so that `kill(-pgid, SIGKILL)` also reaches anything
//! it started (a shell script's children, a JVM's helpers).

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The most bytes of stdout kept (16 MiB); a program that writes more is killed and its
/// output reported as malformed, so a runaway program cannot exhaust memory.
pub const STDOUT_CAP: usize = 16 << 20;

/// The most bytes of stderr kept: the tail, where the error message of a crash is.
pub const STDERR_TAIL: usize = 4 << 10;

/// How long the reader threads may take to see the end of the pipes once the process
/// group is dead (only a process that left the group can hold them open longer).
const DRAIN_GRACE: Duration = Duration::from_secs(1);

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The program exited with this status code.
    Exited(i32),
    /// The program was killed by this signal (not by us).
    Signaled(i32),
    /// The program did not finish within the time limit; its process group was killed.
    TimedOut,
    /// The program wrote more than [`STDOUT_CAP`] bytes; its process group was killed.
    OutputCapped,
}

impl End {
    /// Whether the program ended on its own with status 0.
    pub fn success(self) -> bool {
        self == End::Exited(0)
    }
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            End::Exited(code) => write!(f, "exit status {code}"),
            End::Signaled(sig) => write!(f, "killed by signal {sig}{}", signal_name(sig)),
            End::TimedOut => f.write_str("timed out (killed with its process group)"),
            End::OutputCapped => write!(
                f,
                "wrote more than {} MiB on stdout (killed with its process group)",
                STDOUT_CAP >> 20
            ),
        }
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => " (SIGABRT)",
        libc::SIGBUS => " (SIGBUS)",
        libc::SIGFPE => " (SIGFPE)",
        libc::SIGILL => " (SIGILL)",
        libc::SIGKILL => " (SIGKILL)",
        libc::SIGPIPE => " (SIGPIPE)",
        libc::SIGSEGV => " (SIGSEGV)",
        libc::SIGTERM => " (SIGTERM)",
        _ => "",
    }
}

/// What one run of the program produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    /// How it ended.
    pub end: End,
    /// Its stdout, at most [`STDOUT_CAP`] bytes.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL`] bytes of its stderr (lossy UTF-8).
    pub stderr_tail: String,
    /// Wall-clock time from spawn to exit (or to the kill).
    pub elapsed: Duration,
}

/// Something that answers a contest input: a real program ([`Program`]) or, in tests,
/// a closure.
pub trait Target {
    /// Runs on `input` (the whole of stdin) and reports what came out.
    ///
    /// # Errors
    /// The program cannot be started (not found, not executable, no resources).
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput>;
}

impl<F: FnMut(&[u8]) -> io::Result<RunOutput>> Target for F {
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput> {
        self(input)
    }
}

/// An external program with its arguments and a time limit per run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The program and its arguments (`["python3", "sol.py"]`).
    pub argv: Vec<String>,
    /// The time limit of one run.
    pub timeout: Duration,
}

impl Program {
    /// `argv[0]` with arguments `argv[1..]`, limited to `timeout` per run.
    ///
    /// # Panics
    /// When `argv` is empty.
    pub fn new(argv: Vec<String>, timeout: Duration) -> Self {
        assert!(!argv.is_empty(), "a program needs at least its name");
        Program { argv, timeout }
    }

    /// The command line as typed (`python3 sol.py`).
    pub fn display(&self) -> String {
        self.argv.join(" ")
    }
}

impl Target for Program {
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput> {
        run(&self.argv, input, self.timeout)
    }
}

/// Runs `argv` with `input` on stdin, stops it after `timeout`, and returns what it did.
///
/// - stdin is written from its own thread, so a program that writes a lot before it reads
///   (or never reads) cannot deadlock us on a full pipe; a program that exits without
///   reading everything is fine (the broken pipe is ignored).
/// - stdout is kept up to [`STDOUT_CAP`] bytes; past that the program is killed.
/// - the tail of stderr is kept ([`STDERR_TAIL`] bytes).
/// - at the timeout, `SIGKILL` goes to the child's whole process group.
/// - when the child has exited, whatever is left of its process group is killed too, and
///   the child is always waited for (no zombie).
///
/// # Errors
/// The program cannot be started (`argv[0]` not found or not executable, …).
pub fn run(argv: &[String], input: &[u8], timeout: Duration) -> io::Result<RunOutput> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command line"))?;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let pgid = child.id() as libc::pid_t;
    let group = Group(pgid);

    let mut stdin = child.stdin.take().expect("stdin is piped");
    let data = input.to_vec();
    thread::spawn(move || {
        // A program may exit or close stdin without reading it all: not an error here.
        let _ = stdin.write_all(&data);
        // dropping stdin closes the pipe: the program sees the end of input
    });

    let (out_tx, out_rx) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    thread::spawn(move || {
        let mut buf = Vec::new();
        let capped = (&mut stdout)
            .take(STDOUT_CAP as u64 + 1)
            .read_to_end(&mut buf)
            .map(|_| buf.len() > STDOUT_CAP)
            .unwrap_or(false);
        buf.truncate(STDOUT_CAP);
        let _ = out_tx.send((buf, capped));
    });

    let (err_tx, err_rx) = mpsc::channel();
    let mut stderr = child.stderr.take().expect("stderr is piped");
    thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        let mut chunk = [0u8; 8192];
        while let Ok(n) = stderr.read(&mut chunk) {
            if n == 0 {
                break;
            }
            tail.extend_from_slice(&chunk[..n]);
            if tail.len() > 2 * STDERR_TAIL {
                tail.drain(..tail.len() - STDERR_TAIL);
            }
        }
        if tail.len() > STDERR_TAIL {
            tail.drain(..tail.len() - STDERR_TAIL);
        }
        let _ = err_tx.send(String::from_utf8_lossy(&tail).into_owned());
    });

    // A thread waits for the child to exit *without reaping it* (WNOWAIT), so the
    // group id stays ours until we have killed the group and reaped the child below.
    let (exit_tx, exit_rx) = mpsc::channel();
    thread::spawn(move || {
        wait_for_exit(pgid);
        let _ = exit_tx.send(());
    });

    // Wait for the exit, the output cap, or the deadline, whichever comes first.
    let deadline = start + timeout;
    let mut stdout_result: Option<(Vec<u8>, bool)> = None;
    let mut end: Option<End> = None;
    loop {
        let now = Instant::now();
        if now >= deadline {
            end = Some(End::TimedOut);
            break;
        }
        let slice = (deadline - now).min(Duration::from_millis(20));
        match exit_rx.recv_timeout(slice) {
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if stdout_result.is_none() {
            if let Ok(r) = out_rx.try_recv() {
                let capped = r.1;
                stdout_result = Some(r);
                if capped {
                    end = Some(End::OutputCapped);
                    break;
                }
            }
        }
    }
    let elapsed = start.elapsed();
    // Kill the whole group: at the timeout or the cap the child itself; after a normal
    // exit, anything it left behind (which could also hold our pipes open). Only then
    // reap the child: until it is reaped its pid, the group id, cannot be reused.
    group.kill();
    let status = wait(&mut child)?;
    let (stdout, capped) = match stdout_result {
        Some(r) => r,
        None => out_rx.recv_timeout(DRAIN_GRACE).unwrap_or_default(),
    };
    let stderr_tail = err_rx.recv_timeout(DRAIN_GRACE).unwrap_or_default();
    let end = match (end, capped) {
        (Some(e), _) => e,
        (None, true) => End::OutputCapped,
        (None, false) => match (status.code(), status.signal()) {
            (Some(code), _) => End::Exited(code),
            (None, Some(sig)) => End::Signaled(sig),
            (None, None) => End::Signaled(0),
        },
    };
    Ok(RunOutput {
        end,
        stdout,
        stderr_tail,
        elapsed,
    })
}

/// Blocks until process `pid` (our child) has exited, leaving it unreaped (`WNOWAIT`).
/// Returns at once if it cannot be waited for (already reaped: `ECHILD`).
fn wait_for_exit(pid: libc::pid_t) {
    loop {
        // Safety: waitid(2) writes only into `info`, a zeroed siginfo_t we own; WNOWAIT
        // leaves the child to be reaped by `Child::wait`.
        let rc = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if rc == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return;
        }
    }
}

/// Waits for (and reaps) the child, retrying when interrupted.
fn wait(child: &mut Child) -> io::Result<ExitStatus> {
    loop {
        match child.wait() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// A process group that this module created (its id is the child's pid).
struct Group(libc::pid_t);

impl Group {
    /// Sends `SIGKILL` to every process of the group; a group that is already gone
    /// (`ESRCH`) is fine.
    fn kill(&self) {
        // Safety: kill(2) with a negative pid only sends a signal to the process group
        // `-pid`; it touches no memory of ours. The group id is our child's pid, and
        // `run` calls this before reaping the child, so the id cannot have been reused.
        unsafe {
            libc::kill(-self.0, libc::SIGKILL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn echoes_input_and_reports_the_status() {
        let out = run(
            &sh("cat; echo oops >&2; exit 4"),
            b"hello\n",
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.end, End::Exited(4));
        assert_eq!(out.stderr_tail, "oops\n");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let e = run(
            &["/nonexistent/gamecheck-test".to_string()],
            b"",
            Duration::from_secs(1),
        );
        assert_eq!(e.unwrap_err().kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_signal_is_reported() {
        let out = run(&sh("kill -SEGV $$"), b"", Duration::from_secs(5)).unwrap();
        assert_eq!(out.end, End::Signaled(libc::SIGSEGV));
        assert!(out.end.to_string().contains("SIGSEGV"));
    }

    #[test]
    fn stderr_keeps_only_the_tail() {
        let out = run(
            &sh("i=0; while [ $i -lt 2000 ]; do echo line$i >&2; i=$((i+1)); done; echo end >&2"),
            b"",
            Duration::from_secs(10),
        )
        .unwrap();
        assert!(out.stderr_tail.len() <= STDERR_TAIL);
        assert!(out.stderr_tail.ends_with("line1999\nend\n"));
    }
}
