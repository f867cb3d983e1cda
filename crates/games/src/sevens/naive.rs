//! The oracle: a deliberately naive sevens solver, the specification in code.
//!
//! Hands are sets of card names (`"S7"`, `"H10"`), chains are rank ranges
//! (`Some((low, high))`, or `None` for a suit not started), and the game is plain minimax
//! over the legal plays, written straight from the rules (`docs/rules.md`, "Sevens") — the forced opening, the
//! draw rule checked at the start of a turn, a stuck player losing (`lose`) or passing
//! (`pass`, where the game ends as soon as a hand is empty). It shares nothing with the
//! fast solvers but the rule parameters: not the card bits, not the generator, not the
//! packing. Memoized by a text key (chains, both hands, the player to move).

use super::cards::Deal;
use super::rules::{Rules, Stuck};
use gamecheck::outcome::{Value, Winner};
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::{BTreeSet, HashMap};

/// The most cards the oracle searches.
pub const MAX_CARDS: usize = 24;

/// Memo entries kept before the memo is emptied (bounds the memory of long runs).
const MEMO_LIMIT: usize = 200_000;

/// The suit letters, in deck order (`docs/rules.md`, "Sevens").
const SUITS: [char; 4] = ['S', 'H', 'C', 'D'];

/// A position: each suit's chain as a rank range, both hands as card names, and the
/// player to move (0 = Alice, 1 = Bob).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Per suit: `None` when not started, else the ranks `(low, high)` on the table.
    pub chains: Vec<Option<(u8, u8)>>,
    /// The cards still in Alice's (0) and Bob's (1) hands.
    pub hands: [BTreeSet<String>; 2],
    /// 0 = Alice, 1 = Bob.
    pub to_move: usize,
}

/// A move of the oracle: a card name, or a pass (`pass` rule only).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Play {
    /// Play this card.
    Card(String),
    /// No playable card: pass.
    Pass,
}

/// The oracle for one rule set.
#[derive(Debug, Clone)]
pub struct Naive {
    suits: usize,
    ranks: u8,
    start: u8,
    stuck: Stuck,
    memo: HashMap<String, Value>,
}

/// The name of the card of suit index `suit` and rank `rank`.
fn name(suit: usize, rank: u8) -> String {
    format!("{}{}", SUITS[suit], rank)
}

/// The suit index and rank of a card name made by [`name`].
fn split(card: &str) -> (usize, u8) {
    let mut chars = card.chars();
    let letter = chars.next().expect("a card name is not empty");
    let suit = SUITS
        .iter()
        .position(|&s| s == letter)
        .expect("a known suit letter");
    let rank = chars.as_str().parse().expect("a rank number");
    (suit, rank)
}

impl Naive {
    /// The oracle for `rules`, with an empty memo.
    pub fn new(rules: &Rules) -> Self {
        Naive {
            suits: rules.suits(),
            ranks: rules.ranks(),
            start: rules.start(),
            stuck: rules.stuck(),
            memo: HashMap::new(),
        }
    }

    /// Every card name of the deck, suit by suit, rank by rank.
    pub fn deck(&self) -> Vec<String> {
        let mut v = Vec::new();
        for s in 0..self.suits {
            for r in 1..=self.ranks {
                v.push(name(s, r));
            }
        }
        v
    }

    /// Whether `card` may be played on `chains`: the start rank of a suit not started,
    /// or one rank below the low end or above the high end of a started suit's chain.
    pub fn is_playable(&self, chains: &[Option<(u8, u8)>], card: &str) -> bool {
        let (suit, rank) = split(card);
        match chains[suit] {
            None => rank == self.start,
            Some((low, high)) => rank + 1 == low || rank == high + 1,
        }
    }

    /// Every card of the deck playable on `chains`, before asking whose hand it is in.
    pub fn playable_cards(&self, chains: &[Option<(u8, u8)>]) -> BTreeSet<String> {
        self.deck()
            .into_iter()
            .filter(|c| self.is_playable(chains, c))
            .collect()
    }

    /// The deal as two hands of card names (Alice's, Bob's).
    pub fn hands(&self, deal: &Deal) -> [BTreeSet<String>; 2] {
        let mut hands = [BTreeSet::new(), BTreeSet::new()];
        for s in 0..self.suits {
            for r in 1..=self.ranks {
                let card = super::cards::Card::new(s as u8, r);
                let owner = usize::from(!deal.alice().contains(card));
                hands[owner].insert(name(s, r));
            }
        }
        hands
    }

    fn key(state: &State) -> String {
        let chains: Vec<String> = state
            .chains
            .iter()
            .map(|c| match c {
                None => "-".to_string(),
                Some((l, h)) => format!("{l}-{h}"),
            })
            .collect();
        let hand = |h: &BTreeSet<String>| h.iter().cloned().collect::<Vec<_>>().join(",");
        format!(
            "{}|{}|{}|{}",
            chains.join(" "),
            hand(&state.hands[0]),
            hand(&state.hands[1]),
            state.to_move
        )
    }

    /// The legal moves of the player to move at a position where the game goes on.
    pub fn moves(&self, state: &State) -> Vec<Play> {
        let mine: Vec<Play> = state.hands[state.to_move]
            .iter()
            .filter(|c| self.is_playable(&state.chains, c))
            .map(|c| Play::Card(c.clone()))
            .collect();
        if mine.is_empty() && self.stuck == Stuck::Pass {
            vec![Play::Pass]
        } else {
            mine
        }
    }

    /// The position after `play`.
    pub fn apply(&self, state: &State, play: &Play) -> State {
        let mut next = state.clone();
        if let Play::Card(card) = play {
            let (suit, rank) = split(card);
            next.hands[state.to_move].remove(card);
            next.chains[suit] = Some(match state.chains[suit] {
                None => (rank, rank),
                Some((low, high)) => (low.min(rank), high.max(rank)),
            });
        }
        next.to_move = 1 - state.to_move;
        next
    }

    /// The end rule at the start of a turn: `Some(value for the player to move)` when the
    /// game is over.
    pub fn end(&self, state: &State) -> Option<Value> {
        let me = state.to_move;
        match self.stuck {
            Stuck::Lose => {
                if state.hands[0].is_empty() && state.hands[1].is_empty() {
                    return Some(Value::Draw); // every card has been played
                }
                if !state.hands[me]
                    .iter()
                    .any(|c| self.is_playable(&state.chains, c))
                {
                    return Some(Value::Loss); // no playable card (or no card at all)
                }
                None
            }
            Stuck::Pass => {
                if state.hands[me].is_empty() {
                    return Some(Value::Win); // only possible from the start
                }
                if state.hands[1 - me].is_empty() {
                    return Some(Value::Loss); // the opponent emptied their hand
                }
                None
            }
        }
    }

    /// The value of `state` for the player to move (plain minimax, memoized by text).
    pub fn value(&mut self, state: &State) -> Value {
        if let Some(v) = self.end(state) {
            return v;
        }
        let key = Self::key(state);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = Value::Loss;
        for play in self.moves(state) {
            let v = self.value(&self.apply(state, &play)).flip();
            if rank_of(v) > rank_of(best) {
                best = v;
            }
        }
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(key, best);
        best
    }

    /// The start of the game: the hands dealt, nothing played, the holder of the first
    /// suit's start card to move (they must play it: `docs/rules.md`, "Sevens").
    ///
    /// # Panics
    /// When Alice holds a card outside this deck (a deal of another rule set).
    pub fn initial(&self, deal: &Deal) -> State {
        let hands = self.hands(deal);
        assert_eq!(
            hands[0].len(),
            deal.alice().len(),
            "the deal holds cards outside the oracle's deck"
        );
        let opener = usize::from(!hands[0].contains(&name(0, self.start)));
        State {
            chains: vec![None; self.suits],
            hands,
            to_move: opener,
        }
    }

    fn refuse(&self) -> Result<(), Refusal> {
        let cards = self.suits * self.ranks as usize;
        if cards > MAX_CARDS {
            return Err(Refusal {
                solver: "naive",
                reason: format!("a deck of {cards} cards, more than its limit of {MAX_CARDS}"),
                suggestion: Suggestion::Solver("table"),
            });
        }
        Ok(())
    }

    /// The value for the opener (before the forced opening), and the position after it;
    /// `Err` with the winner when a hand is empty from the start under `pass`.
    fn open(&mut self, deal: &Deal) -> Result<State, Winner> {
        let state = self.initial(deal);
        if self.stuck == Stuck::Pass {
            if state.hands[0].is_empty() {
                return Err(Winner::Alice);
            }
            if state.hands[1].is_empty() {
                return Err(Winner::Bob);
            }
        }
        let first = Play::Card(name(0, self.start));
        Ok(self.apply(&state, &first))
    }

    /// The oracle's best line from the start of `deal`, as text: the forced opening, then
    /// the reply of the other player that wins, or else keeps the draw (`None` when the
    /// game ends before or right after the opening, or every reply loses).
    ///
    /// # Errors
    /// [`Refusal`] over 24 cards.
    pub fn best_move(&mut self, deal: &Deal) -> Result<Option<String>, Refusal> {
        self.refuse()?;
        let who = |p: usize| if p == 0 { "Alice" } else { "Bob" };
        let Ok(after) = self.open(deal) else {
            return Ok(None);
        };
        let opener = 1 - after.to_move;
        let opening = format!(
            "{} opens with {} (forced)",
            who(opener),
            name(0, self.start)
        );
        if self.end(&after).is_some() {
            return Ok(Some(opening));
        }
        let mut best: Option<(Value, Play)> = None;
        for play in self.moves(&after) {
            let v = self.value(&self.apply(&after, &play)).flip();
            if best.as_ref().is_none_or(|(b, _)| rank_of(v) > rank_of(*b)) {
                best = Some((v, play));
            }
        }
        Ok(match best {
            Some((v, play)) if v != Value::Loss => {
                let what = match play {
                    Play::Card(c) => format!("plays {c}"),
                    Play::Pass => "must pass".into(),
                };
                let outcome = if v == Value::Win {
                    "wins"
                } else {
                    "keeps the draw"
                };
                Some(format!(
                    "{opening}; then {} {what} and {outcome}",
                    who(after.to_move)
                ))
            }
            _ => Some(format!(
                "{opening}; every reply of {} loses (the opener wins)",
                who(after.to_move)
            )),
        })
    }
}

/// Preference order: a loss, a draw, a win.
fn rank_of(v: Value) -> u8 {
    match v {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    }
}

impl Solver<Deal, Winner> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    /// The positions remembered across calls (the harness bounds them).
    fn memo_entries(&self) -> Option<usize> {
        Some(self.memo.len())
    }
    fn clear_memo(&mut self) {
        self.memo.clear();
    }

    fn check(&self, _deal: &Deal) -> Result<(), Refusal> {
        self.refuse()
    }

    fn solve(&mut self, deal: &Deal) -> Result<Winner, Refusal> {
        self.refuse()?;
        let after = match self.open(deal) {
            Ok(s) => s,
            Err(w) => return Ok(w),
        };
        let v = self.value(&after);
        // the value is for the player to move after the opening: Alice or Bob
        Ok(match (after.to_move, v) {
            (_, Value::Draw) => Winner::Draw,
            (0, Value::Win) | (1, Value::Loss) => Winner::Alice,
            _ => Winner::Bob,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::cards::{Card, CardSet};

    fn deal(rules: &Rules, alice: &[(u8, u8)]) -> Deal {
        let set: CardSet = alice.iter().map(|&(s, r)| Card::new(s, r)).collect();
        Deal::new(rules, set).unwrap()
    }

    #[test]
    fn one_suit_of_two_cards() {
        // deck S1 S2, K = 1. Alice holds S1: she opens, Bob plays S2, all played: draw.
        let rules = Rules::new(1, 2, None, Stuck::Lose).unwrap();
        let mut o = Naive::new(&rules);
        assert_eq!(o.solve(&deal(&rules, &[(0, 1)])), Ok(Winner::Draw));
        // Bob holds both: he opens with S1, Alice has no card while S2 remains: she loses
        assert_eq!(o.solve(&deal(&rules, &[])), Ok(Winner::Bob));
        // under pass, Alice's empty hand wins before the first move
        let pass = rules.with_stuck(Stuck::Pass);
        assert_eq!(
            Naive::new(&pass).solve(&deal(&pass, &[])),
            Ok(Winner::Alice)
        );
        // under pass, Alice opens with her only card and her hand is empty: she wins
        assert_eq!(
            Naive::new(&pass).solve(&deal(&pass, &[(0, 1)])),
            Ok(Winner::Alice)
        );
    }

    #[test]
    fn refuses_big_decks() {
        let mut o = Naive::new(&Rules::standard());
        let d = Deal::new(&Rules::standard(), CardSet::EMPTY).unwrap();
        assert!(o.solve(&d).is_err());
    }

    #[test]
    fn playable_cards_follow_the_chain_ends() {
        let rules = Rules::new(2, 5, None, Stuck::Lose).unwrap();
        let o = Naive::new(&rules);
        let p = o.playable_cards(&[Some((1, 3)), None]);
        assert_eq!(p.into_iter().collect::<Vec<_>>(), vec!["H3", "S4"]);
    }
}
