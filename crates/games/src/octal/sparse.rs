//! The `sparse` solver: `g(n)` by the sparse-space method (*Winning Ways*, chapter 4,
//! "Sparse space spells speed"; the method of Gangolli & Plambeck and of Flammenkamp's
//! tables of octal games), XOR over heaps.
//!
//! **The method.** For a mask `m` of value bits (and, optionally, the heap's parity as
//! one more bit), split the positions `n ≥ 1` into two classes by the parity of
//! `popcount(g(n) & m)` (XOR `n mod 2` with the parity bit). The class of `g(a) ⊕ g(b)`
//! is the XOR of the classes of `a` and `b` (XOR `(a + b) mod 2` with the parity bit,
//! which is fixed for every split of one heap when every splitting removal `k` has the
//! same parity — the only case the parity bit is allowed). So among the two-heap options
//! `a + b = n − k`, the values of one class — the *mixed* class of `n` — come only from
//! pairs with exactly one member among the *rare* positions. The rare class is the one
//! whose values are closed under XOR (class 0; with the parity bit, the parity of the
//! splitting removals), so that the many common positions take mixed-class values. For
//! many codes the rare positions are few (the sparse-space phenomenon). Then:
//!
//! 1. the options that leave one heap or none are marked as themselves;
//! 2. each pair `(a, n − k − a)` with `a` rare is marked: that is every mixed-class
//!    value among the splits, so `c`, the smallest mixed-class value not marked, is the
//!    smallest mixed-class value that is not an option;
//! 3. `g(n)` may still be a value of the other class below `c` (that is how a new rare
//!    position appears): the splits are scanned (`a = 1, 2, …`) until every such value
//!    is seen (then `g(n) = c`); the smallest never seen is the mex.
//!
//! Each step is exact for *any* mask as long as the rare list holds exactly the rare
//! positions: the mask only decides how fast it is. It is chosen (at `n` = 64, 128, 256,
//! …) as the one with the fewest rare positions so far, over every mask at once by a
//! Walsh–Hadamard transform of the counts of `(g(n), n mod 2)`; when even the best
//! leaves more than an eighth of the positions rare the code has no sparse space (so
//! far) and the plain recurrence runs (mask 0: every split scanned).
//! [`SparseG::certify`] checks the rare list against the table (every listed position
//! rare, none missing), apart from the code that keeps it.
//!
//! Values are stored in two bytes while they fit, four bytes after
//! ([`gamecheck::grundy::Values`]).

use super::code::bits;
use super::grundy::within_table;
use super::{Code, Position};
use gamecheck::grundy::{value_of_grundy, Sequence, Values};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver};
use std::fmt;

/// The class of a position: the parity of `popcount(g(n) & values)`, XOR `n mod 2` when
/// `heap_parity`; the positions of class `rare_class` are the rare ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mask {
    /// The value bits whose parity is the class.
    pub values: u32,
    /// Whether the heap's parity is one more bit of the class.
    pub heap_parity: bool,
    /// The class (0 or 1) of the rare positions.
    pub rare_class: u8,
}

impl Mask {
    /// No mask: every position is of class 0 and none is rare, so every value of a split
    /// is found by the scan — the plain recurrence.
    pub const PLAIN: Mask = Mask {
        values: 0,
        heap_parity: false,
        rare_class: 1,
    };

    /// The class of position `n` with value `g`.
    pub fn class(&self, n: usize, g: u32) -> u8 {
        let p = (g & self.values).count_ones() as u8;
        (p ^ (u8::from(self.heap_parity) & n as u8)) & 1
    }

    /// The class of a value alone (its bits under the mask).
    fn value_class(&self, v: u32) -> u8 {
        ((v & self.values).count_ones() & 1) as u8
    }

    /// Whether this is [`Mask::PLAIN`] (no sparse space used).
    pub fn is_plain(&self) -> bool {
        self.values == 0 && !self.heap_parity
    }
}

impl fmt::Display for Mask {
    /// `0x1b` (`, heap parity` when it is a bit; `, rare class 1` for the odd class);
    /// `none` for [`Mask::PLAIN`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_plain() {
            return f.write_str("none");
        }
        write!(f, "{:#x}", self.values)?;
        if self.heap_parity {
            f.write_str(", heap parity")?;
        }
        if self.rare_class == 1 {
            f.write_str(", rare class 1")?;
        }
        Ok(())
    }
}

/// How the mask is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The fewest rare positions so far, chosen again at n = 64, 128, 256, …
    Best,
    /// This mask throughout (for tests: any mask gives the same values).
    Fixed(Mask),
}

/// The statistics of a sparse computation, the columns of the public tables of octal
/// games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareStats {
    /// The mask in use.
    pub mask: Mask,
    /// How many positions `1 ≤ n < len` are rare.
    pub rare: usize,
    /// The last rare position (`None`: none).
    pub last_rare: Option<usize>,
    /// The largest value of `g(0..len)`.
    pub largest: u32,
    /// The first `n` where it occurs.
    pub largest_at: usize,
    /// How many values were computed (`g(0..len)`).
    pub len: usize,
}

impl fmt::Display for RareStats {
    /// `mask 0x1b, 341 rare positions, last rare 3,846, largest value 255 at 12,345 (g
    /// computed to 1,048,575)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self
            .last_rare
            .map_or_else(|| "none".to_string(), |n| n.to_string());
        write!(
            f,
            "mask {}; {} rare positions, last rare {last}; largest value {} at {} (g computed to {})",
            self.mask,
            self.rare,
            self.largest,
            self.largest_at,
            self.len.saturating_sub(1)
        )
    }
}

/// The options of a code by kind: which removals may leave nothing, one heap, two.
#[derive(Debug, Clone)]
struct Moves {
    /// Bit `k` set: removing `k` may take a whole heap of `k`.
    gone: u32,
    /// The `k` whose digit has bit 2 (leave one heap).
    one: Vec<usize>,
    /// The `k` whose digit has bit 4 (split in two), ascending.
    splits: Vec<usize>,
}

impl Moves {
    fn of(code: &Code) -> Moves {
        let ks = |bit: u8| (1..=code.t()).filter(move |&k| code.digit(k) & bit != 0);
        Moves {
            gone: ks(bits::GONE).fold(0, |m, k| m | 1 << k),
            one: ks(bits::ONE).collect(),
            splits: ks(bits::TWO).collect(),
        }
    }

    /// Whether every splitting removal has the same parity (so the heap's parity may be
    /// a bit of the mask).
    fn parity_fixed(&self) -> bool {
        self.splits.windows(2).all(|w| (w[1] - w[0]) % 2 == 0)
    }

    /// The parity of the splitting removals when they share one.
    fn split_parity(&self) -> Option<u8> {
        match self.splits.first() {
            Some(&k) if self.parity_fixed() => Some((k & 1) as u8),
            _ => None,
        }
    }
}

/// The scratch bitsets of one value, each of `words` words (a power of two, `64·words ≥
/// 2^bits`: every option value is below it): options seen, the values a scan chunk found, values
/// still to find, and the pattern of the value classes.
#[derive(Debug, Clone, Default)]
struct Scratch {
    seen: Vec<u64>,
    found: Vec<u64>,
    need: Vec<u64>,
    /// Bit `v` set when the value `v` is of class 1.
    odd: Vec<u64>,
}

/// Everything of a computation but its table: the code's moves, the mask, the rare
/// positions, the counts the mask is chosen from, the scratch bitsets.
#[derive(Debug, Clone)]
struct State {
    moves: Moves,
    mask: Mask,
    /// The rare positions `n ≥ 1`, ascending.
    rare: Vec<usize>,
    /// Their values: `rare_g[i] = g(rare[i])`.
    rare_g: Vec<u32>,
    /// `counts[(v << 1) | (n & 1)]`: how many `n ≥ 1` have `g(n) = v`, by parity.
    counts: Vec<u64>,
    /// Every value so far is below `1 << bits`.
    bits: u32,
    largest: (u32, usize),
    scratch: Scratch,
    /// Split pairs evaluated so far (rare pairs and scans).
    pairs: u64,
}

/// `g(0..len)` of one code by the sparse-space method, extended on demand.
#[derive(Debug, Clone)]
pub struct SparseG {
    code: Code,
    policy: Policy,
    g: Values,
    next_choice: usize,
    st: State,
    /// The instruction set of the kernel: [`Isa::best`] (a test may take one below).
    isa: Isa,
}

/// Why a mask cannot be used for a code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the heap's parity cannot be a bit of the mask of {code}: its splitting removals {splits:?} differ in parity")]
pub struct MaskError {
    /// The code.
    pub code: Code,
    /// Its splitting removals.
    pub splits: Vec<usize>,
}

/// The first `n` where the mask is chosen; again at every power of two after it.
const FIRST_CHOICE: usize = 64;

impl SparseG {
    /// An empty computation for `code`, the mask chosen as the fewest rare positions.
    pub fn new(code: Code) -> Self {
        let mut s = SparseG {
            code,
            policy: Policy::Best,
            g: Values::default(),
            next_choice: FIRST_CHOICE,
            isa: Isa::best(),
            st: State {
                moves: Moves::of(&code),
                mask: Mask::PLAIN,
                rare: Vec::new(),
                rare_g: Vec::new(),
                counts: vec![0; 4],
                bits: 1,
                largest: (0, 0),
                scratch: Scratch::default(),
                pairs: 0,
            },
        };
        s.st.resize_scratch();
        s
    }

    /// An empty computation for `code` that uses `mask` throughout.
    ///
    /// # Errors
    /// A mask with the heap-parity bit for a code whose splitting removals differ in
    /// parity (the classes would not add up).
    pub fn with_mask(code: Code, mask: Mask) -> Result<Self, MaskError> {
        let mut s = SparseG::new(code);
        if mask.heap_parity && !s.st.moves.parity_fixed() {
            return Err(MaskError {
                code,
                splits: s.st.moves.splits.clone(),
            });
        }
        s.policy = Policy::Fixed(mask);
        s.st.mask = mask;
        s.st.resize_scratch();
        Ok(s)
    }

    /// Reserves room for `len` values in all (two bytes each while they fit).
    pub fn reserve(&mut self, len: usize) {
        let more = len.saturating_sub(self.g.len());
        match &mut self.g {
            Values::Narrow(v) => v.reserve_exact(more),
            Values::Wide(v) => v.reserve_exact(more),
        }
    }

    /// The code.
    pub fn code(&self) -> &Code {
        &self.code
    }

    /// The values computed, `g(0..len)`.
    pub fn values(&self) -> &Values {
        &self.g
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.g.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// `g(n)` for `n` below [`SparseG::len`].
    pub fn get(&self, n: usize) -> u32 {
        self.g.get(n)
    }

    /// The mask in use.
    pub fn mask(&self) -> Mask {
        self.st.mask
    }

    /// The rare positions, ascending.
    pub fn rare(&self) -> &[usize] {
        &self.st.rare
    }

    /// How many split pairs `(a, n − k − a)` were evaluated so far (the work done; the
    /// plain recurrence evaluates every one, about `n²/4` a splitting removal).
    pub fn pairs(&self) -> u64 {
        self.st.pairs
    }

    /// The rare statistics of the values so far.
    pub fn stats(&self) -> RareStats {
        RareStats {
            mask: self.st.mask,
            rare: self.st.rare.len(),
            last_rare: self.st.rare.last().copied(),
            largest: self.st.largest.0,
            largest_at: self.st.largest.1,
            len: self.g.len(),
        }
    }

    /// Extends the values to `g(0..len)`.
    pub fn extend_to(&mut self, len: usize) {
        self.extend_with(len, &mut |_| {});
    }

    /// Extends the values to `g(0..len)`, calling `progress(n)` every 65,536 values
    /// with the number computed so far.
    pub fn extend_with(&mut self, len: usize, progress: &mut dyn FnMut(usize)) {
        while self.g.len() < len {
            let n = self.g.len();
            if n == self.next_choice {
                self.choose_mask();
                self.next_choice = n.saturating_mul(2);
            }
            let stop = len.min(self.next_choice).min((n / PROGRESS + 1) * PROGRESS);
            self.run(stop);
            if self.g.len().is_multiple_of(PROGRESS) {
                progress(self.g.len());
            }
        }
    }

    /// Computes values up to `g(stop − 1)`, or fewer: it returns early when the bitsets
    /// widen (a value reached `2^bits`), so that the next run takes the kernel for the
    /// new width.
    fn run(&mut self, stop: usize) {
        let one_word = self.st.scratch.seen.len() == 1;
        let pending = match &mut self.g {
            Values::Narrow(g) if one_word => run_one_word(self.isa, g, &mut self.st, stop),
            Values::Narrow(g) => run_typed::<u16, 0>(g, &mut self.st, stop),
            Values::Wide(g) => run_typed::<u32, 0>(g, &mut self.st, stop),
        };
        if let Some(v) = pending {
            // past 65,535: the table widens to four bytes a value
            let n = self.g.len();
            self.g.push(v);
            self.st.record(n, v);
        }
    }

    /// Chooses the mask with the fewest rare positions so far (under [`Policy::Best`])
    /// and rebuilds the rare list when it changes.
    fn choose_mask(&mut self) {
        if self.policy != Policy::Best {
            return;
        }
        let st = &mut self.st;
        let best = best_mask(&st.counts, st.moves.split_parity());
        if best != st.mask {
            st.mask = best;
            let g = &self.g;
            st.rare = (1..g.len())
                .filter(|&n| best.class(n, g.get(n)) == best.rare_class)
                .collect();
            st.rare_g = st.rare.iter().map(|&n| g.get(n)).collect();
            st.resize_scratch();
        }
    }

    /// The rare-list certificate: walks the whole table and checks that the rare list
    /// holds exactly the positions `1 ≤ n < len` of the rare class under the mask in
    /// use, in ascending order — every listed position rare, none missing. Apart from
    /// the code that keeps the list.
    ///
    /// # Errors
    /// The first position listed that is not rare, or rare and not listed.
    pub fn certify(&self) -> Result<(), String> {
        let mut listed = self.st.rare.iter().copied().peekable();
        for n in 1..self.g.len() {
            let rare = self.st.mask.class(n, self.g.get(n)) == self.st.mask.rare_class;
            let is_listed = listed.peek() == Some(&n);
            if is_listed {
                listed.next();
            }
            match (rare, is_listed) {
                (true, false) => {
                    return Err(format!(
                        "{}: g({n}) = {} is rare under mask {} and missing from the rare list",
                        self.code,
                        self.g.get(n),
                        self.st.mask
                    ))
                }
                (false, true) => {
                    return Err(format!(
                        "{}: the rare list holds {n}, but g({n}) = {} is common under mask {}",
                        self.code,
                        self.g.get(n),
                        self.st.mask
                    ))
                }
                _ => {}
            }
        }
        if let Some(n) = listed.next() {
            return Err(format!(
                "{}: the rare list holds {n}, out of order or outside g(1..{})",
                self.code,
                self.g.len()
            ));
        }
        let st = &self.st;
        if let Some(i) = (0..st.rare.len().max(st.rare_g.len()))
            .find(|&i| st.rare_g.get(i).copied() != st.rare.get(i).map(|&n| self.g.get(n)))
        {
            return Err(format!(
                "{}: the value kept of the rare position {:?} is {:?}, not the table's",
                self.code,
                st.rare.get(i),
                st.rare_g.get(i)
            ));
        }
        Ok(())
    }
}

/// How often [`SparseG::extend_with`] reports its progress: every 65,536 values.
const PROGRESS: usize = 1 << 16;

impl State {
    /// Books `g(n) = v`, just pushed: the largest value, the width of the bitsets, the
    /// counts of the values by parity, the rare list. True when the bitsets widened.
    fn record(&mut self, n: usize, v: u32) -> bool {
        if v > self.largest.0 {
            self.largest = (v, n);
        }
        if n == 0 {
            return false;
        }
        let bits = self.bits;
        while u64::from(v) >= 1u64 << self.bits {
            self.bits += 1;
        }
        let widened = self.bits != bits;
        if widened {
            self.counts.resize(1 << (self.bits + 1), 0);
            self.resize_scratch();
        }
        self.counts[((v as usize) << 1) | (n & 1)] += 1;
        if self.mask.class(n, v) == self.mask.rare_class {
            self.rare.push(n);
            self.rare_g.push(v);
        }
        widened
    }

    /// Sizes the bitsets for the option values, all below `1 << bits`: `words` words,
    /// `64·words ≥ 2^bits` (a mex of `64·words` is the one value past them: every value
    /// below is an option), and draws the class pattern of the mask.
    fn resize_scratch(&mut self) {
        let words = ((1usize << self.bits) / 64).max(1);
        let mask = self.mask;
        let s = &mut self.scratch;
        s.seen = vec![0; words];
        s.found = vec![0; words];
        s.need = vec![0; words];
        s.odd = (0..words)
            .map(|w| {
                (0..64).fold(0u64, |acc, j| {
                    acc | u64::from(mask.value_class((w * 64 + j) as u32)) << j
                })
            })
            .collect();
    }
}

/// The instruction set the kernel of two-byte values below 64 runs on: its block marks
/// and its scan are loops the compiler vectorises, and the baseline x86-64 instructions
/// have no shift of each lane by a count of its own, so the kernel is compiled for the
/// vector extensions too and the widest the processor has is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum Isa {
    /// The target's baseline.
    Baseline,
    /// AVX2 and BMI2.
    Avx2,
    /// AVX-512 (F, BW, VL) with AVX2 and BMI2.
    Avx512,
}

impl Isa {
    /// The widest the processor has.
    fn best() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = has!("avx2") && has!("bmi1") && has!("bmi2");
            if avx2 && has!("avx512f") && has!("avx512bw") && has!("avx512vl") {
                return Isa::Avx512;
            }
            if avx2 {
                return Isa::Avx2;
            }
        }
        Isa::Baseline
    }

    /// Every instruction set the processor has (up to [`Isa::best`]).
    #[cfg(test)]
    fn available() -> Vec<Isa> {
        [Isa::Baseline, Isa::Avx2, Isa::Avx512]
            .into_iter()
            .filter(|&isa| isa <= Isa::best())
            .collect()
    }
}

/// The heaps whose marks [`block_marks`] keeps in registers at once (four AVX-512
/// registers of eight `u64`).
const TILE: usize = 32;

/// How many values [`run_typed`] takes as one block: the pairs of the block's heaps with
/// the rare positions `r ≥ BLOCK` read only values from before the block, so they are
/// marked for the whole block first ([`block_marks`]).
const BLOCK: usize = 128;

/// [`run_typed`] for two-byte values below 64 (the common case), on `isa`.
fn run_one_word(isa: Isa, g: &mut Vec<u16>, st: &mut State, stop: usize) -> Option<u32> {
    match isa {
        #[cfg(target_arch = "x86_64")]
        // Safety: `isa` is at most `Isa::best()` (`SparseG::isa`): the processor has
        // every feature `run_avx512` is compiled for. Measured: 0.87× the AVX2 build's time on `.16`
        // and `.127` to 2^22, which is 0.57× the baseline's on `.127`.
        Isa::Avx512 => unsafe { run_avx512(g, st, stop) },
        #[cfg(target_arch = "x86_64")]
        // Safety: as above, for `run_avx2`.
        Isa::Avx2 => unsafe { run_avx2(g, st, stop) },
        _ => run_typed::<u16, 1>(g, st, stop),
    }
}

/// [`run_typed`] for AVX-512 processors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,avx512f,avx512bw,avx512vl")]
fn run_avx512(g: &mut Vec<u16>, st: &mut State, stop: usize) -> Option<u32> {
    run_typed::<u16, 1>(g, st, stop)
}

/// [`run_typed`] for AVX2 processors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn run_avx2(g: &mut Vec<u16>, st: &mut State, stop: usize) -> Option<u32> {
    run_typed::<u16, 1>(g, st, stop)
}

/// Extends `g` (values of type `T`) to `g(0..stop)` with bitsets of `W` words (`W` = 0:
/// as many as the scratch holds), booking each value; stops early when the bitsets
/// widen. A value that does not fit `T` is returned, not pushed.
///
/// In blocks of [`BLOCK`] values. While the values are below 64 (`W` = 1, two-byte
/// values), the pairs of a block's heaps with the rare positions `r` in `BLOCK ≤ r <
/// start − t'` (`t'` the largest splitting removal: every index `n − k − r` then lies
/// before the block) are marked for the whole block first ([`block_marks`]: most of the
/// work of a code with many rare positions); [`value_at`] takes the other rare
/// positions, those below `BLOCK` and those found since.
///
/// One thread: a value's scan reads the values just before it, so the values come one
/// after the other; the marks of a block could be split between two threads, but on a
/// 2-core machine shared with other work the threads' handshake at every block cost more
/// than it saved (`.127` to 2^24: 1.08× the one thread's time with blocks of 4,096
/// values split in halves).
#[inline(always)]
fn run_typed<T, const W: usize>(g: &mut Vec<T>, st: &mut State, stop: usize) -> Option<u32>
where
    T: Copy + Into<u32> + TryFrom<u32>,
{
    let mut marks = [0u64; BLOCK];
    while g.len() < stop {
        let start = g.len();
        let len = (stop - start).min(BLOCK);
        let (lo, hi) = st.big::<W>(BLOCK, start);
        let marks = &mut marks[..len];
        marks.fill(0);
        if lo < hi {
            st.pairs += block_marks(g, &st.moves.splits, st.part(lo, hi), marks);
        }
        for &premarked in marks.iter() {
            let n = g.len();
            let rare = [
                Rare::part(&st.rare, &st.rare_g, 0, lo),
                Rare::part(&st.rare, &st.rare_g, hi, st.rare.len()),
            ];
            let v = value_at::<T, W>(
                g,
                &st.moves,
                st.mask,
                rare,
                premarked,
                &mut st.scratch,
                &mut st.pairs,
            );
            let Ok(x) = T::try_from(v) else {
                return Some(v);
            };
            g.push(x);
            if st.record(n, v) {
                return None;
            }
        }
    }
    None
}

impl State {
    /// The rare positions `rare[lo..hi]` whose pairs with every heap of a block of
    /// `block` values from `start` read values from before the block (`r ≥ block` and
    /// `r + t' < start`, `t'` the largest splitting removal); none unless `W` = 1.
    fn big<const W: usize>(&self, block: usize, start: usize) -> (usize, usize) {
        match self.moves.splits.last() {
            Some(&most) if W == 1 => {
                let lo = self.rare.partition_point(|&r| r < block);
                let hi = self.rare.partition_point(|&r| r + most < start);
                (lo, hi.max(lo))
            }
            _ => (0, 0),
        }
    }

    /// The rare positions `rare[from..to]` with their values.
    fn part(&self, from: usize, to: usize) -> Rare<'_> {
        Rare::part(&self.rare, &self.rare_g, from, to)
    }
}

/// The values of the pairs `(r, n − k − r)` for the block of heaps `n` in
/// `start..start + marks.len()` (`start = g.len()`), every rare position `r` of `big`
/// and every splitting removal `k`: bit `v` of `marks[n − start]` set (ORed into what it
/// holds) for each value `v` (all below 64). Every index `n − k − r` must lie in
/// `1..start`. Returns the number of pairs.
#[inline(always)]
fn block_marks<T: Copy + Into<u32>>(
    g: &[T],
    splits: &[usize],
    big: Rare<'_>,
    marks: &mut [u64],
) -> u64 {
    let (start, count) = (g.len(), marks.len());
    let offset = count - count % TILE;
    // tiles of TILE heaps, their marks in registers while every pair is taken
    let mut tiles = marks.chunks_exact_mut(TILE);
    for (i, tile) in (&mut tiles).enumerate() {
        let mut acc = [0u64; TILE];
        for &k in splits {
            for (&r, &v) in big.at.iter().zip(big.values) {
                let from = start - k - r + i * TILE;
                let heaps: &[T; TILE] = g[from..from + TILE].try_into().expect("TILE values");
                for (set, &x) in acc.iter_mut().zip(heaps) {
                    *set |= 1 << ((v ^ x.into()) & 63);
                }
            }
        }
        tile.iter_mut().zip(acc).for_each(|(m, a)| *m |= a);
    }
    let rest = tiles.into_remainder();
    for &k in splits {
        for (&r, &v) in big.at.iter().zip(big.values) {
            let from = start - k - r + offset;
            for (set, &x) in rest.iter_mut().zip(&g[from..count - offset + from]) {
                *set |= 1 << ((v ^ x.into()) & 63);
            }
        }
    }
    (splits.len() * big.at.len() * count) as u64
}

/// The mask with the fewest rare positions, from the counts of `(g(n), n mod 2)`
/// (index `(v << 1) | (n & 1)`), by the Walsh–Hadamard transform: for a mask `M` (value
/// bits shifted up one, the parity as bit 0) the sum
/// `W[M] = Σ counts[i]·(−1)^popcount(i & M)` is (class 0) − (class 1).
///
/// The rare class is not free: `g(n)` is found fast when it is of the class only mixed
/// pairs give, which holds for the common positions exactly when the rare class is 0
/// (values closed under XOR) — or, with the heap-parity bit, the parity of the
/// splitting removals (`split_parity`, `None` when they differ: no parity bit then).
/// [`Mask::PLAIN`] when the best leaves more than an eighth of the positions rare.
fn best_mask(counts: &[u64], split_parity: Option<u8>) -> Mask {
    let mut w: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    let mut h = 1;
    while h < w.len() {
        for i in (0..w.len()).step_by(2 * h) {
            for j in i..i + h {
                let (x, y) = (w[j], w[j + h]);
                w[j] = x + y;
                w[j + h] = x - y;
            }
        }
        h *= 2;
    }
    let total = w[0];
    let mut best: Option<(i64, Mask)> = None;
    for (m, &wm) in w.iter().enumerate().skip(1) {
        let rare_class = match (m & 1, split_parity) {
            (0, _) => 0,
            (_, Some(p)) => p,
            (_, None) => continue,
        };
        let rare = if rare_class == 0 {
            (total + wm) / 2
        } else {
            (total - wm) / 2
        };
        if best.is_none_or(|(r, _)| rare < r) {
            let mask = Mask {
                values: (m >> 1) as u32,
                heap_parity: m & 1 == 1,
                rare_class,
            };
            best = Some((rare, mask));
        }
    }
    match best {
        Some((rare, mask)) if rare * 8 <= total => mask,
        _ => Mask::PLAIN,
    }
}

/// The rare positions and their values, as [`value_at`] reads them.
#[derive(Clone, Copy)]
struct Rare<'a> {
    /// The rare positions `n ≥ 1`, ascending.
    at: &'a [usize],
    /// `values[i] = g(at[i])`.
    values: &'a [u32],
}

impl<'a> Rare<'a> {
    /// The rare positions `at[from..to]` with their values `values[from..to]`.
    fn part(at: &'a [usize], values: &'a [u32], from: usize, to: usize) -> Self {
        Rare {
            at: &at[from..to],
            values: &values[from..to],
        }
    }
}

/// How many split points the scan of one value takes before it looks whether it has
/// seen every value it needs: 8 at first, doubling to 256 (most scans of a code with
/// sparse space end within a few dozen split points; a scan that does not end early is
/// one pass over every split, in long chunks).
const FIRST_CHUNK: usize = 8;
/// See [`FIRST_CHUNK`].
const LAST_CHUNK: usize = 256;

/// `g(n)` from `g(0..n)` = `g` (see the module's method), with the rare positions
/// `rare` under `mask` and the scratch bitsets `s` of `W` words (`W` = 0: as many as
/// `s` holds; a power of two, `64·words ≥ 2^bits`, so every option value has its bit;
/// `W` = 1 while the values are below 64, the sets then one register each), and the
/// values of the pairs of `premarked` marked as options already. Adds the split pairs
/// evaluated to `pairs`. A result of `64·words` says every value below is an option.
///
/// The scan takes the split points `a = 1, 2, …` in chunks, every splitting removal
/// for each chunk (a value needed is usually made by a small `a` of some removal), and
/// looks after each chunk whether every value it needs is seen.
#[inline(always)]
fn value_at<T: Copy + Into<u32>, const W: usize>(
    g: &[T],
    moves: &Moves,
    mask: Mask,
    rare: [Rare<'_>; 2],
    premarked: u64,
    s: &mut Scratch,
    pairs: &mut u64,
) -> u32 {
    let n = g.len();
    let words = if W > 0 { W } else { s.seen.len() };
    // the word of a value below 64·words (a power of two): `(v >> 6) & top`
    let top = words - 1;
    let mark = |set: &mut [u64], v: u32| set[(v >> 6) as usize & top] |= 1 << (v & 63);
    let (seen, found, need, odd) = (
        &mut s.seen[..words],
        &mut s.found[..words],
        &mut s.need[..words],
        &s.odd[..words],
    );
    seen.fill(0);
    seen[0] = premarked;
    if n < 32 && moves.gone >> n & 1 == 1 {
        mark(seen, 0);
    }
    for &k in &moves.one {
        if n > k {
            mark(seen, g[n - k].into());
        }
    }
    // the splitting removals that leave two non-empty heaps (ascending)
    let splits = &moves.splits[..moves.splits.partition_point(|&k| k + 2 <= n)];
    let Some(&k0) = splits.first() else {
        // no split: the mex of the marked values
        return first_zero(seen, |_| u64::MAX);
    };
    // the class of the values that only pairs with one rare member give
    let mixed = 1 ^ (u8::from(mask.heap_parity) & (n - k0) as u8 & 1);
    let class = |w: usize| if mixed == 1 { odd[w] } else { !odd[w] };
    for (&k, rare) in splits.iter().flat_map(|k| rare.iter().map(move |r| (k, r))) {
        let m = n - k;
        let below = match rare.at.last() {
            Some(&last) if last < m => rare.at.len(),
            _ => rare.at.partition_point(|&r| r < m),
        };
        let part = &g[..m];
        let values = rare.at[..below]
            .iter()
            .zip(&rare.values[..below])
            .map(|(&r, &v)| v ^ part[m - r].into());
        if W == 1 {
            // every value below 64: the set in a register
            seen[0] |= values.fold(0, |set, v| set | 1 << (v & 63));
        } else {
            values.for_each(|v| mark(seen, v));
        }
        *pairs += below as u64;
    }
    // c: the smallest mixed-class value that is not an option (64·words when none)
    let c = first_zero(seen, class) as usize;
    // the other class's values below c that are not options so far
    let mut left = 0;
    for w in 0..words {
        let base = w * 64;
        let below = if base >= c {
            0
        } else if c - base >= 64 {
            u64::MAX
        } else {
            (1u64 << (c - base)) - 1
        };
        need[w] = !seen[w] & !class(w) & below;
        left |= need[w];
    }
    if left == 0 {
        return c as u32;
    }
    let last = (n - k0) / 2;
    let (mut a0, mut chunk) = (1, FIRST_CHUNK);
    while a0 <= last {
        found.fill(0);
        for &k in splits {
            let m = n - k;
            let end = (m / 2).min(a0 + chunk - 1);
            if end < a0 {
                // the removals are ascending: the larger ones have no split point here
                break;
            }
            // the pairs (a, m − a) for a in a0..=end
            let low = &g[a0..=end];
            let high = &g[m - end..=m - a0];
            let values = low
                .iter()
                .zip(high.iter().rev())
                .map(|(&x, &y)| x.into() ^ y.into());
            if W == 1 {
                found[0] |= values.fold(0, |set, v| set | 1 << (v & 63));
            } else {
                values.for_each(|v| mark(found, v));
            }
            *pairs += (end - a0 + 1) as u64;
        }
        let mut left = 0;
        for w in 0..words {
            need[w] &= !found[w];
            left |= need[w];
        }
        if left == 0 {
            return c as u32;
        }
        a0 += chunk;
        chunk = (chunk * 2).min(LAST_CHUNK);
    }
    // the scan ended with values still needed: the smallest is the mex
    first_set(need)
}

/// The smallest value `v` whose bit is clear in `seen` and set in `only(word)`;
/// `64·seen.len()` when none.
#[inline(always)]
fn first_zero(seen: &[u64], only: impl Fn(usize) -> u64) -> u32 {
    for (w, &word) in seen.iter().enumerate() {
        let free = !word & only(w);
        if free != 0 {
            return (w as u32) * 64 + free.trailing_zeros();
        }
    }
    (seen.len() * 64) as u32
}

/// The smallest value whose bit is set (`64·words.len()` when none).
#[inline(always)]
fn first_set(words: &[u64]) -> u32 {
    for (w, &word) in words.iter().enumerate() {
        if word != 0 {
            return (w as u32) * 64 + word.trailing_zeros();
        }
    }
    (words.len() * 64) as u32
}

impl Sequence for SparseG {
    fn extend_with(&mut self, len: usize, progress: &mut dyn FnMut(usize)) {
        SparseG::extend_with(self, len, progress);
    }
    fn len(&self) -> usize {
        self.g.len()
    }
    fn get(&self, n: usize) -> u32 {
        self.g.get(n)
    }
    fn bytes_per_value(&self) -> usize {
        self.g.bytes_per_value()
    }
    /// The plain recurrence (no mask) on a code that splits heaps.
    fn quadratic(&self) -> bool {
        self.st.mask.is_plain() && !self.st.moves.splits.is_empty()
    }
    fn method(&self) -> String {
        if self.st.moves.splits.is_empty() {
            "no split: O(t) a value".into()
        } else if self.st.mask.is_plain() && self.policy == Policy::Fixed(Mask::PLAIN) {
            "plain recurrence".into()
        } else if self.st.mask.is_plain() {
            "plain recurrence (no sparse space found)".into()
        } else {
            format!("sparse space, mask {}", self.st.mask)
        }
    }
    fn certify(&self) -> Result<(), String> {
        SparseG::certify(self)
    }
    fn stats(&self) -> Option<String> {
        Some(self.stats().to_string())
    }
    fn find_period(&self, t: usize) -> Option<gamecheck::grundy::Period> {
        use gamecheck::grundy::Period;
        match &self.g {
            Values::Narrow(g) => Period::find_by(g.len(), |n| u32::from(g[n]), t),
            Values::Wide(g) => Period::find(g, t),
        }
    }
    fn reserve(&mut self, len: usize) {
        SparseG::reserve(self, len);
    }
    fn read(&self, from: usize, out: &mut [u32]) {
        let to = from + out.len();
        match &self.g {
            Values::Narrow(g) => out
                .iter_mut()
                .zip(&g[from..to])
                .for_each(|(v, &x)| *v = u32::from(x)),
            Values::Wide(g) => out.copy_from_slice(&g[from..to]),
        }
    }
}

/// The `sparse` solver: [`SparseG`] extended as far as the largest heap met, XOR over
/// heaps; heaps of `size` tokens or more are refused, as `grundy` does.
#[derive(Debug, Clone)]
pub struct Sparse {
    size: usize,
    g: SparseG,
}

impl Sparse {
    /// The solver for `code` with values `g(0..size)` at most.
    pub fn new(code: Code, size: usize) -> Self {
        Sparse {
            size,
            g: SparseG::new(code),
        }
    }

    /// The computation behind it (its values and rare list so far).
    pub fn table(&self) -> &SparseG {
        &self.g
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// A heap at or beyond the table size.
    pub fn grundy_value(&mut self, position: &Position) -> Result<u32, Refusal> {
        self.check(position)?;
        let need = position.largest() as usize + 1;
        self.g.extend_to(need);
        Ok(position
            .heaps()
            .iter()
            .fold(0, |x, &h| x ^ self.g.get(h as usize)))
    }
}

impl Solver<Position, Value> for Sparse {
    fn name(&self) -> &'static str {
        "sparse"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        within_table("sparse", position, self.size)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        self.grundy_value(position).map(value_of_grundy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::game::{sample_three_digit_codes, short_codes};
    use crate::octal::grundy::table;
    use gamecheck::solver::Suggestion;
    use rand::Rng as _;

    fn sparse(code: Code, len: usize) -> SparseG {
        let mut s = SparseG::new(code);
        s.extend_to(len);
        s
    }

    /// Every short code and 24 seeded three-digit codes: the same values as `grundy`'s
    /// table to 3,000 (past several mask choices), and a rare list that certifies.
    #[test]
    fn equals_the_plain_table_and_certifies() {
        let mut rng = gamecheck::rng::from_seed(25);
        let codes = short_codes()
            .into_iter()
            .chain(sample_three_digit_codes(&mut rng, 24));
        for code in codes {
            let s = sparse(code, 3000);
            assert_eq!(s.values().to_vec(), table(&code, 3000), "{code}");
            s.certify().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    /// The one-word kernel is one source compiled for each instruction set: every one
    /// the processor has gives the same values, on codes with many rare positions past
    /// the block length (`.127`: the block marks), few (`.16`, `.356`) and none (`.07`:
    /// the plain recurrence).
    #[test]
    fn every_instruction_set_gives_the_same_values() {
        assert!(Isa::available().contains(&Isa::best()));
        for code in [".127", ".16", ".356", ".07"] {
            let code: Code = code.parse().unwrap();
            let want = table(&code, 5000);
            for isa in Isa::available() {
                let mut s = SparseG::new(code);
                s.isa = isa;
                s.extend_to(5000);
                assert_eq!(s.values().to_vec(), want, "{code} on {isa:?}");
                s.certify().unwrap();
            }
        }
        let s = sparse(".127".parse().unwrap(), 5000);
        assert!(s.rare().iter().filter(|&&r| r >= BLOCK).count() > 10);
    }

    /// `.106` and `.16` find their sparse space (a mask, few rare positions), and the
    /// work done is far below the plain recurrence's: the point of the method.
    /// `values` and `period` see the computation through `Sequence` only: each method
    /// answers as the computation does (`.16` splits heaps and has a sparse space; under
    /// the plain mask it is the O(n²) recurrence; `.3` never splits).
    #[test]
    fn the_sequence_trait_answers_as_the_computation_does() {
        let code: Code = ".16".parse().unwrap();
        let want = table(&code, 1000);
        let mut s = SparseG::new(code);
        let mut reported = 0;
        Sequence::extend_with(&mut s, 1000, &mut |n| reported = reported.max(n));
        assert_eq!(Sequence::len(&s), 1000);
        assert!((0..1000).all(|n| Sequence::get(&s, n) == want[n]));
        assert!(!s.st.mask.is_plain() && !Sequence::quadratic(&s));
        assert_eq!(
            Sequence::method(&s),
            format!("sparse space, mask {}", s.st.mask)
        );
        assert_eq!(Sequence::stats(&s), Some(s.stats().to_string()));
        assert_eq!(Sequence::certify(&s), Ok(()));
        assert!(!s.st.rare.is_empty());
        s.st.rare.pop();
        assert!(Sequence::certify(&s).is_err(), "a rare position left out");

        let plain = Mask {
            values: 0,
            heap_parity: false,
            rare_class: 0,
        };
        let mut p = SparseG::with_mask(code, plain).unwrap();
        p.extend_to(100);
        assert!(Sequence::quadratic(&p));
        assert_eq!(
            Sequence::method(&p),
            "plain recurrence (no sparse space found)"
        );
        let no_split = sparse(".3".parse().unwrap(), 100);
        assert!(!Sequence::quadratic(&no_split));
        assert_eq!(Sequence::method(&no_split), "no split: O(t) a value");
    }

    /// The solver's value of several heaps is the XOR of theirs (the Sprague–Grundy
    /// theorem): two equal heaps of a non-zero value give 0.
    #[test]
    fn the_solver_xors_the_heaps() {
        let code: Code = ".16".parse().unwrap();
        let g = table(&code, 100);
        let mut solver = Sparse::new(code, 100);
        let mut overlapping = (1..100).flat_map(|a| (a + 1..100).map(move |b| (a, b)));
        let (a, b) = overlapping
            .find(|&(a, b)| g[a] & g[b] != 0 && g[a] != g[b])
            .expect("two heaps whose values share a bit");
        let two = |x: usize, y: usize| Position::new(vec![x as u64, y as u64]).unwrap();
        assert_eq!(solver.grundy_value(&two(a, a)), Ok(0));
        assert_eq!(solver.grundy_value(&two(a, b)), Ok(g[a] ^ g[b]));
    }

    /// What `values` and `period` size their memory check by: 2 bytes a value while
    /// every value fits a u16 (the values of `.16` to 1,000 are below 200).
    #[test]
    fn a_sequence_of_small_values_takes_two_bytes_a_value() {
        let s = sparse(".16".parse().unwrap(), 1000);
        assert!((0..1000).all(|n| Sequence::get(&s, n) < 200));
        assert_eq!(Sequence::bytes_per_value(&s), 2);
    }

    #[test]
    fn sparse_codes_use_a_mask_and_few_pairs() {
        for (code, len) in [(".106", 20_000usize), (".16", 20_000)] {
            let s = sparse(code.parse().unwrap(), len);
            let st = s.stats();
            assert!(!st.mask.is_plain(), "{code}: {st}");
            assert!(st.rare * 20 < len, "{code}: {st}");
            let plain = (len as u64).pow(2) / 4;
            assert!(s.pairs() * 20 < plain, "{code}: {} pairs", s.pairs());
        }
    }

    /// Any mask gives the right values, only the speed differs: masks planted at random
    /// (value bits, the heap-parity bit where the code allows it, either rare class —
    /// the wrong one included) against `grundy`'s table, with a rare list that
    /// certifies under the planted mask.
    #[test]
    fn a_planted_wrong_mask_keeps_the_values_right() {
        let mut rng = gamecheck::rng::from_seed(26);
        let codes = [".77", ".16", ".127", ".6", ".356", ".45", ".106", ".07"];
        for code in codes {
            let code: Code = code.parse().unwrap();
            let want = table(&code, 1500);
            for _ in 0..6 {
                let mask = Mask {
                    values: rng.random_range(0..64),
                    heap_parity: rng.random_bool(0.5),
                    rare_class: rng.random_range(0..=1),
                };
                let Ok(mut s) = SparseG::with_mask(code, mask) else {
                    assert!(mask.heap_parity, "{code} {mask}");
                    continue;
                };
                s.extend_to(1500);
                assert_eq!(s.mask(), mask, "a fixed mask stays");
                assert_eq!(s.values().to_vec(), want, "{code} under {mask}");
                s.certify().unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }

    /// The heap's parity may be a bit of the mask only when every splitting removal has
    /// the same parity: `.127` (splits by removing 3) may, `.77` (1 and 2) may not.
    #[test]
    fn the_parity_bit_needs_splits_of_one_parity() {
        let with_parity = Mask {
            values: 1,
            heap_parity: true,
            rare_class: 1,
        };
        assert!(SparseG::with_mask(".127".parse().unwrap(), with_parity).is_ok());
        let e = SparseG::with_mask(".77".parse().unwrap(), with_parity).unwrap_err();
        assert_eq!(e.splits, [1, 2]);
    }

    /// The parity of the splitting removals, where they share one (then the heap's
    /// parity may be a bit of the mask, and its rare class is that parity): `.404` and
    /// `.7` split after removing odd numbers, `.0404` and `.04` even ones, `.44` both, and
    /// `.3` never splits.
    #[test]
    fn the_split_parity_is_the_parity_of_the_splitting_removals() {
        let moves = |code: &str| Moves::of(&code.parse().unwrap());
        for (code, splits, parity) in [
            (".404", &[1, 3][..], Some(1)),
            (".7", &[1], Some(1)),
            (".0404", &[2, 4], Some(0)),
            (".04", &[2], Some(0)),
            (".44", &[1, 2], None),
            (".3", &[], None),
        ] {
            let m = moves(code);
            assert_eq!(m.splits, splits, "{code}");
            assert_eq!(m.split_parity(), parity, "{code}");
            assert_eq!(
                m.parity_fixed(),
                parity.is_some() || splits.is_empty(),
                "{code}"
            );
        }
        // the rare class of a chosen heap-parity mask is that parity (`.106`: 1)
        let s = sparse(".106".parse().unwrap(), 4096);
        assert_eq!(
            (s.mask().heap_parity, s.mask().rare_class),
            (true, 1),
            "{}",
            s.mask()
        );
    }

    /// The work counted: without sparse space (`.07`, the plain recurrence) every split
    /// pair of every heap is evaluated, `⌊(n − k)/2⌋` for each splitting removal `k`
    /// (here 2) and `n ≥ k + 2`; and the pairs with a rare member are counted too.
    #[test]
    fn the_plain_recurrence_counts_every_pair() {
        let len = 1000;
        let s = sparse(".07".parse().unwrap(), len);
        assert!(s.mask().is_plain(), "{}", s.mask());
        let want: u64 = (4..len as u64).map(|n| (n - 2) / 2).sum();
        assert_eq!(s.pairs(), want);
        // a planted mask with no value bit makes every position rare: each split
        // `m = n − 2` marks its `m − 1` pairs with a rare member, and the scan adds at
        // most `⌊m/2⌋` more
        let every = Mask {
            values: 0,
            heap_parity: false,
            rare_class: 0,
        };
        let mut s = SparseG::with_mask(".07".parse().unwrap(), every).unwrap();
        s.extend_to(len);
        assert_eq!(s.rare().len(), len - 1);
        let rare_pairs: u64 = (4..len as u64).map(|n| n - 3).sum();
        assert!(
            (rare_pairs..=rare_pairs + want).contains(&s.pairs()),
            "{} pairs",
            s.pairs()
        );
    }

    /// The mask is chosen when `g(64)` is next (from the counts of `g(1..64)`), then
    /// again before `g(128)`, `g(256)`, … (the schedule of the module docs): no mask
    /// before, and between two choices the one the last choice made.
    #[test]
    fn the_mask_is_chosen_at_64_then_at_each_power_of_two() {
        for code in [".106", ".356", ".77"] {
            let code: Code = code.parse().unwrap();
            for len in [1, 2, 3, 10, 63, 64] {
                assert!(sparse(code, len).mask().is_plain(), "{code} {len}");
            }
            for len in [65, 100, 128, 129, 200, 256, 257, 600, 1024, 1025] {
                let chosen_at = (FIRST_CHOICE..len)
                    .rev()
                    .find(|n| n.is_power_of_two())
                    .unwrap();
                let then = sparse(code, chosen_at);
                let want = best_mask(&then.st.counts, then.st.moves.split_parity());
                assert_eq!(sparse(code, len).mask(), want, "{code} {len}");
            }
        }
        // .106 and .356 find their mask at 64 already; Kayles (.77) only at 128
        assert!(!sparse(".106".parse().unwrap(), 65).mask().is_plain());
        assert!(!sparse(".356".parse().unwrap(), 65).mask().is_plain());
        assert!(sparse(".77".parse().unwrap(), 128).mask().is_plain());
        assert!(!sparse(".77".parse().unwrap(), 129).mask().is_plain());
    }

    /// Values past 64 (`.6666666666666666` reaches 270 below 400): the bitsets of one
    /// value widen with the largest value, to the values below `2^bits` (every option;
    /// a mex of `2^bits` is the one past the bitset) in words of 64 and no more; the
    /// class pattern holds the mask's class of every one of them, so a mask with value
    /// bits past the first word keeps the values right.
    #[test]
    fn the_bitsets_widen_with_the_values_and_keep_their_class() {
        let code: Code = ".6666666666666666".parse().unwrap();
        let want = table(&code, 400);
        for values in [0x1c5, 0x40, 0xff] {
            let mask = Mask {
                values,
                heap_parity: false,
                rare_class: 0,
            };
            let mut s = SparseG::with_mask(code, mask).unwrap();
            for len in [10, 100, 200, 400] {
                s.extend_to(len);
                assert_eq!(s.values().to_vec(), want[..len], "{len} under {mask}");
                let largest = want[..len].iter().copied().max().unwrap();
                let bits = (u32::BITS - largest.leading_zeros()).max(1);
                assert_eq!(s.st.bits, bits, "{len}: largest value {largest}");
                let words = ((1usize << bits) / 64).max(1);
                let sc = &s.st.scratch;
                assert_eq!(
                    (sc.seen.len(), sc.need.len(), sc.odd.len()),
                    (words, words, words),
                    "{len}"
                );
                for v in 0..words * 64 {
                    let odd = sc.odd[v / 64] >> (v % 64) & 1;
                    assert_eq!(
                        odd,
                        u64::from(mask.value_class(v as u32)),
                        "{v} under {mask}"
                    );
                }
            }
            assert!(s.st.bits >= 8, "values past 128 met");
        }
    }

    /// `extend_with` reports its progress every 65,536 values with the number computed,
    /// and a computation is empty until its first value.
    #[test]
    fn progress_comes_every_65536_values() {
        let mut s = SparseG::new(".33".parse().unwrap());
        assert!(s.is_empty());
        let mut calls = Vec::new();
        s.extend_with(65_535, &mut |n| calls.push(n));
        assert!(calls.is_empty(), "{calls:?}");
        assert!(!s.is_empty());
        s.extend_with(200_000, &mut |n| calls.push(n));
        assert_eq!(calls, [65_536, 131_072, 196_608]);
        assert_eq!(s.len(), 200_000);
    }

    /// The certificate fails, naming the position, on a rare list with a rare position
    /// missing, a common position added, or the order broken.
    #[test]
    fn the_certificate_fails_on_a_wrong_rare_list() {
        let s = sparse(".16".parse().unwrap(), 5000);
        assert!(s.st.rare.len() > 3);
        s.certify().unwrap();
        let mut missing = s.clone();
        let gone = missing.st.rare.remove(2);
        let e = missing.certify().unwrap_err();
        assert!(
            e.contains(&format!("g({gone})")) && e.contains("missing"),
            "{e}"
        );
        let mut extra = s.clone();
        let common = (1..5000).find(|n| !s.st.rare.contains(n)).unwrap();
        let at = extra.st.rare.partition_point(|&r| r < common);
        extra.st.rare.insert(at, common);
        let e = extra.certify().unwrap_err();
        assert!(
            e.contains(&format!("holds {common}")) && e.contains("common"),
            "{e}"
        );
        let mut swapped = s.clone();
        swapped.st.rare.swap(0, 1);
        assert!(swapped.certify().is_err());
        let mut past = s.clone();
        past.st.rare.push(5000);
        let e = past.certify().unwrap_err();
        assert!(e.contains("outside"), "{e}");
    }

    /// The Walsh–Hadamard choice is the best mask by a direct count: on random counts,
    /// no mask (of the allowed kinds, with the rare class the split parity fixes) has
    /// fewer rare positions than the one chosen, and the choice is plain exactly when
    /// the best leaves more than an eighth rare.
    #[test]
    fn the_transform_picks_the_mask_a_direct_count_picks() {
        let mut rng = gamecheck::rng::from_seed(27);
        for round in 0..300 {
            let bits = rng.random_range(1..=4);
            let len = 1usize << (bits + 1);
            let skew = rng.random_range(0..len);
            let counts: Vec<u64> = (0..len)
                .map(|i| {
                    let c = rng.random_range(0..5);
                    if round % 2 == 0 && i == skew {
                        c + 200
                    } else {
                        c
                    }
                })
                .collect();
            let total: u64 = counts.iter().sum();
            let split_parity = [None, Some(0), Some(1)][round % 3];
            let rare_of = |m: &Mask| -> u64 {
                (0..len)
                    .filter(|&i| m.class(i & 1, (i >> 1) as u32) == m.rare_class)
                    .map(|i| counts[i])
                    .sum()
            };
            let mut best = u64::MAX;
            for mm in 1..len {
                let rare_class = match (mm & 1, split_parity) {
                    (0, _) => 0,
                    (_, Some(p)) => p,
                    (_, None) => continue,
                };
                let m = Mask {
                    values: (mm >> 1) as u32,
                    heap_parity: mm & 1 == 1,
                    rare_class,
                };
                best = best.min(rare_of(&m));
            }
            let chosen = best_mask(&counts, split_parity);
            if best * 8 <= total {
                assert!(!chosen.is_plain(), "{counts:?}");
                assert_eq!(rare_of(&chosen), best, "{counts:?} {chosen}");
                assert!(split_parity.is_some() || !chosen.heap_parity);
            } else {
                assert!(chosen.is_plain(), "{counts:?} {chosen}");
            }
        }
    }

    /// Counts with a sparse class planted (a few positions in one class of a mask, many
    /// in the other), for each kind of mask — value bits only (rare class 0), the heap's
    /// parity too (rare class the split parity): the transform finds a mask, with the
    /// fewest rare positions a direct count finds, at most the planted mask's.
    #[test]
    fn the_transform_finds_a_planted_sparse_class() {
        let mut rng = gamecheck::rng::from_seed(28);
        for round in 0..300 {
            let bits = rng.random_range(1..=4);
            let len = 1usize << (bits + 1);
            let split_parity = [Some(1), Some(0), None][round % 3];
            let mm = loop {
                let mm = rng.random_range(1..len);
                if mm & 1 == 0 || split_parity.is_some() {
                    break mm;
                }
            };
            let planted = Mask {
                values: (mm >> 1) as u32,
                heap_parity: mm & 1 == 1,
                rare_class: if mm & 1 == 0 {
                    0
                } else {
                    split_parity.unwrap()
                },
            };
            let counts: Vec<u64> = (0..len)
                .map(|i| {
                    if planted.class(i & 1, (i >> 1) as u32) == planted.rare_class {
                        rng.random_range(0..3)
                    } else {
                        rng.random_range(20..60)
                    }
                })
                .collect();
            let rare_of = |m: &Mask| -> u64 {
                (0..len)
                    .filter(|&i| m.class(i & 1, (i >> 1) as u32) == m.rare_class)
                    .map(|i| counts[i])
                    .sum()
            };
            let fewest = (1..len)
                .filter_map(|m| {
                    let rare_class = match (m & 1, split_parity) {
                        (0, _) => 0,
                        (_, Some(p)) => p,
                        (_, None) => return None,
                    };
                    Some(rare_of(&Mask {
                        values: (m >> 1) as u32,
                        heap_parity: m & 1 == 1,
                        rare_class,
                    }))
                })
                .min()
                .unwrap();
            let chosen = best_mask(&counts, split_parity);
            assert!(!chosen.is_plain(), "{counts:?} {planted}");
            assert_eq!(rare_of(&chosen), fewest, "{counts:?} {planted}: {chosen}");
            assert!(fewest <= rare_of(&planted), "{counts:?} {planted}");
        }
    }

    /// Of the masks with equally few rare positions, the first in the transform's order
    /// (the parity bit lowest, then the value bits) is taken, so the mask `period
    /// --stats` prints is the smallest that does best: with no positions counted yet every
    /// mask ties.
    #[test]
    fn a_tie_takes_the_smallest_mask() {
        let mask = |values, heap_parity, rare_class| Mask {
            values,
            heap_parity,
            rare_class,
        };
        assert_eq!(best_mask(&[0; 8], None), mask(1, false, 0));
        assert_eq!(best_mask(&[0; 8], Some(1)), mask(0, true, 1));
        // value 1 at odd heaps only: the parity bit alone (m = 1) and value bit 0 alone
        // (m = 2) both leave none rare (rare class 0), both bits (m = 3) all 40
        assert_eq!(best_mask(&[0, 0, 0, 40], Some(0)), mask(0, true, 0));
    }

    /// The solver answers inside its table and refuses beyond it, as `grundy` does.
    #[test]
    fn the_solver_answers_inside_its_table() {
        let code: Code = ".16".parse().unwrap();
        let mut s = Sparse::new(code, 1000);
        let want = table(&code, 1000);
        let p = Position::new(vec![999, 500, 3]).unwrap();
        assert_eq!(s.grundy_value(&p).unwrap(), want[999] ^ want[500] ^ want[3]);
        assert_eq!(s.table().len(), 1000);
        let e = s.check(&Position::new(vec![1000]).unwrap()).unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Flag("--max-n 1001".into()));
        assert_eq!(s.name(), "sparse");
    }

    #[test]
    fn statistics_read_as_the_public_tables_print_them() {
        let s = sparse(".16".parse().unwrap(), 3000);
        let st = s.stats();
        assert_eq!(st.rare, s.rare().len());
        assert_eq!(st.last_rare, s.rare().last().copied());
        let g = table(&".16".parse().unwrap(), 3000);
        let largest = *g.iter().max().unwrap();
        assert_eq!(st.largest, largest);
        assert_eq!(st.largest_at, g.iter().position(|&v| v == largest).unwrap());
        assert!(st.to_string().ends_with("(g computed to 2999)"), "{st}");
        assert_eq!(Mask::PLAIN.to_string(), "none");
    }

    /// A mask prints its value bits, then the heap parity and the odd rare class only
    /// when they are there (`period --stats` and the README's rare statistics).
    #[test]
    fn a_mask_prints_what_it_holds() {
        let mask = |values, heap_parity, rare_class| Mask {
            values,
            heap_parity,
            rare_class,
        };
        assert_eq!(mask(0x1b, false, 0).to_string(), "0x1b");
        assert_eq!(mask(0xd, true, 0).to_string(), "0xd, heap parity");
        assert_eq!(mask(0x2, false, 1).to_string(), "0x2, rare class 1");
        assert_eq!(
            mask(0xd, true, 1).to_string(),
            "0xd, heap parity, rare class 1"
        );
    }
}

/// Outside CI: the short codes with a splitting digit and no sparse space at
/// `g(0..20,000)` (the list in docs/solvers.md, "The sparse-space method"), printed.
#[cfg(test)]
#[test]
#[ignore]
fn print_the_short_codes_without_sparse_space() {
    let mut plain = Vec::new();
    for code in crate::octal::game::short_codes() {
        let mut s = SparseG::new(code);
        s.extend_to(20_000);
        if Sequence::quadratic(&s) {
            plain.push(code.to_string());
        }
    }
    println!("no sparse space at g(0..20000): {}", plain.join(" "));
}
