//! Game values and contest answers.

use std::fmt;

/// The value of a position for the player to move, under optimal play by both sides.
///
/// In impartial-game terms a `Win` is an N-position (the next player wins) and a
/// `Loss` a P-position (the previous player wins). `Draw` exists only in sevens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Value {
    /// The player to move wins (N-position).
    Win,
    /// The player to move loses (P-position).
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other player: `Win` ↔ `Loss`, `Draw` stays.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The contest answer when Alice is the player to move (`Win` → `Alice`).
    pub fn for_alice_to_move(self) -> Winner {
        match self {
            Value::Win => Winner::Alice,
            Value::Loss => Winner::Bob,
            Value::Draw => Winner::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win (N-position)",
            Value::Loss => "loss (P-position)",
            Value::Draw => "draw",
        })
    }
}

/// The answer a contest expects: who wins, or `Draw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Winner {
    /// Alice wins.
    Alice,
    /// Bob wins.
    Bob,
    /// Nobody wins (sevens only).
    Draw,
}

impl std::str::FromStr for Winner {
    type Err = String;

    /// The contest's own spelling, exactly: `Alice`, `Bob` or `Draw`.
    fn from_str(s: &str) -> Result<Winner, String> {
        match s {
            "Alice" => Ok(Winner::Alice),
            "Bob" => Ok(Winner::Bob),
            "Draw" => Ok(Winner::Draw),
            other => Err(format!("`{other}` is not `Alice`, `Bob` or `Draw`")),
        }
    }
}

impl Winner {
    /// An answer line of a game without draws: `Alice` or `Bob`, exactly.
    pub fn alice_or_bob(line: &str) -> Option<Winner> {
        line.parse().ok().filter(|&w| w != Winner::Draw)
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::Alice => "Alice",
            Winner::Bob => "Bob",
            Winner::Draw => "Draw",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_back_exactly_as_written() {
        for w in [Winner::Alice, Winner::Bob, Winner::Draw] {
            assert_eq!(w.to_string().parse::<Winner>(), Ok(w));
        }
        for bad in ["alice", "Alice ", "", "draw", "Bobb"] {
            assert!(bad.parse::<Winner>().is_err(), "{bad:?}");
        }
        assert_eq!(Winner::alice_or_bob("Alice"), Some(Winner::Alice));
        assert_eq!(Winner::alice_or_bob("Bob"), Some(Winner::Bob));
        assert_eq!(Winner::alice_or_bob("Draw"), None);
    }
}
