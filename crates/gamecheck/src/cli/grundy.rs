//! What `period` and `values` share: the rule flags of a game with a Grundy part
//! ([`GrundyPart`]) and `--max-n`.

use crate::contest::Contest;
use crate::grundy::GrundyPart;
use clap::ArgMatches;

/// `--max-n` when given (a game may have it among its rule flags; `period` adds it for
/// the other games).
pub fn max_n(matches: &ArgMatches) -> Option<u64> {
    matches.try_get_one::<u64>("max_n").ok().flatten().copied()
}

/// The rule flags of `G`, for `period` and `values`.
#[derive(Debug, clap::Args)]
pub struct GrundyArgs<G: Contest> {
    #[command(flatten)]
    pub rules: G::RuleArgs,
}

/// The rule set of the flags, or a usage error naming the flag.
pub fn rules<G: GrundyPart + Contest>(args: &GrundyArgs<G>) -> Result<G::Rules, super::Failure> {
    G::rules(&args.rules).map_err(|e| super::Failure::Usage(e.to_string()))
}

/// `--method` of `values` and `period`, for a command's `augment`.
pub fn method_arg(about: &'static str) -> clap::Arg {
    clap::Arg::new("method")
        .long("method")
        .value_name("METHOD")
        .value_parser(crate::grundy::Method::NAMES)
        .default_value("auto")
        .help(about)
}

/// The computation of `g` for `G` by `--method` (`auto` by default), with the period
/// shortcut ([`crate::grundy::PeriodShortcut`]) under `auto` when `shortcut`.
///
/// # Errors
/// A method the game does not have (a usage error naming `--method`).
pub fn sequence<G: GrundyPart + 'static>(
    matches: &ArgMatches,
    rules: &G::Rules,
    shortcut: bool,
) -> Result<Box<dyn crate::grundy::Sequence>, super::Failure> {
    use crate::grundy::{Method, PeriodShortcut};
    let name = matches
        .try_get_one::<String>("method")
        .ok()
        .flatten()
        .map_or("auto", String::as_str);
    let method = Method::named(name).unwrap_or(Method::Auto);
    let seq = G::sequence_by(rules, method).ok_or_else(|| {
        super::Failure::Usage(format!(
            "--method {method}: {rules} has no such method (auto or plain)"
        ))
    })?;
    Ok(if shortcut && method == Method::Auto {
        Box::new(PeriodShortcut::new(seq, G::max_removed(rules)))
    } else {
        seq
    })
}

/// The largest `N` of `values --upto N` and `period --max-n N`: 2^32.
pub const MAX_LONG: u64 = 1 << 32;

/// Values computed first, to see the method a code gets and time it, before a long run
/// is accepted or refused: `2^14 + 1`, so that the method chosen at `n = 2^14` (octal's
/// sparse computation chooses its mask at every power of two) is the one judged.
pub const PROBE: usize = (1 << 14) + 1;

/// The longest a run by the plain O(n²) recurrence may be estimated to take before it
/// is refused: one hour.
pub const MAX_PLAIN_SECONDS: f64 = 3600.0;

/// The memory available now (`MemAvailable` of `/proc/meminfo`, in bytes), or `None`
/// where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `bytes` as GiB or MiB with one decimal.
pub fn human_bytes(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

/// `seconds` as s, min or h.
pub fn human_seconds(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// Whether `len` values of `bytes_per_value` bytes fit in `available` bytes (with a
/// tenth kept free), or the refusal that says how much is needed.
///
/// # Errors
/// The refusal, naming the size needed, the memory available and `flag`.
pub fn check_memory(
    len: u64,
    bytes_per_value: u64,
    available: Option<u64>,
    flag: &str,
) -> Result<(), super::Failure> {
    let need = len.saturating_mul(bytes_per_value);
    match available {
        Some(have) if need > have / 10 * 9 => Err(super::Failure::Usage(format!(
            "{flag}: g(0..{len}) needs {} of memory ({bytes_per_value} bytes a value) and {} \
             is available now; a smaller {flag} fits",
            human_bytes(need),
            human_bytes(have)
        ))),
        _ => Ok(()),
    }
}

/// A long computation of `g` for `values` and `period`: the game's
/// [`GrundyPart::sequence`] with a progress bar on a terminal once a run passes a second,
/// refusing a run that does not fit the memory available now or that the plain O(n²)
/// recurrence would take more than [`MAX_PLAIN_SECONDS`] for.
pub struct LongRun {
    /// The computation.
    pub seq: Box<dyn crate::grundy::Sequence>,
    start: std::time::Instant,
    bar: Option<crate::harness::progress::Progress>,
    target: usize,
    flag: String,
    rules: String,
}

impl LongRun {
    /// A run of up to `len` values of `seq`: refused when they do not fit the memory
    /// available.
    ///
    /// # Errors
    /// The refusal (exit 2), naming `flag` and the size needed.
    pub fn start<G: GrundyPart + 'static>(
        mut seq: Box<dyn crate::grundy::Sequence>,
        rules: &G::Rules,
        len: usize,
        flag: &str,
    ) -> Result<LongRun, super::Failure> {
        check_memory(
            len as u64,
            seq.bytes_per_value() as u64,
            available_memory(),
            flag,
        )?;
        seq.reserve(len);
        Ok(LongRun {
            seq,
            start: std::time::Instant::now(),
            bar: None,
            target: len,
            flag: flag.to_string(),
            rules: rules.to_string(),
        })
    }

    /// Extends to `g(0..len)` with the progress bar; once [`PROBE`] values are computed,
    /// refuses when the plain recurrence would take more than [`MAX_PLAIN_SECONDS`] to
    /// reach the run's target.
    ///
    /// # Errors
    /// The refusal (exit 2), naming the flag, the method and the time needed.
    pub fn extend(&mut self, len: usize) -> Result<(), super::Failure> {
        let probe = PROBE.min(len);
        if self.seq.len() < probe {
            self.extend_plain(probe);
            self.check_time()?;
        }
        self.extend_plain(len);
        Ok(())
    }

    fn extend_plain(&mut self, len: usize) {
        let LongRun {
            seq,
            start,
            bar,
            target,
            ..
        } = self;
        seq.extend_with(len, &mut |n| {
            progress_to(start, bar, *target, n);
        });
    }

    fn check_time(&self) -> Result<(), super::Failure> {
        let (done, target) = (self.seq.len(), self.target);
        if !self.seq.quadratic() || target <= done || done == 0 {
            return Ok(());
        }
        let ratio = target as f64 / done as f64;
        let took = self.start.elapsed().as_secs_f64();
        let estimate = took * ratio * ratio;
        if estimate <= MAX_PLAIN_SECONDS {
            return Ok(());
        }
        Err(super::Failure::Usage(format!(
            "{flag}: g(0..{target}) by the {} for {} would take about {} (O(n²): g(0..{done}) \
             took {took:.2} s); a smaller {flag} runs in under {}",
            self.seq.method(),
            self.rules,
            human_seconds(estimate),
            human_seconds(MAX_PLAIN_SECONDS),
            flag = self.flag,
        )))
    }

    /// [`crate::grundy::Period::discover_in`]'s doubling with the progress bar and the
    /// time check of [`LongRun::extend`]: `g` in doubling lengths from
    /// [`crate::grundy::START_LEN`] up to `max_len` values until a period proves with
    /// `t`.
    ///
    /// # Errors
    /// The time refusal.
    pub fn discover(
        &mut self,
        t: usize,
        max_len: usize,
    ) -> Result<Option<crate::grundy::Period>, super::Failure> {
        let mut len = crate::grundy::START_LEN.min(max_len);
        loop {
            self.extend_plain(len);
            if len >= 2 * PROBE - 2 {
                // g(0..2^15): the method chosen at 2^14 in use since
                self.check_time()?;
            }
            if let Some(p) = self.seq.find_period(t) {
                return Ok(Some(p));
            }
            if len >= max_len {
                return Ok(None);
            }
            len = len.saturating_mul(2).min(max_len);
        }
    }

    /// Removes the progress bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish();
        }
    }
}

fn progress_to(
    start: &std::time::Instant,
    bar: &mut Option<crate::harness::progress::Progress>,
    target: usize,
    n: usize,
) {
    if bar.is_none() && start.elapsed().as_secs_f64() > 1.0 {
        *bar = Some(crate::harness::progress::Progress::positions(
            target as u64,
            "g(n)",
        ));
    }
    if let Some(b) = bar {
        b.advance((n as u64).saturating_sub(b.position()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run is refused when its values do not fit in nine tenths of the memory
    /// available, with the size needed and the memory available; accepted when they
    /// fit or when the memory cannot be read.
    #[test]
    fn memory_refusal_names_the_size_and_the_memory() {
        let gib = 1u64 << 30;
        assert!(check_memory(1 << 28, 2, Some(gib), "--upto").is_ok());
        let e = check_memory(1 << 32, 2, Some(4 * gib), "--upto").unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("--upto: g(0..4294967296) needs 8.0 GiB"),
            "{text}"
        );
        assert!(text.contains("4.0 GiB is available now"), "{text}");
        assert!(check_memory(1 << 32, 2, None, "--max-n").is_ok());
        assert_eq!(human_bytes(3 << 20), "3.0 MiB");
        assert_eq!(human_seconds(90.0), "90 s");
        assert_eq!(human_seconds(600.0), "10 min");
        assert_eq!(human_seconds(36_000.0), "10.0 h");
    }
}
