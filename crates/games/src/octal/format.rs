//! The octal contest format (`docs/rules.md`, "Octal", "Contest input"; `gamecheck rules
//! octal`).
//!
//! Input: whitespace-separated integers (a case may span lines): `T`, then per case `h`
//! and the heaps `a_1 … a_h` (`1 ≤ h`, `1 ≤ a_i ≤ 10^18`). `T ≤ 100,000` and at most
//! 1,000,000 heaps in the whole input. Output: `Alice` or `Bob`, one line per case.

use super::{Position, MAX_HEAP};
use gamecheck::error::ParseError;
use gamecheck::input::{parse_u64, parse_u64_at_most, read_count, shorten, Scanner};

/// The most cases in one input.
pub const MAX_T: u64 = 100_000;

/// The most heaps in one whole input.
pub const MAX_TOTAL_HEAPS: u64 = 1_000_000;

/// The word for a case in error messages.
const CASE: &str = "case";

/// Reads a whole contest input.
///
/// # Errors
/// A located [`ParseError`] (line, column, case, what was expected): `T` missing, not a
/// non-negative integer or above 100,000; `h = 0`; more than 1,000,000 heaps in all (at
/// the `h` that passes the limit); a heap 0 or above 10^18; a token that is not an
/// integer; input that ends inside a case or before the `T`-th (at the end of input);
/// anything after the `T`-th case.
pub fn read(input: &str) -> Result<Vec<Position>, ParseError> {
    let mut sc = Scanner::new(input);
    let start = sc.peek_token().map(|t| t.location);
    let t = read_count(&mut sc, "the number of cases")?;
    if t > MAX_T {
        return Err(ParseError::new(
            start.unwrap_or(sc.location()),
            None,
            format!("T = {t} cases, more than the limit of {MAX_T}"),
        ));
    }
    let mut positions = Vec::with_capacity(t as usize);
    let mut total = 0u64;
    for i in 1..=t {
        let case = Some((CASE, i));
        let Some(tok) = sc.next_token() else {
            return Err(ParseError::new(
                sc.location(),
                case,
                format!("expected T = {t} cases, found only {}", i - 1),
            ));
        };
        let h = parse_u64(tok, "h, the number of heaps", case)?;
        if h == 0 {
            return Err(ParseError::new(
                tok.location,
                case,
                "h = 0: a case needs at least one heap (h ≥ 1)",
            ));
        }
        total = total.saturating_add(h);
        if total > MAX_TOTAL_HEAPS {
            return Err(ParseError::new(
                tok.location,
                case,
                format!(
                    "h = {h} brings the input to {total} heaps, more than the limit of {MAX_TOTAL_HEAPS}"
                ),
            ));
        }
        let mut heaps = Vec::with_capacity(h as usize);
        for k in 0..h {
            let Some(tok) = sc.next_token() else {
                return Err(ParseError::new(
                    sc.location(),
                    case,
                    format!("the input ends inside the case: expected {h} heaps, found {k}"),
                ));
            };
            let a = parse_u64_at_most(tok, "a heap size", case, || "10^18".into())?;
            if !(1..=MAX_HEAP).contains(&a) {
                return Err(ParseError::new(
                    tok.location,
                    case,
                    format!("a heap of {a} tokens: expected 1..=10^18"),
                ));
            }
            heaps.push(a);
        }
        positions.push(Position::new(heaps).expect("checked above"));
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

/// A whole contest input in the canonical layout: `T` alone on the first line, one case
/// a line (`h a_1 … a_h`).
pub fn write(positions: &[Position]) -> String {
    let mut s = format!("{}\n", positions.len());
    for p in positions {
        s.push_str(&format!("{} {p}\n", p.heaps().len()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(input: &str) -> (usize, usize, Option<u64>) {
        let e = read(input).unwrap_err();
        (e.location.line, e.location.column, e.case.map(|c| c.1))
    }

    #[test]
    fn reads_and_writes_the_canonical_layout() {
        let ps = read("2\n1 3\n2\n4 1000000000000000000\n").unwrap();
        assert_eq!(ps[0].heaps(), [3]);
        assert_eq!(ps[1].heaps(), [4, MAX_HEAP]);
        assert_eq!(write(&ps), "2\n1 3\n2 4 1000000000000000000\n");
        assert_eq!(read("0").unwrap(), vec![]);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(at(""), (1, 1, None));
        assert_eq!(at("-1"), (1, 1, None));
        assert_eq!(at("100001"), (1, 1, None));
        assert_eq!(at("1\n0\n"), (2, 1, Some(1)));
        assert_eq!(at("1\n2 3 0\n"), (2, 5, Some(1)));
        assert_eq!(at("1\n1 1000000000000000001\n"), (2, 3, Some(1)));
        assert_eq!(at("1\n2 3\n"), (3, 1, Some(1)));
        assert_eq!(at("2\n1 3\n"), (3, 1, Some(2)));
        assert_eq!(at("1\n1 3\n4\n"), (3, 1, None));
        assert_eq!(at("1\n1 x\n"), (2, 3, Some(1)));
        assert_eq!(at("2\n1 1\n1000000 1\n"), (3, 1, Some(2)));
        // past u64::MAX a heap is told the statement's limit, as a smaller one past it
        assert!(read("1\n1 99999999999999999999")
            .unwrap_err()
            .message
            .contains("too large (the limit is 10^18)"));
    }

    /// The limits are inclusive: `T = 100,000` cases and 1,000,000 heaps in all are
    /// read; one more is refused at its `T` or at the `h` that passes the limit.
    #[test]
    fn the_limits_are_inclusive() {
        let cases = |t: u64| format!("{t}\n{}", "1 1\n".repeat(t as usize));
        assert_eq!(read(&cases(MAX_T)).unwrap().len(), MAX_T as usize);
        assert_eq!(at(&cases(MAX_T + 1)), (1, 1, None));
        let heaps = |h: u64| format!("2\n1 1\n{}{}\n", h, " 1".repeat(h as usize));
        let ps = read(&heaps(MAX_TOTAL_HEAPS - 1)).unwrap();
        assert_eq!(ps[1].heaps().len() as u64, MAX_TOTAL_HEAPS - 1);
        assert_eq!(at(&heaps(MAX_TOTAL_HEAPS)), (3, 1, Some(2)));
    }
}
