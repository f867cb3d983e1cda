//! Errors shared by every game: located input errors, invalid rule sets.

use std::fmt;

/// Where a problem is in a text input. Lines and columns are 1-based and count
/// characters (not bytes). The case being read, when the problem lies inside one, is
/// [`ParseError::case`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A contest input that cannot be read: where, in which case, and what was expected.
///
/// Displayed as `line L, column C (position 3): expected …, found …`; the word for a
/// case is the game's own (`position` for marble, `case` for paint, `deal` for sevens).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}{}: {message}", case_suffix(*.case))]
pub struct ParseError {
    /// Where the offending token starts (or where the input ended).
    pub location: Location,
    /// The case being read, with the game's word for it (`("position", 3)`).
    pub case: Option<(&'static str, u64)>,
    /// What was expected and what was found.
    pub message: String,
}

fn case_suffix(case: Option<(&'static str, u64)>) -> String {
    match case {
        Some((word, n)) => format!(" ({word} {n})"),
        None => String::new(),
    }
}

impl ParseError {
    /// An error at `location`, inside `case` when given.
    pub fn new(
        location: Location,
        case: Option<(&'static str, u64)>,
        message: impl Into<String>,
    ) -> Self {
        ParseError {
            location,
            case,
            message: message.into(),
        }
    }
}

/// A rule set that does not exist (a side, run length, deck shape or flag value outside
/// the ranges of `docs/rules.md`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid rules: {0}")]
pub struct RuleError(pub String);

/// What went wrong with a command of the command line, with the exit code it maps to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Bad input or usage (exit 2); the message is printed on stderr after `error: `.
    Usage(String),
    /// A failed check of our own (exit 1), e.g. our solvers disagree during `stress`, or
    /// a built table fails its certificate.
    Internal(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(msg) | Failure::Internal(msg) => f.write_str(msg),
        }
    }
}
