//! Answers of other shapes than "who wins, with Alice to move": a game whose positions
//! may have either player to move, its solvers answering relative to the player to move
//! (`Value`) or naming a fixed player (`Winner`), and a game whose contest answer is a
//! number. The default best move and the contest's own spelling are right for each, with
//! no override.
//!
//! The game: a heap of `n` tokens; a move takes 1 or 2; who takes the last token wins.
//! The player to move wins exactly when `n mod 3 ≠ 0` (the winning move takes `n mod 3`).

use gamecheck::error::{Location, ParseError};
use gamecheck::game::{BoxSolver, Game};
use gamecheck::outcome::{ContestAnswer, FixedScore, Player, Value, Winner};
use gamecheck::rng::{Entropy, Size};
use gamecheck::solver::{Refusal, Solver};
use std::fmt;

/// A heap and who is to move at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Heap {
    n: u32,
    mover: Player,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Take(u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Rules;

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("take 1 or 2")
    }
}

gamecheck::variants! {
    enum Variant {
        /// The oracle: the recursion over the moves.
        Naive = "naive",
    }
}

fn moves(h: &Heap) -> Vec<Take> {
    (1..=h.n.min(2)).map(Take).collect()
}

fn after(h: &Heap, t: &Take) -> Option<Heap> {
    Some(Heap {
        n: h.n.checked_sub(t.0)?,
        mover: h.mover.other(),
    })
}

/// Whether the player to move wins, by plain recursion.
fn mover_wins(n: u32) -> bool {
    (1..=n.min(2)).any(|k| !mover_wins(n - k))
}

/// Each case of an input is `n` and the player to move (`1` or `2`) on a line.
fn read(text: &str) -> Result<Vec<Heap>, ParseError> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let bad = || {
                ParseError::new(
                    Location {
                        line: i + 1,
                        column: 1,
                    },
                    None,
                    "`n 1|2`",
                )
            };
            let (n, p) = line.trim().split_once(' ').ok_or_else(bad)?;
            let mover = match p {
                "1" => Player::First,
                "2" => Player::Second,
                _ => return Err(bad()),
            };
            Ok(Heap {
                n: n.parse().map_err(|_| bad())?,
                mover,
            })
        })
        .collect()
}

fn write(cases: &[Heap]) -> String {
    cases
        .iter()
        .map(|h| format!("{} {}\n", h.n, if h.mover == Player::First { 1 } else { 2 }))
        .collect()
}

/// The oracle of either shape: `answer` turns "the mover wins" into the game's answer.
struct Oracle<A>(fn(&Heap, bool) -> A);

impl<A> Solver<Heap, A> for Oracle<A> {
    fn name(&self) -> &'static str {
        "naive"
    }
    fn solve(&mut self, h: &Heap) -> Result<A, Refusal> {
        Ok((self.0)(h, mover_wins(h.n)))
    }
}

/// The game with solvers that name the winner (`Alice`: the first player).
struct Named;
/// The same game with solvers that give a final score naming fixed players: +1 when
/// the first player takes the last token, −1 when the second does.
struct Scored;
/// The same game with solvers that answer for the player to move.
struct Relative;

macro_rules! the_game {
    ($game:ty, $answer:ty, $solve:expr) => {
        impl Game for $game {
            const NAME: &'static str = "take12";
            const ABOUT: &'static str = "Take 1 or 2; the last token wins";
            type Rules = Rules;
            type Case = Heap;
            type Move = Take;
            type Answer = $answer;
            type Output = Winner;
            type Variant = Variant;
            type Generators = ();
            const DEFAULT_VARIANT: Variant = Variant::Naive;
            const ORACLE_VARIANT: Variant = Variant::Naive;

            fn generators(_: &Rules) {}
            fn oracle_moves(_: &(), h: &Heap) -> Vec<Take> {
                moves(h)
            }
            fn fast_moves(_: &(), h: &Heap) -> Vec<Take> {
                moves(h)
            }
            fn solver(_: &Rules, _: Variant) -> BoxSolver<Self> {
                Box::new(Oracle::<$answer>($solve))
            }
            fn apply(_: &Rules, h: &Heap, t: &Take) -> Option<Heap> {
                after(h, t)
            }
            fn to_move(_: &Rules, h: &Heap) -> Player {
                h.mover
            }
            fn read(_: &Rules, text: &str) -> Result<Vec<Heap>, ParseError> {
                read(text)
            }
            fn write(_: &Rules, cases: &[Heap]) -> String {
                write(cases)
            }
            fn output(_: &Rules, h: &Heap, answer: $answer) -> Winner {
                Self::named(h, answer)
            }
            fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
                Rules
            }
            fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, size: Size) -> Heap {
                let mover = if e.int_in(0..=1u32) == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                Heap {
                    n: e.int_in(0..=size.of(30) as u32),
                    mover,
                }
            }
        }
    };
}

impl Named {
    fn named(_: &Heap, w: Winner) -> Winner {
        w
    }
}

impl Relative {
    fn named(h: &Heap, v: Value) -> Winner {
        v.winner(h.mover)
    }
}

impl Scored {
    fn named(_: &Heap, s: FixedScore) -> Winner {
        s.winner()
    }
}

the_game!(Named, Winner, |h, wins| {
    match (wins, h.mover) {
        (true, Player::First) | (false, Player::Second) => Winner::Alice,
        _ => Winner::Bob,
    }
});
the_game!(Scored, FixedScore, |h, wins| {
    match (wins, h.mover) {
        (true, Player::First) | (false, Player::Second) => FixedScore(1),
        _ => FixedScore(-1),
    }
});
the_game!(Relative, Value, |_, wins| if wins {
    Value::Win
} else {
    Value::Loss
});

fn heap(n: u32, mover: Player) -> Heap {
    Heap { n, mover }
}

/// With either player to move and either shape of answer, the default best move is the
/// winning move (`take n mod 3`), and there is none for the player who loses.
#[test]
fn the_default_best_move_wins_for_either_player_and_either_shape() {
    for mover in [Player::First, Player::Second] {
        for n in 0..12 {
            let h = heap(n, mover);
            let want = (n % 3 != 0).then(|| format!("take {}", n % 3));
            assert_eq!(Named::best_move(&Rules, &h), want, "named, {n} {mover:?}");
            assert_eq!(
                Relative::best_move(&Rules, &h),
                want,
                "relative, {n} {mover:?}"
            );
        }
    }
    // the planted cases of the fixed-player shape: the second player to move and winning
    // (Bob wins) has a best move; the first player to move and losing has none
    assert_eq!(
        Named::best_move(&Rules, &heap(5, Player::Second)),
        Some("take 2".into())
    );
    assert_eq!(Named::best_move(&Rules, &heap(6, Player::First)), None);
}

/// A final score naming fixed players needs no best move of its own either: the winner,
/// whichever player is to move, is shown its winning move; the loser to move is shown a
/// move that keeps the score (every move does: each loses), and none when no token is
/// left.
#[test]
fn the_default_best_move_of_a_fixed_score_wins_for_either_player() {
    for mover in [Player::First, Player::Second] {
        for n in 0..12 {
            let h = heap(n, mover);
            let best = Scored::best_move(&Rules, &h);
            match n % 3 {
                0 if n == 0 => assert_eq!(best, None, "{n} {mover:?}"),
                0 => assert!(best.is_some(), "{n} {mover:?}: the loser is shown a move"),
                r => assert_eq!(best, Some(format!("take {r}")), "{n} {mover:?}"),
            }
        }
    }
    let cases: Vec<Heap> = (0..9)
        .flat_map(|n| [heap(n, Player::First), heap(n, Player::Second)])
        .collect();
    let scored = gamecheck::game::solve_cases::<Scored>(&Rules, Variant::Naive, &cases).unwrap();
    let named = gamecheck::game::solve_cases::<Named>(&Rules, Variant::Naive, &cases).unwrap();
    assert_eq!(scored, named);
}

/// Both shapes give the same contest output, naming the fixed player: `Bob` when the
/// second player is to move and wins.
#[test]
fn both_shapes_name_the_same_winner() {
    let cases: Vec<Heap> = (0..9)
        .flat_map(|n| [heap(n, Player::First), heap(n, Player::Second)])
        .collect();
    let named = gamecheck::game::solve_cases::<Named>(&Rules, Variant::Naive, &cases).unwrap();
    let relative =
        gamecheck::game::solve_cases::<Relative>(&Rules, Variant::Naive, &cases).unwrap();
    assert_eq!(named, relative);
    // no token left, the second player to move: the first took the last, Alice wins
    assert_eq!(named[1], Winner::Alice);
    // one token, the second player to move: Bob takes it
    assert_eq!(named[3], Winner::Bob);
}

/// A game whose contest answer is a number: the ready integer spelling is read and
/// written exactly, a line that is not a number is not an answer, and `stress` reports a
/// wrong number in the game's own words.
#[test]
fn a_number_is_an_answer() {
    use gamecheck::stress::{judge, ContestGame, RunOutput, Verdict};
    struct Counts;
    impl ContestGame for Counts {
        type Case = u32;
        type Answer = u64;
        fn name(&self) -> &'static str {
            "counts"
        }
        fn rules(&self) -> String {
            String::new()
        }
        fn flags(&self) -> String {
            String::new()
        }
        fn max_batch(&self) -> usize {
            10
        }
        fn generate(&self, _: &mut gamecheck::rng::Rng, _: Size) -> u32 {
            0
        }
        fn write_input(&self, cases: &[u32]) -> String {
            format!("{cases:?}")
        }
        fn answers(&mut self, cases: &[u32]) -> Result<Vec<u64>, String> {
            Ok(cases.iter().map(|&c| u64::from(c) * 2).collect())
        }
        fn write_answers(&self, answers: &[u64]) -> String {
            answers.iter().map(|a| format!("{a}\n")).collect()
        }
        fn parse_answer(&self, line: &str, _: usize) -> Option<u64> {
            u64::parse(line)
        }
        fn answer_form(&self, _: usize) -> String {
            u64::form()
        }
        fn shrink_candidates(&self, _: &u32) -> Vec<u32> {
            Vec::new()
        }
        fn describe_case(&self, c: &u32) -> String {
            c.to_string()
        }
        fn read_input(&self, _: &str) -> Result<Vec<u32>, ParseError> {
            Ok(Vec::new())
        }
    }
    let ran = |out: &str| RunOutput {
        stdout: out.as_bytes().to_vec(),
        ..RunOutput::default()
    };
    let want = [2u64, 4];
    assert_eq!(judge(&Counts, &ran("2\n4\n"), &want).verdict, Verdict::Pass);
    assert_eq!(
        judge(&Counts, &ran("2\n5\n"), &want).verdict,
        Verdict::WrongAnswer {
            case: 1,
            expected: 4,
            got: 5
        }
    );
    match judge(&Counts, &ran("2\n04\n"), &want).verdict {
        Verdict::Malformed { problem, .. } => assert_eq!(
            problem,
            "line 2 is not an answer: `04` (expected a non-negative integer)"
        ),
        v => panic!("{v:?}"),
    }
}
