//! The shared store: a PostgreSQL database (`b5 serve --store
//! postgres://USER@HOST/DB`), through the `postgres` crate (the synchronous
//! client over tokio-postgres), for a server that has outgrown one
//! machine's file (issue 29).
//!
//! It keeps what the SQLite store keeps ([`crate::sqlite`]), in the same
//! tables and columns with PostgreSQL's types, and behaves the same way:
//!
//! - Group commit: one writer thread owns the connection that writes,
//!   takes every [`Write`] queued, writes them in one transaction (each in
//!   a savepoint of its own, so that a refused write is undone alone),
//!   commits, and only then reports each outcome. PostgreSQL's commit is
//!   durable as its settings make it: `synchronous_commit` on and `fsync`
//!   on (its defaults) for the promise the server makes.
//! - Reading back: each table is read on its own, in one snapshot
//!   (`REPEATABLE READ`); a row that breaks the store's rules (an action
//!   that is not JSON, a gap in the log, a seat out of range) makes that
//!   table [`StoreError::Unreadable`], naming it and the row, and the
//!   others are read.
//! - The database: one that holds no table gets the store's schema; one
//!   that holds the store (`b5_store`, naming the application and the
//!   schema version) is migrated from an older version, refused from a
//!   newer one, and checked to have every table and column of its
//!   version; one that holds other tables is refused. Nothing is ever
//!   recreated empty.
//! - Several processes (issue 29): each process that opens the store has a
//!   row in `processes` (a random id, where it listens, when it was last
//!   seen) and owns tables by a lease on their row (`owner`,
//!   `lease_until`, on the database's clock). A keeper thread renews the
//!   process's leases every third of a lease; a table whose owner stopped
//!   renewing is taken by another process ([`Shared::claim_orphans`], or
//!   [`Shared::claim`] when a client asks for it), which reads its log
//!   back. Every write to a table first locks the table's row on the
//!   condition that this process owns it (`FOR NO KEY UPDATE`), so a
//!   write and a claim take turns: a process that lost a table never
//!   writes it again ([`StoreError::Moved`]), and the one that took it
//!   reads every action acknowledged before. A process that stops
//!   cleanly lets go of its tables at once.
//!
//! Schema versions: [`MIGRATIONS`] as in the SQLite store, one step per
//! version, `MIGRATIONS[i]` taking a database from version `i` to `i + 1`,
//! run in one transaction with the new version's stamp. The tables and
//! columns a database must have are found by running the steps in a
//! scratch schema of a transaction that is rolled back.
//!
//! Errors name the database as `postgres://USER@HOST:PORT/DB`, never with
//! its password.

mod keeper;
mod schema;
mod write;

use std::str::FromStr;
use std::sync::{mpsc, Mutex};
use std::thread::JoinHandle;

use postgres::{Client, IsolationLevel, NoTls, Row, Transaction};

use crate::readback::{dump_table, read_listed, read_table, Cells, Query, Rows};
use crate::store::{
    other, queue, Done, Job, Located, Shared, Store, StoreError, StoredTable, TableDump, TableRead,
    Write,
};
pub use schema::MIGRATIONS;
use write::Writer;

/// The application named in `b5_store`.
pub const APPLICATION: &str = "b5-server";
/// The advisory lock held while a process checks and migrates the schema
/// ("B5sv").
pub const SCHEMA_LOCK: i64 = 0x4235_7376;
/// A lease's length when none is given (`b5 serve --lease-seconds`).
pub const DEFAULT_LEASE: std::time::Duration = std::time::Duration::from_secs(10);

/// Whether a store locator names a PostgreSQL database.
pub fn is_postgres(locator: &str) -> bool {
    locator.starts_with("postgres://") || locator.starts_with("postgresql://")
}

/// The database as errors name it: `postgres://USER@HOST:PORT/DB`, never
/// with its password. A locator that does not parse is named as such.
pub fn display_name(url: &str) -> String {
    let Ok(cfg) = postgres::Config::from_str(url) else {
        return "the PostgreSQL address given (it does not parse)".into();
    };
    let host = cfg
        .get_hosts()
        .first()
        .map(|h| match h {
            postgres::config::Host::Tcp(h) => h.clone(),
            postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".into());
    let port = cfg.get_ports().first().copied().unwrap_or(5432);
    format!(
        "postgres://{}@{host}:{port}/{}",
        cfg.get_user().unwrap_or(""),
        cfg.get_dbname().unwrap_or("")
    )
}

pub struct PgStore {
    /// To the writer thread; None once closing.
    jobs: Option<mpsc::Sender<Job>>,
    writer: Option<JoinHandle<()>>,
    /// To the reader thread (reads at start, and finished tables asked
    /// for by id): a thread of its own, since the synchronous client may
    /// not block a thread that drives asynchronous tasks, and reads may
    /// come from any.
    reads: Mutex<Option<mpsc::Sender<Read>>>,
    reader: Option<JoinHandle<()>>,
    /// This process, as the other processes sharing the store see it.
    me: Process,
    /// The keeper thread (renews the leases); dropping `keep` stops it,
    /// and it lets go of this process's tables.
    keep: Option<mpsc::Sender<()>>,
    keeper: Option<JoinHandle<()>>,
}

/// A process sharing the store: its id and its leases' length.
#[derive(Clone)]
pub(crate) struct Process {
    pub id: String,
    pub lease: std::time::Duration,
}

impl Process {
    /// The lease in seconds, as the SQL takes it (`make_interval(secs =>)`).
    pub fn lease_secs(&self) -> f64 {
        self.lease.as_secs_f64()
    }
}

/// A read for the reader thread, run on its connection (or told why
/// there is none).
type Read = Box<dyn FnOnce(Result<&mut Client, StoreError>) + Send>;

/// The reader thread's connection, made again when it was lost.
struct Reader {
    url: String,
    name: String,
    client: Option<Client>,
}

impl Reader {
    fn run(&mut self, read: Read) {
        // Reads are few (at start, and finished tables asked for by id):
        // the connection is checked with a round trip before each.
        let alive = |c: &mut Client| c.is_valid(std::time::Duration::from_secs(5)).is_ok();
        if !self.client.as_mut().is_some_and(alive) {
            self.client = None;
            match connect(&self.url, &self.name, "reader") {
                Ok(c) => self.client = Some(c),
                Err(e) => return read(Err(e)),
            }
        }
        match self.client.as_mut() {
            Some(c) => read(Ok(c)),
            None => read(Err(other("the store's reader has no connection"))),
        }
    }
}

/// Runs `f` on a thread of its own when called from a thread that drives
/// asynchronous tasks, where the synchronous client may not block (it
/// would panic); at once elsewhere.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    if tokio::runtime::Handle::try_current().is_err() {
        return f();
    }
    std::thread::scope(|s| match s.spawn(f).join() {
        Ok(v) => v,
        Err(p) => std::panic::resume_unwind(p),
    })
}

/// Connects to the database at `url`, as `role` ("reader", "writer") of
/// `b5 serve` (PostgreSQL's `application_name`, seen in
/// `pg_stat_activity`).
fn connect(url: &str, name: &str, role: &str) -> Result<Client, StoreError> {
    let cfg = postgres::Config::from_str(url)
        .map_err(|e| StoreError::BadDatabase(format!("{name}: not a PostgreSQL address: {e}")))?;
    let mut cfg = cfg;
    if cfg.get_connect_timeout().is_none() {
        cfg.connect_timeout(std::time::Duration::from_secs(10));
    }
    cfg.application_name(&format!("b5 serve {role}"));
    cfg.connect(NoTls)
        .map_err(|e| other(format!("cannot connect to {name}: {}", described(&e))))
}

/// An error of the database at `name`.
fn db_error(name: &str, e: postgres::Error) -> StoreError {
    other(format!("{name}: {}", described(&e)))
}

/// A PostgreSQL error with its cause: the client's own text for an error
/// the database reports is only "db error", its cause says which.
fn described(e: &postgres::Error) -> String {
    match std::error::Error::source(e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// A PostgreSQL error as the store's.
fn pg_error(e: postgres::Error) -> StoreError {
    other(described(&e))
}

impl PgStore {
    /// Opens the store in the PostgreSQL database at `url` (giving a
    /// database without tables the store's schema) as one more process
    /// sharing it, with leases of [`DEFAULT_LEASE`].
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::open_with(url, DEFAULT_LEASE)
    }

    /// As [`PgStore::open`], with leases of `lease` (at least a second).
    pub fn open_with(url: &str, lease: std::time::Duration) -> Result<PgStore, StoreError> {
        off_runtime(|| PgStore::open_here(url, lease))
    }

    fn open_here(url: &str, lease: std::time::Duration) -> Result<PgStore, StoreError> {
        let name = display_name(url);
        let lease = lease.max(std::time::Duration::from_secs(1));
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).map_err(other)?;
        let me = Process {
            id: crate::secret::hex(&b),
            lease,
        };
        let mut client = connect(url, &name, "writer")?;
        schema::prepare(&mut client, &name)?;
        keeper::register(&mut client, &me).map_err(|e| db_error(&name, e))?;
        let writer = Writer::with(client, url, &name, me.clone())?;
        let mut reader = Reader {
            url: url.to_string(),
            name: name.clone(),
            client: Some(connect(url, &name, "reader")?),
        };
        let (jobs, rx) = mpsc::channel::<Job>();
        let writer = std::thread::Builder::new()
            .name("b5-store-writer".into())
            .spawn(move || writer.run(rx))
            .map_err(other)?;
        let (reads, rx) = mpsc::channel::<Read>();
        let reader = std::thread::Builder::new()
            .name("b5-store-reader".into())
            .spawn(move || {
                while let Ok(read) = rx.recv() {
                    reader.run(read);
                }
            })
            .map_err(other)?;
        let (keep, keeper) = keeper::Keeper::start(url, &name, me.clone())?;
        tracing::info!(database = %name, version = MIGRATIONS.len(), process = %me.id, "store opened");
        Ok(PgStore {
            jobs: Some(jobs),
            writer: Some(writer),
            reads: Mutex::new(Some(reads)),
            reader: Some(reader),
            me,
            keep: Some(keep),
            keeper: Some(keeper),
        })
    }

    /// Runs `f` on the reader's connection and waits for its result.
    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::sync_channel(1);
        let sent = self
            .reads
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|reads| {
                reads.send(Box::new(move |c: Result<&mut Client, StoreError>| {
                    let _ = tx.send(c.and_then(f));
                }))
            });
        match sent {
            Some(Ok(())) => rx
                .recv()
                .unwrap_or_else(|_| Err(other("the store's reader has stopped"))),
            _ => Err(other("the store is closed")),
        }
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // The writer commits what is queued, then ends (its connection,
        // and with it the ownership, closed); then the reader.
        self.jobs.take();
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        self.reads.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        // Last, the keeper lets go of this process's tables.
        self.keep.take();
        if let Some(k) = self.keeper.take() {
            let _ = k.join();
        }
    }
}

/// One row's columns, read as PostgreSQL keeps them (its types are the
/// schema's: a count is BIGINT or INTEGER, a flag BOOLEAN).
struct Cols<'a>(&'a Row);

impl Cols<'_> {
    fn get<'a, T: postgres::types::FromSql<'a>>(
        &'a self,
        i: usize,
        name: &str,
    ) -> Result<T, String> {
        self.0.try_get(i).map_err(|e| format!("{name}: {e}"))
    }
}

impl Cells for Cols<'_> {
    fn opt_text(&self, i: usize, name: &str) -> Result<Option<String>, String> {
        self.get(i, name)
    }

    fn opt_int(&self, i: usize, name: &str) -> Result<Option<i64>, String> {
        match self.0.columns().get(i).map(|c| c.type_()) {
            Some(&postgres::types::Type::INT4) => {
                Ok(self.get::<Option<i32>>(i, name)?.map(i64::from))
            }
            _ => self.get(i, name),
        }
    }

    fn flag(&self, i: usize, name: &str) -> Result<bool, String> {
        self.get(i, name)
    }

    fn opt_bytes(&self, i: usize, name: &str) -> Result<Option<Vec<u8>>, String> {
        self.get(i, name)
    }
}

/// A read transaction reading in PostgreSQL's SQL.
struct Reading<'t, 'a>(&'t mut Transaction<'a>);

impl Rows for Reading<'_, '_> {
    fn rows<T>(
        &mut self,
        q: Query,
        id: &str,
        what: &str,
        mut row: impl FnMut(usize, &dyn Cells) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let sql = match q {
            Query::Head => {
                "SELECT game, setup, seed, spectators, clock_ms, finished, ended, active_at,
                        open_seats, bot_delay_ms
                 FROM tables WHERE id = $1"
            }
            Query::Seats => {
                "SELECT seat, player, label, invitation_hash, token_hash, name, away FROM seats
                 WHERE table_id = $1 ORDER BY seat"
            }
            Query::Log => {
                "SELECT seq, seat, action, digest, undoes FROM actions WHERE table_id = $1 ORDER BY seq"
            }
            Query::ChatSize => {
                "SELECT COUNT(*), COALESCE(SUM(octet_length(text)), 0)::bigint FROM chat WHERE table_id = $1"
            }
            Query::Chat { .. } => {
                "SELECT n, seat, name, text, at FROM chat WHERE table_id = $1 ORDER BY n DESC LIMIT $2"
            }
            Query::Undo => {
                "SELECT by_seat, target, seq, waiting FROM pending_undo WHERE table_id = $1"
            }
            Query::CreatedAt => "SELECT created_at FROM tables WHERE id = $1",
            Query::LoggedAt => "SELECT at FROM actions WHERE table_id = $1 ORDER BY seq",
        };
        let rows = match q {
            // PostgreSQL: a NULL limit is none.
            Query::Chat { kept } => self.0.query(sql, &[&id, &kept.map(|k| k as i64)]),
            _ => self.0.query(sql, &[&id]),
        }
        .map_err(|e| format!("reading {what}: {e}"))?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            out.push(row(out.len(), &Cols(r))?);
        }
        Ok(out)
    }
}

/// A read-only snapshot of the whole database.
fn snapshot(client: &mut Client) -> Result<Transaction<'_>, postgres::Error> {
    client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
}

impl Store for PgStore {
    fn write(&self, write: Write, done: Done) {
        queue(self.jobs.as_ref(), write, done);
    }

    fn unfinished_tables(&self) -> Result<Vec<TableRead>, StoreError> {
        self.read(|client| {
            let ids: Vec<String> = client
                .query("SELECT id FROM tables WHERE NOT finished", &[])
                .map_err(|e| other(format!("reading the tables: {}", described(&e))))?
                .iter()
                .map(|r| r.get(0))
                .collect();
            read_tables(client, &ids)
        })
    }

    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let id = id.to_string();
        self.read(move |client| {
            let mut tx = snapshot(client).map_err(|e| StoreError::Unreadable {
                table: id.clone(),
                what: e.to_string(),
            })?;
            let out = read_table(&mut Reading(&mut tx), &id);
            let _ = tx.rollback();
            out
        })
    }

    fn table_ids(&self) -> Result<Vec<String>, StoreError> {
        self.read(|client| {
            Ok(client
                .query("SELECT id FROM tables ORDER BY created_at, id", &[])
                .map_err(|e| other(format!("reading the tables: {}", described(&e))))?
                .iter()
                .map(|r| r.get(0))
                .collect())
        })
    }

    fn dump(&self, id: &str) -> Result<Option<TableDump>, StoreError> {
        let id = id.to_string();
        self.read(move |client| {
            let mut tx = snapshot(client).map_err(pg_error)?;
            let out = dump_table(&mut Reading(&mut tx), &id);
            let _ = tx.rollback();
            out
        })
    }

    fn shared(&self) -> Option<&dyn Shared> {
        Some(self)
    }
}

impl Shared for PgStore {
    fn process(&self) -> &str {
        &self.me.id
    }

    fn lease(&self) -> std::time::Duration {
        self.me.lease
    }

    fn announce(&self, address: &str) -> Result<(), StoreError> {
        let (me, address) = (self.me.id.clone(), address.to_string());
        self.read(move |c| {
            c.execute(
                "UPDATE processes SET address = $2 WHERE id = $1",
                &[&me, &address],
            )
            .map_err(pg_error)?;
            Ok(())
        })
    }

    fn claim(&self, id: &str) -> Result<Located, StoreError> {
        let (me, id) = (self.me.clone(), id.to_string());
        self.read(move |c| keeper::claim(c, &me, &id).map_err(pg_error))
    }

    fn claim_orphans(&self, max: usize) -> Result<Vec<TableRead>, StoreError> {
        let me = self.me.clone();
        self.read(move |c| {
            let ids = keeper::claim_orphans(c, &me, max).map_err(pg_error)?;
            read_tables(c, &ids)
        })
    }

    fn lost(&self, held: &[String]) -> Result<Vec<String>, StoreError> {
        let (me, held) = (self.me.id.clone(), held.to_vec());
        self.read(move |c| {
            Ok(c.query(
                "SELECT x FROM unnest($1::text[]) AS x
                 WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.id = x AND t.owner = $2)",
                &[&held, &me],
            )
            .map_err(pg_error)?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }

    fn peers(&self) -> Result<Vec<String>, StoreError> {
        let me = self.me.clone();
        self.read(move |c| {
            Ok(c.query(
                "SELECT address FROM processes
                 WHERE id <> $1 AND address IS NOT NULL AND until > now()
                 ORDER BY address",
                &[&me.id],
            )
            .map_err(pg_error)?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }
}

/// Reads the tables `ids` back, oldest first, each on its own, in one
/// snapshot.
fn read_tables(client: &mut Client, ids: &[String]) -> Result<Vec<TableRead>, StoreError> {
    let mut tx = snapshot(client).map_err(pg_error)?;
    let ids: Vec<String> = tx
        .query(
            "SELECT id FROM tables WHERE id = ANY($1) ORDER BY created_at, id",
            &[&ids],
        )
        .map_err(|e| other(format!("reading the tables: {}", described(&e))))?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        out.push(read_listed(&mut Reading(&mut tx), id));
    }
    let _ = tx.rollback();
    Ok(out)
}

/// Makes a new, empty database `name` on the server at `admin` (a
/// database address whose user may create databases) and returns its
/// address: for tests and tools that want a store of their own. The name
/// must be a plain identifier (letters, digits, `_`).
pub fn create_database(admin: &str, name: &str) -> Result<String, StoreError> {
    off_runtime(|| create_database_here(admin, name))
}

fn create_database_here(admin: &str, name: &str) -> Result<String, StoreError> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(other(format!("{name:?} is not a plain database name")));
    }
    let shown = display_name(admin);
    let mut client = connect(admin, &shown, "tool")?;
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .map_err(|e| db_error(&shown, e))?;
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin, String::new()),
    };
    let Some((server, _db)) = base
        .rsplit_once('/')
        .filter(|(s, _)| s.contains("://") && !s.ends_with('/'))
    else {
        return Ok(format!("{}/{name}{query}", base.trim_end_matches('/')));
    };
    Ok(format!("{server}/{name}{query}"))
}
