//! The game's small terms, below everything else: player, space and unit
//! ids, the hand limit, the phases of a turn, how a game ends.

use serde::{Deserialize, Serialize};

pub type PlayerId = u8;

pub type SpaceId = u16;

/// A unit chit. Ids are dealt in a shuffled order at set-up, so an id says
/// nothing of the chit's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct UnitId(pub u16);

/// "Max hand size = 7."
pub const MAX_HAND: usize = 7;

/// The phases of a player's turn (Turn Sequence, with the module's
/// Exploration Phase after movement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Discarding unwanted cards, then drawing.
    Draw,
    /// Discarding down to the hand limit after drawing.
    DrawExcess,
    Move,
    Explore,
    Battle,
    Revenue,
    Recruit,
    Upkeep,
    Control,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// Victory: over 60% of the systems on the map.
    Conquest { winner: PlayerId },
    /// Every other player eliminated.
    LastStanding { winner: PlayerId },
    /// The turn limit: the player with the most systems leads (none on a
    /// tie).
    TurnLimit { leader: Option<PlayerId> },
}
