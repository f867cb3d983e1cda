//! `gamecheck solve marble`.

use super::{input_path, located, print_all, read_input, Failure};
use gamecheck::marble::{format, solve_all, solver_by_name, LineSet, Play, Rules};
use std::path::PathBuf;
use std::process::ExitCode;

/// The marble rule flags (games.md §1, "Rule variants").
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// Side n of the diamond, 1..=5.
    #[arg(long, default_value_t = 4)]
    pub side: usize,
    /// Run length k, 1..=side: the most marbles one move places (default min(3, side)).
    #[arg(long)]
    pub run: Option<usize>,
    /// Allowed line families: a comma list of horizontal, vertical, rising, falling (or all).
    #[arg(long, default_value = "all")]
    pub lines: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub misere: bool,
}

impl RuleArgs {
    /// The rule set, or a usage error naming the bad flag.
    pub fn rules(&self) -> Result<Rules, Failure> {
        let lines: LineSet = self
            .lines
            .parse()
            .map_err(|e| Failure::Usage(format!("--lines: {e}")))?;
        let play = if self.misere {
            Play::Misere
        } else {
            Play::Normal
        };
        Rules::new(self.side, self.run, lines, play).map_err(|e| Failure::Usage(e.to_string()))
    }
}

/// `gamecheck solve marble [FILE] [rule flags] [--solver NAME]`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The contest input (stdin when absent or `-`).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// naive (the oracle, at most 20 empty cells), bitmask, or table.
    #[arg(long, default_value = "table")]
    pub solver: String,
}

/// Reads every position, solves them all, then prints one `Alice`/`Bob` line each.
pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let rules = args.rules.rules()?;
    let mut solver = solver_by_name(&args.solver, &rules)
        .map_err(|e| Failure::Usage(format!("--solver: {}", e.0)))?;
    let (name, text) = read_input(input_path(&args.file))?;
    let positions = format::read(&text, rules.side()).map_err(|e| located(&name, &e))?;
    let answers =
        solve_all(solver.as_mut(), &positions).map_err(|e| Failure::Usage(e.to_string()))?;
    print_all(&format::write_answers(&answers))
}
