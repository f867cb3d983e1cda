//! Dodgem (Colin Vout's game), checked by gamecheck: an example of a game whose
//! positions repeat, with draws by infinite play, its answers a value with remoteness
//! (`win in 7`), written as a user would (see `docs/your-own-game.md`).
//!
//! - [`board`]: the position and its text format;
//! - [`naive`]: the oracle's moves, over text rows (the oracle is the library's
//!   retrograde analysis over them);
//! - [`table`]: the fast solver, value iteration over every position as bit sets;
//! - [`game`]: the glue that gives it `verify`, `solve`, `gen`, `stress` and `perft`.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod naive;
pub mod table;

pub use game::{Dodgem, Rules, Variant};
