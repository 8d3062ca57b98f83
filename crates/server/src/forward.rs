//! Passing a request to the process that owns its table (issue 29: several
//! `b5 serve` processes on one store, each table served by one of them).
//!
//! A process that receives a request for a table another process owns
//! calls [`forward`]: a plain HTTP request is sent on with its method,
//! path, query, body and headers (less the hop-by-hop ones, plus
//! `x-forwarded-for`) and the owner's answer comes back as it is (status,
//! headers, body: never decompressed, never followed if a redirect); a
//! WebSocket is connected to the owner first, then accepted from the client,
//! and the messages are piped both ways until either side closes.
//!
//! An owner that cannot be reached is answered `502 Bad Gateway` with the
//! usual JSON error ([`ApiError`]): the table moves to another process
//! within seconds when its process is gone, so the client tries again.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::ws::{self as aws, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, FromRequestParts, OriginalUri, Request};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{self, Utf8Bytes};
use tokio_tungstenite::WebSocketStream;

use crate::http::ApiError;

/// Connecting to the owner takes at most this long.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// The owner's whole answer to a plain request takes at most this long
/// (its own request timeout, 30 s by default, ends it sooner).
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// The owner accepts a WebSocket within this long of the connection.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest request body passed on (the server's body limit, 64 KiB by
/// default, stops longer ones before).
pub const MAX_BODY: usize = 1024 * 1024;

/// The longest answer passed back (`/save` and `/replay` answers are a few
/// hundred KiB); a longer one is answered 502.
pub const MAX_ANSWER: usize = 64 * 1024 * 1024;

/// The longest WebSocket message taken from a client. The owner applies
/// its own limit (`--max-ws-message`, 16 KiB by default) and closes with
/// 1009 above it, which the client is passed; this one only bounds what
/// the forwarding process holds.
pub const MAX_CLIENT_WS_MESSAGE: usize = 1024 * 1024;

/// The longest WebSocket message taken from the owner (a table's view).
pub const MAX_OWNER_WS_MESSAGE: usize = 64 * 1024 * 1024;

/// Both close handshakes (the client's, the owner's) finish within this
/// long once either side closed.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// The client's socket buffers, as small as the server's own (`ws.rs`);
/// the owner's socket reads 8 KiB at a time (its views are a few KiB):
/// thousands of piped WebSockets stay cheap.
const READ_BUFFER: usize = 2 * 1024;
const WRITE_BUFFER: usize = 8 * 1024;

/// The client used for forwarding: connect timeout 2 s, no proxy from the
/// environment, no redirects followed, no automatic decompression (bodies
/// pass through as they are).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .no_gzip()
        .no_brotli()
        .no_deflate()
        .no_zstd()
        .build()
        // Building fails only when a TLS backend cannot start; the
        // workspace's reqwest has none.
        .unwrap_or_default()
}

/// Passes `req` (as received by axum, path and query kept) to the process
/// at `base` (e.g. `"http://127.0.0.1:8081"`, no trailing slash) and
/// returns its answer. A WebSocket upgrade (`GET` with `Upgrade:
/// websocket`) is connected to the owner's `ws://` address of the same
/// path and query, then accepted, and piped both ways.
pub async fn forward(client: &reqwest::Client, base: &str, req: Request) -> Response {
    let base = base.trim_end_matches('/');
    if is_websocket(&req) {
        forward_websocket(base, req).await
    } else {
        forward_http(client, base, req).await
    }
}

fn is_websocket(req: &Request) -> bool {
    req.method() == Method::GET
        && req
            .headers()
            .get_all(header::UPGRADE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| {
                v.split(',')
                    .any(|p| p.trim().eq_ignore_ascii_case("websocket"))
            })
}

/// The request's path and query as the client sent them (before any
/// `Router::nest` took a prefix off).
fn path_and_query(req: &Request) -> String {
    let uri = req
        .extensions()
        .get::<OriginalUri>()
        .map(|o| &o.0)
        .unwrap_or(req.uri());
    uri.path_and_query()
        .map(|p| p.as_str())
        .unwrap_or("/")
        .to_string()
}

fn peer(req: &Request) -> Option<SocketAddr> {
    req.extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
}

/// Headers meant for one connection only, never passed on (RFC 9110 7.6.1),
/// and `host` (the owner's is set by the client).
const HOP_BY_HOP: [&str; 10] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "host",
];

/// Copies `from`'s headers into `to`, less the hop-by-hop ones (and those
/// the `Connection` header names), less `content-length` (the body sent
/// sets it) and, for a WebSocket's handshake, less the `sec-websocket-*`
/// ones (each connection negotiates its own).
fn copy_headers(from: &HeaderMap, to: &mut HeaderMap, websocket: bool) {
    let named: Vec<String> = from
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().to_ascii_lowercase())
        .filter(|t| !t.is_empty())
        .collect();
    for (name, value) in from {
        let n = name.as_str();
        if HOP_BY_HOP.contains(&n)
            || n.starts_with("proxy-")
            || n == "content-length"
            || (websocket && n.starts_with("sec-websocket-"))
            || named.iter().any(|t| t == n)
        {
            continue;
        }
        to.append(name.clone(), value.clone());
    }
}

/// Adds the client's address to `x-forwarded-for` (after any the request
/// already carried: only the last one is this process's word).
fn forwarded_for(headers: &mut HeaderMap, peer: Option<SocketAddr>) {
    let Some(peer) = peer else {
        return;
    };
    let name = HeaderName::from_static("x-forwarded-for");
    let ip = peer.ip().to_canonical().to_string();
    let earlier: Vec<&str> = headers
        .get_all(&name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect();
    let value = if earlier.is_empty() {
        ip
    } else {
        format!("{}, {ip}", earlier.join(", "))
    };
    if let Ok(value) = HeaderValue::from_str(&value) {
        headers.insert(name, value);
    }
}

fn unreachable(base: &str) -> Response {
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        format!(
            "the table's process at {base} cannot be reached; try again in a few seconds \
             (a table whose process is gone moves to another one within seconds)"
        ),
    )
    .into_response()
}

fn no_answer(base: &str, what: &str) -> Response {
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        format!("the table's process at {base} {what}; try again in a few seconds"),
    )
    .into_response()
}

fn too_slow(base: &str, limit: Duration) -> Response {
    ApiError::new(
        StatusCode::GATEWAY_TIMEOUT,
        format!(
            "the table's process at {base} did not answer within {} s; try again",
            limit.as_secs()
        ),
    )
    .into_response()
}

fn send_error(base: &str, e: &reqwest::Error) -> Response {
    if e.is_connect() {
        unreachable(base)
    } else if e.is_timeout() {
        too_slow(base, ANSWER_TIMEOUT)
    } else {
        no_answer(base, "stopped answering")
    }
}

async fn forward_http(client: &reqwest::Client, base: &str, req: Request) -> Response {
    let target = format!("{base}{}", path_and_query(&req));
    let peer = peer(&req);
    let (parts, body) = req.into_parts();
    let had_body = parts.headers.contains_key(header::CONTENT_LENGTH)
        || parts.headers.contains_key(header::TRANSFER_ENCODING);
    let body = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(b) => b,
        Err(e) => return body_error(&e),
    };
    let mut headers = HeaderMap::new();
    copy_headers(&parts.headers, &mut headers, false);
    forwarded_for(&mut headers, peer);
    let mut request = client
        .request(parts.method.clone(), &target)
        .headers(headers)
        .timeout(ANSWER_TIMEOUT);
    if had_body || !body.is_empty() {
        request = request.body(body);
    }
    let mut answer = match request.send().await {
        Ok(a) => a,
        Err(e) => return send_error(base, &e),
    };
    let status = answer.status();
    let mut headers = HeaderMap::new();
    copy_headers(answer.headers(), &mut headers, false);
    if parts.method == Method::HEAD {
        // The answer to HEAD has no body: its length is the owner's word.
        if let Some(length) = answer.headers().get(header::CONTENT_LENGTH) {
            headers.insert(header::CONTENT_LENGTH, length.clone());
        }
    }
    let mut chunks: Vec<Bytes> = Vec::new();
    let mut length = 0usize;
    loop {
        match answer.chunk().await {
            Ok(Some(chunk)) => {
                length = length.saturating_add(chunk.len());
                if length > MAX_ANSWER {
                    return no_answer(
                        base,
                        &format!("answered more than {} MiB", MAX_ANSWER / (1024 * 1024)),
                    );
                }
                chunks.push(chunk);
            }
            Ok(None) => break,
            Err(e) => return send_error(base, &e),
        }
    }
    let body = match chunks.len() {
        0 => Bytes::new(),
        1 => chunks.pop().unwrap_or_default(),
        _ => Bytes::from(chunks.concat()),
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn body_error(e: &axum::Error) -> Response {
    // The body limit layer's error says so in its chain of sources.
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.to_string().contains("length limit") {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the request's body is too long",
            )
            .into_response();
        }
        source = s.source();
    }
    ApiError::bad("the request's body could not be read").into_response()
}

type OwnerSocket = WebSocketStream<TcpStream>;

async fn forward_websocket(base: &str, req: Request) -> Response {
    let target = path_and_query(&req);
    let peer = peer(&req);
    let (mut parts, _body) = req.into_parts();
    let upgrade = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(u) => u,
        Err(rejection) => return rejection.into_response(),
    };
    // The owner first: an owner that cannot be reached (or refuses) is
    // answered over HTTP, before the client's upgrade is accepted.
    let owner = match connect_owner(base, &target, &parts.headers, peer).await {
        Ok(o) => o,
        Err(answer) => return answer,
    };
    upgrade
        .max_message_size(MAX_CLIENT_WS_MESSAGE)
        .max_frame_size(MAX_CLIENT_WS_MESSAGE)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_OWNER_WS_MESSAGE)
        .on_upgrade(move |client| pipe(client, owner))
}

async fn connect_owner(
    base: &str,
    target: &str,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
) -> Result<OwnerSocket, Response> {
    let bad_address = || {
        no_answer(
            base,
            "has an address this process cannot connect to (only http://HOST:PORT)",
        )
    };
    let uri: Uri = base.parse().map_err(|_| bad_address())?;
    if uri.scheme_str() != Some("http") {
        return Err(bad_address());
    }
    let authority = uri.authority().ok_or_else(bad_address)?;
    let host = authority
        .host()
        .trim_start_matches('[')
        .trim_end_matches(']');
    let port = authority.port_u16().unwrap_or(80);
    let mut request = format!("ws://{authority}{target}")
        .into_client_request()
        .map_err(|_| bad_address())?;
    copy_headers(headers, request.headers_mut(), true);
    forwarded_for(request.headers_mut(), peer);
    let stream = match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect((host, port))).await
    {
        Ok(Ok(s)) => s,
        Ok(Err(_)) | Err(_) => return Err(unreachable(base)),
    };
    let _ = stream.set_nodelay(true);
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_OWNER_WS_MESSAGE))
        .max_frame_size(Some(MAX_OWNER_WS_MESSAGE))
        .read_buffer_size(WRITE_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_OWNER_WS_MESSAGE);
    let handshake = tokio_tungstenite::client_async_with_config(request, stream, Some(config));
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, handshake).await {
        Ok(Ok((socket, _))) => Ok(socket),
        // The owner refused (no such table, too many WebSockets, ...):
        // its answer is the client's.
        Ok(Err(tungstenite::Error::Http(answer))) => {
            let (parts, body) = (*answer).into_parts();
            let mut headers = HeaderMap::new();
            copy_headers(&parts.headers, &mut headers, true);
            let mut response = Response::new(Body::from(body.unwrap_or_default()));
            *response.status_mut() = parts.status;
            *response.headers_mut() = headers;
            Err(response)
        }
        Ok(Err(_)) => Err(no_answer(base, "did not accept the WebSocket")),
        Err(_) => Err(too_slow(base, HANDSHAKE_TIMEOUT)),
    }
}

/// What the client is told when the owner's side ended without a close
/// frame (its process stopped): 1012, connect again.
fn owner_gone() -> aws::Message {
    aws::Message::Close(Some(aws::CloseFrame {
        code: u16::from(CloseCode::Restart),
        reason: aws::Utf8Bytes::from_static("the table's process stopped answering; connect again"),
    }))
}

fn to_owner(m: aws::Message) -> tungstenite::Message {
    match m {
        aws::Message::Text(t) => tungstenite::Message::Text(Utf8Bytes::from(t.as_str())),
        aws::Message::Binary(b) => tungstenite::Message::Binary(b),
        aws::Message::Ping(b) => tungstenite::Message::Ping(b),
        aws::Message::Pong(b) => tungstenite::Message::Pong(b),
        aws::Message::Close(f) => tungstenite::Message::Close(f.map(|f| CloseFrame {
            code: CloseCode::from(f.code),
            reason: Utf8Bytes::from(f.reason.as_str()),
        })),
    }
}

fn text_to_client(t: Utf8Bytes) -> aws::Utf8Bytes {
    let bytes = Bytes::from(t);
    aws::Utf8Bytes::try_from(bytes.clone())
        .unwrap_or_else(|_| aws::Utf8Bytes::from(String::from_utf8_lossy(&bytes).into_owned()))
}

/// The owner's message for the client; None for a raw frame (never read).
fn to_client(m: tungstenite::Message) -> Option<aws::Message> {
    Some(match m {
        tungstenite::Message::Text(t) => aws::Message::Text(text_to_client(t)),
        tungstenite::Message::Binary(b) => aws::Message::Binary(b),
        tungstenite::Message::Ping(b) => aws::Message::Ping(b),
        tungstenite::Message::Pong(b) => aws::Message::Pong(b),
        tungstenite::Message::Close(f) => aws::Message::Close(f.map(|f| aws::CloseFrame {
            code: u16::from(f.code),
            reason: text_to_client(f.reason),
        })),
        tungstenite::Message::Frame(_) => return None,
    })
}

/// Pipes messages between the client and the owner until either closes
/// (its close frame, code and reason, is passed to the other) or fails
/// (the other is closed). Pings and pongs pass too (each side's WebSocket
/// also answers a ping itself; an extra pong is harmless).
async fn pipe(mut client: WebSocket, mut owner: OwnerSocket) {
    loop {
        tokio::select! {
            m = client.recv() => match m {
                Some(Ok(m @ aws::Message::Close(_))) => {
                    let _ = owner.send(to_owner(m)).await;
                    break;
                }
                Some(Ok(m)) => {
                    if owner.send(to_owner(m)).await.is_err() {
                        let _ = client.send(owner_gone()).await;
                        break;
                    }
                }
                // The client went away without a close frame.
                Some(Err(_)) | None => {
                    let _ = owner
                        .send(tungstenite::Message::Close(Some(CloseFrame {
                            code: CloseCode::Away,
                            reason: Utf8Bytes::from_static("the client went away"),
                        })))
                        .await;
                    break;
                }
            },
            m = owner.next() => match m {
                Some(Ok(m @ tungstenite::Message::Close(_))) => {
                    if let Some(m) = to_client(m) {
                        let _ = client.send(m).await;
                    }
                    break;
                }
                Some(Ok(m)) => {
                    let Some(m) = to_client(m) else { continue };
                    if client.send(m).await.is_err() {
                        let _ = owner.send(tungstenite::Message::Close(Some(CloseFrame {
                            code: CloseCode::Away,
                            reason: Utf8Bytes::from_static("the client went away"),
                        })))
                        .await;
                        break;
                    }
                }
                Some(Err(_)) | None => {
                    let _ = client.send(owner_gone()).await;
                    break;
                }
            },
        }
    }
    // Each side's reply to a close is written while it is read to its end
    // (whatever either still sends is dropped), for a little while.
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        tokio::join!(
            async { while let Some(Ok(_)) = client.recv().await {} },
            async { while let Some(Ok(_)) = owner.next().await {} },
        )
    })
    .await;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::extract::State;
    use axum::routing::get;
    use axum::Router;
    use serde_json::{json, Value};
    use tokio::net::TcpListener;
    use tokio::sync::mpsc;
    use tokio_tungstenite::tungstenite::Message as TMessage;

    use super::*;

    /// What the owner's WebSocket handler saw at the end.
    type Ends = mpsc::UnboundedSender<String>;

    async fn echo(method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> axum::Json<Value> {
        let h = |name: &str| {
            let all: Vec<&str> = headers
                .get_all(name)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .collect();
            if all.is_empty() {
                Value::Null
            } else {
                json!(all.join(", "))
            }
        };
        axum::Json(json!({
            "method": method.as_str(),
            "path": uri.path(),
            "query": uri.query(),
            "body": String::from_utf8_lossy(&body),
            "x-custom": h("x-custom"),
            "x-hop": h("x-hop"),
            "x-forwarded-for": h("x-forwarded-for"),
            "content-type": h("content-type"),
            "host": h("host"),
        }))
    }

    async fn teapot() -> Response {
        (
            StatusCode::IM_A_TEAPOT,
            [("x-owner", "yes"), ("content-encoding", "gzip")],
            Bytes::from_static(&[0x1f, 0x8b, 8, 0, 1, 2, 3]),
        )
            .into_response()
    }

    async fn owner_ws(State(ends): State<Arc<Ends>>, uri: Uri, ws: WebSocketUpgrade) -> Response {
        let greeting = format!("hello {}", uri.query().unwrap_or(""));
        ws.on_upgrade(move |mut socket| async move {
            let _ = socket.send(aws::Message::Text(greeting.into())).await;
            loop {
                match socket.recv().await {
                    Some(Ok(aws::Message::Text(t))) if t.as_str() == "close please" => {
                        let _ = socket
                            .send(aws::Message::Close(Some(aws::CloseFrame {
                                code: 4000,
                                reason: "bye".into(),
                            })))
                            .await;
                    }
                    Some(Ok(aws::Message::Text(t))) => {
                        let _ = socket
                            .send(aws::Message::Text(format!("echo: {}", t.as_str()).into()))
                            .await;
                    }
                    Some(Ok(aws::Message::Binary(b))) => {
                        let _ = socket.send(aws::Message::Binary(b)).await;
                    }
                    Some(Ok(aws::Message::Close(f))) => {
                        let seen = match f {
                            Some(f) => format!("close {} {}", f.code, f.reason.as_str()),
                            None => "close".to_string(),
                        };
                        let _ = ends.send(seen);
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => {
                        let _ = ends.send("end".to_string());
                        return;
                    }
                }
            }
        })
    }

    async fn refused() -> Response {
        ApiError::new(StatusCode::NOT_FOUND, "no table \"nope\"").into_response()
    }

    /// The owner's address and what its WebSocket handler sees at the end.
    async fn owner() -> (String, mpsc::UnboundedReceiver<String>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let app = Router::new()
            .route("/teapot", get(teapot))
            .route("/ws", get(owner_ws))
            .route("/nows", get(refused))
            .fallback(echo)
            .with_state(Arc::new(tx));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        (format!("http://{addr}"), rx)
    }

    /// A front process passing everything to `base`; its address.
    async fn front(base: String) -> SocketAddr {
        let client = client();
        let app = Router::new().fallback(move |req: Request| {
            let (client, base) = (client.clone(), base.clone());
            async move { forward(&client, &base, req).await }
        });
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .await
        });
        addr
    }

    /// An address nothing listens at.
    async fn nowhere() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        format!("http://{addr}")
    }

    #[tokio::test]
    async fn a_post_passes_with_its_path_query_body_and_headers() {
        let (base, _) = owner().await;
        let front = front(base.clone()).await;
        let answer = reqwest::Client::new()
            .post(format!(
                "http://{front}/api/tables/abc/actions?seq=3&who=two%20words"
            ))
            .header("content-type", "application/json")
            .header("x-custom", "hello")
            .header("connection", "keep-alive, x-hop")
            .header("x-hop", "for the front only")
            .body(r#"{"action":{"type":"pass"}}"#)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::OK);
        let seen: Value = answer.json().await.unwrap();
        assert_eq!(seen["method"], "POST");
        assert_eq!(seen["path"], "/api/tables/abc/actions");
        assert_eq!(seen["query"], "seq=3&who=two%20words");
        assert_eq!(seen["body"], r#"{"action":{"type":"pass"}}"#);
        assert_eq!(seen["content-type"], "application/json");
        assert_eq!(seen["x-custom"], "hello");
        // Named in Connection: hop-by-hop, not passed on.
        assert_eq!(seen["x-hop"], Value::Null);
        assert_eq!(seen["x-forwarded-for"], "127.0.0.1");
        // The owner is asked as itself, not as the front.
        assert_eq!(seen["host"], base.trim_start_matches("http://"));
    }

    #[tokio::test]
    async fn x_forwarded_for_adds_the_client_after_earlier_ones() {
        let (base, _) = owner().await;
        let front = front(base).await;
        let seen: Value = reqwest::Client::new()
            .get(format!("http://{front}/api/lobby?open=1"))
            .header("x-forwarded-for", "203.0.113.7")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(seen["method"], "GET");
        assert_eq!(seen["query"], "open=1");
        assert_eq!(seen["body"], "");
        assert_eq!(seen["x-forwarded-for"], "203.0.113.7, 127.0.0.1");
    }

    #[tokio::test]
    async fn the_owners_status_headers_and_body_come_back_unchanged() {
        let (base, _) = owner().await;
        let front = front(base).await;
        let answer = reqwest::Client::new()
            .get(format!("http://{front}/teapot"))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::IM_A_TEAPOT);
        assert_eq!(answer.headers()["x-owner"], "yes");
        // Not decompressed on the way.
        assert_eq!(answer.headers()["content-encoding"], "gzip");
        assert_eq!(answer.headers()["content-length"], "7");
        assert_eq!(
            &answer.bytes().await.unwrap()[..],
            &[0x1f, 0x8b, 8, 0, 1, 2, 3]
        );
    }

    async fn next_text(
        socket: &mut WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    ) -> TMessage {
        tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("an answer within 5 s")
            .expect("the socket open")
            .expect("a message")
    }

    #[tokio::test]
    async fn websocket_messages_pass_both_ways_and_the_owners_close_reaches_the_client() {
        let (base, mut ends) = owner().await;
        let front = front(base).await;
        let (mut socket, answer) =
            tokio_tungstenite::connect_async(format!("ws://{front}/ws?table=abc"))
                .await
                .unwrap();
        assert_eq!(answer.status(), StatusCode::SWITCHING_PROTOCOLS);
        assert_eq!(
            next_text(&mut socket).await,
            TMessage::text("hello table=abc")
        );
        socket.send(TMessage::text("one")).await.unwrap();
        assert_eq!(next_text(&mut socket).await, TMessage::text("echo: one"));
        socket
            .send(TMessage::binary(vec![1u8, 2, 3]))
            .await
            .unwrap();
        assert_eq!(
            next_text(&mut socket).await,
            TMessage::binary(vec![1u8, 2, 3])
        );
        socket.send(TMessage::text("close please")).await.unwrap();
        match next_text(&mut socket).await {
            TMessage::Close(Some(f)) => {
                assert_eq!(u16::from(f.code), 4000);
                assert_eq!(f.reason.as_str(), "bye");
            }
            other => panic!("expected the owner's close, got {other:?}"),
        }
        // The client's socket ends; the owner's handler sees its end too.
        let rest = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .unwrap();
        assert!(matches!(rest, None | Some(Err(_))), "{rest:?}");
        assert_eq!(
            until_end(&mut ends).await.last().map(String::as_str),
            Some("end")
        );
    }

    /// What the owner's handler saw, up to the end of its socket.
    async fn until_end(ends: &mut mpsc::UnboundedReceiver<String>) -> Vec<String> {
        let mut seen = Vec::new();
        while seen.last().map(String::as_str) != Some("end") {
            match tokio::time::timeout(Duration::from_secs(5), ends.recv()).await {
                Ok(Some(s)) => seen.push(s),
                _ => panic!("the owner's socket did not end: {seen:?}"),
            }
        }
        seen
    }

    #[tokio::test]
    async fn the_clients_close_reaches_the_owner() {
        let (base, mut ends) = owner().await;
        let front = front(base).await;
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{front}/ws"))
            .await
            .unwrap();
        assert_eq!(next_text(&mut socket).await, TMessage::text("hello "));
        socket
            .close(Some(CloseFrame {
                code: CloseCode::from(4001),
                reason: "leaving".into(),
            }))
            .await
            .unwrap();
        assert_eq!(until_end(&mut ends).await, ["close 4001 leaving", "end"]);
        // The client gets its close answered (the same frame, back).
        match next_text(&mut socket).await {
            TMessage::Close(Some(f)) => assert_eq!(u16::from(f.code), 4001),
            other => panic!("expected a close, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn an_owner_refusing_a_websocket_is_answered_over_http() {
        let (base, _) = owner().await;
        let front = front(base).await;
        match tokio_tungstenite::connect_async(format!("ws://{front}/nows")).await {
            Err(tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status(), StatusCode::NOT_FOUND);
                let body: Value = serde_json::from_slice(answer.body().as_deref().unwrap_or(&[]))
                    .expect("a JSON body");
                assert_eq!(body["error"], "no table \"nope\"");
            }
            other => panic!("expected the owner's 404, got {other:?}"),
        }
    }

    fn assert_names(body: &Value, base: &str) {
        assert_eq!(body["status"], 502);
        let message = body["error"].as_str().expect("an error message");
        assert!(message.contains(base), "{message}");
        assert!(message.contains("cannot be reached"), "{message}");
        assert!(message.contains("try again"), "{message}");
    }

    #[tokio::test]
    async fn an_owner_not_listening_gives_502_naming_it() {
        let base = nowhere().await;
        let front = front(base.clone()).await;
        let answer = reqwest::Client::new()
            .post(format!("http://{front}/api/tables/abc/actions"))
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::BAD_GATEWAY);
        assert_eq!(answer.headers()["content-type"], "application/json");
        let body: Value = answer.json().await.unwrap();
        assert_names(&body, &base);
    }

    #[tokio::test]
    async fn a_websocket_to_an_owner_not_listening_fails_with_502() {
        let base = nowhere().await;
        let front = front(base.clone()).await;
        match tokio_tungstenite::connect_async(format!("ws://{front}/api/tables/abc/ws")).await {
            Err(tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status(), StatusCode::BAD_GATEWAY);
                let body: Value = serde_json::from_slice(answer.body().as_deref().unwrap_or(&[]))
                    .expect("a JSON body");
                assert_names(&body, &base);
            }
            other => panic!("expected 502, got {other:?}"),
        }
    }
}
