//! Octal properties through the generic laws (`gamecheck::harness::laws`): every solver
//! agrees with the oracle and both move generators agree, on instances drawn by the
//! game's one generator (proptest; case count from `PROPTEST_CASES`); and quick laws of
//! the format and of the Sprague–Grundy sum.

use gamecheck::harness::laws;
use gamecheck_games::octal::naive::Naive;
use gamecheck_games::octal::periodic::Periodic;
use gamecheck_games::octal::{format, OctalGame, Position};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/octal_props.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn solvers_agree(i in laws::instances::<OctalGame>()) {
        laws::solvers_agree::<OctalGame>(&i.rules, &i.case).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn move_generators_agree(i in laws::instances::<OctalGame>()) {
        let gens = <OctalGame as gamecheck::game::Game>::generators(&i.rules);
        gamecheck::harness::movegen_agrees::<OctalGame>(&i.rules, &gens, &i.case)
            .map_err(TestCaseError::fail)?;
    }

    #[test]
    fn write_then_read_is_the_identity(
        cases in proptest::collection::vec(
            proptest::collection::vec(1u64..=1_000_000_000_000_000_000, 1..6), 0..8)
    ) {
        let ps: Vec<Position> = cases.into_iter().map(|h| Position::new(h).unwrap()).collect();
        prop_assert_eq!(format::read(&format::write(&ps)).unwrap(), ps);
    }

    #[test]
    fn the_value_is_the_xor_of_the_heaps(
        i in laws::instances::<OctalGame>(),
        extra in 1u64..8,
    ) {
        // adding a heap XORs its value in, for the oracle's mex and for periodic
        let mut oracle = Naive::new(i.rules.code);
        let periodic = Periodic::new(&i.rules.code, i.rules.table);
        let mut heaps = i.case.heaps().to_vec();
        heaps.push(extra);
        let more = Position::new(heaps).unwrap();
        let one = Position::new(vec![extra]).unwrap();
        let (a, b, c) = (
            oracle.grundy_value(&i.case).unwrap(),
            oracle.grundy_value(&one).unwrap(),
            oracle.grundy_value(&more).unwrap(),
        );
        prop_assert_eq!(c, a ^ b);
        prop_assert_eq!(periodic.grundy_value(&more).unwrap(), c);
    }
}
