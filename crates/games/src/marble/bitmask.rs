//! The `bitmask` solver: memoized depth-first search over the square-frame bitmask,
//! moves from the shift generator ([`super::movegen::MoveGen`]).
//!
//! Sides 1..=5 keep the memo in a flat array of 2^(n²) bytes; side 6 (2^36 positions)
//! in a hash map of the positions the search reaches, so it refuses positions with more
//! than [`WIDE_MAX_EMPTY`] empty cells.

use super::geometry::Layout;
use super::movegen::MoveGen;
use super::rules::{Play, Rules, TABLE_MAX_SIDE};
use super::table::MASKED_MAX_EMPTY;
use super::Position;
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

const UNKNOWN: u8 = 0;
const LOSS: u8 = 1;
const WIN: u8 = 2;

/// The most empty cells of a side-6 position `bitmask` solves: its search reaches the
/// 2^22 sub-positions (about 3 s and 140 MiB of hash memo each, measured with
/// `/usr/bin/time gamecheck solve marble --side 6 --solver bitmask` on positions with
/// 22 empty cells; 20 empty cells take 0.6 s).
pub const WIDE_MAX_EMPTY: usize = 22;

/// The hash memo is cleared when it holds more entries than this (2^24, about 600 MiB),
/// so a long run of side-6 queries stays within about 1 GiB.
const WIDE_MEMO_MAX: usize = 1 << 24;

/// Memoized DFS; the memo is a flat array of 2^(n²) bytes (32 MiB for the 5-diamond)
/// or, for side 6, a hash map; allocated on the first query and kept across positions.
///
/// # Panics
/// [`Solver::solve`] panics when the position's side is not the rules' side (a
/// caller's bug, not bad input: the contest reader reads positions of the rules' side).
#[derive(Debug, Clone)]
pub struct Bitmask {
    side: usize,
    play: Play,
    layout: Layout,
    gen: MoveGen,
    memo: Vec<u8>,
    wide: FxHashMap<u64, bool>,
    /// the hash memo's bound, [`WIDE_MEMO_MAX`] (smaller in the unit tests)
    wide_max: usize,
}

impl Bitmask {
    /// The solver for `rules`.
    pub fn new(rules: &Rules) -> Self {
        Bitmask {
            side: rules.side(),
            play: rules.play(),
            layout: Layout::new(rules.side()),
            gen: MoveGen::new(rules),
            memo: Vec::new(),
            wide: FxHashMap::default(),
            wide_max: WIDE_MEMO_MAX,
        }
    }

    /// Whether the player to move wins at `filled` (square bits). Side 6 takes any
    /// position but costs up to 2^e memo entries for e empty cells; [`Solver::solve`]
    /// refuses above [`WIDE_MAX_EMPTY`].
    pub fn wins_square(&mut self, filled: u64) -> bool {
        if self.side > TABLE_MAX_SIDE {
            if self.wide.len() > self.wide_max {
                self.wide = FxHashMap::default();
            }
            return wins(&self.gen, &mut self.wide, self.play, filled);
        }
        if self.memo.is_empty() {
            self.memo = vec![UNKNOWN; self.gen.full() as usize + 1];
        }
        wins(&self.gen, self.memo.as_mut_slice(), self.play, filled)
    }

    fn refuse(&self, position: &Position) -> Result<(), Refusal> {
        let empty = position.empty_cells();
        if self.side > TABLE_MAX_SIDE && empty > WIDE_MAX_EMPTY {
            return Err(Refusal {
                solver: "bitmask",
                reason: format!(
                    "{empty} empty cells, more than its side-{} limit of {WIDE_MAX_EMPTY} \
                     (the table solver answers up to {MASKED_MAX_EMPTY} empty cells \
                     without a file, and the full table any position: build it once \
                     with `gamecheck table marble --side {} --out FILE`)",
                    self.side, self.side
                ),
                // the easier fix first: the table solver's own masked table
                suggestion: if empty <= MASKED_MAX_EMPTY {
                    Suggestion::Solver("table")
                } else {
                    Suggestion::Flag("--table FILE".into())
                },
            });
        }
        Ok(())
    }
}

/// Where the search keeps what it has solved: a flat array indexed by the position
/// (sides 1..=5) or a hash map of the positions reached (side 6).
trait Memo {
    /// Whether the player to move wins at `filled`, when it is known.
    fn get(&self, filled: u64) -> Option<bool>;
    /// Records the answer at `filled`.
    fn set(&mut self, filled: u64, win: bool);
}

impl Memo for [u8] {
    fn get(&self, filled: u64) -> Option<bool> {
        match self[filled as usize] {
            WIN => Some(true),
            LOSS => Some(false),
            _ => None,
        }
    }
    fn set(&mut self, filled: u64, win: bool) {
        self[filled as usize] = if win { WIN } else { LOSS };
    }
}

impl Memo for FxHashMap<u64, bool> {
    fn get(&self, filled: u64) -> Option<bool> {
        FxHashMap::get(self, &filled).copied()
    }
    fn set(&mut self, filled: u64, win: bool) {
        self.insert(filled, win);
    }
}

/// The search: whether the player to move wins at `filled` (square bits), every
/// answer memoized (a full board: the mover loses, or wins in misère play).
fn wins<M: Memo + ?Sized>(gen: &MoveGen, memo: &mut M, play: Play, filled: u64) -> bool {
    if let Some(w) = memo.get(filled) {
        return w;
    }
    let win = if filled == gen.full() {
        play == Play::Misere
    } else {
        gen.for_each(filled, |m| {
            if wins(gen, memo, play, filled | m) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .is_break()
    };
    memo.set(filled, win);
    win
}

impl Solver<Position, Value> for Bitmask {
    fn name(&self) -> &'static str {
        "bitmask"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        self.refuse(position)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        assert_eq!(
            position.side(),
            self.side,
            "position and rules differ in side"
        );
        self.refuse(position)?;
        let sq = self.layout.to_square(position.marbles());
        Ok(if self.wins_square(sq) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marble::LineSet;

    /// Sides 1..=5 keep the flat memo of 2^(n²) entries and never the hash memo; side 6
    /// the hash memo and never the flat one.
    #[test]
    fn each_side_keeps_its_own_memo() {
        for side in 1..=6 {
            for play in [Play::Normal, Play::Misere] {
                let rules = Rules::new(side, None, LineSet::ALL, play).expect("valid");
                let mut solver = Bitmask::new(&rules);
                let cells = side * side;
                // the full board but its first min(cells, 10) cells
                let filled = ((1u64 << cells) - 1) & !((1u64 << cells.min(10)) - 1);
                solver.wins_square(filled);
                if side <= TABLE_MAX_SIDE {
                    assert_eq!(solver.memo.len(), 1 << cells, "{rules}");
                    assert!(solver.wide.is_empty(), "{rules}");
                } else {
                    assert!(solver.memo.is_empty(), "{rules}");
                    assert!(!solver.wide.is_empty(), "{rules}");
                }
            }
        }
    }

    /// The side-6 hash memo is kept across queries while it holds at most its bound of
    /// entries, and cleared before the next query once it holds more.
    #[test]
    fn the_side6_memo_is_cleared_only_above_its_bound() {
        let full = (1u64 << 36) - 1;
        // positions with 8 empty cells in opposite corners: neither search reaches the
        // other's positions (but the full board)
        let (a, b) = (full & !0xFF, full & !(0xFF << 28));
        for play in [Play::Normal, Play::Misere] {
            let rules = Rules::new(6, None, LineSet::ALL, play).expect("valid");
            let mut alone = Bitmask::new(&rules);
            alone.wins_square(b);
            // the bound: WIDE_MEMO_MAX (2^24), far above, exactly at, and just below a's
            // entries
            for (slack, kept) in [
                (None, true),
                (Some(1 << 20), true),
                (Some(0), true),
                (Some(-1), false),
            ] {
                let mut solver = Bitmask::new(&rules);
                solver.wins_square(a);
                let memo_a = solver.wide.clone();
                if let Some(s) = slack {
                    solver.wide_max = memo_a.len().checked_add_signed(s).expect("in range");
                }
                assert_eq!(solver.wins_square(b), alone.wins_square(b));
                let has_a = memo_a.iter().all(|(p, w)| solver.wide.get(p) == Some(w));
                assert_eq!(has_a, kept, "{rules}, bound slack {slack:?}");
                if !kept {
                    assert_eq!(solver.wide, alone.wide, "{rules}: cleared, then b alone");
                }
            }
        }
    }
}
