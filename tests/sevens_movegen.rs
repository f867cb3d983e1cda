//! The fast playable-card generator against the oracle's, on its own: the set of
//! playable cards (before asking whose hand they are in) for random decks and chains,
//! and for every chain state of small decks.

use gamecheck_games::sevens::movegen::{MoveGen, Pack};
use gamecheck_games::sevens::props::{self, movegen_matches_naive, played_bits};
use gamecheck_games::sevens::{Rules, Stuck};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct("proptest-regressions/sevens_movegen.txt"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn playable_cards_match_the_oracle(seed in any::<u64>(), suits in 1usize..=4, ranks in 1u8..=13, k in any::<u8>()) {
        let rules = Rules::new(suits, ranks, Some(1 + k % ranks), Stuck::Lose).unwrap();
        let mut rng = gamecheck::rng::from_seed(seed);
        let chains = props::random_chains(&mut rng, &rules);
        if let Err(e) = movegen_matches_naive(&rules, &chains) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// Every chain state of every deck of two suits (all R, all K): the generator and the
/// packing, which must give each state its own index.
#[test]
fn every_chain_state_of_two_suit_decks() {
    for ranks in 1..=13u8 {
        for k in 1..=ranks {
            let rules = Rules::new(2, ranks, Some(k), Stuck::Lose).unwrap();
            let states: Vec<Option<(u8, u8)>> = std::iter::once(None)
                .chain((1..=k).flat_map(|lo| (k..=ranks).map(move |hi| Some((lo, hi)))))
                .collect();
            assert_eq!(states.len(), rules.chain_states());
            let pack = Pack::new(&rules);
            let mut seen = std::collections::HashSet::new();
            for &a in &states {
                for &b in &states {
                    movegen_matches_naive(&rules, &[a, b]).unwrap();
                    let i = pack.index(played_bits(&[a, b]));
                    assert!((i as usize) < pack.indices());
                    assert!(
                        seen.insert(i),
                        "two chain states share index {i} under {rules}"
                    );
                    assert_eq!(pack.unpack(i), played_bits(&[a, b]));
                }
            }
        }
    }
}

/// The edges, by hand: a full suit offers nothing, a run at rank 1 or rank R offers only
/// its inner neighbour, nothing is ever rank 0 or R + 1.
#[test]
fn the_ends_of_the_deck_are_never_offered() {
    let rules = Rules::new(4, 13, None, Stuck::Lose).unwrap();
    let gen = MoveGen::new(&rules);
    let full = played_bits(&[Some((1, 13)), Some((1, 7)), Some((7, 13)), None]);
    let p = gen.playable(full);
    let names: Vec<String> = gamecheck_games::sevens::CardSet(p)
        .cards()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(names, ["H8", "C6", "D7"]);
    let small = Rules::new(1, 3, Some(3), Stuck::Lose).unwrap();
    let gen = MoveGen::new(&small);
    assert_eq!(gen.playable(played_bits(&[Some((2, 3))])), 1 << 1);
    assert_eq!(gen.playable(played_bits(&[Some((1, 3))])), 0);
}

/// Shrunk by proptest while checking a planted bug (`proptest-regressions/sevens_movegen.txt`):
/// two suits of one rank, whose start card is also both chain ends.
#[test]
fn regression_two_suits_of_one_rank() {
    let rules = Rules::new(2, 1, Some(1), Stuck::Lose).unwrap();
    let mut rng = gamecheck::rng::from_seed(6481818705763481216);
    for _ in 0..64 {
        let chains = props::random_chains(&mut rng, &rules);
        movegen_matches_naive(&rules, &chains).unwrap();
    }
}
