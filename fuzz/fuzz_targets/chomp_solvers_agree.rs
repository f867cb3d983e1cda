#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<chomp::Chomp>`
//! for the example game, also driven by `cargo test` (examples/chomp/tests/harness.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<chomp::Chomp>(data) {
        panic!("{e}");
    }
});
