//! What a player can do: one [`Action`] per choice.

use serde::{Deserialize, Serialize};

use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::terms::{PlayerId, SpaceId, UnitId};

/// A card's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Target {
    None,
    /// An opponent (Intrigue, Sabotage, Raiding, Espionage, Peace Treaty,
    /// Steal).
    Player {
        player: PlayerId,
    },
    /// A player's stack, named by its space (Reconnaissance, The Shadows
    /// Emerge).
    Stack {
        space: SpaceId,
        owner: PlayerId,
    },
    /// A Capable Commander or a Seasoned Diplomat in a player's stack
    /// (Assassination): one of that kind there, if there is one.
    Leader {
        space: SpaceId,
        owner: PlayerId,
        kind: Chit,
    },
    /// A non-homeworld system (Revolt).
    System {
        space: SpaceId,
    },
    /// An enemy unit in the battle (Critical Hit, Point Defense).
    Unit {
        unit: UnitId,
    },
    /// Armored Hull used to negate one casualty instead of Force +6.
    Negate,
}

/// Attack, or declare a Diplomatic mission (Battle Rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Attack,
    Mission,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Discard a card: one you don't want before drawing, one over the
    /// hand limit after drawing, or one demanded by Sabotage.
    Discard {
        card: Card,
    },
    /// Done discarding at the start of the Draw Phase: draw.
    Draw,
    /// Play a card from hand; `as_card` names what a Special Card is used
    /// as.
    Play {
        card: Card,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        as_card: Option<Card>,
        target: Target,
    },
    /// Add one of your units to the stack being moved.
    Pick {
        unit: UnitId,
    },
    /// Take a unit back out of the stack being moved.
    Unpick {
        unit: UnitId,
    },
    /// Move the picked units to a space.
    MoveTo {
        to: SpaceId,
    },
    /// End a move order (or an Intercept) without using its last moves.
    EndOrder,
    /// Decline: a reaction, a battle card.
    Pass,
    /// End your Move Phase or Recruit Phase.
    EndPhase,
    Declare {
        stance: Stance,
    },
    /// Choose a unit lost in battle.
    Casualty {
        unit: UnitId,
    },
    /// Move the losing stack one space.
    Retreat {
        to: SpaceId,
    },
    /// Buy a drawn unit and start it at a space.
    Buy {
        unit: UnitId,
        at: SpaceId,
    },
    /// Build a marker (a Jumpgate spends a Quantium 40 from hand).
    Build {
        at: SpaceId,
        marker: Marker,
    },
    /// Discard a unit beyond upkeep.
    Disband {
        unit: UnitId,
    },
}
