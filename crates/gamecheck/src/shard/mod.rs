//! Shards: one deterministic share of a `perft` or `verify` run per job of a batch engine
//! (a Slurm job array, a CI system's job matrix, GNU parallel), each written as a JSON
//! file, and the merge of the files into what one machine prints ([`merge`]).
//!
//! A shard is `K/N` ([`Shard`]: 0 ≤ K < N, 0-based as cargo-mutants' `--shard`). What a
//! shard does is fixed by its *plan* ([`PerftPlan`], [`VerifyPlan`]): everything that
//! decides the work and its result (the program and its version, the game, its rules,
//! the start, the depth, the seed, N), digested by SHA-256 ([`digest`]). A merge takes
//! files of one plan only, each shard `0..N` exactly once, and refuses anything else
//! with what is missing or mixed ([`MergeError`]).
//!
//! - `perft --shard K/N`: the tree cut at a split depth, the distinct positions there
//!   dealt round-robin in order of first reach ([`crate::perft::split`],
//!   [`crate::perft::count_shard`]); the merge sums the counts, by first move with
//!   `--divide`, and prints perft's own lines.
//! - `verify --shard K/N`: the plan's steps (a named check, or a group with all its
//!   suites), numbered across the games in report order, step `j` on shard `j mod N`;
//!   the merge puts the rows back in order and prints the report with its wall-clock
//!   times blanked ([`crate::harness::Report::write_table_blanked`]), its summary line
//!   and its signature.
//!
//! `count` is not sharded: distinct positions reached in two subtrees would be counted
//! twice (transpositions), so shard counts of positions do not add up.

mod merge;

pub use merge::{merge, perft_text, read, MergeError, Merged};

use crate::harness::{Failure, Row};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// The most shards a run is split into: 65,536.
pub const MAX_SHARDS: u32 = 1 << 16;

/// The `format` of every shard file this version writes and reads.
pub const FORMAT: &str = "gamecheck-shard/1";

/// Shard `index` of `count`: written `K/N` on the command line (`--shard 2/8`), 0 ≤ K <
/// N ≤ [`MAX_SHARDS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// K, 0-based.
    pub index: u32,
    /// N, the number of shards.
    pub count: u32,
}

impl Shard {
    /// Whether item `j` of a list dealt round-robin (`j mod N`) is this shard's.
    pub fn holds(&self, j: usize) -> bool {
        j % self.count as usize == self.index as usize
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with 0 ≤ K < N ≤ [`MAX_SHARDS`]; the error says which part is wrong.
    fn from_str(text: &str) -> Result<Shard, String> {
        let Some((k, n)) = text.split_once('/') else {
            return Err(format!(
                "`{text}` is not a shard: K/N, shard K of N counted from 0 (0/4, 1/4, 2/4, 3/4)"
            ));
        };
        let number = |part: &str, what: &str| {
            let part = part.trim();
            part.parse::<u32>()
                .map_err(|_| match part.bytes().all(|b| b.is_ascii_digit()) {
                    true if !part.is_empty() => {
                        format!("{text}: {what} = {part} is out of range: N is 1..={MAX_SHARDS}")
                    }
                    _ => format!("{text}: {what} `{part}` is not a whole number (K/N, e.g. 0/4)"),
                })
        };
        let (index, count) = (number(k, "K")?, number(n, "N")?);
        if count == 0 || count > MAX_SHARDS {
            return Err(format!(
                "{text}: N = {count} shards; N must be 1..={MAX_SHARDS}"
            ));
        }
        if index >= count {
            return Err(format!(
                "{text}: shard K = {index} of N = {count}; K counts from 0, so K < N (the \
                 last shard is {}/{count})",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }
}

/// SHA-256 (lowercase hex) of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// The digest of a plan: SHA-256 of its JSON (fields in their declared order).
pub fn digest<T: Serialize>(plan: &T) -> String {
    sha256_hex(
        serde_json::to_string(plan)
            .expect("a plan serializes")
            .as_bytes(),
    )
}

/// Everything that fixes a sharded perft and its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftPlan {
    /// The program that ran it (`gamecheck`, or a game's own binary).
    pub program: String,
    /// Its version (`--version`).
    pub version: String,
    /// The game.
    pub game: String,
    /// The rule set, as the game displays it.
    pub rules: String,
    /// SHA-256 of the start position as [`crate::perft::Perft::show`] writes it (from
    /// `--from`, or the default start with its flags).
    pub start_sha256: String,
    /// SHA-256 of the `--from` file's bytes; `None` for the default start.
    pub from_sha256: Option<String>,
    /// The move generator, `fast` or `naive`.
    pub solver: String,
    /// The convention for games that end early, `dropped` or `leaf`.
    pub finished: String,
    /// The depth D.
    pub depth: u32,
    /// The split depth s.
    pub split_depth: u32,
    /// The distinct positions at the split depth.
    pub split_positions: u64,
    /// [`crate::perft::Split::digest`]: the positions, their paths, their order.
    pub split_sha256: String,
    /// Whether the counts are split by first move (`--divide`).
    pub divide: bool,
    /// N.
    pub shards: u32,
}

/// One line of a sharded `--divide`: a first move and this shard's part of its count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivideLine {
    /// The move's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The count, in decimal (a `u128` passes what JSON readers hold exactly).
    pub count: String,
}

/// The file one `perft --shard K/N` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PerftShard {
    /// [`FORMAT`].
    pub format: String,
    /// The plan.
    pub plan: PerftPlan,
    /// [`digest`] of the plan.
    pub plan_digest: String,
    /// K.
    pub shard: u32,
    /// The split's positions dealt to this shard.
    pub positions: u64,
    /// This shard's part of perft(D), in decimal.
    pub total: String,
    /// With `--divide`: this shard's part of each first move's count, sorted by move.
    pub divide: Option<Vec<DivideLine>>,
    /// Wall-clock seconds of the shard (the split and its counts).
    pub seconds: f64,
}

/// One step of a `verify` plan, as the plan lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanStep {
    /// The game.
    pub game: String,
    /// The step's label ([`crate::harness::StepSpan::label`]).
    pub label: String,
}

/// Everything that fixes a sharded `verify` and its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifyPlan {
    /// The program that ran it.
    pub program: String,
    /// Its version.
    pub version: String,
    /// The games verified, in report order.
    pub games: Vec<String>,
    /// The seed of every random case.
    pub seed: u64,
    /// `--cases`, or `None` for each game's budget.
    pub cases: Option<u64>,
    /// Every step of every game, in report order: step `j` runs on shard `j mod N`.
    pub steps: Vec<PlanStep>,
    /// N.
    pub shards: u32,
}

/// What one step added to the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepResult {
    /// The step's index in [`VerifyPlan::steps`].
    pub step: usize,
    /// Its rows.
    pub rows: Vec<Row>,
    /// Its shrunk failures.
    pub failures: Vec<Failure>,
}

/// One game's part of the signature, computed by the shard that runs the game's first
/// step (shard 0 for a game with no step).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignaturePart {
    /// The game.
    pub game: String,
    /// Its bytes, in lowercase hex; `None` for a game that adds nothing
    /// ([`crate::harness::Verify::signature_part`]).
    pub hex: Option<String>,
}

/// The file one `verify --shard K/N` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerifyShard {
    /// [`FORMAT`].
    pub format: String,
    /// The plan.
    pub plan: VerifyPlan,
    /// [`digest`] of the plan.
    pub plan_digest: String,
    /// K.
    pub shard: u32,
    /// The steps this shard ran, in order.
    pub steps: Vec<StepResult>,
    /// The signature parts of the games whose first step is this shard's.
    pub signature_parts: Vec<SignaturePart>,
    /// This shard's peak resident memory in bytes (as `verify --json`'s).
    pub peak_resident_bytes: Option<u64>,
}

/// A shard file of either kind (`"kind": "perft"` or `"verify"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ShardFile {
    /// `perft --shard`.
    Perft(PerftShard),
    /// `verify --shard`.
    Verify(VerifyShard),
}

impl ShardFile {
    /// The file's JSON (pretty, with a final newline).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a shard serializes");
        s.push('\n');
        s
    }

    /// K.
    pub fn shard(&self) -> u32 {
        match self {
            ShardFile::Perft(p) => p.shard,
            ShardFile::Verify(v) => v.shard,
        }
    }

    /// N.
    pub fn shards(&self) -> u32 {
        match self {
            ShardFile::Perft(p) => p.plan.shards,
            ShardFile::Verify(v) => v.plan.shards,
        }
    }
}

/// Lowercase hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lowercase or uppercase hex `text`; `None` when it is not hex.
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_is_k_of_n_counted_from_0() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(
            "0/1".parse::<Shard>().map(|s| s.to_string()),
            Ok("0/1".into())
        );
        for (bad, says) in [
            ("8/8", "K < N (the last shard is 7/8)"),
            ("1/0", "N must be 1..=65536"),
            ("0/65537", "N must be 1..=65536"),
            ("a/4", "K `a` is not a whole number"),
            ("1/-4", "N `-4` is not a whole number"),
            ("3", "`3` is not a shard: K/N"),
            ("", "`` is not a shard"),
            (
                "0/4294967296",
                "N = 4294967296 is out of range: N is 1..=65536",
            ),
        ] {
            let e = bad.parse::<Shard>().unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let s = Shard { index: 1, count: 3 };
        let held: Vec<usize> = (0..8).filter(|&j| s.holds(j)).collect();
        assert_eq!(held, [1, 4, 7]);
    }

    #[test]
    fn hex_round_trips_and_refuses_what_is_not_hex() {
        let bytes = [0u8, 1, 0xab, 0xff];
        assert_eq!(to_hex(&bytes), "0001abff");
        assert_eq!(from_hex("0001abff").as_deref(), Some(&bytes[..]));
        assert_eq!(from_hex("0001ABFF").as_deref(), Some(&bytes[..]));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex("é1"), None);
    }
}
