//! The verification report: one row per (game, rule set, solver), plus shrunk failures.

use serde::Serialize;
use std::io::{self, Write};

/// One line of the `verify` table.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Row {
    /// `marble`, `paint` or `sevens`.
    pub game: String,
    /// The rule set, as the game displays it (`n=4 k=3 lines=all normal`).
    pub rules: String,
    /// The fast solver compared with the oracle (or the check's name).
    pub solver: String,
    /// Positions (cases, deals) checked.
    pub checked: u64,
    /// Positions on which the solver disagreed with the oracle.
    pub mismatches: u64,
    /// Wall-clock seconds of the comparison, after the build.
    pub seconds: f64,
    /// An optional note (paint: the proved period; marble: the position set).
    pub detail: Option<String>,
}

/// Sums rows of the same solver (checked, mismatches, seconds) into one row per solver,
/// in order of first appearance; the other fields come from each solver's first row.
/// Used where many random rule sets are reported as one line per solver.
pub fn merge_by_solver(rows: impl IntoIterator<Item = Row>) -> Vec<Row> {
    let mut merged: Vec<Row> = Vec::new();
    for r in rows {
        match merged.iter_mut().find(|m| m.solver == r.solver) {
            Some(m) => {
                m.checked += r.checked;
                m.mismatches += r.mismatches;
                m.seconds += r.seconds;
            }
            None => merged.push(r),
        }
    }
    merged
}

/// The most characters of a detail note the text table shows (JSON keeps it whole).
const TABLE_DETAIL_CHARS: usize = 110;

fn shorten_detail(detail: &str) -> String {
    if detail.chars().count() <= TABLE_DETAIL_CHARS {
        detail.to_string()
    } else {
        let head: String = detail.chars().take(TABLE_DETAIL_CHARS - 1).collect();
        format!("{head}…")
    }
}

/// A shrunk mismatch, ready to paste into a regression test.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Failure {
    /// The game.
    pub game: String,
    /// The rule set.
    pub rules: String,
    /// The solver that disagreed with the oracle.
    pub solver: String,
    /// The shrunk case in the contest format (a complete input with T = 1).
    pub case: String,
    /// The oracle's answer.
    pub expected: String,
    /// The solver's answer.
    pub got: String,
    /// The oracle's best move: a winning move, or for a draw a move that keeps it.
    pub best_move: Option<String>,
}

/// The whole `verify` run.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Report {
    /// The seed of every random case in the run.
    pub seed: u64,
    /// True when no row has a mismatch and no failure was recorded.
    pub ok: bool,
    /// The table.
    pub rows: Vec<Row>,
    /// The shrunk mismatches.
    pub failures: Vec<Failure>,
}

impl Report {
    /// An empty report for `seed`.
    pub fn new(seed: u64) -> Self {
        Report {
            seed,
            ok: true,
            rows: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Adds a row (a row with mismatches makes the report fail).
    pub fn push_row(&mut self, row: Row) {
        if row.mismatches > 0 {
            self.ok = false;
        }
        self.rows.push(row);
    }

    /// Adds a shrunk failure (and makes the report fail).
    pub fn push_failure(&mut self, failure: Failure) {
        self.ok = false;
        self.failures.push(failure);
    }

    /// Prints the table: game, rules, solver, checked, mismatches, seconds, detail.
    pub fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        let headers = [
            "game",
            "rules",
            "solver",
            "checked",
            "mismatches",
            "seconds",
            "detail",
        ];
        let cells: Vec<[String; 7]> = self
            .rows
            .iter()
            .map(|r| {
                [
                    r.game.clone(),
                    r.rules.clone(),
                    r.solver.clone(),
                    r.checked.to_string(),
                    r.mismatches.to_string(),
                    format!("{:.3}", r.seconds),
                    shorten_detail(r.detail.as_deref().unwrap_or_default()),
                ]
            })
            .collect();
        let mut widths = headers.map(str::len);
        for row in &cells {
            for (w, c) in widths.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
        }
        let numeric = [false, false, false, true, true, true, false];
        let line = |out: &mut dyn Write, row: &[String]| -> io::Result<()> {
            let mut s = String::new();
            for (i, c) in row.iter().enumerate() {
                let pad = widths[i].saturating_sub(c.chars().count());
                if numeric[i] {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(c);
                } else {
                    s.push_str(c);
                    if i + 1 < row.len() {
                        s.push_str(&" ".repeat(pad));
                    }
                }
                if i + 1 < row.len() {
                    s.push_str("  ");
                }
            }
            writeln!(out, "{}", s.trim_end())
        };
        line(out, &headers.map(String::from))?;
        let total: usize = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
        writeln!(out, "{}", "-".repeat(total))?;
        for row in &cells {
            line(out, row)?;
        }
        let checked: u64 = self.rows.iter().map(|r| r.checked).sum();
        let mismatches: u64 = self.rows.iter().map(|r| r.mismatches).sum();
        writeln!(
            out,
            "\nseed {}: {} checks over {} rows, {} mismatches, {}",
            self.seed,
            checked,
            self.rows.len(),
            mismatches,
            if self.ok { "all agree" } else { "FAILED" }
        )
    }

    /// Prints each shrunk failure as a block ready to paste into a regression test.
    pub fn write_failures(&self, out: &mut impl Write) -> io::Result<()> {
        for f in &self.failures {
            writeln!(
                out,
                "MISMATCH {} [{}] solver `{}`: expected {}, got {}",
                f.game, f.rules, f.solver, f.expected, f.got
            )?;
            if let Some(m) = &f.best_move {
                writeln!(out, "oracle's best move: {m}")?;
            }
            writeln!(out, "shrunk case (contest format):\n{}", f.case.trim_end())?;
            writeln!(out)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(mismatches: u64) -> Row {
        Row {
            game: "marble".into(),
            rules: "n=4".into(),
            solver: "table".into(),
            checked: 65536,
            mismatches,
            seconds: 0.25,
            detail: None,
        }
    }

    #[test]
    fn rows_merge_by_solver() {
        let mut a = row(1);
        a.solver = "bitmask".into();
        let merged = merge_by_solver(vec![row(0), a.clone(), row(2), a]);
        assert_eq!(merged.len(), 2);
        assert_eq!(
            (
                merged[0].solver.as_str(),
                merged[0].checked,
                merged[0].mismatches
            ),
            ("table", 131072, 2)
        );
        assert_eq!(
            (merged[1].solver.as_str(), merged[1].mismatches),
            ("bitmask", 2)
        );
        assert!((merged[1].seconds - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_mismatch_fails_the_report_and_the_table_shows_it() {
        let mut r = Report::new(7);
        r.push_row(row(0));
        assert!(r.ok);
        r.push_row(row(3));
        assert!(!r.ok);
        let mut out = Vec::new();
        r.write_table(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("65536"));
        assert!(text.contains("FAILED"));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["ok"], false);
        assert_eq!(json["rows"][1]["mismatches"], 3);
        assert!(json["rows"][0]["detail"].is_null());
    }
}
