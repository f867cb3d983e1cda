//! The game tree from a start, layer by layer: positions, terminal positions, move
//! sequences and finished games by depth (what `count GAME` prints for any game with a
//! start and a move generator).
//!
//! Layer `d` is `R_d`, the distinct positions (by key) reached from the start in exactly
//! `d` moves, each with the number of move sequences that reach it. A position is
//! *terminal* when it has no legal move; a *finished game* of `d` moves is a sequence of
//! `d` moves from the start that ends in a terminal position. The layers are built
//! breadth first, each from the one before, until a layer is empty (every line has
//! ended) or the depth asked for; a position that several depths reach is in each of
//! their layers, and once in the totals.
//!
//! What a count holds and its bound: [`count_tree_of`].

use super::{Finished, Generator, Packed, Perft, CHILDREN_LIMIT};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::mem::{needs_drop, size_of};

/// The most bytes the positions a count holds at once may take by default
/// ([`Bounds::memory`]): 16 GiB = 17,179,869,184 bytes, which a 24 GiB machine holds
/// with room to spare.
pub const MEMORY_LIMIT: u64 = 16 << 30;

/// The bytes a count adds for a key or a position that owns memory on the heap (a `Vec`,
/// a `String`: [`std::mem::needs_drop`]), beyond its own size: 32, a small allocation.
pub const HEAP_ALLOWANCE: u64 = 32;

/// One depth of the game tree ([`TreeCount::layers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// Moves from the start.
    pub depth: u32,
    /// Distinct positions reached in exactly `depth` moves.
    pub positions: u64,
    /// Those of them with no legal move.
    pub terminal: u64,
    /// Move sequences of exactly `depth` moves from the start: perft(`depth`).
    pub sequences: u128,
    /// Those that end in a terminal position: the finished games of `depth` moves.
    pub games: u128,
}

/// The game tree from one start: its layers, depth 0 first, and the totals.
///
/// Layer `d` is `R_d`, the distinct positions (by key) reached from the start in exactly
/// `d` moves, each with the number of move sequences that reach it. A position is
/// *terminal* when it has no legal move; a *finished game* of `d` moves is a sequence of
/// `d` moves from the start that ends in a terminal position. A position that several
/// depths reach is in each of their layers, and once in the totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeCount {
    /// Depth 0 (the start alone) to the last depth counted.
    pub layers: Vec<Layer>,
    /// Distinct positions over every layer (a position reached at several depths counts
    /// once; where the layers are disjoint, [`Tree::ply`], the sum of the layers').
    pub positions: u64,
    /// Distinct terminal positions over every layer.
    pub terminal: u64,
    /// Move sequences of every length counted, summed (the nodes of the game tree).
    pub sequences: u128,
    /// Finished games of every length counted, summed.
    pub games: u128,
    /// Whether every line ended within the layers (the tree is whole); `false` when the
    /// count stopped at the depth asked for with positions still to move.
    pub whole: bool,
}

impl TreeCount {
    /// The count with each layer's `sequences` under convention `finished` for the games
    /// that end before its depth: unchanged for [`Finished::Dropped`]; for
    /// [`Finished::Leaf`], the layer of depth `d` gets `sequences(d)` plus the finished
    /// games of fewer moves, which is perft(`d`) under that convention, and the total's
    /// `sequences` is their sum. Everything else is unchanged.
    #[must_use]
    pub fn with_finished(mut self, finished: Finished) -> TreeCount {
        if finished == Finished::Leaf {
            let mut ended: u128 = 0;
            for layer in &mut self.layers {
                layer.sequences = layer.sequences.saturating_add(ended);
                ended = ended.saturating_add(layer.games);
            }
            self.sequences = self
                .layers
                .iter()
                .fold(0u128, |sum, l| sum.saturating_add(l.sequences));
        }
        self
    }

    /// The text of `count`: a header, one line a depth
    /// (`depth positions terminal sequences games`), then `total` with the distinct
    /// positions, the distinct terminal positions, and the sums of the two counts.
    pub fn text(&self) -> String {
        let mut s = String::from("depth positions terminal sequences games\n");
        for l in &self.layers {
            s.push_str(&format!(
                "{} {} {} {} {}\n",
                l.depth, l.positions, l.terminal, l.sequences, l.games
            ));
        }
        s.push_str(&format!(
            "total {} {} {} {}\n",
            self.positions, self.terminal, self.sequences, self.games
        ));
        s
    }
}

/// `bytes` as the error messages give it: whole GiB or MiB in those units, else bytes.
fn bytes_text(bytes: u64) -> String {
    match bytes {
        b if b > 0 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b > 0 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

/// A ply as [`CountError::Ply`] says it.
fn ply_text(ply: Option<u64>) -> String {
    match ply {
        Some(p) => format!("ply {p}"),
        None => "no ply".to_string(),
    }
}

/// Why a count was refused or stopped; each refusal says the largest depth whose count
/// fits (`fits`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The positions held at once would take more than the bound of memory.
    #[error(
        "a count to depth {depth} needs more than {} for the positions it holds at once \
         (its bound); the largest depth that fits is {fits}",
        bytes_text(*limit)
    )]
    Memory {
        /// The depth whose layer passed the bound.
        depth: u32,
        /// The bound in bytes ([`Bounds::memory`]).
        limit: u64,
        /// The largest depth whose count fits.
        fits: u32,
    },
    /// A position with more moves than a count lists at one position.
    #[error(
        "a position {depth} moves from the start may have up to {bound} moves, more than \
         the {limit} a count lists at one position; the largest depth that fits is {fits}"
    )]
    TooWide {
        /// Its depth.
        depth: u32,
        /// The bound on its moves ([`Tree::widest`]).
        bound: u128,
        /// The most moves listed at one position ([`Bounds::children`]).
        limit: u128,
        /// The largest depth whose count fits.
        fits: u32,
    },
    /// A count passed `u128::MAX`.
    #[error(
        "the move sequences to depth {depth} pass 2^128 − 1; the largest depth that fits \
         is {fits}"
    )]
    Overflow {
        /// The depth whose count passed it.
        depth: u32,
        /// The largest depth whose count fits.
        fits: u32,
    },
    /// No depth was asked for and a line of play repeats a position: the game does not
    /// always end, so its tree has no last layer.
    #[error(
        "the game does not always end: a line of {depth} moves from the start meets a \
         position twice ({positions} positions in all); count to a depth"
    )]
    Endless {
        /// The length of a line that repeats a position.
        depth: u32,
        /// The distinct positions seen by then.
        positions: u64,
    },
    /// The tree declares its layers disjoint ([`Tree::ply`]), but a position `depth`
    /// moves from the start has not the start's ply plus `depth`: the declaration is
    /// wrong (a move that does not add one to the ply), and the count stops before its
    /// totals could be wrong.
    #[error(
        "a position {depth} moves from the start has {}, not ply {want} (the start's plus \
         {depth}): the game's ply, which declares its layers disjoint, must grow by one \
         a move",
        ply_text(*got)
    )]
    Ply {
        /// The position's depth.
        depth: u32,
        /// The ply it should have: the start's plus `depth`.
        want: u64,
        /// The ply the tree gives it.
        got: Option<u64>,
    },
}

impl CountError {
    /// The largest depth whose count fits (`None` for [`CountError::Endless`], where any
    /// depth fits as far as the bounds go, and for [`CountError::Ply`], a wrong tree).
    pub fn fits(&self) -> Option<u32> {
        match *self {
            CountError::Memory { fits, .. }
            | CountError::TooWide { fits, .. }
            | CountError::Overflow { fits, .. } => Some(fits),
            CountError::Endless { .. } | CountError::Ply { .. } => None,
        }
    }
}

/// The bounds of one count: the memory its positions take, the moves of one position.
/// Its `Default` is the command line's: [`MEMORY_LIMIT`] bytes, `perft::CHILDREN_LIMIT`
/// moves at one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The most bytes the positions held at once may take: the hash tables of the two
    /// layers and (unless the layers are disjoint) of every position seen, counted as
    /// std's `HashMap` lays them out — buckets a power of two, at most 7/8 of them full,
    /// each one entry (the key, and the path count, and the position unless it is
    /// rebuilt from its key) and one control byte — with both tables while one grows
    /// (the old and the new, twice as large, are held at once), and
    /// [`HEAP_ALLOWANCE`] more an entry for a key or a position that owns heap memory.
    /// What a position lists is not counted (its moves, one position at a time).
    pub memory: u64,
    /// The most moves listed at one position (checked by [`Tree::widest`]).
    pub children: u128,
}

impl Default for Bounds {
    /// [`MEMORY_LIMIT`] bytes, [`CHILDREN_LIMIT`] moves at one position.
    fn default() -> Bounds {
        Bounds {
            memory: MEMORY_LIMIT,
            children: CHILDREN_LIMIT,
        }
    }
}

/// A game tree as the counter sees it ([`count_tree_of`]): positions, what makes two of
/// them one, and the moves. `perft::count_tree` runs on a `Perft` game's walker; a test
/// or a tool can give any tree.
pub trait Tree {
    /// A position (a node of the tree).
    type State: Clone;
    /// What makes two positions one: positions with the same key are counted once and
    /// have the same moves.
    type Key: Clone + Eq + Hash;

    /// The key of `state`.
    fn key(&self, state: &Self::State) -> Self::Key;

    /// The position after each legal move at `state`, one per move (two moves to the
    /// same position are two entries); empty at a terminal position.
    fn children(&self, state: &Self::State) -> Vec<Self::State>;

    /// The number of legal moves at `state` (the positions of the last layer are only
    /// counted): by default `children(state).len()`.
    fn moves(&self, state: &Self::State) -> u128 {
        self.children(state).len() as u128
    }

    /// An upper bound on the moves at `state` when a position may have more than memory
    /// holds (checked against [`Bounds::children`] before its moves are listed); `None`
    /// (the default) for a game whose every position is small.
    fn widest(&self, _state: &Self::State) -> Option<u128> {
        None
    }

    /// The position whose key is `key`, when the key holds the whole position (a board
    /// packed into words, or a key that is the position itself); `None` (the default)
    /// when it does not. With it a count holds each position as its key alone and
    /// rebuilds the position when it lists its moves; without it, beside its key.
    ///
    /// `key(state(k))` must be `k`: a count checks it at the start (a panic names the
    /// disagreement), and at every position in a build with debug assertions.
    fn state(&self, _key: &Self::Key) -> Option<Self::State> {
        None
    }

    /// The ply of `state` — the moves every line from the game's beginning takes to
    /// reach it — when the position alone tells it (the stones on the board of a game
    /// where each move adds one stone); `None` (the default) when it does not.
    ///
    /// A start with a ply declares the layers disjoint (no position at two depths), and a
    /// count then keeps no set of every position seen: its totals are the sums of its
    /// layers, and a game whose layers are disjoint cannot go round. The count checks the
    /// declaration at every position it counts, at one call each: a position `d` moves
    /// from the start must have the start's ply plus `d`, else the count stops with
    /// [`CountError::Ply`]. A wrong ply is so never silent: it cannot make the totals
    /// count a position twice.
    fn ply(&self, _state: &Self::State) -> Option<u64> {
        None
    }
}

/// The bytes of a hash table with `buckets` buckets of entries `E`, as std's `HashMap`
/// (hashbrown) lays it out: one entry and one control byte a bucket, and 16 control bytes
/// more.
fn table_bytes<E>(buckets: u64) -> u64 {
    match buckets {
        0 => 0,
        b => b * (size_of::<E>() as u64 + 1) + 16,
    }
}

/// The buckets of a hash table that holds `capacity` entries before it grows: every one
/// up to 8 buckets less one, 7/8 of them from 8 on.
fn buckets(capacity: usize) -> u64 {
    match capacity as u64 {
        0 => 0,
        c @ 1..=7 => c + 1,
        c => c / 7 * 8,
    }
}

/// [`HEAP_ALLOWANCE`] for each of `K` and `V` that owns heap memory.
fn allowance<K, V>() -> u64 {
    HEAP_ALLOWANCE * (u64::from(needs_drop::<K>()) + u64::from(needs_drop::<V>()))
}

/// The bytes `map` holds by [`Bounds::memory`]'s count.
fn bytes<K, V>(map: &FxHashMap<K, V>) -> u64 {
    table_bytes::<(K, V)>(buckets(map.capacity())) + map.len() as u64 * allowance::<K, V>()
}

/// The bytes a count holds, against its bound.
struct Meter {
    held: u64,
    limit: u64,
}

impl Meter {
    /// Room for one more entry in `map`, taken if there is: a full table grows to twice
    /// its buckets (4 from none), the old and the new held at once while it moves.
    fn admit<K, V>(&mut self, map: &FxHashMap<K, V>) -> bool {
        let heap = allowance::<K, V>();
        let (old, new) = if map.len() < map.capacity() {
            (0, 0)
        } else {
            let b = buckets(map.capacity());
            let grown = if b == 0 { 4 } else { 2 * b };
            (table_bytes::<(K, V)>(b), table_bytes::<(K, V)>(grown))
        };
        if self.held + new + heap > self.limit {
            return false;
        }
        self.held = self.held - old + new + heap;
        true
    }
}

/// Why the layers stopped: a refusal, or a path count past `u64` (counted again with
/// `u128`s).
enum Stop {
    Count(CountError),
    Widen,
}

impl From<CountError> for Stop {
    fn from(e: CountError) -> Stop {
        Stop::Count(e)
    }
}

/// The number of move sequences that reach a position: a `u64`, or a `u128` when one
/// passes 2^64 − 1.
trait Paths: Copy {
    /// The start's.
    const ONE: Self;
    /// `self + other`, `None` past the type.
    fn plus(self, other: Self) -> Option<Self>;
    /// As a `u128`.
    fn wide(self) -> u128;
    /// What a count does when a position `depth` moves from the start passes the type.
    fn past(depth: u32) -> Stop;
}

impl Paths for u64 {
    const ONE: u64 = 1;
    fn plus(self, other: u64) -> Option<u64> {
        self.checked_add(other)
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
    fn past(_: u32) -> Stop {
        Stop::Widen
    }
}

impl Paths for u128 {
    const ONE: u128 = 1;
    fn plus(self, other: u128) -> Option<u128> {
        self.checked_add(other)
    }
    fn wide(self) -> u128 {
        self
    }
    fn past(depth: u32) -> Stop {
        Stop::Count(CountError::Overflow {
            depth,
            fits: depth - 1,
        })
    }
}

/// What a layer holds beside a position's key: its path count, and the position unless
/// it is rebuilt from the key.
trait Slot<T: Tree, N: Paths> {
    fn new(state: T::State, paths: N) -> Self;
    fn paths(&self) -> N;
    fn paths_mut(&mut self) -> &mut N;
    /// The position of `key`.
    fn state(&self, tree: &T, key: &T::Key) -> T::State;
}

/// The path count alone: the position is rebuilt from its key ([`Tree::state`]).
struct Bare<N>(N);

impl<T: Tree, N: Paths> Slot<T, N> for Bare<N> {
    fn new(_: T::State, paths: N) -> Self {
        Bare(paths)
    }
    fn paths(&self) -> N {
        self.0
    }
    fn paths_mut(&mut self) -> &mut N {
        &mut self.0
    }
    fn state(&self, tree: &T, key: &T::Key) -> T::State {
        let state = tree
            .state(key)
            .expect("Tree::state gave no position for a key, after one for the start's");
        debug_assert!(
            tree.key(&state) == *key,
            "Tree::state and Tree::key disagree: the key of a rebuilt position is not the \
             key it was rebuilt from"
        );
        state
    }
}

/// The position beside its path count.
struct Held<S, N>(S, N);

impl<T: Tree, N: Paths> Slot<T, N> for Held<T::State, N> {
    fn new(state: T::State, paths: N) -> Self {
        Held(state, paths)
    }
    fn paths(&self) -> N {
        self.1
    }
    fn paths_mut(&mut self) -> &mut N {
        &mut self.1
    }
    fn state(&self, _: &T, _: &T::Key) -> T::State {
        self.0.clone()
    }
}

/// The tree from `start` of any [`Tree`], to `depth` (the end of every line when
/// `None`), within `bounds`: what is counted is in [`TreeCount`], what is held below.
///
/// With no depth given, a game whose lines can go round (a position repeats) has no
/// last layer: it is refused as [`CountError::Endless`] as soon as a layer is deeper
/// than the positions seen (a line that long repeats one, by pigeonhole), or, when a
/// bound is passed first, if a walk over the positions whose moves the count listed
/// finds a line that comes back to one of them (a game that always ends keeps the
/// bound's error; the walk lists each of their moves once more). A tree whose
/// layers are disjoint ([`Tree::ply`]) cannot go round; without a depth it is counted
/// until its lines end, a bound or depth 2^32 − 1.
///
/// # What a count holds
///
/// - **Two layers**, the one whose moves are listed and the one they reach, each a hash
///   table from a position's key to the number of move sequences that reach it (a `u64`;
///   a count where one passes 2^64 − 1 is run again with `u128`s). The position itself is
///   held beside its key unless the tree rebuilds it from the key ([`Tree::state`]: a
///   packed board, or a key that is the position).
/// - **The key of every position seen**, for the totals, unless the layers are declared
///   disjoint ([`Tree::ply`]: the depth follows from the position, as the stones on a
///   board where each move adds one); then the totals are the sums of the layers.
///
/// The moves of a position are listed one position at a time and not kept, so a count
/// lists any number of moves. Its bound is on the bytes those tables take
/// ([`Bounds::memory`], [`MEMORY_LIMIT`] = 16 GiB by default, counted as
/// [`Bounds::memory`] says): a count that would pass it is refused
/// ([`CountError::Memory`]) with the largest depth that fits, after at most that much
/// memory (measured: the peak resident memory of a count is the meter's figure to
/// within 2%). For 7 × 6 Connect Four keyed by its two `u64` bitboards, a table takes 25
/// bytes a bucket: ply 14 (75,437,595 positions in its last layer) holds about 6.7 GB at
/// its peak, ply 15 about 13.4 GB, and ply 16 is refused.
///
/// # Errors
/// [`CountError`]: a bound passed (with the largest depth that fits), (no depth given) a
/// game that does not always end, or a ply that does not grow by one a move.
///
/// # Panics
/// When the tree rebuilds positions from their keys ([`Tree::state`]) and the start's
/// rebuilt position has another key.
pub fn count_tree_of<T: Tree>(
    tree: &T,
    start: T::State,
    depth: Option<u32>,
    bounds: Bounds,
) -> Result<TreeCount, CountError> {
    let key = tree.key(&start);
    let bare = tree.state(&key).is_some_and(|s| {
        assert!(
            tree.key(&s) == key,
            "Tree::state and Tree::key disagree: the key of the start rebuilt from its key \
             is not its key"
        );
        true
    });
    let disjoint = tree.ply(&start).is_some();
    let mut first = FxHashMap::default();
    let counted = match run::<T, u64>(tree, &start, depth, bounds, &mut first, bare) {
        Err(Stop::Widen) => {
            first = FxHashMap::default();
            run::<T, u128>(tree, &start, depth, bounds, &mut first, bare)
        }
        counted => counted,
    };
    counted
        .map_err(|stop| match stop {
            Stop::Count(e) => e,
            Stop::Widen => unreachable!("u128 path counts are not widened"),
        })
        .map_err(|e| match e {
            CountError::Memory { .. } | CountError::Overflow { .. }
                if depth.is_none() && !disjoint =>
            {
                let listed = e.fits().unwrap_or(0);
                match line_back(tree, start, &first, listed, bounds) {
                    Some(depth) => CountError::Endless {
                        depth,
                        positions: first.len() as u64,
                    },
                    None => e,
                }
            }
            e => e,
        })
}

/// [`layers`] with path counts `N`, the positions rebuilt from their keys when `bare`.
fn run<T: Tree, N: Paths>(
    tree: &T,
    start: &T::State,
    depth: Option<u32>,
    bounds: Bounds,
    first: &mut FxHashMap<T::Key, u32>,
    bare: bool,
) -> Result<TreeCount, Stop> {
    if bare {
        layers::<T, N, Bare<N>>(tree, start, depth, bounds, first)
    } else {
        layers::<T, N, Held<T::State, N>>(tree, start, depth, bounds, first)
    }
}

/// A line of play from `root` through the positions of `seen` whose moves the count
/// listed (first seen at most `listed` moves from the start) that comes back to a
/// position already on it: its number of moves, by a depth-first walk (each such
/// position entered once, its moves listed once: at most the count's own work; a
/// position wider than [`Bounds::children`] is not entered). `None` when those
/// positions hold no such line.
fn line_back<T: Tree>(
    tree: &T,
    root: T::State,
    seen: &FxHashMap<T::Key, u32>,
    listed: u32,
    bounds: Bounds,
) -> Option<u32> {
    let moves = |s: &T::State| match tree.widest(s) {
        Some(b) if b > bounds.children => Vec::new(),
        _ => tree.children(s),
    };
    // true: on the current line; false: every line from it walked
    let mut on_line: FxHashMap<T::Key, bool> = FxHashMap::default();
    let k = tree.key(&root);
    on_line.insert(k.clone(), true);
    let mut line = vec![(k, moves(&root).into_iter())];
    while let Some((_, kids)) = line.last_mut() {
        let Some(kid) = kids.next() else {
            let (k, _) = line.pop().expect("the last");
            on_line.insert(k, false);
            continue;
        };
        let k = tree.key(&kid);
        if seen.get(&k).is_none_or(|&d| d > listed) {
            continue;
        }
        match on_line.get(&k) {
            Some(true) => return Some(line.len() as u32),
            Some(false) => {}
            None => {
                on_line.insert(k.clone(), true);
                let next = moves(&kid).into_iter();
                line.push((k, next));
            }
        }
    }
    None
}

/// The layers of [`count_tree_of`], with path counts `N` and slots `S`, leaving in
/// `first` (empty at the call) every position seen, with the depth it was first reached
/// at (a terminal position counts once in the totals: in the layer that reached it
/// first) — none when the layers are disjoint ([`Tree::ply`]).
fn layers<T: Tree, N: Paths, S: Slot<T, N>>(
    tree: &T,
    start: &T::State,
    depth: Option<u32>,
    bounds: Bounds,
    first: &mut FxHashMap<T::Key, u32>,
) -> Result<TreeCount, Stop> {
    let ply = tree.ply(start);
    let disjoint = ply.is_some();
    let key = tree.key(start);
    if !disjoint {
        first.insert(key.clone(), 0);
    }
    let mut count = TreeCount {
        layers: Vec::new(),
        positions: 0,
        terminal: 0,
        sequences: 0,
        games: 0,
        whole: false,
    };
    // R_d, each position with the move sequences that reach it
    let mut layer: FxHashMap<T::Key, S> = FxHashMap::default();
    layer.insert(key, S::new(start.clone(), N::ONE));
    let mut d = 0u32;
    loop {
        // with no depth asked for, the deepest there is
        let last = depth == Some(d) || d == u32::MAX;
        let overflow = |depth| CountError::Overflow {
            depth,
            fits: depth.saturating_sub(1),
        };
        let refused = || CountError::Memory {
            depth: d + 1,
            limit: bounds.memory,
            // a count to depth d holds the positions to depth d only
            fits: d,
        };
        let mut row = Layer {
            depth: d,
            positions: layer.len() as u64,
            terminal: 0,
            sequences: 0,
            games: 0,
        };
        let mut next: FxHashMap<T::Key, S> = FxHashMap::default();
        let mut meter = Meter {
            held: bytes(first) + bytes(&layer),
            limit: bounds.memory,
        };
        for (key, slot) in &layer {
            let paths = slot.paths();
            let state = slot.state(tree, key);
            if let Some(p) = ply {
                let want = p.saturating_add(u64::from(d));
                let got = tree.ply(&state);
                if got != Some(want) {
                    return Err(CountError::Ply {
                        depth: d,
                        want,
                        got,
                    }
                    .into());
                }
            }
            row.sequences = row.sequences.checked_add(paths.wide()).ok_or(overflow(d))?;
            let terminal = if last {
                tree.moves(&state) == 0
            } else {
                if let Some(bound) = tree.widest(&state).filter(|&b| b > bounds.children) {
                    // a count to depth d only counts this position's moves
                    return Err(CountError::TooWide {
                        depth: d,
                        bound,
                        limit: bounds.children,
                        fits: d,
                    }
                    .into());
                }
                let kids = tree.children(&state);
                let terminal = kids.is_empty();
                for kid in kids {
                    let k = tree.key(&kid);
                    if let Some(slot) = next.get_mut(&k) {
                        let n = slot.paths_mut();
                        *n = n.plus(paths).ok_or_else(|| N::past(d + 1))?;
                        continue;
                    }
                    if !meter.admit(&next) {
                        return Err(refused().into());
                    }
                    if !disjoint && !first.contains_key(&k) {
                        if !meter.admit(first) {
                            return Err(refused().into());
                        }
                        first.insert(k.clone(), d + 1);
                    }
                    next.insert(k, S::new(kid, paths));
                }
                terminal
            };
            if terminal {
                row.terminal += 1;
                row.games += paths.wide(); // at most `row.sequences`: no overflow
                if disjoint || first.get(key) == Some(&d) {
                    count.terminal += 1;
                }
            }
        }
        count.sequences = count
            .sequences
            .checked_add(row.sequences)
            .ok_or(overflow(d))?;
        count.games += row.games; // at most `count.sequences`
        if disjoint {
            count.positions += row.positions;
        }
        count.layers.push(row);
        if last || next.is_empty() {
            count.whole = row.terminal == row.positions;
            break;
        }
        if !disjoint && depth.is_none() && u64::from(d) + 2 > first.len() as u64 {
            // a line of d + 1 moves visits d + 2 positions, more than there are: one of
            // them repeats, so that line can go round for ever
            return Err(CountError::Endless {
                depth: d + 1,
                positions: first.len() as u64,
            }
            .into());
        }
        layer = next;
        d += 1;
    }
    if !disjoint {
        count.positions = first.len() as u64;
    }
    Ok(count)
}

/// The successors of `state` by generator `gen`, without their moves.
fn successors<P: Perft>(walker: &P::Walker, gen: Generator, state: &P::State) -> Vec<P::State> {
    let kids = match gen {
        Generator::Fast => P::fast_children(walker, state),
        Generator::Oracle => P::oracle_children(walker, state),
    };
    kids.into_iter().map(|(_, c)| c).collect()
}

/// The number of moves at `state` by generator `gen`.
fn moves_at<P: Perft>(walker: &P::Walker, gen: Generator, state: &P::State) -> u128 {
    match gen {
        Generator::Fast => P::fast_count(walker, state),
        Generator::Oracle => P::oracle_children(walker, state).len() as u128,
    }
}

/// A [`Perft`] game's walker and generator as a [`Tree`], its positions keyed by
/// [`Perft::key`] (or [`Perft::symmetric_key`]) and rebuilt by [`Perft::from_key`].
struct PerftTree<'a, P: Perft> {
    walker: &'a P::Walker,
    gen: Generator,
    /// Positions keyed by [`Perft::symmetric_key`] (one per class up to symmetry).
    symmetric: bool,
}

impl<P: Perft> Tree for PerftTree<'_, P> {
    type State = P::State;
    type Key = P::Key;

    fn key(&self, state: &P::State) -> P::Key {
        if self.symmetric {
            P::symmetric_key(self.walker, state)
        } else {
            P::key(state)
        }
    }

    fn children(&self, state: &P::State) -> Vec<P::State> {
        successors::<P>(self.walker, self.gen, state)
    }

    fn moves(&self, state: &P::State) -> u128 {
        moves_at::<P>(self.walker, self.gen, state)
    }

    fn widest(&self, state: &P::State) -> Option<u128> {
        P::widest(self.walker, state, 1)
    }

    fn state(&self, key: &P::Key) -> Option<P::State> {
        P::from_key(self.walker, key)
    }

    fn ply(&self, state: &P::State) -> Option<u64> {
        P::ply(self.walker, state)
    }
}

/// The same, its positions keyed by their two words ([`Perft::packed`]) and rebuilt by
/// [`Perft::unpacked`].
struct PackedTree<'a, P: Perft> {
    walker: &'a P::Walker,
    gen: Generator,
}

impl<P: Perft> Tree for PackedTree<'_, P> {
    type State = P::State;
    type Key = Packed;

    fn key(&self, state: &P::State) -> Packed {
        P::packed(self.walker, state)
            .expect("Perft::packed gave no words for a state reached from a start it packed")
    }

    fn children(&self, state: &P::State) -> Vec<P::State> {
        successors::<P>(self.walker, self.gen, state)
    }

    fn moves(&self, state: &P::State) -> u128 {
        moves_at::<P>(self.walker, self.gen, state)
    }

    fn widest(&self, state: &P::State) -> Option<u128> {
        P::widest(self.walker, state, 1)
    }

    fn state(&self, words: &Packed) -> Option<P::State> {
        P::unpacked(self.walker, *words)
    }

    fn ply(&self, state: &P::State) -> Option<u64> {
        P::ply(self.walker, state)
    }
}

/// The tree of game `P` from `start` layer by layer ([`TreeCount`]: positions and
/// terminal positions by depth, move sequences and finished games of each length), to
/// depth `depth` (to the end of every line when `None`), with generator `gen`, within
/// the default [`Bounds`]. What it holds is in [`count_tree_of`]: each position
/// as its two words when the game packs it ([`Perft::packed`]), else as its key (and
/// the state beside it, unless [`Perft::from_key`] rebuilds it); the layers summed
/// when the game gives a ply ([`Perft::ply`]).
///
/// # Errors
/// [`CountError`]: a bound passed (with the largest depth that fits), (no depth given)
/// a game that does not always end, or a ply that does not grow by one a move.
pub fn count_tree<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: Option<u32>,
    gen: Generator,
) -> Result<TreeCount, CountError> {
    count_tree_within::<P>(walker, start, depth, gen, false, Bounds::default())
}

/// [`count_tree`], with positions counted once per class up to the game's symmetries
/// when `up_to_symmetry` ([`Perft::symmetric_key`]: tic-tac-toe has 765 positions up to
/// the square's eight symmetries, 138 of them terminal); the move sequences and finished
/// games are still counted one by one.
///
/// # Errors
/// As [`count_tree`].
pub fn count_tree_by<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: Option<u32>,
    gen: Generator,
    up_to_symmetry: bool,
) -> Result<TreeCount, CountError> {
    count_tree_within::<P>(walker, start, depth, gen, up_to_symmetry, Bounds::default())
}

/// [`count_tree_by`] within `bounds` (`count --memory-limit`). Up to symmetry the
/// positions are keyed by [`Perft::symmetric_key`], not packed.
///
/// # Errors
/// As [`count_tree`], with `bounds`.
pub fn count_tree_within<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: Option<u32>,
    gen: Generator,
    up_to_symmetry: bool,
    bounds: Bounds,
) -> Result<TreeCount, CountError> {
    if !up_to_symmetry && P::packed(walker, start).is_some() {
        let tree = PackedTree::<P> { walker, gen };
        return count_tree_of(&tree, start.clone(), depth, bounds);
    }
    let tree = PerftTree::<P> {
        walker,
        gen,
        symmetric: up_to_symmetry,
    };
    count_tree_of(&tree, start.clone(), depth, bounds)
}

/// Checks what a count trusts a game for, on every state within `depth` moves of
/// `start` by generator `gen` (each distinct state once, by [`Perft::key`]): that
/// [`Perft::unpacked`] of a state's words ([`Perft::packed`]) and [`Perft::from_key`] of
/// its key, where the game gives them, are states with its key; that every state packs
/// when the start does; and that every move adds one to the ply ([`Perft::ply`]) when the
/// start has one. A count checks the ply itself, but the rebuilt states only at the
/// start (and everywhere in builds with debug assertions): this is the check of a game's
/// tests. Returns the number of states checked.
///
/// # Errors
/// The first state that fails, with what failed.
pub fn check_keys<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: u32,
    gen: Generator,
) -> Result<u64, String> {
    let packs = P::packed(walker, start).is_some();
    let ply = P::ply(walker, start);
    let check = |s: &P::State, d: u32| -> Result<(), String> {
        let key = P::key(s);
        match (P::packed(walker, s), packs) {
            (Some(words), _) => {
                if let Some(back) = P::unpacked(walker, words) {
                    if P::key(&back) != key {
                        return Err(format!(
                            "{s:?}, {d} moves from the start: packed into {words:?}, \
                             unpacked into {back:?}"
                        ));
                    }
                }
            }
            (None, true) => {
                return Err(format!(
                    "{s:?}, {d} moves from the start: not packed, though the start is"
                ))
            }
            (None, false) => {}
        }
        if let Some(back) = P::from_key(walker, &key) {
            if P::key(&back) != key {
                return Err(format!(
                    "{s:?}, {d} moves from the start: its key rebuilds {back:?}"
                ));
            }
        }
        let want = ply.map(|p| p + u64::from(d));
        let got = P::ply(walker, s);
        if got != want {
            return Err(format!(
                "{s:?}, {d} moves from the start: {}, not {} (the start's {})",
                ply_text(got),
                ply_text(want),
                ply_text(ply)
            ));
        }
        Ok(())
    };
    let mut layer: FxHashMap<P::Key, P::State> = FxHashMap::default();
    layer.insert(P::key(start), start.clone());
    let mut checked = 0;
    for d in 0..=depth {
        let mut next = FxHashMap::default();
        for s in layer.values() {
            check(s, d)?;
            checked += 1;
            if d < depth {
                for kid in successors::<P>(walker, gen, s) {
                    next.entry(P::key(&kid)).or_insert(kid);
                }
            }
        }
        layer = next;
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, HashSet};

    /// Tic-tac-toe: nine cells (0 empty, 1 X, 2 O), X first; a line of three or a full
    /// board ends the game.
    struct TicTacToe;

    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    fn over(b: &[u8; 9]) -> bool {
        let won = LINES
            .iter()
            .any(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]);
        won || b.iter().all(|&c| c != 0)
    }

    fn next(b: &[u8; 9]) -> Vec<[u8; 9]> {
        if over(b) {
            return Vec::new();
        }
        let mover = if b.iter().filter(|&&c| c != 0).count() % 2 == 0 {
            1
        } else {
            2
        };
        (0..9)
            .filter(|&i| b[i] == 0)
            .map(|i| {
                let mut c = *b;
                c[i] = mover;
                c
            })
            .collect()
    }

    impl Tree for TicTacToe {
        type State = [u8; 9];
        type Key = [u8; 9];
        fn key(&self, b: &[u8; 9]) -> [u8; 9] {
            *b
        }
        fn children(&self, b: &[u8; 9]) -> Vec<[u8; 9]> {
            next(b)
        }
    }

    /// Tic-tac-toe with what a count may be told: the position rebuilt from its key
    /// (`REBUILD`: the layers hold keys alone), and the ply, the marks on the board
    /// (`PLY`: the layers are disjoint, no set of every position seen).
    struct Told<const REBUILD: bool, const PLY: bool>;

    impl<const REBUILD: bool, const PLY: bool> Tree for Told<REBUILD, PLY> {
        type State = [u8; 9];
        type Key = [u8; 9];
        fn key(&self, b: &[u8; 9]) -> [u8; 9] {
            *b
        }
        fn children(&self, b: &[u8; 9]) -> Vec<[u8; 9]> {
            next(b)
        }
        fn state(&self, key: &[u8; 9]) -> Option<[u8; 9]> {
            REBUILD.then_some(*key)
        }
        fn ply(&self, b: &[u8; 9]) -> Option<u64> {
            PLY.then(|| b.iter().filter(|&&c| c != 0).count() as u64)
        }
    }

    fn ttt(depth: Option<u32>, bounds: Bounds) -> Result<TreeCount, CountError> {
        count_tree_of(&TicTacToe, [0; 9], depth, bounds)
    }

    /// The tic-tac-toe count of every way of telling the tree.
    fn every_ttt(depth: Option<u32>, bounds: Bounds) -> [Result<TreeCount, CountError>; 4] {
        [
            ttt(depth, bounds),
            count_tree_of(&Told::<true, false>, [0; 9], depth, bounds),
            count_tree_of(&Told::<false, true>, [0; 9], depth, bounds),
            count_tree_of(&Told::<true, true>, [0; 9], depth, bounds),
        ]
    }

    /// The published figures of tic-tac-toe: 5,478 legal positions, 958 of them
    /// terminal, 255,168 finished games (1,440 of 5 moves, 5,328 of 6, 47,952 of 7,
    /// 72,576 of 8, 127,872 of 9), perft 9, 72, 504, …, 127,872.
    #[test]
    fn tic_tac_toe_has_its_published_numbers() {
        let t = ttt(None, Bounds::default()).unwrap();
        // the same whether the layers hold keys alone, and whether they are summed
        for (i, told) in every_ttt(None, Bounds::default()).into_iter().enumerate() {
            assert_eq!(told.as_ref(), Ok(&t), "way {i}");
        }
        for depth in 0..=10 {
            let [plain, rest @ ..] = every_ttt(Some(depth), Bounds::default());
            for told in rest {
                assert_eq!(told, plain, "depth {depth}");
            }
        }
        assert_eq!((t.positions, t.terminal, t.games), (5478, 958, 255_168));
        assert!(t.whole);
        let perft: Vec<u128> = t.layers.iter().map(|l| l.sequences).collect();
        assert_eq!(
            perft,
            [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872]
        );
        let games: Vec<u128> = t.layers.iter().map(|l| l.games).collect();
        assert_eq!(games, [0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127_872]);
        let positions: Vec<u64> = t.layers.iter().map(|l| l.positions).collect();
        assert_eq!(positions, [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]);
        let terminal: Vec<u64> = t.layers.iter().map(|l| l.terminal).collect();
        assert_eq!(terminal, [0, 0, 0, 0, 0, 120, 148, 444, 168, 78]);
        assert_eq!(t.sequences, 549_946);
        assert!(t
            .text()
            .starts_with("depth positions terminal sequences games\n0 1 0 1 0\n"));
        assert!(t
            .text()
            .ends_with("\n9 78 78 127872 127872\ntotal 5478 958 549946 255168\n"));
    }

    /// Every layer against a brute force of its own: every move sequence walked one by
    /// one (no memo), the positions of each depth collected in a set.
    #[test]
    fn the_layers_agree_with_walking_every_line() {
        fn walk(b: [u8; 9], d: usize, at: &mut BTreeMap<usize, (HashSet<[u8; 9]>, u128, u128)>) {
            let e = at.entry(d).or_default();
            e.0.insert(b);
            e.1 += 1;
            let kids = next(&b);
            if kids.is_empty() {
                e.2 += 1;
            }
            for k in kids {
                walk(k, d + 1, at);
            }
        }
        let mut at = BTreeMap::new();
        walk([0; 9], 0, &mut at);
        let t = ttt(None, Bounds::default()).unwrap();
        assert_eq!(t.layers.len(), at.len());
        for (l, (d, (set, seqs, games))) in t.layers.iter().zip(at) {
            assert_eq!(l.depth as usize, d);
            assert_eq!(
                (l.positions, l.sequences, l.games),
                (set.len() as u64, seqs, games)
            );
            let terminal = set.iter().filter(|b| next(b).is_empty()).count() as u64;
            assert_eq!(l.terminal, terminal, "depth {d}");
        }
        // a count to a depth is the same layers, cut there
        for depth in 0..=10 {
            let cut = ttt(Some(depth), Bounds::default()).unwrap();
            let n = (depth as usize + 1).min(t.layers.len());
            assert_eq!(cut.layers, t.layers[..n], "depth {depth}");
            assert_eq!(cut.whole, depth >= 9);
        }
    }

    /// Past a bound, a count is refused with the largest depth that fits: a count to that
    /// depth passes under the same bound, one to the next depth does not — whether or not
    /// the layers hold keys alone, or are summed (each holds less than the plain count).
    #[test]
    fn a_refusal_names_the_largest_depth_that_fits() {
        let whole = ttt(None, Bounds::default()).unwrap();
        let mut refused = [0; 4];
        for memory in [
            0,
            100,
            200,
            300,
            500,
            1000,
            2000,
            3000,
            5000,
            10_000,
            20_000,
            50_000,
            100_000,
            150_000,
            200_000,
            300_000,
            400_000,
            1 << 20,
        ] {
            let bounds = Bounds {
                memory,
                ..Bounds::default()
            };
            let mut fit = Vec::new();
            for (way, told) in every_ttt(None, bounds).into_iter().enumerate() {
                let fits = match told {
                    Ok(t) => {
                        assert_eq!(t, whole);
                        10
                    }
                    Err(e) => {
                        refused[way] += 1;
                        assert!(matches!(e, CountError::Memory { .. }), "{e}");
                        let fits = e.fits().unwrap();
                        let [a, b] = [fits, fits + 1].map(|d| every_ttt(Some(d), bounds));
                        assert!(a[way].is_ok(), "{e} ({bounds:?}, way {way})");
                        assert!(b[way].is_err(), "{e} ({bounds:?}, way {way})");
                        fits
                    }
                };
                fit.push(fits);
            }
            // the plain count holds the most: it fits the least deep
            assert!(fit.iter().all(|&f| f >= fit[0]), "{memory}: {fit:?}");
            assert!(fit[3] >= fit[1] && fit[3] >= fit[2], "{memory}: {fit:?}");
        }
        assert!(refused.iter().all(|&n| n >= 8), "{refused:?}");
        let e = ttt(
            None,
            Bounds {
                memory: 2000,
                ..Bounds::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "a count to depth 2 needs more than 2000 bytes for the positions it holds at \
             once (its bound); the largest depth that fits is 1"
        );
        let e = CountError::Memory {
            depth: 15,
            limit: MEMORY_LIMIT,
            fits: 14,
        };
        assert!(e.to_string().contains("more than 16 GiB for"), "{e}");
    }

    /// What the bound counts: a table's bytes as std's `HashMap` lays it out, grown by
    /// doubling (4 buckets from none), with both tables held while one grows.
    #[test]
    fn the_meter_counts_the_tables_as_they_grow() {
        let capacities = [0, 3, 7, 14, 28, 7 << 20];
        let want = [0, 4, 8, 16, 32, 8 << 20];
        assert_eq!(capacities.map(buckets), want);
        type Entry = ([u64; 2], u64);
        let mut map: FxHashMap<[u64; 2], u64> = FxHashMap::default();
        let mut meter = Meter {
            held: 0,
            limit: u64::MAX,
        };
        let mut growths = 0;
        for i in 0..100_000u64 {
            let full = map.len() == map.capacity();
            let grown = table_bytes::<Entry>((2 * buckets(map.capacity())).max(4));
            if full {
                // refused a byte below the peak of the move (the old and the new table)
                let peak = meter.held + grown;
                for (limit, admitted) in [(peak - 1, false), (peak, true)] {
                    let mut tight = Meter {
                        held: meter.held,
                        limit,
                    };
                    assert_eq!(tight.admit(&map), admitted, "{i}");
                }
            }
            assert!(meter.admit(&map));
            map.insert([i, !i], i);
            // the meter foresaw the table's growth, to the byte of its layout
            assert_eq!(meter.held, bytes(&map), "{i}");
            if full {
                growths += 1;
                assert_eq!(bytes(&map), grown, "{i}");
            }
        }
        assert_eq!(growths, 16);
        // 25 bytes a bucket for two words and a u64: 2^17 buckets for 100,000
        assert_eq!(bytes(&map), (1 << 17) * 25 + 16);
        // a key that owns heap memory is counted with the allowance
        let mut heap: FxHashMap<Vec<u64>, u64> = FxHashMap::default();
        heap.insert(vec![1], 1);
        assert_eq!(bytes(&heap), 4 * 33 + 16 + HEAP_ALLOWANCE);
    }

    /// A ply that does not grow by one a move stops the count at the first position that
    /// shows it, with no totals.
    #[test]
    fn a_wrong_ply_stops_the_count() {
        /// Tic-tac-toe whose ply counts X's marks only.
        struct Xs;
        impl Tree for Xs {
            type State = [u8; 9];
            type Key = [u8; 9];
            fn key(&self, b: &[u8; 9]) -> [u8; 9] {
                *b
            }
            fn children(&self, b: &[u8; 9]) -> Vec<[u8; 9]> {
                next(b)
            }
            fn ply(&self, b: &[u8; 9]) -> Option<u64> {
                Some(b.iter().filter(|&&c| c == 1).count() as u64 + 5)
            }
        }
        let e = count_tree_of(&Xs, [0; 9], None, Bounds::default()).unwrap_err();
        assert_eq!(
            e,
            CountError::Ply {
                depth: 2,
                want: 7,
                got: Some(6)
            }
        );
        assert_eq!(e.fits(), None);
        assert_eq!(
            e.to_string(),
            "a position 2 moves from the start has ply 6, not ply 7 (the start's plus 2): \
             the game's ply, which declares its layers disjoint, must grow by one a move"
        );
        // to depth 1 every position has its ply
        assert!(count_tree_of(&Xs, [0; 9], Some(1), Bounds::default()).is_ok());
    }

    /// A game that goes round: no last layer, so a count without a depth is refused,
    /// and a count to a depth is not.
    #[test]
    fn a_game_that_does_not_end_needs_a_depth() {
        struct Cycle;
        impl Tree for Cycle {
            type State = u8;
            type Key = u8;
            fn key(&self, s: &u8) -> u8 {
                *s
            }
            /// 0 -> 1 -> 2 -> 0 round and round, and from each to 3, the end
            fn children(&self, s: &u8) -> Vec<u8> {
                match s {
                    3 => vec![],
                    _ => vec![(s + 1) % 3, 3],
                }
            }
        }
        let e = count_tree_of(&Cycle, 0, None, Bounds::default()).unwrap_err();
        // 0 -> 1 -> 2 -> 0 -> 1: four moves, five positions, but four in all
        assert_eq!(
            e,
            CountError::Endless {
                depth: 4,
                positions: 4
            }
        );
        assert_eq!(e.fits(), None);
        let t = count_tree_of(&Cycle, 0, Some(5), Bounds::default()).unwrap();
        assert_eq!(t.layers.len(), 6);
        // at each depth, one line still going round and one just ended
        assert_eq!((t.layers[5].sequences, t.layers[5].games), (2, 1));
        assert_eq!(t.games, 5);
        assert_eq!((t.positions, t.terminal), (4, 1));
        assert!(!t.whole);
    }

    /// A game that goes round among more positions than any line is long: the counts
    /// pass a bound long before a layer is deeper than the positions seen, and the
    /// count says the game does not always end instead of naming the bound; a game that
    /// always ends keeps the bound's error.
    #[test]
    fn a_cycle_is_found_when_a_bound_comes_first() {
        /// Each position s to 2s + 1 and 2s + 2 (a binary tree), and 1 and 2 to each
        /// other: 0 -> 1 -> 2 -> 1 goes round.
        struct Wide<const ROUND: bool>;
        impl<const ROUND: bool> Tree for Wide<ROUND> {
            type State = u64;
            type Key = u64;
            fn key(&self, s: &u64) -> u64 {
                *s
            }
            fn children(&self, &s: &u64) -> Vec<u64> {
                let mut kids = vec![2 * s + 1, 2 * s + 2];
                if ROUND && (s == 1 || s == 2) {
                    kids.push(3 - s);
                }
                kids
            }
        }
        let bounds = Bounds {
            memory: 64 << 10,
            ..Bounds::default()
        };
        let e = count_tree_of(&Wide::<true>, 0, None, bounds).unwrap_err();
        let CountError::Endless { depth, positions } = e else {
            panic!("{e}")
        };
        assert_eq!(depth, 3, "0 -> 1 -> 2 -> 1");
        assert!(
            positions > 256,
            "{positions}: the layers went on to the bound"
        );
        assert!(e.to_string().contains("does not always end"), "{e}");
        // the same tree without the way round: the bound's own error, with or without
        // a depth
        let ends = count_tree_of(&Wide::<false>, 0, None, bounds).unwrap_err();
        let CountError::Memory { fits, .. } = ends else {
            panic!("{ends}")
        };
        assert!(count_tree_of(&Wide::<false>, 0, Some(fits), bounds).is_ok());
        assert!(count_tree_of(&Wide::<false>, 0, Some(fits + 1), bounds).is_err());
        let deep = count_tree_of(&Wide::<true>, 0, Some(20), bounds).unwrap_err();
        assert!(matches!(deep, CountError::Memory { .. }), "{deep}");
        // a depth that fits: counted as ever
        assert!(count_tree_of(&Wide::<true>, 0, Some(5), bounds).is_ok());
    }

    /// 256 moves to the same position at every depth: 256^d sequences at depth d, so
    /// depth 16 passes u128 and 15 fits.
    #[test]
    fn a_count_past_u128_is_refused() {
        struct Many;
        impl Tree for Many {
            type State = u32;
            type Key = u32;
            fn key(&self, s: &u32) -> u32 {
                *s
            }
            fn children(&self, s: &u32) -> Vec<u32> {
                vec![s + 1; 256]
            }
        }
        let e = count_tree_of(&Many, 0, None, Bounds::default()).unwrap_err();
        assert_eq!(
            e,
            CountError::Overflow {
                depth: 16,
                fits: 15
            }
        );
        let t = count_tree_of(&Many, 0, Some(15), Bounds::default()).unwrap();
        assert_eq!(t.layers[15].sequences, 1 << 120);
    }

    /// A position wider than a count lists is refused before its moves are listed, but
    /// its moves are counted when it is in the last layer.
    #[test]
    fn a_position_too_wide_to_list_is_refused() {
        struct Wide;
        impl Tree for Wide {
            type State = u8;
            type Key = u8;
            fn key(&self, s: &u8) -> u8 {
                *s
            }
            fn children(&self, _: &u8) -> Vec<u8> {
                panic!("listed")
            }
            fn moves(&self, _: &u8) -> u128 {
                1 << 60
            }
            fn widest(&self, _: &u8) -> Option<u128> {
                Some(1 << 60)
            }
        }
        let e = count_tree_of(&Wide, 0, None, Bounds::default()).unwrap_err();
        assert_eq!(
            e,
            CountError::TooWide {
                depth: 0,
                bound: 1 << 60,
                limit: 1 << 20,
                fits: 0
            }
        );
        let t = count_tree_of(&Wide, 0, Some(0), Bounds::default()).unwrap();
        assert_eq!((t.positions, t.terminal, t.whole), (1, 0, false));
    }
}
