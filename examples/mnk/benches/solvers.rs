//! Both solvers from the empty board (`cargo bench -p mnk`): the oracle's text rows
//! against the memoized search over bit sets, on tic-tac-toe (3,3,3), and the memoized
//! search alone on 4,4,4 (the oracle takes seconds there: 16 empty cells, its limit).

use criterion::{criterion_group, criterion_main, Criterion};
use gamecheck::Game;
use mnk::board::Board;
use mnk::{Mnk, Outcome, Rules, Variant};

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("mnk");
    group.sample_size(10);
    let runs = [
        (3, Variant::Naive, Outcome::Draw),
        (3, Variant::Memo, Outcome::Draw),
        (4, Variant::Memo, Outcome::Draw),
    ];
    for (side, variant, want) in runs {
        let rules = Rules {
            rows: side,
            cols: side,
            k: side,
        };
        let empty = Board::empty(side, side);
        group.bench_function(format!("{variant:?}/{rules}"), |b| {
            b.iter(|| {
                // a fresh solver each time: its memo starts empty
                let got = Mnk::solver(&rules, variant).solve(&empty).unwrap();
                assert_eq!(got, want);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
