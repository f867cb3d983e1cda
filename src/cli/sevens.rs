//! `gamecheck solve sevens`.

use super::{input_path, located, print_all, read_input, Failure};
use gamecheck::sevens::rules::{MAX_RANKS, MAX_SUITS};
use gamecheck::sevens::{format, solve_all, solver_by_name, Rules, Stuck};
use std::path::PathBuf;
use std::process::ExitCode;

/// The stuck rule on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StuckArg {
    /// A player with no playable card loses; all cards played is a draw (standard).
    Lose,
    /// A stuck player passes; the first to empty their hand wins.
    Pass,
}

/// The sevens rule flags (`gamecheck rules sevens`, docs/rules.md).
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// Number of suits, 1..=4 (taken in the order S, H, C, D).
    #[arg(long, default_value_t = 4)]
    pub suits: usize,
    /// Number of ranks R, 1..=13.
    #[arg(long, default_value_t = 13)]
    pub ranks: u8,
    /// Start rank K of every chain, 1..=R (default the middle rank (R + 1) / 2).
    #[arg(long)]
    pub start: Option<u8>,
    /// What happens to a player with no playable card.
    #[arg(long, value_enum, default_value_t = StuckArg::Lose)]
    pub stuck: StuckArg,
}

impl RuleArgs {
    /// The rule set, or a usage error naming the bad flag.
    pub fn rules(&self) -> Result<Rules, Failure> {
        let stuck = match self.stuck {
            StuckArg::Lose => Stuck::Lose,
            StuckArg::Pass => Stuck::Pass,
        };
        Rules::new(self.suits, self.ranks, self.start, stuck).map_err(|e| {
            // checked in this order, so a rule error names the first bad flag
            let flag = if !(1..=MAX_SUITS).contains(&self.suits) {
                "--suits"
            } else if !(1..=MAX_RANKS).contains(&self.ranks) {
                "--ranks"
            } else {
                "--start"
            };
            Failure::Usage(format!("{flag}: {}", e.0))
        })
    }
}

/// `gamecheck solve sevens [FILE] [rule flags] [--solver NAME]`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The contest input (stdin when absent or `-`).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// naive (the oracle, at most 24 cards), memo, or table.
    #[arg(long, default_value = "table")]
    pub solver: String,
}

/// Reads every deal, solves them all, then prints one `Alice`/`Bob`/`Draw` line each.
pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let rules = args.rules.rules()?;
    rules
        .contest_hand_size()
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let mut solver = solver_by_name(&args.solver, &rules)
        .map_err(|e| Failure::Usage(format!("--solver: {}", e.0)))?;
    let (name, text) = read_input(input_path(&args.file))?;
    let deals = format::read(&text, &rules).map_err(|e| located(&name, &e))?;
    let answers = solve_all(solver.as_mut(), &deals).map_err(|e| Failure::Usage(e.to_string()))?;
    print_all(&format::write_answers(&answers))
}
