//! A game stepped through (`GET /api/tables/{id}/replay`): each position
//! is the one its asker saw at the time (a seat's own view, a spectator's
//! public one), every action's log comes with it, and what is not a
//! position of the game is refused with a clear error.

use crate::common;

use common::{start, table_request, test_config, Client};
use serde_json::{json, Value};

/// Two human seats take their first legal action in turn, `n` times; the
/// views of seat 0 and of a spectator (null at a table without them) after
/// each (index 0: before any).
async fn play(
    c: &Client,
    id: &str,
    tokens: &[(usize, String)],
    n: usize,
) -> (Vec<Value>, Vec<Value>) {
    let mut mine = vec![c.state(id, Some(&tokens[0].1)).await.body["view"].clone()];
    let mut public = vec![c.state(id, None).await.body["view"].clone()];
    for _ in 0..n {
        let st = c.state(id, Some(&tokens[0].1)).await.body;
        let seat = st["pending"][0].as_u64().expect("a seat to act") as usize;
        let token = &tokens
            .iter()
            .find(|(s, _)| *s == seat)
            .expect("its token")
            .1;
        let mine_now = c.state(id, Some(token)).await.body;
        let action = mine_now["legal_actions"][0].clone();
        let r = c
            .act(id, token, mine_now["seq"].as_u64().unwrap(), &action)
            .await;
        assert_eq!(r.status, 200, "{}", r.raw);
        mine.push(c.state(id, Some(&tokens[0].1)).await.body["view"].clone());
        public.push(c.state(id, None).await.body["view"].clone());
    }
    (mine, public)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_position_is_the_one_its_asker_saw_then() {
    let server = start(test_config("replay-positions")).await;
    let c = Client::new(server.addr);
    let req = table_request(&[("human", "minbari"), ("human", "narn")], 77, 6);
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    let (mine, public) = play(&c, &id, &tokens, 12).await;
    let url = |q: &str| format!("/api/tables/{id}/replay{q}");
    for at in [0usize, 1, 5, 12] {
        let r = c.get(&url(&format!("?at={at}")), Some(&tokens[0].1)).await;
        assert_eq!(r.status, 200, "{}", r.raw);
        assert_eq!(r.body["at"], json!(at));
        assert_eq!(r.body["total"], json!(12));
        assert_eq!(r.body["seat"], json!(0));
        assert_eq!(r.body["view"], mine[at], "seat 0's view after {at} actions");
        assert!(
            r.body.get("steps").is_none(),
            "steps only when asked: {}",
            r.raw
        );
        let s = c.get(&url(&format!("?at={at}")), None).await;
        assert_eq!(s.status, 200, "{}", s.raw);
        assert_eq!(s.body["seat"], Value::Null);
        assert_eq!(
            s.body["view"], public[at],
            "the spectator's view after {at} actions"
        );
    }
    // No `at`: now.
    let now = c.get(&url(""), None).await;
    assert_eq!(now.body["at"], json!(12));
    assert_eq!(now.body["view"], public[12]);
    // Every action's log, for the whole game whatever the position.
    let r = c.get(&url("?at=3&steps=true"), Some(&tokens[1].1)).await;
    assert_eq!(r.status, 200, "{}", r.raw);
    let steps = r.body["steps"].as_array().expect("the steps");
    assert_eq!(steps.len(), 12, "{}", r.raw);
    assert!(
        steps
            .iter()
            .all(|s| s["seat"].as_u64().is_some_and(|x| x < 2)),
        "{}",
        r.raw
    );
    assert!(
        steps
            .iter()
            .any(|s| s["log"].as_array().is_some_and(|l| !l.is_empty())),
        "{}",
        r.raw
    );
    // The same position asked twice is the same.
    let again = c.get(&url("?at=3&steps=true"), Some(&tokens[1].1)).await;
    assert_eq!(again.body, r.body);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_a_position_is_refused_clearly() {
    let server = start(test_config("replay-refusals")).await;
    let c = Client::new(server.addr);
    let mut req = table_request(&[("human", "minbari"), ("human", "narn")], 78, 6);
    req["spectators"] = json!(false);
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    play(&c, &id, &tokens, 2).await;
    let url = |q: &str| format!("/api/tables/{id}/replay{q}");
    let past = c.get(&url("?at=3"), Some(&tokens[0].1)).await;
    assert_eq!(past.status, 400, "{}", past.raw);
    assert!(
        past.body["error"]
            .as_str()
            .unwrap()
            .contains("past the end"),
        "{}",
        past.raw
    );
    assert!(
        past.body["error"].as_str().unwrap().contains("2 actions"),
        "{}",
        past.raw
    );
    for bad in [
        "?at=two",
        "?at=-1",
        "?at=99999999999999999999",
        "?when=3",
        "?steps=maybe",
    ] {
        let r = c.get(&url(bad), Some(&tokens[0].1)).await;
        assert_eq!(r.status, 400, "{bad}: {}", r.raw);
        assert!(r.body["error"].is_string(), "{bad}: {}", r.raw);
    }
    // No spectators here: no token, or a token of no seat, is refused.
    for stranger in [None, Some("0".repeat(64))] {
        let r = c.get(&url("?at=1"), stranger.as_deref()).await;
        assert_eq!(r.status, 403, "{}", r.raw);
    }
    let missing = c.get("/api/tables/nosuchtable/replay", None).await;
    assert_eq!(missing.status, 404, "{}", missing.raw);
    server.stop().await.unwrap();
}
