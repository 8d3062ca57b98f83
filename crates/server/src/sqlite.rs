//! The embedded store: one SQLite file (`DATA/b5-server.sqlite3`), through
//! rusqlite with its bundled SQLite (nothing to install).
//!
//! Durability: `journal_mode=WAL` with `synchronous=FULL`: every commit
//! syncs the write-ahead log to disk before it returns, so a committed
//! write survives a crash of the process (`kill -9`) and of the machine
//! (power loss), as far as the disk honours its flushes. The server
//! acknowledges an action (a new table, a seat taken, ...) only after its
//! commit returned.
//!
//! Group commit: one writer thread owns the connection that writes. Every
//! [`Write`] is queued to it; it takes everything queued, writes it in one
//! transaction (each write in its own savepoint, so a refused write is
//! undone alone), commits (one sync to disk for all of them) and only then
//! reports each outcome. While it syncs, the next writes queue up and go
//! together in the next commit. New tables, seats taken, actions, undo
//! requests and chat lines all take this path.
//!
//! Checkpoints (copying the log back into the database file, which syncs
//! it) are the writer's too, never part of a commit: after every
//! [`CHECKPOINT_WRITES`] writes, once their outcomes are reported, it
//! copies the log, which then starts over from its beginning. (A
//! checkpoint on a thread of its own was tried: its sync of the database
//! file slowed the commits' syncs more than it saved on this machine's
//! disk.)
//!
//! Ownership: the store holds an exclusive lock on `DATA/b5-server.lock`
//! while it is open, so exactly one process serves the tables of a data
//! folder; a second `b5 serve` on the same folder fails at start with a
//! clear message. The operating system drops the lock when the process
//! ends, even on `kill -9`.

use std::fs::File;
use std::path::Path;
use std::sync::{mpsc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

use crate::store::{
    ChatLine, Done, LoggedAction, NewTable, PendingUndo, Store, StoreError, StoredSeat,
    StoredTable, Write, CHAT_KEPT,
};

/// The database file's name inside the data folder.
pub const DB_FILE: &str = "b5-server.sqlite3";
/// The lock file's name inside the data folder: held while a store is open.
pub const LOCK_FILE: &str = "b5-server.lock";

/// Writes committed together at most.
const MAX_BATCH: usize = 1024;
/// The writer copies the log into the database file after this many
/// writes (about two pages of log each: some 1,000 pages, SQLite's usual
/// checkpoint).
pub const CHECKPOINT_WRITES: usize = 500;
/// The log file is cut back to this size when it starts over.
const WAL_LIMIT: i64 = 64 * 1024 * 1024;

pub struct SqliteStore {
    /// To the writer thread; None once closing.
    jobs: Option<mpsc::Sender<Job>>,
    writer: Option<JoinHandle<()>>,
    /// Reads (at start, and finished tables asked for by id).
    reader: Mutex<Connection>,
    /// The ownership lock: held as long as the store is open.
    _lock: File,
}

struct Job {
    write: Write,
    done: Done,
    queued: Instant,
}

fn other(e: impl std::fmt::Display) -> StoreError {
    StoreError::Other(e.to_string())
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn hash_col(v: Option<Vec<u8>>) -> Option<[u8; 32]> {
    v.and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed INTEGER NOT NULL,
    spectators INTEGER NOT NULL,
    clock_ms INTEGER,
    finished INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    ended TEXT,
    active_at INTEGER
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    label TEXT NOT NULL,
    invitation_hash BLOB,
    token_hash BLOB,
    name TEXT,
    away INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    undoes INTEGER,
    digest INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS pending_undo (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    by_seat INTEGER NOT NULL,
    target INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    waiting TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
);
";

/// Opens a connection to the database with the store's settings.
fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)
        .map_err(|e| other(format!("cannot open {}: {e}", path.display())))?;
    // Nothing but this process uses the file (the lock file sees to it),
    // and only the writer writes: a lock is never held for long.
    conn.busy_timeout(Duration::from_secs(10)).map_err(other)?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
        .map_err(|e| other(format!("{}: {e}", path.display())))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(other(format!(
            "{}: cannot switch to WAL mode (got {mode})",
            path.display()
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")
        .map_err(other)?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .map_err(other)?;
    // Checkpoints are the writer's, between commits, never a side effect
    // of a commit.
    conn.pragma_update(None, "wal_autocheckpoint", 0)
        .map_err(other)?;
    conn.pragma_update(None, "journal_size_limit", WAL_LIMIT)
        .map_err(other)?;
    Ok(conn)
}

/// Columns added since the first schema, added to an older file.
fn add_columns(conn: &Connection) -> Result<(), StoreError> {
    let has: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('tables')")
        .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
        .map_err(other)?;
    for (col, ty) in [("ended", "TEXT"), ("active_at", "INTEGER")] {
        if !has.iter().any(|c| c == col) {
            conn.execute_batch(&format!("ALTER TABLE tables ADD COLUMN {col} {ty}"))
                .map_err(other)?;
        }
    }
    Ok(())
}

/// Takes the data folder's lock, or fails with [`StoreError::Locked`].
fn lock(dir: &Path) -> Result<File, StoreError> {
    let path = dir.join(LOCK_FILE);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| other(format!("cannot open {}: {e}", path.display())))?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Locked(format!(
            "{} is held by another b5 serve (one process owns a data folder)",
            dir.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(other(format!("cannot lock {}: {e}", path.display())))
        }
    }
}

impl SqliteStore {
    /// Opens (creating if need be) the store in `dir`, taking exclusive
    /// ownership of it.
    pub fn open(dir: &Path) -> Result<SqliteStore, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| other(format!("cannot create {}: {e}", dir.display())))?;
        let lock = lock(dir)?;
        let path = dir.join(DB_FILE);
        let writer = connect(&path)?;
        writer.execute_batch(SCHEMA).map_err(other)?;
        add_columns(&writer)?;
        let reader = connect(&path)?;
        let (jobs, rx) = mpsc::channel::<Job>();
        let writer = std::thread::Builder::new()
            .name("b5-store-writer".into())
            .spawn(move || write_loop(writer, rx, &path))
            .map_err(other)?;
        Ok(SqliteStore {
            jobs: Some(jobs),
            writer: Some(writer),
            reader: Mutex::new(reader),
            _lock: lock,
        })
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done
        // transaction (rusqlite rolls back on drop): go on.
        self.reader.lock().unwrap_or_else(|p| p.into_inner())
    }

    #[allow(clippy::too_many_arguments)]
    fn read_table(
        conn: &Connection,
        id: &str,
        game: String,
        setup: String,
        seed: i64,
        spectators: bool,
        clock_ms: Option<i64>,
        finished: bool,
        (ended, active_at): (Option<String>, i64),
    ) -> Result<StoredTable, StoreError> {
        let ended = match ended {
            None => None,
            Some(e) => Some(
                crate::store::Ended::parse(&e)
                    .ok_or_else(|| other(format!("table {id}: ended: unknown reason {e:?}")))?,
            ),
        };
        let setup: Value = serde_json::from_str(&setup).map_err(other)?;
        let mut st = conn
            .prepare_cached(
                "SELECT player, label, invitation_hash, token_hash, name, away FROM seats
                 WHERE table_id = ?1 ORDER BY seat",
            )
            .map_err(other)?;
        let seats = st
            .query_map([id], |r| {
                Ok(StoredSeat {
                    player: r.get(0)?,
                    label: r.get(1)?,
                    invitation_hash: hash_col(r.get(2)?),
                    token_hash: hash_col(r.get(3)?),
                    name: r.get(4)?,
                    away: r.get::<_, i64>(5)? != 0,
                })
            })
            .map_err(other)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(other)?;
        let mut st = conn
            .prepare_cached(
                "SELECT seq, seat, action, digest, undoes FROM actions WHERE table_id = ?1 ORDER BY seq",
            )
            .map_err(other)?;
        let rows = st
            .query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                ))
            })
            .map_err(other)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(other)?;
        let mut log = Vec::with_capacity(rows.len());
        for (i, (seq, seat, action, digest, undoes)) in rows.into_iter().enumerate() {
            if seq != i as i64 {
                return Err(other(format!(
                    "table {id}: the log has a gap before action {seq}"
                )));
            }
            log.push(LoggedAction {
                seq: seq as u64,
                seat: seat as usize,
                action: serde_json::from_str(&action).map_err(other)?,
                undoes: undoes.map(|u| u as u64),
                digest: digest as u64,
            });
        }
        let (chat_count, chat_bytes): (i64, i64) = conn
            .prepare_cached(
                "SELECT COUNT(*), COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM chat WHERE table_id = ?1",
            )
            .and_then(|mut st| st.query_row([id], |r| Ok((r.get(0)?, r.get(1)?))))
            .map_err(other)?;
        let mut st = conn
            .prepare_cached(
                "SELECT n, seat, name, text, at FROM chat WHERE table_id = ?1 ORDER BY n DESC LIMIT ?2",
            )
            .map_err(other)?;
        let mut chat = st
            .query_map(params![id, CHAT_KEPT as i64], |r| {
                Ok(ChatLine {
                    n: r.get::<_, i64>(0)? as u64,
                    seat: r.get::<_, i64>(1)? as usize,
                    name: r.get(2)?,
                    text: r.get(3)?,
                    at: r.get(4)?,
                })
            })
            .map_err(other)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(other)?;
        chat.reverse();
        let undo = conn
            .prepare_cached(
                "SELECT by_seat, target, seq, waiting FROM pending_undo WHERE table_id = ?1",
            )
            .and_then(|mut st| {
                st.query_row([id], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                    ))
                })
                .optional()
            })
            .map_err(other)?;
        // Only a request about the table as its log leaves it: anything
        // else is stale (it cannot happen, as an undo entry clears it in
        // the same transaction; but it is never served).
        let undo = match undo {
            Some((by, target, seq, waiting)) if seq as usize == log.len() => Some(PendingUndo {
                by: by as usize,
                target: target as u64,
                seq: seq as u64,
                waiting: serde_json::from_str(&waiting).map_err(other)?,
            }),
            _ => None,
        };
        Ok(StoredTable {
            chat,
            chat_count: chat_count as u64,
            chat_bytes: chat_bytes.max(0) as u64,
            table: NewTable {
                id: id.to_string(),
                game,
                setup,
                seed: seed as u64,
                spectators,
                clock_ms: clock_ms.map(|c| c as u64),
                seats,
            },
            finished,
            ended,
            active_at,
            log,
            undo,
        })
    }
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        // The writer commits what is queued, then ends; the lock goes
        // last (with the fields).
        self.jobs.take();
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

/// The writer thread: commits everything queued, one transaction at a
/// time, until the store closes.
fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Job>, path: &Path) {
    let mut since_checkpoint = 0;
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        since_checkpoint += batch.len();
        commit_batch(&mut conn, batch);
        if since_checkpoint >= CHECKPOINT_WRITES {
            since_checkpoint = 0;
            let t = Instant::now();
            match checkpoint(&conn) {
                Ok((pages, copied)) => tracing::trace!(
                    pages,
                    copied,
                    us = t.elapsed().as_micros() as u64,
                    "checkpoint"
                ),
                Err(e) => tracing::warn!(file = %path.display(), error = %e, "checkpoint failed"),
            }
        }
    }
}

/// Commits a batch of writes in one transaction and reports each: a write
/// that is refused (a seq that is not the next, ...) is undone alone; a
/// failed commit fails them all.
fn commit_batch(conn: &mut Connection, batch: Vec<Job>) {
    let t0 = Instant::now();
    let n = batch.len();
    let waited = batch
        .iter()
        .map(|j| t0.duration_since(j.queued))
        .max()
        .unwrap_or_default();
    if let Err(e) = run(conn, "BEGIN IMMEDIATE") {
        for j in batch {
            (j.done)(Err(other(&e)));
        }
        return;
    }
    let mut results = Vec::with_capacity(batch.len());
    for j in &batch {
        let r = match run(conn, "SAVEPOINT w") {
            Ok(()) => {
                let r = apply(conn, &j.write);
                let end = if r.is_ok() {
                    run(conn, "RELEASE w")
                } else {
                    run(conn, "ROLLBACK TO w").and_then(|()| run(conn, "RELEASE w"))
                };
                r.and(end.map_err(other))
            }
            Err(e) => Err(other(e)),
        };
        results.push(r);
    }
    match run(conn, "COMMIT") {
        Ok(()) => {
            tracing::trace!(
                n,
                us = t0.elapsed().as_micros() as u64,
                waited_us = waited.as_micros() as u64,
                "commit"
            );
            for (j, r) in batch.into_iter().zip(results) {
                (j.done)(r);
            }
        }
        Err(e) => {
            let _ = run(conn, "ROLLBACK");
            tracing::error!(error = %e, "commit failed");
            for j in batch {
                (j.done)(Err(other(&e)));
            }
        }
    }
}

fn run(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// Carries out one write inside the open transaction.
fn apply(conn: &Connection, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::CreateTable(t) => {
            conn.prepare_cached(
                "INSERT INTO tables (id, game, setup, seed, spectators, clock_ms, created_at, active_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )
            .and_then(|mut st| {
                st.execute(params![
                    t.id,
                    t.game,
                    t.setup.to_string(),
                    t.seed as i64,
                    t.spectators as i64,
                    t.clock_ms.map(|c| c as i64),
                    now(),
                    now_ms()
                ])
            })
            .map_err(other)?;
            let mut st = conn
                .prepare_cached(
                    "INSERT INTO seats (table_id, seat, player, label, invitation_hash, token_hash, name, away)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )
                .map_err(other)?;
            for (i, s) in t.seats.iter().enumerate() {
                st.execute(params![
                    t.id,
                    i as i64,
                    s.player,
                    s.label,
                    s.invitation_hash.map(|h| h.to_vec()),
                    s.token_hash.map(|h| h.to_vec()),
                    s.name,
                    s.away as i64
                ])
                .map_err(other)?;
            }
            Ok(())
        }
        Write::JoinSeat {
            table,
            seat,
            token_hash,
            name,
        } => {
            let n = conn
                .prepare_cached(
                    "UPDATE seats SET token_hash = ?3, name = ?4 WHERE table_id = ?1 AND seat = ?2",
                )
                .and_then(|mut st| {
                    st.execute(params![table, *seat as i64, token_hash.to_vec(), name])
                })
                .map_err(other)?;
            if n == 1 {
                active(conn, table)
            } else {
                Err(other(format!("table {table} has no seat {seat}")))
            }
        }
        Write::SetAway { table, seat, away } => {
            conn.prepare_cached("UPDATE seats SET away = ?3 WHERE table_id = ?1 AND seat = ?2")
                .and_then(|mut st| st.execute(params![table, *seat as i64, *away as i64]))
                .map_err(other)?;
            Ok(())
        }
        Write::Append {
            table,
            entry,
            finished,
            human,
        } => {
            append(conn, table, entry, *finished)?;
            if *human {
                active(conn, table)?;
            }
            Ok(())
        }
        Write::End { table, ended } => {
            conn.prepare_cached("UPDATE tables SET finished = 1, ended = ?2 WHERE id = ?1")
                .and_then(|mut st| st.execute(params![table, ended.as_str()]))
                .map_err(other)?;
            Ok(())
        }
        Write::Chat { table, line } => {
            conn.prepare_cached(
                "INSERT INTO chat (table_id, n, seat, name, text, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .and_then(|mut st| {
                st.execute(params![
                    table,
                    line.n as i64,
                    line.seat as i64,
                    line.name,
                    line.text,
                    line.at
                ])
            })
            .map_err(other)?;
            active(conn, table)
        }
        Write::Undo { table, undo: None } => {
            conn.prepare_cached("DELETE FROM pending_undo WHERE table_id = ?1")
                .and_then(|mut st| st.execute([table]))
                .map_err(other)?;
            Ok(())
        }
        Write::Undo {
            table,
            undo: Some(u),
        } => {
            let waiting = serde_json::to_string(&u.waiting).map_err(other)?;
            conn.prepare_cached(
                "INSERT OR REPLACE INTO pending_undo (table_id, by_seat, target, seq, waiting)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut st| {
                st.execute(params![
                    table,
                    u.by as i64,
                    u.target as i64,
                    u.seq as i64,
                    waiting
                ])
            })
            .map_err(other)?;
            Ok(())
        }
    }
}

/// A human joined, acted or wrote at `table` now.
fn active(conn: &Connection, table: &str) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE tables SET active_at = ?2 WHERE id = ?1")
        .and_then(|mut st| st.execute(params![table, now_ms()]))
        .map_err(other)?;
    Ok(())
}

fn append(
    conn: &Connection,
    table: &str,
    a: &LoggedAction,
    finished: bool,
) -> Result<(), StoreError> {
    let next: i64 = conn
        .prepare_cached("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE table_id = ?1")
        .and_then(|mut st| st.query_row([table], |r| r.get(0)))
        .map_err(other)?;
    if next != a.seq as i64 {
        return Err(StoreError::Conflict(a.seq));
    }
    conn.prepare_cached(
        "INSERT INTO actions (table_id, seq, seat, action, undoes, digest, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )
    .and_then(|mut st| {
        st.execute(params![
            table,
            a.seq as i64,
            a.seat as i64,
            a.action.to_string(),
            a.undoes.map(|u| u as i64),
            a.digest as i64,
            now()
        ])
    })
    .map_err(other)?;
    if a.undoes.is_some() {
        // The undo is done: its request is answered.
        conn.prepare_cached("DELETE FROM pending_undo WHERE table_id = ?1")
            .and_then(|mut st| st.execute([table]))
            .map_err(other)?;
    }
    if finished {
        conn.prepare_cached("UPDATE tables SET finished = 1 WHERE id = ?1")
            .and_then(|mut st| st.execute([table]))
            .map_err(other)?;
    }
    Ok(())
}

/// A passive checkpoint: copies what it can of the log into the database
/// file without waiting for anyone. Returns (pages in the log, pages
/// copied).
fn checkpoint(conn: &Connection) -> rusqlite::Result<(u64, u64)> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        Ok((
            r.get::<_, i64>(1)?.max(0) as u64,
            r.get::<_, i64>(2)?.max(0) as u64,
        ))
    })
}

impl Store for SqliteStore {
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

    fn unfinished_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let mut conn = self.reader();
        // One read transaction: a consistent picture of every table.
        let tx = conn.transaction().map_err(other)?;
        let heads = {
            let mut st = tx
                .prepare(
                    "SELECT id, game, setup, seed, spectators, clock_ms, ended,
                            COALESCE(active_at, created_at * 1000)
                     FROM tables WHERE finished = 0 ORDER BY created_at, id",
                )
                .map_err(other)?;
            let heads = st
                .query_map([], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, i64>(4)? != 0,
                        r.get::<_, Option<i64>>(5)?,
                        (r.get::<_, Option<String>>(6)?, r.get::<_, i64>(7)?),
                    ))
                })
                .map_err(other)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(other)?;
            heads
        };
        let out = heads
            .into_iter()
            .map(|(id, game, setup, seed, spect, clock, more)| {
                Self::read_table(&tx, &id, game, setup, seed, spect, clock, false, more)
            })
            .collect();
        let _ = tx.finish();
        out
    }

    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut conn = self.reader();
        let tx = conn.transaction().map_err(other)?;
        let head = tx
            .query_row(
                "SELECT game, setup, seed, spectators, finished, clock_ms, ended,
                        COALESCE(active_at, created_at * 1000)
                 FROM tables WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, i64>(3)? != 0,
                        r.get::<_, i64>(4)? != 0,
                        r.get::<_, Option<i64>>(5)?,
                        (r.get::<_, Option<String>>(6)?, r.get::<_, i64>(7)?),
                    ))
                },
            )
            .optional()
            .map_err(other)?;
        let out = match head {
            None => Ok(None),
            Some((game, setup, seed, spect, fin, clock, more)) => {
                Self::read_table(&tx, id, game, setup, seed, spect, clock, fin, more).map(Some)
            }
        };
        let _ = tx.finish();
        out
    }
}
