//! `gamecheck solve GAME [FILE] [rule flags] [--solver NAME]`.

use super::games::{augment_with, parsed, Ability};
use super::{input_path, located, print_all, read_input, Failure};
use crate::game::{variant_name, Contest};
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `solve` for game `G`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs<G: Contest> {
    /// The contest input (stdin when absent or `-`).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub rules: G::RuleArgs,
    /// The solver (`naive` is the oracle, also spelt `oracle`; the default is the fastest
    /// correct one).
    // the default is set per game in `augment`: a `default_value_t` here would be one
    // static shared by every game's monomorphization
    #[arg(long, value_enum)]
    pub solver: Option<G::Variant>,
    #[command(flatten)]
    pub extra: G::SolveArgs,
}

/// `solve`'s subcommands.
#[derive(Debug, Clone)]
pub struct Solve;

impl super::games::Kind for Solve {
    const NAME: &'static str = "solve";
}

fn augment<G: Contest>(cmd: clap::Command) -> clap::Command {
    augment_with::<SolveArgs<G>>(cmd).mut_arg("solver", |a| {
        a.default_value(variant_name(G::DEFAULT_VARIANT))
    })
}

fn run<G: Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    solve::<G>(&parsed(m)?)
}

/// `solve` for game `G`.
pub fn ability<G: Contest>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: run::<G>,
        about: None,
    }
}

/// Reads every case, checks each against the solver's size limit, solves them all, then
/// prints the contest's answers.
pub fn solve<G: Contest>(args: &SolveArgs<G>) -> Result<ExitCode, Failure> {
    let rules = G::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    G::contest_rules(&rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let (name, text) = read_input(input_path(&args.file))?;
    let cases = G::read(&rules, &text).map_err(|e| {
        match (located(&name, &e), G::read_hint(&rules, &text)) {
            (Failure::Usage(msg), Some(tip)) => Failure::Usage(format!("{msg}\ntip: {tip}")),
            (other, _) => other,
        }
    })?;
    let variant = args.solver.unwrap_or(G::DEFAULT_VARIANT);
    let mut solver = G::solve_solver(&rules, variant, &args.extra).map_err(Failure::Usage)?;
    let answers = crate::game::solve_cases_with::<G>(solver.as_mut(), &cases)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    print_all(&G::write_answers(&answers))
}
