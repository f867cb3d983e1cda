//! # gamecheck
//!
//! Exact solvers for small two-player games, each checked against a slow, obviously
//! correct *oracle*:
//!
//! - [`marble`]: the diamond board (`games.md` §1) — `naive` oracle, `bitmask` DFS,
//!   `table` retrograde analysis (2^(n²) bits, built in well under a second for n = 5).
//!
//! The [`harness`] compares solvers, shrinks mismatches and builds the `verify` report;
//! [`solver::Solver`] is the interface every solver implements.

pub mod error;
pub mod harness;
pub mod input;
pub mod marble;
pub mod outcome;
pub mod paint;
pub mod rng;
pub mod solver;
