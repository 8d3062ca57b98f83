//! The embedded store: one SQLite file (`DATA/b5-server.sqlite3`), through
//! rusqlite with its bundled SQLite (nothing to install).
//!
//! Durability: `journal_mode=WAL` with `synchronous=FULL`: every commit
//! syncs the write-ahead log to disk before it returns, so a committed
//! action survives a crash of the process (`kill -9`) and of the machine
//! (power loss), as far as the disk honours its flushes. The server
//! acknowledges an action only after its commit returned.
//!
//! Ownership: the connection runs with `locking_mode=EXCLUSIVE` and takes
//! the write lock at open, so exactly one process serves the tables of a
//! data folder; a second `b5 serve` on the same folder fails at start with
//! a clear message. The operating system drops the lock when the process
//! ends, even on `kill -9`.
//!
//! Group commit: actions of many tables that arrive while a commit is
//! syncing are committed together by the next one (one sync for all), and
//! each is acknowledged only once its transaction is durable.

use std::path::Path;
use std::sync::{mpsc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

use crate::store::{
    ChatLine, LoggedAction, NewTable, Store, StoreError, StoredSeat, StoredTable, CHAT_KEPT,
};

/// The database file's name inside the data folder.
pub const DB_FILE: &str = "b5-server.sqlite3";

pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// Log entries waiting for the next group commit.
    queue: Mutex<Vec<Queued>>,
}

struct Queued {
    table: String,
    entry: LoggedAction,
    finished: bool,
    done: mpsc::Sender<Result<(), StoreError>>,
}

/// Commits a batch of log entries in one transaction and answers each:
/// an entry that is not its table's next is refused alone; a failed commit
/// fails them all.
fn commit_batch(conn: &mut Connection, batch: Vec<Queued>) {
    let tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            for q in batch {
                let _ = q.done.send(Err(other(&e)));
            }
            return;
        }
    };
    let mut results = Vec::with_capacity(batch.len());
    for q in &batch {
        results.push(append_one(&tx, &q.table, &q.entry, q.finished));
    }
    match tx.commit() {
        Ok(()) => {
            for (q, r) in batch.into_iter().zip(results) {
                let _ = q.done.send(r);
            }
        }
        Err(e) => {
            for q in batch {
                let _ = q.done.send(Err(other(&e)));
            }
        }
    }
}

fn append_one(
    tx: &rusqlite::Transaction<'_>,
    table: &str,
    a: &LoggedAction,
    finished: bool,
) -> Result<(), StoreError> {
    let next: i64 = tx
        .query_row(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE table_id = ?1",
            [table],
            |r| r.get(0),
        )
        .map_err(other)?;
    if next != a.seq as i64 {
        return Err(StoreError::Conflict(a.seq));
    }
    tx.execute(
        "INSERT INTO actions (table_id, seq, seat, action, undoes, digest, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            table,
            a.seq as i64,
            a.seat as i64,
            a.action.to_string(),
            a.undoes.map(|u| u as i64),
            a.digest as i64,
            now()
        ],
    )
    .map_err(other)?;
    if finished {
        tx.execute("UPDATE tables SET finished = 1 WHERE id = ?1", [table])
            .map_err(other)?;
    }
    Ok(())
}

fn other(e: impl std::fmt::Display) -> StoreError {
    StoreError::Other(e.to_string())
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
    created_at INTEGER NOT NULL
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

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn hash_col(v: Option<Vec<u8>>) -> Option<[u8; 32]> {
    v.and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
}

impl SqliteStore {
    /// Opens (creating if need be) the store in `dir`, taking exclusive
    /// ownership of it.
    pub fn open(dir: &Path) -> Result<SqliteStore, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| other(format!("cannot create {}: {e}", dir.display())))?;
        let path = dir.join(DB_FILE);
        let conn = Connection::open(&path)
            .map_err(|e| other(format!("cannot open {}: {e}", path.display())))?;
        conn.busy_timeout(std::time::Duration::from_millis(0))
            .map_err(other)?;
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(other)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(|e| lock_or_other(e, &path))?;
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
        // Take the write lock now and keep it (locking_mode=EXCLUSIVE).
        conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;")
            .map_err(|e| lock_or_other(e, &path))?;
        conn.execute_batch(SCHEMA).map_err(other)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            queue: Mutex::new(Vec::new()),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done
        // transaction (rusqlite rolls back on drop): go on.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
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
    ) -> Result<StoredTable, StoreError> {
        let setup: Value = serde_json::from_str(&setup).map_err(other)?;
        let mut st = conn
            .prepare(
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
            .prepare(
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
        let chat_count: i64 = conn
            .query_row("SELECT COUNT(*) FROM chat WHERE table_id = ?1", [id], |r| {
                r.get(0)
            })
            .map_err(other)?;
        let mut st = conn
            .prepare(
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
        Ok(StoredTable {
            chat,
            chat_count: chat_count as u64,
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
            log,
        })
    }
}

fn lock_or_other(e: rusqlite::Error, path: &Path) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy) | Some(rusqlite::ErrorCode::DatabaseLocked) => {
            StoreError::Locked(format!(
                "{} is held by another b5 serve (one process owns a data folder)",
                path.display()
            ))
        }
        _ => other(format!("{}: {e}", path.display())),
    }
}

impl Store for SqliteStore {
    fn create_table(&self, t: &NewTable) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(other)?;
        tx.execute(
            "INSERT INTO tables (id, game, setup, seed, spectators, clock_ms, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                t.id,
                t.game,
                t.setup.to_string(),
                t.seed as i64,
                t.spectators as i64,
                t.clock_ms.map(|c| c as i64),
                now()
            ],
        )
        .map_err(other)?;
        for (i, s) in t.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (table_id, seat, player, label, invitation_hash, token_hash, name, away)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    t.id,
                    i as i64,
                    s.player,
                    s.label,
                    s.invitation_hash.map(|h| h.to_vec()),
                    s.token_hash.map(|h| h.to_vec()),
                    s.name,
                    s.away as i64
                ],
            )
            .map_err(other)?;
        }
        tx.commit().map_err(other)
    }

    fn join_seat(
        &self,
        table: &str,
        seat: usize,
        token_hash: &[u8; 32],
        name: &str,
    ) -> Result<(), StoreError> {
        let conn = self.conn();
        let n = conn
            .execute(
                "UPDATE seats SET token_hash = ?3, name = ?4 WHERE table_id = ?1 AND seat = ?2",
                params![table, seat as i64, token_hash.to_vec(), name],
            )
            .map_err(other)?;
        if n == 1 {
            Ok(())
        } else {
            Err(other(format!("table {table} has no seat {seat}")))
        }
    }

    fn set_away(&self, table: &str, seat: usize, away: bool) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.execute(
            "UPDATE seats SET away = ?3 WHERE table_id = ?1 AND seat = ?2",
            params![table, seat as i64, away as i64],
        )
        .map_err(other)?;
        Ok(())
    }

    fn append_action(
        &self,
        table: &str,
        a: &LoggedAction,
        finished: bool,
    ) -> Result<(), StoreError> {
        // Group commit: queue the entry, then take the connection; whoever
        // holds it commits everything queued in one transaction (one sync
        // for many tables' actions) and answers each. By the time this
        // call holds the connection, its entry is either still queued (it
        // commits it) or already committed by the previous holder.
        let (done, result) = mpsc::channel();
        self.queue
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Queued {
                table: table.to_string(),
                entry: a.clone(),
                finished,
                done,
            });
        {
            let mut conn = self.conn();
            let batch = std::mem::take(&mut *self.queue.lock().unwrap_or_else(|p| p.into_inner()));
            if !batch.is_empty() {
                commit_batch(&mut conn, batch);
            }
        }
        result
            .recv()
            .unwrap_or_else(|_| Err(other("the commit was lost")))
    }

    fn append_chat(&self, table: &str, l: &ChatLine) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO chat (table_id, n, seat, name, text, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![table, l.n as i64, l.seat as i64, l.name, l.text, l.at],
        )
        .map_err(other)?;
        Ok(())
    }

    fn unfinished_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let conn = self.conn();
        let mut st = conn
            .prepare(
                "SELECT id, game, setup, seed, spectators, clock_ms FROM tables WHERE finished = 0 ORDER BY created_at, id",
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
                ))
            })
            .map_err(other)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(other)?;
        heads
            .into_iter()
            .map(|(id, game, setup, seed, spect, clock)| {
                Self::read_table(&conn, &id, game, setup, seed, spect, clock, false)
            })
            .collect()
    }

    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let conn = self.conn();
        let head = conn
            .query_row(
                "SELECT game, setup, seed, spectators, finished, clock_ms FROM tables WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, i64>(3)? != 0,
                        r.get::<_, i64>(4)? != 0,
                        r.get::<_, Option<i64>>(5)?,
                    ))
                },
            )
            .optional()
            .map_err(other)?;
        match head {
            None => Ok(None),
            Some((game, setup, seed, spect, fin, clock)) => {
                Self::read_table(&conn, id, game, setup, seed, spect, clock, fin).map(Some)
            }
        }
    }
}
