//! Octal games' tree for [`Perft`]: the state is the list of heaps (empty when every
//! token is gone), the default start a single heap of `--heap N`, a move `(heap, tokens
//! removed, what is left)` written `i:k`, `i:k=a` or `i:k=a+b` ([`Move`]).

use super::code::Code;
use super::game::OctalGame;
use super::grundy::{option_count, options};
use super::naive::{moves_of_row, text, Move};
use super::{format, Position, Rules, MAX_HEAP};
use gamecheck::error::RuleError;
use gamecheck::perft::Perft;
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
                "an octal game tree starts from `--heap N` (one heap of N tokens) or `--from FILE`"
                    .into(),
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

    /// The one-case contest input (`h a_1 … a_h`), which `perft --from FILE` reads back;
    /// `no heap left` when every token is gone, and a list that is not a position (a
    /// wrong successor: a heap of 0) as its `Debug` form.
    fn show(_code: &Code, state: &Vec<u64>) -> String {
        match Position::new(state.clone()) {
            Ok(p) => format::write(&[p]),
            Err(_) if state.is_empty() => "no heap left".into(),
            Err(e) => format!("heaps {state:?}: {e}"),
        }
    }
}

/// The memo bound of the generic counter ([`gamecheck::perft`]), on octal games.
#[cfg(test)]
mod memo_bound_tests {
    use crate::octal::{game::OctalGame, Code};
    use gamecheck::perft::{
        count_within, memo_fits_within, perft_within, Generator, Perft as _, PerftError, Refused,
    };
    use rand::Rng as _;
    use std::collections::HashSet;

    /// `S_d` for d = 0..=`depth`: the memo entries a count of depth d keeps,
    /// Σ_{i ≤ d−2} |R_i| with `R_i` the distinct keys exactly `i` moves away, from a
    /// breadth-first walk of its own.
    fn memo_sizes(code: &Code, start: &[u64], depth: u32) -> Vec<usize> {
        let mut layer: Vec<Vec<u64>> = vec![start.to_vec()];
        let mut sizes = vec![0, 0];
        let mut sum = 0;
        for _ in 2..=depth {
            let keys: HashSet<Vec<u64>> = layer.iter().map(OctalGame::key).collect();
            sum += keys.len();
            sizes.push(sum);
            let mut seen = HashSet::new();
            layer = layer
                .iter()
                .flat_map(|s| OctalGame::fast_children(code, s))
                .map(|(_, c)| c)
                .filter(|c| seen.insert(OctalGame::key(c)))
                .collect();
        }
        sizes.truncate(depth as usize + 1);
        sizes
    }

    /// A count past the memo bound is refused before it runs, with the largest depth
    /// whose memo fits, even where running it would meet u128's bound first: `.1` on
    /// 40 heaps of one token has one state a layer (S_d = d − 1 memo entries) and
    /// 40!/(40 − d)! lines, and a depth-first count of depth 40 memoizes the 33 states
    /// with at most 34 moves left, bottom up, before a sum passes u128 at 35.
    #[test]
    fn the_memo_bound_is_checked_before_the_count_runs() {
        let code: Code = ".1".parse().unwrap();
        let ones = vec![1; 40];
        for limit in 33..=38 {
            for split in [false, true] {
                let got =
                    perft_within::<OctalGame>(&code, &ones, 40, Generator::Fast, split, limit);
                assert_eq!(
                    got,
                    Err(Refused {
                        error: PerftError::MemoBound { depth: 40 },
                        fits: limit as u32 + 1,
                    }),
                    "limit {limit}, split {split}"
                );
            }
        }
    }

    /// The memo bound, at every limit around the exact memo sizes: `memo_fits` gives the
    /// largest depth whose memo has at most `limit` entries (a walk of its own), a count
    /// of that depth keeps within the bound and one deeper is refused by it.
    #[test]
    fn memo_fits_is_the_largest_depth_whose_count_keeps_within_the_bound() {
        let mut rng = gamecheck::rng::from_seed(13);
        let codes = [".77", ".07", ".4", ".137", ".6", ".3"];
        for round in 0..60 {
            let code: Code = codes[round % codes.len()].parse().unwrap();
            let heaps: Vec<u64> = (0..rng.random_range(1..=3))
                .map(|_| rng.random_range(1..=9))
                .collect();
            let depth = rng.random_range(0..=7);
            let sizes = memo_sizes(&code, &heaps, depth);
            let mut limits: Vec<usize> = sizes
                .iter()
                .flat_map(|&s| [s.saturating_sub(1), s, s + 1])
                .collect();
            limits.push(rng.random_range(0..=200));
            for limit in limits {
                let want = (0..=depth)
                    .filter(|&d| sizes[d as usize] <= limit)
                    .max()
                    .unwrap();
                for gen in [Generator::Fast, Generator::Oracle] {
                    let got = memo_fits_within::<OctalGame>(&code, &heaps, depth, gen, limit);
                    assert_eq!(got, want, "{code} {heaps:?} depth {depth} limit {limit}");
                    assert!(
                        count_within::<OctalGame>(&code, &heaps, got, gen, limit).is_ok(),
                        "{code} {heaps:?} depth {got} limit {limit}"
                    );
                    if got < depth {
                        assert_eq!(
                            count_within::<OctalGame>(&code, &heaps, got + 1, gen, limit),
                            Err(PerftError::MemoBound { depth: got + 1 }),
                            "{code} {heaps:?} depth {} limit {limit}",
                            got + 1
                        );
                    }
                }
            }
        }
    }
}
