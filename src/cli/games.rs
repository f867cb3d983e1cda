//! One subcommand per game, built from the one list of games ([`GameId::ALL`]): a
//! command (`solve`, `gen`, `stress`) says which arguments each game's subcommand takes
//! ([`PerGame`]), and gets back the game and its matches to dispatch with
//! [`gamecheck::with_game!`].

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use gamecheck::game::{Contest, Game, GameId};
use std::marker::PhantomData;

/// A command with one subcommand per game.
pub trait PerGame {
    /// The arguments of game `G`'s subcommand, added to `cmd`.
    fn augment<G: Contest>(cmd: Command) -> Command;
}

/// The game chosen on the command line, with the matches of its subcommand.
#[derive(Debug, Clone)]
pub struct ForGame<K> {
    /// The game.
    pub game: GameId,
    /// The matches of the game's subcommand, parsed by the game's argument type.
    pub matches: ArgMatches,
    kind: PhantomData<K>,
}

impl<K> ForGame<K> {
    /// The game's arguments `A` from the matches.
    pub fn args<A: FromArgMatches>(&self) -> Result<A, clap::Error> {
        A::from_arg_matches(&self.matches)
    }
}

impl<K: PerGame> FromArgMatches for ForGame<K> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let game = name
            .parse()
            .map_err(|_| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(ForGame {
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

impl<K: PerGame> Subcommand for ForGame<K> {
    fn augment_subcommands(cmd: Command) -> Command {
        let cmd = cmd
            .subcommand_value_name("GAME")
            .subcommand_help_heading("Games");
        GameId::ALL.iter().fold(cmd, |cmd, &id| {
            gamecheck::with_game!(id, G => cmd.subcommand(
                K::augment::<G>(Command::new(G::NAME))
                    .about(G::ABOUT)
                    .long_about(None)
            ))
        })
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        name.parse::<GameId>().is_ok()
    }
}

/// `A<G>`'s arguments for every game: the usual [`PerGame`] of a generic argument type.
pub fn augment_with<A: Args>(cmd: Command) -> Command {
    A::augment_args(cmd)
}
