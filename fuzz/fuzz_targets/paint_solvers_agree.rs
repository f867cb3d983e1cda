#![no_main]
//! Fuzz target: the generic property `gamecheck::harness::laws::solvers_agree_bytes` for
//! paint (every fast variant against the oracle on an instance drawn by the game's one
//! generator), also driven by `cargo test` (tests/game_laws.rs).
use gamecheck_games::paint::PaintGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gamecheck::harness::laws::solvers_agree_bytes::<PaintGame>(data) {
        panic!("{e}");
    }
});
