//! Card packs (`b5 serve --card-packs DIR`): a player's card file offered
//! to the server's tables, checked, kept on disk whole, named in a table
//! request and in the deck check; a table keeps its pack's file and plays
//! on without the pack. Without the flag the server takes none.

use crate::common;

use common::{start, test_config, Client};
use serde_json::{json, Value};

/// An invented card: a neutral conflict.
const FILE: &str = "[cards.\"Pack Blockade\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\nwon = [{ lose_influence = 2, who = \"target\" }]\n";

/// The shipped Human deck with one copy of the pack's card in its deck.
fn deck_with_the_card() -> String {
    let human = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cards/data/decks/human.deck"
    ))
    .expect("the shipped Human deck");
    human.replacen("[deck]\n", "[deck]\n1 Pack Blockade\n", 1)
}

fn table_with_pack(pack: Value) -> Value {
    json!({
        "seats": [
            { "player": "greedy", "deck": { "list": deck_with_the_card() } },
            { "player": "greedy", "deck": "narn" },
        ],
        "options": { "turn_limit": 3, "pack": pack },
        "seed": 7,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pack_is_offered_kept_and_played_with_and_its_tables_outlive_it() {
    let mut cfg = test_config("packs");
    let dir = cfg.data.join("packs");
    cfg.card_packs = Some(dir.clone());
    let server = start(cfg.clone()).await;
    let c = Client::new(server.addr);
    assert_eq!(c.get("/api", None).await.body["card_packs"], true);

    // Offered: checked, on disk whole, listed.
    let a = c
        .post(
            "/api/packs",
            None,
            &json!({ "name": "Harbor Pack", "file": FILE }),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.raw);
    assert_eq!(a.body["cards"], json!(["Pack Blockade"]));
    let on_disk = std::fs::read_to_string(dir.join("Harbor Pack.toml")).expect("on disk");
    assert_eq!(on_disk, FILE);
    let list = c.get("/api/packs", None).await;
    assert_eq!(list.body["enabled"], true);
    assert_eq!(list.body["packs"][0]["name"], "Harbor Pack", "{}", list.raw);
    let one = c.get("/api/packs/harbor%20pack", None).await;
    assert_eq!(one.body["file"], FILE, "{}", one.raw);

    // A name is taken once; names are file names, checked; the file too.
    let again = c
        .post(
            "/api/packs",
            None,
            &json!({ "name": "harbor pack", "file": FILE }),
        )
        .await;
    assert_eq!(again.status, 409, "{}", again.raw);
    for bad in ["../evil", "", " lead", "a/b", &"x".repeat(41)] {
        let r = c
            .post("/api/packs", None, &json!({ "name": bad, "file": FILE }))
            .await;
        assert_eq!(r.status, 400, "{bad:?}: {}", r.raw);
    }
    let typo = FILE.replace("conflict = ", "conflcit = ");
    let r = c
        .post("/api/packs", None, &json!({ "name": "Typo", "file": typo }))
        .await;
    assert_eq!(r.status, 400, "{}", r.raw);
    assert!(
        r.body["error"].as_str().unwrap().starts_with("line 3: "),
        "{}",
        r.raw
    );
    assert!(!dir.join("Typo.toml").exists());

    // The deck check knows the pack's cards only when told the pack.
    let list = deck_with_the_card();
    let plain = c
        .post("/api/decks/check", None, &json!({ "list": list }))
        .await;
    assert_eq!(plain.body["ok"], false, "{}", plain.raw);
    assert!(plain.raw.contains("Pack Blockade"), "{}", plain.raw);
    let with = c
        .post(
            "/api/decks/check",
            None,
            &json!({ "list": list, "pack": "Harbor Pack" }),
        )
        .await;
    assert_eq!(with.body["ok"], true, "{}", with.raw);

    // A table of the pack: its deck holds the card; without the pack the
    // same request is refused; a file in its place is refused.
    let refused = c
        .post("/api/tables", None, &table_with_pack(Value::Null))
        .await;
    assert_eq!(refused.status, 400, "{}", refused.raw);
    let smuggled = c
        .post(
            "/api/tables",
            None,
            &table_with_pack(json!({ "name": "x", "file": FILE })),
        )
        .await;
    assert_eq!(smuggled.status, 400, "{}", smuggled.raw);
    let unknown = c
        .post("/api/tables", None, &table_with_pack(json!("Nope")))
        .await;
    assert_eq!(unknown.status, 400, "{}", unknown.raw);
    let (id, _) = c.create(&table_with_pack(json!("Harbor Pack"))).await;
    let lobby = c.get("/api/tables", None).await;
    let entry = lobby.body["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == id.as_str())
        .cloned()
        .unwrap();
    assert_eq!(entry["pack"], "Harbor Pack", "{entry}");
    let mut st = c.state(&id, None).await;
    for _ in 0..200 {
        if st.body["finished"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        st = c.state(&id, None).await;
    }
    assert_eq!(st.body["finished"], true, "the game is played: {}", st.raw);
    assert!(st.body["sandbox"].is_null(), "not a sandbox: {}", st.raw);
    let seq = st.body["seq"].as_u64().unwrap();
    server.stop().await.unwrap();

    // The pack goes; the table still reads back (it keeps the pack's file),
    // and its record carries the file for `b5 replay`.
    std::fs::remove_file(dir.join("Harbor Pack.toml")).unwrap();
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    assert_eq!(c.get("/api/packs", None).await.body["packs"], json!([]));
    let st = c.state(&id, None).await;
    assert_eq!(st.status, 200, "{}", st.raw);
    assert_eq!(st.body["seq"].as_u64(), Some(seq));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_flag_the_server_takes_no_pack() {
    let server = start(test_config("no-packs")).await;
    let c = Client::new(server.addr);
    assert_eq!(c.get("/api", None).await.body["card_packs"], false);
    let list = c.get("/api/packs", None).await;
    assert_eq!(list.body["enabled"], false, "{}", list.raw);
    let r = c
        .post(
            "/api/packs",
            None,
            &json!({ "name": "Harbor Pack", "file": FILE }),
        )
        .await;
    assert_eq!(r.status, 403, "{}", r.raw);
    let t = c
        .post("/api/tables", None, &table_with_pack(json!("Harbor Pack")))
        .await;
    assert_eq!(t.status, 400, "{}", t.raw);
    assert!(t.raw.contains("no card packs"), "{}", t.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn packs_put_in_the_folder_are_read_at_start_and_a_broken_one_is_left_out() {
    let mut cfg = test_config("packs-folder");
    let dir = cfg.data.join("packs");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Good.toml"), FILE).unwrap();
    std::fs::write(dir.join("Broken.toml"), "[cards.\"X\"]\ntype = 3\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a pack").unwrap();
    cfg.card_packs = Some(dir);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let list = c.get("/api/packs", None).await;
    let names: Vec<&str> = list.body["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Good"], "{}", list.raw);
    server.stop().await.unwrap();
}
