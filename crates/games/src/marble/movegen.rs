//! The fast move generator: shifts of the empty-cell bitmask, stopped by the direction
//! boundary masks.
//!
//! A move is a set of 1..=k empty cells consecutive along one allowed family
//! (`docs/rules.md`, "Marble", "A move"): each single cell once, then each run of length 2..=k of each
//! family once (a run of two or more cells determines its family, so no run repeats).

use super::geometry::{step_offset, BOUNDARY_MASKS};
use super::rules::Rules;
use std::ops::ControlFlow;

/// The move generator of one rule set, in the square frame (bit `r·n + c`).
#[derive(Debug, Clone)]
pub struct MoveGen {
    full: u64,
    run: usize,
    /// (step offset, cells from which the family may take one more step)
    families: Vec<(u32, u64)>,
}

impl MoveGen {
    /// The generator for `rules`.
    pub fn new(rules: &Rules) -> Self {
        MoveGen::with_boundary_masks(rules, &BOUNDARY_MASKS[rules.side()])
    }

    /// The generator for `rules` with the given boundary masks (`masks[line.index()]`,
    /// square frame) in place of [`BOUNDARY_MASKS`]: the seam through which
    /// `tests/zoo.rs` passes wrong masks to the real shift generator. [`MoveGen::new`]
    /// is this with the derived masks.
    pub fn with_boundary_masks(rules: &Rules, masks: &[u64; 4]) -> Self {
        let side = rules.side();
        let full = (1u64 << (side * side)) - 1;
        let families = rules
            .lines()
            .iter()
            .map(|l| (step_offset(side, l), full & !masks[l.index()]))
            .collect();
        MoveGen {
            full,
            run: rules.run(),
            families,
        }
    }

    /// The full board (every cell filled).
    pub fn full(&self) -> u64 {
        self.full
    }

    /// Calls `f` with every move of position `filled` (square bits of the marbles) as the
    /// set of cells it fills, each move once; stops early when `f` breaks.
    #[inline]
    pub fn for_each(
        &self,
        filled: u64,
        mut f: impl FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let empty = !filled & self.full;
        let mut singles = empty;
        while singles != 0 {
            let cell = singles & singles.wrapping_neg();
            f(cell)?;
            singles &= singles - 1;
        }
        for &(step, inner) in &self.families {
            // `prefix`: starts i whose cells i, i+s, …, i+(L−2)s are empty and not on the
            // boundary, so a run from i may reach length L.
            let go_on = empty & inner;
            let mut prefix = go_on;
            for len in 2..=self.run as u32 {
                let starts = prefix & (empty >> ((len - 1) * step));
                let mut s = starts;
                while s != 0 {
                    let low = s.trailing_zeros();
                    let mut m = 0u64;
                    for t in 0..len {
                        m |= 1 << (low + t * step);
                    }
                    f(m)?;
                    s &= s - 1;
                }
                prefix &= go_on >> ((len - 1) * step);
                if prefix == 0 {
                    break;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every move of `filled`, collected.
    pub fn moves(&self, filled: u64) -> Vec<u64> {
        let mut v = Vec::new();
        let _ = self.for_each(filled, |m| {
            v.push(m);
            ControlFlow::Continue(())
        });
        v
    }
}
