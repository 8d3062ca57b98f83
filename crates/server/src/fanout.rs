//! The server's work for one action, in-process and on one thread: what
//! `Table::submit` and every seat's WebSocket session do for each change
//! of a five-player table (copy the game, apply, digest, keep the log
//! sentences, then write each seat its `change` message, view patches
//! on). For benchmarks whose figures do not depend on the machine's load:
//! `cargo bench -p b5-server` times it, and `valgrind --tool=callgrind`
//! on `cargo run --release -p b5-server --example fanout` counts its
//! instructions (`docs/server.md`, "Load").

use std::sync::Arc;

use serde_json::{json, Value};

use crate::game::{GameEvents, TableGame, Viewer};
use crate::ws::{change_msg, Viewing};

/// A five-player Open Set table of greedy players, seeded.
pub fn five_player_table(seed: u64) -> Box<dyn TableGame> {
    let kinds = crate::default_kinds().expect("the Open Set loads");
    let seats: Vec<Value> = ["narn", "minbari", "centauri", "human", "non-aligned"]
        .iter()
        .map(|d| json!({ "player": "greedy", "deck": d }))
        .collect();
    let p = kinds[0]
        .prepare(&seats, &json!({}))
        .expect("the shipped decks are legal");
    kinds[0]
        .new_game(&p.setup, seed)
        .expect("a table of shipped decks starts")
}

/// The greedy players' next `count` actions from `game` on (fewer if the
/// game ends), as the clients would send them.
pub fn greedy_actions(game: &dyn TableGame, count: usize) -> Vec<(usize, Value)> {
    let mut g = game.clone_game();
    let mut out = Vec::with_capacity(count);
    for i in 0..count as u64 {
        let Some(&s) = g.to_act().first() else { break };
        if g.finished() {
            break;
        }
        let Some(a) = g.bot_action(s, "greedy", i) else {
            break;
        };
        if g.apply(s, &a).is_err() {
            break;
        }
        out.push((s, a));
    }
    out
}

/// Plays `actions` from `game` as a table does, writing every seat its
/// change message through `viewing` (one per seat); returns the bytes
/// written.
pub fn play(game: &dyn TableGame, actions: &[(usize, Value)], viewing: &mut [Viewing]) -> usize {
    let mut current: Arc<dyn TableGame> = Arc::from(game.clone_game());
    let mut bytes = 0;
    for (n, (seat, action)) in actions.iter().enumerate() {
        let mut next = current.clone_game();
        let Ok(events) = next.apply(*seat, action) else {
            break;
        };
        std::hint::black_box(next.digest());
        let events: Arc<dyn GameEvents> = Arc::from(events);
        let events = events.compact().unwrap_or(events);
        current = Arc::from(next);
        for (s, v) in viewing.iter_mut().enumerate() {
            let g = Some((&*current, Value::Null));
            bytes += change_msg(n as u64 + 1, &*events, g, Viewer::Seat(s), v).len();
        }
    }
    bytes
}
