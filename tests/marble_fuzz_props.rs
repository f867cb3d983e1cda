//! The fuzz targets' properties, driven on stable by `cargo test` over seeded random
//! bytes and over the committed seed corpora (`fuzz/corpus/`).

use gamecheck::marble::props::{
    movegen_matches_naive_bytes, parse_never_panics_bytes, solvers_agree_bytes,
};
use rand::{Rng, SeedableRng};

fn random_inputs(seed: u64, count: usize, max_len: usize) -> Vec<Vec<u8>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let len = rng.random_range(0..=max_len);
            (0..len).map(|_| rng.random::<u8>()).collect()
        })
        .collect()
}

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = format!("fuzz/corpus/{target}");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{dir} is empty");
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn run(
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

#[test]
fn marble_movegen_matches_naive() {
    run(
        "marble_movegen_matches_naive",
        movegen_matches_naive_bytes,
        1,
        3000,
        16,
    );
}

#[test]
fn marble_solvers_agree() {
    run("marble_solvers_agree", solvers_agree_bytes, 2, 400, 16);
}

#[test]
fn marble_parse_never_panics() {
    run(
        "marble_parse_never_panics",
        parse_never_panics_bytes,
        3,
        3000,
        64,
    );
    // text-like bytes, which reach deeper into the reader than uniform bytes do
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let alphabet = b"*. \n\t0123-x";
    for _ in 0..3000 {
        let len = rng.random_range(0..80);
        let mut input = vec![rng.random_range(0..5u8)];
        input.extend((0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]));
        parse_never_panics_bytes(&input).unwrap();
    }
}
