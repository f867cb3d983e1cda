//! Sevens rule sets: the deck shape (suits, ranks, start rank) and the stuck rule
//! (`docs/rules.md`, "Sevens", "The deck and the deal" and "Play").

use gamecheck::error::RuleError;
use std::fmt;
use std::str::FromStr;

/// The most suits a deck has (S, H, C, D).
pub const MAX_SUITS: usize = 4;
/// The most ranks a suit has (A = 1 … K = 13).
pub const MAX_RANKS: u8 = 13;

/// What happens to a player who has no playable card on their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stuck {
    /// Standard: that player loses; when every card has been played the game is a draw.
    Lose,
    /// That player passes (a pass is a move); the game ends as soon as a hand is empty,
    /// and that hand's owner wins. No draws.
    Pass,
}

impl Stuck {
    /// Both rules, standard first.
    pub const ALL: [Stuck; 2] = [Stuck::Lose, Stuck::Pass];

    /// The name on the command line (`lose`, `pass`).
    pub fn name(self) -> &'static str {
        match self {
            Stuck::Lose => "lose",
            Stuck::Pass => "pass",
        }
    }
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Stuck {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "lose" => Ok(Stuck::Lose),
            "pass" => Ok(Stuck::Pass),
            other => Err(RuleError(format!(
                "unknown stuck rule `{other}` (expected lose or pass)"
            ))),
        }
    }
}

/// A sevens rule set: `suits` suits (1..=4, taken in the order S, H, C, D), ranks
/// 1..=`ranks` (`ranks` in 1..=13), chains that start at rank `start` (1..=ranks), and the
/// stuck rule. Build it with [`Rules::new`]; the fields are checked there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    suits: usize,
    ranks: u8,
    start: u8,
    stuck: Stuck,
}

impl Rules {
    /// A rule set: `suits` in 1..=4, `ranks` R in 1..=13, `start` K in 1..=R (`None` for
    /// the middle rank `(R + 1) / 2`, rounded down: 7 for R = 13), and the stuck rule.
    ///
    /// # Errors
    /// A suit count outside 1..=4, a rank count outside 1..=13, or a start rank outside
    /// 1..=R.
    pub fn new(
        suits: usize,
        ranks: u8,
        start: Option<u8>,
        stuck: Stuck,
    ) -> Result<Self, RuleError> {
        if !(1..=MAX_SUITS).contains(&suits) {
            return Err(RuleError(format!(
                "{suits} suits is outside 1..={MAX_SUITS}"
            )));
        }
        if !(1..=MAX_RANKS).contains(&ranks) {
            return Err(RuleError(format!(
                "{ranks} ranks is outside 1..={MAX_RANKS}"
            )));
        }
        let start = start.unwrap_or(ranks.div_ceil(2));
        if !(1..=ranks).contains(&start) {
            return Err(RuleError(format!(
                "start rank {start} is outside 1..={ranks} (the ranks of the deck)"
            )));
        }
        Ok(Rules {
            suits,
            ranks,
            start,
            stuck,
        })
    }

    /// The standard rules: 4 suits, 13 ranks, chains start at 7, a stuck player loses.
    pub fn standard() -> Self {
        Rules {
            suits: 4,
            ranks: 13,
            start: 7,
            stuck: Stuck::Lose,
        }
    }

    /// The standard deck with the given stuck rule.
    pub fn standard_with(stuck: Stuck) -> Self {
        Rules {
            stuck,
            ..Rules::standard()
        }
    }

    /// The same deck shape under another stuck rule.
    pub fn with_stuck(&self, stuck: Stuck) -> Self {
        Rules { stuck, ..*self }
    }

    /// The number of suits, 1..=4.
    pub fn suits(&self) -> usize {
        self.suits
    }
    /// The number of ranks R, 1..=13.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
    /// The start rank K, 1..=R.
    pub fn start(&self) -> u8 {
        self.start
    }
    /// The stuck rule.
    pub fn stuck(&self) -> Stuck {
        self.stuck
    }
    /// The number of cards in the deck, suits × R.
    pub fn deck_size(&self) -> usize {
        self.suits * self.ranks as usize
    }
    /// The number of states of one suit's chain: not started, or `[low, high]` with
    /// `1 ≤ low ≤ K ≤ high ≤ R`: `1 + K·(R − K + 1)` (50 for the standard deck).
    pub fn chain_states(&self) -> usize {
        1 + self.start as usize * (self.ranks - self.start + 1) as usize
    }

    /// Each player's hand size in the contest format (half the deck).
    ///
    /// # Errors
    /// When the deck has an odd number of cards (the contest gives each player half).
    pub fn contest_hand_size(&self) -> Result<usize, RuleError> {
        let n = self.deck_size();
        if n % 2 == 1 {
            Err(RuleError(format!(
                "a deck of {} × {} has {n} cards, an odd number: the contest \
                 format gives each player half the deck",
                counted(self.suits, "suit"),
                counted(usize::from(self.ranks), "rank")
            )))
        } else {
            Ok(n / 2)
        }
    }

    /// The command-line flags that select these rules (`--suits 4 --ranks 13 --start 7
    /// --stuck lose`).
    pub fn flags(&self) -> String {
        format!(
            "--suits {} --ranks {} --start {} --stuck {}",
            self.suits, self.ranks, self.start, self.stuck
        )
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} K={} {}",
            self.suits, self.ranks, self.start, self.stuck
        )
    }
}

/// `n` and `word`, plural unless `n` is 1 (`1 suit`, `4 ranks`), for messages.
pub(crate) fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_rank_defaults_to_the_middle() {
        let r = |ranks| Rules::new(4, ranks, None, Stuck::Lose).unwrap().start();
        assert_eq!(r(13), 7);
        assert_eq!(r(12), 6);
        assert_eq!(r(1), 1);
        assert_eq!(r(2), 1);
        assert_eq!(r(5), 3);
        assert_eq!(
            Rules::new(4, 13, None, Stuck::Lose).unwrap(),
            Rules::standard()
        );
        assert_eq!(Rules::standard().chain_states(), 50);
    }

    #[test]
    fn invalid_rules_are_errors() {
        assert!(Rules::new(0, 13, None, Stuck::Lose).is_err());
        assert!(Rules::new(5, 13, None, Stuck::Lose).is_err());
        assert!(Rules::new(4, 0, None, Stuck::Lose).is_err());
        assert!(Rules::new(4, 14, None, Stuck::Lose).is_err());
        assert!(Rules::new(4, 6, Some(0), Stuck::Lose).is_err());
        assert!(Rules::new(4, 6, Some(7), Stuck::Lose).is_err());
        assert!(Rules::new(4, 6, Some(6), Stuck::Pass).is_ok());
        assert!("draw".parse::<Stuck>().is_err());
        assert_eq!("pass".parse::<Stuck>().unwrap(), Stuck::Pass);
        assert!(Rules::new(3, 5, None, Stuck::Lose)
            .unwrap()
            .contest_hand_size()
            .is_err());
        assert_eq!(Rules::standard().contest_hand_size(), Ok(26));
    }
}
