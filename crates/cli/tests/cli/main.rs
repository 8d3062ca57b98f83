//! The `b5` program's tests, as one test program: each runs the built
//! binary (`CARGO_BIN_EXE_b5`) as a user would. One program rather than one
//! per file: each would link the program's crates again (`.ci/run`).
//!
//! `cargo test -p b5 --test cli MODULE::` runs one file's tests.

mod common;

mod cards_check;
mod cards_new;
mod cards_try;
mod connect;
mod connect_hostile;
mod empires;
mod errors;
mod fuzz_args;
mod fuzz_saves;
mod hostile;
mod play;
mod replay_corpus;
mod save_chain;
mod serve;
mod several_processes;
mod shipped;
mod sim;
mod tune;
