//! Words for the game: names, the log as sentences, refusals explained.

pub(crate) mod card_events;
pub(crate) mod describe;
pub(crate) mod politics_events;
pub(crate) mod refusals;
pub(crate) mod turn_events;
