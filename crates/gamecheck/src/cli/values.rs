//! `gamecheck values GAME [rule flags] --upto N`: `g(0), …, g(N)` on one line, separated
//! by commas without spaces (N at most 1,000,000).

use super::ability::{parsed, Ability};
use super::grundy::{max_n, rules, GrundyArgs};
use super::{print_all, Failure};
use crate::contest::Contest;
use crate::grundy::GrundyPart;
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

impl super::ability::Kind for Values {
    const NAME: &'static str = "values";
}

fn augment<G: GrundyPart + Contest>(cmd: clap::Command) -> clap::Command {
    let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd);
    <UptoArgs as clap::Args>::augment_args(cmd)
}

/// `values` for game `G`.
pub fn ability<G: crate::command::CliGame + GrundyPart>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: values::<G>,
        about: None,
    }
}

/// Runs `gamecheck values GAME`.
pub fn values<G: GrundyPart + Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    let args: GrundyArgs<G> = parsed(m)?;
    let upto: UptoArgs = parsed(m)?;
    if max_n(m).is_some() {
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
