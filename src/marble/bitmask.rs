//! The `bitmask` solver: memoized depth-first search over the square-frame bitmask,
//! moves from the shift generator ([`super::movegen::MoveGen`]).

use super::geometry::Layout;
use super::movegen::MoveGen;
use super::rules::{Play, Rules};
use super::Position;
use crate::outcome::Value;
use crate::solver::{Refusal, Solver};
use std::ops::ControlFlow;

const UNKNOWN: u8 = 0;
const LOSS: u8 = 1;
const WIN: u8 = 2;

/// Memoized DFS; the memo is a flat array of 2^(n²) bytes (32 MiB for the 5-diamond),
/// allocated on the first query and kept across positions.
///
/// # Panics
/// [`Solver::solve`] panics when the position's side is not the rules' side (a
/// caller's bug, not bad input: the contest reader reads positions of the rules' side).
#[derive(Debug, Clone)]
pub struct Bitmask {
    side: usize,
    play: Play,
    layout: Layout,
    gen: MoveGen,
    memo: Vec<u8>,
}

impl Bitmask {
    /// The solver for `rules`.
    pub fn new(rules: &Rules) -> Self {
        Bitmask {
            side: rules.side(),
            play: rules.play(),
            layout: Layout::new(rules.side()),
            gen: MoveGen::new(rules),
            memo: Vec::new(),
        }
    }

    /// Whether the player to move wins at `filled` (square bits).
    pub fn wins_square(&mut self, filled: u32) -> bool {
        if self.memo.is_empty() {
            self.memo = vec![UNKNOWN; self.gen.full() as usize + 1];
        }
        wins(&self.gen, &mut self.memo, self.play, filled)
    }
}

fn wins(gen: &MoveGen, memo: &mut [u8], play: Play, filled: u32) -> bool {
    match memo[filled as usize] {
        WIN => return true,
        LOSS => return false,
        _ => {}
    }
    let win = if filled == gen.full() {
        play == Play::Misere
    } else {
        gen.for_each(filled, |m| {
            if wins(gen, memo, play, filled | m) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .is_break()
    };
    memo[filled as usize] = if win { WIN } else { LOSS };
    win
}

impl Solver<Position, Value> for Bitmask {
    fn name(&self) -> &'static str {
        "bitmask"
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        assert_eq!(
            position.side(),
            self.side,
            "position and rules differ in side"
        );
        let sq = self.layout.to_square(position.marbles());
        Ok(if self.wins_square(sq) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}
