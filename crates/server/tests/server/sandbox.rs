//! Sandboxes (`POST /api/cards/try`, the Cards page's "Try it"): a card of
//! a player's own file tried at a table against a computer player, seated
//! at once, played through the protocol as any table, never stored, never
//! in the lobby, bounded, and gone once left.

use std::time::Duration;

use crate::common;

use common::{start, test_config, Client};
use serde_json::{json, Value};

/// An invented card: a conflict that costs its target 2 influence.
const FILE: &str = "[cards.\"Sandbox Blockade\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\nwon = [{ lose_influence = 2, who = \"target\" }]\ntext = \"Won: the target player loses 2 influence.\"\n";

fn try_request(file: &str, card: &str) -> Value {
    json!({ "file": file, "card": card })
}

/// The action of the seat's menu whose label names `card`, if any.
fn action_naming(state: &Value, card: &str) -> Option<Value> {
    state["view"]["menu"]["groups"]
        .as_array()?
        .iter()
        .flat_map(|g| g["choices"].as_array().into_iter().flatten())
        .find(|c| c["label"].as_str().is_some_and(|l| l.contains(card)))
        .map(|c| c["action"].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_is_tried_at_a_table_of_its_own_that_nothing_keeps() {
    let cfg = test_config("sandbox-play");
    let data = cfg.data.clone();
    let server = start(cfg.clone()).await;
    let c = Client::new(server.addr);
    let a = c
        .post(
            "/api/cards/try",
            None,
            &try_request(FILE, "sandbox blockade"),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.raw);
    let id = a.body["table"].as_str().expect("a table").to_string();
    let token = a.body["token"].as_str().expect("a token").to_string();
    assert_eq!(a.body["seat"], 0);
    assert_eq!(a.body["bot"], "greedy");
    // Not in the lobby; the server says it offers sandboxes.
    let lobby = c.get("/api/tables", None).await;
    assert!(!lobby.raw.contains(&id), "{}", lobby.raw);
    let info = c.get("/api", None).await;
    assert_eq!(info.body["sandboxes"]["max"], 20, "{}", info.raw);
    // The card is in the player's hand, the table in the Conflict Round,
    // and declaring it is on offer.
    let st = c.state(&id, Some(&token)).await;
    assert_eq!(st.status, 200, "{}", st.raw);
    assert!(st.raw.contains("Sandbox Blockade"), "{}", st.raw);
    assert_eq!(st.body["sandbox"], true, "the state says it is a sandbox");
    let declare = action_naming(&st.body, "Sandbox Blockade")
        .unwrap_or_else(|| panic!("declaring the card is on offer: {}", st.raw));
    let seq = st.body["seq"].as_u64().unwrap();
    let r = c.act(&id, &token, seq, &declare).await;
    assert_eq!(r.status, 200, "{}", r.raw);
    // The computer player answers; the table goes on, the log says so.
    let mut st = c.state(&id, Some(&token)).await;
    for _ in 0..100 {
        if st.body["seq"].as_u64() > Some(seq + 1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        st = c.state(&id, Some(&token)).await;
    }
    assert!(st.body["seq"].as_u64() > Some(seq + 1), "{}", st.raw);
    // No one else: no spectators, no other token.
    assert_eq!(c.state(&id, None).await.status, 403);
    server.stop().await.unwrap();

    // Nothing of it was stored: the store's file does not hold the file's
    // card, and a restarted server knows no such table.
    let mut bytes = Vec::new();
    for e in std::fs::read_dir(&data).unwrap().flatten() {
        bytes.extend(std::fs::read(e.path()).unwrap_or_default());
    }
    let hay = String::from_utf8_lossy(&bytes);
    assert!(
        !hay.contains("Sandbox Blockade"),
        "the file reached the disk"
    );
    assert!(!hay.contains(&id), "the table reached the disk");
    let mut cfg2 = cfg;
    cfg2.data = data;
    let server = start(cfg2).await;
    let c = Client::new(server.addr);
    assert_eq!(c.state(&id, Some(&token)).await.status, 404);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_cannot_be_tried_is_refused_saying_why() {
    let server = start(test_config("sandbox-refused")).await;
    let c = Client::new(server.addr);
    // A mistake in the file: its line.
    let typo = FILE.replace("conflict = ", "conflcit = ");
    let a = c
        .post(
            "/api/cards/try",
            None,
            &try_request(&typo, "Sandbox Blockade"),
        )
        .await;
    assert_eq!(a.status, 400, "{}", a.raw);
    assert_eq!(a.body["problems"][0]["line"], 3, "{}", a.raw);
    assert!(
        a.body["error"].as_str().unwrap().starts_with("line 3: "),
        "{}",
        a.raw
    );
    // A card the file does not have.
    let a = c
        .post(
            "/api/cards/try",
            None,
            &try_request(FILE, "Sandbox Blockhead"),
        )
        .await;
    assert_eq!(a.status, 400, "{}", a.raw);
    assert!(
        a.raw.contains("no card named \\\"Sandbox Blockhead\\\""),
        "{}",
        a.raw
    );
    // A name the server's cards have already.
    let taken = c.get("/api/cards", None).await.body["cards"][0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let clash = FILE.replace("Sandbox Blockade", &taken);
    let a = c
        .post("/api/cards/try", None, &try_request(&clash, &taken))
        .await;
    assert_eq!(a.status, 400, "{}", a.raw);
    assert!(
        a.raw.contains("one of this server's cards already"),
        "{}",
        a.raw
    );
    // Not a request at all; an unknown computer player.
    assert_eq!(
        c.post("/api/cards/try", None, &json!({ "text": FILE }))
            .await
            .status,
        400
    );
    let a = c
        .post(
            "/api/cards/try",
            None,
            &json!({ "file": FILE, "card": "Sandbox Blockade", "bot": "deep" }),
        )
        .await;
    assert_eq!(a.status, 400, "{}", a.raw);
    // Nothing was made.
    assert!(server.state.all_tables().is_empty());
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sandboxes_are_bounded_and_leave_once_left() {
    let mut cfg = test_config("sandbox-bounds");
    cfg.max_sandboxes = 2;
    cfg.sandbox_idle = Duration::from_millis(1200);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let req = try_request(FILE, "Sandbox Blockade");
    let first = c.post("/api/cards/try", None, &req).await;
    assert_eq!(first.status, 201, "{}", first.raw);
    assert_eq!(c.post("/api/cards/try", None, &req).await.status, 201);
    let full = c.post("/api/cards/try", None, &req).await;
    assert_eq!(full.status, 429, "{}", full.raw);
    assert!(full.raw.contains("maximum of 2 sandboxes"), "{}", full.raw);
    // Tables kept in the store are not held back by sandboxes.
    let t = c
        .post(
            "/api/tables",
            None,
            &common::table_request(&[("human", "narn"), ("human", "centauri")], 1, 50),
        )
        .await;
    assert_eq!(t.status, 201, "{}", t.raw);
    // Left alone, the sandboxes end and leave memory; there is room again.
    let id = first.body["table"].as_str().unwrap().to_string();
    let mut gone = false;
    for _ in 0..100 {
        if server.state.table(&id).is_none() {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(gone, "an idle sandbox leaves memory");
    let token = first.body["token"].as_str().unwrap();
    assert_eq!(c.state(&id, Some(token)).await.status, 404);
    assert_eq!(c.post("/api/cards/try", None, &req).await.status, 201);
    // The table kept in the store is still there.
    let tid = t.body["table"].as_str().unwrap();
    assert!(server.state.table(tid).is_some());
    server.stop().await.unwrap();

    // A server may offer none.
    let mut cfg = test_config("sandbox-none");
    cfg.max_sandboxes = 0;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let a = c.post("/api/cards/try", None, &req).await;
    assert_eq!(a.status, 403, "{}", a.raw);
    assert!(a.raw.contains("offers no sandboxes"), "{}", a.raw);
    server.stop().await.unwrap();
}
