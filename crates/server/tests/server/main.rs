//! The online table's tests, as one test program: a real server on a free
//! loopback port, talked to only through the protocol. One program rather
//! than one per file: each would link the server, tokio and the HTTP stack
//! again, the larger part of the test suite's build time (`.ci/run`).
//!
//! `cargo test -p b5-server --test server MODULE::` runs one file's tests.

mod common;

mod assist;
mod bad_rows;
mod connections;
mod durability;
mod empires;
mod expiry;
mod full_game;
mod fuzz;
mod hidden_info;
mod packs;
mod postgres;
mod protocol;
mod replay;
mod sandbox;
mod site;
mod store;
mod view_patches;
