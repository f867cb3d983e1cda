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

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::Alice => "Alice",
            Winner::Bob => "Bob",
            Winner::Draw => "Draw",
        })
    }
}
