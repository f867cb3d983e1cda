//! What every command module gives the list of games: an [`Ability`] (a game's flags
//! for one command and how the command runs), the command's name ([`Kind`]), and the
//! two helpers of a generic argument type ([`parsed`], [`augment_with`]).

use crate::error::Failure;
use clap::{ArgMatches, Command, FromArgMatches};
use std::process::ExitCode;

/// Adds `augment`'s flags to a game's subcommand of one command.
pub type AugmentFn = fn(Command) -> Command;
/// Runs one command for one game from its subcommand's matches.
pub type RunFn = fn(&ArgMatches) -> Result<ExitCode, Failure>;

/// One command of one game: its flags and how it runs.
#[derive(Clone, Copy)]
pub struct Ability {
    /// Adds the game's flags for this command.
    pub augment: AugmentFn,
    /// Runs the command.
    pub run: RunFn,
    /// The game's line in the command's `--help` when it is not [`Game::ABOUT`](crate::game::Game::ABOUT).
    pub about: Option<&'static str>,
}

/// A command with one subcommand per game that has it.
pub trait Kind {
    /// The command's name (`solve`).
    const NAME: &'static str;
}

/// A game's arguments `A` from its subcommand's matches (clap has checked them already).
///
/// # Errors
/// The matches do not hold `A` (a usage error).
pub fn parsed<A: FromArgMatches>(matches: &ArgMatches) -> Result<A, Failure> {
    A::from_arg_matches(matches).map_err(|e| Failure::Usage(e.to_string()))
}

/// `A<G>`'s arguments for every game: the usual augment of a generic argument type.
pub fn augment_with<A: clap::Args>(cmd: Command) -> Command {
    A::augment_args(cmd)
}
