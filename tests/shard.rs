//! `perft --shard K/N`, `verify --shard K/N` and `merge`, each shard a process of its own:
//! the merge prints what one machine prints (perft byte for byte; verify's report with
//! its seconds blanked, its summary line and signature), and refuses shards that are not
//! every shard of one run, each once, saying what is missing or mixed.

mod common;

use common::gamecheck;
use gamecheck::harness::{Report, TABLE_WIDTH};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// The stdout of `gamecheck ARGS`, which must exit `code`.
fn run(args: &[&str], code: i32) -> String {
    let out = gamecheck().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "gamecheck {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `args` with `--shard K/N` for every K, each file written to `dir`; the paths.
fn shards(dir: &Path, name: &str, args: &[&str], n: u32) -> Vec<PathBuf> {
    (0..n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let mut a = args.to_vec();
            a.extend(["--shard", &shard]);
            let path = dir.join(format!("{name}-{k}.json"));
            std::fs::write(&path, run(&a, 0)).unwrap();
            path
        })
        .collect()
}

/// `merge FILES` (in the order given): its exit code, stdout and stderr.
fn merge(files: &[PathBuf]) -> (i32, String, String) {
    let out = gamecheck().arg("merge").args(files).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Perft in 1, 3 and 7 shards merges to the unsharded output byte for byte: with and
/// without --divide, under both conventions for finished games, the oracle's generator,
/// an explicit split depth, a start from --from, a depth of 0; the files are merged in
/// any order.
#[test]
fn a_sharded_perft_merges_to_the_unsharded_output() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("one.in");
    let case = run(
        &[
            "gen", "marble", "--side", "3", "--cases", "1", "--seed", "5",
        ],
        0,
    );
    std::fs::write(&from, case).unwrap();
    let from = from.to_str().unwrap();
    let plans: Vec<Vec<&str>> = vec![
        vec![
            "octal", "--code", ".77", "--heap", "40", "--depth", "4", "--divide",
        ],
        vec![
            "octal",
            "--code",
            ".07",
            "--heap",
            "9",
            "--depth",
            "9",
            "--finished",
            "leaf",
        ],
        vec![
            "octal",
            "--code",
            ".07",
            "--heap",
            "9",
            "--depth",
            "7",
            "--divide",
            "--finished",
            "leaf",
        ],
        vec![
            "marble", "--side", "3", "--depth", "5", "--divide", "--solver", "naive",
        ],
        vec![
            "marble",
            "--side",
            "3",
            "--depth",
            "6",
            "--split-depth",
            "3",
        ],
        vec![
            "marble", "--side", "3", "--from", from, "--depth", "3", "--divide",
        ],
        vec!["paint", "--n", "6", "--depth", "0", "--divide"],
        // deeper than every line: the split stops where the last line ended
        vec![
            "octal",
            "--code",
            ".77",
            "--heap",
            "3",
            "--depth",
            "4294967295",
            "--finished",
            "leaf",
            "--divide",
        ],
    ];
    for (i, plan) in plans.iter().enumerate() {
        let mut args = vec!["perft"];
        args.extend(plan);
        let unsharded_args: Vec<&str> = args
            .iter()
            .copied()
            .enumerate()
            .filter(|&(j, a)| {
                // --split-depth goes with --shard only
                !(a == "--split-depth" || j > 0 && args[j - 1] == "--split-depth")
            })
            .map(|(_, a)| a)
            .collect();
        let unsharded = run(&unsharded_args, 0);
        for n in [1, 3, 7] {
            let mut files = shards(dir.path(), &format!("p{i}-{n}"), &args, n);
            files.reverse();
            let (code, out, err) = merge(&files);
            assert_eq!((code, err.as_str()), (0, ""), "{args:?} in {n}");
            assert_eq!(out, unsharded, "{args:?} in {n} shards");
        }
    }
}

/// A shard file carries its plan and its share: the plan's fields, the split, the
/// positions dealt round-robin (their sum is the split's), and its counts as decimal
/// strings.
#[test]
fn a_perft_shard_file_carries_its_plan_and_its_share() {
    let args = [
        "perft", "octal", "--code", ".77", "--heap", "40", "--depth", "3", "--divide",
    ];
    let files: Vec<serde_json::Value> = (0..3)
        .map(|k| {
            let shard = format!("{k}/3");
            let mut a = args.to_vec();
            a.extend(["--shard", &shard]);
            serde_json::from_str(&run(&a, 0)).unwrap()
        })
        .collect();
    let plan = &files[0]["plan"];
    assert_eq!(files[0]["kind"], "perft");
    assert_eq!(files[0]["format"], "gamecheck-shard/1");
    assert_eq!(plan["program"], "gamecheck");
    assert_eq!(plan["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        (
            &plan["game"],
            &plan["rules"],
            &plan["solver"],
            &plan["finished"]
        ),
        (
            &"octal".into(),
            &".77".into(),
            &"fast".into(),
            &"dropped".into()
        )
    );
    assert_eq!((&plan["depth"], &plan["shards"]), (&3.into(), &3.into()));
    assert!(plan["from_sha256"].is_null());
    // 3 shards want 48 positions: the first depth with as many, at most D − 1 = 2
    assert_eq!(plan["split_depth"], 2);
    let positions: u64 = files.iter().map(|f| f["positions"].as_u64().unwrap()).sum();
    assert_eq!(Some(positions), plan["split_positions"].as_u64());
    for (k, f) in files.iter().enumerate() {
        assert_eq!(f["shard"], k);
        assert_eq!(&f["plan"], plan);
        let total: u128 = f["total"].as_str().unwrap().parse().unwrap();
        let lines: u128 = f["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["count"].as_str().unwrap().parse::<u128>().unwrap())
            .sum();
        assert_eq!(lines, total);
    }
    // a start from a file is told by the file's digest
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("one.in");
    std::fs::write(&from, "1\n1 40\n").unwrap();
    let f: serde_json::Value = serde_json::from_str(&run(
        &[
            "perft",
            "octal",
            "--code",
            ".77",
            "--depth",
            "3",
            "--from",
            from.to_str().unwrap(),
            "--shard",
            "0/3",
        ],
        0,
    ))
    .unwrap();
    assert_eq!(
        f["plan"]["from_sha256"],
        gamecheck::shard::sha256_hex(b"1\n1 40\n")
    );
    // the same position as --heap 40: the same start
    assert_eq!(f["plan"]["start_sha256"], plan["start_sha256"]);
}

/// The flags: --split-depth needs --shard and is at most D; a shard's K is below N;
/// --compare counts no shard; verify --shard needs --seed.
#[test]
fn shard_flags_are_checked() {
    let octal = [
        "perft", "octal", "--code", ".77", "--heap", "9", "--depth", "3",
    ];
    let with = |extra: &[&str]| {
        let mut a = octal.to_vec();
        a.extend(extra);
        gamecheck().args(a).assert().code(2)
    };
    with(&["--split-depth", "1"]).stderr(predicate::str::contains("--shard"));
    with(&["--shard", "0/2", "--split-depth", "4"]).stderr(predicate::str::contains(
        "the split depth 4 is deeper than the count's depth 3",
    ));
    with(&["--shard", "0/2", "--split-depth", "0"])
        .stderr(predicate::str::contains("--split-depth 1 or more"));
    with(&["--shard", "2/2"]).stderr(predicate::str::contains("K < N (the last shard is 1/2)"));
    with(&["--shard", "0/0"]).stderr(predicate::str::contains("N must be 1..=65536"));
    with(&["--shard", "1"]).stderr(predicate::str::contains("K/N"));
    with(&["--shard", "0/2", "--compare"]).stderr(predicate::str::contains("--compare"));
    gamecheck()
        .args(["verify", "--game", "sevens", "--shard", "0/2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--seed"));
}

/// `merge` refuses what is not every shard of one run, each once, and says what is
/// missing or mixed: a missing shard, a shard twice, another plan (the first field that
/// differs), another kind, an edited file, a file that is not a shard file, another
/// format version, no file at all.
#[test]
fn merge_refuses_missing_or_mixed_shards() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "perft", "octal", "--code", ".77", "--heap", "12", "--depth", "3",
    ];
    let a = shards(dir.path(), "a", &base, 3);
    let refused = |files: &[PathBuf], says: &str| {
        let (code, out, err) = merge(files);
        assert_eq!(code, 2, "{files:?}: {err}");
        assert_eq!(out, "");
        assert!(err.contains(says), "{files:?}: {err}");
    };
    refused(
        &a[..2],
        "1 of the 3 shards is missing: 2/3; run it and merge again",
    );
    refused(&a[..1], "2 of the 3 shards are missing: 1/3, 2/3");
    refused(
        &[a[0].clone(), a[1].clone(), a[1].clone(), a[2].clone()],
        "shard 1/3 is given twice",
    );
    let mut heap = base.to_vec();
    heap[5] = "13";
    let b = shards(dir.path(), "b", &heap, 3);
    refused(
        &[a[0].clone(), a[1].clone(), b[2].clone()],
        "are shards of different runs: their plans differ in `start_sha256`",
    );
    let mut depth = base.to_vec();
    depth[7] = "2";
    let c = shards(dir.path(), "c", &depth, 3);
    refused(
        &[a[0].clone(), c[1].clone(), a[2].clone()],
        "differ in `depth` (3 against 2)",
    );
    let d = shards(dir.path(), "d", &base, 4);
    refused(
        &[a[0].clone(), d[1].clone(), a[2].clone()],
        "differ in `shards` (3 against 4)",
    );
    let mut divide = base.to_vec();
    divide.push("--divide");
    let e = shards(dir.path(), "e", &divide, 3);
    refused(
        &[a[0].clone(), a[1].clone(), e[2].clone()],
        "differ in `divide`",
    );
    let v = shards(
        dir.path(),
        "v",
        &[
            "verify",
            "--game",
            "octal",
            "--seed",
            "1",
            "--cases",
            "2",
            "--progress",
            "none",
        ],
        3,
    );
    refused(&[a[0].clone(), v[1].clone()], "is a perft shard and");
    // an edited count: the digest does not see it, but an edited plan is told
    let edited = dir.path().join("edited.json");
    let text = std::fs::read_to_string(&a[1]).unwrap();
    std::fs::write(&edited, text.replace("\"depth\": 3", "\"depth\": 4")).unwrap();
    refused(
        &[a[0].clone(), edited.clone(), a[2].clone()],
        "edited.json: its plan_digest is not the digest of its plan",
    );
    std::fs::write(&edited, "{\"kind\": \"perft\"").unwrap();
    refused(
        std::slice::from_ref(&edited),
        "edited.json: not a shard file of gamecheck-shard/1",
    );
    std::fs::write(
        &edited,
        text.replace("gamecheck-shard/1", "gamecheck-shard/9"),
    )
    .unwrap();
    refused(
        std::slice::from_ref(&edited),
        "its format is `gamecheck-shard/9`",
    );
    std::fs::write(&edited, text.replace("\"total\": \"", "\"total\": \"x")).unwrap();
    refused(
        &[a[0].clone(), edited.clone(), a[2].clone()],
        "is not a count",
    );
    refused(&[dir.path().join("none.json")], "cannot read");
    gamecheck()
        .arg("merge")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("FILES"));
}

/// `verify` in shards: the merge prints the unsharded report with its seconds blanked
/// (every row's game, rules, solver, counts, details, in order), the same summary line
/// and signature, and exits as `verify` does; every step ran on exactly one shard.
#[test]
fn a_sharded_verify_merges_to_the_unsharded_report() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "verify",
        "--game",
        "paint",
        "--seed",
        "2026",
        "--cases",
        "30",
        "--progress",
        "none",
    ];
    let mut json = args.to_vec();
    json.push("--json");
    let report: Report = serde_json::from_str(&run(&json, 0)).unwrap();
    let text = run(&args, 0);
    let mut blanked = Vec::new();
    report
        .write_table_blanked(&mut blanked, Some(TABLE_WIDTH))
        .unwrap();
    let mut blanked = String::from_utf8(blanked).unwrap();
    blanked.push_str(&format!(
        "signature: {}\n",
        report.signature.clone().unwrap()
    ));
    for n in [1, 2, 5] {
        let files = shards(dir.path(), &format!("v{n}"), &args, n);
        let (code, out, err) = merge(&files);
        assert_eq!((code, err.as_str()), (0, ""), "{n} shards");
        assert_eq!(out, blanked, "{n} shards");
        // the summary line and the signature are the unsharded run's, byte for byte
        let tail = |t: &str| {
            t.lines()
                .rev()
                .take(2)
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(tail(&out), tail(&text));
        // each step on one shard: the shards' rows are the report's rows
        let rows: usize = files
            .iter()
            .map(|f| {
                let v: serde_json::Value =
                    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
                v["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["rows"].as_array().unwrap().len())
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(rows, report.rows.len());
    }
}

/// A failing verify merges to a failing report: exit 1, the failure on stderr. (The
/// main binary's games all pass; a step's row edited to a mismatch stands in for one.)
#[test]
fn a_merged_verify_with_a_mismatch_fails() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "verify",
        "--game",
        "octal",
        "--seed",
        "7",
        "--cases",
        "3",
        "--progress",
        "none",
    ];
    let files = shards(dir.path(), "f", &args, 2);
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["steps"][0]["rows"][0]["mismatches"] = 1.into();
    std::fs::write(&files[1], v.to_string()).unwrap();
    let (code, out, _) = merge(&files);
    assert_eq!(code, 1);
    assert!(out.contains("1 mismatches, FAILED"), "{out}");
}
