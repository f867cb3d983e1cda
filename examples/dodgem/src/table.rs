//! The fast solver: the cars as bit sets, a player's moves as shifts of the whole set
//! under edge masks, and a table of every position of the board, indexed by the ranks of
//! the two sets, solved by *value iteration*: round `k` settles every position won in `k`
//! moves (a move to a position lost in fewer) and every position lost in `k` (every move
//! to a position won in fewer); rounds go on until one settles nothing, and what is left
//! is a draw. A different method from the oracle's retrograde analysis: no list of
//! parents, no counters, every round a pass over the positions not yet settled.

use crate::board::Position;
use crate::game::{Dir, Drive};
use gamecheck::prelude::{Player, Refusal, Remote, Solver};

/// The board's edges as masks, for moves by shifts.
#[derive(Debug, Clone)]
pub struct Geometry {
    size: usize,
    /// Every cell.
    all: u16,
    /// The left column (the cells a car cannot leave westward); `right`, `top` and
    /// `bottom` likewise.
    left: u16,
    right: u16,
    top: u16,
    bottom: u16,
}

/// The cells of `set`, lowest first.
fn cells(mut set: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set & set.wrapping_neg();
            set &= set - 1;
            bit
        })
    })
}

impl Geometry {
    /// The masks of a `size` × `size` board.
    pub fn new(size: usize) -> Geometry {
        let cells = size * size;
        let all = ((1u32 << cells) - 1) as u16;
        let column = |col: usize| (0..size).map(|r| 1u16 << (r * size + col)).sum::<u16>();
        let row = |r: usize| (0..size).map(|c| 1u16 << (r * size + c)).sum::<u16>();
        Geometry {
            size,
            all,
            left: column(0),
            right: column(size - 1),
            top: row(0),
            bottom: row(size - 1),
        }
    }

    /// Every move of the player to move with the position it leads to: for each
    /// direction, the cars that can take it as one shifted set (onto empty cells; off
    /// the board from the far edge, forward only).
    pub fn moves(&self, p: &Position) -> Vec<(Drive, Position)> {
        let n = self.size as u32;
        let empty = self.all & !(p.blue | p.red);
        let mine = match p.to_move {
            Player::First => p.blue,
            Player::Second => p.red,
        };
        // (direction, the cars that may drive that way, how the set shifts)
        let shifts: [(Dir, u16, i32); 3] = match p.to_move {
            Player::First => [
                (Dir::East, mine & !self.right, 1),
                (Dir::North, mine & !self.top, -(n as i32)),
                (Dir::South, mine & !self.bottom, n as i32),
            ],
            Player::Second => [
                (Dir::North, mine & !self.top, -(n as i32)),
                (Dir::West, mine & !self.left, -1),
                (Dir::East, mine & !self.right, 1),
            ],
        };
        let (forward, off_edge) = match p.to_move {
            Player::First => (Dir::East, self.right),
            Player::Second => (Dir::North, self.top),
        };
        let mut out = Vec::new();
        let mut push = |from: u16, to: u16, dir: Dir| {
            let mut next = *p;
            next.to_move = p.to_move.other();
            let set = match p.to_move {
                Player::First => &mut next.blue,
                Player::Second => &mut next.red,
            };
            *set = (*set & !from) | to;
            let at = from.trailing_zeros();
            let drive = Drive {
                row: (at / n) as u8,
                col: (at % n) as u8,
                dir,
            };
            out.push((drive, next));
        };
        for (dir, movers, shift) in shifts {
            let to = match shift > 0 {
                true => movers << shift,
                false => movers >> -shift,
            } & empty;
            for t in cells(to) {
                let from = match shift > 0 {
                    true => t >> shift,
                    false => t << -shift,
                };
                push(from, t, dir);
            }
        }
        for from in cells(mine & off_edge) {
            push(from, 0, forward);
        }
        out
    }
}

/// The solved table of one board size: the value with remoteness of every position.
pub struct Table {
    size: usize,
    /// The rank of each set of at most `size − 1` cells among all such sets;
    /// `u32::MAX` for a larger set.
    rank: Vec<u32>,
    /// How many such sets there are.
    sets: usize,
    /// Per index: 0 while unsettled (a draw at the end), else 1 + 2·remoteness + (1 for a
    /// win).
    values: Vec<u16>,
}

/// A settled value as stored.
fn code(win: bool, remoteness: u32) -> u16 {
    (1 + 2 * remoteness + u32::from(win)) as u16
}

impl Table {
    /// Solves every position of the `size` × `size` board (2..=4).
    pub fn new(size: usize) -> Table {
        let geometry = Geometry::new(size);
        let cells = size * size;
        let mut rank = vec![u32::MAX; 1 << cells];
        let mut members: Vec<u16> = Vec::new();
        for set in 0..1u32 << cells {
            if (set.count_ones() as usize) < size {
                rank[set as usize] = members.len() as u32;
                members.push(set as u16);
            }
        }
        let mut t = Table {
            size,
            rank,
            sets: members.len(),
            values: vec![0; members.len() * members.len() * 2],
        };
        // every position with its children's indices (a position with none is won: the
        // player to move has no move)
        let mut open: Vec<(u32, Vec<u32>)> = Vec::new();
        for &blue in &members {
            for &red in &members {
                if blue & red != 0 {
                    continue;
                }
                for to_move in [Player::First, Player::Second] {
                    let p = Position {
                        size,
                        blue,
                        red,
                        to_move,
                    };
                    let i = t.index(&p) as u32;
                    let children: Vec<u32> = geometry
                        .moves(&p)
                        .iter()
                        .map(|(_, c)| t.index(c) as u32)
                        .collect();
                    match children.is_empty() {
                        true => t.values[i as usize] = code(true, 0),
                        false => open.push((i, children)),
                    }
                }
            }
        }
        for k in 1u32.. {
            let before = open.len();
            let values = &mut t.values;
            open.retain(|(i, children)| {
                let settled = |c: &u32, win: bool| {
                    let v = values[*c as usize] as u32;
                    v != 0 && (v - 1) & 1 == u32::from(win) && (v - 1) / 2 < k
                };
                let v = if children.iter().any(|c| settled(c, false)) {
                    code(true, k)
                } else if children.iter().all(|c| settled(c, true)) {
                    code(false, k)
                } else {
                    return true;
                };
                values[*i as usize] = v;
                false
            });
            if open.len() == before {
                break;
            }
        }
        t
    }

    /// The index of `p` in the table.
    fn index(&self, p: &Position) -> usize {
        let (b, r) = (self.rank[p.blue as usize], self.rank[p.red as usize]);
        let side = usize::from(p.to_move == Player::Second);
        (b as usize * self.sets + r as usize) * 2 + side
    }

    /// The value of `p` for the player to move, with its remoteness.
    pub fn value(&self, p: &Position) -> Remote {
        match self.values[self.index(p)] as u32 {
            0 => Remote::DRAW,
            v if (v - 1) & 1 == 1 => Remote::win((v - 1) / 2),
            v => Remote::loss((v - 1) / 2),
        }
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.size
    }
}

impl Solver<Position, Remote> for Table {
    fn name(&self) -> &'static str {
        "table"
    }

    fn solve(&mut self, p: &Position) -> Result<Remote, Refusal> {
        Ok(self.value(p))
    }
}
