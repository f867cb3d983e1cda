//! `gamecheck solve GAME [FILE] [rule flags] [--solver NAME]`.

use super::ability::{augment_with, parsed, Ability};
use super::{input_path, located, print_all, read_input, Failure};
use crate::contest::Contest;
use crate::game::{Game, Variants};
use crate::outcome::ContestAnswer;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `solve` for game `G`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs<G: Contest> {
    /// The contest input (stdin when absent or `-`).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub rules: G::RuleArgs,
    /// The solver (the oracle is also spelt `oracle`; the default is the fastest correct
    /// one). The help names the game's own oracle (set in `augment`).
    // the default is set per game in `augment`: a `default_value_t` here would be one
    // static shared by every game's monomorphization
    #[arg(long, value_parser = VariantParser::<G>::new())]
    pub solver: Option<G::Variant>,
    #[command(flatten)]
    pub extra: G::SolveArgs,
    /// Print one JSON document on stdout instead of the answers: {"game", "rules",
    /// "flags", "solver", "cases": [{"case", "answer", KEY, "value"}], "output"}
    /// ("answer" is the case's line of the text output; KEY the case's answer in JSON,
    /// "winner" for Alice/Bob/Draw, "result" unless the game's answer type names another;
    /// "value" the solver's exact answer; "output" the whole text output). Bad input is
    /// still an error on stderr, exit 2, with nothing on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Parses `--solver NAME` into a variant of `G` ([`Variants`]): exactly the names of
/// `G::Variant::ALL`, and `oracle` for the oracle; the help lists each with its line.
pub struct VariantParser<G>(
    Vec<clap::builder::PossibleValue>,
    std::marker::PhantomData<G>,
);

impl<G> Clone for VariantParser<G> {
    fn clone(&self) -> Self {
        VariantParser(self.0.clone(), std::marker::PhantomData)
    }
}

impl<G: Game> VariantParser<G> {
    /// The parser of `G`'s variant names.
    pub fn new() -> Self {
        let values = <G::Variant as Variants>::ALL
            .iter()
            .map(|&v| {
                let value = clap::builder::PossibleValue::new(v.name())
                    .help(v.about().trim().trim_end_matches('.').to_string());
                if v == G::ORACLE_VARIANT {
                    value.alias("oracle")
                } else {
                    value
                }
            })
            .collect();
        VariantParser(values, std::marker::PhantomData)
    }
}

impl<G: Game> Default for VariantParser<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> clap::builder::TypedValueParser for VariantParser<G> {
    type Value = G::Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<G::Variant, clap::Error> {
        let index = value
            .to_str()
            .and_then(|text| self.0.iter().position(|p| p.matches(text, false)));
        match index {
            Some(i) => Ok(<G::Variant as Variants>::ALL[i]),
            None => {
                // clap's own "invalid value" error, with the list of names
                let names = clap::builder::PossibleValuesParser::new(self.0.clone());
                names.parse_ref(cmd, arg, value).map(|_| G::DEFAULT_VARIANT)
            }
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().cloned()))
    }
}

/// `solve`'s subcommands.
#[derive(Debug, Clone)]
pub struct Solve;

impl super::ability::Kind for Solve {
    const NAME: &'static str = "solve";
}

fn augment<G: Contest>(cmd: clap::Command) -> clap::Command {
    augment_with::<SolveArgs<G>>(cmd).mut_arg("solver", |a| {
        a.default_value(G::DEFAULT_VARIANT.name()).help(format!(
            "The solver (`{}` is the oracle, also spelt `oracle`; the default is the \
                 fastest correct one)",
            G::ORACLE_VARIANT.name()
        ))
    })
}

fn run<G: Contest>(m: &clap::ArgMatches) -> Result<ExitCode, Failure> {
    solve::<G>(&parsed(m)?)
}

/// `solve` for game `G`.
pub fn ability<G: Contest>() -> Ability {
    Ability {
        augment: augment::<G>,
        run: run::<G>,
        about: None,
    }
}

/// Reads every case, checks each against the solver's size limit, solves them all, then
/// prints the contest's answers (with `--json`, one JSON document holding them).
pub fn solve<G: Contest>(args: &SolveArgs<G>) -> Result<ExitCode, Failure> {
    let rules = G::rules(&args.rules).map_err(|e| Failure::Usage(e.to_string()))?;
    G::contest_rules(&rules).map_err(|e| Failure::Usage(e.to_string()))?;
    let (name, text) = read_input(input_path(&args.file))?;
    let cases = G::read(&rules, &text).map_err(|e| {
        match (located(&name, &e), G::read_hint(&rules, &text)) {
            (Failure::Usage(msg), Some(tip)) => Failure::Usage(format!("{msg}\ntip: {tip}")),
            (other, _) => other,
        }
    })?;
    let variant = args.solver.unwrap_or(G::DEFAULT_VARIANT);
    let mut solver = G::solve_solver(&rules, variant, &args.extra).map_err(Failure::Usage)?;
    let values = crate::solver::solve_each(solver.as_mut(), &cases)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let outputs: Vec<G::Output> = cases
        .iter()
        .zip(&values)
        .map(|(case, &v)| G::output(&rules, case, v))
        .collect();
    let output = G::write_answers(&rules, &outputs);
    if !args.json {
        return print_all(&output);
    }
    let doc = json_document::<G>(&rules, variant, &values, &outputs, &output);
    let mut text = serde_json::to_string_pretty(&doc)
        .map_err(|e| Failure::Internal(format!("cannot write the JSON document: {e}")))?;
    text.push('\n');
    print_all(&text)
}

/// `solve --json`'s document, its fields in this order.
#[derive(serde::Serialize)]
struct Document<'a> {
    game: &'static str,
    rules: String,
    flags: String,
    solver: &'static str,
    cases: Vec<CaseAnswer<'a>>,
    output: &'a str,
}

/// One case of [`Document`].
#[derive(serde::Serialize)]
struct CaseAnswer<'a> {
    /// 1-based, as the readers' errors count.
    case: usize,
    /// The case's line of the text output.
    answer: Option<&'a str>,
    /// The case's output as the game's answer type gives it in JSON, under its key
    /// (`"winner": "Alice"`, `"result": 3`).
    #[serde(flatten)]
    output: OneField,
    /// The solver's exact answer, as its `Display` writes it.
    value: String,
}

/// One field of a JSON object, its key chosen at run time.
struct OneField(&'static str, serde_json::Value);

impl serde::Serialize for OneField {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry(self.0, &self.1)?;
        map.end()
    }
}

/// `solve --json`'s document: the rules, the solver, and per case (1-based) its line of
/// the text output, its output in the game's answer type (`winner` for `Alice`/`Bob`/
/// `Draw`, else [`ContestAnswer::JSON_KEY`]) and the solver's exact answer (`value`),
/// then the whole text output. A game whose output is not one line per case (none of
/// ours) gets `"answer": null` per case; its lines are still in `output`.
fn json_document<'a, G: Contest>(
    rules: &G::Rules,
    variant: G::Variant,
    values: &[G::Answer],
    outputs: &[G::Output],
    output: &'a str,
) -> Document<'a> {
    let lines: Vec<&str> = output.lines().collect();
    let per_case = lines.len() == values.len();
    let cases = values
        .iter()
        .zip(outputs)
        .enumerate()
        .map(|(i, (value, out))| CaseAnswer {
            case: i + 1,
            answer: per_case.then(|| lines[i]),
            output: OneField(<G::Output as ContestAnswer>::JSON_KEY, out.to_json()),
            value: value.to_string(),
        })
        .collect();
    Document {
        game: G::NAME,
        rules: rules.to_string(),
        flags: G::flags(rules),
        solver: variant.name(),
        cases,
        output,
    }
}
