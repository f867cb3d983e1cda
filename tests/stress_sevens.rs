//! `gamecheck gen sevens` and `gamecheck stress sevens`: the same bytes for the
//! same seed, every generated input accepted by our reader (a property test; case count
//! from `PROPTEST_CASES`), draw-prone deals that really are drawn on the standard deck,
//! the Python fixtures in `tests/programs/` (a correct one passes many rounds; the
//! draw-as-loss bug is a wrong answer on a single deal whose answer is `Draw`), and an
//! odd deck as a usage error. The fixtures use the 2 suits × 5 ranks deck: Python's
//! minimax is far too slow for the standard deck.

mod common;

use assert_cmd::Command;
use common::{
    assert_unseeded_gen_prints_a_seed_that_replays, assert_usage_error,
    assert_wrong_answer_on_case_1, failure_report, fixture, gamecheck, section,
};
use gamecheck::outcome::Winner;
use gamecheck::stress::{generate, ContestGame, Size};
use gamecheck_games::sevens::contest::{generated_input_reads_back, Sevens, DEFAULT_DRAW_PRONE};
use gamecheck_games::sevens::{format, Card, Rules, Stuck};
use predicates::prelude::*;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// The small deck of the Python fixtures.
const SMALL: [&str; 4] = ["--suits", "2", "--ranks", "5"];

/// `gamecheck gen sevens <args>` (exit 0), its stdout.
fn gen(args: &[&str]) -> String {
    common::gen("sevens", args)
}

/// `gamecheck stress sevens <flags> -- python3 -S <fixture> <fixture args>`.
fn stress(flags: &[&str], program: &str, program_args: &[&str]) -> Command {
    common::stress("sevens", flags, program, program_args)
}

/// The canonical layout of `gen sevens` (`docs/rules.md`, "Sevens"): T alone on the first line, then one deal per
/// line, `hand` cards separated by single spaces, ranks as numbers 1..=13, `\n` ends.
fn assert_canonical(text: &str, hand: usize, t: usize) {
    assert!(text.ends_with('\n'), "{text:?}");
    let lines: Vec<&str> = text[..text.len() - 1].split('\n').collect();
    assert_eq!(lines[0], t.to_string());
    assert_eq!(lines.len(), 1 + t, "{text:?}");
    for line in &lines[1..] {
        let cards: Vec<&str> = line.split(' ').collect();
        assert_eq!(cards.len(), hand, "{line:?}");
        for c in cards {
            assert!("SHCD".contains(&c[..1]), "{c}");
            let rank: u8 = c[1..]
                .parse()
                .unwrap_or_else(|_| panic!("numeric rank: {c}"));
            assert!((1..=13).contains(&rank), "{c}");
        }
    }
}

#[test]
fn a_seed_gives_the_same_bytes_every_time() {
    let a = gen(&["--cases", "20", "--seed", "99"]);
    assert_eq!(a, gen(&["--cases", "20", "--seed", "99"]));
    assert_ne!(a, gen(&["--cases", "20", "--seed", "100"]));
    assert_canonical(&a, 26, 20);
    let small = gen(&[
        "--suits", "3", "--ranks", "4", "--cases", "7", "--seed", "1",
    ]);
    assert_canonical(&small, 6, 7);
    // the bytes of a seed are stable across versions (printed seeds must stay replayable)
    let mut args = SMALL.to_vec();
    args.extend(["--cases", "3", "--seed", "42"]);
    assert_eq!(
        gen(&args),
        "3\nS2 H1 H2 H4 H5\nS1 S3 S4 H1 H2\nS2 S5 H2 H3 H4\n"
    );
    // T is written even for a single deal and for none
    assert_eq!(gen(&["--cases", "0", "--seed", "3"]), "0\n");
}

#[test]
fn without_a_seed_the_seed_is_printed_and_replays() {
    assert_unseeded_gen_prints_a_seed_that_replays("sevens");
}

#[test]
fn the_draw_prone_share_yields_draws_on_the_standard_deck() {
    let rules = Rules::standard();
    let draws = |share: f64, seed: u64| {
        let mut game = Sevens::new(rules, share).unwrap();
        let deals = generate(&game, seed, 40, Size::FULL);
        let answers = game.answers(&deals).unwrap();
        answers.iter().filter(|&&w| w == Winner::Draw).count()
    };
    // all draw-prone: whole suits (half of them) unperturbed (half of those) always draw
    let prone = draws(1.0, 1);
    assert!(prone >= 6, "{prone} of 40 draw-prone standard deals drawn");
    // the default mixes them with uniform deals, which almost never draw
    let default = draws(DEFAULT_DRAW_PRONE, 2);
    let uniform = draws(0.0, 3);
    assert!(default >= 2, "{default} of 40 default standard deals drawn");
    assert!(uniform < prone, "uniform {uniform}, draw-prone {prone}");
    // and through the command line: `gen` then `solve` finds draws among default deals
    let input = gen(&["--cases", "40", "--seed", "7"]);
    let out = gamecheck()
        .args(["solve", "sevens"])
        .write_stdin(input)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 40);
    assert!(text.lines().any(|l| l == "Draw"), "{text}");
}

#[test]
fn an_odd_deck_or_a_bad_share_is_a_usage_error() {
    let prog = fixture("sevens_correct.py");
    for args in [
        vec!["gen", "sevens", "--suits", "3", "--ranks", "5"],
        vec!["gen", "sevens", "--suits", "1", "--ranks", "13"],
        vec!["gen", "sevens", "--draw-prone", "1.5"],
        vec!["gen", "sevens", "--draw-prone", "-0.5"],
        vec!["gen", "sevens", "--start", "14"],
        vec![
            "stress", "sevens", "--suits", "3", "--ranks", "5", "--", "python3", &prog,
        ],
        vec![
            "stress",
            "sevens",
            "--draw-prone",
            "2",
            "--",
            "python3",
            &prog,
        ],
        vec![
            "stress", "sevens", "--stuck", "never", "--", "python3", &prog,
        ],
    ] {
        let assert = assert_usage_error(&args);
        if args.contains(&"3") {
            assert.stderr(predicate::str::contains("odd"));
        }
    }
}

#[test]
fn the_correct_program_passes_many_rounds() {
    let mut flags = SMALL.to_vec();
    flags.extend(["--rounds", "25", "--cases", "100", "--seed", "11"]);
    stress(&flags, "sevens_correct.py", &SMALL)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("ok: 25 rounds, "))
        .stdout(predicate::str::contains("sevens 2x5 K=3 lose, seed 11"));
}

#[test]
fn rule_flags_reach_the_generator_and_our_answers() {
    let deck = ["--suits", "3", "--ranks", "4", "--start", "1"];
    let mut flags = deck.to_vec();
    flags.extend(["--stuck", "pass", "--rounds", "4", "--seed", "5"]);
    let mut args = deck.to_vec();
    args.extend(["--stuck", "pass"]);
    stress(&flags, "sevens_correct.py", &args).assert().code(0);
    // the program plays `lose`, we `pass`: found at once
    stress(&flags, "sevens_correct.py", &deck)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAILED: wrong answer"));
}

#[test]
fn the_draw_as_loss_bug_is_a_wrong_answer_on_a_single_drawn_deal() {
    let rules = Rules::new(2, 5, None, Stuck::Lose).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (seed, cases) in [("1", "50"), ("2", "50"), ("3", "100")] {
        let save = dir.path().join(seed);
        let mut flags = SMALL.to_vec();
        // seed 3: a single round of 100 deals, shrunk to the failing one
        let rounds = if seed == "3" { "1" } else { "100" };
        flags.extend(["--seed", seed, "--rounds", rounds, "--cases", cases]);
        flags.extend(["--save", save.to_str().unwrap()]);
        let report = failure_report(stress(&flags, "sevens_draw_as_loss.py", &SMALL));
        assert_wrong_answer_on_case_1(&report);
        assert!(
            report.contains("wrong answer on case 1: expected Draw, got "),
            "{report}"
        );
        let input = section(&report, "input");
        let deals = format::read(input, &rules).unwrap();
        assert_eq!(deals.len(), 1, "{report}");
        assert_eq!(section(&report, "expected output"), "Draw\n");
        // (the report ends with the `saved:` line after the actual output)
        let got = section(&report, "actual output").lines().next();
        assert!(matches!(got, Some("Alice" | "Bob")), "{report}");
        if seed == "3" {
            assert!(report.contains("shrunk:  100 cases -> 1 case"), "{report}");
        }
        // who opens, and where our answer comes from (a deal is not shrunk further)
        let first = Card::new(0, rules.start());
        let opener = if deals[0].alice().contains(first) {
            "Alice"
        } else {
            "Bob"
        };
        assert!(
            report.contains(&format!(
                "{opener} opens with {first}; expected answer from the table solver, \
                 checked by the oracle"
            )),
            "{report}"
        );
        // the saved files: our own solver agrees that the minimal deal is a draw
        let saved = std::fs::read_to_string(save.join("input.txt")).unwrap();
        assert_eq!(saved.trim_end(), input.trim_end());
        gamecheck()
            .args(["solve", "sevens", "--suits", "2", "--ranks", "5"])
            .arg(save.join("input.txt"))
            .assert()
            .code(0)
            .stdout("Draw\n");
        assert_eq!(
            std::fs::read_to_string(save.join("expected.txt")).unwrap(),
            "Draw\n"
        );
    }
}

proptest! {
    // seeds of past failures live in proptest-regressions/; the case count still comes
    // from PROPTEST_CASES
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/stress_sevens.txt",
        ))),
        ..ProptestConfig::default()
    })]

    /// Every input `gen sevens` writes is accepted by our reader and reads back as the
    /// generated deals, each hand half the deck, the same seed the same bytes — for any
    /// even deck shape, start rank, stuck rule and draw-prone share.
    #[test]
    fn every_generated_input_is_accepted_by_our_reader(
        suits in 1usize..=4,
        ranks in 1u8..=13,
        start in proptest::option::of(1u8..=13),
        pass in any::<bool>(),
        share in 0.0f64..=1.0,
        seed in any::<u64>(),
        cases in 0usize..30,
    ) {
        let stuck = if pass { Stuck::Pass } else { Stuck::Lose };
        let start = start.map(|k| k.min(ranks));
        let rules = Rules::new(suits, ranks, start, stuck).unwrap();
        if rules.deck_size() % 2 == 1 {
            prop_assert!(generated_input_reads_back(&rules, share, seed, cases)
                .unwrap_err()
                .contains("odd"));
        } else {
            let r = generated_input_reads_back(&rules, share, seed, cases);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        }
    }
}
