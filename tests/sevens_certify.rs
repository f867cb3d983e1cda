//! Certification: after solving a standard deal, every position the table stored is
//! checked for win/draw/loss consistency with its moves (a pass is a move under `pass`)
//! and terminal positions for the end rule's value — for `lose` and for `pass` deals.

use gamecheck::game::Game as _;
use gamecheck::outcome::Winner;
use gamecheck::rng::Size;
use gamecheck::solver::Solver;
use gamecheck_games::sevens::memo::Memo;
use gamecheck_games::sevens::table::Table;
use gamecheck_games::sevens::{format, props, Rules, SevensGame, Stuck};

const SAMPLE_IN: &str = include_str!("data/sevens_sample.in");

fn certify_deals(stuck: Stuck, seed: u64, n: usize) -> u64 {
    let rules = Rules::standard_with(stuck);
    let mut rng = gamecheck::rng::from_seed(seed);
    let mut deals = format::read(SAMPLE_IN, &rules).unwrap();
    deals.extend((0..n).map(|_| SevensGame::random_case(&rules, &mut rng, Size::FULL)));
    let mut table = Table::new(&rules);
    let mut memo = Memo::new(&rules);
    let mut positions = 0;
    for d in &deals {
        let w = table.solve(d).unwrap();
        assert_eq!(
            w,
            memo.solve(d).unwrap(),
            "memo and table under {rules}: {}",
            d.alice()
        );
        match table.certify() {
            Ok(n) => positions += n,
            Err(e) => panic!("certification failed under {rules} for {}: {e}", d.alice()),
        }
    }
    positions
}

#[test]
fn standard_lose_tables_certify() {
    let n = certify_deals(Stuck::Lose, 11, 30);
    assert!(n > 1000, "only {n} positions certified");
}

#[test]
fn standard_pass_tables_certify() {
    let n = certify_deals(Stuck::Pass, 12, 30);
    assert!(n > 1000, "only {n} positions certified");
}

#[test]
fn drawn_standard_deals_certify_their_draws() {
    // whole suits of equal count: a draw, so the certificate walks draw positions
    let rules = Rules::standard();
    let mut table = Table::new(&rules);
    for mask in [0b0011u8, 0b0101, 0b1001, 0b0110] {
        let deal = props::whole_suits_deal(&rules, mask);
        assert_eq!(table.solve(&deal).unwrap(), Winner::Draw);
        table.certify().unwrap();
    }
}

#[test]
fn small_decks_certify_on_every_deal() {
    for stuck in Stuck::ALL {
        let rules = Rules::new(3, 4, None, stuck).unwrap();
        let mut table = Table::new(&rules);
        for deal in gamecheck_games::sevens::game::every_deal(&rules) {
            let _ = table.solve(&deal).unwrap();
            // a `pass` deal with an empty hand ends before the opening: nothing stored
            if stuck == Stuck::Pass && (deal.alice().is_empty() || deal.bob().is_empty()) {
                assert!(table.certify().is_err());
                continue;
            }
            if let Err(e) = table.certify() {
                panic!("under {rules} for {}: {e}", deal.alice());
            }
        }
    }
}

#[test]
fn nothing_solved_is_not_certified() {
    assert!(Table::new(&Rules::standard()).certify().is_err());
}
