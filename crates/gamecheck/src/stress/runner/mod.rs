//! Running someone else's program on one input: stdin fed from a thread, stdout read
//! with a cap, both ends of stderr kept (and its bytes and lines counted), a CPU-time
//! limit and a looser wall-clock limit,
//! an optional memory limit (on resident memory, or on address space), and *nothing of
//! the run left behind*.
//!
//! Linux only, with the `supervisor` feature (on by default); elsewhere
//! [`run_limited`] fails with [`io::ErrorKind::Unsupported`]. Each run has its own **supervisor**: a small process forked from us that
//! makes itself the child subreaper (`PR_SET_CHILD_SUBREAPER`) of that run only, starts
//! the program, and when the program exits (or we ask it to stop the run: time limit,
//! output cap) ends and reaps every remaining descendant, however it detached (a new
//! session, a double-forked daemon): orphans are re-parented to the supervisor, which
//! kills its children until it has none left. Then it sends us the program's exit
//! status, its resource usage (`wait4`) and the command lines of what it had to end,
//! and exits. We never wait for anything but our own supervisor (no `waitpid(-1)`), so
//! runs on parallel threads cannot steal each other's processes.
//!
//! While the program runs, the supervisor **samples** every process of the run (its
//! descendants, found through each process's `/proc/PID/task/TID/children`, so a
//! `setsid()` child counts too) every [`SAMPLE_PERIOD_START`] for the first
//! [`SAMPLE_START_SPAN`] of the run and every [`SAMPLE_PERIOD`] after that: their CPU
//! time (`utime + stime + cutime + cstime` of `/proc/PID/stat`, plus what the
//! supervisor has reaped, `getrusage(RUSAGE_CHILDREN)`), their resident memory
//! (`VmRSS` of `/proc/PID/status`, summed, and each one's own peak `VmHWM`) and how
//! long each of their threads has waited on a run queue for a CPU (the run-queue delay
//! of `/proc/PID/task/TID/schedstat`, every [`SAMPLE_PERIOD`] only: the longest one
//! seen is [`RunOutput::waited`]). It ends the run when the CPU time passes the limit,
//! or, under a [`MemoryKind::Resident`] limit, when the memory does. When the program
//! has ended and every process of the run is reaped, the exact figures
//! (`getrusage(RUSAGE_CHILDREN)`: every process's CPU time and the largest one's peak
//! resident set) are added: see [`RunOutput::cpu`] and [`RunOutput::peak_rss`].
//!
//! The program is the supervisor's child and can signal it. Before its `exec` it tells
//! us its process group (a group of its own, named by its pid); a supervisor that dies
//! without its report (the program killed it) leaves the run to us: we kill that group
//! and report [`End::SupervisorDied`]. A supervisor that has not reported a few seconds
//! after being asked to end its run (the program stopped it) is killed, with the group.
//!
//! Once every writer of the output pipes is gone we read them to their end: everything
//! the program wrote is judged, however long a descendant held the pipes, and no fixed
//! grace period is waited.
//!
//! Between `fork` and `exec` only async-signal-safe calls are made (no allocation):
//! the command line, environment and buffers are prepared before the fork.

use std::io;
use std::time::Duration;

#[cfg(all(feature = "supervisor", target_os = "linux"))]
mod linux;
#[cfg(all(feature = "supervisor", target_os = "linux"))]
mod procfs;

/// The most bytes of stdout kept (16 MiB); a program that writes more is killed and its
/// output reported as malformed, so a runaway program cannot exhaust memory.
pub const STDOUT_CAP: usize = 16 << 20;

/// The most bytes of stderr kept at each end (64 KiB): the tail, where the error
/// message of a crash is, and as many at the head, where the first error is (see
/// [`RunOutput::stderr_head`]).
pub const STDERR_TAIL: usize = 64 << 10;

/// The most command lines of left-behind processes kept for a report (all are counted).
pub const LEFT_BEHIND_SHOWN: usize = 8;

/// How often a run's processes are sampled after [`SAMPLE_START_SPAN`] (10 ms): the
/// CPU time limit is enforced within about this much (times the cores the program
/// keeps busy), and a resident-memory limit within what the program can touch in this
/// time.
pub const SAMPLE_PERIOD: Duration = Duration::from_millis(10);

/// How often a run's processes are sampled in its first [`SAMPLE_START_SPAN`] (1 ms): an
/// interpreter that cannot start under a memory limit is caught before it reads its
/// input.
pub const SAMPLE_PERIOD_START: Duration = Duration::from_millis(1);

/// The first part of a run, sampled every [`SAMPLE_PERIOD_START`] (50 ms).
pub const SAMPLE_START_SPAN: Duration = Duration::from_millis(50);

/// Which limit a timed-out run passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeLimit {
    /// The CPU time limit ([`Limits::cpu`]): user + system time summed over every
    /// process of the run, as a contest judge measures it.
    Cpu,
    /// The wall-clock limit ([`Limits::wall`]): the program sleeps or waits (for input,
    /// a lock, a child) rather than computes.
    Wall,
}

impl TimeLimit {
    /// `CPU` or `wall-clock`, for reports.
    pub fn name(self) -> &'static str {
        match self {
            TimeLimit::Cpu => "CPU",
            TimeLimit::Wall => "wall-clock",
        }
    }
}

/// What a memory limit limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MemoryKind {
    /// The resident memory of every process of the run, summed (and each process's own
    /// peak), sampled by the run's supervisor (see the module's text); the run is ended
    /// when it passes the limit. What a program reserves but never touches (a JVM's heap,
    /// Go's arenas) does not count.
    #[default]
    Resident,
    /// The address space of each process (`RLIMIT_AS`, set before `exec`): an
    /// allocation past it fails inside the program, which then crashes or reports it.
    /// Runtimes that reserve address space up front (the JVM, Go, .NET) need far more
    /// than they use.
    AddressSpace,
}

impl MemoryKind {
    /// `resident memory` or `address space`, for messages.
    pub fn what(self) -> &'static str {
        match self {
            MemoryKind::Resident => "resident memory",
            MemoryKind::AddressSpace => "address space",
        }
    }

    /// `resident` or `address-space`, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            MemoryKind::Resident => "resident",
            MemoryKind::AddressSpace => "address-space",
        }
    }
}

/// A memory limit of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemoryLimit {
    /// The limit, in bytes.
    pub bytes: u64,
    /// What it limits.
    pub kind: MemoryKind,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The program exited with this status code.
    Exited(i32),
    /// The program was killed by this signal (not by us).
    Signaled(i32),
    /// The program passed this time limit; it was killed with every process it started
    /// (or, past the CPU limit, it had already ended: its exact CPU time, summed when
    /// every process was reaped, is over the limit).
    TimedOut(TimeLimit),
    /// The resident memory of the run's processes passed a [`MemoryKind::Resident`]
    /// limit; the program was killed with every process it started (or, when only the
    /// exact figures at its end show it, it had already ended).
    MemoryLimit,
    /// The program wrote more than [`STDOUT_CAP`] bytes; it was killed with every
    /// process it started.
    OutputCapped,
    /// The run's supervisor died before it could report how the program ended (killed
    /// by this signal, as by the program itself; `None`: it exited without its report).
    /// The program's own end is unknown; its process group was killed by gamecheck.
    SupervisorDied(Option<i32>),
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
            End::TimedOut(TimeLimit::Cpu) => {
                f.write_str("passed the CPU time limit (killed with every process it started)")
            }
            End::TimedOut(TimeLimit::Wall) => f.write_str(
                "passed the wall-clock time limit (killed with every process it started)",
            ),
            End::MemoryLimit => {
                f.write_str("passed the memory limit (killed with every process it started)")
            }
            End::OutputCapped => write!(
                f,
                "wrote more than {} MiB on stdout (killed with every process it started)",
                STDOUT_CAP >> 20
            ),
            End::SupervisorDied(Some(sig)) => write!(
                f,
                "its supervisor (the process it is started from) was killed by signal \
                 {sig}{} before the program ended; the program's process group was killed",
                signal_name(sig)
            ),
            End::SupervisorDied(None) => f.write_str(
                "its supervisor (the process it is started from) ended without saying \
                 how the program ended; the program's process group was killed",
            ),
        }
    }
}

/// The usual name of signal `sig`, for the report (" (SIGSEGV)"), or "".
#[cfg(all(feature = "supervisor", target_os = "linux"))]
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
        libc::SIGINT => " (SIGINT)",
        libc::SIGHUP => " (SIGHUP)",
        _ => "",
    }
}

/// This process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`, read
/// as the supervisor reads its runs'); `None` where there is none (without the
/// supervisor, or off Linux).
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) fn own_peak_resident() -> Option<u64> {
    #[cfg(all(feature = "supervisor", target_os = "linux"))]
    return procfs::own_peak_resident();
    #[cfg(not(all(feature = "supervisor", target_os = "linux")))]
    None
}

/// Without the supervisor no run is ever signalled: no names.
#[cfg(not(all(feature = "supervisor", target_os = "linux")))]
fn signal_name(_sig: i32) -> &'static str {
    ""
}

/// Processes of a run that were still alive when the program exited (or was stopped),
/// and were ended by the run's supervisor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftBehind {
    /// How many there were.
    pub count: usize,
    /// The command lines of the first [`LEFT_BEHIND_SHOWN`] of them.
    pub commands: Vec<String>,
}

/// What one run of the program produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    /// How it ended.
    pub end: End,
    /// Its stdout, at most [`STDOUT_CAP`] bytes.
    pub stdout: Vec<u8>,
    /// The bytes of stdout read from the program: at least the length of
    /// [`RunOutput::stdout`]. Past the cap ([`End::OutputCapped`]) the read that
    /// passed it counts whole (up to 64 KiB more than was kept), then reading stops
    /// and the program is killed: what it wrote after that is not counted.
    pub stdout_bytes: u64,
    /// The first bytes of its stderr that are not in [`RunOutput::stderr_tail`] (lossy
    /// UTF-8): empty when stderr was at most [`STDERR_TAIL`] bytes; else its first
    /// bytes, at most [`STDERR_TAIL`] of them (up to 3 more where the tail would
    /// otherwise begin inside a UTF-8 character). Before the lossy conversion, the
    /// head, [`RunOutput::stderr_omitted`] bytes not kept, and the tail are the whole
    /// stream ([`RunOutput::stderr_bytes`]).
    pub stderr_head: String,
    /// The bytes of stderr between [`RunOutput::stderr_head`] and
    /// [`RunOutput::stderr_tail`], kept by neither: 0 unless stderr was more than
    /// twice [`STDERR_TAIL`] bytes.
    pub stderr_omitted: u64,
    /// The last bytes of its stderr, at most [`STDERR_TAIL`] of them (lossy UTF-8;
    /// starting at a character where stderr is UTF-8: a few bytes fewer than that
    /// where the cut would fall inside a character).
    pub stderr_tail: String,
    /// The bytes of its stderr, all of them (stderr is read to its end): the head,
    /// the omitted bytes and the tail.
    pub stderr_bytes: u64,
    /// The lines of its stderr, all of them: its newlines, and one more for a last
    /// line without a newline (0 for an empty stderr).
    pub stderr_lines: u64,
    /// Wall-clock time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// CPU time (user + system) of every process of the run, summed: exact
    /// (`getrusage(RUSAGE_CHILDREN)` of the supervisor once every process is reaped, which
    /// holds the times of processes reaped by their own parents too). Every thread
    /// counts: a JVM's garbage collector and compiler threads add to it.
    pub cpu: Duration,
    /// Peak resident memory of the run, in bytes: the largest of the sampled sums of the
    /// resident sets of its processes (`VmRSS`, pages shared between processes counted
    /// once per process) and of each process's own peak resident set (`VmHWM` while it
    /// runs, `ru_maxrss` when it is reaped, exact even for a peak between samples).
    pub peak_rss: u64,
    /// The processes of the run alive at the sample where its memory peaked (1 for a
    /// program that starts none; 0 when it ended before the first sample).
    pub processes: u32,
    /// The longest time any one thread of the run waited on a run queue for a CPU (a
    /// busy machine, not the program): the run-queue delay of
    /// `/proc/PID/task/TID/schedstat`, summed over the thread's life, read for every
    /// thread of every process of the run every [`SAMPLE_PERIOD`] over the whole run
    /// (from its first sample), and for the main process's main thread once more when
    /// the supervisor ends the run at a limit; the largest value seen. For every run,
    /// also one that ended on its own (then up to one sample period old). What a thread
    /// waited after its last reading is not seen; zero where the kernel keeps no such
    /// statistics, or when the run ended before its first sample.
    pub waited: Duration,
    /// Processes it left running, ended by the supervisor.
    pub left_behind: LeftBehind,
    /// The memory limit it ran under, if any.
    pub memory_limit: Option<MemoryLimit>,
    /// Bytes of the input it left unread (all of them: it failed before reading any,
    /// so it would have done the same on any input).
    pub input_unread: usize,
}

impl Default for RunOutput {
    /// A clean exit with no output (tests build fake runs from it).
    fn default() -> Self {
        RunOutput {
            end: End::Exited(0),
            stdout: Vec::new(),
            stdout_bytes: 0,
            stderr_head: String::new(),
            stderr_omitted: 0,
            stderr_tail: String::new(),
            stderr_bytes: 0,
            stderr_lines: 0,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            peak_rss: 0,
            processes: 0,
            waited: Duration::ZERO,
            left_behind: LeftBehind::default(),
            memory_limit: None,
            input_unread: 0,
        }
    }
}

impl RunOutput {
    /// Whether [`RunOutput::cpu`] and [`RunOutput::peak_rss`] were measured: not when the
    /// run's supervisor died before its report ([`End::SupervisorDied`]), where both are 0
    /// for "unknown".
    pub fn usage_known(&self) -> bool {
        !matches!(self.end, End::SupervisorDied(_))
    }
}

/// Something that answers a contest input: a real program ([`Program`]) or, in tests,
/// a closure.
pub trait Target {
    /// Runs on `input` (the whole of stdin) and reports what came out.
    ///
    /// # Errors
    /// The program cannot be started (not found, not executable, no resources).
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput>;

    /// The same target as something several threads may run at once (`--jobs`), when
    /// it can be; `None` (the default) makes every run sequential.
    fn shared(&self) -> Option<&dyn SharedTarget> {
        None
    }

    /// Runs on `input` alone (no other run of ours beside it) with its wall-clock limit
    /// raised by `extra`: a run that ended at the wall-clock limit after waiting for a
    /// CPU is run again so (see [`super::held_back`]). By default the same as
    /// [`Target::run`] (a target without a wall-clock limit of its own).
    ///
    /// # Errors
    /// The program cannot be started.
    fn run_with_more_wall_time(&mut self, input: &[u8], extra: Duration) -> io::Result<RunOutput> {
        let _ = extra;
        self.run(input)
    }

    /// Runs on `input` under a memory limit of `bytes` (of the same kind) instead of its
    /// own, to tell a failure that more memory cures from any other; `None` (the default)
    /// when the target has no memory limit to change.
    ///
    /// # Errors
    /// The program cannot be started.
    fn run_with_memory_limit(&mut self, input: &[u8], bytes: u64) -> Option<io::Result<RunOutput>> {
        let _ = (input, bytes);
        None
    }
}

/// A target that can run on several inputs at once, from several threads.
pub trait SharedTarget: Sync {
    /// Like [`Target::run`], through a shared reference.
    ///
    /// # Errors
    /// The program cannot be started.
    fn run_shared(&self, input: &[u8]) -> io::Result<RunOutput>;
}

impl<F: FnMut(&[u8]) -> io::Result<RunOutput>> Target for F {
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput> {
        self(input)
    }
}

/// The limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time limit: user + system time summed over every process of the run
    /// (threads included), as contest judges measure it. Checked at each sample, and
    /// once more on the exact figure when the run has ended.
    pub cpu: Duration,
    /// Wall-clock time limit, a looser bound for a program that sleeps or waits
    /// ([`default_wall`] of the CPU limit unless set).
    pub wall: Duration,
    /// The memory limit, if any.
    pub memory: Option<MemoryLimit>,
}

impl Limits {
    /// A CPU time limit of `cpu`, the wall-clock limit [`default_wall`] of it, no memory
    /// limit.
    pub fn new(cpu: Duration) -> Self {
        Limits {
            cpu,
            wall: default_wall(cpu),
            memory: None,
        }
    }
}

/// The wall-clock limit that goes with a CPU time limit of `cpu` when none is given:
/// three times it plus a second, at most a minute more than it (1.5 s gives 5.5 s;
/// 10 s gives 31 s; 100 s gives 160 s). A correct program on a machine so loaded that
/// it gets a third of a core still passes; one that sleeps for ever is stopped soon.
pub fn default_wall(cpu: Duration) -> Duration {
    (cpu * 3 + Duration::from_secs(1)).min(cpu + Duration::from_secs(60))
}

/// An external program with its arguments and its limits per run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The program and its arguments (`["python3", "sol.py"]`).
    pub argv: Vec<String>,
    /// The limits of one run.
    pub limits: Limits,
}

impl Program {
    /// `argv[0]` with arguments `argv[1..]`, limited to `cpu` of CPU time per run (and
    /// [`default_wall`] of it in wall-clock time).
    ///
    /// # Panics
    /// When `argv` is empty.
    pub fn new(argv: Vec<String>, cpu: Duration) -> Self {
        assert!(!argv.is_empty(), "a program needs at least its name");
        Program {
            argv,
            limits: Limits::new(cpu),
        }
    }

    /// The same program with a wall-clock limit of `wall` per run (`None`: the default,
    /// [`default_wall`] of its CPU limit).
    pub fn with_wall_limit(mut self, wall: Option<Duration>) -> Self {
        self.limits.wall = wall.unwrap_or_else(|| default_wall(self.limits.cpu));
        self
    }

    /// The same program with memory limit `memory` per run (`None`: no limit).
    pub fn with_memory_limit(mut self, memory: Option<MemoryLimit>) -> Self {
        self.limits.memory = memory;
        self
    }

    /// The command line as typed (`python3 sol.py`).
    pub fn display(&self) -> String {
        self.argv.join(" ")
    }
}

impl Target for Program {
    fn run(&mut self, input: &[u8]) -> io::Result<RunOutput> {
        run_limited(&self.argv, input, &self.limits)
    }

    fn shared(&self) -> Option<&dyn SharedTarget> {
        Some(self)
    }

    fn run_with_more_wall_time(&mut self, input: &[u8], extra: Duration) -> io::Result<RunOutput> {
        let limits = Limits {
            wall: self.limits.wall.saturating_add(extra),
            ..self.limits
        };
        run_limited(&self.argv, input, &limits)
    }

    fn run_with_memory_limit(&mut self, input: &[u8], bytes: u64) -> Option<io::Result<RunOutput>> {
        let memory = self.limits.memory?;
        let limits = Limits {
            memory: Some(MemoryLimit { bytes, ..memory }),
            ..self.limits
        };
        Some(run_limited(&self.argv, input, &limits))
    }
}

impl SharedTarget for Program {
    fn run_shared(&self, input: &[u8]) -> io::Result<RunOutput> {
        run_limited(&self.argv, input, &self.limits)
    }
}

/// Runs `argv` with `input` on stdin, a CPU time limit of `cpu` (and the
/// [`default_wall`] of it) and no memory limit (see [`run_limited`]).
///
/// # Errors
/// The program cannot be started (`argv[0]` not found or not executable, …).
pub fn run(argv: &[String], input: &[u8], cpu: Duration) -> io::Result<RunOutput> {
    run_limited(argv, input, &Limits::new(cpu))
}

/// Runs `argv` with `input` on stdin under `limits`, and returns what it did.
///
/// - stdin is written from its own thread, so a program that writes a lot before it reads
///   (or never reads) cannot deadlock us on a full pipe; a program that exits without
///   reading everything is fine (the broken pipe is ignored).
/// - stdout is kept up to [`STDOUT_CAP`] bytes; past that the program is killed.
/// - stderr is read to its end: its first and last [`STDERR_TAIL`] bytes are kept, its
///   bytes and lines counted.
/// - past the CPU time limit (summed over every process of the run, sampled), the
///   wall-clock limit, or a resident-memory limit (summed, sampled) the program is
///   killed; when it exits (or is killed), every process it started is killed too, by the
///   run's supervisor, and counted in [`RunOutput::left_behind`]; then the pipes are read
///   to their end.
/// - the program runs in a process group of its own, with `SIGPIPE` at its default and
///   no blocked signals, and with `RLIMIT_AS` set under a [`MemoryKind::AddressSpace`]
///   limit.
///
/// # Errors
/// The program cannot be started (`argv[0]` not found or not executable, …).
pub fn run_limited(argv: &[String], input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
    #[cfg(all(feature = "supervisor", target_os = "linux"))]
    {
        linux::run_limited(argv, input, limits)
    }
    #[cfg(not(all(feature = "supervisor", target_os = "linux")))]
    {
        let _ = (argv, input, limits);
        Err(io::Error::new(io::ErrorKind::Unsupported, UNSUPPORTED))
    }
}

/// Ends every run in progress (each with every process it started, as at a time
/// limit) and makes every later run fail at once with [`io::ErrorKind::Interrupted`]
/// (as do the runs it ended): for a process that is about to stop. Waits up to `wait`
/// for the runs' supervisors to report that nothing of them is left; returns whether
/// they all did.
pub fn end_all_runs(wait: Duration) -> bool {
    #[cfg(all(feature = "supervisor", target_os = "linux"))]
    {
        linux::end_all_runs(wait)
    }
    #[cfg(not(all(feature = "supervisor", target_os = "linux")))]
    {
        let _ = wait;
        true
    }
}

/// Whether [`end_all_runs`] was called: runs now fail with
/// [`io::ErrorKind::Interrupted`].
pub fn ending() -> bool {
    #[cfg(all(feature = "supervisor", target_os = "linux"))]
    {
        linux::ending()
    }
    #[cfg(not(all(feature = "supervisor", target_os = "linux")))]
    {
        false
    }
}

/// On the first SIGINT, SIGTERM or SIGHUP (each unless it was ignored when this was
/// called, as under `nohup`): ends every run ([`end_all_runs`], up to 10 s), calls
/// `on_signal` with the signal's number and whether every run was seen to end (to say
/// how far the work got), then ends this
/// process by that signal at its default action, so that a calling shell sees it.
/// The signals are handled on a thread of their own. Only the first call in a process
/// sets this up; later ones do nothing.
///
/// Whatever else happens, a run never outlives us: its supervisor ignores these
/// signals when they are sent to our whole process group, and ends the run when we are
/// gone (even by SIGKILL).
///
/// # Errors
/// The handlers or the thread cannot be set up. Without the supervisor this does
/// nothing.
pub fn end_runs_on_signals(on_signal: impl FnOnce(i32, bool) + Send + 'static) -> io::Result<()> {
    #[cfg(all(feature = "supervisor", target_os = "linux"))]
    {
        linux::end_runs_on_signals(Box::new(on_signal))
    }
    #[cfg(not(all(feature = "supervisor", target_os = "linux")))]
    {
        let _ = on_signal;
        Ok(())
    }
}

/// The error of [`run_limited`] where there is no supervisor.
#[cfg(not(all(feature = "supervisor", target_os = "linux")))]
const UNSUPPORTED: &str = "running a program under test needs gamecheck's process supervisor, \
     which exists on Linux only, with the `supervisor` feature (on by default)";
