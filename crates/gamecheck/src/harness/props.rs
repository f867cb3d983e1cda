//! Property checks shared by every game's `props` module.

use crate::error::ParseError;

/// The contract of a contest reader on arbitrary bytes: bytes that are not UTF-8 are out
/// of scope (the CLI rejects them with a located error before the reader runs); text
/// gives cases or a located error — never a panic — and cases that were read survive a
/// write/read round trip unchanged.
///
/// # Errors
/// An error without a location or message, a failed round trip, or the first complaint
/// of `check` about the cases read.
pub fn reader_contract<T: PartialEq>(
    bytes: &[u8],
    read: impl Fn(&str) -> Result<Vec<T>, ParseError>,
    write: impl Fn(&[T]) -> String,
    check: impl Fn(&[T]) -> Result<(), String>,
) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    match read(text) {
        Ok(cases) => {
            let again = read(&write(&cases)).map_err(|e| format!("write then read: {e}"))?;
            if again != cases {
                return Err("write then read changed the cases".into());
            }
            check(&cases)
        }
        Err(e) if e.location.line == 0 || e.location.column == 0 || e.message.is_empty() => {
            Err(format!("an error without a location or message: {e:?}"))
        }
        Err(_) => Ok(()),
    }
}

/// `count` byte strings of 0..=`max_len` bytes from `seed`: the inputs with which
/// `cargo test` drives a fuzz target's property on stable Rust.
pub fn random_inputs(seed: u64, count: usize, max_len: usize) -> Vec<Vec<u8>> {
    use rand::Rng as _;
    let mut rng = crate::rng::from_seed(seed);
    (0..count)
        .map(|_| {
            let len = rng.random_range(0..=max_len);
            (0..len).map(|_| rng.random::<u8>()).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Location;

    fn read(text: &str) -> Result<Vec<u32>, ParseError> {
        text.split_whitespace()
            .map(|t| {
                t.parse()
                    .map_err(|_| ParseError::new(Location { line: 1, column: 1 }, None, "a number"))
            })
            .collect()
    }

    #[test]
    fn a_lossy_writer_breaks_the_contract() {
        let write_all = |c: &[u32]| c.iter().map(|x| format!("{x} ")).collect::<String>();
        let write_lossy = |c: &[u32]| {
            c.iter()
                .skip(1)
                .map(|x| format!("{x} "))
                .collect::<String>()
        };
        let ok = |_: &[u32]| Ok(());
        assert!(reader_contract(b"1 2 3", read, write_all, ok).is_ok());
        assert!(reader_contract(b"1 x", read, write_all, ok).is_ok());
        assert!(reader_contract(b"\xff", read, write_all, ok).is_ok());
        assert!(reader_contract(b"1 2 3", read, write_lossy, ok).is_err());
        let unlocated = |_: &str| -> Result<Vec<u32>, ParseError> {
            Err(ParseError::new(Location { line: 0, column: 0 }, None, "x"))
        };
        assert!(reader_contract(b"1", unlocated, write_all, ok).is_err());
    }

    #[test]
    fn random_inputs_repeat_with_the_seed() {
        assert_eq!(random_inputs(5, 10, 8), random_inputs(5, 10, 8));
        assert!(random_inputs(5, 50, 8).iter().all(|v| v.len() <= 8));
    }
}
