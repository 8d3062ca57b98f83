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
//! transaction (each write of several statements in its own savepoint, so
//! a refused write is undone alone; a write of one statement, most actions,
//! is undone alone by SQLite itself), commits (one sync to disk for all of
//! them) and only then reports each outcome. When SQLite rolls the whole
//! transaction back (a full disk), every write of the batch fails. While
//! it syncs, the next writes queue up and go together in the next commit.
//! New tables, seats taken, actions, undo requests and chat lines all take
//! this path.
//!
//! Checkpoints (copying the log back into the database file, which syncs
//! it) are the writer's too, never part of a commit: after every
//! [`CHECKPOINT_WRITES`] writes, once their outcomes are reported, it
//! copies the log, which then starts over from its beginning. (A
//! checkpoint on a thread of its own was tried: its sync of the database
//! file slowed the commits' syncs more than it saved on this machine's
//! disk.)
//!
//! The file: only a data folder without a database file gets a new store,
//! built aside (`b5-server.sqlite3.new`) and renamed into place whole, so
//! a crash leaves no file or a complete one. An existing file must be a b5
//! store: not empty, SQLite, `PRAGMA application_id` [`APPLICATION_ID`],
//! `PRAGMA user_version` a schema version this build knows, and every
//! table and column of that version. Anything else is refused at open
//! ([`StoreError::BadDatabase`], naming the file); nothing is ever
//! recreated empty. A file from before the versions (application id and
//! user version 0, with the tables of version 1) is stamped version 1.
//!
//! Schema versions: [`MIGRATIONS`] holds one step per version,
//! `MIGRATIONS[i]` taking a database from version `i` to `i + 1`. A new
//! file runs every step; an older one runs the steps past its version at
//! open, in one transaction that also stamps the new version. To change the
//! schema, append one step and read the new column where the tables are
//! read, e.g.
//!
//! ```text
//!     // Version 2: who owns the table.
//!     "ALTER TABLE tables ADD COLUMN owner TEXT",
//! ```
//!
//! Nothing else: the tables and columns a file must have are found by
//! running the steps on an in-memory database. Never edit a step that has
//! shipped.
//!
//! Ownership: the store holds an exclusive `flock` on the database file
//! itself while it is open (on Unix), so no second process can open the
//! store of a data folder, even if the lock file `DATA/b5-server.lock` was
//! deleted; a second `b5 serve` fails at start with a clear message. The
//! lock file is taken first and keeps starts apart (two servers creating a
//! new file at once). `flock` locks and the POSIX (`fcntl`) byte-range
//! locks SQLite takes do not interact on Linux and the BSDs (flock(2)),
//! so SQLite's own locking is undisturbed, and `sqlite3 .backup` from
//! another process still works; over NFS they do interact, but WAL mode
//! needs a local disk anyway. SQLite's `locking_mode=EXCLUSIVE` does not
//! do: it locks the store's own reader connection out (tried). The
//! operating system drops both locks when the process ends, even on
//! `kill -9`.
//!
//! Reading back: each table is read on its own. A row of the wrong type
//! (a blob where text is kept, a NULL), out of range (a negative seq, a
//! seat the table does not have), not JSON where JSON is kept, or a gap in
//! the log makes that table [`StoreError::Unreadable`], naming it and the
//! row; the other tables are read as usual.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::{mpsc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OpenFlags, TransactionBehavior};

use crate::readback::{dump_table, read_listed, read_table, Cells, Query, Rows};
use crate::store::{
    next_batch, other, queue, ChatLine, Done, Job, LoggedAction, NewTable, PendingUndo, Store,
    StoreError, StoredTable, TableDump, TableRead, Write,
};

/// The database file's name inside the data folder.
pub const DB_FILE: &str = "b5-server.sqlite3";
/// The lock file's name inside the data folder: held while a store is open.
pub const LOCK_FILE: &str = "b5-server.lock";
/// Marks a b5 store (`PRAGMA application_id`): "B5sv".
pub const APPLICATION_ID: i32 = 0x4235_7376;

/// The writer copies the log into the database file after this many
/// writes (about two pages of log each: some 1,000 pages, SQLite's usual
/// checkpoint).
pub const CHECKPOINT_WRITES: usize = 500;
/// The log file is cut back to this size when it starts over.
const WAL_LIMIT: i64 = 64 * 1024 * 1024;

/// The schema, one step per version: `MIGRATIONS[i]` takes a database from
/// version `i` to `i + 1`, and the current version is `MIGRATIONS.len()`.
/// Append a step to change it (see the module doc).
pub const MIGRATIONS: &[&str] = &[
    // Version 1: tables, seats, the log, pending undos, chat.
    V1,
    // Version 2: why a table ended before its game did, and when a human
    // last joined, acted or wrote at it (expiry.rs).
    "ALTER TABLE tables ADD COLUMN ended TEXT; ALTER TABLE tables ADD COLUMN active_at INTEGER;",
    // Version 3: open seats (anyone may take a free human seat).
    "ALTER TABLE tables ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;",
    // Version 4: the computer players' pace at a table.
    "ALTER TABLE tables ADD COLUMN bot_delay_ms INTEGER;",
];

const V1: &str = "
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed INTEGER NOT NULL,
    spectators INTEGER NOT NULL,
    clock_ms INTEGER,
    finished INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE TABLE seats (
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
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    undoes INTEGER,
    digest INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE pending_undo (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    by_seat INTEGER NOT NULL,
    target INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    waiting TEXT NOT NULL
);
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
);
";

pub struct SqliteStore {
    /// To the writer thread; None once closing.
    jobs: Option<mpsc::Sender<Job>>,
    writer: Option<JoinHandle<()>>,
    /// Reads (at start, and finished tables asked for by id).
    reader: Mutex<Connection>,
    /// The lock file, held as long as the store is open.
    _lock: File,
    /// The database file, locked (the lock that decides ownership). Last
    /// field, so closed after the connections: closing a descriptor of the
    /// file drops every POSIX lock this process holds on it, SQLite's too.
    _db: File,
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

/// An SQLite error about the file at `path`: one that says the file is no
/// database (or a damaged one) is [`StoreError::BadDatabase`].
fn file_error(path: &Path, e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    match e.sqlite_error_code() {
        Some(NotADatabase | DatabaseCorrupt) => StoreError::BadDatabase(format!(
            "{} is not a b5 database, or a damaged one: {e}",
            path.display()
        )),
        _ => other(format!("{}: {e}", path.display())),
    }
}

/// Opens a connection to the existing database file (never creating it).
fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| other(format!("cannot open {}: {e}", path.display())))?;
    // Nothing but this process uses the file (its lock sees to it), and
    // only the writer writes: a lock is never held for long.
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(|e| file_error(path, e))?;
    Ok(conn)
}

/// The store's settings on a connection to a checked file.
fn settings(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let err = |e| file_error(path, e);
    let mode: String = conn
        .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
        .map_err(err)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(other(format!(
            "{}: cannot switch to WAL mode (got {mode})",
            path.display()
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")
        .map_err(err)?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .map_err(err)?;
    // Checkpoints are the writer's, between commits, never a side effect
    // of a commit.
    conn.pragma_update(None, "wal_autocheckpoint", 0)
        .map_err(err)?;
    conn.pragma_update(None, "journal_size_limit", WAL_LIMIT)
        .map_err(err)?;
    Ok(())
}

/// Takes the data folder's lock file, or fails with [`StoreError::Locked`].
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

/// Opens the database file and takes its exclusive lock (on Unix), or
/// fails with [`StoreError::Locked`].
fn lock_db(path: &Path) -> Result<File, StoreError> {
    let f = File::open(path).map_err(|e| other(format!("cannot open {}: {e}", path.display())))?;
    // Elsewhere (Windows) a file lock is mandatory and would lock SQLite
    // itself out: the lock file alone guards the folder there.
    #[cfg(unix)]
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(StoreError::Locked(format!(
                "{} is in use by another b5 serve (one process owns a data folder)",
                path.display()
            )))
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(other(format!("cannot lock {}: {e}", path.display())))
        }
    }
    Ok(f)
}

/// Refuses a file that is empty or not SQLite at all, before SQLite sees
/// it. Reads through `db` (the locked descriptor): no other descriptor of
/// the file is opened and closed while the store holds it.
fn check_file(mut db: &File, path: &Path) -> Result<(), StoreError> {
    let len = db
        .metadata()
        .map_err(|e| other(format!("{}: {e}", path.display())))?
        .len();
    if len == 0 {
        return Err(StoreError::BadDatabase(format!(
            "{} is empty (0 bytes), so it is not a b5 database; if nothing in it is to be \
             kept, delete it and b5 serve starts a new, empty store",
            path.display()
        )));
    }
    let mut head = [0u8; 16];
    if db.read_exact(&mut head).is_err() || &head != b"SQLite format 3\0" {
        return Err(StoreError::BadDatabase(format!(
            "{} is not a b5 database (not an SQLite file); move it away, or give b5 serve \
             another data folder",
            path.display()
        )));
    }
    Ok(())
}

/// Builds a new, empty store at `dir/DB_FILE`: aside first, then renamed
/// into place whole, so that a crash leaves no database file or a
/// complete one (never an empty file that would pass for a new store).
fn create(dir: &Path) -> Result<(), StoreError> {
    let path = dir.join(DB_FILE);
    let io =
        |what: &str, p: &Path, e: std::io::Error| other(format!("{what} {}: {e}", p.display()));
    // A log without its database (the file deleted, not its -wal): SQLite
    // would play it into the new file.
    let wal = dir.join(format!("{DB_FILE}-wal"));
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        return Err(StoreError::BadDatabase(format!(
            "{} is there but not {}: the database was deleted and not its log; delete the log \
             too to start a new, empty store",
            wal.display(),
            path.display()
        )));
    }
    let aside = dir.join(format!("{DB_FILE}.new"));
    for f in [aside.clone(), dir.join(format!("{DB_FILE}.new-journal"))] {
        match std::fs::remove_file(&f) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(io("cannot remove", &f, e))
            }
            _ => {}
        }
    }
    {
        let mut conn = Connection::open(&aside).map_err(|e| file_error(&aside, e))?;
        let tx = conn.transaction().map_err(|e| file_error(&aside, e))?;
        for step in MIGRATIONS {
            tx.execute_batch(step).map_err(|e| file_error(&aside, e))?;
        }
        stamp(&tx, MIGRATIONS.len()).map_err(|e| file_error(&aside, e))?;
        // synchronous=FULL is SQLite's default in this (rollback) mode:
        // the commit syncs the file.
        tx.commit().map_err(|e| file_error(&aside, e))?;
    }
    // The lock file keeps starts apart: nobody else creates the file now.
    std::fs::rename(&aside, &path).map_err(|e| io("cannot rename", &aside, e))?;
    // The rename is durable once the folder is synced (not possible, nor
    // needed, everywhere: best effort).
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    tracing::info!(file = %path.display(), version = MIGRATIONS.len(), "new store");
    Ok(())
}

/// Marks the database as a b5 store of schema `version`.
fn stamp(conn: &Connection, version: usize) -> rusqlite::Result<()> {
    conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    conn.pragma_update(None, "user_version", version as i64)
}

/// The database's tables (SQLite's own left out) and their columns.
fn tables_of(conn: &Connection) -> rusqlite::Result<BTreeMap<String, Vec<String>>> {
    let names = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
        )?
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = BTreeMap::new();
    for name in names {
        let cols = conn
            .prepare("SELECT name FROM pragma_table_info(?1)")?
            .query_map([&name], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        out.insert(name, cols);
    }
    Ok(out)
}

/// The tables and columns of schema `version`: its steps run on an
/// in-memory database.
fn schema(version: usize) -> rusqlite::Result<BTreeMap<String, Vec<String>>> {
    let conn = Connection::open_in_memory()?;
    for step in &MIGRATIONS[..version] {
        conn.execute_batch(step)?;
    }
    tables_of(&conn)
}

/// Checks that the file is a b5 store this build can use, reading only:
/// returns its schema version, and whether it is stamped (false: a file
/// from before the versions, with the tables of version 1).
fn check_schema(conn: &Connection, path: &Path) -> Result<(usize, bool), StoreError> {
    let err = |e| file_error(path, e);
    let bad = |what: String| StoreError::BadDatabase(format!("{}: {what}", path.display()));
    let app: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(err)?;
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(err)?;
    let found = tables_of(conn).map_err(err)?;
    let last = MIGRATIONS.len();
    let v1 = schema(1).map_err(other)?;
    let (version, stamped) = match (app, usize::try_from(version)) {
        (APPLICATION_ID, Ok(v)) if (1..=last).contains(&v) => (v, true),
        (APPLICATION_ID, Ok(v)) if v > last => {
            return Err(bad(format!(
                "its schema version {v} is newer than this b5 knows ({last}): run the b5 that \
                 wrote it, or a newer one"
            )))
        }
        (APPLICATION_ID, _) => {
            return Err(bad(format!(
                "schema version {version} is none b5 ever wrote: the file is damaged"
            )))
        }
        // From before the versions: known by its tables (all checked
        // below).
        (0, Ok(0)) if v1.keys().any(|t| found.contains_key(t)) => (1, false),
        (0, Ok(0)) => {
            return Err(StoreError::BadDatabase(format!(
                "{} is not a b5 database (an SQLite database without b5's tables)",
                path.display()
            )))
        }
        (app, _) => {
            return Err(StoreError::BadDatabase(format!(
                "{} is not a b5 database (another application's SQLite database: \
                 application_id {app:#x})",
                path.display()
            )))
        }
    };
    let want = schema(version).map_err(other)?;
    for (table, cols) in &want {
        let Some(have) = found.get(table) else {
            return Err(bad(format!(
                "the table `{table}` of b5's schema (version {version}) is missing; \
                 restore the file from a backup"
            )));
        };
        if let Some(c) = cols.iter().find(|c| !have.contains(c)) {
            return Err(bad(format!(
                "the table `{table}` lacks its column `{c}` (schema version {version}); \
                 restore the file from a backup"
            )));
        }
    }
    Ok((version, stamped))
}

/// Brings a checked file's schema from `version` to the current one, and
/// stamps it, in one transaction.
fn migrate(
    conn: &mut Connection,
    path: &Path,
    version: usize,
    stamped: bool,
) -> Result<(), StoreError> {
    let err = |e| file_error(path, e);
    let last = MIGRATIONS.len();
    if stamped && version == last {
        return Ok(());
    }
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    for step in &MIGRATIONS[version..] {
        tx.execute_batch(step).map_err(err)?;
    }
    stamp(&tx, last).map_err(err)?;
    tx.commit().map_err(err)?;
    tracing::info!(
        file = %path.display(),
        from = if stamped { version } else { 0 },
        to = last,
        "store schema updated"
    );
    Ok(())
}

impl SqliteStore {
    /// Opens the store in `dir` (creating it if the folder has no database
    /// file), taking exclusive ownership of it.
    pub fn open(dir: &Path) -> Result<SqliteStore, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| other(format!("cannot create {}: {e}", dir.display())))?;
        let lock = lock(dir)?;
        let path = dir.join(DB_FILE);
        let exists = path
            .try_exists()
            .map_err(|e| other(format!("{}: {e}", path.display())))?;
        if !exists {
            create(dir)?;
        }
        // Declared before the connections: dropped after them.
        let db = lock_db(&path)?;
        check_file(&db, &path)?;
        let mut writer = connect(&path)?;
        // Checked before anything is written (WAL mode included): a file
        // that is not ours is left as it was.
        let (version, stamped) = check_schema(&writer, &path)?;
        settings(&writer, &path)?;
        migrate(&mut writer, &path, version, stamped)?;
        let reader = connect(&path)?;
        settings(&reader, &path)?;
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
            _db: db,
        })
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done
        // transaction (rusqlite rolls back on drop): go on.
        self.reader.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// What a stored value is, for an error.
fn kind(v: ValueRef<'_>) -> &'static str {
    match v {
        ValueRef::Null => "NULL",
        ValueRef::Integer(_) => "an integer",
        ValueRef::Real(_) => "a real number",
        ValueRef::Text(_) => "text",
        ValueRef::Blob(_) => "a blob",
    }
}

/// One row's columns, read as SQLite keeps them: any column may hold any
/// type, so each is checked.
struct Cols<'a, 'r>(&'a rusqlite::Row<'r>);

impl Cols<'_, '_> {
    fn get(&self, i: usize, name: &str) -> Result<ValueRef<'_>, String> {
        self.0.get_ref(i).map_err(|e| format!("{name}: {e}"))
    }
}

impl Cells for Cols<'_, '_> {
    fn opt_text(&self, i: usize, name: &str) -> Result<Option<String>, String> {
        match self.get(i, name)? {
            ValueRef::Null => Ok(None),
            ValueRef::Text(t) => std::str::from_utf8(t)
                .map(|s| Some(s.to_string()))
                .map_err(|_| format!("{name} is not UTF-8 text")),
            v => Err(format!("{name} is not text ({})", kind(v))),
        }
    }

    fn opt_int(&self, i: usize, name: &str) -> Result<Option<i64>, String> {
        match self.get(i, name)? {
            ValueRef::Null => Ok(None),
            ValueRef::Integer(n) => Ok(Some(n)),
            v => Err(format!("{name} is not an integer ({})", kind(v))),
        }
    }

    fn flag(&self, i: usize, name: &str) -> Result<bool, String> {
        match self.int(i, name)? {
            0 => Ok(false),
            1 => Ok(true),
            n => Err(format!("{name} is {n}, not 0 or 1")),
        }
    }

    fn opt_bytes(&self, i: usize, name: &str) -> Result<Option<Vec<u8>>, String> {
        match self.get(i, name)? {
            ValueRef::Null => Ok(None),
            ValueRef::Blob(b) => Ok(Some(b.to_vec())),
            v => Err(format!("{name} is not a blob ({})", kind(v))),
        }
    }
}

/// A connection reading in SQLite's SQL.
struct Reading<'c>(&'c Connection);

impl Rows for Reading<'_> {
    fn rows<T>(
        &mut self,
        q: Query,
        id: &str,
        what: &str,
        mut row: impl FnMut(usize, &dyn Cells) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let sql = match q {
            Query::Head => {
                "SELECT game, setup, seed, spectators, clock_ms, finished, ended,
                        COALESCE(active_at, created_at * 1000), open_seats, bot_delay_ms
                 FROM tables WHERE id = ?1"
            }
            Query::Seats => {
                "SELECT seat, player, label, invitation_hash, token_hash, name, away FROM seats
                 WHERE table_id = ?1 ORDER BY seat"
            }
            Query::Log => {
                "SELECT seq, seat, action, digest, undoes FROM actions WHERE table_id = ?1 ORDER BY seq"
            }
            Query::ChatSize => {
                "SELECT COUNT(*), COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM chat WHERE table_id = ?1"
            }
            Query::Chat { .. } => {
                "SELECT n, seat, name, text, at FROM chat WHERE table_id = ?1 ORDER BY n DESC LIMIT ?2"
            }
            Query::Undo => {
                "SELECT by_seat, target, seq, waiting FROM pending_undo WHERE table_id = ?1"
            }
            Query::CreatedAt => "SELECT created_at FROM tables WHERE id = ?1",
            Query::LoggedAt => "SELECT at FROM actions WHERE table_id = ?1 ORDER BY seq",
        };
        match q {
            // SQLite: a negative limit is none.
            Query::Chat { kept } => read_rows(
                self.0,
                sql,
                params![id, kept.map_or(-1, |k| k as i64)],
                what,
                |i, c| row(i, c),
            ),
            _ => read_rows(self.0, sql, [id], what, |i, c| row(i, c)),
        }
    }
}

/// Runs `sql` with `args` and reads each row with `row` (which gets the
/// row's index), stopping at the first error; `what` names the rows read,
/// for an SQL error.
fn read_rows<T>(
    conn: &Connection,
    sql: &str,
    args: impl rusqlite::Params,
    what: &str,
    mut row: impl FnMut(usize, &Cols) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let sql_err = |e: rusqlite::Error| format!("reading {what}: {e}");
    let mut st = conn.prepare_cached(sql).map_err(sql_err)?;
    let mut rows = st.query(args).map_err(sql_err)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(sql_err)? {
        out.push(row(out.len(), &Cols(r))?);
    }
    Ok(out)
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
    while let Some(batch) = next_batch(&rx) {
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
        let r = if one_change(&j.write) {
            // One statement that changes anything: it is undone alone by
            // SQLite when it fails, no savepoint needed.
            apply(conn, &j.write)
        } else {
            match run(conn, "SAVEPOINT w") {
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
            }
        };
        if let (Err(e), true) = (&r, conn.is_autocommit()) {
            // SQLite rolled the whole transaction back (a full disk, an I/O
            // error): none of the batch was written, and nothing more is
            // tried outside a transaction.
            let why = e.to_string();
            tracing::error!(error = %why, "the transaction was rolled back: the batch fails");
            for j in batch {
                (j.done)(Err(other(&why)));
            }
            return;
        }
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

/// Whether a write is at most one statement that changes the database (a
/// read first does not count): then it needs no savepoint of its own.
fn one_change(w: &Write) -> bool {
    match w {
        Write::Append {
            entry,
            finished,
            human,
            ..
        } => entry.undoes.is_none() && !finished && !human,
        Write::End { .. } | Write::Undo { .. } => true,
        Write::CreateTable(_)
        | Write::Import(_)
        | Write::JoinSeat { .. }
        | Write::SetAway { .. }
        | Write::Chat { .. } => false,
    }
}

fn run(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// Carries out one write inside the open transaction.
fn apply(conn: &Connection, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::CreateTable(t) => insert_table(conn, t, now(), now_ms()),
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
            insert_chat(conn, table, line)?;
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
        } => set_undo(conn, table, u),
        Write::Import(dump) => import(conn, dump),
    }
}

/// A table's row and its seats.
fn insert_table(
    conn: &Connection,
    t: &NewTable,
    created_at: i64,
    active_at: i64,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO tables (id, game, setup, seed, spectators, clock_ms, created_at, active_at, open_seats, bot_delay_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )
    .and_then(|mut st| {
        st.execute(params![
            t.id,
            t.game,
            t.setup.to_string(),
            t.seed as i64,
            t.spectators as i64,
            t.clock_ms.map(|c| c as i64),
            created_at,
            active_at,
            t.open_seats as i64,
            t.bot_delay_ms.map(|d| d as i64)
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

fn insert_chat(conn: &Connection, table: &str, line: &ChatLine) -> Result<(), StoreError> {
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
    Ok(())
}

fn set_undo(conn: &Connection, table: &str, u: &PendingUndo) -> Result<(), StoreError> {
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

/// A whole table from another store, every row as it was.
fn import(conn: &Connection, d: &TableDump) -> Result<(), StoreError> {
    let t = &d.stored;
    insert_table(conn, &t.table, d.created_at, t.active_at)?;
    conn.prepare_cached("UPDATE tables SET finished = ?2, ended = ?3 WHERE id = ?1")
        .and_then(|mut st| {
            st.execute(params![
                t.table.id,
                t.finished as i64,
                t.ended.map(|e| e.as_str())
            ])
        })
        .map_err(other)?;
    for (a, at) in t.log.iter().zip(&d.logged_at) {
        insert_action(conn, &t.table.id, a, *at)?;
    }
    for line in &t.chat {
        insert_chat(conn, &t.table.id, line)?;
    }
    if let Some(u) = &t.undo {
        set_undo(conn, &t.table.id, u)?;
    }
    Ok(())
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
    insert_action(conn, table, a, now())?;
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

fn insert_action(
    conn: &Connection,
    table: &str,
    a: &LoggedAction,
    at: i64,
) -> Result<(), StoreError> {
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
            at
        ])
    })
    .map_err(other)?;
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
        queue(self.jobs.as_ref(), write, done);
    }

    fn unfinished_tables(&self) -> Result<Vec<TableRead>, StoreError> {
        let mut conn = self.reader();
        // One read transaction: a consistent picture of every table.
        let tx = conn.transaction().map_err(other)?;
        // Every table not marked finished: one whose `finished` is neither
        // 0 nor 1 is read too, and its reading names the fault.
        let ids = tx
            .prepare("SELECT rowid, id FROM tables WHERE finished IS NOT 1 ORDER BY created_at, id")
            .and_then(|mut st| {
                st.query_map([], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, rusqlite::types::Value>(1)?))
                })?
                .collect::<Result<Vec<_>, _>>()
            })
            .map_err(|e| other(format!("reading the tables: {e}")))?;
        let out = ids
            .into_iter()
            .map(|(rowid, id)| {
                let id = match id {
                    rusqlite::types::Value::Text(id) => id,
                    v => {
                        let name = format!("in row {rowid}");
                        let what = format!("id is not text ({})", kind(ValueRef::from(&v)));
                        return Err((name.clone(), StoreError::Unreadable { table: name, what }));
                    }
                };
                read_listed(&mut Reading(&tx), id)
            })
            .collect();
        let _ = tx.finish();
        Ok(out)
    }

    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut conn = self.reader();
        let tx = conn.transaction().map_err(|e| StoreError::Unreadable {
            table: id.to_string(),
            what: e.to_string(),
        })?;
        let out = read_table(&mut Reading(&tx), id);
        let _ = tx.finish();
        out
    }

    fn table_ids(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.reader();
        read_rows(
            &conn,
            "SELECT id FROM tables ORDER BY created_at, id",
            [],
            "the tables",
            |_, c| c.text(0, "id"),
        )
        .map_err(other)
    }

    fn dump(&self, id: &str) -> Result<Option<TableDump>, StoreError> {
        let mut conn = self.reader();
        let tx = conn.transaction().map_err(other)?;
        let out = dump_table(&mut Reading(&tx), id);
        let _ = tx.finish();
        out
    }
}
