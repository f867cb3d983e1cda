//! Both solvers from the start (`cargo bench -p dodgem --bench solvers`): the library's
//! retrograde analysis over every position the start reaches, and the table built for
//! every position of the board, each in positions a second (criterion's `elem/s`).
//!
//! Measured with `cargo bench -p dodgem --bench solvers -- --quick` on a 2-core machine
//! (two runs): the retrograde oracle solves the 2,055 positions 3 × 3 Dodgem reaches
//! from the start at 1.9 to 2.4 million a second (0.85 to 1.1 ms), and the 395,294 of
//! 4 × 4 at 0.61 to 0.71 million a second (0.56 to 0.64 s); the table, every position
//! of the board (2,846 and 555,986), at 4 to 5 and 1.1 to 1.4 million a second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dodgem::{board::Position, Dodgem, Rules, Variant};
use gamecheck::prelude::*;

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("dodgem");
    for (size, want) in dodgem::game::PUBLISHED {
        let (rules, start) = (Rules { size }, Position::start(size));
        // the positions the start reaches: what the oracle analyses
        let mut oracle = Retrograde::<Dodgem>::new(&rules);
        assert_eq!(oracle.solve(&start).map(|v| v.value), Ok(want));
        let reached = oracle.solved() as u64;
        // every position of the board: what the table solves
        let every = dodgem::game::every_position(size).len() as u64;
        group.sample_size(10);
        for (variant, positions) in [(Variant::Retrograde, reached), (Variant::Table, every)] {
            group.throughput(Throughput::Elements(positions));
            group.bench_function(format!("{variant:?}/{size}x{size}"), |b| {
                b.iter(|| {
                    let v = Dodgem::solver(&rules, variant).solve(&start).unwrap();
                    assert_eq!(v.value, want);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
