//! `gamecheck merge FILES…` (the shards of one `perft` or `verify` put back together) and
//! `verify --shard K/N` (one shard of the report, as JSON).

use super::games::Entry;
use super::print_all;
use crate::error::Failure;
use crate::harness::{Report, VerifyOptions};
use crate::shard::{
    Merged, PlanStep, Shard, ShardFile, SignaturePart, StepResult, VerifyPlan, VerifyShard,
};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shard files (every shard 0..N−1 of one run, each once, in any order).
    #[arg(value_name = "FILES", required = true, num_args = 1..)]
    files: Vec<PathBuf>,
    /// A verify's table: the detail column whole on one line per row (as `verify --wide`).
    #[arg(long)]
    wide: bool,
}

/// `merge`: perft's lines, or the verify report with its seconds blanked, its summary
/// line and signature on stdout and its failures on stderr (exit 1 when it failed).
pub fn merge(args: &MergeArgs) -> Result<ExitCode, Failure> {
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Usage(format!("cannot read {name}: {e}")))?;
        let file = crate::shard::read(&name, &text).map_err(|e| Failure::Usage(e.to_string()))?;
        files.push((name, file));
    }
    match crate::shard::merge(&files).map_err(|e| Failure::Usage(e.to_string()))? {
        Merged::Perft(text) => print_all(&text),
        Merged::Verify(report) => {
            let mut out = Vec::new();
            let width = (!args.wide).then_some(crate::harness::TABLE_WIDTH);
            let written = report
                .write_table_blanked(&mut out, width)
                .and_then(|()| match &report.signature {
                    Some(sig) => writeln!(out, "signature: {sig}"),
                    None => Ok(()),
                })
                .and_then(|()| report.write_failures(&mut std::io::stderr()));
            written.map_err(|e| Failure::Usage(format!("cannot write the report: {e}")))?;
            let code = print_all(&String::from_utf8_lossy(&out))?;
            Ok(if report.ok { code } else { ExitCode::from(1) })
        }
    }
}

/// `verify --shard K/N`: every game's plan built, the steps dealt to this shard run, the
/// shard file printed on stdout.
pub fn verify_shard(
    games: &[Entry],
    opts: &VerifyOptions,
    shard: Shard,
    cases: Option<u64>,
) -> Result<ExitCode, Failure> {
    let mut report = Report::new(opts.seed);
    let mut plan_steps: Vec<PlanStep> = Vec::new();
    let mut steps: Vec<StepResult> = Vec::new();
    let mut parts = Vec::new();
    for e in games {
        let offset = plan_steps.len();
        let spans = (e.verify)(opts, &mut report, &mut |i| shard.holds(offset + i))
            .map_err(|e| Failure::Internal(e.to_string()))?;
        // a game's signature part goes with its first step (shard 0 for a game without)
        let owner = match spans.is_empty() {
            true => 0,
            false => offset,
        };
        if shard.holds(owner) {
            parts.push(SignaturePart {
                game: e.name.to_string(),
                hex: (e.signature)().map(|b| crate::shard::to_hex(&b)),
            });
        }
        for (i, span) in spans.into_iter().enumerate() {
            if span.ran {
                steps.push(StepResult {
                    step: offset + i,
                    rows: report.rows[span.rows].to_vec(),
                    failures: report.failures[span.failures].to_vec(),
                });
            }
            plan_steps.push(PlanStep {
                game: e.name.to_string(),
                label: span.label,
            });
        }
    }
    let plan = VerifyPlan {
        program: super::name().to_string(),
        version: super::version().to_string(),
        games: games.iter().map(|e| e.name.to_string()).collect(),
        seed: opts.seed,
        cases,
        steps: plan_steps,
        shards: shard.count,
    };
    let file = ShardFile::Verify(VerifyShard {
        format: crate::shard::FORMAT.to_string(),
        plan_digest: crate::shard::digest(&plan),
        plan,
        shard: shard.index,
        steps,
        signature_parts: parts,
        peak_resident_bytes: crate::stress::runner::own_peak_resident(),
    });
    print_all(&file.to_json())
}
