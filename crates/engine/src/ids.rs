//! Small integer ids: the game state holds these, never names.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A card definition in the [`CardDb`](crate::CardDb).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DefId(pub u16);

/// A physical card in one game: an index into the game's card arena.
/// Ids are assigned at set-up in deck-list order, before any shuffle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardId(pub u16);

/// A seat at the table, 0-based in seating order.
pub type PlayerId = u8;

/// A conflict initiated this turn, by its index in the turn's conflict list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConflictId(pub u8);

impl CardId {
    pub const NONE: CardId = CardId(u16::MAX);
    pub fn idx(self) -> usize {
        self.0 as usize
    }
    pub fn is_none(self) -> bool {
        self == CardId::NONE
    }
    pub fn some(self) -> Option<CardId> {
        if self.is_none() {
            None
        } else {
            Some(self)
        }
    }
}

/// "No card", for a field that may name none (serde default).
pub fn no_card() -> CardId {
    CardId::NONE
}

/// Whether a field names no card (serde: left out when written).
pub fn is_no_card(c: &CardId) -> bool {
    c.is_none()
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
