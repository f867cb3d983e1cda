//! The `table` solver: the depth-first search of [`super::search`] over a flat array
//! indexed by the packed chains — `C^suits` entries (50^4 = 6,250,000 for the standard
//! deck; twice that under `pass`, where the player to move is part of the index) — with
//! no hashing.
//!
//! Each entry is 2 bits — 0 for "not solved in this deal", else the value + 1 — 32 to a
//! `u64` word (1.56 MB for the standard deck, 3.1 MB under `pass`). The words a deal
//! writes are listed as they first become non-zero, and only those are zeroed before the
//! next deal: clearing costs as much as the search wrote, not the array's size, and the
//! array stays small enough to sit in the cache.
//!
//! After a solve, [`Table::certify`] walks every position the deal stored and proves the
//! values consistent, independently of how the search produced them.

use super::cards::Deal;
use super::movegen::{MoveGen, Pack};
use super::rules::{Rules, Stuck};
use super::search::{opening, winner, Opening, Search, Store, DRAW, LOSS, WIN};
use gamecheck::outcome::Winner;
use gamecheck::solver::{Refusal, Solver};

/// The flat 2-bit array of one rule set, with the list of words the current deal wrote.
#[derive(Debug, Clone)]
pub struct TableStore {
    pass: bool,
    words: Vec<u64>,
    touched: Vec<u32>,
}

impl TableStore {
    fn new(len: usize, pass: bool) -> Self {
        let entries = if pass { 2 * len } else { len };
        TableStore {
            pass,
            words: vec![0; entries.div_ceil(32)],
            touched: Vec::new(),
        }
    }

    #[inline]
    fn key(&self, index: u32, mover: usize) -> usize {
        if self.pass {
            index as usize * 2 + mover
        } else {
            index as usize
        }
    }

    /// Forgets every value of the last deal (zeroes the words it wrote).
    fn next_deal(&mut self) {
        for &w in &self.touched {
            self.words[w as usize] = 0;
        }
        self.touched.clear();
    }

    /// The array's size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Every stored entry of the current deal: (key, value).
    fn stored(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.touched.iter().flat_map(move |&w| {
            let word = self.words[w as usize];
            (0..32).filter_map(move |i| {
                let e = (word >> (2 * i) & 3) as u8;
                (e != 0).then(|| (w as usize * 32 + i, e - 1))
            })
        })
    }
}

impl Store for TableStore {
    #[inline]
    fn get(&self, index: u32, mover: usize) -> Option<u8> {
        let k = self.key(index, mover);
        let e = (self.words[k >> 5] >> ((k & 31) * 2) & 3) as u8;
        e.checked_sub(1)
    }
    #[inline]
    fn put(&mut self, index: u32, mover: usize, value: u8) {
        let k = self.key(index, mover);
        let w = &mut self.words[k >> 5];
        if *w == 0 {
            self.touched.push((k >> 5) as u32);
        }
        let shift = (k & 31) * 2;
        *w = (*w & !(3 << shift)) | u64::from(value + 1) << shift;
    }
}

/// The `table` solver of one rule set. The array is allocated on the first solve.
/// Solving a deal of another deck panics (a programming error).
#[derive(Debug, Clone)]
pub struct Table {
    rules: Rules,
    gen: MoveGen,
    pack: Pack,
    store: Option<TableStore>,
    last: Option<(Deal, Opening, Winner)>,
    /// Positions evaluated by the last solve.
    pub nodes: u64,
}

impl Table {
    /// The solver for `rules`.
    pub fn new(rules: &Rules) -> Self {
        Table {
            rules: *rules,
            gen: MoveGen::new(rules),
            pack: Pack::new(rules),
            store: None,
            last: None,
            nodes: 0,
        }
    }

    /// The array's size in bytes (0 before the first solve).
    pub fn bytes(&self) -> usize {
        self.store.as_ref().map_or(0, TableStore::bytes)
    }

    /// The positions the last solve stored (for tests).
    #[cfg(test)]
    pub(crate) fn stored_positions(&self) -> u64 {
        self.store.as_ref().map_or(0, |s| s.stored().count() as u64)
    }

    /// Proves the values the last solve stored consistent, for the player to move at each
    /// stored position (with moves from the fast generator; under `pass` a pass is the
    /// one move of a stuck player):
    ///
    /// - a non-terminal win has a move to a position the opponent loses;
    /// - a non-terminal loss has only moves to positions the opponent wins;
    /// - a non-terminal draw has a move to a draw and none to a position the opponent
    ///   loses;
    /// - terminal positions carry the end rule's value: every card played is a draw and a
    ///   stuck player loses (`lose`); the opponent's hand just emptied is a loss (`pass`,
    ///   which has no draws).
    ///
    /// A loss or draw must see all its moves stored (the search stops early only at a
    /// win). The position after the opening must be stored with the value that gave the
    /// answer. By induction on the cards left, every stored value is then exact.
    ///
    /// Returns the number of positions certified.
    ///
    /// # Errors
    /// The first inconsistent position (its chains, the player to move and what is wrong),
    /// or "nothing solved" when no deal has been solved (or the last one ended before the
    /// opening).
    pub fn certify(&self) -> Result<u64, String> {
        let (Some(store), Some((_, open, answer))) = (&self.store, &self.last) else {
            return Err("nothing solved: no table to certify".into());
        };
        let root_mover = 1 - open.opener;
        match store.get(open.index, root_mover) {
            Some(v) if winner(root_mover, v) == *answer => {}
            Some(v) => {
                return Err(format!(
                    "the position after the opening has value {v} but the answer was {answer}"
                ))
            }
            None => return Err("the position after the opening is not stored".into()),
        }
        let mut checked = 0u64;
        for (key, v) in store.stored() {
            checked += 1;
            self.check_entry(store, key, v)?;
        }
        Ok(checked)
    }

    /// Checks one stored entry (`key` as the store keeps it: the chain index, times two
    /// plus the player to move under `pass`) holding `v` against the entries after its
    /// moves, by the rules listed at [`Table::certify`]. Needs a solved deal.
    fn check_entry(&self, store: &TableStore, key: usize, v: u8) -> Result<(), String> {
        let (deal, open, _) = self.last.as_ref().expect("a solved deal");
        let hands = [deal.alice().0, deal.bob().0];
        let deck = self.gen.deck();
        let pass = self.rules.stuck() == Stuck::Pass;
        let (index, stored_mover) = if pass {
            ((key / 2) as u32, key % 2)
        } else {
            (key as u32, usize::MAX)
        };
        let played = self.pack.unpack(index);
        let mover = if pass {
            stored_mover
        } else if played.count_ones() % 2 == 1 {
            // lose: players alternate after the opening card
            1 - open.opener
        } else {
            open.opener
        };
        let show = || {
            format!(
                "position with {} on the table, {} to move, under {}",
                if played == 0 {
                    "nothing".to_string()
                } else {
                    super::cards::CardSet(played).to_string()
                },
                if mover == 0 { "Alice" } else { "Bob" },
                self.rules
            )
        };
        if v > WIN {
            return Err(format!("{}: invalid value {v}", show()));
        }
        let left = [hands[0] & !played, hands[1] & !played];
        // terminal positions
        let terminal = if pass {
            if left[mover] == 0 {
                return Err(format!(
                    "{}: stored, but the player to move has no cards (the game had \
                     already ended)",
                    show()
                ));
            }
            (left[1 - mover] == 0).then_some(LOSS)
        } else if played == deck {
            Some(DRAW)
        } else if self.gen.playable(played) & hands[mover] == 0 {
            Some(LOSS)
        } else {
            None
        };
        if let Some(t) = terminal {
            if v != t {
                return Err(format!(
                    "{}: terminal, the end rule gives {} but the table holds {}",
                    show(),
                    name(t),
                    name(v)
                ));
            }
            return Ok(());
        }
        if pass && v == DRAW {
            return Err(format!("{}: a draw under pass, which has none", show()));
        }
        // the opponent's values after each move (a pass under `pass` when stuck)
        let moves = self.gen.playable(played) & hands[mover];
        let children: Vec<Option<u8>> = if moves == 0 {
            vec![store.get(index, 1 - mover)]
        } else {
            let mut m = moves;
            let mut c = Vec::new();
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                c.push(store.get(index + self.pack.delta(b), 1 - mover));
            }
            c
        };
        let to_loss = children.contains(&Some(LOSS));
        let to_draw = children.contains(&Some(DRAW));
        let all_stored = children.iter().all(Option::is_some);
        let ok = match v {
            WIN => to_loss,
            LOSS => all_stored && children.iter().all(|c| *c == Some(WIN)),
            _ => all_stored && to_draw && !to_loss,
        };
        if !ok {
            return Err(format!(
                "{}: marked {} but its moves lead to {:?} for the opponent \
                 (None = not stored)",
                show(),
                name(v),
                children
            ));
        }
        Ok(())
    }
}

/// A stored value as the certificate's messages name it.
fn name(v: u8) -> &'static str {
    match v {
        WIN => "a win",
        LOSS => "a loss",
        DRAW => "a draw",
        _ => "an invalid value",
    }
}

impl Solver<Deal, Winner> for Table {
    fn name(&self) -> &'static str {
        "table"
    }

    fn solve(&mut self, deal: &Deal) -> Result<Winner, Refusal> {
        assert!(deal.fits(&self.rules), "deal and rules differ in deck");
        let pass = self.rules.stuck() == Stuck::Pass;
        let len = self.pack.indices();
        let store = self.store.get_or_insert_with(|| TableStore::new(len, pass));
        store.next_deal();
        let mut search = Search::new(&self.gen, &self.pack, deal, store);
        let w = search.solve(&self.rules, deal);
        self.nodes = search.nodes;
        self.last = opening(&self.rules, &self.pack, deal)
            .ok()
            .map(|o| (*deal, o, w));
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::game::small_deals;
    use crate::sevens::{props, SevensGame};
    use gamecheck::game::Game as _;
    use gamecheck::rng::Size;

    /// Solves `deal`, then changes each stored value in turn (to every other value) and
    /// checks the certificate rejects every change it must: the certificate can fail.
    fn every_corruption_is_caught(rules: &Rules, deal: &Deal) -> usize {
        let mut t = Table::new(rules);
        let _ = t.solve(deal).unwrap();
        t.certify().unwrap();
        let stored: Vec<(usize, u8)> = t.store.as_ref().unwrap().stored().collect();
        let mut caught = 0;
        for &(key, v) in &stored {
            for other in [LOSS, DRAW, WIN] {
                if other == v {
                    continue;
                }
                let mut bad = t.clone();
                let store = bad.store.as_mut().unwrap();
                let (index, mover) = if store.pass {
                    ((key / 2) as u32, key % 2)
                } else {
                    (key as u32, 0)
                };
                store.put(index, mover, other);
                assert!(
                    bad.certify().is_err(),
                    "{rules}: value {v} → {other} at key {key} was certified"
                );
                // and the changed entry fails its own check: each rule of the
                // certificate is needed, not made up for by another position's
                let bad_store = bad.store.as_ref().unwrap();
                assert!(
                    bad.check_entry(bad_store, key, other).is_err(),
                    "{rules}: value {v} → {other} at key {key} passes its own check"
                );
                caught += 1;
            }
        }
        caught
    }

    #[test]
    fn the_certificate_rejects_any_changed_value() {
        for (rules, deal) in small_deals(9, 20) {
            every_corruption_is_caught(&rules, &deal);
        }
        // a drawn deal: draws turned into wins or losses, and the reverse
        let rules = Rules::new(2, 5, None, Stuck::Lose).unwrap();
        let n = every_corruption_is_caught(&rules, &props::whole_suits_deal(&rules, 0b01));
        assert!(n > 0);
    }

    /// A consistent table does not certify a different answer: the position after the
    /// opening must hold the answer that was given, for every deal of both end rules.
    #[test]
    fn the_answer_must_be_the_value_after_the_opening() {
        for (rules, deal) in small_deals(5, 20) {
            let mut t = Table::new(&rules);
            let _ = t.solve(&deal).unwrap();
            t.certify().unwrap();
            let Some((_, _, answer)) = t.last else {
                continue; // over before the opening: nothing to certify
            };
            for other in [Winner::Alice, Winner::Bob, Winner::Draw] {
                if other == answer {
                    continue;
                }
                let mut bad = t.clone();
                bad.last.as_mut().unwrap().2 = other;
                let e = bad.certify().unwrap_err();
                assert!(
                    e.contains("the position after the opening has value"),
                    "{e}"
                );
            }
        }
    }

    #[test]
    fn values_are_named_in_messages() {
        assert_eq!(
            [LOSS, DRAW, WIN, 3].map(name),
            ["a loss", "a draw", "a win", "an invalid value"]
        );
    }

    /// Two bits an entry, one entry per chain index (two under `pass`: the player to
    /// move), 32 to a word; nothing before the first solve.
    #[test]
    fn the_array_holds_two_bits_a_position() {
        let mut rng = gamecheck::rng::from_seed(4);
        for (suits, ranks) in [(2, 5), (3, 4), (4, 13)] {
            for stuck in Stuck::ALL {
                let rules = Rules::new(suits, ranks, None, stuck).unwrap();
                let mut t = Table::new(&rules);
                assert_eq!(t.bytes(), 0);
                let deal = SevensGame::random_case(&rules, &mut rng, Size::FULL);
                let _ = t.solve(&deal).unwrap();
                let positions = rules.chain_states().pow(suits as u32);
                let entries = positions * if stuck == Stuck::Pass { 2 } else { 1 };
                assert_eq!(t.bytes(), 8 * entries.div_ceil(32), "{rules}");
            }
        }
    }
}
