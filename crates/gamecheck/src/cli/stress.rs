//! `gamecheck stress <game> [flags] -- PROGRAM [ARGS…]`: runs PROGRAM on generated
//! inputs, compares its answers with ours, and shrinks the first failure.
//! Exit 0 when every round passed, 1 on a failure, 2 on a usage error or when PROGRAM
//! cannot be started.

use super::ability::{augment_with, parsed, Ability};
use super::Failure;
use crate::contest::Contest;
use crate::harness::{Progress, ProgressMode};
use crate::stress::{
    self, Class, ContestGame, MemoryKind, MemoryLimit, Program, Round, StressError, StressEvents,
    StressFailure, StressOptions, StressSummary, TimeLimit, Trial, Verdict,
};
use clap::FromArgMatches as _;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The flags every game's `stress` takes.
#[derive(Debug, Clone, clap::Args)]
pub struct StressCommon {
    /// Rounds (inputs) to try, 1..=1,000,000; they grow from one small case to --cases
    /// full-size cases.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub rounds: u64,
    /// Cases in the largest inputs, capped at the most one generated input of the game
    /// holds (at most the contest's T limit); a capped value is said on stderr.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub cases: u64,
    /// Seed of the run, at most 2^53 − 1 (default: a fresh one); printed on stderr at
    /// the start, and in the report; the same seed repeats the run.
    #[arg(long, value_parser = super::parse_seed)]
    pub seed: Option<u64>,
    /// CPU time limit of one run of PROGRAM, in seconds: user + system time summed over
    /// every process it starts (every thread of it too: a JVM's garbage collector and
    /// compiler count), as contest judges measure it; past it PROGRAM is killed with
    /// every process it started, and reported as a timeout. The processes are sampled
    /// every 10 ms (every 1 ms in a run's first 50 ms), so the limit holds within about
    /// 10 ms per busy core, and the exact figure at the end decides too. A timeout is not
    /// shrunk: the cases of its input are run one at a time under the same limits instead
    /// (the first 20 at most, up to the first that times out on its own), and the report
    /// gives each one's time.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    pub timeout: f64,
    /// Wall-clock time limit of one run of PROGRAM, in seconds, for a program that
    /// sleeps or waits rather than computes (a timeout "by wall-clock time"); default
    /// three times --timeout plus 1 s, at most --timeout plus 60 s (so a machine too busy to
    /// give a correct program a third of a core does not fail it). The run's supervisor (the process
    /// PROGRAM is started from) has 5 s past this limit to report; then it is
    /// killed too, PROGRAM's group first.
    #[arg(long, value_name = "SECS")]
    pub wall_timeout: Option<f64>,
    /// Runs of PROGRAM side by side (rounds, and the candidate batches of shrinking),
    /// 1..=256. The result (failing round, verdict, shrunk case) is the same for every
    /// N; times and run counts differ, and on a busy machine a run close to the time
    /// limit may time out with one N and not another.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
    /// Memory limit of each run of PROGRAM, in MiB (1 MiB = 2^20 bytes), 1..=1048576. By
    /// default (--memory-limit-kind resident) on the resident memory of every process
    /// PROGRAM starts, summed (a page shared by several processes counts once for each),
    /// and each process's own peak: sampled every 10 ms (every 1 ms in a run's first
    /// 50 ms), the run is ended when it passes the limit, and reported as "memory limit
    /// exceeded" with the peak it reached. What a runtime reserves but does not touch
    /// (the JVM's heap, Go's arenas) does not count. A program ended so before it read
    /// any of its input (an interpreter that cannot start in so little) is a usage error
    /// (exit 2): "cannot start under this limit", with its stderr.
    #[arg(long, value_name = "MiB", value_parser = parse_mib)]
    pub memory_limit: Option<u64>,
    /// What --memory-limit limits: `resident` (the default: see --memory-limit) or
    /// `address-space` (RLIMIT_AS of each process, set before it starts: an allocation
    /// past it fails inside PROGRAM). Under `address-space` a failed run is "memory limit
    /// exceeded" only when its stderr holds a runtime's allocation-failure message
    /// (MemoryError, std::bad_alloc, "memory allocation of … failed", "runtime: out of
    /// memory", OutOfMemoryError) or the same input passes when run once more at 4× the
    /// limit (at most the memory available); otherwise it is a crash; a program that
    /// fails before reading any input and reads it at 4× cannot start under the limit
    /// (exit 2). Runtimes such as the JVM, Go and .NET reserve far more address space
    /// than they use: give them a generous limit, or use `resident`.
    #[arg(long, value_enum, default_value_t = MemoryKindArg::Resident, value_name = "KIND", requires = "memory_limit")]
    pub memory_limit_kind: MemoryKindArg,
    /// Write the minimal failing input, the expected and the actual output, the report
    /// and the rules (rules.json) into DIR (created if needed), ready for a regression
    /// test and for --replay.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Run PROGRAM once on the failure saved in DIR by --save, under the rules saved
    /// there (rule flags, --seed, --rounds and --cases are not allowed with it), our
    /// answers recomputed; no shrinking. The report says whether PROGRAM is the one the
    /// failure was saved from ("now passes") or another. Exit 0 when it passes, 1 when it still
    /// fails (or DIR's expected.txt disagrees with our answers), 2 when DIR lacks a file.
    /// With several folders (a regression suite of past failures): one line per folder,
    /// and the worst of their exit statuses.
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with_all = ["rounds", "cases", "seed", "save"])]
    pub replay: Vec<PathBuf>,
    /// Set for each folder of a `--replay` of several: one line instead of a report.
    #[arg(skip)]
    pub one_line: bool,
    /// Set by `--replay`: the command line the failure was saved from (rules.json), if
    /// it was recorded.
    #[arg(skip)]
    pub saved_program: Option<Vec<String>>,
    /// Print the result as one JSON document on stdout instead of the report (messages
    /// stay on stderr): `ok`, `verdict`, the seed and rounds, the usage peaks, and for
    /// a failure the round, the failing case and the shrunk input with our output and
    /// the program's (for a timeout, `case_times`: its cases run alone). The program's output is `actual` (a string, invalid UTF-8 replaced
    /// by U+FFFD) and, when it is not valid UTF-8, also `actual_base64` (its exact bytes).
    #[arg(long, conflicts_with = "replay")]
    pub json: bool,
    /// Progress on stderr: `bar` (redrawn in place, on a terminal only), `plain` (a line
    /// per finished round: for a log), `none`. Default: `bar` when stderr is a terminal,
    /// `plain` when it is not.
    #[arg(long, value_enum, value_name = "HOW")]
    pub progress: Option<super::ProgressArg>,
    /// The program under test and its arguments, after `--`. It reads the input on
    /// stdin and prints one answer per line; accepted beside the answers, and nothing
    /// else: trailing ASCII spaces and tabs, CRLF or lone CR line ends, empty lines at
    /// the end; more than 16 MiB on stdout is malformed output. On Ctrl-C (or SIGTERM,
    /// SIGHUP) every run of it is ended with every process it started, the seed and the
    /// rounds passed are said on stderr, and the command then ends by that signal.
    #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
    pub program: Vec<String>,
}

/// Parses `--memory-limit`: a whole number of MiB in 1..=1048576, without a unit.
fn parse_mib(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(mib) if (1..=1_048_576).contains(&mib) => Ok(mib),
        _ => Err(format!(
            "`{text}` is not a whole number of MiB in 1..=1048576 (without a unit: \
             `--memory-limit 256` for 256 MiB)"
        )),
    }
}

/// The values of `--memory-limit-kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoryKindArg {
    /// The resident memory of every process of a run, summed, sampled.
    Resident,
    /// The address space of each process (RLIMIT_AS).
    AddressSpace,
}

impl From<MemoryKindArg> for MemoryKind {
    fn from(k: MemoryKindArg) -> MemoryKind {
        match k {
            MemoryKindArg::Resident => MemoryKind::Resident,
            MemoryKindArg::AddressSpace => MemoryKind::AddressSpace,
        }
    }
}

/// The arguments of `stress` for game `G`: `gamecheck stress GAME [rule flags] [size
/// flags] [flags] -- PROGRAM [ARGS…]`.
#[derive(Debug, clap::Args)]
pub struct StressArgs<G: Contest> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
    #[command(flatten)]
    pub size: G::SizeArgs,
    #[command(flatten)]
    pub common: StressCommon,
}

/// `stress`'s subcommands.
#[derive(Debug, Clone)]
pub struct Stress;

impl super::ability::Kind for Stress {
    const NAME: &'static str = "stress";
}

fn augment<G: Contest>(cmd: clap::Command) -> clap::Command {
    augment_with::<StressArgs<G>>(cmd).mut_arg("cases", |a| {
        let help = a.get_help().map(ToString::to_string).unwrap_or_default();
        a.help(format!("{help}; for {}: at most {}", G::NAME, G::MAX_BATCH))
    })
}

fn run_stress<G: Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    stress::<G>(&parsed(m)?)
}

/// `stress` for game `G`.
pub fn ability<G: Contest>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: run_stress::<G>,
        about: None,
    }
}

/// Runs `gamecheck stress GAME`; with `--replay DIR`, first loads the rules saved there.
pub fn stress<G: Contest>(args: &StressArgs<G>) -> Result<ExitCode, Failure> {
    match args.common.replay.as_slice() {
        [] => {}
        [dir] => return load_replay_rules::<G>(dir, &args.common, false),
        dirs => {
            // the worst status: 2 (a folder cannot be replayed), 1 (one still fails), 0
            let mut worst = 0;
            for dir in dirs {
                let code = match load_replay_rules::<G>(dir, &args.common, true) {
                    Ok(code) if code == ExitCode::SUCCESS => 0,
                    Ok(_) => 1,
                    Err(Failure::Usage(msg)) => {
                        println!("error: {}: {msg}", dir.display());
                        2
                    }
                    Err(Failure::Internal(msg)) => {
                        println!("FAILED: {}: {msg}", dir.display());
                        1
                    }
                };
                worst = worst.max(code);
            }
            return Ok(ExitCode::from(worst));
        }
    }
    run(
        super::gen::contest::<G>(&args.rules, &args.size)?,
        &args.common,
    )
}

/// The saved rules of a `--save` directory (rules.json).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct SavedRules {
    /// The game (`marble`).
    game: String,
    /// The rule and size flags, as `gamecheck gen`/`stress` take them.
    flags: String,
    /// The rules in words, for a reader.
    rules: String,
    /// The command line of the program that failed (absent in folders saved before it
    /// was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    program: Option<Vec<String>>,
    /// The limits it failed under (absent in folders saved before they were recorded):
    /// `--replay` runs under them unless its own flags say otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limits: Option<SavedLimits>,
}

/// The limits of a saved failure, as the flags spell them.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct SavedLimits {
    /// `--timeout` (CPU seconds).
    timeout: f64,
    /// `--wall-timeout` (seconds).
    wall_timeout: f64,
    /// `--memory-limit` (MiB), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memory_limit: Option<u64>,
    /// `--memory-limit-kind` (`resident` or `address-space`), with a memory limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memory_limit_kind: Option<String>,
}

impl SavedLimits {
    fn of(program: &Program) -> SavedLimits {
        let l = &program.limits;
        SavedLimits {
            timeout: l.cpu.as_secs_f64(),
            wall_timeout: l.wall.as_secs_f64(),
            memory_limit: l.memory.map(|m| m.bytes >> 20),
            memory_limit_kind: l.memory.map(|m| m.kind.name().to_string()),
        }
    }
}

const RULES_FILE: &str = "rules.json";

fn run<G: ContestGame>(mut game: G, common: &StressCommon) -> Result<ExitCode, Failure> {
    for (flag, secs) in [
        ("--timeout", Some(common.timeout)),
        ("--wall-timeout", common.wall_timeout),
    ] {
        if let Some(secs) = secs.filter(|&s| !(s > 0.0 && s <= 1e6)) {
            return Err(Failure::Usage(format!(
                "{flag} {secs:?}: expected a number of seconds above 0 and at most 1e6"
            )));
        }
    }
    if let Some(wall) = common.wall_timeout.filter(|&w| w < common.timeout) {
        return Err(Failure::Usage(format!(
            "--wall-timeout {wall} is below --timeout {}: a run would stop at the wall-clock \
             limit before its CPU time could reach its limit (the wall-clock limit is the \
             looser bound, for a program that sleeps or waits)",
            common.timeout
        )));
    }
    // before any run: a program that cannot start is the command line's mistake
    stress::preflight::check_program(&common.program)
        .map_err(|e| Failure::Usage(format!("cannot start `{}`: {e}", common.program.join(" "))))?;
    if let Some(dir) = common.replay.first() {
        return replay(game, dir, common);
    }
    // fail before the run, not after it: the directory must exist or be creatable, and
    // hold no saved failure (a regression suite's folder is never overwritten); one made
    // here is removed again when nothing fails
    let made = match &common.save {
        None => false,
        Some(dir) => {
            if dir.join("input.txt").exists() || dir.join(RULES_FILE).exists() {
                return Err(Failure::Usage(format!(
                    "--save: {} already holds a saved failure; choose another folder, or \
                     remove it first",
                    dir.display()
                )));
            }
            let existed = dir.exists();
            std::fs::create_dir_all(dir).map_err(|e| {
                Failure::Usage(format!("--save: cannot create {}: {e}", dir.display()))
            })?;
            !existed
        }
    };
    let seed = common.seed.unwrap_or_else(crate::rng::fresh_seed);
    eprintln!("{} stress: seed {seed}", super::name());
    let cases = (common.cases as usize).min(game.max_batch());
    if cases < common.cases as usize {
        let prog = super::name();
        eprintln!(
            "{prog} stress: --cases {} capped at {cases}, the most cases of one {} input",
            common.cases,
            game.name()
        );
    }
    keep_big_buffers_out_of_the_heap();
    let opts = StressOptions {
        rounds: common.rounds,
        cases,
        seed,
        shrink_time: stress::DEFAULT_SHRINK_TIME,
        jobs: common.jobs as usize,
    };
    let mut program = program(common);
    let label = format!("stress {}: rounds", game.name());
    let so_far = Arc::new(Mutex::new(SoFar::default()));
    end_runs_on_signals(Some((seed, opts.rounds)), so_far.clone());
    let mode = super::ProgressArg::mode(common.progress, false);
    let bar_mode = match mode {
        ProgressMode::Bar => ProgressMode::Bar,
        _ => ProgressMode::None, // plain: a line a round, from `Events`
    };
    let mut events = Events {
        bar: Progress::new(bar_mode, opts.rounds, &label),
        plain: mode == ProgressMode::Plain,
        rounds: opts.rounds,
        so_far,
    };
    let result = stress::stress_with(&mut game, &mut program, &opts, &mut events);
    events.bar.finish();
    let summary = result.map_err(|e| stress_error(e, &program))?;
    if let (true, Some(dir), None) = (made, &common.save, &summary.failure) {
        let _ = std::fs::remove_dir(dir);
    }
    let mut text = String::new();
    let failed = write_report(&game, &program, &opts, &summary, &mut text);
    if common.json {
        if let (Some(dir), Some(f)) = (&common.save, &summary.failure) {
            save(dir, f, &game, &program, &text)?;
        }
        let doc = json::report(&game, &program, &opts, &summary, common.save.as_deref());
        print_report(&(doc.to_string() + "\n"))?;
        return Ok(if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    print_report(&text)?;
    if let (Some(dir), Some(f)) = (&common.save, &summary.failure) {
        save(dir, f, &game, &program, &text)?;
        println!(
            "saved: {}",
            dir.join("{input,expected,actual,report}.txt, rules.json")
                .display()
        );
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Program outputs (up to 16 MiB each, read on short-lived threads) are freed back to
/// the system at once: glibc would otherwise raise its mmap threshold after the first
/// free and keep later buffers in per-thread arenas that it does not trim.
fn keep_big_buffers_out_of_the_heap() {
    #[cfg(all(feature = "supervisor", target_os = "linux", target_env = "gnu"))]
    // Safety: mallopt(3) only changes allocator tuning; a fixed threshold also turns
    // off its dynamic adjustment.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 10);
    }
}

fn program(common: &StressCommon) -> Program {
    Program::new(
        common.program.clone(),
        Duration::from_secs_f64(common.timeout),
    )
    .with_wall_limit(common.wall_timeout.map(Duration::from_secs_f64))
    .with_memory_limit(common.memory_limit.map(|mib| MemoryLimit {
        bytes: mib << 20,
        kind: common.memory_limit_kind.into(),
    }))
}

/// How far a run got, for the message on a terminating signal.
#[derive(Debug, Default)]
struct SoFar {
    rounds_passed: u64,
    /// The failing round, its class, and whether it is being shrunk.
    failed: Option<(u64, Class, bool)>,
}

/// On SIGINT, SIGTERM or SIGHUP: every run of the program is ended, then what was done
/// so far is said on stderr (with the seed that repeats it), and gamecheck ends by the
/// signal. `seed_rounds` is `None` for `--replay`.
fn end_runs_on_signals(seed_rounds: Option<(u64, u64)>, so_far: Arc<Mutex<SoFar>>) {
    let set = stress::runner::end_runs_on_signals(move |sig, all_ended| {
        let name = match sig {
            1 => "SIGHUP".to_string(),
            2 => "SIGINT".to_string(),
            15 => "SIGTERM".to_string(),
            n => format!("signal {n}"),
        };
        let so_far = so_far.lock().unwrap_or_else(|e| e.into_inner());
        let done = match (seed_rounds, so_far.failed) {
            (None, _) => String::new(),
            (Some((seed, _)), Some((round, class, shrinking))) => format!(
                "; seed {seed}: round {round} had failed ({class}){}",
                if shrinking {
                    " and was being shrunk"
                } else {
                    ""
                }
            ),
            (Some((seed, rounds)), None) => format!(
                "; seed {seed}: {} of {rounds} round{} passed",
                so_far.rounds_passed,
                plural(rounds as usize)
            ),
        };
        let runs = if all_ended {
            "every run of the program was ended"
        } else {
            "not every run of the program was seen to end within 10 s"
        };
        // on a terminal, after the `^C` it echoed (no line end of its own)
        let fresh_line = match std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            true => "\n",
            false => "",
        };
        eprintln!(
            "{fresh_line}{} stress: stopped by {name}: {runs}{done}",
            super::name()
        );
    });
    if let Err(e) = set {
        eprintln!(
            "{prog} stress: warning: Ctrl-C will not be reported ({e}); runs still end with {prog}",
            prog = super::name()
        );
    }
}

fn stress_error(e: StressError, program: &Program) -> Failure {
    if stress::runner::ending() {
        // a signal is ending gamecheck: its thread reports and ends the process
        loop {
            std::thread::park();
        }
    }
    match e {
        StressError::Start(io) => {
            Failure::Usage(format!("cannot start `{}`: {io}", program.display()))
        }
        StressError::Answers(msg) => Failure::Internal(msg),
        StressError::CannotStartUnderLimit {
            limit,
            stderr_tail,
            why,
            advice,
        } => {
            let e = StressError::CannotStartUnderLimit {
                limit,
                why,
                advice,
                stderr_tail: String::new(),
            };
            let mut msg = format!("`{}` {e}", program.display());
            if !stderr_tail.trim().is_empty() {
                let _ = write!(
                    msg,
                    "\n--- its stderr (last lines) ---\n{}",
                    escape_controls(stderr_tail.trim_end())
                );
            }
            Failure::Usage(msg)
        }
    }
}

fn print_report(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Usage(format!("cannot write the report: {e}")))
}

/// The progress bar (or a plain line per round) and the messages on stderr during a run.
struct Events {
    bar: Progress,
    /// A line per round that passed.
    plain: bool,
    rounds: u64,
    so_far: Arc<Mutex<SoFar>>,
}

impl Events {
    fn so_far(&self) -> std::sync::MutexGuard<'_, SoFar> {
        self.so_far.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl StressEvents for Events {
    fn round_passed(&mut self, round: &Round) {
        self.so_far().rounds_passed += 1;
        self.bar.tick();
        if self.plain {
            eprintln!(
                "{} stress: round {} of {} passed ({} case{})",
                super::name(),
                round.number,
                self.rounds,
                round.cases,
                plural(round.cases)
            );
        }
    }

    fn round_failed(&mut self, round: &Round, class: Class, shrinking: bool) {
        self.so_far().failed = Some((round.number, class, shrinking));
        self.bar.finish();
        let prog = super::name();
        eprintln!(
            "{prog} stress: round {} of {} failed ({class}){}",
            round.number,
            self.rounds,
            if shrinking {
                "; shrinking…"
            } else if class == Class::Timeout && round.cases > 1 {
                "; running its cases alone to time each…"
            } else {
                ""
            }
        );
    }
}

/// The flags given before `--` on our own command line (`--side`, `--seed`, …).
fn flags_given() -> Vec<String> {
    std::env::args()
        .skip(1)
        .take_while(|a| a != "--")
        .filter(|a| a.starts_with("--"))
        .map(|a| a.split('=').next().unwrap_or_default().to_string())
        .collect()
}

/// `--replay DIR`: checks that no rule flag was given, reads DIR's saved rules and
/// runs `stress` again under them (parsed by clap like a typed command line).
fn load_replay_rules<G: Contest>(
    dir: &Path,
    common: &StressCommon,
    one_line: bool,
) -> Result<ExitCode, Failure> {
    let game = G::NAME;
    const ALLOWED: [&str; 8] = [
        "--replay",
        "--progress",
        "--timeout",
        "--wall-timeout",
        "--jobs",
        "--memory-limit",
        "--memory-limit-kind",
        "--help",
    ];
    if let Some(flag) = flags_given()
        .iter()
        .find(|f| !ALLOWED.contains(&f.as_str()))
    {
        return Err(Failure::Usage(format!(
            "{flag} cannot be used with --replay: the rules are read from {}",
            dir.join(RULES_FILE).display()
        )));
    }
    let path = dir.join(RULES_FILE);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Failure::Usage(format!("--replay: cannot read {}: {e}", path.display())))?;
    let saved: SavedRules = serde_json::from_str(&text)
        .map_err(|e| Failure::Usage(format!("--replay: {}: {e}", path.display())))?;
    if saved.game != game {
        return Err(Failure::Usage(format!(
            "--replay: {} holds a failure of {}, not of {game}",
            path.display(),
            saved.game
        )));
    }
    let prog = super::name();
    let mut argv: Vec<String> = vec![format!("{prog} stress {game}")];
    argv.extend(saved.flags.split_whitespace().map(String::from));
    // the limits given here, else the ones the failure was saved under
    let given = flags_given();
    let has = |flag: &str| given.iter().any(|f| f == flag);
    let limits = saved.limits.as_ref();
    let timeout = match limits {
        Some(l) if !has("--timeout") => l.timeout,
        _ => common.timeout,
    };
    let wall = match (limits, common.wall_timeout) {
        (_, Some(secs)) => Some(secs),
        (Some(l), None) if !has("--timeout") => Some(l.wall_timeout),
        _ => None,
    };
    let memory = match (limits, common.memory_limit) {
        (_, Some(mib)) => Some((
            mib,
            MemoryKind::from(common.memory_limit_kind)
                .name()
                .to_string(),
        )),
        (Some(l), None) => l.memory_limit.map(|mib| {
            let kind = l
                .memory_limit_kind
                .clone()
                .unwrap_or_else(|| "resident".into());
            (mib, kind)
        }),
        (None, None) => None,
    };
    argv.extend([
        "--timeout".into(),
        timeout.to_string(),
        "--jobs".into(),
        common.jobs.to_string(),
    ]);
    if let Some(secs) = wall {
        argv.extend(["--wall-timeout".into(), secs.to_string()]);
    }
    if let Some((mib, kind)) = memory {
        argv.extend(["--memory-limit".into(), mib.to_string()]);
        argv.extend(["--memory-limit-kind".into(), kind]);
    }
    argv.extend(["--replay".into(), dir.display().to_string(), "--".into()]);
    argv.extend(common.program.iter().cloned());
    let invalid = |e: clap::Error| {
        Failure::Usage(format!(
            "--replay: the flags `{}` in {} are not valid: {}",
            saved.flags,
            path.display(),
            e.kind()
        ))
    };
    let matches = augment_with::<StressArgs<G>>(clap::Command::new(argv[0].clone()))
        .try_get_matches_from(&argv)
        .map_err(invalid)?;
    let mut parsed = StressArgs::<G>::from_arg_matches(&matches).map_err(invalid)?;
    parsed.common.one_line = one_line;
    parsed.common.saved_program = saved.program;
    // the saved rules, with --replay still set: `run` replays DIR under them
    run(
        super::gen::contest::<G>(&parsed.rules, &parsed.size)?,
        &parsed.common,
    )
}

/// Runs PROGRAM once on DIR's input under the loaded rules and judges it.
fn replay<G: ContestGame>(
    mut game: G,
    dir: &Path,
    common: &StressCommon,
) -> Result<ExitCode, Failure> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path)
            .map_err(|e| Failure::Usage(format!("--replay: cannot read {}: {e}", path.display())))
            .map(|text| (path, text))
    };
    let (input_path, input) = read("input.txt")?;
    let (expected_path, saved_expected) = read("expected.txt")?;
    let cases = game
        .read_input(&input)
        .map_err(|e| Failure::Usage(format!("{}: {e}", input_path.display())))?;
    let answers = game.answers(&cases).map_err(Failure::Internal)?;
    let saved_lines = stress::judge::output_lines(saved_expected.as_bytes());
    let ours = game.write_answers(&answers);
    let agree = saved_lines.len() == answers.len()
        && saved_lines
            .iter()
            .enumerate()
            .all(|(i, l)| game.parse_answer(l, i).as_ref() == Some(&answers[i]));
    if !agree {
        return Err(Failure::Internal(format!(
            "{} disagrees with {prog}'s answers to {}:\n--- {} ---\n{}\n--- {prog} now ---\n{}",
            expected_path.display(),
            input_path.display(),
            expected_path.display(),
            saved_expected.trim_end(),
            ours.trim_end(),
            prog = super::name()
        )));
    }
    let mut program = program(common);
    end_runs_on_signals(None, Arc::default());
    let t =
        stress::trial(&mut game, &mut program, &cases).map_err(|e| stress_error(e, &program))?;
    let mut s = String::new();
    let failed = t.judgement.verdict.class().is_some();
    if common.one_line {
        if failed {
            let mut verdict = String::new();
            write_verdict(&game, &program, &t, &mut verdict);
            let first = verdict.lines().next().unwrap_or_default();
            let _ = writeln!(s, "FAILED: {}: {first}", dir.display());
        } else {
            let _ = writeln!(s, "ok: {}", dir.display());
        }
        print_report(&s)?;
        return Ok(if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    if failed {
        let _ = writeln!(
            s,
            "FAILED: {} on the input replayed from {}",
            t.judgement.verdict.class().map_or("", Class::name),
            dir.display()
        );
    } else {
        // "now passes" only for the program that failed: another one passing says
        // nothing about that one
        let (passes, from) = match &common.saved_program {
            Some(saved) if *saved == program.argv => (
                format!("now passes the input replayed from {}", dir.display()),
                String::new(),
            ),
            Some(saved) => (
                format!("passes the failure saved in {}", dir.display()),
                format!("saved from `{}`; ", saved.join(" ")),
            ),
            None => (
                format!("passes the input replayed from {}", dir.display()),
                String::new(),
            ),
        };
        let _ = writeln!(
            s,
            "ok: `{}` {passes} ({from}{} case{}, {} {})",
            program.display(),
            cases.len(),
            plural(cases.len()),
            game.name(),
            game.rules()
        );
    }
    let _ = writeln!(s, "program: {}", program.display());
    let _ = writeln!(s, "rules:   {} {}", game.name(), game.rules());
    let _ = writeln!(s, "input:   {}", input_path.display());
    let _ = writeln!(s, "limits:  {}", limits_in_words(&program));
    if failed {
        let _ = writeln!(s);
        write_verdict(&game, &program, &t, &mut s);
    }
    if t.output.usage_known() {
        write_run_usage(
            &program,
            t.output.elapsed,
            t.output.cpu,
            t.output.peak_rss,
            &mut s,
        );
    } else {
        let _ = writeln!(
            s,
            "the run: {:.2} s wall; its CPU time and peak memory are unknown (its \
             supervisor died before its report)",
            t.output.elapsed.as_secs_f64()
        );
    }
    let mut left = stress::LeftBehindSummary::default();
    left.add(&t.output);
    write_left_behind(&left, &mut s);
    print_report(&s)?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The report on stdout; returns whether a round failed.
fn write_report<G: ContestGame>(
    game: &G,
    program: &Program,
    opts: &StressOptions,
    summary: &StressSummary<G::Case, G::Answer>,
    s: &mut String,
) -> bool {
    let Some(f) = &summary.failure else {
        let _ = writeln!(
            s,
            "ok: {} round{}, {} case{}: `{}` agrees with {} on every case ({} {}, seed {})",
            summary.rounds_passed,
            plural(summary.rounds_passed as usize),
            summary.cases_passed,
            plural(summary.cases_passed as usize),
            program.display(),
            super::name(),
            game.name(),
            game.rules(),
            opts.seed
        );
        let u = &summary.usage;
        write_run_usage(program, u.slowest_wall, u.slowest_cpu, u.peak_rss, s);
        write_left_behind(&summary.left_behind, s);
        return false;
    };
    let r = &f.round;
    let _ = writeln!(
        s,
        "FAILED: {} in round {} of {}",
        f.class, r.number, opts.rounds
    );
    let _ = writeln!(s, "program: {}", program.display());
    let _ = writeln!(s, "rules:   {} {}", game.name(), game.rules());
    let _ = writeln!(
        s,
        "seed:    {} (round {}: seed {}, {} case{}, scale {})",
        opts.seed,
        r.number,
        r.seed,
        r.cases,
        plural(r.cases),
        r.size.scale
    );
    let _ = writeln!(s, "replay the round's input: {}", replay_command(game, r));
    if let Some(i) = f.failing_case {
        if let Some(case) = f.original.cases.get(i) {
            let _ = writeln!(
                s,
                "failing: case {} of the round's {} ({})",
                i + 1,
                f.original.cases.len(),
                game.describe_case(case)
            );
        }
    }
    let cases = &f.minimal.cases;
    // a timeout none of whose cases times out alone keeps its whole input
    let kept_whole = f.class == Class::Timeout && cases.len() == f.original.cases.len();
    if f.shrink_runs == 0 || kept_whole {
        let _ = writeln!(
            s,
            "input:   {} case{}, not shrunk",
            cases.len(),
            plural(cases.len())
        );
    } else {
        let _ = write!(
            s,
            "shrunk:  {} case{} -> {} case{}",
            f.original.cases.len(),
            plural(f.original.cases.len()),
            cases.len(),
            plural(cases.len())
        );
        if let [one] = cases.as_slice() {
            let _ = write!(s, " ({})", game.describe_case(one));
        }
        let _ = writeln!(
            s,
            " in {} run{} of the program, {:.1} s",
            f.shrink_runs,
            plural(f.shrink_runs as usize),
            f.shrink_seconds
        );
    }
    if let Some(note) = &f.note {
        let _ = writeln!(s, "note:    {note}");
    }
    write_case_times(program, &f.case_times, s);
    write_left_behind(&summary.left_behind, s);
    let _ = writeln!(s);
    write_verdict(game, program, &f.minimal, s);
    true
}

/// The times of a timed-out input's cases, each run alone: one line per case.
fn write_case_times(program: &Program, times: &[stress::shrink::CaseTime], s: &mut String) {
    if times.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "each case alone (an input of 1 case, the same limits: {}):",
        time_limits(program)
    );
    for t in times {
        let _ = write!(s, "  case {}: ", t.case + 1);
        let _ = match t.class {
            Some(Class::Timeout) => writeln!(
                s,
                "timeout (killed after {:.2} s wall, {:.2} s CPU)",
                t.wall.as_secs_f64(),
                t.cpu.as_secs_f64()
            ),
            class => writeln!(
                s,
                "{:.2} s wall, {:.2} s CPU, {}",
                t.wall.as_secs_f64(),
                t.cpu.as_secs_f64(),
                class.map_or("passed", Class::name)
            ),
        };
    }
}

/// The verdict on `t`, its input, our output and the program's.
fn write_verdict<G: ContestGame>(
    game: &G,
    program: &Program,
    t: &Trial<G::Case, G::Answer>,
    s: &mut String,
) {
    match &t.judgement.verdict {
        Verdict::WrongAnswer {
            case,
            expected,
            got,
        } => {
            let _ = writeln!(
                s,
                "wrong answer on case {}: expected {expected}, got {got}",
                case + 1
            );
        }
        Verdict::Crash { end, stderr_tail } => {
            let _ = writeln!(s, "crash: {end}");
            write_stderr(stderr_tail, s);
        }
        Verdict::MemoryLimit {
            end,
            peak_rss,
            limit,
            stderr_tail,
            evidence,
        } => {
            let memory_kind = t.output.memory_limit.map(|m| m.kind);
            let kind = memory_kind.map_or("", |k| k.name());
            let _ = match evidence {
                stress::MemoryEvidence::Resident { processes, .. } => writeln!(
                    s,
                    "memory limit exceeded: its resident memory reached {}{}, over the {} \
                     {kind} limit; every process it started was ended",
                    mib_beside(*peak_rss, *limit),
                    match processes {
                        0 | 1 => String::new(),
                        n => format!(", summed over its {n} processes"),
                    },
                    mib(*limit),
                ),
                // far below a resident limit, an allocation that failed hit a limit of the
                // program's own (java -Xmx, a ulimit), not ours
                stress::MemoryEvidence::Message(_)
                    if memory_kind == Some(MemoryKind::Resident) && *peak_rss < *limit =>
                {
                    writeln!(
                        s,
                        "memory limit exceeded: {end} ({evidence}) at {} of resident memory, \
                         below the {} resident limit: a limit of the program's own ran out \
                         (a JVM's -Xmx, a ulimit)",
                        mib(*peak_rss),
                        mib(*limit)
                    )
                }
                _ => writeln!(
                    s,
                    "memory limit exceeded: {end} under the {} {kind} limit ({evidence}); \
                     peak resident memory {}",
                    mib(*limit),
                    mib(*peak_rss)
                ),
            };
            write_stderr(stderr_tail, s);
        }
        Verdict::Timeout(TimeLimit::Cpu) => {
            let _ = writeln!(
                s,
                "timeout: {:.2} s of CPU time, over the {} s CPU time limit (in {:.2} s of wall-clock \
                 time); every process it started was ended",
                t.output.cpu.as_secs_f64(),
                program.limits.cpu.as_secs_f64(),
                t.output.elapsed.as_secs_f64()
            );
        }
        Verdict::Timeout(TimeLimit::Wall) => {
            let (cpu, waited) = (t.output.cpu.as_secs_f64(), t.output.waited.as_secs_f64());
            // a program that waited for a CPU a quarter of its time or more was held back
            // by the machine's load, not by itself
            let why = if 4.0 * waited >= t.output.elapsed.as_secs_f64() {
                format!(
                    "it waited {waited:.2} s for a CPU: the machine is too busy for this \
                     limit (raise --wall-timeout, or run fewer --jobs)"
                )
            } else {
                format!(
                    "the CPU time limit is {} s: it sleeps or waits",
                    program.limits.cpu.as_secs_f64()
                )
            };
            let _ = writeln!(
                s,
                "timeout: no exit within the {} s wall-clock limit, with {cpu:.2} s of CPU time \
                 ({why}); killed with every process it started",
                program.limits.wall.as_secs_f64(),
            );
        }
        Verdict::Malformed { problem, .. } => {
            let _ = writeln!(s, "malformed output: {problem}");
        }
        Verdict::Pass => {
            let _ = writeln!(s, "(the program passed this input when run again)");
        }
    }
    let _ = writeln!(s, "--- input ---\n{}", head_and_tail(&t.input, "input"));
    let _ = writeln!(
        s,
        "--- expected output ---\n{}",
        head_and_tail(&game.write_answers(&t.expected), "expected output")
    );
    let _ = writeln!(s, "--- actual output ---\n{}", shown(&t.output.stdout));
}

/// Texts of more lines than this are shown by their head and tail in a report.
const SHOWN_LINES: usize = 50;
/// Lines shown from the head of a long text.
const HEAD_LINES: usize = 30;
/// Lines shown from its tail.
const TAIL_LINES: usize = 10;

/// `text` (an input or an expected output) for the report, without trailing blank
/// space: whole up to [`SHOWN_LINES`] lines, else its first [`HEAD_LINES`] and last
/// [`TAIL_LINES`] lines around a line that says how many are not shown.
fn head_and_tail(text: &str, what: &str) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    if lines.len() <= SHOWN_LINES {
        return lines.join("\n");
    }
    let hidden = lines.len() - HEAD_LINES - TAIL_LINES;
    format!(
        "{}\n… {hidden} lines not shown ({} in all; --save DIR writes the whole {what})\n{}",
        lines[..HEAD_LINES].join("\n"),
        lines.len(),
        lines[lines.len() - TAIL_LINES..].join("\n")
    )
}

fn write_stderr(stderr_tail: &str, s: &mut String) {
    if !stderr_tail.is_empty() {
        let _ = writeln!(
            s,
            "--- stderr (last lines) ---\n{}",
            escape_controls(stderr_tail.trim_end())
        );
    }
}

/// `bytes` in MiB with one decimal (`12.3 MiB`).
fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// `bytes` in MiB beside `limit`: with one decimal, or three when one would make two
/// different figures look the same (`64.004 MiB` over a `64.0 MiB` limit).
fn mib_beside(bytes: u64, limit: u64) -> String {
    if bytes != limit && mib(bytes) == mib(limit) {
        format!("{:.3} MiB", bytes as f64 / f64::from(1 << 20))
    } else {
        mib(bytes)
    }
}

/// The `gen` command that writes `round`'s input again.
fn replay_command<G: ContestGame>(game: &G, round: &Round) -> String {
    format!(
        "{} gen {} --cases {} --seed {} --scale {}",
        super::name(),
        [game.name(), game.flags().as_str()].join(" ").trim_end(),
        round.cases,
        round.seed,
        round.size.scale
    )
}

/// `1.5 s of CPU, 5.5 s wall-clock, 64 MiB of resident memory`: every limit of a run.
fn limits_in_words(program: &Program) -> String {
    match program.limits.memory {
        None => format!("{}, no memory limit", time_limits(program)),
        Some(m) => format!(
            "{}, {} MiB of {}",
            time_limits(program),
            m.bytes >> 20,
            m.kind.what()
        ),
    }
}

/// `1.5 s of CPU, 5.5 s wall-clock`: the time limits of a run.
fn time_limits(program: &Program) -> String {
    format!(
        "{} s of CPU, {} s wall-clock",
        program.limits.cpu.as_secs_f64(),
        program.limits.wall.as_secs_f64()
    )
}

/// The final lines of a passing run: the slowest run's CPU and wall-clock time and the
/// largest peak resident memory, each against its limit.
fn write_run_usage(program: &Program, wall: Duration, cpu: Duration, peak: u64, s: &mut String) {
    let (cpu_limit, wall_limit) = (
        program.limits.cpu.as_secs_f64(),
        program.limits.wall.as_secs_f64(),
    );
    let _ = writeln!(
        s,
        "slowest run: {:.2} s CPU ({:.0}% of the {cpu_limit} s CPU time limit), {:.2} s wall \
         ({:.0}% of {wall_limit} s)",
        cpu.as_secs_f64(),
        100.0 * cpu.as_secs_f64() / cpu_limit,
        wall.as_secs_f64(),
        100.0 * wall.as_secs_f64() / wall_limit,
    );
    match program.limits.memory {
        Some(limit) if limit.kind == MemoryKind::AddressSpace => {
            let _ = writeln!(
                s,
                "peak memory: {} resident (the {} address-space limit is on each process's \
                 address space)",
                mib(peak),
                mib(limit.bytes)
            );
        }
        Some(limit) => {
            let _ = writeln!(
                s,
                "peak memory: {} ({:.0}% of the {} {} limit)",
                mib(peak),
                100.0 * peak as f64 / limit.bytes as f64,
                mib(limit.bytes),
                limit.kind.name()
            );
        }
        None => {
            let _ = writeln!(s, "peak memory: {} (no memory limit)", mib(peak));
        }
    }
}

/// A warning when runs left processes behind (the verdict does not change).
fn write_left_behind(left: &stress::LeftBehindSummary, s: &mut String) {
    if left.processes == 0 {
        return;
    }
    let _ = writeln!(
        s,
        "warning: {} run{} left {} process{} behind (ended by {}):",
        left.runs,
        plural(left.runs as usize),
        left.processes,
        if left.processes == 1 { "" } else { "es" },
        super::name()
    );
    for c in &left.commands {
        let _ = writeln!(s, "  {}", escape_controls(c));
    }
}

/// Control characters other than newline and tab shown escaped (`\0`, `\r`, `\u{1b}`).
fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// The program's stdout for the report: at most 4000 characters, every byte that is
/// not printable ASCII (or a newline or a tab) escaped (a CR is `\r`, a Cyrillic `А`
/// is `\u{410}`, an invalid UTF-8 byte `\xff`), `(nothing)` when empty.
fn shown(stdout: &[u8]) -> String {
    let head = &stdout[..stdout.len().min(16 << 10)];
    if head.is_empty() {
        return "(nothing)".into();
    }
    let whole = head.len() == stdout.len();
    let head = if whole {
        head.strip_suffix(b"\n").unwrap_or(head)
    } else {
        head
    };
    let text = stress::judge::escape_bytes(head, true);
    if whole && text.chars().count() <= 4000 {
        text
    } else {
        let head: String = text.chars().take(4000).collect();
        format!("{head}\n… ({} bytes in all)", stdout.len())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Writes `input.txt`, `expected.txt`, `actual.txt` (the program's raw stdout),
/// `report.txt` and `rules.json` (for `--replay`) into `dir`.
fn save<G: ContestGame>(
    dir: &Path,
    f: &StressFailure<G::Case, G::Answer>,
    game: &G,
    program: &Program,
    report: &str,
) -> Result<(), Failure> {
    let rules = serde_json::to_string_pretty(&SavedRules {
        game: game.name().into(),
        flags: game.flags(),
        rules: game.rules(),
        program: Some(program.argv.clone()),
        limits: Some(SavedLimits::of(program)),
    })
    .map_err(|e| Failure::Internal(e.to_string()))?
        + "\n";
    let files: [(&str, &[u8]); 5] = [
        ("input.txt", f.minimal.input.as_bytes()),
        (
            "expected.txt",
            &game.write_answers(&f.minimal.expected).into_bytes(),
        ),
        ("actual.txt", &f.minimal.output.stdout),
        ("report.txt", report.as_bytes()),
        (RULES_FILE, rules.as_bytes()),
    ];
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Usage(format!("--save: cannot create {}: {e}", dir.display())))?;
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| Failure::Usage(format!("--save: cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// `stress --json`: the result as one JSON document.
mod json {
    use super::{write_verdict, Program, StressOptions, StressSummary};
    use crate::stress::{ContestGame, End, RunOutput, TimeLimit, Trial};
    use base64::Engine as _;
    use serde_json::{json, Value};
    use std::path::Path;

    /// The program's stdout: a string (lossy), and its exact bytes in base64 when they
    /// are not valid UTF-8.
    fn output(bytes: &[u8]) -> (String, Option<String>) {
        match std::str::from_utf8(bytes) {
            Ok(text) => (text.to_string(), None),
            Err(_) => (
                String::from_utf8_lossy(bytes).into_owned(),
                Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
            ),
        }
    }

    fn run(out: &RunOutput) -> Value {
        json!({
            "end": out.end.to_string(),
            "wall_seconds": out.elapsed.as_secs_f64(),
            "cpu_seconds": out.usage_known().then_some(out.cpu.as_secs_f64()),
            "peak_rss_bytes": out.usage_known().then_some(out.peak_rss),
            "peak_processes": out.usage_known().then_some(out.processes),
            "waited_seconds": out.usage_known().then_some(out.waited.as_secs_f64()),
            "ended_at_limit": match out.end {
                End::TimedOut(TimeLimit::Cpu) => Some("cpu"),
                End::TimedOut(TimeLimit::Wall) => Some("wall"),
                End::MemoryLimit => Some("memory"),
                _ => None,
            },
            "stderr_tail": out.stderr_tail,
        })
    }

    fn trial<G: ContestGame>(game: &G, program: &Program, t: &Trial<G::Case, G::Answer>) -> Value {
        let (actual, actual_base64) = output(&t.output.stdout);
        let mut verdict = String::new();
        write_verdict(game, program, t, &mut verdict);
        let detail = verdict.lines().next().unwrap_or_default().to_string();
        let mut v = json!({
            "cases": t.cases.len(),
            "input": t.input,
            "expected": game.write_answers(&t.expected),
            "actual": actual,
            "detail": detail,
            "run": run(&t.output),
        });
        if let Some(b64) = actual_base64 {
            v["actual_base64"] = Value::String(b64);
        }
        v
    }

    /// The document for a `stress` run.
    pub(super) fn report<G: ContestGame>(
        game: &G,
        program: &Program,
        opts: &StressOptions,
        summary: &StressSummary<G::Case, G::Answer>,
        saved: Option<&Path>,
    ) -> Value {
        let u = &summary.usage;
        let mut doc = json!({
            "ok": summary.failure.is_none(),
            "verdict": summary.failure.as_ref().map_or("ok", |f| f.class.name()),
            "game": game.name(),
            "rules": game.rules(),
            "program": program.argv,
            "seed": opts.seed,
            "rounds": opts.rounds,
            "rounds_passed": summary.rounds_passed,
            "cases_passed": summary.cases_passed,
            "time_limit_seconds": program.limits.cpu.as_secs_f64(),
            "wall_time_limit_seconds": program.limits.wall.as_secs_f64(),
            "memory_limit_bytes": program.limits.memory.map(|m| m.bytes),
            "memory_limit_kind": program.limits.memory.map(|m| m.kind.name()),
            "slowest_wall_seconds": u.slowest_wall.as_secs_f64(),
            "slowest_cpu_seconds": u.slowest_cpu.as_secs_f64(),
            "peak_rss_bytes": u.peak_rss,
            "left_behind": summary.left_behind.processes,
            "failure": null,
        });
        if let Some(f) = &summary.failure {
            doc["failure"] = json!({
                "class": f.class.name(),
                "round": f.round.number,
                "round_seed": f.round.seed,
                "round_cases": f.round.cases,
                "round_scale": f.round.size.scale,
                "replay": super::replay_command(game, &f.round),
                "failing_case": f.failing_case.map(|i| i + 1),
                "original_input": f.original.input,
                "shrunk": trial(game, program, &f.minimal),
                "shrink_runs": f.shrink_runs,
                "shrink_seconds": f.shrink_seconds,
                "note": f.note,
                "case_times": f.case_times.iter().map(|t| json!({
                    "case": t.case + 1,
                    "wall_seconds": t.wall.as_secs_f64(),
                    "cpu_seconds": t.cpu.as_secs_f64(),
                    "verdict": t.class.map_or("ok", |c| c.name()),
                })).collect::<Vec<_>>(),
                "saved_to": saved.map(|d| d.display().to_string()),
            });
        }
        doc
    }

    #[cfg(test)]
    mod tests {
        use crate::stress::{End, RunOutput};
        use std::time::Duration;

        /// A run whose supervisor died has no CPU time or peak memory: `null`, not 0.
        #[test]
        fn unknown_usage_is_null() {
            let measured = RunOutput {
                cpu: Duration::from_millis(1500),
                peak_rss: 4096,
                ..RunOutput::default()
            };
            let v = super::run(&measured);
            assert_eq!(
                (v["cpu_seconds"].as_f64(), v["peak_rss_bytes"].as_u64()),
                (Some(1.5), Some(4096))
            );
            let died = RunOutput {
                end: End::SupervisorDied(Some(9)),
                ..measured
            };
            let v = super::run(&died);
            assert!(
                v["cpu_seconds"].is_null() && v["peak_rss_bytes"].is_null(),
                "{v}"
            );
            assert!(
                v["end"].as_str().is_some_and(|e| e.contains("supervisor")),
                "{v}"
            );
        }
    }
}
