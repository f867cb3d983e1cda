//! `gamecheck solve paint`.

use super::{input_path, located, print_all, read_input, Failure};
use gamecheck::paint::{format, solve_all, solver_by_name};
use std::path::PathBuf;
use std::process::ExitCode;

/// `gamecheck solve paint [FILE] [--solver NAME]`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The contest input (stdin when absent or `-`).
    pub file: Option<PathBuf>,
    /// naive (the oracle, at most 20 unpainted cells), bitmask (N ≤ 32, at most 24
    /// unpainted cells), grundy (runs up to 100,000 columns), or periodic (any N).
    #[arg(long, default_value = "periodic")]
    pub solver: String,
}

/// Reads every case, solves them all, then prints one `Case i: Alice|Bob` line each.
pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let mut solver =
        solver_by_name(&args.solver).map_err(|e| Failure::Usage(format!("--solver: {}", e.0)))?;
    let (name, text) = read_input(input_path(&args.file))?;
    let positions = format::read(&text).map_err(|e| located(&name, &e))?;
    let answers =
        solve_all(solver.as_mut(), &positions).map_err(|e| Failure::Usage(e.to_string()))?;
    print_all(&format::write_answers(&answers))
}
