//! The verification report: one row per (game, rule set, solver), plus shrunk failures.

use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// One line of the `verify` table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
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
    /// The most entries the oracle's memo held while it answered this row's cases (before
    /// each clearing at [`Verify::ORACLE_MEMO_LIMIT`]); `None` for a named check or a
    /// symmetry row, and when the oracle does not report its memo
    /// ([`Solver::memo_entries`]). A merged row gives the largest of its suites'.
    ///
    /// [`Verify::ORACLE_MEMO_LIMIT`]: crate::harness::Verify::ORACLE_MEMO_LIMIT
    /// [`Solver::memo_entries`]: crate::solver::Solver::memo_entries
    pub oracle_memo_peak: Option<u64>,
}

/// Sums rows of the same solver (checked, mismatches, seconds) into one row per solver,
/// in order of first appearance; the other fields come from each solver's first row,
/// except the detail of a solver with mismatches: its first failing row's own detail,
/// after that row's rules (`n=5 k=2: …`), so a failing merged row shows its failure and
/// where it is. Used where many random rule sets are reported as one line per solver.
pub fn merge_by_solver(rows: impl IntoIterator<Item = Row>) -> Vec<Row> {
    let failure = |r: &Row| {
        Some(format!(
            "{}: {}",
            r.rules,
            r.detail.as_deref().unwrap_or("")
        ))
    };
    let mut merged: Vec<Row> = Vec::new();
    for r in rows {
        match merged.iter_mut().find(|m| m.solver == r.solver) {
            Some(m) => {
                if m.mismatches == 0 && r.mismatches > 0 {
                    m.detail = failure(&r);
                }
                m.checked += r.checked;
                m.mismatches += r.mismatches;
                m.seconds += r.seconds;
                m.oracle_memo_peak = m.oracle_memo_peak.max(r.oracle_memo_peak);
            }
            None if r.mismatches > 0 => merged.push(Row {
                detail: failure(&r),
                ..r
            }),
            None => merged.push(r),
        }
    }
    merged
}

/// The width of the text table by default (`verify --wide` lifts it).
pub const TABLE_WIDTH: usize = 120;

/// `text` broken at spaces into lines of at most `width` characters (a longer word is
/// cut where it must be).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(word.iter());
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line = word.into_iter().collect();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` with the wall-clock times the `verify` driver writes in a row's detail
/// blanked to `-`: a decimal number after `took ` (`oracle took 0.012 s`) or before
/// ` s wall` (`1.20 s wall in all`). Nothing else changes.
pub fn blank_wall_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let len = rest[start..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len() - start);
        let number = &rest[start..start + len];
        let before = &rest[..start];
        let after = &rest[start + len..];
        out.push_str(before);
        let timed =
            number.contains('.') && (out.ends_with("took ") || after.starts_with(" s wall"));
        out.push_str(if timed { "-" } else { number });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// A shrunk mismatch, ready to paste into a regression test.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
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
    /// For a symmetry failure (solver `NAME symmetry`): the position, in the contest
    /// format, whose image `case` is; `expected` is the solver's own answer there, `got`
    /// its answer to the image. `None` for a failure against the oracle.
    pub image_of: Option<String>,
    /// For a successor failure (solver `movegen`, the move lists agreeing): the move at
    /// `case` whose successors differ; `expected` is then the reference successor
    /// (`Game::apply`), `got` the fast one (`Game::fast_apply`), each in the contest
    /// format. `None` for every other failure.
    pub after_move: Option<String>,
}

/// The whole `verify` run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Report {
    /// The seed of every random case in the run.
    pub seed: u64,
    /// True when no row has a mismatch and no failure was recorded.
    pub ok: bool,
    /// The table.
    pub rows: Vec<Row>,
    /// The shrunk mismatches.
    pub failures: Vec<Failure>,
    /// SHA-256 over the exhaustive marble tables and paint's proved period and values
    /// of the games checked ([`super::signature`]); `None` when no game checked has a part.
    pub signature: Option<String>,
    /// The run's peak resident memory in bytes (`VmHWM` of `/proc/self/status` when the
    /// report is written; `None` off Linux, or without the `supervisor` feature, whose
    /// `/proc` reader it uses).
    pub peak_resident_bytes: Option<u64>,
}

impl Report {
    /// An empty report for `seed`.
    pub fn new(seed: u64) -> Self {
        Report {
            seed,
            ok: true,
            rows: Vec::new(),
            failures: Vec::new(),
            signature: None,
            peak_resident_bytes: None,
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

    /// Prints the table (game, rules, solver, checked, mismatches, seconds, detail) within
    /// [`TABLE_WIDTH`] columns: see [`Report::write_table_fitted`].
    pub fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        self.write_table_fitted(out, Some(TABLE_WIDTH))
    }

    /// Prints the table: game, rules, solver, checked, mismatches, seconds, detail, one
    /// line per row when that fits in `width` characters (or when `width` is `None`).
    /// Otherwise each row's detail goes on the lines under the row, indented to the
    /// rules column and wrapped at spaces to `width`; no detail is cut.
    ///
    /// A detail of several lines (a move-generator failure quotes its case in the contest
    /// format) keeps its lines without breaking the table: beside the numbers, its first
    /// line ends the row and the others follow under the detail column; under the row,
    /// each line is wrapped on its own. Blank lines are left out.
    pub fn write_table_fitted(&self, out: &mut impl Write, width: Option<usize>) -> io::Result<()> {
        self.write_table_with(out, width, true)
    }

    /// [`Report::write_table_fitted`] without wall-clock times: each row's seconds
    /// printed `-` and the times in its detail blanked ([`blank_wall_times`]), so that
    /// two runs of one plan print the same bytes whatever their machines (what `merge`
    /// prints for the shards of a `verify`).
    pub fn write_table_blanked(
        &self,
        out: &mut impl Write,
        width: Option<usize>,
    ) -> io::Result<()> {
        let mut blanked = self.clone();
        for r in &mut blanked.rows {
            r.detail = r.detail.as_deref().map(blank_wall_times);
        }
        blanked.write_table_with(out, width, false)
    }

    fn write_table_with(
        &self,
        out: &mut impl Write,
        width: Option<usize>,
        seconds: bool,
    ) -> io::Result<()> {
        let headers = [
            "game",
            "rules",
            "solver",
            "checked",
            "mismatches",
            "seconds",
            "detail",
        ];
        // each row's detail as its lines: the first in the row's cell, the rest after it
        let notes: Vec<Vec<&str>> = self
            .rows
            .iter()
            .map(|r| {
                let detail = r.detail.as_deref().unwrap_or("");
                detail
                    .lines()
                    .map(str::trim_end)
                    .filter(|l| !l.trim().is_empty())
                    .collect()
            })
            .collect();
        let cells: Vec<[String; 7]> = self
            .rows
            .iter()
            .zip(&notes)
            .map(|(r, note)| {
                [
                    r.game.clone(),
                    r.rules.clone(),
                    r.solver.clone(),
                    r.checked.to_string(),
                    r.mismatches.to_string(),
                    match seconds {
                        true => format!("{:.3}", r.seconds),
                        false => "-".to_string(),
                    },
                    note.first().copied().unwrap_or("").to_string(),
                ]
            })
            .collect();
        let mut widths = headers.map(str::len);
        for (row, note) in cells.iter().zip(&notes) {
            for (w, c) in widths.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
            for l in note.iter().skip(1) {
                widths[6] = widths[6].max(l.chars().count());
            }
        }
        let total = |columns: usize| widths[..columns].iter().sum::<usize>() + 2 * (columns - 1);
        // all seven columns on one line, or the detail under its row
        let columns = match width {
            Some(w) if total(7) > w => 6,
            _ => 7,
        };
        let numeric = [false, false, false, true, true, true, false];
        let line = |out: &mut dyn Write, row: &[String]| -> io::Result<()> {
            let mut s = String::new();
            for (i, c) in row.iter().enumerate().take(columns) {
                let pad = widths[i].saturating_sub(c.chars().count());
                if numeric[i] {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(c);
                } else {
                    s.push_str(c);
                    s.push_str(&" ".repeat(pad));
                }
                s.push_str("  ");
            }
            writeln!(out, "{}", s.trim_end())
        };
        let indent = widths[0] + 2;
        line(out, &headers.map(String::from))?;
        if columns == 6 {
            writeln!(out, "{}(detail)", " ".repeat(indent))?;
        }
        writeln!(out, "{}", "-".repeat(total(columns)))?;
        let detail_column = total(6) + 2;
        for (row, note) in cells.iter().zip(&notes) {
            line(out, row)?;
            if columns == 6 {
                let w = width.unwrap_or(usize::MAX).saturating_sub(indent);
                for part in note.iter().flat_map(|l| wrap(l, w)) {
                    writeln!(out, "{}{part}", " ".repeat(indent))?;
                }
            } else {
                for l in note.iter().skip(1) {
                    writeln!(out, "{}{l}", " ".repeat(detail_column))?;
                }
            }
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
            // a game with one rule set (paint) shows no empty brackets
            let rules = match f.rules.as_str() {
                "" => String::new(),
                r => format!(" [{r}]"),
            };
            if let Some(mv) = &f.after_move {
                writeln!(
                    out,
                    "MISMATCH {}{rules} solver `{}`: the successors of move {mv} differ\n\
                     apply (the reference) gives:\n{}\nfast_apply gives:\n{}",
                    f.game,
                    f.solver,
                    f.expected.trim_end(),
                    f.got.trim_end()
                )?;
                writeln!(
                    out,
                    "at the shrunk position (contest format):\n{}",
                    f.case.trim_end()
                )?;
                writeln!(out)?;
                continue;
            }
            writeln!(
                out,
                "MISMATCH {}{rules} solver `{}`: expected {}, got {}",
                f.game, f.solver, f.expected, f.got
            )?;
            if let Some(m) = &f.best_move {
                writeln!(out, "oracle's best move: {m}")?;
            }
            if let Some(p) = &f.image_of {
                writeln!(
                    out,
                    "an image (reflected, turned) of this position, answered {} by the same solver:\n{}",
                    f.expected,
                    p.trim_end()
                )?;
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
            oracle_memo_peak: None,
        }
    }

    /// A merged row's oracle memo peak is the largest of its rows' (a row without one
    /// leaves it as it is).
    #[test]
    fn merged_rows_keep_the_largest_oracle_memo_peak() {
        let peak = |p: Option<u64>| Row {
            oracle_memo_peak: p,
            ..row(0)
        };
        let merged = merge_by_solver(vec![
            peak(Some(7)),
            peak(None),
            peak(Some(40)),
            peak(Some(9)),
        ]);
        assert_eq!(merged[0].oracle_memo_peak, Some(40));
        assert_eq!(merge_by_solver(vec![peak(None)])[0].oracle_memo_peak, None);
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
    fn a_failure_header_names_its_rules_in_brackets_and_shows_none_when_empty() {
        let failure = |rules: &str| Failure {
            game: "paint".into(),
            rules: rules.into(),
            solver: "bitmask".into(),
            case: "1\n1 0\n".into(),
            expected: "Alice".into(),
            got: "Bob".into(),
            best_move: None,
            image_of: None,
            after_move: None,
        };
        let mut r = Report::new(7);
        r.push_failure(failure(""));
        r.push_failure(failure("n=4"));
        let mut out = Vec::new();
        r.write_failures(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("MISMATCH")).collect();
        assert_eq!(
            headers,
            [
                "MISMATCH paint solver `bitmask`: expected Alice, got Bob",
                "MISMATCH paint [n=4] solver `bitmask`: expected Alice, got Bob"
            ]
        );
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

    #[test]
    fn the_table_fits_its_width_and_wide_keeps_each_row_on_one_line() {
        let mut r = Report::new(7);
        let long = "period 12, pre-period 71; proved: g(n+12) = g(n) for 71 ≤ n ≤ 156 = \
                    2·n0+p+t (t = 2, g computed to 255) and a-very-long-word-without-spaces-\
                    that-must-be-cut-somewhere-because-it-is-longer-than-the-whole-width-of-\
                    the-table-itself-which-is-120";
        for i in 0..3 {
            let mut x = row(0);
            x.rules = format!("random N ≤ 12, ≤ 20 unpainted, seed {i} and more words");
            x.detail = Some(long.into());
            r.push_row(x);
        }
        r.push_row(row(0));
        let text = |width| {
            let mut out = Vec::new();
            r.write_table_fitted(&mut out, width).unwrap();
            String::from_utf8(out).unwrap()
        };
        let fitted = text(Some(TABLE_WIDTH));
        for l in fitted.lines() {
            assert!(l.chars().count() <= TABLE_WIDTH, "{l:?} is too wide");
        }
        // nothing of the detail is lost: its words, joined again, are the detail
        let words: String = fitted
            .lines()
            .filter(|l| l.starts_with("        "))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            words.contains("g(n+12) = g(n) for 71 ≤ n ≤ 156"),
            "{fitted}"
        );
        let wide = text(None);
        assert!(wide.lines().any(|l| l.contains(long)), "{wide}");
        assert_eq!(wide.lines().count(), 8); // header, rule, 4 rows, blank, summary
                                             // a table that fits is the same either way
        let mut small = Report::new(7);
        small.push_row(row(0));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        small.write_table_fitted(&mut a, Some(TABLE_WIDTH)).unwrap();
        small.write_table_fitted(&mut b, None).unwrap();
        assert_eq!(a, b);
    }

    /// A merged solver with mismatches shows its first failing row's detail, after that
    /// row's rules, not the note of its first (clean) row; a clean merged row keeps its
    /// first row's detail.
    #[test]
    fn a_failing_merged_row_shows_its_first_failing_rows_detail() {
        let with = |rules: &str, mismatches, detail: &str| Row {
            rules: rules.into(),
            detail: Some(detail.into()),
            ..row(mismatches)
        };
        let merged = merge_by_solver(vec![
            with("n=4", 0, "oracle took 0.000 s"),
            with("n=5", 2, "first mismatch at case 3"),
            with("n=6", 1, "first mismatch at case 9"),
        ]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].mismatches, 3);
        assert_eq!(
            merged[0].detail.as_deref(),
            Some("n=5: first mismatch at case 3")
        );
        let merged = merge_by_solver(vec![with("n=4", 1, "wrong"), with("n=5", 0, "fine")]);
        assert_eq!(merged[0].detail.as_deref(), Some("n=4: wrong"));
        let merged = merge_by_solver(vec![with("n=4", 0, "fine"), with("n=5", 0, "also")]);
        assert_eq!(merged[0].detail.as_deref(), Some("fine"));
    }

    /// A detail of several lines does not break the table: at any width every line is
    /// the header, the rule, a row, or indented under a row (the detail's further lines
    /// under the detail column when the row fits, each wrapped under the row when not);
    /// blank lines are left out and no word is lost.
    #[test]
    fn a_detail_of_several_lines_stays_under_its_row() {
        let mut r = Report::new(7);
        let mut x = row(1);
        x.detail = Some("the fast generator misses 3+4 under n=4, at\n1\n* * *\n\n.\n".into());
        r.push_row(x);
        r.push_row(row(0));
        for width in [Some(TABLE_WIDTH), Some(40), None] {
            let mut out = Vec::new();
            r.write_table_fitted(&mut out, width).unwrap();
            let text = String::from_utf8(out).unwrap();
            let (table, _) = text.split_once("\n\n").unwrap();
            let lines: Vec<&str> = table.lines().collect();
            for l in &lines[1..] {
                let inside =
                    l.starts_with("marble") || l.starts_with(' ') || l.chars().all(|c| c == '-');
                assert!(inside, "{width:?}: {l:?} outside the table:\n{text}");
            }
            let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
            assert!(words.ends_with(&["table", "65536", "0", "0.250"]), "{text}");
            let at = lines.iter().position(|l| l.ends_with(" at")).unwrap();
            let indent = match width {
                None | Some(TABLE_WIDTH) => lines[at].find("the fast").unwrap(),
                Some(_) => "marble  ".len(),
            };
            let under = |s: &str| format!("{}{s}", " ".repeat(indent));
            assert_eq!(
                lines[at + 1..at + 4],
                [under("1"), under("* * *"), under(".")],
                "{width:?}:\n{text}"
            );
        }
    }

    /// The driver's wall-clock times are blanked, and no other number: a count, a
    /// version, a time the driver did not write.
    #[test]
    fn wall_times_are_blanked_and_nothing_else() {
        assert_eq!(
            blank_wall_times("every position; oracle took 0.012 s"),
            "every position; oracle took - s"
        );
        assert_eq!(
            blank_wall_times(
                "12 suites, seconds summed; the oracle took 3.25 s; 1.20 s wall in all"
            ),
            "12 suites, seconds summed; the oracle took - s; - s wall in all"
        );
        for kept in [
            "period 12, pre-period 71",
            "v0.1.2 took 3 s",
            "2.5 s of CPU",
            "",
        ] {
            assert_eq!(blank_wall_times(kept), kept);
        }
        let mut r = Report::new(7);
        let mut x = row(0);
        x.detail = Some("random; reference `table` took 0.500 s".into());
        r.push_row(x);
        let mut out = Vec::new();
        r.write_table_blanked(&mut out, Some(TABLE_WIDTH)).unwrap();
        let text = String::from_utf8(out).unwrap();
        let line = text.lines().nth(2).unwrap();
        assert!(
            line.ends_with("65536           0        -  random; reference `table` took - s"),
            "{text}"
        );
        // the same report with its times, otherwise the same lines (the rule under the
        // header is as wide as the table, whose detail column is shorter blanked)
        let mut timed = Vec::new();
        r.write_table_fitted(&mut timed, Some(TABLE_WIDTH)).unwrap();
        let timed = String::from_utf8(timed).unwrap();
        let timed = timed.replace("  0.250", "      -").replace("0.500", "-");
        let words = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !l.starts_with("---"))
                .map(String::from)
                .collect()
        };
        assert_eq!(words(&timed), words(&text));
    }

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_only_long_words() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefg h", 3), ["abc", "def", "g h"]);
        assert_eq!(wrap("", 3), [""]);
    }
}
