//! # b5-web
//!
//! The browser client of the online table: the page in `web/` (TypeScript,
//! built by Vite into `web/dist`), embedded in the binary, and an
//! [`axum::Router`] that serves it.
//!
//! - `/` and every client route (`/table/…`, `/join/…`, `/watch/…`): the
//!   page (`index.html`, `Cache-Control: no-cache`).
//! - `/assets/…`: the built files, with their content type; their names carry
//!   a content hash, so they are cached for a year (`immutable`).
//! - Never `/api` or anything under it: those are the server's, and an
//!   unknown `/api/…` path is a JSON 404 here too.
//!
//! Built without npm, the crate embeds a one-page stand-in that says what to
//! install ([`BUILT`] is then false); see `build.rs`.
//!
//! Wire it into the server's router with `.merge(b5_web::router())`: the
//! server's `/api` routes are more specific than this router's catch-all, so
//! they keep priority.

use axum::body::Body;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$B5_WEB_DIR"]
struct Site;

/// Whether the real client is embedded (false: the stand-in page saying to
/// install Node 20 and npm).
pub const BUILT: bool = matches!(env!("B5_WEB_BUILT").as_bytes(), b"1");

/// The routes that serve the page. Generic over the state so it merges into
/// any router: `.merge(b5_web::router())`.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    Router::new()
        .route("/", get(index))
        .route("/{*path}", any(path))
}

async fn index(headers: HeaderMap) -> Response {
    file("index.html", &headers).unwrap_or_else(|| not_found(false))
}

async fn path(method: Method, Path(p): Path<String>, headers: HeaderMap) -> Response {
    if p == "api" || p.starts_with("api/") {
        // Whatever the method: an unknown API path is the protocol's 404.
        return not_found(true);
    }
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "method not allowed",
        )
            .into_response();
    }
    if let Some(r) = file(&p, &headers) {
        return r;
    }
    // A missing file (a name with an extension, or under assets/) is a 404;
    // anything else is a client route, answered with the page.
    let last = p.rsplit('/').next().unwrap_or("");
    if p.starts_with("assets/") || last.contains('.') {
        return not_found(false);
    }
    index(headers).await
}

fn file(p: &str, headers: &HeaderMap) -> Option<Response> {
    let f = Site::get(p)?;
    let etag = format!("\"{}\"", hex(&f.metadata.sha256_hash()[..16]));
    let cache = if p.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut res = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(Body::from(f.data.into_owned()))
    };
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(p)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    Some(res)
}

fn not_found(api: bool) -> Response {
    if api {
        let body = r#"{"status":404,"error":"no such endpoint (see docs/protocol.md)"}"#;
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response()
    } else {
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "not found",
        )
            .into_response()
    }
}

/// The content type of a built file, by its extension.
pub fn content_type(p: &str) -> &'static str {
    let ext = p.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
