//! Perft against the oracle, to the first difference (`perft GAME --depth D --compare`):
//! [`compare`] and the types of its answer.

use super::{perft_within, Generator, Perft, Refused, CHILDREN_LIMIT, MEMO_LIMIT};

/// The bounds of one comparison ([`compare()`]): positions held at once, moves listed
/// (both lists summed over the walk), moves of one position. Its `Default` is the
/// command line's: [`MEMO_LIMIT`] positions, [`COMPARE_MOVES_LIMIT`] moves,
/// [`CHILDREN_LIMIT`] moves at one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompareBounds {
    /// The most positions held at once (the positions seen, and a perft memo's entries).
    pub positions: usize,
    /// The most moves listed, both generators' lists summed over the walk.
    pub moves: u64,
    /// The most moves listed at one position ([`Perft::widest`]).
    pub children: u128,
}

/// The most moves one comparison lists by default: 2^28 = 268,435,456 (both lists
/// summed; a few seconds of a fast generator, a minute of a slow one).
pub const COMPARE_MOVES_LIMIT: u64 = 1 << 28;

impl Default for CompareBounds {
    fn default() -> Self {
        CompareBounds {
            positions: MEMO_LIMIT,
            moves: COMPARE_MOVES_LIMIT,
            children: CHILDREN_LIMIT,
        }
    }
}
use rustc_hash::FxHashSet;
use std::fmt;

/// A state with its text ([`Perft::show`]), as a report prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown<S> {
    /// The state.
    pub state: S,
    /// Its text ([`Perft::show`]).
    pub text: String,
}

/// What is wrong with one move at one position ([`Difference::mismatch`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mismatch {
    /// The oracle gives the move, the fast generator does not: a move missing.
    OracleOnly,
    /// The fast generator gives the move, the oracle does not: a move too many (one that
    /// wraps across an edge, one the rules do not allow).
    FastOnly,
    /// A list gives the move more than once (a duplicate).
    Repeated,
    /// Both lists give the move once, and it leads to different positions (keys).
    Successor,
}

/// The first difference between the two generators ([`compare`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference<M, S> {
    /// The moves from the start to the position, in order: the position's depth is
    /// their number.
    pub line: Vec<M>,
    /// The position where the two lists differ.
    pub position: Shown<S>,
    /// The move's notation (the move's `Display`).
    pub mv: String,
    /// What is wrong with it.
    pub mismatch: Mismatch,
    /// The successors the fast generator gives for this move: one each time it lists
    /// it (empty when it does not).
    pub fast: Vec<Shown<S>>,
    /// The same from the oracle's generator.
    pub oracle: Vec<Shown<S>>,
}

impl<M, S> Difference<M, S> {
    /// Moves from the start to the position.
    pub fn depth(&self) -> u32 {
        self.line.len() as u32
    }
}

/// What [`compare()`] found: the first difference, if any, how much was compared, and both
/// perft totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison<M, S> {
    /// The depth `D` of the comparison (and of the totals).
    pub depth: u32,
    /// Distinct positions whose two move lists were compared (every position fewer
    /// than `D` moves from the start when there is no difference; the positions before
    /// it, and its own, when there is one).
    pub positions: u64,
    /// Moves compared: the entries of both lists at those positions, summed.
    pub moves: u64,
    /// The first difference in breadth-first order, or `None` when the generators agree
    /// on every position and every successor.
    pub difference: Option<Difference<M, S>>,
    /// perft(`D`) by the fast generator, or why it was refused (the memo bound is the
    /// comparison's positions bound).
    pub fast: Result<u128, Refused>,
    /// perft(`D`) by the oracle's generator, or why it was refused.
    pub oracle: Result<u128, Refused>,
}

/// Why a comparison was refused; each says the largest depth that fits (`fits`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompareError {
    /// More than the bound of positions held.
    #[error(
        "a comparison to depth {depth} holds more than {limit} positions (its bound); the \
         largest depth that fits is {fits}"
    )]
    Positions {
        /// The depth asked for.
        depth: u32,
        /// The bound ([`CompareBounds::positions`]).
        limit: usize,
        /// The largest depth whose comparison fits.
        fits: u32,
    },
    /// More than the bound of moves listed.
    #[error(
        "a comparison to depth {depth} lists more than {limit} moves (its bound); the \
         largest depth that fits is {fits}"
    )]
    Moves {
        /// The depth asked for.
        depth: u32,
        /// The bound ([`CompareBounds::moves`]).
        limit: u64,
        /// The largest depth whose comparison fits.
        fits: u32,
    },
    /// A position on the way may have more moves than are listed at one position.
    #[error(
        "a comparison to depth {depth} may meet a position with up to {bound} moves, more \
         than the {limit} listed at one position; the largest depth that fits is {fits}"
    )]
    TooWide {
        /// The depth asked for.
        depth: u32,
        /// The bound on the moves of one position ([`Perft::widest`]).
        bound: u128,
        /// The most moves listed at one position ([`CompareBounds::children`]).
        limit: u128,
        /// The largest depth whose comparison fits.
        fits: u32,
    },
}

impl CompareError {
    /// The largest depth whose comparison fits.
    pub fn fits(&self) -> u32 {
        match *self {
            CompareError::Positions { fits, .. }
            | CompareError::Moves { fits, .. }
            | CompareError::TooWide { fits, .. } => fits,
        }
    }
}

/// Compares the fast generator of game `P` with the oracle's, breadth first from
/// `start`, at every distinct position fewer than `depth` moves away, to the first
/// difference; and counts perft(`depth`) with each.
///
/// Two perft totals that differ say that a move generator is wrong, not where; two that
/// agree can still hide a wrong successor (a move that leads to the wrong position, with
/// as many moves after it). The walk takes each distinct position (by [`Perft::key`])
/// once, at every position fewer than `depth` moves from the start, and there puts the
/// fast generator's list ([`Perft::fast_children`]) beside the oracle's
/// ([`Perft::oracle_children`]):
///
/// - the moves are matched by their notation (the move's `Display`); a notation that one
///   list gives and the other does not, or that a list gives more than once, is a
///   difference;
/// - a move both lists give once must lead to the same position in both (equal
///   [`Perft::key`]s), or it is a difference.
///
/// The first difference in breadth-first order is reported ([`Difference`]): the
/// shallowest; within a depth, at the position reached first (positions in the order the
/// walk meets them, the moves of each in notation order); within a position, the first
/// move in notation order. It comes with the position, the move, both successors (or the
/// one list's successor), each shown by [`Perft::show`], and the line of moves from the
/// start. Both totals are counted as well ([`Comparison::fast`], [`Comparison::oracle`]),
/// so a difference the totals do not show is told apart from one they do. `depth` 0
/// compares nothing (both totals are 1). The answer's `Display` is the text of `perft
/// --compare`.
///
/// Cost: both move lists of every distinct position fewer than `depth` moves from the
/// start, listed once; every one of those positions held once (its key, and the move
/// that first reached it, for the line), with the states of the current and the next
/// layer; then both totals, as [`perft`](super::perft()) counts them (the oracle's is the
/// slow part). `bounds.positions` bounds the positions held (and the memo of each
/// total), `bounds.moves` the entries of both lists summed over the walk,
/// `bounds.children` the moves of one position ([`Perft::widest`]). The bounds are
/// checked first, on the fast generator's walk alone (the same layers and moves as the
/// comparison's up to its first difference, without the oracle), so a refusal costs a
/// bound's worth of fast work.
///
/// # Errors
/// [`CompareError`]: a bound passed, with the largest depth that fits (a difference
/// shallower than the bound is found by a comparison to that depth).
pub fn compare<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: u32,
    bounds: CompareBounds,
) -> Result<Comparison<P::Move, P::State>, CompareError> {
    let wide = |d: u32| P::widest(walker, start, d).filter(|&b| d > 0 && b > bounds.children);
    if let Some(bound) = wide(depth) {
        let fits = (0..depth).rev().find(|&d| wide(d).is_none()).unwrap_or(0);
        return Err(CompareError::TooWide {
            depth,
            bound,
            limit: bounds.children,
            fits,
        });
    }
    fast_walk::<P>(walker, start, depth, bounds)?;
    let (positions, moves, difference) = walk::<P>(walker, start, depth);
    let total =
        |gen| perft_within::<P>(walker, start, depth, gen, false, bounds.positions).map(|(_, n)| n);
    Ok(Comparison {
        depth,
        positions,
        moves,
        difference,
        fast: total(Generator::Fast),
        oracle: total(Generator::Oracle),
    })
}

/// One entry of a move list: its notation, the move and its successor.
type Entry<P> = (String, <P as crate::game::Game>::Move, <P as Perft>::State);

/// The list sorted by notation (stable: a repeated move keeps its order).
fn by_notation<P: Perft>(kids: Vec<(P::Move, P::State)>) -> Vec<Entry<P>> {
    let mut v: Vec<Entry<P>> = kids
        .into_iter()
        .map(|(m, s)| (m.to_string(), m, s))
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// The entries at the head of `list` with the notation `mv`.
fn run_of<'a, P: Perft>(list: &'a [Entry<P>], mv: &str) -> &'a [Entry<P>] {
    &list[..list.iter().take_while(|e| e.0 == mv).count()]
}

/// The walk of [`compare`] on the fast generator alone, for its bounds: the same layers
/// and the same counts as the comparison where the generators agree (each list's moves
/// counted twice, for the oracle's list beside it), and no oracle move listed.
fn fast_walk<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: u32,
    bounds: CompareBounds,
) -> Result<(), CompareError> {
    let mut seen: FxHashSet<P::Key> = FxHashSet::default();
    seen.insert(P::key(start));
    let mut layer: Vec<P::State> = vec![start.clone()];
    let mut moves = 0u64;
    for d in 0..depth {
        let last = d + 1 == depth;
        let mut next: Vec<P::State> = Vec::new();
        // the positions bound passed while building the next layer: a comparison to
        // depth d + 1 does not keep it, but lists this layer's moves (counted to its end)
        let mut full = false;
        for state in &layer {
            let kids = P::fast_children(walker, state);
            moves = moves.saturating_add(2 * kids.len() as u64);
            if moves > bounds.moves {
                // a comparison to depth d lists the moves of the layers before this one
                return Err(CompareError::Moves {
                    depth,
                    limit: bounds.moves,
                    fits: d,
                });
            }
            if last || full {
                continue;
            }
            for (_, kid) in kids {
                if seen.insert(P::key(&kid)) {
                    next.push(kid);
                    if seen.len() > bounds.positions {
                        full = true;
                        break;
                    }
                }
            }
        }
        if full {
            return Err(CompareError::Positions {
                depth,
                limit: bounds.positions,
                fits: d + 1,
            });
        }
        if next.is_empty() {
            break;
        }
        layer = next;
    }
    Ok(())
}

/// The walk of [`compare`]: positions compared, moves compared, the first difference.
///
/// Its bounds are those of [`fast_walk`], checked before: up to the first difference,
/// both walks list the same moves at the same positions and keep the same successors
/// (the fast one's and the oracle's have equal keys, and every list before the
/// difference agrees), so a comparison whose fast walk fits fits too.
#[allow(clippy::type_complexity)]
fn walk<P: Perft>(
    walker: &P::Walker,
    start: &P::State,
    depth: u32,
) -> (u64, u64, Option<Difference<P::Move, P::State>>) {
    let show = |s: &P::State| Shown {
        state: s.clone(),
        text: P::show(walker, s),
    };
    let mut seen: FxHashSet<P::Key> = FxHashSet::default();
    seen.insert(P::key(start));
    // links[d][i]: the index in layer d − 1 of the position that first reached position
    // i of layer d, and the move (links[0] is the start's: empty)
    let mut links: Vec<Vec<(usize, P::Move)>> = vec![Vec::new()];
    let mut layer: Vec<P::State> = vec![start.clone()];
    let (mut positions, mut moves) = (0u64, 0u64);
    for d in 0..depth {
        let last = d + 1 == depth;
        let mut next: Vec<P::State> = Vec::new();
        let mut next_links: Vec<(usize, P::Move)> = Vec::new();
        for (i, state) in layer.iter().enumerate() {
            let fast = by_notation::<P>(P::fast_children(walker, state));
            let oracle = by_notation::<P>(P::oracle_children(walker, state));
            moves += (fast.len() + oracle.len()) as u64;
            positions += 1;
            let (mut f, mut o) = (0, 0);
            while f < fast.len() || o < oracle.len() {
                // the least notation still to compare, and its entries in each list
                let mv = match (fast.get(f), oracle.get(o)) {
                    (Some(a), Some(b)) => a.0.as_str().min(b.0.as_str()),
                    (Some(a), None) => a.0.as_str(),
                    (None, Some(b)) => b.0.as_str(),
                    (None, None) => unreachable!("the loop's condition"),
                }
                .to_string();
                let (fs, os) = (run_of::<P>(&fast[f..], &mv), run_of::<P>(&oracle[o..], &mv));
                f += fs.len();
                o += os.len();
                let mismatch = match (fs.len(), os.len()) {
                    (1, 1) if P::key(&fs[0].2) == P::key(&os[0].2) => None,
                    (1, 1) => Some(Mismatch::Successor),
                    (0, 1) => Some(Mismatch::OracleOnly),
                    (1, 0) => Some(Mismatch::FastOnly),
                    _ => Some(Mismatch::Repeated),
                };
                if let Some(mismatch) = mismatch {
                    let difference = Difference {
                        line: line_to::<P>(&links, d as usize, i),
                        position: show(state),
                        mv,
                        mismatch,
                        fast: fs.iter().map(|e| show(&e.2)).collect(),
                        oracle: os.iter().map(|e| show(&e.2)).collect(),
                    };
                    return (positions, moves, Some(difference));
                }
                if last {
                    continue;
                }
                // the oracle's successor (the keys are equal) goes on, once
                let (_, m, s) = &os[0];
                if seen.insert(P::key(s)) {
                    next.push(s.clone());
                    next_links.push((i, m.clone()));
                }
            }
        }
        if next.is_empty() {
            break; // every line has ended
        }
        links.push(next_links);
        layer = next;
    }
    (positions, moves, None)
}

/// The moves from the start to position `i` of layer `d`.
fn line_to<P: Perft>(links: &[Vec<(usize, P::Move)>], d: usize, i: usize) -> Vec<P::Move> {
    let mut line = Vec::with_capacity(d);
    let (mut d, mut i) = (d, i);
    while d > 0 {
        let (parent, mv) = &links[d][i];
        line.push(mv.clone());
        i = *parent;
        d -= 1;
    }
    line.reverse();
    line
}

/// `n` and `what`, plural unless `n` is 1 (`1 position`, `2 positions`).
fn counted(n: u64, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// `text` with each line indented by four spaces.
fn indented(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

impl<M: fmt::Display, S> fmt::Display for Difference<M, S> {
    /// The report of `perft --compare` on a difference: where (depth and line), the
    /// position, the move and what is wrong with it, and each list's successors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.line.is_empty() {
            "(the start)".to_string()
        } else {
            let moves: Vec<String> = self.line.iter().map(|m| m.to_string()).collect();
            moves.join(", ")
        };
        writeln!(f, "first difference at depth {}", self.depth())?;
        writeln!(f, "line: {line}")?;
        write!(f, "position:\n{}", indented(&self.position.text))?;
        let times = |n: usize| match n {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        let what = match self.mismatch {
            Mismatch::OracleOnly => "the oracle gives it, the fast generator does not".into(),
            Mismatch::FastOnly => "the fast generator gives it, the oracle does not".into(),
            Mismatch::Successor => "the two generators lead to different positions".into(),
            Mismatch::Repeated => format!(
                "the fast generator lists it {}, the oracle {}",
                times(self.fast.len()),
                times(self.oracle.len())
            ),
        };
        writeln!(f, "move {}: {what}", self.mv)?;
        for (name, list) in [("fast", &self.fast), ("oracle", &self.oracle)] {
            for (k, s) in list.iter().enumerate() {
                let nth = if list.len() > 1 {
                    format!(" {}", k + 1)
                } else {
                    String::new()
                };
                write!(f, "{name} successor{nth}:\n{}", indented(&s.text))?;
            }
        }
        Ok(())
    }
}

impl<M: fmt::Display, S> fmt::Display for Comparison<M, S> {
    /// The text of `perft --compare`: the first difference ([`Difference`]'s text) or
    /// `no difference`, with the positions and moves compared, then both totals
    /// (`fast perft(D): N`, `oracle perft(D): N`, or why a total was refused).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.difference {
            Some(d) => {
                write!(f, "{d}")?;
                writeln!(
                    f,
                    "compared: {}, {} (to the difference)",
                    counted(self.positions, "position"),
                    counted(self.moves, "move")
                )?;
            }
            None => writeln!(
                f,
                "no difference: {}, {} compared (every position fewer than {} from the \
                 start)",
                counted(self.positions, "position"),
                counted(self.moves, "move"),
                counted(self.depth.into(), "move")
            )?,
        }
        for (name, total) in [("fast", &self.fast), ("oracle", &self.oracle)] {
            match total {
                Ok(n) => writeln!(f, "{name} perft({}): {n}", self.depth)?,
                Err(r) => writeln!(
                    f,
                    "{name} perft({}): refused: {}; the largest depth that fits is {}",
                    self.depth, r.error, r.fits
                )?,
            }
        }
        Ok(())
    }
}

/// A toy game with planted bugs, for the tests of [`compare`] and of `perft --compare`.
#[cfg(test)]
pub(crate) mod toy {
    use crate::contest::NoFlags;
    use crate::error::{ParseError, RuleError};
    use crate::game::{BoxSolver, Game};
    use crate::outcome::{Value, Winner};
    use crate::perft::Perft;
    use crate::rng::{Entropy, Size};
    use crate::solver::{Refusal, Solver};
    use std::fmt;

    /// A subtraction game: a heap of `n` tokens, a move takes 1, 2 or 3 (`take k`). The
    /// oracle's generator is right; the fast one carries the planted bug `BUG`:
    /// 0 none; 1 no `take 3` at a heap of 5 (a move missing); 2 a `take 4` at a heap of
    /// 6 (a move too many); 3 at a heap of 4, `take 1` and `take 2` lead to each other's
    /// heap (a wrong successor that leaves every count equal); 4 `take 1` listed twice at
    /// a heap of 3; 5 at a heap of 5 no `take 1` and no `take 3`, at a heap of 4 no
    /// `take 2` (three differences at one depth); 6 no bug, but the oracle must not be
    /// asked (it panics).
    pub(crate) struct Heap<const BUG: u8>;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    pub(crate) struct Take(pub(crate) u32);

    impl fmt::Display for Take {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "take {}", self.0)
        }
    }

    /// The one rule set.
    #[derive(Debug, Clone, PartialEq, clap::Args)]
    pub(crate) struct NoRules {}

    impl fmt::Display for NoRules {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("take 1, 2 or 3")
        }
    }

    impl<const BUG: u8> crate::contest::SimpleContest for Heap<BUG> {}

    crate::variants! {
        /// The toy's one solver.
        pub(crate) enum Variant {
            /// The only solver.
            Naive = "naive",
        }
    }

    struct Never;

    impl Solver<u32, Value> for Never {
        fn name(&self) -> &'static str {
            "naive"
        }
        fn solve(&mut self, _: &u32) -> Result<Value, Refusal> {
            unreachable!("the comparison solves nothing")
        }
    }

    impl<const BUG: u8> Game for Heap<BUG> {
        const NAME: &'static str = "heap";
        const ABOUT: &'static str = "take 1, 2 or 3";
        type Rules = NoRules;
        type Case = u32;
        type Move = Take;
        type Answer = Value;
        type Output = Winner;
        type Variant = Variant;
        type Generators = ();
        const DEFAULT_VARIANT: Variant = Variant::Naive;
        const ORACLE_VARIANT: Variant = Variant::Naive;
        fn generators(_: &NoRules) {}
        fn oracle_moves(_: &(), _: &u32) -> Vec<Take> {
            unreachable!("the walker's own")
        }
        fn fast_moves(_: &(), _: &u32) -> Vec<Take> {
            unreachable!("the walker's own")
        }
        fn solver(_: &NoRules, _: Variant) -> BoxSolver<Self> {
            Box::new(Never)
        }
        fn read(_: &NoRules, _: &str) -> Result<Vec<u32>, ParseError> {
            unreachable!("no input")
        }
        fn write(_: &NoRules, _: &[u32]) -> String {
            unreachable!("no input")
        }
        fn output(_: &NoRules, _: &u32, _: Value) -> Winner {
            unreachable!("no answer")
        }
        fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> NoRules {
            NoRules {}
        }
        fn random_case<E: Entropy + ?Sized>(_: &NoRules, _: &mut E, _: Size) -> u32 {
            0
        }
    }

    fn takes(n: u32) -> Vec<(Take, u32)> {
        (1..=n.min(3)).map(|k| (Take(k), n - k)).collect()
    }

    impl<const BUG: u8> Perft for Heap<BUG> {
        type State = u32;
        type Key = u32;
        type StartArgs = NoFlags;
        type Walker = ();
        fn walker(_: &NoRules) {}
        fn default_start(_: &NoRules, _: &NoFlags) -> Result<u32, RuleError> {
            Ok(7)
        }
        fn state_of(_: &NoRules, n: &u32) -> Result<u32, RuleError> {
            Ok(*n)
        }
        fn key(n: &u32) -> u32 {
            *n
        }
        /// In reverse order: the comparison matches moves by notation, not by place.
        fn fast_children(_: &(), &n: &u32) -> Vec<(Take, u32)> {
            let mut kids = takes(n);
            match (BUG, n) {
                (1, 5) => kids.retain(|(t, _)| t.0 != 3),
                (2, 6) => kids.push((Take(4), 2)),
                (3, 4) => {
                    kids[0].1 = 2;
                    kids[1].1 = 3;
                }
                (4, 3) => kids.push((Take(1), 2)),
                (5, 5) => kids.retain(|(t, _)| t.0 == 2),
                (5, 4) => kids.retain(|(t, _)| t.0 != 2),
                _ => {}
            }
            kids.reverse();
            kids
        }
        fn oracle_children(_: &(), &n: &u32) -> Vec<(Take, u32)> {
            assert_ne!(BUG, 6, "the oracle was asked");
            takes(n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::toy::{Heap, Take};
    use super::*;

    fn run<const BUG: u8>(depth: u32) -> Comparison<Take, u32> {
        compare::<Heap<BUG>>(&(), &7, depth, CompareBounds::default()).unwrap()
    }

    fn shown(n: u32) -> Shown<u32> {
        Shown {
            state: n,
            text: n.to_string(),
        }
    }

    /// Without a bug: every distinct position fewer than D moves away compared once,
    /// both totals equal.
    #[test]
    fn agreeing_generators_give_no_difference_and_both_totals() {
        let c = run::<0>(3);
        // heaps 7; 6 5 4; 3 2 1 (each reached first at that depth): 18 moves, each twice
        assert_eq!((c.positions, c.moves, &c.difference), (7, 36, &None));
        assert_eq!((c.fast.clone(), c.oracle.clone()), (Ok(23), Ok(23)));
        assert_eq!(
            c.to_string(),
            "no difference: 7 positions, 36 moves compared (every position fewer than 3 \
             moves from the start)\nfast perft(3): 23\noracle perft(3): 23\n"
        );
        // to the end of every line: the eight heaps 7..=0, nothing more
        let whole = run::<0>(20);
        assert_eq!((whole.positions, whole.difference), (8, None));
        assert_eq!(whole.fast, Ok(0));
        let none = run::<0>(0);
        assert_eq!((none.positions, none.moves), (0, 0));
        assert_eq!((none.fast, none.oracle), (Ok(1), Ok(1)));
    }

    #[test]
    fn a_missing_move_is_found_where_it_is_first_reached() {
        // heap 5 is first reached by `take 2` (the start's second move in notation order)
        let c = run::<1>(3);
        let d = c.difference.clone().unwrap();
        assert_eq!(d.line, [Take(2)]);
        assert_eq!(
            (d.depth(), d.position.clone(), d.mv.as_str()),
            (1, shown(5), "take 3")
        );
        assert_eq!(d.mismatch, Mismatch::OracleOnly);
        assert_eq!((d.fast, d.oracle), (vec![], vec![shown(2)]));
        // the start and heaps 6 and 5 compared
        assert_eq!(c.positions, 3);
        assert_ne!(c.fast, c.oracle);
        assert_eq!(
            c.to_string(),
            "first difference at depth 1\nline: take 2\nposition:\n    5\nmove take 3: the \
             oracle gives it, the fast generator does not\noracle successor:\n    2\n\
             compared: 3 positions, 17 moves (to the difference)\nfast perft(3): 20\n\
             oracle perft(3): 23\n"
        );
        // not reached: no difference
        assert_eq!(run::<1>(1).difference, None);
    }

    #[test]
    fn a_move_too_many_is_found() {
        let d = run::<2>(2).difference.unwrap();
        assert_eq!((d.line, d.mv.as_str()), (vec![Take(1)], "take 4"));
        assert_eq!(
            (d.mismatch, d.fast, d.oracle),
            (Mismatch::FastOnly, vec![shown(2)], vec![])
        );
    }

    /// The bug perft alone never sees: the successors of two moves swapped, every count
    /// equal at every depth.
    #[test]
    fn a_wrong_successor_is_found_when_every_count_agrees() {
        for depth in 0..=8 {
            let fast = crate::perft::count::<Heap<3>>(&(), &7, depth, Generator::Fast);
            let oracle = crate::perft::count::<Heap<3>>(&(), &7, depth, Generator::Oracle);
            assert_eq!(fast, oracle, "depth {depth}");
        }
        let c = run::<3>(4);
        assert_eq!((c.fast.clone(), c.oracle.clone()), (Ok(31), Ok(31)));
        let d = c.difference.clone().unwrap();
        // heap 4: `take 3` from the start
        assert_eq!((d.line, d.position.state), (vec![Take(3)], 4));
        assert_eq!((d.mv.as_str(), d.mismatch), ("take 1", Mismatch::Successor));
        assert_eq!((d.fast, d.oracle), (vec![shown(2)], vec![shown(3)]));
        let text = c.to_string();
        assert!(
            text.contains(
                "move take 1: the two generators lead to different positions\nfast \
                 successor:\n    2\noracle successor:\n    3\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("fast perft(4): 31\noracle perft(4): 31\n"),
            "{text}"
        );
    }

    #[test]
    fn a_repeated_move_is_a_difference() {
        let c = run::<4>(5);
        let d = c.difference.clone().unwrap();
        // heap 3 first reached from 6 by `take 3`, at depth 2 (6 is the first of depth 1)
        assert_eq!((d.line, d.position.state), (vec![Take(1), Take(3)], 3));
        assert_eq!((d.mv.as_str(), d.mismatch), ("take 1", Mismatch::Repeated));
        assert_eq!(
            (d.fast, d.oracle),
            (vec![shown(2), shown(2)], vec![shown(2)])
        );
        assert!(c.to_string().contains(
            "move take 1: the fast generator lists it 2 times, the oracle once\nfast \
             successor 1:\n    2\nfast successor 2:\n    2\noracle successor:\n    2\n"
        ));
    }

    /// Several differences at one depth: the first position reached (heap 5 before heap
    /// 4), and there the first move in notation order.
    #[test]
    fn the_first_difference_in_breadth_first_order_is_reported() {
        let d = run::<5>(4).difference.unwrap();
        assert_eq!((d.line, d.position.state), (vec![Take(2)], 5));
        assert_eq!(
            (d.mv.as_str(), d.mismatch),
            ("take 1", Mismatch::OracleOnly)
        );
        // the start alone: depth 0 has no difference
        assert_eq!(run::<5>(1).difference, None);
    }

    /// Past a bound, a comparison is refused with the largest depth that fits: one to
    /// that depth runs under the same bound, one to the next depth does not; a
    /// difference at a depth the walk reached is still reported.
    #[test]
    fn a_refusal_names_the_largest_depth_that_fits() {
        let at = |positions, moves, depth| {
            let bounds = CompareBounds {
                positions,
                moves,
                ..CompareBounds::default()
            };
            compare::<Heap<0>>(&(), &7, depth, bounds)
        };
        for positions in 1..=9 {
            for moves in [0, 5, 6, 7, 20, 24, 30, 36, 40, 100] {
                match at(positions, moves, 10) {
                    Ok(c) => assert_eq!(c.positions, 8),
                    Err(e) => {
                        let fits = e.fits();
                        assert!(at(positions, moves, fits).is_ok(), "{e}");
                        assert!(at(positions, moves, fits + 1).is_err(), "{e}");
                    }
                }
            }
        }
        assert_eq!(
            at(3, 100, 3).unwrap_err().to_string(),
            "a comparison to depth 3 holds more than 3 positions (its bound); the largest \
             depth that fits is 1"
        );
        // both lists' moves are counted, the fast walk's as the comparison's
        assert!(at(100, 36, 3).is_ok());
        assert_eq!(at(100, 35, 3).unwrap_err().fits(), 2);
        assert_eq!(at(100, 5, 3).unwrap_err().fits(), 0);
        assert_eq!(
            at(100, 10, 3).unwrap_err(),
            CompareError::Moves {
                depth: 3,
                limit: 10,
                fits: 1
            }
        );
        // the bound is checked before the oracle lists a move, and a difference
        // shallower than the refusal is found at the depth that fits (heap 5, depth 1)
        let bounds = CompareBounds {
            positions: 4,
            ..CompareBounds::default()
        };
        let e = compare::<Heap<6>>(&(), &7, 3, bounds).unwrap_err();
        assert_eq!(e.fits(), 2);
        assert_eq!(compare::<Heap<1>>(&(), &7, 3, bounds).unwrap_err(), e);
        let c = compare::<Heap<1>>(&(), &7, 2, bounds).unwrap();
        assert_eq!(c.difference.unwrap().position.state, 5);
    }
}
