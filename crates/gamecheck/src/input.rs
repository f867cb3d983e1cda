//! A character scanner with line and column tracking, shared by the contest readers.

use crate::error::{Location, ParseError};

/// A whitespace-separated token and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's text (never empty, no whitespace).
    pub text: &'a str,
    /// Where its first character is.
    pub location: Location,
}

/// Reads a text one character or one token at a time, knowing the line and column
/// (1-based, in characters) of what comes next.
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Scanner {
            text,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    /// The location of the next character (or of the end of input): whitespace
    /// included, so after a token it is where that token ended (call
    /// [`Scanner::skip_whitespace`] first for where the next token starts, or take the
    /// location of [`Scanner::peek_token`]).
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    /// The next character and its location, consuming it; `None` at the end.
    pub fn next_char(&mut self) -> Option<(char, Location)> {
        let c = self.text[self.pos..].chars().next()?;
        let here = self.location();
        self.pos += c.len_utf8();
        // a line ends at LF, at CRLF (the LF ends it) and at a lone CR
        let lone_cr = c == '\r' && !self.text[self.pos..].starts_with('\n');
        if c == '\n' || lone_cr {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some((c, here))
    }

    /// Skips whitespace; returns whether anything but whitespace is left.
    pub fn skip_whitespace(&mut self) -> bool {
        while let Some(c) = self.text[self.pos..].chars().next() {
            if !c.is_whitespace() {
                return true;
            }
            self.next_char();
        }
        false
    }

    /// The next whitespace-separated token, or `None` when only whitespace is left.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        if !self.skip_whitespace() {
            return None;
        }
        let start = self.pos;
        let location = self.location();
        while let Some(c) = self.text[self.pos..].chars().next() {
            if c.is_whitespace() {
                break;
            }
            self.next_char();
        }
        Some(Token {
            text: &self.text[start..self.pos],
            location,
        })
    }

    /// The next token without consuming it.
    pub fn peek_token(&self) -> Option<Token<'a>> {
        self.clone().next_token()
    }
}

/// Reads `token` as a non-negative integer that fits in a `u64`.
///
/// # Errors
/// A [`ParseError`] at the token naming `what` was expected: for a sign, a non-digit, or
/// a number above `u64::MAX`.
pub fn parse_u64(
    token: Token<'_>,
    what: &str,
    case: Option<(&'static str, u64)>,
) -> Result<u64, ParseError> {
    parse_u64_at_most(token, what, case, || u64::MAX.to_string())
}

/// [`parse_u64`] for a number whose own limit (`limit()`, as the statement writes it:
/// `10^18`, `2N = 8`; built only for the error) is below `u64::MAX`: a number past
/// `u64::MAX` is told that limit, the same one the caller's range check names for a
/// smaller number past it. The caller still checks the limit itself.
///
/// # Errors
/// As [`parse_u64`], the too-large message naming `limit`.
pub fn parse_u64_at_most(
    token: Token<'_>,
    what: &str,
    case: Option<(&'static str, u64)>,
    limit: impl FnOnce() -> String,
) -> Result<u64, ParseError> {
    let err = |msg: String| Err(ParseError::new(token.location, case, msg));
    let t = token.text;
    if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
        return err(format!(
            "expected {what}, a non-negative integer, found `{t}`"
        ));
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return err(format!(
            "expected {what}, an integer, found `{}`",
            shorten(t)
        ));
    }
    t.parse::<u64>().or_else(|_| {
        err(format!(
            "{what} `{}` is too large (the limit is {})",
            shorten(t),
            limit()
        ))
    })
}

/// `text` cut to at most 20 characters for an error message, control characters shown
/// as `\u{1b}` escapes (an input's escape sequence must not reach the terminal raw).
pub fn shorten(text: &str) -> String {
    let shown = |c: char| -> String {
        // control characters, and the invisible format characters (a byte-order mark,
        // zero-width spaces and joiners, bidirectional marks, a soft hyphen)
        let invisible = matches!(
            c,
            '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
        );
        if c.is_control() || invisible {
            c.escape_unicode().to_string()
        } else {
            c.to_string()
        }
    };
    let head: String = text.chars().take(20).map(shown).collect();
    if text.chars().count() <= 20 {
        head
    } else {
        format!("{head}…")
    }
}

/// Reads the case count `T`, the first token of an input. `what` names the count in the
/// game's words without the `T`, which is added: `"the number of cases"` gives errors
/// such as "expected the number of cases T, an integer, found `x`".
///
/// # Errors
/// At the end of input (`T` missing) or at a token that is not a non-negative integer.
pub fn read_count(scanner: &mut Scanner<'_>, what: &str) -> Result<u64, ParseError> {
    match scanner.next_token() {
        None => Err(ParseError::new(
            scanner.location(),
            None,
            format!("expected {what} T, found the end of input"),
        )),
        Some(tok) => parse_u64(tok, &format!("{what} T"), None),
    }
}

/// The input as UTF-8 text, without a leading byte-order mark (U+FEFF, which some
/// Windows editors write and nobody sees; columns are then counted as the user sees them).
///
/// # Errors
/// A [`ParseError`] at the line and column of the first byte that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
        let mut sc = Scanner::new(good);
        while sc.next_char().is_some() {}
        ParseError::new(
            sc.location(),
            None,
            format!(
                "the input is not UTF-8 text (byte 0x{:02X})",
                bytes[e.valid_up_to()]
            ),
        )
    })?;
    Ok(text.strip_prefix('\u{FEFF}').unwrap_or(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortened_text_shows_control_characters_as_escapes() {
        assert_eq!(shorten("ab\u{1b}[2J\0"), "ab\\u{1b}[2J\\u{0}");
        assert_eq!(shorten(&"x".repeat(25)), format!("{}…", "x".repeat(20)));
        assert!(!shorten("\u{7}\u{1b}\u{9b}").chars().any(char::is_control));
        assert_eq!(shorten("\u{feff}1"), "\\u{feff}1");
        assert_eq!(shorten("a\u{200b}b\u{202e}"), "a\\u{200b}b\\u{202e}");
    }

    #[test]
    fn a_lone_cr_ends_a_line_and_crlf_ends_one_line() {
        let mut s = Scanner::new("1\rab\r\nc");
        assert_eq!(s.next_token().unwrap().location.line, 1);
        assert_eq!(s.next_token().unwrap().location.line, 2);
        let t = s.next_token().unwrap();
        assert_eq!((t.text, t.location.line, t.location.column), ("c", 3, 1));
    }

    /// A sign before digits is a negative number ("a non-negative integer" expected);
    /// a lone `-` is no number at all ("an integer" expected).
    #[test]
    fn a_negative_number_and_a_lone_minus_are_told_apart() {
        let tok = |text| Token {
            text,
            location: Location { line: 1, column: 1 },
        };
        let e = parse_u64(tok("-5"), "T", None).unwrap_err();
        assert_eq!(e.message, "expected T, a non-negative integer, found `-5`");
        let e = parse_u64(tok("-"), "T", None).unwrap_err();
        assert_eq!(e.message, "expected T, an integer, found `-`");
        assert_eq!(
            parse_u64(tok("18446744073709551615"), "T", None),
            Ok(u64::MAX)
        );
        let e = parse_u64(tok("18446744073709551616"), "T", None).unwrap_err();
        assert!(e.message.contains("too large"), "{e}");
    }

    #[test]
    fn tokens_carry_lines_and_columns() {
        let mut s = Scanner::new("  12\n\tab c\n");
        let t = s.next_token().unwrap();
        assert_eq!((t.text, t.location.line, t.location.column), ("12", 1, 3));
        let t = s.next_token().unwrap();
        assert_eq!((t.text, t.location.line, t.location.column), ("ab", 2, 2));
        let t = s.next_token().unwrap();
        assert_eq!((t.text, t.location.line, t.location.column), ("c", 2, 5));
        assert!(s.next_token().is_none());
        assert_eq!(s.location().line, 3);
    }

    #[test]
    fn bad_utf8_is_located() {
        let e = decode(b"2\n* \xff").unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 3));
        assert_eq!(decode(b"ok").unwrap(), "ok");
        assert_eq!(decode("\u{FEFF}2\n".as_bytes()).unwrap(), "2\n");
    }

    #[test]
    fn counts_reject_signs_words_and_overflow() {
        let tok = |t| Token {
            text: t,
            location: Location { line: 1, column: 1 },
        };
        assert_eq!(parse_u64(tok("42"), "T", None), Ok(42));
        assert!(parse_u64(tok("-3"), "T", None)
            .unwrap_err()
            .message
            .contains("non-negative"));
        assert!(parse_u64(tok("x1"), "T", None).is_err());
        assert!(parse_u64(tok("18446744073709551616"), "T", None)
            .unwrap_err()
            .message
            .contains("too large"));
        assert_eq!(
            parse_u64(tok("18446744073709551615"), "T", None),
            Ok(u64::MAX)
        );
    }
}
