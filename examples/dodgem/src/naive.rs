//! The oracle's half of the game: the position as rows of characters, a move found by
//! walking from each of the mover's cars in its three directions, and a move applied by
//! coordinates. The oracle itself is the library's retrograde analysis
//! (`gamecheck::oracle::Retrograde`) over these moves: it shares nothing with the fast
//! solver but the board's size.

use crate::board::{letter, Position};
use crate::game::{Dir, Drive};
use gamecheck::prelude::Player;

/// `p` as rows of `B`, `R`, `.`, top row first.
pub fn rows(p: &Position) -> Vec<Vec<char>> {
    (0..p.size)
        .map(|row| {
            (0..p.size)
                .map(|col| p.symbol(row * p.size + col))
                .collect()
        })
        .collect()
}

/// The forward direction of `player`'s cars (Blue east, Red north), then the two
/// sideways ones.
fn directions(player: Player) -> [Dir; 3] {
    match player {
        Player::First => [Dir::East, Dir::North, Dir::South],
        Player::Second => [Dir::North, Dir::West, Dir::East],
    }
}

/// Where a car at (`row`, `col`) drives in `dir` on a board of `size`: `Some(cell)` on
/// the board, `None` off it.
fn target(size: usize, row: usize, col: usize, dir: Dir) -> Option<(usize, usize)> {
    let (r, c) = (row as i64, col as i64);
    let (r, c) = match dir {
        Dir::North => (r - 1, c),
        Dir::South => (r + 1, c),
        Dir::East => (r, c + 1),
        Dir::West => (r, c - 1),
    };
    let inside = |x: i64| (0..size as i64).contains(&x);
    (inside(r) && inside(c)).then_some((r as usize, c as usize))
}

/// Every move of the player to move, in reading order of the cars: onto an empty cell
/// in any of the car's three directions, or off the board by its forward one.
pub fn moves(p: &Position) -> Vec<Drive> {
    let grid = rows(p);
    let me = letter(p.to_move);
    let dirs = directions(p.to_move);
    let mut out = Vec::new();
    for (row, line) in grid.iter().enumerate() {
        for (col, &s) in line.iter().enumerate() {
            if s != me {
                continue;
            }
            for dir in dirs {
                let free = match target(p.size, row, col, dir) {
                    None => dir == dirs[0],
                    Some((r, c)) => grid[r][c] == '.',
                };
                if free {
                    out.push(Drive {
                        row: row as u8,
                        col: col as u8,
                        dir,
                    });
                }
            }
        }
    }
    out
}

/// The position after `mv`, with the other player to move; `None` when `mv` is not a
/// move of the player to move (no car of theirs there, a direction their cars do not
/// take, the cell ahead taken, or off the board by a sideways move).
pub fn after(p: &Position, mv: &Drive) -> Option<Position> {
    let (row, col) = (mv.row as usize, mv.col as usize);
    let grid = rows(p);
    let dirs = directions(p.to_move);
    if row >= p.size || col >= p.size || grid[row][col] != letter(p.to_move) {
        return None;
    }
    if !dirs.contains(&mv.dir) {
        return None;
    }
    let mut next = *p;
    next.to_move = p.to_move.other();
    let mine = match p.to_move {
        Player::First => &mut next.blue,
        Player::Second => &mut next.red,
    };
    *mine &= !(1 << (row * p.size + col));
    match target(p.size, row, col, mv.dir) {
        None if mv.dir == dirs[0] => {}
        None => return None,
        Some((r, c)) if grid[r][c] == '.' => *mine |= 1 << (r * p.size + c),
        Some(_) => return None,
    }
    Some(next)
}
