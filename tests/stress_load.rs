//! The CPU time limit does not depend on the machine's load: a correct program whose runs
//! take 0.9 s of CPU passes a 1.5 s limit while nproc + 2 busy loops run beside it (its
//! runs then take well over 1.5 s of wall-clock time, which a wall-clock limit would have
//! failed). The wall-clock limit is set loose here (30 s), so that the test holds on a
//! machine that is busy besides (on a quiet one the default, 5.5 s, is enough: about
//! 2.5 s a run). A test binary of its own, so that its busy loops slow no other test
//! down.

#[path = "common/mod.rs"]
mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[test]
fn a_correct_program_passes_its_cpu_limit_on_a_loaded_machine() {
    let stop = Arc::new(AtomicBool::new(false));
    let loops = std::thread::available_parallelism().map_or(2, |n| n.get()) + 2;
    let busy: Vec<_> = (0..loops)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_add(1));
                }
            })
        })
        .collect();
    let out = common::stress(
        "paint",
        &[
            "--seed",
            "3",
            "--rounds",
            "3",
            "--cases",
            "1",
            "--timeout",
            "1.5",
            "--wall-timeout",
            "30",
            "--json",
        ],
        "paint_slow.py",
        &["--burn-per-case", "0.9"],
    )
    .output()
    .unwrap();
    stop.store(true, Ordering::Relaxed);
    for b in busy {
        b.join().unwrap();
    }
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["verdict"], "ok", "{doc}");
    let (cpu, wall) = (
        doc["slowest_cpu_seconds"].as_f64().unwrap(),
        doc["slowest_wall_seconds"].as_f64().unwrap(),
    );
    assert!((0.9..1.5).contains(&cpu), "{doc}");
    // the load was real: a limit on wall-clock time would have failed the run
    assert!(wall > 1.5, "{doc}");
}
