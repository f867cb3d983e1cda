//! Perft: the number of move sequences of exactly `D` moves from a position, the
//! known-answer numbers a move generator written in another language can be checked
//! against while it is being written (the chess engines' *perft*).
//!
//! [`Perft`] is a small trait built on [`Game`]: a game-tree *state* (not always a
//! contest case: a sevens state is both hands, the chains and the player to move), the
//! start state from a case or from the game's default start, the successors from the
//! fast and from the oracle's move generator, and a memo key. [`count`] walks the tree
//! memoized by (key, remaining depth) with `u128` counts, so depths far past plain
//! enumeration are instant.
//!
//! Definition: a line that ends (no legal move) before `D` moves contributes
//! 0; `D = 0` counts 1. Which positions are terminal is each game's end rule. The other
//! convention in print, a finished game counted as a leaf at every greater depth (the
//! published Reversi perft), is [`Finished::Leaf`] ([`perft_with_finished`], `perft
//! --finished leaf`).
//!
//! The same tree counted layer by layer ([`count_tree`], `count GAME`): the distinct
//! positions and terminal positions at each depth, and the move sequences and finished
//! games of each length, to the end of every line ([`TreeCount`]). A count holds two
//! layers of positions at a time, each position as a compact key where the game gives
//! one ([`Perft::packed`], [`PerftFromMoves::pack`]), and sums the layers where the game
//! declares them disjoint ([`Perft::ply`], [`PerftFromMoves::ply_of`]).
//!
//! The two generators side by side ([`compare()`], `perft GAME --compare`): their move
//! lists and successors at every position of the tree to a depth, to the first
//! difference ([`Comparison`]).

pub(crate) mod compare;
mod shard;
mod tree;

pub use compare::{
    compare, CompareBounds, CompareError, Comparison, Difference, Mismatch, Shown,
    COMPARE_MOVES_LIMIT,
};
pub use shard::{
    count_shard, split, ShardCount, Split, SplitError, SplitPosition, POSITIONS_PER_SHARD,
    SPLIT_LIMIT,
};
pub use tree::{
    check_keys, count_tree, count_tree_by, count_tree_of, count_tree_within, Bounds, CountError,
    Layer, Tree, TreeCount, HEAP_ALLOWANCE, MEMORY_LIMIT,
};

/// A position packed into two machine words, as `count` holds it when the game packs its
/// positions ([`Perft::packed`], [`PerftFromMoves::pack`]): a board game's two bitboards
/// (Connect Four: the stones of the player to move and the mask of all stones), 16 bytes
/// whatever the position's own type.
pub type Packed = [u64; 2];

use crate::contest::NoFlags;
use crate::error::RuleError;
use crate::game::Game;
use rustc_hash::FxHashMap;
use std::fmt::Debug;
use std::hash::Hash;

/// The most memo entries one count keeps: 2^22 = 4,194,304 (under 200 MiB). A count whose memo would pass it is refused ([`PerftError::MemoBound`]).
pub const MEMO_LIMIT: usize = 1 << 22;

/// The most moves one position may have for perft to list them (2^20 = 1,048,576, each
/// move and its successor held in memory at once). A count that may meet a wider
/// position is refused ([`PerftError::TooWide`]): octal's splitting codes move a heap
/// of `n` tokens about `n/2` ways, so a heap of 10^18 would need exabytes.
pub const CHILDREN_LIMIT: u128 = 1 << 20;

/// Which move generator a count walks with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generator {
    /// The fast generator ([`Game::fast_moves`]).
    Fast,
    /// The oracle's generator, from its own representation.
    Oracle,
}

/// A [`Game`] whose game tree can be walked: what `gamecheck perft` needs.
///
/// A game-tree state is a position *with* whatever the end rule and the next move depend
/// on; both generators take the same state and give the same successors (checked by the
/// tests: same counts on every exhaustive rule set).
pub trait Perft: Game {
    /// A node of the game tree.
    type State: Clone + Debug + Send + Sync;
    /// What the memo stores a state under (two states with the same key have the same
    /// subtree).
    type Key: Clone + Eq + Hash + Send + Sync;
    /// The flags that choose the default start (paint: `--n`; octal: `--heap`); empty
    /// for a game whose start follows from the rules.
    type StartArgs: clap::Args + clap::FromArgMatches + Clone + Debug;
    /// Both successor generators of one rule set, built once.
    type Walker: Send + Sync;

    /// The walker of `rules`.
    fn walker(rules: &Self::Rules) -> Self::Walker;

    /// The default start (marble: the empty board; paint: an empty strip of `--n`).
    ///
    /// # Errors
    /// The game has no default start (sevens: `--from` is needed), or a start flag is
    /// out of range (the message names the flag).
    fn default_start(rules: &Self::Rules, args: &Self::StartArgs)
        -> Result<Self::State, RuleError>;

    /// The state at the start of a contest case (sevens: the deal, before the forced
    /// opening).
    ///
    /// # Errors
    /// The case is too large for the fast generator (the message says the limit).
    fn state_of(rules: &Self::Rules, case: &Self::Case) -> Result<Self::State, RuleError>;

    /// The memo key of `state`.
    fn key(state: &Self::State) -> Self::Key;

    /// The key of `state`'s class up to the game's symmetries (`count --up-to-symmetry`):
    /// by default its own key (no symmetry); a game whose states are its cases
    /// ([`PerftFromMoves`]) takes the key of [`Game::canonical`].
    fn symmetric_key(_walker: &Self::Walker, state: &Self::State) -> Self::Key {
        Self::key(state)
    }

    /// Every legal move at `state` with the state it leads to, from the fast generator;
    /// empty at a terminal state.
    fn fast_children(walker: &Self::Walker, state: &Self::State) -> Vec<(Self::Move, Self::State)>;

    /// The same from the oracle's generator (its own representation of the position).
    fn oracle_children(
        walker: &Self::Walker,
        state: &Self::State,
    ) -> Vec<(Self::Move, Self::State)>;

    /// The number of legal moves at `state` by the fast generator (perft(1), counted at
    /// every leaf): by default `fast_children(…).len()`; a game may count without
    /// building the successors.
    fn fast_count(walker: &Self::Walker, state: &Self::State) -> u128 {
        Self::fast_children(walker, state).len() as u128
    }

    /// An upper bound on the moves of every state reached from `state` in fewer than
    /// `depth` moves (the states a count of `depth` lists the moves of), for a game
    /// whose positions can have more moves than memory holds; `None` (the default) for
    /// a game whose every position is small (a board, a deck).
    fn widest(_walker: &Self::Walker, _state: &Self::State, _depth: u32) -> Option<u128> {
        None
    }

    // What `count` holds (see [`count_tree`]): each item has a default that keeps the
    // count as it was, so a game gives only what it has.

    /// `state` packed into two words for `count` to hold ([`Packed`]), one-to-one on the
    /// states reached (two states with the same words are counted as one); `None` (the
    /// default) when the game does not pack. A count packs every state when it packs the
    /// start (not counting up to symmetry, where the positions are keyed by
    /// [`Perft::symmetric_key`]).
    fn packed(_walker: &Self::Walker, _state: &Self::State) -> Option<Packed> {
        None
    }

    /// The state packed into `words` by [`Perft::packed`]: with it `count` holds the
    /// words alone and rebuilds the state when it lists its moves; `None` (the default)
    /// holds the state beside its words.
    fn unpacked(_walker: &Self::Walker, _words: Packed) -> Option<Self::State> {
        None
    }

    /// A state whose key is `key` (one of its class, for a key of
    /// [`Perft::symmetric_key`]), when the key holds the whole state: `count` then holds
    /// the key alone; `None` (the default) holds the state beside its key. A game whose
    /// keys are its states ([`PerftFromMoves`]) gives the key itself.
    fn from_key(_walker: &Self::Walker, _key: &Self::Key) -> Option<Self::State> {
        None
    }

    /// The ply of `state` — the number of moves every line from the game's beginning
    /// takes to reach it — when the state alone tells it (the stones on the board, where
    /// each move adds one); `None` (the default) when it does not. A start with a ply
    /// declares the tree's layers disjoint: `count` keeps no set of every position seen,
    /// and its totals are the sums of its layers. The count checks the declaration at
    /// every position (see [`Tree::ply`]) and stops with [`CountError::Ply`] where a
    /// move did not add one.
    fn ply(_walker: &Self::Walker, _state: &Self::State) -> Option<u64> {
        None
    }

    /// The text of `state` in a report ([`compare()`]'s position and successors): by
    /// default its `Debug` form; a game whose states are its cases ([`PerftFromMoves`])
    /// writes the one-case contest input ([`Game::write`]), which `perft --from FILE`
    /// reads back. It must not panic on any state either generator gives, a wrong
    /// successor included.
    fn show(_walker: &Self::Walker, state: &Self::State) -> String {
        format!("{state:?}")
    }
}

/// A [`Perft::Walker`] for a game whose tree state is its contest case: the successors
/// are the oracle's moves applied with the reference [`Game::apply`], and the fast
/// generator's made by [`Game::fast_apply`] where the game gives it (moves refused are
/// left out).
pub struct Moves<G: Game> {
    rules: G::Rules,
    gens: G::Generators,
}

impl<G: Game> Moves<G> {
    /// The walker of `rules` (builds the game's generators once).
    pub fn new(rules: &G::Rules) -> Self {
        Moves {
            rules: rules.clone(),
            gens: G::generators(rules),
        }
    }

    /// Each move of `generator` at `case` with the position it leads to: the fast
    /// generator's moves made by the fast code ([`Game::fast_apply`], where the game
    /// gives it; else [`Game::apply`]), the oracle's by the reference [`Game::apply`].
    pub fn children(&self, generator: Generator, case: &G::Case) -> Vec<(G::Move, G::Case)> {
        match generator {
            Generator::Fast => crate::game::fast_applied::<G>(
                &self.rules,
                &self.gens,
                case,
                G::fast_moves(&self.gens, case),
            ),
            Generator::Oracle => {
                crate::game::applied::<G>(&self.rules, case, G::oracle_moves(&self.gens, case))
            }
        }
    }
}

/// A [`Game`] whose game-tree state is its contest case, with a start position
/// ([`Game::start`]) and moves applied by [`Game::apply`]: implementing this trait (it has
/// no items) gives the game [`Perft`] — states and memo keys are cases, the successors
/// are [`Moves::children`], the default start is [`Game::start`] (a game without one is
/// refused with a [`RuleError`] unless a case is given), there are no start flags, and a
/// state is shown as its one-case contest input ([`Game::write`]).
///
/// ```ignore
/// impl gamecheck::perft::PerftFromMoves for MyGame {}
/// ```
///
/// `count` holds each position as its case ([`Perft::from_key`] gives the key back); a
/// game whose cases are larger than two words, or which counts trees of tens of millions
/// of positions, packs them ([`PerftFromMoves::pack`] and [`PerftFromMoves::unpack`]:
/// 16 bytes a position), and a game where every move adds one stone gives the ply
/// ([`PerftFromMoves::ply_of`]), so that a count keeps no set of every position seen:
///
/// ```ignore
/// impl gamecheck::perft::PerftFromMoves for ConnectFour {
///     fn pack(_: &Rules, b: &Board) -> Option<gamecheck::perft::Packed> {
///         Some([b.position, b.mask])
///     }
///     fn unpack(rules: &Rules, [position, mask]: gamecheck::perft::Packed) -> Option<Board> {
///         Some(Board::from_bits(rules, position, mask))
///     }
///     fn ply_of(_: &Rules, b: &Board) -> Option<u64> {
///         Some(u64::from(b.mask.count_ones()))
///     }
/// }
/// ```
///
/// These are methods with defaults rather than a key type of the trait's own: Rust has no
/// defaults for associated types, so a `type Key` here would break every game that
/// implements the trait with `{}`, and a second trait could not give [`Perft`] too (its
/// blanket implementation would overlap this one's). A fixed two-word [`Packed`] holds the
/// bitboards of the board games this trait serves.
pub trait PerftFromMoves: Game {
    /// `case` packed into two words, one-to-one on the cases reached (two cases with the
    /// same words are one position to `count`): `count` then holds each position as
    /// these 16 bytes instead of the case. `None` (the default): the case is the key. A
    /// game packs every case reached from a start it packs (`rules` may say it does not,
    /// for a board too large for two words).
    fn pack(_rules: &Self::Rules, _case: &Self::Case) -> Option<Packed> {
        None
    }

    /// The case packed into `words`: `unpack(pack(c)) == Some(c)` (checked at every
    /// position in builds with debug assertions, and by [`check_keys`]). `None` (the
    /// default) holds each case beside its words.
    fn unpack(_rules: &Self::Rules, _words: Packed) -> Option<Self::Case> {
        None
    }

    /// The number of moves from the game's beginning to `case`, when the case alone
    /// tells it (the stones on the board, where each move adds one): [`Perft::ply`].
    /// `None` (the default): the layers are not declared disjoint. A game with a move
    /// that adds nothing to the position (a pass, in Reversi) has no such number unless
    /// its case counts the moves itself: leave it `None` there (a wrong ply stops the
    /// count with [`CountError::Ply`], never a wrong total).
    fn ply_of(_rules: &Self::Rules, _case: &Self::Case) -> Option<u64> {
        None
    }
}

impl<G: PerftFromMoves> Perft for G {
    type State = G::Case;
    type Key = G::Case;
    type StartArgs = NoFlags;
    type Walker = Moves<G>;
    fn walker(rules: &G::Rules) -> Moves<G> {
        Moves::new(rules)
    }
    fn default_start(rules: &G::Rules, _: &NoFlags) -> Result<G::Case, RuleError> {
        G::start(rules).ok_or_else(|| {
            RuleError(format!(
                "{} has no default start under {rules}: give one with --from FILE",
                G::NAME
            ))
        })
    }
    fn state_of(_: &G::Rules, case: &G::Case) -> Result<G::Case, RuleError> {
        Ok(case.clone())
    }
    fn key(case: &G::Case) -> G::Case {
        case.clone()
    }
    fn symmetric_key(moves: &Moves<G>, case: &G::Case) -> G::Case {
        G::canonical(&moves.rules, case)
    }
    fn fast_children(moves: &Moves<G>, case: &G::Case) -> Vec<(G::Move, G::Case)> {
        moves.children(Generator::Fast, case)
    }
    fn oracle_children(moves: &Moves<G>, case: &G::Case) -> Vec<(G::Move, G::Case)> {
        moves.children(Generator::Oracle, case)
    }
    fn packed(moves: &Moves<G>, case: &G::Case) -> Option<Packed> {
        let words = G::pack(&moves.rules, case)?;
        debug_assert!(
            G::unpack(&moves.rules, words).is_none_or(|back| back == *case),
            "{}: unpack(pack(case)) is not the case: {case:?} packs into {words:?}",
            G::NAME
        );
        Some(words)
    }
    fn unpacked(moves: &Moves<G>, words: Packed) -> Option<G::Case> {
        G::unpack(&moves.rules, words)
    }
    fn from_key(_: &Moves<G>, key: &G::Case) -> Option<G::Case> {
        Some(key.clone())
    }
    fn ply(moves: &Moves<G>, case: &G::Case) -> Option<u64> {
        G::ply_of(&moves.rules, case)
    }
    fn show(moves: &Moves<G>, case: &G::Case) -> String {
        G::write(&moves.rules, std::slice::from_ref(case))
    }
}

/// [`PerftError::TooWide`] when a count of `depth` may list more than
/// [`CHILDREN_LIMIT`] moves at one position.
fn too_wide<P: Perft>(walker: &P::Walker, state: &P::State, depth: u32) -> Option<PerftError> {
    match P::widest(walker, state, depth) {
        Some(bound) if depth > 0 && bound > CHILDREN_LIMIT => {
            Some(PerftError::TooWide { depth, bound })
        }
        _ => None,
    }
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// A count passed `u128::MAX`.
    #[error("perft({depth}) does not fit a u128 (the count passes 2^128 − 1)")]
    Overflow {
        /// The depth asked for.
        depth: u32,
    },
    /// A position on the way may have more than [`CHILDREN_LIMIT`] moves.
    #[error(
        "perft({depth}) may meet a position with up to {bound} moves, more than the \
         {CHILDREN_LIMIT} perft lists at one position"
    )]
    TooWide {
        /// The depth asked for.
        depth: u32,
        /// The bound on the moves of one position ([`Perft::widest`]).
        bound: u128,
    },
    /// The memo would pass [`MEMO_LIMIT`] entries.
    #[error("perft({depth}) needs more than {MEMO_LIMIT} memo entries (the memo's bound)")]
    MemoBound {
        /// The depth asked for.
        depth: u32,
    },
}

/// How perft counts a line that ends before the depth asked for (a position with no
/// legal move, fewer than `D` moves from the start): the two conventions in print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Finished {
    /// It counts 0: perft(D) is the move sequences of exactly `D` moves (chess perft's
    /// convention, where a mate before depth `D` adds nothing; the default).
    #[default]
    Dropped,
    /// It counts 1 at every greater depth, as a leaf: perft(D) is the sequences of `D`
    /// moves plus the finished games of fewer moves (Aart Bik's published Reversi perft,
    /// where a finished game stays a leaf of every deeper count).
    Leaf,
}

/// A memoized counter over one walker.
struct Counter<'a, P: Perft> {
    walker: &'a P::Walker,
    gen: Generator,
    finished: Finished,
    memo: FxHashMap<(P::Key, u32), u128>,
    /// The most memo entries ([`MEMO_LIMIT`]; smaller in the tests of the bound).
    limit: usize,
}

/// Why the walk stopped (the depth is added by the caller).
enum Stop {
    Overflow,
    Memo,
}

impl<'a, P: Perft> Counter<'a, P> {
    /// A counter with an empty memo of at most `limit` entries.
    fn new(walker: &'a P::Walker, gen: Generator, finished: Finished, limit: usize) -> Self {
        Counter {
            walker,
            gen,
            finished,
            memo: FxHashMap::default(),
            limit,
        }
    }

    fn children(&self, state: &P::State) -> Vec<(P::Move, P::State)> {
        match self.gen {
            Generator::Fast => P::fast_children(self.walker, state),
            Generator::Oracle => P::oracle_children(self.walker, state),
        }
    }

    fn count(&mut self, state: &P::State, depth: u32) -> Result<u128, Stop> {
        if depth == 0 {
            return Ok(1);
        }
        let leaf = self.finished == Finished::Leaf;
        if depth == 1 {
            let n = match self.gen {
                Generator::Fast => P::fast_count(self.walker, state),
                Generator::Oracle => P::oracle_children(self.walker, state).len() as u128,
            };
            return Ok(if n == 0 && leaf { 1 } else { n });
        }
        let key = (P::key(state), depth);
        if let Some(&n) = self.memo.get(&key) {
            return Ok(n);
        }
        let children = self.children(state);
        let mut total: u128 = u128::from(children.is_empty() && leaf);
        for (_, child) in &children {
            let n = self.count(child, depth - 1)?;
            total = total.checked_add(n).ok_or(Stop::Overflow)?;
        }
        if self.memo.len() >= self.limit {
            return Err(Stop::Memo);
        }
        self.memo.insert(key, total);
        Ok(total)
    }
}

/// One line of `perft --divide`: a first move in its notation and its count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divided {
    /// The move's notation (the trait's `Display`).
    pub mv: String,
    /// Move sequences of `depth − 1` more moves after it.
    pub count: u128,
}

/// perft(`depth`) of `state` with generator `gen`, split by first move (sorted by the
/// move's notation as a string), and the total. At depth 0 the split is empty and the
/// total is 1.
///
/// # Errors
/// [`PerftError`] when the count passes `u128` or the memo its bound.
pub fn divide<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
) -> Result<(Vec<Divided>, u128), PerftError> {
    divide_within::<P>(walker, state, depth, gen, MEMO_LIMIT)
}

/// [`divide`] with a memo of at most `limit` entries instead of [`MEMO_LIMIT`].
///
/// # Errors
/// As [`divide`], with `limit` as the memo's bound.
pub fn divide_within<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    limit: usize,
) -> Result<(Vec<Divided>, u128), PerftError> {
    divide_finished::<P>(walker, state, depth, gen, limit, Finished::Dropped)
}

/// [`divide_within`] under either convention for finished games: under
/// [`Finished::Leaf`] a start with no legal move counts 1, with no first move.
fn divide_finished<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    limit: usize,
    finished: Finished,
) -> Result<(Vec<Divided>, u128), PerftError> {
    let mut c = Counter::<P>::new(walker, gen, finished, limit);
    let stop = |s: Stop| match s {
        Stop::Overflow => PerftError::Overflow { depth },
        Stop::Memo => PerftError::MemoBound { depth },
    };
    if depth == 0 {
        return Ok((Vec::new(), 1));
    }
    if let Some(e) = too_wide::<P>(walker, state, depth) {
        return Err(e);
    }
    let mut lines = Vec::new();
    let children = c.children(state);
    let mut total: u128 = u128::from(children.is_empty() && finished == Finished::Leaf);
    for (mv, child) in children {
        let n = c.count(&child, depth - 1).map_err(stop)?;
        total = total.checked_add(n).ok_or(PerftError::Overflow { depth })?;
        lines.push(Divided {
            mv: mv.to_string(),
            count: n,
        });
    }
    lines.sort_by(|a, b| a.mv.cmp(&b.mv));
    Ok((lines, total))
}

/// perft(`depth`) of `state` with generator `gen`.
///
/// # Errors
/// [`PerftError`] when the count passes `u128` or the memo its bound.
pub fn count<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
) -> Result<u128, PerftError> {
    count_within::<P>(walker, state, depth, gen, MEMO_LIMIT)
}

/// [`count`] with a memo of at most `limit` entries instead of [`MEMO_LIMIT`].
///
/// # Errors
/// As [`count`], with `limit` as the memo's bound.
pub fn count_within<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    limit: usize,
) -> Result<u128, PerftError> {
    count_finished::<P>(walker, state, depth, gen, limit, Finished::Dropped)
}

/// [`count_within`] under either convention for finished games.
fn count_finished<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    limit: usize,
    finished: Finished,
) -> Result<u128, PerftError> {
    if let Some(e) = too_wide::<P>(walker, state, depth) {
        return Err(e);
    }
    let mut c = Counter::<P>::new(walker, gen, finished, limit);
    c.count(state, depth).map_err(|s| match s {
        Stop::Overflow => PerftError::Overflow { depth },
        Stop::Memo => PerftError::MemoBound { depth },
    })
}

/// The largest depth `d ≤ depth` whose memo stays within [`MEMO_LIMIT`].
///
/// A count of depth `d` memoizes each distinct state at distance `i ≤ d − 2` from the
/// start once (with remaining depth `d − i`), so its memo holds `Σ_{i ≤ d−2} |R_i|`
/// entries, `R_i` the distinct states reached in exactly `i` moves. The layers `R_i`
/// are built breadth first until that sum would pass the bound (or the game ends), so a
/// refusal costs about one bound's worth of states, not a count.
pub fn memo_fits<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
) -> u32 {
    memo_fits_within::<P>(walker, state, depth, gen, MEMO_LIMIT)
}

/// [`memo_fits`] for a memo of at most `limit` entries instead of [`MEMO_LIMIT`].
pub fn memo_fits_within<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    limit: usize,
) -> u32 {
    let children = |s: &P::State| match gen {
        Generator::Fast => P::fast_children(walker, s),
        Generator::Oracle => P::oracle_children(walker, s),
    };
    let mut layer: FxHashMap<P::Key, P::State> = FxHashMap::default();
    layer.insert(P::key(state), state.clone());
    let mut entries = 0usize; // Σ |R_i| for i ≤ d − 2
    let mut d = 1;
    // invariant: `layer` is R_{d−1} and depth d fits
    while d < depth {
        if layer.is_empty() {
            return depth; // the game is over: deeper counts memoize nothing more
        }
        entries += layer.len();
        if entries > limit {
            return d;
        }
        d += 1;
        if d == depth {
            break;
        }
        let mut next: FxHashMap<P::Key, P::State> = FxHashMap::default();
        for s in layer.values() {
            for (_, c) in children(s) {
                next.entry(P::key(&c)).or_insert(c);
            }
            if entries + next.len() > limit {
                // depth d + 1 memoizes R_{d−1} too, and this part of it already passes
                // the bound: refused without building the rest of the layer
                return d;
            }
        }
        layer = next;
    }
    depth.min(d)
}

/// A refused count: why, and the largest depth that fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Why the count was refused.
    pub error: PerftError,
    /// The largest depth whose count fits (memo and `u128`).
    pub fits: u32,
}

/// perft(`depth`) of `state`, split by first move when `divide` (see [`divide`]):
/// checked against the memo bound first ([`memo_fits`]), then counted.
///
/// # Errors
/// [`Refused`]: the memo would pass [`MEMO_LIMIT`] (with the largest depth whose memo
/// fits) or the count `u128` (with the largest depth whose count fits).
pub fn perft<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    split: bool,
) -> Result<(Vec<Divided>, u128), Refused> {
    perft_within::<P>(walker, state, depth, gen, split, MEMO_LIMIT)
}

/// [`perft`] with a memo of at most `limit` entries instead of [`MEMO_LIMIT`].
///
/// # Errors
/// As [`perft`], with `limit` as the memo's bound.
pub fn perft_within<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    split: bool,
    limit: usize,
) -> Result<(Vec<Divided>, u128), Refused> {
    perft_with_finished::<P>(walker, state, depth, gen, split, limit, Finished::Dropped)
}

/// [`perft_within`] under either convention for a game that ends before `depth`
/// ([`Finished`]; `perft --finished`). The memo holds the same positions under both, so
/// the bounds and the depth that fits are the same.
///
/// # Errors
/// As [`perft`], with `limit` as the memo's bound.
pub fn perft_with_finished<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    split: bool,
    limit: usize,
    finished: Finished,
) -> Result<(Vec<Divided>, u128), Refused> {
    if let Some(error) = too_wide::<P>(walker, state, depth) {
        // the layers of the memo bound list moves too: refused before them
        let fits = (0..depth)
            .rev()
            .find(|&d| too_wide::<P>(walker, state, d).is_none())
            .unwrap_or(0);
        return Err(Refused { error, fits });
    }
    let memo_ok = memo_fits_within::<P>(walker, state, depth, gen, limit);
    let run = |d: u32| {
        if split {
            divide_finished::<P>(walker, state, d, gen, limit, finished)
        } else {
            count_finished::<P>(walker, state, d, gen, limit, finished).map(|n| (Vec::new(), n))
        }
    };
    let error = if memo_ok < depth {
        PerftError::MemoBound { depth }
    } else {
        match run(depth) {
            Ok(v) => return Ok(v),
            Err(e) => e,
        }
    };
    // Past the memo bound: the largest depth whose memo fits (its count is not run, so
    // the refusal stays quick). Past u128: counts are tried downward until one fits.
    let fits = match error {
        PerftError::MemoBound { .. } | PerftError::TooWide { .. } => memo_ok,
        PerftError::Overflow { .. } => (0..depth)
            .rev()
            .find(|&d| count_finished::<P>(walker, state, d, gen, limit, finished).is_ok())
            .unwrap_or(0),
    };
    Err(Refused { error, fits })
}
