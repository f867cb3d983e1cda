//! Grundy values of impartial games that split into independent parts (paint and the
//! octal games): the mex, the periodicity theorem that turns a finite table of `g(n)`
//! into a proof for every `n`, and [`GrundyPart`], the heap game inside such a game
//! (`gamecheck period GAME`, `gamecheck values GAME`).
//!
//! **Periodicity theorem** (Guy & Smith 1956; *Winning Ways*, chapter 4): for a game
//! where a move on a heap of size `n` removes at most `t` tokens (columns) and leaves at
//! most two heaps, if `g(n + p) = g(n)` for every `n0 ≤ n ≤ 2·n0 + p + t`, then
//! `g(n + p) = g(n)` for every `n ≥ n0`. The bound is inclusive: a strict bound proves
//! false periods (for example for the octal game `.4`).

/// The mex (minimum excluded value) of a set of option values, with a reusable scratch
/// bitset.
#[derive(Debug, Clone, Default)]
pub struct Mex {
    seen: Vec<u64>,
}

impl Mex {
    /// An empty scratch set.
    pub fn new() -> Self {
        Mex::default()
    }

    /// The least non-negative integer not in `options`.
    ///
    /// With `n` options the mex lies in `0..=n` (it is `n` exactly when the options are
    /// `0..n`, each once): `n + 1` values cannot all be among `n` options.
    pub fn mex(&mut self, options: impl IntoIterator<Item = u32>) -> u32 {
        self.seen.iter_mut().for_each(|w| *w = 0);
        let mut n = 0u32;
        for v in options {
            let (word, bit) = ((v / 64) as usize, v % 64);
            if word >= self.seen.len() {
                self.seen.resize(word + 1, 0);
            }
            self.seen[word] |= 1 << bit;
            n += 1;
        }
        let contains = |v: u32| {
            self.seen
                .get((v / 64) as usize)
                .is_some_and(|w| w >> (v % 64) & 1 == 1)
        };
        (0..=n)
            .find(|&v| !contains(v))
            .expect("the mex of n options is at most n")
    }
}

/// The Grundy value of `options` (convenience for a one-off mex).
pub fn mex(options: impl IntoIterator<Item = u32>) -> u32 {
    Mex::new().mex(options)
}

/// Whether the periodicity theorem proves `g(n + p) = g(n)` for all `n ≥ n0` from the
/// table `g`: it checks `g[n + p] == g[n]` for every `n0 ≤ n ≤ 2·n0 + p + t` (inclusive).
///
/// False when `p = 0` or when `g` is too short to hold index `2·n0 + 2·p + t`.
pub fn prove_period(g: &[u32], n0: usize, p: usize, t: usize) -> bool {
    if p == 0 {
        return false;
    }
    let last = 2 * n0 + p + t; // the last n to check
    if last + p >= g.len() {
        return false;
    }
    (n0..=last).all(|n| g[n + p] == g[n])
}

/// A proved period of `g`: `g(n + period) = g(n)` for every `n ≥ pre_period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The smallest `n0` from which `g` repeats with `period`.
    pub pre_period: usize,
    /// The smallest period.
    pub period: usize,
    /// The last `n` checked by the proof: `2·n0 + p + t`.
    pub proof_end: usize,
    /// How many values of `g` were computed (`g(0..computed)`).
    pub computed: usize,
}

/// The table length [`Period::discover`] starts from; it doubles while no period proves.
pub const START_LEN: usize = 64;

/// The longest table [`Period::discover`] builds before giving up.
pub const MAX_LEN: usize = 1 << 16;

impl Period {
    /// The smallest period `p` (and its smallest pre-period) that [`prove_period`]
    /// proves from the table `g` with `t`, or `None`.
    ///
    /// For each `p = 1, 2, …` the candidate `n0` is one past the last `n` where
    /// `g[n + p] ≠ g[n]` in the table. If the true minimal period is `p*` with
    /// pre-period `n*`, every proved `(n0, p)` has `p* | p` and `n* ≤ n0`, so `p*`
    /// proves too: the first `p` that proves is the minimal one.
    pub fn find(g: &[u32], t: usize) -> Option<Period> {
        for p in 1..g.len() {
            let n0 = (0..g.len() - p)
                .rev()
                .find(|&n| g[n + p] != g[n])
                .map_or(0, |n| n + 1);
            if prove_period(g, n0, p, t) {
                return Some(Period {
                    pre_period: n0,
                    period: p,
                    proof_end: 2 * n0 + p + t,
                    computed: g.len(),
                });
            }
        }
        None
    }

    /// Extends `g` with `extend` (doubling its length from [`START_LEN`]) until a period
    /// proves with `t` (see [`Period::find`]); returns the table and the period.
    /// `extend(g, len)` must leave `g` holding `g(0..len)`.
    ///
    /// # Errors
    /// No period proves with a table of [`MAX_LEN`] values.
    pub fn discover(
        t: usize,
        extend: impl FnMut(&mut Vec<u32>, usize),
    ) -> Result<(Vec<u32>, Period), String> {
        match Period::discover_within(t, MAX_LEN, extend) {
            (g, Some(p)) => Ok((g, p)),
            (g, None) => Err(format!(
                "no period of g proves with {} values computed",
                g.len()
            )),
        }
    }

    /// [`Period::discover`] with at most `max_len` values of `g` (the doubling stops
    /// there; lengths `START_LEN, 2·START_LEN, …, max_len`): the table and the period
    /// when one proves, else the table of `max_len` values and `None`.
    pub fn discover_within(
        t: usize,
        max_len: usize,
        mut extend: impl FnMut(&mut Vec<u32>, usize),
    ) -> (Vec<u32>, Option<Period>) {
        let mut g = Vec::new();
        let mut len = START_LEN.min(max_len);
        loop {
            extend(&mut g, len);
            if let Some(p) = Period::find(&g, t) {
                return (g, Some(p));
            }
            if len >= max_len {
                return (g, None);
            }
            len = (len * 2).min(max_len);
        }
    }

    /// The index of the table that holds `g(l)`: `l` itself below the pre-period,
    /// else `n0 + (l − n0) mod p`.
    pub fn reduce(&self, l: u64) -> usize {
        let n0 = self.pre_period as u64;
        if l < n0 {
            l as usize
        } else {
            (n0 + (l - n0) % self.period as u64) as usize
        }
    }
}

/// The Grundy part of a game that splits into heaps: the sequence `g(n)` of one heap
/// (a run of `n` columns in paint, a heap of `n` tokens in an octal game) under a rule
/// set, and the `t` of the periodicity theorem. `gamecheck period` and `gamecheck
/// values` are written once over it; a game offers them on the command line by
/// registering its Grundy part.
pub trait GrundyPart: crate::game::Game {
    /// What `n` counts, for messages (`columns of a run`, `tokens of a heap`).
    const HEAP: &'static str;

    /// Extends `g` (holding `g(0..g.len())`) to `g(0..len)`.
    fn extend(rules: &Self::Rules, g: &mut Vec<u32>, len: usize);

    /// `t`: the most columns or tokens one move removes from a heap.
    fn max_removed(rules: &Self::Rules) -> usize;

    /// `g(0..len)`.
    fn values(rules: &Self::Rules, len: usize) -> Vec<u32> {
        let mut g = Vec::new();
        Self::extend(rules, &mut g, len);
        g
    }

    /// The smallest proved period with at most `max_len` values of `g` computed
    /// (doubling from [`START_LEN`]; see [`Period::discover_within`]), and the table.
    fn period(rules: &Self::Rules, max_len: usize) -> (Vec<u32>, Option<Period>) {
        Period::discover_within(Self::max_removed(rules), max_len, |g, len| {
            Self::extend(rules, g, len)
        })
    }
}

/// The smallest period of the table `g` and, for it, the smallest start, by brute force
/// and apart from [`Period::find`]: the least `p`, then the least `n0`, such that
/// `g[n + p] = g[n]` for every `n ≥ n0` inside the table and the table reaches index
/// `2·n0 + 2·p + t` (what [`prove_period`] reads). `None` when no pair qualifies.
pub fn smallest_period(g: &[u32], t: usize) -> Option<(usize, usize)> {
    for p in 1..g.len() {
        for n0 in 0.. {
            if 2 * n0 + 2 * p + t >= g.len() {
                break;
            }
            if (n0..g.len() - p).all(|n| g[n + p] == g[n]) {
                return Some((p, n0));
            }
        }
    }
    None
}

/// The reported period is the one `g` shows: `reported.period` is the smallest period
/// of the table `g` (computed apart from the code that reported it) and
/// `reported.pre_period` its smallest start ([`smallest_period`]). A multiple of the
/// true period, or a start too early or too late, fails — which comparing answers on
/// small positions cannot see (a multiple of a period is still a period; a wrong start
/// only shows past the table).
///
/// # Errors
/// Both pairs, when they differ.
pub fn check_smallest_period(g: &[u32], reported: &Period, t: usize) -> Result<(), String> {
    let want = smallest_period(g, t);
    if want == Some((reported.period, reported.pre_period)) {
        return Ok(());
    }
    Err(format!(
        "reported period {} from n0 = {}, but g (computed to {}) shows {}",
        reported.period,
        reported.pre_period,
        g.len().saturating_sub(1),
        match want {
            Some((p, n0)) => format!("period {p} from n0 = {n0}"),
            None => "no period".into(),
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    /// `g` of length `len`: `pre` values drawn at random, then a random block of `p`
    /// values repeated (so the period is at most `p` and the start at most `pre`).
    fn eventually_periodic(
        rng: &mut crate::rng::Rng,
        pre: usize,
        p: usize,
        len: usize,
    ) -> Vec<u32> {
        let head: Vec<u32> = (0..pre).map(|_| rng.random_range(0..4)).collect();
        let block: Vec<u32> = (0..p).map(|_| rng.random_range(0..4)).collect();
        (0..len)
            .map(|i| {
                if i < pre {
                    head[i]
                } else {
                    block[(i - pre) % p]
                }
            })
            .collect()
    }

    /// The brute force and the finder agree on the smallest period and start, and on
    /// when the table is long enough to prove them (index `2·n0 + 2·p + t` must exist),
    /// on random eventually periodic tables at every length around that bound.
    #[test]
    fn smallest_period_and_find_agree_at_every_length() {
        let mut rng = crate::rng::from_seed(9);
        for _ in 0..300 {
            let pre = rng.random_range(0..8);
            let p = rng.random_range(1..6);
            let t = rng.random_range(1..4);
            let g = eventually_periodic(&mut rng, pre, p, 2 * pre + 2 * p + t + 12);
            for len in 1..=g.len() {
                let g = &g[..len];
                let found = Period::find(g, t).map(|q| (q.period, q.pre_period));
                assert_eq!(smallest_period(g, t), found, "{g:?} t = {t}");
                if let Some((p, n0)) = found {
                    assert!(2 * n0 + 2 * p + t < len, "{g:?}");
                }
            }
        }
    }

    /// The exact length bound, on a table whose smallest period is 3 from 3 (t = 1):
    /// index 2·3 + 2·3 + 1 = 13 must exist, so 14 values prove it and 13 do not.
    #[test]
    fn the_length_bound_is_exact() {
        let g: Vec<u32> = [7, 8, 9]
            .into_iter()
            .chain((0..20).map(|i| i % 3))
            .collect();
        assert_eq!(smallest_period(&g[..14], 1), Some((3, 3)));
        assert_eq!(smallest_period(&g[..13], 1), None);
        assert_eq!(
            Period::find(&g[..14], 1).map(|q| (q.period, q.pre_period)),
            Some((3, 3))
        );
        assert_eq!(Period::find(&g[..13], 1), None);
    }
}
