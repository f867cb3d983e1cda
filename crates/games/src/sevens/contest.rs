//! The sevens adapter of `gen` and `stress` (`docs/rules.md`, "Sevens", "Contest input").
//!
//! - the deck shape (suits, R, K) and the stuck rule come from the rule flags and never
//!   change, not even while shrinking: a contest program knows only its deck. The contest
//!   gives each player half the deck, so an odd deck is refused ([`Sevens::new`]);
//! - generation: a share `draw_prone` (default [`DEFAULT_DRAW_PRONE`]) of the deals is
//!   built draw-prone ([`draw_prone_hand`]), the rest are uniform halves of the deck
//!   (uniformly random deals are almost never drawn). `Size::scale` is ignored:
//!   every deal holds the whole deck;
//! - input: the canonical layout (`T` alone on the first line, always written, then
//!   Alice's cards of one deal per line, ranks as numbers: `S7 H10 D1`), at most
//!   [`MAX_T`] deals per input (the format has no limit on T);
//! - answers: `Alice`, `Bob` or `Draw`, from the `table` solver, checked by the oracle on
//!   decks of at most [`ORACLE_MAX_CARDS`] cards;
//! - shrinking: none inside a deal (the deck stays); the generic list phase reduces a
//!   failing input to the single failing deal.

use crate::sevens::game::{SevensGame, StuckArg};
use crate::sevens::naive::Naive;
use crate::sevens::rules::{Stuck, MAX_RANKS, MAX_SUITS};
use crate::sevens::table::Table;
use crate::sevens::{format, Card, CardSet, Deal, Rules};
use gamecheck::contest::Contest;
use gamecheck::error::RuleError;
use gamecheck::game::Game as _;
use gamecheck::outcome::Winner;
use gamecheck::rng::{Entropy, Rng};
use gamecheck::solver::Solver;
use gamecheck::stress::{ContestGame, Size};

/// The most deals in one input (the contest format has no limit on T; this bounds the
/// batches of shrinking).
pub const MAX_T: usize = 100;

/// Decks of at most this many cards are also solved by the oracle (`naive`), whose cost
/// grows steeply past it (measured: 0.1 s a deal for decks over 18 cards).
pub const ORACLE_MAX_CARDS: usize = 16;

/// The share of generated deals built draw-prone when the user does not say.
pub const DEFAULT_DRAW_PRONE: f64 = 0.5;

/// Sevens as a contest problem, for one rule set (deck shape and stuck rule).
#[derive(Debug, Clone)]
pub struct Sevens {
    rules: Rules,
    hand: usize,
    draw_prone: f64,
    table: Table,
    oracle: Option<Naive>,
}

impl Sevens {
    /// The adapter for `rules`; `draw_prone` (0..=1) is the share of generated deals built
    /// draw-prone (see [`draw_prone_hand`]).
    ///
    /// # Errors
    /// A deck with an odd number of cards (the contest format gives each player half the
    /// deck), or a share outside 0..=1 (or not a number).
    pub fn new(rules: Rules, draw_prone: f64) -> Result<Self, RuleError> {
        let hand = rules.contest_hand_size()?;
        if !(0.0..=1.0).contains(&draw_prone) {
            return Err(RuleError(format!(
                "--draw-prone {draw_prone:?} is outside 0..=1 (the share of deals built \
                 from whole or mirrored suits)"
            )));
        }
        Ok(Sevens {
            rules,
            hand,
            draw_prone,
            table: Table::new(&rules),
            oracle: (rules.deck_size() <= ORACLE_MAX_CARDS).then(|| Naive::new(&rules)),
        })
    }

    /// The rule set.
    pub fn rule_set(&self) -> &Rules {
        &self.rules
    }

    /// Each player's hand size: half the deck.
    pub fn hand_size(&self) -> usize {
        self.hand
    }
}

/// A uniformly random half of the deck of `rules` (an even deck).
pub fn uniform_hand<E: Entropy + ?Sized>(rules: &Rules, rng: &mut E) -> CardSet {
    let deck: Vec<Card> = CardSet::deck(rules).cards().collect();
    rng.sample_indices(deck.len(), deck.len() / 2)
        .into_iter()
        .map(|i| deck[i])
        .collect()
}

/// A draw-prone half of the deck of `rules` (an even deck): the suits, in random order,
/// are taken in pairs `(a, b)`; in each pair Alice holds a set X of ranks of `a` and the
/// other ranks of `b`, so Bob holds the mirror image of her hand. Half the time X is
/// every rank in every pair (*whole suits*: Alice holds one whole suit of each pair),
/// otherwise X is drawn per pair (*mirrored suits*). A suit left over (an odd number of
/// suits, hence R even) is split in two random halves. Then, as a small perturbation,
/// one card of Alice's and one of Bob's change hands: no time with probability 1/2, once
/// with 1/4, twice with 1/4.
///
/// Why draw-prone (`lose` rule): with whole suits both players always have a playable
/// card, each holds half the deck, so every card gets played: a draw. With mirrored
/// suits the second player can answer every card `(a, r)` with `(b, r)` and back, so the
/// second player never loses. Measured on the standard deck:
/// whole suits are always drawn, mirrored suits and perturbed deals rarely, so about a
/// quarter of draw-prone standard deals are draws — against almost none of the uniform
/// ones.
pub fn draw_prone_hand<E: Entropy + ?Sized>(rules: &Rules, rng: &mut E) -> CardSet {
    let ranks = rules.ranks();
    let mut suits: Vec<u8> = (0..rules.suits() as u8).collect();
    let order = rng.sample_indices(suits.len(), suits.len());
    suits = order.into_iter().map(|i| suits[i]).collect();
    let mut alice = CardSet::EMPTY;
    let whole = rng.chance(0.5);
    for pair in suits.chunks(2) {
        match *pair {
            [a, b] => {
                for r in 1..=ranks {
                    let mine = whole || rng.chance(0.5);
                    alice = alice.with(Card::new(if mine { a } else { b }, r));
                }
            }
            [c] => {
                for i in rng.sample_indices(ranks as usize, ranks as usize / 2) {
                    alice = alice.with(Card::new(c, i as u8 + 1));
                }
            }
            _ => unreachable!("chunks of 2"),
        }
    }
    let swaps = match rng.int_in(0i32..=3) {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    };
    for _ in 0..swaps {
        let bob = CardSet::deck(rules).minus(alice);
        let mine: Vec<Card> = alice.cards().collect();
        let theirs: Vec<Card> = bob.cards().collect();
        if mine.is_empty() || theirs.is_empty() {
            break;
        }
        let give = mine[rng.index(mine.len())];
        let take = theirs[rng.index(theirs.len())];
        alice = alice.without(give).with(take);
    }
    alice
}

impl ContestGame for Sevens {
    type Case = Deal;
    type Answer = Winner;

    fn name(&self) -> &'static str {
        "sevens"
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn flags(&self) -> String {
        format!("{} --draw-prone {}", self.rules.flags(), self.draw_prone)
    }

    fn max_batch(&self) -> usize {
        MAX_T
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> Deal {
        let flags = SizeArgs {
            draw_prone: self.draw_prone,
        };
        <super::SevensGame as gamecheck::contest::Contest>::generate(&self.rules, &flags, rng, size)
    }

    fn write_input(&self, cases: &[Deal]) -> String {
        format::write(cases)
    }

    fn answers(&mut self, cases: &[Deal]) -> Result<Vec<Winner>, String> {
        cases
            .iter()
            .enumerate()
            .map(|(i, deal)| {
                let fast = self.table.solve(deal).map_err(|e| e.to_string())?;
                if let Some(oracle) = &mut self.oracle {
                    let slow = oracle.solve(deal).map_err(|e| e.to_string())?;
                    if slow != fast {
                        return Err(format!(
                            "the table solver and the oracle disagree on deal {} \
                             ({}: table {fast}, oracle {slow}); please report:\n{}",
                            i + 1,
                            self.rules,
                            format::write(&[*deal])
                        ));
                    }
                }
                Ok(fast)
            })
            .collect()
    }

    fn write_answers(&self, answers: &[Winner]) -> String {
        <super::SevensGame as gamecheck::game::Game>::write_answers(&self.rules, answers)
    }

    fn parse_answer(&self, line: &str, index: usize) -> Option<Winner> {
        <super::SevensGame as gamecheck::game::Game>::parse_answer(&self.rules, line, index)
    }

    fn answer_form(&self, index: usize) -> String {
        <super::SevensGame as gamecheck::game::Game>::answer_form(&self.rules, index)
    }

    fn shrink_candidates(&self, _case: &Deal) -> Vec<Deal> {
        // the deck is fixed by the command line; a single deal is as small as it gets
        Vec::new()
    }

    fn read_input(&self, text: &str) -> Result<Vec<Self::Case>, gamecheck::error::ParseError> {
        crate::sevens::format::read(text, &self.rules)
    }

    /// The deck, who opens (the holder of the first suit's start card), and where our
    /// answer comes from: a deal cannot be shrunk, so this is what a reader of a
    /// full-deck report has to go on.
    fn describe_case(&self, case: &Deal) -> String {
        let first = Card::new(0, self.rules.start());
        let opener = if case.alice().contains(first) {
            "Alice"
        } else {
            "Bob"
        };
        format!(
            "one deal of the {}-card deck, {} cards each; {opener} opens with {first}; \
             expected answer from the table solver{}",
            self.rules.deck_size(),
            self.hand,
            if self.oracle.is_some() {
                ", checked by the oracle"
            } else {
                ""
            }
        )
    }
}

/// Property: every input `gen sevens` writes is accepted by our own reader and reads back
/// as the generated deals, each hand holds half the deck, and the same seed gives the
/// same bytes (driven by `tests/stress_sevens.rs`).
///
/// # Errors
/// A description of the first violation (also an odd deck or a bad share).
pub fn generated_input_reads_back(
    rules: &Rules,
    draw_prone: f64,
    seed: u64,
    cases: usize,
) -> Result<(), String> {
    let game = Sevens::new(*rules, draw_prone).map_err(|e| e.to_string())?;
    let deals = gamecheck::stress::generate(&game, seed, cases, Size::FULL);
    if let Some(d) = deals.iter().find(|d| d.alice().len() != game.hand) {
        return Err(format!(
            "a generated hand holds {} cards, not half the deck ({}): {}",
            d.alice().len(),
            game.hand,
            d.alice()
        ));
    }
    let text = game.write_input(&deals);
    let read = format::read(&text, rules)
        .map_err(|e| format!("our reader rejects a generated input: {e}\n{text}"))?;
    if read != deals {
        return Err(format!("the input reads back differently:\n{text}"));
    }
    let again = game.write_input(&gamecheck::stress::generate(&game, seed, cases, Size::FULL));
    if again != text {
        return Err(format!("seed {seed} gave different bytes on a second run"));
    }
    Ok(())
}

/// The sevens rule flags (`gamecheck rules sevens`, docs/rules.md).
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// Number of suits S, 1..=4 (S, H, C, D in that order).
    #[arg(long, default_value_t = 4)]
    pub suits: usize,
    /// Number of ranks R, 1..=13. The deck (S × R cards) must be even: each player holds
    /// half of it.
    #[arg(long, default_value_t = 13)]
    pub ranks: u8,
    /// The start rank K, 1..=R (default: ⌈R/2⌉, so 7 for the standard deck).
    #[arg(long)]
    pub start: Option<u8>,
    /// What happens to a player with no playable card: lose, or pass.
    #[arg(long, value_enum, default_value_t = StuckArg::Lose)]
    pub stuck: StuckArg,
}

/// Sevens' size flags for `gen` and `stress` (the deck itself comes from the rules).
#[derive(Debug, Clone, clap::Args)]
pub struct SizeArgs {
    /// Share 0..=1 of the deals built draw-prone: hands of whole or mirrored suits, and
    /// those with 1–2 cards swapped (uniformly random deals are almost never drawn).
    #[arg(long, default_value_t = DEFAULT_DRAW_PRONE)]
    pub draw_prone: f64,
}

impl Contest for SevensGame {
    type RuleArgs = RuleArgs;

    fn rules(args: &RuleArgs) -> Result<Rules, RuleError> {
        let stuck = match args.stuck {
            StuckArg::Lose => Stuck::Lose,
            StuckArg::Pass => Stuck::Pass,
        };
        Rules::new(args.suits, args.ranks, args.start, stuck).map_err(|e| {
            // checked in this order, so a rule error names the first bad flag
            let flag = if !(1..=MAX_SUITS).contains(&args.suits) {
                "--suits"
            } else if !(1..=MAX_RANKS).contains(&args.ranks) {
                "--ranks"
            } else {
                "--start"
            };
            RuleError(format!("{flag}: {}", e.0))
        })
    }

    const MAX_BATCH: usize = MAX_T;
    type SolveArgs = gamecheck::contest::NoSolveArgs;
    type SizeArgs = SizeArgs;
    type Adapter = Sevens;

    /// A share `--draw-prone` of the deals are draw-prone
    /// ([`draw_prone_hand`]), the others uniform ([`uniform_hand`]).
    fn generate<E: Entropy + ?Sized>(rules: &Rules, flags: &SizeArgs, e: &mut E, _: Size) -> Deal {
        let alice = if e.chance(flags.draw_prone) {
            draw_prone_hand(rules, e)
        } else {
            uniform_hand(rules, e)
        };
        Deal::new(rules, alice).expect("generated cards are cards of the deck")
    }

    fn contest(rules: Rules, size: &SizeArgs) -> Result<Sevens, RuleError> {
        Sevens::new(rules, size.draw_prone)
    }
}

impl gamecheck::command::CliGame for SevensGame {
    fn rules_text() -> &'static str {
        crate::rules_doc::section(Self::NAME)
    }

    fn abilities(a: &mut dyn gamecheck::command::Abilities<Self>) {
        a.perft();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::Stuck;
    use gamecheck::rng;

    fn small() -> Rules {
        Rules::new(2, 5, None, Stuck::Lose).unwrap()
    }

    #[test]
    fn odd_decks_and_bad_shares_are_refused() {
        let odd = Rules::new(3, 5, None, Stuck::Lose).unwrap();
        assert!(Sevens::new(odd, 0.5).unwrap_err().0.contains("odd"));
        assert!(Sevens::new(small(), 1.5).is_err());
        assert!(Sevens::new(small(), -0.1).is_err());
        assert!(Sevens::new(small(), f64::NAN).is_err());
        assert!(Sevens::new(small(), 0.0).is_ok());
    }

    #[test]
    fn draw_prone_hands_hold_half_the_deck_and_pair_the_suits() {
        let mut r = rng::from_seed(5);
        for rules in [
            Rules::standard(),
            small(),
            Rules::new(3, 4, None, Stuck::Lose).unwrap(),
            Rules::new(1, 6, None, Stuck::Pass).unwrap(),
        ] {
            let half = rules.deck_size() / 2;
            let mut unswapped = 0;
            for _ in 0..200 {
                let h = draw_prone_hand(&rules, &mut r);
                assert_eq!(h.len(), half, "{rules}: {h}");
                assert_eq!(h.minus(CardSet::deck(&rules)), CardSet::EMPTY);
                // without a swap, each rank of a paired suit is held by Alice in exactly
                // one suit of the pair: the count of each rank over the deck is half the
                // number of paired suits, plus the leftover suit's share
                let per_rank: Vec<usize> = (1..=rules.ranks())
                    .map(|r| {
                        (0..rules.suits() as u8)
                            .filter(|&s| h.contains(Card::new(s, r)))
                            .count()
                    })
                    .collect();
                if rules.suits() % 2 == 0 && per_rank.iter().all(|&n| n == rules.suits() / 2) {
                    unswapped += 1;
                }
                assert_eq!(uniform_hand(&rules, &mut r).len(), half);
            }
            if rules.suits() % 2 == 0 {
                assert!(unswapped > 40, "{rules}: {unswapped} of 200 mirrored");
            }
        }
    }

    #[test]
    fn answers_are_the_tables_checked_by_the_oracle() {
        let rules = small();
        let mut g = Sevens::new(rules, 0.5).unwrap();
        let whole: CardSet = (1..=5).map(|r| Card::new(0, r)).collect();
        let d = Deal::new(&rules, whole).unwrap();
        // whole suits under `lose`: both always have a playable card, all played: a draw
        assert_eq!(g.answers(&[d]).unwrap(), vec![Winner::Draw]);
        assert!(g.oracle.is_some());
        assert!(Sevens::new(Rules::standard(), 0.5)
            .unwrap()
            .oracle
            .is_none());
        assert_eq!(g.parse_answer("Draw", 0), Some(Winner::Draw));
        assert_eq!(g.parse_answer("draw", 0), None);
        assert_eq!(g.parse_answer("Alice ", 0), None);
        assert!(g.shrink_candidates(&d).is_empty());
        assert_eq!(g.write_input(&[d]), "1\nS1 S2 S3 S4 S5\n");
    }
}
