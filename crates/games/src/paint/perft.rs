//! Paint's game tree for [`Perft`]: the state is N and the set of unpainted cells in the
//! bitmask layout (column `c` at bits `2(c−1)` and `2(c−1) + 1`, so N ≤ 32, the fast
//! generator's limit); the default start an empty strip of `--n N` columns; a move
//! `C r c` or `B c` ([`Move`]). A fully painted strip is the only terminal position.

use super::bitmask::{self, MAX_COLUMNS};
use super::game::{Move, PaintGame, Rules};
use super::naive::Naive;
use super::{format, Cell, Position};
use gamecheck::error::RuleError;
use gamecheck::perft::Perft;

/// The start flags of paint's `perft`.
#[derive(Debug, Clone, clap::Args)]
pub struct StartArgs {
    /// Columns N of the empty strip to start from, 1..=32 (the bitmask generator's limit).
    #[arg(long, default_value_t = 4, value_name = "N", conflicts_with = "from")]
    pub n: u64,
}

/// A paint game-tree state: N and the unpainted cells (bitmask layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// Columns, 1..=32.
    pub n: u64,
    /// The unpainted cells: bit `2(c−1) + (r−1)` for row r, column c.
    pub free: u64,
}

impl State {
    /// The position as the contest sees it (painted cells listed).
    pub fn position(&self) -> Position {
        let painted = (0..2 * self.n)
            .filter(|i| self.free >> i & 1 == 0)
            .map(|i| Cell::new((i % 2) as u8 + 1, i / 2 + 1))
            .collect();
        Position::new(self.n, painted).expect("cells inside the strip")
    }
}

fn too_wide(n: u64) -> RuleError {
    RuleError(format!(
        "N = {n} columns is above {MAX_COLUMNS}, the most the bitmask move generator takes"
    ))
}

impl Perft for PaintGame {
    type State = State;
    /// The unpainted cells (N is fixed along a walk).
    type Key = u64;
    type StartArgs = StartArgs;
    /// Both generators are free functions.
    type Walker = ();

    fn walker(_rules: &Rules) {}

    fn default_start(_rules: &Rules, args: &StartArgs) -> Result<State, RuleError> {
        match args.n {
            0 => Err(RuleError(
                "--n: N = 0; a strip has at least one column".into(),
            )),
            n if n > MAX_COLUMNS => Err(RuleError(format!("--n: {}", too_wide(n).0))),
            n => Ok(State {
                n,
                free: bitmask::unpainted_mask(&Position::empty(n).expect("n ≥ 1")),
            }),
        }
    }

    fn state_of(_rules: &Rules, case: &Position) -> Result<State, RuleError> {
        if case.n() > MAX_COLUMNS {
            return Err(too_wide(case.n()));
        }
        Ok(State {
            n: case.n(),
            free: bitmask::unpainted_mask(case),
        })
    }

    fn key(state: &State) -> u64 {
        state.free
    }

    fn fast_children(_walker: &(), state: &State) -> Vec<(Move, State)> {
        bitmask::moves(state.free)
            .into_iter()
            .map(|m| {
                let mut cells: Vec<Cell> = (0..64)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| Cell::new((i % 2) as u8 + 1, i / 2 + 1))
                    .collect();
                cells.sort();
                let next = State {
                    n: state.n,
                    free: state.free & !m,
                };
                (Move(cells), next)
            })
            .collect()
    }

    fn oracle_children(_walker: &(), state: &State) -> Vec<(Move, State)> {
        let position = state.position();
        Naive::moves(&position)
            .into_iter()
            .map(|cells| {
                let after = cells.iter().fold(position.clone(), |p, &c| {
                    p.with_painted(c).expect("an unpainted cell")
                });
                let next = State {
                    n: state.n,
                    free: bitmask::unpainted_mask(&after),
                };
                (Move(cells), next)
            })
            .collect()
    }

    /// The one-case contest input (N, then the painted cells), which `perft --from FILE`
    /// reads back; a state with an unpainted bit off the strip (a wrong successor) as
    /// its `Debug` form.
    fn show(_walker: &(), state: &State) -> String {
        let fits = (1..=MAX_COLUMNS).contains(&state.n)
            && (state.n == MAX_COLUMNS || state.free >> (2 * state.n) == 0);
        if !fits {
            return format!("{state:?}: unpainted cells off the strip");
        }
        format::write(&[state.position()])
    }
}

/// The most columns `count paint` takes (4^10 strips).
pub const COUNT_MAX_N: u64 = 10;

/// For N = 1..=`max_n`: how many of the 4^N strips (every set of painted cells) are
/// P-positions (the player to move loses), by the bitmask solver.
pub fn p_positions(max_n: u64) -> Vec<(u64, u64, u64)> {
    let mut solver = bitmask::Bitmask::new();
    (1..=max_n)
        .map(|n| {
            let all = 1u64 << (2 * n);
            let p = (0..all).filter(|&free| !solver.wins(free)).count() as u64;
            (n, all, p)
        })
        .collect()
}

/// `count paint`'s text: a header, then `N strips P N-positions` a line.
pub fn write_p_positions(rows: &[(u64, u64, u64)]) -> String {
    let mut s = String::from("N strips P N\n");
    for &(n, all, p) in rows {
        s.push_str(&format!("{n} {all} {p} {}\n", all - p));
    }
    s
}

/// `count paint`'s flags.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    /// Largest N, 1..=10.
    #[arg(long, value_name = "N")]
    pub max_n: u64,
}

impl gamecheck::command::Count for PaintGame {
    type CountArgs = CountArgs;
    const COUNT_ABOUT: &'static str =
        "For N = 1..=max-n: how many of the 4^N strips are P-positions";

    fn count(args: &CountArgs) -> Result<String, gamecheck::error::Failure> {
        if !(1..=COUNT_MAX_N).contains(&args.max_n) {
            return Err(gamecheck::error::Failure::Usage(format!(
                "--max-n: {} is outside 1..={COUNT_MAX_N} (4^N strips are enumerated)",
                args.max_n
            )));
        }
        Ok(write_p_positions(&p_positions(args.max_n)))
    }
}
