//! `gamecheck solve marble`.

use super::{input_path, located, print_all, read_input, Failure};
use gamecheck::marble::rules::MAX_SIDE;
use gamecheck::marble::{format, solve_all, solver_by_name, LineSet, Play, Position, Rules};
use std::path::PathBuf;
use std::process::ExitCode;

/// The marble rule flags (`gamecheck rules marble`, docs/rules.md).
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// Side n of the diamond, 1..=5.
    #[arg(long, default_value_t = 4)]
    pub side: usize,
    /// Run length k, 1..=side: the most marbles one move places (default min(3, side)).
    #[arg(long)]
    pub run: Option<usize>,
    /// Allowed line families: a comma list of horizontal (a printed row), vertical (two
    /// printed rows apart), rising (/), falling (\), or all; drawn in `gamecheck rules marble`.
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
        Rules::new(self.side, self.run, lines, play).map_err(|e| {
            // the side is checked first, so a rule error names the side or else the run
            let flag = if (1..=MAX_SIDE).contains(&self.side) {
                "--run"
            } else {
                "--side"
            };
            Failure::Usage(format!("{flag}: {}", e.0))
        })
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
    let positions = read_positions(&name, &text, rules.side())?;
    let answers =
        solve_all(solver.as_mut(), &positions).map_err(|e| Failure::Usage(e.to_string()))?;
    print_all(&format::write_answers(&answers))
}

/// The positions of the input, or its located error; when the input does not read as
/// positions of `side` but does as positions of another side, the error says so.
fn read_positions(name: &str, text: &str, side: usize) -> Result<Vec<Position>, Failure> {
    format::read(text, side).map_err(|e| {
        let fits: Vec<String> = (1..=MAX_SIDE)
            .filter(|&s| s != side && format::read(text, s).is_ok())
            .map(|s| s.to_string())
            .collect();
        match located(name, &e) {
            Failure::Usage(msg) if !fits.is_empty() => Failure::Usage(format!(
                "{msg}\ntip: the input reads as positions of side {} (this run's side is {side}): \
                 try `--side {}`",
                fits.join(" or "),
                fits[0]
            )),
            other => other,
        }
    })
}
