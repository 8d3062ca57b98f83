//! Criterion: the server's work for 100 actions of a seeded five-player
//! table (apply, digest, log sentences, every seat's change message with
//! view patches; `b5_server::fanout`). Run with `cargo bench -p b5-server`.

use std::hint::black_box;

use b5_server::fanout::{five_player_table, greedy_actions, play};
use b5_server::ws::Viewing;
use criterion::{criterion_group, criterion_main, Criterion};

fn fanout(c: &mut Criterion) {
    let table = five_player_table(7);
    let actions = greedy_actions(&*table, 100);
    c.bench_function("100 actions to five seats, patched", |b| {
        b.iter(|| {
            let mut viewing: Vec<Viewing> = (0..5).map(|_| Viewing::new(true)).collect();
            black_box(play(&*table, &actions, &mut viewing))
        })
    });
}

criterion_group!(benches, fanout);
criterion_main!(benches);
