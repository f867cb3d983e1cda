//! Cards, sets of cards and deals.
//!
//! A card is a suit (0..4 for S, H, C, D) and a rank (1..=13). A [`CardSet`] is a `u64`
//! with bit `16·suit + rank` set for each card in it: bits 0, 14 and 15 of each 16-bit
//! suit lane are never cards, so shifting a lane by one rank never crosses into the next
//! suit (the fast move generator relies on this).

use super::rules::{Rules, MAX_RANKS};
use gamecheck::error::RuleError;
use std::fmt;

/// The suit letters in deck order (`docs/rules.md`: S, H, C, D).
pub const SUIT_LETTERS: [char; 4] = ['S', 'H', 'C', 'D'];

/// One card: suit index 0..4 (S, H, C, D) and rank 1..=13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// 0 = S, 1 = H, 2 = C, 3 = D.
    pub suit: u8,
    /// 1..=13 (A = 1, J = 11, Q = 12, K = 13).
    pub rank: u8,
}

impl Card {
    /// The card of suit `suit` (0..4) and rank `rank` (1..=13).
    pub fn new(suit: u8, rank: u8) -> Card {
        debug_assert!(suit < 4 && (1..=MAX_RANKS).contains(&rank));
        Card { suit, rank }
    }

    /// The card's bit in a [`CardSet`]: `16·suit + rank`.
    pub fn bit(self) -> u32 {
        16 * self.suit as u32 + self.rank as u32
    }

    /// The card of a set bit (the inverse of [`Card::bit`]; the rank may be 0, 14 or 15
    /// for a bit that is no card, which [`Card::is_real`] tells).
    pub fn from_bit(bit: u32) -> Card {
        Card {
            suit: (bit / 16) as u8,
            rank: (bit % 16) as u8,
        }
    }

    /// Whether the rank is 1..=13 and the suit 0..4.
    pub fn is_real(self) -> bool {
        self.suit < 4 && (1..=MAX_RANKS).contains(&self.rank)
    }
}

impl fmt::Display for Card {
    /// The canonical name: suit letter then the rank as a number (`S7`, `H10`, `D1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = SUIT_LETTERS.get(self.suit as usize).copied().unwrap_or('?');
        write!(f, "{letter}{}", self.rank)
    }
}

/// A set of cards: bit `16·suit + rank` (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Every card of the deck of `rules`.
    pub fn deck(rules: &Rules) -> CardSet {
        let lane = ((1u64 << rules.ranks()) - 1) << 1;
        CardSet((0..rules.suits()).fold(0, |m, s| m | lane << (16 * s)))
    }

    /// Whether `card` is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.bit() & 1 == 1
    }

    /// The set with `card` added.
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.bit())
    }

    /// The set with `card` removed.
    pub fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.bit()))
    }

    /// The number of cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in deck order (suit, then rank).
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let b = m.trailing_zeros();
            m &= m - 1;
            Some(Card::from_bit(b))
        })
    }

    /// The cards in `self` and not in `other`.
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

impl fmt::Display for CardSet {
    /// The canonical names separated by single spaces, in deck order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.cards().map(|c| c.to_string()).collect();
        f.write_str(&names.join(" "))
    }
}

/// A deal: Alice's hand; Bob holds every other card of the deck. The library takes any
/// split of the deck (an empty hand included); the contest format gives each player half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    deck: CardSet,
    alice: CardSet,
}

impl Deal {
    /// The deal of the deck of `rules` where Alice holds `alice`.
    ///
    /// # Errors
    /// When `alice` holds a card that is not in the deck.
    pub fn new(rules: &Rules, alice: CardSet) -> Result<Deal, RuleError> {
        let deck = CardSet::deck(rules);
        if let Some(c) = alice.minus(deck).cards().next() {
            return Err(RuleError(format!(
                "card {c} is not in the deck of {} × {}",
                super::rules::counted(rules.suits(), "suit"),
                super::rules::counted(usize::from(rules.ranks()), "rank")
            )));
        }
        Ok(Deal { deck, alice })
    }

    /// The whole deck of the deal.
    pub fn deck(&self) -> CardSet {
        self.deck
    }

    /// Alice's hand.
    pub fn alice(&self) -> CardSet {
        self.alice
    }

    /// Bob's hand: the rest of the deck.
    pub fn bob(&self) -> CardSet {
        self.deck.minus(self.alice)
    }

    /// Whether this deal belongs to the deck of `rules`.
    pub fn fits(&self, rules: &Rules) -> bool {
        self.deck == CardSet::deck(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::rules::Stuck;

    #[test]
    fn the_standard_deck_has_52_cards_in_lanes() {
        let d = CardSet::deck(&Rules::standard());
        assert_eq!(d.len(), 52);
        assert_eq!(d.0 & 0x0001_0001_0001_0001, 0, "rank 0 is never a card");
        assert_eq!(
            d.0 & 0xC000_C000_C000_C000,
            0,
            "ranks 14 and 15 are never cards"
        );
        let small = CardSet::deck(&Rules::new(2, 3, None, Stuck::Lose).unwrap());
        assert_eq!(small.to_string(), "S1 S2 S3 H1 H2 H3");
    }

    #[test]
    fn deals_reject_cards_outside_the_deck() {
        let rules = Rules::new(2, 3, None, Stuck::Lose).unwrap();
        assert!(Deal::new(&rules, CardSet::EMPTY.with(Card::new(2, 1))).is_err());
        assert!(Deal::new(&rules, CardSet::EMPTY.with(Card::new(0, 4))).is_err());
        let d = Deal::new(&rules, CardSet::EMPTY.with(Card::new(0, 2))).unwrap();
        assert_eq!(d.bob().len(), 5);
    }
}
