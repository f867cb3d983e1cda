//! The `memo` solver: the depth-first search of [`super::search`] with a hash map from
//! the packed chains (and, under `pass`, the player to move) to win/draw/loss.
//!
//! Under `lose` the player to move follows from the number of cards played (players
//! alternate after the forced opening), so the key is the packed chains alone; under
//! `pass` a pass changes the player to move without changing the chains, so the key is
//! `2 · index + mover`.

use super::cards::Deal;
use super::movegen::{MoveGen, Pack};
use super::rules::{Rules, Stuck};
use super::search::{Search, Store};
use gamecheck::outcome::Winner;
use gamecheck::solver::{Refusal, Solver};
use rustc_hash::FxHashMap;

/// The hash map of one deal's values.
#[derive(Debug, Clone, Default)]
pub struct MemoStore {
    pass: bool,
    /// FxHash (rustc-hash): the keys are dense small integers that no attacker chooses,
    /// so SipHash's protection buys nothing here.
    map: FxHashMap<u32, u8>,
}

impl MemoStore {
    fn key(&self, index: u32, mover: usize) -> u32 {
        if self.pass {
            index * 2 + mover as u32
        } else {
            index
        }
    }
}

impl Store for MemoStore {
    #[inline]
    fn get(&self, index: u32, mover: usize) -> Option<u8> {
        self.map.get(&self.key(index, mover)).copied()
    }
    #[inline]
    fn put(&mut self, index: u32, mover: usize, value: u8) {
        let k = self.key(index, mover);
        self.map.insert(k, value);
    }
}

/// The `memo` solver of one rule set (any deck shape); the map is cleared per deal and
/// keeps its capacity. Solving a deal of another deck panics (a programming error).
#[derive(Debug, Clone)]
pub struct Memo {
    rules: Rules,
    gen: MoveGen,
    pack: Pack,
    store: MemoStore,
    /// Positions evaluated by the last solve.
    pub nodes: u64,
}

impl Memo {
    /// The solver for `rules`.
    pub fn new(rules: &Rules) -> Self {
        Memo {
            rules: *rules,
            gen: MoveGen::new(rules),
            pack: Pack::new(rules),
            store: MemoStore {
                pass: rules.stuck() == Stuck::Pass,
                map: FxHashMap::default(),
            },
            nodes: 0,
        }
    }
}

impl Solver<Deal, Winner> for Memo {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn solve(&mut self, deal: &Deal) -> Result<Winner, Refusal> {
        assert!(deal.fits(&self.rules), "deal and rules differ in deck");
        self.store.map.clear();
        let mut search = Search::new(&self.gen, &self.pack, deal, &mut self.store);
        let w = search.solve(&self.rules, deal);
        self.nodes = search.nodes;
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::{DRAW, LOSS, WIN};
    use super::*;

    /// Under `pass` every (index, player to move) has its own entry, index 0 included;
    /// under `lose` the player to move is not part of the key (it follows from the cards
    /// played).
    #[test]
    fn the_key_holds_the_player_to_move_exactly_under_pass() {
        let mut pass = MemoStore {
            pass: true,
            ..MemoStore::default()
        };
        for index in 0..200u32 {
            pass.put(index, 0, WIN);
            pass.put(index, 1, LOSS);
        }
        for index in 0..200u32 {
            assert_eq!(pass.get(index, 0), Some(WIN), "index {index}");
            assert_eq!(pass.get(index, 1), Some(LOSS), "index {index}");
        }
        assert_eq!(pass.map.len(), 400);
        let mut lose = MemoStore::default();
        lose.put(7, 0, DRAW);
        assert_eq!(lose.get(7, 1), Some(DRAW));
        assert_eq!(lose.get(6, 0), None);
    }
}
