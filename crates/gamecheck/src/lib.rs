//! # gamecheck
//!
//! Exact solvers for small two-player games, each checked against a slow, obviously
//! correct *oracle*:
//!
//! - [`marble`]: the diamond board (rules: `docs/rules.md`) — `naive` oracle, `bitmask` DFS,
//!   `table` retrograde analysis (2^(n²) bits, built in well under a second for n = 5).
//! - [`paint`]: the 2 × N strip (rules: `docs/rules.md`) — `naive` oracle, `bitmask`, `grundy`
//!   (Grundy values of runs, XOR of the parts), and `periodic`, whose period of `g` is
//!   found and proved by the periodicity theorem, so any N up to `u64::MAX` is answered.
//! - [`sevens`]: the two-player card game with win, draw and loss (rules: `docs/rules.md`) —
//!   `naive` oracle over card names (decks up to 24 cards), `memo` hash-map DFS, `table`
//!   DFS over a flat array of 50^4 two-bit entries for the standard deck.
//! - [`octal`]: octal games `.d1d2…` such as Kayles (rules: `docs/rules.md`) — `naive`
//!   oracle over a row of pins in text, `grundy` (mex table, XOR over heaps), and
//!   `periodic`, whose period of `g` is found and proved, so heaps up to 10^18 are O(1).
//!
//! ```
//! use gamecheck::game::{solve_cases, Game};
//! use gamecheck::marble::{MarbleGame, Rules, Variant};
//!
//! let rules = Rules::standard();
//! let positions = MarbleGame::read(&rules, "1\n*\n* *\n* * *\n* * * .\n* * *\n* *\n*\n")?;
//! let answers = solve_cases::<MarbleGame>(&rules, Variant::Table, &positions)?;
//! assert_eq!(answers[0].to_string(), "Alice"); // one empty cell: Alice fills it
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every game implements one trait, [`game::Game`] (rules, cases, moves and both move
//! generators, the oracle and a typed list of solver variants, the contest format,
//! shrinking, the `verify` plan); [`game::GameId`] is the one list of games the command
//! line dispatches through. The [`harness`] holds what is written once for every game:
//! the `verify` driver ([`harness::driver`]), the shared laws ([`harness::laws`]),
//! shrinking and the report; [`solver::Solver`] is the interface every solver implements.
//! [`stress`] generates contest inputs (`gamecheck gen`) and stress-tests someone else's
//! solution program against our solvers, shrinking the first failure (`gamecheck
//! stress`), through the adapter of [`game::Contest`]. [`perft`] counts move sequences of
//! a given length over any game that implements [`perft::Perft`] (`gamecheck perft`),
//! and [`marble::export`] writes solved tables with their SHA-256 (`gamecheck table`).

pub mod error;
pub mod game;
pub mod grundy;
pub mod harness;
pub mod input;
pub mod marble;
pub mod octal;
pub mod outcome;
pub mod paint;
pub mod perft;
pub mod rng;
pub mod sevens;
pub mod solver;
pub mod stress;
