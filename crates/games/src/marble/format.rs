//! The marble contest format (`docs/rules.md`, "Marble", "Contest input"; `gamecheck rules marble`).
//!
//! Input: `T`, the first whitespace-separated token, then `T` positions of n² symbols
//! `*` or `.` each, read as a stream: spaces, line breaks and blank lines anywhere
//! between symbols carry no meaning. Output: one `Alice`/`Bob` line per position.

use super::geometry::diamond_row_len;
use super::Position;
use gamecheck::error::ParseError;
use gamecheck::input::{read_count, shorten, Scanner};

/// Reads a contest input of positions of side `side`.
///
/// # Errors
/// A located [`ParseError`]: `T` missing or not a non-negative integer; a character
/// other than `*`, `.` and whitespace; input that ends inside a position or before the
/// `T`-th; anything left after the `T`-th position.
pub fn read(input: &str, side: usize) -> Result<Vec<Position>, ParseError> {
    let mut sc = Scanner::new(input);
    let t = read_count(&mut sc, "the number of positions")?;
    let cells = side * side;
    let mut positions = Vec::with_capacity(t.min(4096) as usize);
    for p in 1..=t {
        let case = Some(("position", p));
        let mut marbles = 0u64;
        let mut i = 0;
        while i < cells {
            match sc.next_char() {
                None => {
                    let message = if i == 0 {
                        format!("expected T = {t} positions, found only {}", p - 1)
                    } else {
                        format!(
                            "the input ends inside the position: expected {cells} symbols \
                             (`*` or `.`) for side {side}, found {i}"
                        )
                    };
                    return Err(ParseError::new(sc.location(), case, message));
                }
                Some((c, _)) if c.is_whitespace() => {}
                Some(('*', _)) => {
                    marbles |= 1 << i;
                    i += 1;
                }
                Some(('.', _)) => i += 1,
                Some((c, at)) => {
                    return Err(ParseError::new(
                        at,
                        case,
                        format!("expected `*` or `.`, found {}", describe_char(c)),
                    ))
                }
            }
        }
        positions.push(Position::new(side, marbles));
    }
    if let Some(tok) = sc.next_token() {
        return Err(ParseError::new(
            tok.location,
            None,
            format!(
                "unexpected `{}` after the last position (T = {t}): expected the end of input",
                shorten(tok.text)
            ),
        ));
    }
    Ok(positions)
}

fn describe_char(c: char) -> String {
    if c.is_control() {
        format!("the control character U+{:04X}", c as u32)
    } else {
        format!("`{c}`")
    }
}

/// One position in the canonical layout: one diamond row per line, symbols separated by
/// single spaces, each line ended by `\n`.
pub fn write_position(position: &Position) -> String {
    let side = position.side();
    let mut s = String::new();
    let mut i = 0;
    for k in 0..2 * side - 1 {
        let row: Vec<&str> = (0..diamond_row_len(side, k))
            .map(|_| {
                let c = if position.has_marble(i) { "*" } else { "." };
                i += 1;
                c
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// A whole contest input in the canonical layout: `T` alone on the first line, then the
/// positions with one blank line between them.
pub fn write(positions: &[Position]) -> String {
    let mut s = format!("{}\n", positions.len());
    for (i, p) in positions.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&write_position(p));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_symbols_as_a_stream() {
        let ps = read("2 ****************................", 4).unwrap();
        assert_eq!(ps, vec![Position::new(4, 0xFFFF), Position::new(4, 0)]);
        let ps = read("1\n* *\n*.\n", 2).unwrap();
        assert_eq!(ps, vec![Position::new(2, 0b0111)]);
    }

    #[test]
    fn writes_the_canonical_layout() {
        let p = Position::new(2, 0b0110);
        assert_eq!(write(&[p, p]), "2\n.\n* *\n.\n\n.\n* *\n.\n");
        assert_eq!(read(&write(&[p, p]), 2).unwrap(), vec![p, p]);
    }

    #[test]
    fn errors_are_located() {
        let e = read("1\n* * x", 2).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 5));
        assert_eq!(e.case, Some(("position", 1)));
        let e = read("1\n* *\n* *\n*", 2).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (4, 1));
        assert!(e.message.contains("after the last position"));
        let e = read("", 2).unwrap_err();
        assert!(e.message.contains("found the end of input"));
    }
}
