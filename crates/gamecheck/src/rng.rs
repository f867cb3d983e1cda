//! Reproducible randomness: every random check starts from a printed seed.

use rand::SeedableRng;

/// The generator used everywhere a seed is given: ChaCha8, portable across platforms
/// and versions, so the same seed gives the same cases on every machine.
pub type Rng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
pub fn from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A seed from the clock, for runs where the user gave none (the seed is printed). It is
/// below 2^53, so JSON readers that hold numbers as doubles (jq, JavaScript) keep it
/// exact and a run can be repeated from `--json` output.
pub fn fresh_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64 finaliser, so seeds taken close together differ in every bit
    let mut z = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 11
}

/// How large generated cases are: `scale` runs from just above 0 (the smallest cases a
/// game makes: marble positions with few empty cells) to 1 (the full size: for the
/// checks, the largest the oracle takes; for `gen` and `stress`, what the size flags
/// allow). `stress` grows it round by round; `gen` uses 1 unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// In (0, 1].
    pub scale: f64,
}

impl Size {
    /// Full size.
    pub const FULL: Size = Size { scale: 1.0 };

    /// `n` scaled: `⌈scale·n⌉` clamped to `1..=n` (`n` at full size, 1 at the smallest;
    /// 0 for `n = 0`).
    pub fn of(self, n: u64) -> u64 {
        let scaled = (self.scale.clamp(0.0, 1.0) * n as f64).ceil() as u64;
        scaled.clamp(n.min(1), n)
    }
}

/// An integer type a generator draws (`u8`, `u32`, `u64`, `usize`, …): what both
/// [`rand`]'s uniform ranges and [`arbitrary::Unstructured::int_in_range`] take.
pub trait Int: rand::distr::uniform::SampleUniform + arbitrary::unstructured::Int {}

impl<T: rand::distr::uniform::SampleUniform + arbitrary::unstructured::Int> Int for T {}

/// Where a game's random generator draws from: a seeded [`Rng`] (`verify`'s random
/// suites, `gen`, `stress`, the seeded properties) or the bytes of a fuzzer
/// ([`arbitrary::Unstructured`], so the fuzzer's coverage guidance steers every choice).
///
/// Fed by an [`Rng`], each method is the one `rand` call named below, so a generator
/// written with these methods draws exactly what the same `rand` calls draw (the same
/// integer types, the same ranges): `gen`'s bytes per seed do not depend on which of the
/// two a generator was written with. Fed by bytes, a choice made after the bytes ran out
/// is the smallest one (the range's start, `false`, 0), as `arbitrary` does.
pub trait Entropy {
    /// A uniform integer in `range` (`Rng::random_range`). Panics on an empty range.
    fn int_in<T: Int>(&mut self, range: std::ops::RangeInclusive<T>) -> T;

    /// A uniform index below `len` (`Rng::random_range(0..len)`). Panics for `len = 0`.
    fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "an index into an empty list");
        self.int_in(0..=len - 1)
    }

    /// `n` distinct indices out of `0..len` (all `len` when `n` is larger), uniformly and
    /// in a uniform order: a partial Fisher–Yates shuffle, one [`Entropy::int_in`] draw
    /// `i..=len - 1` for each position `i` chosen. `sample_indices(len, len)` is a uniform
    /// permutation.
    fn sample_indices(&mut self, len: usize, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..len).collect();
        for i in 0..n.min(len) {
            let j = self.int_in(i..=len - 1);
            v.swap(i, j);
        }
        v.truncate(n);
        v
    }

    /// An integer in `range` with small ones as likely as large ones: a bit length `b`
    /// uniform in `0..=` the bit length of `end − start`, then an offset uniform in
    /// `0..2^b` (capped at `end − start`) added to `start` (two [`Entropy::int_in`]
    /// draws). Each doubling of the offset is about equally likely, so a generator that
    /// draws its size this way still makes small cases often at full size, where bugs
    /// show and shrinking is quick. Panics on an empty range.
    fn int_log_uniform(&mut self, range: std::ops::RangeInclusive<u64>) -> u64 {
        let (start, end) = (*range.start(), *range.end());
        assert!(start <= end, "an empty range");
        let span = end - start;
        let b = self.int_in(0..=u64::BITS - span.leading_zeros());
        let top = if b == 0 {
            0
        } else {
            (u64::MAX >> (u64::BITS - b)).min(span)
        };
        start + self.int_in(0..=top)
    }

    /// A uniform float in `[0, 1)` (`Rng::random::<f64>()`).
    fn unit(&mut self) -> f64;

    /// `true` with probability `p`, clamped to `[0, 1]` (`Rng::random_bool`).
    fn chance(&mut self, p: f64) -> bool;

    /// 64 uniform bits (`Rng::random::<u64>()`).
    fn bits(&mut self) -> u64;
}

impl Entropy for Rng {
    #[inline]
    fn int_in<T: Int>(&mut self, range: std::ops::RangeInclusive<T>) -> T {
        rand::Rng::random_range(self, range)
    }

    #[inline]
    fn unit(&mut self) -> f64 {
        rand::Rng::random::<f64>(self)
    }

    #[inline]
    fn chance(&mut self, p: f64) -> bool {
        let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        rand::Rng::random_bool(self, p)
    }

    #[inline]
    fn bits(&mut self) -> u64 {
        rand::Rng::random::<u64>(self)
    }
}

impl Entropy for arbitrary::Unstructured<'_> {
    fn int_in<T: Int>(&mut self, range: std::ops::RangeInclusive<T>) -> T {
        let start = *range.start();
        assert!(start <= *range.end(), "an empty range");
        self.int_in_range(range).unwrap_or(start)
    }

    fn unit(&mut self) -> f64 {
        f64::from(self.arbitrary::<u32>().unwrap_or(0)) / 4_294_967_296.0
    }

    fn chance(&mut self, p: f64) -> bool {
        // one byte per choice, so a fuzzer's single-byte mutations flip single choices;
        // byte 0 (the bytes ran out) is `false` unless p = 1
        f64::from(self.arbitrary::<u8>().unwrap_or(0)) >= 256.0 * (1.0 - p)
    }

    fn bits(&mut self) -> u64 {
        self.arbitrary::<u64>().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    /// Fed by the seeded generator, each method draws what its `rand` call draws.
    #[test]
    fn an_rng_draws_what_rand_draws() {
        let (mut a, mut b) = (from_seed(9), from_seed(9));
        for n in [1usize, 2, 7, 1000] {
            assert_eq!(a.index(n), b.random_range(0..n));
            assert_eq!(a.int_in(3u8..=200), b.random_range(3u8..=200));
            assert_eq!(a.int_in(1u64..=n as u64), b.random_range(1u64..=n as u64));
            assert_eq!(a.unit(), b.random::<f64>());
            assert_eq!(a.chance(0.3), b.random_bool(0.3));
            assert_eq!(a.bits(), b.random::<u64>());
        }
        assert!(!a.chance(f64::NAN) && a.chance(2.0) && !a.chance(-1.0));
    }

    /// Fed by bytes, choices follow the bytes, and are the smallest once they run out.
    #[test]
    fn bytes_steer_every_choice_and_run_out_to_the_smallest() {
        let mut u = arbitrary::Unstructured::new(&[255, 0, 200]);
        assert!(u.chance(0.5));
        assert!(!u.chance(0.5));
        assert!(u.chance(0.5));
        assert_eq!(u.int_in(4u32..=9), 4);
        assert!(!u.chance(1.0 / 256.0));
        assert_eq!((u.unit(), u.bits(), u.index(5)), (0.0, 0, 0));
        let mut u = arbitrary::Unstructured::new(&[7, 0, 0, 0]);
        assert_eq!(u.int_in(0u64..=9), 7);
    }

    /// `sample_indices` gives distinct indices below `len` (all of them when asked for more),
    /// draws exactly a partial Fisher–Yates shuffle's `random_range` calls, reaches every
    /// index first, and out of bytes gives the first `n` in order.
    #[test]
    fn sample_indices_are_distinct_by_a_partial_shuffle() {
        let (mut a, mut b) = (from_seed(4), from_seed(4));
        for (len, n) in [(10, 3), (10, 10), (5, 9), (1, 1), (0, 2), (6, 0)] {
            let got = a.sample_indices(len, n);
            let mut want: Vec<usize> = (0..len).collect();
            for i in 0..n.min(len) {
                let j = b.random_range(i..len);
                want.swap(i, j);
            }
            want.truncate(n);
            assert_eq!(got, want, "len {len}, n {n}");
            let distinct: std::collections::BTreeSet<_> = got.iter().collect();
            assert_eq!(distinct.len(), n.min(len));
            assert!(got.iter().all(|&i| i < len));
        }
        let firsts: std::collections::BTreeSet<usize> =
            (0..200).map(|_| a.sample_indices(5, 1)[0]).collect();
        assert_eq!(firsts.len(), 5);
        let mut none = arbitrary::Unstructured::new(&[]);
        assert_eq!(none.sample_indices(6, 3), [0, 1, 2]);
    }

    #[test]
    fn log_uniform_draws_every_scale_alike() {
        let mut r = from_seed(7);
        let draws: Vec<u64> = (0..20_000).map(|_| r.int_log_uniform(3..=1003)).collect();
        assert!(draws.iter().all(|d| (3..=1003).contains(d)));
        // offsets 0..=1000 have bit lengths 0..=10, each drawn with chance 1/11: length 0
        // is offset 0 alone; lengths up to 4 (5 in 11) give offsets up to 15; uniform
        // draws would give 16 in 1001 of them
        let share = |f: &dyn Fn(u64) -> bool| {
            draws.iter().filter(|&&d| f(d - 3)).count() as f64 / draws.len() as f64
        };
        assert!(share(&|x| x == 0) > 1.0 / 11.0 - 0.02);
        assert!(share(&|x| x <= 15) > 5.0 / 11.0);
        assert!(share(&|x| x >= 512) > 1.0 / 11.0 / 2.0 - 0.02);
        assert!(draws.contains(&1003));
        assert_eq!(r.int_log_uniform(5..=5), 5);
        assert!(r.int_log_uniform(1..=u64::MAX) >= 1);
        let mut none = arbitrary::Unstructured::new(&[]);
        assert_eq!(none.int_log_uniform(4..=40), 4);
    }

    #[test]
    fn sizes_scale_counts() {
        assert_eq!(Size::FULL.of(30), 30);
        assert_eq!(Size { scale: 0.5 }.of(30), 15);
        assert_eq!(Size { scale: 0.01 }.of(30), 1);
        assert_eq!(Size { scale: 0.01 }.of(0), 0);
        assert_eq!(Size { scale: 3.0 }.of(4), 4);
    }
}
