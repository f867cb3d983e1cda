//! The fast playable-card generator and the packing of chains into a table index.
//!
//! Chains are carried as the [`CardSet`](super::cards::CardSet) bits of the *played*
//! cards: bit `16·suit + rank`, so each suit is a 16-bit lane whose played ranks form one
//! contiguous run through the start rank K (`docs/rules.md`, "Sevens"). Both pieces here are
//! branch-free bit arithmetic on that `u64`; neither is shared with the oracle, which
//! works on card names and rank ranges.

use super::rules::Rules;

/// The low bit of each 16-bit lane.
const LANE_LOW: u64 = 0x0001_0001_0001_0001;
/// Adding this to a lane value in `0..0x4000` sets bit 14 exactly when the value is
/// non-zero, with no carry into the next lane (the largest sum is `0x7FFD`).
const LANE_NONZERO_ADD: u64 = 0x3FFF * LANE_LOW;

/// The playable-card generator of one rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveGen {
    deck: u64,
    start: u32,
    suit_lanes: u64,
}

impl MoveGen {
    /// The generator for the deck of `rules`.
    pub fn new(rules: &Rules) -> Self {
        let lane = ((1u64 << rules.ranks()) - 1) << 1;
        let deck = (0..rules.suits()).fold(0, |m, s| m | lane << (16 * s));
        let suit_lanes = (0..rules.suits()).fold(0, |m, s| m | 1u64 << (16 * s));
        MoveGen {
            deck,
            start: rules.start() as u32,
            suit_lanes,
        }
    }

    /// The deck as card bits.
    pub fn deck(&self) -> u64 {
        self.deck
    }

    /// Every playable card when the cards `played` are on the table (before filtering by
    /// whose hand a card is in): the start card of each suit with nothing played, and the
    /// card one rank below and one rank above each started suit's run — only cards of the
    /// deck (never rank 0 or rank R + 1).
    ///
    /// `played` must hold, per suit, nothing or a contiguous run of ranks through K.
    #[inline]
    pub fn playable(&self, played: u64) -> u64 {
        let ends = ((played << 1) | (played >> 1)) & !played;
        let started = ((played + LANE_NONZERO_ADD) >> 14) & LANE_LOW;
        let fresh = (self.suit_lanes & !started) << self.start;
        (ends | fresh) & self.deck
    }
}

/// Packs chains into a table index: suit `s` in chain state `c_s` (0 = not started,
/// `1 + (K − low)·(R − K + 1) + (high − K)` for the run `[low, high]`) gives the index
/// `Σ c_s · C^s` with `C` = [`Rules::chain_states`] (50 for the standard deck, so
/// 50^4 = 6,250,000 indices).
///
/// Playing a card changes one suit's state by an amount that depends only on the card
/// (the start card: +1; one rank lower: +(R − K + 1); one rank higher: +1), so the index
/// is the sum of [`Pack::delta`] over the played cards and a move adds one delta.
#[derive(Debug, Clone)]
pub struct Pack {
    delta: [u32; 64],
    states: usize,
    suits: usize,
    ranks: u8,
    start: u8,
    len: usize,
}

impl Pack {
    /// The packing for the deck of `rules`.
    pub fn new(rules: &Rules) -> Self {
        let states = rules.chain_states();
        let (k, r) = (rules.start(), rules.ranks());
        let mut delta = [0u32; 64];
        let mut pow = 1u32;
        for s in 0..rules.suits() {
            for rank in 1..=r {
                let step = if rank < k { (r - k + 1) as u32 } else { 1 };
                delta[16 * s + rank as usize] = pow * step;
            }
            pow *= states as u32;
        }
        Pack {
            delta,
            states,
            suits: rules.suits(),
            ranks: r,
            start: k,
            len: pow as usize,
        }
    }

    /// The number of indices, `C^suits` (indices are `0..indices()`).
    pub fn indices(&self) -> usize {
        self.len
    }

    /// How much playing the card of bit `bit` adds to the index.
    #[inline]
    pub fn delta(&self, bit: u32) -> u32 {
        self.delta[bit as usize]
    }

    /// The index of the played cards `played` (contiguous runs through K).
    pub fn index(&self, played: u64) -> u32 {
        let mut m = played;
        let mut i = 0;
        while m != 0 {
            i += self.delta[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        i
    }

    /// The played cards of index `index` (the inverse of [`Pack::index`]).
    pub fn unpack(&self, index: u32) -> u64 {
        let mut rest = index as usize;
        let width = (self.ranks - self.start + 1) as usize;
        let mut played = 0u64;
        for s in 0..self.suits {
            let c = rest % self.states;
            rest /= self.states;
            if c > 0 {
                let lo = self.start as usize - (c - 1) / width;
                let hi = self.start as usize + (c - 1) % width;
                let run = ((1u64 << (hi - lo + 1)) - 1) << lo;
                played |= run << (16 * s);
            }
        }
        played
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::rules::Stuck;

    #[test]
    fn standard_opening_and_ends() {
        let g = MoveGen::new(&Rules::standard());
        // nothing played: the four sevens
        assert_eq!(g.playable(0), 0x0080_0080_0080_0080);
        // spades 6..=8 played: S5 and S9, plus the other sevens
        let p = 0b1_1100_0000;
        assert_eq!(g.playable(p), 0x0080_0080_0080_0000 | 1 << 5 | 1 << 9);
        // a full spade suit offers nothing in spades (no rank 0, no rank 14)
        assert_eq!(g.playable(0x3FFE) & 0xFFFF, 0);
    }

    #[test]
    fn pack_and_unpack_are_inverse() {
        for rules in [
            Rules::standard(),
            Rules::new(3, 4, Some(1), Stuck::Pass).unwrap(),
            Rules::new(2, 5, Some(5), Stuck::Lose).unwrap(),
        ] {
            let p = Pack::new(&rules);
            assert_eq!(p.indices(), rules.chain_states().pow(rules.suits() as u32));
            let step = if p.indices() > 100_000 { 997 } else { 1 };
            for i in (0..p.indices() as u32).step_by(step) {
                assert_eq!(p.index(p.unpack(i)), i);
            }
        }
    }
}
