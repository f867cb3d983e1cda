#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<mnk::Mnk>`
//! for the m,n,k-game (draws, answers naming fixed players), also driven by `cargo test`
//! (examples/mnk/tests/harness.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<mnk::Mnk>(data) {
        panic!("{e}");
    }
});
