//! Sandboxes: a table to try one card of a player's own card file against
//! a computer player (`POST /api/cards/try`, the Cards page's "Try it").
//!
//! The game builds the table around the card (for the Babylon 5 CCG,
//! `b5_cards::sandbox`: the card in its player's hand, the cards it needs
//! to do something in play). The server seats the player at once (the
//! answer carries his seat's token) and a computer player opposite; the
//! table is then played as any other (`/api/tables/{id}/...`, its
//! WebSocket, undo included), with three differences:
//!
//! - it is never stored: nothing the page sent is written to the server's
//!   disk, and a restart forgets it (`store::Unstored`);
//! - it is not listed in the lobby (its id is known to its player only);
//! - it ends, and leaves memory, once nobody acted at it for
//!   `--sandbox-minutes` ([`DEFAULT_IDLE`]), or soon after its game ends.
//!
//! Bounds: at most `--max-sandboxes` ([`DEFAULT_MAX_SANDBOXES`]) at once
//! (0: the server offers none), each counted against `--max-tables` and
//! against its address's table creations (`--tables-per-hour`); the card
//! file is bounded by `--max-body`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::{ok, parse, rate_limited, rng_failed, ApiError, ApiResult, MAX_NAME};
use crate::secret;
use crate::table::{Bucket, Seat, Table, TableInner};
use crate::AppState;

/// Sandboxes held at once by default.
pub const DEFAULT_MAX_SANDBOXES: usize = 20;
/// A sandbox nobody acted at for this long ends, by default.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(30 * 60);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TryRequest {
    /// The card file, as the Cards page holds it.
    file: String,
    /// The card to try (case-insensitive), one of the file's or of the
    /// server's.
    card: String,
    /// The computer player opposite (the game's first by default).
    #[serde(default)]
    bot: Option<String>,
    /// The player's name at the table ("You" by default).
    #[serde(default)]
    name: Option<String>,
    /// The game ("b5ccg" by default).
    #[serde(default)]
    game: Option<String>,
}

/// `POST /api/cards/try`: a sandbox for one card; 201 with the table and
/// the player's seat and token, 400 saying what is wrong with the file or
/// the card (with its line when known), 403 when the server offers no
/// sandboxes, 429 when it holds its maximum or the address is over its
/// rate.
pub async fn try_card(
    State(state): State<Arc<AppState>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> ApiResult {
    let req: TryRequest = parse(&body)?;
    if state.cfg.max_sandboxes == 0 {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this server offers no sandboxes (b5 serve --max-sandboxes 0)",
        ));
    }
    let kind = state
        .kind(req.game.as_deref())
        .cloned()
        .ok_or_else(|| ApiError::bad("unknown game"))?;
    let bot = match req.bot.as_deref() {
        None => kind.bots().first().copied().unwrap_or("greedy"),
        Some(b) => kind
            .bots()
            .iter()
            .copied()
            .find(|k| *k == b)
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "\"bot\" must be one of this game's computer players ({})",
                    kind.bots().join(", ")
                ))
            })?,
    };
    let name = req.name.as_deref().map_or("You", str::trim).to_string();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return Err(ApiError::bad(format!(
            "\"name\" must be 1 to {MAX_NAME} printable characters"
        )));
    }
    let k2 = kind.clone();
    let prepared = tokio::task::spawn_blocking(move || k2.sandbox(&req.file, &req.card))
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the sandbox failed"))?
        .ok_or_else(|| ApiError::bad(format!("{} has no card files to try", kind.name())))?
        .map_err(|problems| {
            let message = problems
                .first()
                .map_or("the card cannot be tried".to_string(), |p| p.one_line());
            ApiError::bad(message).with("problems", json!(problems))
        })?;
    state
        .creations
        .take(from.ip(), std::time::Instant::now())
        .map_err(|wait| rate_limited(&state.creations, "create", "tables", wait))?;
    let held = state
        .all_tables()
        .iter()
        .filter(|t| !t.stored && !t.is_finished())
        .count();
    if held >= state.cfg.max_sandboxes || !state.reserve_table() {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the server holds its maximum of {} sandboxes; try later",
                state.cfg.max_sandboxes.min(state.cfg.max_tables)
            ),
        ));
    }
    let seed = secret::random_u64().map_err(rng_failed)?;
    let game = kind
        .new_game(&prepared.setup, seed)
        .map_err(|e| ApiError::bad(format!("the card cannot be tried: {e}")))?;
    let mut id = secret::hex(&secret::random_u64().map_err(rng_failed)?.to_le_bytes());
    while state.table(&id).is_some() {
        id = secret::hex(&secret::random_u64().map_err(rng_failed)?.to_le_bytes());
    }
    let token = secret::new_secret().map_err(rng_failed)?;
    let seat = |i: usize, player: &str, token_hash, name: Option<String>| Seat {
        player: player.to_string(),
        label: prepared.labels.get(i).cloned().unwrap_or_default(),
        invitation_hash: None,
        token_hash,
        name,
        away: false,
        bucket: Bucket::new(state.cfg.actions_per_second),
        connections: 0,
    };
    let seats = vec![
        seat(0, "human", Some(secret::hash(&token)), Some(name.clone())),
        seat(1, bot, None, None),
    ];
    let inner = TableInner::new(Arc::from(game), seats);
    let mut table = Table::new(
        id.clone(),
        kind.clone(),
        false,
        prepared.setup,
        seed,
        None,
        inner,
    );
    table.stored = false;
    state.insert_table(Arc::new(table));
    tracing::info!(table = %id, "sandbox created");
    ok(
        StatusCode::CREATED,
        json!({ "table": id, "seat": 0, "name": name, "token": token, "bot": bot }),
    )
}

/// The sandboxes' part of `GET /api`: whether the server offers them, and
/// how long one lasts unused.
pub fn info(state: &AppState) -> Value {
    json!({
        "max": state.cfg.max_sandboxes,
        "idle_minutes": state.cfg.sandbox_idle.as_secs() / 60,
    })
}
