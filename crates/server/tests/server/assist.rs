//! What helps a player beside the game itself: the cards' texts, the deck
//! check before a table is made, the log as sentences in every change, why
//! a familiar action is refused, the computer player's advice, and the
//! move clock in the state.

use crate::common;

use common::{start, table_request, test_config, Client};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_and_the_deck_check() {
    let server = start(test_config("assist-cards")).await;
    let c = Client::new(server.addr);
    let cards = c.get("/api/cards", None).await;
    assert_eq!(cards.status, 200, "{}", cards.raw);
    let list = cards.body["cards"].as_array().expect("a list of cards");
    assert!(list.len() > 100, "the Open Set: {} cards", list.len());
    for card in list {
        let name = card["name"].as_str().expect("a name");
        let text = card["text"].as_str().expect("a text");
        assert!(text.contains(name), "{name}'s text names it: {text}");
    }
    assert_eq!(c.get("/api/cards?game=chess", None).await.status, 404);
    // Babylon 5 Empires' cards: each with when it is played and what it does.
    let e = c.get("/api/cards?game=empires", None).await;
    assert_eq!(e.status, 200, "{}", e.raw);
    assert_eq!(e.body["game"], "empires");
    let list = e.body["cards"].as_array().expect("a list of cards");
    assert_eq!(list.len(), 31, "{}", e.raw);
    let tmo = list
        .iter()
        .find(|c| c["name"] == "Tactical Move Order")
        .expect("Tactical Move Order");
    let text = tmo["text"].as_str().unwrap();
    assert!(
        text.contains("Move Phase") && text.contains("stack"),
        "{text}"
    );

    // A shipped deck's list passes; a broken one is refused with its line.
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cards/data/decks/narn.deck"
    ))
    .expect("the shipped Narn deck");
    let ok = c
        .post("/api/decks/check", None, &json!({ "list": good }))
        .await;
    assert_eq!(ok.status, 200, "{}", ok.raw);
    assert_eq!(ok.body["ok"], true, "{}", ok.raw);
    assert_eq!(ok.body["race"], "narn");
    assert!(ok.body["cards"].as_u64().unwrap() >= 30);
    assert_eq!(ok.body["problems"], json!([]));

    let bad = good.replacen("\n", "\n3 No Such Card Anywhere\n", 3);
    let no = c
        .post("/api/decks/check", None, &json!({ "list": bad }))
        .await;
    assert_eq!(no.status, 200, "{}", no.raw);
    assert_eq!(no.body["ok"], false);
    let p = &no.body["problems"][0];
    assert!(p["line"].as_u64().is_some_and(|l| l > 0), "{}", no.raw);
    assert!(
        p["message"]
            .as_str()
            .unwrap()
            .contains("No Such Card Anywhere"),
        "{}",
        no.raw
    );
    // Not a deck check request at all.
    let bad = c
        .post("/api/decks/check", None, &json!({ "deck": 1 }))
        .await;
    assert_eq!(bad.status, 400, "{}", bad.raw);

    // The shipped decks, as the lobby's form offers them: every one of
    // them (two of one race among them) can be named at a table.
    let api = c.get("/api", None).await;
    let decks = api.body["decks"].as_array().expect("the shipped decks");
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../cards/data/decks"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "deck"))
        })
        .count();
    assert_eq!(decks.len(), files, "{}", api.raw);
    let narn: Vec<&str> = decks
        .iter()
        .filter(|d| d["race"] == "narn")
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(narn.len(), 2, "{}", api.raw);
    // The same seed and opponent: the deck named makes the table differ
    // (its ambassador, in play from the start).
    let mut narn_tables = Vec::new();
    for name in narn {
        let req = table_request(&[("human", name), ("human", "minbari")], 1, 5);
        let r = c.post("/api/tables", None, &req).await;
        assert_eq!(r.status, 201, "{name}: {}", r.raw);
        let st = c.state(r.body["table"].as_str().unwrap(), None).await;
        narn_tables.push(st.body["view"]["players"][0].clone());
    }
    assert!(narn_tables[0].is_object());
    assert_ne!(narn_tables[0], narn_tables[1]);
    server.stop().await.unwrap();
}

/// The Cards page's check: a card file's cards with their generated texts
/// beside the kept ones, or its first error at its line; nothing kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_file_is_checked_as_it_is_written() {
    let server = start(test_config("assist-card-check")).await;
    let c = Client::new(server.addr);
    let file = "[cards.\"Page Blockade\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\nwon = [{ lose_influence = 1, who = \"target\" }]\ntext = \"Won: the target player loses 2 influence.\"\n";
    let r = c
        .post("/api/cards/check", None, &json!({ "text": file }))
        .await;
    assert_eq!(r.status, 200, "{}", r.raw);
    assert_eq!(r.body["ok"], true, "{}", r.raw);
    let card = &r.body["cards"][0];
    assert_eq!(card["name"], "Page Blockade");
    assert_eq!(card["line"], 1);
    assert_eq!(card["same"], false);
    assert_eq!(
        card["generated"],
        "Military conflict, target a player. Won: the target player loses 1 influence."
    );
    assert!(
        card["diff"]
            .as_array()
            .is_some_and(|d| d.contains(&json!({ "only_text": "2" }))),
        "{}",
        r.raw
    );
    // A mistake is named at its line and column, with its field.
    let typo = file.replace("conflict = ", "conflcit = ");
    let r = c
        .post("/api/cards/check", None, &json!({ "text": typo }))
        .await;
    assert_eq!(r.status, 200, "{}", r.raw);
    assert_eq!(r.body["ok"], false);
    assert_eq!(r.body["error"]["line"], 3, "{}", r.raw);
    assert_eq!(
        r.body["error"]["field"], "cards.\"Page Blockade\".conflcit",
        "{}",
        r.raw
    );
    assert!(
        r.body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown field")),
        "{}",
        r.raw
    );
    // Not a card check request; a file over the body limit.
    assert_eq!(
        c.post("/api/cards/check", None, &json!({ "file": 1 }))
            .await
            .status,
        400
    );
    let big = "#".repeat(80 * 1024);
    let r = c
        .http
        .post(format!("{}/api/cards/check", c.base))
        .json(&json!({ "text": big }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(r.status().as_u16(), 413);
    // The body is left unread: the server closes the connection and says
    // so, so the next request goes on a new one and is not lost.
    assert_eq!(
        r.headers().get("connection").map(|v| v.as_bytes()),
        Some(&b"close"[..])
    );
    // The file is not among the server's cards.
    let cards = c.get("/api/cards", None).await;
    assert!(!cards.raw.contains("Page Blockade"));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_why_advice_and_clock() {
    let server = start(test_config("assist-play")).await;
    let c = Client::new(server.addr);
    let mut req = table_request(&[("human", "narn"), ("human", "minbari")], 5, 3);
    req["clock_ms"] = json!(600_000);
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    let st = c.state(&id, Some(&tokens[0].1)).await;
    assert_eq!(st.body["clock"]["ms"], 600_000, "{}", st.raw);

    let (mut ws0, _) = c.ws(&id, Some(&tokens[0].1), Some(0)).await;
    let (mut ws1, _) = c.ws(&id, Some(&tokens[1].1), Some(0)).await;
    let mut logs: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut advised = 0;
    for _ in 0..40 {
        // The seat to act asks for advice and takes it.
        let mut acted = false;
        for (seat, t) in &tokens {
            let st = c.state(&id, Some(t)).await;
            if st.body["to_act"] != true {
                // A seat with no choice gets a 409 for advice.
                let a = c.get(&format!("/api/tables/{id}/advice"), Some(t)).await;
                assert_eq!(a.status, 409, "{}", a.raw);
                continue;
            }
            let left = st.body["clock"]["left_ms"]
                .as_u64()
                .expect("the clock runs");
            assert!(left <= 600_000);
            let a = c
                .get(&format!("/api/tables/{id}/advice?bot=greedy"), Some(t))
                .await;
            assert_eq!(a.status, 200, "{}", a.raw);
            let legal = st.body["legal_actions"].as_array().unwrap();
            assert!(
                legal.contains(&a.body["action"]),
                "advice is a legal action: {}",
                a.raw
            );
            assert!(a.body["label"].as_str().is_some_and(|l| !l.is_empty()));
            advised += 1;
            let why = c.get(&format!("/api/tables/{id}/why"), Some(t)).await;
            assert_eq!(why.status, 200, "{}", why.raw);
            assert!(why.body["why"].is_array());
            let seq = st.body["seq"].as_u64().unwrap();
            let r = c.act(&id, t, seq, &a.body["action"]).await;
            assert_eq!(r.status, 200, "seat {seat}: {}", r.raw);
            acted = true;
            break;
        }
        if !acted {
            break;
        }
        for (i, ws) in [&mut ws0, &mut ws1].into_iter().enumerate() {
            let m = ws.next_change().await.expect("a change");
            let log = m["log"].as_array().expect("each change carries its log");
            logs[i].extend(log.iter().map(|l| l.as_str().unwrap().to_string()));
        }
    }
    assert!(advised > 5);
    for l in &logs {
        assert!(!l.is_empty(), "some sentences in 40 changes");
    }
    // A draw is named to its player only: seat 1's log never names a card
    // that seat 0's log shows it drawing (and the other way round).
    for (me, other) in [(0, 1), (1, 0)] {
        let named = logs[me]
            .iter()
            .filter(|l| l.contains(" draws ") && !l.ends_with(" draws a card."));
        for line in named {
            assert!(
                !logs[other].contains(line),
                "seat {other} sees seat {me}'s draw: {line}"
            );
        }
    }
    // Advice needs the seat's token, and a known computer player.
    let no = c.get(&format!("/api/tables/{id}/advice"), None).await;
    assert_eq!(no.status, 401);
    let no = c
        .get(
            &format!("/api/tables/{id}/advice?bot=oracle"),
            Some(&tokens[0].1),
        )
        .await;
    assert_eq!(no.status, 400, "{}", no.raw);
    ws0.close().await;
    ws1.close().await;
    server.stop().await.unwrap();
}

/// The search player: offered at three strengths, plays a seat, and its
/// advice carries its three best choices with their chances, the same for
/// the same position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_search_player_sits_and_advises() {
    let server = start(test_config("assist-search")).await;
    let c = Client::new(server.addr);
    let api = c.get("/api", None).await;
    for bot in ["search-easy", "search-medium", "search-hard"] {
        assert!(
            api.body["bots"].as_array().unwrap().contains(&json!(bot)),
            "{}",
            api.raw
        );
    }
    let (id, inv) = c
        .create(&table_request(
            &[("human", "narn"), ("search-easy", "minbari")],
            4,
            9,
        ))
        .await;
    let tokens = c.join_all(&id, &inv).await;
    let t = &tokens[0].1;
    let (mut advised, mut others_acted, mut repeated) = (0, 0, 0);
    let mut last_seq = None;
    for _ in 0..200 {
        let st = c.state(&id, Some(t)).await;
        if st.body["finished"] == true || advised >= 8 {
            break;
        }
        if st.body["to_act"] != true {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        let seq = st.body["seq"].as_u64().unwrap();
        // The computer seat acted in between.
        if last_seq.is_some_and(|l: u64| seq > l + 1) {
            others_acted += 1;
        }
        let url = format!("/api/tables/{id}/advice?bot=search-medium");
        let a = c.get(&url, Some(t)).await;
        if a.status == 409 {
            continue;
        }
        assert_eq!(a.status, 200, "{}", a.raw);
        assert_eq!(a.body["bot"], "search-medium", "{}", a.raw);
        let legal = st.body["legal_actions"].as_array().unwrap();
        assert!(legal.contains(&a.body["action"]), "{}", a.raw);
        if legal.len() > 1 {
            let top = a.body["top"].as_array().expect("the best choices");
            assert!((1..=3).contains(&top.len()), "{}", a.raw);
            assert_eq!(top[0]["action"], a.body["action"]);
            assert_eq!(top[0]["label"], a.body["label"]);
            for x in top {
                assert!(legal.contains(&x["action"]), "{}", a.raw);
                let chance = x["chance"].as_f64().expect("a chance");
                assert!((0.0..=1.0).contains(&chance), "{}", a.raw);
            }
            // The same position, seat and budget: the same search (unless
            // the computer seat moved meanwhile, in a simultaneous step).
            let again = c.get(&url, Some(t)).await;
            if again.body["seq"] == a.body["seq"] {
                assert_eq!(again.body, a.body);
                repeated += 1;
            }
        }
        advised += 1;
        let r = c.act(&id, t, seq, &a.body["action"]).await;
        // In a simultaneous step the computer seat may have moved first.
        if r.status == 409 {
            continue;
        }
        assert_eq!(r.status, 200, "{}", r.raw);
        last_seq = Some(seq);
    }
    assert!(advised >= 8, "only {advised} pieces of advice");
    assert!(others_acted > 0, "the search seat never acted");
    assert!(repeated > 0, "no advice asked twice for one position");
    server.stop().await.unwrap();
}

/// A search counts on the decks' lists: at a table where a deck list was
/// pasted (not public), a search player's advice is the greedy player's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_deck_list_keeps_the_search_from_advising() {
    let server = start(test_config("assist-search-pasted")).await;
    let c = Client::new(server.addr);
    let narn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cards/data/decks/narn.deck"
    ))
    .expect("the shipped Narn deck");
    // The shipped list with one card less: a list of its player's own.
    let mut lines: Vec<&str> = narn.lines().collect();
    let i = lines
        .iter()
        .rposition(|l| l.starts_with("2 ") || l.starts_with("3 "))
        .expect("a card twice or more");
    let fewer = lines[i].replacen('2', "1", 1).replacen('3', "2", 1);
    lines[i] = &fewer;
    let pasted = lines.join("\n");
    let mut req = table_request(&[("human", "minbari"), ("human", "narn")], 4, 5);
    req["seats"][1]["deck"] = json!({ "list": pasted });
    let (id, inv) = c.create(&req).await;
    assert!(!id.is_empty(), "the pasted list is legal");
    let tokens = c.join_all(&id, &inv).await;
    let mut asked = 0;
    for (_, t) in &tokens {
        let a = c
            .get(&format!("/api/tables/{id}/advice?bot=search-hard"), Some(t))
            .await;
        if a.status == 409 {
            continue;
        }
        assert_eq!(a.status, 200, "{}", a.raw);
        assert_eq!(a.body["bot"], "greedy", "{}", a.raw);
        assert!(a.body.get("top").is_none(), "{}", a.raw);
        asked += 1;
    }
    assert!(asked > 0);
    server.stop().await.unwrap();
}

/// A finished game's chart: every seat's chance to win after each turn, as
/// the search player sees it; refused while the game is played (it would
/// tell what the search sees of hidden cards) and to a stranger at a table
/// without spectators; worked out once and the same when asked again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_charts_each_players_chances() {
    let server = start(test_config("assist-chart")).await;
    let c = Client::new(server.addr);
    let mut req = table_request(&[("greedy", "narn"), ("human", "minbari")], 8, 5);
    req["spectators"] = json!(false);
    let (id, inv) = c.create(&req).await;
    let tokens = c.join_all(&id, &inv).await;
    let t = &tokens[0].1;
    let chart = format!("/api/tables/{id}/chart");
    let early = c.get(&chart, Some(t)).await;
    assert_eq!(early.status, 409, "{}", early.raw);
    assert!(early.raw.contains("not over"), "{}", early.raw);
    // The human seat hands itself to the computer; the game runs to its
    // turn limit or a winner.
    let away = c
        .post(
            &format!("/api/tables/{id}/seats/1/away"),
            Some(t),
            &json!({ "away": true }),
        )
        .await;
    assert_eq!(away.status, 200, "{}", away.raw);
    let (mut ws, _) = c.ws(&id, Some(t), Some(0)).await;
    while ws.next_change().await.expect("the computers play")["finished"] != true {}
    let end = c.state(&id, Some(t)).await.body;
    let last_turn = end["view"]["turn"].as_u64().expect("the turn");
    for stranger in [None, Some("0".repeat(64))] {
        let r = c.get(&chart, stranger.as_deref()).await;
        assert_eq!(r.status, 403, "{}", r.raw);
    }
    let r = c.get(&chart, Some(t)).await;
    assert_eq!(r.status, 200, "{}", r.raw);
    let turns = r.body["turns"].as_array().expect("the turns");
    assert!(turns.len() >= 2, "{}", r.raw);
    let mut prev = 0;
    for p in turns {
        let turn = p["turn"].as_u64().expect("a turn");
        assert!(turn > prev && turn <= last_turn, "{}", r.raw);
        prev = turn;
        let chances: Vec<f64> = p["chances"]
            .as_array()
            .expect("chances")
            .iter()
            .map(|x| x.as_f64().expect("a number"))
            .collect();
        assert_eq!(chances.len(), 2, "{}", r.raw);
        assert!(chances.iter().all(|x| (0.0..=1.0).contains(x)), "{}", r.raw);
        assert!(chances.iter().sum::<f64>() <= 1.002, "{}", r.raw);
    }
    // Worked out before the game's end moved anyone's chances apart: the
    // first turn is no sure thing for either player.
    let first = turns[0]["chances"].as_array().unwrap();
    assert!(
        first.iter().all(|x| x.as_f64().unwrap() < 0.95),
        "{}",
        r.raw
    );
    let again = c.get(&chart, Some(t)).await;
    assert_eq!(again.body, r.body);
    server.stop().await.unwrap();
}
