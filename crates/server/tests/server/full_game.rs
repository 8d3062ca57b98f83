//! A complete game at a table of four seats, played to the end by
//! client-side computer players over HTTP and WebSocket; its final digest
//! equals the same game run in-process.

use crate::common;

use std::sync::{Arc, Mutex};

use b5_server::b5::B5Kind;
use b5_server::game::{GameKind, TableGame};
use common::{start, table_request, test_config, Client};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

/// One seat's client: follows the WebSocket, and when the seat has a
/// choice, picks a legal action at random and posts it. Records every
/// acknowledged action as (seq, seat, action).
async fn seat_client(
    client: Arc<Client>,
    id: String,
    seat: usize,
    token: String,
    log: Arc<Mutex<Vec<(u64, usize, Value)>>>,
) -> Vec<u64> {
    let mut rng = Pcg64Mcg::seed_from_u64(1000 + seat as u64);
    let (mut ws, welcome) = client.ws(&id, Some(&token), Some(0)).await;
    assert_eq!(welcome["seat"].as_u64(), Some(seat as u64));
    // The state before the first change.
    let st = client.state(&id, Some(&token)).await;
    assert_eq!(st.status, 200);
    let mut seq = st.body["seq"].as_u64().expect("seq");
    let mut legal: Vec<Value> = st.body["legal_actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut finished = st.body["finished"].as_bool().unwrap_or(false);
    let mut seen = Vec::new();
    while !finished {
        if !legal.is_empty() {
            let a = legal[rng.random_range(0..legal.len())].clone();
            let r = client.act(&id, &token, seq, &a).await;
            match r.status {
                200 => {
                    assert_eq!(r.body["seq"].as_u64(), Some(seq + 1));
                    log.lock().unwrap().push((seq, seat, a));
                }
                409 => {
                    // Another seat acted first (a simultaneous step): the
                    // next change brings the new state.
                    assert!(
                        r.body["error"].as_str().unwrap_or("").contains("stale"),
                        "{}",
                        r.raw
                    );
                }
                s => panic!("unexpected answer {s}: {}", r.raw),
            }
        }
        // Wait for the next change (ours or another seat's).
        let m = ws.next_change().await.expect("socket open");
        assert_eq!(m["type"], "change", "no gap expected: {m}");
        let s = m["seq"].as_u64().expect("seq");
        if let Some(&last) = seen.last() {
            assert_eq!(s, last + 1, "changes arrive in order, without gaps");
        }
        seen.push(s);
        seq = s;
        legal = m["legal_actions"].as_array().cloned().unwrap_or_default();
        finished = m["finished"].as_bool().unwrap_or(false);
        // A change in a catch-up (this socket fell behind a table that had
        // moved on) carries no view: only the last one says who acts now.
        let Some(to_act) = m["to_act"].as_array() else {
            assert!(m["to_act"].is_null() && m["legal_actions"].is_null(), "{m}");
            continue;
        };
        if !to_act.iter().any(|x| x.as_u64() == Some(seat as u64)) {
            assert!(legal.is_empty(), "legal actions only for a seat to act");
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_seat_game_over_the_protocol_matches_in_process() {
    let server = start(test_config("full")).await;
    let client = Arc::new(Client::new(server.addr));
    let seed = 4242;
    let decks = ["centauri", "narn", "minbari", "human"];
    let req = table_request(
        &decks.iter().map(|d| ("human", *d)).collect::<Vec<_>>(),
        seed,
        4,
    );
    let (id, inv) = client.create(&req).await;
    assert_eq!(inv.len(), 4);
    let tokens = client.join_all(&id, &inv).await;
    // A spectator follows the whole game too.
    let (mut spectator, welcome) = client.ws(&id, None, Some(0)).await;
    assert!(welcome["seat"].is_null());

    let log = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    for (seat, token) in tokens.clone() {
        tasks.push(tokio::spawn(seat_client(
            client.clone(),
            id.clone(),
            seat,
            token,
            log.clone(),
        )));
    }
    let mut seens = Vec::new();
    for t in tasks {
        seens.push(t.await.expect("seat client"));
    }
    let end = client.state(&id, Some(&tokens[0].1)).await;
    assert_eq!(end.body["finished"], true);
    let final_seq = end.body["seq"].as_u64().unwrap();
    assert!(
        final_seq > 20,
        "a real game was played ({final_seq} actions)"
    );
    // Every seat saw every change, in order.
    for seen in &seens {
        assert_eq!(seen.last().copied(), Some(final_seq));
    }
    // The spectator saw every change in order too.
    let mut last = 0;
    while last < final_seq {
        let m = spectator.next_change().await.expect("spectator stream");
        let s = m["seq"].as_u64().unwrap();
        assert_eq!(s, last + 1);
        last = s;
    }

    // The same game in-process: the same set-up and seed, the acknowledged
    // actions in their order.
    let mut log = log.lock().unwrap().clone();
    log.sort_by_key(|x| x.0);
    assert_eq!(
        log.len() as u64,
        final_seq,
        "every action acknowledged once"
    );
    for (i, (seq, _, _)) in log.iter().enumerate() {
        assert_eq!(*seq, i as u64);
    }
    let kind = B5Kind::open_set().unwrap();
    let prepared = kind
        .prepare(req["seats"].as_array().unwrap(), &req["options"])
        .unwrap();
    let mut g: Box<dyn TableGame> = kind.new_game(&prepared.setup, seed).unwrap();
    for (_, seat, a) in &log {
        g.apply(*seat, a).expect("the logged action replays");
    }
    assert!(g.finished());
    assert_eq!(
        end.body["digest"].as_str().unwrap(),
        format!("{:016x}", g.digest()),
        "the server's final digest equals the in-process game's"
    );
    assert_eq!(
        end.body["winners"],
        serde_json::to_value(g.winners()).unwrap()
    );
    server.stop().await.unwrap();
}
