//! Fuzzed requests: random JSON, random bytes, huge bodies, wrong tokens,
//! other tables' ids, random paths and WebSocket garbage. No answer is a
//! 5xx, every error is JSON with a message, the server keeps serving, and
//! the table nobody may touch is untouched.

use crate::common;

use common::{start, table_request, test_config, Client};
use futures_util::SinkExt;
use rand::{Rng, RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

fn random_json(rng: &mut Pcg64Mcg, depth: u32) -> Value {
    match rng.random_range(0..if depth == 0 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(rng.random::<i64>()),
        3 => json!(rng.random::<f64>()),
        4 => {
            let words = [
                "pass", "do", "seq", "action", "card", "declare", "", "\u{0}", "é✓", "-1",
            ];
            json!(words[rng.random_range(0..words.len())])
        }
        5 | 6 => {
            let keys = [
                "seq", "action", "do", "card", "name", "seats", "player", "deck", "seed", "target",
                "away", "type", "token", "list",
            ];
            let mut m = serde_json::Map::new();
            for _ in 0..rng.random_range(0..5) {
                m.insert(
                    keys[rng.random_range(0..keys.len())].to_string(),
                    random_json(rng, depth - 1),
                );
            }
            Value::Object(m)
        }
        _ => Value::Array(
            (0..rng.random_range(0..4))
                .map(|_| random_json(rng, depth - 1))
                .collect(),
        ),
    }
}

fn random_token(rng: &mut Pcg64Mcg) -> String {
    let n = rng.random_range(1..80);
    (0..n)
        .map(|_| char::from(rng.random_range(0x21u8..0x7f)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fuzzed_requests_never_break_the_server_or_another_table() {
    let mut cfg = test_config("fuzz");
    cfg.max_body = 16 * 1024;
    cfg.max_ws_message = 4 * 1024;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (a, inv_a) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            1,
            3,
        ))
        .await;
    let tok_a = c.join_all(&a, &inv_a).await;
    let (b, inv_b) = c
        .create(&table_request(
            &[("human", "human"), ("human", "centauri")],
            2,
            3,
        ))
        .await;
    let tok_b = c.join_all(&b, &inv_b).await;
    // Table B moves a little, then nobody touches it legitimately.
    for _ in 0..3 {
        for (_, t) in &tok_b {
            let st = c.state(&b, Some(t)).await.body;
            if let Some(x) = st["legal_actions"].as_array().and_then(|l| l.first()) {
                let r = c.act(&b, t, st["seq"].as_u64().unwrap(), x).await;
                assert_eq!(r.status, 200);
            }
        }
    }
    let snapshot = |c: &Client| {
        let b = b.clone();
        let tok: Vec<String> = tok_b.iter().map(|x| x.1.clone()).collect();
        let c = Client {
            http: c.http.clone(),
            base: c.base.clone(),
            ws_base: c.ws_base.clone(),
        };
        async move {
            let mut v = vec![c.state(&b, None).await.body];
            for t in &tok {
                v.push(c.state(&b, Some(t)).await.body);
            }
            v
        }
    };
    let before = snapshot(&c).await;

    let mut rng = Pcg64Mcg::seed_from_u64(2024);
    let ids = [
        a.clone(),
        b.clone(),
        "0123456789abcdef".into(),
        "..".into(),
        "%00".into(),
        "ü".into(),
        "x".repeat(300),
    ];
    let suffixes = [
        "",
        "/state",
        "/actions",
        "/seats/0/join",
        "/seats/1/join",
        "/seats/99/join",
        "/seats/-1/away",
        "/seats/0/away",
        "/ws",
        "/nope",
        "/seats/x/join",
    ];
    let mut count = 0;
    for i in 0..600 {
        let id = &ids[rng.random_range(0..ids.len())];
        let path = match rng.random_range(0..10) {
            0 => "/api/tables".to_string(),
            1 => format!("/{}", random_token(&mut rng).replace(['?', '#'], "")),
            _ => format!(
                "/api/tables/{id}{}",
                suffixes[rng.random_range(0..suffixes.len())]
            ),
        };
        let url = format!("{}{}", c.base, path);
        let mut req = match rng.random_range(0..4) {
            0 => c.http.get(&url),
            1 | 2 => c.http.post(&url),
            _ => c.http.put(&url),
        };
        // A's tokens and invitations on any table, random tokens, none.
        req = match rng.random_range(0..5) {
            0 => req,
            1 => req.bearer_auth(&tok_a[rng.random_range(0..2)].1),
            2 => req.bearer_auth(&inv_a[rng.random_range(0..2)].1),
            3 => req.header("Authorization", random_token(&mut rng)),
            _ => req.bearer_auth(random_token(&mut rng)),
        };
        req = match rng.random_range(0..5) {
            0 => req,
            1 => {
                let mut bytes = vec![0u8; rng.random_range(0..2000)];
                rng.fill_bytes(&mut bytes);
                req.body(bytes)
            }
            2 => req.body(
                json!({ "seq": rng.random_range(0..5u64), "action": random_json(&mut rng, 2) })
                    .to_string(),
            ),
            3 => req.body(random_json(&mut rng, 3).to_string()),
            _ => req.body(format!(
                "{{\"name\": \"{}\"}}",
                random_token(&mut rng).replace(['"', '\\'], "")
            )),
        };
        if i % 100 == 0 {
            // A huge body.
            req = c
                .http
                .post(format!("{}/api/tables", c.base))
                .body(vec![b'{'; 2 << 20]);
        }
        let ans = match req.send().await {
            Ok(res) => {
                let status = res.status().as_u16();
                let raw = res.text().await.expect("body");
                let body = serde_json::from_str(&raw).unwrap_or(Value::Null);
                common::Answer { status, body, raw }
            }
            Err(e) => {
                // The server may answer (405, 404, 413) and close before
                // reading a body the client is still writing: the request
                // fails on the client's side. The server must still serve.
                assert!(e.is_request() || e.is_body(), "{path}: {e}");
                assert_eq!(c.get("/api/tables", None).await.status, 200);
                continue;
            }
        };
        assert!(ans.status < 500, "{path}: {} {}", ans.status, ans.raw);
        if i % 100 == 0 {
            assert_eq!(ans.status, 413, "{}", ans.raw);
        }
        if ans.status >= 400 {
            assert!(
                ans.body["error"].as_str().is_some(),
                "{path}: an error is JSON with a message: {}",
                ans.raw
            );
        }
        count += 1;
    }
    assert!(count > 300, "most requests were answered ({count})");

    // WebSocket garbage: random hellos, binary frames, oversized messages.
    for i in 0..30 {
        let (mut s, _) =
            tokio_tungstenite::connect_async(format!("{}/api/tables/{b}/ws", c.ws_base))
                .await
                .expect("connects");
        let msg = match i % 4 {
            0 => Message::Text(random_json(&mut rng, 3).to_string().into()),
            1 => {
                let mut bytes = vec![0u8; 100];
                rng.fill_bytes(&mut bytes);
                Message::Binary(bytes.into())
            }
            2 => Message::Text("x".repeat(64 * 1024).into()),
            _ => Message::Text(
                json!({ "type": "hello", "token": tok_a[0].1, "seq": 0 })
                    .to_string()
                    .into(),
            ),
        };
        let _ = s.send(msg).await;
        let _ = s
            .send(Message::Text(
                json!({ "type": "action", "seq": 0, "action": { "do": "pass" } })
                    .to_string()
                    .into(),
            ))
            .await;
        let _ = s.close(None).await;
    }

    // The server still serves, and table B is exactly as it was.
    assert_eq!(c.get("/api/tables", None).await.status, 200);
    let after = snapshot(&c).await;
    assert_eq!(before, after, "the other table is untouched");
    server.stop().await.unwrap();
}

/// Replaces numbers in a JSON value at random (card ids, seats, conflicts).
fn mutate(v: &Value, rng: &mut Pcg64Mcg) -> Value {
    match v {
        Value::Number(_) => match rng.random_range(0..4) {
            0 => json!(rng.random_range(0..400u32)),
            1 => json!(u64::MAX),
            2 => json!(-1),
            _ => v.clone(),
        },
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, x)| (k.clone(), mutate(x, rng))).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| mutate(x, rng)).collect()),
        _ => v.clone(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mutated_actions_and_deck_lists_are_refused_cleanly() {
    let server = start(test_config("fuzz-actions")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[
                ("human", "narn"),
                ("human", "non-aligned"),
                ("human", "human"),
            ],
            8,
            3,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let mut rng = Pcg64Mcg::seed_from_u64(77);
    let mut applied = 0;
    for i in 0..400 {
        let (seat, t) = &tokens[i % tokens.len()];
        let st = c.state(&id, Some(t)).await.body;
        let seq = st["seq"].as_u64().unwrap();
        let legal = st["legal_actions"].as_array().cloned().unwrap_or_default();
        // Templates from every seat's actions (this one's, when it has some).
        let template = if legal.is_empty() {
            json!({ "do": "pass" })
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        let a = if rng.random_bool(0.2) {
            template
        } else {
            mutate(&template, &mut rng)
        };
        let r = c.act(&id, t, seq, &a).await;
        assert!(
            r.status == 200 || r.status == 409 || r.status == 400,
            "seat {seat}: {a}: {}",
            r.raw
        );
        if r.status == 200 {
            applied += 1;
        } else {
            assert!(r.body["error"].is_string());
        }
    }
    assert!(applied > 0);
    // Deck lists with odd lines.
    let narn = include_str!("../../../cards/data/decks/narn.deck");
    for extra in [
        "99999999999999999999 Answer the Oppressor",
        "18446744073709551615 Unbowed",
        "0 Unbowed",
        "-3 Unbowed",
        "3",
        "[nothing]",
        "name:",
        "race: vorlon",
        "faction: nowhere",
        "\u{0} \u{7f}",
        "3 Unbowed\n3 Unbowed\n3 Unbowed",
    ] {
        for at in ["[deck]", "[hand]", "[ambassador]", "race: narn"] {
            let text = narn.replacen(at, &format!("{at}\n{extra}"), 1);
            let req = json!({ "seats": [
                { "player": "human", "deck": { "list": text } },
                { "player": "random", "deck": "minbari" } ]});
            let r = c.post("/api/tables", None, &req).await;
            assert!(r.status == 201 || r.status == 400, "{extra}: {}", r.raw);
        }
    }
    assert_eq!(c.get("/api/tables", None).await.status, 200);
    server.stop().await.unwrap();
}
