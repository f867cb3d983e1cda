//! Reproducible randomness: every random check starts from a printed seed.

use rand::SeedableRng;

/// The generator used everywhere a seed is given: ChaCha8, portable across platforms
/// and versions, so the same seed gives the same cases on every machine.
pub type Rng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
pub fn from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A seed from the clock, for runs where the user gave none (the seed is printed). It is
/// below 2^53, so JSON readers that hold numbers as doubles (jq, JavaScript) keep it
/// exact and a run can be repeated from `--json` output.
pub fn fresh_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64 finaliser, so seeds taken close together differ in every bit
    let mut z = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 11
}
