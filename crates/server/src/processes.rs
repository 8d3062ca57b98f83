//! Several `b5 serve` processes sharing one PostgreSQL store (issue 29;
//! `docs/server.md`, "Running several processes").
//!
//! Each table is served by the process that owns it ([`Shared`]: a lease
//! on its row, renewed by the store's keeper). Any process answers any
//! client for any table:
//!
//! - a request for a table held here is served here;
//! - one for a table another live process owns is passed to that process
//!   (its address, `--advertise`), and its answer given back: WebSockets
//!   too, frame by frame ([`crate::forward`]); the owner pushes the
//!   table's changes through it;
//! - one for a table nobody owns (its process stopped and its lease ran
//!   out) makes this process take it, read it back and serve it.
//!
//! Every third of a lease, each process lets go of the tables it lost
//! (their WebSockets close with [`MOVED`]: the clients connect again and
//! catch up by seq) and takes the unfinished tables whose process stopped,
//! so a game goes on, its computer players and move clock included, even
//! when none of its players asks. The lobby lists every process's tables.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use crate::http::ApiError;
use crate::store::{Located, Shared, TableRead};
use crate::AppState;

/// The WebSocket close code of a table that moved to another process
/// (1012, "service restart": connect again).
pub const MOVED: u16 = 1012;
/// Marks a request one process passed to another: the other serves it or
/// refuses it, and never passes it on again.
pub const FORWARDED: &str = "x-b5-forwarded";
/// How long a table's owner is remembered before it is asked again.
const OWNER_KEPT: Duration = Duration::from_secs(2);
/// Owners remembered at most.
const OWNERS_MAX: usize = 10_000;
/// How long a page waiting for the lobby's news waits at most when
/// several processes serve it.
pub const LOBBY_WAIT: Duration = Duration::from_secs(2);
/// How long a peer has to list its tables for the lobby.
const PEER_LOBBY_WITHIN: Duration = Duration::from_secs(2);
/// How long the other processes' lobby entries are given again before
/// they are asked for again (so that a flood of lobby requests is not
/// passed on to every process).
const PEER_LOBBY_KEPT: Duration = Duration::from_secs(1);

/// What a process keeps about the others.
pub struct Cluster {
    /// Passes requests on (no proxy, no redirect, bodies as they are).
    pub client: reqwest::Client,
    /// Tables owned elsewhere: the owner's address and when it was seen.
    owners: Mutex<HashMap<String, (String, Instant)>>,
    /// The other processes' addresses, as last learnt ([`keep`]).
    peers: Mutex<Vec<String>>,
    /// The other processes' lobby entries, and when they were asked for:
    /// one asking at a time, the others take its answer.
    peers_lobby: tokio::sync::Mutex<Option<(Instant, Arc<Vec<Value>>)>>,
}

impl Default for Cluster {
    fn default() -> Self {
        Cluster {
            client: crate::forward::client(),
            owners: Mutex::new(HashMap::new()),
            peers: Mutex::new(Vec::new()),
            peers_lobby: tokio::sync::Mutex::new(None),
        }
    }
}

impl Cluster {
    fn owner(&self, id: &str) -> Option<String> {
        let owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
        owners
            .get(id)
            .filter(|(_, at)| at.elapsed() < OWNER_KEPT)
            .map(|(a, _)| a.clone())
    }

    fn remember(&self, id: &str, address: Option<&str>) {
        let mut owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
        match address {
            Some(a) => {
                if owners.len() >= OWNERS_MAX {
                    owners.retain(|_, (_, at)| at.elapsed() < OWNER_KEPT);
                }
                if owners.len() < OWNERS_MAX {
                    owners.insert(id.to_string(), (a.to_string(), Instant::now()));
                }
            }
            None => {
                owners.remove(id);
            }
        }
    }
}

/// The address the other processes reach this one at: `--advertise`, or
/// `http://` and the address it is bound to.
pub fn address(state: &AppState, bound: SocketAddr) -> String {
    match &state.cfg.advertise {
        Some(a) => a.trim_end_matches('/').to_string(),
        None => {
            if bound.ip().is_unspecified() {
                tracing::warn!(
                    address = %bound,
                    "bound to every interface without --advertise: processes on other machines cannot reach this one at http://{bound}; give --advertise http://HOST:PORT"
                );
            }
            format!("http://{bound}")
        }
    }
}

/// Says where this process listens, then keeps its tables
/// ([`keep`]) until the server stops.
pub async fn start(state: &Arc<AppState>, bound: SocketAddr) -> Result<(), crate::ServerError> {
    let Some(_) = state.store.shared() else {
        return Ok(());
    };
    let at = address(state, bound);
    let s = state.clone();
    let announced = tokio::task::spawn_blocking(move || match s.store.shared() {
        Some(sh) => sh.announce(&at),
        None => Ok(()),
    })
    .await
    .map_err(|e| crate::StoreError::Other(e.to_string()))?;
    announced?;
    refresh_peers(state).await;
    tokio::spawn(keep(state.clone()));
    Ok(())
}

/// Every third of a lease: lets go of the tables another process took,
/// and takes the unfinished tables whose process stopped.
async fn keep(state: Arc<AppState>) {
    let Some(lease) = state.store.shared().map(Shared::lease) else {
        return;
    };
    let mut shutdown = state.shutdown.clone();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(lease / 3) => {}
            _ = shutdown.wait_for(|&s| s) => return,
        }
        refresh_peers(&state).await;
        let tables = state.all_tables();
        let held: Vec<String> = tables
            .iter()
            .filter(|t| t.stored)
            .map(|t| t.id.clone())
            .collect();
        // Tables whose own writes found them gone from here or behind
        // their store: those still this process's are read again.
        let stale: Vec<String> = tables
            .iter()
            .filter(|t| t.stored && *t.gone.borrow())
            .map(|t| t.id.clone())
            .collect();
        drop(tables);
        let room = state.cfg.max_tables.saturating_sub(held.len());
        let s = state.clone();
        let found = tokio::task::spawn_blocking(move || {
            let sh = s.store.shared().ok_or_else(|| "not shared".to_string())?;
            let lost = sh.lost(&held).map_err(|e| e.to_string())?;
            let mut again = Vec::new();
            for id in stale {
                if sh.claim(&id).map_err(|e| e.to_string())? == Located::Here {
                    again.push(id);
                }
            }
            let orphans = if room > 0 {
                sh.claim_orphans(room).map_err(|e| e.to_string())?
            } else {
                Vec::new()
            };
            Ok::<_, String>((lost, again, orphans))
        })
        .await;
        let (lost, again, orphans) = match found {
            Ok(Ok(f)) => f,
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the tables' owners could not be checked");
                continue;
            }
            Err(e) => {
                tracing::warn!(error = %e, "the tables' owners could not be checked");
                continue;
            }
        };
        for id in lost {
            leave(&state, &id);
        }
        for id in again {
            read_again(&state, &id).await;
        }
        if !orphans.is_empty() {
            tracing::info!(
                tables = orphans.len(),
                "taking the tables of a stopped process"
            );
            restore(&state, orphans).await;
        }
    }
}

/// The other processes, listed again from the store and kept in
/// `cluster.peers`; on a failure the list known before, with the error.
async fn list_peers(state: &Arc<AppState>) -> (Vec<String>, Option<String>) {
    let s = state.clone();
    let found = tokio::task::spawn_blocking(move || match s.store.shared() {
        Some(sh) => sh.peers().map_err(|e| e.to_string()),
        None => Ok(Vec::new()),
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    let mut known = state
        .cluster
        .peers
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    match found {
        Ok(found) => {
            *known = found;
            (known.clone(), None)
        }
        Err(e) => (known.clone(), Some(e)),
    }
}

/// Learns the other processes' addresses (names resolved), for the
/// connection limits and the clients' addresses they pass on.
async fn refresh_peers(state: &Arc<AppState>) {
    let peers = match list_peers(state).await {
        (p, None) => p,
        (_, Some(e)) => {
            tracing::warn!(error = %e, "the other processes could not be listed");
            return;
        }
    };
    let mut ips = std::collections::HashSet::new();
    for p in peers {
        let host_port = p
            .strip_prefix("http://")
            .unwrap_or(&p)
            .trim_end_matches('/');
        if let Ok(found) = tokio::net::lookup_host(host_port).await {
            ips.extend(found.map(|a| a.ip().to_canonical()));
        }
    }
    state.limits.set_peers(ips);
}

/// A request another process passed here carries its client's address
/// (the last of `x-forwarded-for`): taken as the request's address when it
/// comes from a known process, for the limits per address.
fn client_address(state: &AppState, req: &mut Request) {
    use axum::extract::ConnectInfo;
    let Some(ConnectInfo(from)) = req.extensions().get::<ConnectInfo<SocketAddr>>().copied() else {
        return;
    };
    if let Some(ip) = passed_client(req.headers(), from.ip(), |ip| state.limits.is_peer(ip)) {
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::new(ip, 0)));
    }
}

/// The client's address a request passed on by another process carries:
/// only from a process (`is_peer`), only when marked as passed on.
fn passed_client(
    headers: &axum::http::HeaderMap,
    from: std::net::IpAddr,
    is_peer: impl Fn(std::net::IpAddr) -> bool,
) -> Option<std::net::IpAddr> {
    if !headers.contains_key(FORWARDED) || !is_peer(from) {
        return None;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|ip| ip.trim().parse().ok())
}

/// Lets go of a table another process serves now: its WebSockets close,
/// its computer players stop, it leaves memory.
fn leave(state: &AppState, id: &str) {
    if let Some(t) = state.table(id) {
        t.gone.send_replace(true);
        tracing::warn!(table = %id, "the table is served by another process now");
    }
    state.archive(id);
}

/// Serves table `id` as the store has it, in place of the one in memory
/// (which found itself behind the store: a commit whose answer was lost
/// went through after all).
async fn read_again(state: &Arc<AppState>, id: &str) {
    state.archive(id);
    match state.find_table(id).await {
        Ok(Some(t)) => {
            let seq = t.inner.lock().await.seq;
            tracing::warn!(table = %id, seq, "the table was read again from the store");
        }
        Ok(None) => tracing::error!(table = %id, "the table is not in the store any more"),
        Err(e) => tracing::error!(table = %id, error = ?e, "the table could not be read again"),
    }
}

/// Rebuilds tables read back from the store and serves them. A table the
/// store cannot read, or whose log does not replay to its stored digests,
/// is left out, with an error in the log; the others are served.
pub async fn restore(state: &Arc<AppState>, stored: Vec<TableRead>) {
    for st in stored {
        // A table the store cannot read: its id and the row at fault.
        let st = match st {
            Ok(st) => st,
            Err((id, e)) => {
                tracing::error!(table = %id, error = %e, "table not restored");
                continue;
            }
        };
        let id = st.table.id.clone();
        let actions = st.log.len();
        let s2 = state.clone();
        // Replaying is CPU work: the blocking pool.
        let rebuilt = tokio::task::spawn_blocking(move || s2.rebuild(st)).await;
        match rebuilt {
            Ok(Ok(t)) => {
                tracing::info!(table = %id, actions, "table restored");
                state.insert_table(Arc::new(t));
            }
            Ok(Err(e)) => tracing::error!(table = %id, error = %e, "table not restored"),
            Err(e) => tracing::error!(table = %id, error = %e, "table not restored"),
        }
    }
}

/// The table a request is about: `/api/tables/{id}` and below.
fn table_id(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/tables/")?;
    let id = rest.split('/').next()?;
    (id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())).then_some(id)
}

/// Serves a request for a table here, or passes it to the process that
/// owns it (see the module doc).
pub async fn route(State(state): State<Arc<AppState>>, mut req: Request, next: Next) -> Response {
    if state.store.shared().is_none() {
        return next.run(req).await;
    }
    client_address(&state, &mut req);
    let Some(id) = table_id(req.uri().path()).map(str::to_string) else {
        return next.run(req).await;
    };
    if let Some(t) = state.table(&id) {
        if !*t.gone.borrow() {
            return next.run(req).await;
        }
        state.archive(&id);
    }
    let forwarded = req.headers().contains_key(FORWARDED);
    let owner = match state.cluster.owner(&id).filter(|_| !forwarded) {
        Some(a) => Located::Elsewhere(a),
        None => {
            let s = state.clone();
            let key = id.clone();
            let found = tokio::task::spawn_blocking(move || match s.store.shared() {
                Some(sh) => sh.claim(&key).map_err(|e| e.to_string()),
                None => Ok(Located::Here),
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string()));
            match found {
                Ok(l) => l,
                Err(e) => {
                    tracing::error!(table = %id, error = %e, "the table's owner could not be found");
                    return moving(
                        "the server's store cannot say where the table is served; try again",
                    )
                    .into_response();
                }
            }
        }
    };
    match owner {
        Located::Here | Located::Missing => {
            state.cluster.remember(&id, None);
            next.run(req).await
        }
        Located::Elsewhere(address) if !forwarded => {
            req.headers_mut()
                .insert(FORWARDED, HeaderValue::from_static("1"));
            let answer = crate::forward::forward(&state.cluster.client, &address, req).await;
            let reached = answer.status() != StatusCode::BAD_GATEWAY;
            state
                .cluster
                .remember(&id, reached.then_some(address.as_str()));
            answer
        }
        Located::Elsewhere(_) | Located::Starting => {
            moving("the table is moving between the server's processes; try again in a second")
                .into_response()
        }
    }
}

/// `503` with `Retry-After: 1`.
fn moving(message: &str) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message).with_retry_after(1)
}

/// The lobby entries of the other processes' tables: each asked for its
/// own, at most [`PEER_LOBBY_WITHIN`] (one that does not answer is left
/// out of this listing), and the processes listed again from the store,
/// at most once every [`PEER_LOBBY_KEPT`].
pub async fn peers_lobby(state: &Arc<AppState>) -> Arc<Vec<Value>> {
    let mut kept = state.cluster.peers_lobby.lock().await;
    if let Some((at, entries)) = kept.as_ref() {
        if at.elapsed() < PEER_LOBBY_KEPT {
            return entries.clone();
        }
    }
    // Who they are now (a process started a moment ago included).
    let (peers, _) = list_peers(state).await;
    let asks = peers.into_iter().map(|p| {
        let client = state.cluster.client.clone();
        async move {
            let r = client
                .get(format!("{p}/api/tables"))
                .header(FORWARDED, "1")
                .timeout(PEER_LOBBY_WITHIN)
                .send()
                .await
                .ok()?;
            let v: Value = r.json().await.ok()?;
            match v.get("tables") {
                Some(Value::Array(t)) => Some(t.clone()),
                _ => None,
            }
        }
    });
    let entries: Arc<Vec<Value>> = Arc::new(
        futures_util::future::join_all(asks)
            .await
            .into_iter()
            .flatten()
            .flatten()
            .collect(),
    );
    *kept = Some((Instant::now(), entries.clone()));
    entries
}

#[cfg(test)]
mod tests {
    use super::{passed_client, table_id, FORWARDED};

    #[test]
    fn a_client_address_is_taken_only_from_another_process() {
        let peer: std::net::IpAddr = "10.0.0.7".parse().unwrap();
        let stranger: std::net::IpAddr = "203.0.113.9".parse().unwrap();
        let is_peer = |ip| ip == peer;
        let mut h = axum::http::HeaderMap::new();
        h.append(
            "x-forwarded-for",
            "198.51.100.1, 192.0.2.4".parse().unwrap(),
        );
        // Not marked as passed on: the connection's address stands.
        assert_eq!(passed_client(&h, peer, is_peer), None);
        h.insert(FORWARDED, "1".parse().unwrap());
        // The last address, the one the process added.
        assert_eq!(
            passed_client(&h, peer, is_peer),
            Some("192.0.2.4".parse().unwrap())
        );
        // Anyone else may say what it likes: not believed.
        assert_eq!(passed_client(&h, stranger, is_peer), None);
        h.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(passed_client(&h, peer, is_peer), None);
    }

    #[test]
    fn a_table_request_is_known_by_its_path() {
        assert_eq!(
            table_id("/api/tables/0123456789abcdef/ws"),
            Some("0123456789abcdef")
        );
        assert_eq!(
            table_id("/api/tables/0123456789ABCDEF"),
            Some("0123456789ABCDEF")
        );
        for other in [
            "/api/tables",
            "/api/tables/",
            "/api/tables/xyz/state",
            "/api/tables/0123456789abcdef0/state",
            "/api/cards",
        ] {
            assert_eq!(table_id(other), None, "{other}");
        }
    }
}
