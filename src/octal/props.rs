//! Octal properties driven by the fuzz targets (`fuzz/fuzz_targets/octal_*.rs`) and by
//! `cargo test` on stable (`tests/octal_fuzz_props.rs`), over the same bytes.

use super::{format, OctalGame};
use crate::harness::laws;

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
/// CLI does), read; a read input writes back and reads again to the same cases; an
/// error must carry a location inside the text.
///
/// # Errors
/// A round trip that changes the cases, or an error located past the end.
pub fn parse_never_panics_bytes(data: &[u8]) -> Result<(), String> {
    let Ok(text) = crate::input::decode(data) else {
        return Ok(());
    };
    match format::read(text) {
        Ok(cases) => {
            let again = format::read(&format::write(&cases))
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
