//! The glue: Chomp as a game of the harness (`Game`), of `gen` and `stress`
//! (`Contest`), of the command line (`CliGame`) and of `perft` (`Perft`).

use crate::board::{self, Board, MAX_SIDE};
use crate::{memo::Memo, naive};
use gamecheck::prelude::*;
use std::fmt;

/// Chomp (the game type: every method is an associated function).
pub struct Chomp;

/// The rectangle: `--width` × `--height`, each 1..=12.
#[derive(Debug, Clone, Copy, PartialEq, clap::Args)]
pub struct Rules {
    /// Columns of the rectangle, 1..=12.
    #[arg(long, default_value_t = 4)]
    pub width: usize,
    /// Rows of the rectangle, 1..=12.
    #[arg(long, default_value_t = 3)]
    pub height: usize,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

gamecheck::variants! {
    /// The solvers: the oracle and the memoized search.
    pub enum Variant {
        /// The oracle: text rows, memoized by the text (boards of at most 49 cells).
        Naive = "naive",
        /// Packed heights, memoized depth-first search.
        Memo = "memo",
    }
}

/// A move: take the cell in this column and row (1-based, from the bottom left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Take(pub usize, pub usize);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0 + 1, self.1 + 1)
    }
}

impl Game for Chomp {
    const NAME: &'static str = "chomp";
    const ABOUT: &'static str = "Chomp on a W x H rectangle (example game)";
    type Rules = Rules;
    type Case = Board;
    type Move = Take;
    type Answer = Value;
    type Output = Winner;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::Memo;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn start(rules: &Rules) -> Option<Board> {
        Some(Board::full(rules.width, rules.height))
    }
    fn flags(rules: &Rules) -> String {
        format!("--width {} --height {}", rules.width, rules.height)
    }
    fn generators(_: &Rules) {}
    fn oracle_moves(_: &(), board: &Board) -> Vec<Take> {
        naive::moves(&naive::rows(board))
            .into_iter()
            .map(|(x, y)| Take(x, y))
            .collect()
    }
    fn fast_moves(_: &(), board: &Board) -> Vec<Take> {
        let cells =
            (0..board.width).flat_map(|x| (0..board.heights[x] as usize).map(move |y| Take(x, y)));
        cells.filter(|&t| t != Take(0, 0)).collect()
    }
    fn apply(_: &Rules, board: &Board, mv: &Take) -> Option<Board> {
        let rows = naive::rows(board);
        let legal = naive::moves(&rows).contains(&(mv.0, mv.1));
        legal.then(|| naive::board_of(&naive::after(&rows, (mv.0, mv.1))))
    }
    fn fast_apply(_: &(), board: &Board, mv: &Take) -> Option<Board> {
        Some(board.take(mv.0, mv.1))
    }
    fn solver(_: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(naive::Naive::default()),
            Variant::Memo => Box::new(Memo::default()),
        }
    }
    fn read(rules: &Rules, text: &str) -> Result<Vec<Board>, ParseError> {
        board::read(rules.width, rules.height, text)
    }
    fn write(_: &Rules, boards: &[Board]) -> String {
        board::write(boards)
    }
    fn output(_: &Rules, _: &Board, v: Value) -> Winner {
        v.for_alice_to_move()
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _: Size) -> Rules {
        Rules {
            width: e.int_in(1..=7),
            height: e.int_in(1..=7),
        }
    }
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, _: Size) -> Board {
        let mut b = Board::full(rules.width, rules.height);
        let mut most = rules.height as u8;
        for x in 0..rules.width {
            b.heights[x] = e.int_in(u8::from(x == 0)..=most);
            most = b.heights[x];
        }
        b
    }
    fn describe_case(_: &Rules, board: &Board) -> String {
        let n = board.cells();
        format!("{n} cell{}", if n == 1 { "" } else { "s" })
    }
}

impl Verify for Chomp {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let rectangles = |n| (1..=n).flat_map(move |w| (1..=n).map(move |h| (w, h)));
        let every = rectangles(6).map(|(width, height)| {
            let r = Rules { width, height };
            let boards = reachable::<Self>(&r, Board::full(width, height));
            Suite::against_oracle(r, boards, "every board").with_movegen()
        });
        let (width, height) = (7, 7);
        let random = Suite::random(
            Rules { width, height },
            opts.cases.unwrap_or(2000),
            opts.seed,
        );
        let larger = rectangles(8).filter(|(w, h)| w * h > 1).collect();
        let mut memo = Memo::default();
        let stealing = move |&(w, h): &(usize, usize)| match memo.solve(&Board::full(w, h)) {
            Ok(Value::Win) => Ok(()),
            _ => Err(format!("{w}x{h} is not a first-player win")),
        };
        vec![
            Group::merged("every board, sides 1-6", "boards", every.collect()).into(),
            Group::each("boards", vec![random]).into(),
            NamedCheck::every(
                "every rectangle up to 8x8",
                "strategy stealing",
                "rectangles",
                larger,
                stealing,
            )
            .into(),
        ]
    }
}

/// The whole contest (`solve`, `gen`, `stress`): the flags are the rules.
impl SimpleContest for Chomp {
    fn check_rules(r: &Rules) -> Result<(), RuleError> {
        match (r.width, r.height) {
            (1..=MAX_SIDE, 1..=MAX_SIDE) => Ok(()),
            _ => Err(RuleError(format!(
                "--width and --height are 1..={MAX_SIDE}"
            ))),
        }
    }
}

impl CliGame for Chomp {
    fn rules_text() -> &'static str {
        include_str!("../RULES.md")
    }
    fn abilities(a: &mut dyn Abilities<Self>) {
        a.perft();
    }
}

impl PerftFromMoves for Chomp {}
