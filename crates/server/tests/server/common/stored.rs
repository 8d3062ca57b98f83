//! Real tables for the store's tests: a B5 CCG set-up and the first
//! actions of its game, with their digests.

use b5_server::b5::B5Kind;
use b5_server::game::GameKind;
use b5_server::store::{LoggedAction, NewTable, StoredSeat};

use super::table_request;

/// Two human seats (no computer player moves the table during a test).
pub fn seats() -> Vec<StoredSeat> {
    vec![
        StoredSeat {
            player: "human".into(),
            label: "Narn".into(),
            invitation_hash: Some([1; 32]),
            token_hash: None,
            name: None,
            away: false,
        },
        StoredSeat {
            player: "human".into(),
            label: "Minbari".into(),
            invitation_hash: None,
            token_hash: None,
            name: None,
            away: false,
        },
    ]
}

pub fn new_table(id: &str, seed: u64) -> NewTable {
    let kind = B5Kind::open_set().unwrap();
    let req = table_request(&[("human", "narn"), ("greedy", "minbari")], seed, 5);
    let prepared = kind
        .prepare(req["seats"].as_array().unwrap(), &req["options"])
        .unwrap();
    NewTable {
        id: id.into(),
        game: "b5ccg".into(),
        setup: prepared.setup,
        seed,
        spectators: true,
        clock_ms: None,
        open_seats: false,
        bot_delay_ms: None,
        seats: seats(),
    }
}

/// The first `n` actions of a game (each seat's first legal action), with
/// their digests.
pub fn actions(t: &NewTable, n: usize) -> Vec<LoggedAction> {
    let kind = B5Kind::open_set().unwrap();
    let mut g = kind.new_game(&t.setup, t.seed).unwrap();
    let mut out = Vec::new();
    for seq in 0..n as u64 {
        let seat = g.to_act()[0];
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, &a).unwrap();
        out.push(LoggedAction {
            seq,
            seat,
            action: a,
            undoes: None,
            digest: g.digest(),
        });
    }
    out
}
