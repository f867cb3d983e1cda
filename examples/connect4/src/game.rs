//! The glue: Connect Four as a game of the harness (`Game`), of `gen` and `stress`
//! (`SimpleContest`), of the command line (`CliGame`) and of `perft` and `count`
//! (`PerftFromMoves`). Its answers are values for the player to move with remoteness
//! (`Remote`: `win in 41`), which say on which move the game ends under perfect play.
//!
//! `Game::apply` is the *reference* successor: the oracle's own move on its text rows
//! ([`naive::after`]). The fast successor, [`bitboard::play`], is kept apart, so that
//! each can be checked against the other.

use crate::board::{self, Board, MAX_HEIGHT, MAX_WIDTH};
use crate::{bitboard, naive, search::AlphaBeta};
use gamecheck::prelude::*;
use std::fmt;

/// Connect Four (the game type: every method is an associated function).
pub struct Connect4;

/// The board: `--width` columns (1..=8) × `--height` rows (1..=7); four in a row wins.
#[derive(Debug, Clone, Copy, PartialEq, clap::Args)]
pub struct Rules {
    /// Columns of the board, 1..=8.
    #[arg(long, default_value_t = 7)]
    pub width: usize,
    /// Rows of the board, 1..=7.
    #[arg(long, default_value_t = 6)]
    pub height: usize,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

gamecheck::variants! {
    /// The solvers: the oracle and the alpha-beta search.
    pub enum Variant {
        /// The oracle: text rows, every open column tried, memoized by the text (at most
        /// 20 empty cells).
        Naive = "naive",
        /// Bitboards, alpha-beta (negamax) with a transposition table, centre first.
        AlphaBeta = "alphabeta",
    }
}

/// A move: drop a stone into this column (0-based; shown 1-based, left to right, as
/// `4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(pub usize);

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A board of random play from the empty one, stopped where the game ends, with between
/// `empty.start()` and `empty.end()` empty cells (fewer when the game ends first). Half
/// the boards are played by players who keep the peace (no move that lets the opponent
/// make four at once, while there is another, and none that makes four, while there is
/// another), three in ten by players who make four whenever they can and otherwise do
/// not hand the opponent one, the rest by players who drop anywhere: long games with
/// threats on the board, as well as games that end early.
pub fn random_board<E: Entropy + ?Sized>(
    rules: &Rules,
    e: &mut E,
    empty: std::ops::RangeInclusive<usize>,
) -> Board {
    let (w, h) = (rules.width, rules.height);
    let won = |b: &Board| bitboard::has_four(w, h, b.x) || bitboard::has_four(w, h, b.o);
    let after = |b: &Board| -> Vec<Board> {
        let moves = bitboard::columns(b).into_iter();
        moves
            .map(|c| bitboard::play(b, c).expect("an open column"))
            .collect()
    };
    let mut b = Board::empty(w, h);
    let cells = b.cells();
    let (least, most) = (*empty.start(), *empty.end());
    let stones = e.int_in(cells.saturating_sub(most)..=cells.saturating_sub(least));
    let style = e.int_in(0..=9);
    for _ in 0..stones {
        let next = after(&b);
        if next.is_empty() {
            break;
        }
        // the boards after which the opponent cannot make four at once, and those
        // without four
        let safe: Vec<&Board> = next.iter().filter(|n| !after(n).iter().any(won)).collect();
        let calm: Vec<&Board> = next.iter().filter(|n| !won(n)).collect();
        let peaceful: Vec<&Board> = safe.iter().copied().filter(|n| !won(n)).collect();
        b = match style {
            0..=4 if !peaceful.is_empty() => *peaceful[e.index(peaceful.len())],
            0..=4 if !calm.is_empty() => *calm[e.index(calm.len())],
            5..=7 if next.iter().any(won) => *next.iter().find(|n| won(n)).unwrap(),
            5..=7 if !safe.is_empty() => *safe[e.index(safe.len())],
            _ => next[e.index(next.len())],
        };
    }
    b
}

impl Game for Connect4 {
    const NAME: &'static str = "connect4";
    const ABOUT: &'static str = "Connect Four on a w x h board (example game)";
    type Rules = Rules;
    type Case = Board;
    type Move = Column;
    type Answer = Remote;
    type Output = Remote;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::AlphaBeta;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn start(rules: &Rules) -> Option<Board> {
        Some(Board::empty(rules.width, rules.height))
    }
    fn flags(rules: &Rules) -> String {
        format!("--width {} --height {}", rules.width, rules.height)
    }
    fn generators(_: &Rules) {}
    fn oracle_moves(_: &(), board: &Board) -> Vec<Column> {
        naive::moves(&naive::rows(board))
            .into_iter()
            .map(Column)
            .collect()
    }
    fn fast_moves(_: &(), board: &Board) -> Vec<Column> {
        bitboard::columns(board).into_iter().map(Column).collect()
    }
    /// The reference successor: the oracle's drop on its text rows.
    fn apply(_: &Rules, board: &Board, mv: &Column) -> Option<Board> {
        naive::after(board, mv.0)
    }
    /// The fast successor: a stone dropped by adding the column's bottom bit.
    fn fast_apply(_: &(), board: &Board, mv: &Column) -> Option<Board> {
        bitboard::play(board, mv.0)
    }
    fn to_move(_: &Rules, board: &Board) -> Player {
        board.to_move()
    }
    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Naive => Box::new(naive::Naive::default()),
            Variant::AlphaBeta => Box::new(AlphaBeta::new(rules.width, rules.height)),
        }
    }
    fn read(rules: &Rules, text: &str) -> Result<Vec<Board>, ParseError> {
        board::read(rules.width, rules.height, text)
    }
    fn write(_: &Rules, boards: &[Board]) -> String {
        board::write(boards)
    }
    fn output(_: &Rules, _: &Board, value: Remote) -> Remote {
        value
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _: Size) -> Rules {
        Rules {
            width: e.int_in(1..=7),
            height: e.int_in(1..=6),
        }
    }
    /// A board of random play ([`random_board`]) with at most 10 empty cells (the
    /// oracle's cost grows with them).
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, _: Size) -> Board {
        random_board(rules, e, 0..=10)
    }
    /// The board reflected left to right.
    fn symmetries(_: &Rules, b: &Board) -> Vec<Board> {
        vec![b.mirrored()]
    }
    fn canonical(rules: &Rules, b: &Board) -> Board {
        gamecheck::game::least_image::<Self>(rules, b)
    }
    /// One step smaller is one move earlier: a top stone of the player who moved last
    /// taken back, the board still one that play reaches (a board fills up as play goes
    /// on, so the default, a move later, would make it larger). Not past
    /// [`CONTEST_EMPTY`] empty cells: an earlier board is a longer search (seconds from
    /// 30 empty cells on), and shrinking answers every candidate.
    fn smaller(rules: &Rules, b: &Board, _: ShrinkMode) -> Vec<(Rules, Board)> {
        if (b.cells() - b.stones()) as u64 >= CONTEST_EMPTY {
            return vec![];
        }
        let last = match b.to_move() {
            Player::First => 'O',
            Player::Second => 'X',
        };
        (0..b.width)
            .filter_map(|c| {
                let h = b.column_height(c);
                (h > 0 && b.symbol(h - 1, c) == last).then(|| b.with(h - 1, c, '.'))
            })
            .filter(|smaller| board::reachable(smaller).is_ok())
            .map(|smaller| (*rules, smaller))
            .collect()
    }
    fn describe_case(_: &Rules, b: &Board) -> String {
        let to_move = match b.to_move() {
            Player::First => "X",
            Player::Second => "O",
        };
        format!("{} stones, {to_move} to move", b.stones())
    }
}

/// John Tromp's values of the small boards (width, height) from the empty board, for
/// the first player, with the move on which the game ends under perfect play, as
/// republished by Christophe Steininger (README of github.com/ChristopheSteininger/c4,
/// tables "Outcome" and "Last Move"): a draw ends with the board full; 6 × 4 and 6 × 6
/// are second-player wins on moves 24 and 36; 7 × 6 a first-player win on move 41.
pub const PUBLISHED: [(usize, usize, Remote); 12] = [
    (4, 4, tie(16)),
    (5, 4, tie(20)),
    (6, 4, loss(24)),
    (7, 4, tie(28)),
    (4, 5, tie(20)),
    (5, 5, tie(25)),
    (6, 5, tie(30)),
    (7, 5, tie(35)),
    (4, 6, tie(24)),
    (5, 6, tie(30)),
    (6, 6, loss(36)),
    (7, 6, win(41)),
];

const fn tie(moves: u32) -> Remote {
    Remote {
        value: Value::Draw,
        remoteness: Some(moves),
    }
}
const fn loss(moves: u32) -> Remote {
    Remote {
        value: Value::Loss,
        remoteness: Some(moves),
    }
}
const fn win(moves: u32) -> Remote {
    Remote {
        value: Value::Win,
        remoteness: Some(moves),
    }
}

/// The boards of [`PUBLISHED`] that the alpha-beta solver settles in a tenth of a second
/// or less each (the others are `#[ignore]`d tests, with their times): what `verify`
/// checks.
pub const QUICK: [(usize, usize); 6] = [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5), (4, 6)];

impl Verify for Connect4 {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let sizes = (1..=4).flat_map(|w| (1..=4).map(move |h| (w, h)));
        let every = sizes.map(|(width, height)| {
            let r = Rules { width, height };
            let boards = reachable::<Self>(&r, Board::empty(width, height));
            Suite::against_oracle(r, boards, "every board").with_movegen()
        });
        let random = [(5, 4), (7, 6)].map(|(width, height)| {
            Suite::random(
                Rules { width, height },
                opts.cases.unwrap_or(300),
                opts.seed,
            )
            .with_movegen()
        });
        // 7 x 6 with 12 to 20 empty cells, more than the oracle's random suites take
        // (it would take seconds each): each board and its mirror image answered alike
        let big = Rules {
            width: 7,
            height: 6,
        };
        let mut rng = gamecheck::rng::from_seed(opts.seed);
        let boards = (0..opts.cases.unwrap_or(300))
            .map(|_| random_board(&big, &mut rng, 12..=20))
            .collect();
        let beyond = Suite::symmetry_only(big, boards, "12-20 empty cells");
        let published = PUBLISHED
            .into_iter()
            .filter(|&(w, h, _)| QUICK.contains(&(w, h)))
            .collect();
        let solve = |&(width, height, want): &(usize, usize, Remote)| {
            let got = AlphaBeta::new(width, height).solve(&Board::empty(width, height));
            match got {
                Ok(got) if got == want => Ok(()),
                got => Err(format!("{width}x{height}: expected {want}, got {got:?}")),
            }
        };
        vec![
            bitboard::geometry_check()
                .named_check("boundary masks", opts.seed)
                .into(),
            Group::merged("every board up to 4x4", "boards", every.collect()).into(),
            Group::each("boards", random.into()).into(),
            Group::each("boards", vec![beyond]).into(),
            NamedCheck::every(
                "4x4 to 6x4, 4x5, 5x5, 4x6",
                "published results",
                "boards",
                published,
                solve,
            )
            .into(),
        ]
    }
}

/// The most empty cells of a contest case: middlegames of the 7 × 6 board, past the
/// oracle's 20, that the alpha-beta solver settles in 0.03 s on average and 0.2 s at
/// worst (boards of random play at 28 empty cells, `AlphaBeta::new(7, 6)`).
pub const CONTEST_EMPTY: u64 = 28;

/// The whole contest (`solve`, `gen`, `stress`): the flags are the rules.
impl SimpleContest for Connect4 {
    fn check_rules(r: &Rules) -> Result<(), RuleError> {
        match (r.width, r.height) {
            (1..=MAX_WIDTH, 1..=MAX_HEIGHT) => Ok(()),
            _ => Err(RuleError(format!(
                "--width is 1..={MAX_WIDTH} and --height 1..={MAX_HEIGHT}"
            ))),
        }
    }
    /// Contest cases from endgames to middlegames: a board of random play
    /// ([`random_board`]) whose empty cells are drawn log-uniformly up to
    /// [`CONTEST_EMPTY`] (scaled by `size`), so each doubling is as likely. Random play
    /// often wins before the board fills, so at full size (`connect4 gen --cases 1000
    /// --seed 5`) 30 % of the boards have at most 3 empty cells, 19 % more than the
    /// oracle's 20, and 3.7 % are games still open with more than 20: those the
    /// alpha-beta solver alone answers (`gen` says how many).
    fn generate<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, size: Size) -> Board {
        let cells = (rules.width * rules.height) as u64;
        let empty = e.int_log_uniform(0..=size.of(cells.min(CONTEST_EMPTY))) as usize;
        random_board(rules, e, empty..=empty)
    }
}

impl CliGame for Connect4 {
    fn rules_text() -> &'static str {
        include_str!("../RULES.md")
    }
    fn abilities(a: &mut dyn Abilities<Self>) {
        a.perft();
    }
}

/// `count` holds each position as its two bitboards (16 bytes) and sums its layers
/// without a set of every position: the stones on the board are the moves played.
impl PerftFromMoves for Connect4 {
    fn pack(_: &Rules, board: &Board) -> Option<gamecheck::perft::Packed> {
        Some([board.x, board.o])
    }
    fn unpack(rules: &Rules, [x, o]: gamecheck::perft::Packed) -> Option<Board> {
        Some(Board {
            x,
            o,
            ..Board::empty(rules.width, rules.height)
        })
    }
    fn ply_of(_: &Rules, board: &Board) -> Option<u64> {
        Some(board.stones() as u64)
    }
}
