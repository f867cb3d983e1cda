//! Octal games against values known independently of this project (Guy & Smith 1956;
//! *Winning Ways* ch. 4; OEIS A002186 for Kayles, A002187 for Dawson's Kayles): the
//! first Grundy values, the proved periods and pre-periods, and the proof's inclusive
//! bound on `.4`, where the strict bound "proves" a false period.

use gamecheck::grundy::{prove_period, GrundyPart, Period};
use gamecheck_games::octal::game::{independent_g, short_codes};
use gamecheck_games::octal::grundy::table;
use gamecheck_games::octal::periodic::Periodic;
use gamecheck_games::octal::{Code, OctalGame, Rules};

fn code(s: &str) -> Code {
    s.parse().unwrap()
}

#[test]
fn kayles_values_and_period_12_from_71() {
    let g = table(&code(".77"), 20);
    assert_eq!(
        g,
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
    );
    let p = Periodic::new(&code(".77"), 4096).period().unwrap();
    assert_eq!((p.period, p.pre_period), (12, 71));
    // the last exception: g(70) ≠ g(82) (the pre-period is the last exception plus one)
    let long = table(&code(".77"), 2000);
    assert_ne!(long[70], long[82]);
    assert!((71..2000 - 12).all(|n| long[n + 12] == long[n]));
}

#[test]
fn dawsons_kayles_values_and_period_34_from_53() {
    let g = table(&code(".07"), 17);
    assert_eq!(g, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]);
    let p = Periodic::new(&code(".07"), 4096).period().unwrap();
    assert_eq!((p.period, p.pre_period), (34, 53));
    let long = table(&code(".07"), 3000);
    assert_ne!(long[52], long[86]);
    assert!((53..3000 - 34).all(|n| long[n + 34] == long[n]));
}

#[test]
fn the_strict_bound_proves_a_false_period_for_dot_4_and_ours_does_not() {
    let c = code(".4");
    let g = table(&c, 400);
    assert_eq!(&g[..6], &[0, 0, 0, 1, 1, 2]);
    // strict: n0 ≤ n < 2·n0 + p + t with n0 = 0, p = 1, t = 1 checks g(1) = g(0), g(2) = g(1)
    assert!((0..2).all(|n| g[n + 1] == g[n]));
    assert!(!prove_period(&g, 0, 1, c.t()));
    if let Some(p) = Period::find(&g, c.t()) {
        assert_ne!((p.period, p.pre_period), (1, 0));
    }
}

#[test]
fn every_proved_period_of_a_short_code_holds_far_beyond_its_proof() {
    for c in short_codes() {
        let p = Periodic::within(&c, 1024);
        let Some(q) = p.period() else { continue };
        let far = (q.proof_end + q.period) * 3;
        let g = independent_g(&c, far);
        assert!(
            (q.pre_period..far - q.period).all(|n| g[n + q.period] == g[n]),
            "{c}: {q:?}"
        );
    }
}

#[test]
fn the_grundy_part_gives_the_same_sequence_and_period() {
    let rules = Rules::new(code(".77"));
    assert_eq!(OctalGame::values(&rules, 20), table(&code(".77"), 20));
    assert_eq!(OctalGame::max_removed(&rules), 2);
    let (_, p) = OctalGame::period(&rules, 20_000);
    assert_eq!(p.map(|p| (p.period, p.pre_period)), Some((12, 71)));
    // too few values to prove it
    assert!(OctalGame::period(&rules, 150).1.is_none());
}
