//! The paint fuzz targets' properties, driven on stable by `cargo test` over seeded
//! random bytes (through `arbitrary::Unstructured`) and over the committed seed corpora
//! (`fuzz/corpus/`).

use gamecheck_games::paint::props::{movegen_matches_naive_bytes, parse_never_panics_bytes};

use rand::Rng as _;

mod common;
use common::drive;

#[test]
fn paint_movegen_matches_naive() {
    drive(
        "paint_movegen_matches_naive",
        movegen_matches_naive_bytes,
        11,
        2000,
        24,
    );
}

#[test]
fn paint_parse_never_panics() {
    drive(
        "paint_parse_never_panics",
        parse_never_panics_bytes,
        12,
        3000,
        64,
    );
    // text-like bytes, which reach deeper into the reader than uniform bytes do
    let mut rng = gamecheck::rng::from_seed(13);
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
    // the committed corpus holds each bad input docs/rules.md names for paint; all but the sample
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
        assert_eq!(
            gamecheck_games::paint::format::read(&text).is_ok(),
            ok,
            "{name}"
        );
    }
}
