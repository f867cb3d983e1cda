//! The folder of a saved failure: `stress --save DIR` writes it ([`save`]), `stress
//! --replay DIR` runs a program on it again ([`replay`]).
//!
//! A folder holds `input.txt` (the shrunk input), `expected.txt` (our output),
//! `actual.txt` (the program's raw stdout), `stderr.txt` (its stderr: the first and
//! the last 64 KiB when there was more), `report.txt` (the report as printed) and
//! `rules.json` ([`SavedRules`]: the game, its rule flags, the program's command line and
//! the limits it failed under).

use super::report::{limits_in_words, plural, write_left_behind, write_run_usage, write_verdict};
use super::{
    judge::output_lines, trials, Class, ContestGame, LeftBehindSummary, Program, StressError,
    StressFailure, Trial,
};
use std::fmt::Write as _;
use std::path::Path;

/// The saved rules of a `--save` directory (rules.json).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct SavedRules {
    /// The game (`marble`).
    pub game: String,
    /// The rule and size flags, as `gamecheck gen`/`stress` take them.
    pub flags: String,
    /// The rules in words, for a reader.
    pub rules: String,
    /// The command line of the program that failed (absent in folders saved before it
    /// was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<Vec<String>>,
    /// The limits it failed under (absent in folders saved before they were recorded):
    /// `--replay` runs under them unless its own flags say otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<SavedLimits>,
}

/// The limits of a saved failure, as the flags spell them.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct SavedLimits {
    /// `--timeout` (CPU seconds).
    pub timeout: f64,
    /// `--wall-timeout` (seconds).
    pub wall_timeout: f64,
    /// `--memory-limit` (MiB), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_limit: Option<u64>,
    /// `--memory-limit-kind` (`resident` or `address-space`), with a memory limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_limit_kind: Option<String>,
}

impl SavedLimits {
    fn of(program: &Program) -> SavedLimits {
        let l = &program.limits;
        SavedLimits {
            timeout: l.cpu.as_secs_f64(),
            wall_timeout: l.wall.as_secs_f64(),
            memory_limit: l.memory.map(|m| m.bytes >> 20),
            memory_limit_kind: l.memory.map(|m| m.kind.name().to_string()),
        }
    }
}

/// The file of a folder's rules.
pub(crate) const RULES_FILE: &str = "rules.json";

/// Why a folder cannot be saved or replayed.
#[derive(Debug)]
pub(crate) enum FolderError {
    /// A file is missing or unreadable or unwritable, or its contents are not valid: the
    /// user's to fix (exit 2).
    Usage(String),
    /// Our own answers disagree with the folder's expected output, or our solvers failed
    /// (exit 1: a bug of ours, or a folder saved by a different version).
    Internal(String),
    /// The program cannot be run.
    Stress(StressError),
}

/// Writes `input.txt`, `expected.txt`, `actual.txt` (the program's raw stdout),
/// `stderr.txt`, `report.txt` and `rules.json` (for `--replay`) into `dir`.
///
/// # Errors
/// A file cannot be written.
pub(crate) fn save<G: ContestGame>(
    dir: &Path,
    f: &StressFailure<G::Case, G::Answer>,
    game: &G,
    program: &Program,
    report: &str,
) -> Result<(), FolderError> {
    let rules = serde_json::to_string_pretty(&SavedRules {
        game: game.name().into(),
        flags: game.flags(),
        rules: game.rules(),
        program: Some(program.argv.clone()),
        limits: Some(SavedLimits::of(program)),
    })
    .map_err(|e| FolderError::Internal(e.to_string()))?
        + "\n";
    let out = &f.minimal.output;
    let mut stderr = out.stderr_head.clone().into_bytes();
    if out.stderr_omitted > 0 {
        stderr.extend_from_slice(
            format!(
                "\n[gamecheck: {} bytes of stderr not kept here]\n",
                out.stderr_omitted
            )
            .as_bytes(),
        );
    }
    stderr.extend_from_slice(out.stderr_tail.as_bytes());
    let files: [(&str, &[u8]); 6] = [
        ("input.txt", f.minimal.input.as_bytes()),
        (
            "expected.txt",
            &game.write_answers(&f.minimal.expected).into_bytes(),
        ),
        ("actual.txt", &out.stdout),
        ("stderr.txt", &stderr),
        ("report.txt", report.as_bytes()),
        (RULES_FILE, rules.as_bytes()),
    ];
    std::fs::create_dir_all(dir)
        .map_err(|e| FolderError::Usage(format!("--save: cannot create {}: {e}", dir.display())))?;
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| {
            FolderError::Usage(format!("--save: cannot write {}: {e}", path.display()))
        })?;
    }
    Ok(())
}

/// What a replay of one folder asks for.
pub(crate) struct ReplayOptions<'a> {
    /// The binary's name in messages (`gamecheck`).
    pub prog: &'a str,
    /// The folder.
    pub dir: &'a Path,
    /// The command line the failure was saved from, if the folder recorded it.
    pub saved_program: Option<&'a [String]>,
    /// Runs of the program on the input (`--repeat`), at least 1.
    pub repeat: usize,
    /// Runs side by side (`--jobs`).
    pub jobs: usize,
    /// One line instead of a report (a replay of several folders).
    pub one_line: bool,
}

/// How a replay ended: the report's text and the exit status it stands for (0 every
/// run passed, 1 a run failed, 3 no failure but a run the machine was too busy to
/// judge).
pub(crate) struct Replayed {
    /// The report (or its one line).
    pub text: String,
    /// 0, 1 or 3.
    pub status: u8,
}

/// Runs `program` `opts.repeat` times on DIR's input under the loaded rules (`game`),
/// after checking DIR's expected output against our answers, and writes the report.
///
/// # Errors
/// A file of DIR is missing or not valid, our answers disagree with DIR's, or the
/// program cannot be run.
pub(crate) fn replay<G: ContestGame>(
    mut game: G,
    program: &mut Program,
    opts: &ReplayOptions<'_>,
) -> Result<Replayed, FolderError> {
    let dir = opts.dir;
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path)
            .map_err(|e| {
                FolderError::Usage(format!("--replay: cannot read {}: {e}", path.display()))
            })
            .map(|text| (path, text))
    };
    let (input_path, input) = read("input.txt")?;
    let (expected_path, saved_expected) = read("expected.txt")?;
    let cases = game
        .read_input(&input)
        .map_err(|e| FolderError::Usage(format!("{}: {e}", input_path.display())))?;
    let answers = game.answers(&cases).map_err(FolderError::Internal)?;
    let saved_lines = output_lines(saved_expected.as_bytes());
    let ours = game.write_answers(&answers);
    let agree = saved_lines.len() == answers.len()
        && saved_lines
            .iter()
            .enumerate()
            .all(|(i, l)| game.parse_answer(l, i).as_ref() == Some(&answers[i]));
    if !agree {
        return Err(FolderError::Internal(format!(
            "{} disagrees with {prog}'s answers to {}:\n--- {} ---\n{}\n--- {prog} now ---\n{}",
            expected_path.display(),
            input_path.display(),
            expected_path.display(),
            saved_expected.trim_end(),
            ours.trim_end(),
            prog = opts.prog
        )));
    }
    let repeat = opts.repeat.max(1);
    let lists = vec![cases.clone(); repeat];
    let runs = trials(&mut game, program, &lists, opts.jobs).map_err(FolderError::Stress)?;
    let failed: Vec<&Trial<G::Case, G::Answer>> = runs
        .iter()
        .filter(|t| t.judgement.verdict.class().is_some())
        .collect();
    let busy: Vec<&Trial<G::Case, G::Answer>> = runs
        .iter()
        .filter(|t| t.judgement.verdict.is_inconclusive())
        .collect();
    let passed = repeat - failed.len() - busy.len();
    let status = if !failed.is_empty() {
        1
    } else if !busy.is_empty() {
        3
    } else {
        0
    };
    // the run the report shows: the first failure, else the first inconclusive run, else
    // the slowest pass
    let shown = failed
        .first()
        .or(busy.first())
        .copied()
        .or_else(|| runs.iter().max_by_key(|t| t.output.cpu))
        .expect("at least one run");
    // "1 of 1 runs": read as "k of the N runs"
    let counts = format!(
        "{} of {repeat} runs",
        match status {
            1 => failed.len(),
            3 => busy.len(),
            _ => passed,
        }
    );
    let mut s = String::new();
    if opts.one_line {
        match status {
            0 => {
                let _ = writeln!(s, "ok: {}: passed this time ({counts})", dir.display());
            }
            _ => {
                let mut verdict = String::new();
                write_verdict(&game, program, shown, &mut verdict);
                let first = verdict.lines().next().unwrap_or_default();
                let word = if status == 1 {
                    "FAILED"
                } else {
                    "INCONCLUSIVE"
                };
                let _ = writeln!(s, "{word}: {}: {first} ({counts})", dir.display());
            }
        }
        return Ok(Replayed { text: s, status });
    }
    match status {
        1 => {
            let _ = writeln!(
                s,
                "FAILED: {} on the input replayed from {} (failed {counts})",
                shown.judgement.verdict.class().map_or("", Class::name),
                dir.display()
            );
        }
        3 => {
            let _ = writeln!(
                s,
                "INCONCLUSIVE: the machine was too busy to judge the input replayed from {} \
                 ({counts}; the others passed)",
                dir.display()
            );
        }
        _ => {
            // a pass says nothing about whether the failure can come back (a flaky
            // program passes some runs), nor, for another program, about the one saved
            let from = match opts.saved_program {
                Some(saved) if *saved != program.argv[..] => {
                    format!("; the failure was saved from `{}`", saved.join(" "))
                }
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "ok: `{}` passed this time ({counts}) on the input replayed from {} ({} case{}, \
                 {} {}{from})",
                program.display(),
                dir.display(),
                cases.len(),
                plural(cases.len()),
                game.name(),
                game.rules()
            );
        }
    }
    let _ = writeln!(s, "program: {}", program.display());
    let _ = writeln!(s, "rules:   {} {}", game.name(), game.rules());
    let _ = writeln!(s, "input:   {}", input_path.display());
    let _ = writeln!(s, "limits:  {}", limits_in_words(program));
    if status != 0 {
        let _ = writeln!(s);
        write_verdict(&game, program, shown, &mut s);
    }
    if shown.output.usage_known() {
        write_run_usage(
            program,
            shown.output.elapsed,
            shown.output.cpu,
            shown.output.peak_rss,
            &mut s,
        );
    } else {
        let _ = writeln!(
            s,
            "the run: {:.2} s wall; its CPU time and peak memory are unknown (its \
             supervisor died before its report)",
            shown.output.elapsed.as_secs_f64()
        );
    }
    let mut left = LeftBehindSummary::default();
    for t in &runs {
        left.add(&t.output);
    }
    write_left_behind(opts.prog, &left, &mut s);
    Ok(Replayed { text: s, status })
}
