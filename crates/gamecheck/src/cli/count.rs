//! `gamecheck count GAME [rule flags] [start flags] [--from FILE] [--depth D] [--solver
//! naive] [--memory-limit MiB]`: the game tree from a start, layer by layer
//! ([`crate::perft::count_tree_within`]; up to the game's symmetries with
//! `--up-to-symmetry`), for every game with `perft`, within
//! [`crate::perft::MEMORY_LIMIT`] bytes of positions unless `--memory-limit` says. A game
//! with counts of its own ([`Count`]) prints those instead, from its own flags, and the
//! tree with `--tree`.

use super::ability::{parsed, Ability, Kind};
use super::perft::{start_state, PerftSolver};
use super::{print_all, Failure};
use crate::command::Count;
use crate::contest::Contest;
use crate::perft::{count_tree_within, Bounds, CountError, Finished, Generator, Perft};
use clap::{Arg, ArgAction, Args, Command};
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `count` for game `G` (of `count GAME --tree` for a game with counts
/// of its own).
#[derive(Debug, clap::Args)]
pub struct TreeArgs<G: Perft + Contest> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
    #[command(flatten)]
    pub start: G::StartArgs,
    /// Start from the one case of this contest input (T = 1) instead of the default start.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// The last depth counted, 0..=4294967295 (default: to the end of every line). A
    /// count holds two layers of positions at once (and, unless the game declares its
    /// layers disjoint, every position seen); one whose positions would take more than
    /// --memory-limit, meet a position with more than 2^20 moves or pass a u128 is
    /// refused with the largest depth that fits; without --depth, so is a game that does
    /// not always end.
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// The most memory the positions held at once may take, in MiB (1 MiB = 2^20
    /// bytes), 1..=1048576; default 16384 = 16 GiB (their hash tables as laid out, the
    /// old and the new while one grows). A game that packs a position into two words
    /// takes 30 to 60 bytes a position held: 7 × 6 Connect Four about 6.7 GB at ply 14.
    #[arg(long, value_name = "MiB", value_parser = parse_mib)]
    pub memory_limit: Option<u64>,
    /// The move generator: the fast one, or the oracle's (`naive`).
    #[arg(long, value_enum, default_value_t = PerftSolver::Fast)]
    pub solver: PerftSolver,
    /// A game that ends before a depth: `dropped` leaves it out of that depth's
    /// sequences (each is the sequences of exactly that many moves: `perft`'s default);
    /// `leaf` counts it in every greater depth's, so each is perft(d) under `perft
    /// --finished leaf` (the sequences of d moves plus the games finished in fewer).
    #[arg(long, value_enum, value_name = "CONVENTION", default_value_t = Finished::Dropped)]
    pub finished: Finished,
    /// Count positions that the game's symmetries map onto each other (a board's
    /// reflections and rotations) as one; move sequences and games are still counted one
    /// by one. The same as without it for a game that lists no symmetries.
    #[arg(long)]
    pub up_to_symmetry: bool,
}

/// `count`'s subcommands.
#[derive(Debug, Clone)]
pub struct CountKind;

impl Kind for CountKind {
    const NAME: &'static str = "count";
}

/// `count` for game `G`: the tree.
pub fn tree_ability<G: Perft + Contest>() -> Ability {
    Ability {
        augment: TreeArgs::<G>::augment_args,
        run: run_tree::<G>,
        about: None,
    }
}

/// `count` for game `G` with counts of its own: those, and the tree with `--tree`.
pub fn own_ability<G: Count + Contest>() -> Ability {
    Ability {
        augment: augment_own::<G>,
        run: run_own::<G>,
        about: Some(G::COUNT_ABOUT),
    }
}

/// The flag that chooses the tree over a game's own counts.
const TREE: &str = "tree";

/// The game's own flags, `--tree`, and the tree's flags the game's do not hold already
/// (each needs `--tree`); the game's own flags that the tree lacks conflict with it.
fn augment_own<G: Count + Contest>(cmd: Command) -> Command {
    let cmd = G::CountArgs::augment_args(cmd);
    let own: Vec<clap::Id> = cmd.get_arguments().map(|a| a.get_id().clone()).collect();
    let tree = TreeArgs::<G>::augment_args(Command::new(TREE));
    let shared = |id: &clap::Id| tree.get_arguments().any(|a| a.get_id() == id);
    let mut cmd = cmd.arg(Arg::new(TREE).long(TREE).action(ArgAction::SetTrue).help(
        "Count the game tree from a start instead: positions and terminal positions \
                 by depth, move sequences and finished games of each length",
    ));
    for id in own.iter().filter(|id| !shared(id)) {
        cmd = cmd.mut_arg(id, |a| {
            let required = a.is_required_set();
            let a = a.conflicts_with(TREE);
            match required {
                true => a.required(false).required_unless_present(TREE),
                false => a,
            }
        });
    }
    for arg in tree.get_arguments().filter(|a| !own.contains(a.get_id())) {
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        let mut chars = help.chars();
        let first = chars.next().map(|c| c.to_lowercase().to_string());
        let help = format!(
            "With --tree: {}{}",
            first.unwrap_or_default(),
            chars.as_str()
        );
        cmd = cmd.arg(arg.clone().requires(TREE).help(help));
    }
    cmd
}

fn run_own<G: Count + Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    if m.get_flag(TREE) {
        return run_tree::<G>(m);
    }
    print_all(&G::count(&parsed::<G::CountArgs>(m)?)?)
}

fn run_tree<G: Perft + Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    let args = parsed::<TreeArgs<G>>(m)?;
    let rules = G::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let state = start_state::<G>(&rules, &args.start, args.from.as_deref())?;
    let walker = G::walker(&rules);
    let gen = match args.solver {
        PerftSolver::Fast => Generator::Fast,
        PerftSolver::Naive => Generator::Oracle,
    };
    let mut bounds = Bounds::default();
    if let Some(mib) = args.memory_limit {
        bounds.memory = mib << 20;
    }
    let tree = count_tree_within::<G>(
        &walker,
        &state,
        args.depth,
        gen,
        args.up_to_symmetry,
        bounds,
    )
    .map_err(|e| match (e, args.depth) {
        // the game's ply is wrong: a bug of the game's, not of the command line
        (e @ CountError::Ply { .. }, _) => Failure::Internal(format!("{}: {e}", G::NAME)),
        (e @ CountError::Endless { .. }, _) => Failure::Usage(format!("{e} with --depth D")),
        (e, Some(d)) => Failure::Usage(format!("--depth {d}: {e}")),
        (e, None) => Failure::Usage(e.to_string()),
    })?;
    print_all(&tree.with_finished(args.finished).text())
}

/// Parses `--memory-limit`: a whole number of MiB in 1..=1048576, without a unit.
fn parse_mib(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(mib @ 1..=1_048_576) => Ok(mib),
        _ => Err(format!(
            "`{text}` is not a whole number of MiB in 1..=1048576 (without a unit: \
             `--memory-limit 1024` for 1 GiB)"
        )),
    }
}
