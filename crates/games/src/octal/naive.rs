//! The oracle: the heaps as a row of pins in text (`III.IIIII`, one `.` between heaps),
//! every move found by walking the text — remove `k` consecutive pins of one heap, and
//! keep the move when digit `d_k` of the code allows what is left on each side — and a
//! win/loss recursion memoized by the canonical text (heaps sorted by size). It shares
//! nothing with the fast solvers but the code's digits: no option list, no `g` table.

use super::{Code, Position};
use gamecheck::outcome::Value;
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// The oracle refuses positions with more tokens than this in all (the memo holds every
/// multiset of heaps of at most this total: 28,629 of them for 30).
pub const MAX_PINS: u128 = 30;

const PIN: u8 = b'I';
const GAP: u8 = b'.';

/// One move as the oracle sees it: heap `heap` (1-based, input order) loses `take`
/// tokens and leaves the heaps `leave` (sorted, none empty; zero, one or two of them).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// 1-based index of the heap moved in.
    pub heap: usize,
    /// Tokens removed.
    pub take: u64,
    /// What is left of the heap, smallest first.
    pub leave: Vec<u64>,
}

impl fmt::Display for Move {
    /// The perft notation: `i:k` takes k tokens from heap i (1-based) and leaves nothing,
    /// `i:k=a` leaves one heap a, `i:k=a+b` leaves two (a ≤ b).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap, self.take)?;
        if self.leave.is_empty() {
            return Ok(());
        }
        let parts: Vec<String> = self.leave.iter().map(u64::to_string).collect();
        write!(f, "={}", parts.join("+"))
    }
}

/// The oracle for one code, with its memo kept across positions.
#[derive(Debug, Clone)]
pub struct Naive {
    code: Code,
    wins: HashMap<String, bool>,
    grundy: HashMap<String, u32>,
}

/// The text of `heaps`: `I` per token, `.` between heaps.
pub fn text(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(|&h| "I".repeat(h as usize)).collect();
    parts.join(".")
}

/// The canonical text of a row: its heaps sorted by size, one `.` between them.
fn canonical(row: &[u8]) -> String {
    let mut heaps: Vec<&[u8]> = row.split(|&c| c == GAP).filter(|h| !h.is_empty()).collect();
    heaps.sort_by_key(|h| h.len());
    let joined: Vec<u8> = heaps.join(&GAP);
    String::from_utf8(joined).expect("pins and gaps are ASCII")
}

/// Every move of `row` under `code`, as (the move, the row after it). Walks the text:
/// for every heap (a maximal run of pins), every start inside it and every `k`, the
/// `k` pins from the start must all be pins of that heap; the pins left on each side
/// decide which bit of `d_k` the move needs.
pub(crate) fn moves_of_row(code: &Code, row: &[u8]) -> Vec<(Move, Vec<u8>)> {
    let mut out = Vec::new();
    let mut heap = 0;
    let mut i = 0;
    while i < row.len() {
        if row[i] != PIN {
            i += 1;
            continue;
        }
        heap += 1;
        let start = i;
        while i < row.len() && row[i] == PIN {
            i += 1;
        }
        let end = i; // the heap is row[start..end]
        for from in start..end {
            for k in 1..=code.t() {
                let to = from + k;
                if to > end || row[from..to].iter().any(|&c| c != PIN) {
                    break;
                }
                let left = (from - start) as u64;
                let right = (end - to) as u64;
                let needed = match (left, right) {
                    (0, 0) => 1,
                    (0, _) | (_, 0) => 2,
                    _ => 4,
                };
                if code.digit(k) & needed == 0 {
                    continue;
                }
                let mut after = row.to_vec();
                // a removed pin becomes a gap, so the sides are separate heaps
                after[from..to].iter_mut().for_each(|c| *c = GAP);
                let mut leave: Vec<u64> = [left, right].into_iter().filter(|&s| s > 0).collect();
                leave.sort_unstable();
                out.push((
                    Move {
                        heap,
                        take: k as u64,
                        leave,
                    },
                    after,
                ));
            }
        }
    }
    out
}

impl Naive {
    /// The oracle for `code`, with an empty memo.
    pub fn new(code: Code) -> Self {
        Naive {
            code,
            wins: HashMap::new(),
            grundy: HashMap::new(),
        }
    }

    fn refuse(&self, p: &Position) -> Result<(), Refusal> {
        if p.tokens() > MAX_PINS {
            return Err(Refusal {
                solver: "naive",
                reason: format!(
                    "{} tokens in all, more than the oracle's {MAX_PINS}",
                    p.tokens()
                ),
                suggestion: Suggestion::Solver("periodic"),
            });
        }
        Ok(())
    }

    /// The oracle's moves at `position` (its text walked; at most [`MAX_PINS`] tokens).
    ///
    /// # Errors
    /// The position is too large.
    pub fn moves(&self, position: &Position) -> Result<BTreeSet<Move>, Refusal> {
        self.refuse(position)?;
        Ok(moves_of_row(&self.code, text(position.heaps()).as_bytes())
            .into_iter()
            .map(|(m, _)| m)
            .collect())
    }

    /// Whether the player to move wins the row (normal play: no move, a loss).
    fn wins(&mut self, row: &[u8]) -> bool {
        let key = canonical(row);
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let key_row = key.clone().into_bytes();
        let w = moves_of_row(&self.code, &key_row)
            .into_iter()
            .any(|(_, after)| !self.wins(&after));
        self.wins.insert(key, w);
        w
    }

    /// The Grundy value of the row by the mex of its options' values (used to check the
    /// fast solvers' `g(n)` on small heaps; the win/loss answer does not use it).
    fn grundy_of(&mut self, row: &[u8]) -> u32 {
        let key = canonical(row);
        if let Some(&g) = self.grundy.get(&key) {
            return g;
        }
        let key_row = key.clone().into_bytes();
        let options: BTreeSet<u32> = moves_of_row(&self.code, &key_row)
            .into_iter()
            .map(|(_, after)| self.grundy_of(&after))
            .collect();
        let g = (0..).find(|v| !options.contains(v)).expect("a finite set");
        self.grundy.insert(key, g);
        g
    }

    /// The Grundy value of `position` by the oracle's own mex recursion.
    ///
    /// # Errors
    /// The position is too large.
    pub fn grundy_value(&mut self, position: &Position) -> Result<u32, Refusal> {
        self.refuse(position)?;
        Ok(self.grundy_of(text(position.heaps()).as_bytes()))
    }

    /// A winning move at `position`, or `None` when the player to move loses.
    ///
    /// # Errors
    /// The position is too large.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<Move>, Refusal> {
        self.refuse(position)?;
        let row = text(position.heaps()).into_bytes();
        Ok(moves_of_row(&self.code, &row)
            .into_iter()
            .find(|(_, after)| !self.wins(after))
            .map(|(m, _)| m))
    }
}

impl Solver<Position, Value> for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    /// The positions remembered across calls (the harness bounds them).
    fn memo_entries(&self) -> Option<usize> {
        Some(self.wins.len() + self.grundy.len())
    }
    fn clear_memo(&mut self) {
        self.wins.clear();
        self.grundy.clear();
    }

    fn check(&self, position: &Position) -> Result<(), Refusal> {
        self.refuse(position)
    }

    fn solve(&mut self, position: &Position) -> Result<Value, Refusal> {
        self.refuse(position)?;
        Ok(if self.wins(text(position.heaps()).as_bytes()) {
            Value::Win
        } else {
            Value::Loss
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(h: &[u64]) -> Position {
        Position::new(h.to_vec()).unwrap()
    }

    #[test]
    fn kayles_moves_on_the_text() {
        let n = Naive::new(".77".parse().unwrap());
        let m = n.moves(&p(&[3])).unwrap();
        let shown: Vec<String> = m.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["1:1=1+1", "1:1=2", "1:2=1",]);
        // a heap of exactly 2: take both (bit 1), or one from either end
        assert_eq!(n.moves(&p(&[2])).unwrap().len(), 2);
        assert_eq!(text(&[2, 1, 3]), "II.I.III");
        assert_eq!(canonical(b"..III.I..II."), "I.II.III");
    }

    #[test]
    fn known_small_answers() {
        let mut k = Naive::new(".77".parse().unwrap());
        // Kayles g = 0,1,2,3,1,4,3,2,1,4,2,6
        let g: Vec<u32> = (1..=11)
            .map(|n| k.grundy_value(&p(&[n])).unwrap())
            .collect();
        assert_eq!(g, [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(k.solve(&p(&[4, 1])).unwrap(), Value::Loss); // 1 ⊕ 1
        assert_eq!(k.solve(&p(&[3])).unwrap(), Value::Win);
        let mut d = Naive::new(".07".parse().unwrap());
        let g: Vec<u32> = (1..=16)
            .map(|n| d.grundy_value(&p(&[n])).unwrap())
            .collect();
        assert_eq!(g, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]);
        assert!(d.best_move(&p(&[1])).unwrap().is_none());
        assert_eq!(d.best_move(&p(&[2])).unwrap().unwrap().to_string(), "1:2");
    }

    #[test]
    fn refuses_large_positions_by_tokens() {
        let mut k = Naive::new(".77".parse().unwrap());
        assert!(k.solve(&p(&[20, 10])).is_ok());
        let e = k.solve(&p(&[20, 11])).unwrap_err();
        assert_eq!(e.suggestion, Suggestion::Solver("periodic"));
        assert!(e.reason.contains("31 tokens"), "{}", e.reason);
        assert!(k.solve(&p(&[1_000_000_000_000_000_000])).is_err());
    }

    /// Every entry point (`check`, which the CLI runs on every case before answering
    /// any, `solve`, `moves`, `grundy_value`, `best_move`) answers exactly the positions
    /// of at most [`MAX_PINS`] tokens and refuses the rest with the same refusal.
    #[test]
    fn every_entry_point_refuses_alike_past_the_pin_limit() {
        let mut k = Naive::new(".07".parse().unwrap());
        for total in MAX_PINS as u64 - 2..=MAX_PINS as u64 + 2 {
            for split in [vec![total], vec![total - 9, 9], vec![total - 12, 7, 5]] {
                let pos = p(&split);
                let fits = total as u128 <= MAX_PINS;
                let e = k.check(&pos).err();
                assert_eq!(e.is_none(), fits, "check {pos}");
                let same = |r: Option<Refusal>| assert_eq!(r, e, "{pos}");
                same(k.solve(&pos).err());
                same(k.moves(&pos).err());
                same(k.grundy_value(&pos).err());
                same(k.best_move(&pos).err());
            }
        }
    }
}
