//! Game values and contest answers: who is to move ([`Player`]); what a solver's exact
//! value says of a position, as the harness reads it to find the best move
//! ([`GameValue`]); and what one line of a contest's output says, in the contest's own
//! spelling ([`ContestAnswer`]).
//!
//! Two conventions for a value meet here, and a game says which it uses through its
//! types: a value **relative to the player to move** ([`Value`]: `Win` means the player
//! to move wins, as in combinatorial game theory's N- and P-positions and in
//! GamesmanOne's win/lose/tie) and a value that **names a fixed player** ([`Winner`]:
//! `Alice` means the first player wins, whoever is to move, as a tic-tac-toe "X wins"
//! does). The ready contest spellings are [`Winner`] (`Alice`, `Bob`, `Draw`),
//! [`FixedScore`] (the first player's final score less the second's, whoever is to move:
//! Black's discs less White's) and the integers (a Grundy value, a score, a number of
//! moves); a game with another spelling implements [`ContestAnswer`] for a type of its
//! own.
//!
//! A plain integer is a value the harness cannot follow along optimal play (see
//! [`GameValue`]'s note on the integer types): a game whose answer is an integer writes
//! its own best move, unless the integer is a final score naming fixed players, which
//! [`FixedScore`] is.
//!
//! A value may also say how soon the game ends: [`Remote`], a value for the player to
//! move with its *remoteness* (what the library's oracles of `oracle` compute, and a
//! ready contest spelling, `win in 3`). [`Compare`] says whether a comparison looks at
//! the remoteness too.

use std::fmt;

/// A player, named by the order of play from the game's start: the first player (Alice,
/// X, White) and the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Player {
    /// The player who moves first from the start (Alice; X in tic-tac-toe).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "the first player",
            Player::Second => "the second player",
        })
    }
}

/// A solver's exact value of a position (a game's `Answer`), as the harness reads it:
/// which value the position after an optimal move has. With it the default best move of
/// a game (the oracle's first move to a position of that value) is right for a value
/// relative to the player to move and for one that names a fixed player alike.
///
/// ```
/// use gamecheck::outcome::{GameValue, Player, Value, Winner};
/// // relative to the mover: after the winning move, the opponent (now to move) loses
/// assert_eq!(Value::Win.after_optimal_move(Player::First), Some(Value::Loss));
/// assert_eq!(Value::Loss.after_optimal_move(Player::Second), None);
/// // a fixed player: the winner stays the winner; the loser to move has no good move
/// assert_eq!(Winner::Bob.after_optimal_move(Player::Second), Some(Winner::Bob));
/// assert_eq!(Winner::Bob.after_optimal_move(Player::First), None);
/// assert_eq!(Winner::Draw.after_optimal_move(Player::First), Some(Winner::Draw));
/// ```
///
/// # The integer types
///
/// Every integer type (`u8` … `u64`, `usize`, `i8` … `i64`, `isize`) is a `GameValue`
/// whose [`GameValue::after_optimal_move`] is `None`: an integer by itself (a score, a
/// margin, a Grundy value) says nothing of the value an optimal move leads to, since a
/// move may score points of its own or the integer may be relative to the player to
/// move. A game scored by points writes its own `Game::best_move` (the move whose points
/// and the value after it make the position's value). A *final* score that names fixed
/// players (the first player's discs less the second's at the end, whoever is to move)
/// stays itself along optimal play: that is [`FixedScore`], whose default best move is
/// right for either player to move.
pub trait GameValue: Copy + fmt::Debug + PartialEq + fmt::Display + Send + Sync + 'static {
    /// The value of the position an optimal move leads to, from a position of value
    /// `self` with `mover` to move (Bellman's principle of optimality: the value of a
    /// position is the best of its children's, seen from the mover's side); `None` when
    /// no move is better than another for the mover (every move loses), so that there is
    /// no best move to show.
    fn after_optimal_move(self, mover: Player) -> Option<Self>;

    /// This value with its remoteness left out (the moves to the end, where the value
    /// carries them: [`Remote`]), for a comparison that checks who wins but not how soon
    /// ([`Compare::WithoutRemoteness`]). By default the value itself: a value without
    /// remoteness.
    fn without_remoteness(self) -> Self {
        self
    }
}

/// What a comparison of two answers looks at: `verify` compares a fast solver with the
/// oracle this way, suite by suite (`harness::Suite::compare`).
///
/// ```
/// use gamecheck::outcome::{Compare, Remote};
/// // right about the winner, wrong about the distance
/// assert!(!Compare::Whole.agree(&Remote::win(3), &Remote::win(5)));
/// assert!(Compare::WithoutRemoteness.agree(&Remote::win(3), &Remote::win(5)));
/// assert!(!Compare::WithoutRemoteness.agree(&Remote::win(3), &Remote::loss(2)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Compare {
    /// The whole answer, its remoteness included where it has one (the default).
    #[default]
    Whole,
    /// The answers without their remoteness ([`GameValue::without_remoteness`]): for a
    /// fast solver that computes who wins but not how soon.
    WithoutRemoteness,
}

impl Compare {
    /// Whether `a` and `b` agree under this comparison.
    pub fn agree<V: GameValue>(self, a: &V, b: &V) -> bool {
        match self {
            Compare::Whole => a == b,
            Compare::WithoutRemoteness => a.without_remoteness() == b.without_remoteness(),
        }
    }
}

/// The value of a position for the player to move, under optimal play by both sides.
///
/// In impartial-game terms a `Win` is an N-position (the next player wins) and a
/// `Loss` a P-position (the previous player wins); `Draw`: neither can force a win (a
/// game that may end undecided, or play on for ever).
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
        self.winner(Player::First)
    }

    /// Who wins, when `mover` is the player to move (`Win` with the second player to
    /// move → `Bob`).
    pub fn winner(self, mover: Player) -> Winner {
        match (self, mover) {
            (Value::Draw, _) => Winner::Draw,
            (Value::Win, Player::First) | (Value::Loss, Player::Second) => Winner::Alice,
            (Value::Win, Player::Second) | (Value::Loss, Player::First) => Winner::Bob,
        }
    }
}

impl GameValue for Value {
    /// `Win` → `Loss` (the opponent, to move next, loses), `Draw` → `Draw`, `Loss` → none.
    fn after_optimal_move(self, _mover: Player) -> Option<Value> {
        match self {
            Value::Win => Some(Value::Loss),
            Value::Draw => Some(Value::Draw),
            Value::Loss => None,
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

/// A value with its *remoteness*: who wins for the player to move ([`Value`]) and in how
/// many moves the game ends under optimal play, where the winner hurries and the loser
/// delays (GamesmanOne's remoteness; C. A. B. Smith's remoteness function, "Graphs and
/// composite games", J. Combin. Theory 1, 1966). A terminal position has remoteness 0;
/// a win is one move more than its nearest losing child, a loss one more than its
/// farthest child (every child a win for the opponent), a *tie* (a game that ends
/// drawn) one more than its nearest tied child. A *draw* by infinite play (a loopy game
/// where neither side can force an end) has no remoteness, nor has a value whose solver
/// does not compute it.
///
/// Its spelling, for reports and as a contest answer ([`ContestAnswer`]): `win in 3`,
/// `loss in 4`, `tie in 2`, `draw`; without remoteness `win`, `loss`, `draw`.
///
/// ```
/// use gamecheck::outcome::{GameValue, Player, Remote, Value};
/// let v = Remote::win(3);
/// assert_eq!(v.to_string(), "win in 3");
/// // the winner's fastest win: a move to the opponent's loss in 2
/// assert_eq!(v.after_optimal_move(Player::First), Some(Remote::loss(2)));
/// // the loser's slowest loss: a move to the opponent's win in 3
/// assert_eq!(Remote::loss(4).after_optimal_move(Player::First), Some(Remote::win(3)));
/// assert_eq!(Remote::DRAW.after_optimal_move(Player::Second), Some(Remote::DRAW));
/// assert_eq!(v.without_remoteness(), Remote::from(Value::Win));
/// assert_eq!(Remote::tie(2).value, Value::Draw);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Remote {
    /// Who wins, for the player to move (`Draw` for a tie and for a draw alike).
    pub value: Value,
    /// Moves to the end of the game under optimal play (winner hurrying, loser delaying);
    /// `None` for a draw by infinite play, or when the solver does not compute it.
    pub remoteness: Option<u32>,
}

impl Remote {
    /// A draw by infinite play: neither side can force the game to end in its favour,
    /// and it never ends (no remoteness).
    pub const DRAW: Remote = Remote {
        value: Value::Draw,
        remoteness: None,
    };

    /// The player to move wins in `moves` moves (0: the game is over, won by the player
    /// to move).
    pub fn win(moves: u32) -> Remote {
        Remote {
            value: Value::Win,
            remoteness: Some(moves),
        }
    }

    /// The player to move loses in `moves` moves (0: the game is over, lost).
    pub fn loss(moves: u32) -> Remote {
        Remote {
            value: Value::Loss,
            remoteness: Some(moves),
        }
    }

    /// The game ends drawn in `moves` moves (a tie; 0: it is over, drawn).
    pub fn tie(moves: u32) -> Remote {
        Remote {
            value: Value::Draw,
            remoteness: Some(moves),
        }
    }
}

/// A value with no remoteness.
impl From<Value> for Remote {
    fn from(value: Value) -> Remote {
        Remote {
            value,
            remoteness: None,
        }
    }
}

impl GameValue for Remote {
    /// A win in `r` → the opponent's loss in `r − 1`; a loss in `r` → the opponent's win
    /// in `r − 1` (the loser's slowest loss); a tie in `r` → a tie in `r − 1`; a draw → a
    /// draw; none at remoteness 0 (the game is over) and for a loss without remoteness.
    fn after_optimal_move(self, _mover: Player) -> Option<Remote> {
        let value = match self.value {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        };
        match self.remoteness {
            Some(0) => None,
            Some(r) => Some(Remote {
                value,
                remoteness: Some(r - 1),
            }),
            None if self.value == Value::Loss => None,
            None => Some(Remote::from(value)),
        }
    }

    fn without_remoteness(self) -> Remote {
        Remote::from(self.value)
    }
}

impl fmt::Display for Remote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.value, self.remoteness) {
            (Value::Win, Some(r)) => write!(f, "win in {r}"),
            (Value::Loss, Some(r)) => write!(f, "loss in {r}"),
            (Value::Draw, Some(r)) => write!(f, "tie in {r}"),
            (Value::Win, None) => f.write_str("win"),
            (Value::Loss, None) => f.write_str("loss"),
            (Value::Draw, None) => f.write_str("draw"),
        }
    }
}

/// The spelling of `Display`, exactly: `win in 3`, `loss in 0`, `tie in 2`, `draw` (and
/// `win`, `loss` without remoteness); in `solve --json` an object
/// `{"value": "win", "remoteness": 3}` (`value` one of `win`, `loss`, `tie`, `draw`;
/// `remoteness` null for none).
impl ContestAnswer for Remote {
    fn parse(line: &str) -> Option<Remote> {
        let moves = |rest: &str| {
            let ok = !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_digit())
                && (rest == "0" || !rest.starts_with('0'));
            ok.then(|| rest.parse().ok()).flatten()
        };
        match line {
            "win" => Some(Remote::from(Value::Win)),
            "loss" => Some(Remote::from(Value::Loss)),
            "draw" => Some(Remote::DRAW),
            _ => {
                let (kind, rest) = line.split_once(" in ")?;
                let r = moves(rest)?;
                match kind {
                    "win" => Some(Remote::win(r)),
                    "loss" => Some(Remote::loss(r)),
                    "tie" => Some(Remote::tie(r)),
                    _ => None,
                }
            }
        }
    }

    fn form() -> String {
        "`win in N`, `loss in N`, `tie in N` or `draw`".into()
    }

    fn to_json(&self) -> serde_json::Value {
        let value = match (self.value, self.remoteness) {
            (Value::Win, _) => "win",
            (Value::Loss, _) => "loss",
            (Value::Draw, Some(_)) => "tie",
            (Value::Draw, None) => "draw",
        };
        serde_json::json!({ "value": value, "remoteness": self.remoteness })
    }
}

/// Who wins, by name: `Alice` (the first player, [`Player::First`]), `Bob` (the second)
/// or `Draw` (neither can force a win). A contest that gives positions with Alice to
/// move reads it as "the player to move wins" (`Alice`) or not (`Bob`); a game whose
/// positions may have either player to move (`Game::to_move`) reads it as naming a fixed
/// player. Its spelling is the contest answer `Alice`, `Bob` or `Draw`, exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Winner {
    /// Alice, the first player, wins.
    Alice,
    /// Bob, the second player, wins.
    Bob,
    /// Nobody wins.
    Draw,
}

impl Winner {
    /// The winner as a player (`None` for a draw).
    pub fn player(self) -> Option<Player> {
        match self {
            Winner::Alice => Some(Player::First),
            Winner::Bob => Some(Player::Second),
            Winner::Draw => None,
        }
    }

    /// The value for `mover`, the player to move (`Alice` with the first player to move
    /// → `Win`).
    pub fn value_for(self, mover: Player) -> Value {
        match self.player() {
            None => Value::Draw,
            Some(p) if p == mover => Value::Win,
            Some(_) => Value::Loss,
        }
    }
}

impl GameValue for Winner {
    /// A named winner stays the winner along optimal play; the loser to move has no good
    /// move (none); a draw stays a draw.
    fn after_optimal_move(self, mover: Player) -> Option<Winner> {
        match self.player() {
            Some(p) if p != mover => None,
            _ => Some(self),
        }
    }
}

/// What one line of a contest's output says about one case, in the contest's own
/// spelling: read with [`ContestAnswer::parse`], written with `Display` (each the
/// inverse of the other). `solve` prints it, `stress` reads a program's lines with it and
/// says what it expected in its words, `verify`'s failures and `--json` show it.
///
/// Ready: [`Winner`] (`Alice`, `Bob`, `Draw`), [`FixedScore`] and the integer types (a
/// Grundy value, a score, a number of moves: decimal, `-` for a negative one, no `+`, no
/// leading zeros).
///
/// ```
/// use gamecheck::outcome::{ContestAnswer, Winner};
/// assert_eq!(Winner::parse("Draw"), Some(Winner::Draw));
/// assert_eq!(Winner::parse("draw"), None);
/// assert_eq!(u32::parse("12"), Some(12));
/// assert_eq!(u32::parse("012"), None);
/// assert_eq!(i64::parse("-3"), Some(-3));
/// assert_eq!(<u32 as ContestAnswer>::form(), "a non-negative integer");
/// ```
pub trait ContestAnswer:
    Clone + fmt::Debug + PartialEq + fmt::Display + Send + Sync + 'static
{
    /// Reads one output line (without its line end and trailing ASCII spaces and tabs:
    /// the judge trims nothing else); `None` when it is not an answer.
    fn parse(line: &str) -> Option<Self>;

    /// What an answer line looks like, for messages (`` `Alice`, `Bob` or `Draw` ``).
    fn form() -> String;

    /// The name of this answer's field in `solve --json` (`winner`; `result` by default).
    const JSON_KEY: &'static str = "result";

    /// This answer in `solve --json`: by default its spelling, as a string.
    fn to_json(&self) -> serde_json::Value {
        serde_json::Value::String(self.to_string())
    }
}

impl ContestAnswer for Winner {
    fn parse(line: &str) -> Option<Winner> {
        line.parse().ok()
    }

    fn form() -> String {
        "`Alice`, `Bob` or `Draw`".into()
    }

    const JSON_KEY: &'static str = "winner";
}

/// The canonical decimal form of an integer, the only one read: digits, `-` before a
/// negative one, no `+`, no leading zeros (`0`, not `00` or `-0`).
fn canonical_integer(line: &str) -> bool {
    let digits = line.strip_prefix('-').unwrap_or(line);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && line != "-0"
}

/// The integer types as values: see [`GameValue`]'s note on the integer types.
macro_rules! integer_values {
    ($($t:ty),+) => {$(
        impl GameValue for $t {
            /// None: see [`GameValue`]'s note on the integer types.
            fn after_optimal_move(self, _mover: Player) -> Option<$t> {
                None
            }
        }
    )+};
}

integer_values!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

macro_rules! integer_answers {
    ($($t:ty: $form:literal),+) => {$(
        impl ContestAnswer for $t {
            fn parse(line: &str) -> Option<$t> {
                canonical_integer(line).then(|| line.parse().ok()).flatten()
            }

            fn form() -> String {
                $form.into()
            }

            fn to_json(&self) -> serde_json::Value {
                serde_json::json!(self)
            }
        }
    )+};
}

integer_answers!(
    u8: "a non-negative integer", u16: "a non-negative integer",
    u32: "a non-negative integer", u64: "a non-negative integer",
    usize: "a non-negative integer", i8: "an integer", i16: "an integer",
    i32: "an integer", i64: "an integer", isize: "an integer"
);

/// A final score that names fixed players: the first player's score less the second's at
/// the end of optimal play, whoever is to move (Black's discs less White's in Reversi,
/// as published results give it). Positive: the first player is ahead; 0: a tie.
///
/// Along optimal play it stays itself (each player's best move keeps the final score the
/// position has), so the default best move is right for either player to move; the
/// first player picks the largest child, the second the smallest, both to the same
/// value. Not for points scored along the way (a move that scores is not a move to a
/// child of the same value): such a game writes its own `Game::best_move` (see
/// [`GameValue`]'s note on the integer types). Spelt, parsed and written as an integer
/// (the canonical decimal form, as the integer types), under `result` in `solve --json`.
///
/// ```
/// use gamecheck::outcome::{ContestAnswer, FixedScore, GameValue, Player, Winner};
/// let s = FixedScore(-4); // the second player ends 4 ahead
/// assert_eq!(s.after_optimal_move(Player::First), Some(s));
/// assert_eq!(s.after_optimal_move(Player::Second), Some(s));
/// assert_eq!(FixedScore::parse("-4"), Some(s));
/// assert_eq!(FixedScore::parse("+4"), None);
/// assert_eq!(s.to_string(), "-4");
/// assert_eq!(FixedScore(3).winner(), Winner::Alice);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FixedScore(pub i64);

impl FixedScore {
    /// Who wins by it: `Alice` (the first player) ahead, `Bob` behind, `Draw` at 0.
    pub fn winner(self) -> Winner {
        match self.0.cmp(&0) {
            std::cmp::Ordering::Greater => Winner::Alice,
            std::cmp::Ordering::Less => Winner::Bob,
            std::cmp::Ordering::Equal => Winner::Draw,
        }
    }
}

impl fmt::Display for FixedScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl GameValue for FixedScore {
    /// Itself: a final score naming fixed players does not change along optimal play.
    fn after_optimal_move(self, _mover: Player) -> Option<FixedScore> {
        Some(self)
    }
}

impl ContestAnswer for FixedScore {
    fn parse(line: &str) -> Option<FixedScore> {
        i64::parse(line).map(FixedScore)
    }

    fn form() -> String {
        "an integer (the first player's final score less the second's)".into()
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::json!(self.0)
    }
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

    #[test]
    fn integers_read_in_their_canonical_form_only() {
        for (line, want) in [
            ("0", Some(0)),
            ("7", Some(7)),
            ("-7", Some(-7)),
            ("120", Some(120)),
        ] {
            assert_eq!(i64::parse(line), want, "{line}");
        }
        for bad in [
            "", "-", "+7", "07", "-0", "00", " 7", "7 ", "1e3", "0x10", "٣",
        ] {
            assert_eq!(i64::parse(bad), None, "{bad:?}");
        }
        assert_eq!(u8::parse("255"), Some(255));
        assert_eq!(u8::parse("256"), None);
        assert_eq!(u32::parse("-1"), None);
        assert_eq!(<i32 as ContestAnswer>::form(), "an integer");
        assert_eq!(7u32.to_json(), serde_json::json!(7));
        assert_eq!(Winner::Bob.to_json(), serde_json::json!("Bob"));
        for w in [Winner::Alice, Winner::Bob, Winner::Draw] {
            assert_eq!(<Winner as ContestAnswer>::parse(&w.to_string()), Some(w));
        }
    }

    /// Remote values read back exactly as written, and nothing else reads.
    #[test]
    fn remote_values_read_back_exactly_as_written() {
        let all = [
            Remote::win(1),
            Remote::win(0),
            Remote::loss(0),
            Remote::loss(12),
            Remote::tie(3),
            Remote::DRAW,
            Remote::from(Value::Win),
            Remote::from(Value::Loss),
        ];
        for v in all {
            assert_eq!(Remote::parse(&v.to_string()), Some(v), "{v}");
        }
        for bad in [
            "win in",
            "win in 03",
            "win in -1",
            "Win in 3",
            "tie",
            "draw in 2",
            "loss in 1 ",
            "win  in 3",
            "",
        ] {
            assert_eq!(Remote::parse(bad), None, "{bad:?}");
        }
        assert_eq!(
            Remote::tie(2).to_json(),
            serde_json::json!({"value": "tie", "remoteness": 2})
        );
        assert_eq!(
            Remote::DRAW.to_json(),
            serde_json::json!({"value": "draw", "remoteness": null})
        );
    }

    /// Along optimal play the remoteness falls by one a move and the winner stays the
    /// winner; the game is over at 0; without remoteness only the value is left.
    #[test]
    fn remoteness_falls_by_one_along_optimal_play() {
        for start in [Remote::win(5), Remote::loss(6), Remote::tie(4)] {
            let mut v = start;
            let mut moves = 0;
            while let Some(next) = v.after_optimal_move(Player::First) {
                assert_eq!(next.remoteness, v.remoteness.map(|r| r - 1));
                assert_eq!(next.value, v.value.flip());
                v = next;
                moves += 1;
            }
            assert_eq!(Some(moves), start.remoteness);
            assert_eq!(v.remoteness, Some(0));
        }
        assert_eq!(
            Remote::from(Value::Loss).after_optimal_move(Player::First),
            None
        );
        assert_eq!(
            Remote::from(Value::Win).after_optimal_move(Player::First),
            Some(Remote::from(Value::Loss))
        );
        assert_eq!(Remote::loss(3).without_remoteness().to_string(), "loss");
        assert!(Compare::Whole.agree(&Value::Win, &Value::Win));
        assert!(!Compare::WithoutRemoteness.agree(&Remote::tie(1), &Remote::win(1)));
        assert!(Compare::WithoutRemoteness.agree(&Remote::tie(1), &Remote::DRAW));
    }

    /// The two conventions agree: a relative value read for the player to move, and
    /// back, for both movers.
    #[test]
    fn relative_values_and_named_winners_agree() {
        for mover in [Player::First, Player::Second] {
            for v in [Value::Win, Value::Loss, Value::Draw] {
                let w = v.winner(mover);
                assert_eq!(w.value_for(mover), v, "{v:?} {mover:?}");
                // the optimal continuation of either form names the same winner
                match (v.after_optimal_move(mover), w.after_optimal_move(mover)) {
                    (Some(child), Some(named)) => {
                        assert_eq!(child.winner(mover.other()), named, "{v:?} {mover:?}")
                    }
                    (None, None) => {}
                    other => panic!("{v:?} {mover:?}: {other:?}"),
                }
            }
        }
        assert_eq!(Player::First.other(), Player::Second);
        assert_eq!(Value::Win.for_alice_to_move(), Winner::Alice);
    }
}
