//! Grundy values of impartial games that split into independent parts (paint and the
//! octal games): the mex, the periodicity theorem that turns a finite table of `g(n)`
//! into a proof for every `n`, [`GrundyPart`], the heap game inside such a game
//! (`gamecheck period GAME`, `gamecheck values GAME`), and the two checks `verify` runs
//! on such a game: the period proof ([`period_proof`]) and the Grundy values of every
//! case ([`grundy_values`]).
//!
//! **Periodicity theorem** (Guy & Smith 1956; *Winning Ways*, chapter 4): for a game
//! where a move on a heap of size `n` removes at most `t` tokens (columns) and leaves at
//! most two heaps, if `g(n + p) = g(n)` for every `n0 ≤ n ≤ 2·n0 + p + t`, then
//! `g(n + p) = g(n)` for every `n ≥ n0`. The bound is inclusive: a strict bound proves
//! false periods (for example for the octal game `.4`).

use crate::harness::driver::Outcome;
use crate::outcome::Value;
use std::fmt;

/// The value for the player to move of a position whose Grundy value is `g`: a win
/// (N-position) exactly when `g ≠ 0` (the Sprague–Grundy theorem; *Winning Ways*,
/// chapter 2).
pub fn value_of_grundy(g: u32) -> Value {
    if g != 0 {
        Value::Win
    } else {
        Value::Loss
    }
}

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

/// A table `g(0..len)` stored compactly: two bytes a value while every value fits in
/// `u16`, four bytes (the whole table widened once) from the first value past 65,535.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value at most 65,535.
    Narrow(Vec<u16>),
    /// Some value past 65,535.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::Narrow(Vec::new())
    }
}

impl Values {
    /// An empty table with room for `capacity` values (two bytes each).
    pub fn with_capacity(capacity: usize) -> Self {
        Values::Narrow(Vec::with_capacity(capacity))
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `g(n)`; panics when `n` is not below [`Values::len`].
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Narrow(v) => u32::from(v[n]),
            Values::Wide(v) => v[n],
        }
    }

    /// Appends `g(len)`, widening the table when `value` does not fit in `u16`.
    pub fn push(&mut self, value: u32) {
        match self {
            Values::Narrow(v) => match u16::try_from(value) {
                Ok(x) => v.push(x),
                Err(_) => {
                    let mut wide: Vec<u32> = Vec::with_capacity(v.capacity().max(v.len() + 1));
                    wide.extend(v.iter().map(|&x| u32::from(x)));
                    wide.push(value);
                    *self = Values::Wide(wide);
                }
            },
            Values::Wide(v) => v.push(value),
        }
    }

    /// Bytes a value takes now (2 or 4).
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::Narrow(_) => 2,
            Values::Wide(_) => 4,
        }
    }

    /// The values as `u32`, in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(|n| self.get(n))
    }

    /// The values as a `Vec<u32>` (four bytes each: for short tables).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

impl From<&[u32]> for Values {
    fn from(g: &[u32]) -> Self {
        let mut v = Values::with_capacity(g.len());
        g.iter().for_each(|&x| v.push(x));
        v
    }
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

/// [`prove_period`] over a table of `len` values read by `g(n)`.
fn proves_by(len: usize, g: &impl Fn(usize) -> u32, n0: usize, p: usize, t: usize) -> bool {
    if p == 0 {
        return false;
    }
    let last = 2 * n0 + p + t;
    if last + p >= len {
        return false;
    }
    (n0..=last).all(|n| g(n + p) == g(n))
}

/// The check of a found period at any scale, apart from [`Period::find`] and in
/// O(n0 + p·(number of prime factors of p)) reads of `g` (the brute force
/// [`smallest_period`] is quadratic):
///
/// - it proves: `g(n + p) = g(n)` for `n0 ≤ n ≤ 2·n0 + p + t` ([`prove_period`]);
/// - `p` is the smallest period: for each prime `q` dividing `p`, `p/q` is not a period
///   — some `n` in `[n0, n0 + p)` has `g(n + p/q) ≠ g(n)` (with `g` `p`-periodic from
///   `n0`, a period `p/q` from any start would hold on that whole window, and every
///   period is a multiple of the smallest);
/// - `n0` is the smallest pre-period: `n0 = 0` or `g(n0 − 1) ≠ g(n0 − 1 + p)`.
///
/// # Errors
/// What failed, with the `n` that shows it.
pub fn check_period_at_scale(
    len: usize,
    g: impl Fn(usize) -> u32,
    found: &Period,
    t: usize,
) -> Result<(), String> {
    let (n0, p) = (found.pre_period, found.period);
    if !proves_by(len, &g, n0, p, t) {
        return Err(format!(
            "period {p} from {n0} does not prove with g computed to {}",
            len.saturating_sub(1)
        ));
    }
    let mut rest = p;
    let mut q = 2;
    while rest > 1 {
        if q * q > rest {
            q = rest;
        }
        if rest % q == 0 {
            while rest % q == 0 {
                rest /= q;
            }
            let d = p / q;
            if (n0..n0 + p).all(|n| g(n + d) == g(n)) {
                return Err(format!(
                    "period {p} is not the smallest: g(n + {d}) = g(n) for every n in \
                     [{n0}, {})",
                    n0 + p
                ));
            }
        }
        q += 1;
    }
    if n0 > 0 && g(n0 - 1) == g(n0 - 1 + p) {
        return Err(format!(
            "pre-period {n0} is not the smallest: g({}) = g({}) = {}",
            n0 - 1,
            n0 - 1 + p,
            g(n0 - 1)
        ));
    }
    Ok(())
}

/// A long computation of `g(0..len)` for `gamecheck values` and `gamecheck period`,
/// extended on demand: a game's fastest method ([`GrundyPart::sequence`]; the plain
/// recurrence by default).
pub trait Sequence {
    /// Extends to `g(0..len)`, calling `progress(n)` now and then with the number of
    /// values computed.
    fn extend_with(&mut self, len: usize, progress: &mut dyn FnMut(usize));
    /// How many values are computed.
    fn len(&self) -> usize;
    /// Whether none is.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `g(n)`, `n` below [`Sequence::len`].
    fn get(&self, n: usize) -> u32;
    /// Bytes of memory a value takes.
    fn bytes_per_value(&self) -> usize;
    /// Whether the method in use now costs O(n) a value (the plain recurrence of a game
    /// that splits heaps), so O(n²) for the table.
    fn quadratic(&self) -> bool;
    /// The method in use, for messages (`plain recurrence`, `sparse space, mask 0x1e`).
    fn method(&self) -> String;
    /// Checks what the method rests on (a sparse computation's rare list).
    ///
    /// # Errors
    /// What is wrong.
    fn certify(&self) -> Result<(), String> {
        Ok(())
    }
    /// Statistics of the computation for `period --stats` (`None`: none beyond the
    /// method).
    fn stats(&self) -> Option<String> {
        None
    }
    /// The period the computation answers with past the values it computed
    /// ([`PeriodShortcut`]; `None`: none, every value is computed).
    fn period(&self) -> Option<Period> {
        None
    }
    /// The smallest period that proves with `t` on the values computed so far
    /// ([`Period::find_by`]; a computation with its values in a slice reads them
    /// faster).
    fn find_period(&self, t: usize) -> Option<Period> {
        Period::find_by(self.len(), |n| self.get(n), t)
    }
    /// Reserves room for `len` values in all, so that a long run grows its table once
    /// (by default nothing).
    fn reserve(&mut self, len: usize) {
        let _ = len;
    }
    /// Copies `g(from..from + out.len())` into `out` (all below [`Sequence::len`]).
    fn read(&self, from: usize, out: &mut [u32]) {
        out.iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = self.get(from + i));
    }
}

/// How `gamecheck values` and `gamecheck period` compute `g` (`--method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The game's fastest method ([`GrundyPart::sequence`]), and for `values`, once a
    /// period proves at one of the doubling lengths, every further value from it
    /// ([`PeriodShortcut`]).
    Auto,
    /// The plain recurrence: the mex over every option of every heap (O(n²) for the
    /// table of a game that splits heaps).
    Plain,
    /// The sparse-space method (octal games), without the period shortcut.
    Sparse,
}

impl Method {
    /// The names `--method` takes, in this order: `auto`, `plain`, `sparse`.
    pub const NAMES: [&'static str; 3] = ["auto", "plain", "sparse"];

    /// The method named `name` (one of [`Method::NAMES`]).
    pub fn named(name: &str) -> Option<Method> {
        match name {
            "auto" => Some(Method::Auto),
            "plain" => Some(Method::Plain),
            "sparse" => Some(Method::Sparse),
            _ => None,
        }
    }
}

impl fmt::Display for Method {
    /// The name `--method` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Auto => "auto",
            Method::Plain => "plain",
            Method::Sparse => "sparse",
        })
    }
}

/// A [`Sequence`] that stops computing once a period proves: it extends the
/// computation in doubling lengths from [`START_LEN`] and looks for a period at each
/// ([`Sequence::find_period`]); once one proves, every value past the computed ones is
/// `g(n) = g(n − k·p)` ([`Period::reduce`]), read and never computed, so a long run of
/// a periodic `g` costs the time it takes to print it.
pub struct PeriodShortcut {
    inner: Box<dyn Sequence>,
    t: usize,
    period: Option<Period>,
    len: usize,
}

impl PeriodShortcut {
    /// The shortcut over `inner`, with the theorem's `t` ([`GrundyPart::max_removed`]).
    pub fn new(inner: Box<dyn Sequence>, t: usize) -> Self {
        let len = inner.len();
        PeriodShortcut {
            inner,
            t,
            period: None,
            len,
        }
    }
}

impl Sequence for PeriodShortcut {
    fn extend_with(&mut self, len: usize, progress: &mut dyn FnMut(usize)) {
        if self.period.is_none() {
            let mut step = START_LEN.max(self.inner.len());
            loop {
                let upto = step.min(len);
                self.inner.extend_with(upto, progress);
                self.period = self.inner.find_period(self.t);
                if self.period.is_some() || upto >= len {
                    break;
                }
                step = upto.saturating_mul(2);
            }
        }
        self.len = self.len.max(len).max(self.inner.len());
    }
    fn len(&self) -> usize {
        self.len
    }
    fn get(&self, n: usize) -> u32 {
        match self.period {
            Some(p) if n >= self.inner.len() => self.inner.get(p.reduce(n as u64)),
            _ => self.inner.get(n),
        }
    }
    fn read(&self, from: usize, out: &mut [u32]) {
        let computed = self.inner.len().clamp(from, from + out.len()) - from;
        let (inside, past) = out.split_at_mut(computed);
        if computed > 0 {
            self.inner.read(from, inside);
        }
        past.iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = self.get(from + computed + i));
    }
    fn bytes_per_value(&self) -> usize {
        self.inner.bytes_per_value()
    }
    fn quadratic(&self) -> bool {
        self.period.is_none() && self.inner.quadratic()
    }
    fn method(&self) -> String {
        self.inner.method()
    }
    /// The computation's own certificate, and the period checked again at scale
    /// ([`check_period_at_scale`]).
    fn certify(&self) -> Result<(), String> {
        self.inner.certify()?;
        match &self.period {
            Some(p) => check_period_at_scale(self.inner.len(), |n| self.inner.get(n), p, self.t),
            None => Ok(()),
        }
    }
    fn stats(&self) -> Option<String> {
        self.inner.stats()
    }
    fn period(&self) -> Option<Period> {
        self.period
    }
    fn find_period(&self, t: usize) -> Option<Period> {
        self.inner.find_period(t)
    }
    /// Nothing: the values past a period are never stored, and until one proves the
    /// table grows in doubling lengths anyway.
    fn reserve(&mut self, _: usize) {}
}

/// The default [`Sequence`]: [`GrundyPart::extend`], the plain recurrence, four bytes a
/// value.
#[derive(Debug, Clone)]
pub struct PlainSequence<G: GrundyPart> {
    rules: G::Rules,
    g: Vec<u32>,
}

impl<G: GrundyPart> PlainSequence<G> {
    /// An empty computation under `rules`.
    pub fn new(rules: G::Rules) -> Self {
        PlainSequence {
            rules,
            g: Vec::new(),
        }
    }
}

impl<G: GrundyPart> Sequence for PlainSequence<G> {
    fn extend_with(&mut self, len: usize, progress: &mut dyn FnMut(usize)) {
        while self.g.len() < len {
            let next = (self.g.len() + 4096).min(len);
            G::extend(&self.rules, &mut self.g, next);
            progress(self.g.len());
        }
    }
    fn len(&self) -> usize {
        self.g.len()
    }
    fn get(&self, n: usize) -> u32 {
        self.g[n]
    }
    fn bytes_per_value(&self) -> usize {
        4
    }
    fn quadratic(&self) -> bool {
        true
    }
    fn method(&self) -> String {
        "plain recurrence".into()
    }
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
        Period::find_by(g.len(), |n| g[n], t)
    }

    /// [`Period::find`] over a table of `len` values read by `g(n)` (a compact table,
    /// a [`Sequence`]).
    pub fn find_by(len: usize, g: impl Fn(usize) -> u32, t: usize) -> Option<Period> {
        for p in 1..len {
            let n0 = (0..len - p)
                .rev()
                .find(|&n| g(n + p) != g(n))
                .map_or(0, |n| n + 1);
            if proves_by(len, &g, n0, p, t) {
                return Some(Period {
                    pre_period: n0,
                    period: p,
                    proof_end: 2 * n0 + p + t,
                    computed: len,
                });
            }
        }
        None
    }

    /// [`Period::discover_within`] over a [`Sequence`]: extends it in doubling lengths
    /// from [`START_LEN`] up to `max_len` values (`progress` as
    /// [`Sequence::extend_with`] calls it) until a period proves.
    pub fn discover_in(
        t: usize,
        max_len: usize,
        seq: &mut dyn Sequence,
        progress: &mut dyn FnMut(usize),
    ) -> Option<Period> {
        let mut len = START_LEN.min(max_len);
        loop {
            seq.extend_with(len, progress);
            if let Some(p) = Period::find_by(seq.len(), |n| seq.get(n), t) {
                return Some(p);
            }
            if len >= max_len {
                return None;
            }
            len = len.saturating_mul(2).min(max_len);
        }
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

    /// The period and its start, as `gamecheck period` prints them first:
    /// `period 12, pre-period 71`.
    pub fn summary(&self) -> String {
        format!("period {}, pre-period {}", self.period, self.pre_period)
    }

    /// What the theorem checked with `t`, and how far `g` was computed:
    /// `proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g computed to 255)`.
    pub fn proof_text(&self, t: usize) -> String {
        format!(
            "proved: g(n+{}) = g(n) for {} ≤ n ≤ {} (t = {t}, g computed to {})",
            self.period,
            self.pre_period,
            self.proof_end,
            self.computed.saturating_sub(1)
        )
    }

    /// [`Period::summary`] and [`Period::proof_text`] on one line, `; ` between: the note
    /// of `verify`'s period-proof rows.
    pub fn describe(&self, t: usize) -> String {
        format!("{}; {}", self.summary(), self.proof_text(t))
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

    /// How [`GrundyPart::sequence`] computes `g` and what it costs, for the `--help` of
    /// `period --max-n` and `values --upto` (a clause, e.g. `the sparse-space method,
    /// about a second for N = 10^6`); by default the plain recurrence's.
    const SEQUENCE_HELP: &'static str = "the plain recurrence, O(N²)";

    /// The fastest computation of `g` this game has, for long runs (`values`,
    /// `period`); by default the plain recurrence ([`PlainSequence`]).
    fn sequence(rules: &Self::Rules) -> Box<dyn Sequence>
    where
        Self: 'static,
    {
        Box::new(PlainSequence::<Self>::new(rules.clone()))
    }

    /// The computation of `g` by `method` (`--method`), without the period shortcut
    /// (the caller adds [`PeriodShortcut`] under [`Method::Auto`]); `None` when the game
    /// has no such method. By default: [`GrundyPart::sequence`] for `Auto`,
    /// [`PlainSequence`] for `Plain`, none for `Sparse`.
    fn sequence_by(rules: &Self::Rules, method: Method) -> Option<Box<dyn Sequence>>
    where
        Self: 'static,
    {
        match method {
            Method::Auto => Some(Self::sequence(rules)),
            Method::Plain => Some(Box::new(PlainSequence::<Self>::new(rules.clone()))),
            Method::Sparse => None,
        }
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

/// `verify`'s period-proof row of a game that splits into heaps: the period a fast
/// solver uses, proved apart from the code that found it.
///
/// - `table`: the fast solver's values `g(0..table.len())`; `used`: the period it uses,
///   as its finder ([`Period::discover`]) reported it (`None`: none proved);
/// - `t`: the theorem's `t`, the most tokens (columns) one move removes
///   ([`GrundyPart::max_removed`]);
/// - `independent_g(len)`: `g(0..len)` (exactly `len` values) computed apart from the
///   solver's table, with its own recurrence and mex; asked for as far as the table, the
///   claimed proof (`g(proof_end + p)`) and the oracle's heaps reach:
///   `len = max(table.len(), proof_end + p + 1, oracle_upto + 1)`;
/// - `oracle_g(n)`: the oracle's Grundy value of one heap of `n` (a run of `n`
///   columns), for `n` in `1..=oracle_upto` (`None` when it refuses).
///
/// In this order, the first failure ending the check: a period is used; the table is
/// `g`; `g(1..=oracle_upto)` are the oracle's; the period proves on `g`
/// ([`prove_period`]); it is the smallest period `g` shows, from its smallest start —
/// checked by the brute force [`check_smallest_period`], never by [`Period::find`] (the
/// code that found it), so a finder that reports a multiple of the period or a later
/// pre-period fails here.
///
/// Checked: the values of `n` in the proof range `n0..=2·n0 + p + t`. The note of a
/// pass: [`Period::describe`] and how `g` was computed; of a failure, what failed.
pub fn period_proof(
    table: &[u32],
    used: Option<Period>,
    t: usize,
    independent_g: impl FnOnce(usize) -> Vec<u32>,
    oracle_upto: usize,
    mut oracle_g: impl FnMut(usize) -> Option<u32>,
) -> Outcome {
    let fail = |e: String| Outcome::from_result(Err(e), "");
    let Some(used) = used else {
        return fail("no period proved".into());
    };
    let len = table
        .len()
        .max(used.proof_end + used.period + 1)
        .max(oracle_upto + 1);
    let g = independent_g(len);
    if g.len() != len {
        return fail(format!(
            "g computed independently has {} values, not the {len} asked for",
            g.len()
        ));
    }
    if let Some(n) = (0..table.len()).find(|&n| table[n] != g[n]) {
        return fail(format!(
            "the table in use has g({n}) = {}, computed independently {}",
            table[n], g[n]
        ));
    }
    for (n, &value) in g.iter().enumerate().take(oracle_upto + 1).skip(1) {
        let want = oracle_g(n);
        if want != Some(value) {
            return fail(format!(
                "g({n}) = {value} computed, the oracle's mex recursion says {want:?}"
            ));
        }
    }
    if !prove_period(&g, used.pre_period, used.period, t) {
        return fail(format!(
            "the period in use does not prove: {}",
            used.describe(t)
        ));
    }
    if let Err(e) = check_smallest_period(&g, &used, t) {
        return fail(format!("the period in use is not the smallest: {e}"));
    }
    Outcome::from_result(
        Ok((used.proof_end - used.pre_period + 1) as u64),
        &format!(
            "{}; g computed independently, g(1..={oracle_upto}) by the oracle",
            used.describe(t)
        ),
    )
}

/// `verify`'s Grundy-values check of one suite: for every case, the oracle's Grundy
/// value (its mex recursion over the game's positions) against the fast solver's
/// (named `fast_name`: the XOR of its parts' `g`), `None` where one refuses.
///
/// Checked: every case; failed: the cases where the two differ, the first named in the
/// note (`Grundy value of CASE: oracle Some(3), periodic Some(1)`). The note when all
/// agree: `agree`.
pub fn grundy_values<C: fmt::Display>(
    cases: &[C],
    mut oracle: impl FnMut(&C) -> Option<u32>,
    fast_name: &str,
    mut fast: impl FnMut(&C) -> Option<u32>,
    agree: &str,
) -> Outcome {
    let mut first = None;
    let mut failed = 0;
    for c in cases {
        let (want, got) = (oracle(c), fast(c));
        if want != got {
            failed += 1;
            first.get_or_insert_with(|| {
                format!("Grundy value of {c}: oracle {want:?}, {fast_name} {got:?}")
            });
        }
    }
    Outcome {
        checked: cases.len() as u64,
        failed,
        detail: first.unwrap_or_else(|| agree.into()),
    }
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

    /// The period-proof row on a table whose smallest period is 3 from 3 (`t` = 1): it
    /// passes on that period, counting the proof range `3..=2·3 + 3 + 1` and saying what
    /// was proved, and fails, saying why, on no period, a table value or an oracle value
    /// that is not `g`, an independent `g` of the wrong length, a pre-period too early
    /// (it does not prove), and a multiple of the period or a later pre-period (both
    /// prove; the brute force names the smallest).
    #[test]
    fn the_period_proof_row_passes_on_the_period_and_fails_on_each_wrong_part() {
        let t = 1;
        let g_of = |len: usize| -> Vec<u32> {
            (0..len as u32)
                .map(|n| if n < 3 { 7 + n } else { n % 3 })
                .collect()
        };
        let table = g_of(32);
        let real = Period::find(&table, t).unwrap();
        assert_eq!((real.period, real.pre_period), (3, 3));
        let oracle = |n: usize| Some(g_of(n + 1)[n]);
        let ok = period_proof(&table, Some(real), t, g_of, 2, oracle);
        assert_eq!((ok.checked, ok.failed), (8, 0), "{}", ok.detail);
        assert_eq!(
            ok.detail,
            "period 3, pre-period 3; proved: g(n+3) = g(n) for 3 ≤ n ≤ 10 (t = 1, g computed \
             to 31); g computed independently, g(1..=2) by the oracle"
        );
        let fails = |o: Outcome, says: &str| {
            assert_eq!((o.checked, o.failed), (0, 1), "{says}: {}", o.detail);
            assert!(o.detail.contains(says), "{says}: {}", o.detail);
        };
        fails(
            period_proof(&table, None, t, g_of, 2, oracle),
            "no period proved",
        );
        let mut wrong = table.clone();
        wrong[5] = 9;
        fails(
            period_proof(&wrong, Some(real), t, g_of, 2, oracle),
            "the table in use has g(5) = 9, computed independently 2",
        );
        fails(
            period_proof(&table, Some(real), t, g_of, 2, |n| oracle(n).map(|g| g ^ 1)),
            "g(1) = 8 computed, the oracle's mex recursion says Some(9)",
        );
        // the oracle's heaps may reach past the table and the proof: g is computed
        // that far, and the last heap is compared too
        fails(
            period_proof(&table, Some(real), t, g_of, 40, |n| {
                oracle(n).map(|g| g ^ u32::from(n == 40))
            }),
            "g(40) = 1 computed, the oracle's mex recursion says Some(0)",
        );
        fails(
            period_proof(&table, Some(real), t, |len| g_of(len - 1), 2, oracle),
            "g computed independently has 31 values, not the 32 asked for",
        );
        let with = |n0: usize, p: usize| Period {
            pre_period: n0,
            period: p,
            proof_end: 2 * n0 + p + t,
            computed: real.computed,
        };
        fails(
            period_proof(&table, Some(with(2, 3)), t, g_of, 2, oracle),
            "the period in use does not prove: period 3, pre-period 2",
        );
        fails(
            period_proof(&table, Some(with(3, 6)), t, g_of, 2, oracle),
            "not the smallest: reported period 6 from n0 = 3, but g (computed to 31) shows \
             period 3 from n0 = 3",
        );
        fails(
            period_proof(&table, Some(with(4, 3)), t, g_of, 2, oracle),
            "not the smallest: reported period 3 from n0 = 4, but g (computed to 31) shows \
             period 3 from n0 = 3",
        );
    }

    /// The check at scale passes on the smallest period from its smallest start and
    /// fails, saying why, on a multiple of it (each prime factor is tried: 6 = 2·3 and
    /// 9 = 3·3 over a true 3), a later start, and a claim that does not prove.
    #[test]
    fn the_check_at_scale_finds_a_smaller_period_or_an_earlier_start() {
        let t = 1;
        let g: Vec<u32> = (0..200u32)
            .map(|n| if n < 3 { 7 + n } else { n % 3 })
            .collect();
        let at = |n0: usize, p: usize| Period {
            pre_period: n0,
            period: p,
            proof_end: 2 * n0 + p + t,
            computed: g.len(),
        };
        let check = |p: Period| check_period_at_scale(g.len(), |n| g[n], &p, t);
        assert_eq!(check(at(3, 3)), Ok(()));
        assert_eq!(check(Period::find(&g, t).unwrap()), Ok(()));
        for p in [6, 9, 12] {
            let e = check(at(3, p)).unwrap_err();
            assert!(
                e.contains(&format!("period {p} is not the smallest")),
                "{e}"
            );
        }
        let e = check(at(4, 3)).unwrap_err();
        assert!(
            e.contains("pre-period 4 is not the smallest: g(3) = g(6) = 0"),
            "{e}"
        );
        let e = check(at(2, 3)).unwrap_err();
        assert!(e.contains("does not prove"), "{e}");
        let e = check(at(120, 3)).unwrap_err();
        assert!(e.contains("does not prove"), "{e}");
        // a period that is a prime power times another prime: 2·2·5 = 20 over a true 20
        let h: Vec<u32> = (0..300u32).map(|n| u32::from(n % 20 == 0)).collect();
        let p20 = Period {
            pre_period: 0,
            period: 20,
            proof_end: 20 + t,
            computed: h.len(),
        };
        assert_eq!(check_period_at_scale(h.len(), |n| h[n], &p20, t), Ok(()));
        let p40 = Period {
            period: 40,
            proof_end: 40 + t,
            ..p20
        };
        assert!(check_period_at_scale(h.len(), |n| h[n], &p40, t).is_err());
    }

    /// The Grundy-values check counts every case, fails on exactly the cases where the
    /// two values differ (a refusal is `None`) and names the first; when all agree its
    /// note is the one given.
    #[test]
    fn the_grundy_values_check_counts_the_cases_and_names_the_first_difference() {
        let cases = [1u32, 2, 3, 4];
        let o = grundy_values(&cases, |&c| Some(c), "fast", |&c| Some(c), "all agree");
        assert_eq!(
            o,
            Outcome {
                checked: 4,
                failed: 0,
                detail: "all agree".into()
            }
        );
        let o = grundy_values(
            &cases,
            |&c| Some(c),
            "fast",
            |&c| (c % 2 == 1).then_some(c),
            "all agree",
        );
        assert_eq!((o.checked, o.failed), (4, 2));
        assert_eq!(o.detail, "Grundy value of 2: oracle Some(2), fast None");
    }

    /// A table of `g(n) = n < 5 ? 7 + n : n % 3` (period 3 from 5 with `t` = 1), computed
    /// on demand, counting the values it computed.
    struct Made(Vec<u32>);

    impl Sequence for Made {
        fn extend_with(&mut self, len: usize, _: &mut dyn FnMut(usize)) {
            while self.0.len() < len {
                let n = self.0.len() as u32;
                self.0.push(if n < 5 { 7 + n } else { n % 3 });
            }
        }
        fn len(&self) -> usize {
            self.0.len()
        }
        fn get(&self, n: usize) -> u32 {
            self.0[n]
        }
        fn bytes_per_value(&self) -> usize {
            4
        }
        fn quadratic(&self) -> bool {
            true
        }
        fn method(&self) -> String {
            "made".into()
        }
    }

    /// The period shortcut computes `g` in doubling lengths only until a period proves
    /// (64 values here: period 3 from 5 needs index 2·5 + 2·3 + 1 = 17), then gives every
    /// further value from it — the same as computing it, at every `n`, by `get` and by
    /// `read` (inside the computed values, across their end and past it); without a
    /// period it computes every value and says so.
    #[test]
    fn the_period_shortcut_reads_the_values_past_the_proof() {
        let want = |n: usize| if n < 5 { 7 + n as u32 } else { n as u32 % 3 };
        let mut s = PeriodShortcut::new(Box::new(Made(Vec::new())), 1);
        s.extend_with(100_000, &mut |_| {});
        assert_eq!(s.len(), 100_000);
        assert_eq!(s.inner.len(), START_LEN);
        let p = s.period().unwrap();
        assert_eq!((p.period, p.pre_period, p.computed), (3, 5, START_LEN));
        assert!(!s.quadratic());
        assert!((0..100_000).all(|n| s.get(n) == want(n)));
        for (from, count) in [(0, 10), (60, 10), (64, 5), (99_990, 10), (0, 100_000)] {
            let mut out = vec![0; count];
            s.read(from, &mut out);
            assert!(
                out.iter().enumerate().all(|(i, &v)| v == want(from + i)),
                "{from} {count}"
            );
        }
        assert_eq!(s.certify(), Ok(()));
        assert_eq!(s.method(), "made");
        // too short a run for the proof: every value computed, no period
        let mut short = PeriodShortcut::new(Box::new(Made(Vec::new())), 1);
        short.extend_with(17, &mut |_| {});
        assert_eq!(
            (short.len(), short.inner.len(), short.period()),
            (17, 17, None)
        );
        assert!(short.quadratic());
    }

    /// The names of `--method` read back as their methods.
    #[test]
    fn methods_are_named_as_method_takes_them() {
        for name in Method::NAMES {
            assert_eq!(Method::named(name).unwrap().to_string(), name);
        }
        assert_eq!(Method::named("fast"), None);
    }

    /// The compact table keeps every value, two bytes each up to 65,535, and widens the
    /// whole table to four bytes at the first value past it.
    #[test]
    fn values_widen_past_u16_and_keep_every_value() {
        let mut v = Values::default();
        let want: Vec<u32> = vec![0, 1, 65_535, 7, 65_536, 3, u32::MAX];
        for (i, &x) in want.iter().enumerate() {
            v.push(x);
            let wide = i >= 4;
            assert_eq!(v.bytes_per_value(), if wide { 4 } else { 2 }, "after {x}");
            assert_eq!(v.to_vec(), want[..=i], "after {x}");
        }
        assert_eq!(v.len(), want.len());
        assert_eq!(Values::from(&want[..4]).bytes_per_value(), 2);
        assert!(Values::default().is_empty());
    }

    #[test]
    fn a_grundy_value_is_a_win_exactly_when_it_is_not_zero() {
        assert_eq!(value_of_grundy(0), Value::Loss);
        assert!([1, 2, 7, u32::MAX]
            .into_iter()
            .all(|g| value_of_grundy(g) == Value::Win));
    }

    /// The two lines of `gamecheck period`, and the one-line note of `verify`.
    #[test]
    fn a_period_is_described_as_gamecheck_period_prints_it() {
        let p = Period {
            pre_period: 71,
            period: 12,
            proof_end: 156,
            computed: 256,
        };
        assert_eq!(p.summary(), "period 12, pre-period 71");
        assert_eq!(
            p.proof_text(2),
            "proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g computed to 255)"
        );
        assert_eq!(
            p.describe(2),
            format!("{}; {}", p.summary(), p.proof_text(2))
        );
    }
}
