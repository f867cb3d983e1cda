//! Command-line parsing (clap) and dispatch. Exit codes: 0 success, 1 a mismatch or a
//! failed check, 2 bad input or usage.

mod completions;
mod games;
mod gen;
mod grundy;
mod perft;
mod period;
mod rules;
mod solve;
mod stress;
mod tips;
mod values;

use clap::{Parser, Subcommand};
use gamecheck::error::ParseError;
use gamecheck::game::GameId;
use gamecheck::harness::{Report, VerifyOptions};
use games::ForGame;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exact solvers for small two-player games, proved right against a naive oracle.
#[derive(Debug, Parser)]
#[command(name = "gamecheck", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a contest input (stdin when no FILE) and print the contest's answers.
    #[command(subcommand)]
    Solve(ForGame<solve::Solve>),
    /// Check every fast solver against the oracle and print the report (exit 1 on any mismatch).
    Verify(VerifyArgs),
    /// Write one random contest input to stdout, in the canonical layout (same seed, same bytes).
    #[command(subcommand)]
    Gen(ForGame<gen::Gen>),
    /// Run PROGRAM on generated inputs, compare with our answers, shrink the first failure
    /// (exit 0 all rounds passed, 1 a failure, 2 usage or PROGRAM cannot be started).
    #[command(subcommand)]
    Stress(ForGame<stress::Stress>),
    /// Print the rules of a game and its contest input and output (all games without GAME).
    Rules(rules::RulesArgs),
    /// Print a shell completion script on stdout (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Find and prove the period of g, the Grundy values of one heap (exit 1 when none
    /// proves within --max-n values).
    #[command(subcommand)]
    Period(grundy::ForGrundyGame<period::Period>),
    /// Print g(0), …, g(N), the Grundy values of one heap, on one line.
    #[command(subcommand)]
    Values(grundy::ForGrundyGame<values::Values>),
    /// Count the move sequences of exactly D moves from a position (perft), optionally by
    /// first move (exit 2 with the largest depth that fits when a count is refused).
    #[command(subcommand)]
    Perft(perft::PerftCmd),
    /// Print per-layer counts of P- and N-positions (marble by marbles, paint by N).
    #[command(subcommand)]
    Count(perft::CountCmd),
    /// Export a solved table with its SHA-256 digest, for checkers in other languages.
    #[command(subcommand)]
    Table(perft::TableCmd),
}

/// `--game`: `all` (`None`) or one game of the list.
#[derive(Debug, Clone, Copy)]
struct GameChoice(Option<GameId>);

fn game_choice() -> impl clap::builder::TypedValueParser<Value = GameChoice> {
    use clap::builder::TypedValueParser as _;
    let names = std::iter::once("all").chain(GameId::ALL.iter().map(|g| g.name()));
    clap::builder::PossibleValuesParser::new(names.collect::<Vec<_>>())
        .map(|s| GameChoice(s.parse::<GameId>().ok()))
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// Which game to check.
    #[arg(long, default_value = "all", value_parser = game_choice())]
    game: GameChoice,
    /// Seed of the random cases, at most 2^53 − 1 (default: a fresh one, printed in the
    /// report).
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// Random cases per game, at most 10,000,000 (default: each game's budget; 0 for
    /// exhaustive checks only).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    cases: Option<u64>,
    /// Print only JSON on stdout: {"seed", "ok", "rows": [...], "failures": [...], "signature"}.
    #[arg(long)]
    json: bool,
    /// Print the table's detail column whole on one line per row (by default the table
    /// fits 120 columns: long details are wrapped under their row). Not with --json.
    #[arg(long, conflicts_with = "json")]
    wide: bool,
}

/// The largest seed a command takes: 2^53 − 1, the largest integer a JSON reader that
/// holds numbers as doubles (JavaScript, jq) keeps exact.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Parses `--seed`: an integer in 0..=[`MAX_SEED`].
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let too_large = || {
        format!(
            "{text} is above the largest seed, 2^53 − 1 = {MAX_SEED} (larger seeds lose digits \
             in JSON readers such as JavaScript)"
        )
    };
    match text.parse::<u64>() {
        Ok(seed) if seed <= MAX_SEED => Ok(seed),
        Ok(_) => Err(too_large()),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(too_large()),
        Err(_) => Err(format!("{text} is not a seed (an integer 0..={MAX_SEED})")),
    }
}

/// Parses `gen`'s `--seed`: any 64-bit integer (a `stress` round's seed may be larger
/// than [`MAX_SEED`]).
pub fn parse_any_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| format!("{text} is not a seed (an integer 0..={})", u64::MAX))
}

/// What went wrong, with the exit code it maps to.
pub enum Failure {
    /// Bad input or usage (exit 2); the message is printed on stderr.
    Usage(String),
    /// A failed check of our own (exit 1), e.g. our solvers disagree during `stress`.
    Internal(String),
}

impl Failure {
    fn exit(self) -> ExitCode {
        match self {
            Failure::Usage(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(2)
            }
            Failure::Internal(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(1)
            }
        }
    }
}

/// Parses the command line, runs it, and maps the outcome to an exit code.
pub fn run() -> ExitCode {
    use clap::{CommandFactory as _, FromArgMatches as _};
    // `--cases -1` is a bad value of --cases (named in the error), not an unknown flag
    let cmd = with_negative_numbers(Cli::command());
    let cli = match cmd
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => tips::exit(e),
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(f) => f.exit(),
    }
}

/// `cmd` and all its subcommands taking `-1` as a flag's value (so the value's own check
/// names the flag) rather than as an unknown flag.
fn with_negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.allow_negative_numbers(true)
        .mut_subcommands(with_negative_numbers)
}

/// A game's arguments from its subcommand's matches (clap has checked them already).
fn parsed<K, A: clap::FromArgMatches>(g: &ForGame<K>) -> Result<A, Failure> {
    g.args().map_err(|e| Failure::Usage(e.to_string()))
}

fn dispatch(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        Command::Solve(g) => gamecheck::with_game!(g.game, G => solve::solve::<G>(&parsed(&g)?)),
        Command::Verify(args) => verify(&args),
        Command::Gen(g) => gamecheck::with_game!(g.game, G => gen::gen::<G>(&parsed(&g)?)),
        Command::Stress(g) => gamecheck::with_game!(g.game, G => stress::stress::<G>(&parsed(&g)?)),
        Command::Rules(args) => rules::rules(&args),
        Command::Completions(args) => completions::completions(&args),
        Command::Period(g) => gamecheck::with_grundy_part!(g.game, G => period::period::<G>(&g))
            .unwrap_or_else(|| Err(Failure::Usage(format!("{} has no Grundy part", g.game)))),
        Command::Values(g) => gamecheck::with_grundy_part!(g.game, G => values::values::<G>(&g))
            .unwrap_or_else(|| Err(Failure::Usage(format!("{} has no Grundy part", g.game)))),
        Command::Perft(cmd) => perft::perft_cmd(&cmd),
        Command::Count(cmd) => perft::count_cmd(&cmd),
        Command::Table(cmd) => perft::table_cmd(&cmd),
    }
}

fn verify(args: &VerifyArgs) -> Result<ExitCode, Failure> {
    let seed = args.seed.unwrap_or_else(gamecheck::rng::fresh_seed);
    let opts = VerifyOptions {
        seed,
        cases: args.cases,
        progress: !args.json && std::io::stderr().is_terminal(),
    };
    let mut report = Report::new(seed);
    let games: Vec<GameId> = GameId::ALL
        .into_iter()
        .filter(|&id| args.game.0.is_none_or(|g| g == id))
        .collect();
    for &id in &games {
        gamecheck::with_game!(id, G => gamecheck::harness::driver::verify::<G>(&opts, &mut report));
    }
    report.signature = gamecheck::harness::signature::signature(&games);
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        report
            .write_table_fitted(
                &mut out,
                (!args.wide).then_some(gamecheck::harness::report::TABLE_WIDTH),
            )
            .and_then(|()| match &report.signature {
                Some(sig) => writeln!(out, "signature: {sig}"),
                None => Ok(()),
            })
            .and_then(|()| report.write_failures(&mut std::io::stderr()))
    };
    written.map_err(|e| Failure::Usage(format!("cannot write the report: {e}")))?;
    Ok(if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Reads FILE, or stdin when `None`, as UTF-8 text.
pub fn read_input(file: Option<&Path>) -> Result<(String, String), Failure> {
    let (name, bytes) = match file {
        Some(path) => (
            path.display().to_string(),
            std::fs::read(path)
                .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", path.display())))?,
        ),
        None => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| Failure::Usage(format!("cannot read stdin: {e}")))?;
            ("<stdin>".to_string(), buf)
        }
    };
    let text = gamecheck::input::decode(&bytes)
        .map_err(|e| located(&name, &e))?
        .to_string();
    Ok((name, text))
}

/// A parse error prefixed with the input's name: `input.txt: line 3, column 5 …`.
pub fn located(name: &str, e: &ParseError) -> Failure {
    Failure::Usage(format!("{name}: {e}"))
}

/// Prints `text` to stdout in one write (answers appear only when all are known).
pub fn print_all(text: &str) -> Result<ExitCode, Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        // the reader stopped early (`| head`): nothing more to do, as for any Unix tool
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Failure::Usage(format!("cannot write to stdout: {e}"))),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

/// An input file argument (`-` means stdin).
pub fn input_path(file: &Option<PathBuf>) -> Option<&Path> {
    file.as_deref().filter(|p| p.as_os_str() != "-")
}
