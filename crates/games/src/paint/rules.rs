//! Paint's rule set (`docs/rules.md`, "Paint"): there is one.

use std::fmt;

/// Paint has one rule set: the 2 × N strip under normal play (N is part of each case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules;

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("2 x N strip, normal play")
    }
}
