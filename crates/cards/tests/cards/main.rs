//! The card files' tests, as one test program (the cookbook has its own,
//! `--test cookbook`): one program rather than one per file, each of which
//! would link the loader and the engine again (`.ci/run`).
//!
//! `cargo test -p b5-cards --test cards MODULE::` runs one file's tests.

mod support;

mod drakh_rule9;
mod fuzz_decks;
mod fuzz_loader;
mod names_and_words;
mod open_set;
mod reading_files;
mod reserve;
mod rulebook;
mod sandbox;
mod selectors;
mod vocabulary;
mod vocabulary_attacks;
mod vocabulary_choices;
mod vocabulary_costs;
mod vocabulary_negate;
mod vocabulary_own_card;
mod vocabulary_rules;
mod vocabulary_targets;
mod watching_triggers;
mod who_acts;
