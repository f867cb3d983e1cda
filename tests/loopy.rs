//! A loopy toy game through the harness: a token on a directed graph (a move follows an
//! arc; the rules say where play is over and what a player with no move gets). The
//! library's oracles (`oracle::Retrograde`, `oracle::Recursive`) against an independent
//! value iteration on random graphs, with cycles, ties and draws; `verify` with a planted
//! remoteness bug (right about the winner, wrong about the distance), caught and shrunk
//! when remoteness is compared and passed when it is not; shrinking that walks on past a
//! cycle of failing positions; perft on a cycle; the default best move (the winner's
//! fastest win, the loser's slowest loss).

use gamecheck::error::{Location, ParseError};
use gamecheck::game::{BoxSolver, Game};
use gamecheck::harness::{self, Group, Report, Step, Suite, Verify, VerifyOptions};
use gamecheck::oracle::{Recursive, Retrograde, Terminal};
use gamecheck::outcome::{ContestAnswer, GameValue, Remote, Value};
use gamecheck::perft::{perft, Generator, Moves, PerftFromMoves};
use gamecheck::rng::{from_seed, Entropy, Size};
use gamecheck::solver::{Refusal, Solver, Suggestion};
use std::fmt;

/// The game; with `PLANTED` its fast solver reports every win of remoteness 2 or more
/// two moves too late (the winner right, the distance wrong).
struct Token<const PLANTED: bool = false>;

/// A directed graph on nodes `0..arcs.len()`: the arcs from each node, the value where
/// play is over (for the player to move there), and the value of a player with no move.
#[derive(Debug, Clone, PartialEq)]
struct Rules {
    name: String,
    arcs: Vec<Vec<u8>>,
    over: Vec<Option<Value>>,
    stuck: Value,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Rules {
    /// A random graph of 1 to 9 nodes from `seed`; with `ending`, arcs only go to higher
    /// nodes (no cycle: every line of play ends).
    fn random(seed: u64, ending: bool) -> Rules {
        let mut e = from_seed(seed);
        let n: usize = e.int_in(1..=9);
        let arcs = (0..n)
            .map(|i| {
                let k: usize = e.int_in(0..=3);
                let to: Vec<u8> = (0..k)
                    .filter_map(|_| {
                        let j = e.int_in(0..=n - 1);
                        (!ending || j > i).then_some(j as u8)
                    })
                    .collect();
                to
            })
            .collect();
        let values = [Value::Win, Value::Loss, Value::Draw];
        let mut over = Vec::new();
        for _ in 0..n {
            over.push(e.chance(0.15).then(|| values[e.index(3)]));
        }
        Rules {
            name: format!("random graph {seed}"),
            arcs,
            over,
            stuck: values[e.index(3)],
        }
    }

    /// The graph of the planted bug's test (values for the player to move):
    ///
    /// - 0 → 1, 2, 12 and 1 → 0, 3: both wins in 2 (by 2 and by 3, losses in 1), each a
    ///   losing option of the other: a cycle of positions the planted bug gets wrong;
    /// - 2 → 4 and 3 → 4: losses in 1; 4: over, won by the player to move;
    /// - 12 → 0: a loss in 3; 11 → 4, 0: a loss in 3 (its slowest loss is by 0);
    /// - 6 ↔ 7: draws by infinite play; 8: over, drawn (a tie); 9 → 8, 4: a tie in 1;
    ///   10 → 6, 9: a tie in 2 (a tie before a draw); 5: no move, a loss.
    fn crafted() -> Rules {
        let arcs: Vec<Vec<u8>> = vec![
            vec![1, 2, 12],
            vec![0, 3],
            vec![4],
            vec![4],
            vec![],
            vec![],
            vec![7],
            vec![6],
            vec![],
            vec![8, 4],
            vec![6, 9],
            vec![4, 0],
            vec![0],
        ];
        let mut over = vec![None; arcs.len()];
        over[4] = Some(Value::Win);
        over[8] = Some(Value::Draw);
        Rules {
            name: "crafted graph".into(),
            arcs,
            over,
            stuck: Value::Loss,
        }
    }

    fn nodes(&self) -> Vec<u8> {
        (0..self.arcs.len() as u8).collect()
    }
}

/// A move: to this node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct To(u8);

impl fmt::Display for To {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {}", self.0)
    }
}

gamecheck::variants! {
    enum Variant {
        /// The library's retrograde analysis.
        Retrograde = "retrograde",
        /// Value iteration over the whole graph.
        Iteration = "iteration",
    }
}

/// Value iteration, written independently of the library's oracles: round `k` settles
/// a win in `k` (a child lost in fewer) and a loss in `k` (every child won in fewer);
/// then ties the same way; what is left is a draw.
fn iterate(r: &Rules) -> Vec<Remote> {
    let n = r.arcs.len();
    let mut v: Vec<Option<Remote>> = (0..n)
        .map(|i| match (r.over[i], r.arcs[i].is_empty()) {
            (Some(x), _) => Some(Remote {
                value: x,
                remoteness: Some(0),
            }),
            (None, true) => Some(Remote {
                value: r.stuck,
                remoteness: Some(0),
            }),
            (None, false) => None,
        })
        .collect();
    let is = |x: Option<Remote>, value: Value, k: u32| matches!(x, Some(Remote { value: w, remoteness: Some(d) }) if w == value && d < k);
    for k in 1.. {
        let decided: Vec<(usize, Remote)> = (0..n)
            .filter(|&i| v[i].is_none())
            .filter_map(|i| {
                let children = r.arcs[i].iter().map(|&j| v[j as usize]);
                if children.clone().any(|c| is(c, Value::Loss, k)) {
                    Some((i, Remote::win(k)))
                } else if children.clone().all(|c| is(c, Value::Win, k)) {
                    Some((i, Remote::loss(k)))
                } else {
                    None
                }
            })
            .collect();
        if decided.is_empty() {
            break;
        }
        decided.into_iter().for_each(|(i, x)| v[i] = Some(x));
    }
    for k in 1.. {
        let decided: Vec<usize> = (0..n)
            .filter(|&i| v[i].is_none())
            .filter(|&i| r.arcs[i].iter().any(|&j| is(v[j as usize], Value::Draw, k)))
            .collect();
        if decided.is_empty() {
            break;
        }
        decided
            .into_iter()
            .for_each(|i| v[i] = Some(Remote::tie(k)));
    }
    v.into_iter().map(|x| x.unwrap_or(Remote::DRAW)).collect()
}

/// The fast solver: the values of value iteration, with the planted bug when asked.
struct Iteration {
    values: Vec<Remote>,
    planted: bool,
}

impl Solver<u8, Remote> for Iteration {
    fn name(&self) -> &'static str {
        "iteration"
    }
    fn solve(&mut self, node: &u8) -> Result<Remote, Refusal> {
        let v = self.values[*node as usize];
        Ok(match (v.value, v.remoteness) {
            (Value::Win, Some(r)) if self.planted && r >= 2 => Remote::win(r + 2),
            _ => v,
        })
    }
}

impl<const PLANTED: bool> Game for Token<PLANTED> {
    const NAME: &'static str = "token";
    const ABOUT: &'static str = "A token on a directed graph (a loopy toy game)";
    type Rules = Rules;
    type Case = u8;
    type Move = To;
    type Answer = Remote;
    type Output = Remote;
    type Variant = Variant;
    type Generators = Vec<Vec<u8>>;
    const DEFAULT_VARIANT: Variant = Variant::Iteration;
    const ORACLE_VARIANT: Variant = Variant::Retrograde;

    fn start(_: &Rules) -> Option<u8> {
        Some(0)
    }
    fn generators(r: &Rules) -> Vec<Vec<u8>> {
        r.arcs.clone()
    }
    fn oracle_moves(arcs: &Vec<Vec<u8>>, node: &u8) -> Vec<To> {
        arcs[*node as usize].iter().map(|&j| To(j)).collect()
    }
    fn fast_moves(arcs: &Vec<Vec<u8>>, node: &u8) -> Vec<To> {
        Self::oracle_moves(arcs, node)
    }
    fn apply(_: &Rules, _: &u8, mv: &To) -> Option<u8> {
        Some(mv.0)
    }
    fn solver(r: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Retrograde => Box::new(Retrograde::<Self>::new(r)),
            Variant::Iteration => Box::new(Iteration {
                values: iterate(r),
                planted: PLANTED,
            }),
        }
    }
    fn read(r: &Rules, text: &str) -> Result<Vec<u8>, ParseError> {
        let at = |line: usize| Location { line, column: 1 };
        let mut lines = text.lines();
        let t: usize = lines
            .next()
            .and_then(|l| l.parse().ok())
            .ok_or_else(|| ParseError::new(at(1), None, "expected T"))?;
        (0..t)
            .map(|i| {
                let node: Option<u8> = lines.next().and_then(|l| l.parse().ok());
                node.filter(|&n| (n as usize) < r.arcs.len())
                    .ok_or_else(|| ParseError::new(at(i + 2), None, "expected a node"))
            })
            .collect()
    }
    fn write(_: &Rules, nodes: &[u8]) -> String {
        let mut s = format!("{}\n", nodes.len());
        nodes.iter().for_each(|n| s.push_str(&format!("{n}\n")));
        s
    }
    fn output(_: &Rules, _: &u8, v: Remote) -> Remote {
        v
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, _: Size) -> Rules {
        Rules::random(e.int_in(0..=1_000_000), false)
    }
    fn random_case<E: Entropy + ?Sized>(r: &Rules, e: &mut E, _: Size) -> u8 {
        e.index(r.arcs.len()) as u8
    }
}

impl<const PLANTED: bool> Terminal for Token<PLANTED> {
    fn terminal(r: &Rules, node: &u8) -> Option<Value> {
        r.over[*node as usize]
    }
    fn stuck(r: &Rules, _: &u8) -> Value {
        r.stuck
    }
}

impl<const PLANTED: bool> PerftFromMoves for Token<PLANTED> {}

/// Every node of the crafted graph, compared whole and without remoteness.
impl<const PLANTED: bool> Verify for Token<PLANTED> {
    fn plan(_: &VerifyOptions) -> Vec<Step<Self>> {
        let r = Rules::crafted();
        let whole = Suite::against_oracle(r.clone(), r.nodes(), "every node").with_movegen();
        let without = Suite {
            label: "crafted graph, who wins".into(),
            ..Suite::against_oracle(r.clone(), r.nodes(), "every node").without_remoteness()
        };
        vec![Group::each("nodes", vec![whole, without]).into()]
    }
}

/// The library's retrograde analysis gives value iteration's values on random graphs
/// (cycles, positions over with any value, any value for a stuck player), from every
/// node: with a fresh oracle a query, and with one oracle asked about every node in turn
/// (each query reusing what the ones before solved).
#[test]
fn retrograde_analysis_agrees_with_value_iteration() {
    let mut kinds = [0usize; 4];
    for seed in 0..400 {
        let r = Rules::random(seed, false);
        let want = iterate(&r);
        let mut shared = Retrograde::<Token>::new(&r);
        for node in r.nodes().into_iter().rev() {
            let fresh = Retrograde::<Token>::new(&r).solve(&node);
            assert_eq!(fresh, Ok(want[node as usize]), "{r:?} node {node}");
            assert_eq!(shared.solve(&node), Ok(want[node as usize]), "{r:?}");
            let v = want[node as usize];
            let kind = match (v.value, v.remoteness) {
                (Value::Draw, None) => 3,
                (Value::Draw, Some(_)) => 2,
                (_, Some(0)) => 0,
                _ => 1,
            };
            kinds[kind] += 1;
        }
        assert_eq!(shared.solved(), r.arcs.len());
        // its memo is the positions solved; cleared, it answers the same afresh
        assert_eq!(shared.memo_entries(), Some(r.arcs.len()));
        shared.clear_memo();
        assert_eq!(shared.memo_entries(), Some(0));
        let last = r.nodes()[0];
        assert_eq!(shared.solve(&last), Ok(want[last as usize]), "{r:?}");
    }
    // the random graphs have positions over, wins and losses in more, ties and draws
    assert!(kinds.iter().all(|&k| k > 20), "{kinds:?}");
}

/// On graphs where every line ends, the recursive oracle gives the same values; on a
/// graph with a cycle it refuses a node whose play can repeat a position and answers
/// one whose cannot.
#[test]
fn the_recursive_oracle_takes_games_that_end_and_refuses_a_cycle() {
    for seed in 0..300 {
        let r = Rules::random(seed, true);
        let want = iterate(&r);
        let mut rec = Recursive::<Token>::new(&r);
        for node in r.nodes() {
            assert_eq!(rec.solve(&node), Ok(want[node as usize]), "{r:?}");
        }
        assert!(rec.memo_entries().is_some_and(|n| n > 0), "{r:?}");
        rec.clear_memo();
        assert_eq!(rec.memo_entries(), Some(0));
    }
    let r = Rules::crafted();
    let mut rec = Recursive::<Token>::new(&r);
    let refused = rec.solve(&0).unwrap_err();
    assert!(refused.reason.contains("repeats a position"), "{refused}");
    assert_eq!(rec.solve(&9), Ok(Remote::tie(1)));
    assert_eq!(rec.solve(&2), Ok(Remote::loss(1)));
    assert!(rec.solve(&10).is_err(), "10 reaches the cycle 6 ↔ 7");
}

/// A bound of new positions: `check` refuses exactly what `solve` refuses, and positions
/// solved before do not count.
#[test]
fn the_bound_counts_positions_not_solved_before() {
    // a chain 0 → 1 → … → 5, 5 stuck
    let r = Rules {
        name: "chain".into(),
        arcs: (1..=5).map(|j| vec![j]).chain([vec![]]).collect(),
        over: vec![None; 6],
        stuck: Value::Loss,
    };
    let mut oracle = Retrograde::<Token>::new(&r).with_limit(3);
    assert!(oracle.check(&0).is_err());
    let refusal = oracle.solve(&0).unwrap_err();
    assert!(
        refusal.reason.contains("more than 3 positions"),
        "{refusal}"
    );
    // the oracle's refusal names itself and suggests the game's default solver; named as
    // that solver, it suggests nothing
    assert_eq!(refusal.solver, "retrograde");
    assert_eq!(refusal.suggestion, Suggestion::Solver("iteration"));
    let mut as_default = Retrograde::<Token>::new(&r)
        .with_limit(3)
        .named(Variant::Iteration);
    let refusal = as_default.solve(&0).unwrap_err();
    assert_eq!(refusal.solver, "iteration");
    assert_eq!(refusal.suggestion, Suggestion::Nothing);
    // each solver's name is its variant's (its rows and `--solver`)
    assert_eq!(oracle.name(), "retrograde");
    assert_eq!(as_default.name(), "iteration");
    assert_eq!(Recursive::<Token>::new(&r).name(), "retrograde");
    assert_eq!(
        Recursive::<Token>::new(&r).named(Variant::Iteration).name(),
        "iteration"
    );
    assert!(oracle.check(&3).is_ok());
    assert_eq!(oracle.solve(&3), Ok(Remote::loss(2)));
    // 0, 1, 2 are new; 3 is solved
    assert!(oracle.check(&0).is_ok());
    assert_eq!(oracle.solve(&0), Ok(Remote::win(5)));
    assert_eq!(oracle.solved(), 6);
}

/// `verify` catches a fast solver right about the winner and wrong about the distance
/// when remoteness is compared, and shrinks the mismatch, walking on past a cycle of
/// failing positions (0 ↔ 1: with the default relation, one move later, the old greedy
/// walk went round it for ever) to a position none of whose moves fails; compared
/// without remoteness the same solver passes, and its row says so.
#[test]
fn verify_catches_and_shrinks_a_planted_remoteness_bug() {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: gamecheck::harness::ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Token<true>>(&opts, &mut report);
    assert!(!report.ok);
    let r = Rules::crafted();
    let want = iterate(&r);
    let wrong = want
        .iter()
        .filter(|v| v.value == Value::Win && v.remoteness >= Some(2))
        .count() as u64;
    let rows: Vec<(&str, &str, u64, u64)> = report
        .rows
        .iter()
        .map(|x| (x.rules.as_str(), x.solver.as_str(), x.checked, x.mismatches))
        .collect();
    let n = r.arcs.len() as u64;
    assert_eq!(
        rows,
        [
            ("crafted graph, every node", "movegen", n, 0),
            ("crafted graph, every node", "iteration", n, wrong),
            ("crafted graph, who wins", "iteration", n, 0),
        ]
    );
    assert!(wrong > 0);
    let note = report.rows[2].detail.as_deref().unwrap();
    assert!(note.contains("remoteness not compared"), "{note}");
    assert_eq!(report.failures.len(), 1);
    let f = &report.failures[0];
    let node = Token::<true>::read(&r, &f.case).unwrap()[0];
    let expected = Remote::parse(&f.expected).unwrap();
    let got = Remote::parse(&f.got).unwrap();
    assert_eq!(expected, want[node as usize]);
    assert_eq!(expected.value, got.value, "the winner is right");
    assert_eq!(got.remoteness, expected.remoteness.map(|d| d + 2));
    // shrunk: no move from it leads to a failing position not met before; it is one of
    // the two on the cycle, past the first mismatch (0)
    assert_eq!(node, 1, "{f:?}");
    let mut planted = Token::<true>::solver(&r, Variant::Iteration);
    for &j in &r.arcs[node as usize] {
        if j != 0 {
            assert_eq!(planted.solve(&j), Ok(want[j as usize]), "child {j}");
        }
    }
    // the oracle's best move: the fastest win, to a loss in one move less
    assert_eq!(f.best_move.as_deref(), Some("to 3"));
    let text = {
        let mut out = Vec::new();
        report.write_failures(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert!(
        text.contains("solver `iteration`: expected win in 2, got win in 4"),
        "{text}"
    );
    // the correct solver passes every row
    let mut clean = Report::new(1);
    harness::verify::<Token>(&opts, &mut clean);
    assert!(clean.ok, "{:?}", clean.rows);
}

/// The default best move follows the remoteness: the winner's fastest win, the loser's
/// slowest loss, a move that keeps a tie or a draw; none where play is over.
#[test]
fn the_best_move_is_the_fastest_win_and_the_slowest_loss() {
    let r = Rules::crafted();
    let best = |node: u8| Token::<false>::best_move(&r, &node);
    assert_eq!(
        best(0).as_deref(),
        Some("to 2"),
        "a loss in 1, not in 3 (12)"
    );
    assert_eq!(
        best(11).as_deref(),
        Some("to 0"),
        "a win in 2, not in 0 (4)"
    );
    assert_eq!(best(10).as_deref(), Some("to 9"), "a tie, not a draw");
    assert_eq!(best(6).as_deref(), Some("to 7"));
    assert_eq!(best(4), None);
    assert_eq!(best(5), None);
    let want = iterate(&r);
    for node in r.nodes() {
        let Some(mv) = best(node) else { continue };
        let to: u8 = mv.trim_start_matches("to ").parse().unwrap();
        assert_eq!(
            Some(want[to as usize]),
            want[node as usize].after_optimal_move(gamecheck::outcome::Player::First),
            "{node} {mv}"
        );
    }
}

/// perft on a graph with cycles: move sequences of each length, by both generators,
/// against a walk of every sequence.
#[test]
fn perft_counts_sequences_through_cycles() {
    let r = Rules::crafted();
    fn walk(r: &Rules, node: u8, depth: u32) -> u128 {
        match depth {
            0 => 1,
            _ => r.arcs[node as usize]
                .iter()
                .map(|&j| walk(r, j, depth - 1))
                .sum(),
        }
    }
    let walker = Moves::<Token>::new(&r);
    let mut grew = false;
    for depth in 0..=12 {
        let want = walk(&r, 0, depth);
        for gen in [Generator::Fast, Generator::Oracle] {
            let (_, got) = perft::<Token>(&walker, &0, depth, gen, false).unwrap();
            assert_eq!(got, want, "depth {depth}");
        }
        grew |= depth > 0 && want > walk(&r, 0, depth - 1);
    }
    assert!(grew);
}
