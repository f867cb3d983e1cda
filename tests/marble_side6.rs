//! The 6-diamond without its 8 GiB: the one table builder on side-6 masks of free cells
//! (checked against `bitmask`'s hash-memo search on every position and against the oracle
//! on a sample), masked builds against full tables, the table file, and the side-6
//! command line (`--table FILE`, refusals that name it, `gen`).

mod common;

use common::gamecheck;
use gamecheck::game::Game;
use gamecheck::outcome::Value;
use gamecheck::rng::{self, Rng};
use gamecheck::solver::{Solver, Suggestion};
use gamecheck_games::marble::bitmask::{Bitmask, WIDE_MAX_EMPTY};
use gamecheck_games::marble::export;
use gamecheck_games::marble::game::{MarbleGame, Variant};
use gamecheck_games::marble::geometry::Layout;
use gamecheck_games::marble::naive::Naive;
use gamecheck_games::marble::props::{cached_table, rules_of_side, side5_rule_sets};
use gamecheck_games::marble::table::{
    compress, expand, Observer, Table, TableSolver, MASKED_MAX_EMPTY, MID_BITS,
};
use gamecheck_games::marble::{format, Line, LineSet, Play, Position, Rules};
use predicates::prelude::*;
use rand::Rng as _;
use std::sync::{Arc, Mutex};

const ALL6: u64 = (1 << 36) - 1;

/// `k` distinct random cells of the `cells`-cell square.
fn random_mask(rng: &mut Rng, cells: usize, k: usize) -> u64 {
    let mut mask = 0u64;
    while (mask.count_ones() as usize) < k {
        mask |= 1 << rng.random_range(0..cells);
    }
    mask
}

fn standard6(play: Play) -> Rules {
    Rules::new(6, None, LineSet::ALL, play).unwrap()
}

#[test]
fn compress_and_expand_are_inverse_on_the_mask() {
    let mut rng = rng::from_seed(1);
    for _ in 0..2000 {
        let mask: u64 = rng.random::<u64>() & ALL6;
        let k = mask.count_ones();
        let idx = rng.random::<u64>() & ((1u64 << k) - 1);
        let x = expand(idx, mask);
        assert_eq!(x & !mask, 0);
        assert_eq!(x.count_ones(), idx.count_ones());
        assert_eq!(compress(x, mask), idx);
        // bits outside the mask are dropped, order inside it kept
        let y: u64 = rng.random();
        assert_eq!(expand(compress(y, mask), mask), y & mask);
    }
}

/// Masks of 16 to 20 free cells on side 6, standard and random rules: every position of
/// the masked table equals `bitmask`'s answer (its hash memo, one search from the top),
/// and the masked table passes its certificate.
#[test]
fn masked_side6_builds_agree_with_bitmask_on_every_position() {
    let mut rng = rng::from_seed(6);
    let mut rule_sets = vec![standard6(Play::Normal), standard6(Play::Misere)];
    for _ in 0..4 {
        rule_sets.push(rules_of_side(&mut rng, 6));
    }
    for (i, rules) in rule_sets.iter().enumerate() {
        let k = 16 + i % 5;
        let free = random_mask(&mut rng, 36, k);
        let fixed = ALL6 & !free;
        let table = Table::build_masked(rules, free);
        assert_eq!(table.positions(), 1 << k);
        table
            .certify()
            .unwrap_or_else(|e| panic!("{rules}, free {free:#x}: {e}"));
        let mut bitmask = Bitmask::new(rules);
        for idx in (0..1u64 << k).rev() {
            let sq = fixed | expand(idx, free);
            assert_eq!(
                table.wins_index(idx),
                bitmask.wins_square(sq),
                "{rules}, free {free:#x}, position {sq:#x}"
            );
            assert_eq!(table.wins_square(sq), table.wins_index(idx));
        }
    }
}

/// Masks with a move from the low six index bits straight to the upper bits of a
/// sub-block (index bits 12..=19), skipping the lower sub-block bits 6..=11: such a move
/// takes the build's `m = 0` sweep with a shift (`ml ≠ 0`), which random masks of side 6
/// rarely hold and sides up to 5 cannot (a step there is at most 6 cells, so the five
/// lower free cells cannot sit below a step of 7). Built as: a cell `c` (square column
/// and row at most 4) that is the 6th free cell, the 6 cells after it free, `c + 7` (one
/// vertical step) the 13th, and 3 to 7 more free cells above it. Every position equals
/// `bitmask`'s answer, and the certificate holds.
#[test]
fn masked_side6_moves_from_the_low_word_to_the_upper_sub_block() {
    let mut rng = rng::from_seed(612);
    for round in 0..6 {
        let rules = if round < 2 {
            standard6([Play::Normal, Play::Misere][round])
        } else {
            let mut r = rules_of_side(&mut rng, 6);
            while !r.lines().contains(Line::Vertical) || r.run() < 2 {
                r = rules_of_side(&mut rng, 6);
            }
            r
        };
        let c = loop {
            let c: u32 = rng.random_range(5..=28);
            if c % 6 <= 4 && c / 6 <= 4 {
                break c;
            }
        };
        let below = expand(random_mask(&mut rng, c as usize, 5), (1 << c) - 1);
        let above = ALL6 & !((1u64 << (c + 8)) - 1);
        let more = rng.random_range(3..=7).min(above.count_ones() as usize);
        let extra = expand(
            random_mask(&mut rng, above.count_ones() as usize, more),
            above,
        );
        let free = below | 0xFF << c | extra;
        assert_eq!(compress(1 << c, free), 1 << 5);
        assert_eq!(compress(1 << (c + 7), free), 1 << 12);
        let k = free.count_ones();
        let table = Table::build_masked(&rules, free);
        table
            .certify()
            .unwrap_or_else(|e| panic!("{rules}, free {free:#x}: {e}"));
        let mut bitmask = Bitmask::new(&rules);
        for idx in (0..1u64 << k).rev() {
            let sq = (ALL6 & !free) | expand(idx, free);
            assert_eq!(
                table.wins_index(idx),
                bitmask.wins_square(sq),
                "{rules}, free {free:#x}, position {sq:#x}"
            );
        }
    }
}

/// The oracle (text rows, its own move walk) on seeded positions inside 20-cell masks:
/// each position is answered by the masked table of its mask.
#[test]
fn masked_side6_builds_agree_with_the_oracle() {
    let mut rng = rng::from_seed(66);
    let layout = Layout::new(6);
    for round in 0..6 {
        let rules = if round < 2 {
            standard6([Play::Normal, Play::Misere][round])
        } else {
            rules_of_side(&mut rng, 6)
        };
        let free = random_mask(&mut rng, 36, 20);
        let table = Table::build_masked(&rules, free);
        let mut oracle = Naive::new(&rules);
        for _ in 0..40 {
            // at most 12 empty cells, so the oracle stays quick
            let empty = rng.random_range(0..=12);
            let holes = expand(random_mask(&mut rng, 20, empty), free);
            let sq = ALL6 & !holes;
            let pos = Position::new(6, layout.to_reading(sq));
            let want = oracle.solve(&pos).unwrap() == Value::Win;
            assert_eq!(
                table.wins_square(sq),
                want,
                "{rules}:\n{}",
                format::write(&[pos])
            );
        }
    }
}

/// Tiny masks (fewer than 6 free cells: one partial word) on side 6 against bitmask.
#[test]
fn masks_smaller_than_a_word() {
    let mut rng = rng::from_seed(7);
    for k in 0..6 {
        for _ in 0..20 {
            let rules = rules_of_side(&mut rng, 6);
            let free = random_mask(&mut rng, 36, k);
            let table = Table::build_masked(&rules, free);
            table.certify().unwrap();
            let mut bitmask = Bitmask::new(&rules);
            for idx in 0..1u64 << k {
                let sq = (ALL6 & !free) | expand(idx, free);
                assert_eq!(table.wins_index(idx), bitmask.wins_square(sq), "{rules}");
            }
        }
    }
}

/// A masked build is the full table restricted to the mask: random masks of sides 4 and
/// 5 against the full (certified) tables, on every position of the mask.
#[test]
fn masked_builds_are_the_full_table_restricted() {
    let mut rng = rng::from_seed(45);
    let mut rule_sets: Vec<Rules> = side5_rule_sets().to_vec();
    for _ in 0..4 {
        rule_sets.push(rules_of_side(&mut rng, 4));
    }
    for rules in rule_sets {
        let full = cached_table(&rules);
        let cells = rules.cells();
        let all = (1u64 << cells) - 1;
        for k in [3, 9, 14] {
            let free = random_mask(&mut rng, cells, k);
            let masked = Table::build_masked(&rules, free);
            for idx in 0..1u64 << k {
                let sq = (all & !free) | expand(idx, free);
                assert_eq!(
                    masked.wins_index(idx),
                    full.wins_square(sq),
                    "{rules}, free {free:#x}, position {sq:#x}"
                );
            }
        }
    }
}

/// A full side-5 table with one random bit flipped fails its certificate, which names a
/// position.
#[test]
fn the_certificate_of_a_full_table_finds_a_flipped_bit_anywhere() {
    let mut rng = rng::from_seed(5);
    for rules in side5_rule_sets() {
        let good = cached_table(&rules);
        for _ in 0..3 {
            let mut words = good.words().to_vec();
            let p = rng.random_range(0..1u64 << 25);
            words[(p >> 6) as usize] ^= 1 << (p & 63);
            let bad = Table::from_words(&rules, words);
            let e = bad.certify().unwrap_err();
            assert!(e.contains("0x"), "{e}");
        }
    }
}

#[test]
fn table_files_round_trip_and_refuse_other_rules() {
    for rules in [Rules::standard(), side5_rule_sets()[3]] {
        let table = cached_table(&rules);
        let mut bytes = Vec::new();
        let digest = export::write_file(&table, &mut bytes).unwrap();
        assert_eq!(digest, export::sha256_hex(&bytes));
        assert_eq!(bytes, export::file_bytes(&table));
        let back = export::read_file(&rules, bytes.as_slice()).unwrap();
        assert_eq!(back.words(), table.words());
        // another end rule: the header names both
        let other = Rules::new(
            rules.side(),
            Some(rules.run()),
            rules.lines(),
            if rules.play() == Play::Normal {
                Play::Misere
            } else {
                Play::Normal
            },
        )
        .unwrap();
        let e = export::read_file(&other, bytes.as_slice())
            .map(|_| ())
            .expect_err("other rules");
        assert!(
            e.contains(&rules.flags()) && e.contains(&other.flags()),
            "{e}"
        );
        // cut short, too long, not a table
        let e = export::read_file(&rules, &bytes[..bytes.len() - 1])
            .err()
            .unwrap();
        assert!(e.contains("ends early"), "{e}");
        let mut long = bytes.clone();
        long.push(0);
        let e = export::read_file(&rules, long.as_slice()).err().unwrap();
        assert!(e.contains("goes on"), "{e}");
        let e = export::read_file(&rules, &b"GCTABLE2\n"[..]).err().unwrap();
        assert!(e.contains("not a gamecheck table"), "{e}");
        // the rules line is read to its newline up to 200 bytes inclusive: a line of
        // 200 is read whole (and then names the rules it gives), one of 201 is refused
        for (len, words) in [(200, "was written for `"), (201, "longer than 200 bytes")] {
            let mut file = export::MAGIC.as_bytes().to_vec();
            file.extend(std::iter::repeat_n(b'x', len));
            file.push(b'\n');
            let e = export::read_file(&rules, file.as_slice()).err().unwrap();
            assert!(e.contains(words), "{len}: {e}");
            if len == 200 {
                assert!(e.contains(&"x".repeat(200)), "{e}");
            }
        }
        let e = export::read_file(&rules, &b"GCTABLE1\nmarble --side"[..])
            .err()
            .unwrap();
        assert!(e.contains("ends inside its rules line"), "{e}");
        let e = export::read_file(&rules, &b"GCTAB"[..]).err().unwrap();
        assert!(e.contains("ends inside its header"), "{e}");
    }
}

/// `solve --table FILE` answers as the built-in table; a file of other rules, or
/// `--table` with another solver, is a usage error naming `--table`.
#[test]
fn solve_reads_a_table_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("std4.gct");
    gamecheck()
        .args(["table", "marble", "--out"])
        .arg(&file)
        .assert()
        .success();
    let input = std::fs::read_to_string(format!(
        "{}/tests/data/marble_sample.in",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let plain = gamecheck()
        .args(["solve", "marble"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(plain.status.success());
    gamecheck()
        .args(["solve", "marble", "--table"])
        .arg(&file)
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(String::from_utf8(plain.stdout).unwrap());
    gamecheck()
        .args(["solve", "marble", "--misere", "--table"])
        .arg(&file)
        .write_stdin(input.clone())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--table").and(predicate::str::contains("--misere")));
    gamecheck()
        .args(["solve", "marble", "--solver", "bitmask", "--table"])
        .arg(&file)
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--table: only the table solver"));
}

/// Side 6 without a table file: `table` answers positions up to its masked limit and
/// `bitmask` up to its own, both as the oracle; beyond, exit 2 with nothing on stdout
/// and a message that names `--table`.
#[test]
fn side6_solve_without_a_table_file() {
    let rules = standard6(Play::Normal);
    let mut rng = rng::from_seed(36);
    let mut oracle = Naive::new(&rules);
    let positions: Vec<Position> = (0..8)
        .map(|_| {
            let empty = rng.random_range(0..=12);
            let holes = random_mask(&mut rng, 36, empty);
            Position::new(6, ALL6 & !holes)
        })
        .collect();
    let want: String = positions
        .iter()
        .map(|p| {
            let v = oracle.solve(p).unwrap();
            format!("{}\n", v.for_alice_to_move())
        })
        .collect();
    for solver in ["table", "bitmask", "naive"] {
        gamecheck()
            .args(["solve", "marble", "--side", "6", "--solver", solver])
            .write_stdin(format::write(&positions))
            .assert()
            .success()
            .stdout(want.clone());
    }
    for (solver, limit) in [("table", MASKED_MAX_EMPTY), ("bitmask", WIDE_MAX_EMPTY)] {
        let holes = random_mask(&mut rng, 36, limit + 1);
        let big = Position::new(6, ALL6 & !holes);
        gamecheck()
            .args(["solve", "marble", "--side", "6", "--solver", solver])
            .write_stdin(format::write(&[positions[0], big]))
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("case 2")
                    .and(predicate::str::contains(format!(
                        "{} empty cells",
                        limit + 1
                    )))
                    // bitmask's limit is inside the table solver's: it points there
                    .and(predicate::str::contains(if solver == "bitmask" {
                        "use `--solver table` instead"
                    } else {
                        "use `--table FILE` instead"
                    })),
            );
    }
}

/// `gen marble --side 6` writes 36-symbol positions with at most 20 empty cells, which
/// read back as side 6.
#[test]
fn gen_side6_stays_within_the_limit() {
    let text = common::gen("marble", &["--side", "6", "--seed", "9"]);
    let cases = format::read(&text, 6).unwrap();
    assert!(!cases.is_empty());
    assert!(cases
        .iter()
        .all(|p| p.empty_cells() <= gamecheck_games::marble::contest::WIDE_GEN_MAX_EMPTY));
    let rules = standard6(Play::Normal);
    let mut table = <MarbleGame as Game>::cached_solver(&rules, Variant::Table);
    for p in cases.iter().take(20) {
        table.solve(p).unwrap();
    }
}

/// `solve --table` checks the file before trusting it: the digest file beside it is
/// required and must match, and a side-4 or side-5 table must pass its certificate
/// (here with a digest file rewritten to match the flipped bit).
#[test]
fn solve_checks_the_table_file_before_trusting_it() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("std4.gct");
    gamecheck()
        .args(["table", "marble", "--out"])
        .arg(&good)
        .assert()
        .success();
    let bytes = std::fs::read(&good).unwrap();
    let sum = std::fs::read_to_string(format!("{}.sha256", good.display())).unwrap();
    let mut flipped = bytes.clone();
    let at = bytes.len() - (1 << 16) / 8 + 224;
    flipped[at] ^= 1;
    let input = "1\n.\n. .\n* . .\n. * . .\n. * .\n. .\n.\n";
    let run = |file: &std::path::Path| {
        gamecheck()
            .args(["solve", "marble", "--table"])
            .arg(file)
            .write_stdin(input)
            .assert()
    };
    run(&good).success().stdout("Alice\n");
    // the old digest beside a changed file
    let f = dir.path().join("flip.gct");
    std::fs::write(&f, &flipped).unwrap();
    std::fs::write(format!("{}.sha256", f.display()), &sum).unwrap();
    run(&f)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("does not match its digest file"));
    // a digest that matches the changed file: the certificate rejects it
    std::fs::write(
        format!("{}.sha256", f.display()),
        format!("{}  flip.gct\n", export::sha256_hex(&flipped)),
    )
    .unwrap();
    run(&f)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("fails its certificate"));
    // no digest file
    let lone = dir.path().join("lone.gct");
    std::fs::write(&lone, &bytes).unwrap();
    run(&lone)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("lone.gct.sha256"));
    // a file of the wrong length says so before reading it
    let short = dir.path().join("short.gct");
    std::fs::write(&short, &bytes[..bytes.len() - 1]).unwrap();
    std::fs::write(format!("{}.sha256", short.display()), &sum).unwrap();
    run(&short)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "bytes; the table of these rules is",
        ));
}

/// A masked table's shape on every side: 2^k positions in max(1, 2^(k−6)) words of 8
/// bytes, its free cells as given, full exactly when every cell is free.
#[test]
fn masked_tables_have_their_shape() {
    let mut rng = rng::from_seed(8);
    for side in 1..=6 {
        let cells = side * side;
        for _ in 0..12 {
            let rules = rules_of_side(&mut rng, side);
            let k = rng.random_range(0..=cells.min(14));
            let free = random_mask(&mut rng, cells, k);
            let table = Table::build_masked(&rules, free);
            let words = (1usize << k).div_ceil(64);
            assert_eq!(table.free(), free);
            assert_eq!(table.positions(), 1 << k);
            assert_eq!(table.words().len(), words, "{rules}, free {free:#x}");
            assert_eq!(table.bytes(), 8 * words);
            assert_eq!(table.is_full(), k == cells, "{rules}, free {free:#x}");
            assert_eq!(table.rules(), &rules);
        }
    }
}

/// `TableSolver::table` builds the full table once (sides 1..=5) and keeps it; a given
/// table is the one it answers from.
#[test]
fn the_table_solver_builds_its_table_once() {
    let mut rng = rng::from_seed(9);
    for side in 1..=4 {
        let rules = rules_of_side(&mut rng, side);
        let mut solver = TableSolver::new(&rules);
        let first = Arc::clone(solver.table().expect("sides 1..=5 build a table"));
        assert!(first.is_full());
        assert_eq!(first.words(), Table::build(&rules).words(), "{rules}");
        assert!(Arc::ptr_eq(&first, solver.table().unwrap()), "{rules}");
        let mut given = TableSolver::with_table(Arc::clone(&first));
        assert!(Arc::ptr_eq(&first, given.table().unwrap()));
    }
}

/// Both fast solvers' refusals sit exactly at their side-6 limits (checked with
/// `check`, nothing solved), name the solver and `--table FILE`, and never refuse a
/// position of sides 1..=5, not even the empty board.
#[test]
fn side6_refusals_sit_exactly_at_the_limits() {
    let mut rng = rng::from_seed(10);
    for round in 0..8 {
        let rules = rules_of_side(&mut rng, 6);
        let bitmask = Bitmask::new(&rules);
        let table = TableSolver::new(&rules);
        let solvers: [(&dyn Solver<Position, Value>, usize); 2] =
            [(&bitmask, WIDE_MAX_EMPTY), (&table, MASKED_MAX_EMPTY)];
        for (solver, limit) in solvers {
            for empty in [
                limit - 1 - round % 3,
                limit,
                limit + 1,
                (limit + 2 + round).min(36),
            ] {
                let pos = Position::new(6, ALL6 & !random_mask(&mut rng, 36, empty));
                let got = solver.check(&pos);
                if empty <= limit {
                    assert!(got.is_ok(), "{} at {empty} empty cells", solver.name());
                } else {
                    let e = got.expect_err("over the limit");
                    assert_eq!(e.solver, solver.name());
                    // bitmask points to the table solver while it answers without a file
                    let want = if solver.name() == "bitmask" && empty <= 30 {
                        Suggestion::Solver("table")
                    } else {
                        Suggestion::Flag("--table FILE".into())
                    };
                    assert_eq!(e.suggestion, want, "{} at {empty}", solver.name());
                    assert!(
                        e.reason.contains(&format!("{empty} empty cells")),
                        "{}",
                        e.reason
                    );
                }
            }
        }
    }
    // TableSolver's refusal rests on this: no board of a side with a full table has more
    // empty cells than the masked limit
    let max_side = gamecheck_games::marble::rules::TABLE_MAX_SIDE;
    assert!(max_side * max_side <= MASKED_MAX_EMPTY);
    for side in 1..=max_side {
        let rules = rules_of_side(&mut rng, side);
        let empty = Position::new(side, 0);
        assert!(Bitmask::new(&rules).check(&empty).is_ok(), "{rules}");
        assert!(TableSolver::new(&rules).check(&empty).is_ok(), "{rules}");
    }
}

/// What an observer heard: each layer's announcement, then the positions it advanced.
#[derive(Default)]
struct Heard(Mutex<Vec<(usize, usize, u64, u64)>>);

impl Observer for Heard {
    fn layer(&self, layer: usize, layers: usize, positions: u64) {
        self.0.lock().unwrap().push((layer, layers, positions, 0));
    }
    fn advance(&self, positions: u64) {
        let mut v = self.0.lock().unwrap();
        if v.is_empty() {
            v.push((0, 0, 0, 0)); // the certificate announces no layers
        }
        v.last_mut().unwrap().3 += positions;
    }
}

/// The build's observer hears every layer of blocks once, most marbles first, each with
/// its C(top, j)·2^(k − top) positions, and exactly those advanced; the certificate's
/// hears all 2^k positions. Masks of 0 to 24 free cells on every side (above 20 the
/// blocks have cross moves).
#[test]
fn observers_hear_every_layer_and_position() {
    let binomial = |n: u64, j: u64| (0..j).fold(1u64, |c, i| c * (n - i) / (i + 1));
    let mut rng = rng::from_seed(11);
    for k in (0..=24).step_by(2).chain([21, 23]) {
        let side = [1, 2, 3, 4, 5, 6].into_iter().find(|s| s * s >= k).unwrap();
        let rules = rules_of_side(&mut rng, if k > 16 { 6 } else { side });
        let free = random_mask(&mut rng, rules.cells(), k);
        let heard = Heard::default();
        let table = Table::build_observed(&rules, free, &heard);
        let top = (k as u32).saturating_sub(6 + MID_BITS) as u64;
        let layers = heard.0.into_inner().unwrap();
        assert_eq!(layers.len() as u64, top + 1, "k = {k}");
        for (i, &(layer, count, positions, advanced)) in layers.iter().enumerate() {
            assert_eq!((layer, count), (i, top as usize + 1), "k = {k}");
            let want = binomial(top, top - i as u64) << (k as u64 - top);
            assert_eq!((positions, advanced), (want, want), "k = {k}, layer {i}");
        }
        let heard = Heard::default();
        table.certify_observed(&heard).unwrap();
        assert_eq!(
            heard.0.into_inner().unwrap(),
            [(0, 0, 0, 1 << k)],
            "k = {k}"
        );
    }
}

/// The certificate checks every word of a table of many chunks: a bit flipped in the
/// first, the last, or a word at or next to a chunk boundary (4096 words) is found.
#[test]
fn the_certificate_checks_every_chunk_boundary() {
    let mut rng = rng::from_seed(12);
    let rules = side5_rule_sets()[0];
    let good = cached_table(&rules);
    let last = good.words().len() - 1;
    for word in [0, 1, 4095, 4096, 4097, 8191, last - 4096, last - 1, last] {
        let mut words = good.words().to_vec();
        words[word] ^= 1 << rng.random_range(0..64);
        let e = Table::from_words(&rules, words).certify().unwrap_err();
        assert!(e.contains("0x"), "word {word}: {e}");
    }
}

/// `count marble`'s layers of a 5-diamond table (2^19 words: eight of the count's
/// chunks of 2^16 words, so a chunk's index reaches the marbles of its high cells) are
/// the table's own bits counted one position at a time, by marbles; side 3 and below
/// are checked against the oracle in `tests/perft.rs`.
#[test]
fn count_layers_of_a_side5_table_are_its_bits_counted_one_by_one() {
    for rules in [
        Rules::new(5, None, LineSet::ALL, Play::Normal).unwrap(),
        side5_rule_sets()[3],
    ] {
        let table = cached_table(&rules);
        let cells = rules.cells();
        let mut want = vec![[0u64; 2]; cells + 1];
        for p in 0..table.positions() {
            want[p.count_ones() as usize][usize::from(table.wins_index(p))] += 1;
        }
        let layers = export::layers(&table);
        assert_eq!(layers.len(), cells + 1);
        let mut choose = 1u64; // C(cells, m)
        for (m, l) in layers.iter().enumerate() {
            assert_eq!(l.marbles as usize, m);
            assert_eq!([l.p, l.n], want[m], "{rules}, {m} marbles");
            assert_eq!(l.positions, choose, "{rules}, {m} marbles");
            choose = choose * (cells - m) as u64 / (m as u64 + 1);
        }
    }
}
