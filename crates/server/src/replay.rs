//! A game stepped through (`GET /api/tables/{id}/replay?at=N`): the
//! position after the first N actions in effect, as the asker saw it then
//! (a seat's view, or a spectator's), and every action's log lines for the
//! asker, so the page can go through a game turn by turn and action by
//! action. It shows nothing the asker did not see at the time: a seat sees
//! its own hand as it was, a spectator what was public.
//!
//! A replay starts again from the table's set-up and seed each time (a few
//! milliseconds for a whole game); at most [`AT_ONCE`] run at once, so a
//! flood of requests costs the server no more than that.

use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::{Semaphore, SemaphorePermit};

use crate::game::{GameKind, Viewer};

/// Replays worked out at once, server-wide.
pub const AT_ONCE: usize = 2;

/// How long a request waits for its turn before it is refused as busy.
const WAIT: Duration = Duration::from_secs(5);

/// Why a position cannot be given.
#[derive(Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// `at` is past the actions in effect.
    PastTheEnd { at: u64, total: usize },
    /// Every replay slot was busy for [`WAIT`].
    Busy,
    /// The table's own actions no longer replay (a bug, or a changed engine).
    Replay(String),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::PastTheEnd { at, total } => write!(
                f,
                "at={at} is past the end: this game has {total} action{} in effect (at goes from 0 to {total})",
                if *total == 1 { "" } else { "s" }
            ),
            ReplayError::Busy => write!(f, "the server is replaying other games: ask again in a moment"),
            ReplayError::Replay(why) => write!(f, "the game could not be replayed: {why}"),
        }
    }
}

/// A replay slot, waited for up to [`WAIT`].
pub async fn slot() -> Result<SemaphorePermit<'static>, ReplayError> {
    static SLOTS: OnceLock<Semaphore> = OnceLock::new();
    let slots = SLOTS.get_or_init(|| Semaphore::new(AT_ONCE));
    match tokio::time::timeout(WAIT, slots.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ReplayError::Busy),
    }
}

/// The position after the first `at` of `actions` (all of them when
/// None) for `viewer`:
/// `{"at", "total", "turn", "finished", "winners", "view", "steps"?}`.
/// With `steps`, every action's `{"seat", "turn", "log"}` (`"events"`
/// instead of `"log"` for a game that writes no sentences), for the whole
/// game, as `viewer` may read them, and the set-up's `first_turn`.
pub fn position(
    kind: &dyn GameKind,
    setup: &Value,
    seed: u64,
    actions: &[(usize, Value)],
    viewer: Viewer,
    at: Option<u64>,
    steps: bool,
) -> Result<Value, ReplayError> {
    let total = actions.len();
    let at = match at {
        None => total,
        Some(n) if n <= total as u64 => n as usize,
        Some(n) => return Err(ReplayError::PastTheEnd { at: n, total }),
    };
    let mut game = kind.new_game(setup, seed).map_err(ReplayError::Replay)?;
    let first_turn = game.turn();
    let mut here = None;
    let mut lines = Vec::with_capacity(if steps { total } else { 0 });
    let last = if steps { total } else { at };
    for (i, (seat, action)) in actions[..last].iter().enumerate() {
        if i == at {
            here = Some(snapshot(game.as_ref(), viewer));
        }
        let events = game.apply(*seat, action).map_err(|e| {
            ReplayError::Replay(format!("action {i} of seat {seat}: {}", e.message))
        })?;
        if steps {
            let log = events.log(viewer);
            let mut step = json!({ "seat": seat, "turn": game.turn() });
            if log.is_empty() {
                step["events"] = events.for_viewer(viewer);
            } else {
                step["log"] = json!(log);
            }
            lines.push(step);
        }
    }
    let mut v = here.unwrap_or_else(|| snapshot(game.as_ref(), viewer));
    v["at"] = json!(at);
    v["total"] = json!(total);
    if steps {
        v["first_turn"] = json!(first_turn);
        v["steps"] = Value::Array(lines);
    }
    Ok(v)
}

/// What the page draws of one position.
fn snapshot(game: &dyn crate::game::TableGame, viewer: Viewer) -> Value {
    json!({
        "turn": game.turn(),
        "finished": game.finished(),
        "winners": game.winners(),
        "view": game.view(viewer),
    })
}
