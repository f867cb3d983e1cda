//! `gamecheck gen <game>`: one random contest input on stdout, in the canonical layout.

use super::{marble::RuleArgs, print_all, Failure};
use gamecheck::stress::marble::Marble;
use gamecheck::stress::paint::{self, Paint};
use gamecheck::stress::sevens::Sevens;
use gamecheck::stress::{generate, ContestGame, Size};
use std::process::ExitCode;

/// One subcommand per game.
#[derive(Debug, clap::Subcommand)]
pub enum GenGame {
    /// Marble positions (rules: `gamecheck rules marble`): one diamond row per line, symbols separated by
    /// single spaces, a blank line between positions.
    Marble(MarbleGenArgs),
    /// Paint strips (rules: `gamecheck rules paint`): T alone on the first line, `N M` on a line, one
    /// `x y` per line (cells by column, then row).
    Paint(PaintGenArgs),
    /// Sevens deals (rules: `gamecheck rules sevens`): T alone on the first line, then Alice's cards of one
    /// deal per line, ranks as numbers (`S7 H10 D1`).
    Sevens(SevensGenArgs),
}

/// The flags every game's `gen` takes.
#[derive(Debug, Clone, clap::Args)]
pub struct GenCommon {
    /// Number of cases T in the input, at most 1,000,000.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub cases: u64,
    /// Seed of the input (the same seed gives the same bytes); default: a fresh one,
    /// printed on stderr. Any 64-bit seed, unlike `verify` and `stress` (at most
    /// 2^53 − 1): the seed of a `stress` round, which `stress` prints for `gen` to replay
    /// the round's input, may be larger.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Size of the cases, in (0, 1]: 1 is full size; `stress` grows it from small, and
    /// prints the value of a failing round so `gen` can replay it.
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
}

/// Marble's size flags.
#[derive(Debug, Clone, clap::Args)]
pub struct MarbleSizeArgs {
    /// Chance 0..=1 that a cell holds a marble (default: drawn per position from
    /// [0.25, 1] at full size).
    #[arg(long)]
    pub density: Option<f64>,
}

impl MarbleSizeArgs {
    /// The marble adapter for `rules` with these size flags.
    pub fn game(&self, rules: &RuleArgs) -> Result<Marble, Failure> {
        Marble::new(rules.rules()?, self.density)
            .map_err(|e| Failure::Usage(format!("--density: {}", e.0)))
    }
}

/// `gamecheck gen marble [--cases N] [--seed S] [rule flags] [--density D]`.
#[derive(Debug, clap::Args)]
pub struct MarbleGenArgs {
    #[command(flatten)]
    pub common: GenCommon,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub size: MarbleSizeArgs,
}

/// Paint's size flags.
#[derive(Debug, Clone, clap::Args)]
pub struct PaintSizeArgs {
    /// Largest N (columns) at full size, 1..=10000 (the contest's limit was 4747); N is
    /// drawn uniformly from 1..=max(1, ⌈scale·max-n⌉).
    #[arg(long, default_value_t = paint::DEFAULT_MAX_N, value_name = "N")]
    pub max_n: u64,
    /// Chance 0..=1 that a cell of a column that is not half painted is painted
    /// (default: drawn per case from [0, 0.6]).
    #[arg(long, value_name = "F")]
    pub painted: Option<f64>,
    /// Share 0..=1 of columns with exactly one painted cell (top or bottom at random).
    #[arg(long, default_value_t = paint::DEFAULT_HALF, value_name = "H")]
    pub half_painted: f64,
}

impl PaintSizeArgs {
    /// The paint adapter with these size flags.
    pub fn game(&self) -> Result<Paint, Failure> {
        Paint::new(self.max_n, self.painted, self.half_painted).map_err(|e| Failure::Usage(e.0))
    }
}

/// `gamecheck gen paint [--cases N] [--seed S] [--max-n N] [--painted F] [--half-painted H]`.
#[derive(Debug, clap::Args)]
pub struct PaintGenArgs {
    #[command(flatten)]
    pub common: GenCommon,
    #[command(flatten)]
    pub size: PaintSizeArgs,
}

/// Runs `gamecheck gen`.
pub fn gen(game: &GenGame) -> Result<ExitCode, Failure> {
    match game {
        GenGame::Marble(args) => write(&args.size.game(&args.rules)?, &args.common),
        GenGame::Paint(args) => write(&args.size.game()?, &args.common),
        GenGame::Sevens(args) => write(&args.size.game(&args.rules)?, &args.common),
    }
}

/// The scale flag, checked: in (0, 1].
pub fn scale(value: f64) -> Result<Size, Failure> {
    if value > 0.0 && value <= 1.0 {
        Ok(Size { scale: value })
    } else {
        Err(Failure::Usage(format!(
            "--scale {value} is outside (0, 1] (1 is full size)"
        )))
    }
}

fn write<G: ContestGame>(game: &G, common: &GenCommon) -> Result<ExitCode, Failure> {
    let size = scale(common.scale)?;
    let seed = common.seed.unwrap_or_else(|| {
        let s = gamecheck::rng::fresh_seed();
        eprintln!("gamecheck gen: seed {s}");
        s
    });
    let cases = generate(game, seed, common.cases as usize, size);
    print_all(&game.write_input(&cases))
}

/// Sevens' size flags (the deck shape itself comes from the rule flags and is fixed).
#[derive(Debug, Clone, clap::Args)]
pub struct SevensSizeArgs {
    /// Share 0..=1 of the deals built draw-prone: hands of whole or mirrored suits, and
    /// those with 1–2 cards swapped (uniformly random deals are almost never drawn).
    #[arg(long, default_value_t = gamecheck::stress::sevens::DEFAULT_DRAW_PRONE)]
    pub draw_prone: f64,
}

impl SevensSizeArgs {
    /// The sevens adapter for `rules` with these size flags; an odd deck or a share
    /// outside 0..=1 is a usage error.
    pub fn game(&self, rules: &super::sevens::RuleArgs) -> Result<Sevens, Failure> {
        Sevens::new(rules.rules()?, self.draw_prone).map_err(|e| Failure::Usage(e.0))
    }
}

/// `gamecheck gen sevens [--cases N] [--seed S] [rule flags] [--draw-prone F]`.
#[derive(Debug, clap::Args)]
pub struct SevensGenArgs {
    #[command(flatten)]
    pub common: GenCommon,
    #[command(flatten)]
    pub rules: super::sevens::RuleArgs,
    #[command(flatten)]
    pub size: SevensSizeArgs,
}
