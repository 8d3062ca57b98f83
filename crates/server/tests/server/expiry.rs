//! Tables as an anonymous attacker would fill them (issue 22, item 2):
//! creating tables is rate-limited per address; a table nobody joins
//! expires, a table nobody plays at is abandoned; both end, are archived,
//! say why, and stay ended across a restart; a table whose time ran out
//! while the server was down ends at start.

use crate::common;

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use common::stored::StoreAt;
use common::*;
use serde_json::{json, Value};

crate::on_both_stores_async!(
    an_unjoined_table_expires_says_why_and_stays_ended_after_a_restart,
    a_full_server_of_unjoined_tables_frees_itself_even_across_a_restart,
    a_finished_table_leaves_memory_and_is_read_back_when_asked_for,
);

fn two_humans() -> Value {
    table_request(&[("human", "narn"), ("human", "minbari")], 3, 5)
}

async fn lobby_entry(c: &Client, id: &str) -> Value {
    let a = c.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    a.body
}

async fn wait_ended(c: &Client, id: &str) -> Value {
    for _ in 0..500 {
        let e = lobby_entry(c, id).await;
        if !e["ended"].is_null() {
            return e;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("table {id} did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_creates_a_burst_of_tables_then_waits() {
    let mut cfg = test_config("rate");
    cfg.tables_per_hour = 30;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let mut created = 0;
    let mut refused = Vec::new();
    for _ in 0..100 {
        let a = c.post("/api/tables", None, &two_humans()).await;
        match a.status {
            201 => created += 1,
            429 => refused.push(a),
            s => panic!("unexpected {s}: {}", a.raw),
        }
    }
    assert_eq!(created, 10, "a burst of 10");
    assert_eq!(refused.len(), 90);
    let a = &refused[0];
    assert!(
        a.body["error"]
            .as_str()
            .unwrap()
            .contains("30 tables an hour"),
        "{}",
        a.raw
    );
    assert_eq!(a.body["retry_after"], 120, "{}", a.raw);
    // Another address has its own allowance.
    let other = reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 9)))
        .build()
        .unwrap();
    let a = c
        .send(
            other
                .post(format!("{}/api/tables", c.base))
                .body(two_humans().to_string()),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.raw);
    server.stop().await.unwrap();
}

async fn an_unjoined_table_expires_says_why_and_stays_ended_after_a_restart(at: StoreAt) {
    let mut cfg = at.config("unjoined");
    cfg.unjoined_lifetime = Duration::from_millis(1500);
    let server = start(cfg.clone()).await;
    let c = Client::new(server.addr);
    let (lonely, inv) = c.create(&two_humans()).await;
    let (joined, inv2) = c.create(&two_humans()).await;
    // One seat taken: the table is not unjoined.
    let tokens = c.join_all(&joined, &inv2[..1]).await;
    // A spectator watching the lonely table is told when it ends.
    let (mut ws, _) = c.ws(&lonely, None, None).await;
    let notice = loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("told within 10 s")
            .expect("socket open");
        if m["type"] == "ended" {
            break m;
        }
    };
    assert_eq!(notice["reason"], "expired");
    assert!(notice["message"].as_str().unwrap().contains("expired"));
    let e = wait_ended(&c, &lonely).await;
    assert_eq!(e["ended"]["reason"], "expired");
    assert_eq!(e["finished"], true);
    // It left memory (archived), and answers from the store.
    assert!(
        server.state.table(&lonely).is_none() || server.state.table(&lonely).unwrap().is_finished()
    );
    let lobby = c.get("/api/tables", None).await;
    assert!(
        lobby.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["table"] != lonely.as_str() || t["finished"] == true),
        "{}",
        lobby.raw
    );
    // Its invitation no longer takes a seat, and says why.
    let a = c
        .post(
            &format!("/api/tables/{lonely}/seats/0/join"),
            Some(&inv[0].1),
            &json!({ "name": "Late" }),
        )
        .await;
    assert_eq!(a.status, 409, "{}", a.raw);
    assert_eq!(a.body["ended"]["reason"], "expired", "{}", a.raw);
    // The state says so too.
    let st = c.state(&lonely, None).await;
    assert_eq!(st.body["ended"]["reason"], "expired", "{}", st.raw);
    // The joined table plays on.
    let st = c.state(&joined, Some(&tokens[0].1)).await;
    assert!(st.body["ended"].is_null(), "{}", st.raw);
    ws.close().await;
    server.stop().await.unwrap();

    // After a restart: not in play again, still ended, still saying why.
    let mut cfg2 = at.config("unjoined-again");
    cfg2.unjoined_lifetime = Duration::from_secs(3600);
    let server = start(cfg2).await;
    assert!(
        server.state.table(&lonely).is_none(),
        "an ended table is not restored into play"
    );
    let c = Client::new(server.addr);
    let e = lobby_entry(&c, &lonely).await;
    assert_eq!(e["ended"]["reason"], "expired");
    assert!(server.state.table(&joined).is_some());
    server.stop().await.unwrap();
}

async fn a_full_server_of_unjoined_tables_frees_itself_even_across_a_restart(at: StoreAt) {
    // The audit: anonymous tables fill --max-tables, and a restart brings
    // them all back. Now they expire, also while the server is down.
    let mut cfg = at.config("full-of-tables");
    cfg.max_tables = 5;
    cfg.unjoined_lifetime = Duration::from_secs(2);
    let server = start(cfg.clone()).await;
    let c = Client::new(server.addr);
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(c.create(&two_humans()).await.0);
    }
    let a = c.post("/api/tables", None, &two_humans()).await;
    assert_eq!(a.status, 429, "{}", a.raw);
    server.stop().await.unwrap();
    // Down for longer than their lifetime.
    tokio::time::sleep(Duration::from_millis(2200)).await;
    let server = start(cfg.clone()).await;
    let c = Client::new(server.addr);
    for id in &ids {
        assert_eq!(wait_ended(&c, id).await["ended"]["reason"], "expired");
    }
    let a = c.post("/api/tables", None, &two_humans()).await;
    assert_eq!(a.status, 201, "room again: {}", a.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_plays_at_is_abandoned() {
    let mut cfg = test_config("abandoned");
    cfg.abandoned_after = Duration::from_millis(1500);
    // Computer players slow enough not to finish their game meanwhile.
    cfg.bot_delay = Duration::from_secs(60);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    // Joined, and acted once: then nobody.
    let (id, inv) = c.create(&two_humans()).await;
    let tokens = c.join_all(&id, &inv).await;
    let st = c.state(&id, Some(&tokens[0].1)).await;
    let seat = if st.body["to_act"] == true { 0 } else { 1 };
    let st = c.state(&id, Some(&tokens[seat].1)).await;
    let action = st.body["legal_actions"][0].clone();
    let a = c
        .act(
            &id,
            &tokens[seat].1,
            st.body["seq"].as_u64().unwrap(),
            &action,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    // Computer players only: nobody human ever.
    let (bots, _) = c
        .create(&table_request(
            &[("greedy", "narn"), ("greedy", "minbari")],
            4,
            5,
        ))
        .await;
    for id in [&id, &bots] {
        assert_eq!(wait_ended(&c, id).await["ended"]["reason"], "abandoned");
    }
    // An action now is refused, saying why.
    let st = c.state(&id, Some(&tokens[0].1)).await;
    assert_eq!(st.body["ended"]["reason"], "abandoned");
    let a = c
        .act(
            &id,
            &tokens[0].1,
            st.body["seq"].as_u64().unwrap(),
            &json!("pass"),
        )
        .await;
    assert_eq!(a.status, 409, "{}", a.raw);
    assert_eq!(a.body["ended"]["reason"], "abandoned", "{}", a.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_where_humans_act_is_not_abandoned() {
    let mut cfg = test_config("active");
    cfg.abandoned_after = Duration::from_millis(1500);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, inv) = c.create(&two_humans()).await;
    let tokens = c.join_all(&id, &inv).await;
    // A chat line every half second keeps it alive for 3 s.
    for i in 0..6 {
        let a = c
            .post(
                &format!("/api/tables/{id}/chat"),
                Some(&tokens[0].1),
                &json!({ "text": format!("still here {i}") }),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.raw);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(lobby_entry(&c, &id).await["ended"].is_null());
    server.stop().await.unwrap();
}

async fn a_finished_table_leaves_memory_and_is_read_back_when_asked_for(at: StoreAt) {
    let mut cfg = at.config("finished-leaves");
    cfg.finished_kept = Duration::from_millis(300);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, _) = c
        .create(&table_request(
            &[("random", "narn"), ("random", "minbari")],
            8,
            2,
        ))
        .await;
    // Played to its end by the computer players, then out of memory.
    let mut gone = false;
    for _ in 0..1000 {
        if server.state.table(&id).is_none() {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(gone, "the finished table left memory");
    // Asked for, it is read back from the store, finished.
    let st = c.state(&id, None).await;
    assert_eq!(st.status, 200, "{}", st.raw);
    assert_eq!(st.body["finished"], true);
    assert!(st.body["ended"].is_null());
    server.stop().await.unwrap();
}

async fn chat_from(
    c: &Client,
    from: Ipv4Addr,
    id: &str,
    token: &str,
    text: &str,
) -> common::Answer {
    let http = reqwest::Client::builder()
        .local_address(IpAddr::V4(from))
        .build()
        .unwrap();
    c.send(
        http.post(format!("{}/api/tables/{id}/chat", c.base))
            .bearer_auth(token)
            .body(json!({ "text": text }).to_string()),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_bounded_per_address_and_per_table() {
    let server = start(test_config("chat-bounds")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c.create(&two_humans()).await;
    let tokens = c.join_all(&id, &inv).await;
    let token = &tokens[0].1;
    // One address: 10 lines at once, then 429 saying when.
    let me = Ipv4Addr::new(127, 0, 5, 1);
    for i in 0..10 {
        let a = chat_from(&c, me, &id, token, &format!("line {i}")).await;
        assert_eq!(a.status, 200, "{}", a.raw);
    }
    let a = chat_from(&c, me, &id, token, "one more").await;
    assert_eq!(a.status, 429, "{}", a.raw);
    assert!(a.body["error"]
        .as_str()
        .unwrap()
        .contains("3600 chat lines an hour"));
    assert_eq!(a.body["retry_after"], 1, "{}", a.raw);
    // A table's chat: at most 256 KiB of text (lines of 500 two-byte
    // characters, from many addresses).
    let long = "é".repeat(500);
    let mut sent = 10 * 6;
    let mut refused = None;
    'addresses: for n in 1..=40u8 {
        for _ in 0..10 {
            let a = chat_from(&c, Ipv4Addr::new(127, 0, 6, n), &id, token, &long).await;
            if a.status != 200 {
                refused = Some(a);
                break 'addresses;
            }
            sent += 1000;
        }
    }
    let a = refused.expect("the table's chat fills up");
    assert_eq!(a.status, 409, "{}", a.raw);
    assert!(
        a.body["error"].as_str().unwrap().contains("256 KiB"),
        "{}",
        a.raw
    );
    assert!(sent <= 256 * 1024, "{sent} bytes kept");
    let read = c.get(&format!("/api/tables/{id}/chat"), Some(token)).await;
    assert_eq!(read.body["count"], 10 + 262, "{}", &read.raw[..200]);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_takes_a_burst_of_open_seats_then_waits() {
    let mut cfg = test_config("open-rate");
    cfg.tables_per_hour = 30;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let five = [
        ("human", "narn"),
        ("human", "minbari"),
        ("human", "centauri"),
        ("human", "human"),
        ("human", "non-aligned"),
    ];
    let mut tables = Vec::new();
    for seed in 0..3 {
        let mut req = table_request(&five, seed, 5);
        req["open_seats"] = json!(true);
        tables.push(c.create(&req).await.0);
    }
    let (mut taken, mut refused) = (0, Vec::new());
    for t in &tables {
        for seat in 0..5 {
            let a = c
                .post(
                    &format!("/api/tables/{t}/seats/{seat}/join"),
                    None,
                    &json!({ "name": "Seat hoarder" }),
                )
                .await;
            match a.status {
                200 => taken += 1,
                429 => refused.push(a),
                s => panic!("unexpected {s}: {}", a.raw),
            }
        }
    }
    assert_eq!(taken, 10, "a burst of 10");
    assert_eq!(refused.len(), 5);
    let msg = refused[0].body["error"].as_str().unwrap();
    assert!(msg.contains("30 open seats an hour"), "{msg}");
    assert!(refused[0].body["retry_after"].as_u64().unwrap() >= 1);
    // An invitation is never held back by the rate.
    let mut req = table_request(&five[..2], 9, 5);
    req["open_seats"] = json!(true);
    let (id, inv) = c.create(&req).await;
    let a = c
        .post(
            &format!("/api/tables/{id}/seats/0/join"),
            Some(&inv[0].1),
            &json!({ "name": "Invited" }),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    server.stop().await.unwrap();
}
