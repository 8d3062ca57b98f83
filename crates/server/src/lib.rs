//! # b5-server
//!
//! The online table: a server that hosts games for players at different
//! machines over HTTP (commands) and WebSocket (what happens), keeps every
//! secret, and survives a crash. The protocol is in `docs/protocol.md`.
//!
//! - [`game`]: the traits a hosted game implements ([`game::GameKind`],
//!   [`game::TableGame`]); [`b5`] implements them for the Babylon 5 CCG;
//! - [`store`]: the store trait; [`sqlite`]: the embedded SQLite store;
//! - [`table`]: one table in memory (apply, commit, broadcast, computer
//!   seats);
//! - [`http`] and [`ws`]: the protocol.

pub mod b5;
pub mod connections;
pub mod copy;
pub mod empires;
pub mod expiry;
pub mod fanout;
pub mod forward;
pub mod game;
pub mod http;
pub mod lobby_news;
pub mod packs;
pub mod patch;
pub mod pg;
pub mod processes;
mod readback;
pub mod replay;
pub mod sandbox;
pub mod secret;
pub mod sqlite;
pub mod store;
pub mod table;
pub mod thinking;
pub mod ws;

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::http::{Extensions, HeaderMap, StatusCode, Version};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};

use crate::game::{GameKind, ReplayError};
use crate::store::{Store, StoreError, StoredTable};
use crate::table::{push_history, Bucket, Change, Seat, Table, TableInner};

/// A hosted game, shared.
pub type GameKindArc = Arc<dyn GameKind>;

pub use connections::{DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_PER_ADDRESS};
pub use store::StoreLocator;

/// WebSocket connections open at once at most, unless configured
/// (`b5 serve --max-websockets`).
pub const DEFAULT_MAX_WEBSOCKETS: usize = 16_384;

/// The server's settings (the `b5 serve` flags).
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the store lives (the SQLite store's folder), unless `store`
    /// names a PostgreSQL database.
    pub data: PathBuf,
    /// Where the store is, if not the SQLite file in `data`: a PostgreSQL
    /// database (`postgres://USER@HOST/DB`; shown without its password) or
    /// another folder.
    pub store: Option<StoreLocator>,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The largest WebSocket message from a client, in bytes.
    pub max_ws_message: usize,
    /// Actions (and WebSocket messages) per second per seat token and per
    /// WebSocket connection.
    pub actions_per_second: u32,
    /// Tables held in memory at most (finished ones are dropped first).
    pub max_tables: usize,
    /// Computer players wait this long before each action.
    pub bot_delay: Duration,
    /// Lets a table request choose its seed (`"seed"`): for tests only;
    /// never on a real server (the seed reveals every deck's order).
    pub test_mode: bool,
    /// Connections (HTTP and WebSocket) open at once at most; one more is
    /// answered 503 and closed (`connections.rs`).
    pub max_connections: usize,
    /// Connections from one address (an IPv6 /64) at most; one more is
    /// answered 429 and closed.
    pub max_per_address: usize,
    /// WebSocket connections open at most; one more is answered 503.
    pub max_websockets: usize,
    /// Reading a request's head (and idle keep-alive), its body, a whole
    /// request.
    pub timeouts: connections::Timeouts,
    /// Tables one address may create an hour (0: no limit; `expiry.rs`).
    pub tables_per_hour: u32,
    /// A table none of whose human seats was taken this long after its
    /// creation expires.
    pub unjoined_lifetime: Duration,
    /// A table at which no human joined, acted or wrote this long ends,
    /// abandoned.
    pub abandoned_after: Duration,
    /// A finished table leaves memory this long after it finished (it
    /// stays in the store, read back when asked for).
    pub finished_kept: Duration,
    /// Sandboxes (`POST /api/cards/try`: a table to try one card of a
    /// player's own card file, never stored) held at once at most; 0: the
    /// server offers none (`sandbox.rs`).
    pub max_sandboxes: usize,
    /// A sandbox nobody acted at this long ends and leaves memory.
    pub sandbox_idle: Duration,
    /// Where players' card packs are kept (`packs.rs`); None: the server
    /// takes none.
    pub card_packs: Option<PathBuf>,
    /// Several processes on one PostgreSQL store (`processes.rs`): how
    /// long a table's lease lasts without renewal (how soon another process
    /// takes the tables of one that stopped).
    pub lease: Duration,
    /// Where the other processes reach this one (`http://HOST:PORT`);
    /// None: `http://` and the address it is bound to.
    pub advertise: Option<String>,
}

impl Config {
    pub fn new(data: impl Into<PathBuf>) -> Config {
        Config {
            data: data.into(),
            store: None,
            max_body: 64 * 1024,
            max_ws_message: 16 * 1024,
            actions_per_second: 20,
            max_tables: 4000,
            bot_delay: Duration::ZERO,
            test_mode: false,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_per_address: DEFAULT_MAX_PER_ADDRESS,
            max_websockets: DEFAULT_MAX_WEBSOCKETS,
            timeouts: connections::Timeouts::default(),
            tables_per_hour: expiry::DEFAULT_TABLES_PER_HOUR,
            unjoined_lifetime: expiry::DEFAULT_UNJOINED,
            abandoned_after: expiry::DEFAULT_ABANDONED,
            finished_kept: expiry::DEFAULT_FINISHED_KEPT,
            max_sandboxes: sandbox::DEFAULT_MAX_SANDBOXES,
            sandbox_idle: sandbox::DEFAULT_IDLE,
            card_packs: None,
            lease: pg::DEFAULT_LEASE,
            advertise: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Everything the handlers share.
pub struct AppState {
    pub cfg: Config,
    /// Where the tables are kept; see [`AppState::store_for`].
    pub store: Arc<dyn Store>,
    /// The store of the tables that are not kept (sandboxes).
    unstored: Arc<dyn Store>,
    kinds: Vec<Arc<dyn GameKind>>,
    tables: RwLock<Tables>,
    pub shutdown: watch::Receiver<bool>,
    /// Open WebSockets.
    pub websockets: std::sync::atomic::AtomicUsize,
    /// WebSocket connections accepted and not closed yet (from the
    /// upgrade on, hello or not), held under `cfg.max_websockets`.
    websocket_slots: Arc<std::sync::atomic::AtomicUsize>,
    /// Every connection, in all and per address (`cfg.max_connections`,
    /// `cfg.max_per_address`).
    pub limits: Arc<connections::Limits>,
    /// Tables created per address (`cfg.tables_per_hour`).
    pub creations: expiry::AddressRate,
    /// Chat lines written per address.
    pub chat_rate: expiry::AddressRate,
    /// Open seats taken (without an invitation) per address, at the rate
    /// of `cfg.tables_per_hour`: one client cannot take every open seat.
    pub open_joins: expiry::AddressRate,
    /// Players' card packs (`--card-packs`).
    pub packs: packs::Packs,
    /// The lobby's changes, for the pages waiting on them.
    pub lobby_news: lobby_news::LobbyNews,
    /// The other processes sharing the store, if it is shared.
    pub cluster: processes::Cluster,
}

/// One WebSocket connection counted against `--max-websockets`, from
/// its upgrade until it is dropped (the session ends, or the upgrade
/// fails).
pub struct WebSocketSlot(Arc<std::sync::atomic::AtomicUsize>);

impl Drop for WebSocketSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

#[derive(Default)]
struct Tables {
    by_id: HashMap<String, Arc<Table>>,
    /// Creation (or recovery) order, for dropping finished tables.
    order: VecDeque<String>,
}

impl AppState {
    /// The store of `table`: the server's, or none for a table that is
    /// never kept (a sandbox).
    pub fn store_for(&self, table: &Table) -> &Arc<dyn Store> {
        if table.stored {
            &self.store
        } else {
            &self.unstored
        }
    }

    pub fn kind(&self, name: Option<&str>) -> Option<&Arc<dyn GameKind>> {
        match name {
            None => self.kinds.first(),
            Some(n) => self.kinds.iter().find(|k| k.name() == n),
        }
    }

    /// A slot for one more WebSocket connection, or None when
    /// `cfg.max_websockets` are open.
    pub fn websocket_slot(&self) -> Option<WebSocketSlot> {
        use std::sync::atomic::Ordering;
        let max = self.cfg.max_websockets;
        self.websocket_slots
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| WebSocketSlot(self.websocket_slots.clone()))
    }

    /// WebSocket connections open now (counted from the upgrade).
    pub fn websocket_connections(&self) -> usize {
        self.websocket_slots
            .load(std::sync::atomic::Ordering::Acquire)
    }

    pub fn kind_names(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.name()).collect()
    }

    pub fn table(&self, id: &str) -> Option<Arc<Table>> {
        self.tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .by_id
            .get(id)
            .cloned()
    }

    pub fn all_tables(&self) -> Vec<Arc<Table>> {
        let t = self.tables.read().unwrap_or_else(|p| p.into_inner());
        t.order
            .iter()
            .filter_map(|id| t.by_id.get(id).cloned())
            .collect()
    }

    /// Lets an ended table leave memory (it stays in the store, and is read
    /// back when asked for by id).
    pub fn archive(&self, id: &str) {
        let mut t = self.tables.write().unwrap_or_else(|p| p.into_inner());
        if t.by_id.remove(id).is_some() {
            t.order.retain(|x| x != id);
        }
    }

    /// Makes room for one more table: false when every held table is still
    /// being played and the limit is reached.
    pub fn reserve_table(&self) -> bool {
        let mut t = self.tables.write().unwrap_or_else(|p| p.into_inner());
        while t.by_id.len() >= self.cfg.max_tables {
            let Some(pos) = t
                .order
                .iter()
                .position(|id| t.by_id.get(id).is_some_and(|x| x.is_finished()))
            else {
                return false;
            };
            if let Some(id) = t.order.remove(pos) {
                t.by_id.remove(&id);
            }
        }
        true
    }

    /// A table by id: in memory, or else read back from the store (a
    /// finished table dropped from memory, or one finished before a
    /// restart) and rebuilt. Err when the server is full of tables in play.
    pub async fn find_table(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Table>>, FindError> {
        if let Some(t) = self.table(id) {
            return Ok(Some(t));
        }
        // Table ids are 16 hex digits: anything else is not looked up.
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let key = id.to_string();
        let stored = match table::blocking(&self.store, move |s| s.table(&key)).await {
            Ok(Some(st)) => st,
            Ok(None) => return Ok(None),
            Err(e) => {
                tracing::error!(table = %id, error = %e, "table not read back");
                return Err(FindError::Unreadable(id.to_string()));
            }
        };
        let me = self.clone();
        let rebuilt = tokio::task::spawn_blocking(move || me.rebuild(stored)).await;
        let table = match rebuilt {
            Ok(Ok(t)) => Arc::new(t),
            Ok(Err(e)) => {
                tracing::error!(table = %id, error = %e, "table not restored");
                return Err(FindError::Unreadable(id.to_string()));
            }
            Err(e) => {
                tracing::error!(table = %id, error = %e, "table not restored");
                return Err(FindError::Unreadable(id.to_string()));
            }
        };
        if !self.reserve_table() {
            return Err(FindError::Full(self.cfg.max_tables));
        }
        Ok(Some(self.insert_table(table)))
    }

    /// Adds a table (unless one with its id is there already: that one is
    /// kept) and starts its computer players; returns the table held.
    pub fn insert_table(&self, table: Arc<Table>) -> Arc<Table> {
        {
            let mut t = self.tables.write().unwrap_or_else(|p| p.into_inner());
            if let Some(existing) = t.by_id.get(&table.id) {
                return existing.clone();
            }
            t.order.push_back(table.id.clone());
            t.by_id.insert(table.id.clone(), table.clone());
        }
        if table.stored {
            // A new table in the lobby's list, and its news from now on.
            let _ = table.news.set(self.lobby_news.clone());
            self.lobby_news.changed();
        }
        let delay = self.cfg.bot_delay;
        tokio::spawn(table.clone().run_bots(
            self.store_for(&table).clone(),
            delay,
            self.shutdown.clone(),
        ));
        table
    }

    /// Rebuilds a stored table by replaying its log, checking digests.
    pub fn rebuild(&self, st: StoredTable) -> Result<Table, String> {
        let kind = self
            .kind(Some(&st.table.game))
            .ok_or_else(|| format!("unknown game \"{}\"", st.table.game))?
            .clone();
        let (setup, seed) = (&st.table.setup, st.table.seed);
        let n = st.log.len() as u64;
        let keep_from = n.saturating_sub(table::HISTORY as u64);
        let mut history = VecDeque::new();
        let mut log: Vec<Option<table::LogEntry>> = Vec::with_capacity(st.log.len());
        let mut effective: Vec<u64> = Vec::new();
        let mut game = kind
            .new_game(setup, seed)
            .map_err(|e| ReplayError::Setup(e).to_string())?;
        for e in &st.log {
            let events: Arc<dyn game::GameEvents> = match e.undoes {
                None => {
                    let ev = game.apply(e.seat, &e.action).map_err(|x| {
                        ReplayError::Refused {
                            seq: e.seq,
                            seat: e.seat,
                            message: x.message,
                        }
                        .to_string()
                    })?;
                    log.push(Some(table::log_entry(e.seat, &e.action)));
                    effective.push(e.seq);
                    Arc::from(ev)
                }
                Some(target) => {
                    if !effective.contains(&target) {
                        return Err(ReplayError::Undo { seq: e.seq, target }.to_string());
                    }
                    effective.retain(|&q| q < target);
                    let keep = table::actions_in_effect(&log, &effective);
                    game = table::rebuild_game(&*kind, setup, seed, &keep)?;
                    log.push(None);
                    Arc::new(table::undo_change(&*game, e.seat, target))
                }
            };
            let found = game.digest();
            if found != e.digest {
                return Err(ReplayError::Digest {
                    seq: e.seq,
                    found,
                    stored: e.digest,
                }
                .to_string());
            }
            if e.seq + 1 > keep_from {
                let events = events.compact().unwrap_or(events);
                push_history(
                    &mut history,
                    Arc::new(Change {
                        seq: e.seq + 1,
                        events,
                        game: None,
                    }),
                );
            }
        }
        let rate = self.cfg.actions_per_second;
        let seats: Vec<Seat> = st
            .table
            .seats
            .into_iter()
            .map(|s| Seat {
                player: s.player,
                label: s.label,
                invitation_hash: s.invitation_hash,
                token_hash: s.token_hash,
                name: s.name,
                away: s.away,
                bucket: Bucket::new(rate),
                connections: 0,
            })
            .collect();
        // An undo asked before a restart is still asked, if it still fits
        // the table (the store keeps only one about the log's end).
        let undo = st
            .undo
            .filter(|u| u.seq == n && effective.contains(&u.target) && u.by < seats.len())
            .map(table::UndoRequest::from);
        let inner = TableInner {
            game: Arc::from(game),
            seq: n,
            log,
            effective,
            history,
            seats,
            undo,
            chat: st.chat.into_iter().collect(),
            chat_count: st.chat_count,
            chat_bytes: st.chat_bytes,
            ended: st.ended,
            active_at: st.active_at,
            active_stored: st.active_at,
            open_seats: st.table.open_seats,
            bot_pace: st.table.bot_delay_ms.map(Duration::from_millis),
        };
        Ok(Table::new(
            st.table.id,
            kind,
            st.table.spectators,
            st.table.setup,
            st.table.seed,
            st.table.clock_ms.map(Duration::from_millis),
            inner,
        ))
    }
}

/// Why a table asked for by id cannot be served.
#[derive(Debug)]
pub enum FindError {
    /// The server holds its maximum of tables in play (`429`).
    Full(usize),
    /// The store cannot give it back whole (`500`); the server's log says
    /// which row (the client is told no more: a replay's error may carry
    /// a running game's digest).
    Unreadable(String),
}

impl FindError {
    pub fn status(&self) -> axum::http::StatusCode {
        match self {
            FindError::Full(_) => axum::http::StatusCode::TOO_MANY_REQUESTS,
            FindError::Unreadable(_) => axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindError::Full(n) => write!(
                f,
                "the server holds its maximum of {n} tables in play; try later"
            ),
            FindError::Unreadable(id) => write!(
                f,
                "table \"{id}\" cannot be read back from the server's store (a damaged row; the server's log names it)"
            ),
        }
    }
}

/// Opens the store (the PostgreSQL database `cfg.store` names, or the
/// SQLite file in `cfg.data`, taking ownership of it) and rebuilds every
/// unfinished table (on a shared PostgreSQL store: those no other process
/// serves). A table the store cannot read, or whose log does not replay
/// to its stored digests, is left out, with an error in the log; the
/// others are served.
pub async fn open(
    cfg: Config,
    kinds: Vec<Arc<dyn GameKind>>,
    shutdown: watch::Receiver<bool>,
) -> Result<Arc<AppState>, ServerError> {
    let dir = cfg.data.clone();
    let at = cfg.store.clone().unwrap_or(StoreLocator::Sqlite(dir));
    let lease = cfg.lease;
    let store: Arc<dyn Store> = tokio::task::spawn_blocking(move || match at {
        StoreLocator::Postgres(url) => {
            pg::PgStore::open_with(&url, lease).map(|s| Arc::new(s) as Arc<dyn Store>)
        }
        at => copy::open_store(&at).map(Arc::from),
    })
    .await
    .map_err(|e| StoreError::Other(e.to_string()))??;
    // On a shared store, the unfinished tables nobody serves (up to the
    // limit held in memory); on a store of its own, all of them.
    let max = cfg.max_tables;
    let stored = table::blocking(&store, move |s| match s.shared() {
        Some(sh) => sh.claim_orphans(max),
        None => s.unfinished_tables(),
    })
    .await?;
    // Card packs are the first game's (the B5 CCG's).
    let packs = match kinds.first() {
        Some(k) => packs::Packs::load(cfg.card_packs.as_deref(), &**k).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "the card packs' folder {}: {e}",
                    cfg.card_packs.as_deref().unwrap_or(Path::new("")).display()
                ),
            )
        })?,
        None => packs::Packs::default(),
    };
    let state = Arc::new(AppState {
        packs,
        lobby_news: lobby_news::LobbyNews::default(),
        cluster: processes::Cluster::default(),
        store,
        unstored: Arc::new(store::Unstored),
        kinds,
        tables: RwLock::new(Tables::default()),
        shutdown,
        websockets: std::sync::atomic::AtomicUsize::new(0),
        websocket_slots: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
        limits: Arc::new(connections::Limits::new(
            cfg.max_connections,
            cfg.max_per_address,
        )),
        creations: expiry::AddressRate::new(cfg.tables_per_hour, expiry::BURST),
        chat_rate: expiry::AddressRate::new(expiry::CHAT_PER_HOUR, expiry::CHAT_BURST),
        open_joins: expiry::AddressRate::new(cfg.tables_per_hour, expiry::BURST),
        cfg,
    });
    processes::restore(&state, stored).await;
    // Unjoined and abandoned tables end, from now on and at once for
    // those whose time ran out while the server was down.
    tokio::spawn(expiry::run(state.clone()));
    Ok(state)
}

/// Serves `state` on `listener` until `stop` resolves; then tells every
/// WebSocket to close and waits for open requests to finish. `site`: more
/// routes served next to `/api` (the browser client's pages: `b5_web`'s
/// router); `/api` keeps priority.
pub async fn serve(
    state: Arc<AppState>,
    listener: TcpListener,
    stop: impl Future<Output = ()> + Send + 'static,
    tell_shutdown: watch::Sender<bool>,
    site: Option<axum::Router>,
) -> Result<(), ServerError> {
    let limits = state.limits.clone();
    let timeouts = state.cfg.timeouts;
    let mut app = http::router(state);
    if let Some(site) = site {
        app = app.merge(site);
    }
    let app = app.layer(compression());
    connections::serve(listener, app, limits, timeouts, async move {
        stop.await;
        let _ = tell_shutdown.send(true);
    })
    .await;
    Ok(())
}

/// Answers of 1 KiB or more (the page's script, the cards, a state) are sent
/// gzipped to a client that accepts it; smaller ones (an action's
/// acknowledgement), images and the WebSocket's upgrade go as they are.
/// Gzip alone: every browser and `b5 connect` take it, and it needs no
/// compressor beyond the `flate2` the build already holds.
fn compression() -> tower_http::compression::CompressionLayer<impl Predicate> {
    let not_upgrade = |status: StatusCode, _: Version, _: &HeaderMap, _: &Extensions| {
        status != StatusCode::SWITCHING_PROTOCOLS
    };
    tower_http::compression::CompressionLayer::new()
        .gzip(true)
        .compress_when(
            SizeAbove::new(COMPRESS_FROM)
                .and(NotForContentType::IMAGES)
                .and(not_upgrade),
        )
}

/// The smallest answer sent compressed, in bytes.
pub const COMPRESS_FROM: u16 = 1024;

/// The process's limit of open files (its soft limit; Linux; None
/// elsewhere or when unlimited).
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The process's resident memory in bytes (Linux; None elsewhere).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The games this build hosts: the Babylon 5 CCG with the Open Set, and
/// Babylon 5 Empires.
pub fn default_kinds() -> Result<Vec<Arc<dyn GameKind>>, String> {
    let k = b5::B5Kind::open_set().map_err(|e| e.to_string())?;
    Ok(vec![Arc::new(k), Arc::new(empires::EmpiresKind)])
}

/// A server running in this process, for tests and embedding: binds
/// `addr` (port 0 for a free one) and serves until [`Running::stop`].
pub struct Running {
    pub addr: SocketAddr,
    pub state: Arc<AppState>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), ServerError>>,
}

impl Running {
    pub async fn start(
        cfg: Config,
        kinds: Vec<Arc<dyn GameKind>>,
        addr: &str,
    ) -> Result<Running, ServerError> {
        let (tell, watch_rx) = watch::channel(false);
        let state = open(cfg, kinds, watch_rx).await?;
        let listener = TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        processes::start(&state, addr).await?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(serve(
            state.clone(),
            listener,
            async move {
                let _ = stopped.await;
            },
            tell,
            None,
        ));
        Ok(Running {
            addr,
            state,
            stop: Some(stop),
            task,
        })
    }

    /// Stops serving and waits for the server to finish: on return the
    /// store is closed (its data folder free for another server), unless
    /// some task still held it after 10 seconds.
    pub async fn stop(mut self) -> Result<(), ServerError> {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let r = match self.task.await {
            Ok(r) => r,
            Err(e) => Err(ServerError::Io(std::io::Error::other(e.to_string()))),
        };
        // The computer players' tasks and the WebSocket sessions end on
        // the shutdown signal; once none holds the state or the store,
        // dropping the state here closes the store.
        let state = self.state;
        for _ in 0..1000 {
            if Arc::strong_count(&state) == 1 && Arc::strong_count(&state.store) == 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(state);
        r
    }
}

/// Logs to standard error with `tracing` (info by default; `RUST_LOG`
/// overrides).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

/// Runs a server until Ctrl-C or SIGTERM (what `b5 serve` does): opens the
/// store, restores the unfinished tables, binds `addr`, calls `ready` with
/// the bound address, then serves. On the signal it stops accepting, closes
/// the WebSockets and lets open requests finish; every acknowledged action
/// is already committed. `site`: see [`serve`].
pub fn run(
    cfg: Config,
    kinds: Vec<Arc<dyn GameKind>>,
    addr: &str,
    site: Option<axum::Router>,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServerError> {
    let mut cfg = cfg;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    // Each connection holds a file descriptor: raise the soft limit to
    // the hard one, and keep the bound on connections under it.
    let files = connections::raise_open_files_limit();
    let bound = connections::connection_bound(cfg.max_connections, files);
    if bound < cfg.max_connections {
        tracing::warn!(
            open_files = files,
            asked = cfg.max_connections,
            max_connections = bound,
            "the open-files limit (ulimit -n) is too low for --max-connections: the server holds fewer; raise the hard limit to hold more"
        );
        cfg.max_connections = bound;
    }
    cfg.max_websockets = cfg.max_websockets.min(cfg.max_connections);
    rt.block_on(async move {
        let (tell, rx) = watch::channel(false);
        let state = open(cfg, kinds, rx).await?;
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}")))?;
        let bound = listener.local_addr()?;
        processes::start(&state, bound).await?;
        ready(bound);
        serve(state, listener, stop_signal(), tell, site).await?;
        tracing::info!("stopped");
        Ok(())
    })
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
    tracing::info!("stopping");
}
