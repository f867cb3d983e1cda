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
        "split_sha256" => ", the positions at the split depth (another build of the game, or another move order)",
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

fn merge_perft(shards: &[(&str, &PerftShard)]) -> Result<String, MergeError> {
    let content = |file: &str, problem: String| MergeError::Content {
        file: file.into(),
        problem,
    };
    let number = |file: &str, what: &str, text: &str| {
        text.parse::<u128>().map_err(|_| {
            content(
                file,
                format!("its {what} `{text}` is not a count (a whole number in decimal)"),
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
    let ours: Vec<&str> = lines.iter().map(|l| l.mv.as_str()).collect();
    let ours = ours.join(", ");
    for &(file, s) in shards {
        total = total
            .checked_add(number(file, "total", &s.total)?)
            .ok_or_else(|| overflow(file))?;
        match (&s.divide, divide) {
            (None, false) => {}
            (Some(d), true) => {
                let theirs: Vec<&str> = d.iter().map(|l| l.mv.as_str()).collect();
                let theirs = theirs.join(", ");
                if theirs != ours {
                    return Err(content(
                        file,
                        format!("its first moves ({theirs}) are not those of {first} ({ours})"),
                    ));
                }
                for (l, dl) in lines.iter_mut().zip(d) {
                    l.count = l
                        .count
                        .checked_add(number(file, "count", &dl.count)?)
                        .ok_or_else(|| overflow(file))?;
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
    // the first moves' counts add up to the total (a start without a move has no line:
    // its total is 0, or 1 under `--finished leaf`)
    let sum = lines.iter().try_fold(0u128, |a, l| a.checked_add(l.count));
    if !lines.is_empty() && sum != Some(total) {
        return Err(content(
            first,
            "the first moves' counts do not add up to the totals".into(),
        ));
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
