//! The lobby's news: a number that moves whenever the lobby changes in a
//! way a player looking for a game cares about (a table made, a seat taken,
//! a player come or gone, a new turn, a game over), so the page can wait
//! for the next change (`GET /api/tables?after=N`) instead of asking every
//! few seconds. Not every action moves it: a table's seq does not.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

/// The longest a lobby request waits for news: well under a request's
/// whole time (`connections::Timeouts::request`).
pub const WAIT: Duration = Duration::from_secs(20);

/// One server's lobby number, shared by its tables.
#[derive(Clone)]
pub struct LobbyNews(Arc<watch::Sender<u64>>);

impl Default for LobbyNews {
    fn default() -> LobbyNews {
        LobbyNews(Arc::new(watch::channel(1).0))
    }
}

impl LobbyNews {
    /// The lobby changed.
    pub fn changed(&self) {
        self.0.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// The lobby's number now.
    pub fn now(&self) -> u64 {
        *self.0.borrow()
    }

    /// Waits until the lobby's number is not `seen` any more, for at most
    /// `wait`, or until `stop` turns true (the server shutting down); the
    /// number then.
    pub async fn after(&self, seen: u64, wait: Duration, mut stop: watch::Receiver<bool>) -> u64 {
        let mut rx = self.0.subscribe();
        tokio::select! {
            _ = tokio::time::timeout(wait, rx.wait_for(|n| *n != seen)) => {}
            _ = stop.wait_for(|s| *s) => {}
        }
        self.now()
    }
}
