//! Marble's commands beyond solving and checking: `count marble` (positions, P- and
//! N-positions by number of marbles) and `table marble` (the solved table written as a
//! `GCTABLE1` file with its SHA-256), for checkers in other languages.

use super::contest::RuleArgs;
use super::table::{Observer, Table};
use super::{export, MarbleGame};
use gamecheck::command::{Count, ExportTable};
use gamecheck::contest::Contest;
use gamecheck::error::Failure;
use gamecheck::harness::Progress;
use std::path::PathBuf;

impl Count for MarbleGame {
    type CountArgs = RuleArgs;
    const COUNT_ABOUT: &'static str =
        "Positions, P-positions and N-positions by number of marbles, from the table solver \
         (side 6: the full table, 8 GiB of memory and about a minute)";

    fn count(args: &RuleArgs) -> Result<String, Failure> {
        let rules = MarbleGame::rules(args).map_err(|e| Failure::Usage(e.to_string()))?;
        let positions = 1u64 << rules.cells();
        let bar = Bar::new("build", positions);
        let table = Table::try_build_observed(&rules, positions - 1, &bar);
        bar.bar.finish();
        let table = table.map_err(|e| Failure::Usage(format!("--side {}: {e}", rules.side())))?;
        Ok(export::write_layers(&export::layers(&table)))
    }
}

/// `table marble`'s flags.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// The rule set whose table is written.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// The table file to write; its digest goes to FILE.sha256.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Draws a build or a certificate on stderr (layers done, positions per second, time
/// left); nothing when stderr is not a terminal.
struct Bar {
    bar: Progress,
    what: &'static str,
}

impl Bar {
    fn new(what: &'static str, positions: u64) -> Bar {
        Bar {
            bar: Progress::positions(positions, what),
            what,
        }
    }
}

impl Observer for Bar {
    fn layer(&self, layer: usize, layers: usize, _positions: u64) {
        self.bar
            .set_label(format!("{} (layer {}/{layers})", self.what, layer + 1));
    }
    fn advance(&self, positions: u64) {
        self.bar.advance(positions);
    }
}

impl ExportTable for MarbleGame {
    type TableArgs = TableArgs;
    const TABLE_ABOUT: &'static str =
        "Write the solved table of a rule set (GCTABLE1), certified, and FILE.sha256 beside it \
         (side 6: 8 GiB of memory and disk, about 3 minutes)";

    /// Builds the table, proves it with the certificate, writes the file and its digest
    /// as it goes (no second copy of the table), and returns the digest line; the times
    /// go to stderr.
    fn table(args: &TableArgs) -> Result<String, Failure> {
        let rules = MarbleGame::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
        let file_name = args
            .out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| {
                Failure::Usage(format!("--out {}: not a file name", args.out.display()))
            })?;
        let cannot = |path: &std::path::Path, e: std::io::Error| {
            Failure::Usage(format!("{}: cannot write: {e}", path.display()))
        };
        // open the file first, so a bad --out fails before minutes of building
        let file = std::fs::File::create(&args.out).map_err(|e| {
            Failure::Usage(format!("--out {}: cannot write: {e}", args.out.display()))
        })?;
        let positions = 1u64 << rules.cells();
        let all = positions - 1;
        let started = std::time::Instant::now();
        let bar = Bar::new("build", positions);
        let table = Table::try_build_observed(&rules, all, &bar);
        bar.bar.finish();
        let table = match table {
            Ok(t) => t,
            Err(e) => {
                drop(file);
                let _ = std::fs::remove_file(&args.out);
                return Err(Failure::Usage(format!("--side {}: {e}", rules.side())));
            }
        };
        let built = started.elapsed();
        let bar = Bar::new("certificate", positions);
        let proof = table.certify_observed(&bar);
        bar.bar.finish();
        let certified = started.elapsed() - built;
        if let Err(e) = proof {
            drop(file);
            let _ = std::fs::remove_file(&args.out);
            return Err(Failure::Internal(format!(
                "the built table fails its certificate under {rules}: {e}"
            )));
        }
        let digest = export::write_file(&table, file).map_err(|e| cannot(&args.out, e))?;
        let line = format!("{digest}  {file_name}\n");
        let mut sum_path = args.out.clone().into_os_string();
        sum_path.push(".sha256");
        let sum_path = PathBuf::from(sum_path);
        std::fs::write(&sum_path, &line).map_err(|e| cannot(&sum_path, e))?;
        eprintln!(
            "table: {positions} positions under {rules}: built in {:.1} s, certified in {:.1} s, written in {:.1} s",
            built.as_secs_f64(),
            certified.as_secs_f64(),
            (started.elapsed() - built - certified).as_secs_f64()
        );
        Ok(line)
    }
}
