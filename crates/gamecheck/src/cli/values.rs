//! `gamecheck values GAME [rule flags] --upto N`: `g(0), …, g(N)` on one line, separated
//! by commas without spaces (N at most 2^32), computed by the game's fastest method
//! ([`GrundyPart::sequence`]: the sparse-space method for octal games), with a progress
//! bar on a terminal for a run past a second.

use super::ability::{parsed, Ability};
use super::grundy::{max_n, rules, GrundyArgs, LongRun, MAX_LONG};
use super::Failure;
use crate::contest::Contest;
use crate::grundy::GrundyPart;
use std::io::Write as _;
use std::process::ExitCode;

/// `values`' subcommands.
#[derive(Debug, Clone)]
pub struct Values;

/// The flag every game's `values` takes.
#[derive(Debug, clap::Args)]
pub struct UptoArgs {
    /// The last n printed: g(0), …, g(N), 0..=2^32 (each game's help says its method; a
    /// run by the plain recurrence is refused when it would take more than an hour; two
    /// bytes of memory a value, refused beyond the memory available).
    #[arg(long, value_name = "N", required = true, value_parser = clap::value_parser!(u64).range(0..=MAX_LONG))]
    pub upto: Option<u64>,
}

impl super::ability::Kind for Values {
    const NAME: &'static str = "values";
}

fn augment<G: GrundyPart + Contest>(cmd: clap::Command) -> clap::Command {
    let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd);
    <UptoArgs as clap::Args>::augment_args(cmd).mut_arg("upto", |a| {
        a.help(format!(
            "The last n printed: g(0), …, g(N), 0..=2^32 ({}; a run by the plain recurrence \
             is refused when it would take more than an hour; two bytes of memory a value, \
             refused beyond the memory available)",
            G::SEQUENCE_HELP
        ))
    })
}

/// `values` for game `G`.
pub fn ability<G: crate::command::CliGame + GrundyPart + 'static>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: values::<G>,
        about: None,
    }
}

/// Runs `gamecheck values GAME`.
pub fn values<G: GrundyPart + Contest + 'static>(
    m: &clap::ArgMatches,
) -> Result<ExitCode, Failure> {
    let args: GrundyArgs<G> = parsed(m)?;
    let upto: UptoArgs = parsed(m)?;
    if max_n(m).is_some() {
        return Err(Failure::Usage(
            "--max-n has no meaning for values: --upto N says how many values to print".into(),
        ));
    }
    let rules = rules(&args)?;
    let len = upto.upto.unwrap_or(0) as usize + 1;
    let mut run = LongRun::start::<G>(&rules, len, "--upto")?;
    run.extend(len)?;
    run.finish();
    run.seq.certify().map_err(Failure::Internal)?;
    let seq = &run.seq;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = (0..len)
        .try_for_each(|n| {
            let sep = if n + 1 == len { "\n" } else { "," };
            write!(out, "{}{sep}", seq.get(n))
        })
        .and_then(|()| out.flush());
    match written {
        // the reader stopped early (`| head`): nothing more to do, as for any Unix tool
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Failure::Usage(format!("cannot write to stdout: {e}"))),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}
