//! Both solvers on rows of coins (`cargo bench -p coins`): the oracle's 2^n against the
//! interval table's n².

use coins::row::Row;
use coins::{Coins, Rules, Variant};
use criterion::{criterion_group, criterion_main, Criterion};
use gamecheck::Game;

fn solvers(c: &mut Criterion) {
    for (variant, n) in [
        (Variant::Naive, 16),
        (Variant::Interval, 16),
        (Variant::Interval, 1000),
    ] {
        let row = Row((0..n).map(|i| (i * 7919 % 101) as u32).collect());
        let want = coins::interval::margin(&row.0);
        c.bench_function(&format!("coins/{variant:?}/{n}"), |b| {
            b.iter(|| {
                let got = Coins::solver(&Rules {}, variant).solve(&row).unwrap();
                assert_eq!(got, want);
            })
        });
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
