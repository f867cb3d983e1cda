//! A game on the command line: [`CliGame`] (a [`Contest`] that is also checked by
//! `verify`, [`Verify`]), and the optional commands a game offers through the ability
//! traits ([`Abilities`]: `perft` and `count`, `period` and `values`, counts of the
//! game's own, `table`).

use crate::contest::Contest;
use crate::game::Game;
use crate::harness::driver::Verify;
use crate::perft::Perft;
use std::fmt::Debug;

/// A game of the command line: a [`Contest`] (so it has `solve`, `gen` and `stress`) and
/// [`Verify`] (so it has `verify`), with its rules text and the optional commands it offers.
///
/// ```ignore
/// impl CliGame for MyGame {
///     fn abilities(a: &mut dyn Abilities<Self>) {
///         a.perft(); // MyGame implements Perft
///     }
/// }
/// ```
pub trait CliGame: Contest + Verify {
    /// The rules of the game and its contest input and output, as Markdown from a `## `
    /// heading on: what `gamecheck rules GAME` prints after the list's introduction.
    /// Empty (the default) when the game has none.
    fn rules_text() -> &'static str {
        ""
    }

    /// Registers the commands this game has beyond `solve`, `gen`, `stress` and
    /// `verify`: one call for each ability trait it implements. None by default.
    fn abilities(_abilities: &mut dyn Abilities<Self>) {}
}

/// The optional commands of a [`CliGame`]: each method is callable only for a game that
/// implements the command's trait, and offers that command for the game.
pub trait Abilities<G: CliGame> {
    /// `perft GAME` (move-sequence counts) and `count GAME` (the game tree from a start,
    /// layer by layer: [`crate::perft::count_tree`]), from the game's tree
    /// ([`crate::perft::Perft`]; a game whose tree state is its case, with
    /// [`Game::start`] and [`Game::apply`], has it from an empty
    /// `impl PerftFromMoves`).
    fn perft(&mut self)
    where
        G: crate::perft::Perft;

    /// `period GAME` and `values GAME`: the Grundy values of one heap and their proved
    /// period ([`crate::grundy::GrundyPart`]).
    fn grundy(&mut self)
    where
        G: crate::grundy::GrundyPart;

    /// `count GAME` prints the game's own counts ([`Count`]) instead of the tree, which
    /// `count GAME --tree` prints.
    fn count(&mut self)
    where
        G: Count;

    /// `table GAME`: a solved table written to a file with its digest ([`ExportTable`]).
    fn table(&mut self)
    where
        G: ExportTable;
}

/// Counts of the game's own that `count GAME` prints in place of the game tree (which
/// every game with a [`Perft`] tree has, and `count GAME --tree` then prints): numbers
/// another implementation can check, such as P- and N-positions by the number of pieces
/// on the board.
///
/// The flags of `count GAME` are the game's own ([`Count::CountArgs`]), `--tree`, and the
/// tree's flags that the game's do not hold already, each of them with `--tree` only (a
/// flag of both, such as the rule flags, serves both).
pub trait Count: Perft {
    /// The flags of `count GAME`.
    type CountArgs: clap::Args + clap::FromArgMatches + Debug;
    /// The game's line in `count --help`.
    const COUNT_ABOUT: &'static str;

    /// What `count` prints.
    ///
    /// # Errors
    /// A flag out of range ([`Failure::Usage`](crate::error::Failure::Usage), exit 2).
    fn count(args: &Self::CountArgs) -> Result<String, crate::error::Failure>;
}

/// `table GAME`: a solved table exported to a file, for checkers in other languages.
pub trait ExportTable: Game {
    /// The flags of `table GAME` (the rules, the output file).
    type TableArgs: clap::Args + clap::FromArgMatches + Debug;
    /// The game's line in `table --help`.
    const TABLE_ABOUT: &'static str;

    /// Builds, checks and writes the table as the flags say; returns what to print
    /// (the digest line).
    ///
    /// # Errors
    /// A flag out of range or a file that cannot be written
    /// ([`Failure::Usage`](crate::error::Failure::Usage)); a table that fails its own
    /// check ([`Failure::Internal`](crate::error::Failure::Internal)).
    fn table(args: &Self::TableArgs) -> Result<String, crate::error::Failure>;
}
