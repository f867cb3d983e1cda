//! The properties every game shares, written once and generic over the game — and over
//! the implementation under test, so a deliberately wrong solver or move generator can
//! be passed in exactly where the real one goes (`tests/zoo.rs`).
//!
//! Each is driven by `cargo test` (proptest through [`instance_from_bytes`], seeded bytes
//! through the `*_bytes` entries), by a `cargo fuzz` target per game calling the same
//! `*_bytes` entry, and, where it is a row, by `verify` (the driver's comparison and
//! [`crate::harness::movegen_agrees`]).

use crate::game::{fast_variants, BoxSolver, Game, Variants as _};
use crate::rng::{Entropy, Size};
use crate::solver::{Refusal, Solver};

/// A rule set and one of its cases, drawn by the game's one generator
/// ([`Game::random_rules`], [`Game::random_case`]).
pub struct Instance<G: Game> {
    /// The rule set.
    pub rules: G::Rules,
    /// The case.
    pub case: G::Case,
}

/// What proptest prints for a failing instance (`minimal failing input: i = …`): the
/// game, its rule flags and rules, the case described, then the case as a contest input
/// of one case, ready to paste into `solve`:
///
/// ```text
/// chomp --width 4 --height 3 (4x3): 9 cells
/// 1
/// ##..
/// ###.
/// ####
/// ```
///
/// With `{:#?}`, the rules' and the case's own `Debug` follow.
// by hand: a derive would ask `G` itself (a marker type) for `Debug` and `Clone`
impl<G: Game> std::fmt::Debug for Instance<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let flags = G::flags(&self.rules);
        let command = [G::NAME, flags.as_str()].join(" ");
        writeln!(
            f,
            "{} ({}): {}",
            command.trim_end(),
            self.rules,
            G::describe_case(&self.rules, &self.case)
        )?;
        let input = G::write(&self.rules, std::slice::from_ref(&self.case));
        write!(f, "{}", input.trim_end())?;
        if f.alternate() {
            write!(f, "\nrules: {:?}\ncase: {:?}", self.rules, self.case)?;
        }
        Ok(())
    }
}

impl<G: Game> Clone for Instance<G> {
    fn clone(&self) -> Self {
        Instance {
            rules: self.rules.clone(),
            case: self.case.clone(),
        }
    }
}

impl<G: Game> Instance<G> {
    /// A rule set and one of its cases at full size, both drawn from `entropy`.
    pub fn random<E: Entropy + ?Sized>(entropy: &mut E) -> Self {
        let rules = G::random_rules(entropy, Size::FULL);
        let case = G::random_case(&rules, entropy, Size::FULL);
        Instance { rules, case }
    }
}

impl<'a, G: Game> arbitrary::Arbitrary<'a> for Instance<G> {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Instance::random(u))
    }
}

/// The instance the bytes `data` choose (a fuzzer's input): every choice of the game's
/// generator is read from them, the smallest one once they run out.
pub fn instance_from_bytes<G: Game>(data: &[u8]) -> Instance<G> {
    Instance::random(&mut arbitrary::Unstructured::new(data))
}

/// Solvers agree: every solver of `fast` answers `case` as `oracle` does (a refusal
/// counts as an answer).
///
/// # Errors
/// Every answer, named, when one differs, with the case as a contest input.
pub fn solvers_agree_with<G: Game>(
    rules: &G::Rules,
    case: &G::Case,
    oracle: &mut dyn Solver<G::Case, G::Answer>,
    fast: &mut [(String, BoxSolver<G>)],
) -> Result<(), String> {
    let expected = oracle.solve(case);
    let got: Vec<(String, Result<G::Answer, Refusal>)> = fast
        .iter_mut()
        .map(|(name, s)| (name.clone(), s.solve(case)))
        .collect();
    if got.iter().all(|(_, a)| *a == expected) {
        return Ok(());
    }
    let show = |a: &Result<G::Answer, Refusal>| match a {
        Ok(v) => v.to_string(),
        Err(e) => e.to_string(),
    };
    let answers: Vec<String> = got
        .iter()
        .map(|(n, a)| format!("{n} {}", show(a)))
        .collect();
    Err(format!(
        "under {rules}: the oracle says {}, {}, at\n{}",
        show(&expected),
        answers.join(", "),
        G::write(rules, std::slice::from_ref(case))
    ))
}

/// [`solvers_agree_with`] for the oracle and every fast variant of `G` (the cached
/// ones, [`Game::cached_solver`]): a new variant is checked with no edit here.
///
/// # Errors
/// As [`solvers_agree_with`].
pub fn solvers_agree<G: Game>(rules: &G::Rules, case: &G::Case) -> Result<(), String> {
    let mut oracle = G::solver(rules, G::ORACLE_VARIANT);
    let mut fast: Vec<(String, BoxSolver<G>)> = fast_variants::<G>()
        .into_iter()
        .map(|v| (v.name().to_string(), G::cached_solver(rules, v)))
        .collect();
    solvers_agree_with::<G>(rules, case, oracle.as_mut(), &mut fast)
}

/// Move generators agree: `fast` yields exactly `oracle`'s moves at `case` — no
/// duplicates, nothing missing, nothing extra.
///
/// # Errors
/// The first difference, with the case as a contest input.
pub fn movegen_agrees_with<G: Game>(
    rules: &G::Rules,
    case: &G::Case,
    oracle: &[G::Move],
    fast: &[G::Move],
) -> Result<(), String> {
    use std::collections::BTreeSet;
    let oracle: BTreeSet<&G::Move> = oracle.iter().collect();
    let fast_set: BTreeSet<&G::Move> = fast.iter().collect();
    let at = || {
        format!(
            "under {rules}, at\n{}",
            G::write(rules, std::slice::from_ref(case))
        )
    };
    if fast_set.len() != fast.len() {
        return Err(format!("the fast generator repeats a move {}", at()));
    }
    if let Some(m) = fast_set.difference(&oracle).next() {
        return Err(format!(
            "the fast generator offers {m}, which the oracle does not, {}",
            at()
        ));
    }
    if let Some(m) = oracle.difference(&fast_set).next() {
        return Err(format!("the fast generator misses {m} {}", at()));
    }
    Ok(())
}

/// A fast successor that differs from the reference: the move, the reference
/// successor ([`Game::apply`]; `None` when it refuses the move) and the fast one
/// ([`Game::fast_apply`]; `None` when it gives none for a move of the fast generator).
pub type OddSuccessor<G> = (
    <G as Game>::Move,
    Option<<G as Game>::Case>,
    Option<<G as Game>::Case>,
);

/// The first move of `fast`'s list (the fast generator's moves at `case`) whose fast
/// successor ([`Game::fast_apply`]) is not the reference one ([`Game::apply`]), compared
/// with `==` (not up to symmetry). `Ok(None)` when the game gives no fast successor
/// (its `fast_apply` says `None` for the first move), else `Ok(Some(moves checked))`.
///
/// # Errors
/// The first move whose successors differ.
pub fn first_odd_successor<G: Game>(
    rules: &G::Rules,
    gens: &G::Generators,
    case: &G::Case,
    fast: &[G::Move],
) -> Result<Option<u64>, OddSuccessor<G>> {
    let mut checked = 0;
    for (i, mv) in fast.iter().enumerate() {
        let got = G::fast_apply(gens, case, mv);
        if i == 0 && got.is_none() {
            return Ok(None);
        }
        let want = G::apply(rules, case, mv);
        if got.is_none() || got != want {
            return Err((mv.clone(), want, got));
        }
        checked += 1;
    }
    Ok(Some(checked))
}

/// A successor in a message: the position in the contest format, or what stood in its
/// place.
pub(crate) fn show_successor<G: Game>(
    rules: &G::Rules,
    next: &Option<G::Case>,
    missing: &str,
) -> String {
    match next {
        Some(c) => G::write(rules, std::slice::from_ref(c)),
        None => format!("{missing}\n"),
    }
}

/// Successors agree: for every move of the fast generator at `case`, the fast code's
/// successor ([`Game::fast_apply`]) is the reference one ([`Game::apply`]), equal as
/// cases. Returns the moves checked, or `None` when the game gives no fast successor
/// (nothing checked).
///
/// # Errors
/// The first move whose successors differ, with the position and both successors as
/// contest inputs.
pub fn successors_agree<G: Game>(
    rules: &G::Rules,
    gens: &G::Generators,
    case: &G::Case,
) -> Result<Option<u64>, String> {
    let fast = G::fast_moves(gens, case);
    first_odd_successor::<G>(rules, gens, case, &fast).map_err(|(mv, want, got)| {
        format!(
            "under {rules}, after {mv}, the reference apply gives\n{}and fast_apply gives\n{}at\n{}",
            show_successor::<G>(rules, &want, "nothing (apply refuses the move)"),
            show_successor::<G>(rules, &got, "nothing (fast_apply gives no successor)"),
            G::write(rules, std::slice::from_ref(case))
        )
    })
}

/// Fuzz entry of `<game>_solvers_agree`: an instance from `data`, then
/// [`solvers_agree`] on the instance the bytes choose ([`instance_from_bytes`]).
///
/// # Errors
/// As [`solvers_agree`].
pub fn solvers_agree_bytes<G: Game>(data: &[u8]) -> Result<(), String> {
    let i = instance_from_bytes::<G>(data);
    solvers_agree::<G>(&i.rules, &i.case)
}

/// Fuzz entry of a generic move-generation target: an instance from `data`, then the
/// game's two generators compared, and each fast successor with the reference one
/// ([`successors_agree`]) when the game gives them.
///
/// # Errors
/// As [`movegen_agrees_with`] and [`successors_agree`].
pub fn movegen_agrees_bytes<G: Game>(data: &[u8]) -> Result<(), String> {
    let i = instance_from_bytes::<G>(data);
    let gens = G::generators(&i.rules);
    movegen_agrees_with::<G>(
        &i.rules,
        &i.case,
        &G::oracle_moves(&gens, &i.case),
        &G::fast_moves(&gens, &i.case),
    )?;
    successors_agree::<G>(&i.rules, &gens, &i.case).map(|_| ())
}

/// The proptest strategy of rule sets of `G`: the game's one generator of rule sets
/// ([`Game::random_rules`]) over byte strings (behind the `proptest` feature).
#[cfg(feature = "proptest")]
pub fn rule_sets<G: Game>() -> impl proptest::strategy::Strategy<Value = G::Rules> {
    use proptest::prelude::*;
    proptest::collection::vec(any::<u8>(), 0..64)
        .prop_map(|data| G::random_rules(&mut arbitrary::Unstructured::new(&data), Size::FULL))
}

/// The proptest strategy of instances of `G`: byte strings of up to 256 bytes through
/// the game's one generator (behind the `proptest` feature, so normal builds do not
/// compile proptest; the crate's dev-dependency on itself turns it on for the tests).
#[cfg(feature = "proptest")]
pub fn instances<G: Game>() -> impl proptest::strategy::Strategy<Value = Instance<G>> {
    use proptest::prelude::*;
    proptest::collection::vec(any::<u8>(), 0..256).prop_map(|data| instance_from_bytes::<G>(&data))
}
