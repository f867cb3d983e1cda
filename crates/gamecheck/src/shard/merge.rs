//! Shard files read and merged: one plan, each shard exactly once, into what one machine
//! prints.

use super::{
    digest, from_hex, PerftShard, ShardFile, SignaturePart, StepResult, VerifyShard, FORMAT,
};
use crate::harness::Report;
use crate::perft::Divided;
use std::collections::BTreeMap;

/// Why shard files were not merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No file was given.
    #[error("no shard files given: merge the files that `perft --shard K/N` or `verify --shard K/N` wrote")]
    NoFiles,
    /// A file is not a shard file.
    #[error("{file}: not a shard file of {FORMAT}: {message}")]
    Parse {
        /// The file.
        file: String,
        /// What the JSON reader said (with its line and column).
        message: String,
    },
    /// A file of another format version.
    #[error("{file}: its format is `{found}`; this program reads {FORMAT} (merge with the program that wrote it)")]
    Format {
        /// The file.
        file: String,
        /// Its format.
        found: String,
    },
    /// A file's plan digest is not its plan's.
    #[error(
        "{file}: its plan_digest is not the digest of its plan: the file was edited or damaged"
    )]
    Digest {
        /// The file.
        file: String,
    },
    /// Files of a perft and of a verify.
    #[error("{first} is a {first_kind} shard and {other} a {other_kind} shard: merge the shards of one run")]
    Kinds {
        /// The first file.
        first: String,
        /// Its kind.
        first_kind: &'static str,
        /// A file of the other kind.
        other: String,
        /// Its kind.
        other_kind: &'static str,
    },
    /// Files of two plans.
    #[error("{first} and {other} are shards of different runs: their plans differ in `{field}`{} ({first_value} against {other_value})", meaning(field))]
    Plans {
        /// The first file.
        first: String,
        /// A file of another plan.
        other: String,
        /// The first field of the plans that differs.
        field: String,
        /// Its value in `first`'s plan (JSON).
        first_value: String,
        /// Its value in `other`'s plan.
        other_value: String,
    },
    /// A shard given twice.
    #[error("shard {shard}/{shards} is given twice: {first} and {other}")]
    Twice {
        /// K.
        shard: u32,
        /// N.
        shards: u32,
        /// One file.
        first: String,
        /// The other.
        other: String,
    },
    /// Shards missing.
    #[error("{} of the {shards} shards {} missing: {}; run {} and merge again", missing.len(), if missing.len() == 1 { "is" } else { "are" }, list(missing, *shards), if missing.len() == 1 { "it" } else { "them" })]
    Missing {
        /// The shards missing (K).
        missing: Vec<u32>,
        /// N.
        shards: u32,
    },
    /// A file whose contents do not fit its plan.
    #[error("{file}: {problem}")]
    Content {
        /// The file.
        file: String,
        /// What does not fit.
        problem: String,
    },
}

/// What a plan's field is, where its name does not say it: `, the start position`.
fn meaning(field: &str) -> &'static str {
    match field {
        "start_sha256" => ", the start position",
        "from_sha256" => ", the --from file",
        "split_sha256" => {
            ", the positions at the split depth (another build of the game, or another move order)"
        }
        "steps" => ", the steps of the plan (another build of a game)",
        "finished" => ", the convention for games that end early (--finished)",
        "solver" => ", the move generator (--solver)",
        _ => "",
    }
}

/// `K/N` of each K, joined (`1/4, 3/4`; the first ten, then how many more).
fn list(missing: &[u32], shards: u32) -> String {
    let mut s: Vec<String> = missing
        .iter()
        .take(10)
        .map(|k| format!("{k}/{shards}"))
        .collect();
    if missing.len() > 10 {
        s.push(format!("and {} more", missing.len() - 10));
    }
    s.join(", ")
}

/// What the shards of one run give together.
#[derive(Debug, Clone, PartialEq)]
pub enum Merged {
    /// A perft: exactly what `perft` prints on one machine (`MOVE: COUNT` lines with
    /// `--divide`, then `total: N`).
    Perft(String),
    /// A verify: the report of the whole plan (rows and failures in the plan's order,
    /// its signature; each row's seconds as its shard measured them, and
    /// `peak_resident_bytes` the largest of the shards').
    Verify(Report),
}

/// The shard file `text`, read from `file` (its name, for messages).
///
/// # Errors
/// [`MergeError::Parse`] (not JSON, not a shard file: the reader's line and column),
/// [`MergeError::Format`], [`MergeError::Digest`].
pub fn read(file: &str, text: &str) -> Result<ShardFile, MergeError> {
    // the format first, so that a file of another version says so rather than fail on a field
    if let Ok(serde_json::Value::Object(o)) = serde_json::from_str::<serde_json::Value>(text) {
        match o.get("format").and_then(|f| f.as_str()) {
            Some(f) if f != FORMAT => {
                return Err(MergeError::Format {
                    file: file.into(),
                    found: f.into(),
                })
            }
            _ => {}
        }
    }
    if text.trim().is_empty() {
        return Err(MergeError::Parse {
            file: file.into(),
            message: "the file is empty (did its shard fail? see what it wrote on stderr)".into(),
        });
    }
    let parsed: ShardFile = serde_json::from_str(text).map_err(|e| MergeError::Parse {
        file: file.into(),
        message: e.to_string(),
    })?;
    let (format, ok) = match &parsed {
        ShardFile::Perft(p) => (&p.format, digest(&p.plan) == p.plan_digest),
        ShardFile::Verify(v) => (&v.format, digest(&v.plan) == v.plan_digest),
    };
    if format != FORMAT {
        return Err(MergeError::Format {
            file: file.into(),
            found: format.clone(),
        });
    }
    if !ok {
        return Err(MergeError::Digest { file: file.into() });
    }
    Ok(parsed)
}

fn kind(f: &ShardFile) -> &'static str {
    match f {
        ShardFile::Perft(_) => "perft",
        ShardFile::Verify(_) => "verify",
    }
}

/// The file's plan as JSON: its text (fields in their declared order) and its value.
fn plan_json(f: &ShardFile) -> (String, serde_json::Value) {
    let text = match f {
        ShardFile::Perft(p) => serde_json::to_string(&p.plan),
        ShardFile::Verify(v) => serde_json::to_string(&v.plan),
    }
    .expect("a plan serializes");
    let value = serde_json::from_str(&text).expect("its own JSON reads back");
    (text, value)
}

/// The first field of two plans that differs, with both values (JSON, shortened).
fn first_difference(
    declared: &str,
    a: &serde_json::Value,
    b: &serde_json::Value,
) -> (String, String, String) {
    let short = |v: Option<&serde_json::Value>| {
        let s = v.map_or("nothing".to_string(), |v| v.to_string());
        match s.chars().count() > 80 {
            true => format!("{}…", s.chars().take(80).collect::<String>()),
            false => s,
        }
    };
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        // the plan's fields in their declared order (the map's own is alphabetical)
        let at = |k: &String| declared.find(&format!("\"{k}\":")).unwrap_or(usize::MAX);
        let mut keys: Vec<&String> = a.keys().collect();
        keys.sort_by_key(|k| at(k));
        for k in keys {
            let va = &a[k];
            if b.get(k) != Some(va) {
                return (k.clone(), short(Some(va)), short(b.get(k)));
            }
        }
        for (k, vb) in b {
            if !a.contains_key(k) {
                return (k.clone(), short(None), short(Some(vb)));
            }
        }
    }
    ("plan".into(), short(Some(a)), short(Some(b)))
}

/// Merges the shard `files` (`(name, file)`, as [`read`] gives them) of one run.
///
/// # Errors
/// [`MergeError`]: no files; files of two kinds or two plans (the first field that
/// differs); a shard twice, or out of 0..N; shards missing; a file whose counts, moves,
/// steps or signature parts do not fit its plan.
pub fn merge(files: &[(String, ShardFile)]) -> Result<Merged, MergeError> {
    let Some((first, head)) = files.first() else {
        return Err(MergeError::NoFiles);
    };
    let (declared, plan) = plan_json(head);
    let shards = head.shards();
    let mut by_shard: BTreeMap<u32, &str> = BTreeMap::new();
    for (name, f) in files {
        if kind(f) != kind(head) {
            return Err(MergeError::Kinds {
                first: first.clone(),
                first_kind: kind(head),
                other: name.clone(),
                other_kind: kind(f),
            });
        }
        let (_, other) = plan_json(f);
        if other != plan {
            let (field, first_value, other_value) = first_difference(&declared, &plan, &other);
            return Err(MergeError::Plans {
                first: first.clone(),
                other: name.clone(),
                field,
                first_value,
                other_value,
            });
        }
        if f.shard() >= shards {
            return Err(MergeError::Content {
                file: name.clone(),
                problem: format!(
                    "shard {} of {shards}: a shard is 0..{} (K counts from 0)",
                    f.shard(),
                    shards - 1
                ),
            });
        }
        if let Some(before) = by_shard.insert(f.shard(), name) {
            return Err(MergeError::Twice {
                shard: f.shard(),
                shards,
                first: before.to_string(),
                other: name.clone(),
            });
        }
    }
    let missing: Vec<u32> = (0..shards).filter(|k| !by_shard.contains_key(k)).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, shards });
    }
    let mut ordered: Vec<&(String, ShardFile)> = files.iter().collect();
    ordered.sort_by_key(|(_, f)| f.shard());
    match head {
        ShardFile::Perft(_) => {
            let perfts: Vec<(&str, &PerftShard)> = ordered
                .iter()
                .map(|(n, f)| match f {
                    ShardFile::Perft(p) => (n.as_str(), p),
                    ShardFile::Verify(_) => unreachable!("one kind, checked above"),
                })
                .collect();
            merge_perft(&perfts).map(Merged::Perft)
        }
        ShardFile::Verify(_) => {
            let verifies: Vec<(&str, &VerifyShard)> = ordered
                .iter()
                .map(|(n, f)| match f {
                    ShardFile::Verify(v) => (n.as_str(), v),
                    ShardFile::Perft(_) => unreachable!("one kind, checked above"),
                })
                .collect();
            merge_verify(&verifies).map(Merged::Verify)
        }
    }
}

/// The text of a count: `MOVE: COUNT` per line of `lines`, then `total: N`: what `perft`
/// prints.
pub fn perft_text(lines: &[Divided], total: u128) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for l in lines {
        let _ = writeln!(out, "{}: {}", l.mv, l.count);
    }
    let _ = writeln!(out, "total: {total}");
    out
}

/// How the first moves `d` of a file differ from `lines` (those of `first`): the first
/// place where they part, or the count of each; `None` when they are the same.
fn first_move_difference(
    lines: &[Divided],
    d: &[super::DivideLine],
    first: &str,
) -> Option<String> {
    let at = lines
        .iter()
        .map(|l| l.mv.as_str())
        .zip(d.iter().map(|l| l.mv.as_str()))
        .position(|(a, b)| a != b);
    match at {
        Some(i) => Some(format!(
            "its first moves are not those of {first}: its move {} is `{}` where {first} has `{}`",
            i + 1,
            d[i].mv,
            lines[i].mv
        )),
        None if lines.len() != d.len() => Some(format!(
            "its first moves are not those of {first}: it has {} where {first} has {}",
            d.len(),
            lines.len()
        )),
        None => None,
    }
}

fn merge_perft(shards: &[(&str, &PerftShard)]) -> Result<String, MergeError> {
    let content = |file: &str, problem: String| MergeError::Content {
        file: file.into(),
        problem,
    };
    let number = |file: &str, what: &str, text: &str| {
        text.parse::<u128>().map_err(|_| {
            content(
                file,
                format!(
                    "its {what} `{text}` is not a count (a whole number in decimal, below 2^128)"
                ),
            )
        })
    };
    let overflow = |file: &str| content(file, "the counts passed 2^128 − 1 when added".into());
    let (first, head) = shards[0];
    let divide = head.plan.divide;
    let mut total: u128 = 0;
    let mut lines: Vec<Divided> = head
        .divide
        .iter()
        .flatten()
        .map(|l| Divided {
            mv: l.mv.clone(),
            count: 0,
        })
        .collect();
    for &(file, s) in shards {
        let own = number(file, "total", &s.total)?;
        total = total.checked_add(own).ok_or_else(|| overflow(file))?;
        match (&s.divide, divide) {
            (None, false) => {}
            (Some(d), true) => {
                if let Some(problem) = first_move_difference(&lines, d, first) {
                    return Err(content(file, problem));
                }
                let mut sum: Option<u128> = Some(0);
                for (l, dl) in lines.iter_mut().zip(d) {
                    let n = number(file, "count", &dl.count)?;
                    sum = sum.and_then(|s| s.checked_add(n));
                    l.count = l.count.checked_add(n).ok_or_else(|| overflow(file))?;
                }
                // each file adds up on its own (a start without a move has no line)
                if !d.is_empty() && sum != Some(own) {
                    return Err(content(
                        file,
                        format!(
                            "its first moves' counts add up to {}, not to its total {own}: \
                             the file was edited or damaged; run this shard again",
                            sum.map_or("more than 2^128 − 1".into(), |s| s.to_string())
                        ),
                    ));
                }
            }
            (None, true) => {
                return Err(content(
                    file,
                    "its plan says --divide but it has no `divide` lines".into(),
                ))
            }
            (Some(_), false) => {
                return Err(content(
                    file,
                    "it has `divide` lines but its plan has no --divide".into(),
                ))
            }
        }
    }
    Ok(perft_text(&lines, total))
}

fn merge_verify(shards: &[(&str, &VerifyShard)]) -> Result<Report, MergeError> {
    let content = |file: &str, problem: String| MergeError::Content {
        file: file.into(),
        problem,
    };
    let plan = &shards[0].1.plan;
    let n = plan.shards as usize;
    // the shard of each game's signature part: the one that runs its first step
    let part_shard = |game: &str| {
        plan.steps
            .iter()
            .position(|s| s.game == game)
            .map_or(0, |j| j % n)
    };
    let mut steps: Vec<Option<&StepResult>> = vec![None; plan.steps.len()];
    let mut parts: BTreeMap<&str, &SignaturePart> = BTreeMap::new();
    let mut peak: Option<u64> = None;
    for &(file, s) in shards {
        let k = s.shard as usize;
        let dealt: Vec<usize> = (0..plan.steps.len()).filter(|j| j % n == k).collect();
        let ran: Vec<usize> = s.steps.iter().map(|r| r.step).collect();
        if ran != dealt {
            return Err(content(
                file,
                format!(
                    "it holds the steps {ran:?}, where shard {k}/{n} runs the steps {dealt:?} \
                     of the plan"
                ),
            ));
        }
        for r in &s.steps {
            steps[r.step] = Some(r);
        }
        let owed: Vec<&str> = plan
            .games
            .iter()
            .map(String::as_str)
            .filter(|g| part_shard(g) == k)
            .collect();
        let given: Vec<&str> = s.signature_parts.iter().map(|p| p.game.as_str()).collect();
        if given != owed {
            return Err(content(
                file,
                format!(
                    "it carries the signature parts of {given:?}, where shard {k}/{n} carries \
                     those of {owed:?}"
                ),
            ));
        }
        for p in &s.signature_parts {
            parts.insert(&p.game, p);
        }
        peak = peak.max(s.peak_resident_bytes);
    }
    let mut report = Report::new(plan.seed);
    for r in steps.into_iter().flatten() {
        r.rows.iter().for_each(|row| report.push_row(row.clone()));
        r.failures
            .iter()
            .for_each(|f| report.push_failure(f.clone()));
    }
    let mut bytes = Vec::new();
    for game in &plan.games {
        let part = parts[game.as_str()];
        if let Some(hex) = &part.hex {
            let file = shards[part_shard(game)].0;
            bytes.push(from_hex(hex).ok_or_else(|| {
                content(
                    file,
                    format!("the signature part of {game} is not hexadecimal"),
                )
            })?);
        }
    }
    report.signature = crate::harness::signature(&bytes);
    report.peak_resident_bytes = peak;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{Failure, Row};
    use crate::shard::{DivideLine, PerftPlan, PlanStep, VerifyPlan};

    fn row(label: &str, mismatches: u64) -> Row {
        Row {
            game: "g".into(),
            rules: label.into(),
            solver: "fast".into(),
            checked: 10,
            mismatches,
            seconds: 0.5,
            detail: Some("random; oracle took 0.010 s".into()),
            oracle_memo_peak: Some(3),
        }
    }

    /// A plan of three steps, two of game `a` and one of `b`, in two shards: shard 0 runs
    /// steps 0 and 2 and carries both games' signature parts (their first steps, 0 and
    /// 2, are its), shard 1 runs step 1.
    fn verify_shards() -> Vec<(String, ShardFile)> {
        let plan = VerifyPlan {
            program: "p".into(),
            version: "1".into(),
            games: vec!["a".into(), "b".into()],
            seed: 9,
            cases: None,
            steps: ["a", "a", "b"]
                .iter()
                .enumerate()
                .map(|(i, g)| PlanStep {
                    game: g.to_string(),
                    label: format!("step {i}"),
                })
                .collect(),
            shards: 2,
        };
        let shard = |k: u32, steps: &[usize], parts: Vec<SignaturePart>| {
            let file = ShardFile::Verify(VerifyShard {
                format: FORMAT.into(),
                plan_digest: digest(&plan),
                plan: plan.clone(),
                shard: k,
                steps: steps
                    .iter()
                    .map(|&j| StepResult {
                        step: j,
                        rows: vec![row(&format!("step {j}"), 0)],
                        failures: Vec::new(),
                    })
                    .collect(),
                signature_parts: parts,
                peak_resident_bytes: Some(100 + u64::from(k)),
            });
            (format!("v{k}.json"), file)
        };
        vec![
            shard(
                0,
                &[0, 2],
                vec![
                    SignaturePart {
                        game: "a".into(),
                        hex: Some("6162".into()),
                    },
                    SignaturePart {
                        game: "b".into(),
                        hex: None,
                    },
                ],
            ),
            shard(1, &[1], Vec::new()),
        ]
    }

    fn verify_of(files: &[(String, ShardFile)]) -> &VerifyShard {
        match &files[0].1 {
            ShardFile::Verify(v) => v,
            ShardFile::Perft(_) => unreachable!(),
        }
    }

    #[test]
    fn verify_shards_merge_in_the_plans_order_with_the_signature() {
        let mut files = verify_shards();
        files.reverse();
        let Merged::Verify(report) = merge(&files).unwrap() else {
            panic!("a verify")
        };
        let labels: Vec<&str> = report.rows.iter().map(|r| r.rules.as_str()).collect();
        assert_eq!(labels, ["step 0", "step 1", "step 2"]);
        assert!(report.ok);
        assert_eq!(report.seed, 9);
        assert_eq!(
            report.signature,
            crate::harness::signature(&[b"ab".to_vec()])
        );
        assert_eq!(report.peak_resident_bytes, Some(101));
        // a mismatch in a row, or a failure, fails the merged report
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[1].1 {
            v.steps[0].failures.push(Failure {
                game: "a".into(),
                rules: "r".into(),
                solver: "fast".into(),
                case: "1\n".into(),
                expected: "win".into(),
                got: "loss".into(),
                best_move: None,
                image_of: None,
                after_move: None,
            });
        }
        let Merged::Verify(report) = merge(&files).unwrap() else {
            panic!("a verify")
        };
        assert!(!report.ok);
        assert_eq!(report.failures.len(), 1);
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[0].1 {
            v.steps[1].rows[0].mismatches = 2;
        }
        let Merged::Verify(report) = merge(&files).unwrap() else {
            panic!("a verify")
        };
        assert!(!report.ok);
    }

    #[test]
    fn verify_shards_that_do_not_fit_their_plan_are_refused() {
        let refused = |files: &[(String, ShardFile)], says: &str| {
            let e = merge(files).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
        };
        // a shard holding a step dealt to another
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[1].1 {
            v.steps[0].step = 0;
        }
        refused(
            &files,
            "v1.json: it holds the steps [0], where shard 1/2 runs the steps [1] of the plan",
        );
        // a step left out
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[0].1 {
            v.steps.pop();
        }
        refused(
            &files,
            "v0.json: it holds the steps [0], where shard 0/2 runs the steps [0, 2]",
        );
        // a signature part on the wrong shard, or missing
        let mut files = verify_shards();
        let part = match &mut files[0].1 {
            ShardFile::Verify(v) => v.signature_parts.remove(1),
            ShardFile::Perft(_) => unreachable!(),
        };
        refused(
            &files,
            "v0.json: it carries the signature parts of [\"a\"], where shard 0/2 carries those of [\"a\", \"b\"]",
        );
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[1].1 {
            v.signature_parts.push(part);
        }
        refused(
            &files,
            "v1.json: it carries the signature parts of [\"b\"], where shard 1/2 carries those of []",
        );
        // a part that is not hexadecimal
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[0].1 {
            v.signature_parts[0].hex = Some("6g".into());
        }
        refused(
            &files,
            "v0.json: the signature part of a is not hexadecimal",
        );
        // another plan
        let mut files = verify_shards();
        if let ShardFile::Verify(v) = &mut files[1].1 {
            v.plan.steps[2].label = "another".into();
            v.plan_digest = digest(&v.plan);
        }
        refused(
            &files,
            "their plans differ in `steps`, the steps of the plan (another build of a game)",
        );
        assert_eq!(verify_of(&verify_shards()).plan.shards, 2);
        assert_eq!(merge(&[]).unwrap_err(), MergeError::NoFiles);
    }

    fn perft_shards(lines: &[&[(&str, u128)]]) -> Vec<(String, ShardFile)> {
        let plan = PerftPlan {
            program: "p".into(),
            version: "1".into(),
            game: "g".into(),
            rules: "r".into(),
            start_sha256: "s".into(),
            from_sha256: None,
            solver: "fast".into(),
            finished: "dropped".into(),
            depth: 3,
            split_depth: 1,
            split_positions: 4,
            split_sha256: "t".into(),
            divide: true,
            shards: lines.len() as u32,
        };
        lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let total: u128 = l.iter().map(|&(_, n)| n).sum();
                let file = ShardFile::Perft(PerftShard {
                    format: FORMAT.into(),
                    plan_digest: digest(&plan),
                    plan: plan.clone(),
                    shard: k as u32,
                    positions: 2,
                    total: total.to_string(),
                    divide: Some(
                        l.iter()
                            .map(|&(mv, n)| DivideLine {
                                mv: mv.into(),
                                count: n.to_string(),
                            })
                            .collect(),
                    ),
                    seconds: 0.1,
                });
                (format!("p{k}.json"), file)
            })
            .collect()
    }

    #[test]
    fn perft_shards_sum_by_first_move_and_refuse_what_does_not_add_up() {
        let files = perft_shards(&[&[("a", 1), ("b", 2)], &[("a", 10), ("b", 0)]]);
        assert_eq!(
            merge(&files).unwrap(),
            Merged::Perft("a: 11\nb: 2\ntotal: 13\n".into())
        );
        let refused = |files: &[(String, ShardFile)], says: &str| {
            let e = merge(files).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
        };
        let files = perft_shards(&[&[("a", 1), ("b", 2)], &[("a", 10), ("c", 0)]]);
        refused(
            &files,
            "p1.json: its first moves are not those of p0.json: its move 2 is `c` where p0.json has `b`",
        );
        let files = perft_shards(&[&[("a", 1), ("b", 2)], &[("a", 10)]]);
        refused(
            &files,
            "p1.json: its first moves are not those of p0.json: it has 1 where p0.json has 2",
        );
        let mut files = perft_shards(&[&[("a", 1)], &[("a", 2)]]);
        if let ShardFile::Perft(p) = &mut files[1].1 {
            p.total = "3".into();
        }
        refused(
            &files,
            "p1.json: its first moves' counts add up to 2, not to its total 3: the file was edited",
        );
        if let ShardFile::Perft(p) = &mut files[1].1 {
            p.divide = None;
        }
        refused(
            &files,
            "p1.json: its plan says --divide but it has no `divide` lines",
        );
        let mut files = perft_shards(&[&[("a", u128::MAX)], &[("a", 1)]]);
        refused(&files, "p1.json: the counts passed 2^128 − 1 when added");
        if let ShardFile::Perft(p) = &mut files[1].1 {
            p.shard = 2;
        }
        refused(
            &files,
            "p1.json: shard 2 of 2: a shard is 0..1 (K counts from 0)",
        );
        // a plan without --divide takes no lines
        let mut files = perft_shards(&[&[("a", 1)]]);
        if let ShardFile::Perft(p) = &mut files[0].1 {
            p.plan.divide = false;
            p.plan_digest = digest(&p.plan);
        }
        refused(&files, "it has `divide` lines but its plan has no --divide");
        if let ShardFile::Perft(p) = &mut files[0].1 {
            p.divide = None;
        }
        assert_eq!(merge(&files).unwrap(), Merged::Perft("total: 1\n".into()));
    }

    /// `read`: a file of another format says so before any field is read; an edited
    /// plan is told by its digest; a file that is not JSON by the reader's place.
    #[test]
    fn read_tells_the_format_the_digest_and_bad_json_apart() {
        let text = perft_shards(&[&[("a", 1)]])[0].1.to_json();
        assert!(read("x.json", &text).is_ok());
        let e = read("x.json", &text.replace(FORMAT, "gamecheck-shard/2")).unwrap_err();
        assert!(matches!(e, MergeError::Format { .. }), "{e}");
        let e = read("x.json", &text.replace("\"depth\": 3", "\"depth\": 5")).unwrap_err();
        assert_eq!(
            e,
            MergeError::Digest {
                file: "x.json".into()
            }
        );
        let e = read("x.json", "{\n  \"kind\": \"perft\",\n  oops").unwrap_err();
        assert!(e.to_string().contains("line 3"), "{e}");
        let e = read("x.json", "{\"kind\": \"count\"}").unwrap_err();
        assert!(e.to_string().contains("unknown variant `count`"), "{e}");
    }

    #[test]
    fn a_long_list_of_missing_shards_is_cut_after_ten() {
        let missing: Vec<u32> = (0..13).collect();
        let e = MergeError::Missing {
            missing,
            shards: 20,
        };
        assert!(
            e.to_string()
                .contains("13 of the 20 shards are missing: 0/20, 1/20, 2/20, 3/20, 4/20, 5/20, 6/20, 7/20, 8/20, 9/20, and 3 more; run them"),
            "{e}"
        );
    }
}
