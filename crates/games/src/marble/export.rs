//! Solved marble tables for other languages: the `GCTABLE1` file of `gamecheck table
//! marble`, its SHA-256 digest, and the per-layer counts of `gamecheck count marble`.
//!
//! The file: the magic line `GCTABLE1\n`, one line with the game and the rule flags
//! (`marble --side 4 --run 3 --lines all\n`), then 2^(n²) bits packed little-endian:
//! bit `p` (byte `p / 8`, bit `p mod 8`) is set when the player to move wins at the
//! *square-frame* position `p` (square cell `(r, c)` is bit `r·n + c`; docs/numbers.md maps
//! it to the contest's reading order). Bits past 2^(n²) in the last byte are 0.

use super::rules::Rules;
use super::table::Table;
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};

/// The magic line that starts a table file.
pub const MAGIC: &str = "GCTABLE1\n";

/// The header of a table of `rules`: the magic line and the rules line.
pub fn header(rules: &Rules) -> String {
    format!("{MAGIC}marble {}\n", rules.flags())
}

/// Calls `sink` with the table's bits, packed little-endian in the square frame, in
/// chunks of at most 1 MiB: ⌈2^(n²) / 8⌉ bytes in all. For n² ≥ 6 these are the table's
/// words in little-endian order, so a side-6 table streams without a second buffer.
///
/// # Panics
/// When `table` is a masked table (only full tables are exported).
pub fn for_each_chunk(table: &Table, mut sink: impl FnMut(&[u8])) {
    assert!(table.is_full(), "only a full table is exported");
    let words = table.words();
    if table.positions() >= 64 {
        const WORDS: usize = 1 << 17;
        let mut buf = Vec::with_capacity(WORDS * 8);
        for chunk in words.chunks(WORDS) {
            buf.clear();
            for w in chunk {
                buf.extend_from_slice(&w.to_le_bytes());
            }
            sink(&buf);
        }
    } else {
        // 2, 16 or 512 positions... at most 64: the low bits of the one word
        let bytes = table.positions().div_ceil(8) as usize;
        sink(&words[0].to_le_bytes()[..bytes]);
    }
}

/// The table's bits, packed little-endian in the square frame: ⌈2^(n²) / 8⌉ bytes.
pub fn bits(table: &Table) -> Vec<u8> {
    let mut out = Vec::new();
    for_each_chunk(table, |c| out.extend_from_slice(c));
    out
}

/// The whole file of a solved table: header, then bits.
pub fn file_bytes(table: &Table) -> Vec<u8> {
    let mut out = header(table.rules()).into_bytes();
    out.extend(bits(table));
    out
}

/// Writes the table file to `out` as it is produced (header, then bits) and returns the
/// lowercase hex SHA-256 of what was written.
///
/// # Errors
/// The first write error.
pub fn write_file(table: &Table, out: impl Write) -> std::io::Result<String> {
    let mut out = std::io::BufWriter::with_capacity(1 << 20, out);
    let mut hasher = Sha256::new();
    let head = header(table.rules());
    hasher.update(head.as_bytes());
    out.write_all(head.as_bytes())?;
    let mut result = Ok(());
    for_each_chunk(table, |c| {
        if result.is_ok() {
            hasher.update(c);
            result = out.write_all(c);
        }
    });
    result?;
    out.flush()?;
    Ok(hex(&hasher.finalize()))
}

/// The length in bytes of the table file of `rules`: header, then ⌈2^(n²) / 8⌉ bytes.
pub fn file_len(rules: &Rules) -> u64 {
    header(rules).len() as u64 + (1u64 << rules.cells()).div_ceil(8)
}

/// Reads the table file at `path` for `rules` and checks it before anyone trusts it: its
/// length, its SHA-256 against `path.sha256` (which `gamecheck table` writes beside it;
/// required), and — for sides 1..=5, where it costs at most 50 ms — the certificate
/// ([`Table::certify`]). A side-6 table is trusted on its digest (its certificate costs
/// two minutes: `gamecheck table` ran it before writing the file).
///
/// # Errors
/// A message that names what is wrong: the file or its digest file cannot be read, the
/// length or the digest differs, the header names other rules, or the certificate fails.
pub fn read_checked(rules: &Rules, path: &std::path::Path) -> Result<Table, String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot open {name}: {e}"))?;
    let mut sum_path = path.as_os_str().to_owned();
    sum_path.push(".sha256");
    let sum_path = std::path::PathBuf::from(sum_path);
    let sum = std::fs::read_to_string(&sum_path).map_err(|e| {
        format!(
            "cannot read its digest file {}: {e} (`gamecheck table` writes one beside the table)",
            sum_path.display()
        )
    })?;
    let want = sum
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {name}: {e}"))?;
    let mut head = Vec::new();
    std::io::Read::take(&file, 256)
        .read_to_end(&mut head)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if !head.starts_with(MAGIC.as_bytes()) {
        return Err(format!(
            "{name} is not a gamecheck table: it does not start with `{}`",
            MAGIC.trim_end()
        ));
    }
    if meta.len() != file_len(rules) {
        // a header of other rules says more than a length
        read_header(rules, &mut head.as_slice())?;
        return Err(format!(
            "{name} is {} bytes; the table of these rules is {} bytes",
            meta.len(),
            file_len(rules)
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {name}: {e}"))?;
    let mut reader = Hashing {
        inner: std::io::BufReader::with_capacity(1 << 20, file),
        hasher: Sha256::new(),
    };
    let table = read_file(rules, &mut reader)?;
    let got = hex(&reader.hasher.finalize());
    if got != want {
        return Err(format!(
            "{name} does not match its digest file {}: SHA-256 {got}, expected {want}",
            sum_path.display()
        ));
    }
    if rules.side() <= super::rules::TABLE_MAX_SIDE {
        table
            .certify()
            .map_err(|e| format!("{name} fails its certificate: {e}"))?;
    }
    Ok(table)
}

/// A reader that hashes what it reads.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

/// Reads the magic line and the rules line, which must be those of `rules`.
fn read_header(rules: &Rules, input: &mut impl Read) -> Result<(), String> {
    let expected = header(rules);
    let mut head = vec![0u8; MAGIC.len()];
    input
        .read_exact(&mut head)
        .map_err(|_| "the file ends inside its header".to_string())?;
    if head != MAGIC.as_bytes() {
        return Err(format!(
            "not a gamecheck table: it does not start with `{}`",
            MAGIC.trim_end()
        ));
    }
    // the rules line, up to its newline (at most 200 bytes)
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        input
            .read_exact(&mut byte)
            .map_err(|_| "the file ends inside its rules line".to_string())?;
        if byte[0] == b'\n' {
            break;
        }
        line.push(byte[0]);
        if line.len() > 200 {
            return Err("the rules line is longer than 200 bytes".into());
        }
    }
    let line = String::from_utf8_lossy(&line);
    let want = &expected[MAGIC.len()..expected.len() - 1];
    if line != want {
        return Err(format!(
            "the table was written for `{}`, but the flags give `{want}`",
            line.escape_debug()
        ));
    }
    Ok(())
}

/// Reads a table file written by [`write_file`] for `rules`.
///
/// # Errors
/// A message when the file cannot be read, does not start with [`MAGIC`], was written
/// for other rules (its header line differs from `rules`' flags), or has the wrong
/// length for them.
pub fn read_file(rules: &Rules, mut input: impl Read) -> Result<Table, String> {
    read_header(rules, &mut input)?;
    let positions = 1u64 << rules.cells();
    let lo = (rules.cells() as u32).min(6);
    let mut words = super::table::zeroed_words((positions >> lo) as usize)?;
    if positions >= 64 {
        let mut buf = vec![0u8; 1 << 20];
        for chunk in words.chunks_mut(buf.len() / 8) {
            let bytes = &mut buf[..chunk.len() * 8];
            input.read_exact(bytes).map_err(|_| {
                format!(
                    "the file ends early: expected {} bytes of bits",
                    positions / 8
                )
            })?;
            for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *w = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            }
        }
    } else {
        let bytes = positions.div_ceil(8) as usize;
        let mut b = [0u8; 8];
        input
            .read_exact(&mut b[..bytes])
            .map_err(|_| format!("the file ends early: expected {bytes} bytes of bits"))?;
        words[0] = u64::from_le_bytes(b);
    }
    let mut rest = [0u8; 1];
    if input.read(&mut rest).map_err(|e| e.to_string())? != 0 {
        return Err(format!(
            "the file goes on after its {} bytes of bits",
            positions.div_ceil(8)
        ));
    }
    Ok(Table::from_words(rules, words))
}

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
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

/// The per-layer counts of a solved full table, m = 0..=n², a word (64 positions) at a
/// time: the word's high cells give its marbles, popcounts split the low ones.
pub fn layers(table: &Table) -> Vec<Layer> {
    let cells = table.rules().cells() as u32;
    let lo = cells.min(6);
    let per_word = 1u32 << lo;
    let by_low: Vec<u64> = (0..=lo)
        .map(|j| {
            (0..per_word)
                .filter(|p| p.count_ones() == j)
                .fold(0u64, |w, p| w | 1 << p)
        })
        .collect();
    let words = table.words();
    let counts = words
        .par_chunks(1 << 16)
        .enumerate()
        .map(|(c, chunk)| {
            let mut n = vec![[0u64; 2]; cells as usize + 1];
            for (i, &w) in chunk.iter().enumerate() {
                let high = ((c << 16) + i).count_ones();
                for (j, &layer) in by_low.iter().enumerate() {
                    let l = &mut n[high as usize + j];
                    l[0] += u64::from((!w & layer).count_ones());
                    l[1] += u64::from((w & layer).count_ones());
                }
            }
            n
        })
        .reduce(
            || vec![[0u64; 2]; cells as usize + 1],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                a
            },
        );
    counts
        .into_iter()
        .enumerate()
        .map(|(m, [p, n])| Layer {
            marbles: m as u32,
            positions: p + n,
            p,
            n,
        })
        .collect()
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
