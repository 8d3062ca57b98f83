//! The HTTP half of the protocol (`docs/protocol.md`): create a table, the
//! lobby, join a seat, the state, actions, a seat handed to the computer
//! player. Every error is JSON: `{"status": N, "error": "message", ...}`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

use crate::game::{SetupProblem, Viewer};
use crate::secret;
use crate::store::{NewTable, StoredSeat};
use crate::table::{
    blocking, Bucket, ChartError, ChatError, Seat, SubmitError, Table, TableInner, UndoError,
    UndoOutcome,
};
use crate::AppState;

/// The protocol's version, in `GET /api` and `docs/protocol.md`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest display name, in characters.
pub const MAX_NAME: usize = 40;

/// An error answer: a status and a JSON body with a message.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: serde_json::Map<String, Value>,
    /// Seconds after which the client may ask again (`Retry-After`).
    retry_after: Option<u32>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let mut body = serde_json::Map::new();
        body.insert("status".into(), json!(status.as_u16()));
        body.insert("error".into(), Value::String(message.into()));
        ApiError {
            status,
            body,
            retry_after: None,
        }
    }

    /// The client may ask again after `seconds` (`Retry-After`).
    pub fn with_retry_after(mut self, seconds: u32) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.body.insert(key.into(), value);
        self
    }

    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    fn no_table(id: &str) -> ApiError {
        let shown: String = id.chars().take(40).collect();
        ApiError::new(StatusCode::NOT_FOUND, format!("no table \"{shown}\""))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (
            self.status,
            [(CONTENT_TYPE, "application/json")],
            Value::Object(self.body).to_string(),
        )
            .into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        r
    }
}

pub(crate) type ApiResult = Result<Response, ApiError>;

pub(crate) fn ok(status: StatusCode, v: Value) -> ApiResult {
    Ok((status, [(CONTENT_TYPE, "application/json")], v.to_string()).into_response())
}

/// Parses a JSON body, or a 400 saying what is wrong with it.
pub(crate) fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("malformed request: {e}")))
}

/// The bearer token, if any; a malformed `Authorization` header is a 401.
fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(h) = headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let s = h.to_str().map_err(|_| unauthorized())?;
    // The scheme's name is case-insensitive (RFC 7235, 2.1).
    let token = match s.split_once(' ') {
        Some((scheme, t)) if scheme.eq_ignore_ascii_case("bearer") => t.trim(),
        _ => return Err(unauthorized()),
    };
    if token.is_empty() || token.len() > 256 {
        return Err(unauthorized());
    }
    Ok(Some(token.to_string()))
}

fn unauthorized() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "missing or malformed token: send \"Authorization: Bearer <token>\"",
    )
}

fn forbidden() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "this token is not valid at this table",
    )
}

async fn table_of(state: &Arc<AppState>, id: &str) -> Result<Arc<Table>, ApiError> {
    state
        .find_table(id)
        .await
        .map_err(|e| ApiError::new(e.status(), e.to_string()))?
        .ok_or_else(|| ApiError::no_table(id))
}

fn seat_index(n: &str, inner: &TableInner) -> Result<usize, ApiError> {
    n.parse::<usize>()
        .ok()
        .filter(|&i| i < inner.seats.len())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!(
                    "no seat \"{}\" at this table",
                    n.chars().take(20).collect::<String>()
                ),
            )
        })
}

pub fn router(state: Arc<AppState>) -> Router {
    let max = state.cfg.max_body;
    let timeouts = state.cfg.timeouts;
    Router::new()
        .route("/api", get(api_info))
        .route("/api/stats", get(stats))
        .route("/api/tables", get(lobby).post(create_table))
        .route("/api/tables/{id}", get(table_summary))
        .route("/api/tables/{id}/seats/{n}/join", post(join))
        .route("/api/tables/{id}/seats/{n}/away", post(away))
        .route("/api/tables/{id}/state", get(table_state))
        .route("/api/tables/{id}/actions", post(act))
        .route("/api/tables/{id}/undo", post(ask_undo))
        .route("/api/tables/{id}/undo/answer", post(answer_undo))
        .route("/api/tables/{id}/chat", get(read_chat).post(write_chat))
        .route("/api/tables/{id}/save", get(save))
        .route("/api/tables/{id}/chart", get(chart))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/ws", get(crate::ws::upgrade))
        .route("/api/tables/{id}/why", get(why))
        .route("/api/tables/{id}/advice", get(advice))
        .route("/api/cards", get(cards))
        .route("/api/cards/try", post(crate::sandbox::try_card))
        .route(
            "/api/packs",
            get(crate::packs::list).post(crate::packs::offer),
        )
        .route("/api/packs/{name}", get(crate::packs::one))
        .route("/api/decks/check", post(check_deck))
        .route("/api/cards/check", post(check_cards))
        .fallback(not_found)
        // A table another process serves: its requests are passed there.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::processes::route,
        ))
        .layer(DefaultBodyLimit::max(max))
        .layer(RequestBodyLimitLayer::new(max))
        // A body that pauses too long, a request that takes too long: 408.
        .layer(RequestBodyTimeoutLayer::new(timeouts.body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeouts.request,
        ))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such endpoint (see docs/protocol.md)",
    )
}

/// Turns every error answer that is not JSON yet (the framework's own:
/// 413, 405, a bad path) into the protocol's JSON error.
async fn json_errors(res: Response) -> Response {
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let is_json = res
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut res = if is_json {
        res
    } else {
        let (_, body) = res.into_parts();
        let text = axum::body::to_bytes(body, 2048)
            .await
            .map(|b| String::from_utf8_lossy(&b).trim().to_string())
            .unwrap_or_default();
        let message = if text.is_empty() {
            status.canonical_reason().unwrap_or("error").to_string()
        } else {
            text
        };
        ApiError::new(status, message).into_response()
    };
    // A body refused as too large or too slow is left unread, so the
    // connection closes after this answer: say so (RFC 9112, 9.6), or a
    // client may send its next request on it and lose that request.
    if matches!(
        status,
        StatusCode::PAYLOAD_TOO_LARGE | StatusCode::REQUEST_TIMEOUT
    ) {
        res.headers_mut().insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    res
}

async fn api_info(State(state): State<Arc<AppState>>) -> ApiResult {
    ok(
        StatusCode::OK,
        json!({
            "protocol": PROTOCOL_VERSION,
            "games": state.kind_names(),
            "bots": state.kind(None).map(|k| k.bots().to_vec()).unwrap_or_default(),
            "decks": state.kind(None).map(|k| k.decks()).unwrap_or_default(),
            "sandboxes": crate::sandbox::info(&state),
            "card_packs": state.packs.enabled(),
        }),
    )
}

/// The server's load: tables held and in play, open WebSockets, resident
/// memory (for `b5 loadtest`).
async fn stats(State(state): State<Arc<AppState>>) -> ApiResult {
    let tables = state.all_tables();
    let in_play = tables.iter().filter(|t| !t.is_finished()).count();
    ok(
        StatusCode::OK,
        json!({
            "tables": tables.len(),
            "tables_in_play": in_play,
            "websockets": state.websockets.load(std::sync::atomic::Ordering::Relaxed),
            "rss_bytes": crate::resident_bytes(),
        }),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LobbyQuery {
    /// The lobby's `news` number last seen: the answer waits (up to
    /// `lobby_news::WAIT`) until the lobby changes from it.
    after: Option<u64>,
}

async fn lobby(
    State(state): State<Arc<AppState>>,
    headers: axum::http::HeaderMap,
    axum::extract::Query(q): axum::extract::Query<LobbyQuery>,
) -> ApiResult {
    // Several processes: the other processes' tables too, unless another
    // process asks for this one's own.
    let peers =
        state.store.shared().is_some() && !headers.contains_key(crate::processes::FORWARDED);
    let news = &state.lobby_news;
    let news = match q.after {
        Some(seen) if seen == news.now() => {
            // The other processes' changes are not news here: a page
            // waiting with several processes asks again within seconds.
            let wait = if peers {
                crate::lobby_news::WAIT.min(crate::processes::LOBBY_WAIT)
            } else {
                crate::lobby_news::WAIT
            };
            news.after(seen, wait, state.shutdown.clone()).await
        }
        _ => news.now(),
    };
    // A sandbox is its player's alone: not listed.
    let mut tables: Vec<Value> = state
        .all_tables()
        .iter()
        .filter(|t| t.stored)
        .map(|t| serde_json::to_value(t.lobby()).unwrap_or(Value::Null))
        .collect();
    if peers {
        tables.extend(crate::processes::peers_lobby(&state).await.iter().cloned());
    }
    ok(StatusCode::OK, json!({ "tables": tables, "news": news }))
}

async fn table_summary(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> ApiResult {
    let t = table_of(&state, &id).await?;
    ok(
        StatusCode::OK,
        serde_json::to_value(t.lobby()).unwrap_or(Value::Null),
    )
}

/// `?game=NAME` (the server's first game when absent).
#[derive(Deserialize)]
struct GameQuery {
    game: Option<String>,
}

fn kind_of<'a>(
    state: &'a AppState,
    game: Option<&str>,
) -> Result<&'a Arc<dyn crate::game::GameKind>, ApiError> {
    state.kind(game).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no game \"{}\" here (games: {})",
                game.unwrap_or("").chars().take(40).collect::<String>(),
                state.kind_names().join(", ")
            ),
        )
    })
}

/// The game's cards, public: every card's name and its full text.
async fn cards(
    State(state): State<Arc<AppState>>,
    axum::extract::Query(q): axum::extract::Query<GameQuery>,
) -> ApiResult {
    let kind = kind_of(&state, q.game.as_deref())?;
    ok(
        StatusCode::OK,
        json!({ "game": kind.name(), "cards": kind.cards() }),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckCheck {
    list: String,
    game: Option<String>,
    /// A card pack's name: the list is checked with its cards.
    #[serde(default)]
    pack: Value,
}

/// A deck list checked as a seat's deck would be, before a table is made.
async fn check_deck(State(state): State<Arc<AppState>>, body: Bytes) -> ApiResult {
    let req: DeckCheck = parse(&body)?;
    let kind = kind_of(&state, req.game.as_deref())?.clone();
    let pack = state.packs.resolve(&req.pack, kind.name())?;
    let checked = tokio::task::spawn_blocking(move || {
        let file = pack.as_ref().and_then(|p| p["file"].as_str());
        kind.check_deck(&req.list, file)
    })
    .await
    .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the deck check failed"))?;
    match checked {
        Some(v) => ok(StatusCode::OK, v),
        None => Err(ApiError::bad("this game has no deck lists")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFileCheck {
    text: String,
}

/// A card file checked as it is written (the Cards page): each card's
/// generated rules text beside the printed text it keeps, with the words
/// where they differ, or the first error at its line and column. Nothing
/// the page sends is kept.
async fn check_cards(body: Bytes) -> ApiResult {
    let req: CardFileCheck = parse(&body)?;
    let checked =
        tokio::task::spawn_blocking(move || b5_cards::check::check_file(&req.text, "card file"))
            .await
            .map_err(|_| {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the card check failed")
            })?;
    match checked {
        Ok(cards) => {
            let cards: Vec<Value> = cards
                .into_iter()
                .map(|c| {
                    let same = c.same();
                    let mut v = json!(c);
                    v["same"] = json!(same);
                    v
                })
                .collect();
            ok(StatusCode::OK, json!({ "ok": true, "cards": cards }))
        }
        Err(e) => ok(
            StatusCode::OK,
            json!({
                "ok": false,
                "error": {
                    "line": e.line,
                    "column": e.column,
                    "field": e.field,
                    "message": e.message,
                },
            }),
        ),
    }
}

/// The seat of a request's token and the table's game now (a copy).
async fn seat_game(
    state: &AppState,
    table: &Table,
    headers: &HeaderMap,
) -> Result<(usize, u64, Arc<dyn crate::game::TableGame>), ApiError> {
    let seat = limited_seat(state, table, headers).await?;
    let inner = table.inner.lock().await;
    Ok((seat, inner.seq, inner.game.clone()))
}

/// Why familiar actions are not on offer to the token's seat now.
async fn why(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let (seat, seq, game) = seat_game(&state, &table, &headers).await?;
    let why = tokio::task::spawn_blocking(move || game.why(seat))
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the check failed"))?;
    ok(StatusCode::OK, json!({ "seq": seq, "why": why }))
}

#[derive(Deserialize)]
struct AdviceQuery {
    bot: Option<String>,
}

/// A computer player's choice for the token's seat, as advice: the action
/// (one of the seat's legal actions) and its label. The computer player
/// reads only what the seat may know, so its advice tells nothing more.
async fn advice(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    axum::extract::Query(q): axum::extract::Query<AdviceQuery>,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let (seat, seq, game) = seat_game(&state, &table, &headers).await?;
    let kind = kind_of(&state, Some(&table.game_name))?;
    let bot = q.bot.unwrap_or_else(|| "greedy".into());
    if !kind.bots().contains(&bot.as_str()) {
        return Err(ApiError::bad(format!(
            "no computer player \"{}\" (these: {})",
            bot.chars().take(40).collect::<String>(),
            kind.bots().join(", ")
        )));
    }
    let seed = seq.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seat as u64;
    // A search counts on the decks' lists: with a pasted list at the table
    // its advice could tell something of it, so the greedy player advises.
    let bot = if crate::thinking::searches(&bot) && !game.lists_public() {
        "greedy".to_string()
    } else {
        bot
    };
    let permit = if crate::thinking::searches(&bot) {
        let Some(p) = crate::thinking::try_now() else {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "every core is thinking for a search player now: ask again in a moment",
            ));
        };
        Some(p)
    } else {
        None
    };
    let advisor = bot.clone();
    let answer = tokio::task::spawn_blocking(move || {
        // Held until the thinking ends, even if the client goes away.
        let _permit = permit;
        let bot = advisor;
        // A searching player's three best, with their chances.
        let top: Vec<Value> = game
            .bot_estimates(seat, &bot, seed)
            .unwrap_or_default()
            .into_iter()
            .take(3)
            .map(|(action, chance)| {
                let label = game.label(seat, &action);
                json!({ "action": action, "label": label, "chance": (chance * 1000.0).round() / 1000.0 })
            })
            .collect();
        let action = match top.first() {
            Some(best) => best["action"].clone(),
            None => game.bot_action(seat, &bot, seed)?,
        };
        let label = game.label(seat, &action);
        Some((action, label, top))
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the computer player failed",
        )
    })?;
    match answer {
        Some((action, label, top)) if !top.is_empty() => ok(
            StatusCode::OK,
            json!({ "seq": seq, "action": action, "label": label, "top": top, "bot": bot }),
        ),
        Some((action, label, _)) => ok(
            StatusCode::OK,
            json!({ "seq": seq, "action": action, "label": label, "bot": bot }),
        ),
        None => Err(
            ApiError::new(StatusCode::CONFLICT, "this seat has no choice to make now")
                .with("seq", json!(seq)),
        ),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    game: Option<String>,
    seats: Vec<Value>,
    #[serde(default)]
    options: Value,
    #[serde(default = "yes")]
    spectators: bool,
    seed: Option<u64>,
    /// The move clock, in milliseconds.
    clock_ms: Option<u64>,
    /// Anyone may take a free human seat from the lobby.
    #[serde(default)]
    open_seats: bool,
    /// The computer players' pause before each action, in milliseconds.
    bot_delay_ms: Option<u64>,
}

/// The computer players' pace a table may ask for, in milliseconds.
pub const BOT_DELAY_MS: std::ops::RangeInclusive<u64> = 0..=10_000;

/// The move clock's bounds, in milliseconds.
pub const CLOCK_MS: std::ops::RangeInclusive<u64> = 100..=86_400_000;

fn yes() -> bool {
    true
}

async fn create_table(
    State(state): State<Arc<AppState>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> ApiResult {
    let req: CreateRequest = parse(&body)?;
    let kind = state.kind(req.game.as_deref()).cloned().ok_or_else(|| {
        ApiError::bad(format!(
            "unknown game (this server hosts: {})",
            state.kind_names().join(", ")
        ))
    })?;
    if req.seed.is_some() && !state.cfg.test_mode {
        return Err(ApiError::bad(
            "a table's seed cannot be chosen (only a server started with --test-mode allows it)",
        ));
    }
    if req.clock_ms.is_some_and(|c| !CLOCK_MS.contains(&c)) {
        return Err(ApiError::bad(format!(
            "\"clock_ms\" must be from {} to {} milliseconds",
            CLOCK_MS.start(),
            CLOCK_MS.end()
        )));
    }
    if req.bot_delay_ms.is_some_and(|d| !BOT_DELAY_MS.contains(&d)) {
        return Err(ApiError::bad(format!(
            "\"bot_delay_ms\" must be from {} to {} milliseconds",
            BOT_DELAY_MS.start(),
            BOT_DELAY_MS.end()
        )));
    }
    if req.seats.is_empty() || req.seats.len() > 16 {
        return Err(ApiError::bad("\"seats\" must list 2 to 6 seats"));
    }
    let mut players = Vec::new();
    for (i, s) in req.seats.iter().enumerate() {
        let p = s.get("player").and_then(Value::as_str).unwrap_or("");
        if p != "human" && !kind.bots().contains(&p) {
            return Err(ApiError::bad(format!(
                "seat {i}: \"player\" must be \"human\" or a computer player ({})",
                kind.bots().join(", ")
            ))
            .with("seat", json!(i)));
        }
        players.push(p.to_string());
    }
    let seats = req.seats.clone();
    let mut options = req.options.clone();
    // A card pack is named; the game gets its file.
    if let Some(o) = options.as_object_mut() {
        if let Some(named) = o.remove("pack") {
            if let Some(p) = state.packs.resolve(&named, kind.name())? {
                o.insert("pack".into(), p);
            }
        }
    }
    let k2 = kind.clone();
    let prepared = tokio::task::spawn_blocking(move || k2.prepare(&seats, &options))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let prepared = prepared.map_err(|problems| {
        let first = problems
            .first()
            .map(SetupProblem::one_line)
            .unwrap_or_else(|| "the table's set-up is not legal".into());
        ApiError::bad(first).with("problems", json!(problems))
    })?;
    let seed = match req.seed {
        Some(s) => s,
        None => secret::random_u64().map_err(rng_failed)?,
    };
    let game = kind
        .new_game(&prepared.setup, seed)
        .map_err(|e| ApiError::bad(format!("the table's set-up is not legal: {e}")))?;
    state
        .creations
        .take(from.ip(), std::time::Instant::now())
        .map_err(|wait| rate_limited(&state.creations, "create", "tables", wait))?;
    if !state.reserve_table() {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the server holds its maximum of {} tables in play; try later",
                state.cfg.max_tables
            ),
        ));
    }
    let mut id = secret::hex(&secret::random_u64().map_err(rng_failed)?.to_le_bytes());
    while state.table(&id).is_some() {
        id = secret::hex(&secret::random_u64().map_err(rng_failed)?.to_le_bytes());
    }
    let mut invitations = Vec::new();
    let mut stored = Vec::new();
    let mut seats = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let label = prepared.labels.get(i).cloned().unwrap_or_default();
        let inv = if p == "human" {
            let s = secret::new_secret().map_err(rng_failed)?;
            let h = secret::hash(&s);
            invitations.push(json!({ "seat": i, "invitation": s }));
            Some(h)
        } else {
            None
        };
        stored.push(StoredSeat {
            player: p.clone(),
            label: label.clone(),
            invitation_hash: inv,
            token_hash: None,
            name: None,
            away: false,
        });
        seats.push(Seat {
            player: p.clone(),
            label,
            invitation_hash: inv,
            token_hash: None,
            name: None,
            away: false,
            bucket: Bucket::new(state.cfg.actions_per_second),
            connections: 0,
        });
    }
    let new = NewTable {
        id: id.clone(),
        game: kind.name().to_string(),
        setup: prepared.setup.clone(),
        seed,
        spectators: req.spectators,
        clock_ms: req.clock_ms,
        open_seats: req.open_seats,
        bot_delay_ms: req.bot_delay_ms,
        seats: stored,
    };
    blocking(&state.store, move |s| s.create_table(&new))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let mut inner = TableInner::new(Arc::from(game), seats);
    inner.open_seats = req.open_seats;
    inner.bot_pace = req.bot_delay_ms.map(std::time::Duration::from_millis);
    let table = Arc::new(Table::new(
        id.clone(),
        kind.clone(),
        req.spectators,
        prepared.setup,
        seed,
        req.clock_ms.map(std::time::Duration::from_millis),
        inner,
    ));
    state.insert_table(table);
    tracing::info!(table = %id, seats = players.len(), "table created");
    ok(
        StatusCode::CREATED,
        json!({ "table": id, "seats": invitations }),
    )
}

/// An address over one of its rates (`expiry.rs`): 429, saying the rate
/// and the seconds to wait (`retry_after`).
pub(crate) fn rate_limited(
    rate: &crate::expiry::AddressRate,
    verb: &str,
    what: &str,
    wait: std::time::Duration,
) -> ApiError {
    let secs = (wait.as_secs_f64().ceil() as u64).max(1);
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "your address may {verb} {} {what} an hour (at most {} at once); the next in {secs} s",
            rate.per_hour(),
            rate.burst()
        ),
    )
    .with("retry_after", json!(secs))
}

pub(crate) fn rng_failed(e: getrandom::Error) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("the system's random generator failed: {e}"),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
}

async fn join(
    State(state): State<Arc<AppState>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    Path((id, n)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    // Without an invitation: an open seat, or nothing (below); taken at
    // an address's rate.
    let invitation = bearer(&headers)?;
    if invitation.is_none() {
        state
            .open_joins
            .take(from.ip(), std::time::Instant::now())
            .map_err(|wait| rate_limited(&state.open_joins, "take", "open seats", wait))?;
    }
    let req: JoinRequest = parse(&body)?;
    let name = req.name.trim().to_string();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return Err(ApiError::bad(format!(
            "\"name\" must be 1 to {MAX_NAME} printable characters"
        )));
    }
    let st = state.clone();
    let t2 = table.clone();
    let name2 = name.clone();
    let (seat, token) = detached(async move {
        let name = name2;
        let (state, table) = (st, t2);
        let mut inner = table.inner.lock().await;
        let seat = seat_index(&n, &inner)?;
        if let Some(e) = inner.ended {
            return Err(ended_error(e));
        }
        let s = &inner.seats[seat];
        if !s.is_human() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "this seat is played by the computer",
            ));
        }
        let valid = match &invitation {
            Some(i) => s
                .invitation_hash
                .as_ref()
                .is_some_and(|h| secret::matches(i, h)),
            // An open seat is anyone's who asks first.
            None if inner.open_seats => true,
            None => return Err(unauthorized()),
        };
        if !valid {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "this invitation is not valid for this seat",
            ));
        }
        if s.token_hash.is_some() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "this seat is already taken (its invitation was used)",
            ));
        }
        let token = secret::new_secret().map_err(rng_failed)?;
        let h = secret::hash(&token);
        let (tid, nm) = (table.id.clone(), name.clone());
        blocking(state.store_for(&table), move |s| {
            s.join_seat(&tid, seat, &h, &nm)
        })
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        inner.seats[seat].token_hash = Some(h);
        inner.seats[seat].name = Some(name.clone());
        inner.active_at = crate::sqlite::now_ms();
        table.refresh_lobby(&inner);
        drop(inner);
        table.notice(json!({ "type": "joined", "seat": seat, "name": name }));
        Ok((seat, token))
    })
    .await?;
    tracing::info!(table = %table.id, seat, "seat taken");
    ok(
        StatusCode::OK,
        json!({ "table": table.id, "seat": seat, "name": name, "token": token }),
    )
}

/// The seat a request's token belongs to: 401 without one, 403 for a
/// token that is not this table's.
async fn seat_of(table: &Table, headers: &HeaderMap) -> Result<usize, ApiError> {
    let token = bearer(headers)?.ok_or_else(unauthorized)?;
    let inner = table.inner.lock().await;
    inner.seat_of_token(&token).ok_or_else(forbidden)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AwayRequest {
    away: bool,
}

async fn away(
    State(state): State<Arc<AppState>>,
    Path((id, n)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let seat = seat_of(&table, &headers).await?;
    let req: AwayRequest = parse(&body)?;
    {
        let inner = table.inner.lock().await;
        if seat_index(&n, &inner)? != seat {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "a seat's token can only hand over its own seat",
            ));
        }
    }
    let reason = if req.away { "player" } else { "back" };
    let (t, st, away) = (table.clone(), state.clone(), req.away);
    detached(async move {
        t.set_away(st.store_for(&t), seat, away, reason)
            .await
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    })
    .await?;
    ok(StatusCode::OK, json!({ "seat": seat, "away": req.away }))
}

/// What `viewer` may know of the table now.
pub fn state_json(table: &Table, inner: &TableInner, viewer: Viewer) -> Value {
    let g = &inner.game;
    let (seat, legal, to_act) = match viewer {
        Viewer::Seat(s) => {
            let to_act = g.to_act().contains(&s);
            (json!(s), g.legal_actions(s), to_act)
        }
        Viewer::Spectator => (Value::Null, Vec::new(), false),
    };
    let mut v = json!({
        "table": table.id,
        "seq": inner.seq,
        "seat": seat,
        "view": g.view(viewer),
        "legal_actions": legal,
        "to_act": to_act,
        "pending": g.to_act(),
        "finished": g.finished(),
        "winners": g.winners(),
        "undo": inner.undo,
        "clock": table.clock_json(inner.seq),
        "ended": inner.ended.map(crate::expiry::ended_json),
    });
    if !table.stored {
        // A sandbox (`sandbox.rs`): the page offers the way back to the
        // player's cards.
        v["sandbox"] = json!(true);
    }
    if g.finished() {
        // Only once the game is over: a digest of a running game could be
        // searched for the hidden state.
        v["digest"] = json!(format!("{:016x}", g.digest()));
    }
    v
}

async fn table_state(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let token = bearer(&headers)?;
    let inner = table.inner.lock().await;
    let viewer = viewer_of(&table, &inner, token.as_deref())?;
    let v = state_json(&table, &inner, viewer);
    drop(inner);
    ok(StatusCode::OK, v)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    pub seq: u64,
    pub action: Value,
}

async fn act(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let seat = limited_seat(&state, &table, &headers).await?;
    let req: ActionRequest = parse(&body)?;
    submit(&state, &table, seat, req).await
}

/// The seat of the request's token, counting the request against the
/// seat's actions per second.
async fn limited_seat(
    state: &AppState,
    table: &Table,
    headers: &HeaderMap,
) -> Result<usize, ApiError> {
    let token = bearer(headers)?.ok_or_else(unauthorized)?;
    let mut inner = table.inner.lock().await;
    let seat = inner.seat_of_token(&token).ok_or_else(forbidden)?;
    let rate = state.cfg.actions_per_second;
    if !inner.seats[seat].bucket.take(rate) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("at most {rate} actions per second"),
        ));
    }
    Ok(seat)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoAsk {
    seq: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoAnswer {
    seq: u64,
    accept: bool,
}

fn undo_answer(o: UndoOutcome) -> ApiResult {
    match o {
        UndoOutcome::Asked(waiting) => ok(
            StatusCode::ACCEPTED,
            json!({ "undo": "asked", "waiting": waiting }),
        ),
        UndoOutcome::Done(seq) => ok(StatusCode::OK, json!({ "undo": "done", "seq": seq })),
        UndoOutcome::Refused => ok(StatusCode::OK, json!({ "undo": "refused" })),
        UndoOutcome::Withdrawn => ok(StatusCode::OK, json!({ "undo": "withdrawn" })),
    }
}

fn undo_error(e: UndoError) -> ApiError {
    let c = StatusCode::CONFLICT;
    match e {
        UndoError::Stale { given, current } => ApiError::new(
            c,
            format!("stale seq: the request is for seq {current}, not {given}"),
        )
        .with("seq", json!(current)),
        UndoError::NothingToUndo => ApiError::new(c, "you have no action in effect to take back"),
        UndoError::Finished => ApiError::new(c, "the game is over"),
        UndoError::AlreadyAsked => ApiError::new(c, "an undo is already asked for"),
        UndoError::NoRequest => ApiError::new(c, "no undo is asked for"),
        UndoError::NotAsked => ApiError::new(c, "your answer is not needed"),
        UndoError::Failed(m) => {
            tracing::error!(error = %m, "undo failed");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the undo failed; nothing changed",
            )
        }
        UndoError::Store(e) => store_refused(e, "the store failed; nothing changed"),
    }
}

async fn ask_undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let seat = limited_seat(&state, &table, &headers).await?;
    let req: UndoAsk = parse(&body)?;
    let (t, st) = (table.clone(), state.clone());
    let o = detached(async move {
        t.ask_undo(st.store_for(&t), seat, req.seq)
            .await
            .map_err(undo_error)
    })
    .await?;
    undo_answer(o)
}

async fn answer_undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let seat = limited_seat(&state, &table, &headers).await?;
    let req: UndoAnswer = parse(&body)?;
    let (t, st) = (table.clone(), state.clone());
    let o = detached(async move {
        t.answer_undo(st.store_for(&t), seat, req.seq, req.accept)
            .await
            .map_err(undo_error)
    })
    .await?;
    undo_answer(o)
}

/// Longest chat line, in characters.
pub const MAX_CHAT: usize = 500;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    text: String,
}

async fn write_chat(
    State(state): State<Arc<AppState>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let seat = limited_seat(&state, &table, &headers).await?;
    let req: ChatRequest = parse(&body)?;
    let text = req.text.trim().to_string();
    if text.is_empty()
        || text.chars().count() > MAX_CHAT
        || text.chars().any(|c| c.is_control() && c != '\n')
    {
        return Err(ApiError::bad(format!(
            "\"text\" must be 1 to {MAX_CHAT} printable characters"
        )));
    }
    // Per address, at every table together (expiry.rs).
    state
        .chat_rate
        .take(from.ip(), std::time::Instant::now())
        .map_err(|wait| rate_limited(&state.chat_rate, "write", "chat lines", wait))?;
    let (t, st) = (table.clone(), state.clone());
    let n = detached(async move { Ok(t.chat(st.store_for(&t), seat, text).await) })
        .await?
        .map_err(|e| match e {
            ChatError::Ended(e) => ended_error(e),
            ChatError::Full(why) => ApiError::new(StatusCode::CONFLICT, why),
            ChatError::Store(e) => store_refused(e, "the store failed; the line was not kept"),
        })?;
    ok(StatusCode::OK, json!({ "n": n }))
}

/// A finished game's record, for anyone who may view the table.
/// Who reads the table: the token's seat, or a spectator (no token) at a
/// table that allows them.
fn viewer_of(table: &Table, inner: &TableInner, token: Option<&str>) -> Result<Viewer, ApiError> {
    match token {
        Some(t) => Ok(Viewer::Seat(inner.seat_of_token(t).ok_or_else(forbidden)?)),
        None if table.spectators => Ok(Viewer::Spectator),
        None => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this table does not allow spectators",
        )),
    }
}

/// Whether the request may read the table's finished game (its record,
/// its chart): a seat's token, or none at a table that allows spectators.
async fn may_read_record(table: &Table, headers: &HeaderMap) -> Result<(), ApiError> {
    let token = bearer(headers)?;
    viewer_of(table, &*table.inner.lock().await, token.as_deref()).map(|_| ())
}

/// A finished game's chart: every seat's estimated chance to win after
/// each turn (`Table::chart`).
async fn chart(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    may_read_record(&table, &headers).await?;
    match table.chart().await {
        Ok(chart) => ok(StatusCode::OK, chart.as_ref().clone()),
        Err(ChartError::NotOver) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "the game is not over: its chart would tell what the search sees of hidden cards",
        )),
        Err(ChartError::NoEstimates) => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "this game's computer players make no estimates",
        )),
        Err(ChartError::Busy) => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "every core is thinking for a search player now: ask again in a moment",
        )),
        Err(ChartError::Replay(why)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the game could not be replayed for its chart: {why}"),
        )),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuery {
    /// How many of the actions in effect to replay (all when absent).
    at: Option<u64>,
    /// Whether to send every action's log (`steps`) too.
    #[serde(default)]
    steps: bool,
}

/// A position of the game, as the asker saw it then, and every action's
/// log when asked (`Table::replay`): a finished game, or a running one up
/// to now, stepped through in the page.
async fn replay(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    axum::extract::Query(q): axum::extract::Query<ReplayQuery>,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let token = bearer(&headers)?;
    let viewer = viewer_of(&table, &*table.inner.lock().await, token.as_deref())?;
    match table.replay(viewer, q.at, q.steps).await {
        Ok(mut v) => {
            v["table"] = json!(table.id);
            v["game"] = json!(table.game_name);
            v["seat"] = match viewer {
                Viewer::Seat(s) => json!(s),
                Viewer::Spectator => Value::Null,
            };
            ok(StatusCode::OK, v)
        }
        Err(e @ crate::replay::ReplayError::PastTheEnd { .. }) => Err(ApiError::bad(e.to_string())),
        Err(e @ crate::replay::ReplayError::Busy) => {
            Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, e.to_string()))
        }
        Err(e @ crate::replay::ReplayError::Replay(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            e.to_string(),
        )),
    }
}

async fn save(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    may_read_record(&table, &headers).await?;
    match table.save().await {
        Some(text) => Ok((
            StatusCode::OK,
            [
                (CONTENT_TYPE, "application/json".to_string()),
                (
                    axum::http::header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"b5-{}.json\"", table.id),
                ),
            ],
            text,
        )
            .into_response()),
        None => Err(ApiError::new(
            StatusCode::CONFLICT,
            "the game is not over: its record holds every hidden card",
        )),
    }
}

async fn read_chat(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let table = table_of(&state, &id).await?;
    let token = bearer(&headers)?;
    let inner = table.inner.lock().await;
    viewer_of(&table, &inner, token.as_deref())?;
    ok(
        StatusCode::OK,
        json!({ "count": inner.chat_count, "chat": inner.chat }),
    )
}

/// Runs `f` to its end even if the client goes away mid-request: a write
/// to the store and the in-memory state that follows it are never
/// separated by a dropped request.
pub async fn detached<T: Send + 'static>(
    f: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(f).await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("request task: {e}"),
        )
    })?
}

/// Submits an action (to its end, whatever the client does meanwhile) and
/// maps the outcome to the protocol's answers (also used by the
/// WebSocket's `action` message). Ok: the new seq.
pub async fn submit_action(
    state: &Arc<AppState>,
    table: &Arc<Table>,
    seat: usize,
    req: ActionRequest,
) -> Result<u64, ApiError> {
    let (st, t) = (state.clone(), table.clone());
    detached(async move {
        match t
            .submit(st.store_for(&t), seat, req.seq, req.action, true)
            .await
        {
            Ok(seq) => {
                back(&st, &t, seat).await;
                Ok(seq)
            }
            Err(e) => Err(submit_error(e)),
        }
    })
    .await
}

async fn submit(
    state: &Arc<AppState>,
    table: &Arc<Table>,
    seat: usize,
    req: ActionRequest,
) -> ApiResult {
    let seq = submit_action(state, table, seat, req).await?;
    ok(StatusCode::OK, json!({ "seq": seq }))
}

/// A player who acts is back: their seat is no longer played by the
/// computer.
pub async fn back(state: &AppState, table: &Table, seat: usize) {
    let away = table
        .inner
        .lock()
        .await
        .seats
        .get(seat)
        .is_some_and(|s| s.away);
    if away {
        if let Err(e) = table
            .set_away(state.store_for(table), seat, false, "acted")
            .await
        {
            tracing::error!(error = %e, "store failed");
        }
    }
}

/// A table that ended before its game did: 409, saying why.
pub fn ended_error(e: crate::store::Ended) -> ApiError {
    let j = crate::expiry::ended_json(e);
    ApiError::new(StatusCode::CONFLICT, j.message.clone()).with("ended", json!(j))
}

pub fn submit_error(e: SubmitError) -> ApiError {
    match e {
        SubmitError::Stale { given, current } => ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "stale seq: the table is at seq {current}, the action was sent for seq {given}; fetch the state and choose again"
            ),
        )
        .with("seq", json!(current)),
        SubmitError::Illegal(e) => ApiError::new(StatusCode::CONFLICT, e.message)
            .with("rule", json!(e.rule)),
        SubmitError::Finished => ApiError::new(StatusCode::CONFLICT, "the game is over"),
        SubmitError::Ended(e) => ended_error(e),
        SubmitError::UndoPending => ApiError::new(
            StatusCode::CONFLICT,
            "a player asked to take back an action: the table waits for the answers",
        ),
        SubmitError::Store(e) => store_refused(e, "the store failed; the action was not taken"),
    }
}

/// A write the store refused: the table moved to another process, or is
/// read again from the store (`503`, `Retry-After: 1`: the client asks
/// again), or the store failed (`500`, `failed` saying what was not done).
fn store_refused(e: crate::StoreError, failed: &str) -> ApiError {
    let again = |m: &str| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m).with_retry_after(1);
    match e {
        crate::StoreError::Moved(_) => again("the table moved to another of the server's processes; nothing changed: send it again"),
        crate::StoreError::Conflict(_) => again("the table is being read again from the store (an earlier action was kept though its answer was lost); nothing changed: fetch the state and choose again"),
        e => {
            tracing::error!(error = %e, "store failed");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, failed)
        }
    }
}
