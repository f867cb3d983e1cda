//! The `table` solver: retrograde analysis of every position of a rule set into a table
//! of one bit per position, then O(1) answers.
//!
//! Positions are square-frame bitmasks `p` (bit set = marble). The table is split into
//! 64-position words: word `hi` holds positions `hi·2^b + lo` for the `b = min(6, n²)`
//! low cells. Every move adds marbles, so a position depends only on positions with more
//! marbles. The pass runs over words in an order where `hi | m_hi` comes first (numeric
//! descent, or by falling popcount in parallel with rayon), and inside a word by falling
//! popcount of `lo`. Each move `m = (m_hi, m_lo)` contributes, for all 64 positions of a
//! word at once, `(!word[hi | m_hi] >> m_lo) & DISJOINT[m_lo]` — the positions `lo`
//! disjoint from `m_lo` whose successor `lo | m_lo = lo + m_lo` is a loss — because
//! `lo + m_lo` is `lo | m_lo` when they are disjoint.

use super::geometry::Layout;
use super::movegen::MoveGen;
use super::rules::{Play, Rules};
use super::Position;
use crate::outcome::Value;
use crate::solver::{Refusal, Solver};
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;

/// A solved rule set: bit `p` is set when the player to move wins at square-frame
/// position `p`. 2^(n²) bits: 8 KiB for the 4-diamond, 4 MiB for the 5-diamond.
#[derive(Debug, Clone)]
pub struct Table {
    rules: Rules,
    lo_bits: u32,
    words: Vec<u64>,
}

/// Words above this many hi bits are solved in parallel, a popcount layer at a time.
const PARALLEL_HI_BITS: u32 = 14;

impl Table {
    /// Solves every position of `rules` (retrograde analysis).
    pub fn build(rules: &Rules) -> Table {
        let cells = rules.cells() as u32;
        let lo_bits = cells.min(6);
        let hi_bits = cells - lo_bits;
        let lo_mask = (1u32 << lo_bits) - 1;
        let per_word = 1u32 << lo_bits;
        let valid: u64 = if per_word == 64 {
            !0
        } else {
            (1u64 << per_word) - 1
        };
        let word_of = |pred: &dyn Fn(u32) -> bool| -> u64 {
            (0..per_word)
                .filter(|&lo| pred(lo))
                .fold(0, |w, lo| w | 1 << lo)
        };
        let disjoint = |m: u32| word_of(&|lo| lo & m == 0);
        let layers: Vec<u64> = (0..lo_bits)
            .rev()
            .map(|j| word_of(&|lo| lo.count_ones() == j))
            .collect();

        let mut internal: Vec<(u32, u64)> = Vec::new();
        let mut external: Vec<(u32, u32, u64)> = Vec::new();
        for m in MoveGen::new(rules).moves(0) {
            let (mh, ml) = (m >> lo_bits, m & lo_mask);
            if mh == 0 {
                internal.push((ml, disjoint(ml)));
            } else {
                external.push((mh, ml, disjoint(ml)));
            }
        }
        let full_hi = (1u32 << hi_bits) - 1;
        // The full board is terminal: a loss in normal play, a win in misère play.
        let terminal = match rules.play() {
            Play::Normal => 0,
            Play::Misere => 1u64 << (per_word - 1),
        };

        let compute = |hi: u32, words: &[u64]| -> u64 {
            let mut w = if hi == full_hi { terminal } else { 0 };
            for &(mh, ml, d) in &external {
                if mh & hi == 0 {
                    w |= (!words[(hi | mh) as usize] >> ml) & d;
                }
            }
            // inside the word: positions with fewer low marbles depend on more
            for &layer in &layers {
                let lost = !w;
                let mut acc = 0u64;
                for &(ml, d) in &internal {
                    acc |= (lost >> ml) & d;
                }
                w |= acc & layer;
            }
            w & valid
        };

        let mut words = vec![0u64; 1usize << hi_bits];
        if hi_bits <= PARALLEL_HI_BITS {
            for hi in (0..=full_hi).rev() {
                words[hi as usize] = compute(hi, &words);
            }
        } else {
            let mut by_count: Vec<Vec<u32>> = vec![Vec::new(); hi_bits as usize + 1];
            for hi in 0..=full_hi {
                by_count[hi.count_ones() as usize].push(hi);
            }
            for layer in by_count.iter().rev() {
                let done: Vec<u64> = layer.par_iter().map(|&hi| compute(hi, &words)).collect();
                for (&hi, w) in layer.iter().zip(done) {
                    words[hi as usize] = w;
                }
            }
        }
        Table {
            rules: *rules,
            lo_bits,
            words,
        }
    }

    /// A table from raw words (bit `lo` of word `hi` for square position
    /// `hi·2^b + lo`, `b = min(6, n²)`), such as a stored or deliberately corrupted one;
    /// [`Table::certify`] it before trusting it.
    ///
    /// # Panics
    /// When `words` does not have 2^(n² − b) entries.
    pub fn from_words(rules: &Rules, words: Vec<u64>) -> Table {
        let lo_bits = (rules.cells() as u32).min(6);
        assert_eq!(
            words.len(),
            1usize << (rules.cells() as u32 - lo_bits),
            "table size"
        );
        Table {
            rules: *rules,
            lo_bits,
            words,
        }
    }

    /// The rules this table solves.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the player to move wins at square-frame position `filled`.
    #[inline]
    pub fn wins_square(&self, filled: u32) -> bool {
        let lo_mask = (1u32 << self.lo_bits) - 1;
        self.words[(filled >> self.lo_bits) as usize] >> (filled & lo_mask) & 1 == 1
    }

    /// The number of positions in the table, 2^(n²).
    pub fn len(&self) -> u64 {
        1u64 << self.rules.cells()
    }

    /// Always false: a table has at least the empty and the full board.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The table's memory in bytes (one bit per position).
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Proves the table consistent, independently of how it was built: for every
    /// position, with moves from the bitmask generator, a non-terminal win has a move to
    /// a loss, a non-terminal loss has only moves to wins, and the full board (the only
    /// terminal position) has the end rule's value (normal: loss; misère: win).
    ///
    /// # Errors
    /// The first inconsistent position (square-frame bits) and what is wrong with it.
    pub fn certify(&self) -> Result<(), String> {
        let gen = MoveGen::new(&self.rules);
        let full = gen.full();
        let bad = (0..=full).into_par_iter().find_any(|&p| {
            let w = self.wins_square(p);
            if p == full {
                return w != (self.rules.play() == Play::Misere);
            }
            let to_loss = gen
                .for_each(p, |m| {
                    if self.wins_square(p | m) {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                })
                .is_break();
            w != to_loss
        });
        match bad {
            None => Ok(()),
            Some(p) if p == full => Err(format!(
                "the full board {p:#x} is marked {} under {}",
                if self.wins_square(p) { "won" } else { "lost" },
                self.rules
            )),
            Some(p) => Err(format!(
                "position {p:#x} is marked {} but {}",
                if self.wins_square(p) { "won" } else { "lost" },
                if self.wins_square(p) {
                    "has no move to a lost position"
                } else {
                    "has a move to a lost position"
                }
            )),
        }
    }
}

/// The `table` solver: builds the table on the first query (or takes a shared one) and
/// answers each position with one lookup.
///
/// # Panics
/// [`Solver::solve`] panics when the position's side is not the rules' side (a
/// caller's bug, not bad input: the contest reader reads positions of the rules' side).
#[derive(Debug, Clone)]
pub struct TableSolver {
    rules: Rules,
    layout: Layout,
    table: Option<Arc<Table>>,
}

impl TableSolver {
    /// A solver for `rules`; the table is built on the first query.
    pub fn new(rules: &Rules) -> Self {
        TableSolver {
            rules: *rules,
            layout: Layout::new(rules.side()),
            table: None,
        }
    }

    /// A solver over an already built table (shared, e.g. between tests).
    pub fn with_table(table: Arc<Table>) -> Self {
        TableSolver {
            rules: *table.rules(),
            layout: Layout::new(table.rules().side()),
            table: Some(table),
        }
    }

    /// The table, built now if it was not yet.
    pub fn table(&mut self) -> &Arc<Table> {
        let rules = self.rules;
        self.table
            .get_or_insert_with(|| Arc::new(Table::build(&rules)))
    }
}

impl Solver<Position, Value> for TableSolver {
    fn name(&self) -> &'static str {
        "table"
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        assert_eq!(
            position.side(),
            self.rules.side(),
            "position and rules differ in side"
        );
        let sq = self.layout.to_square(position.marbles());
        Ok(if self.table().wins_square(sq) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}
