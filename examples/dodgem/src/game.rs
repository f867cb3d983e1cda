//! The glue: Dodgem as a game of the harness (`Game`, and `Terminal` for the library's
//! oracle), of `gen` and `stress` (`SimpleContest`), of the command line (`CliGame`) and
//! of `perft`. Positions repeat (cars drive sideways), so its oracle is the library's
//! retrograde analysis, and its answers carry remoteness (`Remote`).

use crate::board::{self, Position, MAX_SIDE};
use crate::naive;
use crate::table::{Geometry, Table};
use gamecheck::harness::Outcome;
use gamecheck::prelude::*;
use std::fmt;

/// Dodgem (the game type: every method is an associated function).
pub struct Dodgem;

/// The board: `--size` × `--size`, 2..=4, with `size − 1` cars a side.
#[derive(Debug, Clone, Copy, PartialEq, clap::Args)]
pub struct Rules {
    /// The board's side, 2..=4.
    #[arg(long, default_value_t = 3)]
    pub size: usize,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.size)
    }
}

/// A direction a car drives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// Up: Red's forward direction, sideways for Blue.
    North,
    /// Right: Blue's forward direction, sideways for Red.
    East,
    /// Down: sideways for Blue.
    South,
    /// Left: sideways for Red.
    West,
}

/// A move: drive the car at this row and column (0-based from the top left; shown
/// 1-based) one cell in `dir`, or off the board from the far edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Drive {
    /// The car's row.
    pub row: u8,
    /// The car's column.
    pub col: u8,
    /// Where it drives.
    pub dir: Dir,
}

impl fmt::Display for Drive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = format!("{:?}", self.dir).to_lowercase();
        write!(f, "({}, {}) {dir}", self.row + 1, self.col + 1)
    }
}

gamecheck::variants! {
    /// The solvers: the library's retrograde analysis and the table.
    pub enum Variant {
        /// The oracle: retrograde analysis (gamecheck's) over the moves of the text rows,
        /// from the position asked about.
        Retrograde = "retrograde",
        /// Every position of the board by value iteration over bit sets.
        Table = "table",
    }
}

impl Game for Dodgem {
    const NAME: &'static str = "dodgem";
    const ABOUT: &'static str = "Dodgem on an n x n board (example game with cycles)";
    type Rules = Rules;
    type Case = Position;
    type Move = Drive;
    type Answer = Remote;
    type Output = Remote;
    type Variant = Variant;
    type Generators = Geometry;
    const DEFAULT_VARIANT: Variant = Variant::Table;
    const ORACLE_VARIANT: Variant = Variant::Retrograde;

    fn start(rules: &Rules) -> Option<Position> {
        Some(Position::start(rules.size))
    }
    fn flags(rules: &Rules) -> String {
        format!("--size {}", rules.size)
    }
    fn generators(rules: &Rules) -> Geometry {
        Geometry::new(rules.size)
    }
    fn oracle_moves(_: &Geometry, p: &Position) -> Vec<Drive> {
        naive::moves(p)
    }
    fn fast_moves(geometry: &Geometry, p: &Position) -> Vec<Drive> {
        geometry.moves(p).into_iter().map(|(d, _)| d).collect()
    }
    fn apply(_: &Rules, p: &Position, mv: &Drive) -> Option<Position> {
        naive::after(p, mv)
    }
    fn fast_apply(geometry: &Geometry, p: &Position, mv: &Drive) -> Option<Position> {
        let moves = geometry.moves(p).into_iter();
        moves.filter(|(d, _)| d == mv).map(|(_, next)| next).next()
    }
    fn to_move(_: &Rules, p: &Position) -> Player {
        p.to_move
    }
    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Retrograde => Box::new(Retrograde::<Self>::new(rules)),
            Variant::Table => Box::new(Table::new(rules.size)),
        }
    }
    fn read(rules: &Rules, text: &str) -> Result<Vec<Position>, ParseError> {
        board::read(rules.size, text)
    }
    fn write(_: &Rules, positions: &[Position]) -> String {
        board::write(positions)
    }
    fn output(_: &Rules, _: &Position, value: Remote) -> Remote {
        value
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _: Size) -> Rules {
        Rules {
            size: e.int_in(2..=3),
        }
    }
    /// Up to `size − 1` cars of each colour on distinct random cells, either player to
    /// move.
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, _: Size) -> Position {
        let n = rules.size;
        let (blues, reds) = (e.int_in(0..=n - 1), e.int_in(0..=n - 1));
        let cells = e.sample_indices(n * n, blues + reds);
        let set = |cells: &[usize]| cells.iter().map(|&c| 1u16 << c).sum();
        Position {
            size: n,
            blue: set(&cells[..blues]),
            red: set(&cells[blues..]),
            to_move: if e.chance(0.5) {
                Player::First
            } else {
                Player::Second
            },
        }
    }
    /// The positions with one car fewer (each car in turn taken off the board), the same
    /// player to move: nearer the end of the game, whereas one move later may come back.
    fn smaller(rules: &Rules, p: &Position, _: ShrinkMode) -> Vec<(Rules, Position)> {
        let cells = (0..p.size * p.size).map(|c| 1u16 << c);
        let fewer = cells.flat_map(|bit| {
            let blue = (p.blue & bit != 0).then_some(Position {
                blue: p.blue & !bit,
                ..*p
            });
            let red = (p.red & bit != 0).then_some(Position {
                red: p.red & !bit,
                ..*p
            });
            blue.into_iter().chain(red)
        });
        fewer.map(|q| (*rules, q)).collect()
    }
    /// The game's one symmetry: the board reflected in its anti-diagonal with the
    /// colours and the player to move swapped ([`Position::swapped`]).
    fn symmetries(_: &Rules, p: &Position) -> Vec<Position> {
        vec![p.swapped()]
    }
    /// The least of the position and its image, Blue to move first, then by Blue's
    /// cells and Red's as numbers.
    fn canonical(_: &Rules, p: &Position) -> Position {
        let key = |q: &Position| (q.to_move == Player::Second, q.blue, q.red);
        *[*p, p.swapped()].iter().min_by_key(|q| key(q)).unwrap()
    }
    fn describe_case(_: &Rules, p: &Position) -> String {
        let who = match p.to_move {
            Player::First => "Blue",
            Player::Second => "Red",
        };
        format!("{} cars, {who} to move", p.cars())
    }
}

/// How play ends: a player with no move on their turn wins.
impl Terminal for Dodgem {
    fn stuck(_: &Rules, _: &Position) -> Value {
        Value::Win
    }
}

/// The published results (Blue, the first player, to move from the start): the 3 × 3
/// game is a first-player win (Berlekamp, Conway and Guy, *Winning Ways for your
/// Mathematical Plays*, which tabulates every position); the 4 × 4 game is a draw, play
/// never ending with perfect play (David des Jardins, 1996; both as Wikipedia, "Dodgem",
/// reports them).
pub const PUBLISHED: [(usize, Value); 2] = [(3, Value::Win), (4, Value::Draw)];

/// Every placement of at most `size − 1` cars a side, with either player to move.
pub fn every_position(size: usize) -> Vec<Position> {
    let sets: Vec<u16> = (0..1u32 << (size * size))
        .filter(|s| (s.count_ones() as usize) < size)
        .map(|s| s as u16)
        .collect();
    let mut out = Vec::new();
    for &blue in &sets {
        for &red in sets.iter().filter(|&&r| r & blue == 0) {
            for to_move in [Player::First, Player::Second] {
                out.push(Position {
                    size,
                    blue,
                    red,
                    to_move,
                });
            }
        }
    }
    out
}

impl Verify for Dodgem {
    fn plan(opts: &VerifyOptions) -> Vec<Step<Self>> {
        let every = [2, 3, 4].map(|size| {
            let r = Rules { size };
            Suite::against_oracle(r, every_position(size), "every position").with_movegen()
        });
        let random = Suite::random(Rules { size: 4 }, opts.cases.unwrap_or(2000), opts.seed);
        // the published value from each start, by both solvers (the oracle's remoteness
        // the table's too), shown with its remoteness
        let published = || {
            let mut seen = Vec::new();
            for (size, want) in PUBLISHED {
                let (rules, start) = (Rules { size }, Position::start(size));
                let oracle = Retrograde::<Self>::new(&rules).solve(&start);
                let table = Table::new(size).value(&start);
                if oracle != Ok(table) || table.value != want {
                    let oracle = oracle.map_or_else(|e| e.to_string(), |v| v.to_string());
                    return Err(format!(
                        "{rules}: published {want}; the table says {table}, the oracle {oracle}"
                    ));
                }
                seen.push(format!("{rules} {table}"));
            }
            Ok(seen)
        };
        let published = NamedCheck {
            rules: "3x3 and 4x4, Blue to move from the start".into(),
            name: "published results".into(),
            run: Box::new(move || match published() {
                Ok(seen) => Outcome {
                    checked: seen.len() as u64,
                    failed: 0,
                    detail: seen.join(", "),
                },
                Err(e) => Outcome {
                    checked: PUBLISHED.len() as u64,
                    failed: 1,
                    detail: e,
                },
            }),
        };
        vec![
            Group::merged("every position, sides 2-4", "positions", every.into()).into(),
            Group::each("positions", vec![random.with_movegen()]).into(),
            published.into(),
        ]
    }
}

/// The whole contest (`solve`, `gen`, `stress`): the flag is the rules.
impl SimpleContest for Dodgem {
    fn check_rules(r: &Rules) -> Result<(), RuleError> {
        match r.size {
            2..=MAX_SIDE => Ok(()),
            _ => Err(RuleError(format!("--size is 2..={MAX_SIDE}"))),
        }
    }
}

impl CliGame for Dodgem {
    fn rules_text() -> &'static str {
        include_str!("../RULES.md")
    }
    fn abilities(a: &mut dyn Abilities<Self>) {
        a.perft();
    }
}

impl PerftFromMoves for Dodgem {}
