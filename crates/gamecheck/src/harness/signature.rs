//! The `signature:` line of `verify`: one SHA-256 over what the run proved that another
//! implementation can reproduce, each game's part given by [`crate::harness::Verify::signature_part`]
//! (for example solved tables as exported files, a proved period with the values of `g`
//! it rests on). Deterministic: the same bytes whatever the seed, the thread count or the
//! machine.

use sha2::{Digest, Sha256};

/// SHA-256 (lowercase hex) over `parts`, in their order; `None` when there are none.
pub fn signature(parts: &[Vec<u8>]) -> Option<String> {
    if parts.is_empty() {
        return None;
    }
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    Some(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}
