//! Leases: a process's row in `processes`, the keeper thread that renews
//! its leases every third of a lease, and the claims of tables nobody
//! owns (see the module doc of [`super`]).

use std::sync::mpsc;
use std::thread::JoinHandle;

use postgres::{Client, GenericClient};

use super::{connect, db_error, Process};
use crate::store::{other, Located, StoreError};

/// This process's row: seen now, alive for a lease from now.
pub(super) fn register(c: &mut impl GenericClient, me: &Process) -> Result<(), postgres::Error> {
    c.execute(
        "INSERT INTO processes (id, until) VALUES ($1, now() + make_interval(secs => $2))
         ON CONFLICT (id) DO UPDATE SET seen_at = now(), until = EXCLUDED.until",
        &[&me.id, &me.lease_secs()],
    )?;
    Ok(())
}

/// The keeper thread's connection, made again when it was lost.
pub(super) struct Keeper {
    url: String,
    name: String,
    me: Process,
    client: Option<Client>,
}

impl Keeper {
    /// Starts the keeper thread; it runs until the sender is dropped.
    pub(super) fn start(
        url: &str,
        name: &str,
        me: Process,
    ) -> Result<(mpsc::Sender<()>, JoinHandle<()>), StoreError> {
        let mut k = Keeper {
            url: url.to_string(),
            name: name.to_string(),
            client: Some(connect(url, name, "keeper")?),
            me,
        };
        let (tx, rx) = mpsc::channel::<()>();
        let h = std::thread::Builder::new()
            .name("b5-store-keeper".into())
            .spawn(move || k.run(rx))
            .map_err(other)?;
        Ok((tx, h))
    }

    fn run(&mut self, stop: mpsc::Receiver<()>) {
        let every = self.me.lease / 3;
        loop {
            if let Err(e) = self.with_client(renew) {
                tracing::warn!(error = %e, "the store's keeper could not renew the leases");
            }
            match stop.recv_timeout(every) {
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                _ => break,
            }
        }
        if let Err(e) = self.with_client(leave) {
            tracing::warn!(error = %e, "the store's keeper could not let go of the tables");
        }
    }

    /// Runs `f` on the connection, made again first if it was lost; when
    /// `f` fails, once more on a new connection (the client learns that
    /// its connection was closed only when it next uses it, and a lease
    /// must not wait a third of itself for that).
    fn with_client(
        &mut self,
        f: fn(&mut Client, &Process) -> Result<(), postgres::Error>,
    ) -> Result<(), StoreError> {
        match self.once(f) {
            Ok(()) => Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, "the store's keeper connects again");
                self.client = None;
                self.once(f)
            }
        }
    }

    fn once(
        &mut self,
        f: fn(&mut Client, &Process) -> Result<(), postgres::Error>,
    ) -> Result<(), StoreError> {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            self.client = Some(connect(&self.url, &self.name, "keeper")?);
        }
        let Some(c) = self.client.as_mut() else {
            return Err(other("the store's keeper has no connection"));
        };
        f(c, &self.me).map_err(|e| db_error(&self.name, e))
    }
}

/// Says this process is alive, renews its leases on unfinished tables
/// (a finished table's lease lapses: another process may take it when
/// asked for it), and forgets processes long gone.
fn renew(c: &mut Client, me: &Process) -> Result<(), postgres::Error> {
    let mut tx = c.transaction()?;
    register(&mut tx, me)?;
    tx.execute(
        // Rows the writer has locked are skipped, never waited for (the
        // writer renews a lease in each write: waiting for each other's
        // rows, the two would deadlock).
        "UPDATE tables SET lease_until = now() + make_interval(secs => $2)
         WHERE id IN (SELECT id FROM tables WHERE owner = $1 AND NOT finished
                      FOR NO KEY UPDATE SKIP LOCKED)",
        &[&me.id, &me.lease_secs()],
    )?;
    // A process unseen for ten of its own leases is forgotten.
    tx.execute(
        "DELETE FROM processes WHERE until + (until - seen_at) * 9 < now()",
        &[],
    )?;
    tx.commit()
}

/// A process that stops cleanly lets go of its tables at once.
fn leave(c: &mut Client, me: &Process) -> Result<(), postgres::Error> {
    let mut tx = c.transaction()?;
    tx.execute(
        "UPDATE tables SET owner = NULL, lease_until = NULL WHERE owner = $1",
        &[&me.id],
    )?;
    tx.execute("DELETE FROM processes WHERE id = $1", &[&me.id])?;
    tx.commit()
}

/// Takes table `id` for `me` if it is free, or says who holds it.
pub(super) fn claim(c: &mut Client, me: &Process, id: &str) -> Result<Located, postgres::Error> {
    let taken = c.query_opt(
        "UPDATE tables SET owner = $2, lease_until = now() + make_interval(secs => $3)
         WHERE id = $1
           AND (owner IS NULL OR owner = $2 OR lease_until IS NULL OR lease_until < now())
         RETURNING id",
        &[&id, &me.id, &me.lease_secs()],
    )?;
    if taken.is_some() {
        return Ok(Located::Here);
    }
    let held = c.query_opt(
        "SELECT p.address FROM tables t LEFT JOIN processes p ON p.id = t.owner
         WHERE t.id = $1",
        &[&id],
    )?;
    Ok(match held {
        None => Located::Missing,
        Some(r) => match r.get::<_, Option<String>>(0) {
            Some(address) => Located::Elsewhere(address),
            None => Located::Starting,
        },
    })
}

/// Takes up to `max` unfinished tables nobody owns for `me`; their ids.
pub(super) fn claim_orphans(
    c: &mut Client,
    me: &Process,
    max: usize,
) -> Result<Vec<String>, postgres::Error> {
    let max = i64::try_from(max).unwrap_or(i64::MAX);
    Ok(c.query(
        "UPDATE tables SET owner = $1, lease_until = now() + make_interval(secs => $2)
             WHERE id IN (
                 SELECT id FROM tables
                 WHERE NOT finished
                   AND (owner IS NULL OR lease_until IS NULL OR lease_until < now())
                 ORDER BY created_at, id LIMIT $3
                 FOR UPDATE SKIP LOCKED)
             RETURNING id",
        &[&me.id, &me.lease_secs(), &max],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect())
}
