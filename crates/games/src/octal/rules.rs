//! The rule set of an octal game: its code, and how many values of `g` the table solvers
//! may compute (`docs/rules.md`, "Octal games").

use super::code::Code;
use super::grundy::DEFAULT_TABLE;
use std::fmt;

/// A rule set: the code, and the table size of `grundy` and `periodic` (`g(0..table)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The octal code.
    pub code: Code,
    /// How many values of `g` `grundy` and `periodic` may compute (`--max-n`).
    pub table: usize,
}

impl Rules {
    /// The rules of `code` with the default table of 4,096 values.
    pub fn new(code: Code) -> Self {
        Rules {
            code,
            table: DEFAULT_TABLE,
        }
    }
}

impl fmt::Display for Rules {
    /// The code (`.07`), and the table size when it is not the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code)?;
        if self.table != DEFAULT_TABLE {
            write!(f, ", g(0..{})", self.table)?;
        }
        Ok(())
    }
}
