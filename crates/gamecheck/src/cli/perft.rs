//! `gamecheck perft GAME [rule flags] [--from FILE] --depth D [--divide] [--solver naive]`,
//! `gamecheck perft GAME … --depth D --compare` (the two generators side by side, to the
//! first difference) and `gamecheck table GAME`: numbers and certificates another language
//! can check.

use super::ability::{parsed, Ability, Kind};
use super::{located, print_all, read_input};
use crate::command::{CliGame, ExportTable};
use crate::contest::Contest;
use crate::error::Failure;
use crate::perft::{self, CompareBounds, Finished, Generator, Perft};
use crate::shard::{DivideLine, PerftPlan, PerftShard, Shard, ShardFile};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which move generator `perft` counts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PerftSolver {
    /// The fast generator (the game's `fast_moves`).
    Fast,
    /// The oracle's generator (also spelt `oracle`).
    #[value(alias = "oracle")]
    Naive,
}

/// The arguments of `perft` for game `G`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs<G: Perft + Contest> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
    #[command(flatten)]
    pub start: G::StartArgs,
    /// Start from the one case of this contest input (T = 1) instead of the default start.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Moves in each counted sequence, 0..=4294967295 (0 counts 1); a count that would
    /// need more memo than its bound (2^22 = 4,194,304 entries), or more than a u128, or
    /// may meet a position with more than 2^20 moves, is refused with the largest depth
    /// that fits.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=u32::MAX as i64))]
    pub depth: u32,
    /// One line `MOVE: COUNT` per legal first move (sorted by MOVE), then `total: N`.
    #[arg(long)]
    pub divide: bool,
    /// The move generator: the fast one, or the oracle's (`naive`).
    #[arg(long, value_enum, default_value_t = PerftSolver::Fast)]
    pub solver: PerftSolver,
    /// A game that ends before D moves (no legal move): `dropped` counts it 0, so perft(D)
    /// is the sequences of exactly D moves (chess perft's convention); `leaf` counts it 1
    /// at every greater depth, so perft(D) is the sequences of D moves plus the games
    /// finished in fewer (the published Reversi perft's).
    #[arg(long, value_enum, value_name = "CONVENTION", default_value_t = Finished::Dropped)]
    pub finished: Finished,
    /// Compare the fast generator with the oracle's, to the first difference (exit 1 on
    /// one), then print both totals.
    ///
    /// Instead of counting with one generator: at every
    /// distinct position fewer than D moves from the start (breadth first), the two move
    /// lists (moves matched by notation: a move in one list only, or listed twice, is a
    /// difference) and each move's two successors. Prints the first difference (the
    /// position, the move, both successors, the line of moves from the start) or `no
    /// difference`, then both totals; exit 1 on a difference. Holds at most 2^22 =
    /// 4,194,304 positions and lists at most 2^28 moves, else refused with the largest
    /// depth that fits. Takes both generators, so not with --solver; not with --divide
    /// (divide each generator with --solver).
    #[arg(long, conflicts_with_all = ["divide", "solver", "finished", "shard", "split_depth"])]
    pub compare: bool,
    /// Count shard K of N only (0 ≤ K < N) and print it as JSON, for `merge`.
    ///
    /// The tree is cut at a split depth (--split-depth), its distinct positions there
    /// dealt round-robin in order of first reach; this shard counts perft(D − S) of its
    /// positions times their paths from the start. Run K = 0..N−1 (anywhere: the same
    /// program and flags give the same split), then `merge` the N files: it prints what
    /// `perft` prints. The shard's memo holds at most 2^22 entries and is emptied when
    /// full (the position being counted is counted again), so a count refused here can
    /// fit in shards. Not with --compare.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// The depth S at which --shard cuts the tree, 1..=D (0 for --depth 0; default: the
    /// first depth with at least 16 positions per shard, at most D − 1); its distinct
    /// positions are held, at most 2^20. A deeper S gives each shard smaller subtrees.
    #[arg(long, value_name = "S", requires = "shard")]
    pub split_depth: Option<u32>,
}

/// `perft`'s subcommands.
#[derive(Debug, Clone)]
pub struct PerftKind;

impl Kind for PerftKind {
    const NAME: &'static str = "perft";
}

fn run_perft<G: Perft + Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    perft::<G>(&parsed::<PerftArgs<G>>(m)?)
}

/// `perft` for game `G`.
pub fn ability<G: CliGame + Perft>() -> Ability {
    Ability {
        augment: PerftArgs::<G>::augment_args,
        run: run_perft::<G>,
        about: None,
    }
}

/// The start state: the one case of `from`, or the game's default start from the start
/// flags (`perft` and `count`).
pub fn start_state<G: Perft + Contest>(
    rules: &G::Rules,
    start: &G::StartArgs,
    from: Option<&std::path::Path>,
) -> Result<G::State, Failure> {
    let usage = |e: crate::error::RuleError| Failure::Usage(e.to_string());
    let Some(path) = from else {
        return G::default_start(rules, start).map_err(usage);
    };
    let (name, text) = read_input(Some(path))?;
    let cases = G::read(rules, &text).map_err(|e| located(&name, &e))?;
    if cases.len() != 1 {
        return Err(Failure::Usage(format!(
            "--from {name}: the input holds {} cases (T = {}); a count starts from exactly one (T = 1)",
            cases.len(),
            cases.len()
        )));
    }
    G::state_of(rules, &cases[0]).map_err(|e| Failure::Usage(format!("--from {name}: {e}")))
}

/// `perft`: counts, or refuses with the largest depth that fits.
pub fn perft<G: Perft + Contest>(args: &PerftArgs<G>) -> Result<ExitCode, Failure> {
    let rules = G::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let state = start_state::<G>(&rules, &args.start, args.from.as_deref())?;
    let walker = G::walker(&rules);
    if args.compare {
        return compare::<G>(&walker, &state, args.depth);
    }
    let gen = match args.solver {
        PerftSolver::Fast => Generator::Fast,
        PerftSolver::Naive => Generator::Oracle,
    };
    if let Some(shard) = args.shard {
        return perft_shard::<G>(args, &rules, &walker, &state, gen, shard);
    }
    let (lines, total) = perft::perft_with_finished::<G>(
        &walker,
        &state,
        args.depth,
        gen,
        args.divide,
        perft::MEMO_LIMIT,
        args.finished,
    )
    .map_err(|r| {
        Failure::Usage(format!(
            "--depth {}: {}; the largest depth that fits is {}",
            args.depth, r.error, r.fits
        ))
    })?;
    print_all(&crate::shard::perft_text(&lines, total))
}

/// A flag's value as the command line spells it (`naive`, `leaf`).
fn value_name(value: &impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map_or(String::new(), |p| p.get_name().to_string())
}

/// `perft --shard K/N`: the split, this shard's counts, as JSON.
fn perft_shard<G: Perft + Contest>(
    args: &PerftArgs<G>,
    rules: &G::Rules,
    walker: &G::Walker,
    state: &G::State,
    gen: Generator,
    shard: Shard,
) -> Result<ExitCode, Failure> {
    let started = std::time::Instant::now();
    let at = format!("--depth {} --shard {shard}", args.depth);
    let cut = perft::split::<G>(
        walker,
        state,
        args.depth,
        gen,
        args.split_depth,
        shard.count,
    )
    .map_err(|e| Failure::Usage(format!("{at}: {e}")))?;
    let count = perft::count_shard::<G>(
        walker,
        &cut,
        args.depth,
        gen,
        args.finished,
        shard.index,
        shard.count,
        perft::MEMO_LIMIT,
    )
    .map_err(|e| {
        let remedy = match e {
            perft::PerftError::MemoBound { .. } => format!(
                " for one position at the split depth {}: a deeper --split-depth gives each \
                 position a smaller subtree",
                cut.depth
            ),
            _ => String::new(),
        };
        Failure::Usage(format!("{at}: {e}{remedy}"))
    })?;
    let from_sha256 = match &args.from {
        Some(path) => Some(crate::shard::sha256_hex(&std::fs::read(path).map_err(
            |e| Failure::Usage(format!("cannot read {}: {e}", path.display())),
        )?)),
        None => None,
    };
    let plan = PerftPlan {
        program: super::name().to_string(),
        version: super::version().to_string(),
        game: G::NAME.to_string(),
        rules: rules.to_string(),
        start_sha256: crate::shard::sha256_hex(G::show(walker, state).as_bytes()),
        from_sha256,
        solver: value_name(&args.solver),
        finished: value_name(&args.finished),
        depth: args.depth,
        split_depth: cut.depth,
        split_positions: cut.positions.len() as u64,
        split_sha256: cut.digest(walker),
        divide: args.divide,
        shards: shard.count,
    };
    let file = ShardFile::Perft(PerftShard {
        format: crate::shard::FORMAT.to_string(),
        plan_digest: crate::shard::digest(&plan),
        plan,
        shard: shard.index,
        positions: count.positions,
        total: count.total.to_string(),
        divide: args.divide.then(|| {
            count
                .lines
                .iter()
                .map(|l| DivideLine {
                    mv: l.mv.clone(),
                    count: l.count.to_string(),
                })
                .collect()
        }),
        seconds: started.elapsed().as_secs_f64(),
    });
    print_all(&file.to_json())
}

/// `perft --compare`: the comparison's text on stdout; exit 1 on a difference.
fn compare<G: Perft>(
    walker: &G::Walker,
    state: &G::State,
    depth: u32,
) -> Result<ExitCode, Failure> {
    let c = perft::compare::<G>(walker, state, depth, CompareBounds::default())
        .map_err(|e| Failure::Usage(format!("--depth {depth}: {e}")))?;
    let code = print_all(&c.to_string())?;
    Ok(if c.difference.is_some() {
        ExitCode::from(1)
    } else {
        code
    })
}

/// `table`'s subcommands.
#[derive(Debug, Clone)]
pub struct TableKind;

impl Kind for TableKind {
    const NAME: &'static str = "table";
}

fn run_table<G: ExportTable>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    print_all(&G::table(&parsed::<G::TableArgs>(m)?)?)
}

/// `table` for game `G`.
pub fn table_ability<G: CliGame + ExportTable>() -> Ability {
    Ability {
        augment: G::TableArgs::augment_args,
        run: run_table::<G>,
        about: Some(G::TABLE_ABOUT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::compare::toy::Heap;
    use clap::FromArgMatches as _;

    fn args<G: Perft + Contest>(line: &[&str]) -> PerftArgs<G> {
        let cmd = PerftArgs::<G>::augment_args(clap::Command::new("perft"));
        PerftArgs::from_arg_matches(&cmd.try_get_matches_from(line).unwrap()).unwrap()
    }

    /// `--compare` exits 1 on a difference, a wrong successor whose totals agree
    /// included, and 0 without one (the toy heap game's planted bugs: 1 a move missing,
    /// 3 a wrong successor).
    #[test]
    fn compare_exits_1_on_a_difference() {
        let compare = ["perft", "--depth", "4", "--compare"];
        assert_eq!(
            perft::<Heap<0>>(&args(&compare)).unwrap(),
            ExitCode::SUCCESS
        );
        assert_eq!(
            perft::<Heap<1>>(&args(&compare)).unwrap(),
            ExitCode::from(1)
        );
        assert_eq!(
            perft::<Heap<3>>(&args(&compare)).unwrap(),
            ExitCode::from(1)
        );
        // without --compare, the totals alone: a count, exit 0, bug or not
        let count = ["perft", "--depth", "4"];
        assert_eq!(perft::<Heap<3>>(&args(&count)).unwrap(), ExitCode::SUCCESS);
    }
}
