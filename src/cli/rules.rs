//! `gamecheck rules [GAME]`: the rules of the games and their contest formats, printed
//! from `docs/rules.md` (embedded at build time, so the binary and the repository carry
//! one text). A game's section is its `## ` heading up to the next one; the games are
//! the first words of those headings, lower-cased.

use super::{print_all, Failure};
use std::process::ExitCode;
use std::sync::OnceLock;

/// The whole of `docs/rules.md`.
pub const RULES: &str = include_str!("../../docs/rules.md");

/// `gamecheck rules [GAME]`.
#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// The game whose rules to print (default: every game).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(games().iter().map(String::as_str)))]
    pub game: Option<String>,
}

/// The text before the first game's section (what every game shares), and each game's
/// section as (game name, text from its heading on).
fn split() -> (&'static str, Vec<(String, &'static str)>) {
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in RULES.split_inclusive('\n') {
        if line.starts_with("## ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    let preamble = &RULES[..starts.first().copied().unwrap_or(RULES.len())];
    let sections = starts
        .iter()
        .enumerate()
        .map(|(i, &start)| {
            let end = starts.get(i + 1).copied().unwrap_or(RULES.len());
            let text = &RULES[start..end];
            let name = text["## ".len()..]
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or_default()
                .to_lowercase();
            (name, text)
        })
        .collect();
    (preamble, sections)
}

/// The games that have a section, in the order of the text.
pub fn games() -> &'static [String] {
    static GAMES: OnceLock<Vec<String>> = OnceLock::new();
    GAMES.get_or_init(|| split().1.into_iter().map(|(name, _)| name).collect())
}

/// What `gamecheck rules GAME` prints: the shared introduction, then the game's section;
/// `None` for a game without a section.
pub fn rules_of(game: &str) -> Option<String> {
    let (preamble, sections) = split();
    let (_, text) = sections.into_iter().find(|(name, _)| name == game)?;
    Some(format!("{}{}", preamble, text.trim_end()) + "\n")
}

/// Runs `gamecheck rules`.
pub fn rules(args: &RulesArgs) -> Result<ExitCode, Failure> {
    match &args.game {
        None => print_all(RULES),
        Some(game) => {
            let text = rules_of(game).ok_or_else(|| {
                Failure::Usage(format!(
                    "no rules for `{game}`: the games are {}",
                    games().join(", ")
                ))
            })?;
            print_all(&text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_section() {
        assert_eq!(games(), ["marble", "paint", "sevens", "octal"]);
    }

    #[test]
    fn a_section_is_the_introduction_and_that_game_only() {
        let marble = rules_of("marble").unwrap();
        assert!(marble.starts_with("# The games\n"));
        assert!(marble.contains("## Marble"));
        assert!(!marble.contains("## Paint"));
        let sevens = rules_of("sevens").unwrap();
        assert!(sevens.contains("A T J Q K"));
        assert!(sevens.ends_with("Alice to move.\n"));
        assert!(rules_of("chess").is_none());
    }
}
