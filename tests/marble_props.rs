//! Property tests (proptest): for random rule variants of every side and random
//! positions, the fast solvers agree with the oracle and the move generators agree.
//! Case counts come from `PROPTEST_CASES` (default 256).

use gamecheck::harness::laws::{rule_sets, solvers_agree};
use gamecheck_games::marble::props::movegen_matches_naive;
use gamecheck_games::marble::{full_mask, MarbleGame, Position, Rules};
use proptest::prelude::*;

/// Any rule set of sides 1..=4, or one of the cached side-5 rule sets: the game's one
/// generator of rule sets.
fn rules() -> impl Strategy<Value = Rules> {
    rule_sets::<MarbleGame>()
}

/// A rule set and a position of its side with at most `max_empty` empty cells.
fn case(max_empty: usize) -> impl Strategy<Value = (Rules, Position)> {
    rules()
        .prop_flat_map(move |r| {
            let cells = r.cells();
            (
                Just(r),
                prop::collection::btree_set(0..cells, 0..=max_empty.min(cells)),
            )
        })
        .prop_map(|(r, holes)| {
            let holes = holes.iter().fold(0u64, |m, &i| m | 1 << i);
            (r, Position::new(r.side(), full_mask(r.side()) & !holes))
        })
}

proptest! {
    #[test]
    fn fast_solvers_agree_with_the_oracle((rules, pos) in case(11)) {
        prop_assert_eq!(solvers_agree::<MarbleGame>(&rules, &pos), Ok(()));
    }

    #[test]
    fn move_generators_agree((rules, pos) in case(25)) {
        prop_assert_eq!(movegen_matches_naive(&rules, &pos), Ok(()));
    }
}
