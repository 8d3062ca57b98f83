//! The router as the server will use it: merged beside an /api router.

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;

fn app() -> Router {
    Router::new()
        .route("/api", get(|| async { "api" }))
        .route("/api/tables", get(|| async { "tables" }))
        .merge(b5_web::router())
}

async fn get_path(p: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    get_with(p, None).await
}

async fn get_with(p: &str, etag: Option<&str>) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::builder().uri(p);
    if let Some(e) = etag {
        req = req.header(header::IF_NONE_MATCH, e);
    }
    let res = app()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = to_bytes(res.into_body(), 1 << 24).await.unwrap();
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn serves_the_page_at_the_root_and_client_routes() {
    for p in ["/", "/table/526fdc6770cdbc75", "/join/abc/1", "/watch/abc"] {
        let (s, h, body) = get_path(p).await;
        assert_eq!(s, StatusCode::OK, "{p}");
        assert_eq!(h[header::CONTENT_TYPE], "text/html; charset=utf-8", "{p}");
        assert_eq!(h[header::CACHE_CONTROL], "no-cache", "{p}");
        assert!(body.contains("<html"), "{p}: {body}");
        if b5_web::BUILT {
            assert!(
                body.contains("/assets/"),
                "{p}: the built page links its assets"
            );
        } else {
            assert!(body.contains("install Node 20 and npm"), "{p}");
        }
    }
}

#[tokio::test]
async fn the_api_stays_the_servers() {
    assert_eq!(get_path("/api").await.2, "api");
    assert_eq!(get_path("/api/tables").await.2, "tables");
    let (s, h, body) = get_path("/api/nothing/here").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(h[header::CONTENT_TYPE], "application/json");
    assert!(body.contains("\"status\":404"), "{body}");
}

#[tokio::test]
async fn assets_have_their_type_and_are_cached() {
    if !b5_web::BUILT {
        eprintln!("web/dist is not built: only the stand-in page is checked");
        return;
    }
    let (_, _, page) = get_path("/").await;
    let mut checked = 0;
    for (ext, ty) in [
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
    ] {
        let start = page.find("/assets/").expect("an asset link");
        let rest = &page[start..];
        let asset = rest
            .split(['"', '\''])
            .find(|s| s.starts_with("/assets/") && s.ends_with(ext));
        let Some(asset) = asset.or_else(|| {
            page.split(['"', '\''])
                .find(|s| s.starts_with("/assets/") && s.ends_with(ext))
        }) else {
            continue;
        };
        let (s, h, body) = get_path(asset).await;
        assert_eq!(s, StatusCode::OK, "{asset}");
        assert_eq!(h[header::CONTENT_TYPE], ty, "{asset}");
        assert_eq!(
            h[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        assert!(!body.is_empty());
        let etag = h[header::ETAG].to_str().unwrap().to_string();
        let (s, _, body) = get_with(asset, Some(&etag)).await;
        assert_eq!(s, StatusCode::NOT_MODIFIED);
        assert!(body.is_empty());
        checked += 1;
    }
    assert_eq!(checked, 2, "the page links one script and one style sheet");
}

#[tokio::test]
async fn a_missing_file_is_a_404_not_the_page() {
    for p in ["/assets/nothing.js", "/favicon.png", "/assets/x"] {
        let (s, _, _) = get_path(p).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{p}");
    }
}

#[test]
fn content_types() {
    assert_eq!(b5_web::content_type("a/b.svg"), "image/svg+xml");
    assert_eq!(
        b5_web::content_type("index.HTML"),
        "text/html; charset=utf-8"
    );
    assert_eq!(
        b5_web::content_type("x.unknown"),
        "application/octet-stream"
    );
}

/// The server's router has state, a fallback and layers: merged before the
/// fallback (`.merge(b5_web::router())`), the page's routes and the API's
/// keep apart, and unknown API paths still reach the server's own answer.
#[tokio::test]
async fn merges_into_a_router_with_state_fallback_and_layers() {
    use axum::extract::State;
    use axum::response::Response;
    use std::sync::Arc;

    async fn api(State(n): State<Arc<u32>>) -> String {
        format!("api {n}")
    }
    async fn server_not_found() -> (StatusCode, &'static str) {
        (StatusCode::NOT_FOUND, "server 404")
    }
    async fn tag(mut res: Response) -> Response {
        res.headers_mut()
            .insert("x-layer", axum::http::HeaderValue::from_static("1"));
        res
    }
    let app: Router = Router::new()
        .route("/api", get(api))
        .route("/api/tables/{id}/state", get(api))
        .merge(b5_web::router())
        .fallback(server_not_found)
        .layer(axum::middleware::map_response(tag))
        .with_state(Arc::new(7u32));
    let call = |p: &'static str, method: &'static str| {
        let app = app.clone();
        async move {
            let req = Request::builder()
                .method(method)
                .uri(p)
                .body(Body::empty())
                .unwrap();
            let res = app.oneshot(req).await.unwrap();
            let s = res.status();
            let layered = res.headers().contains_key("x-layer");
            let b = to_bytes(res.into_body(), 1 << 24).await.unwrap();
            (s, layered, String::from_utf8_lossy(&b).into_owned())
        }
    };
    assert_eq!(call("/api", "GET").await.2, "api 7");
    assert_eq!(call("/api/tables/x/state", "GET").await.2, "api 7");
    let (s, layered, body) = call("/table/x", "GET").await;
    assert_eq!(s, StatusCode::OK);
    assert!(layered && body.contains("<html"));
    let (s, _, body) = call("/api/unknown", "GET").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(body.contains("no such endpoint"), "{body}");
    let (s, _, body) = call("/api/unknown", "POST").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{body}");
    // A POST to a page route is not the page.
    assert_eq!(
        call("/table/x", "POST").await.0,
        StatusCode::METHOD_NOT_ALLOWED
    );
}
