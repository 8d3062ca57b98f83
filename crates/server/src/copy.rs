//! `b5 store copy`: every table of one store, row for row, into another
//! (a club's SQLite folder into the shared PostgreSQL database, or back),
//! each table read back from the destination and compared with the source.

use crate::pg::PgStore;
use crate::sqlite::SqliteStore;
use crate::store::{Store, StoreError, StoreLocator, Write};

/// What a copy moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Copied {
    pub tables: usize,
    pub finished: usize,
    pub log_entries: usize,
    pub chat_lines: usize,
}

/// Opens the store at `at`, taking ownership of it (a running server's
/// store is refused: stop the server first).
pub fn open_store(at: &StoreLocator) -> Result<Box<dyn Store>, StoreError> {
    Ok(match at {
        StoreLocator::Sqlite(dir) => Box::new(SqliteStore::open(dir)?),
        StoreLocator::Postgres(url) => Box::new(PgStore::open(url)?),
    })
}

/// Copies every table of `from` into `to`, which must hold none, oldest
/// first; each is read back from `to` and must equal what `from` holds.
/// `progress` is told after each table (done, of all). A table that
/// cannot be read, or does not read back the same, stops the copy with
/// an error naming it.
pub fn copy(
    from: &dyn Store,
    to: &dyn Store,
    mut progress: impl FnMut(usize, usize),
) -> Result<Copied, StoreError> {
    // A shared store that server processes serve is refused too (a file
    // store is, by its lock, when it is opened).
    for (store, which) in [(from, "the source"), (to, "the destination")] {
        let Some(sh) = store.shared() else { continue };
        let peers = sh.peers()?;
        if !peers.is_empty() {
            return Err(StoreError::Locked(format!(
                "{which} is served by {} process(es) ({}): stop them first",
                peers.len(),
                peers.join(", ")
            )));
        }
    }
    let held = to.table_ids()?;
    if !held.is_empty() {
        return Err(StoreError::Other(format!(
            "the destination already holds {} tables (the first: {}); copy into an empty store",
            held.len(),
            held[0]
        )));
    }
    let ids = from.table_ids()?;
    let mut copied = Copied::default();
    for (i, id) in ids.iter().enumerate() {
        let dump = from.dump(id)?.ok_or_else(|| StoreError::Unreadable {
            table: id.clone(),
            what: "its row vanished while copied".into(),
        })?;
        to.write_wait(Write::Import(Box::new(dump.clone())))
            .map_err(|e| StoreError::Other(format!("table {id}: {e}")))?;
        let back = to.dump(id)?;
        if back.as_ref() != Some(&dump) {
            return Err(StoreError::Other(format!(
                "table {id} does not read back from the destination as it was copied"
            )));
        }
        copied.tables += 1;
        copied.finished += usize::from(dump.stored.finished);
        copied.log_entries += dump.stored.log.len();
        copied.chat_lines += dump.stored.chat.len();
        progress(i + 1, ids.len());
    }
    Ok(copied)
}
