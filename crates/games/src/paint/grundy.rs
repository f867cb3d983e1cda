//! The `grundy` solver: split the strip into independent parts, give each part its
//! Grundy value, XOR them (Sprague–Grundy theorem).
//!
//! - a fully painted column separates the strip;
//! - a column with one painted cell leaves an isolated cell: a nim heap of size 1 (no
//!   2 × 2 block can use it), so it contributes 1;
//! - a run of `L` fully unpainted columns contributes `g(L)`, where `g(0) = 0` and
//!   `g(L) = mex({g(i) ⊕ 1 ⊕ g(L−1−i) : 0 ≤ i ≤ L−1} ∪ {g(i) ⊕ g(L−2−i) : 0 ≤ i ≤ L−2})`
//!   (one cell painted in column `i + 1` leaves runs `i`, `L−1−i` and an isolated cell;
//!   a block on columns `i + 1, i + 2` leaves runs `i` and `L−2−i`).
//!
//! The table of `g` is built up to the longest run met (O(L²) time), kept across
//! positions. Runs over [`MAX_RUN`] columns are refused (use `periodic`).

use super::Position;
use gamecheck::grundy::value_of_grundy;
pub use gamecheck::grundy::{mex, Mex};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};

/// The longest run of unpainted columns `grundy` tabulates (O(L²) work to build).
pub const MAX_RUN: u64 = 100_000;

/// A mex function for [`extend_table_with`]: the real one is [`Mex`]; `tests/zoo.rs`
/// passes a wrong one through this seam.
pub trait MexOf {
    /// The mex of `options` (the least non-negative integer not among them).
    fn mex_of<I: Iterator<Item = u32>>(&mut self, options: I) -> u32;
}

impl MexOf for Mex {
    #[inline]
    fn mex_of<I: Iterator<Item = u32>>(&mut self, options: I) -> u32 {
        self.mex(options)
    }
}

/// `g(0..len)` by the recurrence above, appended to `table` (which holds `g(0..k)`).
pub fn extend_table(table: &mut Vec<u32>, len: usize) {
    extend_table_with(table, len, &mut Mex::new());
}

/// [`extend_table`] with the mex function `mex` (monomorphized: the real path is the
/// same code with [`Mex`]).
pub fn extend_table_with<M: MexOf>(table: &mut Vec<u32>, len: usize, mex: &mut M) {
    // g(0) needs no case of its own: with l = 0 both option ranges are empty, mex {} = 0
    while table.len() < len {
        let l = table.len();
        let g = &table[..];
        let value = mex.mex_of(
            (0..l)
                .map(|i| g[i] ^ 1 ^ g[l - 1 - i])
                .chain((0..l.saturating_sub(1)).map(|i| g[i] ^ g[l - 2 - i])),
        );
        table.push(value);
    }
}

/// `g(0..len)`, built from scratch.
pub fn table(len: usize) -> Vec<u32> {
    let mut t = Vec::new();
    extend_table(&mut t, len);
    t
}

/// How [`split`] finds the columns: a byte array of N columns (O(N + M)), or the
/// painted cells sorted by column (O(M log M), any N).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitMethod {
    /// The column array when N is small next to M, else sorting (the default).
    Auto,
    /// One byte a column (N must fit in memory).
    Columns,
    /// Sort the painted cells.
    Sorted,
}

/// The column array is used when `N ≤ COLUMN_FACTOR · M + COLUMN_BASE`: scanning a byte
/// a column is then cheaper than sorting M cells.
pub const COLUMN_FACTOR: u64 = 16;
/// See [`COLUMN_FACTOR`].
pub const COLUMN_BASE: u64 = 4096;

/// Reusable buffers for [`split`].
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    columns: Vec<u8>,
    sorted: Vec<(u64, u8)>,
}

/// The parts of a position: its runs of fully unpainted columns (in order, none empty)
/// and the number of columns with exactly one painted cell.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parts {
    /// Lengths of the maximal runs of unpainted columns, left to right.
    pub runs: Vec<u64>,
    /// Columns with exactly one painted cell (each an isolated cell, Grundy value 1).
    pub half_columns: u64,
}

/// Splits `position` into parts, calling `run(L)` for each maximal run of `L ≥ 1`
/// unpainted columns, left to right; returns the number of half-painted columns.
/// Allocates per column only with [`SplitMethod::Columns`] (or `Auto` on a small N).
pub fn split<E>(
    position: &Position,
    method: SplitMethod,
    scratch: &mut Scratch,
    mut run: impl FnMut(u64) -> Result<(), E>,
) -> Result<u64, E> {
    let n = position.n();
    let mut half = 0;
    if use_columns(position, method) {
        let cols = fill_columns(position, &mut scratch.columns);
        let mut len = 0u64;
        for &painted in cols.iter() {
            if painted == 0 {
                len += 1;
                continue;
            }
            if len > 0 {
                run(len)?;
                len = 0;
            }
            // rows 1 and 2 are bits 1 and 2: 3 is a full column
            if painted != 3 {
                half += 1;
            }
        }
        if len > 0 {
            run(len)?;
        }
    } else {
        let s = &mut scratch.sorted;
        s.clear();
        s.extend(position.painted().iter().map(|c| (c.col, c.row)));
        s.sort_unstable();
        let mut next_free = 1u64; // first column not yet accounted for
        let mut i = 0;
        while i < s.len() {
            let col = s[i].0;
            let full = i + 1 < s.len() && s[i + 1].0 == col;
            if col > next_free {
                run(col - next_free)?;
            }
            if !full {
                half += 1;
            }
            i += if full { 2 } else { 1 };
            next_free = col.wrapping_add(1); // col = u64::MAX is the last column
        }
        let last = s.last().map(|&(c, _)| c);
        if last != Some(n) {
            run(n - (next_free - 1))?;
        }
    }
    Ok(half)
}

/// The parts of `position` as a value (for tests and the verify report).
pub fn parts(position: &Position, method: SplitMethod) -> Parts {
    let mut p = Parts::default();
    p.half_columns = split::<()>(position, method, &mut Scratch::default(), |l| {
        p.runs.push(l);
        Ok(())
    })
    .expect("infallible");
    p
}

/// The Grundy value of `position` given `g` for runs: XOR of `g(L)` over its runs, XOR
/// the parity of its half-painted columns. `g(0)` must be 0 (the empty run).
///
/// With the column array (see [`SplitMethod`]) it is one branch-free pass: at every
/// column `g` is asked for the length of the run so far (a prefix of a real run, so no
/// longer than the longest one), and the answer is kept only where a run ends.
///
/// # Errors
/// The first error of `g`.
pub fn xor_of_parts<E>(
    position: &Position,
    method: SplitMethod,
    scratch: &mut Scratch,
    mut g: impl FnMut(u64) -> Result<u32, E>,
) -> Result<u32, E> {
    if use_columns(position, method) {
        let cols = fill_columns(position, &mut scratch.columns);
        let mut value = 0u32;
        let mut half = 0u32;
        let mut len = 0u64;
        for &painted in cols.iter() {
            // rows 1 and 2 are bits 1 and 2: 0 free, 1 or 2 half painted, 3 full
            let wall = painted != 0;
            value ^= g(len)? & 0u32.wrapping_sub(u32::from(wall));
            half ^= u32::from(painted == 1 || painted == 2);
            len = (len + 1) * u64::from(!wall);
        }
        return Ok(value ^ g(len)? ^ half);
    }
    let mut value = 0;
    let half = split(position, method, scratch, |l| {
        value ^= g(l)?;
        Ok(())
    })?;
    Ok(value ^ (half & 1) as u32)
}

fn use_columns(position: &Position, method: SplitMethod) -> bool {
    let n = position.n();
    let m = position.painted().len() as u64;
    match method {
        SplitMethod::Columns => true,
        SplitMethod::Sorted => false,
        SplitMethod::Auto => n <= m.saturating_mul(COLUMN_FACTOR).saturating_add(COLUMN_BASE),
    }
}

/// One byte a column: bit 1 for row 1 painted, bit 2 for row 2.
fn fill_columns<'a>(position: &Position, cols: &'a mut Vec<u8>) -> &'a [u8] {
    cols.clear();
    cols.resize(position.n() as usize, 0);
    for c in position.painted() {
        cols[(c.col - 1) as usize] |= c.row;
    }
    cols
}

/// The `grundy` solver: a `g` table grown to the longest run met, and XOR of the parts.
#[derive(Debug, Clone, Default)]
pub struct Grundy {
    table: Vec<u32>,
    scratch: Scratch,
}

impl Grundy {
    /// The solver with an empty table.
    pub fn new() -> Self {
        Grundy::default()
    }

    /// The solver with `g(0..len)` built up front (as a contest solution builds it to the
    /// largest N before reading the cases).
    pub fn with_table(len: usize) -> Self {
        let mut g = Grundy::new();
        extend_table(&mut g.table, len);
        g
    }

    /// The solver whose table starts as `table`, taken as `g(0..table.len())` and
    /// extended by the real recurrence past its end: the seam through which
    /// `tests/zoo.rs` passes a table built by a wrong mex ([`extend_table_with`]).
    pub fn from_table(table: Vec<u32>) -> Self {
        Grundy {
            table,
            scratch: Scratch::default(),
        }
    }

    /// The table built so far: `g(0..len)`.
    pub fn table(&self) -> &[u32] {
        &self.table
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// [`Refusal`] for a run longer than [`MAX_RUN`] columns.
    pub fn grundy_value(&mut self, position: &Position) -> Result<u32, Refusal> {
        let longest = longest_run(position, &mut self.scratch)?;
        extend_table(&mut self.table, longest as usize + 1);
        let table = &self.table;
        xor_of_parts::<()>(position, SplitMethod::Auto, &mut self.scratch, |l| {
            Ok(table[l as usize])
        })
        .map_err(|()| unreachable!())
    }
}

/// The longest run of unpainted columns of `position`, or the refusal when it is longer
/// than [`MAX_RUN`].
fn longest_run(position: &Position, scratch: &mut Scratch) -> Result<u64, Refusal> {
    let mut longest = 0;
    split::<()>(position, SplitMethod::Auto, scratch, |l| {
        longest = longest.max(l);
        Ok(())
    })
    .expect("infallible");
    if longest > MAX_RUN {
        return Err(Refusal {
            solver: "grundy",
            reason: format!(
                "a run of {longest} unpainted columns, more than its limit of {MAX_RUN}"
            ),
            suggestion: Suggestion::Solver("periodic"),
        });
    }
    Ok(longest)
}

impl Solver<Position, Value> for Grundy {
    fn name(&self) -> &'static str {
        "grundy"
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        longest_run(position, &mut Scratch::default()).map(|_| ())
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        self.grundy_value(position).map(value_of_grundy)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Cell;
    use super::*;

    #[test]
    fn mex_can_return_the_number_of_distinct_values() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([0, 1, 2]), 3);
        assert_eq!(mex([2, 0, 1, 1, 0]), 3);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 2, 70]), 1);
        assert_eq!(mex((0..200).rev()), 200);
    }

    #[test]
    fn first_values_of_g_by_hand() {
        // g(1): one column, painting a cell leaves an isolated cell (1): mex{1} = 0
        // g(2): cells leave 0⊕1⊕0 = 1; the block leaves 0: mex{0, 1} = 2
        assert_eq!(&table(3), &[0, 0, 2]);
        // no length is special: an empty table, g(0) alone, and a table extended a step
        // at a time is the one built at once
        assert_eq!(table(0), Vec::<u32>::new());
        assert_eq!(table(1), [0]);
        let mut t = Vec::new();
        for len in 0..=60 {
            extend_table(&mut t, len);
            assert_eq!(t, table(len));
        }
    }

    #[test]
    fn both_split_methods_agree_and_handle_the_last_column() {
        let p = Position::from_rows("..#..#...", "..#....#.").unwrap();
        let expect = Parts {
            runs: vec![2, 2, 1, 1],
            half_columns: 2,
        };
        assert_eq!(parts(&p, SplitMethod::Columns), expect);
        assert_eq!(parts(&p, SplitMethod::Sorted), expect);
        let big = Position::new(
            u64::MAX,
            vec![
                Cell::new(1, u64::MAX),
                Cell::new(2, u64::MAX),
                Cell::new(2, 1),
            ],
        )
        .unwrap();
        assert_eq!(
            parts(&big, SplitMethod::Sorted),
            Parts {
                runs: vec![u64::MAX - 2],
                half_columns: 1
            }
        );
        let open = Position::empty(u64::MAX).unwrap();
        assert_eq!(parts(&open, SplitMethod::Auto).runs, vec![u64::MAX]);
    }

    /// `with_table(len)` holds `g(0..len)` before any solve, `table()` shows it, and a
    /// solve grows it to the longest run met.
    #[test]
    fn with_table_builds_g_up_front_and_table_shows_it() {
        for len in [0, 1, 2, 7, 40, 60] {
            let mut s = Grundy::with_table(len);
            assert_eq!(s.table(), table(len).as_slice(), "with_table({len})");
            s.grundy_value(&Position::empty(50).unwrap()).unwrap();
            assert_eq!(s.table(), table(len.max(51)).as_slice(), "after N = 50");
        }
    }

    /// The column array is used as the method says; `Auto` up to
    /// `N = COLUMN_FACTOR · M + COLUMN_BASE` inclusive.
    #[test]
    fn the_column_array_is_used_as_the_method_says() {
        let small = Position::from_rows("#..", "...").unwrap();
        assert!(use_columns(&small, SplitMethod::Columns));
        assert!(!use_columns(&small, SplitMethod::Sorted));
        assert!(use_columns(&small, SplitMethod::Auto));
        for m in [1u64, 3] {
            let cells: Vec<Cell> = (1..=m).map(|c| Cell::new(1, c)).collect();
            let at = COLUMN_FACTOR * m + COLUMN_BASE;
            let p = |n| Position::new(n, cells.clone()).unwrap();
            assert!(use_columns(&p(at), SplitMethod::Auto), "M = {m}, N = {at}");
            assert!(
                !use_columns(&p(at + 1), SplitMethod::Auto),
                "M = {m}, N = {at} + 1"
            );
            assert!(use_columns(&p(at + 1), SplitMethod::Columns));
        }
    }

    #[test]
    fn refuses_long_runs_and_names_periodic() {
        let e = Grundy::new()
            .solve(&Position::empty(MAX_RUN + 1).unwrap())
            .unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Solver("periodic"));
        // check refuses as solve does, and exactly past the limit (a run of MAX_RUN is
        // accepted; solving it would take minutes, so only check is asked)
        let g = Grundy::new();
        assert_eq!(g.check(&Position::empty(MAX_RUN + 1).unwrap()), Err(e));
        assert_eq!(g.check(&Position::empty(MAX_RUN).unwrap()), Ok(()));
        let two_runs = Position::new(2 * MAX_RUN + 1, vec![Cell::new(1, MAX_RUN + 1)]).unwrap();
        assert_eq!(g.check(&two_runs), Ok(()));
        let longer = Position::new(2 * MAX_RUN + 2, vec![Cell::new(2, MAX_RUN + 1)]).unwrap();
        assert!(
            g.check(&longer).is_err(),
            "a run of MAX_RUN + 1 after a half column"
        );
    }
}
