//! Quick algebraic laws for paint (quickcheck): the format round-trips and ignores how
//! whitespace is laid out; the strip's symmetries (mirror the columns, swap the rows)
//! keep the value, for the oracle and for `periodic` at any N.

use gamecheck_games::paint::naive::Naive;
use gamecheck_games::paint::periodic::Periodic;
use gamecheck_games::paint::{format, Cell, Position};
use quickcheck::{quickcheck, Arbitrary, Gen};

/// A position of N in 1..=10 (a random cell set), or a sparse one of any u64 N.
#[derive(Debug, Clone)]
struct AnyPosition(Position);

impl Arbitrary for AnyPosition {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = if bool::arbitrary(g) {
            u64::arbitrary(g) % 10 + 1
        } else {
            u64::arbitrary(g).max(1)
        };
        let mut cells: Vec<Cell> = Vec::new();
        let count = usize::arbitrary(g) % 12;
        for _ in 0..count {
            let c = Cell::new(u8::arbitrary(g) % 2 + 1, u64::arbitrary(g) % n + 1);
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        AnyPosition(Position::new(n, cells).unwrap())
    }
}

fn mirrored(p: &Position) -> Position {
    let cells = p
        .painted()
        .iter()
        .map(|c| Cell::new(c.row, p.n() - c.col + 1))
        .collect();
    Position::new(p.n(), cells).unwrap()
}

fn rows_swapped(p: &Position) -> Position {
    let cells = p
        .painted()
        .iter()
        .map(|c| Cell::new(3 - c.row, c.col))
        .collect();
    Position::new(p.n(), cells).unwrap()
}

quickcheck! {
    fn write_then_read_is_the_identity(ps: Vec<AnyPosition>) -> bool {
        let ps: Vec<Position> = ps.into_iter().map(|p| p.0).collect();
        format::read(&format::write(&ps)).unwrap() == ps
    }

    fn line_breaks_carry_no_meaning(ps: Vec<AnyPosition>, seps: Vec<u8>) -> bool {
        let ps: Vec<Position> = ps.into_iter().map(|p| p.0).collect();
        let canonical = format::write(&ps);
        let blanks = [" ", "\n", "\t", "  \n\n", "\r\n"];
        let mut text = String::new();
        for (i, tok) in canonical.split_whitespace().enumerate() {
            let sep = seps.get(i).map_or(" ", |&b| blanks[b as usize % blanks.len()]);
            text.push_str(sep);
            text.push_str(tok);
        }
        format::read(&text).unwrap() == ps
    }

    fn symmetries_keep_the_value(p: AnyPosition) -> bool {
        let p = p.0;
        let mut periodic = Periodic::new();
        let v = periodic.grundy_value(&p);
        let same = v == periodic.grundy_value(&mirrored(&p))
            && v == periodic.grundy_value(&rows_swapped(&p));
        if p.unpainted() > 14 {
            return same; // keep the oracle's share quick
        }
        let mut oracle = Naive::new();
        match oracle.grundy_value(&p) {
            Ok(g) => same
                && g == v
                && oracle.grundy_value(&mirrored(&p)) == Ok(g)
                && oracle.grundy_value(&rows_swapped(&p)) == Ok(g),
            Err(_) => same,
        }
    }
}
