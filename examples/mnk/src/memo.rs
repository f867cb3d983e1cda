//! The fast solver: the board as two bit sets, its lines as precomputed masks, a
//! depth-first search for the player to move (negamax: +1 a win, 0 a draw, −1 a loss)
//! memoized by the pair of bit sets, and a move that makes k in a row taken at once.

use crate::board::{has_line, lines, Board};
use crate::game::{Outcome, Rules};
use gamecheck::prelude::{Player, Refusal, Solver};
use std::collections::HashMap;

/// The memoized search for one rule set (its memo kept across boards).
pub struct Memo {
    lines: Vec<u32>,
    memo: HashMap<(u32, u32), i8>,
}

impl Memo {
    /// The search for `rules`.
    pub fn new(rules: &Rules) -> Memo {
        Memo::with_lines(lines(rules.rows, rules.cols, rules.k))
    }

    /// The search over these lines only (a test plants a bug by leaving some out).
    pub fn with_lines(lines: Vec<u32>) -> Memo {
        Memo {
            lines,
            memo: HashMap::new(),
        }
    }

    /// The value for the player to move, who holds `me`, the other `them`, on a board of
    /// `full` cells: +1, 0 or −1.
    fn negamax(&mut self, me: u32, them: u32, full: u32) -> i8 {
        if has_line(them, &self.lines) {
            return -1;
        }
        let empty = full & !(me | them);
        if empty == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&(me, them)) {
            return v;
        }
        // a move that completes a line wins at once
        let mut moves = empty;
        while moves != 0 {
            let bit = moves & moves.wrapping_neg();
            moves &= moves - 1;
            if has_line(me | bit, &self.lines) {
                self.memo.insert((me, them), 1);
                return 1;
            }
        }
        let mut best = -1;
        let mut moves = empty;
        while moves != 0 && best < 1 {
            let bit = moves & moves.wrapping_neg();
            moves &= moves - 1;
            best = best.max(-self.negamax(them, me | bit, full));
        }
        self.memo.insert((me, them), best);
        best
    }
}

impl Solver<Board, Outcome> for Memo {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn solve(&mut self, b: &Board) -> Result<Outcome, Refusal> {
        let full = if b.cells() == 32 {
            u32::MAX
        } else {
            (1 << b.cells()) - 1
        };
        let (mover, me, them) = match b.to_move() {
            Player::First => (Outcome::X, b.x, b.o),
            Player::Second => (Outcome::O, b.o, b.x),
        };
        let other = if mover == Outcome::X {
            Outcome::O
        } else {
            Outcome::X
        };
        // the player who moved last may already have a line: `negamax` sees it as a loss
        Ok(match self.negamax(me, them, full) {
            1 => mover,
            0 => Outcome::Draw,
            _ => other,
        })
    }
}
