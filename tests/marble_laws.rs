//! Quick algebraic laws (quickcheck): format/parse round trips, the square's symmetries,
//! and monotonicity of the move set.

use gamecheck::solver::Solver;
use gamecheck_games::marble::geometry::{diamond_row_len, diamond_to_square, Layout};
use gamecheck_games::marble::props::{cached_table, MovegenPair};
use gamecheck_games::marble::table::TableSolver;
use gamecheck_games::marble::{format, Line, LineSet, Play, Position, Rules};
use quickcheck::{quickcheck, TestResult};

fn side_of(s: u8) -> usize {
    1 + usize::from(s) % gamecheck_games::marble::rules::MAX_SIDE
}

/// Format then parse gives back the same positions.
fn format_then_parse(side: u8, boards: Vec<u64>) -> bool {
    let side = side_of(side);
    let positions: Vec<Position> = boards.into_iter().map(|b| Position::new(side, b)).collect();
    format::read(&format::write(&positions), side).unwrap() == positions
}

/// Parse then format gives the canonical text, whatever whitespace the input had.
fn parse_then_format(side: u8, board: u64, gaps: Vec<u8>) -> bool {
    let side = side_of(side);
    let pos = Position::new(side, board);
    let canonical = format::write(&[pos]);
    // the same symbols, separated by arbitrary whitespace runs
    let mut text = String::from("1");
    let ws = [" ", "", "\n", "\t", "\n\n", "  "];
    let mut g = gaps.into_iter().cycle();
    for i in 0..pos.cells() {
        text.push_str(ws[usize::from(g.next().unwrap_or(0)) % ws.len()]);
        if i == 0 && text.ends_with('1') {
            text.push(' ');
        }
        text.push(if pos.has_marble(i) { '*' } else { '.' });
    }
    format::write(&format::read(&text, side).unwrap()) == canonical
}

/// The 8 symmetries of the square, as maps of (r, c) on a side-n square.
fn symmetry(k: u8, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let m = n - 1;
    match k % 8 {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (c, r),
        5 => (m - c, m - r),
        6 => (r, m - c),
        _ => (m - r, c),
    }
}

/// The family a symmetry maps `line` to: the image of its step direction, up to sign.
fn image_family(k: u8, line: Line) -> Line {
    let (dr, dc): (i32, i32) = match line {
        Line::Falling => (0, 1),
        Line::Rising => (1, 0),
        Line::Vertical => (1, 1),
        Line::Horizontal => (1, -1),
    };
    // apply the linear part of the symmetry on a large square around the origin
    let n = 5usize;
    let (r0, c0) = symmetry(k, n, (2, 2));
    let (r1, c1) = symmetry(k, n, ((2 + dr) as usize, (2 + dc) as usize));
    let (mut er, mut ec) = (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32);
    if er < 0 || (er == 0 && ec < 0) {
        er = -er;
        ec = -ec;
    }
    match (er, ec) {
        (0, 1) => Line::Falling,
        (1, 0) => Line::Rising,
        (1, 1) => Line::Vertical,
        (1, -1) => Line::Horizontal,
        other => panic!("a symmetry sent a step to {other:?}"),
    }
}

/// Applying a symmetry to the position and to the rule's line set keeps the outcome.
fn symmetry_keeps_the_outcome(
    side: u8,
    board: u64,
    k: u8,
    bits: u8,
    run: u8,
    misere: bool,
) -> TestResult {
    let side = 1 + usize::from(side) % 4;
    let Ok(lines) = LineSet::from_bits(bits % 16) else {
        return TestResult::discard();
    };
    let run = 1 + usize::from(run) % side;
    let play = if misere { Play::Misere } else { Play::Normal };
    let rules = Rules::new(side, Some(run), lines, play).unwrap();
    let image_lines: Vec<Line> = lines.iter().map(|l| image_family(k, l)).collect();
    let image_rules =
        Rules::new(side, Some(run), LineSet::new(&image_lines).unwrap(), play).unwrap();
    // position: reading order → square (r, c) → symmetry → reading order
    let pos = Position::new(side, board);
    let mut square_of = Vec::new();
    for row in 0..2 * side - 1 {
        for j in 0..diamond_row_len(side, row) {
            square_of.push(diamond_to_square(side, row, j));
        }
    }
    let layout = Layout::new(side);
    let mut image_square = 0u64;
    for (i, &sq) in square_of.iter().enumerate() {
        if pos.has_marble(i) {
            let (r, c) = symmetry(k, side, (sq / side, sq % side));
            image_square |= 1 << (r * side + c);
        }
    }
    let image = Position::new(side, layout.to_reading(image_square));
    let a = TableSolver::with_table(cached_table(&rules))
        .solve(&pos)
        .unwrap();
    let b = TableSolver::with_table(cached_table(&image_rules))
        .solve(&image)
        .unwrap();
    TestResult::from_bool(a == b)
}

/// Adding a marble never creates a move: moves(p ∪ {cell}) ⊆ moves(p).
fn adding_a_marble_never_creates_a_move(
    side: u8,
    board: u64,
    cell: u8,
    bits: u8,
    run: u8,
) -> TestResult {
    let side = side_of(side);
    let Ok(lines) = LineSet::from_bits(bits % 16) else {
        return TestResult::discard();
    };
    let rules = Rules::new(side, Some(1 + usize::from(run) % side), lines, Play::Normal).unwrap();
    let p = Position::new(side, board);
    // an empty cell, so the position really changes (a full board has none)
    let empty = p.empty_indices();
    if empty.is_empty() {
        return TestResult::discard();
    }
    let q = p.with_marble(empty[usize::from(cell) % empty.len()]);
    let pair = MovegenPair::new(&rules);
    let before = pair.fast_moves(&p);
    let after = pair.fast_moves(&q);
    // and strictly fewer: every move through the new marble is gone (side ≥ 1 and k ≥ 1,
    // so at least the single-cell move on it was a move before)
    TestResult::from_bool(after.iter().all(|m| before.contains(m)) && after.len() < before.len())
}

#[test]
fn laws() {
    quickcheck(format_then_parse as fn(u8, Vec<u64>) -> bool);
    quickcheck(parse_then_format as fn(u8, u64, Vec<u8>) -> bool);
    quickcheck(symmetry_keeps_the_outcome as fn(u8, u64, u8, u8, u8, bool) -> TestResult);
    quickcheck(adding_a_marble_never_creates_a_move as fn(u8, u64, u8, u8, u8) -> TestResult);
}

/// Every symmetry maps the four families onto the four families (a permutation).
#[test]
fn symmetries_permute_the_families() {
    for k in 0..8 {
        let mut images: Vec<Line> = Line::ALL.iter().map(|&l| image_family(k, l)).collect();
        images.sort();
        let mut all = Line::ALL.to_vec();
        all.sort();
        assert_eq!(images, all, "symmetry {k}");
    }
    // the transpose swaps rising and falling and keeps the diagonals
    assert_eq!(image_family(4, Line::Rising), Line::Falling);
    assert_eq!(image_family(4, Line::Vertical), Line::Vertical);
    assert_eq!(image_family(6, Line::Vertical), Line::Horizontal);
}
