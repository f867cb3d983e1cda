//! The game tree from a start, layer by layer: positions, terminal positions, move
//! sequences and finished games by depth (what `count GAME` prints for any game with a
//! start and a move generator).
//!
//! Layer `d` is `R_d`, the distinct positions (by [`Perft::Key`]) reached from the start
//! in exactly `d` moves, each with the number of move sequences that reach it. A position
//! is *terminal* when it has no legal move; a *finished game* of `d` moves is a sequence
//! of `d` moves from the start that ends in a terminal position. The layers are built
//! breadth first, each from the one before, until a layer is empty (every line has
//! ended) or the depth asked for; a position that several depths reach is in each of
//! their layers, and once in the totals.
//!
//! Cost: every distinct position seen is held once (for the totals), with the current
//! and the next layer; the moves of each layer's positions are listed once per layer.
//! A count that would hold more positions at once or list more moves than its
//! [`Bounds`] is refused ([`CountError`]) with the largest depth that fits, after at
//! most that much work.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The most moves one count lists, summed over its layers: 2^28 = 268,435,456 (a few
/// seconds of a fast generator, a minute of a slow one). A count that would list more is
/// refused ([`CountError::Moves`]).
pub const MOVES_LIMIT: u64 = 1 << 28;

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
    /// once).
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

/// Why a count was refused; each says the largest depth whose count fits (`fits`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// More than the bound of positions held at once.
    #[error(
        "a count to depth {depth} holds more than {limit} positions at once (its bound); \
         the largest depth that fits is {fits}"
    )]
    Positions {
        /// The depth whose layer passed the bound.
        depth: u32,
        /// The bound ([`Bounds::positions`]).
        limit: usize,
        /// The largest depth whose count fits.
        fits: u32,
    },
    /// More than the bound of moves listed.
    #[error(
        "a count to depth {depth} lists more than {limit} moves (its bound); the largest \
         depth that fits is {fits}"
    )]
    Moves {
        /// The depth whose layer passed the bound.
        depth: u32,
        /// The bound ([`Bounds::moves`]).
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
}

impl CountError {
    /// The largest depth whose count fits (`None` for [`CountError::Endless`], where any
    /// depth fits as far as the bounds go).
    pub fn fits(&self) -> Option<u32> {
        match *self {
            CountError::Positions { fits, .. }
            | CountError::Moves { fits, .. }
            | CountError::TooWide { fits, .. }
            | CountError::Overflow { fits, .. } => Some(fits),
            CountError::Endless { .. } => None,
        }
    }
}

/// The bounds of one count: positions held at once, moves listed, moves of one position.
/// Its `Default` is the command line's: `perft::MEMO_LIMIT` positions, [`MOVES_LIMIT`]
/// moves, `perft::CHILDREN_LIMIT` moves at one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The most positions held at once (the set behind the totals, and two layers).
    pub positions: usize,
    /// The most moves listed, over every layer but the last.
    pub moves: u64,
    /// The most moves listed at one position (checked by [`Tree::widest`]).
    pub children: u128,
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
}

/// The tree from `start` of any [`Tree`], to `depth` (the end of every line when
/// `None`), within `bounds`: what is counted is in [`TreeCount`]. Every distinct
/// position seen is held once (for the totals), with the current and the next layer;
/// the moves of each layer's positions are listed once per layer.
///
/// With no depth given, a game whose lines can go round (a position repeats) has no
/// last layer: it is refused as [`CountError::Endless`] as soon as a layer is deeper
/// than the positions seen (a line that long repeats one, by pigeonhole), or, when a
/// bound is passed first, if a walk over the positions seen finds a line that comes
/// back to one of them (a game that always ends keeps the bound's error).
///
/// # Errors
/// [`CountError`]: a bound passed (with the largest depth that fits), or (no depth
/// given) a game that does not always end.
pub fn count_tree_of<T: Tree>(
    tree: &T,
    start: T::State,
    depth: Option<u32>,
    bounds: Bounds,
) -> Result<TreeCount, CountError> {
    let root = start.clone();
    let mut first = FxHashMap::default();
    layers(tree, start, depth, bounds, &mut first).map_err(|e| match e {
        CountError::Positions { .. } | CountError::Moves { .. } | CountError::Overflow { .. }
            if depth.is_none() =>
        {
            match line_back(tree, root, &first, bounds) {
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

/// A line of play from `root` through the positions of `seen` only that comes back to
/// a position already on it: its number of moves, by a depth-first walk (each position
/// of `seen` entered once, its moves listed once; a position wider than
/// [`Bounds::children`] is not entered). `None` when the positions seen hold no such
/// line.
fn line_back<T: Tree>(
    tree: &T,
    root: T::State,
    seen: &FxHashMap<T::Key, u32>,
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
        if !seen.contains_key(&k) {
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

/// The layers of [`count_tree_of`], leaving in `first` (empty at the call) every
/// position seen, with the depth it was first reached at (a terminal position counts
/// once in the totals: in the layer that reached it first).
fn layers<T: Tree>(
    tree: &T,
    start: T::State,
    depth: Option<u32>,
    bounds: Bounds,
    first: &mut FxHashMap<T::Key, u32>,
) -> Result<TreeCount, CountError> {
    first.insert(tree.key(&start), 0);
    let mut count = TreeCount {
        layers: Vec::new(),
        positions: 0,
        terminal: 0,
        sequences: 0,
        games: 0,
        whole: false,
    };
    let mut moves = 0u64;
    // R_d, each position with the move sequences that reach it
    let mut layer: Vec<(T::State, u128)> = vec![(start, 1)];
    let mut d = 0u32;
    loop {
        let last = depth == Some(d);
        let overflow = |depth| CountError::Overflow {
            depth,
            fits: depth.saturating_sub(1),
        };
        let mut row = Layer {
            depth: d,
            positions: layer.len() as u64,
            terminal: 0,
            sequences: 0,
            games: 0,
        };
        let mut next: Vec<(T::State, u128)> = Vec::new();
        let mut index: FxHashMap<T::Key, usize> = FxHashMap::default();
        for (state, paths) in &layer {
            row.sequences = row.sequences.checked_add(*paths).ok_or(overflow(d))?;
            let terminal = if last {
                tree.moves(state) == 0
            } else {
                if let Some(bound) = tree.widest(state).filter(|&b| b > bounds.children) {
                    // a count to depth d only counts this position's moves
                    return Err(CountError::TooWide {
                        depth: d,
                        bound,
                        limit: bounds.children,
                        fits: d,
                    });
                }
                let kids = tree.children(state);
                moves = moves.saturating_add(kids.len() as u64);
                if moves > bounds.moves {
                    // a count to depth d lists the moves of the layers before it only
                    return Err(CountError::Moves {
                        depth: d + 1,
                        limit: bounds.moves,
                        fits: d,
                    });
                }
                let terminal = kids.is_empty();
                for kid in kids {
                    let k = tree.key(&kid);
                    if let Some(&i) = index.get(&k) {
                        next[i].1 = next[i].1.checked_add(*paths).ok_or(overflow(d + 1))?;
                        continue;
                    }
                    index.insert(k.clone(), next.len());
                    next.push((kid, *paths));
                    first.entry(k).or_insert(d + 1);
                    if first.len() + layer.len() + next.len() > bounds.positions {
                        // a count to depth d holds the positions to depth d only
                        return Err(CountError::Positions {
                            depth: d + 1,
                            limit: bounds.positions,
                            fits: d,
                        });
                    }
                }
                terminal
            };
            if terminal {
                row.terminal += 1;
                row.games += *paths; // at most `row.sequences`: no overflow
                if first.get(&tree.key(state)) == Some(&d) {
                    count.terminal += 1;
                }
            }
        }
        count.sequences = count
            .sequences
            .checked_add(row.sequences)
            .ok_or(overflow(d))?;
        count.games += row.games; // at most `count.sequences`
        count.layers.push(row);
        if last || next.is_empty() {
            count.whole = row.terminal == row.positions;
            break;
        }
        if depth.is_none() && u64::from(d) + 2 > first.len() as u64 {
            // a line of d + 1 moves visits d + 2 positions, more than there are: one of
            // them repeats, so that line can go round for ever
            return Err(CountError::Endless {
                depth: d + 1,
                positions: first.len() as u64,
            });
        }
        layer = next;
        d += 1;
    }
    count.positions = first.len() as u64;
    Ok(count)
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

    fn ttt(depth: Option<u32>, bounds: Bounds) -> Result<TreeCount, CountError> {
        count_tree_of(&TicTacToe, [0; 9], depth, bounds)
    }

    /// The published figures of tic-tac-toe: 5,478 legal positions, 958 of them
    /// terminal, 255,168 finished games (1,440 of 5 moves, 5,328 of 6, 47,952 of 7,
    /// 72,576 of 8, 127,872 of 9), perft 9, 72, 504, …, 127,872.
    #[test]
    fn tic_tac_toe_has_its_published_numbers() {
        let t = ttt(None, Bounds::default()).unwrap();
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
    /// depth passes under the same bound, one to the next depth does not.
    #[test]
    fn a_refusal_names_the_largest_depth_that_fits() {
        let whole = ttt(None, Bounds::default()).unwrap();
        for positions in [
            1, 2, 9, 10, 11, 80, 82, 83, 400, 1000, 5000, 5477, 5478, 6000,
        ] {
            for moves in [0, 8, 9, 80, 81, 600, 4000, 20000, 100_000, 1_000_000] {
                let bounds = Bounds {
                    positions,
                    moves,
                    ..Bounds::default()
                };
                match ttt(None, bounds) {
                    Ok(t) => assert_eq!(t, whole),
                    Err(e) => {
                        let fits = e.fits().unwrap();
                        assert!(ttt(Some(fits), bounds).is_ok(), "{e} ({bounds:?})");
                        assert!(ttt(Some(fits + 1), bounds).is_err(), "{e} ({bounds:?})");
                    }
                }
            }
        }
        let e = ttt(
            None,
            Bounds {
                positions: 100,
                ..Bounds::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "a count to depth 2 holds more than 100 positions at once (its bound); the \
             largest depth that fits is 1"
        );
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
            positions: 1000,
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
        assert!(
            matches!(ends, CountError::Positions { fits: 8, .. }),
            "{ends}"
        );
        let deep = count_tree_of(&Wide::<true>, 0, Some(20), bounds).unwrap_err();
        assert!(matches!(deep, CountError::Positions { .. }), "{deep}");
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
