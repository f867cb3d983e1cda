//! `gamecheck period GAME [rule flags] [--max-n N]`: the smallest period of `g` and its
//! pre-period, proved by the periodicity theorem (`crate::grundy`), in two lines:
//!
//! ```text
//! period 12, pre-period 71
//! proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 (t = 2, g computed to 255)
//! ```
//!
//! `g` is computed by the game's fastest method ([`GrundyPart::sequence`]: the
//! sparse-space method for octal games) in doubling lengths up to `--max-n` values
//! (default 20,000, at most 2^32), with a progress bar on a terminal past a second; exit
//! 1 when no period proves within them. A period found is checked again at any scale
//! ([`crate::grundy::check_period_at_scale`]: it proves, no `p/q` is a period, no
//! earlier start), and the computation's own certificate is checked. `--stats` adds the
//! method and its statistics (octal: the mask, the rare positions, the largest value)
//! after the two lines, or before the error when no period proves.

use super::ability::{parsed, Ability};
use super::grundy::{max_n, method_arg, rules, sequence, GrundyArgs, LongRun, MAX_LONG};
use super::{print_all, Failure};
use crate::contest::Contest;
use crate::grundy::GrundyPart;
use std::process::ExitCode;

/// The default `--max-n` of `period`.
pub const DEFAULT_MAX_N: u64 = 20_000;
/// The largest `--max-n`: 2^32.
pub const MAX_N: u64 = MAX_LONG;

/// `period`'s subcommands.
#[derive(Debug, Clone)]
pub struct Period;

impl super::ability::Kind for Period {
    const NAME: &'static str = "period";
}

/// `period` for game `G`.
pub fn ability<G: crate::command::CliGame + GrundyPart + 'static>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: period::<G>,
        about: None,
    }
}

/// `--max-n`'s help for game `G`: the range, the default, `G`'s method and its limits.
fn max_n_help<G: GrundyPart>() -> String {
    format!(
        "How many values of g to compute at most, 1..=2^32 (default 20,000; {}; a run \
         by the plain recurrence is refused when it would take more than an hour; refused \
         beyond the memory available)",
        G::SEQUENCE_HELP
    )
}

fn augment<G: GrundyPart + Contest>(cmd: clap::Command) -> clap::Command {
    let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd)
        .arg(method_arg(
            "How g is computed: auto (the game's fastest method), plain (the plain \
             recurrence, the mex over every option, O(N²) when moves split heaps) or sparse \
             (the sparse-space method, for the games that have it)",
        ))
        .arg(
            clap::Arg::new("stats")
                .long("stats")
                .action(clap::ArgAction::SetTrue)
                .help("Also print the method that computed g and its statistics, if it keeps any"),
        );
    if cmd.get_arguments().any(|a| a.get_id() == "max_n") {
        return cmd.mut_arg("max_n", |a| a.help(max_n_help::<G>()));
    }
    cmd.arg(
        clap::Arg::new("max_n")
            .long("max-n")
            .value_name("N")
            .value_parser(clap::value_parser!(u64))
            .help(max_n_help::<G>()),
    )
}

/// Runs `gamecheck period GAME`.
pub fn period<G: GrundyPart + Contest + 'static>(
    m: &clap::ArgMatches,
) -> Result<ExitCode, Failure> {
    let max_n = max_n(m).unwrap_or(DEFAULT_MAX_N);
    if !(1..=MAX_N).contains(&max_n) {
        return Err(Failure::Usage(format!(
            "--max-n {max_n} is outside 1..={MAX_N} (the values of g computed)"
        )));
    }
    // a game's own --max-n (octal's table size of its solvers, capped lower) is this
    // command's: the rules are read without it
    let mut without = m.clone();
    let _ = without.try_remove_one::<u64>("max_n");
    let args: GrundyArgs<G> = parsed(&without)?;
    let stats = m.try_get_one::<bool>("stats").ok().flatten().copied() == Some(true);
    let rules = rules(&args)?;
    let t = G::max_removed(&rules);
    let seq = sequence::<G>(&without, &rules, false)?;
    let mut run = LongRun::start::<G>(seq, &rules, max_n as usize, "--max-n")?;
    let found = run.discover(t, max_n as usize)?;
    run.finish();
    let seq = &run.seq;
    seq.certify().map_err(Failure::Internal)?;
    let mut extra = String::new();
    if stats {
        extra.push_str(&format!("method: {}\n", seq.method()));
        if let Some(s) = seq.stats() {
            extra.push_str(&format!("stats: {s}\n"));
        }
    }
    match found {
        Some(p) => {
            crate::grundy::check_period_at_scale(seq.len(), |n| seq.get(n), &p, t).map_err(
                |e| Failure::Internal(format!("the period found fails its check at scale: {e}")),
            )?;
            print_all(&format!("{}\n{}\n{extra}", p.summary(), p.proof_text(t)))
        }
        None => {
            if stats {
                print_all(&extra)?;
            }
            Err(Failure::Internal(format!(
                "no period of g proved for {rules} with g computed to {} (--max-n {max_n}); \
                 a larger --max-n may find one",
                seq.len().saturating_sub(1)
            )))
        }
    }
}
