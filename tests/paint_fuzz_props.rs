//! The paint fuzz targets' properties, driven on stable by `cargo test` over seeded
//! random bytes (through `arbitrary::Unstructured`) and over the committed seed corpora
//! (`fuzz/corpus/`).

use gamecheck::paint::props::{movegen_matches_naive_bytes, parse_never_panics_bytes};
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
fn paint_movegen_matches_naive() {
    run(
        "paint_movegen_matches_naive",
        movegen_matches_naive_bytes,
        11,
        2000,
        24,
    );
}

#[test]
fn paint_parse_never_panics() {
    run(
        "paint_parse_never_panics",
        parse_never_panics_bytes,
        12,
        3000,
        64,
    );
    // text-like bytes, which reach deeper into the reader than uniform bytes do
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let alphabet = b"0123 \n\t-x9";
    for _ in 0..5000 {
        let len = rng.random_range(0..60);
        let mut input: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        if rng.random_bool(0.3) {
            input.extend_from_slice(b" 18446744073709551615");
        }
        parse_never_panics_bytes(&input).unwrap();
    }
}

#[test]
fn every_corpus_file_of_the_parser_is_read_or_rejected_with_a_location() {
    // the committed corpus holds each bad-input case of the issue; all but the sample
    // and the valid huge-N and one-line inputs are errors
    for (name, ok) in [
        ("contest_sample", true),
        ("huge_n", true),
        ("one_line", true),
        ("m_above_2n", false),
        ("duplicate_cell", false),
        ("row_3", false),
        ("column_0", false),
        ("n_zero", false),
        ("short_last_case", false),
        ("data_after_t", false),
        ("t_missing", false),
        ("overflow", false),
    ] {
        let text = std::fs::read_to_string(format!("fuzz/corpus/paint_parse_never_panics/{name}"))
            .unwrap();
        assert_eq!(gamecheck::paint::format::read(&text).is_ok(), ok, "{name}");
    }
}
