//! `perft`, `count`, `table` and the verify signature: the independent
//! numbers, both move generators counting the same, the counts against the oracle, bad
//! input, the table digest, the Python checker, the golden files, and `perft --compare`
//! (the generators side by side, a planted mask bug found).

mod common;

use common::gamecheck;
use gamecheck::contest::Contest;
use gamecheck::game::Game;
use gamecheck::harness::Verify;
use gamecheck::outcome::Value;
use gamecheck::perft::{
    compare, count, count_tree, divide, perft_with_finished, CompareBounds, Finished, Generator,
    Mismatch, Perft, TreeCount, MEMO_LIMIT,
};
use gamecheck_games::marble::game::exhaustive_rule_sets;
use gamecheck_games::marble::geometry::BOUNDARY_MASKS;
use gamecheck_games::marble::perft::Walker;
use gamecheck_games::marble::{export, table::Table, Line, MarbleGame};
use gamecheck_games::octal::OctalGame;
use gamecheck_games::paint::PaintGame;
use gamecheck_games::sevens::game::{every_deal, exhaustive_decks};
use gamecheck_games::sevens::SevensGame;
use predicates::prelude::*;
use std::path::Path;

fn fast_and_oracle<P: Perft>(rules: &P::Rules, state: &P::State, depth: u32) -> (u128, u128) {
    let w = P::walker(rules);
    (
        count::<P>(&w, state, depth, Generator::Fast).unwrap(),
        count::<P>(&w, state, depth, Generator::Oracle).unwrap(),
    )
}

#[test]
fn standard_four_diamond_matches_the_independent_numbers() {
    let rules = gamecheck_games::marble::Rules::standard();
    let w = MarbleGame::walker(&rules);
    let start = MarbleGame::default_start(&rules, &Default::default()).unwrap();
    let got: Vec<u128> = (0..=4)
        .map(|d| count::<MarbleGame>(&w, &start, d, Generator::Fast).unwrap())
        .collect();
    assert_eq!(got, [1, 82, 4_910, 214_788, 6_838_608]);
    // the same by first move: the split sums to the total, sorted by notation
    let (lines, total) = divide::<MarbleGame>(&w, &start, 3, Generator::Fast).unwrap();
    assert_eq!(total, 214_788);
    assert_eq!(lines.len(), 82);
    assert_eq!(lines.iter().map(|l| l.count).sum::<u128>(), total);
    assert!(lines.windows(2).all(|p| p[0].mv < p[1].mv));
    // the game lasts at most 16 moves
    assert_eq!(
        count::<MarbleGame>(&w, &start, 17, Generator::Fast).unwrap(),
        0
    );
}

#[test]
fn marble_generators_count_the_same_on_every_exhaustive_rule_set() {
    for rules in exhaustive_rule_sets() {
        let depth = if rules.side() == 4 { 3 } else { 5 };
        let (fast, oracle) = fast_and_oracle::<MarbleGame>(&rules, &0, depth);
        assert_eq!(fast, oracle, "{rules} depth {depth}");
        // from a position with marbles, in reading order through --from's path
        let case = gamecheck_games::marble::Position::new(rules.side(), 0b1001_0110_0001);
        let state = MarbleGame::state_of(&rules, &case).unwrap();
        let (fast, oracle) = fast_and_oracle::<MarbleGame>(&rules, &state, depth);
        assert_eq!(fast, oracle, "{rules} from {case:?}");
    }
}

#[test]
fn paint_generators_count_the_same() {
    for n in 1..=6 {
        let start = PaintGame::default_start(
            &Default::default(),
            &gamecheck_games::paint::perft::StartArgs { n },
        )
        .unwrap();
        let (fast, oracle) = fast_and_oracle::<PaintGame>(&Default::default(), &start, 4);
        assert_eq!(fast, oracle, "N = {n}");
    }
}

#[test]
fn sevens_generators_count_the_same_on_every_exhaustive_deck() {
    for rules in exhaustive_decks() {
        // every 16th deal of each deck, to the end of the game (at most deck-size moves)
        for deal in every_deal(&rules).iter().step_by(16) {
            let state = SevensGame::state_of(&rules, deal).unwrap();
            let depth = rules.deck_size() as u32 / 2 + 1;
            let (fast, oracle) = fast_and_oracle::<SevensGame>(&rules, &state, depth);
            assert_eq!(fast, oracle, "{rules} {deal:?}");
        }
    }
}

#[test]
fn octal_generators_count_the_same_on_every_short_code() {
    use gamecheck_games::octal::game::OctalGame;
    use gamecheck_games::octal::perft::StartArgs;
    // every code .d and .d1d2 (d ≠ 0 in the last place), from single heaps and a pair
    let mut codes: Vec<String> = (1..=7).map(|d| format!(".{d}")).collect();
    for a in 0..=7 {
        for b in 1..=7 {
            codes.push(format!(".{a}{b}"));
        }
    }
    for code in &codes {
        let args = gamecheck_games::octal::contest::RuleArgs {
            code: Some(code.clone()),
            ..Default::default()
        };
        let rules = OctalGame::rules(&args).unwrap();
        for heap in 1..=9 {
            let start = OctalGame::default_start(&rules, &StartArgs { heap: Some(heap) }).unwrap();
            let (fast, oracle) = fast_and_oracle::<OctalGame>(&rules, &start, 4);
            assert_eq!(fast, oracle, "{code} heap {heap}");
        }
        let (fast, oracle) = fast_and_oracle::<OctalGame>(&rules, &vec![5, 3, 7], 3);
        assert_eq!(fast, oracle, "{code} heaps 5 3 7");
    }
}

#[test]
fn octal_perft_by_hand() {
    // Kayles from a heap of 4: take 1 (leaving 3, or 1 + 2) or take 2 (leaving 2, or 1 + 1)
    gamecheck()
        .args([
            "perft", "octal", "--code", ".77", "--heap", "4", "--depth", "1", "--divide",
        ])
        .assert()
        .success()
        .stdout("1:1=1+2: 1\n1:1=3: 1\n1:2=1+1: 1\n1:2=2: 1\ntotal: 4\n");
    gamecheck()
        .args(["perft", "octal", "--code", ".77", "--depth", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--heap"));
}

#[test]
fn marble_count_agrees_with_the_oracle_for_sides_up_to_3() {
    for rules in exhaustive_rule_sets().into_iter().filter(|r| r.side() <= 3) {
        let layers = export::layers(&Table::build(&rules));
        let mut oracle = MarbleGame::solver(&rules, gamecheck_games::marble::Variant::Naive);
        let cells = rules.side() * rules.side();
        for l in &layers {
            let mut p = 0;
            for m in 0..1u64 << cells {
                if m.count_ones() == l.marbles {
                    let v = oracle
                        .solve(&gamecheck_games::marble::Position::new(rules.side(), m))
                        .unwrap();
                    p += u64::from(v == Value::Loss);
                }
            }
            assert_eq!(l.p, p, "{rules}, {} marbles", l.marbles);
            assert_eq!(l.p + l.n, l.positions);
        }
    }
}

#[test]
fn paint_count_agrees_with_the_oracle() {
    let rows = gamecheck_games::paint::perft::p_positions(4);
    let mut oracle = PaintGame::solver(&Default::default(), gamecheck_games::paint::Variant::Naive);
    for (n, all, p) in rows {
        let positions = gamecheck_games::paint::game::every_position(n);
        assert_eq!(positions.len() as u64, all);
        let want = positions
            .iter()
            .filter(|pos| oracle.solve(pos).unwrap() == Value::Loss)
            .count() as u64;
        assert_eq!(p, want, "N = {n}");
    }
}

#[test]
fn bad_input_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    // a depth past the memo bound names the largest depth that fits
    gamecheck()
        .args(["perft", "marble", "--side", "5", "--depth", "12"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("--depth 12")
                .and(predicate::str::contains("the largest depth that fits is 6")),
        );
    // paint wider than the fast generator
    gamecheck()
        .args(["perft", "paint", "--n", "33", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--n").and(predicate::str::contains("32")));
    // --from with T ≠ 1
    let two = dir.path().join("two.in");
    std::fs::write(&two, "2\nS1 S3 H2 H4 H5\nS1 S3 H2 H4 H5\n").unwrap();
    gamecheck()
        .args([
            "perft", "sevens", "--suits", "2", "--ranks", "5", "--depth", "2",
        ])
        .arg("--from")
        .arg(&two)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("T = 2").and(predicate::str::contains("exactly one")));
    // --from that does not read: the located parse error
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "1\n* x\n").unwrap();
    gamecheck()
        .args(["perft", "marble", "--side", "2", "--depth", "1", "--from"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2"));
    // sevens has no default start
    gamecheck()
        .args(["perft", "sevens", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--from"));
    gamecheck()
        .args(["count", "paint", "--max-n", "11"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-n"));
    gamecheck()
        .args(["perft", "marble", "--run", "5", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--run"));
}

#[test]
fn table_digest_is_the_same_whatever_the_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut digests = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("t{threads}.gct"));
        gamecheck()
            .env("RAYON_NUM_THREADS", threads)
            .args(["table", "marble", "--side", "5", "--out"])
            .arg(&out)
            .assert()
            .success();
        let line = std::fs::read_to_string(format!("{}.sha256", out.display())).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.starts_with(b"GCTABLE1\nmarble --side 5 --run 3 --lines all\n"));
        assert_eq!(bytes.len(), 9 + 36 + (1 << 25) / 8);
        assert_eq!(
            line,
            format!("{}  t{threads}.gct\n", export::sha256_hex(&bytes))
        );
        digests.push(line.split_whitespace().next().unwrap().to_string());
    }
    assert_eq!(digests[0], digests[1]);
}

#[test]
fn verify_signature_is_in_the_text_and_the_json() {
    let sig = gamecheck::harness::signature(&[PaintGame::signature_part().unwrap()]).unwrap();
    gamecheck()
        .args(["verify", "--game", "paint", "--cases", "0", "--seed", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("signature: {sig}\n")));
    let out = gamecheck()
        .args(["verify", "--game", "paint", "--cases", "0", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["signature"], sig);
    // the run's peak resident memory (VmHWM: at least the binary's few MiB), and each
    // row against the oracle with its memo's peak (paint's oracle reports it)
    let peak = v["peak_resident_bytes"].as_u64().unwrap();
    assert!((1 << 20..1 << 34).contains(&peak), "{peak}");
    let rows = v["rows"].as_array().unwrap();
    let against = rows.iter().find(|r| r["solver"] == "bitmask").unwrap();
    assert!(
        against["oracle_memo_peak"].as_u64().unwrap() > 0,
        "{against}"
    );
    let masks = rows
        .iter()
        .find(|r| r["solver"] == "boundary masks")
        .unwrap();
    assert!(masks["oracle_memo_peak"].is_null(), "{masks}");
    // the marble part is the exported tables of the exhaustive rule sets, in order
    let mut all = Vec::new();
    for rules in exhaustive_rule_sets() {
        all.extend(export::file_bytes(&Table::build(&rules)));
    }
    let marble = MarbleGame::signature_part().unwrap();
    assert_eq!(marble, all);
    assert_eq!(
        gamecheck::harness::signature(&[marble]).unwrap(),
        export::sha256_hex(&all)
    );
    assert_eq!(SevensGame::signature_part(), None);
    assert_eq!(OctalGame::signature_part(), None);
}

/// The exported tables of the exhaustive 4-diamond rule sets, written by `table marble`.
fn export_tables(dir: &Path) -> Vec<std::path::PathBuf> {
    exhaustive_rule_sets()
        .into_iter()
        .filter(|r| r.side() == 4)
        .enumerate()
        .map(|(i, rules)| {
            let out = dir.join(format!("rules{i}.gct"));
            gamecheck()
                .args(["table", "marble"])
                .args(rules.flags().split_whitespace())
                .arg("--out")
                .arg(&out)
                .assert()
                .success();
            out
        })
        .collect()
}

fn python_checker() -> std::process::Command {
    let mut c = std::process::Command::new("python3");
    c.arg(format!(
        "{}/tools/check_marble_table.py",
        env!("CARGO_MANIFEST_DIR")
    ));
    c
}

#[test]
fn python_checker_accepts_the_exhaustive_tables() {
    let dir = tempfile::tempdir().unwrap();
    let files = export_tables(dir.path());
    assert_eq!(files.len(), 9);
    let out = python_checker()
        .args(&files)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.matches(": OK: 65536 positions").count(), 9, "{text}");
}

#[test]
fn python_checker_rejects_flipped_bits() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("standard.gct");
    gamecheck()
        .args(["table", "marble", "--out"])
        .arg(&table)
        .assert()
        .success();
    let bytes = std::fs::read(&table).unwrap();
    let header = bytes.len() - (1 << 16) / 8;
    // 64 seeded distinct positions, then the empty and the full board
    let mut rng = gamecheck::rng::from_seed(13);
    let mut flips: Vec<usize> = Vec::new();
    while flips.len() < 64 {
        let p = rand::Rng::random_range(&mut rng, 1..0xFFFF);
        if !flips.contains(&p) {
            flips.push(p);
        }
    }
    flips.extend([0, 0xFFFF]);
    let files: Vec<_> = flips
        .iter()
        .map(|&p| {
            let mut b = bytes.clone();
            b[header + p / 8] ^= 1 << (p % 8);
            let f = dir.path().join(format!("flip{p:05}.gct"));
            std::fs::write(&f, b).unwrap();
            f
        })
        .collect();
    let out = python_checker()
        .args(&files)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    for f in &files {
        let line = format!("{}: REJECTED", f.display());
        assert!(
            text.contains(&line),
            "not rejected: {}\n{text}",
            f.display()
        );
    }
    // a wrong digest beside an intact table is rejected too
    std::fs::write(
        format!("{}.sha256", table.display()),
        format!("{}  standard.gct\n", "0".repeat(64)),
    )
    .unwrap();
    let out = python_checker().arg(&table).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("digest"));
}

/// Every `tests/data/golden/*.golden` file: the first line `$ gamecheck ARGS` (with
/// `{TMP}` for a fresh directory, and optionally `| grep PREFIX` to keep only the lines
/// starting with PREFIX), the rest the exact stdout. These files change only with a
/// functional change.
#[test]
fn golden_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "golden"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{} golden files", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let (first, expected) = text.split_once('\n').unwrap();
        let command = first
            .strip_prefix("$ gamecheck ")
            .unwrap_or_else(|| panic!("{}: no `$ gamecheck` line", file.display()));
        let (command, grep) = match command.split_once(" | grep ") {
            Some((c, g)) => (c, Some(g)),
            None => (command, None),
        };
        let tmp = tempfile::tempdir().unwrap();
        let args: Vec<String> = command
            .split_whitespace()
            .map(|a| a.replace("{TMP}", &tmp.path().display().to_string()))
            .collect();
        let out = gamecheck().args(&args).output().unwrap();
        assert!(out.status.success(), "{}: {:?}", file.display(), out);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let got: String = match grep {
            Some(prefix) => stdout
                .lines()
                .filter(|l| l.starts_with(prefix))
                .map(|l| format!("{l}\n"))
                .collect(),
            None => stdout,
        };
        if got != expected {
            let line = got
                .lines()
                .zip(expected.lines())
                .position(|(a, b)| a != b)
                .map_or(expected.lines().count().min(got.lines().count()), |i| i)
                + 2;
            panic!(
                "{}:{line}: output differs from the golden file\n--- got\n{got}",
                file.display()
            );
        }
    }
}

/// Past `u128`: `perft` refuses with the largest depth whose count fits, split or not,
/// on two octal families whose counts are known in closed form — `.2` (take one token
/// and leave a non-empty heap) on two heaps of 10^18 has 2^d lines of d moves; `.1`
/// (take a heap of exactly one token) on k heaps of 1 has k!/(k − d)! for d ≤ k and none
/// longer, so the depth above an overflowing one counts 0 and must not be taken as fitting.
#[test]
fn an_overflowing_count_is_refused_with_the_largest_depth_that_fits() {
    use gamecheck::perft::{perft, PerftError, Refused};
    use gamecheck_games::octal::{contest::RuleArgs, game::OctalGame};
    let rules = |code: &str| {
        OctalGame::rules(&RuleArgs {
            code: Some(code.into()),
            ..Default::default()
        })
        .unwrap()
    };
    let power = |k: u128, d: u32| k.checked_pow(d);
    let falling = |k: u128, d: u32| {
        if u128::from(d) > k {
            return Some(0);
        }
        (0..u128::from(d)).try_fold(1u128, |n, i| n.checked_mul(k - i))
    };
    // (code, heaps, perft(d) by hand: None when it passes u128)
    type ByHand = Box<dyn Fn(u32) -> Option<u128>>;
    let mut cases: Vec<(&str, Vec<u64>, ByHand)> = Vec::new();
    cases.push((
        ".2",
        vec![1_000_000_000_000_000_000; 2],
        Box::new(move |d| power(2, d)),
    ));
    for k in (30..=60u64).step_by(2) {
        cases.push((
            ".1",
            vec![1; k as usize],
            Box::new(move |d| falling(u128::from(k), d)),
        ));
    }
    for (code, heaps, closed) in &cases {
        let rules = rules(code);
        let w = OctalGame::walker(&rules);
        let fits = (0..200)
            .take_while(|&d| closed(d).is_some())
            .last()
            .unwrap();
        for depth in fits.saturating_sub(1)..=fits + 3 {
            for split in [false, true] {
                let got = perft::<OctalGame>(&w, heaps, depth, Generator::Fast, split);
                let what = format!("{code} {} heaps, depth {depth}, split {split}", heaps.len());
                match closed(depth) {
                    Some(n) => assert_eq!(got.map(|(_, total)| total), Ok(n), "{what}"),
                    None => assert_eq!(
                        got,
                        Err(Refused {
                            error: PerftError::Overflow { depth },
                            fits: (0..depth).rev().find(|&d| closed(d).is_some()).unwrap(),
                        }),
                        "{what}"
                    ),
                }
            }
        }
    }
}

/// The moves of `heaps` under `code` straight from the digits, in the test's own way:
/// (the notation `i:k`, `i:k=a`, `i:k=a+b`, the heaps after, in no particular order).
fn octal_moves_by_hand(
    code: &gamecheck_games::octal::Code,
    heaps: &[u64],
) -> Vec<(String, Vec<u64>)> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let others: Vec<u64> = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        let with = |leave: &[u64]| -> Vec<u64> { others.iter().chain(leave).copied().collect() };
        for k in 1..=code.t() as u64 {
            let d = code.digit(k as usize);
            if h == k && d & 1 != 0 {
                out.push((format!("{}:{k}", i + 1), with(&[])));
            }
            if h > k && d & 2 != 0 {
                out.push((format!("{}:{k}={}", i + 1, h - k), with(&[h - k])));
            }
            if h > k && d & 4 != 0 {
                for a in 1..=(h - k) / 2 {
                    let b = h - k - a;
                    out.push((format!("{}:{k}={a}+{b}", i + 1), with(&[a, b])));
                }
            }
        }
    }
    out
}

fn octal_count_by_hand(code: &gamecheck_games::octal::Code, heaps: &[u64], depth: u32) -> u128 {
    if depth == 0 {
        return 1;
    }
    octal_moves_by_hand(code, heaps)
        .iter()
        .map(|(_, next)| octal_count_by_hand(code, next, depth - 1))
        .sum()
}

/// Octal perft against a count of the test's own (moves from the digits, no memo): every
/// code .d and .dd from random rows of 1–3 heaps, depths 0–3, by both generators, and
/// `--divide`'s lines (notation and count of each first move) — the heaps after a move,
/// the memo key and the notation all show in these numbers.
#[test]
fn octal_perft_matches_a_count_by_hand() {
    use gamecheck_games::octal::game::{short_codes, OctalGame, Rules};
    use rand::Rng as _;
    let mut rng = gamecheck::rng::from_seed(12);
    for code in short_codes() {
        let w = OctalGame::walker(&Rules::new(code));
        for _ in 0..4 {
            let heaps: Vec<u64> = (0..rng.random_range(1..=3))
                .map(|_| rng.random_range(1..=7))
                .collect();
            for depth in 0..=3 {
                let want = octal_count_by_hand(&code, &heaps, depth);
                for gen in [Generator::Fast, Generator::Oracle] {
                    assert_eq!(
                        count::<OctalGame>(&w, &heaps, depth, gen),
                        Ok(want),
                        "{code} {heaps:?} depth {depth} {gen:?}"
                    );
                }
                if depth == 0 {
                    continue;
                }
                let mut lines: Vec<(String, u128)> = octal_moves_by_hand(&code, &heaps)
                    .into_iter()
                    .map(|(mv, next)| (mv, octal_count_by_hand(&code, &next, depth - 1)))
                    .collect();
                lines.sort();
                let (got, total) = divide::<OctalGame>(&w, &heaps, depth, Generator::Fast).unwrap();
                let got: Vec<(String, u128)> = got.into_iter().map(|l| (l.mv, l.count)).collect();
                assert_eq!(
                    (got, total),
                    (lines, want),
                    "{code} {heaps:?} depth {depth}"
                );
            }
        }
    }
}

/// Octal's start: `--heap N` for N in 1..=10^18 (one heap), refused at 0 and past 10^18;
/// `--from FILE` starts from the file's heaps, in their order (the same divide as the
/// library's count from those heaps).
#[test]
fn octal_starts_from_heap_or_from_a_file() {
    use gamecheck_games::octal::perft::StartArgs;
    use gamecheck_games::octal::{contest::RuleArgs, game::OctalGame};
    let rules = OctalGame::rules(&RuleArgs {
        code: Some(".77".into()),
        ..Default::default()
    })
    .unwrap();
    let max = gamecheck_games::octal::MAX_HEAP;
    for h in [1, 2, 3, 17, 1000, max - 1, max] {
        assert_eq!(
            OctalGame::default_start(&rules, &StartArgs { heap: Some(h) }),
            Ok(vec![h])
        );
    }
    for h in [0, max + 1, u64::MAX] {
        let e = OctalGame::default_start(&rules, &StartArgs { heap: Some(h) }).unwrap_err();
        assert!(e.0.contains("--heap"), "{e}");
    }
    let dir = tempfile::tempdir().unwrap();
    let mut rng = gamecheck::rng::from_seed(7);
    for i in 0..6 {
        let heaps: Vec<u64> = (0..rand::Rng::random_range(&mut rng, 1..=3))
            .map(|_| rand::Rng::random_range(&mut rng, 1..=9))
            .collect();
        let file = dir.path().join(format!("case{i}.in"));
        let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
        std::fs::write(&file, format!("1\n{} {}\n", heaps.len(), text.join(" "))).unwrap();
        let w = OctalGame::walker(&rules);
        let (lines, total) = divide::<OctalGame>(&w, &heaps, 2, Generator::Fast).unwrap();
        let mut want: String = lines
            .iter()
            .map(|l| format!("{}: {}\n", l.mv, l.count))
            .collect();
        want.push_str(&format!("total: {total}\n"));
        gamecheck()
            .args([
                "perft", "octal", "--code", ".77", "--depth", "2", "--divide", "--from",
            ])
            .arg(&file)
            .assert()
            .success()
            .stdout(want);
    }
}

/// Paint's start, at every width around the fast generator's limit of 32 columns:
/// `--n N` and `--from` give the strip with its painted cells cleared from the mask
/// (column c at bits 2(c−1), 2(c−1)+1) for 1 ≤ N ≤ 32, and a located refusal that names
/// the limit past it (`--n 0` too); the state reads back as the same position.
#[test]
fn paint_starts_at_every_width_up_to_the_limit() {
    use gamecheck_games::paint::perft::{StartArgs, State};
    use gamecheck_games::paint::{Cell, Position};
    use rand::Rng as _;
    let rules = Default::default();
    let mut rng = gamecheck::rng::from_seed(32);
    for n in 0..=40u64 {
        let start = PaintGame::default_start(&rules, &StartArgs { n });
        if (1..=32).contains(&n) {
            let all = if n == 32 {
                u64::MAX
            } else {
                (1 << (2 * n)) - 1
            };
            assert_eq!(start, Ok(State { n, free: all }), "--n {n}");
        } else {
            let e = start.unwrap_err().0;
            assert!(e.contains("--n"), "{n}: {e}");
            if n > 0 {
                assert!(e.contains("32"), "{n}: {e}");
            }
            continue;
        }
        // random painted cells: the state's mask and the position it reads back as
        for _ in 0..8 {
            let painted: Vec<Cell> = (1..=n)
                .flat_map(|c| [Cell::new(1, c), Cell::new(2, c)])
                .filter(|_| rng.random_bool(0.4))
                .collect();
            let mut free = u64::MAX >> (64 - 2 * n);
            for c in &painted {
                free &= !(1 << (2 * (c.col - 1) + u64::from(c.row) - 1));
            }
            let pos = Position::new(n, painted).unwrap();
            let state = PaintGame::state_of(&rules, &pos).unwrap();
            assert_eq!(state, State { n, free }, "{pos:?}");
            let mut back = state.position().painted().to_vec();
            let mut want = pos.painted().to_vec();
            back.sort();
            want.sort();
            assert_eq!((state.position().n(), back), (n, want));
        }
    }
    for n in [33, 34, 40, 1000] {
        let e = PaintGame::state_of(&rules, &Position::empty(n).unwrap()).unwrap_err();
        assert!(e.0.contains("32"), "{n}: {e}");
    }
}

/// Sevens: at every state reachable from a sample of deals of every exhaustive deck
/// (both stuck rules), the fast generator gives exactly the oracle's moves and the same
/// state after each (hands and player to move), not only the same counts — a pass or a
/// card handing the turn to the wrong player shows at the first state it is played from.
#[test]
fn sevens_generators_give_the_same_children_at_every_reachable_state() {
    use std::collections::HashSet;
    let sorted = |v: Vec<(
        gamecheck_games::sevens::game::Move,
        gamecheck_games::sevens::perft::State,
    )>| {
        let mut v: Vec<_> = v
            .into_iter()
            .map(|(m, s)| (m.0, s.hands, s.to_move))
            .collect();
        v.sort();
        v
    };
    let mut states = 0;
    for rules in exhaustive_decks() {
        let w = SevensGame::walker(&rules);
        for deal in every_deal(&rules).iter().step_by(11) {
            let mut seen = HashSet::new();
            let mut stack = vec![SevensGame::state_of(&rules, deal).unwrap()];
            while let Some(s) = stack.pop() {
                if !seen.insert(s) {
                    continue;
                }
                let fast = SevensGame::fast_children(&w, &s);
                let oracle = SevensGame::oracle_children(&w, &s);
                stack.extend(fast.iter().map(|(_, c)| *c));
                assert_eq!(sorted(fast), sorted(oracle), "{rules} {deal:?} at {s:?}");
            }
            states += seen.len();
        }
    }
    assert!(states > 10_000, "{states} states");
}

/// A heap of n tokens under a splitting code has about n/2 moves, so perft refuses a
/// count that may list more than `CHILDREN_LIMIT` moves at one position (a heap of
/// 10^18 under Kayles), quickly and with exit 2, before listing any; a code that never
/// splits counts the same heap (`.33`: take 1 or 2 and leave the rest, 2^d lines).
#[test]
fn octal_perft_refuses_a_position_too_wide_to_list() {
    for (depth, fits) in [("1", 0), ("2", 0), ("5", 0)] {
        gamecheck()
            .args([
                "perft",
                "octal",
                "--code",
                ".77",
                "--heap",
                "1000000000000000000",
            ])
            .args(["--depth", depth])
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "perft({depth}) may meet a position with up to"
            )))
            .stderr(predicate::str::contains(format!(
                "the largest depth that fits is {fits}"
            )));
    }
    gamecheck()
        .args([
            "perft",
            "octal",
            "--code",
            ".33",
            "--heap",
            "1000000000000000000",
        ])
        .args(["--depth", "3"])
        .assert()
        .success()
        .stdout("total: 8\n");
    // just inside the bound (t·H + t·T/2 ≤ 2^20 for Kayles: a heap of 1,048,560)
    gamecheck()
        .args([
            "perft", "octal", "--code", ".77", "--heap", "1048560", "--depth", "1",
        ])
        .assert()
        .success();
}

/// `widest` bounds the moves of every state a count lists: over random heaps of
/// every short code, no state reached in fewer than `depth` moves has more moves.
#[test]
fn octal_widest_bounds_every_listed_position() {
    use gamecheck_games::octal::game::{short_codes, OctalGame};
    let mut rng = gamecheck::rng::from_seed(12);
    for code in short_codes() {
        for _ in 0..4 {
            let heaps: Vec<u64> = (0..rand::Rng::random_range(&mut rng, 1..=3))
                .map(|_| rand::Rng::random_range(&mut rng, 1..=14))
                .collect();
            let mut layer = vec![heaps.clone()];
            for depth in 1..=3u32 {
                let bound = OctalGame::widest(&code, &heaps, depth).unwrap();
                let widest = layer
                    .iter()
                    .map(|s| OctalGame::fast_children(&code, s).len() as u128)
                    .max()
                    .unwrap_or(0);
                assert!(
                    widest <= bound,
                    "{code} {heaps:?} depth {depth}: {widest} > {bound}"
                );
                layer = layer
                    .iter()
                    .flat_map(|s| OctalGame::fast_children(&code, s))
                    .map(|(_, c)| c)
                    .collect();
            }
        }
    }
}

/// A start given twice (a flag and `--from`) is refused, never one of them silently
/// ignored: octal's `--heap`, paint's `--n` (its default alone does not conflict).
#[test]
fn a_start_flag_and_from_are_not_both_taken() {
    let dir = tempfile::tempdir().unwrap();
    let octal = dir.path().join("o.in");
    std::fs::write(&octal, "1\n1\n5\n").unwrap();
    let octal = octal.to_str().unwrap();
    let e = common::usage_error_text(&[
        "perft", "octal", "--code", ".77", "--heap", "5", "--from", octal, "--depth", "1",
    ]);
    assert!(
        e.contains("'--heap <N>' cannot be used with '--from <FILE>'"),
        "{e}"
    );
    let paint = dir.path().join("p.in");
    std::fs::write(&paint, "1\n3 0\n").unwrap();
    let paint = paint.to_str().unwrap();
    let e = common::usage_error_text(&[
        "perft", "paint", "--n", "3", "--from", paint, "--depth", "1",
    ]);
    assert!(
        e.contains("'--n <N>' cannot be used with '--from <FILE>'"),
        "{e}"
    );
    gamecheck()
        .args(["perft", "paint", "--from", paint, "--depth", "1"])
        .assert()
        .success()
        .stdout("total: 8\n"); // 6 cells and 2 blocks of the empty 3-column strip
}

// --- count: the game tree by depth --------------------------------------------------------

/// The tree counted layer by layer against perft's memoized depth-first count, depth by
/// depth: the `sequences` column is perft(d), to the end of the game (where perft counts
/// 0); the same tree by the oracle's generator when `oracle`.
fn tree_agrees_with_perft<P: Perft>(rules: &P::Rules, start: &P::State, oracle: bool) -> TreeCount {
    let w = P::walker(rules);
    let fast = count_tree::<P>(&w, start, None, Generator::Fast).unwrap();
    if oracle {
        assert_eq!(
            count_tree::<P>(&w, start, None, Generator::Oracle),
            Ok(fast.clone())
        );
    }
    assert!(fast.whole);
    let last = fast.layers.len() as u32;
    for d in 0..=last {
        let want = fast.layers.get(d as usize).map_or(0, |l| l.sequences);
        assert_eq!(
            count::<P>(&w, start, d, Generator::Fast),
            Ok(want),
            "depth {d}"
        );
    }
    // a finished game as a leaf at every greater depth: the count's column is perft under
    // that convention, and past the last layer, every line has ended: the games
    let leaf = fast.clone().with_finished(Finished::Leaf);
    for d in 0..=last + 1 {
        let want = leaf
            .layers
            .get(d as usize)
            .map_or(fast.games, |l| l.sequences);
        for split in [false, true] {
            let got = perft_with_finished::<P>(
                &w,
                start,
                d,
                Generator::Fast,
                split,
                MEMO_LIMIT,
                Finished::Leaf,
            );
            assert_eq!(got.map(|(_, n)| n), Ok(want), "depth {d}, leaf");
        }
    }
    assert_eq!(leaf.layers.len(), fast.layers.len());
    fast
}

/// The standard 4-diamond: the independent perft numbers in the `sequences` column,
/// every one of the 2^16 positions reached (as `count marble`'s own table has them, by
/// number of marbles), the full board the one terminal position, and the finished games
/// of 16 moves the 16! orders of filling one cell at a time.
#[test]
fn the_marble_tree_holds_the_known_numbers() {
    let rules = gamecheck_games::marble::Rules::standard();
    let t = tree_agrees_with_perft::<MarbleGame>(&rules, &0, false);
    let perft: Vec<u128> = t.layers[..5].iter().map(|l| l.sequences).collect();
    assert_eq!(perft, [1, 82, 4_910, 214_788, 6_838_608]);
    assert_eq!((t.positions, t.terminal), (65_536, 1));
    assert_eq!(t.layers.len(), 17);
    assert_eq!(t.layers[16].games, (1..=16u128).product::<u128>());
    assert_eq!(t.layers[16].positions, 1);
    // the fewest moves that fill the board: 16 cells, at most 3 a move
    let first = t.layers.iter().position(|l| l.games > 0).unwrap();
    assert_eq!(first, 6);
    let own = gamecheck()
        .args(["count", "marble"])
        .output()
        .unwrap()
        .stdout;
    let own = String::from_utf8(own).unwrap();
    let total = own.lines().find(|l| l.starts_with("total ")).unwrap();
    assert_eq!(total.split_whitespace().nth(1), Some("65536"), "{own}");
    // every exhaustive rule set: each reaches all its positions (one cell is a move
    // under every line set), and the full board alone ends the game; sides 1-3 by the
    // oracle's generator too
    for rules in exhaustive_rule_sets() {
        let w = MarbleGame::walker(&rules);
        let t = count_tree::<MarbleGame>(&w, &0, None, Generator::Fast).unwrap();
        assert_eq!(
            (t.positions, t.terminal),
            (1 << rules.cells(), 1),
            "{rules}"
        );
        if rules.side() <= 3 {
            tree_agrees_with_perft::<MarbleGame>(&rules, &0, true);
        }
    }
}

/// Paint from an empty strip of N columns: every one of the 4^N strips (as `count
/// paint`'s own table has them), the full strip the one terminal position.
#[test]
fn the_paint_tree_reaches_every_strip() {
    use gamecheck_games::paint::perft::StartArgs;
    let rules = PaintGame::rules(&gamecheck_games::paint::contest::RuleArgs {}).unwrap();
    for n in 1..=5 {
        let start = PaintGame::default_start(&rules, &StartArgs { n }).unwrap();
        let t = tree_agrees_with_perft::<PaintGame>(&rules, &start, true);
        assert_eq!((t.positions, t.terminal), (1 << (2 * n), 1), "N = {n}");
        // one cell a move is the longest game: 2N moves
        assert_eq!(t.layers.len() as u64, 2 * n + 1);
    }
}

/// Octal trees against the test's own walk of every line (moves from the digits, heaps
/// as multisets, no memo): per depth the distinct positions, the terminal ones, the
/// sequences and the finished games, for every code .d and .dd from one heap of 1–7.
#[test]
fn the_octal_tree_matches_a_walk_of_every_line() {
    use gamecheck_games::octal::game::{short_codes, Rules};
    use std::collections::{BTreeMap, HashSet};
    type Layers = BTreeMap<usize, (HashSet<Vec<u64>>, HashSet<Vec<u64>>, u128, u128)>;
    fn walk(code: &gamecheck_games::octal::Code, heaps: Vec<u64>, d: usize, at: &mut Layers) {
        let moves = octal_moves_by_hand(code, &heaps);
        let mut key = heaps.clone();
        key.sort_unstable();
        let e = at.entry(d).or_default();
        e.0.insert(key.clone());
        e.2 += 1;
        if moves.is_empty() {
            e.1.insert(key);
            e.3 += 1;
        }
        for (_, next) in moves {
            walk(code, next, d + 1, at);
        }
    }
    for code in short_codes() {
        for heap in 1..=7 {
            let mut at = Layers::new();
            walk(&code, vec![heap], 0, &mut at);
            let t = tree_agrees_with_perft::<OctalGame>(&Rules::new(code), &vec![heap], true);
            assert_eq!(t.layers.len(), at.len(), "{code} {heap}");
            let mut all = HashSet::new();
            let mut terminal = HashSet::new();
            for (l, (d, (set, ends, seqs, games))) in t.layers.iter().zip(at) {
                let want = (set.len() as u64, ends.len() as u64, seqs, games);
                assert_eq!(
                    (l.positions, l.terminal, l.sequences, l.games),
                    want,
                    "{code} {heap} depth {d}"
                );
                all.extend(set);
                terminal.extend(ends);
            }
            assert_eq!(t.positions, all.len() as u64, "{code} {heap}");
            assert_eq!(t.terminal, terminal.len() as u64, "{code} {heap}");
        }
    }
}

/// Sevens from a deal (`--from`): the `sequences` column is perft's, both generators.
#[test]
fn the_sevens_tree_agrees_with_perft() {
    for rules in exhaustive_decks().into_iter().take(6) {
        for deal in every_deal(&rules).into_iter().take(20) {
            let start = SevensGame::state_of(&rules, &deal).unwrap();
            tree_agrees_with_perft::<SevensGame>(&rules, &start, true);
        }
    }
}

/// `count` on the command line: the tree of a game with no counts of its own; a game
/// with its own prints those, and the tree with `--tree`; each side's flags need their
/// side; past a bound, exit 2 with the largest depth that fits and nothing on stdout.
#[test]
fn count_prints_the_tree_or_the_games_own_counts() {
    let out = |args: &[&str]| {
        let o = gamecheck().args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {o:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    let octal = out(&["count", "octal", "--code", ".77", "--heap", "8"]);
    assert!(octal.starts_with("depth positions terminal sequences games\n0 1 0 1 0\n1 8 0 8 0\n"));
    let cut = out(&[
        "count", "octal", "--code", ".77", "--heap", "8", "--depth", "2",
    ]);
    assert_eq!(cut, "depth positions terminal sequences games\n0 1 0 1 0\n1 8 0 8 0\n2 16 0 52 0\ntotal 21 0 61 0\n");
    assert!(out(&["count", "paint", "--max-n", "2"]).starts_with("N strips P N\n"));
    let tree = out(&["count", "paint", "--tree", "--n", "2"]);
    assert!(tree.contains("\ntotal 16 1 "), "{tree}");
    for (args, says) in [
        (&["count", "paint", "--n", "2"][..], "--tree"),
        (
            &["count", "paint", "--tree", "--max-n", "2"],
            "cannot be used with",
        ),
        (&["count", "marble", "--depth", "2"], "--tree"),
    ] {
        gamecheck()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
    let started = std::time::Instant::now();
    gamecheck()
        .args([
            "count",
            "marble",
            "--tree",
            "--side",
            "6",
            "--memory-limit",
            "64",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "error: a count to depth 3 needs more than 64 MiB for the positions it holds at \
             once (its bound); the largest depth that fits is 2",
        ));
    // a refusal costs about one bound's worth of positions, not the count
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    let two = out(&[
        "count",
        "marble",
        "--tree",
        "--side",
        "6",
        "--memory-limit",
        "64",
        "--depth",
        "2",
    ]);
    assert!(two.ends_with("\ntotal 20306 0 44473 0\n"), "{two}");
    for bad in ["0", "1048577", "1G", "-1"] {
        gamecheck()
            .args(["count", "octal", "--heap", "3", "--memory-limit", bad])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "not a whole number of MiB in 1..=1048576",
            ));
    }
    gamecheck()
        .args(["count", "sevens", "--suits", "2", "--ranks", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--from FILE"));
}

// --- count at tens of millions of positions: Connect Four --------------------------------

use gamecheck::perft::{count_tree_of, Bounds, CountError, Tree};

/// Connect Four on a `width` × `height` board as engine authors write it: column-major
/// bitboards with a sentinel row above each column (bit `c·(height + 1) + r` is row `r`
/// of column `c`), `[position, mask]` the stones of the player to move and all stones; a
/// move adds the lowest free cell of a column. Four in a row (of the player who has just
/// moved) or a full board has no moves. Its key is its two words, which hold the whole
/// position (`Tree::state` when `REBUILD`), and its ply is the number of stones (when
/// `PLY`: the layers are disjoint).
struct ConnectFour<const REBUILD: bool, const PLY: bool> {
    width: u32,
    height: u32,
}

impl<const REBUILD: bool, const PLY: bool> ConnectFour<REBUILD, PLY> {
    fn seven_by_six() -> Self {
        ConnectFour {
            width: 7,
            height: 6,
        }
    }

    /// The columns with a free cell, none after four in a row.
    fn columns(&self, [position, mask]: [u64; 2]) -> impl Iterator<Item = u32> + '_ {
        let h = u64::from(self.height);
        let mover = position ^ mask; // the player who has just moved
        let four = [1, h, h + 1, h + 2].iter().any(|&s| {
            let pairs = mover & (mover >> s);
            pairs & (pairs >> (2 * s)) != 0
        });
        let top = move |c: u32| 1u64 << (self.height - 1 + c * (self.height + 1));
        (0..self.width).filter(move |&c| !four && mask & top(c) == 0)
    }
}

impl<const REBUILD: bool, const PLY: bool> Tree for ConnectFour<REBUILD, PLY> {
    type State = [u64; 2];
    type Key = [u64; 2];

    fn key(&self, s: &[u64; 2]) -> [u64; 2] {
        *s
    }

    fn children(&self, &[position, mask]: &[u64; 2]) -> Vec<[u64; 2]> {
        self.columns([position, mask])
            .map(|c| {
                let bottom = 1u64 << (c * (self.height + 1));
                [position ^ mask, mask | (mask + bottom)]
            })
            .collect()
    }

    fn moves(&self, s: &[u64; 2]) -> u128 {
        self.columns(*s).count() as u128
    }

    fn state(&self, key: &[u64; 2]) -> Option<[u64; 2]> {
        REBUILD.then_some(*key)
    }

    fn ply(&self, &[_, mask]: &[u64; 2]) -> Option<u64> {
        PLY.then_some(u64::from(mask.count_ones()))
    }
}

/// The legal 7 × 6 Connect Four positions after n plies, n = 0..=14 (OEIS A212693,
/// John Tromp's counts).
const A212693: [u64; 15] = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184_275, 558_186, 1_662_623, 4_568_683, 12_236_101,
    30_929_111, 75_437_595,
];

/// `count`'s layers of 7 × 6 Connect Four to ply 10 (1,662,623 positions in the last):
/// the published numbers, each layer's terminal positions the wins of its ply (none
/// before ply 7, and ply 7's finished games the first player's wins), perft(7) the 7^7
/// sequences less the 7 that fill a column in six moves (one move fewer at ply 6). The
/// same whether the layers hold the positions beside their keys, and whether they are
/// summed or kept in a set of every position seen (to ply 8).
#[test]
fn connect_four_positions_are_the_published_numbers() {
    let t = count_tree_of(
        &ConnectFour::<true, true>::seven_by_six(),
        [0, 0],
        Some(10),
        Bounds::default(),
    )
    .unwrap();
    let positions: Vec<u64> = t.layers.iter().map(|l| l.positions).collect();
    assert_eq!(positions, A212693[..=10]);
    assert_eq!(t.positions, A212693[..=10].iter().sum::<u64>());
    assert!(t.layers[..7]
        .iter()
        .all(|l| l.terminal == 0 && l.games == 0));
    assert!(t.layers[7].terminal > 0);
    assert_eq!(t.layers[7].sequences, 7u128.pow(7) - 7);
    assert!(!t.whole);
    let want = count_tree_of(
        &ConnectFour::<true, true>::seven_by_six(),
        [0, 0],
        Some(8),
        Bounds::default(),
    )
    .unwrap();
    assert_eq!(t.layers[..=8], want.layers);
    let b = Bounds::default();
    let start = [0, 0];
    for other in [
        count_tree_of(
            &ConnectFour::<false, true>::seven_by_six(),
            start,
            Some(8),
            b,
        ),
        count_tree_of(
            &ConnectFour::<true, false>::seven_by_six(),
            start,
            Some(8),
            b,
        ),
        count_tree_of(
            &ConnectFour::<false, false>::seven_by_six(),
            start,
            Some(8),
            b,
        ),
    ] {
        assert_eq!(other, Ok(want.clone()));
    }
}

/// The 4 × 4 board to the end of every game (a draw fills it: 17 layers): the same counts
/// with the layers summed and with a set of every position seen (the layers of a game
/// where each move adds a stone are disjoint).
#[test]
fn connect_four_4x4_counts_the_same_either_way() {
    let (width, height) = (4, 4);
    let summed = count_tree_of(
        &ConnectFour::<true, true> { width, height },
        [0, 0],
        None,
        Bounds::default(),
    )
    .unwrap();
    let seen = count_tree_of(
        &ConnectFour::<false, false> { width, height },
        [0, 0],
        None,
        Bounds::default(),
    )
    .unwrap();
    assert_eq!(summed, seen);
    assert!(summed.whole);
    assert_eq!(summed.layers.len(), 17);
    assert_eq!(
        summed.positions,
        summed.layers.iter().map(|l| l.positions).sum::<u64>()
    );
}

/// A bound in bytes refuses the next ply of Connect Four with the largest that fits, and
/// the summed layers fit deeper than a set of every position seen.
#[test]
fn connect_four_refused_past_its_memory() {
    let memory = 8 << 20;
    let bounds = Bounds {
        memory,
        ..Bounds::default()
    };
    let summed = count_tree_of(
        &ConnectFour::<true, true>::seven_by_six(),
        [0, 0],
        None,
        bounds,
    )
    .unwrap_err();
    let seen = count_tree_of(
        &ConnectFour::<false, false>::seven_by_six(),
        [0, 0],
        None,
        bounds,
    )
    .unwrap_err();
    // ply 7: 54,859 positions, 2^16 buckets of 25 bytes, with ply 6 and the growth to it
    assert_eq!(
        summed,
        CountError::Memory {
            depth: 8,
            limit: memory,
            fits: 7
        }
    );
    let CountError::Memory { fits, .. } = seen else {
        panic!("{seen}")
    };
    assert!(fits < 7, "{seen}");
}

/// Connect Four's layers to ply `GAMECHECK_PLY` (14 unless set), one line a ply with
/// its time, for measuring by hand (`/usr/bin/time -v`: the peak resident memory) —
/// ply 14 holds about 6.7 GB:
///
/// ```text
/// GAMECHECK_PLY=12 /usr/bin/time -v cargo test --release --test perft -- --ignored \
///     connect_four_by_hand --nocapture
/// ```
#[test]
#[ignore = "minutes and gigabytes: run by hand"]
fn connect_four_by_hand() {
    let ply: u32 = std::env::var("GAMECHECK_PLY").map_or(14, |p| p.parse().unwrap());
    let started = std::time::Instant::now();
    let t = count_tree_of(
        &ConnectFour::<true, true>::seven_by_six(),
        [0, 0],
        Some(ply),
        Bounds::default(),
    )
    .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    print!("{}", t.text());
    println!(
        "ply {ply}: {} positions in {seconds:.1} s",
        t.layers[ply as usize].positions
    );
    for (l, &want) in t.layers.iter().zip(&A212693) {
        assert_eq!(l.positions, want, "ply {}", l.depth);
    }
}

// --- perft --compare: the two generators side by side -------------------------------------

/// `compare` on `start` to `depth`: no difference, and both totals those of `count`.
fn compares_clean<P: Perft>(rules: &P::Rules, start: &P::State, depth: u32) -> u64 {
    let w = P::walker(rules);
    let c = compare::<P>(&w, start, depth, CompareBounds::default()).unwrap();
    assert!(c.difference.is_none(), "{rules} from {start:?}:\n{c}");
    let (fast, oracle) = fast_and_oracle::<P>(rules, start, depth);
    assert_eq!(
        (c.fast, c.oracle),
        (Ok(fast), Ok(oracle)),
        "{rules} from {start:?}"
    );
    c.positions
}

/// The four shipped games' generators agree move for move and successor for successor
/// (not only in their counts) at every position the comparison reaches.
#[test]
fn the_shipped_generators_have_no_difference() {
    for rules in exhaustive_rule_sets() {
        let depth = if rules.side() == 4 { 3 } else { 5 };
        compares_clean::<MarbleGame>(&rules, &0, depth);
    }
    for n in 1..=6 {
        let args = gamecheck_games::paint::perft::StartArgs { n };
        let start = PaintGame::default_start(&Default::default(), &args).unwrap();
        compares_clean::<PaintGame>(&Default::default(), &start, 5);
    }
    for code in [".07", ".137", ".4", ".77", ".6", ".156"] {
        let args = gamecheck_games::octal::contest::RuleArgs {
            code: Some(code.into()),
            ..Default::default()
        };
        let rules = OctalGame::rules(&args).unwrap();
        compares_clean::<OctalGame>(&rules, &vec![9], 5);
        compares_clean::<OctalGame>(&rules, &vec![5, 3, 7], 3);
    }
    let mut positions = 0;
    for rules in exhaustive_decks() {
        for deal in every_deal(&rules).iter().step_by(64) {
            let state = SevensGame::state_of(&rules, deal).unwrap();
            let depth = rules.deck_size() as u32 + 2; // to the end of every line
            positions += compares_clean::<SevensGame>(&rules, &state, depth);
        }
    }
    assert!(positions > 1000, "{positions}");
}

/// Marble's fast generator with the falling family's boundary mask dropped (tests/zoo.rs'
/// "row wrap"): runs along a square row wrap onto the next row. The comparison finds it
/// at the start (on the empty board every run is empty, so a mask bug shows at once, as
/// a move given by one generator only), names the move, draws both boards, and counts
/// both totals; this is the run docs/numbers.md shows.
#[test]
fn compare_finds_a_planted_boundary_mask_bug() {
    let page = include_str!("../docs/numbers.md");
    let shown = page
        .split("<!-- the output of tests/perft.rs, compare_finds_a_planted_boundary_mask_bug -->\n```text\n")
        .nth(1)
        .expect("the page shows the run")
        .split("```\n")
        .next()
        .unwrap();
    let rules = gamecheck_games::marble::Rules::standard();
    let mut masks = BOUNDARY_MASKS[4];
    masks[Line::Falling.index()] = 0;
    let walker = Walker::with_boundary_masks(&rules, &masks);
    let found = compare::<MarbleGame>(&walker, &0, 4, CompareBounds::default()).unwrap();
    assert_eq!(found.to_string(), shown);
    let d = found.difference.unwrap();
    assert_eq!(
        (d.depth(), d.mv.as_str(), d.mismatch),
        (0, "1+4+9", Mismatch::FastOnly)
    );
    // the fast successor is the contest text of the board, which --from reads back
    let after = MarbleGame::read(&rules, &d.fast[0].text).unwrap();
    assert_eq!(MarbleGame::state_of(&rules, &after[0]), Ok(d.fast[0].state));
    assert_eq!((found.fast, found.oracle), (Ok(9_450_096), Ok(6_838_608)));

    // a mask with a cell too many: a move missing
    let mut masks = BOUNDARY_MASKS[4];
    masks[Line::Falling.index()] |= 1;
    let walker = Walker::with_boundary_masks(&rules, &masks);
    let d = compare::<MarbleGame>(&walker, &0, 2, CompareBounds::default())
        .unwrap()
        .difference
        .unwrap();
    assert_eq!(
        (d.depth(), d.mv.as_str(), d.mismatch),
        (0, "0+2", Mismatch::OracleOnly)
    );
    assert_eq!((d.fast.len(), d.oracle.len()), (0, 1));

    // the rising family's mask (the bottom square row) is never needed: a step down
    // from it leaves the board's bits, so dropping it changes nothing
    let mut masks = BOUNDARY_MASKS[4];
    masks[Line::Rising.index()] = 0;
    let walker = Walker::with_boundary_masks(&rules, &masks);
    let c = compare::<MarbleGame>(&walker, &0, 4, CompareBounds::default()).unwrap();
    assert_eq!(c.difference, None);
}

/// `perft --compare`: no difference on a shipped game, exit 0, the comparison's counts
/// and both totals; not with --solver or --divide; a refusal names the largest depth that
/// fits, exit 2, nothing on stdout.
#[test]
fn perft_compare_on_the_command_line() {
    gamecheck()
        .args(["perft", "marble", "--depth", "3", "--compare"])
        .assert()
        .success()
        .stdout(
            "no difference: 2006 positions, 175360 moves compared (every position fewer than \
             3 moves from the start)\nfast perft(3): 214788\noracle perft(3): 214788\n",
        );
    gamecheck()
        .args([
            "perft",
            "sevens",
            "--suits",
            "2",
            "--ranks",
            "5",
            "--stuck",
            "pass",
            "--depth",
            "12",
            "--compare",
            "--from",
            "tests/data/golden/sevens_2x5.in",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("no difference: "));
    for other in [&["--solver", "naive"][..], &["--divide"]] {
        let e = common::usage_error_text(
            &[&["perft", "paint", "--depth", "2", "--compare"][..], other].concat(),
        );
        assert!(e.contains("'--compare' cannot be used with"), "{e}");
    }
    // a heap of 10^18 under Kayles: its moves cannot be listed, even at depth 1
    gamecheck()
        .args([
            "perft",
            "octal",
            "--code",
            ".77",
            "--heap",
            "1000000000000000000",
            "--depth",
            "1",
            "--compare",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("may meet a position with up to 1000000000000000004 moves")
                .and(predicate::str::contains("the largest depth that fits is 0")),
        );
    let started = std::time::Instant::now();
    gamecheck()
        .args([
            "perft",
            "marble",
            "--side",
            "5",
            "--depth",
            "12",
            "--compare",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--depth 12: a comparison to depth 12 holds more than 4194304 positions (its \
             bound); the largest depth that fits is 5",
        ));
    // found on the fast generator alone: no oracle move listed
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// Each shipped game shows a state as its contest text where it has one (which `--from`
/// reads back to the same state), sevens as both hands and the player to move, and a
/// state no contest text can hold (a wrong successor's) without panicking.
#[test]
fn each_game_shows_its_states() {
    // marble: the one-case input, read back to the same square-frame bits
    let rules = gamecheck_games::marble::Rules::standard();
    let w = MarbleGame::walker(&rules);
    for state in [0u64, 0b1001_0110_0001, 0xFFFF] {
        let text = MarbleGame::show(&w, &state);
        let case = MarbleGame::read(&rules, &text).unwrap();
        assert_eq!(MarbleGame::state_of(&rules, &case[0]), Ok(state), "{text}");
    }
    assert!(MarbleGame::show(&w, &(1 << 16)).contains("0x10000 (square frame)"));
    // paint: N and the painted cells
    let paint = gamecheck_games::paint::perft::State {
        n: 3,
        free: 0b10_1101,
    };
    let text = PaintGame::show(&(), &paint);
    let case = PaintGame::read(&Default::default(), &text).unwrap();
    assert_eq!(
        PaintGame::state_of(&Default::default(), &case[0]),
        Ok(paint)
    );
    let off = gamecheck_games::paint::perft::State { n: 2, free: 1 << 5 };
    assert!(PaintGame::show(&(), &off).contains("off the strip"));
    let wide = gamecheck_games::paint::perft::State {
        n: 32,
        free: u64::MAX,
    };
    assert!(PaintGame::show(&(), &wide).starts_with("1\n32 0"));
    // octal: the heaps; none left; a heap of 0
    let rules = OctalGame::rules(&gamecheck_games::octal::contest::RuleArgs {
        code: Some(".77".into()),
        ..Default::default()
    })
    .unwrap();
    let w = OctalGame::walker(&rules);
    assert_eq!(OctalGame::show(&w, &vec![5, 3]), "1\n2 5 3\n");
    assert_eq!(OctalGame::show(&w, &vec![]), "no heap left");
    assert!(OctalGame::show(&w, &vec![2, 0]).contains("heap 2 has 0 tokens"));
    // sevens: both hands, the player to move
    use gamecheck_games::sevens::rules::{Rules, Stuck};
    let rules = Rules::new(2, 5, None, Stuck::Lose).unwrap();
    let w = SevensGame::walker(&rules);
    let deal = SevensGame::read(&rules, "1\nS1 S3 H2 H4 H5\n").unwrap();
    let start = SevensGame::state_of(&rules, &deal[0]).unwrap();
    assert_eq!(
        SevensGame::show(&w, &start),
        "Alice: S1 S3 H2 H4 H5\nBob: S2 S4 S5 H1 H3\nto move: Alice\n"
    );
    // Alice holds S3, the start card: she opens; then Bob is to move
    let (_, after) = &SevensGame::fast_children(&w, &start)[0];
    assert!(SevensGame::show(&w, after).starts_with("Alice: S1 H2 H4 H5\nBob"));
    assert!(SevensGame::show(&w, after).ends_with("to move: Bob\n"));
}

/// `perft --finished leaf` counts a game that ended before the depth as one leaf at every
/// greater depth, and `count --finished leaf` gives the same numbers in its sequences
/// column (octal .77 from a heap of 8: 6 games end at depth 4 and 195 at depth 5, so
/// perft(6) is 4,873 + 201; at depth 8 every line has ended: the 6,358 games). The
/// default is unchanged, and `--compare` (which compares move lists, not counts) refuses
/// the flag.
#[test]
fn perft_and_count_count_finished_games_as_leaves_on_request() {
    let heap = ["--code", ".77", "--heap", "8"];
    let perft = |depth: &str, extra: &[&str]| {
        let out = gamecheck()
            .args(["perft", "octal"])
            .args(heap)
            .args(["--depth", depth])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(perft("6", &[]), "total: 4873\n");
    assert_eq!(perft("6", &["--finished", "dropped"]), "total: 4873\n");
    assert_eq!(perft("6", &["--finished", "leaf"]), "total: 5074\n");
    assert_eq!(perft("8", &["--finished", "leaf"]), "total: 6358\n");
    assert_eq!(perft("12", &["--finished", "leaf"]), "total: 6358\n");
    let divided = perft("6", &["--finished", "leaf", "--divide"]);
    assert!(divided.ends_with("total: 5074\n"), "{divided}");
    let count = gamecheck()
        .args(["count", "octal"])
        .args(heap)
        .args(["--finished", "leaf"])
        .output()
        .unwrap();
    let text = String::from_utf8(count.stdout).unwrap();
    assert!(
        text.contains("\n5 7 1 2771 195\n6 4 1 5074 1184\n"),
        "{text}"
    );
    assert!(text.contains("\n8 1 1 6358 2220\n"), "{text}");
    gamecheck()
        .args(["perft", "octal"])
        .args(heap)
        .args(["--depth", "3", "--compare", "--finished", "leaf"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
