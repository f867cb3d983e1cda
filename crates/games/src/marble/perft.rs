//! Marble's game tree for [`Perft`]: the state is the marbles in the *square frame*
//! (bit `r·n + c`, the frame of the fast generator and of the tables; the side is the
//! walker's), the default start the empty board, a move the reading-order cells it
//! fills ([`Move`], `3+7+11`). The full board is the only terminal position.

use super::game::{MarbleGame, Move};
use super::geometry::{Layout, BOUNDARY_MASKS};
use super::movegen::MoveGen;
use super::props::MovegenPair;
use super::rules::Rules;
use super::{format, Position};
use gamecheck::error::RuleError;
use gamecheck::perft::Perft;
use std::ops::ControlFlow;

/// Marble has no start flags: the start is the empty board of the rules' side.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct StartArgs {}

/// Both generators of one rule set, and the frame conversion.
#[derive(Debug, Clone)]
pub struct Walker {
    side: usize,
    layout: Layout,
    gen: MoveGen,
    pair: MovegenPair,
}

impl Walker {
    /// The walker of `rules` whose fast generator takes `masks` as its boundary masks
    /// ([`MoveGen::with_boundary_masks`]: `masks[line.index()]`, square frame), the
    /// oracle's generator unchanged: the seam through which the tests plant a mask bug
    /// for `perft::compare` to find. `MarbleGame::walker` is this with the derived
    /// masks.
    pub fn with_boundary_masks(rules: &Rules, masks: &[u64; 4]) -> Walker {
        Walker {
            side: rules.side(),
            layout: Layout::new(rules.side()),
            gen: MoveGen::with_boundary_masks(rules, masks),
            pair: MovegenPair::new(rules),
        }
    }
}

impl Perft for MarbleGame {
    /// The marbles, square-frame bits.
    type State = u64;
    type Key = u64;
    type StartArgs = StartArgs;
    type Walker = Walker;

    fn walker(rules: &Rules) -> Walker {
        Walker::with_boundary_masks(rules, &BOUNDARY_MASKS[rules.side()])
    }

    fn default_start(_rules: &Rules, _args: &StartArgs) -> Result<u64, RuleError> {
        Ok(0)
    }

    fn state_of(rules: &Rules, case: &Position) -> Result<u64, RuleError> {
        if case.side() != rules.side() {
            return Err(RuleError(format!(
                "the position has side {}, the rules side {}",
                case.side(),
                rules.side()
            )));
        }
        Ok(Layout::new(rules.side()).to_square(case.marbles()))
    }

    fn key(state: &u64) -> u64 {
        *state
    }

    fn fast_children(w: &Walker, state: &u64) -> Vec<(Move, u64)> {
        w.gen
            .moves(*state)
            .into_iter()
            .map(|m| (Move(w.layout.to_reading(m)), state | m))
            .collect()
    }

    fn fast_count(w: &Walker, state: &u64) -> u128 {
        let mut n = 0u128;
        let _ = w.gen.for_each(*state, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// The oracle's moves at the position in reading order (its text rows), mapped back.
    fn oracle_children(w: &Walker, state: &u64) -> Vec<(Move, u64)> {
        let position = Position::new(w.side, w.layout.to_reading(*state));
        w.pair
            .oracle_moves(&position)
            .into_iter()
            .map(|m| (Move(m), w.layout.to_square(position.marbles() | m)))
            .collect()
    }

    /// The one-case contest input (the diamond's rows, reading order), which `perft
    /// --from FILE` reads back; a state with a bit off the board (a wrong successor)
    /// as its square-frame bits in hex.
    fn show(w: &Walker, state: &u64) -> String {
        let cells = w.side * w.side;
        if cells < 64 && state >> cells != 0 {
            return format!("{state:#x} (square frame): bits off the {}-diamond", w.side);
        }
        format::write(&[Position::new(w.side, w.layout.to_reading(*state))])
    }
}
