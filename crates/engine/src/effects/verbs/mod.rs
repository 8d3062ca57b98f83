//! The effect verbs by family, dispatched by `Game::run_op`
//! (`effects::interpreter`).

pub(crate) mod cards;
pub(crate) mod conflicts;
pub(crate) mod influence;
pub(crate) mod politics;
pub(crate) mod rules;
