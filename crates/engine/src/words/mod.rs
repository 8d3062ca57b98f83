//! Words for the game: names, the log as sentences, refusals explained.

pub(crate) mod describe;
