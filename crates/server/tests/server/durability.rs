//! What is acknowledged is in the store before the answer, and a restart
//! finds it: a new table and its seats taken, an undo asked for and not
//! answered yet; and the cap on WebSocket connections.

use crate::common;

use std::sync::Arc;

use b5_server::store::{PendingUndo, Store};
use common::stored::StoreAt;
use common::{start, table_request, test_config, Client};

crate::on_both_stores_async!(
    a_new_table_and_its_seats_are_stored_before_the_answer,
    an_undo_request_survives_a_restart,
);
use serde_json::{json, Value};

/// What the store holds of table `id` now (its reader sees only what is
/// committed).
fn stored(store: &Arc<dyn Store>, id: &str) -> b5_server::store::StoredTable {
    store
        .table(id)
        .expect("the store reads")
        .expect("the table is stored")
}

/// Plays the first legal action of whichever seat has a choice; returns
/// the seat, the seq it acted at and the action.
async fn act_once(c: &Client, id: &str, tokens: &[(usize, String)]) -> (usize, u64, Value) {
    for (seat, t) in tokens {
        let st = c.state(id, Some(t)).await.body;
        if let Some(a) = st["legal_actions"].as_array().and_then(|l| l.first()) {
            let seq = st["seq"].as_u64().unwrap();
            let r = c.act(id, t, seq, a).await;
            assert_eq!(r.status, 200, "{}", r.raw);
            return (*seat, seq, a.clone());
        }
    }
    panic!("nobody has a choice");
}

async fn a_new_table_and_its_seats_are_stored_before_the_answer(at: StoreAt) {
    let cfg = at.config("durable-create");
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            3,
            5,
        ))
        .await;
    // Answered 201: already committed, seats free.
    let st = stored(&server.state.store, &id);
    assert_eq!(st.table.seats.len(), 2);
    assert!(st.table.seats.iter().all(|s| s.token_hash.is_none()));
    let tokens = c.join_all(&id, &inv).await;
    // Answered 200: the seat's token hash and name are committed.
    let st = stored(&server.state.store, &id);
    for (seat, _) in &tokens {
        assert!(st.table.seats[*seat].token_hash.is_some());
        assert_eq!(
            st.table.seats[*seat].name.as_deref(),
            Some(format!("Player {seat}").as_str())
        );
    }
    let (_, seq, _) = act_once(&c, &id, &tokens).await;
    assert_eq!(stored(&server.state.store, &id).log.len() as u64, seq + 1);
    server.stop().await.unwrap();

    // After a restart the tokens still hold their seats.
    let cfg = at.config("durable-create-2");
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    for (seat, t) in &tokens {
        let a = c.state(&id, Some(t)).await;
        assert_eq!(a.status, 200, "{}", a.raw);
        assert_eq!(a.body["seat"], *seat);
        assert_eq!(a.body["seq"], seq + 1);
    }
    server.stop().await.unwrap();
}

async fn an_undo_request_survives_a_restart(at: StoreAt) {
    let cfg = at.config("durable-undo");
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            21,
            5,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    for _ in 0..4 {
        act_once(&c, &id, &tokens).await;
    }
    let before_spect = c.state(&id, None).await.body;
    let (x, n, _) = act_once(&c, &id, &tokens).await;
    let y = 1 - x;
    let undo = format!("/api/tables/{id}/undo");
    let answer = format!("/api/tables/{id}/undo/answer");

    // Asked, then refused: the stored request comes and goes with it.
    let a = c
        .post(&undo, Some(&tokens[x].1), &json!({ "seq": n + 1 }))
        .await;
    assert_eq!(a.status, 202, "{}", a.raw);
    let asked = PendingUndo {
        by: x,
        target: n,
        seq: n + 1,
        waiting: vec![y],
    };
    assert_eq!(stored(&server.state.store, &id).undo, Some(asked.clone()));
    let r = c
        .post(
            &answer,
            Some(&tokens[y].1),
            &json!({ "seq": n + 1, "accept": false }),
        )
        .await;
    assert_eq!(r.body, json!({ "undo": "refused" }), "{}", r.raw);
    assert_eq!(stored(&server.state.store, &id).undo, None);

    // Asked again; the server stops before anyone answers.
    let a = c
        .post(&undo, Some(&tokens[x].1), &json!({ "seq": n + 1 }))
        .await;
    assert_eq!(a.status, 202, "{}", a.raw);
    assert_eq!(stored(&server.state.store, &id).undo, Some(asked));
    server.stop().await.unwrap();

    let cfg = at.config("durable-undo-2");
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    // The request is still there, and the table still waits for it.
    let st = c.state(&id, Some(&tokens[y].1)).await.body;
    assert_eq!(
        st["undo"],
        json!({ "by": x, "target": n, "seq": n + 1, "waiting": [y] })
    );
    assert_eq!(st["seq"], n + 1);
    for (_, t) in &tokens {
        let st = c.state(&id, Some(t)).await.body;
        if let Some(a) = st["legal_actions"].as_array().and_then(|l| l.first()) {
            let r = c.act(&id, t, n + 1, a).await;
            assert_eq!(r.status, 409, "{}", r.raw);
            assert!(r.body["error"].as_str().unwrap().contains("waits"));
        }
    }
    // Accepted after the restart: done, and the stored request is gone.
    let r = c
        .post(
            &answer,
            Some(&tokens[y].1),
            &json!({ "seq": n + 1, "accept": true }),
        )
        .await;
    assert_eq!(r.body, json!({ "undo": "done", "seq": n + 2 }), "{}", r.raw);
    assert_eq!(stored(&server.state.store, &id).undo, None);
    let after_spect = c.state(&id, None).await.body;
    assert_eq!(after_spect["seq"], n + 2);
    assert!(after_spect["undo"].is_null());
    assert_eq!(after_spect["view"], before_spect["view"]);
    server.stop().await.unwrap();
}

/// Asks for a WebSocket upgrade by hand: the status and the body.
async fn upgrade(c: &Client, id: &str) -> (u16, Value) {
    let r = c
        .http
        .get(format!("{}/api/tables/{id}/ws", c.base))
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    let body = if status == 101 {
        Value::Null
    } else {
        serde_json::from_str(&r.text().await.expect("body")).unwrap_or(Value::Null)
    };
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_connections_are_capped() {
    let mut cfg = test_config("ws-cap");
    cfg.max_websockets = 2;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, _) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            5,
            5,
        ))
        .await;
    let (a, welcome) = c.ws(&id, None, None).await;
    assert_eq!(welcome["type"], "welcome");
    let (b, _) = c.ws(&id, None, None).await;
    assert_eq!(server.state.websocket_connections(), 2);
    // One more: 503, as JSON, before any upgrade.
    let (status, body) = upgrade(&c, &id).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["status"], 503);
    assert!(
        body["error"].as_str().unwrap().contains("maximum of 2"),
        "{body}"
    );
    assert_eq!(server.state.websocket_connections(), 2);
    // A closed connection frees its slot (once the server has seen it
    // close).
    a.close().await;
    let mut freed = false;
    for _ in 0..500 {
        if server.state.websocket_connections() < 2 {
            freed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(freed, "the closed connection's slot is freed");
    let (c2, welcome) = c.ws(&id, None, None).await;
    assert_eq!(welcome["type"], "welcome");
    b.close().await;
    c2.close().await;
    server.stop().await.unwrap();
}
