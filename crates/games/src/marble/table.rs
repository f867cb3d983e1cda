//! The `table` solver: retrograde analysis of every position of a rule set into a table
//! of one bit per position, then O(1) answers.
//!
//! # One builder for every size
//!
//! [`Table::build_masked`] solves the positions of a *mask of free cells*: every cell
//! outside the mask is filled, the cells inside it take every combination. The full
//! table of a rule set ([`Table::build`]) is the mask with every cell free; tests build
//! side-6 masks of about 20 free cells, so the code of the 2^36-position build is
//! covered by `cargo test` without its 8 GiB. Inside a table, a position is its *index*:
//! the free cells compressed to the low bits (bit `i` of the index is the `i`-th free
//! cell of the square frame; for the full mask the index is the square-frame position).
//!
//! # The pass
//!
//! Every move adds marbles, so a position depends only on positions with more marbles
//! (supersets). The index's `k` bits split into `lo` (6 bits: the 64 positions of one
//! `u64` word), `mid` (up to [`MID_BITS`]: the words of one *block*, 128 KiB, which stay
//! in the core's L2 cache while the block is solved) and `top` (the block number). A
//! move `m = (m_top, m_mid, m_lo)` contributes, for all 64 positions of a word at once,
//! `(!word[idx | m] >> m_lo) & DISJOINT[m_lo]` — the positions `lo` disjoint from `m_lo`
//! whose successor `lo | m_lo = lo + m_lo` is a loss.
//!
//! - Blocks are solved layer by layer of `popcount(top)`, most marbles first; a layer's
//!   blocks are independent and solved in parallel (rayon). The layers are enumerated
//!   from the block numbers (2^16 of them for side 6), never from an index of words.
//! - Inside a block: first every *cross* move (`m_top ≠ 0`, disjoint from the block) reads
//!   its source block (a finished one of a higher layer) in one sequential sweep, so
//!   the 8 GiB table is read in long runs, not at random; then the words in descending
//!   `mid` order take the block's own moves, and inside each word the 64 positions by
//!   falling popcount of `lo` take the word's own moves.
//! - In place: a block is solved into its task's buffer (in cache) and copied into the
//!   one table by that task; no second copy of the table exists.

use super::geometry::Layout;
use super::movegen::MoveGen;
use super::rules::{Play, Rules, TABLE_MAX_SIDE};
use super::Position;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The most index bits of one block's words (2^14 words = 128 KiB, inside a 1 MiB L2).
pub const MID_BITS: u32 = 14;

/// The most index bits of a sub-block's words (64 words = 512 B, in L1).
pub const SUB_BITS: u32 = 6;

/// The most free cells of a masked build that [`TableSolver`] makes for one side-6 query
/// without a table file (2^30 bits = 128 MiB, about 1 s).
pub const MASKED_MAX_EMPTY: usize = 30;

/// The table's words, shared by the tasks of one layer of the build.
///
/// Safety rests on the order of the pass: while a layer runs, each block of the layer is
/// written by exactly one task (the one that solves it), and every read is of a block of
/// an earlier layer (a strict superset of the block's marbles), finished before the layer
/// started — `par_iter` returns only when all its tasks are done. So no word is read
/// and written at the same time, and no block is written twice at once.
struct Shared {
    ptr: *mut u64,
    len: usize,
}

// SAFETY: see the type's doc: the build's layer order keeps reads and writes apart.
unsafe impl Sync for Shared {}

impl Shared {
    /// Block `b` of `len` words.
    ///
    /// # Safety
    /// No task may write block `b` while the slice lives.
    unsafe fn block(&self, b: usize, len: usize) -> &[u64] {
        assert!((b + 1) * len <= self.len, "block {b} outside the table");
        // SAFETY: in bounds (checked), and the caller guarantees no concurrent write
        unsafe { std::slice::from_raw_parts(self.ptr.add(b * len), len) }
    }

    /// Copies `data` into block `b` (of `data.len()` words).
    ///
    /// # Safety
    /// No other task may read or write block `b` meanwhile.
    unsafe fn write(&self, b: usize, data: &[u64]) {
        let len = data.len();
        assert!((b + 1) * len <= self.len, "block {b} outside the table");
        // SAFETY: in bounds (checked), `data` is a task-local buffer (no overlap), and
        // the caller guarantees that nobody else touches block `b`
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr.add(b * len), len) }
    }
}

/// A solved rule set: one bit per position, set when the player to move wins.
///
/// The full table of side n has 2^(n²) bits: 8 KiB for the 4-diamond, 4 MiB for the
/// 5-diamond, 8 GiB for the 6-diamond. A masked table (see the module docs) has 2^k
/// bits for its k free cells.
#[derive(Debug, Clone)]
pub struct Table {
    rules: Rules,
    /// The free cells (square frame); every other cell is filled.
    free: u64,
    lo_bits: u32,
    words: Vec<u64>,
}

/// Hears how a build goes: [`Table::build_observed`] calls it once per layer and after
/// each batch of blocks. Every method does nothing by default.
pub trait Observer: Sync {
    /// Layer `layer` of `layers` (0-based, most marbles first) starts; it has
    /// `positions` positions.
    fn layer(&self, _layer: usize, _layers: usize, _positions: u64) {}
    /// `positions` more positions are solved.
    fn advance(&self, _positions: u64) {}
}

/// An [`Observer`] that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Observer for Quiet {}

/// `x`'s bits gathered from the positions of `mask`'s set bits into the low bits
/// (the index of a position in a masked table; BMI2's `pext`).
pub fn compress(x: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    let mut m = mask;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m &= m - 1;
    }
    out
}

/// The low bits of `idx` scattered to the positions of `mask`'s set bits (the inverse
/// of [`compress`]; BMI2's `pdep`).
pub fn expand(idx: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    let mut m = mask;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if idx >> bit & 1 == 1 {
            out |= low;
        }
        bit += 1;
        m &= m - 1;
    }
    out
}

/// One move's part of a pass: `dst[i] |= (!src[i | m] >> ml) & d` for every index `i`
/// of `dst` disjoint from `m` (each word of `dst` gains the wins of the move whose
/// target word is `i | m` of `src`, a finished range of `dst`'s length; all of `dst`
/// when `m` is 0). Sequential in `i`, so the source is read in one sweep.
#[inline]
fn sweep(dst: &mut [u64], src: &[u64], m: usize, ml: u32, d: u64) {
    if m == 0 {
        for (w, &x) in dst.iter_mut().zip(src) {
            *w |= (!x >> ml) & d;
        }
    } else {
        // every i disjoint from m: the submasks of its complement, descending
        let rest = (dst.len() - 1) & !m;
        let mut i = rest;
        loop {
            dst[i] |= (!src[i | m] >> ml) & d;
            if i == 0 {
                break;
            }
            i = (i - 1) & rest;
        }
    }
}

/// Whether the set bits of `mask` are one contiguous run (or none): then
/// [`compress`] and [`expand`] are a shift by its lowest bit.
fn is_one_run(mask: u64) -> bool {
    let x = mask >> mask.trailing_zeros().min(63);
    x & x.wrapping_add(1) == 0
}

/// The word of positions `lo < per_word` with `pred(lo)`.
fn word_of(per_word: u32, pred: impl Fn(u32) -> bool) -> u64 {
    (0..per_word)
        .filter(|&lo| pred(lo))
        .fold(0, |w, lo| w | 1 << lo)
}

/// How the `k` index bits of a build split into words and blocks.
#[derive(Debug, Clone, Copy)]
struct Split {
    lo: u32,
    mid: u32,
    /// the low bits of `mid` that index a word inside a sub-block
    sub: u32,
    top: u32,
}

impl Split {
    fn of(k: u32) -> Split {
        let lo = k.min(6);
        let mid = (k - lo).min(MID_BITS);
        Split {
            lo,
            mid,
            sub: mid.min(SUB_BITS),
            top: k - lo - mid,
        }
    }
}

/// The moves of a build, split by where they land (module docs, "The pass").
struct Moves {
    /// m_top = 0, m_mid = 0: (m_lo, DISJOINT[m_lo])
    internal: Vec<(u32, u64)>,
    /// m_top = 0, m_mid ≠ 0 above the sub-block bits: (m_sub_hi, m_sub_lo, m_lo, DISJOINT[m_lo])
    outer: Vec<(usize, usize, u32, u64)>,
    /// m_top = 0, m_mid ≠ 0 inside the sub-block bits: (m_sub_lo, m_lo, DISJOINT[m_lo])
    inner: Vec<(usize, u32, u64)>,
    /// m_top ≠ 0, sorted by m_top: (m_top, m_mid, m_lo, DISJOINT[m_lo])
    cross: Vec<(usize, usize, u32, u64)>,
}

impl Table {
    /// Solves every position of `rules` (retrograde analysis): the mask with every cell
    /// free. Side 6 takes 8 GiB and minutes: see [`Table::build_observed`].
    pub fn build(rules: &Rules) -> Table {
        Table::build_observed(rules, full_of(rules), &Quiet)
    }

    /// Solves every position whose cells outside `free` (square frame) are filled.
    ///
    /// # Panics
    /// When `free` has bits outside the board.
    pub fn build_masked(rules: &Rules, free: u64) -> Table {
        Table::build_observed(rules, free, &Quiet)
    }

    /// [`Table::build_masked`], telling `observer` of each layer and batch of blocks.
    ///
    /// # Panics
    /// When `free` has bits outside the board, or the table's memory (2^k bits) cannot
    /// be allocated (see [`Table::try_build_observed`]).
    pub fn build_observed(rules: &Rules, free: u64, observer: &dyn Observer) -> Table {
        Table::try_build_observed(rules, free, observer).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Table::build_observed`], with an allocation failure as an error.
    ///
    /// # Errors
    /// The table's memory (2^k bits: 8 GiB for the full side-6 table) cannot be
    /// allocated.
    ///
    /// # Panics
    /// When `free` has bits outside the board.
    pub fn try_build_observed(
        rules: &Rules,
        free: u64,
        observer: &dyn Observer,
    ) -> Result<Table, String> {
        let full = full_of(rules);
        assert_eq!(free & !full, 0, "free cells outside the board");
        let k = free.count_ones();
        let s = Split::of(k);
        let per_word = 1u32 << s.lo;
        let valid = if per_word == 64 {
            !0
        } else {
            (1u64 << per_word) - 1
        };
        let disjoint = |m: u32| word_of(per_word, |lo| lo & m == 0);
        let lo_layers: Vec<u64> = (0..s.lo)
            .rev()
            .map(|j| word_of(per_word, |lo| lo.count_ones() == j))
            .collect();

        // the moves of the empty board that stay inside the free cells, as indices
        let mut moves = Moves {
            internal: Vec::new(),
            outer: Vec::new(),
            inner: Vec::new(),
            cross: Vec::new(),
        };
        let lo_mask = u64::from(per_word - 1);
        let mid_mask = (1u64 << s.mid) - 1;
        let sub_len = 1usize << s.sub;
        for m in MoveGen::new(rules).moves(full & !free) {
            let i = compress(m, free);
            let (ml, mm, mt) = (
                (i & lo_mask) as u32,
                ((i >> s.lo) & mid_mask) as usize,
                (i >> (s.lo + s.mid)) as usize,
            );
            match (mt, mm) {
                (0, 0) => moves.internal.push((ml, disjoint(ml))),
                (0, _) if mm >> s.sub != 0 => {
                    moves
                        .outer
                        .push((mm >> s.sub, mm & (sub_len - 1), ml, disjoint(ml)))
                }
                (0, _) => moves.inner.push((mm, ml, disjoint(ml))),
                _ => moves.cross.push((mt, mm, ml, disjoint(ml))),
            }
        }
        moves.cross.sort_by_key(|&(mt, mm, ml, _)| (mt, mm, ml));

        // The full board (index all ones) is the only terminal position: a loss in normal
        // play, a win in misère play.
        let terminal = match rules.play() {
            Play::Normal => 0,
            Play::Misere => 1u64 << (per_word - 1),
        };
        let block_len = 1usize << s.mid;
        let full_top = (1usize << s.top) - 1;

        let solve_block = |top: usize, table: &Shared, buf: &mut [u64]| {
            buf.fill(0);
            if top == full_top {
                buf[block_len - 1] = terminal;
            }
            for &(mt, mm, ml, d) in &moves.cross {
                if mt & top != 0 {
                    continue;
                }
                // SAFETY: block top | mt ⊋ top has more marbles: a finished block of an
                // earlier layer, which no task writes any more (see `Shared`)
                let src = unsafe { table.block(top | mt, block_len) };
                sweep(buf, src, mm, ml, d);
            }
            // the block's own moves, a sub-block of 2^sub words at a time (descending):
            // first the moves into a higher sub-block, then the sub-block's own words
            for sb in (0..block_len >> s.sub).rev() {
                let base = sb << s.sub;
                let (here, above) = buf.split_at_mut(base + sub_len);
                let here = &mut here[base..];
                for &(msh, msl, ml, d) in &moves.outer {
                    if msh & sb != 0 {
                        continue;
                    }
                    let src = &above[((sb | msh) - sb - 1) << s.sub..][..sub_len];
                    sweep(here, src, msl, ml, d);
                }
                for sl in (0..sub_len).rev() {
                    let mut w = here[sl];
                    for &(msl, ml, d) in &moves.inner {
                        if sl & msl == 0 {
                            w |= (!here[sl | msl] >> ml) & d;
                        }
                    }
                    // inside the word: positions with fewer low marbles depend on more
                    for &layer in &lo_layers {
                        let lost = !w;
                        let mut acc = 0u64;
                        for &(ml, d) in &moves.internal {
                            acc |= (lost >> ml) & d;
                        }
                        w |= acc & layer;
                    }
                    here[sl] = w & valid;
                }
            }
        };

        let mut words = zeroed_words(block_len << s.top)?;
        let mut by_count: Vec<Vec<usize>> = vec![Vec::new(); s.top as usize + 1];
        for top in 0..=full_top {
            by_count[top.count_ones() as usize].push(top);
        }
        let layers = by_count.len();
        let positions_per_block = (block_len as u64) << s.lo;
        {
            // `table` points into `words`; it ends with this scope, before `words` moves
            let table = Shared {
                ptr: words.as_mut_ptr(),
                len: words.len(),
            };
            for (i, layer) in by_count.iter().rev().enumerate() {
                observer.layer(i, layers, positions_per_block * layer.len() as u64);
                layer.par_iter().for_each_init(
                    || vec![0u64; block_len],
                    |buf, &top| {
                        solve_block(top, &table, buf);
                        // SAFETY: `top` is in this layer, solved by this task alone; other
                        // tasks read only blocks of earlier layers (see `Shared`)
                        unsafe { table.write(top, buf) };
                        observer.advance(positions_per_block);
                    },
                );
            }
        }
        Ok(Table {
            rules: *rules,
            free,
            lo_bits: s.lo,
            words,
        })
    }

    /// A full table from raw words (bit `lo` of word `hi` for square position
    /// `hi·2^b + lo`, `b = min(6, n²)`), such as a stored or deliberately corrupted one;
    /// [`Table::certify`] it before trusting it.
    ///
    /// # Panics
    /// When `words` does not have 2^(n² − b) entries.
    pub fn from_words(rules: &Rules, words: Vec<u64>) -> Table {
        let lo_bits = (rules.cells() as u32).min(6);
        assert_eq!(
            words.len(),
            1usize << (rules.cells() as u32 - lo_bits),
            "table size"
        );
        Table {
            rules: *rules,
            free: full_of(rules),
            lo_bits,
            words,
        }
    }

    /// The rules this table solves.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The free cells (square frame): all cells for a full table.
    pub fn free(&self) -> u64 {
        self.free
    }

    /// Whether this is the full table of its rules (every cell free).
    pub fn is_full(&self) -> bool {
        self.free == full_of(&self.rules)
    }

    /// The table's words: word `hi` holds indices `hi·2^b + lo` (`b = min(6, k)`).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether the player to move wins at the position of index `idx` (for a full
    /// table, the square-frame position).
    #[inline]
    pub fn wins_index(&self, idx: u64) -> bool {
        let lo_mask = (1u64 << self.lo_bits) - 1;
        self.words[(idx >> self.lo_bits) as usize] >> (idx & lo_mask) & 1 == 1
    }

    /// Whether the player to move wins at square-frame position `filled`.
    ///
    /// # Panics
    /// When `filled` lacks a cell outside the free cells (it is not in the table).
    #[inline]
    pub fn wins_square(&self, filled: u64) -> bool {
        if self.is_full() {
            return self.wins_index(filled);
        }
        let fixed = full_of(&self.rules) & !self.free;
        assert_eq!(filled & fixed, fixed, "the position is not in the table");
        self.wins_index(compress(filled, self.free))
    }

    /// The number of positions in the table, 2^k for k free cells.
    pub fn positions(&self) -> u64 {
        1u64 << self.free.count_ones()
    }

    /// The table's memory in bytes (one bit per position, at least one word).
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Proves the table consistent, independently of how it was built: for every
    /// position, with moves from the shift generator ([`MoveGen::for_each`]), a
    /// non-terminal win has a move to a loss, a non-terminal loss has only moves to wins,
    /// and the full board (the only terminal position) has the end rule's value (normal:
    /// loss; misère: win). 64 positions at a time: the generator runs on the word's
    /// position with its low cells empty, and each move is checked for the word's
    /// positions it fits by one lookup in the finished table (no layers, no blocks: a
    /// different path from the build's).
    ///
    /// # Errors
    /// The first inconsistent position (square-frame bits) and what is wrong with it.
    pub fn certify(&self) -> Result<(), String> {
        self.certify_observed(&Quiet)
    }

    /// [`Table::certify`], telling `observer` of each batch of positions checked.
    ///
    /// # Errors
    /// As [`Table::certify`].
    pub fn certify_observed(&self, observer: &dyn Observer) -> Result<(), String> {
        let gen = MoveGen::new(&self.rules);
        let full = gen.full();
        let fixed = full & !self.free;
        let lo = self.lo_bits;
        let per_word = 1u64 << lo;
        let valid = if lo == 6 { !0 } else { (1u64 << per_word) - 1 };
        // a contiguous run of free cells (the full board, or the prototype masks of the
        // high cells) compresses by a shift
        // (no free cell: 63, not 64, which would overflow the shifts below; only index 0)
        let shift = self.free.trailing_zeros().min(63);
        let same_frame = is_one_run(self.free);
        // fits[m]: the positions lo of a word that have none of m's cells
        let fits: Vec<u64> = (0..per_word)
            .map(|m| {
                (0..per_word)
                    .filter(|p| p & m == 0)
                    .fold(0, |w, p| w | 1 << p)
            })
            .collect();
        let last = self.words.len() - 1;
        let terminal_bit = 1u64 << (per_word - 1);
        let terminal_wins = self.rules.play() == Play::Misere;
        const CHUNK: usize = 1 << 12;
        let bad = (0..self.words.len().div_ceil(CHUNK))
            .into_par_iter()
            .find_map_any(|c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(self.words.len());
                let n = range.len();
                let found = range.into_iter().find_map(|hi| {
                    let base_idx = (hi as u64) << lo;
                    let base = if same_frame {
                        fixed | base_idx << shift
                    } else {
                        fixed | expand(base_idx, self.free)
                    };
                    let mut to_loss = 0u64;
                    let _ = gen.for_each(base, |m| {
                        let i = if same_frame {
                            m >> shift
                        } else {
                            compress(m, self.free)
                        };
                        let (mh, ml) = ((i >> lo) as usize, i & (per_word - 1));
                        to_loss |= !(self.words[hi | mh] >> ml) & fits[ml as usize];
                        ControlFlow::Continue(())
                    });
                    let mut expect = to_loss & valid;
                    if hi == last {
                        expect &= !terminal_bit;
                        if terminal_wins {
                            expect |= terminal_bit;
                        }
                    }
                    let diff = (self.words[hi] ^ expect) & valid;
                    (diff != 0).then(|| base_idx | u64::from(diff.trailing_zeros()))
                });
                observer.advance((n as u64) << lo);
                found
            });
        match bad {
            None => Ok(()),
            Some(idx) => {
                let p = if same_frame {
                    fixed | idx << shift
                } else {
                    fixed | expand(idx, self.free)
                };
                let won = self.wins_index(idx);
                let mark = if won { "won" } else { "lost" };
                if p == full {
                    Err(format!(
                        "the full board {p:#x} is marked {mark} under {}",
                        self.rules
                    ))
                } else {
                    Err(format!(
                        "position {p:#x} is marked {mark} but {}",
                        if won {
                            "has no move to a lost position"
                        } else {
                            "has a move to a lost position"
                        }
                    ))
                }
            }
        }
    }
}

/// `n` zero words, or an error that says how much memory they need.
///
/// # Errors
/// The allocation fails (a machine or a `ulimit -v` with less memory).
pub fn zeroed_words(n: usize) -> Result<Vec<u64>, String> {
    let mut v: Vec<u64> = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        format!(
            "the table needs {} of memory, which cannot be allocated here",
            human_bytes(n as u64 * 8)
        )
    })?;
    v.resize(n, 0);
    Ok(v)
}

/// `bytes` as `8 GiB`, `4 MiB`, `512 B`.
fn human_bytes(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.0} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.0} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.0} KiB", b as f64 / (1u64 << 10) as f64),
        b => format!("{b} B"),
    }
}

/// Every cell of the rules' board, square frame.
fn full_of(rules: &Rules) -> u64 {
    (1u64 << rules.cells()) - 1
}

/// The `table` solver: builds the table on the first query (or takes a shared or loaded
/// one) and answers each position with one lookup. For side 6 without a full table it
/// builds, per query, the masked table of the position's empty cells (at most
/// [`MASKED_MAX_EMPTY`]) and refuses larger positions, naming `--table`.
///
/// # Panics
/// [`Solver::solve`] panics when the position's side is not the rules' side (a
/// caller's bug, not bad input: the contest reader reads positions of the rules' side).
#[derive(Debug, Clone)]
pub struct TableSolver {
    rules: Rules,
    layout: Layout,
    table: Option<Arc<Table>>,
}

impl TableSolver {
    /// A solver for `rules`; the table is built on the first query (sides 1..=5).
    pub fn new(rules: &Rules) -> Self {
        TableSolver {
            rules: *rules,
            layout: Layout::new(rules.side()),
            table: None,
        }
    }

    /// A solver over an already built full table (shared, e.g. between tests, or read
    /// from a file).
    ///
    /// # Panics
    /// When `table` is a masked one.
    pub fn with_table(table: Arc<Table>) -> Self {
        assert!(
            table.is_full(),
            "a masked table answers only its own positions"
        );
        TableSolver {
            rules: *table.rules(),
            layout: Layout::new(table.rules().side()),
            table: Some(table),
        }
    }

    /// The full table, built now if it was not yet (sides 1..=5; side 6 only when one was
    /// given to [`TableSolver::with_table`]).
    pub fn table(&mut self) -> Option<&Arc<Table>> {
        if self.table.is_none() && self.rules.side() <= TABLE_MAX_SIDE {
            self.table = Some(Arc::new(Table::build(&self.rules)));
        }
        self.table.as_ref()
    }

    fn refuse(&self, position: &Position) -> Result<(), Refusal> {
        let empty = position.empty_cells();
        // only side 6 has more than MASKED_MAX_EMPTY cells (side 5 has 25; a side up to
        // TABLE_MAX_SIDE builds its full table instead): tested in tests/marble_side6.rs
        if self.table.is_none() && empty > MASKED_MAX_EMPTY {
            return Err(Refusal {
                solver: "table",
                reason: format!(
                    "{empty} empty cells, more than the {MASKED_MAX_EMPTY} it solves without the full \
                     side-{side} table (build it once with `gamecheck table marble --side {side} --out FILE`)",
                    side = self.rules.side()
                ),
                suggestion: Suggestion::Flag("--table FILE".into()),
            });
        }
        Ok(())
    }
}

impl Solver<Position, Value> for TableSolver {
    fn name(&self) -> &'static str {
        "table"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        self.refuse(position)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        assert_eq!(
            position.side(),
            self.rules.side(),
            "position and rules differ in side"
        );
        self.refuse(position)?;
        let sq = self.layout.to_square(position.marbles());
        let win = match self.table() {
            Some(t) => t.wins_square(sq),
            None => {
                let free = full_of(&self.rules) & !sq;
                Table::build_masked(&self.rules, free).wins_index(0)
            }
        };
        Ok(if win { Value::Win } else { Value::Loss })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes in messages: the largest unit that gives at least 1, each bound inclusive.
    #[test]
    fn sizes_are_written_in_the_largest_unit() {
        let cases = [
            (0, "0 B"),
            (1023, "1023 B"),
            (1 << 10, "1 KiB"),
            ((1 << 20) - 1, "1024 KiB"),
            (1 << 20, "1 MiB"),
            (3 << 20, "3 MiB"),
            ((1 << 30) - 1, "1024 MiB"),
            (1 << 30, "1 GiB"),
            (8 << 30, "8 GiB"),
        ];
        for (b, text) in cases {
            assert_eq!(human_bytes(b), text, "{b} bytes");
        }
    }

    /// Masked tables whose free cells are one run above cell 0 (the certificate maps
    /// them by a shift) or scattered (pext/pdep): each certifies, answers as the
    /// bitmask search does, and a bit flipped in any of its words fails the certificate,
    /// which names the flipped position or one with a move into it.
    #[test]
    fn the_certificate_of_masked_tables() {
        use super::super::bitmask::Bitmask;
        use super::super::rules::LineSet;
        for play in [Play::Normal, Play::Misere] {
            let rules = Rules::new(5, Some(3), LineSet::ALL, play).unwrap();
            let mut bitmask = Bitmask::new(&rules);
            let run = |lo: u32, hi: u32| ((1u64 << (hi - lo)) - 1) << lo;
            // three runs, then scattered cells (compressed by pext/pdep)
            for (free, one_run) in [
                (run(5, 21), true),
                (run(9, 25), true),
                (run(1, 12), true),
                (0x16D_B6DA, false),
                (0x0F0_F0F1, false),
            ] {
                assert_eq!(is_one_run(free), one_run);
                let t = Table::build_masked(&rules, free);
                t.certify().unwrap();
                let fixed = full_of(&rules) & !free;
                for idx in (0..t.positions()).step_by(97) {
                    let p = fixed | expand(idx, free);
                    assert_eq!(t.wins_index(idx), bitmask.wins_square(p), "{p:#x}");
                }
                for k in [0, t.words.len() / 2, t.words.len() - 1] {
                    let mut bad = t.clone();
                    let bit = k as u64 % 64;
                    bad.words[k] ^= 1 << bit;
                    let e = bad.certify().unwrap_err();
                    // the position named is the flipped one or one with a move into it:
                    // the fixed cells and a subset of the flipped position's marbles
                    let flipped = fixed | expand((k as u64) << t.lo_bits | bit, free);
                    let named = e
                        .split_whitespace()
                        .find_map(|w| u64::from_str_radix(w.strip_prefix("0x")?, 16).ok())
                        .unwrap_or_else(|| panic!("no position in: {e}"));
                    assert_eq!(named & fixed, fixed, "{e}");
                    assert_eq!(named & !flipped, 0, "{flipped:#x}: {e}");
                }
            }
        }
    }

    /// One run of set bits (or none) compresses by a shift; anything else is not a run.
    #[test]
    fn one_run_of_free_cells() {
        for (mask, run) in [
            (0u64, true),
            (1, true),
            (0b111_0000, true),
            (!0, true),
            (!0 << 40, true),
            (0b101, false),
            (0b1011_0000, false),
            (1 | 1 << 63, false),
        ] {
            assert_eq!(is_one_run(mask), run, "{mask:#b}");
            if run {
                let shift = mask.trailing_zeros().min(63);
                for x in [0, 1, 0b1010, !0, 1 << 63] {
                    let x = x & mask;
                    assert_eq!(compress(x, mask), x >> shift, "{mask:#b}");
                    assert_eq!(expand(x >> shift, mask), x, "{mask:#b}");
                }
            }
        }
    }
}
