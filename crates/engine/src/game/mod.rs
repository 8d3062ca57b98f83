//! The game itself, below every rule: ids, the state (one plain value),
//! zones and moving cards, positions, setup, the turn machine (`flow`),
//! actions, events, errors, read-only queries, and the numbers every rule
//! reads (abilities, influence and power, Influence Rating, initiative):
//! the Game Overview and Game Sequence chapters.

pub(crate) mod action;
pub(crate) mod conflict;
pub(crate) mod determinize;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod held;
pub(crate) mod influence;
pub(crate) mod initiative;
pub(crate) mod modifier;
pub(crate) mod player;
pub(crate) mod query;
pub(crate) mod rating;
pub(crate) mod state;
pub(crate) mod table;
pub(crate) mod zones;
