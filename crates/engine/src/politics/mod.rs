//! Additional Rules and the faction rules: tension and unrest, states and
//! war, the Shadow War, votes, the Interstellar Alliance, dual race games,
//! the Drakh, corporate credits, marks and taint, unconditional surrender.

pub(crate) mod credits;
pub(crate) mod drakh;
pub(crate) mod dual_race;
pub(crate) mod isa;
pub(crate) mod mark_source;
pub(crate) mod marks;
pub(crate) mod surrender;
pub(crate) mod tension;
pub(crate) mod vote;
pub(crate) mod war;
