//! Pages served next to the API (the browser client's router merged in):
//! `/api` keeps priority and its errors stay JSON.

use crate::common;

use axum::routing::get;
use b5_server::{default_kinds, open, serve};
use common::{test_config, Client};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_merged_next_to_the_api() {
    let (tell, rx) = tokio::sync::watch::channel(false);
    let state = open(test_config("site"), default_kinds().unwrap(), rx)
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = axum::Router::new()
        .route("/", get(|| async { "the page" }))
        .route("/{*path}", get(|| async { "the page" }));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(serve(
        state,
        listener,
        async move {
            let _ = stopped.await;
        },
        tell,
        Some(site),
    ));
    let c = Client::new(addr);
    assert_eq!(c.get("/", None).await.raw, "the page");
    assert_eq!(c.get("/table/abc", None).await.raw, "the page");
    let api = c.get("/api", None).await;
    assert_eq!(api.status, 200);
    assert_eq!(api.body["protocol"], 1);
    let lobby = c.get("/api/tables", None).await;
    assert_eq!(lobby.status, 200);
    let missing = c.get("/api/tables/0123456789abcdef", None).await;
    assert_eq!(missing.status, 404);
    assert!(missing.body["error"].is_string());
    let _ = stop.send(());
    task.await.unwrap().unwrap();
}

/// Answers of a kilobyte or more go gzipped to a client that accepts it and
/// read back the same; small answers, clients that do not ask, and the
/// WebSocket's upgrade go as they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_answers_are_gzipped_for_clients_that_accept_it() {
    use std::io::Read;
    let server = common::start(test_config("site-gzip")).await;
    let c = Client::new(server.addr);
    let get = |path: &str, gzip: bool| {
        let mut r = c.http.get(format!("{}{path}", c.base));
        if gzip {
            r = r.header("accept-encoding", "gzip");
        }
        async move { r.send().await.expect("an answer") }
    };
    let plain = get("/api/cards", false).await;
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.unwrap();
    assert!(plain.len() > usize::from(b5_server::COMPRESS_FROM));
    let zipped = get("/api/cards", true).await;
    assert_eq!(zipped.status(), 200);
    assert_eq!(
        zipped
            .headers()
            .get("content-encoding")
            .map(|v| v.as_bytes()),
        Some(&b"gzip"[..])
    );
    let zipped = zipped.bytes().await.unwrap();
    assert!(
        zipped.len() * 2 < plain.len(),
        "{} of {}",
        zipped.len(),
        plain.len()
    );
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&zipped[..])
        .read_to_end(&mut unzipped)
        .expect("gzip");
    assert_eq!(unzipped, plain);
    // A small answer is not worth it.
    let small = get("/api", true).await;
    assert_eq!(small.status(), 200);
    assert!(small.headers().get("content-encoding").is_none());
    // A WebSocket asked for by a client that accepts gzip (as browsers do).
    let (id, _) = c
        .create(&common::table_request(
            &[("human", "narn"), ("human", "minbari")],
            3,
            5,
        ))
        .await;
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("{}/api/tables/{id}/ws", c.ws_base),
    )
    .unwrap();
    req.headers_mut()
        .insert("accept-encoding", "gzip".parse().unwrap());
    let (mut ws, res) = tokio_tungstenite::connect_async(req)
        .await
        .expect("the WebSocket opens");
    assert!(res.headers().get("content-encoding").is_none());
    use futures_util::{SinkExt, StreamExt};
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        r#"{"type":"hello"}"#.into(),
    ))
    .await
    .unwrap();
    let welcome = ws.next().await.expect("a message").expect("a frame");
    let welcome: serde_json::Value =
        serde_json::from_str(welcome.to_text().unwrap()).expect("JSON");
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    server.stop().await.unwrap();
}
