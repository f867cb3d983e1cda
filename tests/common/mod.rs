//! Shared by the `*_fuzz*` tests: a fuzz target's property driven on stable Rust over
//! its committed seed corpus and seeded random bytes.

#![allow(dead_code)]

use gamecheck::harness::props::random_inputs;

/// The files of `fuzz/corpus/<target>/`, in name order (panics when there are none).
pub fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = format!("{}/fuzz/corpus/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{dir} is empty");
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Runs `property` on the corpus of `target` and on `count` random inputs of at most
/// `max_len` bytes from `seed`; panics with the input on the first failure.
pub fn drive(
    target: &str,
    property: fn(&[u8]) -> Result<(), String>,
    seed: u64,
    count: usize,
    max_len: usize,
) {
    for input in corpus(target)
        .into_iter()
        .chain(random_inputs(seed, count, max_len))
    {
        if let Err(e) = property(&input) {
            panic!("{target} fails on {input:?}: {e}");
        }
    }
}
