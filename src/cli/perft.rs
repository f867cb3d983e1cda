//! `gamecheck perft GAME [rule flags] [--from FILE] --depth D [--divide] [--solver naive]`,
//! `gamecheck count marble|paint` and `gamecheck table marble --out FILE`: numbers and
//! certificates another language can check (issue 13).

use super::{located, print_all, read_input, Failure};
use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use gamecheck::game::{Game, GameId};
use gamecheck::harness::progress::Progress;
use gamecheck::marble::{self, export, table::Table};
use gamecheck::perft::{self, Generator, Perft};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which move generator `perft` counts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PerftSolver {
    /// The fast (bitmask) generator.
    Fast,
    /// The oracle's generator (also spelt `oracle`).
    #[value(alias = "oracle")]
    Naive,
}

/// The arguments of `perft` for game `G`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs<G: Perft> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
    #[command(flatten)]
    pub start: G::StartArgs,
    /// Start from the one case of this contest input (T = 1) instead of the default start.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Moves in each counted sequence, 0..=4294967295 (0 counts 1); a count that would
    /// need more memo than its bound, or more than a u128, is refused with the largest
    /// depth that fits.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=u32::MAX as i64))]
    pub depth: u32,
    /// One line `MOVE: COUNT` per legal first move (sorted by MOVE), then `total: N`.
    #[arg(long)]
    pub divide: bool,
    /// The move generator: the fast one, or the oracle's (`naive`).
    #[arg(long, value_enum, default_value_t = PerftSolver::Fast)]
    pub solver: PerftSolver,
}

/// `perft GAME …`: the game and its subcommand's matches.
#[derive(Debug, Clone)]
pub struct PerftCmd {
    game: GameId,
    matches: ArgMatches,
}

impl FromArgMatches for PerftCmd {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let game = name
            .parse()
            .map_err(|_| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(PerftCmd {
            game,
            matches: sub.clone(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PerftCmd {
    fn augment_subcommands(cmd: Command) -> Command {
        GameId::ALL.iter().fold(cmd, |cmd, &id| {
            gamecheck::with_game!(id, G => cmd.subcommand(
                PerftArgs::<G>::augment_args(Command::new(G::NAME))
                    .about(G::ABOUT)
                    .long_about(None)
            ))
        })
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        name.parse::<GameId>().is_ok()
    }
}

/// Runs `perft` for the chosen game.
pub fn perft_cmd(cmd: &PerftCmd) -> Result<ExitCode, Failure> {
    gamecheck::with_game!(cmd.game, G => {
        let args = PerftArgs::<G>::from_arg_matches(&cmd.matches)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        perft::<G>(&args)
    })
}

/// The start state: the one case of `--from`, or the game's default start.
fn start_state<G: Perft>(args: &PerftArgs<G>, rules: &G::Rules) -> Result<G::State, Failure> {
    let usage = |e: gamecheck::error::RuleError| Failure::Usage(e.to_string());
    let Some(path) = &args.from else {
        return G::default_start(rules, &args.start).map_err(usage);
    };
    let (name, text) = read_input(Some(path))?;
    let cases = G::read(rules, &text).map_err(|e| located(&name, &e))?;
    if cases.len() != 1 {
        return Err(Failure::Usage(format!(
            "--from {name}: the input holds {} cases (T = {}); perft starts from exactly one (T = 1)",
            cases.len(),
            cases.len()
        )));
    }
    G::state_of(rules, &cases[0]).map_err(|e| Failure::Usage(format!("--from {name}: {e}")))
}

/// `perft`: counts, or refuses with the largest depth that fits.
pub fn perft<G: Perft>(args: &PerftArgs<G>) -> Result<ExitCode, Failure> {
    let rules = G::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let state = start_state(args, &rules)?;
    let walker = G::walker(&rules);
    let gen = match args.solver {
        PerftSolver::Fast => Generator::Fast,
        PerftSolver::Naive => Generator::Oracle,
    };
    let (lines, total) =
        perft::perft::<G>(&walker, &state, args.depth, gen, args.divide).map_err(|r| {
            Failure::Usage(format!(
                "--depth {}: {}; the largest depth that fits is {}",
                args.depth, r.error, r.fits
            ))
        })?;
    let mut out = String::new();
    for l in &lines {
        let _ = writeln!(out, "{}: {}", l.mv, l.count);
    }
    let _ = writeln!(out, "total: {total}");
    print_all(&out)
}

/// `count GAME`.
#[derive(Debug, Subcommand)]
pub enum CountCmd {
    /// Positions, P-positions and N-positions by number of marbles, from the table solver
    /// (side 6: the full table, 8 GiB of memory and about a minute).
    Marble(marble::game::RuleArgs),
    /// For N = 1..=max-n: how many of the 4^N strips are P-positions.
    Paint(CountPaintArgs),
}

/// `count paint`'s flags.
#[derive(Debug, Args)]
pub struct CountPaintArgs {
    /// Largest N, 1..=10.
    #[arg(long, value_name = "N")]
    pub max_n: u64,
}

/// Runs `count`.
pub fn count_cmd(cmd: &CountCmd) -> Result<ExitCode, Failure> {
    match cmd {
        CountCmd::Marble(args) => {
            let rules =
                marble::MarbleGame::rules(args).map_err(|e| Failure::Usage(e.to_string()))?;
            let positions = 1u64 << rules.cells();
            let bar = Bar::new("build", positions);
            let table = Table::try_build_observed(&rules, positions - 1, &bar);
            bar.bar.finish();
            let table =
                table.map_err(|e| Failure::Usage(format!("--side {}: {e}", rules.side())))?;
            print_all(&export::write_layers(&export::layers(&table)))
        }
        CountCmd::Paint(args) => {
            let max = gamecheck::paint::perft::COUNT_MAX_N;
            if !(1..=max).contains(&args.max_n) {
                return Err(Failure::Usage(format!(
                    "--max-n: {} is outside 1..={max} (4^N strips are enumerated)",
                    args.max_n
                )));
            }
            let rows = gamecheck::paint::perft::p_positions(args.max_n);
            print_all(&gamecheck::paint::perft::write_p_positions(&rows))
        }
    }
}

/// `table GAME`.
#[derive(Debug, Subcommand)]
pub enum TableCmd {
    /// Write the solved table of a rule set (GCTABLE1), certified, and FILE.sha256 beside it
    /// (side 6: 8 GiB of memory and disk, about 3 minutes).
    Marble(TableMarbleArgs),
}

/// `table marble`'s flags.
#[derive(Debug, Args)]
pub struct TableMarbleArgs {
    #[command(flatten)]
    pub rules: marble::game::RuleArgs,
    /// The table file to write; its digest goes to FILE.sha256.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Draws a build or a certificate on stderr (layers done, positions per second, time
/// left); nothing when stderr is not a terminal.
struct Bar {
    bar: Progress,
    what: &'static str,
}

impl Bar {
    fn new(what: &'static str, positions: u64) -> Bar {
        Bar {
            bar: Progress::positions(positions, what),
            what,
        }
    }
}

impl marble::table::Observer for Bar {
    fn layer(&self, layer: usize, layers: usize, _positions: u64) {
        self.bar
            .set_label(format!("{} (layer {}/{layers})", self.what, layer + 1));
    }
    fn advance(&self, positions: u64) {
        self.bar.advance(positions);
    }
}

/// Runs `table`: builds the table, proves it with the certificate, writes the file and
/// its digest as it goes (no second copy of the table), prints the digest line; the
/// times go to stderr.
pub fn table_cmd(cmd: &TableCmd) -> Result<ExitCode, Failure> {
    let TableCmd::Marble(args) = cmd;
    let rules =
        marble::MarbleGame::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let file_name = args
        .out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| Failure::Usage(format!("--out {}: not a file name", args.out.display())))?;
    let cannot = |path: &std::path::Path, e: std::io::Error| {
        Failure::Usage(format!("{}: cannot write: {e}", path.display()))
    };
    // open the file first, so a bad --out fails before minutes of building
    let file = std::fs::File::create(&args.out)
        .map_err(|e| Failure::Usage(format!("--out {}: cannot write: {e}", args.out.display())))?;
    let positions = 1u64 << rules.cells();
    let all = positions - 1;
    let started = std::time::Instant::now();
    let bar = Bar::new("build", positions);
    let table = Table::try_build_observed(&rules, all, &bar);
    bar.bar.finish();
    let table = match table {
        Ok(t) => t,
        Err(e) => {
            drop(file);
            let _ = std::fs::remove_file(&args.out);
            return Err(Failure::Usage(format!("--side {}: {e}", rules.side())));
        }
    };
    let built = started.elapsed();
    let bar = Bar::new("certificate", positions);
    let proof = table.certify_observed(&bar);
    bar.bar.finish();
    let certified = started.elapsed() - built;
    if let Err(e) = proof {
        drop(file);
        let _ = std::fs::remove_file(&args.out);
        return Err(Failure::Internal(format!(
            "the built table fails its certificate under {rules}: {e}"
        )));
    }
    let digest = export::write_file(&table, file).map_err(|e| cannot(&args.out, e))?;
    let line = format!("{digest}  {file_name}\n");
    let mut sum_path = args.out.clone().into_os_string();
    sum_path.push(".sha256");
    let sum_path = PathBuf::from(sum_path);
    std::fs::write(&sum_path, &line).map_err(|e| cannot(&sum_path, e))?;
    eprintln!(
        "table: {positions} positions under {rules}: built in {:.1} s, certified in {:.1} s, written in {:.1} s",
        built.as_secs_f64(),
        certified.as_secs_f64(),
        (started.elapsed() - built - certified).as_secs_f64()
    );
    print_all(&line)
}
