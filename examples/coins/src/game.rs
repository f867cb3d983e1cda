//! The glue: coins in a line as a game of the harness (`Game`), of `gen` and `stress`
//! (`SimpleContest`), of the command line (`CliGame`) and of `perft`. Its answer is a
//! number, the margin of the player to move: the solvers compute it and the contest
//! prints it (`i64` is both a [`GameValue`] and a [`ContestAnswer`]); a move scores the
//! coin it takes, so the best move is the game's own.

use crate::row::{self, Row, MAX_COINS, MAX_VALUE};
use crate::{interval::Interval, naive};
use gamecheck::prelude::*;
use std::fmt;

/// Coins in a line (the game type: every method is an associated function).
pub struct Coins;

/// Coins in a line has one rule set: no flags.
#[derive(Debug, Clone, Copy, PartialEq, clap::Args)]
pub struct Rules {}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("either end")
    }
}

gamecheck::variants! {
    /// The solvers: the oracle and the interval table.
    pub enum Variant {
        /// The oracle: both ends tried at every turn, no memo (at most 18 coins).
        Naive = "naive",
        /// The margin of every stretch of the row, shortest first: O(n²).
        Interval = "interval",
    }
}

/// A move: take the coin at the left or the right end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Take {
    /// The leftmost coin.
    Left,
    /// The rightmost coin.
    Right,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Take::Left => "left",
            Take::Right => "right",
        })
    }
}

/// The coin `take` takes from `row`, and the row left.
fn taken(row: &Row, take: Take) -> Option<(u32, Row)> {
    let coins = &row.0;
    match (take, coins.first(), coins.last()) {
        (Take::Left, Some(&c), _) => Some((c, Row(coins[1..].to_vec()))),
        (Take::Right, _, Some(&c)) => Some((c, Row(coins[..coins.len() - 1].to_vec()))),
        _ => None,
    }
}

impl Game for Coins {
    const NAME: &'static str = "coins";
    const ABOUT: &'static str =
        "Coins in a line: take an end coin; the larger sum wins (example game)";
    type Rules = Rules;
    type Case = Row;
    type Move = Take;
    type Answer = i64;
    type Output = i64;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::Interval;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn generators(_: &Rules) {}
    fn oracle_moves(_: &(), row: &Row) -> Vec<Take> {
        match row.0.len() {
            0 => Vec::new(),
            1 => vec![Take::Left],
            _ => vec![Take::Left, Take::Right],
        }
    }
    fn fast_moves(_: &(), row: &Row) -> Vec<Take> {
        [Take::Left, Take::Right]
            .into_iter()
            .take(row.0.len().min(2))
            .collect()
    }
    fn apply(_: &Rules, row: &Row, take: &Take) -> Option<Row> {
        taken(row, *take).map(|(_, rest)| rest)
    }
    fn solver(_: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(naive::Naive),
            Variant::Interval => Box::new(Interval),
        }
    }
    /// A move scores its coin: the best is the one whose coin, less the margin of the
    /// other player after it, is the row's margin.
    fn best_move(rules: &Rules, row: &Row) -> Option<String> {
        let mut oracle = Self::solver(rules, Variant::Naive);
        let margin = oracle.solve(row).ok()?;
        [Take::Left, Take::Right].into_iter().find_map(|take| {
            let (coin, rest) = taken(row, take)?;
            let after = oracle.solve(&rest).ok()?;
            (i64::from(coin) - after == margin).then(|| take.to_string())
        })
    }
    fn read(_: &Rules, text: &str) -> Result<Vec<Row>, ParseError> {
        row::read(text)
    }
    fn write(_: &Rules, rows: &[Row]) -> String {
        row::write(rows)
    }
    fn output(_: &Rules, _: &Row, margin: i64) -> i64 {
        margin
    }
    fn random_rules<E: Entropy + ?Sized>(_: &mut E, _: Size) -> Rules {
        Rules {}
    }
    /// Up to 16 coins (the oracle's cost doubles with each), of values up to 20.
    fn random_case<E: Entropy + ?Sized>(_: &Rules, e: &mut E, size: Size) -> Row {
        let n = e.int_in(0..=size.of(16) as u32);
        Row((0..n).map(|_| e.int_in(0..=20)).collect())
    }
    /// The row read from the other end: the same game, the same margin.
    fn symmetries(_: &Rules, row: &Row) -> Vec<Row> {
        vec![Row(row.0.iter().rev().copied().collect())]
    }
    fn canonical(rules: &Rules, row: &Row) -> Row {
        gamecheck::game::least_image::<Self>(rules, row)
    }
    fn describe_case(_: &Rules, row: &Row) -> String {
        let n = row.0.len();
        format!("{n} coin{}", if n == 1 { "" } else { "s" })
    }
}

impl Verify for Coins {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        // every row of up to 8 coins worth 0..=3
        let mut every = vec![Row(Vec::new())];
        let mut layer = every.clone();
        for _ in 0..8 {
            layer = layer
                .iter()
                .flat_map(|r| {
                    (0..=3).map(move |v| {
                        let mut c = r.0.clone();
                        c.push(v);
                        Row(c)
                    })
                })
                .collect();
            every.extend(layer.iter().cloned());
        }
        let all = Suite::against_oracle(Rules {}, every, "every row of 0..=8 coins worth 0..=3")
            .with_movegen();
        let random = Suite::random(Rules {}, opts.cases.unwrap_or(2000), opts.seed);
        // Bogomolny ("A Game With Coins", cut-the-knot.org): with an even number of
        // coins the first player can take every odd-placed coin or every even-placed
        // one, so never loses: the margin is at least 0
        let mut rng = gamecheck::rng::from_seed(opts.seed);
        let rows: Vec<Row> = (0..200)
            .map(|i| {
                let n = 2 * (1 + i % (MAX_COINS / 2));
                Row((0..n).map(|_| rng.int_in(0..=MAX_VALUE)).collect())
            })
            .collect();
        let even = NamedCheck::every(
            "even rows of 2..=1000 coins",
            "the first player never loses",
            "rows",
            rows,
            |r| match crate::interval::margin(&r.0) {
                m if m >= 0 => Ok(()),
                m => Err(format!("{} coins: margin {m}", r.0.len())),
            },
        );
        vec![
            Group::each("rows", vec![all]).into(),
            Group::each("rows", vec![random]).into(),
            even.into(),
        ]
    }
}

/// The whole contest (`solve`, `gen`, `stress`): no flags.
impl SimpleContest for Coins {}

impl CliGame for Coins {
    fn rules_text() -> &'static str {
        include_str!("../RULES.md")
    }
    fn abilities(a: &mut dyn Abilities<Self>) {
        a.perft();
    }
}

impl PerftFromMoves for Coins {}
