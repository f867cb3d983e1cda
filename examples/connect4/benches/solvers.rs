//! Both solvers from the empty board (`cargo bench -p connect4`): the oracle's text rows
//! against the alpha-beta search over bitboards on 4 × 4, and the search alone on the
//! larger boards of John Tromp's table that it settles in well under a second, each
//! with its published value asserted (a fresh solver each time: its table starts empty).

use connect4::board::Board;
use connect4::game::PUBLISHED;
use connect4::{Connect4, Rules, Variant};
use criterion::{criterion_group, criterion_main, Criterion};
use gamecheck::Game;

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4");
    group.sample_size(10);
    let runs = [
        (Variant::Naive, 4, 4),
        (Variant::AlphaBeta, 4, 4),
        (Variant::AlphaBeta, 5, 4),
        (Variant::AlphaBeta, 6, 4),
        (Variant::AlphaBeta, 5, 5),
    ];
    for (variant, width, height) in runs {
        let rules = Rules { width, height };
        let want = PUBLISHED
            .iter()
            .find(|p| (p.0, p.1) == (width, height))
            .unwrap()
            .2;
        let empty = Board::empty(width, height);
        group.bench_function(format!("{variant:?}/{rules}"), |b| {
            b.iter(|| {
                let got = Connect4::solver(&rules, variant).solve(&empty).unwrap();
                assert_eq!(got, want);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
