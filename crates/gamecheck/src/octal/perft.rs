//! Octal games' tree for [`Perft`]: the state is the list of heaps (empty when every
//! token is gone), the default start a single heap of `--heap N`, a move `(heap, tokens
//! removed, what is left)` written `i:k`, `i:k=a` or `i:k=a+b` ([`Move`]).

use super::code::Code;
use super::game::OctalGame;
use super::grundy::{option_count, options};
use super::naive::{moves_of_row, text, Move};
use super::{Position, Rules, MAX_HEAP};
use crate::error::RuleError;
use crate::perft::Perft;
use std::collections::BTreeSet;

/// The start flag of octal perft.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct StartArgs {
    /// The single heap to start from, 1..=10^18 tokens (or give `--from FILE`).
    #[arg(long, value_name = "N", conflicts_with = "from")]
    pub heap: Option<u64>,
}

/// The heaps with heap `i` (0-based) replaced by what `m` leaves of it.
fn after(heaps: &[u64], i: usize, m: &Move) -> Vec<u64> {
    let mut next = Vec::with_capacity(heaps.len() + 1);
    next.extend_from_slice(&heaps[..i]);
    next.extend_from_slice(&m.leave);
    next.extend_from_slice(&heaps[i + 1..]);
    next
}

impl Perft for OctalGame {
    /// The heaps, in order (empty when the game is over).
    type State = Vec<u64>;
    /// The heaps as a multiset (sorted): the order of the heaps does not change a count.
    type Key = Vec<u64>;
    type StartArgs = StartArgs;
    type Walker = Code;

    fn walker(rules: &Rules) -> Code {
        rules.code
    }

    fn default_start(_rules: &Rules, args: &StartArgs) -> Result<Vec<u64>, RuleError> {
        match args.heap {
            Some(h) if (1..=MAX_HEAP).contains(&h) => Ok(vec![h]),
            Some(h) => Err(RuleError(format!(
                "--heap {h} is outside 1..=10^18 (the tokens of the start heap)"
            ))),
            None => Err(RuleError(
                "octal perft starts from `--heap N` (one heap of N tokens) or `--from FILE`".into(),
            )),
        }
    }

    fn state_of(_rules: &Rules, case: &Position) -> Result<Vec<u64>, RuleError> {
        Ok(case.heaps().to_vec())
    }

    fn key(state: &Vec<u64>) -> Vec<u64> {
        let mut k = state.clone();
        k.sort_unstable();
        k
    }

    /// Each heap of `h` tokens has, for each `k ≤ t`, at most one move leaving no heap
    /// or one heap, and (a code with a 4 bit) at most `(h − k)/2` leaving two; a move
    /// adds at most one heap and never adds tokens. So every state within `depth − 1`
    /// moves has at most `t·H + t·T/2` moves (`T` the tokens, `H` the heaps then, at
    /// most `min(T, heaps + depth)`), the second term only for a splitting code.
    fn widest(code: &Code, state: &Vec<u64>, depth: u32) -> Option<u128> {
        let t = code.t() as u128;
        let tokens: u128 = state.iter().map(|&h| u128::from(h)).sum();
        let heaps = (state.len() as u128 + u128::from(depth)).min(tokens);
        let splits = if code.splits() { t * (tokens / 2) } else { 0 };
        Some(t * heaps + splits)
    }

    fn fast_children(code: &Code, state: &Vec<u64>) -> Vec<(Move, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in state.iter().enumerate() {
            options(code, h, |o| {
                let m = Move {
                    heap: i + 1,
                    take: o.take,
                    leave: o.leave[..usize::from(o.count)].to_vec(),
                };
                let child = after(state, i, &m);
                out.push((m, child));
            });
        }
        out
    }

    /// The sum of each heap's [`option_count`], without listing a move: a heap of 10^18
    /// tokens counts at once.
    fn fast_count(code: &Code, state: &Vec<u64>) -> u128 {
        state.iter().map(|&h| option_count(code, h)).sum()
    }

    /// The oracle's moves found by walking the text of the heaps (`III.IIIII`), any size;
    /// a move is counted once however many places of the text give it (as a move of the
    /// game it is `(heap, tokens removed, what is left)`).
    fn oracle_children(code: &Code, state: &Vec<u64>) -> Vec<(Move, Vec<u64>)> {
        let moves: BTreeSet<Move> = moves_of_row(code, text(state).as_bytes())
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        moves
            .into_iter()
            .map(|m| {
                let child = after(state, m.heap - 1, &m);
                (m, child)
            })
            .collect()
    }
}
