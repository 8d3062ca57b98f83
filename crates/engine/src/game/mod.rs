//! The game itself, below every rule: ids, the state (one plain value),
//! zones and moving cards, positions, setup, the turn machine (`flow`),
//! actions, events, errors, read-only queries, and the numbers every rule
//! reads (abilities, influence and power, Influence Rating, initiative):
//! the Game Overview and Game Sequence chapters.

pub(crate) mod ability;
pub(crate) mod action;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod flow;
pub(crate) mod ids;
pub(crate) mod influence;
pub(crate) mod initiative;
pub(crate) mod position;
pub(crate) mod query;
pub(crate) mod rating;
pub(crate) mod setup;
pub(crate) mod state;
pub(crate) mod zones;
