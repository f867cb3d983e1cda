//! Marble rule sets: side, run length, line families, normal or misère play
//! (`docs/rules.md`, "Marble").

use gamecheck::error::RuleError;
use std::fmt;
use std::str::FromStr;

/// One of the four line families of the diamond, named as drawn (the pictures of `docs/rules.md`, "The four line families").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// A diamond row: the square's anti-diagonal `(r+1, c−1)`.
    Horizontal,
    /// The square's main diagonal `(r+1, c+1)`.
    Vertical,
    /// 45° (`/`): a square column `(r+1, c)`.
    Rising,
    /// 135° (`\`): a square row `(r, c+1)`.
    Falling,
}

impl Line {
    /// The four families, in the order of the `--lines` documentation.
    pub const ALL: [Line; 4] = [
        Line::Horizontal,
        Line::Vertical,
        Line::Rising,
        Line::Falling,
    ];

    /// The family's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Line::Horizontal => "horizontal",
            Line::Vertical => "vertical",
            Line::Rising => "rising",
            Line::Falling => "falling",
        }
    }

    /// Index 0..4 in [`Line::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Line::Horizontal => 0,
            Line::Vertical => 1,
            Line::Rising => 2,
            Line::Falling => 3,
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Line {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Line::ALL
            .into_iter()
            .find(|l| l.name() == s.trim())
            .ok_or_else(|| {
                RuleError(format!(
                    "unknown line family `{}` (expected horizontal, vertical, rising, falling, or all for the four)",
                    s.trim()
                ))
            })
    }
}

/// A non-empty set of line families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineSet(u8);

impl LineSet {
    /// All four families (the standard rules).
    pub const ALL: LineSet = LineSet(0b1111);

    /// The set of the given families.
    ///
    /// # Errors
    /// When `lines` is empty: a rule set needs at least one family.
    pub fn new(lines: &[Line]) -> Result<Self, RuleError> {
        let bits = lines.iter().fold(0u8, |b, l| b | 1 << l.index());
        LineSet::from_bits(bits)
    }

    /// The set whose bit `i` stands for `Line::ALL[i]`.
    ///
    /// # Errors
    /// When no bit of 0..4 is set.
    pub fn from_bits(bits: u8) -> Result<Self, RuleError> {
        if bits & 0b1111 == 0 {
            Err(RuleError("the set of line families is empty".into()))
        } else {
            Ok(LineSet(bits & 0b1111))
        }
    }

    /// The bits (bit `i` for `Line::ALL[i]`).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Whether `line` is in the set.
    pub fn contains(self, line: Line) -> bool {
        self.0 & (1 << line.index()) != 0
    }

    /// The families in the set, in [`Line::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Line> {
        Line::ALL.into_iter().filter(move |l| self.contains(*l))
    }
}

impl fmt::Display for LineSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == LineSet::ALL {
            return f.write_str("all");
        }
        let names: Vec<&str> = self.iter().map(Line::name).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for LineSet {
    type Err = RuleError;
    /// A comma list of family names (`horizontal,falling`), where `all` stands for the
    /// four (so `all` alone, or inside a list, is the standard set); the set is their
    /// union, a name given twice counts once.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut lines = Vec::new();
        for part in s.split(',') {
            match part.trim() {
                "" => {
                    return Err(RuleError(format!(
                        "empty entry in the line list `{s}` (expected names separated by commas)"
                    )))
                }
                "all" => lines.extend(Line::ALL),
                name => lines.push(name.parse::<Line>()?),
            }
        }
        LineSet::new(&lines)
    }
}

/// Who wins when the board is full: normal play (the player who cannot move loses) or
/// misère play (the player who cannot move wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses (standard).
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// A marble rule set. Build it with [`Rules::new`]; the fields are checked there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    side: usize,
    run: usize,
    lines: LineSet,
    play: Play,
}

/// The largest side (a 6-diamond has 36 cells: 2^36 positions, a table of 8 GiB).
pub const MAX_SIDE: usize = 6;

/// The largest side whose `table` solver builds its table on the first query (2^25
/// bits, 4 MiB, about 0.1 s for side 5). The side-6 table (8 GiB) is built only on
/// request (`gamecheck table marble --side 6 --out FILE`) and loaded from its file.
pub const TABLE_MAX_SIDE: usize = 5;

impl Rules {
    /// A rule set: `side` n in 1..=5, `run` k in 1..=n (`None` for `min(3, n)`), a
    /// non-empty line set, and the end rule.
    ///
    /// # Errors
    /// A side outside 1..=6 or a run length outside 1..=side.
    pub fn new(
        side: usize,
        run: Option<usize>,
        lines: LineSet,
        play: Play,
    ) -> Result<Self, RuleError> {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(RuleError(format!("side {side} is outside 1..={MAX_SIDE}")));
        }
        let run = run.unwrap_or(side.min(3));
        if !(1..=side).contains(&run) {
            return Err(RuleError(format!(
                "run length {run} is outside 1..={side} (it cannot exceed the side)"
            )));
        }
        Ok(Rules {
            side,
            run,
            lines,
            play,
        })
    }

    /// The standard rules of the contest: n = 4, k = 3, all four families, normal play.
    pub fn standard() -> Self {
        Rules {
            side: 4,
            run: 3,
            lines: LineSet::ALL,
            play: Play::Normal,
        }
    }

    /// The side n of the diamond.
    pub fn side(&self) -> usize {
        self.side
    }
    /// The number of cells, n².
    pub fn cells(&self) -> usize {
        self.side * self.side
    }
    /// The run length k: the most marbles one move places.
    pub fn run(&self) -> usize {
        self.run
    }
    /// The allowed line families.
    pub fn lines(&self) -> LineSet {
        self.lines
    }
    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The command-line flags that select these rules (`--side 4 --run 3 …`).
    pub fn flags(&self) -> String {
        let mut s = format!(
            "--side {} --run {} --lines {}",
            self.side, self.run, self.lines
        );
        if self.play == Play::Misere {
            s.push_str(" --misere");
        }
        s
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} k={} lines={} {}",
            self.side,
            self.run,
            self.lines,
            match self.play {
                Play::Normal => "normal",
                Play::Misere => "misère",
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_run_is_min_of_three_and_side() {
        assert_eq!(
            Rules::new(2, None, LineSet::ALL, Play::Normal)
                .unwrap()
                .run(),
            2
        );
        assert_eq!(
            Rules::new(5, None, LineSet::ALL, Play::Normal)
                .unwrap()
                .run(),
            3
        );
        assert_eq!(
            Rules::new(4, None, LineSet::ALL, Play::Normal).unwrap(),
            Rules::standard()
        );
    }

    #[test]
    fn invalid_rules_are_errors() {
        assert!(Rules::new(0, None, LineSet::ALL, Play::Normal).is_err());
        assert!(Rules::new(7, None, LineSet::ALL, Play::Normal).is_err());
        assert!(Rules::new(6, None, LineSet::ALL, Play::Normal).is_ok());
        assert!(Rules::new(3, Some(0), LineSet::ALL, Play::Normal).is_err());
        assert!(Rules::new(3, Some(4), LineSet::ALL, Play::Normal).is_err());
        assert!("".parse::<LineSet>().is_err());
        assert!("horizontal,,falling".parse::<LineSet>().is_err());
        assert!("diagonal".parse::<LineSet>().is_err());
        assert_eq!(
            "falling,horizontal".parse::<LineSet>().unwrap().to_string(),
            "horizontal,falling"
        );
        assert_eq!("all".parse::<LineSet>().unwrap(), LineSet::ALL);
        assert_eq!(" all ".parse::<LineSet>().unwrap(), LineSet::ALL);
        assert_eq!(
            "all,horizontal".parse::<LineSet>().unwrap(),
            LineSet::ALL,
            "`all` inside a list is the four families"
        );
        assert_eq!(
            "rising,rising".parse::<LineSet>().unwrap().to_string(),
            "rising"
        );
        assert!("all,,rising".parse::<LineSet>().is_err());
    }
}
