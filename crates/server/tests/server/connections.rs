//! The server under a connection flood, as an attacker on the same network
//! would try it (issue 22, item 1): thousands of idle and half-sent
//! connections, one address holding as many as it can, connections fed one
//! byte at a time, bodies that stall. A fresh client is still served, and
//! the server closes what does not send. Everything on loopback: the
//! attacker's connections come from other loopback addresses (127.0.1.x,
//! 127.0.0.x), the fresh client from 127.0.0.1.

use crate::common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A connection to `server` from the loopback address `from`.
async fn connect_from(from: Ipv4Addr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind(SocketAddr::new(IpAddr::V4(from), 0))?;
    s.connect(server).await
}

/// One GET /api on a new connection (from 127.0.0.1): its status and how
/// long it took.
async fn fresh_request(server: SocketAddr) -> (u16, Duration) {
    let t = Instant::now();
    let mut s = connect_from(Ipv4Addr::LOCALHOST, server)
        .await
        .expect("connects");
    s.write_all(b"GET /api HTTP/1.1\r\nhost: b5\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut answer))
        .await
        .expect("answered within 10 s")
        .unwrap();
    (status_of(&answer), t.elapsed())
}

fn status_of(answer: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(answer);
    text.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn body_of(answer: &[u8]) -> Value {
    let text = String::from_utf8_lossy(answer);
    text.split("\r\n\r\n")
        .nth(1)
        .and_then(|b| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null)
}

/// Reads until the server closes the connection (Ok: it did, within
/// `within`), returning what it sent.
async fn closed_within(s: &mut TcpStream, within: Duration) -> Result<Vec<u8>, ()> {
    let mut got = Vec::new();
    match tokio::time::timeout(within, s.read_to_end(&mut got)).await {
        Ok(_) => Ok(got),
        Err(_) => Err(()),
    }
}

async fn wait_for(what: &str, mut f: impl FnMut() -> bool) {
    for _ in 0..3000 {
        if f() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

/// The attacker's connections: `n` from `addresses` loopback addresses
/// (127.0.`net`.x), every third with half a request head sent.
async fn flood(server: SocketAddr, net: u8, n: u32, per_address: u32) -> Vec<TcpStream> {
    let mut held = Vec::new();
    for i in 0..n {
        let from = Ipv4Addr::new(127, 0, net, (i / per_address) as u8 + 1);
        let mut s = connect_from(from, server).await.expect("attacker connects");
        if i % 3 == 2 {
            s.write_all(b"GET /api HTTP/1.1\r\nhost: b5\r\nx-slow: ")
                .await
                .unwrap();
        }
        held.push(s);
    }
    held
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_idle_and_half_sent_connections_leave_a_fresh_client_served() {
    let mut cfg = test_config("flood");
    cfg.max_connections = 6000;
    cfg.max_per_address = 100;
    // Long enough to hold them all at once here (the next test times
    // them out).
    cfg.timeouts.header = Duration::from_secs(120);
    let server = start(cfg).await;
    let addr = server.addr;

    // The fresh client's normal latency, before the flood.
    let mut before = Duration::ZERO;
    for _ in 0..10 {
        let (status, took) = fresh_request(addr).await;
        assert_eq!(status, 200);
        before = before.max(took);
    }

    // 2,000 idle connections and 1,000 that sent half a request head,
    // 30 per address from 100 addresses.
    let held = flood(addr, 1, 3000, 30).await;
    let limits = server.state.limits.clone();
    wait_for("the server to hold the 3,000 connections", || {
        limits.open() >= 3000
    })
    .await;

    // The fresh client is served, as fast as before give or take the
    // machine's noise (its normal latency is well under a millisecond).
    let mut during = Duration::ZERO;
    for _ in 0..20 {
        let (status, took) = fresh_request(addr).await;
        assert_eq!(status, 200, "a fresh client is served during the flood");
        during = during.max(took);
    }
    eprintln!(
        "fresh client, slowest of the requests: {before:?} before the flood, {during:?} during it"
    );
    assert!(
        during < before + Duration::from_secs(1),
        "the fresh client waited {during:?} (before the flood: {before:?})"
    );
    drop(held);
    wait_for("the server to let go of the closed connections", || {
        limits.open() == 0
    })
    .await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_send_no_whole_head_are_closed_at_the_timeout() {
    let mut cfg = test_config("head-timeout");
    cfg.timeouts.header = Duration::from_secs(2);
    let server = start(cfg).await;
    let addr = server.addr;
    let limits = server.state.limits.clone();
    let t = Instant::now();
    let mut held = flood(addr, 4, 600, 30).await;

    // Connections fed one byte every 200 ms are cut at the head's
    // timeout all the same.
    let mut fed = Vec::new();
    for i in 0..20u8 {
        let mut s = connect_from(Ipv4Addr::new(127, 0, 2, i + 1), addr)
            .await
            .unwrap();
        s.write_all(b"GET /api HTTP/1.1\r\n").await.unwrap();
        fed.push(s);
    }
    let started = Instant::now();
    let feeding = tokio::spawn(async move {
        let mut cut = 0;
        while cut < fed.len() && started.elapsed() < Duration::from_secs(15) {
            tokio::time::sleep(Duration::from_millis(200)).await;
            cut = 0;
            for s in &mut fed {
                if s.write_all(b"x").await.is_err() {
                    cut += 1;
                }
            }
        }
        (cut, started.elapsed())
    });

    // Every idle and half-sent connection is closed by the server at the
    // head's timeout (2 s after it opened), with nothing to read.
    let opening = t.elapsed();
    for s in held.iter_mut() {
        let left = (opening + Duration::from_secs(10)).saturating_sub(t.elapsed());
        let rest = closed_within(s, left)
            .await
            .expect("the server closes a connection that sends no whole head");
        assert!(rest.is_empty() || status_of(&rest) == 408, "{rest:?}");
    }
    let (cut, after) = feeding.await.unwrap();
    assert_eq!(cut, 20, "every fed connection was cut");
    assert!(
        after < Duration::from_secs(12),
        "fed connections cut after {after:?}"
    );
    wait_for("the server to let go of the closed connections", || {
        limits.open() == 0
    })
    .await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_its_share_and_no_more() {
    let mut cfg = test_config("per-address");
    cfg.max_per_address = 50;
    let server = start(cfg).await;
    let addr = server.addr;
    let attacker = Ipv4Addr::new(127, 0, 0, 5);
    let mut held = Vec::new();
    for _ in 0..50 {
        held.push(connect_from(attacker, addr).await.unwrap());
    }
    let limits = server.state.limits.clone();
    wait_for("50 connections held", || limits.open() == 50).await;
    // The 51st from the same address: 429, as JSON, and closed.
    let mut more = connect_from(attacker, addr).await.unwrap();
    let answer = closed_within(&mut more, Duration::from_secs(5))
        .await
        .expect("refused at once");
    assert_eq!(status_of(&answer), 429);
    let body = body_of(&answer);
    assert_eq!(body["status"], 429);
    assert!(
        body["error"].as_str().unwrap().contains("maximum of 50"),
        "{body}"
    );
    // Another address is served.
    let (status, _) = fresh_request(addr).await;
    assert_eq!(status, 200);
    // A closed connection frees the address's slot.
    drop(held.pop());
    wait_for("a slot freed", || limits.open() == 49).await;
    let mut again = connect_from(attacker, addr).await.unwrap();
    again
        .write_all(b"GET /api HTTP/1.1\r\nhost: b5\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = closed_within(&mut again, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(status_of(&answer), 200);
    drop(held);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_answers_503_and_recovers() {
    let mut cfg = test_config("full");
    cfg.max_connections = 40;
    let server = start(cfg).await;
    let addr = server.addr;
    let mut held = Vec::new();
    for i in 0..40u8 {
        held.push(
            connect_from(Ipv4Addr::new(127, 0, 3, i + 1), addr)
                .await
                .unwrap(),
        );
    }
    let limits = server.state.limits.clone();
    wait_for("40 connections held", || limits.open() == 40).await;
    let mut more = connect_from(Ipv4Addr::LOCALHOST, addr).await.unwrap();
    let answer = closed_within(&mut more, Duration::from_secs(5))
        .await
        .expect("refused at once");
    assert_eq!(status_of(&answer), 503);
    assert!(
        body_of(&answer)["error"]
            .as_str()
            .unwrap()
            .contains("maximum of 40 connections"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    drop(held);
    wait_for("the connections released", || limits.open() == 0).await;
    let (status, _) = fresh_request(addr).await;
    assert_eq!(status, 200);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed() {
    let mut cfg = test_config("keep-alive");
    cfg.timeouts.header = Duration::from_secs(1);
    let server = start(cfg).await;
    let mut s = TcpStream::connect(server.addr).await.unwrap();
    s.write_all(b"GET /api HTTP/1.1\r\nhost: b5\r\n\r\n")
        .await
        .unwrap();
    // The answer comes, and the connection stays open for the next
    // request...
    let mut buf = vec![0u8; 4096];
    let n = s.read(&mut buf).await.unwrap();
    assert_eq!(status_of(&buf[..n]), 200);
    let t = Instant::now();
    // ...until it has been idle for the head's timeout.
    let rest = closed_within(&mut s, Duration::from_secs(5))
        .await
        .expect("an idle keep-alive connection is closed");
    assert!(rest.is_empty());
    assert!(
        t.elapsed() >= Duration::from_millis(800),
        "closed after {:?}, before the timeout",
        t.elapsed()
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_stalls_is_answered_and_closed() {
    let mut cfg = test_config("stalled-body");
    cfg.timeouts.body = Duration::from_secs(1);
    let server = start(cfg).await;
    let mut s = TcpStream::connect(server.addr).await.unwrap();
    s.write_all(
        b"POST /api/decks/check HTTP/1.1\r\nhost: b5\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n{\"list\": \"",
    )
    .await
    .unwrap();
    let answer = closed_within(&mut s, Duration::from_secs(5))
        .await
        .expect("a stalled body is answered and the connection closed");
    let status = status_of(&answer);
    assert!(
        status == 408 || status == 400,
        "{}",
        String::from_utf8_lossy(&answer)
    );
    let body = body_of(&answer);
    assert_eq!(body["status"], status, "a JSON error");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_keeps_its_connection_counted() {
    let mut cfg = test_config("ws-slot");
    cfg.max_per_address = 3;
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let (id, _) = c
        .create(&table_request(
            &[("human", "narn"), ("human", "minbari")],
            5,
            5,
        ))
        .await;
    // reqwest's pooled connection is one; each WebSocket is one more, for
    // as long as it is open (the upgrade hands the slot to the session).
    let (a, _) = c.ws(&id, None, None).await;
    let (b, _) = c.ws(&id, None, None).await;
    let limits = server.state.limits.clone();
    wait_for("three connections from 127.0.0.1", || limits.open() == 3).await;
    let mut more = connect_from(Ipv4Addr::LOCALHOST, server.addr)
        .await
        .unwrap();
    let answer = closed_within(&mut more, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(status_of(&answer), 429);
    a.close().await;
    b.close().await;
    wait_for("the WebSockets' slots freed", || limits.open() <= 1).await;
    server.stop().await.unwrap();
}
