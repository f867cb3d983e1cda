//! The Grundy values of runs and their proved period, checked from outside: `g` is
//! recomputed here from the mex recurrence of the Grundy values (own code, own mex) far beyond the
//! proof range, the recurrence itself is checked against the oracle's mex recursion on
//! the empty strip, and the found period is the smallest.

use gamecheck_games::paint::grundy::{self, Grundy};
use gamecheck_games::paint::naive::Naive;
use gamecheck_games::paint::periodic::{prove_period, Period, Periodic};
use gamecheck_games::paint::{Position, MAX_COLUMNS_REMOVED};

/// How far the naive recomputation goes: well past the proof range.
const FAR: usize = 3000;

/// `g(0..len)` straight from the recurrence, with a sorted-vector mex.
fn g_naive(len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for l in 1..len {
        let mut options: Vec<u32> = (0..l).map(|i| g[i] ^ 1 ^ g[l - 1 - i]).collect();
        if l >= 2 {
            options.extend((0..=l - 2).map(|i| g[i] ^ g[l - 2 - i]));
        }
        options.sort_unstable();
        options.dedup();
        let mut m = 0;
        for v in options {
            if v == m {
                m += 1;
            } else if v > m {
                break;
            }
        }
        g[l] = m;
    }
    g
}

#[test]
fn periodic_matches_g_recomputed_naively_to_3000() {
    let g = g_naive(FAR + 1);
    let periodic = Periodic::new();
    let p = periodic.period();
    assert!(
        p.proof_end + p.period < FAR / 4,
        "the recomputation must go far beyond the proof range ({p:?})"
    );
    for (l, &expected) in g.iter().enumerate() {
        assert_eq!(periodic.g(l as u64), expected, "g({l}), {p:?}");
    }
    // and no exception to the period anywhere up to 3000
    for n in p.pre_period..=FAR - p.period {
        assert_eq!(g[n + p.period], g[n], "g({}) ≠ g({n})", n + p.period);
    }
    // the library's own table agrees too
    assert_eq!(grundy::table(FAR + 1), g);
}

#[test]
fn the_recurrence_is_the_oracles_grundy_value_of_the_empty_strip() {
    let g = g_naive(10);
    let mut oracle = Naive::new();
    for (l, &expected) in g.iter().enumerate().skip(1) {
        let strip = Position::empty(l as u64).unwrap();
        assert_eq!(oracle.grundy_value(&strip).unwrap(), expected, "L = {l}");
    }
}

#[test]
fn the_found_period_and_pre_period_are_the_smallest() {
    let g = g_naive(FAR + 1);
    let p = Periodic::new().period();
    // no smaller period holds from any n0 up to the end of the recomputation
    for q in 1..p.period {
        let n0 = (0..=FAR - q)
            .rev()
            .find(|&n| g[n + q] != g[n])
            .map_or(0, |n| n + 1);
        assert!(
            n0 + 2 * q > FAR,
            "period {q} would hold from {n0} in the first {FAR} values"
        );
    }
    // the pre-period cannot start one earlier
    if p.pre_period > 0 {
        let n = p.pre_period - 1;
        assert_ne!(g[n + p.period], g[n]);
    }
    // and find() on the naive table gives the same answer
    let again = Period::find(&g, MAX_COLUMNS_REMOVED).unwrap();
    assert_eq!((again.pre_period, again.period), (p.pre_period, p.period));
}

#[test]
fn prove_period_rejects_p1_on_the_real_g_and_short_checks() {
    let g = g_naive(FAR + 1);
    // g(0) = g(1), so a check of one period would "prove" p = 1 from n0 = 0
    assert_eq!(g[0], g[1]);
    assert!(!prove_period(&g, 0, 1, MAX_COLUMNS_REMOVED));
    let p = Periodic::new().period();
    assert!(prove_period(
        &g,
        p.pre_period,
        p.period,
        MAX_COLUMNS_REMOVED
    ));
    // a table too short for 2·n0 + 2p + t proves nothing
    let need = 2 * p.pre_period + 2 * p.period + MAX_COLUMNS_REMOVED;
    assert!(!prove_period(
        &g[..need],
        p.pre_period,
        p.period,
        MAX_COLUMNS_REMOVED
    ));
    assert!(prove_period(
        &g[..need + 1],
        p.pre_period,
        p.period,
        MAX_COLUMNS_REMOVED
    ));
}

#[test]
fn prove_period_on_made_up_sequences() {
    // 9, then 3 4 5 3 4 5 …: period 3 from n0 = 1; the proof reads up to 2 + 3 + 2 + 3
    let mut g = vec![9u32];
    g.extend((0..40).map(|i| 3 + (i % 3) as u32));
    assert!(prove_period(&g, 1, 3, 2));
    // break it at the last index the proof reads: still one full period repeats, yet
    // the proof must fail
    let mut broken = g.clone();
    broken[2 + 3 + 2 + 3] = 0;
    assert!((1..1 + 3).all(|n| broken[n + 3] == broken[n]));
    assert!(!prove_period(&broken, 1, 3, 2));
    // breaking it just beyond the proof range does not matter to the proof
    let mut late = g.clone();
    late[2 + 3 + 2 + 3 + 1] = 0;
    assert!(prove_period(&late, 1, 3, 2));
    // a pre-period that is too small fails (g(0) = 9 ≠ g(3) = 5)
    assert!(!prove_period(&g, 0, 3, 2));
    // a longer t reads further
    assert!(!prove_period(&late, 1, 3, 3));
}

#[test]
fn grundy_refuses_past_its_limit_but_periodic_answers() {
    let long = Position::empty(grundy::MAX_RUN + 1).unwrap();
    assert!(Grundy::new().grundy_value(&long).is_err());
    let mut periodic = Periodic::new();
    let expected = periodic.g(grundy::MAX_RUN + 1);
    assert_eq!(periodic.grundy_value(&long), expected);
}
