//! The marble adapter of `gen` and `stress` (`docs/rules.md`, "Marble", "Contest input").
//!
//! - generation: marble's `Contest::generate` (each cell holds a marble with a
//!   probability steered by `--density` and the size; side 6 capped at
//!   [`WIDE_GEN_MAX_EMPTY`] empty cells);
//! - input: the canonical layout (one diamond row per line, symbols separated by single
//!   spaces, a blank line between positions), T ≤ 200 per input;
//! - answers: the `table` solver (retrograde analysis; for side 6 over the position's
//!   empty cells), checked by the oracle on every
//!   position with at most [`ORACLE_MAX_EMPTY`] empty cells;
//! - shrinking: fill one or two empty cells; with at most [`SUBSETS_MAX_EMPTY`] empty
//!   cells, every sub-position (every way of filling some of them), fewest empty first.

use crate::marble::game::{solver, MarbleGame, Variant};
use crate::marble::naive::Naive;
use crate::marble::rules::{LineSet, Play, MAX_SIDE, TABLE_MAX_SIDE};
use crate::marble::table::TableSolver;
use crate::marble::{format, Position, Rules};
use gamecheck::contest::Contest;
use gamecheck::error::RuleError;
use gamecheck::game::{BoxSolver, Game as _, Variants as _};
use gamecheck::outcome::{Value, Winner};
use gamecheck::rng::Entropy;
use gamecheck::rng::Rng;
use gamecheck::solver::Solver;
use gamecheck::stress::{ContestGame, Size};

/// The contest's limit on T: the most positions in one input.
pub const MAX_T: usize = 200;

/// The most empty cells of a generated side-6 position (its answer is the `table`
/// solver's build over its empty cells: 2^20 positions, a few milliseconds).
pub const WIDE_GEN_MAX_EMPTY: usize = 20;

/// Positions with at most this many empty cells are also answered by the oracle.
pub const ORACLE_MAX_EMPTY: usize = 8;

pub use crate::marble::shrink::SUBSETS_MAX_EMPTY;

/// The oracle's memo is dropped once this many positions may have entered it.
const ORACLE_MEMO_BOUND: u64 = 1 << 20;

/// Marble as a contest problem, for one rule set.
#[derive(Debug, Clone)]
pub struct Marble {
    rules: Rules,
    density: Option<f64>,
    table: TableSolver,
    oracle: Naive,
    oracle_load: u64,
}

impl Marble {
    /// The adapter for `rules`; `density` (0..=1, the chance that a cell holds a marble
    /// at full size) when the user steers generation.
    ///
    /// # Errors
    /// A density outside 0..=1 (or not a number).
    pub fn new(rules: Rules, density: Option<f64>) -> Result<Self, RuleError> {
        if let Some(d) = density {
            if !(0.0..=1.0).contains(&d) {
                return Err(RuleError(format!(
                    "density {d} is outside 0..=1 (the chance that a cell holds a marble)"
                )));
            }
        }
        Ok(Marble {
            rules,
            density,
            table: TableSolver::new(&rules),
            oracle: Naive::new(&rules),
            oracle_load: 0,
        })
    }

    /// The rule set.
    pub fn rule_set(&self) -> &Rules {
        &self.rules
    }
}

impl ContestGame for Marble {
    type Case = Position;
    type Answer = Winner;

    fn name(&self) -> &'static str {
        "marble"
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn flags(&self) -> String {
        let mut s = self.rules.flags();
        if let Some(d) = self.density {
            s.push_str(&format!(" --density {d}"));
        }
        s
    }

    fn max_batch(&self) -> usize {
        MAX_T
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> Position {
        let flags = SizeArgs {
            density: self.density,
        };
        <super::MarbleGame as gamecheck::contest::Contest>::generate(&self.rules, &flags, rng, size)
    }

    fn write_input(&self, cases: &[Position]) -> String {
        format::write(cases)
    }

    fn answers(&mut self, cases: &[Position]) -> Result<Vec<Winner>, String> {
        cases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let fast = self.table.solve(p).map_err(|e| e.to_string())?;
                if p.empty_cells() <= ORACLE_MAX_EMPTY {
                    self.oracle_load += 1 << p.empty_cells();
                    if self.oracle_load > ORACLE_MEMO_BOUND {
                        self.oracle = Naive::new(&self.rules);
                        self.oracle_load = 1 << p.empty_cells();
                    }
                    let slow = self.oracle.solve(p).map_err(|e| e.to_string())?;
                    if slow != fast {
                        return Err(format!(
                            "the table solver and the oracle disagree on position {} \
                             ({}: table {fast:?}, oracle {slow:?}); please report:\n{}",
                            i + 1,
                            self.rules,
                            format::write(&[*p])
                        ));
                    }
                }
                Ok(Value::for_alice_to_move(fast))
            })
            .collect()
    }

    fn write_answers(&self, answers: &[Winner]) -> String {
        <super::MarbleGame as gamecheck::game::Game>::write_answers(&self.rules, answers)
    }

    fn parse_answer(&self, line: &str, index: usize) -> Option<Winner> {
        <super::MarbleGame as gamecheck::game::Game>::parse_answer(&self.rules, line, index)
    }

    fn answer_form(&self, index: usize) -> String {
        <super::MarbleGame as gamecheck::game::Game>::answer_form(&self.rules, index)
    }

    fn shrink_candidates(&self, case: &Position) -> Vec<Position> {
        crate::marble::shrink::smaller_positions(case)
    }

    fn read_input(&self, text: &str) -> Result<Vec<Self::Case>, gamecheck::error::ParseError> {
        crate::marble::format::read(text, self.rules.side())
    }

    fn describe_case(&self, case: &Position) -> String {
        let e = case.empty_cells();
        format!("{e} empty cell{}", if e == 1 { "" } else { "s" })
    }
}

/// Property: every input `gen` writes is accepted by our own reader and reads back as the
/// generated positions, and the same seed gives the same bytes (driven by
/// `tests/stress_gen.rs`).
///
/// # Errors
/// A description of the first violation.
pub fn generated_input_reads_back(
    rules: &Rules,
    density: Option<f64>,
    seed: u64,
    cases: usize,
    size: Size,
) -> Result<(), String> {
    let game = Marble::new(*rules, density).map_err(|e| e.to_string())?;
    let positions = gamecheck::stress::generate(&game, seed, cases, size);
    let text = game.write_input(&positions);
    let read = format::read(&text, rules.side())
        .map_err(|e| format!("our reader rejects a generated input: {e}\n{text}"))?;
    if read != positions {
        return Err(format!("the input reads back differently:\n{text}"));
    }
    let again = game.write_input(&gamecheck::stress::generate(&game, seed, cases, size));
    if again != text {
        return Err(format!("seed {seed} gave different bytes on a second run"));
    }
    Ok(())
}

/// The marble rule flags (`gamecheck rules marble`, docs/rules.md).
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    /// Side n of the diamond, 1..=6 (side 6: `solve --table FILE` answers any position).
    #[arg(long, default_value_t = 4)]
    pub side: usize,
    /// Run length k, 1..=side: the most marbles one move places (default min(3, side)).
    #[arg(long)]
    pub run: Option<usize>,
    /// Allowed line families: a comma list of horizontal (a printed row), vertical (two
    /// printed rows apart), rising (/), falling (\), or all; drawn in `gamecheck rules marble`.
    #[arg(long, default_value = "all")]
    pub lines: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub misere: bool,
}

/// Marble's size flags for `gen` and `stress`.
#[derive(Debug, Clone, clap::Args)]
pub struct SizeArgs {
    /// Chance 0..=1 that a cell holds a marble (default: drawn per position from
    /// [0.25, 1] at full size). Side 6 is drawn with at most 20 empty cells whatever the
    /// density, so that its answers need no full table.
    #[arg(long)]
    pub density: Option<f64>,
}

/// Marble's `solve` flags.
// no argument group: the generic `cli::solve::SolveArgs` that flattens this one already
// takes the group name `SolveArgs` (clap's debug assertions refuse the duplicate)
#[derive(Debug, Clone, clap::Args)]
#[group(skip)]
pub struct SolveArgs {
    /// A solved table written by `gamecheck table marble` for the same rule flags (the
    /// way to answer any side-6 position: the side-6 table is 8 GiB, built once).
    #[arg(long, value_name = "FILE")]
    pub table: Option<std::path::PathBuf>,
}

impl Contest for MarbleGame {
    type RuleArgs = RuleArgs;

    fn rules(args: &RuleArgs) -> Result<Rules, RuleError> {
        let lines: LineSet = args
            .lines
            .parse()
            .map_err(|e: RuleError| RuleError(format!("--lines: {}", e.0)))?;
        let play = if args.misere {
            Play::Misere
        } else {
            Play::Normal
        };
        Rules::new(args.side, args.run, lines, play).map_err(|e| {
            // the side is checked first, so a rule error names the side or else the run
            let flag = if (1..=MAX_SIDE).contains(&args.side) {
                "--run"
            } else {
                "--side"
            };
            RuleError(format!("{flag}: {}", e.0))
        })
    }

    const MAX_BATCH: usize = MAX_T;
    type SizeArgs = SizeArgs;
    type Adapter = Marble;
    type SolveArgs = SolveArgs;

    /// With `--table FILE`: the `table` solver over the table read from FILE, whose
    /// header must name these rules, checked by [`super::export::read_checked`].
    fn solve_solver(
        rules: &Rules,
        variant: Variant,
        args: &SolveArgs,
    ) -> Result<BoxSolver<Self>, String> {
        let Some(path) = &args.table else {
            return Ok(solver(rules, variant));
        };
        if variant != Variant::Table {
            return Err(format!(
                "--table: only the table solver reads a table file (this run's solver is `{}`)",
                variant.name()
            ));
        }
        let table =
            super::export::read_checked(rules, path).map_err(|e| format!("--table: {e}"))?;
        Ok(Box::new(TableSolver::with_table(std::sync::Arc::new(
            table,
        ))))
    }

    /// Each cell holds a marble with probability `p`: with `--density D`,
    /// `p = 1 − scale·(1 − D)` (rounds grow from nearly full boards to density D);
    /// without it, `p` is drawn per position uniformly from `[1 − 0.75·scale, 1]`, so
    /// full-size inputs mix nearly full and nearly empty boards. A side-6 position then
    /// gets random marbles until at most [`WIDE_GEN_MAX_EMPTY`] cells are empty.
    fn generate<E: Entropy + ?Sized>(
        rules: &Rules,
        flags: &SizeArgs,
        e: &mut E,
        size: Size,
    ) -> Position {
        let s = size.scale.clamp(0.0, 1.0);
        let p = match flags.density {
            Some(d) => 1.0 - s * (1.0 - d),
            None => 1.0 - 0.75 * s * e.unit(),
        };
        let p = p.clamp(0.0, 1.0);
        let marbles = (0..rules.cells())
            .filter(|_| e.chance(p))
            .fold(0u64, |m, i| m | 1 << i);
        let mut pos = Position::new(rules.side(), marbles);
        if rules.side() > TABLE_MAX_SIDE {
            // side 6: fill random empty cells down to the generation limit
            while pos.empty_cells() > WIDE_GEN_MAX_EMPTY {
                let holes = pos.empty_indices();
                pos = pos.with_marble(holes[e.index(holes.len())]);
            }
        }
        pos
    }

    fn contest(rules: Rules, size: &SizeArgs) -> Result<Marble, RuleError> {
        Marble::new(rules, size.density).map_err(|e| RuleError(format!("--density: {}", e.0)))
    }
}

impl gamecheck::command::CliGame for MarbleGame {
    fn rules_text() -> &'static str {
        crate::rules_doc::section(Self::NAME)
    }

    fn abilities(a: &mut dyn gamecheck::command::Abilities<Self>) {
        a.perft();
        a.count();
        a.table();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck::stress::{judge, output_lines, Class, Verdict};
    use gamecheck::stress::{End, RunOutput, TimeLimit};
    use std::time::Duration;

    fn marble() -> Marble {
        Marble::new(Rules::standard(), None).unwrap()
    }

    fn out(stdout: &str, end: End) -> RunOutput {
        RunOutput {
            end,
            stdout: stdout.as_bytes().to_vec(),
            stderr_tail: String::new(),
            elapsed: Duration::ZERO,
            ..RunOutput::default()
        }
    }

    const AB: [Winner; 2] = [Winner::Alice, Winner::Bob];

    #[test]
    fn trailing_spaces_crlf_and_final_blank_lines_pass() {
        let g = marble();
        for text in [
            "Alice\nBob\n",
            "Alice\nBob",
            "Alice  \r\nBob\t\r\n",
            "Alice\nBob\n\n\r\n",
        ] {
            let j = judge(&g, &out(text, End::Exited(0)), &AB);
            assert_eq!(j.verdict, Verdict::Pass, "{text:?}");
            assert_eq!(j.right, vec![0, 1]);
        }
        assert_eq!(output_lines(b"a \r\n\nb\n\n"), vec!["a", "", "b"]);
    }

    #[test]
    fn each_failure_is_classified() {
        let g = marble();
        let v = |text: &str, end| judge(&g, &out(text, end), &AB).verdict;
        assert_eq!(
            v("Alice\nAlice\n", End::Exited(0)),
            Verdict::WrongAnswer {
                case: 1,
                expected: Winner::Bob,
                got: Winner::Alice
            }
        );
        assert_eq!(
            v("Alice/nBob/n", End::Exited(0)).class(),
            Some(Class::Malformed)
        );
        assert_eq!(v("Alice\n", End::Exited(0)).class(), Some(Class::Malformed));
        assert_eq!(v("", End::Exited(0)).class(), Some(Class::Malformed));
        assert_eq!(
            v("Alice\nBob\nBob\n", End::Exited(0)).class(),
            Some(Class::Malformed)
        );
        assert_eq!(
            v(" Alice\nBob\n", End::Exited(0)).class(),
            Some(Class::Malformed)
        );
        assert_eq!(
            v("alice\nBob\n", End::Exited(0)).class(),
            Some(Class::Malformed)
        );
        assert_eq!(
            v("Alice\nBob\n", End::Exited(3)).class(),
            Some(Class::Crash)
        );
        assert_eq!(
            v("Alice\nBob\n", End::Signaled(11)).class(),
            Some(Class::Crash)
        );
        assert_eq!(
            v("", End::TimedOut(TimeLimit::Wall)),
            Verdict::Timeout(TimeLimit::Wall)
        );
        assert_eq!(
            v("Alice\n", End::OutputCapped).class(),
            Some(Class::Malformed)
        );
        match v("Alice/nBob/n", End::Exited(0)) {
            Verdict::Malformed { line, problem } => {
                assert_eq!(line, 1);
                assert!(problem.contains("`Alice/nBob/n`"), "{problem}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_first_problem_in_line_order_wins() {
        let g = marble();
        let j = judge(&g, &out("Bob\nxyz\n", End::Exited(0)), &AB);
        assert_eq!(j.verdict.class(), Some(Class::WrongAnswer));
        assert_eq!(j.wrong, vec![0]);
        let j = judge(&g, &out("xyz\nAlice\n", End::Exited(0)), &AB);
        assert_eq!(j.verdict.class(), Some(Class::Malformed));
        assert_eq!(j.wrong, vec![1]);
    }

    #[test]
    fn candidates_are_sub_positions_smallest_first() {
        let g = marble();
        // 3 holes: 7 proper sub-positions, the full board first
        let p = Position::new(4, 0xFFFF & !0b1011);
        let c = g.shrink_candidates(&p);
        assert_eq!(c.len(), 7);
        assert_eq!(c[0], Position::new(4, 0xFFFF));
        assert!(c
            .windows(2)
            .all(|w| w[0].empty_cells() <= w[1].empty_cells()));
        assert!(c.iter().all(|q| q.marbles() & p.marbles() == p.marbles()));
        // 16 holes: fill two (120), then one (16)
        let c = g.shrink_candidates(&Position::empty(4));
        assert_eq!(c.len(), 136);
        assert_eq!(c[0].empty_cells(), 14);
        assert_eq!(c[135].empty_cells(), 15);
        assert!(g.shrink_candidates(&Position::new(4, 0xFFFF)).is_empty());
    }

    #[test]
    fn answers_are_the_tables_checked_by_the_oracle() {
        let mut g = marble();
        let full = Position::new(4, 0xFFFF);
        let one = Position::new(4, 0xFFFE);
        assert_eq!(
            g.answers(&[full, one, Position::empty(4)]).unwrap(),
            vec![Winner::Bob, Winner::Alice, Winner::Alice]
        );
        assert!(Marble::new(Rules::standard(), Some(1.5)).is_err());
    }
}
