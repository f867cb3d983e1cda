//! The fuzz targets' properties, driven on stable by `cargo test` over seeded random
//! bytes and over the committed seed corpora (`fuzz/corpus/`).

use gamecheck::harness::laws::solvers_agree_bytes;
use gamecheck_games::marble::props::{movegen_matches_naive_bytes, parse_never_panics_bytes};
use gamecheck_games::marble::MarbleGame;

use rand::Rng as _;

mod common;
use common::drive;

#[test]
fn marble_movegen_matches_naive() {
    drive(
        "marble_movegen_matches_naive",
        movegen_matches_naive_bytes,
        1,
        3000,
        16,
    );
}

#[test]
fn marble_solvers_agree() {
    drive(
        "marble_solvers_agree",
        solvers_agree_bytes::<MarbleGame>,
        2,
        400,
        16,
    );
}

#[test]
fn marble_parse_never_panics() {
    drive(
        "marble_parse_never_panics",
        parse_never_panics_bytes,
        3,
        3000,
        64,
    );
    // text-like bytes, which reach deeper into the reader than uniform bytes do
    let mut rng = gamecheck::rng::from_seed(4);
    let alphabet = b"*. \n\t0123-x";
    for _ in 0..3000 {
        let len = rng.random_range(0..80);
        let mut input = vec![rng.random_range(0..5u8)];
        input.extend((0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]));
        parse_never_panics_bytes(&input).unwrap();
    }
}
