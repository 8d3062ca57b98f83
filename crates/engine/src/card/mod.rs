//! The card model: definitions in the rules' vocabulary, and the database
//! that holds them. Every part of the model is re-exported here, so the rest
//! of the engine writes `crate::card::Op` whichever file holds it.

pub mod amount;
pub mod attack_mod;
pub mod becomes;
pub mod cannot;
pub mod condition;
mod db;
pub mod def;
pub mod duration;
pub mod effect;
pub mod elements;
pub mod filter;
pub mod pick;
pub mod politics;
pub mod second;
pub mod trigger;
pub mod who;

pub use amount::*;
pub use attack_mod::*;
pub use becomes::*;
pub use cannot::*;
pub use condition::*;
pub use db::{CardDb, DbError};
pub use def::*;
pub use duration::*;
pub use effect::*;
pub use elements::*;
pub use filter::*;
pub use pick::*;
pub use politics::*;
pub use second::*;
pub use trigger::*;
pub use who::*;
