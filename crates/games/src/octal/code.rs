//! The octal code `.d1d2…dt` of a rule set (`docs/rules.md`, "Octal"; Guy & Smith 1956,
//! *Winning Ways* ch. 4): digit `d_k` says what removing exactly `k` tokens from one heap
//! may leave — bit 1: nothing (the heap had exactly `k`); bit 2: one non-empty heap;
//! bit 4: two non-empty heaps (any split).

use std::fmt;
use std::str::FromStr;

/// The most digits after the point (after dropping trailing zeros).
pub const MAX_DIGITS: usize = 16;

/// What removing `k` tokens leaves, one bit of a digit each.
pub mod bits {
    /// The heap had exactly `k` tokens and is gone.
    pub const GONE: u8 = 1;
    /// One non-empty heap is left.
    pub const ONE: u8 = 2;
    /// Two non-empty heaps are left.
    pub const TWO: u8 = 4;
}

/// An octal code: digits `d_1 … d_t`, `t` ≥ 1, `d_t` ≠ 0, `t` ≤ [`MAX_DIGITS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code {
    digits: [u8; MAX_DIGITS],
    t: usize,
}

/// Why a text is not an octal code (the message names `--code`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--code `{text}`: {problem} (expected `.d1d2…` or `0.d1d2…`, octal digits 0-7, at most {MAX_DIGITS} after dropping trailing zeros, not all zero; e.g. `.77` Kayles, `.07` Dawson's Kayles)")]
pub struct CodeError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

impl Code {
    /// The code with digits `d_1 … d_t` (trailing zeros dropped).
    ///
    /// # Errors
    /// A digit above 7, every digit zero, or more than [`MAX_DIGITS`] digits left.
    pub fn from_digits(digits: &[u8]) -> Result<Code, CodeError> {
        let text: String = std::iter::once('.')
            .chain(digits.iter().map(|&d| char::from(b'0'.saturating_add(d))))
            .collect();
        let err = |problem: String| CodeError {
            text: text.clone(),
            problem,
        };
        if let Some(&d) = digits.iter().find(|&&d| d > 7) {
            return Err(err(format!("digit {d} is not an octal digit")));
        }
        let t = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        if t == 0 {
            return Err(err("every digit is zero: no move exists".into()));
        }
        if t > MAX_DIGITS {
            return Err(err(format!(
                "{t} digits after dropping trailing zeros, more than {MAX_DIGITS}"
            )));
        }
        let mut d = [0; MAX_DIGITS];
        d[..t].copy_from_slice(&digits[..t]);
        Ok(Code { digits: d, t })
    }

    /// `t`: the most tokens one move removes (the last non-zero digit's index).
    pub fn t(&self) -> usize {
        self.t
    }

    /// The digit `d_k` for `k` in `1..=t` (0 outside).
    pub fn digit(&self, k: usize) -> u8 {
        if (1..=self.t).contains(&k) {
            self.digits[k - 1]
        } else {
            0
        }
    }

    /// The digits `d_1 … d_t`.
    pub fn digits(&self) -> &[u8] {
        &self.digits[..self.t]
    }

    /// Whether some digit has bit 4 (a move may split a heap): `g` then costs O(n²).
    pub fn splits(&self) -> bool {
        self.digits().iter().any(|d| d & bits::TWO != 0)
    }
}

impl FromStr for Code {
    type Err = CodeError;

    /// Reads `.d1d2…` or `0.d1d2…` (any number of zeros before the point).
    fn from_str(s: &str) -> Result<Code, CodeError> {
        let err = |problem: &str| CodeError {
            text: s.to_string(),
            problem: problem.to_string(),
        };
        let Some((before, after)) = s.split_once('.') else {
            return Err(err("no point: an octal code starts with `.` or `0.`"));
        };
        match before {
            // `.77`, `0.77`, `00.77`: the number is below 1
            b if b.bytes().all(|c| c == b'0') => {}
            b if b.bytes().all(|c| c.is_ascii_digit()) => {
                return Err(err(
                    "a digit before the point (splitting without removing) is out of scope",
                ))
            }
            _ => return Err(err("only `0` may stand before the point")),
        }
        if after.is_empty() {
            return Err(err("no digits after the point"));
        }
        if let Some(c) = after.chars().find(|c| !c.is_ascii_digit()) {
            return Err(err(&format!("`{c}` is not an octal digit")));
        }
        let digits: Vec<u8> = after.bytes().map(|b| b - b'0').collect();
        Code::from_digits(&digits).map_err(|e| CodeError {
            text: s.to_string(),
            problem: e.problem,
        })
    }
}

impl fmt::Display for Code {
    /// `.d1d2…dt`, the form `--code` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(".")?;
        for d in self.digits() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_classic_codes() {
        let k: Code = ".77".parse().unwrap();
        assert_eq!((k.t(), k.digit(1), k.digit(2), k.digit(3)), (2, 7, 7, 0));
        assert_eq!("0.07".parse::<Code>().unwrap().to_string(), ".07");
        assert_eq!("00.07".parse::<Code>().unwrap().to_string(), ".07");
        assert_eq!(".1370000".parse::<Code>().unwrap().to_string(), ".137");
        assert!(".137".parse::<Code>().unwrap().splits());
        assert!(".4".parse::<Code>().unwrap().splits());
        assert!(!".33".parse::<Code>().unwrap().splits());
        assert_eq!(".7777777777777777".parse::<Code>().unwrap().t(), MAX_DIGITS);
        assert_eq!(
            ".77777777777777770000".parse::<Code>().unwrap().t(),
            MAX_DIGITS
        );
    }

    #[test]
    fn bad_codes_name_the_flag_and_the_problem() {
        for (bad, problem) in [
            ("77", "no point"),
            (".78", "digit 8 is not an octal digit"),
            (".9", "digit 9"),
            // digits before the point: another family (splitting without removing)
            (
                "4.7",
                "a digit before the point (splitting without removing)",
            ),
            (
                "12.7",
                "a digit before the point (splitting without removing)",
            ),
            ("x.7", "only `0`"),
            (".000", "every digit is zero"),
            (".", "no digits"),
            ("", "no point"),
            (".77777777777777771", "17 digits"),
            (".7-", "`-`"),
            (".7.7", "`.`"),
        ] {
            let e = bad.parse::<Code>().unwrap_err().to_string();
            assert!(e.starts_with(&format!("--code `{bad}`")), "{e}");
            assert!(e.contains(problem), "{bad}: {e}");
        }
    }
}
