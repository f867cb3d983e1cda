//! Marble properties, each written once and driven by `cargo test` (proptest, or
//! `arbitrary` over random bytes), by the fuzz targets in `fuzz/`, and by `verify`.

use super::bitmask::Bitmask;
use super::geometry::{Layout, BOUNDARY_MASKS};
use super::movegen::MoveGen;
use super::naive::Naive;
use super::rules::{Line, LineSet, Play, Rules};
use super::{format, reading_index, Position};
use crate::solver::Solver;
use std::collections::BTreeSet;

/// The bitmask generator yields exactly the oracle generator's moves at `position`:
/// no duplicates, nothing missing, nothing extra (so nothing that wraps across an edge).
///
/// # Errors
/// A description of the first difference.
pub fn movegen_matches_naive(rules: &Rules, position: &Position) -> Result<(), String> {
    let side = rules.side();
    let oracle: BTreeSet<u32> = Naive::new(rules)
        .moves(position)
        .into_iter()
        .map(|cells| {
            cells
                .iter()
                .fold(0u32, |m, &(k, j)| m | 1 << reading_index(side, k, j))
        })
        .collect();
    let layout = Layout::new(side);
    let fast: Vec<u32> = MoveGen::new(rules)
        .moves(layout.to_square(position.marbles()))
        .into_iter()
        .map(|m| layout.to_reading(m))
        .collect();
    let fast_set: BTreeSet<u32> = fast.iter().copied().collect();
    let describe = |m: u32| {
        format!(
            "{:?}",
            (0..32).filter(|i| m >> i & 1 == 1).collect::<Vec<_>>()
        )
    };
    if fast_set.len() != fast.len() {
        return Err(format!(
            "the bitmask generator repeats a move under {rules} (cells in reading order)"
        ));
    }
    if let Some(m) = fast_set.difference(&oracle).next() {
        return Err(format!(
            "the bitmask generator offers {} which the oracle does not, under {rules}, at\n{}",
            describe(*m),
            format::write_position(position)
        ));
    }
    if let Some(m) = oracle.difference(&fast_set).next() {
        return Err(format!(
            "the bitmask generator misses {}, under {rules}, at\n{}",
            describe(*m),
            format::write_position(position)
        ));
    }
    Ok(())
}

/// Whether one more step of `line` from square cell `(r, c)` leaves the `side × side`
/// square — the boundary masks' definition, written independently of
/// [`super::geometry::boundary_mask`] (each family's edge, by name).
pub fn leaves_square(side: usize, line: Line, r: usize, c: usize) -> bool {
    let last = side - 1;
    match line {
        Line::Falling => c == last,
        Line::Rising => r == last,
        Line::Vertical => r == last || c == last,
        Line::Horizontal => r == last || c == 0,
    }
}

/// Every boundary mask of every side 1..=5 agrees with [`leaves_square`], cell by cell.
///
/// # Errors
/// The first (side, family, cell) that disagrees.
pub fn masks_match_geometry() -> Result<u64, String> {
    let mut checked = 0;
    for side in 1..=super::rules::MAX_SIDE {
        for line in Line::ALL {
            let mask = BOUNDARY_MASKS[side][line.index()];
            if mask >> (side * side) != 0 {
                return Err(format!(
                    "the {line} mask of side {side} has bits outside the board"
                ));
            }
            for r in 0..side {
                for c in 0..side {
                    checked += 1;
                    let in_mask = mask >> (r * side + c) & 1 == 1;
                    if in_mask != leaves_square(side, line, r, c) {
                        return Err(format!(
                            "side {side}, {line}: cell ({r}, {c}) is {} the mask but one more step {}",
                            if in_mask { "in" } else { "not in" },
                            if in_mask { "stays on the board" } else { "leaves the board" }
                        ));
                    }
                }
            }
        }
    }
    Ok(checked)
}

/// The `bitmask` solver and a freshly built table agree with the oracle at `position`
/// (at most 20 empty cells, so the oracle answers).
///
/// # Errors
/// The answers when they differ.
pub fn solvers_agree(rules: &Rules, position: &Position) -> Result<(), String> {
    let expected = Naive::new(rules)
        .solve(position)
        .map_err(|e| e.to_string())?;
    let got_b = Bitmask::new(rules)
        .solve(position)
        .map_err(|e| e.to_string())?;
    let got_t = super::table::TableSolver::new(rules)
        .solve(position)
        .map_err(|e| e.to_string())?;
    if got_b != expected || got_t != expected {
        return Err(format!(
            "under {rules}: naive says {expected}, bitmask {got_b}, table {got_t}, at\n{}",
            format::write_position(position)
        ));
    }
    Ok(())
}

/// Any bytes given to the contest reader give positions or a located error, never a
/// panic; positions that are read format back to text the reader reads the same.
///
/// # Errors
/// When a read position does not survive a write/read round trip.
pub fn parse_never_panics(bytes: &[u8], side: usize) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    match format::read(text, side) {
        Ok(positions) => {
            let again =
                format::read(&format::write(&positions), side).map_err(|e| e.to_string())?;
            if again != positions {
                return Err("write then read changed the positions".into());
            }
            Ok(())
        }
        Err(e) => {
            if e.location.line == 0 || e.location.column == 0 || e.message.is_empty() {
                return Err(format!("an error without a location or message: {e:?}"));
            }
            Ok(())
        }
    }
}

/// Rules and a position built from unstructured bytes (for fuzzing): any side 1..=5,
/// run, non-empty line set and end rule, and a position with at most `max_empty` empty
/// cells (the rest are filled in reading order).
pub fn arbitrary_case(
    u: &mut arbitrary::Unstructured<'_>,
    max_empty: usize,
) -> arbitrary::Result<(Rules, Position)> {
    let side = u.int_in_range(1..=super::rules::MAX_SIDE)?;
    let run = u.int_in_range(1..=side)?;
    let bits = u.int_in_range(1u8..=15)?;
    let play = if u.arbitrary()? {
        Play::Misere
    } else {
        Play::Normal
    };
    let lines = LineSet::from_bits(bits).expect("non-empty");
    let rules = Rules::new(side, Some(run), lines, play).expect("valid by construction");
    let mut marbles: u32 = u.arbitrary()?;
    let mut pos = Position::new(side, marbles);
    for i in 0..pos.cells() {
        if pos.empty_cells() <= max_empty {
            break;
        }
        marbles |= 1 << i;
        pos = Position::new(side, marbles);
    }
    Ok((rules, pos))
}
