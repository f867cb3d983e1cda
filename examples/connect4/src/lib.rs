//! Connect Four on w × h boards, checked by gamecheck: a bitboard solver of the kind
//! engine authors write against an oracle on text rows, both answering with the move on
//! which the game ends under perfect play (remoteness: `win in 41` from the empty 7 × 6
//! board), written as a user would (see `docs/your-own-game.md`).
//!
//! - [`board`]: the position, its text format and the check that play reaches it;
//! - [`naive`]: the oracle, over text rows;
//! - [`bitboard`]: the fast code's building blocks, each public so it can be checked on
//!   its own: the bit of a cell, the named directions with their boundary masks and
//!   [`bitboard::shift`], four in a row found by shifts, and the fast successor
//!   [`bitboard::play`];
//! - [`search`]: the fast solver, alpha-beta (negamax) with a transposition table;
//! - [`game`]: the glue that gives it `verify`, `solve`, `gen`, `stress`, `perft` and
//!   `count`.
//!
//! Published facts it reproduces (its tests): the number of legal 7 × 6 positions after
//! n plies (OEIS A212693) and John Tromp's values of the small boards, with the move on
//! which the game ends as republished by C. Steininger ([`game::PUBLISHED`]).

#![warn(missing_docs)]

pub mod bitboard;
pub mod board;
pub mod game;
pub mod naive;
pub mod search;

pub use game::{Column, Connect4, Rules, Variant};
