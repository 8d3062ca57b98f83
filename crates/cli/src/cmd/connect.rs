//! `b5 connect URL`: a seat of an online table (`b5 serve`) played from the
//! terminal with the same screen as `b5 play`, or by a computer player on
//! this machine (`--bot`), or watched (a watch link).
//!
//! Everything comes through the protocol of `docs/protocol.md`: the join
//! link's invitation buys the seat's token (kept in a file only its owner
//! may read, so that the same command comes back to the seat later); the
//! WebSocket brings every change with its log as sentences and the seat's
//! view and menu; actions, undo requests, answers and chat lines go over
//! HTTP. The table and the menu are drawn from the seat's own view, so this
//! program sees exactly what the seat may see.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use b5_engine::{PlayerId, PlayerView};
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use reqwest::Url;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::cmd::play::{self, Answer, Desk};
use crate::cmd::BotKind;
use crate::Fail;

#[derive(clap::Args, Debug)]
pub struct ConnectArgs {
    /// The join link you were sent (http://HOST:PORT/join/TABLE/SEAT#INVITATION);
    /// a table's page (http://HOST:PORT/table/TABLE) to come back to a seat
    /// joined before from this machine; a watch page
    /// (http://HOST:PORT/watch/TABLE) to follow a game as a spectator
    pub url: String,
    /// Your name at the table (with a join link; default: your user name)
    #[arg(long)]
    pub name: Option<String>,
    /// Let a computer player on this machine play the seat: greedy (it
    /// takes the server's computer player's advice) or random
    #[arg(long, value_enum, value_name = "PLAYER")]
    pub bot: Option<BotKind>,
    /// Milliseconds the computer player waits before each action
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub delay_ms: u64,
    /// Where seat tokens are kept, to come back to a seat later
    /// (default: ~/.b5/seats)
    #[arg(long, value_name = "DIR")]
    pub seats: Option<PathBuf>,
}

/// What a link points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Join {
        table: String,
        seat: usize,
        invitation: String,
    },
    Table {
        table: String,
    },
    Watch {
        table: String,
    },
}

impl Target {
    fn table(&self) -> &str {
        match self {
            Target::Join { table, .. } | Target::Table { table } | Target::Watch { table } => table,
        }
    }
}

/// A link: the server's address and what it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// `http://HOST:PORT` (no path).
    pub base: String,
    pub target: Target,
}

fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Reads a link as the browser's pages write them.
pub fn parse_link(s: &str) -> Result<Link, Fail> {
    let shown: String = s.chars().take(120).collect();
    let url = Url::parse(s.trim()).map_err(|e| {
        Fail::usage(format!(
            "\"{shown}\" is not a link ({e}): give the join link you were sent, such as http://host:8080/join/TABLE/0#INVITATION"
        ))
    })?;
    if url.scheme() != "http" && url.scheme() != "https" {
        return Err(Fail::usage(format!(
            "\"{shown}\": the link must start with http:// or https://"
        )));
    }
    let host = url
        .host_str()
        .ok_or_else(|| Fail::usage(format!("\"{shown}\" names no server")))?;
    let host = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    let base = match url.port() {
        Some(p) => format!("{}://{host}:{p}", url.scheme()),
        None => format!("{}://{host}", url.scheme()),
    };
    let parts: Vec<&str> = url
        .path_segments()
        .map(|p| p.filter(|x| !x.is_empty()).collect())
        .unwrap_or_default();
    let bad = || {
        Fail::usage(format!(
            "\"{shown}\" is not a table's link: expected /join/TABLE/SEAT#INVITATION, /table/TABLE or /watch/TABLE"
        ))
    };
    let target = match parts.as_slice() {
        ["join", table, seat] if valid_id(table) => {
            let seat = seat
                .parse::<usize>()
                .ok()
                .filter(|&n| n < 6)
                .ok_or_else(bad)?;
            let invitation = url.fragment().unwrap_or("").trim().to_string();
            if invitation.is_empty() || invitation.len() > 256 {
                return Err(Fail::usage(format!(
                    "\"{shown}\": the join link has lost its invitation (the part after #); copy the whole link"
                )));
            }
            Target::Join {
                table: table.to_string(),
                seat,
                invitation,
            }
        }
        ["table", table] if valid_id(table) => Target::Table {
            table: table.to_string(),
        },
        ["watch", table] if valid_id(table) => Target::Watch {
            table: table.to_string(),
        },
        _ => return Err(bad()),
    };
    Ok(Link { base, target })
}

/// The seat tokens this machine holds: one file per server, table and
/// seat, readable by its owner only.
struct Tokens {
    dir: PathBuf,
}

impl Tokens {
    fn new(dir: Option<&Path>) -> Tokens {
        let dir = dir.map(Path::to_path_buf).unwrap_or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("."))
                .join(".b5")
                .join("seats")
        });
        Tokens { dir }
    }

    fn file(&self, base: &str, table: &str, seat: usize) -> PathBuf {
        let server: String = base
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        self.dir.join(format!("{server}-{table}-{seat}.token"))
    }

    fn load(&self, base: &str, table: &str, seat: usize) -> Option<String> {
        let t = std::fs::read_to_string(self.file(base, table, seat)).ok()?;
        let t = t.trim();
        (!t.is_empty() && t.len() <= 256).then(|| t.to_string())
    }

    /// The seats of `table` this machine holds a token for.
    fn seats_of(&self, base: &str, table: &str) -> Vec<(usize, String)> {
        (0..6)
            .filter_map(|s| self.load(base, table, s).map(|t| (s, t)))
            .collect()
    }

    fn save(&self, base: &str, table: &str, seat: usize, token: &str) -> Result<PathBuf, Fail> {
        let path = self.file(base, table, seat);
        std::fs::create_dir_all(&self.dir).map_err(|e| {
            Fail::new(format!(
                "cannot keep the seat's token in {}: {e}",
                self.dir.display()
            ))
        })?;
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            o.mode(0o600);
        }
        let mut f = o
            .open(&path)
            .map_err(|e| Fail::new(format!("cannot write {}: {e}", path.display())))?;
        writeln!(f, "{token}")
            .map_err(|e| Fail::new(format!("cannot write {}: {e}", path.display())))?;
        Ok(path)
    }
}

/// One HTTP answer: its status and JSON body.
struct Answered {
    status: u16,
    body: Value,
}

impl Answered {
    fn error(&self) -> String {
        let msg = self.body["error"]
            .as_str()
            .unwrap_or("no message")
            .to_string();
        match self.body["rule"].as_str() {
            Some(r) if !r.is_empty() => format!("{msg} ({r})"),
            _ => msg,
        }
    }
}

/// The server, over HTTP, from this (synchronous) program.
struct Server {
    rt: tokio::runtime::Runtime,
    http: reqwest::Client,
    base: String,
}

impl Server {
    fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answered, Fail> {
        let url = format!("{}{path}", self.base);
        let mut req = self.http.request(method, &url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        self.rt.block_on(async {
            let res = req
                .send()
                .await
                .map_err(|e| Fail::new(format!("cannot reach {}: {e}", self.base)))?;
            let status = res.status().as_u16();
            let text = res
                .text()
                .await
                .map_err(|e| Fail::new(format!("{}: the answer broke off: {e}", self.base)))?;
            let body = serde_json::from_str(&text).unwrap_or(Value::Null);
            Ok(Answered { status, body })
        })
    }

    fn get(&self, path: &str, token: Option<&str>) -> Result<Answered, Fail> {
        self.call(reqwest::Method::GET, path, token, None)
    }

    fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Result<Answered, Fail> {
        self.call(reqwest::Method::POST, path, token, Some(body))
    }
}

/// What the WebSocket reader hands to the player.
enum Incoming {
    Msg(Value),
    /// The connection ended (the reason).
    Closed(String),
}

/// Opens the table's WebSocket, says hello with the last `seq` seen, and
/// forwards every message to `tx` until the connection ends.
fn open_socket(
    server: &Server,
    table: &str,
    token: Option<&str>,
    seq: u64,
    tx: mpsc::Sender<Incoming>,
) -> Result<(), Fail> {
    let ws_base = server
        .base
        .replacen("http://", "ws://", 1)
        .replacen("https://", "wss://", 1);
    let url = format!("{ws_base}/api/tables/{table}/ws");
    let hello = json!({ "type": "hello", "token": token, "seq": seq }).to_string();
    let (mut ws, _) = server
        .rt
        .block_on(tokio_tungstenite::connect_async(url))
        .map_err(|e| Fail::new(format!("cannot open the table's connection: {e}")))?;
    server
        .rt
        .block_on(ws.send(Message::Text(hello.into())))
        .map_err(|e| Fail::new(format!("the table's connection broke: {e}")))?;
    server.rt.spawn(async move {
        let why = loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let v = serde_json::from_str(t.as_str()).unwrap_or(Value::Null);
                    if tx.send(Incoming::Msg(v)).is_err() {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | None => {
                    break "the server closed the connection".to_string()
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => break format!("the connection broke: {e}"),
            }
        };
        let _ = tx.send(Incoming::Closed(why));
    });
    Ok(())
}

/// The table as the last change left it.
#[derive(Default)]
struct Now {
    seq: u64,
    view: Value,
    legal: Vec<Value>,
    finished: bool,
    winners: Vec<usize>,
    /// The seq of the last prompt (not asked twice for one change).
    asked: Option<u64>,
}

/// The server as the prompt's desk: cards from `GET /api/cards`, reasons
/// from `GET …/why`.
struct RemoteDesk<'a> {
    server: &'a Server,
    table: &'a str,
    token: &'a str,
    cards: &'a [(String, String)],
    view: &'a Value,
}

impl Desk for RemoteDesk<'_> {
    fn card(&self, what: &str) -> String {
        let what = what.trim_start_matches('#');
        let name = match what.parse::<u64>() {
            Ok(n) => match card_name_in_view(self.view, n) {
                Some(name) => name,
                None => return format!("#{n}: no card of that number is in your sight"),
            },
            Err(_) => what.to_string(),
        };
        let low = name.to_lowercase();
        self.cards
            .iter()
            .find(|(n, _)| n.to_lowercase() == low)
            .or_else(|| {
                self.cards
                    .iter()
                    .find(|(n, _)| n.to_lowercase().contains(&low))
            })
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| format!("no card is named \"{}\"", b5_cards::deck::excerpt(&name)))
    }

    fn why(&self) -> Vec<String> {
        match self
            .server
            .get(&format!("/api/tables/{}/why", self.table), Some(self.token))
        {
            Ok(a) if a.status == 200 => a.body["why"]
                .as_array()
                .map(|w| {
                    w.iter()
                        .map(|x| {
                            format!(
                                "{}: {} ({})",
                                x["action"].as_str().unwrap_or(""),
                                x["reason"].as_str().unwrap_or(""),
                                x["rule"].as_str().unwrap_or("")
                            )
                        })
                        .collect()
                })
                .unwrap_or_default(),
            Ok(a) => vec![format!("the server cannot say: {}", a.error())],
            Err(e) => vec![e.message],
        }
    }

    fn chat(&self) -> bool {
        true
    }
}

/// The name of the card numbered `n` anywhere in a view (hand, tables,
/// discard piles, conflicts): only cards the seat may see are there.
fn card_name_in_view(v: &Value, n: u64) -> Option<String> {
    match v {
        Value::Object(o) => {
            if o.get("id").and_then(Value::as_u64) == Some(n) {
                if let Some(name) = o.get("name").and_then(Value::as_str) {
                    return Some(name.to_string());
                }
            }
            o.values().find_map(|x| card_name_in_view(x, n))
        }
        Value::Array(a) => a.iter().find_map(|x| card_name_in_view(x, n)),
        _ => None,
    }
}

fn default_name() -> String {
    std::env::var("USER")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .map(|u| u.chars().take(40).collect())
        .unwrap_or_else(|| "Terminal player".into())
}

pub fn run(args: &ConnectArgs) -> Result<ExitCode, Fail> {
    let link = parse_link(&args.url)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| Fail::new(format!("cannot start the network runtime: {e}")))?;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|e| Fail::new(format!("cannot start the HTTP client: {e}")))?;
    let server = Server {
        rt,
        http,
        base: link.base.clone(),
    };
    let tokens = Tokens::new(args.seats.as_deref());
    let table = link.target.table().to_string();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let seat = match &link.target {
        Target::Watch { .. } => None,
        Target::Join {
            seat, invitation, ..
        } => Some(match tokens.load(&link.base, &table, *seat) {
            Some(t) => (*seat, t),
            None => {
                let name = args.name.clone().unwrap_or_else(default_name);
                let a = server.post(
                    &format!("/api/tables/{table}/seats/{seat}/join"),
                    Some(invitation),
                    &json!({ "name": name }),
                )?;
                if a.status != 200 {
                    return Err(Fail::new(format!(
                        "cannot take seat {seat}: {}{}",
                        a.error(),
                        if a.status == 409 {
                            " (to come back to a seat joined before, run b5 connect on the machine that joined it)"
                        } else {
                            ""
                        }
                    )));
                }
                let token = a.body["token"]
                    .as_str()
                    .ok_or_else(|| Fail::new("the server's answer to the join has no token"))?
                    .to_string();
                let kept = tokens.save(&link.base, &table, *seat, &token)?;
                writeln!(
                    out,
                    "You hold seat {} as {name}. The seat's key is kept in {} (b5 connect {}/table/{table} comes back to it).",
                    seat + 1,
                    kept.display(),
                    link.base
                )?;
                (*seat, token)
            }
        }),
        Target::Table { .. } => {
            let mut held = tokens.seats_of(&link.base, &table);
            if held.is_empty() {
                return Err(Fail::new(format!(
                    "this machine holds no seat at table {table} (kept in {}): open the join link you were sent, or watch with {}/watch/{table}",
                    tokens.dir.display(),
                    link.base
                )));
            }
            Some(held.remove(0))
        }
    };
    // The cards' texts, for ?N and c NAME.
    let cards: Vec<(String, String)> = match server.get("/api/cards", None) {
        Ok(a) if a.status == 200 => a.body["cards"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(|x| {
                        Some((
                            x["name"].as_str()?.to_string(),
                            x["text"].as_str()?.to_string(),
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let token = seat.as_ref().map(|(_, t)| t.clone());
    if let (Some((s, t)), None) = (&seat, args.bot) {
        // Back at the table: take the seat back from the computer player.
        let a = server.post(
            &format!("/api/tables/{table}/seats/{s}/away"),
            Some(t),
            &json!({ "away": false }),
        )?;
        if a.status == 403 || a.status == 401 {
            return Err(Fail::new(format!(
                "the server does not know this seat's key: {}",
                a.error()
            )));
        }
        if a.status == 404 {
            return Err(Fail::new(a.error()));
        }
    }
    let (tx, rx) = mpsc::channel();
    open_socket(&server, &table, token.as_deref(), 0, tx.clone())?;
    let mut stdin = std::io::stdin().lock();
    let mut session = Session {
        server: &server,
        table: &table,
        seat: seat.as_ref().map(|(s, _)| *s),
        token: token.as_deref(),
        cards: &cards,
        bot: args.bot,
        delay: Duration::from_millis(args.delay_ms),
        rng: rand_pcg::Pcg64Mcg::seed_from_u64(std::process::id() as u64),
        now: Now::default(),
    };
    session.play(&rx, &tx, &mut stdin, &mut out)
}

/// One seat (or a spectator) at the table, until the game ends or the
/// player leaves.
struct Session<'a> {
    server: &'a Server,
    table: &'a str,
    seat: Option<usize>,
    token: Option<&'a str>,
    cards: &'a [(String, String)],
    bot: Option<BotKind>,
    delay: Duration,
    rng: rand_pcg::Pcg64Mcg,
    now: Now,
}

/// How many times in a row a lost connection is opened again.
const RECONNECTS: u32 = 5;

impl Session<'_> {
    fn play(
        &mut self,
        rx: &mpsc::Receiver<Incoming>,
        tx: &mpsc::Sender<Incoming>,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<ExitCode, Fail> {
        loop {
            let first = rx
                .recv()
                .map_err(|_| Fail::new("the table's connection ended"))?;
            let mut batch = vec![first];
            batch.extend(rx.try_iter());
            for m in batch {
                match m {
                    Incoming::Msg(v) => {
                        if let Some(code) = self.message(&v, input, out)? {
                            return Ok(code);
                        }
                    }
                    Incoming::Closed(why) => self.reconnect(&why, tx, out)?,
                }
            }
            if self.now.finished {
                self.game_over(out)?;
                return Ok(ExitCode::SUCCESS);
            }
            if let Some(code) = self.turn(input, out)? {
                return Ok(code);
            }
        }
    }

    /// Opens the lost connection again, a few times with growing pauses,
    /// saying the last `seq` seen (the server sends what was missed).
    fn reconnect(
        &mut self,
        why: &str,
        tx: &mpsc::Sender<Incoming>,
        out: &mut impl Write,
    ) -> Result<(), Fail> {
        let mut last = why.to_string();
        for attempt in 1..=RECONNECTS {
            writeln!(out, "({last}; connecting again)")?;
            std::thread::sleep(Duration::from_millis(250 * attempt as u64));
            match open_socket(
                self.server,
                self.table,
                self.token,
                self.now.seq,
                tx.clone(),
            ) {
                Ok(()) => return Ok(()),
                Err(e) => last = e.message,
            }
        }
        Err(Fail::new(format!(
            "{last}; gave up after {RECONNECTS} tries"
        )))
    }

    /// One message from the server; Some(code) to stop.
    fn message(
        &mut self,
        v: &Value,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Option<ExitCode>, Fail> {
        match v["type"].as_str().unwrap_or("") {
            "welcome" => {
                if v["seq"].as_u64() == Some(self.now.seq) {
                    // Nothing was missed, so nothing comes: the state is
                    // read once.
                    self.read_state()?;
                }
                match v["seat"].as_u64() {
                    Some(s) => {
                        writeln!(out, "Connected to table {} as seat {}.", self.table, s + 1)?
                    }
                    None => writeln!(out, "Watching table {}.", self.table)?,
                }
            }
            "change" | "sync" => {
                if let Some(seq) = v["seq"].as_u64() {
                    if v["type"] == "change" && seq <= self.now.seq {
                        return Ok(None);
                    }
                    self.now.seq = seq;
                }
                if let Some(log) = v["log"].as_array() {
                    play::write_lines(
                        out,
                        log.iter()
                            .filter_map(|l| l.as_str().map(String::from))
                            .collect(),
                    )?;
                }
                if !v["view"].is_null() {
                    self.take_view(v);
                }
            }
            "chat" => {
                writeln!(
                    out,
                    "  [{}] {}",
                    v["name"].as_str().unwrap_or("?"),
                    v["text"].as_str().unwrap_or("")
                )?;
            }
            "away" => {
                let who = self.player_name(v["seat"].as_u64().unwrap_or(0) as usize);
                if v["away"] == true {
                    writeln!(out, "  ({who} is away: the computer player plays the seat)")?;
                } else {
                    writeln!(out, "  ({who} is back)")?;
                }
            }
            "undo" => return self.undo_notice(v, input, out).map(|_| None),
            "error" => {
                writeln!(
                    out,
                    "The server: {}",
                    v["error"].as_str().unwrap_or("an error")
                )?;
                if v["status"] == 403 {
                    return Err(Fail::new(format!(
                        "the table refused this connection: {}",
                        v["error"].as_str().unwrap_or("")
                    )));
                }
            }
            _ => {}
        }
        Ok(None)
    }

    /// The table as it is now, from `GET …/state`.
    fn read_state(&mut self) -> Result<(), Fail> {
        let a = self
            .server
            .get(&format!("/api/tables/{}/state", self.table), self.token)?;
        if a.status != 200 {
            return Err(Fail::new(format!("cannot read the table: {}", a.error())));
        }
        let v = a.body;
        self.now.seq = v["seq"].as_u64().unwrap_or(self.now.seq);
        self.take_view(&v);
        Ok(())
    }

    fn take_view(&mut self, v: &Value) {
        self.now.view = v["view"].clone();
        self.now.legal = v["legal_actions"].as_array().cloned().unwrap_or_default();
        self.now.finished = v["finished"] == true;
        self.now.winners = v["winners"]
            .as_array()
            .map(|w| {
                w.iter()
                    .filter_map(|x| x.as_u64().map(|x| x as usize))
                    .collect()
            })
            .unwrap_or_default();
    }

    fn player_name(&self, seat: usize) -> String {
        self.now.view["players"][seat]["name"]
            .as_str()
            .map(String::from)
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    }

    /// Another player asks to take back an action: answer if asked.
    fn undo_notice(
        &mut self,
        v: &Value,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<(), Fail> {
        let state = v["state"].as_str().unwrap_or("");
        let by = v["request"]["by"]
            .as_u64()
            .or_else(|| v["by"].as_u64())
            .map(|s| self.player_name(s as usize))
            .unwrap_or_else(|| "A player".into());
        match state {
            "asked" => {
                let waiting: Vec<u64> = v["request"]["waiting"]
                    .as_array()
                    .map(|w| w.iter().filter_map(Value::as_u64).collect())
                    .unwrap_or_default();
                if !self.seat.is_some_and(|s| waiting.contains(&(s as u64))) {
                    writeln!(out, "  ({by} asks to take back their last action)")?;
                    return Ok(());
                }
                let accept = if self.bot.is_some() {
                    // Computer players always agree.
                    true
                } else {
                    write!(
                        out,
                        "{by} asks to take back their last action. Accept? (y/n): "
                    )?;
                    out.flush()?;
                    let mut line = String::new();
                    input
                        .read_line(&mut line)
                        .map_err(|e| Fail::new(format!("cannot read the input: {e}")))?;
                    matches!(line.trim().to_lowercase().as_str(), "y" | "yes")
                };
                let a = self.server.post(
                    &format!("/api/tables/{}/undo/answer", self.table),
                    self.token,
                    &json!({ "seq": v["request"]["seq"], "accept": accept }),
                )?;
                if a.status != 200 {
                    writeln!(out, "  (your answer was not needed: {})", a.error())?;
                }
            }
            "refused" => writeln!(out, "  (the undo {by} asked for was refused)")?,
            "withdrawn" => writeln!(out, "  ({by} withdrew the undo)")?,
            "done" => writeln!(out, "  ({by}'s last action was taken back)")?,
            _ => {}
        }
        // A change may be due again after an undo.
        self.now.asked = None;
        Ok(())
    }

    /// The seat's choice, when it has one.
    fn turn(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Option<ExitCode>, Fail> {
        let (Some(seat), Some(token)) = (self.seat, self.token) else {
            return Ok(None);
        };
        if self.now.legal.is_empty() || self.now.asked == Some(self.now.seq) {
            return Ok(None);
        }
        self.now.asked = Some(self.now.seq);
        let action = match self.bot {
            Some(bot) => match self.bot_choice(bot, token)? {
                Some(a) => a,
                None => return Ok(None),
            },
            None => {
                let view: PlayerView =
                    serde_json::from_value(self.now.view.clone()).map_err(|e| {
                        Fail::new(format!(
                            "the server sent a view this program cannot read: {e}"
                        ))
                    })?;
                let menu: b5_present::Menu = serde_json::from_value(self.now.view["menu"].clone())
                    .map_err(|e| {
                        Fail::new(format!(
                            "the server sent a menu this program cannot read: {e}"
                        ))
                    })?;
                let desk = RemoteDesk {
                    server: self.server,
                    table: self.table,
                    token,
                    cards: self.cards,
                    view: &self.now.view,
                };
                let screen = play::screen(&view, seat as PlayerId);
                match play::ask(&screen, &menu, &desk, input, out)? {
                    Answer::Choice(a) => {
                        serde_json::to_value(a).map_err(|e| Fail::new(e.to_string()))?
                    }
                    Answer::Say(text) => {
                        let a = self.server.post(
                            &format!("/api/tables/{}/chat", self.table),
                            Some(token),
                            &json!({ "text": text }),
                        )?;
                        if a.status != 200 {
                            writeln!(out, "Not sent: {}", a.error())?;
                        }
                        self.now.asked = None;
                        return Ok(None);
                    }
                    Answer::Undo => {
                        let a = self.server.post(
                            &format!("/api/tables/{}/undo", self.table),
                            Some(token),
                            &json!({ "seq": self.now.seq }),
                        )?;
                        match a.status {
                            200 => writeln!(out, "Undone.")?,
                            202 => {
                                writeln!(out, "The other players are asked to accept the undo.")?
                            }
                            _ => {
                                writeln!(out, "No undo: {}", a.error())?;
                                self.now.asked = None;
                            }
                        }
                        return Ok(None);
                    }
                    Answer::Quit => {
                        let a = self.server.post(
                            &format!("/api/tables/{}/seats/{seat}/away", self.table),
                            Some(token),
                            &json!({ "away": true }),
                        )?;
                        if a.status == 200 {
                            writeln!(
                                out,
                                "You left the table: the computer player plays your seat until you come back (b5 connect {}/table/{}).",
                                self.server.base, self.table
                            )?;
                        }
                        return Ok(Some(ExitCode::SUCCESS));
                    }
                }
            }
        };
        let a = self.server.post(
            &format!("/api/tables/{}/actions", self.table),
            Some(token),
            &json!({ "seq": self.now.seq, "action": action }),
        )?;
        match a.status {
            200 => {}
            409 => {
                // Someone acted first (stale), or the rules refuse it: the
                // next change brings the choices again.
                writeln!(out, "Not taken: {}", a.error())?;
                if !a.error().starts_with("stale") {
                    self.now.asked = None;
                }
            }
            429 => {
                std::thread::sleep(Duration::from_millis(200));
                self.now.asked = None;
            }
            _ => {
                return Err(Fail::new(format!(
                    "the server refused the action: {}",
                    a.error()
                )))
            }
        }
        Ok(None)
    }

    /// The computer player's action: greedy takes the server's advice (the
    /// greedy player needs the whole game, which only the server holds; it
    /// reads only what the seat may know), random picks on this machine.
    fn bot_choice(&mut self, bot: BotKind, token: &str) -> Result<Option<Value>, Fail> {
        if !self.delay.is_zero() {
            std::thread::sleep(self.delay);
        }
        Ok(match bot {
            BotKind::Random => {
                Some(self.now.legal[self.rng.random_range(0..self.now.legal.len())].clone())
            }
            BotKind::Greedy => {
                let a = self.server.get(
                    &format!("/api/tables/{}/advice?bot=greedy", self.table),
                    Some(token),
                )?;
                match a.status {
                    200 if a.body["seq"].as_u64() == Some(self.now.seq) => {
                        Some(a.body["action"].clone())
                    }
                    // The table moved on: wait for the change.
                    200 | 409 => None,
                    429 => {
                        std::thread::sleep(Duration::from_millis(200));
                        self.now.asked = None;
                        None
                    }
                    _ => {
                        return Err(Fail::new(format!(
                            "the server gave no advice: {}",
                            a.error()
                        )))
                    }
                }
            }
        })
    }

    fn game_over(&self, out: &mut impl Write) -> Result<(), Fail> {
        writeln!(out, "=== Game over ===")?;
        if self.now.winners.is_empty() {
            writeln!(out, "No winner.")?;
        }
        for &w in &self.now.winners {
            writeln!(out, "{} wins.", self.player_name(w))?;
        }
        if let Some(players) = self.now.view["players"].as_array() {
            let standings: Vec<String> = players
                .iter()
                .map(|p| format!("{} {}", p["name"].as_str().unwrap_or("?"), p["power"]))
                .collect();
            writeln!(out, "Power: {}", standings.join(", "))?;
        }
        writeln!(
            out,
            "The game's record: {}/api/tables/{}/save (b5 replay reads it).",
            self.server.base, self.table
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_as_the_pages_write_them() {
        let l = parse_link("http://127.0.0.1:8080/join/ab12/3#c0ffee").unwrap();
        assert_eq!(l.base, "http://127.0.0.1:8080");
        assert_eq!(
            l.target,
            Target::Join {
                table: "ab12".into(),
                seat: 3,
                invitation: "c0ffee".into()
            }
        );
        let l = parse_link("https://b5.example/table/ab12/").unwrap();
        assert_eq!(l.base, "https://b5.example");
        assert_eq!(
            l.target,
            Target::Table {
                table: "ab12".into()
            }
        );
        let l = parse_link("http://[::1]:9/watch/x-y").unwrap();
        assert_eq!(l.base, "http://[::1]:9");
        assert_eq!(
            l.target,
            Target::Watch {
                table: "x-y".into()
            }
        );
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        for (link, says) in [
            ("not a link", "not a link"),
            ("ftp://h/join/a/0#x", "http://"),
            ("http://h/join/a/0", "invitation"),
            ("http://h/join/a/9#x", "not a table's link"),
            ("http://h/lobby", "not a table's link"),
            ("http://h/join/a%20b/0#x", "not a table's link"),
        ] {
            let e = parse_link(link).unwrap_err();
            assert!(e.message.contains(says), "{link}: {}", e.message);
            assert_eq!(e.code, 2);
        }
    }

    #[test]
    fn a_card_is_found_in_the_view_by_number() {
        let v = json!({ "hand": [{ "id": 4, "name": "A" }], "players": [{ "inner_circle": [{ "id": 9, "name": "B" }] }] });
        assert_eq!(card_name_in_view(&v, 9).as_deref(), Some("B"));
        assert_eq!(card_name_in_view(&v, 4).as_deref(), Some("A"));
        assert_eq!(card_name_in_view(&v, 5), None);
    }

    #[test]
    fn tokens_are_kept_for_their_owner_only() {
        let dir = std::env::temp_dir().join(format!("b5-connect-tokens-{}", std::process::id()));
        let t = Tokens::new(Some(&dir));
        let path = t.save("http://h:1", "tab", 2, "secret").unwrap();
        assert_eq!(t.load("http://h:1", "tab", 2).as_deref(), Some("secret"));
        assert_eq!(
            t.seats_of("http://h:1", "tab"),
            vec![(2, "secret".to_string())]
        );
        assert!(t.load("http://h:2", "tab", 2).is_none());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "only the owner reads a token: {mode:o}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
