//! Restrictions (the Cannot rule): what a lasting "cannot" forbids.

use serde::{Deserialize, Serialize};

use super::*;

/// What a lasting restriction forbids (Engine Rules v1.2, The Cannot rule:
/// a "cannot" wins over anything that would permit the action, until the
/// restriction itself ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cannot {
    /// The character cannot be promoted to the Inner Circle.
    BePromoted,
    /// The card cannot support, oppose or attack in any conflict.
    Participate,
    /// The card cannot take part (again) in the conflict in which the
    /// restriction arose; it ends when that conflict resolves.
    ParticipateHere,
    /// The card cannot be blanked.
    BeBlanked,
    /// The card cannot be discarded from play by a card's effect.
    BeDiscarded,
    /// The card cannot be the target of any card (conflict, event,
    /// aftermath, enhancement, card action).
    BeTargeted,
    /// The card cannot be the target of a conflict.
    BeTargetedByConflicts,
    /// The player cannot declare conflicts (conflict cards or war).
    DeclareConflicts,
    /// The player cannot declare conflicts of this type (a war conflict is
    /// a Military one).
    DeclareType(ConflictKind),
    /// The card cannot be the target of other players' cards (only its
    /// controller's cards may target it).
    BeTargetedByOthers,
    /// The player cannot gain influence.
    GainInfluence,
    /// The player cannot sponsor cards of this type.
    SponsorType(CardType),
    /// The player cannot sponsor cards loyal to this race.
    SponsorRace(Race),
    /// The player cannot play, declare or sponsor a card of this card's
    /// name ("News of Galactic Import cannot be played next turn"); as
    /// written in a card file, before it is imposed.
    PlayThis,
    /// The same, imposed: cards of this definition.
    PlayDef(crate::ids::DefId),
    /// The player cannot play cards of this type from hand (events,
    /// contingencies, aftermaths, conflict cards).
    PlayType(CardType),
    /// The card cannot ready: it stays rotated through the Ready Round and
    /// no effect readies it (rulings, Psi Attack: "the target cannot ready
    /// while you sustain"; rulings 2.1: a sustainable effect of such a card
    /// is sustained). Last, so that the digests of the others stay.
    Ready,
    /// The card cannot be rotated by the effects of other players' cards
    /// (only its controller's may rotate it).
    BeRotatedByOthers,
    /// The card cannot be rotated by the effects of the cards of another
    /// member of the Interstellar Alliance (rulings, Tyranny Enthroned: "no
    /// other ISA member can rotate your fleets ... you may still rotate your
    /// own fleets"); a player outside the ISA still may.
    BeRotatedByOtherIsaMembers,
}

impl Cannot {
    pub const ALL: [Cannot; 13] = [
        Cannot::BePromoted,
        Cannot::Ready,
        Cannot::Participate,
        Cannot::ParticipateHere,
        Cannot::BeBlanked,
        Cannot::BeDiscarded,
        Cannot::BeTargeted,
        Cannot::BeTargetedByConflicts,
        Cannot::DeclareConflicts,
        Cannot::BeTargetedByOthers,
        Cannot::GainInfluence,
        Cannot::BeRotatedByOthers,
        Cannot::BeRotatedByOtherIsaMembers,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Cannot::BePromoted => "be-promoted",
            Cannot::Ready => "ready",
            Cannot::Participate => "participate",
            Cannot::ParticipateHere => "participate-in-this-conflict",
            Cannot::BeBlanked => "be-blanked",
            Cannot::BeDiscarded => "be-discarded",
            Cannot::BeTargeted => "be-targeted",
            Cannot::BeTargetedByConflicts => "be-targeted-by-conflicts",
            Cannot::DeclareConflicts | Cannot::DeclareType(_) => "declare-conflicts",
            Cannot::BeTargetedByOthers => "be-targeted-by-others",
            Cannot::BeRotatedByOthers => "be-rotated-by-others",
            Cannot::BeRotatedByOtherIsaMembers => "be-rotated-by-other-isa-members",
            Cannot::GainInfluence => "gain-influence",
            Cannot::SponsorType(_) | Cannot::SponsorRace(_) => "sponsor",
            Cannot::PlayThis | Cannot::PlayDef(_) | Cannot::PlayType(_) => "play",
        }
    }

    pub fn parse(s: &str) -> Option<Cannot> {
        Cannot::ALL
            .into_iter()
            .find(|c| c.name() == s || c.name().replace('-', "_") == s)
    }

    /// Whether it restricts a player rather than a card.
    pub fn on_player(self) -> bool {
        matches!(
            self,
            Cannot::DeclareConflicts
                | Cannot::DeclareType(_)
                | Cannot::GainInfluence
                | Cannot::SponsorType(_)
                | Cannot::SponsorRace(_)
                | Cannot::PlayThis
                | Cannot::PlayDef(_)
                | Cannot::PlayType(_)
        )
    }
}
