//! View patches over the real protocol (`docs/protocol.md`, "View
//! patches"): a connection that asks for them holds, after applying each
//! patch (with an independent JSON Patch implementation), exactly the view
//! a connection without them is sent whole, for seats and a spectator, and
//! a new connection starts again from a whole view.

use crate::common;

use common::{start, table_request, test_config, Client, Ws};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// Reads a patched connection's changes up to `seq`, applying each to
/// `held`; how many were patches.
async fn follow(ws: &mut Ws, held: &mut Value, seq: u64) -> usize {
    let mut patches = 0;
    loop {
        let m = ws.next_change().await.expect("socket open");
        match m.get("view_patch") {
            Some(ops) => {
                assert!(m.get("view").is_none(), "a patch or a view, not both: {m}");
                let ops: json_patch::Patch =
                    serde_json::from_value(ops.clone()).expect("a JSON Patch");
                json_patch::patch(held, &ops).expect("the patch fits the view held");
                patches += 1;
            }
            None if !m["view"].is_null() => *held = m["view"].clone(),
            None => {}
        }
        if m["seq"].as_u64() >= Some(seq) {
            return patches;
        }
    }
}

fn hello(token: Option<&str>, seq: u64) -> Value {
    let mut h = json!({ "type": "hello", "seq": seq, "view_patches": true });
    if let Some(t) = token {
        h["token"] = json!(t);
    }
    h
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn patched_views_are_the_views_sent_whole() {
    let server = start(test_config("view-patches")).await;
    let client = Client::new(server.addr);
    let req = table_request(
        &[
            ("human", "narn"),
            ("human", "minbari"),
            ("human", "centauri"),
        ],
        21,
        30,
    );
    let (id, inv) = client.create(&req).await;
    let tokens = client.join_all(&id, &inv).await;
    let token = |s: usize| {
        tokens
            .iter()
            .find(|t| t.0 == s)
            .map(|t| t.1.clone())
            .unwrap()
    };
    let viewers = [Some(token(0)), Some(token(1)), None];
    let mut whole = Vec::new();
    let mut patched = Vec::new();
    for t in &viewers {
        whole.push(client.ws(&id, t.as_deref(), Some(0)).await.0);
        patched.push((
            client.ws_hello(&id, hello(t.as_deref(), 0)).await.0,
            Value::Null,
        ));
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let mut patches = 0;
    for step in 0..90 {
        let st = client.state(&id, Some(&token(0))).await;
        if st.body["finished"] == true {
            break;
        }
        let seat = st.body["pending"][0]
            .as_u64()
            .unwrap_or_else(|| panic!("someone acts: {}", st.raw)) as usize;
        let mine = client.state(&id, Some(&token(seat))).await;
        let seq = mine.body["seq"].as_u64().unwrap();
        let legal = mine.body["legal_actions"].as_array().unwrap();
        let a = legal[rng.random_range(0..legal.len())].clone();
        assert_eq!(client.act(&id, &token(seat), seq, &a).await.status, 200);
        for (n, ws) in whole.iter_mut().enumerate() {
            let want = ws.until_seq(seq + 1).await["view"].clone();
            let (p, held) = &mut patched[n];
            patches += follow(p, held, seq + 1).await;
            assert_eq!(*held, want, "viewer {n} after step {step}");
        }
        if step == 40 {
            // A new connection: a whole view first, then patches again.
            let (p, held) = &mut patched[1];
            let (mut again, welcome) = client
                .ws_hello(&id, hello(viewers[1].as_deref(), seq + 1))
                .await;
            assert_eq!(welcome["type"], "welcome");
            std::mem::swap(p, &mut again);
            again.close().await;
            *held = Value::Null;
        }
    }
    assert!(patches > 150, "{patches} patches");
    // The reconnected one held a whole view before its first patch: had it
    // been sent a patch first, applying it to nothing would have failed.
    server.stop().await.expect("the server stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_with_view_patches_not_a_boolean_is_refused() {
    let server = start(test_config("view-patches-bad")).await;
    let client = Client::new(server.addr);
    let req = table_request(&[("human", "narn"), ("human", "minbari")], 3, 10);
    let (id, _) = client.create(&req).await;
    let (_, answer) = client
        .ws_hello(&id, json!({ "type": "hello", "view_patches": "yes" }))
        .await;
    assert_eq!(answer["type"], "error");
    assert_eq!(answer["status"], 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("malformed hello"),
        "{answer}"
    );
    server.stop().await.expect("the server stops");
}
