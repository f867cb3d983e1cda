//! `gamecheck rules [GAME]`: the rules of the games and their contest formats. Each game
//! gives its own section ([`CliGame::rules_text`](crate::command::CliGame::rules_text)); the
//! command line may put an introduction before them ([`Cli::rules_intro`](super::Cli::rules_intro)).

use super::games::games;
use super::print_all;
use crate::error::Failure;
use std::process::ExitCode;
use std::sync::RwLock;

/// The introduction in force (set by [`super::Cli::run`]).
static INTRO: RwLock<&'static str> = RwLock::new("");

/// Sets the introduction printed before the rules.
pub fn set_intro(text: &'static str) {
    *INTRO.write().unwrap_or_else(|e| e.into_inner()) = text;
}

fn intro() -> &'static str {
    *INTRO.read().unwrap_or_else(|e| e.into_inner())
}

/// `gamecheck rules [GAME]`.
#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// The game whose rules to print (default: every game).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(names()))]
    pub game: Option<String>,
}

/// The games that have rules, in the list's order.
pub fn names() -> Vec<&'static str> {
    games()
        .iter()
        .filter(|e| !(e.rules)().is_empty())
        .map(|e| e.name)
        .collect()
}

/// What `gamecheck rules GAME` prints: the introduction, then the game's section;
/// `None` for a game without rules.
pub fn rules_of(game: &str) -> Option<String> {
    let entry = games().into_iter().find(|e| e.name == game)?;
    let text = (entry.rules)();
    (!text.is_empty()).then(|| format!("{}{}", intro(), text.trim_end()) + "\n")
}

/// What `gamecheck rules` prints: the introduction and every game's section, in order.
pub fn all_rules() -> String {
    let mut text = intro().to_string();
    for e in games() {
        text.push_str((e.rules)());
    }
    text
}

/// Runs `gamecheck rules`.
pub fn rules(args: &RulesArgs) -> Result<ExitCode, Failure> {
    match &args.game {
        None => print_all(&all_rules()),
        Some(game) => {
            let text = rules_of(game).ok_or_else(|| {
                Failure::Usage(format!(
                    "no rules for `{game}`: the games are {}",
                    names().join(", ")
                ))
            })?;
            print_all(&text)
        }
    }
}
