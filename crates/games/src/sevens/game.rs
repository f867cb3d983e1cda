//! Sevens through the [`Game`] trait: rule flags, solver variants, both move
//! generators, shrinking of the deck, and what `verify` checks.

use super::cards::{Card, CardSet, Deal, SUIT_LETTERS};
use super::memo::Memo;
use super::movegen::MoveGen;
use super::naive::{Naive, Play, MAX_CARDS};
use super::rules::{Rules, Stuck, MAX_RANKS, MAX_SUITS};
use super::shrink::smaller_cases;
use super::table::Table;
use super::{format, props};
use gamecheck::error::{ParseError, RuleError};
use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::harness::VerifyOptions;
use gamecheck::harness::{Group, NamedCheck, Outcome, Step, Suite, Verify};
use gamecheck::outcome::Winner;
use gamecheck::rng::{self, Entropy, Size};
use gamecheck::solver::Solver;
use rand::Rng as _;
use std::fmt;

/// Sevens, the two-player card game, as a [`Game`].
#[derive(Debug, Clone, Copy)]
pub struct SevensGame;

gamecheck::variants! {
    /// The sevens solvers.
    pub enum Variant {
        /// The oracle: card-name hands, rank-range chains, plain minimax (decks up to 24 cards).
        Naive = "naive",
        /// DFS with a hash-map memo on the packed chains.
        Memo = "memo",
        /// The same DFS over a flat array of 2-bit entries.
        Table = "table",
    }
}

/// The solver `variant` for `rules`.
pub fn solver(rules: &Rules, variant: Variant) -> BoxSolver<SevensGame> {
    match variant {
        Variant::Naive => Box::new(Naive::new(rules)),
        Variant::Memo => Box::new(Memo::new(rules)),
        Variant::Table => Box::new(Table::new(rules)),
    }
}

/// The end rule for a player with no playable card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StuckArg {
    /// The stuck player loses.
    Lose,
    /// The stuck player passes.
    Pass,
}

/// A move: a card (`S7`) or `pass`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(pub String);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Random deals of small decks (up to the oracle's limit) in the default budget.
pub const DEFAULT_CASES: u64 = 2000;
/// Decks of more cards than this get at most [`LARGE_DECK_DEALS`] random deals each.
pub const LARGE_DECK: usize = 18;
/// Random deals of each deck over [`LARGE_DECK`] cards.
pub const LARGE_DECK_DEALS: u64 = 30;
/// Random standard deals per stuck rule for `table` against `memo` by default.
pub const DEFAULT_STANDARD_DEALS: u64 = 500;
/// Standard deals per stuck rule whose table is certified.
pub const CERTIFIED_DEALS: usize = 20;
/// Random chain states for the generator check by default.
pub const DEFAULT_MOVEGEN_CASES: u64 = 20_000;

/// The deck shapes checked on every split of the deck, each under both stuck rules:
/// 2 × 5, 2 × 7, 3 × 4, 2 × 6 and 4 × 3 at the middle start rank, 2 × 5 starting at either
/// end, 1 × 10 and 1 × 7 (a single chain; an odd deck is a library deal, not a contest one).
pub fn exhaustive_decks() -> Vec<Rules> {
    let shapes: [(usize, u8, Option<u8>); 9] = [
        (2, 5, None),
        (2, 7, None),
        (3, 4, None),
        (2, 6, None),
        (4, 3, None),
        (2, 5, Some(1)),
        (2, 5, Some(5)),
        (1, 10, None),
        (1, 7, Some(2)),
    ];
    let mut v = Vec::new();
    for (suits, ranks, start) in shapes {
        for stuck in Stuck::ALL {
            v.push(Rules::new(suits, ranks, start, stuck).expect("valid shape"));
        }
    }
    v
}

/// Every deal of the deck of `rules`: each of the 2^cards subsets as Alice's hand.
pub fn every_deal(rules: &Rules) -> Vec<Deal> {
    let cards: Vec<Card> = CardSet::deck(rules).cards().collect();
    (0u32..1 << cards.len())
        .map(|m| {
            let alice: CardSet = cards
                .iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 == 1)
                .map(|(_, &c)| c)
                .collect();
            Deal::new(rules, alice).expect("cards of the deck")
        })
        .collect()
}

/// `per_rule` deals of the 3 × 4 deck (start rank 2) under each end rule, drawn by
/// [`SevensGame`]'s `random_case` from `seed`: a sample small enough for unit tests that
/// solve every deal with a table.
#[cfg(test)]
pub(crate) fn small_deals(seed: u64, per_rule: usize) -> Vec<(Rules, Deal)> {
    let mut rng = rng::from_seed(seed);
    Stuck::ALL
        .iter()
        .flat_map(|&stuck| {
            let rules = Rules::new(3, 4, None, stuck).expect("a valid rule set");
            (0..per_rule)
                .map(|_| (rules, SevensGame::random_case(&rules, &mut rng, Size::FULL)))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The playable-card generator on its own: every chain state of every one-suit deck (all
/// R and K), and `cases` random chain states of random decks.
fn movegen_on_chains(seed: u64, cases: u64) -> Outcome {
    let mut rng = rng::from_seed(seed);
    let (mut checked, mut bad, mut first) = (0u64, 0u64, None);
    let mut check = |rules: &Rules, chains: &[Option<(u8, u8)>]| {
        checked += 1;
        if let Err(e) = props::movegen_matches_naive(rules, chains) {
            bad += 1;
            first.get_or_insert(e);
        }
    };
    for ranks in 1..=MAX_RANKS {
        for k in 1..=ranks {
            let rules = Rules::new(1, ranks, Some(k), Stuck::Lose).expect("valid");
            check(&rules, &[None]);
            for lo in 1..=k {
                for hi in k..=ranks {
                    check(&rules, &[Some((lo, hi))]);
                }
            }
        }
    }
    for _ in 0..cases {
        let suits = rng.random_range(1..=MAX_SUITS);
        let ranks = rng.random_range(1..=MAX_RANKS);
        let k = rng.random_range(1..=ranks);
        let rules = Rules::new(suits, ranks, Some(k), Stuck::Lose).expect("valid");
        let chains = props::random_chains(&mut rng, &rules);
        check(&rules, &chains);
    }
    Outcome {
        checked,
        failed: bad,
        detail: first.unwrap_or_else(|| {
            format!("playable cards vs the oracle: every 1-suit chain, {cases} random chains")
        }),
    }
}

/// The `table certify` check of a standard suite: the table solves the first
/// [`CERTIFIED_DEALS`] deals and two whole-suit deals (S+C against H+D, S+H against C+D:
/// draws under `lose`), and every stored position is proved after each.
fn certify(rules: &Rules, deals: &[Deal]) -> Outcome {
    let mut table = Table::new(rules);
    let mut certified: Vec<Deal> = deals.iter().take(CERTIFIED_DEALS).copied().collect();
    certified.push(props::whole_suits_deal(rules, 0b0101));
    certified.push(props::whole_suits_deal(rules, 0b0011));
    let mut positions = 0;
    let mut bad: Option<String> = None;
    for d in &certified {
        let _ = table.solve(d);
        match table.certify() {
            Ok(n) => positions += n,
            Err(e) => {
                bad.get_or_insert(e);
            }
        }
    }
    Outcome {
        checked: positions,
        failed: u64::from(bad.is_some()),
        detail: bad.unwrap_or_else(|| {
            format!(
                "every stored position of {} deals (2 of whole suits): win ⇒ a move to a \
                 loss; loss ⇒ only moves to wins; draw ⇒ a draw and no loss; terminals",
                certified.len()
            )
        }),
    }
}

/// The player who opens `deal` (holds the first suit's start card) and the player to
/// move after the forced opening: `(opener, mover)`, 0 = Alice.
fn opener(rules: &Rules, deal: &Deal) -> (usize, usize) {
    let first = Card::new(0, rules.start());
    let opener = usize::from(!deal.alice().contains(first));
    (opener, 1 - opener)
}

impl Game for SevensGame {
    const NAME: &'static str = "sevens";
    const ABOUT: &'static str = "Sevens, the two-player card game with draws";
    type Rules = Rules;
    type Case = Deal;
    type Move = Move;
    type Answer = Winner;
    type Output = Winner;
    type Variant = Variant;
    const DEFAULT_VARIANT: Variant = Variant::Table;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(rules: &Rules) -> String {
        rules.flags()
    }

    fn start(_rules: &Rules) -> Option<Deal> {
        None
    }

    /// The oracle's moves of the first free choice: after the forced opening, the
    /// other player's playable cards (or `pass`).
    type Generators = (Rules, Naive, MoveGen);

    fn generators(rules: &Rules) -> (Rules, Naive, MoveGen) {
        (*rules, Naive::new(rules), MoveGen::new(rules))
    }

    fn oracle_moves((rules, naive, _): &(Rules, Naive, MoveGen), deal: &Deal) -> Vec<Move> {
        let state = naive.initial(deal);
        let opening = Play::Card(Card::new(0, rules.start()).to_string());
        let after = naive.apply(&state, &opening);
        naive
            .moves(&after)
            .into_iter()
            .map(|p| match p {
                Play::Card(c) => Move(c),
                Play::Pass => Move("pass".into()),
            })
            .collect()
    }

    /// The fast generator's moves at the same point: playable card bits of the mover's
    /// hand, or `pass` under the pass rule when there are none.
    fn fast_moves((rules, _, gen): &(Rules, Naive, MoveGen), deal: &Deal) -> Vec<Move> {
        let (_, mover) = opener(rules, deal);
        let played = 1u64 << Card::new(0, rules.start()).bit();
        let hand = if mover == 0 { deal.alice() } else { deal.bob() };
        let bits = gen.playable(played) & hand.0;
        if bits == 0 && rules.stuck() == Stuck::Pass {
            return vec![Move("pass".into())];
        }
        CardSet(bits)
            .cards()
            .map(|c| {
                let letter = SUIT_LETTERS.get(c.suit as usize).copied().unwrap_or('?');
                Move(format!("{letter}{}", c.rank))
            })
            .collect()
    }

    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        solver(rules, variant)
    }

    fn best_move(rules: &Rules, deal: &Deal) -> Option<String> {
        Naive::new(rules).best_move(deal).ok().flatten()
    }

    fn read(rules: &Rules, text: &str) -> Result<Vec<Deal>, ParseError> {
        format::read(text, rules)
    }

    /// The deck shapes (`--suits S --ranks R`, default start, the same stuck rule) the
    /// input reads as, when it does not read under `rules`.
    fn read_hint(rules: &Rules, text: &str) -> Option<String> {
        let fits: Vec<String> = (1..=MAX_SUITS)
            .flat_map(|s| (1..=MAX_RANKS).map(move |r| (s, r)))
            .filter(|&(s, r)| (s, r) != (rules.suits(), rules.ranks()))
            .filter_map(|(s, r)| Rules::new(s, r, None, rules.stuck()).ok())
            .filter(|r| format::read(text, r).is_ok())
            .map(|r| format!("`--suits {} --ranks {}`", r.suits(), r.ranks()))
            .collect();
        (!fits.is_empty()).then(|| {
            format!(
                "the input reads as deals of another deck: {} (this run's deck is {} × {})",
                fits.join(" or "),
                super::rules::counted(rules.suits(), "suit"),
                super::rules::counted(usize::from(rules.ranks()), "rank")
            )
        })
    }

    fn write(_rules: &Rules, cases: &[Deal]) -> String {
        format::write(cases)
    }

    fn output(_rules: &Rules, _deal: &Deal, answer: Winner) -> Winner {
        answer
    }

    fn contest_rules(rules: &Rules) -> Result<(), RuleError> {
        rules.contest_hand_size().map(|_| ())
    }

    fn smaller(rules: &Rules, deal: &Deal, mode: ShrinkMode) -> Vec<(Rules, Deal)> {
        match mode {
            ShrinkMode::MayChangeRules => smaller_cases(rules, deal),
            // the deck is fixed by the program's rules; one deal is as small as it gets
            ShrinkMode::KeepRules => Vec::new(),
        }
    }

    /// A deck of at most 16 cards (so the oracle is quick), any start rank and stuck rule.
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _size: Size) -> Rules {
        props::any_rules(e, 16)
    }

    /// A deal of the rules' deck: the one generator of `verify`'s random deals (of the
    /// random small decks and of the standard deck), of the laws (proptest) and of the
    /// `sevens_solvers_agree` fuzz target. For an even deck, with probability 3/4 a balanced
    /// deal (Alice holds exactly half the deck, a uniform half: the contest's deals, by a
    /// shuffle of the deck), else each card Alice's with probability 1/2 (an odd deck:
    /// always so); Bob holds the rest. The same at every size: the deck is the rules', so
    /// a deal has no smaller form (smaller decks are smaller rules).
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, _size: Size) -> Deal {
        let deck: Vec<Card> = CardSet::deck(rules).cards().collect();
        let alice: CardSet = if deck.len().is_multiple_of(2) && e.chance(0.75) {
            let order = e.sample_indices(deck.len(), deck.len());
            order[..deck.len() / 2].iter().map(|&i| deck[i]).collect()
        } else {
            deck.iter().copied().filter(|_| e.chance(0.5)).collect()
        };
        Deal::new(rules, alice).expect("cards of the deck")
    }

    fn describe_case(rules: &Rules, deal: &Deal) -> String {
        format!(
            "one deal of the {}-card deck, Alice holding {}",
            rules.deck_size(),
            deal.alice().len()
        )
    }
}

impl Verify for SevensGame {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let seed = opts.seed ^ 0x5E7E_4500;
        let movegen_cases = opts
            .cases
            .map_or(DEFAULT_MOVEGEN_CASES, |c| c.saturating_mul(10));
        let mut steps = vec![Step::Check(NamedCheck {
            rules: "every 1-suit deck; random decks".into(),
            name: "movegen".into(),
            run: Box::new(move || movegen_on_chains(seed ^ 1, movegen_cases)),
        })];
        let exhaustive = exhaustive_decks()
            .into_iter()
            .map(|rules| Suite {
                // the rule set alone: every row of the group is every deal
                label: rules.to_string(),
                ..Suite::against_oracle(rules, every_deal(&rules), "every deal")
            })
            .collect();
        steps.push(Step::Group(Group {
            suites: exhaustive,
            merged: None,
            progress: "every deal",
        }));
        let mut rng = rng::from_seed(seed);
        let cases = opts.cases.unwrap_or(DEFAULT_CASES);
        if cases > 0 {
            let variants = 16usize.min(cases as usize).max(1);
            let mut suites = Vec::new();
            for v in 0..variants {
                let rules = props::any_rules(&mut rng, MAX_CARDS);
                let mut share =
                    cases / variants as u64 + u64::from((v as u64) < cases % variants as u64);
                if rules.deck_size() > LARGE_DECK {
                    // the oracle takes up to ~0.1 s a deal on 4 × 6
                    share = share.min(LARGE_DECK_DEALS);
                }
                // a tiny deck has few deals (2^cards): no more draws than that
                share = share.min(1u64 << rules.deck_size().min(63));
                let deals = (0..share)
                    .map(|_| Self::random_case(&rules, &mut rng, Size::FULL))
                    .collect();
                suites.push(Suite::against_oracle(rules, deals, "random"));
            }
            steps.push(Step::Group(Group {
                suites,
                merged: Some(format!("random: {variants} decks of ≤ {MAX_CARDS} cards")),
                progress: "random decks",
            }));
        }
        // with `--cases 0` no random standard deal, but the whole-suit deals are certified
        let standard = match opts.cases {
            None => DEFAULT_STANDARD_DEALS,
            Some(0) => 0,
            Some(c) => (c / 4).clamp(1, 2000),
        };
        let suites = Stuck::ALL
            .iter()
            .map(|&stuck| {
                let rules = Rules::standard_with(stuck);
                let deals = (0..standard)
                    .map(|_| Self::random_case(&rules, &mut rng, Size::FULL))
                    .collect();
                Suite {
                    label: format!("{rules} (standard deck)"),
                    reference: Some(Variant::Memo),
                    variants: if standard == 0 {
                        Vec::new()
                    } else {
                        vec![Variant::Table]
                    },
                    checks: vec![("table certify", certify)],
                    ..Suite::against_oracle(rules, deals, "random standard deals")
                }
            })
            .collect();
        steps.push(Step::Group(Group {
            suites,
            merged: None,
            progress: "standard deals",
        }));
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of 800 `random_case` deals of `rules` are balanced (Alice holds half the
    /// deck), each deal checked to split the deck.
    fn balanced_of_800(rules: &Rules, size: Size) -> usize {
        let mut rng = rng::from_seed(21);
        let deck = CardSet::deck(rules);
        (0..800)
            .map(|_| SevensGame::random_case(rules, &mut rng, size))
            .inspect(|d| assert_eq!(d.alice().len() + d.bob().len(), deck.len()))
            .filter(|d| 2 * d.alice().len() == deck.len())
            .count()
    }

    /// Deals of an even deck are balanced 3/4 of the time plus the coin-flip deals that
    /// happen to split evenly (the standard deck: 0.75 + 0.25 · 0.11 = 0.78), the others
    /// uneven; an odd deck's deals are each card's coin flips (Alice's hand of many
    /// sizes); the size changes nothing.
    #[test]
    fn random_deals_are_mostly_balanced_for_even_decks() {
        let standard = Rules::standard();
        let balanced = balanced_of_800(&standard, Size::FULL);
        assert!((600..=700).contains(&balanced), "{balanced} of 800");
        assert_eq!(balanced_of_800(&standard, Size { scale: 0.01 }), balanced);
        // 2 × 3: 0.75 + 0.25 · C(6, 3) / 2^6 = 0.83
        let small = Rules::new(2, 3, None, Stuck::Pass).unwrap();
        let balanced = balanced_of_800(&small, Size::FULL);
        assert!((620..=700).contains(&balanced), "{balanced} of 800");
        let odd = Rules::new(1, 7, None, Stuck::Lose).unwrap();
        assert_eq!(balanced_of_800(&odd, Size::FULL), 0);
        let mut rng = rng::from_seed(22);
        let sizes: std::collections::BTreeSet<usize> = (0..200)
            .map(|_| {
                SevensGame::random_case(&odd, &mut rng, Size::FULL)
                    .alice()
                    .len()
            })
            .collect();
        assert!(sizes.len() > 4, "Alice's hand sizes {sizes:?}");
    }
}
