//! Sevens, the two-player card game with win, draw and loss (rules: `docs/rules.md`, `gamecheck rules sevens`): deck shapes
//! and stuck rules, the playable-card generator, three solvers and the contest format.
//!
//! | solver | what it is | limit |
//! |---|---|---|
//! | [`naive::Naive`] (`naive`) | the oracle: card-name hands, rank-range chains, plain minimax memoized by text | 24 cards |
//! | [`memo::Memo`] (`memo`) | DFS, hash map on the packed chains (+ the player to move under `pass`) | none |
//! | [`table::Table`] (`table`) | the same DFS over a flat array of `C^suits` 2-bit entries, only the written words cleared per deal | none (1.56 MB standard, 3.1 MB under `pass`) |
//!
//! Every solver answers a [`Deal`] with a [`Winner`](gamecheck::outcome::Winner): the holder of the first suit's
//! start card opens, so the answer is given for Alice and Bob, not for "the player to
//! move".

pub mod cards;
pub mod contest;
pub mod format;
pub mod game;
pub mod memo;
pub mod movegen;
pub mod naive;
pub mod perft;
pub mod props;
pub mod rules;
pub mod search;
pub mod shrink;
pub mod table;

pub use cards::{Card, CardSet, Deal};
pub use game::{SevensGame, Variant};
pub use rules::{Rules, Stuck};
