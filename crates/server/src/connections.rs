//! The server's connections: accepting them, bounding them, timing them
//! out. One anonymous client must not be able to shut the others out, so:
//!
//! - **At most `--max-connections` open at once** (HTTP and WebSocket
//!   alike), kept under the process's open-files limit: at start the
//!   server raises its soft limit to the hard one where it can
//!   ([`raise_open_files_limit`]) and lowers the bound to fit what it got
//!   ([`connection_bound`]). One more is answered `503` and closed at once.
//! - **At most `--max-connections-per-address` from one address** (IPv4;
//!   IPv6 counted per /64 network, what one host usually holds). One more
//!   is answered `429` and closed at once.
//! - **Timeouts** (hyper's and tower-http's, not loops of our own): a
//!   request's head must arrive within `--header-timeout` from the moment
//!   the server waits for it, which also closes a keep-alive connection
//!   idle that long and a connection that never sends anything
//!   (`header_read_timeout`); a request's body may pause at most
//!   `--body-timeout` between two pieces, and a whole request (body and
//!   answer) takes at most `--request-timeout` (`408`).
//! - **`accept` errors back off** (10 ms, doubling to 1 s) instead of
//!   spinning, and are logged at most once every 10 seconds.
//!
//! A WebSocket keeps its connection's slot until the session ends: the
//! slot travels with the upgrade (a request extension, [`ConnectionSlot`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// Connections open at once at most, unless configured.
pub const DEFAULT_MAX_CONNECTIONS: usize = 18_432;
/// Connections from one address at most, unless configured.
pub const DEFAULT_MAX_PER_ADDRESS: usize = 256;
/// Open files kept for the store, the listener and the runtime, beside
/// the connections.
pub const RESERVED_FILES: u64 = 256;

/// The connection timeouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// A request's head must arrive within this (also: a keep-alive
    /// connection idle this long, or one that never sends, is closed).
    pub header: Duration,
    /// The longest pause between two pieces of a request's body.
    pub body: Duration,
    /// A whole request, body and answer.
    pub request: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header: Duration::from_secs(10),
            body: Duration::from_secs(10),
            request: Duration::from_secs(30),
        }
    }
}

/// Where connections are counted from: an IPv4 address, or an IPv6 /64
/// network (an IPv4 address mapped into IPv6 counts as itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressKey {
    V4([u8; 4]),
    V6Net([u8; 8]),
}

impl AddressKey {
    pub fn of(ip: IpAddr) -> AddressKey {
        match ip {
            IpAddr::V4(v4) => AddressKey::V4(v4.octets()),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey::V4(v4.octets()),
                None => {
                    let o = v6.octets();
                    let mut net = [0u8; 8];
                    net.copy_from_slice(&o[..8]);
                    AddressKey::V6Net(net)
                }
            },
        }
    }
}

/// Why a connection was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server holds its maximum of connections.
    Full(usize),
    /// This address holds its maximum.
    AddressFull(usize),
}

impl Refusal {
    fn status(self) -> (u16, &'static str) {
        match self {
            Refusal::Full(_) => (503, "Service Unavailable"),
            Refusal::AddressFull(_) => (429, "Too Many Requests"),
        }
    }

    fn message(self) -> String {
        match self {
            Refusal::Full(n) => {
                format!("the server holds its maximum of {n} connections; try later")
            }
            Refusal::AddressFull(n) => format!(
                "your address holds its maximum of {n} connections to this server; close some and try again"
            ),
        }
    }

    /// The whole HTTP answer: the protocol's JSON error, then the close.
    pub fn answer(self) -> String {
        let (code, reason) = self.status();
        let body = serde_json::json!({ "status": code, "error": self.message() }).to_string();
        format!(
            "HTTP/1.1 {code} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
    }
}

/// The open connections, in all and per address.
pub struct Limits {
    max: usize,
    per_address: usize,
    open: AtomicUsize,
    by_address: Mutex<HashMap<AddressKey, usize>>,
    /// The addresses of the other processes sharing the store
    /// (`processes.rs`): their connections carry many clients' requests,
    /// so they are bounded in all but not per address.
    peers: std::sync::RwLock<std::collections::HashSet<IpAddr>>,
    /// Connections refused since start, and accept errors.
    pub refused: AtomicU64,
    pub accept_errors: AtomicU64,
}

impl Limits {
    pub fn new(max: usize, per_address: usize) -> Limits {
        Limits {
            max: max.max(1),
            per_address: per_address.max(1),
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            peers: Default::default(),
            refused: AtomicU64::new(0),
            accept_errors: AtomicU64::new(0),
        }
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }

    /// The bound in all.
    pub fn max(&self) -> usize {
        self.max
    }

    /// The other processes' addresses, from now on.
    pub fn set_peers(&self, peers: std::collections::HashSet<IpAddr>) {
        *self.peers.write().unwrap_or_else(|p| p.into_inner()) = peers;
    }

    /// Whether `ip` is another process's (see [`Limits::set_peers`]).
    pub fn is_peer(&self, ip: IpAddr) -> bool {
        let peers = self.peers.read().unwrap_or_else(|p| p.into_inner());
        !peers.is_empty() && peers.contains(&ip.to_canonical())
    }

    /// A slot for one more connection from `ip`, or why not.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<ConnectionSlot, Refusal> {
        let key = AddressKey::of(ip);
        let peer = self.is_peer(ip);
        let mut by = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        if self.open.load(Ordering::Acquire) >= self.max {
            return Err(Refusal::Full(self.max));
        }
        let n = by.entry(key).or_insert(0);
        if *n >= self.per_address && !peer {
            return Err(Refusal::AddressFull(self.per_address));
        }
        *n += 1;
        self.open.fetch_add(1, Ordering::AcqRel);
        Ok(ConnectionSlot {
            limits: self.clone(),
            key,
        })
    }

    fn release(&self, key: AddressKey) {
        let mut by = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = by.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                by.remove(&key);
            }
        }
        self.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// One open connection, counted until dropped (the connection ends, or
/// the WebSocket it was upgraded to ends).
pub struct ConnectionSlot {
    limits: Arc<Limits>,
    key: AddressKey,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.limits.release(self.key);
    }
}

/// Raises the process's soft limit of open files to its hard limit
/// (where the system allows); returns the soft limit now, or None where
/// it cannot be known.
pub fn raise_open_files_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let (_, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).ok()?;
        match rlimit::increase_nofile_limit(hard) {
            Ok(now) => Some(now),
            Err(_) => rlimit::getrlimit(rlimit::Resource::NOFILE)
                .ok()
                .map(|(s, _)| s),
        }
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The bound on connections that fits `open_files` (the soft limit):
/// `wanted`, or less, keeping [`RESERVED_FILES`] (a quarter of a small
/// limit) for everything else.
pub fn connection_bound(wanted: usize, open_files: Option<u64>) -> usize {
    match open_files {
        None => wanted,
        Some(limit) => {
            let reserve = RESERVED_FILES.min(limit / 4);
            let fits = usize::try_from(limit.saturating_sub(reserve)).unwrap_or(usize::MAX);
            wanted.min(fits).max(1)
        }
    }
}

/// How the accept loop waits after an error: resource errors (no file
/// descriptor, no memory) back off from 10 ms, doubling to 1 s; others
/// (a connection reset before it was taken) are retried at once. One log
/// line at most every 10 seconds, with the count since the last.
pub struct AcceptBackoff {
    delay: Duration,
    last_log: Option<Instant>,
    unlogged: u64,
}

impl Default for AcceptBackoff {
    fn default() -> AcceptBackoff {
        AcceptBackoff {
            delay: Duration::ZERO,
            last_log: None,
            unlogged: 0,
        }
    }
}

impl AcceptBackoff {
    pub const FIRST: Duration = Duration::from_millis(10);
    pub const MOST: Duration = Duration::from_secs(1);
    pub const LOG_EVERY: Duration = Duration::from_secs(10);

    /// An accept succeeded.
    pub fn reset(&mut self) {
        self.delay = Duration::ZERO;
    }

    /// An accept failed with `e` at `now`: how long to wait, and whether
    /// to log it (with the errors not logged since).
    pub fn failed(&mut self, e: &std::io::Error, now: Instant) -> (Duration, Option<u64>) {
        let wait = if is_resource_error(e) {
            self.delay = (self.delay * 2).clamp(Self::FIRST, Self::MOST);
            self.delay
        } else {
            Duration::ZERO
        };
        self.unlogged += 1;
        let log = match self.last_log {
            Some(t) if now.duration_since(t) < Self::LOG_EVERY => None,
            _ => {
                self.last_log = Some(now);
                Some(std::mem::take(&mut self.unlogged))
            }
        };
        (wait, log)
    }
}

/// Out of file descriptors or memory: waiting helps, retrying at once
/// does not.
fn is_resource_error(e: &std::io::Error) -> bool {
    const EMFILE: i32 = 24;
    const ENFILE: i32 = 23;
    const ENOBUFS: i32 = 105;
    const ENOMEM: i32 = 12;
    matches!(e.raw_os_error(), Some(EMFILE | ENFILE | ENOBUFS | ENOMEM))
        || e.kind() == std::io::ErrorKind::OutOfMemory
}

/// Answers a refused connection and closes it, without waiting for it:
/// what it already sent is read and dropped (so the close is no reset),
/// the answer is written if the socket takes it at once.
fn refuse(stream: TcpStream, why: Refusal) {
    let mut sink = [0u8; 4096];
    let _ = stream.try_read(&mut sink);
    let _ = stream.try_write(why.answer().as_bytes());
    drop(stream);
}

/// Serves `app` on `listener` within `limits` and `timeouts` until `stop`
/// resolves; then stops accepting, asks every connection to finish its
/// request and close, and waits for them (WebSockets end on the server's
/// own shutdown signal).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Arc<Limits>,
    timeouts: Timeouts,
    stop: impl Future<Output = ()> + Send + 'static,
) {
    let (closing_tx, closing_rx) = watch::channel(false);
    let (done_tx, mut done_rx) = tokio::sync::mpsc::channel::<Infallible>(1);
    let mut stop = std::pin::pin!(stop);
    let mut backoff = AcceptBackoff::default();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = &mut stop => break,
        };
        match accepted {
            Ok((stream, addr)) => {
                backoff.reset();
                match limits.admit(addr.ip()) {
                    Ok(slot) => {
                        let task = connection(
                            stream,
                            addr,
                            slot,
                            app.clone(),
                            timeouts,
                            closing_rx.clone(),
                        );
                        let done = done_tx.clone();
                        tokio::spawn(async move {
                            task.await;
                            drop(done);
                        });
                    }
                    Err(why) => {
                        limits.refused.fetch_add(1, Ordering::Relaxed);
                        refuse(stream, why);
                    }
                }
            }
            Err(e) => {
                limits.accept_errors.fetch_add(1, Ordering::Relaxed);
                let (wait, log) = backoff.failed(&e, Instant::now());
                if let Some(n) = log {
                    tracing::warn!(error = %e, errors = n, wait_ms = wait.as_millis() as u64, "accept error; backing off");
                }
                if !wait.is_zero() {
                    tokio::select! {
                        _ = tokio::time::sleep(wait) => {}
                        _ = &mut stop => break,
                    }
                }
            }
        }
    }
    drop(listener);
    let _ = closing_tx.send(true);
    drop(done_tx);
    // Every connection task holds a sender: recv ends when all are done.
    let _ = done_rx.recv().await;
}

/// One connection: HTTP/1.1 with upgrades (WebSocket), the timeouts, and
/// a graceful end when the server stops.
async fn connection(
    stream: TcpStream,
    addr: SocketAddr,
    slot: ConnectionSlot,
    app: Router,
    timeouts: Timeouts,
    mut closing: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let slot = Arc::new(slot);
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(addr));
        req.extensions_mut().insert(slot.clone());
        app.clone().oneshot(req.map(axum::body::Body::new))
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The head's timeout also closes idle keep-alive connections.
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    let mut asked = false;
    loop {
        tokio::select! {
            r = conn.as_mut() => {
                if let Err(e) = r {
                    tracing::trace!(error = %e, "connection ended");
                }
                break;
            }
            _ = closing.wait_for(|&c| c), if !asked => {
                asked = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emfile() -> std::io::Error {
        std::io::Error::from_raw_os_error(24)
    }

    #[test]
    fn resource_errors_back_off_and_are_logged_rarely() {
        let mut b = AcceptBackoff::default();
        let t0 = Instant::now();
        let waits: Vec<u128> = (0..9)
            .map(|i| {
                b.failed(&emfile(), t0 + Duration::from_millis(i))
                    .0
                    .as_millis()
            })
            .collect();
        assert_eq!(waits, [10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
        // The first error is logged; the next ones within 10 s are not.
        let mut b = AcceptBackoff::default();
        assert_eq!(b.failed(&emfile(), t0).1, Some(1));
        assert_eq!(b.failed(&emfile(), t0 + Duration::from_secs(1)).1, None);
        assert_eq!(b.failed(&emfile(), t0 + Duration::from_secs(5)).1, None);
        // 10 s later: one line counting the three since the last.
        assert_eq!(b.failed(&emfile(), t0 + Duration::from_secs(10)).1, Some(3));
        // A success starts the delays over.
        b.reset();
        assert_eq!(b.failed(&emfile(), t0).0, AcceptBackoff::FIRST);
    }

    #[test]
    fn other_accept_errors_are_retried_at_once() {
        let mut b = AcceptBackoff::default();
        let reset = std::io::Error::from(std::io::ErrorKind::ConnectionAborted);
        assert_eq!(b.failed(&reset, Instant::now()).0, Duration::ZERO);
    }

    #[test]
    fn the_bound_fits_the_open_files_limit() {
        assert_eq!(connection_bound(16_384, Some(20_000)), 16_384);
        assert_eq!(connection_bound(16_384, Some(10_000)), 10_000 - 256);
        // A small limit keeps a quarter for everything else.
        assert_eq!(connection_bound(16_384, Some(64)), 48);
        assert_eq!(connection_bound(100, None), 100);
    }

    #[test]
    fn addresses_are_counted_per_host() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::7".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddressKey::of(a), AddressKey::of(b));
        assert_ne!(AddressKey::of(a), AddressKey::of(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        let v4: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(AddressKey::of(mapped), AddressKey::of(v4));
    }

    #[test]
    fn slots_are_bounded_in_all_and_per_address_and_freed_on_drop() {
        let limits = Arc::new(Limits::new(3, 2));
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let a1 = limits.admit(a).unwrap();
        let _a2 = limits.admit(a).unwrap();
        assert_eq!(limits.admit(a).err(), Some(Refusal::AddressFull(2)));
        let _b1 = limits.admit(b).unwrap();
        assert_eq!(limits.admit(b).err(), Some(Refusal::Full(3)));
        assert_eq!(limits.open(), 3);
        drop(a1);
        assert_eq!(limits.open(), 2);
        assert!(limits.admit(a).is_ok());
    }

    #[test]
    fn another_process_is_bounded_in_all_but_not_per_address() {
        let limits = Arc::new(Limits::new(4, 2));
        let peer: IpAddr = "10.0.0.7".parse().unwrap();
        let mapped: IpAddr = "::ffff:10.0.0.7".parse().unwrap();
        let _p = (limits.admit(peer).unwrap(), limits.admit(peer).unwrap());
        assert_eq!(limits.admit(peer).err(), Some(Refusal::AddressFull(2)));
        limits.set_peers([peer].into_iter().collect());
        assert!(limits.is_peer(mapped));
        let _q = (limits.admit(peer).unwrap(), limits.admit(mapped).unwrap());
        assert_eq!(limits.admit(peer).err(), Some(Refusal::Full(4)));
        assert!(!limits.is_peer("10.0.0.8".parse().unwrap()));
    }

    #[test]
    fn a_refusal_is_a_json_error_answer() {
        let a = Refusal::AddressFull(256).answer();
        assert!(a.starts_with("HTTP/1.1 429 Too Many Requests\r\n"), "{a}");
        let body = a.split("\r\n\r\n").nth(1).unwrap();
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["status"], 429);
        assert!(v["error"].as_str().unwrap().contains("256 connections"));
        let length: usize = a
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(length, body.len());
    }
}
