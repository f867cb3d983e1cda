//! Both solvers on the full rectangles (`cargo bench -p chomp`).

use chomp::{board::Board, Chomp, Rules, Variant};
use criterion::{criterion_group, criterion_main, Criterion};
use gamecheck::Game;

fn solvers(c: &mut Criterion) {
    for (variant, side) in [(Variant::Naive, 6), (Variant::Memo, 6), (Variant::Memo, 9)] {
        let (width, height) = (side, side);
        let (rules, board) = (Rules { width, height }, Board::full(side, side));
        c.bench_function(&format!("chomp/{variant:?}/{side}x{side}"), |b| {
            b.iter(|| Chomp::solver(&rules, variant).solve(&board))
        });
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
