//! The search computer players' thinking, bounded: a search takes some
//! tenths of a second of a core, so at most one runs per core at once
//! (computer seats wait their turn; advice asked while every core thinks is
//! refused with `429`), and a flood of requests for a strong player's
//! advice cannot take the server's cores from everyone else.

use std::sync::OnceLock;

use tokio::sync::{Semaphore, SemaphorePermit};

/// Whether `bot` is one of the searching players (`search-easy`, ...).
pub fn searches(bot: &str) -> bool {
    bot.starts_with("search")
}

fn permits() -> &'static Semaphore {
    static PERMITS: OnceLock<Semaphore> = OnceLock::new();
    PERMITS
        .get_or_init(|| Semaphore::new(std::thread::available_parallelism().map_or(1, |n| n.get())))
}

/// Waits for a core to think on (computer seats).
pub async fn wait() -> Option<SemaphorePermit<'static>> {
    permits().acquire().await.ok()
}

/// A core to think on now, if one is free (advice).
pub fn try_now() -> Option<SemaphorePermit<'static>> {
    permits().try_acquire().ok()
}
