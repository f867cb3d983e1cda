//! The fast solver: alpha-beta search (negamax) over bitboards with a transposition
//! table, as Connect Four engines do it (Pascal Pons, "Solving Connect 4: how to build a
//! perfect AI", 2016; John Tromp's Fhourstones): the player to move's stones and all
//! stones as two `u64`s in the layout of [`crate::bitboard`], a win found by shifts, the
//! moves tried centre first (those that make the most new threats before them), the
//! moves that hand the opponent a win left out, and the exact value found by null-window
//! searches.
//!
//! **The score convention**, once: with `n` stones on a board of `N` cells and
//! `C = N + 1`, a position the player to move wins with its stone number `p` (the game
//! ends on move `p`) scores `C − p`; one it loses on move `p` scores `−(C − p)`; a tie
//! (the board fills up with no four) scores 0. So the winner hurries, the loser delays,
//! and a score is the same for a position however it was reached; the remoteness is
//! `p − n`, and a tie's is `N − n`.

use crate::bitboard::{column_mask, Geometry};
use crate::board::Board;
use gamecheck::prelude::{Player, Refusal, Remote, Solver};
use gamecheck::solver::Suggestion;

/// The most empty cells the solver takes: 36, the empty 6 × 6 board (about 40 s of CPU)
/// or a 7 × 6 board after six moves. The empty 7 × 6 board is beyond it: not settled in
/// fourteen minutes ([`AlphaBeta::value`] searches it all the same, with no limit).
pub const MAX_EMPTY: usize = 36;

/// What a table entry says of the score.
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const EXACT: u8 = 3;

/// The transposition table: `2^bits` entries, each a position's key (its stones plus
/// all stones: unique per position, see [`key`]) with a bound of its score; a new entry
/// replaces the old one at its index.
struct Table {
    keys: Vec<u64>,
    /// The score in the high byte, the kind of bound (0: empty) in the low one.
    entries: Vec<u16>,
    shift: u32,
}

impl Table {
    fn new(bits: u32) -> Table {
        // zeroed vectors of integers: the pages are only touched when an entry is
        Table {
            keys: vec![0; 1 << bits],
            entries: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn get(&self, key: u64) -> Option<(i32, u8)> {
        let i = self.index(key);
        let e = self.entries[i];
        (e & 0xff != 0 && self.keys[i] == key).then(|| (i32::from((e >> 8) as u8 as i8), e as u8))
    }

    fn put(&mut self, key: u64, score: i32, bound: u8) {
        let i = self.index(key);
        self.keys[i] = key;
        self.entries[i] = u16::from(score as i8 as u8) << 8 | u16::from(bound);
    }
}

/// The key of a position: the player to move's stones plus all stones. Column by column,
/// `k` stones (`2^k − 1` in the mask) plus the mover's among them give a number in
/// `[2^k − 1, 2^(k+1) − 2]`, a range of its own for each `k` that stays below the
/// sentinel bit: one key per position, no carry between columns.
pub fn key(current: u64, all: u64) -> u64 {
    current + all
}

/// The alpha-beta solver for one board size (its table kept across positions).
pub struct AlphaBeta {
    geo: Geometry,
    table: Table,
    /// The columns, centre first.
    order: Vec<usize>,
    nodes: u64,
}

impl AlphaBeta {
    /// The solver for a `width` × `height` board, with a table sized for the board
    /// (2^12 entries up to 20 cells, growing to 2^24 from 32 cells on: 160 MiB, touched
    /// as it fills).
    pub fn new(width: usize, height: usize) -> AlphaBeta {
        let bits = (width * height).saturating_sub(8).clamp(12, 24) as u32;
        AlphaBeta::with_table_bits(width, height, bits)
    }

    /// The solver with a table of `2^bits` entries (10 bytes each).
    pub fn with_table_bits(width: usize, height: usize, bits: u32) -> AlphaBeta {
        AlphaBeta::with_geometry(Geometry::new(width, height), bits)
    }

    /// The solver shifting with `geo` (a test plants a wrong mask with
    /// [`Geometry::with_mask`]) and a table of `2^bits` entries.
    pub fn with_geometry(geo: Geometry, bits: u32) -> AlphaBeta {
        let width = geo.width;
        let centre = (width as f64 - 1.0) / 2.0;
        let mut order: Vec<usize> = (0..width).collect();
        order.sort_by(|&a, &b| {
            let (da, db) = ((a as f64 - centre).abs(), (b as f64 - centre).abs());
            da.total_cmp(&db).then(a.cmp(&b))
        });
        AlphaBeta {
            geo,
            table: Table::new(bits),
            order,
            nodes: 0,
        }
    }

    /// The positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The columns in the order the search tries them first: centre first, then
    /// alternately nearer the edges, the left one first.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// The score of `board` for the player to move (see the [module docs](self)).
    pub fn score(&mut self, board: &Board) -> i32 {
        let g = self.geo;
        let n = board.stones() as i32;
        let top = (g.width * g.height) as i32 + 1;
        let (current, other) = match board.to_move() {
            Player::First => (board.x, board.o),
            Player::Second => (board.o, board.x),
        };
        if g.has_four(other) {
            return -(top - n);
        }
        if g.has_four(current) {
            // never on a board that play reaches: the mover made four and moved again
            return top - n;
        }
        if n + 1 == top {
            return 0;
        }
        let all = current | other;
        // the exact score by null-window searches, each halving the range it can be in,
        // the first ones nearer 0 (where most positions are)
        let (mut lo, mut hi) = (-(top - n - 2), top - n - 1);
        while lo < hi {
            let mut med = lo + (hi - lo) / 2;
            if med <= 0 && lo / 2 < med {
                med = lo / 2;
            } else if med >= 0 && hi / 2 > med {
                med = hi / 2;
            }
            let r = self.negamax(current, all, n, med, med + 1);
            if r <= med {
                hi = r;
            } else {
                lo = r;
            }
        }
        lo
    }

    /// The value of `board` for the player to move, with its remoteness.
    pub fn value(&mut self, board: &Board) -> Remote {
        let n = board.stones() as u32;
        let cells = board.cells() as u32;
        let top = cells as i32 + 1;
        let s = self.score(board);
        match s {
            0 => Remote::tie(cells - n),
            s if s > 0 => Remote::win((top - s) as u32 - n),
            s => Remote::loss((top + s) as u32 - n),
        }
    }

    /// The score of the position with `current` the player to move's stones, `all`
    /// every stone, `n` of them, no four on the board: exact when it falls inside
    /// `(alpha, beta)`, else a bound on the side it fell (at most the result when it is
    /// `≤ alpha`, at least the result when it is `≥ beta`).
    fn negamax(&mut self, current: u64, all: u64, n: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let g = self.geo;
        let cells = (g.width * g.height) as i32;
        let top = cells + 1;
        if n == cells {
            return 0;
        }
        let open = g.playable(all);
        if g.winning_cells(current, all) & open != 0 {
            return top - (n + 1);
        }
        // the opponent's threats: one that can be played now must be blocked (two
        // cannot), and no stone goes just below one
        let theirs = g.winning_cells(current ^ all, all);
        let forced = theirs & open;
        let mut moves = open;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return -(top - (n + 2));
            }
            moves = forced;
        }
        moves &= !(theirs >> 1);
        if moves == 0 {
            return -(top - (n + 2));
        }
        // no win on this move, no loss on the next: bounds before the table's
        let mut hi = if n + 3 <= cells { top - (n + 3) } else { 0 };
        let mut lo = if n + 4 <= cells { -(top - (n + 4)) } else { 0 };
        let k = key(current, all);
        if let Some((v, bound)) = self.table.get(k) {
            match bound {
                LOWER => lo = lo.max(v),
                UPPER => hi = hi.min(v),
                _ => return v,
            }
        }
        if lo >= hi || lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        // centre first, then stably by the threats each move makes
        let mut list = [(0u64, 0u32); 8];
        let mut len = 0;
        for &col in &self.order {
            let m = moves & column_mask(g.height, col);
            if m != 0 {
                let threats = g.winning_cells(current | m, all | m).count_ones();
                list[len] = (m, threats);
                len += 1;
            }
        }
        list[..len].sort_by_key(|&(_, threats)| std::cmp::Reverse(threats));
        let alpha0 = alpha;
        let mut best = -top;
        for &(m, _) in &list[..len] {
            let v = -self.negamax(current ^ all, all | m, n + 1, -beta, -alpha);
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table.put(k, best, bound);
        best
    }
}

impl Solver<Board, Remote> for AlphaBeta {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    /// Refuses a board of more than [`MAX_EMPTY`] empty cells, unless it has four in a
    /// row (the game is over: nothing to search).
    fn check(&self, board: &Board) -> Result<(), Refusal> {
        let empty = board.cells() - board.stones();
        let over = self.geo.has_four(board.x) || self.geo.has_four(board.o);
        if empty > MAX_EMPTY && !over {
            return Err(Refusal {
                solver: "alphabeta",
                reason: format!("{empty} empty cells (the search takes at most {MAX_EMPTY})"),
                suggestion: Suggestion::Nothing,
            });
        }
        Ok(())
    }

    fn solve(&mut self, board: &Board) -> Result<Remote, Refusal> {
        self.check(board)?;
        Ok(self.value(board))
    }
}
