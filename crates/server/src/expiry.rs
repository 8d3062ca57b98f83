//! How many tables one address may create, and how long a table nobody
//! plays at lives (issue 22: 999 anonymous tables filled the server, and
//! since unfinished tables come back at start, a restart did not help).
//!
//! - **Creation rate**: one address (an IPv6 /64) creates at most
//!   `--tables-per-hour` tables an hour, in bursts of at most
//!   [`BURST`] (a token bucket); one more is answered `429` with the
//!   seconds to wait (`retry_after`, and the `Retry-After` header).
//! - **Unjoined tables expire**: a table with human seats none of which
//!   was taken within `--unjoined-minutes` of its creation ends, as
//!   `"expired"`.
//! - **Abandoned tables end**: a table at which no human joined, acted
//!   (an action, an undo) or wrote in the chat for `--abandoned-hours`
//!   ends, as `"abandoned"` (a table of computer players only counts from
//!   its creation).
//!
//! An ended table is stored as finished with its reason (so a restart
//! does not bring it back into play), its clients are told (`{"type":
//! "ended", "reason", "message"}`), its computer players stop, and it
//! leaves memory: asked for by id, it is read back as a finished table
//! whose lobby entry and state say why it ended (`"ended": {"reason",
//! "message"}`). Times are wall-clock milliseconds kept in the store
//! (`active_at`), so the lifetimes run on across restarts: a table whose
//! time ran out while the server was down ends at the first sweep after
//! start.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::connections::AddressKey;
use crate::store::Ended;
use crate::table::{EndedJson, TableInner};
use crate::{AppState, Config};

/// Tables one address may create at once, however many an hour.
pub const BURST: u32 = 10;
/// Chat lines one address may write an hour (at all its tables), and at
/// once.
pub const CHAT_PER_HOUR: u32 = 3600;
pub const CHAT_BURST: u32 = 10;
/// Addresses remembered before the idle ones are forgotten.
const ADDRESSES_KEPT: usize = 10_000;

/// The defaults of the flags.
pub const DEFAULT_TABLES_PER_HOUR: u32 = 30;
pub const DEFAULT_UNJOINED: Duration = Duration::from_secs(30 * 60);
pub const DEFAULT_ABANDONED: Duration = Duration::from_secs(24 * 3600);
/// A finished table stays in memory this long (its players read the end,
/// download the record), then leaves it.
pub const DEFAULT_FINISHED_KEPT: Duration = Duration::from_secs(10 * 60);

/// What the lobby and the protocol say of an ended table.
pub fn ended_json(e: Ended) -> EndedJson {
    let message = match e {
        Ended::Expired => "nobody took a seat at this table in time: it expired",
        Ended::Abandoned => "nobody played at this table for too long: it was abandoned",
    };
    EndedJson {
        reason: e,
        message: message.to_string(),
    }
}

/// Whether `inner` (of a table kept in the store, or a sandbox: not
/// `stored`) should end now (`now_ms`), and why.
pub fn due(inner: &TableInner, now_ms: i64, cfg: &Config, stored: bool) -> Option<Ended> {
    if inner.ended.is_some() || inner.game.finished() {
        return None;
    }
    let idle = Duration::from_millis(now_ms.saturating_sub(inner.active_at).max(0) as u64);
    if !stored {
        // A sandbox is its one player's: it ends when he leaves it.
        return (idle >= cfg.sandbox_idle).then_some(Ended::Abandoned);
    }
    let mut humans = inner.seats.iter().filter(|s| s.is_human()).peekable();
    let has_humans = humans.peek().is_some();
    let unjoined = has_humans && humans.all(|s| s.token_hash.is_none());
    if unjoined && idle >= cfg.unjoined_lifetime {
        Some(Ended::Expired)
    } else if idle >= cfg.abandoned_after {
        Some(Ended::Abandoned)
    } else {
        None
    }
}

/// Ends every table that is due, and lets finished tables that have been
/// over for `cfg.finished_kept` leave memory; returns how many ended.
pub async fn sweep(state: &Arc<AppState>) -> usize {
    let mut ended = 0;
    for t in state.all_tables() {
        if let Some(over) = t.finished_for() {
            // Read back from the store if anyone asks for it again.
            if over >= state.cfg.finished_kept {
                state.archive(&t.id);
            }
            continue;
        }
        let why = {
            let inner = t.inner.lock().await;
            due(&inner, crate::sqlite::now_ms(), &state.cfg, t.stored)
        };
        let Some(why) = why else { continue };
        match t.end(state.store_for(&t), why).await {
            Ok(true) => {
                state.archive(&t.id);
                ended += 1;
            }
            Ok(false) => {}
            Err(e) => tracing::error!(table = %t.id, error = %e, "store failed; the table is kept"),
        }
    }
    ended
}

/// Sweeps at start and then regularly (a tenth of the shorter lifetime,
/// from 0.1 s to a minute) until the server stops.
pub async fn run(state: Arc<AppState>) {
    let mut shutdown = state.shutdown.clone();
    let shorter = state
        .cfg
        .unjoined_lifetime
        .min(state.cfg.abandoned_after)
        .min(state.cfg.finished_kept)
        .min(state.cfg.sandbox_idle);
    let period = (shorter / 10).clamp(Duration::from_millis(100), Duration::from_secs(60));
    loop {
        sweep(&state).await;
        tokio::select! {
            _ = tokio::time::sleep(period) => {}
            _ = shutdown.wait_for(|&stop| stop) => return,
        }
    }
}

/// A rate per address: a token bucket of `burst` at most (fewer when the
/// hourly rate is lower), refilled at `per_hour` an hour (0: no limit).
/// Tables created use it (`BURST` at once), and so do chat lines.
pub struct AddressRate {
    per_hour: u32,
    burst: u32,
    buckets: Mutex<HashMap<AddressKey, (f64, Instant)>>,
}

impl AddressRate {
    pub fn new(per_hour: u32, burst: u32) -> AddressRate {
        AddressRate {
            per_hour,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn cap(&self) -> f64 {
        self.per_hour.clamp(1, self.burst.max(1)) as f64
    }

    /// The burst, for messages.
    pub fn burst(&self) -> u32 {
        self.cap() as u32
    }

    /// Takes one for `ip` at `now`: Ok, or Err with how long until the
    /// next one.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_hour == 0 {
            return Ok(());
        }
        let per_sec = self.per_hour as f64 / 3600.0;
        let cap = self.cap();
        let mut b = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if b.len() >= ADDRESSES_KEPT {
            // Forget the addresses whose buckets are full again: they are
            // where they would start.
            b.retain(|_, (tokens, last)| {
                *tokens + now.saturating_duration_since(*last).as_secs_f64() * per_sec < cap
            });
        }
        let (tokens, last) = b.entry(AddressKey::of(ip)).or_insert((cap, now));
        *tokens = (*tokens + now.saturating_duration_since(*last).as_secs_f64() * per_sec).min(cap);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / per_sec))
        }
    }

    /// The limit, for messages.
    pub fn per_hour(&self) -> u32 {
        self.per_hour
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_creates_a_burst_then_at_the_hourly_rate() {
        let r = AddressRate::new(30, BURST);
        let t0 = Instant::now();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..BURST {
            assert!(r.take(a, t0).is_ok());
        }
        // The 11th waits for the next (30 an hour: one every 2 minutes).
        let wait = r.take(a, t0).unwrap_err();
        assert_eq!(wait.as_secs(), 120);
        // Another address has its own.
        assert!(r.take(b, t0).is_ok());
        // Two minutes later, one more.
        let later = t0 + Duration::from_secs(120);
        assert!(r.take(a, later).is_ok());
        assert!(r.take(a, later).is_err());
    }

    #[test]
    fn a_low_rate_has_a_burst_of_its_hourly_count() {
        let r = AddressRate::new(2, BURST);
        let t0 = Instant::now();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(r.take(a, t0).is_ok());
        assert!(r.take(a, t0).is_ok());
        assert_eq!(r.take(a, t0).unwrap_err().as_secs(), 1800);
    }

    #[test]
    fn zero_is_no_limit() {
        let r = AddressRate::new(0, BURST);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let t0 = Instant::now();
        assert!((0..1000).all(|_| r.take(a, t0).is_ok()));
    }
}
