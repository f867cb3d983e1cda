#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<coins::Coins>`
//! for the example game scored by points, also driven by `cargo test`
//! (examples/coins/tests/harness.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<coins::Coins>(data) {
        panic!("{e}");
    }
});
