//! Three bugs an engine author makes, planted one at a time, and the check of the
//! library that catches each:
//!
//! 1. a boundary mask dropped (east shifted with every cell kept, so a stone on the right
//!    edge wraps into the next column's sentinel or cells): the `boundary masks` row
//!    (`gamecheck::geometry`), shrunk to the smallest board and one cell;
//! 2. a diagonal four not seen (the solver's north-east mask planted empty): the solver
//!    row against the oracle (`tests/harness.rs` also shows the mirror and `stress`
//!    catching it);
//! 3. a wrong successor (the fast drop gives the third column's stone to the other
//!    player once four stones are down): the `movegen` row's successor check, shrunk to
//!    one position and one move, with both successors.

use connect4::bitboard::{self, geometry_check_of, Dir, Geometry};
use connect4::board::Board;
use connect4::search::AlphaBeta;
use connect4::{Column, Connect4, Rules, Variant};
use gamecheck::harness::{self, reachable, ProgressMode, Report, Suite};
use gamecheck::prelude::*;

/// The east boundary mask dropped: every cell of the board kept.
fn east_dropped(width: usize, height: usize, dir: Dir) -> u64 {
    match dir {
        Dir::East => bitboard::board_mask(width, height),
        _ => bitboard::mask(width, height, dir),
    }
}

#[test]
fn a_dropped_mask_is_found_at_the_smallest_board_and_one_cell() {
    assert!(geometry_check_of(bitboard::mask).check(1).is_ok());
    let f = geometry_check_of(east_dropped).check(1).unwrap_err();
    // 1 × 1: the one cell is on the right edge, and its step east leaves the board
    assert_eq!(
        f.to_string(),
        "side 1, direction E, cell (0, 0) = bit 0: in the game's stays-on-the-board mask, \
         but one step E leaves the board\n\
         expected     the game's\n\
         .            #"
    );
}

/// The same bug seen through the shift alone (no mask compared): the stone on the right
/// edge lands past the board.
#[test]
fn a_dropped_mask_shows_in_the_shift() {
    use gamecheck::geometry::{Geometry as Check, Grid};
    let check = Check::new(
        "7 × 6",
        [Grid::column_major(7, 6, 1)],
        [bitboard::direction(Dir::East)],
    )
    .shift(|_, bits, _| {
        let fast = Geometry::new(7, 6).with_mask(Dir::East, east_dropped(7, 6, Dir::East));
        fast.shift(bits, Dir::East)
    });
    let f = check.check(1).unwrap_err();
    assert_eq!(
        f.summary,
        "7 × 6, direction E, cell (0, 6) = bit 47: expected empty, got bit 54 (off the board)"
    );
}

/// A solver that never sees a north-east four, against the oracle on every 4 × 4 board
/// (the solver row of `verify`): wrong on some, and shrunk to a small board.
#[test]
fn an_unseen_diagonal_fails_the_solver_row() {
    let r = Rules {
        width: 4,
        height: 4,
    };
    let boards = reachable::<Connect4>(&r, Board::empty(4, 4));
    let mut oracle = Connect4::solver(&r, Variant::Naive);
    let mut blind = AlphaBeta::with_geometry(Geometry::new(4, 4).with_mask(Dir::NorthEast, 0), 12);
    let wrong: Vec<&Board> = boards
        .iter()
        .filter(|b| oracle.solve(b) != blind.solve(b))
        .collect();
    assert!(!wrong.is_empty());
    // the fewest stones on a wrong board: a north-east four about to be made or just made
    let fewest = wrong.iter().map(|b| b.stones()).min().unwrap();
    assert!(fewest <= 7, "{fewest}");
}

/// Connect Four with the planted successor bug: every method is Connect Four's but the
/// fast successor.
struct WrongDrop;

impl Game for WrongDrop {
    const NAME: &'static str = "connect4";
    const ABOUT: &'static str = Connect4::ABOUT;
    type Rules = Rules;
    type Case = Board;
    type Move = Column;
    type Answer = Remote;
    type Output = Remote;
    type Variant = Variant;
    type Generators = ();
    const DEFAULT_VARIANT: Variant = Variant::AlphaBeta;
    const ORACLE_VARIANT: Variant = Variant::Naive;

    fn flags(rules: &Rules) -> String {
        Connect4::flags(rules)
    }
    fn generators(_: &Rules) {}
    fn oracle_moves(g: &(), b: &Board) -> Vec<Column> {
        Connect4::oracle_moves(g, b)
    }
    fn fast_moves(g: &(), b: &Board) -> Vec<Column> {
        Connect4::fast_moves(g, b)
    }
    fn apply(r: &Rules, b: &Board, mv: &Column) -> Option<Board> {
        Connect4::apply(r, b, mv)
    }
    fn fast_apply(_: &(), b: &Board, mv: &Column) -> Option<Board> {
        let next = bitboard::play(b, mv.0)?;
        if mv.0 != 2 || b.stones() < 4 {
            return Some(next);
        }
        // the new stone given to the other player
        let stone = (next.x | next.o) & !(b.x | b.o);
        Some(match next.x & stone {
            0 => Board {
                x: next.x | stone,
                o: next.o & !stone,
                ..next
            },
            _ => Board {
                x: next.x & !stone,
                o: next.o | stone,
                ..next
            },
        })
    }
    fn solver(r: &Rules, v: Variant) -> BoxSolver<Self> {
        Connect4::solver(r, v)
    }
    fn smaller(r: &Rules, b: &Board, mode: ShrinkMode) -> Vec<(Rules, Board)> {
        Connect4::smaller(r, b, mode)
    }
    fn read(r: &Rules, text: &str) -> Result<Vec<Board>, ParseError> {
        Connect4::read(r, text)
    }
    fn write(r: &Rules, boards: &[Board]) -> String {
        Connect4::write(r, boards)
    }
    fn output(r: &Rules, b: &Board, v: Remote) -> Remote {
        Connect4::output(r, b, v)
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, s: Size) -> Rules {
        Connect4::random_rules(e, s)
    }
    fn random_case<E: Entropy + ?Sized>(r: &Rules, e: &mut E, s: Size) -> Board {
        Connect4::random_case(r, e, s)
    }
}

impl Verify for WrongDrop {
    fn plan(_: &VerifyOptions) -> Vec<Step<Self>> {
        let r = Rules {
            width: 4,
            height: 3,
        };
        let boards = reachable::<Self>(&r, Board::empty(4, 3));
        let suite = Suite::against_oracle(r, boards, "every board").with_movegen();
        vec![Group::each("boards", vec![suite]).into()]
    }
}

#[test]
fn a_wrong_successor_is_shrunk_to_one_position_and_one_move() {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<WrongDrop>(&opts, &mut report);
    let row = report.rows.iter().find(|r| r.solver == "movegen").unwrap();
    assert!(row.mismatches > 0);
    // the solver rows still agree: apply, which the suite walks, is right
    let solver = report
        .rows
        .iter()
        .find(|r| r.solver == "alphabeta")
        .unwrap();
    assert_eq!(solver.mismatches, 0);
    let f = report
        .failures
        .iter()
        .find(|f| f.solver == "movegen")
        .unwrap();
    assert_eq!(f.after_move.as_deref(), Some("3"));
    let at = Connect4::read(
        &Rules {
            width: 4,
            height: 3,
        },
        &f.case,
    )
    .unwrap()[0];
    assert_eq!(
        at.stones(),
        4,
        "shrunk to the fewest stones the bug needs:\n{}",
        f.case
    );
    assert_ne!(f.expected, f.got);
    let mut text = Vec::new();
    report.write_failures(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(
        text,
        "MISMATCH connect4 [4x3 [--width 4 --height 3]] solver `movegen`: the successors of \
         move 3 differ\n\
         apply (the reference) gives:\n1\nX...\nO...\nXOX.\n\
         fast_apply gives:\n1\nX...\nO...\nXOO.\n\
         at the shrunk position (contest format):\n1\nX...\nO...\nXO..\n\n"
    );
}
