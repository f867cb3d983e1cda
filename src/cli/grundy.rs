//! One subcommand per game that has a Grundy part ([`GrundyPart`]: paint and octal),
//! for `period` and `values`; the games come from [`GameId::ALL`] through
//! [`gamecheck::with_grundy_part!`].

use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use gamecheck::game::{Game, GameId};
use gamecheck::grundy::GrundyPart;
use std::marker::PhantomData;

/// A command with one subcommand per game with a Grundy part.
pub trait PerGrundyGame {
    /// The arguments of game `G`'s subcommand, added to `cmd`.
    fn augment<G: GrundyPart>(cmd: Command) -> Command;
}

/// The game chosen on the command line, with the matches of its subcommand.
#[derive(Debug, Clone)]
pub struct ForGrundyGame<K> {
    /// The game (one with a Grundy part).
    pub game: GameId,
    /// The matches of the game's subcommand.
    pub matches: ArgMatches,
    kind: PhantomData<K>,
}

/// Whether `id` has a Grundy part.
pub fn has_grundy_part(id: GameId) -> bool {
    gamecheck::with_grundy_part!(id, G => G::HEAP).is_some()
}

impl<K> ForGrundyGame<K> {
    /// The game's arguments `A` from the matches.
    pub fn args<A: FromArgMatches>(&self) -> Result<A, super::Failure> {
        A::from_arg_matches(&self.matches).map_err(|e| super::Failure::Usage(e.to_string()))
    }

    /// `--max-n` when given (octal has it among its rule flags; `period` adds it for
    /// the other games).
    pub fn max_n(&self) -> Option<u64> {
        self.matches
            .try_get_one::<u64>("max_n")
            .ok()
            .flatten()
            .copied()
    }
}

impl<K: PerGrundyGame> FromArgMatches for ForGrundyGame<K> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let game = name
            .parse()
            .ok()
            .filter(|&id| has_grundy_part(id))
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(ForGrundyGame {
            game,
            matches: sub.clone(),
            kind: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<K: PerGrundyGame> Subcommand for ForGrundyGame<K> {
    fn augment_subcommands(cmd: Command) -> Command {
        GameId::ALL.iter().fold(cmd, |cmd, &id| {
            let sub = gamecheck::with_grundy_part!(id, G => K::augment::<G>(Command::new(G::NAME))
                .about(G::ABOUT)
                .long_about(None));
            match sub {
                Some(sub) => cmd.subcommand(sub),
                None => cmd,
            }
        })
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        name.parse::<GameId>().is_ok_and(has_grundy_part)
    }
}

/// The rule flags of `G`, for `period` and `values`.
#[derive(Debug, clap::Args)]
pub struct GrundyArgs<G: Game> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
}

/// The rule set of the flags, or a usage error naming the flag.
pub fn rules<G: GrundyPart>(args: &GrundyArgs<G>) -> Result<G::Rules, super::Failure> {
    G::rules(&args.rules).map_err(|e| super::Failure::Usage(e.to_string()))
}
