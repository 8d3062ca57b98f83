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
//! - Ownership: for now one process at a time, as with SQLite. The store
//!   takes a PostgreSQL advisory lock ([`OWNER_LOCK`]) on its reading
//!   connection and holds it while open, so a second `b5 serve` on the same
//!   database fails at start; PostgreSQL drops the lock when the process's
//!   connection ends, `kill -9` included. (Several processes sharing the
//!   database, each owning its tables by a lease, are the next step.)
//!
//! Schema versions: [`MIGRATIONS`] as in the SQLite store, one step per
//! version, `MIGRATIONS[i]` taking a database from version `i` to `i + 1`,
//! run in one transaction with the new version's stamp. The tables and
//! columns a database must have are found by running the steps in a
//! scratch schema of a transaction that is rolled back.
//!
//! Errors name the database as `postgres://USER@HOST:PORT/DB`, never with
//! its password.

use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::{mpsc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use postgres::{Client, IsolationLevel, NoTls, Row, Statement, Transaction};
use serde_json::Value;

use crate::sqlite::{now, now_ms};
use crate::store::{
    next_batch, other, ChatLine, Done, Ended, Job, LoggedAction, NewTable, PendingUndo, Store,
    StoreError, StoredSeat, StoredTable, TableDump, TableRead, Write, CHAT_KEPT,
};

/// The application named in `b5_store`.
pub const APPLICATION: &str = "b5-server";
/// The advisory lock held by the process that owns the store ("B5sv").
pub const OWNER_LOCK: i64 = 0x4235_7376;

/// The schema, one step per version (see the module doc). Never edit a
/// step that has shipped; append one.
pub const MIGRATIONS: &[&str] = &[V1];

const V1: &str = "
CREATE TABLE b5_store (
    application TEXT NOT NULL,
    version INTEGER NOT NULL
);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed BIGINT NOT NULL,
    spectators BOOLEAN NOT NULL,
    clock_ms BIGINT,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    ended TEXT,
    active_at BIGINT NOT NULL,
    open_seats BOOLEAN NOT NULL DEFAULT FALSE,
    bot_delay_ms BIGINT
);
CREATE INDEX tables_unfinished ON tables (created_at, id) WHERE NOT finished;
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    label TEXT NOT NULL,
    invitation_hash BYTEA,
    token_hash BYTEA,
    name TEXT,
    away BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    undoes BIGINT,
    digest BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE pending_undo (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    by_seat INTEGER NOT NULL,
    target BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    waiting TEXT NOT NULL
);
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, n)
);
";

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
    /// for by id); its connection holds the owner's advisory lock. A
    /// thread of its own, since the synchronous client may not block a
    /// thread that drives asynchronous tasks: reads may come from any.
    reads: Mutex<Option<mpsc::Sender<Read>>>,
    reader: Option<JoinHandle<()>>,
}

/// A read for the reader thread, run on its connection.
type Read = Box<dyn FnOnce(&mut Client) + Send>;

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
        .map_err(|e| other(format!("cannot connect to {name}: {e}")))
}

/// An error of the database at `name`.
fn db_error(name: &str, e: postgres::Error) -> StoreError {
    other(format!("{name}: {e}"))
}

/// The tables of the connection's current schema, with their columns.
fn columns(tx: &mut Transaction<'_>) -> Result<BTreeMap<String, Vec<String>>, postgres::Error> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in tx.query(
        "SELECT c.table_name::text, c.column_name::text
         FROM information_schema.columns c JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
         ORDER BY c.table_name, c.ordinal_position",
        &[],
    )? {
        out.entry(r.get(0)).or_default().push(r.get(1));
    }
    Ok(out)
}

/// The tables and columns of schema `version`: its steps run in a scratch
/// schema of a transaction that is rolled back.
fn schema(
    client: &mut Client,
    version: usize,
) -> Result<BTreeMap<String, Vec<String>>, postgres::Error> {
    let mut tx = client.transaction()?;
    tx.batch_execute("CREATE SCHEMA b5_expected; SET LOCAL search_path = b5_expected;")?;
    for step in &MIGRATIONS[..version] {
        tx.batch_execute(step)?;
    }
    let out = columns(&mut tx)?;
    tx.rollback()?;
    Ok(out)
}

/// Takes the owner's advisory lock on `client`, or says who holds it.
fn take_ownership(client: &mut Client, name: &str) -> Result<(), StoreError> {
    let got: bool = client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&OWNER_LOCK])
        .map_err(|e| db_error(name, e))?
        .get(0);
    if got {
        return Ok(());
    }
    let holder: Option<String> = client
        .query_opt(
            "SELECT a.client_addr::text || ' (pid ' || a.pid || ')' FROM pg_locks l
             JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1::bigint::oid
               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            &[&(OWNER_LOCK & 0xffff_ffff)],
        )
        .ok()
        .flatten()
        .and_then(|r| r.get(0));
    Err(StoreError::Locked(format!(
        "{name}{}",
        holder
            .map(|h| format!(" (its owner is connected from {h})"))
            .unwrap_or_default()
    )))
}

/// Checks the database (see the module doc): returns the version it holds,
/// 0 for a database without any table (a new store).
fn check_database(client: &mut Client, name: &str) -> Result<usize, StoreError> {
    let err = |e| db_error(name, e);
    let found = {
        let mut tx = client.transaction().map_err(err)?;
        let found = columns(&mut tx).map_err(err)?;
        tx.rollback().map_err(err)?;
        found
    };
    if found.is_empty() {
        return Ok(0);
    }
    if !found.contains_key("b5_store") {
        let names: Vec<&str> = found.keys().map(String::as_str).take(5).collect();
        return Err(StoreError::BadDatabase(format!(
            "{name} is not a b5 store: it holds other tables ({}); give b5 serve a database of its own",
            names.join(", ")
        )));
    }
    let rows = client
        .query("SELECT application, version FROM b5_store", &[])
        .map_err(err)?;
    let [row] = rows.as_slice() else {
        return Err(StoreError::BadDatabase(format!(
            "{name}: b5_store holds {} rows, not one",
            rows.len()
        )));
    };
    let application: String = row.get(0);
    let version: i32 = row.get(1);
    if application != APPLICATION {
        return Err(StoreError::BadDatabase(format!(
            "{name} is not a b5 store: b5_store names {application:?}"
        )));
    }
    let last = MIGRATIONS.len();
    let version = usize::try_from(version).unwrap_or(usize::MAX);
    if version > last || version == 0 {
        return Err(StoreError::BadDatabase(format!(
            "{name} holds schema version {version}, newer than this build knows ({last}): use a newer b5"
        )));
    }
    let want = schema(client, version).map_err(err)?;
    for (table, cols) in &want {
        let Some(have) = found.get(table) else {
            return Err(StoreError::BadDatabase(format!(
                "{name}: the store's table {table} is missing"
            )));
        };
        if let Some(c) = cols.iter().find(|c| !have.contains(c)) {
            return Err(StoreError::BadDatabase(format!(
                "{name}: the store's table {table} has no column {c}"
            )));
        }
    }
    Ok(version)
}

/// Runs the steps past `version` in one transaction with the new stamp.
fn migrate(client: &mut Client, name: &str, version: usize) -> Result<(), StoreError> {
    let last = MIGRATIONS.len();
    if version == last {
        return Ok(());
    }
    let err = |e| db_error(name, e);
    let mut tx = client.transaction().map_err(err)?;
    for step in &MIGRATIONS[version..] {
        tx.batch_execute(step).map_err(err)?;
    }
    if version == 0 {
        tx.execute(
            "INSERT INTO b5_store (application, version) VALUES ($1, $2)",
            &[&APPLICATION, &(last as i32)],
        )
        .map_err(err)?;
    } else {
        tx.execute("UPDATE b5_store SET version = $1", &[&(last as i32)])
            .map_err(err)?;
    }
    tx.commit().map_err(err)?;
    tracing::info!(database = %name, from = version, to = last, "store schema updated");
    Ok(())
}

impl PgStore {
    /// Opens the store in the PostgreSQL database at `url` (giving a
    /// database without tables the store's schema), taking ownership of it.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        off_runtime(|| PgStore::open_here(url))
    }

    fn open_here(url: &str) -> Result<PgStore, StoreError> {
        let name = display_name(url);
        let mut reader = connect(url, &name, "reader")?;
        // First: the check and the migration are the owner's alone.
        take_ownership(&mut reader, &name)?;
        let version = check_database(&mut reader, &name)?;
        migrate(&mut reader, &name, version)?;
        let writer = Writer::connect(url, &name)?;
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
                    read(&mut reader);
                }
            })
            .map_err(other)?;
        tracing::info!(database = %name, version = MIGRATIONS.len(), "store opened");
        Ok(PgStore {
            jobs: Some(jobs),
            writer: Some(writer),
            reads: Mutex::new(Some(reads)),
            reader: Some(reader),
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
                reads.send(Box::new(move |c: &mut Client| {
                    let _ = tx.send(f(c));
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
        // The writer commits what is queued, then ends; the reader's
        // connection (and with it the ownership) goes last.
        self.jobs.take();
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        self.reads.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }
}

/// The writer's connection and its statements, prepared once.
struct Writer {
    url: String,
    name: String,
    client: Client,
    st: Statements,
}

struct Statements {
    create_table: Statement,
    create_seat: Statement,
    join_seat: Statement,
    set_away: Statement,
    end: Statement,
    chat: Statement,
    clear_undo: Statement,
    set_undo: Statement,
    active: Statement,
    next_seq: Statement,
    append: Statement,
    finish: Statement,
    import_end: Statement,
}

impl Statements {
    fn prepare(c: &mut Client) -> Result<Statements, postgres::Error> {
        Ok(Statements {
            create_table: c.prepare(
                "INSERT INTO tables (id, game, setup, seed, spectators, clock_ms, created_at, active_at, open_seats, bot_delay_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )?,
            create_seat: c.prepare(
                "INSERT INTO seats (table_id, seat, player, label, invitation_hash, token_hash, name, away)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )?,
            join_seat: c.prepare(
                "UPDATE seats SET token_hash = $3, name = $4 WHERE table_id = $1 AND seat = $2",
            )?,
            set_away: c.prepare("UPDATE seats SET away = $3 WHERE table_id = $1 AND seat = $2")?,
            end: c.prepare("UPDATE tables SET finished = TRUE, ended = $2 WHERE id = $1")?,
            chat: c.prepare(
                "INSERT INTO chat (table_id, n, seat, name, text, at) VALUES ($1, $2, $3, $4, $5, $6)",
            )?,
            clear_undo: c.prepare("DELETE FROM pending_undo WHERE table_id = $1")?,
            set_undo: c.prepare(
                "INSERT INTO pending_undo (table_id, by_seat, target, seq, waiting)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (table_id) DO UPDATE SET by_seat = $2, target = $3, seq = $4, waiting = $5",
            )?,
            active: c.prepare("UPDATE tables SET active_at = $2 WHERE id = $1")?,
            next_seq: c.prepare("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE table_id = $1")?,
            append: c.prepare(
                "INSERT INTO actions (table_id, seq, seat, action, undoes, digest, at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )?,
            finish: c.prepare("UPDATE tables SET finished = TRUE WHERE id = $1")?,
            import_end: c.prepare("UPDATE tables SET finished = $2, ended = $3 WHERE id = $1")?,
        })
    }
}

impl Writer {
    fn connect(url: &str, name: &str) -> Result<Writer, StoreError> {
        let mut client = connect(url, name, "writer")?;
        let st = Statements::prepare(&mut client).map_err(|e| db_error(name, e))?;
        Ok(Writer {
            url: url.to_string(),
            name: name.to_string(),
            client,
            st,
        })
    }

    /// Commits everything queued, one transaction at a time, until the
    /// store closes. A lost connection is made again before the next
    /// batch (the batch it failed is reported failed: nothing of it was
    /// committed, or its outcome is unknown and the server says so).
    fn run(mut self, rx: mpsc::Receiver<Job>) {
        while let Some(batch) = next_batch(&rx) {
            if self.client.is_closed() {
                match Writer::connect(&self.url, &self.name) {
                    Ok(w) => {
                        tracing::warn!(database = %self.name, "the store's writer connected again");
                        self = w;
                    }
                    Err(e) => {
                        tracing::error!(error = %e, "the store's writer cannot connect");
                        let why = e.to_string();
                        for j in batch {
                            (j.done)(Err(other(&why)));
                        }
                        continue;
                    }
                }
            }
            self.commit_batch(batch);
        }
    }

    /// Commits a batch of writes in one transaction and reports each: a
    /// write that is refused is undone alone (its savepoint); a failed
    /// commit fails them all.
    fn commit_batch(&mut self, batch: Vec<Job>) {
        let t0 = Instant::now();
        let n = batch.len();
        let st = &self.st;
        let mut tx = match self.client.transaction() {
            Ok(tx) => tx,
            Err(e) => {
                let why = db_error(&self.name, e).to_string();
                for j in batch {
                    (j.done)(Err(other(&why)));
                }
                return;
            }
        };
        let mut results = Vec::with_capacity(n);
        for j in &batch {
            let r = match tx.savepoint("w") {
                Ok(mut sp) => match apply(&mut sp, st, &j.write) {
                    Ok(()) => sp.commit().map_err(other),
                    // Dropping the savepoint rolls it back.
                    Err(e) => sp.rollback().map_err(other).and(Err(e)),
                },
                Err(e) => Err(other(e)),
            };
            results.push(r);
        }
        match tx.commit() {
            Ok(()) => {
                tracing::trace!(n, us = t0.elapsed().as_micros() as u64, "commit");
                for (j, r) in batch.into_iter().zip(results) {
                    (j.done)(r);
                }
            }
            Err(e) => {
                let why = db_error(&self.name, e).to_string();
                tracing::error!(error = %why, "commit failed");
                for j in batch {
                    (j.done)(Err(other(&why)));
                }
            }
        }
    }
}

fn int(v: u64) -> i64 {
    // The u64's bits (a seed, a digest), as the SQLite store writes them.
    v as i64
}

/// Carries out one write inside the open transaction.
fn apply(tx: &mut Transaction<'_>, st: &Statements, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::CreateTable(t) => insert_table(tx, st, t, now(), now_ms()),
        Write::JoinSeat {
            table,
            seat,
            token_hash,
            name,
        } => {
            let n = tx
                .execute(
                    &st.join_seat,
                    &[table, &(*seat as i32), &&token_hash[..], name],
                )
                .map_err(other)?;
            if n == 1 {
                active(tx, st, table)
            } else {
                Err(other(format!("table {table} has no seat {seat}")))
            }
        }
        Write::SetAway { table, seat, away } => {
            tx.execute(&st.set_away, &[table, &(*seat as i32), away])
                .map_err(other)?;
            Ok(())
        }
        Write::Append {
            table,
            entry,
            finished,
            human,
        } => {
            append(tx, st, table, entry, *finished)?;
            if *human {
                active(tx, st, table)?;
            }
            Ok(())
        }
        Write::End { table, ended } => {
            tx.execute(&st.end, &[table, &ended.as_str()])
                .map_err(other)?;
            Ok(())
        }
        Write::Chat { table, line } => {
            insert_chat(tx, st, table, line)?;
            active(tx, st, table)
        }
        Write::Undo { table, undo: None } => {
            tx.execute(&st.clear_undo, &[table]).map_err(other)?;
            Ok(())
        }
        Write::Undo {
            table,
            undo: Some(u),
        } => set_undo(tx, st, table, u),
        Write::Import(dump) => import(tx, st, dump),
    }
}

/// A table's row and its seats.
fn insert_table(
    tx: &mut Transaction<'_>,
    st: &Statements,
    t: &NewTable,
    created_at: i64,
    active_at: i64,
) -> Result<(), StoreError> {
    tx.execute(
        &st.create_table,
        &[
            &t.id,
            &t.game,
            &t.setup.to_string(),
            &int(t.seed),
            &t.spectators,
            &t.clock_ms.map(int),
            &created_at,
            &active_at,
            &t.open_seats,
            &t.bot_delay_ms.map(int),
        ],
    )
    .map_err(other)?;
    for (i, s) in t.seats.iter().enumerate() {
        tx.execute(
            &st.create_seat,
            &[
                &t.id,
                &(i as i32),
                &s.player,
                &s.label,
                &s.invitation_hash.as_ref().map(|h| &h[..]),
                &s.token_hash.as_ref().map(|h| &h[..]),
                &s.name,
                &s.away,
            ],
        )
        .map_err(other)?;
    }
    Ok(())
}

fn insert_chat(
    tx: &mut Transaction<'_>,
    st: &Statements,
    table: &str,
    line: &ChatLine,
) -> Result<(), StoreError> {
    tx.execute(
        &st.chat,
        &[
            &table,
            &int(line.n),
            &(line.seat as i32),
            &line.name,
            &line.text,
            &line.at,
        ],
    )
    .map_err(other)?;
    Ok(())
}

fn set_undo(
    tx: &mut Transaction<'_>,
    st: &Statements,
    table: &str,
    u: &PendingUndo,
) -> Result<(), StoreError> {
    let waiting = serde_json::to_string(&u.waiting).map_err(other)?;
    tx.execute(
        &st.set_undo,
        &[
            &table,
            &(u.by as i32),
            &int(u.target),
            &int(u.seq),
            &waiting,
        ],
    )
    .map_err(other)?;
    Ok(())
}

/// A whole table from another store, every row as it was.
fn import(tx: &mut Transaction<'_>, st: &Statements, d: &TableDump) -> Result<(), StoreError> {
    let t = &d.stored;
    let id = t.table.id.as_str();
    insert_table(tx, st, &t.table, d.created_at, t.active_at)?;
    tx.execute(
        &st.import_end,
        &[&id, &t.finished, &t.ended.map(|e| e.as_str())],
    )
    .map_err(other)?;
    for (a, at) in t.log.iter().zip(&d.logged_at) {
        insert_action(tx, st, id, a, *at)?;
    }
    for line in &t.chat {
        insert_chat(tx, st, id, line)?;
    }
    if let Some(u) = &t.undo {
        set_undo(tx, st, id, u)?;
    }
    Ok(())
}

/// A human joined, acted or wrote at `table` now.
fn active(tx: &mut Transaction<'_>, st: &Statements, table: &str) -> Result<(), StoreError> {
    tx.execute(&st.active, &[&table, &now_ms()])
        .map_err(other)?;
    Ok(())
}

fn append(
    tx: &mut Transaction<'_>,
    st: &Statements,
    table: &str,
    a: &LoggedAction,
    finished: bool,
) -> Result<(), StoreError> {
    let next: i64 = tx.query_one(&st.next_seq, &[&table]).map_err(other)?.get(0);
    if next != int(a.seq) {
        return Err(StoreError::Conflict(a.seq));
    }
    insert_action(tx, st, table, a, now())?;
    if a.undoes.is_some() {
        // The undo is done: its request is answered.
        tx.execute(&st.clear_undo, &[&table]).map_err(other)?;
    }
    if finished {
        tx.execute(&st.finish, &[&table]).map_err(other)?;
    }
    Ok(())
}

fn insert_action(
    tx: &mut Transaction<'_>,
    st: &Statements,
    table: &str,
    a: &LoggedAction,
    at: i64,
) -> Result<(), StoreError> {
    tx.execute(
        &st.append,
        &[
            &table,
            &int(a.seq),
            &(a.seat as i32),
            &a.action.to_string(),
            &a.undoes.map(int),
            &int(a.digest),
            &at,
        ],
    )
    .map_err(other)?;
    Ok(())
}

/// Rows of one query, each turned into a `T` (or an error naming it).
fn read_rows<T>(
    tx: &mut Transaction<'_>,
    sql: &str,
    args: &[&(dyn postgres::types::ToSql + Sync)],
    what: &str,
    mut row: impl FnMut(usize, &Row) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let rows = tx
        .query(sql, args)
        .map_err(|e| format!("reading {what}: {e}"))?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(row(out.len(), r)?);
    }
    Ok(out)
}

/// A column's value, or an error naming the column.
fn col<'a, T: postgres::types::FromSql<'a>>(r: &'a Row, i: usize, name: &str) -> Result<T, String> {
    r.try_get(i).map_err(|e| format!("{name}: {e}"))
}

/// A count kept as BIGINT or INTEGER: never negative.
fn count(v: i64, name: &str) -> Result<u64, String> {
    u64::try_from(v).map_err(|_| format!("{name} is negative ({v})"))
}

fn seat(v: i32, name: &str, seats: usize) -> Result<usize, String> {
    usize::try_from(v)
        .ok()
        .filter(|&s| s < seats)
        .ok_or_else(|| format!("{name} {v} is not a seat of the table ({seats} seats)"))
}

fn json<T: serde::de::DeserializeOwned>(text: &str, name: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{name} is not JSON: {e}"))
}

fn hash(v: Option<Vec<u8>>, name: &str) -> Result<Option<[u8; 32]>, String> {
    v.map(|b| {
        <[u8; 32]>::try_from(b.as_slice())
            .map_err(|_| format!("{name} is {} bytes, not 32", b.len()))
    })
    .transpose()
}

/// One table with its whole log, or None if there is no such table; a
/// table that cannot be read is [`StoreError::Unreadable`].
fn read_table(tx: &mut Transaction<'_>, id: &str) -> Result<Option<StoredTable>, StoreError> {
    read_table_with(tx, id, Some(CHAT_KEPT))
}

fn read_table_with(
    tx: &mut Transaction<'_>,
    id: &str,
    chat_kept: Option<usize>,
) -> Result<Option<StoredTable>, StoreError> {
    read_parts(tx, id, chat_kept).map_err(|what| StoreError::Unreadable {
        table: id.to_string(),
        what,
    })
}

fn read_parts(
    tx: &mut Transaction<'_>,
    id: &str,
    chat_kept: Option<usize>,
) -> Result<Option<StoredTable>, String> {
    let heads = read_rows(
        tx,
        "SELECT game, setup, seed, spectators, clock_ms, finished, ended, active_at, open_seats, bot_delay_ms
         FROM tables WHERE id = $1",
        &[&id],
        "the table",
        |_, r| {
            let ended: Option<String> = col(r, 6, "ended")?;
            let table = NewTable {
                id: id.to_string(),
                game: col(r, 0, "game")?,
                setup: json::<Value>(&col::<String>(r, 1, "the set-up")?, "the set-up")?,
                // The u64's bits, as written.
                seed: col::<i64>(r, 2, "seed")? as u64,
                spectators: col(r, 3, "spectators")?,
                clock_ms: col::<Option<i64>>(r, 4, "clock_ms")?
                    .map(|v| count(v, "clock_ms"))
                    .transpose()?,
                open_seats: col(r, 8, "open_seats")?,
                bot_delay_ms: col::<Option<i64>>(r, 9, "bot_delay_ms")?
                    .map(|v| count(v, "bot_delay_ms"))
                    .transpose()?,
                seats: Vec::new(),
            };
            let ended = match ended {
                None => None,
                Some(e) => {
                    Some(Ended::parse(&e).ok_or_else(|| format!("ended: unknown reason {e:?}"))?)
                }
            };
            Ok((table, col::<bool>(r, 5, "finished")?, ended, col::<i64>(r, 7, "active_at")?))
        },
    )?;
    let Some((mut table, finished, ended, active_at)) = heads.into_iter().next() else {
        return Ok(None);
    };
    table.seats = read_rows(
        tx,
        "SELECT seat, player, label, invitation_hash, token_hash, name, away FROM seats
         WHERE table_id = $1 ORDER BY seat",
        &[&id],
        "the seats",
        |k, r| {
            let row = || -> Result<StoredSeat, String> {
                let n: i32 = col(r, 0, "seat")?;
                if i64::from(n) != k as i64 {
                    return Err(format!("the seats skip to seat {n}"));
                }
                Ok(StoredSeat {
                    player: col(r, 1, "player")?,
                    label: col(r, 2, "label")?,
                    invitation_hash: hash(col(r, 3, "invitation_hash")?, "invitation_hash")?,
                    token_hash: hash(col(r, 4, "token_hash")?, "token_hash")?,
                    name: col(r, 5, "name")?,
                    away: col(r, 6, "away")?,
                })
            };
            row().map_err(|e| format!("seat {k}: {e}"))
        },
    )?;
    let seats = table.seats.len();
    let log = read_rows(
        tx,
        "SELECT seq, seat, action, digest, undoes FROM actions WHERE table_id = $1 ORDER BY seq",
        &[&id],
        "the log",
        |i, r| {
            let seq = col::<i64>(r, 0, "seq")
                .and_then(|v| count(v, "seq"))
                .map_err(|e| format!("the log's entry {i}: {e}"))?;
            if seq != i as u64 {
                return Err(format!("the log has a gap before action {seq}"));
            }
            let row = || -> Result<LoggedAction, String> {
                Ok(LoggedAction {
                    seq,
                    seat: seat(col(r, 1, "seat")?, "seat", seats)?,
                    action: json(&col::<String>(r, 2, "the action")?, "the action")?,
                    // The u64's bits, as written.
                    digest: col::<i64>(r, 3, "digest")? as u64,
                    undoes: col::<Option<i64>>(r, 4, "undoes")?
                        .map(|v| count(v, "undoes"))
                        .transpose()?,
                })
            };
            row().map_err(|e| format!("action {seq}: {e}"))
        },
    )?;
    let (chat, chat_count, chat_bytes) = read_chat(tx, id, seats, chat_kept)?;
    let undo = read_undo(tx, id, seats, log.len())?;
    Ok(Some(StoredTable {
        table,
        finished,
        ended,
        active_at,
        log,
        undo,
        chat,
        chat_count,
        chat_bytes,
    }))
}

/// The last `kept` lines ([`CHAT_KEPT`] at start; all of them, None, for a
/// copy), oldest first, how many there are and their bytes of text.
fn read_chat(
    tx: &mut Transaction<'_>,
    id: &str,
    seats: usize,
    kept: Option<usize>,
) -> Result<(Vec<ChatLine>, u64, u64), String> {
    let count_rows = read_rows(
        tx,
        "SELECT COUNT(*), COALESCE(SUM(octet_length(text)), 0)::bigint FROM chat WHERE table_id = $1",
        &[&id],
        "the chat",
        |_, r| {
            Ok((
                count(col(r, 0, "the number of chat lines")?, "the number of chat lines")?,
                count(col(r, 1, "the bytes of the chat")?, "the bytes of the chat")?,
            ))
        },
    )?;
    let mut lines = read_rows(
        tx,
        "SELECT n, seat, name, text, at FROM chat WHERE table_id = $1 ORDER BY n DESC LIMIT $2",
        // PostgreSQL: a NULL limit is none.
        &[&id, &kept.map(|k| k as i64)],
        "the chat",
        |_, r| {
            let n = col::<i64>(r, 0, "n")
                .and_then(|v| count(v, "n"))
                .map_err(|e| format!("a chat line: {e}"))?;
            let row = || -> Result<ChatLine, String> {
                Ok(ChatLine {
                    n,
                    seat: seat(col(r, 1, "seat")?, "seat", seats)?,
                    name: col(r, 2, "name")?,
                    text: col(r, 3, "text")?,
                    at: col(r, 4, "at")?,
                })
            };
            row().map_err(|e| format!("chat line {n}: {e}"))
        },
    )?;
    lines.reverse();
    let (count, bytes) = count_rows.into_iter().next().unwrap_or((0, 0));
    Ok((lines, count, bytes))
}

/// The pending undo, if it asks about the table as its log leaves it.
fn read_undo(
    tx: &mut Transaction<'_>,
    id: &str,
    seats: usize,
    log_len: usize,
) -> Result<Option<PendingUndo>, String> {
    let undo = read_rows(
        tx,
        "SELECT by_seat, target, seq, waiting FROM pending_undo WHERE table_id = $1",
        &[&id],
        "the pending undo",
        |_, r| {
            let row = || -> Result<PendingUndo, String> {
                let waiting: Vec<usize> = json(&col::<String>(r, 3, "waiting")?, "waiting")?;
                if let Some(w) = waiting.iter().find(|&&w| w >= seats) {
                    return Err(format!(
                        "waiting names seat {w}, not a seat of the table ({seats} seats)"
                    ));
                }
                Ok(PendingUndo {
                    by: seat(col(r, 0, "by_seat")?, "by_seat", seats)?,
                    target: count(col(r, 1, "target")?, "target")?,
                    seq: count(col(r, 2, "seq")?, "seq")?,
                    waiting,
                })
            };
            row().map_err(|e| format!("the pending undo: {e}"))
        },
    )?;
    Ok(undo.into_iter().next().filter(|u| u.seq == log_len as u64))
}

/// One table, every row of it: [`read_table`] with all its chat, and the
/// times kept beside the rows.
fn dump_table(tx: &mut Transaction<'_>, id: &str) -> Result<Option<TableDump>, StoreError> {
    let Some(stored) = read_table_with(tx, id, None)? else {
        return Ok(None);
    };
    let unreadable = |what: String| StoreError::Unreadable {
        table: id.to_string(),
        what,
    };
    let created_at = read_rows(
        tx,
        "SELECT created_at FROM tables WHERE id = $1",
        &[&id],
        "the table",
        |_, r| col::<i64>(r, 0, "created_at"),
    )
    .map_err(unreadable)?
    .into_iter()
    .next()
    .unwrap_or(0);
    let logged_at = read_rows(
        tx,
        "SELECT at FROM actions WHERE table_id = $1 ORDER BY seq",
        &[&id],
        "the log",
        |i, r| col::<i64>(r, 0, "at").map_err(|e| format!("action {i}: {e}")),
    )
    .map_err(unreadable)?;
    Ok(Some(TableDump {
        stored,
        created_at,
        logged_at,
    }))
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
        let job = Job {
            write,
            done,
            queued: Instant::now(),
        };
        match &self.jobs {
            Some(tx) => {
                if let Err(mpsc::SendError(job)) = tx.send(job) {
                    (job.done)(Err(other("the store's writer has stopped")));
                }
            }
            None => (job.done)(Err(other("the store is closed"))),
        }
    }

    fn unfinished_tables(&self) -> Result<Vec<TableRead>, StoreError> {
        self.read(|client| {
            let mut tx = snapshot(client).map_err(other)?;
            let ids: Vec<String> = tx
                .query(
                    "SELECT id FROM tables WHERE NOT finished ORDER BY created_at, id",
                    &[],
                )
                .map_err(|e| other(format!("reading the tables: {e}")))?
                .iter()
                .map(|r| r.get(0))
                .collect();
            let mut out = Vec::with_capacity(ids.len());
            for id in ids {
                out.push(match read_table(&mut tx, &id) {
                    Ok(Some(t)) => Ok(t),
                    Ok(None) => Err((
                        id.clone(),
                        StoreError::Unreadable {
                            table: id,
                            what: "its row vanished while read".into(),
                        },
                    )),
                    Err(e) => Err((id, e)),
                });
            }
            let _ = tx.rollback();
            Ok(out)
        })
    }

    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let id = id.to_string();
        self.read(move |client| {
            let mut tx = snapshot(client).map_err(|e| StoreError::Unreadable {
                table: id.clone(),
                what: e.to_string(),
            })?;
            let out = read_table(&mut tx, &id);
            let _ = tx.rollback();
            out
        })
    }

    fn table_ids(&self) -> Result<Vec<String>, StoreError> {
        self.read(|client| {
            Ok(client
                .query("SELECT id FROM tables ORDER BY created_at, id", &[])
                .map_err(|e| other(format!("reading the tables: {e}")))?
                .iter()
                .map(|r| r.get(0))
                .collect())
        })
    }

    fn dump(&self, id: &str) -> Result<Option<TableDump>, StoreError> {
        let id = id.to_string();
        self.read(move |client| {
            let mut tx = snapshot(client).map_err(other)?;
            let out = dump_table(&mut tx, &id);
            let _ = tx.rollback();
            out
        })
    }
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
