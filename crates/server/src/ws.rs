//! The WebSocket half of the protocol (`docs/protocol.md`): after a `hello`
//! (a seat token or none for a spectator, and the last `seq` the client
//! has), the server sends what the client missed and then every change, as
//! that viewer may see it.

use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Extension;
use futures_util::SinkExt;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::connections::ConnectionSlot;
use crate::game::{GameEvents, TableGame, Viewer};
use crate::http::ApiError;
use crate::patch::{self, Sent, View};
use crate::table::{Bucket, Change, Table};
use crate::AppState;

/// How long a client has to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(30);

pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    connection: Option<Extension<Arc<ConnectionSlot>>>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // Counted from here until the session ends (`--max-websockets`).
    let slot = state.websocket_slot().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server holds its maximum of {} WebSocket connections; try later",
                state.cfg.max_websockets
            ),
        )
    })?;
    let found = state
        .find_table(&id)
        .await
        .map_err(|e| ApiError::new(e.status(), e.to_string()))?;
    let table = found.ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no table \"{}\"", id.chars().take(40).collect::<String>()),
        )
    })?;
    let max = state.cfg.max_ws_message;
    // Small buffers: thousands of sockets stay cheap (the defaults hold
    // 128 KiB each way per socket; a client's messages are a few hundred
    // bytes, a longer one is read in several pieces). Frames queued
    // together (an answer and its change) go out in one write when the
    // session flushes, which it does after every message or batch. A client
    // that does not read makes the session wait (each flush waits for the
    // socket), so nothing piles up.
    Ok(ws
        .max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(max.min(READ_BUFFER))
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(4 * 1024 * 1024)
        .on_upgrade(move |socket| async move {
            // The connection's slot (`--max-connections`, per address)
            // stays taken while the WebSocket is open.
            let _slots = (slot, connection);
            session(socket, state, table).await
        }))
}

/// Each WebSocket's read buffer (allocated for as long as it is open).
const READ_BUFFER: usize = 2 * 1024;

/// Frames queued on a WebSocket are written once they pass this many bytes
/// or when the session flushes (tungstenite's `write_buffer_size`; 0 would
/// write each frame as it is queued, one system call each).
const WRITE_BUFFER: usize = 8 * 1024;

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ClientMsg {
    Hello {
        token: Option<String>,
        seq: Option<u64>,
        /// The client applies view patches (`patch.rs`).
        #[serde(default)]
        view_patches: bool,
    },
    Action {
        seq: u64,
        action: Value,
        #[serde(default)]
        id: Value,
    },
    Ping,
}

fn error_msg(status: u16, message: &str) -> String {
    json!({ "type": "error", "status": status, "error": message }).to_string()
}

async fn send(socket: &mut WebSocket, text: String) -> bool {
    socket.send(Message::Text(text.into())).await.is_ok()
}

/// How one connection is sent its views: whole, or (when its client asked
/// for view patches) patched against the last one it was sent.
#[derive(Clone, Debug, Default)]
pub struct Viewing {
    patches: bool,
    sent: Option<Sent>,
}

impl Viewing {
    pub fn new(patches: bool) -> Viewing {
        Viewing {
            patches,
            sent: None,
        }
    }

    /// Appends `view` (a JSON text) as `"view":` whole, or as
    /// `"view_patch":` against the last view sent.
    fn push(&mut self, m: &mut String, view: View) {
        if !self.patches {
            m.push_str(",\"view\":");
            m.push_str(&view.text());
            return;
        }
        match self.sent.as_ref().and_then(|s| patch::diff(s, &view)) {
            Some(ops) => {
                m.push_str(",\"view_patch\":");
                m.push_str(&ops);
            }
            None => {
                m.push_str(",\"view\":");
                m.push_str(&view.text());
            }
        }
        self.sent = Sent::after(self.sent.take(), view);
    }
}

/// A change as `viewer` sees it: its events, and (when `game` is given:
/// live changes and the last message of a catch-up) the view after it,
/// who is to act and the viewer's legal actions. Written as text piece by
/// piece, the view straight from the game's types (`view_text`): no JSON
/// value of the whole message is built.
pub(crate) fn change_msg(
    seq: u64,
    events: &dyn GameEvents,
    game: Option<(&dyn TableGame, Value)>,
    viewer: Viewer,
    viewing: &mut Viewing,
) -> String {
    let mut m = String::with_capacity(8 * 1024);
    m.push_str("{\"type\":\"change\",\"seq\":");
    m.push_str(&seq.to_string());
    m.push_str(",\"events\":");
    m.push_str(&events.events_text(viewer));
    m.push_str(",\"log\":");
    m.push_str(&events.log_text(viewer));
    match game {
        Some((g, clock)) => {
            now(&mut m, g, viewer, viewing);
            m.push_str(",\"clock\":");
            m.push_str(&clock.to_string());
        }
        None => m.push_str(
            ",\"view\":null,\"to_act\":null,\"legal_actions\":null,\"finished\":null,\"winners\":null",
        ),
    }
    m.push('}');
    m
}

/// Appends `v` as JSON (null if it cannot be written).
fn push_json<T: serde::Serialize + ?Sized>(m: &mut String, v: &T) {
    match serde_json::to_string(v) {
        Ok(t) => m.push_str(&t),
        Err(_) => m.push_str("null"),
    }
}

/// Appends the view, who is to act, the legal actions, the end.
fn now(m: &mut String, g: &dyn TableGame, viewer: Viewer, viewing: &mut Viewing) {
    let legal = match viewer {
        Viewer::Seat(s) => g.legal_actions(s),
        Viewer::Spectator => Vec::new(),
    };
    viewing.push(m, g.view_parts(viewer));
    m.push_str(",\"to_act\":");
    push_json(m, &g.to_act());
    m.push_str(",\"legal_actions\":");
    push_json(m, &legal);
    m.push_str(",\"finished\":");
    m.push_str(if g.finished() { "true" } else { "false" });
    m.push_str(",\"winners\":");
    push_json(m, &g.winners());
}

/// The table now, without events: when the changes since the client's
/// `seq` are no longer kept.
fn sync_msg(
    seq: u64,
    g: &dyn TableGame,
    viewer: Viewer,
    clock: Value,
    viewing: &mut Viewing,
) -> String {
    let mut m = String::with_capacity(8 * 1024);
    m.push_str("{\"type\":\"sync\",\"seq\":");
    m.push_str(&seq.to_string());
    m.push_str(",\"clock\":");
    m.push_str(&clock.to_string());
    now(&mut m, g, viewer, viewing);
    m.push('}');
    m
}

/// The messages that bring a client at `since` up to date, and the seq
/// they bring it to: each missed change with its events, the last one with
/// the view; or, when the missed changes are no longer kept, one `sync`.
async fn catch_up(
    table: &Table,
    since: u64,
    viewer: Viewer,
    viewing: &mut Viewing,
) -> (Vec<String>, u64) {
    let (current, changes, game) = {
        let inner = table.inner.lock().await;
        let changes: Vec<Arc<Change>> = inner
            .history
            .iter()
            .filter(|c| c.seq > since)
            .cloned()
            .collect();
        (inner.seq, changes, inner.game.clone())
    };
    if since == current {
        return (Vec::new(), current);
    }
    let complete = since < current
        && changes.first().map(|c| c.seq) == Some(since + 1)
        && changes.last().map(|c| c.seq) == Some(current);
    if complete {
        let msgs = changes
            .iter()
            .map(|c| {
                let g = (c.seq == current).then(|| (&*game, table.clock_json(current)));
                change_msg(c.seq, &*c.events, g, viewer, viewing)
            })
            .collect();
        (msgs, current)
    } else {
        (
            vec![sync_msg(
                current,
                &*game,
                viewer,
                table.clock_json(current),
                viewing,
            )],
            current,
        )
    }
}

/// The messages a change from the table's broadcast brings a connection
/// that has had every change up to `last`: none for one it has had, the
/// change, or (when it missed some) a catch-up. None when the table is
/// gone.
async fn on_change(
    change: Result<Arc<Change>, RecvError>,
    table: &Table,
    viewer: Viewer,
    viewing: &mut Viewing,
    last: &mut u64,
) -> Option<Vec<String>> {
    match change {
        Ok(c) if c.seq <= *last => Some(Vec::new()),
        Ok(c) if c.seq == *last + 1 => match c.game.as_ref().and_then(Weak::upgrade) {
            Some(g) => {
                *last = c.seq;
                Some(vec![change_msg(
                    c.seq,
                    &*c.events,
                    Some((&*g, table.clock_json(c.seq))),
                    viewer,
                    viewing,
                )])
            }
            None => {
                // The table moved on since: catch up.
                let (msgs, now) = catch_up(table, *last, viewer, viewing).await;
                *last = now;
                Some(msgs)
            }
        },
        // Missed changes: catch up.
        Ok(_) | Err(RecvError::Lagged(_)) => {
            let (msgs, now) = catch_up(table, *last, viewer, viewing).await;
            *last = now;
            Some(msgs)
        }
        Err(RecvError::Closed) => None,
    }
}

async fn session(mut socket: WebSocket, state: Arc<AppState>, table: Arc<Table>) {
    let hello = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<ClientMsg>(t.as_str()),
        Ok(Some(Ok(_))) => {
            let _ = send(
                &mut socket,
                error_msg(400, "the first message must be a JSON hello"),
            )
            .await;
            return;
        }
        _ => return,
    };
    let (token, since, mut viewing) = match hello {
        Ok(ClientMsg::Hello {
            token,
            seq,
            view_patches,
        }) => (token, seq, Viewing::new(view_patches)),
        Ok(_) => {
            let _ = send(
                &mut socket,
                error_msg(400, "the first message must be a hello"),
            )
            .await;
            return;
        }
        Err(e) => {
            let _ = send(
                &mut socket,
                error_msg(400, &format!("malformed hello: {e}")),
            )
            .await;
            return;
        }
    };
    let viewer = match token {
        Some(t) => {
            let inner = table.inner.lock().await;
            match inner.seat_of_token(&t) {
                Some(s) => Viewer::Seat(s),
                None => {
                    drop(inner);
                    let _ = send(
                        &mut socket,
                        error_msg(403, "this token is not valid at this table"),
                    )
                    .await;
                    return;
                }
            }
        }
        None if table.spectators => Viewer::Spectator,
        None => {
            let _ = send(
                &mut socket,
                error_msg(403, "this table does not allow spectators"),
            )
            .await;
            return;
        }
    };
    // Subscribe before reading the history: no change falls in between.
    let mut rx = table.tx.subscribe();
    let mut notices = table.notices.subscribe();
    let seat = match viewer {
        Viewer::Seat(s) => json!(s),
        Viewer::Spectator => Value::Null,
    };
    let current = table.inner.lock().await.seq;
    let since = since.unwrap_or(current);
    if !send(
        &mut socket,
        json!({ "type": "welcome", "table": table.id, "seat": seat, "seq": current }).to_string(),
    )
    .await
    {
        return;
    }
    let (msgs, mut last) = catch_up(&table, since, viewer, &mut viewing).await;
    for m in msgs {
        if !send(&mut socket, m).await {
            return;
        }
    }
    tracing::debug!(table = %table.id, ?viewer, "websocket joined");
    // Counted while the session runs (the guard also counts a session
    // that ends by an early return).
    struct Count<'a>(&'a std::sync::atomic::AtomicUsize);
    impl Drop for Count<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
    state
        .websockets
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let _count = Count(&state.websockets);
    // The seat's presence: counted while the session runs, however it ends.
    struct Present(Arc<Table>, usize);
    impl Drop for Present {
        fn drop(&mut self) {
            let (table, seat) = (self.0.clone(), self.1);
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn(async move { table.connection(seat, false).await });
            }
        }
    }
    let _present = match viewer {
        Viewer::Seat(s) => {
            table.connection(s, true).await;
            Some(Present(table.clone(), s))
        }
        Viewer::Spectator => None,
    };
    let mut shutdown = state.shutdown.clone();
    let mut gone = table.gone.subscribe();
    let mut bucket = Bucket::new(state.cfg.actions_per_second);
    loop {
        tokio::select! {
            _ = shutdown.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            // Another process serves the table now: the client connects
            // again (to any process) and catches up by seq.
            _ = async { drop(gone.wait_for(|&g| g).await) } => {
                let close = axum::extract::ws::CloseFrame {
                    code: crate::processes::MOVED,
                    reason: "the table moved to another server process: connect again".into(),
                };
                let _ = socket.send(Message::Close(Some(close))).await;
                return;
            }
            notice = notices.recv() => {
                match notice {
                    Ok(n) => {
                        if !send(&mut socket, n.to_string()).await {
                            return;
                        }
                    }
                    // Chat and undo notices are also in the state and the
                    // chat's GET: a client that lags reads them there.
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                }
            }
            change = rx.recv() => {
                let Some(msgs) = on_change(change, &table, viewer, &mut viewing, &mut last).await
                else {
                    return;
                };
                // A catch-up's messages in one write.
                for m in msgs {
                    if socket.feed(Message::Text(m.into())).await.is_err() {
                        return;
                    }
                }
                if socket.flush().await.is_err() {
                    return;
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                if !bucket.take(state.cfg.actions_per_second) {
                    if !send(&mut socket, error_msg(429, "too many messages")).await {
                        return;
                    }
                    continue;
                }
                let reply = match serde_json::from_str::<ClientMsg>(text.as_str()) {
                    Ok(ClientMsg::Ping) => json!({ "type": "pong" }).to_string(),
                    Ok(ClientMsg::Hello { .. }) => error_msg(400, "already said hello"),
                    Ok(ClientMsg::Action { seq, action, id }) => match viewer {
                        Viewer::Spectator => error_msg(403, "spectators cannot act"),
                        Viewer::Seat(s) => {
                            let req = crate::http::ActionRequest { seq, action };
                            match crate::http::submit_action(&state, &table, s, req).await {
                                Ok(seq) => json!({ "type": "ack", "id": id, "seq": seq }).to_string(),
                                Err(e) => {
                                    let mut body = e.body;
                                    body.insert("type".into(), json!("error"));
                                    body.insert("id".into(), id);
                                    Value::Object(body).to_string()
                                }
                            }
                        }
                    },
                    Err(e) => error_msg(400, &format!("malformed message: {e}")),
                };
                if socket.feed(Message::Text(reply.into())).await.is_err() {
                    return;
                }
                // The change an action made is on its way already: written
                // with the answer, in one write to the socket.
                loop {
                    let change = match rx.try_recv() {
                        Ok(c) => Ok(c),
                        Err(TryRecvError::Empty) => break,
                        Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                        Err(TryRecvError::Closed) => Err(RecvError::Closed),
                    };
                    let Some(msgs) =
                        on_change(change, &table, viewer, &mut viewing, &mut last).await
                    else {
                        return;
                    };
                    for m in msgs {
                        if socket.feed(Message::Text(m.into())).await.is_err() {
                            return;
                        }
                    }
                }
                if socket.flush().await.is_err() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages written as text say what the JSON values said.
    #[test]
    fn messages_written_as_text_are_the_json_they_were() {
        let kinds = crate::default_kinds().unwrap();
        let k = &kinds[0];
        let seats: Vec<Value> = ["narn", "minbari", "centauri"]
            .iter()
            .map(|d| json!({ "player": "greedy", "deck": d }))
            .collect();
        let p = k.prepare(&seats, &json!({})).unwrap();
        let mut g = k.new_game(&p.setup, 11).unwrap();
        for i in 0..60u64 {
            let s = g.to_act()[0];
            let a = g.bot_action(s, "greedy", i).unwrap();
            let ev = g.apply(s, &a).unwrap();
            for viewer in [Viewer::Seat(0), Viewer::Seat(s), Viewer::Spectator] {
                let text = change_msg(
                    i + 1,
                    &*ev,
                    Some((&*g, json!(null))),
                    viewer,
                    &mut Viewing::default(),
                );
                let m: Value = serde_json::from_str(&text).unwrap();
                let legal = match viewer {
                    Viewer::Seat(x) => g.legal_actions(x),
                    Viewer::Spectator => Vec::new(),
                };
                assert_eq!(m["type"], "change");
                assert_eq!(m["seq"], i + 1);
                assert_eq!(m["events"], ev.for_viewer(viewer));
                assert_eq!(m["log"], json!(ev.log(viewer)));
                assert_eq!(m["view"], g.view(viewer), "{viewer:?}");
                // Made of shared parts, the same text as written whole.
                assert_eq!(g.view_parts(viewer).text(), g.view_text(viewer));
                assert_eq!(m["to_act"], json!(g.to_act()));
                assert_eq!(m["legal_actions"], json!(legal));
                assert_eq!(m["finished"], json!(g.finished()));
                assert_eq!(m["winners"], json!(g.winners()));
                assert!(m.get("clock").is_some());
                let sync: Value = serde_json::from_str(&sync_msg(
                    3,
                    &*g,
                    viewer,
                    json!(null),
                    &mut Viewing::default(),
                ))
                .unwrap();
                assert_eq!(sync["view"], m["view"]);
                assert_eq!(sync["legal_actions"], m["legal_actions"]);
            }
            let bare: Value = serde_json::from_str(&change_msg(
                i,
                &*ev,
                None,
                Viewer::Seat(0),
                &mut Viewing::default(),
            ))
            .unwrap();
            assert!(bare["view"].is_null() && bare.get("clock").is_none());
        }
    }

    /// A client that asks for patches gets a whole view first, then
    /// patches that, applied by an independent JSON Patch implementation,
    /// give every later view exactly; a message without a view leaves the
    /// base alone.
    #[test]
    fn view_patches_rebuild_every_view() {
        let kinds = crate::default_kinds().unwrap();
        let b5: Vec<Value> = ["narn", "minbari", "centauri", "human", "non-aligned"]
            .iter()
            .map(|d| json!({ "player": "greedy", "deck": d }))
            .collect();
        let empires: Vec<Value> = ["narn", "minbari", "centauri"]
            .iter()
            .map(|r| json!({ "player": "greedy", "race": r }))
            .collect();
        for (k, seats) in [(&kinds[0], b5), (&kinds[1], empires)] {
            let p = k.prepare(&seats, &json!({})).unwrap();
            let mut g = k.new_game(&p.setup, 5).unwrap();
            let viewers = [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator];
            let mut viewing: Vec<Viewing> = viewers.iter().map(|_| Viewing::new(true)).collect();
            let mut held: Vec<Value> = viewers.iter().map(|_| Value::Null).collect();
            let (mut whole, mut patched, mut patch_bytes, mut view_bytes) = (0, 0, 0, 0);
            for i in 0..300u64 {
                if g.finished() {
                    break;
                }
                let s = g.to_act()[0];
                let a = g.bot_action(s, "greedy", i).unwrap();
                let ev = g.apply(s, &a).unwrap();
                for (n, &viewer) in viewers.iter().enumerate() {
                    let with_view = i % 7 != 3;
                    let m: Value = serde_json::from_str(&change_msg(
                        i + 1,
                        &*ev,
                        with_view.then_some((&*g, json!(null))),
                        viewer,
                        &mut viewing[n],
                    ))
                    .unwrap();
                    if !with_view {
                        assert!(m["view"].is_null() && m.get("view_patch").is_none());
                        continue;
                    }
                    let want = g.view(viewer);
                    view_bytes += want.to_string().len();
                    if let Some(ops) = m.get("view_patch") {
                        assert!(m.get("view").is_none());
                        patch_bytes += ops.to_string().len();
                        let ops: json_patch::Patch = serde_json::from_value(ops.clone()).unwrap();
                        json_patch::patch(&mut held[n], &ops).unwrap();
                        patched += 1;
                    } else {
                        held[n] = m["view"].clone();
                        whole += 1;
                    }
                    assert_eq!(held[n], want, "{viewer:?} after action {i}");
                }
            }
            // A few kilobytes of digests per connection.
            for v in &viewing {
                let parts = v.sent.as_ref().map_or(0, Sent::parts);
                assert!(parts > 20 && parts < 2_000, "{parts} parts");
            }
            assert_eq!(whole, viewers.len(), "one whole view per connection");
            assert!(patched > 100);
            assert!(
                patch_bytes * 5 < view_bytes,
                "patches {patch_bytes} bytes, views {view_bytes}"
            );
        }
    }
}
