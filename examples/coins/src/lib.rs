//! Coins in a line, checked by gamecheck: an example of a game scored by points, whose
//! answer is a number (the margin of the player to move), written as a user would (see
//! `docs/your-own-game.md`).
//!
//! - [`row`]: the position and its text format;
//! - [`naive`]: the oracle, both ends tried at every turn;
//! - [`interval`]: the fast solver, over every stretch of the row;
//! - [`game`]: the glue that gives it `verify`, `solve`, `gen`, `stress` and `perft`.

#![warn(missing_docs)]

pub mod game;
pub mod interval;
pub mod naive;
pub mod row;

pub use game::{Coins, Rules, Variant};
