//! The fuzz properties (`fuzz/fuzz_targets/sevens_*.rs`) driven by `cargo test`: random
//! bytes through `arbitrary::Unstructured`, and the committed seed corpora.

use gamecheck_games::sevens::props::{movegen_matches_naive_bytes, parse_never_panics_bytes};
use rand::Rng as _;

mod common;
use common::corpus;
use gamecheck::harness::props::random_inputs;

#[test]
fn sevens_movegen_matches_naive_on_random_bytes_and_the_corpus() {
    let mut inputs = corpus("sevens_movegen_matches_naive");
    assert!(!inputs.is_empty());
    inputs.extend(random_inputs(1, 5000, 24));
    for data in inputs {
        if let Err(e) = movegen_matches_naive_bytes(&data) {
            panic!("input {data:?}: {e}");
        }
    }
}

#[test]
fn sevens_parse_never_panics_on_random_bytes_and_the_corpus() {
    let mut inputs = corpus("sevens_parse_never_panics");
    assert!(!inputs.is_empty());
    inputs.extend(random_inputs(2, 3000, 64));
    // text-like inputs: card-ish tokens, digits, spaces and line breaks
    let alphabet = b"SHCDshcdATJQKXatjqk0123456789 \n\n-";
    let mut rng = gamecheck::rng::from_seed(3);
    for _ in 0..3000 {
        let len = rng.random_range(0..=120);
        let mut v = vec![rng.random::<u8>()];
        v.extend((0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]));
        inputs.push(v);
    }
    for data in inputs {
        if let Err(e) = parse_never_panics_bytes(&data) {
            panic!("input {:?}: {e}", String::from_utf8_lossy(&data));
        }
    }
}
