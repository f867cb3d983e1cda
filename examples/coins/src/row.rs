//! The position: a row of coins, and its text format (the contest's: `n` and the `n`
//! values on a line).

use gamecheck::prelude::{Location, ParseError};

/// The most coins in a row of an input.
pub const MAX_COINS: usize = 1000;

/// The largest value of a coin.
pub const MAX_VALUE: u32 = 1_000_000;

/// A row of coins, left to right.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row(pub Vec<u32>);

/// Reads a contest input: `T`, then `T` lines of `n v_1 … v_n`.
///
/// # Errors
/// A [`ParseError`] at the line and column of the problem: a missing or bad `T`, a bad
/// `n` (above [`MAX_COINS`]) or value (above [`MAX_VALUE`]), a line with more or fewer
/// values than its `n`, too few lines, or text after the last row.
pub fn read(text: &str) -> Result<Vec<Row>, ParseError> {
    let err = |line: usize, column: usize, msg: String| {
        ParseError::new(Location { line, column }, None, msg)
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (first, t) = lines
        .next()
        .ok_or_else(|| err(1, 1, "expected the number of rows T".into()))?;
    let t: usize = t.trim().parse().map_err(|_| {
        err(
            first,
            1,
            format!("expected the number of rows T, found `{}`", t.trim()),
        )
    })?;
    let mut rows = Vec::with_capacity(t.min(1 << 16));
    let mut last = first;
    for case in 0..t {
        let (n, line) = lines.next().ok_or_else(|| {
            err(
                last + 1,
                1,
                format!("row {} is missing: expected {t} rows", case + 1),
            )
        })?;
        last = n;
        let mut words = line.split_whitespace();
        let count: usize = match words.next().map(str::parse) {
            Some(Ok(c)) if c <= MAX_COINS => c,
            _ => {
                return Err(err(
                    n,
                    1,
                    format!("expected the number of coins n, 0..={MAX_COINS}"),
                ))
            }
        };
        let values: Vec<u32> = words
            .map(|w| w.parse().ok().filter(|&v| v <= MAX_VALUE))
            .collect::<Option<_>>()
            .ok_or_else(|| err(n, 1, format!("a coin's value is 0..={MAX_VALUE}")))?;
        if values.len() != count {
            return Err(err(
                n,
                1,
                format!("expected {count} values after n, found {}", values.len()),
            ));
        }
        rows.push(Row(values));
    }
    if let Some((n, extra)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(err(
            n,
            1,
            format!("text after the last of the {t} rows: `{}`", extra.trim()),
        ));
    }
    Ok(rows)
}

/// Writes a contest input holding `rows`.
pub fn write(rows: &[Row]) -> String {
    let mut s = format!("{}\n", rows.len());
    for r in rows {
        s.push_str(&r.0.len().to_string());
        for v in &r.0 {
            s.push_str(&format!(" {v}"));
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_as_written_and_bad_ones_say_where() {
        let text = "3\n4 3 9 1 2\n3 1 5 1\n0\n";
        let rows = read(text).unwrap();
        assert_eq!(rows[0], Row(vec![3, 9, 1, 2]));
        assert_eq!(write(&rows), text);
        let line = |text: &str| read(text).unwrap_err().location.line;
        assert_eq!(line("2\n1 5\n"), 3);
        assert_eq!(line("1\n2 5\n"), 2);
        assert_eq!(line("1\n1 -5\n"), 2);
        assert_eq!(line("1\n1 5\n7\n"), 3);
        assert_eq!(line("x\n"), 1);
        assert_eq!(line("1\n1001\n"), 2);
        assert!(read("1\n1 1000001\n").is_err());
    }
}
