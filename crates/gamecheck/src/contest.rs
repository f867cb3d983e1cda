//! A game as a contest problem: [`Contest`], what `solve`, `gen` and `stress` need beyond
//! [`Game`] (the rule, size and solve flags, the adapter of the stress engine, the batch
//! cap, the generator of contest inputs); [`GameContest`], the adapter made from a game's
//! own traits for a contest that is "T cases in, one winner per line out"; and
//! [`NoFlags`] for a flag type a game has none of.

use crate::error::ParseError;
use crate::error::RuleError;
use crate::game::ShrinkMode;
use crate::game::{BoxSolver, Game};
use crate::harness::DEFAULT_ORACLE_MEMO_LIMIT;
use crate::rng::Rng;
use crate::rng::{Entropy, Size};
use crate::solver::keep_memo_within;
use crate::stress::ContestGame;
use std::fmt::Debug;

/// A [`Game`] as a contest problem for `gen` and `stress`: random inputs steered by size
/// flags, our answers, and the program's output lines read back ([`ContestGame`]).
/// Every game of the command line is one; a game used only as a library (the toy games of
/// the tests) need not be.
pub trait Contest: Game {
    /// The rule flags on the command line ([`NoFlags`] for a game with one rule set).
    type RuleArgs: clap::Args + clap::FromArgMatches + Clone + Debug;

    /// The rule set the flags select: the inverse of [`Game::flags`].
    ///
    /// # Errors
    /// A flag value outside the game's ranges (the message names the flag).
    fn rules(args: &Self::RuleArgs) -> Result<Self::Rules, RuleError>;

    /// The flags that steer generated cases (`gen`, `stress`).
    type SizeArgs: clap::Args + clap::FromArgMatches + Clone + Debug;
    /// The adapter.
    type Adapter: ContestGame<Case = Self::Case> + Send;
    /// The flags of `solve` beyond the rules and `--solver` (marble's `--table FILE`);
    /// [`NoSolveArgs`] for a game with none.
    type SolveArgs: clap::Args + clap::FromArgMatches + Clone + Debug;

    /// The solver `solve` runs: `variant` for `rules`, set up by the solve flags. By
    /// default the flags are ignored and this is [`Game::solver`].
    ///
    /// # Errors
    /// A solve flag that cannot be used (the message names the flag).
    fn solve_solver(
        rules: &Self::Rules,
        variant: Self::Variant,
        _args: &Self::SolveArgs,
    ) -> Result<BoxSolver<Self>, String> {
        Ok(Self::solver(rules, variant))
    }

    /// The most cases gamecheck puts in one input of this game (at most the contest's
    /// limit on T): `stress --cases` is capped at it, and shrinking runs up to that many
    /// candidates at once. 1,000 by default.
    const MAX_BATCH: usize = 1000;

    /// The adapter for `rules` and the size flags.
    ///
    /// # Errors
    /// A size flag outside its range (the message names the flag).
    fn contest(rules: Self::Rules, size: &Self::SizeArgs) -> Result<Self::Adapter, RuleError>;

    /// A random case of a contest input under `rules` at `size`, steered by the size
    /// flags, drawn from `entropy` only (same draws, same case): what
    /// [`GameContest`] generates for `gen` and `stress`. The default
    /// ignores the flags: [`Game::random_case`], the game's one generator. A game whose
    /// contest cases outgrow the oracle writes its own, with the same [`Entropy`]
    /// methods. Bugs show on small cases: a generator that still makes small ones at full
    /// size (a size drawn log-uniformly, say) finds them in more rounds.
    fn generate<E: Entropy + ?Sized>(
        rules: &Self::Rules,
        _flags: &Self::SizeArgs,
        entropy: &mut E,
        size: Size,
    ) -> Self::Case {
        Self::random_case(rules, entropy, size)
    }
}

/// A contest whose rule flags are the rule set itself (`Game::Rules` derives
/// `clap::Args`), with no size or solve flags and [`GameContest`] as its adapter: the
/// whole [`Contest`] of a simple game, from `impl SimpleContest for MyGame {}`. Its
/// inputs are drawn by [`Game::random_case`]; [`Contest::MAX_BATCH`] is 1,000; its
/// answers are the game's own ([`Game::Output`]: draws, fixed players, numbers alike).
///
/// A game that needs more (size flags, its own contest generator, solve flags, another
/// batch cap) implements [`Contest`] itself instead.
pub trait SimpleContest: Game
where
    Self::Rules: clap::Args + clap::FromArgMatches,
{
    /// Checks a rule set given on the command line (by default every one is accepted).
    ///
    /// # Errors
    /// A flag value outside the game's ranges (the message names the flag).
    fn check_rules(_rules: &Self::Rules) -> Result<(), RuleError> {
        Ok(())
    }

    /// A random case of a contest input under `rules` at `size`, drawn from `entropy`
    /// only: what `gen` and `stress` send ([`Contest::generate`]). By default
    /// [`Game::random_case`], which stays within the oracle's reach; a game whose contest
    /// cases are larger (openings and middlegames of a board game) draws them here, with
    /// the same [`Entropy`] methods, and our answers to the cases the oracle refuses come
    /// from the default solver alone, the one `verify` checks against the oracle (`gen`
    /// and `stress` say how many). Bugs show on small cases: draw sizes so that small
    /// ones still come often (log-uniformly, say).
    fn generate<E: Entropy + ?Sized>(
        rules: &Self::Rules,
        entropy: &mut E,
        size: Size,
    ) -> Self::Case {
        Self::random_case(rules, entropy, size)
    }
}

impl<G: SimpleContest> Contest for G
where
    G::Rules: clap::Args + clap::FromArgMatches,
{
    type RuleArgs = G::Rules;
    type SizeArgs = NoFlags;
    type Adapter = GameContest<G>;
    type SolveArgs = NoSolveArgs;

    fn rules(args: &G::Rules) -> Result<G::Rules, RuleError> {
        G::check_rules(args)?;
        Ok(args.clone())
    }

    fn contest(rules: G::Rules, size: &NoFlags) -> Result<GameContest<G>, RuleError> {
        Ok(GameContest::new(rules, size))
    }

    fn generate<E: Entropy + ?Sized>(
        rules: &G::Rules,
        _flags: &NoFlags,
        entropy: &mut E,
        size: Size,
    ) -> G::Case {
        <G as SimpleContest>::generate(rules, entropy, size)
    }
}

/// No flags: for a flag type a game has none of (its rules, [`Contest::SizeArgs`],
/// `perft::Perft::StartArgs`); for [`Contest::SolveArgs`] use [`NoSolveArgs`], a type of
/// its own, since `solve` flattens the rule flags and the solve flags into one command.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct NoFlags {}

/// No flags: the [`Contest::SolveArgs`] of a game whose `solve` has none of its own.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct NoSolveArgs {}

/// A contest adapter for game `G` under one rule set, with nothing written by the game:
///
/// - cases from [`Contest::generate`], the input from
///   [`Game::write`] and read back with
///   [`Game::read`];
/// - our answers from the game's default solver
///   ([`Game::DEFAULT_VARIANT`]), checked by
///   the oracle on every case the oracle does not refuse (a disagreement is an error of
///   ours, never charged to the program under test), one oracle for the whole run with
///   its memo kept within [`DEFAULT_ORACLE_MEMO_LIMIT`] entries
///   ([`keep_memo_within`]);
/// - an output line is read by [`Game::parse_answer`] (by default the game's
///   [`Game::Output`] spelling, exactly), written by [`Game::write_answers`], and our
///   answer is [`Game::output`] of the default solver's; shrinking searches
///   [`Game::shrink_sizes`] (when the game has a size), then follows [`Game::smaller`]
///   with the rules kept, stepping over a candidate the default solver refuses (a game
///   whose smaller cases are larger searches, a board game's earlier positions, shrinks
///   up to the solver's limit and no further) and, from a case the oracle answers, one
///   the oracle refuses (a failure checked by both solvers stays so).
pub struct GameContest<G: Contest> {
    rules: G::Rules,
    flags: G::SizeArgs,
    fast: BoxSolver<G>,
    oracle: BoxSolver<G>,
    /// Cases the oracle answered, for [`keep_memo_within`].
    oracle_solved: usize,
}

impl<G: Contest> GameContest<G> {
    /// The adapter for `rules` and the size flags (handed to [`Contest::generate`]),
    /// with at most [`Contest::MAX_BATCH`] cases in one input.
    pub fn new(rules: G::Rules, flags: &G::SizeArgs) -> Self {
        GameContest {
            fast: G::solver(&rules, G::DEFAULT_VARIANT),
            oracle: G::solver(&rules, G::ORACLE_VARIANT),
            oracle_solved: 0,
            rules,
            flags: flags.clone(),
        }
    }
}

impl<G: Contest> ContestGame for GameContest<G> {
    type Case = G::Case;
    type Answer = G::Output;

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn flags(&self) -> String {
        G::flags(&self.rules)
    }

    fn max_batch(&self) -> usize {
        G::MAX_BATCH.max(1)
    }

    fn generate(&self, rng: &mut Rng, size: Size) -> G::Case {
        <G as Contest>::generate(&self.rules, &self.flags, rng, size)
    }

    fn beyond_oracle(&self, cases: &[G::Case]) -> usize {
        cases
            .iter()
            .filter(|c| self.oracle.check(c).is_err())
            .count()
    }

    fn write_input(&self, cases: &[G::Case]) -> String {
        G::write(&self.rules, cases)
    }

    fn answers(&mut self, cases: &[G::Case]) -> Result<Vec<G::Output>, String> {
        cases
            .iter()
            .enumerate()
            .map(|(i, case)| {
                let answer = self.fast.solve(case).map_err(|e| e.to_string())?;
                if self.oracle.check(case).is_ok() {
                    let want = self.oracle.solve(case).map_err(|e| e.to_string())?;
                    // one oracle for the whole run: its memo kept within the bound
                    self.oracle_solved += 1;
                    let rebuild = || G::solver(&self.rules, G::ORACLE_VARIANT);
                    let limit = DEFAULT_ORACLE_MEMO_LIMIT;
                    keep_memo_within(&mut self.oracle, self.oracle_solved, limit, rebuild);
                    if want != answer {
                        return Err(format!(
                            "our solvers disagree on case {} ({}): {} says {answer}, the oracle {want}",
                            i + 1,
                            G::describe_case(&self.rules, case),
                            self.fast.name()
                        ));
                    }
                }
                Ok(G::output(&self.rules, case, answer))
            })
            .collect()
    }

    fn write_answers(&self, answers: &[G::Output]) -> String {
        G::write_answers(&self.rules, answers)
    }

    fn parse_answer(&self, line: &str, index: usize) -> Option<G::Output> {
        G::parse_answer(&self.rules, line, index)
    }

    fn answer_form(&self, index: usize) -> String {
        G::answer_form(&self.rules, index)
    }

    fn shrink_candidates(&self, case: &G::Case) -> Vec<G::Case> {
        // a failure on a case both our solvers answer stays on cases both answer
        let checked = self.oracle.check(case).is_ok();
        let answered =
            |c: &G::Case| self.fast.check(c).is_ok() && (!checked || self.oracle.check(c).is_ok());
        G::smaller(&self.rules, case, ShrinkMode::KeepRules)
            .into_iter()
            .filter(|(rules, c)| *rules == self.rules && answered(c))
            .map(|(_, c)| c)
            .collect()
    }

    fn shrink_sizes(&self, case: &G::Case) -> Option<std::ops::RangeInclusive<u64>> {
        G::shrink_sizes(&self.rules, case)
    }

    fn with_size(&self, case: &G::Case, size: u64) -> Option<G::Case> {
        G::with_size(&self.rules, case, size)
    }

    fn describe_case(&self, case: &G::Case) -> String {
        G::describe_case(&self.rules, case)
    }

    fn read_input(&self, text: &str) -> Result<Vec<G::Case>, ParseError> {
        G::read(&self.rules, text)
    }
}
