//! Criterion benchmarks of the engine's hot paths on a 4-player game in
//! mid-play (random players, ~300 actions in): `clone`, `legal_actions`
//! and `apply`. Run with `cargo bench -p b5`.
//!
//! The game uses the shipped decks of the Open Set; until there are any,
//! the practice cards and decks of the command-line tests stand in.

use std::hint::black_box;
use std::path::PathBuf;

use b5_cli::cardset::{read_deck, CardSet};
use b5_cli::cmd::bench::{mid_game, MID_GAME_ACTIONS};
use b5_engine::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn mid_game_state() -> Game {
    let builtin = CardSet::load(&[]).expect("the built-in Open Set loads");
    if !builtin.decks.is_empty() {
        let decks = builtin.decks.clone();
        return mid_game(&builtin, &decks, 4, 1, MID_GAME_ACTIONS).expect("a mid-game state");
    }
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let cards = CardSet::load(&[fixtures.join("cards")]).expect("the practice cards load");
    let decks: Vec<_> = ["narn", "centauri", "human", "minbari"]
        .iter()
        .map(|r| read_deck(&fixtures.join(format!("decks/{r}.deck"))).expect("a practice deck"))
        .collect();
    mid_game(&cards, &decks, 4, 1, MID_GAME_ACTIONS).expect("a mid-game state")
}

fn engine(c: &mut Criterion) {
    let game = mid_game_state();
    let p = *game.pending().first().expect("someone is pending");
    let legal = game.legal_actions(p);
    let action = legal[legal.len() / 2];

    c.bench_function("clone (4 players, mid-game)", |b| {
        b.iter(|| black_box(&game).clone())
    });
    c.bench_function("legal_actions (mid-game)", |b| {
        b.iter(|| black_box(&game).legal_actions(black_box(p)))
    });
    c.bench_function("apply (mid-game, clone excluded)", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                let ev = g.apply(p, action);
                black_box(ev.is_ok());
                g
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
