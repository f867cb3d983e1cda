//! The octal fuzz targets' properties, driven on stable by `cargo test` over seeded
//! random bytes and over the committed seed corpora (`fuzz/corpus/octal_*`).

use gamecheck_games::octal::props::{
    movegen_matches_naive_bytes, parse_never_panics_bytes, solvers_agree_bytes,
};
use rand::Rng as _;

mod common;
use common::drive;

#[test]
fn octal_movegen_matches_naive() {
    drive(
        "octal_movegen_matches_naive",
        movegen_matches_naive_bytes,
        21,
        2000,
        24,
    );
}

#[test]
fn octal_solvers_agree() {
    drive("octal_solvers_agree", solvers_agree_bytes, 22, 400, 24);
}

#[test]
fn octal_parse_never_panics() {
    drive(
        "octal_parse_never_panics",
        parse_never_panics_bytes,
        23,
        3000,
        64,
    );
    // text-like bytes reach deeper into the reader than uniform bytes do
    let mut rng = gamecheck::rng::from_seed(24);
    let alphabet = b"0123 \n\t-x9";
    for _ in 0..5000 {
        let len = rng.random_range(0..60);
        let mut input: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        if rng.random_bool(0.3) {
            input.extend_from_slice(b" 1000000000000000001");
        }
        parse_never_panics_bytes(&input).unwrap();
    }
}

#[test]
fn every_corpus_file_of_the_parser_is_read_or_rejected_with_a_location() {
    for (name, ok) in [
        ("contest_sample", true),
        ("one_line", true),
        ("huge_heap", true),
        ("h_zero", false),
        ("heap_zero", false),
        ("heap_above_1e18", false),
        ("short_last_case", false),
        ("data_after_t", false),
        ("t_missing", false),
        ("t_above_limit", false),
    ] {
        let text = std::fs::read_to_string(format!("fuzz/corpus/octal_parse_never_panics/{name}"))
            .unwrap();
        assert_eq!(
            gamecheck_games::octal::format::read(&text).is_ok(),
            ok,
            "{name}"
        );
    }
}
