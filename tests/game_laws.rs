//! The laws every game shares (`gamecheck::harness::laws`), driven for every game of the
//! one list: proptest over each game's one generator, the `<game>_solvers_agree` fuzz
//! targets' property over their committed corpora and seeded bytes, and the promise that
//! every solver variant of every game is compared in `verify`.

use gamecheck::game::{fast_variants, Game, Variants};
use gamecheck::harness;
use gamecheck::harness::laws::{
    instances, movegen_agrees_bytes, movegen_agrees_with, solvers_agree, solvers_agree_bytes,
};
use gamecheck::harness::{Report, VerifyOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

mod common;
use common::drive;

/// Runs `$body` once for each game the tool ships, with `$G` bound to its type.
macro_rules! for_each_game {
    ($G:ident => $body:block) => {{
        {
            type $G = gamecheck_games::marble::MarbleGame;
            $body
        }
        {
            type $G = gamecheck_games::paint::PaintGame;
            $body
        }
        {
            type $G = gamecheck_games::sevens::SevensGame;
            $body
        }
        {
            type $G = gamecheck_games::octal::OctalGame;
            $body
        }
    }};
}

/// Runs `law` on proptest instances of `G` (`PROPTEST_CASES`, default 256).
fn check_law<G: Game>(law: impl Fn(&G::Rules, &G::Case) -> Result<(), String>) {
    let mut runner = TestRunner::new(Config::default());
    let result = runner.run(&instances::<G>(), |i| {
        law(&i.rules, &i.case).map_err(TestCaseError::fail)
    });
    if let Err(e) = result {
        panic!("{}: {e}", G::NAME);
    }
}

#[test]
fn every_fast_variant_agrees_with_the_oracle() {
    for_each_game!(G => { check_law::<G>(solvers_agree::<G>) });
}

#[test]
#[allow(clippy::let_unit_value)] // paint's generators are `()`
fn the_move_generators_agree() {
    for_each_game!(G => {
        check_law::<G>(|rules, case| {
            let gens = G::generators(rules);
            movegen_agrees_with::<G>(
                rules,
                case,
                &G::oracle_moves(&gens, case),
                &G::fast_moves(&gens, case),
            )
        })
    });
}

#[test]
fn the_solvers_agree_fuzz_targets_on_stable() {
    for_each_game!(G => {
        let target = format!("{}_solvers_agree", G::NAME);
        drive(&target, solvers_agree_bytes::<G>, 21, 300, 40);
        drive(&target, movegen_agrees_bytes::<G>, 22, 300, 40);
    });
}

/// A law that can fail: a move list with a repeated or a missing move is caught.
#[test]
fn the_movegen_law_sees_repeats_and_gaps() {
    use gamecheck_games::marble::{MarbleGame, Position, Rules};
    let rules = Rules::standard();
    let empty = Position::empty(4);
    let gens = MarbleGame::generators(&rules);
    let oracle = MarbleGame::oracle_moves(&gens, &empty);
    let mut repeated = MarbleGame::fast_moves(&gens, &empty);
    repeated.push(repeated[0]);
    assert!(
        movegen_agrees_with::<MarbleGame>(&rules, &empty, &oracle, &repeated)
            .unwrap_err()
            .contains("repeats")
    );
    let missing = &oracle[1..];
    assert!(
        movegen_agrees_with::<MarbleGame>(&rules, &empty, &oracle, missing)
            .unwrap_err()
            .contains("misses")
    );
}

/// Every fast variant of every game has rows in `verify` (a variant added to a game's
/// enum is compared with no other edit; this fails if a game's plan leaves one out).
#[test]
fn every_variant_of_every_game_is_in_the_verify_report() {
    let opts = VerifyOptions {
        seed: 5,
        cases: Some(40),
        progress: gamecheck::harness::ProgressMode::None,
    };
    for_each_game!(G => {
        let mut report = Report::new(5);
        harness::verify::<G>(&opts, &mut report);
        assert!(report.ok, "{}: {:?}", G::NAME, report.failures);
        for v in fast_variants::<G>() {
            let name = v.name();
            let compared = report.rows.iter().filter(|r| {
                r.solver == name || r.solver.starts_with(&format!("{name} vs "))
            });
            let checked: u64 = compared.map(|r| r.checked).sum();
            assert!(checked > 0, "{}: variant `{name}` has no verify row", G::NAME);
        }
    });
}

/// An instance prints its rules and its case as a contest input (what proptest shows on
/// a failure), which the game's reader reads back as the case where the format holds it; a clone prints the same;
/// `{:#?}` adds their `Debug`. For every game.
#[test]
fn an_instance_prints_its_rules_and_case_as_an_input() {
    use gamecheck::harness::laws::instance_from_bytes;
    use gamecheck::harness::props::random_inputs;
    for_each_game!(G => {
        for bytes in random_inputs(23, 20, 200) {
            let i = instance_from_bytes::<G>(&bytes);
            let shown = format!("{i:?}");
            let (head, input) = shown.split_once('\n').unwrap();
            let flags = G::flags(&i.rules);
            assert!(head.starts_with(&format!("{} {}", G::NAME, flags).trim_end().to_string()), "{shown}");
            assert!(head.contains(&G::describe_case(&i.rules, &i.case)), "{shown}");
            let written = G::write(&i.rules, std::slice::from_ref(&i.case));
            assert_eq!(input, written.trim_end(), "{shown}");
            // read back where the contest format holds the case (a sevens deck of an odd
            // number of cards does not)
            if let Ok(read) = G::read(&i.rules, &format!("{input}\n")) {
                assert_eq!(G::write(&i.rules, &read), written, "{shown}");
            }
            assert_eq!(format!("{:?}", i.clone()), shown);
            let alternate = format!("{i:#?}");
            assert_eq!(alternate, format!("{shown}\nrules: {:?}\ncase: {:?}", i.rules, i.case));
        }
    });
}

/// Each solver names itself as `--solver` does (the report's solver column, the stress
/// report and the refusals use the name), for every game, variant and a few rule sets.
#[test]
fn every_solver_is_named_as_its_flag() {
    use gamecheck::harness::laws::instance_from_bytes;
    use gamecheck::harness::props::random_inputs;
    for_each_game!(G => {
        let mut rule_sets = 0;
        for bytes in random_inputs(29, 20, 40) {
            let i = instance_from_bytes::<G>(&bytes);
            for &v in <G as Game>::Variant::ALL {
                assert_eq!(G::solver(&i.rules, v).name(), v.name(), "{}", i.rules);
            }
            rule_sets += 1;
            if rule_sets == 5 {
                break;
            }
        }
        assert_eq!(rule_sets, 5, "{}", G::NAME);
    });
}
