//! The PostgreSQL store's schema: its versions ([`MIGRATIONS`]), and the
//! check of a database at start (a store of this build, an older one to
//! migrate, or a database refused with its reason), made by one process
//! at a time.

use std::collections::BTreeMap;

use postgres::{Client, Transaction};

use super::{db_error, APPLICATION, SCHEMA_LOCK};
use crate::store::StoreError;

/// The schema, one step per version (see the module doc). Never edit a
/// step that has shipped; append one.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3];

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

/// Several processes (issue 29): each running `b5 serve` has a row, seen
/// again every third of a lease; a table is served by its `owner` until
/// `lease_until` (the database's clock), renewed while served.
const V2: &str = "
CREATE TABLE processes (
    id TEXT PRIMARY KEY,
    address TEXT,
    started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER TABLE tables ADD COLUMN owner TEXT;
ALTER TABLE tables ADD COLUMN lease_until TIMESTAMPTZ;
CREATE INDEX tables_owner ON tables (owner);
";

/// A process is alive `until` a lease after it was last seen (its own
/// lease, which other processes and `b5 store copy` cannot know).
const V3: &str = "
ALTER TABLE processes ADD COLUMN until TIMESTAMPTZ NOT NULL DEFAULT now();
";

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

/// Checks the database and brings it to this build's schema, holding the
/// schema's advisory lock meanwhile: processes starting together take
/// turns (the first makes the schema, the others find it made).
pub(super) fn prepare(client: &mut Client, name: &str) -> Result<(), StoreError> {
    let err = |e| db_error(name, e);
    client
        .execute("SELECT pg_advisory_lock($1)", &[&SCHEMA_LOCK])
        .map_err(err)?;
    let done = check_database(client, name).and_then(|v| migrate(client, name, v));
    let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&SCHEMA_LOCK]);
    done?;
    unlocked.map_err(err)?;
    Ok(())
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
