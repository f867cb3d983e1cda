//! Octal properties driven by the fuzz targets (`fuzz/fuzz_targets/octal_*.rs`) and by
//! `cargo test` on stable (`tests/octal_fuzz_props.rs`), over the same bytes.

use super::{format, OctalGame, Position};
use gamecheck::error::ParseError;
use gamecheck::harness::laws;

/// Fuzz entry of `octal_movegen_matches_naive`: a code and heaps from `data` (the game's
/// one generator), the oracle's text-walked moves against the moves from the code's
/// options ([`laws::movegen_agrees_bytes`]).
///
/// # Errors
/// The first difference, with the case.
pub fn movegen_matches_naive_bytes(data: &[u8]) -> Result<(), String> {
    laws::movegen_agrees_bytes::<OctalGame>(data)
}

/// Fuzz entry of `octal_solvers_agree`: [`laws::solvers_agree_bytes`] for octal.
///
/// # Errors
/// The answers when they differ.
pub fn solvers_agree_bytes(data: &[u8]) -> Result<(), String> {
    laws::solvers_agree_bytes::<OctalGame>(data)
}

/// Fuzz entry of `octal_parse_never_panics`: the bytes as an input (UTF-8 checked as the
/// CLI does), read by the contest reader, checked by [`read_law`].
///
/// # Errors
/// A round trip that changes the cases, or an error located outside the text.
pub fn parse_never_panics_bytes(data: &[u8]) -> Result<(), String> {
    let Ok(text) = gamecheck::input::decode(data) else {
        return Ok(());
    };
    read_law(text, format::read, format::write)
}

/// The reader's law on one text, for any reader and writer (so a test can hand it wrong
/// ones): a text that reads writes back and reads again to the same cases; an error
/// is located inside the text (line 1 up to one past the last line, column ≥ 1; `\r`
/// counts as a line end).
///
/// # Errors
/// A round trip that changes the cases, or an error located outside the text.
pub fn read_law(
    text: &str,
    read: impl Fn(&str) -> Result<Vec<Position>, ParseError>,
    write: impl Fn(&[Position]) -> String,
) -> Result<(), String> {
    match read(text) {
        Ok(cases) => {
            let again = read(&write(&cases))
                .map_err(|e| format!("our own output does not read back: {e}"))?;
            if again != cases {
                return Err("the input reads back differently after writing".into());
            }
            Ok(())
        }
        Err(e) => {
            let lines = text.split('\n').count() + text.matches('\r').count();
            if e.location.line == 0 || e.location.column == 0 || e.location.line > lines + 1 {
                return Err(format!("error located outside the text: {e}"));
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck::error::Location;

    fn error_at(line: usize, column: usize) -> ParseError {
        ParseError::new(Location { line, column }, None, "planted")
    }

    /// The law fails on a planted writer that drops a case or writes what does not
    /// read, and on planted errors located before the text or past its end (the text
    /// `"1\n2"` has 2 lines: line 3 is the end of input, line 4 is outside), and holds
    /// for the real reader and writer.
    #[test]
    fn the_read_law_fails_on_planted_readers_and_writers() {
        let text = "2\n1 3\n2 4 5\n";
        assert_eq!(read_law(text, format::read, format::write), Ok(()));
        let drops = |cases: &[Position]| format::write(&cases[1..]);
        let e = read_law(text, format::read, drops).unwrap_err();
        assert!(e.contains("reads back differently"), "{e}");
        let garbage = |_: &[Position]| "x".to_string();
        let e = read_law(text, format::read, garbage).unwrap_err();
        assert!(e.contains("does not read back"), "{e}");
        for (line, column, inside) in [
            (1, 1, true),
            (3, 1, true),
            (3, 9, true),
            (0, 1, false),
            (1, 0, false),
            (0, 0, false),
            (4, 1, false),
        ] {
            let planted = |_: &str| Err(error_at(line, column));
            let got = read_law("1\n2", planted, format::write);
            assert_eq!(got.is_ok(), inside, "line {line}, column {column}: {got:?}");
        }
        // a `\r` ends a line too: "1\r2\r3" counts 1 + 2 lines, so line 4 is the end of
        // input and line 5 is outside
        let planted = |_: &str| Err(error_at(4, 1));
        assert!(read_law("1\r2\r3", planted, format::write).is_ok());
        let planted = |_: &str| Err(error_at(5, 1));
        assert!(read_law("1\r2\r3", planted, format::write).is_err());
    }
}
