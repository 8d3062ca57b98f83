//! The protocol's answers: tables, joining, the state, actions (legal,
//! illegal, stale, resent), the lobby, reconnecting with the last `seq`,
//! computer seats and a seat handed to the computer and taken back.

use crate::common;

use common::{start, table_request, test_config, Client};
use serde_json::{json, Value};

fn assert_error(a: &common::Answer, status: u16) {
    assert_eq!(a.status, status, "{}", a.raw);
    assert!(
        a.body["error"].as_str().is_some_and(|m| !m.is_empty()),
        "an error is JSON with a message: {}",
        a.raw
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_seats_and_tokens() {
    let server = start(test_config("tables")).await;
    let c = Client::new(server.addr);
    let req = table_request(
        &[
            ("human", "narn"),
            ("greedy", "centauri"),
            ("human", "minbari"),
        ],
        1,
        5,
    );
    let (id, inv) = c.create(&req).await;
    // One invitation per human seat, none for the computer.
    assert_eq!(inv.iter().map(|x| x.0).collect::<Vec<_>>(), vec![0, 2]);
    assert!(inv.iter().all(|(_, i)| i.len() == 64));

    // The lobby shows the table, its free seats and races, no secret.
    let lobby = c.get("/api/tables", None).await;
    assert_eq!(lobby.status, 200);
    let t = lobby.body["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == id.as_str())
        .expect("table in the lobby")
        .clone();
    assert_eq!(t["free_seats"], 2);
    assert_eq!(t["seats"][1]["label"], "Centauri");
    assert_eq!(t["seats"][1]["player"], "greedy");
    for (_, i) in &inv {
        assert!(!lobby.raw.contains(i.as_str()));
    }

    // Joining: a wrong invitation, the right one, the same one again, the
    // computer's seat, another seat's invitation.
    let join = |seat: usize| format!("/api/tables/{id}/seats/{seat}/join");
    let name = json!({ "name": "Alice" });
    assert_error(&c.post(&join(0), None, &name).await, 401);
    assert_error(&c.post(&join(0), Some(&"0".repeat(64)), &name).await, 403);
    assert_error(&c.post(&join(0), Some(&inv[1].1), &name).await, 403);
    assert_error(&c.post(&join(1), Some(&inv[0].1), &name).await, 409);
    assert_error(&c.post(&join(9), Some(&inv[0].1), &name).await, 404);
    assert_error(
        &c.post(&join(0), Some(&inv[0].1), &json!({ "name": "" }))
            .await,
        400,
    );
    let ok = c.post(&join(0), Some(&inv[0].1), &name).await;
    assert_eq!(ok.status, 200, "{}", ok.raw);
    let token = ok.body["token"].as_str().unwrap().to_string();
    assert_eq!(token.len(), 64);
    assert_ne!(token, inv[0].1);
    assert_error(&c.post(&join(0), Some(&inv[0].1), &name).await, 409);
    let lobby = c.get("/api/tables", None).await;
    assert!(!lobby.raw.contains(token.as_str()));
    assert!(lobby.raw.contains("Alice"));

    // The state: the seat's own view with its legal actions; a spectator's
    // without a hand; another table's id, a wrong token.
    let st = c.state(&id, Some(&token)).await;
    assert_eq!(st.status, 200);
    assert_eq!(st.body["seat"], 0);
    assert!(st.body["view"]["hand"]
        .as_array()
        .is_some_and(|h| !h.is_empty()));
    assert!(st.body.get("digest").is_none(), "no digest while playing");
    assert!(st.body.get("seed").is_none());
    let sp = c.state(&id, None).await;
    assert_eq!(sp.status, 200);
    assert!(sp.body["seat"].is_null());
    assert_eq!(sp.body["view"]["hand"], json!([]));
    assert_eq!(sp.body["legal_actions"], json!([]));
    assert_error(&c.state(&id, Some("nonsense")).await, 403);
    // The scheme's name is case-insensitive (RFC 7235); another scheme,
    // or none, is refused.
    let path = format!("/api/tables/{id}/state");
    for (header, status) in [
        (format!("bearer {token}"), 200),
        (format!("BEARER {token}"), 200),
        (format!("Bearer   {token}  "), 200),
        (format!("Basic {token}"), 401),
        (token.clone(), 401),
        ("Bearer ".to_string(), 401),
    ] {
        let a = c
            .send(
                c.http
                    .get(format!("{}{path}", c.base))
                    .header("authorization", &header),
            )
            .await;
        assert_eq!(a.status, status, "{header}: {}", a.raw);
        if status == 200 {
            assert_eq!(a.body["seat"], 0);
        }
    }
    assert_error(&c.state("0000000000000000", Some(&token)).await, 404);

    // A seed only in test mode; a pasted deck list with a bad line.
    let plain = start(common_config_without_test_mode()).await;
    let p = Client::new(plain.addr);
    assert_error(&p.post("/api/tables", None, &req).await, 400);
    let mut no_seed = req.clone();
    no_seed.as_object_mut().unwrap().remove("seed");
    assert_eq!(p.post("/api/tables", None, &no_seed).await.status, 201);
    let narn = include_str!("../../../cards/data/decks/narn.deck");
    let pasted = json!({ "seats": [
        { "player": "human", "deck": { "list": narn } },
        { "player": "random", "deck": "minbari" },
    ]});
    assert_eq!(p.post("/api/tables", None, &pasted).await.status, 201);
    let broken = narn.replacen("[deck]", "[deck]\n2 No Such Card Anywhere", 1);
    let line = broken
        .lines()
        .position(|l| l.contains("No Such Card"))
        .unwrap()
        + 1;
    let bad = json!({ "seats": [
        { "player": "human", "deck": { "list": broken } },
        { "player": "random", "deck": "minbari" },
    ]});
    let a = p.post("/api/tables", None, &bad).await;
    assert_error(&a, 400);
    let problems = a.body["problems"].as_array().expect("problems");
    assert!(
        problems.iter().any(|x| x["seat"] == 0 && x["line"] == line),
        "the problem names its line {line}: {}",
        a.raw
    );
    let bad_player = json!({ "seats": [
        { "player": "wizard", "deck": "narn" }, { "player": "human", "deck": "minbari" } ]});
    assert_error(&p.post("/api/tables", None, &bad_player).await, 400);
    let one = json!({ "seats": [ { "player": "human", "deck": "narn" } ]});
    assert_error(&p.post("/api/tables", None, &one).await, 400);
    plain.stop().await.unwrap();
    server.stop().await.unwrap();
}

fn common_config_without_test_mode() -> b5_server::Config {
    let mut c = test_config("plain");
    c.test_mode = false;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_legal_illegal_stale_and_resent() {
    let server = start(test_config("actions")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            3,
            5,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let st0 = c.state(&id, Some(&tokens[0].1)).await;
    let st1 = c.state(&id, Some(&tokens[1].1)).await;
    assert_eq!(st0.body["seq"], 0);
    // Who acts first.
    let (me, other, st) = if st0.body["to_act"] == true {
        (0, 1, st0)
    } else {
        (1, 0, st1)
    };
    let legal = st.body["legal_actions"].as_array().unwrap().clone();
    assert!(!legal.is_empty());
    let spectator_before = c.state(&id, None).await.body;

    // Illegal: the other seat acting out of turn gets the engine's message
    // and rule, and nothing changes.
    let other_st = c.state(&id, Some(&tokens[other].1)).await;
    if other_st.body["to_act"] == false {
        let a = c.act(&id, &tokens[other].1, 0, &legal[0]).await;
        assert_error(&a, 409);
        assert!(
            a.body["rule"].as_str().is_some_and(|r| !r.is_empty()),
            "{}",
            a.raw
        );
    }
    // Not an action at all.
    let a = c.act(&id, &tokens[me].1, 0, &json!({ "do": "fly" })).await;
    assert_error(&a, 409);
    // Malformed bodies.
    let a = c
        .post(
            &format!("/api/tables/{id}/actions"),
            Some(&tokens[me].1),
            &json!({ "seq": "x" }),
        )
        .await;
    assert_error(&a, 400);
    assert_eq!(
        c.state(&id, None).await.body,
        spectator_before,
        "state unchanged"
    );

    // A legal action; the same (seq, action) again gets the same answer.
    let a = c.act(&id, &tokens[me].1, 0, &legal[0]).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body, json!({ "seq": 1 }));
    let after = c.state(&id, None).await.body;
    let again = c.act(&id, &tokens[me].1, 0, &legal[0]).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body, json!({ "seq": 1 }));
    assert_eq!(
        c.state(&id, None).await.body,
        after,
        "never a double action"
    );
    // Stale: seq 0 with another action, a seq from the future.
    if legal.len() > 1 {
        let a = c.act(&id, &tokens[me].1, 0, &legal[1]).await;
        assert_error(&a, 409);
        assert!(a.body["error"].as_str().unwrap().contains("stale"));
        assert_eq!(a.body["seq"], 1);
    }
    let a = c.act(&id, &tokens[me].1, 7, &legal[0]).await;
    assert_error(&a, 409);
    assert_eq!(a.body["seq"], 1);
    // The other seat's resend of our action is not ours.
    let a = c.act(&id, &tokens[other].1, 0, &legal[0]).await;
    assert_error(&a, 409);
    server.stop().await.unwrap();
}

/// Plays one random legal action for whichever seat may act; returns false
/// when nobody can.
async fn step(c: &Client, id: &str, tokens: &[(usize, String)], pick: usize) -> bool {
    for (_, t) in tokens {
        let st = c.state(id, Some(t)).await;
        let legal = st.body["legal_actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !legal.is_empty() {
            let seq = st.body["seq"].as_u64().unwrap();
            let a = c.act(id, t, seq, &legal[pick % legal.len()]).await;
            assert_eq!(a.status, 200, "{}", a.raw);
            return true;
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_with_the_last_seq() {
    let server = start(test_config("reconnect")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "human"), ("human", "centauri")],
            11,
            5,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let (mut ws, welcome) = c.ws(&id, Some(&tokens[0].1), Some(0)).await;
    assert_eq!(welcome["seq"], 0);
    for i in 0..5 {
        assert!(step(&c, &id, &tokens, i).await);
    }
    let m = ws.until_seq(5).await;
    assert_eq!(m["seq"], 5);
    ws.close().await;
    // Changes 6..=12 happen while the client is away.
    for i in 0..7 {
        assert!(step(&c, &id, &tokens, i * 3).await);
    }
    let (mut ws, welcome) = c.ws(&id, Some(&tokens[0].1), Some(5)).await;
    assert_eq!(welcome["seq"], 12);
    assert_eq!(welcome["seat"], 0);
    // The missed changes, in order, each with its events; the last with
    // the view as it is now.
    for want in 6..=12u64 {
        let m = ws.next_change().await.unwrap();
        assert_eq!(m["type"], "change");
        assert_eq!(m["seq"], want);
        assert!(m["events"].is_array());
        if want < 12 {
            assert!(m["view"].is_null());
        } else {
            assert!(m["view"]["hand"].is_array());
            assert!(m["legal_actions"].is_array());
        }
    }
    // Then live ones.
    assert!(step(&c, &id, &tokens, 1).await);
    let m = ws.next_change().await.unwrap();
    assert_eq!(m["seq"], 13);
    // A client with no seq gets nothing old, only what comes.
    let (mut fresh, welcome) = c.ws(&id, None, None).await;
    assert_eq!(welcome["seq"], 13);
    assert!(step(&c, &id, &tokens, 2).await);
    assert_eq!(fresh.next_change().await.unwrap()["seq"], 14);
    // A bad token, and a table that does not exist.
    let (mut bad, err) = c.ws(&id, Some("nope"), Some(0)).await;
    assert_eq!(err["type"], "error");
    assert_eq!(err["status"], 403);
    assert!(bad.next().await.is_none());
    let r = c.get("/api/tables/ffffffffffffffff/ws", None).await;
    assert!(r.status == 404 || r.status == 400, "{}", r.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seats_and_a_seat_handed_over_and_taken_back() {
    let server = start(test_config("bots")).await;
    let c = Client::new(server.addr);
    // Two computers alone play a whole game.
    let (id, inv) = c
        .create(&table_request(
            &[("greedy", "narn"), ("random", "minbari")],
            5,
            3,
        ))
        .await;
    assert!(inv.is_empty());
    let (mut ws, _) = c.ws(&id, None, Some(0)).await;
    loop {
        let m = ws.next_change().await.expect("the computers play");
        if m["finished"] == true {
            break;
        }
    }
    let end = c.state(&id, None).await.body;
    assert_eq!(end["finished"], true);
    assert!(end["digest"].as_str().is_some_and(|d| d.len() == 16));
    // A finished game's record: set-up, seed and actions.
    let save = c.get(&format!("/api/tables/{id}/save"), None).await;
    assert_eq!(save.status, 200, "{}", save.raw);
    assert!(save.body["seed"].is_u64());
    assert!(save.body["actions"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));

    // A human with a greedy opponent: hands the seat over, the computer
    // plays it; takes it back, and acts again.
    let (id, inv) = c
        .create(&table_request(
            &[("human", "human"), ("greedy", "narn")],
            6,
            4,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let t = &tokens[0].1;
    // No record while the game is played: it would reveal every card.
    let save = c.get(&format!("/api/tables/{id}/save"), Some(t)).await;
    assert_error(&save, 409);
    let away = format!("/api/tables/{id}/seats/0/away");
    assert_error(&c.post(&away, None, &json!({ "away": true })).await, 401);
    assert_error(
        &c.post(
            &format!("/api/tables/{id}/seats/1/away"),
            Some(t),
            &json!({ "away": true }),
        )
        .await,
        403,
    );
    let (mut ws, _) = c.ws(&id, Some(t), Some(0)).await;
    let a = c.post(&away, Some(t), &json!({ "away": true })).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let lobby = c.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(lobby.body["seats"][0]["away"], true);
    // Wait for a change after which seat 0 alone was to act and the game
    // moved on: the computer acted for it.
    let mut prev: Option<Value> = None;
    loop {
        let m = ws.next_change().await.expect("the game goes on");
        if let Some(p) = &prev {
            if p["to_act"] == json!([0]) {
                break;
            }
        }
        if m["finished"] == true {
            panic!("the game ended before the computer acted for seat 0");
        }
        prev = Some(m);
    }
    let a = c.post(&away, Some(t), &json!({ "away": false })).await;
    assert_eq!(a.status, 200);
    let back_at = c.state(&id, Some(t)).await.body["seq"].as_u64().unwrap();
    // Seat 0 acts again itself: on its next turn, a legal action of its own
    // is accepted (stale answers only when the computer opponent was quicker).
    let mut st = c.state(&id, Some(t)).await.body;
    let mut acted = false;
    while st["finished"] != true && !acted {
        let legal = st["legal_actions"].as_array().cloned().unwrap_or_default();
        let seq = st["seq"].as_u64().unwrap();
        if !legal.is_empty() && seq >= back_at {
            let a = c.act(&id, t, seq, &legal[0]).await;
            if a.status == 200 {
                acted = true;
                break;
            }
            assert_error(&a, 409);
        }
        ws.until_seq(seq + 1).await;
        st = c.state(&id, Some(t)).await.body;
    }
    assert!(acted || st["finished"] == true);
    server.stop().await.unwrap();
}

/// Reads the WebSocket until a notice of `kind` (skipping changes).
async fn notice(ws: &mut common::Ws, kind: &str) -> Value {
    loop {
        let m = ws.next().await.expect("socket open");
        if m["type"] == kind {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_by_consent_refused_then_accepted() {
    let server = start(test_config("undo")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            21,
            5,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    for i in 0..6 {
        assert!(step(&c, &id, &tokens, i).await);
    }
    // The seat to act now acts; keep what everyone saw before.
    let mut x = None;
    for (seat, t) in &tokens {
        let st = c.state(&id, Some(t)).await.body;
        if st["to_act"] == true {
            x = Some((*seat, st));
            break;
        }
    }
    let (x, before_x) = x.expect("someone acts");
    let y = 1 - x;
    let before_spect = c.state(&id, None).await.body;
    let n = before_x["seq"].as_u64().unwrap();
    let chosen = before_x["legal_actions"][0].clone();
    assert_eq!(c.act(&id, &tokens[x].1, n, &chosen).await.status, 200);
    let (mut wy, _) = c.ws(&id, Some(&tokens[y].1), None).await;

    let undo = format!("/api/tables/{id}/undo");
    let answer = format!("/api/tables/{id}/undo/answer");
    // Wrong seq; a spectator; nothing to answer.
    assert_error(
        &c.post(&undo, Some(&tokens[x].1), &json!({ "seq": n }))
            .await,
        409,
    );
    assert_error(&c.post(&undo, None, &json!({ "seq": n + 1 })).await, 401);
    assert_error(
        &c.post(
            &answer,
            Some(&tokens[y].1),
            &json!({ "seq": n + 1, "accept": true }),
        )
        .await,
        409,
    );

    // Asked, then refused: nothing changes.
    let a = c
        .post(&undo, Some(&tokens[x].1), &json!({ "seq": n + 1 }))
        .await;
    assert_eq!(a.status, 202, "{}", a.raw);
    assert_eq!(a.body["waiting"], json!([y]));
    let m = notice(&mut wy, "undo").await;
    assert_eq!(m["state"], "asked");
    assert_eq!(m["request"]["by"], x);
    let st = c.state(&id, Some(&tokens[y].1)).await.body;
    assert_eq!(st["undo"]["by"], x);
    // The table waits meanwhile.
    for (_, t) in &tokens {
        let st = c.state(&id, Some(t)).await.body;
        if let Some(a) = st["legal_actions"].as_array().and_then(|l| l.first()) {
            let r = c.act(&id, t, n + 1, a).await;
            assert_error(&r, 409);
            assert!(r.body["error"].as_str().unwrap().contains("waits"));
        }
    }
    assert_error(
        &c.post(&undo, Some(&tokens[x].1), &json!({ "seq": n + 1 }))
            .await,
        409,
    );
    let r = c
        .post(
            &answer,
            Some(&tokens[y].1),
            &json!({ "seq": n + 1, "accept": false }),
        )
        .await;
    assert_eq!(r.body, json!({ "undo": "refused" }));
    assert_eq!(notice(&mut wy, "undo").await["state"], "refused");
    let st = c.state(&id, None).await.body;
    assert_eq!(st["seq"], n + 1);
    assert!(st["undo"].is_null());

    // Asked again, accepted: the table is as before the action, one entry
    // later in the log.
    let a = c
        .post(&undo, Some(&tokens[x].1), &json!({ "seq": n + 1 }))
        .await;
    assert_eq!(a.status, 202);
    let r = c
        .post(
            &answer,
            Some(&tokens[y].1),
            &json!({ "seq": n + 1, "accept": true }),
        )
        .await;
    assert_eq!(r.body, json!({ "undo": "done", "seq": n + 2 }), "{}", r.raw);
    let ch = wy.until_seq(n + 2).await;
    assert_eq!(ch["events"][0]["event"], "undo");
    assert_eq!(ch["events"][0]["undone_from"], n);
    // Its sentence names the player as the game does, and the number.
    let name = after_name(&c, &id, x).await;
    assert_eq!(
        ch["log"],
        json!([format!(
            "{name}'s undo takes back the actions from number {n} on: the table is as it was before them."
        )]),
        "{ch}"
    );
    let after_spect = c.state(&id, None).await.body;
    assert_eq!(after_spect["seq"], n + 2);
    assert_eq!(after_spect["view"], before_spect["view"]);
    let after_x = c.state(&id, Some(&tokens[x].1)).await.body;
    assert_eq!(after_x["view"], before_x["view"]);
    assert_eq!(after_x["legal_actions"], before_x["legal_actions"]);
    // Play goes on from there.
    assert_eq!(c.act(&id, &tokens[x].1, n + 2, &chosen).await.status, 200);
    server.stop().await.unwrap();
}

/// Seat `seat`'s player name in the game's own view.
async fn after_name(c: &Client, id: &str, seat: usize) -> String {
    let st = c.state(id, None).await.body;
    st["view"]["players"][seat]["name"]
        .as_str()
        .expect("a name")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_taken_is_told_to_everyone_watching() {
    let server = start(test_config("joined")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            5,
            3,
        ))
        .await;
    let (mut watcher, _) = c.ws(&id, None, None).await;
    let a = c
        .post(
            &format!("/api/tables/{id}/seats/1/join"),
            Some(&inv[1].1),
            &json!({ "name": "Ben" }),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let m = notice(&mut watcher, "joined").await;
    assert_eq!(m, json!({ "type": "joined", "seat": 1, "name": "Ben" }));
    // A refused join tells nobody anything.
    let again = c
        .post(
            &format!("/api/tables/{id}/seats/1/join"),
            Some(&inv[1].1),
            &json!({ "name": "Mallory" }),
        )
        .await;
    assert_error(&again, 409);
    let a = c
        .post(
            &format!("/api/tables/{id}/seats/0/join"),
            Some(&inv[0].1),
            &json!({ "name": "Ana" }),
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(notice(&mut watcher, "joined").await["name"], "Ana");
    server.stop().await.unwrap();
}

/// Each seat's presence, as the lobby says it.
async fn presences(c: &Client, id: &str) -> Vec<String> {
    let l = c.get(&format!("/api/tables/{id}"), None).await.body;
    l["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["presence"].as_str().expect("presence").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_free_connected_disconnected_away_and_computer() {
    let server = start(test_config("presence")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[
                ("human", "narn"),
                ("human", "minbari"),
                ("greedy", "centauri"),
            ],
            6,
            3,
        ))
        .await;
    assert_eq!(presences(&c, &id).await, ["free", "free", "computer"]);
    let tokens = c.join_all(&id, &inv).await;
    assert_eq!(
        presences(&c, &id).await,
        ["disconnected", "disconnected", "computer"]
    );
    let (mut watcher, _) = c.ws(&id, None, None).await;
    // Seat 0 opens the table twice (a page and a terminal): told once.
    let (w0, _) = c.ws(&id, Some(&tokens[0].1), None).await;
    let m = notice(&mut watcher, "presence").await;
    assert_eq!(
        m,
        json!({ "type": "presence", "seat": 0, "presence": "connected", "name": "Player 0" })
    );
    let (w0b, _) = c.ws(&id, Some(&tokens[0].1), None).await;
    assert_eq!(
        presences(&c, &id).await,
        ["connected", "disconnected", "computer"]
    );
    // The first closes: still there. The last closes: gone.
    w0.close().await;
    let (w1, _) = c.ws(&id, Some(&tokens[1].1), None).await;
    let m = notice(&mut watcher, "presence").await;
    assert_eq!(m["seat"], 1, "seat 0 was still connected: {m}");
    w0b.close().await;
    let m = notice(&mut watcher, "presence").await;
    assert_eq!(
        m,
        json!({ "type": "presence", "seat": 0, "presence": "disconnected", "name": "Player 0" })
    );
    assert_eq!(
        presences(&c, &id).await,
        ["disconnected", "connected", "computer"]
    );
    // Handed to the computer: away, whatever its connections.
    let a = c
        .post(
            &format!("/api/tables/{id}/seats/1/away"),
            Some(&tokens[1].1),
            &json!({ "away": true }),
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(
        presences(&c, &id).await,
        ["disconnected", "away", "computer"]
    );
    w1.close().await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seats_are_anyones_without_an_invitation_and_stay_open_after_a_restart() {
    let cfg = test_config("open-seats");
    let data = cfg.data.clone();
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let mut req = table_request(
        &[
            ("human", "narn"),
            ("human", "minbari"),
            ("human", "centauri"),
        ],
        8,
        3,
    );
    req["open_seats"] = json!(true);
    let (id, inv) = c.create(&req).await;
    let (closed, _) = c
        .create(&table_request(
            &[("human", "narn"), ("greedy", "minbari")],
            9,
            3,
        ))
        .await;
    let lobby = c.get(&format!("/api/tables/{id}"), None).await.body;
    assert_eq!(lobby["open_seats"], true);
    assert_eq!(
        c.get(&format!("/api/tables/{closed}"), None).await.body["open_seats"],
        false
    );
    // Without an invitation: an open table's free seat is taken; a closed
    // table's is not (401); a taken seat is not (409).
    let join = |t: &str, n: usize| format!("/api/tables/{t}/seats/{n}/join");
    let a = c
        .post(&join(&id, 1), None, &json!({ "name": "Walk-in" }))
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body["seat"], 1);
    let walk_in = a.body["token"].as_str().unwrap().to_string();
    assert_error(
        &c.post(&join(&id, 1), None, &json!({ "name": "Late" }))
            .await,
        409,
    );
    assert_error(
        &c.post(&join(&closed, 0), None, &json!({ "name": "Nope" }))
            .await,
        401,
    );
    // The invitation still works for its seat, and a wrong one is refused.
    assert_error(
        &c.post(&join(&id, 0), Some(&inv[2].1), &json!({ "name": "Wrong" }))
            .await,
        403,
    );
    let a = c
        .post(&join(&id, 0), Some(&inv[0].1), &json!({ "name": "Ana" }))
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(c.state(&id, Some(&walk_in)).await.body["seat"], 1);
    server.stop().await.unwrap();

    // After a restart the table is still open: its last free seat is anyone's.
    let mut cfg = test_config("open-seats-2");
    cfg.data = data;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    assert_eq!(
        c.get(&format!("/api/tables/{id}"), None).await.body["open_seats"],
        true
    );
    let a = c
        .post(&join(&id, 2), None, &json!({ "name": "Third" }))
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_error(
        &c.post(&join(&closed, 0), None, &json!({ "name": "Nope" }))
            .await,
        401,
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_computer_players_keep_its_pace() {
    let server = start(test_config("pace")).await;
    let c = Client::new(server.addr);
    let mut req = table_request(&[("greedy", "narn"), ("greedy", "minbari")], 4, 20);
    req["bot_delay_ms"] = json!(200);
    let (id, _) = c.create(&req).await;
    let lobby = c.get(&format!("/api/tables/{id}"), None).await.body;
    assert_eq!(lobby["bot_delay_ms"], 200);
    // Each action waits 200 ms: in 1 s, at most 5 (a slow machine, fewer).
    let (mut ws, _) = c.ws(&id, None, Some(0)).await;
    let first = ws.next_change().await.expect("the computer players act");
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    let seq = c.state(&id, None).await.body["seq"].as_u64().unwrap();
    let more = seq - first["seq"].as_u64().unwrap();
    assert!(more <= 6, "{more} actions in about 1 s at 200 ms each");
    // A pace out of range is refused, naming the field.
    let mut bad = table_request(&[("greedy", "narn"), ("greedy", "minbari")], 4, 20);
    bad["bot_delay_ms"] = json!(60_000);
    let a = c.post("/api/tables", None, &bad).await;
    assert_error(&a, 400);
    assert!(
        a.body["error"].as_str().unwrap().contains("bot_delay_ms"),
        "{}",
        a.raw
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_chat() {
    let server = start(test_config("chat")).await;
    let c = Client::new(server.addr);
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("greedy", "minbari")],
            2,
            3,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let (mut spect, _) = c.ws(&id, None, None).await;
    let chat = format!("/api/tables/{id}/chat");
    let r = c
        .post(&chat, Some(&tokens[0].1), &json!({ "text": "good game" }))
        .await;
    assert_eq!(r.body, json!({ "n": 0 }), "{}", r.raw);
    let m = notice(&mut spect, "chat").await;
    assert_eq!(m["text"], "good game");
    assert_eq!(m["name"], "Player 0");
    assert_eq!(m["seat"], 0);
    assert_error(&c.post(&chat, None, &json!({ "text": "hi" })).await, 401);
    assert_error(
        &c.post(&chat, Some(&tokens[0].1), &json!({ "text": "" }))
            .await,
        400,
    );
    assert_error(
        &c.post(
            &chat,
            Some(&tokens[0].1),
            &json!({ "text": "x".repeat(501) }),
        )
        .await,
        400,
    );
    let all = c.get(&chat, None).await;
    assert_eq!(all.body["count"], 1);
    assert_eq!(all.body["chat"][0]["text"], "good game");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_clock_runs_out_is_played_by_the_computer() {
    let server = start(test_config("clock")).await;
    let c = Client::new(server.addr);
    let mut req = table_request(&[("human", "narn"), ("greedy", "minbari")], 4, 2);
    req["clock_ms"] = json!(5);
    assert_error(&c.post("/api/tables", None, &req).await, 400);
    req["clock_ms"] = json!(100);
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    let (mut ws, _) = c.ws(&id, Some(&tokens[0].1), Some(0)).await;
    // The player never acts: the clock hands the seat to the computer,
    // which plays the game to its end.
    let m = notice(&mut ws, "away").await;
    assert_eq!(
        m,
        json!({ "type": "away", "seat": 0, "away": true, "reason": "clock" })
    );
    loop {
        let m = ws.next_change().await.expect("the game goes on");
        if m["finished"] == true {
            break;
        }
    }
    let lobby = c.get(&format!("/api/tables/{id}"), None).await.body;
    assert_eq!(lobby["seats"][0]["away"], true);
    assert_eq!(lobby["finished"], true);
    server.stop().await.unwrap();
}

/// The lobby waits for news: `GET /api/tables?after=N` answers when a
/// table is made or a seat taken (not before), at once when `N` is old
/// news, and refuses what is not a number.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_answers_when_it_changes() {
    let server = start(test_config("lobby-news")).await;
    let c = Client::new(server.addr);
    let first = c.get("/api/tables", None).await;
    assert_eq!(first.status, 200, "{}", first.raw);
    let news = first.body["news"].as_u64().expect("the lobby's news");
    // Waiting: nothing has changed yet.
    let waiting = {
        let c = Client::new(server.addr);
        tokio::spawn(async move { c.get(&format!("/api/tables?after={news}"), None).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!waiting.is_finished(), "answered with no news");
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("greedy", "minbari")],
            5,
            3,
        ))
        .await;
    let told = tokio::time::timeout(std::time::Duration::from_secs(5), waiting)
        .await
        .expect("answered when the table was made")
        .unwrap();
    assert_eq!(told.status, 200, "{}", told.raw);
    let after = told.body["news"].as_u64().unwrap();
    assert_ne!(after, news);
    assert!(told.raw.contains(&id), "{}", told.raw);
    // A seat taken is news too.
    let waiting = {
        let c = Client::new(server.addr);
        let now = c.get("/api/tables", None).await.body["news"]
            .as_u64()
            .unwrap();
        tokio::spawn(async move { c.get(&format!("/api/tables?after={now}"), None).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    c.join_all(&id, &inv).await;
    let told = tokio::time::timeout(std::time::Duration::from_secs(5), waiting)
        .await
        .expect("answered when the seat was taken")
        .unwrap();
    let seat = &told.body["tables"][0]["seats"][0];
    assert_eq!(seat["taken"], json!(true), "{}", told.raw);
    // Old news is answered at once.
    let old = c.get(&format!("/api/tables?after={news}"), None).await;
    assert_eq!(old.status, 200, "{}", old.raw);
    for bad in ["?after=soon", "?after=-1", "?since=3"] {
        let r = c.get(&format!("/api/tables{bad}"), None).await;
        assert_error(&r, 400);
    }
    server.stop().await.unwrap();
}
