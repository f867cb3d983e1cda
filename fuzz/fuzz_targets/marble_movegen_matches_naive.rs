#![no_main]
//! Fuzz target: the property `gamecheck_games::marble::props::movegen_matches_naive_bytes`, also driven by
//! `cargo test` (tests/marble_fuzz_props.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck_games::marble::props::movegen_matches_naive_bytes(data) {
        panic!("{e}");
    }
});
