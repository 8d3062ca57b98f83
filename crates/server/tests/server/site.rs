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
