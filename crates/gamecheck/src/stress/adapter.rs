//! [`GameContest`]: the contest adapter of `gen` and `stress` made from a game's own
//! traits, for a game whose contest is "T cases in, one winner per line out".

use super::{ContestGame, Size};
use crate::error::ParseError;
use crate::game::{BoxSolver, Contest, ShrinkMode};
use crate::outcome::Winner;
use crate::rng::Rng;

/// A contest adapter for game `G` under one rule set, with nothing written by the game:
///
/// - cases from [`Contest::generate`], the input from
///   [`Game::write`](crate::game::Game::write) and read back with
///   [`Game::read`](crate::game::Game::read);
/// - our answers from the game's default solver
///   ([`Game::DEFAULT_VARIANT`](crate::game::Game::DEFAULT_VARIANT)), checked by
///   the oracle on every case the oracle does not refuse (a disagreement is an error of
///   ours, never charged to the program under test);
/// - an output line is `Alice` or `Bob` (or `Draw`, when [`GameContest::with_draws`]),
///   exactly; shrinking follows [`Game::smaller`](crate::game::Game::smaller) with the
///   rules kept.
pub struct GameContest<G: Contest> {
    rules: G::Rules,
    flags: G::SizeArgs,
    draws: bool,
    fast: BoxSolver<G>,
    oracle: BoxSolver<G>,
}

impl<G: Contest> GameContest<G> {
    /// The adapter for `rules` and the size flags (handed to [`Contest::generate`]),
    /// with at most [`Contest::MAX_BATCH`] cases in one input.
    pub fn new(rules: G::Rules, flags: &G::SizeArgs) -> Self {
        GameContest {
            fast: G::solver(&rules, G::DEFAULT_VARIANT),
            oracle: G::solver(&rules, G::ORACLE_VARIANT),
            rules,
            flags: flags.clone(),
            draws: false,
        }
    }

    /// The same adapter for a game with draws: `Draw` is an answer too.
    #[must_use]
    pub fn with_draws(mut self) -> Self {
        self.draws = true;
        self
    }
}

impl<G: Contest> ContestGame for GameContest<G> {
    type Case = G::Case;
    type Answer = Winner;

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
        G::generate(&self.rules, &self.flags, rng, size)
    }

    fn write_input(&self, cases: &[G::Case]) -> String {
        G::write(&self.rules, cases)
    }

    fn answers(&mut self, cases: &[G::Case]) -> Result<Vec<Winner>, String> {
        cases
            .iter()
            .enumerate()
            .map(|(i, case)| {
                let answer = self.fast.solve(case).map_err(|e| e.to_string())?;
                if self.oracle.check(case).is_ok() {
                    let want = self.oracle.solve(case).map_err(|e| e.to_string())?;
                    if want != answer {
                        return Err(format!(
                            "our solvers disagree on case {} ({}): {} says {answer}, the oracle {want}",
                            i + 1,
                            G::describe_case(&self.rules, case),
                            self.fast.name()
                        ));
                    }
                }
                Ok(G::winner(answer))
            })
            .collect()
    }

    fn write_answers(&self, answers: &[Winner]) -> String {
        G::write_answers(answers)
    }

    fn parse_answer(&self, line: &str, _index: usize) -> Option<Winner> {
        line.parse::<Winner>()
            .ok()
            .filter(|&w| self.draws || w != Winner::Draw)
    }

    fn answer_form(&self, _index: usize) -> String {
        if self.draws {
            "`Alice`, `Bob` or `Draw`".into()
        } else {
            "`Alice` or `Bob`".into()
        }
    }

    fn shrink_candidates(&self, case: &G::Case) -> Vec<G::Case> {
        G::smaller(&self.rules, case, ShrinkMode::KeepRules)
            .into_iter()
            .filter(|(rules, _)| *rules == self.rules)
            .map(|(_, c)| c)
            .collect()
    }

    fn describe_case(&self, case: &G::Case) -> String {
        G::describe_case(&self.rules, case)
    }

    fn read_input(&self, text: &str) -> Result<Vec<G::Case>, ParseError> {
        G::read(&self.rules, text)
    }
}
