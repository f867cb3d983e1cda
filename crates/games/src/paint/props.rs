//! Paint properties, each written once and driven by `cargo test` (proptest, or
//! `arbitrary` over random bytes), by the fuzz targets in `fuzz/`, and by `verify`.

use super::bitmask::{self, Bitmask};
use super::grundy::{mex, Grundy};
use super::naive::Naive;
use super::periodic::Periodic;
use super::{format, Cell, Position};
use gamecheck::rng::Entropy;
use gamecheck::solver::Solver;
use std::collections::BTreeSet;

/// The bitmask move generator yields exactly the oracle's moves at `position` (N ≤ 32):
/// no duplicates, nothing missing, nothing extra (so no block past column N).
///
/// # Errors
/// A description of the first difference.
pub fn movegen_matches_naive(position: &Position) -> Result<(), String> {
    let oracle: BTreeSet<Vec<Cell>> = Naive::moves(position);
    let fast_masks = bitmask::moves(bitmask::unpainted_mask(position));
    let to_cells = |m: u64| -> Vec<Cell> {
        let mut v: Vec<Cell> = (0..64)
            .filter(|i| m >> i & 1 == 1)
            .map(|i| Cell::new((i % 2) as u8 + 1, i / 2 + 1))
            .collect();
        v.sort();
        v
    };
    let fast: Vec<Vec<Cell>> = fast_masks.iter().map(|&m| to_cells(m)).collect();
    let fast_set: BTreeSet<Vec<Cell>> = fast.iter().cloned().collect();
    if fast_set.len() != fast.len() {
        return Err(format!(
            "the bitmask generator repeats a move at {position}"
        ));
    }
    if let Some(m) = fast_set.difference(&oracle).next() {
        return Err(format!(
            "the bitmask generator offers {m:?}, which the oracle does not, at {position}"
        ));
    }
    if let Some(m) = oracle.difference(&fast_set).next() {
        return Err(format!("the bitmask generator misses {m:?} at {position}"));
    }
    Ok(())
}

/// Every fast solver agrees with the oracle at `position` (at most 20 unpainted cells),
/// on the win/loss answer and, for `grundy` and `periodic`, on the Grundy value itself.
///
/// # Errors
/// The answers when they differ, or a refusal.
pub fn solvers_agree(oracle: &mut Naive, position: &Position) -> Result<(), String> {
    let expected = oracle.solve(position).map_err(|e| e.to_string())?;
    let g_expected = oracle.grundy_value(position).map_err(|e| e.to_string())?;
    let b = if position.n() <= bitmask::MAX_COLUMNS {
        Some(Bitmask::new().solve(position).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let mut grundy = Grundy::new();
    let g = grundy.solve(position).map_err(|e| e.to_string())?;
    let g_value = grundy.grundy_value(position).map_err(|e| e.to_string())?;
    let mut periodic = Periodic::new();
    let p = periodic.solve(position).map_err(|e| e.to_string())?;
    let p_value = periodic.grundy_value(position);
    if b.is_some_and(|b| b != expected)
        || g != expected
        || p != expected
        || g_value != g_expected
        || p_value != g_expected
    {
        return Err(format!(
            "at {position}: naive says {expected} (Grundy value {g_expected}), bitmask {b:?}, \
             grundy {g} ({g_value}), periodic {p} ({p_value})"
        ));
    }
    Ok(())
}

/// `left`, a fully painted column, then `right`: one strip of `left.n + 1 + right.n`
/// columns (either side may be absent).
pub fn join(left: Option<&Position>, right: Option<&Position>) -> Position {
    let ln = left.map_or(0, Position::n);
    let rn = right.map_or(0, Position::n);
    let mut painted: Vec<Cell> = left.map_or(Vec::new(), |l| l.painted().to_vec());
    painted.push(Cell::new(1, ln + 1));
    painted.push(Cell::new(2, ln + 1));
    if let Some(r) = right {
        painted.extend(r.painted().iter().map(|c| Cell::new(c.row, c.col + ln + 1)));
    }
    Position::new(ln + 1 + rn, painted).expect("a joined strip is valid")
}

/// The Sprague–Grundy sum law: the value of a strip split at a fully painted column is
/// the XOR of the values of the two sides — for the oracle's Grundy values (when the
/// whole strip is within its 20 unpainted cells) and for `periodic`'s.
///
/// # Errors
/// The values when the law fails.
pub fn xor_of_parts(
    oracle: &mut Naive,
    left: Option<&Position>,
    right: Option<&Position>,
) -> Result<(), String> {
    let whole = join(left, right);
    let mut periodic = Periodic::new();
    let side = |p: Option<&Position>, f: &mut dyn FnMut(&Position) -> u32| p.map_or(0, f);
    let pw = periodic.grundy_value(&whole);
    let pl = side(left, &mut |p| periodic.grundy_value(p));
    let pr = side(right, &mut |p| periodic.grundy_value(p));
    if pw != pl ^ pr {
        return Err(format!(
            "periodic: g({whole}) = {pw}, but the sides give {pl} ⊕ {pr}"
        ));
    }
    if let Ok(w) = oracle.grundy_value(&whole) {
        let l = side(left, &mut |p| oracle.grundy_value(p).expect("smaller"));
        let r = side(right, &mut |p| oracle.grundy_value(p).expect("smaller"));
        if w != l ^ r {
            return Err(format!(
                "naive: g({whole}) = {w}, but the sides give {l} ⊕ {r}"
            ));
        }
    }
    Ok(())
}

/// Painting `cell` and then answering equals answering the position where `cell` was
/// given painted in the input (listed first, read back from the contest text) — for
/// every solver that accepts the position.
///
/// # Errors
/// The answers when they differ; `cell` already painted or off the grid.
pub fn paint_a_cell(oracle: &mut Naive, position: &Position, cell: Cell) -> Result<(), String> {
    let after = position.with_painted(cell).map_err(|e| e.to_string())?;
    let mut listed = vec![cell];
    listed.extend_from_slice(position.painted());
    let given = Position::new(position.n(), listed).map_err(|e| e.to_string())?;
    let given = format::read(&format::write(&[given]))
        .map_err(|e| e.to_string())?
        .remove(0);
    let mut solvers: Vec<Box<dyn Solver<Position, gamecheck::outcome::Value>>> = vec![
        Box::new(Bitmask::new()),
        Box::new(Grundy::new()),
        Box::new(Periodic::new()),
    ];
    let mut answers = vec![("naive", oracle.solve(&after), oracle.solve(&given))];
    for s in &mut solvers {
        answers.push((s.name(), s.solve(&after), s.solve(&given)));
    }
    for (name, a, g) in answers {
        if a != g {
            return Err(format!(
                "{name}: painting {cell} at {position} gives {a:?}, but listing it gives {g:?}"
            ));
        }
    }
    Ok(())
}

/// The moves of `position` as positions (every unpainted cell, every free 2 × 2 block),
/// from the cell list directly — a third generator for the laws (O(N²); small N).
pub fn options(position: &Position) -> Vec<Position> {
    let free = position.unpainted_cells();
    let mut v: Vec<Position> = free
        .iter()
        .map(|&c| position.with_painted(c).expect("unpainted"))
        .collect();
    for col in 1..position.n() {
        let block = [
            Cell::new(1, col),
            Cell::new(2, col),
            Cell::new(1, col + 1),
            Cell::new(2, col + 1),
        ];
        if block.iter().all(|c| free.contains(c)) {
            let mut painted = position.painted().to_vec();
            painted.extend(block);
            v.push(Position::new(position.n(), painted).expect("unpainted"));
        }
    }
    v
}

/// The definition of the Grundy value, for `periodic` at any position small enough to
/// list its options (it goes beyond the oracle's 20 unpainted cells): the value is the
/// mex of the options' values.
///
/// # Errors
/// The value and the options' values when they disagree.
pub fn value_is_mex_of_options(position: &Position) -> Result<(), String> {
    let mut periodic = Periodic::new();
    let v = periodic.grundy_value(position);
    let opts: Vec<u32> = options(position)
        .iter()
        .map(|p| periodic.grundy_value(p))
        .collect();
    let m = mex(opts.iter().copied());
    if v != m {
        return Err(format!(
            "periodic gives {v} at {position}, but the mex of its options' values is {m}"
        ));
    }
    Ok(())
}

/// Fuzz entry of `paint_parse_never_panics`: any bytes given to the contest reader give
/// positions or a located error, never a panic; positions that are read format back to text the reader reads the same.
///
/// # Errors
/// A write/read round trip that changes the positions, or an error without a location.
pub fn parse_never_panics_bytes(bytes: &[u8]) -> Result<(), String> {
    gamecheck::harness::props::reader_contract(bytes, format::read, format::write, |_| Ok(()))
}

/// Any position of N in `1..=max_n`: each cell painted or not, then cells painted in
/// column order until at most `max_unpainted` are left. The positions of the
/// `paint_movegen_matches_naive` fuzz target (N up to the bitmask generator's 32 columns,
/// beyond the oracle's 12 of `Game::random_case`).
pub fn any_position<E: Entropy + ?Sized>(e: &mut E, max_n: u64, max_unpainted: u128) -> Position {
    let n = e.int_in(1..=max_n);
    let mut painted = Vec::new();
    for col in 1..=n {
        for row in 1..=2 {
            if e.chance(0.5) {
                painted.push(Cell::new(row, col));
            }
        }
    }
    let mut position = Position::new(n, painted).expect("valid by construction");
    for c in position.unpainted_cells() {
        if position.unpainted() <= max_unpainted {
            break;
        }
        position = position.with_painted(c).expect("unpainted");
    }
    position
}

/// Fuzz entry of `paint_movegen_matches_naive`: a position of N ≤ 32 from the bytes,
/// then [`movegen_matches_naive`] (and, within 12 unpainted cells, [`solvers_agree`]).
///
/// # Errors
/// As those properties.
pub fn movegen_matches_naive_bytes(bytes: &[u8]) -> Result<(), String> {
    let mut u = arbitrary::Unstructured::new(bytes);
    let position = any_position(&mut u, bitmask::MAX_COLUMNS, 64);
    movegen_matches_naive(&position)?;
    if position.unpainted() <= 12 {
        solvers_agree(&mut Naive::new(), &position)?;
    }
    Ok(())
}
