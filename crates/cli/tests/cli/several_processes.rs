//! Three `b5 serve` processes on one PostgreSQL database (issue 29): any
//! process answers any client for any table, the lobby is the same
//! everywhere, a WebSocket through another process gets the owner's
//! changes, and `kill -9` of a table's owner, again and again, loses no
//! acknowledged action: another process takes the table once its lease
//! ran out and play goes on. Each test needs the server `test.sh` starts
//! (`scripts/with-postgres.sh`).

use std::path::Path;
use std::time::{Duration, Instant};

use b5_server::b5::B5Kind;
use b5_server::game::GameKind;
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};

use crate::serve::{call, postgres_database, spawn_with, temp_dir, Served};

/// The lease the tests' processes hold their tables by.
const LEASE: &str = "1";

fn start(data: &Path, url: &str) -> Served {
    spawn_with(data, Some(url), &["--lease-seconds", LEASE])
}

/// The address of the process that owns table `id`, from the database
/// (the synchronous client, on a thread of its own).
fn owner(url: &str, id: &str) -> Option<String> {
    let (url, id) = (url.to_string(), id.to_string());
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        c.query_opt(
            "SELECT p.address FROM tables t JOIN processes p ON p.id = t.owner
             WHERE t.id = $1 AND t.lease_until > now()",
            &[&id],
        )
        .unwrap()
        .and_then(|r| r.get(0))
    })
    .join()
    .unwrap()
}

/// Creates a two-seat table at `base` and joins its seats through `join`
/// (one process each); its id and the seats' tokens.
async fn table_at(
    http: &reqwest::Client,
    base: &str,
    join: &[&str],
    req: &Value,
) -> (String, Vec<String>) {
    let (s, created) = call(
        http,
        "POST",
        format!("{base}/api/tables"),
        None,
        Some(req.clone()),
    )
    .await
    .unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["table"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for (inv, at) in created["seats"].as_array().unwrap().iter().zip(join) {
        let n = inv["seat"].as_u64().unwrap();
        let (s, j) = call(
            http,
            "POST",
            format!("{at}/api/tables/{id}/seats/{n}/join"),
            inv["invitation"].as_str(),
            Some(json!({ "name": format!("P{n}") })),
        )
        .await
        .unwrap();
        assert_eq!(s, 200, "{j}");
        tokens.push(j["token"].as_str().unwrap().to_string());
    }
    (id, tokens)
}

/// Asks any of `bases` (starting at a random one) until one answers 200,
/// for at most 20 s: the answer, and how long it took.
async fn until_served(
    http: &reqwest::Client,
    bases: &[String],
    rng: &mut Pcg64Mcg,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (Value, Duration) {
    let t0 = Instant::now();
    let mut last = String::new();
    while t0.elapsed() < Duration::from_secs(20) {
        let base = &bases[rng.random_range(0..bases.len())];
        match call(http, method, format!("{base}{path}"), token, body.clone()).await {
            Ok((200, v)) => return (v, t0.elapsed()),
            Ok((s, v)) => {
                // Only "moving" answers are expected while a table moves.
                assert!(s == 502 || s == 503, "{method} {path} at {base}: {s} {v}");
                last = format!("{s} {v}");
            }
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{method} {path}: not served within 20 s; last: {last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
async fn postgres_three_processes_serve_one_community() {
    let url = postgres_database("three");
    let data = temp_dir("three-pg");
    let procs: Vec<Served> = (0..3).map(|_| start(&data, &url)).collect();
    let bases: Vec<String> = procs.iter().map(|p| p.base.clone()).collect();
    let http = reqwest::Client::new();
    let req = json!({
        "seats": [ { "player": "human", "deck": "narn" }, { "player": "human", "deck": "centauri" } ],
        "seed": 11,
        "spectators": true,
    });
    // One table made at each process, its seats joined at the others.
    let mut tables = Vec::new();
    for i in 0..3 {
        let join = [bases[(i + 1) % 3].as_str(), bases[(i + 2) % 3].as_str()];
        tables.push(table_at(&http, &bases[i], &join, &req).await);
        assert_eq!(owner(&url, &tables[i].0), Some(bases[i].clone()));
    }
    // The lobby is the same everywhere: every table, once.
    for b in &bases {
        let (s, lobby) = call(&http, "GET", format!("{b}/api/tables"), None, None)
            .await
            .unwrap();
        assert_eq!(s, 200);
        let mut ids: Vec<&str> = lobby["tables"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["table"].as_str())
            .collect();
        ids.sort();
        let mut want: Vec<&str> = tables.iter().map(|(id, _)| id.as_str()).collect();
        want.sort();
        assert_eq!(ids, want, "the lobby at {b}");
    }
    // A spectator's WebSocket at process 1 watches the table process 0
    // owns; a seat acts through process 2.
    let (id, tokens) = &tables[0];
    let ws_url = format!(
        "{}/api/tables/{id}/ws",
        bases[1].replace("http://", "ws://")
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url).await.unwrap();
    ws.send(tokio_tungstenite::tungstenite::Message::text(
        json!({ "type": "hello", "seq": 0 }).to_string(),
    ))
    .await
    .unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let (acted, seq) = act_once(&http, &bases[2..], id, tokens, &mut rng).await;
    assert_eq!(acted, seq + 1);
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = 0;
    while seen < acted {
        let msg = tokio::time::timeout_at(deadline.into(), ws.next())
            .await
            .expect("the owner's change reaches a WebSocket at another process")
            .unwrap()
            .unwrap();
        if let Ok(v) = serde_json::from_str::<Value>(msg.to_text().unwrap_or("")) {
            if let Some(s) = v["seq"].as_u64() {
                seen = seen.max(s);
            }
        }
    }
    // A request passed on is never passed on again: asked as if passed
    // from another process, a process that does not own the table refuses.
    let (s, r) = {
        let res = http
            .get(format!("{}/api/tables/{id}", bases[1]))
            .header("x-b5-forwarded", "1")
            .send()
            .await
            .unwrap();
        (res.status().as_u16(), res.text().await.unwrap())
    };
    assert_eq!(s, 503, "{r}");
    let _ = std::fs::remove_dir_all(&data);
}

/// One legal action by whichever seat may act, through one of `bases`;
/// the table's seq after it, and the seq it was for.
async fn act_once(
    http: &reqwest::Client,
    bases: &[String],
    id: &str,
    tokens: &[String],
    rng: &mut Pcg64Mcg,
) -> (u64, u64) {
    let base = &bases[rng.random_range(0..bases.len())];
    let (seq, seat, a) = crate::serve::choose(http, base, id, tokens, rng)
        .await
        .expect("the game is not over");
    let (s, r) = call(
        http,
        "POST",
        format!("{base}/api/tables/{id}/actions"),
        Some(&tokens[seat]),
        Some(json!({ "seq": seq, "action": a })),
    )
    .await
    .unwrap();
    assert_eq!(s, 200, "{r}");
    (r["seq"].as_u64().unwrap(), seq)
}

/// A legal action of whichever seat may act, asked of any process until
/// one answers; None once the game is over.
async fn choose_anywhere(
    http: &reqwest::Client,
    bases: &[String],
    id: &str,
    tokens: &[String],
    rng: &mut Pcg64Mcg,
) -> Option<(u64, usize, Value)> {
    for (seat, t) in tokens.iter().enumerate() {
        let path = format!("/api/tables/{id}/state");
        let (st, _) = until_served(http, bases, rng, "GET", &path, Some(t), None).await;
        let legal = st["legal_actions"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            let a = legal[rng.random_range(0..legal.len())].clone();
            return Some((st["seq"].as_u64().unwrap(), seat, a));
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
async fn postgres_kill_9_of_a_tables_owner_among_three_loses_nothing_acknowledged() {
    let url = postgres_database("failover");
    let data = temp_dir("failover-pg");
    let mut procs: Vec<Served> = (0..3).map(|_| start(&data, &url)).collect();
    let bases =
        |procs: &[Served]| -> Vec<String> { procs.iter().map(|p| p.base.clone()).collect() };
    let http = reqwest::Client::new();
    let seed = 4242;
    let req = json!({
        "seats": [ { "player": "human", "deck": "narn" }, { "player": "human", "deck": "centauri" } ],
        "seed": seed,
        "options": { "turn_limit": 3 },
    });
    let b = bases(&procs);
    let (id, tokens) = table_at(&http, &b[0], &[&b[1], &b[2]], &req).await;
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut entries: u64 = 0;
    let mut acked: Vec<(usize, Value)> = Vec::new();
    let mut failovers: Vec<Duration> = Vec::new();
    let mut finished = false;
    while !finished {
        // A few actions, each through any process.
        for _ in 0..rng.random_range(0..10) {
            let b = bases(&procs);
            let Some((seq, seat, a)) = choose_anywhere(&http, &b, &id, &tokens, &mut rng).await
            else {
                finished = true;
                break;
            };
            assert_eq!(seq, entries);
            let path = format!("/api/tables/{id}/actions");
            let body = json!({ "seq": seq, "action": a });
            let (r, _) = until_served(
                &http,
                &b,
                &mut rng,
                "POST",
                &path,
                Some(&tokens[seat]),
                Some(body),
            )
            .await;
            assert_eq!(r["seq"].as_u64(), Some(seq + 1), "{r}");
            entries += 1;
            acked.push((seat, a));
        }
        if finished {
            break;
        }
        // kill -9 the table's owner, sometimes with an action in flight
        // to it; a new process takes its place.
        let at = owner(&url, &id).expect("the table has an owner");
        let k = procs
            .iter()
            .position(|p| p.base == at)
            .expect("the owner is one of the three");
        let b = bases(&procs);
        let in_flight = match choose_anywhere(&http, &b, &id, &tokens, &mut rng).await {
            Some((seq, seat, a)) if rng.random_bool(0.5) => {
                let http2 = http.clone();
                let url = format!("{at}/api/tables/{id}/actions");
                let tok = tokens[seat].clone();
                let body = json!({ "seq": seq, "action": a.clone() });
                let task =
                    tokio::spawn(
                        async move { call(&http2, "POST", url, Some(&tok), Some(body)).await },
                    );
                tokio::task::yield_now().await;
                Some((task, seq, seat, a))
            }
            _ => None,
        };
        procs.remove(k).kill9();
        let killed = Instant::now();
        let mut unknown = None;
        if let Some((task, seq, seat, a)) = in_flight {
            match task.await.unwrap() {
                Ok((200, r)) => {
                    assert_eq!(r["seq"].as_u64(), Some(seq + 1));
                    entries += 1;
                    acked.push((seat, a));
                }
                _ => unknown = Some((seq, seat, a)),
            }
        }
        procs.push(start(&data, &url));
        // Another process serves the table, with every acknowledged action.
        let b = bases(&procs);
        let path = format!("/api/tables/{id}/state");
        let (st, _) = until_served(&http, &b, &mut rng, "GET", &path, Some(&tokens[0]), None).await;
        let seq = st["seq"].as_u64().unwrap();
        assert!(
            seq == entries || seq == entries + 1,
            "acknowledged {entries}, the table has {seq}"
        );
        if let Some((useq, seat, a)) = unknown {
            if seq == useq + 1 {
                // Committed before the kill, unacknowledged: resending it
                // gets the acknowledgement, not a second action.
                let body = json!({ "seq": useq, "action": a.clone() });
                let path = format!("/api/tables/{id}/actions");
                let (r, _) = until_served(
                    &http,
                    &b,
                    &mut rng,
                    "POST",
                    &path,
                    Some(&tokens[seat]),
                    Some(body),
                )
                .await;
                assert_eq!(r["seq"].as_u64(), Some(useq + 1), "{r}");
                entries += 1;
                acked.push((seat, a));
            }
        }
        assert_eq!(seq, entries);
        // The next action is acknowledged: the failover's time.
        if let Some((seq, seat, a)) = choose_anywhere(&http, &b, &id, &tokens, &mut rng).await {
            let path = format!("/api/tables/{id}/actions");
            let body = json!({ "seq": seq, "action": a.clone() });
            let (r, _) = until_served(
                &http,
                &b,
                &mut rng,
                "POST",
                &path,
                Some(&tokens[seat]),
                Some(body),
            )
            .await;
            assert_eq!(r["seq"].as_u64(), Some(seq + 1), "{r}");
            failovers.push(killed.elapsed());
            entries += 1;
            acked.push((seat, a));
        }
    }
    assert!(
        failovers.len() >= 3,
        "the game saw {} failovers",
        failovers.len()
    );
    println!("failover (kill -9 of the owner to the next acknowledged action): {failovers:?}");

    // The finished game equals the same game in-process.
    let b = bases(&procs);
    let path = format!("/api/tables/{id}/state");
    let (st, _) = until_served(&http, &b, &mut rng, "GET", &path, None, None).await;
    assert_eq!(st["finished"], true);
    let kind = B5Kind::open_set().unwrap();
    let prepared = kind
        .prepare(req["seats"].as_array().unwrap(), &req["options"])
        .unwrap();
    let mut g = kind.new_game(&prepared.setup, seed).unwrap();
    for (seat, a) in &acked {
        g.apply(*seat, a).unwrap();
    }
    assert_eq!(
        st["digest"].as_str().unwrap(),
        format!("{:016x}", g.digest())
    );
    let _ = std::fs::remove_dir_all(&data);
}
