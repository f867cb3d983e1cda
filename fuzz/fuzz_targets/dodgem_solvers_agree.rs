#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<dodgem::Dodgem>`
//! for the example game with cycles (the table against the library's retrograde
//! analysis, remoteness included), also driven by `cargo test`
//! (examples/dodgem/tests/harness.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<dodgem::Dodgem>(data) {
        panic!("{e}");
    }
});
