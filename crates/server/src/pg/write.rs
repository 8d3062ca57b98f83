//! The PostgreSQL store's writer: one thread and its connection, every
//! write queued committed together, each in a savepoint of its own, each
//! write to a table made only while this process owns it.

use std::sync::mpsc;
use std::time::Instant;

use postgres::{Client, Statement, Transaction};

use super::{connect, db_error, pg_error, Process};
use crate::sqlite::{now, now_ms};
use crate::store::{
    next_batch, other, ChatLine, Job, LoggedAction, NewTable, PendingUndo, StoreError, TableDump,
    Write,
};

/// The writer's connection and its statements, prepared once.
pub(super) struct Writer {
    url: String,
    name: String,
    client: Client,
    st: Statements,
    me: Process,
    /// A transaction could not begin or commit: the connection is made
    /// again before the next batch (the client learns it was closed only
    /// when next used).
    broken: bool,
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
    owned: Statement,
}

impl Statements {
    fn prepare(c: &mut Client) -> Result<Statements, postgres::Error> {
        Ok(Statements {
            create_table: c.prepare(
                "INSERT INTO tables (id, game, setup, seed, spectators, clock_ms, created_at, active_at, open_seats, bot_delay_ms, owner, lease_until)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12))",
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
            // Locks the table's row on the condition that this process
            // owns it, and renews the lease: a claim waits for this lock,
            // and this for a claim (whoever comes second sees what the
            // first committed); the keeper skips the rows locked here.
            owned: c.prepare(
                "UPDATE tables SET lease_until = now() + make_interval(secs => $3)
                 WHERE id = $1 AND owner = $2 RETURNING 1",
            )?,
        })
    }
}

impl Writer {
    /// A new connection for a writer whose connection was lost (each
    /// write checks again that this process owns its table).
    fn connect(url: &str, name: &str, me: Process) -> Result<Writer, StoreError> {
        let client = connect(url, name, "writer")?;
        Writer::with(client, url, name, me)
    }

    /// The writer of process `me` on `client`.
    pub(super) fn with(
        mut client: Client,
        url: &str,
        name: &str,
        me: Process,
    ) -> Result<Writer, StoreError> {
        let st = Statements::prepare(&mut client).map_err(|e| db_error(name, e))?;
        Ok(Writer {
            url: url.to_string(),
            name: name.to_string(),
            client,
            st,
            me,
            broken: false,
        })
    }

    /// Commits everything queued, one transaction at a time, until the
    /// store closes. A lost connection is made again before the next
    /// batch (the batch it failed is reported failed: nothing of it was
    /// committed, or its outcome is unknown and the server says so).
    pub(super) fn run(mut self, rx: mpsc::Receiver<Job>) {
        while let Some(batch) = next_batch(&rx) {
            if self.broken || self.client.is_closed() {
                match Writer::connect(&self.url, &self.name, self.me.clone()) {
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
        let (st, me) = (&self.st, &self.me);
        let mut tx = match self.client.transaction() {
            Ok(tx) => tx,
            Err(e) => {
                self.broken = true;
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
                Ok(mut sp) => match apply(&mut sp, st, me, &j.write) {
                    Ok(()) => sp.commit().map_err(pg_error),
                    // Dropping the savepoint rolls it back.
                    Err(e) => sp.rollback().map_err(pg_error).and(Err(e)),
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
                self.broken = true;
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

/// The table a write changes, if it changes one that exists (a new table
/// and an imported one do not).
fn table_of(w: &Write) -> Option<&str> {
    match w {
        Write::CreateTable(_) | Write::Import(_) => None,
        Write::JoinSeat { table, .. }
        | Write::SetAway { table, .. }
        | Write::Append { table, .. }
        | Write::End { table, .. }
        | Write::Chat { table, .. }
        | Write::Undo { table, .. } => Some(table),
    }
}

/// Carries out one write inside the open transaction, if this process
/// owns its table.
fn apply(
    tx: &mut Transaction<'_>,
    st: &Statements,
    me: &Process,
    w: &Write,
) -> Result<(), StoreError> {
    if let Some(table) = table_of(w) {
        let owned = tx
            .query_opt(&st.owned, &[&table, &me.id, &me.lease_secs()])
            .map_err(pg_error)?;
        if owned.is_none() {
            return Err(StoreError::Moved(table.to_string()));
        }
    }
    match w {
        Write::CreateTable(t) => insert_table(tx, st, t, now(), now_ms(), Some(me)),
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
                .map_err(pg_error)?;
            if n == 1 {
                active(tx, st, table)
            } else {
                Err(other(format!("table {table} has no seat {seat}")))
            }
        }
        Write::SetAway { table, seat, away } => {
            tx.execute(&st.set_away, &[table, &(*seat as i32), away])
                .map_err(pg_error)?;
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
                .map_err(pg_error)?;
            Ok(())
        }
        Write::Chat { table, line } => {
            insert_chat(tx, st, table, line)?;
            active(tx, st, table)
        }
        Write::Undo { table, undo: None } => {
            tx.execute(&st.clear_undo, &[table]).map_err(pg_error)?;
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
    owner: Option<&Process>,
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
            &owner.map(|p| &p.id),
            &owner.map(Process::lease_secs),
        ],
    )
    .map_err(pg_error)?;
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
        .map_err(pg_error)?;
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
    .map_err(pg_error)?;
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
    .map_err(pg_error)?;
    Ok(())
}

/// A whole table from another store, every row as it was.
fn import(tx: &mut Transaction<'_>, st: &Statements, d: &TableDump) -> Result<(), StoreError> {
    let t = &d.stored;
    let id = t.table.id.as_str();
    // Nobody owns it: the first process asked for it takes it.
    insert_table(tx, st, &t.table, d.created_at, t.active_at, None)?;
    tx.execute(
        &st.import_end,
        &[&id, &t.finished, &t.ended.map(|e| e.as_str())],
    )
    .map_err(pg_error)?;
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
        .map_err(pg_error)?;
    Ok(())
}

fn append(
    tx: &mut Transaction<'_>,
    st: &Statements,
    table: &str,
    a: &LoggedAction,
    finished: bool,
) -> Result<(), StoreError> {
    let next: i64 = tx
        .query_one(&st.next_seq, &[&table])
        .map_err(pg_error)?
        .get(0);
    if next != int(a.seq) {
        return Err(StoreError::Conflict(a.seq));
    }
    insert_action(tx, st, table, a, now())?;
    if a.undoes.is_some() {
        // The undo is done: its request is answered.
        tx.execute(&st.clear_undo, &[&table]).map_err(pg_error)?;
    }
    if finished {
        tx.execute(&st.finish, &[&table]).map_err(pg_error)?;
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
    .map_err(pg_error)?;
    Ok(())
}
