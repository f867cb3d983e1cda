//! Perft in shards: the tree cut at a split depth `s`, the distinct positions there dealt
//! to `N` shards, each shard counting perft(`D − s`) of its positions times their number
//! of paths from the start ([`split`], [`count_shard`]; `perft --shard K/N`).
//!
//! Move sequences split across subtrees exactly: every sequence of `D` moves passes
//! through one position at depth `s`, so perft(D) = Σ over the positions `p` at depth
//! `s` of paths(p) × perft(p, D − s), and by first move the same sum over the paths that
//! begin with that move. Under [`Finished::Leaf`] a line that ends before `s` counts 1,
//! on shard 0.

use super::{too_wide, Counter, Divided, Finished, Generator, Perft, PerftError, Stop};
use rustc_hash::FxHashMap;
use sha2::{Digest, Sha256};

/// The most distinct positions a split holds: 2^20 = 1,048,576 (each with its state and
/// its paths by first move). A split depth whose layer passes it is refused
/// ([`SplitError::TooMany`]); the automatic choice stops before it.
pub const SPLIT_LIMIT: usize = 1 << 20;

/// The automatic split depth is the first at which the positions number at least this
/// many per shard (so that their subtrees, of unequal sizes, even out over the shards).
pub const POSITIONS_PER_SHARD: usize = 16;

/// The first-move index of the paths of a split at depth 0 (there is no first move).
const NO_MOVE: u32 = u32::MAX;

/// One position at the split depth and the number of paths from the start that reach
/// it, by first move.
#[derive(Debug, Clone)]
pub struct SplitPosition<P: Perft> {
    /// The position.
    pub state: P::State,
    /// `(first move's index in` [`Split::first_moves`]`, paths)`, by index; at split depth
    /// 0, one entry of index `u32::MAX` (no first move) and 1 path.
    pub paths: Vec<(u32, u128)>,
}

/// The tree of a perft cut at a depth: what every shard computes alike before counting
/// its share.
#[derive(Debug, Clone)]
pub struct Split<P: Perft> {
    /// The split depth `s` (0 only for a count of depth 0).
    pub depth: u32,
    /// Each legal first move's notation, in the generator's order (empty at depth 0).
    pub first_moves: Vec<String>,
    /// The distinct positions at depth `s`, in order of first reach (breadth first, each
    /// position's moves in the generator's order): position `j` goes to shard `j mod N`.
    pub positions: Vec<SplitPosition<P>>,
    /// Paths that end (no legal move) before depth `s`, by first move as in
    /// [`SplitPosition::paths`]: each counts 1 under [`Finished::Leaf`], 0 under
    /// [`Finished::Dropped`].
    pub ended: Vec<(u32, u128)>,
}

/// Why a split was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// The split depth is deeper than the count.
    #[error("the split depth {split} is deeper than the count's depth {depth}")]
    TooDeep {
        /// The split depth asked for.
        split: u32,
        /// The count's depth.
        depth: u32,
    },
    /// The split depth is 0 for a count of depth 1 or more.
    #[error("the split depth is 0: a split needs at least one move (--split-depth 1 or more)")]
    Zero,
    /// The positions at the split depth pass [`SPLIT_LIMIT`].
    #[error(
        "depth {split} holds more than {SPLIT_LIMIT} distinct positions, more than a split \
         holds: a shallower --split-depth (depth {fits} fits)"
    )]
    TooMany {
        /// The split depth asked for.
        split: u32,
        /// The deepest split depth that fits.
        fits: u32,
    },
    /// A count of paths passed `u128`, or a position may have too many moves.
    #[error(transparent)]
    Perft(#[from] PerftError),
}

/// Adds `(index, paths)` entries of `from` into `into` (both sorted by index).
fn add_paths(into: &mut Vec<(u32, u128)>, from: &[(u32, u128)]) -> Result<(), Stop> {
    for &(m, n) in from {
        match into.binary_search_by_key(&m, |&(i, _)| i) {
            Ok(at) => into[at].1 = into[at].1.checked_add(n).ok_or(Stop::Overflow)?,
            Err(at) => into.insert(at, (m, n)),
        }
    }
    Ok(())
}

/// The tree of perft(`depth`) from `state` cut at `split_depth`, or at the first depth
/// `s` in 1..=max(1, `depth` − 1) whose distinct positions number at least
/// [`POSITIONS_PER_SHARD`] × `shards` (the last of them when none does, or the last
/// before one passes [`SPLIT_LIMIT`]). Depth 0 splits at 0; a split deeper than every
/// line stops at the depth where the last line ended (no position left).
///
/// # Errors
/// [`SplitError`]: a split depth deeper than `depth`, or 0 for a count of depth 1 or
/// more, or whose layer passes [`SPLIT_LIMIT`] positions; a position that may have more
/// than [`super::CHILDREN_LIMIT`] moves; a number of paths past `u128`.
pub fn split<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    split_depth: Option<u32>,
    shards: u32,
) -> Result<Split<P>, SplitError> {
    split_within::<P>(walker, state, depth, gen, split_depth, shards, SPLIT_LIMIT)
}

/// [`split`] holding at most `limit` positions instead of [`SPLIT_LIMIT`] (the tests of
/// the bound).
fn split_within<P: Perft>(
    walker: &P::Walker,
    state: &P::State,
    depth: u32,
    gen: Generator,
    split_depth: Option<u32>,
    shards: u32,
    limit: usize,
) -> Result<Split<P>, SplitError> {
    if let Some(e) = too_wide::<P>(walker, state, depth) {
        return Err(e.into());
    }
    let overflow = |_| SplitError::Perft(PerftError::Overflow { depth });
    let start = Split {
        depth: 0,
        first_moves: Vec::new(),
        positions: vec![SplitPosition {
            state: state.clone(),
            paths: vec![(NO_MOVE, 1)],
        }],
        ended: Vec::new(),
    };
    match split_depth {
        Some(s) if s > depth => return Err(SplitError::TooDeep { split: s, depth }),
        Some(0) if depth > 0 => return Err(SplitError::Zero),
        _ if depth == 0 => return Ok(start),
        _ => {}
    }
    let target = split_depth.unwrap_or_else(|| depth.saturating_sub(1).max(1));
    let enough = POSITIONS_PER_SHARD.saturating_mul(shards as usize);
    let children = |s: &P::State| match gen {
        Generator::Fast => P::fast_children(walker, s),
        Generator::Oracle => P::oracle_children(walker, s),
    };
    let mut cut = start;
    // a split past the end of every line holds nothing more: it stops where they ended
    while cut.depth < target && !cut.positions.is_empty() {
        let mut next: Vec<SplitPosition<P>> = Vec::new();
        let mut index: FxHashMap<P::Key, usize> = FxHashMap::default();
        let mut ended = cut.ended.clone();
        let mut first_moves = cut.first_moves.clone();
        let mut too_many = false;
        for p in &cut.positions {
            let moves = children(&p.state);
            if moves.is_empty() {
                add_paths(&mut ended, &p.paths).map_err(overflow)?;
            }
            for (mv, child) in moves {
                let paths = match cut.depth {
                    0 => {
                        first_moves.push(mv.to_string());
                        vec![(first_moves.len() as u32 - 1, 1)]
                    }
                    _ => p.paths.clone(),
                };
                let at = *index.entry(P::key(&child)).or_insert_with(|| {
                    next.push(SplitPosition {
                        state: child,
                        paths: Vec::new(),
                    });
                    next.len() - 1
                });
                add_paths(&mut next[at].paths, &paths).map_err(overflow)?;
            }
            if next.len() > limit {
                too_many = true;
                break;
            }
        }
        if too_many {
            return match split_depth {
                Some(s) => Err(SplitError::TooMany {
                    split: s,
                    fits: cut.depth.max(1),
                }),
                // the automatic choice keeps the last depth that fits (at least 1: the
                // first moves are at most CHILDREN_LIMIT = SPLIT_LIMIT, checked above,
                // for a game that bounds its moves)
                None if cut.depth >= 1 => Ok(cut),
                None => Err(SplitError::TooMany { split: 1, fits: 1 }),
            };
        }
        cut = Split {
            depth: cut.depth + 1,
            first_moves,
            positions: next,
            ended,
        };
        if split_depth.is_none() && cut.positions.len() >= enough {
            break;
        }
    }
    Ok(cut)
}

impl<P: Perft> Split<P> {
    /// SHA-256 (lowercase hex) of the split: its depth, its first moves, each position as
    /// [`Perft::show`] writes it with its paths, in dealing order, and the ended paths.
    /// Two shards whose splits differ (another build of the game, another move order)
    /// carry different digests, so a merge refuses to add their counts.
    pub fn digest(&self, walker: &P::Walker) -> String {
        let mut h = Sha256::new();
        h.update(format!("split depth {}\n", self.depth));
        for m in &self.first_moves {
            h.update(format!("first move {m}\n"));
        }
        let paths = |paths: &[(u32, u128)]| {
            paths
                .iter()
                .map(|(m, n)| format!("{m}:{n}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        for p in &self.positions {
            h.update(format!(
                "position {}\npaths {}\n",
                P::show(walker, &p.state),
                paths(&p.paths)
            ));
        }
        h.update(format!("ended {}\n", paths(&self.ended)));
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// What one shard counted: perft by first move and in total over its share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardCount {
    /// How many of the split's positions were dealt to this shard.
    pub positions: u64,
    /// This shard's part of each first move's count, sorted by the move's notation as
    /// `perft --divide` sorts them (every first move, 0 where none of its paths came
    /// here); empty at split depth 0.
    pub lines: Vec<Divided>,
    /// This shard's part of the total.
    pub total: u128,
}

/// Shard `index` of `shards`: perft(`depth` − `split.depth`) of each position `j` of
/// the split with `j mod shards == index`, times its paths; under [`Finished::Leaf`],
/// shard 0 adds the paths that ended before the split. The sum of every shard's counts
/// is perft(`depth`) of the split's start, and by first move its divide.
///
/// The shard keeps one memo of at most `limit` entries for all its positions (their
/// subtrees share positions). When a position's count would pass the bound, the memo is
/// emptied and that position counted again from nothing: a shard is refused only when
/// one position's subtree alone needs more than `limit` entries. A count that one
/// machine refuses for its memo can so be counted in shards.
///
/// # Errors
/// [`PerftError::MemoBound`] when one position's count passes the memo bound, with a
/// deeper split the remedy; [`PerftError::Overflow`] past `u128`.
///
/// # Panics
/// When `shards` is 0 or `index` is not below it, or `depth` is below the split's.
#[allow(clippy::too_many_arguments)]
pub fn count_shard<P: Perft>(
    walker: &P::Walker,
    split: &Split<P>,
    depth: u32,
    gen: Generator,
    finished: Finished,
    index: u32,
    shards: u32,
    limit: usize,
) -> Result<ShardCount, PerftError> {
    assert!(index < shards, "shard {index} of {shards}");
    assert!(
        depth >= split.depth,
        "a count of depth {depth} from a split at depth {}",
        split.depth
    );
    let overflow = PerftError::Overflow { depth };
    let rest = depth - split.depth;
    let mut counter = Counter::<P>::new(walker, gen, finished, limit);
    let mut by_move = vec![0u128; split.first_moves.len()];
    let mut total: u128 = 0;
    let mut add = |paths: &[(u32, u128)], n: u128| -> Result<(), PerftError> {
        for &(m, p) in paths {
            let v = p.checked_mul(n).ok_or(overflow.clone())?;
            if m != NO_MOVE {
                let line = &mut by_move[m as usize];
                *line = line.checked_add(v).ok_or(overflow.clone())?;
            }
            total = total.checked_add(v).ok_or(overflow.clone())?;
        }
        Ok(())
    };
    let mut positions = 0;
    for (j, p) in split.positions.iter().enumerate() {
        if j % shards as usize != index as usize {
            continue;
        }
        positions += 1;
        let n = match counter.count(&p.state, rest) {
            Err(Stop::Memo) => {
                counter.memo.clear();
                counter.count(&p.state, rest)
            }
            n => n,
        }
        .map_err(|s| match s {
            Stop::Overflow => PerftError::Overflow { depth },
            Stop::Memo => PerftError::MemoBound { depth },
        })?;
        add(&p.paths, n)?;
    }
    if index == 0 && finished == Finished::Leaf {
        add(&split.ended, 1)?;
    }
    let mut lines: Vec<Divided> = split
        .first_moves
        .iter()
        .zip(by_move)
        .map(|(mv, count)| Divided {
            mv: mv.clone(),
            count,
        })
        .collect();
    lines.sort_by(|a, b| a.mv.cmp(&b.mv));
    Ok(ShardCount {
        positions,
        lines,
        total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::compare::toy::Heap;
    use crate::perft::{perft_with_finished, MEMO_LIMIT};

    /// Every shard count of every split depth and shard number adds up to the unsharded
    /// count and divide, under both conventions, and no position is dealt twice.
    #[test]
    fn shards_add_up_to_the_unsharded_count() {
        // the toy heap game from 7 tokens: lines end at every depth from 3 to 7
        let (walker, state) = ((), 7u32);
        for finished in [Finished::Dropped, Finished::Leaf] {
            for depth in 0..=7 {
                let (lines, total) = perft_with_finished::<Heap<0>>(
                    &walker,
                    &state,
                    depth,
                    Generator::Fast,
                    true,
                    MEMO_LIMIT,
                    finished,
                )
                .unwrap();
                let splits = (0..=depth).map(Some).chain([None]);
                for s in splits {
                    for shards in 1..=5 {
                        let cut = match split::<Heap<0>>(
                            &walker,
                            &state,
                            depth,
                            Generator::Fast,
                            s,
                            shards,
                        ) {
                            Ok(cut) => cut,
                            Err(SplitError::Zero) => {
                                assert!(s == Some(0) && depth > 0);
                                continue;
                            }
                            Err(e) => panic!("{e}"),
                        };
                        let mut sum = 0;
                        let mut by_line = vec![0u128; lines.len()];
                        let mut dealt = 0;
                        for k in 0..shards {
                            let c = count_shard::<Heap<0>>(
                                &walker,
                                &cut,
                                depth,
                                Generator::Fast,
                                finished,
                                k,
                                shards,
                                MEMO_LIMIT,
                            )
                            .unwrap();
                            sum += c.total;
                            dealt += c.positions;
                            let moves: Vec<&str> = c.lines.iter().map(|l| l.mv.as_str()).collect();
                            let want: Vec<&str> = lines.iter().map(|l| l.mv.as_str()).collect();
                            assert_eq!(moves, want);
                            for (b, l) in by_line.iter_mut().zip(&c.lines) {
                                *b += l.count;
                            }
                        }
                        let at = format!("{finished:?} depth {depth} split {s:?} shards {shards}");
                        assert_eq!(sum, total, "{at}");
                        assert_eq!(dealt, cut.positions.len() as u64, "{at}");
                        let want: Vec<u128> = lines.iter().map(|l| l.count).collect();
                        assert_eq!(by_line, want, "{at}");
                    }
                }
            }
        }
    }

    /// The memo bound of a shard: a count refused unsharded for its memo is counted in
    /// shards (each shard's memo emptied between its positions when full), and a shard
    /// is refused only when one position's subtree alone passes the bound.
    #[test]
    fn a_count_refused_for_its_memo_fits_in_shards() {
        // a heap of 30 (the start state is the heap): perft(12) memoizes every heap at
        // each remaining depth it is met with, about 80 entries
        let (walker, state) = ((), 30u32);
        let depth = 12;
        let limit = 20;
        let (_, want) = perft_with_finished::<Heap<0>>(
            &walker,
            &state,
            depth,
            Generator::Fast,
            false,
            MEMO_LIMIT,
            Finished::Dropped,
        )
        .unwrap();
        let refused = perft_with_finished::<Heap<0>>(
            &walker,
            &state,
            depth,
            Generator::Fast,
            false,
            limit,
            Finished::Dropped,
        )
        .unwrap_err();
        assert_eq!(refused.error, PerftError::MemoBound { depth });
        let sharded = |split_depth, limit| -> Result<u128, PerftError> {
            let cut = split::<Heap<0>>(
                &walker,
                &state,
                depth,
                Generator::Fast,
                Some(split_depth),
                2,
            )
            .unwrap();
            (0..2).try_fold(0, |sum, k| {
                count_shard::<Heap<0>>(
                    &walker,
                    &cut,
                    depth,
                    Generator::Fast,
                    Finished::Dropped,
                    k,
                    2,
                    limit,
                )
                .map(|c| sum + c.total)
            })
        };
        assert!(want > 100_000, "{want}");
        // from split depth 7 on, each position's subtree fits the bound alone
        for s in 7..=depth {
            assert_eq!(sharded(s, limit), Ok(want), "split depth {s}");
        }
        // split at 1, a position's subtree needs more than the bound alone
        assert_eq!(sharded(1, limit), Err(PerftError::MemoBound { depth }));
        assert_eq!(sharded(1, MEMO_LIMIT), Ok(want));
    }

    /// The split depth: the one asked for (at most the count's depth, at least 1), or
    /// the first with at least 16 positions per shard, at most D − 1; a layer past the
    /// bound is refused when asked for, and left for the depth before it when chosen.
    #[test]
    fn the_split_depth_is_asked_for_or_chosen_within_the_bound() {
        // a heap of 100 (the start state is the heap): 2k + 1 heaps at depth k
        let (walker, state) = ((), 100u32);
        let cut = |depth, s, shards, limit| {
            split_within::<Heap<0>>(&walker, &state, depth, Generator::Fast, s, shards, limit)
        };
        let depth_of =
            |r: Result<Split<Heap<0>>, SplitError>| r.map(|c| (c.depth, c.positions.len()));
        assert_eq!(depth_of(cut(12, Some(5), 1, 100)), Ok((5, 11)));
        assert_eq!(
            depth_of(cut(12, Some(13), 1, 100)),
            Err(SplitError::TooDeep {
                split: 13,
                depth: 12
            })
        );
        assert_eq!(depth_of(cut(12, Some(0), 1, 100)), Err(SplitError::Zero));
        assert_eq!(depth_of(cut(0, None, 1, 100)), Ok((0, 1)));
        // 16 positions for one shard: depth 8 (17 heaps); 32 for two: past D − 1 = 11
        assert_eq!(depth_of(cut(12, None, 1, 100)), Ok((8, 17)));
        assert_eq!(depth_of(cut(12, None, 2, 100)), Ok((11, 23)));
        assert_eq!(depth_of(cut(1, None, 2, 100)), Ok((1, 3)));
        // the bound: 11 positions at depth 5 pass 10, 10 at depth 4.5 do not exist
        assert_eq!(depth_of(cut(12, Some(5), 1, 11)), Ok((5, 11)));
        assert_eq!(
            depth_of(cut(12, Some(5), 1, 10)),
            Err(SplitError::TooMany { split: 5, fits: 4 })
        );
        assert_eq!(depth_of(cut(12, None, 1, 10)), Ok((4, 9)));
        assert_eq!(
            depth_of(cut(12, None, 1, 2)),
            Err(SplitError::TooMany { split: 1, fits: 1 })
        );
    }

    /// The digest tells splits apart: another depth, another start, another order of the
    /// same positions; the same split gives the same digest.
    #[test]
    fn the_digest_tells_splits_apart() {
        let digest = |state: u32, s: u32| {
            split::<Heap<0>>(&(), &state, 6, Generator::Fast, Some(s), 1)
                .unwrap()
                .digest(&())
        };
        assert_eq!(digest(7, 2), digest(7, 2));
        assert_eq!(digest(7, 2).len(), 64);
        assert_ne!(digest(7, 2), digest(7, 3));
        assert_ne!(digest(7, 2), digest(8, 2));
        // the fast generator lists the moves in reverse: the same positions, another order
        let fast = split::<Heap<0>>(&(), &7, 6, Generator::Fast, Some(2), 1).unwrap();
        let oracle = split::<Heap<0>>(&(), &7, 6, Generator::Oracle, Some(2), 1).unwrap();
        let heaps = |c: &Split<Heap<0>>| {
            let mut h: Vec<u32> = c.positions.iter().map(|p| p.state).collect();
            h.sort_unstable();
            h
        };
        assert_eq!(heaps(&fast), heaps(&oracle));
        assert_ne!(fast.digest(&()), oracle.digest(&()));
    }
}
