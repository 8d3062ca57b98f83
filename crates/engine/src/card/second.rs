//! A card's second target (Engine Rules v1.2, Legal Targets: "The Rivalry
//! aftermath requires you to target two Inner Circle characters ...
//! controlled by the same player. If no one has two ... you cannot play
//! this card"; Advanced Details about playing cards, Targets: "If a card has
//! one or more targets then you cannot play that card unless you can target
//! all of the appropriate card(s)").
//!
//! The second target is always a card in play, never the first target, and
//! may have to stand in a relation to the first one.

use serde::{Deserialize, Serialize};

use super::CardFilter;

/// How the second target stands to the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// Any card the filter accepts (other than the first target).
    #[default]
    Any,
    /// Controlled by the same player as the first target (a targeted
    /// player: controlled by that player).
    SameController,
    /// In the same faction as the first target (a targeted player: in that
    /// player's faction).
    SameFaction,
    /// In another faction than the first target's.
    OtherFaction,
}

impl Relation {
    pub const ALL: [Relation; 4] = [
        Relation::Any,
        Relation::SameController,
        Relation::SameFaction,
        Relation::OtherFaction,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Relation::Any => "any",
            Relation::SameController => "same-controller",
            Relation::SameFaction => "same-faction",
            Relation::OtherFaction => "other-faction",
        }
    }

    pub fn parse(s: &str) -> Option<Relation> {
        Relation::ALL
            .into_iter()
            .find(|r| r.name() == s || r.name().replace('-', "_") == s)
    }
}

/// The second target of an event, an aftermath or a card action: a card in
/// play matching `filter`, other than the first target, in `relation` to it.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SecondTarget {
    pub filter: CardFilter,
    #[serde(default)]
    pub relation: Relation,
}
