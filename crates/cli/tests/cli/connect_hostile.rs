//! `b5 connect` (the real binary) against a hostile server: a fake table
//! server on 127.0.0.1 inside this test process, speaking enough of
//! docs/protocol.md to lead the client on, then sending what no b5 server
//! sends: a 64 MiB answer, a token that is no token, 16 MiB WebSocket
//! messages, texts full of terminal escape sequences. Each must end with a
//! clear message and bounded memory, time and connections; nothing the
//! server says may reach the terminal as a control character; the seats
//! folder stays private.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use serde_json::{json, Value};

/// A token as the protocol writes it.
const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// What the fake server does.
#[derive(Clone)]
enum Mode {
    /// The join's answer is 64 MiB long.
    HugeJoin,
    /// The join's answer carries this token.
    Token(Arc<String>),
    /// The join's answer is this error (403).
    JoinError(&'static str),
    /// Every WebSocket gets 16 MiB messages after the hello.
    HugeMessages,
    /// A short game whose every text is full of escape sequences.
    Escapes,
    /// A game that is over at once.
    Over,
}

#[derive(Clone)]
struct Fake {
    mode: Mode,
    /// WebSocket connections opened.
    sockets: Arc<AtomicUsize>,
    /// The client posted an action.
    acted: Arc<tokio::sync::Notify>,
}

/// Every hostile text at once: CSI (clear screen, colours), OSC 52 (write
/// the clipboard) ended by BEL, a carriage return that overwrites the line,
/// C1 controls (CSI as U+009B, NEL), DEL, NUL, and bidi overrides and
/// isolates.
const EVIL: &str =
    "\u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}\r\u{9b}31m\u{85}\u{7f}\u{0}\u{202e}\u{2066}";

fn evil(s: &str) -> String {
    format!("{EVIL}{s}{EVIL}")
}

/// The bytes none of which may reach the terminal.
fn hostile_bytes(out: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(out);
    text.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t')
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
        })
        .map(|c| format!("U+{:04X}", c as u32))
        .collect()
}

async fn join(State(f): State<Fake>) -> Response {
    match f.mode {
        Mode::HugeJoin => {
            // 64 MiB streamed in 64 KiB chunks, never held here.
            static CHUNK: [u8; 65536] = [b'a'; 65536];
            let head = futures_util::stream::iter([Ok::<_, std::io::Error>(Bytes::from_static(
                b"{\"token\": \"",
            ))]);
            let rest = futures_util::stream::iter(
                (0..1024).map(|_| Ok::<_, std::io::Error>(Bytes::from_static(&CHUNK))),
            );
            Response::builder()
                .status(200)
                .header("content-type", "application/json")
                .body(Body::from_stream(head.chain(rest)))
                .unwrap()
        }
        Mode::Token(t) => {
            Json(json!({ "table": "t1", "seat": 0, "name": "x", "token": *t })).into_response()
        }
        Mode::JoinError(e) => (
            StatusCode::FORBIDDEN,
            Json(json!({ "status": 403, "error": e })),
        )
            .into_response(),
        _ => Json(json!({ "table": "t1", "seat": 0, "name": "x", "token": TOKEN })).into_response(),
    }
}

async fn cards(State(f): State<Fake>) -> Json<Value> {
    let name = match f.mode {
        Mode::Escapes => evil("Evil Card"),
        _ => "Plain Card".into(),
    };
    Json(json!({ "game": "b5ccg", "cards": [ { "name": name, "text": evil("text") } ] }))
}

async fn away() -> Json<Value> {
    Json(json!({ "seat": 0, "away": false }))
}

async fn act(State(f): State<Fake>) -> Response {
    f.acted.notify_one();
    (
        StatusCode::CONFLICT,
        Json(json!({ "status": 409, "error": evil("refused"), "rule": evil("Rule") })),
    )
        .into_response()
}

async fn ws(State(f): State<Fake>, up: WebSocketUpgrade) -> Response {
    f.sockets.fetch_add(1, Ordering::SeqCst);
    up.on_upgrade(move |socket| table(f, socket))
}

async fn send(socket: &mut WebSocket, v: Value) -> bool {
    socket
        .send(Message::Text(v.to_string().into()))
        .await
        .is_ok()
}

/// The table's WebSocket: the hello, then what the mode sends.
async fn table(f: Fake, mut socket: WebSocket) {
    let Some(Ok(_hello)) = socket.recv().await else {
        return;
    };
    let players = json!({ "players": [
        { "name": evil("Mallory"), "power": 7 },
        { "name": evil("Trudy"), "power": 3 },
    ] });
    match f.mode {
        Mode::HugeMessages => {
            let text = format!(
                "{{\"type\": \"chat\", \"name\": \"x\", \"text\": \"{}\"}}",
                "a".repeat((16 << 20) - 41)
            );
            let big: axum::extract::ws::Utf8Bytes = text.into();
            // Until the client goes.
            while socket.send(Message::Text(big.clone())).await.is_ok() {}
        }
        Mode::Escapes => {
            let _ = send(
                &mut socket,
                json!({ "type": "welcome", "table": "t1", "seat": 0, "seq": 1 }),
            )
            .await;
            let _ = send(&mut socket, json!({ "type": "chat", "n": 0, "seat": 1, "name": evil("Eve"), "text": evil("hello") })).await;
            let _ = send(
                &mut socket,
                json!({ "type": "error", "status": 400, "error": evil("bad") }),
            )
            .await;
            let _ = send(
                &mut socket,
                json!({
                    "type": "change", "seq": 1, "events": [], "log": [evil("Mallory acts.")],
                    "view": players, "to_act": [0], "legal_actions": [{ "do": "pass" }],
                    "finished": false, "winners": []
                }),
            )
            .await;
            let _ = send(
                &mut socket,
                json!({ "type": "away", "seat": 1, "away": true }),
            )
            .await;
            let _ = send(
                &mut socket,
                json!({ "type": "undo", "state": "refused", "by": 1 }),
            )
            .await;
            // The client's action is refused with a hostile message; then the end.
            let _ = tokio::time::timeout(Duration::from_secs(20), f.acted.notified()).await;
            let _ = send(
                &mut socket,
                json!({
                    "type": "change", "seq": 2, "events": [], "log": [evil("The game ends.")],
                    "view": players, "to_act": [], "legal_actions": [],
                    "finished": true, "winners": [0]
                }),
            )
            .await;
            let _ = socket.recv().await;
        }
        _ => {
            let _ = send(
                &mut socket,
                json!({ "type": "welcome", "table": "t1", "seat": 0, "seq": 1 }),
            )
            .await;
            let _ = send(
                &mut socket,
                json!({
                    "type": "sync", "seq": 1, "view": players, "to_act": [], "legal_actions": [],
                    "finished": true, "winners": [0]
                }),
            )
            .await;
            let _ = socket.recv().await;
        }
    }
}

/// The fake server, stopped when dropped.
struct Server {
    base: String,
    sockets: Arc<AtomicUsize>,
    _rt: tokio::runtime::Runtime,
}

fn fake(mode: Mode) -> Server {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let state = Fake {
        mode,
        sockets: Arc::new(AtomicUsize::new(0)),
        acted: Arc::new(tokio::sync::Notify::new()),
    };
    let sockets = Arc::clone(&state.sockets);
    let app = Router::new()
        .route("/api/tables/{id}/seats/{n}/join", post(join))
        .route("/api/tables/{id}/seats/{n}/away", post(away))
        .route("/api/tables/{id}/actions", post(act))
        .route("/api/tables/{id}/ws", get(ws))
        .route("/api/cards", get(cards))
        .with_state(state);
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    rt.spawn(async move { axum::serve(listener, app).await });
    Server {
        base,
        sockets,
        _rt: rt,
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("b5-connect-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A finished `b5 connect` run.
struct Ran {
    /// None when it was killed (by a signal, or by the safety net).
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    took: Duration,
}

impl Ran {
    fn show(&self) -> String {
        let out = String::from_utf8_lossy(&self.stdout);
        let tail: String = out
            .chars()
            .rev()
            .take(3000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        format!(
            "exit {:?} after {:?}\n--- stdout ---\n{tail:?}\n--- stderr ---\n{:?}",
            self.code, self.took, self.stderr
        )
    }
}

/// The most memory the client may take (RLIMIT_DATA: its heap, thread
/// stacks and other private writable memory, mapped memory that mimalloc
/// keeps after a free included). A 64 MiB answer read whole does not fit
/// (an allocation fails and the program aborts).
const MEMORY_LIMIT: u64 = 48 << 20;

/// The same for a 7 MB answer read and parsed (its bytes, serde_json's
/// scratch buffer and the string it makes: 40 to 48 MiB measured with
/// mimalloc): the test that sends one is about the token, not the memory.
const MEMORY_LIMIT_7MB: u64 = 64 << 20;

/// Runs `b5 connect LINK --bot random --seats SEATS` within
/// [`MEMORY_LIMIT`], killed after `limit` (a safety net).
fn connect(link: &str, seats: &Path, limit: Duration) -> Ran {
    connect_within(link, seats, limit, MEMORY_LIMIT)
}

fn connect_within(link: &str, seats: &Path, limit: Duration, memory: u64) -> Ran {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_b5"));
    cmd.args(["connect", link, "--bot", "random", "--seats"])
        .arg(seats)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit (async-signal-safe) runs in the child before
    // exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: memory as libc::rlim_t,
                rlim_max: memory as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let so = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    });
    let se = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ran {
        code: status.code(),
        stdout: so.join().unwrap(),
        stderr: String::from_utf8_lossy(&se.join().unwrap()).into_owned(),
        took: start.elapsed(),
    }
}

fn join_link(server: &Server) -> String {
    format!("{}/join/t1/0#invitation", server.base)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn a_64_mib_answer_is_refused_at_the_limit_within_48_mib() {
    let server = fake(Mode::HugeJoin);
    let dir = scratch("huge-answer");
    let seats = dir.join("seats");
    let r = connect(&join_link(&server), &seats, Duration::from_secs(60));
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(
        r.stderr.contains(
            "the answer to POST /api/tables/t1/seats/0/join is larger than the 8 MiB limit"
        ),
        "{}",
        r.show()
    );
    assert!(
        files_in(&seats).is_empty(),
        "nothing kept: {:?}",
        files_in(&seats)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_token_that_is_not_64_hex_digits_is_refused_and_not_kept() {
    let dir = scratch("bad-token");
    // 7 MB with newlines (its answer under the 8 MiB limit), then a few
    // that look like tokens and are not.
    let huge = "0123456789abcdef\n".repeat(7_000_000 / 17);
    for token in [
        huge,
        "g".repeat(64),
        format!("{}\n", &TOKEN[..63]),
        format!("../../{}", &TOKEN[6..]),
        format!("{TOKEN}0"),
    ] {
        let server = fake(Mode::Token(Arc::new(token.clone())));
        let seats = dir.join("seats");
        let r = connect_within(
            &join_link(&server),
            &seats,
            Duration::from_secs(60),
            MEMORY_LIMIT_7MB,
        );
        assert_eq!(r.code, Some(1), "{}", r.show());
        assert!(
            r.stderr
                .contains("the server sent a seat token that is not 64 hex digits"),
            "{}",
            r.show()
        );
        assert!(
            files_in(&seats).is_empty(),
            "nothing written: {:?}",
            files_in(&seats)
        );
        assert_eq!(server.sockets.load(Ordering::SeqCst), 0, "never used");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn oversized_websocket_messages_make_it_give_up_not_loop() {
    let server = fake(Mode::HugeMessages);
    let dir = scratch("huge-messages");
    let r = connect(
        &join_link(&server),
        &dir.join("seats"),
        Duration::from_secs(60),
    );
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(
        r.stderr
            .contains("the server sent a message of 16 MiB, more than the 4 MiB limit"),
        "{}",
        r.show()
    );
    assert!(r.stderr.contains("gave up"), "{}", r.show());
    // The same message would come again: one connection, no reconnecting
    // (before, it connected again for ever).
    assert_eq!(server.sockets.load(Ordering::SeqCst), 1, "{}", r.show());
    assert!(r.took < Duration::from_secs(30), "{}", r.show());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn escape_sequences_from_the_server_never_reach_the_terminal() {
    let server = fake(Mode::Escapes);
    let dir = scratch("escapes");
    let r = connect(
        &join_link(&server),
        &dir.join("seats"),
        Duration::from_secs(60),
    );
    assert_eq!(r.code, Some(0), "{}", r.show());
    let out = String::from_utf8_lossy(&r.stdout);
    // Every kind of server text was printed: chat, errors, the log,
    // notices, the refusal of an action, the end with the players' names.
    for seen in [
        "Eve",
        "hello",
        "The server: ",
        "bad",
        "Mallory acts.",
        "is away: the computer player plays the seat",
        "asked for was refused",
        "Not taken: ",
        "refused",
        "Rule",
        "The game ends.",
        "Mallory",
        "wins.",
        "Power: ",
    ] {
        assert!(out.contains(seen), "missing {seen:?}: {}", r.show());
    }
    let bad = hostile_bytes(&r.stdout);
    assert!(bad.is_empty(), "control characters {bad:?}: {}", r.show());
    let bad = hostile_bytes(r.stderr.as_bytes());
    assert!(bad.is_empty(), "control characters {bad:?}: {}", r.show());

    // An error from the server, ending the program on standard error.
    let server = fake(Mode::JoinError(
        "\u{1b}]52;c;cm0gLXJmIH4=\u{7}no such\u{9b}2K seat\u{202e}",
    ));
    let r = connect(
        &join_link(&server),
        &dir.join("seats2"),
        Duration::from_secs(60),
    );
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(r.stderr.contains("cannot take seat 0: "), "{}", r.show());
    assert!(r.stderr.contains("no such2K seat"), "{}", r.show());
    let bad = hostile_bytes(r.stderr.as_bytes());
    assert!(bad.is_empty(), "control characters {bad:?}: {}", r.show());
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn the_seats_folder_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let server = fake(Mode::Over);
    let dir = scratch("private");
    // Created private, with the token file its owner's only.
    let seats = dir.join("home").join(".b5").join("seats");
    let r = connect(&join_link(&server), &seats, Duration::from_secs(60));
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(mode(&seats), 0o700);
    let kept = files_in(&seats);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(mode(&kept[0]), 0o600);
    assert_eq!(
        std::fs::read_to_string(&kept[0]).unwrap(),
        format!("{TOKEN}\n")
    );
    // A folder that others may read and enter is made private.
    let open = dir.join("open");
    std::fs::create_dir_all(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
    let r = connect(&join_link(&server), &open, Duration::from_secs(60));
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(mode(&open), 0o700);
    let _ = std::fs::remove_dir_all(dir);
}
