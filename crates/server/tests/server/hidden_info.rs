//! Secrets stay secret: two human seats play at random; nothing a seat
//! receives (every byte of its WebSocket messages and state answers) names
//! a card that is in the other seat's hand or deck at that moment, and the
//! spectator stream names nobody's hand (nor any deck).

use crate::common;

use std::collections::HashSet;

use b5_engine::{CardId, Game, PlayerId, Setup, Zone};
use b5_server::b5::{B5Game, B5Kind};
use b5_server::game::{GameKind, TableGame};
use common::{start, table_request, test_config, Client, Ws};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

const SPECTATOR: PlayerId = b5_engine::MAX_PLAYERS as PlayerId;

/// The names `viewer` must not see now: cards in a hidden pile of another
/// player (hand or deck; for a spectator, every hand and deck), unless a
/// card of the same name (or a name containing it) is visible to `viewer`.
fn forbidden(g: &Game, viewer: PlayerId) -> Vec<String> {
    let ids = (0..g.card_count()).map(|i| CardId(i as u16));
    let visible: HashSet<String> = ids
        .clone()
        .filter(|&c| g.visible_to(c, viewer))
        .map(|c| g.card_name(c).to_string())
        .collect();
    let mut out: Vec<String> = ids
        .filter(|&c| {
            let ci = g.card(c);
            ci.owner != viewer
                && matches!(
                    ci.zone,
                    Zone::Hand | Zone::Deck | Zone::Crusade | Zone::Reserve
                )
        })
        .map(|c| g.card_name(c).to_string())
        .filter(|n| !visible.iter().any(|v| v.contains(n.as_str())))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn check(text: &str, names: &[String], who: &str, seq: u64) {
    for n in names {
        assert!(
            !text.contains(n.as_str()),
            "{who} received the hidden card \"{n}\" at seq {seq}: {text}"
        );
    }
}

/// Reads `ws` up to `seq`, checking every message against the names the
/// viewer may not see at the seq the message stands at.
async fn drain(ws: &mut Ws, seq: u64, banned: &[Vec<String>], who: &str) {
    loop {
        let before = ws.bytes.len();
        let m = ws.next_change().await.expect("socket open");
        let s = m["seq"].as_u64().unwrap();
        for text in &ws.bytes[before..] {
            check(text, &banned[s as usize], who, s);
        }
        if s >= seq {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_hidden_reaches_another_seat_or_a_spectator() {
    let server = start(test_config("hidden")).await;
    let client = Client::new(server.addr);
    let seed = 77;
    let req = table_request(&[("human", "narn"), ("human", "minbari")], seed, 3);
    let (id, inv) = client.create(&req).await;
    let tokens = client.join_all(&id, &inv).await;
    let kind = B5Kind::open_set().unwrap();
    let prepared = kind
        .prepare(req["seats"].as_array().unwrap(), &req["options"])
        .unwrap();
    let setup: Setup = serde_json::from_value(prepared.setup.clone()).unwrap();
    let mut mirror = B5Game::new(Game::new(setup, kind.db().clone(), seed).unwrap());
    // banned[viewer][seq]: the names viewer may not see at seq.
    let mut banned: Vec<Vec<Vec<String>>> = vec![
        vec![forbidden(&mirror.game, 0)],
        vec![forbidden(&mirror.game, 1)],
        vec![forbidden(&mirror.game, SPECTATOR)],
    ];
    assert!(
        !banned[1][0].is_empty() && !banned[2][0].is_empty(),
        "the test has secrets to look for"
    );
    let (mut ws0, w0) = client.ws(&id, Some(&tokens[0].1), Some(0)).await;
    let (mut ws1, w1) = client.ws(&id, Some(&tokens[1].1), Some(0)).await;
    let (mut wss, ws_) = client.ws(&id, None, Some(0)).await;
    check(&w0.to_string(), &banned[0][0], "seat 0", 0);
    check(&w1.to_string(), &banned[1][0], "seat 1", 0);
    check(&ws_.to_string(), &banned[2][0], "the spectator", 0);

    // A control: what seat 1 may not see is in what seat 0 receives (its
    // own hand), so the check above would catch a leak.
    let own = client.state(&id, Some(&tokens[0].1)).await;
    assert!(
        banned[1][0].iter().any(|n| own.raw.contains(n.as_str())),
        "seat 0's own state names its hand"
    );

    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut seq = 0u64;
    loop {
        let mut choices = Vec::new();
        for (seat, token) in &tokens {
            let st = client.state(&id, Some(token)).await;
            assert_eq!(st.status, 200);
            check(
                &st.raw,
                &banned[*seat][seq as usize],
                &format!("seat {seat} (state)"),
                seq,
            );
            for a in st.body["legal_actions"].as_array().unwrap() {
                choices.push((*seat, a.clone()));
            }
        }
        let spect = client.state(&id, None).await;
        check(
            &spect.raw,
            &banned[2][seq as usize],
            "the spectator (state)",
            seq,
        );
        assert_eq!(spect.body["view"]["hand"], Value::Array(vec![]));
        if choices.is_empty() {
            assert_eq!(spect.body["finished"], true);
            break;
        }
        let (seat, a) = choices[rng.random_range(0..choices.len())].clone();
        let r = client.act(&id, &tokens[seat].1, seq, &a).await;
        assert_eq!(r.status, 200, "{}", r.raw);
        mirror.apply(seat, &a).unwrap();
        seq += 1;
        banned[0].push(forbidden(&mirror.game, 0));
        banned[1].push(forbidden(&mirror.game, 1));
        banned[2].push(forbidden(&mirror.game, SPECTATOR));
        drain(&mut ws0, seq, &banned[0], "seat 0").await;
        drain(&mut ws1, seq, &banned[1], "seat 1").await;
        drain(&mut wss, seq, &banned[2], "the spectator").await;
    }
    assert!(seq > 20, "a real game was played ({seq} actions)");
    server.stop().await.unwrap();
}
