//! Sevens properties, each written once and driven by `cargo test` (proptest, or
//! `arbitrary` over random bytes), by the fuzz targets in `fuzz/`, and by `verify`.

use super::cards::{CardSet, Deal};
use super::format;
use super::movegen::MoveGen;
use super::naive::Naive;
use super::rules::{Rules, Stuck, MAX_RANKS, MAX_SUITS};
use gamecheck::outcome::Winner;
use gamecheck::rng::{self, Entropy};
use gamecheck::solver::Solver;
use rand::Rng as _;
use std::collections::BTreeSet;

/// A chain state per suit: `None` (not started) or the ranks `(low, high)` on the table,
/// `1 ≤ low ≤ K ≤ high ≤ R`.
pub type Chains = Vec<Option<(u8, u8)>>;

/// The played cards of `chains` as card bits (`16·suit + rank`), for the fast side.
pub fn played_bits(chains: &[Option<(u8, u8)>]) -> u64 {
    chains.iter().enumerate().fold(0, |m, (s, c)| match c {
        None => m,
        Some((lo, hi)) => {
            let run = ((1u64 << (hi - lo + 1)) - 1) << lo;
            m | run << (16 * s)
        }
    })
}

/// The set of playable cards from the fast generator equals the oracle's, at `chains`
/// (before filtering by whose hand a card is in). A fast card is named from its bit —
/// rank 0 or R + 1 included — so a card off the deck shows up as a difference.
///
/// # Errors
/// The first card one side offers and the other does not.
pub fn movegen_matches_naive(rules: &Rules, chains: &[Option<(u8, u8)>]) -> Result<(), String> {
    let oracle = Naive::new(rules).playable_cards(chains);
    let fast_bits = MoveGen::new(rules).playable(played_bits(chains));
    let fast: BTreeSet<String> = CardSet(fast_bits)
        .cards()
        .map(|c| {
            let letter = super::cards::SUIT_LETTERS
                .get(c.suit as usize)
                .copied()
                .unwrap_or('?');
            format!("{letter}{}", c.rank)
        })
        .collect();
    if let Some(c) = fast.difference(&oracle).next() {
        return Err(format!(
            "the fast generator offers {c}, which the oracle does not, under {rules} at {}",
            show_chains(chains)
        ));
    }
    if let Some(c) = oracle.difference(&fast).next() {
        return Err(format!(
            "the fast generator misses {c} under {rules} at {}",
            show_chains(chains)
        ));
    }
    Ok(())
}

/// Chains as text: `S 5-8, H -, …`.
pub fn show_chains(chains: &[Option<(u8, u8)>]) -> String {
    chains
        .iter()
        .enumerate()
        .map(|(s, c)| {
            let letter = super::cards::SUIT_LETTERS[s];
            match c {
                None => format!("{letter} -"),
                Some((l, h)) => format!("{letter} {l}-{h}"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every fast solver agrees with the oracle on `deal` (a deck of at most 24 cards): the
/// generic [`gamecheck::harness::laws::solvers_agree`]; returns the oracle's answer.
///
/// # Errors
/// Every answer when one differs, with the deal.
pub fn solvers_agree(rules: &Rules, deal: &Deal) -> Result<Winner, String> {
    gamecheck::harness::laws::solvers_agree::<super::SevensGame>(rules, deal)?;
    Naive::new(rules).solve(deal).map_err(|e| e.to_string())
}

/// Any bytes given to the contest reader give deals or a located error, never a panic;
/// deals that are read format back to text the reader reads the same.
///
/// # Errors
/// When a read deal does not survive a write/read round trip, or an error has no location.
pub fn parse_never_panics(bytes: &[u8], rules: &Rules) -> Result<(), String> {
    gamecheck::harness::props::reader_contract(
        bytes,
        |text| format::read(text, rules),
        format::write,
        |deals| {
            if deals
                .iter()
                .any(|d| Some(d.alice().len()) != rules.contest_hand_size().ok())
            {
                return Err("a deal read with the wrong number of cards".into());
            }
            Ok(())
        },
    )
}

/// Any rule set: suits 1..=4, ranks 1..=13 with at most `max_cards` cards in the deck
/// (52: any deck), start 1..=R, stuck rule. Sevens' `Game::random_rules` (16 cards) and
/// the decks of `verify`'s random rows (24 cards, the oracle's limit).
pub fn any_rules<E: Entropy + ?Sized>(e: &mut E, max_cards: usize) -> Rules {
    let suits = e.int_in(1..=MAX_SUITS);
    let ranks = e.int_in(1..=(max_cards / suits).clamp(1, MAX_RANKS as usize) as u8);
    let start = e.int_in(1..=ranks);
    let stuck = if e.chance(0.5) {
        Stuck::Pass
    } else {
        Stuck::Lose
    };
    Rules::new(suits, ranks, Some(start), stuck).expect("valid by construction")
}

/// Any chain state per suit of `rules`.
pub fn any_chains<E: Entropy + ?Sized>(e: &mut E, rules: &Rules) -> Chains {
    let (k, r) = (rules.start(), rules.ranks());
    (0..rules.suits())
        .map(|_| e.chance(0.5).then(|| (e.int_in(1..=k), e.int_in(k..=r))))
        .collect()
}

/// Random chains of `rules` (each suit not started with probability 1/4).
pub fn random_chains(rng: &mut rng::Rng, rules: &Rules) -> Chains {
    let (k, r) = (rules.start(), rules.ranks());
    (0..rules.suits())
        .map(|_| {
            if rng.random_bool(0.25) {
                None
            } else {
                Some((rng.random_range(1..=k), rng.random_range(k..=r)))
            }
        })
        .collect()
}

/// The outcome does not depend on the order the cards are listed in: the deal written
/// with its cards in the order `order` (a permutation seed) and read back solves to
/// `expected`.
///
/// # Errors
/// When the shuffled text reads to another deal or solves to another answer.
pub fn order_does_not_matter(
    rules: &Rules,
    deal: &Deal,
    seed: u64,
    solver: &mut dyn Solver<Deal, Winner>,
) -> Result<(), String> {
    let mut rng = rng::from_seed(seed);
    let mut names: Vec<String> = deal.alice().cards().map(|c| c.to_string()).collect();
    for i in 0..names.len() {
        let j = rng.random_range(i..names.len());
        names.swap(i, j);
    }
    let text = format!("1\n{}\n", names.join(" "));
    let read = format::read(&text, rules).map_err(|e| e.to_string())?;
    let back = read.first().ok_or("no deal read")?;
    if back != deal {
        return Err(format!("`{}` reads to another deal", text.trim_end()));
    }
    let a = solver.solve(deal).map_err(|e| e.to_string())?;
    let b = solver.solve(back).map_err(|e| e.to_string())?;
    if a != b {
        return Err(format!(
            "{a} for the deal in deck order but {b} for `{}`",
            text.trim_end()
        ));
    }
    Ok(())
}

/// The deal where Alice holds exactly the whole suits whose bit is set in `suits_mask`.
pub fn whole_suits_deal(rules: &Rules, suits_mask: u8) -> Deal {
    let alice: CardSet = CardSet::deck(rules)
        .cards()
        .filter(|c| suits_mask >> c.suit & 1 == 1)
        .collect();
    Deal::new(rules, alice).expect("cards of the deck")
}

/// The fuzz entry of `sevens_movegen_matches_naive`: rules and chains from `data`, then
/// [`movegen_matches_naive`].
///
/// # Errors
/// As [`movegen_matches_naive`].
pub fn movegen_matches_naive_bytes(data: &[u8]) -> Result<(), String> {
    let mut u = arbitrary::Unstructured::new(data);
    let rules = any_rules(&mut u, 52);
    let chains = any_chains(&mut u, &rules);
    movegen_matches_naive(&rules, &chains)
}

/// The fuzz entry of `sevens_parse_never_panics`: the deck shape from the first bytes of
/// `data` (the standard deck when the first byte is even), the rest as the contest
/// input, then [`parse_never_panics`].
///
/// # Errors
/// As [`parse_never_panics`].
pub fn parse_never_panics_bytes(data: &[u8]) -> Result<(), String> {
    let (rules, text) = match data.split_first() {
        Some((&b, rest)) if b % 2 == 1 => {
            let mut u = arbitrary::Unstructured::new(rest);
            let rules = any_rules(&mut u, 52);
            (rules, u.take_rest())
        }
        Some((_, rest)) => (Rules::standard(), rest),
        None => (Rules::standard(), data),
    };
    parse_never_panics(text, &rules)
}
