//! The paint contest format (`docs/rules.md`, "Paint", "Contest input"; `gamecheck rules paint`).
//!
//! Input: whitespace-separated integers (line breaks carry no meaning): `T`, then per
//! case `N M` and `M` cells `x y` (row `x` in {1, 2}, column `y` in `1..=N`, no cell
//! twice). Limits of this project: `1 ≤ N ≤ u64::MAX`, `M ≤ 2N`, any `T ≥ 0`.
//! Output: `Case i: Alice` or `Case i: Bob`, one line per case.

use super::{Cell, Position};
use gamecheck::error::{Location, ParseError};
use gamecheck::input::{parse_u64, parse_u64_at_most, read_count, shorten, Scanner, Token};
use gamecheck::outcome::Winner;
use std::collections::HashMap;

/// The word for a case in error messages (`line 3, column 1 (case 2): …`).
const CASE: &str = "case";

/// Reads a whole contest input.
///
/// # Errors
/// A located [`ParseError`] (line, column, case, what was expected): `T` missing or not
/// a non-negative integer; a number that is not an integer or overflows `u64`; `N = 0`;
/// `M > 2N`; a row other than 1 or 2; a column 0 or above `N`; a cell listed twice (at
/// its second listing); input that ends inside a case or before the `T`-th (at the end
/// of input); anything after the `T`-th case. Since line breaks carry no meaning, a case
/// with fewer cells than `M` is seen only where the next case's numbers stop making
/// sense, or at the end of input.
pub fn read(input: &str) -> Result<Vec<Position>, ParseError> {
    let mut sc = Scanner::new(input);
    let t = read_count(&mut sc, "the number of cases")?;
    let mut positions = Vec::with_capacity(t.min(4096) as usize);
    for i in 1..=t {
        positions.push(read_case(&mut sc, i, t)?);
    }
    if let Some(tok) = sc.next_token() {
        return Err(ParseError::new(
            tok.location,
            None,
            format!(
                "unexpected `{}` after the last case (T = {t}): expected the end of input",
                shorten(tok.text)
            ),
        ));
    }
    Ok(positions)
}

fn read_case(sc: &mut Scanner<'_>, i: u64, t: u64) -> Result<Position, ParseError> {
    let case = Some((CASE, i));
    let end = |sc: &Scanner<'_>, message: String| ParseError::new(sc.location(), case, message);
    let Some(tok) = sc.next_token() else {
        return Err(end(
            sc,
            format!("expected T = {t} cases, found only {}", i - 1),
        ));
    };
    let n = parse_u64(tok, "N, the number of columns", case)?;
    if n == 0 {
        return Err(ParseError::new(
            tok.location,
            case,
            "N = 0: the strip needs at least one column (N ≥ 1)",
        ));
    }
    let Some(tok) = sc.next_token() else {
        return Err(end(
            sc,
            format!("the input ends inside the case: expected M, the number of painted cells, after N = {n}"),
        ));
    };
    let m = parse_u64_at_most(
        tok,
        "M, the number of painted cells",
        case,
        // past u64::MAX (N ≥ 2^63) no M can be read: the limit is then the reader's
        || match n.checked_mul(2) {
            Some(two_n) => format!("2N = {two_n}"),
            None => u64::MAX.to_string(),
        },
    )?;
    if u128::from(m) > 2 * u128::from(n) {
        return Err(ParseError::new(
            tok.location,
            case,
            format!(
                "M = {m} painted cells, but a 2 × {n} strip has only {} cells (M ≤ 2N)",
                2 * u128::from(n)
            ),
        ));
    }
    let mut seen: HashMap<Cell, Location> = HashMap::with_capacity(m.min(1 << 16) as usize);
    let mut painted = Vec::with_capacity(m.min(1 << 16) as usize);
    for k in 0..m {
        let short = |sc: &Scanner<'_>, what: &str| {
            end(
                sc,
                format!(
                    "the input ends inside the case: expected {m} painted cells, found {k}{what}"
                ),
            )
        };
        let Some(xt) = sc.next_token() else {
            return Err(short(sc, ""));
        };
        let row = read_row(xt, case)?;
        let Some(yt) = sc.next_token() else {
            return Err(short(sc, " and a row without its column"));
        };
        let col = parse_u64_at_most(yt, "the column y", case, || format!("N = {n}"))?;
        if col == 0 || col > n {
            return Err(ParseError::new(
                yt.location,
                case,
                format!("column {col} is outside the strip: expected 1..={n}"),
            ));
        }
        let cell = Cell::new(row, col);
        if let Some(first) = seen.insert(cell, xt.location) {
            return Err(ParseError::new(
                xt.location,
                case,
                format!("{cell} is listed twice (first at {first})"),
            ));
        }
        painted.push(cell);
    }
    Ok(Position::from_checked(n, painted))
}

fn read_row(tok: Token<'_>, case: Option<(&'static str, u64)>) -> Result<u8, ParseError> {
    match tok.text {
        "1" => Ok(1),
        "2" => Ok(2),
        other => Err(ParseError::new(
            tok.location,
            case,
            format!("expected the row x, 1 or 2, found `{}`", shorten(other)),
        )),
    }
}

/// A whole contest input in the canonical layout: `T` alone on the first line, `N M` on
/// a line, one `x y` per line (cells in the position's order).
pub fn write(positions: &[Position]) -> String {
    let mut s = format!("{}\n", positions.len());
    for p in positions {
        s.push_str(&format!("{} {}\n", p.n(), p.painted().len()));
        for c in p.painted() {
            s.push_str(&format!("{} {}\n", c.row, c.col));
        }
    }
    s
}

/// The contest output: `Case i: Alice` or `Case i: Bob`, one line per case (1-based).
pub fn write_answers(answers: &[Winner]) -> String {
    answers
        .iter()
        .enumerate()
        .map(|(i, a)| format!("Case {}: {a}\n", i + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> ParseError {
        read(input).unwrap_err()
    }

    fn at(e: &ParseError) -> (usize, usize, Option<u64>) {
        (e.location.line, e.location.column, e.case.map(|c| c.1))
    }

    #[test]
    fn reads_the_sample_and_writes_it_back() {
        let ps = read("2\n2 0\n2 2\n1 1\n2 2\n").unwrap();
        assert_eq!(ps[0], Position::empty(2).unwrap());
        assert_eq!(ps[1], Position::from_rows("#.", ".#").unwrap());
        assert_eq!(write(&ps), "2\n2 0\n2 2\n1 1\n2 2\n");
        assert_eq!(
            write_answers(&[Winner::Alice, Winner::Bob]),
            "Case 1: Alice\nCase 2: Bob\n"
        );
    }

    #[test]
    fn line_breaks_carry_no_meaning() {
        assert_eq!(
            read("1 3 2 1 1 2 3").unwrap(),
            read("1\n3 2\n1 1\n2 3\n").unwrap()
        );
        assert_eq!(read("0").unwrap(), vec![]);
        let big = read("1\n18446744073709551615 1\n2 18446744073709551615\n").unwrap();
        assert_eq!(big[0].n(), u64::MAX);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(at(&err("1\n3 7\n")), (2, 3, Some(1)));
        assert_eq!(at(&err("1\n3 1\n3 1\n")), (3, 1, Some(1)));
        assert_eq!(at(&err("1\n3 1\n1 4\n")), (3, 3, Some(1)));
        assert_eq!(at(&err("1\n3 1\n1 0\n")), (3, 3, Some(1)));
        assert_eq!(at(&err("1\n3 2\n1 2\n1 2\n")), (4, 1, Some(1)));
        assert!(err("1\n3 2\n1 2\n1 2\n")
            .message
            .contains("first at line 3"));
        assert_eq!(at(&err("2\n1 0\n0 0\n")), (3, 1, Some(2)));
        assert_eq!(at(&err("1\n3 2\n1 2\n")), (4, 1, Some(1)));
        assert_eq!(at(&err("1\n3 0\n5")), (3, 1, None));
        assert_eq!(at(&err("")), (1, 1, None));
        assert_eq!(at(&err("3\n1 0\n")), (3, 1, Some(2)));
        assert!(err("1\n18446744073709551616 0")
            .message
            .contains("too large"));
    }

    /// M may be any count up to every cell of the strip (2N) and no more: for each N up
    /// to 6 and each M up to 2N + 2, M distinct cells are read back, and a larger M is
    /// refused at its own token whatever cells follow it.
    #[test]
    fn m_ranges_over_every_cell_of_the_strip() {
        for n in 1..=6u64 {
            let cells: Vec<String> = (1..=n)
                .flat_map(|c| [format!("1 {c}"), format!("2 {c}")])
                .collect();
            for m in 0..=2 * n + 2 {
                let listed = cells.iter().cycle().take(m as usize);
                let input = format!(
                    "1\n{n} {m}\n{}\n",
                    listed.cloned().collect::<Vec<_>>().join("\n")
                );
                if m <= 2 * n {
                    let ps = read(&input).unwrap_or_else(|e| panic!("N = {n}, M = {m}: {e}"));
                    assert_eq!(ps[0].painted().len() as u64, m);
                } else {
                    let e = err(&input);
                    let column = n.to_string().len() + 2;
                    assert_eq!(at(&e), (2, column, Some(1)), "N = {n}, M = {m}");
                    let want = format!(
                        "M = {m} painted cells, but a 2 × {n} strip has only {} cells",
                        2 * n
                    );
                    assert!(e.message.contains(&want), "{e}");
                }
            }
        }
    }
}
