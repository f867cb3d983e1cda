//! The per-run supervisor (Linux: `fork`, `PR_SET_CHILD_SUBREAPER`, sampling `/proc`,
//! `RLIMIT_AS`): see the parent module for what a run does.

use super::procfs::{command_line, is_zombie, list_children, run_delay, sample};
use super::{
    End, LeftBehind, Limits, MemoryKind, RunOutput, TimeLimit, LEFT_BEHIND_SHOWN, SAMPLE_PERIOD,
    SAMPLE_PERIOD_START, SAMPLE_START_SPAN, STDERR_TAIL, STDOUT_CAP,
};
use nix::sys::resource::{setrlimit, Resource};
use nix::sys::signal::{kill, Signal};
use nix::unistd::{fork, ForkResult, Pid};
use std::ffi::CString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The runs in progress: the write end of each one's control pipe (one byte on it ends
/// the run). A run registers after its fork and leaves after its supervisor is reaped.
static RUNS: Mutex<Vec<RawFd>> = Mutex::new(Vec::new());
/// Signalled whenever a run leaves [`RUNS`].
static RUN_LEFT: Condvar = Condvar::new();
/// Set by [`end_all_runs`]: every run in progress is ended, and no new one starts.
static ENDING: AtomicBool = AtomicBool::new(false);

/// The signals that end every run: a terminal's Ctrl-C, `kill`, a closed terminal.
const ENDING_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The signals the supervisor ignores (so that a signal to the whole process group
/// reaches us and not it: it ends its run when we are gone), and resets to their
/// default action in the program before its `exec`.
const SUPERVISOR_IGNORES: [libc::c_int; 5] = [
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGPIPE,
];

/// The signal the kernel sends the supervisor when its parent thread dies (gamecheck
/// killed by SIGKILL or the OOM killer); it only wakes the supervisor up, which then
/// sees that its parent changed and ends the run.
const PARENT_DEATH: libc::c_int = libc::SIGUSR1;

/// How long a supervisor that was asked to end its run (time limit, output cap, a
/// terminating signal) may take to report before we end the run ourselves: we kill the
/// program's process group and the supervisor (one the program stopped with SIGSTOP, or
/// one starved of CPU, would otherwise hold the run past its time limit).
const SUPERVISOR_GRACE: Duration = Duration::from_secs(5);

/// How often a run's thread looks at the clock, the output cap and [`ending`] while it
/// waits for the supervisor.
const TICK: Duration = Duration::from_millis(20);

/// The messages on a run's exec pipe, each a tag byte and an `i32` (native byte order)
/// sent in one `write` (smaller than `PIPE_BUF`, so never split or interleaved): the
/// program's process group (its pid, sent before `exec`, so that we know it before the
/// program runs a single instruction of its own), and the errno of a failed start.
const EXEC_GROUP: u8 = b'g';
const EXEC_ERRNO: u8 = b'e';
const EXEC_MESSAGE: usize = 5;

/// The process group and the errno on a run's exec pipe, if it carries them.
fn exec_messages(bytes: &[u8]) -> (Option<i32>, Option<i32>) {
    let (mut group, mut errno) = (None, None);
    for m in bytes.chunks_exact(EXEC_MESSAGE) {
        let value = i32::from_ne_bytes([m[1], m[2], m[3], m[4]]);
        match m[0] {
            EXEC_GROUP => group = Some(value),
            EXEC_ERRNO => errno = Some(value),
            _ => {}
        }
    }
    (group, errno)
}

fn ended_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::Interrupted,
        "the run was ended: every run is being stopped",
    )
}

pub(super) fn ending() -> bool {
    ENDING.load(Ordering::SeqCst)
}

pub(super) fn end_all_runs(wait: Duration) -> bool {
    ENDING.store(true, Ordering::SeqCst);
    let deadline = Instant::now() + wait;
    let mut runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    for &fd in runs.iter() {
        // Safety: a registered descriptor stays open until its run leaves `RUNS`,
        // which needs this lock.
        unsafe { write_all_raw(fd, b"k") };
    }
    while !runs.is_empty() {
        let now = Instant::now();
        if now >= deadline {
            return false;
        }
        runs = RUN_LEFT
            .wait_timeout(runs, deadline - now)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
    true
}

pub(super) fn end_runs_on_signals(on_signal: Box<dyn FnOnce(i32, bool) + Send>) -> io::Result<()> {
    // once per process: a second call keeps the first handler
    static SET: AtomicBool = AtomicBool::new(false);
    if SET.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    // a signal ignored when we started (`nohup`, a background job) stays ignored
    let caught: Vec<libc::c_int> = ENDING_SIGNALS
        .into_iter()
        .filter(|&sig| !ignored(sig))
        .collect();
    let mut signals = signal_hook::iterator::Signals::new(&caught)?;
    thread::Builder::new()
        .name("gamecheck-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let all_ended = end_all_runs(Duration::from_secs(10));
                on_signal(sig, all_ended);
                // the default action (terminate), so that a calling shell sees the signal
                let _ = signal_hook::low_level::emulate_default_handler(sig);
                std::process::exit(128 + sig);
            }
        })?;
    Ok(())
}

/// Whether `sig` is ignored in this process.
fn ignored(sig: libc::c_int) -> bool {
    // Safety: sigaction(2) with no new action only reads the current one.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Adds a run's control pipe to [`RUNS`]; ends the run at once when [`end_all_runs`]
/// came first.
fn register(control: RawFd) {
    let mut runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    runs.push(control);
    if ending() {
        // Safety: `control` is open (our caller owns it).
        unsafe { write_all_raw(control, b"k") };
    }
}

/// Removes a run's control pipe from [`RUNS`] (before the caller closes it).
fn unregister(control: RawFd) {
    let mut runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = runs.iter().position(|&fd| fd == control) {
        runs.swap_remove(i);
    }
    RUN_LEFT.notify_all();
}

pub(super) fn run_limited(argv: &[String], input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
    if ending() {
        return Err(ended_error());
    }
    let prepared = Prepared::new(argv, limits)?;
    let pipes = Pipes::new()?;
    let start = Instant::now();
    let parent = nix::unistd::getpid();
    // No signal handler of ours may run in the child: every signal stays blocked
    // across the fork, and the supervisor sets its own actions before unblocking.
    let all = nix::sys::signal::SigSet::all();
    let old_mask = all.thread_swap_mask(nix::sys::signal::SigmaskHow::SIG_SETMASK)?;
    // Safety: the child only calls async-signal-safe functions on memory prepared
    // before the fork (see `supervise`), and ends with `_exit`.
    let forked = unsafe { fork() };
    if let Ok(ForkResult::Child) = forked {
        unsafe { supervise(&prepared, &pipes.child_side(), parent.as_raw()) }
    }
    old_mask.thread_set_mask()?;
    let supervisor = match forked.map_err(io::Error::from)? {
        ForkResult::Child => unreachable!("the child never returns from `supervise`"),
        ForkResult::Parent { child } => child,
    };
    let Pipes {
        stdin_r,
        stdin_w,
        stdout_r,
        stdout_w,
        stderr_r,
        stderr_w,
        control_r,
        control_w,
        report_r,
        report_w,
        exec_r,
        exec_w,
    } = pipes;
    drop((stdout_w, stderr_w, control_r, report_w, exec_w));
    // Our own read end of stdin: what is still in the pipe after the run is what the
    // program left unread (and the writer never meets a closed pipe).
    let mut stdin_probe = File::from(stdin_r);
    let mut control = File::from(control_w);
    register(control.as_raw_fd());
    let run = Registered(control.as_raw_fd());

    // The program's exec closes its copy of `exec_w`: end of file means it started.
    // Before it, the program sent its process group; the errno of a failed exec (or
    // fork) comes instead of the start.
    let mut messages = Vec::new();
    File::from(exec_r).read_to_end(&mut messages)?;
    let (group, errno) = exec_messages(&messages);
    let (report_tx, report_rx) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = File::from(report_r).read_to_end(&mut bytes);
        let _ = report_tx.send((bytes, Instant::now()));
    });
    if let Some(code) = errno {
        let _ = report_rx.recv();
        reap(supervisor);
        drop(run);
        return Err(io::Error::from_raw_os_error(code));
    }

    let data = input.to_vec();
    let mut stdin = File::from(stdin_w);
    thread::spawn(move || {
        // A program may exit or close stdin without reading it all: not an error here.
        let _ = stdin.write_all(&data);
        // dropping stdin closes the pipe: the program sees the end of input
    });
    let (out_tx, out_rx) = mpsc::channel();
    let mut stdout = File::from(stdout_r);
    let stdout_thread = thread::spawn(move || read_capped(&mut stdout, &out_tx));
    let mut stderr = File::from(stderr_r);
    let stderr_thread = thread::spawn(move || read_stderr(&mut stderr));

    // Wait for the supervisor's report (the program exited, or the supervisor ended it
    // at the CPU or memory limit), the output cap, or the wall-clock deadline, whichever
    // comes first; at the cap or the deadline ask the supervisor to end the run (one
    // byte on the control pipe), then wait for its report. A supervisor that does not
    // report within SUPERVISOR_GRACE of being asked (by us or by `end_all_runs`) is
    // killed, and with it the program's process group.
    let deadline = start + limits.wall;
    let mut end: Option<End> = None;
    let mut asked: Option<Instant> = None;
    let mut killed = false;
    let report = loop {
        let now = Instant::now();
        if now >= deadline && end.is_none() {
            end = Some(End::TimedOut(TimeLimit::Wall));
            let _ = control.write_all(b"k");
        }
        if end.is_some() || ending() {
            let since = *asked.get_or_insert(now);
            if !killed && now >= since + SUPERVISOR_GRACE {
                // the group first: the program's unreaped pid keeps its number ours
                kill_group(group);
                let _ = kill(supervisor, Signal::SIGKILL);
                killed = true;
            }
        }
        match report_rx.recv_timeout(TICK) {
            Ok(r) => break r,
            Err(mpsc::RecvTimeoutError::Disconnected) => break (Vec::new(), Instant::now()),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if end.is_none() && out_rx.try_recv().is_ok() {
            end = Some(End::OutputCapped);
            let _ = control.write_all(b"k");
        }
    };
    let elapsed = report.1.saturating_duration_since(start);
    let report = Report::parse(&report.0);
    // No report: the supervisor died (killed by the program, say) before it could end
    // the run. What the program started is no longer anyone's child: we end the
    // program's process group ourselves (a process that left the group is out of reach).
    // The group's id stays taken while any process of the group lives; once none does,
    // the kill finds nothing (unless the kernel's pid counter wrapped in between).
    let died = report.status.is_none();
    if died {
        kill_group(group);
    }
    let supervisor_status = reap(supervisor);
    drop(run);
    drop(control);
    // Every writer of the pipes is gone now (after a supervisor's death, every one we
    // could reach): read them to their end, or, after a death, until the time limit.
    let readable = !died || {
        let until = reading_until(deadline);
        finished_by(&stdout_thread, until) && finished_by(&stderr_thread, until)
    };
    let ((stdout, capped, stdout_bytes), stderr) = if readable {
        (
            stdout_thread.join().unwrap_or_default(),
            stderr_thread.join().unwrap_or_default(),
        )
    } else {
        // a process outside the group holds the pipes: leave the readers to it
        Default::default()
    };
    // the writer ends after the last byte of the input: this read ends with it
    let input_unread = drain(&mut stdin_probe);
    let end = match (end, died, capped) {
        (Some(e), _, _) => e,
        (None, true, _) => End::SupervisorDied(
            supervisor_status.and_then(|s| libc::WIFSIGNALED(s).then(|| libc::WTERMSIG(s))),
        ),
        (None, false, true) => End::OutputCapped,
        (None, false, false) => report.end(),
    };
    Ok(RunOutput {
        end,
        stdout,
        stdout_bytes,
        stderr_head: String::from_utf8_lossy(&stderr.head).into_owned(),
        stderr_omitted: stderr.omitted,
        stderr_tail: String::from_utf8_lossy(&stderr.tail).into_owned(),
        stderr_bytes: stderr.bytes,
        stderr_lines: stderr.lines,
        elapsed,
        cpu: report.cpu,
        peak_rss: report.peak_rss,
        processes: report.processes,
        waited: report.waited,
        left_behind: report.left_behind,
        memory_limit: limits.memory,
        input_unread,
    })
    .and_then(|out| {
        if ending() {
            Err(ended_error())
        } else {
            Ok(out)
        }
    })
}

/// How long to wait for the output pipes after a supervisor's death: to the time limit,
/// and at least a second (past the time limit, the group was just killed: what it
/// wrote is still draining).
fn reading_until(deadline: Instant) -> Instant {
    deadline.max(Instant::now() + Duration::from_secs(1))
}

/// Whether thread `t` finishes by `until` (or before [`end_all_runs`] is called).
fn finished_by<T>(t: &thread::JoinHandle<T>, until: Instant) -> bool {
    while !t.is_finished() && Instant::now() < until && !ending() {
        thread::sleep(TICK);
    }
    t.is_finished()
}

/// A run in [`RUNS`]; dropping it (before its control pipe is closed) removes it.
struct Registered(RawFd);

impl Drop for Registered {
    fn drop(&mut self) {
        unregister(self.0);
    }
}

/// Reads stdout up to [`STDOUT_CAP`] bytes (a buffer that never grows past the cap);
/// tells `capped` as soon as the program wrote more. Returns the bytes, whether the
/// cap was passed, and how many bytes were read (past the cap, the whole of the read
/// that passed it; then reading stops).
fn read_capped(pipe: &mut File, capped: &mpsc::Sender<()>) -> (Vec<u8>, bool, u64) {
    let mut buf = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                let room = STDOUT_CAP - buf.len();
                if n > room {
                    let read = (buf.len() + n) as u64;
                    buf.extend_from_slice(&chunk[..room]);
                    let _ = capped.send(());
                    return (buf, true, read);
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let read = buf.len() as u64;
    (buf, false, read)
}

/// Reads `pipe` to its end; returns how many bytes that was.
fn drain(pipe: &mut File) -> usize {
    let mut chunk = [0u8; 8192];
    let mut total = 0;
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => return total,
            Ok(n) => total += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return total,
        }
    }
}

/// What is kept of stderr: its two ends and its size.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct KeptStderr {
    /// The first bytes not in `tail` (see [`RunOutput::stderr_head`]).
    head: Vec<u8>,
    /// The bytes between `head` and `tail`, kept by neither.
    omitted: u64,
    /// The last bytes (see [`RunOutput::stderr_tail`]).
    tail: Vec<u8>,
    /// Every byte read.
    bytes: u64,
    /// Its lines: the newlines, and one more for a last line without one.
    lines: u64,
}

/// Keeps the first and the last [`STDERR_TAIL`] bytes of a stream fed to it piece by
/// piece, and counts its bytes and lines, in at most four times [`STDERR_TAIL`] of
/// memory however long the stream.
#[derive(Debug, Default)]
struct StderrKeeper {
    /// The stream's first bytes: filled only while nothing was omitted.
    head: Vec<u8>,
    /// Every byte after `head` and the omitted ones (trimmed to the last
    /// [`STDERR_TAIL`] bytes when it reaches twice that).
    rest: Vec<u8>,
    omitted: u64,
    bytes: u64,
    newlines: u64,
    /// The stream's last byte.
    last: Option<u8>,
}

impl StderrKeeper {
    fn push(&mut self, chunk: &[u8]) {
        let Some(&last) = chunk.last() else { return };
        self.bytes += chunk.len() as u64;
        self.newlines += chunk.iter().filter(|&&b| b == b'\n').count() as u64;
        self.last = Some(last);
        self.rest.extend_from_slice(chunk);
        if self.rest.len() > 2 * STDERR_TAIL {
            self.settle();
        }
    }

    /// Moves what is more than [`STDERR_TAIL`] bytes at the front of `rest` into the
    /// head while it has room, and counts the rest of it as omitted.
    fn settle(&mut self) {
        let excess = self.rest.len().saturating_sub(STDERR_TAIL);
        let to_head = excess.min(STDERR_TAIL - self.head.len().min(STDERR_TAIL));
        self.head.extend_from_slice(&self.rest[..to_head]);
        self.omitted += (excess - to_head) as u64;
        self.rest.drain(..excess);
    }

    /// The ends and the counts, no UTF-8 character cut in two where a cut can move: the
    /// tail starts at a character (its first continuation bytes go to the head, or
    /// among the omitted ones), and a head with omitted bytes after it ends at one.
    fn finish(mut self) -> KeptStderr {
        self.settle();
        let mut tail = self.rest;
        let lead = tail
            .iter()
            .take(3)
            .take_while(|&&b| b & 0xc0 == 0x80)
            .count();
        if self.omitted == 0 && !self.head.is_empty() {
            self.head.extend_from_slice(&tail[..lead]);
            tail.drain(..lead);
        } else if self.omitted > 0 {
            tail.drain(..lead);
            let cut = incomplete_char(&self.head);
            self.head.truncate(self.head.len() - cut);
            self.omitted += (lead + cut) as u64;
        }
        KeptStderr {
            head: self.head,
            omitted: self.omitted,
            tail,
            bytes: self.bytes,
            lines: self.newlines + u64::from(self.last.is_some_and(|b| b != b'\n')),
        }
    }
}

/// How many bytes at the end of `bytes` are the start of a UTF-8 character that does
/// not end there (0 to 3).
fn incomplete_char(bytes: &[u8]) -> usize {
    for back in 1..=3.min(bytes.len()) {
        let b = bytes[bytes.len() - back];
        if b & 0xc0 == 0x80 {
            continue; // a continuation byte: look further back
        }
        let width = match b {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => 1,
        };
        return if width > back { back } else { 0 };
    }
    0
}

/// Reads stderr to its end, keeping its ends and counting it ([`StderrKeeper`]).
fn read_stderr(pipe: &mut File) -> KeptStderr {
    let mut kept = StderrKeeper::default();
    let mut chunk = [0u8; 8192];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => kept.push(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    kept.finish()
}

/// Waits for (and reaps) our supervisor `pid`, and only it; returns its wait status.
fn reap(pid: Pid) -> Option<i32> {
    loop {
        let mut status = 0;
        // Safety: waitpid(2) on our own child writes only into `status`.
        let rc = unsafe { libc::waitpid(pid.as_raw(), &mut status, 0) };
        if rc >= 0 {
            return Some(status);
        }
        if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return None;
        }
    }
}

/// Kills the program's process group `group` (its pid, as the program sent it before
/// its exec), if we know it.
fn kill_group(group: Option<i32>) {
    if let Some(g) = killable(group) {
        let _ = nix::sys::signal::killpg(g, Signal::SIGKILL);
    }
}

/// `group` if it can be a program's process group: never 0 (`killpg(0)` is our own
/// group) nor 1 or less (`killpg(1)` is `kill(-1)`: every process we may signal).
fn killable(group: Option<i32>) -> Option<Pid> {
    group.filter(|&g| g > 1).map(Pid::from_raw)
}

/// What the supervisor tells us at the end of a run.
#[derive(Debug, Default)]
struct Report {
    /// The `wait` status of the program; `None` when the report is missing.
    status: Option<i32>,
    /// Why the supervisor ended the run itself ([`REASON_CPU`], [`REASON_MEMORY`]), or
    /// [`REASON_NONE`].
    reason: i64,
    cpu: Duration,
    peak_rss: u64,
    processes: u32,
    waited: Duration,
    left_behind: LeftBehind,
}

/// The supervisor ended nothing itself (the program ended, or we asked it to end).
const REASON_NONE: i64 = 0;
/// The run passed its CPU time limit.
const REASON_CPU: i64 = 1;
/// The run passed its resident-memory limit.
const REASON_MEMORY: i64 = 2;

/// The report's fixed header: status, why it ended, peak memory (bytes), CPU time (µs),
/// processes at the sample of the peak, the longest wait of one thread of the run for a
/// CPU (µs) (all i64), count of left-behind processes and of command lines sent (u32
/// each).
const REPORT_HEADER: usize = 8 * 6 + 4 * 2;

/// The most bytes of one left-behind process's command line sent.
const COMMAND_BYTES: usize = 200;

impl Report {
    fn parse(bytes: &[u8]) -> Report {
        if bytes.len() < REPORT_HEADER {
            return Report::default();
        }
        let i64_at = |i: usize| i64::from_ne_bytes(bytes[i * 8..i * 8 + 8].try_into().unwrap());
        let u32_at = |at: usize| u32::from_ne_bytes(bytes[at..at + 4].try_into().unwrap());
        let count = u32_at(48) as usize;
        let shown = u32_at(52) as usize;
        let mut commands = Vec::new();
        let mut rest = &bytes[REPORT_HEADER..];
        for _ in 0..shown {
            if rest.len() < 2 {
                break;
            }
            let len = u16::from_ne_bytes([rest[0], rest[1]]) as usize;
            let text = &rest[2..(2 + len).min(rest.len())];
            commands.push(String::from_utf8_lossy(text).into_owned());
            rest = &rest[(2 + len).min(rest.len())..];
        }
        Report {
            status: Some(i64_at(0) as i32),
            reason: i64_at(1),
            peak_rss: i64_at(2).max(0) as u64,
            cpu: Duration::from_micros(i64_at(3).max(0) as u64),
            processes: u32::try_from(i64_at(4).max(0)).unwrap_or(u32::MAX),
            waited: Duration::from_micros(i64_at(5).max(0) as u64),
            left_behind: LeftBehind { count, commands },
        }
    }

    /// How the program ended, from a report that is there (`status` is `Some`): at a
    /// limit the supervisor ended it at; else the supervisor waits for the program to
    /// terminate, so its status is an exit or a signal (anything else would be the
    /// supervisor's fault, reported as such).
    fn end(&self) -> End {
        match (self.reason, self.status) {
            (REASON_CPU, Some(_)) => End::TimedOut(TimeLimit::Cpu),
            (REASON_MEMORY, Some(_)) => End::MemoryLimit,
            (_, Some(s)) if libc::WIFEXITED(s) => End::Exited(libc::WEXITSTATUS(s)),
            (_, Some(s)) if libc::WIFSIGNALED(s) => End::Signaled(libc::WTERMSIG(s)),
            _ => End::SupervisorDied(None),
        }
    }
}

/// The command line, environment and limit of a run, ready for `execve` in a forked
/// child (which must not allocate).
struct Prepared {
    path: CString,
    _argv: Vec<CString>,
    argv_ptrs: Vec<*const libc::c_char>,
    _env: Vec<CString>,
    env_ptrs: Vec<*const libc::c_char>,
    /// (soft, hard) `RLIMIT_AS` to set.
    memory: Option<(libc::rlim_t, libc::rlim_t)>,
    /// The resident-memory limit the supervisor enforces, in bytes.
    resident: Option<u64>,
    /// The CPU time limit, in µs.
    cpu_micros: u64,
    /// Clock ticks a second (`sysconf(_SC_CLK_TCK)`: the unit of `/proc/PID/stat`'s times).
    ticks_per_second: u64,
}

impl Prepared {
    fn new(argv: &[String], limits: &Limits) -> io::Result<Prepared> {
        let program = argv
            .first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command line"))?;
        let path = resolve(program)?;
        let cstring = |b: &[u8]| {
            CString::new(b).map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a NUL byte in the command line",
                )
            })
        };
        let args: Vec<CString> = argv
            .iter()
            .map(|a| cstring(a.as_bytes()))
            .collect::<io::Result<_>>()?;
        let env: Vec<CString> = std::env::vars_os()
            .filter_map(|(k, v)| {
                let mut kv = k.as_bytes().to_vec();
                kv.push(b'=');
                kv.extend_from_slice(v.as_bytes());
                CString::new(kv).ok()
            })
            .collect();
        let ptrs = |v: &[CString]| {
            v.iter()
                .map(|c| c.as_ptr())
                .chain(std::iter::once(std::ptr::null()))
                .collect::<Vec<_>>()
        };
        let memory = match limits.memory {
            Some(m) if m.kind == MemoryKind::AddressSpace => {
                let (_, hard) =
                    nix::sys::resource::getrlimit(Resource::RLIMIT_AS).map_err(io::Error::from)?;
                Some((m.bytes.min(hard), hard))
            }
            _ => None,
        };
        let resident = limits
            .memory
            .filter(|m| m.kind == MemoryKind::Resident)
            .map(|m| m.bytes);
        // Safety: sysconf(3) reads a constant of the system.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        Ok(Prepared {
            path: cstring(path.as_os_str().as_bytes())?,
            argv_ptrs: ptrs(&args),
            _argv: args,
            env_ptrs: ptrs(&env),
            _env: env,
            memory,
            resident,
            cpu_micros: u64::try_from(limits.cpu.as_micros()).unwrap_or(u64::MAX),
            ticks_per_second: u64::try_from(ticks).ok().filter(|&t| t > 0).unwrap_or(100),
        })
    }
}

/// `program` as a path to execute: itself when it has a `/`, else the first executable
/// file of that name on `PATH`.
fn resolve(program: &str) -> io::Result<PathBuf> {
    if program.contains('/') {
        return Ok(PathBuf::from(program));
    }
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("`{program}` is not an executable file on PATH"),
            )
        })
}

fn executable(p: &Path) -> bool {
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The pipes of one run, all close-on-exec (`_r` read end, `_w` write end): the
/// program's stdin, stdout and stderr; `control` (we → supervisor: end the run now;
/// its end of file, when we are gone, too); `report` (supervisor → we); `exec` (the
/// program → we: the errno of a failed exec).
struct Pipes {
    stdin_r: OwnedFd,
    stdin_w: OwnedFd,
    stdout_r: OwnedFd,
    stdout_w: OwnedFd,
    stderr_r: OwnedFd,
    stderr_w: OwnedFd,
    control_r: OwnedFd,
    control_w: OwnedFd,
    report_r: OwnedFd,
    report_w: OwnedFd,
    exec_r: OwnedFd,
    exec_w: OwnedFd,
}

/// The descriptors the supervisor keeps.
struct ChildFds {
    stdin_r: RawFd,
    stdout_w: RawFd,
    stderr_w: RawFd,
    control_r: RawFd,
    report_w: RawFd,
    exec_w: RawFd,
}

impl Pipes {
    fn new() -> io::Result<Pipes> {
        let pipe = || nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).map_err(io::Error::from);
        let (stdin_r, stdin_w) = pipe()?;
        let (stdout_r, stdout_w) = pipe()?;
        let (stderr_r, stderr_w) = pipe()?;
        let (control_r, control_w) = pipe()?;
        let (report_r, report_w) = pipe()?;
        let (exec_r, exec_w) = pipe()?;
        Ok(Pipes {
            stdin_r,
            stdin_w,
            stdout_r,
            stdout_w,
            stderr_r,
            stderr_w,
            control_r,
            control_w,
            report_r,
            report_w,
            exec_r,
            exec_w,
        })
    }

    fn child_side(&self) -> ChildFds {
        ChildFds {
            stdin_r: self.stdin_r.as_raw_fd(),
            stdout_w: self.stdout_w.as_raw_fd(),
            stderr_w: self.stderr_w.as_raw_fd(),
            control_r: self.control_r.as_raw_fd(),
            report_w: self.report_w.as_raw_fd(),
            exec_w: self.exec_w.as_raw_fd(),
        }
    }
}

// ---------------------------------------------------------------------------------
// In the forked supervisor (and the program before its exec): async-signal-safe calls
// only, on stack buffers and memory prepared before the fork; no allocation, no panic.
// ---------------------------------------------------------------------------------

fn errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Writes all of `bytes` to `fd`, ignoring errors.
unsafe fn write_all_raw(fd: RawFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// Sends one message (`tag`, `value`) on the exec pipe `fd`.
unsafe fn send(fd: RawFd, tag: u8, value: i32) {
    let v = value.to_ne_bytes();
    write_all_raw(fd, &[tag, v[0], v[1], v[2], v[3]]);
}

/// Sends the current errno on the exec pipe `fd` and exits.
unsafe fn fail(fd: RawFd) -> ! {
    send(fd, EXEC_ERRNO, errno());
    libc::_exit(127)
}

/// Closes every descriptor from 3 up except those in `keep`.
unsafe fn close_other_fds(keep: &mut [RawFd]) {
    keep.sort_unstable();
    let mut low = 3u32;
    for &fd in keep.iter() {
        if fd < 0 || (fd as u32) < low {
            continue;
        }
        if fd as u32 > low {
            close_range(low, fd as u32 - 1);
        }
        low = fd as u32 + 1;
    }
    close_range(low, u32::MAX);
}

unsafe fn close_range(low: u32, high: u32) {
    if libc::syscall(libc::SYS_close_range, low, high, 0) == 0 {
        return;
    }
    // kernels before 5.9: one by one, up to the descriptor limit
    let max = libc::sysconf(libc::_SC_OPEN_MAX).clamp(1024, 1 << 16) as u32;
    for fd in low..=high.min(max) {
        libc::close(fd as RawFd);
    }
}

/// The supervisor: becomes the subreaper of the run, starts the program, waits for it
/// (or for our word to kill it), ends and reaps every remaining descendant, sends its
/// report and exits.
unsafe fn supervise(p: &Prepared, fds: &ChildFds, parent: libc::pid_t) -> ! {
    // A signal to our whole process group (Ctrl-C in a terminal, `timeout -s INT`)
    // must not end the supervisor before its run: it is ignored here, and the run
    // ends when gamecheck asks or is gone. All signals are still blocked (see the fork).
    for sig in SUPERVISOR_IGNORES {
        libc::signal(sig, libc::SIG_IGN);
    }
    // the parent-death signal only interrupts the wait below (no SA_RESTART)
    let mut wake: libc::sigaction = std::mem::zeroed();
    wake.sa_sigaction = wake_up as extern "C" fn(libc::c_int) as libc::sighandler_t;
    libc::sigaction(PARENT_DEATH, &wake, std::ptr::null_mut());
    libc::prctl(
        libc::PR_SET_PDEATHSIG,
        PARENT_DEATH as libc::c_ulong,
        0,
        0,
        0,
    );
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    let mut keep = [
        fds.stdin_r,
        fds.stdout_w,
        fds.stderr_w,
        fds.control_r,
        fds.report_w,
        fds.exec_w,
    ];
    close_other_fds(&mut keep);
    if nix::sys::prctl::set_child_subreaper(true).is_err() {
        fail(fds.exec_w);
    }
    let me = libc::getpid();
    let pid = libc::fork();
    if pid < 0 {
        fail(fds.exec_w);
    }
    if pid == 0 {
        exec_program(p, fds, me);
    }
    libc::close(fds.stdin_r);
    libc::close(fds.stdout_w);
    libc::close(fds.stderr_w);
    libc::close(fds.exec_w);

    let mut status = 0;
    let pidfd = libc::syscall(libc::SYS_pidfd_open, pid, 0) as RawFd;
    let started = monotonic_micros();
    let mut reason = REASON_NONE;
    let mut peak = 0u64;
    let mut processes = 0u32;
    // the longest run-queue delay of one thread of the run seen so far, in ns, read at
    // samples a SAMPLE_PERIOD apart (not at each of the start's more frequent ones: it
    // is a file more a thread)
    let mut waited = 0u64;
    let mut waits_due = started;
    'run: loop {
        // reap what has ended: the program (the run is over), or an orphan of the run
        // (its CPU time and peak memory go into our RUSAGE_CHILDREN)
        loop {
            let mut st = 0;
            let rc = libc::wait4(-1, &mut st, libc::WNOHANG, std::ptr::null_mut());
            if rc == pid {
                status = st;
                break 'run;
            }
            if rc > 0 || (rc < 0 && errno() == libc::EINTR) {
                continue;
            }
            break;
        }
        let now = monotonic_micros();
        let waits = now >= waits_due;
        if waits {
            waits_due = now + micros(SAMPLE_PERIOD);
        }
        let s = sample(waits);
        waited = waited.max(s.longest_wait);
        let children = children_usage();
        let cpu = children
            .0
            .saturating_add(s.ticks.saturating_mul(1_000_000) / p.ticks_per_second);
        let memory = s.resident.max(s.largest_peak).max(children.1);
        if memory > peak || processes == 0 {
            peak = peak.max(memory);
            processes = s.processes;
        }
        if cpu > p.cpu_micros {
            reason = REASON_CPU;
        } else if p.resident.is_some_and(|limit| memory > limit) {
            reason = REASON_MEMORY;
        }
        let mut polled = [
            libc::pollfd {
                fd: fds.control_r,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        if reason == REASON_NONE {
            let early = monotonic_micros().saturating_sub(started) < micros(SAMPLE_START_SPAN);
            let period = if early {
                SAMPLE_PERIOD_START
            } else {
                SAMPLE_PERIOD
            };
            // without a pidfd (kernels before 5.3), the program's end is seen at the
            // next sample
            let count = if pidfd >= 0 { 2 } else { 1 };
            libc::poll(
                polled.as_mut_ptr(),
                count,
                period.as_millis() as libc::c_int,
            );
        }
        // a parent that is gone (even by SIGKILL) counts as being asked to end the run
        if reason != REASON_NONE || polled[0].revents != 0 || libc::getppid() != parent {
            // we end the run (at a limit, or asked to, or our parent is gone): the
            // program is still our unreaped child, so its pid is still its own
            waited = waited.max(run_delay(pid));
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            while libc::wait4(pid, &mut status, 0, std::ptr::null_mut()) < 0
                && errno() == libc::EINTR
            {}
            break;
        }
    }

    let mut report = [0u8; REPORT_HEADER + LEFT_BEHIND_SHOWN * (2 + COMMAND_BYTES)];
    let mut len = REPORT_HEADER;
    let (count, shown) = end_descendants(&mut report, &mut len);
    // every process of the run is reaped now: the exact figures
    let (cpu, largest) = children_usage();
    let peak = peak.max(largest);
    if reason == REASON_NONE && cpu > p.cpu_micros {
        reason = REASON_CPU;
    } else if reason == REASON_NONE && p.resident.is_some_and(|limit| peak > limit) {
        reason = REASON_MEMORY;
    }
    let header: [i64; 6] = [
        i64::from(status),
        reason,
        i64::try_from(peak).unwrap_or(i64::MAX),
        i64::try_from(cpu).unwrap_or(i64::MAX),
        i64::from(processes),
        i64::try_from(waited / 1000).unwrap_or(i64::MAX),
    ];
    for (i, v) in header.iter().enumerate() {
        report[i * 8..i * 8 + 8].copy_from_slice(&v.to_ne_bytes());
    }
    report[48..52].copy_from_slice(&count.to_ne_bytes());
    report[52..56].copy_from_slice(&shown.to_ne_bytes());
    write_all_raw(fds.report_w, &report[..len]);
    libc::_exit(0)
}

/// The parent-death signal's handler: nothing (it only interrupts `poll`).
extern "C" fn wake_up(_sig: libc::c_int) {}

/// `d` in µs.
fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// The monotonic clock, in µs (`clock_gettime`, async-signal-safe).
fn monotonic_micros() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // Safety: clock_gettime(2) writes only into `t`.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    (t.tv_sec.max(0) as u64) * 1_000_000 + (t.tv_nsec.max(0) as u64) / 1000
}

/// What this process's reaped children (and what they reaped, recursively) used:
/// (user + system CPU time in µs, the largest peak resident set of one of them in bytes),
/// from `getrusage(RUSAGE_CHILDREN)`.
fn children_usage() -> (u64, u64) {
    // Safety: getrusage(2) writes only into `usage`.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let us = |t: libc::timeval| (t.tv_sec.max(0) as u64) * 1_000_000 + t.tv_usec.max(0) as u64;
    (
        us(usage.ru_utime) + us(usage.ru_stime),
        (usage.ru_maxrss.max(0) as u64).saturating_mul(1024),
    )
}

/// In the program's process: stdin/stdout/stderr on the pipes, a process group of its
/// own, the signals the supervisor ignores at their default action, no blocked
/// signals, SIGKILL when the supervisor dies, the address-space limit, then `execve`.
unsafe fn exec_program(p: &Prepared, fds: &ChildFds, supervisor: libc::pid_t) -> ! {
    // a group of our own, and its id to gamecheck before anything of the program runs:
    // if the supervisor dies (the program can kill it), gamecheck ends the group itself
    if libc::setpgid(0, 0) < 0 {
        fail(fds.exec_w);
    }
    send(fds.exec_w, EXEC_GROUP, libc::getpid());
    // first above 2, so that none of the three is overwritten by another's dup2
    let mut high = [0; 3];
    for (h, fd) in high
        .iter_mut()
        .zip([fds.stdin_r, fds.stdout_w, fds.stderr_w])
    {
        *h = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 10);
        if *h < 0 {
            fail(fds.exec_w);
        }
    }
    for (target, h) in high.iter().enumerate() {
        if libc::dup2(*h, target as RawFd) < 0 {
            fail(fds.exec_w);
        }
    }
    for sig in SUPERVISOR_IGNORES {
        libc::signal(sig, libc::SIG_DFL);
    }
    // if the supervisor dies before it could end the run (SIGKILL to the whole
    // process group), the program goes with it
    libc::prctl(
        libc::PR_SET_PDEATHSIG,
        libc::SIGKILL as libc::c_ulong,
        0,
        0,
        0,
    );
    if libc::getppid() != supervisor {
        libc::_exit(127);
    }
    let mut set: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut set);
    libc::sigprocmask(libc::SIG_SETMASK, &set, std::ptr::null_mut());
    if let Some((soft, hard)) = p.memory {
        if setrlimit(Resource::RLIMIT_AS, soft, hard).is_err() {
            fail(fds.exec_w);
        }
    }
    libc::execve(p.path.as_ptr(), p.argv_ptrs.as_ptr(), p.env_ptrs.as_ptr());
    fail(fds.exec_w)
}

/// Kills the supervisor's children until it has none: each killed process's own
/// children are re-parented to the supervisor (the subreaper) and killed in turn.
/// Appends the command lines of the first live ones to `report` (as u16 length +
/// bytes) and returns (processes that were alive, command lines written).
unsafe fn end_descendants(report: &mut [u8], len: &mut usize) -> (u32, u32) {
    let mut seen = [0 as libc::pid_t; 512];
    let mut seen_len = 0;
    let mut count = 0u32;
    let mut shown = 0u32;
    loop {
        let mut children = [0 as libc::pid_t; 256];
        let n = list_children(&mut children);
        for &child in &children[..n] {
            if !seen[..seen_len].contains(&child) {
                if seen_len < seen.len() {
                    seen[seen_len] = child;
                    seen_len += 1;
                }
                if !is_zombie(child) {
                    count += 1;
                    if (shown as usize) < LEFT_BEHIND_SHOWN {
                        let at = *len;
                        let n = command_line(child, &mut report[at + 2..at + 2 + COMMAND_BYTES]);
                        report[at..at + 2].copy_from_slice(&(n as u16).to_ne_bytes());
                        *len = at + 2 + n;
                        shown += 1;
                    }
                }
            }
            libc::kill(child, libc::SIGKILL);
        }
        let rc = libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG);
        if rc > 0 {
            continue;
        }
        if rc < 0 && errno() == libc::ECHILD {
            return (count, shown);
        }
        // children left but none dead yet (just killed, or one re-parented to us after
        // we listed): look again shortly
        let pause = libc::timespec {
            tv_sec: 0,
            tv_nsec: 500_000,
        };
        libc::nanosleep(&pause, std::ptr::null_mut());
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
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
        assert_eq!(out.left_behind.count, 0);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let e = run(
            &["/nonexistent/gamecheck-test".to_string()],
            b"",
            Duration::from_secs(1),
        );
        assert_eq!(e.unwrap_err().kind(), io::ErrorKind::NotFound);
        let e = run(
            &["gamecheck-no-such-program".to_string()],
            b"",
            Duration::from_secs(1),
        );
        assert_eq!(e.unwrap_err().kind(), io::ErrorKind::NotFound);
    }

    /// The supervisor ignores terminal signals; the program must not inherit that.
    #[test]
    fn the_program_starts_with_no_signal_ignored_or_blocked() {
        let out = run(
            &["cat".to_string(), "/proc/self/status".to_string()],
            b"",
            Duration::from_secs(10),
        )
        .unwrap();
        let status = String::from_utf8(out.stdout).unwrap();
        let mask = |field: &str| {
            let line = status.lines().find(|l| l.starts_with(field)).unwrap();
            u64::from_str_radix(line.split_whitespace().nth(1).unwrap(), 16).unwrap()
        };
        assert_eq!(mask("SigBlk:"), 0);
        // (whatever our own process ignores beyond these is inherited as usual)
        for sig in SUPERVISOR_IGNORES {
            assert_eq!(
                mask("SigIgn:") & (1 << (sig - 1)),
                0,
                "signal {sig} ignored"
            );
        }
    }

    #[test]
    fn the_input_left_unread_is_counted() {
        let input = vec![b'x'; 300 << 10];
        let none = run(&sh("exit 1"), &input, Duration::from_secs(10)).unwrap();
        assert_eq!(none.input_unread, input.len());
        let some = run(
            &sh("head -c 1000 >/dev/null"),
            &input,
            Duration::from_secs(10),
        )
        .unwrap();
        assert!(some.input_unread < input.len(), "{}", some.input_unread);
        let all = run(&sh("cat >/dev/null"), &input, Duration::from_secs(10)).unwrap();
        assert_eq!(all.input_unread, 0);
    }

    #[test]
    fn a_signal_is_reported() {
        let out = run(&sh("kill -SEGV $$"), b"", Duration::from_secs(5)).unwrap();
        assert_eq!(out.end, End::Signaled(libc::SIGSEGV));
        assert!(out.end.to_string().contains("SIGSEGV"));
    }

    #[test]
    fn stderr_keeps_both_ends_and_counts_the_whole() {
        // 30,000 numbers and a last line without a newline: about 170 KB
        let out = run(
            &sh("seq 1 30000 >&2; printf end >&2"),
            b"",
            Duration::from_secs(10),
        )
        .unwrap();
        let whole: String = (1..=30000).map(|i| format!("{i}\n")).collect::<String>() + "end";
        assert_eq!(out.stderr_bytes, whole.len() as u64);
        assert_eq!(out.stderr_lines, 30001);
        assert_eq!(out.stderr_head, whole[..STDERR_TAIL]);
        assert_eq!(out.stderr_tail, whole[whole.len() - STDERR_TAIL..]);
        assert_eq!(
            out.stderr_omitted,
            (whole.len() - 2 * STDERR_TAIL) as u64,
            "{}",
            out.stderr_omitted
        );
        // between one and two tails' worth: no gap between the ends
        let out = run(&sh("seq 1 15000 >&2"), b"", Duration::from_secs(10)).unwrap();
        let whole: String = (1..=15000).map(|i| format!("{i}\n")).collect();
        assert!(whole.len() > STDERR_TAIL && whole.len() < 2 * STDERR_TAIL);
        assert_eq!(out.stderr_omitted, 0);
        assert_eq!(out.stderr_tail.len(), STDERR_TAIL);
        assert_eq!(out.stderr_head.clone() + &out.stderr_tail, whole);
        assert_eq!(
            (out.stderr_bytes, out.stderr_lines),
            (whole.len() as u64, 15000)
        );
        // a short stderr is all tail
        let out = run(&sh("echo a >&2; echo b"), b"", Duration::from_secs(10)).unwrap();
        assert_eq!(
            (out.stderr_head.as_str(), out.stderr_tail.as_str()),
            ("", "a\n")
        );
        assert_eq!(
            (out.stderr_bytes, out.stderr_lines, out.stdout_bytes),
            (2, 1, 2)
        );
        let out = run(&sh("true"), b"", Duration::from_secs(10)).unwrap();
        assert_eq!(
            (out.stderr_bytes, out.stderr_lines, out.stdout_bytes),
            (0, 0, 0)
        );
    }

    /// A stream of `len` bytes drawn from `alphabet` by a small generator seeded with
    /// `seed`.
    fn stream(len: usize, seed: u64, alphabet: &[&[u8]]) -> Vec<u8> {
        let mut state = seed | 1;
        let mut out = Vec::with_capacity(len + 4);
        while out.len() < len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            out.extend_from_slice(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        out
    }

    fn keep(stream: &[u8], chunk: usize) -> KeptStderr {
        let mut keeper = StderrKeeper::default();
        stream.chunks(chunk).for_each(|c| keeper.push(c));
        keeper.finish()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Whatever the stream and however it comes in pieces: the head, the omitted
        /// bytes and the tail are the stream in order, within their bounds, and the
        /// counts are exact.
        #[test]
        fn the_kept_ends_of_a_stream_are_its_ends(
            len in 0usize..3 * STDERR_TAIL,
            seed in proptest::prelude::any::<u64>(),
            chunk in 1usize..20_000,
        ) {
            let alphabet: [&[u8]; 6] = [b"a", b"\n", "\u{e9}".as_bytes(), b"\xff", b"\x82", "\u{20ac}".as_bytes()];
            let s = stream(len, seed, &alphabet);
            let k = keep(&s, chunk);
            proptest::prop_assert_eq!(k.bytes, s.len() as u64);
            let newlines = s.iter().filter(|&&b| b == b'\n').count() as u64;
            let last_open = s.last().is_some_and(|&b| b != b'\n');
            proptest::prop_assert_eq!(k.lines, newlines + u64::from(last_open));
            proptest::prop_assert_eq!(
                k.head.len() as u64 + k.omitted + k.tail.len() as u64,
                s.len() as u64
            );
            proptest::prop_assert!(s.starts_with(&k.head) && s.ends_with(&k.tail));
            proptest::prop_assert!(k.head.len() <= STDERR_TAIL + 3 && k.tail.len() <= STDERR_TAIL);
            if s.len() <= STDERR_TAIL {
                proptest::prop_assert!(k.head.is_empty() && k.omitted == 0);
            }
            if k.omitted > 0 {
                proptest::prop_assert!(k.head.len() + 3 >= STDERR_TAIL);
                proptest::prop_assert!(k.tail.len() + 3 >= STDERR_TAIL);
            } else {
                proptest::prop_assert!(s.len() <= 2 * STDERR_TAIL + 3);
            }
        }

        /// A UTF-8 stream is kept as UTF-8: no end cut inside a character.
        #[test]
        fn no_kept_end_of_utf8_cuts_a_character(
            len in 0usize..3 * STDERR_TAIL,
            seed in proptest::prelude::any::<u64>(),
            chunk in 1usize..20_000,
        ) {
            let alphabet: [&[u8]; 5] = [b"a", b"\n", "\u{e9}".as_bytes(), "\u{20ac}".as_bytes(), "\u{1f600}".as_bytes()];
            let s = stream(len, seed, &alphabet);
            let k = keep(&s, chunk);
            proptest::prop_assert!(std::str::from_utf8(&k.head).is_ok());
            proptest::prop_assert!(std::str::from_utf8(&k.tail).is_ok());
        }
    }

    #[test]
    fn an_incomplete_character_at_the_end_is_found() {
        assert_eq!(incomplete_char(b""), 0);
        assert_eq!(incomplete_char(b"ab"), 0);
        assert_eq!(incomplete_char("a\u{e9}".as_bytes()), 0);
        assert_eq!(incomplete_char(&"a\u{e9}".as_bytes()[..2]), 1);
        assert_eq!(incomplete_char(&"\u{20ac}".as_bytes()[..2]), 2);
        assert_eq!(incomplete_char(&"\u{1f600}".as_bytes()[..3]), 3);
        assert_eq!(incomplete_char("\u{1f600}".as_bytes()), 0);
        assert_eq!(incomplete_char(b"a\xff"), 0);
    }

    #[test]
    fn exec_pipe_messages() {
        let msg = |tag: u8, v: i32| {
            let b = v.to_ne_bytes();
            [tag, b[0], b[1], b[2], b[3]]
        };
        assert_eq!(exec_messages(b""), (None, None));
        assert_eq!(exec_messages(&msg(EXEC_GROUP, 4711)), (Some(4711), None));
        assert_eq!(exec_messages(&msg(EXEC_ERRNO, 13)), (None, Some(13)));
        let both = [msg(EXEC_GROUP, 4711), msg(EXEC_ERRNO, 2)].concat();
        assert_eq!(exec_messages(&both), (Some(4711), Some(2)));
        // an unknown tag and a cut message say nothing
        let odd = [&msg(b'x', 5)[..], &msg(EXEC_GROUP, 7)[..3]].concat();
        assert_eq!(exec_messages(&odd), (None, None));
    }

    #[test]
    fn only_a_real_process_group_is_killed() {
        assert_eq!(killable(None), None);
        for g in [-4711, -1, 0, 1] {
            assert_eq!(killable(Some(g)), None, "{g}");
        }
        assert_eq!(killable(Some(2)), Some(Pid::from_raw(2)));
        assert_eq!(killable(Some(4711)), Some(Pid::from_raw(4711)));
    }

    #[test]
    fn a_report_without_a_terminated_program_is_the_supervisor_s_fault() {
        let end = |status| {
            Report {
                status,
                ..Report::default()
            }
            .end()
        };
        assert_eq!(end(Some(3 << 8)), End::Exited(3));
        assert_eq!(end(Some(libc::SIGSEGV)), End::Signaled(libc::SIGSEGV));
        // a stopped status (0x7f in the low byte) is never a program's end
        assert_eq!(
            end(Some(libc::SIGSTOP << 8 | 0x7f)),
            End::SupervisorDied(None)
        );
        assert_eq!(end(None), End::SupervisorDied(None));
        let died = End::SupervisorDied(Some(libc::SIGKILL)).to_string();
        assert!(died.contains("supervisor") && died.contains("killed by signal 9 (SIGKILL)"));
        assert!(!End::SupervisorDied(None).to_string().contains("signal"));
    }

    #[test]
    fn a_reader_thread_is_waited_for_until_a_deadline() {
        let start = Instant::now();
        let soon = start + Duration::from_secs(60);
        let done = thread::spawn(|| ());
        while !done.is_finished() {
            thread::yield_now();
        }
        assert!(finished_by(&done, soon));
        // a finished thread is not waited for until the deadline
        assert!(start.elapsed() < Duration::from_secs(30));
        let slow = thread::spawn(|| thread::sleep(Duration::from_millis(100)));
        assert!(finished_by(&slow, soon));
        let (tx, rx) = mpsc::channel::<()>();
        let stuck = thread::spawn(move || {
            let _ = rx.recv();
        });
        assert!(!finished_by(
            &stuck,
            Instant::now() + Duration::from_millis(50)
        ));
        drop(tx);
        stuck.join().unwrap();
    }

    /// At the time limit the supervisor is asked to end the run, and given the time to
    /// report: what it had to end is counted (a supervisor killed as soon as it was
    /// asked would report nothing).
    #[test]
    fn a_timed_out_run_reports_what_it_left_behind() {
        let out = run(
            &sh("setsid sleep 30 & exec sleep 30"),
            b"",
            Duration::from_millis(500),
        )
        .unwrap();
        assert_eq!(out.end, End::TimedOut(TimeLimit::Wall));
        assert!(out.left_behind.count >= 1, "{out:?}");
    }
}
