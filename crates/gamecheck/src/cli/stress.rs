//! `gamecheck stress <game> [flags] -- PROGRAM [ARGS…]`: runs PROGRAM on generated
//! inputs, compares its answers with ours, and shrinks the first failure.
//! Exit 0 when every round passed, 1 on a failure, 2 on a usage error or when PROGRAM
//! cannot be started, 3 when a round was inconclusive (the machine too busy to judge it).
//! This file holds the flags and the calls that turn them into a run; the report's text
//! is in `stress::report`, the saved folders in `stress::replay`.

use super::ability::{augment_with, parsed, Ability};
use super::Failure;
use crate::contest::Contest;
use crate::harness::{Progress, ProgressMode};
use crate::stress::replay::{self as saved, FolderError, ReplayOptions, SavedRules, RULES_FILE};
use crate::stress::report::{self, plural};
use crate::stress::{
    self, Class, ContestGame, MemoryKind, MemoryLimit, Program, Round, StressError, StressEvents,
    StressOptions,
};
use clap::FromArgMatches as _;
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
    /// three times --timeout plus 1 s, at most --timeout plus 60 s. A run that ends at it
    /// after waiting for a CPU a quarter of its time or more (a busy machine) is run again
    /// alone with the limit raised by its wait, up to twice; if it still ends so, the run
    /// stops as inconclusive (exit 3), never as a failure. The run's supervisor (the process
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
    /// Write the minimal failing input, the expected and the actual output, its stderr, the report
    /// and the rules (rules.json) into DIR (created if needed), ready for a regression
    /// test and for --replay.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Run PROGRAM on the failure saved in DIR by --save (once, or --repeat times), under
    /// the rules saved there (rule flags, --seed, --rounds and --cases are not allowed
    /// with it), our answers recomputed; no shrinking. The report says how many runs
    /// failed or passed (`passed this time (1 of 1 runs)`: a flaky program passes some),
    /// and the program the failure was saved from when it is another. Exit 0 when every
    /// run passes, 1 when one fails (or DIR's expected.txt disagrees with our answers), 3
    /// when none fails but the machine was too busy to judge one, 2 when DIR lacks a
    /// file. With several folders (a regression suite of past failures): one line per
    /// folder, and the worst of their exit statuses (2, then 1, then 3, then 0).
    #[arg(long, value_name = "DIR", num_args = 1.., conflicts_with_all = ["rounds", "cases", "seed", "save"])]
    pub replay: Vec<PathBuf>,
    /// Runs of PROGRAM on a saved failure's input with `--replay` (side by side under
    /// --jobs), 1..=1000: a program that fails only now and then (reads uninitialised
    /// memory, say) may pass one run; the report says how many of the runs failed.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000), requires = "replay")]
    pub repeat: u64,
    /// Runs of the shrunk input after shrinking, 0..=100 (side by side under --jobs; a
    /// timeout's all at once, whatever --jobs; under the same limits): the report says how many of its runs failed, e.g. `flaky:
    /// the shrunk input failed 2 of 4 runs` for a program whose answer changes from run
    /// to run. The round's own input is run again as many times first (not for a
    /// timeout); when it passes one of them, shrinking runs each candidate up to N + 1
    /// times before it takes it to pass.
    #[arg(long, default_value_t = stress::DEFAULT_RERUNS as u64, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=100), conflicts_with = "replay")]
    pub reruns: u64,
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
        [dir] => return load_replay_rules::<G>(dir, &args.common, false).map(ExitCode::from),
        dirs => {
            // the worst status: 2 (a folder cannot be replayed), 1 (one still fails), 3
            // (one the machine was too busy to judge), 0
            let rank = |code: u8| [0, 3, 1, 2].iter().position(|&c| c == code).unwrap_or(3);
            let mut worst = 0;
            for dir in dirs {
                let code = match load_replay_rules::<G>(dir, &args.common, true) {
                    Ok(code) => code,
                    Err(Failure::Usage(msg)) => {
                        println!("error: {}: {msg}", dir.display());
                        2
                    }
                    Err(Failure::Internal(msg)) => {
                        println!("FAILED: {}: {msg}", dir.display());
                        1
                    }
                };
                if rank(code) > rank(worst) {
                    worst = code;
                }
            }
            return Ok(ExitCode::from(worst));
        }
    }
    run(
        super::gen::contest::<G>(&args.rules, &args.size)?,
        &args.common,
    )
    .map(ExitCode::from)
}

/// Runs `stress` (or, with `--replay`, replays a folder) and prints the report; returns
/// the exit status: 0 every round passed, 1 a failure, 3 inconclusive (the machine was
/// too busy to judge a run).
fn run<G: ContestGame>(mut game: G, common: &StressCommon) -> Result<u8, Failure> {
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
        reruns: common.reruns as usize,
    };
    let mut program = program(common);
    let stress_game = crate::harness::progress::command_words("stress", game.name());
    let label = format!("{stress_game}: rounds");
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
    let prog = super::name();
    let mut text = String::new();
    let status = report::write_report(prog, &game, &program, &opts, &summary, &mut text);
    if common.json {
        if let (Some(dir), Some(f)) = (&common.save, &summary.failure) {
            saved::save(dir, f, &game, &program, &text).map_err(folder_error)?;
        }
        let doc = report::json_report(
            prog,
            &game,
            &program,
            &opts,
            &summary,
            common.save.as_deref(),
        );
        print_report(&(doc.to_string() + "\n"))?;
        return Ok(status);
    }
    print_report(&text)?;
    if let (Some(dir), Some(f)) = (&common.save, &summary.failure) {
        saved::save(dir, f, &game, &program, &text).map_err(folder_error)?;
        println!(
            "saved: {}",
            dir.join("{input,expected,actual,stderr,report}.txt, rules.json")
                .display()
        );
    }
    Ok(status)
}

/// A folder's error as the command line's.
fn folder_error(e: FolderError) -> Failure {
    match e {
        FolderError::Usage(msg) => Failure::Usage(msg),
        FolderError::Internal(msg) => Failure::Internal(msg),
        FolderError::Stress(e) => unreachable!("saving runs nothing: {e}"),
    }
}

/// Runs PROGRAM on DIR's input under the loaded rules (`--repeat` times) and prints the
/// report; returns the exit status (0 passed, 1 failed, 3 inconclusive).
fn replay<G: ContestGame>(game: G, dir: &Path, common: &StressCommon) -> Result<u8, Failure> {
    let mut program = program(common);
    end_runs_on_signals(None, Arc::default());
    let opts = ReplayOptions {
        prog: super::name(),
        dir,
        saved_program: common.saved_program.as_deref(),
        repeat: common.repeat as usize,
        jobs: common.jobs as usize,
        one_line: common.one_line,
    };
    let done = saved::replay(game, &mut program, &opts).map_err(|e| match e {
        FolderError::Stress(e) => stress_error(e, &program),
        e => folder_error(e),
    })?;
    print_report(&done.text)?;
    Ok(done.status)
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
        e @ StressError::CannotStartUnderLimit { .. } => {
            Failure::Usage(report::cannot_start(program, e))
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

    fn round_inconclusive(&mut self, round: &Round) {
        self.bar.finish();
        eprintln!(
            "{} stress: round {} of {} inconclusive (its run waited for a CPU so long that \
             it ended at the wall-clock limit, alone again too); stopping",
            super::name(),
            round.number,
            self.rounds
        );
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
) -> Result<u8, Failure> {
    let game = G::NAME;
    const ALLOWED: [&str; 9] = [
        "--replay",
        "--repeat",
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
    let mut argv: Vec<String> = vec![crate::harness::progress::invocation("stress", game)];
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
        "--repeat".into(),
        common.repeat.to_string(),
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
