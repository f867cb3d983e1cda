//! What `period` and `values` share: the rule flags of a game with a Grundy part
//! ([`GrundyPart`]) and `--max-n`.

use crate::contest::Contest;
use crate::grundy::GrundyPart;
use clap::ArgMatches;

/// `--max-n` when given (a game may have it among its rule flags; `period` adds it for
/// the other games).
pub fn max_n(matches: &ArgMatches) -> Option<u64> {
    matches.try_get_one::<u64>("max_n").ok().flatten().copied()
}

/// The rule flags of `G`, for `period` and `values`.
#[derive(Debug, clap::Args)]
pub struct GrundyArgs<G: Contest> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
}

/// The rule set of the flags, or a usage error naming the flag.
pub fn rules<G: GrundyPart + Contest>(args: &GrundyArgs<G>) -> Result<G::Rules, super::Failure> {
    G::rules(&args.rules).map_err(|e| super::Failure::Usage(e.to_string()))
}
