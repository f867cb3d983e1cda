//! The side-6 prototype: builds and certifies the table of the standard 6-diamond rules
//! with only the last K cells of the square frame free (the others filled), and
//! extrapolates the rate to the full 2^36-position build.
//!
//! Run: `cargo run --release --example side6_rate -- 30` (K in 8..=34; 2^K bits of memory).

use gamecheck_games::marble::table::Table;
use gamecheck_games::marble::{LineSet, Play, Rules};
use std::time::Instant;

fn main() {
    let k: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|k| (8..=34).contains(k))
        .unwrap_or_else(|| {
            eprintln!("usage: side6_rate K   (K free cells, 8..=34)");
            std::process::exit(2)
        });
    let rules = Rules::new(6, None, LineSet::ALL, Play::Normal).expect("valid rules");
    let all = (1u64 << 36) - 1;
    let free = all & !((1u64 << (36 - k)) - 1);
    let full = (1u64 << 36) as f64;
    let t = Instant::now();
    let table = Table::build_masked(&rules, free);
    let built = t.elapsed().as_secs_f64();
    let t = Instant::now();
    table.certify().expect("the prototype table is consistent");
    let certified = t.elapsed().as_secs_f64();
    let rate = |s: f64| table.positions() as f64 / s;
    println!(
        "{k} free cells, {} positions ({} MiB): build {built:.2} s ({:.0} M positions/s), certificate {certified:.2} s ({:.0} M positions/s)",
        table.positions(),
        table.bytes() >> 20,
        rate(built) / 1e6,
        rate(certified) / 1e6
    );
    println!(
        "at these rates the full side-6 table (2^36 positions, 8 GiB) takes {:.0} s to build and {:.0} s to certify",
        full / rate(built),
        full / rate(certified)
    );
}
