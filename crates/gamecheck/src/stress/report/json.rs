//! `stress --json`: the result as one JSON document.

use super::write_verdict;
use crate::stress::{
    ContestGame, End, Program, RunOutput, StressOptions, StressSummary, TimeLimit, Trial,
};
use base64::Engine as _;
use serde_json::{json, Value};
use std::path::Path;

/// The program's stdout: a string (lossy), and its exact bytes in base64 when they
/// are not valid UTF-8.
fn output(bytes: &[u8]) -> (String, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), None),
        Err(_) => (
            String::from_utf8_lossy(bytes).into_owned(),
            Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
        ),
    }
}

fn run(out: &RunOutput) -> Value {
    json!({
        "end": out.end.to_string(),
        "wall_seconds": out.elapsed.as_secs_f64(),
        "cpu_seconds": out.usage_known().then_some(out.cpu.as_secs_f64()),
        "peak_rss_bytes": out.usage_known().then_some(out.peak_rss),
        "peak_processes": out.usage_known().then_some(out.processes),
        "waited_seconds": out.usage_known().then_some(out.waited.as_secs_f64()),
        "ended_at_limit": match out.end {
            End::TimedOut(TimeLimit::Cpu) => Some("cpu"),
            End::TimedOut(TimeLimit::Wall) => Some("wall"),
            End::MemoryLimit => Some("memory"),
            _ => None,
        },
        "stderr_tail": out.stderr_tail,
    })
}

fn trial<G: ContestGame>(game: &G, program: &Program, t: &Trial<G::Case, G::Answer>) -> Value {
    let (actual, actual_base64) = output(&t.output.stdout);
    let mut verdict = String::new();
    write_verdict(game, program, t, &mut verdict);
    let detail = verdict.lines().next().unwrap_or_default().to_string();
    let mut v = json!({
        "cases": t.cases.len(),
        "input": t.input,
        "expected": game.write_answers(&t.expected),
        "actual": actual,
        "detail": detail,
        "run": run(&t.output),
    });
    if let Some(b64) = actual_base64 {
        v["actual_base64"] = Value::String(b64);
    }
    v
}

/// The document for a `stress` run.
pub(crate) fn report<G: ContestGame>(
    prog: &str,
    game: &G,
    program: &Program,
    opts: &StressOptions,
    summary: &StressSummary<G::Case, G::Answer>,
    saved: Option<&Path>,
) -> Value {
    let u = &summary.usage;
    let mut doc = json!({
        "ok": summary.failure.is_none() && summary.inconclusive.is_none(),
        "verdict": match (&summary.failure, &summary.inconclusive) {
            (Some(f), _) => f.class.name(),
            (None, Some(_)) => "inconclusive",
            (None, None) => "ok",
        },
        "game": game.name(),
        "rules": game.rules(),
        "program": program.argv,
        "seed": opts.seed,
        "rounds": opts.rounds,
        "rounds_passed": summary.rounds_passed,
        "cases_passed": summary.cases_passed,
        "time_limit_seconds": program.limits.cpu.as_secs_f64(),
        "wall_time_limit_seconds": program.limits.wall.as_secs_f64(),
        "memory_limit_bytes": program.limits.memory.map(|m| m.bytes),
        "memory_limit_kind": program.limits.memory.map(|m| m.kind.name()),
        "slowest_wall_seconds": u.slowest_wall.as_secs_f64(),
        "slowest_cpu_seconds": u.slowest_cpu.as_secs_f64(),
        "peak_rss_bytes": u.peak_rss,
        "left_behind": summary.left_behind.processes,
        "cases_sent": summary.cases_sent,
        "beyond_oracle": summary.beyond_oracle,
        "failure": null,
        "inconclusive": null,
    });
    if let Some(busy) = &summary.inconclusive {
        doc["inconclusive"] = json!({
            "round": busy.round.number,
            "round_seed": busy.round.seed,
            "round_cases": busy.round.cases,
            "round_scale": busy.round.size.scale,
            "replay": super::replay_command(prog, game, &busy.round),
            "runs": 1 + busy.trial.reruns,
            "last_run": run(&busy.trial.output),
        });
    }
    if let Some(f) = &summary.failure {
        doc["failure"] = json!({
            "class": f.class.name(),
            "round": f.round.number,
            "round_seed": f.round.seed,
            "round_cases": f.round.cases,
            "round_scale": f.round.size.scale,
            "replay": super::replay_command(prog, game, &f.round),
            "failing_case": f.failing_case.map(|i| i + 1),
            "original_input": f.original.input,
            "shrunk": trial(game, program, &f.minimal),
            "shrink_runs": f.shrink_runs,
            "shrink_seconds": f.shrink_seconds,
            "note": f.note,
            "case_times": f.case_times.iter().map(|t| json!({
                "case": t.case + 1,
                "wall_seconds": t.wall.as_secs_f64(),
                "cpu_seconds": t.cpu.as_secs_f64(),
                "waited_seconds": t.waited.as_secs_f64(),
                "verdict": match (t.inconclusive, t.class) {
                    (true, _) => "inconclusive",
                    (false, class) => class.map_or("ok", |c| c.name()),
                },
            })).collect::<Vec<_>>(),
            "reruns": {
                "round": f.round_reruns.map(|r| json!({"failed": r.failed, "runs": r.runs})),
                "shrunk": {"failed": f.shrunk_reruns.failed, "runs": f.shrunk_reruns.runs},
            },
            "flaky": f.flaky(),
            "retried_candidates": f.retried_candidates,
            "fails_only_with_other_cases": f.fails_only_with_others.map(|i| i + 1),
            "saved_to": saved.map(|d| d.display().to_string()),
        });
    }
    doc
}

#[cfg(test)]
mod tests {
    use crate::stress::{End, RunOutput};
    use std::time::Duration;

    /// A run whose supervisor died has no CPU time or peak memory: `null`, not 0.
    #[test]
    fn unknown_usage_is_null() {
        let measured = RunOutput {
            cpu: Duration::from_millis(1500),
            peak_rss: 4096,
            ..RunOutput::default()
        };
        let v = super::run(&measured);
        assert_eq!(
            (v["cpu_seconds"].as_f64(), v["peak_rss_bytes"].as_u64()),
            (Some(1.5), Some(4096))
        );
        let died = RunOutput {
            end: End::SupervisorDied(Some(9)),
            ..measured
        };
        let v = super::run(&died);
        assert!(
            v["cpu_seconds"].is_null() && v["peak_rss_bytes"].is_null(),
            "{v}"
        );
        assert!(
            v["end"].as_str().is_some_and(|e| e.contains("supervisor")),
            "{v}"
        );
    }
}
