//! `gamecheck verify` for sevens: the playable-card generator on its own; both fast
//! solvers against the oracle on every deal (every split of the deck, empty hands
//! included) of small decks under both stuck rules, and on random deals of random decks
//! up to the oracle's 24 cards; `memo` against `table` on random standard deals; and the
//! table certified on standard deals of both rules.
//!
//! A mismatch is shrunk to the smallest deck and deal that still disagrees (dropping a
//! suit, the top rank or the bottom rank, rebalancing the hands when the deal was a
//! contest deal) and printed in the contest format with the rules, both answers and the
//! oracle's best move.

use super::cards::{Card, CardSet, Deal};
use super::memo::Memo;
use super::naive::{Naive, MAX_CARDS};
use super::rules::{Rules, Stuck, MAX_RANKS, MAX_SUITS};
use super::table::Table;
use super::{format, props};
use crate::harness::report::merge_by_solver;
use crate::harness::{compare, shrink, Failure, Progress, Report, Row, Tally, VerifyOptions};
use crate::outcome::Winner;
use crate::rng;
use crate::solver::{Refusal, Solver};
use rand::Rng as _;
use rayon::prelude::*;
use std::time::Instant;

/// Random deals of small decks (up to the oracle's limit) in the default budget.
pub const DEFAULT_CASES: u64 = 2000;
/// Decks of more cards than this get at most [`LARGE_DECK_DEALS`] random deals each.
pub const LARGE_DECK: usize = 18;
/// Random deals of each deck over [`LARGE_DECK`] cards.
pub const LARGE_DECK_DEALS: u64 = 30;
/// Random standard deals per stuck rule for `memo` against `table` by default.
pub const DEFAULT_STANDARD_DEALS: u64 = 500;
/// Standard deals per stuck rule whose table is certified.
pub const CERTIFIED_DEALS: u64 = 20;
/// Random chain states for the generator check by default.
pub const DEFAULT_MOVEGEN_CASES: u64 = 20_000;

/// The deck shapes checked on every split of the deck, each under both stuck rules:
/// 2 × 5, 2 × 7, 3 × 4, 2 × 6 and 4 × 3 at the middle start rank, 2 × 5 starting at either end,
/// 1 × 10 and 1 × 7 (a single chain; an odd deck is a library deal, not a contest one).
pub fn exhaustive_decks() -> Vec<Rules> {
    let shapes: [(usize, u8, Option<u8>); 9] = [
        (2, 5, None),
        (2, 7, None),
        (3, 4, None),
        (2, 6, None),
        (4, 3, None),
        (2, 5, Some(1)),
        (2, 5, Some(5)),
        (1, 10, None),
        (1, 7, Some(2)),
    ];
    let mut v = Vec::new();
    for (suits, ranks, start) in shapes {
        for stuck in Stuck::ALL {
            v.push(Rules::new(suits, ranks, start, stuck).expect("valid shape"));
        }
    }
    v
}

/// Every deal of the deck of `rules`: each of the 2^cards subsets as Alice's hand.
pub fn every_deal(rules: &Rules) -> Vec<Deal> {
    let cards: Vec<Card> = CardSet::deck(rules).cards().collect();
    (0u32..1 << cards.len())
        .map(|m| {
            let alice: CardSet = cards
                .iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 == 1)
                .map(|(_, &c)| c)
                .collect();
            Deal::new(rules, alice).expect("cards of the deck")
        })
        .collect()
}

/// Runs the sevens checks into `report`.
pub fn verify(opts: &VerifyOptions, report: &mut Report) {
    let mut rng = rng::from_seed(opts.seed ^ 0x5E7E_4500);
    movegen_rows(&mut rng, opts, report);

    // every deal of the small decks
    let decks = exhaustive_decks();
    let total: u64 = decks.iter().map(|r| 1u64 << r.deck_size()).sum();
    let bar = Progress::new(opts.progress, total, "sevens: every deal");
    let results: Vec<(Vec<Row>, Vec<Failure>)> = decks
        .par_iter()
        .map(|rules| {
            let deals = every_deal(rules);
            check_against_oracle(rules, rules.to_string(), &deals, "every deal", &bar)
        })
        .collect();
    bar.finish();
    for (rows, failures) in results {
        rows.into_iter().for_each(|r| report.push_row(r));
        failures.into_iter().for_each(|f| report.push_failure(f));
    }

    let cases = opts.cases.unwrap_or(DEFAULT_CASES);
    if cases > 0 {
        random_small(&mut rng, cases, opts, report);
    }
    // with `--cases 0` no random standard deal, but the whole-suit deals are certified
    let standard = match opts.cases {
        None => DEFAULT_STANDARD_DEALS,
        Some(0) => 0,
        Some(c) => (c / 4).clamp(1, 2000),
    };
    standard_rows(&mut rng, standard, opts, report);
}

/// The generator on its own: every chain state of every one-suit deck (all R and K), and
/// random chain states of random decks.
fn movegen_rows(rng: &mut rng::Rng, opts: &VerifyOptions, report: &mut Report) {
    let start = Instant::now();
    let (mut checked, mut bad, mut first) = (0u64, 0u64, None);
    let mut check = |rules: &Rules, chains: &[Option<(u8, u8)>]| {
        checked += 1;
        if let Err(e) = props::movegen_matches_naive(rules, chains) {
            bad += 1;
            first.get_or_insert(e);
        }
    };
    for ranks in 1..=MAX_RANKS {
        for k in 1..=ranks {
            let rules = Rules::new(1, ranks, Some(k), Stuck::Lose).expect("valid");
            check(&rules, &[None]);
            for lo in 1..=k {
                for hi in k..=ranks {
                    check(&rules, &[Some((lo, hi))]);
                }
            }
        }
    }
    let cases = opts
        .cases
        .map_or(DEFAULT_MOVEGEN_CASES, |c| c.saturating_mul(10));
    for _ in 0..cases {
        let suits = rng.random_range(1..=MAX_SUITS);
        let ranks = rng.random_range(1..=MAX_RANKS);
        let k = rng.random_range(1..=ranks);
        let rules = Rules::new(suits, ranks, Some(k), Stuck::Lose).expect("valid");
        let chains = props::random_chains(rng, &rules);
        check(&rules, &chains);
    }
    report.push_row(Row {
        game: "sevens".into(),
        rules: "every 1-suit deck; random decks".into(),
        solver: "movegen".into(),
        checked,
        mismatches: bad,
        seconds: start.elapsed().as_secs_f64(),
        detail: Some(first.unwrap_or_else(|| {
            format!("playable cards vs the oracle: every 1-suit chain, {cases} random chains")
        })),
    });
}

/// Random decks of at most 24 cards (any shape, start rank and stuck rule) and random
/// deals (three in four give each player half the deck), `cases` shared among 16 decks
/// but at most 30 for a deck of more than 18 cards; rows summed over the decks.
fn random_small(rng: &mut rng::Rng, cases: u64, opts: &VerifyOptions, report: &mut Report) {
    let variants = 16usize.min(cases as usize).max(1);
    let mut work: Vec<(Rules, Vec<Deal>)> = Vec::new();
    for v in 0..variants {
        let rules = random_small_rules(rng);
        let mut share = cases / variants as u64 + u64::from((v as u64) < cases % variants as u64);
        if rules.deck_size() > LARGE_DECK {
            // the oracle takes up to ~0.1 s a deal on 4 × 6: fewer deals of the big decks
            share = share.min(LARGE_DECK_DEALS);
        }
        // a tiny deck has few deals (2^cards): no more draws than that
        share = share.min(1u64 << rules.deck_size().min(63));
        let deals = (0..share)
            .map(|_| {
                let balanced = rules.deck_size().is_multiple_of(2) && rng.random_bool(0.75);
                props::random_deal(rng, &rules, balanced)
            })
            .collect();
        work.push((rules, deals));
    }
    let label = format!(
        "random: {variants} decks of ≤ {MAX_CARDS} cards, seed {}",
        opts.seed
    );
    let bar = Progress::new(opts.progress, cases, "sevens: random decks");
    let wall = Instant::now();
    let results: Vec<(Vec<Row>, Vec<Failure>)> = work
        .par_iter()
        .map(|(rules, deals)| check_against_oracle(rules, label.clone(), deals, "random", &bar))
        .collect();
    bar.finish();
    let wall = wall.elapsed().as_secs_f64();
    let decks: Vec<String> = work
        .iter()
        .map(|(r, d)| format!("{r}×{}", d.len()))
        .collect();
    let mut all_rows = Vec::new();
    for (rows, failures) in results {
        all_rows.extend(rows);
        failures.into_iter().for_each(|f| report.push_failure(f));
    }
    let merged: Vec<Row> = merge_by_solver(all_rows)
        .into_iter()
        .map(|r| Row {
            detail: Some(format!(
                "seconds summed over the decks; {wall:.2} s wall with the oracle; \
                 decks×deals: {}",
                decks.join(", ")
            )),
            ..r
        })
        .collect();
    merged.into_iter().for_each(|r| report.push_row(r));
}

/// A random rule set of at most 24 cards.
pub fn random_small_rules(rng: &mut rng::Rng) -> Rules {
    let suits = rng.random_range(1..=MAX_SUITS);
    let max_ranks = (MAX_CARDS / suits).min(MAX_RANKS as usize) as u8;
    let ranks = rng.random_range(1..=max_ranks);
    let k = rng.random_range(1..=ranks);
    let stuck = if rng.random_bool(0.5) {
        Stuck::Pass
    } else {
        Stuck::Lose
    };
    Rules::new(suits, ranks, Some(k), stuck).expect("valid")
}

/// Both fast solvers against the oracle on `deals` of one rule set.
fn check_against_oracle(
    rules: &Rules,
    label: String,
    deals: &[Deal],
    what: &str,
    bar: &Progress,
) -> (Vec<Row>, Vec<Failure>) {
    let start = Instant::now();
    let mut oracle = Naive::new(rules);
    let expected: Vec<Result<Winner, Refusal>> = deals.iter().map(|d| oracle.solve(d)).collect();
    let oracle_secs = start.elapsed().as_secs_f64();
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let fast: Vec<Box<dyn Solver<Deal, Winner>>> =
        vec![Box::new(Memo::new(rules)), Box::new(Table::new(rules))];
    for mut solver in fast {
        let start = Instant::now();
        let mut i = 0;
        let tally: Tally<Deal, Winner> = compare(
            deals.iter().copied(),
            |_| {
                i += 1;
                expected[i - 1].clone()
            },
            |d| solver.solve(d),
            || {},
        );
        let name = solver.name();
        rows.push(Row {
            game: "sevens".into(),
            rules: label.clone(),
            solver: name.into(),
            checked: tally.checked,
            mismatches: tally.mismatches,
            seconds: start.elapsed().as_secs_f64(),
            detail: Some(format!("{what}; oracle took {oracle_secs:.3} s")),
        });
        if let Some(m) = tally.first {
            let first = first_contest_mismatch(rules, deals, &expected, name).unwrap_or(m.position);
            failures.push(shrink_failure(rules, &[name], first));
        }
    }
    bar.advance(deals.len() as u64);
    (rows, failures)
}

/// The first contest deal (half each) among `deals` on which `solver` disagrees with
/// the oracle's `expected` answers, so the shrunk case can be a contest input.
fn first_contest_mismatch(
    rules: &Rules,
    deals: &[Deal],
    expected: &[Result<Winner, Refusal>],
    solver: &str,
) -> Option<Deal> {
    deals
        .iter()
        .zip(expected)
        .find(|(d, e)| is_contest_deal(rules, d) && answer(rules, solver, d) != **e)
        .map(|(d, _)| *d)
}

/// `memo` against `table` on random standard deals of both stuck rules, and the table
/// certified on the first few and on two whole-suit deals (S+C against H+D, S+H against
/// C+D: draws under `lose`).
fn standard_rows(rng: &mut rng::Rng, deals: u64, opts: &VerifyOptions, report: &mut Report) {
    let work: Vec<(Rules, Vec<Deal>)> = Stuck::ALL
        .iter()
        .map(|&stuck| {
            let rules = Rules::standard_with(stuck);
            let d = (0..deals)
                .map(|_| props::random_deal(rng, &rules, true))
                .collect();
            (rules, d)
        })
        .collect();
    let bar = Progress::new(opts.progress, deals * 2, "sevens: standard deals");
    let results: Vec<(Vec<Row>, Vec<Failure>)> = work
        .par_iter()
        .map(|(rules, deals)| {
            let mut rows = Vec::new();
            let mut failures = Vec::new();
            let start = Instant::now();
            let mut memo = Memo::new(rules);
            let mut table = Table::new(rules);
            let tally = compare(
                deals.iter().copied(),
                |d| memo.solve(d),
                |d| table.solve(d),
                || bar.tick(),
            );
            if !deals.is_empty() {
                rows.push(Row {
                    game: "sevens".into(),
                    rules: format!("{rules} (standard deck)"),
                    solver: "memo vs table".into(),
                    checked: tally.checked,
                    mismatches: tally.mismatches,
                    seconds: start.elapsed().as_secs_f64(),
                    detail: Some(format!("random standard deals, seed {}", opts.seed)),
                });
            }
            if let Some(m) = tally.first {
                failures.push(shrink_failure(rules, &["memo", "table"], m.position));
            }
            // certification
            let start = Instant::now();
            let mut positions = 0;
            let mut bad: Option<String> = None;
            // the first random deals, and two whole-suit deals (drawn under `lose`)
            let mut certified: Vec<Deal> = deals
                .iter()
                .take(CERTIFIED_DEALS as usize)
                .copied()
                .collect();
            certified.push(props::whole_suits_deal(rules, 0b0101));
            certified.push(props::whole_suits_deal(rules, 0b0011));
            for d in &certified {
                let _ = table.solve(d);
                match table.certify() {
                    Ok(n) => positions += n,
                    Err(e) => {
                        bad.get_or_insert(e);
                    }
                }
            }
            rows.push(Row {
                game: "sevens".into(),
                rules: format!("{rules} (standard deck)"),
                solver: "table certify".into(),
                checked: positions,
                mismatches: u64::from(bad.is_some()),
                seconds: start.elapsed().as_secs_f64(),
                detail: Some(bad.unwrap_or_else(|| {
                    format!(
                        "every stored position of {} deals (2 of whole suits): win ⇒ a move to a \
                         loss; loss ⇒ only moves to wins; draw ⇒ a draw and no loss; terminals",
                        certified.len()
                    )
                })),
            });
            (rows, failures)
        })
        .collect();
    bar.finish();
    for (rows, failures) in results {
        rows.into_iter().for_each(|r| report.push_row(r));
        failures.into_iter().for_each(|f| report.push_failure(f));
    }
}

/// The answer of the named solver (`naive`, `memo`, `table`), built fresh.
fn answer(rules: &Rules, solver: &str, deal: &Deal) -> Result<Winner, Refusal> {
    match solver {
        "naive" => Naive::new(rules).solve(deal),
        "memo" => Memo::new(rules).solve(deal),
        _ => Table::new(rules).solve(deal),
    }
}

/// The deal `deal` of `from` restricted to the deck `to`, with `map` sending each card
/// of `from` to its card in `to` (or nowhere).
fn restrict(to: &Rules, deal: &Deal, map: impl Fn(Card) -> Option<Card>) -> Deal {
    let alice: CardSet = deal.alice().cards().filter_map(map).collect();
    Deal::new(to, alice).expect("mapped into the smaller deck")
}

/// The decks one step smaller than `(rules, deal)` (one suit fewer, the top rank or the
/// bottom rank dropped), with the deal restricted to them.
fn deck_steps(rules: &Rules, deal: &Deal) -> Vec<(Rules, Deal)> {
    let (s, r, k) = (rules.suits(), rules.ranks(), rules.start());
    let mut shrunk: Vec<(Rules, Deal)> = Vec::new();
    if s > 1 {
        let to = Rules::new(s - 1, r, Some(k), rules.stuck()).expect("smaller");
        let last = (s - 1) as u8;
        shrunk.push((to, restrict(&to, deal, |c| (c.suit != last).then_some(c))));
    }
    if r > k {
        let to = Rules::new(s, r - 1, Some(k), rules.stuck()).expect("smaller");
        shrunk.push((to, restrict(&to, deal, |c| (c.rank != r).then_some(c))));
    }
    if k > 1 {
        let to = Rules::new(s, r - 1, Some(k - 1), rules.stuck()).expect("smaller");
        shrunk.push((
            to,
            restrict(&to, deal, |c| {
                (c.rank != 1).then(|| Card::new(c.suit, c.rank - 1))
            }),
        ));
    }
    shrunk
}

/// The cases one step smaller than `(rules, deal)`: one suit fewer, the top rank or the
/// bottom rank dropped. A contest deal (half each) stays one: a deck step that leaves
/// an odd deck is followed by a second step, and the hands are rebalanced by moving
/// cards from the larger hand. Any other deal also gets the candidates with one of
/// Alice's cards given to Bob.
pub fn smaller_cases(rules: &Rules, deal: &Deal) -> Vec<(Rules, Deal)> {
    let balanced = is_contest_deal(rules, deal);
    let mut shrunk = deck_steps(rules, deal);
    if !balanced {
        // a library deal: also each of Alice's cards given to Bob
        shrunk.extend(deal.alice().cards().map(|c| {
            let d = Deal::new(rules, deal.alice().without(c)).expect("same deck");
            (*rules, d)
        }));
        return shrunk;
    }
    let odd: Vec<(Rules, Deal)> = shrunk
        .iter()
        .filter(|(r, _)| !r.deck_size().is_multiple_of(2))
        .flat_map(|(r, d)| deck_steps(r, d))
        .collect();
    shrunk.extend(odd);
    let mut out = Vec::new();
    for (to, d) in shrunk {
        let n = to.deck_size();
        if n % 2 == 1 {
            continue;
        }
        let a = d.alice().len();
        if 2 * a == n {
            out.push((to, d));
            continue;
        }
        // move `extra` cards from the larger hand, in each of its rotations
        let (from_alice, extra) = if 2 * a > n {
            (true, a - n / 2)
        } else {
            (false, n / 2 - a)
        };
        let pool: Vec<Card> = if from_alice {
            d.alice().cards().collect()
        } else {
            d.bob().cards().collect()
        };
        for first in 0..pool.len() {
            let moved: Vec<Card> = (0..extra).map(|i| pool[(first + i) % pool.len()]).collect();
            let alice = if from_alice {
                moved.iter().fold(d.alice(), |h, &c| h.without(c))
            } else {
                moved.iter().fold(d.alice(), |h, &c| h.with(c))
            };
            out.push((to, Deal::new(&to, alice).expect("same deck")));
        }
    }
    out
}

/// Whether Alice holds exactly half the deck (a contest deal).
pub fn is_contest_deal(rules: &Rules, deal: &Deal) -> bool {
    2 * deal.alice().len() == rules.deck_size()
}

/// Shrinks a deal on which the named fast solvers (`memo`, `table`) disagree with the
/// oracle — or, on decks over the oracle's 24 cards, with each other — and describes it
/// for a regression test.
pub fn shrink_failure(rules: &Rules, solvers: &[&'static str], deal: Deal) -> Failure {
    let names: Vec<&'static str> = solvers.to_vec();
    shrink_failure_with(rules, &solvers.join(" vs "), deal, move |r, d| {
        names.iter().map(|n| (*n, answer(r, n, d))).collect()
    })
}

/// [`shrink_failure`] with the fast answers from `fast` (named answers for a rules and
/// deal): a case fails when some answer differs from the oracle's (at most 24 cards) or
/// the answers differ among themselves (larger decks). The case is shrunk by
/// [`smaller_cases`] to a local minimum and printed in the contest format (or as
/// Alice's hand, marked, when the deal is not half the deck), with the rules' flags, the
/// reference answer, every fast answer and the oracle's best move.
pub fn shrink_failure_with(
    rules: &Rules,
    label: &str,
    deal: Deal,
    fast: impl Fn(&Rules, &Deal) -> Vec<(&'static str, Result<Winner, Refusal>)>,
) -> Failure {
    let fails = |(r, d): &(Rules, Deal)| {
        let got = fast(r, d);
        if r.deck_size() <= MAX_CARDS {
            let expected = Naive::new(r).solve(d);
            got.iter().any(|(_, a)| *a != expected)
        } else {
            got.windows(2).any(|w| w[0].1 != w[1].1)
        }
    };
    let (small_rules, small) = shrink((*rules, deal), |(r, d)| smaller_cases(r, d), fails);
    let show = |v: &Result<Winner, Refusal>| match v {
        Ok(w) => w.to_string(),
        Err(e) => e.to_string(),
    };
    let case = if is_contest_deal(&small_rules, &small) {
        format::write(&[small])
    } else {
        format!(
            "# not a contest deal (Alice holds {} of {} cards); Alice's hand:\n{}\n",
            small.alice().len(),
            small_rules.deck_size(),
            format::write_deal(&small)
        )
    };
    let expected = if small_rules.deck_size() <= MAX_CARDS {
        format!("{} (naive)", show(&Naive::new(&small_rules).solve(&small)))
    } else {
        "unknown (more than 24 cards: the oracle refuses)".into()
    };
    let got: Vec<String> = fast(&small_rules, &small)
        .iter()
        .map(|(n, a)| format!("{n}: {}", show(a)))
        .collect();
    Failure {
        game: "sevens".into(),
        rules: format!("{small_rules} [{}]", small_rules.flags()),
        solver: label.into(),
        case,
        expected,
        got: got.join(", "),
        best_move: Naive::new(&small_rules).best_move(&small).ok().flatten(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_cases_keep_contest_deals_balanced() {
        let rules = Rules::new(2, 4, None, Stuck::Lose).unwrap();
        let mut rng = rng::from_seed(3);
        let deal = props::random_deal(&mut rng, &rules, true);
        let smaller = smaller_cases(&rules, &deal);
        assert!(!smaller.is_empty());
        for (r, d) in smaller {
            assert!(r.deck_size() < rules.deck_size());
            assert_eq!(2 * d.alice().len(), r.deck_size(), "{r}: {}", d.alice());
        }
    }

    #[test]
    fn a_planted_disagreement_shrinks_and_prints() {
        // compare the oracle under `lose` with a "solver" that is the oracle under
        // `pass`: they disagree on many deals; the shrunk one is small and printable
        let rules = Rules::new(2, 4, None, Stuck::Lose).unwrap();
        let pass = rules.with_stuck(Stuck::Pass);
        let fails = |(r, d): &(Rules, Deal)| {
            Naive::new(r).solve(d) != Naive::new(&r.with_stuck(Stuck::Pass)).solve(d)
        };
        let start = every_deal(&rules)
            .into_iter()
            .find(|d| 2 * d.alice().len() == 8 && fails(&(rules, *d)))
            .expect("some deal differs");
        let _ = pass;
        let (r, d) = shrink((rules, start), |(r, d)| smaller_cases(r, d), fails);
        assert!(r.deck_size() <= rules.deck_size());
        assert!(fails(&(r, d)));
        assert!(format::read(&format::write(&[d]), &r).is_ok());
    }

    #[test]
    fn a_planted_wrong_solver_shrinks_to_a_small_contest_case() {
        // "table, except that a draw is reported as a win for Bob"
        let planted = |r: &Rules, d: &Deal| {
            let a = Table::new(r).solve(d).map(|w| match w {
                Winner::Draw => Winner::Bob,
                w => w,
            });
            vec![("planted", a)]
        };
        let rules = Rules::new(4, 6, None, Stuck::Lose).unwrap();
        let start = props::whole_suits_deal(&rules, 0b0101); // a draw
        assert_eq!(Naive::new(&rules).solve(&start), Ok(Winner::Draw));
        let f = shrink_failure_with(&rules, "planted", start, planted);
        assert_eq!(f.expected, "Draw (naive)");
        assert_eq!(f.got, "planted: Bob");
        // the shrunk case is a contest input of a smaller deck, with its rules
        let flags: Vec<&str> = f
            .rules
            .split(['[', ']'])
            .nth(1)
            .unwrap()
            .split(' ')
            .collect();
        let suits: usize = flags[1].parse().unwrap();
        let ranks: u8 = flags[3].parse().unwrap();
        let k: u8 = flags[5].parse().unwrap();
        assert!(suits * (ranks as usize) < rules.deck_size(), "{}", f.rules);
        let small = Rules::new(suits, ranks, Some(k), Stuck::Lose).unwrap();
        let deals = format::read(&f.case, &small).unwrap();
        assert_eq!(Naive::new(&small).solve(&deals[0]), Ok(Winner::Draw));
        // one suit of two cards, one each, is the smallest drawn contest deal
        assert_eq!(small.deck_size(), 2, "{}: {}", f.rules, f.case);
        assert!(f.best_move.unwrap().contains("keeps the draw"));
    }
}
