//! What happened. Events are public: every player may see all of them, so
//! none names a card in a hand or a unit hidden in a stack (a battle
//! reveals both stacks, and its events name their units).

use serde::{Deserialize, Serialize};

use crate::action::Target;
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::terms::{Outcome, Phase, PlayerId, SpaceId, UnitId};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        round: u32,
        player: PlayerId,
    },
    PhaseBegan {
        phase: Phase,
    },
    Discarded {
        player: PlayerId,
        card: Card,
    },
    Drew {
        player: PlayerId,
        count: u8,
    },
    DeckReshuffled {
        cards: u16,
    },
    Played {
        player: PlayerId,
        card: Card,
        as_card: Card,
        target: Target,
    },
    /// Diplomacy or Security cancelled a card or a move.
    Negated {
        player: PlayerId,
        card: Card,
    },
    Passed {
        player: PlayerId,
    },
    MoveAnnounced {
        player: PlayerId,
        from: SpaceId,
        to: SpaceId,
        count: u8,
    },
    Moved {
        player: PlayerId,
        from: SpaceId,
        to: SpaceId,
        count: u8,
    },
    /// The move's way was closed before it resolved (an Intercept).
    MoveBlocked {
        player: PlayerId,
        from: SpaceId,
        to: SpaceId,
    },
    Explored {
        space: SpaceId,
        resources: u8,
    },
    BattleBegan {
        space: SpaceId,
        attacker: PlayerId,
        defender: PlayerId,
        /// Both stacks, revealed: (unit, kind, owner).
        units: Vec<(UnitId, Chit, PlayerId)>,
    },
    DiplomaticMission {
        space: SpaceId,
        attacker: PlayerId,
        defender: PlayerId,
    },
    Rolled {
        player: PlayerId,
        dice: Vec<u8>,
    },
    UnitDestroyed {
        unit: UnitId,
        kind: Chit,
        owner: PlayerId,
    },
    LeaderCaptured {
        unit: UnitId,
        owner: PlayerId,
        by: PlayerId,
    },
    CasualtyNegated {
        unit: UnitId,
        owner: PlayerId,
    },
    BattleResolved {
        space: SpaceId,
        attacker_force: i32,
        defender_force: i32,
        winner: Option<PlayerId>,
    },
    FortificationDestroyed {
        space: SpaceId,
        marker: Marker,
    },
    /// The loser's fighting units retreat one space. `to == from`: they
    /// had nowhere to go (or were leaders with no escort) and the Retreat
    /// card ("Neither side suffers casualties") kept them where they are.
    Retreated {
        player: PlayerId,
        from: SpaceId,
        to: SpaceId,
        count: u8,
    },
    /// A stack with nowhere to retreat, or leaders with no escort.
    StackLost {
        player: PlayerId,
        space: SpaceId,
        count: u8,
    },
    Revenue {
        player: PlayerId,
        amount: i32,
        treasury: i32,
    },
    UnitsDrawn {
        player: PlayerId,
        count: u8,
    },
    Recruited {
        player: PlayerId,
        at: SpaceId,
        cost: i32,
    },
    UnitsReturned {
        player: PlayerId,
        count: u8,
    },
    Built {
        player: PlayerId,
        at: SpaceId,
        marker: Marker,
        cost: i32,
    },
    Disbanded {
        player: PlayerId,
        count: u8,
    },
    ControlPlaced {
        player: PlayerId,
        space: SpaceId,
    },
    CardTaken {
        from: PlayerId,
        to: PlayerId,
    },
    RevenueStolen {
        from: PlayerId,
        to: PlayerId,
        amount: i32,
    },
    Looked {
        player: PlayerId,
        target: Target,
    },
    Assassinated {
        space: SpaceId,
        owner: PlayerId,
        kind: Chit,
        found: bool,
    },
    StackDestroyed {
        space: SpaceId,
        owner: PlayerId,
        count: u8,
    },
    RevoltBegan {
        space: SpaceId,
        turns: u8,
    },
    Eliminated {
        player: PlayerId,
    },
    GameOver {
        outcome: Outcome,
    },
}
