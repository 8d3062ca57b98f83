//! Babylon 5 Empires on the same server, store and protocol: a table of
//! `"game": "empires"` is made, joined, played through HTTP and the
//! WebSocket (with the log as sentences), and computer seats play one to
//! its end; bad set-ups are refused with the field named.

use crate::common;

use common::{start, test_config, Client};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empires_table_is_hosted_like_any_other() {
    let server = start(test_config("empires")).await;
    let c = Client::new(server.addr);
    let info = c.get("/api", None).await;
    assert!(info.raw.contains("empires"), "{}", info.raw);

    // Set-ups the game refuses, each with what is wrong.
    for (req, says) in [
        (
            json!({ "game": "empires", "seats": [{ "player": "human", "race": "narn" }] }),
            "2 to 4 seats",
        ),
        (
            json!({ "game": "empires", "seats": [{ "player": "human", "race": "narn" }, { "player": "human", "race": "narn" }] }),
            "each race once",
        ),
        (
            json!({ "game": "empires", "seats": [{ "player": "human", "race": "vorlon" }, { "player": "human", "race": "narn" }] }),
            "needs a",
        ),
        (
            json!({ "game": "empires", "seats": [{ "player": "human", "race": "minbari" }, { "player": "human", "race": "narn" }], "options": { "map": "atlantis" } }),
            "map must be",
        ),
    ] {
        let a = c.post("/api/tables", None, &req).await;
        assert_eq!(a.status, 400, "{}", a.raw);
        assert!(a.raw.contains(says), "{says}: {}", a.raw);
    }

    // Two human seats: join, read the state, act, see the change.
    let req = json!({
        "game": "empires",
        "seats": [{ "player": "human", "race": "narn" }, { "player": "human", "race": "minbari" }],
        "options": { "map": "the-divide", "turn_limit": 3 },
        "seed": 5,
    });
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    let lobby = c.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(lobby.body["game"], "empires", "{}", lobby.raw);
    let (mut ws, _) = c.ws(&id, None, Some(0)).await;
    let mut acted = 0;
    for _ in 0..6 {
        let mut moved = false;
        for (_, t) in &tokens {
            let st = c.state(&id, Some(t)).await;
            let legal = st.body["legal_actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let seq = st.body["seq"].as_u64().unwrap();
            let a = c.act(&id, t, seq, &legal[0]).await;
            assert_eq!(a.status, 200, "{}", a.raw);
            moved = true;
            acted += 1;
            let m = ws.until_seq(seq + 1).await;
            assert!(m["log"].is_array(), "{m}");
            break;
        }
        if !moved {
            break;
        }
    }
    assert!(acted > 0);
    // Every view carries the public map: names and lanes, and no fixed
    // resources of unexplored systems.
    let spectator = c.state(&id, None).await;
    assert_eq!(spectator.status, 200);
    let spaces = spectator.body["view"]["map"]["spaces"]
        .as_array()
        .expect("the map in the view")
        .clone();
    assert_eq!(spaces.len(), 49, "The Divide has 49 spaces");
    assert!(spaces.iter().all(|s| s["revenue"].is_null()));
    assert!(spaces
        .iter()
        .any(|s| !s["neighbours"].as_array().unwrap().is_empty()));
    // A seat's view carries what its recruit draw and the markers cost;
    // a spectator's does not.
    assert!(
        spectator.body["view"]["costs"].is_null(),
        "{}",
        spectator.raw
    );
    let seat = c.state(&id, Some(&tokens[0].1)).await;
    let costs = &seat.body["view"]["costs"];
    assert_eq!(costs["markers"]["colony"], 5, "{}", seat.raw);
    assert_eq!(costs["markers"]["jumpgate"], 10, "{}", seat.raw);
    let offer = seat.body["view"]["offer"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        costs["units"].as_object().map(|o| o.len()),
        Some(offer.len()),
        "{}",
        seat.raw
    );
    ws.close().await;

    // Computer seats play a table to its end (the search player among them).
    let req = json!({
        "game": "empires",
        "seats": [{ "player": "search-easy", "race": "centauri" }, { "player": "random", "race": "earthforce" }],
        "options": { "turn_limit": 3 },
        "seed": 9,
    });
    let (id, _) = c.create(&req).await;
    let (mut ws, _) = c.ws(&id, None, Some(0)).await;
    loop {
        let m = ws.next_change().await.expect("the game goes on");
        if m["finished"] == true {
            break;
        }
    }
    let lobby = c.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(lobby.body["finished"], true, "{}", lobby.raw);
    // Its replay: the spectator's view at each position, the log's sentences.
    let end = c
        .get(&format!("/api/tables/{id}/replay?steps=true"), None)
        .await;
    assert_eq!(end.status, 200, "{}", end.raw);
    assert_eq!(end.body["game"], "empires");
    let now = c.state(&id, None).await.body;
    assert_eq!(
        end.body["view"], now["view"],
        "the last position is the game's end"
    );
    let steps = end.body["steps"].as_array().expect("the steps");
    assert_eq!(steps.len() as u64, end.body["total"].as_u64().unwrap());
    assert!(
        steps
            .iter()
            .any(|s| s["log"].as_array().is_some_and(|l| !l.is_empty())),
        "{}",
        end.raw
    );
    let start = c.get(&format!("/api/tables/{id}/replay?at=0"), None).await;
    assert_eq!(start.body["view"]["round"], json!(1), "{}", start.raw);
    assert!(
        !start.raw.contains("\"units\":[{"),
        "no stack's units for a spectator: {}",
        start.raw
    );
    server.stop().await.unwrap();
}
