//! The conflicts of a turn (The Conflict Round; The Resolution Round):
//! what a card or an action targets, the participants and their roles, the
//! outcome.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Ability, Race};
use crate::game::table::{copy_list, MAX_PLAYERS};
use crate::ids::{CardId, ConflictId, PlayerId};

/// A target named by a card or an action (Legal Targets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Target {
    #[default]
    None,
    Player(PlayerId),
    Race(Race),
    Card(CardId),
    /// A conflict initiated this turn.
    Conflict(ConflictId),
}

impl Target {
    pub fn card(self) -> Option<CardId> {
        match self {
            Target::Card(c) => Some(c),
            _ => None,
        }
    }
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Target::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// How a card takes part in a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Supporting; in a conflict with several sides, the side (player) it supports.
    Support(PlayerId),
    Oppose,
    /// Attacking the card named (a participant of the conflict).
    Attack(CardId),
}

/// As a derived `Hash` would, but an attack without the card it attacked,
/// so that the digests of games (and saves) from before it named the card
/// stay as they were: the card attacked is the one whose attack event the
/// actions already fix.
impl std::hash::Hash for Role {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        if let Role::Attack(_) = self {
            return;
        }
        if let Role::Support(p) = self {
            p.hash(h);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Participant {
    pub card: CardId,
    pub role: Role,
    /// The ability it applies (Support or Oppose a Conflict: "must designate
    /// the ability he is using").
    pub ability: Ability,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    #[default]
    Pending,
    Won,
    Lost,
    Canceled,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pending => "pending",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Canceled => "canceled",
        }
    }
}

/// A conflict declared or initiated this turn.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Conflict {
    /// The conflict card; `NONE` for a war conflict.
    pub card: CardId,
    pub kind: Ability,
    pub initiator: PlayerId,
    pub target: Target,
    pub unopposable: bool,
    pub war: bool,
    /// Revealed and initiated (face-down until the Reveal step).
    pub revealed: bool,
    pub participants: SmallVec<[Participant; 24]>,
    /// Support or opposition added by effects; per side for a conflict with
    /// several sides (index = player).
    pub extra_support: [i8; MAX_PLAYERS],
    pub extra_opposition: i8,
    pub outcome: Outcome,
    pub margin: i16,
    pub resolved: bool,
    /// The card that made its first attack (rulings, Gunboat Diplomacy:
    /// "the fleet that first attacked"), kept when it leaves play.
    #[serde(default)]
    pub first_attack: SetCard,
    /// The card the initiator named to pay the conflict card's play cost
    /// as it is initiated (none: the engine picks).
    #[serde(default, skip_serializing_if = "SetCard::is_none")]
    pub pay: SetCard,
}

/// A card a conflict remembers, or none (its first attacker, the card
/// that pays its play cost); hashed only once set, so a conflict without
/// one hashes as it always did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetCard(pub CardId);

impl SetCard {
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl Default for SetCard {
    fn default() -> SetCard {
        SetCard(CardId::NONE)
    }
}

impl std::hash::Hash for SetCard {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if self.0.some().is_some() {
            self.0.hash(h);
        }
    }
}

/// The fixed facts of a conflict, copied out cheaply (no participants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConflictHead {
    pub card: CardId,
    pub kind: Ability,
    pub initiator: PlayerId,
    pub target: Target,
    pub unopposable: bool,
    pub war: bool,
    pub outcome: Outcome,
}

impl Conflict {
    pub fn head(&self) -> ConflictHead {
        ConflictHead {
            card: self.card,
            kind: self.kind,
            initiator: self.initiator,
            target: self.target,
            unopposable: self.unopposable,
            war: self.war,
            outcome: self.outcome,
        }
    }

    pub fn new(card: CardId, kind: Ability, initiator: PlayerId, target: Target) -> Conflict {
        Conflict {
            card,
            kind,
            initiator,
            target,
            unopposable: false,
            war: false,
            revealed: false,
            participants: SmallVec::new(),
            extra_support: [0; MAX_PLAYERS],
            extra_opposition: 0,
            outcome: Outcome::Pending,
            margin: 0,
            resolved: false,
            first_attack: SetCard::default(),
            pay: SetCard::default(),
        }
    }

    pub fn role_of(&self, card: CardId) -> Option<Role> {
        self.participants
            .iter()
            .find(|p| p.card == card && !matches!(p.role, Role::Attack(_)))
            .map(|p| p.role)
    }

    pub fn is_participant(&self, card: CardId) -> bool {
        self.participants.iter().any(|p| p.card == card)
    }
}

impl Clone for Conflict {
    fn clone(&self) -> Conflict {
        Conflict {
            card: self.card,
            kind: self.kind,
            initiator: self.initiator,
            target: self.target,
            unopposable: self.unopposable,
            war: self.war,
            revealed: self.revealed,
            participants: copy_list(&self.participants),
            extra_support: self.extra_support,
            extra_opposition: self.extra_opposition,
            outcome: self.outcome,
            margin: self.margin,
            resolved: self.resolved,
            first_attack: self.first_attack,
            pay: self.pay,
        }
    }
}
