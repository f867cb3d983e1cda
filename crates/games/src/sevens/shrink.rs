//! Sevens' "one step smaller" relation over (rules, deal): a smaller deck (one suit
//! fewer, the top rank or the bottom rank dropped) with the deal restricted to it, the
//! hands rebalanced when the deal was a contest deal (half each).
//!
//! Only `verify` shrinks the deck: `stress` keeps the rules of the program under test,
//! and one deal of a fixed deck is as small as it gets there.

use super::cards::{Card, CardSet, Deal};
use super::rules::Rules;

/// The deal `deal` of `from` restricted to the deck `to`, with `map` sending each card
/// of `from` to its card in `to` (or nowhere).
fn restrict(to: &Rules, deal: &Deal, map: impl Fn(Card) -> Option<Card>) -> Deal {
    let alice: CardSet = deal.alice().cards().filter_map(map).collect();
    Deal::new(to, alice).expect("mapped into the smaller deck")
}

/// The decks one step smaller than `(rules, deal)` (one suit fewer, or one rank other
/// than the start rank dropped — the top and the bottom rank first), with the deal
/// restricted to them: suits above a dropped suit move down one, ranks above a dropped
/// rank move down one (the start rank with them). Any suit and any rank, not only the
/// last ones, so a failure that needs its middle cards still loses the others.
fn deck_steps(rules: &Rules, deal: &Deal) -> Vec<(Rules, Deal)> {
    let (s, r, k) = (rules.suits(), rules.ranks(), rules.start());
    let mut shrunk: Vec<(Rules, Deal)> = Vec::new();
    if s > 1 {
        let to = Rules::new(s - 1, r, Some(k), rules.stuck()).expect("smaller");
        for gone in (0..s as u8).rev() {
            shrunk.push((
                to,
                restrict(&to, deal, |c| {
                    (c.suit != gone).then(|| Card::new(c.suit - u8::from(c.suit > gone), c.rank))
                }),
            ));
        }
    }
    // the top rank, the bottom rank, then the ones between (never the start rank)
    let mut ranks: Vec<u8> = vec![r, 1];
    ranks.extend((2..r).rev());
    ranks.dedup();
    for gone in ranks.into_iter().filter(|&g| g != k && r > 1) {
        let start = k - u8::from(gone < k);
        let to = Rules::new(s, r - 1, Some(start), rules.stuck()).expect("smaller");
        shrunk.push((
            to,
            restrict(&to, deal, |c| {
                (c.rank != gone).then(|| Card::new(c.suit, c.rank - u8::from(c.rank > gone)))
            }),
        ));
    }
    shrunk
}

/// The cases one step smaller than `(rules, deal)`: one suit fewer, the top rank or the
/// bottom rank dropped. A contest deal (half each) stays one: a deck step that leaves
/// an odd deck is followed by a second step, and the hands are rebalanced by moving
/// cards from the larger hand. Any other deal also gets the candidates with one of
/// Alice's cards given to Bob.
pub fn smaller_cases(rules: &Rules, deal: &Deal) -> Vec<(Rules, Deal)> {
    let balanced = is_contest_deal(rules, deal);
    let mut shrunk = deck_steps(rules, deal);
    if !balanced {
        // a library deal: also each of Alice's cards given to Bob
        shrunk.extend(deal.alice().cards().map(|c| {
            let d = Deal::new(rules, deal.alice().without(c)).expect("same deck");
            (*rules, d)
        }));
        return shrunk;
    }
    let odd: Vec<(Rules, Deal)> = shrunk
        .iter()
        .filter(|(r, _)| !r.deck_size().is_multiple_of(2))
        .flat_map(|(r, d)| deck_steps(r, d))
        .collect();
    shrunk.extend(odd);
    let mut out = Vec::new();
    for (to, d) in shrunk {
        let n = to.deck_size();
        if n % 2 == 1 {
            continue;
        }
        let a = d.alice().len();
        if 2 * a == n {
            out.push((to, d));
            continue;
        }
        // move `extra` cards from the larger hand, in each of its rotations
        let (from_alice, extra) = if 2 * a > n {
            (true, a - n / 2)
        } else {
            (false, n / 2 - a)
        };
        let pool: Vec<Card> = if from_alice {
            d.alice().cards().collect()
        } else {
            d.bob().cards().collect()
        };
        for first in 0..pool.len() {
            let moved: Vec<Card> = (0..extra).map(|i| pool[(first + i) % pool.len()]).collect();
            let alice = if from_alice {
                moved.iter().fold(d.alice(), |h, &c| h.without(c))
            } else {
                moved.iter().fold(d.alice(), |h, &c| h.with(c))
            };
            out.push((to, Deal::new(&to, alice).expect("same deck")));
        }
    }
    out
}

/// Whether Alice holds exactly half the deck (a contest deal).
pub fn is_contest_deal(rules: &Rules, deal: &Deal) -> bool {
    2 * deal.alice().len() == rules.deck_size()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::contest::uniform_hand;
    use crate::sevens::naive::Naive;
    use crate::sevens::rules::Stuck;
    use crate::sevens::{format, game};
    use gamecheck::harness::shrink;
    use gamecheck::rng;
    use gamecheck::solver::Solver;

    #[test]
    fn smaller_cases_keep_contest_deals_balanced() {
        let rules = Rules::new(2, 4, None, Stuck::Lose).unwrap();
        let mut rng = rng::from_seed(3);
        let deal = Deal::new(&rules, uniform_hand(&rules, &mut rng)).unwrap();
        let smaller = smaller_cases(&rules, &deal);
        assert!(!smaller.is_empty());
        for (r, d) in smaller {
            assert!(r.deck_size() < rules.deck_size());
            assert_eq!(2 * d.alice().len(), r.deck_size(), "{r}: {}", d.alice());
        }
    }

    #[test]
    fn a_planted_disagreement_shrinks_to_a_strictly_smaller_contest_case() {
        // the oracle under `lose` against the oracle under `pass`: they disagree on many
        // deals; the shrunk one has a strictly smaller deck and is a contest input
        let rules = Rules::new(2, 4, None, Stuck::Lose).unwrap();
        let fails = |(r, d): &(Rules, Deal)| {
            Naive::new(r).solve(d) != Naive::new(&r.with_stuck(Stuck::Pass)).solve(d)
        };
        let start = game::every_deal(&rules)
            .into_iter()
            .find(|d| 2 * d.alice().len() == 8 && fails(&(rules, *d)))
            .expect("some deal differs");
        let (r, d) = shrink((rules, start), |(r, d)| smaller_cases(r, d), fails);
        assert!(r.deck_size() < rules.deck_size(), "{r}");
        assert!(fails(&(r, d)));
        assert!(format::read(&format::write(&[d]), &r).is_ok());
        // a deck of two or four cards: the smallest decks where the stuck rules differ
        assert!(r.deck_size() <= 4, "{r}");
    }
}
