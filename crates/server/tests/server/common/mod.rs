//! A real server on a free loopback port, and a client that talks to it only
//! through the protocol (reqwest for HTTP, tokio-tungstenite for the
//! WebSocket).

#![allow(dead_code)]

pub mod stored;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use b5_server::{default_kinds, Config, Running};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty folder for a test's store.
pub fn temp_dir(name: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let d = std::env::temp_dir().join(format!("b5-server-test-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A test configuration: test mode (seeds may be chosen), no rate limit
/// to speak of.
pub fn test_config(name: &str) -> Config {
    let mut c = Config::new(temp_dir(name));
    c.test_mode = true;
    c.actions_per_second = 100_000;
    // Tests create many tables from one address (expiry.rs tests the
    // limit).
    c.tables_per_hour = 0;
    c
}

pub async fn start(cfg: Config) -> Running {
    Running::start(cfg, default_kinds().expect("open set"), "127.0.0.1:0")
        .await
        .expect("server starts")
}

pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub ws_base: String,
}

/// An answer: status and JSON body (Null when the body is not JSON).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub raw: String,
}

impl Client {
    pub fn new(addr: std::net::SocketAddr) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: format!("http://{addr}"),
            ws_base: format!("ws://{addr}"),
        }
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Answer {
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let raw = res.text().await.expect("body");
        let body = serde_json::from_str(&raw).unwrap_or(Value::Null);
        Answer { status, body, raw }
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        let mut r = self
            .http
            .post(format!("{}{path}", self.base))
            .body(body.to_string());
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        self.send(r).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut r = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        self.send(r).await
    }

    /// Creates a table; returns its id and the invitations by seat.
    pub async fn create(&self, req: &Value) -> (String, Vec<(usize, String)>) {
        let a = self.post("/api/tables", None, req).await;
        assert_eq!(a.status, 201, "create: {}", a.raw);
        let id = a.body["table"].as_str().expect("table id").to_string();
        let inv = a.body["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| {
                (
                    s["seat"].as_u64().expect("seat") as usize,
                    s["invitation"].as_str().expect("invitation").to_string(),
                )
            })
            .collect();
        (id, inv)
    }

    /// Joins every invitation; returns the tokens by seat.
    pub async fn join_all(&self, id: &str, inv: &[(usize, String)]) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (seat, i) in inv {
            let a = self
                .post(
                    &format!("/api/tables/{id}/seats/{seat}/join"),
                    Some(i),
                    &json!({ "name": format!("Player {seat}") }),
                )
                .await;
            assert_eq!(a.status, 200, "join: {}", a.raw);
            out.push((*seat, a.body["token"].as_str().expect("token").to_string()));
        }
        out
    }

    pub async fn state(&self, id: &str, token: Option<&str>) -> Answer {
        self.get(&format!("/api/tables/{id}/state"), token).await
    }

    pub async fn act(&self, id: &str, token: &str, seq: u64, action: &Value) -> Answer {
        self.post(
            &format!("/api/tables/{id}/actions"),
            Some(token),
            &json!({ "seq": seq, "action": action }),
        )
        .await
    }

    /// Opens the table's WebSocket and says hello; returns the socket after
    /// the welcome, and the welcome.
    pub async fn ws(&self, id: &str, token: Option<&str>, seq: Option<u64>) -> (Ws, Value) {
        let mut hello = json!({ "type": "hello" });
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        if let Some(q) = seq {
            hello["seq"] = json!(q);
        }
        self.ws_hello(id, hello).await
    }

    /// A WebSocket that says `hello` as given; the first answer.
    pub async fn ws_hello(&self, id: &str, hello: Value) -> (Ws, Value) {
        let (mut s, _) =
            tokio_tungstenite::connect_async(format!("{}/api/tables/{id}/ws", self.ws_base))
                .await
                .expect("websocket connects");
        s.send(Message::Text(hello.to_string().into()))
            .await
            .expect("hello");
        let mut ws = Ws {
            s,
            bytes: Vec::new(),
        };
        let welcome = ws.next().await.expect("welcome");
        (ws, welcome)
    }
}

pub struct Ws {
    pub s: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text message received, as sent.
    pub bytes: Vec<String>,
}

impl Ws {
    /// The next JSON message (None when the socket closes).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.s.next().await {
                Some(Ok(Message::Text(t))) => {
                    let t = t.to_string();
                    let v = serde_json::from_str(&t).expect("server messages are JSON");
                    self.bytes.push(t);
                    return Some(v);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next change (or sync) message, skipping acks and pongs.
    pub async fn next_change(&mut self) -> Option<Value> {
        loop {
            let m = self.next().await?;
            match m["type"].as_str() {
                Some("change") | Some("sync") => return Some(m),
                Some("error") => panic!("error message: {m}"),
                _ => continue,
            }
        }
    }

    /// Reads changes until one for `seq` (or later) arrives.
    pub async fn until_seq(&mut self, seq: u64) -> Value {
        loop {
            let m = self.next_change().await.expect("socket open");
            if m["seq"].as_u64().expect("seq") >= seq {
                return m;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.s.close(None).await;
    }
}

/// A 2-seat or more table request with shipped decks.
pub fn table_request(players: &[(&str, &str)], seed: u64, turn_limit: u32) -> Value {
    json!({
        "seats": players.iter().map(|(p, d)| json!({ "player": p, "deck": d })).collect::<Vec<_>>(),
        "seed": seed,
        "options": { "turn_limit": turn_limit },
    })
}
