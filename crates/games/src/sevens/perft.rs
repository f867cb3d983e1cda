//! Sevens' game tree for [`Perft`]. A state is not a deal: it is both hands (card bits,
//! [`CardSet`] layout) and the player to move; the cards played are the deck minus both
//! hands, and with nothing played the opening is still to come.
//!
//! Moves: the forced opening card is a move (the holder of the first suit's
//! start card plays it first); under `--stuck pass` a pass is a move; a stuck player
//! under `lose` and the all-played end are terminal, and under `pass` a position with an
//! empty hand is terminal. A move is the card (`S7`) or `pass`. There is no default
//! start: `perft sevens --from FILE` takes one deal.

use super::cards::{Card, CardSet, Deal, SUIT_LETTERS};
use super::game::{Move, SevensGame};
use super::movegen::MoveGen;
use super::naive::{self, Naive, Play};
use super::rules::{Rules, Stuck};
use gamecheck::error::RuleError;
use gamecheck::perft::Perft;

/// Sevens has no start flags (and no default start).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct StartArgs {}

/// A sevens game-tree state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The cards still in Alice's (0) and Bob's (1) hands.
    pub hands: [u64; 2],
    /// 0 = Alice, 1 = Bob.
    pub to_move: u8,
}

/// Both generators of one rule set.
#[derive(Debug, Clone)]
pub struct Walker {
    rules: Rules,
    gen: MoveGen,
    naive: Naive,
}

impl Walker {
    /// The state in the oracle's own terms: chains as rank ranges, hands as card names.
    fn to_oracle(&self, state: &State) -> naive::State {
        let played = self.gen.deck() & !(state.hands[0] | state.hands[1]);
        let chains = (0..self.rules.suits())
            .map(|s| {
                let ranks: Vec<u8> = (1..=self.rules.ranks())
                    .filter(|&r| played >> Card::new(s as u8, r).bit() & 1 == 1)
                    .collect();
                Some((*ranks.first()?, *ranks.last()?))
            })
            .collect();
        let names = |h: u64| CardSet(h).cards().map(|c| c.to_string()).collect();
        naive::State {
            chains,
            hands: [names(state.hands[0]), names(state.hands[1])],
            to_move: state.to_move as usize,
        }
    }

    /// The oracle's state back as card bits.
    fn from_oracle(st: &naive::State) -> State {
        let bits = |h: &std::collections::BTreeSet<String>| {
            h.iter()
                .map(|n| card_of(n).bit())
                .fold(0u64, |m, b| m | 1 << b)
        };
        State {
            hands: [bits(&st.hands[0]), bits(&st.hands[1])],
            to_move: st.to_move as u8,
        }
    }
}

/// The card of a canonical name (`S7`, `H10`), as the oracle writes them.
fn card_of(name: &str) -> Card {
    let mut chars = name.chars();
    let letter = chars.next().expect("a card name");
    let suit = SUIT_LETTERS
        .iter()
        .position(|&s| s == letter)
        .expect("a suit letter");
    Card::new(suit as u8, chars.as_str().parse().expect("a rank"))
}

fn card_move(c: Card) -> Move {
    Move(c.to_string())
}

impl Perft for SevensGame {
    type State = State;
    type Key = State;
    type StartArgs = StartArgs;
    type Walker = Walker;

    fn walker(rules: &Rules) -> Walker {
        Walker {
            rules: *rules,
            gen: MoveGen::new(rules),
            naive: Naive::new(rules),
        }
    }

    fn default_start(_rules: &Rules, _args: &StartArgs) -> Result<State, RuleError> {
        Err(RuleError(
            "sevens has no default start: give one deal with --from FILE".into(),
        ))
    }

    fn state_of(rules: &Rules, deal: &Deal) -> Result<State, RuleError> {
        let opener = usize::from(!deal.alice().contains(Card::new(0, rules.start())));
        Ok(State {
            hands: [deal.alice().0, deal.bob().0],
            to_move: opener as u8,
        })
    }

    fn key(state: &State) -> State {
        *state
    }

    fn fast_children(w: &Walker, state: &State) -> Vec<(Move, State)> {
        let deck = w.gen.deck();
        let played = deck & !(state.hands[0] | state.hands[1]);
        let me = state.to_move as usize;
        match w.rules.stuck() {
            Stuck::Lose if played == deck => return Vec::new(), // all played: a draw
            Stuck::Pass if state.hands[0] == 0 || state.hands[1] == 0 => return Vec::new(),
            _ => {}
        }
        let play = |bit: u32| {
            let mut next = *state;
            next.hands[me] &= !(1u64 << bit);
            next.to_move ^= 1;
            (card_move(Card::from_bit(bit)), next)
        };
        if played == 0 {
            // the forced opening: the mover holds the first suit's start card
            return vec![play(Card::new(0, w.rules.start()).bit())];
        }
        let mine = w.gen.playable(played) & state.hands[me];
        if mine == 0 {
            return match w.rules.stuck() {
                Stuck::Lose => Vec::new(),
                Stuck::Pass => {
                    let mut next = *state;
                    next.to_move ^= 1;
                    vec![(Move("pass".into()), next)]
                }
            };
        }
        CardSet(mine).cards().map(|c| play(c.bit())).collect()
    }

    fn oracle_children(w: &Walker, state: &State) -> Vec<(Move, State)> {
        let st = w.to_oracle(state);
        if w.naive.end(&st).is_some() {
            return Vec::new();
        }
        let plays = if st.chains.iter().all(Option::is_none) {
            let first = Card::new(0, w.rules.start()).to_string();
            vec![Play::Card(first)]
        } else {
            w.naive.moves(&st)
        };
        plays
            .into_iter()
            .map(|p| {
                let next = Walker::from_oracle(&w.naive.apply(&st, &p));
                let mv = match p {
                    Play::Card(c) => Move(c),
                    Play::Pass => Move("pass".into()),
                };
                (mv, next)
            })
            .collect()
    }

    /// Both hands and the player to move, one a line (`Alice: S1 S3`, `Bob: H2 H4`,
    /// `to move: Bob`); a hand holds the cards in deck order.
    fn show(_w: &Walker, state: &State) -> String {
        let mover = if state.to_move == 0 { "Alice" } else { "Bob" };
        format!(
            "Alice: {}\nBob: {}\nto move: {mover}\n",
            CardSet(state.hands[0]),
            CardSet(state.hands[1])
        )
    }
}
