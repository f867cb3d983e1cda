#![no_main]
//! Fuzz target: the property `gamecheck::harness::laws::solvers_agree_bytes::<gamecheck_games::octal::OctalGame>`, also driven by
//! `cargo test` (tests/octal_fuzz_props.rs).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<gamecheck_games::octal::OctalGame>(data) {
        panic!("{e}");
    }
});
