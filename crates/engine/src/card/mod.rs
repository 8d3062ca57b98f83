//! The card model: definitions in the rules' vocabulary, and the database
//! that holds them.

pub mod amount;
pub mod attack_mod;
pub mod becomes;
mod db;
pub mod def;
pub mod effect;
pub mod second;

pub use db::{CardDb, DbError};
