//! Appends N actions to one table of a fresh SQLite store in DIR, one
//! after another (each its own commit), for counting the store's
//! instructions per action: `valgrind --tool=callgrind
//! target/release/examples/store_appends DIR 2000`.

use b5_server::sqlite::SqliteStore;
use b5_server::store::{LoggedAction, NewTable, Store, StoredSeat};
use serde_json::json;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("DIR"));
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let _ = std::fs::remove_dir_all(&dir);
    let store = SqliteStore::open(&dir).expect("a store");
    let seat = StoredSeat {
        player: "human".into(),
        label: "human".into(),
        invitation_hash: None,
        token_hash: None,
        name: None,
        away: false,
    };
    store
        .create_table(&NewTable {
            id: "t1".into(),
            game: "b5".into(),
            setup: json!({}),
            seed: 1,
            spectators: false,
            clock_ms: None,
            open_seats: false,
            bot_delay_ms: None,
            seats: vec![seat.clone(), seat],
        })
        .expect("a table");
    for seq in 0..n {
        let a = LoggedAction {
            seq,
            seat: (seq % 2) as usize,
            action: json!({ "do": "pass" }),
            undoes: None,
            digest: seq.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        };
        store.append_action("t1", &a, false).expect("appended");
    }
    println!("{n} actions appended");
}
