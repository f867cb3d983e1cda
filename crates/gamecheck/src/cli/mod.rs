//! The command line as a library (feature `cli`): a binary names its games once and
//! gets every command for them — `solve`, `verify`, `gen`, `stress`, `rules`,
//! `completions`, and `perft`, `period`, `values`, `count`, `table` for the games that
//! register them ([`crate::command::CliGame::abilities`]).
//!
//! ```ignore
//! // src/main.rs of a binary whose game, `MyGame`, implements `gamecheck::command::CliGame`
//! fn main() -> std::process::ExitCode {
//!     gamecheck::cli::Cli::new().name("mygame").game::<MyGame>().run()
//! }
//! ```
//!
//! Exit codes: 0 success, 1 a mismatch or a failed check, 2 bad input or usage, 3 `stress`
//! inconclusive (the machine too busy to judge a run).

mod ability;
mod completions;
mod count;
mod games;
mod gen;
mod grundy;
mod merge;
mod perft;
mod period;
mod rules;
mod solve;
mod stress;
mod tips;
mod values;

pub use crate::error::Failure;
pub use ability::Ability;
pub use games::Entry;

use crate::command::CliGame;
use crate::error::ParseError;
use crate::harness::{ProgressMode, Report, VerifyOptions};
use clap::{Parser, Subcommand};
use games::ForGame;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exact solvers for small two-player games, proved right against a naive oracle.
#[derive(Debug, Parser)]
#[command(name = "gamecheck", version, about, long_about = None)]
struct CommandLine {
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
    /// (exit 0 all rounds passed, 1 a failure, 2 usage or PROGRAM cannot be started, 3
    /// inconclusive: the machine too busy to judge a round).
    #[command(subcommand)]
    Stress(ForGame<stress::Stress>),
    /// Print the rules of a game and its contest input and output (all games without GAME).
    Rules(rules::RulesArgs),
    /// Print a shell completion script on stdout (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Find and prove the period of g, the Grundy values of one heap (exit 1 when none
    /// proves within --max-n values).
    #[command(subcommand)]
    Period(ForGame<period::Period>),
    /// Print g(0), …, g(N), the Grundy values of one heap, on one line.
    #[command(subcommand)]
    Values(ForGame<values::Values>),
    /// Count the move sequences of exactly D moves from a position (perft), optionally by
    /// first move (exit 2 with the largest depth that fits when a count is refused).
    #[command(subcommand)]
    Perft(ForGame<perft::PerftKind>),
    /// Count positions and terminal positions by depth from a start, and move sequences and
    /// finished games of each length (a game with counts of its own prints those; the
    /// tree with --tree).
    #[command(subcommand)]
    Count(ForGame<count::CountKind>),
    /// Export a solved table with its SHA-256 digest, for checkers in other languages.
    #[command(subcommand)]
    Table(ForGame<perft::TableKind>),
    /// Merge the JSON files of `perft --shard K/N` or `verify --shard K/N` and print what one
    /// machine prints, verify's seconds blanked (exit 1 a merged verify failed, 2 the files
    /// are not every shard of one run, each once).
    Merge(merge::MergeArgs),
}

/// `--game`: `all` (`None`) or one game of the list.
#[derive(Debug, Clone)]
struct GameChoice(Option<String>);

fn game_choice() -> impl clap::builder::TypedValueParser<Value = GameChoice> {
    use clap::builder::TypedValueParser as _;
    let games = games::games();
    let names = std::iter::once("all").chain(games.iter().map(|g| g.name));
    clap::builder::PossibleValuesParser::new(names.collect::<Vec<_>>())
        .map(|s| GameChoice((s != "all").then_some(s)))
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
    /// Progress on stderr: `bar` (redrawn in place, on a terminal only), `plain` (a line
    /// per finished row, and the steps done every 30 s while a long suite runs: for a
    /// log), `none`. Default: `bar` when stderr is a terminal (`none` with --json),
    /// `plain` when it is not.
    #[arg(long, value_enum, value_name = "HOW")]
    progress: Option<ProgressArg>,
    /// Run shard K of N only (0 ≤ K < N) and print it as JSON, for `merge`; needs --seed.
    ///
    /// The plan's steps (a named check, or a group with all its suites), numbered across
    /// the games in report order, are dealt round-robin: step j runs on shard j mod N.
    /// Run K = 0..N−1 with the same flags, then `merge` the N files: it prints the report
    /// (its seconds blanked), the summary line and the signature of the whole run. The
    /// shard file is JSON (as with --json: no progress bar on a terminal); not with --wide.
    #[arg(long, value_name = "K/N", requires = "seed", conflicts_with = "wide")]
    shard: Option<crate::shard::Shard>,
}

/// The values of `--progress` (`verify`, `stress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressArg {
    /// A bar redrawn in place (drawn only when stderr is a terminal).
    Bar,
    /// A plain line per finished step.
    Plain,
    /// Nothing.
    None,
}

impl ProgressArg {
    /// The mode of `--progress`, or the default when it is not given: a bar on a
    /// terminal (nothing when `quiet_on_terminal`), plain lines elsewhere.
    pub fn mode(arg: Option<ProgressArg>, quiet_on_terminal: bool) -> ProgressMode {
        Self::mode_given(arg, ProgressMode::auto(), quiet_on_terminal)
    }

    /// [`ProgressArg::mode`] with `auto` for [`ProgressMode::auto`] (what stderr is).
    fn mode_given(
        arg: Option<ProgressArg>,
        auto: ProgressMode,
        quiet_on_terminal: bool,
    ) -> ProgressMode {
        match (arg, auto) {
            (Some(ProgressArg::Bar), _) => ProgressMode::Bar,
            (Some(ProgressArg::Plain), _) => ProgressMode::Plain,
            (Some(ProgressArg::None), _) => ProgressMode::None,
            (None, ProgressMode::Bar) if quiet_on_terminal => ProgressMode::None,
            (None, auto) => auto,
        }
    }
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

/// The exit code of a failure, after printing its message on stderr.
fn exit(failure: Failure) -> ExitCode {
    match failure {
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

/// A command line over a list of games, named once: see the [module docs](self).
pub struct Cli {
    games: Vec<Entry>,
    intro: &'static str,
    name: &'static str,
    about: Option<&'static str>,
    version: &'static str,
}

impl Default for Cli {
    fn default() -> Cli {
        Cli::new()
    }
}

impl Cli {
    /// A command line named `gamecheck` with no games yet.
    pub fn new() -> Cli {
        Cli {
            games: Vec::new(),
            intro: "",
            name: "gamecheck",
            about: None,
            version: env!("CARGO_PKG_VERSION"),
        }
    }

    /// The program's name in help, usage lines and completion scripts (`gamecheck` by
    /// default): the name of the binary that runs this command line.
    #[must_use]
    pub fn name(mut self, name: &'static str) -> Cli {
        self.name = name;
        self
    }

    /// Adds game `G`, with the commands its traits give it, after the games added so far
    /// (the order of `--help` and of `verify`'s report).
    ///
    /// # Panics
    /// When a game of the same name was added already.
    #[must_use]
    pub fn game<G: CliGame>(mut self) -> Cli {
        assert!(
            self.games.iter().all(|e| e.name != G::NAME),
            "two games named `{}`",
            G::NAME
        );
        self.games.push(Entry::of::<G>());
        self
    }

    /// The one-line description at the top of `--help` (by default gamecheck's own).
    #[must_use]
    pub fn about(mut self, text: &'static str) -> Cli {
        self.about = Some(text);
        self
    }

    /// The version `--version` prints after the name: by default the gamecheck library's,
    /// so a binary of its own gives its crate's, `.version(env!("CARGO_PKG_VERSION"))`.
    #[must_use]
    pub fn version(mut self, version: &'static str) -> Cli {
        self.version = version;
        self
    }

    /// The text `gamecheck rules` prints before the games' rules (what they share).
    #[must_use]
    pub fn rules_intro(mut self, text: &'static str) -> Cli {
        self.intro = text;
        self
    }

    /// Parses the process's command line, runs it, and maps the outcome to an exit code
    /// (a usage error prints clap's message and exits with 2).
    pub fn run(self) -> ExitCode {
        rules::set_intro(self.intro);
        set_name(self.name);
        let single = match self.games.as_slice() {
            [only] => Some(only.name),
            _ => None,
        };
        crate::harness::progress::set_single_game(single);
        *ABOUT.write().unwrap_or_else(|e| e.into_inner()) = self.about;
        *VERSION.write().unwrap_or_else(|e| e.into_inner()) = self.version;
        games::with_games(self.games, run)
    }
}

/// Sets the program's name in force (by [`Cli::run`]): the name every message gives.
fn set_name(name: &'static str) {
    crate::harness::progress::set_program(name);
}

/// The program's name in force.
fn name() -> &'static str {
    crate::harness::progress::program()
}

/// The version in force (`--version`; a shard's plan carries it).
fn version() -> &'static str {
    *VERSION.read().unwrap_or_else(|e| e.into_inner())
}

/// The commands that take a game (`gamecheck solve GAME …`).
const PER_GAME: [&str; 8] = [
    "solve", "gen", "stress", "perft", "period", "values", "count", "table",
];

/// The whole command-line definition, for the list of games in force: a command that
/// takes a game exists only when a game of the list has it (a binary whose games have
/// no Grundy part has no `period`, not even a hidden one).
fn command() -> clap::Command {
    use clap::CommandFactory as _;
    let full = CommandLine::command();
    let list = games::games();
    let offered = |command: &str| {
        !PER_GAME.contains(&command) || list.iter().any(|e| e.command(command).is_some())
    };
    // clap takes no subcommand away: the top level is built anew, with the ones offered
    let about: clap::builder::StyledStr = match *ABOUT.read().unwrap_or_else(|e| e.into_inner()) {
        Some(text) => text.into(),
        None => full.get_about().cloned().unwrap_or_default(),
    };
    let cmd = clap::Command::new(name())
        .bin_name(name())
        .version(*VERSION.read().unwrap_or_else(|e| e.into_inner()))
        .about(about)
        .subcommand_required(full.is_subcommand_required_set())
        .arg_required_else_help(full.is_arg_required_else_help_set())
        .subcommands(
            full.get_subcommands()
                .filter(|c| offered(c.get_name()))
                .cloned(),
        )
        .mut_subcommand("completions", |c| {
            c.after_help(completions::examples(name()))
        });
    // `--cases -1` is a bad value of --cases (named in the error), not an unknown flag
    with_negative_numbers(single_game_usage(cmd, &list))
}

/// With a single game, its commands' usage lines name it once, as the user types them
/// (`chomp gen [OPTIONS]`, not `chomp gen chomp [OPTIONS]`: [`arguments`] puts the
/// game's name back).
fn single_game_usage(mut cmd: clap::Command, list: &[games::Entry]) -> clap::Command {
    let [only] = list else { return cmd };
    for command in PER_GAME {
        if only.command(command).is_none() {
            continue;
        }
        cmd = cmd.mut_subcommand(command, |sub| {
            sub.mut_subcommand(only.name, |game| {
                let usage = game
                    .clone()
                    .bin_name(format!("{} {command}", name()))
                    .render_usage()
                    .to_string();
                let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage).to_string();
                game.override_usage(usage)
            })
        });
    }
    cmd
}

/// The command line's one-line description in force (set by [`Cli::run`]).
static ABOUT: std::sync::RwLock<Option<&'static str>> = std::sync::RwLock::new(None);

/// The version in force (set by [`Cli::run`]).
static VERSION: std::sync::RwLock<&'static str> = std::sync::RwLock::new(env!("CARGO_PKG_VERSION"));

/// The process's arguments; with a single game in the list, its name is put after a
/// command that takes a game when the user left it out (`chomp solve --width 3` is
/// `chomp solve chomp --width 3`).
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let list = games::games();
    if let [only] = list.as_slice() {
        let takes_game = args
            .get(1)
            .and_then(|a| a.to_str())
            .is_some_and(|c| PER_GAME.contains(&c) && only.command(c).is_some());
        let named = args.get(2).and_then(|a| a.to_str()) == Some(only.name);
        if takes_game && !named {
            args.insert(2, only.name.into());
        }
    }
    args
}

/// Parses the command line, runs it, and maps the outcome to an exit code (with the list
/// of games in force).
fn run() -> ExitCode {
    use clap::FromArgMatches as _;
    let cmd = command();
    let args = arguments();
    let cli = match cmd
        .try_get_matches_from(&args)
        .and_then(|m| CommandLine::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        // the user's own words (without a single game's name put back)
        Err(e) => tips::exit(e, &std::env::args_os().collect::<Vec<_>>()),
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(f) => exit(f),
    }
}

/// `cmd` and all its subcommands taking `-1` as a flag's value (so the value's own check
/// names the flag) rather than as an unknown flag.
fn with_negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.allow_negative_numbers(true)
        .mut_subcommands(with_negative_numbers)
}

fn dispatch(cli: CommandLine) -> Result<ExitCode, Failure> {
    match cli.command {
        Command::Solve(g) => g.run(),
        Command::Verify(args) => verify(&args),
        Command::Gen(g) => g.run(),
        Command::Stress(g) => g.run(),
        Command::Rules(args) => rules::rules(&args),
        Command::Completions(args) => completions::completions(&args),
        Command::Period(g) => g.run(),
        Command::Values(g) => g.run(),
        Command::Perft(g) => g.run(),
        Command::Count(g) => g.run(),
        Command::Table(g) => g.run(),
        Command::Merge(args) => merge::merge(&args),
    }
}

fn verify(args: &VerifyArgs) -> Result<ExitCode, Failure> {
    let seed = args.seed.unwrap_or_else(crate::rng::fresh_seed);
    let opts = VerifyOptions {
        seed,
        cases: args.cases,
        progress: ProgressArg::mode(args.progress, args.json || args.shard.is_some()),
    };
    let mut report = Report::new(seed);
    let games: Vec<Entry> = games::games()
        .into_iter()
        .filter(|e| args.game.0.as_deref().is_none_or(|g| g == e.name))
        .collect();
    if let Some(shard) = args.shard {
        return merge::verify_shard(&games, &opts, shard, args.cases);
    }
    let mut parts = Vec::new();
    for e in &games {
        (e.verify)(&opts, &mut report, &mut |_| true)
            .map_err(|e| Failure::Internal(e.to_string()))?;
        parts.extend((e.signature)());
    }
    report.signature = crate::harness::signature::signature(&parts);
    report.peak_resident_bytes = crate::stress::runner::own_peak_resident();
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        report
            .write_table_fitted(
                &mut out,
                (!args.wide).then_some(crate::harness::report::TABLE_WIDTH),
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
    let text = crate::input::decode(&bytes)
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

#[cfg(test)]
mod progress_tests {
    use super::*;

    /// The flag wins; without it, a terminal gets a bar (nothing for `verify --json`),
    /// anything else plain lines, whatever `quiet_on_terminal` says.
    #[test]
    fn progress_mode_by_flag_and_terminal() {
        use ProgressMode as M;
        let mode = ProgressArg::mode_given;
        assert_eq!(mode(None, M::Bar, false), M::Bar);
        assert_eq!(mode(None, M::Bar, true), M::None);
        assert_eq!(mode(None, M::Plain, true), M::Plain);
        assert_eq!(mode(None, M::Plain, false), M::Plain);
        assert_eq!(mode(Some(ProgressArg::Bar), M::Plain, true), M::Bar);
        assert_eq!(mode(Some(ProgressArg::Plain), M::Bar, true), M::Plain);
        assert_eq!(mode(Some(ProgressArg::None), M::Bar, false), M::None);
    }
}
