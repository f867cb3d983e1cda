//! One interface for every game: [`Game`].
//!
//! A game is a set of rule sets; under each, *cases* (the units of a contest input: a
//! marble position, a paint strip, a sevens deal) have an exact *answer*, what the
//! solvers compute (a value relative to the player to move, a named winner, a Grundy
//! value: a [`GameValue`]), and an *output*, what one line of the contest's output says
//! about the case, in the contest's own spelling (a [`ContestAnswer`]: `Alice`, `X`, a
//! number). [`Game`] gathers, for one game, all the harness needs to check it by
//! construction:
//!
//! - the rule set with its `Display` (its command-line flags are `Contest::RuleArgs`);
//! - the case, the move with its notation, both move generators ([`Game::oracle_moves`]
//!   and [`Game::fast_moves`]) and the starting position where the game has one;
//! - the oracle and a typed list of solver variants ([`Game::Variant`], an enum that
//!   implements [`Variants`]: `--solver` takes exactly those names, and `verify` compares
//!   every one);
//! - who is to move in a case ([`Game::to_move`]), and the contest's reader and writer,
//!   of inputs and of answers;
//! - one "one step smaller" relation over (rules, case) ([`Game::smaller`]), used by
//!   `verify` and, with the rules kept fixed, by `stress`;
//! - the one random generator of rule sets and cases ([`Game::random_rules`],
//!   [`Game::random_case`]), drawing through [`Entropy`].
//!
//! Built on it, each in its own module: what `verify` checks (`harness::Verify`), the
//! contest of `solve`, `gen` and `stress` (`contest::Contest`), the command line
//! (`command::CliGame`). Nothing in this crate lists games: the command line takes its list
//! from the binary that names them.

use crate::error::{ParseError, RuleError};
use crate::outcome::{ContestAnswer, GameValue, Player};
use crate::rng::{Entropy, Size};
use crate::solver::Solver;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A solver of game `G`, boxed: it answers `G::Case`s with `G::Answer`s.
pub type BoxSolver<G> = Box<dyn Solver<<G as Game>::Case, <G as Game>::Answer> + Send>;

/// Which cases count as "one step smaller" for [`Game::smaller`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShrinkMode {
    /// The rules may shrink too (the sevens deck): `verify` compares our own solvers,
    /// which take any rule set.
    MayChangeRules,
    /// The rules stay fixed: `stress` runs a program that knows only its rules.
    KeepRules,
}

/// Each of `moves` at `case` with the position it leads to ([`Game::apply`]), in the
/// order given; a move `apply` refuses is left out. The one place a move list becomes
/// positions: the default [`Game::best_move`] and [`Game::smaller`], perft's
/// [`crate::perft::Moves`] and [`crate::harness::reachable`] all go through it.
pub(crate) fn applied<G: Game>(
    rules: &G::Rules,
    case: &G::Case,
    moves: impl IntoIterator<Item = G::Move>,
) -> Vec<(G::Move, G::Case)> {
    let applied = moves.into_iter();
    applied
        .filter_map(|mv| {
            let next = G::apply(rules, case, &mv)?;
            Some((mv, next))
        })
        .collect()
}

/// Each of the fast generator's `moves` at `case` with the position the fast code's
/// [`Game::fast_apply`] gives, in the order given; a move without a fast successor goes
/// through the reference [`Game::apply`] (and is left out when it refuses). The fast side
/// of perft's [`crate::perft::Moves`].
pub(crate) fn fast_applied<G: Game>(
    rules: &G::Rules,
    gens: &G::Generators,
    case: &G::Case,
    moves: impl IntoIterator<Item = G::Move>,
) -> Vec<(G::Move, G::Case)> {
    moves
        .into_iter()
        .filter_map(|mv| {
            let next = G::fast_apply(gens, case, &mv).or_else(|| G::apply(rules, case, &mv))?;
            Some((mv, next))
        })
        .collect()
}

/// One game: rules, cases, moves, answers, the oracle and the fast solvers, the contest
/// format, shrinking and what `verify` checks. See the [module docs](self).
///
/// Every method is an associated function: a game is a type, not a value.
pub trait Game: Sized + Send + Sync + 'static {
    /// The name on the command line (`marble`).
    const NAME: &'static str;
    /// One line for `--help` (`Marble on the diamond board`).
    const ABOUT: &'static str;

    /// A rule set. `Display` gives the report's form, without the game's name (which
    /// the reports print before it): `n=4 k=3 lines=all normal`.
    type Rules: Clone + Debug + Display + PartialEq + Send + Sync;
    /// One case of a contest input.
    type Case: Clone + Debug + PartialEq + Eq + Hash + Send + Sync;
    /// A move, with its notation as `Display`.
    type Move: Clone + Debug + Display + Ord;
    /// A solver's exact answer for a case: what the oracle and the fast solvers compute
    /// and `verify` compares, and what the default [`Game::best_move`] follows. Its
    /// [`GameValue`] says how (a value relative to the player to move,
    /// [`crate::outcome::Value`]; a named winner, [`crate::outcome::Winner`]; a type of
    /// the game's own).
    type Answer: GameValue;
    /// What one line of the contest's output says about a case, in the contest's own
    /// spelling ([`ContestAnswer`]: [`crate::outcome::Winner`] for `Alice`/`Bob`/`Draw`,
    /// an integer type, a type of the game's own): what `solve` prints, `stress` reads
    /// from a program and compares, and `--json` shows. Made from an answer by
    /// [`Game::output`].
    type Output: ContestAnswer;
    /// The solvers by name: the oracle and every fast variant.
    type Variant: Variants;

    /// The variant `solve` uses by default (the fastest correct one).
    const DEFAULT_VARIANT: Self::Variant;
    /// The variant that is the oracle (`naive`); every other one is a fast variant.
    const ORACLE_VARIANT: Self::Variant;

    /// The flags that select `rules` (`--side 4 --run 3 --lines all`); none by default
    /// (a game with one rule set).
    fn flags(_rules: &Self::Rules) -> String {
        String::new()
    }

    /// The starting position of a game under `rules`, where the game has one (marble: the
    /// empty diamond); `None` by default.
    fn start(_rules: &Self::Rules) -> Option<Self::Case> {
        None
    }

    /// Both move generators of one rule set, built once ([`Game::generators`]).
    type Generators: Send + Sync;

    /// Both move generators of `rules`.
    fn generators(rules: &Self::Rules) -> Self::Generators;

    /// The oracle's moves at `case`, from its own text representation.
    fn oracle_moves(gens: &Self::Generators, case: &Self::Case) -> Vec<Self::Move>;

    /// The fast generator's moves at `case`, in the order generated (duplicates kept, so
    /// a check can see them).
    fn fast_moves(gens: &Self::Generators, case: &Self::Case) -> Vec<Self::Move>;

    /// The solver `variant` for `rules` (the oracle for [`Game::ORACLE_VARIANT`]).
    fn solver(rules: &Self::Rules, variant: Self::Variant) -> BoxSolver<Self>;

    /// The *reference* successor: the position after `mv` at `case`, with the other
    /// player to move, computed as the oracle computes it (on the oracle's own text
    /// representation, or code as plainly right); `None` when `mv` is not a move there,
    /// and (the default) when the game does not say.
    ///
    /// Everything that walks or shrinks the game trusts it: [`crate::harness::reachable`]
    /// (the "every position" suites), the default [`Game::smaller`] and
    /// [`Game::best_move`], the oracle's side of `perft` and `count`
    /// ([`crate::perft::PerftFromMoves`]). So write it with the oracle's code, not the
    /// fast solver's: a bug in a fast successor written here would change the suites that
    /// are meant to catch it. The fast code's successor goes in [`Game::fast_apply`],
    /// which is checked against this one move by move.
    fn apply(_rules: &Self::Rules, _case: &Self::Case, _mv: &Self::Move) -> Option<Self::Case> {
        None
    }

    /// The fast code's successor (a bitboard's make-move: a stone dropped by shifts and
    /// masks, discs flipped along rays) of `mv` at `case`, with the generators of
    /// [`Game::generators`]; `None` (the default) when the game gives none.
    ///
    /// A game that gives one returns `Some` for every move of [`Game::fast_moves`]. Then
    /// the `movegen` rows of `verify` and [`crate::harness::laws::successors_agree`] check
    /// it against the reference [`Game::apply`] for every move at every position of
    /// their suites (equal cases with `==`, not up to symmetry), and the fast side of
    /// `perft` and `count` walks with it. A `fast_apply` that calls `apply` checks
    /// nothing: leave it out instead (the rows then say `successors: not checked (no
    /// fast_apply)`).
    fn fast_apply(
        _gens: &Self::Generators,
        _case: &Self::Case,
        _mv: &Self::Move,
    ) -> Option<Self::Case> {
        None
    }

    /// The player to move at `case` (`First` by default: every case has Alice, the first
    /// player, to move, as a contest that lists positions gives them). A game whose cases
    /// may have either player to move (tic-tac-toe's mid-game boards, with X first) says
    /// which, so that a winner it names for a fixed player is read right by
    /// [`Game::best_move`] and in reports. Nothing else can notice it missing: `verify`
    /// and `stress` compare answers, which stay right; only the best move a failure
    /// report shows would be the one for the wrong player.
    fn to_move(_rules: &Self::Rules, _case: &Self::Case) -> Player {
        Player::First
    }

    /// The oracle's best move at `case` in the game's notation: a move that keeps the
    /// position's value under optimal play (a winning move; at a draw, a move that keeps
    /// the draw; with remoteness, the winner's fastest win and the loser's slowest loss);
    /// `None` when there is none (for a value without remoteness, the player to move
    /// loses whatever it does) or the oracle refuses.
    ///
    /// The default asks the oracle about `case` and about each of the oracle's moves,
    /// applied with [`Game::apply`]: the first move whose position has the value an
    /// optimal move leads to ([`GameValue::after_optimal_move`], with [`Game::to_move`]'s
    /// player), so it is right for a value relative to the player to move and for one
    /// that names a fixed player alike.
    fn best_move(rules: &Self::Rules, case: &Self::Case) -> Option<String> {
        let mut oracle = Self::solver(rules, Self::ORACLE_VARIANT);
        let here = oracle.solve(case).ok()?;
        let wanted = here.after_optimal_move(Self::to_move(rules, case))?;
        let gens = Self::generators(rules);
        let children = applied::<Self>(rules, case, Self::oracle_moves(&gens, case));
        children
            .into_iter()
            .find(|(_, child)| oracle.solve(child).ok() == Some(wanted))
            .map(|(mv, _)| mv.to_string())
    }

    /// Reads a contest input.
    ///
    /// # Errors
    /// A located [`ParseError`].
    fn read(rules: &Self::Rules, text: &str) -> Result<Vec<Self::Case>, ParseError>;

    /// A tip for an input that does not read under `rules` (marble: the side it does read
    /// as), or `None`.
    fn read_hint(_rules: &Self::Rules, _text: &str) -> Option<String> {
        None
    }

    /// A complete contest input holding `cases`, in the canonical layout.
    fn write(rules: &Self::Rules, cases: &[Self::Case]) -> String;

    /// The contest's output for `case` whose answer is `answer`: the contest's spelling
    /// of it (`Value::Win` with Alice to move → `Winner::Alice`; a Grundy value → itself;
    /// a value for the player to move → the fixed player a contest names, by
    /// [`Game::to_move`]).
    fn output(rules: &Self::Rules, case: &Self::Case, answer: Self::Answer) -> Self::Output;

    /// The contest output for `outputs`, the cases' outputs in input order: by default one
    /// per line, as their `Display` spells them.
    fn write_answers(_rules: &Self::Rules, outputs: &[Self::Output]) -> String {
        outputs.iter().map(|o| format!("{o}\n")).collect()
    }

    /// Reads output line `index` (0-based, the case's place in the input) as an answer:
    /// the inverse of [`Game::write_answers`] line by line (the line comes without its
    /// line end and trailing ASCII spaces and tabs); `None` when it is not one. By default
    /// [`ContestAnswer::parse`].
    fn parse_answer(_rules: &Self::Rules, line: &str, _index: usize) -> Option<Self::Output> {
        Self::Output::parse(line)
    }

    /// What output line `index` should look like, for messages: by default
    /// [`ContestAnswer::form`].
    fn answer_form(_rules: &Self::Rules, _index: usize) -> String {
        Self::Output::form()
    }

    /// Checks the rule set for the contest format (sevens: an even deck).
    ///
    /// # Errors
    /// Why the rules have no contest input.
    fn contest_rules(_rules: &Self::Rules) -> Result<(), RuleError> {
        Ok(())
    }

    /// Cases one step smaller than `(rules, case)`, most promising (smallest) first;
    /// with [`ShrinkMode::KeepRules`] every candidate keeps `rules`.
    ///
    /// The default keeps the rules and gives the positions one move later (the fast
    /// generator's moves applied with [`Game::apply`], last move first): nearer the end
    /// of the game, so smaller for a game that always ends. A game without
    /// [`Game::apply`] gets no candidates (no shrinking) unless it writes its own.
    fn smaller(
        rules: &Self::Rules,
        case: &Self::Case,
        _mode: ShrinkMode,
    ) -> Vec<(Self::Rules, Self::Case)> {
        let moves = Self::fast_moves(&Self::generators(rules), case);
        let children = applied::<Self>(rules, case, moves.into_iter().rev());
        children
            .into_iter()
            .map(|(_, c)| (rules.clone(), c))
            .collect()
    }

    /// A size of `case` that `stress` can search before it takes the steps of
    /// [`Game::smaller`]: the sizes from the smallest the game allows up to `case`'s own
    /// (a board's width, a heap's tokens, a number of pieces), each of which
    /// [`Game::with_size`] makes a case of; `None` (the default) for none. `stress` then
    /// gallops up from the smallest size (8-fold) and bisects the last gap, so a program
    /// that fails from some size on is shrunk to exactly that size in about
    /// 1.3 · log2(size) runs, however large the case that showed it
    /// ([`crate::stress::ContestGame::shrink_sizes`]).
    fn shrink_sizes(
        _rules: &Self::Rules,
        _case: &Self::Case,
    ) -> Option<std::ops::RangeInclusive<u64>> {
        None
    }

    /// `case` made size `size` (within the range [`Game::shrink_sizes`] gave, below its
    /// own), under the same rules: the first `size` columns, every heap capped at `size`;
    /// `None` when there is no such case (that size is then taken to pass).
    fn with_size(_rules: &Self::Rules, _case: &Self::Case, _size: u64) -> Option<Self::Case> {
        None
    }

    /// The images of `case` under the symmetries of the game (a board's reflections and
    /// rotations): positions whose answer is `case`'s, whatever that is (`case` itself need
    /// not be among them). Empty (the default) for a game without symmetry. With them,
    /// `verify` checks that every fast solver gives each image the answer it gives `case`
    /// (on every suite, and on suites beyond the oracle's reach:
    /// `harness::Suite::symmetry_only`), a check that needs no oracle; and
    /// `count --up-to-symmetry` counts positions by [`Game::canonical`].
    fn symmetries(_rules: &Self::Rules, _case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }

    /// The representative of `case` among its images ([`Game::symmetries`]): two
    /// positions are one up to symmetry when their canonical forms are equal. By default
    /// the image (or `case` itself) whose contest text ([`Game::write`]) is least
    /// ([`least_written`]): right for any game whose images are those of a group of
    /// symmetries (the images of an image are the images of `case`), and `case` itself
    /// at no cost for a game without symmetry. [`least_image`] is the faster form for a
    /// case type with `Ord`.
    fn canonical(rules: &Self::Rules, case: &Self::Case) -> Self::Case {
        least_written::<Self>(rules, case)
    }

    /// A random rule set, drawn from `entropy` only (same draws, same rules): the
    /// generator of rule sets for the properties (proptest, seeded bytes), the fuzz
    /// targets ([`Entropy`] fed by the fuzzer's bytes) and `verify`'s random suites.
    /// Rule sets whose cases the oracle solves quickly; `size` may steer how large.
    fn random_rules<E: Entropy + ?Sized>(entropy: &mut E, size: Size) -> Self::Rules;

    /// A random case of `rules`, drawn from `entropy` only, growing with `size` and within
    /// the oracle's limit at every size: the generator of cases for the properties, the
    /// fuzz targets and `verify`'s random suites, and by default
    /// (`contest::Contest::generate`) of `gen` and `stress`. Bugs show on small cases: keep
    /// small ones likely at every size.
    fn random_case<E: Entropy + ?Sized>(
        rules: &Self::Rules,
        entropy: &mut E,
        size: Size,
    ) -> Self::Case;

    /// The solver `variant` for `rules`, shared within this process where building it is
    /// costly (marble's tables): what the properties use over many inputs. Every answer
    /// it gives is still compared.
    fn cached_solver(rules: &Self::Rules, variant: Self::Variant) -> BoxSolver<Self> {
        Self::solver(rules, variant)
    }

    /// The size of a case in words, for reports (`2 empty cells`); by default its
    /// `Debug` form.
    fn describe_case(_rules: &Self::Rules, case: &Self::Case) -> String {
        format!("{case:?}")
    }
}

/// The least of `case` and its images under [`Game::symmetries`], by the case type's
/// own order: a [`Game::canonical`] for a game whose case type is `Ord`.
pub fn least_image<G: Game>(rules: &G::Rules, case: &G::Case) -> G::Case
where
    G::Case: Ord,
{
    G::symmetries(rules, case)
        .into_iter()
        .chain(std::iter::once(case.clone()))
        .min()
        .expect("the case itself")
}

/// The image of `case` under [`Game::symmetries`] (or `case` itself) whose contest
/// text ([`Game::write`] of it alone) is least: the default [`Game::canonical`], for a
/// case type without an order. `case` itself when the game lists no image.
pub fn least_written<G: Game>(rules: &G::Rules, case: &G::Case) -> G::Case {
    let images = G::symmetries(rules, case);
    if images.is_empty() {
        return case.clone();
    }
    images
        .into_iter()
        .chain(std::iter::once(case.clone()))
        .map(|c| (G::write(rules, std::slice::from_ref(&c)), c))
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, c)| c)
        .expect("the case itself")
}

/// The solver variants of a game by name ([`Game::Variant`]): the oracle and every fast
/// solver. `--solver` takes exactly these names (and `oracle` for
/// [`Game::ORACLE_VARIANT`]); `verify` compares every one with the oracle.
///
/// ```
/// # use gamecheck::game::Variants;
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// enum Variant { Naive, Memo }
///
/// impl Variants for Variant {
///     const ALL: &'static [Self] = &[Variant::Naive, Variant::Memo];
///     fn name(self) -> &'static str {
///         match self {
///             Variant::Naive => "naive",
///             Variant::Memo => "memo",
///         }
///     }
/// }
/// assert_eq!(Variant::Memo.name(), "memo");
/// ```
pub trait Variants: Copy + Eq + Debug + Send + Sync + 'static {
    /// Every variant, the oracle among them, in the order `--solver`'s help lists them.
    const ALL: &'static [Self];

    /// The name on the command line and in the rows of `verify` (`bitmask`): distinct per
    /// variant, not `oracle` (the alias of the oracle's name).
    fn name(self) -> &'static str;

    /// One line for `--solver`'s help (`Memoized DFS over a bitmask`); empty by default.
    fn about(self) -> &'static str {
        ""
    }
}

/// Every variant of `G` but the oracle: the fast solvers `verify` compares.
pub fn fast_variants<G: Game>() -> Vec<G::Variant> {
    <G::Variant as Variants>::ALL
        .iter()
        .copied()
        .filter(|&v| v != G::ORACLE_VARIANT)
        .collect()
}

/// The contest outputs of every case ([`Game::output`]), checked for size first: a case
/// too large for the solver is refused before any case is solved.
///
/// # Errors
/// The first refusal, with its 1-based case number; no answers then.
pub fn solve_cases<G: Game>(
    rules: &G::Rules,
    variant: G::Variant,
    cases: &[G::Case],
) -> Result<Vec<G::Output>, crate::solver::CaseRefusal> {
    solve_cases_with::<G>(rules, G::solver(rules, variant).as_mut(), cases)
}

/// [`solve_cases`] with a solver in hand (built, or warmed up, by the caller): the
/// contest outputs ([`Game::output`]) of every case, each case's size checked first
/// ([`crate::solver::solve_each`]).
///
/// # Errors
/// The first refusal, with its 1-based case number; no answers then.
pub fn solve_cases_with<G: Game>(
    rules: &G::Rules,
    solver: &mut (impl Solver<G::Case, G::Answer> + ?Sized),
    cases: &[G::Case],
) -> Result<Vec<G::Output>, crate::solver::CaseRefusal> {
    let answers = crate::solver::solve_each(solver, cases)?;
    Ok(cases
        .iter()
        .zip(answers)
        .map(|(case, answer)| G::output(rules, case, answer))
        .collect())
}

/// Declares a game's solver variants: an enum (deriving `Debug`, `Clone`, `Copy`,
/// `PartialEq`, `Eq` and `Hash`) and its [`Variants`] implementation, each variant with
/// its name on the command line; a variant's doc comment is its line in `--solver`'s help.
///
/// ```
/// gamecheck::variants! {
///     /// The solvers of my game.
///     pub enum Variant {
///         /// The oracle: text rows, every move tried.
///         Naive = "naive",
///         /// Memoized search over packed heights.
///         Memo = "memo",
///     }
/// }
/// use gamecheck::game::Variants as _;
/// assert_eq!(Variant::ALL, &[Variant::Naive, Variant::Memo]);
/// assert_eq!(Variant::Memo.name(), "memo");
/// assert_eq!(Variant::Naive.about().trim(), "The oracle: text rows, every move tried.");
/// ```
#[macro_export]
macro_rules! variants {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[doc = $doc:literal])* $variant:ident = $label:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[doc = $doc])* $variant ),+
        }

        impl $crate::game::Variants for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $label),+
                }
            }

            fn about(self) -> &'static str {
                match self {
                    $($name::$variant => concat!($($doc),*)),+
                }
            }
        }
    };
}
