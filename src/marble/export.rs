//! Solved marble tables for other languages: the `GCTABLE1` file of `gamecheck table
//! marble`, its SHA-256 digest, and the per-layer counts of `gamecheck count marble`.
//!
//! The file: the magic line `GCTABLE1\n`, one line with the game and the rule flags
//! (`marble --side 4 --run 3 --lines all\n`), then 2^(n²) bits packed little-endian:
//! bit `p` (byte `p / 8`, bit `p mod 8`) is set when the player to move wins at the
//! *square-frame* position `p` (square cell `(r, c)` is bit `r·n + c`; the README maps
//! it to the contest's reading order). Bits past 2^(n²) in the last byte are 0.

use super::rules::Rules;
use super::table::Table;
use sha2::{Digest, Sha256};

/// The magic line that starts a table file.
pub const MAGIC: &str = "GCTABLE1\n";

/// The header of a table of `rules`: the magic line and the rules line.
pub fn header(rules: &Rules) -> String {
    format!("{MAGIC}marble {}\n", rules.flags())
}

/// The table's bits, packed little-endian in the square frame: ⌈2^(n²) / 8⌉ bytes.
pub fn bits(table: &Table) -> Vec<u8> {
    let len = table.len();
    let mut out = vec![0u8; len.div_ceil(8) as usize];
    for p in 0..len {
        if table.wins_square(p as u32) {
            out[(p / 8) as usize] |= 1 << (p % 8);
        }
    }
    out
}

/// The whole file of a solved table: header, then bits.
pub fn file_bytes(table: &Table) -> Vec<u8> {
    let mut out = header(table.rules()).into_bytes();
    out.extend(bits(table));
    out
}

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One line of `count marble`: positions with `marbles` marbles, how many are
/// P-positions (the player to move loses) and how many N-positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// Marbles on the board, 0..=n².
    pub marbles: u32,
    /// Positions with that many marbles, C(n², m).
    pub positions: u64,
    /// P-positions among them.
    pub p: u64,
    /// N-positions among them.
    pub n: u64,
}

/// The per-layer counts of a solved table, m = 0..=n².
pub fn layers(table: &Table) -> Vec<Layer> {
    let cells = table.rules().cells() as u32;
    let mut v: Vec<Layer> = (0..=cells)
        .map(|m| Layer {
            marbles: m,
            positions: 0,
            p: 0,
            n: 0,
        })
        .collect();
    for pos in 0..table.len() as u32 {
        let l = &mut v[pos.count_ones() as usize];
        l.positions += 1;
        if table.wins_square(pos) {
            l.n += 1;
        } else {
            l.p += 1;
        }
    }
    v
}

/// `count marble`'s text: a header, one line `m positions P N` a layer, and `total`.
pub fn write_layers(layers: &[Layer]) -> String {
    let mut s = String::from("m positions P N\n");
    for l in layers {
        s.push_str(&format!("{} {} {} {}\n", l.marbles, l.positions, l.p, l.n));
    }
    let sum = |f: fn(&Layer) -> u64| layers.iter().map(f).sum::<u64>();
    s.push_str(&format!(
        "total {} {} {}\n",
        sum(|l| l.positions),
        sum(|l| l.p),
        sum(|l| l.n)
    ));
    s
}
