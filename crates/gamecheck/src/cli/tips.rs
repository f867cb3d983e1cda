//! Usage errors that say how to fix them: clap's own error, plus a tip for the mistakes
//! a new user makes most — a game given to `verify` as a word instead of `--game`, and
//! the program under test given to `stress` without `--` before it. Exit status 2, as
//! for every usage error.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Prints `error` with a tip when one applies, and exits (2 for an error; 0 for `--help`
/// and `--version`, which clap reports through the same path).
pub fn exit(mut error: clap::Error, args: &[std::ffi::OsString]) -> ! {
    let args: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(tip) = tip(&error, &args) {
        error.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    error.exit()
}

/// The tip for `error` on the command line `args` (without the program name), if any.
fn tip(error: &clap::Error, args: &[String]) -> Option<String> {
    let prog = super::name();
    let command = args.iter().find(|a| !a.starts_with('-'))?.as_str();
    let invalid = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        _ => None,
    };
    match (command, error.kind()) {
        ("verify", ErrorKind::UnknownArgument) => {
            let game = invalid?;
            (game == "all" || super::games::game(game).is_some()).then(|| {
                format!("to choose the game, use `--game {game}`: {prog} verify --game {game}")
            })
        }
        ("stress", ErrorKind::UnknownArgument) => {
            let word = invalid?;
            if word.starts_with('-') {
                return None;
            }
            // everything from the first stray word on is the program and its arguments
            // (after the command and the game, which a single-game binary's user leaves out)
            let at = 1 + args.get(1..)?.iter().position(|a| a == word)?;
            Some(format!(
                "put `--` before the program under test and its arguments: {prog} {} -- {}",
                args[..at].join(" "),
                args[at..].join(" ")
            ))
        }
        (_, ErrorKind::InvalidSubcommand) => {
            // a game this command does not know: name the ones it does
            let cli = super::command();
            let sub = cli.find_subcommand(command)?;
            let games: Vec<&str> = sub
                .get_subcommands()
                .map(|g| g.get_name())
                .filter(|&n| n != "help")
                .collect();
            (!games.is_empty()).then(|| {
                format!(
                    "`{prog} {command}` takes one of these games: {}",
                    games.join(", ")
                )
            })
        }
        ("stress", ErrorKind::MissingRequiredArgument) => {
            // only when what is missing is the program (not, say, the --memory-limit that
            // --memory-limit-kind needs)
            let missing = match error.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(v)) => v.join(" "),
                Some(ContextValue::String(v)) => v.clone(),
                _ => String::new(),
            };
            if !missing.contains("PROGRAM") {
                return None;
            }
            // the user's words up to a `--` they already typed, then the right shape
            let given: Vec<&str> = args
                .iter()
                .map(String::as_str)
                .take_while(|&a| a != "--")
                .collect();
            Some(format!(
                "give the program under test after `--`: {prog} {} -- PROGRAM [ARGS]…",
                given.join(" ")
            ))
        }
        _ => None,
    }
}
