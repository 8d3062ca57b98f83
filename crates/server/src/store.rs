//! Where tables live between restarts, behind a small trait: the embedded
//! SQLite store ([`crate::sqlite::SqliteStore`]) today, a PostgreSQL store
//! when one machine is outgrown.
//!
//! A table is its set-up, its seed and an append-only log of actions, each
//! with the digest of the state after it. Seats keep only hashes of their
//! secrets. Every method is synchronous and may block on the disk: the
//! server calls them on tokio's blocking pool.
//!
//! Ownership: a table is served by exactly one process at a time. The
//! store decides how: [`Store::open`]-style constructors must fail when
//! another live process owns the tables (the SQLite store locks its
//! database file exclusively; a shared PostgreSQL store would take a lease
//! per table).

use serde_json::Value;

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

/// A table read back with its whole log.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    pub table: NewTable,
    pub finished: bool,
    pub log: Vec<LoggedAction>,
    /// The last lines of its chat (at most [`CHAT_KEPT`]), oldest first,
    /// and how many lines it has in all.
    pub chat: Vec<ChatLine>,
    pub chat_count: u64,
}

/// How many chat lines a table keeps in memory and reads back at start.
pub const CHAT_KEPT: usize = 200;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another process owns the store.
    #[error("the store is in use by another server process: {0}")]
    Locked(String),
    /// The action's seq is already in the log (a second writer).
    #[error("action {0} is already in the log")]
    Conflict(u64),
    #[error("store: {0}")]
    Other(String),
}

/// The store. Every write is durable when it returns `Ok` (the server
/// acknowledges an action only after [`Store::append_action`] returned).
pub trait Store: Send + Sync {
    fn create_table(&self, table: &NewTable) -> Result<(), StoreError>;
    /// Records that `seat` was taken: its token's hash and display name.
    fn join_seat(
        &self,
        table: &str,
        seat: usize,
        token_hash: &[u8; 32],
        name: &str,
    ) -> Result<(), StoreError>;
    fn set_away(&self, table: &str, seat: usize, away: bool) -> Result<(), StoreError>;
    /// Appends action `action.seq` (which must be the next one) and marks
    /// the table finished if `finished`, in one transaction.
    fn append_action(
        &self,
        table: &str,
        action: &LoggedAction,
        finished: bool,
    ) -> Result<(), StoreError>;
    /// Appends a chat line (its `n` must be the next one).
    fn append_chat(&self, table: &str, line: &ChatLine) -> Result<(), StoreError>;
    /// Every table not yet finished, with its log in order.
    fn unfinished_tables(&self) -> Result<Vec<StoredTable>, StoreError>;
    /// One table with its log, finished or not.
    fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError>;
}
