//! `gamecheck gen <game>`: one random contest input on stdout, in the canonical layout.

use super::ability::{augment_with, parsed, Ability};
use super::{print_all, Failure};
use crate::contest::Contest;
use crate::stress::{generate, ContestGame, Size};
use std::process::ExitCode;

/// The flags every game's `gen` takes.
#[derive(Debug, Clone, clap::Args)]
pub struct GenCommon {
    /// Number of cases T in the input, at most 1,000,000 and at most what the game's
    /// input format allows (an input its own reader would refuse is not written).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub cases: u64,
    /// Seed of the input (the same seed gives the same bytes); default: a fresh one,
    /// printed on stderr. Any 64-bit seed, unlike `verify` and `stress` (at most
    /// 2^53 − 1): the seed of a `stress` round, which `stress` prints for `gen` to replay
    /// the round's input, may be larger.
    #[arg(long, value_parser = super::parse_any_seed)]
    pub seed: Option<u64>,
    /// Size of the cases, in (0, 1]: 1 is full size; `stress` grows it from small, and
    /// prints the value of a failing round so `gen` can replay it.
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
}

/// The arguments of `gen` for game `G`.
#[derive(Debug, clap::Args)]
pub struct GenArgs<G: Contest> {
    #[command(flatten)]
    pub common: GenCommon,
    #[command(flatten)]
    pub rules: G::RuleArgs,
    #[command(flatten)]
    pub size: G::SizeArgs,
}

/// `gen`'s subcommands.
#[derive(Debug, Clone)]
pub struct Gen;

impl super::ability::Kind for Gen {
    const NAME: &'static str = "gen";
}

fn run<G: Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    gen::<G>(&parsed(m)?)
}

/// `gen` for game `G`.
pub fn ability<G: Contest>() -> Ability {
    Ability {
        augment: augment_with::<GenArgs<G>>,
        run: run::<G>,
        about: None,
    }
}

/// The contest adapter of game `G` for the rule and size flags.
pub fn contest<G: Contest>(rules: &G::RuleArgs, size: &G::SizeArgs) -> Result<G::Adapter, Failure> {
    let rules = G::rules(rules).map_err(|e| Failure::Usage(e.to_string()))?;
    G::contest(rules, size).map_err(|e| Failure::Usage(e.0))
}

/// Runs `gamecheck gen GAME`.
pub fn gen<G: Contest>(args: &GenArgs<G>) -> Result<ExitCode, Failure> {
    write(&contest::<G>(&args.rules, &args.size)?, &args.common)
}

/// The scale flag, checked: in (0, 1].
pub fn scale(value: f64) -> Result<Size, Failure> {
    if value > 0.0 && value <= 1.0 {
        Ok(Size { scale: value })
    } else {
        Err(Failure::Usage(format!(
            "--scale {value} is outside (0, 1] (1 is full size)"
        )))
    }
}

fn write<G: ContestGame>(game: &G, common: &GenCommon) -> Result<ExitCode, Failure> {
    let size = scale(common.scale)?;
    let seed = common.seed.unwrap_or_else(|| {
        let s = crate::rng::fresh_seed();
        eprintln!("{} gen: seed {s}", super::name());
        s
    });
    let cases = generate(game, seed, common.cases as usize, size);
    let beyond = game.beyond_oracle(&cases);
    if beyond > 0 {
        eprintln!(
            "{} gen: {beyond} of the {} cases are beyond the oracle's reach: `solve` and \
             `stress` answer them with the default solver alone (the one `verify` checks \
             against the oracle where the oracle reaches)",
            super::name(),
            cases.len()
        );
    }
    let text = game.write_input(&cases);
    // an input the game's own reader refuses (more cases than its format allows) is not
    // written: `solve` and `stress` could not read it either
    if let Err(e) = game.read_input(&text) {
        let ask = match common.cases {
            0 => "ask for at least 1 case",
            _ => "ask for fewer cases",
        };
        return Err(Failure::Usage(format!(
            "gen --cases {}: the input would be refused by the reader of {} ({e}); {ask}",
            common.cases,
            game.name()
        )));
    }
    print_all(&text)
}
