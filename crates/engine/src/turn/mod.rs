//! The Turn Sequence, one round at a time: the Ready Round, the Conflict
//! Round, the Action Round (and its candidate actions), the Resolution
//! Round, the Draw Round, Victory, and Appendix One (two-player games).

pub(crate) mod action_round;
pub(crate) mod conflict_round;
pub(crate) mod draw_round;
pub(crate) mod duel;
pub(crate) mod flow;
pub(crate) mod position;
pub(crate) mod power_to_win;
pub(crate) mod ready;
pub(crate) mod resolution;
pub(crate) mod resolve_order;
pub(crate) mod setup;
pub(crate) mod table_actions;
pub(crate) mod victory;
