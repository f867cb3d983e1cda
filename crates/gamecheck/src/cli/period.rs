//! `gamecheck period GAME [rule flags] [--max-n N]`: the smallest period of `g` and its
//! pre-period, proved by the periodicity theorem (`crate::grundy`), in two lines:
//!
//! ```text
//! period 12, pre-period 71
//! proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g computed to 255)
//! ```
//!
//! `g` is computed in doubling lengths up to `--max-n` values (default 20,000, at most
//! 1,000,000); exit 1 when no period proves within them.

use super::ability::{parsed, Ability};
use super::grundy::{max_n, rules, GrundyArgs};
use super::{print_all, Failure};
use crate::contest::Contest;
use crate::grundy::GrundyPart;
use std::process::ExitCode;

/// The default `--max-n` of `period`.
pub const DEFAULT_MAX_N: u64 = 20_000;
/// The largest `--max-n`.
pub const MAX_N: u64 = 1_000_000;

/// `period`'s subcommands.
#[derive(Debug, Clone)]
pub struct Period;

impl super::ability::Kind for Period {
    const NAME: &'static str = "period";
}

/// `period` for game `G`.
pub fn ability<G: crate::command::CliGame + GrundyPart>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: period::<G>,
        about: None,
    }
}

fn augment<G: GrundyPart + Contest>(cmd: clap::Command) -> clap::Command {
    let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd);
    if cmd.get_arguments().any(|a| a.get_id() == "max_n") {
        return cmd.mut_arg("max_n", |a| {
            a.help(
                "How many values of g to compute at most, 1..=1,000,000 (default 20,000; \
                 O(N²) for a code with a digit 4-7)",
            )
        });
    }
    cmd.arg(
        clap::Arg::new("max_n")
            .long("max-n")
            .value_name("N")
            .value_parser(clap::value_parser!(u64))
            .help("How many values of g to compute at most, 1..=1,000,000 (default 20,000)"),
    )
}

/// Runs `gamecheck period GAME`.
pub fn period<G: GrundyPart + Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    let args: GrundyArgs<G> = parsed(m)?;
    let max_n = max_n(m).unwrap_or(DEFAULT_MAX_N);
    if !(1..=MAX_N).contains(&max_n) {
        return Err(Failure::Usage(format!(
            "--max-n {max_n} is outside 1..={MAX_N} (the values of g computed)"
        )));
    }
    let rules = rules(&args)?;
    let t = G::max_removed(&rules);
    match G::period(&rules, max_n as usize) {
        (_, Some(p)) => print_all(&format!("{}\n{}\n", p.summary(), p.proof_text(t))),
        (g, None) => Err(Failure::Internal(format!(
            "no period of g proved for {rules} with g computed to {} (--max-n {max_n}); \
             a larger --max-n may find one",
            g.len().saturating_sub(1)
        ))),
    }
}
