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
//!
//! The server is not trusted (docs/limits.md, "`b5 connect` and the
//! server"): every HTTP answer and WebSocket message is read within a size
//! limit and a time limit, a lost connection is opened again with growing
//! pauses a bounded number of times, a seat token is 64 hex digits or is
//! refused, the seats folder is private, and everything printed passes
//! through [`TerminalText`], which strips control characters.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use b5_engine::{PlayerId, PlayerView};
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use reqwest::Url;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::cmd::play::{self, Answer, Desk, Heard};
use crate::cmd::BotKind;
use crate::Fail;

/// The most an HTTP answer may hold. The real server's largest are the
/// card list (80 KiB for the Open Set) and a six-player state (60 KiB):
/// room for card sets a hundred times larger (`b5 serve --cards`).
pub const MAX_ANSWER: usize = 8 << 20;
/// The most one WebSocket message (and one frame) may hold: a six-player
/// change with its view and menu is about 60 KiB.
pub const MAX_MESSAGE: usize = 4 << 20;
/// Connecting to the server: TCP, then the WebSocket's upgrade.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);
/// An HTTP answer, from the request to its last byte.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);
/// The table's connection is pinged this often (the server answers
/// `pong`)...
const PING_EVERY: Duration = Duration::from_secs(20);
/// ...and a connection silent for this long is lost.
const SILENT_FOR: Duration = Duration::from_secs(60);
/// Messages read ahead of the player (each at most [`MAX_MESSAGE`]): the
/// reader waits beyond that, so a flood cannot pile up in memory.
const READ_AHEAD: usize = 8;
/// Lost connections opened again in a row before giving up (with the
/// pauses below, about 30 s: long enough for a server's restart)...
const RECONNECTS: u32 = 6;
/// ...after a pause that starts at 0.5 s and doubles up to 30 s.
const FIRST_PAUSE: Duration = Duration::from_millis(500);
const LONGEST_PAUSE: Duration = Duration::from_secs(30);
/// A connection that brought a change, or stayed open this long, was
/// working: the count of failures in a row starts again.
const STEADY: Duration = Duration::from_secs(60);
/// The longest line the terminal reads (longer ones are cut there; the
/// longest a server takes, a chat line, is far shorter).
const LONGEST_LINE: usize = 64 * 1024;
/// Lines typed ahead of the prompt, kept until it asks.
const TYPED_AHEAD: usize = 64;

/// A size as a person reads it: "17 MiB", "4.5 MiB", "512 KiB".
fn size(n: usize) -> String {
    const MIB: usize = 1 << 20;
    if n >= MIB {
        let s = format!("{:.1}", n as f64 / MIB as f64);
        format!("{} MiB", s.strip_suffix(".0").unwrap_or(&s))
    } else if n >= 1024 {
        format!("{} KiB", n / 1024)
    } else {
        format!("{n} bytes")
    }
}

/// A character that must not reach the terminal from the server: ESC and
/// the other C0 controls but newline and tab (escape sequences, BEL, a
/// carriage return that overwrites a line), DEL and the C1 controls (all
/// of them Unicode's `Cc`), and the bidi embeddings, overrides and isolates
/// (text shown in another order than it is).
fn unprintable(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Text from the server as terminal text: without [`unprintable`]
/// characters.
pub fn terminal_text(s: &str) -> Cow<'_, str> {
    if s.chars().any(unprintable) {
        Cow::Owned(s.chars().filter(|&c| !unprintable(c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// The terminal as `b5 connect` writes to it: everything written (log
/// sentences, chat lines and names, card texts, the table, the menu, the
/// server's errors) goes out as [`terminal_text`]. The one door from the
/// server to the terminal.
pub struct TerminalText<W: Write> {
    inner: W,
    /// The start of a character cut between two writes.
    partial: Vec<u8>,
}

impl<W: Write> TerminalText<W> {
    pub fn new(inner: W) -> TerminalText<W> {
        TerminalText {
            inner,
            partial: Vec::new(),
        }
    }
}

impl<W: Write> Write for TerminalText<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut bytes = std::mem::take(&mut self.partial);
        bytes.extend_from_slice(buf);
        let mut text = String::new();
        let mut rest: &[u8] = &bytes;
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    text.push_str(&terminal_text(s));
                    rest = &[];
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    text.push_str(&terminal_text(std::str::from_utf8(good).unwrap_or("")));
                    match e.error_len() {
                        // Not UTF-8 at all: dropped.
                        Some(n) => rest = &bad[n..],
                        // A character cut short: its end comes with the next write.
                        None => {
                            self.partial = bad.to_vec();
                            rest = &[];
                        }
                    }
                }
            }
        }
        self.inner.write_all(text.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

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
    /// Pass for you when passing is your only choice (as the page's
    /// auto-pass does), saying so
    #[arg(long)]
    pub auto_pass: bool,
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

    /// The token kept for a seat: None when there is none; an error when
    /// the file holds something else than a token.
    fn load(&self, base: &str, table: &str, seat: usize) -> Result<Option<String>, Fail> {
        let path = self.file(base, table, seat);
        let Ok(f) = std::fs::File::open(&path) else {
            return Ok(None);
        };
        self.private(false)?;
        // A token and its newline; more is not a token.
        let mut text = String::new();
        f.take(256)
            .read_to_string(&mut text)
            .map_err(|e| Fail::new(format!("cannot read {}: {e}", path.display())))?;
        let t = text.trim();
        if !valid_token(t) {
            return Err(Fail::new(format!(
                "{}: the seat's key kept there is not 64 hex digits; delete the file (the seat can then be taken back only from a machine that holds its key)",
                path.display()
            )));
        }
        Ok(Some(t.to_string()))
    }

    /// The seats of `table` this machine holds a token for.
    fn seats_of(&self, base: &str, table: &str) -> Result<Vec<(usize, String)>, Fail> {
        let mut held = Vec::new();
        for s in 0..6 {
            if let Some(t) = self.load(base, table, s)? {
                held.push((s, t));
            }
        }
        Ok(held)
    }

    /// Makes the folder private to its owner (0700): created so (with its
    /// parents) when `create`, and an existing folder that others may read
    /// or enter is made so, or refused: the tokens are the seats' keys.
    fn private(&self, create: bool) -> Result<(), Fail> {
        let dir = self.dir.display();
        if create {
            let mut b = std::fs::DirBuilder::new();
            b.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                b.mode(0o700);
            }
            b.create(&self.dir)
                .map_err(|e| Fail::new(format!("cannot keep the seat's token in {dir}: {e}")))?;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let meta = std::fs::metadata(&self.dir)
                .map_err(|e| Fail::new(format!("cannot read the seats folder {dir}: {e}")))?;
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                std::fs::set_permissions(&self.dir, std::fs::Permissions::from_mode(0o700))
                    .map_err(|e| {
                        Fail::new(format!(
                            "the seats folder {dir} may be read by others (mode {mode:o}) and cannot be made private: {e}; make it private (chmod 700 {dir}) or name another with --seats"
                        ))
                    })?;
            }
        }
        Ok(())
    }

    fn save(&self, base: &str, table: &str, seat: usize, token: &str) -> Result<PathBuf, Fail> {
        // Checked where it arrives; checked again where it is written.
        if !valid_token(token) {
            return Err(bad_token());
        }
        let path = self.file(base, table, seat);
        self.private(true)?;
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            o.mode(0o600);
        }
        let wrote = |e: std::io::Error| Fail::new(format!("cannot write {}: {e}", path.display()));
        let mut f = o.open(&path).map_err(wrote)?;
        #[cfg(unix)]
        {
            // A file kept from before may have been readable by others.
            use std::os::unix::fs::PermissionsExt;
            f.set_permissions(std::fs::Permissions::from_mode(0o600))
                .map_err(wrote)?;
        }
        writeln!(f, "{token}").map_err(wrote)?;
        Ok(path)
    }
}

/// A seat's token as the protocol writes it: 64 hex digits (256 bits).
fn valid_token(t: &str) -> bool {
    t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

fn bad_token() -> Fail {
    Fail::new(
        "the server sent a seat token that is not 64 hex digits: nothing was kept (is this a b5 server?)",
    )
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
        let what = format!("{method} {path}");
        let mut req = self.http.request(method, &url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let broke = |e: reqwest::Error| {
            if e.is_timeout() {
                Fail::new(format!(
                    "{}: no answer to {what} within {} s",
                    self.base,
                    ANSWER_WITHIN.as_secs()
                ))
            } else {
                Fail::new(format!(
                    "{}: the answer to {what} broke off: {e}",
                    self.base
                ))
            }
        };
        self.rt.block_on(async {
            let mut res = req.send().await.map_err(|e| {
                if e.is_timeout() {
                    broke(e)
                } else {
                    Fail::new(format!("cannot reach {}: {e}", self.base))
                }
            })?;
            let status = res.status().as_u16();
            let too_big = || {
                Fail::new(format!(
                    "{}: the answer to {what} is larger than the {} limit for an answer",
                    self.base,
                    size(MAX_ANSWER)
                ))
            };
            // Read in chunks up to the limit, never the whole answer at once.
            if res.content_length().is_some_and(|n| n > MAX_ANSWER as u64) {
                return Err(too_big());
            }
            // Sized from the answer's length when it says one: one buffer,
            // not one doubled and copied as it grows.
            let said = res.content_length().unwrap_or(0) as usize;
            let mut bytes = Vec::with_capacity(said.min(MAX_ANSWER));
            while let Some(chunk) = res.chunk().await.map_err(broke)? {
                if bytes.len() + chunk.len() > MAX_ANSWER {
                    return Err(too_big());
                }
                // Grown by doubling, but never past the limit: a buffer
                // of 7 MB would otherwise double to 14 MB for a last chunk.
                let need = bytes.len() + chunk.len();
                if need > bytes.capacity() {
                    let grown = (bytes.capacity() * 2).clamp(need, MAX_ANSWER);
                    bytes.reserve_exact(grown - bytes.len());
                }
                bytes.extend_from_slice(&chunk);
            }
            let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
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
    /// The connection ended (the reason): it may be opened again.
    Closed(String),
    /// The server sent what the protocol never sends (a message over the
    /// limit, one that is not JSON): opening again would only repeat it.
    Broken(String),
}

/// Opens the table's WebSocket (within [`CONNECT_WITHIN`], messages and
/// frames up to [`MAX_MESSAGE`]), says hello with the last `seq` seen, and
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
    // Read into 8 KiB (tungstenite's default buffer, 128 KiB, is zeroed
    // for every read).
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    let late = || {
        Fail::new(format!(
            "the table's connection did not open within {} s",
            CONNECT_WITHIN.as_secs()
        ))
    };
    let mut ws = server.rt.block_on(async {
        let (mut ws, _) = tokio::time::timeout(
            CONNECT_WITHIN,
            tokio_tungstenite::connect_async_with_config(url, Some(config), false),
        )
        .await
        .map_err(|_| late())?
        .map_err(|e| Fail::new(format!("cannot open the table's connection: {e}")))?;
        tokio::time::timeout(CONNECT_WITHIN, ws.send(Message::Text(hello.into())))
            .await
            .map_err(|_| late())?
            .map_err(|e| Fail::new(format!("the table's connection broke: {e}")))?;
        Ok::<_, Fail>(ws)
    })?;
    server.rt.spawn(async move {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        let mut heard = Instant::now();
        let end = loop {
            tokio::select! {
                m = ws.next() => {
                    heard = Instant::now();
                    match m {
                        Some(Ok(Message::Text(t))) => match serde_json::from_str::<Value>(t.as_str()) {
                            Ok(v) if v.is_object() => {
                                if v["type"] == "pong" {
                                    continue;
                                }
                                if tx.send(Incoming::Msg(v)).await.is_err() {
                                    return;
                                }
                            }
                            _ => {
                                break Incoming::Broken(format!(
                                    "the server sent a message that is not a JSON object: \"{}\"",
                                    terminal_text(&b5_cards::deck::excerpt(t.as_str()))
                                ))
                            }
                        },
                        Some(Ok(Message::Close(_))) | None => {
                            break Incoming::Closed("the server closed the connection".into())
                        }
                        Some(Ok(_)) => {}
                        Some(Err(WsError::Capacity(CapacityError::MessageTooLong {
                            size: n,
                            max_size,
                        }))) => {
                            break Incoming::Broken(format!(
                                "the server sent a message of {}, more than the {} limit",
                                size(n),
                                size(max_size)
                            ))
                        }
                        Some(Err(e)) => break Incoming::Closed(format!("the connection broke: {e}")),
                    }
                }
                _ = ping.tick() => {
                    // A server that accepts and never answers does not
                    // hold the program: a ping is answered by a pong.
                    if heard.elapsed() >= SILENT_FOR {
                        break Incoming::Closed(format!(
                            "the server sent nothing for {} s",
                            SILENT_FOR.as_secs()
                        ));
                    }
                    let ping = Message::Text(json!({ "type": "ping" }).to_string().into());
                    if let Err(e) = ws.send(ping).await {
                        break Incoming::Closed(format!("the connection broke: {e}"));
                    }
                }
            }
        };
        let _ = tx.send(end).await;
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
    /// The seq of the table last drawn for the prompt.
    shown: Option<u64>,
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

    fn who(&self) -> Vec<String> {
        match self
            .server
            .get(&format!("/api/tables/{}", self.table), None)
        {
            Ok(a) if a.status == 200 => who_lines(&a.body["seats"], self.view),
            Ok(a) => vec![format!("the server cannot say: {}", a.error())],
            Err(e) => vec![e.message],
        }
    }
}

/// Seat `seat` as players know it: "Ben (Minbari)", "the computer
/// (greedy) (Centauri)", from the lobby's seats and the game's view.
fn seat_who(seats: &Value, view: &Value, seat: usize) -> String {
    let s = &seats[seat];
    let race = view["players"][seat]["name"].as_str();
    let who = match (s["player"].as_str(), s["name"].as_str()) {
        (Some("human"), Some(name)) => name.to_string(),
        (Some(p), _) if p != "human" => format!("the computer ({p})"),
        _ => return race.map_or_else(|| format!("seat {}", seat + 1), String::from),
    };
    match race {
        Some(r) => format!("{who} ({r})"),
        None => who,
    }
}

/// `who`: one line per seat, with its presence.
fn who_lines(seats: &Value, view: &Value) -> Vec<String> {
    let n = seats.as_array().map_or(0, Vec::len);
    (0..n)
        .map(|i| {
            let presence = match seats[i]["presence"].as_str() {
                Some("connected") => "at the table",
                Some("disconnected") => "disconnected",
                Some("away") => "away: the computer plays the seat",
                Some("free") => "waiting for its player",
                _ => "",
            };
            let who = seat_who(seats, view, i);
            if presence.is_empty() {
                format!("{}. {who}", i + 1)
            } else {
                format!("{}. {who}: {presence}", i + 1)
            }
        })
        .collect()
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
    // The error may quote the server (its error messages): cleaned too.
    connect(args).map_err(|mut e| {
        e.message = terminal_text(&e.message).into_owned();
        e
    })
}

fn connect(args: &ConnectArgs) -> Result<ExitCode, Fail> {
    let link = parse_link(&args.url)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| Fail::new(format!("cannot start the network runtime: {e}")))?;
    let http = reqwest::Client::builder()
        .connect_timeout(CONNECT_WITHIN)
        .timeout(ANSWER_WITHIN)
        .build()
        .map_err(|e| Fail::new(format!("cannot start the HTTP client: {e}")))?;
    let server = Server {
        rt,
        http,
        base: link.base.clone(),
    };
    let tokens = Tokens::new(args.seats.as_deref());
    let table = link.target.table().to_string();
    let mut out = TerminalText::new(std::io::stdout().lock());
    let seat = match &link.target {
        Target::Watch { .. } => None,
        Target::Join {
            seat, invitation, ..
        } => Some(match tokens.load(&link.base, &table, *seat)? {
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
                if !valid_token(&token) {
                    return Err(bad_token());
                }
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
            let mut held = tokens.seats_of(&link.base, &table)?;
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
        Err(e) => {
            writeln!(out, "(no card texts for ?N and c NAME: {})", e.message)?;
            Vec::new()
        }
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
    let (tx, rx) = mpsc::channel(READ_AHEAD);
    open_socket(&server, &table, token.as_deref(), 0, tx.clone())?;
    // A person at a seat types; a computer player and a spectator do not.
    let typing = seat.is_some() && args.bot.is_none();
    let mut inbox = Inbox {
        rt: server.rt.handle().clone(),
        rx,
        lines: typing.then(typed_lines),
        pending: VecDeque::new(),
        kept: VecDeque::new(),
    };
    let mut session = Session {
        server: &server,
        table: &table,
        seat: seat.as_ref().map(|(s, _)| *s),
        token: token.as_deref(),
        cards: &cards,
        bot: args.bot,
        delay: Duration::from_millis(args.delay_ms),
        auto_pass: args.auto_pass,
        rng: rand_pcg::Pcg64Mcg::seed_from_u64(std::process::id() as u64),
        now: Now::default(),
        opened: (Instant::now(), 0),
        failures: 0,
        seats: Value::Null,
    };
    session.play(&mut inbox, &tx, &mut out)
}

/// A line from the terminal, or its end (or a failure to read it).
type Typed = Result<Option<String>, String>;

/// Reads the terminal's lines on a thread of their own, so that the
/// table's news reaches the player while the prompt waits.
fn typed_lines() -> mpsc::Receiver<Typed> {
    let (tx, rx) = mpsc::channel(TYPED_AHEAD);
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            let typed = read_line_within(&mut stdin, LONGEST_LINE);
            let end = !matches!(typed, Ok(Some(_)));
            if tx.blocking_send(typed).is_err() || end {
                return;
            }
        }
    });
    rx
}

/// One line of at most `limit` bytes (the rest of a longer line is read
/// and dropped); None at the end of the input.
fn read_line_within(input: &mut impl BufRead, limit: usize) -> Typed {
    let mut bytes = Vec::new();
    let read = input
        .by_ref()
        .take(limit as u64)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| format!("cannot read the input: {e}"))?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') && bytes.len() == limit {
        // Skip the rest of an over-long line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = input
                .by_ref()
                .take(limit as u64)
                .read_until(b'\n', &mut rest)
                .map_err(|e| format!("cannot read the input: {e}"))?;
            if n == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// What the player hears: the table's messages, and the lines typed at
/// the terminal (a person's seat only), whichever comes first.
struct Inbox {
    rt: tokio::runtime::Handle,
    rx: mpsc::Receiver<Incoming>,
    lines: Option<mpsc::Receiver<Typed>>,
    /// Messages that came while a question waited, handled after it.
    pending: VecDeque<Incoming>,
    /// Lines typed between questions, kept in order for the next one
    /// (None: the end of the input came after them).
    kept: VecDeque<Option<String>>,
}

/// What comes while the seat has no question before it.
enum Between {
    Message(Incoming),
    Line(String),
    /// The table's connection reader is gone.
    Gone,
}

impl Inbox {
    /// The next message, or a line typed first (the end of the input is
    /// kept for the next question).
    fn message_or_line(&mut self) -> Result<Between, Fail> {
        if let Some(m) = self.pending.pop_front() {
            return Ok(Between::Message(m));
        }
        let Some(heard) = self.first() else {
            return Ok(self
                .rx
                .blocking_recv()
                .map_or(Between::Gone, Between::Message));
        };
        match heard {
            Err(m) => Ok(m.map_or(Between::Gone, Between::Message)),
            Ok(Some(Ok(Some(l)))) => Ok(Between::Line(l)),
            Ok(Some(Ok(None))) | Ok(None) => {
                // The end of the input: the next question quits.
                self.lines = None;
                self.kept.push_back(None);
                self.message_or_line()
            }
            Ok(Some(Err(e))) => Err(Fail::new(e)),
        }
    }

    /// The table's next message (Err) or the next line typed (Ok),
    /// whichever comes first; the table first when both have come, so that
    /// a notice is not held behind typed lines. None for a seat nobody
    /// types at.
    fn first(&mut self) -> Option<Result<Option<Typed>, Option<Incoming>>> {
        let lines = self.lines.as_mut()?;
        let rx = &mut self.rx;
        Some(self.rt.block_on(async {
            tokio::select! {
                biased;
                m = rx.recv() => Err(m),
                l = lines.recv() => Ok(l),
            }
        }))
    }

    /// A message that has come already.
    fn ready(&mut self) -> Option<Incoming> {
        self.pending.pop_front().or_else(|| self.rx.try_recv().ok())
    }

    /// A line typed, or a message first (kept for after the question).
    fn hear(&mut self, line: &mut String) -> Result<Heard, Fail> {
        line.clear();
        if let Some(k) = self.kept.pop_front() {
            return Ok(match k {
                Some(l) => {
                    line.push_str(&l);
                    Heard::Line
                }
                None => Heard::End,
            });
        }
        let Some(heard) = self.first() else {
            return Ok(Heard::End);
        };
        match heard {
            Err(Some(m)) => {
                self.pending.push_back(m);
                Ok(Heard::News)
            }
            // The reader of the table's connection is gone (the program
            // ends): as the end of the input.
            Err(None) => Ok(Heard::End),
            Ok(Some(Ok(Some(l)))) => {
                line.push_str(&l);
                Ok(Heard::Line)
            }
            Ok(Some(Ok(None))) | Ok(None) => {
                self.lines = None;
                Ok(Heard::End)
            }
            Ok(Some(Err(e))) => Err(Fail::new(e)),
        }
    }

    /// The answer to a question that the table's messages do not
    /// interrupt (they wait until it is answered): None at the end of the
    /// input.
    fn answer(&mut self) -> Result<Option<String>, Fail> {
        let mut line = String::new();
        loop {
            match self.hear(&mut line)? {
                Heard::Line => return Ok(Some(line)),
                Heard::End => return Ok(None),
                Heard::News => continue,
            }
        }
    }
}

impl play::Lines for Inbox {
    fn next_line(&mut self, line: &mut String) -> Result<Heard, Fail> {
        self.hear(line)
    }
}

/// The pause before opening a lost connection again after `failures` in
/// a row: 0.5 s, 1 s, 2 s, ... up to 30 s.
fn pause(failures: u32) -> Duration {
    FIRST_PAUSE
        .saturating_mul(1 << failures.min(16))
        .min(LONGEST_PAUSE)
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
    /// `--auto-pass`: a lone pass is taken without asking.
    auto_pass: bool,
    rng: rand_pcg::Pcg64Mcg,
    now: Now,
    /// When the table's connection was last opened, and the `seq` then.
    opened: (Instant, u64),
    /// Connections lost in a row without a working one between.
    failures: u32,
    /// The lobby's seats (names, computer players, presence), as last read.
    seats: Value,
}

impl Session<'_> {
    fn play(
        &mut self,
        inbox: &mut Inbox,
        tx: &mpsc::Sender<Incoming>,
        out: &mut impl Write,
    ) -> Result<ExitCode, Fail> {
        loop {
            let first = match inbox.message_or_line()? {
                Between::Message(m) => m,
                Between::Line(line) => {
                    if let Some(code) = self.between_turns(line, inbox, out)? {
                        return Ok(code);
                    }
                    continue;
                }
                Between::Gone => return Err(Fail::new("the table's connection ended")),
            };
            let mut batch = vec![first];
            while let Some(m) = inbox.ready() {
                batch.push(m);
            }
            for m in batch {
                match m {
                    Incoming::Msg(v) => {
                        if let Some(code) = self.message(&v, inbox, out)? {
                            return Ok(code);
                        }
                    }
                    Incoming::Closed(why) => self.reconnect(&why, tx, out)?,
                    Incoming::Broken(why) => {
                        return Err(Fail::new(format!(
                            "{why}; gave up (a b5 server never sends that)"
                        )))
                    }
                }
            }
            if self.now.finished {
                self.game_over(out)?;
                return Ok(ExitCode::SUCCESS);
            }
            if let Some(code) = self.turn(inbox, out)? {
                return Ok(code);
            }
        }
    }

    /// Opens the lost connection again, saying the last `seq` seen (the
    /// server sends what was missed), after a pause that doubles with each
    /// failure in a row; gives up after [`RECONNECTS`] of them.
    fn reconnect(
        &mut self,
        why: &str,
        tx: &mpsc::Sender<Incoming>,
        out: &mut impl Write,
    ) -> Result<(), Fail> {
        let (at, seq) = self.opened;
        if self.now.seq > seq || at.elapsed() >= STEADY {
            self.failures = 0;
        }
        let mut last = why.to_string();
        loop {
            if self.failures >= RECONNECTS {
                return Err(Fail::new(format!(
                    "{last}; gave up after {RECONNECTS} tries in a row"
                )));
            }
            let pause = pause(self.failures);
            self.failures += 1;
            writeln!(
                out,
                "({last}; connecting again in {:.1} s)",
                pause.as_secs_f64()
            )?;
            std::thread::sleep(pause);
            match open_socket(
                self.server,
                self.table,
                self.token,
                self.now.seq,
                tx.clone(),
            ) {
                Ok(()) => {
                    self.opened = (Instant::now(), self.now.seq);
                    return Ok(());
                }
                Err(e) => last = e.message,
            }
        }
    }

    /// One message from the server; Some(code) to stop.
    fn message(
        &mut self,
        v: &Value,
        inbox: &mut Inbox,
        out: &mut impl Write,
    ) -> Result<Option<ExitCode>, Fail> {
        match v["type"].as_str().unwrap_or("") {
            "welcome" => {
                self.read_seats();
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
                self.read_seats();
                let who = self.player_name(v["seat"].as_u64().unwrap_or(0) as usize);
                if v["away"] == true {
                    writeln!(out, "  ({who} is away: the computer player plays the seat)")?;
                } else {
                    writeln!(out, "  ({who} is back)")?;
                }
            }
            "joined" => {
                self.read_seats();
                writeln!(
                    out,
                    "  ({} takes seat {})",
                    v["name"].as_str().unwrap_or("a player"),
                    v["seat"].as_u64().unwrap_or(0) + 1
                )?
            }
            "presence" => {
                self.read_seats();
                let who = self.player_name(v["seat"].as_u64().unwrap_or(0) as usize);
                match v["presence"].as_str() {
                    Some("connected") => writeln!(out, "  ({who} is at the table)")?,
                    Some("disconnected") => {
                        writeln!(out, "  ({who} left the table: disconnected)")?
                    }
                    _ => {}
                }
            }
            "undo" => return self.undo_notice(v, inbox, out).map(|_| None),
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
        seat_who(&self.seats, &self.now.view, seat)
    }

    /// The lobby's seats read again (after a seat's notice); kept as they
    /// were when the server cannot say.
    fn read_seats(&mut self) {
        if let Ok(a) = self
            .server
            .get(&format!("/api/tables/{}", self.table), None)
        {
            if a.status == 200 && a.body["seats"].is_array() {
                self.seats = a.body["seats"].clone();
            }
        }
    }

    /// Another player asks to take back an action: answer if asked.
    fn undo_notice(
        &mut self,
        v: &Value,
        inbox: &mut Inbox,
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
                    self.ask_yes_no(
                        &format!("{by} asks to take back their last action (and every action after it). Accept? (y/n): "),
                        inbox,
                        out,
                    )?
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
            "accepted_by" => {
                let who = self.player_name(v["seat"].as_u64().unwrap_or(0) as usize);
                writeln!(out, "  ({who} agreed to the undo)")?
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

    /// `say TEXT`: a line to the table's chat.
    fn say(&self, text: &str, token: &str, out: &mut impl Write) -> Result<(), Fail> {
        let a = self.server.post(
            &format!("/api/tables/{}/chat", self.table),
            Some(token),
            &json!({ "text": text }),
        )?;
        if a.status != 200 {
            writeln!(out, "Not sent: {}", a.error())?;
        }
        Ok(())
    }

    /// `u`: asks to take back the seat's last action; whether it was
    /// undone or asked.
    fn ask_undo(&self, token: &str, out: &mut impl Write) -> Result<bool, Fail> {
        let a = self.server.post(
            &format!("/api/tables/{}/undo", self.table),
            Some(token),
            &json!({ "seq": self.now.seq }),
        )?;
        match a.status {
            200 => writeln!(out, "Undone.")?,
            202 => writeln!(out, "The other players are asked to accept the undo.")?,
            _ => {
                writeln!(out, "No undo: {}", a.error())?;
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `q`: hands the seat to the computer player and stops.
    fn leave(&self, seat: usize, token: &str, out: &mut impl Write) -> Result<ExitCode, Fail> {
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
        Ok(ExitCode::SUCCESS)
    }

    /// A line typed while the seat has no question before it: a command
    /// that needs no choice (leave, chat, undo, the table, help) is done
    /// at once; anything else is kept, in order, for the next question
    /// (and so is everything typed after it, and everything typed before
    /// the table is known).
    fn between_turns(
        &mut self,
        line: String,
        inbox: &mut Inbox,
        out: &mut impl Write,
    ) -> Result<Option<ExitCode>, Fail> {
        let (Some(seat), Some(token)) = (self.seat, self.token) else {
            return Ok(None);
        };
        let t = line.trim();
        let low = t.to_lowercase();
        let say = t.strip_prefix("say ").or_else(|| t.strip_prefix("say\t"));
        let command = say.is_some()
            || matches!(
                low.as_str(),
                "q" | "quit" | "exit" | "u" | "undo" | "h" | "help" | "t" | "table" | "who"
            );
        if !command || !inbox.kept.is_empty() || self.now.view.is_null() {
            if !t.is_empty() && self.now.view.is_object() && inbox.kept.is_empty() {
                writeln!(out, "(kept for your next choice: {})", self.waiting_words())?;
            }
            inbox.kept.push_back(Some(line));
            return Ok(None);
        }
        if let Some(text) = say {
            self.say(text.trim(), token, out)?;
            return Ok(None);
        }
        match low.as_str() {
            "q" | "quit" | "exit" => return self.leave(seat, token, out).map(Some),
            "u" | "undo" => {
                self.ask_undo(token, out)?;
            }
            "h" | "help" => writeln!(out, "{}", play::help_text(true))?,
            "who" => {
                self.read_seats();
                for l in who_lines(&self.seats, &self.now.view) {
                    writeln!(out, "  {l}")?;
                }
            }
            _ => match serde_json::from_value::<PlayerView>(self.now.view.clone()) {
                Ok(view) => writeln!(
                    out,
                    "{}({})",
                    crate::render::table(&view),
                    self.waiting_words()
                )?,
                Err(_) => writeln!(out, "(the table is not known yet)")?,
            },
        }
        Ok(None)
    }

    /// "the table waits for Narn, Minbari".
    fn waiting_words(&self) -> String {
        let waiting: Vec<String> = self.now.view["pending"]
            .as_array()
            .map(|p| {
                p.iter()
                    .filter_map(Value::as_u64)
                    .map(|s| self.player_name(s as usize))
                    .collect()
            })
            .unwrap_or_default();
        if waiting.is_empty() {
            "the table waits for the server".into()
        } else {
            format!("the table waits for {}", waiting.join(", "))
        }
    }

    /// Asks until the answer is y(es) or n(o); no at the end of the input.
    fn ask_yes_no(
        &mut self,
        question: &str,
        inbox: &mut Inbox,
        out: &mut impl Write,
    ) -> Result<bool, Fail> {
        loop {
            write!(out, "{question}")?;
            out.flush()?;
            let Some(line) = inbox.answer()? else {
                writeln!(out)?;
                return Ok(false);
            };
            match line.trim().to_lowercase().as_str() {
                "y" | "yes" => return Ok(true),
                "n" | "no" => return Ok(false),
                _ => writeln!(out, "Please answer y or n.")?,
            }
        }
    }

    /// The seat's choice, when it has one.
    fn turn(&mut self, inbox: &mut Inbox, out: &mut impl Write) -> Result<Option<ExitCode>, Fail> {
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
            None if self.auto_pass && self.lone_pass() => {
                writeln!(out, "Passed for you: passing was your only choice.")?;
                self.now.legal[0].clone()
            }
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
                // The table is drawn again only when it changed since.
                let fresh = self.now.shown != Some(self.now.seq);
                self.now.shown = Some(self.now.seq);
                match play::ask(&screen, fresh, &menu, &desk, inbox, out)? {
                    Answer::Choice(a) => {
                        serde_json::to_value(a).map_err(|e| Fail::new(e.to_string()))?
                    }
                    Answer::News => {
                        // Shown by the play loop; then asked again.
                        self.now.asked = None;
                        return Ok(None);
                    }
                    Answer::Say(text) => {
                        self.say(&text, token, out)?;
                        self.now.asked = None;
                        return Ok(None);
                    }
                    Answer::Undo => {
                        if !self.ask_undo(token, out)? {
                            self.now.asked = None;
                        }
                        return Ok(None);
                    }
                    Answer::Quit => return self.leave(seat, token, out).map(Some),
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

    /// Whether the seat's only legal action is a pass.
    fn lone_pass(&self) -> bool {
        matches!(self.now.legal.as_slice(), [a] if a["do"] == "pass")
    }

    /// The computer player's action: greedy and search take the server's
    /// advice (they need the whole game, which only the server holds; they
    /// read only what the seat may know), random picks on this machine.
    fn bot_choice(&mut self, bot: BotKind, token: &str) -> Result<Option<Value>, Fail> {
        if !self.delay.is_zero() {
            std::thread::sleep(self.delay);
        }
        Ok(match bot {
            BotKind::Random => {
                Some(self.now.legal[self.rng.random_range(0..self.now.legal.len())].clone())
            }
            BotKind::Greedy | BotKind::Search => {
                let a = self.server.get(
                    &format!(
                        "/api/tables/{}/advice?bot={}",
                        self.table,
                        bot.server_name()
                    ),
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
        let _ = std::fs::remove_dir_all(&dir);
        let t = Tokens::new(Some(&dir));
        let key = "0123456789abcdef".repeat(4);
        let path = t.save("http://h:1", "tab", 2, &key).unwrap();
        assert_eq!(t.load("http://h:1", "tab", 2).unwrap(), Some(key.clone()));
        assert_eq!(
            t.seats_of("http://h:1", "tab").unwrap(),
            vec![(2, key.clone())]
        );
        assert!(t.load("http://h:2", "tab", 2).unwrap().is_none());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "only the owner reads a token: {mode:o}");
            let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "the folder is private: {mode:o}");
            // A folder others may read is made private when a token is read.
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
            assert!(t.load("http://h:1", "tab", 2).unwrap().is_some());
            let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "made private: {mode:o}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn only_tokens_of_64_hex_digits_are_kept_or_read() {
        let dir = std::env::temp_dir().join(format!("b5-connect-badtok-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let t = Tokens::new(Some(&dir));
        for bad in [
            String::new(),
            "secret".into(),
            "g".repeat(64),
            "a".repeat(63),
            "a".repeat(65),
            format!("{}\n{}", "a".repeat(32), "b".repeat(31)),
            "../../etc/passwd".into(),
        ] {
            let e = t.save("http://h:1", "tab", 0, &bad).unwrap_err();
            assert!(e.message.contains("not 64 hex digits"), "{}", e.message);
        }
        assert!(!dir.exists(), "nothing was written");
        // A file that holds no token is refused, naming the file.
        std::fs::create_dir_all(&dir).unwrap();
        let file = t.file("http://h:1", "tab", 1);
        std::fs::write(&file, format!("{}\nmore", "a".repeat(64))).unwrap();
        let e = t.load("http://h:1", "tab", 1).unwrap_err();
        assert!(e.message.contains("not 64 hex digits"), "{}", e.message);
        assert!(
            e.message.contains(&file.display().to_string()),
            "{}",
            e.message
        );
        assert!(t.seats_of("http://h:1", "tab").is_err());
        // Hex digits in either case, and the newline the file ends with.
        std::fs::write(&file, format!("{}\n", "aB3".repeat(21) + "f")).unwrap();
        assert!(t.load("http://h:1", "tab", 1).unwrap().is_some());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn server_text_reaches_the_terminal_without_controls() {
        let hostile = "a\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07b\rc\u{9b}31m\u{85}d\u{202e}e\u{2066}f\u{7f}g\x00h\ti\nj\u{e9}";
        assert_eq!(
            terminal_text(hostile),
            "a[2J]52;c;cm0gLXJmIH4=bc31mdefgh\ti\nj\u{e9}"
        );
        assert!(matches!(terminal_text("Kha'Dor\n\tD4"), Cow::Borrowed(_)));
        // Through the writer, even when a character is cut between writes.
        let mut t = TerminalText::new(Vec::new());
        let bytes = "x\u{202e}y\u{9b}z\u{e9}\n".as_bytes();
        for b in bytes {
            t.write_all(std::slice::from_ref(b)).unwrap();
        }
        let red = "\x1b[31mred";
        write!(t, "{red}").unwrap();
        t.write_all(b"\xff!").unwrap();
        assert_eq!(String::from_utf8(t.inner).unwrap(), "xyz\u{e9}\n[31mred!");
    }

    #[test]
    fn reconnecting_waits_longer_each_time_up_to_30_s() {
        let p: Vec<f64> = (0..9).map(|n| pause(n).as_secs_f64()).collect();
        assert_eq!(p, [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]);
        assert_eq!(pause(u32::MAX), LONGEST_PAUSE);
        assert_eq!(size(17 << 20), "17 MiB");
        assert_eq!(size(MAX_MESSAGE), "4 MiB");
        assert_eq!(size(3 << 19), "1.5 MiB");
        assert_eq!(size(2048), "2 KiB");
    }
}
