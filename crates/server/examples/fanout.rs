//! The server's work for the first ACTIONS actions (default 300) of a
//! seeded five-player table, for `valgrind --tool=callgrind` (instruction
//! counts that do not depend on the machine's load):
//!
//! ```sh
//! cargo build --release -p b5-server --example fanout
//! valgrind --tool=callgrind target/release/examples/fanout 300
//! ```

use b5_server::fanout::{five_player_table, greedy_actions, play};
use b5_server::ws::Viewing;

fn main() {
    let count = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let table = five_player_table(7);
    let actions = greedy_actions(&*table, count);
    let mut viewing: Vec<Viewing> = (0..5).map(|_| Viewing::new(true)).collect();
    let bytes = play(&*table, &actions, &mut viewing);
    println!(
        "{} actions, {bytes} bytes of change messages",
        actions.len()
    );
}
