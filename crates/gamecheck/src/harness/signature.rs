//! The `signature:` line of `verify`: one SHA-256 over what the run proved that another
//! implementation can reproduce — the solved tables of the exhaustive marble rule sets
//! (each as its exported `GCTABLE1` file, [`crate::marble::export`]) and paint's proved
//! period with the values of `g` it rests on. Deterministic: the same bytes whatever the
//! seed, the thread count or the machine.

use crate::game::GameId;
use crate::marble::{export, game::exhaustive_rule_sets, table::Table};
use crate::paint::periodic::Periodic;
use sha2::{Digest, Sha256};

/// The bytes game `id` contributes to the signature (`None`: the game has no part).
pub fn part(id: GameId) -> Option<Vec<u8>> {
    match id {
        GameId::Marble => Some(
            exhaustive_rule_sets()
                .iter()
                .flat_map(|rules| export::file_bytes(&Table::build(rules)))
                .collect(),
        ),
        GameId::Paint => {
            let periodic = Periodic::new();
            let p = periodic.period();
            let values: Vec<String> = (0..=(p.proof_end + p.period) as u64)
                .map(|l| periodic.g(l).to_string())
                .collect();
            Some(
                format!(
                    "paint period {} pre-period {} g {}\n",
                    p.period,
                    p.pre_period,
                    values.join(" ")
                )
                .into_bytes(),
            )
        }
        GameId::Sevens | GameId::Octal => None,
    }
}

/// SHA-256 (lowercase hex) over the parts of `games`, in their order; `None` when none
/// of them has a part.
pub fn signature(games: &[GameId]) -> Option<String> {
    let parts: Vec<Vec<u8>> = games.iter().filter_map(|&g| part(g)).collect();
    if parts.is_empty() {
        return None;
    }
    let mut h = Sha256::new();
    for p in &parts {
        h.update(p);
    }
    Some(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}
