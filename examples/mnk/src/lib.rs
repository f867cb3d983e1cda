//! The m,n,k-game (tic-tac-toe's family), checked by gamecheck: an example of a game with
//! draws whose answers name fixed players (`X`, `O`, `Draw`), either of whom may be to
//! move, written as a user would (see `docs/your-own-game.md`).
//!
//! - [`board`]: the position, its text format and the check that play reaches it;
//! - [`naive`]: the oracle, over text rows;
//! - [`memo`]: the fast solver, over bit sets;
//! - [`game`]: the glue that gives it `verify`, `solve`, `gen`, `stress` and `perft`.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod memo;
pub mod naive;

pub use game::{Mnk, Outcome, Rules, Variant};
