//! `b5 loadtest`: a benchmark of a running `b5 serve`. Opens tables whose
//! seats are all played by client-side random players through the protocol
//! (a WebSocket per seat for changes and, as the browser client does, for
//! actions; `--actions-over http` posts them instead), each thinking `--think-ms` (between half and one and a
//! half times it) before acting; a finished game is replaced by a new table
//! until `--duration` is over.
//!
//! A player keeps reading its WebSocket while it thinks (a change that
//! arrives meanwhile is taken in at once, so the latency to the other
//! seats is measured when the message arrives, not when the player looks
//! up), and acts on the latest choices it has. It picks uniformly from the
//! `legal_actions` it was sent and never reads the view (a message is
//! parsed for its `type`, `seq`, `legal_actions` and `finished` only): the
//! load generator shares the machine and must stay cheap; it reports its
//! own CPU time (and the server's with `--server-pid`).
//!
//! Tables are created and seated at most [`SETUP_AT_ONCE`] at a time; the
//! measurement starts once every table is seated and `--warmup` seconds
//! have passed (the set-up, a burst of table creations and joins, is not
//! measured). Tables seated together play in step, so that a short
//! measurement falls on one part of every game (all seats choosing at
//! once, or one seat at a time); `--stagger S` starts each table's players
//! at a random moment of the S seconds after the seating, as tables of
//! real players start, and the warm-up follows them. Reports actions
//! acknowledged, errors, the latency from request to acknowledgement and
//! from acknowledgement to the other seats' WebSocket messages, actions
//! per second and the server's memory.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::{derive_seed, Fail};

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server to load (a running `b5 serve`), or several processes
    /// sharing one store, comma-separated: each table is made at one and
    /// its players connect to the others in turn, as a balancing proxy
    /// would spread them
    #[arg(
        long,
        default_value = "http://127.0.0.1:8080",
        value_name = "URL[,URL...]"
    )]
    pub server: String,
    /// Tables played at once
    #[arg(long, default_value_t = 10, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub tables: u32,
    /// Seats per table, each a client-side player
    #[arg(long, default_value_t = 5, value_name = "P",
          value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Each player thinks about this long before each action
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub think_ms: u64,
    /// How long to run, in seconds
    #[arg(long, default_value_t = 10, value_name = "S",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub duration: u64,
    /// Seed of the players' choices
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds to let the load settle, once every table is seated, before
    /// the measurement starts
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub warmup: u64,
    /// Spread the tables' first actions over this many seconds once they
    /// are seated (each table starts at a random moment of it), so that
    /// they do not all reach the same step of the game together as tables
    /// seated at once would; the warm-up counts from its end
    #[arg(long, default_value_t = 0, value_name = "S",
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub stagger: u64,
    /// The server's process id (same machine): its CPU time over the
    /// measurement is reported too
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// Print the report as one JSON object
    #[arg(long)]
    pub json: bool,
    /// How the players send their actions: on their WebSocket, as the
    /// browser client does, or as HTTP requests (`POST .../actions`)
    #[arg(long, value_enum, default_value_t = ActionsOver::Websocket)]
    pub actions_over: ActionsOver,
    /// The load generator's worker threads. One by default: it leaves the
    /// other cores to the server it loads on the same machine, and costs a
    /// fifth less CPU per action than two (no work handed between threads)
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Also write the acknowledgements second by second to this file (CSV:
    /// the second of the measurement and its Unix time, actions
    /// acknowledged in it, their latency p50, p99 and max in ms), to see
    /// whether a tail is spread over the run or comes from a few stalls,
    /// and to line them up with the machine's own figures (`vmstat -t 1`)
    #[arg(long, value_name = "FILE")]
    pub timeline: Option<std::path::PathBuf>,
}

/// How a load-test player sends its actions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionsOver {
    Websocket,
    Http,
}

/// How long a request or a WebSocket connection may wait for its answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Tables being created and seated at once.
pub const SETUP_AT_ONCE: usize = 32;

#[derive(Default)]
struct Stats {
    acks: u64,
    errors: u64,
    stale: u64,
    games: u64,
    /// WebSocket text messages received while measuring, and their bytes.
    messages: u64,
    message_bytes: u64,
    ack_ms: Vec<f64>,
    /// When each of `ack_ms` was requested, in seconds since the start.
    ack_second: Vec<u32>,
    fanout_ms: Vec<f64>,
    first_errors: Vec<String>,
}

impl Stats {
    fn error(&mut self, what: String) {
        self.errors += 1;
        if self.first_errors.len() < 5 {
            self.first_errors.push(what);
        }
    }
}

/// When each action of a table was acknowledged to the seat that took it.
#[derive(Default)]
struct Acks {
    at: HashMap<u64, Instant>,
}

struct Ctx {
    http: reqwest::Client,
    actions_over: ActionsOver,
    /// The processes loaded: each one's http:// and ws:// address.
    servers: Vec<(String, String)>,
    think: Duration,
    duration: Duration,
    tables: usize,
    warmup: Duration,
    /// Each table's players start within this long after it is seated.
    stagger: Duration,
    /// Tables seated so far; when all are, the measurement starts
    /// `warmup` later (the set-up, a burst of table creations and joins,
    /// is not measured).
    seated: std::sync::atomic::AtomicUsize,
    /// Of them, slots that could not seat their first table (gave up).
    unseated: std::sync::atomic::AtomicUsize,
    start: std::sync::OnceLock<Instant>,
    /// Limits the tables being set up at once.
    setup: tokio::sync::Semaphore,
    stats: Mutex<Stats>,
}

impl Ctx {
    fn seated(&self) {
        let n = self
            .seated
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
            + 1;
        if n >= self.tables {
            let _ = self.start.set(Instant::now() + self.stagger + self.warmup);
        }
    }

    /// Measuring (every table seated) and since when.
    fn measuring(&self, t: Instant) -> bool {
        self.start.get().is_some_and(|&s| t >= s)
    }

    fn over(&self) -> bool {
        self.start
            .get()
            .is_some_and(|&s| Instant::now() >= s + self.duration)
    }

    /// When the run ends (an hour from now while tables are being seated).
    fn end(&self) -> Instant {
        match self.start.get() {
            Some(&s) => s + self.duration,
            None => Instant::now() + Duration::from_secs(3600),
        }
    }

    fn stats(&self) -> std::sync::MutexGuard<'_, Stats> {
        self.stats.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Asks process `at` (modulo their number).
async fn call(
    ctx: &Ctx,
    at: usize,
    post: bool,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let url = format!("{}{path}", ctx.servers[at % ctx.servers.len()].0);
    let mut r = if post {
        ctx.http.post(url)
    } else {
        ctx.http.get(url)
    };
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    if let Some(b) = body {
        r = r.body(b.to_string());
    }
    let res = r.send().await.map_err(|e| with_causes(&e))?;
    let status = res.status().as_u16();
    let text = res.text().await.map_err(|e| e.to_string())?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

/// An error with the errors that caused it ("error sending request"
/// says little without them).
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

const DECKS: [&str; 5] = ["centauri", "human", "minbari", "narn", "non-aligned"];

/// Plays tables one after another at one "slot" until the deadline.
async fn table_slot(ctx: Arc<Ctx>, slot: u64, players: u8, seed: u64) {
    let mut game = 0u64;
    while !ctx.over() {
        game += 1;
        let seats: Vec<Value> = (0..players as usize)
            .map(|i| json!({ "player": "human", "deck": DECKS[(slot as usize + i) % DECKS.len()] }))
            .collect();
        let req = json!({ "seats": seats, "options": { "turn_limit": 100 } });
        let permit = ctx.setup.acquire().await;
        let (id, invitations) =
            match call(&ctx, slot as usize, true, "/api/tables", None, Some(&req)).await {
                Ok((201, v)) => (
                    v["table"].as_str().unwrap_or_default().to_string(),
                    v["seats"].as_array().cloned().unwrap_or_default(),
                ),
                other => {
                    let why = match other {
                        Ok((s, v)) => format!("{s} {}", v["error"].as_str().unwrap_or_default()),
                        Err(e) => e,
                    };
                    ctx.stats().error(format!("create a table: {why}"));
                    if game == 1 {
                        // Not seated at all (e.g. the server holds its maximum
                        // of tables): this slot gives up, and the run says why
                        // (counted, so that the others do not wait for it).
                        ctx.unseated
                            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        ctx.seated();
                        return;
                    }
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
        let mut tokens = Vec::new();
        for inv in &invitations {
            let seat = inv["seat"].as_u64().unwrap_or(0);
            let path = format!("/api/tables/{id}/seats/{seat}/join");
            let body = json!({ "name": format!("Load {slot}.{seat}") });
            let at = (slot + seat) as usize;
            match call(
                &ctx,
                at,
                true,
                &path,
                inv["invitation"].as_str(),
                Some(&body),
            )
            .await
            {
                Ok((200, v)) => tokens.push(v["token"].as_str().unwrap_or_default().to_string()),
                Ok((s, v)) => ctx.stats().error(format!("join: {s} {v}")),
                Err(e) => ctx.stats().error(format!("join: {e}")),
            }
        }
        drop(permit);
        if game == 1 {
            ctx.seated();
            // `--stagger`: this table starts at its own moment.
            if !ctx.stagger.is_zero() {
                let mut rng = Pcg64Mcg::seed_from_u64(derive_seed(seed, slot * 1_000_000 + 9));
                tokio::time::sleep(ctx.stagger.mul_f64(rng.random_range(0.0..1.0))).await;
            }
        }
        let acks = Arc::new(Mutex::new(Acks::default()));
        let mut seats = Vec::new();
        for (i, t) in tokens.into_iter().enumerate() {
            let rng = derive_seed(seed, slot * 1_000_000 + game * 10 + i as u64);
            seats.push(tokio::spawn(seat_loop(
                ctx.clone(),
                slot as usize + i + 1,
                id.clone(),
                t,
                acks.clone(),
                rng,
            )));
        }
        let mut finished = false;
        for s in seats {
            finished |= s.await.unwrap_or(false);
        }
        if finished && ctx.start.get().is_some() {
            ctx.stats().games += 1;
        }
    }
}

/// One seat's player; true when it saw the game end.
async fn seat_loop(
    ctx: Arc<Ctx>,
    at: usize,
    id: String,
    token: String,
    acks: Arc<Mutex<Acks>>,
    seed: u64,
) -> bool {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let url = format!(
        "{}/api/tables/{id}/ws",
        ctx.servers[at % ctx.servers.len()].1
    );
    let mut ws = match tokio::time::timeout(
        ANSWER_WITHIN,
        tokio_tungstenite::connect_async_with_config(url, Some(ws_config()), false),
    )
    .await
    {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => {
            ctx.stats().error(format!("websocket: {}", with_causes(&e)));
            return false;
        }
        Err(_) => {
            ctx.stats().error(format!(
                "websocket: no connection within {} s",
                ANSWER_WITHIN.as_secs()
            ));
            return false;
        }
    };
    // As the browser client does: a whole view first, then patches.
    let hello =
        json!({ "type": "hello", "token": token, "seq": 0, "view_patches": true }).to_string();
    if ws.send(Message::Text(hello.into())).await.is_err() {
        ctx.stats().error("websocket hello".into());
        return false;
    }
    let path = format!("/api/tables/{id}/state");
    let (mut seq, mut legal) = match call(&ctx, at, false, &path, Some(&token), None).await {
        Ok((200, v)) => (
            v["seq"].as_u64().unwrap_or(0),
            v["legal_actions"].as_array().cloned().unwrap_or_default(),
        ),
        other => {
            ctx.stats().error(format!("state: {other:?}"));
            return false;
        }
    };
    let mut mine: HashSet<u64> = HashSet::new();
    let act = format!("/api/tables/{id}/actions");
    // When this player, thinking, will act (None: it has no choice).
    let mut act_at: Option<Instant> = None;
    // The action sent on the WebSocket and not yet answered.
    let mut waiting: Option<Sent> = None;
    let mut next_id = 0u64;
    loop {
        if ctx.over() {
            return false;
        }
        if legal.is_empty() || waiting.is_some() {
            act_at = None;
        } else if act_at.is_none() {
            let f = rng.random_range(0.5..1.5);
            act_at = Some(Instant::now() + ctx.think.mul_f64(f));
        }
        if act_at.is_some_and(|t| t <= Instant::now()) {
            act_at = None;
            let a = &legal[rng.random_range(0..legal.len())];
            let sent = Sent {
                id: next_id,
                at: Instant::now(),
                seq,
            };
            next_id += 1;
            if ctx.actions_over == ActionsOver::Http {
                let body = json!({ "seq": seq, "action": a });
                let answer = call(&ctx, at, true, &act, Some(&token), Some(&body)).await;
                answered(&ctx, &acks, &mut mine, &sent, answer);
            } else {
                let m = json!({ "type": "action", "seq": seq, "action": a, "id": sent.id });
                if ws.send(Message::Text(m.to_string().into())).await.is_err() {
                    ctx.stats()
                        .error("websocket: the action could not be sent".into());
                    return false;
                }
                waiting = Some(sent);
            }
            // The choices were those of `seq`: the next change brings new
            // ones.
            legal.clear();
            continue;
        }
        // The next message, or the end of thinking.
        let until = act_at.unwrap_or_else(|| ctx.end());
        let msg = tokio::select! {
            m = ws.next() => m,
            _ = tokio::time::sleep_until(until.into()) => continue,
        };
        let msg = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            _ => {
                if !ctx.over() {
                    ctx.stats().error("websocket closed".into());
                }
                return false;
            }
        };
        let now = Instant::now();
        if ctx.measuring(now) {
            let mut st = ctx.stats();
            st.messages += 1;
            st.message_bytes += msg.len() as u64;
        }
        // Only what a player needs (the view is skipped, not built).
        let Ok(m) = serde_json::from_str::<ServerMsg>(msg.as_str()) else {
            ctx.stats().error("websocket: not JSON".into());
            return false;
        };
        if m.kind == "ack" || m.kind == "error" {
            let Some(sent) = waiting.take_if(|w| m.id == Some(w.id)) else {
                if m.kind == "error" {
                    let why = m.error.unwrap_or_default();
                    ctx.stats().error(format!("websocket: {why}"));
                }
                continue;
            };
            let answer = match m.kind.as_str() {
                "ack" => (200, Value::Null),
                _ => (m.status.unwrap_or(0), json!({ "error": m.error })),
            };
            answered(&ctx, &acks, &mut mine, &sent, Ok(answer));
            continue;
        }
        if m.kind != "change" && m.kind != "sync" {
            continue;
        }
        let Some(new_seq) = m.seq else { continue };
        if new_seq < seq {
            continue;
        }
        seq = new_seq;
        if !mine.contains(&seq) && m.kind == "change" {
            // Another seat's action: from its acknowledgement to here (0
            // when this message came first).
            let acked = acks
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .at
                .get(&seq)
                .copied();
            if ctx.measuring(now) {
                let ms = acked.map_or(0.0, |a| {
                    now.saturating_duration_since(a).as_secs_f64() * 1000.0
                });
                ctx.stats().fanout_ms.push(ms);
            }
        }
        // The choices at this seq (a catch-up's earlier changes carry
        // none: only the last one says what this seat may do now).
        legal = m.legal_actions.unwrap_or_default();
        if m.finished == Some(true) {
            return true;
        }
    }
}

/// A player's WebSocket: read into a buffer of 8 KiB (tungstenite's
/// default, 128 KiB a connection, is allocated and zeroed for every read:
/// a quarter of the load generator's time, and 2 GB at 15,000 seats),
/// written at once.
fn ws_config() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
}

/// A server message, as far as a player reads it.
#[derive(serde::Deserialize)]
struct ServerMsg {
    #[serde(rename = "type")]
    kind: String,
    seq: Option<u64>,
    legal_actions: Option<Vec<Value>>,
    finished: Option<bool>,
    /// An acknowledgement's or an error's: the action's id.
    id: Option<u64>,
    status: Option<u16>,
    error: Option<String>,
}

/// An action a player sent: its id, when, and at which seq it was chosen.
struct Sent {
    id: u64,
    at: Instant,
    seq: u64,
}

/// Counts the answer to an action: acknowledged (and when, for the other
/// seats' latency), stale (another seat was first) or an error.
fn answered(
    ctx: &Ctx,
    acks: &Mutex<Acks>,
    mine: &mut HashSet<u64>,
    sent: &Sent,
    answer: Result<(u16, Value), String>,
) {
    match answer {
        Ok((200, _)) => {
            let now = Instant::now();
            mine.insert(sent.seq + 1);
            acks.lock()
                .unwrap_or_else(|p| p.into_inner())
                .at
                .insert(sent.seq + 1, now);
            if let Some(&start) = ctx.start.get().filter(|&&s| sent.at >= s) {
                let mut st = ctx.stats();
                st.acks += 1;
                st.ack_ms
                    .push(now.duration_since(sent.at).as_secs_f64() * 1000.0);
                st.ack_second
                    .push(sent.at.duration_since(start).as_secs() as u32);
            }
        }
        Ok((409, v)) if v["error"].as_str().is_some_and(|m| m.starts_with("stale")) => {
            if ctx.measuring(sent.at) {
                ctx.stats().stale += 1;
            }
        }
        Ok((s, v)) => ctx.stats().error(format!("action: {s} {v}")),
        Err(e) => ctx.stats().error(format!("action: {e}")),
    }
}

/// CPU time (user and system) of a process so far, in seconds: this one
/// (None) or another on the same machine (Linux; None elsewhere).
fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let stat = std::fs::read_to_string(path).ok()?;
    // After the command name (in parentheses, which may hold spaces): the
    // state is field 3, utime and stime fields 14 and 15, in the kernel's
    // USER_HZ (100 per second on Linux).
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The acknowledgements second by second: `(second, latencies)`, each
/// row `[second, count, p50, p99, max]`.
fn timeline(ms: &[f64], second: &[u32]) -> Vec<[f64; 5]> {
    let mut by: std::collections::BTreeMap<u32, Vec<f64>> = Default::default();
    for (&m, &s) in ms.iter().zip(second) {
        by.entry(s).or_default().push(m);
    }
    by.into_iter()
        .map(|(s, mut v)| {
            let p = percentiles(&mut v);
            let f = |k: &str| p[k].as_f64().unwrap_or(0.0);
            [s as f64, v.len() as f64, f("p50"), f("p99"), f("max")]
        })
        .collect()
}

/// Writes [`timeline`] as CSV.
fn write_timeline(
    path: &std::path::Path,
    start_unix_s: f64,
    rows: &[[f64; 5]],
) -> std::io::Result<()> {
    let mut out = String::from("second,unix_s,acks,p50_ms,p99_ms,max_ms\n");
    for r in rows {
        out += &format!(
            "{},{:.1},{},{},{},{}\n",
            r[0],
            start_unix_s + r[0],
            r[1],
            r[2],
            r[3],
            r[4]
        );
    }
    std::fs::write(path, out)
}

fn percentiles(v: &mut [f64]) -> Value {
    if v.is_empty() {
        return json!({ "p50": null, "p95": null, "p99": null, "max": null });
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let p = |q: f64| {
        let i = ((v.len() as f64 - 1.0) * q).round() as usize;
        (v[i] * 100.0).round() / 100.0
    };
    json!({ "p50": p(0.5), "p95": p(0.95), "p99": p(0.99), "max": p(1.0) })
}

/// `--server`: one address or several, comma-separated, each with its
/// WebSocket address.
fn servers(arg: &str) -> Result<Vec<(String, String)>, Fail> {
    arg.split(',')
        .map(|s| {
            let base = s.trim().trim_end_matches('/').to_string();
            let ws = if let Some(rest) = base.strip_prefix("http://") {
                format!("ws://{rest}")
            } else if let Some(rest) = base.strip_prefix("https://") {
                format!("wss://{rest}")
            } else {
                return Err(Fail::usage(format!(
                    "--server must be http:// addresses, not \"{base}\""
                )));
            };
            Ok((base, ws))
        })
        .collect()
}

pub fn run(args: &LoadtestArgs) -> Result<ExitCode, Fail> {
    let servers = servers(&args.server)?;
    let base = servers
        .iter()
        .map(|s| s.0.as_str())
        .collect::<Vec<_>>()
        .join(",");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads as usize)
        .enable_all()
        .build()
        .map_err(|e| Fail::new(format!("cannot start: {e}")))?;
    let duration = Duration::from_secs(args.duration);
    let report = rt.block_on(async {
        // Idle connections are dropped before the server closes them (its
        // --header-timeout, 10 s by default, also closes idle keep-alive
        // connections): a request never goes out on one being closed.
        let http = reqwest::Client::builder()
            .pool_idle_timeout(Duration::from_secs(4))
            // A request the server never answers is an error, not a player
            // that waits for ever (and a run that never ends).
            .timeout(ANSWER_WITHIN)
            .build()
            .map_err(|e| Fail::new(format!("cannot start an HTTP client: {e}")))?;
        for (base, _) in &servers {
            let probe = http
                .get(format!("{base}/api"))
                .send()
                .await
                .map_err(|e| Fail::new(format!("{base}: no server answers: {e}")))?;
            if !probe.status().is_success() {
                return Err(Fail::new(format!(
                    "{base}/api answers {}: is it a b5 serve?",
                    probe.status()
                )));
            }
        }
        let ctx = Arc::new(Ctx {
            http,
            actions_over: args.actions_over,
            servers: servers.clone(),
            think: Duration::from_millis(args.think_ms),
            duration,
            tables: args.tables as usize,
            warmup: Duration::from_secs(args.warmup),
            stagger: Duration::from_secs(args.stagger),
            seated: Default::default(),
            unseated: Default::default(),
            start: Default::default(),
            setup: tokio::sync::Semaphore::new(SETUP_AT_ONCE),
            stats: Mutex::new(Stats::default()),
        });
        let slots: Vec<_> = (0..args.tables as u64)
            .map(|i| tokio::spawn(table_slot(ctx.clone(), i, args.players, args.seed)))
            .collect();
        // Wait for every table to be seated (or every slot to give up),
        // saying how far the set-up is every 5 seconds.
        let mut said = Instant::now();
        while ctx.start.get().is_none() && slots.iter().any(|s| !s.is_finished()) {
            tokio::time::sleep(Duration::from_millis(50)).await;
            if said.elapsed() >= Duration::from_secs(5) {
                said = Instant::now();
                let st = ctx.stats();
                eprintln!(
                    "b5 loadtest: {} of {} tables seated; {} errors{}",
                    ctx.seated.load(std::sync::atomic::Ordering::SeqCst),
                    args.tables,
                    st.errors,
                    st.first_errors
                        .first()
                        .map(|e| format!(" (the first: {e})"))
                        .unwrap_or_default()
                );
            }
        }
        let unseated = ctx.unseated.load(std::sync::atomic::Ordering::SeqCst);
        let (Some(&start), false) = (ctx.start.get(), unseated == args.tables as usize) else {
            let st = ctx.stats();
            return Err(Fail::new(format!(
                "the tables could not be seated: {}",
                st.first_errors.join("; ")
            )));
        };
        // CPU time (this process's, and the server's if given) over the
        // measurement.
        tokio::time::sleep_until(start.into()).await;
        let cpu0 = (
            cpu_seconds(None),
            args.server_pid.and_then(|p| cpu_seconds(Some(p))),
        );
        let server = {
            // The server's figures near the end, while the load runs.
            tokio::time::sleep(duration.mul_f64(0.9)).await;
            call(&ctx, 0, false, "/api/stats", None, None)
                .await
                .map(|x| x.1)
                .unwrap_or(Value::Null)
        };
        tokio::time::sleep_until((start + duration).into()).await;
        let cpu1 = (
            cpu_seconds(None),
            args.server_pid.and_then(|p| cpu_seconds(Some(p))),
        );
        for s in slots {
            let _ = s.await;
        }
        let secs = duration.as_secs_f64().max(0.001);
        let share = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => json!({
                "cpu_s": ((b - a) * 100.0).round() / 100.0,
                "cores": ((b - a) / secs * 1000.0).round() / 1000.0,
            }),
            _ => Value::Null,
        };
        let mut st = std::mem::take(&mut *ctx.stats());
        let seconds = timeline(&st.ack_ms, &st.ack_second);
        if let Some(path) = &args.timeline {
            // The wall clock of the start: now, less the time since it.
            let unix_now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0.0, |d| d.as_secs_f64());
            let start_unix_s = unix_now - start.elapsed().as_secs_f64();
            write_timeline(path, start_unix_s, &seconds).map_err(|e| {
                Fail::new(format!("cannot write the timeline {}: {e}", path.display()))
            })?;
        }
        // The second whose p99 is worst: a stall, or a tail spread out.
        let worst = seconds
            .iter()
            .filter(|r| r[1] >= 10.0)
            .max_by(|a, b| a[3].total_cmp(&b[3]))
            .map_or(
                Value::Null,
                |r| json!({ "second": r[0], "acks": r[1], "p50": r[2], "p99": r[3], "max": r[4] }),
            );
        Ok(json!({
            "server": base,
            "tables": args.tables,
            "tables_unseated": ctx.unseated.load(std::sync::atomic::Ordering::SeqCst),
            "players": args.players,
            "actions_over": format!("{:?}", args.actions_over).to_lowercase(),
            "think_ms": args.think_ms,
            "duration_s": args.duration,
            "warmup_s": args.warmup,
            "stagger_s": args.stagger,
            "threads": args.threads,
            "actions": st.acks,
            "actions_per_sec": ((st.acks as f64 / secs) * 10.0).round() / 10.0,
            "errors": st.errors,
            "first_errors": st.first_errors,
            "stale": st.stale,
            "games_finished": st.games,
            "messages_per_sec": ((st.messages as f64 / secs) * 10.0).round() / 10.0,
            "message_bytes_mean": st.message_bytes.checked_div(st.messages).unwrap_or(0),
            "ack_ms": percentiles(&mut st.ack_ms),
            "fanout_ms": percentiles(&mut st.fanout_ms),
            "worst_second": worst,
            "server_stats": server,
            "loadtest_cpu": share(cpu0.0, cpu1.0),
            "server_cpu": share(cpu0.1, cpu1.1),
        }))
    })?;
    let mut out = std::io::stdout();
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        let ms = |k: &str| {
            let v = &report[k];
            format!(
                "p50 {} · p95 {} · p99 {} · max {}",
                v["p50"], v["p95"], v["p99"], v["max"]
            )
        };
        writeln!(
            out,
            "b5 loadtest: {} tables x {} players, thinking {} ms, {} s against {}",
            args.tables, args.players, args.think_ms, args.duration, base
        )?;
        if report["tables_unseated"] != 0 {
            writeln!(
                out,
                "  {} tables could not be seated (see the errors below)",
                report["tables_unseated"]
            )?;
        }
        writeln!(
            out,
            "actions acknowledged: {} ({} per second); errors: {}; stale (another seat was first): {}; games finished: {}",
            report["actions"], report["actions_per_sec"], report["errors"], report["stale"], report["games_finished"]
        )?;
        writeln!(
            out,
            "messages received: {} per second, {} bytes on average",
            report["messages_per_sec"], report["message_bytes_mean"]
        )?;
        writeln!(out, "request to acknowledgement, ms: {}", ms("ack_ms"))?;
        let w = &report["worst_second"];
        if !w.is_null() {
            writeln!(
                out,
                "  its worst second ({} of the measurement, {} actions): p50 {} · p99 {} · max {}",
                w["second"], w["acks"], w["p50"], w["p99"], w["max"]
            )?;
        }
        writeln!(
            out,
            "acknowledgement to the other seats, ms: {}",
            ms("fanout_ms")
        )?;
        let s = &report["server_stats"];
        writeln!(
            out,
            "server: {} tables held, {} WebSockets, {} MiB resident",
            s["tables"],
            s["websockets"],
            s["rss_bytes"]
                .as_u64()
                .map_or("?".to_string(), |b| format!("{:.1}", b as f64 / 1048576.0))
        )?;
        let cpu = |k: &str| {
            let v = &report[k];
            if v.is_null() {
                "?".to_string()
            } else {
                format!("{} s ({} cores)", v["cpu_s"], v["cores"])
            }
        };
        writeln!(
            out,
            "CPU over the measurement: load generator {}, server {}",
            cpu("loadtest_cpu"),
            cpu("server_cpu")
        )?;
        for e in report["first_errors"].as_array().into_iter().flatten() {
            writeln!(out, "  error: {}", e.as_str().unwrap_or_default())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
