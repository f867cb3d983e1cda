//! The zoo: deliberately wrong implementations, one per bug class seen in public bug
//! reports of game solvers, each passed to the same generic property functions the suite
//! runs (`harness::laws::solvers_agree_with`, `harness::laws::movegen_agrees_with`,
//! `grundy::check_smallest_period`) exactly where the real implementation goes.
//!
//! Each entry must be caught within the default case budget (proptest's 256 instances
//! from the game's one generator; `PROPTEST_CASES` and `ZOO_SEED` to change), and its
//! counterexample, shrunk by the driver's greedy `shrink` along `Game::smaller` from
//! each of the first few failing instances (the smallest kept), must be small: marble
//! at most 4 empty cells, paint N ≤ 4, sevens a deck of at most 8 cards. A zoo entry that
//! stops being caught fails `cargo test`. Run with `-- --nocapture` to see each shrunk
//! case (the zoo table of docs/testing.md sums that output up).

use gamecheck::game::{BoxSolver, Game, ShrinkMode};
use gamecheck::harness::laws::{instances, movegen_agrees_with, solvers_agree_with};
use gamecheck::harness::shrink;
use gamecheck::outcome::{Value, Winner};
use gamecheck::solver::{Refusal, Solver};
use proptest::test_runner::{Config, RngSeed, TestRunner};
use std::cell::RefCell;
use std::collections::HashMap;

/// A property of one (rules, case).
type Law<'a, G> = Box<dyn Fn(&<G as Game>::Rules, &<G as Game>::Case) -> Result<(), String> + 'a>;

/// Failing instances shrunk per entry; the smallest result is kept (greedy shrinking
/// stops at a local minimum, so a few starting points find a smaller one).
const SHRINK_STARTS: usize = 32;

/// The seed of the instances: `ZOO_SEED`, else a fixed one (so docs/testing.md's shrunk
/// cases are the ones `cargo test` finds; `scripts` may loop over seeds).
fn seed() -> u64 {
    std::env::var("ZOO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026)
}

/// Runs `law` on the default budget of instances of `G` (`PROPTEST_CASES`, default
/// 256, from `ZOO_SEED`); each of the first [`SHRINK_STARTS`] failing instances is
/// shrunk along [`Game::smaller`] (rules may shrink) with the harness's greedy
/// [`shrink`], and the smallest result by `size` is returned. Panics when the law holds
/// on every instance: the wrong implementation escaped.
fn catch<G: Game>(
    entry: &str,
    law: Law<'_, G>,
    size: fn(&G::Rules, &G::Case) -> usize,
) -> (G::Rules, G::Case, String) {
    use proptest::strategy::{Strategy, ValueTree};
    let config = Config {
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed()),
        ..Config::default()
    };
    let cases = config.cases;
    let mut runner = TestRunner::new(config);
    let strategy = instances::<G>();
    let mut best: Option<(G::Rules, G::Case)> = None;
    let (mut failing, mut first_at) = (0, None);
    for n in 0..cases {
        let i = strategy
            .new_tree(&mut runner)
            .expect("the generator draws instances")
            .current();
        if law(&i.rules, &i.case).is_ok() {
            continue;
        }
        first_at.get_or_insert(n + 1);
        failing += 1;
        let small = shrink(
            (i.rules, i.case),
            |(r, c)| G::smaller(r, c, ShrinkMode::MayChangeRules),
            |(r, c)| law(r, c).is_err(),
        );
        if best
            .as_ref()
            .is_none_or(|(r, c)| size(&small.0, &small.1) < size(r, c))
        {
            best = Some(small);
        }
        if failing == SHRINK_STARTS {
            break;
        }
    }
    let Some((rules, case)) = best else {
        panic!(
            "zoo entry `{entry}` escaped {cases} instances of {}",
            G::NAME
        );
    };
    let why = law(&rules, &case).expect_err("the shrunk case still fails");
    // the law's first line names the difference and ends "…, at": the case follows it,
    // written here as the contest input (indented) under the summary
    let difference = why.lines().next().unwrap_or_default();
    let difference = difference.strip_suffix(", at").unwrap_or(difference);
    let input = G::write(&rules, std::slice::from_ref(&case));
    println!(
        "zoo {entry}: caught at instance {} of {cases}; shrunk to {} under {rules} [{}]: {difference}",
        first_at.unwrap_or(0),
        G::describe_case(&rules, &case),
        G::flags(&rules),
    );
    for line in input.lines() {
        println!("    {line}");
    }
    (rules, case, why)
}

/// The solvers-agree law with `wrong(rules)` as the only fast solver (oracle and wrong
/// solver built once per rule set met).
fn solver_law<'a, G: Game>(wrong: impl Fn(&G::Rules) -> BoxSolver<G> + 'a) -> Law<'a, G> {
    #[allow(clippy::type_complexity)]
    let built: RefCell<Vec<(G::Rules, BoxSolver<G>, Vec<(String, BoxSolver<G>)>)>> =
        RefCell::new(Vec::new());
    Box::new(move |rules, case| {
        let mut built = built.borrow_mut();
        let i = match built.iter().position(|(r, _, _)| r == rules) {
            Some(i) => i,
            None => {
                built.push((
                    rules.clone(),
                    G::solver(rules, G::ORACLE_VARIANT),
                    vec![("wrong".into(), wrong(rules))],
                ));
                built.len() - 1
            }
        };
        let (_, oracle, fast) = &mut built[i];
        solvers_agree_with::<G>(rules, case, oracle.as_mut(), fast)
    })
}

/// The move-generation law with `wrong(rules, case)` as the fast generator's moves.
fn movegen_law<'a, G: Game>(
    wrong: impl Fn(&G::Rules, &G::Case) -> Vec<G::Move> + 'a,
) -> Law<'a, G> {
    Box::new(move |rules, case| {
        let gens = G::generators(rules);
        movegen_agrees_with::<G>(
            rules,
            case,
            &G::oracle_moves(&gens, case),
            &wrong(rules, case),
        )
    })
}

mod marble {
    use super::*;
    use gamecheck_games::marble::bitmask::Bitmask;
    use gamecheck_games::marble::game::Move;
    use gamecheck_games::marble::geometry::{Layout, BOUNDARY_MASKS};
    use gamecheck_games::marble::movegen::MoveGen;
    use gamecheck_games::marble::{Line, LineSet, MarbleGame, Play, Position, Rules};

    /// Most empty cells of a shrunk marble counterexample.
    const MAX_EMPTY: usize = 4;

    /// The moves of the real shift generator `gen` at `case`, in reading order.
    fn moves_of(gen: &MoveGen, rules: &Rules, case: &Position) -> Vec<Move> {
        let layout = Layout::new(rules.side());
        gen.moves(layout.to_square(case.marbles()))
            .into_iter()
            .map(|m| Move(layout.to_reading(m)))
            .collect()
    }

    fn caught_small(entry: &str, law: Law<'_, MarbleGame>) {
        let (_, case, _) = catch::<MarbleGame>(entry, law, |_, c| c.empty_cells());
        assert!(
            case.empty_cells() <= MAX_EMPTY,
            "{entry}: shrunk to {} empty cells",
            case.empty_cells()
        );
    }

    /// The real generator with masks edited by `edit` (`masks[line.index()]`).
    fn with_masks(edit: fn(&mut [u64; 4])) -> Law<'static, MarbleGame> {
        movegen_law::<MarbleGame>(move |rules, case| {
            let mut masks = BOUNDARY_MASKS[rules.side()];
            edit(&mut masks);
            moves_of(&MoveGen::with_boundary_masks(rules, &masks), rules, case)
        })
    }

    /// The real generator of another rule set (`None`: the bug does not apply, the
    /// real generator).
    fn of_rules(other: fn(&Rules) -> Option<Rules>) -> Law<'static, MarbleGame> {
        movegen_law::<MarbleGame>(move |rules, case| {
            let r = other(rules).unwrap_or(*rules);
            moves_of(&MoveGen::new(&r), rules, case)
        })
    }

    #[test]
    fn a_run_that_wraps_from_one_square_row_to_the_next() {
        // no boundary mask for the falling family (+1 along a square row)
        caught_small(
            "marble row wrap",
            with_masks(|m| m[Line::Falling.index()] = 0),
        );
    }

    #[test]
    fn a_boundary_mask_off_by_one_cell() {
        caught_small(
            "marble boundary mask off by one cell",
            with_masks(|m| m.iter_mut().for_each(|x| *x >>= 1)),
        );
    }

    #[test]
    fn run_length_k_minus_1() {
        caught_small(
            "marble run k-1",
            of_rules(|r| Rules::new(r.side(), Some(r.run() - 1), r.lines(), r.play()).ok()),
        );
    }

    #[test]
    fn run_length_k_plus_1() {
        caught_small(
            "marble run k+1",
            of_rules(|r| Rules::new(r.side(), Some(r.run() + 1), r.lines(), r.play()).ok()),
        );
    }

    #[test]
    fn a_line_family_missing() {
        caught_small(
            "marble line family missing",
            of_rules(|r| {
                let last = r.lines().iter().last()?;
                let fewer = LineSet::from_bits(r.lines().bits() & !(1 << last.index())).ok()?;
                Rules::new(r.side(), Some(r.run()), fewer, r.play()).ok()
            }),
        );
    }

    #[test]
    fn misere_solved_as_normal_play() {
        caught_small(
            "marble misere as normal",
            solver_law::<MarbleGame>(|r| {
                let normal = Rules::new(r.side(), Some(r.run()), r.lines(), Play::Normal)
                    .expect("same rules, normal play");
                Box::new(Bitmask::new(&normal))
            }),
        );
    }
}

mod paint {
    use super::*;
    use gamecheck::grundy::{check_smallest_period, Period};
    use gamecheck_games::paint::bitmask::unpainted_mask;
    use gamecheck_games::paint::game::{independent_g, Move};
    use gamecheck_games::paint::grundy::{extend_table_with, Grundy, MexOf};
    use gamecheck_games::paint::periodic::Periodic;
    use gamecheck_games::paint::{Cell, PaintGame, Position, MAX_COLUMNS_REMOVED};

    /// Most columns of a shrunk paint counterexample (board bugs).
    const MAX_N: u64 = 4;

    fn caught_small(entry: &str, law: Law<'_, PaintGame>) {
        let (_, case, _) = catch::<PaintGame>(entry, law, |_, c| c.n() as usize);
        assert!(case.n() <= MAX_N, "{entry}: shrunk to N = {}", case.n());
    }

    /// `periodic` on the position with every half-painted column painted in full.
    struct HalfAsFull(Periodic);

    impl Solver<Position, Value> for HalfAsFull {
        fn name(&self) -> &'static str {
            "half-as-full"
        }
        fn solve(&mut self, p: &Position) -> Result<Value, Refusal> {
            let mut cells = p.painted().to_vec();
            for c in p.painted() {
                let other = Cell::new(3 - c.row, c.col);
                if !cells.contains(&other) {
                    cells.push(other);
                }
            }
            self.0
                .solve(&Position::new(p.n(), cells).expect("cells of the strip"))
        }
    }

    #[test]
    fn a_half_painted_column_treated_as_fully_painted() {
        caught_small(
            "paint half-painted as full",
            solver_law::<PaintGame>(|_| Box::new(HalfAsFull(Periodic::new()))),
        );
    }

    /// A mex that searches `0..len` instead of `0..=len` (`len` distinct options), so it
    /// never equals the number of distinct options (0 when all of `0..len` are there).
    struct ShortMex;

    impl MexOf for ShortMex {
        fn mex_of<I: Iterator<Item = u32>>(&mut self, options: I) -> u32 {
            let seen: std::collections::BTreeSet<u32> = options.collect();
            (0..seen.len() as u32)
                .find(|v| !seen.contains(v))
                .unwrap_or(0)
        }
    }

    #[test]
    fn a_mex_over_0_to_len_exclusive() {
        caught_small(
            "paint mex over 0..len",
            solver_law::<PaintGame>(|_| {
                let mut table = Vec::new();
                extend_table_with(&mut table, 64, &mut ShortMex);
                Box::new(Grundy::from_table(table))
            }),
        );
    }

    /// Single cells, and 2 × 2 blocks on columns `c, c + 1` whenever three of the four
    /// cells are unpainted (the fourth, row 2 of column `c + 1`, is never checked).
    fn blocks_across_a_painted_cell(
        _: &gamecheck_games::paint::game::Rules,
        p: &Position,
    ) -> Vec<Move> {
        let free = unpainted_mask(p);
        let cell = |i: u64| Cell::new((i % 2) as u8 + 1, i / 2 + 1);
        let mut moves: Vec<Move> = (0..64)
            .filter(|i| free >> i & 1 == 1)
            .map(|i| Move(vec![cell(i)]))
            .collect();
        for c in 0..p.n().saturating_sub(1) {
            if free >> (2 * c) & 0b111 == 0b111 {
                moves.push(Move((2 * c..2 * c + 4).map(cell).collect()));
            }
        }
        moves
    }

    #[test]
    fn a_block_across_a_painted_cell() {
        caught_small(
            "paint block across a painted cell",
            movegen_law::<PaintGame>(blocks_across_a_painted_cell),
        );
    }

    /// `g` recomputed apart from the solver, long enough for the real period's proof.
    fn g_and_real_period() -> (Vec<u32>, Period) {
        let real = Periodic::new().period();
        let g = independent_g(real.computed.max(real.proof_end + real.period + 1));
        (g, real)
    }

    #[test]
    fn the_real_period_is_the_smallest_and_starts_as_early_as_it_can() {
        let (g, real) = g_and_real_period();
        check_smallest_period(&g, &real, MAX_COLUMNS_REMOVED).unwrap();
    }

    #[test]
    fn a_period_reported_at_a_multiple_of_the_true_one() {
        let (g, real) = g_and_real_period();
        let wrong = Period {
            period: 2 * real.period,
            ..real
        };
        // the multiple proves (it is a period), so only the smallest-period law sees it
        assert!(gamecheck::grundy::prove_period(
            &g,
            wrong.pre_period,
            wrong.period,
            MAX_COLUMNS_REMOVED
        ));
        let e = check_smallest_period(&g, &wrong, MAX_COLUMNS_REMOVED).unwrap_err();
        println!("zoo paint period at a multiple: caught: {e}");
    }

    #[test]
    fn a_pre_period_found_too_early() {
        let (g, real) = g_and_real_period();
        let wrong = Period {
            pre_period: real.pre_period - 1,
            ..real
        };
        let e = check_smallest_period(&g, &wrong, MAX_COLUMNS_REMOVED).unwrap_err();
        println!("zoo paint pre-period too early: caught: {e}");
    }
}

mod sevens {
    use super::*;
    use gamecheck_games::sevens::cards::Deal;
    use gamecheck_games::sevens::game::Move;
    use gamecheck_games::sevens::movegen::{MoveGen, Pack};
    use gamecheck_games::sevens::naive::{Naive, Play, State};
    use gamecheck_games::sevens::rules::{Rules, Stuck};
    use gamecheck_games::sevens::search::{Search, Store};
    use gamecheck_games::sevens::table::Table;
    use gamecheck_games::sevens::SevensGame;

    /// Most cards of a shrunk sevens deck.
    const MAX_DECK: usize = 8;

    fn caught_small(entry: &str, law: Law<'_, SevensGame>) {
        let (rules, _, _) = catch::<SevensGame>(entry, law, |r, _| r.deck_size());
        assert!(
            rules.deck_size() <= MAX_DECK,
            "{entry}: shrunk to a deck of {} cards",
            rules.deck_size()
        );
    }

    /// A memo keyed on the packed chains alone, even under `pass`.
    #[derive(Default)]
    struct NoMoverKey(HashMap<u32, u8>);

    impl Store for NoMoverKey {
        fn get(&self, index: u32, _mover: usize) -> Option<u8> {
            self.0.get(&index).copied()
        }
        fn put(&mut self, index: u32, _mover: usize, value: u8) {
            self.0.insert(index, value);
        }
    }

    /// The real search over [`NoMoverKey`].
    struct MemoWithoutMover(Rules);

    impl Solver<Deal, Winner> for MemoWithoutMover {
        fn name(&self) -> &'static str {
            "memo-without-mover"
        }
        fn solve(&mut self, deal: &Deal) -> Result<Winner, Refusal> {
            let (gen, pack) = (MoveGen::new(&self.0), Pack::new(&self.0));
            let mut store = NoMoverKey::default();
            Ok(Search::new(&gen, &pack, deal, &mut store).solve(&self.0, deal))
        }
    }

    #[test]
    fn the_player_to_move_missing_from_the_memo_key_under_pass() {
        caught_small(
            "sevens mover missing from the memo key",
            solver_law::<SevensGame>(|r| Box::new(MemoWithoutMover(*r))),
        );
    }

    /// Plain minimax over the oracle's moves, but "every card played" scored as a loss
    /// for the player to move (under `lose`; a draw read as a loss).
    struct AllPlayedLoses {
        naive: Naive,
        stuck: Stuck,
        start: u8,
        memo: HashMap<String, Value>,
    }

    fn rank(v: Value) -> u8 {
        match v {
            Value::Loss => 0,
            Value::Draw => 1,
            Value::Win => 2,
        }
    }

    impl AllPlayedLoses {
        fn value(&mut self, s: &State) -> Value {
            if self.stuck == Stuck::Lose && s.hands.iter().all(|h| h.is_empty()) {
                return Value::Loss; // the bug: should be a draw
            }
            if let Some(v) = self.naive.end(s) {
                return v;
            }
            let key = format!("{s:?}");
            if let Some(&v) = self.memo.get(&key) {
                return v;
            }
            let mut best = Value::Loss;
            for play in self.naive.moves(s) {
                let v = self.value(&self.naive.apply(s, &play)).flip();
                if rank(v) > rank(best) {
                    best = v;
                }
            }
            self.memo.insert(key, best);
            best
        }
    }

    impl Solver<Deal, Winner> for AllPlayedLoses {
        fn name(&self) -> &'static str {
            "all-played-loses"
        }
        fn solve(&mut self, deal: &Deal) -> Result<Winner, Refusal> {
            let s = self.naive.initial(deal);
            if self.stuck == Stuck::Pass {
                if s.hands[0].is_empty() {
                    return Ok(Winner::Alice);
                }
                if s.hands[1].is_empty() {
                    return Ok(Winner::Bob);
                }
            }
            let opening = Play::Card(format!("S{}", self.start));
            let after = self.naive.apply(&s, &opening);
            let v = self.value(&after);
            Ok(match (after.to_move, v) {
                (_, Value::Draw) => Winner::Draw,
                (0, Value::Win) | (1, Value::Loss) => Winner::Alice,
                _ => Winner::Bob,
            })
        }
    }

    #[test]
    fn every_card_played_scored_as_a_loss() {
        caught_small(
            "sevens all played as a loss",
            solver_law::<SevensGame>(|r| {
                Box::new(AllPlayedLoses {
                    naive: Naive::new(r),
                    stuck: r.stuck(),
                    start: r.start(),
                    memo: HashMap::new(),
                })
            }),
        );
    }

    #[test]
    fn a_pass_allowed_when_a_card_is_playable() {
        caught_small(
            "sevens pass when a card is playable",
            movegen_law::<SevensGame>(|rules, deal| {
                let gens = SevensGame::generators(rules);
                let mut moves = SevensGame::fast_moves(&gens, deal);
                if rules.stuck() == Stuck::Pass && !moves.iter().any(|m| m.0 == "pass") {
                    moves.push(Move("pass".into()));
                }
                moves
            }),
        );
    }

    #[test]
    fn the_start_rank_off_by_one() {
        caught_small(
            "sevens start rank off by one",
            solver_law::<SevensGame>(|r| {
                let k = if r.start() < r.ranks() {
                    r.start() + 1
                } else {
                    r.start().saturating_sub(1).max(1)
                };
                let wrong =
                    Rules::new(r.suits(), r.ranks(), Some(k), r.stuck()).expect("k in 1..=R");
                Box::new(Table::new(&wrong))
            }),
        );
    }
}
