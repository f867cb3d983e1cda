//! `gamecheck verify` for paint: the period proof of `g`; the move generator and every
//! fast solver against the oracle on every 2 × N position for N = 1..=8; random
//! positions of N ≤ 12 with at most 20 unpainted cells; `grundy` against `periodic` on
//! random positions of N ≤ 5,000. A mismatch is shrunk to the smallest N and the fewest
//! unpainted cells greedy steps reach.

use super::grundy::Grundy;
use super::naive::{describe_move, Naive};
use super::periodic::{prove_period, Period, Periodic};
use super::{format, props, solver_by_name, Cell, Position, MAX_COLUMNS_REMOVED};
use crate::harness::report::merge_by_solver;
use crate::harness::{compare, shrink, Failure, Progress, Report, Row, VerifyOptions};
use crate::outcome::Value;
use crate::rng;
use crate::solver::{Refusal, Solver};
use rand::Rng as _;
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::Instant;

/// Every position is checked for N = 1..=`EXHAUSTIVE_MAX_N` (4^N positions each).
pub const EXHAUSTIVE_MAX_N: u64 = 8;
/// Random positions against the oracle have N ≤ this.
pub const RANDOM_MAX_N: u64 = 12;
/// … and at most this many unpainted cells.
pub const RANDOM_MAX_UNPAINTED: usize = 20;
/// Random positions of `grundy` against `periodic` have N ≤ this.
pub const LARGE_MAX_N: u64 = 5000;
/// Random cases of the default budget (each kind: small against the oracle, large
/// `grundy` against `periodic`).
pub const DEFAULT_CASES: u64 = 1500;

/// The fast solvers compared with the oracle.
const FAST: [&str; 3] = ["bitmask", "grundy", "periodic"];

fn row(rules: &str, solver: &str, checked: u64, mismatches: u64, secs: f64, detail: String) -> Row {
    Row {
        game: "paint".into(),
        rules: rules.into(),
        solver: solver.into(),
        checked,
        mismatches,
        seconds: secs,
        detail: Some(detail),
    }
}

/// The period row's detail: `period 12, pre-period 71, proved: g(n+12) = g(n) for
/// 71 ≤ n ≤ 156 (t = 2; g computed to 255)`.
pub fn describe_period(p: &Period) -> String {
    format!(
        "period {}, pre-period {}; proved: g(n+{}) = g(n) for {} ≤ n ≤ {} = 2·n0+p+t (t = {}, g computed to {})",
        p.period,
        p.pre_period,
        p.period,
        p.pre_period,
        p.proof_end,
        MAX_COLUMNS_REMOVED,
        p.computed - 1
    )
}

/// Every position of N columns (4^N of them, so N ≤ 31 and in practice N ≤ 10), cell
/// `i` of the bits being row `i / N + 1`, column `i mod N + 1`.
pub fn every_position(n: u64) -> Vec<Position> {
    (0..1u64 << (2 * n))
        .map(|bits| {
            let painted = (0..2 * n)
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| Cell::new((i / n) as u8 + 1, i % n + 1))
                .collect();
            Position::new(n, painted).expect("valid by construction")
        })
        .collect()
}

/// Runs the paint checks into `report`.
pub fn verify(opts: &VerifyOptions, report: &mut Report) {
    // the period, found and proved
    let start = Instant::now();
    let period = Period::discover();
    let secs = start.elapsed().as_secs_f64();
    let period_detail = match &period {
        Ok((g, p)) => {
            let ok = prove_period(g, p.pre_period, p.period, MAX_COLUMNS_REMOVED);
            report.push_row(row(
                "g(L) of a run",
                "period proof",
                (p.proof_end - p.pre_period + 1) as u64,
                u64::from(!ok),
                secs,
                describe_period(p),
            ));
            describe_period(p)
        }
        Err(e) => {
            report.push_row(row("g(L) of a run", "period proof", 0, 1, secs, e.clone()));
            return;
        }
    };

    exhaustive(opts, report, &period_detail);
    let cases = opts.cases.unwrap_or(DEFAULT_CASES);
    if cases > 0 {
        random_small(opts, cases, report, &period_detail);
        random_large(opts, cases, report, &period_detail);
    }
}

/// The result of comparing one solver on a list of positions.
struct Compared {
    solver: &'static str,
    checked: u64,
    mismatches: u64,
    seconds: f64,
    first: Option<Position>,
}

/// One row per solver, the counts summed over `compared` ([`merge_by_solver`]), and the
/// first mismatch of each solver in the order met (for shrinking).
fn rows_and_firsts(
    compared: impl IntoIterator<Item = Compared>,
    rules: &str,
    detail: impl Fn(&str) -> String,
) -> (Vec<Row>, Vec<(&'static str, Position)>) {
    let mut firsts: Vec<(&'static str, Position)> = Vec::new();
    let mut rows = Vec::new();
    for c in compared {
        if let Some(p) = &c.first {
            if !firsts.iter().any(|(s, _)| *s == c.solver) {
                firsts.push((c.solver, p.clone()));
            }
        }
        rows.push(row(
            rules,
            c.solver,
            c.checked,
            c.mismatches,
            c.seconds,
            detail(c.solver),
        ));
    }
    (merge_by_solver(rows), firsts)
}

/// Compares every solver in `names` with `expected` (the reference's answers).
fn compare_all(
    names: &[&'static str],
    positions: &[Position],
    expected: &[Result<Value, Refusal>],
    bar: &Progress,
) -> Vec<Compared> {
    names
        .iter()
        .map(|&name| {
            let mut solver = solver_by_name(name).expect("known solver");
            let start = Instant::now();
            let mut i = 0;
            let tally = compare(
                positions.iter().cloned(),
                |_| {
                    i += 1;
                    expected[i - 1].clone()
                },
                |p| solver.solve(p),
                || bar.tick(),
            );
            Compared {
                solver: name,
                checked: tally.checked,
                mismatches: tally.mismatches,
                seconds: start.elapsed().as_secs_f64(),
                first: tally.first.map(|m| m.position),
            }
        })
        .collect()
}

/// The results for one N of the exhaustive check.
struct PerN {
    compared: Vec<Compared>,
    gen_bad: u64,
    g_bad: u64,
    gen_secs: f64,
    g_secs: f64,
    gen_first: Option<String>,
    g_first: Option<String>,
}

fn exhaustive(opts: &VerifyOptions, report: &mut Report, period_detail: &str) {
    let total: u64 = (1..=EXHAUSTIVE_MAX_N).map(|n| 1u64 << (2 * n)).sum();
    let bar = Progress::new(opts.progress, total * 6, "paint: every position");
    let rules = format!("every 2 × N, N = 1..={EXHAUSTIVE_MAX_N}");
    // one task per N, largest first; each with its own oracle memo
    let per_n: Vec<PerN> = (1..=EXHAUSTIVE_MAX_N)
        .rev()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|n| {
            let positions = every_position(n);
            // the move generator on its own
            let start = Instant::now();
            let mut gen_bad = 0;
            let mut gen_first = None;
            for p in &positions {
                if let Err(e) = props::movegen_matches_naive(p) {
                    gen_bad += 1;
                    gen_first.get_or_insert(e);
                }
                bar.tick();
            }
            let gen_secs = start.elapsed().as_secs_f64();
            // the oracle, once
            let start = Instant::now();
            let mut oracle = Naive::new();
            let expected: Vec<Result<Value, Refusal>> = positions
                .iter()
                .map(|p| {
                    bar.tick();
                    oracle.solve(p)
                })
                .collect();
            let oracle_secs = start.elapsed().as_secs_f64();
            let compared = compare_all(&FAST, &positions, &expected, &bar);
            // Grundy values themselves: oracle's mex recursion against periodic's XOR
            let start = Instant::now();
            let mut periodic = Periodic::new();
            let mut g_bad = 0;
            let mut g_first = None;
            for p in &positions {
                let g = oracle.grundy_value(p).expect("within the oracle's limit");
                if g != periodic.grundy_value(p) {
                    g_bad += 1;
                    g_first.get_or_insert(format!(
                        "Grundy value at {p}: oracle {g}, periodic {}",
                        periodic.grundy_value(p)
                    ));
                }
                bar.tick();
            }
            PerN {
                compared,
                gen_bad,
                g_bad,
                gen_secs: gen_secs + oracle_secs,
                g_secs: start.elapsed().as_secs_f64(),
                gen_first,
                g_first,
            }
        })
        .collect();
    bar.finish();

    let mut gen = (0u64, 0.0f64, None);
    let mut gvals = (0u64, 0.0f64, None);
    let mut all_compared = Vec::new();
    // smallest N first, so each solver's first mismatch is at the smallest N
    for PerN {
        compared,
        gen_bad,
        g_bad,
        gen_secs,
        g_secs,
        gen_first,
        g_first,
    } in per_n.into_iter().rev()
    {
        gen.0 += gen_bad;
        gen.1 += gen_secs;
        gen.2 = gen.2.or(gen_first);
        gvals.0 += g_bad;
        gvals.1 += g_secs;
        gvals.2 = gvals.2.or(g_first);
        all_compared.extend(compared);
    }
    let (rows, firsts) = rows_and_firsts(all_compared, &rules, |solver| {
        if solver == "periodic" {
            period_detail.to_string()
        } else {
            "against the oracle (two text rows)".into()
        }
    });
    report.push_row(row(
        &rules,
        "movegen",
        total,
        gen.0,
        gen.1,
        gen.2
            .clone()
            .unwrap_or_else(|| "bitmask vs oracle generator; time includes the oracle".into()),
    ));
    rows.into_iter().for_each(|r| report.push_row(r));
    report.push_row(row(
        &rules,
        "grundy values",
        total,
        gvals.0,
        gvals.1,
        gvals
            .2
            .unwrap_or_else(|| "periodic's XOR of parts vs the oracle's mex recursion".into()),
    ));
    for (solver, p) in firsts {
        report.push_failure(shrink_failure(solver, "naive", p));
    }
}

/// A random position of N ≤ 12 with at most 20 unpainted cells: N uniform, the number
/// of unpainted cells uniform in `0..=min(20, 2N)`, placed uniformly.
pub fn random_small_position(rng: &mut rng::Rng) -> Position {
    let n = rng.random_range(1..=RANDOM_MAX_N);
    let cells = 2 * n as usize;
    let unpainted = rng.random_range(0..=RANDOM_MAX_UNPAINTED.min(cells));
    let mut order: Vec<usize> = (0..cells).collect();
    for i in 0..cells {
        let j = rng.random_range(i..cells);
        order.swap(i, j);
    }
    let painted = order[unpainted..]
        .iter()
        .map(|&i| Cell::new((i % 2) as u8 + 1, (i / 2) as u64 + 1))
        .collect();
    Position::new(n, painted).expect("valid by construction")
}

/// A random position of N ≤ 5,000: sparse (up to 64 cells), or up to N/2 random cells.
pub fn random_large_position(rng: &mut rng::Rng) -> Position {
    let n = rng.random_range(1..=LARGE_MAX_N);
    let m = if rng.random_bool(0.5) {
        rng.random_range(0..=64u64.min(2 * n))
    } else {
        rng.random_range(0..=n / 2)
    };
    let mut seen = HashSet::new();
    let painted = (0..m)
        .map(|_| Cell::new(rng.random_range(1..=2), rng.random_range(1..=n)))
        .filter(|c| seen.insert(*c))
        .collect();
    Position::new(n, painted).expect("valid by construction")
}

fn random_small(opts: &VerifyOptions, cases: u64, report: &mut Report, period_detail: &str) {
    let mut rng = rng::from_seed(opts.seed);
    let positions: Vec<Position> = (0..cases)
        .map(|_| random_small_position(&mut rng))
        .collect();
    let bar = Progress::new(opts.progress, cases * 4, "paint: random N ≤ 12");
    // two halves in parallel, each with its own oracle memo
    let half = positions.len().div_ceil(2).max(1);
    let chunks: Vec<&[Position]> = positions.chunks(half).collect();
    let results: Vec<(Vec<Compared>, f64)> = chunks
        .par_iter()
        .map(|chunk| {
            let start = Instant::now();
            let mut oracle = Naive::new();
            let expected: Vec<Result<Value, Refusal>> = chunk
                .iter()
                .map(|p| {
                    bar.tick();
                    oracle.solve(p)
                })
                .collect();
            let oracle_secs = start.elapsed().as_secs_f64();
            (compare_all(&FAST, chunk, &expected, &bar), oracle_secs)
        })
        .collect();
    let oracle_secs: f64 = results.iter().map(|r| r.1).sum();
    bar.finish();
    let rules = format!(
        "random N ≤ {RANDOM_MAX_N}, ≤ {RANDOM_MAX_UNPAINTED} unpainted, seed {}",
        opts.seed
    );
    let compared = results.into_iter().flat_map(|(c, _)| c);
    let (rows, firsts) = rows_and_firsts(compared, &rules, |solver| {
        if solver == "periodic" {
            period_detail.to_string()
        } else {
            format!("against the oracle (which took {oracle_secs:.3} s)")
        }
    });
    rows.into_iter().for_each(|r| report.push_row(r));
    for (solver, p) in firsts {
        report.push_failure(shrink_failure(solver, "naive", p));
    }
}

fn random_large(opts: &VerifyOptions, cases: u64, report: &mut Report, period_detail: &str) {
    let mut rng = rng::from_seed(opts.seed ^ 0x0070_6169_6E74); // "paint"
    let positions: Vec<Position> = (0..cases)
        .map(|_| random_large_position(&mut rng))
        .collect();
    let bar = Progress::new(opts.progress, cases, "paint: grundy vs periodic");
    let start = Instant::now();
    let mut grundy = Grundy::new();
    let mut periodic = Periodic::new();
    let tally = compare(
        positions.iter().cloned(),
        |p| grundy.solve(p),
        |p| periodic.solve(p),
        || bar.tick(),
    );
    bar.finish();
    report.push_row(row(
        &format!("random N ≤ {LARGE_MAX_N}, seed {}", opts.seed),
        "periodic vs grundy",
        tally.checked,
        tally.mismatches,
        start.elapsed().as_secs_f64(),
        format!("reference: grundy's full table; {period_detail}"),
    ));
    if let Some(m) = tally.first {
        report.push_failure(shrink_failure("periodic", "grundy", m.position));
    }
}

/// The answer of solver `name` (built fresh) at `p`.
fn answer(name: &str, p: &Position) -> Result<Value, Refusal> {
    solver_by_name(name).expect("known solver").solve(p)
}

/// Positions one step smaller than `p`: the halves, one column less at either end, then
/// one more cell painted (for N ≤ 64).
pub fn smaller(p: &Position) -> Vec<Position> {
    let n = p.n();
    let mut c = Vec::new();
    if n > 1 {
        c.push(p.slice(1, n / 2));
        c.push(p.slice(n / 2 + 1, n));
        c.push(p.slice(1, n - 1));
        c.push(p.slice(2, n));
    }
    if n <= 64 {
        for cell in p.unpainted_cells() {
            c.push(p.with_painted(cell).expect("unpainted"));
        }
    }
    c
}

/// Shrinks `start` (for which `fails` holds) along [`smaller`]: first N, then the
/// unpainted cells, to a position none of whose smaller neighbours fails.
pub fn shrink_position(start: Position, fails: impl FnMut(&Position) -> bool) -> Position {
    shrink(start, smaller, fails)
}

/// Shrinks a position where `solver` and `reference` disagree to the smallest N and the
/// fewest unpainted cells greedy steps reach (see [`smaller`]), and describes it for a
/// regression test.
pub fn shrink_failure(solver: &str, reference: &str, start: Position) -> Failure {
    let small = shrink_position(start, |p| answer(reference, p) != answer(solver, p));
    let show = |v: Result<Value, Refusal>| match v {
        Ok(v) => format!("{} ({v})", v.for_alice_to_move()),
        Err(e) => e.to_string(),
    };
    let mut oracle = Naive::new();
    Failure {
        game: "paint".into(),
        rules: format!("standard (reference: {reference}); {small}"),
        solver: solver.into(),
        case: format::write(std::slice::from_ref(&small)),
        expected: show(answer(reference, &small)),
        got: show(answer(solver, &small)),
        best_move: oracle
            .best_move(&small)
            .ok()
            .flatten()
            .map(|m| describe_move(&m)),
    }
}
