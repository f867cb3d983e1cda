//! "One step smaller" marble positions, for shrinking in `verify` and `stress`.

use super::{full_mask, Position};

/// With at most this many empty cells, shrinking tries every sub-position (every way of
/// filling some of the empty cells), fewest empty cells first.
pub const SUBSETS_MAX_EMPTY: usize = 12;

/// Positions one step smaller than `case` (more cells filled), fewest empty cells first:
/// with at most [`SUBSETS_MAX_EMPTY`] empty cells every proper sub-position, else the
/// position with one or two more cells filled.
pub fn smaller_positions(case: &Position) -> Vec<Position> {
    let holes = case.empty_indices();
    let side = case.side();
    let full = full_mask(side);
    let mut out: Vec<(usize, Position)> = Vec::new();
    if holes.len() <= SUBSETS_MAX_EMPTY {
        // every proper subset of the holes stays empty; the rest is filled
        for subset in 0u32..(1 << holes.len()) - 1 {
            let keep = (0..holes.len())
                .filter(|&b| subset >> b & 1 == 1)
                .fold(0u64, |m, b| m | 1 << holes[b]);
            out.push((
                keep.count_ones() as usize,
                Position::new(side, full & !keep),
            ));
        }
    } else {
        for (a, &i) in holes.iter().enumerate() {
            out.push((holes.len() - 1, case.with_marble(i)));
            for &j in &holes[a + 1..] {
                out.push((holes.len() - 2, case.with_marble(i).with_marble(j)));
            }
        }
    }
    out.sort_by_key(|&(empty, p)| (empty, p.marbles()));
    out.into_iter().map(|(_, p)| p).collect()
}
