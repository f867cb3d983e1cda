//! `gamecheck values GAME [rule flags] --upto N`: `g(0), …, g(N)` on one line, separated
//! by commas without spaces (N at most 2^32), computed by the game's fastest method
//! ([`GrundyPart::sequence`]: the sparse-space method for octal games) with a progress
//! bar on a terminal for a run past a second; under `--method auto` (the default), once a
//! period proves at one of the doubling lengths the rest comes from it
//! ([`crate::grundy::PeriodShortcut`]). `--method plain|sparse` forces one method and
//! computes every value; `--stats` adds the method, its statistics and the period after
//! the values.

use super::ability::{parsed, Ability};
use super::grundy::{max_n, method_arg, rules, sequence, GrundyArgs, LongRun, MAX_LONG};
use super::Failure;
use crate::contest::Contest;
use crate::grundy::{GrundyPart, Sequence};
use rayon::prelude::*;
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
    /// bytes of memory a value, refused beyond the memory available; with a period
    /// proved, the rest as fast as it prints).
    #[arg(long, value_name = "N", required = true, value_parser = clap::value_parser!(u64).range(0..=MAX_LONG))]
    pub upto: Option<u64>,
}

impl super::ability::Kind for Values {
    const NAME: &'static str = "values";
}

const METHOD_HELP: &str = "How g is computed: auto (the game's fastest method, and once a \
     period proves, at 64, 128, 256, … values, every further value g(n) = g(n − k·p) \
     without computing it), plain (the plain recurrence, the mex over every option, O(N²) \
     when moves split heaps) or sparse (the sparse-space method, for the games that have \
     it); plain and sparse compute every value";

fn augment<G: GrundyPart + Contest>(cmd: clap::Command) -> clap::Command {
    let cmd = <GrundyArgs<G> as clap::Args>::augment_args(cmd);
    <UptoArgs as clap::Args>::augment_args(cmd)
        .mut_arg("upto", |a| {
            a.help(format!(
                "The last n printed: g(0), …, g(N), 0..=2^32 ({}; a run by the plain \
                 recurrence is refused when it would take more than an hour; two bytes of \
                 memory a value, refused beyond the memory available; with a period proved, \
                 the rest as fast as it prints)",
                G::SEQUENCE_HELP
            ))
        })
        .arg(method_arg(METHOD_HELP))
        .arg(
            clap::Arg::new("stats")
                .long("stats")
                .action(clap::ArgAction::SetTrue)
                .help(
                    "Also print, after the values, the method that computed them and its \
                     statistics, if it keeps any, and the period the values past it came \
                     from (auto)",
                ),
        )
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
    let stats = m.try_get_one::<bool>("stats").ok().flatten().copied() == Some(true);
    let len = upto.upto.unwrap_or(0) as usize + 1;
    let seq = sequence::<G>(m, &rules, true)?;
    let mut run = LongRun::start::<G>(seq, &rules, len, "--upto")?;
    run.extend(len)?;
    run.finish();
    run.seq.certify().map_err(Failure::Internal)?;
    let seq = &*run.seq;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = write_values(seq, len, &mut out)
        .and_then(|()| {
            if stats {
                out.write_all(stats_text(seq, len, m).as_bytes())
            } else {
                Ok(())
            }
        })
        .and_then(|()| out.flush());
    match written {
        // the reader stopped early (`| head`): nothing more to do, as for any Unix tool
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Failure::Usage(format!("cannot write to stdout: {e}"))),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

/// The lines of `--stats`: the method, its statistics, and the period:
///
/// ```text
/// method: sparse space, mask 0x1e
/// stats: mask 0x1e; 52 rare positions, …
/// period: period 12, pre-period 71, proved with g computed to 255; g(256..=1000000) by g(n − k·12)
/// ```
///
/// (`period: none proved with g computed to N` when none proved; `period: not looked for
/// (--method plain)` under `plain` or `sparse`).
fn stats_text(seq: &dyn Sequence, len: usize, m: &clap::ArgMatches) -> String {
    let mut text = format!("method: {}\n", seq.method());
    if let Some(s) = seq.stats() {
        text.push_str(&format!("stats: {s}\n"));
    }
    let method = m
        .try_get_one::<String>("method")
        .ok()
        .flatten()
        .map_or("auto", String::as_str);
    let last = len - 1;
    let period = match seq.period() {
        Some(p) if p.computed <= last => format!(
            "{}, proved with g computed to {}; g({}..={last}) by g(n − k·{})",
            p.summary(),
            p.computed - 1,
            p.computed,
            p.period
        ),
        Some(p) => format!(
            "{}, proved with g computed to {}",
            p.summary(),
            p.computed - 1
        ),
        None if method == "auto" => format!("none proved with g computed to {last}"),
        None => format!("not looked for (--method {method})"),
    };
    text.push_str(&format!("period: {period}\n"));
    text
}

/// Writes `g(0..len)` (`len ≥ 1`) as `values` prints them: decimal, a comma after each
/// but the last, a newline after the last. The text of each chunk of 2^15 values is made
/// on the cores in turn (rayon), 8 chunks at a time (1 MiB of values, about as much
/// text: little beside the table), and written in order.
fn write_values(
    seq: &dyn Sequence,
    len: usize,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    const CHUNK: usize = 1 << 15;
    let mut values = vec![0u32; (CHUNK * 8).min(len)];
    let mut from = 0;
    while from < len {
        let to = (from + values.len()).min(len);
        let batch = &mut values[..to - from];
        seq.read(from, batch);
        let mut texts: Vec<Vec<u8>> = batch.par_chunks(CHUNK).map(decimal).collect();
        if to == len {
            if let Some(end) = texts.last_mut().and_then(|t| t.last_mut()) {
                *end = b'\n';
            }
        }
        texts.iter().try_for_each(|t| out.write_all(t))?;
        from = to;
    }
    Ok(())
}

/// `values` in decimal, a comma after each.
fn decimal(values: &[u32]) -> Vec<u8> {
    let mut text = Vec::with_capacity(values.len() * 3);
    for &v in values {
        if v < 10 {
            text.push(b'0' + v as u8);
        } else if v < 100 {
            text.extend_from_slice(&[b'0' + (v / 10) as u8, b'0' + (v % 10) as u8]);
        } else {
            let mut digits = [0u8; 10];
            let (mut rest, mut at) = (v, digits.len());
            while rest > 0 {
                at -= 1;
                digits[at] = b'0' + (rest % 10) as u8;
                rest /= 10;
            }
            text.extend_from_slice(&digits[at..]);
        }
        text.push(b',');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decimal text of every kind of value: one digit, two, many, the largest.
    #[test]
    fn decimal_writes_each_value_and_a_comma() {
        let values = [0, 7, 10, 99, 100, 65_535, 1_000_000, u32::MAX];
        let want: String = values.iter().map(|v| format!("{v},")).collect();
        assert_eq!(String::from_utf8(decimal(&values)).unwrap(), want);
    }
}
