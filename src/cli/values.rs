//! `gamecheck values GAME [rule flags] --upto N`: `g(0), …, g(N)` on one line, separated
//! by commas without spaces (N at most 1,000,000).

use super::grundy::{rules, ForGrundyGame, GrundyArgs, PerGrundyGame};
use super::{print_all, Failure};
use gamecheck::grundy::GrundyPart;
use std::process::ExitCode;

/// `values`' subcommands.
#[derive(Debug, Clone)]
pub struct Values;

/// The flag every game's `values` takes.
#[derive(Debug, clap::Args)]
pub struct UptoArgs {
    /// The last n printed: g(0), …, g(N), 0..=1,000,000 (O(N²) time for paint and for an
    /// octal code with a digit 4-7: about a second for N = 20,000).
    #[arg(long, value_name = "N", required = true, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub upto: Option<u64>,
}

impl PerGrundyGame for Values {
    fn augment<G: GrundyPart>(cmd: clap::Command) -> clap::Command {
        let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd);
        <UptoArgs as clap::Args>::augment_args(cmd)
    }
}

/// Runs `gamecheck values GAME`.
pub fn values<G: GrundyPart>(g: &ForGrundyGame<Values>) -> Result<ExitCode, Failure> {
    let args: GrundyArgs<G> = g.args()?;
    let upto: UptoArgs = g.args()?;
    if g.max_n().is_some() {
        return Err(Failure::Usage(
            "--max-n has no meaning for values: --upto N says how many values to print".into(),
        ));
    }
    let rules = rules(&args)?;
    let n = upto.upto.unwrap_or(0) as usize;
    let g = G::values(&rules, n + 1);
    let text: Vec<String> = g.iter().map(u32::to_string).collect();
    print_all(&(text.join(",") + "\n"))
}
