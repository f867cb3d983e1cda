//! Reading `/proc` without allocating, for the forked supervisor (async-signal-safe
//! calls on stack buffers only): a process's children, state and command line, and the
//! **sample** of a run — the CPU time and resident memory of every process under the
//! supervisor, and the longest run-queue delay of one of their threads.

/// The most processes one sample looks at (a run with more is sampled in part: the
/// first this many found, parents before children).
pub(super) const SAMPLED_MAX: usize = 1024;

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Reads the whole of a small file into `buf`; returns the bytes read (0 on error).
///
/// # Safety
/// `path` must end with a NUL byte.
pub(super) unsafe fn read_file(path: &[u8], buf: &mut [u8]) -> usize {
    debug_assert_eq!(path.last(), Some(&0));
    let fd = libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return 0;
    }
    let mut len = 0;
    while len < buf.len() {
        let n = libc::read(fd, buf[len..].as_mut_ptr().cast(), buf.len() - len);
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        if n <= 0 {
            break;
        }
        len += n as usize;
    }
    libc::close(fd);
    len
}

/// A path under `/proc` built in a stack buffer, NUL-terminated.
pub(super) struct ProcPath {
    buf: [u8; 96],
    len: usize,
}

impl ProcPath {
    /// `/proc/<pid>`.
    pub(super) fn of(pid: libc::pid_t) -> ProcPath {
        let mut p = ProcPath {
            buf: [0; 96],
            len: 0,
        };
        p.push(b"/proc/");
        p.number(pid);
        p
    }

    /// `/proc/<pid>/task/<tid>`.
    pub(super) fn task(pid: libc::pid_t, tid: libc::pid_t) -> ProcPath {
        let mut p = ProcPath::of(pid);
        p.push(b"/task/");
        p.number(tid);
        p
    }

    fn push(&mut self, part: &[u8]) {
        let end = (self.len + part.len()).min(self.buf.len() - 1);
        self.buf[self.len..end].copy_from_slice(&part[..end - self.len]);
        self.len = end;
    }

    fn number(&mut self, n: libc::pid_t) {
        let mut digits = [0u8; 12];
        let mut d = digits.len();
        let mut v = n.unsigned_abs();
        loop {
            d -= 1;
            digits[d] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.push(&digits[d..]);
    }

    /// This path with `/<file>` after it, NUL-terminated (`file` empty: the path itself).
    pub(super) fn file(&self, file: &[u8]) -> ProcPath {
        let mut p = ProcPath {
            buf: self.buf,
            len: self.len,
        };
        if !file.is_empty() {
            p.push(b"/");
            p.push(file);
        }
        p.buf[p.len] = 0;
        p
    }

    /// The bytes with the final NUL (for `open`).
    pub(super) fn c(&self) -> &[u8] {
        &self.buf[..=self.len]
    }
}

/// The fields of `/proc/PID/stat` after the command name (`state` is field 0 here,
/// field 3 of proc(5)).
fn stat_fields(stat: &[u8]) -> Option<impl Iterator<Item = &[u8]>> {
    let i = stat.iter().rposition(|&b| b == b')')?;
    Some(
        stat[i + 1..]
            .split(|&b| b == b' ' || b == b'\n')
            .filter(|f| !f.is_empty()),
    )
}

fn parse_u64(word: &[u8]) -> Option<u64> {
    if word.is_empty() || word.len() > 19 || !word.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(word.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')))
}

pub(super) fn parse_pid(word: &[u8]) -> Option<libc::pid_t> {
    if word.len() > 10 {
        return None;
    }
    parse_u64(word)
        .and_then(|v| libc::pid_t::try_from(v).ok())
        .filter(|&p| p > 0)
}

pub(super) fn is_zombie(pid: libc::pid_t) -> bool {
    let mut stat = [0u8; 1024];
    // Safety: reads a file into a stack buffer.
    let n = unsafe { read_file(ProcPath::of(pid).file(b"stat").c(), &mut stat) };
    match stat_fields(&stat[..n]).and_then(|mut f| f.next()) {
        Some(state) => state == b"Z",
        None => true,
    }
}

/// The command line of `pid` (arguments joined by spaces) into `buf`; returns its length.
pub(super) fn command_line(pid: libc::pid_t, buf: &mut [u8]) -> usize {
    // Safety: reads a file into a caller's buffer.
    let mut n = unsafe { read_file(ProcPath::of(pid).file(b"cmdline").c(), buf) };
    while n > 0 && buf[n - 1] == 0 {
        n -= 1;
    }
    for b in &mut buf[..n] {
        if *b == 0 {
            *b = b' ';
        }
    }
    n
}

/// Appends the pids in a `children` file's text to `out[*len..]` (as many as fit).
fn push_pids(text: &[u8], out: &mut [libc::pid_t], len: &mut usize) {
    for word in text.split(|&b| b == b' ' || b == b'\n') {
        if let Some(pid) = parse_pid(word) {
            if *len < out.len() {
                out[*len] = pid;
                *len += 1;
            }
        }
    }
}

/// The calling process's children (from `/proc/thread-self/children`, or by scanning
/// `/proc` for its pid as parent where that file is missing); returns how many were
/// written into `out`. The caller must be single-threaded (the forked supervisor).
///
/// # Safety
/// Async-signal-safe: stack buffers only.
pub(super) unsafe fn list_children(out: &mut [libc::pid_t]) -> usize {
    let mut buf = [0u8; 4096];
    let fd = libc::open(
        c"/proc/thread-self/children".as_ptr(),
        libc::O_RDONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return scan_children(out);
    }
    libc::close(fd);
    let n = read_file(b"/proc/thread-self/children\0", &mut buf);
    let mut count = 0;
    push_pids(&buf[..n], out, &mut count);
    count
}

/// Calls `each` with the name of every entry of the directory `path` (NUL-terminated).
///
/// # Safety
/// Async-signal-safe: stack buffers only.
unsafe fn for_each_entry(path: &[u8], mut each: impl FnMut(&[u8])) {
    let dir = libc::open(
        path.as_ptr().cast(),
        libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
    );
    if dir < 0 {
        return;
    }
    let mut entries = [0u8; 8192];
    loop {
        let n = libc::syscall(
            libc::SYS_getdents64,
            dir,
            entries.as_mut_ptr(),
            entries.len(),
        );
        if n <= 0 {
            break;
        }
        let mut at = 0usize;
        while at + 19 < n as usize {
            // struct linux_dirent64: ino u64, off i64, reclen u16, type u8, name
            let reclen = u16::from_ne_bytes([entries[at + 16], entries[at + 17]]) as usize;
            if reclen == 0 {
                break;
            }
            let name = &entries[at + 19..(at + reclen).min(n as usize)];
            let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
            each(name);
            at += reclen;
        }
    }
    libc::close(dir);
}

/// Scans `/proc` for processes whose parent is this process.
///
/// # Safety
/// Async-signal-safe: stack buffers only.
pub(super) unsafe fn scan_children(out: &mut [libc::pid_t]) -> usize {
    let me = libc::getpid();
    let mut count = 0;
    for_each_entry(b"/proc\0", |name| {
        let Some(pid) = parse_pid(name) else { return };
        let mut stat = [0u8; 1024];
        let len = read_file(ProcPath::of(pid).file(b"stat").c(), &mut stat);
        // after the command name: state, then the parent's pid
        let parent = stat_fields(&stat[..len]).and_then(|mut f| f.nth(1).and_then(parse_pid));
        if parent == Some(me) && count < out.len() {
            out[count] = pid;
            count += 1;
        }
    });
    count
}

/// How long `pid` (its main thread) has waited on a run queue for a CPU, in ns: the
/// second field of `/proc/PID/schedstat` (0 where it cannot be read).
pub(super) fn run_delay(pid: libc::pid_t) -> u64 {
    schedstat_delay(&ProcPath::of(pid))
}

/// The run-queue delay (ns) in the `schedstat` file under `dir` (`/proc/PID` or
/// `/proc/PID/task/TID`): the second of its three fields (running time, time spent
/// waiting on a run queue, time slices), the sum over the task's life (0 where the
/// file cannot be read: the task is gone, or the kernel keeps no such statistics).
fn schedstat_delay(dir: &ProcPath) -> u64 {
    let mut buf = [0u8; 128];
    // Safety: reads a file into a stack buffer.
    let n = unsafe { read_file(dir.file(b"schedstat").c(), &mut buf) };
    buf[..n]
        .split(|&b| b == b' ' || b == b'\n')
        .nth(1)
        .and_then(parse_u64)
        .unwrap_or(0)
}

/// Calls `each` with the directory of every thread of process `pid`
/// (`/proc/PID/task/TID`), which has `threads` threads by its `status`: a
/// single-threaded process's one thread (`task/PID`) without listing the directory.
///
/// # Safety
/// Async-signal-safe: stack buffers only.
unsafe fn for_each_thread(pid: libc::pid_t, threads: u64, mut each: impl FnMut(&ProcPath)) {
    if threads <= 1 {
        each(&ProcPath::task(pid, pid));
    } else {
        for_each_entry(ProcPath::of(pid).file(b"task").c(), |name| {
            if let Some(tid) = parse_pid(name) {
                each(&ProcPath::task(pid, tid));
            }
        });
    }
}

/// What one sample of a run's processes found.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sample {
    /// CPU time of the processes found (user + system, with what each has reaped of
    /// its own children: `utime + stime + cutime + cstime`), in clock ticks.
    pub ticks: u64,
    /// The sum of their resident sets (`VmRSS`), in bytes.
    pub resident: u64,
    /// The largest peak resident set of one of them (`VmHWM`), in bytes.
    pub largest_peak: u64,
    /// Processes found alive (zombies not counted: they hold no memory).
    pub processes: u32,
    /// The longest time one thread of them has waited on a run queue for a CPU over its
    /// life so far (the run-queue delay of `/proc/PID/task/TID/schedstat`), in ns; 0
    /// when not read.
    pub longest_wait: u64,
}

/// The number on the line `key` (`Threads:`) of a `/proc/PID/status` text.
fn status_value(status: &[u8], key: &[u8]) -> Option<u64> {
    let line = status.split(|&b| b == b'\n').find(|l| l.starts_with(key))?;
    let rest = &line[key.len()..];
    let digits = rest
        .split(|&b| b == b' ' || b == b'\t')
        .find(|w| !w.is_empty())?;
    parse_u64(digits)
}

/// This process's peak resident set (`VmHWM` of `/proc/self/status`), in bytes.
pub(super) fn own_peak_resident() -> Option<u64> {
    status_kib(&std::fs::read("/proc/self/status").ok()?, b"VmHWM:")
}

/// The value in kB of the line `key` (`VmRSS:`) of a `/proc/PID/status` text, in bytes.
fn status_kib(status: &[u8], key: &[u8]) -> Option<u64> {
    status_value(status, key).map(|kib| kib.saturating_mul(1024))
}

/// The CPU ticks of a `/proc/PID/stat` text: `utime + stime + cutime + cstime`
/// (fields 14–17 of proc(5)), and whether the process is a zombie.
fn stat_ticks(stat: &[u8]) -> Option<(u64, bool)> {
    let mut fields = stat_fields(stat)?;
    let zombie = fields.next()? == b"Z";
    // after the state (3): ppid … cmajflt (4–13), then utime stime cutime cstime
    let mut times = fields.skip(10).take(4);
    let mut ticks = 0u64;
    for _ in 0..4 {
        ticks += parse_u64(times.next()?)?;
    }
    Some((ticks, zombie))
}

/// Samples every process under the calling (single-threaded) process: its children,
/// their children, … through each thread's `children` file (a child started from a
/// thread other than the main one is listed by that thread), at most [`SAMPLED_MAX`];
/// with `waits`, each live process's threads are read for their run-queue delay on the
/// way (one more file a thread, beside its `children`: a sample of a process of many
/// threads costs about twice as much; a single-threaded process's without listing its
/// `task` directory).
///
/// # Safety
/// Async-signal-safe: stack buffers only.
pub(super) unsafe fn sample(waits: bool) -> Sample {
    let mut stack = [0 as libc::pid_t; SAMPLED_MAX];
    let mut len = list_children(&mut stack);
    let mut seen = 0;
    let mut s = Sample::default();
    while len > 0 && seen < SAMPLED_MAX {
        len -= 1;
        let pid = stack[len];
        seen += 1;
        let dir = ProcPath::of(pid);
        let mut stat = [0u8; 1024];
        let n = read_file(dir.file(b"stat").c(), &mut stat);
        let Some((ticks, zombie)) = stat_ticks(&stat[..n]) else {
            continue; // gone since it was listed
        };
        s.ticks += ticks;
        if zombie {
            continue;
        }
        s.processes += 1;
        let mut status = [0u8; 4096];
        let n = read_file(dir.file(b"status").c(), &mut status);
        let status = &status[..n];
        s.resident += status_kib(status, b"VmRSS:").unwrap_or(0);
        s.largest_peak = s
            .largest_peak
            .max(status_kib(status, b"VmHWM:").unwrap_or(0));
        let threads = status_value(status, b"Threads:").unwrap_or(1);
        let mut children = [0u8; 4096];
        let mut longest_wait = s.longest_wait;
        for_each_thread(pid, threads, |task| {
            if waits {
                longest_wait = longest_wait.max(schedstat_delay(task));
            }
            let n = read_file(task.file(b"children").c(), &mut children);
            push_pids(&children[..n], &mut stack, &mut len);
        });
        s.longest_wait = longest_wait;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_paths_and_pids() {
        assert_eq!(ProcPath::of(4711).file(b"stat").c(), b"/proc/4711/stat\0");
        assert_eq!(
            ProcPath::task(4711, 4712).file(b"children").c(),
            b"/proc/4711/task/4712/children\0"
        );
        assert_eq!(ProcPath::of(1).file(b"").c(), b"/proc/1\0");
        assert_eq!(parse_pid(b"123"), Some(123));
        assert_eq!(parse_pid(b"self"), None);
        assert_eq!(parse_pid(b""), None);
        assert_eq!(parse_pid(b"0"), None);
        assert_eq!(parse_pid(b"99999999999"), None);
    }

    #[test]
    fn status_and_stat_fields() {
        let status = b"Name:\tpython3\nVmHWM:\t   20480 kB\nVmRSS:\t    1668 kB\nThreads:\t3\n";
        assert_eq!(status_kib(status, b"VmRSS:"), Some(1668 * 1024));
        assert_eq!(status_kib(status, b"VmHWM:"), Some(20480 * 1024));
        assert_eq!(status_value(status, b"Threads:"), Some(3));
        assert_eq!(status_kib(status, b"RssAnon:"), None);
        // a command name with spaces and parentheses; utime 7, stime 5, cutime 3, cstime 2
        let stat = b"42 (a) (b c) R 1 42 42 0 -1 4194304 100 0 0 0 7 5 3 2 20 0 1 0 5 0 0\n";
        assert_eq!(stat_ticks(stat), Some((17, false)));
        let zombie = b"42 (x) Z 1 42 42 0 -1 4194304 100 0 0 0 1 1 0 0 20 0 1 0 5 0 0\n";
        assert_eq!(stat_ticks(zombie), Some((2, true)));
        assert_eq!(stat_ticks(b"42 (x) R 1 2"), None);
        assert_eq!(stat_ticks(b""), None);
    }

    /// A child and its own child (started in the background by a shell that then
    /// `exec`s): both are found, with their memory; a finished child (a zombie) adds its
    /// CPU time and no process.
    #[test]
    fn a_sample_finds_grandchildren() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & exec sleep 30"])
            .spawn()
            .unwrap();
        let mut found = Sample::default();
        for _ in 0..500 {
            // Safety: reads /proc into stack buffers (this test thread's children).
            found = unsafe { sample(false) };
            if found.processes >= 2 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = std::process::Command::new("pkill")
            .args(["-KILL", "-P", &child.id().to_string()])
            .status();
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(found.processes, 2, "{found:?}");
        assert!(found.resident > 0 && found.largest_peak > 0, "{found:?}");
    }

    /// A process that computes, beside as many busy threads as there are cores, waits
    /// for a CPU: its run-queue delay is counted; so is each busy thread's, and the walk
    /// over a process's threads finds every one of them and the longest delay.
    #[test]
    fn the_run_queue_delay_of_a_process_and_of_its_threads_is_read() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::{mpsc, Arc, Barrier};
        assert_eq!(run_delay(i32::MAX), 0);
        assert_eq!(schedstat_delay(&ProcPath::task(i32::MAX, i32::MAX)), 0);
        // this test's own thread (a test runs on a thread of its own, and /proc/TID
        // names a thread as /proc/PID names its process's main one)
        // Safety: gettid(2) has no arguments and cannot fail.
        let me = unsafe { libc::gettid() };
        let before = run_delay(me);
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // the busy threads stay alive (parked at `read`) until their delays are read
        let read = Arc::new(Barrier::new(cores + 2));
        let (tids_tx, tids_rx) = mpsc::channel();
        let busy: Vec<_> = (0..cores + 1)
            .map(|_| {
                let (stop, read, tids) = (stop.clone(), read.clone(), tids_tx.clone());
                std::thread::spawn(move || {
                    // Safety: as above.
                    tids.send(unsafe { libc::gettid() }).unwrap();
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                    read.wait();
                })
            })
            .collect();
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_millis(300) {
            std::hint::spin_loop();
        }
        stop.store(true, Ordering::Relaxed);
        let tids: Vec<libc::pid_t> = tids_rx.iter().take(cores + 1).collect();
        // Safety: getpid(2) cannot fail.
        let pid = unsafe { libc::getpid() };
        let mut seen = Vec::new();
        let mut longest = 0;
        // Safety: reads /proc into stack buffers (the closure only pushes to `seen`,
        // which is fine in a test: this is not the forked supervisor).
        unsafe {
            for_each_thread(pid, 2, |task| {
                longest = longest.max(schedstat_delay(task));
                seen.push(task.c().to_vec());
            });
        }
        let delays: Vec<u64> = tids
            .iter()
            .map(|&tid| schedstat_delay(&ProcPath::task(pid, tid)))
            .collect();
        let mut single = Vec::new();
        // Safety: as above.
        unsafe { for_each_thread(pid, 1, |task| single.push(task.c().to_vec())) };
        read.wait();
        busy.into_iter().for_each(|b| b.join().unwrap());
        // this thread waited while the busy threads ran
        assert!(run_delay(me) > before, "{before} {}", run_delay(me));
        for (&tid, &delay) in tids.iter().zip(&delays) {
            let task = ProcPath::task(pid, tid);
            assert!(seen.contains(&task.c().to_vec()), "thread {tid} not listed");
            assert!(delay <= longest, "thread {tid}: {delay} > {longest}");
        }
        // cores + 1 threads spinning on `cores` cores: someone waited
        assert!(longest > 0 && delays.iter().any(|&d| d > 0), "{delays:?}");
        // a process counted as single-threaded: its main thread only, unlisted
        assert_eq!(single, [ProcPath::task(pid, pid).c().to_vec()]);
    }

    /// Busy children, more than there are cores: a sample reads how long their threads
    /// waited for a CPU.
    #[test]
    fn a_sample_reads_the_run_queue_delay_of_the_run_s_threads() {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let mut busy: Vec<_> = (0..cores + 1)
            .map(|_| {
                std::process::Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect();
        std::thread::sleep(std::time::Duration::from_millis(300));
        // Safety: reads /proc into stack buffers (this test thread's children).
        let found = unsafe { sample(true) };
        // Safety: as above.
        let unread = unsafe { sample(false) };
        for b in &mut busy {
            b.kill().unwrap();
            b.wait().unwrap();
        }
        assert_eq!(found.processes as usize, cores + 1, "{found:?}");
        assert!(found.longest_wait > 0, "{found:?}");
        assert_eq!(unread.longest_wait, 0, "{unread:?}");
    }

    #[test]
    fn scanning_proc_finds_a_child() {
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let mut out = [0; 64];
        // Safety: reads /proc into stack buffers.
        let n = unsafe { scan_children(&mut out) };
        let found = out[..n].contains(&(child.id() as libc::pid_t));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(found);
    }
}
