//! `gamecheck count GAME [rule flags] [start flags] [--from FILE] [--depth D] [--solver
//! naive]`: the game tree from a start, layer by layer ([`crate::perft::count_tree`]; up to the game's symmetries with
//! `--up-to-symmetry`),
//! for every game with `perft`. A game with counts of its own ([`Count`]) prints those
//! instead, from its own flags, and the tree with `--tree`.

use super::ability::{parsed, Ability, Kind};
use super::perft::{start_state, PerftSolver};
use super::{print_all, Failure};
use crate::command::Count;
use crate::contest::Contest;
use crate::perft::{count_tree_by, CountError, Generator, Perft};
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
    /// count that would hold more than 2^22 = 4,194,304 positions at once, list more than
    /// 2^28 moves, meet a position with more than 2^20 moves or pass a u128 is refused
    /// with the largest depth that fits; without --depth, so is a game that does not
    /// always end.
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// The move generator: the fast one, or the oracle's (`naive`).
    #[arg(long, value_enum, default_value_t = PerftSolver::Fast)]
    pub solver: PerftSolver,
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
    let tree =
        count_tree_by::<G>(&walker, &state, args.depth, gen, args.up_to_symmetry).map_err(|e| {
            Failure::Usage(match (e, args.depth) {
                (e @ CountError::Endless { .. }, _) => format!("{e} with --depth D"),
                (e, Some(d)) => format!("--depth {d}: {e}"),
                (e, None) => e.to_string(),
            })
        })?;
    print_all(&tree.text())
}
