//! # gamecheck
//!
//! The harness for exact solvers of small two-player games: each game's fast solvers are
//! checked against a slow, obviously correct *oracle*, on every small position, on random
//! rule sets and cases (proptest, fuzzing), and against someone else's contest program
//! (`stress`).
//!
//! A game is a type that implements [`game::Game`]: rules, cases, moves and both move
//! generators, the oracle and a typed list of solver variants ([`variants!`]), the
//! contest format, shrinking, and one random generator that draws through
//! [`rng::Entropy`] (a seeded generator or a fuzzer's bytes). On top of it, each a trait
//! of its own: [`harness::Verify`] (what `verify` checks: the plan of suites and named
//! checks), [`contest::Contest`] (`solve`, `gen`, `stress`: flags, the contest
//! generator, the stress adapter, often [`contest::GameContest`]), and
//! [`command::CliGame`] (the game on the command line, with the optional commands its
//! ability traits allow: [`perft::Perft`], [`grundy::GrundyPart`], [`command::Count`],
//! [`command::ExportTable`]). Written once for every game: the [`harness`] (the `verify`
//! driver [`harness::verify`], the shared laws [`harness::laws`], shrinking, the
//! report), [`solver::Solver`] (the interface every solver implements), [`stress`]
//! (random contest inputs and the stress engine), [`perft`] and [`grundy`] (mex and the
//! periodicity prover of games that split into heaps).
//!
//! The four games gamecheck ships (marble, paint, sevens, octal games) are built on this
//! crate exactly as a user's own game would be: the crate `gamecheck-games`.
//!
//! Features: `supervisor` (on by default; Linux only) runs real programs under a
//! per-run supervisor for `stress` ([`stress::Program`]); `cli` (on by default) is the
//! command line as a library, `cli::Cli`, over a list of games; `proptest` adds the
//! proptest strategies `harness::laws::instances` and `harness::laws::rule_sets`.

#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod command;
pub mod contest;
pub mod error;
pub mod game;
pub mod geometry;
pub mod grundy;
pub mod harness;
pub mod input;
pub mod oracle;
pub mod outcome;
pub mod perft;
pub mod rng;
pub mod shard;
pub mod solver;
pub mod stress;

pub mod prelude {
    //! The names a game's glue uses, for `use gamecheck::prelude::*;`: the traits a game
    //! implements ([`Game`], [`Verify`], [`Contest`], [`CliGame`], [`Perft`]), the types
    //! their methods take and give, and the plan's building blocks.
    pub use crate::command::{Abilities, CliGame};
    pub use crate::contest::{Contest, GameContest, NoFlags, NoSolveArgs, SimpleContest};
    pub use crate::error::{Location, ParseError, RuleError};
    pub use crate::game::{BoxSolver, Game, ShrinkMode, Variants};
    pub use crate::harness::driver::{reachable, Group, NamedCheck, Step, Suite, Verify};
    pub use crate::harness::VerifyOptions;
    pub use crate::oracle::{Recursive, Retrograde, Terminal};
    pub use crate::outcome::{
        Compare, ContestAnswer, FixedScore, GameValue, Player, Remote, Value, Winner,
    };
    pub use crate::perft::{Generator, Moves, Perft, PerftFromMoves};
    pub use crate::rng::{Entropy, Size};
    pub use crate::solver::{Refusal, Solver};
}

pub use command::CliGame;
pub use contest::Contest;
pub use game::{Game, Variants};
pub use harness::Verify;

/// The `rand` crate this library draws its seeded cases with (`rng::Rng` is its
/// ChaCha8): `use gamecheck::rand::Rng as _;` to draw from it in
/// `Contest::generate`; a game's own generators draw through `rng::Entropy`.
pub use rand;
