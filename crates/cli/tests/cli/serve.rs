//! `b5 serve` as a child process: crash recovery (play, `kill -9` at random
//! points, many times, restart: every acknowledged action is there, the
//! tokens still work, play continues, and the finished game equals the same
//! game run in-process), one server per data folder, and a clean stop on
//! SIGTERM.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use b5_server::b5::B5Kind;
use b5_server::game::GameKind;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("b5-serve-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub(crate) struct Served {
    pub child: Child,
    pub base: String,
}

/// `b5 serve` on the store in `data`, or on the PostgreSQL database
/// `store` names (its log still goes to `data`).
fn serve_cmd(data: &Path, store: Option<&str>) -> Command {
    serve_cmd_with(data, store, &[])
}

/// `b5 serve` as [`serve_cmd`], with more flags.
fn serve_cmd_with(data: &Path, store: Option<&str>, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_b5"));
    c.args(["serve", "--addr", "127.0.0.1:0", "--test-mode"])
        .args(["--tables-per-hour", "0"])
        .arg("--data")
        .arg(data)
        .args(["--actions-per-second", "100000"])
        .env("RUST_LOG", "info")
        .env_remove("B5_STORE");
    if let Some(url) = store {
        c.args(["--store", url]);
    }
    c.args(extra);
    c
}

/// Starts `b5 serve` and reads the address it prints.
fn spawn(data: &Path, store: Option<&str>) -> Served {
    spawn_with(data, store, &[])
}

/// Starts `b5 serve` with more flags.
pub(crate) fn spawn_with(data: &Path, store: Option<&str>, extra: &[&str]) -> Served {
    // The server's log, for a failing test's message.
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data.join("serve.log"))
        .unwrap();
    let mut child = serve_cmd_with(data, store, extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log))
        .spawn()
        .expect("b5 serve starts");
    let out = child.stdout.take().unwrap();
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("b5 serve: listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Served { child, base: addr }
}

impl Served {
    pub(crate) fn kill9(mut self) {
        self.child.kill().unwrap(); // SIGKILL on Unix
        self.child.wait().unwrap();
    }
}

impl Drop for Served {
    /// A failing test leaves no server running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) async fn call(
    http: &reqwest::Client,
    method: &str,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> reqwest::Result<(u16, Value)> {
    let mut r = if method == "GET" {
        http.get(url)
    } else {
        http.post(url)
    };
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    if let Some(b) = body {
        r = r.body(b.to_string());
    }
    let res = r.send().await?;
    let status = res.status().as_u16();
    let text = res.text().await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

/// One legal action (chosen with `rng`) of whichever seat may act, with the
/// seq it is for; None when the game is over.
pub(crate) async fn choose(
    http: &reqwest::Client,
    base: &str,
    id: &str,
    tokens: &[String],
    rng: &mut Pcg64Mcg,
) -> Option<(u64, usize, Value)> {
    for (seat, t) in tokens.iter().enumerate() {
        let (s, st) = call(
            http,
            "GET",
            format!("{base}/api/tables/{id}/state"),
            Some(t),
            None,
        )
        .await
        .unwrap();
        assert_eq!(s, 200, "{st}");
        let legal = st["legal_actions"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            let a = legal[rng.random_range(0..legal.len())].clone();
            return Some((st["seq"].as_u64().unwrap(), seat, a));
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_at_random_points_loses_nothing_acknowledged() {
    kill_9_at_random_points(None).await;
}

/// A fresh database on the PostgreSQL server `scripts/with-postgres.sh`
/// starts (test.sh runs the tests that need it).
pub(crate) fn postgres_database(name: &str) -> String {
    let admin = std::env::var("B5_TEST_POSTGRES")
        .expect("B5_TEST_POSTGRES: run under scripts/with-postgres.sh, as test.sh does");
    let db = format!("b5t_{name}_{}", std::process::id());
    b5_server::pg::create_database(&admin, &db).unwrap()
}

async fn kill_9_at_random_points(store: Option<&str>) {
    let data = temp_dir(if store.is_some() { "crash-pg" } else { "crash" });
    let http = reqwest::Client::new();
    let mut srv = spawn(&data, store);
    let seed = 31337;
    let req = json!({
        "seats": [ { "player": "human", "deck": "narn" }, { "player": "human", "deck": "centauri" } ],
        "seed": seed,
        "options": { "turn_limit": 3 },
    });
    let (s, created) = call(
        &http,
        "POST",
        format!("{}/api/tables", srv.base),
        None,
        Some(req.clone()),
    )
    .await
    .unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["table"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for inv in created["seats"].as_array().unwrap() {
        let n = inv["seat"].as_u64().unwrap();
        let (s, j) = call(
            &http,
            "POST",
            format!("{}/api/tables/{id}/seats/{n}/join", srv.base),
            inv["invitation"].as_str(),
            Some(json!({ "name": format!("P{n}") })),
        )
        .await
        .unwrap();
        assert_eq!(s, 200, "{j}");
        tokens.push(j["token"].as_str().unwrap().to_string());
    }

    // A second server on the same data folder refuses to start.
    let second = serve_cmd(&data, store).output().unwrap();
    assert!(!second.status.success());
    assert!(
        String::from_utf8_lossy(&second.stderr).contains("another"),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );

    let mut rng = Pcg64Mcg::seed_from_u64(5);
    // The log's entries so far, and the actions in effect (undone ones
    // removed), in order.
    let mut entries: u64 = 0;
    let mut acked: Vec<(usize, Value)> = Vec::new();
    let mut crashes = 0;
    let mut finished = false;
    while !finished {
        // Play a few actions, each acknowledged.
        for _ in 0..rng.random_range(0..12) {
            let Some((seq, seat, a)) = choose(&http, &srv.base, &id, &tokens, &mut rng).await
            else {
                finished = true;
                break;
            };
            let (s, r) = call(
                &http,
                "POST",
                format!("{}/api/tables/{id}/actions", srv.base),
                Some(&tokens[seat]),
                Some(json!({ "seq": seq, "action": a })),
            )
            .await
            .unwrap();
            assert_eq!(s, 200, "{r}");
            assert_eq!(r["seq"].as_u64(), Some(seq + 1));
            assert_eq!(seq, entries);
            entries += 1;
            acked.push((seat, a));
        }
        if finished {
            break;
        }
        if crashes == 1 && !acked.is_empty() {
            // An undo by consent, and a chat line: both must survive too.
            let asker = acked.last().unwrap().0;
            let (s, r) = call(
                &http,
                "POST",
                format!("{}/api/tables/{id}/undo", srv.base),
                Some(&tokens[asker]),
                Some(json!({ "seq": entries })),
            )
            .await
            .unwrap();
            assert_eq!(s, 202, "{r}");
            let (s, r) = call(
                &http,
                "POST",
                format!("{}/api/tables/{id}/undo/answer", srv.base),
                Some(&tokens[1 - asker]),
                Some(json!({ "seq": entries, "accept": true })),
            )
            .await
            .unwrap();
            assert_eq!((s, r["seq"].as_u64()), (200, Some(entries + 1)), "{r}");
            entries += 1;
            acked.pop();
            let (s, _) = call(
                &http,
                "POST",
                format!("{}/api/tables/{id}/chat", srv.base),
                Some(&tokens[0]),
                Some(json!({ "text": "still here?" })),
            )
            .await
            .unwrap();
            assert_eq!(s, 200);
        }
        // Kill -9, sometimes with an action in flight.
        let in_flight = match choose(&http, &srv.base, &id, &tokens, &mut rng).await {
            Some((seq, seat, a)) if rng.random_bool(0.5) => {
                let http2 = http.clone();
                let url = format!("{}/api/tables/{id}/actions", srv.base);
                let tok = tokens[seat].clone();
                let body = json!({ "seq": seq, "action": a.clone() });
                let task =
                    tokio::spawn(
                        async move { call(&http2, "POST", url, Some(&tok), Some(body)).await },
                    );
                for _ in 0..rng.random_range(0..3) {
                    tokio::task::yield_now().await;
                }
                Some((task, seq, seat, a))
            }
            _ => None,
        };
        srv.kill9();
        crashes += 1;
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
        srv = spawn(&data, store);
        // Every acknowledged action is there; the tokens still work.
        let (s, st) = call(
            &http,
            "GET",
            format!("{}/api/tables/{id}/state", srv.base),
            Some(&tokens[0]),
            None,
        )
        .await
        .unwrap();
        assert_eq!(
            s,
            200,
            "{st}\nserver log:\n{}",
            std::fs::read_to_string(data.join("serve.log")).unwrap_or_default()
        );
        let seq = st["seq"].as_u64().unwrap();
        assert!(
            seq >= entries,
            "acknowledged {entries} entries, the table has {seq}"
        );
        assert!(seq <= entries + 1);
        if let Some((useq, seat, a)) = unknown {
            if seq == useq + 1 {
                // Committed before the crash, unacknowledged: resending it
                // gets the acknowledgement, not a second action.
                let (s, r) = call(
                    &http,
                    "POST",
                    format!("{}/api/tables/{id}/actions", srv.base),
                    Some(&tokens[seat]),
                    Some(json!({ "seq": useq, "action": a.clone() })),
                )
                .await
                .unwrap();
                assert_eq!((s, r["seq"].as_u64()), (200, Some(useq + 1)), "{r}");
                entries += 1;
                acked.push((seat, a));
            }
        }
        assert_eq!(seq, entries);
        if crashes > 1 {
            let (_, chat) = call(
                &http,
                "GET",
                format!("{}/api/tables/{id}/chat", srv.base),
                None,
                None,
            )
            .await
            .unwrap();
            assert_eq!(chat["chat"][0]["text"], "still here?", "{chat}");
        }
    }
    assert!(crashes >= 3, "the game saw {crashes} crashes");

    // The finished game equals the same game in-process.
    let (_, st) = call(
        &http,
        "GET",
        format!("{}/api/tables/{id}/state", srv.base),
        None,
        None,
    )
    .await
    .unwrap();
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

    // The finished game downloads as a save file that `b5 replay` reads.
    let save = http
        .get(format!("{}/api/tables/{id}/save", srv.base))
        .send()
        .await
        .unwrap();
    assert_eq!(save.status().as_u16(), 200);
    let text = save.text().await.unwrap();
    let file = data.join("game.json");
    std::fs::write(&file, &text).unwrap();
    let replay = Command::new(env!("CARGO_BIN_EXE_b5"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "b5 replay reads the download: {}",
        String::from_utf8_lossy(&replay.stderr)
    );
    // It proves its actions (the action chain, save version 3).
    assert!(
        String::from_utf8_lossy(&replay.stdout).contains("every action matches the action chain"),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );

    // SIGTERM: a clean stop.
    let pid = srv.child.id().to_string();
    let k = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(k.success());
    let status = srv.child.wait().unwrap();
    assert!(
        status.success(),
        "b5 serve stops cleanly on SIGTERM: {status}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn loadtest_reports_against_a_running_server() {
    let data = temp_dir("loadtest");
    let mut srv = spawn(&data, None);
    let out = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args([
            "loadtest",
            "--tables",
            "2",
            "--players",
            "3",
            "--duration",
            "1",
            "--stagger",
            "1",
            "--json",
        ])
        .args(["--server", &srv.base])
        .arg("--timeline")
        .arg(data.join("timeline.csv"))
        .output()
        .unwrap();
    srv.child.kill().unwrap();
    srv.child.wait().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    // Measured after the staggered starts: every table plays by then.
    assert_eq!(r["stagger_s"], 1, "{r}");
    // One worker thread unless told otherwise.
    assert_eq!(r["threads"], 1, "{r}");
    assert!(r["actions"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(r["errors"], 0, "{r}");
    assert!(r["ack_ms"]["p99"].is_number(), "{r}");
    assert!(r["fanout_ms"]["p50"].is_number(), "{r}");
    assert!(r["server_stats"]["rss_bytes"].as_u64().unwrap() > 0, "{r}");
    assert!(r["server_stats"]["websockets"].as_u64().is_some(), "{r}");
    // The timeline: a row per second measured, its actions adding up to
    // the report's; the worst second is one of them.
    let csv = std::fs::read_to_string(data.join("timeline.csv")).expect("the timeline");
    let mut rows = csv.lines();
    assert_eq!(rows.next(), Some("second,unix_s,acks,p50_ms,p99_ms,max_ms"));
    let rows: Vec<Vec<f64>> = rows
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert!(
        !rows.is_empty() && rows.iter().all(|r| r.len() == 6),
        "{csv}"
    );
    let acks: f64 = rows.iter().map(|r| r[2]).sum();
    assert_eq!(acks as u64, r["actions"].as_u64().unwrap(), "{csv}");
    assert!(rows.iter().all(|r| r[3] <= r[4] && r[4] <= r[5]), "{csv}");
    assert!(rows[0][1] > 1.7e9, "a Unix time: {csv}");
    let _ = std::fs::remove_dir_all(&data);
}

/// The soft and hard "Max open files" of a process.
fn open_files(pid: u32) -> (u64, u64) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    let mut n = line
        .trim_start_matches("Max open files")
        .split_whitespace()
        .map(|x| x.parse::<u64>().unwrap_or(u64::MAX));
    (n.next().unwrap(), n.next().unwrap())
}

#[test]
fn serve_raises_its_open_files_limit_and_bounds_connections_under_it() {
    let data = temp_dir("nofile");
    let log = data.join("serve.log");
    // Started with a low soft limit (the hard one as it is): the server
    // raises its soft limit to the hard one. Started with a low hard limit
    // too: it holds fewer connections than asked, and says so.
    for (soft, hard) in [("256", None), ("200", Some("200"))] {
        let _ = std::fs::remove_file(&log);
        let mut cmd = Command::new("bash");
        let limits = match hard {
            Some(h) => format!("ulimit -S -n {soft} && ulimit -H -n {h}"),
            None => format!("ulimit -S -n {soft}"),
        };
        cmd.arg("-c")
            .arg(format!("{limits} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_b5"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(&data)
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::from(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&log)
                    .unwrap(),
            ));
        let mut child = cmd.spawn().unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.starts_with("b5 serve: listening on"), "{line}");
        let (now_soft, now_hard) = open_files(child.id());
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(
            now_soft, now_hard,
            "the soft limit is raised to the hard one"
        );
        if hard.is_some() {
            assert!(
                text.contains("max_connections=150"),
                "a hard limit of 200 leaves 150 connections (a quarter kept): {text}"
            );
        } else if open_files(std::process::id()).1 >= 16_384 + 256 {
            assert!(
                !text.contains("too low for --max-connections"),
                "the raised limit fits the default bound: {text}"
            );
        }
    }
}

/// `b5 store copy`: a server's folder copied into another store, which a
/// server then serves the same table from; a running server's store, a
/// copy onto itself and a store that is neither SQLite nor PostgreSQL are
/// refused with their reasons. (Into PostgreSQL and back: the server
/// crate's postgres tests.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_copy_moves_a_servers_tables_to_another_store() {
    let from = temp_dir("copy-from");
    let to = temp_dir("copy-to");
    let b5 = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_b5"))
            .args(args)
            .env_remove("B5_STORE")
            .output()
            .unwrap()
    };
    let from_at = format!("sqlite:{}", from.display());
    let to_at = format!("sqlite:{}", to.display());

    let same = b5(&["store", "copy", "--from", &from_at, "--to", &from_at]);
    assert_eq!(same.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&same.stderr).contains("the same store"));
    let bad = b5(&["store", "copy", "--from", "mysql://x/y", "--to", &to_at]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("a store is sqlite:DIR or postgres://"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );

    let http = reqwest::Client::new();
    let srv = spawn(&from, None);
    let req = json!({
        "seats": [ { "player": "human", "deck": "narn" }, { "player": "greedy", "deck": "centauri" } ],
        "seed": 7,
    });
    let (s, created) = call(
        &http,
        "POST",
        format!("{}/api/tables", srv.base),
        None,
        Some(req),
    )
    .await
    .unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["table"].as_str().unwrap().to_string();

    // The running server owns its store: refused, nothing copied.
    let busy = b5(&["store", "copy", "--from", &from_at, "--to", &to_at]);
    assert_eq!(busy.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&busy.stderr).contains("another server process"),
        "{}",
        String::from_utf8_lossy(&busy.stderr)
    );
    srv.kill9();

    let ok = b5(&["store", "copy", "--from", &from_at, "--to", &to_at]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let said = String::from_utf8_lossy(&ok.stdout);
    assert!(said.contains("copied 1 tables (0 finished)"), "{said}");
    assert!(said.contains("read back and compared"), "{said}");

    // A server on the copy serves the table.
    let srv = spawn(&to, None);
    let (s, st) = call(
        &http,
        "GET",
        format!("{}/api/tables/{id}/state", srv.base),
        None,
        None,
    )
    .await
    .unwrap();
    assert_eq!(s, 200, "{st}");
    drop(srv);
    // Into a store that holds it already: refused.
    let again = b5(&["store", "copy", "--from", &from_at, "--to", &to_at]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds 1 tables"));
}
