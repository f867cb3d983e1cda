//! Marble properties, each written once and driven by `cargo test` (proptest, or
//! `arbitrary` over random bytes), by the fuzz targets in `fuzz/`, and by `verify`.

use super::bitmask::Bitmask;
use super::geometry::{Layout, BOUNDARY_MASKS};
use super::movegen::MoveGen;
use super::naive::Naive;
use super::rules::{Line, LineSet, Play, Rules, MAX_SIDE};
use super::{format, reading_index, Position};
use gamecheck::rng::Entropy;
use std::collections::BTreeSet;

/// The two move generators of one rule set, side by side.
#[derive(Debug, Clone)]
pub struct MovegenPair {
    rules: Rules,
    naive: Naive,
    layout: Layout,
    gen: MoveGen,
}

impl MovegenPair {
    /// Both generators for `rules`.
    pub fn new(rules: &Rules) -> Self {
        MovegenPair {
            rules: *rules,
            naive: Naive::new(rules),
            layout: Layout::new(rules.side()),
            gen: MoveGen::new(rules),
        }
    }

    /// The oracle's moves at `position`, as reading-order cell sets.
    pub fn oracle_moves(&self, position: &Position) -> BTreeSet<u64> {
        let side = self.rules.side();
        self.naive
            .moves(position)
            .into_iter()
            .map(|cells| {
                cells
                    .iter()
                    .fold(0u64, |m, &(k, j)| m | 1 << reading_index(side, k, j))
            })
            .collect()
    }

    /// The bitmask generator's moves at `position`, as reading-order cell sets, in the
    /// order generated (duplicates kept, so a caller can see them).
    pub fn fast_moves(&self, position: &Position) -> Vec<u64> {
        self.gen
            .moves(self.layout.to_square(position.marbles()))
            .into_iter()
            .map(|m| self.layout.to_reading(m))
            .collect()
    }

    /// The bitmask generator yields exactly the oracle generator's moves at `position`:
    /// no duplicates, nothing missing, nothing extra (so nothing that wraps across an
    /// edge).
    ///
    /// # Errors
    /// A description of the first difference.
    pub fn check(&self, position: &Position) -> Result<(), String> {
        let rules = &self.rules;
        let oracle = self.oracle_moves(position);
        let fast = self.fast_moves(position);
        let fast_set: BTreeSet<u64> = fast.iter().copied().collect();
        let describe = |m: u64| {
            format!(
                "{:?}",
                (0..64).filter(|i| m >> i & 1 == 1).collect::<Vec<_>>()
            )
        };
        if fast_set.len() != fast.len() {
            return Err(format!(
                "the bitmask generator repeats a move under {rules}, at\n{}",
                format::write_position(position)
            ));
        }
        if let Some(m) = fast_set.difference(&oracle).next() {
            return Err(format!(
                "the bitmask generator offers cells {} (reading order) which the oracle does not, under {rules}, at\n{}",
                describe(*m),
                format::write_position(position)
            ));
        }
        if let Some(m) = oracle.difference(&fast_set).next() {
            return Err(format!(
                "the bitmask generator misses cells {} (reading order), under {rules}, at\n{}",
                describe(*m),
                format::write_position(position)
            ));
        }
        Ok(())
    }
}

/// [`MovegenPair::check`] for one position (builds both generators).
///
/// # Errors
/// A description of the first difference.
pub fn movegen_matches_naive(rules: &Rules, position: &Position) -> Result<(), String> {
    MovegenPair::new(rules).check(position)
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

/// The geometry check of the boundary masks `masks(side)` (the real ones:
/// `BOUNDARY_MASKS[side]`) on the square frames of sides 1..=6 (row-major, bit
/// `r·n + c`) and the four line families: each mask against the cells whose step leaves
/// the square, and [`super::geometry::shift`] under those masks against the coordinate
/// step on every one-bit and on random boards ([`gamecheck::geometry`]).
pub fn boundary_masks(masks: fn(usize) -> [u64; 4]) -> gamecheck::geometry::Geometry {
    use super::geometry::direction;
    use gamecheck::geometry::{Geometry, Grid, Masks};
    let line_of = |d: gamecheck::geometry::Direction| {
        Line::ALL
            .into_iter()
            .find(|&l| direction(l) == d)
            .expect("a direction of a family")
    };
    Geometry::new(
        "sides 1-6, every family",
        (1..=MAX_SIDE).map(|n| Grid::row_major(n, n)),
        Line::ALL.map(direction),
    )
    .masks(Masks::Leaves, move |g, d| {
        masks(g.width())[line_of(d).index()]
    })
    .shift(move |g, bits, d| super::geometry::shift(g.width(), &masks(g.width()), bits, line_of(d)))
}

/// Every boundary mask of every side 1..=6 agrees with [`leaves_square`], cell by cell.
///
/// # Errors
/// The first (side, family, cell) that disagrees.
pub fn masks_match_geometry() -> Result<u64, String> {
    let mut checked = 0;
    for (side, masks) in BOUNDARY_MASKS.iter().enumerate().skip(1) {
        for line in Line::ALL {
            let mask = masks[line.index()];
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

/// Any bytes given to the contest reader give positions or a located error, never a
/// panic; positions that are read format back to text the reader reads the same.
///
/// # Errors
/// When a read position does not survive a write/read round trip.
pub fn parse_never_panics(bytes: &[u8], side: usize) -> Result<(), String> {
    gamecheck::harness::props::reader_contract(
        bytes,
        |text| format::read(text, side),
        format::write,
        |_| Ok(()),
    )
}

/// The side-5 rule sets that random checks draw from (a side-5 table costs 0.1–0.5 s to
/// build, so they are few and cached): standard lines and run, in both end rules, and two
/// sparser variants.
pub fn side5_rule_sets() -> [Rules; 4] {
    let all = LineSet::ALL;
    [
        Rules::new(5, None, all, Play::Normal).expect("valid"),
        Rules::new(5, None, all, Play::Misere).expect("valid"),
        Rules::new(
            5,
            Some(2),
            LineSet::new(&[Line::Horizontal, Line::Falling]).expect("valid"),
            Play::Normal,
        )
        .expect("valid"),
        Rules::new(
            5,
            Some(5),
            LineSet::new(&[Line::Vertical, Line::Rising]).expect("valid"),
            Play::Misere,
        )
        .expect("valid"),
    ]
}

/// Any rule set: any side 1..=4 or 6 with any run, line set and end rule (side 6 is
/// solved over the position's empty cells, never a whole table), or one of
/// [`side5_rule_sets`]. Marble's `Game::random_rules`.
pub fn any_rules<E: Entropy + ?Sized>(e: &mut E) -> Rules {
    let side = e.int_in(1..=super::rules::MAX_SIDE);
    if side == 5 {
        let sets = side5_rule_sets();
        return sets[e.index(sets.len())];
    }
    rules_of_side(e, side)
}

/// Any rule set of `side` (1..=6): a run uniform in `1..=side`, a non-empty line set
/// uniform over the 15, either end rule with probability 1/2. The rule sets of
/// [`any_rules`] for every side but 5, and of `verify`'s random rows for every side
/// (its side-5 tables are built per rule set there).
pub fn rules_of_side<E: Entropy + ?Sized>(e: &mut E, side: usize) -> Rules {
    let run = e.int_in(1..=side);
    let lines = LineSet::from_bits(e.int_in(1u8..=15)).expect("non-empty");
    let play = if e.chance(0.5) {
        Play::Misere
    } else {
        Play::Normal
    };
    Rules::new(side, Some(run), lines, play).expect("valid by construction")
}

/// A position of `side` with at most `max_empty` empty cells: random cells, then cells
/// filled in reading order until few enough are empty.
pub fn any_position<E: Entropy + ?Sized>(e: &mut E, side: usize, max_empty: usize) -> Position {
    let mut pos = Position::new(side, e.bits());
    let mut i = 0;
    while pos.empty_cells() > max_empty {
        pos = pos.with_marble(i);
        i += 1;
    }
    pos
}

/// One solved table per rule set for this process, so random checks build each once.
///
/// # Panics
/// For side 6 (its full table is 8 GiB: never built behind a test's back).
pub fn cached_table(rules: &Rules) -> std::sync::Arc<super::table::Table> {
    assert!(
        rules.side() <= super::rules::TABLE_MAX_SIDE,
        "no cached full table of side {}",
        rules.side()
    );
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<Rules, Arc<super::table::Table>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(t) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(rules) {
        return Arc::clone(t);
    }
    let table = Arc::new(super::table::Table::build(rules));
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(*rules)
        .or_insert(table)
        .clone()
}

/// One `bitmask` solver per rule set for this process (its flat memo is 2^(n²) bytes, too
/// costly to allocate per fuzz input); every answer it gives is still compared.
pub fn cached_bitmask(rules: &Rules) -> std::sync::Arc<std::sync::Mutex<Bitmask>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Cache = Mutex<HashMap<Rules, Arc<Mutex<Bitmask>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(
        map.entry(*rules)
            .or_insert_with(|| Arc::new(Mutex::new(Bitmask::new(rules)))),
    )
}

/// Fuzz entry of `marble_movegen_matches_naive`: rules and any board from `data`.
///
/// # Errors
/// The generators' first difference.
pub fn movegen_matches_naive_bytes(data: &[u8]) -> Result<(), String> {
    let mut u = arbitrary::Unstructured::new(data);
    let rules = any_rules(&mut u);
    let pos = any_position(&mut u, rules.side(), 25);
    movegen_matches_naive(&rules, &pos)
}

/// Fuzz entry of `marble_parse_never_panics`: the first byte picks the side, the rest is
/// the input text.
///
/// # Errors
/// See [`parse_never_panics`].
pub fn parse_never_panics_bytes(data: &[u8]) -> Result<(), String> {
    match data.split_first() {
        None => Ok(()),
        Some((&b, rest)) => parse_never_panics(rest, 1 + usize::from(b) % super::rules::MAX_SIDE),
    }
}
