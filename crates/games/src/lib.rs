//! # gamecheck-games
//!
//! The four games of the `gamecheck` tool, each built on the library [`gamecheck`] exactly
//! as a user's own game would be: a type implementing [`gamecheck::game::Game`] and
//! [`gamecheck::contest::Contest`], with the optional abilities it has (perft, the Grundy part).
//!
//! - [`marble`]: the diamond board (rules: `gamecheck rules marble`) — `naive` oracle,
//!   `bitmask` DFS, `table` retrograde analysis (2^(n²) bits, built in well under a second
//!   for n = 5).
//! - [`paint`]: the 2 × N strip — `naive` oracle, `bitmask`, `grundy` (Grundy values of
//!   runs, XOR of the parts), and `periodic`, whose period of `g` is found and proved by
//!   the periodicity theorem, so any N up to `u64::MAX` is answered.
//! - [`sevens`]: the two-player card game with win, draw and loss — `naive` oracle over
//!   card names (decks up to 24 cards), `memo` hash-map DFS, `table` DFS over a flat array
//!   of 50^4 two-bit entries for the standard deck.
//! - [`octal`]: octal games `.d1d2…` such as Kayles — `naive` oracle over a row of pins
//!   in text, `grundy` (mex table, XOR over heaps), and `periodic`, whose period of `g` is
//!   found and proved, so heaps up to 10^18 are O(1).
//!
//! ```
//! use gamecheck::game::{solve_cases, Game};
//! use gamecheck_games::marble::{MarbleGame, Rules, Variant};
//!
//! let rules = Rules::standard();
//! let positions = MarbleGame::read(&rules, "1\n*\n* *\n* * *\n* * * .\n* * *\n* *\n*\n")?;
//! let answers = solve_cases::<MarbleGame>(&rules, Variant::Table, &positions)?;
//! assert_eq!(answers[0].to_string(), "Alice"); // one empty cell: Alice fills it
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod marble;
pub mod octal;
pub mod paint;
pub mod rules_doc;
pub mod sevens;
