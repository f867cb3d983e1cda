//! The library's oracles, for a game given by its moves and its terminal values: no
//! recursion of the game's own, and a value with remoteness ([`Remote`]) for every
//! position.
//!
//! A game says how play ends ([`Terminal`]: the value of a position where the game is
//! over, and of one where the player to move has no move); its moves are the oracle's
//! move generator ([`Game::oracle_moves`]) applied with [`Game::apply`]. From these:
//!
//! - [`Retrograde`], for any game, loopy or not: *retrograde analysis* over the positions
//!   reachable from the queried position (not only from a start). It lists them breadth
//!   first, then settles values backwards from the positions whose value is known, in
//!   order of remoteness: a position is a win as soon as one child is a loss (one move
//!   more than its nearest losing child), a loss once every child is a win (one move
//!   more than its farthest); then ties spread the same way; what is left can be kept
//!   from ending by either side: a draw by infinite play. Positions solved by an earlier
//!   query are not explored again, so a run over many positions of one rule set costs
//!   about one analysis of everything they reach.
//! - [`Recursive`], for a game that ends (no position repeats along a line of play): a
//!   memoized depth-first search with the same values, which refuses a position from
//!   which a line of play repeats a position.
//!
//! The values are those of GamesmanOne's solvers (the winner hurries, the loser delays;
//! a tie spreads before what is left is called a draw), with remoteness as
//! C. A. B. Smith defined it ("Graphs and composite games", *J. Combin. Theory* 1, 1966).
//!
//! Cost: [`Retrograde`] holds every position it reaches from a query (hashed, with its
//! moves as indices) while it analyses it, and every value it settled after; it refuses
//! a query that reaches more than its bound of new positions ([`POSITIONS_LIMIT`] by
//! default).

use crate::game::{applied, Game, Variants as _};
use crate::outcome::{Remote, Value};
use crate::solver::{Refusal, Solver, Suggestion};
use rustc_hash::{FxHashMap, FxHashSet};

/// How play ends in a game whose oracle the library provides ([`Retrograde`],
/// [`Recursive`]): the value of a position where play is over, for the player to move.
///
/// A position where [`Terminal::terminal`] says nothing and the oracle's generator lists
/// no move is valued by [`Terminal::stuck`]: a loss by default (normal play: who cannot
/// move loses). A normal-play game writes `impl Terminal for MyGame {}`.
pub trait Terminal: Game {
    /// The value of `case` for the player to move when play is over there although moves
    /// are listed (a tic-tac-toe board with a line: the player to move has lost); `None`
    /// (the default) where play goes on.
    ///
    /// The oracles read it; `perft` and `count` do not (they end a line where the
    /// generator lists no move), so a game whose generators list no move where play is
    /// over counts its finished games right everywhere.
    fn terminal(_rules: &Self::Rules, _case: &Self::Case) -> Option<Value> {
        None
    }

    /// The value of `case` for the player to move, who has no move there: a loss by
    /// default (normal play); a win under misère play, or in Dodgem, where a player
    /// with no move (every car off the board or blocked) wins; a draw for a stalemate
    /// that ends drawn.
    fn stuck(_rules: &Self::Rules, _case: &Self::Case) -> Value {
        Value::Loss
    }
}

/// The most positions one query of [`Retrograde`] explores beyond those already solved,
/// and the most values [`Recursive`] keeps: 2^23 = 8,388,608 (about 1 GiB for a case of
/// a few bytes: each held once in the index and once in the list, with its moves).
pub const POSITIONS_LIMIT: usize = 1 << 23;

/// A position's place in the analysis: its value when that is known before the analysis
/// (play is over there, or an earlier query solved it), or the positions its moves lead
/// to.
enum Node<C> {
    Known(Remote),
    Inner(Vec<C>),
}

/// `value` at remoteness 0: the game is over.
fn over(value: Value) -> Remote {
    Remote {
        value,
        remoteness: Some(0),
    }
}

/// The rules and move generators of one rule set, and the positions' values met so far:
/// what both oracles share.
struct Moves<G: Game> {
    rules: G::Rules,
    gens: G::Generators,
    solved: FxHashMap<G::Case, Remote>,
    limit: usize,
    name: &'static str,
}

impl<G: Terminal> Moves<G> {
    fn new(rules: &G::Rules) -> Self {
        Moves {
            rules: rules.clone(),
            gens: G::generators(rules),
            solved: FxHashMap::default(),
            limit: POSITIONS_LIMIT,
            name: G::ORACLE_VARIANT.name(),
        }
    }

    /// `case` as a node: known (solved before, or play is over), or its children.
    fn node(&self, case: &G::Case) -> Node<G::Case> {
        if let Some(&v) = self.solved.get(case) {
            return Node::Known(v);
        }
        if let Some(v) = G::terminal(&self.rules, case) {
            return Node::Known(over(v));
        }
        let moves = G::oracle_moves(&self.gens, case);
        let children: Vec<G::Case> = applied::<G>(&self.rules, case, moves)
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        match children.is_empty() {
            true => Node::Known(over(G::stuck(&self.rules, case))),
            false => Node::Inner(children),
        }
    }

    fn refusal(&self, reason: String) -> Refusal {
        let other = G::DEFAULT_VARIANT.name();
        Refusal {
            solver: self.name,
            reason,
            suggestion: match other == self.name {
                true => Suggestion::Nothing,
                false => Suggestion::Solver(other),
            },
        }
    }
}

/// The positions reachable from a query, as a graph: each position once, its children
/// as indices (`first[i]..first[i + 1]` in `edges`), and the values known before the
/// analysis.
struct Graph<C> {
    cases: Vec<C>,
    known: Vec<Option<Remote>>,
    first: Vec<usize>,
    edges: Vec<u32>,
}

/// The retrograde-analysis oracle of a [`Terminal`] game, for one rule set: a value with
/// remoteness ([`Remote`]) for any position, loopy games included, computed over the
/// positions reachable from it (see the [module docs](self)). A [`Solver`] named by the
/// game's oracle variant ([`Game::ORACLE_VARIANT`]) unless [`Retrograde::named`] says
/// otherwise; it keeps every value it settles across queries.
///
/// ```ignore
/// fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
///     match variant {
///         Variant::Retrograde => Box::new(Retrograde::<Self>::new(rules)),
///         Variant::Table => Box::new(Table::new(rules)),
///     }
/// }
/// ```
pub struct Retrograde<G: Terminal>(Moves<G>);

impl<G: Terminal> Retrograde<G> {
    /// The oracle for `rules` (its move generators built once), with the bound
    /// [`POSITIONS_LIMIT`].
    pub fn new(rules: &G::Rules) -> Self {
        Retrograde(Moves::new(rules))
    }

    /// The same oracle refusing a query that reaches more than `positions` positions not
    /// solved before.
    #[must_use]
    pub fn with_limit(mut self, positions: usize) -> Self {
        self.0.limit = positions;
        self
    }

    /// The same oracle named as `variant` (its rows, refusals and `--solver` name): for
    /// a game that uses it as a variant other than its oracle.
    #[must_use]
    pub fn named(mut self, variant: G::Variant) -> Self {
        self.0.name = variant.name();
        self
    }

    /// Positions solved so far (every position reached by the queries answered).
    pub fn solved(&self) -> usize {
        self.0.solved.len()
    }

    /// The graph of the positions reachable from `root` that were not solved before
    /// (those solved before are in it with their values, unexplored).
    fn explore(&self, root: &G::Case) -> Result<Graph<G::Case>, Refusal> {
        let m = &self.0;
        let mut index: FxHashMap<G::Case, u32> = FxHashMap::default();
        index.insert(root.clone(), 0);
        let mut g = Graph {
            cases: vec![root.clone()],
            known: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
        };
        // positions not solved before, the root among them
        let mut new = 1;
        let mut i = 0;
        while i < g.cases.len() {
            g.first.push(g.edges.len());
            match m.node(&g.cases[i]) {
                Node::Known(v) => g.known.push(Some(v)),
                Node::Inner(children) => {
                    g.known.push(None);
                    for child in children {
                        let j = match index.get(&child) {
                            Some(&j) => j,
                            None => {
                                if !m.solved.contains_key(&child) {
                                    new += 1;
                                }
                                if new > m.limit {
                                    return Err(m.refusal(format!(
                                        "more than {} positions not solved before are \
                                         reachable from it (the retrograde oracle's bound)",
                                        m.limit
                                    )));
                                }
                                let j = g.cases.len() as u32;
                                index.insert(child.clone(), j);
                                g.cases.push(child);
                                j
                            }
                        };
                        g.edges.push(j);
                    }
                }
            }
            i += 1;
        }
        g.first.push(g.edges.len());
        Ok(g)
    }

    /// Settles every position of `g` and keeps the values.
    fn analyse(&mut self, g: Graph<G::Case>) {
        let n = g.cases.len();
        // the parents of each position, as indices (a parent once per move to it)
        let mut parents_first = vec![0usize; n + 1];
        for &j in &g.edges {
            parents_first[j as usize + 1] += 1;
        }
        for i in 0..n {
            parents_first[i + 1] += parents_first[i];
        }
        let mut fill = parents_first.clone();
        let mut parents = vec![0u32; g.edges.len()];
        for i in 0..n {
            for &j in &g.edges[g.first[i]..g.first[i + 1]] {
                parents[fill[j as usize]] = i as u32;
                fill[j as usize] += 1;
            }
        }
        let parents_of = |j: usize| &parents[parents_first[j]..parents_first[j + 1]];
        let mut value = g.known.clone();
        // children not yet known to be wins for the opponent
        let mut open: Vec<usize> = (0..n).map(|i| g.first[i + 1] - g.first[i]).collect();
        // buckets of settled positions by remoteness, taken in increasing order: a win
        // takes its nearest losing child, a loss its farthest child
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        let put = |buckets: &mut Vec<Vec<u32>>, r: u32, i: usize| {
            if buckets.len() <= r as usize {
                buckets.resize(r as usize + 1, Vec::new());
            }
            buckets[r as usize].push(i as u32);
        };
        for (i, v) in value.iter().enumerate() {
            if let Some(Remote {
                value: Value::Win | Value::Loss,
                remoteness: Some(r),
            }) = v
            {
                put(&mut buckets, *r, i);
            }
        }
        let mut r = 0;
        while r < buckets.len() {
            for u in std::mem::take(&mut buckets[r]) {
                let child = value[u as usize].map(|v| v.value);
                for &p in parents_of(u as usize) {
                    let p = p as usize;
                    if value[p].is_some() {
                        continue;
                    }
                    match child {
                        Some(Value::Loss) => {
                            value[p] = Some(Remote::win(r as u32 + 1));
                            put(&mut buckets, r as u32 + 1, p);
                        }
                        Some(Value::Win) => {
                            open[p] -= 1;
                            if open[p] == 0 {
                                value[p] = Some(Remote::loss(r as u32 + 1));
                                put(&mut buckets, r as u32 + 1, p);
                            }
                        }
                        _ => {}
                    }
                }
            }
            r += 1;
        }
        // what is left has no losing child and a child that is not a win: a tie where a
        // tie can be reached (its nearest), else a draw by infinite play
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        for (i, v) in value.iter().enumerate() {
            if let Some(Remote {
                value: Value::Draw,
                remoteness: Some(r),
            }) = v
            {
                put(&mut buckets, *r, i);
            }
        }
        let mut r = 0;
        while r < buckets.len() {
            for u in std::mem::take(&mut buckets[r]) {
                for &p in parents_of(u as usize) {
                    let p = p as usize;
                    if value[p].is_none() {
                        value[p] = Some(Remote::tie(r as u32 + 1));
                        put(&mut buckets, r as u32 + 1, p);
                    }
                }
            }
            r += 1;
        }
        let solved = &mut self.0.solved;
        for (case, v) in g.cases.into_iter().zip(value) {
            solved.entry(case).or_insert(v.unwrap_or(Remote::DRAW));
        }
    }
}

impl<G: Terminal> Solver<G::Case, Remote> for Retrograde<G> {
    fn name(&self) -> &'static str {
        self.0.name
    }
    /// The positions solved so far, kept across queries.
    fn memo_entries(&self) -> Option<usize> {
        Some(self.0.solved.len())
    }
    fn clear_memo(&mut self) {
        self.0.solved.clear();
    }

    /// Refuses a position from which more than the bound of positions not solved before
    /// are reachable (it lists them to know).
    fn check(&self, case: &G::Case) -> Result<(), Refusal> {
        if self.0.solved.contains_key(case) {
            return Ok(());
        }
        self.explore(case).map(|_| ())
    }

    fn solve(&mut self, case: &G::Case) -> Result<Remote, Refusal> {
        if let Some(&v) = self.0.solved.get(case) {
            return Ok(v);
        }
        let g = self.explore(case)?;
        self.analyse(g);
        Ok(self.0.solved[case])
    }
}

/// The recursive oracle of a [`Terminal`] game that ends, for one rule set: the value
/// with remoteness of [`Retrograde`], by a memoized depth-first search (its own stack,
/// so a long game cannot overflow the thread's). It refuses a position from which a line
/// of play repeats a position (the game has a cycle there: [`Retrograde`] answers it),
/// and one that would take more than its bound of values ([`POSITIONS_LIMIT`] by
/// default). Named like [`Retrograde`].
pub struct Recursive<G: Terminal>(Moves<G>);

/// A position being searched: its children and the next one to visit.
struct Frame<C> {
    case: C,
    children: Vec<C>,
    next: usize,
}

/// The value of a position whose children have `children` for their player to move:
/// the mover's best (a win by its nearest losing child; a loss by its farthest child when
/// every child is a win for the opponent; else a tie by its nearest tied child; else a
/// draw).
fn best_for_mover(children: impl IntoIterator<Item = Remote>) -> Remote {
    let nearest = |a: Option<u32>, r: u32| Some(a.map_or(r, |a| a.min(r)));
    let (mut win, mut tie, mut slowest) = (None, None, 0);
    let mut all_wins = true;
    for c in children {
        match (c.value, c.remoteness) {
            (Value::Loss, r) => win = nearest(win, r.unwrap_or(0)),
            (Value::Win, r) => slowest = slowest.max(r.unwrap_or(0)),
            (Value::Draw, Some(r)) => {
                all_wins = false;
                tie = nearest(tie, r);
            }
            (Value::Draw, None) => all_wins = false,
        }
    }
    match (win, all_wins, tie) {
        (Some(r), _, _) => Remote::win(r + 1),
        (None, true, _) => Remote::loss(slowest + 1),
        (None, false, Some(r)) => Remote::tie(r + 1),
        (None, false, None) => Remote::DRAW,
    }
}

impl<G: Terminal> Recursive<G> {
    /// The oracle for `rules` (its move generators built once), with the bound
    /// [`POSITIONS_LIMIT`].
    pub fn new(rules: &G::Rules) -> Self {
        Recursive(Moves::new(rules))
    }

    /// The same oracle keeping at most `positions` values.
    #[must_use]
    pub fn with_limit(mut self, positions: usize) -> Self {
        self.0.limit = positions;
        self
    }

    /// The same oracle named as `variant`.
    #[must_use]
    pub fn named(mut self, variant: G::Variant) -> Self {
        self.0.name = variant.name();
        self
    }
}

impl<G: Terminal> Solver<G::Case, Remote> for Recursive<G> {
    fn name(&self) -> &'static str {
        self.0.name
    }
    /// The positions solved so far, kept across queries.
    fn memo_entries(&self) -> Option<usize> {
        Some(self.0.solved.len())
    }
    fn clear_memo(&mut self) {
        self.0.solved.clear();
    }

    fn solve(&mut self, root: &G::Case) -> Result<Remote, Refusal> {
        let m = &mut self.0;
        let children = match m.node(root) {
            Node::Known(v) => {
                m.solved.insert(root.clone(), v);
                return Ok(v);
            }
            Node::Inner(children) => children,
        };
        let mut on_line: FxHashSet<G::Case> = FxHashSet::default();
        on_line.insert(root.clone());
        let mut stack = vec![Frame {
            case: root.clone(),
            children,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            if top.next == top.children.len() {
                let done = stack.pop().expect("the top frame");
                let v = best_for_mover(done.children.iter().map(|c| m.solved[c]));
                on_line.remove(&done.case);
                m.solved.insert(done.case, v);
                continue;
            }
            let child = top.children[top.next].clone();
            top.next += 1;
            if m.solved.contains_key(&child) {
                continue;
            }
            if on_line.contains(&child) {
                return Err(m.refusal(format!(
                    "a line of play from it repeats a position ({} moves in): this \
                     solver is the recursive oracle (oracle::Recursive), for games that \
                     end; a game with cycles needs retrograde analysis \
                     (oracle::Retrograde) as its oracle",
                    stack.len()
                )));
            }
            if m.solved.len() >= m.limit {
                return Err(m.refusal(format!(
                    "it needs more than {} values (the recursive oracle's bound)",
                    m.limit
                )));
            }
            match m.node(&child) {
                Node::Known(v) => {
                    m.solved.insert(child, v);
                }
                Node::Inner(children) => {
                    on_line.insert(child.clone());
                    stack.push(Frame {
                        case: child,
                        children,
                        next: 0,
                    });
                }
            }
        }
        Ok(m.solved[root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_takes_the_fastest_win_the_slowest_loss_and_a_tie_before_a_draw() {
        let best = |v: &[Remote]| best_for_mover(v.iter().copied());
        assert_eq!(
            best(&[Remote::win(4), Remote::loss(5), Remote::loss(2)]),
            Remote::win(3)
        );
        assert_eq!(best(&[Remote::win(4), Remote::win(7)]), Remote::loss(8));
        assert_eq!(
            best(&[Remote::win(1), Remote::tie(4), Remote::DRAW, Remote::tie(2)]),
            Remote::tie(3)
        );
        assert_eq!(best(&[Remote::win(1), Remote::DRAW]), Remote::DRAW);
        assert_eq!(best(&[Remote::loss(0)]), Remote::win(1));
    }
}
