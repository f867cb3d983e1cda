//! Chomp on a W × H rectangle, checked by gamecheck: an example of a game that is not in
//! gamecheck's tree, written as a user would (see `docs/your-own-game.md`).
//!
//! - [`board`]: the position and its text format;
//! - [`naive`]: the oracle, over text rows;
//! - [`memo`]: the fast solver, over packed heights;
//! - [`game`]: the glue that gives it `verify`, `solve`, `gen`, `stress` and `perft`.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod memo;
pub mod naive;

pub use game::{Chomp, Rules, Variant};
