//! Both solvers on the full rectangles (`cargo bench -p chomp`).

use chomp::board::Board;
use chomp::{Chomp, Variant};
use criterion::{criterion_group, criterion_main, Criterion};
use gamecheck::game::Game;

fn solvers(c: &mut Criterion) {
    for (variant, side) in [(Variant::Naive, 6), (Variant::Memo, 6), (Variant::Memo, 9)] {
        let rules = chomp::Rules {
            width: side,
            height: side,
        };
        c.bench_function(&format!("chomp/{variant:?}/{side}x{side}"), |b| {
            b.iter(|| {
                Chomp::solver(&rules, variant)
                    .solve(&Board::full(side, side))
                    .unwrap()
            })
        });
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
