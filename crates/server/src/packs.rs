//! Card packs: card files that players offer to a server's tables, when
//! its operator allows it (`b5 serve --card-packs DIR`).
//!
//! Without the flag the server stores nothing a player writes: the Cards
//! page's checks and sandboxes keep nothing. With it, `POST /api/packs`
//! offers a card file as a pack under a name; the server checks it as the
//! game loads it (on top of the server's own cards, no name of theirs
//! again) and writes it to `DIR/NAME.toml` (whole or not at all: written
//! aside, synced, renamed). The operator may also put files there himself;
//! they are read at start, and one that does not load is left out with a
//! warning naming it. A table request names a pack in its options
//! (`"options": {"pack": "NAME"}`): its decks are checked with the pack's
//! cards, and the table keeps the pack's file in its set-up, so it replays
//! the same whatever becomes of the pack. `POST /api/decks/check` takes
//! `"pack"` too. A pack's name is taken once: nobody replaces another's
//! pack (the operator may, on disk, before a restart).
//!
//! Bounds: [`MAX_PACKS`] packs, each within the body limit (`--max-body`),
//! and each counted against its address's table creations
//! (`--tables-per-hour`).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path as UrlPath, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::game::{GameKind, SetupProblem};
use crate::http::{ok, parse, rate_limited, ApiError, ApiResult};
use crate::AppState;

/// Packs a server holds at most.
pub const MAX_PACKS: usize = 500;
/// The longest pack name, in characters.
pub const MAX_PACK_NAME: usize = 40;

/// One pack: its name as given, its game, its file and its cards' names.
#[derive(Clone, Debug)]
pub struct Pack {
    pub name: String,
    pub game: String,
    pub file: Arc<str>,
    pub cards: Vec<String>,
}

/// The server's packs (none, and none offered, without `--card-packs`).
#[derive(Default)]
pub struct Packs {
    dir: Option<PathBuf>,
    /// By name in lower case.
    by_name: RwLock<BTreeMap<String, Pack>>,
}

/// Whether `name` may name a pack (and its file): 1 to [`MAX_PACK_NAME`]
/// letters, digits, spaces, `-` and `_`, not starting or ending with a
/// space.
pub fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=MAX_PACK_NAME).contains(&n)
        && name.trim() == name
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_')
}

/// The first problem of a check, as one line.
fn first_problem(problems: &[SetupProblem]) -> String {
    problems.first().map_or(
        "the card pack does not load".to_string(),
        SetupProblem::one_line,
    )
}

impl Packs {
    /// The packs of `dir` (None: packs are not allowed), each checked by
    /// `kind`; a file that does not load is left out with a warning.
    pub fn load(dir: Option<&Path>, kind: &dyn GameKind) -> std::io::Result<Packs> {
        let Some(dir) = dir else {
            return Ok(Packs::default());
        };
        std::fs::create_dir_all(dir)?;
        let mut by_name = BTreeMap::new();
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for path in files {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !valid_name(&name) || by_name.len() >= MAX_PACKS {
                tracing::warn!(file = %path.display(), "card pack left out: not a pack's name, or too many packs");
                continue;
            }
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    tracing::warn!(file = %path.display(), error = %e, "card pack left out");
                    continue;
                }
            };
            match kind.check_pack(&text) {
                Some(Ok(cards)) => {
                    by_name.insert(
                        name.to_lowercase(),
                        Pack {
                            name,
                            game: kind.name().to_string(),
                            file: text.into(),
                            cards,
                        },
                    );
                }
                Some(Err(p)) => {
                    tracing::warn!(file = %path.display(), error = %first_problem(&p), "card pack left out: it does not load")
                }
                None => {
                    tracing::warn!(file = %path.display(), "card pack left out: the game has no card files")
                }
            }
        }
        tracing::info!(dir = %dir.display(), packs = by_name.len(), "card packs");
        Ok(Packs {
            dir: Some(dir.to_path_buf()),
            by_name: RwLock::new(by_name),
        })
    }

    pub fn enabled(&self) -> bool {
        self.dir.is_some()
    }

    /// A pack by name (case-insensitive).
    pub fn get(&self, name: &str) -> Option<Pack> {
        self.by_name
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&name.to_lowercase())
            .cloned()
    }

    fn list(&self) -> Vec<Pack> {
        self.by_name
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect()
    }

    /// The pack a request names, as the game reads it in a table's options
    /// or set-up: `{"name", "file"}`. A request names a pack by its name
    /// only (a string): a file of its own would be stored with the table.
    pub fn resolve(&self, named: &Value, game: &str) -> Result<Option<Value>, ApiError> {
        let name = match named {
            Value::Null => return Ok(None),
            Value::String(s) => s,
            _ => return Err(ApiError::bad("\"pack\" is a card pack's name")),
        };
        if !self.enabled() {
            return Err(ApiError::bad(
                "this server has no card packs (b5 serve --card-packs DIR allows them)",
            ));
        }
        let pack = self.get(name).filter(|p| p.game == game).ok_or_else(|| {
            let shown: String = name.chars().take(MAX_PACK_NAME).collect();
            ApiError::bad(format!("no card pack \"{shown}\" on this server"))
        })?;
        Ok(Some(json!({ "name": pack.name, "file": &*pack.file })))
    }
}

/// Writes `text` to `path` whole or not at all: aside, synced, renamed,
/// the folder synced.
fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.new",
        path.file_name()
            .map(|f| f.to_string_lossy())
            .unwrap_or_default()
    ));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    std::fs::File::open(dir)?.sync_all()
}

/// `GET /api/packs`: whether the server takes packs, and each pack with
/// its game and its cards' names.
pub async fn list(State(state): State<Arc<AppState>>) -> ApiResult {
    let packs: Vec<Value> = state
        .packs
        .list()
        .iter()
        .map(|p| json!({ "name": p.name, "game": p.game, "cards": p.cards }))
        .collect();
    ok(
        StatusCode::OK,
        json!({ "enabled": state.packs.enabled(), "max": MAX_PACKS, "packs": packs }),
    )
}

/// `GET /api/packs/{name}`: a pack with its file (to read or download).
pub async fn one(State(state): State<Arc<AppState>>, UrlPath(name): UrlPath<String>) -> ApiResult {
    let p = state.packs.get(&name).ok_or_else(|| {
        let shown: String = name.chars().take(MAX_PACK_NAME).collect();
        ApiError::new(StatusCode::NOT_FOUND, format!("no card pack \"{shown}\""))
    })?;
    ok(
        StatusCode::OK,
        json!({ "name": p.name, "game": p.game, "cards": p.cards, "file": &*p.file }),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Offer {
    name: String,
    file: String,
    #[serde(default)]
    game: Option<String>,
}

/// `POST /api/packs`: offers a card file as a pack; 201 with its name and
/// cards once it is on disk.
pub async fn offer(
    State(state): State<Arc<AppState>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> ApiResult {
    let req: Offer = parse(&body)?;
    let Some(dir) = state.packs.dir.clone() else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this server takes no card packs (b5 serve --card-packs DIR allows them)",
        ));
    };
    if !valid_name(&req.name) {
        return Err(ApiError::bad(format!(
            "a pack's name is 1 to {MAX_PACK_NAME} letters, digits, spaces, - and _"
        )));
    }
    let kind = state
        .kind(req.game.as_deref())
        .cloned()
        .ok_or_else(|| ApiError::bad("unknown game"))?;
    let file = req.file;
    let k2 = kind.clone();
    let (file, checked) = tokio::task::spawn_blocking(move || {
        let c = k2.check_pack(&file);
        (file, c)
    })
    .await
    .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the pack check failed"))?;
    let cards = checked
        .ok_or_else(|| ApiError::bad(format!("{} has no card files", kind.name())))?
        .map_err(|p| ApiError::bad(first_problem(&p)).with("problems", json!(p)))?;
    if cards.is_empty() {
        return Err(ApiError::bad("the file defines no card"));
    }
    state
        .creations
        .take(from.ip(), std::time::Instant::now())
        .map_err(|wait| rate_limited(&state.creations, "offer", "packs", wait))?;
    let key = req.name.to_lowercase();
    let pack = Pack {
        name: req.name.clone(),
        game: kind.name().to_string(),
        file: file.into(),
        cards,
    };
    {
        let mut by = state
            .packs
            .by_name
            .write()
            .unwrap_or_else(|p| p.into_inner());
        if by.contains_key(&key) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "a card pack is named \"{}\" already: choose another name",
                    req.name
                ),
            ));
        }
        if by.len() >= MAX_PACKS {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("the server holds its maximum of {MAX_PACKS} card packs"),
            ));
        }
        // Held while it is written, so that a second offer of the name
        // waits for the first's outcome.
        by.insert(key.clone(), pack.clone());
    }
    let path = dir.join(format!("{}.toml", req.name));
    let text = pack.file.clone();
    let written = tokio::task::spawn_blocking(move || write_whole(&path, &text)).await;
    if let Err(e) = written
        .map_err(|e| e.to_string())
        .and_then(|r| r.map_err(|e| e.to_string()))
    {
        state
            .packs
            .by_name
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&key);
        tracing::error!(pack = %req.name, error = %e, "card pack not written");
        return Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the card pack could not be written: {e}"),
        ));
    }
    tracing::info!(pack = %pack.name, cards = pack.cards.len(), "card pack offered");
    ok(
        StatusCode::CREATED,
        json!({ "name": pack.name, "game": pack.game, "cards": pack.cards }),
    )
}
