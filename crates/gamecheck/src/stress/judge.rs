//! Judging one run of a program against our answers: pass, wrong answer, crash,
//! timeout or malformed output.

use super::runner::{End, RunOutput, TimeLimit};
use super::ContestGame;
use std::fmt;

/// The kind of a failure; shrinking keeps a failure of the same kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// Every line is an answer, and one of them is not ours.
    WrongAnswer,
    /// A non-zero exit status or a signal.
    Crash,
    /// A run ended at a resident-memory limit, or a crash under a memory limit that
    /// memory caused: a runtime's allocation-failure message on stderr, or (under an
    /// address-space limit) the same input passes at a larger limit.
    MemoryLimit,
    /// A run past its CPU time limit or its wall-clock limit.
    Timeout,
    /// A line that is not an answer, missing or extra lines, or too much output.
    Malformed,
}

impl Class {
    /// The name printed in reports (`wrong answer`, `crash`, …).
    pub fn name(self) -> &'static str {
        match self {
            Class::WrongAnswer => "wrong answer",
            Class::Crash => "crash",
            Class::MemoryLimit => "memory limit exceeded",
            Class::Timeout => "timeout",
            Class::Malformed => "malformed output",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The verdict on one run: the first problem, in this order of precedence: timeout,
/// memory limit, crash, too much output, then the output's lines in order (a line that
/// is not an answer, a wrong answer, a missing or an extra line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict<A> {
    /// Every case answered as we answer it.
    Pass,
    /// Case `case` (0-based, in input order) was answered `got` instead of `expected`.
    WrongAnswer {
        /// 0-based index of the case in the input.
        case: usize,
        /// Our answer.
        expected: A,
        /// The program's answer.
        got: A,
    },
    /// The program exited with a non-zero status or was killed by a signal, or the
    /// run's supervisor died before it could say how the program ended
    /// ([`End::SupervisorDied`]).
    Crash {
        /// How it ended.
        end: End,
        /// The tail of its stderr.
        stderr_tail: String,
    },
    /// The program passed this time limit (it was killed with every process it started,
    /// or its exact CPU time at its end is over the CPU limit); the run's
    /// [`RunOutput::cpu`] and [`RunOutput::elapsed`] say how far.
    Timeout(TimeLimit),
    /// The run passed a resident-memory limit, or the program failed (non-zero exit or
    /// a signal) under a memory limit and memory was the cause, as `evidence` shows.
    MemoryLimit {
        /// How it ended.
        end: End,
        /// The run's peak resident memory in bytes ([`RunOutput::peak_rss`]).
        peak_rss: u64,
        /// The limit in bytes.
        limit: u64,
        /// The tail of its stderr.
        stderr_tail: String,
        /// What shows that memory ran out.
        evidence: MemoryEvidence,
    },
    /// The output is not one answer line per case.
    Malformed {
        /// 1-based line of the output where the problem is.
        line: usize,
        /// What is wrong, quoting the line.
        problem: String,
    },
    /// No verdict: the run ended at the wall-clock limit after waiting for a CPU a
    /// quarter of its wall time or more ([`super::held_back`]), and so did each of its runs
    /// again alone, with the limit raised by the wait of the run before: the machine was
    /// too busy to judge it. Not a failure ([`Verdict::class`] is `None`, and
    /// [`Verdict::is_inconclusive`] says so); `stress` stops there, exit 3 on the command
    /// line. [`judge()`] never returns it: [`super::trials`] does, after the re-runs.
    Inconclusive {
        /// Runs of the input that ended so (the first and its re-runs); the last one is
        /// the trial's [`RunOutput`], whose `elapsed` is its raised wall-clock limit and
        /// `waited` its wait.
        runs: u64,
    },
}

/// What makes a failure under a memory limit a memory-limit verdict (a crash
/// otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoryEvidence {
    /// Under a resident-memory limit: the run's resident memory passed the limit
    /// (sampled, summed over its processes, or one process's own exact peak).
    Resident {
        /// The run's peak resident memory, in bytes.
        peak: u64,
        /// The processes of the run alive at the sample of its peak.
        processes: u32,
    },
    /// A runtime's own allocation-failure message, this line of stderr.
    Message(String),
    /// Under an address-space limit: the same input passes at this larger limit (bytes).
    PassesAt(u64),
}

impl fmt::Display for MemoryEvidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoryEvidence::Resident { peak, processes } => write!(
                f,
                "its resident memory reached {:.1} MiB{}",
                *peak as f64 / f64::from(1 << 20),
                match processes {
                    0 | 1 => String::new(),
                    n => format!(", summed over its {n} processes"),
                }
            ),
            MemoryEvidence::Message(line) => write!(f, "stderr says {}", quote_failure(line)),
            MemoryEvidence::PassesAt(bytes) => write!(
                f,
                "the same input passes at {:.1} MiB",
                *bytes as f64 / f64::from(1 << 20)
            ),
        }
    }
}

impl<A> Verdict<A> {
    /// The failure's class, or `None` for a pass (and for [`Verdict::Inconclusive`],
    /// which is neither).
    pub fn class(&self) -> Option<Class> {
        match self {
            Verdict::Pass | Verdict::Inconclusive { .. } => None,
            Verdict::WrongAnswer { .. } => Some(Class::WrongAnswer),
            Verdict::Crash { .. } => Some(Class::Crash),
            Verdict::Timeout(_) => Some(Class::Timeout),
            Verdict::MemoryLimit { .. } => Some(Class::MemoryLimit),
            Verdict::Malformed { .. } => Some(Class::Malformed),
        }
    }

    /// Whether the machine was too busy to judge the run ([`Verdict::Inconclusive`]).
    pub fn is_inconclusive(&self) -> bool {
        matches!(self, Verdict::Inconclusive { .. })
    }

    /// Whether the run passed: not a failure, and not inconclusive.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass)
    }
}

/// A judged run: the verdict and, when the program exited cleanly, which cases it
/// answered wrongly and which it answered right (0-based; cases whose line is missing or
/// not an answer are in neither list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement<A> {
    /// The first problem, or a pass.
    pub verdict: Verdict<A>,
    /// Cases answered with a valid answer that is not ours.
    pub wrong: Vec<usize>,
    /// Cases answered exactly as we answer them.
    pub right: Vec<usize>,
    /// Cases whose line is not an answer, when the output has one line per case (see
    /// `per_case`).
    pub not_answers: Vec<usize>,
    /// Whether the program exited cleanly with exactly one output line per case, so that
    /// each line speaks for its own case; a batch of shrinking candidates can then be
    /// judged case by case, for malformed lines too.
    pub per_case: bool,
}

impl<A> Judgement<A> {
    /// A verdict on the run as a whole (a limit, a crash, no verdict): no case answered
    /// right or wrongly, and the output not read case by case.
    pub fn whole_run(verdict: Verdict<A>) -> Self {
        Judgement {
            verdict,
            wrong: Vec::new(),
            right: Vec::new(),
            not_answers: Vec::new(),
            per_case: false,
        }
    }
}

/// The output's lines as a judge sees them: split at each line end (LF, CRLF, or a
/// lone CR, as the contest readers take them), each line without its trailing ASCII
/// spaces and tabs, and without the empty lines at the very end. Nothing else is
/// trimmed: a line ending in a no-break space, a form feed or any other Unicode space
/// is not an answer. Invalid UTF-8 is replaced (U+FFFD) and so never reads as one.
pub fn output_lines(stdout: &[u8]) -> Vec<String> {
    let mut lines: Vec<String> = split_lines(stdout)
        .map(|l| String::from_utf8_lossy(trim_line(l)).into_owned())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The lines of `bytes`, split at LF, CRLF and a lone CR (the last one may be empty,
/// as with `split`).
fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => {
                rest = None;
                Some(text)
            }
            Some(at) => {
                let end = if text[at] == b'\r' && text.get(at + 1) == Some(&b'\n') {
                    at + 2
                } else {
                    at + 1
                };
                rest = Some(&text[end..]);
                Some(&text[..at])
            }
        }
    })
}

/// One output line as a judge sees it: without its trailing ASCII spaces and tabs.
fn trim_line(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// The first `n` lines of `stdout` as [`output_lines`] gives them (but as bytes), and
/// the first line after them when a line that is not blank comes after them (an extra
/// line); without building anything per line of a huge output.
fn first_lines(stdout: &[u8], n: usize) -> (Vec<&[u8]>, Option<&[u8]>) {
    let mut parts = split_lines(stdout).map(trim_line);
    let mut lines: Vec<&[u8]> = parts.by_ref().take(n).collect();
    let mut rest = parts.peekable();
    let extra = rest.peek().copied();
    if rest.any(|l| !l.is_empty()) {
        return (lines, extra);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (lines, None)
}

/// `line` quoted for a report, every byte that is not printable ASCII escaped: control
/// characters (`\0`, `\r`, `\u{b}`), other characters by code point (a Cyrillic `А`
/// is `\u{410}`, a no-break space `\u{a0}`), invalid UTF-8 byte by byte (`\xff`); at
/// most 60 characters of the escaped text.
pub fn quote(line: &str) -> String {
    quote_bytes(line.as_bytes())
}

/// [`quote`] for bytes that need not be UTF-8.
pub fn quote_bytes(line: &[u8]) -> String {
    let escaped = escape_bytes(line, false);
    let count = String::from_utf8_lossy(line).chars().count();
    if escaped.chars().count() <= 60 {
        format!("`{escaped}`")
    } else {
        let head: String = escaped.chars().take(60).collect();
        format!("`{head}…` (a line of {count} characters)")
    }
}

/// `bytes` with everything but printable ASCII (and, when `keep_layout`, newlines and
/// tabs) escaped as in [`quote`].
pub fn escape_bytes(bytes: &[u8], keep_layout: bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' | '\t' if keep_layout => out.push(c),
                '\0' => out.push_str("\\0"),
                ' '..='~' => out.push(c),
                c if c.is_ascii() => out.extend(c.escape_debug()),
                c => out.extend(c.escape_unicode()),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

/// The allocation-failure messages of common runtimes, each with whether it must
/// start its (trimmed) line: Python's `MemoryError`, C++'s `std::bad_alloc`, Rust's
/// "memory allocation of N bytes failed", Go's "runtime: out of memory", Java's
/// `OutOfMemoryError` and "insufficient memory for the Java Runtime".
const ALLOCATION_FAILURES: [(&str, bool); 6] = [
    ("MemoryError", true),
    ("std::bad_alloc", false),
    ("memory allocation of ", true),
    ("runtime: out of memory", false),
    ("java.lang.OutOfMemoryError", false),
    ("insufficient memory for the Java Runtime", false),
];

/// `line`, an allocation-failure message, quoted for a report: whole up to 60
/// characters, else from a little before the runtime's own words (`…instance of
/// 'std::bad_alloc'`), so that they are never cut off.
fn quote_failure(line: &str) -> String {
    let at = ALLOCATION_FAILURES
        .iter()
        .find_map(|&(text, _)| line.find(text))
        .unwrap_or(0);
    let chars_before = line[..at].chars().count();
    if line.chars().count() <= 60 || chars_before <= 20 {
        return quote(line);
    }
    let tail: String = line.chars().skip(chars_before - 20).collect();
    let q = quote(&tail);
    format!("`…{}", &q[1..])
}

/// The first line of `stderr_tail` that is a runtime's allocation-failure message
/// (Python's `MemoryError`, C++'s `std::bad_alloc`, Rust's "memory allocation of N bytes
/// failed", Go's "runtime: out of memory", Java's `OutOfMemoryError` and "insufficient
/// memory for the Java Runtime"), if any.
pub fn allocation_failure(stderr_tail: &str) -> Option<&str> {
    stderr_tail.lines().map(str::trim).find(|line| {
        ALLOCATION_FAILURES.iter().any(|&(text, at_start)| {
            if at_start {
                line.starts_with(text)
                    && (text != "memory allocation of " || line.ends_with(" failed"))
            } else {
                line.contains(text)
            }
        })
    })
}

/// How a known start-up message sits in its line.
#[derive(Clone, Copy)]
enum Place {
    /// The whole (trimmed) line.
    Whole,
    /// The start of the (trimmed) line.
    Start,
    /// Anywhere in the line.
    Within,
}

/// The start-up failures of runtimes [`startup_failure`] knows: (runtime, message, where
/// it is in its line). Each was seen here under `ulimit -v` (the `RLIMIT_AS` of
/// `--memory-limit-kind address-space`; the limits below are approximate), and each is
/// in the runtime's own source:
///
/// - the JVM (HotSpot, OpenJDK 17.0.15 here), on **stdout** (its `tty`): `Error occurred
///   during initialization of VM` (runtime/java.cpp, `vm_notify_during_shutdown`, from
///   `vm_exit_during_initialization`), then the reason on the next line, e.g. `Could not
///   reserve enough space for code cache (245760K)` (code/codeCache.cpp; at about
///   215–390 MiB), `Could not reserve enough space for 251904KB object heap`
///   (memory/universe.cpp; 390–780 MiB) or `Could not allocate compressed class space:
///   1073741824 bytes` (0.8–2.4 GiB); or the fatal-error header `# There is insufficient
///   memory for the Java Runtime Environment to continue.` (utilities/vmError.cpp;
///   between 390 MiB and 2 GiB by the JVM's flags, an `hs_err_pid*.log` left in the
///   working directory); on **stderr**, the `java` launcher's `Error: Could not create
///   the Java Virtual Machine.` (libjli's emessages.h, `JVM_ERROR1`), when creating the
///   VM returns an error (at about 1–2 GiB, after a VM thread could not be started; a bad
///   option makes it print that too, after its own line);
/// - Node.js 20 (V8), on stderr: `# Fatal process OOM in Failed to reserve virtual memory
///   for CodeRange` (V8's `FatalProcessOutOfMemory` when its code range cannot be
///   reserved; at about 145–590 MiB), then it dies of SIGTRAP;
/// - CPython 3.11, on stderr: `Fatal Python error: _PySys_InitCore: can't initialize sys
///   module` (about 10 MiB), `Fatal Python error: init_import_site: Failed to import the
///   site module` (about 15 MiB): `Py_FatalError` names the function that failed, and a
///   function of the interpreter's initialisation has "init" in its name;
/// - glibc's dynamic loader, on stderr, for any dynamically linked program: `error while
///   loading shared libraries: …: failed to map segment from shared object` (Python at
///   about 5 MiB; the JVM's launcher, for `libjvm.so`, at about 20 MiB).
///
/// Below these limits a runtime may die of SIGSEGV with no word at all (the JVM at about
/// 50–205 MiB, Node.js below about 80 MiB); Node.js at about 117 MiB hung without a
/// word.
const STARTUP_FAILURES: [(&str, &str, Place); 7] = [
    (
        "the JVM",
        "Error occurred during initialization of VM",
        Place::Whole,
    ),
    (
        "the JVM",
        "Could not reserve enough space for ",
        Place::Start,
    ),
    (
        "the JVM",
        "There is insufficient memory for the Java Runtime Environment to continue",
        Place::Within,
    ),
    (
        "the JVM",
        "Error: Could not create the Java Virtual Machine.",
        Place::Whole,
    ),
    (
        "Node.js (V8)",
        "Fatal process OOM in Failed to reserve virtual memory for CodeRange",
        Place::Within,
    ),
    ("CPython", "Fatal Python error: ", Place::Start),
    (
        "the dynamic loader",
        "failed to map segment from shared object",
        Place::Within,
    ),
];

/// How much of stdout [`startup_failure`] reads: a runtime that fails to start has
/// printed little before (the start of a report's kept stdout is this long too).
pub const STARTUP_STDOUT: usize = 64 << 10;

/// A runtime's own words for failing to start, as [`startup_failure`] found them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartupFailure {
    /// The runtime (`the JVM`, `Node.js (V8)`, `CPython`, `the dynamic loader`).
    pub runtime: &'static str,
    /// The known message the line holds: the same for two runs that fail the same way,
    /// whatever sizes their lines name.
    pub message: &'static str,
    /// `stdout` or `stderr`.
    pub stream: &'static str,
    /// The line, trimmed.
    pub line: String,
    /// The line that says why, when the message itself does not: the line after the
    /// JVM's `Error occurred during initialization of VM`, the one before its launcher's
    /// `Error: Could not create the Java Virtual Machine.`
    pub reason: Option<String>,
}

/// Whether `line` (trimmed) holds the known start-up `message` at `place`.
fn holds(line: &str, message: &str, place: Place) -> bool {
    match place {
        Place::Whole => line == message,
        Place::Start if message == "Fatal Python error: " => {
            // a fatal error of the interpreter's initialisation: `Py_FatalError` names
            // the function (`_PySys_InitCore: …`, `init_import_site: …`), not a fatal
            // error of a running program (`Fatal Python error: Segmentation fault`)
            line.strip_prefix(message)
                .and_then(|rest| rest.split_once(": "))
                .is_some_and(|(function, _)| {
                    !function.contains(' ') && function.to_ascii_lowercase().contains("init")
                })
        }
        Place::Start => line.starts_with(message),
        Place::Within => line.contains(message),
    }
}

/// The first line of a run's stdout (its first [`STARTUP_STDOUT`] bytes), else of its
/// stderr, that is a runtime's message for failing to start (see `STARTUP_FAILURES` in
/// this file's source for each message, the runtime's source it comes from, and the
/// address-space limits at which it was seen): the JVM's `Error occurred during
/// initialization of VM`, `Could not reserve enough space for …`, `There is insufficient
/// memory for the Java Runtime Environment to continue` and `Error: Could not create the
/// Java Virtual Machine.`; Node.js's `Fatal process OOM in Failed to reserve virtual
/// memory for CodeRange`; CPython's `Fatal Python error: <its initialisation's
/// function>: …`; the dynamic loader's `failed to map segment from shared object`.
///
/// A line that holds these words is only a clue: whoever judges by it must also see the
/// run fail (a program may print them and pass).
pub fn startup_failure(stdout: &[u8], stderr_tail: &str) -> Option<StartupFailure> {
    let stdout = String::from_utf8_lossy(&stdout[..stdout.len().min(STARTUP_STDOUT)]);
    for (stream, text) in [("stdout", stdout.as_ref()), ("stderr", stderr_tail)] {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, &line) in lines.iter().enumerate() {
            let Some(&(runtime, message, _)) = STARTUP_FAILURES
                .iter()
                .find(|&&(_, message, place)| holds(line, message, place))
            else {
                continue;
            };
            let near = match message {
                "Error occurred during initialization of VM" => lines.get(i + 1),
                "Error: Could not create the Java Virtual Machine." => {
                    i.checked_sub(1).and_then(|j| lines.get(j))
                }
                _ => None,
            };
            return Some(StartupFailure {
                runtime,
                message,
                stream,
                line: line.to_string(),
                reason: near.filter(|l| !l.is_empty()).map(|l| l.to_string()),
            });
        }
    }
    None
}

/// Judges `out` against `expected`, our answers to the input's cases in order.
pub fn judge<G: ContestGame + ?Sized>(
    game: &G,
    out: &RunOutput,
    expected: &[G::Answer],
) -> Judgement<G::Answer> {
    let limit = out.memory_limit.map(|m| m.bytes);
    let early = match out.end {
        End::TimedOut(which) => Some(Verdict::Timeout(which)),
        End::MemoryLimit => Some(Verdict::MemoryLimit {
            end: out.end,
            peak_rss: out.peak_rss,
            limit: limit.unwrap_or(0),
            stderr_tail: out.stderr_tail.clone(),
            evidence: MemoryEvidence::Resident {
                peak: out.peak_rss,
                processes: out.processes,
            },
        }),
        End::Exited(0) => None,
        // not the program's own end, and nothing to do with its memory
        End::SupervisorDied(_) => Some(Verdict::Crash {
            end: out.end,
            stderr_tail: out.stderr_tail.clone(),
        }),
        End::Exited(_) | End::Signaled(_) => Some(match limit {
            Some(limit) => match allocation_failure(&out.stderr_tail) {
                Some(line) => Verdict::MemoryLimit {
                    end: out.end,
                    peak_rss: out.peak_rss,
                    limit,
                    stderr_tail: out.stderr_tail.clone(),
                    evidence: MemoryEvidence::Message(line.to_string()),
                },
                None => Verdict::Crash {
                    end: out.end,
                    stderr_tail: out.stderr_tail.clone(),
                },
            },
            None => Verdict::Crash {
                end: out.end,
                stderr_tail: out.stderr_tail.clone(),
            },
        }),
        End::OutputCapped => Some(Verdict::Malformed {
            line: out.stdout.iter().filter(|&&b| b == b'\n').count() + 1,
            problem: out.end.to_string(),
        }),
    };
    if let Some(verdict) = early {
        return Judgement::whole_run(verdict);
    }
    let (lines, extra) = first_lines(&out.stdout, expected.len());
    let mut verdict = None;
    let mut wrong = Vec::new();
    let mut right = Vec::new();
    let mut not_answers = Vec::new();
    let per_case = lines.len() == expected.len() && extra.is_none();
    for (i, &line) in lines.iter().enumerate() {
        let answer = std::str::from_utf8(line)
            .ok()
            .and_then(|text| game.parse_answer(text, i));
        if answer.is_none() {
            not_answers.push(i);
        }
        let problem = match answer {
            None => Some(Verdict::Malformed {
                line: i + 1,
                problem: format!(
                    "line {} is not an answer: {} (expected {})",
                    i + 1,
                    quote_bytes(line),
                    game.answer_form(i)
                ),
            }),
            Some(got) if got == expected[i] => {
                right.push(i);
                None
            }
            Some(got) => {
                wrong.push(i);
                Some(Verdict::WrongAnswer {
                    case: i,
                    expected: expected[i].clone(),
                    got,
                })
            }
        };
        if verdict.is_none() {
            verdict = problem;
        }
    }
    if let (None, Some(line)) = (&verdict, extra) {
        let i = expected.len();
        verdict = Some(Verdict::Malformed {
            line: i + 1,
            problem: format!(
                "extra output: line {} is {} but the input has {} case{}",
                i + 1,
                quote_bytes(line),
                expected.len(),
                if expected.len() == 1 { "" } else { "s" }
            ),
        });
    }
    if verdict.is_none() && lines.len() < expected.len() {
        verdict = Some(Verdict::Malformed {
            line: lines.len() + 1,
            problem: if lines.is_empty() {
                format!(
                    "no output: expected {} line{}, one answer per case",
                    expected.len(),
                    if expected.len() == 1 { "" } else { "s" }
                )
            } else {
                format!(
                    "missing output: {} line{} for {} cases",
                    lines.len(),
                    if lines.len() == 1 { "" } else { "s" },
                    expected.len()
                )
            },
        });
    }
    Judgement {
        verdict: verdict.unwrap_or(Verdict::Pass),
        wrong,
        right,
        not_answers: if per_case { not_answers } else { Vec::new() },
        per_case,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Winner;
    use crate::stress::{MemoryKind, MemoryLimit};

    /// A long allocation-failure line is quoted from a little before the runtime's own
    /// words, which are never cut off; a short one whole.
    #[test]
    fn allocation_failures_are_quoted_with_the_runtimes_words() {
        let cpp = "terminate called after throwing an instance of 'std::bad_alloc'";
        let shown = MemoryEvidence::Message(cpp.into()).to_string();
        assert!(shown.contains("std::bad_alloc'`"), "{shown}");
        assert!(shown.starts_with("stderr says `…"), "{shown}");
        let java = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space";
        let shown = MemoryEvidence::Message(java.into()).to_string();
        assert!(
            shown.ends_with("java.lang.OutOfMemoryError: Java heap space`"),
            "{shown}"
        );
        assert_eq!(
            MemoryEvidence::Message("MemoryError".into()).to_string(),
            "stderr says `MemoryError`"
        );
    }

    #[test]
    fn lines_end_at_lf_crlf_and_a_lone_cr_and_lose_only_ascii_spaces_and_tabs() {
        assert_eq!(output_lines(b"a \t\r\nb\rc\n\n\r\n"), vec!["a", "b", "c"]);
        assert_eq!(output_lines(b"a\r\r\nb"), vec!["a", "", "b"]);
        assert_eq!(output_lines("a\u{a0}\n".as_bytes()), vec!["a\u{a0}"]);
        assert_eq!(output_lines(b"a\x0b\x0c"), vec!["a\x0b\x0c"]);
        assert_eq!(output_lines(b""), Vec::<String>::new());
        let (lines, extra) = first_lines(b"a\nb \n \n\t\n", 1);
        assert_eq!((lines, extra), (vec![&b"a"[..]], Some(&b"b"[..])));
        let (lines, extra) = first_lines(b"a\r\n \r\n\r", 1);
        assert_eq!((lines, extra), (vec![&b"a"[..]], None));
    }

    #[test]
    fn memory_evidence_says_what_shows_it() {
        let message = MemoryEvidence::Message("MemoryError\u{410}".into());
        assert_eq!(message.to_string(), "stderr says `MemoryError\\u{410}`");
        let passes = MemoryEvidence::PassesAt(400 << 20);
        assert_eq!(passes.to_string(), "the same input passes at 400.0 MiB");
    }

    #[test]
    fn quotes_escape_everything_but_printable_ascii() {
        assert_eq!(quote("\u{410}lice"), "`\\u{410}lice`");
        assert_eq!(quote_bytes(b"Bob\xff\0\r"), "`Bob\\xff\\0\\r`");
        assert_eq!(escape_bytes(b"a\tb\nc\x7f", true), "a\tb\nc\\u{7f}");
        assert_eq!(escape_bytes(b"a\tb", false), "a\\tb");
        let long = "x".repeat(70);
        assert_eq!(
            quote(&long),
            format!("`{}…` (a line of 70 characters)", "x".repeat(60))
        );
    }

    #[test]
    fn allocation_failures_are_recognised() {
        let found = |tail: &str| allocation_failure(tail).map(str::to_string);
        assert_eq!(
            found("Traceback…\nMemoryError\n").as_deref(),
            Some("MemoryError")
        );
        assert!(found("terminate called after throwing an instance of 'std::bad_alloc'").is_some());
        assert!(found("fatal error: runtime: out of memory").is_some());
        assert!(found("memory allocation of 1073741824 bytes failed\n").is_some());
        assert!(
            found("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space")
                .is_some()
        );
        assert!(found(
            "# There is insufficient memory for the Java Runtime Environment to continue."
        )
        .is_some());
        // not a runtime's message
        assert!(found("index out of range").is_none());
        assert!(found("AssertionError: out of memory budget").is_none());
        assert!(found("memory allocation of the table is wrong").is_none());
        assert!(found("").is_none());
    }

    /// The runtimes' start-up failures as they were printed here (the JVM's on stdout,
    /// its launcher's, Node's, CPython's and the loader's on stderr) are recognised,
    /// with the line that says why; the same words inside a sentence, a fatal error of
    /// a running Python, or an unrelated loader error are not.
    #[test]
    fn runtime_start_up_failures_are_recognised() {
        let jvm = "Error occurred during initialization of VM\n\
                   Could not reserve enough space for code cache (245760K)\n";
        let found = startup_failure(jvm.as_bytes(), "").unwrap();
        assert_eq!(
            found,
            StartupFailure {
                runtime: "the JVM",
                message: "Error occurred during initialization of VM",
                stream: "stdout",
                line: "Error occurred during initialization of VM".into(),
                reason: Some("Could not reserve enough space for code cache (245760K)".into()),
            }
        );
        // the same message whatever the size it names
        let other = "[0.005s][warning][gc] Failed to reserve memory for new overflow mark stack\n\
                     Error occurred during initialization of VM\n\
                     Could not allocate compressed class space: 1073741824 bytes\n";
        let found = startup_failure(other.as_bytes(), "").unwrap();
        assert_eq!(found.message, "Error occurred during initialization of VM");
        assert_eq!(
            found.reason.as_deref(),
            Some("Could not allocate compressed class space: 1073741824 bytes")
        );
        let message = |stdout: &str, stderr: &str| {
            startup_failure(stdout.as_bytes(), stderr).map(|f| (f.runtime, f.message, f.stream))
        };
        assert_eq!(
            message(
                "Could not reserve enough space for 65536KB object heap\n",
                ""
            ),
            Some(("the JVM", "Could not reserve enough space for ", "stdout"))
        );
        assert_eq!(
            message(
                "#\n# There is insufficient memory for the Java Runtime Environment to continue.\n",
                ""
            )
            .map(|m| m.1),
            Some("There is insufficient memory for the Java Runtime Environment to continue")
        );
        let launcher = "Unrecognized VM option 'Foo'\n\
                        Error: Could not create the Java Virtual Machine.\n\
                        Error: A fatal exception has occurred. Program will exit.\n";
        let found = startup_failure(b"", launcher).unwrap();
        assert_eq!(
            (found.stream, found.reason.as_deref()),
            ("stderr", Some("Unrecognized VM option 'Foo'"))
        );
        // stdout first: the JVM's reason rather than its launcher's summary
        assert_eq!(
            message(jvm, launcher).map(|m| m.1),
            Some("Error occurred during initialization of VM")
        );
        assert_eq!(
            message(
                "",
                "\n#\n# Fatal process OOM in Failed to reserve virtual memory for CodeRange\n#\n"
            )
            .map(|m| m.0),
            Some("Node.js (V8)")
        );
        for python in [
            "Fatal Python error: _PySys_InitCore: can't initialize sys module\n\
             Python runtime state: preinitialized\nMemoryError\n",
            "Error processing line 1 of …/distutils-precedence.pth:\n\n\
             Fatal Python error: init_import_site: Failed to import the site module\n",
        ] {
            assert_eq!(
                message("", python).map(|m| m.0),
                Some("CPython"),
                "{python}"
            );
        }
        assert_eq!(
            message(
                "",
                "/usr/bin/python3: error while loading shared libraries: libc.so.6: \
                 failed to map segment from shared object\n"
            )
            .map(|m| m.0),
            Some("the dynamic loader")
        );
        // not a start-up failure
        for stderr in [
            "Fatal Python error: Segmentation fault\n",
            "Fatal Python error: Cannot recover from stack overflow.\n",
            "./sol: error while loading shared libraries: libfoo.so: cannot open shared object file\n",
            "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n",
            "MemoryError\n",
        ] {
            assert_eq!(message("", stderr), None, "{stderr}");
        }
        for stdout in [
            "Alice\nthe words Error occurred during initialization of VM, quoted\n",
            "Bob\n",
            "",
        ] {
            assert_eq!(message(stdout, ""), None, "{stdout}");
        }
        // only the start of a long stdout is read
        let late = format!(
            "{}\nError occurred during initialization of VM\n",
            "x".repeat(STARTUP_STDOUT)
        );
        assert_eq!(message(&late, ""), None);
    }

    /// A contest whose answers are `Alice` or `Bob`, one line per case (the judge reads
    /// only the answers; the rest is never called).
    struct Winners;

    impl crate::stress::ContestGame for Winners {
        type Case = u32;
        type Answer = Winner;
        fn name(&self) -> &'static str {
            "winners"
        }
        fn rules(&self) -> String {
            String::new()
        }
        fn flags(&self) -> String {
            String::new()
        }
        fn max_batch(&self) -> usize {
            3
        }
        fn generate(&self, _rng: &mut crate::rng::Rng, _size: crate::stress::Size) -> u32 {
            0
        }
        fn write_input(&self, cases: &[u32]) -> String {
            format!("{}\n", cases.len())
        }
        fn answers(&mut self, cases: &[u32]) -> Result<Vec<Winner>, String> {
            Ok(cases.iter().map(|_| Winner::Alice).collect())
        }
        fn write_answers(&self, answers: &[Winner]) -> String {
            answers.iter().map(|a| format!("{a}\n")).collect()
        }
        fn parse_answer(&self, line: &str, _index: usize) -> Option<Winner> {
            Winner::alice_or_bob(line)
        }
        fn answer_form(&self, _index: usize) -> String {
            "`Alice` or `Bob`".into()
        }
        fn shrink_candidates(&self, _case: &u32) -> Vec<u32> {
            Vec::new()
        }
        fn describe_case(&self, _case: &u32) -> String {
            String::new()
        }
        fn read_input(&self, _text: &str) -> Result<Vec<u32>, crate::error::ParseError> {
            Ok(Vec::new())
        }
    }

    fn winners() -> Winners {
        Winners
    }

    const WANT: [Winner; 3] = [Winner::Alice, Winner::Bob, Winner::Alice];

    fn ran(end: End, stdout: &str) -> RunOutput {
        RunOutput {
            end,
            stdout: stdout.as_bytes().to_vec(),
            ..RunOutput::default()
        }
    }

    fn malformed(out: &RunOutput) -> (usize, String) {
        match judge(&winners(), out, &WANT).verdict {
            Verdict::Malformed { line, problem } => (line, problem),
            v => panic!("not malformed: {v:?}"),
        }
    }

    /// Each kind of bad output is reported at the line where it is: the line being
    /// written when the output was capped, the first extra line, the first missing
    /// line; a wrong answer at its case, with the cases right and wrong listed.
    #[test]
    fn bad_output_is_reported_at_its_line() {
        let (line, problem) = malformed(&ran(End::OutputCapped, "Alice\nBob\nAli"));
        assert_eq!(line, 3, "{problem}");
        let (line, _) = malformed(&ran(End::OutputCapped, ""));
        assert_eq!(line, 1);
        let (line, problem) = malformed(&ran(End::Exited(0), "Alice\nBob\nAlice\nBob\n"));
        assert_eq!(line, 4);
        assert_eq!(
            problem,
            "extra output: line 4 is `Bob` but the input has 3 cases"
        );
        let (line, problem) = malformed(&ran(End::Exited(0), "Alice\n"));
        assert_eq!(
            (line, problem.as_str()),
            (2, "missing output: 1 line for 3 cases")
        );
        let (line, problem) = malformed(&ran(End::Exited(0), "Alice\nBob\n"));
        assert_eq!(
            (line, problem.as_str()),
            (3, "missing output: 2 lines for 3 cases")
        );
        let (line, problem) = malformed(&ran(End::Exited(0), ""));
        assert_eq!(
            (line, problem.as_str()),
            (1, "no output: expected 3 lines, one answer per case")
        );
        let j = judge(
            &winners(),
            &ran(End::Exited(0), "Alice\nAlice\nAlice\n"),
            &WANT,
        );
        assert_eq!(
            j.verdict,
            Verdict::WrongAnswer {
                case: 1,
                expected: Winner::Bob,
                got: Winner::Alice
            }
        );
        assert_eq!((j.wrong, j.right), (vec![1], vec![0, 2]));
        let j = judge(
            &winners(),
            &ran(End::Exited(0), "Alice\nBob\nAlice\n"),
            &WANT,
        );
        assert_eq!(j.verdict, Verdict::Pass);
    }

    /// A failed run under a memory limit is a memory-limit verdict (as judged from the
    /// run alone) only with a runtime's allocation-failure message: a peak near the
    /// limit proves nothing; without a limit every failure is a crash.
    #[test]
    fn a_crash_under_a_memory_limit_is_a_crash_unless_memory_ran_out() {
        let mib = 1 << 20;
        let crash = RunOutput {
            end: End::Exited(3),
            stderr_tail: "index out of range".into(),
            peak_rss: 10 * mib,
            memory_limit: Some(MemoryLimit {
                bytes: 256 * mib,
                kind: MemoryKind::AddressSpace,
            }),
            ..RunOutput::default()
        };
        let class = |out: &RunOutput| judge(&winners(), out, &WANT).verdict.class();
        assert_eq!(class(&crash), Some(Class::Crash));
        let oom = RunOutput {
            stderr_tail: "Traceback:\n  …\nMemoryError\n".into(),
            ..crash.clone()
        };
        assert_eq!(class(&oom), Some(Class::MemoryLimit));
        match judge(&winners(), &oom, &WANT).verdict {
            Verdict::MemoryLimit { evidence, .. } => {
                assert_eq!(evidence, MemoryEvidence::Message("MemoryError".into()));
            }
            v => panic!("{v:?}"),
        }
        let near = RunOutput {
            peak_rss: 250 * mib,
            ..crash.clone()
        };
        assert_eq!(class(&near), Some(Class::Crash));
        let unlimited = RunOutput {
            memory_limit: None,
            ..oom.clone()
        };
        assert_eq!(class(&unlimited), Some(Class::Crash));
    }

    /// A run the supervisor ended at a resident-memory limit is a memory-limit verdict
    /// with the sampled peak as its evidence; a run ended at a time limit is a timeout
    /// by that limit, whatever its output.
    #[test]
    fn runs_ended_at_a_limit_are_judged_by_that_limit() {
        let mib = 1 << 20;
        let resident = RunOutput {
            end: End::MemoryLimit,
            stdout: b"Alice\nBob\nAlice\n".to_vec(),
            peak_rss: 300 * mib,
            processes: 3,
            memory_limit: Some(MemoryLimit {
                bytes: 256 * mib,
                kind: MemoryKind::Resident,
            }),
            ..RunOutput::default()
        };
        match judge(&winners(), &resident, &WANT).verdict {
            Verdict::MemoryLimit {
                evidence,
                limit,
                peak_rss,
                ..
            } => {
                assert_eq!((limit, peak_rss), (256 * mib, 300 * mib));
                assert_eq!(
                    evidence,
                    MemoryEvidence::Resident {
                        peak: 300 * mib,
                        processes: 3
                    }
                );
                assert_eq!(
                    evidence.to_string(),
                    "its resident memory reached 300.0 MiB, summed over its 3 processes"
                );
            }
            v => panic!("{v:?}"),
        }
        let one = MemoryEvidence::Resident {
            peak: 300 * mib,
            processes: 1,
        };
        assert_eq!(one.to_string(), "its resident memory reached 300.0 MiB");
        for which in [TimeLimit::Cpu, TimeLimit::Wall] {
            let out = RunOutput {
                end: End::TimedOut(which),
                ..resident.clone()
            };
            assert_eq!(
                judge(&winners(), &out, &WANT).verdict,
                Verdict::Timeout(which)
            );
        }
    }
}
