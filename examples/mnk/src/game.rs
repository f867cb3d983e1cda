//! The glue: the m,n,k-game as a game of the harness (`Game`), of `gen` and `stress`
//! (`SimpleContest`), of the command line (`CliGame`) and of `perft`. Its answers name
//! a fixed player (`X`, `O` or `Draw`, [`Outcome`]), and either player may be to move in
//! a board (`Game::to_move`): the library's default best move and reports read them
//! right with no more code than these two.

use crate::board::{self, has_line, lines, Board, MAX_SIDE};
use crate::{memo::Memo, naive};
use gamecheck::prelude::*;
use std::fmt;

/// The m,n,k-game (the game type: every method is an associated function).
pub struct Mnk;

/// The board and the row to make: `--rows` × `--cols` (each 1..=5), `--k` in a row.
#[derive(Debug, Clone, Copy, PartialEq, clap::Args)]
pub struct Rules {
    /// Rows of the board, 1..=5.
    #[arg(long, default_value_t = 3)]
    pub rows: usize,
    /// Columns of the board, 1..=5.
    #[arg(long, default_value_t = 3)]
    pub cols: usize,
    /// Marks in a row that win, 1..=5.
    #[arg(long, default_value_t = 3)]
    pub k: usize,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} k={}", self.rows, self.cols, self.k)
    }
}

/// Who wins under optimal play, by name: `X` (who moves first), `O`, or `Draw`. Both the
/// solvers' answer and the contest's, spelt as the contest spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// X wins.
    X,
    /// O wins.
    O,
    /// Neither can force a win.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::X => "X",
            Outcome::O => "O",
            Outcome::Draw => "Draw",
        })
    }
}

/// It names a fixed player: the library's [`Winner`] (X is Alice, the first player)
/// says how it goes along optimal play.
impl GameValue for Outcome {
    fn after_optimal_move(self, mover: Player) -> Option<Outcome> {
        let named = match self {
            Outcome::X => Winner::Alice,
            Outcome::O => Winner::Bob,
            Outcome::Draw => Winner::Draw,
        };
        named.after_optimal_move(mover).map(|_| self)
    }
}

/// The contest's spelling: `X`, `O` or `Draw`, exactly.
impl ContestAnswer for Outcome {
    fn parse(line: &str) -> Option<Outcome> {
        match line {
            "X" => Some(Outcome::X),
            "O" => Some(Outcome::O),
            "Draw" => Some(Outcome::Draw),
            _ => None,
        }
    }
    fn form() -> String {
        "`X`, `O` or `Draw`".into()
    }
}

gamecheck::variants! {
    /// The solvers: the oracle and the memoized search.
    pub enum Variant {
        /// The oracle: text rows, every empty cell tried, memoized by the text (at most 16
        /// empty cells).
        Naive = "naive",
        /// Bit sets and line masks, memoized negamax.
        Memo = "memo",
    }
}

/// A move: mark the cell in this row and column (0-based; shown 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark(pub usize, pub usize);

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0 + 1, self.1 + 1)
    }
}

impl Game for Mnk {
    const NAME: &'static str = "mnk";
    const ABOUT: &'static str = "The m,n,k-game: k in a row on an m x n board (example game)";
    type Rules = Rules;
    type Case = Board;
    type Move = Mark;
    type Answer = Outcome;
    type Output = Outcome;
    type Variant = Variant;
    /// `k` for the oracle's moves, the line masks for the fast ones.
    type Generators = (usize, Vec<u32>);
    const DEFAULT_VARIANT: Variant = Variant::Memo;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn start(rules: &Rules) -> Option<Board> {
        Some(Board::empty(rules.rows, rules.cols))
    }
    fn flags(rules: &Rules) -> String {
        format!(
            "--rows {} --cols {} --k {}",
            rules.rows, rules.cols, rules.k
        )
    }
    fn generators(rules: &Rules) -> (usize, Vec<u32>) {
        (rules.k, lines(rules.rows, rules.cols, rules.k))
    }
    fn oracle_moves((k, _): &(usize, Vec<u32>), board: &Board) -> Vec<Mark> {
        naive::moves(board, *k)
            .into_iter()
            .map(|(r, c)| Mark(r, c))
            .collect()
    }
    fn fast_moves((_, lines): &(usize, Vec<u32>), b: &Board) -> Vec<Mark> {
        if has_line(b.x, lines) || has_line(b.o, lines) {
            return Vec::new();
        }
        (0..b.cells())
            .filter(|&c| (b.x | b.o) >> c & 1 == 0)
            .map(|c| Mark(c / b.cols, c % b.cols))
            .collect()
    }
    fn apply(rules: &Rules, board: &Board, m: &Mark) -> Option<Board> {
        naive::after(board, rules.k, (m.0, m.1))
    }
    fn fast_apply(_: &(usize, Vec<u32>), board: &Board, m: &Mark) -> Option<Board> {
        Some(board.play(m.0 * board.cols + m.1))
    }
    fn to_move(_: &Rules, board: &Board) -> Player {
        board.to_move()
    }
    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(naive::Naive::new(rules)),
            Variant::Memo => Box::new(Memo::new(rules)),
        }
    }
    fn read(rules: &Rules, text: &str) -> Result<Vec<Board>, ParseError> {
        board::read(rules, text)
    }
    fn write(_: &Rules, boards: &[Board]) -> String {
        board::write(boards)
    }
    fn output(_: &Rules, _: &Board, outcome: Outcome) -> Outcome {
        outcome
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _: Size) -> Rules {
        Rules {
            rows: e.int_in(1..=4),
            cols: e.int_in(1..=4),
            k: e.int_in(1..=4),
        }
    }
    /// A board of random play from the empty one, with at most 10 empty cells left
    /// (the oracle's cost grows with them), stopped early where the game ends.
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, _: Size) -> Board {
        let gens = Self::generators(rules);
        let mut b = Board::empty(rules.rows, rules.cols);
        let marks = e.int_in(b.cells().saturating_sub(10)..=b.cells());
        for _ in 0..marks {
            let moves = Self::fast_moves(&gens, &b);
            if moves.is_empty() {
                break;
            }
            let m = moves[e.int_in(0..=moves.len() - 1)];
            b = b.play(m.0 * b.cols + m.1);
        }
        b
    }
    /// The board's reflections and turns (eight on a square board, four on another).
    fn symmetries(_: &Rules, b: &Board) -> Vec<Board> {
        b.images()
    }
    fn canonical(rules: &Rules, b: &Board) -> Board {
        gamecheck::game::least_image::<Self>(rules, b)
    }
    /// One step smaller is one move earlier: a mark of the player who moved last taken
    /// back, the board still one that play reaches (a board fills up as play goes on, so
    /// the default, a move later, would make it larger).
    fn smaller(rules: &Rules, b: &Board, _: ShrinkMode) -> Vec<(Rules, Board)> {
        let last = match b.to_move() {
            Player::First => b.o,
            Player::Second => b.x,
        };
        (0..b.cells())
            .filter(|&c| last >> c & 1 == 1)
            .map(|c| Board {
                x: b.x & !(1 << c),
                o: b.o & !(1 << c),
                ..*b
            })
            .filter(|smaller| board::reachable(smaller, rules.k).is_ok())
            .map(|smaller| (*rules, smaller))
            .collect()
    }
    fn describe_case(_: &Rules, b: &Board) -> String {
        let to_move = match b.to_move() {
            Player::First => "X",
            Player::Second => "O",
        };
        format!("{} marks, {to_move} to move", b.marks())
    }
}

/// The first results of the m,n,k-game (Wikipedia, "m,n,k-game"): tic-tac-toe (3,3,3) is
/// a draw, so is 4,4,4; with three in a row the first player wins on 4 × 3, 3 × 4 and
/// 4 × 4.
pub const PUBLISHED: [(usize, usize, usize, Outcome); 5] = [
    (3, 3, 3, Outcome::Draw),
    (4, 3, 3, Outcome::X),
    (3, 4, 3, Outcome::X),
    (4, 4, 3, Outcome::X),
    (4, 4, 4, Outcome::Draw),
];

impl Verify for Mnk {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let every = [
            (3, 3, 3),
            (3, 3, 2),
            (2, 3, 2),
            (3, 2, 3),
            (4, 3, 3),
            (3, 4, 3),
        ]
        .map(|(rows, cols, k)| {
            let r = Rules { rows, cols, k };
            let boards = reachable::<Self>(&r, Board::empty(rows, cols));
            Suite::against_oracle(r, boards, "every board").with_movegen()
        });
        let random = [3, 4].map(|k| {
            let r = Rules {
                rows: 4,
                cols: 4,
                k,
            };
            Suite::random(r, opts.cases.unwrap_or(300), opts.seed)
        });
        // 5 x 5, beyond the oracle: every image of a random board answered alike
        let big = Rules {
            rows: 5,
            cols: 5,
            k: 4,
        };
        let mut rng = gamecheck::rng::from_seed(opts.seed);
        let boards = (0..opts.cases.unwrap_or(300))
            .map(|_| Self::random_case(&big, &mut rng, Size::FULL))
            .collect();
        let beyond = Suite::symmetry_only(big, boards, "random boards beyond the oracle");
        let memo_of = |&(rows, cols, k, want): &(usize, usize, usize, Outcome)| {
            let r = Rules { rows, cols, k };
            match Memo::new(&r).solve(&Board::empty(rows, cols)) {
                Ok(got) if got == want => Ok(()),
                got => Err(format!("{r}: expected {want}, got {got:?}")),
            }
        };
        vec![
            Group::merged("every board up to 4x3", "boards", every.into()).into(),
            Group::each("boards", random.into()).into(),
            Group::each("boards", vec![beyond]).into(),
            NamedCheck::every(
                "3x3 k=3 to 4x4 k=4",
                "published results",
                "boards",
                PUBLISHED.to_vec(),
                memo_of,
            )
            .into(),
        ]
    }
}

/// The whole contest (`solve`, `gen`, `stress`): the flags are the rules.
impl SimpleContest for Mnk {
    fn check_rules(r: &Rules) -> Result<(), RuleError> {
        match (r.rows, r.cols, r.k) {
            (1..=MAX_SIDE, 1..=MAX_SIDE, 1..=MAX_SIDE) => Ok(()),
            _ => Err(RuleError(format!(
                "--rows, --cols and --k are 1..={MAX_SIDE}"
            ))),
        }
    }
}

impl CliGame for Mnk {
    fn rules_text() -> &'static str {
        include_str!("../RULES.md")
    }
    fn abilities(a: &mut dyn Abilities<Self>) {
        a.perft();
    }
}

impl PerftFromMoves for Mnk {}
