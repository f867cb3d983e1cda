//! Both solvers from the start (`cargo bench -p dodgem`): the table built for the whole
//! board, and the library's retrograde analysis over every position the start reaches,
//! in positions a second.

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
        group.throughput(Throughput::Elements(oracle.solved() as u64));
        group.sample_size(10);
        for variant in [Variant::Retrograde, Variant::Table] {
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
