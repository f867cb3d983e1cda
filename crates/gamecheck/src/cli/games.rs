//! The list of games a command line offers, given once by the binary
//! ([`Cli::game`](super::Cli::game)), and one subcommand per game for each command
//! that game has.
//!
//! Each game becomes an [`Entry`]: its name, its one-line help, and for each command it
//! has (`solve`, `gen`, `stress` for every [`CliGame`]; `perft` and `count`, `period`,
//! `values`, `table` for the abilities it registers in [`CliGame::abilities`]) a pair of
//! functions, monomorphized for the game: one adds the game's flags to its subcommand,
//! the other runs the command from the subcommand's matches. A command with one
//! subcommand per game is a [`ForGame`]`<K>`; clap builds it from the list in force
//! ([`with_games`]).

use super::ability::{Ability, Kind};
use crate::command::{Abilities, CliGame, Count, ExportTable};
use crate::error::Failure;
use crate::grundy::GrundyPart;
use crate::harness::{Report, VerifyOptions};
use crate::perft::Perft;
use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use std::marker::PhantomData;
use std::process::ExitCode;
use std::sync::RwLock;

/// [`crate::harness::try_verify_steps`] of one game.
pub type VerifySteps = fn(
    &VerifyOptions,
    &mut Report,
    &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<crate::harness::StepSpan>, crate::harness::LabelCollision>;

/// One game of the list, type-erased: its name, its help line, and for each command it
/// has the functions that add its flags and run it ([`Ability`]).
#[derive(Clone)]
pub struct Entry {
    /// The name on the command line (`Game::NAME`).
    pub name: &'static str,
    /// One line for `--help` (`Game::ABOUT`).
    pub about: &'static str,
    /// `(command, ability)` for each command the game has.
    pub commands: Vec<(&'static str, Ability)>,
    /// The game's `verify` rows, added to the report, for the steps the callback says
    /// to run (given each step's index in the game's plan): [`crate::harness::try_verify_steps`].
    pub verify: VerifySteps,
    /// The game's part of the signature (`Verify::signature_part`).
    pub signature: fn() -> Option<Vec<u8>>,
    /// The game's rules ([`CliGame::rules_text`]).
    pub rules: fn() -> &'static str,
}

impl Entry {
    /// The entry of game `G`, with `solve`, `gen`, `stress` and what
    /// [`CliGame::abilities`] registers.
    pub fn of<G: CliGame>() -> Entry {
        let mut a = Registrar::<G> {
            commands: vec![
                ("solve", super::solve::ability::<G>()),
                ("gen", super::gen::ability::<G>()),
                ("stress", super::stress::ability::<G>()),
            ],
            game: PhantomData,
        };
        G::abilities(&mut a);
        Entry {
            name: G::NAME,
            about: G::ABOUT,
            commands: a.commands,
            verify: crate::harness::driver::try_verify_steps::<G>,
            signature: G::signature_part,
            rules: G::rules_text,
        }
    }

    /// The ability of `command`, if the game has it.
    pub fn command(&self, command: &str) -> Option<Ability> {
        self.commands
            .iter()
            .find(|(c, _)| *c == command)
            .map(|&(_, a)| a)
    }
}

/// Collects the commands a game registers in [`CliGame::abilities`].
struct Registrar<G> {
    commands: Vec<(&'static str, Ability)>,
    game: PhantomData<G>,
}

impl<G: CliGame> Registrar<G> {
    fn add(&mut self, command: &'static str, ability: Ability) {
        self.commands.retain(|(c, _)| *c != command);
        self.commands.push((command, ability));
    }
}

impl<G: CliGame> Abilities<G> for Registrar<G> {
    fn perft(&mut self)
    where
        G: Perft,
    {
        self.add("perft", super::perft::ability::<G>());
        // the tree, unless the game registered counts of its own (which hold it)
        if self.commands.iter().all(|(c, _)| *c != "count") {
            self.add("count", super::count::tree_ability::<G>());
        }
    }

    fn grundy(&mut self)
    where
        G: GrundyPart,
    {
        self.add("period", super::period::ability::<G>());
        self.add("values", super::values::ability::<G>());
    }

    fn count(&mut self)
    where
        G: Count,
    {
        self.add("count", super::count::own_ability::<G>());
    }

    fn table(&mut self)
    where
        G: ExportTable,
    {
        self.add("table", super::perft::table_ability::<G>());
    }
}

/// The list of games in force: set by [`with_games`] while a command line is built and
/// run (clap's subcommand callbacks are static functions).
static GAMES: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

/// Runs `f` with `games` as the list in force.
pub fn with_games<T>(games: Vec<Entry>, f: impl FnOnce() -> T) -> T {
    *GAMES.write().unwrap_or_else(|e| e.into_inner()) = games;
    f()
}

/// The list in force.
pub fn games() -> Vec<Entry> {
    GAMES.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The game named `name` in the list in force.
pub fn game(name: &str) -> Option<Entry> {
    games().into_iter().find(|e| e.name == name)
}

/// The game chosen on the command line for command `K`, with the matches of its
/// subcommand.
#[derive(Debug, Clone)]
pub struct ForGame<K> {
    /// The game's name.
    pub game: String,
    /// The matches of the game's subcommand.
    pub matches: ArgMatches,
    kind: PhantomData<K>,
}

impl<K: Kind> ForGame<K> {
    /// Runs the command for the chosen game.
    pub fn run(&self) -> Result<ExitCode, Failure> {
        let ability = game(&self.game)
            .and_then(|e| e.command(K::NAME))
            .ok_or_else(|| Failure::Usage(format!("{} has no `{}`", self.game, K::NAME)))?;
        (ability.run)(&self.matches)
    }
}

impl<K: Kind> FromArgMatches for ForGame<K> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        if !Self::has_subcommand(name) {
            return Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand));
        }
        Ok(ForGame {
            game: name.to_string(),
            matches: sub.clone(),
            kind: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<K: Kind> Subcommand for ForGame<K> {
    fn augment_subcommands(cmd: Command) -> Command {
        let cmd = cmd
            .subcommand_value_name("GAME")
            .subcommand_help_heading("Games");
        games().iter().fold(cmd, |cmd, e| match e.command(K::NAME) {
            Some(a) => cmd.subcommand(
                (a.augment)(Command::new(e.name))
                    .about(a.about.unwrap_or(e.about))
                    .long_about(None),
            ),
            None => cmd,
        })
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        game(name).is_some_and(|e| e.command(K::NAME).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command no game of the (empty) list has.
    struct Nowhere;

    impl Kind for Nowhere {
        const NAME: &'static str = "nowhere";
    }

    fn matches_for(game: &str) -> ArgMatches {
        Command::new("gamecheck")
            .subcommand(Command::new(game.to_string()))
            .get_matches_from(["gamecheck", game])
    }

    /// Matches naming a game that does not have the command are refused, by
    /// `from_arg_matches` and by `update_from_arg_matches` alike (the value is kept).
    #[test]
    fn a_game_without_the_command_is_refused() {
        let m = matches_for("chess");
        let e = ForGame::<Nowhere>::from_arg_matches(&m)
            .err()
            .map(|e| e.kind());
        assert_eq!(e, Some(clap::error::ErrorKind::InvalidSubcommand));
        let mut chosen = ForGame::<Nowhere> {
            game: "before".into(),
            matches: ArgMatches::default(),
            kind: PhantomData,
        };
        assert!(chosen.update_from_arg_matches(&m).is_err());
        assert_eq!(chosen.game, "before");
        let none = Command::new("gamecheck").get_matches_from(["gamecheck"]);
        let e = ForGame::<Nowhere>::from_arg_matches(&none)
            .err()
            .map(|e| e.kind());
        assert_eq!(e, Some(clap::error::ErrorKind::MissingSubcommand));
        assert!(!ForGame::<Nowhere>::has_subcommand("chess"));
    }
}
