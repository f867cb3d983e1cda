//! The depth-first win/draw/loss search shared by the `memo` and `table` solvers; they
//! differ only in where values are kept (a [`Store`]).
//!
//! **Score convention** (written once, here): a value is for the player to move —
//! [`LOSS`] = 0, [`DRAW`] = 1, [`WIN`] = 2 — and the value of a move is `2 − v` of the
//! position it leads to. A node's children are searched until a win is found (the only
//! cut-off), so every stored value is exact, never a bound.
//!
//! Besides the one cut-off, three things only change the order of work, never a value:
//! moves are tried by a mobility key (see `Ordered`); a move that leaves the opponent
//! stuck under `lose`, or plays the mover's last card under `pass`, wins at once (its
//! position is stored as the opponent's loss); and a move to a position already stored
//! as the opponent's loss wins before any child is searched (the *enhanced
//! transposition cut-off*). Under `lose`, the last card leads to a draw (stored too),
//! so the certificate of [`super::table::Table::certify`] finds every move it needs.
//!
//! The search starts after the forced opening (the holder of the first suit's start
//! card plays it, `docs/rules.md`, "Sevens"), at the chains with that one card played.

use super::cards::Deal;
use super::movegen::{MoveGen, Pack};
use super::rules::{Rules, Stuck};
use gamecheck::outcome::Winner;

/// The player to move loses.
pub const LOSS: u8 = 0;
/// Neither side can force a win.
pub const DRAW: u8 = 1;
/// The player to move wins.
pub const WIN: u8 = 2;

/// Where a search keeps exact values of positions: a position is its packed chains
/// ([`Pack`]) and the player to move (0 = Alice, 1 = Bob). Under `lose` the player to
/// move follows from the number of cards played, so a store may leave it out of its key;
/// under `pass` it must not.
pub trait Store {
    /// The stored value of the position, if any.
    fn get(&self, index: u32, mover: usize) -> Option<u8>;
    /// Stores the exact value of the position.
    fn put(&mut self, index: u32, mover: usize, value: u8);
}

/// One deal being searched: the rules' generator and packing, both hands, and a store.
pub struct Search<'a, S: Store> {
    gen: &'a MoveGen,
    pack: &'a Pack,
    hands: [u64; 2],
    store: &'a mut S,
    /// Positions evaluated (not found in the store).
    pub nodes: u64,
}

/// Moves ordered by a mobility key, smallest first, ties in the order pushed (see
/// `Ordered::key`: `8 + replies − mine`, where `replies` is how many playable cards the
/// move leaves the opponent and `mine` how many it leaves the mover). A move-ordering
/// heuristic only: every move is still searched until a win is found. (On 40 random
/// standard `lose` deals it cut the positions searched from 2.26 million to 15
/// thousand, with the cut-offs below.)
#[derive(Default)]
struct Ordered {
    len: usize,
    keys: [u32; 16],
    bits: [u32; 16],
}

impl Ordered {
    /// The key of a move that leaves the opponent `replies` playable cards and the mover
    /// `mine`: the smaller `replies − mine`, the earlier (a mobility difference), offset
    /// by 8 so it stays unsigned: `replies + mine ≤ 8` (a playable card is one end of one
    /// of at most four chains).
    #[inline]
    fn key(replies: u32, mine: u32) -> u32 {
        8 + replies - mine
    }

    #[inline]
    fn push(&mut self, key: u32, bit: u32) {
        // insertion sort: at most 8 moves (two ends of four chains)
        let mut i = self.len;
        while i > 0 && self.keys[i - 1] > key {
            self.keys[i] = self.keys[i - 1];
            self.bits[i] = self.bits[i - 1];
            i -= 1;
        }
        self.keys[i] = key;
        self.bits[i] = bit;
        self.len += 1;
    }

    #[inline]
    fn sorted(&self) -> &[u32] {
        &self.bits[..self.len]
    }
}

/// The position right after the forced opening: (played cards, index, player to move,
/// the opener). `None` under `pass` when a hand is empty from the start — then the
/// given winner holds before the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// The cards on the table: the first suit's start card.
    pub played: u64,
    /// Its packed index.
    pub index: u32,
    /// Who holds (and plays) the opening card: 0 = Alice, 1 = Bob.
    pub opener: usize,
}

/// The forced opening of `deal` under `rules`, or the winner when the game is over
/// before it (`pass`: a hand empty from the start wins).
pub fn opening(rules: &Rules, pack: &Pack, deal: &Deal) -> Result<Opening, Winner> {
    if rules.stuck() == Stuck::Pass {
        if deal.alice().is_empty() {
            return Err(Winner::Alice);
        }
        if deal.bob().is_empty() {
            return Err(Winner::Bob);
        }
    }
    let bit = rules.start() as u32; // suit 0, rank K
    let opener = usize::from(deal.alice().0 >> bit & 1 == 0);
    Ok(Opening {
        played: 1 << bit,
        index: pack.delta(bit),
        opener,
    })
}

/// The winner when `player` (0 = Alice, 1 = Bob) has value `v` as the player to move.
pub fn winner(player: usize, v: u8) -> Winner {
    match (player, v) {
        (_, DRAW) => Winner::Draw,
        (0, WIN) | (1, LOSS) => Winner::Alice,
        _ => Winner::Bob,
    }
}

impl<'a, S: Store> Search<'a, S> {
    /// A search of `deal` with the rules' generator and packing, keeping values in
    /// `store` (which must hold nothing from another deal).
    pub fn new(gen: &'a MoveGen, pack: &'a Pack, deal: &Deal, store: &'a mut S) -> Self {
        Search {
            gen,
            pack,
            hands: [deal.alice().0, deal.bob().0],
            store,
            nodes: 0,
        }
    }

    /// Solves the deal: the contest answer.
    pub fn solve(&mut self, rules: &Rules, deal: &Deal) -> Winner {
        let o = match opening(rules, self.pack, deal) {
            Ok(o) => o,
            Err(w) => return w,
        };
        let mover = 1 - o.opener;
        let v = match rules.stuck() {
            Stuck::Lose => {
                let left = (self.gen.deck().count_ones() - 1) as u8;
                self.lose(o.played, o.index, mover, left)
            }
            Stuck::Pass => {
                let mut left = [
                    self.hands[0].count_ones() as u8,
                    self.hands[1].count_ones() as u8,
                ];
                left[o.opener] -= 1;
                self.pass(o.played, o.index, mover, left)
            }
        };
        winner(mover, v)
    }

    /// The stored value of the position after `mover` plays card `b` from `index`, for
    /// the opponent, who moves there. Under `lose` the store ignores the player (the
    /// number of cards played tells who moves), so both end rules share this one
    /// helper and a wrong player here shows under `pass`.
    #[inline]
    fn get_after(&self, index: u32, b: u32, mover: usize) -> Option<u8> {
        self.store.get(index + self.pack.delta(b), 1 - mover)
    }

    /// Stores `v` as the value of the position after `mover` plays card `b` from
    /// `index`, for the opponent (see [`Self::get_after`]).
    #[inline]
    fn put_after(&mut self, index: u32, b: u32, mover: usize, v: u8) {
        self.store.put(index + self.pack.delta(b), 1 - mover, v);
    }

    /// After `mover` plays card `b` onto `played`: how many of the opponent's cards are
    /// playable (their replies) and how many of the mover's own. Both end rules order
    /// their moves by it ([`Ordered::key`]); under `lose`, no reply means the opponent
    /// is stuck and loses.
    #[inline]
    fn mobility(&self, played: u64, b: u32, mover: usize) -> (u32, u32) {
        let next = self.gen.playable(played | 1 << b);
        (
            (next & self.hands[1 - mover]).count_ones(),
            (next & self.hands[mover]).count_ones(),
        )
    }

    /// The value for `mover` under `lose`, with `left` cards not yet played.
    fn lose(&mut self, played: u64, index: u32, mover: usize, left: u8) -> u8 {
        if let Some(v) = self.store.get(index, mover) {
            return v;
        }
        self.nodes += 1;
        let v = if left == 0 {
            DRAW // every card has been played
        } else {
            let moves = self.gen.playable(played) & self.hands[mover];
            if moves == 0 {
                LOSS // no playable card: the player to move loses
            } else if left == 1 {
                // the last card: then every card has been played (stored, so the
                // certificate finds the move to a draw)
                let b = moves.trailing_zeros();
                self.put_after(index, b, mover, DRAW);
                DRAW
            } else {
                self.lose_moves(played, index, mover, left, moves)
            }
        };
        self.store.put(index, mover, v);
        v
    }

    /// The best value over `moves` (at least one, and more cards left after it).
    fn lose_moves(&mut self, played: u64, index: u32, mover: usize, left: u8, moves: u64) -> u8 {
        let mut order = Ordered::default();
        let mut m = moves;
        while m != 0 {
            let b = m.trailing_zeros();
            m &= m - 1;
            let (replies, mine) = self.mobility(played, b, mover);
            if replies == 0 {
                // the opponent is stuck with cards left: they lose (stored, so the
                // certificate finds the move to a loss)
                self.put_after(index, b, mover, LOSS);
                return WIN;
            }
            if self.get_after(index, b, mover) == Some(LOSS) {
                return WIN; // a stored move to a loss (enhanced transposition cut-off)
            }
            order.push(Ordered::key(replies, mine), b);
        }
        let mut best = LOSS;
        for &b in order.sorted() {
            let v = WIN
                - self.lose(
                    played | 1 << b,
                    index + self.pack.delta(b),
                    1 - mover,
                    left - 1,
                );
            if v > best {
                best = v;
                if best == WIN {
                    break;
                }
            }
        }
        best
    }

    /// The value for `mover` under `pass`, with `left[p]` cards in player `p`'s hand.
    fn pass(&mut self, played: u64, index: u32, mover: usize, left: [u8; 2]) -> u8 {
        if let Some(v) = self.store.get(index, mover) {
            return v;
        }
        self.nodes += 1;
        let v = if left[1 - mover] == 0 {
            LOSS // the opponent has just emptied their hand
        } else {
            let moves = self.gen.playable(played) & self.hands[mover];
            if moves == 0 {
                // stuck: the only move is a pass (someone can play while cards remain)
                WIN - self.pass(played, index, 1 - mover, left)
            } else if left[mover] == 1 {
                // the last card of the hand: the game ends, the mover wins (stored, so
                // the certificate finds the move to a loss)
                let b = moves.trailing_zeros();
                self.put_after(index, b, mover, LOSS);
                WIN
            } else {
                self.pass_moves(played, index, mover, left, moves)
            }
        };
        self.store.put(index, mover, v);
        v
    }

    /// The best value over `moves` (at least one, none of them the mover's last card).
    fn pass_moves(
        &mut self,
        played: u64,
        index: u32,
        mover: usize,
        left: [u8; 2],
        moves: u64,
    ) -> u8 {
        let mut order = Ordered::default();
        let mut m = moves;
        while m != 0 {
            let b = m.trailing_zeros();
            m &= m - 1;
            let (replies, mine) = self.mobility(played, b, mover);
            if self.get_after(index, b, mover) == Some(LOSS) {
                return WIN; // a stored move to a loss (enhanced transposition cut-off)
            }
            order.push(Ordered::key(replies, mine), b);
        }
        let mut after = left;
        after[mover] -= 1;
        for &b in order.sorted() {
            // no draws under `pass`: a move wins exactly when it leads to a loss
            if self.pass(
                played | 1 << b,
                index + self.pack.delta(b),
                1 - mover,
                after,
            ) == LOSS
            {
                return WIN;
            }
        }
        LOSS
    }
}

#[cfg(test)]
mod tests {
    use super::{opening, Ordered, Search, Store, LOSS, WIN};
    use crate::sevens::cards::Deal;
    use crate::sevens::game::small_deals;
    use crate::sevens::movegen::{MoveGen, Pack};
    use crate::sevens::rules::{Rules, Stuck};
    use rand::Rng as _;
    use std::collections::HashMap;

    /// A store of these tests' own: every (index, player) apart, and nothing in it but
    /// what a test puts there or the search stores.
    #[derive(Default)]
    struct MapStore(HashMap<(u32, usize), u8>);

    impl Store for MapStore {
        fn get(&self, index: u32, mover: usize) -> Option<u8> {
            self.0.get(&(index, mover)).copied()
        }
        fn put(&mut self, index: u32, mover: usize, value: u8) {
            self.0.insert((index, mover), value);
        }
    }

    /// A position of a deal: the cards played and the player to move.
    struct Spot<'a> {
        rules: &'a Rules,
        deal: &'a Deal,
        played: u64,
        mover: usize,
    }

    impl Spot<'_> {
        fn hands(&self) -> [u64; 2] {
            [self.deal.alice().0, self.deal.bob().0]
        }

        /// The mover's playable cards.
        fn moves(&self, gen: &MoveGen) -> u64 {
            gen.playable(self.played) & self.hands()[self.mover]
        }

        /// Whether the search reaches its move loop here (`lose_moves` / `pass_moves`),
        /// not one of the end cases before it.
        fn has_move_loop(&self, gen: &MoveGen) -> bool {
            let h = self.hands();
            let left = |p: usize| (h[p] & !self.played).count_ones();
            self.moves(gen) != 0
                && match self.rules.stuck() {
                    Stuck::Lose => left(0) + left(1) >= 2,
                    Stuck::Pass => left(1 - self.mover) > 0 && left(self.mover) >= 2,
                }
        }

        /// The position after the mover plays card `b`.
        fn after(&self, b: u32) -> Self {
            Spot {
                played: self.played | 1 << b,
                mover: 1 - self.mover,
                ..*self
            }
        }

        /// The search's value here for the mover, over `store`, and the positions it
        /// evaluated.
        fn search(&self, gen: &MoveGen, pack: &Pack, store: &mut MapStore) -> (u8, u64) {
            let mut s = Search::new(gen, pack, self.deal, store);
            let index = pack.index(self.played);
            let h = self.hands();
            let v = match self.rules.stuck() {
                Stuck::Lose => {
                    let left = (gen.deck() & !self.played).count_ones() as u8;
                    s.lose(self.played, index, self.mover, left)
                }
                Stuck::Pass => {
                    let left = [
                        (h[0] & !self.played).count_ones() as u8,
                        (h[1] & !self.played).count_ones() as u8,
                    ];
                    s.pass(self.played, index, self.mover, left)
                }
            };
            (v, s.nodes)
        }
    }

    /// Positions of random games of `per_rule` deals of the 3 × 4 deck under each end rule,
    /// from the opening on (random moves; a pass under `pass` when stuck), with their
    /// rules' generators.
    fn positions(
        seed: u64,
        per_rule: usize,
        check: &mut dyn FnMut(&Spot<'_>, &MoveGen, &Pack),
    ) -> usize {
        let mut rng = gamecheck::rng::from_seed(seed);
        let mut seen = 0;
        for (rules, deal) in small_deals(seed, per_rule) {
            let (gen, pack) = (MoveGen::new(&rules), Pack::new(&rules));
            let Ok(o) = opening(&rules, &pack, &deal) else {
                continue;
            };
            let mut spot = Spot {
                rules: &rules,
                deal: &deal,
                played: o.played,
                mover: 1 - o.opener,
            };
            loop {
                let h = spot.hands();
                if (h[0] | h[1]) & !spot.played == 0 {
                    break;
                }
                if rules.stuck() == Stuck::Pass && h.iter().any(|&p| p & !spot.played == 0) {
                    break;
                }
                check(&spot, &gen, &pack);
                seen += 1;
                let moves = spot.moves(&gen);
                if moves == 0 {
                    if rules.stuck() == Stuck::Lose {
                        break;
                    }
                    spot.mover = 1 - spot.mover; // a pass
                    continue;
                }
                let pick = rng.random_range(0..moves.count_ones());
                let mut m = moves;
                for _ in 0..pick {
                    m &= m - 1;
                }
                spot = spot.after(m.trailing_zeros());
            }
        }
        seen
    }

    /// The enhanced transposition cut-off fires: wherever the search reaches its move
    /// loop and a move leads to a position that is the opponent's loss, a search whose
    /// store holds that one loss answers WIN from this position alone (1 position
    /// evaluated), under both end rules, whatever order the moves are tried in.
    #[test]
    fn a_stored_move_to_a_loss_wins_at_once() {
        let mut cut = 0;
        let seen = positions(7, 40, &mut |spot, gen, pack| {
            if !spot.has_move_loop(gen) {
                return;
            }
            let mut m = spot.moves(gen);
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                let child = spot.after(b);
                if child.search(gen, pack, &mut MapStore::default()).0 != LOSS {
                    continue;
                }
                let mut store = MapStore::default();
                store.put(pack.index(child.played), child.mover, LOSS);
                let (v, nodes) = spot.search(gen, pack, &mut store);
                assert_eq!(
                    (v, nodes),
                    (WIN, 1),
                    "{}: move {b} from {:#x}",
                    spot.rules,
                    spot.played
                );
                cut += 1;
            }
        });
        assert!(seen > 500 && cut > 100, "{seen} positions, {cut} cut-offs");
    }

    /// Under `lose`, a move that leaves the opponent stuck wins at once: from a fresh
    /// store the search evaluates this position alone and stores the stuck position as
    /// the opponent's loss (the certificate's move to a loss).
    #[test]
    fn a_move_that_leaves_the_opponent_stuck_wins_at_once() {
        let mut stuck = 0;
        positions(8, 200, &mut |spot, gen, pack| {
            if spot.rules.stuck() != Stuck::Lose || !spot.has_move_loop(gen) {
                return;
            }
            let mut m = spot.moves(gen);
            let mut first = None;
            while m != 0 {
                let b = m.trailing_zeros();
                m &= m - 1;
                if spot.after(b).moves(gen) == 0 && first.is_none() {
                    first = Some(b);
                }
            }
            let Some(b) = first else {
                return;
            };
            let mut store = MapStore::default();
            let (v, nodes) = spot.search(gen, pack, &mut store);
            assert_eq!(
                (v, nodes),
                (WIN, 1),
                "{}: from {:#x}",
                spot.rules,
                spot.played
            );
            let child = spot.after(b);
            assert_eq!(store.get(pack.index(child.played), child.mover), Some(LOSS));
            stuck += 1;
        });
        assert!(stuck > 50, "{stuck} positions with a stuck reply");
    }

    /// The search counts the positions it evaluates: none exactly when it stores none (a
    /// deal over before the opening), and never more than it stores.
    #[test]
    fn nodes_count_evaluated_positions() {
        use crate::sevens::table::Table;
        use gamecheck::solver::Solver;
        for (rules, deal) in small_deals(3, 10) {
            let mut t = Table::new(&rules);
            t.solve(&deal).unwrap();
            let stored = t.stored_positions();
            assert!(t.nodes <= stored, "{rules}: {} of {stored}", t.nodes);
            assert_eq!(t.nodes == 0, stored == 0, "{rules}: {} nodes", t.nodes);
        }
    }

    /// The mobility key orders as documented: one more reply is strictly later, one more
    /// own follow-up strictly earlier, over every split of at most 8 playable cards; and
    /// the order is by `replies − mine`, ties in the order pushed.
    #[test]
    fn fewer_replies_first_then_more_own_moves() {
        for r in 0..=8u32 {
            for m in 0..=8 - r {
                let k = Ordered::key(r, m);
                if r + m < 8 {
                    assert!(
                        Ordered::key(r + 1, m) > k,
                        "replies {r} -> {}, mine {m}",
                        r + 1
                    );
                    assert!(
                        Ordered::key(r, m + 1) < k,
                        "mine {m} -> {}, replies {r}",
                        m + 1
                    );
                }
            }
        }
        let mut order = Ordered::default();
        // (1, 3) ties with (0, 2): ties keep the order they were pushed in
        let pushed = [
            (3, 0, 10),
            (0, 2, 11),
            (1, 4, 12),
            (0, 5, 13),
            (3, 1, 14),
            (1, 3, 15),
        ];
        for (r, m, bit) in pushed {
            order.push(Ordered::key(r, m), bit);
        }
        assert_eq!(order.sorted(), &[13, 12, 11, 15, 14, 10]);
    }
}
