//! Where tables live between restarts, behind a small trait: the embedded
//! SQLite store ([`crate::sqlite::SqliteStore`]) by default, or a PostgreSQL
//! database ([`crate::pg::PgStore`], `--store postgres://...`) when one
//! machine's file is outgrown.
//!
//! A table is its set-up, its seed and an append-only log of actions, each
//! with the digest of the state after it. Seats keep only hashes of their
//! secrets. Every change is a [`Write`]: the store commits the writes that
//! arrive together in one transaction (group commit: one sync to disk for
//! all of them) and reports each one's outcome only once it is durable.
//! [`Store::write`] returns at once and reports through a callback (the
//! server awaits it without holding a thread); the named methods
//! ([`Store::append_action`], ...) wait for it and may block on the disk.
//!
//! Ownership: a table is served by exactly one process at a time. The
//! store decides how: the SQLite store's constructor fails when another
//! live process holds its file; the PostgreSQL store is shared by several
//! processes, each owning its tables by a lease ([`Shared`]), and refuses
//! a write to a table its process does not own ([`StoreError::Moved`]).
//!
//! Reading back: a table that cannot be read (a corrupt row) is left out
//! with an error that names it and the row
//! ([`StoreError::Unreadable`]); every other table is still read.

use serde_json::Value;

/// Where a store is: `sqlite:DIR` (the embedded store's folder) or a
/// PostgreSQL database (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`).
#[derive(Clone, PartialEq, Eq)]
pub enum StoreLocator {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

impl StoreLocator {
    pub fn parse(s: &str) -> Result<StoreLocator, String> {
        if crate::pg::is_postgres(s) {
            postgres_config(s)?;
            Ok(StoreLocator::Postgres(s.to_string()))
        } else if let Some(dir) = s.strip_prefix("sqlite:").filter(|d| !d.is_empty()) {
            Ok(StoreLocator::Sqlite(dir.into()))
        } else {
            Err("a store is sqlite:DIR or postgres://USER@HOST[:PORT]/DB".into())
        }
    }
}

fn postgres_config(s: &str) -> Result<(), String> {
    use std::str::FromStr;
    postgres::Config::from_str(s)
        .map(|_| ())
        .map_err(|e| format!("{}: {e}", crate::pg::display_name(s)))
}

/// Shown without a PostgreSQL password.
impl std::fmt::Debug for StoreLocator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreLocator::Sqlite(d) => write!(f, "sqlite:{}", d.display()),
            StoreLocator::Postgres(url) => f.write_str(&crate::pg::display_name(url)),
        }
    }
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// "human", or a computer player's name ("greedy", "random").
    pub player: String,
    /// The lobby's public label (the B5 CCG: the race).
    pub label: String,
    /// SHA-256 of the invitation (human seats).
    pub invitation_hash: Option<[u8; 32]>,
    /// SHA-256 of the seat token, once someone joined.
    pub token_hash: Option<[u8; 32]>,
    /// The display name given at join.
    pub name: Option<String>,
    /// The player is away: the greedy computer player plays the seat.
    pub away: bool,
}

/// A new table as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTable {
    pub id: String,
    /// The game's name ([`crate::game::GameKind::name`]).
    pub game: String,
    pub setup: Value,
    pub seed: u64,
    pub spectators: bool,
    /// The move clock: a human seat that has not acted this long after it
    /// became its turn is played by the computer until its player is back.
    pub clock_ms: Option<u64>,
    /// Open seats: anyone may take a free human seat from the lobby,
    /// without an invitation.
    pub open_seats: bool,
    /// The computer players' pause before each action, in milliseconds
    /// (None: the server's `--bot-delay-ms`).
    pub bot_delay_ms: Option<u64>,
    pub seats: Vec<StoredSeat>,
}

/// One entry of the log: an action, or an undo agreed by the players.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedAction {
    pub seq: u64,
    /// The seat that acted (for an undo: the seat that asked for it).
    pub seat: usize,
    /// The action (null for an undo).
    pub action: Value,
    /// For an undo: the seq of the action taken back (it and every action
    /// after it that was still in effect). The undone entries stay in the
    /// log; this entry marks them.
    pub undoes: Option<u64>,
    /// The digest of the state after the entry.
    pub digest: u64,
}

/// One line of a table's chat (public to the table).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChatLine {
    /// Numbered from 0 per table.
    pub n: u64,
    pub seat: usize,
    /// The seat's display name when it wrote.
    pub name: String,
    pub text: String,
    /// Seconds since the Unix epoch.
    pub at: i64,
}

/// An undo asked for and not answered yet: kept until it is done,
/// refused or withdrawn, so that a restart does not forget it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingUndo {
    /// The seat that asked.
    pub by: usize,
    /// The seq of the action to take back.
    pub target: u64,
    /// The table's seq when it was asked.
    pub seq: u64,
    /// The seats that have not accepted yet.
    pub waiting: Vec<usize>,
}

/// Why a table ended before its game did (`expiry.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    /// Nobody took any of its human seats in time.
    Expired,
    /// No human acted at it for too long.
    Abandoned,
}

impl Ended {
    /// As stored and sent: `"expired"`, `"abandoned"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ended::Expired => "expired",
            Ended::Abandoned => "abandoned",
        }
    }

    pub fn parse(s: &str) -> Option<Ended> {
        match s {
            "expired" => Some(Ended::Expired),
            "abandoned" => Some(Ended::Abandoned),
            _ => None,
        }
    }
}

/// A table read back with its whole log.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    pub table: NewTable,
    pub finished: bool,
    /// Why it ended before its game did, if it did.
    pub ended: Option<Ended>,
    /// When a human last joined, acted or wrote at it (its creation until
    /// then), in milliseconds since the Unix epoch.
    pub active_at: i64,
    pub log: Vec<LoggedAction>,
    /// The undo request waiting for answers, if any (only one that asks
    /// about the table as its log leaves it: `undo.seq` is the log's
    /// length).
    pub undo: Option<PendingUndo>,
    /// The last lines of its chat (at most [`CHAT_KEPT`]), oldest first,
    /// and how many lines it has in all.
    pub chat: Vec<ChatLine>,
    pub chat_count: u64,
    /// The bytes of text of all its lines.
    pub chat_bytes: u64,
}

/// A table as stored, every row of it: what `b5 store copy` moves from one
/// store to another, and compares after.
#[derive(Clone, Debug, PartialEq)]
pub struct TableDump {
    /// The table as read back, with every line of its chat (not only the
    /// last [`CHAT_KEPT`]).
    pub stored: StoredTable,
    /// When it was made, in seconds since the Unix epoch.
    pub created_at: i64,
    /// When each entry of its log was written, in seconds since the Unix
    /// epoch, in order.
    pub logged_at: Vec<i64>,
}

/// How many chat lines a table keeps in memory and reads back at start.
pub const CHAT_KEPT: usize = 200;
/// A table's chat holds at most this many lines, and this many bytes of
/// text, on disk: past either, a line is refused (`409`).
pub const CHAT_LINES_MAX: u64 = 1000;
pub const CHAT_BYTES_MAX: u64 = 256 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another process owns the store.
    #[error("the store is in use by another server process: {0}")]
    Locked(String),
    /// The table is owned by another process now (its lease ran out and
    /// another took it): nothing was written.
    #[error("table {0} is served by another process now")]
    Moved(String),
    /// The action's seq is already in the log (a second writer).
    #[error("action {0} is already in the log")]
    Conflict(u64),
    /// The store's file is not a b5 store, or not one this build can use
    /// (empty, not SQLite, another application's, a newer schema, a table
    /// missing): the message names the file.
    #[error("{0}")]
    BadDatabase(String),
    /// A stored table that cannot be read back: `what` names the row and
    /// the column ("action 17: the action is not JSON: ...").
    #[error("table {table}: {what}")]
    Unreadable { table: String, what: String },
    #[error("store: {0}")]
    Other(String),
}

/// A table read back, or why it could not be: its id and the error.
pub type TableRead = Result<StoredTable, (String, StoreError)>;

/// One change to the store. Each is all or nothing, and durable once
/// reported `Ok`.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A new table with its seats.
    CreateTable(NewTable),
    /// `seat` was taken: its token's hash and display name.
    JoinSeat {
        table: String,
        seat: usize,
        token_hash: [u8; 32],
        name: String,
    },
    SetAway {
        table: String,
        seat: usize,
        away: bool,
    },
    /// Log entry `entry.seq` (it must be the next one), marking the table
    /// finished if `finished`. An undo entry also clears the table's
    /// pending undo request. `human`: write the time of the last human action
    /// (now) too (`table::ACTIVE_STORED_EVERY_MS`).
    Append {
        table: String,
        entry: LoggedAction,
        finished: bool,
        human: bool,
    },
    /// The table ended before its game did: it is finished, and why.
    End { table: String, ended: Ended },
    /// A chat line (its `n` must be the next one).
    Chat { table: String, line: ChatLine },
    /// Sets (or, with None, clears) the table's pending undo request.
    Undo {
        table: String,
        undo: Option<PendingUndo>,
    },
    /// A whole table from another store, every row as it was (`b5 store
    /// copy`); refused if the table exists.
    Import(Box<TableDump>),
}

/// Called once with the outcome of a [`Write`], once it is durable (or
/// failed: then nothing of it was written).
pub type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A write queued for a store's writer thread.
pub(crate) struct Job {
    pub write: Write,
    pub done: Done,
    pub queued: std::time::Instant,
}

/// Writes committed together at most.
const MAX_BATCH: usize = 1024;

/// The writer thread's next batch: the first job queued (waiting for it)
/// and every one queued behind it, up to [`MAX_BATCH`]; None once the store
/// is closed and nothing is left.
pub(crate) fn next_batch(rx: &std::sync::mpsc::Receiver<Job>) -> Option<Vec<Job>> {
    let first = rx.recv().ok()?;
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        match rx.try_recv() {
            Ok(j) => batch.push(j),
            Err(_) => break,
        }
    }
    Some(batch)
}

/// Queues `write` for a store's writer thread (`jobs`: None once the
/// store is closing); a write that cannot be queued fails at once.
pub(crate) fn queue(jobs: Option<&std::sync::mpsc::Sender<Job>>, write: Write, done: Done) {
    let job = Job {
        write,
        done,
        queued: std::time::Instant::now(),
    };
    match jobs {
        Some(tx) => {
            if let Err(std::sync::mpsc::SendError(job)) = tx.send(job) {
                (job.done)(Err(other("the store's writer has stopped")));
            }
        }
        None => (job.done)(Err(other("the store is closed"))),
    }
}

pub(crate) fn other(e: impl std::fmt::Display) -> StoreError {
    StoreError::Other(e.to_string())
}

/// The store. Every write is durable when it reports `Ok` (the server
/// acknowledges an action only after its [`Write::Append`] reported).
pub trait Store: Send + Sync {
    /// Queues `write` for the next commit and returns at once; `done` is
    /// called (on another thread) with the outcome.
    fn write(&self, write: Write, done: Done);

    /// Every table not yet finished, with its log in order, each read on
    /// its own: one that cannot be read is an `Err` naming it, and the
    /// others are still read. The outer `Err`: nothing could be read.
    fn unfinished_tables(&self) -> Result<Vec<TableRead>, StoreError>;
    /// One table with its log, finished or not. A table that cannot be
    /// read is [`StoreError::Unreadable`].
    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError>;
    /// Every table's id, finished or not, oldest first.
    fn table_ids(&self) -> Result<Vec<String>, StoreError>;
    /// One table, every row of it (see [`TableDump`]).
    fn dump(&self, id: &str) -> Result<Option<TableDump>, StoreError>;

    /// The store's side of several processes sharing it (the PostgreSQL
    /// store); None for a store of one process.
    fn shared(&self) -> Option<&dyn Shared> {
        None
    }

    /// Commits `write` and waits until it is durable (blocks the thread).
    fn write_wait(&self, write: Write) -> Result<(), StoreError> {
        let (tx, rx) = std::sync::mpsc::channel();
        self.write(
            write,
            Box::new(move |r| {
                let _ = tx.send(r);
            }),
        );
        rx.recv()
            .unwrap_or_else(|_| Err(StoreError::Other("the commit was lost".into())))
    }

    fn create_table(&self, table: &NewTable) -> Result<(), StoreError> {
        self.write_wait(Write::CreateTable(table.clone()))
    }

    /// Records that `seat` was taken: its token's hash and display name.
    fn join_seat(
        &self,
        table: &str,
        seat: usize,
        token_hash: &[u8; 32],
        name: &str,
    ) -> Result<(), StoreError> {
        self.write_wait(Write::JoinSeat {
            table: table.to_string(),
            seat,
            token_hash: *token_hash,
            name: name.to_string(),
        })
    }

    fn set_away(&self, table: &str, seat: usize, away: bool) -> Result<(), StoreError> {
        self.write_wait(Write::SetAway {
            table: table.to_string(),
            seat,
            away,
        })
    }

    /// Appends action `action.seq` (which must be the next one) and marks
    /// the table finished if `finished`, in one transaction.
    fn append_action(
        &self,
        table: &str,
        action: &LoggedAction,
        finished: bool,
    ) -> Result<(), StoreError> {
        self.write_wait(Write::Append {
            table: table.to_string(),
            entry: action.clone(),
            finished,
            human: false,
        })
    }

    /// Appends a chat line (its `n` must be the next one).
    fn append_chat(&self, table: &str, line: &ChatLine) -> Result<(), StoreError> {
        self.write_wait(Write::Chat {
            table: table.to_string(),
            line: line.clone(),
        })
    }

    /// Sets or clears the table's pending undo request.
    fn set_undo(&self, table: &str, undo: Option<&PendingUndo>) -> Result<(), StoreError> {
        self.write_wait(Write::Undo {
            table: table.to_string(),
            undo: undo.cloned(),
        })
    }
}

/// Where a table is served, in a store several processes share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Located {
    /// This process owns it now (it was free, its owner's lease had run
    /// out, or it was this process's already).
    Here,
    /// Another live process owns it; its address (`--advertise`).
    Elsewhere(String),
    /// Another process owns it and has not said where it listens yet.
    Starting,
    /// No such table.
    Missing,
}

/// A store several `b5 serve` processes share (issue 29): every table is
/// owned by one process at a time, by a lease on its row that the owner
/// renews while it lives (every third of [`Shared::lease`]); a table whose
/// owner stopped renewing is taken by another process, which replays its
/// log. Every write to a table is refused unless the writing process owns
/// it ([`StoreError::Moved`]), so a process that lost a table never
/// writes it again. These calls block (run them off the async threads).
pub trait Shared: Send + Sync {
    /// This process's id (random at each start).
    fn process(&self) -> &str;
    /// How long a lease lasts without renewal.
    fn lease(&self) -> std::time::Duration;
    /// Says where this process listens (the other processes pass it
    /// their clients' requests for its tables).
    fn announce(&self, address: &str) -> Result<(), StoreError>;
    /// Takes table `id` if nobody owns it (or its owner's lease ran out),
    /// or says who does.
    fn claim(&self, id: &str) -> Result<Located, StoreError>;
    /// Takes up to `max` unfinished tables that nobody owns (their owner
    /// stopped), oldest first, and reads them back.
    fn claim_orphans(&self, max: usize) -> Result<Vec<TableRead>, StoreError>;
    /// Of the tables `held` in memory, those this process does not own any
    /// more.
    fn lost(&self, held: &[String]) -> Result<Vec<String>, StoreError>;
    /// Where the other live processes listen.
    fn peers(&self) -> Result<Vec<String>, StoreError>;
}

/// Commits `write` without holding a thread: resolves once it is durable.
pub async fn commit(store: &dyn Store, write: Write) -> Result<(), StoreError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    store.write(
        write,
        Box::new(move |r| {
            let _ = tx.send(r);
        }),
    );
    rx.await
        .unwrap_or_else(|_| Err(StoreError::Other("the commit was lost".into())))
}

/// The store of tables that are never kept (the sandboxes of `POST
/// /api/cards/try`): every write succeeds at once and nothing is written;
/// nothing is ever read back. Such a table lives in memory only and is
/// gone when the server stops.
pub struct Unstored;

impl Store for Unstored {
    fn write(&self, _write: Write, done: Done) {
        done(Ok(()));
    }

    fn unfinished_tables(&self) -> Result<Vec<TableRead>, StoreError> {
        Ok(Vec::new())
    }

    fn table(&self, _id: &str) -> Result<Option<StoredTable>, StoreError> {
        Ok(None)
    }

    fn table_ids(&self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    fn dump(&self, _id: &str) -> Result<Option<TableDump>, StoreError> {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::StoreLocator;

    #[test]
    fn a_store_locator_is_shown_without_its_password() {
        let at = StoreLocator::parse("postgres://b5:sekret@db.example:6543/club").unwrap();
        let mut cfg = crate::Config::new("unused");
        cfg.store = Some(at.clone());
        for shown in [format!("{at:?}"), format!("{cfg:?}")] {
            assert!(!shown.contains("sekret"), "{shown}");
            assert!(
                shown.contains("postgres://b5@db.example:6543/club"),
                "{shown}"
            );
        }
        assert_eq!(
            StoreLocator::parse("sqlite:some/dir"),
            Ok(StoreLocator::Sqlite("some/dir".into()))
        );
        for bad in ["sqlite:", "mysql://x/y", "b5-data"] {
            assert!(StoreLocator::parse(bad).is_err(), "{bad}");
        }
    }
}
