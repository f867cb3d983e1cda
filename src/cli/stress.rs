//! `gamecheck stress <game> [flags] -- PROGRAM [ARGS…]`: runs PROGRAM on generated
//! inputs, compares its answers with ours, and shrinks the first failure.
//! Exit 0 when every round passed, 1 on a failure, 2 on a usage error or when PROGRAM
//! cannot be started.

use super::games::{augment_with, PerGame};
use super::Failure;
use gamecheck::game::Contest;
use gamecheck::harness::Progress;
use gamecheck::stress::{
    self, ContestGame, Program, StressError, StressFailure, StressOptions, StressSummary, Verdict,
};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The flags every game's `stress` takes.
#[derive(Debug, Clone, clap::Args)]
pub struct StressCommon {
    /// Rounds (inputs) to try, 1..=1,000,000; they grow from one small case to --cases
    /// full-size cases.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub rounds: u64,
    /// Cases in the largest inputs (capped at the contest's T limit).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub cases: u64,
    /// Seed of the run, at most 2^53 − 1 (default: a fresh one, printed); the same seed
    /// repeats the run.
    #[arg(long, value_parser = super::parse_seed)]
    pub seed: Option<u64>,
    /// Time limit of one run of PROGRAM, in seconds; past it PROGRAM is killed with its
    /// process group and reported as a timeout.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    pub timeout: f64,
    /// Write the minimal failing input, the expected and the actual output, and the
    /// report into DIR (created if needed), ready for a regression test.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// The program under test and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM [ARGS]")]
    pub program: Vec<String>,
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

impl PerGame for Stress {
    fn augment<G: Contest>(cmd: clap::Command) -> clap::Command {
        augment_with::<StressArgs<G>>(cmd)
    }
}

/// Runs `gamecheck stress GAME`.
pub fn stress<G: Contest>(args: &StressArgs<G>) -> Result<ExitCode, Failure> {
    run(
        super::gen::contest::<G>(&args.rules, &args.size)?,
        &args.common,
    )
}

fn run<G: ContestGame>(mut game: G, common: &StressCommon) -> Result<ExitCode, Failure> {
    if !(common.timeout > 0.0 && common.timeout <= 1e6) {
        return Err(Failure::Usage(format!(
            "--timeout {} is not a positive number of seconds (at most 1e6)",
            common.timeout
        )));
    }
    if let Some(dir) = &common.save {
        // fail before the run, not after it: the directory must exist or be creatable
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Usage(format!("--save: cannot create {}: {e}", dir.display())))?;
    }
    let seed = common.seed.unwrap_or_else(gamecheck::rng::fresh_seed);
    let opts = StressOptions {
        rounds: common.rounds,
        cases: (common.cases as usize).min(game.max_batch()),
        seed,
        shrink_time: stress::DEFAULT_SHRINK_TIME,
    };
    let mut program = Program::new(
        common.program.clone(),
        Duration::from_secs_f64(common.timeout),
    );
    let label = format!("stress {}: rounds", game.name());
    let bar = Progress::new(std::io::stderr().is_terminal(), opts.rounds, &label);
    let result = stress::stress(
        &mut game,
        &mut program,
        &opts,
        |_| bar.tick(),
        |round, class| {
            bar.finish();
            eprintln!(
                "gamecheck stress: round {} of {} failed ({class}); shrinking…",
                round.number, opts.rounds
            );
        },
    );
    bar.finish();
    let summary = result.map_err(|e| match e {
        StressError::Start(io) => {
            Failure::Usage(format!("cannot start `{}`: {io}", program.display()))
        }
        StressError::Answers(msg) => Failure::Internal(msg),
    })?;
    let mut text = String::new();
    let failed = write_report(&game, &program, &opts, &summary, &mut text);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Usage(format!("cannot write the report: {e}")))?;
    drop(out);
    if let (Some(dir), Some(f)) = (&common.save, &summary.failure) {
        save(dir, f, &game, &text)?;
        println!(
            "saved: {}",
            dir.join("{input,expected,actual,report}.txt").display()
        );
    }
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
            "ok: {} rounds, {} cases: `{}` agrees with gamecheck on every case \
             ({} {}, seed {})",
            summary.rounds_passed,
            summary.cases_passed,
            program.display(),
            game.name(),
            game.rules(),
            opts.seed
        );
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
    let _ = writeln!(
        s,
        "replay the round's input: gamecheck gen {} {} --cases {} --seed {} --scale {}",
        game.name(),
        game.flags(),
        r.cases,
        r.seed,
        r.size.scale
    );
    let cases = &f.minimal.cases;
    if f.shrink_runs == 0 {
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
    let _ = writeln!(s);
    match &f.minimal.judgement.verdict {
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
            if !stderr_tail.is_empty() {
                let _ = writeln!(s, "--- stderr (last lines) ---\n{}", stderr_tail.trim_end());
            }
        }
        Verdict::Timeout => {
            let _ = writeln!(
                s,
                "timeout: no exit within {} s; killed with its process group",
                program.timeout.as_secs_f64()
            );
        }
        Verdict::Malformed { problem, .. } => {
            let _ = writeln!(s, "malformed output: {problem}");
        }
        Verdict::Pass => {
            let _ = writeln!(s, "(the program passed this input when run again)");
        }
    }
    let _ = writeln!(s, "--- input ---\n{}", f.minimal.input.trim_end());
    let _ = writeln!(
        s,
        "--- expected output ---\n{}",
        game.write_answers(&f.minimal.expected).trim_end()
    );
    let _ = writeln!(
        s,
        "--- actual output ---\n{}",
        shown(&f.minimal.output.stdout)
    );
    true
}

/// The program's stdout for the report: at most 4000 characters, `(nothing)` when empty.
fn shown(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    if text.is_empty() {
        return "(nothing)".into();
    }
    let count = text.chars().count();
    if count <= 4000 {
        text.trim_end_matches('\n').to_string()
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

/// Writes `input.txt`, `expected.txt`, `actual.txt` (the program's raw stdout) and
/// `report.txt` into `dir`.
fn save<G: ContestGame>(
    dir: &Path,
    f: &StressFailure<G::Case, G::Answer>,
    game: &G,
    report: &str,
) -> Result<(), Failure> {
    let files: [(&str, &[u8]); 4] = [
        ("input.txt", f.minimal.input.as_bytes()),
        (
            "expected.txt",
            &game.write_answers(&f.minimal.expected).into_bytes(),
        ),
        ("actual.txt", &f.minimal.output.stdout),
        ("report.txt", report.as_bytes()),
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
