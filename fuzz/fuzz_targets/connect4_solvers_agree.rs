#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<connect4::Connect4>`
//! for Connect Four (the bitboard alpha-beta solver against the oracle on text rows,
//! remoteness included), also driven by `cargo test` (examples/connect4/tests/harness.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<connect4::Connect4>(data) {
        panic!("{e}");
    }
});
